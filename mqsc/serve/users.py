"""The users of ``mqsc serve``: names, roles and salted password hashes in an owner-only file.

mqweb's roles (IBM MQ, "Roles on the REST API": MQWebAdmin, MQWebAdminRO, MQWebUser) decide
what a user may do. Passwords are hashed with scrypt (hashlib, a standard memory-hard KDF)
with a random salt per user; the file holds no password. The file is
``$XDG_CONFIG_HOME/mqsc/users.json`` (``~/.config/mqsc/users.json``), kept as every file mqsc
keeps (:mod:`mqsc.support.files`): 0600 in a 0700 directory, written aside and renamed, and
refused when it is a link, another user's, or writable by group or others (whoever can write
it can make themselves an MQWebAdmin).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from mqsc.support.files import (
    FileError,
    StrPath,
    check_private_dir,
    private_dir,
    read_private,
    write_private,
)

#: mqweb roles: full administration, read-only administration, messaging only.
ROLES = ("MQWebAdmin", "MQWebAdminRO", "MQWebUser")
#: scrypt cost (n=2**14, r=8, p=1: the parameters Python's documentation and RFC 7914 use for
#: interactive logins; about 16 MB and a few tens of milliseconds per check).
SCRYPT_N, SCRYPT_R, SCRYPT_P, KEY_BYTES = 2**14, 8, 1, 32
#: A user name: what mqweb's basic registry accepts in practice, without blanks or colons (a
#: colon would split an HTTP basic credential).
#: A users file larger than this was not written by mqsc (a user record is some 200 bytes).
MAX_BYTES = 16 * 1024 * 1024
_NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-@#$")


class UsersError(Exception):
    """The users file cannot be read or changed as asked; the CLI prints it and exits 2."""


@dataclass(frozen=True, slots=True)
class User:
    name: str
    role: str
    salt: str  # hex
    key: str  # hex scrypt(password, salt)
    #: The z/OS user id the user acts as (security checks, jobs); '' : from the name.
    zos_user: str = ""

    @property
    def userid(self) -> str:
        """The z/OS user id: the one given, else the name's letters, digits and #, $, @,
        upper case, at most 8 (a name that gives none: MQWEBUSR)."""
        return self.zos_user or derived_userid(self.name)

    def check(self, password: str) -> bool:
        """Whether ``password`` is this user's (constant-time comparison)."""
        return hmac.compare_digest(_hash(password, bytes.fromhex(self.salt)), self.key)


def _hash(password: str, salt: bytes) -> str:
    return hashlib.scrypt(
        password.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=KEY_BYTES
    ).hex()


def derived_userid(name: str) -> str:
    """A z/OS user id from a REST user name (``alice.smith`` -> ``ALICESMI``)."""
    kept = "".join(c for c in name.upper() if c.isalnum() or c in "#$@")[:8]
    return kept if kept and not kept[0].isdigit() else "MQWEBUSR"


def check_userid(userid: str) -> str:
    """A z/OS user id as given for a REST user (1-8 characters, the first not a digit)."""
    upper = userid.upper()
    if not (
        0 < len(upper) <= 8
        and not upper[0].isdigit()
        and all(c.isalnum() or c in "#$@" for c in upper)
    ):
        raise UsersError(
            f"{userid!r} is not a z/OS user id (1-8 letters, digits, #, $, @; not a digit first)"
        )
    return upper


def make_user(name: str, role: str, password: str, zos_user: str = "") -> User:
    """A new user record with a fresh salt."""
    check_name(name)
    if zos_user:
        zos_user = check_userid(zos_user)
    if role not in ROLES:
        raise UsersError(f"unknown role {role!r} (one of {', '.join(ROLES)})")
    if not password:
        raise UsersError("the password is empty")
    salt = secrets.token_bytes(16)
    return User(name, role, salt.hex(), _hash(password, salt), zos_user)


def check_name(name: str) -> None:
    if not name or len(name) > 64 or not set(name) <= _NAME_CHARS:
        raise UsersError(
            f"{name!r} is not a user name (1-64 characters: letters, digits, . _ - @ # $)"
        )


def config_dir() -> Path:
    """Mqsc's configuration directory: ``$XDG_CONFIG_HOME/mqsc``, else ``~/.config/mqsc``."""
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "mqsc"


def users_path() -> Path:
    return config_dir() / "users.json"


def load(path: StrPath | None = None) -> dict[str, User]:
    """The users, by name; none when the file does not exist."""
    path = Path(path) if path is not None else users_path()
    try:
        # Whoever may write the directory may replace the file: refused as the file would be.
        check_private_dir(path.parent, "configuration directory")
        raw = read_private(path, "users file", limit=MAX_BYTES)
    except FileError as error:
        raise UsersError(str(error)) from None
    if raw is None:
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError as error:
        raise UsersError(f"{path}: cannot read the users file ({error})") from None
    try:
        users = [
            User(u["name"], u["role"], u["salt"], u["key"], u.get("zos_user", ""))
            for u in data["users"]
        ]
    except (KeyError, TypeError) as error:
        raise UsersError(f"{path}: not a users file (missing {error})") from None
    return {u.name: u for u in users}


def save(users: dict[str, User], path: StrPath | None = None) -> Path:
    """Write the users file owner-only (0600), atomically: a crash leaves the old file."""
    path = Path(path) if path is not None else users_path()
    data = {
        "version": 1,
        "kdf": {"name": "scrypt", "n": SCRYPT_N, "r": SCRYPT_R, "p": SCRYPT_P},
        "users": [
            {"name": u.name, "role": u.role, "salt": u.salt, "key": u.key}
            | ({"zos_user": u.zos_user} if u.zos_user else {})
            for u in sorted(users.values(), key=lambda u: u.name)
        ],
    }
    try:
        private_dir(path.parent, "configuration directory")
        write_private(path, json.dumps(data, indent=1) + "\n", "users file")
    except FileError as error:
        raise UsersError(str(error)) from None
    return path


def first_admin(path: StrPath | None = None) -> tuple[str, Path] | None:
    """On a server's first start (no users file): create user ``admin`` (MQWebAdmin) with a
    generated password, written owner-only next to the users file. Returns the password and
    where it was written, or None when users exist already."""
    path = Path(path) if path is not None else users_path()
    if load(path):
        return None
    password = secrets.token_urlsafe(18)
    save({"admin": make_user("admin", "MQWebAdmin", password)}, path)
    secret = path.with_name("admin-password")
    try:
        write_private(secret, password + "\n", "password file")
    except FileError as error:
        raise UsersError(str(error)) from None
    return password, secret
