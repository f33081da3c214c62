"""The z/OSMF REST files service for data sets (``/zosmf/restfiles/ds``): what ``zowe zos-files``
and Zowe Explorer call, on the home's data set catalog.

IBM z/OS Management Facility, "z/OS data set and file REST interface":

| Operation | Request |
|---|---|
| list data sets | ``GET /zosmf/restfiles/ds?dslevel=P[&volser=V][&start=DSN]`` |
| list members | ``GET /zosmf/restfiles/ds/DSN/member[?pattern=P][&start=M]`` |
| read | ``GET /zosmf/restfiles/ds/[-(VOL)/]DSN[(MEMBER)]`` |
| write | ``PUT`` the same path (data in the body) |
| create | ``POST /zosmf/restfiles/ds/DSN`` (attributes, or ``like``, as JSON) |
| delete | ``DELETE /zosmf/restfiles/ds/[-(VOL)/]DSN[(MEMBER)]`` |
| rename, copy, DFSMShsm | ``PUT`` the target with ``{"request": "rename"/"copy"/"hrecall"/...}`` |

Headers: ``X-IBM-Attributes: base`` (list with attributes), ``X-IBM-Max-Items`` (0: all;
1000 when absent), ``X-IBM-Data-Type: text[;fileEncoding=IBM-nnnn]|binary|record``,
``X-IBM-Record-Range``, ``X-IBM-Return-Etag``/``ETag``/``If-Match``, ``X-IBM-Migrated-Recall``.
Records move as mqsc/batch/dsrecords.py says. The catalog is the one jobs, IDCAMS, IEBGENER,
CSQUTIL and the queue managers use (mqsc/batch/datasets.py), with the samples and each queue
manager's CSQINP1/CSQINP2 as libraries (mqsc/batch/libraries.py).

Errors are z/OSMF's error report document (``category``, ``rc``, ``reason``, ``message``,
``details``), the categories IBM documents ("Error reporting categories": 1 service, 4 ISPF,
6 read or write, 7 JSON, 8 XL C/C++, 16 unexpected). :data:`ERRORS` says, for each, what was
seen (VERIFIED) and what is mqsc's choice (UNVERIFIED codes, own wording).

The simulated system has no DFSMShsm: no data set is ever migrated, so a list says
``"migr":"NO"``, ``X-IBM-Migrated-Recall`` has nothing to recall, and HRECALL, HMIGRATE and
HDELETE requests are refused as on a system where DFSMShsm is not active.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from mqsc.batch import dsrecords, names, systemmsgs
from mqsc.batch.datasets import (
    CATALOG_NAME,
    Catalog,
    CatalogProblem,
    Described,
    day_of,
    home_catalog,
)
from mqsc.batch.jclparams import system_blksize
from mqsc.serve.messaging import Reply
from mqsc.store.vtoc import Allocation
from mqsc.support import collector

JSON = "application/json"
#: Items a list answers when X-IBM-Max-Items is absent (z/OSMF's documented default).
DEFAULT_MAX_ITEMS = 1000
#: Device type of the simulated DASD (3390) and the longest block a track takes.
DEVICE, MAX_BLKSIZE = "3390", 32760
RECFMS = frozenset({"F", "FB", "FBA", "FBS", "FA", "V", "VB", "VBA", "VBS", "VA", "VS", "U", "UA"})
#: DSNTYPE values z/OSMF accepts on create, and how each lists (a PDSE is a LIBRARY).
DSNTYPES = frozenset({"BASIC", "LARGE", "PDS", "LIBRARY", "EXTREQ", "EXTPREF"})
ALCUNITS = {"TRK": "TRACKS", "CYL": "CYLINDERS"}
_VOLSER = re.compile(r"[A-Z0-9@#$]{1,6}")
_PATH = re.compile(r"(?:-\(([^)/]*)\)/)?([^/()]+)(?:\(([^()/]*)\))?(/member)?")


@dataclass(frozen=True, slots=True)
class FilesError:
    """One error z/OSMF answers: HTTP status, category, return and reason codes, message.
    ``verified``: the codes were seen as z/OSMF sends them (``evidence`` says where)."""

    status: int
    category: int
    rc: int
    reason: int
    message: str
    verified: bool
    evidence: str


_REPORT = "IBM z/OSMF, z/OS data set and file REST interface, 'Error reporting categories'"
_CAPTURE = "a public capture of z/OSMF's answer (docs/serve.md#evidence)"
_MEASURED = "measured on a real z/OSMF by the mvsMF project (docs/serve.md#evidence)"
_CLIENT = "IBM's Zowe data-sets API and the Zowe CLI's system tests (docs/serve.md#evidence)"
ERRORS: dict[str, FilesError] = {
    "url": FilesError(400, 1, 4, 1, "{detail}", True, _REPORT + ", category 1 rc 4 reason 1"),
    "dsn-length": FilesError(
        400, 1, 4, 2, "Invalid data set name length.", True, _REPORT + ", category 1 rc 4 reason 2"
    ),
    "not-cataloged": FilesError(404, 6, 8, 386400778, "Data set not found.", True, _CAPTURE),
    "no-member": FilesError(
        404, 6, 8, 386400778, "Member not found", False, _CLIENT + " (message); codes mqsc's"
    ),
    "delete-not-cataloged": FilesError(
        404, 4, 8, 0, "Data set not cataloged", False, _CLIENT + " (details); codes mqsc's"
    ),
    "exists": FilesError(500, 8, 900, 7, "Dynamic allocation Error", True, _MEASURED),
    "member-exists": FilesError(
        500, 4, 12, 0, "Rename member failed", False, "mqsc's wording and codes"
    ),
    "truncated": FilesError(
        500,
        6,
        8,
        0,
        "Truncation of a record occurred during an I/O operation.",
        False,
        _CLIENT + " (message); codes mqsc's",
    ),
    "iconv": FilesError(500, 16, 121, -1037303780, "iconv_open() failed.", True, _MEASURED),
    "changed": FilesError(
        412, 6, 8, 0, "The data set was changed since it was read (If-Match)", False, "mqsc's"
    ),
    "readonly": FilesError(
        500, 4, 8, 0, "Authorization failed", False, _CLIENT + " (ISRZ002 detail); codes mqsc's"
    ),
    "vsam": FilesError(
        500, 4, 8, 0, "Deallocation failed", False, "a public capture (ISRZ002 detail)"
    ),
    "partitioned": FilesError(
        400, 6, 8, 0, "A partitioned data set is read and written by member", False, "mqsc's"
    ),
    "not-partitioned": FilesError(
        400, 6, 8, 0, "The data set is not partitioned: it has no members", False, "mqsc's"
    ),
    "request": FilesError(400, 1, 4, 1, "{detail}", False, "mqsc's wording (category 1)"),
    "json": FilesError(400, 7, 8, 0, "{detail}", False, "mqsc's wording (category 7 JSON)"),
    "hsm": FilesError(
        500, 4, 8, 0, "DFSMShsm is not active on this system", False, "mqsc's wording"
    ),
    "io": FilesError(500, 6, 8, 0, "{detail}", False, "mqsc's wording"),
}


def error(key: str, detail: str = "", details: tuple[str, ...] = ()) -> Reply:
    """z/OSMF's error report document for ``ERRORS[key]``."""
    found = ERRORS[key]
    body: dict[str, object] = {
        "category": found.category,
        "rc": found.rc,
        "reason": found.reason,
        "message": found.message.format(detail=detail),
    }
    if details:
        body["details"] = list(details)
    return Reply(found.status, {}, _json(body), JSON)


