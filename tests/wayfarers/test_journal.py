"""Rule tests for the Journal Track (WF-JRN-01..25)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from tests.wayfarers.helpers import (
    ANY_GUILD,
    acts,
    gain,
    give,
    new,
    place_tile,
    play,
    set_dice,
    starting,
    state,
)
from upriver.core.game import Game

TILE_SPACES = (10, 15, 32, 36, 50, 55, 72, 76, 90, 95)
TILE = {"2 silver": 5, "2 provisions": 7}  # Journal Tile indexes (journal.toml)
TAG = {"city": 0, "vista": 1, "harbour": 2, "open_water": 3, "observatory": 4, "library": 5,
       "stars": 6, "planet": 7, "sun": 8, "moon": 9, "comet": 10}


def _rest_at(g: Game, space: int, seat: int = 0) -> None:
    """``seat`` (to move) stands on ``space`` and Rests with an empty supply: the Capital
    Townsfolk's Journal step is offered."""
    assert g.to_move == seat
    state(g).jpos[seat] = space
    set_dice(g, seat, [])
    play(g, "rest")


def _finish(g: Game) -> None:
    while state(g).stack:
        a = acts(g)
        play(g, next(x for x in ("done", "keep the other dice", "no extra journal step",
                                 "end turn") if x in a))


def _tile_on(g: Game, space: int, tile: str) -> None:
    state(g).jtile_at[TILE_SPACES.index(space)] = TILE[tile]


def _tags(g: Game, seat: int = 0, **add: int) -> None:
    """Arrange extra tags for ``seat``."""
    st = state(g)
    for name, n in add.items():
        st.tags[seat * 11 + TAG[name]] += n
    g._legal = None


def _tiles(g: Game, n: int, special: bool = False) -> None:
    """Put ``n`` tiles (Basic and Land/Water, plus the Special City if asked) in seat 0's
    caravan."""
    spots = [("basic-camel", 2, 1), ("basic-ship", 3, 1), ("basic-pigeon", 4, 1),
             ("basic-telescope", 5, 1), ("land-camel", 1, 2), ("water-ship", 3, 2),
             ("land-pigeon", 5, 2)]
    for tile, col, row in spots[:n]:
        place_tile(g, 0, tile, col, row)
    if special:
        place_tile(g, 0, "special-city", 6, 3)


def test_the_track_has_eleven_columns_of_28_spaces() -> None:
    """WF-JRN-01: columns 0-10 hold 1, 2, 3, 2, 3, 2, 3, 2, 3, 2 and 5 spaces; 0 is the
    start."""
    comp = state(new(2)).cfg.comp
    per_column = Counter(s.column for s in comp.spaces)
    assert [per_column[c] for c in range(11)] == [1, 2, 3, 2, 3, 2, 3, 2, 3, 2, 5]
    assert len(comp.spaces) == 28
    assert new(2).view()["players"][0]["journal"] == 0


def test_links_lead_one_column_right_except_the_four_jumps() -> None:
    """WF-JRN-02: every link leads to the next column, but 20->40, 27->47, 60->80 and 67->87
    lead two columns right."""
    comp = state(new(2)).cfg.comp
    jumps = set()
    for src, links in comp.links_from.items():
        for link in links:
            step = link.dst // 10 - src // 10
            assert step in (1, 2)
            if step == 2:
                jumps.add((src, link.dst))
    assert jumps == {(20, 40), (27, 47), (60, 80), (67, 87)}


def test_a_journal_step_follows_a_chosen_link_or_none() -> None:
    """WF-JRN-03, WF-JRN-05: a Journal icon moves the marker along one link of the player's
    choice, or not at all; the two links from the start have no requirement on either side."""
    for sides in ("aaa", "bbb"):
        g = new(2, seed=1, sides=sides)
        _rest_at(g, 0)
        assert {"journal to 10", "journal to 15", "done"} <= set(acts(g))
        play(g, "done")
        assert g.view(0)["players"][0]["journal"] == 0
    g = new(2, seed=1)
    _rest_at(g, 0)
    play(g, "journal to 15")
    assert g.view(0)["players"][0]["journal"] == 15


