"""Resolving effects: the decisions each effect part offers, and what choosing one does
(rulebook 004 throughout; checklist section OP).

A part's *steps* are its first decisions as (text, path) pairs: an operation's concrete choices,
"pay ..." for a pay-then-gain, every alternative's steps for a choice. Choosing a step commits to
that part (and, for a choice, to that alternative); what remains of it is pushed as a new bundle.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from upriver.games.wayfarers import caravan, cards, journal
from upriver.games.wayfarers.components import (
    INSPIRATION,
    LAND,
    SPACE,
    TOWNSFOLK,
    WATER,
    Tile,
    load,
)
from upriver.games.wayfarers.effects import (
    ALL,
    ANY_GUILD,
    ATOM,
    CARD,
    CARD_INFLUENCE,
    CHOICE,
    DRAW,
    FREE,
    GUILDS,
    INFLUENCE,
    JOURNAL,
    MODIFY,
    MOVE_INFLUENCE,
    ONE_OFF,
    PAY,
    PROVISION,
    REFRESH,
    RETRIEVE,
    SILVER,
    TILE,
    TILE_COLOURS,
    Nodes,
)
from upriver.games.wayfarers.stack import push, push_effects, roll
from upriver.games.wayfarers.state import (
    CARDS,
    CTX_DIE,
    F_ALL,
    F_ITEM,
    F_TILE,
    HOSTS,
    SLOTS,
    WORKER_COLOURS,
    State,
)

Path = tuple[Any, ...]
Steps = list[tuple[str, Path]]
Choices = list[tuple[str, tuple[int, ...]]]


def discounts(st: State, ctx: int) -> tuple[int, int]:
    """Silver and Provision discounts of this turn's die column, for a part of its action
    (WF-UPG-21..23)."""
    if not ctx & CTX_DIE or st.die_col == 0:
        return 0, 0
    _, _, s, p = caravan.column(st, st.seat, st.die_col - 1)
    return s, p


def silver_price(st: State, base: int, flags: int, ctx: int) -> int:
    """A card or tile's Silver price after "free", "1 silver off" and die discounts
    (WF-ACQ-06, WF-OP-05, WF-RUL-11)."""
    if flags & FREE:
        return 0
    off = (1 if flags & ONE_OFF else 0) + discounts(st, ctx)[0]
    return max(0, base - off)


def steps(st: State, node: int, ctx: int) -> Steps:
    nodes = st.cfg.comp.nodes
    kind = nodes.kind[node]
    if kind == ATOM:
        return [(t, ("atom", node, ch)) for t, ch in atom_steps(st, node, ctx)]
    if kind == PAY:
        if not _payable(st, node, ctx):
            return []
        silver, provisions = _pay_amounts(st, node, ctx)
        return [(pay_step_text(silver, provisions, nodes.text[nodes.kids[node][0]]),
                 ("pay", node))]
    if kind == CHOICE:
        out: Steps = []
        for alt in nodes.kids[node]:
            out += steps(st, alt, ctx)
        return out
    parts: Steps = []
    seen: set[int] = set()
    for k, kid in enumerate(nodes.kids[node]):
        if kid in seen:
            continue
        seen.add(kid)
        parts += [(t, ("in", node, k, p)) for t, p in steps(st, kid, ctx)]
    return parts


def doable(st: State, node: int, ctx: int) -> bool:
    """Whether ``steps`` would offer anything (a quicker answer for the simple operations)."""
    nodes = st.cfg.comp.nodes
    if nodes.always[node]:
        return True
    kind = nodes.kind[node]
    if kind in (ALL, CHOICE):
        return any(doable(st, k, ctx) for k in nodes.check_order[node])
    if kind == ATOM:
        op = nodes.op[node]
        seat = st.seat
        if op == MOVE_INFLUENCE:
            return any(st.guild[seat * 3 : seat * 3 + 3])
        if op == INFLUENCE and st.inf_supply[seat] > 0:
            return True
        if op == MODIFY:
            return bool(st.dice[seat])
        if op == REFRESH:
            return bool(st.dice[seat]) or bool(own_die_hosts(st, seat))
        if op == DRAW:
            return bool(st.piles[nodes.param[node]])
        if op == CARD_INFLUENCE:
            if not any(c >= 0 and st.card_inf[c] < 0 for c in st.display):
                return False
            if st.inf_supply[seat] > 0:
                return True
        if op == TILE:
            return _tile_doable(st, seat, nodes.param[node], nodes.flags[node], ctx)
        if op == CARD:
            return _card_doable(st, seat, nodes.param[node], nodes.flags[node], ctx)
    return bool(steps(st, node, ctx))


def _tile_doable(st: State, seat: int, colour: int, flags: int, ctx: int) -> bool:
    """``tile_steps`` would offer something (without building its texts)."""
    comp = st.cfg.comp
    ways = tile_price(st, colour, flags, ctx)
    if not any(st.silver[seat] >= silver and (guild < 0 or st.guild[seat * 3 + guild]
                                                >= comp.tile_influence)
               for _, silver, guild in ways):
        return False
    return any(st.tile_supply[t.index] > 0 and caravan.positions(st, seat, t)
               for t in tiles_of(colour))


def _card_doable(st: State, seat: int, ctype: int, flags: int, ctx: int) -> bool:
    """``card_steps`` would offer something (without building its texts)."""
    if ctype == SPACE and not cards.space_hosts(st, seat):
        return False
    if ctx & CTX_DIE and ctype in (LAND, WATER) and st.piles[ctype] and (
            st.spare_pigeon > 0 or st.provisions[seat] >= 1):
        return True
    return any(cards.fee_ways(st, seat, card_price(st, c, flags, ctx), 0, c)
               for c in _takeable(st, seat, ctype))


def _takeable(st: State, seat: int, ctype: int) -> list[int]:
    """The row's face-up cards the seat could take but for their price: none holding a Worker
    placed this turn (WF-ACQ-11), and a Townsfolk only with a host for it (WF-CARD-42)."""
    row = st.display[ctype * SLOTS : ctype * SLOTS + SLOTS]
    if ctype != TOWNSFOLK:
        return [c for c in row if c >= 0 and not st.worker_new[c]]
    shown = cards.open_host_tags(st, seat)
    hosts = st.cfg.comp.cards
    return [c for c in row if c >= 0 and not st.worker_new[c]
            and any(t in shown for t in hosts[c].hosts)]


def _payable(st: State, node: int, ctx: int) -> bool:
    """The cost can be paid and, once it is, something on the gain side can be done
    (WF-OP-01/02, WF-WORK-06)."""
    silver, provisions = _pay_amounts(st, node, ctx)
    s = st.seat
    if st.silver[s] < silver or st.provisions[s] < provisions:
        return False
    st.silver[s] -= silver
    st.provisions[s] -= provisions
    try:
        return doable(st, st.cfg.comp.nodes.kids[node][0], ctx)
    finally:
        st.silver[s] += silver
        st.provisions[s] += provisions


def _pay_amounts(st: State, node: int, ctx: int) -> tuple[int, int]:
    nodes = st.cfg.comp.nodes
    s_off, p_off = discounts(st, ctx)
    return max(0, nodes.param[node] - s_off), max(0, nodes.amount[node] - p_off)


def step_text(nodes: Nodes, node: int, own: str) -> str:
    """The decision text of a step of bundle part ``node`` whose own text is ``own``: a
    function of the part and the step only, never of what else is pending. A plain part's
    step is its own text (no part of another text offers it); any other part's step names
    the part, "gain 1 silver (of: provision | silver)", unless its own text already is the
    part's text (a cost paid in full, "pay 2 provisions -> water card")."""
    part = nodes.text[node]
    if nodes.plain[node] or own == part:
        return own
    return f"{own} (of: {part})"


