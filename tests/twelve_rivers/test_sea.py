"""Rule tests for collecting at the sea in 12 Rivers (current rules, rulebook 000, "3. Collect
pearls from the sea"): checklist TR-SEA-01..06, with the sea rulings TR-RULING-20 and -23.

Board model T1 (TR-RULING-02/03): R5, the final river stretch, flows into the sea.
"""

from __future__ import annotations

from tests.game_helpers import current
from tests.twelve_rivers.helpers import play, position, seat_view
from upriver.core.game import Game

RIVER_STEP = "collect pearls from the river"
SEA_STEP = "collect pearls from the sea"
VILLAGE_STEP = "befriend a Markaya"
DELIVER_STEP = "deliver to Markaya"


def takes(game: Game) -> list[str]:
    return sorted(a for a in game.legal_actions() if a.startswith("take "))


def test_sea_marker_acts_after_every_river_marker_and_before_the_village() -> None:
    """TR-SEA-01: the sea marker is resolved after the last river marker (even one placed in
    the final stretch) and before any village marker, even the leftmost."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "village 1" = 0
        "sea" = 1
        "R5 space 5" = 0
        "R1-06 space 1" = 1
        "R3-1 space 1" = 0
        "village 2" = 1
        """
    )
    order = []
    while current(g)["round"] == 1 and current(g)["step"] != DELIVER_STEP:
        v = current(g)
        order.append(v["current_space"])
        g.play("befriend no one" if v["step"] == VILLAGE_STEP else "done")
    assert order == [
        "R1-06 space 1",
        "R3-1 space 1",
        "R5 space 5",
        "sea",
        "village 1",
        "village 2",
    ]


def test_sea_owner_takes_any_number_up_to_the_free_alpaca_space() -> None:
    """TR-SEA-02: the sea marker's owner takes pearls one after another, as many as wanted,
    until the alpaca is full."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white green green blue"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "pink pink pink pink"
        """
    )
    assert current(g)["step"] == SEA_STEP
    assert takes(g) == ["take blue", "take green", "take white"]
    g.play("take blue")
    assert g.to_move == 0 and current(g)["step"] == SEA_STEP  # still taking
    g.play("take white")
    # 6 pearls now: no more taking (TR-COLL-20), two greens are left.
    assert seat_view(g, 0)["alpaca"] == {"pink": 4, "blue": 1, "white": 1}
    assert takes(g) == []


def test_sea_owner_may_take_nothing() -> None:
    """TR-SEA-02: zero is allowed: the owner may stop at once, leaving every sea pearl."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white green"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        """
    )
    assert "done" in g.legal_actions()
    g.play("done")
    assert seat_view(g, 0)["alpaca"] == {}
    assert g.view(None)["sea"] == {"green": 1, "white": 1}


def test_sea_owner_may_take_every_pearl_that_fits() -> None:
    """TR-SEA-02: unlike a river marker, the sea marker may take several pearls, here all."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white green green"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        """
    )
    play(g, "take white", "take green", "take green")
    assert seat_view(g, 0)["alpaca"] == {"green": 2, "white": 1}
    assert g.view(None)["sea"] == {}


def test_full_alpaca_exchanges_any_number_of_pearls_at_the_sea() -> None:
    """TR-SEA-03, TR-RULING-20: with a full alpaca the owner swaps pearls one for one, as many
    as wanted; the pearls given up stay in the sea (and cannot be taken back by the same
    marker)."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white purple pink"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "green green green green blue blue"
        """
    )
    assert takes(g) == []
    play(g, "exchange green for white", "exchange green for purple", "exchange blue for pink")
    assert seat_view(g, 0)["alpaca"] == {
        "green": 2,
        "blue": 1,
        "pink": 1,
        "purple": 1,
        "white": 1,
    }
    assert sum(seat_view(g, 0)["alpaca"].values()) == 6
    # Only given-up pearls are left in the sea, and they cannot be swapped back.
    assert not [a for a in g.legal_actions() if a.startswith("exchange")]
    g.play("done")
    assert g.view(None)["sea"] == {"green": 2, "blue": 1}


def test_sea_marker_returns_to_the_rearmost_free_track_space() -> None:
    """TR-SEA-04: after collecting, the sea marker goes to the rearmost free space, behind
    the river markers already returned (spaces 12 and 11 here, so space 10)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 1
        "sea" = 0
        """
    )
    play(g, "take white", "done")
    v = current(g)
    assert v["current_space"] == "sea"
    assert v["track"][10:] == [1, 0]
    g.play("take green")
    v = g.view(None)
    assert "sea" not in v["spaces"]
    assert v["track"][9:] == [0, 1, 0]


def test_sea_marker_with_nothing_to_take_is_returned_without_a_decision() -> None:
    """TR-SEA-04: an empty sea gives nothing, but the marker still goes back to the track."""
    g = position(
        """
        players = 2
        step = "collect"
        track = "0 0 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "sea" = 0
        "village 3" = 1
        """
    )
    v = current(g)
    assert v["step"] == VILLAGE_STEP
    assert v["track"][11] == 0
    assert "sea" not in v["spaces"]