def _json(body: object) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode("utf-8")


def _problem(problem: CatalogProblem, *, deleting: bool = False) -> Reply:
    name = problem.dsn + (f"({problem.member})" if problem.member else "")
    kind = problem.kind
    if kind == "not-cataloged" and deleting:
        # IBM's data-sets API matches this detail exactly.
        return error(
            "delete-not-cataloged",
            details=(
                f"ISRZ002 Data set not cataloged - '{problem.dsn}' was not found in catalog.",
            ),
        )
    if kind == "not-cataloged":
        return error(
            "not-cataloged",
            details=(systemmsgs.line("IKJ56228I", dsn=problem.dsn),),
        )
    if kind == "no-member":
        return error("no-member", details=(f"Member {problem.member} not found in {problem.dsn}",))
    if kind == "exists":
        return error("exists", details=(f"{problem.dsn} is already cataloged",))
    if kind == "member-exists":
        return error("member-exists", details=(f"Member {name} already exists",))
    if kind == "readonly":
        return error("readonly", details=(f"ISRZ002 Authorization failed - {problem.detail}",))
    if kind == "vsam":
        return error(
            "vsam",
            details=(
                f"ISRZ002 Deallocation failed - Deallocation failed for data set '{problem.dsn}'",
                f"{problem.dsn} is a VSAM cluster: IDCAMS (a job) deletes and reads it",
            ),
        )
    if kind == "changed":
        return error("changed", details=(f"{name} does not hold what the If-Match ETag names",))
    if kind in ("partitioned", "not-partitioned"):
        return error(kind, details=(name,))
    if kind == "name":
        return _bad_name(problem.dsn, problem.member)
    return error("io", detail=f"{name}: {problem.detail}")