def test_a_jump_link_skips_the_column_between() -> None:
    """WF-JRN-04: 20 -> 40 skips column 3: neither its Journal Tile nor its Green Worker."""
    g = new(2, seed=1, sides="aaa")
    place_tile(g, 0, "space-trio", 1, 2)  # 20 -> 40 needs 1 Space tile on side a
    silver = state(g).silver[0]
    _rest_at(g, 20)
    play(g, "journal to 40")
    assert starting(g, "take tile special-")  # column 4's reward, nothing of column 3
    _finish(g)
    v = g.view(0)
    assert v["green_workers"] == [1, 3, 5, 7]
    p = v["players"][0]
    assert p["journal"] == 40 and p["workers"]["green"] == 0 and p["silver"] == silver


def test_a_count_requirement_needs_at_least_the_number_and_uses_nothing() -> None:
    """WF-JRN-06: side a, 10 -> 23 needs 1 Vista: no Vista, no link; one Vista, the link,
    and the Vista stays."""
    g = new(2, seed=1, sides="aaa")
    _rest_at(g, 10)
    assert "journal to 23" not in acts(g)
    g = new(2, seed=1, sides="aaa")
    gain(g, 0, "L21")  # a Vista
    _rest_at(g, 10)
    play(g, "journal to 23")
    _finish(g)
    p = g.view(0)["players"][0]
    assert p["journal"] == 23 and p["tags"]["vista"] == 1 and p["lands"]


def test_a_cost_link_spends_influence_when_crossed() -> None:
    """WF-JRN-07: side a, 40 -> 50 costs 1 Black: without it the link is closed; crossing it
    returns the Black Influence to supply."""
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=0)
    _rest_at(g, 40)
    assert "journal to 50" not in acts(g)
    g = new(2, seed=1, sides="aaa")
    give(g, 0, black=1)
    supply = g.view(0)["players"][0]["influence"]
    _rest_at(g, 40)
    play(g, "journal to 50")
    p = g.view(0)["players"][0]
    assert p["journal"] == 50 and p["guilds"]["black"] == 0 and p["influence"] == supply + 1


Arrange = Callable[[Game], object]


def _library2(g: Game) -> None:
    _tags(g, library=1)


@pytest.mark.parametrize(("sides", "src", "dst", "arrange", "offered"), [
    # Leaving column 2 (left section): 27 -> 36 needs 2 Library on a, 2 Harbour on b.
    ("abb", 27, 36, _library2, True),
    ("baa", 27, 36, _library2, False),
    # Leaving column 3 (middle section): 32 -> 40 needs 1 Basic tile on a, 1 Planet on b.
    ("aab", 32, 40, lambda g: _tiles(g, 1), True),
    ("bab", 32, 40, lambda g: _tiles(g, 1), True),
    ("aba", 32, 40, lambda g: _tiles(g, 1), False),
    # Leaving column 8 (middle section): 80 -> 90 needs 7 tiles on a, costs Blue + Black on b.
    ("bab", 80, 90, lambda g: _tiles(g, 7), True),
    ("aba", 80, 90, lambda g: _tiles(g, 7), False),
    # Leaving column 9 (right section): 90 -> 100 needs 4 Observatory on a, 5 Stars on b.
    ("bba", 90, 100, lambda g: _tags(g, observatory=3), True),
    ("aab", 90, 100, lambda g: _tags(g, observatory=3), False),
])
def test_each_link_reads_its_own_sections_side(sides: str, src: int, dst: int,
                                               arrange: Arrange, offered: bool) -> None:
    """WF-JRN-08 (WF-BUG-12): links leaving columns 0-2 follow the left section's side, 3-8 the
    middle's, 9 the right's."""
    g = new(2, seed=1, sides=sides)
    give(g, 0, black=0, yellow=0, blue=0)
    arrange(g)
    _rest_at(g, src)
    assert (f"journal to {dst}" in acts(g)) == offered


