"""Checking decks: syntax and catalog, then semantics against a queue manager, then lint.

``mqsc check`` runs the decks on a scratch queue manager (a copy of the target one), so "object
already exists", "LIKE object missing" and "object in use" are found exactly as the real run
would find them, and the real state is never touched. Where z/OS accepts a command that will
fail later (a queue whose storage class does not exist fails its first put), the check warns;
the lint rules of :mod:`mqsc.batch.lint` add warnings for decks that do something other than
what their author meant. ``mqsc run`` uses the same loop on the real queue manager when it
writes a CI report, so both report the same diagnostics.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from mqsc.batch import lint
from mqsc.catalog import VERB_WORDS, CommandSource, mqrc
from mqsc.catalog.absent import MULTIPLATFORM_WARNING, other_platform
from mqsc.catalog.queues import QUEUE_TYPES
from mqsc.engine.manager import QueueManager
from mqsc.engine.messaging.privateq import transmission_queue
from mqsc.engine.records import Message, Result
from mqsc.language.commands import Command
from mqsc.language.diagnostics import Diagnostic
from mqsc.language.pipeline import Parsed, Rejected, further_diagnostics, iter_parse
from mqsc.language.reader import Columns, LogicalCommand
from mqsc.language.source import Source

#: Messages that end a reply but say nothing about what went wrong.
_FRAMING = ("CSQ9022I", "CSQ9023E", "CSQM090E")


@dataclass(frozen=True)
class Step:
    """One command of a deck: as read, as parsed, and its result when it ran."""

    logical: LogicalCommand
    parsed: Parsed
    result: Result | None = None
    failure: Diagnostic | None = None


@dataclass
class DeckReport:
    """The findings for one deck."""

    name: str
    commands: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)
    source: Source | None = None
    steps: list[Step] = field(default_factory=list)


@dataclass(frozen=True)
class Options:
    """How to check: lint on or off, which decks are replayed, where commands come from."""

    lint: bool = True
    replay: bool = False
    ignore: frozenset[str] = frozenset()
    command_source: CommandSource = CommandSource.SERVER


def check(
    sources: Iterable[Source],
    qm: QueueManager | None,
    *,
    columns: Columns = "auto",
    options: Options = Options(),
    progress: Callable[[Source, int], None] | None = None,
) -> list[DeckReport]:
    """Check decks; with a queue manager ``qm`` also run them on it (pass a scratch copy
    unless the decks are meant to change it, as under ``mqsc run``). ``progress(source,
    line)`` is told where each command starts, for a front end's progress display."""
    reports = []
    touched: dict[str, Command] = {}
    linter = lint.Linter(qm) if qm is not None and options.lint else None
    for source in sources:
        report = DeckReport(source.name, source=source)
        if options.lint:
            report.diagnostics += lint.line_diagnostics(source, columns)
        replaying = options.replay or lint.replayed(source.name)
        for logical, parsed in iter_parse(source, columns=columns):
            report.commands += 1
            if progress is not None:
                progress(source, logical.lines[0] if logical.lines else 0)
            if isinstance(parsed, Rejected):
                report.diagnostics.extend(parsed.diagnostics)
                # z/OS stops at a command's first error; a check says the others too.
                report.diagnostics.extend(further_diagnostics(parsed))
                hint = other_platform_hint(parsed)
                if hint is not None:
                    report.diagnostics.append(hint)
            elif options.lint and replaying:
                report.diagnostics += lint.no_replace(parsed)
            if qm is None:
                report.steps.append(Step(logical, parsed))
                continue
            result, failure = _execute(qm, logical, parsed, options, linter, report)
            report.steps.append(Step(logical, parsed, result, failure))
            if (
                result.ok
                and not isinstance(parsed, Rejected)
                and parsed.objtype in QUEUE_TYPES
                and parsed.verb in ("DEFINE", "ALTER")
            ):
                touched[str(parsed.name)] = parsed
        reports.append(report)
    if qm is not None:
        _warn_later_failures(qm, touched, reports)
    if linter is not None:
        _attach(linter.finish(), reports)
    for report in reports:
        report.diagnostics = sorted(lint.select(report.diagnostics, options.ignore), key=_position)
    return reports


def other_platform_hint(rejected: Rejected) -> Diagnostic | None:
    """MQSC320W beside the CSQ9001E of a command that IBM MQ for Multiplatforms has and z/OS
    does not (DEFINE SERVICE, SET AUTHREC...): z/OS rejects it as any unknown word, so the
    check says why (mqsc/catalog/absent.py)."""
    first = rejected.diagnostics[0]
    words = rejected.text.replace(",", " ").split()
    if first.msg_id != "CSQ9001E" or len(words) < 2:
        return None
    verb = VERB_WORDS.get(words[0].upper())
    if verb is None:
        return None
    other = other_platform(verb.name, words[1].split("(", 1)[0].upper())
    if other is None:
        return None
    return Diagnostic(
        MULTIPLATFORM_WARNING,
        {"verb": verb.name, "objtype": other.objtype, "hint": other.help},
        first.source,
        first.span,
    )


