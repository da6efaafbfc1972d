"""What each seat sees (rulebook 004; checklist WF-ACQ-18): everything on the table is public,
the turn under way included (what the player to move has done and what is still owed: the
pending steps, top first); the draw piles' order is hidden from everyone (a seat knows only
where the cards it put under a pile lie, and everyone where a discarded Inspiration card lies),
cards drawn for a draw-N-keep-1 choice are seen by their drawer only, and the solo Scheme pile
is face down. ``KNOWLEDGE`` (at the end) says it field by field; docs/rulings/wayfarers.md
prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from upriver.core import knowledge as kn
from upriver.core.rng import Rng, derive_seed
from upriver.games.wayfarers import caravan, cards, opponent, opponent_log, scoring
from upriver.games.wayfarers import solo_components as sc
from upriver.games.wayfarers.effects import CARD_TYPES, GUILDS, TILE_COLOURS
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
    CTX_DIE,
    END_OFFERED,
    EXTRA_STEP,
    F_AI,
    F_ALL,
    F_ALLOW,
    F_BLACK,
    F_DIE,
    F_END,
    F_INSP,
    F_ITEM,
    F_KEEP,
    F_REROLL,
    F_TILE,
    F_TUCK,
    F_YELLOW,
    FEE_STEPS,
    FILLED,
    FROM_CELL,
    FROM_END,
    FROM_HOST,
    FROM_JOURNAL,
    FROM_SLOT,
    HOSTS,
    KNOWN_TO_ALL,
    OVER,
    SHIP,
    SKY,
    SLOTS,
    TRACK,
    USED_BLACK,
    USED_BLUE,
    USED_YELLOW,
    WORKER_COLOURS,
    State,
    host,
)

STAGES = {None: "choose the main action"}
# The pending steps by frame kind, as ``pending`` and ``this_turn.pending`` name them.
STEP_NAMES = ("effect", "resolve effects", "tuck a townsfolk", "inspiration",
              "keep a drawn card", "place a tile", "black extra journal", "place a die",
              "yellow influence", "reroll dice", "end the turn", "the opponent acts",
              "allow or deny the opponent")
# The once-per-turn flags of ``State.used``, by bit (WF-GLD-02, WF-GLD-10, WF-TURN-14).
USED = ((USED_BLACK, "black influence"), (USED_YELLOW, "yellow influence"),
        (USED_BLUE, "blue influence"), (SHIP, "ship hired"), (END_OFFERED, "end offered"))
CHAINS = ("not started", "under way", "over")  # a die's caravan chain (WF-UPG-16..20)
# The solo opponent's steps (``opponent.HANDLERS``), as a pending ``the opponent acts`` names
# them.
AI_STEPS = {
    sc.ACQUIRE: "acquire a card", sc.TILE: "gain a tile", sc.SPECIAL_TILE: "gain a special tile",
    sc.COMET: "comet", sc.INFLUENCE: "influence on a guild",
    sc.CARD_INFLUENCE: "influence on a card", sc.JOURNAL: "journal", sc.FOCUS: "focus",
    sc.WORKER: "place a worker", sc.GREEN_WORKER: "take the green worker",
    sc.RETRIEVE: "retrieve a worker", sc.TRACK: "resource track",
    opponent.TOP_CARD: "take the top card of a pile", opponent.JTILE: "journal tile",
    opponent.SHUFFLE: "shuffle the scheme cards", opponent.SCHEME_ACTION: "scheme card action",
    opponent.EXTRA: "black extra journal step", opponent.PLACE: "place a worker on a card",
    opponent.PICK: "retrieve a worker from a card",
}

# The opponent's steps that take no parameter, and those the human may deny (whose third
# number is the display positions denied so far).
AI_NO_PARAMETER = frozenset((sc.SPECIAL_TILE, sc.COMET, sc.CARD_INFLUENCE, sc.JOURNAL, sc.FOCUS,
                             sc.GREEN_WORKER, sc.RETRIEVE, opponent.JTILE, opponent.SHUFFLE))
AI_DENIABLE = frozenset((sc.ACQUIRE, opponent.PLACE, opponent.PICK))

T = TypeVar("T")


def _at(seq: Sequence[T], i: int) -> T:
    """``seq[i]`` for an index the state holds: one below 0 or past the end belongs to no
    position the rules can reach, and the view refuses it rather than wrap around."""
    if not 0 <= i < len(seq):
        raise IndexError(f"index {i} outside 0..{len(seq) - 1}")
    return seq[i]


def _cid(st: State, c: int) -> str:
    return _at(st.cfg.comp.cards, c).id


def _opt(st: State, c: int) -> str | None:
    """A card id, None for no card (-1)."""
    return None if c == -1 else _cid(st, c)


def _colours(mask: int) -> list[str]:
    """Worker colours of a bitmask (green, yellow, blue)."""
    if mask < 0 or mask >> len(WORKER_COLOURS):
        raise ValueError(f"no Worker colours {mask}")
    return [WORKER_COLOURS[w] for w in range(3) if mask >> w & 1]


def _flag(value: int) -> bool:
    if value not in (0, 1):
        raise ValueError(f"not a flag: {value}")
    return bool(value)


def _card(st: State, c: int) -> dict[str, Any]:
    comp = st.cfg.comp
    card = _at(comp.cards, c)
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
    out: dict[str, Any] = {"name": cards.host_name(st, h), "die": _flag(st.occupied[h])}
    townsfolk = _opt(st, st.tuck[h])
    if townsfolk is not None:
        out["townsfolk"] = townsfolk
    space = st.above[h]
    if _opt(st, space) is not None:
        out["space"] = _cid(st, space)
        inspiration = _opt(st, st.insp_on[space])
        if inspiration is not None:
            out["inspiration"] = inspiration
    return out


def view(st: State, seat: int | None, legal: list[str] | None) -> dict[str, Any]:
    comp = st.cfg.comp
    going = st.stage != OVER
    piles = _pile_knowledge(st, seat)
    rows = {}
    for r, name in enumerate(CARD_TYPES):
        slots: list[dict[str, Any] | None] = []
        for k in range(SLOTS):
            c = st.display[r * SLOTS + k]
            if c == -1:
                slots.append(None)
                continue
            entry = _card(st, c)
            entry["influence"] = st.card_inf[c] if st.card_inf[c] != -1 else None
            entry["workers"] = _colours(st.card_workers[c])
            slots.append(entry)
        size, known = piles[r]
        rows[name] = {
            "slots": slots, "pile": size,
            # The places (0 = the bottom) whose card someone saw go under the pile: who knows
            # it, and the card where this seat does (WF-RUL-17, WF-CARD-34).
            "under_pile": [{"place": i, "known_to": "everyone" if k == KNOWN_TO_ALL else k,
                            "card": None if c is None else _cid(st, c)} for i, k, c in known],
            "actions": [comp.nodes.text[a] if a >= 0 else "" for a in comp.slot_actions[r]]}
    owned = _owned(st)
    players = []
    for s in range(st.num_players):
        base = CARDS + 8 * s
        sky = host(s, SKY)
        players.append({
            "silver": st.silver[s], "provisions": st.provisions[s],
            "influence": st.inf_supply[s],
            "guilds": dict(zip(GUILDS, st.guild[s * 3 : s * 3 + 3], strict=True)),
            "workers": dict(zip(WORKER_COLOURS, st.workers[s * 3 : s * 3 + 3], strict=True)),
            "dice": sorted(st.dice[s]),
            # The same dice in the order pending steps refer to them by (place a die, yellow
            # influence, reroll dice).
            "dice_in_order": st.dice[s][:],
            "reserve": st.reserve[s], "journal": st.jpos[s],
            "board": st.board[s] + 1,
            "capital": [_host_view(st, base + k) for k in (0, 1, 4, 5, 6, 7)],
            "sky_inspiration": _opt(st, st.insp_on[sky]),
            "lands": [{"card": _card(st, c), **_host_view(st, c)} for c in st.lands[s]],
            "waters": [{"card": _card(st, c), **_host_view(st, c)} for c in st.waters[s]],
            "cards": [_cid(st, c) for c in owned[s]],  # every card the seat owns
            "caravan": [_cell(st, s, i) for i in range(CELLS)],
            "caravan_tiles": [_tile_cell(st, s, i) for i in range(CELLS)],
            "tags": dict(zip(_tags_names(), st.tags[s * 11 : s * 11 + 11], strict=True)),
        })
    out: dict[str, Any] = {
        "game": "wayfarers", "seat": seat,
        "to_move": None if st.stage else 0 if st.ai else st.seat,
        "first_player": st.first_player, "turn": st.turn,
        "sides": [_at("ab", x) for x in st.sides],
        "rows": rows, "players": players,
        "journal_tiles": {str(comp.tile_spaces[i]):
                          comp.nodes.text[_at(comp.journal_tiles, t)]
                          for i, t in enumerate(st.jtile_at)},
        "green_workers": [col for col, on in zip((1, 3, 5, 7), st.green_on, strict=True)
                          if _flag(on)],
        "tiles_left": {t.id: st.tile_supply[t.index] for t in comp.tiles},
        # Every card holding a seat's Influence (the display shows it on each slot too).
        "influence_on_cards": {_cid(st, c): s for c, s in enumerate(st.card_inf) if s != -1},
        "end_triggered_by": st.end_seat if st.end_seat != -1 else None,
        # Turns still to play once the end is triggered (WF-END-02), None before.
        "final_turns_left": st.final_left if st.final_left != -1 else None,
        "pending": _pending(st),
        "drawn": ([_cid(st, c) for c in st.drawn] if seat is not None and seat == st.drawer
                  else len(st.drawn)),
        "drawer": st.drawer if st.drawer != -1 else None,  # who drew them
        "over": bool(st.stage),
    }
    if going:
        out["this_turn"] = this_turn(st)
    if st.ai:
        out["opponent"] = _opponent_view(st)
    if legal is not None:
        out["legal_actions"] = legal
    if st.stage:
        out["scores"] = scoring.breakdown(st)
    return out


def this_turn(st: State) -> dict[str, Any]:
    """The turn under way, in sight of all: whose it is, what its player has done (the main
    action, the once-per-turn Guild abilities, the placed die's column and spare Pigeon, the
    cards gained and Workers placed) and every step still owed, top (the decision now) first."""
    comp = st.cfg.comp
    used = st.used
    if used < 0 or used & ~sum(bit for bit, _ in USED):
        raise ValueError(f"unknown turn flags {used}")
    return {
        "seat": st.seat,
        "main_action_done": _flag(st.main_done),
        "used": [name for bit, name in USED if used & bit],
        "die_column": st.die_col if st.die_col != 0 else None,  # WF-UPG-21..23
        "spare_pigeons": st.spare_pigeon,  # WF-ACQ-08
        "cards_gained": [_cid(st, c) for c in st.fresh],  # WF-TURN-15
        "workers_placed": {comp.cards[c].id: _colours(bits)
                           for c, bits in enumerate(st.worker_new) if bits},  # WF-ACQ-11
        "pending": [_frame_view(st, f) for f in frames(st)],
    }


# --- the pending steps -----------------------------------------------------------------------


Frame = tuple[Any, ...]


def source(st: State, src: int) -> str:
    """Where an effect part comes from, in a player's words ("L09", "Capital City", "the
    land row's slot 2", "Journal space 23", "caravan column 3, row 1"); "" when unsaid."""
    if src <= 0:
        return ""
    if src < FROM_SLOT:
        h = src - FROM_HOST
        if h < CARDS:
            return _at(st.cfg.comp.cards, h).full_name
        return cards.host_name(st, _at(range(HOSTS), h))
    if src < FROM_JOURNAL:
        row, slot = divmod(src - FROM_SLOT, SLOTS)
        return f"the {CARD_TYPES[row]} row's slot {slot + 1}"
    if src < FROM_CELL:
        return f"Journal space {src - FROM_JOURNAL}"
    if src < FROM_END:
        row, column = divmod(src - FROM_CELL, 6)
        return f"caravan column {column + 1}, row {row + 1}"
    raise ValueError(f"no source {src}")


