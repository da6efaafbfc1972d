"""Any upriver game as a Gymnasium single-agent environment (``upriver.rl.gym_env``): the
learner holds one seat and upriver bots (``random``, ``greedy``, ``mcts``...) hold the others.

The observation is the learner's view encoded by the game (a float32 vector); the action is a
catalogue index, or with ``actions="words"`` one word of the action's text at a time
(``upriver.rl.words``: the structured space, where a flat catalogue is huge).
``action_masks()`` (and ``info["action_mask"]``) mark the legal ones, as masked-action
algorithms (sb3-contrib's MaskablePPO) expect. The reward comes once, at the end:
the learner's margin over the best other score (``reward="score"``) or 1/-1 (``"win"``).

An action outside the mask changes nothing: by default (``illegal="penalty"``) the step returns
``illegal_reward``, the same observation and ``info["illegal"]`` with the one-line reason, so
that unmasked algorithms (and Gymnasium's own checker, which samples unmasked actions) can run;
``illegal="raise"`` raises ``IllegalAction`` instead.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import upriver
from upriver.agents import Agent, make_agent
from upriver.core.errors import BadOption, IllegalAction
from upriver.core.game import Game
from upriver.rl import words
from upriver.rl.surface import Surface, Vector, check_reward, final_rewards
from upriver.rl.words import Spelling, Vocabulary, check_actions, vocabulary

ILLEGAL = ("penalty", "raise")


class UpriverGymEnv(gym.Env[Vector, np.int64]):
    """One seat of an upriver game; the other seats are played by bots inside ``step``."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium's own field)

    def __init__(self, game: str, players: int = 2, seat: int | None = 0,
                 opponents: str | list[str] = "random", reward: str = "score",
                 illegal: str = "penalty", illegal_reward: float = -1.0,
                 render_mode: str | None = None, actions: str = "catalogue",
                 **options: Any) -> None:
        self.surface = Surface(game, players, options)
        self.reward_kind = check_reward(reward)
        if illegal not in ILLEGAL:
            raise BadOption(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise BadOption(f"seat must be from 0 to {players - 1} or None (drawn each game), "
                            f"not {seat!r}")
        check_actions(actions)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOption(f"render_mode must be ansi, human or None, not {render_mode!r}")
        specs = opponents.split(",") if isinstance(opponents, str) else list(opponents)
        if len(specs) == 1:
            specs = specs * (players - 1)
        if len(specs) != players - 1:
            raise BadOption(f"{players} players need {players - 1} opponent bots, "
                            f"not {len(specs)}")
        for spec in specs:
            make_agent(spec, 0)  # a bad spec is refused now, in one line
        self.opponent_specs = [s.strip() for s in specs]
        self.fixed_seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.actions = actions
        # Spelled word by word (``words``): the vocabulary, and the words chosen so far.
        self.vocab: Vocabulary | None = None
        self.spelling: Spelling | None = None
        size, choices = self.surface.size, self.surface.num_actions
        if actions == "words":
            self.vocab = vocabulary(self.surface.actions)
            size += self.vocab.choices * self.vocab.size
            choices = self.vocab.size
        self.size, self.width = size, choices  # the observation's length, the actions' count
        self.observation_space = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
        self.action_space = spaces.Discrete(choices)
        self._seeds = random.Random()
        self.game: Game | None = None
        self.seat = seat if seat is not None else 0
        self._bots: dict[int, Agent] = {}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.getrandbits(63)
        self.game = self.surface.new_game(game_seed)
        players = self.surface.players
        self.seat = self.fixed_seat if self.fixed_seat is not None \
            else self._seeds.randrange(players)
        others = [s for s in range(players) if s != self.seat]
        self._bots = {s: make_agent(spec, self._seeds.getrandbits(62))
                      for s, spec in zip(others, self.opponent_specs, strict=True)}
        self._bots_play()
        return self.observation(), self._info()

    def _bots_play(self) -> None:
        """The bots' moves up to the learner's next decision (whose spelling starts)."""
        game = self.game
        assert game is not None
        while not game.is_over:
            mover = game.to_move
            assert mover is not None
            if mover != self.seat:
                game.play(self._bots[mover].choose(game))
                continue
            if self.vocab is None:
                return
            self.spelling = Spelling(self.vocab, self.surface.legal_indices(game))
            if self.spelling.action is None:
                return
            # One legal action: every word of it is forced, so it is played for the learner.
            self.surface.play(game, self.spelling.action)
        self.spelling = None

    def observation(self) -> Vector:
        """The learner's observation now: its seat's encoding, then (``words``) the words
        chosen so far in this decision, a one-hot block per choice."""
        assert self.game is not None, "call reset() first"
        seen = self.surface.observation(self.game, self.seat)
        if self.vocab is None:
            return seen
        return words.observation(seen, self.vocab, self.spelling)

    def _info(self, **extra: Any) -> dict[str, Any]:
        assert self.game is not None
        return {"action_mask": self.action_masks(), "seat": self.seat, **extra}

    def legal(self) -> list[int]:
        """The learner's legal actions now, as numbers of the action space: catalogue indices,
        or (``words``) the words that continue a legal action; none once the game is over."""
        game = self.game
        assert game is not None, "call reset() first"
        if self.spelling is not None:
            return self.spelling.legal_words()
        if self.vocab is not None or game.is_over or game.to_move != self.seat:
            return []
        return self.surface.legal_indices(game)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the learner's decision as a mask over the action space (none
        once the game is over)."""
        out = np.zeros(self.width, dtype=np.bool_)
        out[self.legal()] = True
        return out

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        reward, done, refused = self.advance(action)
        if refused is not None:
            return self.observation(), reward, False, False, self._info(illegal=refused)
        if self.render_mode == "human":
            self.render()
        return self.observation(), reward, done, False, self._info()

    def advance(self, action: Any) -> tuple[float, bool, str | None]:
        """``step`` without its observation and mask (the vector environment writes those
        into its own arrays): the reward, whether the game is over, and the reason an illegal
        action was refused under ``illegal="penalty"`` (``None`` if it was played)."""
        game = self.game
        assert game is not None, "call reset() first"
        if game.is_over:
            raise IllegalAction("the game is over: call reset() first")
        try:
            if self.spelling is not None:
                self.spelling.say(action, self.surface.game_id)
                if self.spelling.action is None:
                    return 0.0, False, None  # a word said; the decision goes on
                action = self.spelling.action
            self.surface.play(game, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            return self.illegal_reward, False, str(exc)
        self._bots_play()
        if game.is_over:
            return final_rewards(game, self.reward_kind)[self.seat], True, None
        return 0.0, False, None

    def render(self) -> str | None:
        """The board as the learner's seat sees it, as the terminal draws it."""
        if self.render_mode is None or self.game is None:
            return None
        text = upriver.render_text(self.surface.game_id, self.game.view(self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text
