"""``mqsc job FILE``: run a JCL job as JES2 would, and print its held output.

    mqsc job samples/l02/V8NOIO10.jcl
    mqsc job "MQSC.SAMPLES.L02(V8NOIO10)"    # the same job, a member of the samples library

The JCL subset (docs/batch.md): a JOB statement, ``EXEC PGM=`` steps with PARM and COND,
in-stream ``DD *`` / ``DD DATA``, ``DD SYSOUT=*``, ``DD DSN=`` (files in the ``--catalog``
directory), ``DD DUMMY``. Programs: those of :data:`mqsc.batch.programs.PROGRAMS` (docs/batch.md,
"The programs", lists them); any other abends S806, as z/OS does for a load module it cannot
find.
Queue managers are opened once per job and shared by its steps. ``$MQSC_CLOCK`` fixes the
times in the listing.

Exit status: the highest condition code of the job (MAXCC, at most 252); 253 a step abended;
254 a JCL error (the job did not run, or a data set was missing); 2 usage or I/O error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path

from mqsc.batch import jcl, jes, names, runner, spool
from mqsc.batch.datasets import Catalog, DataSetError, display_name, home_catalog
from mqsc.cli.inputs import InputError, read_deck
from mqsc.cli.options import QueueManagers, add_state_options, fixed_clock
from mqsc.language.source import Source
from mqsc.render.visible import visible
from mqsc.store.home import QMgrError, home, security_store
from mqsc.store.lease import process_owner
from mqsc.support.files import FileError, private_dir, write_output

EXIT_ABEND, EXIT_JCL_ERROR, MAXCC_CAP = 253, 254, 252


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "job",
        help="run a JCL job (CSQUTIL steps) and print its held output",
        description="Run the jobs of a JCL file as JES2 would and print each job's held "
        "output, ending with the $HASP165 notify line. Exit status: MAXCC, 253 abend, "
        "254 JCL error, 2 usage error.",
    )
    parser.add_argument(
        "file",
        metavar="FILE",
        help="JCL file, - for standard input, or a data set of the catalog holding the JCL "
        "('USER1.JCL(V8NOIO11)', as TSO SUBMIT names one)",
    )
    parser.add_argument(
        "--catalog",
        type=Path,
        metavar="DIR",
        help="directory of cataloged data sets for DD DSN= (default $MQSC_HOME/catalog)",
    )
    parser.add_argument(
        "--user",
        default="USER1",
        help="the submitting user: job owner and &SYSUID (default USER1, the lab's)",
    )
    parser.add_argument(
        "--jobid",
        type=int,
        default=None,
        metavar="N",
        help="number of the first job (JOBnnnnn); by default the next "
        "numbers of the mqsc home's JES2 counter, as JES2 numbers submissions",
    )
    parser.add_argument(
        "--encoding",
        default="utf-8",
        metavar="CODEC",
        help="encoding of the JCL and of the cataloged data sets",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=Path,
        metavar="DIR",
        help="also write each job's data sets as files under DIR/<jobname>",
    )
    add_state_options(parser, "throw-away queue managers in their initial configuration")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    catalog = Catalog(args.catalog) if args.catalog else home_catalog()
    try:
        source = _jcl_source(args.file, args.encoding, catalog)
    except (InputError, DataSetError) as error:
        print(f"mqsc job: {error}", file=sys.stderr)
        return 2
    try:
        jobs = jcl.parse(source, owner=args.user.upper(), library=catalog.procedure)
    except DataSetError as error:
        print(f"mqsc job: {error}", file=sys.stderr)
        return 2
    if not jobs:
        print(f"mqsc job: {source.name}: no JOB statement", file=sys.stderr)
        return 2
    clock = fixed_clock() or dt.datetime.now
    worst = 0
    if args.jobid is not None and not spool.FIRST <= args.jobid <= spool.LAST:
        print(f"mqsc job: --jobid must be {spool.FIRST}-{spool.LAST}", file=sys.stderr)
        return 2
    try:
        counter = spool.numbers(home(), memory=args.memory)
        first = args.jobid if args.jobid is not None else counter.take(len(jobs))
    except FileError as error:
        print(f"mqsc job: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"mqsc job: {home() / 'jes2'}: {error.strerror}", file=sys.stderr)
        return 2
    numbers = [first]
    while len(numbers) < len(jobs):
        numbers.append(spool.following(numbers[-1]))
    try:
        security = security_store()
    except QMgrError as error:
        print(f"mqsc job: {error}", file=sys.stderr)
        return 2
    try:
        for number, job in zip(numbers, jobs):
            connect = QueueManagers(args)
            env = runner.Environment(
                connect,
                catalog,
                clock,
                encoding=args.encoding,
                owner=process_owner(),
                security=security,
            )
            try:
                result = runner.run(job, env, jobid=spool.jobid(number))
            finally:
                connect.close()
            sys.stdout.write(visible(jes.listing(result)))
            if args.output is not None and not _save(args.output, result):
                return 2
            worst = max(worst, exit_status(result))
    finally:
        security.close()
    return worst


def _jcl_source(name: str, encoding: str, catalog: Catalog) -> Source:
    """The JCL to submit: a file, standard input, or (when no file has that name) a data set
    or member of the catalog, quoted or not (TSO SUBMIT 'USER1.JCL(V8NOIO11)')."""
    if name == "-" or Path(name).exists():
        return read_deck(name, encoding).source
    found = names.dataset(name.strip().strip("'").upper())
    if found is None:
        return read_deck(name, encoding).source  # says the file does not exist
    dsn, member = found
    shown = display_name(dsn, member)
    if not catalog.exists(dsn, member) or (not member and catalog.path(dsn).is_dir()):
        raise InputError(f"{name}: no such file, and no data set {shown} in {catalog.root}")
    return Source(catalog.read(dsn, member, encoding), shown)


def exit_status(result: runner.JobRun) -> int:
    """MAXCC, or 253 for an abend, 254 for a JCL error (TYPRUN=SCAN: 0, or 254)."""
    if result.jcl_error:
        return EXIT_JCL_ERROR
    if result.abend is not None:
        return EXIT_ABEND
    return min(result.maxcc, MAXCC_CAP)


def _save(root: Path, result: runner.JobRun) -> bool:
    """``--output DIR``: each spool data set a file of DIR/JOBNAME (files the user asked
    for: written aside and renamed, new ones 0600, never through a link)."""
    directory = root / (result.job.name or "JOB")
    try:
        private_dir(directory, "output directory", check=False)
        for data_set in jes.data_sets(result):
            name = f"{data_set.dsid:03d}.{data_set.stepname}.{data_set.ddname}.txt"
            write_output(
                directory / name, "".join(x + "\n" for x in data_set.lines), "job output file"
            )
    except FileError as error:
        print(f"mqsc job: {error}", file=sys.stderr)
        return False
    return True
