"""The web console at scale, measured in the browser, and the screenshots of docs/console-web.md.

    python bench/console_web.py                    # 50,000 queues, 3 rounds, screenshots
    python bench/console_web.py --queues 2000 --rounds 1 --no-screenshots

A real ``mqsc serve`` (durable state in a temporary mqsc home, the queues defined beforehand
by ``mqsc run``, as bench/serve.py does) and Debian's Chromium driven headless by Playwright.
The figures are the page's own, taken with ``performance.now()`` (window.mqscTimings, set by
mqsc/serve/webconsole/app.js):

* open: from the queues widget opening (after sign-in) to its first rows drawn on screen (the
  first window of 100 queues sorted by name, /ibmmq/console/api/qmgr/QMZ1/queues, drawn, and
  the next animation frame);
* all rows: from the same start to the whole list fetched (runCommandJSON DISPLAY QLOCAL(*)
  with the grid's columns), parsed, sorted and drawn: from then on filter, sort and scroll
  need no request;
* filter: from a keystroke in the filter box to the redrawn grid (the next animation frame),
  for each of the keystrokes typing ``APP.QUEUE.0420`` (each narrows 50,000 rows).

Results go to bench/out/console_web.json; screenshots to docs/img/console-*.png.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT  # noqa: E402
from bench.serve import PASSWORD, USER, start  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
IMG = ROOT / "docs" / "img"
PUT_JOB = """//USER1P1  JOB (ACCT),'PUTS',CLASS=A,MSGCLASS=K
//LOADQ    EXEC PGM=OEMPUTX,
//             PARM=('-mQMZ1 -qUSER1.ABAR.QUEUE -n300 -s4096')
//SYSPRINT DD SYSOUT=*
//SYSOUT   DD SYSOUT=*
"""


def sign_in(page, url: str) -> None:
    page.goto(f"{url}/ibmmq/console/")
    page.fill("#user", USER)
    page.fill("#password", PASSWORD)
    page.click("#signin-button")
    page.wait_for_function("window.mqscTimings.openToAllRows !== null", timeout=120_000)


def measure(browser, url: str, typed: str) -> dict:
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    page = context.new_page()
    sign_in(page, url)
    opened = page.evaluate("window.mqscTimings.openToFirstRows")
    everything = page.evaluate("window.mqscTimings.openToAllRows")
    queues = page.evaluate("window.mqscTimings.queues")
    rows_in_dom = page.locator(".grid .row").count()
    for ch in typed:
        before = page.evaluate("window.mqscTimings.filterToRedraw.length")
        page.type("#filter", ch)
        page.wait_for_function(f"window.mqscTimings.filterToRedraw.length > {before}")
    filters = page.evaluate("window.mqscTimings.filterToRedraw")
    context.close()
    return {
        "open_ms": opened,
        "all_rows_ms": everything,
        "queues": queues,
        "rows_in_dom": rows_in_dom,
        "filter_ms": filters,
    }


def screenshots(browser, url: str) -> list[str]:
    import httpx

    IMG.mkdir(parents=True, exist_ok=True)
    made = []
    context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    page = context.new_page()

    def shot(name: str) -> None:
        path = IMG / f"console-{name}.png"
        page.screenshot(path=str(path))
        made.append(str(path.relative_to(ROOT)))

    page.goto(f"{url}/ibmmq/console/")
    page.wait_for_selector("#signin:not([hidden])")
    page.fill("#user", USER)
    shot("signin")
    page.fill("#password", PASSWORD)
    page.click("#signin-button")
    page.wait_for_function("window.mqscTimings.openToAllRows !== null", timeout=120_000)
    page.fill("#command", "DEFINE QLOCAL(APP.QUEUE.000042)")
    page.press("#command", "Enter")
    page.wait_for_function("document.getElementById('reply').textContent.includes('CSQ9023E')")
    shot("queues")
    page.click("#create")
    page.wait_for_selector("#create-name")
    page.fill("#create-name", "PAY.IN")
    page.fill('#create-form input[name="MAXDEPTH"]', "5000")
    page.fill('#create-form input[name="DESCR"]', "Payments in")
    page.click("#create-submit")
    page.wait_for_function("document.getElementById('create-reply').textContent !== ''")
    page.fill("#filter", "PAY.*")
    page.wait_for_selector('.grid .row[data-name="PAY.IN"]')
    shot("create")
    page.fill(
        "#command",
        "DEFINE CHANNEL(QMZ1.TO.QMB) CHLTYPE(SDR) CONNAME('qmb(1414)') "
        "XMITQ(QMB) TRPTYPE(TCP) DESCR('Payments to QMB')",
    )
    page.press("#command", "Enter")
    page.wait_for_function("document.getElementById('reply').textContent.includes('CSQ9022I')")
    page.click("#nav-objects")
    page.wait_for_selector('#object-grid .row[data-name="QMZ1.TO.QMB"]')
    shot("objects")
    page.click("#nav-storage")
    page.wait_for_selector('.pageset[data-psid="11"]')
    page.wait_for_timeout(4500)
    with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=120) as http:
        for _ in range(2):
            http.put(
                "/zosmf/restjobs/jobs",
                content=PUT_JOB,
                headers={"X-CSRF-ZOSMF-HEADER": "true", "Content-Type": "text/plain"},
            )
            page.wait_for_timeout(4500)
    page.screenshot(path=str(IMG / "console-storage.png"), full_page=True)
    made.append("docs/img/console-storage.png")
    widgets(page, url, shot)
    context.close()
    return made


def _mqsc(url: str, qmgr: str, *commands: str) -> None:
    import httpx

    with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=120) as http:
        for command in commands:
            http.post(
                f"/ibmmq/rest/v2/admin/action/qmgr/{qmgr}/mqsc",
                headers={"ibm-mq-rest-csrf-token": "bench"},
                json={"type": "runCommand", "parameters": {"command": command}},
            )


def widgets(page, url: str, shot) -> None:
    """The channels widget with status, the listeners, a channel's form (docs/console-web.md)."""
    from bench.serve import _port

    listening, nowhere = _port(), _port()
    _mqsc(
        url,
        "QMZ1",
        "START CHINIT",
        f"START LISTENER TRPTYPE(TCP) PORT({listening})",
        "DEFINE QLOCAL(QMB) USAGE(XMITQ) REPLACE",
        f"DEFINE CHANNEL(QMZ1.TO.QMC) CHLTYPE(SDR) TRPTYPE(TCP) "
        f"CONNAME('127.0.0.1({nowhere})') XMITQ(QMB) DESCR('Retrying: nobody listens')",
        f"DEFINE CHANNEL(QMZ1.TO.QMD) CHLTYPE(SDR) TRPTYPE(TCP) "
        f"CONNAME('127.0.0.1({nowhere})') XMITQ(QMB) DESCR('Stopped by an operator')",
        "DEFINE CHANNEL(QMB.TO.QMZ1) CHLTYPE(RCVR) TRPTYPE(TCP) DESCR('From QMB')",
        "DEFINE CHANNEL(SYSTEM.ADMIN.SVRCONN) CHLTYPE(SVRCONN) TRPTYPE(TCP)",
        "START CHANNEL(QMZ1.TO.QMC)",
        "START CHANNEL(QMZ1.TO.QMD)",
        "STOP CHANNEL(QMZ1.TO.QMD)",
    )
    page.click("#nav-channels")
    page.wait_for_selector('#object-grid .row[data-name="QMZ1.TO.QMD"]')
    page.click("#object-columns")
    page.wait_for_timeout(300)
    shot("channels")
    page.click("#object-columns")
    page.click("#object-create")
    page.wait_for_selector("#object-name")
    page.fill("#object-name", "QMZ1.TO.QME")
    page.select_option('#object-form [name="CHLTYPE"]', "SDR")
    page.fill('#object-form [name="CONNAME"]', "qme(1414)")
    page.click("#object-submit")
    page.wait_for_function("document.getElementById('object-reply').textContent !== ''")
    shot("channel-form")
    page.click("#nav-listeners")
    page.wait_for_selector(f'#object-grid .row[data-name="TCP *({listening})"]')
    shot("listeners")


