"""Any upriver game as a PettingZoo AEC environment (``upriver.rl.env``).

Agents are ``player_0`` .. ``player_{n-1}``, one per seat (a solo game has one; its automated
opponent plays inside ``step``). Each observation is a dict: ``observation``, the seat's view
encoded by the game, and ``action_mask``, 1 for each legal catalogue index (all zeros for a seat
that is not to move). Rewards come once, when the game ends (``reward="score"``: the margin over
the best other score; ``"win"``: 1 or -1). ``reset(seed=...)`` starts the game from that seed, so
the same seed and actions replay the same game; without a seed the next game's seed is drawn
from the environment's own generator.

With ``actions="words"`` an agent spells its decision one word of the action's text at a time
(``upriver.rl.words``), as in the Gymnasium environment: the action space is the game's
vocabulary, the mask marks the words that continue a legal action, and the observation adds the
words the agent to move has chosen so far. The agent stays selected until its action is
spelled; a word that is the only way on is said for it, and a decision with one legal action is
played for its seat, so an agent is selected only where it has a choice.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import upriver
from upriver.core.errors import BadOption
from upriver.core.game import Game
from upriver.rl import words
from upriver.rl.surface import Surface, Vector, check_reward, final_rewards
from upriver.rl.words import Spelling, Vocabulary, check_actions, vocabulary

RENDER_MODES = ("ansi", "human")


class UpriverEnv(AECEnv):  # type: ignore[misc]
    """One upriver game, turn by turn, as PettingZoo's agent-environment-cycle API."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "upriver_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str, players: int = 2, reward: str = "score",
                 render_mode: str | None = None, actions: str = "catalogue",
                 **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOption(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, "
                            f"not {render_mode!r}")
        self.surface = Surface(game, players, options)
        self.reward_kind = check_reward(reward)
        self.render_mode = render_mode
        self.actions = check_actions(actions)
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        # Spelled word by word (``words``): the vocabulary, and the decision being spelled.
        self.vocab: Vocabulary | None = None
        self.spelling: Spelling | None = None
        size, choices = self.surface.size, self.surface.num_actions
        if actions == "words":
            self.vocab = vocabulary(self.surface.actions)
            size += self.vocab.choices * self.vocab.size
            choices = self.vocab.size
        obs = spaces.Box(-np.inf, np.inf, shape=(size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(choices,), dtype=np.int8)
        self._observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask})
                                    for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(choices) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.game = self.surface.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._spell_next()
        self.agent_selection = self._mover()

    def _mover(self) -> str:
        assert self.game is not None
        seat = self.game.to_move
        return self.possible_agents[seat if seat is not None else 0]

    def _spell_next(self) -> None:
        """(``words``) Start spelling the next decision, playing each decision that has one
        legal action for its seat; no spelling once the game is over."""
        game = self.game
        assert game is not None
        self.spelling = None
        if self.vocab is None:
            return
        while not game.is_over:
            self.spelling = Spelling(self.vocab, self.surface.legal_indices(game))
            if self.spelling.action is None:
                return
            self.surface.play(game, self.spelling.action)
        self.spelling = None

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.game is not None, "call reset() first"
        seat = self._seat[agent]
        seen = self.surface.observation(self.game, seat)
        if self.vocab is None:
            return {"observation": seen, "action_mask": self.surface.mask(self.game, seat)}
        return self._spelled(seen, seat)

    def _spelled(self, seen: Vector, seat: int) -> dict[str, Any]:
        """The words observation and mask of ``seat``: its chosen words and the words that
        go on while it spells; nothing chosen and nothing legal for any other seat."""
        assert self.vocab is not None and self.game is not None
        spelling = self.spelling if seat == self.game.to_move else None
        mask = np.zeros(self.vocab.size, dtype=np.int8)
        if spelling is not None:
            mask[spelling.legal_words()] = 1
        return {"observation": words.observation(seen, self.vocab, spelling),
                "action_mask": mask}

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        agent = self.agent_selection
        if self.spelling is not None:  # an unmasked word raises and changes nothing
            self.spelling.say(action, self.surface.game_id)
            if self.spelling.action is None:
                self._cumulative_rewards[agent] = 0.0
                self._clear_rewards()
                return  # a word said; the same agent goes on spelling
            self.surface.play(self.game, self.spelling.action)
            self._spell_next()
        else:
            self.surface.play(self.game, action)  # an illegal action raises, changing nothing
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self.game.is_over:
            for a, value in zip(self.agents, final_rewards(self.game, self.reward_kind),
                                strict=True):
                self.rewards[a] = value
                self.terminations[a] = True
        self.agent_selection = self._mover()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The board as the terminal shows it to a spectator (public information only)."""
        if self.render_mode is None or self.game is None:
            return None
        text = upriver.render_text(self.surface.game_id, self.game.view(None))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None
