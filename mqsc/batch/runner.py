"""Running a job: COND tests, allocation, the programs, and what each step leaves behind.

Rules (secondary sources, the MVS JCL Reference):

* a step's ``COND=(code,op[,step])`` bypasses it when ``code op rc`` holds for any earlier
  step it names (all earlier steps when it names none); steps that were bypassed or abended
  have no return code and never satisfy a test;
* after an abend the following steps are bypassed unless they say ``EVEN`` or ``ONLY``; a step
  with ``ONLY`` runs only after an abend;
* a JOB ``COND`` test that holds after a step bypasses every remaining step;
* a data set that must exist and does not (``DISP=SHR`` or ``OLD``) is an allocation error:
  the step does not run and the job ends with a JCL error;
* a program the emulator does not have abends S806, as a missing load module does.

The JES listing of a run is :mod:`mqsc.batch.jes`'s business; this module records facts.
"""

from __future__ import annotations

import datetime as dt
import operator
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from mqsc.batch import jclif, systemmsgs
from mqsc.batch.datasets import Catalog, DataSetError
from mqsc.batch.jcl import Cond, CondTest, DataDefinition, Job, Step
from mqsc.batch.programs import PROGRAMS
from mqsc.batch.steps import Program, QueueManagers, StepContext, StepOutcome
from mqsc.racf.background import Keeper

Clock = Callable[[], dt.datetime]
#: "code OP rc" for each COND operator.
COMPARE = {
    "GT": operator.gt,
    "GE": operator.ge,
    "EQ": operator.eq,
    "LT": operator.lt,
    "LE": operator.le,
    "NE": operator.ne,
}
#: First DSID of a job's own data sets (JESMSGLG 2, JESJCL 3, JESYSMSG 4 come first).
FIRST_DSID = 101


@dataclass
class StepRun:
    """What happened to one step.

    ``status`` is ``executed``, ``abended``, ``bypassed`` (COND or an earlier abend),
    ``not-run`` (an allocation error, or a JCL error earlier in the job).
    """

    step: Step
    status: str
    cc: int | None = None
    abend: str | None = None
    reason: str = "00000000"
    because: str = ""  # why a step was bypassed: "cond", "abend" or "if"
    statement: int = 0  # for "if": the IF statement that excluded it
    #: SYSOUT data sets: (DD name, DSID, lines).
    sysout: list[tuple[str, int, tuple[str, ...]]] = field(default_factory=list)
    #: JESYSMSG lines (allocation, IEF142I...) and JESMSGLG lines (CSV003I...).
    messages: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


@dataclass
class JobRun:
    """One job's run."""

    job: Job
    jobid: str
    start: dt.datetime
    end: dt.datetime
    steps: list[StepRun] = field(default_factory=list)
    allocation_failed: bool = False
    instream: dict[int, int] = field(default_factory=dict)  # id(DataDefinition) -> DSID

    @property
    def jcl_error(self) -> bool:
        return bool(self.job.errors) or self.allocation_failed

    @property
    def abend(self) -> StepRun | None:
        return next((s for s in self.steps if s.status == "abended"), None)

    @property
    def maxcc(self) -> int:
        return max((s.cc for s in self.steps if s.cc is not None), default=0)


@dataclass(frozen=True)
class Environment:
    """Where a job runs: its programs, queue managers, catalog directory and clock."""

    qmgrs: QueueManagers
    catalog: Catalog
    clock: Clock
    programs: Mapping[str, Program] = field(default_factory=lambda: PROGRAMS)
    encoding: str = "utf-8"
    #: The process running the job, as the state store names connection owners
    #: (:func:`mqsc.store.lease.process_owner`); "" for an in-memory run.
    owner: str = ""
    #: The RACF database TSO steps administer (the mqsc home's); None: each step a
    #: throw-away one.
    security: Keeper | None = None


def run(job: Job, env: Environment, *, jobid: str = "JOB00001") -> JobRun:
    """Run a parsed job."""
    start = env.clock()
    result = JobRun(job, jobid, start, start)
    result.instream = _instream_dsids(job)
    if job.errors or job.scan:
        result.steps = [StepRun(step, "not-run") for step in job.steps]
        return result
    next_dsid = FIRST_DSID + len(result.instream)
    decided: dict[int, bool] = {}
    temporaries: dict[str, str] = {}
    for step in job.steps:
        step = _with_temporaries(step, temporaries, job.name, start)
        if result.allocation_failed or _job_cond_met(job.cond, result.steps):
            result.steps.append(
                StepRun(step, "not-run" if result.allocation_failed else "bypassed", because="cond")
            )
            continue
        abended = result.abend is not None
        branch = _if_branch(step, result, decided)
        if branch is not None:
            result.steps.append(StepRun(step, "bypassed", because="if", statement=branch))
            continue
        if abended and step.when and any(jclif.mentions_abend(c.expression) for c in step.when):
            abended = False  # the construct tests for the abend: its clause runs
        if _bypassed(step.cond, result.steps, abended):
            after_abend = abended and not (step.cond.even or step.cond.only)
            result.steps.append(
                StepRun(step, "bypassed", because="abend" if after_abend else "cond")
            )
            continue
        missing = _missing_data_set(step, env.catalog)
        if missing is not None:
            result.allocation_failed = True
            result.steps.append(
                StepRun(
                    step,
                    "not-run",
                    messages=[
                        systemmsgs.line("IEF212I", job=job.name, step=_label(step), dd=missing.name)
                    ],
                )
            )
            continue
        step_run, next_dsid = _execute(job, step, env, result, next_dsid)
        result.steps.append(step_run)
    for name in temporaries.values():
        # Passed temporary data sets are deleted when the job ends (MVS JCL Reference,
        # "DISP parameter": PASS).
        env.catalog.delete(name)
    result.end = env.clock()
    return result


