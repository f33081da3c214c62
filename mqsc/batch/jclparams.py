"""JCL parameter values: operands, apostrophe strings, lists, PARM and COND.

Rules from the MVS JCL Reference as secondary sources quotes them: operands are
separated by commas outside parentheses and apostrophes; ``''`` in an apostrophe string is one
apostrophe; PARM reaches the program without its enclosing parentheses or apostrophes, commas
kept and ``&&`` undoubled; COND holds up to eight ``(code,operator[stepname])`` tests,
code 0-4095, and EVEN or ONLY.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from mqsc.batch.systemmsgs import line
from mqsc.store.vtoc import Allocation

_OPERATORS = ("GT", "GE", "EQ", "LT", "LE", "NE")


@dataclass(frozen=True, slots=True)
class Quoted:
    """An apostrophe-enclosed value, undoubled."""

    text: str


Value = str | Quoted | tuple  # a word, a quoted string, or a parenthesised list


@dataclass(frozen=True, slots=True)
class CondTest:
    """``(code,operator[,stepname])``: bypass when ``code operator rc`` is true."""

    code: int
    operator: str
    step: str | None = None


@dataclass(frozen=True, slots=True)
class Cond:
    """A COND parameter: return-code tests, EVEN, ONLY."""

    tests: tuple[CondTest, ...] = ()
    even: bool = False
    only: bool = False


def split_operands(text: str) -> list[str] | None:
    """Operands separated by commas outside parentheses and apostrophes; None if unbalanced.

    >>> split_operands("PGM=CSQUTIL,PARM='A,B',COND=(4,LT)")
    ['PGM=CSQUTIL', "PARM='A,B'", 'COND=(4,LT)']
    """
    out: list[str] = []
    current: list[str] = []
    depth, quoted = 0, False
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "'":
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
            if depth < 0:
                return None
        if ch == "," and depth == 0 and not quoted:
            out.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    if depth or quoted:
        return None
    if current or out:
        out.append("".join(current))
    return out


def value(text: str) -> Value | None:
    """A parameter value: a word, a :class:`Quoted` string or a tuple of values.

    >>> value("(4,LT,STEP1)"), value("'it''s'")
    (('4', 'LT', 'STEP1'), Quoted(text="it's"))
    """
    if text.startswith("(") and text.endswith(")"):
        parts = split_operands(text[1:-1])
        if parts is None:
            return None
        items = [value(p) for p in parts]
        return None if any(i is None for i in items) else tuple(items)
    if text.startswith("'"):
        if len(text) < 2 or not text.endswith("'"):
            return None
        return Quoted(text[1:-1].replace("''", "'"))
    return text


def parm_string(v: Value) -> str:
    """PARM as the program receives it: no enclosing parentheses or apostrophes, commas kept,
    ``&&`` as ``&`` (secondary sources).

    >>> parm_string(value("('-mQMZ1 -n300')")), parm_string(value("(A,'B C')"))
    ('-mQMZ1 -n300', 'A,B C')
    """
    if isinstance(v, tuple):
        return ",".join(parm_string(i) for i in v)
    text = v.text if isinstance(v, Quoted) else v
    return text.replace("&&", "&")


def word(v: Value | None) -> str:
    if isinstance(v, Quoted):
        return v.text
    return v if isinstance(v, str) else ""


def parse_cond(v: Value | None) -> tuple[Cond | None, str]:
    """COND=(code,op[,step]) / ((...),(...),EVEN|ONLY); (None, error text) when invalid."""
    if v in ("EVEN", "ONLY"):
        return Cond(even=v == "EVEN", only=v == "ONLY"), ""
    if not isinstance(v, tuple) or not v:
        return None, line("IEFC630I.COND")
    items = list(v) if isinstance(v[0], tuple) or v[0] in ("EVEN", "ONLY") else [v]
    tests, even, only = [], False, False
    for item in items:
        if item == "EVEN":
            even = True
        elif item == "ONLY":
            only = True
        elif (
            isinstance(item, tuple)
            and 2 <= len(item) <= 3
            and str(item[0]).isdigit()
            and 0 <= int(item[0]) <= 4095
            and item[1] in _OPERATORS
        ):
            tests.append(
                CondTest(int(item[0]), str(item[1]), str(item[2]) if len(item) == 3 else None)
            )
        else:
            return None, line("IEFC630I.COND")
    if len(tests) > 8 or (even and only):
        return None, line("IEFC630I.COND")
    return Cond(tuple(tests), even, only), ""


#: Space units of SPACE=(unit,...) and how the data set list names them.
SPACE_UNITS = {"TRK": "TRACKS", "CYL": "CYLINDERS"}
RECORD_FORMATS = frozenset(
    {"F", "FB", "FBA", "FBS", "FA", "FBM", "V", "VB", "VBA", "VBS", "VA", "VS", "VBM", "U", "UA"}
)


def dcb_allocation(
    keywords: dict[str, Value], partitioned: bool, base: Allocation | None = None
) -> Allocation:
    """The attributes a DD statement gives a new data set (MVS JCL Reference, "DCB parameter",
    "SPACE parameter", "DSNTYPE parameter", "VOLUME parameter"): RECFM, LRECL and BLKSIZE
    (as DCB subparameters or keywords of their own), SPACE's unit, quantities and directory
    blocks, DSNTYPE and VOL=SER. What the statement does not say keeps a batch allocation's
    defaults; a value that is not one (LRECL=ABC) is left out as before.

    >>> a = dcb_allocation({"DCB": ("RECFM=VB", "LRECL=255"), "SPACE": ("CYL", ("2", "1"))}, False)
    >>> a.recfm, a.lrecl, a.blksize, a.spacu, a.primary, a.secondary
    ('VB', 255, 27998, 'CYLINDERS', 2, 1)
    """
    given: dict[str, str] = {}
    dcb = keywords.get("DCB")
    for item in dcb if isinstance(dcb, tuple) else (dcb,):
        key, eq, val = word(item).partition("=")
        if eq:
            given[key] = val
    for key in ("RECFM", "LRECL", "BLKSIZE", "DSNTYPE", "DSORG"):
        if word(keywords.get(key)):
            given[key] = word(keywords.get(key))
    allocation = base or Allocation()
    changes: dict[str, object] = {}
    recfm = given.get("RECFM", "")
    if recfm in RECORD_FORMATS:
        changes["recfm"] = recfm
    for key, field_name in (("LRECL", "lrecl"), ("BLKSIZE", "blksize")):
        text = given.get(key, "")
        if text.isdigit() and 0 < int(text) <= 32760:
            changes[field_name] = int(text)
    if "BLKSIZE" not in given or "blksize" not in changes:
        changes["blksize"] = system_blksize(
            str(changes.get("recfm", allocation.recfm)),
            int(changes.get("lrecl", allocation.lrecl)),  # type: ignore[call-overload]
        )
    space = keywords.get("SPACE")
    if isinstance(space, tuple) and space and word(space[0]) in SPACE_UNITS:
        changes["spacu"] = SPACE_UNITS[word(space[0])]
        amounts = space[1] if len(space) > 1 else ()
        amounts = amounts if isinstance(amounts, tuple) else (amounts,)
        for index, field_name in enumerate(("primary", "secondary", "dirblk")):
            text = word(amounts[index]) if index < len(amounts) else ""
            if text.isdigit():
                changes[field_name] = int(text)
    dsntype = given.get("DSNTYPE", "")
    if partitioned:
        changes["dsorg"] = "PO"
        changes["dsntype"] = "LIBRARY" if dsntype == "LIBRARY" else "PDS"
        if not changes.get("dirblk") and changes["dsntype"] == "PDS":
            changes["dirblk"] = 5
    elif dsntype in ("BASIC", "LARGE"):
        changes["dsntype"] = dsntype
    volume = keywords.get("VOL") or keywords.get("VOLUME")
    for item in volume if isinstance(volume, tuple) else (volume,):
        key, eq, val = word(item).partition("=")
        if eq and key == "SER" and re.fullmatch(r"[A-Z0-9@#$]{1,6}", val):
            changes["volser"] = val
    return replace(allocation, **changes)  # type: ignore[arg-type]


def system_blksize(recfm: str, lrecl: int) -> int:
    """The block size the system chooses when none is given (z/OS DFSMS "System-determined
    block size"): for fixed blocked records the most whole records in half a 3390 track
    (27,998 bytes), for variable blocked records half a track, else one record.

    >>> system_blksize("FB", 80), system_blksize("VB", 255), system_blksize("F", 80)
    (27920, 27998, 80)
    """
    half_track = 27998
    if recfm.startswith("F"):
        return (half_track // lrecl) * lrecl if "B" in recfm and lrecl <= half_track else lrecl
    if recfm.startswith("V"):
        return half_track if "B" in recfm else lrecl + 4
    return half_track
