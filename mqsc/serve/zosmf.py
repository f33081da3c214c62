"""The z/OSMF REST services the Zowe CLI uses: info, the console service, the jobs service.

Framework-free like :mod:`mqsc.serve.mqrest`. Sources (IBM z/OS Management Facility,
"Programming Guide"): "z/OSMF information retrieval service" (``GET /zosmf/info``), "z/OS
console services" (``PUT /zosmf/restconsoles/consoles/{name}`` with ``cmd``, ``sol-key``,
``async``; ``GET .../solmsgs/{key}``), "z/OS jobs REST interface" (``PUT
/zosmf/restjobs/jobs`` with JCL text, list, status, ``files``, ``files/{id}/records``,
``DELETE`` to purge).

A console command whose first word is a queue manager's command prefix (``QMZ1 DIS USAGE``,
or ``/QMZ1 ...`` as typed at SDSF) goes to that queue manager as from the console; any other
is answered as MVS answers a command it does not know (mqsc's own MQSC007E: no source for the
MVS message was found). Jobs run through the same runner as ``mqsc job``
(:mod:`mqsc.batch.runner`), and their held output is their spool.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import re
import secrets
import threading
from dataclasses import dataclass
from typing import Any

from mqsc.batch import jcl, jes, names, runner, spool
from mqsc.batch.datasets import DataSetError, home_catalog
from mqsc.catalog import CommandSource, texts
from mqsc.engine.records import Issuer
from mqsc.language.source import Source
from mqsc.render import consoletext
from mqsc.serve.mqrest import Answer
from mqsc.serve.qmgrs import NoSuchQmgr, QmgrUnavailable, Registry
from mqsc.store.home import home, security_store
from mqsc.store.lease import process_owner

#: Jobs and uncollected console responses kept at most.
MAX_KEPT = 1000
#: z/OSMF separates the lines of a console response with carriage returns.
CR = "\r"
#: The system the lab runs on (mqsc.batch.jes.SYSTEM) and its JES.
SYSTEM, JES = jes.SYSTEM, "JES2"
#: What /zosmf/info reports (UNVERIFIED values of a z/OS 2.5 system; the fields are IBM's).
ZOSMF_VERSION, ZOS_VERSION = "27", "04.27.00"


def info(host: str) -> Answer:
    """GET /zosmf/info: the z/OSMF and z/OS this server stands for."""
    return Answer(
        200,
        {
            "zos_version": ZOS_VERSION,
            "zosmf_port": "",
            "zosmf_version": ZOSMF_VERSION,
            "zosmf_hostname": host,
            "zosmf_saf_realm": "SAFRealm",
            "zosmf_full_version": "27.0",
            "api_version": "1",
            "plugins": [
                {
                    "pluginVersion": "HSMA250",
                    "pluginDefaultName": "z/OS Operator Consoles",
                    "pluginStatus": "ACTIVE",
                }
            ],
        },
    )


# ---- console -------------------------------------------------------------------------------
class Consoles:
    """Command responses kept for ``solmsgs`` follow-ups, by response key."""

    def __init__(self, registry: Registry) -> None:
        self.registry = registry
        self._pending: dict[str, list[str]] = {}
        self._lock = threading.Lock()

    def issue(self, console_name: str, body: object, base_url: str, user: str = "") -> Answer:
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("cmd"), str)
            or not body["cmd"].strip()
        ):
            return _zosmf_error(
                400, "IZUG807E", "The request body must hold 'cmd', the command to issue."
            )
        sol_key = body.get("sol-key")
        if sol_key is not None and not isinstance(sol_key, str):
            return _zosmf_error(400, "IZUG807E", "'sol-key' must be a string.")
        lines = self.run(body["cmd"], user)
        key = f"C{secrets.randbelow(10**7):07d}"
        uri = f"/zosmf/restconsoles/consoles/{console_name}/solmsgs/{key}"
        out: dict[str, Any] = {
            "cmd-response-key": key,
            "cmd-response-url": base_url + uri,
            "cmd-response-uri": uri,
        }
        if str(body.get("async", "N")).upper() == "Y":
            with self._lock:
                if len(self._pending) >= MAX_KEPT:  # responses never collected: oldest go
                    del self._pending[next(iter(self._pending))]
                self._pending[key] = lines
        else:
            out["cmd-response"] = CR.join(lines)
            if sol_key:
                out["sol-key-detected"] = any(sol_key.upper() in x.upper() for x in lines)
        return Answer(200, out)

    def solmsgs(self, key: str) -> Answer:
        """What is left of a response; an empty response once it has been collected."""
        with self._lock:
            lines = self._pending.pop(key, [])
        return Answer(200, {"cmd-response": CR.join(lines), "sol-key-detected": False})

    def run(self, command: str, user: str = "") -> list[str]:
        """The console lines a command gets (``user``: the z/OS user id of the z/OSMF user
        issuing it, whom events name and the security manager checks)."""
        text = command.strip()
        routed = self.registry.by_cpf_prefix(text.lstrip("/") if text.startswith("/") else text)
        if routed is None:
            word = text.split()[0]
            return [texts.line("MQSC007E", {"command": word.upper()}, None)]
        name, mqsc_text = routed
        try:

            def work(qm):
                who = Issuer(user.upper()[:8], user.upper()[:8]) if user else None
                with qm.acting_as(who):
                    return qm.execute(
                        mqsc_text, source=CommandSource.CONSOLE, user=user.upper()[:8] or None
                    )

            result = self.registry.run(name, work)
        except (NoSuchQmgr, QmgrUnavailable):
            return [texts.line("MQSC007E", {"command": text.split()[0].upper()}, None)]
        return consoletext.console_lines(result)


def _zosmf_error(status: int, msgid: str, message: str) -> Answer:
    # z/OSMF's error body (z/OSMF Programming Guide, "Error handling" of the console and jobs
    # services): return code, reason code and message (UNVERIFIED codes).
    return Answer(status, {"rc": 4, "reason": 0, "msgid": msgid, "message": message, "category": 6})


# ---- jobs ----------------------------------------------------------------------------------
@dataclass
class HeldJob:
    run: runner.JobRun | None
    jobname: str
    jobid: str
    owner: str
    retcode: str
    files: list[jes.SpoolDataSet]
    correlator: str


class Jobs:
    """Submitted jobs and their held output, by job id (kept until purged or the server
    stops)."""

    def __init__(self, registry: Registry, clock=None) -> None:
        self.registry = registry
        self.clock = clock or dt.datetime.now
        self._jobs: dict[str, HeldJob] = {}
        # The home's JES2 counter, shared with `mqsc job` (docs/batch.md); a --memory server
        # numbers from its own.
        self._numbers = spool.numbers(home(), memory=registry.memory)
        self._lock = threading.Lock()

    def submit(self, jcl_text: str, owner: str, base_url: str) -> Answer:
        source = Source(jcl_text, "SUBMIT")
        jobs = jcl.parse(source, owner=owner)
        if not jobs:
            return _zosmf_error(400, "IEFC452I", "No JOB statement was found in the JCL.")
        held = [self._run(job, owner) for job in jobs]
        # z/OSMF answers a submit with the document of the (first) job submitted.
        return Answer(201, self.document(held[0], base_url))

    def submit_file(self, spec: object, owner: str, base_url: str) -> Answer:
        """PUT /zosmf/restjobs/jobs with ``{"file": "//'DSN(MEMBER)'"}``: the JCL a data set (or
        member) of the home's catalog holds, submitted as if it were sent ("z/OS jobs REST
        interface", "Submit a job": the file is ``//'data set'`` or a z/OS UNIX path)."""
        if not isinstance(spec, str):
            return _submit_error("'file' must name a data set: //'DSN' or //'DSN(MEMBER)'")
        match = re.fullmatch(r"//'([^']{1,54})'", spec.strip())
        if match is None:
            return _submit_error(
                f"{spec[:60]!r} is not a data set (//'DSN(MEMBER)'): the simulated system "
                "has no z/OS UNIX files"
            )
        found = names.dataset(match.group(1).strip().upper())
        if found is None:
            return _submit_error(f"{match.group(1)[:54]!r} is not a z/OS data set name")
        dsn, member = found
        catalog = home_catalog()
        shown = f"{dsn}({member})" if member else dsn
        if not catalog.exists(dsn, member) or catalog.path(dsn).is_dir() and not member:
            return _submit_error(f"Data set {shown} not found", status=404, reason=9)
        try:
            text = catalog.read(dsn, member)
        except DataSetError as problem:
            return _submit_error(str(problem), status=500)
        return self.submit(text, owner, base_url)

    def _run(self, job: jcl.Job, owner: str) -> HeldJob:
        jobid = spool.jobid(self._numbers.take())
        env = runner.Environment
        security = security_store()
        try:
            with self.registry.holding() as connect:
                result = runner.run(
                    job,
                    env(
                        connect,
                        home_catalog(),
                        self.clock,
                        owner=process_owner(),
                        security=security,
                    ),
                    jobid=jobid,
                )
        finally:
            security.close()
        held = HeldJob(
            result,
            result.job.name or "JOB",
            jobid,
            owner,
            retcode(result),
            jes.data_sets(result),
            f"J{jobid[3:]}{SYSTEM}{secrets.token_hex(6)}".upper(),
        )
        with self._lock:
            if len(self._jobs) >= MAX_KEPT:  # a full spool: the oldest job's output goes
                del self._jobs[next(iter(self._jobs))]
            self._jobs[jobid] = held
        return held

    def find(self, jobname: str, jobid: str) -> HeldJob | None:
        held = self._jobs.get(jobid.upper())
        if held is None or held.jobname.upper() != jobname.upper():
            return None
        return held

    def document(self, held: HeldJob, base_url: str) -> dict[str, Any]:
        url = f"{base_url}/zosmf/restjobs/jobs/{held.jobname}/{held.jobid}"
        return {
            "jobid": held.jobid,
            "jobname": held.jobname,
            "subsystem": JES,
            "owner": held.owner,
            "status": "OUTPUT",
            "type": "JOB",
            "class": "A",
            "retcode": held.retcode,
            "url": url,
            "files-url": url + "/files",
            "job-correlator": held.correlator,
            "phase": 20,
            "phase-name": "Job is on the hard copy queue",
        }

    def listing(self, owner: str | None, prefix: str | None, base_url: str) -> Answer:

        out = []
        for held in list(self._jobs.values()):
            if owner not in (None, "", "*") and not fnmatch.fnmatchcase(held.owner, owner.upper()):
                continue
            if prefix not in (None, "", "*") and not fnmatch.fnmatchcase(
                held.jobname, prefix.upper()
            ):
                continue
            out.append(self.document(held, base_url))
        return Answer(200, out)

    def status(self, jobname: str, jobid: str, base_url: str) -> Answer:
        held = self.find(jobname, jobid)
        if held is None:
            return _no_job(jobname, jobid)
        return Answer(200, self.document(held, base_url))

    def files(self, jobname: str, jobid: str, base_url: str) -> Answer:
        held = self.find(jobname, jobid)
        if held is None:
            return _no_job(jobname, jobid)
        url = f"{base_url}/zosmf/restjobs/jobs/{held.jobname}/{held.jobid}/files"
        return Answer(
            200,
            [
                {
                    "jobname": held.jobname,
                    "jobid": held.jobid,
                    "owner": held.owner,
                    "recfm": "UA",
                    "lrecl": 133,
                    "byte-count": sum(len(x) + 1 for x in f.lines),
                    "record-count": len(f.lines),
                    "job-correlator": held.correlator,
                    "class": "A",
                    "id": f.dsid,
                    "ddname": f.ddname,
                    "stepname": f.stepname,
                    "procstep": None,
                    "subsystem": JES,
                    "records-url": f"{url}/{f.dsid}/records",
                }
                for f in held.files
            ],
        )

    def records(self, jobname: str, jobid: str, dsid: str) -> Answer | str:
        held = self.find(jobname, jobid)
        if held is None:
            return _no_job(jobname, jobid)
        for f in held.files:
            if str(f.dsid) == dsid:
                return "".join(x + "\n" for x in f.lines)
        return _zosmf_error(400, "IZUG1103E", f"No spool file {dsid} for job {jobname} {jobid}.")

    def purge(self, jobname: str, jobid: str) -> Answer:
        held = self.find(jobname, jobid)
        if held is None:
            return _no_job(jobname, jobid)
        with self._lock:
            self._jobs.pop(held.jobid, None)
        return Answer(
            200,
            {
                "jobid": held.jobid,
                "jobname": held.jobname,
                "original-jobid": held.jobid,
                "owner": held.owner,
                "member": JES,
                "sysname": SYSTEM,
                "job-correlator": held.correlator,
                "status": "0",
                "message": "Request was successful.",
            },
        )


def _submit_error(message: str, *, status: int = 400, reason: int = 0) -> Answer:
    # The jobs interface's error report (category 6, service: UNVERIFIED rc and reason).
    return Answer(status, {"rc": 4, "reason": reason, "category": 6, "message": message})


def _no_job(jobname: str, jobid: str) -> Answer:
    # z/OSMF jobs interface: an unknown job is HTTP 400, category 6 reason 10 (UNVERIFIED).
    return Answer(
        400,
        {
            "rc": 4,
            "reason": 10,
            "category": 6,
            "message": f"No job found for reference: '{jobname}({jobid})'",
        },
    )


def retcode(run: runner.JobRun) -> str:
    """The job's return code as z/OSMF shows it."""
    if run.jcl_error:
        return "JCL ERROR"
    if run.abend is not None:
        return f"ABEND {run.abend.abend}"
    return f"CC {run.maxcc:04d}"
