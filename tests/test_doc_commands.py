"""Every shell block of README.md and docs/*.md runs as written.

Each document's ```sh blocks run in order, in bash with ``-e -o pipefail`` (a failing line
fails the block), in a scratch directory laid out like a clone (its ``samples/``) with a home
of their own (HOME; no MQSC_HOME, so mqsc's default ``~/.local/share/mqsc``), and ``mqsc`` on
PATH from the install under test: the README's plain install when .ci/run made one
(MQSC_README_PYTHON), else this interpreter's. A file a block needs is made by an earlier line
of the same document, or is a fenced block the document names with a marker.

Markers, HTML comments on the line before a fence (invisible when the page is read):

* ``<!-- doc-test: file NAME -->``: the block is the content of the file NAME (a deck the text
  names, such as ``qmz2.mqsc``), written into the scratch directory;
* ``<!-- doc-test: background: REASON -->``: the block's ``mqsc serve`` line never ends, so it
  runs in the background (on a free port: 9443 may be taken where the tests run, and the
  document's ``9443`` is read as that port) until the document's blocks are done;
* ``<!-- doc-test: skip: REASON -->``: the block does not run here, for the reason given.

The install itself (``pip install ...``, ``python3 -m venv .venv && .venv/bin/pip install``) is
the install under test: those lines are taken as done (``.venv`` is that install).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(
    r"(?:<!-- doc-test: (?P<marker>[^>]*?) -->\n)?```(?P<lang>[a-z]*)\n"
    r"(?P<body>.*?)```",
    re.S,
)
_INSTALL = re.compile(
    r"^(?:python3 -m venv \.venv && \.venv/bin/pip install [^&]*|"
    r"pip install [^&#]*)(?:&& )?"
)


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int
    lang: str
    marker: str
    body: str

    @property
    def where(self) -> str:
        return f"{self.doc.name}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    return [
        Block(doc, text[: m.start("lang")].count("\n") + 1, m["lang"], m["marker"] or "", m["body"])
        for m in _FENCE.finditer(text)
    ]


def shell_blocks(doc: Path) -> list[Block]:
    return [b for b in blocks(doc) if b.lang == "sh" or b.marker.startswith("file ")]


def _python() -> str:
    return os.environ.get("MQSC_README_PYTHON") or sys.executable


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Scratch:
    """A directory like a clone's, a home of its own, and what runs in the background."""

    def __init__(self, tmp: Path) -> None:
        self.dir = tmp / "work"
        self.dir.mkdir()
        shutil.copytree(
            ROOT / "samples", self.dir / "samples", ignore=shutil.ignore_patterns("__pycache__")
        )
        bin_dir = Path(_python()).parent
        (self.dir / ".venv").symlink_to(bin_dir.parent)
        self.home = tmp / "home"
        self.home.mkdir()
        self.env = {
            "PATH": f"{bin_dir}:/usr/local/bin:/usr/bin:/bin",
            "HOME": str(self.home),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            "NO_COLOR": "1",
        }
        self.port = _free_port()
        self.background: list[subprocess.Popen] = []

    def text(self, body: str) -> str:
        return body.replace("9443", str(self.port))

    def run(self, script: str, where: str) -> None:
        if not script.strip():
            return
        done = subprocess.run(
            ["bash", "-e", "-o", "pipefail", "-c", script],
            cwd=self.dir,
            env=self.env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, (
            f"{where}: exit {done.returncode}\n$ {script}\n"
            f"--- stdout\n{done.stdout[-3000:]}\n"
            f"--- stderr\n{done.stderr[-3000:]}"
        )

    def start(self, line: str, where: str) -> None:
        command = line.split("#")[0].strip()
        if "--port" not in command:
            command += f" --port {self.port}"
        log = open(self.dir / f"background-{len(self.background)}.log", "w")
        process = subprocess.Popen(
            ["bash", "-c", f"exec {command}"],
            cwd=self.dir,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
            start_new_session=True,
        )
        self.background.append(process)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert process.poll() is None, f"{where}: {command} ended: {log.name}"
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.1)
        raise AssertionError(f"{where}: {command} did not listen on {self.port}")

    def stop(self) -> None:
        for process in self.background:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _lines(body: str) -> list[str]:
    """The block's commands, continuation lines joined, the install lines taken as done."""
    out: list[str] = []
    for raw in body.replace("\\\n", " ").splitlines():
        line = _INSTALL.sub("", raw.strip()) if _INSTALL.match(raw.strip()) else raw
        out.append(line)
    return out


def run_block(scratch: Scratch, block: Block) -> None:
    if block.marker.startswith("skip:"):
        return
    if block.marker.startswith("file "):
        (scratch.dir / block.marker.split()[1]).write_text(block.body, encoding="utf-8")
        return
    pending: list[str] = []
    for line in _lines(scratch.text(block.body)):
        if block.marker.startswith("background:") and re.match(r"\s*mqsc serve\b", line):
            scratch.run("\n".join(pending), block.where)
            pending = []
            scratch.start(line, block.where)
        else:
            pending.append(line)
    scratch.run("\n".join(pending), block.where)


@pytest.mark.slow
@pytest.mark.parametrize(
    "doc", [d for d in DOCS if shell_blocks(d)], ids=lambda d: d.relative_to(ROOT).as_posix()
)
def test_every_shell_block_runs_as_written(doc: Path, tmp_path: Path) -> None:
    scratch = Scratch(tmp_path)
    try:
        for block in shell_blocks(doc):
            run_block(scratch, block)
    finally:
        scratch.stop()


def test_few_blocks_are_left_out_and_each_says_why() -> None:
    skipped = [b for d in DOCS for b in blocks(d) if b.marker.startswith("skip:")]
    assert all(len(b.marker.split(":", 1)[1].strip()) > 20 for b in skipped), skipped
    assert len(skipped) <= 5, [b.where for b in skipped]
    unknown = [
        b.where
        for d in DOCS
        for b in blocks(d)
        if b.marker and not b.marker.startswith(("skip:", "file ", "background:"))
    ]
    assert not unknown, unknown


def test_a_failing_line_fails_its_block(tmp_path: Path) -> None:
    doc = tmp_path / "doc.md"
    doc.write_text("```sh\nmqsc --version\nmqsc run no-such-deck.mqsc\n```\n")
    scratch = Scratch(tmp_path)
    with pytest.raises(AssertionError, match="no-such-deck"):
        run_block(scratch, shell_blocks(doc)[0])
