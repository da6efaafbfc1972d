"""The solo opponent (the "AI"): its turn, its actions and the human's say over cards holding
their Influence (rulebook 004, "Solo Play"; checklist section SOLO).

The opponent decides nothing by search: each of its steps is an ``F_AI`` frame ``(operation,
parameter, extra)`` that ``turns.settle`` runs as soon as it is on top of the stack, so its
whole turn plays out inside ``play``. The one decision in it is the human's: when the opponent
would interact with a card holding the human's Influence, an ``F_ALLOW`` frame asks them to
allow it (and take 1 Silver or Provision) or deny it (and pay 1) (WF-SOLO-58/59).

Targets come from ``priorities``; the opponent's data (Scheme cards, AI boards) from
``solo_components``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from upriver.games.wayfarers import cards, priorities
from upriver.games.wayfarers.components import INSPIRATION, LAND, TOWNSFOLK, WATER, Link, Tile
from upriver.games.wayfarers.effects import (
    ALL,
    ATOM,
    CARD,
    CARD_INFLUENCE,
    CHOICE,
    DRAW,
    GREEN_WORKER,
    INFLUENCE,
    JOURNAL,
    JOURNAL_TILE,
    MODIFY,
    NEW_DIE,
    PAY,
    PROVISION,
    REFRESH,
    RETRIEVE,
    SILVER,
    TILE,
)
from upriver.games.wayfarers.effects import ANY_GUILD as ANY_GUILD_ATOM
from upriver.games.wayfarers.journal import FINAL_COLUMN
from upriver.games.wayfarers.priorities import (
    ROW_OF,
    TILE_OF,
    colour_order,
    guild_order,
    inspiration_slots,
    path_cells,
    slot_order,
    track_after,
)
from upriver.games.wayfarers.resolve import tiles_of
from upriver.games.wayfarers.solo_components import ACQUIRE as S_ACQUIRE
from upriver.games.wayfarers.solo_components import (
    ANY,
    BLUE,
    GREEN,
    YELLOW,
    Solo,
    Step,
    load_solo,
)
from upriver.games.wayfarers.solo_components import CARD_INFLUENCE as S_CARD_INFLUENCE
from upriver.games.wayfarers.solo_components import COMET as S_COMET
from upriver.games.wayfarers.solo_components import FOCUS as S_FOCUS
from upriver.games.wayfarers.solo_components import GREEN_WORKER as S_GREEN_WORKER
from upriver.games.wayfarers.solo_components import INFLUENCE as S_INFLUENCE
from upriver.games.wayfarers.solo_components import JOURNAL as S_JOURNAL
from upriver.games.wayfarers.solo_components import RETRIEVE as S_RETRIEVE
from upriver.games.wayfarers.solo_components import SPECIAL_TILE as S_SPECIAL
from upriver.games.wayfarers.solo_components import TILE as S_TILE
from upriver.games.wayfarers.solo_components import TRACK as S_TRACK
from upriver.games.wayfarers.solo_components import WORKER as S_WORKER
from upriver.games.wayfarers.stack import pop, push, take_green
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_BOARD,
    AI_LOG,
    AI_MARKERS,
    AI_PATH,
    AI_REVEALED,
    COMET_TRACK,
    EXTRA_STEP,
    F_AI,
    F_ALLOW,
    FEE_STEPS,
    FILLED,
    SLOTS,
    TRACK,
    WORKER_COLOURS,
    State,
)
from upriver.games.wayfarers.state import BLUE as W_BLUE
from upriver.games.wayfarers.state import GREEN as W_GREEN
from upriver.games.wayfarers.state import YELLOW as W_YELLOW

HUMAN = 0
# Steps of the opponent's own turn machinery, beside the data's operations.
# One constant a line, so the compiled build (mypyc) knows each is an int.
TOP_CARD = 20
JTILE = 21
SHUFFLE = 22
SCHEME_ACTION = 23
EXTRA = 24
PLACE = 25
PICK = 26
# The display row each Worker colour goes on (WF-SOLO-34), by Worker colour.
WORKER_ROW = {W_GREEN: TOWNSFOLK, W_YELLOW: LAND, W_BLUE: WATER}
# The colour order's colours that are Worker colours.
WORKER_OF_COLOUR = {GREEN: W_GREEN, BLUE: W_BLUE, YELLOW: W_YELLOW}


def solo() -> Solo:
    return load_solo()


def markers(st: State) -> list[int]:
    return st.ai[AI_MARKERS]


def push_steps(st: State, steps: Sequence[Step]) -> None:
    """Steps done in the order given: the first ends on top of the stack."""
    for op, param in reversed(steps):
        push(st, F_AI, op, param, 0)


# --- setup and turn ----------------------------------------------------------------------


def setup(st: State, board: int) -> None:
    """The opponent's parts at the start (WF-SOLO-04, WF-SOLO-08)."""
    pile = list(range(len(solo().schemes)))
    st.rng.shuffle(pile)
    st.schemes = pile
    st.ai = [[0, 0, board, 0, 0, 0], [], [-1] * priorities.PATH_CELLS, [], []]


