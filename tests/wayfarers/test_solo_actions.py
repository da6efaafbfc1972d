"""Rule tests for the solo opponent's actions, its caravan, its Journal, the Influence
interactions with the human and its scoring (WF-SOLO-34..62, WF-RUL-21, WF-RUL-23, WF-RUL-24,
WF-BUG-02, WF-BUG-04).

Every position is arranged directly, then the opponent's steps or turn (or the human's answer)
run through the real code. Display slot 1 is the centre-most slot. Scheme cards set the sum value
and so the slot order (WF-SOLO-26/27): "blue-2" alone (Silver 0, counts as 1) gives 1, 2, 3, 4;
"blue-1" + "red-1" (3) gives 3, 2, 1, 4; "blue-1" + "red-2" (4) gives 4, 3, 2, 1.
"""

from __future__ import annotations

import upriver
from tests.wayfarers.helpers import ROWS, gain, give, idx, put_display, state
from tests.wayfarers.solo_helpers import (
    markers,
    new_solo,
    opponent_turn,
    run_steps,
    set_next,
    set_revealed,
    set_track,
    waiting_on_human,
)
from upriver.core.game import Game
from upriver.games.wayfarers import solo_components as sc
from upriver.games.wayfarers.components import Tile
from upriver.games.wayfarers.scoring import breakdown, opponent_breakdown, scores, winners
from upriver.games.wayfarers.state import (
    AI,
    AI_BESIDE,
    AI_PATH,
    COMET_TRACK,
    FILLED,
    SLOTS,
    TRACK,
)

HUMAN = 0
# Worker colour bits on a card (state.GREEN/YELLOW/BLUE) and the opponent's WORKER parameters.
G, Y, B = 1, 2, 4
# ncards columns per card type.
COLUMN = {"land": 0, "water": 1, "space": 2, "townsfolk": 3, "inspiration": 4}
TILE_COLOUR = {"basic": 0, "land": 1, "water": 2, "space": 3, "special": 4}


# --- arranging ---------------------------------------------------------------------------


def game(*schemes: str, board: str = "stargazer") -> Game:
    """A solo game on side a everywhere, these Scheme cards face up in reveal order."""
    g = new_solo(board, seed=0, sides="aaa")
    set_revealed(g, *schemes)
    return g


def at(g: Game, row: str, slot: int) -> int:
    """The card in display slot ``slot`` (1-4) of ``row``."""
    card: int = state(g).display[ROWS[row] * SLOTS + slot - 1]
    assert card >= 0
    return card


def row_cards(g: Game, row: str) -> list[int]:
    st = state(g)
    return [st.display[ROWS[row] * SLOTS + s] for s in range(SLOTS)]


def ai_cards(g: Game, kind: str) -> int:
    return int(state(g).ncards[AI * 5 + COLUMN[kind]])


def ai_tiles(g: Game, colour: str) -> int:
    return int(state(g).ntiles[AI * 5 + TILE_COLOUR[colour]])


def tile(g: Game, tile_id: str) -> Tile:
    return next(t for t in state(g).cfg.comp.tiles if t.id == tile_id)


def cell(column: int, row: int) -> int:
    """An AI caravan cell: columns 0-6 from the left, rows 0-2 from the top."""
    return column + 7 * row


def workers_on(g: Game, card: int) -> int:
    """The Worker colour bits on a card (0 for an empty slot)."""
    return int(state(g).card_workers[card]) if card >= 0 else 0


def put_worker(g: Game, card: int, bit: int) -> None:
    """A Worker placed on a display card in an earlier turn."""
    state(g).card_workers[card] |= bit


def human_influence_on(g: Game, card: int) -> None:
    st = state(g)
    st.card_inf[card] = HUMAN
    st.inf_supply[HUMAN] -= 1


def journal_from(space: int, *schemes: str, human: int = 0) -> int:
    """Where one opponent Journal from ``space`` ends (no Black Influence, so no extra step;
    the Inventor's first caravan cells give no Black either)."""
    g = game(*schemes, board="inventor")
    st = state(g)
    give(g, AI, black=0)
    st.jpos[AI] = space
    st.jpos[HUMAN] = human
    run_steps(g, (sc.JOURNAL, 0))
    assert st.guild[AI * 3] == 0 or space // 10 == 9
    return int(st.jpos[AI])


def answers(g: Game, prefix: str, contains: str = "") -> list[str]:
    return [a for a in g.legal_actions() if a.startswith(prefix) and contains in a]


# --- AI Workers --------------------------------------------------------------------------


def test_the_opponent_puts_each_worker_colour_only_on_its_own_row() -> None:
    """WF-SOLO-34: the opponent places Green Workers only on Townsfolk cards, Yellow only on
    Land cards and Blue only on Water cards, never on an Inspiration card. With a Green Worker
    in supply a "green or yellow" placement puts the Green on a Townsfolk card (not a Land
    card); with no Townsfolk card free the Green is not placed at all."""
    g = game("blue-2")
    give(g, AI, green_workers=1, yellow_workers=1, blue_workers=1)
    run_steps(g, (sc.WORKER, G | Y))
    assert [workers_on(g, c) & G for c in row_cards(g, "townsfolk")].count(G) == 1
    assert not any(workers_on(g, c) for r in ("land", "water", "inspiration")
                   for c in row_cards(g, r))
    assert state(g).workers[AI * 3 : AI * 3 + 3] == [0, 1, 1]

    g = game("blue-2")
    give(g, AI, green_workers=0, yellow_workers=1, blue_workers=1)
    run_steps(g, (sc.WORKER, G | Y))
    assert [workers_on(g, c) for c in row_cards(g, "land")].count(Y) == 1
    run_steps(g, (sc.WORKER, G | B))
    assert [workers_on(g, c) for c in row_cards(g, "water")].count(B) == 1
    assert not any(workers_on(g, c) for c in row_cards(g, "inspiration"))
    assert not any(workers_on(g, c) for c in row_cards(g, "townsfolk"))

    # No Townsfolk card on display: the Green goes nowhere, not on an Inspiration card.
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=1, yellow_workers=0, blue_workers=0)
    for s in range(SLOTS):
        st.display[ROWS["townsfolk"] * SLOTS + s] = -1
    run_steps(g, (sc.WORKER, G))
    assert st.workers[AI * 3] == 1
    assert not any(workers_on(g, c) for r in ("land", "water", "inspiration")
                   for c in row_cards(g, r))


