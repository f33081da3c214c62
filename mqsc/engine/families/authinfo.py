"""Authentication information objects (mqsc/catalog/authinfo.py): definitions only.

The z/OS rules kept (IBM MQ 9.4 for z/OS, "DEFINE AUTHINFO"): each AUTHTYPE takes the attributes
of its own syntax diagram, CRLLDAP needs CONNAME and OCSP needs OCSPURL, and ALTER names the
object's own type. No certificate or password is checked: the simulation has no TLS and no RACF.
"""

from __future__ import annotations

from mqsc.catalog import authinfo as catalog_authinfo
from mqsc.catalog.authinfo import APPLIES, REQUIRED
from mqsc.engine.plainfamily import TypedFamily

AUTHINFO = TypedFamily(catalog_authinfo.FAMILY, "AUTHTYPE", APPLIES, REQUIRED, "AUTHTYPE")
