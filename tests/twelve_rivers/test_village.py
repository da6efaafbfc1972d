"""Rule tests for befriending Markaya and the instrument pair in 12 Rivers (current rules,
rulebook 000, "4. Befriend Markaya" and "Instrument"): checklist TR-VILL-01..11 and the
instrument-chaining ruling TR-RULING-24.

The Markaya used are the placeholder tiles of data/markaya.toml (TR-RULING-08): M01..M18 show
1 supply card, M19..M26 show 2.
"""

from __future__ import annotations

from tests.game_helpers import current
from tests.twelve_rivers.helpers import play, position, seat_view
from upriver.core.game import Game

RIVER_STEP = "collect pearls from the river"
SEA_STEP = "collect pearls from the sea"
VILLAGE_STEP = "befriend a Markaya"
CARDS_STEP = "take supply cards"
INSTRUMENT_STEP = "instrument pair"
DELIVER_STEP = "deliver to Markaya"

DISPLAY = "M01 M02 M03 M04 M05 M19"
TEN_INSTRUMENTS = " ".join(["instrument"] * 10)


def tiles(game: Game, seat: int) -> list[str]:
    return [m["id"] for m in seat_view(game, seat)["markaya"]]


def hand_size(game: Game, seat: int) -> int:
    size: int = seat_view(game, seat)["hand_size"]
    return size


def test_befriending_waits_until_river_and_sea_markers_are_gone() -> None:
    """TR-VILL-01: even the leftmost village marker acts only after every river marker and the
    sea marker have been removed."""
    g = position(
        f"""
        players = 2
        step = "collect"
        rivers = "white green - - - -"
        sea = "pink"
        markaya_display = "{DISPLAY}"
        track = "0 1"
        [spaces]
        "village 1" = 0
        "R1-01 space 1" = 1
        "R5 space 1" = 0
        "sea" = 1
        """
    )
    assert current(g)["step"] == RIVER_STEP
    play(g, "take white", "take green")
    assert current(g)["step"] == SEA_STEP
    g.play("take pink")
    v = current(g)
    assert (v["step"], v["current_space"], v["to_move"]) == (VILLAGE_STEP, "village 1", 0)
    assert v["spaces"] == {"village 1": 0}  # only the village marker is left on the board


def test_village_markers_resolve_from_left_to_right() -> None:
    """TR-VILL-02: village markers act one at a time from the leftmost occupied space."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        track = "0 1 1"
        [spaces]
        "village 5" = 0
        "village 2" = 1
        "village 3" = 0
        """
    )
    order = []
    while current(g)["step"] == VILLAGE_STEP:
        v = current(g)
        order.append((v["to_move"], v["current_space"]))
        g.play("befriend no one")
    assert order == [(1, "village 2"), (0, "village 3"), (0, "village 5")]


def test_village_marker_befriends_one_displayed_markaya() -> None:
    """TR-VILL-03: the owner may pick any one of the displayed Markaya; it joins their play
    area and leaves the display."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        """
    )
    actions = g.legal_actions()
    assert sorted(a for a in actions if a != "befriend no one") == [
        f"befriend {t}" for t in DISPLAY.split()
    ]
    g.play("befriend M03")
    assert tiles(g, 0) == ["S1", "M03"]
    assert "M03" not in g.view(None)["markaya_display"]
    assert tiles(g, 1) == ["S2"]


def test_befriending_is_optional() -> None:
    """TR-VILL-04: a village marker may befriend no one; the display stays as it was, no card
    is taken and the marker still goes back to the track."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        track = "0 0 1 1"
        [spaces]
        "village 4" = 0
        "village 5" = 1
        """
    )
    assert "befriend no one" in g.legal_actions()
    g.play("befriend no one")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (1, "village 5")
    assert tiles(g, 0) == ["S1"]
    assert v["markaya_display"] == DISPLAY.split()
    assert hand_size(g, 0) == 0
    assert v["track"][11] == 0


