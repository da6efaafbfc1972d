"""Playing on the server: live pages, hidden information, races, undo, bots, replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

import upriver
from tests.server.conftest import act, new_game, state
from upriver.server import create_app

HUMANS = [{"kind": "human"}] * 4


def reference(page: dict[str, Any], seed: int, actions: list[str]) -> upriver.Game:
    """The same game played locally from the same seed and decisions."""
    g = upriver.new_game(page["game"], players=len(page["seats"]), seed=seed, **page["options"])
    for action in actions:
        g.play(action)
    return g


def roundtrip(data: Any) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game", ["twelve-rivers", "the-river"])
def test_every_page_sent_is_exactly_what_its_seat_may_see(client: TestClient, game: str) -> None:
    """A whole 4-human game with every seat and a spectator watching live: each message's view
    is ``view(seat)`` of the same position, its SVG is drawn from that view alone, its log is
    ``log(seat)`` (12 Rivers: other seats' deliveries hidden until all have delivered), legal
    actions go only to the seat to move, and scores only come at the end."""
    seed = 21
    made = new_game(client, game=game, players=4, seats=HUMANS, seed=seed)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    rng = random.Random(seed)
    sockets = [client.websocket_connect(f"/api/games/{gid}/live?seat={s}&token={tokens[s]}")
               for s in range(4)] + [client.websocket_connect(f"/api/games/{gid}/live")]
    pages = [ws.__enter__() for ws in sockets]
    checked = hidden = 0
    played: list[str] = []
    try:
        for ply in range(2000):
            seen = [p.receive_json() for p in pages]
            g = reference(seen[0], seed, played)
            for seat, page in zip([0, 1, 2, 3, None], seen, strict=True):
                assert page["ply"] == ply == len(g.history)
                assert page["view"] == roundtrip(g.view(seat))
                assert page["log"] == roundtrip(g.log(seat))
                hidden += page["log"] != roundtrip(g.history)
                assert page["svg"] == upriver.render_svg(game, g.view(seat))
                mine = seat is not None and g.to_move == seat
                assert page["legal"] == (g.legal_actions() if mine else [])
                assert ("scores" in page) == g.is_over
                checked += 1
            if g.is_over:
                break
            mover = g.to_move
            assert mover is not None
            action = rng.choice(g.legal_actions())
            response = act(client, gid, mover, tokens[mover], action, ply)
            assert response.status_code == 200, response.text
            played.append(action)
        else:
            pytest.fail("the game did not end")
    finally:
        for ws in sockets:
            ws.__exit__(None, None, None)
    assert seen[4]["scores"] == g.scores() and seen[4]["winners"] == g.winners()
    assert seen[4]["log"] == roundtrip(g.history)  # all shown at the end
    assert checked > 500
    assert (hidden > 0) == (game == "twelve-rivers")


async def race(app: Any, gid: str, body: dict[str, Any]) -> list[int]:
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
        responses = await asyncio.gather(*[
            c.post(f"/api/games/{gid}/actions", json=body) for _ in range(6)])
    return sorted(r.status_code for r in responses)


def test_racing_decisions_apply_exactly_once(db_url: str) -> None:
    """Six copies of one decision sent at once: one applies, the others are stale."""
    app = create_app(db_url, bot_delay=0.0, bot_workers=0)
    with TestClient(app) as client:
        made = new_game(client, game="the-river", players=2,
                        seats=[{"kind": "human"}, {"kind": "human"}], seed=5)
        gid = made["id"]
        first = state(client, gid)
        seat = first["to_move"]
        token = made["seats"][seat]["token"]
        action = state(client, gid, seat, token)["legal"][0]
        body = {"seat": seat, "token": token, "action": action, "ply": 0}
        # On the app's own event loop (the test client's portal): the server's per-game locks
        # and its listener live there.
        assert client.portal is not None
        statuses = client.portal.call(race, app, gid, body)
        assert statuses == [200, 409, 409, 409, 409, 409]
        after = state(client, gid)
        assert after["ply"] == 1 and after["log"] == [[seat, action]]
    # The database agrees after a restart.
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        assert state(client, gid)["log"] == [[seat, action]]


@contextlib.contextmanager
def two_servers(db_url: str, seed: int) -> Iterator[tuple[TestClient, TestClient, str, int,
                                                          str]]:
    """Two apps on one database (as two server processes), a 2-human 12 Rivers game made on
    the first, and the seat to move with its token."""
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as one, \
            TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as two:
        made = new_game(one, game="twelve-rivers", players=2,
                        seats=[{"kind": "human"}, {"kind": "human"}], seed=seed)
        seat = state(one, made["id"])["to_move"]
        yield one, two, made["id"], seat, made["seats"][seat]["token"]


def test_two_servers_racing_on_one_database_store_one_decision(db_url: str) -> None:
    """Two server processes (two apps here) take the same decision: the database's key on
    (game, decision number) lets one through; the other is told it is stale and reloads (on
    PostgreSQL it has usually heard of the first decision already, and says so)."""
    with two_servers(db_url, seed=8) as (one, two, gid, seat, token):
        legal = state(one, gid, seat, token)["legal"]
        assert state(two, gid, seat, token)["legal"] == legal
        assert act(one, gid, seat, token, legal[0], 0).status_code == 200
        late = act(two, gid, seat, token, legal[-1], 0)
        assert late.status_code == 409 and late.json()["error"].startswith("stale: ")
        assert state(two, gid)["log"] == state(one, gid)["log"] == [[seat, legal[0]]]


def test_the_game_tells_a_draw_or_a_refilled_display_from_a_placement() -> None:
    """Undo stops at decisions that turned up something hidden, as the game itself says
    (``hidden_from``): drawing a card does, and so does taking a face-up card, which turns up
    the next card of the pile; placing a marker does not."""
    g = upriver.new_game("twelve-rivers", players=2, seed=3)
    seen = {"draw": 0, "display": 0, "place": 0}
    rng = random.Random(3)
    while not g.is_over and not all(seen.values()):
        seat = g.to_move
        assert seat is not None
        action = rng.choice(g.legal_actions())
        before = g.hidden_from(seat)
        g.play(action)
        changed = g.hidden_from(seat) != before
        if action == "draw from pile":
            assert changed
            seen["draw"] += 1
        elif action.startswith("take ") and action.endswith(" from display"):
            assert changed
            seen["display"] += 1
        elif action.startswith("place ") and g.to_move == seat:
            assert not changed
            seen["place"] += 1
    assert all(seen.values()), seen


def test_undo_own_last_decisions_until_another_seat_acts(client: TestClient) -> None:
    """A seat may take back its own run of decisions that revealed nothing; once another seat
    acted, or a decision showed something, it may not."""
    made = new_game(client, game="twelve-rivers", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=12)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    seat = state(client, gid)["to_move"]
    start = state(client, gid, seat, tokens[seat])
    assert not start["can_undo"]
    place = next(a for a in start["legal"] if a.startswith("place "))
    after = act(client, gid, seat, tokens[seat], place, 0).json()
    assert after["can_undo"] and after["ply"] == 1
    other = 1 - seat
    assert not state(client, gid, other, tokens[other])["can_undo"]
    refused = client.post(f"/api/games/{gid}/undo",
                          json={"seat": other, "token": tokens[other], "ply": 1})
    assert refused.status_code == 409 and "nothing to undo" in refused.json()["error"]
    undone = client.post(f"/api/games/{gid}/undo",
                         json={"seat": seat, "token": tokens[seat], "ply": 1})
    assert undone.status_code == 200, undone.text
    assert undone.json() == start
    # Play on until the other seat has acted: then the first seat's decisions are fixed.
    ply = 0
    while True:
        page = state(client, gid, 0, tokens[0])
        mover = page["to_move"]
        if mover == other:
            break
        act(client, gid, mover, tokens[mover], state(client, gid, mover, tokens[mover])
            ["legal"][0], page["ply"])
        ply += 1
    page = state(client, gid, other, tokens[other])
    act(client, gid, other, tokens[other], page["legal"][0], page["ply"])
    if state(client, gid)["to_move"] == seat:
        mine = state(client, gid, seat, tokens[seat])
        assert not mine["can_undo"]
        response = client.post(f"/api/games/{gid}/undo",
                               json={"seat": seat, "token": tokens[seat], "ply": mine["ply"]})
        assert response.status_code == 409


@pytest.mark.parametrize("taking", ["draw from pile", "from display"])
def test_undo_stops_at_a_card_drawn_or_turned_up(client: TestClient, taking: str) -> None:
    """Drawing a card, or taking a face-up one (the next card of the pile is turned up in its
    place), can never be taken back: the game says it turned up something hidden."""
    made = new_game(client, game="twelve-rivers", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=3)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    for _ in range(400):
        page = state(client, gid)
        mover = page["to_move"]
        mine = state(client, gid, mover, tokens[mover])
        wanted = [a for a in mine["legal"] if a.endswith(taking)]
        action = wanted[0] if wanted else mine["legal"][0]
        after = act(client, gid, mover, tokens[mover], action, mine["ply"]).json()
        if wanted:
            assert not after["can_undo"]
            response = client.post(f"/api/games/{gid}/undo",
                                   json={"seat": mover, "token": tokens[mover],
                                         "ply": after["ply"]})
            assert response.status_code == 409
            assert state(client, gid)["ply"] == after["ply"]
            return
    pytest.fail("nobody drew a card")


def wait_for(client: TestClient, gid: str, done: Any, tries: int = 600) -> dict[str, Any]:
    """Poll the public page until ``done(page)`` (bots play in a thread)."""
    for _ in range(tries):
        page = state(client, gid)
        if done(page):
            return page
        time.sleep(0.02)
    pytest.fail("the bots did not get there")


def test_a_seat_handed_to_a_bot_is_played_by_it(client: TestClient) -> None:
    """The host (or the seat itself) hands a seat whose player left to a bot; others may not."""
    made = new_game(client, game="the-river", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=6)
    gid = made["id"]
    t0, t1 = (s["token"] for s in made["seats"])
    refused = client.post(f"/api/games/{gid}/seats/1/bot", json={"token": t0})
    assert refused.status_code == 403
    bad = client.post(f"/api/games/{gid}/seats/1/bot", json={"token": t1, "agent": "oracle"})
    assert bad.status_code == 400
    assert state(client, gid)["seats"][1]["kind"] == "human"
    for seat, token in ((0, made["host_token"]), (1, t1)):
        response = client.post(f"/api/games/{gid}/seats/{seat}/bot",
                               json={"token": token, "agent": "easy"})
        assert response.json() == {"seat": seat, "kind": "bot", "agent": "easy"}
    final = wait_for(client, gid, lambda p: p["over"])
    assert final["winners"] and len(final["log"]) == final["ply"]
    listing = client.get("/api/games").json()["games"]
    assert [g["status"] for g in listing] == ["over"]
    assert listing[0]["result"] == {"scores": final["scores"], "winners": final["winners"]}


def test_games_survive_a_restart_and_bots_carry_on(db_url: str) -> None:
    """Stop the server mid-game: after a restart every page is as it was and the bots resume."""
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        made = new_game(client, game="twelve-rivers", players=3,
                        seats=[{"kind": "human"}, {"kind": "bot", "agent": "easy"},
                               {"kind": "bot", "agent": "medium"}], seed=9)
        gid, token = made["id"], made["seats"][0]["token"]
        page = wait_for(client, gid, lambda p: p["to_move"] == 0)
        page = state(client, gid, 0, token)
        assert act(client, gid, 0, token, page["legal"][0], page["ply"]).status_code == 200
        before = state(client, gid, 0, token)
    with TestClient(create_app(db_url, bot_delay=0.0, bot_workers=0)) as client:
        after = state(client, gid, 0, token)
        # The bots may already have moved on: the old position is a prefix of the new one.
        assert after["log"][:before["ply"]] == before["log"]
        assert after["seats"] == before["seats"]
        wait_for(client, gid, lambda p: p["to_move"] == 0 or p["over"])
        mine = state(client, gid, 0, token)
        g = upriver.new_game("twelve-rivers", players=3, seed=9)
        for _, action in mine["log"]:
            g.play(action)
        assert mine["view"] == roundtrip(g.view(0))


def test_replays_step_through_a_finished_game_in_public_view(client: TestClient) -> None:
    made = new_game(client, game="the-river", players=2,
                    seats=[{"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}],
                    seed=4)
    gid = made["id"]
    early = client.get(f"/api/games/{gid}/replay/0")
    assert early.status_code in (200, 409)
    final = wait_for(client, gid, lambda p: p["over"])
    total = final["ply"]
    g = upriver.new_game("the-river", players=2, seed=4)
    for step in range(total + 1):
        if step in (0, 1, total // 2, total):
            r = client.get(f"/api/games/{gid}/replay/{step}").json()
            assert (r["step"], r["total"]) == (step, total)
            assert r["view"] == roundtrip(g.view(None))
            assert r["log"] == [list(m) for m in g.history]
            assert ("scores" in r) == (step == total)
        if step < total:
            g.play(final["log"][step][1])
    assert client.get(f"/api/games/{gid}/replay/{total + 1}").status_code == 404


def test_replays_open_only_once_the_game_is_over(client: TestClient) -> None:
    made = new_game(client, game="the-river", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=4)
    response = client.get(f"/api/games/{made['id']}/replay/0")
    assert response.status_code == 409 and "once the game is over" in response.json()["error"]


def test_the_lobby_lists_games_in_progress_without_their_tokens(client: TestClient) -> None:
    a = new_game(client, game="the-river", players=3,
                 seats=[{"kind": "human", "name": "Ana"}] * 3, seed=1)
    b = new_game(client, game="twelve-rivers", players=2, options={"edition": "2022"},
                 seats=[{"kind": "human"}, {"kind": "bot", "agent": "hard"}], seed=2)
    listing = client.get("/api/games")
    text = listing.text
    games = {g["id"]: g for g in listing.json()["games"]}
    assert set(games) == {a["id"], b["id"]}
    assert games[a["id"]]["seats"][0]["name"] == "Ana"
    assert games[b["id"]]["options"]["edition"] == "2022"
    assert games[b["id"]]["seats"][1]["agent"] == "hard"
    assert games[b["id"]]["seats"][1]["name"] == "Euphrates (search bot, hard)"
    assert games[b["id"]]["name"] == "12 Rivers (2022 first edition)"
    for made in (a, b):
        assert made["host_token"] not in text
        for s in made["seats"]:
            assert s["token"] is None or s["token"] not in text


def test_pages_are_served(client: TestClient) -> None:
    for path in ("/", "/games/x", "/games/x/replay"):
        response = client.get(path)
        assert response.status_code == 200 and "<!doctype html>" in response.text
    for path in ("/static/game.js", "/static/lobby.js", "/static/style.css"):
        assert client.get(path).status_code == 200


def test_a_thinking_bot_does_not_block_the_server(tmp_path: Any) -> None:
    """A bot thinks in a worker process: while it does, the server keeps answering (the hard
    bot's second of search is far longer than the requests made meanwhile)."""
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", bot_delay=0.0, bot_workers=1)
    with TestClient(app) as client:
        made = new_game(client, game="the-river", players=2,
                        seats=[{"kind": "bot", "agent": "hard"},
                               {"kind": "human"}], seed=1)
        gid = made["id"]
        first = state(client, gid)
        assert first["seats"][first["to_move"]]["kind"] == "bot"
        answered = [state(client, gid)["ply"] for _ in range(20)]
        assert answered == [0] * 20
        assert client.get("/api/games").status_code == 200
        wait_for(client, gid, lambda p: p["ply"] > 0, tries=1000)


def test_an_undo_already_made_by_another_server_is_stale(db_url: str) -> None:
    """Two server processes on one database: the second to take back the same decision is
    told it is stale and then shows the position the database holds."""
    with two_servers(db_url, seed=12) as (one, two, gid, seat, token):
        place = next(a for a in state(one, gid, seat, token)["legal"]
                     if a.startswith("place "))
        assert act(one, gid, seat, token, place, 0).status_code == 200
        assert state(two, gid)["ply"] == 1
        body = {"seat": seat, "token": token, "ply": 1}
        assert one.post(f"/api/games/{gid}/undo", json=body).status_code == 200
        late = two.post(f"/api/games/{gid}/undo", json=body)
        assert late.status_code == 409 and "stale" in late.json()["error"]
        assert state(two, gid)["ply"] == 0 and state(two, gid)["log"] == []


def test_every_seat_is_named_apart(client: TestClient) -> None:
    """Bots left unnamed get a river's name by their seat and say their level, and a name a
    person already took gets its seat number, so no two seats read alike in the log, the
    seats list or the final table."""
    made = new_game(client, game="twelve-rivers", players=4, seed=3,
                    seats=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "ana"},
                           {"kind": "bot", "agent": "easy"}, {"kind": "bot", "agent": "easy"}])
    page = state(client, made["id"])
    assert [s["name"] for s in page["seats"]] == ["Ana", "ana (seat 1)",
                                                   "Nile (random bot, easy)",
                                                   "Danube (random bot, easy)"]


