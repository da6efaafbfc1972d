"""Every request is validated: bad ones get a clear error and change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.server.conftest import act, new_game, state
from upriver.core.registry import rules_for

HUMANS_2 = [{"kind": "human"}, {"kind": "human"}]


def lobby_size(client: TestClient) -> int:
    return len(client.get("/api/games").json()["games"])


@pytest.mark.parametrize(("spec", "message"), [
    ({"game": "chess", "players": 2}, "unknown game 'chess'"),
    ({"game": "the-river", "players": 7}, "2-4 players"),
    ({"game": "the-river", "players": True}, "2-4 players"),
    ({"game": "the-river", "players": 2, "options": {"colour": "red"}}, "colour"),
    ({"game": "twelve-rivers", "players": 2, "options": {"edition": "1999"}}, "1999"),
    ({"game": "twelve-rivers", "players": 3,
      "options": {"family": True, "extra_pearl_may_swap": False}},
     "family=true needs edition=2022, but extra_pearl_may_swap=false needs edition=current"),
    ({"game": "twelve-rivers", "players": 2, "options": {"family": 2}},
     "option family must be true or false, not 2"),
    ({"game": "twelve-rivers", "players": 2, "options": {"components": "/etc/passwd"}},
     "not offered on the web"),
    ({"game": "the-river", "players": 2, "seats": [{"kind": "human"}]}, "must list 2 seats"),
    ({"game": "the-river", "players": 2, "seats": [{"kind": "human"}, {"kind": "robot"}]},
     "seat 1 must be"),
    ({"game": "the-river", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "bot", "agent": "oracle"}]},
     "bots on the web are chosen by level (easy, medium, hard), not 'oracle'"),
    ({"game": "the-river", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "bot", "agent": "mcts:secs=100000"}]},
     "not 'mcts:secs=100000'"),
    ({"game": "the-river", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "bot", "agent": "mcts:playout=nosuch"}]},
     "chosen by level"),
    ({"game": "the-river", "players": 2,
      "seats": [{"kind": "human"}, {"kind": "bot", "agent": "greedy"}]}, "chosen by level"),
    ({"game": "the-river", "players": 2, "seed": -1}, "seed"),
    ({"game": "the-river", "players": 2, "turbo": True}, "unknown field 'turbo'"),
    ([1, 2], "expected a JSON object"),
])
def test_a_bad_new_game_request_is_refused_and_creates_nothing(
        client: TestClient, spec: Any, message: str) -> None:
    """Creating a game validates the game, player count, options, seats and seed."""
    response = client.post("/api/games", json=spec)
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert lobby_size(client) == 0


def test_true_false_options_sent_as_numbers_are_stored_as_booleans(client: TestClient) -> None:
    """``{"family": 1}`` is read as true, and the game and the lobby say ``true``."""
    made = new_game(client, game="twelve-rivers", players=2, seats=HUMANS_2,
                    options={"family": 1, "edition": 2022})
    page = state(client, made["id"])
    assert page["options"]["family"] is True and page["options"]["edition"] == "2022"
    listed = client.get("/api/games").json()["games"][0]
    assert listed["options"]["family"] is True


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json",
                           headers={"Content-Type": "application/json"})
    assert (response.status_code, response.json()) == (400, {"error":
                                                             "the request body is not JSON"})
    assert lobby_size(client) == 0


def test_the_catalog_offers_only_options_with_choices(client: TestClient) -> None:
    """Options naming server files (components) or free numbers are not offered on the web."""
    games = client.get("/api/catalog").json()["games"]
    assert set(games) == {"the-river", "twelve-rivers", "wayfarers"}
    assert "components" not in games["twelve-rivers"]["options"]
    assert "round_limit" not in games["wayfarers"]["options"]
    assert "edition" in games["twelve-rivers"]["options"]
    assert games["the-river"]["players"] == [2, 3, 4]


def _a_move_not_legal(game: str, first: dict[str, Any]) -> str:
    """A move of ``game`` (a catalogue text) that the seat to move cannot make now."""
    legal = set(first["legal"])
    return next(text for text in rules_for(game).action_catalogue() if text not in legal)


def bad_decisions(made: dict[str, Any], first: dict[str, Any],
                  game: str) -> list[tuple[dict[str, Any], int, str]]:
    """Decisions that must all be refused at the start of a two-human game."""
    gid = made["id"]
    t0, t1 = made["seats"][0]["token"], made["seats"][1]["token"]
    legal = first["legal"][0]
    mover = first["to_move"]
    other = 1 - mover
    tokens = {0: t0, 1: t1}
    return [
        ({"seat": mover, "token": "not-the-token", "action": legal, "ply": 0}, 403,
         f"wrong token for seat {mover}"),
        ({"seat": mover, "token": tokens[other], "action": legal, "ply": 0}, 403, "wrong token"),
        ({"seat": other, "token": tokens[other], "action": legal, "ply": 0}, 409,
         f"not seat {other}'s"),
        ({"seat": mover, "token": tokens[mover], "action": legal, "ply": 5}, 409, "stale"),
        ({"seat": mover, "token": tokens[mover], "action": "fly away", "ply": 0}, 422,
         "'fly away' names no move of"),
        ({"seat": mover, "token": tokens[mover], "action": _a_move_not_legal(game, first),
          "ply": 0},
         422, "is not legal now"),
        ({"seat": mover, "token": tokens[mover], "ply": 0}, 400, "action must be a text"),
        ({"seat": mover, "token": tokens[mover], "action": legal}, 400, "missing ply"),
        ({"seat": "0", "token": tokens[mover], "action": legal, "ply": 0}, 400,
         "seat must be a number"),
        ({"seat": 9, "token": tokens[mover], "action": legal, "ply": 0}, 404,
         "seat 9 does not exist"),
        ({"seat": mover, "token": tokens[mover], "action": legal, "ply": "0"}, 400,
         "ply must be a number"),
        ({"game": gid}, 400, "missing"),
    ]


@pytest.mark.parametrize("game", ["the-river", "twelve-rivers"])
def test_wrong_seat_bad_token_stale_illegal_or_malformed_decisions_change_nothing(
        client: TestClient, game: str) -> None:
    """Each refused decision names its reason, and every seat's page is as it was."""
    made = new_game(client, game=game, players=2, seats=HUMANS_2, seed=11)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    before = [state(client, gid, s, tokens[s]) for s in (0, 1)]
    mover = before[0]["to_move"]
    for body, status, message in bad_decisions(made, before[mover], game):
        response = client.post(f"/api/games/{gid}/actions", json=body)
        assert response.status_code == status, (body, response.text)
        assert message in response.json()["error"], (body, response.json())
    assert [state(client, gid, s, tokens[s]) for s in (0, 1)] == before
    assert client.post("/api/games/nope/actions", json={}).status_code == 400
    response = client.post("/api/games/nope/actions",
                           json={"seat": 0, "token": "x", "action": "a", "ply": 0})
    assert (response.status_code, response.json()) == (404, {"error": "no game 'nope'"})


