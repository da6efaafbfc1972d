"""Every upriver game as an OpenSpiel Python game: ``register()`` adds ``upriver_twelve_rivers``,
``upriver_the_river`` and ``upriver_wayfarers`` to ``pyspiel``, so OpenSpiel's own algorithms
(its MCTS and IS-MCTS bots, evaluation helpers, consistency checks) run on them unchanged.

- Sequential, imperfect information, general-sum, rewards at the end only.
- Chance is sampled inside the game (``SAMPLED_STOCHASTIC``): every draw comes from the
  upriver game's own seeded generator. Each ``new_initial_state()`` starts the next game of the
  OpenSpiel game's stream of seeds (its ``seed`` parameter), so the same seed gives the same
  sequence of games.
- Actions are catalogue indices (``num_distinct_actions`` is the catalogue's size); observation
  tensors are the game's encoding of ``view(player)``; information-state strings add the seat's
  own log (perfect recall). ``resample_from_infostate`` is the game's ``determinize``, so
  OpenSpiel's IS-MCTS searches only what the seat may know.
- Parameters: ``players``, ``seed``, ``reward`` (``win``: 1/-1; ``score``: the margin over the
  best other score) and each of the game's options by name.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import upriver
from upriver.core.game import Game
from upriver.core.registry import rules_for
from upriver.rl.surface import Surface, check_reward, final_rewards

MAX_GAME_LENGTH = 20_000  # decisions; far above any game's length (the bots' playout bound)
SCORE_BOUND = 1_000.0  # no margin of any of these games comes near it


def short_name(game_id: str) -> str:
    return "upriver_" + game_id.replace("-", "_")


class _Held:
    """The upriver game inside an OpenSpiel state: OpenSpiel copies a Python state with
    ``copy.deepcopy``, and this copies the game the fast way, with ``Game.clone``."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.game.clone())


class _Shared:
    """What every state of one OpenSpiel game shares (the catalogue, the reward kind): a copy of
    a state refers to it, never copies it."""

    __slots__ = ("reward", "surface")

    def __init__(self, surface: Surface, reward: str) -> None:
        self.surface = surface
        self.reward = reward

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class UpriverSpielGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, game_id: str, game_type: Any, params: dict[str, Any] | None = None
                 ) -> None:
        merged = {**game_type.parameter_specification, **(params or {})}
        rules = rules_for(game_id)
        options = {name: merged[name] for name in rules.options}
        self.surface = Surface(game_id, int(merged["players"]), options)
        self.reward = check_reward(str(merged["reward"]))
        bound = 1.0 if self.reward == "win" else SCORE_BOUND
        info = pyspiel.GameInfo(
            num_distinct_actions=self.surface.num_actions, max_chance_outcomes=0,
            num_players=self.surface.players, min_utility=-bound, max_utility=bound,
            utility_sum=None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(game_type, info, params or {})
        self._seeds = random.Random(int(merged["seed"]))

    def new_initial_state(self) -> UpriverSpielState:
        return UpriverSpielState(self, self.surface.new_game(self._seeds.getrandbits(63)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"upriver observers take no parameters, not {params!r}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.surface, perfect_recall=recall)


class UpriverSpielState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: UpriverSpielGame, upriver_game: Game) -> None:
        super().__init__(game)
        self._shared = _Shared(game.surface, game.reward)
        self._held = _Held(upriver_game)

    @property
    def upriver_game(self) -> Game:
        return self._held.game

    def current_player(self) -> int:
        g = self._held.game
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert g.to_move is not None
        return g.to_move

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return sorted(self._shared.surface.legal_indices(self._held.game))

    def _apply_action(self, action: int) -> None:
        self._shared.surface.play(self._held.game, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._shared.surface.action_text(int(action))

    def is_terminal(self) -> bool:
        return self._held.game.is_over

    def returns(self) -> list[float]:
        g = self._held.game
        if not g.is_over:
            return [0.0] * g.num_players
        return final_rewards(g, self._shared.reward)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: the game's ``determinize``."""
        twin = self.clone()
        seed = int(probability_sampler() * 2**62)  # OpenSpiel's sampler: uniform in 0..1
        twin._held = _Held(self._held.game.determinize(player_id, seed))
        return twin

    def __str__(self) -> str:
        return upriver.render_text(self._shared.surface.game_id, self._held.game.view(None))


class Observer:
    """OpenSpiel's observer protocol: the game's encoding of a seat's view as the tensor, the
    view as JSON as the string (with the seat's own log when perfect recall is asked)."""

    def __init__(self, surface: Surface, perfect_recall: bool) -> None:
        self.surface = surface
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(surface.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: UpriverSpielState, player: int) -> None:
        self.tensor[:] = self.surface.observation(state.upriver_game, player)

    def string_from(self, state: UpriverSpielState, player: int) -> str:
        g = state.upriver_game
        view = g.view(player)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:
            text += "\n" + json.dumps(g.log(player), separators=(",", ":"))
        return text


def _game_type(game_id: str) -> Any:
    rules = rules_for(game_id)
    players = 2 if 2 in rules.players else min(rules.players)
    params: dict[str, Any] = {"players": players, "seed": 0, "reward": "win"}
    params.update({name: opt.default for name, opt in rules.options.items()})
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"upriver {rules.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(rules.players), min_num_players=min(rules.players),
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)


def register() -> list[str]:
    """Register every upriver game with OpenSpiel (again is harmless); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in upriver.games():
        name = short_name(game_id)
        names.append(name)
        if name in registered:
            continue
        game_type = _game_type(game_id)

        # A class per game, as OpenSpiel's own Python games register (a plain function held by
        # its registry is freed after the interpreter, which aborts at exit).
        def init(self: UpriverSpielGame, params: dict[str, Any] | None = None,
                 _id: str = game_id, _type: Any = game_type) -> None:
            UpriverSpielGame.__init__(self, _id, _type, params)

        cls = type(f"Upriver{game_id.title().replace('-', '')}Game", (UpriverSpielGame,),
                   {"__init__": init})
        pyspiel.register_game(game_type, cls)
    return names


def load(game_id: str, **params: Any) -> Any:
    """``pyspiel.load_game`` of an upriver game with ``params`` (players, seed, reward, options)."""
    register()
    return pyspiel.load_game(short_name(game_id), params)
