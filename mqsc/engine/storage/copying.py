"""Shallow copies of the simulation's mutable entities, fast enough to take in every
transaction.

A transaction clones a buffer pool, a page set or the log the first time it edits one
(:meth:`mqsc.engine.state.Txn.edit`), so a DEFINE clones two or three of them.
:func:`dataclasses.replace` re-inspects the class on every call and costs several
microseconds; a copier reads the fields once, when the class is defined.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from operator import attrgetter
from typing import TypeVar

T = TypeVar("T")


def copier(cls: type[T]) -> Callable[[T], T]:
    """A function returning a shallow copy of a ``cls`` instance: every field passed again to
    the constructor (so every field must be an ``__init__`` field).

    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class P:
    ...     x: int
    ...     y: list
    >>> p = P(1, [2]); q = copier(P)(p)
    >>> q == p, q is p, q.y is p.y
    (True, False, True)
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    if not all(f.init for f in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has fields outside __init__")
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: cls(one(obj))  # type: ignore[call-arg]
    values = attrgetter(*names)
    return lambda obj: cls(*values(obj))


def replacer(cls: type[T]) -> Callable[..., T]:
    """:func:`dataclasses.replace` for ``cls``, with its fields read once, when the class is
    defined (the same result: the constructor gets every field, ``changes`` over them).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class P:
    ...     x: int
    ...     y: int = 0
    >>> replacer(P)(P(1, 2), y=3)
    P(x=1, y=3)
    """
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    if not all(f.init for f in fields(cls)):  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has fields outside __init__")
    values = attrgetter(*names) if len(names) > 1 else (lambda obj: (getattr(obj, names[0]),))

    def replace(obj: T, **changes: object) -> T:
        kwargs = dict(zip(names, values(obj)))
        kwargs.update(changes)
        return cls(**kwargs)

    return replace
