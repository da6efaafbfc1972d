"""Rulebook 000's worked examples, reproduced from positions (checklist section TR-EX).

* The collection-order example (TR-EX-01..09): Uta, Annemarie, Raed and Ricardo collect in a
  4-player game with all 12 rivers active, on the default board (model T1).
* The sea example (TR-EX-10, TR-EX-11): Annemarie at the sea with 2 free alpaca spaces.
* Ricardo's scoring example (TR-EX-12..21), built from the placeholder tiles in
  data/markaya.toml that were designed for it (the real tile contents are unknown, TR-RULING-08).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

import upriver
from tests.twelve_rivers.helpers import play, position, seat_view

# --------------------------------------------------------------------------------------------
# Collection-order example (TR-EX-01..09)
# --------------------------------------------------------------------------------------------

UTA, ANNEMARIE, RAED, RICARDO = 0, 1, 2, 3
NAMES = {UTA: "Uta", ANNEMARIE: "Annemarie", RAED: "Raed", RICARDO: "Ricardo"}

# One pearl per river, rivers 1..12. River 6 carries the white pearl Uta takes in row 1.
RIVERS = "green blue pink purple green white green blue pink green blue purple"

# TR-EX-08: the placements on the default board. All 12 markers are on the board (the track is
# empty, as at the end of an exploration phase): each player's third marker is at the sea
# (Annemarie) or in the village (Uta, Raed, Ricardo). The Markaya display is empty, so the
# village markers take nothing and need no decision.
COLLECTION_EXAMPLE = f"""
players = 4
step = "collect"
rivers = "{RIVERS}"
markaya_display = ""

[spaces]
"R1-06 space 1" = {UTA}
"R5 space 1" = {UTA}
"village 1" = {UTA}
"R2-2P space 1" = {ANNEMARIE}
"R4-A space 1" = {ANNEMARIE}
"sea" = {ANNEMARIE}
"R3-1 space 1" = {RAED}
"R4-A space 2" = {RAED}
"village 2" = {RAED}
"R4-B space 1" = {RICARDO}
"R5 space 2" = {RICARDO}
"village 3" = {RICARDO}
"""

# The pearl each river marker takes, in the order the rulebook resolves them.
CHOICES = ("white", "purple", "pink", "blue", "green", "purple", "pink", "blue")


@dataclass(frozen=True)
class Decision:
    """One river decision: who, where, and the pearls available there (as the view shows)."""

    seat: int
    space: str
    available: dict[str, int]
    pools: dict[str, dict[str, int]]
    track: list[int | None]

    @property
    def stretch(self) -> str:
        return self.space.split(" space ")[0]

    @property
    def count(self) -> int:
        return sum(self.available.values())


@dataclass(frozen=True)
class CollectionRun:
    decisions: tuple[Decision, ...]
    sea_view: dict[str, Any]  # the view when the sea marker decides
    track_after_rivers: list[int | None]
    track_after_collection: list[int | None]
    next_round_view: dict[str, Any]


@cache
def collection_example() -> CollectionRun:
    """Play the example through: each river marker takes one pearl (CHOICES), the sea marker
    takes nothing, nobody delivers; stop at the first decision of round 2."""
    g = position(COLLECTION_EXAMPLE)
    decisions: list[Decision] = []
    for colour in CHOICES:
        seat = g.to_move
        assert seat is not None
        v = g.view(seat)
        assert v["step"] == "collect pearls from the river", v["step"]
        stretch = v["current_space"].split(" space ")[0]
        decisions.append(
            Decision(seat, v["current_space"], dict(v["pools"].get(stretch, {})),
                     {k: dict(p) for k, p in v["pools"].items()}, list(v["track"]))
        )
        g.play(f"take {colour}")
    sea_view = g.view(g.to_move)
    assert sea_view["step"] == "collect pearls from the sea", sea_view["step"]
    track_after_rivers = list(sea_view["track"])
    g.play("done")
    after = g.view(None)
    assert after["step"] == "deliver to Markaya", after["step"]
    track_after_collection = list(after["track"])
    while g.view(None)["phase"] == "collection":
        g.play("done")  # nobody delivers
    return CollectionRun(tuple(decisions), sea_view, track_after_rivers,
                         track_after_collection, g.view(g.to_move))


def test_collection_example_resolution_order() -> None:
    """TR-EX-01: Uta (row 1); Annemarie (row 2); Raed (row 3); Annemarie then Raed (row 4,
    stretch A); Ricardo (row 4, stretch B); Uta then Ricardo (row 5); then the sea."""
    run = collection_example()
    order = [(NAMES[d.seat], d.space) for d in run.decisions]
    assert order == [
        ("Uta", "R1-06 space 1"),
        ("Annemarie", "R2-2P space 1"),
        ("Raed", "R3-1 space 1"),
        ("Annemarie", "R4-A space 1"),
        ("Raed", "R4-A space 2"),
        ("Ricardo", "R4-B space 1"),
        ("Uta", "R5 space 1"),
        ("Ricardo", "R5 space 2"),
    ]
    assert run.sea_view["to_move"] == ANNEMARIE
    assert run.sea_view["current_space"] == "sea"


def test_collection_example_uta_takes_the_single_white_pearl_in_row_1() -> None:
    """TR-EX-02: Uta's row-1 stretch holds exactly one pearl, a white one, and she takes it."""
    run = collection_example()
    first = run.decisions[0]
    assert (first.seat, first.stretch) == (UTA, "R1-06")
    assert first.available == {"white": 1}
    # She took it: it is on her alpaca, and no white pearl is anywhere further down.
    later = run.decisions[1]
    assert "R1-06" not in later.pools
    assert all("white" not in pool for pool in later.pools.values())
    assert run.next_round_view["players"][UTA]["alpaca"].get("white") == 1


