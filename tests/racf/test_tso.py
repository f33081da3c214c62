"""TSO command lines: continuation, comments, operands, abbreviations and the parse errors."""

from __future__ import annotations

import pytest

from mqsc.racf.tso import Command, Refused, logical_commands, parse


def test_continuations_and_comments() -> None:
    text = (
        "PERMIT ZQS1.SYSTEM.CLUSTER.COMMAND.QUEUE CLASS(MQQUEUE) + \n"
        "   ID(MQSTC) ACC(ALTER)\n\n"
        "RDEFINE MQADMIN X DATA('A -') -\n"
        " UACC(READ) /* a comment */\n"
    )
    commands = list(logical_commands(text))
    assert [c.text for c in commands] == [
        "PERMIT ZQS1.SYSTEM.CLUSTER.COMMAND.QUEUE CLASS(MQQUEUE) ID(MQSTC) ACC(ALTER)",
        "RDEFINE MQADMIN X DATA('A -')  UACC(READ)",
    ]
    assert len(commands[0].records) == 2


def test_operands_and_abbreviations() -> None:
    cmd = parse("PE ZQS1.** CLASS(MQQUEUE) ID(MQSTC,MQSYSP MQUSERS) ACC(UPD)")
    assert isinstance(cmd, Command)
    assert cmd.name == "PERMIT"
    assert cmd.operand(0) == ("ZQS1.**",)
    assert cmd.values("ID") == ("MQSTC", "MQSYSP", "MQUSERS")
    assert cmd.value("ACCESS") == "UPDATE"
    listed = parse("RDEF MQQUEUE (A.B C.D) UACC(READ")  # the last ) may be left out
    assert isinstance(listed, Command) and listed.operand(1) == ("A.B", "C.D")
    assert listed.value("UACC") == "READ"
    named = parse("ADDUSER USER3 NAME('O''Brien') DFLTGRP(MQUSERS)")
    assert isinstance(named, Command) and named.value("NAME") == "O'Brien"


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        # IBM's pyracf captures: an unknown class, a missing profile name
        ("RDEFINE ELIXTEST (TESTING)", ("IKJ56702I INVALID CLASS, ELIXTEST",)),
        (
            "RDEFINE MQQUEUE",
            (
                "IKJ56701I MISSING ENTITY NAME+",
                "IKJ56701I MISSING NAME OF ENTITY IN SPECIFIED CLASS",
            ),
        ),
        ("ADDUSER TOOLONGUSR", ("IKJ56702I INVALID USERID, TOOLONGUSR",)),
        ("ADDUSER 9LIVES", ("IKJ56702I INVALID USERID, 9LIVES",)),
        ("PERMIT X CLASS(MQQUEUE) ACCESS(SUPER)", ("IKJ56702I INVALID ACCESS, SUPER",)),
        ("PERMIT X CLASS(MQQUEUE) ID(A) BOGUS", ("IKJ56712I INVALID KEYWORD, BOGUS",)),
        ("SETROPTS GEN(MQQUEUE)", ("IKJ56712I INVALID KEYWORD, GEN",)),  # GENERIC or GENCMD
        ("RDEFINE MQQUEUE A UACC", ("IKJ56701I MISSING UACC",)),
        ("RDEFINE MQQUEUE A WARNING(YES)", ("IKJ56712I INVALID KEYWORD, WARNING(YES)",)),
        ("LISTCAT ALL", ("IKJ56500I COMMAND LISTCAT NOT FOUND",)),
    ],
)
def test_parse_errors(text: str, lines: tuple[str, ...]) -> None:
    refused = parse(text)
    assert isinstance(refused, Refused)
    assert refused.lines == lines and refused.rc == 8
