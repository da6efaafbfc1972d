"""Rule tests for 12 Rivers components and the default board data (TR-COMP, TR-RULING-01..07).

Counts are read back through the public API (views, legal actions, positions that the engine
refuses); where a statement is about the data files themselves (tile contents, the loader) the
component tables are inspected directly.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import upriver
from tests.twelve_rivers.helpers import (
    new,
    placeable,
    play,
    position,
    seat_view,
    stretch_of,
    totals,
)
from upriver.games.twelve_rivers.components import COLOURS, INTROVERTED, OBJECTIVES, RAINBOW, load

PEARLS = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}
CARD_KINDS = ("banner", "lantern", "supplies", "fishing net", "instrument")
FAIRY_KINDS = ("fire", "earth", "wind", "light", "water")

# The reference note's model T1, written out from TR-RULING-02/03 (not read from the engine).
T1_ROW2 = [f"R2-{g}{k}" for g in range(1, 5) for k in ("P", "S")]
T1_STRETCHES = (
    [f"R1-{r:02d}" for r in range(1, 13)]
    + T1_ROW2
    + [f"R3-{g}" for g in range(1, 5)]
    + ["R4-A", "R4-B", "R5"]
)
T1_SPACES = {
    **{f"R1-{r:02d}": 1 for r in range(1, 13)},
    **{f"R2-{g}P": 2 for g in range(1, 5)},
    **{f"R2-{g}S": 1 for g in range(1, 5)},
    **{f"R3-{g}": 3 for g in range(1, 5)},
    "R4-A": 4,
    "R4-B": 4,
    "R5": 5,
}


def t1_rivers(stretch: str) -> set[int]:
    """The rivers whose pearl reaches ``stretch`` under the T1 flows of TR-RULING-03."""
    if stretch.startswith("R1-"):
        return {int(stretch[3:])}
    if stretch.startswith("R2-"):
        g = int(stretch[3])
        return {3 * g - 2, 3 * g - 1} if stretch.endswith("P") else {3 * g}
    if stretch.startswith("R3-"):
        g = int(stretch[3])
        return {3 * g - 2, 3 * g - 1, 3 * g}
    if stretch == "R4-A":
        return set(range(1, 7))
    if stretch == "R4-B":
        return set(range(7, 13))
    return set(range(1, 13))


def tiles_toml(tiles: list[dict[str, object]]) -> str:
    """A components override holding only a [[tile]] table."""
    out = []
    for t in tiles:
        out.append("[[tile]]")
        for key, value in t.items():
            if isinstance(value, str):
                out.append(f'{key} = "{value}"')
            elif isinstance(value, list):
                out.append(f"{key} = {json.dumps(value)}")
            else:
                out.append(f"{key} = {value}")
        out.append("")
    return "\n".join(out)


def starting_tiles(cards: int = 0) -> list[dict[str, object]]:
    return [
        {"id": f"S{k}", "start": k, "kind": "extroverted", "cards": cards,
         "spots": ["green", "blue", "rainbow"], "objective": "full tiles", "points": 3}
        for k in range(1, 5)
    ]


def test_only_two_to_four_players_may_play() -> None:
    """TR-COMP-01: 2, 3 or 4 players; any other count is rejected with BadOption."""
    assert upriver.game_info("twelve-rivers")["players"] == [2, 3, 4]
    for players in (2, 3, 4):
        game = new(players)
        assert game.num_players == players
        assert len(game.view(0)["players"]) == players
    for players in (-1, 0, 1, 5, 6, 12):
        with pytest.raises(upriver.BadOption):
            upriver.new_game("twelve-rivers", players=players, seed=0)


def test_pearls_come_in_exactly_five_colours() -> None:
    """TR-COMP-02: the pearl colours are green, blue, pink, purple and white, and no other."""
    game = position('players = 2\nrivers = ""')
    assert set(game.view(0)["bag"]) == set(PEARLS)
    for other in ("red", "yellow", "black", "rainbow"):
        with pytest.raises(upriver.BadPosition):
            position(f'players = 2\nsea = "{other}"')


def test_there_are_65_pearls_17_15_13_11_9() -> None:
    """TR-COMP-03: 65 pearls: 17 green, 15 blue, 13 pink, 11 purple, 9 white."""
    game = position('players = 4\nrivers = ""')
    assert game.view(0)["bag"] == PEARLS
    assert sum(game.view(0)["bag"].values()) == 65
    for seed in range(3):
        assert totals(new(4, seed=seed))["pearls"] == 65
    # one more pearl of any colour than the game has cannot be put anywhere
    for colour, count in PEARLS.items():
        position(f'players = 2\nsea = "{" ".join([colour] * count)}"')
        with pytest.raises(upriver.BadPosition):
            position(f'players = 2\nsea = "{" ".join([colour] * (count + 1))}"')


def test_every_player_has_their_own_alpaca_board() -> None:
    """TR-COMP-04: there are 4 alpaca boards, one per player colour: each of the 4 seats has its
    own alpaca, and a pearl on one seat's alpaca is on no other."""
    game = position('players = 4\n[[seat]]\n[[seat]]\n[[seat]]\nalpaca = "pink"\n[[seat]]')
    alpacas = [game.view(0)["players"][s]["alpaca"] for s in range(4)]
    assert alpacas == [{}, {}, {"pink": 1}, {}]


