"""Rule tests for the solo opponent's setup, turn, Scheme cards, Resource Track and priorities
(WF-SOLO-01..33, WF-RUL-22, WF-BUG-03, WF-BUG-05, WF-BUG-11).

Display slots are numbered 1-4 as in the rules: slot 1 is the centre-most card (display index
``row * 4 + 0``). In the Inspiration column the top card is slot 4 (next to the pile), so the
n-th card from the top is slot ``5 - n``.
"""

from __future__ import annotations

import upriver
from tests.wayfarers.helpers import ROWS, give, idx, put_display, starting, state
from tests.wayfarers.solo_helpers import (
    BOARDS,
    markers,
    new_solo,
    opponent_turn,
    run_steps,
    scheme_index,
    set_next,
    set_revealed,
    set_track,
    waiting_on_human,
)
from upriver.core.game import Game
from upriver.games.wayfarers import opponent
from upriver.games.wayfarers.priorities import (
    colour_order,
    guild_order,
    inspiration_slots,
    slot_order,
    sum_value,
    track_after,
)
from upriver.games.wayfarers.scoring import opponent_breakdown
from upriver.games.wayfarers.solo_components import (
    ACQUIRE,
    ANY,
    CARD_INFLUENCE,
    FOCUS,
    INFLUENCE,
    JOURNAL,
    RETRIEVE,
    SPECIAL_TILE,
    TILE,
    TRACK,
    WORKER,
    load_solo,
)
from upriver.games.wayfarers.state import (
    AI,
    AI_LOG,
    AI_REVEALED,
    COMET_TRACK,
    SLOTS,
)
from upriver.games.wayfarers.state import TRACK as TRACK_SPACE

HUMAN = 0
# Guild indexes and tile colours as the game numbers them.
BLACK_G, YELLOW_G, BLUE_G = 0, 1, 2
BASIC, LAND_T, WATER_T, SPACE_T, SPECIAL = range(5)
# The opponent's card counts (State.ncards columns) by card type.
COUNT = {"land": 0, "water": 1, "space": 2, "townsfolk": 3, "inspiration": 4}
# Worker colour bitmasks for the WORKER step.
GREEN_ONLY, GREEN_OR_YELLOW, GREEN_OR_BLUE = 1, 3, 5
# Silver values of the Scheme cards as WF-SOLO-09/10 state them (the data's blue-1..3 and
# red-1..3 are cards (a)..(c); test_the_three_blue_scheme_cards and
# test_the_three_red_scheme_cards check that mapping by content).
SILVER = {"blue-1": 2, "blue-2": 0, "blue-3": 0, "red-1": 1, "red-2": 2, "red-3": 1}
# Face-up Scheme cards giving each sum value 1-4 (WF-SOLO-26).
FACE_UP_FOR_SUM = {
    1: ("blue-2", "blue-3"),  # 0 + 0 = 0, counts as 1
    2: ("blue-1", "blue-2"),  # 2 + 0
    3: ("red-1", "red-2"),  # 1 + 2
    4: ("blue-1", "red-2"),  # 2 + 2
}
# WF-SOLO-27: slot order per sum value.
SLOT_ORDER = {1: (1, 2, 3, 4), 2: (2, 3, 4, 1), 3: (3, 2, 1, 4), 4: (4, 3, 2, 1)}


# --- arranging ---------------------------------------------------------------------------


def game(board: str = "stargazer", seed: int = 0, face_up: tuple[str, ...] = (),
         track: int = 0) -> Game:
    """A solo game, human to move, with these Scheme cards face up and the Resource Track on
    ``track``; the Journal Tiles of the first column give plain Blue Influence (so a Journal
    move neither moves the Resource Track nor gains cards)."""
    g = new_solo(board, seed=seed)
    set_revealed(g, *face_up)
    set_track(g, track)
    plain_journal_tiles(g, "2 blue influence")
    return g


def plain_journal_tiles(g: Game, text: str) -> None:
    """Both Journal Tiles of the first column become the tile reading ``text``."""
    st = state(g)
    comp = st.cfg.comp
    tile = next(i for i, n in enumerate(comp.journal_tiles) if comp.nodes.text[n] == text)
    at = list(st.jtile_at)
    at[0] = at[1] = tile
    st.jtile_at = at


def pos(row: str, slot: int) -> int:
    return ROWS[row] * SLOTS + slot - 1


def card_at(g: Game, row: str, slot: int) -> int:
    return state(g).display[pos(row, slot)]


def empty(g: Game, row: str, *slots: int) -> None:
    """Empty display slots: their cards go back on top of the pile."""
    st = state(g)
    for slot in slots:
        card = st.display[pos(row, slot)]
        if card >= 0:
            st.piles[ROWS[row]].append(card)
            st.pile_known[ROWS[row]].append(-1)
            st.display[pos(row, slot)] = -1
    g._legal = None


def row_cards(g: Game, row: str) -> list[int]:
    """The cards of a display row by slot 1-4 (-1 for an empty slot)."""
    st = state(g)
    return st.display[ROWS[row] * SLOTS : ROWS[row] * SLOTS + SLOTS]


def ai_count(g: Game, ctype: str) -> int:
    return state(g).ncards[AI * 5 + COUNT[ctype]]


def ai_guilds(g: Game) -> list[int]:
    """The opponent's Influence on Black, Yellow, Blue."""
    return state(g).guild[AI * 3 : AI * 3 + 3]


def ai_workers(g: Game) -> list[int]:
    """The opponent's Workers in supply: Green, Yellow, Blue."""
    return state(g).workers[AI * 3 : AI * 3 + 3]


def set_ai(g: Game, *, black: int | None = None, yellow: int | None = None,
           blue: int | None = None, green_workers: int | None = None,
           yellow_workers: int | None = None, blue_workers: int | None = None) -> None:
    give(g, AI, black=black, yellow=yellow, blue=blue, green_workers=green_workers,
         yellow_workers=yellow_workers, blue_workers=blue_workers)


def owned_by_ai(g: Game, card: int) -> bool:
    return state(g).owner[card] == AI


def ai_influenced(g: Game) -> list[int]:
    st = state(g)
    return [c for c in range(len(st.card_inf)) if st.card_inf[c] == AI]


def tile_of(g: Game, colour: int, slot: int) -> int:
    """The tile type of this colour printed for this tile slot."""
    return next(t.index for t in state(g).cfg.comp.tiles
                if t.colour == colour and t.slot == slot)


