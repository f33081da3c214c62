"""The binder: syntax tree -> typed command, checked against the catalog (fourth stage).

It resolves verb, object type and keyword synonyms, folds unquoted text to upper case (quoted
text keeps its case), converts each value to its kind, and checks ranges and repeats. Its errors
are the z/OS messages: CSQ9000E (repeated keyword), CSQ9001E (invalid keyword), MQSC010E
(missing value), the range messages CSQP002I/CSQP003I/CSQP005I/CSQI002I, and so on.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType

from mqsc import catalog
from mqsc.catalog import (
    Choice,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    NameRule,
    Size,
    Text,
)
from mqsc.language import syntax
from mqsc.language.commands import VERB_CLASSES, Command, Filter
from mqsc.language.diagnostics import Diagnostic, MqscError
from mqsc.language.source import Span

#: Characters allowed in names, per rule.
NAME_PATTERNS: Mapping[NameRule, re.Pattern[str]] = {
    NameRule.QUEUE: re.compile(r"[A-Za-z0-9._/%]+"),
    NameRule.PROCESS: re.compile(r"[A-Za-z0-9._/%]+"),
    NameRule.NAMELIST: re.compile(r"[A-Za-z0-9._/%]+"),
    NameRule.STGCLASS: re.compile(r"[A-Z][A-Z0-9]*"),
    NameRule.CFSTRUCT: re.compile(r"[A-Z][A-Z0-9]*|CSQ_ADMIN"),
    NameRule.QMGR: re.compile(r"[A-Z@#$][A-Z0-9@#$]*"),
    NameRule.DSN: re.compile(r"[A-Z@#$][A-Z0-9@#$-]{0,7}(?:\.[A-Z@#$][A-Z0-9@#$-]{0,7})*"),
    NameRule.ANY: re.compile(r".*"),
}
_INTEGER = re.compile(r"[+-]?[0-9]+")
_SIZE = re.compile(r"([0-9]+)([KM]?)")
#: WHERE operators by attribute kind ([DOC-DISQ]): LK/NL compare generic text.
_OPERATORS_ORDERED = ("LT", "GT", "EQ", "NE", "LE", "GE")
_OPERATORS_TEXT = (*_OPERATORS_ORDERED, "LK", "NL")
#: A list attribute (a namelist's NAMES) is filtered by whether it contains an item, or an item
#: matching a generic name ("DISPLAY NAMELIST": CT, EX, CTG, EXG); the other operators are
#: refused with MQSC018E (UNVERIFIED: the z/OS answer to EQ on a list is not documented).
_OPERATORS_LIST = ("CT", "EX", "CTG", "EXG")
#: Message for a value out of range when the keyword names none.
RANGE_MSG = "MQSC592E"


class _Failed(Exception):
    """Internal: abandons binding with the diagnostics collected so far."""


class _Binder:
    """Binds one syntax tree; collects diagnostics with their spans."""

    def __init__(self, node: syntax.Command) -> None:
        self.node = node
        self.logical = node.logical
        self.spec: CommandSpec | None = None

    # ---- diagnostics -----------------------------------------------------------------------
    def span(self, start: int, end: int) -> Span:
        return self.logical.original_span(start, end)

    def error(self, msg_id: str, start: int, end: int, **inserts: object) -> Diagnostic:
        if self.spec is not None:
            inserts.setdefault("csect", self.spec.csect)
        return Diagnostic(msg_id, inserts, self.logical.source, self.span(start, end))

    def fail(self, msg_id: str, start: int, end: int, **inserts: object) -> _Failed:
        return _Failed(self.error(msg_id, start, end, **inserts))

    # ---- the command -----------------------------------------------------------------------
    def bind(self) -> Command:
        node = self.node
        verb = catalog.VERB_WORDS.get(node.verb.upper())
        if verb is None:
            raise self.fail(
                "CSQ9001E",
                node.verb_start,
                node.verb_start + len(node.verb),
                keyword=node.verb.upper(),
            )
        params = node.params
        first = params[0] if params else None
        if not isinstance(first, syntax.Param):
            raise self.fail(
                "MQSC010E", node.verb_start, node.verb_start + len(node.verb), keyword=verb.name
            )
        objword = first.keyword.upper()
        objtype = catalog.OBJECT_WORDS.get(objword)
        spec = catalog.command_spec(verb.name, objtype.name) if objtype else None
        if spec is None:
            raise self.fail(
                "CSQ9001E", first.start, first.start + len(first.keyword), keyword=objword
            )
        self.spec = spec
        name = self.object_name(spec, first)
        attrs, requested, where = self.parameters(spec, params[1:])
        typed = f"{node.verb.upper()} {objword}"
        cls = VERB_CLASSES[verb.name]
        return cls(
            verb.name,
            spec.objtype,
            name,
            MappingProxyType(attrs),
            where,
            tuple(requested),
            node.logical.cpf,
            typed,
            node,
        )

    def object_name(self, spec: CommandSpec, first: syntax.Param) -> object:
        kind = spec.name
        end = first.start + len(first.keyword)
        if kind is None:
            if first.values is not None:
                raise self.fail("CSQ9001E", first.start, first.end, keyword=first.keyword.upper())
            return None
        if not first.values:
            if not spec.name_required:
                return None
            raise self.fail("MQSC010E", first.start, end, keyword=spec.objtype)
        return self.value(_object_keyword(spec), first)

    def parameters(
        self, spec: CommandSpec, params: tuple[syntax.Param | syntax.Where, ...]
    ) -> tuple[dict[str, object], list[str], Filter | None]:
        attrs: dict[str, object] = {}
        requested: list[str] = []
        where: Filter | None = None
        repeats: list[Diagnostic] = []
        seen: set[str] = set()
        where_param: syntax.Where | None = None
        for param in params:
            if isinstance(param, syntax.Where):
                if not spec.where or where is not None:
                    if where is not None:
                        repeats.append(
                            self.error("CSQ9000E", param.start, param.end, keyword="WHERE")
                        )
                        continue
                    raise self.fail("CSQ9001E", param.start, param.start + 5, keyword="WHERE")
                where = self.filter(spec, param)
                where_param = param
                continue
            word = param.keyword.upper()
            keyword = spec.keyword(word)
            if (
                param.values is None
                and word in spec.requestable
                and (keyword is None or not isinstance(keyword.kind, Flag))
            ):
                if word in seen:
                    repeats.append(self.error("CSQ9000E", param.start, param.end, keyword=word))
                    continue
                seen.add(word)
                requested.append(word)
                continue
            if keyword is None or not keyword.zos:
                raise self.fail(
                    "CSQ9001E", param.start, param.start + len(param.keyword), keyword=word
                )
            if keyword.name in attrs:
                repeats.append(self.error("CSQ9000E", param.start, param.end, keyword=word))
                continue
            attrs[keyword.name] = self.value(keyword, param, negated=word == keyword.negation)
        if repeats:
            raise _Failed(*repeats)
        for required in spec.required:
            if required not in attrs:
                start = self.node.verb_start
                raise self.fail("MQSC010E", start, len(self.logical.text), keyword=required)
        if where is not None and where.keyword in attrs:
            assert where_param is not None
            raise self.fail(
                "MQSC550E",
                where_param.start,
                where_param.end,
                keyword1=where.keyword,
                keyword2="WHERE",
            )
        return attrs, requested, where

    # ---- values ----------------------------------------------------------------------------
    def value(self, keyword: Keyword, param: syntax.Param, *, negated: bool = False) -> object:
        values = param.values
        kind = keyword.kind
        word = param.keyword.upper()
        if isinstance(kind, Flag):
            if param.values is not None:
                raise self.fail("MQSC011E", param.start, param.end, keyword=word)
            return not negated
        if not values:
            if values is not None and isinstance(kind, NameList) and keyword.default == ():
                return ()  # NAMES(): an empty list of names (a namelist with none)
            raise self.fail("MQSC010E", param.start, param.end, keyword=word)
        if isinstance(kind, NameList):
            if len(values) > kind.max_items:
                raise self.fail("MQSC014E", param.start, param.end, keyword=word)
            item = Keyword(keyword.name, Name(kind.rule, kind.max_length))
            return tuple(self.scalar(item, word, raw, param) for raw in values)
        if len(values) > 1 and isinstance(kind, Choice | Text) and len(values) <= kind.max_items:
            return tuple(self.scalar(keyword, word, raw, param) for raw in values)
        if len(values) > 1:
            raise self.fail("MQSC014E", param.start, param.end, keyword=word)
        return self.scalar(keyword, word, values[0], param)

    def scalar(self, keyword: Keyword, word: str, raw: str, param: syntax.Param) -> object:
        kind = keyword.kind
        quoted = syntax.is_quoted(raw)
        text = syntax.unquote(raw) if quoted else raw.upper()
        where = (param.start, param.end)
        if isinstance(kind, Integer):
            if kind.star and raw == "*":
                return "*"
            if not quoted and text in kind.words:
                return text
            if quoted or not _INTEGER.fullmatch(raw):
                raise self.fail("MQSC011E", *where, keyword=word)
            number = int(raw)
            if not kind.minimum <= number <= kind.maximum:
                raise self.range_error(keyword, word, raw, where)
            return number
        if isinstance(kind, Choice):
            if quoted or text not in kind.values:
                raise self.fail("MQSC011E", *where, keyword=word)
            return text
        if isinstance(kind, Text):
            text = text.rstrip()
            if len(text) > kind.max_length:
                raise self.fail("MQSC016E", *where, keyword=word)
            return text
        if isinstance(kind, Name):
            return self.name(kind, word, text, where)
        if isinstance(kind, Size):
            return self.size(kind, keyword, word, text, quoted, where)
        raise AssertionError(f"no binding for {kind!r}")  # pragma: no cover - catalog bug

    def name(self, kind: Name, word: str, text: str, where: tuple[int, int]) -> str:
        text = text.rstrip()
        if not text:
            if kind.blank_allowed:
                return ""
            raise self.fail("MQSC597E", *where, keyword=word, value=" ")
        stem = text[:-1] if kind.generic and text.endswith("*") else text
        if len(text) > kind.max_length:
            raise self.fail("MQSC016E", *where, keyword=word)
        if stem and not NAME_PATTERNS[kind.rule].fullmatch(stem):
            raise self.fail("MQSC593E", *where, keyword=word, value=text)
        return text

    def size(
        self,
        kind: Size,
        keyword: Keyword,
        word: str,
        text: str,
        quoted: bool,
        where: tuple[int, int],
    ) -> str:
        match = None if quoted else _SIZE.fullmatch(text)
        if match is None:
            raise self.fail("MQSC011E", *where, keyword=word)
        number, unit = int(match.group(1)), match.group(2)
        scaled = number * {"": 1, "K": 1024, "M": 1024 * 1024}[unit]
        if not kind.minimum <= scaled <= kind.maximum:
            raise self.range_error(keyword, word, text, where)
        return f"{number}{unit}"

    def range_error(self, keyword: Keyword, word: str, raw: str, where: tuple[int, int]) -> _Failed:
        return self.fail(keyword.range_msg or RANGE_MSG, *where, keyword=word, value=raw, psid=raw)

    def filter(self, spec: CommandSpec, where: syntax.Where) -> Filter:
        word = where.keyword.upper()
        keyword = _attribute(spec, word)
        span = (where.start, where.end)
        if keyword is None or word not in spec.where:
            raise self.fail(
                "CSQ9001E", where.keyword_start, where.keyword_start + len(word), keyword=word
            )
        operator = where.operator.upper()
        kind = keyword.kind
        allowed: tuple[str, ...]
        if isinstance(kind, Integer):
            allowed = _OPERATORS_ORDERED
        elif isinstance(kind, Flag):
            allowed = ("EQ", "NE")
        elif isinstance(kind, NameList):
            allowed = _OPERATORS_LIST
        elif isinstance(kind, Choice) and kind.max_items > 1:
            allowed = (*_OPERATORS_TEXT, *_OPERATORS_LIST)  # a word, or a list of words
        else:
            allowed = _OPERATORS_TEXT
        if operator not in allowed:
            raise self.fail("MQSC018E", *span, keyword=word, operator=operator)
        if isinstance(kind, Flag):
            value: object = self.flag_filter(keyword, where, span)
        else:
            probe = syntax.Param(where.keyword, (where.value,), where.start, where.end)
            if isinstance(kind, NameList):
                # One item of the list: a name, generic with CTG and EXG.
                keyword = Keyword(
                    keyword.name,
                    Name(kind.rule, kind.max_length, generic=operator in ("CTG", "EXG")),
                )
            elif isinstance(kind, Choice) and operator in _OPERATORS_LIST:
                # One word of the list; a generic one (ZLIB*) with CTG and EXG.
                keyword = Keyword(
                    keyword.name,
                    Text(max(map(len, kind.values)) + 1)
                    if operator in ("CTG", "EXG")
                    else Choice(kind.values),
                )
            elif isinstance(kind, Name) and operator in ("LK", "NL"):
                keyword = Keyword(
                    keyword.name, Name(kind.rule, kind.max_length, generic=True, blank_allowed=True)
                )
            elif isinstance(kind, (Text, Choice)) and operator in ("LK", "NL"):
                keyword = Keyword(keyword.name, Text(getattr(kind, "max_length", 48) + 1))
            value = self.scalar(keyword, word, where.value, probe)
        return Filter(word, operator, value)

    def flag_filter(self, keyword: Keyword, where: syntax.Where, span: tuple[int, int]) -> bool:
        text = where.value.upper()
        if text == keyword.name:
            return True
        if text == keyword.negation:
            return False
        raise self.fail("MQSC011E", *span, keyword=keyword.name)


# ---- the fast path ---------------------------------------------------------------------------
# Binding one value is a handful of checks, but a deck repeats them for every command. A plan
# (below) holds, per keyword, a converter that does the checks of the common, valid case and
# returns the value; for anything else it returns _INVALID and the full rules above run, so every
# message still comes from one place. Converters neither remember values nor are shared between
# plans: measured switched on and off, neither bought more than 7% of parsing and binding the
# 50,000-DEFINE deck (docs/performance.md, "Speed tricks, each switched off").
_INVALID = object()
Converter = Callable[[str], object]


def _converter(keyword: Keyword) -> Converter:
    """The fast single-value converter of a keyword."""
    return _make_converter(keyword.kind)


def _invalid(raw: str) -> object:
    return _INVALID


def _make_converter(kind: object) -> Converter:
    if isinstance(kind, Integer):
        return _integer_converter(kind)
    if isinstance(kind, Choice):
        return _choice_converter(kind)
    if isinstance(kind, Text):
        return _text_converter(kind)
    if isinstance(kind, Name):
        return _name_converter(kind)
    return _invalid  # flags, lists and sizes: always the full rules


def _integer_converter(kind: Integer) -> Converter:
    def integer(raw: str) -> object:
        # _INTEGER ([+-]?[0-9]+) in string methods, half the time of the regular expression:
        # ASCII digits are the only ASCII characters str.isdigit accepts.
        digits = raw[1:] if raw[:1] in ("+", "-") else raw
        if digits.isascii() and digits.isdigit():
            number = int(raw)
            return number if kind.minimum <= number <= kind.maximum else _INVALID
        if kind.star and raw == "*":
            return "*"
        word = raw.upper()  # CAPEXPRY(NOLIMIT): the words are letters, never a number
        return word if word in kind.words else _INVALID

    return integer


def _choice_converter(kind: Choice) -> Converter:
    def choice(raw: str) -> object:
        text = raw.upper()
        return text if raw[:1] != "'" and text in kind.values else _INVALID

    return choice


def _text_converter(kind: Text) -> Converter:
    def text(raw: str) -> object:
        # Quoted text loses its trailing blanks; a word has none (the lexer ends it at one).
        value = syntax.unquote(raw).rstrip() if raw[:1] == "'" else raw.upper()
        return value if len(value) <= kind.max_length else _INVALID

    return text


def _name_converter(kind: Name) -> Converter:
    pattern = NAME_PATTERNS[kind.rule].fullmatch

    def name(raw: str) -> object:
        text = syntax.unquote(raw).rstrip() if raw[:1] == "'" else raw.upper()
        if not text or len(text) > kind.max_length:
            return _INVALID
        stem = text[:-1] if kind.generic and text[-1] == "*" else text
        return text if not stem or pattern(stem) else _INVALID

    return name


def _attribute(spec: CommandSpec, word: str) -> Keyword | None:
    """The attribute definition behind a requestable or filter keyword of a DISPLAY."""
    family = catalog.attributes_of(spec.objtype)
    keyword = family.get(word)
    if keyword is None:
        for candidate in family.values():
            if word in candidate.spellings:
                return candidate
    return keyword


def _object_keyword(spec: CommandSpec) -> Keyword:
    """The object keyword (``QLOCAL(name)``) as a keyword, with the right range message."""
    assert spec.name is not None
    resource = catalog.RESOURCES.get(spec.objtype)
    range_msg = resource.id_keyword.range_msg if resource and resource.id_keyword else None
    return Keyword(spec.objtype, spec.name, range_msg=range_msg)


def bind(node: syntax.Command) -> Command:
    """Bind a syntax tree to a typed command.

    Raises:
        MqscError: with one diagnostic, or one CSQ9000E per repeated keyword.

    """
    key = (node.verb, *[param.keyword for param in node.params])
    plan = _plans.get(key, _UNPLANNED)
    if plan is not None and plan is not _UNPLANNED:
        command = plan.apply(node)
        if command is not None:
            return command
    try:
        command = _Binder(node).bind()
    except _Failed as failure:
        raise MqscError(*failure.args) from None
    if plan is _UNPLANNED:
        if len(_plans) >= 4096:
            _plans.clear()
        _plans[key] = _Plan.of(node, command)
    return command


# ---- plans: the binder's decisions for one spelling of a command ------------------------------
# Which spec, class and keywords a command resolves to depends only on its words as typed: a
# deck repeats the same words with new values. After the full rules bind a command, a plan
# records their decisions for those words; the next command spelled the same way only converts
# its values. Anything the plan did not foresee (another number of values, a WHERE, a value the
# converter leaves to the full rules) falls back to the full rules.
_UNPLANNED = object()
_VALUE, _CONSTANT, _REQUESTED = 0, 1, 2


class _Plan:
    __slots__ = ("cls", "verb", "objtype", "name", "entries", "requested", "typed")

    def __init__(
        self, command: Command, name: Converter | None, entries: tuple[tuple[int, str, object], ...]
    ) -> None:
        self.cls = type(command)
        self.verb = command.verb
        self.objtype = command.objtype
        self.name = name
        self.entries = entries
        self.requested = command.requested
        self.typed = command.typed

    @classmethod
    def of(cls, node: syntax.Command, command: Command) -> _Plan | None:
        """The plan of a command the full rules bound, or None when it cannot have one."""
        spec = catalog.COMMANDS[(command.verb, command.objtype)]
        params = node.params
        if command.where is not None or not all(type(p) is syntax.Param for p in params):
            return None
        name: Converter | None = None
        if spec.name is not None:
            name = _converter(_object_keyword(spec))
            if params[0].values is None or name is _invalid:
                return None
        entries: list[tuple[int, str, object]] = []
        for param in params[1:]:
            word = param.keyword.upper()
            keyword = spec.keyword(word)
            if (
                param.values is None
                and word in spec.requestable
                and (keyword is None or not isinstance(keyword.kind, Flag))
            ):
                entries.append((_REQUESTED, word, None))
            elif keyword is None:
                return None
            elif isinstance(keyword.kind, Flag):
                entries.append((_CONSTANT, keyword.name, word != keyword.negation))
            else:
                convert = _converter(keyword)
                if convert is _invalid:
                    return None
                entries.append((_VALUE, keyword.name, convert))
        return cls(command, name, tuple(entries))

    def apply(self, node: syntax.Command) -> Command | None:
        """The command, bound as the full rules would; None when they must decide."""
        params = node.params
        first = params[0]
        name: object = None
        if self.name is not None:
            values = first.values
            if values is None or len(values) != 1 or type(first) is not syntax.Param:
                return None
            name = self.name(values[0])
            if name is _INVALID:
                return None
        elif first.values is not None or type(first) is not syntax.Param:
            return None
        attrs: dict[str, object] = {}
        param_type, invalid = syntax.Param, _INVALID  # locals: this loop runs for every keyword
        for (kind, attribute, how), param in zip(self.entries, params[1:]):
            if type(param) is not param_type:
                return None
            values = param.values
            if kind == 0:  # _VALUE
                if values is None or len(values) != 1:
                    return None
                value = how(values[0])  # type: ignore[operator]
                if value is invalid:
                    return None
                attrs[attribute] = value
            elif values is not None:
                return None
            elif kind == _CONSTANT:
                attrs[attribute] = how
        return self.cls(
            self.verb,
            self.objtype,
            name,
            MappingProxyType(attrs),
            None,
            self.requested,
            node.logical.cpf,
            self.typed,
            node,
        )


_plans: dict[tuple[str, ...], _Plan | None] = {}