def test_untaken_sea_pearls_stay_and_the_sea_builds_up() -> None:
    """TR-SEA-05: pearls the sea marker leaves stay in the sea into the next round, where the
    next leftovers from the rivers join them."""
    g = position(
        """
        players = 2
        step = "collect"
        seed = 3
        rivers = "white green pink blue purple green"
        sea = "blue"
        track = "0 0 1 1"
        [spaces]
        "sea" = 0
        "R1-01 space 1" = 1
        """
    )
    g.play("take white")  # seat 1 at R1-01; the other 5 pearls reach the sea
    assert current(g)["step"] == SEA_STEP
    assert g.view(None)["sea"] == {"blue": 2, "green": 2, "pink": 1, "purple": 1}
    play(g, "take purple", "take pink", "done")
    while current(g)["step"] == DELIVER_STEP:
        g.play("done")  # both players keep their pearls on the alpaca
    assert current(g)["round"] == 2
    assert g.view(None)["sea"] == {"blue": 2, "green": 2}
    # Round 2: nobody takes anything, so all 6 new pearls join the 4 left in the sea.
    round2 = [c for c in g.view(None)["rivers"] if c is not None]
    assert len(round2) == 6
    while g.view(None)["round"] == 2 and current(g)["phase"] == "exploration":
        free = [
            a
            for a in g.legal_actions()
            if a
            in (
                "place R4-A space 1",
                "place R4-A space 2",
                "place R4-A space 3",
                "place R4-A space 4",
                "place village 3",
                "place village 4",
            )
        ]
        g.play(free[0])
    while current(g)["step"] == RIVER_STEP:
        g.play("done")
    expected: dict[str, int] = {"blue": 2, "green": 2}
    for c in round2:
        expected[c] = expected.get(c, 0) + 1
    assert g.view(None)["sea"] == expected


def test_sea_pearls_stay_when_no_marker_is_at_the_sea() -> None:
    """TR-SEA-06: with no sea marker, every sea pearl stays; the sea is never emptied between
    rounds."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        sea = "purple green green"
        track = "0 0 1 1 1"
        [spaces]
        "R1-01 space 1" = 0
        """
    )
    g.play("done")  # the white rolls down to the sea as well
    v = current(g)
    assert v["round"] == 2 and v["phase"] == "exploration"
    assert v["sea"] == {"green": 2, "purple": 1, "white": 1}


def test_water_fairy_and_fishing_net_do_nothing_at_the_sea() -> None:
    """TR-RULING-23: neither the fishing net nor the water fairy is offered at the sea."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white purple pink"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        hand = "fishing net fishing net"
        fairies = "water fire"
        alpaca = "green green green green green"
        """
    )
    actions = g.legal_actions()
    assert "use water fairy" not in actions
    assert not [a for a in actions if "pair" in a]
    assert takes(g) == ["take pink", "take purple", "take white"]


def _card_owner(game: Game, colour: str) -> int | None:
    owners = [c["owner"] for c in game.view(None)["alpaca_cards"] if c["colour"] == colour]
    assert len(owners) == 1
    owner: int | None = owners[0]
    return owner


SEA_EXCHANGE = """
    players = 2
    step = "collect"
    sea = "blue pink"
    track = "0 0 1 1 1"
    [spaces]
    "sea" = 0
    [[seat]]
    alpaca = "blue blue blue green green green"
"""


def test_the_sea_visit_is_one_take_for_alpaca_cards() -> None:
    """TR-COLL-24, TR-RULING-27: "whenever you take a pearl from one of the rivers (or several
    from the sea), check whether you fulfil one of the open alpaca cards": the pearls of one sea
    visit are one take, checked when the visit ends. Exchanging into 4 blue and back out again
    claims nothing; stopping at 4 blue claims the blue card."""
    back_out = position(SEA_EXCHANGE)
    play(back_out, "exchange green for blue")
    assert seat_view(back_out, 0)["alpaca"]["blue"] == 4
    assert _card_owner(back_out, "blue") is None  # not yet: the visit goes on
    play(back_out, "exchange blue for pink")
    assert current(back_out)["step"] != SEA_STEP  # nothing left to take: the visit ended
    assert seat_view(back_out, 0)["alpaca"]["blue"] == 3
    assert _card_owner(back_out, "blue") is None

    keep = position(SEA_EXCHANGE)
    play(keep, "exchange green for blue", "done")
    assert _card_owner(keep, "blue") == 0


def test_an_empty_sea_marker_is_returned_without_a_decision_even_with_an_earth_fairy() -> None:
    """TR-COLL-11, TR-SEA-04, TR-RULING-18: a sea marker with nothing to take or exchange goes
    back without a decision, like an empty river marker, even when its owner could use an earth
    fairy (the fairy is offered at the owner's next decision instead)."""
    g = position(
        """
        players = 2
        step = "collect"
        track = "0 0 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "sea" = 0
        "village 3" = 1
        [[seat]]
        alpaca = "green"
        fairies = "earth"
        """
    )
    assert current(g)["step"] == VILLAGE_STEP and g.to_move == 1
    assert "sea" not in g.view(None)["spaces"]
