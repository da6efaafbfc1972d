"""Rule tests for the collection phase of 12 Rivers (current rules, rulebook 000):
the dam, the river collection order, taking and exchanging, the turn order for the next round,
the fishing net, alpaca capacity and alpaca cards (checklist TR-COLL-01..28 and the collection
and alpaca-card rulings TR-RULING-19..29).

Positions use the reference note's board model T1 (checklist TR-RULING-02/03): rivers 1-2 feed
R2-1P, river 3 feeds R2-1S, both feed R3-1; rivers 4-6 feed R3-2 the same way; R3-1 and R3-2 feed
R4-A, which feeds R5, which feeds the sea. With 2 players rivers 1-6 are active.
"""

from __future__ import annotations

import pytest

from tests.game_helpers import current
from tests.twelve_rivers.helpers import play, position, seat_view
from upriver.core.game import Game

RIVER_STEP = "collect pearls from the river"
SEA_STEP = "collect pearls from the sea"
VILLAGE_STEP = "befriend a Markaya"
DELIVER_STEP = "deliver to Markaya"

# The alpaca-card thresholds of TR-RULING-25.
THRESHOLDS = {"white": 3, "purple": 3, "pink": 4, "blue": 4, "green": 4}


def decline_all_river_markers(game: Game) -> list[tuple[int, str]]:
    """Answer "done" at every river marker; return (seat, space) in the order they acted."""
    order: list[tuple[int, str]] = []
    while current(game)["step"] == RIVER_STEP:
        v = current(game)
        order.append((v["to_move"], v["current_space"]))
        game.play("done")
    return order


def card_owner(game: Game, colour: str) -> int | None:
    cards = game.view(None)["alpaca_cards"]
    owners = [c["owner"] for c in cards if c["colour"] == colour]
    assert len(owners) == 1
    owner: int | None = owners[0]
    return owner


# --- Step order (TR-COLL-01) -------------------------------------------------------------------


def test_collection_steps_run_dam_rivers_sea_village_delivery_in_order() -> None:
    """TR-COLL-01: remove the dam, collect from the rivers, then the sea, then befriend Markaya,
    then deliver."""
    g = position(
        """
        players = 2
        step = "place"
        rivers = "white green pink blue purple green"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        track = "0"
        [spaces]
        "village 3" = 0
        "sea" = 1
        "R1-01 space 1" = 1
        "R3-2 space 1" = 1
        "R4-A space 1" = 0
        [[seat]]
        alpaca = "green"
        """
    )
    # The last marker is placed on a free space: the dam then comes out by itself.
    g.play("place R4-A space 2")
    steps: list[str] = []
    while not g.is_over and current(g)["round"] == 1:
        v = current(g)
        if not steps or steps[-1] != v["step"]:
            steps.append(v["step"])
        actions = g.legal_actions()
        if v["step"] == VILLAGE_STEP:
            g.play("befriend no one")
        else:
            assert v["step"] in (RIVER_STEP, SEA_STEP, DELIVER_STEP), actions
            g.play("done")
    assert steps == [RIVER_STEP, SEA_STEP, VILLAGE_STEP, DELIVER_STEP]


# --- The dam (TR-COLL-02) ------------------------------------------------------------------------


def test_removing_the_dam_needs_no_decision_and_starts_river_collection() -> None:
    """TR-COLL-02: once the last marker is placed the dam comes out (who removes it makes no
    difference, so nobody is asked) and the first river marker collects."""
    g = position(
        """
        players = 2
        step = "place"
        rivers = "white green pink blue purple green"
        track = "1"
        [spaces]
        "R1-01 space 1" = 0
        "R3-2 space 1" = 0
        "R4-A space 1" = 0
        "R2-1P space 1" = 1
        "R5 space 1" = 1
        """
    )
    assert (
        current(g)["rivers"] == ["white", "green", "pink", "blue", "purple", "green"] + [None] * 6
    )
    g.play("place R4-A space 2")  # pay 0, no pairs possible: the turn ends
    v = current(g)
    assert v["step"] == RIVER_STEP
    assert v["current_space"] == "R1-01 space 1"
    assert v["rivers"] == [None] * 12  # every pearl has left the top of the rivers
    assert g.legal_actions() == ["take white", "done"]


