"""What the table shows every seat in 12 Rivers, as the views give it (docs/rulings/
twelve-rivers.md, "What each seat may know"): the parts of a decision under way that a player
at the table sees, and the public record of what each seat did."""

from __future__ import annotations

from tests.game_helpers import current
from tests.twelve_rivers.helpers import SUPPLIES_TURN, play, position, seat_view


def test_every_seat_sees_which_marker_a_supplies_pair_is_moving() -> None:
    """TR-CARD-20: once the player picks the marker to move, the table sees which one it is
    while the player chooses where it goes, and which marker was placed this turn (the one
    supplies may not move)."""
    g = position(SUPPLIES_TURN)
    play(g, "place R5 space 1", "take no card")
    assert current(g)["placed"] == "R5 space 1"
    play(g, "play supplies pair", "supplies: move marker from R4-A space 1")
    for seat in (None, 0, 1):
        v = g.view(seat)
        assert v["step"] == "supplies: choose a space"
        assert v["moving_from"] == "R4-A space 1"
        assert v["placed"] == "R5 space 1"
    play(g, "supplies: move it to R1-03 space 1")
    assert "moving_from" not in g.view(1)


def test_every_seat_sees_how_many_cards_are_still_to_take() -> None:
    """TR-VILL-05, TR-EXPL-18: befriending M19 gives 2 cards, taken one at a time; the table
    sees how many are left and whether the player may decline (the final stretch's card may
    be declined, a Markaya's may not)."""
    g = position(
        """
        players = 2
        step = "collect"
        markaya_display = "M19 M03 M04 M05"
        track = "0 0 1 1 1"
        [spaces]
        "village 4" = 0
        """
    )
    g.play("befriend M19")
    for seat in (None, 1):
        v = g.view(seat)
        assert (v["step"], v["cards_left"], v["cards_optional"]) == ("take supply cards", 2,
                                                                    False)
    g.play("draw from pile")
    assert g.view(1)["cards_left"] == 1
    final = position(SUPPLIES_TURN)
    final.play("place R5 space 1")
    assert (final.view(1)["cards_left"], final.view(1)["cards_optional"]) == (1, True)


def test_every_seat_sees_how_many_pearls_an_earth_fairy_may_still_move() -> None:
    """TR-FAIRY-09: an earth fairy moves up to 3 pearls; while it is used the table sees how
    many it may still move, how many it moved (after one, "done" may end it) and the decision
    it interrupted."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green blue white"
        fairies = "earth"
        """
    )
    g.play("use earth fairy")
    v = g.view(1)
    assert (v["earth_moves_left"], v["earth_moved"], v["fairy_during"]) == (
        3, 0, "place a family marker")
    g.play("earth: move green from alpaca to S1 spot 1")
    v = g.view(None)
    assert (v["earth_moves_left"], v["earth_moved"]) == (2, 1)
    g.play("earth: done")
    assert "earth_moves_left" not in g.view(None)


def test_every_seat_sees_the_fairies_each_seat_used_and_took_and_the_starting_order() -> None:
    """TR-FAIRY-01, TR-SETUP-08, TR-SETUP-09: fairies are taken and used in sight, so the
    table knows each seat's record of them; the starting Markaya, which set the seat order, are
    dealt face up."""
    g = position(
        """
        players = 2
        step = "place"
        track = "0 1 0 1 0 1"
        [[seat]]
        alpaca = "green"
        fairies = "earth"
        """
    )
    play(g, "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    assert seat_view(g, 0)["fairies_used"] == {"earth": 1}
    assert g.view(1)["players"][0]["fairies_used"] == {"earth": 1}
    assert g.view(1)["starting_order"] == [0, 1]


def test_the_board_heading_names_the_marker_supplies_move_and_marks_it() -> None:
    """TR-CARD-20: the web board's heading names the marker being moved, and marks its space
    as the one in play, for the other seats too."""
    from upriver.games.twelve_rivers import svg

    g = position(SUPPLIES_TURN)
    play(g, "place R5 space 1", "take no card", "play supplies pair",
         "supplies: move marker from R4-A space 1")
    drawn = svg.render(g.view(1))
    assert "moving the marker from R4-A space 1" in drawn
    assert 'data-piece="space:R4-A space 1"' in drawn
    space = drawn.split('data-piece="space:R4-A space 1"')[1].split("</g>")[0]
    assert 'class="space current"' in space
