"""Checking decks: syntax and catalog, then semantics against a scratch queue manager.

The scratch queue manager is a copy of the target one, so "object already exists", "LIKE
object missing" and "object in use" are found exactly as the real run would find them, and the
real state is never touched. Where z/OS accepts a command that will fail later (a queue whose
storage class does not exist fails its first put), the check warns.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from mqsc.catalog import Source as CommandSource
from mqsc.commands import Command
from mqsc.diagnostics import Diagnostic
from mqsc.engine.manager import QueueManager
from mqsc.language import Rejected, iter_parse
from mqsc.reader import Columns
from mqsc.responses import Message, Result
from mqsc.source import Source

#: Messages that end a reply but say nothing about what went wrong.
_FRAMING = ("CSQ9022I", "CSQ9023E", "CSQM090E")


@dataclass
class DeckReport:
    """The findings for one deck."""

    name: str
    commands: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)


def check(sources: Iterable[Source], qm: QueueManager | None, *,
          columns: Columns = "auto") -> list[DeckReport]:
    """Check decks; with a scratch queue manager ``qm`` also run them on it."""
    reports = []
    touched: dict[str, Command] = {}
    for source in sources:
        report = DeckReport(source.name)
        for logical, parsed in iter_parse(source, columns=columns):
            report.commands += 1
            if isinstance(parsed, Rejected):
                report.diagnostics.extend(parsed.diagnostics)
                continue
            if qm is None:
                continue
            result = qm.execute_parsed(logical, parsed, source=CommandSource.SERVER)
            if not result.ok:
                report.diagnostics.append(_diagnostic(parsed, result))
            elif parsed.objtype == "QLOCAL" and parsed.verb in ("DEFINE", "ALTER"):
                touched[str(parsed.name)] = parsed
        reports.append(report)
    if qm is not None:
        _warn_later_failures(qm, touched, reports)
    return reports


def _diagnostic(command: Command, result: Result) -> Diagnostic:
    """The first explanatory message of a failed result, pointed at the command."""
    message: Message = next((m for m in result.messages() if m.msg_id not in _FRAMING),
                            next(result.messages()))
    keyword = str(message.inserts.get("keyword", command.objtype))
    return Diagnostic(message.msg_id, dict(message.inserts), command.source,
                      command.span_of(keyword))


def _warn_later_failures(qm: QueueManager, touched: dict[str, Command],
                         reports: list[DeckReport]) -> None:
    """Queues the decks defined that z/OS accepts but whose first put will fail."""
    by_name = {r.name: r for r in reports}
    tables = qm.state.tables
    for name, command in touched.items():
        queue = tables["qlocal"].get(name)
        if queue is None or queue.get("QSGDISP") == "SHARED":
            continue
        stgclass = queue.get("STGCLASS")
        stc = tables["stgclass"].get(stgclass)
        if stc is None:
            warning = Diagnostic("MQSC101W", {"queue": name, "stgclass": stgclass},
                                 command.source, command.span_of("STGCLASS"))
        elif stc.get("PSID") not in tables["pageset"]:
            warning = Diagnostic("MQSC102W", {"queue": name, "stgclass": stgclass,
                                              "psid": stc.get("PSID")},
                                 command.source, command.span_of("STGCLASS"))
        else:
            continue
        source = command.source
        report = by_name.get(source.name if source else "")
        if report is not None:
            report.diagnostics.append(warning)