def _with_temporaries(step: Step, names: dict[str, str], job: str, start: dt.datetime) -> Step:
    """The step with its temporary data sets (``DSN=&&name``) named as z/OS names them for
    this job, ``SYSyyddd.Thhmmss.RA000.jobname.name.H01`` (z/OS MVS JCL Reference,
    "Temporary data sets"): the same ``&&name`` is the same data set in every step."""

    def real(dd: DataDefinition) -> DataDefinition:
        if dd.kind != "dsn" or not dd.dsn.startswith("&&"):
            return dd
        temp = dd.dsn[2:]
        name = names.setdefault(temp, f"SYS{start:%y%j}.T{start:%H%M%S}.RA000.{job}.{temp}.H01")
        return replace(dd, dsn=name)

    def temporary(dd: DataDefinition) -> bool:
        return any(p.kind == "dsn" and p.dsn.startswith("&&") for p in dd.parts)

    if not any(temporary(dd) for dd in step.dds):
        return step
    # DDs without temporaries stay the same objects: the listing finds their in-stream data
    # by identity.
    dds = tuple(
        replace(real(dd), concatenation=tuple(real(c) for c in dd.concatenation))
        if temporary(dd)
        else dd
        for dd in step.dds
    )
    return replace(step, dds=dds)


def _label(step: Step) -> str:
    """``STEP`` or, for a procedure step, ``STEP PROCSTEP`` (as z/OS messages name it)."""
    return f"{step.name} {step.procstep}".rstrip()


def _if_branch(step: Step, result: JobRun, decided: dict[int, bool]) -> int | None:
    """The IF statement whose clause excludes the step, or None. Each IF is evaluated once,
    when the first step after it is reached, on the steps run so far (JCL Reference,
    IF/THEN/ELSE/ENDIF Example 9: later steps do not change the decision)."""
    for clause in step.when:
        if clause.statement not in decided:
            decided[clause.statement] = jclif.evaluate(clause.expression, _facts(result))
        if decided[clause.statement] != clause.then:
            return clause.statement
    return None


def _facts(result: JobRun) -> list[jclif.StepFact]:
    return [
        jclif.StepFact(
            s.step.name, s.step.procstep, s.status in ("executed", "abended"), s.cc, s.abend
        )
        for s in result.steps
    ]


def _instream_dsids(job: Job) -> dict[int, int]:
    """JES2 spools in-stream data when it reads the job: DSIDs 101, 102... in job order."""
    dsids: dict[int, int] = {}
    for step in job.steps:
        for dd in step.dds:
            for part in dd.parts:
                if part.kind == "instream":
                    dsids[id(part)] = FIRST_DSID + len(dsids)
    return dsids


def _job_cond_met(tests: tuple[CondTest, ...], done: list[StepRun]) -> bool:
    """JOB COND: once a test holds for a step that ran, every remaining step is bypassed."""
    return any(COMPARE[t.operator](t.code, s.cc) for t in tests for s in done if s.cc is not None)


def _bypassed(cond: Cond, done: list[StepRun], abended: bool) -> bool:
    if abended and not (cond.even or cond.only):
        return True
    if cond.only and not abended:
        return True
    for test in cond.tests:
        for s in done:
            if s.cc is None or (test.step is not None and s.step.name != test.step):
                continue
            if COMPARE[test.operator](test.code, s.cc):
                return True
    return False


def _missing_data_set(step: Step, catalog: Catalog) -> DataDefinition | None:
    for dd in step.dds:
        for part in dd.parts:
            if (
                part.kind == "dsn"
                and part.disp[0] in ("SHR", "OLD")
                and not catalog.exists(part.dsn, part.member)
            ):
                return dd
    return None


@dataclass
class _CatalogQueueManagers:
    """The job's queue managers, each consulting the job's catalog for the clusters DEFINE
    PSID DSN(...) names: page sets a job adds are the clusters its IDCAMS and CSQUTIL FORMAT
    steps made. Remembers which queue managers a step used."""

    env: Environment
    used: list = field(default_factory=list)

    def __call__(self, name: str):
        qm = self.env.qmgrs(name)
        if qm is not None:
            qm.vsam = self.env.catalog
            qm.logcatalog = self.env.catalog
            self.used.append(qm)
        return qm