def test_collection_example_annemarie_chooses_from_two_in_row_2() -> None:
    """TR-EX-03: Annemarie chooses from 2 pearls in row 2 (rivers 4 and 5 feed R2-2P); the
    pearl she leaves rolls on (through the empty R3-2 towards R4-A)."""
    run = collection_example()
    d = run.decisions[1]
    assert (d.seat, d.stretch) == (ANNEMARIE, "R2-2P")
    assert d.available == {"purple": 1, "green": 1}
    # She took the purple; the green she left rolled through the empty R3-2 and waits in R4-A,
    # where her other marker stops it.
    raed = run.decisions[2]
    assert "R2-2P" not in raed.pools
    assert "R3-2" not in raed.pools
    assert raed.pools["R4-A"] == {"green": 1}


def test_collection_example_raed_chooses_from_three_in_row_3() -> None:
    """TR-EX-04: Raed chooses from 3 pearls in row 3 (rivers 1-3 feed R3-1), and the 2 pearls he
    leaves roll on."""
    run = collection_example()
    d = run.decisions[2]
    assert (d.seat, d.stretch) == (RAED, "R3-1")
    assert d.available == {"green": 1, "blue": 1, "pink": 1}
    # He took the pink; his green and blue plus Annemarie's green are what reach stretch A.
    annemarie_a = run.decisions[3]
    assert annemarie_a.available == {"green": 2, "blue": 1}


def test_collection_example_stretch_a_upper_then_lower_then_stretch_b() -> None:
    """TR-EX-05: at stretch A Annemarie (upper space) chooses before Raed (lower space), and both
    choose before Ricardo at stretch B, to the right of A. Raed chooses only from what
    Annemarie left."""
    run = collection_example()
    a_upper, a_lower, b = run.decisions[3:6]
    assert (a_upper.seat, a_upper.space) == (ANNEMARIE, "R4-A space 1")
    assert (a_lower.seat, a_lower.space) == (RAED, "R4-A space 2")
    assert (b.seat, b.space) == (RICARDO, "R4-B space 1")
    # Annemarie took the blue; Raed sees the rest, and Annemarie's marker is already back on
    # the track when Raed decides.
    assert a_lower.available == {"green": 2}
    assert a_lower.track.count(ANNEMARIE) == 2  # her R2-2P and R4-A markers are both back