def test_pearls_roll_past_empty_stretches_to_the_first_marker() -> None:
    """TR-COLL-02: a pearl rolls through every stretch without a marker until the uppermost
    occupied space of a stretch stops it."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        track = "0 0 1 1 1"
        [spaces]
        "R3-1 space 2" = 0
        """
    )
    # Rivers 1-3 pass R1-01..R1-03, R2-1P and R2-1S (all empty) and stop at R3-1, where the
    # only marker is on space 2: it still is the uppermost occupied space of the stretch.
    assert current(g)["current_space"] == "R3-1 space 2"
    assert sorted(g.legal_actions()) == ["done", "take green", "take pink", "take white"]


def test_view_shows_released_pearls_where_the_first_marker_stops_them() -> None:
    """TR-COLL-02: once the dam is out, each pearl lies where the first marker stops it (or in
    the sea), not in the empty stretches it rolled through."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue - -"
        track = "0 0 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "R3-1 space 1" = 1
        """
    )
    v = g.view(None)
    assert v["current_space"] == "R1-01 space 1"
    # White is held at R1-01; green and pink roll down to the R3-1 marker; blue (river 4)
    # meets no marker at all and reaches the sea.
    assert v["pools"] == {"R1-01": {"white": 1}, "R3-1": {"green": 1, "pink": 1}}
    assert v["sea"] == {"blue": 1}


# --- River collection order (TR-COLL-03..07) ------------------------------------------------------


def test_a_river_marker_is_resolved_completely_before_the_next() -> None:
    """TR-COLL-03: the marker being resolved keeps the decision (here through a fishing-net
    pair) until it is done; only then does the next marker act."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        track = "0 1 1 0"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        hand = "fishing net fishing net"
        """
    )
    g.play("take white")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (0, "R3-1 space 1")
    assert "R4-A space 1" in v["spaces"]
    g.play("play fishing net pair")
    assert (g.to_move, current(g)["current_space"]) == (0, "R3-1 space 1")
    g.play("take green")
    # Seat 0 has nothing left to decide; now (and only now) the R4-A marker acts.
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (1, "R4-A space 1")
    assert "R3-1 space 1" not in v["spaces"]


def test_collection_starts_at_the_uppermost_row_leftmost_stretch() -> None:
    """TR-COLL-04: resolution begins in the uppermost row holding a marker, at its leftmost
    occupied stretch (no marker in row 1 here, so row 2; R2-1S is left of R2-2S)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        [spaces]
        "R3-1 space 1" = 0
        "R2-2S space 1" = 1
        "R2-1S space 1" = 0
        "R4-A space 1" = 1
        "R5 space 1" = 0
        "R2-2P space 2" = 1
        """
    )
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (0, "R2-1S space 1")


def test_stretches_resolve_row_by_row_top_down_and_left_to_right() -> None:
    """TR-COLL-05: row 1 before row 2 before row 3 ..., and left to right within a row."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        [spaces]
        "R5 space 1" = 1
        "R4-A space 1" = 0
        "R3-2 space 1" = 1
        "R3-1 space 2" = 0
        "R2-2P space 1" = 1
        "R1-03 space 1" = 0
        """
    )
    order = decline_all_river_markers(g)
    assert order == [
        (0, "R1-03 space 1"),
        (1, "R2-2P space 1"),
        (0, "R3-1 space 2"),
        (1, "R3-2 space 1"),
        (0, "R4-A space 1"),
        (1, "R5 space 1"),
    ]


def test_within_a_stretch_the_uppermost_marker_goes_first_and_leaves_first() -> None:
    """TR-COLL-06: in one stretch, markers act from the uppermost occupied space down, and the
    next acts only after the previous one is off the board and back on the track."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        track = "0 1"
        [spaces]
        "R4-A space 4" = 0
        "R4-A space 1" = 1
        "R4-A space 2" = 0
        "R5 space 3" = 1
        """
    )
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (1, "R4-A space 1")
    g.play("take white")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (0, "R4-A space 2")
    assert "R4-A space 1" not in v["spaces"]
    assert v["track"][11] == 1  # the first marker is already back on the track
    g.play("take green")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (0, "R4-A space 4")
    assert v["track"][10] == 0


