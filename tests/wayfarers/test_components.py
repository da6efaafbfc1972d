"""The component data against the rulebook's component list (rulebook 004, "Components")."""

from __future__ import annotations

from collections import Counter

import pytest

from upriver.core.errors import BadOption
from upriver.games.wayfarers.components import INSPIRATION, SPACE, _card, load
from upriver.games.wayfarers.effects import TILE_COLOURS, Nodes


def test_card_counts_match_the_component_list() -> None:
    """WF-SETUP-03: 36 Townsfolk, 36 Land, 36 Water, 36 Space and 16 Inspiration cards."""
    comp = load()
    by_type = Counter(c.type for c in comp.cards)
    assert [by_type[t] for t in range(5)] == [36, 36, 36, 36, 16]
    assert len({c.id for c in comp.cards}) == 160


def test_land_and_water_kinds() -> None:
    """WF-CARD-02, WF-CARD-03, WF-CARD-11, WF-CARD-12: 18 Cities with a die space (7 with an
    Observatory, 4 with a Library, one with both; 9 with an immediate effect), 18 Vistas with an
    immediate effect and a trigger and no die space; 18 Harbours with a die space (3 with a
    Library), 18 Open Waters with an immediate effect and no die space."""
    comp = load()
    land = [c for c in comp.cards if c.type == 1]
    cities = [c for c in land if c.kind == "city"]
    vistas = [c for c in land if c.kind == "vista"]
    assert len(cities) == 18 and len(vistas) == 18
    assert all(c.action >= 0 and c.trigger == () for c in cities)
    assert sum(4 in c.tags for c in cities) == 7  # observatory
    assert sum(5 in c.tags for c in cities) == 4  # library
    assert sum(4 in c.tags and 5 in c.tags for c in cities) == 1
    assert sum(c.immediate >= 0 for c in cities) == 9
    assert all(c.action < 0 and c.immediate >= 0 and c.trigger and c.ability >= 0
               for c in vistas)
    # 9 trigger kinds, two Vistas each (WF-CARD-05)
    assert sorted(Counter(c.trigger for c in vistas).values()) == [2] * 9
    water = [c for c in comp.cards if c.type == 2]
    harbours = [c for c in water if c.kind == "harbour"]
    open_waters = [c for c in water if c.kind == "open_water"]
    assert len(harbours) == 18 and len(open_waters) == 18
    assert all(c.action >= 0 for c in harbours)
    assert sum(5 in c.tags for c in harbours) == 3
    assert all(c.action < 0 and c.immediate >= 0 for c in open_waters)


def test_space_cards() -> None:
    """WF-CARD-21/22/23/24: 8 Comets, 5 Planets, one Sun, one Moon and 21 Stars cards; 13 of
    the 21 Stars cards have an immediate effect."""
    comp = load()
    space = [c for c in comp.cards if c.type == 3]
    kinds: Counter[str] = Counter()
    for c in space:
        kinds["comet" if 10 in c.tags else "planet" if 7 in c.tags else "sun" if 8 in c.tags
              else "moon" if 9 in c.tags else "stars"] += 1
    assert kinds == Counter(comet=8, planet=5, sun=1, moon=1, stars=21)
    stars = [c for c in space if c.tags == (6,)]
    assert sum(c.immediate >= 0 for c in stars) == 13


def test_townsfolk_costs_and_resting() -> None:
    """WF-CARD-48: 9 Resting Townsfolk, all needing an Open Water host; costs 0-3 Silver."""
    comp = load()
    folk = [c for c in comp.cards if c.type == 0]
    resting = [c for c in folk if c.resting]
    assert len(resting) == 9 and all(c.hosts == (3,) for c in resting)
    assert Counter(c.cost for c in folk) == Counter({0: 3, 1: 13, 2: 17, 3: 3})


def test_upgrade_tiles_make_62_pieces() -> None:
    """WF-SETUP-08/09, WF-UPG-13/14, WF-BUG-11: 4 Basic (Green), 3 Land, 3 Water and 3 Space
    tile types (4 copies each for 4 players) and 10 Special tiles: 62 pieces."""
    comp = load()
    per = Counter(TILE_COLOURS[t.colour] for t in comp.tiles)
    assert per == Counter(basic=4, land=3, water=3, space=3, special=10)
    assert sum(1 if t.colour == 4 else 4 for t in comp.tiles) == 62


def test_journal_track_shape() -> None:
    """WF-JRN-01/02, WF-SETUP-06: 11 columns holding 1,2,3,2,3,2,3,2,3,2,5 spaces; 44 links;
    10 Journal Tiles for the 10 tile spaces of columns 1, 3, 5, 7 and 9."""
    comp = load()
    cols = Counter(s.column for s in comp.spaces)
    assert [cols[c] for c in range(11)] == [1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 5]
    assert sum(len(v) for v in comp.links_from.values()) == 44
    assert len(comp.journal_tiles) == 10
    assert sorted({s // 10 for s in comp.tile_spaces}) == [1, 3, 5, 7, 9]
    jumps = sorted((ln.src, ln.dst) for v in comp.links_from.values() for ln in v
                   if ln.dst // 10 - ln.src // 10 == 2)
    assert jumps == [(20, 40), (27, 47), (60, 80), (67, 87)]


def test_player_board_caravan_icons() -> None:
    """WF-SETUP-27: each board's 16 coverable cells carry 2 Silver, 3 Provision, 1 move
    Influence, 1 Influence on a card and 1 refresh icon; the other 8 are blank."""
    comp = load()
    assert len(comp.caravans) == 4
    for cells in comp.caravans:
        assert cells[0] == cells[5] == -2  # the printed Camel and Telescope
        texts = Counter(comp.nodes.text[c] for c in cells if c >= 0)
        assert texts == Counter({"provision": 3, "silver": 2, "move influence": 1,
                                 "card influence": 1, "refresh die": 1})
        assert sum(1 for c in cells if c == -1) == 8


@pytest.mark.parametrize(("ctype", "raw"), [
    (SPACE, {"id": "S99", "tags": ["stars"]}),
    (INSPIRATION, {"id": "I99", "at_least": 3}),
])
def test_a_space_card_without_a_score_or_an_inspiration_card_without_a_goal_is_refused(
        ctype: int, raw: dict[str, object]) -> None:
    """WF-END-07, WF-CARD-37: every Space card scores by its formula and every Inspiration card
    has a goal, so the data must give them; one without is refused when the components are read
    (scoring then never meets a card without one)."""
    with pytest.raises(BadOption, match="needs a"):
        _card(Nodes(), 0, ctype, raw, "test")
