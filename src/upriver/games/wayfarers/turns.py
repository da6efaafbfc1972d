"""A player's turn: the main action (place a die, place a Worker, or Rest), the Guild
abilities, the pending choices an effect leaves, and the end of the turn (rulebook 004, "Player
Turns", "Placing a Die", "Placing a Worker", "Resting", "End of the Game"; checklist sections
TURN, DICE, WORK, GLD, END).

``legal`` lists the decisions of the frame on top of the stack (the main action when the stack
is empty); ``apply`` takes one; ``settle`` then resolves whatever needs no decision and ends the
turn when nothing is left, so the state always waits on a real decision.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from upriver.games.wayfarers import caravan, cards, journal, opponent, resolve
from upriver.games.wayfarers.components import SPACE
from upriver.games.wayfarers.effects import GUILDS
from upriver.games.wayfarers.stack import (
    bundle_items,
    pop,
    push,
    push_effects,
    remove_item,
    roll,
)
from upriver.games.wayfarers.state import (
    AI,
    AI_MARKERS,
    CAPITAL_TOWNSFOLK,
    CARDS,
    CTX_DIE,
    END_OFFERED,
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
    FROM_HOST,
    FROM_SLOT,
    OVER,
    SHIP,
    SLOTS,
    USED_BLACK,
    USED_BLUE,
    USED_YELLOW,
    WORKER_COLOURS,
    State,
    host,
)

Moves = list[Any]
SHIP_ASSET = 1


# --- dice --------------------------------------------------------------------------------


def _counts(assets: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (assets.count(0), assets.count(1), assets.count(2), assets.count(3))


NO_ASSETS = (0, 0, 0, 0)


def host_needs(st: State, h: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A die space's asset needs and the assets its tucked Townsfolk adds (one gained this turn
    adds none, WF-TURN-15), as counts of camel, ship, pigeon, telescope."""
    needs, assets = _asset_table()
    need = needs[h] if h < CARDS else needs[CARDS + (h - CARDS) % 8]
    tf = st.tuck[h]
    return need, (assets[tf] if tf >= 0 and tf not in st.fresh else NO_ASSETS)


@cache
def _asset_table() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Asset counts: the die-space needs of each card, then of each board part (index CARDS +
    part); and the assets each Townsfolk card adds."""
    from upriver.games.wayfarers.components import load

    comp = load()
    parts = [comp.capital_city.needs, comp.capital_harbour.needs, (), ()]
    parts += [centre[1] for centre in comp.centre]
    needs = [_counts(c.needs) for c in comp.cards] + [_counts(p) for p in parts]
    return tuple(needs), tuple(_counts(c.assets) for c in comp.cards)


@cache
def _fits(column: tuple[int, ...], need: tuple[int, ...], extra: tuple[int, ...],
          ship: bool) -> int:
    """-1 if the assets fall short of the needs, else the Pigeons left over."""
    spare = 0
    for a in range(4):
        have = column[a] + extra[a] + (1 if ship and a == SHIP_ASSET else 0)
        if have < need[a]:
            return -1
        if a == 2:
            spare = have - need[a]
    return spare


def needs_met(st: State, seat: int, h: int, value: int, ship: bool) -> int:
    """-1 if a die of ``value`` can't serve host ``h``'s die space; else the Pigeons it has
    beyond the space's needs. Assets come from the caravan column, the host's Townsfolk and
    a hired Ship, counted one by one (WF-DICE-04/05, WF-GLD-10/11)."""
    need, extra = host_needs(st, h)
    return _fits(caravan.columns(st, seat)[value - 1][0], need, extra, ship)


def free_spaces(st: State, seat: int) -> list[int]:
    """Empty die spaces on the seat's board and on cards gained before this turn
    (WF-TURN-03, WF-TURN-15, WF-DICE-02/03)."""
    return [h for h in resolve._die_spaces(st, seat)
            if not st.occupied[h] and h not in st.fresh]


def placements(st: State, seat: int, value: int, ship: bool) -> list[int]:
    cols = caravan.columns(st, seat)[value - 1][0]
    return [h for h in free_spaces(st, seat) if _fits(cols, *host_needs(st, h), ship) >= 0]


class _Placeable:
    """For each die value 1-6, computed when first asked: can it be placed now, without and
    with a hired Ship?"""

    __slots__ = ("cols", "memo", "spaces")

    def __init__(self, st: State, seat: int) -> None:
        self.cols = caravan.columns(st, seat)
        base = CARDS + 8 * seat
        if any(not st.occupied[base + part] for part in _parts_without_needs()):
            self.memo = ANYWHERE  # a free space without needs takes any die
            self.spaces: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
            return
        self.memo = {}
        self.spaces = [host_needs(st, h) for h in free_spaces(st, seat)]

    def __getitem__(self, i: int) -> tuple[bool, bool]:
        got = self.memo.get(i)
        if got is None:
            col = self.cols[i][0]
            got = (any(_fits(col, n, e, False) >= 0 for n, e in self.spaces),
                   any(_fits(col, n, e, True) >= 0 for n, e in self.spaces))
            self.memo[i] = got
        return got


ANYWHERE = {i: (True, True) for i in range(6)}  # read only: every value is already there


@cache
def _parts_without_needs() -> tuple[int, ...]:
    """The board's die spaces a die of any value fits (the Market and the Reserve)."""
    needs = _asset_table()[0]
    return tuple(p for p in (0, 1, 4, 5, 6, 7) if needs[CARDS + p] == NO_ASSETS)