CASES_A: list[tuple[int, int, Arrange, Arrange]] = [
    (10, 20, lambda g: gain(g, 0, "L01"), lambda g: None),  # 2 City
    (20, 40, lambda g: place_tile(g, 0, "space-trio", 1, 2),
     lambda g: place_tile(g, 0, "basic-camel", 2, 1)),  # 1 Space tile
    (40, 50, lambda g: give(g, 0, black=1), lambda g: give(g, 0, black=0)),  # 1 Black
    (47, 55, lambda g: give(g, 0, black=1), lambda g: give(g, 0, black=0)),
    (80, 90, lambda g: _tiles(g, 7), lambda g: _tiles(g, 6)),  # 7 tiles
    (87, 95, lambda g: _tiles(g, 6, special=True), lambda g: _tiles(g, 6)),
    # WF-JRN-12: the board's printed Observatory plus a Special tile's make 2 (20 -> 32).
    (20, 32, lambda g: place_tile(g, 0, "special-observatory", 2, 1), lambda g: None),
]
CASES_B: list[tuple[int, int, Arrange, Arrange]] = [
    (10, 20, lambda g: gain(g, 0, "T08", under="city"), lambda g: None),  # 2 Townsfolk cards
    (15, 27, lambda g: place_tile(g, 0, "basic-camel", 2, 1),
     lambda g: place_tile(g, 0, "special-city", 2, 1)),  # 1 Basic tile
    (40, 50, lambda g: give(g, 0, blue=1, yellow=1), lambda g: give(g, 0, blue=1, yellow=0)),
    (47, 55, lambda g: give(g, 0, blue=1, yellow=1), lambda g: give(g, 0, blue=0, yellow=1)),
    (67, 87, lambda g: _tags(g, moon=1), lambda g: _tags(g, comet=3)),  # a Sun or Moon
    (67, 87, lambda g: _tags(g, sun=1), lambda g: None),
    (80, 90, lambda g: give(g, 0, blue=1, black=1), lambda g: give(g, 0, blue=0, black=1)),
    (87, 95, lambda g: give(g, 0, yellow=1, black=1), lambda g: give(g, 0, yellow=1)),
]


def _check_link(sides: str, src: int, dst: int, met: Arrange, unmet: Arrange) -> None:
    for arrange, offered in ((met, True), (unmet, False)):
        g = new(2, seed=1, sides=sides)
        give(g, 0, black=0, yellow=0, blue=0)
        arrange(g)
        _rest_at(g, src)
        assert (f"journal to {dst}" in acts(g)) == offered, (src, dst, offered)
        if offered:
            guilds = dict(g.view(0)["players"][0]["guilds"])
            play(g, f"journal to {dst}")
            assert g.view(0)["players"][0]["journal"] == dst
            after = g.view(0)["players"][0]["guilds"]
            link = next(ln for ln in state(g).cfg.comp.links_from[src] if ln.dst == dst)
            side = "ab".index(sides[0 if src < 30 else 1 if src < 90 else 2])
            paid = Counter(("black", "yellow", "blue")[x] for x in link.pay[side])
            assert all(after[k] == guilds[k] - paid[k] for k in guilds)


@pytest.mark.parametrize(("src", "dst", "met", "unmet"), CASES_A)
def test_side_a_requirements(src: int, dst: int, met: Arrange, unmet: Arrange) -> None:
    """WF-JRN-09, WF-JRN-12: side a: 10->20 needs 2 City; 20->40 1 Space tile; 40->50 and
    47->55 cost 1 Black; 80->90 and 87->95 need 7 tiles (Special tiles count); tags count the
    board's printed tags and Special tiles."""
    _check_link("aaa", src, dst, met, unmet)


@pytest.mark.parametrize(("src", "dst", "met", "unmet"), CASES_B)
def test_side_b_requirements(src: int, dst: int, met: Arrange, unmet: Arrange) -> None:
    """WF-JRN-10, WF-JRN-12: side b: 10->20 needs 2 Townsfolk cards (the Capital Townsfolk
    counts); 15->27 1 Basic tile; 40->50 and 47->55 cost 1 Blue and 1 Yellow; 67->87 a Sun or
    Moon; 80->90 costs 1 Blue and 1 Black; 87->95 1 Yellow and 1 Black."""
    _check_link("bbb", src, dst, met, unmet)


@pytest.mark.parametrize("sides", ["aaa", "bbb"])
@pytest.mark.parametrize(("src", "dst"), [(90, 102), (95, 106)])
def test_the_middle_final_spaces_cost_one_black(sides: str, src: int, dst: int) -> None:
    """WF-JRN-11: 90 -> 102 and 95 -> 106 cost 1 Black on both sides."""
    _check_link(sides, src, dst, lambda g: give(g, 0, black=1), lambda g: give(g, 0, black=0))


