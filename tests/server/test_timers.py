"""Turn timers and absent players (issue 28), on SQLite and PostgreSQL.

Time is moved on by writing the turn's deadline into the past in the database itself, as the
passing of time would leave it; the server's own sweep (every second) does the rest.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from typing import Any

import pytest
from starlette.testclient import TestClient

import upriver
from tests.server.conftest import act, new_game, state
from upriver.server import create_app
from upriver.server.store import engine_for
from upriver.server.tables import games
from upriver.server.timers import Timer, deadline_after

HUMANS = [{"kind": "human"}, {"kind": "human"}]
WAIT = 10.0  # seconds a test waits for the sweep, at most


def expire(db_url: str, game_id: str) -> None:
    """Move the game's clock past its deadline."""
    engine = engine_for(db_url)
    with engine.begin() as db:
        db.execute(games.update().where(games.c.id == game_id).values(
            deadline=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=1)))
    engine.dispose()


def until(check: Callable[[], Any]) -> Any:
    """Poll ``check`` until it gives something true (bounded)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.1)
    raise AssertionError("the server did not get there in time")


def deadline(page: dict[str, Any]) -> dt.datetime:
    return dt.datetime.fromisoformat(page["clock"]["deadline"])


def timed(client: TestClient, seconds: int = 60, on_timeout: str = "bot",
          **spec: Any) -> dict[str, Any]:
    return new_game(client, game="the-river", players=2, seats=HUMANS, seed=5,
                    timer={"seconds": seconds, "on_timeout": on_timeout, "level": "easy"},
                    **spec)


@pytest.mark.parametrize(("timer", "reason"), [
    ({"seconds": 5}, "seconds must be a whole number from 10"),
    ({"seconds": 10**7}, "seconds must be a whole number from 10"),
    ({"seconds": "60"}, "seconds must be a whole number"),
    ({"seconds": 60, "on_timeout": "wait"}, "on_timeout must be bot or abandon"),
    ({"seconds": 60, "level": "godlike"}, "bots on the web are chosen by level"),
    ({"seconds": 60, "colour": "red"}, "unknown field 'colour'"),
    ("fast", "timer must be an object"),
])
def test_a_bad_timer_is_refused_in_one_line(client: TestClient, timer: Any,
                                            reason: str) -> None:
    """A timer out of range or misspelt is refused in one line, and no game is made."""
    before = client.get("/api/games").json()["games"]
    response = client.post("/api/games", json={"game": "the-river", "players": 2,
                                               "seats": HUMANS, "timer": timer})
    assert response.status_code == 400
    error = response.json()["error"]
    assert reason in error and "\n" not in error
    assert client.get("/api/games").json()["games"] == before


def test_a_persons_turn_has_its_time_and_a_bots_none(client: TestClient) -> None:
    """Without a timer there is no clock. With one, the person to move has until the turn's
    deadline; the next person's turn starts a fresh one; a bot to move runs no clock."""
    plain = new_game(client, game="the-river", players=2, seats=HUMANS)
    assert state(client, plain["id"])["clock"] is None

    made = timed(client, seconds=120)
    page = state(client, made["id"])
    start = dt.datetime.now(dt.UTC)
    assert page["clock"]["turn_seconds"] == 120 and page["clock"]["warned"] is False
    assert page["clock"]["grace"] == 30 and page["clock"]["level"] == "easy"
    assert 100 < (deadline(page) - start).total_seconds() <= 120
    first, seats = page["to_move"], made["seats"]
    while page["to_move"] == first:  # the first seat's turn, decision by decision
        before = deadline(page)
        response = act(client, made["id"], first, seats[first]["token"], page_legal(
            client, made, first)[0], page["ply"])
        assert response.status_code == 200, response.text
        page = state(client, made["id"])
        if page["to_move"] == first:
            assert deadline(page) == before  # a turn spread over decisions has one clock
    assert deadline(page) > before

    bots = new_game(client, game="the-river", players=2, seed=5,
                    seats=[{"kind": "bot", "agent": "easy"}, {"kind": "human"}],
                    timer={"seconds": 60})
    page = until(lambda: (p := state(client, bots["id"]))["to_move"] == 1 and p)
    assert page["clock"]["deadline"] is not None  # the bot's turns ran no clock: see below


def page_legal(client: TestClient, made: dict[str, Any], seat: int) -> list[str]:
    page = state(client, made["id"], seat, made["seats"][seat]["token"])
    legal: list[str] = page["legal"]
    return legal


