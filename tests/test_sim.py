"""Simulation: the same results whatever the backend or job count; well-formed output."""

from __future__ import annotations

import dataclasses
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from upriver.cli import cli
from upriver.sim import SimConfig, run_games, simulate
from upriver.sim.stats import wilson
from upriver.sim.summary import summarise

UPRIVER = str(Path(sys.executable).with_name("upriver"))  # the command line, run as people do
CONFIG = SimConfig("twelve-rivers", ("greedy", "random", "random"), 6, seed=9)


def test_simulate_gives_the_same_results_with_one_or_two_jobs() -> None:
    one = run_games(CONFIG, jobs=1)
    two = run_games(CONFIG, jobs=2)
    assert one == two
    assert [r["index"] for r in one] == list(range(6))


def test_simulate_gives_the_same_results_on_a_local_ray_instance() -> None:
    pytest.importorskip("ray")
    config = SimConfig("the-river", ("greedy", "random"), 4, seed=2)
    assert run_games(config, jobs=2, backend="ray") == run_games(config, jobs=1)


def test_seats_rotate_so_each_bot_plays_each_seat_equally() -> None:
    results = run_games(CONFIG, jobs=1)
    for slot in range(3):
        seats = [r["seating"].index(slot) for r in results]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]


def test_summary_win_rates_add_up_and_carry_intervals() -> None:
    summary = simulate(CONFIG)
    assert summary["games"] == 6
    assert sum(s["wins"] for s in summary["seats"]) == pytest.approx(6)
    assert sum(t["wins"] for t in summary["turn_positions"]) == pytest.approx(6)
    for seat in summary["seats"]:
        low, high = seat["win_rate_ci95"]
        assert 0 <= low <= seat["win_rate"] <= high <= 1
        assert {"agent", "wins", "win_rate", "win_rate_ci95", "mean_score"} <= set(seat)


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0


