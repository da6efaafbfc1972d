"""Rule tests for the Wayfarers rulings and the other implementation's bugs not to copy
(WF-RUL-01..20, WF-BUG-01, WF-BUG-06..10, WF-BUG-12)."""

from __future__ import annotations

from pathlib import Path

import upriver
from tests.wayfarers.helpers import (
    LIBRARY,
    MARKET,
    OBSERVATORY,
    acts,
    board_host,
    gain,
    give,
    new,
    place_tile,
    play,
    put_display,
    set_dice,
    starting,
    state,
)
from tests.wayfarers.helpers import rest_turn as pass_turn
from upriver.core.game import Game
from upriver.games.wayfarers import journal
from upriver.games.wayfarers.scoring import breakdown
from upriver.games.wayfarers.state import SHIP, USED_BLUE

DATA = Path(journal.__file__).parent / "data"


def table(dice: list[int] | None = None, sides: str = "aaa", **holdings: int) -> Game:
    """Seat 0 to move on player board 1, no Guild Influence and no Workers unless given."""
    g = new(2, seed=1, sides=sides)
    state(g).board[0] = 0
    give(g, 0, **{"black": 0, "yellow": 0, "blue": 0, "silver": 10, "provisions": 5,
                  "yellow_workers": 0, "blue_workers": 0, **holdings})
    set_dice(g, 0, dice or [])
    return g




def test_seat_chart() -> None:
    """WF-RUL-01: seats 1-4 start with 3/3/4/4 Silver, 2/2/2/3 Provisions, Blue Influence for
    seat 1 and Blue + Yellow for seats 2-4, no Black for anyone; seats count from the random
    first player."""
    for seed in range(4):
        g = upriver.new_game("wayfarers", players=4, seed=seed)
        st = g.state
        for k in range(4):
            s = (st.first_player + k) % 4
            assert st.silver[s] == (3, 3, 4, 4)[k]
            assert st.provisions[s] == (2, 2, 2, 3)[k]
            assert st.guild[s * 3 : s * 3 + 3] == [0, 0 if k == 0 else 1, 1]


def test_scholars_hosts() -> None:
    """WF-RUL-02: the Blue and Yellow Scholars go under a plain City or Harbour, never a Vista
    or Open Water; the Black Scholar needs a Library or Observatory host."""
    g = table([2])
    gain(g, 0, "L19")  # Vista
    gain(g, 0, "W19")  # Open Water
    gain(g, 0, "L01")  # plain City
    put_display(g, "townsfolk", 1, "T24")
    put_display(g, "townsfolk", 2, "T26")
    play(g, "place die 2", "place die 2 on Capital Market")
    assert not starting(g, "take T26")  # no Library or Observatory card to host it
    play(g, "take T24 (1 silver)" + MARKET)
    assert sorted(acts(g)) == ["tuck T24 under Capital City", "tuck T24 under Capital Harbour",
                               "tuck T24 under L01"]
    g = table([2])
    gain(g, 0, "L09")  # City + Observatory
    put_display(g, "townsfolk", 2, "T26")
    play(g, "place die 2", "place die 2 on Capital Market", "take T26 (2 silver)" + MARKET)
    assert acts(g) == ["tuck T26 under L09"]


def test_inspiration_deck_is_goals_1_to_16() -> None:
    """WF-RUL-03, WF-BUG-01: the Inspiration deck is 16 cards, goals 1-16, the 6 Provisions and
    the 6 Silver cards both in it."""
    g = new(2, seed=1)
    st = state(g)
    comp = st.cfg.comp
    cards = st.piles[4] + [c for c in st.display[16:20] if c >= 0]
    assert len(cards) == 16
    ids = sorted(comp.cards[c].id for c in cards)
    assert ids == [f"I{n:02d}" for n in range(1, 17)]
    goals = {comp.cards[c].goal_text: comp.cards[c].at_least for c in cards}
    assert goals["provisions"] == 6 and goals["silver"] == 6


def test_silver_and_provisions_are_unlimited() -> None:
    """WF-RUL-04: the main supply of Silver and Provisions is unlimited: 48 tokens are no cap."""
    g = table(blue_workers=1, silver=60, provisions=60)
    put_display(g, "water", 2, "W20")  # 2 provisions & blue influence
    play(g, "place blue worker on W20", "gain 2 provisions")
    assert state(g).provisions[0] == 62