def frames(st: State) -> list[Frame]:
    """The stack of pending steps, top first, each frame as its kind's name and the arguments
    that kind uses: a bundle's parts by their text and whether they belong to a die's action,
    cards and tiles by index, dice by their place in supply. The arguments a kind never reads
    are left out; a stack no rule could build is refused (ValueError, IndexError)."""
    stack = st.stack
    if len(stack) % 4:
        raise ValueError("a stack of whole frames")
    dice = st.dice[st.seat] if 0 <= st.seat < len(st.dice) else []
    text = st.cfg.comp.nodes.text
    out: list[Frame] = []
    i = len(stack) - 4
    while i >= 0:
        kind, a, b, c = stack[i : i + 4]
        name = _at(STEP_NAMES, kind)
        if kind == F_ALL:
            if a < 1 or i - 4 * a < 0 or any(stack[j] != F_ITEM
                                             for j in range(i - 4 * a, i, 4)):
                raise ValueError("a bundle covers its parts")
            out.append((name, tuple((_at(text, stack[j + 1]), bool(stack[j + 2] & CTX_DIE),
                                     source(st, stack[j + 3]))
                                    for j in range(i - 4 * a, i, 4))))
            i -= 4 * (a + 1)
            continue
        i -= 4
        if kind == F_ITEM:
            raise ValueError("an effect part outside a bundle")
        if kind == F_TUCK:
            out.append((name, a))
        elif kind == F_INSP:
            out.append((name, a, _slot(b)))
        elif kind == F_KEEP:
            out.append((name, _at(range(len(CARD_TYPES)), a)))
        elif kind == F_TILE:
            out.append((name, a, _at(range(len(_at(st.cfg.comp.tiles, a).faces)), b)))
        elif kind in (F_BLACK, F_END):
            out.append((name,))
        elif kind == F_DIE:
            _at(dice, a)
            out.append((name, a, tuple(v for v in range(1, 7) if b >> v & 1), _at(CHAINS, c)))
        elif kind == F_YELLOW:
            for k in (b, c):
                if k != -1:
                    _at(dice, k)
            out.append((name, a if b != -1 else None, b, c))
        elif kind == F_REROLL:
            if a <= 0 or a >> len(dice):
                raise ValueError("a reroll of dice in supply")
            out.append((name, tuple(k for k in range(len(dice)) if a >> k & 1)))
        elif kind == F_AI:
            _at_key(AI_STEPS, a)
            out.append((name, a, None if a in AI_NO_PARAMETER else b,
                        c if a in AI_DENIABLE else None))
        elif kind == F_ALLOW:
            out.append((name, a, b, c & (1 << 20) - 1, c >> 20))
    return out


