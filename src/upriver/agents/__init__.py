"""Agents that take a seat: ``make_agent(spec, seed)`` is used wherever seats are named.

An agent sees the game only through the public API (``legal_actions()``, ``view`` of its seat,
``determinize`` for its seat, ``evaluate``), so the same agent plays in the terminal, in
simulations and on the web. A spec is a name with optional parameters after colons:
``random``, ``greedy``, ``mcts``, ``mcts:iters=2000``, ``mcts:secs=1``,
``mcts:iters=500:playout=greedy``.
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from upriver.agents.greedy import GreedyAgent
from upriver.agents.mcts import MCTSAgent
from upriver.agents.random_agent import RandomAgent
from upriver.core.errors import BadOption
from upriver.core.game import Game
from upriver.core.options import shown

__all__ = ["AGENTS", "PARAMS", "Agent", "Param", "agent_names", "agent_settings", "make_agent",
           "parse_spec"]


class Agent(Protocol):
    """Something that chooses one of the legal actions for the seat to move."""

    name: str

    def choose(self, game: Game) -> str: ...


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
}


@dataclass(frozen=True)
class Param:
    """One agent parameter: its type and its allowed values (an inclusive range, or choices)."""

    kind: type  # int, float or str
    low: float = 0
    high: float = 0
    above_low: bool = False  # the low end is excluded (a time budget must be positive)
    choices: tuple[str, ...] = ()
    help: str = ""

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        noun = "a whole number" if self.kind is int else "a number"
        if self.above_low:
            return f"{noun} above {shown(self.low)} and at most {shown(self.high)}"
        return f"{noun} from {shown(self.low)} to {shown(self.high)}"

    def read(self, agent: str, key: str, text: str) -> Any:
        """``text`` read into this parameter's type and checked, or a one-line ``BadOption``."""
        bad = BadOption(f"agent {agent}: {key} must be {self.describe()}, not {shown(text)}")
        if self.kind is str:
            if text not in self.choices:
                raise bad
            return text
        try:
            value: float = int(text) if self.kind is int else float(text)
        except ValueError:
            raise bad from None
        if not math.isfinite(value):
            raise bad
        if value < self.low or (self.above_low and value == self.low) or value > self.high:
            raise bad
        return value


# The parameters each agent accepts.
PARAMS: dict[str, dict[str, Param]] = {
    "random": {},
    "greedy": {},
    "mcts": {
        "iters": Param(int, 1, 10_000_000, help="iterations per turn (per decision with "
                       "per=decision)"),
        "secs": Param(float, 0, 3600, above_low=True,
                      help="seconds per turn (a time budget instead of iterations)"),
        "c": Param(float, 0, 100, help="UCB exploration constant"),
        "playout": Param(str, choices=("random", "greedy"), help="playout policy"),
        "depth": Param(int, 0, 100_000,
                       help="playout decisions before the evaluation (0: play to the end)"),
        "bias": Param(float, 0, 100, help="weight of the greedy look-ahead's prior (0: none)"),
        "width": Param(int, 0, 1_000,
                       help="root actions kept after the greedy look-ahead (0: all)"),
        "early": Param(int, 0, 1, help="stop once the leading root action can no longer be "
                       "overtaken in the budget left (0: spend it all)"),
        "per": Param(str, choices=("turn", "decision"),
                     help="what the budget covers: a seat's whole turn (its later decisions "
                     "go on in the same tree), or each decision afresh"),
    },
}


def agent_names() -> list[str]:
    return sorted(AGENTS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"mcts:iters=200:playout=greedy"`` -> ``("mcts", {"iters": 200, "playout": "greedy"})``;
    an unknown agent, parameter or value out of range is a one-line ``BadOption``."""
    name, *parts = spec.strip().split(":")
    if name not in AGENTS:
        raise BadOption(f"unknown agent {name!r} (agents: {', '.join(agent_names())})")
    params: dict[str, Any] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        param = PARAMS[name].get(key.strip())
        if not eq or param is None:
            known = ", ".join(PARAMS[name]) or "none"
            raise BadOption(f"agent {name}: bad parameter {part!r} (parameters: {known})")
        if key.strip() in params:
            raise BadOption(f"agent {name}: {key.strip()} is given twice")
        params[key.strip()] = param.read(name, key.strip(), value.strip())
    if name == "mcts" and "secs" in params and "iters" not in params:
        params["iters"] = 0  # a time budget alone
    return name, params


def agent_settings(spec: str) -> dict[str, Any]:
    """Every setting of the agent ``spec`` names, its defaults included (what a report states):
    ``"mcts:iters=40"`` -> ``{"agent": "mcts", "iters": 40, "secs": 0.0, "c": 0.7, ...}``."""
    name, params = parse_spec(spec)
    defaults = {key: p.default for key, p in inspect.signature(AGENTS[name]).parameters.items()
                if key != "seed" and p.default is not inspect.Parameter.empty}
    return {"agent": name, **defaults, **params}


def make_agent(spec: str, seed: int) -> Agent:
    """A new agent from its spec, with its own seeded randomness; bad specs raise ``BadOption``."""
    name, params = parse_spec(spec)
    try:
        return AGENTS[name](seed, **params)
    except ValueError as exc:
        raise BadOption(str(exc)) from None
