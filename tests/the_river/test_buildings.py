"""Reserving and constructing buildings (checklist sections RV-RESERVE and RV-BUILD, with the
rulings RV-RULING-05 (the kept discount meadow), -09 (both token piles empty) and -16 (what
opponents see of cards and tokens)).

Building costs are (wood, stone, clay) from data/buildings.toml: B01 (1,1,0) 2 VP, B02 (1,0,1)
2 VP, B07 (2,1,0) 3 VP, B13/B14/B15 (1,1,1) 4 VP, B20 (2,1,1) 6 VP, B31 (2,2,2) 9 VP. A river
board with no tile shows the placeholder printing: 4 warehouses (spaces 3, 5, 8, 10), so every
seat below can store a few resources. Token values (3/4-player set): one 6, two each of 5 to 1,
nine 0s; the 2-player set is one each of 6 to 1 and four 0s.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.the_river.helpers import (
    play,
    play_from_anywhere,
    position_from,
    seat_view,
    store_anywhere,
)

DISPLAY = ["B01", "B07", "B13", "B31"]


def build(players: int = 4, seats: tuple[dict[str, Any], ...] = (),
          spots: dict[str, int] | None = None, options: dict[str, Any] | None = None,
          **top: Any) -> upriver.Game:
    """A position from keyword values, seat tables, taken spots and options."""
    top.setdefault("building_display", DISPLAY if players > 2 else DISPLAY[:3])
    return position_from({"players": players, **top}, seats, spots, options)


def idle() -> dict[str, Any]:
    """A seat without tokens whose 4 boat pioneers are all out for this round."""
    return {"boat": 0, "on_board": 4}


def islands(g: upriver.Game) -> dict[str, int]:
    result: dict[str, int] = g.view(None)["islands"]
    return result


def display_ids(g: upriver.Game) -> list[str | None]:
    return [None if card is None else card["id"] for card in g.view(None)["building_display"]]


def constructs(g: upriver.Game) -> list[str]:
    return [a for a in g.legal_actions() if a.startswith("construct")]


# --------------------------------------------------------------------------------------------
# Reserve a building (RV-RESERVE-01..04)
# --------------------------------------------------------------------------------------------


def test_reserving_takes_a_face_up_card_face_down() -> None:
    """RV-RESERVE-01: the player takes one face-up display card and keeps it as a face-down
    reservation: it leaves the display and appears among their reserved cards (which card it
    is stays known to the table: it was face up when taken)."""
    g = build(seats=({"resources": ""},))
    assert {"reserve B01", "reserve B07", "reserve B13", "reserve B31"} <= set(g.legal_actions())
    g.play("reserve B07")
    assert seat_view(g, 0)["reserved"] == ["B07"]
    assert display_ids(g) == ["B01", None, "B13", "B31"]
    assert g.view(0)["spots"]["reserve"] == 0
    assert g.view(1)["players"][0]["reserved_count"] == 1


def test_no_reservation_with_two_reserved_cards() -> None:
    """RV-RESERVE-02: a player already holding 2 reserved cards may not reserve, while one with
    a single reserved card still may."""
    g = build(seats=({"reserved": ["B20", "B21"]}, {"reserved": ["B22"]}))
    assert not [a for a in g.legal_actions() if a.startswith("reserve")]
    with pytest.raises(upriver.IllegalAction):
        g.play("reserve B01")
    g.play("take the first player pawn")
    assert g.to_move == 1
    assert "reserve B01" in g.legal_actions()
    g.play("reserve B01")
    assert seat_view(g, 1)["reserved"] == ["B22", "B01"]


def test_reserving_needs_a_face_up_card() -> None:
    """RV-RESERVE-03: with every display spot empty, the Reserve spot cannot be used even though
    it is free and the player holds no reservation."""
    g = build(building_display=["-", "-", "-", "-"])
    assert g.view(0)["spots"]["reserve"] is None
    assert not [a for a in g.legal_actions() if a.startswith("reserve")]
    with_card = build(building_display=["-", "-", "B13", "-"])
    assert [a for a in with_card.legal_actions() if a.startswith("reserve")] == ["reserve B13"]


def test_a_reserved_card_leaves_only_by_being_constructed() -> None:
    """RV-RESERVE-04: no action discards, returns or trades a reserved card: through a trade, a
    production, other turns and a cleanup the reservation stays, the only actions naming a
    reserved card build it, and building it is what removes it from the reservation."""
    g = build(players=2, seats=(
        {"reserved": ["B14", "B20"], "resources": "wood stone clay", "boat": 2, "on_board": 2,
         "river": ["T43"]},
        {"boat": 1, "on_board": 3},
    ))

    def check() -> None:
        assert seat_view(g, 0)["reserved"] == ["B14", "B20"]
        if g.to_move == 0:
            named = [a for a in g.legal_actions() if "B14" in a or "B20" in a]
            assert all(a.startswith("construct reserved") for a in named)

    check()
    for action in ("trade 3 resources for 1 food", "trade: return wood", "trade: return stone",
                   "trade: return clay", "produce wood", "take the first player pawn",
                   "take food"):
        store_anywhere(play(g, action))
        check()
    assert g.view(0)["round"] == 2  # a cleanup has passed
    assert g.to_move == 1
    store_anywhere(play(g, "produce stone"))
    check()
    play_from_anywhere(g, "construct reserved B14", "pay wood", "pay food for stone",
                       "waive clay (reserved card)")
    me = seat_view(g, 0)
    assert me["reserved"] == ["B20"]
    assert me["built"] == ["B14"]


# --------------------------------------------------------------------------------------------
# Construct a building (RV-BUILD-01..11)
# --------------------------------------------------------------------------------------------


def test_construct_builds_one_display_or_own_reserved_card() -> None:
    """RV-BUILD-01: Construct offers the affordable face-up cards and the player's own reserved
    cards (not another player's), and one placement builds exactly one of them."""
    g = build(seats=(
        {"resources": "wood wood stone clay", "reserved": ["B20"], "river": ["T43"]},
        {"reserved": ["B21"]},
    ))
    assert set(constructs(g)) == {"construct B01", "construct B07", "construct B13",
                                  "construct reserved B20"}
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    me = seat_view(g, 0)
    assert me["built"] == ["B13"]
    assert me["reserved"] == ["B20"]
    assert display_ids(g) == ["B01", "B07", None, "B31"]
    assert me["boat"] == 3
    assert g.to_move == 1  # the turn is over after one building


def test_paying_returns_resources_to_their_islands() -> None:
    """RV-BUILD-02: the cost is paid by returning the resources to their own islands; a food
    used as a wild resource goes back to the food island."""
    g = build(seats=({"resources": "wood stone food"},))
    before = islands(g)
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay food for clay")
    after = islands(g)
    assert after == {"wood": before["wood"] + 1, "stone": before["stone"] + 1,
                     "clay": before["clay"], "food": before["food"] + 1}
    assert seat_view(g, 0)["resources"] == {"wood": 0, "stone": 0, "clay": 0, "food": 0}
    assert seat_view(g, 0)["built"] == ["B13"]


def test_reserved_card_costs_one_resource_less_of_the_players_choice() -> None:
    """RV-BUILD-03: a reserved card costs 1 resource less and the player picks which resource of
    the cost is waived; the same cost from the display gets no discount."""
    g = build(building_display=["B14", "B01", "-", "-"],
              seats=({"resources": "wood stone clay", "reserved": ["B13"]},))
    g.play("construct reserved B13")
    assert {"waive wood (reserved card)", "waive stone (reserved card)",
            "waive clay (reserved card)"} <= set(g.legal_actions())
    play_from_anywhere(g, "waive wood (reserved card)", "pay stone", "pay clay")
    assert seat_view(g, 0)["built"] == ["B13"]
    assert seat_view(g, 0)["resources"] == {"wood": 1, "stone": 0, "clay": 0, "food": 0}
    # From the display, B14 (same cost) must be paid in full: no waiver is offered.
    h = build(building_display=["B14", "-", "-", "-"],
              seats=({"resources": "wood stone clay", "reserved": ["B13"]},))
    h.play("construct B14")
    assert not [a for a in h.legal_actions() if a.startswith("waive")]
    short = build(building_display=["B14", "-", "-", "-"],
                  seats=({"resources": "wood stone", "reserved": ["B13"]},))
    assert constructs(short) == ["construct reserved B13"]


def test_reserved_card_is_never_paid_at_full_cost() -> None:
    """RV-BUILD-03: building a reserved card costs 1 resource less: once all but one resource
    of the cost is paid, the last one can only be waived, so the player returns exactly the
    cost minus 1."""
    g = build(seats=({"resources": "wood stone clay", "reserved": ["B14"]},))
    play_from_anywhere(g, "construct reserved B14", "pay wood", "pay stone")
    assert g.legal_actions() == ["waive clay (reserved card)"]


def test_construct_needs_an_affordable_card() -> None:
    """RV-BUILD-04: Construct is offered only when some display card or own reserved card is
    affordable, counting food as wild and the reservation discount."""
    # Nothing affordable: B01 needs wood+stone, the player has 1 wood only.
    none = build(building_display=["B01", "B07", "-", "-"], seats=({"resources": "wood"},))
    assert constructs(none) == []
    with pytest.raises(upriver.IllegalAction):
        none.play("construct B01")
    # Food stands in for the missing stone.
    wild = build(building_display=["B01", "B07", "-", "-"],
                 seats=({"resources": "wood food"},))
    assert constructs(wild) == ["construct B01"]
    # The reservation discount: B07 (2,1,0) reserved is affordable with wood+stone, while B09
    # (1,2,0) on the display, also one resource short, is not.
    discount = build(building_display=["B09", "-", "-", "-"],
                     seats=({"resources": "wood stone", "reserved": ["B07"]},))
    assert constructs(discount) == ["construct reserved B07"]
    # Short by 2 with one reservation: still not affordable.
    two_short = build(building_display=["-", "-", "-", "-"],
                      seats=({"resources": "wood", "reserved": ["B07"]},))
    assert constructs(two_short) == []


def test_built_card_goes_under_the_board_and_the_table_remembers_it() -> None:
    """RV-BUILD-05 (overridden, and RV-RULING-16): the built card goes under its owner's board;
    it was face up on the display when taken, so every seat and spectator knows which card it is
    and its points (docs/rulings/the-river.md: a digital table has perfect memory); no score is
    shown before the end."""
    g = build(seats=({"resources": "wood stone clay"},))
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert seat_view(g, 0)["built"] == ["B13"]
    for viewer in (1, 2, None):
        other = g.view(viewer)["players"][0]
        assert other["built"] == ["B13"]
        assert other["built_count"] == 1
        assert other["tokens"] == [6]
        assert "scores" not in g.view(viewer)
    assert "B13" not in display_ids(g)


def test_construction_takes_the_highest_token_left() -> None:
    """RV-BUILD-06: after building, the player takes the top token of the left pile, the
    highest value left: 6 for the first building of the game, then 5."""
    g = build(seats=({"resources": "wood stone clay"}, {"resources": "wood stone"}))
    assert g.view(0)["token_piles"]["left"][0] == 6
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert seat_view(g, 0)["tokens"] == [6]
    play_from_anywhere(g, "construct B01", "pay wood", "pay stone")
    assert seat_view(g, 1)["tokens"] == [5]
    assert g.view(None)["token_piles"]["left"] == [5, 4, 4, 3, 3, 2, 2, 1, 1]


def test_token_goes_on_the_highest_free_spot() -> None:
    """RV-BUILD-07: tokens fill the token spots from the top: the first token takes the top
    spot, so the 5th pioneer on the second spot stays there, and the next token takes the
    second spot."""
    g = build(players=2, seats=({"resources": "wood stone clay wood stone",
                                 "river": ["T43", "T37"]}, {}))
    assert seat_view(g, 0)["pioneer_on_token_spot"] is True
    play_from_anywhere(g, "construct B01", "pay wood", "pay stone")
    me = seat_view(g, 0)
    assert me["tokens"] == [6]
    assert me["pioneer_on_token_spot"] is True
    assert me["boat"] == 3
    g.play("take the first player pawn")  # seat 1
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    me = seat_view(g, 0)
    assert me["tokens"] == [6, 5]
    assert me["pioneer_on_token_spot"] is False


def test_second_token_frees_the_fifth_pioneer_for_this_round() -> None:
    """RV-BUILD-08: when the second token is placed, the pioneer standing on that spot joins the
    boat and can be placed later in the same round."""
    g = build(players=2, seats=(
        {"tokens": [6], "resources": "wood stone clay", "boat": 1, "on_board": 3},
        {"boat": 1, "on_board": 3},
    ))
    assert seat_view(g, 0)["pioneer_on_token_spot"] is True
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    me = seat_view(g, 0)
    assert me["tokens"] == [6, 5]
    assert me["pioneer_on_token_spot"] is False
    assert me["boat"] == 1
    assert g.to_move == 1
    g.play("take the first player pawn")
    assert g.to_move == 0  # the freed pioneer plays in the same round
    assert g.view(0)["round"] == 1
    store_anywhere(play(g, "take food"))
    assert seat_view(g, 0)["resources"]["food"] == 1
    assert g.view(0)["round"] == 2


def test_freed_pioneer_plays_even_when_every_other_boat_is_empty() -> None:
    """RV-BUILD-09: the freed pioneer gives its owner another turn in the current round even if
    every other boat is already empty (here the builder's own boat was empty too)."""
    g = build(players=3, seats=(
        {"tokens": [6], "resources": "wood stone clay", "boat": 1, "on_board": 3},
        idle(), idle(),
    ))
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    assert g.to_move == 0
    assert g.view(0)["round"] == 1
    assert seat_view(g, 0)["boat"] == 1
    store_anywhere(play(g, "take food"))
    assert g.view(0)["round"] == 2


def test_zero_tokens_once_the_left_pile_is_used_up() -> None:
    """RV-BUILD-10: with the left pile used up, a construction takes a 0 token from the right
    pile, placed like any other token (as the second token it frees the 5th pioneer)."""
    g = build(seats=(
        {"tokens": [0], "resources": "wood stone clay"},
        {"tokens": [6, 5, 5, 4]}, {"tokens": [4, 3, 3, 2]}, {"tokens": [2, 1, 1]},
    ))
    piles = g.view(None)["token_piles"]
    assert piles == {"left": [], "right": 8}
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    me = seat_view(g, 0)
    assert me["tokens"] == [0, 0]
    assert me["pioneer_on_token_spot"] is False
    assert g.view(None)["token_piles"]["right"] == 7


def test_no_token_without_a_free_spot() -> None:
    """RV-BUILD-11: a player whose 5 token spots are full may still construct, and takes no
    token: both piles stay as they were."""
    g = build(seats=({"tokens": [6, 5, 4, 3, 2], "resources": "wood stone clay"},))
    piles = g.view(None)["token_piles"]
    assert "construct B13" in constructs(g)
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "pay clay")
    me = seat_view(g, 0)
    assert me["built"] == ["B13"]
    assert me["tokens"] == [6, 5, 4, 3, 2]
    assert g.view(None)["token_piles"] == piles