def _placeable(st: State, seat: int) -> _Placeable:
    return _Placeable(st, seat)


YELLOW_ALL = (-2, -1, 1, 2)


def _reach(st: State, seat: int, value: int, visited: int, chain: int,
           yellow: tuple[int, ...], blue: bool, ship: bool,
           table: _Placeable | None = None) -> bool:
    """Can a die now showing ``value`` still be placed, using what is left of this turn's
    caravan chain (``chain``: 0 not started, 1 under way, 2 over; ``visited``: columns used),
    Yellow changes (``yellow``: the value changes still possible) and Blue Ship?"""
    if table is None:
        table = _placeable(st, seat)
    plain, shipped = table[value - 1]
    if (plain and not ship) or ((ship or blue) and shipped):
        return True
    if chain != 2:
        dirs = caravan.columns(st, seat)[value - 1][1]
        for d, bit in ((1, 1), (-1, 2)):
            nv = value + d
            if dirs & bit and 1 <= nv <= 6 and not visited >> nv & 1 and _reach(
                    st, seat, nv, visited | 1 << value | 1 << nv, 1, yellow, blue, ship, table):
                return True
    for d in yellow:
        nv = value + d
        if 1 <= nv <= 6 and _reach(st, seat, nv, visited, 2 if chain else 0, (), blue, ship,
                                   table):
            return True
    return False


def _yellow_ready(st: State, seat: int) -> bool:
    return not st.used & USED_YELLOW and st.guild[seat * 3 + 1] > 0 and bool(st.dice[seat])


def _blue_ready(st: State, seat: int) -> bool:
    return not st.used & (USED_BLUE | SHIP) and st.guild[seat * 3 + 2] > 0


