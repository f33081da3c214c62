"""The web console end to end: a real ``mqsc serve``, Debian's Chromium driven headless by
Playwright (explicit executable path), every request of the page checked to stay on 127.0.0.1.

Screenshots for docs/console-web.md are written by bench/console_web.py, not here.
"""

from __future__ import annotations

import base64
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from mqsc.catalog import product
from tests.serve.conftest import USERS, Server, start_server, stop

CHROMIUM = os.environ.get("MQSC_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
Z = {"X-CSRF-ZOSMF-HEADER": "true"}
#: Lab L02's put step alone: 300 messages of 4 KB on USER1.ABAR.QUEUE (page set 11, pool 11).
PUT_JOB = """//USER1P1  JOB (ACCT),'PUTS',CLASS=A,MSGCLASS=K
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qUSER1.ABAR.QUEUE -n300 -s4096')
//SYSPRINT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
"""


def wait_text(p, selector: str, text: str) -> None:
    """Wait until the element shows ``text``; on a timeout, say what it shows instead."""
    try:
        p.wait_for_function(
            "([s, t]) => document.querySelector(s).textContent.includes(t)",
            arg=[selector, text],
            timeout=15_000,
        )
    except Exception as problem:  # noqa: BLE001 - re-raised with what the page shows
        raise AssertionError(
            f"{selector} never showed {text!r}: {p.text_content(selector)!r}"
        ) from problem


def _chromium() -> str:
    if not Path(CHROMIUM).exists():
        pytest.skip(
            f"no Chromium at {CHROMIUM} (apt-get install -y chromium, or set MQSC_CHROMIUM)"
        )
    return CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    path = _chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=path, headless=True, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own (durable, so a job's puts and the console see one QMZ1)."""
    process, running = start_server(tmp_path_factory.mktemp("web-home"))
    try:
        yield running
    finally:
        stop(process)


class Page:
    """A browser context whose every request is recorded and, unless it is for this
    server on 127.0.0.1, aborted (so a request leaving the machine fails the test)."""

    def __init__(self, browser, server: Server) -> None:
        # bypass_csp: Playwright's wait_for_function evaluates strings, which the console's
        # Content-Security-Policy forbids (test_no_credentials_no_figures checks the header).
        self.context = browser.new_context(
            viewport={"width": 1400, "height": 1000}, bypass_csp=True
        )
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []

        def check(route) -> None:
            url = route.request.url
            self.requests.append(url)
            if urlsplit(url).hostname != "127.0.0.1":
                self.outside.append(url)
                route.abort()
            else:
                route.continue_()

        self.context.route("**/*", check)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.url = f"{server.url}/ibmmq/console/"

    def sign_in(self, user: str) -> None:
        page = self.page
        page.goto(self.url)
        page.fill("#user", user)
        page.fill("#password", USERS[user][0])
        page.click("#signin-button")
        page.wait_for_selector("#view-queues:not([hidden])")
        page.wait_for_function("window.mqscTimings.openToAllRows !== null")

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def page(browser, web: Server) -> Iterator[Page]:
    opened = Page(browser, web)
    try:
        yield opened
    finally:
        opened.close()
    assert opened.requests, "the page made no request at all"
    assert not opened.outside, opened.outside


def test_sign_in_shows_the_queues_of_the_default_queue_manager(page: Page) -> None:
    p = page.page
    p.goto(page.url)
    p.wait_for_selector("#signin:not([hidden])")
    p.fill("#user", "admin")
    p.fill("#password", "wrong-password")
    p.click("#signin-button")
    p.wait_for_function("document.getElementById('signin-error').textContent !== ''")
    assert "MQWB0104E" in p.text_content("#signin-error")
    page.sign_in("admin")
    assert p.input_value("#qmgr") == "QMZ1"
    assert "admin (MQWebAdmin)" in p.text_content("#who")
    # The emulated level, as the REST API's installation resource and DISPLAY QMGR give it.
    assert p.text_content("#level") == (
        f"IBM MQ for z/OS {product.MQ_VERSION} (CMDLEVEL {product.COMMAND_LEVEL})"
    )
    assert p.locator('.grid .row[data-name="SYSTEM.DEFAULT.LOCAL.QUEUE"]').count() == 1
    # Virtualised: far fewer rows in the DOM than queues would be at scale, and the filter
    # narrows by generic name.
    p.fill("#filter", "SYSTEM.ADMIN.*")
    names = p.eval_on_selector_all(".grid .row", "rows => rows.map(r => r.dataset.name)")
    assert names and all(n.startswith("SYSTEM.ADMIN.") for n in names)
    assert not page.errors, page.errors


def _opened_signed_in(p, who: str) -> None:
    p.wait_for_selector("#view-queues:not([hidden])")
    wait_text(p, "#who", who)
    p.locator('.grid .row[data-name="SYSTEM.DEFAULT.LOCAL.QUEUE"]').wait_for()


def test_opened_with_the_credentials_in_the_url(page: Page, web: Server) -> None:
    # http://user:password@host:port/ibmmq/console/: the page's URL holds credentials, which
    # fetch() refuses to build requests from; the console signs in with them instead.
    p = page.page
    password = USERS["reader"][0]
    p.goto(f"http://reader:{password}@127.0.0.1:{web.port}/ibmmq/console/")
    _opened_signed_in(p, "reader (MQWebAdminRO)")
    assert not page.errors, page.errors
    # A wrong one: the sign-in form, with the server's reason and the user filled in.
    p.context.clear_cookies()
    p.goto(f"http://admin:not-it@127.0.0.1:{web.port}/ibmmq/console/#queues")
    p.wait_for_selector("#signin:not([hidden])")
    wait_text(p, "#signin-error", "MQWB0104E")
    assert p.input_value("#user") == "admin"
    assert not page.errors, page.errors


def test_opened_by_a_browser_that_sends_basic_auth(browser, web: Server) -> None:
    # A browser (or a proxy in front of it) that sends HTTP basic credentials with every
    # request: signed in without the form.
    token = base64.b64encode(f"admin:{USERS['admin'][0]}".encode()).decode()
    context = browser.new_context(extra_http_headers={"Authorization": f"Basic {token}"})
    try:
        p = context.new_page()
        errors: list[str] = []
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.goto(f"{web.url}/ibmmq/console/")
        _opened_signed_in(p, "admin (MQWebAdmin)")
        assert not errors, errors
    finally:
        context.close()


def test_define_a_queue_through_the_form_and_see_it_in_the_grid(page: Page) -> None:
    page.sign_in("admin")
    p = page.page
    p.click("#create")
    p.wait_for_selector("#create-name")
    # The form is the catalog's: MAXDEPTH is a number field with the language's range.
    assert p.get_attribute('#create-form input[name="MAXDEPTH"]', "max") == "999999999"
    # Every queue type of the catalog can be made; its form is its own.
    assert p.eval_on_selector_all("#create-type option", "o => o.map(x => x.value)") == [
        "qlocal",
        "qalias",
        "qremote",
        "qmodel",
    ]
    p.select_option("#create-type", "qalias")
    p.wait_for_selector('#create-form input[name="TARGET"]')
    p.fill("#create-name", "WEB.FORM.ALIAS")
    p.fill('#create-form input[name="TARGET"]', "SYSTEM.DEFAULT.LOCAL.QUEUE")
    p.click("#create-submit")
    wait_text(p, "#create-reply", "CSQ9022I")
    p.fill("#filter", "WEB.FORM.ALIAS")
    p.locator('.grid .row[data-name="WEB.FORM.ALIAS"]').wait_for()
    assert "QALIAS" in p.text_content('.grid .row[data-name="WEB.FORM.ALIAS"]')
    p.select_option("#create-type", "qlocal")
    p.wait_for_selector('#create-form input[name="MAXDEPTH"]')
    p.fill("#create-name", "WEB.FORM.Q1")
    p.fill('#create-form input[name="MAXDEPTH"]', "1234")
    p.fill('#create-form input[name="DESCR"]', "Made in the browser")
    p.click("#create-submit")
    wait_text(p, "#create-reply", "CSQ9022I")
    p.fill("#filter", "WEB.FORM.*")
    row = p.locator('.grid .row[data-name="WEB.FORM.Q1"]')
    row.wait_for()
    assert "1234" in row.text_content() and "Made in the browser" in row.text_content()
    # Defined twice: the queue manager's refusal is shown, CSQ reply and all.
    p.fill("#create-name", "WEB.FORM.Q1")
    p.click("#create-submit")
    wait_text(p, "#create-reply", "MQSC595E")
    assert p.get_attribute("#create-reply", "class") == "error"


def test_alter_a_queue_through_its_form(page: Page, web: Server) -> None:
    page.sign_in("admin")
    p = page.page
    p.fill("#command", "DEFINE QLOCAL(WEB.ALTER.Q1) MAXDEPTH(10) DESCR('before')")
    p.press("#command", "Enter")
    wait_text(p, "#reply", "CSQ9022I")
    p.fill("#filter", "WEB.ALTER.Q1")
    p.locator('.grid .row[data-name="WEB.ALTER.Q1"] .edit').click()
    p.wait_for_function(
        "document.querySelector('#create-form input[name=\"MAXDEPTH\"]')?.value === '10'"
    )
    assert p.input_value("#create-name") == "WEB.ALTER.Q1"
    assert p.is_checked('#create-form input[name="SHARE"]')  # the queue's own value
    p.fill('#create-form input[name="MAXDEPTH"]', "4321")
    p.uncheck('#create-form input[name="SHARE"]')
    p.click("#create-submit")
    wait_text(p, "#create-reply", "CSQ9022I")
    assert "ALTER" in p.text_content("#create-reply")
    row = p.locator('.grid .row[data-name="WEB.ALTER.Q1"]')
    p.wait_for_function(
        "document.querySelector('.grid .row[data-name=\"WEB.ALTER.Q1\"]')"
        "?.textContent.includes('4321')"
    )
    assert "before" in row.text_content()  # not sent, not changed
    with web.client("admin") as http:
        shown = http.post(
            f"{web.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers={"ibm-mq-rest-csrf-token": "t"},
            json={
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "WEB.ALTER.Q1",
                "responseParameters": ["share", "maxdepth", "descr"],
            },
        ).json()
    got = shown["commandResponse"][0]["parameters"]
    assert (got["share"], got["maxdepth"], got["descr"]) == (False, 4321, "before"), got


def test_run_mqsc_in_the_pane_and_a_failure_shows_the_csq_reply(page: Page) -> None:
    page.sign_in("admin")
    p = page.page
    p.fill("#command", "DEFINE QLOCAL(WEB.PANE.Q1) MAXDEPTH(77)")
    p.press("#command", "Enter")
    wait_text(p, "#reply", "CSQ9022I")
    p.fill("#command", "DISPLAY QLOCAL(WEB.PANE.Q1) MAXDEPTH")
    p.press("#command", "Enter")
    wait_text(p, "#reply", "MQSC401I")
    shown = p.text_content("#reply")
    assert "CSQN205I" in shown and re.search(r"MAXDEPTH\(\s*77\)", shown), shown
    p.fill("#command", "DEFINE QLOCAL(WEB.PANE.Q1)")
    p.press("#command", "Enter")
    wait_text(p, "#reply", "CSQ9023E")
    bad = p.eval_on_selector_all("#reply .bad", "lines => lines.map(l => l.textContent)")
    assert any("MQSC595E" in b for b in bad) and any("CSQ9023E" in b for b in bad)
    # Completion from the catalog: verb, object type, keyword.
    p.fill("#command", "dis")
    p.press("#command", "Tab")
    p.wait_for_function("document.getElementById('command').value === 'DISPLAY '")
    p.type("#command", "stg")
    p.press("#command", "Tab")
    p.wait_for_function("document.getElementById('command').value === 'DISPLAY STGCLASS '")
    p.fill("#command", "DEF QL(A) MAXD")
    p.press("#command", "Tab")
    p.wait_for_function("document.getElementById('command').value === 'DEF QL(A) MAXDEPTH('")
    p.fill("#command", "DEFINE QLOCAL(A) MAX")
    p.press("#command", "Tab")
    wait_text(p, "#completions", "MAXMSGL(")
    p.fill("#command", "")
    # History: the arrow key brings back the last command.
    p.press("#command", "ArrowUp")
    assert p.input_value("#command") == "DEFINE QLOCAL(WEB.PANE.Q1)"
    # The grid was refreshed after the DEFINE.
    p.fill("#filter", "WEB.PANE.Q1")
    p.locator('.grid .row[data-name="WEB.PANE.Q1"]').wait_for()


def test_a_read_only_user_sees_no_change_buttons(page: Page) -> None:
    page.sign_in("reader")
    p = page.page
    assert "reader (MQWebAdminRO)" in p.text_content("#who")
    assert p.locator(".grid .row").count() > 0
    assert not p.is_visible("#create")
    assert p.locator(".grid .del").count() == 0
    # What the server refuses is said, not hidden: a change from the pane is MQWB0103E.
    p.fill("#command", "DEFINE QLOCAL(WEB.RO.Q1)")
    p.press("#command", "Enter")
    wait_text(p, "#reply", "MQWB0103E")
    p.fill("#command", "DISPLAY QLOCAL(SYSTEM.DEFAULT.LOCAL.QUEUE)")
    p.press("#command", "Enter")
    p.wait_for_function(
        "document.getElementById('reply').textContent.includes('MQSC401I')"
        " || document.getElementById('reply').textContent.includes('QUEUE(')"
    )


def test_the_profiles_that_cover_a_queue_for_any_role(page: Page) -> None:
    page.sign_in("reader")
    p = page.page
    row = '.grid .row[data-name="SYSTEM.DEFAULT.LOCAL.QUEUE"]'
    p.locator(f"{row} .profiles").click()
    wait_text(p, "#profiles-note", "subsystem security is off")
    assert p.text_content("#profiles-queue") == "SYSTEM.DEFAULT.LOCAL.QUEUE"
    assert "No profile covers this queue" in p.text_content("#profiles-table")
    p.click("#profiles-close")
    assert not p.is_visible("#profiles-panel")
    assert not page.errors, page.errors


def test_a_messaging_user_is_turned_away(page: Page) -> None:
    p = page.page
    p.goto(page.url)
    p.fill("#user", "app")
    p.fill("#password", USERS["app"][0])
    p.click("#signin-button")
    wait_text(p, "#signin-error", "MQWebUser")
    assert p.is_visible("#signin") and not p.is_visible("#bar")


def test_storage_view_and_the_page_set_chart_moves_with_puts(page: Page, web: Server) -> None:
    page.sign_in("admin")
    p = page.page
    p.click("#nav-storage")
    p.wait_for_selector('.pool[data-pool="11"] .pageset[data-psid="11"]')
    lab = p.text_content('.pageset[data-psid="11"]')
    assert "STGCLS11" in lab and "of 1078 pages used" in lab
    before = p.text_content('.pageset[data-psid="11"]')
    with web.client("admin") as http:
        made = http.put(
            "/zosmf/restjobs/jobs", content=PUT_JOB, headers={**Z, "Content-Type": "text/plain"}
        )
        assert made.status_code == 201 and made.json()["retcode"] == "CC 0000", made.text
    # The next samples (every 2 s) show the puts: page set 11 in use, its line in the chart.
    p.wait_for_selector('#chart-pages polyline[data-series="PS11"]', timeout=20_000)
    after = p.text_content('.pageset[data-psid="11"]')
    assert after != before
    assert p.locator("#chart-pools polyline").count() >= 1
    # The statistics interval's SMF 115 figures come with the storage figures.
    with web.client("reader") as http:
        stats = http.get("/ibmmq/console/api/qmgr/QMZ1/storage").json()["statistics"]
    assert {"DWT", "IMW", "DMC"} <= set(stats["bufferPools"]["11"])
    assert "EXPN" in stats["pageSets"]["11"]
    assert not page.errors, page.errors


def test_the_objects_widget_lists_any_defined_type(page: Page, web: Server) -> None:
    with web.client("admin") as http:
        http.post(
            f"{web.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers={"ibm-mq-rest-csrf-token": "t"},
            json={
                "type": "runCommand",
                "parameters": {
                    "command": "DEFINE CHANNEL(WEB.TO.QMB) CHLTYPE(SDR) CONNAME('qmb(1414)') "
                    "XMITQ(QMB) TRPTYPE(TCP) DESCR('to QMB')"
                },
            },
        )
    page.sign_in("reader")
    p = page.page
    p.click("#nav-objects")
    p.wait_for_selector('#object-grid .row[data-name="WEB.TO.QMB"]')
    assert "SDR" in p.text_content('#object-grid .row[data-name="WEB.TO.QMB"]')
    types = p.eval_on_selector_all("#object-type option", "o => o.map(x => x.textContent)")
    assert {"CHANNEL", "TOPIC", "SUB", "STGCLASS", "PROCESS"} <= set(types)
    p.select_option("#object-type", "stgclass")
    p.wait_for_selector('#object-grid .row[data-name="DEFAULT"]')
    p.fill("#object-filter", "SYS*")
    names = p.eval_on_selector_all("#object-grid .row", "rows => rows.map(r => r.dataset.name)")
    assert names and all(n.startswith("SYS") for n in names)


def test_no_credentials_no_figures(web: Server) -> None:
    with web.client(None) as http:
        assert http.get("/ibmmq/console/").status_code == 200  # the sign-in page
        assert http.get("/ibmmq/console/api/qmgr/QMZ1/storage").status_code == 401
        assert http.get("/ibmmq/console/api/form/qlocal").status_code == 401
        assert http.get("/ibmmq/console/api/qmgr/QMZ1/zos").status_code == 401
        assert http.get("/ibmmq/console/api/qmgr/QMZ1/listeners").status_code == 401
        assert http.get("/ibmmq/console/nothing.js").status_code == 404
    with web.client("app") as http:  # MQWebUser: no administrative API
        assert http.get("/ibmmq/console/api/qmgr/QMZ1/storage").status_code == 403
        assert http.get("/ibmmq/console/api/qmgr/QMZ1/zos").status_code == 403
    with web.client("reader") as http:
        form = http.get("/ibmmq/console/api/form/qlocal").json()
        maxdepth = next(f for f in form["fields"] if f["name"] == "MAXDEPTH")
        assert maxdepth["type"] == "integer" and maxdepth["max"] == 999999999
        assert http.get("/ibmmq/console/api/form/usage").status_code == 404
        assert http.get("/ibmmq/console/api/qmgr/NOPE/storage").status_code == 404
        for resource in ("zos", "listeners"):
            answer = http.get(f"/ibmmq/console/api/qmgr/NOPE/{resource}")
            assert answer.status_code == 404
            assert answer.json()["error"][0]["msgId"] == "MQSC904E"
        head = http.get("/ibmmq/console/")
        assert "default-src 'self'" in head.headers["content-security-policy"]


def test_the_queues_window_is_sorted_cut_and_checked(web: Server) -> None:
    with web.client("admin") as http:
        for i in (3, 1, 2):
            http.post(
                f"{web.mq()}/admin/action/qmgr/QMZ1/mqsc",
                headers={"ibm-mq-rest-csrf-token": "t"},
                json={
                    "type": "runCommand",
                    "parameters": {"command": f"DEFINE QLOCAL(WIN.Q{i}) MAXDEPTH({i})"},
                },
            )
        got = http.get(
            "/ibmmq/console/api/qmgr/QMZ1/queues", params={"name": "WIN.*", "offset": 1, "limit": 5}
        ).json()
        assert got["total"] == 3
        assert [(q["queue"], q["maxdepth"]) for q in got["queues"]] == [
            ("WIN.Q2", 2),
            ("WIN.Q3", 3),
        ]
        assert {"curdepth", "stgclass", "descr"} <= set(got["queues"][0])
        for bad in (
            {"name": "A(B)"},
            {"name": ""},
            {"limit": "0"},
            {"limit": "501"},
            {"offset": "-1"},
            {"offset": "x"},
        ):
            answer = http.get("/ibmmq/console/api/qmgr/QMZ1/queues", params=bad)
            assert answer.status_code == 400, bad
            assert answer.json()["error"][0]["msgId"] == "MQSC907E"
        none = http.get("/ibmmq/console/api/qmgr/QMZ1/queues", params={"name": "NONE.*"})
        assert none.json() == {"qmgr": "QMZ1", "total": 0, "offset": 0, "queues": []}


# ---- the widgets, forms and z/OS views ---------------------------------------------------
def mqsc(server: Server, command: str, qmgr: str = "QMZ1", user: str = "admin") -> dict:
    with server.client(user) as http:
        return http.post(
            f"{server.mq()}/admin/action/qmgr/{qmgr}/mqsc",
            headers={"ibm-mq-rest-csrf-token": "t"},
            json={"type": "runCommand", "parameters": {"command": command}},
        ).json()


def grid_names(p, grid: str = "#object-grid") -> list[str]:
    return p.eval_on_selector_all(f"{grid} .row", "rows => rows.map(r => r.dataset.name)")


def headings(p) -> list[str]:
    return [
        h.split(" ")[0]
        for h in p.eval_on_selector_all(
            "#object-grid .head .cell", "cells => cells.map(c => c.textContent)"
        )
        if h
    ]


def test_clusters_widget_shows_cluster_queue_managers_and_cluster_queues(
    browser, tmp_path: Path
) -> None:
    """The Clusters link lists what the queue manager's cluster repository holds (DISPLAY
    CLUSQMGR): itself as a full repository, and the target of a manually defined
    cluster-sender the cluster has not named yet (SYSTEM.TEMPQMGR...); the object type
    selector offers the cluster queues (DISPLAY QCLUSTER) (docs/clusters.md)."""
    from tests.serve.conftest import free_port

    process, server = start_server(tmp_path)
    page = Page(browser, server)
    try:
        p = page.page
        page.sign_in("admin")
        # Before the channel initiator starts, the widget says why it is empty.
        p.click("#nav-clusters")
        wait_text(p, "#object-count", "CSQM131I")
        listening, nowhere = free_port(), free_port()
        for command in (
            "START CHINIT",
            f"START LISTENER TRPTYPE(TCP) PORT({listening})",
            "ALTER QMGR REPOS(WEBCL)",
            f"DEFINE CHANNEL(TO.QMZ1) CHLTYPE(CLUSRCVR) CONNAME('127.0.0.1({listening})') "
            "CLUSTER(WEBCL)",
            f"DEFINE CHANNEL(TO.ELSEWHERE) CHLTYPE(CLUSSDR) CONNAME('127.0.0.1({nowhere})') "
            "CLUSTER(WEBCL)",
            "DEFINE QLOCAL(WEB.CLUSTERED) CLUSTER(WEBCL)",
        ):
            reply = mqsc(server, command)
            assert reply["overallCompletionCode"] == 0, (command, reply)
        p.reload()
        p.wait_for_selector('#object-grid .row[data-name="QMZ1"]')
        assert p.text_content("#object-title") == "Cluster queue managers"
        assert headings(p)[:4] == ["CLUSQMGR", "CLUSTER", "QMTYPE", "STATUS"]
        assert sorted(grid_names(p)) == ["QMZ1", f"SYSTEM.TEMPQMGR.127.0.0.1({nowhere})"]
        row = p.text_content('#object-grid .row[data-name="QMZ1"]')
        assert "REPOS" in row and "CLUSRCVR" in row
        assert not p.is_visible("#object-create")  # shown by the cluster, never defined
        p.select_option("#object-type", "qcluster")
        p.wait_for_selector('#object-grid .row[data-name="WEB.CLUSTERED"]')
        assert p.text_content("#object-title") == "Cluster queues"
        assert "QMZ1" in p.text_content('#object-grid .row[data-name="WEB.CLUSTERED"]')
        assert not page.errors, page.errors
        assert not page.outside, page.outside
    finally:
        page.close()
        stop(process)


def test_channels_widget_shows_status_filters_sorts_and_remembers_columns(
    page: Page, web: Server
) -> None:
    from tests.serve.conftest import free_port

    listening, nowhere = free_port(), free_port()
    for command in (
        "START CHINIT",
        f"START LISTENER TRPTYPE(TCP) PORT({listening})",
        "DEFINE QLOCAL(WEB.XMITQ) USAGE(XMITQ)",
        f"DEFINE CHANNEL(WEB.CH.RETRY) CHLTYPE(SDR) TRPTYPE(TCP) "
        f"CONNAME('127.0.0.1({nowhere})') XMITQ(WEB.XMITQ)",
        f"DEFINE CHANNEL(WEB.CH.STOP) CHLTYPE(SDR) TRPTYPE(TCP) "
        f"CONNAME('127.0.0.1({nowhere})') XMITQ(WEB.XMITQ)",
        "DEFINE CHANNEL(WEB.CH.IDLE) CHLTYPE(RCVR) TRPTYPE(TCP)",
        "START CHANNEL(WEB.CH.RETRY)",
        "START CHANNEL(WEB.CH.STOP)",
        "STOP CHANNEL(WEB.CH.STOP)",
    ):
        mqsc(web, command)
    page.sign_in("admin")
    p = page.page
    p.click("#nav-channels")
    p.wait_for_selector('#object-grid .row[data-name="WEB.CH.RETRY"]')
    assert p.text_content("#object-title") == "Channels"
    assert headings(p)[:3] == ["CHANNEL", "CHLTYPE", "STATUS"]

    def status(name: str) -> str:
        cells = p.eval_on_selector_all(
            f'#object-grid .row[data-name="{name}"] .cell', "cs => cs.map(c => c.textContent)"
        )
        return cells[headings(p).index("STATUS")]

    # As DISPLAY CHSTATUS says, and INACTIVE for a channel with no status.
    assert status("WEB.CH.RETRY") == "RETRYING"
    assert status("WEB.CH.STOP") == "STOPPED"
    assert status("WEB.CH.IDLE") == "INACTIVE"
    stopped = p.locator('#object-grid .row[data-name="WEB.CH.STOP"] .cell[data-value="stopped"]')
    assert stopped.count() == 1  # coloured by its value
    # Filter by generic name, sort by a column.
    p.fill("#object-filter", "WEB.CH.*")
    assert sorted(grid_names(p)) == ["WEB.CH.IDLE", "WEB.CH.RETRY", "WEB.CH.STOP"]
    p.click('#object-grid .head .cell[data-key="status"]')
    assert grid_names(p) == ["WEB.CH.IDLE", "WEB.CH.RETRY", "WEB.CH.STOP"]  # INACTIVE < ...
    p.click('#object-grid .head .cell[data-key="status"]')
    assert grid_names(p) == ["WEB.CH.STOP", "WEB.CH.RETRY", "WEB.CH.IDLE"]
    # Column picking: CONNAME off, MAXMSGL on; remembered across a reload (localStorage).
    p.click("#object-columns")
    p.uncheck('#column-picker input[value="conname"]')
    p.wait_for_function("!document.querySelector('#object-grid .head .cell[data-key=conname]')")
    p.check('#column-picker input[value="maxmsgl"]')
    p.wait_for_selector('#object-grid .head .cell[data-key="maxmsgl"]')
    p.reload()
    p.wait_for_selector('#object-grid .row[data-name="WEB.CH.RETRY"]')
    assert "CONNAME" not in headings(p) and "MAXMSGL" in headings(p)
    assert p.text_content("#object-title") == "Channels"
    # The listener the channel initiator started, from DISPLAY CHINIT (no LSSTATUS on z/OS).
    p.click("#nav-listeners")
    p.wait_for_selector(f'#object-grid .row[data-name="TCP *({listening})"]')
    row = p.text_content(f'#object-grid .row[data-name="TCP *({listening})"]')
    assert "RUNNING" in row and str(listening) in row
    assert not p.is_visible("#object-create")  # listeners are not objects: no form
    assert not page.errors, page.errors


def test_forms_for_every_type_create_alter_delete_with_the_zos_reply(
    page: Page, web: Server
) -> None:
    page.sign_in("admin")
    p = page.page
    p.on("dialog", lambda dialog: dialog.accept())
    p.click("#nav-objects")
    p.wait_for_selector("#object-type option", state="attached")

    def create(objtype: str, name: str, values: dict[str, str], expect: str = "CSQ9022I"):
        p.select_option("#object-type", objtype)
        p.wait_for_function("document.getElementById('object-count').textContent.includes(' of ')")
        if p.is_visible("#object-panel"):
            p.click("#object-close")
        p.click("#object-create")
        p.wait_for_selector("#object-name")
        p.fill("#object-name", name)
        for field, value in values.items():
            selector = f'#object-form [name="{field}"]'
            if p.get_attribute(selector, "type") == "checkbox":
                p.check(selector)
            elif p.eval_on_selector(selector, "e => e.tagName") == "SELECT":
                p.select_option(selector, value)
            else:
                p.fill(selector, value)
        p.click("#object-submit")
        wait_text(p, "#object-reply", expect)

    # A channel's form is its CHLTYPE's: a sender has XMITQ (required), not QMNAME.
    p.select_option("#object-type", "channel")
    p.click("#object-create")
    p.wait_for_selector("#object-name")
    p.select_option('#object-form [name="CHLTYPE"]', "SDR")
    assert p.is_visible('#object-form [name="XMITQ"]')
    assert not p.is_visible('#object-form [name="QMNAME"]')
    assert "required" in p.get_attribute('#object-form label[data-field="XMITQ"]', "class")
    p.select_option('#object-form [name="CHLTYPE"]', "CLNTCONN")
    assert p.is_visible('#object-form [name="QMNAME"]')
    assert not p.is_visible('#object-form [name="XMITQ"]')
    p.click("#object-close")
    # The language's rule, not the page's: a sender without XMITQ is refused by the queue
    # manager, and its reply (MQSC554E, CSQ9023E) is shown.
    create("channel", "WEB.FORM.SDR", {"CHLTYPE": "SDR", "CONNAME": "qmb(1414)"}, "MQSC554E")
    assert "CSQ9023E" in p.text_content("#object-reply")
    assert p.get_attribute("#object-reply", "class") == "error"
    create(
        "channel",
        "WEB.FORM.SDR",
        {
            "CHLTYPE": "SDR",
            "CONNAME": "qmb(1414)",
            "XMITQ": "WEB.FORM.XQ",
            "DESCR": "made in a form",
        },
    )
    create("topic", "WEB.FORM.TOPIC", {"TOPICSTR": "web/form"})
    create("sub", "WEB.FORM.SUB", {"TOPICSTR": "web/form", "DEST": "SYSTEM.DEFAULT.LOCAL.QUEUE"})
    create("process", "WEB.FORM.PROC", {"APPLICID": "PAYAPP", "DESCR": "before"})
    create("namelist", "WEB.FORM.NL", {"NAMES": "PAY.A, PAY.B"})
    create("authinfo", "WEB.FORM.AI", {"AUTHTYPE": "IDPWOS"})
    create("stgclass", "WEBFORM", {"PSID": "3"})
    p.wait_for_selector('#object-grid .row[data-name="WEBFORM"]')
    shown = {
        c: mqsc(web, c)["commandResponse"][0]["text"]
        for c in (
            "DISPLAY CHANNEL(WEB.FORM.SDR) XMITQ DESCR",
            "DISPLAY NAMELIST(WEB.FORM.NL) NAMES",
            "DISPLAY SUB(WEB.FORM.SUB) DEST",
            "DISPLAY STGCLASS(WEBFORM) PSID",
        )
    }
    text = " ".join(" ".join(v) for v in shown.values())
    for found in (
        r"XMITQ\(WEB\.FORM\.XQ\s*\)",
        "made in a form",
        r"PAY\.A",
        r"PAY\.B",
        r"DEST\(SYSTEM\.DEFAULT\.LOCAL\.QUEUE\s*\)",
        r"PSID\(\s*0?3\)",
    ):
        assert re.search(found, text), (found, shown)
    # ALTER through the ✎ of a row: only what changed is sent; CHLTYPE (which ALTER CHANNEL
    # must name) goes too, unchangeable.
    p.select_option("#object-type", "channel")
    p.fill("#object-filter", "WEB.FORM.SDR")
    p.locator('#object-grid .row[data-name="WEB.FORM.SDR"] .edit').click()
    p.wait_for_function(
        "document.querySelector('#object-form [name=\"DESCR\"]')?.value === 'made in a form'"
    )
    assert p.is_disabled('#object-form [name="CHLTYPE"]')
    p.fill('#object-form [name="DESCR"]', "altered in a form")
    p.click("#object-submit")
    wait_text(p, "#object-reply", "CSQ9022I")
    assert "altered in a form" in " ".join(
        mqsc(web, "DISPLAY CHANNEL(WEB.FORM.SDR) DESCR")["commandResponse"][0]["text"]
    )
    # A field emptied in ALTER clears the attribute (DESCR(' ')); an emptied number is not
    # sent (an empty keyword would be MQSC010E).
    p.locator('#object-grid .row[data-name="WEB.FORM.SDR"] .edit').click()
    # The form drawn again (its reply empty), not the one the last ALTER was sent from.
    p.wait_for_function(
        "document.getElementById('object-reply').textContent === '' && "
        "document.querySelector('#object-form [name=\"DESCR\"]')?.value === "
        "'altered in a form'"
    )
    p.fill('#object-form [name="DESCR"]', "")
    p.fill('#object-form [name="MAXMSGL"]', "")
    p.click("#object-submit")
    wait_text(p, "#object-reply", "CSQ9022I")
    cleared = mqsc(web, "DISPLAY CHANNEL(WEB.FORM.SDR) DESCR MAXMSGL")["commandResponse"][0]
    assert re.search(r"DESCR\(\s*\)", " ".join(cleared["text"])), cleared
    assert re.search(r"MAXMSGL\(\s*4194304\)", " ".join(cleared["text"])), cleared
    # DELETE through the ✕ of a row (after the confirmation), the reply shown.
    p.select_option("#object-type", "process")
    p.fill("#object-filter", "WEB.FORM.PROC")
    p.locator('#object-grid .row[data-name="WEB.FORM.PROC"] .del:not(.edit)').click()
    wait_text(p, "#object-action-reply", "CSQ9022I")
    assert "DELETE PROCESS(WEB.FORM.PROC)" in p.text_content("#object-action-reply")
    p.wait_for_function("!document.querySelector('#object-grid .row[data-name=\"WEB.FORM.PROC\"]')")
    left = " ".join(mqsc(web, "DISPLAY PROCESS(WEB.FORM.*)")["commandResponse"][0]["text"])
    assert "WEB.FORM.PROC" not in left and "CSQM297I" in left, left
    assert not page.errors, page.errors


def test_every_catalog_type_has_its_define_and_alter_form(web: Server) -> None:
    from mqsc.catalog import DEFINED, command_spec

    with web.client("reader") as http:
        for objtype in DEFINED:
            for verb in ("define", "alter"):
                answer = http.get(
                    f"/ibmmq/console/api/form/{objtype.lower()}", params={"verb": verb}
                )
                if command_spec(verb.upper(), objtype) is None:
                    assert answer.status_code == 404, (objtype, verb)
                    continue
                assert answer.status_code == 200, (objtype, verb)
                body = answer.json()
                assert body["command"] == verb and body["fields"], (objtype, verb)
        channel = http.get("/ibmmq/console/api/form/channel").json()
        assert channel["typed"]["keyword"] == "CHLTYPE"
        assert channel["typed"]["applies"]["XMITQ"] == ["SDR", "SVR"]
        assert channel["typed"]["required"]["SDR"] == ["CONNAME", "XMITQ"]
        names = next(
            f
            for f in http.get("/ibmmq/console/api/form/namelist").json()["fields"]
            if f["name"] == "NAMES"
        )
        assert names["type"] == "list" and names["maxItems"] == 256


def test_a_read_only_user_sees_no_change_buttons_on_the_widgets(page: Page, web: Server) -> None:
    for command in (
        "DEFINE TOPIC(WEB.RO.TOPIC) TOPICSTR('web/ro')",
        "DEFINE CHANNEL(WEB.RO.CH) CHLTYPE(RCVR) TRPTYPE(TCP)",
        "DEFINE SUB(WEB.RO.SUB) TOPICSTR('web/ro') DEST(SYSTEM.DEFAULT.LOCAL.QUEUE)",
        "DEFINE PROCESS(WEB.RO.PROC)",
    ):
        assert mqsc(web, command)["overallCompletionCode"] == 0, command
    page.sign_in("reader")
    p = page.page
    # Each widget with a row in it (an empty grid has no buttons to hide); listeners have no
    # form at all, so an empty list is what is checked there.
    for nav, objtype, name in (
        ("#nav-channels", None, "WEB.RO.CH"),
        ("#nav-topics", None, "WEB.RO.TOPIC"),
        ("#nav-subs", None, "WEB.RO.SUB"),
        ("#nav-listeners", None, None),
        ("#nav-objects", "process", "WEB.RO.PROC"),
    ):
        p.click(nav)
        if objtype:
            p.select_option("#object-type", objtype)
        p.wait_for_function("document.getElementById('object-count').textContent.includes(' of ')")
        if name:
            p.wait_for_selector(f'#object-grid .row[data-name="{name}"]')
        assert not p.is_visible("#object-create"), nav
        assert p.locator("#object-grid .del, #object-grid .edit").count() == 0, nav
    p.click("#nav-zos")
    p.wait_for_selector("#usage-pagesets table")
    assert p.locator("#view-zos button:visible").count() == 1  # Refresh only


@pytest.fixture(scope="module")
def qsg_web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose home holds QMG1 and QMG2 in queue sharing group QSGA, beside QMZ1."""
    import subprocess
    import sys

    home = tmp_path_factory.mktemp("qsg-home")
    env = {**os.environ, "MQSC_HOME": str(home), "MQSC_CLOCK": "2026-03-02T10:15:00"}
    for name in ("QMG1", "QMG2"):
        subprocess.run(
            [sys.executable, "-m", "mqsc", "create", name, "--qsg", "QSGA"],
            env=env,
            check=True,
            capture_output=True,
        )
    process, running = start_server(home)
    try:
        yield running
    finally:
        stop(process)


def test_the_zos_page_usage_qsg_and_cf_structure_backups(browser, qsg_web: Server) -> None:
    for command in (
        "DEFINE CFSTRUCT(APPL1) CFLEVEL(5) RECOVER(YES)",
        "DEFINE CFSTRUCT(NOBACK) CFLEVEL(5) RECOVER(YES)",
        "DEFINE QLOCAL(WEB.SHARED) QSGDISP(SHARED) CFSTRUCT(APPL1)",
        "BACKUP CFSTRUCT(APPL1)",
    ):
        assert mqsc(qsg_web, command, "QMG1")["overallCompletionCode"] == 0, command
    page = Page(browser, qsg_web)
    try:
        page.sign_in("reader")
        p = page.page
        p.click("#nav-zos")
        # QMZ1 first: not in a group, said so.
        wait_text(p, "#zos-qsg", "not in a queue sharing group")
        assert p.locator('#usage-pagesets tr[data-psid="11"]').count() == 1
        assert p.locator('#usage-pools tr[data-pool="11"]').count() == 1
        assert "page set recovery" in p.text_content("#usage-datasets")
        p.select_option("#qmgr", "QMG1")
        wait_text(p, "#zos-qsg", "QSGA")
        assert p.locator('#zos-qsg tr[data-member="QMG2"]').count() == 1
        p.wait_for_selector('#zos-structures tr[data-structure="APPL1"]')
        backed = p.text_content('#zos-structures tr[data-structure="APPL1"]')
        never = p.text_content('#zos-structures tr[data-structure="NOBACK"]')
        # The advice is mqsc advise's (engine.capacity), not the page's own.
        with qsg_web.client("reader") as http:
            figures = http.get("/ibmmq/console/api/qmgr/QMG1/zos").json()
            # No channel initiator started here: no listener, and the answer says why.
            assert http.get("/ibmmq/console/api/qmgr/QMG1/listeners").json() == {
                "qmgr": "QMG1",
                "chinit": "INACTIVE",
                "listeners": [],
            }
            outside = http.get("/ibmmq/console/api/qmgr/QMZ1/zos").json()
        assert outside["qsg"] is None and outside["members"] == outside["structures"] == []
        structures = {s["name"]: s for s in figures["structures"]}
        assert structures["APPL1"]["backup"]["qmname"] == "QMG1"
        # The fixed clock (MQSC_CLOCK) has not moved since the BACKUP: the backup is 0 s old.
        assert structures["APPL1"]["backupAgeSeconds"] == 0
        assert_advice_is_mqsc_advise(qsg_web, structures)
        assert structures["NOBACK"]["backupAgeSeconds"] is None
        assert "never backed up" in structures["NOBACK"]["advice"]["findings"][0]
        assert "QMG1" in backed and "2003 DASD" in backed and "fine" in backed
        assert "never" in never and "never backed up" in never
        assert not page.errors, page.errors
        assert not page.outside, page.outside
    finally:
        page.close()


def assert_advice_is_mqsc_advise(server: Server, structures: dict) -> None:
    """Each structure's advice on the z/OS page is what `mqsc advise --format json` says."""
    import json
    import subprocess
    import sys

    advised = subprocess.run(
        [sys.executable, "-m", "mqsc", "advise", "-m", "QMG1", "--format", "json"],
        env=server.env,
        check=True,
        capture_output=True,
        text=True,
    )
    expected = {s["structure"]: s for s in json.loads(advised.stdout)["structures"]}
    assert expected and set(expected) <= set(structures), (expected, structures)
    for name, want in expected.items():
        got = structures[name]["advice"]
        assert got == {
            "backupMB": want["backup_mb"],
            "logMB": want["log_mb"],
            "restoreSeconds": want["restore_seconds"],
            "recoverySeconds": want["recovery_seconds"],
            "findings": want["findings"],
        }, (name, got, want)


def test_forms_on_a_qsg_member_name_the_disposition(browser, qsg_web: Server) -> None:
    for command in (
        "DEFINE CFSTRUCT(WEBS) CFLEVEL(5) RECOVER(YES)",
        "DEFINE QLOCAL(WEB.GRP.Q) QSGDISP(GROUP) DESCR('group')",
        "DEFINE QLOCAL(WEB.SHQ) QSGDISP(SHARED) CFSTRUCT(WEBS) MAXDEPTH(10)",
        "DEFINE PROCESS(WEB.GRP.PROC) QSGDISP(GROUP) DESCR('group')",
        "DEFINE SUB('web.mysub') TOPICSTR('web/low') DEST(SYSTEM.DEFAULT.LOCAL.QUEUE)",
    ):
        assert mqsc(qsg_web, command, "QMG1")["overallCompletionCode"] == 0, command

    def shown(command: str) -> str:
        return " ".join(mqsc(qsg_web, command, "QMG1")["commandResponse"][0]["text"])

    page = Page(browser, qsg_web)
    try:
        page.sign_in("admin")
        p = page.page
        p.on("dialog", lambda dialog: dialog.accept())
        p.select_option("#qmgr", "QMG1")
        p.fill("#filter", "WEB.")
        # The GROUP object is listed beside its COPY (QSGDISP(ALL)), the shared queue too.
        group_q = '#grid .row[data-name="WEB.GRP.Q"][data-qsgdisp="GROUP"]'
        p.wait_for_selector(group_q)
        assert p.locator('#grid .row[data-name="WEB.GRP.Q"][data-qsgdisp="COPY"]').count() == 1
        p.locator(f"{group_q} .edit").click()
        p.wait_for_function(
            "document.querySelector('#create-form input[name=\"DESCR\"]')?.value === 'group'"
        )
        p.fill('#create-form input[name="DESCR"]', "group altered")
        p.click("#create-submit")
        wait_text(p, "#create-reply", "CSQ9022I")
        assert "QSGDISP(GROUP)" in p.text_content("#create-reply")
        assert "group altered" in shown("DISPLAY QLOCAL(WEB.GRP.Q) QSGDISP(GROUP) DESCR")
        p.locator('#grid .row[data-name="WEB.SHQ"][data-qsgdisp="SHARED"] .edit').click()
        p.wait_for_function(
            "document.querySelector('#create-form input[name=\"MAXDEPTH\"]')?.value === '10'"
        )
        p.fill('#create-form input[name="MAXDEPTH"]', "20")
        p.click("#create-submit")
        wait_text(p, "#create-reply", "CSQ9022I")
        assert re.search(r"MAXDEPTH\(\s*20\)", shown("DISPLAY QLOCAL(WEB.SHQ) MAXDEPTH"))
        p.locator('#grid .row[data-name="WEB.GRP.Q"][data-qsgdisp="COPY"] .del:not(.edit)').click()
        wait_text(p, "#reply", "CSQ9022I")
        assert "QSGDISP(COPY)" in p.text_content("#reply")
        assert "CSQM297I" in shown("DISPLAY QLOCAL(WEB.GRP.Q) QSGDISP(COPY)")
        assert "WEB.GRP.Q" in shown("DISPLAY QLOCAL(WEB.GRP.Q) QSGDISP(GROUP)")
        # The objects widget: a GROUP process and its COPY.
        p.click("#nav-objects")
        p.select_option("#object-type", "process")
        copy = '#object-grid .row[data-name="WEB.GRP.PROC"][data-qsgdisp="COPY"]'
        p.wait_for_selector(copy)
        p.locator(f"{copy} .edit").click()
        p.wait_for_function(
            "document.querySelector('#object-form [name=\"DESCR\"]')?.value === 'group'"
        )
        p.fill('#object-form [name="DESCR"]', "")  # cleared: DESCR(' ')
        p.click("#object-submit")
        wait_text(p, "#object-reply", "CSQ9022I")
        copy_descr = shown("DISPLAY PROCESS(WEB.GRP.PROC) QSGDISP(COPY) DESCR")
        assert re.search(r"DESCR\(\s*\)", copy_descr), copy_descr
        assert "group" in shown("DISPLAY PROCESS(WEB.GRP.PROC) QSGDISP(GROUP) DESCR")
        p.locator(
            '#object-grid .row[data-name="WEB.GRP.PROC"][data-qsgdisp="GROUP"] .del:not(.edit)'
        ).click()
        wait_text(p, "#object-action-reply", "CSQ9022I")
        assert "CSQM297I" in shown("DISPLAY PROCESS(WEB.GRP.PROC) QSGDISP(GROUP)")
        # A name in lower case is altered and deleted by its own name (quoted).
        p.click("#nav-subs")
        sub = '#object-grid .row[data-name="web.mysub"]'
        p.wait_for_selector(sub)
        p.locator(f"{sub} .edit").click()
        p.wait_for_selector('#object-form [name="EXPIRY"]')
        p.fill('#object-form [name="EXPIRY"]', "700")
        p.click("#object-submit")
        wait_text(p, "#object-reply", "CSQ9022I")
        assert re.search(r"EXPIRY\(\s*700\s*\)", shown("DISPLAY SUB('web.mysub') EXPIRY"))
        p.locator(f"{sub} .del:not(.edit)").click()
        wait_text(p, "#object-action-reply", "CSQ9022I")
        assert "CSQM297I" in shown("DISPLAY SUB('web.mysub')")
        assert not page.errors, page.errors
        assert not page.outside, page.outside
    finally:
        page.close()


def test_an_open_form_closes_with_its_view_and_its_queue_manager(browser, qsg_web: Server) -> None:
    assert mqsc(qsg_web, "DEFINE PROCESS(WEB.CLOSE.PROC)", "QMG1")["overallCompletionCode"] == 0
    page = Page(browser, qsg_web)
    try:
        page.sign_in("admin")
        p = page.page
        p.select_option("#qmgr", "QMG1")
        p.click("#nav-objects")
        p.select_option("#object-type", "process")
        row = '#object-grid .row[data-name="WEB.CLOSE.PROC"] .edit'
        p.wait_for_selector(row)
        p.locator(row).click()
        p.wait_for_selector("#object-panel:not([hidden])")
        p.click("#nav-channels")  # another view: the form of a process is gone
        p.wait_for_selector("#object-panel", state="hidden")
        p.click("#nav-objects")
        p.select_option("#object-type", "process")
        p.wait_for_selector(row)
        assert not p.is_visible("#object-panel")
        p.locator(row).click()
        p.wait_for_selector("#object-panel:not([hidden])")
        p.select_option("#qmgr", "QMZ1")  # another queue manager: no QMG1 form left open
        p.wait_for_selector("#object-panel", state="hidden")
        # The queues widget's alter form too.
        p.click("#nav-queues")
        p.fill("#filter", "SYSTEM.DEFAULT.LOCAL.QUEUE")
        p.locator('#grid .row[data-name="SYSTEM.DEFAULT.LOCAL.QUEUE"] .edit').click()
        p.click("#ask-go")  # a system object: the console asks first, saying what it is
        p.wait_for_selector("#create-panel:not([hidden])")
        p.select_option("#qmgr", "QMG1")
        p.wait_for_selector("#create-panel", state="hidden")
        assert not page.errors, page.errors
    finally:
        page.close()


def test_the_column_picker_offers_every_attribute_and_redraws_without_asking(
    browser, qsg_web: Server
) -> None:
    # 200 receivers first (by name): DISPLAY answers no XMITQ or CONNAME for them, only for
    # the sender after them, and the picker offers those too.
    with qsg_web.client("admin") as http:
        for command in [
            f"DEFINE CHANNEL(WEB.PICK.A{i:03d}) CHLTYPE(RCVR) TRPTYPE(TCP)" for i in range(200)
        ] + [
            "DEFINE CHANNEL(WEB.PICK.Z) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('qmb(1414)') "
            "XMITQ(WEB.PICK.XQ)"
        ]:
            made = http.post(
                f"{qsg_web.mq()}/admin/action/qmgr/QMG2/mqsc",
                headers={"ibm-mq-rest-csrf-token": "t"},
                json={"type": "runCommand", "parameters": {"command": command}},
            )
            assert made.json()["overallCompletionCode"] == 0, command
    page = Page(browser, qsg_web)
    try:
        page.sign_in("admin")
        p = page.page
        p.evaluate("localStorage.clear()")
        p.select_option("#qmgr", "QMG2")
        p.click("#nav-channels")
        p.wait_for_selector('#object-grid .row[data-name="WEB.PICK.A000"]')
        assert {"XMITQ", "CONNAME"} <= set(headings(p))  # the MQ Console's defaults
        p.click("#object-columns")
        assert p.locator('#column-picker input[value="xmitq"]').count() == 1
        assert p.locator('#column-picker input[value="conname"]').count() == 1
        asked = sum("/mqsc" in url for url in page.requests)
        p.uncheck('#column-picker input[value="conname"]')
        p.wait_for_function("!document.querySelector('#object-grid .head .cell[data-key=conname]')")
        p.click("#column-picker button")  # Default columns
        p.wait_for_selector('#object-grid .head .cell[data-key="conname"]')
        assert sum("/mqsc" in url for url in page.requests) == asked  # the rows held
        assert not page.errors, page.errors
    finally:
        page.close()


def test_an_unknown_channel_state_ranks_last_and_a_meter_of_nothing_is_empty(page: Page) -> None:
    page.sign_in("reader")
    got = page.page.evaluate("""async () => {
        const grid = await import('./grid.js');
        const chart = await import('./chart.js');
        const order = ['RUNNING', 'RETRYING', 'STOPPED'];
        const none = chart.meterWith(0 / 0), half = chart.meterWith(0.5);
        return {unknown: grid.rank(order, 'NEWSTATE'), stopped: grid.rank(order, 'STOPPED'),
                noneWidth: none.firstChild.style.width, noneTitle: none.title,
                halfWidth: half.firstChild.style.width, halfTitle: half.title};
    }""")
    # An unknown state after STOPPED, not before RUNNING (indexOf's -1); 0 of 0 pages no NaN%.
    assert got == {
        "unknown": 3,
        "stopped": 2,
        "noneWidth": "0%",
        "noneTitle": "none",
        "halfWidth": "50%",
        "halfTitle": "50%",
    }, got
    assert not page.errors, page.errors


def test_each_chart_downloads_as_png_and_svg(page: Page) -> None:
    page.sign_in("admin")
    p = page.page
    p.click("#nav-storage")
    p.wait_for_selector("#chart-pages svg polyline", state="attached")
    with p.expect_download() as got:
        p.click('.png-export[data-chart="chart-pages"]')
    png = Path(got.value.path()).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 2000
    assert got.value.suggested_filename == "chart-pages.png"
    with p.expect_download() as got:
        p.click('.svg-export[data-chart="chart-pools"]')
    svg = Path(got.value.path()).read_text()
    assert svg.startswith("<svg") and "polyline" in svg and 'font-size="11"' in svg
    assert p.locator(".png-export").count() == 3


def test_channels_widget_shows_a_running_sender(page: Page, web: Server) -> None:
    """`mqsc serve` joins the home's network (docs/channels.md): a sender whose receiver
    listens on another queue manager of the home runs, and the widget says RUNNING."""
    import subprocess
    import sys

    from tests.serve.conftest import ROOT, free_port

    port = free_port()
    subprocess.run(
        [sys.executable, "-m", "mqsc", "create", "QMZ2", "--listener", str(port)],
        env=web.env,
        check=True,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    mqsc(web, "DEFINE CHANNEL(WEB.CH.RUN) CHLTYPE(RCVR) TRPTYPE(TCP)", "QMZ2")
    for command in (
        "START CHINIT",
        "DEFINE QLOCAL(WEB.RUN.XMITQ) USAGE(XMITQ)",
        f"DEFINE CHANNEL(WEB.CH.RUN) CHLTYPE(SDR) TRPTYPE(TCP) "
        f"CONNAME('127.0.0.1({port})') XMITQ(WEB.RUN.XMITQ)",
        "START CHANNEL(WEB.CH.RUN)",
    ):
        mqsc(web, command)
    page.sign_in("admin")
    p = page.page
    p.click("#nav-channels")
    p.wait_for_selector('#object-grid .row[data-name="WEB.CH.RUN"]')
    cells = p.eval_on_selector_all(
        '#object-grid .row[data-name="WEB.CH.RUN"] .cell', "cs => cs.map(c => c.textContent)"
    )
    assert cells[headings(p).index("STATUS")] == "RUNNING"


#: Every view of the console, by its address, and the element that shows it is filled in.
VIEWS = {
    "#queues": "document.querySelector('.grid .row[data-name=\"SYSTEM.DEFAULT.LOCAL.QUEUE\"]')",
    "#objects/channel": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects/topic": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects/sub": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects/listener": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects/clusqmgr": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects/qcluster": "/ of /.test(document.getElementById('object-count').textContent)",
    "#objects": "/ of /.test(document.getElementById('object-count').textContent)",
    "#storage": "document.querySelector('#chart-pages svg')",
    "#zos": "document.querySelector('#usage-pagesets table')",
}


def _axe(p, script: str) -> list[dict]:
    """axe-core's violations on the page as it is now (WCAG 2 A and AA rules and best
    practices), each with the elements it found."""
    if not p.evaluate("typeof window.axe !== 'undefined'"):
        p.add_script_tag(content=script)
    return p.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']}))
        .violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                               nodes: v.nodes.map(n => n.target.join(' ') + ': ' +
                                                       n.failureSummary)}))""")


def test_every_view_passes_an_axe_core_audit(page: Page, web: Server) -> None:
    from tests.serve.zowe import axe_core

    script = axe_core()
    # Every kind of status on show: a sender that retries (no partner), a stopped one.
    with web.client() as http:
        for command in (
            "START CHINIT",
            "DEFINE QLOCAL(AXE.XMITQ) USAGE(XMITQ)",
            "DEFINE CHANNEL(AXE.RETRY) CHLTYPE(SDR) TRPTYPE(TCP) "
            "CONNAME('nowhere(1499)') XMITQ(AXE.XMITQ)",
            "START CHANNEL(AXE.RETRY)",
        ):
            http.post(
                f"{web.mq()}/admin/action/qmgr/QMZ1/mqsc",
                headers={"ibm-mq-rest-csrf-token": "x"},
                json={"type": "runCommand", "parameters": {"command": command}},
            )
    p = page.page
    p.goto(page.url)
    p.wait_for_selector("#signin:not([hidden])")
    found = {"sign-in": _axe(p, script)}
    page.sign_in("admin")
    for view, ready in VIEWS.items():
        p.evaluate(f"location.hash = {view!r}")
        p.wait_for_function(f"!!({ready})", timeout=30_000)
        p.wait_for_timeout(300)  # what the view asks for next (status, charts) arrives
        found[view] = _axe(p, script)
    # The charts' text alternatives give their figures, not only their names.
    titles = p.eval_on_selector_all(".chart svg > title", "ts => ts.map(t => t.textContent)")
    assert len(titles) == 3, titles
    assert re.match(
        r"Page set used pages, .+: .*\d.*\(lowest [\d,]+, highest [\d,]+\)", titles[0]
    ), titles
    assert "Stealable buffers" in titles[1] and "%" in titles[1], titles
    # The forms: create and alter panels open on the queues view.
    p.evaluate("location.hash = '#queues'")
    p.click("#create")
    p.wait_for_selector('#create-form input[name="MAXDEPTH"]')
    found["#queues create form"] = _axe(p, script)
    problems = {view: v for view, v in found.items() if v}
    assert not problems, "\n".join(
        f"{view}: {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
        for view, vs in problems.items()
        for v in vs
    )
    assert not page.errors, page.errors


def test_a_system_object_is_changed_only_after_the_console_says_what_it_is(
    page: Page, web: Server
) -> None:
    page.sign_in("admin")
    p = page.page
    confirms: list[str] = []
    p.on("dialog", lambda d: (confirms.append(d.message), d.dismiss()))
    p.fill("#filter", "SYSTEM.COMMAND.INPUT")
    p.locator('.grid .row[data-name="SYSTEM.COMMAND.INPUT"] .del:not(.edit)').click()
    p.wait_for_selector("#ask[open]")
    assert p.text_content("#ask-text") == (
        "SYSTEM.COMMAND.INPUT is the command server's input queue: the REST API, the Zowe "
        "CLI and MQ Explorer send their commands there."
    )
    assert p.text_content("#ask-go") == "Delete it"
    p.click("#ask-cancel")
    p.wait_for_selector("#ask", state="hidden")
    with web.client() as http:
        shown = http.post(
            f"{web.mq()}/admin/action/qmgr/QMZ1/mqsc",
            headers={"ibm-mq-rest-csrf-token": "x"},
            json={
                "type": "runCommandJSON",
                "command": "display",
                "qualifier": "qlocal",
                "name": "SYSTEM.COMMAND.INPUT",
            },
        ).json()
    assert len(shown["commandResponse"]) == 1  # still there
    # Altering a default object: asked with its role, then the form opens.
    p.fill("#filter", "SYSTEM.DEFAULT.LOCAL.QUEUE")
    p.locator('.grid .row[data-name="SYSTEM.DEFAULT.LOCAL.QUEUE"] .edit').click()
    p.wait_for_selector("#ask[open]")
    assert (
        "is a default object: a new object of its type takes its attributes from it"
        in p.text_content("#ask-text")
    )
    p.click("#ask-go")
    p.wait_for_function(
        "document.getElementById('create-name')?.value === 'SYSTEM.DEFAULT.LOCAL.QUEUE'"
    )
    assert not confirms  # never the browser's bare confirm for a system object
    assert not page.errors, page.errors
