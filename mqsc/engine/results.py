"""Building a command's reply: the result record with its completion message.

The manager, CMDSCOPE routing and the START QMGR restart all answer through these functions, so
every reply set is framed the same way: the command's records, then CSQ9022I (or CSQ9023E),
then the console messages that follow it. A command that fails its syntax or catalog checks
ends with the preprocessor's CSQ9023E instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from mqsc import catalog
from mqsc.catalog import PREPROCESSOR_CSECT, CommandSpec
from mqsc.catalog.texts import CATALOG
from mqsc.engine.records import (
    RC_FAILED,
    RC_NOT_AUTHORIZED,
    RC_OK,
    RC_SYNTAX,
    Message,
    Record,
    Result,
)
from mqsc.language.diagnostics import Diagnostic
from mqsc.language.pipeline import Rejected
from mqsc.language.reader import LogicalCommand
from mqsc.support.memo import IdentityMemo


def result(
    cpf: str,
    logical: LogicalCommand | None,
    spec: CommandSpec,
    ok: bool,
    records: Iterable[Record],
    codes: tuple[int, int],
    *,
    later: Iterable[Record] = (),
) -> Result:
    """A command's reply set: its records, its completion message, then ``later`` (console
    messages that follow the completion)."""
    records = (*records, completion(spec, ok), *later)
    if logical is None:
        return Result(spec.title, records, ok, codes[0], codes[1], cpf, title=spec.title)
    # Every field in order, positionally: one result per command, and keyword arguments
    # cost a third more to pass (docs/performance.md, S1).
    return Result(
        logical.text.strip(),
        records,
        ok,
        codes[0],
        codes[1],
        cpf,
        logical.start_location,
        logical.echo,
        spec.title,
    )


def bare(
    cpf: str,
    logical: LogicalCommand | None,
    spec: CommandSpec,
    records: list[Record],
    ok: bool = True,
) -> Result:
    """A reply set with no completion message of its own (the sets CMDSCOPE routing adds)."""
    codes = RC_OK if ok else RC_FAILED
    return Result(
        text=logical.text.strip() if logical is not None else spec.title,
        records=tuple(records),
        ok=ok,
        return_code=codes[0],
        reason_code=codes[1],
        cpf=cpf,
        location=logical.start_location if logical is not None else None,
        echo=logical.echo if logical is not None else (),
        title=spec.title,
    )


def rejected(cpf: str, logical: LogicalCommand | None, failed: Rejected) -> Result:
    """A command that failed its syntax or catalog checks.

    Preprocessor failures end with CSQ9023E from CSQ9SCND quoting the words as typed
    (``'DEFINE QL'``); value checks made by the command processors (CSQP005I, MQSC592E...)
    end with the command's own completion message.
    """
    diagnostics = failed.diagnostics
    records: list[Record] = [_message(d) for d in diagnostics]
    spec = catalog.command_spec(*failed.command) if failed.command is not None else None
    preprocessor = CATALOG[diagnostics[0].msg_id].preprocessor
    if spec is not None and not preprocessor:
        return result(cpf, logical, spec, False, records, RC_FAILED)
    typed = " ".join(failed.typed)
    records.append(Message("CSQ9023E", {"csect": PREPROCESSOR_CSECT, "command": typed}))
    text = failed.text.strip()
    return Result(
        text,
        tuple(records),
        False,
        *RC_SYNTAX,
        cpf=cpf,
        location=logical.start_location if logical is not None else None,
        echo=logical.echo if logical is not None else (),
        title=typed,
    )


def refused(
    cpf: str,
    logical: LogicalCommand | None,
    spec: CommandSpec,
    racf: Iterable[Message],
    typed: str = "",
) -> Result:
    """A command the security manager refused: RACF's ICH408I on the console first, then
    CSQ9016E and CSQ9023E from CSQ9SCND quoting the words as typed, with the command
    server's RETURN=00000020 REASON=FFFFFFFF (a CSQUTIL capture: "CSQ9016E %CSQ9 ' DEFINE'
    command request not authorized / CSQ9023E %CSQ9 CSQ9SCND 'DEFINE QL' ABNORMAL
    COMPLETION"; IBM's security lab: ICH408I precede them on the console). ``typed``: the
    verb and object words as typed (``Command.typed``)."""
    text = logical.text if logical is not None else spec.title
    typed = typed or spec.title
    records = (
        *racf,
        Message("CSQ9016E", {"verb": f" {spec.verb}"}),
        Message("CSQ9023E", {"csect": PREPROCESSOR_CSECT, "command": typed}),
    )
    return Result(
        text.strip(),
        records,
        False,
        *RC_NOT_AUTHORIZED,
        cpf=cpf,
        location=logical.start_location if logical is not None else None,
        echo=logical.echo if logical is not None else (),
        title=spec.title,
    )


#: Completion messages by outcome (failed, succeeded), per command type.
_COMPLETIONS: tuple[IdentityMemo[CommandSpec, Message], ...] = (IdentityMemo(), IdentityMemo())


def completion(spec: CommandSpec, ok: bool) -> Message:
    """CSQ9022I or CSQ9023E for a command type: one shared (immutable) record per type, as
    every DEFINE QLOCAL ends with the same words."""
    memo = _COMPLETIONS[ok]
    message = memo.get(spec)
    if message is None:
        message = memo.put(
            spec,
            Message(
                "CSQ9022I" if ok else "CSQ9023E",
                {"csect": spec.csect, "command": f" {spec.verb} {spec.objtype}"},
            ),
        )
    return message


def _message(d: Diagnostic) -> Message:
    return Message(d.msg_id, dict(d.inserts))