def test_later_marker_in_a_stretch_chooses_from_what_the_earlier_one_left() -> None:
    """TR-COLL-07: the pearls available to a marker are those that reached its stretch minus
    those taken by markers resolved before it there."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R3-1 space 3" = 1
        """
    )
    assert sorted(g.legal_actions()) == ["done", "take green", "take pink", "take white"]
    g.play("take white")
    assert current(g)["current_space"] == "R3-1 space 3"
    assert sorted(g.legal_actions()) == ["done", "take green", "take pink"]


def test_pearl_given_up_in_a_river_exchange_is_available_to_the_next_marker() -> None:
    """TR-COLL-07, TR-RULING-19: the pearl given up in an exchange joins the pearls at the
    marker and is available to the next marker in the stretch (and then rolls on)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 0 1"
        [spaces]
        "R2-1P space 1" = 0
        "R2-1P space 2" = 1
        "R5 space 1" = 1
        [[seat]]
        alpaca = "purple purple purple purple purple purple"
        """
    )
    g.play("exchange purple for white")
    assert current(g)["current_space"] == "R2-1P space 2"
    assert sorted(g.legal_actions()) == ["done", "take green", "take purple"]
    g.play("done")  # seat 1 leaves both pearls: the given-up purple rolls on downstream
    assert current(g)["current_space"] == "R5 space 1"
    assert sorted(g.legal_actions()) == ["done", "take green", "take purple"]


# --- Taking and exchanging (TR-COLL-08..14) -------------------------------------------------------


def test_river_marker_takes_one_pearl_of_its_choice_onto_the_alpaca() -> None:
    """TR-COLL-08: the owner picks any one of the pearls at the marker; it goes on the
    alpaca and the others stay in the river."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink - - -"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        """
    )
    assert sorted(g.legal_actions()) == ["done", "take green", "take pink", "take white"]
    g.play("take pink")
    assert seat_view(g, 0)["alpaca"] == {"pink": 1}
    # Only one pearl per marker: the other two have rolled on to R4-A.
    assert current(g)["current_space"] == "R4-A space 1"
    assert sorted(g.legal_actions()) == ["done", "take green", "take white"]


def test_taking_a_river_pearl_is_optional() -> None:
    """TR-COLL-09: a player may decline even with free alpaca space; the pearls roll on."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        track = "0 0 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "R5 space 1" = 1
        """
    )
    assert g.legal_actions() == ["take white", "done"]
    g.play("done")
    assert seat_view(g, 0)["alpaca"] == {}
    assert current(g)["current_space"] == "R5 space 1"
    assert g.legal_actions() == ["take white", "done"]


def test_full_alpaca_may_exchange_one_pearl_at_a_river_marker() -> None:
    """TR-COLL-10: with 6 pearls on the alpaca, the player cannot take but may swap 1 alpaca
    pearl for 1 pearl at the marker."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        alpaca = "blue blue blue blue pink pink"
        """
    )
    actions = g.legal_actions()
    assert not [a for a in actions if a.startswith("take ")]
    assert sorted(actions) == [
        "done",
        "exchange blue for green",
        "exchange blue for white",
        "exchange pink for green",
        "exchange pink for white",
    ]
    g.play("exchange pink for white")
    assert seat_view(g, 0)["alpaca"] == {"blue": 4, "pink": 1, "white": 1}
    # One exchange only: the marker is finished (no river marker is left, so the next
    # decision is seat 0's delivery) and the leftovers, with the given-up pink, reach the sea.
    assert current(g)["step"] == DELIVER_STEP
    assert g.view(None)["sea"] == {"green": 1, "pink": 1}


def test_marker_with_no_pearls_collects_nothing_and_returns_to_the_track() -> None:
    """TR-COLL-11: a marker with no pearls available collects nothing and is put back on the
    track without a decision."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - green - - -"
        track = "0 1 1"
        [spaces]
        "R1-02 space 1" = 0
        "R1-03 space 1" = 0
        "R4-A space 1" = 1
        """
    )
    # River 2 is empty: the R1-02 marker is skipped and lands on space 12 first.
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (0, "R1-03 space 1")
    assert v["track"][11] == 0
    assert "R1-02 space 1" not in v["spaces"]
    assert seat_view(g, 0)["alpaca"] == {}


