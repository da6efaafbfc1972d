"""Hostile requests: every one gets a 4xx with a one-line reason, never a 500, and changes
nothing; a foreign web page cannot change anything on a local server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.server.conftest import new_game, state
from tests.tiers import count
from upriver.server.app import relay

HUMANS_2 = [{"kind": "human"}, {"kind": "human"}]


def post_raw(client: TestClient, path: str, body: bytes, **headers: str) -> Any:
    return client.post(path, content=body,
                       headers={"Content-Type": "application/json", **headers})


def lobby_size(client: TestClient) -> int:
    return len(client.get("/api/games").json()["games"])


def test_deeply_nested_json_within_the_size_limit_is_refused(client: TestClient) -> None:
    """A body of 5,000 nested lists is small but would overflow the parser's recursion."""
    for body in (b"[" * 5000 + b"]" * 5000, b'{"a":' * 2500 + b"1" + b"}" * 2500,
                 json.dumps({"game": "the-river", "players": 2,
                             "seats": [[[[[[[[[[[]]]]]]]]]]]}).encode()):
        response = post_raw(client, "/api/games", body)
        assert response.status_code == 400, response.text
        assert "nested too deeply" in response.json()["error"]
    assert lobby_size(client) == 0


@pytest.mark.parametrize("name", ["\ud800", "a\udfffb", "nul\x00byte", "bell\x07", "del\x7f"])
def test_names_with_broken_or_control_characters_are_refused(
        client: TestClient, name: str) -> None:
    """A lone surrogate (not encodable) or a control character (PostgreSQL refuses NUL) in a
    seat's name is a 400, and no game is made."""
    body = json.dumps({"game": "the-river", "players": 2,
                       "seats": [{"kind": "human", "name": name}, {"kind": "human"}]})
    response = post_raw(client, "/api/games", body.encode())
    assert response.status_code == 400, response.text
    assert "control character or a broken character" in response.json()["error"]
    assert lobby_size(client) == 0


def test_an_action_with_a_broken_character_is_refused(client: TestClient) -> None:
    made = new_game(client, game="the-river", players=2, seats=HUMANS_2)
    seat = state(client, made["id"])["to_move"]
    body = json.dumps({"seat": seat, "token": made["seats"][seat]["token"],
                       "action": "take \udc80", "ply": 0})
    response = post_raw(client, f"/api/games/{made['id']}/actions", body.encode())
    assert response.status_code == 400 and state(client, made["id"])["ply"] == 0


@pytest.mark.parametrize(("headers", "status", "message"), [
    ({"Content-Type": "text/plain"}, 415, "application/json"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "application/json"),
    ({"Origin": "http://evil.example"}, 403, "other sites"),
    ({"Origin": "null"}, 403, "other sites"),
    ({"Sec-Fetch-Site": "cross-site"}, 403, "other sites"),
    ({"Sec-Fetch-Site": "same-site"}, 403, "other sites"),
])
def test_changes_need_json_from_this_sites_own_pages(
        client: TestClient, headers: dict[str, str], status: int, message: str) -> None:
    """A foreign page can send a form or a text/plain body with any Origin without asking
    first; every state-changing endpoint refuses anything but JSON from its own pages."""
    made = new_game(client, game="the-river", players=2, seats=HUMANS_2)
    gid = made["id"]
    seat = state(client, gid)["to_move"]
    token = made["seats"][seat]["token"]
    legal = state(client, gid, seat, token)["legal"][0]
    bodies = {
        "/api/games": {"game": "the-river", "players": 2},
        f"/api/games/{gid}/actions": {"seat": seat, "token": token, "action": legal, "ply": 0},
        f"/api/games/{gid}/undo": {"seat": seat, "token": token, "ply": 0},
        f"/api/games/{gid}/seats/{seat}/bot": {"token": made["host_token"], "agent": "easy"},
    }
    for path, body in bodies.items():
        response = client.post(path, content=json.dumps(body).encode(),
                               headers={"Content-Type": "application/json", **headers})
        assert response.status_code == status, (path, response.text)
        assert message in response.json()["error"]
    assert lobby_size(client) == 1 and state(client, gid)["ply"] == 0
    assert state(client, gid)["seats"][seat]["kind"] == "human"