def tile_slots(g: Game, colour: int) -> list[int]:
    return sorted(t.slot for t in state(g).cfg.comp.tiles if t.colour == colour)


def remove_tiles(g: Game, colour: int, *slots: int) -> None:
    """No copy left of these tiles (all slots of the colour if none named)."""
    st = state(g)
    for t in st.cfg.comp.tiles:
        if t.colour == colour and (not slots or t.slot in slots):
            st.tile_supply[t.index] = 0


def tiles_gained(g: Game, before: list[int]) -> list[int]:
    """Tile types whose supply went down since ``before`` (one entry per copy)."""
    now = state(g).tile_supply
    return [t for t in range(len(now)) for _ in range(before[t] - now[t])]


def events(g: Game) -> list[int]:
    """The kinds of what the opponent did this turn, in order."""
    log = state(g).ai[AI_LOG]
    return [log[i] for i in range(0, len(log), 3)]


def revealed_ids(g: Game) -> list[str]:
    schemes = load_solo().schemes
    return [schemes[s].id for s in state(g).ai[AI_REVEALED]]


def reveal(g: Game, scheme_id: str) -> None:
    """The opponent's next turn reveals this Scheme card."""
    set_next(g, scheme_id)
    opponent_turn(g)


def journal_start(g: Game) -> int:
    comp = state(g).cfg.comp
    return next(s.id for s in comp.spaces if s.column == 0)


# --- setup -------------------------------------------------------------------------------


def test_solo_uses_the_two_player_setup() -> None:
    """WF-SOLO-01: solo is set up as a 2-player game (with the solo changes): a table of two
    seats, the tile supply of a 2-player game, full displays, two Journal markers."""
    solo = new_solo()
    duo = upriver.new_game("wayfarers", players=2, seed=0)
    st, st2 = state(solo), state(duo)
    assert st.cfg.table == 2
    assert st.tile_supply == st2.tile_supply
    assert len(st.display) == len(st2.display) == 20 and -1 not in st.display
    assert len(st.jpos) == 2 and st.jpos[0] == st.jpos[1]
    assert st.green_on == st2.green_on
    assert len(st.jtile_at) == len(st2.jtile_at)


def test_the_opponent_board_has_an_ai_side_with_a_focus() -> None:
    """WF-SOLO-02: the opponent uses one player board turned to its AI side (so the human
    plays another board), and its Focus action is the board's: Stargazer a Space card,
    Inventor a tile, Mayor a Townsfolk card, Wayfarer a Journal move. Reading tested: the AI
    boards are the backs of the player boards in the same order."""
    for seed in range(6):
        for k, board in enumerate(BOARDS):
            st = state(new_solo(board, seed=seed))
            assert st.board[HUMAN] != k
    g = game("stargazer")
    run_steps(g, (FOCUS, 0))
    assert ai_count(g, "space") == 1
    g = game("inventor")
    before = list(state(g).tile_supply)
    run_steps(g, (FOCUS, 0))
    assert len(tiles_gained(g, before)) == 1
    g = game("mayor")
    run_steps(g, (FOCUS, 0))
    assert ai_count(g, "townsfolk") == 1
    assert sum(state(g).ncards[AI * 5 : AI * 5 + 5]) == 1
    g = game("wayfarer")
    start = state(g).jpos[AI]
    run_steps(g, (FOCUS, 0))
    assert state(g).jpos[AI] in {ln.dst for ln in state(g).cfg.comp.links_from[start]}


def test_the_opponent_has_no_dice_silver_or_provisions() -> None:
    """WF-SOLO-03: the opponent has no dice and never holds Silver or Provisions: Silver and
    Provision icons it gains (a Land slot's 2 Silver, a Water slot's 2 Provisions) leave it with
    none."""
    g = game(face_up=("blue-1",))  # sum value 2: slot 2 first
    st = state(g)
    assert st.dice[AI] == [] and st.reserve[AI] == 0
    assert st.silver[AI] == 0 and st.provisions[AI] == 0
    set_ai(g, yellow_workers=1, blue_workers=1)
    run_steps(g, (WORKER, 1 << 1))  # Yellow on Land slot 2: 2 Silver & Yellow Influence
    run_steps(g, (WORKER, 1 << 2))  # Blue on Water slot 2: 2 Provisions & Blue Influence
    assert st.card_workers[card_at(g, "land", 2)] & 2
    assert st.card_workers[card_at(g, "water", 2)] & 4
    assert st.silver[AI] == 0 and st.provisions[AI] == 0
    assert st.dice[AI] == []


def test_the_opponent_markers_start_at_zero_and_on_the_journal_start() -> None:
    """WF-SOLO-04: at the start the Resource Track marker is on space 0, the Comet Track
    marker on 0 and the Journal marker on the start space."""
    for board in BOARDS:
        g = new_solo(board)
        m = markers(g)
        assert m[TRACK_SPACE] == 0
        assert m[COMET_TRACK] == 0
        assert state(g).jpos[AI] == journal_start(g)


def test_the_opponent_starts_with_a_yellow_and_a_blue_worker() -> None:
    """WF-SOLO-05: the opponent starts with 1 Yellow Worker and 1 Blue Worker (no Green)."""
    for seed in range(3):
        assert ai_workers(new_solo(seed=seed)) == [0, 1, 1]


def test_the_human_is_seat_one_and_the_opponent_seat_two() -> None:
    """WF-SOLO-06: the human is always the first seat, with the first seat's starting
    resources; the opponent is the second seat with 1 Influence on Yellow and 1 on Blue, the
    rest of its Influence in supply, and no Silver or Provisions."""
    for seed in range(8):
        g = new_solo(seed=seed)
        st = state(g)
        comp = st.cfg.comp
        silver, provisions, guilds = comp.seats[0]
        assert st.first_player == HUMAN and st.seat == HUMAN
        assert st.silver[HUMAN] == silver and st.provisions[HUMAN] == provisions
        assert st.guild[0:3] == [guilds.count(x) for x in range(3)]
        assert st.inf_supply[HUMAN] == comp.influence - len(guilds)
        assert ai_guilds(g) == [0, 1, 1]
        assert st.inf_supply[AI] == comp.influence - 2
        assert st.silver[AI] == 0 and st.provisions[AI] == 0


