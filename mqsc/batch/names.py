"""z/OS names the batch programs check: DD names, member and program names, and data set
names (z/OS MVS JCL Reference, "Name field" and "DSNAME parameter": a name is 1 to 8
characters, alphanumeric or national (@ # $), the first not a digit; a data set name is
qualifiers of 1 to 8 such characters (a hyphen allowed after the first) joined by periods, 44
characters at most, optionally followed by a member name in parentheses).

One place for JCL (jcl.py), CSQUTIL (csqutil.py, utilities.py) and IDCAMS (idcams.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: A DD, step, procedure, member or program name.
NAME = r"[A-Z@#$][A-Z0-9@#$]{0,7}"
#: One qualifier of a data set name.
QUALIFIER = r"[A-Z@#$][A-Z0-9@#$-]{0,7}"
#: The longest data set name.
DSN_MAX = 44

_NAME = re.compile(NAME)
_QUALIFIED_DDNAME = re.compile(rf"{NAME}\.{NAME}")
_DSN = re.compile(rf"({QUALIFIER}(?:\.{QUALIFIER})*)(?:\(({NAME})\))?")


def is_name(text: str) -> bool:
    """Whether ``text`` is a valid DD, step, member or program name.

    >>> is_name("CSQP0001"), is_name("1ABC"), is_name("TOOLONGNAME")
    (True, False, False)
    """
    return _NAME.fullmatch(text) is not None


def is_qualified_ddname(text: str) -> bool:
    """``procstep.ddname``: a DD statement that overrides or adds to a procedure's step."""
    return _QUALIFIED_DDNAME.fullmatch(text) is not None


def dataset(text: str) -> tuple[str, str] | None:
    """``(data set name, member)`` of ``DSN=name[(member)]`` (member "" when none), or None
    when it is not a valid data set name.

    >>> dataset("MQ.CSQINP2(MEMBER1)"), dataset("MQ.PS00"), dataset("MQ..X")
    (('MQ.CSQINP2', 'MEMBER1'), ('MQ.PS00', ''), None)
    """
    match = _DSN.fullmatch(text)
    if match is None or len(match.group(1)) > DSN_MAX:
        return None
    return match.group(1), match.group(2) or ""


def is_dsn(text: str) -> bool:
    """Whether ``text`` is a valid data set name with no member (IDCAMS entry names)."""
    found = dataset(text)
    return found is not None and not found[1]


#: A data set name pattern of the catalog search (z/OSMF's ``dslevel``): qualifiers of name
#: characters and the wildcards ``%`` (one character), ``*`` (any characters within one
#: qualifier, or one whole qualifier) and ``**`` (any number of qualifiers).
_PATTERN_QUALIFIER = re.compile(r"[A-Z0-9@#$%*-]{1,8}|\*\*")
#: A member name pattern (``pattern=`` of a member list): name characters, ``*`` and ``%``.
_MEMBER_PATTERN = re.compile(r"[A-Z0-9@#$%*]{1,8}")


def dslevel(pattern: str) -> Callable[[str], bool] | None:
    """Which names a catalog search pattern matches (None when the pattern is not one). As the
    catalog search interface reads a filter key (z/OS DFSMS "Catalog Search Interface"): ``**``
    is any number of qualifiers, ``*`` any characters within one qualifier (or one whole
    qualifier) and ``%`` one character; a pattern whose last qualifier has no wildcard also
    names the data sets under it (``USER1.JCL`` lists ``USER1.JCL`` and ``USER1.JCL.CNTL``), as
    z/OSMF's ``dslevel`` and ISPF 3.4 do.

    >>> star = dslevel("USER1.*"); star("USER1.JCL"), star("USER1.A.B"), star("USER1")
    (True, False, False)
    >>> dslevel("USER1.**")("USER1.A.B"), dslevel("USER1")("USER1.A.B")
    (True, True)
    >>> dslevel("USER1")("USER10")
    False
    >>> dslevel("**.JCL")("A.B.JCL"), dslevel("US%R1.J*")("USER1.JCL")
    (True, True)
    >>> dslevel("A..B"), dslevel("../ETC")
    (None, None)
    """
    text = pattern.strip().upper()
    if not text or len(text) > DSN_MAX:
        return None
    qualifiers = text.split(".")
    # Matched against the name with a dot after it: every qualifier is "text then a dot", so
    # ** is simply "any number of qualifiers".
    expression = ""
    for qualifier in qualifiers:
        if _PATTERN_QUALIFIER.fullmatch(qualifier) is None:
            return None
        if qualifier == "**":
            expression += r"(?:[^.]+\.)*"
            continue
        expression += "".join(
            r"[A-Z0-9@#$-]*" if c == "*" else r"[A-Z0-9@#$-]" if c == "%" else re.escape(c)
            for c in qualifier
        )
        expression += r"\."
    if not any(c in qualifiers[-1] for c in "*%"):
        expression += r"(?:[^.]+\.)*"
    compiled = re.compile(expression)
    return lambda name: compiled.fullmatch(name + ".") is not None


def member_pattern(pattern: str) -> re.Pattern[str] | None:
    """A member name pattern (``*`` any characters, ``%`` one), or None when it is not one.

    >>> bool(member_pattern("V8*").fullmatch("V8NOIO11")), member_pattern("../X")
    (True, None)
    """
    text = pattern.strip().upper()
    if _MEMBER_PATTERN.fullmatch(text) is None:
        return None
    return re.compile(
        "".join(
            "[A-Z0-9@#$]*" if c == "*" else "[A-Z0-9@#$]" if c == "%" else re.escape(c)
            for c in text
        )
    )


def member_for_file(file_name: str) -> str:
    """The member name a file becomes in a library: the Zowe CLI's rule for ``upload
    dir-to-pds`` (its ZosFilesUtils.generateMemberName: the name without its extension, upper
    case, only A-Z 0-9 @ # $, no leading digits, at most 8 characters), so a directory of decks
    and its library name their members alike ("" when nothing is left).

    >>> member_for_file("V8NOIO11.jcl"), member_for_file("system-CSQINP2.mqsc")
    ('V8NOIO11', 'SYSTEMCS')
    >>> member_for_file("2-x.mqsc")
    'X'
    """
    stem = file_name.rsplit("/", 1)[-1]
    if "." in stem[1:]:
        stem = stem[: stem.rindex(".")]
    kept = re.sub(r"[^A-Z0-9@#$]", "", stem.upper())
    return kept.lstrip("0123456789")[:8]
