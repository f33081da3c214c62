"""IDCAMS (DFSMS Access Method Services): DEFINE CLUSTER, DELETE, LISTCAT and SET on the job's
catalog directory, with the SYSPRINT messages and condition codes of the real program.

What mqsc does with each command (DFSMS Access Method Services Commands, "DEFINE CLUSTER",
"DELETE", "LISTCAT", "SET"):

* ``DEFINE CLUSTER (NAME(n) CYLINDERS|TRACKS|RECORDS|KILOBYTES|MEGABYTES(p [s]) [VOLUMES(v)]
  [LINEAR|INDEXED|NONINDEXED|NUMBERED] ...) [DATA(...)] [INDEX(...)]``: catalogs a cluster with
  its space (the space may also be given under DATA). A linear cluster can then be formatted
  by CSQUTIL FORMAT and added as a page set; its pages are the space in whole 3390 tracks.
  A name the catalog already holds: IDC3013I, condition code 12.
* ``DELETE name [CLUSTER|NONVSAM] [PURGE] ...``: removes a cluster (IDC0550I for its data
  component and the cluster) or a non-VSAM data set; one that is not there: IDC3012I, code 8;
  a page set a running queue manager has open: catalog return code 184 (in use), code 8.
* ``LISTCAT [ENTRIES(names)|LEVEL(hlq)] [NAME|ALL]``: the entries, their data components and
  (with ALL) their allocation; a name not there: IDC3012I, IDC1566I, code 4.
* ``SET MAXCC=n`` / ``SET LASTCC=n``: as IDCAMS's modal commands.

Syntax errors end the command with IDC3211I/IDC3203I and IDC3202I (code 12); the rest of
SYSIN still runs, as IDCAMS goes on with the next command. The step's condition code is the
highest (MAXCC), printed in IDC0002I.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mqsc.batch.datasets import CATALOG_NAME, SPACE_UNITS, VOLUME, Catalog, Cluster
from mqsc.batch.names import is_dsn
from mqsc.batch.steps import StepContext, StepOutcome
from mqsc.batch.systemmsgs import line

#: The volume a cluster lands on when DEFINE gives none (SMS would choose one; UNVERIFIED).
DEFAULT_VOLUME = VOLUME
ORGANIZATIONS = ("LINEAR", "INDEXED", "NONINDEXED", "NUMBERED")
#: DEFINE CLUSTER keywords mqsc accepts and, apart from the ones it uses, ignores: they shape
#: a real data set's records and performance, not its size or existence.
CLUSTER_KEYWORDS = frozenset(
    {
        "NAME",
        "VOLUMES",
        "VOL",
        "SHAREOPTIONS",
        "SHR",
        "CONTROLINTERVALSIZE",
        "CISZ",
        "CISIZE",
        "RECORDSIZE",
        "RECSZ",
        "KEYS",
        "FREESPACE",
        "FSPC",
        "REUSE",
        "RUS",
        "NOREUSE",
        "NRUS",
        "SPEED",
        "RECOVERY",
        "ERASE",
        "NOERASE",
        "OWNER",
        "STORAGECLASS",
        "STORCLAS",
        "MANAGEMENTCLASS",
        "MGMTCLAS",
        "DATACLASS",
        "DATACLAS",
        "BUFFERSPACE",
        "BUFSP",
        "SPANNED",
        "NONSPANNED",
        "LOG",
        "LOGSTREAMID",
        "BWO",
        "IMBED",
        "REPLICATE",
        "EXTENDED",
        "DATABASE",
        "FOR",
        "TO",
        "MODEL",
        "ACCOUNT",
        "FILE",
        *SPACE_UNITS,
        *ORGANIZATIONS,
    }
)


# ---- reading SYSIN -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Command:
    """One IDCAMS command: its text with continuations joined, and the records it came from."""

    text: str
    echo: tuple[str, ...]


def commands(records: list[str]) -> list[Command]:
    """Commands of SYSIN: columns 1-72, ``/* */`` comments, a last ``-`` continues the command
    on the next record, a last ``+`` continues it at the next record's first non-blank (inside
    a word), ``;`` ends one. Comment-only records are echoed with the command that follows."""
    out: list[Command] = []
    text, echo = "", []
    in_comment = glue = False
    for record in records:
        card = record[:72].rstrip()
        echo.append(card)
        body, in_comment = _strip_comments(card, in_comment)
        body = body.strip() if glue else body.rstrip()
        text += body if glue else " " + body
        glue = text.endswith("+")
        if text.endswith(("-", "+")):
            text = text[:-1]
            continue
        if in_comment:
            continue
        pieces = [piece.strip() for piece in text.split(";") if piece.strip()]
        for index, piece in enumerate(pieces):
            out.append(Command(piece, tuple(echo) if index == 0 else ()))
        if pieces:
            echo = []
        text = ""
    if text.strip():
        out.append(Command(text.strip(), tuple(echo)))
    return out


def _strip_comments(card: str, in_comment: bool) -> tuple[str, bool]:
    out: list[str] = []
    i = 0
    while i < len(card):
        if in_comment:
            end = card.find("*/", i)
            if end < 0:
                return "".join(out), True
            i, in_comment = end + 2, False
        elif card.startswith("/*", i):
            in_comment = True
            i += 2
        else:
            out.append(card[i])
            i += 1
    return "".join(out), in_comment


# ---- parameters ----------------------------------------------------------------------------
Item = tuple[str, "list[Item] | None"]
_TOKEN = re.compile(r"\s*(?:('(?:[^']|'')*')|([^\s,()']+)|(\()|(\))|(,))")


class SyntaxProblem(Exception):
    """An item IDCAMS cannot take: IDC3203I."""


def items(text: str) -> list[Item]:
    """``KEY(sub ...)`` and bare words, nested."""
    stack: list[list[Item]] = [[]]
    pos = 0
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            if not text[pos:].strip():
                break
            raise SyntaxProblem(text[pos:].split()[0])
        pos = match.end()
        quoted, word, opening, closing, _ = match.groups()
        if quoted or word:
            stack[-1].append((quoted[1:-1].replace("''", "'") if quoted else word.upper(), None))
        elif opening:
            current = stack[-1]
            sub: list[Item] = []
            if current and current[-1][1] is None:
                current[-1] = (current[-1][0], sub)
            else:
                current.append(("", sub))
            stack.append(sub)
        elif closing:
            if len(stack) == 1:
                raise SyntaxProblem(")")
            stack.pop()
    if len(stack) != 1:
        raise SyntaxProblem("(")
    return stack[0]


def _words(sub: list[Item] | None) -> list[str]:
    return [name for name, _ in sub or [] if name]


# ---- running -------------------------------------------------------------------------------
@dataclass
class _Run:
    catalog: Catalog
    ctx: StepContext | None = None
    out: list[str] = field(default_factory=list)
    maxcc: int = 0
    lastcc: int = 0

    def msg(self, key: str, **inserts: object) -> None:
        self.out.append(line(key, **inserts))


def run_idcams(ctx: StepContext) -> StepOutcome:
    """``EXEC PGM=IDCAMS``: SYSIN commands, SYSPRINT, the highest condition code."""
    now = ctx.clock()
    state = _Run(ctx.catalog, ctx)
    state.out += [
        f"IDCAMS  SYSTEM SERVICES{'':43}TIME: {now:%H:%M:%S}{'':8}{now:%m/%d/%y}{'':5}PAGE      1",
        "",
    ]
    records = ctx.read("SYSIN").text.splitlines() if ctx.has("SYSIN") else []
    for command in commands(records):
        state.out += list(command.echo)
        cc = _command(state, command.text)
        if cc is not None:
            state.lastcc = cc
            state.maxcc = max(state.maxcc, cc)
        state.out.append("")
    state.out += ["", line("IDC0002I", cc=state.maxcc)]
    ctx.print("SYSPRINT", state.out)
    return StepOutcome(cc=state.maxcc)


def _command(state: _Run, text: str) -> int | None:
    """Run one command; its condition code (None for SET, which sets the codes itself)."""
    verb, _, rest = text.partition(" ")
    verb = verb.upper()
    try:
        if verb in ("DEFINE", "DEF"):
            return _define(state, items(rest))
        if verb in ("DELETE", "DEL"):
            return _delete(state, items(rest))
        if verb in ("LISTCAT", "LISTC"):
            return _listcat(state, items(rest))
        if verb == "SET":
            return _set(state, rest)
    except SyntaxProblem as problem:
        state.msg("IDC3203I", item=str(problem))
        state.msg("IDC3202I")
        return 12
    state.msg("IDC3219I", verb=verb)
    state.msg("IDC3202I")
    return 12


def _bypassed(state: _Run, key: str, **inserts: object) -> int:
    state.msg(key, **inserts)
    state.msg("IDC3202I")
    return 12


def _define(state: _Run, parsed: list[Item]) -> int:
    if not parsed or parsed[0][0] not in ("CLUSTER", "CL") or parsed[0][1] is None:
        what = parsed[0][0] if parsed else "DEFINE"
        return _bypassed(state, "IDC3211I", keyword=what)
    cluster_params = dict(parsed[0][1])
    data_params: dict[str, list[Item] | None] = {}
    for name, sub in parsed[1:]:
        if name in ("DATA", "INDEX") and sub is not None:
            if name == "DATA":
                data_params = {k: v for k, v in sub}
        elif name != "CATALOG":
            return _bypassed(state, "IDC3211I", keyword=name)
    for key in [*cluster_params, *data_params]:
        if key not in CLUSTER_KEYWORDS:
            return _bypassed(state, "IDC3211I", keyword=key)
    names = _words(cluster_params.get("NAME"))
    if len(names) != 1:
        return _bypassed(state, "IDC3221I", keyword="NAME")
    name = names[0]
    if not is_dsn(name):
        return _bypassed(state, "IDC3203I", item=name)
    space = _space(cluster_params) or _space(data_params)
    if space is None:
        return _bypassed(state, "IDC3221I", keyword="space (CYLINDERS, TRACKS, RECORDS...)")
    unit, primary, secondary = space
    organization = next((o for o in ORGANIZATIONS if o in cluster_params), "INDEXED")
    volumes = _words(
        cluster_params.get("VOLUMES")
        or cluster_params.get("VOL")
        or data_params.get("VOLUMES")
        or data_params.get("VOL")
    )
    volume = volumes[0] if volumes else DEFAULT_VOLUME
    if state.catalog.exists(name) or state.catalog.path(name).is_dir():
        state.msg("IDC3013I")
        state.msg("IDC3009I", rc=8, module="IGG0CLEH", reason=38)
        state.msg("IDC3003I", cc=12)
        return 12
    reuse = any(k in cluster_params for k in ("REUSE", "RUS"))
    state.catalog.put_cluster(
        Cluster(name, volume, unit, primary, secondary, organization, reuse=reuse)
    )
    state.msg("IDC0508I", volume=volume)
    state.msg("IDC0001I", cc=0)
    return 0


def _space(params: dict[str, list[Item] | None]) -> tuple[str, int, int] | None:
    for key, sub in params.items():
        if key in SPACE_UNITS:
            values = _words(sub)
            if not values or len(values) > 2 or not all(v.isdigit() for v in values):
                raise SyntaxProblem(f"{key}({' '.join(values)})")
            primary = int(values[0])
            if primary <= 0:
                raise SyntaxProblem(values[0])
            return SPACE_UNITS[key], primary, int(values[1]) if len(values) > 1 else 0
    return None


def _delete(state: _Run, parsed: list[Item]) -> int:
    targets: list[str] = []
    for name, sub in parsed:
        if sub is not None and name == "":
            targets += _words(sub)
        elif sub is None and name in (
            "CLUSTER",
            "CL",
            "NONVSAM",
            "NVSAM",
            "PURGE",
            "PRG",
            "NOPURGE",
            "ERASE",
            "NOERASE",
            "SCRATCH",
            "NOSCRATCH",
        ):
            continue
        elif sub is None and not targets:
            targets.append(name)
        else:
            return _bypassed(state, "IDC3211I", keyword=name)
    if not targets:
        return _bypassed(state, "IDC3221I", keyword="entry name")
    worst = 0
    for target in targets:
        if not is_dsn(target):
            return _bypassed(state, "IDC3203I", item=target)
        cluster = state.catalog.cluster(target)
        if state.catalog.library(target) is not None:
            # The samples and the queue managers' CSQINP libraries are not the catalog's to
            # delete (an installed product library is protected on z/OS too).
            state.msg("IDC0551I", name=target)
            worst = 8
        elif cluster is not None and _in_use(state, cluster):
            # The queue manager has the page set open: the catalog refuses (return code 184,
            # data set in use).
            state.msg("IDC3009I", rc=184, module="IGG0CLFT", reason=4)
            state.msg("IDC0551I", name=target)
            worst = 8
        elif cluster is not None:
            state.catalog.delete(target)
            state.msg("IDC0550I", kind="D", name=f"{target}.DATA")
            state.msg("IDC0550I", kind="C", name=target)
        elif state.catalog.exists(target) or state.catalog.path(target).is_dir():
            _remove(state.catalog, target)
            state.msg("IDC0550I", kind="A", name=target)
        else:
            state.msg("IDC3012I", name=target)
            state.msg("IDC3009I", rc=8, module="IGG0CLEG", reason=42)
            state.msg("IDC0551I", name=target)
            worst = 8
    state.msg("IDC0001I", cc=worst)
    return worst


def _in_use(state: _Run, cluster: Cluster) -> bool:
    """Whether a queue manager of the job has the cluster allocated as a page set."""
    if not cluster.qmgr or state.ctx is None:
        return False
    return cluster.used_by(state.ctx.qmgr(cluster.qmgr))


def _remove(catalog: Catalog, dsn: str) -> None:
    path = catalog.path(dsn)
    if path.is_dir():
        for member in path.iterdir():
            catalog.delete(dsn, member.name)
        try:
            path.rmdir()
        except OSError:
            pass
    else:
        catalog.delete(dsn)


def _listcat(state: _Run, parsed: list[Item]) -> int:
    detail = False
    names: list[str] | None = None
    for key, sub in parsed:
        if key in ("ENTRIES", "ENT", "ENTRY") and sub is not None:
            names = _words(sub)
        elif key in ("LEVEL", "LVL") and sub is not None:
            prefix = (_words(sub) or [""])[0]
            names = [n for n in state.catalog.names() if n == prefix or n.startswith(prefix + ".")]
        elif key == "ALL" and sub is None:
            detail = True
        elif key in ("NAME", "NAMES") and sub is None:
            detail = False
        elif key in ("CLUSTER", "DATA", "NONVSAM", "CAT", "CATALOG"):
            continue
        else:
            return _bypassed(state, "IDC3211I", keyword=key)
    if names is None:
        names = state.catalog.names()
    counts = {"CLUSTER": 0, "DATA": 0, "NONVSAM": 0}
    worst = 0
    for name in names:
        cluster = state.catalog.cluster(name)
        if cluster is not None:
            counts["CLUSTER"] += 1
            counts["DATA"] += 1
            state.out += _cluster_entry(cluster, detail)
        elif state.catalog.exists(name) or state.catalog.path(name).is_dir():
            counts["NONVSAM"] += 1
            state.out += [f"NONVSAM ------- {name}", f"     IN-CAT --- {CATALOG_NAME}"]
        else:
            state.msg("IDC3012I", name=name)
            state.msg("IDC3009I", rc=8, module="IGG0CLEG", reason=42)
            state.msg("IDC1566I", name=name)
            worst = 4
    state.out += _summary(counts)
    state.msg("IDC0001I", cc=worst)
    return worst


def _cluster_entry(cluster: Cluster, detail: bool) -> list[str]:
    lines = [
        f"CLUSTER ------- {cluster.name}",
        f"     IN-CAT --- {CATALOG_NAME}",
        f"   DATA ------- {cluster.name}.DATA",
        f"     IN-CAT --- {CATALOG_NAME}",
    ]
    if detail:
        allocated = cluster.pages * 4096
        used = allocated if cluster.formatted else 0
        unit = {"CYLINDERS": "CYLINDER", "TRACKS": "TRACK"}.get(cluster.unit, "TRACK")
        primary = (
            cluster.primary if unit != "TRACK" or cluster.unit == "TRACKS" else cluster.pages // 12
        )
        secondary = (
            cluster.secondary
            if unit != "TRACK" or cluster.unit == "TRACKS"
            else -(-cluster.secondary_pages // 12)
        )
        lines += [
            f"     ATTRIBUTES   {cluster.organization}",
            "     ALLOCATION",
            f"       SPACE-TYPE{unit:->15}     HI-A-RBA{allocated:->18}",
            f"       SPACE-PRI{primary:->16}     HI-U-RBA{used:->18}",
            f"       SPACE-SEC{secondary:->16}",
            "     VOLUME",
            f"       VOLSER{cluster.volume:->19}",
        ]
    return lines


def _summary(counts: dict[str, int]) -> list[str]:
    """The entry counts after a LISTCAT (row layout from a real listing, code index id
    3655782697; the indentation is UNVERIFIED)."""
    rows = [
        ("AIX", 0),
        ("ALIAS", 0),
        ("CLUSTER", counts["CLUSTER"]),
        ("DATA", counts["DATA"]),
        ("GDG", 0),
        ("INDEX", 0),
        ("NONVSAM", counts["NONVSAM"]),
        ("PAGESPACE", 0),
        ("PATH", 0),
        ("SPACE", 0),
        ("USERCATALOG", 0),
        ("TAPELIBRARY", 0),
        ("TAPEVOLUME", 0),
        ("TOTAL", sum(counts.values())),
    ]
    return (
        ["", "          THE NUMBER OF ENTRIES PROCESSED WAS:"]
        + [f"{'':20}{name} {count:->{23 - len(name)}}" for name, count in rows]
        + ["          THE NUMBER OF PROTECTED ENTRIES SUPPRESSED WAS 0"]
    )


def _set(state: _Run, rest: str) -> int | None:
    match = re.fullmatch(r"\s*(MAXCC|LASTCC)\s*=\s*(\d{1,2})\s*", rest.upper())
    if match is None or int(match.group(2)) > 16:
        raise SyntaxProblem(rest.strip() or "SET")
    value = int(match.group(2))
    if match.group(1) == "MAXCC":
        state.maxcc = value
    else:
        state.lastcc = value
        state.maxcc = max(state.maxcc, value)
    return None