def test_the_opponent_influence_never_runs_out() -> None:
    """WF-SOLO-07: the opponent's Influence is unlimited: with its 15 all placed it still
    gains Guild and card Influence, and the extra Influence counts for Guild majorities."""
    g = game(track=0)
    st = state(g)
    give(g, HUMAN, black=15, yellow=0, blue=0, influence=0)
    set_ai(g, black=15, yellow=0, blue=0)
    st.inf_supply[AI] = 0
    assert opponent_breakdown(st)["guilds"] == 0  # 15 against 15: nobody
    run_steps(g, (INFLUENCE, BLACK_G), (CARD_INFLUENCE, 0))
    assert ai_guilds(g) == [16, 0, 0]
    assert len(ai_influenced(g)) == 1
    assert opponent_breakdown(st)["guilds"] == st.cfg.comp.guild_majority


def test_the_scheme_cards_are_shuffled_face_down() -> None:
    """WF-SOLO-08: the 6 Scheme cards start shuffled in a face-down pile, none face up."""
    orders = set()
    for seed in range(12):
        st = state(new_solo(seed=seed))
        assert sorted(st.schemes) == list(range(6))
        assert st.ai[AI_REVEALED] == []
        orders.add(tuple(st.schemes))
    assert len(orders) > 1


def test_the_three_blue_scheme_cards() -> None:
    """WF-SOLO-09: the Blue Scheme cards: (a) value 2, first a Green Worker on a Townsfolk
    card, second the Focus, slot 6, no comet; (b) value 0, first Green on a Townsfolk card or
    else Blue on a Water card, second 1 Influence on each Guild, slot 8, comet; (c) value 0,
    first Green on a Townsfolk card or else Yellow on a Land card, second a tile, slot 10,
    comet."""
    solo = load_solo()
    blue = {s.id: (s.silver, s.special_slot, s.comet) for s in solo.schemes if not s.red}
    assert blue == {"blue-1": (2, 6, False), "blue-2": (0, 8, True), "blue-3": (0, 10, True)}
    for sid in blue:
        # First action with a Green Worker: Green on a Townsfolk card.
        g = game()
        set_ai(g, green_workers=1, yellow_workers=0, blue_workers=0)
        reveal(g, sid)
        st = state(g)
        assert markers(g)[TRACK_SPACE] == SILVER[sid]
        assert sum(1 for c in row_cards(g, "townsfolk") if st.card_workers[c] & 1) == 1
        assert ai_workers(g)[0] == 0
    # Without Green: (a) its Focus (Stargazer: a Space card); (b) Blue on Water; (c) Yellow on
    # Land.
    g = game()
    set_ai(g, green_workers=0)
    reveal(g, "blue-1")
    assert ai_count(g, "space") == 1 and ai_workers(g) == [0, 1, 1]
    g = game()
    set_ai(g, green_workers=0)
    reveal(g, "blue-2")
    assert ai_workers(g) == [0, 1, 0]
    assert any(state(g).card_workers[c] & 4 for c in row_cards(g, "water"))
    g = game()
    set_ai(g, green_workers=0)
    reveal(g, "blue-3")
    assert ai_workers(g) == [0, 0, 1]
    assert any(state(g).card_workers[c] & 2 for c in row_cards(g, "land"))
    # No Worker at all: (b) 1 Influence on each Guild; (c) a tile.
    g = game()
    set_ai(g, green_workers=0, yellow_workers=0, blue_workers=0, black=0, yellow=1, blue=1)
    reveal(g, "blue-2")
    assert ai_guilds(g) == [1, 2, 2]
    g = game()
    set_ai(g, green_workers=0, yellow_workers=0, blue_workers=0)
    before = list(state(g).tile_supply)
    reveal(g, "blue-3")
    assert len(tiles_gained(g, before)) == 1


def test_the_three_red_scheme_cards() -> None:
    """WF-SOLO-10: the Red Scheme cards: (a) value 1, first pay 2 Blue Influence for a Water
    card, second 1 Blue Influence and a tile, slot 5, comet; (b) value 2, first pay 2 Black for
    a Space card, second 1 Black and a Townsfolk card, slot 3, no comet; (c) value 1, first pay
    2 Yellow for a Land card, second 2 Yellow and Influence on a card, slot 1, comet."""
    solo = load_solo()
    red = {s.id: (s.silver, s.special_slot, s.comet) for s in solo.schemes if s.red}
    assert red == {"red-1": (1, 5, True), "red-2": (2, 3, False), "red-3": (1, 1, True)}
    # The Mayor board: its first caravan cells give no Water, Space, Land or Townsfolk card.
    # (a)
    g = game("mayor")
    set_ai(g, blue=2)
    reveal(g, "red-1")
    assert markers(g)[TRACK_SPACE] == 1
    assert ai_guilds(g)[BLUE_G] == 0 and ai_count(g, "water") == 1
    g = game("mayor")
    set_ai(g, blue=1)
    before = list(state(g).tile_supply)
    reveal(g, "red-1")
    assert ai_guilds(g)[BLUE_G] == 2 and ai_count(g, "water") == 0
    assert len(tiles_gained(g, before)) == 1
    # (b)
    g = game("mayor")
    set_ai(g, black=2)
    reveal(g, "red-2")
    assert markers(g)[TRACK_SPACE] == 2
    assert ai_guilds(g)[BLACK_G] == 0 and ai_count(g, "space") == 1
    assert ai_count(g, "townsfolk") == 0
    g = game("mayor")
    set_ai(g, black=1)
    reveal(g, "red-2")
    assert ai_guilds(g)[BLACK_G] == 2 and ai_count(g, "townsfolk") == 1
    assert ai_count(g, "space") == 0
    # (c)
    g = game("mayor")
    set_ai(g, yellow=2)
    reveal(g, "red-3")
    assert markers(g)[TRACK_SPACE] == 1
    assert ai_guilds(g)[YELLOW_G] == 0 and ai_count(g, "land") == 1
    assert ai_influenced(g) == []
    g = game("mayor")
    set_ai(g, yellow=1)
    reveal(g, "red-3")
    assert ai_guilds(g)[YELLOW_G] == 3 and ai_count(g, "land") == 0
    assert len(ai_influenced(g)) == 1


# --- the turn ----------------------------------------------------------------------------


