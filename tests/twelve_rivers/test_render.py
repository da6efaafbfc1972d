"""The terminal texts of 12 Rivers (``twelve_rivers/render.py``) name the decision under way as
the table sees it: the marker supplies move, the cards left to take, an earth fairy's moves,
the picks and pearls given up at a river marker, and each seat's record of fairies and cards."""

from __future__ import annotations

from tests.twelve_rivers.helpers import SUPPLIES_TURN, play, position
from upriver.games.twelve_rivers import render


def test_the_marker_supplies_move_and_the_one_placed_this_turn_are_named() -> None:
    """TR-CARD-20: while a supplies pair moves a marker, the step and the full text say which
    marker moves; the full text names the marker placed this turn too."""
    game = position(SUPPLIES_TURN)
    play(game, "place R5 space 1", "take no card", "play supplies pair",
         "supplies: move marker from R4-A space 1")
    view = game.view(1)
    assert render.step(view) == "supplies: choose a space (moving the marker from R4-A space 1)"
    text = render.text(view)
    assert "supplies: moving the marker from R4-A space 1" in text
    assert "placed this turn: R5 space 1" in text


def test_the_cards_left_to_take_are_counted_and_a_declinable_card_is_marked() -> None:
    """TR-EXPL-18: the final stretch's one card may be declined; the step and the full text
    say so."""
    game = position(SUPPLIES_TURN)
    game.play("place R5 space 1")
    view = game.view(0)
    assert render.step(view) == "take supply cards (1 left, may decline)"
    assert "1 supply card left to take (may decline)" in render.text(view)


def test_an_earth_fairys_pearls_left_to_move_and_the_step_it_interrupts_are_named() -> None:
    """TR-FAIRY-09: an earth fairy moves up to 3 pearls: after one, 2 are left; the full text
    names the decision it interrupted; each seat's fairies taken and used are listed."""
    game = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green blue white"
        fairies = "earth"
        """
    )
    play(game, "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    view = game.view(1)
    assert render.step(view) == "earth fairy: move pearls (2 pearls left to move)"
    text = render.text(view)
    assert "earth fairy: 2 pearls left to move" in text
    assert "the fairy interrupts: place a family marker" in text
    assert "fairies taken: 1 earth | used: 1 earth" in text


def test_picks_and_pearls_given_up_at_a_river_marker_are_listed() -> None:
    """TR-RULING-19, -21: after an exchange and a fishing-net pair, the full text counts the
    picks left, taken and added, and the pearl given up that the marker may not take back."""
    game = position(
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
        hand = "fishing net fishing net"
        """
    )
    play(game, "exchange purple for white", "play fishing net pair")
    view = game.view(1)
    text = render.text(view)
    assert "picks: 1 pick left, 1 taken, 1 added by pairs and fairies" in text
    assert "given up here (not to be taken back): 1 purple" in text
    assert render.step(view).endswith("at R2-1P space 1 (1 pick left)")


def test_the_starting_order_and_what_is_out_of_the_game_are_listed() -> None:
    """The full text ends with the starting order, the tiles out of the game and the
    fairies left in the box unseen."""
    game = position('players = 3\norder = "2 0 1"\n')
    view = game.view(0)
    text = render.text(view)
    assert "Starting order: seat 2, seat 0, seat 1" in text
    assert "Markaya out of the game: S4" in text
    assert f"| {view['fairies_in_box']} in the box unseen" in text
