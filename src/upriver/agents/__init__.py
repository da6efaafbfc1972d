"""Agents that take a seat: ``make_agent(name, seed)`` is used wherever seats are named.

An agent sees the game only through the public API (``legal_actions()`` and ``view(its seat)``),
so the same agent plays in the terminal, in simulations and on the web.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from upriver.agents.random_agent import RandomAgent
from upriver.core.errors import BadOption
from upriver.core.game import Game

__all__ = ["AGENTS", "Agent", "agent_names", "make_agent"]


class Agent(Protocol):
    """Something that chooses one of the legal actions for the seat to move."""

    name: str

    def choose(self, game: Game) -> str: ...


AGENTS: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def make_agent(name: str, seed: int) -> Agent:
    """A new agent by name, with its own seeded randomness; unknown names raise ``BadOption``."""
    factory = AGENTS.get(name)
    if factory is None:
        raise BadOption(f"unknown agent {name!r} (agents: {', '.join(agent_names())})")
    return factory(seed)