def test_the_opponent_rests_with_three_red_or_three_blue_schemes_face_up() -> None:
    """WF-SOLO-11: at the start of its turn the opponent Rests if its face-up Scheme cards
    include 3 Red or 3 Blue cards; otherwise it reveals a Scheme card."""
    for face_up in (("red-1", "red-2", "red-3"), ("blue-1", "blue-2", "blue-3"),
                    ("blue-1", "red-1", "blue-2", "red-3", "red-2")):
        g = game(face_up=face_up)
        opponent_turn(g)
        assert opponent.E_REST in events(g), face_up
        assert opponent.E_REVEAL not in events(g), face_up
        assert state(g).ai[AI_REVEALED] == []
    g = game(face_up=("red-1", "blue-1", "red-2", "blue-2"))
    set_next(g, "blue-3")
    opponent_turn(g)
    assert opponent.E_REST not in events(g)
    assert revealed_ids(g) == ["red-1", "blue-1", "red-2", "blue-2", "blue-3"]


def test_a_reveal_puts_the_top_scheme_face_up_and_moves_the_track_by_its_value() -> None:
    """WF-SOLO-12: a reveal puts the top Scheme card face up after those already revealed and
    moves the Resource Track marker clockwise by the card's Silver value (0-2). (The opponent
    has no Worker or Influence here, so its actions move nothing.)"""
    for sid, value in SILVER.items():
        first = "red-2" if sid != "red-2" else "blue-1"
        g = game(face_up=(first,), track=6)
        set_ai(g, black=0, yellow=0, blue=0, green_workers=0, yellow_workers=0,
               blue_workers=0)
        set_next(g, sid)
        opponent_turn(g)
        assert revealed_ids(g) == [first, sid]
        assert markers(g)[TRACK_SPACE] == (6 + value) % 8, sid


def test_the_opponent_does_the_first_action_if_possible_else_the_second() -> None:
    """WF-SOLO-13: after moving, the opponent does the revealed card's first action if
    possible, otherwise its second, never both (Red (c): pay 2 Yellow for a Land card, or else
    2 Yellow Influence and Influence on a card)."""
    g = game()
    set_ai(g, yellow=2)
    land = card_at(g, "land", 1)  # sum value 1: slot 1 first
    reveal(g, "red-3")
    assert owned_by_ai(g, land) and ai_count(g, "land") == 1
    assert ai_guilds(g)[YELLOW_G] == 0  # paid, and no Yellow from the second action
    assert ai_influenced(g) == []
    g = game()
    set_ai(g, yellow=1)
    reveal(g, "red-3")
    assert ai_count(g, "land") == 0
    assert ai_guilds(g)[YELLOW_G] == 3
    assert len(ai_influenced(g)) == 1


def test_an_action_is_impossible_without_influence_worker_or_target() -> None:
    """WF-SOLO-14: an action is impossible when the opponent lacks the Influence it must
    spend, a Worker of an allowed colour in supply, or a legal target; it then does the second
    action and spends nothing."""
    # No Influence: Red (b) with 1 Black cannot pay 2 for a Space card.
    g = game("mayor")
    set_ai(g, black=1)
    reveal(g, "red-2")
    assert ai_count(g, "space") == 0 and ai_guilds(g)[BLACK_G] == 2
    # No Worker: Blue (a) without a Green Worker does its Focus (Stargazer: a Space card).
    g = game()
    set_ai(g, green_workers=0)
    reveal(g, "blue-1")
    assert ai_count(g, "space") == 1
    # No target for the Worker: every Townsfolk card already holds a Green Worker.
    g = game()
    set_ai(g, green_workers=1)
    st = state(g)
    for c in row_cards(g, "townsfolk"):
        st.card_workers[c] |= 1
    reveal(g, "blue-1")
    assert ai_workers(g)[0] == 1 and ai_count(g, "space") == 1
    # No target for the acquisition: the Space row is empty; the 2 Black are not spent.
    g = game("mayor")
    set_ai(g, black=2)
    empty(g, "space", 1, 2, 3, 4)
    reveal(g, "red-2")
    assert ai_count(g, "space") == 0
    assert ai_guilds(g)[BLACK_G] == 3 and ai_count(g, "townsfolk") == 1


def test_the_opponent_places_green_if_it_can_and_the_other_colour_otherwise() -> None:
    """WF-SOLO-15: when a Scheme card allows two Worker colours, the opponent uses Green if it
    can, and the other colour otherwise (Blue (b): Green on Townsfolk or else Blue on Water)."""
    g = game()
    set_ai(g, green_workers=1, blue_workers=1)
    reveal(g, "blue-2")
    assert ai_workers(g) == [0, 1, 1]
    assert state(g).card_workers[card_at(g, "townsfolk", 1)] & 1  # sum 1: slot 1
    g = game()
    set_ai(g, green_workers=0, blue_workers=1)
    reveal(g, "blue-2")
    assert ai_workers(g) == [0, 1, 0]
    # Green in supply but no Townsfolk card free of Green: it cannot, so Blue.
    g = game()
    set_ai(g, green_workers=1, blue_workers=1)
    for c in row_cards(g, "townsfolk"):
        state(g).card_workers[c] |= 1
    reveal(g, "blue-2")
    assert ai_workers(g)[2] == 0  # (Water slot 1 then retrieves a Worker: WF-SOLO-39)
    assert any(state(g).card_workers[c] & 4 for c in row_cards(g, "water"))
    assert ai_workers(g)[0] >= 1  # its Green Worker was not placed


# --- the Resource Track ------------------------------------------------------------------


def test_the_resource_track_is_a_loop_of_eight_spaces() -> None:
    """WF-SOLO-16: the Resource Track is a loop of spaces 0-7; moving on from 7 continues at
    0."""
    for start, steps, end in ((7, 1, 0), (7, 2, 1), (6, 3, 1), (0, 8, 0), (2, 5, 7)):
        g = game(track=start)
        run_steps(g, (TRACK, steps))
        assert markers(g)[TRACK_SPACE] == end, (start, steps)
    assert track_after(7, 1) == (0, 0)


def test_moving_from_four_onto_five_gives_the_board_bonus() -> None:
    """WF-SOLO-17: each move of the marker from space 4 onto space 5 gives the board's bonus:
    Stargazer 1 Comet, Inventor 1 Yellow Influence, Mayor a Townsfolk card, Wayfarer 1 Black
    Influence. Other moves give nothing; a full loop passes 4→5 once."""

    def bonus(board: str, start: int, steps: int) -> int:
        g = game(board, track=start)
        comet, guilds, folk = markers(g)[COMET_TRACK], ai_guilds(g), ai_count(g, "townsfolk")
        run_steps(g, (TRACK, steps))
        after = ai_guilds(g)
        return {"stargazer": markers(g)[COMET_TRACK] - comet,
                "inventor": after[YELLOW_G] - guilds[YELLOW_G],
                "mayor": ai_count(g, "townsfolk") - folk,
                "wayfarer": after[BLACK_G] - guilds[BLACK_G]}[board]

    for board in BOARDS:
        assert bonus(board, 4, 1) == 1, board
        assert bonus(board, 3, 1) == 0, board
        assert bonus(board, 5, 2) == 0, board
        assert bonus(board, 3, 3) == 1, board
        assert bonus(board, 5, 8) == 1, board