def test_full_alpaca_that_declines_to_exchange_does_nothing() -> None:
    """TR-COLL-11: a player who cannot take and does not exchange does nothing; the marker is
    still removed and put back on the track."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        alpaca = "blue blue blue blue blue blue"
        """
    )
    assert g.legal_actions() == ["exchange blue for white", "done"]
    g.play("done")
    v = g.view(0)
    assert seat_view(g, 0)["alpaca"] == {"blue": 6}
    assert "R1-01 space 1" not in v["spaces"]
    assert v["track"][11] == 0
    assert v["sea"] == {"white": 1}


def test_resolved_river_marker_goes_to_the_rearmost_free_track_space() -> None:
    """TR-COLL-12: after the take, the marker leaves its space for the rearmost free track
    space (space 12 is occupied here, so space 11)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "1 1 - - - - - - - - - 0"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 0
        "R5 space 1" = 1
        """
    )
    g.play("take white")
    v = current(g)
    assert "R1-01 space 1" not in v["spaces"]
    assert v["track"][10:] == [0, 0]
    assert v["track"][:2] == [1, 1]


def test_untaken_pearls_roll_on_to_the_next_marker_below() -> None:
    """TR-COLL-13: once a marker is removed, the pearls it did not take continue downstream
    to the next marker (in a later stretch here) and are offered there."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - blue - -"
        track = "0 1 1 0"
        [spaces]
        "R2-1P space 1" = 0
        "R4-A space 2" = 1
        """
    )
    g.play("take white")
    v = current(g)
    assert v["current_space"] == "R4-A space 2"
    # The leftover green joins the blue from river 4 at R4-A.
    assert sorted(g.legal_actions()) == ["done", "take blue", "take green"]


def test_all_river_markers_act_before_the_sea_which_gets_every_leftover() -> None:
    """TR-COLL-14: the sea marker acts only after the last river marker, and then every pearl
    still in the river area is in the sea."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        sea = "blue"
        track = "0 1"
        [spaces]
        "sea" = 0
        "R3-1 space 1" = 1
        "R5 space 1" = 0
        "R1-04 space 1" = 1
        """
    )
    assert current(g)["current_space"] == "R1-04 space 1"
    g.play("take blue")
    assert current(g)["current_space"] == "R3-1 space 1"
    g.play("take white")
    assert current(g)["current_space"] == "R5 space 1"
    g.play("take purple")
    v = current(g)
    assert (v["to_move"], v["current_space"], v["step"]) == (0, "sea", SEA_STEP)
    assert v["pools"] == {}
    # 6 pearls - 3 taken = green, pink, green, plus the blue already in the sea.
    assert v["sea"] == {"green": 2, "pink": 1, "blue": 1}


# --- Turn order for the next round (TR-COLL-15, TR-COLL-16) ---------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_returned_markers_fill_the_track_from_space_12_backwards(players: int) -> None:
    """TR-COLL-15: at every player count the first marker returned takes space 12, the next
    space 11, and so on."""
    rivers = " ".join(["green"] * (3 * players))
    # Each seat has one marker in row 1 (rivers 1, 2, ...); the rest wait on the track.
    spaces = "\n".join(f'"R1-{s + 1:02d} space 1" = {s}' for s in range(players))
    track = " ".join(str(s) for s in range(players) for _ in range(2))
    g = position(
        f"""
        players = {players}
        step = "collect"
        rivers = "{rivers}"
        track = "{track}"
        [spaces]
        {spaces}
        """
    )
    for k in range(players):
        assert current(g)["current_space"] == f"R1-{k + 1:02d} space 1"
        g.play("take green")
        assert current(g)["track"][11 - k] == k
    # The waiting markers were not moved: spaces 1..2P are as before.
    assert current(g)["track"][: 2 * players] == [int(x) for x in track.split()]