def test_the_sites_own_pages_may_change_things(client: TestClient) -> None:
    """The same requests from this site (Origin = its own host, as a browser sends) work."""
    response = client.post("/api/games", content=json.dumps(
        {"game": "the-river", "players": 2, "seats": HUMANS_2}).encode(), headers={
        "Content-Type": "application/json; charset=utf-8", "Origin": "http://testserver",
        "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 200, response.text


def test_options_without_choices_are_not_accepted_through_the_web(client: TestClient) -> None:
    """The web keeps The River's ``round_limit`` at its default, so the API refuses it too."""
    response = client.post("/api/games", json={"game": "the-river", "players": 2,
                                               "options": {"round_limit": 3}})
    assert response.status_code == 400
    assert response.json()["error"] == "option 'round_limit' is not offered on the web"


def test_an_update_arriving_with_a_message_from_the_page_is_still_sent() -> None:
    """The WebSocket relay reads the page's messages beside the updates: when both are ready at
    once, the update is sent, not dropped."""

    async def scenario() -> list[Any]:
        queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(maxsize=1)
        queue.put_nowait({"ply": 7})  # an update is waiting ...
        sent: list[Any] = []
        messages = [{"type": "websocket.receive", "text": "ping"},  # ... as the page speaks
                    {"type": "websocket.disconnect"}]

        async def receive() -> Any:
            message = messages.pop(0)
            if message["type"] == "websocket.disconnect":
                await asyncio.sleep(0.05)  # the page closes a moment later
            return message

        async def send(payload: Any) -> None:
            sent.append(payload)

        await asyncio.wait_for(relay(receive, send, queue), timeout=5)
        return sent

    assert asyncio.run(scenario()) == [{"ply": 7}]


# ---------------------------------------------------------------- the property

ANY_TEXT = st.text(alphabet=st.characters(blacklist_categories=()), max_size=12)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | ANY_TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(ANY_TEXT, inner, max_size=3),
    max_leaves=12)


@st.composite
def bodies(draw: st.DrawFn) -> tuple[str, Any]:
    """A request body aimed at one endpoint: sometimes any JSON, mostly nearly right."""
    kind = draw(st.sampled_from(["new", "act", "undo", "bot", "junk"]))
    if kind == "junk":
        return draw(st.sampled_from(["new", "act", "undo", "bot"])), draw(JSON_VALUES)
    field = draw(JSON_VALUES)
    if kind == "new":
        seat = {"kind": draw(st.sampled_from(["human", "bot", "robot"])), "name": draw(ANY_TEXT),
                "agent": draw(st.sampled_from(["easy", "hard", "mcts:secs=100000", "x"]))}
        return kind, {"game": draw(st.sampled_from(["the-river", "twelve-rivers", "x"])),
                      "players": draw(st.sampled_from([2, 3, "2", True])),
                      "seats": [seat, {"kind": "human", "name": draw(ANY_TEXT)}],
                      "options": draw(st.sampled_from([{}, {"x": field}, {"edition": field}])),
                      draw(st.sampled_from(["seed", "x"])): field}
    body = {"seat": draw(st.sampled_from([0, 1, -1, 2**40, "0", None])),
            "token": draw(st.sampled_from([field, "x", None])),
            "action": draw(ANY_TEXT), "ply": draw(st.sampled_from([0, -1, field])),
            "agent": draw(st.sampled_from(["easy", "mcts:secs=1", field]))}
    return kind, body


@pytest.mark.tiered
@settings(max_examples=count(150, default=30), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_request_body_or_name_makes_the_server_fail(client: TestClient,
                                                       data: st.DataObject) -> None:
    """Random bodies and names (any JSON; any text, lone surrogates and control characters
    included) sent to every endpoint that takes a body, on SQLite and PostgreSQL: the answer
    is always a 2xx or a 4xx with a one-line reason, never a 500."""
    games = client.get("/api/games").json()["games"]
    gid = games[0]["id"] if games else "none"
    kind, body = data.draw(bodies())
    path = {"new": "/api/games", "act": f"/api/games/{gid}/actions",
            "undo": f"/api/games/{gid}/undo",
            "bot": f"/api/games/{gid}/seats/{data.draw(st.sampled_from([0, 1, 9]))}/bot"}[kind]
    response = post_raw(client, path, json.dumps(body).encode())
    assert response.status_code < 500, (path, body, response.text)
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error, str) and error and "\n" not in error