def test_a_space_resolves_before_any_further_step() -> None:
    """WF-JRN-13, WF-JRN-14: entering a column-1 space resolves its Journal Tile and gives the
    column's Green Worker at once; the Black extra step comes only after."""
    g = new(2, seed=1, sides="aaa")
    _tile_on(g, 10, "2 silver")
    gain(g, 0, "L01")  # 2 City: 10 -> 20 open
    give(g, 0, black=1, silver=0)
    _rest_at(g, 0)
    play(g, "gain 1 silver")
    play(g, "journal to 10")
    p = g.view(0)["players"][0]
    assert p["workers"]["green"] == 1 and g.view()["green_workers"] == [3, 5, 7]
    a = acts(g)
    assert "gain 2 silver" in a and not any(x.startswith("black influence:") for x in a)
    play(g, "gain 2 silver")
    assert g.view(0)["players"][0]["silver"] == 3
    assert "black influence: journal on to 20" in acts(g)


def test_column_9_gives_its_journal_tile_and_no_green_worker() -> None:
    """WF-JRN-15: entering 90 resolves its Journal Tile; there is no Green Worker."""
    g = new(2, seed=1, sides="aaa")
    _tile_on(g, 90, "2 provisions")
    _tiles(g, 7)
    give(g, 0, provisions=0)
    _rest_at(g, 80)
    play(g, "journal to 90")
    assert "gain 2 provisions" in acts(g)
    play(g, "gain 2 provisions")
    _finish(g)
    p = g.view(0)["players"][0]
    assert p["provisions"] == 2 and p["workers"]["green"] == 0
    assert g.view()["green_workers"] == [1, 3, 5, 7]


def test_columns_2_and_6_offer_inspiration_and_give_a_die() -> None:
    """WF-JRN-16: entering column 2 (or 6) gives a new die at once (mandatory) and offers an
    Inspiration card (optional)."""
    for src, dst, arrange in ((10, 20, lambda g: gain(g, 0, "L01")),
                              (50, 60, lambda g: _tags(g, harbour=2))):
        g = new(2, seed=1, sides="aaa")
        arrange(g)
        _rest_at(g, src)
        assert g.view(0)["players"][0]["reserve"] == 2
        play(g, f"journal to {dst}")
        p = g.view(0)["players"][0]
        assert p["reserve"] == 1 and len(p["dice"]) == 1
        assert starting(g, "take I") and "done" in acts(g)
        play(g, "done")
        _finish(g)
        p = g.view(0)["players"][0]
        assert p["journal"] == dst and p["sky_inspiration"] is None


def test_columns_4_and_8_offer_a_free_special_tile() -> None:
    """WF-JRN-17: entering column 4 (or 8) lets the player take any remaining Special tile,
    free (or none)."""
    g = new(2, seed=1, sides="aaa")
    state(g).tile_supply[[t.id for t in state(g).cfg.comp.tiles].index("special-comet")] = 0
    place_tile(g, 0, "space-trio", 1, 2)
    give(g, 0, silver=0)
    _rest_at(g, 20)
    play(g, "journal to 40")
    offered = starting(g, "take tile ")
    assert len(offered) == 9 and all(a.startswith("take tile special-") and
                                     a.endswith("(free)") for a in offered)
    assert "take tile special-comet (free)" not in offered and "done" in acts(g)
    play(g, "take tile special-library (free)", "place tile at column 2 row 1")
    _finish(g)
    assert g.view(0)["players"][0]["tags"]["library"] == 2


@pytest.mark.parametrize(("src", "dst", "arrange", "named"), [
    (90, 100, lambda g: _tags(g, observatory=3), "black"),
    (90, 102, lambda g: give(g, 0, black=1), None),
    (90, 103, lambda g: _tags(g, open_water=4), "yellow"),
    (95, 106, lambda g: give(g, 0, black=1), None),
    (95, 107, lambda g: _tags(g, vista=4), "blue"),
])
def test_final_space_rewards(src: int, dst: int, arrange: Arrange, named: str | None) -> None:
    """WF-JRN-18: 100: 2 Black plus a Special tile or an Inspiration card; 102 and 106: 2
    Influence on Guilds of choice; 103: 2 Yellow, 107: 2 Blue, each plus a Special tile or
    an Inspiration card."""
    g = new(2, seed=1, sides="aaa")
    arrange(g)
    _rest_at(g, src)
    play(g, f"journal to {dst}")
    a = acts(g)
    influence = {x for x in a if x.endswith((" influence", " influence" + ANY_GUILD))}
    if named:
        assert influence == {f"{named} influence"}
        assert starting(g, "take tile special-") and starting(g, "take I")
        play(g, starting(g, "take tile special-")[0])
        play(g, starting(g, "place tile")[0])
        assert not starting(g, "take I")  # one or the other
        suffix = ""
    else:
        assert influence == {f"{guild} influence{ANY_GUILD}" for guild in ("black", "yellow",
                                                                           "blue")}
        assert not starting(g, "take ")
        named, suffix = "yellow", ANY_GUILD
    before = g.view(0)["players"][0]["guilds"][named]
    play(g, f"{named} influence{suffix}", f"{named} influence{suffix}")
    assert g.view(0)["players"][0]["guilds"][named] == before + 2