def zos_screenshot(browser, made: list[str]) -> None:
    """The z/OS page of a queue sharing group member (a small home of its own: QMG1, QMG2)."""
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        env = {**os.environ, "MQSC_HOME": str(home)}
        for name in ("QMG1", "QMG2"):
            subprocess.run(
                [sys.executable, "-m", "mqsc", "create", name, "--qsg", "QSGA"],
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
            )
        process, url = start(home, 0)
        try:
            _mqsc(
                url,
                "QMG1",
                "DEFINE CFSTRUCT(APPL1) CFLEVEL(5) RECOVER(YES) DESCR('Payments')",
                "DEFINE CFSTRUCT(APPL2) CFLEVEL(5) RECOVER(YES)",
                "DEFINE CFSTRUCT(APPL3) CFLEVEL(5) RECOVER(NO)",
                "DEFINE QLOCAL(PAY.SHARED) QSGDISP(SHARED) CFSTRUCT(APPL1)",
                "BACKUP CFSTRUCT(APPL1)",
            )
            context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
            page = context.new_page()
            page.goto(f"{url}/ibmmq/console/")
            page.fill("#user", USER)
            page.fill("#password", PASSWORD)
            page.click("#signin-button")
            page.wait_for_selector("#view-queues:not([hidden])")
            page.select_option("#qmgr", "QMG1")
            page.click("#nav-zos")
            page.wait_for_selector('#zos-structures tr[data-structure="APPL1"]')
            path = IMG / "console-zos.png"
            page.screenshot(path=str(path), full_page=True)
            made.append(str(path.relative_to(ROOT)))
            context.close()
        finally:
            process.terminate()
            process.wait(timeout=30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queues", type=int, default=50_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--no-screenshots", action="store_true")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        process, url = start(Path(tmp), args.queues)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=args.chromium, headless=True, args=["--no-sandbox"]
                )
                runs = [measure(browser, url, "APP.QUEUE.0420") for _ in range(args.rounds)]
                shots = [] if args.no_screenshots else screenshots(browser, url)
                if not args.no_screenshots:
                    zos_screenshot(browser, shots)
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=30)
    filters = [f for r in runs for f in r["filter_ms"]]
    result = {
        "queues": args.queues,
        "rounds": runs,
        "open_ms_best": min(r["open_ms"] for r in runs),
        "open_ms_median": statistics.median(r["open_ms"] for r in runs),
        "all_rows_ms_median": statistics.median(r["all_rows_ms"] for r in runs),
        "filter_ms_median": statistics.median(filters),
        "filter_ms_max": max(filters),
        "rows_in_dom": runs[0]["rows_in_dom"],
        "screenshots": shots,
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "console_web.json").write_text(json.dumps(result, indent=2))
    print(
        f"{args.queues} queues: open -> first rows {result['open_ms_best']:.0f} ms best, "
        f"{result['open_ms_median']:.0f} ms median; every row fetched "
        f"{result['all_rows_ms_median']:.0f} ms median; filter keystroke -> redraw "
        f"{result['filter_ms_median']:.1f} ms median, {result['filter_ms_max']:.1f} ms max; "
        f"{result['rows_in_dom']} rows in the DOM"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