def _slot(k: int) -> int:
    return _at(range(SLOTS), k)


def _position(pos: int) -> str:
    """A display position (row * 4 + slot) in words."""
    return f"{_at(CARD_TYPES, pos // SLOTS)} slot {pos % SLOTS + 1}"


def _denied(mask: int) -> list[str]:
    """The display positions the human denied the opponent this time (WF-SOLO-58/59)."""
    if mask < 0:
        raise ValueError(f"no positions {mask}")
    return [_position(p) for p in range(mask.bit_length()) if mask >> p & 1]


def _ai_step(op: int, param: int | None, denied: int | None) -> dict[str, Any]:
    """An opponent step: what it does, what it is about, the positions denied it so far."""
    out: dict[str, Any] = {"action": AI_STEPS[op]}
    if param is not None:
        key = {sc.TRACK: "steps", opponent.EXTRA: "black_price"}.get(op, "on")
        out[key] = _ai_target(op, param)
    if denied is not None:
        out["denied"] = _denied(denied)
    return out


def _ai_target(op: int, param: int) -> Any:
    """What an opponent step is about, in words where its kind names something."""
    if op in (sc.ACQUIRE, opponent.TOP_CARD):
        return _at(CARD_TYPES, param)
    if op == sc.TILE:
        return "any" if param == sc.ANY else _at(TILE_COLOURS, param)
    if op == sc.INFLUENCE:
        return "any" if param == sc.ANY else _at(GUILDS, param)
    if op == sc.WORKER:
        return _colours(param)
    if op in (opponent.PLACE, opponent.PICK):
        return _at(WORKER_COLOURS, param)
    if op == opponent.SCHEME_ACTION:
        return _at(sc.load_solo().schemes, param).id
    return param  # Resource Track steps, a Black Influence price


