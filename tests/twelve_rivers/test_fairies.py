"""Rule tests for fairies in 12 Rivers (current rules, rulebook 000, "Fairies and Their
Powers"): general use (TR-FAIRY-01, -02), the earth fairy (TR-FAIRY-08..11), the light fairy
(TR-FAIRY-13..16) and the water fairy (TR-FAIRY-17..19).

Markaya spots come from the placeholder tiles of data/markaya.toml (TR-RULING-08): starting
Markaya S1/S2 have green, blue, rainbow; M06 green x3; M07 blue, blue, pink; M08 pink, pink, green;
M11 (blue, green, pink) scores 2 per unused fairy.
"""

from __future__ import annotations

import random

import pytest

from tests.game_helpers import current, pearls_on
from tests.twelve_rivers.helpers import new, play, position, seat_view

RIVER_STEP = "collect pearls from the river"
SEA_STEP = "collect pearls from the sea"
DELIVER_STEP = "deliver to Markaya"
EARTH_STEP = "earth fairy: move pearls"


# --- Fairies in general (TR-FAIRY-01, TR-FAIRY-02) ------------------------------------------------


def test_only_the_owner_can_use_a_fairy() -> None:
    """TR-FAIRY-01: a player uses only fairies in their own play area: seat 1's water fairy
    is not offered to seat 0."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        [[seat]]
        fairies = "water earth"
        """
    )
    assert g.to_move == 0
    assert sorted(g.legal_actions()) == ["done", "take green", "take white"]


def test_a_used_fairy_is_gone_for_good() -> None:
    """TR-FAIRY-01: each fairy is used once and then leaves the game (back to the box)."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink blue purple green"
        track = "0 1 1 1"
        [spaces]
        "R3-1 space 1" = 0
        "R3-2 space 1" = 0
        [[seat]]
        fairies = "water"
        """
    )
    assert "use water fairy" in g.legal_actions()
    play(g, "use water fairy", "take white", "take green")
    assert seat_view(g, 0)["fairies"] == {}
    assert g.view(None)["fairies_used"] == {"water": 1}
    # At the next marker the fairy cannot be used again.
    assert current(g)["current_space"] == "R3-2 space 1"
    assert "use water fairy" not in g.legal_actions()


def test_unused_fairies_stay_across_rounds_and_count_as_unused() -> None:
    """TR-FAIRY-02: fairies kept without use stay in the play area into the next round and
    count for a fairy-count objective; a used fairy does not."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green pink - - -"
        track = "0 0 1 1 1"
        markaya_display = "M01 M02 M03 M04 M05 M06"
        [spaces]
        "R3-1 space 1" = 0
        [[seat]]
        fairies = "fire wind water"
        markaya = ["M11"]
        """
    )
    assert g.score_breakdown()[0]["Markaya objectives"] == 6
    play(g, "use water fairy", "take white", "take green")
    assert g.score_breakdown()[0]["Markaya objectives"] == 4
    # Deliver nothing; round 2 begins with the two unused fairies still there.
    while current(g)["step"] == DELIVER_STEP:
        g.play("done")
    assert current(g)["round"] == 2
    assert seat_view(g, 0)["fairies"] == {"fire": 1, "wind": 1}
    assert g.score_breakdown()[0]["Markaya objectives"] == 4


# --- Earth fairy (TR-FAIRY-08..11) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("step", "extra", "expected_step"),
    [
        ("place", 'track = "0 1 0 1 0 1"', "place a family marker"),
        (
            "collect",
            'rivers = "white - - - - -"\ntrack = "0 0 1 1 1"\n[spaces]\n"R1-01 space 1" = 0',
            RIVER_STEP,
        ),
        (
            "collect",
            'sea = "white"\ntrack = "0 0 1 1 1"\n[spaces]\n"sea" = 0',
            SEA_STEP,
        ),
        ("deliver", "", DELIVER_STEP),
    ],
)
def test_earth_fairy_can_be_used_in_any_phase(step: str, extra: str, expected_step: str) -> None:
    """TR-FAIRY-08: the earth fairy is offered during exploration, at river and sea collection
    and at delivery, not only in step 5."""
    g = position(
        f"""
        players = 2
        step = "{step}"
        {extra}
        [[seat]]
        alpaca = "green"
        fairies = "earth"
        """
    )
    assert g.to_move == 0
    assert current(g)["step"] == expected_step
    assert "use earth fairy" in g.legal_actions()
    play(g, "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    assert pearls_on(g, 0, "S1") == ["green", None, None]


def test_earth_fairy_used_in_exploration_stays_in_the_exploration_phase() -> None:
    """TR-FAIRY-08: using the earth fairy at a moment of the player's choice does not move the
    game to another phase: during exploration the view still reports exploration, and no
    marker is being collected."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green green"
        fairies = "earth"
        """
    )
    g.play("use earth fairy")
    v = current(g)
    assert v["step"] == EARTH_STEP
    assert v["phase"] == "exploration"
    assert v["current_space"] is None


