"""Case tables (tests/cases/*.json): setup commands, a command, the messages it must give.

Every rule of the engine has a case. A failing command must leave the state exactly as it was
(the state digest before and after is compared for every failing case).

A file's ``qmgr`` names the setting its cases run in (:data:`SETTINGS`), a case's own
``qmgr`` the setting of that case; the file's ``given`` steps and each case's are MQSC
commands (text, from the case's source), or objects:

- ``{"put": queue, "count", "size", "persistent", "retain"}`` puts messages, ``{"put":
  queue, "data": text, "expiry": tenths of a second}`` one message with that data;
- ``{"command": text, "source", "qmgr", "times": n}`` runs a command from another source or
  on another queue manager of the setting, or n times with ``{n}`` in its text numbered 1 to n
  (a group's 63 CF structures, a structure's 512 queues, 32 traces);
- ``{"tso": text}`` runs a RACF command as IBMUSER (the racf setting);
- ``{"job": [JCL lines]}`` runs a job whose steps reach the setting's queue managers and data
  set catalog (the catalog setting);
- ``{"time": seconds}`` moves the clock of every queue manager of the setting on (and lets
  the channels retry that fall due);
- ``{"connection": appltag, "appltype", "open", "get", "count", "prepare", "end"}`` is a
  program's connection (the Python API, :meth:`QueueManager.connection`): it opens a queue
  for output and keeps it open, gets in syncpoint, prepares its unit of work with the
  coordinator's NID, ends abnormally (``end``).
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from mqsc.batch import datasets, jcl, runner
from mqsc.batch.datasets import Catalog
from mqsc.catalog import CommandSource
from mqsc.engine.collaborators import Collaborators
from mqsc.engine.manager import QueueManager
from mqsc.engine.phase import Phase
from mqsc.engine.records import (
    BufferPoolReport,
    Message,
    PageSetReport,
    ParameterReport,
    ThreadReport,
    TraceReport,
)
from mqsc.language.source import Source
from mqsc.network.transport import Network
from mqsc.racf.actions import Issuer
from mqsc.racf.actions import run as racf_run
from mqsc.racf.background import MemoryKeeper
from mqsc.racf.database import fresh
from mqsc.store.racfdb import with_security_off
from tests.engine.conftest import (
    MINIMAL_CSQINP1,
    MINIMAL_CSQINP2,
    NOW,
    clock,
    fresh_group,
    fresh_minimal,
    fresh_qmz1,
)

CASES = Path(__file__).resolve().parents[1] / "cases"
SOURCES = {
    "server": CommandSource.SERVER,
    "console": CommandSource.CONSOLE,
    "csqinp1": CommandSource.CSQINP1,
    "csqinp2": CommandSource.CSQINP2,
}


@dataclass(frozen=True)
class Setting:
    """The queue managers a case file's cases run against; the first answers the cases."""

    qmgrs: dict[str, QueueManager]
    keeper: MemoryKeeper | None = None
    #: The data set catalog the queue managers' log and BSDS data sets are in (jobs use it).
    catalog: Catalog | None = None
    #: The network between the queue managers (the pair setting).
    network: Network | None = None
    #: The setting's clock: [now], moved on by ``time`` steps.
    moment: list = field(default_factory=lambda: [NOW])
    #: The programs' connections the given steps made (kept: they stay connected).
    connections: list = field(default_factory=list)

    @property
    def qm(self) -> QueueManager:
        return next(iter(self.qmgrs.values()))


def _alone(make, tmp: Path) -> Setting:
    qm = make()
    return Setting({qm.name: qm})


def _pair(tmp: Path) -> Setting:
    """QMZ1 and a QMZ2 built from the same decks, in one network (channels between them)."""
    qmz1 = fresh_qmz1()
    qmz2 = QueueManager.create("QMZ2", csqinp1=qmz1.csqinp1, csqinp2=qmz1.csqinp2, clock=clock)
    network = Network([qmz1, qmz2])
    return Setting({"QMZ1": qmz1, "QMZ2": qmz2}, network=network)


def _group(tmp: Path) -> Setting:
    """QSA1 of the queue sharing group QSG1 (tests/engine/conftest.py), its partners beside."""
    group = fresh_group()
    return Setting(dict(group.members))


