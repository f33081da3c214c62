"""The answer RACF gives to one authorization request (RACROUTE REQUEST=AUTH), apart from how
it is reached (:mod:`mqsc.racf.access`): the queue manager answers "allowed" for every check
while subsystem security is off, so it needs this answer without RACF's database.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a decision is: allowed, refused for insufficient access, refused because no profile
#: covers the resource, allowed because the profile is in WARNING mode, or not checked at all
#: because the class is not active (RACF: "the resource is not protected").
ALLOWED, INSUFFICIENT, NOT_FOUND, WARNING, INACTIVE = (
    "allowed",
    "insufficient",
    "not-found",
    "warning",
    "inactive",
)


@dataclass(frozen=True, slots=True)
class Decision:
    """The answer to one authorization request.

    Attributes:
        outcome: :data:`ALLOWED`, :data:`INSUFFICIENT`, :data:`NOT_FOUND`, :data:`WARNING`
            or :data:`INACTIVE`.
        allowed: the access the user has (``NONE`` when no profile covers the resource).
        profile: the profile that decided (None: none covers the resource).
        generic: whether that profile is generic (ICH408I says ``FROM profile (G)``).

    """

    outcome: str
    allowed: str = "NONE"
    profile: str | None = None
    generic: bool = False

    @property
    def granted(self) -> bool:
        return self.outcome in (ALLOWED, WARNING, INACTIVE)