def test_the_opponent_places_by_slot_order_skipping_cards_with_that_colour() -> None:
    """WF-SOLO-35: the opponent's Worker goes on the first card of its row in slot order,
    skipping cards that already hold a Worker of that colour. Sum value 3 (order 3, 2, 1, 4)
    with a Green already on Townsfolk slot 3: the Green goes on slot 2. Sum value 4 (order 4,
    3, 2, 1) with Yellows on Land slots 4 and 3: the Yellow goes on slot 2."""
    g = game("blue-1", "red-1")
    give(g, AI, green_workers=1, yellow_workers=0, blue_workers=0)
    put_worker(g, at(g, "townsfolk", 3), G)
    slot2 = at(g, "townsfolk", 2)
    run_steps(g, (sc.WORKER, G))
    assert workers_on(g, slot2) == G
    assert state(g).worker_new[slot2] == G
    assert state(g).workers[AI * 3] == 0

    g = game("blue-1", "red-2")
    give(g, AI, green_workers=0, yellow_workers=1, blue_workers=0)
    put_worker(g, at(g, "land", 4), Y)
    put_worker(g, at(g, "land", 3), Y)
    slot2, slot1 = at(g, "land", 2), at(g, "land", 1)
    run_steps(g, (sc.WORKER, G | Y))
    assert workers_on(g, slot2) == Y
    assert workers_on(g, slot1) == 0


def test_the_opponent_resolves_every_part_of_the_worker_slot_action() -> None:
    """WF-SOLO-36: a placed Worker's slot action is resolved in full, with the substitutions.
    Land slot 1 is "a Townsfolk card & modify a die": the opponent takes a Townsfolk card (slot
    order 1, 2, 3, 4: slot 1) and the die icon becomes Influence on a card (track space 0 is
    Black, so the Space row, slot 1)."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=1, blue_workers=0)
    land = at(g, "land", 1)
    townsfolk = at(g, "townsfolk", 1)
    space = at(g, "space", 1)
    run_steps(g, (sc.WORKER, G | Y))
    assert workers_on(g, land) == Y
    assert st.owner[townsfolk] == AI and ai_cards(g, "townsfolk") == 1
    assert st.card_inf[space] == AI
    assert sum(1 for c in range(len(st.card_inf)) if st.card_inf[c] == AI) == 1
    assert st.dice[AI] == []


def test_the_opponent_retrieves_green_first_then_by_colour_and_slot_order() -> None:
    """WF-SOLO-37: a retrieval takes a Green Worker if one is on a display card; otherwise
    the first of Blue or Yellow in the colour order (track 0: Black, Blue, ...: Blue; track 5:
    Yellow, ...: Yellow); among several of that colour the one the slot order reaches first;
    never a Worker placed this turn."""
    # Green first, even when a Blue sits on an earlier slot.
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=0)
    green = at(g, "townsfolk", 4)
    put_worker(g, at(g, "water", 1), B)
    put_worker(g, at(g, "land", 1), Y)
    put_worker(g, green, G)
    run_steps(g, (sc.RETRIEVE, 0))
    assert workers_on(g, green) == 0
    assert st.workers[AI * 3 : AI * 3 + 3] == [1, 0, 0]

    # No Green: colour order from the track.
    for track, expect in ((0, "blue"), (5, "yellow")):
        g = game("blue-2")
        st = state(g)
        give(g, AI, green_workers=0, yellow_workers=0, blue_workers=0)
        set_track(g, track)
        put_worker(g, at(g, "water", 2), B)
        put_worker(g, at(g, "land", 1), Y)
        run_steps(g, (sc.RETRIEVE, 0))
        assert st.workers[AI * 3 : AI * 3 + 3] == ([0, 0, 1] if expect == "blue" else [0, 1, 0])

    # Two Yellows: the slot order (sum 4: 4, 3, 2, 1) reaches Land slot 4 first.
    g = game("blue-1", "red-2")
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=0)
    set_track(g, 5)
    put_worker(g, at(g, "land", 1), Y)
    put_worker(g, at(g, "land", 4), Y)
    run_steps(g, (sc.RETRIEVE, 0))
    assert workers_on(g, at(g, "land", 4)) == 0 and workers_on(g, at(g, "land", 1)) == Y

    # A Green placed this turn is not taken: the Blue is.
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=0)
    fresh = at(g, "townsfolk", 1)
    put_worker(g, fresh, G)
    st.worker_new[fresh] = G
    put_worker(g, at(g, "water", 3), B)
    run_steps(g, (sc.RETRIEVE, 0))
    assert workers_on(g, fresh) == G
    assert st.workers[AI * 3 : AI * 3 + 3] == [0, 0, 1]


# --- icon substitutions ------------------------------------------------------------------


def test_a_new_die_becomes_a_tile_by_the_colour_order() -> None:
    """WF-SOLO-38: gaining a new die becomes gaining a tile of the colour order's colour. The
    opponent enters Journal space 20 ("Inspiration card & new die") with its track on space 3
    (Blue first): it gains a Water tile, by slot order 1, 2, 3, 4 the one in slot 1 (the
    water-ship tile), and no die."""
    g = game("blue-2")
    st = state(g)
    set_track(g, 3)
    st.jpos[AI] = 10
    ship = tile(g, "water-ship")
    before = st.tile_supply[ship.index]
    run_steps(g, (sc.JOURNAL, 0))
    assert st.jpos[AI] == 20
    assert ai_tiles(g, "water") == 1
    assert st.tile_supply[ship.index] == before - 1
    assert sum(st.ntiles[AI * 5 : AI * 5 + 5]) == 1
    assert st.dice[AI] == [] and st.reserve[AI] == 0


def test_refresh_a_die_becomes_retrieve_a_worker() -> None:
    """WF-SOLO-39: refreshing a die becomes retrieving a Worker. A Blue on Water slot 1
    ("refresh a die & 2 modify a die") retrieves a Worker: not the Blue just placed, so the
    Yellow on a Land card (colour order from track 0: Blue, then Yellow)."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=1)
    yellow = at(g, "land", 2)
    put_worker(g, yellow, Y)
    water = at(g, "water", 1)
    run_steps(g, (sc.WORKER, G | B))
    assert workers_on(g, water) == B
    assert workers_on(g, yellow) == 0
    assert st.workers[AI * 3 : AI * 3 + 3] == [0, 1, 0]


