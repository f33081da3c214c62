"""The z/OSMF files service listing a large catalog: the figure of docs/performance.md ("The
z/OSMF files service").

    python bench/zosfiles.py                            # 10,000 data sets
    python bench/zosfiles.py --data-sets 2000

The catalog of a temporary mqsc home gets ``--data-sets`` data sets, as the service's own
allocation makes them (four in five sequential, one in five a library of three members, each
with a few records); then a real ``mqsc serve`` process lists them all
(``GET /zosmf/restfiles/ds?dslevel=USER1.**``, ``X-IBM-Max-Items: 0``), with and without
``X-IBM-Attributes: base``: the server's time (its ``Server-Timing`` header: the catalog
search, every data set's attributes and the JSON) and the client's round trip, best of five.
Results go to bench/out/zosfiles.json.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.decks import OUT  # noqa: E402
from bench.serve import PASSWORD, USER, start  # noqa: E402

Z = {"X-CSRF-ZOSMF-HEADER": "true", "X-IBM-Max-Items": "0"}


def fill(home: Path, count: int) -> float:
    """``count`` data sets in the home's catalog; the seconds it took."""
    os.environ["MQSC_HOME"] = str(home)
    from mqsc.batch.datasets import home_catalog
    from mqsc.store.vtoc import Allocation

    catalog = home_catalog()
    start_at = time.perf_counter()
    for n in range(count):
        if n % 5 == 4:
            name = f"USER1.LIB{n // 1000:02d}.P{n:05d}"
            catalog.allocate(name, Allocation(dsorg="PO", dsntype="LIBRARY", dirblk=5))
            for member in ("DEFQ", "ALTQ", "DISQ"):
                catalog.store(name, member, lines=[f"DISPLAY QLOCAL(Q{n:05d})"])
        else:
            name = f"USER1.SEQ{n // 1000:02d}.S{n:05d}"
            catalog.allocate(name, Allocation(recfm="FB", lrecl=80, blksize=27920))
            catalog.store(name, "", lines=[f"RECORD {i} OF DATA SET {n}" for i in range(5)])
    return time.perf_counter() - start_at


def listing(url: str, attributes: bool, rounds: int = 5) -> dict:
    import httpx

    headers = {**Z, **({"X-IBM-Attributes": "base"} if attributes else {})}
    server, client = [], []
    with httpx.Client(base_url=url, auth=(USER, PASSWORD), timeout=600) as http:
        http.get("/zosmf/info")
        for _ in range(rounds):
            begin = time.perf_counter()
            reply = http.get("/zosmf/restfiles/ds", params={"dslevel": "USER1.**"}, headers=headers)
            client.append(time.perf_counter() - begin)
            reply.raise_for_status()
            server.append(float(reply.headers["server-timing"].split("dur=")[-1]) / 1000)
    body = reply.json()
    return {
        "returned": body["returnedRows"],
        "server_s": round(min(server), 3),
        "client_s": round(min(client), 3),
        "bytes": len(reply.content),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-sets", type=int, default=10_000)
    args = parser.parse_args(argv)
    saved = os.environ.get("MQSC_HOME")
    with tempfile.TemporaryDirectory(prefix="mqsc-bench-zosfiles-") as temp:
        home = Path(temp)
        try:
            filled = fill(home, args.data_sets)
        finally:
            if saved is None:
                os.environ.pop("MQSC_HOME", None)
            else:
                os.environ["MQSC_HOME"] = saved
        process, url = start(home, 0)
        try:
            names_only = listing(url, False)
            with_attributes = listing(url, True)
        finally:
            process.terminate()
            process.wait(timeout=30)
    results = {
        "data_sets": args.data_sets,
        "fill_s": round(filled, 1),
        "names": names_only,
        "attributes": with_attributes,
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "zosfiles.json").write_text(json.dumps(results, indent=1) + "\n")
    for label, one in (("names", names_only), ("X-IBM-Attributes: base", with_attributes)):
        print(
            f"list {one['returned']} data sets ({label}): server {one['server_s']} s, round "
            f"trip {one['client_s']} s, {one['bytes']} bytes"
        )
    print(f"machine: {results['cpus']} CPUs, load average {results['load_average']}")
    ok = names_only["returned"] == with_attributes["returned"] == args.data_sets
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
