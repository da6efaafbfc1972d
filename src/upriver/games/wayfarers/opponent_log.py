"""What the solo opponent did since its last turn began, as lines a player can check against
the rulebook: each revealed Scheme card and the action it drove, then every step (the issue's
"the opponent's turn is visible")."""

from __future__ import annotations

from collections.abc import Callable

from upriver.games.wayfarers import opponent as op
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS
from upriver.games.wayfarers.priorities import track_after
from upriver.games.wayfarers.solo_components import ACQUIRE, CARD_INFLUENCE, load_solo
from upriver.games.wayfarers.state import AI_LOG, WORKER_COLOURS, State

_NOTHING = {ACQUIRE: "no card it could take", op.PLACE: "no card for its Worker",
            op.PICK: "no Worker it could retrieve", CARD_INFLUENCE: "no card for its Influence"}


def lines(st: State) -> list[str]:
    if not st.ai:
        return []
    events = st.ai[AI_LOG]
    texts = _texts(st)
    return [texts[e](a, b) for e, a, b in (events[i : i + 3] for i in range(0, len(events), 3))]


def _texts(st: State) -> dict[int, Callable[[int, int], str]]:
    """Each event's line from its two numbers."""
    comp = st.cfg.comp
    schemes = load_solo().schemes
    card = comp.cards
    return {
        op.E_REVEAL: lambda a, _: f"revealed Scheme {schemes[a].id} (Silver "
                                  f"{schemes[a].silver}{', comet' if schemes[a].comet else ''})",
        op.E_REST: lambda a, b: "rests: 3 face-up Scheme cards of one colour",
        op.E_FIRST: lambda a, _: f"{schemes[a].id}: its first action",
        op.E_SECOND: lambda a, _: f"{schemes[a].id}: the first action is impossible, its second",
        op.E_TRACK: lambda a, b: f"Resource Track {a} -> {b}"
                                 + (" (from 4 onto 5: its bonus)"
                                    if track_after(a, (b - a) % 8)[1] else ""),
        op.E_COMET: lambda a, _: f"Comet Track up to {a}",
        op.E_INFLUENCE: lambda a, _: f"Influence on the {GUILDS[a]} Guild",
        op.E_CARD_INF: lambda a, _: f"Influence on {card[a].id}",
        op.E_TAKE: lambda a, _: f"takes {CARD_TYPES[card[a].type]} card {card[a].full_name}",
        op.E_TOP: lambda a, _: f"takes the top {CARD_TYPES[card[a].type]} card, "
                               f"{card[a].full_name}",
        op.E_TILE: lambda a, _: f"gains tile {comp.tiles[a].id} into its caravan",
        op.E_BESIDE: lambda a, _: f"gains tile {comp.tiles[a].id}, beside its board (no room)",
        op.E_WORKER: lambda a, b: f"places a {WORKER_COLOURS[a]} Worker on {card[b].id}",
        op.E_RETRIEVE: lambda a, b: f"retrieves a {WORKER_COLOURS[a]} Worker from {card[b].id}",
        op.E_JOURNAL: lambda a, _: f"journals to space {a}",
        op.E_EXTRA: lambda a, _: f"pays {a} Black Influence for an extra Journal step",
        op.E_SHUFFLE: lambda a, b: "shuffles the Scheme cards into a new pile",
        op.E_ALLOWED: lambda a, b: f"you let it use {card[a].id}"
                                   + {1: ", you gain 1 Silver", 2: ", you gain 1 Provision"}
                                   .get(b, ""),
        op.E_DENIED: lambda a, b: f"you deny it {card[a].id}, paying "
                                  + ("1 Silver" if b == 1 else "1 Provision"),
        op.E_GREEN: lambda a, b: "takes the Green Worker of its Journal column",
        op.E_NONE: lambda a, _: f"finds {_NOTHING.get(a, 'nothing to do')}",
    }