def _stamp_clusters(qmgrs: list, catalog: Catalog) -> None:
    """Clusters a queue manager now uses as page sets remember which (PAGEINFO prints it; the
    page set functions refuse a running queue manager's page sets)."""
    for qm in qmgrs:
        for ps in qm.state.tables["pageset"].values():
            cluster = catalog.cluster(ps.dsn) if ps.dsn else None
            if cluster is not None and (cluster.qmgr, cluster.psid) != (qm.name, ps.psid):
                catalog.put_cluster(replace(cluster, qmgr=qm.name, psid=ps.psid))


def _allocate_new(dds: Iterable[DataDefinition], catalog: Catalog, clock: Clock) -> None:
    """DISP=NEW data sets (and DISP=MOD ones that do not exist yet) exist from allocation on,
    before the program runs, whether or not it writes them: IEFBR14 does nothing, yet its step
    creates and catalogs them (MVS JCL Reference, "DISP parameter"), with the attributes the
    DD statement gives (DCB, SPACE, DSNTYPE, VOL=SER) and the day they were made."""
    for dd in dds:
        for part in dd.parts:
            if (
                part.kind == "dsn"
                and part.disp[0] in ("NEW", "MOD")
                and not catalog.exists(part.dsn, part.member)
            ):
                made = not catalog.exists(part.dsn)
                if part.partitioned and not part.member:
                    catalog.create_library(part.dsn)
                else:
                    catalog.write(part.dsn, part.member, "")
                if made and part.allocation is not None:
                    catalog.record(
                        part.dsn, replace(part.allocation, created=clock().strftime("%Y/%m/%d"))
                    )


def _execute(
    job: Job, step: Step, env: Environment, run_: JobRun, next_dsid: int
) -> tuple[StepRun, int]:
    sysout_dsids = {}
    for dd in step.dds:
        if dd.kind == "sysout":
            sysout_dsids[dd.name] = next_dsid
            next_dsid += 1
    qmgrs = _CatalogQueueManagers(env)
    ctx = StepContext(
        job.name,
        step.name,
        step.program,
        step.parm,
        {dd.name: dd for dd in step.dds},
        qmgrs,
        env.clock,
        env.catalog,
        env.encoding,
        user=job.owner,
        owner=env.owner,
        security=env.security,
    )
    program = env.programs.get(step.program)
    step_run = StepRun(step, "executed")
    if program is None:
        outcome = StepOutcome(abend="S806", reason="00000004")
        step_run.log += [
            systemmsgs.line("CSV003I", module=step.program),
            systemmsgs.line("CSV028I", job=job.name, step=step.name),
        ]
    else:
        outcome = StepOutcome(abend="S0C4")
        try:
            outcome = _call(program, ctx, step_run)
        finally:
            # A step that abends ends its connections abnormally: its units of work in
            # flight are backed out (mqsc/engine/connregistry.py).
            ctx.disconnect(abnormal=outcome.abend is not None)
    if outcome.abend is not None:
        step_run.status, step_run.abend, step_run.reason = "abended", outcome.abend, outcome.reason
        system, user = systemmsgs.abend_codes(outcome.abend)
        step_run.log.append(
            systemmsgs.line(
                "IEF450I",
                job=job.name,
                step=_label(step),
                system=system,
                user=user,
                reason=outcome.reason,
            )
        )
    else:
        step_run.cc = max(0, min(outcome.cc, 4095))
    step_run.log += ctx.log
    _stamp_clusters(qmgrs.used, env.catalog)
    for dd in step.dds:
        if dd.kind == "dsn" and dd.disp[1] == "DELETE":
            env.catalog.delete(dd.dsn, dd.member)
    step_run.sysout = [
        (name, sysout_dsids[name], tuple(ctx.sysout[name]))
        for name in sysout_dsids
        if ctx.sysout.get(name)
    ]
    return step_run, next_dsid


def _call(program: Program, ctx: StepContext, step_run: StepRun) -> StepOutcome:
    """Run a program; a data set it cannot read or write ends it as an I/O abend would, and
    an mqsc bug in it (any other exception) abends it too, unless MQSC_STRICT=1."""
    try:
        _allocate_new(ctx.dds.values(), ctx.catalog, ctx.clock)
        return program(ctx)
    except DataSetError as error:
        step_run.log.append(
            systemmsgs.emulator_line("MQSC212E", program=ctx.program, problem=str(error))
        )
        return StepOutcome(abend="S013", reason="00000018")
    except Exception as error:  # noqa: BLE001 - the engine's own convention (MQSC017E)
        if os.environ.get("MQSC_STRICT"):
            raise
        step_run.log.append(
            systemmsgs.emulator_line(
                "MQSC212E", program=ctx.program, problem=f"{type(error).__name__}: {error}"
            )
        )
        return StepOutcome(abend="S0C4", reason="00000004")
