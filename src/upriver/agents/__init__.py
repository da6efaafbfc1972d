"""Agents that take a seat: ``make_agent(spec, seed)`` is used wherever seats are named.

An agent sees the game only through the public API (``legal_actions()``, ``view`` of its seat,
``determinize`` for its seat, ``evaluate``), so the same agent plays in the terminal, in
simulations and on the web. A spec is a name with optional parameters after colons:
``random``, ``greedy``, ``mcts``, ``mcts:iters=2000``, ``mcts:secs=1``,
``mcts:iters=500:playout=greedy``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from upriver.agents.greedy import GreedyAgent
from upriver.agents.mcts import MCTSAgent
from upriver.agents.random_agent import RandomAgent
from upriver.core.errors import BadOption
from upriver.core.game import Game

__all__ = ["AGENTS", "Agent", "agent_names", "make_agent"]


class Agent(Protocol):
    """Something that chooses one of the legal actions for the seat to move."""

    name: str

    def choose(self, game: Game) -> str: ...


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}
# Parameters each agent accepts, with their types.
PARAMS: dict[str, dict[str, type]] = {
    "random": {},
    "greedy": {},
    "mcts": {"iters": int, "secs": float, "c": float, "playout": str, "depth": int,
             "bias": float, "width": int},
}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iters=200:playout=greedy"`` -> ``("mcts", {"iters": 200, "playout": "greedy"})``."""
    name, *parts = spec.strip().split(":")
    if name not in AGENTS:
        raise BadOption(f"unknown agent {name!r} (agents: {', '.join(agent_names())})")
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        kind = PARAMS[name].get(key)
        if not eq or kind is None:
            known = ", ".join(PARAMS[name]) or "none"
            raise BadOption(f"agent {name}: bad parameter {part!r} (parameters: {known})")
        try:
            params[key] = kind(value)
        except ValueError:
            raise BadOption(f"agent {name}: {key} must be a {kind.__name__}") from None
    if name == "mcts" and "secs" in params and "iters" not in params:
        params["iters"] = 0  # a time budget alone
    return name, params


def make_agent(spec: str, seed: int) -> Agent:
    """A new agent from its spec, with its own seeded randomness; bad specs raise ``BadOption``."""
    name, params = parse_spec(spec)
    try:
        return AGENTS[name](seed, **params)
    except ValueError as exc:
        raise BadOption(str(exc)) from None