def test_construction_allowed_with_both_token_piles_empty(tmp_path: Path) -> None:
    """RV-RULING-09: with both token piles empty, construction stays allowed and gives no
    token. (A components file with a 4-token set empties both piles in a short position.)"""
    data = tmp_path / "tokens.toml"
    data.write_text("[tokens]\nvalues = [6, 5, 4, 0]\ntwo_dots = [1, 1, 1, 1]\n")
    g = build(players=2, options={"components": str(data)},
              seats=({"tokens": [0], "resources": "wood stone"}, {"tokens": [6, 5, 4]}))
    assert g.view(None)["token_piles"] == {"left": [], "right": 0}
    assert "construct B01" in constructs(g)
    play_from_anywhere(g, "construct B01", "pay wood", "pay stone")
    me = seat_view(g, 0)
    assert me["built"] == ["B01"]
    assert me["tokens"] == [0]
    assert me["pioneer_on_token_spot"] is True


# --------------------------------------------------------------------------------------------
# Rulings
# --------------------------------------------------------------------------------------------


def test_discount_meadow_is_kept_for_a_later_construction() -> None:
    """RV-RULING-05: the discount meadow (T63) is kept, and one later construction costs
    1 resource less: B13 (1,1,1) from the display becomes affordable with wood and stone, and
    the discount is used up."""
    g = build(players=2, terrain_display="T63 T01 T02 T03 T04",
              seats=({"resources": "wood stone", "river": ["T37"], "boat": 2, "on_board": 2},
                     {"boat": 0, "on_board": 4}))
    assert constructs(g) == ["construct B01"]
    g.play("claim T63")
    me = seat_view(g, 0)
    assert me["meadow_discounts"] == 1
    assert g.to_move == 0
    assert "construct B13" in constructs(g)
    play_from_anywhere(g, "construct B13", "pay wood", "pay stone", "waive clay (meadow)")
    me = seat_view(g, 0)
    assert me["built"] == ["B13"]
    assert me["meadow_discounts"] == 0