def test_each_modify_die_icon_becomes_influence_on_a_card() -> None:
    """WF-SOLO-40: each ±1 die icon becomes Influence on a card. Water slot 1 shows two: two
    cards get the opponent's Influence, by colour order (track 0: Black, the Space row) and
    slot order (1, 2, 3, 4): Space slots 1 and 2."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=1)
    space1, space2 = at(g, "space", 1), at(g, "space", 2)
    run_steps(g, (sc.WORKER, G | B))
    assert workers_on(g, at(g, "water", 1)) == B
    assert [c for c in range(len(st.card_inf)) if st.card_inf[c] == AI] == sorted(
        [space1, space2])


def test_two_silver_move_the_resource_track_two_steps() -> None:
    """WF-SOLO-41, WF-BUG-02: each Silver or Provision icon the opponent gains moves its
    Resource Track one step, so "2 Silver" is 2 steps, not one per effect. Land slot 2
    ("2 Silver & Yellow Influence", sum 2: order 2, 3, 4, 1) moves it from 0 to 2; Water slot 2
    ("2 Provisions & Blue Influence") moves it 2 more. The opponent holds no Silver or
    Provisions."""
    g = game("red-1", "red-3")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=1, blue_workers=1)
    run_steps(g, (sc.WORKER, G | Y))
    assert workers_on(g, at(g, "land", 2)) == Y
    assert markers(g)[TRACK] == 2
    assert st.guild[AI * 3 + 1] == 2
    run_steps(g, (sc.WORKER, G | B))
    assert workers_on(g, at(g, "water", 2)) == B
    assert markers(g)[TRACK] == 4
    assert st.guild[AI * 3 + 2] == 2
    assert st.silver[AI] == 0 and st.provisions[AI] == 0


def test_draw_three_becomes_the_top_card_of_the_pile_for_free() -> None:
    """WF-SOLO-42, WF-BUG-04: drawing 3 Land or Water cards becomes taking the top card of
    that pile, paying nothing (not 3 Provisions). Sum 4 (order 4, 3, 2, 1): a Yellow on Land
    slot 4 and a Blue on Water slot 4 ("pay 3 Provisions -> draw 3")."""
    g = game("blue-1", "red-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=1, blue_workers=1)
    for row, bits in (("land", G | Y), ("water", G | B)):
        r = ROWS[row]
        top, size = st.piles[r][-1], len(st.piles[r])
        shown = row_cards(g, row)
        run_steps(g, (sc.WORKER, bits))
        assert workers_on(g, at(g, row, 4)) == bits & ~G
        assert st.owner[top] == AI
        assert len(st.piles[r]) == size - 1
        assert row_cards(g, row) == shown
        assert ai_cards(g, row) == 1
    assert st.provisions[AI] == 0 and st.silver[AI] == 0
    assert markers(g)[TRACK] == 0


# The opponent's Yellow Worker goes by slot order 2, 3, 4, 1 (Scheme cards red-2 then blue-3:
# sum 2); Land slots 2 and 3 already hold a Yellow, so slot 4 (draw 3 Land) is next in line.
EMPTY_LAND_PILE = """
players = 1
seed = 3
[options]
ai_board = "inventor"
[display]
land = ["L01", "L02", "L03", "L04"]
[workers]
L02 = "yellow"
L03 = "yellow"
[opponent]
schemes_up = ["red-2"]
workers = { green = 0, yellow = 1, blue = 0 }
"""


def _empty_land_pile(text: str) -> Game:
    """The position with blue-3 ("a Green Worker on a Townsfolk card, else a Yellow on a Land
    card"; else a tile) next on the Scheme pile and the Land pile empty (a position cannot say
    so: the cards it leaves out stay in their piles)."""
    g = upriver.from_position("wayfarers", text)
    set_next(g, "blue-3")
    st = state(g)
    st.piles[ROWS["land"]] = []
    st.pile_known[ROWS["land"]] = []
    return g


def test_an_empty_draw_pile_makes_its_draw_three_slot_no_target_for_the_opponent() -> None:
    """Ruling "A Worker only where its action gives the opponent something" (WF-SOLO-14,
    WF-SOLO-28, WF-SOLO-35, WF-SOLO-36, WF-SOLO-42, WF-WORK-06): Land slot 4's action, draw 3
    Land, is for the opponent the top card of the Land pile; with that pile empty it would give
    nothing, so the opponent skips the card like any target it cannot use and its Yellow goes on
    the next card in slot order (slot 1). With the pile full, slot 4 takes it (control)."""
    g = _empty_land_pile(EMPTY_LAND_PILE)
    opponent_turn(g)
    st = state(g)
    assert workers_on(g, at(g, "land", 4)) == 0
    assert workers_on(g, at(g, "land", 1)) == Y and st.workers[AI * 3 + 1] == 0
    control = upriver.from_position("wayfarers", EMPTY_LAND_PILE)
    set_next(control, "blue-3")
    top = state(control).piles[ROWS["land"]][-1]
    opponent_turn(control)
    assert workers_on(control, at(control, "land", 4)) == Y
    assert state(control).owner[top] == AI


def test_with_no_usable_land_card_the_worker_action_is_impossible() -> None:
    """WF-SOLO-13, WF-SOLO-14, WF-SOLO-42 under the same ruling: when the only Land card
    without a Yellow is the draw-3 slot and the Land pile is empty, the opponent has no target
    for its Yellow, so blue-3's first action is impossible and it takes the second (a tile)
    instead."""
    g = _empty_land_pile(EMPTY_LAND_PILE.replace('L03 = "yellow"',
                                                 'L03 = "yellow"\nL01 = "yellow"'))
    tiles = sum(state(g).ntiles[AI * 5 : AI * 5 + 5])
    opponent_turn(g)
    st = state(g)
    assert workers_on(g, at(g, "land", 4)) == 0 and st.workers[AI * 3 + 1] == 1
    assert sum(st.ntiles[AI * 5 : AI * 5 + 5]) == tiles + 1


def test_in_the_final_column_the_opponent_takes_a_special_tile_not_inspiration() -> None:
    """WF-SOLO-43: in the final Journal column the opponent takes a Special tile instead of an
    Inspiration card. Entering 100 ("2 Black & (Special tile or Inspiration card)") gives it a
    Special tile and no Inspiration card. (The data lists the Special tile first in that
    choice, so this checks the outcome, whichever way the code gets there.)"""
    g = game("blue-2")
    st = state(g)
    st.jpos[AI] = 90
    inspiration = row_cards(g, "inspiration")
    run_steps(g, (sc.JOURNAL, 0))
    assert st.jpos[AI] == 100
    assert ai_tiles(g, "special") == 1
    assert ai_cards(g, "inspiration") == 0
    assert row_cards(g, "inspiration") == inspiration
    assert st.guild[AI * 3] == 2


def test_the_opponent_pays_only_a_scheme_cards_influence_cost() -> None:
    """WF-SOLO-44: the opponent pays no cost except a Scheme card's 2-Influence cost. Red
    Scheme "pay 2 Blue -> a Water card" takes exactly 2 of its 3 Blue; a Green on Townsfolk
    slot 1 ("a Space card, 1 Silver off") takes a Space card with no Silver and no track
    move."""
    g = game()
    st = state(g)
    give(g, AI, blue=3)
    set_next(g, "red-1")
    opponent_turn(g)
    assert st.guild[AI * 3 + 2] == 1
    assert ai_cards(g, "water") == 1
    assert markers(g)[TRACK] == 1  # the card's Silver value only

    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=1, yellow_workers=0, blue_workers=0)
    space = at(g, "space", 1)
    guilds = st.guild[AI * 3 : AI * 3 + 3]
    run_steps(g, (sc.WORKER, G))
    assert st.owner[space] == AI
    assert st.silver[AI] == 0 and st.provisions[AI] == 0
    assert markers(g)[TRACK] == 0
    assert st.guild[AI * 3 : AI * 3 + 3] == guilds


def test_the_opponent_ignores_journal_requirements_and_costs() -> None:
    """WF-SOLO-45: the opponent ignores Journal link requirements and costs, but cannot enter
    an occupied final space. Side a: 10->20 needs 2 City (it has none), 40->50 costs 1 Black
    (it keeps its 1 Black); with the human on 100 it does not enter 100."""
    assert journal_from(10, "blue-2") == 20

    g = game("blue-2")
    st = state(g)
    give(g, AI, black=1)
    st.jpos[AI] = 40
    run_steps(g, (sc.JOURNAL, 0))
    assert st.jpos[AI] == 50
    assert st.guild[AI * 3] == 1

    assert journal_from(90, "blue-2", human=100) not in (100, 90)


def test_the_opponent_ignores_the_icons_on_what_it_acquires() -> None:
    """WF-SOLO-46: the opponent gains nothing from the icons on cards it acquires: no
    immediate effect (L27: 2 Silver; L23: a free Basic tile; S01: a Journal), no Vista trigger
    (L23 fires on Comet; Great Omen S06 then shows 3 Comets), no tags and no Comet Track move;
    it keeps the cards by type with no tucking or host limits (Space and Townsfolk cards with
    no Land or Water card to go on)."""
    g = game("blue-2")
    st = state(g)
    guilds = st.guild[AI * 3 : AI * 3 + 3]
    tucks, aboves = list(st.tuck), list(st.above)
    for row, card in (("land", "L27"), ("land", "L23"), ("space", "S06"), ("space", "S01")):
        put_display(g, row, 1, card)
        run_steps(g, (sc.ACQUIRE, ROWS[row]))
        assert st.owner[idx(g, card)] == AI
    townsfolk = at(g, "townsfolk", 1)
    run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
    assert st.owner[townsfolk] == AI
    assert [ai_cards(g, k) for k in ("land", "space", "townsfolk")] == [2, 2, 1]
    assert markers(g)[TRACK] == 0 and markers(g)[COMET_TRACK] == 0
    assert st.tags[AI * 11 : AI * 11 + 11] == [0] * 11
    assert st.ntiles[AI * 5 : AI * 5 + 5] == [0] * 5
    assert st.jpos[AI] == 0
    assert st.guild[AI * 3 : AI * 3 + 3] == guilds
    assert st.tuck == tucks and st.above == aboves
    assert st.silver[AI] == 0 and not st.stack


def test_the_opponent_gains_every_journal_reward() -> None:
    """WF-SOLO-47: the opponent gains every Journal reward: the Journal Tile and Green Worker
    of column 1 (tile "2 Blue Influence" put on space 10), an Inspiration card in columns 2 and
    6, a Special tile in column 4, the Influence in column 10."""
    g = game("blue-2")
    st = state(g)
    comp = st.cfg.comp
    two_blue = next(k for k, n in enumerate(comp.journal_tiles)
                    if comp.nodes.text[n] == "2 blue influence")
    ten = comp.spaces[comp.space_index[10]].tile_space
    other = st.jtile_at.index(two_blue)
    st.jtile_at[ten], st.jtile_at[other] = two_blue, st.jtile_at[ten]
    give(g, AI, black=0, blue=0, green_workers=0)
    run_steps(g, (sc.JOURNAL, 0))
    assert st.jpos[AI] == 10
    assert st.guild[AI * 3 + 2] == 2
    assert st.workers[AI * 3] == 1 and st.green_on[0] == 0

    run_steps(g, (sc.JOURNAL, 0))  # 10 -> 20
    assert st.jpos[AI] == 20 and ai_cards(g, "inspiration") == 1

    st.jpos[AI] = 32
    run_steps(g, (sc.JOURNAL, 0))  # 32 -> 40
    assert st.jpos[AI] == 40 and ai_tiles(g, "special") == 1

    st.jpos[AI] = 50
    run_steps(g, (sc.JOURNAL, 0))  # 50 -> 60
    assert st.jpos[AI] == 60 and ai_cards(g, "inspiration") == 2

    st.jpos[AI] = 90
    black = st.guild[AI * 3]
    run_steps(g, (sc.JOURNAL, 0))  # 90 -> 100: 2 Black & a Special tile
    assert st.jpos[AI] == 100
    assert st.guild[AI * 3] == black + 2 and ai_tiles(g, "special") == 2


def test_the_comet_track_rises_once_per_comet_gained_up_to_ten() -> None:
    """WF-SOLO-48: the Comet Track rises 1 per Comet gained (the Stargazer's 4->5 bonus, a
    caravan Comet cell, a Rest after a comet Scheme card), at most to 10, and never for the
    Comets on Space cards or tiles."""
    g = game("blue-2")
    st = state(g)
    set_track(g, 4)
    run_steps(g, (sc.TRACK, 1))  # 4 -> 5: the Stargazer's bonus
    assert markers(g)[COMET_TRACK] == 1

    markers(g)[FILLED] = 15  # the next path cell is the top row's 2nd: a Comet cell
    run_steps(g, (sc.TILE, 0))
    assert st.ai[AI_PATH][cell(1, 0)] >= 0
    assert markers(g)[COMET_TRACK] == 2

    put_display(g, "space", 1, "S06")  # Great Omen, 3 Comets
    run_steps(g, (sc.ACQUIRE, ROWS["space"]))
    set_revealed(g, "blue-3")  # special slot 10: the double-Comet tile
    markers(g)[FILLED] = 7  # the middle row's right end: a blank cell
    run_steps(g, (sc.SPECIAL_TILE, 0))
    assert ai_tiles(g, "special") == 1 and st.ai[AI_PATH][cell(6, 1)] // 2 == tile(
        g, "special-double-comet").index
    assert markers(g)[COMET_TRACK] == 2

    set_revealed(g, "blue-1", "blue-2", "blue-3")  # 3 Blue: a Rest; blue-3 shows a comet
    opponent_turn(g)
    assert markers(g)[COMET_TRACK] == 3

    markers(g)[COMET_TRACK] = 10
    run_steps(g, (sc.COMET, 0))
    assert markers(g)[COMET_TRACK] == 10


def test_the_opponent_takes_the_workers_on_a_card_and_returns_its_influence() -> None:
    """WF-SOLO-49: like a player, the opponent takes the Workers on a card it acquires and the
    Influence on it goes back to its owner's supply (here the human's, who allows it)."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, green_workers=0, yellow_workers=0, blue_workers=0)
    card = at(g, "land", 1)
    put_worker(g, card, G | Y)
    human_influence_on(g, card)
    supply = st.inf_supply[HUMAN]
    run_steps(g, (sc.ACQUIRE, ROWS["land"]))
    assert waiting_on_human(g)
    g.play(next(a for a in answers(g, "let the opponent") if "gain" not in a))
    assert st.owner[card] == AI
    assert st.workers[AI * 3 : AI * 3 + 3] == [1, 1, 0]
    assert st.card_inf[card] == -1 and st.inf_supply[HUMAN] == supply + 1


