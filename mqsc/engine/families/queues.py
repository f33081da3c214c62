"""Queues: DEFINE, ALTER, DELETE and DISPLAY of QLOCAL, QALIAS, QREMOTE and QMODEL, and
DISPLAY QUEUE over every type (IBM "DEFINE QLOCAL", "DEFINE QALIAS", "DEFINE QREMOTE",
"DEFINE QMODEL", "DISPLAY QUEUE").

Every queue type shares one name space: a DEFINE of a name another queue type holds fails with
CSQM099I (reason 00D44001, APAR PH08756). An alias's TARGET is not checked when it is defined
(IBM "DEFINE QALIAS": the target need not exist until an MQOPEN), so ``mqsc put`` to an alias
whose target is missing fails with MQRC 2085 (mqsc/engine/messaging/privateq.py).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from mqsc.catalog import Family
from mqsc.catalog import queues as catalog_queues
from mqsc.engine import clusterstate, connregistry, objectcommands, repository, space
from mqsc.engine.context import Ctx
from mqsc.engine.messaging import privateq, queuestats, sharedq
from mqsc.engine.messaging.privateq import depth
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles
from mqsc.engine.storage import cf, constants

QLOCAL = catalog_queues.FAMILY
QALIAS = catalog_queues.ALIAS
QREMOTE = catalog_queues.REMOTE
QMODEL = catalog_queues.MODEL
QCLUSTER = catalog_queues.QCLUSTER
#: Queue types by their object keyword, in DISPLAY QUEUE TYPE(...) order.
QUEUE_TYPES = catalog_queues.QUEUE_TYPES


def depth_of(ctx: Ctx, obj: MQObject) -> int:
    return depth(ctx, obj.name, str(obj.get("QSGDISP", "QMGR")))


def held_by(ctx: Ctx, obj: MQObject) -> int:
    """Messages the queue holds, uncommitted gets included (privateq.held)."""
    return privateq.held(ctx, obj.name, str(obj.get("QSGDISP", "QMGR")))


#: Per queue type, the tables of the other types: private only, and private and group (group
#: objects exist only in a queue sharing group: outside one, half the look-ups are spared).
_OTHERS = {
    objtype: tuple(other.table for other in QUEUE_TYPES.values() if other is not family)
    for objtype, family in QUEUE_TYPES.items()
}
_OTHERS_GROUPED = {
    objtype: (
        *_OTHERS[objtype],
        *(other.group_table for other in QUEUE_TYPES.values() if other is not family),
    )
    for objtype, family in QUEUE_TYPES.items()
}


def check_name_space(ctx: Ctx, family: Family) -> None:
    """One name space for every queue type: CSQM099I when another type has the name."""
    others = (_OTHERS if ctx.qm.group is None else _OTHERS_GROUPED)[family.objtype]
    if ctx.txn.has_any(others, ctx.cmd.name):
        raise ctx.object_failure(
            "CSQM099I", "NAME_IN_USE", objtype=family.objtype, name=ctx.cmd.name
        )


def check_clusters(ctx: Ctx, attrs: Attributes) -> None:
    """A queue is in one cluster or in a namelist's clusters, not both (IBM "ClusterNamelist
    (MQCHAR48)": "At least one of ClusterName and ClusterNamelist must be blank")."""
    if attrs.get("CLUSTER") and attrs.get("CLUSNL"):
        raise ctx.fail("MQSC558E", first="CLUSTER", second="CLUSNL")