def _bad_name(dsn: str, member: str = "") -> Reply:
    if len(dsn) > names.DSN_MAX:
        return error("dsn-length")
    what = (
        f"member name '{member}'"
        if member and names.dataset(dsn)
        else f"data set name '{dsn[:60]}'"
    )
    return error(
        "url",
        detail=f"Invalid {what}: a data set name is qualifiers of 1-8 characters (A-Z, 0-9, "
        "@, #, $, -; not a digit or - first) joined by periods, 44 at most; a member name "
        "is 1-8 such characters, no -",
    )


# ---- the request's path -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Target:
    dsn: str
    member: str = ""
    volser: str = ""
    members: bool = False  # .../DSN/member: the member list


def parse_path(rest: str) -> Target | Reply:
    """``[-(VOL)/]DSN[(MEMBER)]`` or ``DSN/member``, checked against z/OS's naming rules."""
    match = _PATH.fullmatch(rest)
    if match is None:
        return error("url", detail=f"Invalid path '{rest[:80]}'")
    volser, dsn, member, members = match.groups()
    dsn = dsn.upper()
    member = (member or "").upper()
    if volser is not None and not _VOLSER.fullmatch(volser.upper()):
        return error("url", detail=f"Invalid volume serial '{volser[:20]}'")
    found = names.dataset(dsn)
    if found is None or found[1]:
        return _bad_name(dsn)
    if match.group(3) is not None and not names.is_name(member):
        return _bad_name(dsn, member or "''")
    if members and (member or volser):
        return error("url", detail=f"Invalid path '{rest[:80]}'")
    return Target(dsn, member, (volser or "").upper(), bool(members))


# ---- headers ------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DataType:
    kind: str  # text, binary, record
    codec: str  # for text


def data_type(header: str | None) -> DataType | Reply:
    """``X-IBM-Data-Type`` as z/OSMF reads it: the type before the first ``;``, any case; a
    ``fileEncoding=`` parameter (not trimmed) names the code page of a text transfer, an empty
    one the default; binary and record ignore it."""
    if header is None or not header.strip():
        return DataType("text", dsrecords.CODE_PAGES[dsrecords.DEFAULT_CODE_PAGE])
    kind, _, params = header.partition(";")
    kind = kind.strip().lower()
    if kind not in ("text", "binary", "record"):
        return error("request", detail=f"Invalid X-IBM-Data-Type '{header[:40]}'")
    if kind != "text":
        return DataType(kind, "")
    page = dsrecords.DEFAULT_CODE_PAGE
    for param in params.split(";") if params else ():
        key, eq, value = param.partition("=")
        if eq and key.lower() == "fileencoding" and value:
            page = value
    codec = dsrecords.codec_of(page)
    if codec is None:
        return error(
            "iconv",
            details=(
                f"Unsupported fileEncoding '{page[:40]}' in X-IBM-Data-Type: the code pages "
                f"converted are {', '.join(dsrecords.CODE_PAGES)}",
            ),
        )
    return DataType("text", codec)


def _max_items(headers: Mapping[str, str]) -> int | Reply:
    value = headers.get("x-ibm-max-items")
    if value is None:
        return DEFAULT_MAX_ITEMS
    if not value.strip().isdigit():
        return error("request", detail=f"Invalid X-IBM-Max-Items '{value[:20]}'")
    return int(value) or 1 << 62


def _record_range(value: str | None, count: int) -> tuple[int, int] | Reply:
    """``X-IBM-Record-Range``: ``SSS-EEE`` (records SSS to EEE) or ``SSS,NNN`` (NNN records
    from SSS), records counted from 0."""
    if value is None:
        return 0, count
    match = re.fullmatch(r"\s*(\d{1,9})\s*([-,])\s*(\d{1,9})\s*", value)
    if match is None:
        return error("request", detail=f"Invalid X-IBM-Record-Range '{value[:40]}'")
    start, how, other = int(match.group(1)), match.group(2), int(match.group(3))
    end = other + 1 if how == "-" else start + other
    if end < start:
        return error("request", detail=f"Invalid X-IBM-Record-Range '{value[:40]}'")
    return min(start, count), min(end, count)


