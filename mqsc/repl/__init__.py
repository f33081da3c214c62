"""The interactive console: a prompt_toolkit session on one queue manager (docs/console.md).

``app`` only builds the prompt and loops; everything it shows comes from small pure parts:
``complete`` (what may come next), ``validate`` (the problem with the buffer), ``help`` (syntax
from the catalog), ``toolbar``, ``lexer`` (colours from :mod:`mqsc.language.roles`), ``meta`` and
``specials`` (backslash commands), ``safety`` (confirmations), ``session`` (one submitted buffer,
start to finish) and ``output`` (plain, decorated or tabular text).
"""
