"""Each game's texts for the terminal: title, compact sections and action descriptions.

The games' ``render`` modules provide them (``headline``, ``progress``, ``step``, ``compact``,
``describe``); a game without them still plays, with its full ``render_text`` as one section.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from upriver.core.game import Game


@dataclass(frozen=True)
class Section:
    """Some lines of a view: ``you``, ``board``, ``table``, ``display``, ``seats``, ..."""

    name: str
    lines: list[str]
    rank: int  # lower: kept first on a small screen


def _module(game_id: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"upriver.games.{game_id.replace('-', '_')}.render")
    except ImportError:
        return None


def full_text(game: Game, view: dict[str, Any]) -> str:
    """The game's own full text rendering (``upriver replay`` and the ``view`` command)."""
    render = getattr(game.rules, "render_text", None)
    return str(render(view)) if callable(render) else json.dumps(view, indent=1)


def _call(game: Game, name: str, *args: Any) -> Any:
    module = _module(game.game_id)
    fn = getattr(module, name, None) if module is not None else None
    return fn(*args) if callable(fn) else None


def headline(game: Game, view: dict[str, Any]) -> str:
    """``12 Rivers · 2022 edition · Family Mode``."""
    return str(_call(game, "headline", view) or game.rules.name)


def progress(game: Game, view: dict[str, Any]) -> str:
    """``round 2 of 5 · exploration``."""
    return str(_call(game, "progress", view) or (f"round {view['round']}"
                                                 if "round" in view else ""))


def step(game: Game, view: dict[str, Any]) -> str:
    return str(_call(game, "step", view) or view.get("step", ""))


def sections(game: Game, view: dict[str, Any], width: int) -> list[Section]:
    found = _call(game, "compact", view, width)
    if found is None:
        return [Section("board", full_text(game, view).splitlines(), 1)]
    return [Section(str(s["name"]), [str(x) for x in s["lines"]], int(s["rank"]))
            for s in found]


def describe(game: Game, view: dict[str, Any], action: str) -> str:
    return str(_call(game, "describe", view, action) or "")


def short_text(game: Game, view: dict[str, Any], width: int = 80) -> str:
    """Every section of the short form, under a title line (``upriver replay --short``)."""
    title = " · ".join(x for x in (headline(game, view), progress(game, view),
                                   step(game, view)) if x)
    lines = [title]
    for s in sections(game, view, width):
        lines += s.lines
    return "\n".join(lines)
