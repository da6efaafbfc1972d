"""Rule tests for the setup of Wayfarers of the South Tigris (WF-SETUP-01..27)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.wayfarers.helpers import (
    LIBRARY,
    MARKET,
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
from upriver.core.errors import BadOption
from upriver.core.game import Game
from upriver.games.wayfarers.rules import RULES

# The turn-order chart of WF-SETUP-15..18: (Silver, Provisions, Influence per Guild).
CHART = [
    (3, 2, {"black": 0, "yellow": 0, "blue": 1}),
    (3, 2, {"black": 0, "yellow": 1, "blue": 1}),
    (4, 2, {"black": 0, "yellow": 1, "blue": 1}),
    (4, 3, {"black": 0, "yellow": 1, "blue": 1}),
]
ROW_PREFIX = {"townsfolk": "T", "land": "L", "water": "W", "space": "S", "inspiration": "I"}
ROW_SIZE = {"townsfolk": 36, "land": 36, "water": 36, "space": 36, "inspiration": 16}


def _pile_ids(g: Game, row: int) -> list[str]:
    st = state(g)
    return [st.cfg.comp.cards[c].id for c in st.piles[row]]


def test_two_to_four_players_are_seated() -> None:
    """WF-SETUP-01: the multiplayer game seats 2, 3 or 4 players (and no other count)."""
    for n in (2, 3, 4):
        g = upriver.new_game("wayfarers", players=n, seed=3)
        assert len(g.view()["players"]) == n
    with pytest.raises(BadOption):
        upriver.new_game("wayfarers", players=5, seed=3)


def test_board_sections_have_independent_sides_that_differ_only_in_journal_links() -> None:
    """WF-SETUP-02 (WF-RUL-19): each of the three sections has its own side; the sides differ
    only in the Journal link requirements, never in worker actions, display or tile slots."""
    g = upriver.new_game("wayfarers", players=2, seed=5, sides="aba")
    assert g.view()["sides"] == ["a", "b", "a"]
    seen: list[set[str]] = [set(), set(), set()]
    for seed in range(24):
        sides = upriver.new_game("wayfarers", players=2, seed=seed).view()["sides"]
        for k in range(3):
            seen[k].add(sides[k])
    assert all(s == {"a", "b"} for s in seen)
    a = upriver.new_game("wayfarers", players=2, seed=7, sides="aaa")
    b = upriver.new_game("wayfarers", players=2, seed=7, sides="bbb")
    va, vb = a.view(), b.view()
    for key in ("rows", "tiles_left", "players", "journal_tiles", "green_workers"):
        assert va[key] == vb[key]
    assert a.legal_actions() == b.legal_actions()
    # ... but the Journal requirement of 10 -> 20 differs: 2 City on side a, 2 Townsfolk on b.
    for g2, side in ((a, "a"), (b, "b")):
        st = state(g2)
        st.jpos[st.seat] = 10
        set_dice(g2, st.seat, [])
        gain(g2, st.seat, "L01")  # a second City
        play(g2, "rest")
        has = "journal to 20" in acts(g2)
        assert has == (side == "a")


def test_five_piles_are_shuffled_separately() -> None:
    """WF-SETUP-03: five draw piles of 36 Townsfolk, 36 Land, 36 Water, 36 Space and 16
    Inspiration cards, each shuffled."""
    g = new(2, seed=11)
    h = new(2, seed=12)
    v = g.view()
    for r, (row, size) in enumerate(ROW_SIZE.items()):
        on_display = [s["id"] for s in v["rows"][row]["slots"]]
        ids = _pile_ids(g, r) + on_display
        assert len(ids) == size
        assert all(i.startswith(ROW_PREFIX[row]) for i in ids)
        assert _pile_ids(g, r) != _pile_ids(h, r)  # a different seed, a different order


def test_only_base_game_cards_are_used() -> None:
    """WF-SETUP-04: the piles hold exactly the base cards (no star-marked promo cards)."""
    g = new(3, seed=2)
    v = g.view()
    for r, (row, size) in enumerate(ROW_SIZE.items()):
        ids = _pile_ids(g, r) + [s["id"] for s in v["rows"][row]["slots"]]
        assert sorted(ids) == [f"{ROW_PREFIX[row]}{k:02d}" for k in range(1, size + 1)]


def test_four_cards_of_each_pile_are_dealt_face_up() -> None:
    """WF-SETUP-05: the top 4 cards of each pile are dealt into slots 1-4 of its row."""
    v = new(2, seed=4).view()
    for row, size in ROW_SIZE.items():
        slots = v["rows"][row]["slots"]
        assert len(slots) == 4 and all(s is not None for s in slots)
        assert all(s["id"].startswith(ROW_PREFIX[row]) for s in slots)
        assert v["rows"][row]["pile"] == size - 4


def test_the_ten_journal_tiles_are_shuffled_onto_columns_1_3_5_7_9() -> None:
    """WF-SETUP-06: one Journal Tile face up on each of the two spaces of columns 1, 3, 5, 7
    and 9; all 10 are used, in a shuffled order."""
    layouts = set()
    for seed in range(6):
        tiles = new(2, seed=seed).view()["journal_tiles"]
        assert sorted(int(k) for k in tiles) == [10, 15, 32, 36, 50, 55, 72, 76, 90, 95]
        assert len(set(tiles.values())) == 10
        layouts.add(tuple(tiles[k] for k in sorted(tiles)))
    assert len(layouts) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_green_workers_start_on_the_journal_track(players: int) -> None:
    """WF-SETUP-07: at every count a Green Worker sits at Journal columns 1, 3, 5 and 7, and
    no player starts with one."""
    v = new(players, seed=1).view()
    assert v["green_workers"] == [1, 3, 5, 7]
    assert all(p["workers"]["green"] == 0 for p in v["players"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tile_supply_per_player_count(players: int) -> None:
    """WF-SETUP-08, WF-SETUP-09: all 10 Special tiles at any count; one copy per player of
    each of the 13 other types (3 Land, 3 Water, 3 Space, 4 Basic)."""
    left = new(players, seed=1).view()["tiles_left"]
    kinds = Counter(t.split("-")[0] for t in left)
    assert kinds == {"special": 10, "land": 3, "water": 3, "space": 3, "basic": 4}
    for tile, n in left.items():
        assert n == (1 if tile.startswith("special") else players)


@pytest.mark.parametrize("players", [2, 4])
def test_dice_influence_marker_and_workers_per_player(players: int) -> None:
    """WF-SETUP-10, WF-SETUP-11, WF-SETUP-12: 3 rolled dice in supply and 2 in reserve; 15
    Influence (supply plus starting Guilds); the marker on Journal space 0; one Yellow and one
    Blue Worker each and no other Workers in the game."""
    g = new(players, seed=9)
    v = g.view()
    for p in v["players"]:
        assert len(p["dice"]) == 3 and all(1 <= d <= 6 for d in p["dice"])
        assert p["reserve"] == 2
        assert p["influence"] + sum(p["guilds"].values()) == 15
        assert p["journal"] == 0
        assert p["workers"] == {"green": 0, "yellow": 1, "blue": 1}
    assert all(s is not None and s["workers"] == [] for row in v["rows"].values()
               for s in row["slots"])
    assert RULES.component_totals(state(g))["workers"] == 2 * players + 4  # + 4 Green


def test_player_boards_are_dealt_at_random_and_share_their_printed_cards() -> None:
    """WF-SETUP-13: each player gets a different one of the 4 boards at random; boards differ
    only in their caravan icons."""
    dealt = set()
    for seed in range(10):
        v = new(4, seed=seed).view()
        boards = [p["board"] for p in v["players"]]
        assert sorted(boards) == [1, 2, 3, 4]
        dealt.add(tuple(boards))
        first = v["players"][0]
        for p in v["players"][1:]:
            assert p["capital"] == first["capital"] and p["tags"] == first["tags"]
    assert len(dealt) > 1
    comp = state(new(2)).cfg.comp
    assert len(set(comp.caravans)) == 4


def test_first_player_is_random_and_turns_pass_clockwise() -> None:
    """WF-SETUP-14: the first player is drawn at random; turns then pass clockwise."""
    firsts = {upriver.new_game("wayfarers", players=4, seed=s).view()["first_player"]
              for s in range(16)}
    assert len(firsts) > 1
    g = next(upriver.new_game("wayfarers", players=4, seed=s) for s in range(16)
             if upriver.new_game("wayfarers", players=4, seed=s).view()["first_player"] == 2)
    order = []
    for _ in range(6):
        order.append(g.to_move)
        play(g, "rest")
        while g.legal_actions() and "rest" not in g.legal_actions():
            play(g, "done" if "done" in acts(g) else acts(g)[-1])
    assert order == [2, 3, 0, 1, 2, 3]


def test_starting_resources_follow_the_turn_order_chart() -> None:
    """WF-SETUP-15, WF-SETUP-16, WF-SETUP-17, WF-SETUP-18 (WF-RUL-01): seats counted from the
    first player get 3/3/4/4 Silver, 2/2/2/3 Provisions, Blue for seat 1 and Blue + Yellow for
    seats 2-4."""
    for seed in range(8):
        v = upriver.new_game("wayfarers", players=4, seed=seed).view()
        fp = v["first_player"]
        for s, p in enumerate(v["players"]):
            silver, provisions, guilds = CHART[(s - fp) % 4]
            assert (p["silver"], p["provisions"], p["guilds"]) == (silver, provisions, guilds)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_influence_comes_out_of_the_fifteen(players: int) -> None:
    """WF-SETUP-19: after setup seat 1 has 14 Influence in supply and the others 13."""
    v = upriver.new_game("wayfarers", players=players, seed=21).view()
    fp = v["first_player"]
    for s, p in enumerate(v["players"]):
        assert p["influence"] == (14 if s == fp else 13)


def test_capital_city_pays_two_provisions_for_silver_and_a_land_card() -> None:
    """WF-SETUP-20: the Capital City is a City with a Camel die space: pay 2 Provisions, then
    gain 1 Silver and acquire a Land card; the Silver can come first and pay a card's fee."""
    g = new(2, seed=1)
    st = state(g)
    assert g.view(0)["players"][0]["tags"]["city"] == 1
    card = put_display(g, "land", 1, "L21")
    put_display(g, "land", 2, "L25")
    st.card_inf[card] = 1  # seat 2's Influence on L21
    give(g, 0, silver=0, provisions=2)
    set_dice(g, 0, [2, 1])
    probe = g.clone()
    play(probe, "place die 2")
    assert "place die 2 on Capital City" not in acts(probe)  # no Camel in column 2
    play(g, "place die 1", "place die 1 on Capital City")
    assert "take L25" not in acts(g)  # the gain side waits for the cost
    play(g, "pay 2 provisions -> silver & land card")
    assert not starting(g, "take L21")  # the fee cannot be paid yet
    assert "take L25" in acts(g)
    play(g, "gain 1 silver")
    assert "take L21 (fee 1 silver to seat 1)" in acts(g)
    play(g, "take L21 (fee 1 silver to seat 1)")
    v = g.view(0)["players"]
    assert v[0]["lands"][0]["card"]["id"] == "L21"
    assert (v[0]["silver"], v[0]["provisions"], v[1]["silver"]) == (0, 0, 4)


