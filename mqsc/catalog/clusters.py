"""Queue manager clusters: DISPLAY CLUSQMGR, REFRESH CLUSTER and RESET CLUSTER (IBM MQ 9.4 for
z/OS MQSC reference, each command's page; docs/clusters.md).

A queue manager's clusters are what its cluster repository holds (mqsc/engine/repository.py):
DISPLAY CLUSQMGR shows its records of cluster queue managers, with their cluster-receiver
channels' attributes and the state of the cluster-sender channel to each. The cluster queues
(DISPLAY QCLUSTER, DISPLAY QUEUE TYPE(QCLUSTER) or CLUSINFO) are the queues family's, and
SUSPEND / RESUME QMGR CLUSTER the system family's commands; all of them need the channel
initiator, which runs the repository manager ("On z/OS, the command fails if the channel
initiator has not been started", RESET CLUSTER usage notes).
"""

from __future__ import annotations

from mqsc.catalog import common
from mqsc.catalog.channels import CHANNEL as CHANNEL_ATTRIBUTES
from mqsc.catalog.channels import GENERIC_CHANNEL
from mqsc.catalog.common import NO_YES, QNAME_OR_BLANK, K, table
from mqsc.catalog.model import (
    S_CR,
    Choice,
    CommandSpec,
    Family,
    Name,
    NameRule,
    ObjectType,
    Text,
)

OBJECT_TYPES = (
    ObjectType("CLUSQMGR", (), "cluster queue managers (DISPLAY)", rank=55),
    ObjectType("CLUSTER", (), "a cluster (REFRESH/RESET)", rank=56),
)

#: A cluster's name: an MQ object name of up to 48 characters (IBM "Rules for naming IBM MQ
#: objects"; MQ_CLUSTER_NAME_LENGTH is 48).
CLUSTER_NAME = Name(NameRule.QUEUE, 48)
GENERIC_CLUSTER = Name(NameRule.QUEUE, 48, generic=True)

_EV = "DISPLAY CLUSQMGR (IBM MQ 9.1, q082340_: returned attributes)"
_STATUS = Choice(
    (
        "BINDING",
        "INACTIVE",
        "INITIALIZING",
        "PAUSED",
        "REQUESTING",
        "RETRYING",
        "RUNNING",
        "STARTING",
        "STOPPED",
        "STOPPING",
        "SWITCHING",
    )
)

#: The channel attributes DISPLAY CLUSQMGR shows of a cluster queue manager: its
#: cluster-receiver's, as the cluster knows them ("most channel attributes that apply to
#: cluster-sender and cluster-receiver channels", DISPLAY CLUSQMGR).
_CHANNEL_SHOWN = (
    "CONNAME",
    "BATCHHB",
    "BATCHINT",
    "BATCHLIM",
    "BATCHSZ",
    "CLWLPRTY",
    "CLWLRANK",
    "CLWLWGHT",
    "COMPHDR",
    "COMPMSG",
    "CONVERT",
    "DESCR",
    "DISCINT",
    "HBINT",
    "KAINT",
    "LOCLADDR",
    "LONGRTY",
    "LONGTMR",
    "MAXMSGL",
    "MCANAME",
    "MCATYPE",
    "MCAUSER",
    "MODENAME",
    "MRDATA",
    "MREXIT",
    "MRRTY",
    "MRTMR",
    "MSGDATA",
    "MSGEXIT",
    "NETPRTY",
    "NPMSPEED",
    "PROPCTL",
    "PUTAUT",
    "RCVDATA",
    "RCVEXIT",
    "SCYDATA",
    "SCYEXIT",
    "SENDDATA",
    "SENDEXIT",
    "SEQWRAP",
    "SHORTRTY",
    "SHORTTMR",
    "SSLCAUTH",
    "SSLCIPH",
    "SSLPEER",
    "TPNAME",
    "TRPTYPE",
    "USEDLQ",
)

