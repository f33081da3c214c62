"""IF/THEN/ELSE/ENDIF relational expressions: parsing and evaluation (z/OS MVS JCL Reference,
"IF/THEN/ELSE/ENDIF statement construct").

* Keywords: ``RC`` (the highest return code of the steps run so far), ``ABEND``, ``¬ABEND``,
  ``ABENDCC``, ``RUN``, each optionally qualified ``step.`` or ``step.procstep.``;
  ``ABEND=TRUE|FALSE``, ``RUN=TRUE|FALSE``, ``ABENDCC=Sxxx|Uxxxx``.
* Comparison operators ``GT > LT < NG ¬> NL ¬< EQ = NE ¬= GE >= LE <=``; logical ``NOT ¬``,
  ``AND &``, ``OR |``; parentheses. Precedence: NOT, then comparisons, then AND, then OR.
* ``step.RC`` of a step that did not run tests false ("cannot be correctly evaluated");
  ``¬step.RUN`` is how to test that.

An expression is parsed into nested tuples and evaluated against :class:`StepFact` records of
the steps run so far. A text that is not an expression raises :class:`ExpressionError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_TOKEN = re.compile(r"\s*(¬=|¬>|¬<|>=|<=|[()¬&|=<>]|[A-Z0-9@#$.]+)")
_COMPARE = {
    "GT": "GT",
    ">": "GT",
    "LT": "LT",
    "<": "LT",
    "NG": "LE",
    "¬>": "LE",
    "NL": "GE",
    "¬<": "GE",
    "EQ": "EQ",
    "=": "EQ",
    "NE": "NE",
    "¬=": "NE",
    "GE": "GE",
    ">=": "GE",
    "LE": "LE",
    "<=": "LE",
}
_NAME = r"[A-Z@#$][A-Z0-9@#$]{0,7}"
_KEYWORD = re.compile(rf"(?:({_NAME})\.(?:({_NAME})\.)?)?(RC|ABEND|ABENDCC|RUN)")


class ExpressionError(ValueError):
    """The text is not a relational expression."""


@dataclass(frozen=True, slots=True)
class StepFact:
    """What an expression can know of a step: its names, whether it ran, its return code or
    abend code."""

    name: str
    procstep: str
    ran: bool
    cc: int | None
    abend: str | None


def parse(text: str) -> tuple:
    """The expression of an IF statement (without IF and THEN).

    >>> parse("(STEP1.RC GT 20|STEP2.RC = 60)")
    ('OR', ('CMP', 'GT', ('RC', 'STEP1', ''), 20), ('CMP', 'EQ', ('RC', 'STEP2', ''), 60))
    >>> parse("¬ABEND")
    ('NOT', ('ABEND', '', ''))
    """
    tokens = _tokens(text.upper())
    node, pos = _or(tokens, 0)
    if pos != len(tokens):
        raise ExpressionError(" ".join(tokens[pos:]))
    return node


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None:
            raise ExpressionError(text[pos:].strip())
        out.append(match.group(1))
        pos = match.end()
    return out


def _or(tokens: list[str], pos: int) -> tuple[tuple, int]:
    node, pos = _and(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ("OR", "|"):
        right, pos = _and(tokens, pos + 1)
        node = ("OR", node, right)
    return node, pos


def _and(tokens: list[str], pos: int) -> tuple[tuple, int]:
    node, pos = _comparison(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ("AND", "&"):
        right, pos = _comparison(tokens, pos + 1)
        node = ("AND", node, right)
    return node, pos


def _comparison(tokens: list[str], pos: int) -> tuple[tuple, int]:
    if pos >= len(tokens):
        raise ExpressionError("end of expression")
    token = tokens[pos]
    if token in ("NOT", "¬"):
        inner, pos = _comparison(tokens, pos + 1)
        return ("NOT", inner), pos
    if token == "(":
        node, pos = _or(tokens, pos + 1)
        if pos >= len(tokens) or tokens[pos] != ")":
            raise ExpressionError("(")
        return node, pos + 1
    match = _KEYWORD.fullmatch(token)
    if match is None:
        raise ExpressionError(token)
    step, procstep, keyword = match.group(1) or "", match.group(2) or "", match.group(3)
    # step.procstep.X: the step is the procedure step of the EXEC statement ``step``.
    subject = (keyword, step, procstep)
    pos += 1
    operator = tokens[pos] if pos < len(tokens) else ""
    if operator not in _COMPARE:
        if keyword in ("ABEND", "RUN"):
            return subject, pos
        raise ExpressionError(operator or keyword)
    value = tokens[pos + 1] if pos + 1 < len(tokens) else ""
    pos += 2
    if keyword == "RC":
        if not value.isdigit() or int(value) > 4095:
            raise ExpressionError(value or "RC")
        return ("CMP", _COMPARE[operator], subject, int(value)), pos
    if _COMPARE[operator] not in ("EQ", "NE"):
        raise ExpressionError(operator)
    if keyword == "ABENDCC":
        if not re.fullmatch(r"S[0-9A-F]{3}|U\d{4}", value):
            raise ExpressionError(value or "ABENDCC")
        node = ("ABENDCC", step, procstep, value)
    else:
        if value not in ("TRUE", "FALSE"):
            raise ExpressionError(value or keyword)
        node = subject if value == "TRUE" else ("NOT", subject)
    return (node if _COMPARE[operator] == "EQ" else ("NOT", node)), pos


def mentions_abend(node: tuple) -> bool:
    """Whether an expression tests for abends or for steps not run: only such constructs let
    steps run after an abend (JCL Reference, IF/THEN/ELSE/ENDIF "Defaults", Example 9)."""
    if node[0] in ("ABEND", "ABENDCC", "RUN"):
        return True
    return any(isinstance(child, tuple) and mentions_abend(child) for child in node[1:])


def evaluate(node: tuple, facts: list[StepFact]) -> bool:
    kind = node[0]
    if kind == "OR":
        return evaluate(node[1], facts) or evaluate(node[2], facts)
    if kind == "AND":
        return evaluate(node[1], facts) and evaluate(node[2], facts)
    if kind == "NOT":
        return not evaluate(node[1], facts)
    if kind == "CMP":
        _, operator, (_, step, procstep), value = node
        if step:
            fact = _find(facts, step, procstep)
            if fact is None or fact.cc is None:
                return False  # the step did not run normally: the test cannot be true
            rc = fact.cc
        else:
            rc = max((f.cc for f in facts if f.cc is not None), default=0)
        return {
            "GT": rc > value,
            "LT": rc < value,
            "GE": rc >= value,
            "LE": rc <= value,
            "EQ": rc == value,
            "NE": rc != value,
        }[operator]
    if kind == "ABEND":
        return any(f.abend for f in _scope(facts, node[1], node[2]))
    if kind == "RUN":
        fact = _find(facts, node[1], node[2])
        return fact is not None and fact.ran
    if kind == "ABENDCC":
        abended = [f.abend for f in _scope(facts, node[1], node[2]) if f.abend]
        return bool(abended) and _same_code(abended[-1], node[3])
    raise ExpressionError(kind)


def _same_code(abend: str, wanted: str) -> bool:
    if abend[0] != wanted[0]:
        return False
    return int(abend[1:], 16 if abend[0] == "S" else 10) == int(
        wanted[1:], 16 if wanted[0] == "S" else 10
    )


def _scope(facts: list[StepFact], step: str, procstep: str) -> list[StepFact]:
    if not step:
        return facts
    fact = _find(facts, step, procstep)
    return [fact] if fact is not None else []


def _find(facts: list[StepFact], step: str, procstep: str) -> StepFact | None:
    """``STEP`` names a step (the last procedure step of a procedure call); ``STEP.PROC``
    a procedure step of the EXEC statement STEP."""
    for fact in reversed(facts):
        if procstep and (fact.name, fact.procstep) == (step, procstep):
            return fact
        if not procstep and fact.name == step:
            return fact
    return None