@pytest.mark.parametrize(("card", "rewards"), [
    ("W03", {"yellow influence", "influence on"}),
    ("W09", {"gain 1 silver", "gain 1 provision"}),
])
def test_capital_harbour_takes_a_water_card_and_offers_all_four_links(
        card: str, rewards: set[str]) -> None:
    """WF-SETUP-21: the Capital Harbour is a Harbour with a Ship die space: pay 2 Provisions,
    acquire a Water card; its right edge gives row 1 Yellow Influence, row 2 Silver, row 3 a
    Provision, row 4 Influence on a card (W03 has bars in rows 1 and 4, W09 in rows 2 and 3)."""
    g = new(2, seed=1)
    assert g.view(0)["players"][0]["tags"]["harbour"] == 1
    put_display(g, "water", 1, card)
    give(g, 0, provisions=2, blue=0)
    set_dice(g, 0, [3])
    play(g, "place die 3")
    assert "place die 3 on Capital Harbour" not in acts(g)  # no Ship
    g = new(2, seed=1)
    put_display(g, "water", 1, card)
    give(g, 0, provisions=2, blue=0)
    set_dice(g, 0, [3])
    place_tile(g, 0, "basic-ship", 3, 2)
    play(g, "place die 3", "place die 3 on Capital Harbour", "pay 2 provisions -> water card",
         f"take {card}")
    offered = {a if not a.startswith("influence on") else "influence on" for a in acts(g)}
    assert offered - {"done"} == rewards