def legal_die(st: State, texts: list[str], moves: Moves) -> None:
    seat = st.seat
    idx, visited, chain = st.stack[-3], st.stack[-2], st.stack[-1]
    value = st.dice[seat][idx]
    ship = bool(st.used & SHIP)
    for h in placements(st, seat, value, ship):
        texts.append(f"place die {value} on {cards.host_name(st, h)}")
        moves.append(("place", h))
    blue = _blue_ready(st, seat)
    yellow = YELLOW_ALL if _yellow_ready(st, seat) else ()
    table = _placeable(st, seat)
    if chain != 2:
        dirs = caravan.column(st, seat, value - 1)[1]
        for d, bit in ((1, 1), (-1, 2)):
            nv = value + d
            if dirs & bit and 1 <= nv <= 6 and not visited >> nv & 1 and _reach(
                    st, seat, nv, visited | 1 << value | 1 << nv, 1, yellow, blue, ship, table):
                texts.append(f"caravan: die {value} to {nv}")
                moves.append(("chain", nv))
    if blue and _reach(st, seat, value, visited, chain, yellow, False, True, table):
        texts.append("hire a ship (1 blue influence)")
        moves.append(("ship",))
    after = 2 if chain else 0  # Yellow ends a chain under way (WF-GLD-09)
    if yellow and any(1 <= value + d <= 6 and _reach(st, seat, value + d, visited, after, (),
                                                   blue, ship, table)
                      for d in ((0, *yellow) if len(st.dice[seat]) > 1 else yellow)):
        texts.append("use yellow influence")
        moves.append(("yellow",))


def apply_die(st: State, move: tuple[Any, ...]) -> None:
    seat = st.seat
    idx = st.stack[-3]
    if move[0] == "place":
        h = move[1]
        value = st.dice[seat][idx]
        ship = bool(st.used & SHIP)
        pigeons = needs_met(st, seat, h, value, ship)
        pop(st)
        del st.dice[seat][idx]
        st.w_occupied()[h] = 1
        st.used &= ~SHIP
        st.die_col = value
        st.spare_pigeon = pigeons
        st.main_done = 1
        comp = st.cfg.comp
        if h < CARDS:
            action = comp.cards[h].action
        else:
            part = (h - CARDS) % 8
            action = (comp.capital_city.action if part == 0 else comp.capital_harbour.action
                      if part == 1 else comp.centre[part - 4][2])
        effects = [(action, CTX_DIE, FROM_HOST + h)]
        tf = st.tuck[h]
        if tf >= 0 and tf not in st.fresh and not comp.cards[tf].resting:
            effects.append((comp.cards[tf].ability, CTX_DIE, FROM_HOST + tf))  # WF-TURN-06
        push_effects(st, effects)
    elif move[0] == "chain":
        value = st.dice[seat][idx]
        st.stack[-2] |= 1 << value | 1 << move[1]
        st.stack[-1] = 1
        st.dice[seat][idx] = move[1]
    elif move[0] == "ship":
        st.guild[seat * 3 + 2] -= 1
        st.inf_supply[seat] += 1
        st.used |= USED_BLUE | SHIP
    else:  # yellow: it ends a chain under way (WF-GLD-09, WF-RUL-09)
        if st.stack[-1] == 1:
            st.stack[-1] = 2
        _start_yellow(st, idx)


# --- the Yellow Guild --------------------------------------------------------------------


def _start_yellow(st: State, placing: int) -> None:
    seat = st.seat
    st.guild[seat * 3 + 1] -= 1
    st.inf_supply[seat] += 1
    st.used |= USED_YELLOW
    push(st, F_YELLOW, 0, -1, placing)


def legal_yellow(st: State, texts: list[str], moves: Moves) -> None:
    """Two steps of 1 in all: one die by 2 or two dice by 1, never past 1 or 6 (WF-GLD-07/08).
    The second step may be declined."""
    seat = st.seat
    step_dir, first, placing = st.stack[-3], st.stack[-2], st.stack[-1]
    dice = st.dice[seat]
    seen: set[str] = set()
    for i, v in enumerate(dice):
        for d in (1, -1):
            if not 1 <= v + d <= 6:
                continue
            if first >= 0 and i == first and d != step_dir:
                continue  # the same die moves on in the same direction
            if first >= 0 and i == first:
                text = f"yellow: die {v} on to {v + d}"
            elif i == placing:
                text = f"yellow: the die to place, {v} to {v + d}"
            else:
                text = f"yellow: die {v} to {v + d}"
            if text in seen or (placing >= 0 and not _still_placeable(st, placing, first,
                                                                       step_dir, i, d)):
                continue
            seen.add(text)
            texts.append(text)
            moves.append(("yellow", i, d))
    if first >= 0 and (placing < 0 or _still_placeable(st, placing, first, step_dir, -1, 0)):
        texts.append("yellow: no second step")
        moves.append(("yellow stop",))


