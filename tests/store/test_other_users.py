"""Files another user plants beside a state database in a shared directory, with real second
users (tests/second_user.py): nothing mqsc opens there is reached through their links, and a
file of theirs is refused, in one line, with the victim's files untouched."""

from __future__ import annotations

import os

from tests import second_user
from tests.second_user import ATTACKER, VICTIM, Users, needs_root, one_line

#: The scene of a victim and an attacker (a fixture of tests/second_user.py).
users = second_user.users

DECK = "DEFINE QLOCAL(KEPT.NOT) REPLACE\n"
PRECIOUS = b"the victim's own work\n" * 1300  # about 28,000 bytes, over the lock file's 16 KiB


def _precious(scene: Users):
    path = scene.victim_home / "precious.txt"
    path.write_bytes(PRECIOUS)
    os.chown(path, VICTIM, -1)
    os.chmod(path, 0o644)
    return path


def _deck(scene: Users):
    path = scene.victim_home / "deck.mqsc"
    path.write_text(DECK)
    os.chown(path, VICTIM, -1)
    return path


@needs_root
def test_a_planted_lock_link_is_refused_and_its_target_untouched(users: Users) -> None:
    precious = _precious(users)
    state = users.shared / "qm.db"
    users.as_attacker(f"import os; os.symlink({str(precious)!r}, {str(state)!r} + '-lock')")
    done = users.mqsc(VICTIM, "run", "--state", str(state), str(_deck(users)))
    line = one_line(done.stderr)
    assert done.returncode == 20
    assert "qm.db-lock is a symbolic link to" in line and "refused" in line
    assert precious.read_bytes() == PRECIOUS  # not cut to one pid line
    assert not os.path.lexists(state)  # nothing was created either


@needs_root
def test_a_planted_wal_link_is_refused(users: Users) -> None:
    precious = _precious(users)
    state = users.shared / "qm.db"
    users.as_attacker(f"import os; os.symlink({str(precious)!r}, {str(state)!r} + '-wal')")
    done = users.mqsc(VICTIM, "run", "--state", str(state), str(_deck(users)))
    assert done.returncode == 20
    assert "qm.db-wal is a symbolic link to" in one_line(done.stderr)
    assert precious.read_bytes() == PRECIOUS


@needs_root
def test_a_lock_file_of_another_user_is_refused(users: Users) -> None:
    state = users.shared / "qm.db"
    users.as_attacker(f"open({str(state)!r} + '-lock', 'w').write('1\\tmqsc\\tthen\\n')")
    done = users.mqsc(VICTIM, "run", "--state", str(state), str(_deck(users)))
    assert done.returncode == 20
    line = one_line(done.stderr)
    assert f"owned by another user (uid {ATTACKER})" in line


@needs_root
def test_a_state_database_swapped_for_another_users_is_refused(users: Users) -> None:
    state = users.shared / "qm.db"
    deck = _deck(users)
    assert users.mqsc(VICTIM, "run", "--state", str(state), str(deck)).returncode == 0
    # The attacker may rename in the shared directory: the victim's database goes, theirs
    # takes its name.
    theirs = users.shared / "theirs.db"
    users.as_attacker(
        f"import os; open({str(theirs)!r}, 'w').write('SQLite format 3');"
        f"os.chmod({str(theirs)!r}, 0o600); os.replace({str(theirs)!r}, "
        f"{str(state)!r})"
    )
    done = users.mqsc(VICTIM, "run", "--state", str(state), str(deck))
    assert done.returncode == 20
    assert f"owned by another user (uid {ATTACKER})" in one_line(done.stderr)


@needs_root
def test_the_victims_own_run_in_the_shared_directory_works(users: Users) -> None:
    state = users.shared / "qm.db"
    done = users.mqsc(VICTIM, "run", "--state", str(state), str(_deck(users)))
    assert done.returncode == 0, done.stderr
    for name in ("qm.db", "qm.db-lock"):
        info = os.lstat(users.shared / name)
        assert (info.st_uid, info.st_mode & 0o777) == (VICTIM, 0o600)