def _racf(tmp: Path) -> Setting:
    """QMZ1 with a RACF database in which its subsystem security is off (as IBM's security
    lab starts), restarted so that it reads its switches there; a case turns security on with
    ``tso`` steps and another restart."""
    keeper = MemoryKeeper(with_security_off(fresh("26.015"), ["QMZ1"]))
    qm = fresh_qmz1()
    qm.attach(replace(qm.collaborators, security=keeper))
    for text in ("STOP QMGR", "START QMGR"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok
    return Setting({qm.name: qm}, keeper)


def _catalog(tmp: Path) -> Setting:
    """QMZ1 with a data set catalog (DEFINE LOG's linear clusters, the archive logs, the BSDS
    copies), restarted once so that its start catalogs both BSDS copies."""
    catalog = Catalog(tmp / "catalog")
    qm = fresh_qmz1()
    datasets.attach(qm, catalog)
    # Page sets added while running are the catalog's clusters, as in a job's queue manager.
    qm.attach(replace(qm.collaborators, vsam=catalog))
    for text in ("STOP QMGR", "START QMGR"):
        assert qm.execute(text, source=CommandSource.CONSOLE).ok
    return Setting({qm.name: qm}, catalog=catalog)


def _racf_member(tmp: Path) -> Setting:
    """QMA, a member of queue sharing group QSGA (no other member), with a RACF database in
    which security is off for QMA: switch profiles of the group (QSGA.NO.x) and of the
    member (QMA.YES.x, which overrides them) both count."""
    keeper = MemoryKeeper(with_security_off(fresh("26.015"), ["QMA"]))
    qm = QueueManager.create(
        "QMA",
        qsg="QSGA",
        csqinp1=MINIMAL_CSQINP1,
        csqinp2=MINIMAL_CSQINP2,
        collaborators=Collaborators(security=keeper),
        clock=clock,
    )
    return Setting({qm.name: qm}, keeper)


SETTINGS = {
    "qmz1": lambda tmp: _alone(fresh_qmz1, tmp),
    "minimal": lambda tmp: _alone(fresh_minimal, tmp),
    "pair": _pair,
    "group": _group,
    "racf": _racf,
    "racf-member": _racf_member,
    "catalog": _catalog,
}


def load_cases() -> list:
    params = []
    for path in sorted(CASES.glob("*.json")):
        data = json.loads(path.read_text())
        for case in data["cases"]:
            params.append(pytest.param(data, case, id=f"{path.stem}: {case['name']}"))
    return params


def prepare(data: dict, case: dict, tmp: Path) -> QueueManager:
    setting = SETTINGS[case.get("qmgr", data.get("qmgr", "qmz1"))](tmp)
    for member in setting.qmgrs.values():
        member.clock = lambda: setting.moment[0]
    qm = setting.qm
    if case.get("phase") == "CSQINP1":
        qm.phase = Phase.CSQINP1
    source = SOURCES[case.get("source", "server")]
    for step in [*data.get("given", []), *case.get("given", [])]:
        given(setting, step if isinstance(step, dict) else {"command": step}, source)
    return qm


def given(setting: Setting, step: dict, source: CommandSource) -> None:
    """One setup step (the module's docstring lists them); it must succeed."""
    qm = setting.qmgrs[step.get("qmgr", setting.qm.name)]
    if "put" in step and "data" in step:
        outcome = qm.put_message(step["put"], step["data"].encode(), expiry=step.get("expiry", -1))
        assert outcome.done == 1, outcome
    elif "put" in step:
        outcome = qm.put(
            step["put"],
            step.get("count", 1),
            step.get("size", 1000),
            persistent=step.get("persistent"),
            retain=step.get("retain", False),
        )
        assert outcome.done == step.get("count", 1), outcome
    elif "tso" in step:
        assert setting.keeper is not None, "a tso step needs the racf setting"
        outcome = setting.keeper.apply(lambda db: racf_run(db, step["tso"], Issuer("IBMUSER", NOW)))
        assert outcome.rc == 0, (step, outcome.lines)
    elif "job" in step:
        [job] = jcl.parse(Source("\n".join(step["job"]) + "\n", "case.jcl"))
        assert setting.catalog is not None, "a job step needs the catalog setting"
        done = runner.run(job, runner.Environment(setting.qmgrs.get, setting.catalog, clock))
        assert done.maxcc == 0, f"job ended with MAXCC {done.maxcc}"
    elif "time" in step:
        setting.moment[0] += dt.timedelta(seconds=step["time"])
        if setting.network is not None:
            setting.network.settle()
    elif "connection" in step:
        program(setting, qm, step)
    else:
        for n in range(1, step.get("times", 1) + 1):
            text = step["command"].replace("{n}", str(n))
            result = qm.execute(text, source=SOURCES.get(step.get("source", ""), source))
            assert result.ok, f"setup failed: {text}: {result.message_ids}"


def program(setting: Setting, qm: QueueManager, step: dict) -> None:
    """A program's connection doing what the step says, in that order."""
    conn = qm.connection(step["connection"], appltype=step.get("appltype", "BATCH"), owner="cases")
    setting.connections.append(conn)
    if "open" in step:
        conn.open(step["open"])
    if "get" in step:
        done = conn.get(step["get"], step.get("count", 1), syncpoint=True)
        assert done.done == step.get("count", 1), done
    if "prepare" in step:
        conn.prepare("RRS", step["prepare"])
    if step.get("end"):
        qm.end_abnormally([conn.conn])


def reply_ids(result) -> list[str]:
    return [m.msg_id for m in result.messages() if not m.unsolicited]


def console_ids(result) -> list[str]:
    return [m.msg_id for m in result.messages() if m.unsolicited]


@pytest.mark.parametrize(("data", "case"), load_cases())
def test_case(data: dict, case: dict, tmp_path: Path) -> None:
    qm = prepare(data, case, tmp_path)
    before = qm.digest()
    result = qm.execute(case["command"], source=SOURCES[case.get("source", "server")])
    assert reply_ids(result) == case["messages"]
    assert result.ok is case["ok"]
    assert console_ids(result) == case.get("console", [])
    if not case["ok"]:
        assert qm.digest() == before, "a failed command changed the state"
    check_shown(result, case)
    for then in case.get("then", []):
        check_display(qm, then)


def check_display(qm: QueueManager, then: dict) -> None:
    """Run a then-check: it must succeed unless it names the ``messages`` it must give (a
    stopped queue manager's answer), and show the ``objects`` or report rows it lists."""
    result = qm.execute(then["command"], source=SOURCES[then.get("source", "server")])
    if "messages" in then:
        assert reply_ids(result) == then["messages"]
    else:
        assert result.ok, result.message_ids
    check_shown(result, then)


def check_shown(result, then: dict) -> None:
    """The ``objects`` (each with the attributes given) and report rows (``pagesets``,
    ``pools`` and ``traces`` by number, ``threads`` by connection name, ``parameters`` by
    name: the fields given) a command's result must show; a case names them for its own
    command's result as a then-check does for its display's."""
    if "objects" in then:
        objects = result.objects
        assert len(objects) == len(then["objects"]), [o.attrs for o in objects]
        for obj, expected in zip(objects, then["objects"], strict=True):
            for name, value in expected.items():
                # JSON has no tuples: a list attribute (NAMES, ADDRLIST) is compared as one.
                want = tuple(value) if isinstance(value, list) else value
                assert obj.get(name) == want, (name, obj.attrs)
    for key, report_type, id_field in (
        ("pagesets", PageSetReport, "psid"),
        ("pools", BufferPoolReport, "pool"),
        ("traces", TraceReport, "tno"),
        ("threads", ThreadReport, "name"),
        ("parameters", ParameterReport, "name"),
    ):
        if key not in then:
            continue
        rows = {
            str(getattr(r, id_field)): r
            for rec in result.records
            if isinstance(rec, report_type)
            for r in rec.rows
        }
        if not then[key]:
            assert not rows
        for ident, fields in then[key].items():
            row = rows[ident]
            for name, value in fields.items():
                assert getattr(row, name) == value, (ident, name, row)


def test_every_case_file_is_valid_json_with_names() -> None:
    names = set()
    for path in CASES.glob("*.json"):
        for case in json.loads(path.read_text())["cases"]:
            key = (path.stem, case["name"])
            assert key not in names, f"duplicate case {key}"
            names.add(key)


def test_messages_in_results_are_messages() -> None:
    result = fresh_qmz1().execute("DISPLAY QMGR")
    assert all(isinstance(m, Message) for m in result.messages())