# What the opponent did, for views: (event, a, b) triples in ``st.ai[AI_LOG]``.
(E_REVEAL, E_REST, E_TRACK, E_COMET, E_INFLUENCE, E_CARD_INF, E_TAKE, E_TOP, E_TILE, E_BESIDE,
 E_WORKER, E_RETRIEVE, E_JOURNAL, E_EXTRA, E_SHUFFLE, E_DENIED, E_ALLOWED, E_FIRST, E_SECOND,
 E_GREEN, E_NONE) = range(21)


def log(st: State, event: int, a: int = 0, b: int = 0) -> None:
    st.ai[AI_LOG] += (event, a, b)


def start_turn(st: State) -> None:
    """Rest with 3 Red or 3 Blue Scheme cards face up; else reveal the top one, move the
    Resource Track by its Silver value, then do its first action if possible, else its second
    (WF-SOLO-11..13, WF-SOLO-19..21)."""
    st.main_done = 1
    ai = st.ai
    ai[AI_MARKERS][EXTRA_STEP] = 0
    ai[AI_LOG] = []
    data = solo()
    revealed = ai[AI_REVEALED]
    reds = sum(1 for s in revealed if data.schemes[s].red)
    if reds >= 3 or len(revealed) - reds >= 3:
        steps: list[Step] = []
        if data.schemes[revealed[-1]].comet:
            steps.append((S_COMET, 0))
        steps += data.boards[ai[AI_MARKERS][AI_BOARD]].rest
        steps.append((S_JOURNAL, 0))
        push_steps(st, [*steps, (SHUFFLE, 0)])
        log(st, E_REST)
        return
    card = st.schemes.pop()
    revealed.append(card)
    log(st, E_REVEAL, card)
    push_steps(st, [(S_TRACK, data.schemes[card].silver), (SCHEME_ACTION, card)])


def step(st: State) -> None:
    """Run the opponent step on top of the stack."""
    _, op, param, extra = st.stack[-4:]
    pop(st)
    HANDLERS[op](st, param, extra)


# --- the Resource Track, Comets and Influence --------------------------------------------


def move_track(st: State, steps: int, _: int = 0) -> None:
    """Clockwise round the loop; each move from space 4 onto 5 gives the board's bonus at
    once (WF-SOLO-16..18, WF-SOLO-41)."""
    m = markers(st)
    before = m[TRACK]
    m[TRACK], bonuses = track_after(m[TRACK], steps)
    log(st, E_TRACK, before, m[TRACK])
    board = solo().boards[m[AI_BOARD]]
    push_steps(st, board.bonus * bonuses)


def comet(st: State, _: int = 0, __: int = 0) -> None:
    """One step up the Comet Track, at most to the top; it stands for the opponent's Comet
    tags (WF-SOLO-48, WF-SOLO-61)."""
    m = markers(st)
    m[COMET_TRACK] = min(solo().comet_max, m[COMET_TRACK] + 1)
    log(st, E_COMET, m[COMET_TRACK])
    st.tags[AI * 11 + 10] = m[COMET_TRACK]


