"""What each seat sees (rulebook 004; checklist WF-ACQ-18): everything on the table is public;
the draw piles' order is hidden from everyone (a seat knows only where the cards it put under a
pile lie), and cards drawn for a draw-N-keep-1 choice are seen by their drawer only.
"""

from __future__ import annotations

from typing import Any

from upriver.core.rng import Rng, derive_seed
from upriver.games.wayfarers import caravan, cards, opponent_log, scoring
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_BOARD,
    AI_MARKERS,
    AI_PATH,
    AI_REVEALED,
    CARDS,
    CELLS,
    COMET_TRACK,
    KNOWN_TO_ALL,
    SKY,
    SLOTS,
    TRACK,
    WORKER_COLOURS,
    State,
    host,
)
from upriver.games.wayfarers.state import (
    F_ALL as _F_ALL,
)

STAGES = {None: "choose the main action"}


def _card(st: State, c: int) -> dict[str, Any]:
    comp = st.cfg.comp
    card = comp.cards[c]
    nodes = comp.nodes
    out: dict[str, Any] = {"id": card.id, "name": card.name, "kind": card.kind}
    if card.tags:
        out["tags"] = [_tag(t) for t in card.tags]
    if card.immediate >= 0:
        out["immediate"] = nodes.text[card.immediate]
    if card.action >= 0:
        out["needs"] = [("camel", "ship", "pigeon", "telescope")[a] for a in card.needs]
        out["action"] = nodes.text[card.action]
    if card.ability >= 0:
        out["ability"] = nodes.text[card.ability]
    if card.trigger:
        out["trigger"] = ["townsfolk" if t < 0 else _tag(t) for t in card.trigger]
    if card.score_text:
        out["score"] = card.score_text
    if card.type == 0:
        out["cost"] = card.cost
        out["hosts"] = [_tag(t) for t in card.hosts]
        if card.assets:
            out["assets"] = [("camel", "ship", "pigeon", "telescope")[a] for a in card.assets]
        out["resting"] = card.resting
    if card.goal_text:
        out["goal"] = f"{card.goal_text} >= {card.at_least}"
    return out


def _tag(t: int) -> str:
    from upriver.games.wayfarers.formulas import TAGS

    return TAGS[t]


def _host_view(st: State, h: int) -> dict[str, Any]:
    comp = st.cfg.comp
    out: dict[str, Any] = {"name": cards.host_name(st, h), "die": bool(st.occupied[h])}
    if st.tuck[h] >= 0:
        out["townsfolk"] = comp.cards[st.tuck[h]].id
    if st.above[h] >= 0:
        out["space"] = comp.cards[st.above[h]].id
        if st.insp_on[st.above[h]] >= 0:
            out["inspiration"] = comp.cards[st.insp_on[st.above[h]]].id
    return out


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    comp = st.cfg.comp
    rows = {}
    for r, name in enumerate(CARD_TYPES):
        slots: list[dict[str, Any] | None] = []
        for k in range(SLOTS):
            c = st.display[r * SLOTS + k]
            if c < 0:
                slots.append(None)
                continue
            entry = _card(st, c)
            entry["influence"] = st.card_inf[c] if st.card_inf[c] >= 0 else None
            entry["workers"] = [WORKER_COLOURS[w] for w in range(3) if st.card_workers[c] >> w & 1]
            slots.append(entry)
        rows[name] = {"slots": slots, "pile": len(st.piles[r]),
                      "actions": [comp.nodes.text[a] if a >= 0 else "" for a in
                                  comp.slot_actions[r]]}
    players = []
    for s in range(st.num_players):
        base = CARDS + 8 * s
        sky = host(s, SKY)
        players.append({
            "silver": st.silver[s], "provisions": st.provisions[s],
            "influence": st.inf_supply[s],
            "guilds": dict(zip(GUILDS, st.guild[s * 3 : s * 3 + 3], strict=True)),
            "workers": dict(zip(WORKER_COLOURS, st.workers[s * 3 : s * 3 + 3], strict=True)),
            "dice": sorted(st.dice[s]), "reserve": st.reserve[s], "journal": st.jpos[s],
            "board": st.board[s] + 1,
            "capital": [_host_view(st, base + k) for k in (0, 1, 4, 5, 6, 7)],
            "sky_inspiration": (comp.cards[st.insp_on[sky]].id if st.insp_on[sky] >= 0
                                else None),
            "lands": [{"card": _card(st, c), **_host_view(st, c)} for c in st.lands[s]],
            "waters": [{"card": _card(st, c), **_host_view(st, c)} for c in st.waters[s]],
            "caravan": [_cell(st, s, i) for i in range(CELLS)],
            "tags": dict(zip(_tags_names(), st.tags[s * 11 : s * 11 + 11], strict=True)),
        })
    out: dict[str, Any] = {
        "game": "wayfarers", "seat": seat,
        "to_move": None if st.stage else 0 if st.ai else st.seat,
        "first_player": st.first_player, "turn": st.turn,
        "sides": ["ab"[x] for x in st.sides],
        "rows": rows, "players": players,
        "journal_tiles": {str(comp.tile_spaces[i]): comp.nodes.text[comp.journal_tiles[t]]
                          for i, t in enumerate(st.jtile_at)},
        "green_workers": [col for col, on in zip((1, 3, 5, 7), st.green_on, strict=True) if on],
        "tiles_left": {t.id: st.tile_supply[t.index] for t in comp.tiles},
        "end_triggered_by": st.end_seat if st.end_seat >= 0 else None,
        "pending": _pending(st),
        "drawn": ([comp.cards[c].id for c in st.drawn] if seat is not None and seat == st.drawer
                  else len(st.drawn)),
        "over": bool(st.stage),
    }
    if st.ai:
        out["opponent"] = _opponent_view(st)
    if legal is not None:
        out["legal_actions"] = legal
    if st.stage:
        out["scores"] = scoring.breakdown(st)
    return out


