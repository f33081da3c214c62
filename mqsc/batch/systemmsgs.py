"""z/OS system messages of a job listing (JES2, the converter, allocation, the loader).

These are z/OS messages, not MQ ones, so they live here rather than in :mod:`mqsc.catalog.texts`.
Each entry says whether its layout is VERIFIED (seen in a real job log quoted by a
public source, or in a public capture of the code index) or UNVERIFIED
(from third-party tooling or recollection: correct it here and every listing follows).
Several keys share a message id when z/OS words one id several ways ($HASP395 RC= or ABEND=).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mqsc.catalog import texts


@dataclass(frozen=True, slots=True)
class SystemMessage:
    """One message layout: the id printed, the text after it, and the evidence."""

    key: str
    msg_id: str
    template: str
    verified: bool
    evidence: str


def _s(key: str, template: str, verified: bool, evidence: str, msg_id: str = "") -> SystemMessage:
    return SystemMessage(key, msg_id or key.split(".")[0], template, verified, evidence)


V, U = True, False
_ANSIBLE = "secondary sources: IBM Ansible collection sample job log, z/OS 2.x"
_S806 = "real S806 job log (code index id 10097234697)"
_TOOLS = "third-party job-log tooling in the code index (several agree)"
_IDCAMS = (
    "IBM z/OS Ansible collection test captures of IDCAMS SYSPRINT (code index ids "
    "33734995581, 32215121904)"
)

_TABLE: tuple[SystemMessage, ...] = (
    # ---- JES2 -------------------------------------------------------------------------------
    _s(
        "$HASP373",
        "{job:<8} STARTED - INIT {init:<4} - CLASS {jobclass:<8} - SYS {system}",
        V,
        _ANSIBLE,
    ),
    _s("$HASP395", "{job:<8} ENDED - RC={rc:04d}", V, _ANSIBLE),
    _s(
        "$HASP395.ABEND",
        "{job:<8} ENDED - ABEND={abend}",
        U,
        "third-party JES2 emulator test (code index id 69181351343)",
    ),
    _s(
        "$HASP395.JCL",
        "{job:<8} ENDED - JCL ERROR",
        U,
        "third-party JES2 emulator (code index id 71310488749)",
    ),
    # The seed shows MAXCC=0000; real notify lines have two blanks before MAXCC (secondary sources).
    _s(
        "$HASP165",
        "{job:<8} ENDED AT {node}  MAXCC={maxcc:04d} CN(INTERNAL)",
        V,
        "secondary sources (code index ids 25673058331, 31474647327)",
    ),
    _s(
        "$HASP165.ABEND",
        "{job:<8} ENDED AT {node} - ABENDED {system} {user} CN(INTERNAL)",
        U,
        "recollection; JES2 exit 016 text varies by installation (secondary sources)",
    ),
    _s(
        "$HASP165.JCL",
        "{job:<8} ENDED AT {node} - JCL ERROR CN(INTERNAL)",
        V,
        "secondary sources (code index id 70233891989)",
    ),
    _s("IRR010I", " USERID {user:<8} IS ASSIGNED TO THIS JOB.", V, _ANSIBLE),
    # ---- initiator and allocation -----------------------------------------------------------
    _s("IEF236I", "ALLOC. FOR {job} {step}", V, _ANSIBLE),
    _s("IEF237I", "{unit} ALLOCATED TO {dd}", V, _ANSIBLE),
    _s("IEF142I", "{job} {step} - STEP WAS EXECUTED - COND CODE {cc:04d}", V, _ANSIBLE),
    _s(
        "IEF202I",
        "{job} {step} - STEP WAS NOT RUN BECAUSE OF CONDITION CODES",
        U,
        "recollection (the COND counterpart of IEF206I, secondary sources)",
    ),
    _s(
        "IEF206I",
        "{job} {step} - STEP WAS NOT RUN BECAUSE OF CONDITIONAL EXPRESSION ON "
        "STATEMENT {statement}",
        V,
        "a real IF/THEN/ELSE job log (code index id 3655782697)",
    ),
    _s(
        "IEF272I",
        "{job} {step} - STEP WAS NOT EXECUTED",
        V,
        "secondary sources (real output, code index id 67392524355)",
    ),
    _s("IEF285I", "  {dsn:<44} {disposition}", V, _ANSIBLE),
    _s("IEF373I", "STEP/{step:<8}/START {stamp}", V, _ANSIBLE),
    # IEF032I and IEF033I carry a second line of CPU and SRB times: a property of a real
    # machine the emulator does not print.
    _s("IEF032I", "STEP/{step:<8}/STOP  {stamp}", V, _ANSIBLE + " (CPU line left out)"),
    _s("IEF375I", " JOB/{job:<8}/START {stamp}", V, _ANSIBLE),
    _s("IEF033I", " JOB/{job:<8}/STOP  {stamp}", V, _ANSIBLE + " (CPU line left out)"),
    _s("IEF212I", "{job} {step} {dd} - DATA SET NOT FOUND", U, _TOOLS),
    _s("IEF453I", "{job} - JOB FAILED - JCL ERROR", U, _TOOLS),
    # ---- TSO/E dynamic allocation (as z/OSMF's data set service reports it) ----------------
    _s(
        "IKJ56228I",
        "DATA SET {dsn} NOT IN CATALOG OR CATALOG CAN NOT BE ACCESSED",
        V,
        "a public capture of z/OSMF's error report for a data set not cataloged (code index "
        "id 1754712565)",
    ),
    # ---- program fetch and abends ----------------------------------------------------------
    _s("CSV003I", "REQUESTED MODULE {module:<8} NOT FOUND", V, _S806),
    _s("CSV028I", "ABEND806-04  JOBNAME={job:<8}  STEPNAME={step}", V, _S806),
    _s("IEF450I", "{job} {step} - ABEND={system} {user} REASON={reason}", U, _TOOLS),
    # ---- IDCAMS (DFSMS Access Method Services) --------------------------------------------
    _s("IDC0508I", "DATA ALLOCATION STATUS FOR VOLUME {volume} IS 0", V, _IDCAMS),
    _s("IDC0550I", "ENTRY ({kind}) {name} DELETED", V, _IDCAMS),
    _s("IDC0551I", "** ENTRY {name} NOT DELETED", V, _IDCAMS),
    _s("IDC0001I", "FUNCTION COMPLETED, HIGHEST CONDITION CODE WAS {cc}", V, _IDCAMS),
    _s("IDC0002I", "IDCAMS PROCESSING COMPLETE. MAXIMUM CONDITION CODE WAS {cc}", V, _IDCAMS),
    _s("IDC1566I", "** {name} NOT LISTED", V, _IDCAMS),
    _s("IDC3003I", "FUNCTION TERMINATED. CONDITION CODE IS {cc}", V, _IDCAMS),
    _s(
        "IDC3009I",
        "** VSAM CATALOG RETURN CODE IS {rc} - REASON CODE IS {module}-{reason}",
        V,
        _IDCAMS + "; return code 184 (data set in use) and its module/reason are recollection",
    ),
    _s("IDC3012I", "ENTRY {name} NOT FOUND", V, _IDCAMS),
    _s("IDC3013I", "DUPLICATE DATA SET NAME", V, _IDCAMS),
    _s("IDC3202I", "ABOVE TEXT BYPASSED UNTIL NEXT COMMAND. CONDITION CODE IS 12", V, _IDCAMS),
    _s("IDC3203I", "ITEM '{item}' DOES NOT ADHERE TO RESTRICTIONS", V, _IDCAMS),
    _s(
        "IDC3211I",
        "KEYWORD '{keyword}' IS IMPROPER",
        V,
        "a real IDCAMS listing in the code index (id 66525925615)",
    ),
    _s("IDC3219I", "VERB NAME '{verb}' UNKNOWN", U, "recollection"),
    _s(
        "IDC3221I",
        "REQUIRED PARAMETER {keyword} NOT SPECIFIED",
        U,
        "recollection (the id and wording of IDCAMS's missing-parameter message)",
    ),
    # ---- IEBGENER (DFSMSdfp Utilities) -------------------------------------------------------
    _s(
        "IEB352I",
        "WARNING: ONE OR MORE OF THE OUTPUT DCB PARMS COPIED FROM INPUT",
        V,
        "IBM z/OS Ansible collection IEBGENER captures (code index ids 4620021501, 11805737622)",
    ),
    _s("IEB316I", "DDNAME {dd} CANNOT BE OPENED", U, "recollection"),
    # ---- the converter: JCL errors (JESYSMSG lists them by statement number) ---------------
    _s("IEFC013I", "ERROR IN IF STATEMENT: {problem}", U, "recollection"),
    _s("IEFC014I", "UNMATCHED {statement} STATEMENT", U, "recollection"),
    _s(
        "IEFC015I",
        "IF/THEN/ELSE/ENDIF CONSTRUCTS NESTED MORE THAN 15 DEEP",
        U,
        "recollection (the limit is the JCL Reference's)",
    ),
    _s("IEFC609I", "PROCEDURE STEP {procstep} NOT FOUND", U, "recollection"),
    _s("IEFC612I", "PROCEDURE {name} WAS NOT FOUND", U, _TOOLS),
    _s(
        "IEFC653I",
        "SUBSTITUTION JCL - {text}",
        V,
        "real JESJCL listings with XX/++ procedure statements (code index ids 31340742675, "
        "11869176033)",
    ),
    _s("IEFC452I", "{job} - JOB NOT RUN - JCL ERROR", U, _TOOLS),
    _s("IEFC005I", "JOB STATEMENT MISSING", U, "recollection"),
    _s(
        "IEFC007I",
        "UNBALANCED PARENTHESES OR APOSTROPHES ON THE {what} STATEMENT",
        U,
        "recollection",
    ),
    _s("IEFC019I", "MISPLACED DD STATEMENT", U, "recollection"),
    _s("IEFC605I", "UNIDENTIFIED OPERATION FIELD", U, _TOOLS),
    _s("IEFC607I", "JOB HAS NO STEPS", U, "recollection"),
    _s("IEFC620I", "UNIDENTIFIED POSITIONAL PARAMETER", U, "recollection"),
    _s("IEFC621I", "EXPECTED CONTINUATION NOT RECEIVED", U, _TOOLS),
    _s("IEFC630I", "UNIDENTIFIED KEYWORD {keyword}", U, _TOOLS),
    _s("IEFC630I.COND", "INVALID COND PARAMETER", U, "recollection", "IEFC630I"),
    _s("IEFC630I.DSN", "INVALID DSNAME {dsn}", U, "recollection", "IEFC630I"),
    _s("IEFC662I", "INVALID LABEL", U, "recollection"),
    _s("IEF642I", "EXCESSIVE PARAMETER LENGTH IN THE {field} FIELD", U, _TOOLS),
)

MESSAGES: Mapping[str, SystemMessage] = {m.key: m for m in _TABLE}


def line(key: str, **inserts: object) -> str:
    """A message line: id, blank, text.

    >>> line("IEF142I", job="USER1IO", step="LOADUSE", cc=0)
    'IEF142I USER1IO LOADUSE - STEP WAS EXECUTED - COND CODE 0000'
    """
    entry = MESSAGES[key]
    return f"{entry.msg_id} {entry.template.format_map(inserts)}"


def emulator_line(msg_id: str, **inserts: object) -> str:
    """One of mqsc's own messages (:mod:`mqsc.catalog.texts`) in a job log."""
    return texts.line(msg_id, inserts, None)


def abend_codes(abend: str) -> tuple[str, str]:
    """The system and user completion codes of an abend, as IEF450I prints them.

    >>> abend_codes("S806"), abend_codes("U0016")
    (('S806', 'U0000'), ('S000', 'U0016'))
    """
    if abend.startswith("U"):
        return "S000", f"U{int(abend[1:]):04d}"
    return abend, "U0000"
