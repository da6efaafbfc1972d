"""Bots on the server: offered by level, held to a hard time limit from outside, sharing the
workers fairly, never freezing a game, and never outliving the server."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import new_game, state
from tests.server.processes import Server, alive, children, niceness
from upriver.server import bots, create_app
from upriver.server.bots import WORKER_NICE, Level


def wait_until(client: TestClient, gid: str, done: Any, seconds: float = 30) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        page = state(client, gid)
        if done(page):
            return page
        time.sleep(0.05)
    pytest.fail("the bots did not get there in time")


def test_a_bot_out_of_time_is_stopped_and_a_legal_move_is_played_for_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A level whose search would take 30 s has half a second: the server kills the worker
    (a new one takes its place), plays a random legal move for the seat, notes it in the game
    for every page, and the game goes on."""
    monkeypatch.setitem(bots.LEVELS, "hard", Level("mcts:secs=30", "Search bot", 0.5))
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=1)
    with TestClient(app) as client:
        host = app.state.host
        first_worker = host.bots.pids()
        made = new_game(client, game="the-river", players=2, seed=1,
                        seats=[{"kind": "bot", "agent": "hard"}, {"kind": "bot", "agent": "easy"}])
        page = wait_until(client, made["id"], lambda p: p["events"])
        event = page["events"][0]
        assert event["text"] == ("Tigris (search bot, hard): the bot ran out of time (0.5 s); a "
                                 "random legal move was played instead")
        assert page["seats"][event["seat"]]["agent"] == "hard"
        wait_until(client, made["id"], lambda p: p["ply"] >= 6)
        assert host.bots.replaced >= 1 and host.bots.pids() != first_worker
        assert not any(alive(pid) for pid in first_worker)


def test_a_failing_bot_never_freezes_its_game(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that raises gives way to a random legal move, noted for everyone."""

    def broken(saved: str, spec: str, seed: int) -> str:
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(bots, "decide_turn", broken)
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=0)
    with TestClient(app) as client:
        made = new_game(client, game="twelve-rivers", players=2, seed=3,
                        seats=[{"kind": "bot", "agent": "medium"},
                               {"kind": "bot", "agent": "medium"}])
        page = wait_until(client, made["id"], lambda p: p["ply"] >= 5)
        assert len(page["events"]) >= 5
        assert "the bot failed (RuntimeError: the bot broke); a random legal move" in \
            page["events"][0]["text"]


def test_one_games_slow_bot_never_starves_the_others(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """With one worker, a game of slow bots (0.4 s a turn) and a game of quick ones share it in
    turn: the quick game moves on all the time, not after the slow one (counted in turns: a
    worker decides a bot's turn at a time)."""
    monkeypatch.setitem(bots.LEVELS, "hard", Level("mcts:secs=0.4", "Search bot", 5.0))
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=1)
    with TestClient(app) as client:
        slow = new_game(client, game="the-river", players=2, seed=1,
                        seats=[{"kind": "bot", "agent": "hard"}] * 2)["id"]
        quick = new_game(client, game="the-river", players=2, seed=2,
                         seats=[{"kind": "bot", "agent": "easy"}] * 2)["id"]
        time.sleep(4.0)
        slow_turns = state(client, slow)["view"]["turns_taken"]
        quick_turns = state(client, quick)["view"]["turns_taken"]
    assert slow_turns >= 3, slow_turns
    assert quick_turns >= slow_turns - 1, (slow_turns, quick_turns)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_bot_workers_end_with_the_server_however_it_ends(tmp_path: Path, how: int) -> None:
    """The workers run at a lower priority than the server (nice +10), and end when the server
    ends: stopped (SIGTERM) or killed outright (SIGKILL)."""
    server = Server(f"sqlite:///{tmp_path / 'g.db'}", tmp_path, workers=1)
    try:
        workers = []
        for _ in range(100):
            workers = [pid for pid in children(server.pid)
                       if niceness(pid) == niceness(server.pid) + WORKER_NICE]
            if workers:
                break
            time.sleep(0.1)
        assert workers, "no bot worker started"
        server.kill(how)
        for _ in range(100):
            if not any(alive(pid) for pid in workers):
                break
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers)
    finally:
        server.stop()


