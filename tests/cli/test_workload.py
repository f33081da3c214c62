"""``mqsc put``, ``mqsc get``, ``mqsc stats`` and ``mqsc advise`` on the durable QMZ1: each is a
separate process-like invocation, so state must carry from one to the next."""

from __future__ import annotations

import json

from mqsc.cli import main


def run_json(capsys, *argv: str) -> tuple[int, dict]:
    status = main([*argv, "--format", "json"])
    return status, json.loads(capsys.readouterr().out)


def test_put_then_usage_then_get_across_invocations(capsys) -> None:
    status, put = run_json(capsys, "put", "USER1.ABAR.QUEUE", "--count", "300", "--size", "4096")
    assert status == 0 and put["done"] == 300 and put["pages"] == 605
    assert put["bufferPools"]["11"]["getn"] == 605
    status, stats = run_json(capsys, "stats")
    assert stats["pageSets"]["11"]["NPPG"] == 605 and stats["bufferPools"]["11"]["CBS"] == 393
    status, got = run_json(capsys, "get", "USER1.ABAR.QUEUE")
    assert status == 0 and got["done"] == 300 and got["pages"] == 605
    _, stats = run_json(capsys, "stats")
    assert stats["pageSets"]["11"]["NPPG"] == 0


def test_text_summary_has_no_timings(capsys) -> None:
    assert main(["put", "USER1.BBAR.QUEUE", "-n", "1200", "-s", "4096"]) == 0
    out = capsys.readouterr().out
    assert "Messages put        : 1200 of 1200" in out
    assert "Page set expansions : 3" in out
    assert "MQSC613I" in out  # the expansion console messages
    for word in ("elapsed", "CPU", "seconds", "/sec"):
        assert word not in out


def test_failure_exits_10_with_the_mq_reason(capsys) -> None:
    assert main(["put", "NO.SUCH.QUEUE"]) == 10
    assert "MQRC_UNKNOWN_OBJECT_NAME (2085)" in capsys.readouterr().out
    assert main(["get", "USER1.ABAR.QUEUE", "--count", "1"]) == 10
    assert "MQRC_NO_MSG_AVAILABLE (2033)" in capsys.readouterr().out


def test_bad_arguments_exit_2_and_change_nothing(capsys) -> None:
    assert main(["put", "USER1.ABAR.QUEUE", "--count", "-1"]) == 2
    assert "cannot be negative" in capsys.readouterr().err
    _, stats = run_json(capsys, "stats")
    assert stats["pageSets"]["11"]["NPPG"] == 0


def test_stats_reset_starts_a_new_interval(capsys) -> None:
    main(["put", "USER1.ABAR.QUEUE", "-n", "10", "-s", "4096"])
    capsys.readouterr()
    _, first = run_json(capsys, "stats", "--reset")
    assert first["bufferPools"]["11"]["GETN"] == 20 + 1
    _, second = run_json(capsys, "stats")
    assert second["bufferPools"]["11"]["GETN"] == 0
    # The low-water mark restarts at the current stealable figure.
    assert second["bufferPools"]["11"]["CBSL"] == second["bufferPools"]["11"]["CBS"]


def test_stats_text_names_the_smf_fields(capsys) -> None:
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "(QPST)" in out and "(QIS1)" in out
    assert "CBSL" in out and "DWT" in out and "EXPN" in out


def test_advise_after_overflowing_a_pool(capsys) -> None:
    main(["put", "USER1.ABAR.QUEUE", "-n", "1200", "-s", "4096"])
    capsys.readouterr()
    status, advice = run_json(capsys, "advise")
    assert status == 0
    pool = next(p for p in advice["pools"] if p["pool"] == 11)
    assert pool["lowest_percent"] == 14 and pool["deferred_writes"] == 63
    assert any("deferred write" in f for f in pool["findings"])
    # 2 GB + above-the-bar buffers x 4096 + 200 bytes per message held (seed 004).
    above = advice["above_bar_buffers"]
    assert advice["memlimit_bytes"] == 2 * 1024**3 + above * 4096 + 200 * 1200
    assert main(["advise"]) == 0
    assert "MEMLIMIT" in capsys.readouterr().out


def test_stats_plot_writes_the_charts_of_the_durable_state(capsys, tmp_path) -> None:
    import xml.etree.ElementTree as ET

    main(["put", "USER1.ABAR.QUEUE", "-n", "300", "-s", "4096"])
    capsys.readouterr()
    target = tmp_path / "charts.svg"
    status, stats = run_json(
        capsys, "stats", "--plot", str(target), "--samples", "2", "--every", "0"
    )
    assert status == 0 and stats["pageSets"]["11"]["NPPG"] == 605
    lines = {
        line.get("data-series"): line.get("data-values")
        for line in ET.parse(target).getroot().iter("{http://www.w3.org/2000/svg}polyline")
    }
    assert lines["PS11"] == "605 605" and lines["BP11"] == "39 39"
    # The same charts as a PNG (no imaging library): a valid file of the SVG's size, twice.
    picture = tmp_path / "charts.png"
    assert main(["stats", "--plot", str(picture)]) == 0
    data = picture.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    root = ET.parse(target).getroot()
    assert int.from_bytes(data[16:20], "big") == 2 * int(root.get("width"))
    assert int.from_bytes(data[20:24], "big") == 2 * int(root.get("height"))


def test_stats_plot_refusals_exit_2_and_write_nothing(capsys, tmp_path) -> None:
    for argv, words in (
        (["--plot", str(tmp_path / "c.gif")], "SVG or PNG"),
        (["--plot", str(tmp_path / "no" / "c.svg")], "no directory"),
        (["--plot", str(tmp_path / "c.svg"), "--samples", "0"], "--samples"),
        (["--plot", str(tmp_path / "c.svg"), "--every", "-1"], "--every"),
    ):
        assert main(["stats", *argv]) == 2
        assert words in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_data_round_trips_across_invocations(capsys) -> None:
    status, put = run_json(capsys, "put", "USER1.ABAR.QUEUE", "--data", "hello", "--data", "wörld")
    assert status == 0 and put["done"] == 2 and put["bytes"] == 11
    assert main(["put", "USER1.ABAR.QUEUE", "-n", "1", "-s", "3"]) == 0
    capsys.readouterr()
    status, seen = run_json(capsys, "get", "USER1.ABAR.QUEUE", "--browse")
    assert [m["data"] for m in seen["messages"]] == ["hello"]
    assert main(["get", "USER1.ABAR.QUEUE", "--show"]) == 0
    out = capsys.readouterr().out
    assert "Messages got        : 3 (asked for all)" in out
    assert out.index("   hello") < out.index("   wörld") < out.index("   X'000000'")
    assert main(["get", "USER1.ABAR.QUEUE", "--show", "--count", "1"]) == 10
    assert "MQRC_NO_MSG_AVAILABLE (2033)" in capsys.readouterr().out
