"""Every file a full session of mqsc creates is owner-only, whatever the umask: under umask 000
a console (config, history, \\save), runs on QMZ1, a created queue manager and a queue sharing
group, jobs (catalog data sets, the JES2 counter, their output), a server with its users,
statistics with a plot, a dump and CSQUTIL output; then every directory and file under the
mqsc home and the configuration directory is listed and checked (mqsc/support/files.py)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.repl.pty_driver import Terminal
from tests.serve.conftest import free_port, serve_python

ROOT = Path(__file__).resolve().parents[2]


def _umask_000() -> None:
    os.umask(0)


@pytest.fixture
def session(tmp_path: Path):
    home, config, out = tmp_path / "home", tmp_path / "config", tmp_path / "out"
    out.mkdir()
    env = {
        **os.environ,
        "MQSC_HOME": str(home),
        "XDG_CONFIG_HOME": str(config),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        "MQSC_CLOCK": "2026-03-02T10:15:00",
        "TERM": "xterm",
        "NO_COLOR": "1",
    }
    for name in ("MQSC_NO_CACHE", "MQSC_STRICT", "MQSC_QMGR"):
        env.pop(name, None)

    def mqsc(*args: str, stdin: str = "", expect: tuple[int, ...] = (0,)) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "mqsc", *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            cwd=out,
            timeout=300,
            preexec_fn=_umask_000,
            check=False,
        )
        assert done.returncode in expect, (args, done.stdout[-2000:], done.stderr)
        assert "Traceback" not in done.stderr
        return done.stdout

    return home, config, out, env, mqsc


def _interactive_console(env: dict[str, str], out: Path) -> None:
    old = os.umask(0)
    try:
        terminal = Terminal([sys.executable, "-m", "mqsc"], env)
    finally:
        os.umask(old)
    try:
        terminal.wait_for("QMZ1>", 60)
        terminal.type("DEFINE QLOCAL(FROM.THE.CONSOLE)\r")
        terminal.wait_for("CSQ9022I", 30)
        terminal.type(f"\\save {out / 'saved.mqsc'}\r")
        terminal.wait_for("Saved", 30)
        terminal.type("\\config save\r")
        terminal.wait_for("Saved the settings", 30)
    finally:
        terminal.close()


def _serve(env: dict[str, str], out: Path) -> None:
    """mqsc serve's first start: it makes user admin and the admin-password file."""
    import socket
    import time

    port = free_port()
    process = subprocess.Popen(
        [serve_python(), "-m", "mqsc", "serve", "--port", str(port)],
        env=env,
        cwd=out,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_umask_000,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read().decode()
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                time.sleep(0.1)
    finally:
        process.terminate()
        process.wait(30)
        process.stderr.close()


def test_every_file_of_a_full_session_is_owner_only_under_umask_000(session) -> None:
    home, config, out, env, mqsc = session
    mqsc("console", "--write-config")
    _interactive_console(env, out)
    # A trace's records are the first thing written into the catalog directory (no job has
    # made it yet): the SMF data set and its directory are owner-only too.
    assert not (home / "catalog").exists()
    traced = out / "traced.mqsc"
    traced.write_text("START TRACE(ACCTG) CLASS(3)\nDEFINE QLOCAL(TRACED) REPLACE\n")
    mqsc("run", str(traced))
    mqsc("put", "TRACED", "-n", "2")
    assert (home / "catalog" / "SYS1.MAN1").stat().st_size > 0
    deck = out / "deck.mqsc"
    deck.write_text(
        "DEFINE QLOCAL(APP.IN) REPLACE\nDEFINE QLOCAL(USER1.BBAR.QUEUE) "
        "STGCLASS(DEFAULT) MAXDEPTH(100) REPLACE\n"
    )
    mqsc("run", str(deck))
    mqsc("create", "QMA")
    mqsc("put", "-m", "QMA", "SYSTEM.DEFAULT.LOCAL.QUEUE", expect=(0, 10))
    mqsc("create", "QSA1", "--qsg", "QSG1")
    mqsc("run", "-m", "QSA1", str(deck))
    mqsc(
        "job", str(ROOT / "samples/jobs/ADDPSET.jcl"), "--output", str(out / "jobs"), expect=(0, 4)
    )
    mqsc(
        "job", str(ROOT / "samples/jobs/BACKUPQ.jcl"), "--output", str(out / "jobs"), expect=(0, 4)
    )
    _serve(env, out)
    mqsc("users", "add", "bob", "--role", "MQWebAdmin", "--password-stdin", stdin="pw\n")
    mqsc("stats", "--plot", str(out / "plot.svg"))
    mqsc("dump", "-o", str(out / "dump.mqsc"))
    sysin = out / "sysin.txt"
    sysin.write_text("  COMMAND DDNAME(CMDINP) MAKEDEF(OUTDEF)\n")
    (out / "cmdinp.mqsc").write_text("  DISPLAY QLOCAL(APP.IN)\n")
    mqsc(
        "csqutil",
        str(sysin),
        "--dd",
        "CMDINP=cmdinp.mqsc",
        "--dd",
        "OUTDEF=makedef.mqsc",
        expect=(0, 4),
    )

    kept = {p for top in (home, config) for p in [top, *top.rglob("*")]}
    names = {p.relative_to(home.parent).as_posix() for p in kept}
    # What the session made, each kind at least once.
    for expected in (
        "home/qmgrs/QMZ1/state.db",
        "home/qmgrs/QMZ1/state.db-lock",
        "home/qmgrs/QMZ1/mqsc.toml",
        "home/qmgrs/QMA/CSQINP1.mqsc",
        "home/qsgs/QSG1/qsg.toml",
        "home/qsgs/QSG1/state.db",
        "home/history/QMZ1",
        "home/cache/shapes.json",
        "home/jes2/jobnumber",
        "home/catalog/SYS1.MAN1",
        "config/mqsc/config.toml",
        "config/mqsc/users.json",
        "config/mqsc/admin-password",
    ):
        assert expected in names, sorted(names)
    assert any(n.startswith("home/catalog/") for n in names), sorted(names)
    problems = []
    for path in sorted(kept):
        info = os.lstat(path)
        want = 0o700 if stat.S_ISDIR(info.st_mode) else 0o600
        if (
            stat.S_ISLNK(info.st_mode)
            or info.st_uid != os.geteuid()
            or stat.S_IMODE(info.st_mode) != want
        ):
            problems.append(f"{path}: {stat.filemode(info.st_mode)} uid {info.st_uid}")
    assert problems == []
    # The files the user named are new files: owner-only too.
    for named in ("saved.mqsc", "plot.svg", "dump.mqsc", "makedef.mqsc"):
        assert stat.S_IMODE(os.lstat(out / named).st_mode) == 0o600, named
    outputs = list((out / "jobs").rglob("*.txt"))
    assert outputs and all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in outputs)