def test_earth_fairy_moves_at_most_three_pearls() -> None:
    """TR-FAIRY-09: one earth fairy moves up to 3 pearls, then its power ends; "earth: done"
    may stop earlier but only after at least one move."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green green green green green"
        fairies = "earth"
        markaya = ["M06"]
        """
    )
    g.play("use earth fairy")
    assert current(g)["step"] == EARTH_STEP
    assert "earth: done" not in g.legal_actions()
    g.play("earth: move green from alpaca to M06 spot 1")
    assert "earth: done" in g.legal_actions()
    play(
        g,
        "earth: move green from alpaca to M06 spot 2",
        "earth: move green from alpaca to S1 spot 1",
    )
    # Three moves used: back to placing, 2 greens left on the alpaca.
    assert current(g)["step"] == "place a family marker"
    assert seat_view(g, 0)["alpaca"] == {"green": 2}
    assert pearls_on(g, 0, "M06") == ["green", "green", None]
    assert pearls_on(g, 0, "S1") == ["green", None, None]
    assert not [a for a in g.legal_actions() if a.startswith("earth")]


def test_earth_fairy_moves_a_delivered_pearl_only_to_another_markaya() -> None:
    """TR-FAIRY-09: a pearl may come from one of the player's Markaya, but it must go to a
    different Markaya (not another spot of the same tile)."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        fairies = "earth"
        markaya = ["S1: green", "M01"]
        """
    )
    g.play("use earth fairy")
    moves = g.legal_actions()
    assert "earth: move green from S1 spot 1 to M01 spot 1" in moves
    assert not [a for a in moves if a.startswith("earth: move green from S1 spot 1 to S1")]
    g.play("earth: move green from S1 spot 1 to M01 spot 1")
    assert pearls_on(g, 0, "S1") == [None, None, None]
    assert pearls_on(g, 0, "M01") == ["green", None, None]


def test_earth_fairy_follows_the_colour_of_the_spots() -> None:
    """TR-FAIRY-10: a pearl moved by an earth fairy must match its new spot (rainbow takes any);
    a pink pearl cannot go on a green or blue spot."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "pink"
        fairies = "earth"
        markaya = ["M06", "M07"]
        """
    )
    g.play("use earth fairy")
    assert sorted(g.legal_actions()) == [
        "earth: move pink from alpaca to M07 spot 3",
        "earth: move pink from alpaca to S1 spot 3",
    ]


