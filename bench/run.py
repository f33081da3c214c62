"""mqsc benchmarks: each scenario reports its rate and its ratio to a floor measured in the
same run on the same machine.

    python bench/run.py                 # every scenario at its three documented sizes
    python bench/run.py parse --sizes 10000 25000 50000

Scenarios: parse (read + parse + bind), deck (S1), durable (S2), display (S3), putget and deep
(S4), secured (S4 with RACF queue security on), console (S5), firstscreen (S5: DISPLAY
QLOCAL(*) at the console), memory (S6), traces (S1 and S4a with the statistics and
accounting traces off and on).

Results are printed as a table and written to bench/out/results.json. docs/performance.md
records them with the machine they ran on.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT, define_mixed_deck, define_qlocal_deck  # noqa: E402

SCENARIOS: dict[str, Callable[[int], dict]] = {}
DEFAULT_SIZES: dict[str, list[int]] = {}


def scenario(name: str, sizes: list[int]):
    def register(fn):
        SCENARIOS[name] = fn
        DEFAULT_SIZES[name] = sizes
        return fn

    return register


def best_of(runs: int, fn: Callable[[], object]) -> float:
    """Fastest of ``runs`` timings, in seconds (the least disturbed by the machine)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


@scenario("parse", [10_000, 25_000, 50_000])
def parse_and_bind(count: int) -> dict:
    """Read, parse and bind a deck of DEFINE QLOCAL commands with six attributes each.

    Floor: Lark alone (its own contextual lexer, the project's grammar) parsing each command.
    """
    from mqsc import catalog
    from mqsc.language.parser import lark_parser
    from mqsc.language.pipeline import iter_parse
    from mqsc.language.source import Source

    text = define_qlocal_deck(count).read_text()
    lines = text.splitlines()
    parser = lark_parser()

    def floor() -> None:
        for line in lines:
            parser.parse(line, start="command")

    def ours() -> None:
        for _ in iter_parse(Source(text, "deck")):
            pass

    assert catalog.is_verb("DEFINE")
    floor_s = best_of(2, floor)
    ours_s = best_of(3, ours)
    return {
        "commands": count,
        "seconds": ours_s,
        "rate": count / ours_s,
        "floor_seconds": floor_s,
        "floor_rate": count / floor_s,
        "ratio": ours_s / floor_s,
    }


def lark_floor(lines: list[str]) -> float:
    """Floor: Lark alone (its contextual lexer, the project's grammar) parsing each command."""
    from mqsc.language.parser import lark_parser

    parser = lark_parser()

    def floor() -> None:
        for line in lines:
            parser.parse(line, start="command")

    return best_of(2, floor)


#: Variables that change how a child interpreter runs, removed for the child processes so they
#: run as from an ordinary shell: modules load from cached bytecode (PYTHONDONTWRITEBYTECODE
#: would compile every module at every start) and standard output is buffered.
CHILD_UNSET = ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")


def child_env(**extra: str) -> dict[str, str]:
    """The environment of a measured child process."""
    env = {k: v for k, v in os.environ.items() if k not in CHILD_UNSET}
    env.update(extra)
    return env


def run_deck(deck: Path, *options: str) -> float:
    """Seconds for ``mqsc run`` of ``deck`` in a fresh process, output to a file."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as home:
        env = child_env(MQSC_HOME=home)
        out = Path(home) / "out.txt"
        state = [f"--state={Path(home) / 'bench.db'}"] if "--state" in options else []
        args = [a for a in options if a != "--state"] + state
        with out.open("w") as sink:
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "mqsc", "run", *args, str(deck)],
                stdout=sink,
                env=env,
                check=True,
            )
            return time.perf_counter() - start


def deck_row(count: int, *options: str, make: Callable[[int], Path] = define_qlocal_deck) -> dict:
    deck = make(count)
    run_deck(make(10), *options)  # cached bytecode, as an installed mqsc has
    seconds = min(run_deck(deck, *options) for _ in range(3))
    floor_s = lark_floor(deck.read_text().splitlines())
    return {
        "commands": count,
        "seconds": seconds,
        "rate": count / seconds,
        "floor_seconds": floor_s,
        "floor_rate": count / floor_s,
        "ratio": seconds / floor_s,
    }


@scenario("deck", [10_000, 25_000, 50_000])
def deck_in_memory(count: int) -> dict:
    """S1: ``mqsc run --memory`` of the DEFINE QLOCAL deck in a new process, output to a file
    (process start, QMZ1 build, parse, bind, execute, render)."""
    return deck_row(count, "--memory")


@scenario("mixed", [10_000, 25_000, 50_000])
def mixed_in_memory(count: int) -> dict:
    """S1 with a deck that cycles through every object type (local, alias, remote and model
    queues, processes, namelists, storage classes); compare its rate with ``deck``'s."""
    return deck_row(count, "--memory", make=define_mixed_deck)


