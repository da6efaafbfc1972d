"""What a solo player sees of the opponent: each step of its turn with the Scheme card that drove
it, everything public but the order of its face-down Scheme pile."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import upriver
from tests.wayfarers.helpers import state
from tests.wayfarers.solo_helpers import (
    BOARDS,
    human_pass,
    new_solo,
    opponent_turn,
    scheme_index,
    set_next,
)
from upriver.games.wayfarers import opponent, opponent_log
from upriver.games.wayfarers.state import AI_LOG, AI_REVEALED


def test_the_opponent_turn_is_listed_step_by_step_from_its_scheme_card() -> None:
    """The view lists the opponent's turn in order: the revealed Scheme card with its Silver
    value and comet, the Resource Track move, which of the card's actions it took, then what
    that action did."""
    g = new_solo("mayor", seed=2)
    set_next(g, "red-1")
    opponent_turn(g)
    did = g.view(0)["opponent"]["since_its_turn_began"]
    assert did[0] == "revealed Scheme red-1 (Silver 1, comet)"
    assert did[1] == "Resource Track 0 -> 1"
    # No Blue Influence to pay 2 for a Water card: the second action, Blue Influence & a tile.
    assert did[2] == "red-1: the first action is impossible, its second"
    assert did[3] == "Influence on the blue Guild"
    assert did[4].startswith("gains tile ")


def test_the_scheme_pile_order_is_hidden_and_resampled_for_search() -> None:
    """The face-down Scheme cards' order is hidden from the human (WF-ACQ-18): the view shows
    only their number, and a determinised copy keeps the view but reorders the pile."""
    g = new_solo("stargazer", seed=4)
    view = g.view(0)
    assert view["opponent"]["scheme_pile"] == 6
    orders = set()
    for seed in range(12):
        twin = g.determinize(0, seed)
        assert twin.view(0) == view
        orders.add(tuple(state(twin).schemes))
    assert len(orders) > 1
    before = g.rules.hidden_from(state(g), 0)
    state(g).schemes.reverse()
    assert g.rules.hidden_from(state(g), 0) != before


def test_every_opponent_step_has_a_line() -> None:
    """Over random solo games against each AI board, every event the opponent logs renders as
    a line, and the common ones all occur."""
    seen: set[int] = set()
    for k, board in enumerate(BOARDS):
        g = new_solo(board, seed=k)
        rng = random.Random(k)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            events = state(g).ai[AI_LOG]
            seen |= set(events[0::3])
            lines = g.view(0)["opponent"]["since_its_turn_began"]
            assert len(lines) == len(events) // 3
            assert all(isinstance(x, str) and x for x in lines)
    common = {opponent.E_REVEAL, opponent.E_REST, opponent.E_TRACK, opponent.E_FIRST,
              opponent.E_SECOND, opponent.E_INFLUENCE, opponent.E_TAKE, opponent.E_TILE,
              opponent.E_JOURNAL, opponent.E_SHUFFLE}
    assert common <= seen


def test_a_rest_turn_is_listed_with_its_reshuffle() -> None:
    """A Rest turn's lines say why it rests and end with the new Scheme pile."""
    g = new_solo("wayfarer", seed=5)
    for sid in ("blue-1", "blue-2", "blue-3"):
        set_next(g, sid)
        opponent_turn(g)
    assert state(g).ai[AI_REVEALED] == [scheme_index(s) for s in ("blue-1", "blue-2", "blue-3")]
    human_pass(g)  # the opponent now rests
    did = g.view(0)["opponent"]["since_its_turn_began"]
    assert did[0] == "rests: 3 face-up Scheme cards of one colour"
    assert did[-1] == "shuffles the Scheme cards into a new pile"


def test_the_opponent_log_keeps_every_step_of_every_turn_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game that follows its opponent (``Game.follow_opponents``, as the web does) keeps
    each of its steps once, in order, numbered by the decision it came with: all the lines of
    every finished turn (taken as each new turn clears them) and of the turn under way. Two
    turns in a row never begin alike (``automatic_lines``' promise), checked on the way."""
    finished: list[list[str]] = []
    original = opponent.start_turn

    def start_turn(st: Any) -> None:
        if st.ai[AI_LOG]:
            finished.append(opponent_log.lines(st))
        original(st)

    monkeypatch.setattr(opponent, "start_turn", start_turn)
    for seed, board in enumerate(("stargazer", "inventor", "mayor", "wayfarer")):
        finished.clear()
        game = upriver.new_game("wayfarers", players=1, seed=seed, ai_board=board)
        game.follow_opponents()
        rng = random.Random(seed)
        plies = []
        while not game.is_over:
            game.play(rng.choice(game.legal_actions()))
            plies.append(len(game.history))
        expected = [line for turn in finished for line in turn]
        expected += opponent_log.lines(game.state)
        kept = game.opponent_log()
        assert [line for _, line in kept] == expected
        assert len(finished) > 5
        assert all(a[0] != b[0] for a, b in itertools.pairwise(finished))
        assert [n for n, _ in kept] == sorted(n for n, _ in kept)
        assert {n for n, _ in kept} <= set(plies)


def test_a_game_not_asked_to_follow_its_opponent_keeps_nothing() -> None:
    """Searches and plain games never pay for the opponent's log: it stays empty unless
    asked for, and a clone (a search's copy) does not follow."""
    game = upriver.new_game("wayfarers", players=1, seed=3, ai_board="mayor")
    rng = random.Random(3)
    for _ in range(20):
        game.play(rng.choice(game.legal_actions()))
    assert game.opponent_log() == []
    game.follow_opponents()
    twin = game.clone()
    for _ in range(20):
        action = rng.choice(game.legal_actions())
        game.play(action)
        twin.play(action)
    assert game.opponent_log() and twin.opponent_log() == []
