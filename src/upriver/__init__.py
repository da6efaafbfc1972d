"""upriver: river-themed eurogames to play, study and research.

The public interface (see ``docs/interface.md``)::

    import upriver
    g = upriver.new_game("twelve-rivers", players=4, seed=123)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    print(g.scores(), g.winners())
"""

from __future__ import annotations

import json
from typing import Any

from upriver import games as _games  # noqa: F401  (registers the games)
from upriver.core.errors import BadOption, BadPosition, IllegalAction
from upriver.core.game import Game, check_players, game_from_json
from upriver.core.options import check_options
from upriver.core.registry import game_ids, rules_for

__all__ = [
    "BadOption",
    "BadPosition",
    "Game",
    "IllegalAction",
    "button_only",
    "compiled",
    "from_position",
    "game_info",
    "games",
    "load_game",
    "new_game",
    "render_svg",
    "render_text",
]


def compiled() -> bool:
    """Whether this install runs the compiled build (``setup.py``): the bots' and rules' hot
    modules as native code rather than Python source."""
    import upriver.agents.mcts as hot

    return not (hot.__file__ or "").endswith(".py")


def games() -> list[str]:
    """The registered game ids."""
    return game_ids()


def game_info(game_id: str) -> dict[str, Any]:
    """Display name, allowed player counts and options (default, choices or range, what each
    needs) of a game."""
    rules = rules_for(game_id)
    return {
        "name": rules.name,
        "players": list(rules.players),
        "options": {
            name: {
                "default": opt.default,
                "choices": list(opt.choices),
                "help": opt.help,
                "requires": dict(opt.requires),
                "players": list(opt.players) or list(rules.players),
                "allowed": opt.describe(),
                **({"minimum": opt.minimum, "maximum": opt.maximum} if opt.kind is int else {}),
            }
            for name, opt in rules.options.items()
        },
    }


def new_game(game_id: str, players: int, seed: int = 0, **options: Any) -> Game:
    """A new game; options are keyword arguments (unknown ones raise ``BadOption``)."""
    rules = rules_for(game_id)
    n = check_players(rules, players)
    opts = check_options(rules.game_id, rules.options, options, n)
    return Game(rules, n, opts, rules.new_state(n, opts, seed))


def load_game(text: str) -> Game:
    """Resume a game saved with ``Game.to_json``."""
    try:
        data = json.loads(text)
        game_id = data["game"]
    except (ValueError, KeyError, TypeError):
        raise BadPosition("not an upriver save file (expected JSON from Game.to_json)") from None
    return game_from_json(rules_for(game_id), data)


def from_position(game_id: str, text: str) -> Game:
    """A game in the position described by ``text`` (each game documents its own format)."""
    rules = rules_for(game_id)
    state, options = rules.from_position(text)
    return Game(rules, state.num_players, options, state)


def render_svg(game_id: str, view: dict[str, Any], names: list[str] | None = None) -> str:
    """A seat's view drawn as SVG; each legal target of that seat carries ``data-action``.
    ``names`` are the seats' names as people chose them (default: "Seat N")."""
    rules: Any = rules_for(game_id)
    return str(rules.render_svg(view, names))


def button_only(game_id: str) -> frozenset[str]:
    """The actions a game's board may leave to a button ("done", "end turn"...): every other
    legal action has a target on the board."""
    rules: Any = rules_for(game_id)
    passes: frozenset[str] = rules.svg.PASSES
    return passes


def seat_colours(game_id: str, view: dict[str, Any]) -> list[str]:
    """Each seat's colour as the game's board draws it (CSS colours), so a page can show a
    seat's colour wherever it names the seat."""
    rules: Any = rules_for(game_id)
    return list(rules.svg.seat_colours(view))


def opponent_colour(game_id: str, view: dict[str, Any]) -> str | None:
    """The colour a game's board gives its automated opponent (a solo game's), or None
    where it has none."""
    rules: Any = rules_for(game_id)
    colour = getattr(rules.svg, "opponent_colour", None)
    return None if colour is None else colour(view)


def render_text(game_id: str, view: dict[str, Any]) -> str:
    """A seat's view as text for the terminal."""
    rules: Any = rules_for(game_id)
    return str(rules.render_text(view))