def test_thirty_markaya_four_starting_and_twenty_six_regular() -> None:
    """TR-COMP-05: 30 Markaya: starting tiles numbered 1 to 4 plus 26 regular tiles."""
    comp = load()
    assert len(comp.tiles) == 30
    assert sorted(t.start for t in comp.tiles if t.start) == [1, 2, 3, 4]
    assert sum(1 for t in comp.tiles if not t.start) == 26
    for players in (2, 3, 4):
        view = new(players).view(0)
        regular_ids = {t.id for t in comp.tiles if not t.start}
        assert set(view["markaya_display"]) <= regular_ids
        assert len(view["markaya_display"]) + view["markaya_deck"] == 26


def test_every_markaya_shows_cards_spots_and_one_objective(tmp_path: Path) -> None:
    """TR-COMP-06: each tile has a card count, one or more spots (a colour or rainbow) and
    exactly one objective, extroverted or introverted; the loader refuses tiles that don't."""
    for tile in load().tiles:
        assert isinstance(tile.cards, int) and tile.cards >= 0
        assert len(tile.spots) >= 1
        assert all(s in range(len(COLOURS)) or s == RAINBOW for s in tile.spots)
        assert tile.objective in OBJECTIVES
        assert tile.introverted == (tile.objective in INTROVERTED)
    regular = {"id": "X1", "kind": "extroverted", "cards": 1, "spots": ["green"],
               "objective": "fairy count", "points": 2}
    good = tmp_path / "good.toml"
    good.write_text(tiles_toml([*starting_tiles(), regular]))
    assert upriver.new_game("twelve-rivers", players=2, components=str(good)).num_players == 2
    no_spots = tmp_path / "no_spots.toml"
    no_spots.write_text(tiles_toml([*starting_tiles(), {**regular, "spots": []}]))
    with pytest.raises(upriver.BadOption):
        upriver.new_game("twelve-rivers", players=2, components=str(no_spots))
    wrong_kind = tmp_path / "wrong_kind.toml"
    wrong_kind.write_text(tiles_toml([*starting_tiles(), {**regular, "objective": "full tile"}]))
    with pytest.raises(upriver.BadOption):
        upriver.new_game("twelve-rivers", players=2, components=str(wrong_kind))


def test_storage_spot_counts_differ_between_tiles() -> None:
    """TR-COMP-07: spot counts vary by tile (3 and 5 here), so "full" is judged per tile; three
    full tiles with 11 pearls in all score the full-tiles objective 3 x 3."""
    assert len({len(t.spots) for t in load().tiles}) > 1
    game = position(
        """
        players = 2
        step = "end"
        [[seat]]
        markaya = ["S1: green blue pink", "M19: green green blue blue pink",
                   "M01: green green blue"]
        """
    )
    markaya = seat_view(game, 0)["markaya"]
    assert [len(m["pearls"]) for m in markaya] == [3, 5, 3]
    assert game.score_breakdown()[0]["starting Markaya"] == 9


def test_five_alpaca_cards_each_worth_four_points() -> None:
    """TR-COMP-08: 5 alpaca cards, each a same-colour pearl requirement worth 4 points."""
    cards = new(4).view(0)["alpaca_cards"]
    assert len(cards) == 5
    assert len({c["colour"] for c in cards}) == 5
    assert all(c["count"] >= 1 and c["points"] == 4 for c in cards)
    game = position('players = 2\nstep = "end"\n[[seat]]\nalpaca_cards = "white"')
    assert game.score_breakdown()[0]["alpaca cards"] == 4


def test_fifty_supply_cards_ten_of_each_kind() -> None:
    """TR-COMP-09: 50 supply cards, 10 each of banner, lantern, supplies, fishing net and
    instrument."""
    for players in (2, 3, 4):
        view = new(players, seed=players).view(0)
        in_hands = sum(p["hand_size"] for p in view["players"])
        assert in_hands + view["draw_pile"] + len(view["card_display"]) == 50
    for kind in CARD_KINDS:
        ten = " ".join([kind] * 10)
        game = position(f'players = 2\n[[seat]]\nhand = "{ten}"')
        assert seat_view(game, 0)["hand_size"] == 10
        with pytest.raises(upriver.BadPosition):
            position(f'players = 2\n[[seat]]\nhand = "{ten} {kind}"')