def test_everyone_sees_reserved_and_built_cards_and_token_values() -> None:
    """RV-RULING-16 (overridden): whatever reached a player face up is public, so other players
    and spectators see which cards a player reserved and built, each reserved card's cost and
    points, and the value of every token, besides the counts."""
    seat = {"reserved": ["B20"], "built": ["B32", "B08"], "tokens": [6, 5]}
    g = build(seats=(seat,))
    for viewer in (0, 1, 3, None):
        other = g.view(viewer)["players"][0]
        assert (other["reserved"], other["built"], other["tokens"]) == (
            ["B20"], ["B32", "B08"], [6, 5])
        assert other["reserved_cards"] == [
            {"id": "B20", "cost": {"wood": 2, "stone": 1, "clay": 1}, "points": 6}]
        assert (other["reserved_count"], other["built_count"], other["token_count"]) == (1, 2, 2)
    text = upriver.render_text("the-river", g.view(2))
    assert "reserved B20; built B32, B08; tokens 6, 5" in text


def test_log_views_and_determinised_copies_agree_on_every_card_and_token() -> None:
    """RV-RULING-16, RV-BUILD-05 (both overridden): the log names each card reserved or built
    from the display; every seat's view and every determinised copy keep exactly those cards
    and the token values taken, and resample only the stack and the deck."""
    g = upriver.new_game("the-river", players=3, seed=4)
    rng = random.Random(4)
    while not g.is_over and len(g.history) < 400:
        actions = g.legal_actions()
        wanted = [a for a in actions if a.startswith(("reserve ", "construct "))]
        g.play(rng.choice(wanted or actions))
    logged: list[set[str]] = [set(), set(), set()]
    for seat, action in g.history:
        words = action.split()
        if words[0] in ("reserve", "construct"):
            logged[seat].add(words[-1])
    assert any(logged)
    public = g.view(None)
    for seat in range(3):
        held = set(public["players"][seat]["reserved"]) | set(public["players"][seat]["built"])
        assert held <= logged[seat]
        for viewer in range(3):
            assert g.view(viewer)["players"] == public["players"]
            for x in range(3):
                twin = g.determinize(viewer, x)
                assert twin.view(viewer) == g.view(viewer)
                assert twin.view(None) == public
                assert twin.state.reserved == g.state.reserved
                assert twin.state.built == g.state.built
                assert twin.state.tokens == g.state.tokens
    taken = [v for p in public["players"] for v in p["tokens"]]
    assert taken == [g.state.cfg.comp.token_values[t] for ts in g.state.tokens for t in ts]
    piles = public["token_piles"]["left"] + [0] * public["token_piles"]["right"]
    assert sorted(taken + piles) == [0] * 9 + [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]


def test_reserved_cards_are_drawn_for_everyone_and_clickable_only_by_their_owner() -> None:
    """RV-RULING-16 (overridden): the SVG of any seat's or a spectator's view shows every
    player's reserved cards; only the owner, on their turn, can click one to construct it."""
    g = build(seats=({"resources": "wood wood stone clay", "reserved": ["B20"]},
                     {"reserved": ["B21"]}))
    for viewer in (0, 1, None):
        svg = upriver.render_svg("the-river", g.view(viewer))
        assert "B20: 6 VP" in svg and "B21: 6 VP" in svg
        assert ('data-action="construct reserved B20"' in svg) == (viewer == 0)
