"""Several ``upriver serve`` processes on one PostgreSQL database, as behind a load balancer:
each hears the others' decisions and shows them at once, bots' turns are decided exactly once,
and when one process dies the others carry every game on."""

from __future__ import annotations

import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tests.server.conftest import empty_postgres_url
from tests.server.processes import Server

pytestmark = pytest.mark.postgres


@pytest.fixture
def pg_url() -> str:
    return empty_postgres_url()


@pytest.fixture
def servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    one = Server(pg_url, tmp_path, workers=1, bot_delay=0.0)
    two = Server(pg_url, tmp_path, workers=1, bot_delay=0.0)
    try:
        yield one, two
    finally:
        one.stop()
        two.stop()


def test_servers_started_together_on_an_empty_database_all_come_up(
        pg_url: str, tmp_path: Path) -> None:
    """Four processes starting at the same moment take turns creating the schema (an advisory
    lock): all come up and share the games."""
    import threading

    started: list[Server] = []
    errors: list[Exception] = []

    def start() -> None:
        try:
            started.append(Server(pg_url, tmp_path, workers=0))
        except Exception as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert not errors, errors
        made = started[0].api("POST", "/api/games", {"game": "the-river", "players": 2})
        assert page(started[1], made["id"])["ply"] == 0
    finally:
        for server in started:
            server.stop()


def page(server: Server, gid: str, seat: int | None = None,
         token: str | None = None) -> dict[str, Any]:
    query = "" if seat is None else f"?seat={seat}&token={token}"
    result: dict[str, Any] = server.api("GET", f"/api/games/{gid}{query}")
    return result


def wait_for(check: Any, seconds: float) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    pytest.fail(f"not done within {seconds} s")


def test_a_move_on_one_server_reaches_pages_on_the_other_which_takes_the_next(
        servers: tuple[Server, Server]) -> None:
    """A decision made through server A is pushed to a page connected to server B within a
    second; B then accepts the next decision (it is not stale there)."""
    a, b = servers
    made = a.api("POST", "/api/games", {"game": "twelve-rivers", "players": 2, "seed": 5,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    with connect(f"ws://127.0.0.1:{b.port}/api/games/{gid}/live") as watcher:
        assert json.loads(watcher.recv(timeout=5))["ply"] == 0
        for ply in range(6):
            via, other = (a, b) if ply % 2 == 0 else (b, a)
            mover = page(via, gid)["to_move"]
            mine = page(via, gid, mover, tokens[mover])
            assert mine["ply"] == ply, "the server did not know the other's decision"
            sent = time.monotonic()
            done = via.api("POST", f"/api/games/{gid}/actions", {
                "seat": mover, "token": tokens[mover], "action": mine["legal"][0], "ply": ply})
            assert done.get("ply") == ply + 1, done
            while True:  # the spectator's page on B hears every decision, wherever made
                pushed = json.loads(watcher.recv(timeout=5))
                if pushed["ply"] == ply + 1:
                    break
            assert time.monotonic() - sent < 1.0
            assert page(other, gid)["ply"] == ply + 1


def bot_games(server: Server, count: int) -> list[str]:
    return [server.api("POST", "/api/games", {
        "game": "the-river", "players": 2, "seed": 100 + i,
        "seats": [{"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}]})["id"]
        for i in range(count)]


def test_bot_games_advance_exactly_once_across_servers(servers: tuple[Server, Server]) -> None:
    """Both servers are ready to play every bot game (they sweep for bots' turns), but a turn is
    claimed by one process: the decisions the two computed add up to exactly the decisions
    stored, and none fell back. A game made on one server is followed to its end on the
    other."""
    a, b = servers
    made_on = {gid: a for gid in bot_games(a, 3)} | {gid: b for gid in bot_games(b, 2)}
    games = list(made_on)
    # Each game is watched on the server that did not make it: its page there must follow.
    wait_for(lambda: all(page(b if made_on[gid] is a else a, gid)["over"] for gid in games),
             120)
    stored = sum(page(b, gid)["ply"] for gid in games)
    status = [s.api("GET", "/api/status") for s in (a, b)]
    assert status[0]["shared_database"] and status[1]["shared_database"]
    assert sum(s["bot_decisions"] for s in status) == stored
    assert sum(s["bot_fallbacks"] for s in status) == 0
    for gid in games:  # both servers agree on every decision
        assert page(a, gid)["log"] == page(b, gid)["log"]


def test_killing_one_server_leaves_the_other_running_every_game(
        servers: tuple[Server, Server]) -> None:
    """Server A is killed outright (SIGKILL) with bot games under way, some of them its own
    turns: B carries every one of them to the end once A's claims lapse, and a people's game
    goes on through B."""
    a, b = servers
    games = bot_games(a, 3)
    made = a.api("POST", "/api/games", {"game": "the-river", "players": 2, "seed": 9,
                                        "seats": [{"kind": "human"}, {"kind": "human"}]})
    wait_for(lambda: all(page(b, gid)["ply"] >= 5 for gid in games), 30)
    a.kill(signal.SIGKILL)
    wait_for(lambda: all(page(b, gid)["over"] for gid in games), 120)
    gid, tokens = made["id"], [s["token"] for s in made["seats"]]
    mover = page(b, gid)["to_move"]
    mine = page(b, gid, mover, tokens[mover])
    done = b.api("POST", f"/api/games/{gid}/actions", {
        "seat": mover, "token": tokens[mover], "action": mine["legal"][0], "ply": mine["ply"]})
    assert done.get("ply") == mine["ply"] + 1, done
