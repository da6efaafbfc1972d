"""The Gymnasium environment (one seat; bots in the others) of every game passes Gymnasium's
``check_env`` and exposes the action mask as masked-action algorithms expect."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import upriver
from tests.rl.configs import environment_configurations
from upriver import rl


@pytest.mark.parametrize(("game_id", "players", "options"), environment_configurations())
def test_gymnasium_check_env_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Gymnasium's own checker: spaces, reset and step types, seeding determinism."""
    env = rl.gym_env(game_id, players=players, opponents="random", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded Boxes
        check_env(env, skip_render_check=True)


def _play(env: Any, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    done = False
    while not done and steps < 20_000:
        mask = env.action_masks()
        assert np.array_equal(mask, info["action_mask"]) and mask.any()
        obs, reward, done, _truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert env.observation_space.contains(obs)
        total += reward
        steps += 1
    assert done
    return total, steps


def test_a_whole_game_against_bots_ends_with_the_learners_margin() -> None:
    """Masked random play for seat 1 against two greedy bots: every masked action is legal,
    the episode ends with the game, and the one reward is seat 1's margin."""
    env = rl.gym_env("the-river", players=3, seat=1, opponents="greedy")
    total, steps = _play(env, 6)
    g = env.game
    scores = g.scores()
    assert g.is_over and steps > 10
    assert total == scores[1] - max(scores[0], scores[2])


def test_the_same_seed_replays_the_same_episode() -> None:
    """Seeded resets replay the bots' and the game's randomness exactly."""
    runs = [_play(rl.gym_env("twelve-rivers", players=2, opponents="random"), 9)
            for _ in range(2)]
    assert runs[0] == runs[1]


def test_an_unmasked_action_is_penalised_or_refused_and_changes_nothing() -> None:
    """By default an illegal action returns the penalty and the reason and changes nothing;
    with ``illegal="raise"`` it raises ``IllegalAction``."""
    env = rl.gym_env("twelve-rivers", players=2)
    obs, _ = env.reset(seed=2)
    before = env.game.to_json()
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    obs2, reward, done, _truncated, info = env.step(illegal)
    assert reward == -1.0 and not done and "not legal" in info["illegal"]
    assert np.array_equal(obs, obs2) and env.game.to_json() == before
    strict = rl.gym_env("twelve-rivers", players=2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(upriver.IllegalAction):
        strict.step(illegal)


def test_a_random_seat_moves_between_games_and_solo_has_no_bots() -> None:
    """``seat=None`` draws the learner's seat each game; a solo game needs no opponent bot."""
    env = rl.gym_env("the-river", players=4, seat=None)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(12)}
    assert len(seats) > 1
    solo = rl.gym_env("wayfarers", players=1, ai_board="inventor")
    _obs, info = solo.reset(seed=1)
    assert info["seat"] == 0 and solo.action_masks().any()


def test_bad_settings_are_refused_in_one_line() -> None:
    """A wrong seat, number of bots, bot spec, reward or illegal-action rule."""
    for kwargs in ({"seat": 3}, {"opponents": ["random", "random"]},
                   {"opponents": "wizard"}, {"reward": "gold"}, {"illegal": "ignore"}):
        with pytest.raises(upriver.BadOption) as err:
            rl.gym_env("the-river", players=2, **kwargs)
        assert "\n" not in str(err.value)