def test_board_centre_has_observatory_and_library_tags_but_is_no_card() -> None:
    """WF-SETUP-22: the centre shows one Observatory and one Library tag, but it is not a Land
    or Water card, so (for one) the Black Scholar cannot be tucked there on a fresh board."""
    g = new(2, seed=1)
    tags = g.view(0)["players"][0]["tags"]
    assert (tags["observatory"], tags["library"]) == (1, 1)
    put_display(g, "townsfolk", 1, "T26")  # Black Scholar: needs a Library or Observatory
    put_display(g, "townsfolk", 2, "T08")  # Farmer: needs a City
    give(g, 0, silver=5)
    set_dice(g, 0, [2])
    play(g, "place die 2", "place die 2 on Capital Market")
    assert "take T08 (2 silver)" + MARKET in acts(g)
    assert not starting(g, "take T26")


def test_board_centre_die_spaces() -> None:
    """WF-SETUP-23: Telescope: a Space card or a Space tile; Pigeon: Journal, or retrieve a
    Worker and Influence a Guild of choice; any die: a Townsfolk card or 2 Provisions; any
    die: a Basic tile or 2 Silver."""
    g = new(2, seed=1)
    gain(g, 0, "L01")  # a host for a Space card
    give(g, 0, silver=9, black=2)
    set_dice(g, 0, [6])
    play(g, "place die 6")
    assert "place die 6 on Capital Observatory" in acts(g)
    play(g, "place die 6 on Capital Observatory")
    a = acts(g)
    assert any(x.startswith("take S") for x in a)
    assert any(x.startswith("take tile space-") for x in a)
    assert not any(x.startswith("take tile basic-") for x in a)
    play(g, next(x for x in a if x.startswith("take S")))
    assert not starting(g, "take tile space-")  # one or the other

    g = new(2, seed=1)
    place_tile(g, 0, "basic-pigeon", 2, 2)
    set_dice(g, 0, [2])
    play(g, "place die 2")
    assert {"place die 2 on Capital Library", "place die 2 on Capital Market",
            "place die 2 on Capital Reserve"} == set(starting(g, "place die 2 on"))
    play(g, "place die 2 on Capital Library")
    a = acts(g)
    assert {step + LIBRARY for step in ("journal to 10", "journal to 15", "black influence",
                                        "yellow influence", "blue influence")} <= set(a)
    play(g, "black influence" + LIBRARY)
    assert not starting(g, "journal to")  # a Journal step, or the other part
    assert g.view(0)["players"][0]["guilds"]["black"] == 1

    for die, space, gains in ((1, "Capital Market", ("take T", "gain 2 provisions" + MARKET)),
                              (5, "Capital Reserve",
                               ("take tile basic-", "gain 2 silver" + RESERVE))):
        g = new(2, seed=1)
        give(g, 0, silver=5)
        set_dice(g, 0, [die])
        play(g, f"place die {die}", f"place die {die} on {space}")
        for prefix in gains:
            assert starting(g, prefix)
        play(g, gains[1])
        assert not starting(g, gains[0])


