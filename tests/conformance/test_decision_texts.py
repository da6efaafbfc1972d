"""A decision's text names one move, and a move has one text (issue 25): checked on every game
by what the moves do, not by what their texts say.

- In one position, two legal actions never do the same thing (two texts, one move).
- A move keeps its text whatever was played before it: where two decisions can be taken in
  either order and reach the same position, each has the same text before and after the other
  (so "pay wood" is not renamed because another wood was paid first). Wayfarers names an
  effect's step by its part and step alone, checked in tests/wayfarers/test_decision_texts.py.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import upriver
from tests.conformance.configs import default_configurations
from upriver.core.game import Game

POSITIONS = 40  # sampled positions per configuration
WIDE = 24  # positions with more choices than this are checked on a sample of them


def _state(g: Game) -> str:
    return json.dumps(g.rules.state_to_dict(g.state), sort_keys=True)


def _positions(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Game]:
    """Random points of random games, several per game."""
    rng = random.Random(seed)
    out: list[Game] = []
    for k in range(8):
        g = upriver.new_game(game_id, players=players, seed=seed * 10 + k, **options)
        marks = set(rng.sample(range(300), POSITIONS // 8))
        n = 0
        while not g.is_over and n < 300:
            if n in marks:
                out.append(g.clone())
            g.play(rng.choice(g.legal_actions()))
            n += 1
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_no_two_legal_actions_of_a_position_do_the_same(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """Every legal action of a position leads to a position of its own: two texts never name
    one move."""
    for g in _positions(game_id, players, options, seed=players):
        after: dict[str, str] = {}
        for action in g.legal_actions():
            child = g.clone()
            child.play(action)
            key = _state(child)
            assert key not in after, f"{action!r} and {after[key]!r} do the same"
            after[key] = action


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_a_move_keeps_its_text_whatever_was_played_before_it(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """Where a then b and b then a reach one position (the two decisions are independent), b
    has the same text after a as before it, and a the same after b: a move's name never
    depends on what else was done first."""
    rng = random.Random(players)
    pairs = 0
    for g in _positions(game_id, players, options, seed=players + 100):
        if g.to_move is None:
            continue
        first = g.legal_actions()
        if len(first) > WIDE:
            first = rng.sample(first, WIDE)
        routes: dict[str, tuple[str, str]] = {}
        for a in first:
            child = g.clone()
            child.play(a)
            if child.to_move != g.to_move:
                continue  # the same seat's decisions only: the next seat is another story
            for b in child.legal_actions():
                grandchild = child.clone()
                grandchild.play(b)
                key = _state(grandchild)
                if key not in routes:
                    routes[key] = (a, b)
                    continue
                x, y = routes[key]  # x then y reached it too
                if x == a:
                    continue  # one first move: the test above is about two that do the same
                # Two routes to one position from two first moves. A transposition names each
                # second move as the other route's first one; a move renamed by what was
                # played first shows as one of the two named as before and the other not.
                # (Two routes that merely meet, neither a transposition, say nothing.)
                pairs += y == a and b == x
                assert (y == a) == (b == x), (
                    f"one move, two texts: {x!r} then {y!r}, and {a!r} then {b!r}, reach "
                    f"the same position")
    if game_id != "the-river":  # its turns are one decision each: nothing commutes there
        assert pairs > 0, "no two independent decisions were found"
