"""The one IBM MQ for z/OS level mqsc emulates, in every form the product shows it.

IBM MQ 9.4 for z/OS: the MQSC reference of 9.4 is what the catalogs follow (each command's page,
"IBM MQ 9.4 for z/OS"), and 9.4.0 is the level whose attributes they carry (CAPEXPRY on z/OS
"from IBM MQ for z/OS 9.4.0"). Its command level is 940 (DISPLAY QMGR CMDLEVEL), its VERSION
attribute 09040000 (VVRRMMFF), and the start-up and utility headers name it "V9.4.0"
(CSQY000I "IBM MQ for z/OS Vn release_type", CSQU000I "csect-name IBM MQ for z/OS Vn",
[DOC-CSQY] [DOC-CSQU]). DISPLAY QMGR, CSQUTIL, CSQY000I, CSQX000I, the REST API's installation
resource and the web console all read these names (tests/catalog/test_product.py).
"""

from __future__ import annotations

#: Version, release and modification level, as the REST API's installation resource gives it.
MQ_VERSION = "9.4.0"
#: DISPLAY QMGR CMDLEVEL (and the REST API's maximumCommandLevel).
COMMAND_LEVEL = 940
#: DISPLAY QMGR VERSION: VVRRMMFF.
VERSION_ATTR = "09040000"
#: The release as CSQY000I and CSQU000I print it.
RELEASE = "V9.4.0"
#: The release as the channel initiator's CSQX000I prints it (version and release only).
CHINIT_RELEASE = "V9.4"


def version_attribute(version: str = MQ_VERSION) -> str:
    """VVRRMMFF of a "V.R.M" level.

    >>> version_attribute("9.4.0"), version_attribute("9.3.5")
    ('09040000', '09030500')
    """
    v, r, m = (int(part) for part in version.split("."))
    return f"{v:02d}{r:02d}{m:02d}00"


def command_level(version: str = MQ_VERSION) -> int:
    """The command level of a "V.R.M" level (9.4.0 -> 940).

    >>> command_level("9.4.0"), command_level("9.3.5")
    (940, 935)
    """
    v, r, m = (int(part) for part in version.split("."))
    return v * 100 + r * 10 + m