CLUSQMGR_ATTRIBUTES = table(
    K("CLUSQMGR", QNAME_OR_BLANK, width=48, help="cluster queue manager", verified=_EV),
    K("CHANNEL", Name(NameRule.QUEUE, 20), width=20, help="its cluster-receiver", verified=_EV),
    K("CLUSTER", CLUSTER_NAME, width=48, help="the cluster", verified=_EV),
    K(
        "CLUSDATE",
        Text(12),
        width=12,
        help="date the definition became available here",
        verified=_EV,
    ),
    K(
        "CLUSTIME",
        Text(8),
        width=8,
        help="time the definition became available here",
        verified=_EV,
    ),
    K(
        "DEFTYPE",
        Choice(("CLUSSDR", "CLUSSDRA", "CLUSSDRB", "CLUSRCVR")),
        width=10,
        help="how it was defined: CLUSSDR by hand, CLUSSDRA by the cluster, CLUSSDRB both, "
        "CLUSRCVR this queue manager",
        verified=_EV,
    ),
    K("QMID", Text(48), width=48, help="queue manager identifier", verified=_EV),
    K(
        "QMTYPE",
        Choice(("NORMAL", "REPOS")),
        width=10,
        help="full repository (REPOS) or not",
        verified=_EV,
    ),
    K("STATUS", _STATUS, width=12, help="state of the channel to it", verified=_EV),
    K("SUSPEND", NO_YES, width=10, help="suspended from the cluster", verified=_EV),
    K("VERSION", Text(8), width=8, help="its IBM MQ version", verified=_EV),
    K(
        "XMITQ",
        QNAME_OR_BLANK,
        width=48,
        help="the cluster transmission queue its channel uses",
        verified=_EV,
    ),
    *(CHANNEL_ATTRIBUTES[n] for n in _CHANNEL_SHOWN),
)

#: DISPLAY CLUSQMGR's layout: CLUSQMGR, CHANNEL and CLUSTER always ("The information returned
#: always includes ..." UNVERIFIED wording), the rest on request or with ALL.
CLUSQMGR = Family(
    objtype="CLUSQMGR",
    attributes=CLUSQMGR_ATTRIBUTES,
    identity=("CLUSQMGR", "CHANNEL", "CLUSTER"),
    reply="MQSC445I",
)

FAMILIES = {"CLUSQMGR": CLUSQMGR}

SPECS: tuple[CommandSpec, ...] = (
    CommandSpec(
        "DISPLAY",
        "CLUSQMGR",
        Name(NameRule.QUEUE, 48, generic=True),
        table(
            common.ALL,
            common.CMDSCOPE,
            K("CHANNEL", GENERIC_CHANNEL, help="only this cluster channel", verified=_EV),
            K("CLUSTER", GENERIC_CLUSTER, help="only this cluster", verified=_EV),
        ),
        S_CR,
        "CSQXDISP",
        requestable=frozenset(n for n in CLUSQMGR_ATTRIBUTES if n != "CLUSQMGR"),
        where=frozenset(
            n for n in CLUSQMGR_ATTRIBUTES if n not in ("CLUSQMGR", "CHANNEL", "CLUSTER")
        ),
        verified="DISPLAY CLUSQMGR (z/OS), CR",
        help="cluster queue managers this queue manager knows",
    ),
    CommandSpec(
        "REFRESH",
        "CLUSTER",
        GENERIC_CLUSTER,
        table(
            common.CMDSCOPE,
            K(
                "REPOS",
                NO_YES,
                default="NO",
                help="refresh the full repositories' records too (not on a full repository)",
                verified="REFRESH CLUSTER (IBM MQ 9.2, q082360_)",
            ),
        ),
        S_CR,
        "CSQXREFC",
        verified="REFRESH CLUSTER (z/OS), CR",
        help="discard what this queue manager holds of a cluster and rebuild it",
    ),
    CommandSpec(
        "RESET",
        "CLUSTER",
        CLUSTER_NAME,
        table(
            common.CMDSCOPE,
            K(
                "ACTION",
                Choice(("FORCEREMOVE",)),
                help="remove a queue manager",
                verified="RESET CLUSTER (IBM MQ 9.2, q086520_)",
            ),
            K("QMID", Text(48), help="queue manager identifier", verified="RESET CLUSTER"),
            K("QMNAME", Text(48), help="queue manager name", verified="RESET CLUSTER"),
            K(
                "QUEUES",
                NO_YES,
                default="NO",
                help="remove its cluster queues too",
                verified="RESET CLUSTER",
            ),
        ),
        S_CR,
        "CSQXRESC",
        required=("ACTION",),
        verified="RESET CLUSTER (z/OS), CR",
        help="force a queue manager out of a cluster (on a full repository)",
    ),
)
