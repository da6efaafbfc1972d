"""Rule tests for the Wayfarers effect operations and the effect and formula languages
(WF-OP-01..27)."""

from __future__ import annotations

import pytest

from tests.wayfarers.helpers import (
    LAND_TILE,
    LIBRARY,
    MARKET,
    OBSERVATORY,
    RESERVE,
    SPACE_OFF,
    acts,
    board_host,
    gain,
    give,
    idx,
    new,
    place_tile,
    play,
    put_display,
    set_dice,
    starting,
    state,
)
from upriver.core.game import Game
from upriver.games.wayfarers import catalogue
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.effects import (
    ALL,
    ATOM,
    CHOICE,
    FREE,
    GREEN_WORKER,
    JOURNAL_TILE,
    MODIFY,
    NEW_DIE,
    ONE_OFF,
    PAY,
    PROVISION,
    EffectError,
    Nodes,
)
from upriver.games.wayfarers.formulas import INDEX, TERMS, FormulaError, compile_formula


def table(dice: list[int] | None = None, **holdings: int) -> Game:
    """Seat 0 to move on player board 1, side a everywhere, no Guild Influence unless given."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    give(g, 0, **{"black": 0, "yellow": 0, "blue": 0, "silver": 10, "provisions": 5,
                  **holdings})
    set_dice(g, 0, dice or [])
    return g




# --- the effect language -----------------------------------------------------------------


def test_pay_then_gain_pays_in_full_first() -> None:
    """WF-OP-01: "cost -> gain" pays the cost in full before any gain; without the full cost
    the gain side is unavailable (Capital City: pay 2 Provisions, then 1 Silver and a Land)."""
    nodes = Nodes()
    root = nodes.compile("pay 2 provisions -> silver & land card")
    (pay,) = nodes.kids[root]
    assert nodes.kind[pay] == PAY and nodes.amount[pay] == 2 and nodes.param[pay] == 0
    g = table([1], provisions=1)
    play(g, "place die 1", "place die 1 on Capital City")
    assert state(g).seat == 1 and state(g).provisions[0] == 1  # nothing could be done
    assert state(g).occupied[board_host(0, "city")] == 1
    g = table([1], provisions=2, silver=0)
    play(g, "place die 1", "place die 1 on Capital City")
    assert starting(g, "take ") == [] and "pay 2 provisions -> silver & land card" in acts(g)
    play(g, "pay 2 provisions -> silver & land card")
    assert state(g).provisions[0] == 0
    assert "gain 1 silver" in acts(g) and starting(g, "take L")


def test_choice_takes_at_most_one_alternative() -> None:
    """WF-OP-02: a choice offers only the alternatives that can be done, gives at most one,
    and a grouped alternative ("2 yellow influence") gives all its parts."""
    nodes = Nodes()
    root = nodes.compile("land tile | 2 yellow influence")
    (choice,) = nodes.kids[root]
    assert nodes.kind[choice] == CHOICE and len(nodes.kids[choice]) == 2
    g = table([2], silver=1)
    play(g, "place die 2", "place die 2 on Capital Reserve")  # basic tile | 2 silver
    assert not starting(g, "take tile")  # 2 Silver needed, 1 held: not offered
    play(g, "gain 2 silver" + RESERVE)
    assert state(g).seat == 1 and state(g).silver[0] == 3  # the tile is gone with the choice
    g = table([1])
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01", "yellow influence" + LAND_TILE)
    assert acts(g) == ["yellow influence", "done"]  # the rest of the group, nothing else
    play(g, "yellow influence")
    assert state(g).guild[1] == 2 and state(g).seat == 1


def test_all_of_parts_are_optional_and_in_any_order() -> None:
    """WF-OP-03: "a & b" offers every part, each optional, in any order."""
    nodes = Nodes()
    root = nodes.compile("refresh die & modify die & provision")
    assert nodes.kind[root] == ALL and len(nodes.kids[root]) == 3
    g = table([4, 5], provisions=0)
    gain(g, 0, "W09")
    place_tile(g, 0, "basic-ship", 4, 2)
    play(g, "place die 4", "place die 4 on W09", "gain 1 provision", "modify die 5 to 6")
    assert state(g).provisions[0] == 1 and state(g).dice[0] == [6]
    play(g, "done")
    assert state(g).seat == 1
    assert state(g).occupied[idx(g, "W09")] == 1


def test_count_prefix_is_an_amount_or_a_repeat() -> None:
    """WF-OP-04: a count is an amount on Silver/Provision gains and payments and on draws, and
    repeats any other operation as separate steps."""
    nodes = Nodes()
    four = nodes.kids[nodes.compile("4 provisions")][0]
    assert nodes.kind[four] == ATOM and nodes.op[four] == PROVISION and nodes.amount[four] == 4
    two = nodes.kids[nodes.compile("2 modify die")]
    assert len(two) == 2 and all(nodes.op[k] == MODIFY and nodes.amount[k] == 1 for k in two)
    draw = nodes.kids[nodes.compile("pay 3 provisions -> draw 3 water")][0]
    assert nodes.amount[draw] == 3
    assert nodes.amount[nodes.kids[nodes.kids[draw][0]][0]] == 3
    g = table([5], provisions=0)
    gain(g, 0, "W15")  # Ship+Ship: 4 provisions, one step
    place_tile(g, 0, "basic-ship", 5, 2)
    place_tile(g, 0, "basic-ship", 5, 3)
    play(g, "place die 5", "place die 5 on W15")
    assert acts(g) == ["gain 4 provisions", "done"]
    play(g, "gain 4 provisions")
    assert state(g).provisions[0] == 4


def test_price_parameters_free_and_one_silver_off() -> None:
    """WF-OP-05: "(free)" drops a gain's price; "(1 silver off)" lowers a Space card by 1 and
    stacks with a caravan Silver discount (slot 1: 3 - 1 - 1 = 1)."""
    nodes = Nodes()
    free = nodes.kids[nodes.compile("basic tile (free)")][0]
    off = nodes.kids[nodes.compile("space card (1 silver off)")][0]
    assert nodes.flags[free] == FREE and nodes.flags[off] == ONE_OFF
    g = table([3])
    gain(g, 0, "L14")  # Telescope+Camel: space card (1 silver off)
    gain(g, 0, "L01")
    put_display(g, "space", 1, "S16")
    put_display(g, "space", 4, "S17")
    gain(g, 0, "T02", under="L14")  # Astronomer: Telescope on L14
    place_tile(g, 0, "space-trio", 3, 1)  # Camel in column 3
    place_tile(g, 0, "land-discount", 4, 3, face=1)  # [silver off | -]: column 4
    play(g, "place die 3", "place die 3 on L14")
    assert {"take S16 (2 silver)" + SPACE_OFF, "take S17 (4 silver)" + SPACE_OFF} <= set(acts(g))
    g = table([3])
    gain(g, 0, "L14")
    gain(g, 0, "L01")
    put_display(g, "space", 1, "S16")
    gain(g, 0, "T02", under="L14")
    place_tile(g, 0, "space-trio", 3, 1)
    place_tile(g, 0, "land-discount", 2, 3, face=0)  # [- | silver off]: column 3
    play(g, "place die 3", "place die 3 on L14")
    assert "take S16 (1 silver)" + SPACE_OFF in acts(g)


def test_gain_and_pay_silver_and_provisions() -> None:
    """WF-OP-06, WF-OP-07: a gain moves the amount from the bank into the supply; a payment
    moves exactly the amount out, all or nothing (3 Provisions with 2 held: no payment)."""
    g = table(blue_workers=1, provisions=2, silver=1)
    put_display(g, "water", 4, "W20")  # pay 3 provisions -> draw 3 water
    assert not starting(g, "place blue worker on W20")
    put_display(g, "water", 2, "W21")  # 2 provisions & blue influence
    play(g, "place blue worker on W21", "gain 2 provisions")
    assert state(g).provisions[0] == 4 and state(g).silver[0] == 1
    g = table(blue_workers=1, provisions=4)
    put_display(g, "water", 4, "W20")
    play(g, "place blue worker on W20", "pay 3 provisions -> draw 3 water")
    assert state(g).provisions[0] == 1


def test_place_influence_on_a_guild_or_move_one_when_the_supply_is_empty() -> None:
    """WF-OP-08: one Influence per icon on the named Guild; with an empty supply the player may
    move one of their Influence instead, or forgo the placement."""
    g = table(blue_workers=1, influence=0, black=1, yellow=1)
    put_display(g, "water", 2, "W21")
    play(g, "place blue worker on W21")
    assert set(starting(g, "blue influence")) == {"blue influence (from black)",
                                                 "blue influence (from yellow)"}
    play(g, "blue influence (from black)")
    st = state(g)
    assert st.guild[0:3] == [0, 1, 1] and st.inf_supply[0] == 0
    play(g, "done")  # forgoing the rest is allowed
    g = table(blue_workers=1, influence=3)
    put_display(g, "water", 2, "W21")
    play(g, "place blue worker on W21", "blue influence")
    assert state(g).guild[2] == 1 and state(g).inf_supply[0] == 2


def test_influence_on_a_card_goes_on_two_different_cards() -> None:
    """WF-OP-09: card Influence goes on a face-up display card without Influence; two icons go
    on two different cards."""
    g = table([1], provisions=2)
    put_display(g, "land", 1, "L19")  # Vista: immediate 2 card influence
    other = put_display(g, "townsfolk", 1, "T08")
    state(g).card_inf[put_display(g, "water", 1, "W20")] = 1
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L19")
    targets = starting(g, "influence on ")
    assert "influence on T08" in targets and "influence on W20" not in targets
    assert "influence on L19" not in targets  # now in the panorama
    assert any(t.startswith("influence on S") for t in targets)
    assert any(t.startswith("influence on I") for t in targets)
    play(g, "influence on T08")
    assert state(g).card_inf[other] == 0
    assert "influence on T08" not in starting(g, "influence on ")


def test_move_influence_needs_influence_on_a_guild() -> None:
    """WF-OP-10: move Influence takes one from a Guild to a different Guild; with none on any
    Guild it does nothing."""
    g = table([1], provisions=0)
    gain(g, 0, "T23", under="city")  # Rogue: card influence | move influence | modify die
    play(g, "place die 1", "place die 1 on Capital City")
    assert not starting(g, "move influence")
    g = table([1], provisions=0, black=1)
    gain(g, 0, "T23", under="city")
    play(g, "place die 1", "place die 1 on Capital City")
    rogue = " (of: card influence | move influence | modify die)"
    assert sorted(starting(g, "move influence")) == ["move influence black to blue" + rogue,
                                                    "move influence black to yellow" + rogue]
    play(g, "move influence black to blue" + rogue)
    assert state(g).guild[0:3] == [0, 0, 1]


def test_spending_influence_needs_enough_on_the_guild() -> None:
    """WF-OP-11: spending Influence takes the number from that Guild back to supply and fails
    with too few: a Land tile for 2 Yellow is not offered with 1 Yellow."""
    g = table([1], yellow=1)
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01")
    assert not any("(2 yellow influence)" in a for a in starting(g, "take tile"))
    g = table([1], yellow=2, influence=5)
    gain(g, 0, "L01")
    play(g, "place die 1", "place die 1 on L01",
         "take tile land-pigeon face a (2 yellow influence)" + LAND_TILE)
    assert state(g).guild[1] == 0 and state(g).inf_supply[0] == 7


def test_journal_step_then_the_black_extra_step() -> None:
    """WF-OP-12: one optional step per Journal icon along a link whose requirement is met; once
    it has resolved, the Black ability may give one more step."""
    g = table([6], black=1)
    gain(g, 0, "L20")  # a Vista: side a's 10->23 needs 1
    jt = state(g).cfg.comp.journal_tiles
    state(g).jtile_at[0] = 5  # space 10: "2 silver"
    assert state(g).cfg.comp.nodes.text[jt[5]] == "2 silver"
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library")
    assert {"journal to 10" + LIBRARY, "journal to 15" + LIBRARY} <= set(acts(g))
    play(g, "journal to 10" + LIBRARY)
    assert state(g).jpos[0] == 10
    assert "gain 2 silver" in acts(g)  # the space resolves first
    play(g, "gain 2 silver")
    black = starting(g, "black influence: journal on to")
    assert black == ["black influence: journal on to 23"]  # 10->20 needs 2 City
    play(g, "black influence: journal on to 23")
    assert state(g).jpos[0] == 23 and state(g).guild[0] == 0
    g2 = table([6], black=1)
    place_tile(g2, 0, "basic-pigeon", 6, 2)
    play(g2, "place die 6", "place die 6 on Capital Library", "done")
    assert state(g2).jpos[0] == 0 and state(g2).seat == 1  # the step was optional


def test_journal_tile_stays_and_green_worker_goes_to_the_first() -> None:
    """WF-OP-13, WF-OP-14: entering a tile space resolves its Journal Tile, which stays for
    later players; the column's Green Worker goes to the first player to enter, later ones
    get nothing."""
    g = table(green_workers=0)
    state(g).jtile_at[0] = 5  # space 10: "2 silver"
    give(g, 1, silver=0, green_workers=0)
    put_display(g, "townsfolk", 4, "T08")  # journal & provision
    give(g, 0, green_workers=1)
    play(g, "place green worker on T08", "journal to 10", "gain 2 silver", "gain 1 provision")
    st = state(g)
    assert st.workers[0] == 1 and st.green_on[0] == 0 and st.silver[0] == 12
    give(g, 1, green_workers=1)
    put_display(g, "townsfolk", 4, "T09")
    play(g, "place green worker on T09", "journal to 10")
    assert "gain 2 silver" in acts(g)
    play(g, "gain 2 silver")
    assert st.silver[1] == 2 and st.workers[3] == 0 and st.jtile_at[0] == 5


def test_retrieve_a_worker_of_any_colour() -> None:
    """WF-OP-16: retrieve takes one Worker of any colour from a face-up display card; if none
    qualifies, nothing happens."""
    g = table([6])
    state(g).card_workers[put_display(g, "inspiration", 1, "I01")] = 0b101
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library")
    assert sorted(starting(g, "retrieve ")) == ["retrieve blue worker from I01" + LIBRARY,
                                              "retrieve green worker from I01" + LIBRARY]
    play(g, "retrieve green worker from I01" + LIBRARY)
    st = state(g)
    assert st.workers[0] == 1 and st.card_workers[idx(g, "I01")] == 0b100


def test_refresh_with_no_die_anywhere_gives_nothing() -> None:
    """WF-OP-17: a player with no die placed and none in supply gains nothing from refresh."""
    g = table([], blue_workers=1, silver=0)
    put_display(g, "inspiration", 3, "I01")  # silver & refresh die
    play(g, "place blue worker on I01")
    assert acts(g) == ["gain 1 silver", "done"]


def test_modify_never_wraps() -> None:
    """WF-OP-18: modify changes one supply die by one step; a 1 only goes up, a 6 only down."""
    g = table([1, 6], yellow_workers=1)
    put_display(g, "land", 1, "L20")  # townsfolk card & modify die
    play(g, "place yellow worker on L20")
    assert sorted(starting(g, "modify ")) == ["modify die 1 to 2", "modify die 6 to 5"]


def test_acquiring_a_water_card_resolves_its_effects() -> None:
    """WF-OP-19: acquiring a Water card adds it to the panorama and offers its immediate effect,
    its Water link rewards and the Vistas it fires: W26 (3 Silver, bars on rows 1-2 against the
    Capital Harbour's Yellow Influence and Silver) with the Open Water Vista L21 (1 Silver)."""
    g = table([5], provisions=2, silver=0)
    gain(g, 0, "L21")
    put_display(g, "water", 1, "W26")
    place_tile(g, 0, "basic-ship", 5, 2)
    play(g, "place die 5", "place die 5 on Capital Harbour", "pay 2 provisions -> water card",
         "take W26")
    st = state(g)
    assert st.waters[0] == [idx(g, "W26")] and st.tags[3] == 1
    while state(g).seat == 0:
        play(g, acts(g)[0])
    assert st.silver[0] == 3 + 1 + 1 and st.guild[1] == 1


def test_acquiring_a_space_card_needs_a_free_position() -> None:
    """WF-OP-20: a Space card costs its slot price (3, 4, 4, 5) and goes on a free position;
    without one the operation is unavailable."""
    g = table([3])
    place_tile(g, 0, "basic-telescope", 3, 2)
    play(g, "place die 3", "place die 3 on Capital Observatory")
    assert not starting(g, "take S")
    g = table([3])
    gain(g, 0, "L01")
    place_tile(g, 0, "basic-telescope", 3, 2)
    for slot, card in enumerate(("S16", "S17", "S18", "S19"), 1):
        put_display(g, "space", slot, card)
    play(g, "place die 3", "place die 3 on Capital Observatory")
    assert starting(g, "take S") == [f"take {card} ({price} silver)" + OBSERVATORY for card, price
                                     in (("S16", 3), ("S17", 4), ("S18", 4), ("S19", 5))]
    play(g, "take S19 (5 silver)" + OBSERVATORY)
    assert state(g).above[idx(g, "L01")] == idx(g, "S19") and state(g).silver[0] == 5


def test_acquiring_a_townsfolk_needs_a_valid_host() -> None:
    """WF-OP-21: a Townsfolk costs its price and is tucked on a valid host; the Astronomer
    (Observatory host) is unavailable to a fresh board, whose centre Observatory hosts none."""
    g = table([2])
    put_display(g, "townsfolk", 1, "T02")
    put_display(g, "townsfolk", 2, "T08")
    play(g, "place die 2", "place die 2 on Capital Market")
    assert "take T02" not in acts(g)
    play(g, "take T08 (2 silver)" + MARKET)
    assert acts(g) == ["tuck T08 under Capital City"]
    play(g, "tuck T08 under Capital City")
    assert state(g).silver[0] == 8 and state(g).tuck[board_host(0, "city")] == idx(g, "T08")


def _enter_column_2(g: Game) -> None:
    st = state(g)
    st.jpos[0] = 10
    gain(g, 0, "L16")
    set_dice(g, 0, [6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on L16", "journal to 20")


def test_acquiring_an_inspiration_card_tuck_or_discard() -> None:
    """WF-OP-22: an Inspiration card is free; it is tucked above a Space card or discarded for
    its slot's action (slot 4: 2 Silver)."""
    g = table(silver=0)
    put_display(g, "inspiration", 4, "I16")
    _enter_column_2(g)
    play(g, "take I16")
    assert state(g).silver[0] == 0
    assert set(acts(g)) == {"tuck I16 above Capital Sky", "discard I16 for: 2 silver"}
    play(g, "discard I16 for: 2 silver", "gain 2 silver")
    st = state(g)
    assert st.silver[0] == 2 and st.piles[4][0] == idx(g, "I16")
    g = table(silver=0)
    put_display(g, "inspiration", 4, "I16")
    _enter_column_2(g)
    play(g, "take I16", "tuck I16 above Capital Sky")
    assert state(g).insp_on[board_host(0, "sky")] == idx(g, "I16")


def test_draw_n_keep_one() -> None:
    """WF-OP-23: draw N from the named pile, acquire one exactly like a display card (panorama,
    immediate effect) and put the rest under the pile."""
    g = table(yellow_workers=1, provisions=3, silver=0)
    st = state(g)
    top = st.piles[1][-3:][::-1]
    put_display(g, "land", 4, "L20")
    st.piles[1][-1] = idx(g, "L26")
    top = st.piles[1][-3:][::-1]
    play(g, "place yellow worker on L20", "pay 3 provisions -> draw 3 land", "draw 3 land")
    assert st.drawn == top
    play(g, "keep L26")
    assert st.lands[0] == [idx(g, "L26")] and st.piles[1][:2] == [top[2], top[1]]
    assert "refresh die" not in acts(g)  # no dice: L26's immediate has nothing to do
    assert st.tags[1] == 1


def test_gain_a_tile_pays_places_and_gains_covered_icons() -> None:
    """WF-OP-24: gaining a tile: choose an available tile, pay its price, place it legally, then
    gain the icons it covers (board 1, column 3 row 1: Silver)."""
    g = table([2])
    play(g, "place die 2", "place die 2 on Capital Reserve",
         "take tile basic-ship (2 silver)" + RESERVE,
         "place tile at column 3 row 1")
    assert state(g).silver[0] == 8
    play(g, "gain 1 silver")
    assert state(g).silver[0] == 9 and state(g).ntiles[0] == 1


def test_special_tile_is_free_and_its_tags_count_at_once() -> None:
    """WF-OP-25: a Special tile is free and its tags count from that moment: the Special City
    fires the City Vista L29 (1 Silver)."""
    g = table([6], silver=0)
    gain(g, 0, "L29")
    st = state(g)
    st.jpos[0] = 32
    gain(g, 0, "L18")  # Library City, Telescope+Pigeon: black influence & journal
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on L18", "journal to 40")
    assert "take tile special-city (free)" in acts(g)
    play(g, "take tile special-city (free)", "place tile at column 2 row 2")
    assert st.tags[0] == 3 and st.silver[0] == 0
    play(g, "gain 1 silver")
    assert st.silver[0] == 1


def test_count_terms() -> None:
    """WF-OP-26: count terms are tags, card types, tile colours and all tiles, Guild Influence,
    Silver, Provisions and a comet-majority flag (strictly more Comet tags than each other)."""
    g = table(silver=4, provisions=2, black=1, yellow=2, blue=3)
    gain(g, 0, "L09")
    gain(g, 0, "S03", above="L09")  # 2 Comet
    place_tile(g, 0, "basic-camel", 2, 2)
    place_tile(g, 0, "special-comet", 3, 2)
    c = state(g).counts(0)
    assert len(c) == len(TERMS)
    expect = {"city": 2, "observatory": 2, "library": 1, "harbour": 1, "stars": 1, "comet": 3,
              "land_cards": 2, "water_cards": 1, "space_cards": 2, "townsfolk_cards": 1,
              "inspiration_cards": 0, "basic_tiles": 1, "special_tiles": 1, "tiles": 2,
              "black": 1, "yellow": 2, "blue": 3, "silver": 4, "provisions": 2,
              "comet_lead": 1}
    for name, value in expect.items():
        assert c[INDEX[name]] == value, name
    state(g).tags[11 + 10] = 3  # seat 1 ties on Comets
    assert state(g).counts(0)[INDEX["comet_lead"]] == 0


def test_formula_arithmetic() -> None:
    """WF-OP-27: formulas use +, *, // (rounded down), min, max and a condition."""
    counts = [0] * len(TERMS)
    counts[INDEX["sun"]] = 1
    counts[INDEX["black"]] = 5
    counts[INDEX["planet"]] = 2
    counts[INDEX["comet"]] = 3
    assert compile_formula("7 if sun else 3")(counts) == 7
    assert compile_formula("7 if moon else 3")(counts) == 3
    assert compile_formula("1 + (black // 2)")(counts) == 3
    assert compile_formula("min(planet, comet) * 3")(counts) == 6
    assert compile_formula("max(sun, moon) >= 1")(counts) == 1
    assert compile_formula("planet + comet * 2")(counts) == 8


# --- parsing and its errors --------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "gain wood", "(silver", "silver |", "silver & ", "pay 2 journal -> silver",
    "0 silver", "journal (free)", "draw 3 space", "silver -> land card", "silver )",
])
def test_effect_language_errors(text: str) -> None:
    """WF-OP-01..05: an effect the language cannot read is refused with an EffectError
    (unknown operation, unclosed group, dangling operator, a cost that is no payment, a zero
    count, a price parameter on something without a price, a draw from a pile that has none)."""
    with pytest.raises(EffectError):
        Nodes().compile(text)


@pytest.mark.parametrize("text", [
    "journal | new die & silver", "pay 1 silver -> new die", "(green worker & silver) | provision",
    "journal tile | silver", "pay 2 provisions -> land card & 2 new die",
])
def test_parts_done_at_once_stand_only_directly_in_an_effect(text: str) -> None:
    """WF-DICE-10, WF-OP-13, WF-OP-14: a new die, the Green Worker and a Journal Tile happen as
    their effect is pushed, with nothing to decide; inside a choice or after a cost they would
    wait on a decision that never names them, so the language refuses them there."""
    with pytest.raises(EffectError, match="directly"):
        Nodes().compile(text)


@pytest.mark.parametrize("text", [
    "inspiration card & new die", "journal tile & green worker", "2 new die", "journal tile",
])
def test_parts_done_at_once_may_stand_directly_in_an_effect(text: str) -> None:
    """WF-DICE-10, WF-OP-13, WF-OP-14: as a direct part of an effect (the Journal spaces'
    rewards), they compile."""
    root = Nodes().compile(text)
    assert root >= 0


def test_no_bundle_part_is_resolved_when_pushed() -> None:
    """The operations resolved as their effect is pushed never reach a bundle's steps
    (``resolve.atom_steps`` and ``resolve.apply_atom`` refuse them as impossible): no part a
    bundle can hold, the rest of a chosen group or a paid cost's gain included, is or holds
    one."""
    comp = load()
    nodes = comp.nodes

    def leaves(node: int) -> list[int]:
        return [node] if nodes.kind[node] == ATOM else [
            leaf for kid in nodes.kids[node] for leaf in leaves(kid)]

    parts = catalogue._bundle_parts(comp)
    assert parts
    assert not [nodes.text[leaf] for part in parts for leaf in leaves(part)
                if nodes.op[leaf] in (NEW_DIE, GREEN_WORKER, JOURNAL_TILE)]


def test_effect_grouping_and_binding() -> None:
    """WF-OP-01..03: "->" binds loosest, then "|", then "&"; parentheses group; a nested
    all-of flattens."""
    nodes = Nodes()
    root = nodes.compile("pay 2 provisions -> (water card & retrieve worker)")
    (pay,) = nodes.kids[root]
    assert nodes.kind[pay] == PAY
    (gain_side,) = nodes.kids[pay]
    assert nodes.kind[gain_side] == ALL and len(nodes.kids[gain_side]) == 2
    root = nodes.compile("silver | provision & journal")
    (choice,) = nodes.kids[root]
    assert nodes.kind[choice] == CHOICE
    assert nodes.kind[nodes.kids[choice][1]] == ALL
    root = nodes.compile("silver & (provision & journal)")
    assert nodes.kind[root] == ALL and len(nodes.kids[root]) == 3
    assert nodes.text[nodes.compile("")] == "nothing"


@pytest.mark.parametrize("text", [
    "wood + 1", "city +", "__import__('os')", "city.real", "abs(city)", "1.5 * city",
    "lambda: 1", "[city]",
])
def test_formula_language_errors(text: str) -> None:
    """WF-OP-26, WF-OP-27: a formula with an unknown name, bad syntax, a call other than min or
    max, a non-whole number or any other construct is refused with a FormulaError."""
    with pytest.raises(FormulaError):
        compile_formula(text)