def check_other(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    """The z/OS rules on an alias, remote or model queue: its disposition needs a group; a
    model of shared dynamic queues names the CF structure they go in (IBM "DEFINE QMODEL":
    DEFTYPE(SHAREDYN) makes shared queues, which need a CFSTRUCT)."""
    objectcommands.check_group(ctx, attrs)
    check_clusters(ctx, attrs)
    if attrs.get("DEFTYPE") == "SHAREDYN" and not attrs.get("CFSTRUCT"):
        raise ctx.object_failure(
            "MQSC554E", "NOT_ALLOWED", keyword="DEFTYPE", value="SHAREDYN", required="CFSTRUCT"
        )


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    """The z/OS rules on a local queue's attributes."""
    qsgdisp = attrs.get("QSGDISP", "QMGR")
    objectcommands.check_group(ctx, attrs)
    check_clusters(ctx, attrs)
    structure = attrs.get("CFSTRUCT", "")
    if structure == "CSQ_ADMIN":
        raise ctx.object_failure("MQSC553E", "NOT_ALLOWED", objtype="CFSTRUCT", name=structure)
    if qsgdisp == "SHARED":
        check_shared(ctx, attrs, existing, str(structure))
    elif qsgdisp in ("QMGR", "COPY") and ctx.qm.group is not None:
        # Shared queues exist only in a queue sharing group: outside one, nothing to ask.
        shared = ctx.txn.get("gqlocal", ctx.cmd.name)
        if shared is not None and shared.get("QSGDISP") == "SHARED":
            raise ctx.object_failure(
                "MQSC312E", "ALREADY_EXISTS", objtype="QLOCAL", name=ctx.cmd.name, existing="SHARED"
            )
    if existing is not None and held_by(ctx, existing):
        # A queue's storage class (or structure) cannot change while it holds messages
        # (MQRCCF 3207, storage rule SC-4 (docs/storage.md#storage-rules)).
        if attrs.get("STGCLASS") != existing.get("STGCLASS") or attrs.get(
            "CFSTRUCT"
        ) != existing.get("CFSTRUCT"):
            raise ctx.object_failure("MQSC507E", "IN_USE")


def check_shared(ctx: Ctx, attrs: Attributes, existing: MQObject | None, structure: str) -> None:
    """A shared queue names a defined CF structure holding fewer than 512 queues, and no
    private queue of this queue manager has its name."""
    if not structure:
        raise ctx.object_failure(
            "MQSC554E", "NOT_ALLOWED", keyword="QSGDISP", value="SHARED", required="CFSTRUCT"
        )
    if ctx.txn.get("cfstruct", structure) is None:
        raise ctx.not_found("CFSTRUCT", structure, "GROUP", keyword="CFSTRUCT")
    private = ctx.txn.get("qlocal", ctx.cmd.name)
    if private is not None:
        raise ctx.object_failure(
            "MQSC312E",
            "ALREADY_EXISTS",
            objtype="QLOCAL",
            name=ctx.cmd.name,
            existing=private.get("QSGDISP", "QMGR"),
        )
    moving = existing is None or existing.get("CFSTRUCT") != structure
    count = len(cf.queues_on(ctx, structure))
    if moving and count >= cf.MAX_QUEUES:
        raise ctx.object_failure("MQSC308E", "CF_REQUEST", struc=structure, count=count)


@handles("DEFINE", "QLOCAL")
def define_qlocal(ctx: Ctx) -> None:
    private = objectcommands.disposition(ctx) in ("QMGR", "COPY")
    new = private and not ctx.txn.has("qlocal", ctx.cmd.name)
    check_name_space(ctx, QLOCAL)
    objectcommands.define(ctx, QLOCAL, check)
    if new:
        space.account_objects(ctx, constants.OBJ_BYTES_QLOCAL)


@handles("DEFINE", "QALIAS", "QREMOTE", "QMODEL")
def define_other(ctx: Ctx) -> None:
    family = QUEUE_TYPES[ctx.cmd.objtype]
    private = objectcommands.disposition(ctx) in ("QMGR", "COPY")
    new = private and not ctx.txn.has(family.table, ctx.cmd.name)
    check_name_space(ctx, family)
    objectcommands.define(ctx, family, check_other)
    if new:
        space.account_objects(ctx, constants.OBJECT_BYTES[family.table])


@handles("ALTER", "QALIAS", "QREMOTE", "QMODEL")
def alter_other(ctx: Ctx) -> None:
    objectcommands.alter(ctx, QUEUE_TYPES[ctx.cmd.objtype], check_other)


@handles("DELETE", "QALIAS", "QREMOTE", "QMODEL")
def delete_other(ctx: Ctx) -> None:
    family = QUEUE_TYPES[ctx.cmd.objtype]
    obj = objectcommands.existing_object(ctx, family)
    disposition = str(obj.get("QSGDISP", "QMGR"))
    ctx.txn.delete(family.table_for(disposition), obj.name)
    if disposition in ("QMGR", "COPY"):
        space.account_objects(ctx, -constants.OBJECT_BYTES[family.table])


@handles("ALTER", "QLOCAL")
def alter_qlocal(ctx: Ctx) -> None:
    objectcommands.alter(ctx, QLOCAL, check)


@handles("DELETE", "QLOCAL")
def delete_qlocal(ctx: Ctx) -> None:
    obj = objectcommands.existing_object(ctx, QLOCAL)
    disposition = str(obj.get("QSGDISP", "QMGR"))
    _not_open(ctx, obj)
    if depth_of(ctx, obj) and not ctx.cmd.get("PURGE", False):
        raise ctx.object_failure(
            "MQSC503E", "HAS_MESSAGES", objtype="QLOCAL", name=obj.name, qsgdisp=disposition
        )
    if disposition == "SHARED":
        sharedq.purge(ctx, obj.name)
    elif disposition != "GROUP":
        privateq.purge_queue(ctx, obj)
    ctx.txn.delete(QLOCAL.table_for(disposition), obj.name)
    if disposition != "GROUP":
        queuestats.forget(ctx, obj.name)
    if disposition in ("QMGR", "COPY"):
        space.account_objects(ctx, -constants.OBJ_BYTES_QLOCAL)


def _needs_cluster_queues(ctx: Ctx) -> bool:
    """TYPE(QCLUSTER) and CLUSINFO ask for what only the channel initiator's repository
    manager knows: "On z/OS, the channel initiator must be running before you can display
    information about cluster queues" (IBM "DISPLAY QUEUE", usage notes)."""
    return ctx.cmd.get("TYPE") == "QCLUSTER" or bool(ctx.cmd.get("CLUSINFO", False))


def cluster_queues(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    """The cluster queues this queue manager's repository knows (its own among them) that
    the command's name and CLUSTER selector pick, in name order, as DISPLAY QCLUSTER shows
    them: each instance's definition as its queue manager published it."""
    pattern = str(ctx.cmd.name)
    cluster = ctx.cmd.get("CLUSTER")
    if any(ctx.cmd.get(k) is not None for k in ("CLUSNL", "STGCLASS", "CFSTRUCT", "PSID")):
        return  # a cluster queue's record names one cluster, and no storage
    for record in repository.view(ctx.txn).queues():
        if not objectcommands.matches(pattern, record.name):
            continue
        if cluster is not None and not objectcommands.matches(str(cluster), record.cluster):
            continue
        values = {
            **record.attrs,
            "QUEUE": record.name,
            "TYPE": "QCLUSTER",
            "CLUSTER": record.cluster,
            "CLUSQMGR": record.qmname,
            "QMID": record.qmid,
            "CLUSDATE": record.known[:10],
            "CLUSTIME": record.known[11:],
        }
        yield objectcommands.values_getter(values)


@handles("DISPLAY", "QCLUSTER")
def display_qcluster(ctx: Ctx) -> None:
    clusterstate.require_chinit(ctx)
    objectcommands.display(ctx, QCLUSTER, cluster_queues(ctx), "QCLUSTER")


@handles("DISPLAY", "QLOCAL", "QALIAS", "QREMOTE", "QMODEL")
def display_typed(ctx: Ctx) -> None:
    family = QUEUE_TYPES[ctx.cmd.objtype]
    if not _needs_cluster_queues(ctx):
        objectcommands.display(ctx, family, selected(ctx, family))
        return
    clusterstate.require_chinit(ctx)
    streams = [_named(ctx, 0, family), _clustered(ctx, 1)]
    objectcommands.display_types(ctx, _merged(streams, (family, QCLUSTER)))


@handles("DISPLAY", "QUEUE")
def display_queue(ctx: Ctx) -> None:
    qtype = str(ctx.cmd.get("TYPE", "ALL"))
    if _needs_cluster_queues(ctx):
        clusterstate.require_chinit(ctx)
    if qtype == "QCLUSTER":
        objectcommands.display_types(ctx, ((QCLUSTER, get) for get in cluster_queues(ctx)))
        return
    if qtype in QUEUE_TYPES and not ctx.cmd.get("CLUSINFO", False):
        objectcommands.display(ctx, QUEUE_TYPES[qtype], selected(ctx, QUEUE_TYPES[qtype]))
        return
    # TYPE(ALL) shows every type in one name order; CLUSINFO adds the cluster queues.
    families = (QUEUE_TYPES[qtype],) if qtype in QUEUE_TYPES else tuple(QUEUE_TYPES.values())
    streams = [_named(ctx, rank, family) for rank, family in enumerate(families)]
    if ctx.cmd.get("CLUSINFO", False):
        streams.append(_clustered(ctx, len(families)))
        families = (*families, QCLUSTER)
    objectcommands.display_types(ctx, _merged(streams, families))


def _merged(streams, families):
    return ((families[rank], get) for _, rank, get in heapq.merge(*streams, key=_by_name))


def _clustered(ctx: Ctx, rank: int) -> Iterator[tuple[str, int, objectcommands.Getter]]:
    for get in cluster_queues(ctx):
        yield str(get("QUEUE")), rank, get


def _by_name(item: tuple[str, int, objectcommands.Getter]) -> tuple[str, int]:
    return item[0], item[1]


def _named(ctx: Ctx, rank: int, family: Family) -> Iterator[tuple[str, int, objectcommands.Getter]]:
    for get in selected(ctx, family):
        yield str(get("QUEUE")), rank, get


def selected(ctx: Ctx, family: Family = QLOCAL) -> Iterator[objectcommands.Getter]:
    """Queues of one type the command's name and selectors pick, in name order, as value
    getters. Selectors on attributes the type does not have (STGCLASS for an alias) leave it
    out."""
    cmd = ctx.cmd
    pattern = cmd.name
    attributes = family.attributes
    local = family is QLOCAL
    stgclass = cmd.get("STGCLASS")
    cfstruct = cmd.get("CFSTRUCT")
    psid = cmd.get("PSID")
    cluster = cmd.get("CLUSTER")
    clusnl = cmd.get("CLUSNL")
    dispositions = _dispositions(str(cmd.get("QSGDISP", "LIVE")))
    for key, missing in (
        ("STGCLASS", stgclass),
        ("CFSTRUCT", cfstruct),
        ("CLUSTER", cluster),
        ("CLUSNL", clusnl),
    ):
        if missing is not None and key not in attributes:
            return
    if psid is not None and not local:
        return  # only local queues hold messages
    fixed = {"TYPE": family.objtype, "QSGDISP": "QMGR"}
    for obj in _candidates(ctx, family, str(pattern), dispositions):
        attrs = obj.attrs
        if attrs.get("QSGDISP", "QMGR") not in dispositions:
            continue
        if stgclass is not None and not objectcommands.matches(stgclass, attrs["STGCLASS"]):
            continue
        if cfstruct is not None and not (
            attrs["CFSTRUCT"] and objectcommands.matches(cfstruct, attrs["CFSTRUCT"])
        ):
            continue
        if cluster is not None and not objectcommands.matches(cluster, attrs["CLUSTER"]):
            continue
        if clusnl is not None and not objectcommands.matches(clusnl, attrs["CLUSNL"]):
            continue
        if psid is not None and not _active_on(ctx, obj, psid):
            continue
        yield _getter(ctx, obj) if local else objectcommands.getter(obj, "QUEUE", fixed)


def _candidates(
    ctx: Ctx, family: Family, pattern: str, dispositions: tuple[str, ...]
) -> Iterator[MQObject]:
    """Queues of one type named by ``pattern`` from this queue manager and, in a group, the
    shared repository, in name order (a private queue before a group object of the same
    name)."""
    txn = ctx.txn
    table, group_table = family.table, family.group_table
    if ctx.qm.group is None or not {"GROUP", "SHARED"} & set(dispositions):
        # Only this queue manager's queues: sorting the names alone is a third of the work
        # of DISPLAY QLOCAL(*) over 50,000 queues.
        if not pattern.endswith("*"):
            # One queue by name: looked up, not matched against every queue (a DISPLAY of
            # one queue among 50,000 took 30 ms, the REST API's clients send many).
            if txn.has(table, pattern):
                yield txn.get(table, pattern)
            return
        names = (
            txn.keys(table)
            if pattern == "*"
            else (name for name in txn.keys(table) if objectcommands.matches(pattern, name))
        )
        for name in sorted(names):
            yield txn.get(table, name)
        return
    private = [(name, 0) for name in txn.keys(table) if objectcommands.matches(pattern, name)]
    repository = [
        (name, 1) for name in txn.keys(group_table) if objectcommands.matches(pattern, name)
    ]
    for name, where in sorted(private + repository):
        yield txn.get(group_table if where else table, name)


def _dispositions(selector: str) -> tuple[str, ...]:
    # LIVE: the objects a queue manager uses (QMGR, COPY, SHARED); ALL adds GROUP
    # ([DOC-DISQ]).
    return {
        "LIVE": ("QMGR", "COPY", "SHARED"),
        "ALL": ("QMGR", "COPY", "SHARED", "GROUP"),
        "PRIVATE": ("QMGR", "COPY"),
    }.get(selector, (selector,))


def _active_on(ctx: Ctx, obj: MQObject, psid: object) -> bool:
    """Whether a queue has an active association with page set ``psid`` (messages on it):
    DISPLAY QUEUE PSID(n) shows only those ([DOC-DEFSTC])."""
    if obj.get("QSGDISP") == "SHARED" or not held_by(ctx, obj):
        return False
    if psid == "*":
        return True
    stc = ctx.txn.get("stgclass", obj.get("STGCLASS"))
    return stc is not None and stc.get("PSID") == psid


_ABSENT = object()


def _getter(ctx: Ctx, obj: MQObject) -> objectcommands.Getter:
    attrs = obj.attrs
    stamps = None

    def get(name: str) -> object:
        nonlocal stamps
        value = attrs.get(name, _ABSENT)
        if value is not _ABSENT:
            return value
        if name == "QUEUE":
            return obj.name
        if name == "TYPE":
            return "QLOCAL"
        if name == "CURDEPTH":
            return depth_of(ctx, obj)
        if name == "IPPROCS":
            # Every program's handles, trigger monitors' and channels' among them.
            return connregistry.open_counts(ctx.txn, obj.name)[0]
        if name == "OPPROCS":
            return connregistry.open_counts(ctx.txn, obj.name)[1]
        if name == "DEFTYPE":
            return "PREDEFINED"
        if name == "QSGDISP":
            return "QMGR"
        if stamps is None:
            stamps = objectcommands.stamps(obj)
        return stamps.get(name, "")

    return get


# ---- CLEAR, MOVE and DISPLAY QSTATUS ---------------------------------------------------------
# IBM "CLEAR QLOCAL" and "MOVE QLOCAL on z/OS" refuse a queue that is open or holds
# uncommitted messages: a connection (a trigger monitor, a channel among them) holds it open,
# or a unit of work has changes to it (mqsc/engine/connregistry.py).
def _not_open(ctx: Ctx, obj: MQObject) -> None:
    """MQSC501E: the queue is open or has uncommitted changes (DELETE, CLEAR and MOVE refuse
    it)."""
    if (
        # Any handle counts, a browser's too (IPPROCS and OPPROCS leave browsers out); a
        # trigger monitor's is a handle like any other.
        next(connregistry.handles_on(ctx.txn, obj.name), None) is not None
        or connregistry.uncommitted(ctx.txn, obj.name)
    ):
        raise ctx.object_failure("MQSC501E", "IN_USE", objtype="QLOCAL", name=obj.name)


def _local_for(ctx: Ctx, name: str, qsgdisp: str) -> MQObject:
    """The private (QSGDISP PRIVATE) or shared local queue a CLEAR or MOVE names."""
    if qsgdisp == "SHARED" and not ctx.qm.info.qsg:
        raise ctx.fail("MQSC552E", qsgdisp=qsgdisp)
    if qsgdisp == "SHARED":
        obj = ctx.txn.get("gqlocal", name)
        if obj is None or obj.get("QSGDISP") != "SHARED":
            raise ctx.not_found("QLOCAL", name, "SHARED")
        return obj
    obj = ctx.txn.get("qlocal", name)
    if obj is None:
        raise ctx.not_found("QLOCAL", name)
    _not_open(ctx, obj)
    return obj


def _empty(ctx: Ctx, obj: MQObject) -> None:
    """Every message of a queue goes, through the storage model (pages freed)."""
    if obj.get("QSGDISP") == "SHARED":
        sharedq.purge(ctx, obj.name)
    else:
        privateq.purge_queue(ctx, obj)


@handles("CLEAR", "QLOCAL")
def clear_qlocal(ctx: Ctx) -> None:
    obj = _local_for(ctx, str(ctx.cmd.name), str(ctx.cmd.get("QSGDISP", "PRIVATE")))
    if depth_of(ctx, obj):
        _empty(ctx, obj)


@handles("MOVE", "QLOCAL")
def move_qlocal(ctx: Ctx) -> None:
    """MOVE QLOCAL(source) TOQLOCAL(target): the messages keep their priority, persistence
    and size (IBM usage notes). z/OS moves in committed batches; mqsc moves all or nothing."""
    cmd = ctx.cmd
    source = _local_for(ctx, str(cmd.name), str(cmd.get("QSGDISP", "PRIVATE")))
    target_name = str(cmd.get("TOQLOCAL"))
    target = ctx.txn.get("qlocal", target_name)
    if target is None:
        target = ctx.txn.get("gqlocal", target_name)
        if target is None or target.get("QSGDISP") != "SHARED":
            raise ctx.not_found("QLOCAL", target_name, keyword="TOQLOCAL")
    if target.name == source.name and target.get("QSGDISP") == source.get("QSGDISP"):
        raise ctx.object_failure("MQSC550E", "NOT_ALLOWED", keyword1="QLOCAL", keyword2="TOQLOCAL")
    if cmd.get("TYPE", "MOVE") == "MOVE" and depth_of(ctx, target):
        raise ctx.object_failure("MQSC555E", "NOT_ALLOWED", queue=target.name)
    table = "cfmsgs" if source.get("QSGDISP") == "SHARED" else "messages"
    store = ctx.txn.get(table, source.name)
    if store is None or not store.depth:
        ctx.say("MQSC527I", queue=source.name)
        return
    # In delivery order, as successive MQGETs would take them.
    runs = [
        (r.count, r.size, r.persistent, r.priority, r.body)
        for r in store.delivery_order(source.get("MSGDLVSQ"))
    ]
    _empty(ctx, source)  # gets free the pages before the puts take theirs
    moved = 0
    for count, size, persistent, priority, body in runs:
        # A message with data keeps it, and its MsgId, on the queue it moves to.
        done = privateq.put(
            ctx, target.name, count, size, persistent=persistent, priority=priority, body=body
        )
        if done.reason:
            raise ctx.object_failure("MQSC557E", "NOT_ALLOWED", queue=target.name, code=done.reason)
        moved += count
    ctx.say("MQSC556I", count=moved, source=source.name, target=target.name)


QSTATUS = catalog_queues.STATUS


@handles("DISPLAY", "QSTATUS")
def display_qstatus(ctx: Ctx) -> None:
    if ctx.cmd.get("TYPE", "QUEUE") == "HANDLE":
        objectcommands.display(ctx, catalog_queues.HANDLE_FAMILY, _handle_statuses(ctx))
        return
    # OPENTYPE(INPUT) and OPENTYPE(OUTPUT) keep the queues with handles open that way (IBM
    # "DISPLAY QSTATUS"): those with IPPROCS, or OPPROCS, above 0.
    counter = {"INPUT": "IPPROCS", "OUTPUT": "OPPROCS"}.get(str(ctx.cmd.get("OPENTYPE", "ALL")))
    statuses = (_status(ctx, get) for get in selected(ctx, QLOCAL))
    if counter is not None:
        statuses = (get for get in statuses if int(get(counter) or 0) > 0)
    objectcommands.display(ctx, QSTATUS, statuses)


def _status(ctx: Ctx, queue: objectcommands.Getter) -> objectcommands.Getter:
    def get(name: str) -> object:
        if name == "QSTATUS":
            return queue("QUEUE")
        if name == "TYPE":
            return "QUEUE"
        if name == "UNCOM":
            return "YES" if connregistry.uncommitted(ctx.txn, str(queue("QUEUE"))) else "NO"
        return queue(name)

    return get


def _handle_statuses(ctx: Ctx) -> Iterator[objectcommands.Getter]:
    """One getter per handle open on a selected queue (OPENTYPE(INPUT|OUTPUT) keeps the
    handles open that way), in the queues' order."""
    opentype = str(ctx.cmd.get("OPENTYPE", "ALL"))
    for queue in selected(ctx, QLOCAL):
        name = str(queue("QUEUE"))
        for record, handle in connregistry.handles_on(ctx.txn, name):
            if (opentype == "INPUT" and not handle.input) or (
                opentype == "OUTPUT" and not handle.output
            ):
                continue
            yield _handle_getter(name, str(queue("QSGDISP")), record, handle)


def _handle_getter(
    queue: str, qsgdisp: str, record: connregistry.Connection, handle: connregistry.Handle
) -> objectcommands.Getter:
    opts = handle.openopts
    uow = record.uow
    values = {
        "QSTATUS": queue,
        "TYPE": "HANDLE",
        "QSGDISP": qsgdisp,
        "APPLTAG": record.appltag,
        "APPLTYPE": record.appltype,
        "ASID": record.asid,
        "BROWSE": "YES" if "MQOO_BROWSE" in opts else "NO",
        "CHANNEL": record.channel,
        "CONNAME": record.conname,
        "INPUT": ("EXCL" if "MQOO_INPUT_EXCLUSIVE" in opts else "SHARED" if handle.input else "NO"),
        "INQUIRE": "YES" if "MQOO_INQUIRE" in opts else "NO",
        "OUTPUT": "YES" if handle.output else "NO",
        "SET": "YES" if "MQOO_SET" in opts else "NO",
        "HSTATE": "INACTIVE",
        "QMURID": uow.urid if uow is not None else "",
        "URTYPE": uow.urtype if uow is not None else "QMGR",
        "USERID": record.userid,
    }
    return values.get
