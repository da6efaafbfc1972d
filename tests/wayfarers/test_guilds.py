"""Rule tests for the Guild abilities (WF-GLD-01..11) and the Yellow ruling WF-RUL-15."""

from __future__ import annotations

from typing import Any

from tests.wayfarers.helpers import (
    LIBRARY,
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

TILE_SPACES = (10, 15, 32, 36, 50, 55, 72, 76, 90, 95)
TWO_SILVER = 5  # the "2 silver" Journal Tile (journal.toml)


def _p(g: Game, seat: int = 0) -> dict[str, Any]:
    p: dict[str, Any] = g.view(seat)["players"][seat]
    return p


def _occupy(g: Game, *parts: str) -> None:
    st = state(g)
    for part in parts:
        st.occupied[board_host(0, part)] = 1
    g._legal = None


def _rest_at(g: Game, space: int) -> None:
    state(g).jpos[0] = space
    set_dice(g, 0, [])
    play(g, "rest")


def _black_steps(g: Game) -> list[str]:
    return starting(g, "black influence: journal on to")


def test_there_are_three_guilds() -> None:
    """WF-GLD-01: Science (Black), Trade (Yellow) and Exploration (Blue)."""
    assert list(_p(new(2))["guilds"]) == ["black", "yellow", "blue"]


def test_all_three_abilities_in_one_turn_each_once_for_one_influence() -> None:
    """WF-GLD-02: each ability costs 1 Influence of its Guild, back to supply; each once per
    turn; all three may be used in the same turn."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    state(g).jtile_at[0] = TWO_SILVER  # space 10
    gain(g, 0, "L01")  # 2 City: 10 -> 20
    place_tile(g, 0, "special-observatory", 3, 1)  # 2 Observatory: 20 -> 32
    place_tile(g, 0, "basic-pigeon", 2, 3)  # column 2: a Pigeon
    give(g, 0, black=2, yellow=2, blue=2)
    set_dice(g, 0, [3, 5])
    supply = _p(g)["influence"]
    play(g, "use yellow influence", "yellow: die 3 to 2", "yellow: no second step")
    assert "use yellow influence" not in acts(g)
    play(g, "place die 2", "hire a ship (1 blue influence)")
    assert not starting(g, "hire a ship")
    play(g, "place die 2 on Capital Library", "journal to 10" + LIBRARY, "gain 2 silver")
    assert _black_steps(g) == ["black influence: journal on to 20"]
    play(g, "black influence: journal on to 20")
    assert _p(g)["journal"] == 20
    assert not _black_steps(g)  # 20 -> 32 is open, but Black was used this turn
    assert _p(g)["guilds"] == {"black": 1, "yellow": 1, "blue": 1}
    assert _p(g)["influence"] == supply + 3


def test_black_follows_a_journal_step_of_a_resting_ability() -> None:
    """WF-GLD-03: after any Journal step (here the Capital Townsfolk's, in a Rest) has
    resolved, 1 Black buys one more step."""
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L01")
    give(g, 0, black=1)
    _rest_at(g, 0)
    play(g, "journal to 10")
    while not _black_steps(g):
        play(g, "done")  # the Journal Tile's parts, declined
    assert _black_steps(g) == ["black influence: journal on to 20"]
    assert "no extra journal step" in acts(g)
    play(g, "black influence: journal on to 20")
    assert _p(g)["journal"] == 20 and _p(g)["guilds"]["black"] == 0


def test_the_black_step_meets_its_links_requirement_and_cost() -> None:
    """WF-GLD-04: the extra step obeys its link: a count requirement, and a link cost on top
    of the ability's own Black (side a, 40 -> 50 costs 1 Black)."""
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=1)
    _rest_at(g, 0)
    play(g, "journal to 10")
    while state(g).stack and not _black_steps(g) and "done" in acts(g):
        play(g, "done")
    assert not _black_steps(g)  # 1 City, no Vista: no link from 10 is open
    for black, offered in ((1, False), (2, True)):
        g = new(2, seed=1, sides="aaa")
        place_tile(g, 0, "space-trio", 1, 2)  # 20 -> 40
        give(g, 0, black=black)
        _rest_at(g, 20)
        play(g, "journal to 40", "done")
        assert (_black_steps(g) == ["black influence: journal on to 50"]) == offered
        if offered:
            play(g, "black influence: journal on to 50")
            assert _p(g)["journal"] == 50 and _p(g)["guilds"]["black"] == 0


def test_black_gained_on_the_space_entered_pays_for_the_extra_step() -> None:
    """WF-GLD-05: Influence gained on the space just entered may pay for the Black step (the
    Special tile of 43 covers the move-Influence icon: Blue moves to Black; its Planet tag
    opens 43 -> 50)."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0  # board 1: column 2, row 2 shows move Influence
    place_tile(g, 0, "special-stars", 3, 1)  # 2 Stars: 36 -> 43
    give(g, 0, black=0, yellow=0, blue=1)
    _rest_at(g, 36)
    play(g, "journal to 43")
    play(g, "take tile special-planet (free)", "place tile at column 2 row 2")
    play(g, "move influence blue to black")
    while not _black_steps(g):
        play(g, "done")
    assert _black_steps(g) == ["black influence: journal on to 50"]
    play(g, "black influence: journal on to 50")
    assert _p(g)["journal"] == 50 and _p(g)["guilds"]["black"] == 0


def test_the_black_step_is_only_straight_after_a_journal_step() -> None:
    """WF-GLD-06: no Black step without a Journal step, and none kept for later."""
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L01")
    give(g, 0, black=2)
    assert not any("black" in a for a in acts(g))  # the start of a turn
    play(g, "place yellow worker on " + g.view()["rows"]["land"]["slots"][1]["id"])
    while g.to_move == 0:
        assert not _black_steps(g)
        play(g, "done")
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L01")
    give(g, 0, black=2)
    state(g).jtile_at[0] = TWO_SILVER
    _rest_at(g, 0)
    play(g, "journal to 10", "done")
    assert _black_steps(g)
    play(g, "no extra journal step")
    assert "gain 1 silver" in acts(g)  # the Rest's Silver is still to come ...
    assert not _black_steps(g)  # ... but the Black step has passed
    play(g, "gain 1 silver")
    assert g.to_move == 1 and _p(g)["journal"] == 10


def test_yellow_changes_dice_by_two_steps() -> None:
    """WF-GLD-07: 1 Yellow changes dice in supply by two steps: one die by 2 or two dice by 1,
    each direction chosen."""
    g = new(2, seed=1)
    give(g, 0, yellow=1)
    set_dice(g, 0, [3, 5])
    supply = _p(g)["influence"]
    play(g, "use yellow influence")
    assert set(acts(g)) == {"yellow: die 3 to 4", "yellow: die 3 to 2", "yellow: die 5 to 6",
                            "yellow: die 5 to 4"}
    assert _p(g)["guilds"]["yellow"] == 0 and _p(g)["influence"] == supply + 1
    play(g, "yellow: die 3 to 4")
    assert set(acts(g)) == {"yellow: die 4 on to 5", "yellow: die 5 to 6", "yellow: die 5 to 4",
                            "yellow: no second step"}
    play(g, "yellow: die 5 to 4")
    assert _p(g)["dice"] == [4, 4]
    g = new(2, seed=1)
    give(g, 0, yellow=1)
    set_dice(g, 0, [3, 5])
    play(g, "use yellow influence", "yellow: die 3 to 2", "yellow: die 2 on to 1")
    assert _p(g)["dice"] == [1, 5] and g.to_move == 0


def test_yellow_never_takes_a_die_past_1_or_6() -> None:
    """WF-GLD-08: no change below 1 or above 6."""
    g = new(2, seed=1)
    give(g, 0, yellow=1)
    set_dice(g, 0, [1, 6])
    play(g, "use yellow influence")
    assert set(acts(g)) == {"yellow: die 1 to 2", "yellow: die 6 to 5"}
    g = new(2, seed=1)
    give(g, 0, yellow=1)
    set_dice(g, 0, [2])
    play(g, "use yellow influence", "yellow: die 2 to 1")
    assert set(acts(g)) == {"yellow: no second step"}


def _chain_game(yellow: int = 1) -> Game:
    """Column 1 has +1, column 2 has +1 and a Camel, column 3 a Ship."""
    g = new(2, seed=1)
    place_tile(g, 0, "land-camel", 1, 2, face=0)  # row 2: column 1 +1, column 2 Camel
    place_tile(g, 0, "water-ship", 2, 3, face=0)  # row 3: column 2 +1, column 3 Ship
    give(g, 0, yellow=yellow, blue=0)
    set_dice(g, 0, [1, 4])
    return g


def test_yellow_comes_before_or_after_the_caravan_chain_never_inside() -> None:
    """WF-GLD-09 (WF-RUL-09): Yellow may be used before the chain or after it; used once a
    chain has begun, it ends the chain, so no chain step follows."""
    g = _chain_game()
    play(g, "use yellow influence", "yellow: die 4 to 5", "yellow: no second step")
    play(g, "place die 1")
    assert "caravan: die 1 to 2" in acts(g)  # Yellow before: the chain is still there
    g = _chain_game()
    play(g, "place die 1", "caravan: die 1 to 2")
    assert "caravan: die 2 to 3" in acts(g)
    play(g, "use yellow influence", "yellow: die 4 to 5", "yellow: no second step")
    assert not starting(g, "caravan:")  # the chain cannot resume after Yellow
    assert "place die 2 on Capital City" in acts(g)
    g = _chain_game()
    play(g, "place die 1", "caravan: die 1 to 2", "caravan: die 2 to 3")
    assert "use yellow influence" in acts(g)  # after the whole chain


def test_blue_hires_one_ship_for_the_die_being_placed() -> None:
    """WF-GLD-10: 1 Blue, before placing, counts as a Ship for that placement only."""
    g = new(2, seed=1)
    _occupy(g, "market", "reserve")
    set_dice(g, 0, [3])
    give(g, 0, blue=0, yellow=0)
    assert "place die 3" not in acts(g)  # no space takes a 3 without a Ship
    give(g, 0, blue=1)
    supply = _p(g)["influence"]
    play(g, "place die 3")
    assert acts(g) == ["hire a ship (1 blue influence)"]
    play(g, "hire a ship (1 blue influence)")
    assert _p(g)["guilds"]["blue"] == 0 and _p(g)["influence"] == supply + 1
    assert acts(g) == ["place die 3 on Capital Harbour"]
    play(g, "place die 3 on Capital Harbour")
    assert starting(g, "pay 2 provisions")


def test_the_hired_ship_is_a_single_ship() -> None:
    """WF-GLD-11: a space needing two Ships (W04) takes the hired Ship only with a second from
    the caravan column (or the host's Townsfolk)."""
    g = new(2, seed=1)
    gain(g, 0, "W04")  # Harbour: Ship + Ship
    _occupy(g, "market", "reserve", "harbour")
    set_dice(g, 0, [3])
    give(g, 0, blue=1, yellow=0)
    assert "place die 3" not in acts(g)  # one hired Ship is not two
    place_tile(g, 0, "basic-ship", 3, 2)
    play(g, "place die 3")
    assert "place die 3 on W04" not in acts(g)  # the caravan's one Ship is not two either
    play(g, "hire a ship (1 blue influence)")
    assert acts(g) == ["place die 3 on W04"]
    g = new(2, seed=1)
    gain(g, 0, "W04")
    gain(g, 0, "T01", under="W04")  # Adventurer: a Ship on its host
    _occupy(g, "market", "reserve", "harbour")
    set_dice(g, 0, [3])
    give(g, 0, blue=1, yellow=0)
    play(g, "place die 3", "hire a ship (1 blue influence)")
    assert acts(g) == ["place die 3 on W04"]


END = ["use yellow influence", "end turn"]


def _worker_turn(yellow: int = 1, dice: tuple[int, ...] = (3, 5)) -> Game:
    """Seat 0 to move with ``yellow`` Yellow Influence and ``dice`` in supply; its Yellow
    Worker can go on the Inspiration card I01 (slot 1: 2 Provisions)."""
    g = new(2, seed=1)
    give(g, 0, yellow=yellow)
    set_dice(g, 0, list(dice))
    put_display(g, "inspiration", 1, "I01")
    return g


def test_yellow_is_offered_at_the_end_of_the_turn_exactly_when_usable() -> None:
    """WF-RUL-15 (WF-GLD-02): once the last effect has resolved, a seat with its Yellow ability
    unused this turn, at least 1 Yellow Influence and a die in supply chooses between Yellow
    and ending the turn, on a Worker turn as on a Rest turn; if any of the three is missing the
    turn passes at once."""
    g = _worker_turn()
    play(g, "place yellow worker on I01", "gain 2 provisions")
    assert g.to_move == 0 and acts(g) == END
    g = _worker_turn(dice=(2, 4))
    play(g, "rest", "keep the other dice")  # an ineligible Rest: no Resting ability
    assert g.to_move == 0 and acts(g) == END
    # Yellow already used this turn (1 Yellow left, dice in supply): no offer.
    g = _worker_turn(yellow=2)
    play(g, "use yellow influence", "yellow: die 3 to 4", "yellow: no second step")
    play(g, "place yellow worker on I01", "gain 2 provisions")
    assert g.to_move == 1 and _p(g)["guilds"]["yellow"] == 1 and _p(g)["dice"] == [4, 5]
    # No Yellow Influence: no offer.
    g = _worker_turn(yellow=0)
    play(g, "place yellow worker on I01", "gain 2 provisions")
    assert g.to_move == 1
    # No die in supply: no offer.
    g = _worker_turn(dice=())
    play(g, "place yellow worker on I01", "gain 2 provisions")
    assert g.to_move == 1


def test_end_turn_passes_the_turn_with_yellow_unused() -> None:
    """WF-RUL-15: "end turn" passes the turn; the Yellow Influence and the dice stay as they
    were."""
    g = _worker_turn()
    supply = _p(g)["influence"]
    play(g, "place yellow worker on I01", "gain 2 provisions", "end turn")
    assert g.to_move == 1
    assert _p(g)["guilds"]["yellow"] == 1 and _p(g)["influence"] == supply
    assert _p(g)["dice"] == [3, 5]


def test_yellow_at_the_end_of_the_turn_changes_dice_then_passes() -> None:
    """WF-RUL-15 (WF-GLD-07): Yellow taken at the end of the turn spends 1 Yellow, changes the
    dice by its two steps, and then the turn passes with no further decision."""
    g = _worker_turn()
    supply = _p(g)["influence"]
    play(g, "place yellow worker on I01", "gain 2 provisions", "use yellow influence")
    assert _p(g)["guilds"]["yellow"] == 0 and _p(g)["influence"] == supply + 1
    play(g, "yellow: die 3 to 4")
    assert g.to_move == 0  # the second step is still to decide
    play(g, "yellow: die 5 to 6")
    assert g.to_move == 1 and _p(g)["dice"] == [4, 6]
    g = _worker_turn()
    play(g, "place yellow worker on I01", "gain 2 provisions", "use yellow influence",
         "yellow: die 5 to 4", "yellow: no second step")
    assert g.to_move == 1 and _p(g)["dice"] == [3, 4]


def test_the_end_of_turn_offer_comes_once_per_turn() -> None:
    """WF-RUL-15 (WF-GLD-02, WF-TURN-14): the end-of-turn choice is offered once in a turn:
    after Yellow is used there, the turn passes even with Yellow Influence and dice left; the
    next turn of the same seat offers it again."""
    g = _worker_turn(yellow=3)
    play(g, "place yellow worker on I01", "gain 2 provisions")
    offers = 0
    while g.to_move == 0:
        assert acts(g) == END
        offers += 1
        play(g, "use yellow influence", "yellow: die 3 to 4", "yellow: no second step")
    assert offers == 1
    assert _p(g)["guilds"]["yellow"] == 2 and _p(g)["dice"] == [4, 5]
    play(g, "rest", "keep the other dice", "end turn")  # seat 1 (1 Yellow), Yellow unused
    assert g.to_move == 0
    play(g, "rest", "keep the other dice")
    assert g.to_move == 0 and acts(g) == END
    play(g, "end turn")
    assert g.to_move == 1


def test_yellow_is_offered_while_choosing_rest_rerolls() -> None:
    """WF-RUL-15 (WF-TURN-10): while the Rest's rerolls are chosen, Yellow may change the dice
    kept in supply; the rerolls go on with the changed values. Without Yellow Influence it is
    not offered."""
    g = _worker_turn(dice=(2, 4, 5))
    play(g, "rest")
    assert acts(g) == ["reroll a 2 kept in supply", "reroll a 4 kept in supply",
                       "reroll a 5 kept in supply", "use yellow influence",
                       "keep the other dice"]
    play(g, "use yellow influence", "yellow: die 2 to 3", "yellow: no second step")
    assert _p(g)["dice"] == [3, 4, 5] and _p(g)["guilds"]["yellow"] == 0
    assert acts(g) == ["reroll a 3 kept in supply", "reroll a 4 kept in supply",
                       "reroll a 5 kept in supply", "keep the other dice"]
    play(g, "keep the other dice")
    assert g.to_move == 1  # Yellow used: no end-of-turn offer
    g = _worker_turn(yellow=0, dice=(2, 4, 5))
    play(g, "rest")
    assert "use yellow influence" not in acts(g)