def pay_step_text(silver: int, provisions: int, gain: str) -> str:
    """A pay-then-gain's step: what is paid, then what it buys; paid in full it is the
    part's own text (WF-OP-01)."""
    return f"{_pay_text(silver, provisions)} -> {gain}"


def _pay_text(silver: int, provisions: int) -> str:
    parts = []
    if silver:
        parts.append(f"{silver} silver")
    if provisions:
        parts.append(f"{provisions} provision" + ("s" if provisions > 1 else ""))
    return "pay " + (" and ".join(parts) if parts else "nothing (discounted)")


def apply_path(st: State, path: Path, ctx: int, src: int = 0) -> None:
    what = path[0]
    if what == "atom":
        apply_atom(st, path[1], path[2], ctx)
    elif what == "pay":
        node = path[1]
        silver, provisions = _pay_amounts(st, node, ctx)
        st.silver[st.seat] -= silver
        st.provisions[st.seat] -= provisions
        push_effects(st, [(st.cfg.comp.nodes.kids[node][0], ctx, src)])
    else:  # "in": one part of a grouped alternative; the rest of the group stays to do
        # (pushed as it is: an alternative holds nothing resolved at once, ``Nodes.compile``)
        node, k, sub = path[1], path[2], path[3]
        kids = st.cfg.comp.nodes.kids[node]
        rest = list(kids[:k] + kids[k + 1 :])
        if rest:
            for kid in rest:
                push(st, F_ITEM, kid, ctx, src)
            push(st, F_ALL, len(rest))
        apply_path(st, sub, ctx, src)