def _still_placeable(st: State, placing: int, first: int, first_dir: int, i: int,
                     d: int) -> bool:
    """After this Yellow step (die ``i`` by ``d``; ``i`` = -1: stopping), can the die being
    placed still be placed? A second step, if one is left, comes straight after this one. (The
    placement frame sits under the Yellow frame.)"""
    seat = st.seat
    frame = len(st.stack) - 8
    visited, chain = st.stack[frame + 2], st.stack[frame + 3]
    value = st.dice[seat][placing] + (d if i == placing else 0)
    values = [value]
    if i >= 0 and first < 0:  # a second step may follow
        values += [value + d] if i == placing else [value - 1, value + 1]
    blue, ship = _blue_ready(st, seat), bool(st.used & SHIP)
    return any(1 <= v <= 6 and _reach(st, seat, v, visited, chain, (), blue, ship)
               for v in values)


def apply_yellow(st: State, move: tuple[Any, ...]) -> None:
    seat = st.seat
    if move[0] == "yellow stop":
        pop(st)
        return
    _, i, d = move
    st.dice[seat][i] += d
    if st.stack[-2] >= 0:
        pop(st)
    else:
        st.stack[-3] = d
        st.stack[-2] = i


# --- main actions ------------------------------------------------------------------------


def _worker_targets(st: State, seat: int) -> list[tuple[str, tuple[Any, ...]]]:
    """Worker placements: a face-up card of a row that takes that colour and has none of it,
    where some part of the slot's action can be resolved, fee paid (WF-WORK-02..06)."""
    comp = st.cfg.comp
    out = []
    can: dict[tuple[int, int, int], bool] = {}  # (row, slot, fee way): the slot action can act
    for colour in range(3):
        if st.workers[seat * 3 + colour] <= 0:
            continue
        for row in (0, 1, 2, 4):
            if not comp.row_workers[row] >> colour & 1:
                continue
            for slot in range(SLOTS):
                c = st.display[row * SLOTS + slot]
                if c < 0 or st.card_workers[c] >> colour & 1:
                    continue
                action = comp.slot_actions[row][slot]
                for way in cards.fee_ways(st, seat, 0, 0, c):
                    key = (row, slot, way)
                    if key not in can:
                        can[key] = _doable_after_fee(st, seat, c, way, action)
                    if not can[key]:
                        continue
                    out.append((f"place {WORKER_COLOURS[colour]} worker on {comp.cards[c].id}"
                                f"{cards.fee_text(st, c, way)}", ("worker", colour, c, way)))
    return out


def _doable_after_fee(st: State, seat: int, card: int, way: int, action: int) -> bool:
    silver, provisions = st.silver[seat], st.provisions[seat]
    if way == 1:
        st.silver[seat] -= 1
    elif way == 2:
        st.provisions[seat] -= 1
    try:
        return resolve.doable(st, action, 0)
    finally:
        st.silver[seat], st.provisions[seat] = silver, provisions


def legal_turn(st: State, texts: list[str], moves: Moves) -> None:
    seat = st.seat
    blue = _blue_ready(st, seat)
    yellow = YELLOW_ALL if _yellow_ready(st, seat) else ()
    ship = bool(st.used & SHIP)
    table = _placeable(st, seat)
    for v, i in resolve._supply_values(st, seat):
        if _reach(st, seat, v, 0, 0, yellow, blue, ship, table):
            texts.append(f"place die {v}")
            moves.append(("die", i))
    for text, move in _worker_targets(st, seat):
        texts.append(text)
        moves.append(move)
    texts.append("rest")
    moves.append(("rest",))
    if yellow:
        texts.append("use yellow influence")
        moves.append(("yellow",))