def test_collection_example_row_5_uta_then_ricardo_from_everything_that_arrived() -> None:
    """TR-EX-06: in row 5 Uta (upper space) chooses before Ricardo; they choose from every pearl
    that reached row 5: the 1 left at A plus the 5 left at B."""
    run = collection_example()
    uta, ricardo = run.decisions[6:8]
    assert (uta.seat, uta.space) == (UTA, "R5 space 1")
    assert (ricardo.seat, ricardo.space) == (RICARDO, "R5 space 2")
    # A left 1 green (Raed took a green from 2); B left the 5 Ricardo did not take (he took
    # the purple from green 2, blue 2, pink, purple).
    assert uta.available == {"green": 3, "blue": 2, "pink": 1}
    # Uta took the pink, Ricardo chooses from the other 5.
    assert ricardo.available == {"green": 3, "blue": 2}


def test_collection_example_the_rest_reaches_the_sea() -> None:
    """TR-EX-07: every pearl left after Ricardo's row-5 choice reaches the sea: 12 pearls, 8
    markers taking 1 each, so 4 pearls reach the sea, and none is left in the rivers."""
    run = collection_example()
    # Ricardo took a blue from green 3 + blue 2.
    assert run.sea_view["sea"] == {"green": 3, "blue": 1}
    assert sum(run.sea_view["sea"].values()) == 12 - 8
    assert run.sea_view["pools"] == {}
    # Annemarie takes nothing at the sea, so the 4 pearls stay there (TR-SEA-05).
    assert run.next_round_view["sea"] == {"green": 3, "blue": 1}


def test_collection_example_choice_counts_match_the_reference_simulation() -> None:
    """TR-EX-08: with the default-board placements, the choices are among 1, 2, 3, 3, 2, 6, 6
    and 5 pearls in resolution order; R4-A receives 3 pearls, R4-B 6, R5 6, the sea 4."""
    run = collection_example()
    assert [d.count for d in run.decisions] == [1, 2, 3, 3, 2, 6, 6, 5]
    received: dict[str, int] = {}
    for d in run.decisions:
        received.setdefault(d.stretch, d.count)  # the first marker in a stretch sees it all
    assert received["R4-A"] == 3
    assert received["R4-B"] == 6
    assert received["R5"] == 6
    assert sum(run.sea_view["sea"].values()) == 4


def test_collection_example_markers_return_to_track_spaces_12_down_to_5() -> None:
    """TR-EX-09: the 8 river markers return to spaces 12 down to 5 in resolution order (Uta's
    row-1 marker on space 12, Ricardo's row-5 marker on space 5); the sea and village markers
    come back after them, in front; next round the 8 act in the order Ricardo (R5), Uta (R5),
    Ricardo (B), Raed (A), Annemarie (A), Raed (row 3), Annemarie (row 2), Uta (row 1)."""
    run = collection_example()
    # Rear of the track, spaces 5..12, once every river marker is back.
    river_order = [d.seat for d in run.decisions]
    assert run.track_after_rivers[4:] == list(reversed(river_order))
    assert run.track_after_rivers[:4] == [None] * 4
    assert run.track_after_rivers[11] == UTA  # row 1, first returned
    assert run.track_after_rivers[4] == RICARDO  # row 5, last river marker returned
    # The sea marker (Annemarie) takes space 4; village 1, 2, 3 (Uta, Raed, Ricardo) take 3, 2, 1.
    expected = [RICARDO, RAED, UTA, ANNEMARIE,
                RICARDO, UTA, RICARDO, RAED, ANNEMARIE, RAED, ANNEMARIE, UTA]
    assert run.track_after_collection == expected
    # Round 2 starts from that track: the village and sea markers first, then the 8 in the
    # order the rulebook derives.
    nxt = run.next_round_view
    assert nxt["round"] == 2
    assert nxt["phase"] == "exploration"
    assert nxt["track"] == expected
    assert nxt["to_move"] == RICARDO
    assert [NAMES[s] for s in expected[4:] if s is not None] == [
        "Ricardo", "Uta", "Ricardo", "Raed", "Annemarie", "Raed", "Annemarie", "Uta"]


# --------------------------------------------------------------------------------------------
# Sea example (TR-EX-10, TR-EX-11)
# --------------------------------------------------------------------------------------------

# Annemarie (seat 0) is at the sea with 4 pearls on her alpaca; the sea holds 1 blue and 2 green.
# Her other markers and the opponent's are in the village with no Markaya on display, so the sea
# is the only decision of the collection phase.
SEA_EXAMPLE = """
players = 2
step = "collect"
sea = "blue green green"
markaya_display = ""

[spaces]
"sea" = 0
"village 1" = 0
"village 2" = 0
"village 3" = 1
"village 4" = 1
"village 5" = 1

[[seat]]
alpaca = "pink pink purple white"
"""


