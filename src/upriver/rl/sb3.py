"""The vector environment in stable-baselines3's ``VecEnv`` shape (``upriver.rl.sb3_vec_env``),
so that PPO and sb3-contrib's MaskablePPO collect experience from many games on every core.

Where stable-baselines3 is installed (the ``train`` extra) the class is a real ``VecEnv``;
without it, it has the same methods, so a loop written to that shape runs either way. What
stable-baselines3 expects, and how it is met:

- ``reset()`` returns the observations only; its infos are in ``reset_infos``; ``seed(S)``
  seeds the next reset (game i from ``S + i``).
- ``step_async(actions)`` then ``step_wait()`` return observations, rewards, dones and a list
  of info dicts. A game that ends is started again at once: its row holds the new game's first
  observation, and its info holds the last one (``terminal_observation``) and
  ``TimeLimit.truncated`` (always false: a game ends only by its rules).
- ``env_method("action_masks")`` gives each game's mask (MaskablePPO stacks them);
  ``get_attr("action_masks")`` says the games have masks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from upriver.rl.vector import UpriverVectorEnv

if TYPE_CHECKING:
    Base = object
else:
    try:
        from stable_baselines3.common.vec_env import VecEnv as Base
    except ImportError:  # without the train extra: the same methods on a plain class
        Base = object


class UpriverVecEnv(Base):
    """``UpriverVectorEnv``'s games as a stable-baselines3 ``VecEnv``."""

    def __init__(self, vector: UpriverVectorEnv) -> None:
        self.vector = vector
        if Base is not object:
            super().__init__(vector.num_envs, vector.single_observation_space,  # type: ignore[call-arg]
                             vector.single_action_space)
        self.num_envs = vector.num_envs
        self.observation_space = vector.single_observation_space
        self.action_space = vector.single_action_space
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(vector.num_envs)]
        self._next_seed: int | None = None
        self._actions: Any = None

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Seed the next ``reset``: game i from ``seed + i``."""
        self._next_seed = seed
        return [None if seed is None else seed + i for i in range(self.num_envs)]

    def reset(self) -> npt.NDArray[np.float32]:
        obs, info = self.vector.reset(seed=self._next_seed)
        self._next_seed = None
        self.reset_infos = [{"seat": int(s)} for s in info["seat"]]
        return obs

    def step_async(self, actions: Any) -> None:
        self._actions = actions

    def step_wait(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32],
                                 npt.NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("step_wait without step_async")
        actions, self._actions = self._actions, None
        obs, rewards, done, _truncated, infos = self.vector.step(actions)
        out: list[dict[str, Any]] = []
        for i in range(self.num_envs):
            info: dict[str, Any] = {"seat": int(infos["seat"][i])}
            if done[i]:
                info["terminal_observation"] = infos["final_obs"][i]
                info["TimeLimit.truncated"] = False
            if "illegal" in infos and infos["_illegal"][i]:
                info["illegal"] = infos["illegal"][i]
            out.append(info)
        return obs, rewards.astype(np.float32), done, out

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32],
                                          npt.NDArray[np.bool_], list[dict[str, Any]]]:
        self.step_async(actions)
        return self.step_wait()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        return self.vector.action_masks()

    def _games(self, indices: Any) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return [int(i) for i in indices]

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        games = self._games(indices)
        if attr_name == "action_masks":
            return [lambda i=i: self.vector.action_masks()[i] for i in games]
        if attr_name in ("render_mode", "spec"):
            return [None for _ in games]
        raise AttributeError(f"the games have no attribute {attr_name!r}")

    def has_attr(self, attr_name: str) -> bool:
        try:
            self.get_attr(attr_name)
        except AttributeError:
            return False
        return True

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(f"the games' attributes cannot be set ({attr_name!r})")

    def env_method(self, method_name: str, *method_args: Any, indices: Any = None,
                   **method_kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(f"the games have no method {method_name!r}")
        masks = self.vector.action_masks()
        return [masks[i] for i in self._games(indices)]

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False for _ in self._games(indices)]

    def close(self) -> None:
        self.vector.close()
