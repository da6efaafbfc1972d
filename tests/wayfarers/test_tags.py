"""Rule tests for tags and counts (WF-TAG-01..11)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.wayfarers.helpers import (
    MARKET,
    OBSERVATORY,
    RESERVE,
    acts,
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

TAG_NAMES = ["city", "vista", "harbour", "open_water", "observatory", "library", "stars",
             "planet", "sun", "moon", "comet"]
FRESH = {"city": 1, "vista": 0, "harbour": 1, "open_water": 0, "observatory": 1, "library": 1,
         "stars": 1, "planet": 0, "sun": 0, "moon": 0, "comet": 0}


def _tags(g: Game, seat: int = 0) -> dict[str, Any]:
    tags: dict[str, Any] = g.view(seat)["players"][seat]["tags"]
    return tags


def _rest_at(g: Game, space: int, seat: int = 0) -> None:
    """Put ``seat``'s marker on ``space`` and Rest with an empty supply (an eligible Rest:
    the Capital Townsfolk offers a Journal step)."""
    state(g).jpos[seat] = space
    set_dice(g, seat, [])
    play(g, "rest")


def _finish(g: Game) -> None:
    while state(g).stack:
        a = acts(g)
        play(g, next(x for x in ("done", "keep the other dice", "no extra journal step",
                                 "end turn") if x in a))


def _take_by_capital_city(g: Game, card: str) -> None:
    put_display(g, "land", 1, card)
    give(g, 0, provisions=2)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City", "pay 2 provisions -> silver & land card",
         f"take {card}")
    _finish(g)


def _take_by_observatory(g: Game, card: str) -> None:
    put_display(g, "space", 1, card)
    gain(g, 0, "L01")  # somewhere to put it
    give(g, 0, silver=3)
    set_dice(g, 0, [6])
    play(g, "place die 6", "place die 6 on Capital Observatory",
         f"take {card} (3 silver)" + OBSERVATORY)
    _finish(g)


def _special_tile(g: Game, tile: str, column: int, row: int) -> None:
    """Reach Journal column 4 (side a, 20 -> 40 needs a Space tile) and take a Special tile."""
    place_tile(g, 0, "space-trio", 1, 2)
    _rest_at(g, 20)
    play(g, "journal to 40", f"take tile {tile} (free)", f"place tile at column {column} row "
         f"{row}")
    _finish(g)


def test_there_are_eleven_tag_types() -> None:
    """WF-TAG-01: City, Vista, Harbour, Open Water; Observatory, Library; Stars, Planet, Sun,
    Moon, Comet."""
    assert list(_tags(new(2)).keys()) == TAG_NAMES


def test_a_fresh_board_gives_city_harbour_observatory_library_and_stars() -> None:
    """WF-TAG-03: 1 City, 1 Harbour, 1 Observatory, 1 Library and 1 Stars tag."""
    g = new(3, seed=2)
    for seat in range(3):
        assert _tags(g, seat) == FRESH


def test_tags_come_from_cards_and_special_tiles_of_the_player() -> None:
    """WF-TAG-02, WF-TAG-11: a count adds the tags of the player's Land, Water and Space cards,
    board and Special tiles; an opponent's components never add to it."""
    g = new(2, seed=1, sides="aaa")
    _take_by_capital_city(g, "L09")  # City + Observatory
    assert _tags(g) == {**FRESH, "city": 2, "observatory": 2}
    assert _tags(g, 1) == FRESH
    g = new(2, seed=1, sides="aaa")
    _special_tile(g, "special-harbour", 3, 1)
    assert _tags(g)["harbour"] == 2 and _tags(g, 1)["harbour"] == 1
    g = new(2, seed=1)
    _take_by_observatory(g, "S10")  # Jupiter: Planet
    assert _tags(g)["planet"] == 1 and _tags(g, 1)["planet"] == 0


@pytest.mark.parametrize(("how", "what", "comets"), [
    ("card", "S06", 3),  # Great Omen
    ("card", "S03", 2),  # Blazing Trail
    ("card", "S01", 1),  # Chronicler's Comet
    ("tile", "special-double-comet", 2),
])
def test_a_tag_printed_several_times_counts_each_time(how: str, what: str, comets: int) -> None:
    """WF-TAG-04: Great Omen gives 3 Comet tags, Blazing Trail 2, the double-Comet tile 2."""
    g = new(2, seed=1, sides="aaa")
    if how == "card":
        _take_by_observatory(g, what)
    else:
        _special_tile(g, what, 3, 1)
    assert _tags(g)["comet"] == comets


def test_a_card_with_several_tag_types_adds_one_to_each() -> None:
    """WF-TAG-05: a City + Library + Observatory card adds one of each."""
    g = new(2, seed=1)
    _take_by_capital_city(g, "L18")
    assert _tags(g) == {**FRESH, "city": 2, "library": 2, "observatory": 2}


