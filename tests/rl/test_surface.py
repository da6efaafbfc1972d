"""The learning surfaces' common parts: every game's fixed action catalogue (each legal action
maps to one index and back) and its observation encoding (fixed shape, from the view alone)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import upriver
from tests.conformance.configs import configurations, default_configurations
from upriver.rl.surface import Surface, final_rewards

MAX_DECISIONS = 3_000  # per game; far past the opening of every game


def _random_game(surface: Surface, seed: int) -> Any:
    """Positions along one seeded random game: (game, surface) after each decision."""
    g = surface.new_game(seed)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            return
        yield g
        g.play(rng.choice(g.legal_actions()))


@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_every_legal_action_maps_to_one_catalogue_index_and_back(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """Over a random game of every game, player count and option set: each legal text has
    exactly one index, the index gives the text back, the mask marks exactly those indices,
    and playing an index plays that text."""
    surface = Surface(game_id, players, options)
    assert len(set(surface.actions)) == len(surface.actions)
    decisions = 0
    for g in _random_game(surface, 1000 + players):
        legal = g.legal_actions()
        indices = surface.legal_indices(g)
        assert len(set(indices)) == len(legal)
        assert [surface.action_text(i) for i in indices] == legal
        mask = surface.mask(g)
        assert mask.shape == (surface.num_actions,) and mask.dtype == np.int8
        assert set(np.flatnonzero(mask).tolist()) == set(indices)
        other = [s for s in range(players) if s != g.to_move]
        if other:
            assert not surface.mask(g, other[0]).any()
        decisions += 1
    assert decisions > 0


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_an_observation_has_the_layouts_shape_and_reads_only_the_view(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """Each seat's observation is float32 of the layout's length, finite, and the same for a
    determinised copy for that seat (what it cannot see is resampled there): the encoding can
    never carry hidden information."""
    surface = Surface(game_id, players, options)
    assert surface.size == sum(n for _, n in surface.layout) > 0
    assert all(isinstance(name, str) and n > 0 for name, n in surface.layout)
    checked = 0
    for k, g in enumerate(_random_game(surface, 7 + players)):
        if k % 37:
            continue
        for seat in range(players):
            obs = surface.observation(g, seat)
            assert obs.dtype == np.float32 and obs.shape == (surface.size,)
            assert np.isfinite(obs).all()
            for x in (1, 2):
                twin = g.determinize(seat, x)
                assert np.array_equal(surface.observation(twin, seat), obs)
            checked += 1
    assert checked >= players


def test_a_bad_index_is_refused_in_one_line_and_changes_nothing() -> None:
    """An index outside the catalogue, a non-number, or a legal-looking index of an illegal
    action raises ``IllegalAction`` with a one-line message; the game is unchanged."""
    surface = Surface("the-river", 2)
    g = surface.new_game(3)
    before = g.to_json()
    legal = set(surface.legal_indices(g))
    illegal = next(i for i in range(surface.num_actions) if i not in legal)
    for bad in (-1, surface.num_actions, "3", 2.0, True, illegal):
        with pytest.raises(upriver.IllegalAction) as err:
            surface.play(g, bad)
        assert "\n" not in str(err.value)
        assert g.to_json() == before


def test_a_surface_checks_players_and_options_as_new_game_does() -> None:
    """A bad player count or option is the same one-line ``BadOption`` as ``new_game``'s."""
    with pytest.raises(upriver.BadOption, match="players"):
        Surface("twelve-rivers", 7)
    with pytest.raises(upriver.BadOption, match="no option"):
        Surface("the-river", 2, {"speed": 3})
    with pytest.raises(upriver.BadOption, match="unknown game"):
        Surface("chess", 2)


def test_final_rewards_are_the_margin_or_win_and_loss() -> None:
    """``score``: a seat's score minus the best other (a solo opponent's included); ``win``: 1
    for each winner, -1 for the others."""
    g = upriver.new_game("the-river", players=3, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    scores = g.scores()
    margins = final_rewards(g, "score")
    for s in range(3):
        assert margins[s] == scores[s] - max(v for i, v in enumerate(scores) if i != s)
    wins = final_rewards(g, "win")
    assert [s for s in range(3) if wins[s] == 1.0] == g.winners()
    assert all(w in (1.0, -1.0) for w in wins)
    solo = upriver.new_game("wayfarers", players=1, seed=2, ai_board="mayor")
    while not solo.is_over:
        solo.play(rng.choice(solo.legal_actions()))
    assert final_rewards(solo, "score") == [solo.scores()[0] - solo.opponents()[0]["score"]]
    assert final_rewards(solo, "win") == [1.0 if solo.winners() else -1.0]