def _frame_view(st: State, f: Frame) -> dict[str, Any]:
    comp = st.cfg.comp
    name = f[0]
    out: dict[str, Any] = {"step": name}
    dice = st.dice[st.seat] if 0 <= st.seat < len(st.dice) else []
    if name == "resolve effects":  # each part optional, in any order (WF-OP-03)
        out["parts"] = [{"part": text, "die_action": die, "from": where}
                        for text, die, where in f[1]]
    elif name == "tuck a townsfolk":
        out["card"] = _cid(st, f[1])
    elif name == "inspiration":
        out["card"] = _cid(st, f[1])
        out["slot"] = f[2] + 1  # discarding it gives that slot's action (WF-CARD-36)
        out["discard_for"] = comp.nodes.text[comp.slot_actions[4][f[2]]]
    elif name == "keep a drawn card":
        out["row"] = CARD_TYPES[f[1]]
    elif name == "place a tile":
        out["tile"] = comp.tiles[f[1]].id
        out["face"] = "ab"[f[2]]
    elif name == "place a die":
        out.update(die=f[1], value=dice[f[1]], caravan_columns_used=list(f[2]),
                   caravan_chain=f[3])
    elif name == "yellow influence":  # two steps of 1 in all (WF-GLD-07/08)
        out["first_step"] = (None if f[2] == -1 else
                             {"die": f[2], "value": dice[f[2]], "by": f[1]})
        out["die_to_place"] = None if f[3] == -1 else f[3]
    elif name == "reroll dice":  # the dice kept in supply at a Rest (WF-TURN-10)
        out["dice"] = list(f[1])
        out["values"] = [dice[k] for k in f[1]]
    elif name == "the opponent acts":
        out.update(_ai_step(*f[1:]))
    elif name == "allow or deny the opponent":
        if f[1] not in AI_DENIABLE:
            raise ValueError(f"the human has no say over step {f[1]}")
        card = st.display[_at(range(len(st.display)), f[4])]
        out.update(action=AI_STEPS[f[1]], on=_ai_target(f[1], f[2]), card=_cid(st, card),
                   at=_position(f[4]), denied=_denied(f[3]))
    return out