# --- operations -------------------------------------------------------------------------


def _influence_sources(st: State, seat: int, exclude_guild: int) -> list[tuple[str, int]]:
    """Where an Influence comes from: the supply, or with an empty supply one already placed
    on a Guild or a card (WF-INF-15)."""
    if st.inf_supply[seat] > 0:
        return [("", -1)]
    out = [(f" (from {GUILDS[g]})", g) for g in range(3)
           if g != exclude_guild and st.guild[seat * 3 + g] > 0]
    # Influence is only ever on display cards (taking a card returns it, WF-ACQ-10), so the
    # 20 display slots are searched, not every card; in card order, as the texts are listed.
    cards = st.cfg.comp.cards
    out += [(f" (from {cards[c].id})", 3 + c)
            for c in sorted([c for c in st.display if c >= 0 and st.card_inf[c] == seat])]
    return out


def _take_influence(st: State, seat: int, src: int) -> None:
    if src < 0:
        st.inf_supply[seat] -= 1
    elif src < 3:
        st.guild[seat * 3 + src] -= 1
    else:
        st.w_card_inf()[src - 3] = -1


def _supply_values(st: State, seat: int) -> list[tuple[int, int]]:
    """(value, index) of the first supply die of each value."""
    seen: dict[int, int] = {}
    for i, v in enumerate(st.dice[seat]):
        seen.setdefault(v, i)
    return sorted(seen.items())


def own_die_hosts(st: State, seat: int) -> list[int]:
    return [h for h in _die_spaces(st, seat) if st.occupied[h]]


def _die_spaces(st: State, seat: int) -> list[int]:
    base = CARDS + 8 * seat
    comp = st.cfg.comp
    out = [base, base + 1, base + 4, base + 5, base + 6, base + 7]
    out += [c for c in (*st.lands[seat], *st.waters[seat]) if comp.cards[c].action >= 0]
    return out