def test_every_track_move_gives_the_bonus_at_once_even_in_the_human_turn() -> None:
    """WF-SOLO-18: every marker move gives the 4→5 bonus at once, whatever caused it: a
    Scheme card's value, Silver icons the opponent gains, and a fee the human pays for the
    opponent's Influence, the last during the human's own turn."""
    # A Scheme value: Blue (a) moves 2 from space 3.
    g = game(track=3)
    set_ai(g, green_workers=0)
    reveal(g, "blue-1")
    assert markers(g)[TRACK_SPACE] == 5 and markers(g)[COMET_TRACK] == 1
    # Silver icons: a Yellow Worker on Land slot 2 (2 Silver) from space 4.
    g = game(face_up=("blue-1",), track=4)  # sum value 2: slot 2 first
    run_steps(g, (WORKER, 1 << 1))
    assert markers(g)[TRACK_SPACE] == 6 and markers(g)[COMET_TRACK] == 1
    # A fee: the human places a Yellow Worker on a Land card holding the opponent's
    # Influence and pays 1 Silver; the Comet comes before the human's turn goes on.
    g = game(track=4)
    st = state(g)
    land = card_at(g, "land", 2)
    st.card_inf[land] = AI
    give(g, HUMAN, silver=3, yellow_workers=1)
    name = st.cfg.comp.cards[land].id
    move = starting(g, f"place yellow worker on {name}, fee 1 silver")
    assert move
    g.play(move[0])
    assert st.seat == HUMAN and st.stack  # the human's turn still has choices
    assert markers(g)[TRACK_SPACE] == 5
    assert markers(g)[COMET_TRACK] == 1


def test_an_opponent_rest_gains_a_comet_then_its_rest_acquisition_then_journals() -> None:
    """WF-SOLO-19: a Rest does, in order: (1) 1 Comet if the most recently revealed Scheme
    card shows a comet; (2) the board's Rest acquisition (Stargazer a Space card, Inventor a
    tile, Mayor a Townsfolk card, Wayfarer Influence on a card); (3) a Journal move."""
    gained = {"stargazer": opponent.E_TAKE, "inventor": opponent.E_TILE,
              "mayor": opponent.E_TAKE, "wayfarer": opponent.E_CARD_INF}
    for board in BOARDS:
        g = game(board, face_up=("red-2", "red-3", "red-1"))  # red-1 shows a comet
        st = state(g)
        cards_before = sum(st.ncards[AI * 5 : AI * 5 + 5])
        tiles_before = list(st.tile_supply)
        opponent_turn(g)
        ev = events(g)
        assert markers(g)[COMET_TRACK] == 1, board
        assert opponent.E_COMET in ev and gained[board] in ev and opponent.E_JOURNAL in ev
        assert ev.index(opponent.E_COMET) < ev.index(gained[board]) \
            < ev.index(opponent.E_JOURNAL), board
        assert st.jpos[AI] != journal_start(g)
        if board == "stargazer":
            assert ai_count(g, "space") == 1
        elif board == "inventor":
            assert len(tiles_gained(g, tiles_before)) >= 1
        elif board == "mayor":
            assert ai_count(g, "townsfolk") == 1
        else:
            assert len(ai_influenced(g)) == 1
            assert sum(st.ncards[AI * 5 : AI * 5 + 5]) == cards_before
    # The latest card shows no comet: no Comet.
    g = game(face_up=("red-1", "red-3", "red-2"))
    opponent_turn(g)
    assert markers(g)[COMET_TRACK] == 0
    assert ai_count(g, "space") == 1 and state(g).jpos[AI] != journal_start(g)


def test_displays_refill_only_after_the_whole_opponent_turn() -> None:
    """WF-SOLO-20: the displays are refilled only after the opponent's whole turn: two
    Townsfolk taken in one turn are the first two of its slot order, not a refilled card. After
    a Rest turn all 6 Scheme cards form a new face-down pile.

    Mayor board, Red (a) face up, Red (b) revealed from space 4: sum value 3 (order 3, 2, 1,
    4); the move onto 5 takes a Townsfolk card (slot 3), then Red (b)'s second action another
    (slot 2). Had the row slid and refilled between them, the second would be the old slot 4.
    """
    g = game("mayor", face_up=("red-1",), track=4)
    set_ai(g, black=0)
    folk = row_cards(g, "townsfolk")
    reveal(g, "red-2")
    assert ai_count(g, "townsfolk") == 2
    assert owned_by_ai(g, folk[2]) and owned_by_ai(g, folk[1])
    assert not owned_by_ai(g, folk[3])
    assert -1 not in row_cards(g, "townsfolk")  # refilled once the turn is over
    # After a Rest the Scheme cards are reshuffled into a new pile of all six.
    g = game(face_up=("blue-1", "blue-2", "blue-3"))
    opponent_turn(g)
    st = state(g)
    assert sorted(st.schemes) == list(range(6)) and st.ai[AI_REVEALED] == []
    opponent_turn(g)  # the next turn reveals again
    assert len(st.ai[AI_REVEALED]) == 1 and len(st.schemes) == 5


def test_a_rest_reveals_nothing_and_leaves_the_track_unless_a_gain_moves_it() -> None:
    """WF-SOLO-21: a Rest reveals no card and does not move the Resource Track, unless one of
    its gains moves it (here a Journal Tile's 2 Silver: 2 steps)."""
    g = game(face_up=("red-1", "red-2", "red-3"), track=2)
    set_next(g, "blue-1")  # value 2, had it been revealed
    opponent_turn(g)
    assert opponent.E_REVEAL not in events(g)
    assert markers(g)[TRACK_SPACE] == 2
    g = game(face_up=("red-1", "red-2", "red-3"), track=2)
    plain_journal_tiles(g, "2 silver")
    opponent_turn(g)
    assert markers(g)[TRACK_SPACE] == 4