def test_a_bots_turn_is_decided_by_one_agent_on_one_budget() -> None:
    """A worker decides the bot's whole turn with one agent: the decisions are those a search
    bot makes with the turn's budget (later decisions going on in the first one's tree), and
    they stop where the turn does."""
    import upriver
    from upriver.agents.mcts import MCTSAgent

    game = upriver.new_game("wayfarers", players=2, seed=3)
    turn = json.loads(bots.decide_turn(game.to_json(), "mcts:iters=60", 9))
    agent = MCTSAgent(9, iters=60)
    seat, taken = game.to_move, game.turns_taken
    for decision in turn:
        assert (game.to_move, game.turns_taken) == (seat, taken)
        assert agent.choose(game) == decision
        game.play(decision)
    assert len(turn) > 1 and (game.to_move, game.turns_taken) != (seat, taken)
    assert agent.turn_spent()[0] <= 60


def test_the_web_asks_for_a_bots_turn_once_and_shows_each_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots in a game of Wayfarers: one job per turn, each of its decisions stored and shown."""
    monkeypatch.setitem(bots.LEVELS, "hard", Level("mcts:iters=20", "Search bot", 30.0))
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=0)
    with TestClient(app) as client:
        made = new_game(client, game="wayfarers", players=2, seed=4,
                        seats=[{"kind": "bot", "agent": "hard"}] * 2)
        page = wait_until(client, made["id"], lambda p: p["ply"] >= 12)
        stats = app.state.host.stats
        assert not page["events"]  # no fallback: every decision was the bot's own
    assert 0 < stats["bot_turns"] < stats["bot_decisions"]


def test_games_stored_with_a_levels_former_spec_play_at_that_level() -> None:
    """The hard level's budget became per turn (``mcts:iters=3000``); a game an older upriver
    stored with its former spec (``mcts:secs=1``) plays at the hard level, and any other spec
    at the medium one, never without a limit."""
    hard = bots.LEVELS["hard"]
    assert hard.spec == "mcts:iters=3000"
    assert bots.level_of("hard") is hard
    assert bots.level_of("mcts:iters=3000") is hard
    assert bots.level_of("mcts:secs=1") is hard
    assert bots.level_of("mcts:secs=100") is bots.LEVELS["medium"]


def test_a_free_worker_goes_to_the_most_urgent_ask_then_to_the_first() -> None:
    """Workers go first to a bot's turn where people play (someone is waiting), then to a
    review, then to games of bots alone; among equals, in the order they asked. An ask given
    up meanwhile is passed over."""
    import asyncio

    from upriver.server.bots import BOTS_ALONE, PEOPLE_WAIT, REVIEW, Handout

    async def scenario() -> list[str]:
        handout = Handout()
        handout.put("worker")
        worker = await handout.get(BOTS_ALONE)  # free: at once
        order: list[str] = []

        async def ask(name: str, urgency: int) -> None:
            got = await handout.get(urgency)
            order.append(name)
            await asyncio.sleep(0)
            handout.put(got)

        asks = [asyncio.create_task(ask(name, urgency)) for name, urgency in [
            ("bots 1", BOTS_ALONE), ("review", REVIEW), ("gone", PEOPLE_WAIT),
            ("bots 2", BOTS_ALONE), ("people", PEOPLE_WAIT)]]
        await asyncio.sleep(0)  # every ask is waiting
        asks[2].cancel()
        handout.put(worker)
        await asyncio.gather(*asks, return_exceptions=True)
        return order

    assert asyncio.run(scenario()) == ["people", "review", "bots 1", "bots 2"]


def test_a_bots_turn_is_urgent_where_people_play(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The server asks for a bot's turn as urgent in a game with a person at the table, and as
    the least urgent in a game of bots alone."""
    from upriver.server.bots import BOTS_ALONE, PEOPLE_WAIT

    asked: dict[str, int] = {}
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=0)
    with TestClient(app) as client:
        pool = app.state.host.bots
        turn = pool.turn

        async def spy(saved: str, spec: str, seed: int, limit: float,
                      urgency: int = PEOPLE_WAIT) -> list[str]:
            asked[json.loads(saved)["game"]] = urgency
            return await turn(saved, spec, seed, limit, urgency)

        monkeypatch.setattr(pool, "turn", spy)
        new_game(client, game="the-river", players=2, seed=1,
                 seats=[{"kind": "bot", "agent": "easy"}, {"kind": "human"}])
        new_game(client, game="twelve-rivers", players=2, seed=1,
                 seats=[{"kind": "bot", "agent": "easy"}] * 2)
        end = time.monotonic() + 30
        while len(asked) < 2 and time.monotonic() < end:
            time.sleep(0.05)
    assert asked == {"the-river": PEOPLE_WAIT, "twelve-rivers": BOTS_ALONE}