def test_one_turn_is_the_seats_run_of_decisions_or_a_counted_turn() -> None:
    """The clock runs per turn: kept while the same turn goes on, new when the seat to move
    changes or, in a game that counts turns (solo Wayfarers, one seat), when a turn ends."""
    timer = Timer(60, "bot", "medium")
    now = dt.datetime(2026, 12, 4, tzinfo=dt.UTC)
    game = upriver.new_game("wayfarers", players=1, seed=2)
    new_turns = kept = 0
    for _ in range(300):
        before = (game.to_move, game.turns_taken)
        game.play(game.legal_actions()[0])
        if game.is_over:
            break
        got = deadline_after(game, before, timer, [True], now)
        if game.turns_taken == before[1]:
            assert got is not None and not isinstance(got, dt.datetime)
            kept += 1
        else:
            assert got == now + dt.timedelta(seconds=60)
            new_turns += 1
    assert new_turns >= 5 and kept >= 20
    assert deadline_after(game, None, None, [True], now) is None  # no timer
    duel = upriver.new_game("the-river", players=2, seed=1)
    seat = duel.to_move
    assert seat is not None
    humans = [s != seat for s in range(2)]
    assert deadline_after(duel, None, timer, humans, now) is None  # a bot to move


def test_running_out_warns_then_a_bot_plays_until_the_person_comes_back(
        client: TestClient, db_url: str) -> None:
    """Out of time, the person is warned and given the grace time; out of that too, a bot of
    the table's level plays their seat (marked away) and the game goes on; coming back with
    their link, they take the seat again, with a fresh clock if it is their turn."""
    made = timed(client, seconds=40)
    gid, seat = made["id"], state(client, made["id"])["to_move"]
    token, ply = made["seats"][seat]["token"], state(client, made["id"])["ply"]
    expire(db_url, gid)
    page = until(lambda: (p := state(client, gid))["clock"]["warned"] and p)
    assert 5 < (deadline(page) - dt.datetime.now(dt.UTC)).total_seconds() <= 10  # the grace
    assert page["seats"][seat]["kind"] == "human"

    expire(db_url, gid)
    page = until(lambda: (p := state(client, gid))["seats"][seat]["away"] and p)
    assert page["seats"][seat]["kind"] == "bot" and page["seats"][seat]["agent"] == "easy"
    until(lambda: state(client, gid)["ply"] > ply)  # the bot plays on for them

    refused = client.post(f"/api/games/{gid}/seats/{1 - seat}/back",
                          json={"token": made["seats"][1 - seat]["token"]})
    assert refused.status_code == 409 and "not played by a bot" in refused.json()["error"]
    wrong = client.post(f"/api/games/{gid}/seats/{seat}/back",
                        json={"token": made["seats"][1 - seat]["token"]})
    assert wrong.status_code == 403
    back = client.post(f"/api/games/{gid}/seats/{seat}/back", json={"token": token})
    assert back.status_code == 200, back.text
    page = state(client, gid)
    assert page["seats"][seat] == {**page["seats"][seat], "kind": "human", "away": False}
    if page["to_move"] == seat:
        assert (deadline(page) - dt.datetime.now(dt.UTC)).total_seconds() > 30


def test_running_out_abandons_the_game_where_the_table_chose_so(client: TestClient,
                                                               db_url: str) -> None:
    """With ``on_timeout = "abandon"``, a person out of time and grace ends the game for
    everyone: it is listed as abandoned and every decision is refused in one line."""
    made = timed(client, on_timeout="abandon")
    gid = made["id"]
    page = state(client, gid)
    seat = page["to_move"]
    expire(db_url, gid)
    until(lambda: state(client, gid)["clock"]["warned"])
    expire(db_url, gid)
    page = until(lambda: (p := state(client, gid))["status"] == "abandoned" and p)
    assert page["clock"]["deadline"] is None
    response = act(client, gid, seat, made["seats"][seat]["token"], "anything", page["ply"])
    assert response.status_code == 409
    assert response.json()["error"] == "the game was abandoned: a person ran out of time"
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[gid]["status"] == "abandoned"


def test_a_timer_survives_a_restart(db_url: str) -> None:
    """The deadline is kept in the database: a server started again finds the same one, and
    a turn that ran out while no server ran is dealt with by the next one."""
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as first:
        made = timed(first, seconds=300)
        before = state(first, made["id"])
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as second:
        after = state(second, made["id"])
        assert after["clock"] == before["clock"]
    expire(db_url, made["id"])
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as third:
        until(lambda: state(third, made["id"])["clock"]["warned"])