def test_next_round_order_reverses_the_return_order() -> None:
    """TR-COLL-15, TR-COLL-16: markers return to spaces 12, 11, ...; next round the marker
    returned last acts first, so village markers, then the sea marker, come before river
    markers, and a marker that collected further upriver acts later."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R1-01 space 1" = 0
        "R2-1P space 1" = 1
        "R3-1 space 1" = 1
        "R5 space 1" = 0
        "sea" = 1
        "village 3" = 0
        """
    )
    returned: list[tuple[int, str]] = []
    while current(g)["round"] == 1:
        v = current(g)
        returned.append((v["to_move"], v["current_space"]))
        g.play("befriend no one" if v["step"] == VILLAGE_STEP else "done")
    assert returned == [
        (0, "R1-01 space 1"),
        (1, "R2-1P space 1"),
        (1, "R3-1 space 1"),
        (0, "R5 space 1"),
        (1, "sea"),
        (0, "village 3"),
    ]
    v = current(g)
    assert v["round"] == 2 and v["phase"] == "exploration"
    # Space 12 holds the first returned marker (R1-01), space 7 the last (the village one).
    assert v["track"] == [None] * 6 + [0, 1, 0, 1, 1, 0]
    # Next round the players act in the reverse of the return order: village, sea, R5, ...
    acted = []
    for target in (
        "R4-A space 1",
        "R4-A space 2",
        "R4-A space 3",
        "R4-A space 4",
        "village 4",
        "village 5",
    ):
        acted.append(g.to_move)
        g.play(f"place {target}")  # free spaces, empty hands: each turn ends at once
    assert acted == [0, 1, 0, 1, 1, 0]
    assert current(g)["phase"] == "collection"


# --- Fishing net (TR-COLL-17, TR-COLL-18, TR-RULING-21, TR-RULING-22) -----------------------------


def test_fishing_net_pair_takes_a_second_pearl_at_a_river_marker() -> None:
    """TR-COLL-17: a fishing-net pair played at a river marker lets its owner take 1 more
    pearl from the same marker before it is removed; the two cards are discarded."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink - - -"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        hand = "fishing net fishing net banner"
        """
    )
    assert "play fishing net pair" in g.legal_actions()
    g.play("take white")
    assert (g.to_move, current(g)["current_space"]) == (0, "R3-1 space 1")
    assert sorted(g.legal_actions()) == ["done", "play fishing net pair"]
    g.play("play fishing net pair")
    assert sorted(g.legal_actions()) == ["done", "take green", "take pink"]
    g.play("take pink")
    assert seat_view(g, 0)["alpaca"] == {"white": 1, "pink": 1}
    v = g.view(0)
    assert v["players"][0]["hand"] == {"banner": 1}
    assert v["discard"] == {"fishing net": 2}
    # Only the green reaches the next marker.
    assert current(g)["current_space"] == "R4-A space 1"
    assert sorted(g.legal_actions()) == ["done", "take green"]


def test_fishing_net_is_not_offered_when_the_marker_has_a_single_pearl() -> None:
    """TR-COLL-17: the extra pearl must come from the pearls at the marker, so with one pearl
    there the pair would do nothing and is not offered."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        hand = "fishing net fishing net"
        """
    )
    assert g.legal_actions() == ["take white", "done"]


def test_fishing_net_pair_cannot_be_played_at_the_sea() -> None:
    """TR-COLL-18, TR-RULING-23: the fishing net only works at a river marker."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white green pink"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        hand = "fishing net fishing net fishing net fishing net"
        """
    )
    assert current(g)["step"] == SEA_STEP
    actions = g.legal_actions()
    assert "take white" in actions
    assert not [a for a in actions if "fishing net" in a]
    g.play("take white")
    assert not [a for a in g.legal_actions() if "fishing net" in a]


def test_fishing_net_and_water_fairy_stack_for_three_pearls() -> None:
    """TR-RULING-21: a fishing-net pair and a water fairy at the same river marker stack, so
    up to 3 pearls come from that marker."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue - -"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        hand = "fishing net fishing net"
        fairies = "water"
        """
    )
    play(g, "use water fairy", "play fishing net pair", "take white", "take green", "take pink")
    assert seat_view(g, 0)["alpaca"] == {"white": 1, "green": 1, "pink": 1}
    assert current(g)["current_space"] == "R4-A space 1"