def test_an_exhausted_pile_is_never_reshuffled() -> None:
    """WF-RUL-05: a pile is never reshuffled: slots it cannot fill stay empty, and a draw of 3
    from a 1-card pile draws that card and keeps it."""
    g = table(yellow_workers=1, provisions=3)
    st = state(g)
    put_display(g, "land", 4, "L20")
    last = st.piles[1][-1]
    del st.piles[1][:-1]
    del st.pile_known[1][:-1]
    assert st.piles[1] == [last]
    play(g, "place yellow worker on L20", "pay 3 provisions -> draw 3 land", "draw 3 land")
    assert st.drawn == [last] and st.piles[1] == []
    name = st.cfg.comp.cards[last].id
    play(g, f"keep {name}")
    assert last in st.lands[0]
    while st.seat == 0:
        play(g, "done")
    # Seat 1 takes a Land card: its slot stays empty.
    give(g, 1, provisions=2)
    set_dice(g, 1, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L20")
    while st.seat == 1:
        play(g, "done")
    assert st.display[4:8].count(-1) == 1 and st.display[7] == -1


def test_a_vista_fires_once_per_gained_item() -> None:
    """WF-RUL-06: a Vista fires at most once per gained item: Great Omen's 3 Comet tags fire the
    Comet Vista L23 (1 Silver and modify a die) once."""
    g = table([6, 2], silver=3)
    gain(g, 0, "L23")
    gain(g, 0, "L01")
    put_display(g, "space", 1, "S06")
    play(g, "place die 6", "place die 6 on Capital Observatory",
         "take S06 (3 silver)" + OBSERVATORY)
    assert state(g).tags[10] == 3
    assert acts(g) == ["gain 1 silver", "modify die 2 to 3", "modify die 2 to 1", "done"]
    play(g, "gain 1 silver", "modify die 2 to 3")
    assert state(g).seat == 1 and state(g).silver[0] == 1


def test_effects_of_one_gain_resolve_in_any_order() -> None:
    """WF-RUL-07: the immediate effect, Water links and Vista triggers of one gain are offered
    together, in any order: the Vista's Silver before W26's immediate 3 Silver."""
    g = table([5], provisions=2, silver=0)
    gain(g, 0, "L21")
    put_display(g, "water", 1, "W26")
    place_tile(g, 0, "basic-ship", 5, 2)
    play(g, "place die 5", "place die 5 on Capital Harbour", "pay 2 provisions -> water card",
         "take W26")
    assert {"gain 3 silver", "yellow influence", "gain 1 silver"} <= set(acts(g))
    play(g, "gain 1 silver", "yellow influence", "gain 1 silver", "gain 3 silver")
    assert state(g).silver[0] == 5 and state(g).seat == 1


def test_all_of_parts_in_any_order_everywhere() -> None:
    """WF-RUL-08: the parts of any all-of effect (here a worker slot: Journal and 1 Provision,
    and then an immediate effect) resolve in any order the player picks."""
    g = table(green_workers=1, provisions=0)
    put_display(g, "townsfolk", 4, "T08")
    play(g, "place green worker on T08", "gain 1 provision")
    assert state(g).provisions[0] == 1 and "journal to 10" in acts(g)
    g = table([5], provisions=2, silver=0)
    put_display(g, "water", 1, "W19")  # black influence & silver & provision & card influence
    place_tile(g, 0, "basic-ship", 5, 2)
    play(g, "place die 5", "place die 5 on Capital Harbour", "pay 2 provisions -> water card",
         "take W19")
    target = next(a for a in acts(g) if a.startswith("influence on "))
    play(g, target, "gain 1 provision", "black influence")
    assert state(g).guild[0] == 1 and state(g).provisions[0] == 1


def test_one_caravan_chain_without_bouncing() -> None:
    """WF-RUL-09: a chain uses each column's change at most once, so a die never bounces back
    between two columns; Yellow ends the chain, which cannot resume."""
    g = table([2], yellow=1)
    place_tile(g, 0, "space-updown", 2, 1)
    place_tile(g, 0, "space-updown", 3, 1)
    place_tile(g, 0, "space-updown", 4, 1)
    play(g, "place die 2", "caravan: die 2 to 3")
    assert "caravan: die 3 to 2" not in acts(g)
    assert "caravan: die 3 to 4" in acts(g)
    play(g, "use yellow influence", "yellow: the die to place, 3 to 4", "yellow: no second step")
    assert state(g).dice[0] == [4]
    assert not starting(g, "caravan: ")


def test_a_tile_with_no_position_cannot_be_gained() -> None:
    """WF-RUL-10: a tile with no legal caravan position cannot be gained, even free: with only
    two separate free cells a Land tile is no gain (the Land slot 3 Worker has nothing to do),
    while a Basic tile still is."""
    g = table(yellow_workers=1, green_workers=1)
    st = state(g)
    code = next(t for t in st.cfg.comp.tiles if t.id == "basic-camel").index * 8
    for cell in range(18):
        if cell not in (0, 5, 7, 15):  # free: column 2 row 2 and column 4 row 3
            st.caravan[cell] = code
    put_display(g, "land", 3, "L20")
    put_display(g, "townsfolk", 3, "T08")
    assert not starting(g, "place yellow worker on L20")
    play(g, "place green worker on T08")
    assert "take tile basic-ship (free)" in acts(g)


def test_a_discount_beyond_the_price_is_lost_and_never_reduces_a_fee() -> None:
    """WF-RUL-11: a discount larger than the price brings it to 0 and the surplus is lost; the
    Influence fee is never discounted (Messenger, 1 Silver, with 2 Silver discounts)."""
    g = table([3], silver=2)
    place_tile(g, 0, "land-discount", 2, 2, face=0)  # column 3: silver off
    place_tile(g, 0, "water-discount", 2, 3, face=1)  # column 3: silver off
    t = put_display(g, "townsfolk", 1, "T22")
    state(g).card_inf[t] = 1
    play(g, "place die 3", "place die 3 on Capital Market")
    take = starting(g, "take T22 (fee 1 silver to seat ")
    assert len(take) == 1  # no Silver price left, only the fee
    play(g, take[0], "tuck T22 under Capital City")
    assert state(g).silver == [1, 4]


def test_each_interaction_pays_its_own_fee() -> None:
    """WF-RUL-12: retrieving a Worker from an influenced card and then acquiring it pays two
    fees."""
    g = table([1], provisions=2, silver=2)
    gain(g, 0, "L05")  # Camel: pay 2 provisions -> land card & retrieve worker
    card = put_display(g, "land", 2, "L20")
    st = state(g)
    st.card_inf[card] = 1
    st.card_workers[card] = 2  # seat 2's Yellow Worker, placed earlier
    play(g, "place die 1", "place die 1 on L05", "pay 2 provisions -> land card & retrieve worker")
    play(g, starting(g, "retrieve yellow worker from L20, fee 1 silver to seat ")[0])
    play(g, starting(g, "take L20 (fee 1 silver to seat ")[0])
    assert st.silver[0] == 0 and st.silver[1] == 5
    assert st.workers[1] == 1 and st.owner[card] == 0 and st.card_inf[card] == -1


def test_a_second_final_space_changes_nothing() -> None:
    """WF-RUL-13: entering a final space after the end was triggered neither restarts nor
    extends the final round."""
    g = table([6, 6], black=1)
    st = state(g)
    st.jpos[0] = 90
    st.jpos[1] = 95
    place_tile(g, 0, "basic-pigeon", 6, 2)
    place_tile(g, 1, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library", "journal to 102" + LIBRARY)
    while st.seat == 0:
        play(g, "done")
    give(g, 1, black=1, yellow=0, blue=0)
    set_dice(g, 1, [6])
    play(g, "place die 6", "place die 6 on Capital Library", "journal to 106" + LIBRARY)
    while st.seat == 1:
        play(g, "done")
    assert st.end_seat == 0 and not g.is_over
    pass_turn(g)  # seat 0's final turn
    assert g.is_over


def test_a_die_may_go_where_nothing_can_be_done() -> None:
    """WF-RUL-14: a die may be placed on a legal space even if none of its action can be done
    (Capital City with no Provisions)."""
    g = table([1], provisions=0)
    play(g, "place die 1")
    assert "place die 1 on Capital City" in acts(g)
    play(g, "place die 1 on Capital City")
    assert state(g).occupied[board_host(0, "city")] == 1 and state(g).seat == 1


def test_yellow_at_any_moment_of_the_turn() -> None:
    """WF-RUL-15: the Yellow ability may be used at any moment of the player's own turn, also on
    a Worker or Rest turn: it is offered as the turn begins and between a Worker's effects."""
    g = table([3, 4], yellow=1, blue_workers=1)
    assert "use yellow influence" in acts(g)
    put_display(g, "water", 2, "W20")
    play(g, "place blue worker on W20")
    assert "use yellow influence" in acts(g)
    play(g, "use yellow influence", "yellow: die 3 to 4", "yellow: die 4 to 5")
    assert sorted(state(g).dice[0]) == [4, 5] and state(g).guild[1] == 0
    g = table([3], yellow=1)
    play(g, "use yellow influence", "yellow: die 3 to 2", "yellow: die 2 on to 1")
    assert state(g).dice[0] == [1] and state(g).guild[1] == 0
    assert "rest" in acts(g)
    play(g, "rest")
    assert "gain 1 silver" in acts(g) or "reroll a 1 kept in supply" in acts(g)


def test_the_blue_ship_serves_one_placement() -> None:
    """WF-RUL-16: the Blue Ship is hired before the space is chosen and serves only this turn's
    single placement; the ability is then used for the turn."""
    g = table([3, 3], blue=2)
    assert "hire a ship (1 blue influence)" not in acts(g)
    play(g, "place die 3")
    assert "place die 3 on Capital Harbour" not in acts(g)
    play(g, "hire a ship (1 blue influence)")
    st = state(g)
    assert st.guild[2] == 1 and st.used & SHIP
    assert "hire a ship (1 blue influence)" not in acts(g)
    play(g, "place die 3 on Capital Harbour")
    assert not st.used & SHIP and st.used & USED_BLUE


def test_draw_three_leftovers_go_under_the_pile_in_drawn_order() -> None:
    """WF-RUL-17: the cards not kept go to the bottom of the pile in the order drawn: the first
    left over goes under first, the next under it."""
    g = table(blue_workers=1, provisions=3)
    st = state(g)
    put_display(g, "water", 4, "W20")
    drawn = st.piles[2][-3:][::-1]
    play(g, "place blue worker on W20", "pay 3 provisions -> draw 3 water", "draw 3 water")
    assert st.drawn == drawn
    play(g, f"keep {st.cfg.comp.cards[drawn[1]].id}")
    assert st.piles[2][:2] == [drawn[2], drawn[0]]


def test_the_capital_sky_is_a_space_card() -> None:
    """WF-RUL-18: the Capital Sky counts as a Space card: a fresh board already holds one full
    Collector's Star set (Townsfolk, Space, Land, Water)."""
    g = new(2, seed=1)
    st = state(g)
    assert st.ncards[0:5] == [1, 1, 1, 1, 0]
    gain(g, 0, "L20")
    gain(g, 0, "S28", above="L20")
    assert breakdown(st)[0]["space cards"] == 1 + 0  # Collector's Star 1, Capital Sky 0


def test_board_sides_random_or_fixed() -> None:
    """WF-RUL-19: each board section's side is drawn at random by default, and an option fixes
    them."""
    assert new(2, seed=1, sides="bab").state.sides == [1, 0, 1]
    drawn = {tuple(upriver.new_game("wayfarers", players=2, seed=s).state.sides)
             for s in range(30)}
    assert len(drawn) > 1


def test_unchecked_component_values_are_marked_reconstructed() -> None:
    """WF-RUL-20: values not yet checked against a physical copy are marked "reconstructed" in
    the data files: side-B link requirements, Vista triggers, Water link edges, the seat chart
    and the Inspiration list."""
    board = (DATA / "board.toml").read_text()
    journal_text = (DATA / "journal.toml").read_text()
    cards = (DATA / "cards.toml").read_text()
    assert any("reconstructed" in line and "side-b" in line for line in journal_text.splitlines())
    seats = board[board.index("[setup]") : board.index("seats =")]
    assert "reconstructed" in seats
    for line in cards.splitlines():
        if line.startswith(("trigger =", "left_bars =")):
            assert "reconstructed" in line, line
    insp = cards[cards.index("[[townsfolk]]") :]
    insp = insp[insp.rindex("resting") : insp.index("[[inspiration]]")]
    assert "reconstructed" in insp


def test_a_worker_slot_with_nothing_doable_is_no_target() -> None:
    """WF-BUG-06: a Worker may not go where no part of the slot action can be resolved: Water
    slot 3 (a Water tile) with 2 Silver and no Blue Influence is no target."""
    g = table(blue_workers=1, silver=2)
    put_display(g, "water", 3, "W20")
    assert not starting(g, "place blue worker on W20")
    give(g, 0, silver=3)
    assert starting(g, "place blue worker on W20")


def test_rest_is_always_allowed() -> None:
    """WF-BUG-07: Rest is allowed even when no die is placed, with any dice in supply."""
    for dice in ([], [1], [2, 3, 4]):
        g = table(dice)
        assert "rest" in acts(g)
    g = table([2, 3, 4])
    pass_turn(g)
    assert state(g).seat == 1


def test_resting_abilities_come_after_the_dice_are_rolled() -> None:
    """WF-BUG-08: the Resting abilities resolve after the placed dice are returned and rolled."""
    g = table([2], silver=0)
    st = state(g)
    st.occupied[board_host(0, "market")] = 1
    st.occupied[board_host(0, "reserve")] = 1
    play(g, "rest")
    assert st.occupied[board_host(0, "market")] == 0 and len(st.dice[0]) == 3
    play(g, "keep the other dice")
    assert "gain 1 silver" in acts(g)  # the Capital Townsfolk, now
    play(g, "gain 1 silver")
    assert st.silver[0] == 1


def test_nothing_acquired_this_turn_fires() -> None:
    """WF-BUG-09: a Vista acquired this turn does not fire (L25 on its own Vista tag), and a
    Townsfolk tucked this turn under an older Vista does not resolve when that Vista fires."""
    g = table([1], provisions=2, silver=0)
    put_display(g, "land", 1, "L25")  # Vista trigger: 1 Silver; immediate: refresh die
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L25")
    assert acts(g) == ["refresh die on Capital City", "done"]  # its immediate effect only
    g = table([2], silver=2)
    gain(g, 0, "L32")  # Townsfolk trigger: card influence
    put_display(g, "townsfolk", 1, "T18")  # Merchant (Vista host): silver
    play(g, "place die 2", "place die 2 on Capital Market", "take T18 (2 silver)" + MARKET,
         "tuck T18 under L32")
    assert starting(g, "influence on ")
    assert "gain 1 silver" not in acts(g)


def test_water_link_rewards_are_ordered_freely() -> None:
    """WF-BUG-10: a Water link's Influence may be taken first and then moved by a Vista fired
    by the same card (W26's Yellow link, then L22's move Influence)."""
    g = table([5], provisions=2, silver=0)
    gain(g, 0, "L22")  # Open Water Vista: blue influence | move influence
    put_display(g, "water", 1, "W26")
    place_tile(g, 0, "basic-ship", 5, 2)
    play(g, "place die 5", "place die 5 on Capital Harbour", "pay 2 provisions -> water card",
         "take W26")
    assert not starting(g, "move influence")
    play(g, "yellow influence")
    play(g, "move influence yellow to black (of: blue influence | move influence)")
    assert state(g).guild[0:3] == [1, 0, 0]


def test_links_from_columns_7_and_8_belong_to_the_middle_section() -> None:
    """WF-BUG-12: links 72->80 .. 87->95 belong to the middle section, whose side decides them:
    80->90 needs 7 tiles on side a and costs Blue and Black on side b."""
    assert [journal.section(c) for c in range(10)] == [0, 0, 0, 1, 1, 1, 1, 1, 1, 2]

    for sides, ok in (("bab", True), ("aba", False)):
        g = table([6], sides=sides)
        st = state(g)
        st.jpos[0] = 80
        code = next(t for t in st.cfg.comp.tiles if t.id == "basic-camel").index * 8
        for cell in (6, 7, 8, 9, 10, 12, 13):
            st.caravan[cell] = code
        st.ntiles[0] = 7
        place_tile(g, 0, "basic-pigeon", 6, 2)
        play(g, "place die 6", "place die 6 on Capital Library")
        assert ("journal to 90" + LIBRARY in acts(g)) is ok, sides
    g = table([6], sides="aba", blue=1, black=1)
    state(g).jpos[0] = 80
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library", "journal to 90" + LIBRARY)
    assert state(g).guild[0:3] == [0, 0, 0] and state(g).jpos[0] == 90