def test_capital_sky_scores_pairs_of_townsfolk_and_tiles() -> None:
    """WF-SETUP-24: the Capital Sky is a Stars card above the Capital Harbour scoring 1 VP per
    pair of one Townsfolk card and one tile (Special tiles included)."""
    g = new(2, seed=1)
    assert g.view(0)["players"][0]["tags"]["stars"] == 1
    assert g.score_breakdown()[0]["space cards"] == 0  # 1 Townsfolk, no tile
    place_tile(g, 0, "basic-camel", 2, 1)
    place_tile(g, 0, "special-city", 3, 1)
    assert g.score_breakdown()[0]["space cards"] == 1  # 1 Townsfolk, 2 tiles
    gain(g, 0, "T08", under="city")
    assert g.score_breakdown()[0]["space cards"] == 2  # 2 Townsfolk, 2 tiles
    place_tile(g, 0, "basic-ship", 4, 1)
    assert g.score_breakdown()[0]["space cards"] == 2  # 2 Townsfolk, 3 tiles


def test_capital_townsfolk_rests_for_silver_and_a_journal_step() -> None:
    """WF-SETUP-25: the Capital Townsfolk's Resting ability is: gain 1 Silver and Journal."""
    g = new(2, seed=1)
    set_dice(g, 0, [])
    silver = g.view(0)["players"][0]["silver"]
    play(g, "rest")
    assert {"gain 1 silver", "journal to 10", "journal to 15"} <= set(acts(g))
    play(g, "gain 1 silver", "journal to 15")
    p = g.view(0)["players"][0]
    assert p["silver"] >= silver + 1 and p["journal"] == 15


