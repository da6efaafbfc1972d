"""The vector environment (``rl.vector_env``): N single-seat games stepped together, in this
process or over worker processes, with auto-reset in the same step (issue 27)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

import upriver
from upriver import rl


def _run(env: Any, steps: int, seed: int) -> list[Any]:
    """Masked random steps; every step's arrays, for comparing two runs."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    trace: list[Any] = [obs, info["seat"]]
    for _ in range(steps):
        masks = env.action_masks()
        assert masks.shape == (env.num_envs, env.single_action_space.n)
        assert masks.any(axis=1).all(), "every game has a decision for its learner"
        assert [sorted(lit) for lit in env.legal_actions()] == \
            [list(np.flatnonzero(row)) for row in masks]
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        obs, rewards, done, truncated, infos = env.step(actions)
        assert env.observation_space.contains(obs)
        assert not truncated.any() and "illegal" not in infos
        trace += [obs, rewards, done, infos["seat"]]
        for i in np.flatnonzero(done):
            assert infos["_final_obs"][i] and infos["final_obs"][i].shape == obs[i].shape
        trace.append(sorted(np.flatnonzero(done)))
    return trace


def _same(a: list[Any], b: list[Any]) -> bool:
    return len(a) == len(b) and all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))


def test_the_games_are_the_single_environments_games() -> None:
    """Game i of a vector seeded S is the single environment seeded S + i, step for step:
    the same observations, rewards and ends, and its mask is that environment's mask."""
    vec = rl.vector_env("the-river", num_envs=3, players=2, opponents="random")
    singles = [rl.gym_env("the-river", players=2, opponents="random") for _ in range(3)]
    obs, _ = vec.reset(seed=40)
    for i, env in enumerate(singles):
        one, _ = env.reset(seed=40 + i)
        assert np.array_equal(obs[i], one)
    rng = np.random.default_rng(1)
    for _ in range(60):
        masks = vec.action_masks()
        actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
        obs, rewards, done, _, infos = vec.step(actions)
        for i, env in enumerate(singles):
            assert np.array_equal(masks[i], env.action_masks())
            one, reward, over, _, _ = env.step(actions[i])
            assert reward == rewards[i] and over == done[i]
            if over:  # the vector started its next game; the last observation is kept
                assert np.array_equal(infos["final_obs"][i], one)
                one, _ = env.reset()
            assert np.array_equal(obs[i], one)
    vec.close()


def test_games_end_and_start_again_in_the_same_step() -> None:
    """Auto-reset in the same step: a game that ends returns its reward, ``done`` and its
    last observation in ``infos``, and the row already holds the next game's first decision."""
    env = rl.vector_env("the-river", num_envs=2, players=2, opponents="random", reward="win")
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(400):
        masks = env.action_masks()
        _, rewards, done, _, infos = env.step(
            [int(rng.choice(np.flatnonzero(row))) for row in masks])
        for i in range(2):
            if done[i]:
                ended += 1
                assert rewards[i] in (1.0, -1.0) and infos["_final_info"][i]
            else:
                assert rewards[i] == 0.0
        assert env.action_masks().any(axis=1).all()
    assert ended >= 2
    env.close()


@pytest.mark.parametrize(("game_id", "players"), [("twelve-rivers", 2), ("wayfarers", 1)])
def test_processes_play_the_same_games_as_one(game_id: str, players: int) -> None:
    """Spreading the games over worker processes changes nothing: two processes play the
    same seeded games, step for step, as this one (observations and masks in shared memory)."""
    here = rl.vector_env(game_id, num_envs=3, players=players, seat=None)
    apart = rl.vector_env(game_id, num_envs=3, processes=2, players=players, seat=None)
    try:
        assert _same(_run(here, 40, 5), _run(apart, 40, 5))
    finally:
        here.close()
        apart.close()