# --- AI caravan --------------------------------------------------------------------------


def test_the_caravan_fills_a_winding_path() -> None:
    """WF-SOLO-50: tiles fill the next free cells of the path: bottom row left to right, then
    the middle row right to left, then the top row left to right; a 2-cell tile takes two
    consecutive path cells whatever its shape (across rows too)."""
    g = game("blue-2")
    st = state(g)
    path = st.ai[AI_PATH]
    basic = [t.index for t in st.cfg.comp.tiles if t.colour == 0]
    run_steps(g, (sc.TILE, 0))  # basic: bottom-left
    assert path[cell(0, 2)] // 2 in basic and path[cell(0, 2)] % 2 == 0
    run_steps(g, (sc.TILE, 1))  # a 2-cell Land tile: the next two
    land = path[cell(1, 2)] // 2
    assert st.cfg.comp.tiles[land].colour == 1
    assert path[cell(1, 2)] == land * 2 and path[cell(2, 2)] == land * 2 + 1
    run_steps(g, (sc.TILE, 2), (sc.TILE, 1))  # cells 4-5 and 6-7 of the bottom row
    assert all(path[cell(c, 2)] >= 0 for c in range(7))
    run_steps(g, (sc.TILE, 0))  # the middle row starts on the right
    assert path[cell(6, 1)] >= 0 and all(path[cell(c, 1)] < 0 for c in range(6))
    run_steps(g, (sc.TILE, 2))  # then goes left
    assert path[cell(5, 1)] >= 0 and path[cell(4, 1)] >= 0 and path[cell(3, 1)] < 0

    markers(g)[FILLED] = 13  # one middle-row cell left, on the left end
    run_steps(g, (sc.TILE, 1))  # a 2-cell tile: middle-left, then top-left
    across = path[cell(0, 1)] // 2
    assert st.cfg.comp.tiles[across].colour == 1
    assert path[cell(0, 1)] == across * 2 and path[cell(0, 0)] == across * 2 + 1
    run_steps(g, (sc.TILE, 0))  # the top row goes left to right
    assert path[cell(1, 0)] >= 0 and path[cell(6, 0)] < 0