def test_a_decision_for_a_bot_seat_is_refused(client: TestClient) -> None:
    made = new_game(client, game="the-river", players=2,
                    seats=[{"kind": "bot", "agent": "easy"}, {"kind": "human"}], seed=2)
    gid = made["id"]
    # The token of a bot seat is never handed out, so even a guessed one is wrong.
    response = act(client, gid, 0, "guess", "take wood", 0)
    assert response.status_code == 403


def test_a_stale_decision_after_the_game_moved_on_is_refused(client: TestClient) -> None:
    """Two pages of one seat: the second sends a decision for a position already gone."""
    made = new_game(client, game="twelve-rivers", players=2, seats=HUMANS_2, seed=4)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    page = state(client, gid, 0, tokens[0])
    seat = page["to_move"]
    page = state(client, gid, seat, tokens[seat])
    assert act(client, gid, seat, tokens[seat], page["legal"][0], 0).status_code == 200
    after = state(client, gid, seat, tokens[seat])
    again = act(client, gid, seat, tokens[seat], page["legal"][0], 0)
    assert again.status_code == 409
    assert "stale: the game is at decision 1, not 0" in again.json()["error"]
    assert state(client, gid, seat, tokens[seat]) == after


def test_websocket_with_a_wrong_token_gets_an_error_and_is_closed(client: TestClient) -> None:
    made = new_game(client, game="the-river", players=2, seats=HUMANS_2, seed=1)
    with client.websocket_connect(f"/api/games/{made['id']}/live?seat=0&token=bad") as ws:
        assert ws.receive_json() == {"error": "wrong token for seat 0"}
        message = ws.receive()
        assert message["type"] == "websocket.close"
        assert message["code"] == 4403


def test_an_oversized_body_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{" + b" " * 20_000 + b"}",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json() == {"error": "request body over 16384 bytes"}
    assert lobby_size(client) == 0
