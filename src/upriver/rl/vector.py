"""Many games of one seat at once (``upriver.rl.vector_env``): a Gymnasium ``VectorEnv`` that
steps N copies of the single-seat environment (``gymnasium_env``) together, in this process or
spread over worker processes, so that a learner collects experience on every core.

- **Batches, not one game per process.** ``processes`` counts this one: it steps the first
  slice of the games itself while each worker steps its own slice on one message, so the cost
  of talking to a process is paid once per slice, not once per game; with ``processes=1`` the
  games are all stepped here, with no other process.
- **Observations and masks are written in place.** Workers write each game's observation and
  action mask into arrays in shared memory, so nothing larger than the actions and rewards goes
  through a pipe. A mask is set from the legal actions' catalogue indices and cleared by the
  indices it set, never by walking the catalogue.
- **Auto-reset in the same step** (``AutoresetMode.SAME_STEP``, as stable-baselines3 expects):
  when a game ends, the step returns the new game's first observation, and ``infos`` hold the
  last one (``final_obs``, ``final_info``).
- **Seeds:** ``reset(seed=S)`` starts game i from seed ``S + i``, as Gymnasium's own vector
  environments do; later games of slot i follow from that slot's own generator. The games do
  not depend on the number of processes.
- **Actions** are catalogue indices, or with ``actions="words"`` words of an action's text
  (``upriver.rl.words``), as in the single environment.
- **Illegal actions** follow the single environment's ``illegal`` setting: with ``penalty``
  the game's slot gets ``illegal_reward`` and ``infos["illegal"]``; with ``raise`` a batch with
  any action outside its mask raises ``IllegalAction`` before any game is stepped.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import time
from multiprocessing.connection import Connection
from multiprocessing.shared_memory import SharedMemory
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from upriver.core.errors import BadOption, IllegalAction
from upriver.rl.gymnasium_env import UpriverGymEnv

SPIN = 0.005  # seconds a process asks for its next message before it sleeps (``_wait``)
MAX_ENVS = 4096  # a bound on what one call may ask for, far above any machine's need


class Slots:
    """A slice of the vector's games, stepped together in one process. ``obs`` and ``masks``
    are the slice's rows of the vector's arrays (shared memory across processes)."""

    def __init__(self, game: str, settings: dict[str, Any], count: int,
                 obs: npt.NDArray[np.float32], masks: npt.NDArray[np.bool_]) -> None:
        self.count = count
        self.envs = [UpriverGymEnv(game, **settings) for _ in range(count)]
        self.obs = obs
        self.masks = masks
        self.lit: list[list[int]] = [[] for _ in range(count)]  # each row's set mask cells

    def _write(self, i: int) -> None:
        """Row i's observation and mask, from its game as it now stands."""
        env = self.envs[i]
        self.obs[i] = env.observation()
        row = self.masks[i]
        row[self.lit[i]] = False
        lit = env.legal()
        row[lit] = True
        self.lit[i] = lit

    def reset(self, seeds: list[int | None]) -> dict[str, Any]:
        """Start every game of the slice (game i from ``seeds[i]``): the learner's seats and
        legal actions."""
        for i, (env, seed) in enumerate(zip(self.envs, seeds, strict=True)):
            env.reset(seed=seed)
            self._write(i)
        return {"seats": [env.seat for env in self.envs], "legal": self.lit}

    def step(self, actions: list[int]) -> dict[str, Any]:
        """Play each game's action (its bots answering), writing every row; a game that ends
        is started again at once, its last observation and info returned by slot."""
        rewards: list[float] = []
        done: list[bool] = []
        finals: dict[int, tuple[npt.NDArray[np.float32], dict[str, Any]]] = {}
        refused: dict[int, str] = {}
        for i, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            reward, over, reason = env.advance(action)
            rewards.append(reward)
            done.append(over)
            if reason is not None:
                refused[i] = reason
            elif over:
                finals[i] = (env.observation(), {"seat": env.seat})
                env.reset()
            self._write(i)
        return {"rewards": rewards, "done": done, "finals": finals, "refused": refused,
                "seats": [env.seat for env in self.envs], "legal": self.lit}


def _serve(conn: Connection, game: str, settings: dict[str, Any], first: int, count: int,
           obs_name: str, mask_name: str, obs_shape: tuple[int, int],
           mask_shape: tuple[int, int]) -> None:
    """A worker process: its slice of the games, answering the vector's calls until closed."""
    obs_mem, mask_mem = SharedMemory(obs_name), SharedMemory(mask_name)
    try:
        obs = np.ndarray(obs_shape, dtype=np.float32, buffer=obs_mem.buf)
        masks = np.ndarray(mask_shape, dtype=np.bool_, buffer=mask_mem.buf)
        slots = Slots(game, settings, count, obs[first:first + count],
                      masks[first:first + count])
        while True:
            _wait(conn)
            command, argument = conn.recv()
            if command == "close":
                break
            try:
                conn.send((True, getattr(slots, command)(argument)))
            except Exception as exc:  # handed to the caller, who raises it there
                conn.send((False, (type(exc).__name__, str(exc))))
        del obs, masks, slots  # the arrays must let go of the buffers before they close
    finally:
        obs_mem.close()
        mask_mem.close()
        conn.close()