def test_befriending_gives_the_tiles_card_count_one_card_at_a_time() -> None:
    """TR-VILL-05: befriending M19 (2 cards) gives 2 supply cards, each chosen from the display
    or the draw pile; the display is refilled in between."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        [[seat]]
        hand = "instrument"
        """
    )
    g.play("befriend M19")
    assert current(g)["step"] == CARDS_STEP
    assert sorted(g.legal_actions()) == [
        "draw from pile",
        "take banner from display",
        "take lantern from display",
        "take supplies from display",
    ]
    g.play("take lantern from display")
    assert len(g.view(None)["card_display"]) == 3  # refilled before the second card
    assert current(g)["step"] == CARDS_STEP and g.to_move == 0
    g.play("draw from pile")
    me = g.view(0)["players"][0]
    assert me["hand_size"] == 3
    assert me["hand"]["lantern"] >= 1 and me["hand"]["instrument"] >= 1


def test_one_card_markaya_gives_exactly_one_card() -> None:
    """TR-VILL-05: befriending M01 (1 card) gives exactly 1 supply card."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 0 1 1"
        [spaces]
        "village 4" = 0
        "village 5" = 1
        """
    )
    play(g, "befriend M01", "take banner from display")
    # No second card: the next village marker acts.
    assert (g.to_move, current(g)["current_space"]) == (1, "village 5")
    assert hand_size(g, 0) == 1


def test_village_marker_goes_to_the_rearmost_free_track_space() -> None:
    """TR-VILL-06: after befriending, the marker leaves the village for the rearmost free track
    space."""
    g = position(
        f"""
        players = 2
        step = "collect"
        rivers = "white - - - - -"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 1"
        [spaces]
        "R1-01 space 1" = 1
        "village 3" = 0
        "village 6" = 1
        "sea" = 0
        """
    )
    g.play("take white")  # R1-01 back on space 12; the sea is empty, so space 11
    v = current(g)
    assert v["current_space"] == "village 3"
    assert v["track"][10:] == [0, 1]
    play(g, "befriend M01", "take banner from display")
    v = current(g)
    assert v["current_space"] == "village 6"
    assert "village 3" not in v["spaces"]
    assert v["track"][9:] == [0, 0, 1]


def test_taking_a_markaya_does_not_refill_the_display() -> None:
    """TR-VILL-07: no tile comes from the deck after a befriending, so a marker further right
    chooses from fewer Markaya."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 0 1 1"
        [spaces]
        "village 3" = 0
        "village 4" = 1
        """
    )
    deck = g.view(None)["markaya_deck"]
    play(g, "befriend M19", "take banner from display", "take lantern from display")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (1, "village 4")
    assert v["markaya_display"] == ["M01", "M02", "M03", "M04", "M05"]
    assert v["markaya_deck"] == deck
    assert len([a for a in g.legal_actions() if a != "befriend no one"]) == 5


def test_instrument_pair_moves_the_marker_to_the_next_free_village_space() -> None:
    """TR-VILL-08: right after befriending, an instrument pair moves the marker to the nearest
    free village space to its right (skipping occupied ones); it does not go to the track."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 1"
        [spaces]
        "village 1" = 0
        "village 2" = 1
        "village 3" = 1
        "village 5" = 0
        [[seat]]
        hand = "instrument instrument"
        """
    )
    play(g, "befriend M01", "take banner from display")
    v = current(g)
    assert v["step"] == INSTRUMENT_STEP and v["to_move"] == 0
    assert sorted(g.legal_actions()) == ["done", "play instrument pair"]
    g.play("play instrument pair")
    v = current(g)
    assert v["spaces"] == {"village 2": 1, "village 3": 1, "village 4": 0, "village 5": 0}
    assert v["track"].count(0) == 1  # only the marker that waited on the track
    assert v["discard"] == {"instrument": 2}
    assert (v["to_move"], v["current_space"]) == (1, "village 2")


def test_instrument_pair_needs_a_free_village_space_to_the_right() -> None:
    """TR-VILL-09: with every village space to the right taken (or at the rightmost space), the
    instrument pair cannot be played after befriending."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        [spaces]
        "village 1" = 1
        "village 2" = 1
        "village 3" = 0
        "village 4" = 0
        "village 5" = 1
        "village 6" = 0
        [[seat]]
        hand = "instrument instrument instrument instrument"
        """
    )
    play(g, "befriend no one", "befriend no one")
    # Seat 0 at village 3: spaces 4, 5 and 6 are all occupied.
    assert current(g)["current_space"] == "village 3"
    play(g, "befriend M01", "draw from pile")
    v = current(g)
    assert v["step"] == VILLAGE_STEP and v["current_space"] == "village 4"
    play(g, "befriend M02", "draw from pile")
    assert current(g)["current_space"] == "village 5"
    play(g, "befriend no one")
    # Village 6 is the rightmost space: nothing lies to its right.
    assert current(g)["current_space"] == "village 6"
    play(g, "befriend M03", "draw from pile")
    assert "village 6" not in g.view(None)["spaces"]
    assert g.view(None)["discard"] == {}
    assert hand_size(g, 0) == 7