def _at_key(table: dict[int, str], key: int) -> str:
    if key not in table:
        raise ValueError(f"no opponent step {key}")
    return table[key]


def _pending(st: State) -> str | None:
    if not st.stack:
        return None
    kind = st.stack[-4]
    return STEP_NAMES[kind] if kind != F_ALL else "resolve effects"


# --- the table -------------------------------------------------------------------------------


def _owned(st: State) -> list[list[int]]:
    """The cards each seat at the table owns, by index (the solo opponent's too)."""
    out: list[list[int]] = [[] for _ in range(st.cfg.table)]
    for c, s in enumerate(st.owner):
        if s != -1:
            _at(out, s).append(c)
    return out


def _opponent_view(st: State) -> dict[str, Any]:
    """The solo opponent, all public but the order of its face-down Scheme pile."""
    from upriver.games.wayfarers import priorities
    from upriver.games.wayfarers.solo_components import COLOURS, load_solo

    comp = st.cfg.comp
    solo = load_solo()
    m = st.ai[AI_MARKERS]
    revealed = st.ai[AI_REVEALED]
    owned = _owned(st)[AI]
    return {
        "board": _at(solo.boards, m[AI_BOARD]).name,
        "resource_track": m[TRACK],
        "colour_order": [COLOURS[c] for c in priorities.colour_order(solo, m[TRACK])],
        "sum_value": priorities.sum_value(solo, revealed),
        "comet_track": m[COMET_TRACK],
        "path_filled": m[FILLED],  # cells of its caravan path covered so far
        "extra_journal_step_taken": _flag(m[EXTRA_STEP]),  # this turn (WF-SOLO-56)
        "resource_steps_due": m[FEE_STEPS],  # from fees just paid to it (WF-SOLO-57)
        "schemes_face_up": [_at(solo.schemes, s).id for s in revealed],
        "scheme_pile": len(st.schemes),
        "guilds": dict(zip(GUILDS, st.guild[AI * 3 : AI * 3 + 3], strict=True)),
        "workers": dict(zip(WORKER_COLOURS, st.workers[AI * 3 : AI * 3 + 3], strict=True)),
        "journal": st.jpos[AI],
        "cards": {name: [comp.cards[c].id for c in owned if comp.cards[c].type == t]
                  for t, name in enumerate(CARD_TYPES)},
        "caravan": [_at(comp.tiles, code // 2).id if code != -1 else None
                    for code in st.ai[AI_PATH]],
        "caravan_tiles": [None if code == -1 else
                          {"tile": _at(comp.tiles, code // 2).id, "part": code % 2}
                          for code in st.ai[AI_PATH]],
        "beside": [_at(comp.tiles, t).id for t in st.ai[AI_BESIDE]],
        "score": scoring.opponent_breakdown(st),
        "since_its_turn_began": opponent_log.lines(st),
    }


def _tags_names() -> tuple[str, ...]:
    from upriver.games.wayfarers.formulas import TAGS

    return TAGS


def _cell(st: State, seat: int, cell: int) -> str | None:
    code = st.caravan[seat * CELLS + cell]
    if code == -1:
        return None
    comp = st.cfg.comp
    tile = _at(comp.tiles, code // 8)
    icons = caravan.cell_icons(comp, code)
    from upriver.games.wayfarers.components import TILE_ICONS

    return f"{tile.id}:" + "+".join(TILE_ICONS[i] for i in icons)


def _tile_cell(st: State, seat: int, cell: int) -> dict[str, Any] | None:
    """The tile on a caravan cell: its type, the face up and which of its cells this is (0:
    the left or top one, which carries the tile's VP)."""
    code = st.caravan[seat * CELLS + cell]
    if code == -1:
        return None
    tile = _at(st.cfg.comp.tiles, code // 8)
    face, part = code % 8 // 2, code % 2
    _at(tile.faces, face)
    if part and tile.width * tile.height == 1:
        raise ValueError(f"tile {tile.id} covers one cell")
    return {"tile": tile.id, "face": "ab"[face], "part": part}


# --- hidden information ----------------------------------------------------------------------


Place = tuple[int, int, int | None]


def _pile_knowledge(st: State, seat: int | None) -> list[tuple[int, list[Place]]]:
    """Per row, what ``seat`` knows of its draw pile: its size, and the places (0 = the
    bottom) someone saw a card go to, as (place, who knows it, the card if ``seat`` does, else
    None). Which cards a pile holds follows from the cards in sight; their order nobody
    knows."""
    table = st.cfg.table
    out = []
    for pile, known in zip(st.piles, st.pile_known, strict=True):
        if len(pile) != len(known):
            raise ValueError("a pile and what is known of it, place by place")
        places = []
        for i, (c, k) in enumerate(zip(pile, known, strict=True)):
            if k != -1 and k != KNOWN_TO_ALL and not 0 <= k < table:
                raise ValueError(f"no seat {k} knows a card's place")
            mine = k == KNOWN_TO_ALL or (seat is not None and k == seat)
            if k != -1:
                places.append((i, k, c if mine else None))
        out.append((len(pile), places))
    return out


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


# --- What each seat may know, field by field (docs/rulings/wayfarers.md prints this table).


def _going(st: State) -> bool:
    return bool(st.stage != OVER)


def _seats(name: str, width: int) -> kn.Seen:
    """A per-seat list, public, where the solo opponent's entry is unused: it keeps no Silver,
    Provisions, dice, Influence supply or player board of its own (WF-SOLO-03..08). Outside
    solo every seat's entry."""
    def seen(st: State, seat: int | None) -> object:
        value = getattr(st, name)
        return value[: st.num_players * width] if width else value[: st.num_players]
    return seen


def _hosts(st: State, s: int) -> list[int]:
    """The hosts a seat's pieces can lie on, as the view shows them: the Capital City,
    Harbour and four centre spaces, and each Land and Water card of the seat's panorama."""
    base = CARDS + 8 * s
    return [base, base + 1, base + 4, base + 5, base + 6, base + 7, *st.lands[s],
            *st.waters[s]]


def _on_hosts(name: str) -> kn.Seen:
    """A per-host list, public at the hosts where the rules put something: a die on a die
    space of its owner (WF-DICE-02/03), a Townsfolk under its owner's Capital City, Harbour,
    Land or Water card (WF-CARD-41), a Space card above a Land or Water card (WF-CARD-19).
    The other entries (display cards, cards in piles, the Capital Sky) are never used."""
    def seen(st: State, seat: int | None) -> object:
        value = getattr(st, name)
        return [[value[h] for h in _hosts(st, s)] for s in range(st.num_players)]
    return seen


def _inspirations(st: State, seat: int | None) -> object:
    """Inspiration cards lie above the Capital Sky and the Space cards of a panorama
    (WF-CARD-34/35); the other entries are never used."""
    out = []
    for s in range(st.num_players):
        spaces = [st.above[h] for h in _hosts(st, s) if st.above[h] != -1]
        out.append([st.insp_on[h] for h in (host(s, SKY), *spaces)])
    return out


def _display_workers(st: State, seat: int | None) -> object:
    return [st.card_workers[c] for c in st.display if c != -1]


def _drawn(st: State, seat: int | None) -> object:
    return st.drawn if seat is not None and seat == st.drawer else len(st.drawn)


def _piles(st: State, seat: int | None) -> object:
    return [(size, [(i, c) for i, _, c in places if c is not None])
            for size, places in _pile_knowledge(st, seat)]


def _stack(st: State, seat: int | None) -> object:
    return frames(st) if _going(st) else None


def _opponent_seen(st: State, seat: int | None) -> object:
    """The solo opponent's markers, Scheme cards face up, caravan path and tiles beside it,
    and what it did since its turn began, as the lines that tell it (the log is kept only to
    tell it)."""
    if not st.ai:
        return None
    return (st.ai[AI_MARKERS], st.ai[AI_REVEALED], st.ai[AI_PATH], st.ai[AI_BESIDE],
            opponent_log.lines(st))


KNOWLEDGE: tuple[kn.Field, ...] = (
    kn.hidden("rng", "every die roll and shuffle still to come is chance (WF-DICE-12)"),
    kn.own_rule("silver", _seats("silver", 1), "players[].silver",
                "resources are public (WF-ACQ-18); the solo opponent has none (WF-SOLO-03)"),
    kn.own_rule("provisions", _seats("provisions", 1), "players[].provisions",
                "resources are public (WF-ACQ-18); the solo opponent has none (WF-SOLO-03)"),
    kn.own_rule("inf_supply", _seats("inf_supply", 1), "players[].influence",
                "Influence is public (WF-ACQ-18); the solo opponent's is unlimited "
                "(WF-SOLO-07): its entry counts nothing"),
    kn.public("guild", "players[].guilds, opponent.guilds", "Influence is public (WF-ACQ-18)"),
    kn.public("workers", "players[].workers, opponent.workers",
              "Workers are public (WF-ACQ-18)"),
    kn.own_rule("reserve", _seats("reserve", 1), "players[].reserve",
                "dice are public (WF-ACQ-18); the solo opponent has none (WF-SOLO-03)"),
    kn.public("jpos", "players[].journal, opponent.journal"),
    kn.own_rule("occupied", _on_hosts("occupied"),
                "players[].capital[].die, players[].lands[].die, players[].waters[].die",
                "dice are public (WF-ACQ-18); a die sits only on a die space of its owner's "
                "board or panorama (WF-DICE-02/03), the other entries are never used"),
    kn.public("owner", "players[].cards, opponent.cards", "panoramas are public (WF-ACQ-18)"),
    kn.own_rule("tuck", _on_hosts("tuck"), "players[].capital[].townsfolk, "
                "players[].lands[].townsfolk, players[].waters[].townsfolk",
                "panoramas are public (WF-ACQ-18); a Townsfolk is tucked only under its "
                "owner's Capital City, Harbour, Land or Water card (WF-CARD-41), the other "
                "entries are never used"),
    kn.own_rule("above", _on_hosts("above"), "players[].lands[].space, players[].waters[].space",
                "panoramas are public (WF-ACQ-18); a Space card lies only above its owner's "
                "Land or Water card (WF-CARD-19), the other entries are never used"),
    kn.own_rule("insp_on", _inspirations, "players[].sky_inspiration, "
                "players[].lands[].inspiration, players[].waters[].inspiration",
                "panoramas are public (WF-ACQ-18); an Inspiration card lies only above its "
                "owner's Capital Sky or Space card (WF-CARD-34/35), the other entries are "
                "never used"),
    kn.public("display", "rows[].slots", "the displays are public (WF-ACQ-18)"),
    kn.public("card_inf", "rows[].slots[].influence, influence_on_cards",
              "Influence is public (WF-ACQ-18)"),
    kn.own_rule("card_workers", _display_workers, "rows[].slots[].workers",
                "Workers are public (WF-ACQ-18); they stand only on display cards and leave "
                "with a card taken (WF-ACQ-10), the other entries are never used"),
    kn.public_while("worker_new", "until the game ends", _going, "this_turn.workers_placed",
                    "placed in sight this turn; a card holding one cannot be acquired this "
                    "turn (WF-ACQ-11)"),
    kn.own_rule("drawn", _drawn, "drawn (the drawer: the cards; the others: how many)",
                "\"cards drawn for a draw-3 choice are seen only by the player drawing\" "
                "(WF-ACQ-18); the others count them"),
    kn.own_rule("caravan", _seats("caravan", CELLS), "players[].caravan, "
                "players[].caravan_tiles", "caravans are public (WF-ACQ-18); the solo "
                "opponent has an AI board's path instead (ai, WF-SOLO-50)"),
    kn.public("tile_supply", "tiles_left", "the tiles lie face up on the main board"),
    kn.derived("tags", "players[].tags", "the tags printed on the player board and on the "
               "seat's Land, Water and Space cards (owner) and caravan tiles (caravan); the "
               "solo opponent's Comet tags are its Comet Track (ai, WF-SOLO-61)"),
    kn.derived("ncards", "players[].cards, opponent.cards", "the cards each seat owns (owner) "
               "by type, the printed Capital counting as one of each type but Inspiration"),
    kn.derived("ntiles", "players[].caravan_tiles, opponent.caravan_tiles, opponent.beside",
               "the tiles in each caravan (caravan; the solo opponent's on its path and beside "
               "its board, ai) by colour"),
    kn.public_while("fresh", "until the game ends", _going, "this_turn.cards_gained",
                    "gained in sight this turn: such a card gives no die space, assets or "
                    "abilities until the turn ends (WF-TURN-15)"),
    kn.public("green_on", "green_workers", "the Green Workers stand on the Journal Track"),
    kn.own_rule("stack", _stack, "this_turn.pending, pending", "every step still owed this "
                "turn, in sight: each frame by the arguments its kind uses (an effect part by "
                "its text and whether it belongs to the placed die's action)"),
    kn.size("schemes", "opponent.scheme_pile", "the Scheme pile is face down (WF-SOLO-08, "
            "WF-ACQ-18): which cards it holds follows from the face-up ones, their order "
            "nobody knows"),
    kn.public("jtile_at", "journal_tiles", "the Journal Tiles lie face up (WF-SETUP-06)"),
    kn.public("sides", "sides", "the main board's sections show their sides (WF-SETUP-02)"),
    kn.own_rule("board", _seats("board", 1), "players[].board",
                "the player boards are public; the solo opponent plays on an AI board "
                "(opponent.board, WF-SOLO-02), its entry is a board left in the box"),
    kn.own_rule("dice", _seats("dice", 0), "players[].dice, players[].dice_in_order",
                "dice are public (WF-ACQ-18), in the order pending steps refer to them; the "
                "solo opponent has none (WF-SOLO-03)"),
    kn.own_rule("lands", _seats("lands", 0), "players[].lands",
                "panoramas are public (WF-ACQ-18); the solo opponent keeps its cards by type "
                "only (owner, WF-SOLO-46)"),
    kn.own_rule("waters", _seats("waters", 0), "players[].waters",
                "panoramas are public (WF-ACQ-18), left to right; the solo opponent keeps its "
                "cards by type only (owner, WF-SOLO-46)"),
    kn.own_rule("piles", _piles, "rows[].pile, rows[].under_pile[].card",
                "\"the draw piles are hidden from everyone, and so is the order of cards "
                "returned under a pile\" (WF-ACQ-18): everyone counts a pile (which cards it "
                "holds follows from the cards in sight); a seat knows where the cards it put "
                "under a pile lie (WF-RUL-17), everyone where a discarded Inspiration card "
                "lies (WF-CARD-34)"),
    kn.public("pile_known", "rows[].under_pile[].known_to",
              "everyone sees who puts cards under a pile"),
    kn.own_rule("ai", _opponent_seen, "opponent", "the solo opponent's markers, face-up "
                "Scheme cards and tiles are public (WF-SOLO-04, WF-SOLO-50); its log is kept "
                "only for the lines that tell what it did (opponent.since_its_turn_began)"),
    kn.public("stage", "over"),
    kn.public_while("seat", "until the game ends", _going, "this_turn.seat, to_move",
                    "whose turn it is (in solo the human decides for both seats, WF-SOLO-58)"),
    kn.public("first_player", "first_player"),
    kn.public_while("used", "until the game ends", _going, "this_turn.used",
                    "the once-per-turn Guild abilities used, a Ship hired, the end of the turn "
                    "offered (WF-GLD-02, WF-GLD-10, WF-RUL-15)"),
    kn.public_while("die_col", "until the game ends", _going,
                    "this_turn.die_column", "the placed die's caravan column gives its "
                    "action's discounts (WF-UPG-21..23)"),
    kn.public_while("spare_pigeon", "until the game ends", _going, "this_turn.spare_pigeons",
                    "a Pigeon the placed die has beyond its space's needs (WF-ACQ-08)"),
    kn.public("end_seat", "end_triggered_by", "the marker on a final Journal space (WF-END-01)"),
    kn.public("final_left", "final_turns_left", "every player takes one more turn, the "
              "trigger player last (WF-END-02)"),
    kn.public_while("main_done", "until the game ends", _going,
                    "this_turn.main_action_done", "one main action a turn (WF-TURN-01)"),
    kn.public("turn", "turn"),
    kn.public("drawer", "drawer", "everyone sees who draws"),
)