def _opponent_view(st: State) -> dict[str, Any]:
    """The solo opponent, all public but the order of its face-down Scheme pile."""
    from upriver.games.wayfarers import priorities
    from upriver.games.wayfarers.solo_components import COLOURS, load_solo

    comp = st.cfg.comp
    solo = load_solo()
    m = st.ai[AI_MARKERS]
    revealed = st.ai[AI_REVEALED]
    owned = [c for c in range(CARDS) if st.owner[c] == AI]
    return {
        "board": solo.boards[m[AI_BOARD]].name,
        "resource_track": m[TRACK],
        "colour_order": [COLOURS[c] for c in priorities.colour_order(solo, m[TRACK])],
        "sum_value": priorities.sum_value(solo, revealed),
        "comet_track": m[COMET_TRACK],
        "schemes_face_up": [solo.schemes[s].id for s in revealed],
        "scheme_pile": len(st.schemes),
        "guilds": dict(zip(GUILDS, st.guild[AI * 3 : AI * 3 + 3], strict=True)),
        "workers": dict(zip(WORKER_COLOURS, st.workers[AI * 3 : AI * 3 + 3], strict=True)),
        "journal": st.jpos[AI],
        "cards": {name: [comp.cards[c].id for c in owned if comp.cards[c].type == t]
                  for t, name in enumerate(CARD_TYPES)},
        "caravan": [comp.tiles[code // 2].id if code >= 0 else None
                    for code in st.ai[AI_PATH]],
        "beside": [comp.tiles[t].id for t in st.ai[AI_BESIDE]],
        "score": scoring.opponent_breakdown(st),
        "since_its_turn_began": opponent_log.lines(st),
    }


def _tags_names() -> tuple[str, ...]:
    from upriver.games.wayfarers.formulas import TAGS

    return TAGS


def _cell(st: State, seat: int, cell: int) -> str | None:
    code = st.caravan[seat * CELLS + cell]
    if code < 0:
        return None
    comp = st.cfg.comp
    tile = comp.tiles[code // 8]
    icons = caravan.cell_icons(comp, code)
    from upriver.games.wayfarers.components import TILE_ICONS

    return f"{tile.id}:" + "+".join(TILE_ICONS[i] for i in icons)


def _pending(st: State) -> str | None:
    if not st.stack:
        return None
    kind = st.stack[-4]
    return ("effect", "effect", "tuck a townsfolk", "inspiration", "keep a drawn card",
            "place a tile", "black extra journal", "place a die", "yellow influence",
            "reroll dice", "end the turn", "the opponent acts",
            "allow or deny the opponent")[kind] if kind != _F_ALL else "resolve effects"


def hidden_from(st: State, seat: int) -> Any:
    """What ``seat`` cannot see: the random stream, the unknown part of each pile, and
    another seat's drawn cards."""
    piles = tuple(tuple(c for c, k in zip(pile, known, strict=True)
                        if k not in (seat, KNOWN_TO_ALL))
                  for pile, known in zip(st.piles, st.pile_known, strict=True))
    drawn = tuple(st.drawn) if st.drawer not in (-1, seat) else ()
    # The piles' sizes too: a card put under a pile moves every unseen card's place, so such a
    # decision is never taken back.
    sizes = tuple(len(pile) for pile in st.piles)
    schemes = tuple(st.schemes) if st.ai else ()  # the Scheme pile's order (WF-ACQ-18)
    return st.rng.state, piles, sizes, drawn, schemes


def determinize(st: State, seat: int, seed: int) -> State:
    """A copy where every pile's unknown cards are reshuffled among their unknown places, and
    another seat's drawn cards are redrawn from what ``seat`` cannot see."""
    twin = st.copy()
    rng = Rng(derive_seed(seed, seat, st.turn))
    for r in range(5):
        pile, known = twin.piles[r], twin.pile_known[r]
        free = [i for i, k in enumerate(known) if k not in (seat, KNOWN_TO_ALL)]
        # Sorted first, so the result depends only on what ``seat`` may know.
        cards_ = sorted(pile[i] for i in free)
        if twin.drawer not in (-1, seat) and twin.drawn and r == _drawn_row(twin):
            cards_ = sorted(cards_ + twin.drawn)
            rng.shuffle(cards_)
            twin.drawn = cards_[-len(twin.drawn):]
            cards_ = cards_[: -len(twin.drawn)]
        else:
            rng.shuffle(cards_)
        for i, c in zip(free, cards_, strict=True):
            pile[i] = c
    if twin.ai:  # the face-down Scheme cards, in an order the seat cannot know
        pile = sorted(twin.schemes)
        rng.shuffle(pile)
        twin.schemes = pile
    twin.rng = Rng(rng.next64())
    return twin


def _drawn_row(st: State) -> int:
    return st.cfg.comp.cards[st.drawn[0]].type
