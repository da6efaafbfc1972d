"""Player A's scoring example from rulebook 001 ("Scoring"): checklist TR22-EX-01..07.

Player A (seat 0, the red fire tribe) ends with 15 pearls on 4 villager tiles whose end rewards
are 8, 3, 7 and 2 stars, one totem set and no mission card: 40 + 20 + 4 = 64 stars. The printed
tiles are unknown, so the placeholder tiles of data/2022/villagers.toml stand in; their contents
are checked against the data file below before the example relies on them:

- V01, fire totem, "8 stars if full", spaces white white purple purple rainbow: holds white
  white purple purple purple.
- V04, earth totem, "7 stars for 5 of one colour", spaces green x4 rainbow: holds 5 green.
- V22, wood totem, "1 star per camp card, at most 8", spaces pink pink blue blue rainbow: holds
  pink pink blue blue (3 camp cards left: 3 stars).
- V19, water totem, "2 stars per unused fairy, at most 8", spaces green blue pink pink rainbow:
  holds one pink on a pink space (1 unused fairy: 2 stars).
"""

from __future__ import annotations

import tomllib
from collections import Counter

from tests.twelve_rivers_2022.helpers import position, seat_view
from upriver.core.game import Game
from upriver.games.twelve_rivers.components import DATA

TILES = {
    "V01": "white white purple purple purple",
    "V04": "green green green green green",
    "V22": "pink pink blue blue -",
    "V19": "- - pink - -",
}


def example(tiles: dict[str, str] = TILES, family: bool = False, hand: int = 3,
            fairies: str = "cloud") -> Game:
    """Player A at the end of the game (seat 0); seat 1 holds nothing."""
    markaya = ", ".join(f'"{t}: {pearls}"' for t, pearls in tiles.items())
    mission = "" if family else 'mission = "white"\n'
    options = '[options]\nedition = "2022"\n' + ("family = true\n" if family else "")
    return position(
        f"""players = 2
round = 5
step = "end"
{mission}{options}
[[seat]]
hand = {hand}
fairies = "{fairies}"
markaya = [{markaya}]
[[seat]]
"""
    )


def test_the_example_tiles_are_what_the_data_file_says() -> None:
    """TR22-EX-03, TR22-EX-04: the stand-in tiles carry the rewards 8, 7, 3 (per card) and 2
    (per fairy) and the fire, earth, wood and water totems the example needs."""
    data = {t["id"]: t for t in tomllib.loads((DATA / "2022" / "villagers.toml").read_text())
            ["tile"]}
    expect = {
        "V01": ("fire", ["white", "white", "purple", "purple", "rainbow"], "full tile", 8, 0),
        "V04": ("earth", ["green"] * 4 + ["rainbow"], "one colour", 7, 0),
        "V22": ("wood", ["pink", "pink", "blue", "blue", "rainbow"], "card count", 1, 8),
        "V19": ("water", ["green", "blue", "pink", "pink", "rainbow"], "fairy count", 2, 8),
    }
    for tile, (totem, spots, objective, points, cap) in expect.items():
        d = data[tile]
        assert (d["totem"], d["spots"], d["objective"], d["points"], d.get("cap", 0)) == (
            totem, spots, objective, points, cap), tile


def test_player_a_has_fifteen_pearls_on_four_tiles() -> None:
    """TR22-EX-01: Player A ends with 15 pearls on 4 villager tiles: 2 healing, 3 magic, 3
    wildlife, 2 aquatic and 5 plant."""
    g = example()
    tiles = seat_view(g, 0)["markaya"]
    assert [t["id"] for t in tiles] == ["V01", "V04", "V22", "V19"]
    pearls = Counter(c for t in tiles for c in t["pearls"] if c is not None)
    assert pearls == {"white": 2, "purple": 3, "pink": 3, "blue": 2, "green": 5}
    assert sum(pearls.values()) == 15
    assert seat_view(g, 0)["alpaca"] == {}


def test_player_a_pearls_score_forty() -> None:
    """TR22-EX-02: the pearls score 10 + 12 + 9 + 4 + 5 = 40 stars."""
    assert example().score_breakdown()[0]["pearls"] == 40
    # Colour by colour, each tile alone.
    assert example({"V01": TILES["V01"]}).score_breakdown()[0]["pearls"] == 10 + 12
    assert example({"V04": TILES["V04"]}).score_breakdown()[0]["pearls"] == 5
    assert example({"V22": TILES["V22"]}).score_breakdown()[0]["pearls"] == 6 + 4
    assert example({"V19": TILES["V19"]}).score_breakdown()[0]["pearls"] == 3


def test_player_a_tile_rewards_are_8_3_7_and_2() -> None:
    """TR22-EX-03: the four tiles' end rewards are 8, 3, 7 and 2 stars, 20 in total."""
    for tile, stars in (("V01", 8), ("V22", 3), ("V04", 7), ("V19", 2)):
        alone = example({tile: TILES[tile]})
        assert alone.score_breakdown()[0]["villager rewards"] == stars, tile
    assert example().score_breakdown()[0]["villager rewards"] == 20


def test_player_a_has_one_totem_set() -> None:
    """TR22-EX-04: Player A is the red fire tribe and owns one set of wood, water and earth
    totem tiles, worth 4 stars (the fire tile V01 is not part of it)."""
    g = example()
    assert g.view(None)["tribes"][0] == "fire"
    assert g.score_breakdown()[0]["totem sets"] == 4
    without_v01 = example({t: p for t, p in TILES.items() if t != "V01"})
    assert without_v01.score_breakdown()[0]["totem sets"] == 4
    without_v19 = example({t: p for t, p in TILES.items() if t != "V19"})
    assert without_v19.score_breakdown()[0]["totem sets"] == 0


def test_player_a_holds_no_mission_card() -> None:
    """TR22-EX-05: Player A holds no mission card and scores 0 for it."""
    g = example()
    assert seat_view(g, 0)["alpaca_cards"] == []
    assert g.score_breakdown()[0]["mission card"] == 0


def test_player_a_scores_sixty_four() -> None:
    """TR22-EX-06: Player A's final score is 40 + 20 + 4 = 64 stars."""
    g = example()
    assert g.is_over
    assert g.score_breakdown()[0] == {"pearls": 40, "villager rewards": 20, "totem sets": 4,
                                      "mission card": 0}
    assert g.scores()[0] == 64
    assert g.winners() == [0]


def test_player_a_scores_sixty_in_family_mode() -> None:
    """TR22-EX-07: the same end position in Family Mode scores 40 + 20 = 60, with no totem
    set."""
    g = example(family=True)
    assert g.view(None)["family"] is True
    assert g.score_breakdown()[0] == {"pearls": 40, "villager rewards": 20, "totem sets": 0,
                                      "mission card": 0}
    assert g.scores()[0] == 60
