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

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from mqsc.batch import lint
from mqsc.batch.findings import Findings, Kept, line_hash
from mqsc.catalog import VERB_WORDS, CommandSource, mqrc
from mqsc.catalog.absent import MULTIPLATFORM_WARNING, other_platform
from mqsc.engine.manager import QueueManager
from mqsc.engine.messaging.privateq import transmission_queue
from mqsc.engine.records import Message, Result
from mqsc.language.commands import Command
from mqsc.language.diagnostics import Diagnostic
from mqsc.language.pipeline import Parsed, Rejected, further_diagnostics, iter_parse
from mqsc.language.reader import Columns, LogicalCommand
from mqsc.language.source import Source
from mqsc.render import commandserver

#: Messages that end a reply but say nothing about what went wrong.
_FRAMING = ("CSQ9022I", "CSQ9023E", "CSQM090E")


@dataclass
class DeckReport:
    """The findings for one deck. Its diagnostics and, when a report lists every command, its
    commands are kept in the check's :class:`~mqsc.batch.findings.Findings` (out of memory);
    :attr:`diagnostics` reads them back, in position order."""

    name: str
    commands: int = 0
    source: Source | None = None
    #: Commands that ran and failed (``mqsc run``'s exit status).
    failed: int = 0
    store: Findings | None = field(default=None, repr=False)
    index: int = 0
    ignore: frozenset[str] = frozenset()

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic of the deck, by position (for a few: :meth:`kept` streams)."""
        return [k.diagnostic for k in self.kept()]

    def kept(self) -> Iterator[Kept]:
        """The deck's diagnostics with what was kept beside them, by position."""
        if self.store is None:
            return iter(())
        return self.store.diagnostics(self.index, self.ignore)


@dataclass(frozen=True)
class Options:
    """How to check: lint on or off, which decks are replayed, where commands come from, and
    what a report will need kept (``cases``: one entry per command, JUnit, SARIF, GitHub;
    ``outputs``: each command's replies, ``mqsc run``'s JUnit; ``hints``: "did you mean"
    beside a rejected word; ``digests``: SARIF's line hashes)."""

    lint: bool = True
    replay: bool = False
    ignore: frozenset[str] = frozenset()
    command_source: CommandSource = CommandSource.SERVER
    cases: bool = False
    outputs: bool = False
    hints: bool = False
    digests: bool = False


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
    line)`` is told where each command starts, for a front end's progress display.

    The decks stream through: each command is read, checked, run and dropped; what the
    reports need of it is kept in a :class:`~mqsc.batch.findings.Findings`, so memory is
    bounded by the largest command and the queue manager's state, not by the decks."""
    store = Findings()
    reports = []
    linter = lint.Linter(qm, store) if qm is not None and options.lint else None
    for source in sources:
        index = store.deck(source, columns)
        report = DeckReport(
            source.name,
            source=source,
            store=store,
            index=index,
            ignore=frozenset(i.upper() for i in options.ignore),
        )
        if options.lint:
            _keep(store, index, lint.line_diagnostics(source, columns), options)
        replaying = options.replay or lint.replayed(source.name)
        for logical, parsed in iter_parse(source, columns=columns):
            report.commands += 1
            if progress is not None:
                progress(source, logical.lines[0] if logical.lines else 0)
            found: list[tuple[Diagnostic, bool]] = []
            if isinstance(parsed, Rejected):
                found += [(d, True) for d in parsed.diagnostics]
                # z/OS stops at a command's first error; a check says the others too.
                found += [(d, False) for d in further_diagnostics(parsed)]
                hint = other_platform_hint(parsed)
                if hint is not None:
                    found.append((hint, False))
            elif options.lint and replaying:
                found += [(d, False) for d in lint.no_replace(parsed)]
            output = ""
            if qm is not None:
                result = _execute(qm, logical, parsed, options, linter, found)
                if not all(r.ok for r in result.all_sets()):
                    report.failed += 1
                if options.outputs:
                    output = "".join(line + "\n" for line in commandserver.run_lines(result))
                if result.ok and not isinstance(parsed, Rejected):
                    store.remember(parsed)
            if options.cases:
                first, last = _lines_of(logical)
                store.command(index, first, last, case_name(logical), output)
            _keep_command(store, index, logical, found, options)
        reports.append(report)
    if qm is not None:
        _attach(store, _warn_later_failures(qm, store), options)
    if linter is not None:
        _attach(store, linter.finish(), options)
    store.finish()
    return reports


def case_name(logical: LogicalCommand) -> str:
    """``3: DEFINE QLOCAL(PAY.IN)``: the line number keeps names unique (GitLab keys cases
    on class name and name, secondary sources)."""
    text = " ".join(logical.text.split())
    if len(text) > 72:
        text = text[:69] + "..."
    return f"{logical.location().line}: {text}"