def test_without_stacking_only_one_extra_pearl_effect_per_marker() -> None:
    """TR-RULING-21: with the stacking flag off, a marker may use only one extra-pearl effect
    (fishing net or water fairy), so at most 2 pearls."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue - -"
        track = "0 0 1 1"
        [options]
        stack_extra_pearl_effects = false
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        hand = "fishing net fishing net"
        fairies = "water"
        """
    )
    g.play("use water fairy")
    assert "play fishing net pair" not in g.legal_actions()
    play(g, "take white", "take green")
    assert seat_view(g, 0)["alpaca"] == {"white": 1, "green": 1}
    assert current(g)["current_space"] == "R4-A space 1"


def test_extra_pick_with_a_full_alpaca_may_be_an_exchange() -> None:
    """TR-RULING-22: when the alpaca fills up, the extra pick granted by a fishing net may be
    an exchange instead of a take."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white purple green - - -"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        hand = "fishing net fishing net"
        alpaca = "blue blue blue blue blue"
        """
    )
    play(g, "take white", "play fishing net pair")
    actions = g.legal_actions()
    assert not [a for a in actions if a.startswith("take ")]
    assert "exchange blue for purple" in actions
    g.play("exchange blue for purple")
    assert seat_view(g, 0)["alpaca"] == {"blue": 4, "white": 1, "purple": 1}


def test_exchanged_pearl_cannot_be_taken_back_by_the_same_marker() -> None:
    """TR-RULING-19: the pearl given up joins the pearls at the marker, but the same marker
    cannot take it back with an extra pick."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white purple - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        hand = "fishing net fishing net"
        alpaca = "green green green green green green"
        """
    )
    play(g, "exchange green for white", "play fishing net pair")
    assert sorted(g.legal_actions()) == [
        "done",
        "exchange green for purple",
        "exchange white for purple",
    ]
    g.play("exchange green for purple")
    assert seat_view(g, 0)["alpaca"] == {"green": 4, "white": 1, "purple": 1}
    # Both given-up greens rolled on to the sea.
    assert g.view(None)["sea"] == {"green": 2}


# --- Alpaca capacity (TR-COLL-19..21) -------------------------------------------------------------


def test_collected_pearls_go_onto_the_alpaca_never_onto_a_markaya() -> None:
    """TR-COLL-19: a pearl taken at a river or at the sea lands on the alpaca, even when a
    matching Markaya spot is free; the board offers no direct delivery."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "green - - - - -"
        sea = "blue"
        track = "0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "sea" = 0
        """
    )
    assert not [a for a in g.legal_actions() if a.startswith("deliver")]
    g.play("take green")
    assert current(g)["step"] == SEA_STEP
    assert not [a for a in g.legal_actions() if a.startswith("deliver")]
    g.play("take blue")
    me = seat_view(g, 0)
    assert me["alpaca"] == {"green": 1, "blue": 1}
    assert me["markaya"] == [{"id": "S1", "pearls": [None, None, None], "rainbow_spots": []}]


def test_alpaca_never_holds_more_than_six_pearls() -> None:
    """TR-COLL-20: with 5 pearls on the alpaca, a water fairy's second pick cannot take a
    seventh pearl; only exchanges remain."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink - - -"
        track = "0 0 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R4-A space 1" = 1
        [[seat]]
        fairies = "water"
        alpaca = "blue blue purple purple green"
        """
    )
    play(g, "use water fairy", "take white")
    assert sum(seat_view(g, 0)["alpaca"].values()) == 6
    actions = g.legal_actions()
    assert not [a for a in actions if a.startswith("take ")]
    assert "exchange blue for pink" in actions
    g.play("exchange blue for pink")
    assert sum(seat_view(g, 0)["alpaca"].values()) == 6


def test_alpaca_mixes_colours_freely_up_to_six() -> None:
    """TR-COLL-20: any mix of colours fits, up to 6 pearls; a sea marker stops taking at 6."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white white purple pink blue green green"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "green"
        """
    )
    play(g, "take white", "take white", "take purple", "take pink", "take blue")
    assert seat_view(g, 0)["alpaca"] == {
        "green": 1,
        "blue": 1,
        "pink": 1,
        "purple": 1,
        "white": 2,
    }
    assert not [a for a in g.legal_actions() if a.startswith("take ")]


