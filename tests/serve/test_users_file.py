"""The users file of ``mqsc serve`` is kept as state files are: owner-only whatever the umask,
written aside under a unique name, never through a link, and refused (in one line) when it is
a link, another user's, or in a directory others may write. With real second users
(tests/second_user.py) where another user plants or owns the file."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from mqsc.cli import main
from mqsc.serve import users as users_file
from tests import second_user
from tests.second_user import ATTACKER, VICTIM, Users, needs_root, one_line

#: The scene of a victim and an attacker (a fixture of tests/second_user.py).
users = second_user.users

#: A users file with an MQWebAdmin whose password the attacker knows ("known").
_KNOWN = users_file.make_user("mallory", "MQWebAdmin", "known")
PLANTED = json.dumps(
    {
        "version": 1,
        "users": [
            {"name": _KNOWN.name, "role": _KNOWN.role, "salt": _KNOWN.salt, "key": _KNOWN.key}
        ],
    }
)


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def _open_config_dir(scene: Users) -> Path:
    """The victim's ~/.config/mqsc as an mqsc that followed the umask made it under umask 000
    (0777): the attacker can plant there until the victim tightens it."""
    config = scene.victim_home / "config"
    directory = config / "mqsc"
    directory.mkdir(parents=True)
    for path in (config, directory):
        os.chown(path, VICTIM, -1)
    os.chmod(config, 0o755)
    os.chmod(directory, 0o777)
    return directory


@needs_root
def test_a_planted_users_link_is_refused(users: Users) -> None:
    directory = _open_config_dir(users)
    theirs = users.shared / "theirs.json"
    users.as_attacker(
        f"open({str(theirs)!r}, 'w').write({PLANTED!r});"
        f"import os; os.symlink({str(theirs)!r}, "
        f"{str(directory / 'users.json')!r})"
    )
    # First the directory others may write is refused, with the fix...
    done = users.mqsc(VICTIM, "users", "list")
    assert done.returncode == 2 and done.stdout == ""
    assert "can be written by group or others" in one_line(done.stderr)
    assert "chmod 700" in done.stderr
    os.chmod(directory, 0o700)  # ... which the victim applies; the attacker's link stays
    for argv in (
        ["users", "list"],
        ["users", "add", "bob", "--role", "MQWebAdmin", "--password-stdin"],
    ):
        done = users.mqsc(VICTIM, *argv, stdin="secret\n")
        assert done.returncode == 2 and "mallory" not in done.stdout
        line = one_line(done.stderr)
        assert "users.json is a symbolic link to" in line and "refused" in line
    done = users.mqsc(VICTIM, "serve", "--port", "1")
    assert done.returncode != 0 and "users.json is a symbolic link to" in one_line(done.stderr)
    assert theirs.read_text() == PLANTED  # not written through either
    assert os.path.islink(directory / "users.json")


@needs_root
def test_a_users_file_of_another_user_is_refused(users: Users) -> None:
    directory = _open_config_dir(users)
    path = directory / "users.json"
    users.as_attacker(
        f"import os; open({str(path)!r}, 'w').write({PLANTED!r});os.chmod({str(path)!r}, 0o600)"
    )
    os.chmod(directory, 0o700)
    for argv in (["users", "list"], ["serve", "--port", "1"]):
        done = users.mqsc(VICTIM, *argv)
        assert done.returncode != 0 and "mallory" not in done.stdout
        line = one_line(done.stderr)
        assert f"users.json is owned by another user (uid {ATTACKER})" in line
    assert os.lstat(path).st_uid == ATTACKER and path.read_text() == PLANTED


def test_users_file_is_owner_only_under_umask_000(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    old = os.umask(0)
    try:
        made = users_file.first_admin()
    finally:
        os.umask(old)
    assert made is not None
    directory = tmp_path / "config" / "mqsc"
    assert _mode(tmp_path / "config") == 0o700 and _mode(directory) == 0o700
    assert {p.name: _mode(p) for p in directory.iterdir()} == {
        "users.json": 0o600,
        "admin-password": 0o600,
    }


def test_save_never_writes_through_a_planted_temporary(tmp_path: Path, monkeypatch) -> None:
    """The old fixed ``users.json.tmp`` followed a link planted under that name."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    users_file.save({})
    directory = tmp_path / "config" / "mqsc"
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep")
    (directory / "users.json.tmp").symlink_to(target)
    users_file.save({"bob": users_file.make_user("bob", "MQWebUser", "pw")})
    assert target.read_text() == "keep"
    assert not os.path.islink(directory / "users.json")
    assert set(users_file.load()) == {"bob"}
    assert {p.name for p in directory.iterdir()} == {"users.json", "users.json.tmp"}


@pytest.mark.parametrize("bits", [0o020, 0o002])
def test_a_users_file_others_may_write_is_refused(bits: int, capsys) -> None:
    users_file.save({"bob": users_file.make_user("bob", "MQWebUser", "pw")})
    path = users_file.users_path()
    os.chmod(path, 0o600 | bits)
    assert main(["users", "list"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "can be written by group or others" in one_line(captured.err)