def test_simulate_command_writes_json_and_a_report(tmp_path: Path) -> None:
    out = tmp_path / "sim.json"
    report = tmp_path / "report"
    result = CliRunner().invoke(cli, [
        "simulate", "the-river", "--players", "greedy,random", "--games", "4", "--seed", "1",
        "--jobs", "1", "--out", str(out), "--report", str(report)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    for key in ("game", "options", "players", "games", "seed", "seats"):
        assert key in data
    assert [s["agent"] for s in data["seats"]] == ["greedy", "random"]
    page = (report / "index.html").read_text()
    for image in ("scores_by_seat.png", "scores_by_bot.png", "win_rate_by_turn_position.png",
                  "win_rate_by_bot.png", "game_length.png"):
        assert f'src="{image}"' in page
        assert (report / image).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "greedy" in result.output


@pytest.mark.parametrize("args", [
    ["simulate", "the-river", "--players", "greedy,wizard", "--games", "2"],
    # Outputs that cannot be written are refused before the first game (/proc takes no files).
    ["simulate", "twelve-rivers", "--players", "greedy,greedy", "--games", "100000", "--out",
     "/proc/upriver-study.json"],
    ["simulate", "twelve-rivers", "--players", "greedy,greedy", "--games", "100000",
     "--report", "/proc/upriver-study"],
    ["simulate", "the-river", "--players", "human,random", "--games", "2"],
    ["simulate", "the-river", "--players", "random,random", "--games", "0"],
    ["simulate", "nope", "--players", "random,random", "--games", "2"],
])
def test_simulate_refuses_bad_requests_in_one_line(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code != 0
    assert len(result.stderr.strip().splitlines()) == 1


JOURNALED = SimConfig("the-river", ("greedy", "random"), 6, seed=5)


def test_a_stopped_study_goes_on_from_the_games_its_journal_kept(tmp_path: Path) -> None:
    """A study stopped after 3 games (here: asked for 3) keeps them in its journal; run again
    for all 6, it plays only the 3 missing, and ends with exactly the uninterrupted study's
    results."""
    journal = tmp_path / "sim.json.games.jsonl"
    whole = run_games(JOURNALED)
    first = run_games(dataclasses.replace(JOURNALED, games=3), journal=journal)
    assert first == whole[:3]
    lines = journal.read_text().splitlines()
    assert len(lines) == 4 and "study" in json.loads(lines[0])
    # Mark a kept game: had it been played again, the mark would be gone.
    kept = json.loads(lines[2])
    kept["decisions"] = -1
    journal.write_text("\n".join([*lines[:2], json.dumps(kept), lines[3]]) + "\n")
    counted: list[int] = []
    again = run_games(JOURNALED, journal=journal, progress=counted.append)
    assert again[1]["decisions"] == -1 and sum(counted) == 6
    assert again[:1] + again[2:] == whole[:1] + whole[2:]
    assert len(journal.read_text().splitlines()) == 7


def test_a_game_cut_short_in_the_journal_is_played_again(tmp_path: Path) -> None:
    """A stop in the middle of writing a game leaves half a line: that game is played again
    and the journal stays one whole game a line."""
    journal = tmp_path / "j.jsonl"
    run_games(dataclasses.replace(JOURNALED, games=2), journal=journal)
    head, game0, game1 = journal.read_text().splitlines()
    journal.write_text(f"{head}\n{game0}\n{game1[:25]}")  # game 1 cut short
    assert run_games(dataclasses.replace(JOURNALED, games=3), journal=journal) == \
        run_games(dataclasses.replace(JOURNALED, games=3))
    lines = journal.read_text().splitlines()
    assert lines[2] == game1[:25] and lines[3] == game1
    assert [json.loads(line)["index"] for line in [lines[1], *lines[3:]]] == [0, 1, 2]


def test_the_journal_of_another_study_is_refused_and_left_alone(tmp_path: Path) -> None:
    """Running a study over another study's journal (another seed here) is refused in one
    line, before playing, and the journal is not touched: its games are not mixed in."""
    out = tmp_path / "sim.json"
    journal = tmp_path / "sim.json.games.jsonl"
    run_games(dataclasses.replace(JOURNALED, seed=6, games=2), journal=journal)
    before = journal.read_bytes()
    result = CliRunner().invoke(cli, [
        "simulate", "the-river", "--players", "greedy,random", "--games", "6", "--seed", "5",
        "--jobs", "1", "--out", str(out)])
    assert result.exit_code != 0 and "another study" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert journal.read_bytes() == before and not out.exists()


def test_the_command_goes_on_from_its_journal_and_removes_it_at_the_end(tmp_path: Path
                                                                       ) -> None:
    """`simulate --out FILE` run again after a stop says how many games it keeps, writes the
    same FILE as an uninterrupted run, and leaves no journal behind."""
    out = tmp_path / "sim.json"
    run_games(dataclasses.replace(JOURNALED, games=4), journal=tmp_path / "sim.json.games.jsonl")
    args = ["simulate", "the-river", "--players", "greedy,random", "--games", "6", "--seed", "5",
            "--jobs", "1"]
    resumed = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert resumed.exit_code == 0, resumed.output
    assert "going on from the 4 games of 6" in resumed.stderr
    assert not (tmp_path / "sim.json.games.jsonl").exists()
    straight = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "straight.json")])
    assert straight.exit_code == 0
    assert "going on" not in straight.stderr
    mine, theirs = (json.loads(p.read_text()) for p in (out, tmp_path / "straight.json"))
    assert {k: v for k, v in mine.items() if k != "study"} == \
        {k: v for k, v in theirs.items() if k != "study"}


def test_the_same_command_writes_byte_identical_json_and_report(tmp_path: Path) -> None:
    """A study is citeable: the same command gives the same bytes, in processes with different
    string hashing (which once reordered tied components) and with one or two jobs."""
    outputs = []
    for run, (hash_seed, jobs) in enumerate([("1", "1"), ("2", "2")]):
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [UPRIVER, "simulate", "twelve-rivers",
             "--players", "random,random,random", "--games", "30", "--seed", "4", "--jobs", jobs,
             "--out", str(folder / "sim.json"), "--report", str(folder / "report")],
            env=env, capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        outputs.append({p.relative_to(folder): p.read_bytes()
                        for p in sorted(folder.rglob("*")) if p.is_file()})
    assert outputs[0].keys() == outputs[1].keys() and len(outputs[0]) >= 7
    for name, data in outputs[0].items():
        assert outputs[1][name] == data, f"{name} differs between the two runs"
    components = json.loads(outputs[0][Path("sim.json")])["components"]
    order = [(-c["win_rate"], c["component"]) for c in components]
    assert order == sorted(order) and len(components) > 5


