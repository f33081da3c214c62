"""Suggestions for the words a result rejected as invalid (CSQ9001E), as lines a front end
shows beside the reply (the console as a note, ``mqsc run`` on standard error), so the reply
itself stays exactly as z/OS frames it."""

from __future__ import annotations

from mqsc.engine.records import Result
from mqsc.language.hints import did_you_mean, hint_text

#: The z/OS message for a word the command processor does not know.
INVALID_WORD = "CSQ9001E"


def result_hints(result: Result) -> list[str]:
    """A "did you mean" line per invalid word of ``result`` that has a close valid word."""
    lines = []
    for reply_set in result.all_sets():
        for message in reply_set.messages():
            if message.msg_id != INVALID_WORD:
                continue
            word = str(message.inserts.get("keyword", ""))
            suggestion = did_you_mean(reply_set.text, word)
            if suggestion:
                lines.append(hint_text(word, suggestion))
    return lines
