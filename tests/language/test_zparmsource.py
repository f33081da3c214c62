"""The system parameter macros as z/OS users write them (mqsc/language/zparmsource.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mqsc.catalog import zparm
from mqsc.catalog.model import Integer
from mqsc.language import zparmsource

# The CSQ6LOGP statement of IBM's CSQ4ZPRM sample, as it ships: alternative format, remarks
# after each operand, X in column 72, continuation in column 16.
CSQ4ZPRM_LOGP = """\
         CSQ6LOGP INBUFF=60,         ARCHIVE LOG BUFFER SIZES (KB)     X
               OUTBUFF=4000,          - INPUT AND OUTPUT               X
               MAXRTU=2,             MAX ALLOCATED ARCHIVE LOG UNITS   X
               DEALLCT=0,            ARCHIVE LOG DEALLOCATE INTERVAL   X
               OFFLOAD=YES,          ARCHIVING ACTIVE                  X
               MAXARCH=500,          MAX ARCHIVE LOG VOLUMES           X
               TWOACTV=YES,          DUAL ACTIVE LOGGING               X
               TWOARCH=YES,          DUAL ARCHIVE LOGGING              X
               TWOBSDS=YES,          DUAL BSDS                         X
               COMPLOG=NONE,         LOG COMPRESSION                   X
               WRTHRSH=20,           ACTIVE LOG BUFFERS                X
               ZHYWRITE=NO           ZHYPERWRITE ENABLED
         END
