"""Why a Wayfarers move is not legal now, in one line (issue 29; ``Game.why_not``).

``why_not(st, text)`` parses a catalogue text (``catalogue``'s patterns), looks at the decision
the state waits on (the frame on top of the stack, the main action when it is empty) and
returns the first rule that forbids the move, as a short lowercase clause naming the pieces
involved; ``None`` where it cannot tell (the core then lists what may be chosen). It changes
nothing (where it asks the rules' own helpers, they may lend a fee and take it back, as the
legal-move functions do) and draws no randomness; it tells only what the seat to move may see
(``view``): a pile's size, never its order; the drawn cards only to their drawer. Each check
mirrors a test of the legal-move functions (``turns``, ``resolve``, ``cards``, ``caravan``), so
a reason is never given for a legal text (``tests/wayfarers/test_refusals.py`` holds it to
that). Names stay as the game prints them ("Capital Harbour", "T08").

The reasons, by checklist id:

- a decision other than the one pending: "you have already taken a main action this turn"
  (WF-TURN-01), "you must take a main action before ending the turn" (WF-TURN-01, WF-TURN-16),
  else what must be finished first (WF-TURN-05, WF-TURN-16);
- placing a die: no die of that value in supply (WF-TURN-03), none of the changes the seat can
  make gets it onto an empty space (WF-TURN-03, WF-DICE-04); on a space: the die being placed
  shows another value (WF-TURN-04), not the seat's space (WF-TURN-03), taken (WF-DICE-03),
  gained this turn (WF-TURN-15), an asset short (WF-DICE-04/05, WF-GLD-11);
- caravan changes: no arrow that way (WF-UPG-17), a column already used in the chain
  (WF-UPG-19), the chain ended by Yellow (WF-GLD-09), no space for the die afterwards
  (WF-TURN-03);
- Guild abilities: used this turn, no Influence on the Guild (WF-GLD-02, WF-INF-14), no dice to
  change (WF-GLD-07), a Ship already hired or of no help (WF-GLD-10);
- Workers: none of that colour (WF-TURN-08), the row takes no such colour (WF-WORK-03), the
  card not on display (WF-WORK-02), a Worker of that colour already there (WF-WORK-04), the
  slot's action could do nothing (WF-WORK-06); retrieving: no such Worker, placed this turn
  (WF-WORK-08/09, WF-OP-16);
- fees: none due on the card (WF-INF-09), one due (WF-INF-08), paid to the wrong seat
  (WF-INF-08), not payable beside the price (WF-INF-10/11);
- cards: no pending effect acquires that row (WF-OP-19..22), not on display (WF-ACQ-01/17), a
  Worker placed on it this turn (WF-ACQ-11), no host for a Townsfolk (WF-CARD-41/42, WF-OP-21)
  or a Space card (WF-CARD-19, WF-OP-20), the price (WF-ACQ-04..06); drawing: an empty pile
  (WF-RUL-05), no spare Pigeon or Provision (WF-ACQ-08); keeping a card not drawn (WF-ACQ-09);
- Influence: no pending effect places it, the card not on display or already holding one
  (WF-INF-03/04/05), the source (WF-INF-15), moving from an empty Guild (WF-INF-13);
- the Journal: no link from the marker's space to there (WF-JRN-03);
- tiles: none left, no room in the caravan (WF-RUL-10, WF-UPG-03), the price (WF-UPG-08/09,
  WF-INF-14); placing one: off the grid, over a printed cell or a tile (WF-UPG-02/03);
- tucking: another card pending, a host that is not the seat's, taken or without the tag
  (WF-CARD-41), a Space card already holding an Inspiration card (WF-CARD-35), a discard for
  another slot's action (WF-CARD-34/36);
- dice effects: no die of that value in supply, no die on that space (WF-DICE-07/09);
- solo: the opponent asks for something else, the last candidate can't be denied, nothing to
  pay (WF-SOLO-58/59).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from upriver.games.wayfarers import caravan, cards, opponent, resolve, turns
from upriver.games.wayfarers.components import (
    ASSETS,
    INSPIRATION,
    SPACE,
    TOWNSFOLK,
    Components,
)
from upriver.games.wayfarers.effects import (
    ALL,
    ANY_GUILD,
    ATOM,
    CARD,
    CARD_INFLUENCE,
    CARD_TYPES,
    CHOICE,
    DRAW,
    GUILDS,
    INFLUENCE,
    JOURNAL,
    MODIFY,
    MOVE_INFLUENCE,
    PAY,
    PROVISION,
    REFRESH,
    RETRIEVE,
    SILVER,
    TILE,
    TILE_COLOURS,
)
from upriver.games.wayfarers.state import (
    CAPITAL_TOWNSFOLK,
    CENTRE,
    CITY,
    CTX_DIE,
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
    HARBOUR,
    OVER,
    SHIP,
    SKY,
    SLOTS,
    USED_BLACK,
    USED_BLUE,
    USED_YELLOW,
    WORKER_COLOURS,
    State,
    host,
)

Fields = tuple[str | None, ...]  # a pattern's groups
Atoms = list[tuple[int, int]]  # (node, context) of pending operations and costs
Handler = Callable[[State, Fields], str | None]
StepHandler = Callable[[State, Fields, Atoms], str | None]

COST = -1  # a cost to pay (a PAY node) beside the operations of ``effects``
MAIN = -1  # the "frame" of an empty stack: the main action
HUMAN = 0  # in solo the human sits at seat 0 and answers the opponent (WF-SOLO-58)
FEE = r"(?:, fee 1 (silver|provision) to seat (\d))?"

# Each text pattern, the group it belongs to (the decision that offers it) and its fields.
# The first match wins: longer patterns sharing a start come first.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (group, re.compile(pattern + "$")) for group, pattern in (
        ("place die", r"place die (\d)"),
        ("place worker", r"place (green|yellow|blue) worker on (\S+)" + FEE),
        ("rest", r"rest"),
        ("yellow", r"use yellow influence"),
        ("die on", r"place die (\d) on (.+)"),
        ("chain", r"caravan: die (\d) to (\d)"),
        ("ship", r"hire a ship \(1 blue influence\)"),
        ("yellow step", r"yellow: (?:die (\d) (?:on )?to (\d)|the die to place, (\d) to (\d))"),
        ("yellow stop", r"yellow: no second step"),
        ("reroll kept", r"reroll a (\d) kept in supply"),
        ("keep dice", r"keep the other dice"),
        ("black", r"black influence: journal on to (\d+)"),
        ("no black", r"no extra journal step"),
        ("tuck", r"tuck (\S+) under (.+)"),
        ("above", r"tuck (\S+) above (.+)"),
        ("discard", r"discard (\S+) for: (.+)"),
        ("keep", r"keep (\S+)"),
        ("place tile", r"place tile at column (\d) row (\d)"),
        ("end", r"end turn"),
        ("allow", r"let the opponent (.+?)(?: and gain 1 (?:silver|provision))?"),
        ("deny", r"deny: pay 1 (silver|provision), the opponent may not (.+)"),
        ("done", r"done"),
    ))
# A bundle step (``resolve.atom_steps``), once any " (of: part)" is taken off.
STEP_PATTERNS: tuple[tuple[int, re.Pattern[str]], ...] = tuple(
    (op, re.compile(pattern + "$")) for op, pattern in (
        (SILVER, r"gain (\d+) silver"),
        (PROVISION, r"gain (\d+) provisions?"),
        (COST, r"pay (.+) -> (.+)"),
        (INFLUENCE, r"(black|yellow|blue) influence(?: \(from (\S+)\))?"),
        (CARD_INFLUENCE, r"influence on (\S+)(?: \(from (\S+)\))?"),
        (MOVE_INFLUENCE, r"move influence (black|yellow|blue) to (black|yellow|blue)"),
        (JOURNAL, r"journal to (\d+)"),
        (RETRIEVE, r"retrieve (green|yellow|blue) worker from (\S+)" + FEE),
        (REFRESH, r"refresh die on (.+)"),
        (REFRESH, r"reroll die (\d)"),
        (MODIFY, r"modify die (\d) to (\d)"),
        (TILE, r"take tile (\S+)(?: face [ab])? \((.+)\)"),
        (CARD, r"draw \d+ (land|water) \((pigeon|1 provision)\)"),
        (CARD, r"take (\S+)(?: \((?:(\d+) silver)?(?:, )?(?:fee 1 (silver|provision) to "
               r"seat (\d))?\))?"),
        (DRAW, r"draw (\d+) (land|water)"),
    ))
NAMED = re.compile(r"(.+) \(of: .+\)$")

# Which decision offers each group (``turns.LEGAL``); "use yellow influence" is offered by
# several, and every bundle step by the bundle.
FRAME_OF = {"place die": MAIN, "place worker": MAIN, "rest": MAIN, "die on": F_DIE,
            "chain": F_DIE, "ship": F_DIE, "yellow step": F_YELLOW, "yellow stop": F_YELLOW,
            "reroll kept": F_REROLL, "keep dice": F_REROLL, "black": F_BLACK,
            "no black": F_BLACK, "tuck": F_TUCK, "above": F_INSP, "discard": F_INSP,
            "keep": F_KEEP, "place tile": F_TILE, "end": F_END, "allow": F_ALLOW,
            "deny": F_ALLOW, "done": F_ALL, "step": F_ALL}
YELLOW_FRAMES = (MAIN, F_DIE, F_REROLL, F_ALL, F_END)
MAIN_GROUPS = ("place die", "place worker", "rest")
VERBS = {SILVER: "gain silver", PROVISION: "gain provisions", COST: "pay a cost",
         INFLUENCE: "place influence on a guild", CARD_INFLUENCE: "place influence on a card",
         MOVE_INFLUENCE: "move influence", JOURNAL: "take a journal step",
         RETRIEVE: "retrieve a worker", REFRESH: "refresh a die", MODIFY: "modify a die",
         DRAW: "draw cards"}


def why_not(st: State, text: str) -> str | None:
    """The rule that forbids the move ``text`` names in this state, or None if unknown."""
    if st.stage == OVER:
        return None
    group, fields = _parse(text)
    if group is None:
        return None
    frame = st.stack[-4] if st.stack else MAIN
    if frame == F_ALLOW:  # the opponent's turn: only the human's answer is pending
        if group in ("allow", "deny"):
            return _allow(st, group, fields)
        return "answer the opponent first: " + _asked(st)
    if group == "yellow":
        return _yellow(st, frame)
    if FRAME_OF[group] != frame:
        return _elsewhere(st, group, frame)
    return _HANDLERS[group](st, fields)


def _parse(text: str) -> tuple[str | None, tuple[str | None, ...]]:
    for group, pattern in PATTERNS:
        m = pattern.match(text)
        if m:
            return group, m.groups()
    m = NAMED.match(text)
    base = m.group(1) if m else text
    for _, pattern in STEP_PATTERNS:
        if pattern.match(base):
            return "step", (base,)
    return None, ()


# --- the wrong decision -------------------------------------------------------------------


def _elsewhere(st: State, group: str, frame: int) -> str:
    """The move belongs to another decision than the one pending."""
    if group in MAIN_GROUPS and st.main_done:
        return "you have already taken a main action this turn"
    if group == "end" and not st.main_done:
        return "you must take a main action before ending the turn"
    return _pending(st, frame)


def _pending(st: State, frame: int) -> str:
    """What the seat must do before anything else, as the decision on top says."""
    comp = st.cfg.comp
    if frame == MAIN:
        return "nothing is pending: take a main action (place a die, place a worker or rest)"
    if frame == F_DIE:
        return f"finish placing your die showing {st.dice[st.seat][st.stack[-3]]} first"
    if frame == F_YELLOW:
        return "finish the yellow guild's die changes first"
    if frame == F_REROLL:
        return "choose which dice kept in supply to reroll first"
    if frame == F_ALL:
        return "finish the effect being resolved first (take its parts or say done)"
    if frame == F_TUCK:
        return f"tuck {comp.cards[st.stack[-3]].id} under a land or water card first"
    if frame == F_INSP:
        return f"tuck {comp.cards[st.stack[-3]].id} above a space card or discard it first"
    if frame == F_KEEP:
        return "keep one of the drawn cards first"
    if frame == F_TILE:
        return f"place the {comp.tiles[st.stack[-3]].id} tile in your caravan first"
    if frame == F_BLACK:
        return "decide on the black guild's extra journal step first"
    return "the turn's effects are over: end the turn or use yellow influence"  # F_END


# --- the main action ----------------------------------------------------------------------


def _no_die(st: State, value: int) -> str | None:
    dice = st.dice[st.seat]
    if not dice:
        return "you have no dice in your supply"
    if value not in dice:
        return f"no die in your supply shows {value}"
    return None


def _place_die(st: State, f: Fields) -> str | None:
    value = int(f[0] or 0)
    reason = _no_die(st, value)
    if reason:
        return reason
    seat = st.seat
    yellow = turns.YELLOW_ALL if turns._yellow_ready(st, seat) else ()
    if turns._reach(st, seat, value, 0, 0, yellow, turns._blue_ready(st, seat),
                    bool(st.used & SHIP)):
        return None
    return (f"no empty die space of yours can take a die showing {value}, "
            "even with the changes you can make")


def _place_worker(st: State, f: Fields) -> str | None:
    comp = st.cfg.comp
    seat = st.seat
    colour_name, card_id = f[0] or "", f[1] or ""
    colour = WORKER_COLOURS.index(colour_name)
    if st.workers[seat * 3 + colour] <= 0:
        return f"you have no {colour_name} worker left"
    card = comp.by_id[card_id]
    row = comp.cards[card].type
    if not comp.row_workers[row] >> colour & 1:
        return f"{CARD_TYPES[row]} cards take no {colour_name} worker"
    if card not in st.display:
        return f"{card_id} is not on display"
    if st.card_workers[card] >> colour & 1:
        return f"{card_id} already holds a {colour_name} worker"
    way = _way(f[2])
    reason = _fee(st, card, way, f[3]) or _fee_payable(st, way, 0)
    if reason:
        return reason
    pos = st.display.index(card)
    action = comp.slot_actions[pos // SLOTS][pos % SLOTS]
    # The rule's own check: the fee is paid, then some part of the slot action must act.
    if not turns._doable_after_fee(st, seat, card, way, action):
        return f"nothing in the slot's action ({comp.nodes.text[action]}) can be done now"
    return None


def _way(word: str | None) -> int:
    """The fee a text names: 0 none, 1 Silver, 2 a Provision (``cards.fee_ways``)."""
    return 0 if word is None else 1 if word == "silver" else 2


def _fee(st: State, card: int, way: int, to: str | None) -> str | None:
    """The fee the text names against the one due (WF-INF-08/09)."""
    name = st.cfg.comp.cards[card].id
    owner = st.card_inf[card]
    due = cards.fee_due(st, card, st.seat)
    if way and not due:
        whose = "your own influence" if owner == st.seat else "no influence"
        return f"no fee is due: {name} holds {whose}"
    if due and not way:
        return (f"{name} holds seat {owner}'s influence: a fee of 1 silver or 1 provision "
                f"is due to seat {owner}")
    if due and to is not None and int(to) != owner:
        return f"the influence on {name} is seat {owner}'s: the fee goes to seat {owner}"
    return None


def _fee_payable(st: State, way: int, price: int) -> str | None:
    seat = st.seat
    if way == 1 and st.silver[seat] < price + 1:
        return (f"you have {st.silver[seat]} silver: not enough for "
                + (f"the price of {price} and " if price else "") + "the fee")
    if way == 2 and st.provisions[seat] < 1:
        return "you have no provision for the fee"
    return None


# --- Guild abilities ----------------------------------------------------------------------


def _yellow(st: State, frame: int) -> str | None:
    seat = st.seat
    if st.used & USED_YELLOW:
        return "you have already used the yellow guild this turn"
    if st.guild[seat * 3 + 1] <= 0:
        return "you have no influence on the yellow guild"
    if not st.dice[seat]:
        return "you have no dice in your supply to change"
    if frame not in YELLOW_FRAMES:
        return _pending(st, frame)
    return None  # ready: in a placement, whether it helps the die is the rules' search


def _ship(st: State, f: Fields) -> str | None:
    seat = st.seat
    if st.used & SHIP:
        return "a ship is already hired for this die"
    if st.used & USED_BLUE:
        return "you have already used the blue guild this turn"
    if st.guild[seat * 3 + 2] <= 0:
        return "you have no influence on the blue guild"
    idx, visited, chain = st.stack[-3], st.stack[-2], st.stack[-1]
    yellow = turns.YELLOW_ALL if turns._yellow_ready(st, seat) else ()
    if not turns._reach(st, seat, st.dice[seat][idx], visited, chain, yellow, False, True):
        return "a hired ship would not get the die onto any empty die space"
    return None


def _black(st: State, f: Fields) -> str | None:
    seat = st.seat
    if st.used & USED_BLACK:
        return "you have already used the black guild this turn"
    if st.guild[seat * 3] <= 0:
        return "you have no influence on the black guild"
    return _no_link(st, int(f[0] or 0))


def _no_link(st: State, dst: int) -> str | None:
    pos = st.jpos[st.seat]
    if all(link.dst != dst for link in st.cfg.comp.links_from.get(pos, ())):
        return f"no journal link leads from space {pos} to {dst}"
    return None


# --- placing a die ------------------------------------------------------------------------


def _host_of(st: State, name: str) -> int:
    """The host a name means for the seat to move: its own board part, or a card."""
    comp = st.cfg.comp
    parts = {"Capital City": CITY, "Capital Harbour": HARBOUR, "Capital Sky": SKY,
             "Capital Townsfolk": CAPITAL_TOWNSFOLK}
    parts.update((c[0], CENTRE + i) for i, c in enumerate(comp.centre))
    if name in parts:
        return host(st.seat, parts[name])
    return comp.by_id[name]


def _die_shows(st: State, value: int) -> str | None:
    shown = st.dice[st.seat][st.stack[-3]]
    return None if value == shown else f"the die being placed shows {shown}, not {value}"


def _die_on(st: State, f: Fields) -> str | None:
    seat = st.seat
    value, name = int(f[0] or 0), f[1] or ""
    reason = _die_shows(st, value)
    if reason:
        return reason
    h = _host_of(st, name)
    if h not in resolve._die_spaces(st, seat):
        return f"{name} is not a die space of yours"
    if st.occupied[h]:
        return f"{name} already holds a die"
    if h in st.fresh:
        return f"{name} was gained this turn: its die space can't be used until next turn"
    need, extra = turns.host_needs(st, h)
    column = caravan.columns(st, seat)[value - 1][0]
    ship = bool(st.used & SHIP)
    for a, asset in enumerate(ASSETS):
        have = column[a] + extra[a] + (1 if ship and a == turns.SHIP_ASSET else 0)
        if have < need[a]:
            return (f"{name} needs {need[a]} {asset}{'s' if need[a] > 1 else ''} and a die "
                    f"showing {value} has {have}")
    return None


def _chain(st: State, f: Fields) -> str | None:
    seat = st.seat
    value, new = int(f[0] or 0), int(f[1] or 0)
    reason = _die_shows(st, value)
    if reason:
        return reason
    visited, chain = st.stack[-2], st.stack[-1]
    if chain == 2:
        return "the caravan chain ended when yellow influence was used"
    dirs = caravan.columns(st, seat)[value - 1][1]
    up = new > value
    if not dirs & (1 if up else 2):
        return f"column {value} of your caravan has no {'+1' if up else '-1'} change"
    if visited >> new & 1:
        return f"the die has already been in column {new} in this chain"
    yellow = turns.YELLOW_ALL if turns._yellow_ready(st, seat) else ()
    if not turns._reach(st, seat, new, visited | 1 << value | 1 << new, 1, yellow,
                        turns._blue_ready(st, seat), bool(st.used & SHIP)):
        return f"a die showing {new} could not then be placed on any empty die space"
    return None


def _yellow_step(st: State, f: Fields) -> str | None:
    value = int(f[0] or f[2] or 0)
    return _no_die(st, value)


def _yellow_stop(st: State, f: Fields) -> str | None:
    if st.stack[-2] < 0:
        return "the yellow guild's first change is not made yet"
    return None


def _reroll_kept(st: State, f: Fields) -> str | None:
    value = int(f[0] or 0)
    mask = st.stack[-3]
    if not any(mask >> i & 1 and v == value for i, v in enumerate(st.dice[st.seat])):
        return f"none of the dice kept in supply (and not yet rerolled) shows {value}"
    return None


# --- pending cards and tiles --------------------------------------------------------------


def _tuck(st: State, f: Fields) -> str | None:
    comp = st.cfg.comp
    pending = comp.cards[st.stack[-3]].id
    if f[0] != pending:
        return f"the card to tuck is {pending}"
    name = f[1] or ""
    h = _host_of(st, name)
    mine = (host(st.seat, CITY), host(st.seat, HARBOUR), *st.lands[st.seat],
            *st.waters[st.seat])
    if h not in mine:
        return f"{name} is not a land or water card of yours"
    if st.tuck[h] >= 0:
        return f"{name} already has {comp.cards[st.tuck[h]].id} tucked under it"
    if h not in cards.tuck_hosts(st, st.seat, st.stack[-3]):
        return f"{name} shows none of the tags {pending} needs"
    return None


def _above(st: State, f: Fields) -> str | None:
    comp = st.cfg.comp
    pending = comp.cards[st.stack[-3]].id
    if f[0] != pending:
        return f"the card to place is {pending}"
    name = f[1] or ""
    h = _host_of(st, name)
    mine = [host(st.seat, SKY)] + [st.above[c] for c in (*st.lands[st.seat],
                                                          *st.waters[st.seat])]
    if h not in mine:
        return f"{name} is not a space card of yours"
    if st.insp_on[h] >= 0:
        return f"{name} already has {comp.cards[st.insp_on[h]].id} above it"
    return None


def _discard(st: State, f: Fields) -> str | None:
    comp = st.cfg.comp
    pending = comp.cards[st.stack[-3]].id
    if f[0] != pending:
        return f"the card to place is {pending}"
    slot = st.stack[-2]
    action = comp.nodes.text[comp.slot_actions[4][slot]]
    if f[1] != action:
        return f"{pending} was taken from slot {slot + 1}, whose action is {action}"
    return None


def _keep(st: State, f: Fields) -> str | None:
    # The seat to move is the drawer: naming what it did not draw tells it nothing new.
    card = st.cfg.comp.by_id[f[0] or ""]
    if card not in st.drawn:
        return f"{f[0]} is not among the cards you drew"
    return None


def _place_tile(st: State, f: Fields) -> str | None:
    tile = st.cfg.comp.tiles[st.stack[-3]]
    anchor = int(f[0] or 0) - 1 + 6 * (int(f[1] or 0) - 1)
    cells = caravan.cells_of(tile, anchor)
    if cells is None:
        return f"the {tile.id} tile would stick out of the caravan there"
    if any(c in caravan.PRINTED for c in cells):
        return f"the {tile.id} tile would cover a printed asset"
    base = st.seat * 18
    if any(st.caravan[base + c] >= 0 for c in cells):
        return f"the {tile.id} tile would overlap a tile already placed"
    return None


# --- solo ---------------------------------------------------------------------------------


def _asked(st: State) -> str:
    """What the opponent would do (``opponent.allow_choices``' own text)."""
    first = opponent.allow_choices(st)[0][0]
    return "it would " + first.removeprefix("let the opponent ").removesuffix(
        " and gain 1 silver")


def _allow(st: State, group: str, f: Fields) -> str | None:
    what = f[0] if group == "allow" else f[1]
    asked = _asked(st)
    if asked != f"it would {what}":
        return "the opponent does not ask that: " + asked
    if group == "deny":
        op, param, extra = st.stack[-3], st.stack[-2], st.stack[-1]
        if len(opponent._targets(st, op, param, extra & (1 << 20) - 1)) <= 1:
            return "this is the opponent's last candidate: it can't be denied"
        if (st.silver if f[0] == "silver" else st.provisions)[HUMAN] < 1:
            return f"you have no {f[0]} to pay"
    return None


# --- bundle steps -------------------------------------------------------------------------


def _atoms(st: State) -> list[tuple[int, int]]:
    """(node, context) of every operation and cost a pending part offers a step of straight
    away: through choices and groups, never past a cost (its gain comes once it is paid)."""
    comp: Components = st.cfg.comp
    nodes = comp.nodes
    out: list[tuple[int, int]] = []

    def walk(node: int, ctx: int) -> None:
        kind = nodes.kind[node]
        if kind in (ATOM, PAY):
            out.append((node, ctx))
        elif kind in (ALL, CHOICE):
            for kid in nodes.kids[node]:
                walk(kid, ctx)

    n = st.stack[-3]
    base = len(st.stack) - 4 - 4 * n
    for pos in range(base, len(st.stack) - 4, 4):
        assert st.stack[pos] == F_ITEM
        walk(st.stack[pos + 1], st.stack[pos + 2])
    return out


def _step(st: State, f: Fields) -> str | None:
    text = f[0] or ""
    nodes = st.cfg.comp.nodes
    atoms = _atoms(st)
    for op, pattern in STEP_PATTERNS:
        m = pattern.match(text)
        if not m:
            continue
        mine = [(n, ctx) for n, ctx in atoms
                if (nodes.kind[n] == PAY if op == COST
                    else nodes.kind[n] == ATOM and nodes.op[n] == op)]
        return _STEP_HANDLERS[op](st, m.groups(), mine)
    return None




def _nothing(verb: str) -> str:
    return f"no effect you are resolving lets you {verb}"


def _gain(op: int) -> StepHandler:
    def check(st: State, g: Fields, mine: Atoms) -> str | None:
        return None if mine else _nothing(VERBS[op])
    return check


def _pay(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[COST])
    nodes = st.cfg.comp.nodes
    same = [(n, ctx) for n, ctx in mine if nodes.text[nodes.kids[n][0]] == g[1]]
    seat = st.seat
    if same and all(st.silver[seat] < s or st.provisions[seat] < p
                    for s, p in (resolve._pay_amounts(st, n, ctx) for n, ctx in same)):
        s, p = resolve._pay_amounts(st, *same[0])
        return (f"the cost is {resolve._pay_text(s, p)[4:]} and you have "
                f"{st.silver[seat]} silver and {st.provisions[seat]} provisions")
    return None


def _source(st: State, src: str | None, guild: int) -> str | None:
    """The Influence's source: the supply while it has any, else a Guild or a card of the
    seat's (WF-INF-15)."""
    seat = st.seat
    if st.inf_supply[seat] > 0:
        return "you still have influence in your supply" if src else None
    if src is None:
        return "you have no influence in your supply (move one from a guild or card instead)"
    if src in GUILDS:
        if st.guild[seat * 3 + GUILDS.index(src)] <= 0:
            return f"you have no influence on the {src} guild"
        return None
    card = st.cfg.comp.by_id[src]
    if card not in st.display or st.card_inf[card] != seat:
        return f"{src} holds no influence of yours"
    return None


def _influence(st: State, g: Fields, mine: Atoms) -> str | None:
    nodes = st.cfg.comp.nodes
    guild = GUILDS.index(g[0] or "")
    if not any(nodes.param[n] in (guild, ANY_GUILD) for n, _ in mine):
        return _nothing(f"place influence on the {g[0]} guild")
    return _source(st, g[1], guild)


def _card_influence(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[CARD_INFLUENCE])
    card = st.cfg.comp.by_id[g[0] or ""]
    if card not in st.display:
        return f"{g[0]} is not on display"
    if st.card_inf[card] >= 0:
        whose = "your" if st.card_inf[card] == st.seat else f"seat {st.card_inf[card]}'s"
        return f"{g[0]} already holds {whose} influence"
    return _source(st, g[1], -1)


def _move_influence(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[MOVE_INFLUENCE])
    if st.guild[st.seat * 3 + GUILDS.index(g[0] or "")] <= 0:
        return f"you have no influence on the {g[0]} guild"
    return None


def _journal(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[JOURNAL])
    return _no_link(st, int(g[0] or 0))


def _retrieve(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[RETRIEVE])
    colour_name, name = g[0] or "", g[1] or ""
    colour = WORKER_COLOURS.index(colour_name)
    card = st.cfg.comp.by_id[name]
    if card not in st.display:
        return f"{name} is not on display"
    if not st.card_workers[card] >> colour & 1:
        return f"{name} holds no {colour_name} worker"
    if st.worker_new[card] >> colour & 1:
        return f"the {colour_name} worker on {name} was placed this turn"
    way = _way(g[2])
    return _fee(st, card, way, g[3]) or _fee_payable(st, way, 0)


def _refresh(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[REFRESH])
    what = g[0] or ""
    if what.isdigit():
        return _no_die(st, int(what))
    if _host_of(st, what) not in resolve.own_die_hosts(st, st.seat):
        return f"{what} holds no die of yours"
    return None


def _modify(st: State, g: Fields, mine: Atoms) -> str | None:
    if not mine:
        return _nothing(VERBS[MODIFY])
    return _no_die(st, int(g[0] or 0))


def _draw(st: State, g: Fields, mine: Atoms) -> str | None:
    row = CARD_TYPES.index(g[1] or "")
    if not any(st.cfg.comp.nodes.param[n] == row for n, _ in mine):
        return _nothing(f"draw {g[1]} cards")
    if not st.piles[row]:
        return f"the {g[1]} pile is empty"
    return None


def _card(st: State, g: Fields, mine: Atoms) -> str | None:
    comp = st.cfg.comp
    nodes = comp.nodes
    seat = st.seat
    if len(g) == 2:  # a die's draw instead of a display card (WF-ACQ-07/08)
        row = CARD_TYPES.index(g[0] or "")
        if not any(nodes.param[n] == row and ctx & CTX_DIE for n, ctx in mine):
            return _nothing(f"draw {g[0]} cards for a die's action")
        if not st.piles[row]:
            return f"the {g[0]} pile is empty"
        if g[1] == "pigeon" and st.spare_pigeon <= 0:
            return "the placed die has no pigeon beyond what its space needs"
        if g[1] != "pigeon" and st.provisions[seat] < 1:
            return "you have no provision to pay"
        return None
    name = g[0] or ""
    card = comp.by_id[name]
    row = comp.cards[card].type
    mine = [(n, ctx) for n, ctx in mine if nodes.param[n] == row]
    if not mine:
        article = "an" if row == INSPIRATION else "a"
        return _nothing(f"take {article} {CARD_TYPES[row]} card")
    if card not in st.display:
        return f"{name} is not on display"
    if st.worker_new[card]:
        return f"{name} holds a worker placed this turn"
    if row == TOWNSFOLK and not any(t in cards.open_host_tags(st, seat)
                                    for t in comp.cards[card].hosts):
        return f"no land or water card of yours, free of townsfolk, shows a tag {name} needs"
    if row == SPACE and not cards.space_hosts(st, seat):
        return "every land and water card of yours already has a space card above it"
    way = _way(g[2])
    reason = _fee(st, card, way, g[3])
    if reason:
        return reason
    prices = sorted({resolve.card_price(st, card, nodes.flags[n], ctx) for n, ctx in mine})
    if way and not any(way in cards.fee_ways(st, seat, p, 0, card) for p in prices) and any(
            cards.fee_ways(st, seat, p, 0, card) for p in prices):
        return _fee_payable(st, way, prices[0])
    if not any(cards.fee_ways(st, seat, p, 0, card) for p in prices):
        if cards.fee_due(st, card, seat):
            return (f"{name} costs {prices[0]} silver and a fee of 1 silver or 1 provision, "
                    f"and you have {st.silver[seat]} silver and {st.provisions[seat]} "
                    "provisions")
        return f"{name} costs {prices[0]} silver and you have {st.silver[seat]} silver"
    return None


def _tile(st: State, g: Fields, mine: Atoms) -> str | None:
    comp = st.cfg.comp
    nodes = comp.nodes
    seat = st.seat
    tile = next((t for t in comp.tiles if t.id == g[0]), None)
    if tile is None:
        return None
    mine = [(n, ctx) for n, ctx in mine if nodes.param[n] == tile.colour]
    if not mine:
        return _nothing(f"take a {TILE_COLOURS[tile.colour]} tile")
    if st.tile_supply[tile.index] <= 0:
        return f"no {tile.id} tile is left"
    if not caravan.positions(st, seat, tile):
        return f"your caravan has no room for the {tile.id} tile"
    ways = [w for n, ctx in mine
            for w in resolve.tile_price(st, tile.colour, nodes.flags[n], ctx) if w[0] == g[1]]
    if ways and all(guild < 0 and st.silver[seat] < silver for _, silver, guild in ways):
        return f"the {tile.id} tile costs {g[1]} and you have {st.silver[seat]} silver"
    if ways and all(guild >= 0 and st.guild[seat * 3 + guild] < comp.tile_influence
                    for _, _, guild in ways):
        guild = ways[0][2]
        return (f"you have {st.guild[seat * 3 + guild]} influence on the {GUILDS[guild]} "
                f"guild and the {tile.id} tile needs {comp.tile_influence}")
    return None


_HANDLERS: dict[str, Handler] = {
    "place die": _place_die, "place worker": _place_worker,
    "rest": lambda st, f: None,  # always legal as a main action (WF-TURN-02)
    "die on": _die_on, "chain": _chain, "ship": _ship, "yellow step": _yellow_step,
    "yellow stop": _yellow_stop, "reroll kept": _reroll_kept,
    "keep dice": lambda st, f: None, "black": _black, "no black": lambda st, f: None,
    "tuck": _tuck, "above": _above, "discard": _discard, "keep": _keep,
    "place tile": _place_tile, "end": lambda st, f: None, "done": lambda st, f: None,
    "step": _step,
}
_STEP_HANDLERS: dict[int, StepHandler] = {
    SILVER: _gain(SILVER), PROVISION: _gain(PROVISION), COST: _pay, INFLUENCE: _influence,
    CARD_INFLUENCE: _card_influence, MOVE_INFLUENCE: _move_influence, JOURNAL: _journal,
    RETRIEVE: _retrieve, REFRESH: _refresh, MODIFY: _modify, CARD: _card, DRAW: _draw,
    TILE: _tile,
}