def test_each_covered_caravan_cell_gives_its_bonus_at_once() -> None:
    """WF-SOLO-51: each AI caravan cell a tile covers gives at once the bonus printed for that
    AI board in the component data. Stargazer's bottom row: Water card, -, Black Influence, -,
    Land card, -, Space card. Mayor's: Black Influence, card Influence, ..."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, black=0)
    run_steps(g, (sc.TILE, 1))  # Water card, nothing
    assert [ai_cards(g, k) for k in ("water", "land", "space")] == [1, 0, 0]
    assert st.guild[AI * 3] == 0
    run_steps(g, (sc.TILE, 0))  # Black Influence
    assert st.guild[AI * 3] == 1
    run_steps(g, (sc.TILE, 2))  # nothing, Land card
    assert [ai_cards(g, k) for k in ("water", "land", "space")] == [1, 1, 0]
    run_steps(g, (sc.TILE, 0), (sc.TILE, 0))  # nothing, Space card
    assert [ai_cards(g, k) for k in ("water", "land", "space")] == [1, 1, 1]

    g = game("blue-2", board="mayor")
    st = state(g)
    give(g, AI, black=0)
    run_steps(g, (sc.TILE, 1))  # Black Influence and Influence on a card
    assert st.guild[AI * 3] == 1
    assert sum(1 for x in st.card_inf if x == AI) == 1


def test_a_tile_that_does_not_fit_goes_beside_the_board_and_still_scores() -> None:
    """WF-SOLO-52: a tile that does not fit in the rest of the path goes beside the AI board:
    it gives no bonus, but its VP score. One cell left (Stargazer's top-right Space card cell),
    a 2-cell Land tile (sum 3: order 3, 2, 1, 4: land-discount, 1 VP) goes beside."""
    g = game("blue-1", "red-1")
    st = state(g)
    markers(g)[FILLED] = 20
    discount = tile(g, "land-discount")
    run_steps(g, (sc.TILE, 1))
    assert st.ai[AI_BESIDE] == [discount.index]
    assert st.ai[AI_PATH][cell(6, 0)] < 0
    assert ai_cards(g, "space") == 0
    assert opponent_breakdown(st)["tiles"] == discount.vp == 1


def test_a_one_cell_tile_still_fills_the_cell_a_two_cell_tile_left() -> None:
    """WF-RUL-23: after a 2-cell tile goes beside the board for want of room, a later 1-cell
    tile still fills the remaining free cell (and gives its bonus: Stargazer's top-right Space
    card)."""
    g = game("blue-1", "red-1")
    st = state(g)
    markers(g)[FILLED] = 20
    run_steps(g, (sc.TILE, 1))
    assert len(st.ai[AI_BESIDE]) == 1
    run_steps(g, (sc.TILE, 0))
    code = st.ai[AI_PATH][cell(6, 0)]
    assert code >= 0 and st.cfg.comp.tiles[code // 2].colour == 0
    assert len(st.ai[AI_BESIDE]) == 1
    assert ai_cards(g, "space") == 1


# --- AI Journal --------------------------------------------------------------------------


def test_the_journal_path_follows_the_scheme_cards_majority_colour() -> None:
    """WF-SOLO-53: the opponent takes the upper path (from the start: 10) when Blue Scheme
    cards are the majority of its face-up cards, the lower (15) when Red are; a tie follows
    the most recently revealed card; a space with one link (40) leaves no choice."""
    assert journal_from(0, "blue-1", "blue-2", "red-1") == 10
    assert journal_from(0, "red-1", "red-2", "blue-1") == 15
    assert journal_from(0, "red-2", "blue-1", "blue-2") == 10
    assert journal_from(0, "blue-2", "red-1", "red-3") == 15
    assert journal_from(0, "blue-1", "red-1") == 15
    assert journal_from(0, "red-1", "blue-1") == 10
    assert journal_from(40, "blue-1", "blue-2") == 50
    assert journal_from(40, "red-1", "red-2") == 50


def test_the_upper_path_is_the_first_link_listed() -> None:
    """WF-SOLO-54: the upper path is the first link listed for a space, so the jumps 20->40
    and 60->80 are upper paths and 27->47 and 67->87 lower paths."""
    assert journal_from(20, "blue-1") == 40
    assert journal_from(20, "red-1") == 32
    assert journal_from(60, "blue-1") == 80
    assert journal_from(27, "red-1") == 47
    assert journal_from(27, "blue-1") == 36
    assert journal_from(67, "red-1") == 87


def test_in_the_final_column_the_opponent_never_takes_the_middle_space() -> None:
    """WF-SOLO-55: in the final column the opponent never takes the middle space (102 from 90,
    106 from 95); if its preferred end is occupied it takes the other end."""
    assert journal_from(90, "blue-1") == 100
    assert journal_from(90, "red-1") == 103
    assert journal_from(95, "blue-1") == 103
    assert journal_from(95, "red-1") == 107
    assert journal_from(90, "blue-1", human=100) == 103
    assert journal_from(95, "red-1", human=107) == 103
    assert journal_from(90, "red-1", human=103) == 100


def test_the_extra_journal_step_costs_black_by_position() -> None:
    """WF-SOLO-56: before a Journal the opponent compares columns with the human; the extra
    step costs 1, 2 or 3 Black if it is behind, level or ahead, and is taken only if it can
    pay (Black gained in the first step counts), at most once per turn. Reading tested: the
    columns are compared before the first step ("before a Journal"), so from 10 with the human
    on 15 the price is 2 even though the first step puts the opponent ahead."""

    def run(black: int, ai: int, human: int) -> tuple[int, int]:
        g = game("blue-2", board="inventor")  # no Black on its first caravan cells
        st = state(g)
        give(g, AI, black=black)
        st.jpos[AI], st.jpos[HUMAN] = ai, human
        run_steps(g, (sc.JOURNAL, 0))
        return st.jpos[AI], st.guild[AI * 3]

    assert run(1, 0, 20) == (20, 0)  # behind: 1
    assert run(0, 0, 20) == (10, 0)
    assert run(2, 10, 15) == (40, 0)  # level: 2 (10 -> 20 -> 40)
    assert run(1, 10, 15) == (20, 1)
    assert run(3, 10, 0) == (40, 0)  # ahead: 3
    assert run(2, 10, 0) == (20, 2)

    # Black gained on the first step pays: from 10 to 20 a new die becomes a Basic tile (track
    # 7: Green first), covering Stargazer's bottom-row Black Influence cell.
    g = game("blue-2")
    st = state(g)
    give(g, AI, black=0)
    set_track(g, 7)
    markers(g)[FILLED] = 2
    st.jpos[AI], st.jpos[HUMAN] = 10, 40
    run_steps(g, (sc.JOURNAL, 0))
    assert st.jpos[AI] == 40 and st.guild[AI * 3] == 0

    # Once per turn: two Journals in one turn, Black for many steps, one extra step.
    g = game("blue-2", board="inventor")
    st = state(g)
    give(g, AI, black=5)
    st.jpos[AI], st.jpos[HUMAN] = 0, 40
    run_steps(g, (sc.JOURNAL, 0), (sc.JOURNAL, 0))
    assert st.jpos[AI] == 40 and st.guild[AI * 3] == 4


# --- Influence interactions --------------------------------------------------------------


def test_the_human_pays_the_fee_and_moves_the_opponents_track() -> None:
    """WF-SOLO-57: the human interacting with a card holding the opponent's Influence still
    pays 1 Silver or 1 Provision, and the opponent's Resource Track moves 1 step."""
    for way, holding in (("silver", "silver"), ("provision", "provisions")):
        g = game("blue-2")
        st = state(g)
        give(g, HUMAN, yellow_workers=1, silver=3, provisions=2)
        card = at(g, "land", 1)
        st.card_inf[card] = AI
        name = st.cfg.comp.cards[card].id
        before = getattr(st, holding)[HUMAN]
        g.play(next(a for a in g.legal_actions()
                    if a.startswith(f"place yellow worker on {name}") and f"1 {way}" in a))
        assert getattr(st, holding)[HUMAN] == before - 1
        assert markers(g)[TRACK] == 1
        assert workers_on(g, card) == Y


def test_the_human_allows_for_a_gain_or_denies_for_a_payment() -> None:
    """WF-SOLO-58: when the opponent would interact with a card holding the human's
    Influence, the human may allow it, taking 1 Silver or 1 Provision from the main supply (or
    nothing), or deny it by paying 1 Silver or 1 Provision, and the opponent moves on to its
    next target in priority order (slot order 1, 2, 3, 4: slot 2). The rule does not say
    whether a denial payment moves the opponent's Resource Track, so that is not asserted."""
    for gain_what, holding in (("silver", "silver"), ("provision", "provisions")):
        g = game("blue-2")
        st = state(g)
        card = at(g, "townsfolk", 1)
        human_influence_on(g, card)
        before = getattr(st, holding)[HUMAN]
        run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
        assert waiting_on_human(g)
        g.play(next(a for a in answers(g, "let the opponent")
                    if a.endswith(f"gain 1 {gain_what}")))
        assert getattr(st, holding)[HUMAN] == before + 1
        assert st.owner[card] == AI and not waiting_on_human(g)

    for pay, holding in (("silver", "silver"), ("provision", "provisions")):
        g = game("blue-2")
        st = state(g)
        card, second = at(g, "townsfolk", 1), at(g, "townsfolk", 2)
        human_influence_on(g, card)
        before = getattr(st, holding)[HUMAN]
        run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
        g.play(next(a for a in answers(g, "deny:") if f"1 {pay}" in a))
        assert getattr(st, holding)[HUMAN] == before - 1
        assert st.owner[card] == -1 and st.card_inf[card] == HUMAN
        assert st.owner[second] == AI
        assert ai_cards(g, "townsfolk") == 1


def test_the_human_may_deny_while_paying_but_not_the_last_candidate() -> None:
    """WF-SOLO-59: the human may deny again and again while they can pay, but never the last
    remaining candidate of that card type. Human Influence on all four Townsfolk cards and 5
    Silver: three denials, then only allowing is offered; with 1 Silver and nothing else,
    one denial only."""
    g = game("blue-2")
    st = state(g)
    give(g, HUMAN, silver=5, provisions=0)
    cards = [at(g, "townsfolk", s) for s in (1, 2, 3, 4)]
    for c in cards:
        human_influence_on(g, c)
    run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
    for _ in range(3):
        assert waiting_on_human(g)
        g.play(answers(g, "deny:")[0])
    assert waiting_on_human(g)
    assert answers(g, "deny:") == [] and answers(g, "let the opponent")
    assert st.silver[HUMAN] == 2
    g.play(next(a for a in answers(g, "let the opponent") if "gain" not in a))
    assert st.owner[cards[3]] == AI and all(st.owner[c] < 0 for c in cards[:3])

    g = game("blue-2")
    st = state(g)
    give(g, HUMAN, silver=1, provisions=0)
    cards = [at(g, "townsfolk", s) for s in (1, 2)]
    for c in cards:
        human_influence_on(g, c)
    run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
    g.play(answers(g, "deny:")[0])
    assert waiting_on_human(g) and answers(g, "deny:") == []
    g.play(next(a for a in answers(g, "let the opponent") if "gain" not in a))
    assert st.owner[cards[1]] == AI and st.owner[cards[0]] < 0


def test_the_fee_paid_to_the_opponent_goes_to_the_main_supply() -> None:
    """WF-RUL-24: a fee the human pays for the opponent's Influence goes to the main supply:
    the opponent holds no Silver or Provisions afterwards."""
    g = game("blue-2")
    st = state(g)
    give(g, HUMAN, blue_workers=1, silver=3, provisions=2)
    card = at(g, "water", 1)
    st.card_inf[card] = AI
    name = st.cfg.comp.cards[card].id
    g.play(next(a for a in g.legal_actions()
                if a.startswith(f"place blue worker on {name}") and "1 provision" in a))
    assert st.provisions[HUMAN] == 1 and st.silver[HUMAN] == 3
    assert st.provisions[AI] == 0 and st.silver[AI] == 0


# --- AI scoring --------------------------------------------------------------------------


def test_the_opponent_scores_its_cards_tiles_and_guilds() -> None:
    """WF-SOLO-60: the opponent scores 1 VP per Townsfolk card, 2 per Land, 2 per Water, 3 per
    Space and 4 per Inspiration card, plus its tiles' VP, plus Guild majorities. Two
    Townsfolk, one of each other card (13), a Basic tile (1 VP), the Black majority (3)."""
    g = game("blue-2")
    st = state(g)
    markers(g)[FILLED] = 1  # a blank Stargazer cell: no bonus card
    run_steps(g, (sc.ACQUIRE, 0), (sc.ACQUIRE, 0), (sc.ACQUIRE, 1), (sc.ACQUIRE, 2),
              (sc.ACQUIRE, 3), (sc.ACQUIRE, 4), (sc.TILE, 0))
    assert [ai_cards(g, k) for k in ("townsfolk", "land", "water", "space", "inspiration")] \
        == [2, 1, 1, 1, 1]
    assert ai_tiles(g, "basic") == 1
    give(g, AI, black=2, yellow=0, blue=1)
    give(g, HUMAN, black=1, yellow=0, blue=2)
    vp = opponent_breakdown(st)
    assert vp["cards"] == 2 * 1 + 2 + 2 + 3 + 4
    assert vp["tiles"] == 1
    assert vp["guilds"] == 3
    assert sum(vp.values()) == 17


def test_the_opponent_scores_no_tags_or_comets_but_its_comets_block_the_human() -> None:
    """WF-SOLO-61: the opponent scores no tags, Space formulas or Comets (Great Omen is 3 VP
    to it, whatever its Comet Track); its Comet Track counts as its Comet tags for the
    human's Comet majority: the human's Great Omen (3 Comets) scores 4 while the track is at
    2, and 1 once it is at 3 (a tie is no majority, WF-CARD-24/25)."""
    g = game("blue-2")
    st = state(g)
    give(g, AI, black=0, yellow=0, blue=0)
    give(g, HUMAN, black=0, yellow=0, blue=0)
    put_display(g, "space", 1, "S06")
    run_steps(g, (sc.ACQUIRE, ROWS["space"]))
    gain(g, HUMAN, "L01")
    gain(g, HUMAN, "S07", above="L01")
    assert sum(opponent_breakdown(st).values()) == 3
    run_steps(g, (sc.COMET, 0), (sc.COMET, 0))
    assert sum(opponent_breakdown(st).values()) == 3
    assert breakdown(st)[HUMAN]["space cards"] == 4
    run_steps(g, (sc.COMET, 0))
    assert markers(g)[COMET_TRACK] == 3
    assert sum(opponent_breakdown(st).values()) == 3
    assert breakdown(st)[HUMAN]["space cards"] == 1


def test_a_guild_tie_between_human_and_opponent_scores_for_nobody() -> None:
    """WF-SOLO-62: the opponent's Guild Influence competes for majorities like a player's; a
    tie between human and opponent gives that Guild to nobody."""
    g = game("blue-2")
    st = state(g)
    give(g, HUMAN, black=2, yellow=3, blue=1)
    give(g, AI, black=2, yellow=1, blue=2)
    assert breakdown(st)[HUMAN]["guilds"] == 3  # Yellow
    assert opponent_breakdown(st)["guilds"] == 3  # Blue
    give(g, AI, yellow=3)
    assert breakdown(st)[HUMAN]["guilds"] == 0
    assert opponent_breakdown(st)["guilds"] == 3


def test_the_human_wins_a_tie_on_total_against_the_opponent() -> None:
    """WF-RUL-21: in solo the human wins a tie on total VP against the opponent. The human's
    Black majority (3 VP) against the opponent's Space card (3 VP): the human wins; one more
    Townsfolk card for the opponent (4 VP) and the human does not."""
    g = game("blue-2")
    st = state(g)
    give(g, HUMAN, black=1, yellow=0, blue=0)
    give(g, AI, black=0, yellow=0, blue=0)
    run_steps(g, (sc.ACQUIRE, ROWS["space"]))
    assert scores(st)[HUMAN] == 3
    assert sum(opponent_breakdown(st).values()) == 3
    assert winners(st) == [HUMAN]
    run_steps(g, (sc.ACQUIRE, ROWS["townsfolk"]))
    assert sum(opponent_breakdown(st).values()) == 4
    assert HUMAN not in winners(st)