def test_alpaca_pearls_stay_from_round_to_round() -> None:
    """TR-COLL-21: undelivered alpaca pearls are still on the alpaca next round."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        track = "0 0 1 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        alpaca = "purple pink"
        """
    )
    g.play("take white")
    assert current(g)["step"] == DELIVER_STEP
    g.play("done")  # deliver nothing
    assert current(g)["round"] == 2
    assert seat_view(g, 0)["alpaca"] == {"pink": 1, "purple": 1, "white": 1}


# --- Alpaca cards (TR-COLL-22..28, TR-RULING-25..29) ----------------------------------------------


def test_all_five_alpaca_cards_are_open_from_round_one() -> None:
    """TR-COLL-22: every alpaca card can be claimed in round 1."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white purple pink blue green"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "white white purple purple"
        """
    )
    cards = g.view(None)["alpaca_cards"]
    assert len(cards) == 5
    assert all(c["owner"] is None for c in cards)
    assert current(g)["round"] == 1
    play(g, "take white", "take purple", "done")  # one sea visit is one take
    assert card_owner(g, "white") == 0
    assert card_owner(g, "purple") == 0


def test_alpaca_card_thresholds() -> None:
    """TR-RULING-25: the cards need 3 white, 3 purple, 4 pink, 4 blue, 4 green, each worth 4."""
    g = position("players = 2")
    cards = {c["colour"]: (c["count"], c["points"]) for c in g.view(None)["alpaca_cards"]}
    assert cards == {k: (n, 4) for k, n in THRESHOLDS.items()}


@pytest.mark.parametrize("colour", list(THRESHOLDS))
def test_alpaca_card_is_fulfilled_at_its_threshold_not_before(colour: str) -> None:
    """TR-COLL-23, TR-RULING-25: a card is fulfilled once the alpaca holds the required number
    of pearls of its colour, and not with one fewer."""
    need = THRESHOLDS[colour]
    g = position(
        f"""
        players = 2
        step = "collect"
        sea = "{colour} {colour}"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "{" ".join([colour] * (need - 2))}"
        """
    )
    g.play(f"take {colour}")
    assert card_owner(g, colour) is None  # need - 1 pearls: not yet
    g.play(f"take {colour}")
    assert card_owner(g, colour) == 0


def test_alpaca_card_needs_at_least_the_number_shown() -> None:
    """TR-COLL-23: more than the required number also fulfils the card (checked at a take)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "green - - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        alpaca = "green green green green"
        """
    )
    g.play("take green")
    assert card_owner(g, "green") == 0
    assert seat_view(g, 0)["alpaca"] == {"green": 5}


def test_alpaca_card_not_claimed_by_declining_or_at_delivery_but_claimed_at_a_take() -> None:
    """TR-COLL-24: a fulfilled-but-unchecked card stays open when the marker declines and
    through delivery; the next take at a river checks it."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white blue - - - -"
        track = "0 1 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 0
        [[seat]]
        alpaca = "green green green green"
        """
    )
    g.play("done")  # declines the white at R1-01
    assert card_owner(g, "green") is None
    assert current(g)["current_space"] == "R1-02 space 1"
    g.play("take blue")
    assert card_owner(g, "green") == 0


def test_alpaca_card_is_not_claimed_outside_a_take() -> None:
    """TR-COLL-24: holding enough pearls during exploration and delivery claims nothing."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "green green green green pink blue"
        """
    )
    assert current(g)["step"] == DELIVER_STEP
    g.play("deliver pink to S1 spot 3")
    assert card_owner(g, "green") is None
    h = position(
        """
        players = 2
        step = "place"
        [[seat]]
        alpaca = "green green green green"
        """
    )
    h.play("place R4-A space 1")
    assert card_owner(h, "green") is None


