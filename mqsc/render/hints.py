"""Suggestions for the words a result rejected as invalid (CSQ9001E) and the values a keyword
takes when one was refused (MQSC011E), as lines a front end shows beside the reply (the
console as a note, ``mqsc run`` on standard error), so the reply itself stays exactly as z/OS
frames it."""

from __future__ import annotations

from mqsc.catalog import texts
from mqsc.engine.records import Result
from mqsc.language.hints import did_you_mean, hint_text, valid_values
from mqsc.language.pipeline import Rejected, further_diagnostics, parse

#: The z/OS message for a word the command processor does not know.
INVALID_WORD = "CSQ9001E"
#: The message for a keyword's value that is not valid.
INVALID_VALUE = "MQSC011E"


def result_hints(result: Result) -> list[str]:
    """A "did you mean" line per invalid word of ``result`` that has a close valid word, and
    the values a keyword takes per value refused."""
    lines = []
    for reply_set in result.all_sets():
        for message in reply_set.messages():
            word = str(message.inserts.get("keyword", ""))
            if message.msg_id == INVALID_WORD:
                suggestion = did_you_mean(reply_set.text, word)
                if suggestion:
                    lines.append(hint_text(word, suggestion))
            elif message.msg_id == INVALID_VALUE:
                values = valid_values(reply_set.text, word)
                if values:
                    lines.append(values)
        lines += further_lines(reply_set)
    return lines


def further_lines(result: Result) -> list[str]:
    """The errors of a rejected command after the first, which z/OS does not report: "also:"
    lines with their own hints."""
    if result.ok or not result.text:
        return []

    parsed = parse(result.text)
    if len(parsed) != 1 or not isinstance(parsed[0], Rejected):
        return []
    lines = []
    for d in further_diagnostics(parsed[0]):
        lines.append(f"also: {texts.line(d.msg_id, d.inserts, None)}")
        word = str(d.inserts.get("keyword", ""))
        if d.msg_id == INVALID_WORD and (suggestion := did_you_mean(result.text, word)):
            lines.append(hint_text(word, suggestion))
        elif d.msg_id == INVALID_VALUE and (values := valid_values(result.text, word)):
            lines.append(values)
    return lines
