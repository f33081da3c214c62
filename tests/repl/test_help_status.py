"""HELP says how mqsc answers a command it does not fully execute (docs/engine.md)."""

from __future__ import annotations

from mqsc.repl.help import help_lines


def test_help_names_the_absent_answer() -> None:
    text = " ".join(help_lines(["RESET", "TPIPE"]))
    assert "answered with MQSC381E" in text and "IMS bridge" in text


def test_help_names_the_simplification() -> None:
    assert "MQSC350I" in " ".join(help_lines(["DISPLAY", "GROUP"]))


def test_help_of_an_executed_command_promises_nothing_more() -> None:
    assert not any(line.startswith("In mqsc:") for line in help_lines(["DEFINE", "QLOCAL"]))
