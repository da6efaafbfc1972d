"""One game at one player count and option set, as every learning surface sees it: the game's
fixed action catalogue (an action is its index there; a legal set is a mask over it) and a
seat's view encoded as numbers.

Both come from the game package (``catalogue.actions()`` and ``encoding.encode``); this module
only turns them into arrays, so the wrappers (PettingZoo, Gymnasium, OpenSpiel) know no game.
The observation is ``view(seat)`` encoded, so what a seat may know is decided once, by the
game's view, for every surface; a game may compute the same numbers from its state directly
(``encode_state``), and a test holds the two equal.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

import upriver
from upriver.core.errors import BadOption, IllegalAction
from upriver.core.game import Game, check_players
from upriver.core.options import check_options
from upriver.core.registry import rules_for

Mask = npt.NDArray[np.int8]
Vector = npt.NDArray[np.float32]


class Surface:
    """A game's action space and observation shape at ``players`` and ``options``."""

    def __init__(self, game_id: str, players: int, options: dict[str, Any] | None = None) -> None:
        self.rules = rules_for(game_id)
        self.game_id = game_id
        # The same checks as new_game, so a bad player count or option is one line here too.
        check_players(self.rules, players)
        self.players = players
        self.options = check_options(game_id, self.rules.options, options or {}, players)
        self.actions: tuple[str, ...] = self.rules.action_catalogue()
        self.index = {text: i for i, text in enumerate(self.actions)}
        self.layout: list[tuple[str, int]] = self.rules.observation_layout(players, self.options)
        self.size = sum(n for _, n in self.layout)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def new_game(self, seed: int) -> Game:
        return upriver.new_game(self.game_id, players=self.players, seed=seed, **self.options)

    def legal_indices(self, game: Game) -> list[int]:
        """The catalogue indices of the legal actions, in the game's own order."""
        try:
            return [self.index[text] for text in game.legal_actions()]
        except KeyError as exc:  # a catalogue gap is the game's defect, never the caller's
            raise RuntimeError(f"{self.game_id}: legal action {exc} is not in its catalogue") \
                from None

    def mask(self, game: Game, seat: int | None = None) -> Mask:
        """1 for each legal action of ``seat`` (default: the seat to move), else 0; all zeros
        for a seat that is not to move, and once the game is over."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        if not game.is_over and (seat is None or seat == game.to_move):
            out[self.legal_indices(game)] = 1
        return out

    def observation(self, game: Game, seat: int) -> Vector:
        """``seat``'s view as the game encodes it (float32, length ``size``), read straight
        from the state where the game can (``Rules.encode_seat``)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} does not exist in a {self.players}-player game")
        values = self.rules.encode_seat(game.state, seat, self.players, self.options)
        # The doubles' buffer as is, then one cast: no Python float is touched.
        return np.frombuffer(values, dtype=np.float64, count=self.size).astype(np.float32)

    def action_text(self, action: Any) -> str:
        """The catalogue text of ``action`` (an index), or a one-line ``IllegalAction``."""
        if isinstance(action, np.integer):
            action = int(action)
        if not isinstance(action, int) or isinstance(action, bool) \
                or not 0 <= action < len(self.actions):
            raise IllegalAction(f"{self.game_id}: action must be a whole number from 0 to "
                                f"{len(self.actions) - 1}, not {action!r}")
        return self.actions[action]

    def play(self, game: Game, action: Any) -> None:
        """Play the catalogue action ``action``; an illegal one raises ``IllegalAction`` and
        changes nothing."""
        game.play(self.action_text(action))


def final_rewards(game: Game, reward: str) -> list[float]:
    """Each seat's reward once the game is over: ``score`` is its score minus the best other
    score (a solo opponent's included); ``win`` is 1 for a winner (victory shared by the game's
    tie rule) and -1 for every other seat."""
    if reward == "win":
        winners = set(game.winners())
        return [1.0 if s in winners else -1.0 for s in range(game.num_players)]
    scores = [float(s) for s in game.scores()]
    others = scores + [float(o["score"]) for o in game.opponents()]
    return [scores[s] - max(v for i, v in enumerate(others) if i != s)
            for s in range(game.num_players)]


REWARDS = ("score", "win")


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise BadOption(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    return reward