def test_sea_example_cannot_take_more_pearls_than_free_alpaca_spaces() -> None:
    """TR-EX-10: the sea holds 3 pearls (1 blue, 2 green) and Annemarie's alpaca has only 2 free
    spaces, so taking all 3 is not a legal take: after two, a third take is refused."""
    g = position(SEA_EXAMPLE)
    v = g.view(0)
    assert v["current_space"] == "sea"
    assert v["sea"] == {"blue": 1, "green": 2}
    assert {"take blue", "take green"} <= set(v["legal_actions"])
    play(g, "take blue", "take green")
    legal = g.legal_actions()
    assert g.to_move == 0
    assert not any(a.startswith("take ") for a in legal)
    before = g.view(0)
    with pytest.raises(upriver.IllegalAction):
        g.play("take green")
    assert g.view(0) == before
    assert sum(seat_view(g, 0)["alpaca"].values()) == 6


def test_sea_example_takes_blue_and_green_and_leaves_one_green() -> None:
    """TR-EX-11: she takes the blue and one green pearl; her alpaca is then full (6 pearls),
    exactly 1 green pearl stays in the sea for later rounds, and her marker is back on the
    track (the rearmost space, being the first marker returned)."""
    g = position(SEA_EXAMPLE)
    play(g, "take blue", "take green", "done")
    v = g.view(None)
    assert v["step"] == "deliver to Markaya"  # the collection phase went on past the sea
    assert v["players"][0]["alpaca"] == {"blue": 1, "green": 1, "pink": 2, "purple": 1,
                                         "white": 1}
    assert v["sea"] == {"green": 1}
    assert "sea" not in v["spaces"]
    assert v["track"][11] == 0
    # The green stays into the next round (nobody delivers).
    while g.view(None)["round"] == 1:
        g.play("done")
    assert g.view(None)["sea"] == {"green": 1}


# --------------------------------------------------------------------------------------------
# Ricardo's scoring example (TR-EX-12..21)
# --------------------------------------------------------------------------------------------

# Ricardo is seat 0 (starting Markaya S1). His five Markaya, from the placeholder tiles:
#   S1  (full tiles;          spots green, blue, rainbow)        full: green, blue, white
#   M05 (colour count white;  spots white, blue, purple)         full
#   M22 (four alike;          spots blue x4, rainbow)            full: 4 blue + 1 pink
#   M11 (fairy count;         spots blue, green, pink)           blue and green only
#   M13 (fairy majority;      spots blue, white, rainbow)        one blue
# plus 2 unused fairies and 1 alpaca card. The opponent (seat 1) has fewer than 2 fairies unless
# a test says otherwise.
RICARDO_MARKAYA = [
    "S1: green blue white",
    "M05: white blue purple",
    "M22: blue blue blue blue pink",
    "M11: blue green -",
    "M13: blue - -",
]


def ricardo(opponent_fairies: str = "earth", options: str = "") -> upriver.Game:
    markaya = ", ".join(f'"{m}"' for m in RICARDO_MARKAYA)
    return position(f"""
players = 2
step = "end"

[options]
{options}

[[seat]]
fairies = "fire water"
markaya = [{markaya}]
alpaca_cards = "green"

[[seat]]
fairies = "{opponent_fairies}"
""")


def only_tiles(*markaya: str, fairies: str = "", opponent_fairies: str = "") -> upriver.Game:
    """Part of Ricardo's play area on its own, to isolate one line of the example."""
    listed = ", ".join(f'"{m}"' for m in markaya)
    return position(f"""
players = 2
step = "end"

[[seat]]
fairies = "{fairies}"
markaya = [{listed}]

[[seat]]
fairies = "{opponent_fairies}"
""")


def test_ricardo_pearl_points_are_35() -> None:
    """TR-EX-12: 2 white = 10, 1 purple = 4, 1 pink = 3, 8 blue = 16, 2 green = 2: 14 pearls
    worth 35."""
    g = ricardo()
    assert g.is_over
    pearls = [c for m in seat_view(g, 0)["markaya"] for c in m["pearls"] if c is not None]
    counts = {c: pearls.count(c) for c in set(pearls)}
    assert counts == {"white": 2, "purple": 1, "pink": 1, "blue": 8, "green": 2}
    assert len(pearls) == 14
    assert g.score_breakdown()[0]["pearls"] == 2 * 5 + 1 * 4 + 1 * 3 + 8 * 2 + 2 * 1 == 35


