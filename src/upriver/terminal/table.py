"""The table: a game, who sits in each seat (a person or a bot), and the turn loop.

A front end (the full screen or plain lines) shows the game and asks the people; the table
decides who moves. Bots get their own random streams derived from the game seed and the
number of decisions already made, so a seeded game, and a resumed one, plays the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol

from upriver.agents import Agent, make_agent
from upriver.core.game import Game


class FrontEnd(Protocol):
    def think(self, seat: int, choose: Callable[[], str]) -> str:
        """Let a bot choose (showing that it thinks)."""

    def ask(self, seat: int, actions: list[str]) -> str | None:
        """A person's choice among ``actions``, or None when the person quits."""

    def played(self, seat: int, action: str, auto: bool) -> None:
        """A decision was made (``auto``: the person's only choice, taken for them)."""


@dataclass
class Table:
    game: Game
    seats: list[str]  # "human" or a bot spec, per seat
    seed: int | None  # the game's seed; None: not known (a game resumed from a plain save)
    confirm: bool = False  # ask people even when they have a single choice
    agents: list[Agent | None] = field(default_factory=list)  # None: a person
    bot_seed: int | None = None  # the bots' streams (default: the game's seed, else random)

    def __post_init__(self) -> None:
        if self.agents:  # given (tests and other front ends bring their own)
            return
        base = next((s for s in (self.bot_seed, self.seed) if s is not None), None)
        if base is None:
            base = random.SystemRandom().randrange(2**31)
        done = len(self.game.history)
        # A new game (done == 0) keeps the seeds of earlier versions: seed * 1009 + seat.
        self.agents = [None if name == "human" else make_agent(name, base * 1009 + s + 7919 * done)
                       for s, name in enumerate(self.seats)]

    @property
    def people(self) -> list[int]:
        return [s for s, agent in enumerate(self.agents) if agent is None]

    @property
    def viewer(self) -> int | None:
        """Whose view the screen shows between decisions, and whose log: the one person
        playing; a spectator's when several people share the terminal, or none does."""
        people = self.people
        return people[0] if len(people) == 1 else None

    def label(self, seat: int) -> str:
        return f"seat {seat} ({self.seats[seat]})" if seat < len(self.seats) else f"seat {seat}"

    def log(self) -> list[tuple[int, str]]:
        return self.game.log(self.viewer)

    def refusal(self, typed: str) -> str | None:
        """Why a typed move of the game is not legal now (``Game.why_not``); ``None`` for a
        text that names no move, which the fronts answer with how to choose."""
        g = self.game
        return g.why_not(typed) if g.rules.names_a_move(typed) else None

    def run(self, front: FrontEnd) -> bool:
        """Play until the end (True) or until a person quits (False). Ctrl-C is left to the
        caller (the game is unchanged by an interrupted decision)."""
        g = self.game
        while not g.is_over:
            seat = g.to_move
            assert seat is not None  # not over, so someone decides
            agent = self.agents[seat]
            auto = False
            if agent is not None:
                action = front.think(seat, partial(agent.choose, g))
            else:
                actions = g.legal_actions()
                if len(actions) == 1 and not self.confirm:
                    action, auto = actions[0], True
                else:
                    answer = front.ask(seat, actions)
                    if answer is None:
                        return False
                    action = answer
            g.play(action)
            front.played(seat, action, auto)
        return True


def since_last(log: list[tuple[int, str]], seat: int | None) -> int:
    """Where the moves since ``seat``'s last decision begin in ``log`` (0: all are new)."""
    if seat is None:
        return 0
    for i in range(len(log) - 1, -1, -1):
        if log[i][0] == seat:
            return i + 1
    return 0