@scenario("durable", [10_000, 25_000, 50_000])
def deck_durable(count: int) -> dict:
    """S2: S1 with the state in a new SQLite file (grouped commits, docs/state.md)."""
    return deck_row(count, "--state")


def qmgr_with_queues(count: int):
    """QMZ1 in memory with ``count`` queues defined by the DEFINE QLOCAL deck."""
    from mqsc.store.home import open_qmgr

    qm = open_qmgr("QMZ1", memory=True)
    for result in qm.iter_run(define_qlocal_deck(count).read_text()):
        assert result.ok, result.text
    return qm


#: S3's renderings of one DISPLAY result: name -> function producing the whole output text.
def _renderings() -> dict[str, Callable[[object], str]]:
    from mqsc.render import commandserver, consoletext, jsonout

    return {
        "console": lambda r: "\n".join(consoletext.console_lines(r)),
        "server": lambda r: "\n".join(commandserver.reply_lines(r)),
        "json": lambda r: json.dumps(jsonout.result_json(r), separators=(",", ":")),
    }


def display_floor(result, framing: str) -> float:
    """S3's floor: the same output volume produced by the plainest Python, from values already
    in memory (no engine, no catalog, no padding rules).

    Console: one ``"%s(%s)"`` line per attribute plus the three header/count/END lines per
    object, joined; server: one line per object joining its ``NAME(value)`` parts; JSON:
    ``json.dumps`` of one ``{name: value}`` dict per object. What it costs CPython to write
    that much text at all; the renderer's figure over it is what the MQ formatting rules
    (widths, flags, message templates) cost.
    """
    rows = [record.attrs for record in result.objects]

    def console_floor() -> str:
        lines = []
        add = lines.append
        for attrs in rows:
            add("CSQM201I QMZ1 CSQMDRTC  DISPLAY QLOCAL DETAILS")
            for name, value in attrs:
                add(f"{name}({value})")
            add(" END QLOCAL DETAILS")
        return "\n".join(lines)

    def server_floor() -> str:
        return "\n".join(
            "MQSC401I QMZ1 " + " ".join([f"{n}({v})" for n, v in attrs]) for attrs in rows
        )

    def json_floor() -> str:
        return json.dumps([{"parameters": dict(attrs)} for attrs in rows], separators=(",", ":"))

    fn = {"console": console_floor, "server": server_floor, "json": json_floor}[framing]
    return best_of(3, fn)


@scenario("display", [10_000, 25_000, 50_000])
def display(count: int) -> dict:
    """S3: ``DISPLAY QLOCAL(*)`` and ``DISPLAY QLOCAL(*) ALL`` over ``count`` queues, executed
    and rendered as one text in console framing, command-server framing and JSON.

    ``seconds`` per command and format: execute (select, sort, build the records) plus render
    (the whole output text); ``floor``: :func:`display_floor` for the same records.
    """
    import gc

    qm = qmgr_with_queues(count)
    gc.collect()
    row: dict = {"queues": count}
    for label, command in (("star", "DISPLAY QLOCAL(*)"), ("all", "DISPLAY QLOCAL(*) ALL")):
        execute = best_of(3, lambda: qm.execute(command))
        result = qm.execute(command)
        assert len(result.objects) >= count
        row[f"{label}_execute_s"] = execute
        for framing, render_text in _renderings().items():
            seconds = execute + best_of(3, lambda: render_text(result))
            floor_s = display_floor(result, framing)
            row[f"{label}_{framing}_s"] = seconds
            row[f"{label}_{framing}_floor_s"] = floor_s
            row[f"{label}_{framing}_ratio"] = seconds / floor_s
        # Executed and rendered in one go, as a user gets it: the collections the objects of
        # both trigger fall inside the timing (the separate best-of-three above mostly miss
        # them; mqsc/support/collector.py).
        to_json = _renderings()["json"]
        row[f"{label}_json_together_s"] = best_of(3, lambda: to_json(qm.execute(command)))
        row[f"{label}_lines_console"] = len(_renderings()["console"](result).splitlines())
    return row


#: Runs a command and writes its peak RSS (KiB) to the file named first. This small process is
#: the command's parent on purpose: Linux carries the high-water mark of the parent's memory
#: image into a child across fork/vfork and exec, so the bench process itself (hundreds of MB
#: after S3) would otherwise be what every child reports.
RSS_OF_CHILD = """\
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
open(sys.argv[1], "w").write(f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}")
"""