def _lines_of(logical: LogicalCommand) -> tuple[int, int]:
    lines = logical.lines
    return (lines[0], lines[-1]) if lines else (0, 0)


def _keep(store: Findings, index: int, diagnostics: Iterable[Diagnostic], options: Options) -> None:
    for d in diagnostics:
        store.add(index, d, digest=_digest(d) if options.digests else None)


def _keep_command(
    store: Findings,
    index: int,
    logical: LogicalCommand,
    found: list[tuple[Diagnostic, bool]],
    options: Options,
) -> None:
    """One command's diagnostics (whether ``mqsc run`` counts each an error), with the hint
    beside a rejected word or value, found now while the command is at hand."""
    for d, escalate in found:
        hint = _hint(logical, d, found) if options.hints else None
        store.add(
            index, d, escalate=escalate, hint=hint, digest=_digest(d) if options.digests else None
        )


def _hint(
    logical: LogicalCommand, d: Diagnostic, found: list[tuple[Diagnostic, bool]]
) -> str | None:
    """ "Did you mean" for a word z/OS rejected as invalid (CSQ9001E), the values a keyword
    takes for a value refused (MQSC011E), from the command it is in."""
    from mqsc.language.hints import did_you_mean, hint_text, valid_values  # noqa: PLC0415 - start-up: the did-you-mean index only for a rejected word

    word = str(d.inserts.get("keyword", ""))
    if d.msg_id == "MQSC011E":
        return valid_values(logical.text, word)
    if d.msg_id != "CSQ9001E":
        return None
    if any(other.msg_id != d.msg_id and other.span == d.span for other, _ in found):
        return None  # a lint rule already says what the word is (MQSC320W: Multiplatforms only)
    suggestion = did_you_mean(logical.text, word)
    return hint_text(word, suggestion) if suggestion else None


def _digest(d: Diagnostic) -> str:
    """SARIF's line hash of a diagnostic (:func:`mqsc.batch.findings.line_hash`)."""
    text = ""
    if d.source is not None and d.span is not None:
        text = d.source.line_text(d.source.line_of(d.span.start))
    return line_hash(d.msg_id, text)


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
    found: list[tuple[Diagnostic, bool]],
) -> Result:
    """Run one command, recording its failure and what the lint rules say about it."""
    if isinstance(parsed, Rejected):
        return qm.execute_parsed(logical, parsed, source=options.command_source)
    before = linter.before(parsed) if linter is not None else None
    result = qm.execute_parsed(logical, parsed, source=options.command_source)
    if not result.ok:
        found.append((_diagnostic(parsed, result), True))
    if linter is not None and before is not None:
        found += [(d, False) for d in linter.after(parsed, result.ok, before)]
    return result


def _attach(store: Findings, diagnostics: Iterable[Diagnostic], options: Options) -> None:
    """Diagnostics about the state the decks left, each to the deck it points into."""
    for d in diagnostics:
        index = store.deck_named(d.source.name if d.source is not None else "")
        if index is not None:
            store.add(index, d, digest=_digest(d) if options.digests else None)


def _diagnostic(command: Command, result: Result) -> Diagnostic:
    """The first explanatory message of a failed result, pointed at the command."""
    message: Message = next(
        (m for m in result.messages() if m.msg_id not in _FRAMING), next(result.messages())
    )
    keyword = str(message.inserts.get("keyword", command.objtype))
    return Diagnostic(
        message.msg_id, dict(message.inserts), command.source, command.span_of(keyword)
    )


def _warn_later_failures(qm: QueueManager, store: Findings) -> list[Diagnostic]:
    """Queues the decks defined that z/OS accepts but whose first put will fail."""
    tables = qm.state.tables
    warnings = []
    for name, anchor in store.anchors("queue"):
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
                        anchor.source,
                        anchor.span_of("TARGET"),
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
                            anchor.source,
                            anchor.span_of("XMITQ" if remote.get("XMITQ") else "RQMNAME"),
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
                    anchor.source,
                    anchor.span_of("INITQ"),
                )
            )
        stgclass = queue.get("STGCLASS")
        stc = tables["stgclass"].get(stgclass)
        if stc is None:
            warnings.append(
                Diagnostic(
                    "MQSC101W",
                    {"queue": name, "stgclass": stgclass},
                    anchor.source,
                    anchor.span_of("STGCLASS"),
                )
            )
        elif stc.get("PSID") not in tables["pageset"]:
            warnings.append(
                Diagnostic(
                    "MQSC102W",
                    {"queue": name, "stgclass": stgclass, "psid": stc.get("PSID")},
                    anchor.source,
                    anchor.span_of("STGCLASS"),
                )
            )
    return warnings