def test_earth_fairy_frees_alpaca_space_at_once() -> None:
    """TR-FAIRY-11: moving a pearl off a full alpaca with an earth fairy delivers it at once,
    so the player can then take a river pearl instead of only exchanging."""
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
        fairies = "earth"
        """
    )
    assert "take white" not in g.legal_actions()
    play(g, "use earth fairy", "earth: move blue from alpaca to S1 spot 2", "earth: done")
    assert current(g)["step"] == RIVER_STEP
    assert g.score_breakdown()[0]["pearls"] == 2  # the blue counts as delivered
    assert "take white" in g.legal_actions()
    g.play("take white")
    assert seat_view(g, 0)["alpaca"] == {"blue": 5, "white": 1}


# --- Light fairy (TR-FAIRY-13..16) --------------------------------------------------------------


def test_light_fairy_lets_one_pearl_ignore_the_spot_colour() -> None:
    """TR-FAIRY-13: with a light fairy, one non-matching pearl may go on a coloured spot; the
    fairy is then used, so a second mismatch is not possible."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "white white"
        fairies = "light"
        markaya = ["M06"]
        """
    )
    actions = g.legal_actions()
    assert "deliver white to S1 spot 1 with light fairy" in actions
    assert "deliver white to M06 spot 1 with light fairy" in actions
    assert "deliver white to S1 spot 3" in actions  # rainbow: no fairy needed
    g.play("deliver white to M06 spot 1 with light fairy")
    assert pearls_on(g, 0, "M06") == ["white", None, None]
    assert seat_view(g, 0)["fairies"] == {}
    assert not [a for a in g.legal_actions() if "light fairy" in a]
    assert [a for a in g.legal_actions() if a.startswith("deliver")] == [
        "deliver white to S1 spot 3"
    ]


def test_light_fairy_spot_reverts_when_its_pearl_is_moved_away() -> None:
    """TR-FAIRY-13: the light fairy turns a spot into a rainbow spot for the pearl placed with
    it only; once an earth fairy moves that pearl away, the spot demands its colour again."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "pink pink"
        fairies = "light earth"
        markaya = ["M06", "M08"]
        """
    )
    g.play("deliver pink to M06 spot 1 with light fairy")
    play(g, "use earth fairy", "earth: move pink from M06 spot 1 to M08 spot 1", "earth: done")
    assert pearls_on(g, 0, "M06") == [None, None, None]
    assert pearls_on(g, 0, "M08") == ["pink", None, None]
    assert not [a for a in g.legal_actions() if "to M06" in a]


def test_light_fairy_only_at_delivery_or_with_an_earth_fairy() -> None:
    """TR-FAIRY-14: a light fairy is not usable on its own outside delivery (here during river
    collection), but it may go with an earth-fairy move at that time."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white pink - - - -"
        track = "0 0 1 1"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 1
        [[seat]]
        alpaca = "white"
        fairies = "light"
        [[seat]]
        alpaca = "white"
        fairies = "light earth"
        """
    )
    assert g.legal_actions() == ["take white", "done"]
    g.play("take white")
    assert g.to_move == 1
    assert "use earth fairy" in g.legal_actions()
    assert not [a for a in g.legal_actions() if "light" in a]
    g.play("use earth fairy")
    assert "earth: move white from alpaca to S2 spot 1 with light fairy" in g.legal_actions()
    g.play("earth: move white from alpaca to S2 spot 1 with light fairy")
    assert pearls_on(g, 1, "S2") == ["white", None, None]
    assert seat_view(g, 1)["fairies"] == {}


def test_light_fairy_pearl_scores_its_own_colour() -> None:
    """TR-FAIRY-15: a white pearl on a green spot (with a light fairy) scores 5, not 1."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "white"
        fairies = "light"
        markaya = ["M06"]
        """
    )
    assert g.score_breakdown()[0]["pearls"] == 0
    g.play("deliver white to M06 spot 1 with light fairy")
    assert g.score_breakdown()[0]["pearls"] == 5


def test_used_light_fairy_no_longer_counts_as_unused() -> None:
    """TR-FAIRY-16: once used, the light fairy does not count for a fairy-count objective,
    even if the player would keep it next to the pearl."""
    g = position(
        """
        players = 2
        step = "deliver"
        [[seat]]
        alpaca = "purple"
        fairies = "light water"
        markaya = ["M11"]
        """
    )
    assert g.score_breakdown()[0]["Markaya objectives"] == 4  # 2 unused fairies x 2
    g.play("deliver purple to M11 spot 1 with light fairy")
    assert seat_view(g, 0)["fairies"] == {"water": 1}
    # Only the water fairy is still unused: 2 points; the purple pearl scores its own 4.
    assert g.score_breakdown()[0]["Markaya objectives"] == 2
    assert g.score_breakdown()[0]["pearls"] == 4


# --- Water fairy (TR-FAIRY-17..19) --------------------------------------------------------------


def test_water_fairy_takes_two_pearls_at_a_river_marker() -> None:
    """TR-FAIRY-17: with a water fairy, a river marker takes 2 pearls instead of 1."""
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
        """
    )
    assert "use water fairy" in g.legal_actions()
    play(g, "take white", "use water fairy", "take pink")
    assert seat_view(g, 0)["alpaca"] == {"white": 1, "pink": 1}
    assert (g.to_move, current(g)["current_space"]) == (1, "R4-A space 1")
    assert sorted(g.legal_actions()) == ["done", "take green"]


