"""One emulated IBM MQ level everywhere (mqsc/catalog/product.py): DISPLAY QMGR, CSQY000I,
CSQX000I, CSQUTIL's CSQU000I, the REST API's installation resource (served: tests/serve/
test_mqrest.py::test_installation_and_qmgr) and the web console (tests/serve/test_console_web.py)
all say the same level."""

from __future__ import annotations

import re

from mqsc.batch import csqutil
from mqsc.catalog import CommandSource, product
from mqsc.catalog.texts import line
from mqsc.render.commandserver import reply_lines
from mqsc.serve import mqrest
from tests.engine.conftest import fresh_qmz1


def test_the_forms_of_the_level_agree() -> None:
    assert product.RELEASE == f"V{product.MQ_VERSION}"
    assert product.RELEASE.startswith(product.CHINIT_RELEASE)
    assert product.COMMAND_LEVEL == product.command_level(product.MQ_VERSION)
    assert product.VERSION_ATTR == product.version_attribute(product.MQ_VERSION)


def test_display_qmgr_reports_the_level() -> None:
    qm = fresh_qmz1()
    text = " ".join(reply_lines(qm.execute("DISPLAY QMGR CMDLEVEL VERSION")))
    assert re.search(rf"CMDLEVEL\(\s*{product.COMMAND_LEVEL}\)", text), text
    assert f"VERSION({product.VERSION_ATTR})" in text


def test_start_and_chinit_messages_name_the_release() -> None:
    qm = fresh_qmz1()
    qm.execute("STOP QMGR", source=CommandSource.CONSOLE)
    started = " ".join(reply_lines(qm.execute("START QMGR", source=CommandSource.CONSOLE)))
    assert f"CSQY000I QMZ1 IBM MQ for z/OS {product.RELEASE}" in started
    assert (
        line("CSQX000I", {"version": product.CHINIT_RELEASE}, None)
        == f"CSQX000I IBM MQ for z/OS {product.CHINIT_RELEASE}"
    )


def test_csqutil_and_the_rest_api_name_the_same_level() -> None:
    assert csqutil.VERSION == product.RELEASE
    installation = mqrest.installation().body["installation"][0]
    assert installation["version"] == product.MQ_VERSION
    assert installation["maximumCommandLevel"] == product.COMMAND_LEVEL
