"""Edge cases found in review: a display left short, impossible positions, bad components."""

from __future__ import annotations

from pathlib import Path

import pytest

import upriver
from tests.twelve_rivers.helpers import new, play, position
from upriver.games.twelve_rivers.components import DATA


def test_a_display_left_short_fills_again_once_cards_are_discarded() -> None:
    """TR-CARD-03, TR-CARD-07, TR-RULING-13: with every pile empty the display shrinks, and
    as soon as cards reach the discard pile it is refilled from them."""
    hands = ("banner " * 9 + "lantern " * 9 + "fishing net " * 10,
             "supplies " * 9 + "instrument " * 10)
    g = position(f"""
        players = 2
        card_display = "banner lantern supplies"
        track = "0 1 0 1 0 1"
        [[seat]]
        hand = "{hands[0].strip()}"
        [[seat]]
        hand = "{hands[1].strip()}"
    """)
    play(g, "place R5 space 1", "take banner from display", "end turn")
    assert len(g.view(0)["card_display"]) == 2 and g.view(0)["draw_pile"] == 0
    play(g, "place R1-01 space 1", "pay supplies", "pay supplies", "pay supplies")
    assert len(g.view(0)["card_display"]) == 3


@pytest.mark.parametrize(("text", "message"), [
    ('players = 2\n[spaces]\n"R1-12 space 1" = 0', "not in play"),
    ('players = 2\n[[seat]]\nalpaca = "green green green green green green green"',
     "at most 6"),
    ('players = 2\ncard_display = "banner lantern supplies banner"', "at most 3"),
    ('players = 4\nround = 4\nsea = "' + "green " * 17 + "blue " * 15 + "pink " * 13
     + "purple " * 11 + '"', "too few pearls"),
    ('players = 2\nstep = "deliver"\n[spaces]\n"sea" = 0', "after every marker"),
    ('players = 3\norder = "0 1 1"', "order must list each seat 0..2 once"),
    ('players = 2\n[[seat]]\nfairies = "light light light light light"\n'
     'markaya = ["S1: white"]', "1 pearls lie off their colour but only 0 light fairies"),
    ('players = 2\norder = "0 1 2"', "order must list each seat 0..1 once"),
])
def test_impossible_positions_are_refused(text: str, message: str) -> None:
    """TR-RULING-05, TR-COLL-20, TR-DELIV-05, TR-FAIRY-13: a position cannot put a marker out
    of play, overload an alpaca or the display, leave the bag short for the rounds to come,
    deliver while markers are still out, or put more pearls off their spot's colour than the
    light fairies that could have done it."""
    with pytest.raises(upriver.BadPosition, match=message):
        position(text)


def test_a_position_names_the_turn_order_and_who_holds_which_starting_markaya() -> None:
    """TR-SETUP-08, TR-SETUP-09: ``order`` lists the seats in turn order; seat order[k] holds
    starting Markaya k+1 and the track is laid out in that order."""
    g = position('players = 3\norder = "2 0 1"')
    view = g.view(None)
    assert [p["markaya"][0]["id"] for p in view["players"]] == ["S2", "S3", "S1"]
    assert view["track"][:9] == [2, 0, 1] * 3 and g.to_move == 2
    assert g.rules.start_order(g.state) == [2, 0, 1]


def test_a_track_too_short_for_four_players_is_refused(tmp_path: Path) -> None:
    """TR-COMP-14: the turn-order track must hold all 12 markers."""
    text = (DATA / "components.toml").read_text().replace("track_spaces = 12",
                                                          "track_spaces = 8")
    path = tmp_path / "components.toml"
    path.write_text(text)
    with pytest.raises(upriver.BadOption, match="turn-order track"):
        new(4, components=str(path))
