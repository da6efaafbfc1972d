"""Wayfarers on the server: a whole two-person game played through the API to the end."""

from __future__ import annotations

import random

import pytest
from starlette.testclient import TestClient

import upriver
from tests.server.conftest import act, new_game, state

pytestmark = pytest.mark.deep  # a whole game of some 800 steps, on each database


def test_a_wayfarers_game_is_played_to_the_end_through_the_api(client: TestClient) -> None:
    """Two people play Wayfarers to its end through the web API: each decision is accepted
    only from the seat to move, each seat's page is that seat's view and board, draw-3 cards
    show only to their drawer, and the final scores and winners match the same game played
    locally."""
    seed = 5
    made = new_game(client, game="wayfarers", players=2,
                    seats=[{"kind": "human"}, {"kind": "human"}], seed=seed)
    gid = made["id"]
    tokens = [s["token"] for s in made["seats"]]
    local = upriver.new_game("wayfarers", players=2, seed=seed)
    rng = random.Random(seed)
    drawn_seen = 0
    for ply in range(6000):
        if local.is_over:
            break
        mover = local.to_move
        assert mover is not None
        page = state(client, gid, mover, tokens[mover])
        assert page["legal"] == local.legal_actions()
        other = state(client, gid, 1 - mover, tokens[1 - mover])
        assert other["legal"] == []
        if isinstance(page["view"]["drawn"], list) and page["view"]["drawn"]:
            drawn_seen += 1
            assert other["view"]["drawn"] == len(page["view"]["drawn"])  # a count only
        legal = local.legal_actions()
        # Mostly the first action (it moves the game on), sometimes any: a game of ~800 steps.
        action = legal[0] if rng.random() < 0.7 else rng.choice(legal)
        refused = act(client, gid, 1 - mover, tokens[1 - mover], action, ply)
        assert refused.status_code in (403, 409), refused.text
        response = act(client, gid, mover, tokens[mover], action, ply)
        assert response.status_code == 200, response.text
        local.play(action)
    else:
        raise AssertionError("the game did not end")
    final = state(client, gid)
    assert final["over"]
    assert final["scores"] == local.scores() and final["winners"] == local.winners()
    assert drawn_seen > 0
