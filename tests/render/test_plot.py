"""``mqsc stats --plot``'s SVG: well-formed XML, one series per page set and pool in use or
moving, and figures that are the queue manager's (messages put move them)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from mqsc.engine.statistics import collect
from mqsc.render.plot import Sample, chart_series, svg
from mqsc.store.home import open_qmgr

NS = "{http://www.w3.org/2000/svg}"


def look(qm, t: float) -> Sample:
    with qm.session():
        return Sample(
            t, collect(qm), {str(k): str(ps.pool) for k, ps in qm.state.tables["pageset"].items()}
        )


def series(doc: ET.Element) -> dict[str, dict[str, list[int]]]:
    out: dict[str, dict[str, list[int]]] = {}
    for chart in doc.iter(f"{NS}g"):
        out[chart.get("data-chart")] = {
            line.get("data-series"): [int(v) for v in line.get("data-values").split()]
            for line in chart.iter(f"{NS}polyline")
        }
    return out


def test_putting_messages_moves_the_page_set_and_pool_series() -> None:
    qm = open_qmgr("QMZ1", memory=True)
    before = look(qm, 1000.0)
    qm.put("USER1.ABAR.QUEUE", 300, 4096)
    middle = look(qm, 1002.0)
    qm.put("USER1.BBAR.QUEUE", 1200, 4096)
    after = look(qm, 1004.0)
    doc = ET.fromstring(svg("QMZ1", [before, middle, after]))
    charts = series(doc)
    pages = charts["Page set used pages"]
    # One series per page set holding pages, each point the page set's TOPG - UNPG.
    holding = {
        f"PS{int(k):02d}" for k, r in after.stats["pageSets"].items() if r["UNPG"] < r["TOPG"]
    }
    assert set(pages) == holding and {"PS10", "PS11"} <= holding
    assert pages["PS11"] == [0, 605, 605]
    ps10 = after.stats["pageSets"][next(k for k in after.stats["pageSets"] if int(k) == 10)]
    assert pages["PS10"][-1] == ps10["TOPG"] - ps10["UNPG"] > 0
    # One series per buffer pool behind those page sets, truncated percentages as DISPLAY USAGE.
    pools = charts["Stealable buffers %"]
    assert set(pools) == {
        f"BP{after.pools_of[str(int(k))]}"
        for k, r in after.stats["pageSets"].items()
        if r["UNPG"] < r["TOPG"]
    }
    bp11 = after.stats["bufferPools"][next(k for k in after.stats["bufferPools"] if int(k) == 11)]
    assert pools["BP11"][1:] == [100 * bp11["CBS"] // bp11["NBUF"]] * 2
    assert pools["BP11"][0] > pools["BP11"][1]
    # The 1200 messages expanded page set 10 (MQSC613I): its EXPN count is charted.
    writes = charts["Writes and expansions (interval)"]
    assert writes["PS10 EXPN"][0] == 0 and writes["PS10 EXPN"][-1] > 0
    assert all(any(values) for values in writes.values())
    assert doc.find(f"{NS}title").text == "QMZ1 page sets and buffer pools"


def test_no_samples_and_a_quiet_queue_manager_still_give_a_document() -> None:
    empty = ET.fromstring(svg("QMZ1", []))
    assert not list(empty.iter(f"{NS}polyline"))
    qm = open_qmgr("QMZ1", memory=True)
    one = look(qm, 5.0)
    charts = chart_series([one])
    assert all(len(s.points) == 1 for c in charts.values() for s in c)
    doc = ET.fromstring(svg("Q&<M", [one]))  # a name that needs escaping stays well-formed
    assert len(list(doc.iter(f"{NS}circle"))) == sum(len(c) for c in charts.values())


def test_the_png_draws_the_svgs_lines_in_their_colours() -> None:
    """The PNG is decoded here (zlib, filter-0 scanlines): each series' colour is found on the
    middle of its segments, where the SVG draws them, and the file is twice the SVG's size."""
    import struct
    import zlib

    from mqsc.render.plot import CHARTS, HEIGHT, Trace, chart_shapes, png

    qm = open_qmgr("QMZ1", memory=True)
    before = look(qm, 1000.0)
    qm.put("USER1.ABAR.QUEUE", 300, 4096)
    after = look(qm, 1002.0)
    data = png("QMZ1", [before, after])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour_type = struct.unpack(">IIBB", data[16:26])
    doc = ET.fromstring(svg("QMZ1", [before, after]))
    assert (width, height) == (2 * int(doc.get("width")), 2 * int(doc.get("height")))
    assert (depth, colour_type) == (8, 2)
    at, idat = 8, b""
    while at < len(data):
        (size,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            idat += data[at + 8 : at + 8 + size]
        assert (
            struct.unpack(">I", data[at + 8 + size : at + 12 + size])[0]
            == zlib.crc32(kind + data[at + 8 : at + 8 + size]) & 0xFFFFFFFF
        )
        at += 12 + size
    raw = zlib.decompress(idat)
    stride = 1 + 3 * width
    assert len(raw) == stride * height and all(raw[y * stride] == 0 for y in range(height))

    def pixel(x: float, y: float) -> str:
        at = round(y * 2) * stride + 1 + 3 * round(x * 2)
        red, green, blue = raw[at : at + 3]
        return f"#{red:02x}{green:02x}{blue:02x}"

    def distance(px: float, py: float, trace) -> float:
        """How far a point is from a trace's polyline (or its dot)."""
        best = float("inf")
        pts = trace.points
        for (xa, ya), (xb, yb) in zip(pts, pts[1:] or pts):
            dx, dy = xb - xa, yb - ya
            t = (
                0.0
                if dx == dy == 0
                else max(0.0, min(1.0, ((px - xa) * dx + (py - ya) * dy) / (dx * dx + dy * dy)))
            )
            best = min(best, ((px - xa - t * dx) ** 2 + (py - ya - t * dy) ** 2) ** 0.5)
        return best

    charts = chart_series([before, after])
    checked = 0
    for i, (title, key, unit) in enumerate(CHARTS):
        top = 24 + i * HEIGHT
        shapes = chart_shapes(title, charts[key], unit)
        traces = [t for t in shapes if isinstance(t, Trace)]
        for shape in traces:
            if len(shape.points) < 2:
                continue
            # A point of this series that no other trace (nor its dot) comes near, so the
            # pixel there can be this series' colour only; each of its segments, 20 steps.
            others = [t for t in traces if t is not shape]
            (xa, ya), (xb, yb) = shape.points[:2]
            alone = next(
                (
                    (x, y)
                    for k in range(1, 20)
                    for x, y in [(xa + (xb - xa) * k / 20, ya + (yb - ya) * k / 20)]
                    if all(distance(x, y, t) > 4 for t in others)
                ),
                None,
            )
            # These samples draw no series under another all along: each is seen somewhere.
            assert alone is not None, (title, shape.name)
            x, y = alone
            assert pixel(x, top + y) == shape.colour, (title, shape.name, alone)
            checked += 1
    assert checked >= 3
    assert pixel(1, 1) == "#ffffff"