def _wait(conn: Connection, spin: float = SPIN) -> None:
    """Wait for a message by asking, not sleeping, for up to ``spin`` seconds: the next
    batch comes within milliseconds, and waking a sleeping process costs a virtual machine
    hundreds of microseconds each way. Past that, ``recv`` sleeps as usual."""
    end = time.perf_counter() + spin
    while not conn.poll() and time.perf_counter() < end:
        pass


def _raise(name: str, message: str) -> None:
    if name == "IllegalAction":
        raise IllegalAction(message)
    if name == "BadOption":
        raise BadOption(message)
    raise RuntimeError(f"a worker failed: {name}: {message}")


class UpriverVectorEnv(VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one seat each (the single environment's settings: ``players``,
    ``seat``, ``opponents``, ``reward``, ``illegal``, ``illegal_reward`` and the game's
    options), stepped together over ``processes`` processes, this one included, started
    by ``start_method`` (a ``multiprocessing`` method: forkserver, spawn or fork)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (Gymnasium's field)

    def __init__(self, game: str, num_envs: int = 8, processes: int = 1,
                 start_method: str = "forkserver", **settings: Any) -> None:
        for name, value, low in (("num_envs", num_envs, 1), ("processes", processes, 1)):
            if not isinstance(value, int) or isinstance(value, bool) \
                    or not low <= value <= MAX_ENVS:
                raise BadOption(f"{name} must be a whole number from {low} to {MAX_ENVS}, "
                                f"not {value!r}")
        if start_method not in mp.get_all_start_methods():
            raise BadOption(f"start_method must be one of "
                            f"{', '.join(mp.get_all_start_methods())}, not {start_method!r}")
        if processes > num_envs:
            raise BadOption(f"processes ({processes}) must not exceed num_envs ({num_envs})")
        if settings.get("render_mode") is not None:
            raise BadOption("a vector environment does not render; render one game instead")
        probe = UpriverGymEnv(game, **settings)  # every setting checked here, in one line
        self.surface = probe.surface
        self.illegal = probe.illegal
        # What each action number stands for: a catalogue text, or a word (``actions``).
        self.names = probe.vocab.words if probe.vocab is not None else self.surface.actions
        self.num_envs = num_envs
        self.single_observation_space = probe.observation_space
        self.single_action_space = probe.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, probe.width))
        self.seats = np.zeros(num_envs, dtype=np.int64)
        obs_shape = (num_envs, probe.size)
        mask_shape = (num_envs, probe.width)
        self._memory: list[SharedMemory] = []
        self._workers: list[tuple[Any, Connection, int, int]] = []  # process, pipe, first, count
        # This process steps the first slice itself while the workers step theirs.
        (_, here), *elsewhere = _split(num_envs, processes)
        if processes == 1:
            self._obs = np.zeros(obs_shape, dtype=np.float32)
            self._masks = np.zeros(mask_shape, dtype=np.bool_)
        else:
            self._obs, self._masks = self._share(obs_shape, mask_shape)
            # Not fork: a learner's process often runs threads (torch's, a server's), and a
            # fork copies their locks mid-use. A script that starts workers this way needs the
            # usual ``if __name__ == "__main__":`` guard.
            context = mp.get_context(start_method)
            for first, count in elsewhere:
                mine, theirs = context.Pipe()
                process = context.Process(  # type: ignore[attr-defined]
                    target=_serve, daemon=True,
                    args=(theirs, game, settings, first, count, self._memory[0].name,
                          self._memory[1].name, obs_shape, mask_shape))
                process.start()
                theirs.close()
                self._workers.append((process, mine, first, count))
        self._slots = Slots(game, settings, here, self._obs[:here], self._masks[:here])
        self._legal: list[list[int]] = [[] for _ in range(num_envs)]
        self.closed = False

    def _share(self, obs_shape: tuple[int, int], mask_shape: tuple[int, int]
               ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        obs_mem = SharedMemory(create=True, size=max(1, 4 * obs_shape[0] * obs_shape[1]))
        mask_mem = SharedMemory(create=True, size=max(1, mask_shape[0] * mask_shape[1]))
        self._memory = [obs_mem, mask_mem]
        obs = np.ndarray(obs_shape, dtype=np.float32, buffer=obs_mem.buf)
        masks = np.ndarray(mask_shape, dtype=np.bool_, buffer=mask_mem.buf)
        obs.fill(0.0)
        masks.fill(False)
        return obs, masks

    def _call(self, command: str, per_slot: list[Any]) -> list[Any]:
        """Run ``command`` on every slice with its part of ``per_slot``; the slices' answers in
        order (the workers run at the same time)."""
        if self.closed:
            raise RuntimeError("the vector environment is closed")
        for _, pipe, first, count in self._workers:
            pipe.send((command, per_slot[first:first + count]))
        try:
            local = getattr(self._slots, command)(per_slot[:self._slots.count])
        finally:  # every worker's answer is read, so the pipes stay in step after an error
            answers = []
            for _, pipe, _, _ in self._workers:
                _wait(pipe)
                answers.append(pipe.recv())
        for ok, answer in answers:
            if not ok:
                _raise(*answer)
        return [local, *(answer for _, answer in answers)]

    def reset(self, *, seed: int | list[int | None] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start every game: game i from ``seed + i`` (or ``seed[i]``; ``None``: unseeded)."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise BadOption(f"{self.num_envs} games need {self.num_envs} seeds, "
                                f"not {len(seeds)}")
        parts = self._call("reset", seeds)
        self.seats[:] = [s for part in parts for s in part["seats"]]
        self._legal = [list(lit) for part in parts for lit in part["legal"]]
        return self._obs.copy(), {"seat": self.seats.copy()}

    def step(self, actions: Any) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float64],
                                          npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                                          dict[str, Any]]:
        """Play one action in every game (``actions``: one catalogue index per game)."""
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape[0] != self.num_envs:
            raise IllegalAction(f"{self.num_envs} games need {self.num_envs} actions, "
                                f"not {chosen.shape[0]}")
        texts = [int(a) for a in chosen]  # each checked by its game
        if self.illegal == "raise":
            width = len(self.names)
            for i, a in enumerate(texts):  # refuse the batch before any game moves
                if not 0 <= a < width:
                    raise IllegalAction(f"game {i}: an action must be a whole number from 0 "
                                        f"to {width - 1}, not {a}")
                if not self._masks[i, a]:
                    raise IllegalAction(f"game {i}: action {a} ({self.names[a]}) is not "
                                        "legal now")
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        done = np.zeros(self.num_envs, dtype=np.bool_)
        infos: dict[str, Any] = {}
        starts = [0, *(first for _, _, first, _ in self._workers)]
        parts = self._call("step", texts)
        self._legal = [list(lit) for part in parts for lit in part["legal"]]
        for first, part in zip(starts, parts, strict=True):
            count = len(part["rewards"])
            rewards[first:first + count] = part["rewards"]
            done[first:first + count] = part["done"]
            self.seats[first:first + count] = part["seats"]
            for i, (final_obs, final_info) in part["finals"].items():
                self._note(infos, "final_obs", first + i, final_obs)
                self._note(infos, "final_info", first + i, final_info)
            for i, reason in part["refused"].items():
                self._note(infos, "illegal", first + i, reason)
        infos["seat"] = self.seats.copy()
        return self._obs.copy(), rewards, done, np.zeros(self.num_envs, dtype=np.bool_), infos

    def _note(self, infos: dict[str, Any], key: str, i: int, value: Any) -> None:
        """Gymnasium's vector info: an object array by game and a ``_key`` flag array."""
        if key not in infos:
            infos[key] = np.full(self.num_envs, None, dtype=object)
            infos[f"_{key}"] = np.zeros(self.num_envs, dtype=np.bool_)
        infos[key][i] = value
        infos[f"_{key}"][i] = True

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal catalogue indices, one row per game (what MaskablePPO reads)."""
        return self._masks.copy()

    def legal_actions(self) -> list[list[int]]:
        """Each game's legal catalogue indices, as lists (the mask's set cells, cheaper to read
        than a row of the whole catalogue)."""
        return [list(lit) for lit in self._legal]

    def close_extras(self, **kwargs: Any) -> None:
        for process, pipe, _, _ in self._workers:
            with contextlib.suppress(BrokenPipeError, OSError):  # a worker already gone
                pipe.send(("close", None))
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
            pipe.close()
        self._workers = []
        if self._memory:
            del self._obs, self._masks  # the arrays let go of the buffers first
            for memory in self._memory:
                memory.close()
                memory.unlink()
            self._memory = []


    def __del__(self) -> None:
        # A vector dropped unclosed still stops its workers and frees its shared memory.
        if not getattr(self, "closed", True):
            with contextlib.suppress(Exception):  # at shutdown there is no one to tell
                self.close()


def _split(n: int, parts: int) -> list[tuple[int, int]]:
    """``n`` games in ``parts`` slices as even as can be: (first, count) of each."""
    base, extra = divmod(n, parts)
    out, first = [], 0
    for k in range(parts):
        count = base + (1 if k < extra else 0)
        out.append((first, count))
        first += count
    return out