def atom_steps(st: State, node: int, ctx: int) -> Choices:
    comp = st.cfg.comp
    nodes = comp.nodes
    op, amount, param, flags = nodes.op[node], nodes.amount[node], nodes.param[node], \
        nodes.flags[node]
    seat = st.seat
    if op == SILVER:
        return [(f"gain {amount} silver", ())]
    if op == PROVISION:
        return [(f"gain {amount} provision" + ("s" if amount > 1 else ""), ())]
    if op == INFLUENCE:
        guilds = range(3) if param == ANY_GUILD else (param,)
        return [(f"{GUILDS[g]} influence{t}", (g, src)) for g in guilds
                for t, src in _influence_sources(st, seat, g)]
    if op == CARD_INFLUENCE:
        out: Choices = []
        for c in st.display:
            if c >= 0 and st.card_inf[c] < 0:
                for t, src in _influence_sources(st, seat, -1):
                    if src != 3 + c:
                        out.append((f"influence on {comp.cards[c].id}{t}", (c, src)))
        return out
    if op == MOVE_INFLUENCE:
        return [(f"move influence {GUILDS[a]} to {GUILDS[b]}", (a, b)) for a in range(3)
                if st.guild[seat * 3 + a] > 0 for b in range(3) if b != a]
    if op == JOURNAL:
        usable = journal.usable(st, seat)
        return [(f"journal to {link.dst}", (i,)) for i, link in enumerate(
            comp.links_from.get(st.jpos[seat], ())) if link in usable]
    if op == RETRIEVE:
        return retrieve_steps(st, seat)
    if op == REFRESH:
        refresh: Choices = [(f"refresh die on {cards.host_name(st, h)}", (h, -1))
                            for h in own_die_hosts(st, seat)]
        return refresh + [(f"reroll die {v}", (-1, i)) for v, i in _supply_values(st, seat)]
    if op == MODIFY:
        return [(f"modify die {v} to {v + d}", (i, d)) for v, i in _supply_values(st, seat)
                for d in (1, -1) if 1 <= v + d <= 6]
    if op == CARD:
        return card_steps(st, seat, param, flags, ctx)
    if op == DRAW:
        return [(f"draw {amount} {('land', 'water')[param - 1]}", ())] if st.piles[param] else []
    if op == TILE:
        return tile_steps(st, seat, param, flags, ctx)
    # Not a rule check: a new die, the Green Worker and a Journal Tile are resolved as their
    # effect is pushed (``stack._parts``), and ``Nodes.compile`` lets them stand nowhere else,
    # so no bundle part is or holds one (tests/wayfarers/test_effects.py).
    raise AssertionError(f"operation {op} is resolved when pushed")


def retrieve_steps(st: State, seat: int) -> Choices:
    """Any Worker on a face-up display card but one placed this turn, fee paid
    (WF-WORK-07..10, WF-OP-16)."""
    comp = st.cfg.comp
    out: Choices = []
    for c in st.display:
        if c < 0:
            continue
        bits = st.card_workers[c] & ~st.worker_new[c]
        for colour in range(3):
            if bits >> colour & 1:
                for way in cards.fee_ways(st, seat, 0, 0, c):
                    out.append((f"retrieve {WORKER_COLOURS[colour]} worker from "
                                f"{comp.cards[c].id}{cards.fee_text(st, c, way)}",
                                (c, colour, way)))
    return out


def card_price(st: State, card: int, flags: int, ctx: int) -> int:
    comp = st.cfg.comp
    c = comp.cards[card]
    if c.type == SPACE:
        base = comp.space_prices[st.display.index(card) % SLOTS]
    elif c.type == TOWNSFOLK:
        base = c.cost
    else:
        return 0  # Land, Water and Inspiration cards have no price (WF-ACQ-03, WF-CARD-33)
    return silver_price(st, base, flags, ctx)


def card_steps(st: State, seat: int, ctype: int, flags: int,
               ctx: int) -> Choices:
    """Acquire a card of a row: any face-up card, unless it holds a Worker placed this turn,
    its price and fee can't be paid, or it would have nowhere to go (WF-ACQ-01..11,
    WF-CARD-20/42)."""
    comp = st.cfg.comp
    if ctype == SPACE and not cards.space_hosts(st, seat):
        return []
    out: Choices = []
    for c in _takeable(st, seat, ctype):
        price = card_price(st, c, flags, ctx)
        for way in cards.fee_ways(st, seat, price, 0, c):
            cost = f" ({price} silver" if price else ""
            fee = cards.fee_text(st, c, way)
            text = f"take {comp.cards[c].id}"
            if cost:
                text += cost + fee + ")"
            elif fee:
                text += f" ({fee[2:]})"
            out.append((text, (c, way)))
    if ctx & CTX_DIE and ctype in (LAND, WATER) and st.piles[ctype]:
        name = ("land", "water")[ctype - 1]
        if st.spare_pigeon > 0:
            out.append((f"draw {comp.draw_keep} {name} (pigeon)", (-1, 0)))
        if st.provisions[seat] >= 1:
            out.append((f"draw {comp.draw_keep} {name} (1 provision)", (-1, 1)))
    return out


@cache
def tiles_of(colour: int) -> tuple[Tile, ...]:
    """The upgrade tile types of one colour, in supply order."""
    return tuple(t for t in load().tiles if t.colour == colour)


