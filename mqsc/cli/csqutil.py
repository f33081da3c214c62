"""``mqsc csqutil``: run a CSQUTIL job step: SYSIN statements, DD data sets, SYSPRINT.

    mqsc csqutil sysin.txt --dd CSQUCMD=deck.mqsc --parm QMZ1

SYSIN holds CSQUTIL statements (``COMMAND DDNAME(dd) MAKEDEF(dd) FAILURE(STOP)``...); each
``--dd NAME=PATH`` stands for a DD statement: an input deck or a MAKEDEF/MAKEREP/MAKEALT/MAKEDEL
output file. SYSPRINT goes to standard output (or ``--sysprint``); ``$MQSC_CLOCK`` fixes the
date in CSQU001I. docs/batch.md describes the statements and the SYSPRINT layout.

Exit status: the CSQUTIL return code, 0, 4, 8 or 12 (12 also when SYSIN or an input data set
cannot be read or an output data set cannot be written, as CSQUTIL ends when an expected data
set is missing, and when a ``--dd`` path can be no data set: a directory, a device, a file in
a directory that does not exist); 2 for usage errors.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path

from mqsc.batch import csqutil
from mqsc.batch.names import is_name
from mqsc.cli import options
from mqsc.cli.inputs import InputError, read_deck
from mqsc.cli.options import QueueManagers, add_state_options, fixed_clock
from mqsc.engine.manager import QueueManager
from mqsc.language.reader import Columns
from mqsc.language.source import Source
from mqsc.render.visible import visible
from mqsc.store.home import default_name
from mqsc.support.files import FileError, write_output

RC_NOT_ATTEMPTED = 12
#: The APPLTAG of ``mqsc csqutil``'s connections (a job's would be its job name).
UTIL_APPLTAG = "MQSCUTIL"


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "csqutil",
        help="run CSQUTIL statements (COMMAND, COPY, LOAD...) as a z/OS job step would",
        description="Run CSQUTIL SYSIN statements against a queue manager and print SYSPRINT "
        "as z/OS does. Exit status: the CSQUTIL return code (0, 4, 8, 12).",
    )
    parser.add_argument("sysin", metavar="SYSIN", help="file of CSQUTIL statements, or -")
    parser.add_argument(
        "--dd",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="a DD statement: input deck or MAKEDEF/... output file "
        "(repeatable; CSQUCMD is the default input)",
    )
    parser.add_argument(
        "--parm",
        default=None,
        metavar="QMGR",
        help=f"the EXEC PARM: queue manager to connect to (default {default_name()})",
    )
    parser.add_argument(
        "--sysprint",
        type=Path,
        metavar="PATH",
        help="write SYSPRINT to PATH instead of standard output",
    )
    parser.add_argument(
        "--encoding",
        default="utf-8",
        metavar="CODEC",
        help="encoding of SYSIN and the input decks (utf-8, cp037, cp1047...)",
    )
    parser.add_argument(
        "--columns",
        choices=("72", "all"),
        default="72",
        help="significant columns of SYSIN and the decks: 72 as on z/OS (default), or all",
    )
    add_state_options(parser, "throw-away queue managers in their initial configuration")
    parser.set_defaults(handler=run)


@dataclass
class FileDataSets:
    """DD statements backed by local files (``--dd NAME=PATH``)."""

    paths: dict[str, Path]
    encoding: str = "utf-8"
    written: set[str] = field(default_factory=set)
    #: DD names whose path names no input data set (each said once on standard error).
    failed: set[str] = field(default_factory=set)
    #: DD names whose output could not be written (each said on standard error).
    unwritten: set[str] = field(default_factory=set)

    def has(self, ddname: str, *, output: bool = False) -> bool:
        path = self.paths.get(ddname)
        if path is None:
            return False
        if output:
            return path.parent.is_dir()
        if not path.is_file():
            # The DD was given, but names no data set: CSQUTIL says the DD is missing
            # (MQSC260E); the command line says what is wrong with the path.
            self._fail(ddname, "no such file (an input data set must exist)")
            return False
        return True

    def _fail(self, ddname: str, problem: str) -> None:
        if ddname not in self.failed:
            self.failed.add(ddname)
            print(f"mqsc csqutil: --dd {ddname}={self.paths[ddname]}: {problem}", file=sys.stderr)

    def read(self, ddname: str) -> Source:
        path = self.paths[ddname]
        try:
            return read_deck(str(path), self.encoding).source
        except InputError as error:
            print(f"mqsc csqutil: {error}", file=sys.stderr)
            return Source("", str(path))

    def write(self, ddname: str, text: str) -> None:
        try:
            write_output(self.paths[ddname], text, "data set")
        except FileError as error:
            self.unwritten.add(ddname)
            print(f"mqsc csqutil: --dd {ddname}: {error}", file=sys.stderr)
            return
        self.written.add(ddname)


@dataclass
class _InputsAsked:
    """The DD names SYSIN's statements read (as opposed to write), found by checking each
    statement as if every DD were there: a ``--dd`` path for one of them must exist."""

    inputs: set[str] = field(default_factory=set)

    def has(self, ddname: str, *, output: bool = False) -> bool:
        if not output:
            self.inputs.add(ddname)
        return True

    def read(self, ddname: str) -> Source:
        raise AssertionError(f"{ddname} is not read while the statements are checked")

    def write(self, ddname: str, text: str) -> None:
        raise AssertionError(f"{ddname} is not written while the statements are checked")


def missing_input(sysin: Source, columns: Columns, paths: dict[str, Path]) -> str | None:
    """The first ``--dd`` DD name that SYSIN reads whose file does not exist (None: none)."""
    asked = _InputsAsked()
    for logical in csqutil.statements(sysin, columns):
        csqutil.check_statement(logical, asked)
    return next((dd for dd in sorted(asked.inputs) if dd in paths and not paths[dd].exists()), None)


def dd_problem(path: Path) -> str | None:
    """Why ``path`` can be no data set, in a few words (None when it can be one: a regular
    file, or a new file in an existing directory)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return f"a symbolic link to {os.readlink(path)}, which does not exist"
        return None if path.parent.is_dir() else f"no such directory: {path.parent}"
    except OSError as error:
        return error.strerror or str(error)
    except ValueError:
        return "a file name cannot contain a NUL character"
    if stat.S_ISREG(info.st_mode):
        return None
    if stat.S_ISDIR(info.st_mode):
        return "a directory, not a data set"
    if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode):
        return "a device, not a data set"
    if stat.S_ISFIFO(info.st_mode):
        return "a pipe, not a data set (CSQUTIL reads and writes data sets as files)"
    return "not a regular file"