def test_a_page_gives_each_seat_its_colour_on_the_board(client: TestClient) -> None:
    """The page carries each seat's colour as the board draws it (The River: its Player
    Board's colour), all different, so the page can show it beside every name."""
    for game in ("twelve-rivers", "the-river", "wayfarers"):
        made = new_game(client, game=game, players=4, seats=HUMANS, seed=5)
        page = state(client, made["id"])
        g = upriver.new_game(game, players=4, seed=5)
        assert page["colours"] == upriver.seat_colours(game, g.view(None))
        assert len(set(page["colours"])) == 4


def test_the_header_names_the_edition_and_the_ai_board(client: TestClient) -> None:
    """The table's name says which 12 Rivers (current rules, or the 2022 first edition and
    its Family Mode) and, in solo Wayfarers, which AI board the person plays against, the
    one dealt at random included."""
    cases = [("twelve-rivers", 2, {"edition": "2022", "family": True},
              "12 Rivers (2022 first edition, Family Mode)"),
             ("twelve-rivers", 2, {}, "12 Rivers (current rules)"),
             ("wayfarers", 1, {"ai_board": "mayor"},
              "Wayfarers of the South Tigris (solo against the Mayor)")]
    for game, players, options, name in cases:
        made = new_game(client, game=game, players=players, options=options, seed=1,
                        seats=[{"kind": "human"}] * players)
        assert state(client, made["id"])["name"] == name
    made = new_game(client, game="wayfarers", players=1, seed=1, seats=[{"kind": "human"}])
    board = upriver.new_game("wayfarers", players=1, seed=1).view(0)["opponent"]["board"]
    assert state(client, made["id"])["name"].endswith(f"(solo against the {board.title()})")