# --- priorities --------------------------------------------------------------------------


def test_the_track_space_gives_the_colour() -> None:
    """WF-SOLO-22: the Resource Track gives a colour: spaces 0-2 Black, 3-4 Blue, 5-6 Yellow,
    7 Green; seen in the tile the opponent takes when the colour is free (Space, Water, Land,
    Basic)."""
    expect = {0: SPACE_T, 1: SPACE_T, 2: SPACE_T, 3: WATER_T, 4: WATER_T, 5: LAND_T,
              6: LAND_T, 7: BASIC}
    comp = state(new_solo()).cfg.comp
    for space, colour in expect.items():
        g = game(track=space)
        before = list(state(g).tile_supply)
        run_steps(g, (TILE, ANY))
        got = tiles_gained(g, before)
        assert [comp.tiles[t].colour for t in got] == [colour], space


def test_the_colour_order_goes_round_when_a_colour_gives_nothing() -> None:
    """WF-SOLO-23: the colour order starts at the track colour and goes Black → Blue → Yellow →
    Green → Black, moving on whenever the current colour gives nothing (no tile of it left)."""
    comp = state(new_solo()).cfg.comp
    cases = [  # (track space, tile colours gone, colour taken)
        (3, (WATER_T,), LAND_T),
        (3, (WATER_T, LAND_T), BASIC),
        (3, (WATER_T, LAND_T, BASIC), SPACE_T),
        (7, (BASIC,), SPACE_T),
        (0, (SPACE_T,), WATER_T),
        (5, (LAND_T, BASIC, SPACE_T), WATER_T),
    ]
    for space, gone, colour in cases:
        g = game(track=space)
        for c in gone:
            remove_tiles(g, c)
        before = list(state(g).tile_supply)
        run_steps(g, (TILE, ANY))
        assert [comp.tiles[t].colour for t in tiles_gained(g, before)] == [colour], (space,
                                                                                    gone)
    solo = load_solo()
    assert colour_order(solo, 3) == (1, 2, 3, 0)  # Blue, Yellow, Green, Black


def test_each_colour_means_its_cards_tiles_and_workers() -> None:
    """WF-SOLO-24: Black means Space cards and tiles; Blue Water cards, tiles and Blue
    Workers; Yellow Land cards, tiles and Yellow Workers; Green Townsfolk cards, Basic tiles and
    Green Workers. Seen in the row the opponent puts card Influence on, and in the Worker
    colour it retrieves first."""
    for space, row in ((0, "space"), (3, "water"), (5, "land"), (7, "townsfolk")):
        g = game(track=space)
        run_steps(g, (CARD_INFLUENCE, 0))
        [card] = ai_influenced(g)
        assert state(g).display.index(card) // SLOTS == ROWS[row], space
    for space, colour in ((3, 2), (5, 1)):  # Blue Workers at space 3, Yellow at 5
        g = game(track=space)
        st = state(g)
        set_ai(g, yellow_workers=0, blue_workers=0)
        land, water = card_at(g, "land", 1), card_at(g, "water", 1)
        st.card_workers[land] |= 1 << 1
        st.card_workers[water] |= 1 << 2
        run_steps(g, (RETRIEVE, 0))
        assert ai_workers(g) == [0, int(colour == 1), int(colour == 2)], space


def test_the_opponent_picks_a_guild_by_colour_order_skipping_green() -> None:
    """WF-SOLO-25: Influence on a Guild of the opponent's choosing follows its colour order and
    skips Green (space 7, Green: Black next)."""
    for space, guild in ((0, BLACK_G), (3, BLUE_G), (5, YELLOW_G), (7, BLACK_G)):
        g = game(track=space)
        before = ai_guilds(g)
        run_steps(g, (INFLUENCE, ANY))
        after = ai_guilds(g)
        assert [a - b for a, b in zip(after, before, strict=True)] == \
            [int(k == guild) for k in range(3)], space
    assert guild_order(load_solo(), 7) == (BLACK_G, BLUE_G, YELLOW_G)


def test_the_sum_value_is_of_the_two_latest_schemes_and_zero_counts_as_one() -> None:
    """WF-SOLO-26: the sum value is the total Silver value of the two most recently revealed
    face-up Scheme cards (or of the only one), and 0 counts as 1; it picks the first slot (see
    WF-SOLO-27) of an acquisition."""
    solo = load_solo()
    cases = [  # face up (reveal order), sum value
        (("blue-1",), 2),
        (("red-1",), 1),
        (("blue-2",), 1),  # 0 counts as 1
        (("red-2", "blue-2", "blue-3"), 1),  # only the latest two: 0 + 0
        (("blue-2", "red-1", "red-2"), 3),
        (("blue-2", "blue-1", "red-2"), 4),
    ]
    for face_up, value in cases:
        assert sum_value(solo, [scheme_index(s) for s in face_up]) == value, face_up
        g = game(face_up=face_up)
        first = card_at(g, "townsfolk", SLOT_ORDER[value][0])
        run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
        assert owned_by_ai(g, first), face_up


def test_the_sum_value_sets_the_slot_order() -> None:
    """WF-SOLO-27: the sum value sets the slot order: 1 → 1, 2, 3, 4; 2 → 2, 3, 4, 1; 3 → 3, 2,
    1, 4; 4 → 4, 3, 2, 1 (slot 1 the centre-most). Four acquisitions from one row in a row take
    the slots in that order."""
    solo = load_solo()
    for value, face_up in FACE_UP_FOR_SUM.items():
        assert slot_order(solo, [scheme_index(s) for s in face_up]) == SLOT_ORDER[value]
        g = game(face_up=face_up)
        for k, name in enumerate(("T01", "T02", "T03", "T04")):
            put_display(g, "townsfolk", k + 1, name)
        taken = []
        for _ in range(4):
            row = row_cards(g, "townsfolk")
            run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
            taken += [s + 1 for s in range(4) if row[s] >= 0 and owned_by_ai(g, row[s])]
        assert tuple(taken) == SLOT_ORDER[value], value