def tile_price(st: State, colour: int, flags: int, ctx: int) -> list[tuple[str, int, int]]:
    """The ways to pay for a tile: (text, Silver, Guild to pay Influence from or -1)
    (WF-UPG-08/09, WF-OP-24/25)."""
    comp = st.cfg.comp
    if colour == 4 or flags & FREE:
        return [("free", 0, -1)]
    if colour == 0:
        s = silver_price(st, comp.basic_price, flags, ctx)
        return [(f"{s} silver", s, -1)]
    s = silver_price(st, comp.tile_price, flags, ctx)
    guild = {1: 1, 2: 2, 3: 0}[colour]  # Land: Yellow, Water: Blue, Space: Black
    return [(f"{s} silver", s, -1),
            (f"{comp.tile_influence} {GUILDS[guild]} influence", 0, guild)]


def tile_steps(st: State, seat: int, colour: int, flags: int,
               ctx: int) -> Choices:
    comp = st.cfg.comp
    out: Choices = []
    ways = tile_price(st, colour, flags, ctx)
    for tile in tiles_of(colour):
        if st.tile_supply[tile.index] <= 0:
            continue
        if not caravan.positions(st, seat, tile):  # WF-RUL-10
            continue
        for face in range(len(tile.faces)):
            face_text = f" face {'ab'[face]}" if len(tile.faces) > 1 else ""
            for k, (text, silver, guild) in enumerate(ways):
                if st.silver[seat] < silver:
                    continue
                if guild >= 0 and st.guild[seat * 3 + guild] < comp.tile_influence:
                    continue
                out.append((f"take tile {tile.id}{face_text} ({text})", (tile.index, face, k)))
    return out


def apply_atom(st: State, node: int, ch: tuple[int, ...], ctx: int) -> None:
    comp = st.cfg.comp
    nodes = comp.nodes
    op, amount, param, flags = nodes.op[node], nodes.amount[node], nodes.param[node], \
        nodes.flags[node]
    seat = st.seat
    if op == SILVER:
        st.silver[seat] += amount
    elif op == PROVISION:
        st.provisions[seat] += amount
    elif op == INFLUENCE:
        _take_influence(st, seat, ch[1])
        st.guild[seat * 3 + ch[0]] += 1
    elif op == CARD_INFLUENCE:
        _take_influence(st, seat, ch[1])
        st.w_card_inf()[ch[0]] = seat
    elif op == MOVE_INFLUENCE:
        st.guild[seat * 3 + ch[0]] -= 1
        st.guild[seat * 3 + ch[1]] += 1
    elif op == JOURNAL:
        journal.move(st, seat, comp.links_from[st.jpos[seat]][ch[0]])
    elif op == RETRIEVE:
        card, colour, way = ch
        cards.pay_fee(st, seat, card, way)
        st.w_card_workers()[card] &= ~(1 << colour)
        st.workers[seat * 3 + colour] += 1
    elif op == REFRESH:
        h, i = ch
        if h >= 0:
            st.w_occupied()[h] = 0
            st.dice[seat].append(roll(st))
        else:
            st.dice[seat][i] = roll(st)
    elif op == MODIFY:
        st.dice[seat][ch[0]] += ch[1]
    elif op == CARD:
        card, way = ch
        if card < 0:
            if way == 0:
                st.spare_pigeon = 0
            else:
                st.provisions[seat] -= 1
            cards.draw(st, seat, param, comp.draw_keep)
            return
        price = card_price(st, card, flags, ctx)
        cards.pay_fee(st, seat, card, way)
        st.silver[seat] -= price
        slot = cards.take_from_display(st, seat, card)
        cards.gain_card(st, seat, card, slot)
    elif op == DRAW:
        cards.draw(st, seat, param, amount)
    elif op == TILE:
        tile, face, k = ch
        _, silver, guild = tile_price(st, param, flags, ctx)[k]
        st.silver[seat] -= silver
        if guild >= 0:
            st.guild[seat * 3 + guild] -= comp.tile_influence
            st.inf_supply[seat] += comp.tile_influence
        st.tile_supply[tile] -= 1
        push(st, F_TILE, tile, face)
    else:  # pragma: no cover - never a step: see the end of ``atom_steps``
        raise AssertionError(f"operation {op} is resolved when pushed")


assert HOSTS > CARDS and len(TILE_COLOURS) == 5 and INSPIRATION == 4