# ---- the service --------------------------------------------------------------------------------
class Files:
    """The files service on one catalog (the home's by default)."""

    def __init__(
        self,
        catalog: Callable[[], Catalog] = home_catalog,
        clock: Callable[[], dt.datetime] | None = None,
    ) -> None:
        self.catalog = catalog
        self.clock = clock or dt.datetime.now

    # ---- GET /zosmf/restfiles/ds ----------------------------------------------------------
    def list_data_sets(self, query: Mapping[str, str], headers: Mapping[str, str]) -> Reply:
        pattern = query.get("dslevel")
        if not pattern:
            return error("request", detail="The dslevel query parameter is required")
        match = names.dslevel(pattern)
        if match is None:
            if len(pattern.strip()) > names.DSN_MAX:
                return error("dsn-length")
            return error("url", detail=f"Invalid dslevel '{pattern[:60]}'")
        limit = _max_items(headers)
        if isinstance(limit, Reply):
            return limit
        volser = query.get("volser", "").upper()
        start = query.get("start", "").strip().upper()
        attributes = headers.get("x-ibm-attributes", "").lower().startswith("base")
        catalog = self.catalog()
        try:
            if attributes or volser:
                # A bulk operation: tens of thousands of small objects, none in a cycle.
                with collector.paused():
                    found = catalog.describe_all(match, sizes=attributes)
                    rows = [
                        d
                        for d in found
                        if (not start or d.name >= start) and (not volser or _volume(d) == volser)
                    ]
                    shown = rows[:limit]
                    items = [_item_json(d) if attributes else _name_json(d.name) for d in shown]
            else:
                named = [n for n in catalog.names_matching(match) if not start or n >= start]
                rows = named  # type: ignore[assignment]
                items = [_name_json(n) for n in named[:limit]]
        except CatalogProblem as problem:
            return _problem(problem)
        # Names and attribute values are z/OS names and numbers (checked), so the document is
        # written directly: a list of 10,000 data sets is one string join, not 10,000 dicts.
        more = ',"moreRows":true' if len(rows) > len(items) else ""
        body = (
            f'{{"items":[{",".join(items)}],"returnedRows":{len(items)},'
            f'"totalRows":{len(rows)}{more},"JSONversion":1}}'
        )
        return Reply(200, {}, body.encode("utf-8"), JSON)

    # ---- GET /zosmf/restfiles/ds/DSN/member ------------------------------------------------
    def list_members(
        self, target: Target, query: Mapping[str, str], headers: Mapping[str, str]
    ) -> Reply:
        pattern = query.get("pattern")
        matcher = names.member_pattern(pattern) if pattern else None
        if pattern and matcher is None:
            return error("url", detail=f"Invalid member pattern '{pattern[:20]}'")
        limit = _max_items(headers)
        if isinstance(limit, Reply):
            return limit
        start = query.get("start", "").strip().upper()
        try:
            members = self.catalog().member_names(target.dsn)
        except CatalogProblem as problem:
            if problem.kind == "not-cataloged":
                # IBM's data-sets API: a member list of a missing data set is 404 with this.
                return error(
                    "delete-not-cataloged",
                    details=(
                        f"ISRZ002 Data set not cataloged - '{target.dsn}' was not found in "
                        "catalog.",
                    ),
                )
            return _problem(problem)
        rows = [
            m
            for m in members
            if (matcher is None or matcher.fullmatch(m)) and (not start or m >= start)
        ]
        shown = rows[:limit]
        body: dict[str, object] = {
            # No member has ISPF statistics: the simulated system keeps none, so a member is
            # its name, with or without X-IBM-Attributes.
            "items": [{"member": m} for m in shown],
            "returnedRows": len(shown),
            "JSONversion": 1,
        }
        if len(rows) > len(shown):
            body["moreRows"] = True
        return Reply(200, {}, _json(body), JSON)

    # ---- GET /zosmf/restfiles/ds/DSN[(MEMBER)] ----------------------------------------------
    def read(self, target: Target, headers: Mapping[str, str]) -> Reply:
        kind = data_type(headers.get("x-ibm-data-type"))
        if isinstance(kind, Reply):
            return kind
        catalog = self.catalog()
        checked = self._on_volume(catalog, target)
        if checked is not None:
            return checked
        try:
            content = catalog.content(target.dsn, target.member)
        except CatalogProblem as problem:
            return _problem(problem)
        span = _record_range(headers.get("x-ibm-record-range"), len(content.records))
        if isinstance(span, Reply):
            return span
        chosen = content.records[span[0] : span[1]]
        recfm = content.allocation.recfm
        out_headers = {}
        if headers.get("x-ibm-return-etag", "").lower() == "true" or "if-none-match" in headers:
            out_headers["ETag"] = content.stamp
        if headers.get("if-none-match", "").strip('" ') == content.stamp:
            return Reply(304, out_headers, b"", None)
        if kind.kind == "binary":
            return Reply(200, out_headers, b"".join(chosen), "application/octet-stream")
        if kind.kind == "record":
            return Reply(
                200, out_headers, dsrecords.record_mode(chosen), "application/octet-stream"
            )
        text = dsrecords.text_of_records(chosen, recfm, kind.codec)
        return Reply(200, out_headers, text.encode("utf-8"), "text/plain; charset=UTF-8")

    # ---- PUT /zosmf/restfiles/ds/DSN[(MEMBER)] with data --------------------------------------
    def write(self, target: Target, headers: Mapping[str, str], body: bytes) -> Reply:
        kind = data_type(headers.get("x-ibm-data-type"))
        if isinstance(kind, Reply):
            return kind
        catalog = self.catalog()
        checked = self._on_volume(catalog, target)
        if checked is not None:
            return checked
        try:
            described = catalog.describe(target.dsn)
        except CatalogProblem as problem:
            return _problem(problem)
        if described is None:
            return _problem(CatalogProblem("not-cataloged", target.dsn, target.member))
        a = described.allocation
        existed = not target.member or catalog.exists(target.dsn, target.member)
        try:
            if kind.kind == "text":
                text = _decoded(body, headers.get("content-type", ""))
                if isinstance(text, Reply):
                    return text
                lines = dsrecords.lines_of_upload(text, a.recfm, a.lrecl, a.blksize, kind.codec)
                records = None
            elif kind.kind == "binary":
                lines = None
                records = dsrecords.records_of_binary_upload(body, a.recfm, a.lrecl, a.blksize)
            else:
                lines = None
                records = dsrecords.records_of_record_mode(body, a.recfm, a.lrecl, a.blksize)
        except dsrecords.TruncatedRecord as problem:
            return error("truncated", details=(f"{_shown(target)}: {problem}",))
        except dsrecords.BadRecords as problem:
            return error("request", detail=f"Record-mode data: {problem}")
        expect = headers.get("if-match")
        try:
            stamp = catalog.store(
                target.dsn,
                target.member,
                lines=lines,
                records=records,
                expect=expect.strip('" ') if expect else None,
            )
        except CatalogProblem as problem:
            return _problem(problem)
        return Reply(201 if not existed else 204, {"ETag": stamp}, b"", None)

    # ---- POST /zosmf/restfiles/ds/DSN ---------------------------------------------------------
    def create(self, target: Target, body: object) -> Reply:
        if target.member or target.volser:
            return error("url", detail="A data set is created by its name alone")
        if not isinstance(body, dict):
            return error("json", detail="The request body must be a JSON object of attributes")
        catalog = self.catalog()
        base = Allocation()
        if "like" in body:
            like = body.get("like")
            if not isinstance(like, str) or names.dataset(like.upper()) is None:
                return error("json", detail="'like' must name a data set")
            try:
                model = catalog.describe(like.upper())
            except CatalogProblem as problem:
                return _problem(problem)
            if model is None:
                return _problem(CatalogProblem("not-cataloged", like.upper()))
            base = replace(model.allocation, binary=False)
        allocation = _allocation(body, base, "like" in body)
        if isinstance(allocation, Reply):
            return allocation
        allocation = replace(allocation, created=self.clock().strftime("%Y/%m/%d"))
        try:
            catalog.allocate(target.dsn, allocation)
        except CatalogProblem as problem:
            return _problem(problem)
        return Reply(201, {}, b"", None)

    # ---- DELETE /zosmf/restfiles/ds/DSN[(MEMBER)] -------------------------------------------
    def delete(self, target: Target) -> Reply:
        catalog = self.catalog()
        checked = self._on_volume(catalog, target)
        if checked is not None:
            return checked
        try:
            if target.member:
                catalog.delete_member(target.dsn, target.member)
            else:
                catalog.scratch(target.dsn)
        except CatalogProblem as problem:
            return _problem(problem, deleting=True)
        return Reply(204, {}, b"", None)

    # ---- PUT /zosmf/restfiles/ds/DSN with {"request": ...} -----------------------------------
    def utility(self, target: Target, body: dict) -> Reply:
        request = body.get("request")
        if request == "rename":
            return self._rename(target, body)
        if request == "copy":
            return self._copy(target, body)
        if request in ("hrecall", "hmigrate", "hdelete"):
            if target.member:
                return error("url", detail=f"{request} names a data set, not a member")
            try:
                described = self.catalog().describe(target.dsn)
            except CatalogProblem as problem:
                return _problem(problem)
            if described is None:
                return _problem(CatalogProblem("not-cataloged", target.dsn))
            return error(
                "hsm",
                details=(
                    f"{request.upper()} {target.dsn}: the simulated system has no DFSMShsm; "
                    "no data set is migrated",
                ),
            )
        return error("json", detail=f"Unknown request {str(request)[:40]!r}")

    def _rename(self, target: Target, body: dict) -> Reply:
        source = _from_dataset(body)
        if isinstance(source, Reply):
            return source
        dsn, member = source
        catalog = self.catalog()
        try:
            if member or target.member:
                if not (member and target.member) or dsn != target.dsn:
                    return error(
                        "json",
                        detail="A member is renamed within its data set: name the member in "
                        "both 'from-dataset' and the path",
                    )
                catalog.rename_member(dsn, member, target.member)
            else:
                catalog.rename_data_set(dsn, target.dsn)
        except CatalogProblem as problem:
            return _problem(problem)
        return Reply(200, {}, b"", None)

    def _copy(self, target: Target, body: dict) -> Reply:
        source = _from_dataset(body)
        if isinstance(source, Reply):
            return source
        dsn, member = source
        replace_it = body.get("replace", False) is True
        catalog = self.catalog()
        try:
            described = catalog.describe(target.dsn)
            if described is None:
                return _problem(CatalogProblem("not-cataloged", target.dsn, target.member))
            pairs = _copy_pairs(catalog, dsn, member, target, described)
            for _, to_member in pairs:
                if to_member and not replace_it and catalog.exists(target.dsn, to_member):
                    return _problem(CatalogProblem("member-exists", target.dsn, to_member))
            for from_member, to_member in pairs:
                content = catalog.content(dsn, from_member)
                if content.binary:
                    catalog.store(target.dsn, to_member, records=content.records)
                else:
                    catalog.store(
                        target.dsn,
                        to_member,
                        lines=dsrecords.kept_text_of_records(
                            [
                                r.rstrip(b"\x40")
                                if dsrecords.fixed(content.allocation.recfm)
                                else r
                                for r in content.records
                            ]
                        ),
                    )
        except CatalogProblem as problem:
            return _problem(problem)
        return Reply(200, {}, b"", None)

    def _on_volume(self, catalog: Catalog, target: Target) -> Reply | None:
        """A request that names a volume finds the data set only there."""
        if not target.volser:
            return None
        try:
            described = catalog.describe(target.dsn)
        except CatalogProblem as problem:
            return _problem(problem)
        if described is not None and _volume(described) != target.volser:
            return _problem(CatalogProblem("not-cataloged", target.dsn, target.member))
        return None