"""


def card(text: str, cont: bool = False, seq: str = "") -> str:
    """One 80-column record: statement text in 1-71, X in 72 when continued, 73-80 seq."""
    return text.ljust(71)[:71] + ("X" if cont else " ") + seq.ljust(8)


def test_the_ibm_sample_statement_assembles_with_its_remarks():
    a = zparmsource.assemble(CSQ4ZPRM_LOGP)
    assert a.rc == 0 and not a.notes
    logp = a.macros["CSQ6LOGP"]
    assert logp["MAXARCH"] == 500 and logp["OUTBUFF"] == 4000 and logp["ZHYWRITE"] == "NO"
    first = a.statements[0]
    assert first.operation == "CSQ6LOGP" and len(first.records) == 12
    assert first.remarks.startswith("ARCHIVE LOG BUFFER SIZES (KB) - INPUT AND OUTPUT")


def test_values_not_given_are_ibms_defaults():
    a = zparmsource.assemble("         CSQ6ARVP TSTAMP=YES\n         END\n")
    values = a.values()
    assert values["TSTAMP"] == "YES"
    assert values["ARCPFX1"] == "CSQARC1" and values["ARCWRTC"] == (1, 3, 4)
    assert values["LOGLOAD"] == 500_000 and values["STATIME"] == 30


def test_sequence_numbers_in_73_to_80_are_not_read():
    text = (
        card("         CSQ6SYSP LOGLOAD=1000,", True, "00010000")
        + "\n"
        + card("               STATIME=5", False, "00020000")
        + "\n"
    )
    a = zparmsource.assemble(text)
    assert a.rc == 0 and a.macros["CSQ6SYSP"]["LOGLOAD"] == 1000
    assert a.macros["CSQ6SYSP"]["STATIME"] == "5"


def test_normal_format_continues_an_operand_that_reaches_column_71():
    # Operands written up to column 71 go on in column 16 of the next record.
    head = "         CSQ6SYSP LOGLOAD=1000,STATIME=5,"
    head = head + "TRACTBL=99," + "ACELIM=" + "1" * (71 - len(head) - 18)
    text = card(head, True) + "\n" + card("               00") + "\n"
    value = int(head.rsplit("=", 1)[1] + "00")
    a = zparmsource.assemble(text)
    assert a.rc == 8  # out of range: read as one number, not two
    assert "ACELIM=" + str(value) in a.notes[0].text


def test_sublists_quotes_and_empty_values():
    text = (
        card("         CSQ6SYSP OTMACON=(MQSERIES,,DFSYDRU0,2147483647,CSQ),", True)
        + "\n"
        + card("               EXCLMSG=(),CMDUSER='OPR1',ROUTCDE=(1,2)")
        + "\n"
    )
    values = zparmsource.assemble(text).values()
    assert values["OTMACON"] == ("MQSERIES", "", "DFSYDRU0", 2_147_483_647, "CSQ")
    assert values["EXCLMSG"] == () and values["CMDUSER"] == "OPR1" and values["ROUTCDE"] == (1, 2)


def test_comments_and_several_assemblies_in_one_source():
    text = (
        "* a comment line\n.* a macro comment\n         CSQ6LOGP MAXARCH=20\n         END\n"
        "         CSQ6ARVP UNIT=SYSDA\n         END\n"
    )
    a = zparmsource.assemble(text)
    assert [s.comment for s in a.statements][:2] == [True, True]
    assert a.values()["MAXARCH"] == 20 and a.values()["UNIT"] == "SYSDA"


@pytest.mark.parametrize(
    "source, words",
    [
        ("         CSQ6LOGP BOGUS=1\n", ["BOGUS is not a CSQ6LOGP parameter"]),
        ("         CSQ6LOGP MAXARCH=5\n", ["MAXARCH=5 is out of range (10-10000)"]),
        ("         CSQ6LOGP TWOACTV=MAYBE\n", ["TWOACTV=MAYBE is not one of NO, YES"]),
        ("         CSQ6LOGP MAXARCH=20,MAXARCH=30\n", ["MAXARCH is given twice"]),
        ("         CSQ6SYSP STATIME=5.75\n", ["minutes.seconds"]),
        ("         CSQ6SYSP ARCWRTC=1\n", ["ARCWRTC is not a CSQ6SYSP parameter"]),
        ("         CSQ6ARVP ARCPFX1=9BAD\n", ["data set name prefix"]),
        ("         CSQ6SYSP ROUTCDE=(1,2\n", ["Unbalanced parentheses"]),
        ("         CSQ6XXXX A=1\n", ["not a system parameter macro"]),
    ],
)
def test_what_the_macros_refuse_is_a_note_of_severity_8(source, words):
    a = zparmsource.assemble(source)
    assert a.rc == 8
    assert all(any(w in n.text for n in a.notes) for w in words)
    assert not a.macros  # a macro with errors produces no values


def test_a_refused_macro_leaves_the_others_assembled():
    a = zparmsource.assemble(
        "         CSQ6LOGP MAXARCH=5\n         END\n         CSQ6ARVP UNIT=SYSDA\n         END\n"
    )
    assert a.rc == 8 and list(a.macros) == ["CSQ6ARVP"]


def test_a_whole_csq4zprm_job_gives_its_sysin():
    job = (
        "//MQZPRM JOB\n//LOGP EXEC PGM=ASMA90\n//SYSIN    DD *\n"
        "         CSQ6LOGP MAXARCH=20\n         END\n/*\n//SYSP EXEC PGM=ASMA90\n"
        "//SYSIN DD *\n         CSQ6SYSP LOGLOAD=1000\n/*\n"
    )
    a = zparmsource.assemble(zparmsource.source_of_job(job))
    assert a.rc == 0 and a.values()["MAXARCH"] == 20 and a.values()["LOGLOAD"] == 1000


def test_garbage_never_raises():
    for text in (
        "",
        "\n\n",
        "X" * 200,
        "  (",
        " CSQ6SYSP ,,,,",
        "'" * 90,
        "\t\tCSQ6LOGP\t=",
        "         CSQ6SYSP OTMACON=(1,2,3,4,5,6)",
    ):
        zparmsource.assemble(text)  # returns notes, never raises


_INTEGERS = [p for p in zparm.PARAMETERS if isinstance(p.kind, Integer) and p.macro != "CSQ6USGP"]


@given(st.sampled_from(_INTEGERS), st.data())
def test_any_integer_in_range_assembles_and_none_outside_does(p, data):
    kind = p.kind
    good = data.draw(st.integers(kind.minimum, kind.maximum))
    bad = data.draw(
        st.one_of(
            st.integers(kind.maximum + 1, kind.maximum + 10**6),
            st.integers(-(10**6), kind.minimum - 1),
        )
    )
    ok = zparmsource.assemble(f"         {p.macro} {p.name}={good}\n")
    assert ok.rc == 0 and ok.values()[p.name] == good
    refused = zparmsource.assemble(f"         {p.macro} {p.name}={bad}\n")
    assert refused.rc == 8 and p.name in refused.notes[0].text


def test_the_table_defaults_assemble_back_to_themselves():
    # Every default, written as a macro operand, is accepted and reads back unchanged.
    for macro in zparm.MACROS:
        operands = []
        for p in zparm.BY_MACRO[macro].values():
            value = p.default
            if isinstance(value, tuple):
                text = "(" + ",".join(str(v) for v in value) + ")"
            else:
                text = str(value)
            operands.append(f"{p.name}={text}")
        text = "".join(f"         {macro} {o}\n" for o in operands)
        for op in operands:
            a = zparmsource.assemble(f"         {macro} {op}\n")
            assert a.rc == 0, (op, a.notes)
        del text
    assert zparmsource.assemble("").values() == dict(zparm.DEFAULTS)
