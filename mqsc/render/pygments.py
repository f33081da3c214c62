"""The ``mqsc`` Pygments lexer: MQSC decks coloured by the project's own roles.

Registered by the package's entry point, it makes ``pygmentize -l mqsc deck.mqsc`` and rich's
``Syntax(code, "mqsc")`` highlight MQSC anywhere, from :func:`mqsc.language.roles.roles`.
"""

from __future__ import annotations

from collections.abc import Iterator

from pygments.lexer import Lexer
from pygments.token import (
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
)

from mqsc.language.roles import roles

#: The Pygments token type of every role.
PYGMENTS_TOKENS = {
    "verb": Keyword,
    "objtype": Keyword.Type,
    "keyword": Name.Attribute,
    "value": Name.Constant,
    "name": Name.Variable,
    "string": String,
    "number": Number,
    "where": Keyword.Reserved,
    "operator": Operator.Word,
    "paren": Punctuation,
    "cpf": Name.Label,
    "comment": Comment.Single,
    "continuation": Operator,
    "unknown": Error,
}


class MqscPygmentsLexer(Lexer):
    """Pygments lexer for MQSC decks (``pygmentize -l mqsc``, rich ``Syntax(code, "mqsc")``)."""

    name = "MQSC"
    aliases = ["mqsc"]
    filenames = ["*.mqsc"]
    mimetypes = ["text/x-mqsc"]
    url = "https://www.ibm.com/docs/en/ibm-mq/9.4?topic=reference-mqsc-commands"

    def get_tokens_unprocessed(self, text: str) -> Iterator[tuple[int, object, str]]:
        at = 0
        for piece in roles(text):
            if piece.start < at:
                continue
            if piece.start > at:
                yield at, Text, text[at : piece.start]
            yield piece.start, PYGMENTS_TOKENS[piece.role], text[piece.start : piece.end]
            at = piece.end
        if at < len(text):
            yield at, Text, text[at:]