def _copy_pairs(
    catalog: Catalog, dsn: str, member: str, target: Target, described: Described
) -> list[tuple[str, str]]:
    """(from member, to member) of a copy: a member to a member (or a sequential data set),
    every member of a library to a library, a sequential data set to one."""
    source = catalog.describe(dsn)
    if source is None:
        raise CatalogProblem("not-cataloged", dsn, member)
    if member == "*" or (source.organization == "PO" and not member):
        if described.organization != "PO" or target.member:
            raise CatalogProblem("not-partitioned", target.dsn, target.member)
        return [(m, m) for m in catalog.member_names(dsn)]
    if described.organization == "PO" and not target.member:
        if not member:
            raise CatalogProblem("partitioned", target.dsn)
        return [(member, member)]
    return [(member, target.member)]


def _from_dataset(body: dict) -> tuple[str, str] | Reply:
    source = body.get("from-dataset")
    if not isinstance(source, dict) or not isinstance(source.get("dsn"), str):
        return error("json", detail='\'from-dataset\' must be {"dsn": ..., "member": ...}')
    dsn = source["dsn"].strip().upper()
    member = source.get("member") or ""
    if not isinstance(member, str):
        return error("json", detail="'from-dataset' member must be a string")
    member = member.strip().upper()
    found = names.dataset(dsn)
    if found is None or found[1]:
        return _bad_name(dsn)
    if member and member != "*" and not names.is_name(member):
        return _bad_name(dsn, member)
    return dsn, member