def _execute(
    qm: QueueManager,
    logical: LogicalCommand,
    parsed: Parsed,
    options: Options,
    linter: lint.Linter | None,
    report: DeckReport,
) -> tuple[Result, Diagnostic | None]:
    """Run one command, recording its failure and what the lint rules say about it."""
    if isinstance(parsed, Rejected):
        return qm.execute_parsed(logical, parsed, source=options.command_source), None
    before = linter.before(parsed) if linter is not None else None
    result = qm.execute_parsed(logical, parsed, source=options.command_source)
    failure = None
    if not result.ok:
        failure = _diagnostic(parsed, result)
        report.diagnostics.append(failure)
    if linter is not None and before is not None:
        report.diagnostics += linter.after(parsed, result.ok, before)
    return result, failure


def _position(d: Diagnostic) -> tuple[int, int]:
    return (d.span.start, d.span.end) if d.span is not None else (-1, -1)


def _attach(diagnostics: Iterable[Diagnostic], reports: list[DeckReport]) -> None:
    by_name = {r.name: r for r in reports}
    for d in diagnostics:
        report = by_name.get(d.source.name if d.source is not None else "")
        if report is not None:
            report.diagnostics.append(d)


def _diagnostic(command: Command, result: Result) -> Diagnostic:
    """The first explanatory message of a failed result, pointed at the command."""
    message: Message = next(
        (m for m in result.messages() if m.msg_id not in _FRAMING), next(result.messages())
    )
    keyword = str(message.inserts.get("keyword", command.objtype))
    return Diagnostic(
        message.msg_id, dict(message.inserts), command.source, command.span_of(keyword)
    )


def _warn_later_failures(
    qm: QueueManager, touched: dict[str, Command], reports: list[DeckReport]
) -> None:
    """Queues the decks defined that z/OS accepts but whose first put will fail."""
    tables = qm.state.tables
    warnings = []
    for name, command in touched.items():
        alias = tables["qalias"].get(name)
        if alias is not None:
            target = str(alias.get("TARGET", ""))
            if alias.get("TARGTYPE") == "QUEUE" and not any(
                target in tables[t] for t in ("qlocal", "qremote", "gqlocal")
            ):
                # z/OS defines an alias whatever its TARGET (IBM "DEFINE QALIAS"); the first
                # MQOPEN of it fails.
                warnings.append(
                    Diagnostic(
                        "MQSC103W",
                        {"queue": name, "target": target},
                        command.source,
                        command.span_of("TARGET"),
                    )
                )
            continue
        remote = tables["qremote"].get(name)
        if remote is not None:
            if remote.get("RNAME"):  # a queue manager alias or reply-to alias is not opened
                xmitq, code = transmission_queue(
                    remote,
                    tables["qlocal"].get,
                    qm.name,
                    str(tables["qmgr"][None].attrs.get("DEFXMITQ", "")),
                    other=lambda q: any(q in tables[t] for t in ("qalias", "qremote", "qmodel")),
                )
                if xmitq is None:
                    warnings.append(
                        Diagnostic(
                            "MQSC104W",
                            {"queue": name, "code": code, "reason": mqrc.name(code)},
                            command.source,
                            command.span_of("XMITQ" if remote.get("XMITQ") else "RQMNAME"),
                        )
                    )
            continue
        queue = tables["qlocal"].get(name)
        if queue is None or queue.get("QSGDISP") == "SHARED":
            continue
        initq = str(queue.get("INITQ", ""))
        if queue.get("TRIGGER") and initq and initq not in tables["qlocal"]:
            warnings.append(
                Diagnostic(
                    "MQSC105W",
                    {"queue": name, "initq": initq},
                    command.source,
                    command.span_of("INITQ"),
                )
            )
        stgclass = queue.get("STGCLASS")
        stc = tables["stgclass"].get(stgclass)
        if stc is None:
            warnings.append(
                Diagnostic(
                    "MQSC101W",
                    {"queue": name, "stgclass": stgclass},
                    command.source,
                    command.span_of("STGCLASS"),
                )
            )
        elif stc.get("PSID") not in tables["pageset"]:
            warnings.append(
                Diagnostic(
                    "MQSC102W",
                    {"queue": name, "stgclass": stgclass, "psid": stc.get("PSID")},
                    command.source,
                    command.span_of("STGCLASS"),
                )
            )
    _attach(warnings, reports)