def test_townsfolk_cards_give_no_tags() -> None:
    """WF-TAG-06: a tucked Townsfolk adds no tag (its tags are only host requirements)."""
    g = new(2, seed=1)
    put_display(g, "townsfolk", 1, "T08")  # Farmer: City host
    give(g, 0, silver=5)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market", "take T08 (2 silver)" + MARKET,
         "tuck T08 under Capital City")
    _finish(g)
    assert _tags(g) == FRESH


def test_inspiration_cards_and_plain_tiles_give_no_tags() -> None:
    """WF-TAG-07: Inspiration cards and Basic, Land, Water and Space tiles add no tag."""
    g = new(2, seed=1)
    give(g, 0, silver=2)
    set_dice(g, 0, [4])
    play(g, "place die 4", "place die 4 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE, "place tile at column 2 row 1")
    _finish(g)
    assert _tags(g) == FRESH
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L01")  # the second City for 10 -> 20
    before = _tags(g)
    _rest_at(g, 10)
    play(g, "journal to 20")
    take = starting(g, "take I")
    assert take
    play(g, take[0])
    play(g, next(a for a in acts(g) if a.startswith("tuck I")))
    _finish(g)
    assert g.view(0)["players"][0]["sky_inspiration"] is not None
    assert _tags(g) == before


def test_tag_requirements_count_and_never_spend() -> None:
    """WF-TAG-08 (WF-JRN-06): a requirement of 2 City is met by 2 City tags, which stay."""
    g = new(2, seed=1, sides="aaa")
    _rest_at(g, 10)
    assert "journal to 20" not in acts(g)  # 1 City
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L01")
    _rest_at(g, 10)
    play(g, "journal to 20")
    _finish(g)
    assert g.view(0)["players"][0]["journal"] == 20
    assert _tags(g)["city"] == 2


def test_card_type_counts_include_the_board_cards() -> None:
    """WF-TAG-09 (WF-RUL-18, WF-JRN-12): Townsfolk cards include the Capital Townsfolk (side b,
    10 -> 20 needs 2 Townsfolk cards); Land, Water and Space cards include the Capital City,
    Harbour and Sky (a Collector's Star scores a full set with one Land card of one's own)."""
    g = new(2, seed=1, sides="bbb")
    _rest_at(g, 10)
    assert "journal to 20" not in acts(g)  # only the Capital Townsfolk
    g = new(2, seed=1, sides="bbb")
    gain(g, 0, "T08", under="city")
    _rest_at(g, 10)
    assert "journal to 20" in acts(g)  # Capital Townsfolk + the Farmer
    g = new(2, seed=1)
    gain(g, 0, "L01")
    gain(g, 0, "S28", above="L01")  # Collector's Star: Townsfolk + Space + Land + Water sets
    # Capital Sky: min(0 tiles, 1 Townsfolk) = 0; Collector's Star: min(1, 2, 2, 1) = 1.
    assert g.score_breakdown()[0]["space cards"] == 1


def test_tile_counts_by_colour_and_in_all() -> None:
    """WF-TAG-10 (WF-JRN-12): a colour's count is its tiles in the caravan; "tiles" counts every
    colour, Special included (side a, 80 -> 90 needs 7 tiles; side b, 15 -> 27 needs 1 Basic
    tile, which a Special tile is not)."""
    six = [("basic-camel", 2, 1), ("basic-ship", 3, 1), ("basic-pigeon", 4, 1),
           ("basic-telescope", 5, 1), ("land-camel", 1, 2), ("water-ship", 3, 2)]
    for extra, offered in ((None, False), ("special-city", True), ("basic-camel", True)):
        g = new(3, seed=1, sides="aaa")
        for tile, col, row in six:
            place_tile(g, 0, tile, col, row)
        if extra:
            place_tile(g, 0, extra, 6, 3)
        _rest_at(g, 80)
        assert ("journal to 90" in acts(g)) == offered
    for tile, offered in (("special-city", False), ("basic-camel", True)):
        g = new(2, seed=1, sides="bbb")
        place_tile(g, 0, tile, 2, 1)
        _rest_at(g, 15)
        assert ("journal to 27" in acts(g)) == offered


def test_only_the_players_own_components_count() -> None:
    """WF-TAG-11: an opponent's City does not help meet a City requirement."""
    g = new(2, seed=1, sides="aaa")
    gain(g, 1, "L01")
    gain(g, 1, "L02")
    _rest_at(g, 10)
    assert "journal to 20" not in acts(g)
    assert _tags(g, 1)["city"] == 3 and _tags(g)["city"] == 1
