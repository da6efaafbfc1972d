"""What the table shows every seat in The River, as the views give it (docs/rulings/
the-river.md, "What each seat may know"): the parts of a decision under way that a player at
the table sees, and every pioneer where it stands."""

from __future__ import annotations

from tests.the_river.helpers import no_spot_left, play, position, seat_view

PLAIN_TILES = "T14 T15 T16 T26 T27"  # tiles without meadow effects


def test_every_seat_sees_the_first_tile_chosen_for_a_swap() -> None:
    """RV-SWAP-01: the swap is two choices; while the player picks the second tile, the table
    sees which space was chosen first."""
    g = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[[seat]]
river = ["T01", "T13", "T25"]
""")
    g.play("swap two tiles")
    assert "swap_first" not in g.view(1)
    g.play("swap: space 2")
    for seat in (None, 0, 1):
        assert g.view(seat)["swap_first"] == 2
    g.play("swap space 2 with space 3")
    assert "swap_first" not in g.view(1)


def test_every_seat_sees_the_framed_spaces_covered_this_round() -> None:
    """RV-CLEAN-06: each framed space covered in a round settles a pioneer at cleanup, so the
    table counts them as they are covered; the count starts again each round."""
    g = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[[seat]]
river = ["T37", "T38", "T39"]
""")
    assert g.view(1)["players"][0]["framed_covered_this_round"] == 0
    g.play("claim T14")  # space 4 is framed
    assert g.view(1)["players"][0]["framed_covered_this_round"] == 1
    assert seat_view(g, 0)["framed_covered_this_round"] == 1


def test_every_seat_sees_who_stands_on_the_unlimited_spots() -> None:
    """RV-PLACE-01, RV-RULING-10: any number of pioneers stand on the terrain island and the
    construction site, and a pioneer set aside stands nowhere; the table sees each, by seat."""
    g = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[spots]
"construct" = [1]
[[seat]]
river = ["T37"]
[[seat]]
boat = 3
""")
    v = g.view(None)
    assert v["unlimited_spots"] == {"terrain": [0, 0], "construct": [0, 1]}
    g.play("claim T14")
    v = g.view(1)
    assert v["unlimited_spots"] == {"terrain": [1, 0], "construct": [0, 1]}
    assert [p["set_aside"] for p in v["players"]] == [0, 0]


def test_a_pioneer_set_aside_is_seen_where_it_stands() -> None:
    """RV-RULING-10: a seat that cannot use any spot (2 claims made, 2 cards reserved, nothing
    affordable, no warehouse left, the first player and swap spots taken) sets a pioneer aside;
    the table sees it until cleanup."""
    g = no_spot_left()
    assert g.legal_actions() == ["set a pioneer aside"]
    g.play("set a pioneer aside")
    assert g.view(2)["players"][0]["set_aside"] == 1
    assert g.view(2)["unlimited_spots"] == {"terrain": [2, 0, 0], "construct": [0, 2, 3]}


def test_the_board_draws_the_pioneers_on_the_unlimited_spots_and_the_swap_under_way() -> None:
    """RV-PLACE-01, RV-SWAP-01: the web board draws each seat's pioneers on the terrain island
    and the construction site, and its heading names the space chosen first in a swap, for
    every seat and spectators."""
    from upriver.games.the_river import svg

    g = position(f"""
players = 2
terrain_display = "{PLAIN_TILES}"
[spots]
"construct" = [1, 1]
[[seat]]
river = ["T01", "T13", "T25"]
""")
    drawn = svg.render(g.view(None))
    assert 'data-piece="crowd:construct"' in drawn and 'data-state="0 2"' in drawn
    play(g, "swap two tiles", "swap: space 2")
    assert "space 2 chosen first" in svg.render(g.view(1))