def test_ricardo_starting_markaya_scores_9_for_three_full_tiles() -> None:
    """TR-EX-13: the starting Markaya's full-tiles objective, with 3 completely filled tiles
    (S1, M05, M22; M11 and M13 are not full), scores 9."""
    g = ricardo()
    full = [m["id"] for m in seat_view(g, 0)["markaya"] if None not in m["pearls"]]
    assert full == ["S1", "M05", "M22"]
    assert g.score_breakdown()[0]["starting Markaya"] == 3 * 3


def test_ricardo_colour_count_white_scores_4() -> None:
    """TR-EX-14: the colour-count objective for white (M05), with 2 delivered white pearls (one
    on S1's rainbow spot, one on M05), scores 4."""
    g = only_tiles("S1: green blue white", "M05: white blue purple")
    assert g.score_breakdown()[0]["Markaya objectives"] == 2 * 2


def test_ricardo_four_alike_scores_6() -> None:
    """TR-EX-15: the introverted four-alike objective (M22), with 4 blue pearls on one full
    tile, scores 6."""
    g = only_tiles("M22: blue blue blue blue pink")
    assert g.score_breakdown()[0]["Markaya objectives"] == 6


def test_ricardo_fairy_count_scores_4_for_two_unused_fairies() -> None:
    """TR-EX-16: the fairy-count objective (M11) with 2 unused fairies scores 4, although its
    tile is not full (the opponent's fairies do not matter, TR-RULING-30)."""
    g = only_tiles("M11: blue green -", fairies="fire water", opponent_fairies="earth light")
    assert g.score_breakdown()[0]["Markaya objectives"] == 2 * 2


def test_ricardo_fairy_majority_scores_6_when_no_one_else_has_two() -> None:
    """TR-EX-17: the fairy-majority objective (M13) with 2 unused fairies, when no other player
    has 2 or more, scores 6."""
    g = only_tiles("M13: blue - -", fairies="fire water", opponent_fairies="earth")
    assert g.score_breakdown()[0]["Markaya objectives"] == 6


def test_ricardo_objectives_total_29() -> None:
    """TR-EX-18: the objective total is 9 + 4 + 6 + 4 + 6 = 29 (starting Markaya 9, the other
    four Markaya 20)."""
    b = ricardo().score_breakdown()[0]
    assert b["starting Markaya"] == 9
    assert b["Markaya objectives"] == 4 + 6 + 4 + 6
    assert b["starting Markaya"] + b["Markaya objectives"] == 29


def test_ricardo_alpaca_card_scores_4() -> None:
    """TR-EX-19: one claimed alpaca card scores 4."""
    g = ricardo()
    assert seat_view(g, 0)["alpaca_cards"] == ["green"]
    assert g.score_breakdown()[0]["alpaca cards"] == 4


def test_ricardo_total_is_68() -> None:
    """TR-EX-20: Ricardo's total is 35 + 29 + 4 = 68, and he wins against an opponent with
    nothing scored."""
    g = ricardo()
    assert g.score_breakdown()[0] == {
        "pearls": 35, "starting Markaya": 9, "Markaya objectives": 20, "alpaca cards": 4}
    assert g.scores() == [68, 0]
    assert g.winners() == [0]


def test_ricardo_variant_with_a_fairy_tie_totals_62() -> None:
    """TR-EX-21 (derived): if another player also had exactly 2 unused fairies, the fairy
    majority would score 0 and Ricardo's total would be 62; the fairy count still scores 4
    (TR-RULING-30). Applying the printed tie note to the fairy count would drop another 4."""
    g = ricardo(opponent_fairies="earth light")
    b = g.score_breakdown()[0]
    assert b["Markaya objectives"] == 4 + 6 + 4 + 0
    assert g.scores()[0] == 35 + 9 + 14 + 4 == 62
    with_tie_note = ricardo(opponent_fairies="earth light", options="per_fairy_tie_rule = true")
    assert with_tie_note.scores()[0] == 62 - 4