def influence(st: State, guild: int, _: int = 0) -> None:
    """Influence on a Guild: a named one, or the first of the colour order but Green
    (WF-SOLO-25). Its supply never runs out (WF-SOLO-07)."""
    if guild == ANY:
        guild = guild_order(solo(), markers(st)[TRACK])[0]
    st.guild[AI * 3 + guild] += 1
    log(st, E_INFLUENCE, guild)


def card_influence(st: State, _: int = 0, __: int = 0) -> None:
    """Influence on a display card without any: the row by colour order, the card by slot
    order (WF-SOLO-31)."""
    data = solo()
    order = slot_order(data, st.ai[AI_REVEALED])
    for colour in colour_order(data, markers(st)[TRACK]):
        free = _walk(st, (ROW_OF[colour],), order, 0, lambda c: st.card_inf[c] < 0)
        if free:
            card = st.display[free[0]]
            st.w_card_inf()[card] = AI
            log(st, E_CARD_INF, card)
            return
    log(st, E_NONE, S_CARD_INFLUENCE)


# --- cards, Workers and the human's say --------------------------------------------------


def _walk(st: State, rows: Sequence[int], order: Sequence[int], denied: int,
          usable: Callable[[int], bool]) -> list[int]:
    """Display positions of ``rows`` whose card ``usable`` accepts, best first: by ``order``
    (at the same slot, rows as given), skipping empty slots and the positions ``denied`` this
    time; a walk, not an index modulo the cards left (WF-SOLO-28, WF-BUG-05)."""
    out = []
    for slot in order:
        for row in rows:
            pos = row * SLOTS + slot - 1
            card = st.display[pos]
            if card >= 0 and not denied >> pos & 1 and usable(card):
                out.append(pos)
    return out


def acquire_targets(st: State, row: int, denied: int) -> list[int]:
    """Display positions the opponent could acquire from, best first: by slot order (by the
    Inspiration preference in that column), skipping cards under a Worker placed this turn
    (WF-SOLO-28, WF-SOLO-30, WF-ACQ-11)."""
    data = solo()
    if row == INSPIRATION:
        order: Sequence[int] = inspiration_slots(data, markers(st)[TRACK])
    else:
        order = slot_order(data, st.ai[AI_REVEALED])
    return _walk(st, (row,), order, denied, lambda c: not st.worker_new[c])