def test_claimed_alpaca_card_goes_to_the_players_area_and_scores_four() -> None:
    """TR-COLL-25, TR-RULING-29: fulfilling an open card claims it (automatically, with no
    separate decision) into the player's area, where it is worth 4."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 1 1 1"
        [spaces]
        "R2-1P space 1" = 0
        "R2-1P space 2" = 0
        [[seat]]
        alpaca = "white white"
        """
    )
    actions = g.legal_actions()
    assert not [a for a in actions if "claim" in a or "alpaca card" in a]
    assert g.score_breakdown()[0]["alpaca cards"] == 0
    g.play("take white")
    assert seat_view(g, 0)["alpaca_cards"] == ["white"]
    assert seat_view(g, 1)["alpaca_cards"] == []
    assert g.score_breakdown()[0]["alpaca cards"] == 4
    # The claim did not open a decision: the next marker already acts.
    assert current(g)["current_space"] == "R2-1P space 2"


def test_several_alpaca_cards_can_be_claimed_at_one_take() -> None:
    """TR-RULING-26: one take can claim several cards at once."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "purple - - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        alpaca = "white white white purple purple"
        """
    )
    g.play("take purple")
    assert sorted(seat_view(g, 0)["alpaca_cards"]) == ["purple", "white"]
    assert g.score_breakdown()[0]["alpaca cards"] == 8


def test_exchange_counts_as_a_take_for_alpaca_cards() -> None:
    """TR-RULING-27: an exchange at a river or at the sea checks the alpaca cards."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        sea = "purple"
        track = "0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "sea" = 0
        [[seat]]
        alpaca = "white white purple purple blue green"
        """
    )
    g.play("exchange blue for white")
    assert card_owner(g, "white") == 0
    assert current(g)["step"] == SEA_STEP
    g.play("exchange green for purple")
    g.play("done")  # the sea visit's pearls are checked once it ends (TR-COLL-24)
    assert card_owner(g, "purple") == 0


def test_each_alpaca_card_goes_only_to_the_first_player_to_fulfil_it() -> None:
    """TR-COLL-26: once claimed, a card cannot be claimed again by a later player."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white white - - - -"
        track = "0 0 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 1
        [[seat]]
        alpaca = "white white"
        [[seat]]
        alpaca = "white white white"
        """
    )
    g.play("take white")
    assert card_owner(g, "white") == 0
    assert current(g)["to_move"] == 1
    g.play("take white")  # seat 1 now has 4 white: the card is gone
    assert card_owner(g, "white") == 0
    assert seat_view(g, 1)["alpaca_cards"] == []
    assert g.score_breakdown()[1]["alpaca cards"] == 0


def test_claimed_alpaca_card_is_kept_after_the_pearls_leave_the_alpaca() -> None:
    """TR-COLL-27, TR-RULING-28: a claimed card is never lost: delivering the pearls (or moving
    them with an earth fairy) does not un-claim it, and nobody can take it."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white white - - - -"
        track = "0 0 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 1
        [[seat]]
        alpaca = "white white"
        fairies = "earth"
        markaya = ["M10"]
        [[seat]]
        alpaca = "white white white"
        """
    )
    g.play("take white")
    assert card_owner(g, "white") == 0
    # no pick left: the marker goes back at once; seat 0 keeps its earth fairy for later
    g.play("take white")  # seat 1 reaches 4 white, but the card is already gone
    assert current(g)["step"] == DELIVER_STEP and g.to_move == 0
    play(g, "use earth fairy", "earth: move white from alpaca to M10 spot 1", "earth: done")
    g.play("deliver white to M10 spot 2")
    g.play("deliver white to S1 spot 3")
    assert seat_view(g, 0)["alpaca"] == {}
    assert card_owner(g, "white") == 0
    assert g.score_breakdown()[0]["alpaca cards"] == 4
    assert g.score_breakdown()[1]["alpaca cards"] == 0


def test_claiming_an_alpaca_card_keeps_the_pearls_on_the_alpaca() -> None:
    """TR-COLL-28: the pearls that fulfil a card stay on the alpaca and can be delivered."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "green - - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        alpaca = "green green green"
        markaya = ["M06"]
        """
    )
    g.play("take green")
    assert card_owner(g, "green") == 0
    assert seat_view(g, 0)["alpaca"] == {"green": 4}
    assert current(g)["step"] == DELIVER_STEP
    assert "deliver green to M06 spot 1" in g.legal_actions()
