"""RACF's authorization decision (RACROUTE REQUEST=AUTH) for a user, a resource and an
access intent.

A user's access to a profile ("Authorization checking for RACF-protected resources", RACF
Security Administrator's Guide): the user's own entry on the access list if there is one;
else the highest access of the groups on the list the user is connected to (SETROPTS
GRPLIST; with NOGRPLIST only the current group, here the default group); else the ``*``
entry, for a user RACF knows; else the profile's UACC. A profile in WARNING mode lets a
refused request through, and the request is audited as a warning.
"""

from __future__ import annotations

from mqsc.catalog import racf
from mqsc.racf.database import Database, Profile, User, upper_if
from mqsc.racf.decision import ALLOWED, INACTIVE, INSUFFICIENT, NOT_FOUND, WARNING, Decision
from mqsc.racf.matching import view


def access_of(profile: Profile, user: User | None, *, grplist: bool = True) -> str:
    """The access ``user`` has to ``profile`` (an unknown user: the UACC only)."""
    if user is not None:
        own = profile.permit_of(user.userid)
        if own is not None:
            return own.access
        groups = user.groups if grplist else frozenset((user.dfltgrp,))
        best = -1
        for permit in profile.permits:
            if permit.id in groups and racf.RANK[permit.access] > best:
                best = racf.RANK[permit.access]
        if best >= 0:
            return racf.ACCESS_LEVELS[best]
        star = profile.permit_of("*")
        if star is not None:
            return star.access
    return profile.uacc


def decide_profile(
    profile: Profile | None, user: User | None, intent: str, *, grplist: bool = True
) -> Decision:
    """The decision once the protecting profile is known (None: no profile covers it)."""
    if profile is None:
        return Decision(NOT_FOUND)
    allowed = access_of(profile, user, grplist=grplist)
    if racf.RANK[allowed] >= racf.RANK[intent]:
        return Decision(ALLOWED, allowed, profile.name, profile.generic)
    if profile.warning:
        return Decision(WARNING, allowed, profile.name, profile.generic)
    return Decision(INSUFFICIENT, allowed, profile.name, profile.generic)


def decide(db: Database, userid: str, cls: str, resource: str, intent: str) -> Decision:
    """RACF's decision for ``userid`` asking ``intent`` access to ``resource`` in ``cls``,
    on the view checks see (the in-storage copy of a RACLISTed class)."""
    if cls not in db.options.active:
        return Decision(INACTIVE)
    profile = view(db, cls).covering(upper_if(cls, resource))
    return decide_profile(profile, db.users.get(userid), intent, grplist=db.options.grplist)