def test_journal_tiles_stay_and_the_green_worker_goes_to_the_first_only() -> None:
    """WF-JRN-19, WF-JRN-21, WF-JRN-23: every player entering a Journal Tile's space resolves it
    (the tile stays); markers share the space; the Green Worker goes to the first one there."""
    g = new(2, seed=1)
    _tile_on(g, 15, "2 silver")
    give(g, 0, silver=0)
    give(g, 1, silver=0)
    _rest_at(g, 0, seat=0)
    play(g, "journal to 15", "gain 2 silver")
    _finish(g)
    tiles = g.view()["journal_tiles"]
    _rest_at(g, 0, seat=1)
    play(g, "journal to 15", "gain 2 silver")
    _finish(g)
    v = g.view()
    assert v["journal_tiles"] == tiles
    assert [p["journal"] for p in v["players"]] == [15, 15]
    assert [p["silver"] for p in v["players"]] == [2, 2]
    assert [p["workers"]["green"] for p in v["players"]] == [1, 0]
    assert v["green_workers"] == [3, 5, 7]
    # The other space of the same column gives no Green Worker to a later arrival either.
    g = new(2, seed=1)
    _rest_at(g, 0, seat=0)
    play(g, "journal to 10")
    _finish(g)
    _rest_at(g, 0, seat=1)
    play(g, "journal to 15")
    _finish(g)
    assert [p["workers"]["green"] for p in g.view()["players"]] == [1, 0]


def test_the_ten_journal_tiles() -> None:
    """WF-JRN-20: a free Basic tile; a free Townsfolk card; 2 Yellow; 2 Blue; 1 Yellow and 1
    Blue; Influence on 2 cards; 1 Provision and 1 Silver; 2 Silver; 2 Provisions; retrieve a
    Worker."""
    tiles = sorted(new(2, seed=3).view()["journal_tiles"].values())
    assert tiles == sorted([
        "basic tile (free)", "townsfolk card (free)", "2 yellow influence",
        "2 blue influence", "yellow influence & blue influence", "2 card influence",
        "provision & silver", "2 silver", "2 provisions", "retrieve worker"])


def test_a_final_space_holds_one_marker() -> None:
    """WF-JRN-22: a link into an occupied final space cannot be used."""
    g = new(2, seed=1, sides="aaa")
    state(g).jpos[1] = 102
    give(g, 0, black=1)
    _tags(g, observatory=3)
    _rest_at(g, 90)
    a = acts(g)
    assert "journal to 102" not in a and "journal to 100" in a


def test_a_marker_on_a_final_space_never_moves_and_a_blocked_step_does_nothing() -> None:
    """WF-JRN-24: from a final space there is no step; a Journal step with no usable link
    offers nothing and leaves the marker where it is."""
    g = new(2, seed=1)
    give(g, 0, black=3)
    _rest_at(g, 100)
    assert not starting(g, "journal to")
    _finish(g)
    assert g.view(0)["players"][0]["journal"] == 100
    g = new(2, seed=1, sides="aaa")  # at 10: 2 City or 1 Vista needed, neither there
    _rest_at(g, 10)
    assert not starting(g, "journal to")
    _finish(g)
    assert g.view(0)["players"][0]["journal"] == 10


def test_entering_a_final_space_triggers_the_end() -> None:
    """WF-JRN-25: reaching a final space triggers the end of the game."""
    g = new(2, seed=1)
    give(g, 0, black=1)
    _rest_at(g, 90)
    assert g.view()["end_triggered_by"] is None
    play(g, "journal to 102")
    assert g.view()["end_triggered_by"] == 0