def peak_rss(args: list[str], env: dict | None = None, stdout=None) -> int:
    """Peak resident set size of a child process, in bytes (its ``wait4`` rusage, taken by a
    small intermediate parent: see :data:`RSS_OF_CHILD`)."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "rss"
        subprocess.run(
            [sys.executable, "-c", RSS_OF_CHILD, str(report), *args],
            env=env,
            stdout=stdout,
            check=True,
        )
        code, kib = map(int, report.read_text().split())
    assert code in (0, 10), code
    return kib * 1024  # Linux reports KiB


#: S6's floor: the interpreter reading the deck and keeping, per queue, its name and the six
#: values the deck gives it, as plain strings in a dict (the least any Python emulator holds).
MEMORY_FLOOR = """\
import sys
queues = {}
for line in open(sys.argv[1]):
    words = line.split(") ")
    queues[words[0].split("(", 1)[1]] = tuple(words[1:])
"""


@scenario("memory", [25_000, 50_000, 100_000])
def memory(count: int) -> dict:
    """S6: peak RSS of ``mqsc run --memory`` of a deck defining ``count`` queues (output to a
    file), next to the same process on an empty deck (the interpreter, mqsc and QMZ1) and the
    floor (:data:`MEMORY_FLOOR`: Python holding the deck's queues as plain strings)."""
    import tempfile

    deck = define_qlocal_deck(count)
    with tempfile.TemporaryDirectory() as home:
        env = child_env(MQSC_HOME=home)
        empty = Path(home) / "empty.mqsc"
        empty.write_text("")
        with (Path(home) / "out.txt").open("w") as sink:
            rss = peak_rss([sys.executable, "-m", "mqsc", "run", "--memory", str(deck)], env, sink)
            base = peak_rss(
                [sys.executable, "-m", "mqsc", "run", "--memory", str(empty)], env, sink
            )
        floor = peak_rss([sys.executable, "-c", MEMORY_FLOOR, str(deck)], child_env())
    mib = 1024 * 1024
    return {
        "queues": count,
        "peak_mib": rss / mib,
        "empty_deck_mib": base / mib,
        "bytes_per_queue": (rss - base) / count,
        "floor_mib": floor / mib,
        "ratio": rss / floor,
    }


#: The storage benchmarks' queue manager: a 50,000-buffer pool 3 behind page set 4, which
#: expands by the system rule (10 % of its size) so a million 4 KB messages fit.
STORAGE_CSQINP1 = """\
DEFINE BUFFPOOL(0) BUFFERS(1000)
DEFINE BUFFPOOL(3) BUFFERS(50000)
DEFINE PSID(00) BUFFPOOL(0)
DEFINE PSID(04) BUFFPOOL(3) EXPAND(SYSTEM)
"""
STORAGE_CSQINP2 = """\
DEFINE STGCLASS(SYSTEMST) PSID(00)
DEFINE STGCLASS(BENCH) PSID(04)
DEFINE QLOCAL(BENCH.Q) STGCLASS(BENCH) MAXDEPTH(999999999)
"""


def storage_qmgr():
    from mqsc.engine.manager import QueueManager

    return QueueManager.create("QMBN", csqinp1=STORAGE_CSQINP1, csqinp2=STORAGE_CSQINP2)


def per_message_floor(count: int) -> float:
    """Floor: a Python loop touching each message once (two page counts per 4 KB message)."""

    def loop() -> None:
        pages = 0
        for _ in range(count):
            pages += 2

    return best_of(2, loop)


@scenario("putget", [250_000, 500_000, 1_000_000])
def put_and_get(count: int) -> dict:
    """S4a: ``count`` 4 KB nonpersistent messages put, then got, through a 50,000-buffer pool.

    Rate: messages put and got per second (one message = its put and its get).
    """
    seen: dict = {}

    def once() -> None:
        qm = storage_qmgr()
        put = qm.put("BENCH.Q", count, 4096)
        got = qm.get("BENCH.Q")
        assert put.done == got.done == count
        seen.update(
            written=put.pools[3]["tpw"], read_back=got.pools[3]["rio"], expansions=put.expansions
        )

    seconds = best_of(3, once) - best_of(3, storage_qmgr)
    floor_s = per_message_floor(count)
    # The figures show the pool really overflowed: pages written out and read back on get.
    return {
        "messages": count,
        "seconds": seconds,
        "rate": count / seconds,
        **seen,
        "floor_seconds": floor_s,
        "floor_rate": count / floor_s,
        "ratio": seconds / floor_s,
    }


def secured_qmgr(on: bool, home: Path):
    """The storage benchmark's queue manager reading a home's RACF database (a file, as
    ``mqsc`` homes have it): security off (QMBN.NO.SUBSYS.SECURITY, as every new queue
    manager starts), or on with 1,000 MQQUEUE profiles (996 generic ones for other
    applications, QMBN.**, and the three that cover BENCH.Q), MQCONN QMBN.BATCH, and
    user BENCHU permitted through its group; restarted so it reads the switches."""
    import datetime as dt
    import shutil

    from mqsc.catalog import CommandSource
    from mqsc.racf.actions import Issuer, Outcome
    from mqsc.racf.actions import run as run_racf
    from mqsc.store.racfdb import SecurityStore, default_path

    shutil.rmtree(home, ignore_errors=True)
    store = SecurityStore.open(default_path(home), queue_managers=["QMBN"])
    commands = ["ADDGROUP BENCHG", "ADDUSER BENCHU DFLTGRP(BENCHG)"]
    if on:
        commands += [
            "RDELETE MQADMIN QMBN.NO.SUBSYS.SECURITY",
            "RDEFINE MQCONN QMBN.BATCH UACC(NONE)",
            "PERMIT QMBN.BATCH CLASS(MQCONN) ID(BENCHG) ACCESS(READ)",
            *(f"RDEFINE MQQUEUE QMBN.APP{i:04d}.** UACC(NONE)" for i in range(996)),
            "RDEFINE MQQUEUE QMBN.** UACC(NONE)",
            "RDEFINE MQQUEUE QMBN.BEN%%.Q UACC(READ)",
            "RDEFINE MQQUEUE QMBN.BENCH.* UACC(NONE)",
            "PERMIT QMBN.BENCH.* CLASS(MQQUEUE) ID(BENCHG) ACCESS(UPDATE)",
            "SETROPTS RACLIST(MQADMIN MQCONN MQQUEUE) REFRESH",
        ]
    issuer = Issuer("IBMUSER", dt.datetime(2026, 11, 28))

    def every_command(db):
        # In one transaction: a thousand RDEFINEs committed one by one wait for the disk.
        for text in commands:
            outcome = run_racf(db, text, issuer)
            assert outcome.rc == 0, (text, outcome.lines)
            db = outcome.db
        return Outcome(db, (), 0)

    store.apply(every_command)
    qm = storage_qmgr()
    qm.security = store
    for text in ("STOP QMGR", "START QMGR"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok
    assert ("CSQH024I" if on else "CSQH021I") in {m.msg_id for m in qm.security_messages}
    return qm


@scenario("secured", [250_000])
def secured(count: int) -> dict:
    """Queue security on (1,000 profiles) against off, for user BENCHU: S4a's put and get of
    ``count`` 4 KB messages (one MQPUT and one MQGET call: the target, at most 15% more), the
    same in 1,000-message calls, and 200 one-message put and get calls (each its own
    connection and open: the worst case for the checks, answered from the decisions the
    queue manager keeps). Off and on alternate (in turn first) after a warm-up: the best of
    25, 15 and 60 runs."""
    import tempfile

    pairs = 200  # per sample: short samples, alternated, keep the machine's drift out
    base = Path(tempfile.mkdtemp(prefix="mqsc-bench-racf-"))
    qms = {on: secured_qmgr(on, base / ("on" if on else "off")) for on in (False, True)}

    def one_call(qm) -> None:
        assert qm.put("BENCH.Q", count, 4096, user="BENCHU").done == count
        assert qm.get("BENCH.Q", user="BENCHU").done == count

    def steps(qm) -> None:
        for _ in range(count // 1000):
            assert qm.put("BENCH.Q", 1000, 4096, user="BENCHU").done == 1000
        assert qm.get("BENCH.Q", user="BENCHU").done == count

    def singles(qm) -> None:
        for _ in range(pairs):
            assert qm.put("BENCH.Q", 1, 4096, user="BENCHU").done == 1
            assert qm.get("BENCH.Q", 1, user="BENCHU").done == 1

    best = {}
    for name, body, runs in (
        ("one_call", one_call, 25),
        ("steps", steps, 15),
        ("singles", singles, 60),
    ):
        for on in (False, True):
            best[(name, on)] = float("inf")
            body(qms[on])  # a warm-up: the first check builds RACF's view of 1,000 profiles
        for run in range(runs):
            for on in (False, True) if run % 2 else (True, False):
                start = time.perf_counter()
                body(qms[on])
                best[(name, on)] = min(best[(name, on)], time.perf_counter() - start)
    for qm in qms.values():
        qm.security.close()
    row: dict = {"messages": count, "profiles": 1000}
    for name in ("one_call", "steps", "singles"):
        row[f"{name}_off_s"] = best[(name, False)]
        row[f"{name}_on_s"] = best[(name, True)]
        row[f"{name}_ratio"] = best[(name, True)] / best[(name, False)]
    row["single_pair_us_off"] = best[("singles", False)] / pairs * 1e6
    row["single_pair_us_on"] = best[("singles", True)] / pairs * 1e6
    return row


#: The mp1b lab's traces: statistics (SMF 115) and accounting (SMF 116), docs/smf.md.
TRACES = ("START TRACE(STAT) CLASS(1,2,4,5)", "START TRACE(ACCTG) CLASS(3,4)")


def traced_deck(count: int) -> Path:
    """The S1 deck with the statistics and accounting traces started first."""
    deck = define_qlocal_deck(count)
    path = OUT / f"traced-{deck.name}"
    path.write_text("".join(t + "\n" for t in TRACES) + deck.read_text())
    return path


@scenario("traces", [50_000])
def traces_on_and_off(count: int) -> dict:
    """The cost of the statistics and accounting traces, side by side in one run: S1 (the
    DEFINE QLOCAL deck, ``mqsc run --memory``) and S4a (``count`` x 5 4 KB messages put and
    got) with the traces off and with TRACE(STAT) CLASS(1,2,4,5) and TRACE(ACCTG) CLASS(3,4)
    on. The target: at most 10% more with them on.
    """
    deck_off = deck_row(count, "--memory")["seconds"]
    deck_on = deck_row(count, "--memory", make=traced_deck)["seconds"]
    messages = count * 5

    def putget(traced: bool) -> float:
        def ready():
            qm = storage_qmgr()
            for text in TRACES if traced else ():
                assert qm.execute(text).ok
            return qm

        def once() -> None:
            qm = ready()
            assert qm.put("BENCH.Q", messages, 4096).done == messages
            assert qm.get("BENCH.Q").done == messages

        return best_of(3, once) - best_of(3, ready)

    putget_off, putget_on = putget(False), putget(True)
    return {
        "commands": count,
        "deck_off_s": deck_off,
        "deck_on_s": deck_on,
        "deck_cost": deck_on / deck_off - 1,
        "messages": messages,
        "putget_off_s": putget_off,
        "putget_on_s": putget_on,
        "putget_cost": putget_on / putget_off - 1,
    }


CHANNEL_QMB2 = (
    "START CHINIT",
    "START LISTENER PORT(1415)",
    "DEFINE QLOCAL(BENCH.IN) STGCLASS(BENCH) MAXDEPTH(999999999)",
    "DEFINE CHANNEL(QMBN.TO.QMB2) CHLTYPE(RCVR) TRPTYPE(TCP)",
)
CHANNEL_QMBN = (
    "START CHINIT",
    "DEFINE QLOCAL(QMB2) USAGE(XMITQ) STGCLASS(BENCH) MAXDEPTH(999999999)",
    "DEFINE QREMOTE(BENCH.OUT) RNAME(BENCH.IN) RQMNAME(QMB2) XMITQ(QMB2)",
    "DEFINE CHANNEL(QMBN.TO.QMB2) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('qmb2(1415)') XMITQ(QMB2)",
    "START CHANNEL(QMBN.TO.QMB2)",
)


def channel_pair():
    """QMBN and QMB2 (the storage benchmark's queue manager twice) in one network, with a
    running sender/receiver pair from QMBN's BENCH.OUT to QMB2's BENCH.IN (docs/channels.md)."""
    from mqsc.engine.manager import QueueManager
    from mqsc.network.transport import Network

    qmb2 = QueueManager.create("QMB2", csqinp1=STORAGE_CSQINP1, csqinp2=STORAGE_CSQINP2)
    qmbn = storage_qmgr()
    Network([qmbn, qmb2])
    for qm, deck in ((qmb2, CHANNEL_QMB2), (qmbn, CHANNEL_QMBN)):
        for text in deck:
            assert qm.execute(text).ok, text
    return qmbn, qmb2


#: The cluster system queues (CSQINP2 defines them on every queue manager of an mqsc home).
CLUSTER_QUEUES = (
    "DEFINE QLOCAL(SYSTEM.CLUSTER.COMMAND.QUEUE) STGCLASS(BENCH)",
    "DEFINE QLOCAL(SYSTEM.CLUSTER.REPOSITORY.QUEUE) STGCLASS(BENCH) DEFPSIST(YES)",
    "DEFINE QLOCAL(SYSTEM.CLUSTER.TRANSMIT.QUEUE) STGCLASS(BENCH) USAGE(XMITQ) MAXDEPTH(999999999)",
)
CLUSTER_QMB2 = (
    "START CHINIT",
    "START LISTENER PORT(1415)",
    *CLUSTER_QUEUES,
    "ALTER QMGR REPOS(BENCH)",
    "DEFINE CHANNEL(TO.QMB2) CHLTYPE(CLUSRCVR) TRPTYPE(TCP) CONNAME('qmb2(1415)') CLUSTER(BENCH)",
    "DEFINE QLOCAL(BENCH.IN) STGCLASS(BENCH) MAXDEPTH(999999999) CLUSTER(BENCH)",
)
CLUSTER_QMBN = (
    "START CHINIT",
    "START LISTENER PORT(1414)",
    *CLUSTER_QUEUES,
    "DEFINE CHANNEL(TO.QMBN) CHLTYPE(CLUSRCVR) TRPTYPE(TCP) CONNAME('qmbn(1414)') CLUSTER(BENCH)",
    "DEFINE CHANNEL(TO.QMB2) CHLTYPE(CLUSSDR) TRPTYPE(TCP) CONNAME('qmb2(1415)') CLUSTER(BENCH)",
    # A remote queue whose queue manager is a cluster queue manager: over the same
    # cluster-sender channel as the cluster queue (docs/clusters.md).
    "DEFINE QREMOTE(BENCH.OUT) RNAME(BENCH.IN) RQMNAME(QMB2)",
)


def cluster_pair():
    """QMBN and QMB2 in cluster BENCH (QMB2 its full repository and BENCH.IN's host), QMBN
    knowing BENCH.IN: a put to BENCH.IN on QMBN is a cluster put, one to BENCH.OUT a put to a
    remote queue, both over the cluster-sender channel TO.QMB2 (docs/clusters.md)."""
    from mqsc.engine.manager import QueueManager
    from mqsc.network.transport import Network

    qmb2 = QueueManager.create("QMB2", csqinp1=STORAGE_CSQINP1, csqinp2=STORAGE_CSQINP2)
    qmbn = storage_qmgr()
    Network([qmbn, qmb2])
    for qm, deck in ((qmb2, CLUSTER_QMB2), (qmbn, CLUSTER_QMBN)):
        for text in deck:
            assert qm.execute(text).ok, text
    assert qmbn.put("BENCH.IN", 1, 1024).done == 1  # learns the queue from the repository
    assert qmb2.get("BENCH.IN").done == 1
    return qmbn, qmb2


@scenario("channel", [250_000, 1_000_000])
def across_a_channel(count: int) -> dict:
    """Messages across a channel: ``count`` 1 KB nonpersistent messages put to a remote queue,
    moved by a
    running channel to the other queue manager (XMITQ pages freed, target pages taken) and got
    there, against the same put and get on one queue manager. Target: at least a third of the
    local rate."""

    def local() -> None:
        qm = storage_qmgr()
        assert qm.put("BENCH.Q", count, 1024).done == count
        assert qm.get("BENCH.Q").done == count

    def remote() -> None:
        qmbn, qmb2 = channel_pair()
        assert qmbn.put("BENCH.OUT", count, 1024).done == count
        assert qmb2.get("BENCH.IN").done == count

    step = 1000

    def local_steps() -> None:
        # 1,000 messages per MQPUT call, as OEMPUT batches them: each call its own unit of
        # work, so the channel moves a batch after each one.
        qm = storage_qmgr()
        for _ in range(count // step):
            qm.put("BENCH.Q", step, 1024)
        assert qm.get("BENCH.Q").done == count

    def remote_steps() -> None:
        qmbn, qmb2 = channel_pair()
        for _ in range(count // step):
            qmbn.put("BENCH.OUT", step, 1024)
        assert qmb2.get("BENCH.IN").done == count

    def through_cluster(queue: str, notfixed: bool = False) -> Callable[[], None]:
        # 1,000 messages per call to a cluster queue (BENCH.IN) or to a remote queue whose
        # queue manager the cluster routes to (BENCH.OUT): the same channel, the same
        # transmission queue; the cluster put also chooses its destination at each MQOPEN
        # (DEFBIND(OPEN)), or for each message (NOTFIXED).
        def steps() -> None:
            qmbn, qmb2 = cluster_pair()
            if notfixed:
                assert qmb2.execute("ALTER QLOCAL(BENCH.IN) DEFBIND(NOTFIXED)").ok
            for _ in range(count // step):
                qmbn.put(queue, step, 1024)
            assert qmb2.get("BENCH.IN").done == count

        return steps

    local_s = best_of(3, local) - best_of(3, storage_qmgr)
    remote_s = best_of(3, remote) - best_of(3, channel_pair)
    local_step_s = best_of(2, local_steps) - best_of(3, storage_qmgr)
    remote_step_s = best_of(2, remote_steps) - best_of(3, channel_pair)
    # Target: a cluster put costs at most twice a put to a remote queue over the same channel.
    # The three are timed in turn, three rounds, so a change of the machine's pace between
    # phases does not land on one of them.
    setup_s = best_of(3, cluster_pair)
    runs = {
        "qremote": through_cluster("BENCH.OUT"),
        "cluster": through_cluster("BENCH.IN"),
        "notfixed": through_cluster("BENCH.IN", notfixed=True),
    }
    best = {name: float("inf") for name in runs}
    for _ in range(3):
        for name, run in runs.items():
            best[name] = min(best[name], best_of(1, run))
    qremote_s, cluster_s, notfixed_s = (best[n] - setup_s for n in runs)
    return {
        "messages": count,
        "local_seconds": local_s,
        "local_rate": count / local_s,
        "seconds": remote_s,
        "rate": count / remote_s,
        "ratio": local_s / remote_s,
        "local_step_rate": count / local_step_s,
        "step_rate": count / remote_step_s,
        "step_ratio": local_step_s / remote_step_s,
        "qremote_step_rate": count / qremote_s,
        "cluster_step_rate": count / cluster_s,
        "cluster_cost": cluster_s / qremote_s,
        "notfixed_cost": notfixed_s / qremote_s,
    }


@scenario("deep", [1_000_000, 3_000_000, 10_000_000])
def deep_queue(count: int) -> dict:
    """S4b: ``count`` 1 KB messages put to one queue, 1,000 per MQPUT call as OEMPUT batches
    them; peak Python memory of the puts (tracemalloc) must not grow with ``count``.

    (1 KB, not 4 KB: ten million 4 KB messages need 80 GB of pages, past the 64 GB page set
    limit; ten million 1 KB messages pack two to a page, 20 GB.)
    """
    import tracemalloc

    step = 1000

    def load(qm) -> None:
        for _ in range(count // step):
            qm.put("BENCH.Q", step, 1024)
        if count % step:
            qm.put("BENCH.Q", count % step, 1024)

    qm = storage_qmgr()
    start = time.perf_counter()
    load(qm)
    seconds = time.perf_counter() - start
    depth = qm.state.tables["messages"]["BENCH.Q"].depth
    assert depth == count, depth
    qm = storage_qmgr()
    tracemalloc.start()
    load(qm)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    floor_s = per_message_floor(count)
    return {
        "messages": count,
        "seconds": seconds,
        "rate": count / seconds,
        "peak_kib": peak // 1024,
        "runs": len(qm.state.tables["messages"]["BENCH.Q"].runs),
        "floor_seconds": floor_s,
        "floor_rate": count / floor_s,
        "ratio": seconds / floor_s,
    }


@scenario("console", [10_000, 25_000, 50_000])
def console(count: int) -> dict:
    """The console: launch to first prompt, and completion latency with ``count`` queues.

    Launch: the real ``mqsc`` binary (no arguments) in a pseudo-terminal, timed from spawn
    until the prompt appears; floor: the same interpreter importing prompt_toolkit and
    exiting. Completion: :func:`mqsc.repl.complete.suggest` on queue-name prefixes with
    ``count`` queues defined by a DEFINE QLOCAL deck; floor: bisecting the sorted names alone.
    """
    import bisect
    import shutil
    import statistics
    import subprocess
    import tempfile

    from mqsc import catalog
    from mqsc.repl.complete import suggest
    from mqsc.repl.nameindex import NameIndex
    from mqsc.store.home import open_qmgr
    from tests.repl.pty_driver import Terminal

    binary = shutil.which("mqsc", path=str(Path(sys.executable).parent))
    launches, floors = [], []
    with tempfile.TemporaryDirectory() as home:
        env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": home,
            "MQSC_HOME": home,
            "XDG_CONFIG_HOME": home,
            "TERM": "xterm-256color",
            "NO_COLOR": "1",
        }
        for _ in range(5):
            terminal = Terminal([binary], env)
            launches.append(terminal.wait_for("QMZ1>", timeout=30))
            terminal.close()
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", "import prompt_toolkit.shortcuts"], check=True)
            floors.append(time.perf_counter() - start)

    qm = open_qmgr("QMZ1", memory=True)
    qm.run(define_qlocal_deck(count).read_text())
    names = NameIndex(lambda: qm.state)
    prefixes = [
        "DIS QL(APP.QUEUE.0",
        "DIS QL(APP.QUEUE.04999",
        "DIS QL(",
        "DIS QL(SYS",
        "DEF QL(X) LIKE(APP.QUEUE.012",
        "ALTER QL(APP.QUEUE.049",
    ]
    start = time.perf_counter()
    suggest(prefixes[0], catalog, names)
    first = time.perf_counter() - start  # includes sorting the names once
    timings = []
    for _ in range(50):
        for prefix in prefixes:
            start = time.perf_counter()
            suggest(prefix, catalog, names)
            timings.append(time.perf_counter() - start)
    qm.listeners.append(names.listener)
    qm.execute("DEFINE QLOCAL(APP.QUEUE.NEW)")
    start = time.perf_counter()
    suggest("DIS QL(APP.QUEUE.N", catalog, names)
    after_define = time.perf_counter() - start  # the new name inserted, no re-sort
    folded = names.names("qlocal").folded
    floor_timings = []
    for _ in range(50):
        start = time.perf_counter()
        bisect.bisect_left(folded, "APP.QUEUE.0")
        floor_timings.append(time.perf_counter() - start)
    timings.sort()
    return {
        "queues": len(qm.state.tables["qlocal"]),
        "launch_s": min(launches),
        "launch_median_s": statistics.median(launches),
        "launch_floor_s": min(floors),
        "complete_first_ms": 1000 * first,
        "complete_after_define_ms": 1000 * after_define,
        "complete_median_ms": 1000 * statistics.median(timings),
        "complete_p95_ms": 1000 * timings[int(0.95 * len(timings))],
        "complete_max_ms": 1000 * timings[-1],
        "complete_floor_ms": 1000 * statistics.median(floor_timings),
    }


@scenario("firstscreen", [25_000, 50_000, 100_000])
def first_screen(count: int) -> dict:
    """The console's first screen of ``DISPLAY QLOCAL(*)`` with ``count`` queues.

    The real ``mqsc`` binary in a 40-row pseudo-terminal, in colour, with the default pager
    (``less -SRXF``: no PAGER or LESS set), on a durable QMZ1 holding ``count`` queues: the
    command typed, then from Enter until a full screen of the answer is on the terminal, then
    from ``q`` until the prompt is back. Floor: executing the command in-process (the engine's
    part, no output).
    """
    import shutil
    import subprocess
    import tempfile

    from tests.repl.pty_driver import Terminal

    binary = shutil.which("mqsc", path=str(Path(sys.executable).parent))
    rows = 40
    firsts, backs = [], []
    with tempfile.TemporaryDirectory() as home:
        env = child_env(MQSC_HOME=home)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "mqsc",
                "run",
                "--commit-every",
                "10000",
                str(define_qlocal_deck(count)),
            ],
            stdout=subprocess.DEVNULL,
            env=env,
            check=True,
        )
        term_env = {
            "PATH": os.environ.get("PATH", ""),
            "HOME": home,
            "MQSC_HOME": home,
            "XDG_CONFIG_HOME": home,
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        for _ in range(3):
            terminal = Terminal([binary], term_env, rows=rows, columns=120)
            terminal.wait_for("QMZ1>", timeout=60)
            # Typed, then Enter once the console has taken it in, as a person types: the
            # highlighting and validation of each keystroke (and the parser built once for a
            # shape it has not met) happen while typing, not after Enter.
            terminal.type("DISPLAY QLOCAL(*)")
            settle = time.perf_counter() + 2.0
            while time.perf_counter() < settle:
                terminal.pump(0.05)
            mark = len(terminal.screen)
            terminal.type("\r")
            start = time.perf_counter()
            terminal.wait_for("FOUND MATCHING REQUEST CRITERIA", timeout=120, after=mark)
            while terminal.screen[mark:].split("FOUND MATCHING")[1].count("\n") < rows - 3:
                if not terminal.pump(0.01):
                    break
            firsts.append(time.perf_counter() - start)
            mark = len(terminal.screen)
            terminal.type("q")
            start = time.perf_counter()
            terminal.wait_for("QMZ1>", timeout=120, after=mark)
            backs.append(time.perf_counter() - start)
            terminal.close()
    qm = qmgr_with_queues(count)
    floor_s = best_of(3, lambda: qm.execute("DISPLAY QLOCAL(*)"))
    return {
        "queues": count,
        "first_screen_s": min(firsts),
        "first_screen_max_s": max(firsts),
        "prompt_after_q_s": min(backs),
        "floor_execute_s": floor_s,
        "ratio": min(firsts) / floor_s,
    }


def machine() -> dict:
    import importlib.util

    # interegular (a test extra) makes Lark check terminal collisions whenever it builds a
    # grammar, its own included: about 0.14 s of every process start on this machine.
    return {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "processor": platform.processor() or platform.machine(),
        "interegular": importlib.util.find_spec("interegular") is not None,
    }


def pace() -> float:
    """The machine's speed right after a row: seconds a pure-Python loop of 10 million
    additions takes (measured on 2 million). The benchmark machine drifts by 10-50% within
    minutes; docs/performance.md reads every figure next to this one."""
    start = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i
    return (time.perf_counter() - start) * 5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "scenarios",
        nargs="*",
        metavar="SCENARIO",
        help=f"scenarios to run (default: all): {', '.join(SCENARIOS)}",
    )
    parser.add_argument("--sizes", nargs="+", type=int)
    args = parser.parse_args(argv)
    unknown = [name for name in args.scenarios if name not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario {', '.join(unknown)}: choose from {', '.join(SCENARIOS)}")
    names = args.scenarios or list(SCENARIOS)
    results = {"machine": machine(), "scenarios": {}}
    for name in names:
        rows = []
        for size in args.sizes or DEFAULT_SIZES[name]:
            row = SCENARIOS[name](size)
            row["loop10m_s"] = pace()
            rows.append(row)
            print(
                f"{name:10s} n={size:>9,}  "
                + "  ".join(
                    f"{k}={v:,.3f}" if isinstance(v, float) else f"{k}={v}"
                    for k, v in row.items()
                    if k not in ("commands", "queues")
                )
            )
        results["scenarios"][name] = rows
    OUT.mkdir(exist_ok=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
