"""z/OS names the batch programs check: DD names, member and program names, and data set
names (z/OS MVS JCL Reference, "Name field" and "DSNAME parameter": a name is 1 to 8
characters, alphanumeric or national (@ # $), the first not a digit; a data set name is
qualifiers of 1 to 8 such characters (a hyphen allowed after the first) joined by periods, 44
characters at most, optionally followed by a member name in parentheses).

One place for JCL (jcl.py), CSQUTIL (csqutil.py, utilities.py) and IDCAMS (idcams.py).
"""

from __future__ import annotations

import re

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
