"""System parameter macros as z/OS users write them: assembler source -> typed values.

The CSQ4ZPRM job assembles CSQ6SYSP, CSQ6LOGP, CSQ6ARVP and CSQ6USGP macro instructions
(IBM MQ for z/OS, "Tailoring your system parameter module"). This module reads that source as
the High Level Assembler does (HLASM Language Reference, "Assembler language statements"):

* columns 1-71 hold the statement, a non-blank column 72 continues it on the next record,
  whose statement text starts in column 16; columns 73-80 are a sequence number;
* a ``*`` in column 1 makes a comment statement, ``.*`` a macro comment;
* name field (column 1), operation, operands, remarks, separated by blanks; the operands of a
  macro instruction end at the first blank outside quotes and parentheses, and when they end
  with a comma on a continued record they go on in column 16 of the next one (the
  "alternative format", which CSQ4ZPRM uses: ``INBUFF=60,   ARCHIVE LOG BUFFER SIZES (KB)   X``);
* keyword operands ``KEY=value``, the value a word, a number, a quoted string, empty
  (``UNIT2=``) or a sublist ``(1,3,4)`` / ``()``; ``END`` ends an assembly (more may follow).

Each operand is checked against the parameter table (mqsc/catalog/zparm.py). What the macros
would refuse is an MNOTE of severity 8 (the macros' own wording is not published: the texts
here are mqsc's), and the assembly's return code is the highest severity, as HLASM's is. Bad
input never raises: it is a note on the statement.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from mqsc.catalog import zparm
from mqsc.catalog.model import Choice, Integer, Text

#: Severity of an MNOTE for a value or keyword the macro refuses.
ERROR = 8


@dataclass(frozen=True, slots=True)
class Operand:
    """One operand of a macro instruction: its keyword ('' for a positional operand) and its
    value as written (sublists keep their parentheses)."""

    keyword: str
    value: str


@dataclass(frozen=True, slots=True)
class Statement:
    """One assembler statement: its number, the records it spans (card images, for the
    listing), its fields. ``comment`` statements have no operation."""

    number: int
    first_record: int
    records: tuple[str, ...]
    label: str = ""
    operation: str = ""
    operands: tuple[Operand, ...] = ()
    remarks: str = ""
    comment: bool = False


@dataclass(frozen=True, slots=True)
class Note:
    """A diagnostic of one statement: an MNOTE of the macro (``mnote``) or an assembler error
    (``asma``: ``msg_id`` is HLASM's, e.g. ASMA088E) or one of mqsc's own (``own``: an
    assembler error whose HLASM message is not documented where mqsc could see it), with its
    severity."""

    statement: int
    severity: int
    text: str
    kind: str = "mnote"
    msg_id: str = ""


@dataclass(frozen=True, slots=True)
class Assembly:
    """What one assembly produced.

    Attributes:
        statements: every statement, in order (what the listing prints).
        notes: diagnostics, in statement order.
        macros: the values each macro instruction assembled (every parameter of that macro,
            defaults filled in), by macro name; a macro with errors is not in it.
        rc: the highest severity (0 when clean), the step's return code.

    """

    statements: tuple[Statement, ...]
    notes: tuple[Note, ...]
    macros: Mapping[str, Mapping[str, object]] = field(default_factory=dict)

    @property
    def rc(self) -> int:
        return max((n.severity for n in self.notes), default=0)

    def values(self) -> dict[str, object]:
        """Every parameter's value: IBM's defaults, overridden by the assembled macros."""
        out = dict(zparm.DEFAULTS)
        for values in self.macros.values():
            out.update(values)
        return out


# ---- reading the source --------------------------------------------------------------------
def records(text: str) -> list[str]:
    """The source as 80-column card images (tabs are not card characters: expanded)."""
    return [line.expandtabs().rstrip("\r\n").ljust(80)[:80] for line in text.splitlines()]


def statements(text: str) -> tuple[list[Statement], list[Note]]:
    """Split the source into statements (continuations joined). An ``END`` ends one assembly
    and the next may follow (HLASM's BATCH option, its default), as when the three CSQ4ZPRM
    macros are kept in one member."""
    cards = records(text)
    out: list[Statement] = []
    notes: list[Note] = []
    i = 0
    while i < len(cards):
        first = i
        card = cards[i]
        number = len(out) + 1
        if card[:1] == "*" or card[:2] == ".*":
            out.append(
                Statement(number, first + 1, (card,), remarks=card[:71].rstrip(), comment=True)
            )
            i += 1
            continue
        if not card[:71].strip():
            i += 1  # a blank record: HLASM lists it; it holds no statement
            continue
        spanned = [card]
        while spanned[-1][71] != " " and i + 1 < len(cards):
            i += 1
            spanned.append(cards[i])
        i += 1
        statement, problem = _fields(number, first + 1, tuple(spanned))
        out.append(statement)
        if problem:
            notes.append(problem)
    return out, notes


def _fields(number: int, first: int, cards: tuple[str, ...]) -> tuple[Statement, Note | None]:
    head = cards[0][:71]
    label = head.split(" ", 1)[0] if head[0] != " " else ""
    rest = head[len(label) :]
    op_match = re.match(r"\s*(\S+)", rest)
    operation = op_match.group(1).upper() if op_match else ""
    pos = len(label) + (op_match.end() if op_match else len(rest))
    operand_text, remarks, problem = _operands(number, cards, pos)
    operands, split_problem = _split(number, operand_text)
    return (
        Statement(number, first, cards, label, operation, operands, remarks),
        problem or split_problem,
    )


def _operands(number: int, cards: tuple[str, ...], pos: int) -> tuple[str, str, Note | None]:
    """The operand field over the statement's records, and the remarks."""
    text = cards[0][:71]
    while pos < 71 and text[pos] == " ":
        pos += 1
    operands = ""
    remarks: list[str] = []
    line = 0
    while True:
        depth, quoted, end = 0, False, pos
        while end < 71:
            ch = text[end]
            if ch == "'":
                quoted = not quoted
            elif not quoted and ch == "(":
                depth += 1
            elif not quoted and ch == ")":
                depth -= 1
            elif ch == " " and not quoted and depth <= 0:
                break
            end += 1
        operands += text[pos:end]
        remarks.append(text[end:71].strip())
        line += 1
        if line >= len(cards):
            break
        continued = end >= 71 or operands.endswith(",")
        if not continued:
            # The rest of the statement's records are remarks only.
            remarks += [c[15:71].strip() for c in cards[line:]]
            break
        text = cards[line][:71]
        pos = 15
    if operands.count("'") % 2:
        return (
            operands,
            " ".join(r for r in remarks if r),
            Note(number, ERROR, "Unpaired apostrophe in the operands", "mnote"),
        )
    return operands, " ".join(r for r in remarks if r), None


def _split(number: int, text: str) -> tuple[tuple[Operand, ...], Note | None]:
    """Operands at depth 0, split by commas; ``KEY=value`` or positional."""
    parts: list[str] = []
    depth, quoted, start = 0, False, 0
    for i, ch in enumerate(text):
        if ch == "'":
            quoted = not quoted
        elif quoted:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                break
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    if depth != 0:
        # HLASM: ASMA088E Unbalanced parentheses in macro call operand (HLASM Programmer's
        # Guide, "Sample error diagnostic messages").
        return (), Note(
            number,
            ERROR,
            f"Unbalanced parentheses in macro call operand - {text}",
            "asma",
            "ASMA088E",
        )
    operands = []
    for part in parts:
        if not part:
            continue
        key, eq, value = part.partition("=")
        if eq and re.fullmatch(r"[A-Za-z@#$][A-Za-z0-9@#$_]*", key):
            operands.append(Operand(key.upper(), value))
        else:
            operands.append(Operand("", part))
    return tuple(operands), None


# ---- values ---------------------------------------------------------------------------------
class BadValue(ValueError):
    """A value a parameter does not take; the message says why."""


def sublist(raw: str) -> list[str] | None:
    """The items of ``(a,b,c)`` (``()`` is no items); None when ``raw`` is not a sublist.

    >>> sublist("(1,3,4)"), sublist("()"), sublist("(,,DFSYDRU0)"), sublist("YES")
    (['1', '3', '4'], [], ['', '', 'DFSYDRU0'], None)
    """
    if not (raw.startswith("(") and raw.endswith(")")):
        return None
    inner = raw[1:-1]
    if not inner.strip():
        return []
    return [item.strip() for item in inner.split(",")]


def _unquote(raw: str) -> str:
    if len(raw) >= 2 and raw[0] == raw[-1] == "'":
        return raw[1:-1].replace("''", "'")
    return raw


def parse_value(p: zparm.Parameter, raw: str | tuple[str, ...]) -> object:
    """The value ``raw`` (as a macro operand is written, or as the MQSC binder gives it: a
    word or a tuple of words) gives parameter ``p``; raises :class:`BadValue`.

    >>> parse_value(zparm.BY_NAME["LOGLOAD"], "200"), parse_value(zparm.BY_NAME["ARCWRTC"], "(1,3)")
    (200, (1, 3))
    >>> parse_value(zparm.BY_NAME["SMFSTAT"], "YES"), parse_value(zparm.BY_NAME["STATIME"], "1.00")
    ('YES', '1.00')
    >>> parse_value(zparm.BY_NAME["MAXARCH"], "5")
    Traceback (most recent call last):
    ...
    mqsc.language.zparmsource.BadValue: MAXARCH=5 is out of range (10-10000)
    """
    items = list(raw) if isinstance(raw, tuple) else sublist(raw)
    text = "" if isinstance(raw, tuple) else _unquote(raw.strip())
    kind = p.kind
    shown = "(" + ",".join(raw) + ")" if isinstance(raw, tuple) else raw
    where = f"{p.name}={shown}"
    if isinstance(kind, zparm.Positional):
        given = items if items is not None else [text]
        if len(given) > len(kind.fields):
            raise BadValue(f"{where} has more than {len(kind.fields)} values")
        values = []
        for f, item in zip(kind.fields, [*given, *[""] * len(kind.fields)], strict=False):
            values.append(f.default if item == "" else _scalar(f.kind, item, f"{where}: {f.name}"))
        return tuple(values)
    if isinstance(kind, zparm.Numbers):
        given = items if items is not None else [text]
        if not given or len(given) > kind.max_items:
            raise BadValue(f"{where} takes 1 to {kind.max_items} numbers")
        return tuple(_number(item, kind.minimum, kind.maximum, where) for item in given)
    if isinstance(kind, zparm.MessageIds):
        given = items if items is not None else ([text] if text else [])
        if len(given) > kind.max_items:
            raise BadValue(f"{where} lists more than {kind.max_items} messages")
        for item in given:
            if not re.fullmatch(r"[A-Z0-9]{4,16}", item.upper()):
                raise BadValue(f"{where}: {item!r} is not a message identifier")
        return tuple(item.upper() for item in given)
    if isinstance(kind, zparm.Classes):
        if items is None and text.upper() in ("NO", "YES") or (kind.star and text == "*"):
            return text.upper()
        given = items if items is not None else [text]
        if given == ["*"] and kind.star:
            return "*"
        if not given:
            raise BadValue(f"{where}: give NO, YES or a list of classes")
        return tuple(_number(item, 1, kind.maximum, where) for item in given)
    if items is not None:
        raise BadValue(f"{where} is a list; {p.name} takes one value")
    return _scalar(kind, text, where)


def _scalar(kind: object, text: str, where: str) -> object:
    if isinstance(kind, Integer):
        if text.upper() in kind.words:
            return text.upper()
        return _number(text, kind.minimum, kind.maximum, where)
    if isinstance(kind, Choice):
        if text.upper() not in kind.values:
            raise BadValue(f"{where} is not one of {', '.join(kind.values)}")
        return text.upper()
    if isinstance(kind, zparm.Interval):
        m = re.fullmatch(r"(-?\d+)(?:\.(\d\d))?", text)
        if not m or (m.group(2) and int(m.group(2)) > 59):
            raise BadValue(f"{where} is not minutes or minutes.seconds (mm.ss)")
        minutes = int(m.group(1))
        if not kind.minimum <= minutes <= kind.maximum or (
            minutes == kind.maximum and m.group(2) and int(m.group(2))
        ):
            raise BadValue(f"{where} is out of range ({kind.minimum}-{kind.maximum} minutes)")
        if minutes < 0 and m.group(2):
            raise BadValue(f"{where}: -1 takes no seconds")
        return text
    if isinstance(kind, zparm.Dsn):
        if len(text) > kind.max_length or not _dsn(text):
            raise BadValue(
                f"{where} is not a data set name prefix of up to {kind.max_length} characters"
            )
        return text.upper()
    if isinstance(kind, Text):
        if len(text) > kind.max_length:
            raise BadValue(f"{where} is longer than {kind.max_length} characters")
        return text.upper() if text == text.strip() else text
    raise BadValue(f"{where} cannot be checked")  # pragma: no cover - every kind is above


def _number(text: str, low: int, high: int, where: str) -> int:
    if not re.fullmatch(r"-?\d+", text.strip()):
        raise BadValue(f"{where} is not a number")
    value = int(text)
    if not low <= value <= high:
        raise BadValue(f"{where} is out of range ({low}-{high})")
    return value


_QUALIFIER = re.compile(r"[A-Z@#$][A-Z0-9@#$-]{0,7}")


def _dsn(text: str) -> bool:
    return bool(text) and all(_QUALIFIER.fullmatch(q) for q in text.upper().split("."))


def format_value(p: zparm.Parameter, value: object) -> str:
    """A value as DISPLAY SYSTEM, LOG and ARCHIVE show it (lists comma separated).

    >>> arcwrtc, exclmsg = zparm.BY_NAME["ARCWRTC"], zparm.BY_NAME["EXCLMSG"]
    >>> format_value(arcwrtc, (1, 3, 4)), format_value(exclmsg, ())
    ('1,3,4', '')
    """
    if isinstance(value, tuple):
        return ",".join("" if v == "" else str(v) for v in value)
    return str(value)


# ---- assembling -----------------------------------------------------------------------------
def assemble(text: str) -> Assembly:
    """Assemble system parameter macro source (what ASMA90 does with CSQ4ZPRM's SYSIN)."""
    stmts, notes = statements(text)
    broken = {n.statement for n in notes}
    macros: dict[str, dict[str, object]] = {}
    for s in stmts:
        if s.comment or s.operation in ("END", "") or s.number in broken:
            continue
        if s.operation not in zparm.BY_MACRO:
            # Only the system parameter macros are in the macro library the step reads
            # (thlqual.SCSQMACS): anything else is an undefined operation code.
            notes.append(
                Note(
                    s.number,
                    ERROR,
                    f"Operation {s.operation} is not a system "
                    "parameter macro (CSQ6SYSP, CSQ6LOGP, CSQ6ARVP, CSQ6USGP)",
                    "own",
                    "MQSC220E",
                )
            )
            continue
        values, problems = _macro(s)
        notes += problems
        if not problems:
            macros[s.operation] = values
    notes.sort(key=lambda n: n.statement)
    return Assembly(tuple(stmts), tuple(notes), macros)


def _macro(s: Statement) -> tuple[dict[str, object], list[Note]]:
    table = zparm.BY_MACRO[s.operation]
    values = {name: p.default for name, p in table.items()}
    problems: list[Note] = []
    seen: set[str] = set()
    for operand in s.operands:
        if not operand.keyword:
            problems.append(
                Note(
                    s.number,
                    ERROR,
                    f"{s.operation}: positional operand "
                    f"{operand.value!r} (every parameter is KEYWORD=value)",
                )
            )
            continue
        p = table.get(operand.keyword)
        if p is None:
            problems.append(
                Note(
                    s.number,
                    ERROR,
                    f"{s.operation}: {operand.keyword} is not a {s.operation} parameter",
                )
            )
            continue
        if p.name in seen:
            problems.append(Note(s.number, ERROR, f"{s.operation}: {p.name} is given twice"))
            continue
        seen.add(p.name)
        if operand.value == "" and p.default not in ("", ()):
            problems.append(Note(s.number, ERROR, f"{s.operation}: {p.name}= needs a value"))
            continue
        try:
            values[p.name] = parse_value(p, operand.value) if operand.value else p.default
        except BadValue as error:
            problems.append(Note(s.number, ERROR, f"{s.operation}: {error}"))
    return values, problems


def source_of_job(text: str) -> str:
    """The macro source in ``text``: the text itself, or, for a whole CSQ4ZPRM-style job, the
    in-stream SYSIN records of its steps (what its ASMA90 steps assemble)."""
    lines = text.splitlines()
    if not any(line.startswith("//") for line in lines[:5]):
        return text
    out: list[str] = []
    inside = False
    for line in lines:
        if inside:
            if line.startswith("/*") or line.startswith("//"):
                inside = False
            else:
                out.append(line)
                continue
        if re.match(r"//SYSIN\s+DD\s+(\*|DATA)", line):
            inside = True
    return "\n".join(out) + ("\n" if out else "")