def apply_turn(st: State, move: tuple[Any, ...]) -> None:
    seat = st.seat
    if move[0] == "die":
        push(st, F_DIE, move[1], 0, 0)
    elif move[0] == "worker":
        _, colour, card, way = move
        cards.pay_fee(st, seat, card, way)
        st.workers[seat * 3 + colour] -= 1
        st.w_card_workers()[card] |= 1 << colour
        st.w_worker_new()[card] |= 1 << colour
        st.main_done = 1
        pos = st.display.index(card)
        push_effects(st, [(st.cfg.comp.slot_actions[pos // SLOTS][pos % SLOTS], 0,
                           FROM_SLOT + pos)])
    elif move[0] == "rest":
        rest(st)
    else:
        _start_yellow(st, -1)


def rest(st: State) -> None:
    """Count the supply dice; return and roll every placed die; offer rerolls of the dice that
    were already in supply; then, for an eligible Rest, the Resting abilities (WF-TURN-09..12,
    WF-BUG-07/08)."""
    seat = st.seat
    comp = st.cfg.comp
    kept = len(st.dice[seat])
    eligible = kept <= 1
    st.main_done = 1
    for h in resolve._die_spaces(st, seat):
        if st.occupied[h]:
            st.w_occupied()[h] = 0
            st.dice[seat].append(roll(st))
    if eligible:
        effects = [(comp.capital_townsfolk_ability, 0, FROM_HOST + host(seat, CAPITAL_TOWNSFOLK))]
        for c in range(comp.first[0], comp.first[1]):
            if st.owner[c] == seat and comp.cards[c].resting and c not in st.fresh:
                effects.append((comp.cards[c].ability, 0, FROM_HOST + c))
        push_effects(st, effects)
    if kept:
        push(st, F_REROLL, (1 << kept) - 1)


def legal_reroll(st: State, texts: list[str], moves: Moves) -> None:
    mask = st.stack[-3]
    seen = set()
    for i, v in enumerate(st.dice[st.seat]):
        if mask >> i & 1 and v not in seen:
            seen.add(v)
            texts.append(f"reroll a {v} kept in supply")
            moves.append(("reroll", i))
    if _yellow_ready(st, st.seat):
        texts.append("use yellow influence")
        moves.append(("yellow",))
    texts.append("keep the other dice")
    moves.append(("keep dice",))


def apply_reroll(st: State, move: tuple[Any, ...]) -> None:
    if move[0] == "yellow":
        _start_yellow(st, -1)
        return
    if move[0] == "keep dice":
        pop(st)
        return
    i = move[1]
    st.dice[st.seat][i] = roll(st)
    st.stack[-3] &= ~(1 << i)
    if not st.stack[-3]:
        pop(st)


# --- pending choices ---------------------------------------------------------------------


def legal_bundle(st: State, texts: list[str], moves: Moves) -> None:
    """The steps of every part of the bundle on top, each named by its part and step only
    (``resolve.step_text``). Equal parts (the same written text: "2 modify die", a Vista's
    "silver" beside a Water link's) are offered once, the first of them; a bundle's parts all
    share one context, so equal parts offer equal steps."""
    nodes = st.cfg.comp.nodes
    plain, text_of = nodes.plain, nodes.text
    seen: set[str] = set()
    for pos in bundle_items(st):
        node, ctx = st.stack[pos + 1], st.stack[pos + 2]
        part = text_of[node]
        if part in seen:
            continue
        seen.add(part)
        if plain[node]:
            for text, path in resolve.steps(st, node, ctx):
                texts.append(text)
                moves.append(("item", pos, path))
        else:
            for text, path in resolve.steps(st, node, ctx):
                texts.append(resolve.step_text(nodes, node, text))
                moves.append(("item", pos, path))
    if _yellow_ready(st, st.seat):
        texts.append("use yellow influence")
        moves.append(("yellow",))
    texts.append("done")
    moves.append(("done",))


def apply_bundle(st: State, move: tuple[Any, ...]) -> None:
    if move[0] == "done":
        n = st.stack[-3]
        del st.stack[len(st.stack) - 4 - 4 * n :]
        return
    if move[0] == "yellow":
        _start_yellow(st, -1)
        return
    _, pos, path = move
    ctx, src = st.stack[pos + 2], st.stack[pos + 3]
    remove_item(st, pos)
    resolve.apply_path(st, path, ctx, src)


def legal_tuck(st: State, texts: list[str], moves: Moves) -> None:
    card = st.stack[-3]
    name = st.cfg.comp.cards[card].id
    for h in cards.tuck_hosts(st, st.seat, card):
        texts.append(f"tuck {name} under {cards.host_name(st, h)}")
        moves.append(("tuck", h))


def legal_insp(st: State, texts: list[str], moves: Moves) -> None:
    card, slot = st.stack[-3], st.stack[-2]
    comp = st.cfg.comp
    name = comp.cards[card].id
    for h in cards.inspiration_hosts(st, st.seat):
        texts.append(f"tuck {name} above {cards.host_name(st, h)}")
        moves.append(("tuck", h))
    texts.append(f"discard {name} for: {comp.nodes.text[comp.slot_actions[4][slot]]}")
    moves.append(("discard",))


def legal_keep(st: State, texts: list[str], moves: Moves) -> None:
    for c in st.drawn:
        texts.append(f"keep {st.cfg.comp.cards[c].id}")
        moves.append(("keep", c))


def legal_tile(st: State, texts: list[str], moves: Moves) -> None:
    tile = st.cfg.comp.tiles[st.stack[-3]]
    for anchor in caravan.positions(st, st.seat, tile):
        texts.append(f"place tile at column {anchor % 6 + 1} row {anchor // 6 + 1}")
        moves.append(("cell", anchor))


def _black_links(st: State) -> list[Any]:
    seat = st.seat
    if st.used & USED_BLACK or st.guild[seat * 3] <= 0:
        return []
    return journal.usable(st, seat, black_spent=1)


def legal_black(st: State, texts: list[str], moves: Moves) -> None:
    for link in _black_links(st):
        texts.append(f"black influence: journal on to {link.dst}")
        moves.append(("black", link.dst))
    texts.append("no extra journal step")
    moves.append(("no black",))


def apply_pending(st: State, kind: int, move: tuple[Any, ...]) -> None:
    seat = st.seat
    a, b = st.stack[-3], st.stack[-2]
    if kind == F_TUCK:
        pop(st)
        cards.tuck(st, seat, a, move[1])
    elif kind == F_INSP:
        pop(st)
        if move[0] == "tuck":
            cards.place_inspiration(st, seat, a, move[1])
        else:
            cards.discard_inspiration(st, a, b)
    elif kind == F_KEEP:
        pop(st)
        cards.keep(st, seat, a, move[1])
    elif kind == F_TILE:
        pop(st)
        caravan.place(st, seat, a, b, move[1])
    elif kind == F_BLACK:
        pop(st)
        if move[0] == "black":
            st.used |= USED_BLACK
            st.guild[seat * 3] -= 1
            st.inf_supply[seat] += 1
            link = next(ln for ln in st.cfg.comp.links_from[st.jpos[seat]] if ln.dst == move[1])
            journal.move(st, seat, link)


def legal_end(st: State, texts: list[str], moves: Moves) -> None:
    """The turn's effects are over: Yellow may still change dice before it ends (WF-RUL-15)."""
    texts.append("use yellow influence")
    moves.append(("yellow",))
    texts.append("end turn")
    moves.append(("end turn",))


def legal_allow(st: State, texts: list[str], moves: Moves) -> None:
    for text, move in opponent.allow_choices(st):
        texts.append(text)
        moves.append(move)


def apply_end(st: State, move: tuple[Any, ...]) -> None:
    pop(st)
    if move[0] == "yellow":
        _start_yellow(st, -1)


LEGAL = {F_END: legal_end, F_ALL: legal_bundle, F_TUCK: legal_tuck, F_INSP: legal_insp,
         F_KEEP: legal_keep, F_TILE: legal_tile, F_BLACK: legal_black, F_DIE: legal_die,
         F_YELLOW: legal_yellow, F_REROLL: legal_reroll, F_ALLOW: legal_allow}


def legal(st: State, texts: list[str], moves: Moves) -> None:
    if st.stage == OVER:
        return
    if not st.stack:
        legal_turn(st, texts, moves)
    else:
        LEGAL[st.stack[-4]](st, texts, moves)


def apply(st: State, move: tuple[Any, ...]) -> tuple[list[str], Moves] | None:
    """Apply a decision and settle; returns the next decision's options when settling had to
    build them anyway (a pending bundle), else None."""
    if not st.stack:
        apply_turn(st, move)
    else:
        kind = st.stack[-4]
        if kind == F_ALL:
            apply_bundle(st, move)
        elif kind == F_DIE:
            apply_die(st, move)
        elif kind == F_YELLOW:
            apply_yellow(st, move)
        elif kind == F_REROLL:
            apply_reroll(st, move)
        elif kind == F_END:
            apply_end(st, move)
        elif kind == F_ALLOW:
            opponent.answer(st, move)
        else:
            apply_pending(st, kind, move)
    return settle(st)


def settle(st: State) -> tuple[list[str], Moves] | None:
    """Resolve what needs no decision; end the turn once nothing is left (WF-TURN-16). A
    bundle none of whose parts can act is dropped: finding that out lists its steps, and
    those are returned as the next decision's options."""
    while True:
        if st.ai and st.ai[AI_MARKERS][FEE_STEPS]:
            opponent.fee_steps_due(st)
        if not st.stack:
            if not st.main_done:
                return None
            if not st.used & END_OFFERED and _yellow_ready(st, st.seat):
                st.used |= END_OFFERED  # once: after it, the turn ends
                push(st, F_END)
                return None
            end_turn(st)
            if st.cfg.solo and st.seat == AI and st.stage != OVER:
                opponent.start_turn(st)  # the opponent's turn plays out here (WF-SOLO-11)
                continue
            return None
        kind = st.stack[-4]
        if kind == F_ALL:
            texts: list[str] = []
            moves: Moves = []
            legal_bundle(st, texts, moves)
            if moves[0][0] == "item":
                return texts, moves
            n = st.stack[-3]
            del st.stack[len(st.stack) - 4 - 4 * n :]
        elif kind == F_AI:
            opponent.step(st)
        elif (kind == F_BLACK and not _black_links(st)) or (kind == F_KEEP and not st.drawn):
            pop(st)
        else:
            return None


def end_turn(st: State) -> None:
    """Refill the displays, reset the turn's limits, and pass clockwise; after the end is
    triggered every player takes one more turn, the trigger player last (WF-END-01/02)."""
    cards.refill(st)
    st.fresh = []
    if any(st.worker_new):
        st.worker_new = [0] * len(st.worker_new)
    st.used = 0
    st.die_col = 0
    st.spare_pigeon = 0
    st.main_done = 0
    st.turn += 1
    table = st.cfg.table
    if st.end_seat >= 0:
        st.final_left = table if st.final_left < 0 else st.final_left - 1
        if st.final_left == 0:
            st.stage = OVER
            return
    st.seat = (st.seat + 1) % table
    if st.seat == st.first_player and st.turn >= st.cfg.round_limit * table:
        st.stage = OVER


assert F_ITEM == 0 and SPACE == 3 and len(GUILDS) == 3 and host(0, 0) == CARDS