def parse_dds(specs: list[str]) -> dict[str, Path]:
    """``NAME=PATH`` pairs; raises ValueError naming a bad one."""
    out = {}
    for spec in specs:
        name, sep, path = spec.partition("=")
        name = name.strip().upper()
        if not sep or not name or not path or not is_name(name):
            raise ValueError(f"--dd {spec!r}: expected NAME=PATH with a DD name of 1-8 characters")
        out[name] = Path(path)
    return out


def run(args: argparse.Namespace) -> int:
    try:
        datasets = FileDataSets(parse_dds(args.dd), args.encoding)
    except ValueError as error:
        print(f"mqsc csqutil: {error}", file=sys.stderr)
        return 2
    for ddname, path in datasets.paths.items():
        # As z/OS allocates every DD before the step runs: one that names no possible data
        # set stops the step before anything is done.
        problem = dd_problem(path)
        if problem is not None:
            print(
                f"mqsc csqutil: --dd {ddname}={path}: {problem}; nothing was run", file=sys.stderr
            )
            return RC_NOT_ATTEMPTED
    try:
        sysin = read_deck(args.sysin, args.encoding).source
    except InputError as error:
        print(f"mqsc csqutil: {error}", file=sys.stderr)
        return RC_NOT_ATTEMPTED
    missing = missing_input(sysin, args.columns, datasets.paths)
    if missing is not None:
        # An input DD whose data set does not exist fails allocation, before the step runs
        # (the JCL error a missing DISP=SHR data set gives), as the other bad paths above.
        print(
            f"mqsc csqutil: --dd {missing}={datasets.paths[missing]}: no such file (an input "
            "data set must exist); nothing was run",
            file=sys.stderr,
        )
        return RC_NOT_ATTEMPTED
    clock = fixed_clock() or dt.datetime.now
    connect = QueueManagers(args)
    # The utility is a program connected to each queue manager it works on (DISPLAY CONN), as
    # CSQUTIL's job is on z/OS; the commands it sends carry that connection.
    connections: dict[str, tuple[QueueManager, str]] = {}

    def conn_of(qm: QueueManager) -> str:
        held = connections.get(qm.name)
        if held is None or held[0] is not qm:
            held = connections[qm.name] = (qm, options.connect(qm, UTIL_APPLTAG))
        return held[1]

    try:
        outcome = csqutil.run(
            sysin,
            parm=args.parm or default_name(),
            datasets=datasets,
            connect=connect,
            clock=clock,
            columns=args.columns,
            conn_of=conn_of,
        )
    finally:
        try:
            for qm, conn in connections.values():
                options.disconnect(qm, conn)
        finally:
            connect.close()
    text = "".join(line + "\n" for line in outcome.sysprint)
    if args.sysprint is None:
        sys.stdout.write(visible(text))
    else:
        try:
            write_output(args.sysprint, text, "SYSPRINT file")
        except FileError as error:
            print(f"mqsc csqutil: --sysprint: {error}", file=sys.stderr)
            return 2
    if datasets.unwritten and outcome.rc < RC_NOT_ATTEMPTED:
        return RC_NOT_ATTEMPTED  # an output data set could not be written
    return outcome.rc