def test_the_opponent_skips_unusable_slots_and_wraps_round() -> None:
    """WF-SOLO-28: the opponent skips targets it cannot use (an empty slot, a card under a
    Worker placed this turn, a card the human denied) and takes the next in its slot order,
    wrapping round. Sum value 3: order 3, 2, 1, 4."""
    face_up = FACE_UP_FOR_SUM[3]
    # An empty slot.
    g = game(face_up=face_up)
    second = card_at(g, "townsfolk", 2)
    empty(g, "townsfolk", 3)
    run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
    assert owned_by_ai(g, second)
    # A card under the Worker it placed this turn (its Green Worker goes on slot 3 first).
    g = game(face_up=face_up)
    set_ai(g, green_workers=1)
    third, second = card_at(g, "townsfolk", 3), card_at(g, "townsfolk", 2)
    run_steps(g, (WORKER, GREEN_ONLY), (ACQUIRE, ROWS["townsfolk"]))
    assert state(g).card_workers[third] & 1
    assert not owned_by_ai(g, third) and owned_by_ai(g, second)
    # A card the human denied.
    g = game(face_up=face_up)
    st = state(g)
    third, second = card_at(g, "townsfolk", 3), card_at(g, "townsfolk", 2)
    st.card_inf[third] = HUMAN
    give(g, HUMAN, silver=2)
    run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
    assert waiting_on_human(g)
    [deny] = [a for a in g.legal_actions() if a.startswith("deny: pay 1 silver")]
    g.play(deny)
    assert st.silver[HUMAN] == 1
    assert not owned_by_ai(g, third) and owned_by_ai(g, second)
    # Wrapping: sum value 2 (order 2, 3, 4, 1) with slots 2-4 empty takes slot 1.
    g = game(face_up=FACE_UP_FOR_SUM[2])
    first = card_at(g, "townsfolk", 1)
    empty(g, "townsfolk", 2, 3, 4)
    run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
    assert owned_by_ai(g, first)


def test_the_opponent_walks_the_slot_order_rather_than_an_index_modulo() -> None:
    """WF-BUG-05: the opponent's card is not "priority index modulo the number of available
    cards": it walks the slot order, skipping unusable slots, for acquisitions, Workers and
    card Influence alike. Sum value 4 (order 4, 3, 2, 1) with slot 4 unusable: slot 3 (a
    modulo over the three cards left would give slot 1)."""
    face_up = FACE_UP_FOR_SUM[4]
    g = game(face_up=face_up)
    third = card_at(g, "townsfolk", 3)
    empty(g, "townsfolk", 4)
    run_steps(g, (ACQUIRE, ROWS["townsfolk"]))
    assert owned_by_ai(g, third)
    # A Worker: slot 4 already holds a Green Worker.
    g = game(face_up=face_up)
    st = state(g)
    set_ai(g, green_workers=1)
    st.card_workers[card_at(g, "townsfolk", 4)] |= 1
    third = card_at(g, "townsfolk", 3)
    run_steps(g, (WORKER, GREEN_ONLY))
    assert st.card_workers[third] & 1 and st.worker_new[third] & 1
    # Card Influence (space 0, Black: the Space row): slot 4 already holds Influence.
    g = game(face_up=face_up, track=0)
    st = state(g)
    st.card_inf[card_at(g, "space", 4)] = HUMAN
    third = card_at(g, "space", 3)
    run_steps(g, (CARD_INFLUENCE, 0))
    assert ai_influenced(g) == [third]


def test_tile_colours_with_three_slots_have_no_slot_four() -> None:
    """WF-SOLO-29: Land, Water and Space tiles have only 3 slots; slot 4 does not exist and
    is skipped. Sum value 4 (order 4, 3, 2, 1) takes slot 3; sum value 2 (2, 3, 4, 1) with
    slots 2 and 3 gone takes slot 1."""
    for colour in (LAND_T, WATER_T, SPACE_T):
        g = game(face_up=FACE_UP_FOR_SUM[4])
        assert tile_slots(g, colour) == [1, 2, 3]
        before = list(state(g).tile_supply)
        run_steps(g, (TILE, colour))
        assert tiles_gained(g, before) == [tile_of(g, colour, 3)], colour
        g = game(face_up=FACE_UP_FOR_SUM[2])
        remove_tiles(g, colour, 2, 3)
        before = list(state(g).tile_supply)
        run_steps(g, (TILE, colour))
        assert tiles_gained(g, before) == [tile_of(g, colour, 1)], colour


def test_basic_tiles_have_four_slots() -> None:
    """WF-BUG-11: Green (Basic) tiles have 4 slots, unlike Land, Water and Space: sum value 4
    takes Basic slot 4, and sum value 2 with slots 2 and 3 gone takes slot 4 before
    wrapping to 1."""
    g = game(face_up=FACE_UP_FOR_SUM[4])
    assert tile_slots(g, BASIC) == [1, 2, 3, 4]
    before = list(state(g).tile_supply)
    run_steps(g, (TILE, BASIC))
    assert tiles_gained(g, before) == [tile_of(g, BASIC, 4)]
    g = game(face_up=FACE_UP_FOR_SUM[2])
    remove_tiles(g, BASIC, 2, 3)
    before = list(state(g).tile_supply)
    run_steps(g, (TILE, BASIC))
    assert tiles_gained(g, before) == [tile_of(g, BASIC, 4)]
    # Through the colour order: space 7 (Green) with sum value 4.
    g = game(face_up=FACE_UP_FOR_SUM[4], track=7)
    before = list(state(g).tile_supply)
    run_steps(g, (TILE, ANY))
    assert tiles_gained(g, before) == [tile_of(g, BASIC, 4)]


def test_the_inspiration_preference_follows_the_track() -> None:
    """WF-SOLO-30: the opponent takes an Inspiration card only from the three lowest cards of
    the column, starting at a preference set by the track: spaces 0-2: 2nd from the top, then
    3rd, then 4th; spaces 3 and 7: 3rd, 4th, 2nd; spaces 4-6: 4th, 2nd, 3rd. (The top card is
    slot 4, so the n-th from the top is slot 5 - n.)"""
    from_top = {0: (2, 3, 4), 1: (2, 3, 4), 2: (2, 3, 4), 3: (3, 4, 2), 7: (3, 4, 2),
                4: (4, 2, 3), 5: (4, 2, 3), 6: (4, 2, 3)}
    solo = load_solo()
    for space, pref in from_top.items():
        slots = [5 - n for n in pref]
        assert tuple(inspiration_slots(solo, space)[:3]) == tuple(slots), space
        # Through play: the first preference, then with it gone the second, then the third.
        for k in range(3):
            g = game(track=space)
            empty(g, "inspiration", *slots[:k])
            want = card_at(g, "inspiration", slots[k])
            run_steps(g, (ACQUIRE, ROWS["inspiration"]))
            assert owned_by_ai(g, want), (space, k)
            assert ai_count(g, "inspiration") == 1