def test_instrument_pair_needs_a_befriending_first() -> None:
    """TR-VILL-09: a marker that befriends no one cannot play an instrument pair."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        track = "0 0 1 1"
        [spaces]
        "village 1" = 0
        "village 6" = 1
        [[seat]]
        hand = "instrument instrument"
        """
    )
    g.play("befriend no one")
    v = current(g)
    assert (v["to_move"], v["current_space"]) == (1, "village 6")
    assert "village 2" not in v["spaces"]
    assert v["players"][0]["hand_size"] == 2


def test_moved_marker_befriends_again_when_the_sweep_reaches_it() -> None:
    """TR-VILL-10, TR-RULING-24: a marker moved by an instrument is resolved again at its new
    space, befriends one more Markaya with its own cards, and may chain another pair."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 0 1 1"
        [spaces]
        "village 1" = 0
        "village 2" = 1
        [[seat]]
        hand = "instrument instrument instrument instrument"
        """
    )
    play(g, "befriend M01", "take banner from display", "play instrument pair")
    assert g.view(None)["spaces"] == {"village 2": 1, "village 3": 0}
    # The sweep goes on left to right: seat 1 at village 2 first, then seat 0 again.
    assert (g.to_move, current(g)["current_space"]) == (1, "village 2")
    g.play("befriend M02")
    g.play("take lantern from display")
    assert (g.to_move, current(g)["current_space"]) == (0, "village 3")
    g.play("befriend M19")  # 2 cards
    play(g, "draw from pile", "draw from pile")
    assert current(g)["step"] == INSTRUMENT_STEP
    g.play("play instrument pair")  # chained: on to village 4
    assert (g.to_move, current(g)["current_space"]) == (0, "village 4")
    g.play("befriend M03")
    g.play("draw from pile")
    assert tiles(g, 0) == ["S1", "M01", "M19", "M03"]
    assert tiles(g, 1) == ["S2", "M02"]
    # Cards: 4 instruments - 4 played + 1 + 2 + 1 gained.
    assert hand_size(g, 0) == 4


def test_at_most_six_markaya_are_befriended_in_a_round() -> None:
    """TR-VILL-11: one marker chaining instrument pairs across all 6 village spaces befriends
    6 Markaya; then the display is empty and nothing more can be befriended."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        track = "0 0 1 1 1"
        [spaces]
        "village 1" = 0
        [[seat]]
        hand = "{TEN_INSTRUMENTS}"
        """
    )
    befriended = 0
    while current(g)["round"] == 1 and current(g)["step"] != DELIVER_STEP:
        v = current(g)
        if v["step"] == VILLAGE_STEP:
            g.play(next(a for a in g.legal_actions() if a != "befriend no one"))
            befriended += 1
        elif v["step"] == CARDS_STEP:
            g.play("draw from pile")
        elif v["step"] == INSTRUMENT_STEP:
            g.play("play instrument pair")
        else:
            raise AssertionError(v["step"])
        if befriended == 6 and current(g)["round"] == 1:
            # Village 6 reached: no space to the right, so no further instrument pair.
            assert current(g)["step"] != INSTRUMENT_STEP
    assert befriended == 6
    assert len(tiles(g, 0)) == 7


def test_cards_for_a_befriended_markaya_are_taken_in_the_collection_phase() -> None:
    """TR-VILL-05, TR-COLL-01: the cards a Markaya gives are taken during step 4 of the
    collection phase, so the view must not report the exploration phase meanwhile."""
    g = position(
        f"""
        players = 2
        step = "collect"
        markaya_display = "{DISPLAY}"
        card_display = "banner lantern supplies"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        """
    )
    assert current(g)["phase"] == "collection"
    g.play("befriend M01")
    v = current(g)
    assert v["step"] == CARDS_STEP
    assert v["phase"] == "collection"
