"""The PettingZoo AEC environment of every game passes PettingZoo's own checks."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import upriver
from tests.rl.configs import environment_configurations
from upriver import rl


@pytest.mark.parametrize(("game_id", "players", "options"), environment_configurations())
def test_pettingzoo_api_test_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    """PettingZoo's ``api_test`` (spaces, observations, masks, rewards, the agent cycle, a
    whole game) for every game, player count and edition."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (e.g. on a Box with infinite bounds)
        api_test(rl.env(game_id, players=players, **options), num_cycles=1000)


@pytest.mark.parametrize(("game_id", "players", "options"), environment_configurations())
def test_pettingzoo_seed_test_passes(game_id: str, players: int, options: dict[str, Any]) -> None:
    """PettingZoo's ``seed_test``: two environments reset with the same seed give the same
    observations, masks and rewards for the same actions."""
    seed_test(lambda: rl.env(game_id, players=players, **options), num_cycles=100)


def _play_to_the_end(env: Any, seed: int) -> dict[str, float]:
    env.reset(seed=seed)
    rng = random.Random(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_rewards_come_at_the_end_as_the_games_result() -> None:
    """A whole game through the environment: the rewards summed are each seat's margin over
    the best other score (``score``) or 1/-1 (``win``), as the same game played directly."""
    for reward in ("score", "win"):
        env = rl.env("the-river", players=3, reward=reward)
        totals = _play_to_the_end(env, 4)
        g = upriver.new_game("the-river", players=3, seed=4)
        rng = random.Random(4)
        for _ in range(100_000):
            if g.is_over:
                break
            index = sorted(env.surface.legal_indices(g))
            g.play(env.surface.action_text(rng.choice(index)))
        scores = g.scores()
        for s, agent in enumerate(env.possible_agents):
            best_other = max(v for i, v in enumerate(scores) if i != s)
            expected = scores[s] - best_other if reward == "score" else \
                (1.0 if s in g.winners() else -1.0)
            assert totals[agent] == expected


def test_a_solo_environment_has_one_agent_and_the_opponent_plays_inside_step() -> None:
    """Solo Wayfarers: one agent, always the one to move; its reward is the margin over the
    automated opponent."""
    env = rl.env("wayfarers", players=1, ai_board="stargazer")
    assert env.possible_agents == ["player_0"]
    totals = _play_to_the_end(env, 3)
    game = env.game
    assert game.is_over and game.to_move is None
    margin = game.scores()[0] - game.opponents()[0]["score"]
    assert totals == {"player_0": float(margin)}


def test_an_illegal_action_is_refused_in_one_line_and_changes_nothing() -> None:
    """Stepping an action outside the mask raises ``IllegalAction`` and the game is as it was."""
    env = rl.env("twelve-rivers", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    before = env.game.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(upriver.IllegalAction) as err:
        env.step(illegal)
    assert "\n" not in str(err.value) and env.game.to_json() == before


def test_bad_settings_are_refused_in_one_line() -> None:
    """Unknown games, player counts, options, reward kinds and render modes."""
    for kwargs in ({"game": "chess"}, {"game": "the-river", "players": 9},
                   {"game": "the-river", "speed": 2}, {"game": "the-river", "reward": "money"},
                   {"game": "the-river", "render_mode": "rgb_array"}):
        with pytest.raises(upriver.BadOption) as err:
            rl.env(**kwargs)
        assert "\n" not in str(err.value)


def test_the_text_render_is_the_public_board() -> None:
    """``render_mode="ansi"`` returns the board as a spectator sees it in the terminal."""
    env = rl.env("the-river", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text == upriver.render_text("the-river", env.game.view(None)) and text.strip()