def _decoded(body: bytes, content_type: str) -> str | Reply:
    """The text of a text write, in the charset its Content-Type names (UTF-8 when none)."""
    charset = "utf-8"
    for param in content_type.split(";")[1:]:
        key, _, value = param.strip().partition("=")
        if key.lower() == "charset" and value.strip():
            charset = value.strip().strip('"')
    try:
        return body.decode(charset)
    except LookupError:
        return error("iconv", details=(f"Unsupported charset '{charset[:40]}' in Content-Type",))
    except UnicodeDecodeError as problem:
        return error("request", detail=f"The body is not {charset} text (byte {problem.start})")


def _shown(target: Target) -> str:
    return target.dsn + (f"({target.member})" if target.member else "")


def _volume(described: Described) -> str:
    return described.allocation.volser


def _item(d: Described) -> dict[str, str]:
    """One data set of a list with ``X-IBM-Attributes: base`` (the fields z/OSMF returns;
    values as strings, "?" where a VSAM cluster has none)."""
    sizex, used = d.space() if d.organization != "VS" else (0, 0)
    return _fields(
        d.organization,
        d.allocation,
        {
            "dsname": d.name,
            "cdate": d.created or "***None***",
            "rdate": d.referenced or "***None***",
            "sizex": str(sizex),
            "used": str(used),
        },
    )


