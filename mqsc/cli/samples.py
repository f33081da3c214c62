"""``mqsc samples``: the sample decks, the lab's L02 jobs and the QSG rehearsal, shipped in the
wheel, listed and copied out so the README's examples run after ``pip install``.

* ``mqsc samples``: the sample sets and their files;
* ``mqsc samples copy DIR``: every set into ``DIR`` (``DIR/decks``, ``DIR/l02``...);
* ``mqsc samples copy NAME DIR``: one set (``l02``) or one file (``l02/V8NOIO11.jcl``).

``mqsc samples copy samples`` in an empty directory gives the layout the README's commands
name (``mqsc job samples/l02/V8NOIO11.jcl``). Existing files are never overwritten: when one
is in the way nothing is copied.

Exit status: 0 done, 2 an unknown sample or a file in the way (nothing copied).
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from pathlib import Path

from mqsc.support.bundled import bundled
from mqsc.support.files import FileError, write_output

#: The sample sets, in the order they are listed, with what each is for.
SETS = (
    ("decks", "MQSC decks to run and check: first steps on QMZ1, common mistakes"),
    ("l02", "the lab L02 jobs (JCL for mqsc job) and the trainer's notes"),
    ("jobs", "jobs that add a page set end to end and back up and restore a queue (mqsc job)"),
    ("qsg", "a queue sharing group: rehearse a CF structure failure (sh qsg/rehearse.sh)"),
    (
        "security",
        "IBM's z/OS MQ security lab on QMZ1: RACF jobs (IKJEFT01), switches, "
        "ICH408I and MQRC 2035 (security/README.md)",
    ),
    ("qmz1", "QMZ1's own CSQINP1/CSQINP2 and mqsc.toml (the lab queue manager)"),
    ("system", "the CSQINP1/CSQINP2 a new queue manager starts from"),
    ("jobs", "everyday jobs: page sets and queue backups (jobs/README.md)"),
)


def sets() -> list[tuple[str, str]]:
    """The sample sets shipped: those of :data:`SETS` first, then any other folder."""
    top = root()
    known = [(name, about) for name, about in SETS if (top / name).is_dir()]
    names = {name for name, _ in known}
    others = sorted(
        p.name
        for p in top.iterdir()
        if p.is_dir() and p.name not in names and p.name != "__pycache__"
    )
    return known + [(name, "") for name in others]


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "samples",
        help="list the bundled samples, or copy them out",
        description=__doc__.split("\n\n")[0],
        epilog="examples:\n  mqsc samples\n  mqsc samples copy samples\n"
        "  mqsc samples copy l02 lab\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    copy = actions.add_parser(
        "copy",
        help="copy every sample set, one set or one file to DIR",
        description="Copy the samples (all, the set NAME, or the file "
        "NAME) into DIR, keeping their layout; nothing is overwritten.",
    )
    copy.add_argument(
        "paths",
        nargs="+",
        metavar="[NAME] DIR",
        help="an optional set or file (see mqsc samples), then the directory",
    )
    parser.set_defaults(handler=run)


def root() -> Path:
    """Where the samples are: inside the installed package, or the checkout's samples/."""
    return bundled("samples")


def files(base: Path) -> list[Path]:
    """The files under ``base`` (a set's folder, or one file), relative to the samples root."""
    top = root()
    if base.is_file():
        return [base.relative_to(top)]
    return sorted(
        p.relative_to(top) for p in base.rglob("*") if p.is_file() and "__pycache__" not in p.parts
    )


def run(args: argparse.Namespace) -> int:
    if getattr(args, "action", None) != "copy":
        return list_samples()
    if len(args.paths) > 2:
        print("mqsc samples copy: give at most a NAME and a DIR", file=sys.stderr)
        return 2
    name, target = args.paths if len(args.paths) == 2 else (None, args.paths[0])
    return copy_samples(name, Path(target))


def list_samples() -> int:
    top = root()
    print(f"Samples in {top} (copy them with: mqsc samples copy [NAME] DIR)")
    for name, about in sets():
        print(f"\n{name}/  {about}".rstrip())
        for path in files(top / name):
            print(f"  {path.as_posix()}")
    return 0


def copy_samples(name: str | None, target: Path) -> int:
    top = root()
    if name is None:
        chosen = [p for set_name, _ in sets() for p in files(top / set_name)]
    else:
        source = top / name.strip("/")
        if not name.strip("/") or ".." in Path(name).parts or not source.exists():
            known = [s for s, _ in sets()] + [
                p.as_posix() for s, _ in sets() for p in files(top / s)
            ]
            close = difflib.get_close_matches(name, known, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else " (see mqsc samples)"
            print(f"mqsc samples copy: no sample {name!r}{hint}", file=sys.stderr)
            return 2
        chosen = files(source)
    # All or nothing: a file in the way stops the copy before anything is written.
    # (A link counts, even one to nothing: the copy never writes through it.)
    in_the_way = [target / p for p in chosen if os.path.lexists(target / p)]
    if in_the_way:
        print(f"mqsc samples copy: {in_the_way[0]} already exists; nothing copied", file=sys.stderr)
        return 2
    copied: list[Path] = []
    try:
        for path in chosen:
            destination = target / path
            destination.parent.mkdir(parents=True, exist_ok=True)
            write_output(destination, (top / path).read_bytes(), "sample file")
            copied.append(destination)
    except (OSError, FileError) as error:
        for done in copied:  # an unwritable directory half-way: take back what was copied
            done.unlink(missing_ok=True)
        where = (
            f"{error.filename or target}: {error.strerror}"
            if isinstance(error, OSError)
            else str(error)
        )
        print(f"mqsc samples copy: {where}; nothing copied", file=sys.stderr)
        return 2
    print(f"mqsc samples: {len(chosen)} files copied to {target}")
    return 0