def test_a_report_names_everything_that_makes_its_figures(tmp_path: Path) -> None:
    """The JSON and the page name the game, every option (defaults included), each bot with
    all its settings, the games, seed, seating, upriver version and the command; running that
    command again gives the same figures, with any number of jobs."""
    out = tmp_path / "sim.json"
    report = tmp_path / "report"
    result = CliRunner().invoke(cli, [
        "simulate", "twelve-rivers", "--players", "mcts:iters=5,random", "--games", "2",
        "--seed", "3", "--option", "edition=2022", "--jobs", "1", "--out", str(out),
        "--report", str(report)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    study = data["study"]
    assert study["game_name"] == "12 Rivers" and study["games"] == 2 and study["seed"] == 3
    assert study["options"]["edition"] == "2022" and study["options"]["family"] is False
    assert data["options"] == study["options"]
    assert study["bots"][0]["settings"] == {"agent": "mcts", "iters": 5, "secs": 0.0, "c": 0.7,
                                            "playout": "random", "depth": 20, "bias": 1.0,
                                            "width": 6, "early": 1, "per": "turn"}
    assert study["upriver_version"] and study["seating"] == "rotate"
    words = shlex.split(study["command"])
    assert words[:3] == ["upriver", "simulate", "twelve-rivers"] and "--jobs" not in words
    page = (report / "index.html").read_text()
    assert study["command"] in page and "width=6" in page and "villager_offer" in page
    again = tmp_path / "again.json"
    rerun = CliRunner().invoke(cli, [*words[1:], "--jobs", "2", "--out", str(again)])
    assert rerun.exit_code == 0, rerun.output
    assert json.loads(again.read_text()) == data
    assert f"reproduce: {study['command']}" in result.output
    assert "win rate by turn position (95% interval): 1. " in result.output


def test_progress_is_told_of_every_finished_game() -> None:
    """A study's progress moves one game at a time, whatever the number of jobs."""
    for jobs in (1, 2):
        told: list[int] = []
        run_games(SimConfig("the-river", ("random", "random"), 5, seed=1), jobs=jobs,
                  progress=told.append)
        assert told == [1] * 5


def test_ray_stays_quiet_and_logs_to_a_file(tmp_path: Path) -> None:
    """A Ray study prints only its results: Ray's own start-up lines and warnings go to
    upriver's log folder (here under a private XDG_STATE_HOME), unless --verbose."""
    pytest.importorskip("ray")
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    done = subprocess.run(
        [UPRIVER, "simulate", "the-river", "--players",
         "random,random", "--games", "2", "--backend", "ray", "--jobs", "1"],
        env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == ""
    assert "win rate by turn position" in done.stdout
    log = (tmp_path / "upriver" / "log" / "ray.log").read_text()
    assert "Started a local Ray instance" in log


CLUSTER_RUN = r"""
import os, subprocess, sys
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"  # every node and the driver on loopback
from ray.cluster_utils import Cluster

cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1,
                                                        "include_dashboard": False})
try:
    cluster.add_node(num_cpus=1)
    cluster.wait_for_nodes()
    print("nodes", len(cluster.list_all_nodes()), flush=True)
    done = subprocess.run([sys.argv[1], *sys.argv[2:], "--address", cluster.address],
                          capture_output=True, text=True, timeout=300)
    print("exit", done.returncode, done.stderr.strip()[-500:], flush=True)
finally:
    cluster.shutdown()
"""


def test_a_study_on_a_multi_node_ray_cluster_gives_the_local_results(tmp_path: Path) -> None:
    """A two-node Ray cluster started by the test on this machine (loopback only): a study sent
    to it with --address writes the same JSON, byte for byte, as the local backend."""
    pytest.importorskip("ray")
    study = ["simulate", "the-river", "--players", "greedy,random", "--games", "6", "--seed", "2"]
    local = tmp_path / "local.json"
    cluster = tmp_path / "cluster.json"
    ran = subprocess.run([UPRIVER, *study, "--jobs", "1", "--out", str(local)],
                         capture_output=True, text=True, timeout=300, check=False)
    assert ran.returncode == 0, ran.stderr
    ran = subprocess.run([sys.executable, "-c", CLUSTER_RUN, UPRIVER, *study,
                          "--backend", "ray", "--out", str(cluster)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert "nodes 2" in ran.stdout, ran.stdout + ran.stderr[-2000:]
    assert "exit 0" in ran.stdout, ran.stdout
    assert cluster.read_bytes() == local.read_bytes()


def _result(index: int, seating: list[int], scores: list[int]) -> dict[str, object]:
    best = max(scores)
    return {"index": index, "seating": seating, "turn_position": list(range(len(scores))),
            "scores": scores, "winners": [s for s, v in enumerate(scores) if v == best],
            "opponents": [], "decisions": 10, "rounds": 1,
            "components": [[] for _ in scores]}


def test_a_bot_is_scored_by_the_share_of_other_seats_it_outscored() -> None:
    """``ahead_share``: per game, the other seats a slot outscored (an equal score half), over
    the seats beside it, averaged over games; even play is 0.5 at any player count."""
    config = SimConfig("twelve-rivers", ("mcts", "greedy", "greedy"), 2)
    results = [_result(0, [0, 1, 2], [30, 20, 10]),  # slot 0 ahead of both: 1
               _result(1, [2, 0, 1], [40, 25, 25])]  # slot 0 ties one, trails one: 0.25
    seats = summarise(config, results)["seats"]
    assert seats[0]["ahead_share"] == 0.625
    assert seats[1]["ahead_share"] == (0.5 + 0.25) / 2  # game 0: ahead of slot 2; game 1: tie
    assert seats[2]["ahead_share"] == (0.0 + 1.0) / 2
    low, high = seats[0]["ahead_share_ci95"]
    assert 0.0 <= low < 0.625 < high <= 1.0
    even = summarise(config, [_result(k, [0, 1, 2], [5, 5, 5]) for k in range(4)])
    assert [s["ahead_share"] for s in even["seats"]] == [0.5] * 3
    assert even["seats"][0]["ahead_share_ci95"] == [0.5, 0.5]


def test_simulate_can_judge_each_bots_decisions_without_changing_its_games() -> None:
    """``--judge-iters``: a share of each bot's decisions judged by the review's search bot,
    summed up per bot as its average win chance lost per decision (with its interval), points
    lost and a count per class. Judging searches copies only, so the games are the unjudged
    games; the study's command names the judging, so it reproduces the figures."""
    from upriver.review import CLASSES

    plain = SimConfig("the-river", ("random", "greedy"), 2, seed=3)
    judged = SimConfig("the-river", ("random", "greedy"), 2, seed=3, judge_iters=10,
                       judge_share=0.5)
    without, with_judge = run_games(plain), run_games(judged)
    assert [r["scores"] for r in without] == [r["scores"] for r in with_judge]
    assert [r["decisions"] for r in without] == [r["decisions"] for r in with_judge]
    summary = summarise(judged, with_judge)
    for row in summary["seats"]:
        assert row["judged_decisions"] > 0
        assert sum(row["classes"].values()) == row["judged_decisions"]
        assert set(row["classes"]) == set(CLASSES)
        low, high = row["average_loss_ci95"]
        assert 0 <= low <= row["average_loss"] <= high <= 1
    # About half the decisions with a choice were judged.
    judged_count = sum(len(seat) for r in with_judge for seat in r["judged"])
    assert 0.3 < judged_count / sum(r["decisions"] for r in with_judge) < 0.7
    assert "--judge-iters 10 --judge-share 0.5" in summary["study"]["command"]
    assert "average_loss" not in summarise(plain, without)["seats"][0]


@pytest.mark.parametrize("args", [["--judge-iters", "-1"], ["--judge-share", "0"],
                                  ["--judge-share", "1.5"]])
def test_simulate_refuses_a_bad_judging_setting(args: list[str]) -> None:
    result = CliRunner().invoke(cli, ["simulate", "the-river", "--players", "random,random",
                                      "--games", "1", *args])
    assert result.exit_code == 2 and "Traceback" not in result.output
