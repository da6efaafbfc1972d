"""upriver's learning surfaces: every game as a PettingZoo AEC environment (``env``), a
Gymnasium single-agent environment whose other seats are upriver bots (``gym_env``), many of
those stepped together in one or more processes (``vector_env``), and an
OpenSpiel Python game (``openspiel_game``). They need the ``rl`` extra (numpy, gymnasium,
pettingzoo, open_spiel); the games themselves need none of it.

    from upriver import rl
    env = rl.env("twelve-rivers", players=2)
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, done, truncated, info = env.last()
        env.step(None if done or truncated else int(obs["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

from typing import Any


def env(game: str, players: int = 2, reward: str = "score", render_mode: str | None = None,
        actions: str = "catalogue", **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (see ``upriver.rl.pettingzoo_env``);
    ``actions="words"`` spells each decision word by word (``upriver.rl.words``)."""
    from upriver.rl.pettingzoo_env import UpriverEnv

    return UpriverEnv(game, players=players, reward=reward, render_mode=render_mode,
                      actions=actions, **options)


def gym_env(game: str, players: int = 2, seat: int | None = 0,
            opponents: str | list[str] = "random", reward: str = "score",
            **settings: Any) -> Any:
    """A Gymnasium environment of one seat of ``game``, the others played by upriver bots
    (see ``upriver.rl.gymnasium_env``); further keywords are ``illegal``, ``illegal_reward``,
    ``render_mode`` and the game's options."""
    from upriver.rl.gymnasium_env import UpriverGymEnv

    return UpriverGymEnv(game, players=players, seat=seat, opponents=opponents, reward=reward,
                         **settings)


def vector_env(game: str, num_envs: int = 8, processes: int = 1, **settings: Any) -> Any:
    """``num_envs`` games of ``gym_env``'s kind stepped together, over ``processes`` processes
    (see ``upriver.rl.vector``); ``settings`` are ``gym_env``'s keywords and the options."""
    from upriver.rl.vector import UpriverVectorEnv

    return UpriverVectorEnv(game, num_envs=num_envs, processes=processes, **settings)


def sb3_vec_env(game: str, num_envs: int = 8, processes: int = 1, **settings: Any) -> Any:
    """``vector_env``'s games as a stable-baselines3 ``VecEnv`` (see ``upriver.rl.sb3``)."""
    from upriver.rl.sb3 import UpriverVecEnv
    from upriver.rl.vector import UpriverVectorEnv

    return UpriverVecEnv(UpriverVectorEnv(game, num_envs=num_envs, processes=processes,
                                          **settings))


def openspiel_game(game: str, **params: Any) -> Any:
    """``game`` as a loaded OpenSpiel game (registering every upriver game with ``pyspiel``);
    ``params``: ``players``, ``seed``, ``reward`` and the game's options."""
    from upriver.rl.openspiel import load

    return load(game, **params)