def test_twenty_five_fairies_five_of_each_kind() -> None:
    """TR-COMP-10: 25 fairies, 5 each of fire, earth, wind, light and water."""
    for players in (2, 3, 4):
        assert totals(new(players))["fairies"] == 25
    for kind in FAIRY_KINDS:
        five = " ".join([kind] * 5)
        game = position(f'players = 2\n[[seat]]\nfairies = "{five}"')
        assert seat_view(game, 0)["fairies"] == {kind: 5}
        with pytest.raises(upriver.BadPosition):
            position(f'players = 2\n[[seat]]\nfairies = "{five} {kind}"')


def test_twelve_family_markers_three_per_player() -> None:
    """TR-COMP-11: 12 family markers, 3 per player colour; each player uses their 3."""
    track = new(4).view(0)["track"]
    assert len([s for s in track if s is not None]) == 12
    assert Counter(track) == Counter({0: 3, 1: 3, 2: 3, 3: 3})
    for players in (2, 3):
        markers = Counter(s for s in new(players).view(0)["track"] if s is not None)
        assert markers == Counter(dict.fromkeys(range(players), 3))
    with pytest.raises(upriver.BadPosition):
        position('players = 2\ntrack = "0 1 0 1 0 1 0"')
    with pytest.raises(upriver.BadPosition):
        position('players = 2\ntrack = "0 1 0 1 1"')


def test_bag_and_one_dam_across_all_twelve_rivers() -> None:
    """TR-COMP-12: undrawn pearls are in the bag; one dam holds all 12 rivers, so removing it
    releases every river at once (all 12 pearls reach an empty board's sea together)."""
    view = new(4, seed=2).view(0)
    assert len(view["rivers"]) == 12
    assert sum(view["bag"].values()) + sum(c is not None for c in view["rivers"]) == 65
    game = position(
        """
        players = 4
        step = "collect"
        rivers = "white white purple purple pink pink blue blue green green green green"
        [spaces]
        "sea" = 0
        """
    )
    view = game.view(0)
    assert view["current_space"] == "sea"
    assert view["rivers"] == [None] * 12
    assert view["sea"] == {"white": 2, "purple": 2, "pink": 2, "blue": 2, "green": 4}


def test_board_has_river_area_sea_village_and_track() -> None:
    """TR-COMP-13: four areas: river stretches of 1 to 5 spaces, a sea of exactly 1 space, a
    village of exactly 6 spaces (village 1 to 6, left to right) and the turn order track."""
    game = position('players = 4\n[[seat]]\nhand = "banner banner banner"')
    spaces = placeable(game)
    river = [s for s in spaces if " space " in s]
    assert [s for s in spaces if s not in river] == [
        "sea", "village 1", "village 2", "village 3", "village 4", "village 5", "village 6"
    ]
    sizes = Counter(stretch_of(s) for s in river)
    assert all(1 <= n <= 5 for n in sizes.values())
    assert {n for n in sizes.values()} == {1, 2, 3, 4, 5}
    assert len(game.view(0)["track"]) == 12
    assert len(game.view(0)["rivers"]) == 12


def test_turn_order_track_has_twelve_spaces_and_space_1_is_the_front() -> None:
    """TR-COMP-14: the track has 12 spaces at every player count; space 1 is the front, so a
    marker there acts before one further back."""
    for players in (2, 3, 4):
        assert len(new(players).view(0)["track"]) == 12
    game = position('players = 2\ntrack = "- 1 0 0 0 1 1 - - - - -"')
    assert game.to_move == 1
    rear = position('players = 2\ntrack = "- - - - - - 0 1 1 0 0 1"')
    assert rear.to_move == 0
    with pytest.raises(upriver.BadPosition):
        position('players = 2\ntrack = "- - - - - - - 0 1 1 0 0 1"')