def test_an_illegal_action_is_penalised_or_refuses_the_whole_batch() -> None:
    """``illegal="penalty"``: the game's slot gets the penalty and the reason, its game does
    not move, and the other games do. ``illegal="raise"``: the batch is refused in one line
    before any game moves."""
    env = rl.vector_env("twelve-rivers", num_envs=2, processes=2, players=2)
    try:
        obs, _ = env.reset(seed=8)
        masks = env.action_masks()
        bad = int(np.flatnonzero(~masks[0])[0])
        good = int(np.flatnonzero(masks[1])[0])
        after, rewards, done, _, infos = env.step([bad, good])
        assert rewards[0] == -1.0 and not done[0]
        assert infos["_illegal"][0] and not infos["_illegal"][1]
        assert "not legal" in infos["illegal"][0]
        assert np.array_equal(after[0], obs[0]) and np.array_equal(env.action_masks()[0],
                                                                   masks[0])
    finally:
        env.close()
    strict = rl.vector_env("twelve-rivers", num_envs=2, players=2, illegal="raise")
    obs, _ = strict.reset(seed=8)
    masks = strict.action_masks()
    good = [int(np.flatnonzero(row)[0]) for row in masks]
    with pytest.raises(upriver.IllegalAction, match="game 1: action"):
        strict.step([good[0], int(np.flatnonzero(~masks[1])[0])])
    with pytest.raises(upriver.IllegalAction, match="2 games need 2 actions"):
        strict.step(good[:1])
    assert np.array_equal(strict.action_masks(), masks)  # nothing moved
    again, *_ = strict.step(good)
    assert not np.array_equal(again, obs)


@pytest.mark.parametrize(("settings", "message"), [
    ({"num_envs": 0}, "num_envs must be a whole number"),
    ({"num_envs": 2, "processes": 3}, "must not exceed num_envs"),
    ({"processes": True}, "processes must be a whole number"),
    ({"players": 9}, "players"),
    ({"opponents": "nobody"}, "nobody"),
    ({"render_mode": "ansi"}, "does not render"),
    ({"start_method": "teleport"}, "start_method must be one of"),
    ({"colour": "red"}, "colour"),
])
def test_bad_settings_are_one_line(settings: dict[str, Any], message: str) -> None:
    """Every setting is checked before a game or a process starts: one line, nothing left."""
    with pytest.raises(upriver.BadOption, match=message) as caught:
        rl.vector_env("the-river", **settings)
    assert "\n" not in str(caught.value)


def test_a_closed_vector_refuses_to_step() -> None:
    """After ``close`` the workers and shared memory are gone, and a step says so."""
    env = rl.vector_env("the-river", num_envs=2, processes=2)
    env.reset(seed=1)
    env.close()
    with pytest.raises(RuntimeError, match="closed"):
        env.step([0, 0])


def test_the_stable_baselines3_shape_resets_steps_and_masks_as_it_expects() -> None:
    """``sb3_vec_env``: ``reset`` gives observations only, ``step`` four values with a list
    of infos, a game that ends leaves its last observation as ``terminal_observation``, and
    ``env_method("action_masks")`` gives each game's mask (what MaskablePPO stacks)."""
    env = rl.sb3_vec_env("the-river", num_envs=2, players=2, reward="win")
    assert env.has_attr("action_masks") and not env.has_attr("colour")
    env.seed(11)
    obs = env.reset()
    assert obs.shape == (2, env.observation_space.shape[0])
    assert [info["seat"] for info in env.reset_infos] == [0, 0]
    rng = np.random.default_rng(11)
    ended = 0
    for _ in range(300):
        masks = np.stack(env.env_method("action_masks"))
        assert np.array_equal(masks, env.action_masks())
        assert np.array_equal(env.get_attr("action_masks", indices=[1])[0](), masks[1])
        env.step_async(np.array([rng.choice(np.flatnonzero(row)) for row in masks]))
        obs, rewards, dones, infos = env.step_wait()
        assert rewards.dtype == np.float32 and len(infos) == 2
        for i in np.flatnonzero(dones):
            ended += 1
            assert infos[i]["terminal_observation"].shape == obs[i].shape
            assert infos[i]["TimeLimit.truncated"] is False and rewards[i] in (1.0, -1.0)
    assert ended >= 1
    assert env.env_is_wrapped(object) == [False, False]
    with pytest.raises(AttributeError, match="no method 'render'"):
        env.env_method("render")
    env.close()