def test_the_inspiration_preference_counts_from_the_top() -> None:
    """WF-BUG-03: the Inspiration preference counts from the top of the column (slot 4, by
    the pile), not from the bottom: at space 0 the opponent takes the 2nd card from the top
    (slot 3), not the 2nd from the bottom (slot 2); at space 4 the 4th from the top (slot 1)."""
    g = game(track=0)
    for k, name in enumerate(("I01", "I02", "I03", "I04")):
        put_display(g, "inspiration", k + 1, name)
    run_steps(g, (ACQUIRE, ROWS["inspiration"]))
    assert owned_by_ai(g, idx(g, "I03")) and not owned_by_ai(g, idx(g, "I02"))
    g = game(track=4)
    for k, name in enumerate(("I01", "I02", "I03", "I04")):
        put_display(g, "inspiration", k + 1, name)
    run_steps(g, (ACQUIRE, ROWS["inspiration"]))
    assert owned_by_ai(g, idx(g, "I01")) and not owned_by_ai(g, idx(g, "I04"))


def test_with_no_low_inspiration_card_the_opponent_takes_the_top_one() -> None:
    """WF-RUL-22: if none of the three lowest Inspiration cards is there, the opponent takes
    the top card; if the column is empty, it gains nothing."""
    for space in (0, 3, 4):
        g = game(track=space)
        top = card_at(g, "inspiration", 4)
        empty(g, "inspiration", 1, 2, 3)
        run_steps(g, (ACQUIRE, ROWS["inspiration"]))
        assert owned_by_ai(g, top), space
    g = game()
    empty(g, "inspiration", 1, 2, 3, 4)
    run_steps(g, (ACQUIRE, ROWS["inspiration"]))
    assert ai_count(g, "inspiration") == 0
    assert sum(state(g).ncards[AI * 5 : AI * 5 + 5]) == 0


def test_card_influence_picks_the_row_by_colour_then_the_card_by_slot() -> None:
    """WF-SOLO-31: Influence on a card: the row by the colour order, then the card by the slot
    order, only among cards without Influence. Space 0 (Black: the Space row first), sum value
    3 (order 3, 2, 1, 4)."""
    face_up = FACE_UP_FOR_SUM[3]
    g = game(face_up=face_up, track=0)
    want = card_at(g, "space", 3)
    run_steps(g, (CARD_INFLUENCE, 0))
    assert ai_influenced(g) == [want]
    # Slot 3 holds the human's Influence and slot 2 is empty: slot 1.
    g = game(face_up=face_up, track=0)
    state(g).card_inf[card_at(g, "space", 3)] = HUMAN
    empty(g, "space", 2)
    want = card_at(g, "space", 1)
    run_steps(g, (CARD_INFLUENCE, 0))
    assert ai_influenced(g) == [want]
    # Every Space card holds Influence: the next colour, Blue (the Water row), slot 3.
    g = game(face_up=face_up, track=0)
    st = state(g)
    for c in row_cards(g, "space"):
        st.card_inf[c] = HUMAN
    before = ai_influenced(g)
    want = card_at(g, "water", 3)
    run_steps(g, (CARD_INFLUENCE, 0))
    assert ai_influenced(g) == [*before, want]


def test_a_tile_of_unnamed_colour_follows_the_colour_order_a_named_one_does_not() -> None:
    """WF-SOLO-32: a tile of unnamed colour: colour by the colour order, then tile by the slot
    order. A named colour (a Worker slot's tile) uses only that colour, even when the track
    colour differs or none of the named colour is left (then that slot gives the opponent
    nothing, so its Worker passes the card by: the ruling "A Worker only where its action gives
    the opponent something")."""
    g = game(face_up=FACE_UP_FOR_SUM[3], track=3)  # Blue; order 3, 2, 1, 4
    before = list(state(g).tile_supply)
    run_steps(g, (TILE, ANY))
    assert tiles_gained(g, before) == [tile_of(g, WATER_T, 3)]
    # A Green Worker on Townsfolk slot 3, whose slot action is a Basic tile.
    g = game(face_up=FACE_UP_FOR_SUM[3], track=3)
    st = state(g)
    set_ai(g, green_workers=1)
    before = list(st.tile_supply)
    run_steps(g, (WORKER, GREEN_ONLY))
    assert st.card_workers[card_at(g, "townsfolk", 3)] & 1
    assert tiles_gained(g, before) == [tile_of(g, BASIC, 3)]
    g = game(face_up=FACE_UP_FOR_SUM[3], track=3)
    st = state(g)
    set_ai(g, green_workers=1)
    remove_tiles(g, BASIC)
    before = list(st.tile_supply)
    run_steps(g, (WORKER, GREEN_ONLY))
    assert not st.card_workers[card_at(g, "townsfolk", 3)] & 1
    assert st.card_workers[card_at(g, "townsfolk", 2)] & 1  # next in slot order
    assert tiles_gained(g, before) == []
    # A Journal Tile's Basic tile, at space 3 (Blue).
    g = game(face_up=FACE_UP_FOR_SUM[3], track=3)
    plain_journal_tiles(g, "basic tile (free)")
    before = list(state(g).tile_supply)
    run_steps(g, (JOURNAL, 0))
    assert state(g).jpos[AI] != journal_start(g)
    assert tiles_gained(g, before) == [tile_of(g, BASIC, 3)]


def test_a_special_tile_follows_the_latest_scheme_slot_then_increasing() -> None:
    """WF-SOLO-33: a Special tile: the slot on the most recently revealed Scheme card; if that
    tile is gone, the next slot in increasing number, wrapping from 10 to 1."""
    cases = [  # face up, Special slots gone, slot taken
        (("blue-1", "red-2"), (), 3),
        (("red-2", "blue-1"), (), 6),
        (("blue-1", "red-2"), (3,), 4),
        (("blue-1", "red-2"), (3, 4, 5), 6),
        (("red-2", "blue-3"), (10,), 1),
        (("red-1", "blue-3"), (10, 1, 2), 3),
    ]
    for face_up, gone, slot in cases:
        g = game(face_up=face_up)
        if gone:
            remove_tiles(g, SPECIAL, *gone)
        before = list(state(g).tile_supply)
        run_steps(g, (SPECIAL_TILE, 0))
        assert tiles_gained(g, before) == [tile_of(g, SPECIAL, slot)], (face_up, gone)
