"""Rule tests for the 12 Rivers 2022 edition's components (rulebook 001, "Game Components"):
TR22-COMP-01..11, and the component rulings TR22-RULING-03 (river layout) and TR22-RULING-14
(fairy kinds)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.twelve_rivers_2022.helpers import new, play, position, seat_view, totals
from upriver.games.twelve_rivers.components import COLOURS, RAINBOW, TRIBES, load

PEARLS = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}
FAIRY_KINDS = {"bonfire", "breeze", "cloud", "mushroom", "river"}
REWARDS = {
    "full tile", "one colour", "five colours", "full tiles", "fairy majority", "card majority",
    "fairy count", "card count", "colour count", "colour majority",
}


def board(spaces: dict[str, int]) -> str:
    """A ``[spaces]`` table: tokens on the board, by space name."""
    return "[spaces]\n" + "".join(f'"{name}" = {seat}\n' for name, seat in spaces.items())


def placeable(game: upriver.Game) -> list[str]:
    return [a.removeprefix("place ") for a in game.legal_actions() if a.startswith("place ")]


def test_pearl_supply_is_65_pearls_by_colour() -> None:
    """TR22-COMP-01: the pearl supply is exactly 65 pearls: 9 healing (white), 11 magic
    (purple), 13 wildlife (pink), 15 aquatic (blue) and 17 plant (green)."""
    empty = position("players = 2")  # no pearl on the board: every pearl is in the bag
    assert empty.view(None)["bag"] == PEARLS
    assert totals(empty)["pearls"] == 65
    for players in (2, 3, 4):
        game = new(players, seed=players)
        view = game.view(None)
        found = Counter(view["bag"]) + Counter(c for c in view["rivers"] if c)
        assert dict(found) == PEARLS
        assert totals(game)["pearls"] == 65
    with pytest.raises(upriver.BadPosition, match="more white pearls"):
        position('players = 2\nsea = "' + "white " * 10 + '"')
    assert position('players = 2\nsea = "' + "white " * 9 + '"').view(None)["sea"] == {
        "white": 9
    }


def test_thirty_villager_tiles_with_five_spaces_and_no_starting_tile() -> None:
    """TR22-COMP-02: there are 30 villager tiles, none is a starting tile, and each has exactly
    5 pearl spaces."""
    comp = load("", "2022")
    assert len(comp.tiles) == 30
    assert all(t.start == 0 for t in comp.tiles)
    assert all(len(t.spots) == 5 for t in comp.tiles)
    for players in (2, 3, 4):
        game = new(players, seed=11)
        view = game.view(None)
        assert len(view["markaya_display"]) + view["markaya_deck"] == 30
        assert all(p["markaya"] == [] for p in view["players"])
        assert totals(game)["Markaya"] == 30
    game = position('players = 2\n[[seat]]\nmarkaya = ["V07: -", "V21"]')
    assert [len(t["pearls"]) for t in seat_view(game, 0)["markaya"]] == [5, 5]


def test_villager_tile_carries_colours_card_gain_totem_and_reward() -> None:
    """TR22-COMP-03: each villager tile has a colour (or rainbow) per space, a camp-card gain
    that may be 0, one of the four tribe totems and one end-of-game reward."""
    comp = load("", "2022")
    for tile in comp.tiles:
        assert all(0 <= s < len(COLOURS) or s == RAINBOW for s in tile.spots)
        assert tile.cards >= 0
        assert 0 <= tile.totem < 4  # -1 would mean no totem
        assert tile.objective in REWARDS
    assert any(t.cards == 0 for t in comp.tiles)  # a missing card icon exists
    assert any(t.cards > 0 for t in comp.tiles)
    assert {TRIBES[t.totem] for t in comp.tiles} == {"fire", "wood", "water", "earth"}
    assert {t.objective for t in comp.tiles} == REWARDS


def test_four_alpaca_boards_each_hold_at_most_six_pearls() -> None:
    """TR22-COMP-04: there are 4 alpaca boards, one per player colour, and each holds at most
    6 pearls: a lake token taking 8 pearls must bring its alpaca back down to 6."""
    view = new(4).view(None)
    assert [p["alpaca"] for p in view["players"]] == [{}, {}, {}, {}]
    game = position(
        'players = 4\nsea = "green green green green blue blue pink pink"\nstep = "collect"\n'
        + board({"sea": 3, "R1-01 space 1": 3, "R1-02 space 1": 3,
                 "village 1": 0, "village 2": 0, "village 3": 0,
                 "village 4": 1, "village 5": 1, "village 6": 1,
                 "R1-03 space 1": 2, "R1-04 space 1": 2, "R1-05 space 1": 2})
    )
    assert game.to_move == 3
    assert game.view(3)["step"] == "lake: choose pearls to discard"
    assert sum(seat_view(game, 3)["alpaca"].values()) == 8
    assert "done" not in game.legal_actions()
    play(game, "discard green")
    assert game.to_move == 3 and sum(seat_view(game, 3)["alpaca"].values()) == 7
    play(game, "discard pink")
    assert seat_view(game, 3)["alpaca"] == {"green": 3, "blue": 2, "pink": 1}
    assert game.view(None)["step"] == "befriend a Markaya"  # the lake token is back


def test_twelve_tribe_tokens_three_per_colour() -> None:
    """TR22-COMP-05: there are 12 tribe tokens, 3 in each of the 4 player colours."""
    game = new(4)
    assert Counter(game.view(None)["track"]) == {0: 3, 1: 3, 2: 3, 3: 3}
    assert totals(game)["family markers"] == 12
    with pytest.raises(upriver.BadPosition, match="4 family markers"):
        position('players = 2\ntrack = "0 1 0 1 0 1 0"')


def test_player_colours_are_the_four_tribes() -> None:
    """TR22-COMP-06: each player colour is a tribe whose totem appears on villager tiles:
    red = fire, green = wood, blue = water, orange = earth (seats 0..3)."""
    assert new(4).view(None)["tribes"] == ["fire", "wood", "water", "earth"]
    assert new(2).view(None)["tribes"] == ["fire", "wood"]

    # The tribe is what a villager totem is matched against: V02 shows the wood totem.
    def taken_by(seat: int) -> upriver.Game:
        game = position(
            'players = 2\nmarkaya_display = "V02"\nstep = "collect"\n'
            + board({"village 3": seat, "village 4": 1 - seat, "R1-01 space 1": 0,
                     "R1-02 space 1": 0, "R1-03 space 1": 1, "R1-04 space 1": 1})
        )
        assert game.to_move == seat
        return play(game, "befriend V02")

    assert taken_by(0).view(None)["players"][0]["hand_size"] == 1  # fire: printed card only
    assert taken_by(1).view(None)["players"][1]["hand_size"] == 2  # wood: +1 for the totem


def test_camp_cards_are_48_identical_cards() -> None:
    """TR22-COMP-07: there are 48 camp cards, all identical: a hand is just a count and a cost
    is paid with any card."""
    game = new(3, seed=5)
    assert totals(game)["supply cards"] == 48
    assert seat_view(game, game.to_move or 0)["hand"] == {"camp card": 4}  # the first player
    assert game.view(None)["card_display"] == []
    play(game, "place R1-01 space 1")
    assert game.legal_actions() == ["pay camp card"]


def test_twenty_five_fairies_of_five_kinds() -> None:
    """TR22-COMP-08: there are 25 fairy tokens of five kinds: cloud, river, bonfire, breeze
    and mushroom."""
    game = new(4, seed=2)
    assert totals(game)["fairies"] == 25
    view = game.view(None)
    assert view["fairy_supply"] + sum(sum(s.values()) for s in view["sites"].values()) == 25
    assert set(load("", "2022").fairy_names) == FAIRY_KINDS
    held = position(
        'players = 2\nfairy_supply = 0\n[[seat]]\nfairies = "cloud river bonfire breeze mushroom"'
    )
    assert seat_view(held, 0)["fairies"] == dict.fromkeys(sorted(FAIRY_KINDS), 1)
    with pytest.raises(upriver.BadPosition):
        position('players = 2\n[[seat]]\nfairies = "wind"')


def test_five_mission_cards_one_per_colour() -> None:
    """TR22-COMP-09: there are 5 mission cards, one per pearl colour (white 3, purple 3, pink 4,
    blue 4, green 4 on the alpaca)."""
    seen = {}
    for seed in range(80):
        (card,) = new(2, seed=seed).view(None)["alpaca_cards"]
        seen[card["colour"]] = (card["count"], card["points"])
        if len(seen) == 5:
            break
    assert seen == {"white": (3, 4), "purple": (3, 4), "pink": (4, 4), "blue": (4, 4),
                    "green": (4, 4)}
    for colour in PEARLS:
        game = position(f'players = 2\nmission = "{colour}"')
        assert [c["colour"] for c in game.view(None)["alpaca_cards"]] == [colour]


def test_block_bar_holds_pearls_and_the_bag_draws_at_random() -> None:
    """TR22-COMP-10: the round's pearls wait behind the block bar at the river origins until it
    is pulled; the bag is the pearl supply and its draws are random."""
    game = new(2, seed=3)
    view = game.view(None)
    assert all(view["rivers"][:6]) and view["pools"] == {} and view["sea"] == {}
    draws = {tuple(new(4, seed=s).view(None)["rivers"]) for s in range(12)}
    assert len(draws) > 6  # different seeds, different draws
    for seed in range(12):
        view = new(4, seed=seed).view(None)
        drawn = Counter(view["rivers"])
        assert all(view["bag"].get(c, 0) + drawn[c] == n for c, n in PEARLS.items())
    # Pulling the bar (the reward phase) releases them: the rivers are empty afterwards.
    game = position(
        'players = 2\nrivers = "white green blue pink purple green"\nstep = "collect"\n'
        + board({"R5 space 1": 0, "village 2": 0, "village 3": 0, "village 4": 1,
                 "village 5": 1, "village 6": 1})
    )
    view = game.view(None)
    assert view["rivers"] == [None] * 12
    assert view["pools"] == {"R5": {"white": 1, "green": 2, "blue": 1, "pink": 1, "purple": 1}}


def test_board_has_12_rivers_one_lake_groove_six_village_grooves_and_a_12_space_trail() -> None:
    """TR22-COMP-11: the board has 12 rivers, a lake with exactly 1 groove, a village with
    exactly 6 grooves, and a trail of 12 spaces holding at most one token each."""
    game = new(4, seed=1)
    view = game.view(None)
    assert len(view["rivers"]) == 12 and all(view["rivers"])
    spaces = placeable(game)
    assert spaces.count("sea") == 1
    assert [s for s in spaces if s.startswith("village")] == [f"village {k}" for k in range(1, 7)]
    assert len({s.split(" space ")[0] for s in spaces if s.startswith("R1-")}) == 12
    assert len(view["track"]) == 12
    play(game, "place sea")
    assert "sea" not in placeable(game)
    with pytest.raises(upriver.BadPosition, match="12 spaces"):
        position("players = 4\ntrack = \"" + "0 1 2 3 " * 3 + "0\"")


def test_river_layout_is_model_t1() -> None:
    """TR22-RULING-03: the default river layout (model T1): 12 one-groove row-1 stretches; per
    group of three rivers a 2-groove and a 1-groove row-2 stretch; one 3-groove row-3 stretch per
    group; two 4-groove row-4 stretches (A: rivers 1-6, B: 7-12); one 5-groove row 5 into the
    lake."""
    game = new(4)
    grooves = Counter(s.split(" space ")[0] for s in placeable(game) if " space " in s)
    expected = {f"R1-{r:02d}": 1 for r in range(1, 13)}
    for g in range(1, 5):
        expected |= {f"R2-{g}P": 2, f"R2-{g}S": 1, f"R3-{g}": 3}
    expected |= {"R4-A": 4, "R4-B": 4, "R5": 5}
    assert grooves == expected
    # Row 2 is fed per group: rivers 3g-2 and 3g-1 into R2-gP, river 3g into R2-gS.
    row2 = position(
        'players = 4\nrivers = "green green blue pink pink white purple purple blue green '
        'green white"\nstep = "collect"\nmarkaya_display = ""\n[spaces]\n'
        + "".join(f'"R2-{g}{s} space 1" = {g - 1}\n' for g in range(1, 5) for s in "PS")
        + "".join(f'"village {k}" = {k - 1}\n' for k in range(1, 5))
    )
    assert row2.view(None)["pools"] == {
        "R2-1P": {"green": 2}, "R2-1S": {"blue": 1}, "R2-2P": {"pink": 2},
        "R2-2S": {"white": 1}, "R2-3P": {"purple": 2}, "R2-3S": {"blue": 1},
        "R2-4P": {"green": 2}, "R2-4S": {"white": 1},
    }
    # Rows 3 to 5: three rivers per row-3 stretch, six per row-4 stretch, R5 drains to the lake.
    lower = position(
        'players = 4\nrivers = "green green green blue blue blue pink pink pink white white '
        'white"\nstep = "collect"\nmarkaya_display = ""\n[spaces]\n'
        '"R3-1 space 1" = 0\n"R3-2 space 1" = 1\n"R3-3 space 1" = 2\n"R3-4 space 1" = 3\n'
        + "".join(f'"village {k}" = {(k - 1) % 4}\n' for k in range(1, 7))
        + '"R4-A space 1" = 2\n"R4-B space 1" = 3\n'
    )
    assert lower.view(None)["pools"] == {
        "R3-1": {"green": 3}, "R3-2": {"blue": 3}, "R3-3": {"pink": 3}, "R3-4": {"white": 3},
    }
    play(lower, "take green", "take blue", "take pink", "take white")
    assert lower.view(None)["pools"] == {
        "R4-A": {"green": 2, "blue": 2}, "R4-B": {"pink": 2, "white": 2}
    }
    play(lower, "take green")
    assert lower.view(None)["sea"] == {"green": 1, "blue": 2}  # through the open R5
    play(lower, "take pink")  # the unvisited lake's pearls then leave the game
    assert lower.view(None)["pearls_out"] == {"green": 1, "blue": 2, "pink": 1, "white": 2}


def test_fairies_are_five_of_each_kind() -> None:
    """TR22-RULING-14: the 25 fairy tokens are 5 of each of the five kinds."""
    comp = load("", "2022")
    assert dict(zip(comp.fairy_names, comp.fairy_counts, strict=True)) == dict.fromkeys(
        FAIRY_KINDS, 5
    )
    for kind in sorted(FAIRY_KINDS):
        five = position(f'players = 2\nfairy_supply = 0\n[[seat]]\nfairies = "{(kind + " ") * 5}"')
        assert seat_view(five, 0)["fairies"] == {kind: 5}
        with pytest.raises(upriver.BadPosition, match=f"more {kind} fairies"):
            position(f'players = 2\nfairy_supply = 0\n[[seat]]\nfairies = "{(kind + " ") * 6}"')
