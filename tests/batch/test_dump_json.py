"""``mqsc dump --format json`` files every object type under a key of its own, named for the
type, for every type the catalog defines: a script reading the JSON knows what each
definition is (channels, topics, AUTHINFO and CHLAUTH were all under ``""``)."""

from __future__ import annotations

import json

from mqsc.batch import dump
from mqsc.catalog import DEFINED, RESOURCES
from mqsc.cli import main
from mqsc.store.home import open_qmgr

#: Definitions of the types QMZ1 has no object of, to dump one of each.
EXTRA = """\
DEFINE CHANNEL(TO.QMB) CHLTYPE(SDR) TRPTYPE(TCP) CONNAME('hostb(1414)') XMITQ(QMB)
DEFINE TOPIC(PRICES) TOPICSTR('prices/fruit')
DEFINE AUTHINFO(LDAP.ONE) AUTHTYPE(CRLLDAP) CONNAME('ldap.example.com(389)')
SET CHLAUTH('TO.*') TYPE(BLOCKUSER) USERLIST('NOBODY')
DEFINE QLOCAL(FRUIT.IN)
DEFINE SUB(FRUIT.SUB) TOPICSTR('prices/fruit') DEST(FRUIT.IN)
"""


def test_every_type_of_the_catalog_has_a_key_of_its_own() -> None:
    keys = {objtype: resource.json_key for objtype, resource in RESOURCES.items()}
    keys.update({objtype: family.json_key for objtype, family in DEFINED.items()})
    assert all(keys.values()), [t for t, k in keys.items() if not k]
    assert len(set(keys.values())) == len(keys)
    assert "qmgr" not in keys.values() and "version" not in keys.values()


def test_a_definition_of_each_type_lands_under_its_types_key() -> None:
    qm = open_qmgr(memory=True)
    for objtype in (*RESOURCES, *DEFINED):
        name = 7 if objtype in RESOURCES else f"ONE.{objtype}"
        data = dump.to_json(qm, [dump.Definition(objtype, name, ())])
        key = dump.JSON_GROUPS[objtype]
        assert [record[dump.JSON_NAMES.get(objtype, objtype.lower())] for record in data[key]] == [
            name
        ], objtype
        assert "" not in data


def test_the_cli_dump_keys_real_objects_by_type(tmp_path, capsys) -> None:
    deck = tmp_path / "extra.mqsc"
    deck.write_text(EXTRA)
    state = str(tmp_path / "qm.db")
    assert main(["run", "--state", state, str(deck)]) == 0
    capsys.readouterr()
    assert main(["dump", "--state", state, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "" not in data
    named = {
        key: {r.get(dump.JSON_NAMES[t]) for r in data[key]}
        for t, key in dump.JSON_GROUPS.items()
        if t in DEFINED
    }
    assert "TO.QMB" in named["channels"] and "PRICES" in named["topics"]
    assert "LDAP.ONE" in named["authInfos"] and "TO.*" in named["channelAuthRecords"]
    assert "FRUIT.SUB" in named["subscriptions"]
    assert "TO.QMB" not in named["queues"]
    [channel] = [r for r in data["channels"] if r["channel"] == "TO.QMB"]
    assert channel["chltype"] == "SDR"
