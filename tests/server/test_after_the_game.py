"""What people do after a game (issue 28): a rematch with the same seats and settings, and
"my games", a browser's games from the seat links it holds. On SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.conftest import new_game, state
from tests.server.test_timers import expire, until

ANA_AND_A_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "easy"}]


def abandoned_game(client: TestClient, db_url: str) -> dict[str, Any]:
    """A finished table, quickly: its person runs out of time at a table that abandons."""
    made = new_game(client, game="twelve-rivers", players=2, seed=8, public=False,
                    seats=[{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}],
                    timer={"seconds": 600, "on_timeout": "abandon", "level": "hard"},
                    options={"edition": "2022"})
    for _ in range(2):
        expire(db_url, made["id"])
        until(lambda: (p := state(client, made["id"]))["status"] == "abandoned"
              or p["clock"]["warned"])
    until(lambda: state(client, made["id"])["status"] == "abandoned")
    return made


def rematch(client: TestClient, game_id: str, token: str) -> Any:
    return client.post(f"/api/games/{game_id}/rematch", json={"token": token})


def test_a_rematch_seats_the_same_table_with_the_same_links(client: TestClient,
                                                            db_url: str) -> None:
    """Asked by a seat once the game is over: a new game of the same game, options, seats,
    names, timer and visibility, with a new seed; each old link's token holds the same seat
    in it. Asked again (by the host too), the same rematch; the old game's pages name it."""
    made = abandoned_game(client, db_url)
    gid, (ana, bo) = made["id"], made["seats"]
    first = rematch(client, gid, ana["token"])
    assert first.status_code == 200, first.text
    new_id = first.json()["id"]
    assert new_id != gid
    assert rematch(client, gid, made["host_token"]).json() == {"id": new_id}
    assert rematch(client, gid, bo["token"]).json() == {"id": new_id}
    assert state(client, gid)["rematch"] == new_id

    old, again = state(client, gid), state(client, new_id, 1, bo["token"])
    assert again["seat"] == 1 and again["status"] == "playing" and again["ply"] == 0
    assert again["game"] == old["game"] and again["options"] == old["options"]
    assert [(s["kind"], s["name"]) for s in again["seats"]] == [
        (s["kind"], s["name"]) for s in old["seats"]]
    assert again["clock"]["turn_seconds"] == 600 and again["clock"]["level"] == "hard"
    assert again["clock"]["on_timeout"] == "abandon" and again["clock"]["deadline"]
    assert state(client, new_id, 0, ana["token"])["seat"] == 0
    assert client.get(f"/api/games/{new_id}?seat=0&token={bo['token']}").status_code == 403
    listed = [g["id"] for g in client.get("/api/games").json()["games"]]
    assert new_id not in listed  # private, as the first game was


def test_a_rematch_is_refused_before_the_end_and_to_strangers(client: TestClient) -> None:
    """A rematch needs the game over and a seat's or the host's token; anything else is
    refused in one line and makes no game."""
    made = new_game(client, game="the-river", players=2, seats=ANA_AND_A_BOT)
    early = rematch(client, made["id"], made["seats"][0]["token"])
    assert early.status_code == 409
    assert early.json()["error"] == "a rematch comes once the game is over"
    stranger = rematch(client, made["id"], "not-a-token")
    assert stranger.status_code == 403 and "\n" not in stranger.json()["error"]
    assert client.post(f"/api/games/{made['id']}/rematch", json={}).status_code == 400
    assert state(client, made["id"])["rematch"] is None


def test_a_person_a_bot_sat_in_for_plays_the_rematch_in_person(client: TestClient,
                                                               db_url: str) -> None:
    """A seat a bot played while its person was away is the person's again in the rematch;
    a seat its person handed to a bot for good stays a bot."""
    made = new_game(client, game="the-river", players=2, seed=2,
                    seats=[{"kind": "human"}, {"kind": "human"}],
                    timer={"seconds": 60, "on_timeout": "bot", "level": "easy"})
    gid = made["id"]
    away = state(client, gid)["to_move"]
    other = 1 - away
    for _ in range(2):
        expire(db_url, gid)
        until(lambda: state(client, gid)["clock"]["warned"]
              or state(client, gid)["seats"][away]["away"])
    until(lambda: state(client, gid)["seats"][away]["away"])
    handed = client.post(f"/api/games/{gid}/seats/{other}/bot",
                         json={"token": made["seats"][other]["token"], "agent": "easy"})
    assert handed.status_code == 200
    until(lambda: state(client, gid)["over"])  # two bots finish it
    new_id = rematch(client, gid, made["seats"][away]["token"]).json()["id"]
    seats = state(client, new_id)["seats"]
    assert (seats[away]["kind"], seats[away]["away"]) == ("human", False)
    assert seats[other]["kind"] == "bot"


def test_my_games_are_the_games_a_browsers_links_prove(client: TestClient) -> None:
    """From a browser's seat links: every game a token proves, public or private, running or
    over, newest first, with the seats held; a mistyped token or an unknown game is left
    out; a malformed request is refused in one line."""
    public = new_game(client, game="the-river", players=2, seats=ANA_AND_A_BOT)
    private = new_game(client, game="twelve-rivers", players=2, public=False,
                       seats=[{"kind": "human"}, {"kind": "human"}])
    other = new_game(client, game="the-river", players=2, seats=ANA_AND_A_BOT)
    links = [
        {"id": public["id"], "seat": 0, "token": public["seats"][0]["token"]},
        {"id": private["id"], "seat": 0, "token": private["seats"][0]["token"]},
        {"id": private["id"], "seat": 1, "token": private["seats"][1]["token"]},
        {"id": other["id"], "seat": 0, "token": "mistyped"},
        {"id": "no-such-game", "seat": 0, "token": "x"},
    ]
    response = client.post("/api/my-games", json={"seats": links})
    assert response.status_code == 200, response.text
    games = response.json()["games"]
    assert [(g["id"], g["held"]) for g in games] == [(private["id"], [0, 1]),
                                                     (public["id"], [0])]
    assert all("token" not in s for g in games for s in g["seats"])
    for bad in ({"seats": "all"}, {"seats": [{"id": 3}]}, {"seats": [links[0]] * 151}, []):
        refused = client.post("/api/my-games", json=bad)
        assert refused.status_code == 400 and "\n" not in refused.json()["error"]