def _fields(organization: str, a: Allocation, varying: Mapping[str, str]) -> dict[str, str]:
    if organization == "VS":
        return {
            "dsname": varying["dsname"],
            "catnm": CATALOG_NAME,
            "dsorg": "VS",
            "migr": "NO",
            "vol": "*VSAM*",
        }
    if organization == "PO":
        dsorg = "PO-E" if a.dsntype == "LIBRARY" else "PO"
        dsntp = "LIBRARY" if a.dsntype == "LIBRARY" else "PDS"
    else:
        dsorg = "PS"
        dsntp = "LARGE" if a.dsntype == "LARGE" else "BASIC"
    return {
        "dsname": varying["dsname"],
        "blksz": str(a.blksize),
        "catnm": CATALOG_NAME,
        "cdate": varying["cdate"],
        "dev": DEVICE,
        "dsntp": dsntp,
        "dsorg": dsorg,
        "edate": "***None***",
        "extx": "1",
        "lrecl": str(a.lrecl),
        "migr": "NO",
        "mvol": "N",
        "ovf": "NO",
        "rdate": varying["rdate"],
        "recfm": a.recfm,
        "sizex": varying["sizex"],
        "spacu": a.spacu,
        "used": varying["used"],
        "vol": a.volser,
        "vols": a.volser,
    }


_VARYING = ("dsname", "cdate", "rdate", "sizex", "used")


@functools.lru_cache(maxsize=4096)
def _template(organization: str, allocation: Allocation) -> str:
    """The JSON of an item with ``%s`` where the varying fields go, in :data:`_VARYING`
    order (a VSAM cluster's: its name only): data sets with the same attributes share it."""
    marks = {key: f"\x00{key}\x00" for key in _VARYING}
    text = json.dumps(_fields(organization, allocation, marks), separators=(",", ":"))
    text = text.replace("%", "%%")
    for mark in marks.values():
        text = text.replace(json.dumps(mark)[1:-1], "%s")
    return text


def _item_json(d: Described) -> str:
    """:func:`_item` as JSON (the same text ``json.dumps`` writes; the varying values are
    names, dates and numbers, which need no escaping)."""
    template = _template(d.organization, d.allocation)
    if d.organization == "VS":
        return template % (d.name,)
    day = day_of(d.modified)
    sizex, used = d.space()
    return template % (
        d.name,
        d.allocation.created or day or "***None***",
        day or d.allocation.created or "***None***",
        sizex,
        used,
    )


def _name_json(name: str) -> str:
    return f'{{"dsname":"{name}"}}'


