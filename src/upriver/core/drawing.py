"""What every game's SVG board shares: clickable targets, pieces that say when they changed,
and people's names drawn safely.

The contract each game's ``svg.render(view, names)`` keeps (the web page knows no game):

- every legal action of the viewer, except the game's ``PASSES`` ("done", "end turn"...), is
  drawn as a *target*: an element with the class ``target`` and ``data-action`` holding the
  action's exact text, reachable from the keyboard (``tabindex``) and named for screen readers;
  every target is a drawn piece of the table (it carries ``data-piece``), never a text chip,
  and its first shape (before any ``<title>``) is what the page outlines;
- every piece whose look can change carries ``data-piece`` (a stable name) and ``data-state``
  (a short text that changes whenever the piece does), so the page can highlight what changed
  since the person's last decision;
- pieces explain themselves in a ``<title>`` (what it is, what it costs and gives);
- people's names are drawn isolated from the text around them (a right-to-left name cannot
  reverse its line) and cut with an ellipsis when long.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

FSI, PDI = "\u2068", "\u2069"  # first-strong isolate ... pop directional isolate


def target(action: str | None, legal: Iterable[str] | set[str]) -> str:
    """The attributes that make an element a target for ``action`` when it is legal."""
    if action is None or action not in legal:
        return ""
    return target_attrs(action)


def target_attrs(action: str | None) -> str:
    """The attributes that make an element the target of ``action`` (known to be legal);
    nothing for None."""
    if action is None:
        return ""
    text = escape(action)
    return (f' class="target" data-action="{text}" tabindex="0" role="button" '
            f'aria-label="{text}"')


def first_legal(actions: Iterable[str], legal: set[str]) -> str | None:
    return next((a for a in actions if a in legal), None)


def piece(name: str, state: object) -> str:
    """The attributes naming a piece and its current look."""
    return f' data-piece="{escape(name)}" data-state="{escape(str(state))}"'


def title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def name(text: str, limit: int = 18) -> str:
    """A person's name for a drawing: cut to ``limit`` characters with an ellipsis, isolated
    from the text around it, escaped."""
    cut = text if len(text) <= limit else text[: limit - 1].rstrip() + "\u2026"
    return escape(FSI + cut + PDI)


def seat_names(names: list[str] | None, seats: int) -> list[str]:
    """The names to draw for each seat: the people's own, or "Seat N"."""
    if names is None or len(names) != seats:
        return [f"Seat {s}" for s in range(seats)]
    return list(names)


def drawn_actions(svg: str, legal: Iterable[str]) -> set[str]:
    """The legal actions that have a target in ``svg``."""
    return {a for a in legal if f'data-action="{escape(a)}"' in svg}
