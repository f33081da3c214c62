"""``mqsc users``: the users of ``mqsc serve`` (docs/serve.md).

    mqsc users add NAME --role MQWebAdmin [--zos-user USERID] --password-stdin
    mqsc users list | remove NAME | passwd NAME --password-stdin

Passwords are read from standard input (one line), never from the command line, where other
users of the machine could see them. Exit status: 0 done, 2 usage error or the users file
cannot be changed.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from mqsc.serve import users as users_file

EXIT_ERROR = 2


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "users",
        help="manage the users of mqsc serve",
        description="Manage the users of mqsc serve (users.json in the "
        "mqsc configuration directory, owner-only).",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    add = actions.add_parser("add", help="add a user")
    add.add_argument("name")
    add.add_argument("--role", required=True, choices=users_file.ROLES)
    add.add_argument(
        "--zos-user",
        metavar="USERID",
        default="",
        help="the z/OS user id the user acts as for RACF checks and jobs (default: from the "
        "name, e.g. alice.smith -> ALICESMI)",
    )
    add.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    actions.add_parser("list", help="list users and roles")
    remove = actions.add_parser("remove", help="remove a user")
    remove.add_argument("name")
    passwd = actions.add_parser("passwd", help="change a user's password")
    passwd.add_argument("name")
    passwd.add_argument(
        "--password-stdin", action="store_true", help="read the password from standard input"
    )
    parser.set_defaults(handler=run)


def _password(args: argparse.Namespace) -> str:
    if args.password_stdin or not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != first:
        raise users_file.UsersError("the passwords differ")
    return first


def run(args: argparse.Namespace) -> int:
    try:
        users = users_file.load()
        if args.action == "list":
            for user in sorted(users.values(), key=lambda u: u.name):
                print(f"{user.name:<20} {user.role:<12} {user.userid}")
            return 0
        if args.action == "remove":
            if users.pop(args.name, None) is None:
                raise users_file.UsersError(f"no user {args.name!r}")
            users_file.save(users)
            return 0
        if args.action == "add" and args.name in users:
            raise users_file.UsersError(
                f"user {args.name!r} exists (use passwd to change the password)"
            )
        if args.action == "passwd" and args.name not in users:
            raise users_file.UsersError(f"no user {args.name!r}")
        users_file.check_name(args.name)
        role = args.role if args.action == "add" else users[args.name].role
        zos_user = args.zos_user if args.action == "add" else users[args.name].zos_user
        users[args.name] = users_file.make_user(args.name, role, _password(args), zos_user)
        path = users_file.save(users)
        print(f"mqsc users: {args.action} {args.name} ({role}) in {path}")
        return 0
    except users_file.UsersError as error:
        print(f"mqsc users: {error}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as error:
        print(f"mqsc users: {error}", file=sys.stderr)
        return EXIT_ERROR