def _allocation(body: dict, base: Allocation, like: bool) -> Allocation | Reply:
    """The attributes of a create request (z/OSMF's names: dsorg, recfm, lrecl, blksize,
    alcunit, primary, secondary, dirblk, dsntype, volser), on top of ``base`` (the ``like``
    model's, or a batch allocation's defaults)."""

    def text(key: str) -> str | None:
        value = body.get(key)
        return value.strip().upper() if isinstance(value, str) else None

    def number(key: str, low: int, high: int) -> int | None | Reply:
        value = body.get(key)
        if value is None:
            return None
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value.strip())
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            return error("json", detail=f"'{key}' must be a number from {low} to {high}")
        return value

    known = {
        "dsorg", "recfm", "lrecl", "blksize", "alcunit", "primary", "secondary", "dirblk",
        "dsntype", "volser", "unit", "like", "avgblk", "storclass", "mgntclass", "dataclass",
    }  # fmt: skip
    unknown = sorted(k for k in body if k not in known)
    if unknown:
        return error("json", detail=f"Unknown allocation attribute '{unknown[0][:30]}'")
    values: dict[str, object] = {}
    for key in ("lrecl", "blksize", "primary", "secondary", "dirblk"):
        found = number(key, 0, 16_777_215 if key in ("primary", "secondary") else MAX_BLKSIZE)
        if isinstance(found, Reply):
            return found
        if found is not None:
            values[key] = found
    if not like and ("lrecl" not in values or "primary" not in values):
        return error("json", detail="'lrecl' and 'primary' are required (or 'like')")
    dsorg = text("dsorg")
    if dsorg is not None and dsorg not in ("PS", "PO", "PO-E", "PS-L"):
        return error("json", detail=f"'dsorg' must be PS or PO, not {dsorg[:10]!r}")
    recfm = text("recfm")
    if recfm is not None and recfm not in RECFMS:
        return error("json", detail=f"'recfm' {recfm[:10]!r} is not a record format")
    alcunit = text("alcunit")
    if alcunit is not None and alcunit not in ALCUNITS:
        return error("json", detail="'alcunit' must be TRK or CYL")
    dsntype = text("dsntype")
    if dsntype is not None and dsntype not in DSNTYPES:
        return error("json", detail=f"'dsntype' {dsntype[:10]!r} is not a data set type")
    volser = text("volser")
    if volser is not None and volser and not _VOLSER.fullmatch(volser):
        return error("json", detail="'volser' must be 1-6 characters")
    organization = {"PO-E": "PO", "PS-L": "PS"}.get(dsorg or "", dsorg) or base.dsorg
    if dsorg == "PO-E":
        dsntype = "LIBRARY"
    if dsorg == "PS-L":
        dsntype = "LARGE"
    if organization == "PO" and dsntype in (None, "BASIC", "LARGE"):
        dsntype = base.dsntype if base.dsorg == "PO" else "PDS"
    if organization == "PS" and dsntype in ("PDS", "LIBRARY"):
        return error("json", detail="A sequential data set is not a PDS or a LIBRARY")
    if organization == "PO" and dsntype == "PDS" and values.get("dirblk") == 0:
        return error("json", detail="A PDS needs directory blocks ('dirblk')")
    chosen_recfm = recfm or base.recfm
    lrecl = int(values.get("lrecl", base.lrecl))  # type: ignore[call-overload]
    if lrecl <= 0:
        return error("json", detail="'lrecl' must be more than 0")
    if dsrecords.variable(chosen_recfm) and lrecl < 5:
        return error("json", detail="Variable-length records need an 'lrecl' of 5 or more")
    blksize = values.get("blksize")
    if blksize in (None, 0) and not like:
        blksize = system_blksize(chosen_recfm, lrecl)
    blksize = int(blksize if blksize not in (None, 0) else base.blksize)  # type: ignore[call-overload]
    if dsrecords.fixed(chosen_recfm) and "B" in chosen_recfm and blksize % lrecl:
        return error("json", detail=f"'blksize' {blksize} is not a multiple of 'lrecl' {lrecl}")
    if dsrecords.fixed(chosen_recfm) and blksize < lrecl:
        return error("json", detail=f"'blksize' {blksize} is less than 'lrecl' {lrecl}")
    if dsrecords.variable(chosen_recfm) and blksize < lrecl + 4 and "S" not in chosen_recfm:
        return error("json", detail=f"'blksize' {blksize} is less than 'lrecl' {lrecl} + 4")
    return replace(
        base,
        dsorg=organization,
        recfm=chosen_recfm,
        lrecl=lrecl,
        blksize=blksize,
        dsntype=dsntype or ("PDS" if organization == "PO" else "BASIC"),
        dirblk=int(values.get("dirblk", base.dirblk if organization == "PO" else 0) or 0)  # type: ignore[call-overload]
        or (5 if organization == "PO" and (dsntype or "PDS") == "PDS" else 0),
        spacu=ALCUNITS.get(alcunit or "", base.spacu if like else "TRACKS"),
        primary=int(values.get("primary", base.primary)),  # type: ignore[call-overload]
        secondary=int(values.get("secondary", base.secondary if like else 0)),  # type: ignore[call-overload]
        volser=volser or base.volser,
        binary=False,
    )