def worker_targets(st: State, colour: int, denied: int) -> list[int]:
    """Cards of the colour's row without a Worker of that colour, by slot order, skipping those
    whose slot action would give the opponent nothing: an empty pile for a draw 3 (WF-SOLO-34,
    WF-SOLO-35; ruling: WF-WORK-06 holds for the opponent too, as it does its actions)."""
    found = _walk(st, (WORKER_ROW[colour],), slot_order(solo(), st.ai[AI_REVEALED]), denied,
                  lambda c: not st.card_workers[c] >> colour & 1)
    actions = st.cfg.comp.slot_actions
    return [pos for pos in found
            if any(_step_acts(st, op, param)
                   for op, param in substitute(st, actions[pos // SLOTS][pos % SLOTS]))]


def _step_acts(st: State, op: int, param: int) -> bool:
    """Whether an opponent step would do something now (WF-SOLO-28: a target it cannot use is
    skipped)."""
    if op == TOP_CARD:
        return bool(st.piles[param])  # WF-SOLO-42: the top card of that pile
    if op == S_ACQUIRE:
        return bool(acquire_targets(st, param, 0))
    if op in (S_TILE, S_SPECIAL):
        colours = (4,) if op == S_SPECIAL else (param,) if param != ANY else tuple(
            TILE_OF.values())
        return any(st.tile_supply[t.index] > 0 for c in colours for t in tiles_of(c))
    if op == S_CARD_INFLUENCE:
        return any(c >= 0 and st.card_inf[c] < 0
                   for row in ROW_OF.values() for c in st.display[row * SLOTS : row * SLOTS
                                                                 + SLOTS])
    if op == S_RETRIEVE:
        return retrieve_colour(st) >= 0
    if op == S_JOURNAL:
        return _next_link(st) is not None
    return True  # the Resource Track, Influence on a Guild, a Comet: always something


def retrieve_targets(st: State, colour: int, denied: int) -> list[int]:
    """Display cards holding a Worker of ``colour`` placed before this turn, by slot order;
    at the same slot, rows in display order (WF-SOLO-37; the order between rows is a
    ruling)."""
    return _walk(st, (0, 1, 2, 4), slot_order(solo(), st.ai[AI_REVEALED]), denied,
                 lambda c: bool((st.card_workers[c] & ~st.worker_new[c]) >> colour & 1))


def retrieve_colour(st: State) -> int:
    """Green if one can be taken, else Blue or Yellow by colour order; -1 for none
    (WF-SOLO-37)."""
    if retrieve_targets(st, W_GREEN, 0):
        return W_GREEN
    for colour in colour_order(solo(), markers(st)[TRACK]):
        worker = WORKER_OF_COLOUR.get(colour, W_GREEN)
        if worker != W_GREEN and retrieve_targets(st, worker, 0):
            return worker
    return -1


def worker_colour(st: State, allowed: int) -> int:
    """Green if it can be placed, else the card's other colour; -1 if none can (WF-SOLO-14,
    WF-SOLO-15)."""
    for colour in (W_GREEN, W_YELLOW, W_BLUE):
        if allowed >> colour & 1 and st.workers[AI * 3 + colour] > 0 \
                and worker_targets(st, colour, 0):
            return colour
    return -1


def acquire(st: State, row: int, denied: int) -> None:
    _interact(st, S_ACQUIRE, row, denied, acquire_targets(st, row, denied))


def place_worker(st: State, allowed: int, _: int = 0) -> None:
    colour = worker_colour(st, allowed)
    if colour >= 0:
        place(st, colour, 0)


def place(st: State, colour: int, denied: int) -> None:
    _interact(st, PLACE, colour, denied, worker_targets(st, colour, denied))


def retrieve(st: State, _: int = 0, __: int = 0) -> None:
    colour = retrieve_colour(st)
    if colour >= 0:
        pick(st, colour, 0)


def pick(st: State, colour: int, denied: int) -> None:
    _interact(st, PICK, colour, denied, retrieve_targets(st, colour, denied))


def _interact(st: State, op: int, param: int, denied: int, targets: list[int]) -> None:
    """The first target; one holding the human's Influence is theirs to allow or deny."""
    if not targets:
        log(st, E_NONE, op)
        return
    pos = targets[0]
    if st.card_inf[st.display[pos]] == HUMAN:
        push(st, F_ALLOW, op, param, denied | pos << 20)
        return
    _carry_out(st, op, param, pos)


def _carry_out(st: State, op: int, param: int, pos: int) -> None:
    card = st.display[pos]
    if op == S_ACQUIRE:
        log(st, E_TAKE, card)
        take_card(st, card)
    elif op == PLACE:
        log(st, E_WORKER, param, card)
        st.workers[AI * 3 + param] -= 1
        st.w_card_workers()[card] |= 1 << param
        st.w_worker_new()[card] |= 1 << param
        row, slot = divmod(pos, SLOTS)
        push_steps(st, substitute(st, st.cfg.comp.slot_actions[row][slot]))  # WF-SOLO-36
    else:
        log(st, E_RETRIEVE, param, card)
        st.w_card_workers()[card] &= ~(1 << param)
        st.workers[AI * 3 + param] += 1


def take_card(st: State, card: int) -> None:
    """The card joins the opponent's cards by type, its icons ignored; its Workers come along
    and its Influence goes home (WF-SOLO-46, WF-SOLO-49)."""
    cards.take_from_display(st, AI, card)
    _own(st, card)


def _own(st: State, card: int) -> None:
    st.w_owner()[card] = AI
    st.ncards[AI * 5 + cards.COUNT_COLUMN[st.cfg.comp.cards[card].type]] += 1


def top_card(st: State, row: int, _: int = 0) -> None:
    """Draw 3 becomes the top card of the pile, free (WF-SOLO-42, WF-BUG-04)."""
    if st.piles[row]:
        card = st.piles[row].pop()
        st.pile_known[row].pop()
        log(st, E_TOP, card)
        _own(st, card)


def allow_choices(st: State) -> list[tuple[str, tuple[Any, ...]]]:
    """The human's answers when the opponent would interact with a card holding their
    Influence: allow it (taking 1 Silver, 1 Provision or nothing), or deny it for 1 Silver or
    1 Provision, unless it is the opponent's last candidate (WF-SOLO-58/59)."""
    op, param, extra = st.stack[-3], st.stack[-2], st.stack[-1]
    denied, pos = extra & (1 << 20) - 1, extra >> 20
    name = st.cfg.comp.cards[st.display[pos]].id
    if op == S_ACQUIRE:
        what = f"take {name}"
    elif op == PLACE:
        what = f"place a {WORKER_COLOURS[param]} worker on {name}"
    else:
        what = f"retrieve a {WORKER_COLOURS[param]} worker from {name}"
    out: list[tuple[str, tuple[Any, ...]]] = [
        (f"let the opponent {what} and gain 1 silver", ("allow", 1)),
        (f"let the opponent {what} and gain 1 provision", ("allow", 2)),
        (f"let the opponent {what}", ("allow", 0)),
    ]
    if len(_targets(st, op, param, denied)) > 1:
        if st.silver[HUMAN] >= 1:
            out.append((f"deny: pay 1 silver, the opponent may not {what}", ("deny", 1)))
        if st.provisions[HUMAN] >= 1:
            out.append((f"deny: pay 1 provision, the opponent may not {what}", ("deny", 2)))
    return out


def _targets(st: State, op: int, param: int, denied: int) -> list[int]:
    if op == S_ACQUIRE:
        return acquire_targets(st, param, denied)
    if op == PLACE:
        return worker_targets(st, param, denied)
    return retrieve_targets(st, param, denied)


def answer(st: State, move: tuple[Any, ...]) -> None:
    op, param, extra = st.stack[-3], st.stack[-2], st.stack[-1]
    pop(st)
    denied, pos = extra & (1 << 20) - 1, extra >> 20
    kind, way = move
    log(st, E_ALLOWED if kind == "allow" else E_DENIED, st.display[pos], way)
    if kind == "allow":
        if way == 1:
            st.silver[HUMAN] += 1
        elif way == 2:
            st.provisions[HUMAN] += 1
        _carry_out(st, op, param, pos)
        return
    if way == 1:  # to the main supply
        st.silver[HUMAN] -= 1
    else:
        st.provisions[HUMAN] -= 1
    push(st, F_AI, op, param, denied | 1 << pos)


def fee_steps_due(st: State) -> None:
    """Fees the human paid for the opponent's Influence move its Resource Track a step each,
    at once, before anything else (WF-SOLO-57, WF-SOLO-18)."""
    m = markers(st)
    push(st, F_AI, S_TRACK, m[FEE_STEPS], 0)
    m[FEE_STEPS] = 0


# --- tiles and the AI caravan ------------------------------------------------------------


def gain_tile(st: State, colour: int, _: int = 0) -> None:
    """A tile: of the named colour, or the first colour of the colour order with one left; the
    tile by slot order (WF-SOLO-32, WF-SOLO-29, WF-SOLO-38)."""
    data = solo()
    colours = [colour] if colour != ANY else [TILE_OF[c] for c in colour_order(
        data, markers(st)[TRACK])]
    order = slot_order(data, st.ai[AI_REVEALED])
    for tc in colours:
        by_slot = {t.slot: t for t in tiles_of(tc) if st.tile_supply[t.index] > 0}
        slots = [s for s in order if s in by_slot]  # slot 4 of a 3-tile colour: none
        if slots:
            _place_tile(st, by_slot[slots[0]])
            return


def special_tile(st: State, _: int = 0, __: int = 0) -> None:
    """A Special tile: the latest Scheme card's slot, else on in increasing slot number,
    wrapping from 10 to 1 (WF-SOLO-33)."""
    data = solo()
    revealed = st.ai[AI_REVEALED]
    first = data.schemes[revealed[-1]].special_slot if revealed else 1
    by_slot = {t.slot: t for t in tiles_of(4) if st.tile_supply[t.index] > 0}
    for k in range(10):
        slot = (first - 1 + k) % 10 + 1
        if slot in by_slot:
            _place_tile(st, by_slot[slot])
            return


def _place_tile(st: State, tile: Tile) -> None:
    """Along the winding path; a tile that does not fit goes beside the board with no bonus
    (WF-SOLO-50..52, WF-RUL-23)."""
    cells = lay_tile(st, tile)
    if not cells:
        log(st, E_BESIDE, tile.index)
        return
    log(st, E_TILE, tile.index)
    board = solo().boards[markers(st)[AI_BOARD]]
    push_steps(st, [gain for cell in cells for gain in board.caravan[cell]])


def lay_tile(st: State, tile: Tile) -> list[int]:
    """Take a tile from the supply into the next cells of the AI caravan's path (returned),
    or beside the board when it does not fit (no cells)."""
    st.tile_supply[tile.index] -= 1
    st.ntiles[AI * 5 + tile.colour] += 1
    m = markers(st)
    size = tile.width * tile.height
    if not priorities.fits_path(m[FILLED], size):
        st.ai[AI_BESIDE].append(tile.index)
        return []
    cells = list(path_cells()[m[FILLED] : m[FILLED] + size])
    for part, cell in enumerate(cells):
        st.ai[AI_PATH][cell] = tile.index * 2 + part
    m[FILLED] += size
    return cells


# --- the Journal -------------------------------------------------------------------------


def journal(st: State, _: int = 0, __: int = 0) -> None:
    """The path by the Scheme cards' majority colour; requirements and costs ignored; then,
    after the space's rewards, an extra step for Black Influence priced before moving
    (WF-SOLO-45, WF-SOLO-53..56)."""
    link = _next_link(st)
    if link is None:
        return
    mine, theirs = st.jpos[AI] // 10, st.jpos[HUMAN] // 10
    push(st, F_AI, EXTRA, 1 if mine < theirs else 2 if mine == theirs else 3, 0)
    _enter(st, link)


def extra_step(st: State, price: int, _: int = 0) -> None:
    m = markers(st)
    link = _next_link(st)
    if m[EXTRA_STEP] or st.guild[AI * 3] < price or link is None:
        return
    m[EXTRA_STEP] = 1
    st.guild[AI * 3] -= price
    log(st, E_EXTRA, price)
    _enter(st, link)


def _next_link(st: State) -> Link | None:
    links = st.cfg.comp.links_from.get(st.jpos[AI], ())
    if not links:
        return None
    data = solo()
    revealed = st.ai[AI_REVEALED]
    reds = sum(1 for s in revealed if data.schemes[s].red)
    blues = len(revealed) - reds
    red = reds > blues or (reds == blues and bool(revealed) and data.schemes[revealed[-1]].red)
    if links[0].dst // 10 != FINAL_COLUMN:
        return links[-1] if red else links[0]  # WF-SOLO-54: the upper path first in the data
    ends = [links[-1], links[0]] if red else [links[0], links[-1]]  # never the middle
    free = [ln for ln in ends if all(st.jpos[s] != ln.dst for s in range(st.cfg.table))]
    return free[0] if free else None


def _enter(st: State, link: Link) -> None:
    comp = st.cfg.comp
    st.jpos[AI] = link.dst
    log(st, E_JOURNAL, link.dst)
    final = link.dst // 10 == FINAL_COLUMN
    if final and st.end_seat < 0:
        st.end_seat = AI  # WF-END-01
    space = comp.spaces[comp.space_index[link.dst]]
    push_steps(st, substitute(st, space.effect, final=final))


def journal_tile(st: State, _: int = 0, __: int = 0) -> None:
    comp = st.cfg.comp
    space = comp.spaces[comp.space_index[st.jpos[AI]]]
    if space.tile_space >= 0:
        push_steps(st, substitute(st, comp.journal_tiles[st.jtile_at[space.tile_space]]))


def green_worker(st: State, _: int = 0, __: int = 0) -> None:
    before = st.workers[AI * 3]
    take_green(st, AI)
    if st.workers[AI * 3] > before:
        log(st, E_GREEN)


def focus(st: State, _: int = 0, __: int = 0) -> None:
    push_steps(st, solo().boards[markers(st)[AI_BOARD]].focus)


def shuffle(st: State, _: int = 0, __: int = 0) -> None:
    """After a Rest turn every Scheme card goes back into a new face-down pile (WF-SOLO-20)."""
    pile = list(range(len(solo().schemes)))
    st.rng.shuffle(pile)
    st.schemes = pile
    st.ai[AI_REVEALED] = []
    log(st, E_SHUFFLE)


def scheme_action(st: State, card: int, _: int = 0) -> None:
    """The first action if possible, else the second, never both (WF-SOLO-13, WF-SOLO-14)."""
    scheme = solo().schemes[card]
    guild, price = scheme.cost
    if _possible(st, scheme.first) and (guild < 0 or st.guild[AI * 3 + guild] >= price):
        if guild >= 0:
            st.guild[AI * 3 + guild] -= price
        log(st, E_FIRST, card)
        push_steps(st, scheme.first)
    else:
        log(st, E_SECOND, card)
        push_steps(st, scheme.second)


def _possible(st: State, steps: Sequence[Step]) -> bool:
    for op, param in steps:
        if op == S_WORKER and worker_colour(st, param) < 0:
            return False
        if op == S_ACQUIRE and not acquire_targets(st, param, 0):
            return False
    return True


# --- icon substitutions ------------------------------------------------------------------


def substitute(st: State, node: int, final: bool = False) -> list[Step]:
    """An effect as the opponent does it: every part, costs ignored, icons substituted
    (WF-SOLO-36, WF-SOLO-38..44, WF-SOLO-47). Of alternatives it takes the first; in the final
    column an Inspiration card becomes a Special tile (WF-SOLO-43)."""
    nodes = st.cfg.comp.nodes
    kind = nodes.kind[node]
    if kind == ALL:
        return [s for kid in nodes.kids[node] for s in substitute(st, kid, final)]
    if kind == CHOICE:
        return substitute(st, nodes.kids[node][0], final)
    if kind == PAY:
        return substitute(st, nodes.kids[node][0], final)
    assert kind == ATOM  # the fourth and last node kind
    op, amount, param = nodes.op[node], nodes.amount[node], nodes.param[node]
    if op in (SILVER, PROVISION):
        return [(S_TRACK, amount)]  # one step per icon (WF-SOLO-41, WF-BUG-02)
    if op == INFLUENCE:
        return [(S_INFLUENCE, ANY if param == ANY_GUILD_ATOM else param)]
    if op in (CARD_INFLUENCE, MODIFY):
        return [(S_CARD_INFLUENCE, 0)]
    if op == JOURNAL:
        return [(S_JOURNAL, 0)]
    if op == JOURNAL_TILE:
        return [(JTILE, 0)]
    if op == GREEN_WORKER:
        return [(S_GREEN_WORKER, 0)]
    if op == NEW_DIE:
        return [(S_TILE, ANY)]
    if op in (RETRIEVE, REFRESH):
        return [(S_RETRIEVE, 0)]
    if op == CARD:
        if param == INSPIRATION and final:
            return [(S_SPECIAL, 0)]
        return [(S_ACQUIRE, param)]
    if op == DRAW:
        return [(TOP_CARD, param)]
    if op == TILE:
        return [(S_SPECIAL, 0)] if param == 4 else [(S_TILE, param)]
    return []  # Move Influence: no substitution and never on the opponent's effects


HANDLERS: dict[int, Callable[[State, int, int], None]] = {
    S_TRACK: move_track, S_COMET: comet, S_INFLUENCE: influence,
    S_CARD_INFLUENCE: card_influence, S_ACQUIRE: acquire, S_WORKER: place_worker,
    S_RETRIEVE: retrieve, S_TILE: gain_tile, S_SPECIAL: special_tile, S_JOURNAL: journal,
    S_GREEN_WORKER: green_worker, S_FOCUS: focus, TOP_CARD: top_card, JTILE: journal_tile,
    SHUFFLE: shuffle, SCHEME_ACTION: scheme_action, EXTRA: extra_step, PLACE: place,
    PICK: pick,
}