def test_caravan_starts_empty_with_a_camel_in_column_1_and_a_telescope_in_column_6() -> None:
    """WF-SETUP-26: no tiles at the start; column 1 gives a Camel, column 6 a Telescope."""
    g = new(2, seed=1)
    assert g.view(0)["players"][0]["caravan"] == [None] * 18
    for die in range(1, 7):
        g = new(2, seed=1)
        set_dice(g, 0, [die])
        give(g, 0, blue=0)
        play(g, f"place die {die}")
        spaces = set(starting(g, f"place die {die} on"))
        assert (f"place die {die} on Capital City" in spaces) == (die == 1)
        assert (f"place die {die} on Capital Observatory" in spaces) == (die == 6)
        assert f"place die {die} on Capital Harbour" not in spaces
        assert f"place die {die} on Capital Library" not in spaces


def test_caravan_cells_carry_their_printed_icons() -> None:
    """WF-SETUP-27: each board's 16 coverable cells show 2 Silver, 3 Provision, 1 move-Influence,
    1 Influence-on-a-card and 1 refresh-a-die icon; 8 are blank. Covering one gives it."""
    comp = state(new(2)).cfg.comp
    for cells in comp.caravans:
        assert cells[0] == cells[5] == -2  # the printed Camel and Telescope
        icons = Counter(comp.nodes.text[c] if c >= 0 else "blank" for c in cells if c != -2)
        assert icons == {"silver": 2, "provision": 3, "move influence": 1,
                         "card influence": 1, "refresh die": 1, "blank": 8}
    g = new(2, seed=1)
    state(g).board[0] = 0  # board 1: column 3 of the top row shows a Silver
    give(g, 0, silver=2)
    set_dice(g, 0, [4])
    play(g, "place die 4", "place die 4 on Capital Reserve",
         "take tile basic-camel (2 silver)" + RESERVE)
    assert "place tile at column 3 row 1" in acts(g)
    play(g, "place tile at column 3 row 1")
    assert acts(g)[:1] == ["gain 1 silver"]
    play(g, "gain 1 silver")
    assert g.view(0)["players"][0]["silver"] == 1

