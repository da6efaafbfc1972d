"""Rule tests for Wayfarers dice (WF-DICE-01..13)."""

from __future__ import annotations

from tests.wayfarers.helpers import (
    MARKET,
    RESERVE,
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


def table(dice: list[int], **holdings: int) -> Game:
    """Seat 0 to move on player board 1, side a everywhere, no Guild Influence unless given."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    give(g, 0, **{"black": 0, "yellow": 0, "blue": 0, "silver": 10, **holdings})
    set_dice(g, 0, dice)
    return g




def dice_total(g: Game, seat: int) -> int:
    st = state(g)
    from upriver.games.wayfarers.resolve import _die_spaces

    placed = sum(st.occupied[h] for h in _die_spaces(st, seat))
    return len(st.dice[seat]) + st.reserve[seat] + placed


def test_each_die_is_in_reserve_supply_or_on_one_space() -> None:
    """WF-DICE-01: each of a player's 5 dice is in the reserve, the supply or on exactly one die
    space, and its value is 1-6, through placing, refreshing and resting."""
    g = table([2, 3, 5])
    assert dice_total(g, 0) == 5 and state(g).reserve[0] == 2
    play(g, "place die 2", "place die 2 on Capital Market", "gain 2 provisions" + MARKET)
    assert dice_total(g, 0) == 5 and len(state(g).dice[0]) == 2
    pass_turn(g)  # seat 1
    pass_turn(g)  # seat 0: ineligible, the placed die comes back
    st = state(g)
    assert dice_total(g, 0) == 5 and len(st.dice[0]) == 3
    assert all(1 <= v <= 6 for v in st.dice[0] + st.dice[1])


def test_die_spaces_are_the_board_cities_and_harbours() -> None:
    """WF-DICE-02: die spaces are the Capital City, Capital Harbour, the four central spaces,
    each City card and each Harbour card; Vista and Open Water cards have none."""
    g = table([1])
    for card in ("L01", "L19", "W01", "W19"):
        gain(g, 0, card)
    place_tile(g, 0, "basic-pigeon", 1, 2)
    place_tile(g, 0, "basic-ship", 1, 3)
    place_tile(g, 0, "basic-telescope", 2, 2)
    play(g, "place die 1")
    assert sorted(a.removeprefix("place die 1 on ") for a in starting(g, "place die 1 on ")) == [
        "Capital City", "Capital Harbour", "Capital Library", "Capital Market",
        "Capital Reserve", "L01", "W01"]
    g = table([2])
    place_tile(g, 0, "basic-telescope", 2, 2)
    play(g, "place die 2")
    assert "place die 2 on Capital Observatory" in acts(g)


def test_a_die_space_holds_one_die() -> None:
    """WF-DICE-03: a die space holds one die; a die goes only on an empty space."""
    g = table([4, 4, 4])
    play(g, "place die 4", "place die 4 on Capital Market", "done")
    pass_turn(g)
    play(g, "place die 4")
    assert "place die 4 on Capital Market" not in acts(g)
    assert "place die 4 on Capital Reserve" in acts(g)


def test_asset_needs_count_duplicates() -> None:
    """WF-DICE-04: a space with no asset accepts any die; a space showing assets needs all of
    them, duplicates counted: W04 (Ship+Ship) refuses a die with one Ship."""
    for v in range(1, 7):
        g = table([v])
        play(g, f"place die {v}")
        assert {f"place die {v} on Capital Market", f"place die {v} on Capital Reserve"} <= set(
            acts(g))
    g = table([3])
    gain(g, 0, "W04")
    place_tile(g, 0, "basic-ship", 3, 2)
    play(g, "place die 3")
    assert "place die 3 on Capital Harbour" in acts(g)
    assert "place die 3 on W04" not in acts(g)


def test_assets_come_from_caravan_townsfolk_and_a_hired_ship() -> None:
    """WF-DICE-05: a die's assets come from its caravan column, the Townsfolk under the host,
    and a hired Blue Ship; W04's two Ships can be made of one tile Ship and the Adventurer's
    Ship, or one tile Ship and a hired Ship."""
    g = table([3])
    gain(g, 0, "W04")
    gain(g, 0, "T01", under="W04")  # Adventurer: Ship
    place_tile(g, 0, "basic-ship", 3, 2)
    play(g, "place die 3")
    assert "place die 3 on W04" in acts(g)
    g = table([3], blue=1)
    gain(g, 0, "W04")
    place_tile(g, 0, "basic-ship", 3, 2)
    play(g, "place die 3")
    assert "place die 3 on W04" not in acts(g)
    play(g, "hire a ship (1 blue influence)")
    assert "place die 3 on W04" in acts(g)
    # The Adventurer serves only its own host.
    g = table([5])
    gain(g, 0, "W05")
    gain(g, 0, "T01", under="W05")
    play(g, "place die 5")
    assert "place die 5 on W05" in acts(g)
    assert "place die 5 on Capital Harbour" not in acts(g)


def test_the_column_is_that_of_the_value_when_placed() -> None:
    """WF-DICE-06: the die's caravan column is the one of the value it shows when placed, after
    the caravan change: a 2 moved to 3 takes column 3's Silver discount."""
    g = table([2])
    place_tile(g, 0, "land-camel", 2, 2, face=0)  # [+1 | Camel]: column 2 up
    place_tile(g, 0, "land-discount", 2, 3, face=0)  # column 3: silver off
    play(g, "place die 2", "caravan: die 2 to 3", "place die 3 on Capital Reserve")
    assert state(g).die_col == 3
    assert "take tile basic-ship (1 silver)" + RESERVE in acts(g)
    g = table([2])
    place_tile(g, 0, "land-camel", 2, 2, face=0)
    place_tile(g, 0, "land-discount", 2, 3, face=0)
    play(g, "place die 2", "place die 2 on Capital Reserve")
    assert "take tile basic-ship (2 silver)" + RESERVE in acts(g)


def test_refresh_takes_a_placed_die_or_rerolls_one_in_supply() -> None:
    """WF-DICE-07, WF-DICE-08: refresh takes a die from an occupied space (the one just placed
    included), rolls it into supply and frees the space, or rerolls a supply die instead; the
    space's action is neither undone nor repeated."""
    g = table([4, 5], provisions=0)
    gain(g, 0, "W09")  # Ship: refresh die & modify die & provision
    place_tile(g, 0, "basic-ship", 4, 2)
    play(g, "place die 4", "place die 4 on W09", "gain 1 provision")
    assert {"refresh die on W09", "reroll die 5"} <= set(acts(g))
    w09 = state(g).cfg.comp.by_id["W09"]
    assert state(g).occupied[w09] == 1
    play(g, "refresh die on W09")
    st = state(g)
    assert st.occupied[w09] == 0 and len(st.dice[0]) == 2
    assert st.provisions[0] == 1
    assert "gain 1 provision" not in acts(g) and not starting(g, "refresh ")
    # Rerolling a supply die instead keeps the placed die where it is.
    g = table([4, 5])
    gain(g, 0, "W09")
    place_tile(g, 0, "basic-ship", 4, 2)
    play(g, "place die 4", "place die 4 on W09", "reroll die 5")
    assert state(g).occupied[w09] == 1 and len(state(g).dice[0]) == 1


def test_modify_dice_changes_supply_dice_by_one_twice() -> None:
    """WF-DICE-09: modify dice changes one supply die by 1 without wrapping; a count of 2 gives
    two separate changes, to the same die or to different dice."""
    g = table([1, 6], green_workers=1)
    put_display(g, "water", 1, "W20")  # slot 1: refresh die & 2 modify die
    play(g, "place green worker on W20")
    mods = starting(g, "modify ")
    assert sorted(mods) == ["modify die 1 to 2", "modify die 6 to 5"]
    play(g, "modify die 1 to 2")
    assert "modify die 2 to 3" in acts(g)
    play(g, "modify die 2 to 3")
    assert state(g).dice[0] == [3, 6] and not starting(g, "modify ")
    g = table([1, 6], green_workers=1)
    put_display(g, "water", 1, "W20")
    play(g, "place green worker on W20", "modify die 1 to 2", "modify die 6 to 5")
    assert sorted(state(g).dice[0]) == [2, 5]


def _journal_into_column_2(reserve: int, dice: list[int]) -> Game:
    g = table(dice, provisions=0)
    st = state(g)
    st.jpos[0] = 10
    st.reserve[0] = reserve
    gain(g, 0, "L16")  # a second City (10 -> 20 needs 2 on side a); Pigeon: journal
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on L16", "journal to 20")
    return g


def test_gaining_a_new_die_is_mandatory() -> None:
    """WF-DICE-10, WF-DICE-11, WF-OP-15: entering column 2 gives a new die at once, taken from
    the reserve and rolled into supply; with an empty reserve nothing happens, so a player
    never has more than 5 dice."""
    g = _journal_into_column_2(2, [6])
    st = state(g)
    assert st.jpos[0] == 20 and st.reserve[0] == 1 and len(st.dice[0]) == 1
    assert 1 <= st.dice[0][0] <= 6
    assert not any("new die" in a for a in acts(g))  # nothing to decide
    g = _journal_into_column_2(0, [6, 1, 2, 3, 4])
    st = state(g)
    assert st.jpos[0] == 20 and st.reserve[0] == 0 and st.dice[0] == [1, 2, 3, 4]
    assert dice_total(g, 0) == 5


def test_rolls_come_from_the_seeded_stream() -> None:
    """WF-DICE-12: every roll comes from the game's seeded source: the same seed and actions
    give the same rolls; rolls are uniform over 1-6."""
    def run(seed: int) -> list[list[int]]:
        g = new(2, seed=seed)
        for _ in range(6):
            play(g, "rest")
            while starting(g, "reroll ") or "keep the other dice" in acts(g):
                play(g, starting(g, "reroll ")[0] if starting(g, "reroll ") else "done")
            if "end turn" in acts(g):  # Yellow left unused (WF-RUL-15): no roll
                play(g, "end turn")
        return [list(d) for d in state(g).dice]
    assert run(5) == run(5)
    g = new(2, seed=3)
    st = state(g)
    from upriver.games.wayfarers.stack import roll

    counts = [0] * 7
    for _ in range(6000):
        counts[roll(st)] += 1
    assert counts[0] == 0 and all(800 < c < 1200 for c in counts[1:])


def test_a_placed_die_stays_until_refreshed_or_rest() -> None:
    """WF-DICE-13: a placed die stays on its space over later turns until its owner Rests."""
    g = table([4, 4, 4])
    market = board_host(0, "market")
    play(g, "place die 4", "place die 4 on Capital Market", "done")
    pass_turn(g)  # seat 1
    assert state(g).occupied[market] == 1
    play(g, "place die 4", "place die 4 on Capital Reserve")
    while state(g).seat == 0:
        play(g, "done")
    pass_turn(g)  # seat 1
    assert state(g).occupied[market] == 1
    pass_turn(g)  # seat 0 Rests: the die comes back
    assert state(g).occupied[market] == 0