def test_fairy_sites_are_stumps_and_statues_each_linked_to_one_stretch() -> None:
    """TR-COMP-15, TR-RULING-06, TR-RULING-07: the left-bank sites are 4 tree stumps and 4 fox
    statues; each is linked to exactly one stretch, stump g to R1-(3g-2) and statue g to R3-g.
    Found by placing on every stretch with a fairy on every site and seeing which site empties."""
    sites = [f"stump {g}" for g in range(1, 5)] + [f"statue {g}" for g in range(1, 5)]
    kinds = [*FAIRY_KINDS, *FAIRY_KINDS][: len(sites)]
    site_lines = "\n".join(f'"{s}" = "{k}"' for s, k in zip(sites, kinds, strict=True))
    linked: dict[str, list[str]] = {s: [] for s in sites}
    for stretch in T1_STRETCHES:
        game = position(
            f'players = 4\n[[seat]]\nhand = "banner banner banner"\n[sites]\n{site_lines}'
        )
        assert set(game.view(0)["sites"]) == set(sites)
        game.play(f"place {stretch} space 1")
        while game.view(0)["step"] == "pay the placement cost":
            game.play("pay banner")
        emptied = set(sites) - set(game.view(0)["sites"])
        for site in emptied:
            linked[site].append(stretch)
        assert sum(seat_view(game, 0)["fairies"].values()) == len(emptied)
    expected = {f"stump {g}": [f"R1-{3 * g - 2:02d}"] for g in range(1, 5)}
    expected.update({f"statue {g}": [f"R3-{g}"] for g in range(1, 5)})
    assert linked == expected


def test_board_geometry_is_loaded_from_a_data_file(tmp_path: Path) -> None:
    """TR-RULING-01: the board comes from data: a components file that changes the row costs
    and the village costs changes what placing there costs, with no code change."""
    override = tmp_path / "board.toml"
    override.write_text(
        '[rows]\n1 = "pay 3"\n2 = "pay 2"\n3 = "pay 1"\n4 = "pay 1"\n5 = "gain 1"\n'
        "[village]\ncosts = [0, 0, 0, 0, 0, 2]\n"
    )
    text = 'players = 2\n[[seat]]\nhand = "banner banner"\n'
    default = position(text)
    play(default, "place R4-A space 1")
    assert default.view(0)["step"] != "pay the placement cost"
    changed_text = f'{text}[options]\ncomponents = "{override}"\n'
    changed = position(changed_text)
    play(changed, "place R4-A space 1")
    assert changed.view(0)["step"] == "pay the placement cost"
    assert changed.view(0)["cost_left"] == 1
    village = position(changed_text)
    play(village, "place village 1")
    assert village.view(0)["step"] != "pay the placement cost"
    assert seat_view(village, 0)["hand_size"] == 2
    village = position(changed_text)
    play(village, "place village 6")
    assert village.view(0)["cost_left"] == 2


def test_t1_rows_stretches_and_space_counts() -> None:
    """TR-RULING-02: T1 has 12 one-space row-1 stretches, per group a 2-space R2-gP and a 1-space
    R2-gS, four 3-space row-3 stretches, R4-A and R4-B of 4 spaces and R5 of 5: 49 in all,
    offered left to right within each row."""
    game = position('players = 4\n[[seat]]\nhand = "banner banner banner"')
    river = [s for s in placeable(game) if " space " in s]
    assert len(river) == 49
    order: list[str] = []
    for s in river:
        if not order or order[-1] != stretch_of(s):
            order.append(stretch_of(s))
    assert order == T1_STRETCHES
    assert Counter(stretch_of(s) for s in river) == Counter(T1_SPACES)
    for stretch, n in T1_SPACES.items():
        assert [s for s in river if stretch_of(s) == stretch] == [
            f"{stretch} space {k}" for k in range(1, n + 1)
        ]


def test_t1_flows_carry_each_river_to_its_stretches_and_the_sea() -> None:
    """TR-RULING-03: R1-(3g-2), R1-(3g-1) -> R2-gP; R1-3g -> R2-gS; R2-g* -> R3-g; R3-1, R3-2 ->
    R4-A; R3-3, R3-4 -> R4-B; R4-A, R4-B -> R5; R5 -> sea. A lone marker on a stretch stops
    exactly the pearls of the rivers that flow into it (those rivers carry non-green pearls,
    every other river a green one)."""
    marked = ["white", "purple", "pink", "blue"]
    for stretch in T1_STRETCHES:
        feeders = t1_rivers(stretch)
        colours = []
        for r in range(1, 13):
            colours.append(marked[len(colours) % 4] if r in feeders else "green")
        game = position(
            f'players = 4\nstep = "collect"\nrivers = "{" ".join(colours)}"\n'
            f'[spaces]\n"{stretch} space 1" = 0\n'
        )
        view = game.view(0)
        assert view["current_space"] == f"{stretch} space 1"
        pool = view["pools"][stretch]
        assert "green" not in pool, stretch
        assert sum(pool.values()) == len(feeders), stretch
    sea = position(
        'players = 4\nstep = "collect"\n'
        'rivers = "white purple pink blue green white purple pink blue green white purple"\n'
        '[spaces]\n"sea" = 1\n'
    )
    assert sum(sea.view(1)["sea"].values()) == 12