def test_water_fairy_pearls_come_from_the_same_marker() -> None:
    """TR-FAIRY-18: both pearls come from those at the marker: at R2-1P (rivers 1-2) the
    pearl of river 3 is never offered."""
    g = position(
        """
        players = 2
        step = "collect"
        rivers = "white green purple - - -"
        track = "0 0 1 1 1"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        fairies = "water"
        """
    )
    g.play("use water fairy")
    assert sorted(g.legal_actions()) == ["done", "take green", "take white"]
    g.play("take white")
    assert sorted(g.legal_actions()) == ["done", "take green"]
    g.play("take green")
    assert seat_view(g, 0)["alpaca"] == {"white": 1, "green": 1}


def test_water_fairy_cannot_be_used_at_the_sea() -> None:
    """TR-FAIRY-19, TR-RULING-23: the water fairy is not offered at the sea."""
    g = position(
        """
        players = 2
        step = "collect"
        sea = "white green pink"
        track = "0 0 1 1 1"
        [spaces]
        "sea" = 0
        [[seat]]
        fairies = "water"
        """
    )
    assert current(g)["step"] == SEA_STEP
    assert "use water fairy" not in g.legal_actions()
    g.play("take white")
    assert "use water fairy" not in g.legal_actions()
    assert seat_view(g, 0)["fairies"] == {"water": 1}


def test_earth_fairy_is_offered_while_paying_and_befriending() -> None:
    """TR-FAIRY-08, TR-RULING-18: "at a time of your choice": the earth fairy is offered while
    the player pays for a placement, chooses a Markaya to befriend and takes its cards, not
    only at placing, collecting and delivering; after it the decision goes on where it was."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        hand = "banner lantern instrument"
        alpaca = "green"
        fairies = "earth"
        """
    )
    g.play("place R1-01 space 1")
    assert current(g)["step"] == "pay the placement cost"
    play(g, "pay banner", "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    assert current(g)["step"] == "pay the placement cost"
    assert current(g)["cost_left"] == 2
    assert pearls_on(g, 0, "S1") == ["green", None, None]

    g = position(
        """
        players = 2
        step = "collect"
        markaya_display = "M19 M03 M04 M05"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        [[seat]]
        alpaca = "green blue"
        fairies = "earth earth"
        """
    )
    assert current(g)["step"] == "befriend a Markaya"
    play(g, "use earth fairy", "earth: move green from alpaca to S1 spot 1", "earth: done")
    assert current(g)["step"] == "befriend a Markaya"
    g.play("befriend M19")
    assert current(g)["step"] == "take supply cards"
    play(g, "use earth fairy", "earth: move blue from alpaca to S1 spot 2", "earth: done")
    assert current(g)["step"] == "take supply cards"
    assert pearls_on(g, 0, "S1") == ["green", "blue", None]


@pytest.mark.parametrize("edition", ["current", "2022"])
def test_earth_fairy_is_offered_at_every_decision_of_its_holder(edition: str) -> None:
    """TR-FAIRY-08, TR22-RULING-11: whenever the seat to decide holds an earth (2022: breeze)
    fairy that has a pearl to move, using it is one of its choices, at every kind of decision
    but the steps of a fairy already being used; random games reach paying, taking cards,
    befriending and the pair steps, so the rule is checked at each."""
    from upriver.games.twelve_rivers import delivery
    from upriver.games.twelve_rivers.components import EARTH
    from upriver.games.twelve_rivers.state import EARTH_STEP, MUSHROOM_STEP, STAGE_NAMES

    options = {} if edition == "current" else {"edition": "2022"}
    seen: set[str] = set()
    for seed in range(40):
        g = new(players=3, seed=seed, **options)
        rng = random.Random(seed)
        while not g.is_over:
            st = g.state
            if (st.stage not in (EARTH_STEP, MUSHROOM_STEP) and st.fairies[st.seat * 5 + EARTH]
                    and delivery._earth_moves(st, None, None)):
                word = st.cfg.comp.fairy_names[EARTH]
                assert f"use {word} fairy" in g.legal_actions(), STAGE_NAMES[st.stage]
                seen.add(STAGE_NAMES[st.stage])
            g.play(rng.choice(g.legal_actions()))
    must = {"place a family marker", "pay the placement cost", "befriend a Markaya"}
    if edition == "current":
        must |= {"take supply cards", "play pairs"}
    assert must <= seen, must - seen
