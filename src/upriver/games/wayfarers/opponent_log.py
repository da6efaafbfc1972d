"""What the solo opponent did since its last turn began, as lines a player can check against
the rulebook: each revealed Scheme card and the action it drove, then every step (the issue's
"the opponent's turn is visible")."""

from __future__ import annotations

from upriver.games.wayfarers import opponent as op
from upriver.games.wayfarers.components import Card
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS
from upriver.games.wayfarers.priorities import track_after
from upriver.games.wayfarers.solo_components import ACQUIRE, CARD_INFLUENCE, load_solo
from upriver.games.wayfarers.state import AI_LOG, WORKER_COLOURS, State

_NOTHING = {ACQUIRE: "no card it could take", op.PLACE: "no card for its Worker",
            op.PICK: "no Worker it could retrieve", CARD_INFLUENCE: "no card for its Influence"}


def lines(st: State) -> list[str]:
    if not st.ai:
        return []
    comp = st.cfg.comp
    solo = load_solo()
    events = st.ai[AI_LOG]
    out = []
    for i in range(0, len(events), 3):
        e, a, b = events[i : i + 3]
        if e == op.E_REVEAL:
            s = solo.schemes[a]
            out.append(f"revealed Scheme {s.id} (Silver {s.silver}"
                       f"{', comet' if s.comet else ''})")
        elif e == op.E_REST:
            out.append("rests: 3 face-up Scheme cards of one colour")
        elif e == op.E_FIRST:
            out.append(f"{solo.schemes[a].id}: its first action")
        elif e == op.E_SECOND:
            out.append(f"{solo.schemes[a].id}: the first action is impossible, its second")
        elif e == op.E_TRACK:
            bonus = " (from 4 onto 5: its bonus)" if track_after(a, (b - a) % 8)[1] else ""
            out.append(f"Resource Track {a} -> {b}{bonus}")
        elif e == op.E_COMET:
            out.append(f"Comet Track up to {a}")
        elif e == op.E_INFLUENCE:
            out.append(f"Influence on the {GUILDS[a]} Guild")
        elif e == op.E_CARD_INF:
            out.append(f"Influence on {comp.cards[a].id}")
        elif e == op.E_TAKE:
            c = comp.cards[a]
            out.append(f"takes {CARD_TYPES[c.type]} card {_label(c)}")
        elif e == op.E_TOP:
            c = comp.cards[a]
            out.append(f"takes the top {CARD_TYPES[c.type]} card, {_label(c)}")
        elif e == op.E_TILE:
            out.append(f"gains tile {comp.tiles[a].id} into its caravan")
        elif e == op.E_BESIDE:
            out.append(f"gains tile {comp.tiles[a].id}, beside its board (no room)")
        elif e == op.E_WORKER:
            out.append(f"places a {WORKER_COLOURS[a]} Worker on {comp.cards[b].id}")
        elif e == op.E_RETRIEVE:
            out.append(f"retrieves a {WORKER_COLOURS[a]} Worker from {comp.cards[b].id}")
        elif e == op.E_JOURNAL:
            out.append(f"journals to space {a}")
        elif e == op.E_EXTRA:
            out.append(f"pays {a} Black Influence for an extra Journal step")
        elif e == op.E_SHUFFLE:
            out.append("shuffles the Scheme cards into a new pile")
        elif e == op.E_ALLOWED:
            gain = {1: ", you gain 1 Silver", 2: ", you gain 1 Provision"}.get(b, "")
            out.append(f"you let it use {comp.cards[a].id}{gain}")
        elif e == op.E_DENIED:
            pay = "1 Silver" if b == 1 else "1 Provision"
            out.append(f"you deny it {comp.cards[a].id}, paying {pay}")
        elif e == op.E_GREEN:
            out.append("takes the Green Worker of its Journal column")
        elif e == op.E_NONE:
            out.append(f"finds {_NOTHING.get(a, 'nothing to do')}")
    return out



def _label(c: Card) -> str:
    return c.id if c.name == c.id else f"{c.id} {c.name}"
