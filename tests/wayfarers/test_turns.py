"""Rule tests for the turn and its three main actions (WF-TURN-01..16)."""

from __future__ import annotations

from tests.wayfarers.helpers import (
    FREE_TOWNSFOLK,
    LAND_TILE,
    MARKET,
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
from upriver.core.game import Game

MAIN = ("place die ", "place green worker", "place yellow worker", "place blue worker", "rest")


def _occupy(g: Game, seat: int, *parts: str) -> None:
    """Put dice (taken from nowhere: arranged) on board spaces of ``seat``."""
    st = state(g)
    for p in parts:
        st.occupied[board_host(seat, p)] = 1
    g._legal = None


def _finish(g: Game) -> None:
    """Decline whatever is left of the current turn (nothing if it is over)."""
    while state(g).stack:
        a = acts(g)
        play(g, next(x for x in ("done", "keep the other dice", "no extra journal step",
                                 "yellow: no second step", "end turn") if x in a))


def test_a_turn_is_exactly_one_main_action_and_there_is_no_pass() -> None:
    """WF-TURN-01: the player takes exactly one main action (die, Worker or Rest); no pass."""
    g = new(2, seed=1)
    give(g, 0, yellow=0)
    a = acts(g)
    assert a and all(x.startswith(MAIN) for x in a)
    assert not any("pass" in x for x in a)
    set_dice(g, 0, [2, 5])
    play(g, "place die 2", "place die 2 on Capital Market", "gain 2 provisions" + MARKET)
    assert g.to_move == 1  # one main action, and the turn is over
    assert state(g).dice[0] == [5]


def test_rest_is_always_legal() -> None:
    """WF-TURN-02 (WF-BUG-07): Rest is legal whatever the dice: none placed, none in supply,
    all placeable."""
    g = new(2, seed=1)
    assert "rest" in acts(g)  # three dice in supply, none placed
    set_dice(g, 0, [])
    assert "rest" in acts(g)  # no die at all in supply
    _occupy(g, 0, "city", "market", "reserve")
    set_dice(g, 0, [2, 3])
    assert "rest" in acts(g)


def test_placing_a_die_needs_an_empty_space_with_its_assets() -> None:
    """WF-TURN-03: a die may be placed only on an empty space of the player's own board or of
    a card they own, with every asset it needs."""
    g = new(2, seed=1)
    give(g, 0, blue=0, yellow=0)
    set_dice(g, 0, [2, 2])
    _occupy(g, 0, "market", "reserve")
    assert not starting(g, "place die")  # a 2 has no Camel, Ship, Pigeon or Telescope
    gain(g, 1, "L01")  # an opponent's City (Camel) is never a space for seat 1's dice
    set_dice(g, 0, [1])
    _occupy(g, 0, "city")
    assert not starting(g, "place die")
    gain(g, 0, "L02")  # a City acquired in an earlier turn: Camel, so a 1 fits
    play(g, "place die 1")
    assert starting(g, "place die 1 on") == ["place die 1 on L02"]


def test_a_die_action_places_exactly_one_die() -> None:
    """WF-TURN-04: a die action places one die, and no other during the turn."""
    g = new(2, seed=1)
    set_dice(g, 0, [3, 4, 5])
    play(g, "place die 3", "place die 3 on Capital Market")
    assert not starting(g, "place die")
    play(g, "gain 2 provisions" + MARKET)
    v = g.view(0)["players"][0]
    assert sorted(v["dice"]) == [4, 5]
    assert [c["name"] for c in v["capital"] if c["die"]] == ["Capital Market"]
    assert g.to_move == 1


def test_die_preparations_come_before_the_placement_and_the_action_after() -> None:
    """WF-TURN-05: first the optional Blue Ship, Yellow change and caravan chain, then one die
    on its space, then its action; no preparation is offered once the die is down."""
    g = new(2, seed=1)
    place_tile(g, 0, "land-camel", 1, 2, face=0)  # column 1: +1, column 2: Camel
    give(g, 0, blue=1, yellow=1, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1")
    a = acts(g)
    assert {"caravan: die 1 to 2", "hire a ship (1 blue influence)",
            "use yellow influence"} <= set(a)
    assert not starting(g, "pay")  # no action before the die is placed
    play(g, "caravan: die 1 to 2", "place die 2 on Capital City")
    a = acts(g)
    assert "pay 2 provisions -> silver & land card" in a
    assert not any(x.startswith(("caravan:", "hire a ship", "place die")) for x in a)


def test_host_townsfolk_and_space_action_resolve_in_either_order() -> None:
    """WF-TURN-06 (WF-CARD-49): after the die is down, the space's action and the host's
    Townsfolk ability are offered together; either may go first."""
    yellow = "yellow influence" + LAND_TILE
    for first, second in (("gain 1 silver", yellow), (yellow, "gain 1 silver")):
        g = new(2, seed=1)
        gain(g, 0, "L01")  # City: land tile | 2 yellow influence
        gain(g, 0, "T08", under="L01")  # Farmer: 1 Silver
        give(g, 0, silver=0, yellow=0)
        set_dice(g, 0, [1])
        play(g, "place die 1", "place die 1 on L01")
        assert {first, second} <= set(acts(g))
        play(g, first)
        if first == yellow:
            play(g, "yellow influence")  # the rest of the chosen "2 yellow influence"
        assert second in acts(g)
        play(g, second)
        _finish(g)
        p = g.view(0)["players"][0]
        assert p["silver"] == 1 and p["guilds"]["yellow"] >= 1


def test_every_part_of_a_die_action_is_optional_and_costs_come_first() -> None:
    """WF-TURN-07 (WF-RUL-14): each part may be declined; a part with a cost is offered only
    when the cost can be paid in full, and paying comes before the gain."""
    g = new(2, seed=1)
    give(g, 0, provisions=1, silver=0)
    set_dice(g, 0, [1])
    play(g, "place die 1")
    play(g, "place die 1 on Capital City")  # legal though 2 Provisions can't be paid
    assert g.to_move == 1  # nothing could be resolved, so the turn is over
    assert g.view(0)["players"][0]["capital"][0] == {"name": "Capital City", "die": True}
    g = new(2, seed=1)
    give(g, 0, provisions=2, silver=0)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City")
    assert "done" in acts(g) and "gain 1 silver" not in acts(g)
    play(g, "pay 2 provisions -> silver & land card")
    assert "gain 1 silver" in acts(g) and "done" in acts(g)
    play(g, "done")  # the gains may be declined
    p = g.view(0)["players"][0]
    assert (p["provisions"], p["silver"], p["lands"]) == (0, 0, [])


def test_placing_a_worker_needs_a_worker_and_a_target() -> None:
    """WF-TURN-08: a Worker may be placed only with one in supply and a legal target."""
    g = new(2, seed=1)
    assert starting(g, "place yellow worker") and starting(g, "place blue worker")
    give(g, 0, yellow_workers=0)
    assert not starting(g, "place yellow worker") and starting(g, "place blue worker")
    give(g, 0, blue_workers=0)
    assert not any("worker" in x for x in acts(g))
    # A Worker in supply but every target taken by that colour: no placement either.
    g = new(2, seed=1)
    give(g, 0, blue_workers=0)
    st = state(g)
    for pos in list(range(4, 8)) + list(range(16, 20)):  # Land row, Inspiration column
        st.card_workers[st.display[pos]] |= 2  # a Yellow Worker already there
    g._legal = None
    assert not any("worker" in x for x in acts(g))


def test_rest_with_one_die_in_supply_is_eligible() -> None:
    """WF-TURN-09, WF-TURN-11: the supply is counted before dice move; with 0 or 1 die the Rest
    is eligible and each Resting ability may then be resolved, optionally, in any order."""
    g = new(2, seed=1)
    gain(g, 0, "W25")  # Open Water
    gain(g, 0, "T13", under="W25")  # Guardian: Resting, 2 Silver
    set_dice(g, 0, [4])
    _occupy(g, 0, "market", "reserve")  # two dice on the board come back: 3 after the Rest
    give(g, 0, silver=0)
    play(g, "rest", "keep the other dice")
    a = acts(g)
    assert {"gain 1 silver", "gain 2 silver", "journal to 10", "journal to 15"} <= set(a)
    play(g, "gain 2 silver", "journal to 10")  # the Guardian, then the Capital Townsfolk
    _finish(g)
    p = g.view(0)["players"][0]
    assert p["journal"] == 10 and p["silver"] >= 2
    assert "gain 1 silver" not in str(g.log())  # the Capital's Silver was declined


def test_rest_returns_and_rolls_every_die_and_offers_rerolls_one_by_one() -> None:
    """WF-TURN-10: every placed die returns to supply rolled; each die already in supply may
    be rerolled, chosen die by die."""
    g = new(2, seed=1)
    set_dice(g, 0, [2, 5])
    _occupy(g, 0, "market", "reserve", "city")
    play(g, "rest")
    st = state(g)
    assert len(st.dice[0]) == 5 and not any(
        st.occupied[board_host(0, p)] for p in ("market", "reserve", "city"))
    assert all(1 <= d <= 6 for d in st.dice[0])
    assert set(acts(g)) == {"reroll a 2 kept in supply", "reroll a 5 kept in supply",
                            "keep the other dice"}
    play(g, "reroll a 5 kept in supply")
    a = acts(g)
    assert "reroll a 2 kept in supply" in a and "reroll a 5 kept in supply" not in a
    assert st.dice[0][0] == 2  # the die not chosen is untouched
    play(g, "keep the other dice")
    assert g.to_move == 1  # an ineligible Rest: nothing more


def test_rest_with_two_dice_in_supply_resolves_no_resting_ability() -> None:
    """WF-TURN-09, WF-TURN-12: with 2 or more dice in supply the Rest still returns the dice,
    but no Resting ability resolves."""
    g = new(2, seed=1)
    gain(g, 0, "W25")
    gain(g, 0, "T13", under="W25")
    set_dice(g, 0, [4, 6])
    _occupy(g, 0, "market")
    silver = g.view(0)["players"][0]["silver"]
    play(g, "rest", "keep the other dice")
    assert g.to_move == 1
    p = g.view(0)["players"][0]
    assert (p["silver"], p["journal"], len(p["dice"])) == (silver, 0, 3)


def test_guild_abilities_are_not_the_main_action() -> None:
    """WF-TURN-13: using a Guild ability leaves the main action still to take."""
    g = new(2, seed=1)
    give(g, 0, yellow=2)
    set_dice(g, 0, [3, 5])
    play(g, "use yellow influence", "yellow: die 3 to 4", "yellow: no second step")
    assert g.to_move == 0
    a = acts(g)
    assert "rest" in a and "place die 4" in a and "use yellow influence" not in a


def test_guild_limits_reset_when_the_turn_starts() -> None:
    """WF-TURN-14: once-per-turn Guild limits (and the caravan chain) reset each turn."""
    g = new(2, seed=1)
    place_tile(g, 0, "land-camel", 1, 2, face=0)  # a chain 1 -> 2
    give(g, 0, yellow=3)
    set_dice(g, 0, [3, 5])
    play(g, "use yellow influence", "yellow: die 3 to 4", "yellow: no second step")
    assert "use yellow influence" not in acts(g)
    play(g, "rest", "keep the other dice")
    play(g, "rest")
    _finish(g)
    assert g.to_move == 0
    assert "use yellow influence" in acts(g)
    set_dice(g, 0, [1, 1])
    play(g, "place die 1")
    assert "caravan: die 1 to 2" in acts(g)


def test_a_card_gained_this_turn_gives_no_ability_this_turn() -> None:
    """WF-TURN-15 (WF-CARD-52): a Townsfolk tucked this turn does not resolve when its Vista
    fires this turn, and a Resting Townsfolk gained during a Rest does not resolve in it."""
    g = new(2, seed=1)
    gain(g, 0, "L32")  # Vista: fires on gaining a Townsfolk (card influence)
    put_display(g, "townsfolk", 1, "T18")  # Merchant (Vista host): 1 Silver
    put_display(g, "townsfolk", 2, "T08")
    give(g, 0, silver=5)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market", "take T18 (2 silver)" + MARKET,
         "tuck T18 under L32")
    a = acts(g)
    assert any(x.startswith("influence on") for x in a)  # the old Vista fires ...
    assert "gain 1 silver" not in a  # ... but not the Merchant tucked this turn
    # Control: a Merchant tucked in an earlier turn does resolve with its Vista.
    g = new(2, seed=1)
    gain(g, 0, "L32")
    gain(g, 0, "T18", under="L32")
    put_display(g, "townsfolk", 2, "T08")
    give(g, 0, silver=5)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market", "take T08 (2 silver)" + MARKET,
         "tuck T08 under Capital City")
    assert "gain 1 silver" in acts(g)

    # A Resting Guardian gained from a Journal Tile during a Rest waits for the next Rest.
    g = new(2, seed=1)
    st = state(g)
    st.jtile_at[0] = 3  # space 10: "townsfolk card (free)"
    gain(g, 0, "W25")  # Open Water host
    put_display(g, "townsfolk", 1, "T13")  # Guardian: Resting, 2 Silver
    set_dice(g, 0, [])
    play(g, "rest", "journal to 10", "take T13" + FREE_TOWNSFOLK, "tuck T13 under W25")
    assert "gain 2 silver" not in acts(g)


def test_the_turn_ends_after_every_effect_then_refills_and_passes_clockwise() -> None:
    """WF-TURN-16: the turn lasts until the main action and all it caused are resolved; then
    the displays refill and the next player clockwise moves."""
    g = new(3, seed=1)
    put_display(g, "land", 2, "L09")  # a City with no immediate effect
    give(g, 0, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         "take L09")
    assert g.to_move == 0  # the Silver is still to decide
    assert g.view()["rows"]["land"]["slots"][1] is None  # no refill during the turn
    play(g, "gain 1 silver")
    assert g.to_move == 1
    assert all(s is not None for s in g.view()["rows"]["land"]["slots"])
    play(g, "rest", "keep the other dice")
    assert g.to_move == 1  # Yellow is still usable before the turn ends (WF-RUL-15)
    play(g, "end turn")
    assert g.to_move == 2
