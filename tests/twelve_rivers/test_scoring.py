"""Bonus objectives and end-of-game scoring (checklist sections TR-OBJ and TR-END, and the
scoring rulings TR-RULING-08, -30, -31).

The Markaya used here are the placeholder tiles of data/markaya.toml (TR-RULING-08): their spot
colours are invented, but each objective type and its points come from rulebook 000. Positions
are built with ``step = "end"`` (the game is over and scored as it stands) or ``step =
"deliver"`` in round 5 when a decision has to be played first.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.twelve_rivers.helpers import play, position, seat_view
from upriver.games.twelve_rivers.components import DATA

MARKAYA_FILE = DATA / "markaya.toml"
CATEGORIES = ["pearls", "starting Markaya", "Markaya objectives", "alpaca cards"]


def game(*seats: dict[str, Any], players: int = 2, step: str = "end", rnd: int = 1,
         options: dict[str, Any] | None = None) -> upriver.Game:
    """A position with the given seat tables (hand, fairies, alpaca, markaya, alpaca_cards);
    seats not given hold nothing but their starting Markaya."""
    lines = [f"players = {players}", f'step = "{step}"', f"round = {rnd}", "[options]"]
    for key, value in (options or {}).items():
        lines.append(f"{key} = {json.dumps(value)}")
    for seat in seats:
        lines.append("[[seat]]")
        for key, value in seat.items():
            lines.append(f"{key} = {json.dumps(value)}")
    return position("\n".join(lines))


def breakdown(g: upriver.Game, seat: int = 0) -> dict[str, int]:
    result: dict[str, int] = g.score_breakdown()[seat]
    return result


def objectives(g: upriver.Game, seat: int = 0) -> int:
    """Points from the Markaya other than the starting one."""
    return breakdown(g, seat)["Markaya objectives"]


# --------------------------------------------------------------------------------------------
# General objective rules (TR-OBJ-01..05)
# --------------------------------------------------------------------------------------------


def test_each_markaya_carries_exactly_one_objective() -> None:
    """TR-OBJ-01: each Markaya tile carries exactly one bonus objective (one objective entry of a
    known type, extroverted or introverted as the rulebook lists them)."""
    extroverted = {"full tiles", "colour count", "fairy count", "colour majority",
                   "fairy majority", "card count", "card majority"}
    introverted = {"full tile", "four alike", "five colours"}
    tiles = tomllib.loads(MARKAYA_FILE.read_text())["tile"]
    assert len(tiles) == 30
    for tile in tiles:
        assert isinstance(tile["objective"], str), tile["id"]
        kinds = extroverted if tile["kind"] == "extroverted" else introverted
        assert tile["objective"] in kinds, tile["id"]


def test_objectives_are_scored_on_the_final_position() -> None:
    """TR-OBJ-01, TR-OBJ-09: objectives are scored only at the end of the game: a fairy-count
    objective counts the fairies still unused when the game ends, not those held earlier, and
    nobody has won before the end."""
    g = game({"fairies": "light", "alpaca": "white", "markaya": ["M11: - - -"]},
             step="deliver", rnd=5)
    assert not g.is_over
    assert g.winners() == []
    assert objectives(g) == 2  # the running total: 1 unused fairy if the game ended now
    g.play("deliver white to M11 spot 1 with light fairy")
    assert g.is_over
    assert seat_view(g, 0)["fairies"] == {}
    assert objectives(g) == 0
    assert breakdown(g)["pearls"] == 5


def test_two_tiles_with_the_same_objective_both_score() -> None:
    """TR-OBJ-02: each tile's objective scores on its own: two fairy-count tiles with 3 unused
    fairies give 6 each, two card-count tiles with 4 cards give 4 each."""
    g = game({"fairies": "fire earth wind", "markaya": ["M11: - - -", "M12: - - -"]},
             {"hand": "banner banner lantern instrument", "markaya": ["M15: - - -", "M16: - - -"]})
    assert objectives(g, 0) == 6 + 6
    assert objectives(g, 1) == 4 + 4


def test_alpaca_pearls_do_not_count_towards_objectives() -> None:
    """TR-OBJ-03: only delivered pearls count: white pearls on the alpaca add nothing to a
    white colour count, do not win a white majority, and do not fill a tile."""
    g = game(
        {"alpaca": "white white white green",
         "markaya": ["M05: white - -", "M19: green - blue blue green"]},
        {"markaya": ["M10: white white -"]},
    )
    assert objectives(g, 0) == 2 * 1  # M05: 1 delivered white; M19 not full
    assert breakdown(g, 0)["starting Markaya"] == 0  # no full tile
    assert objectives(g, 1) == 6  # 2 delivered whites beat 1 (the alpaca's 3 do not count)


def test_rainbow_spot_pearl_counts_as_its_own_colour() -> None:
    """TR-OBJ-04: a pearl on a rainbow spot counts as its own colour: a white on S1's rainbow spot
    is a white for the white colour count (M05), and a green on M03's rainbow spot is no pink
    for M03's pink colour count."""
    g = game({"markaya": ["S1: - - white", "M05: - - -", "M03: - - green"]})
    assert objectives(g) == 2 + 0


def test_light_fairy_pearl_counts_as_its_own_colour() -> None:
    """TR-OBJ-04: a pearl placed with a light fairy counts as its own colour, not the spot's: a
    white on M05's blue spot is a white (colour count white 2 x 2) and not a blue (so seat 0 does
    not win the blue majority of M07 against an opponent with no blue)."""
    g = game({"fairies": "light", "alpaca": "white",
              "markaya": ["M05: white - purple", "M07: - - -"]}, step="deliver", rnd=5)
    g.play("deliver white to M05 spot 2 with light fairy")
    assert g.is_over
    assert seat_view(g, 0)["markaya"][1]["pearls"] == ["white", "white", "purple"]
    assert objectives(g) == 2 * 2 + 0
    assert breakdown(g)["pearls"] == 5 + 5 + 4


def test_extroverted_objective_scores_whether_or_not_its_tile_is_full() -> None:
    """TR-OBJ-05: extroverted objectives score with their own tile empty or partly filled:
    colour count (M05, empty), fairy count (M11, partly filled), card count (M15, empty), and the
    starting Markaya's full-tiles objective with S1 itself not full."""
    g = game({
        "hand": "banner lantern supplies",
        "fairies": "fire earth",
        "markaya": ["S1: - - white", "M05: - - -", "M11: blue - -", "M15: - - -",
                    "M20: blue pink pink purple white"],
    })
    assert objectives(g) == 2 * 2 + 2 * 2 + 3 + 8  # whites: S1 and M20; M20 full tile
    assert breakdown(g)["starting Markaya"] == 3  # M20 is full, S1 is not


# --------------------------------------------------------------------------------------------
# Extroverted objectives (TR-OBJ-06..14)
# --------------------------------------------------------------------------------------------


def test_full_tiles_scores_3_per_full_tile_including_itself() -> None:
    """TR-OBJ-06: 3 points for each of the owner's Markaya whose spots are all filled, the
    starting Markaya included (rainbow spots count as filled spots like any other)."""
    g = game({"markaya": ["S1: green blue pink", "M05: white blue purple",
                          "M19: green green blue blue purple", "M11: blue green -"]})
    assert breakdown(g)["starting Markaya"] == 3 * 3
    assert game({"markaya": ["S1: green blue -"]}).score_breakdown()[0]["starting Markaya"] == 0


def test_every_starting_markaya_has_the_full_tiles_objective() -> None:
    """TR-OBJ-07: each of the 4 starting Markaya (S1..S4) scores 3 per full tile of its owner."""
    g = game(
        {"markaya": ["S1: green blue pink"]},
        {"markaya": ["S2: green blue pink", "M05: white blue purple"]},
        {"markaya": ["S3: green blue pink", "M03: pink pink purple", "M04: purple pink white"]},
        {"markaya": ["S4: green - -", "M20: blue pink pink purple white"]},
        players=4,
    )
    assert [b["starting Markaya"] for b in g.score_breakdown()] == [3, 6, 9, 3]
    tiles = {t["id"]: t for t in tomllib.loads(MARKAYA_FILE.read_text())["tile"]}
    assert all(tiles[f"S{k}"]["objective"] == "full tiles" for k in (1, 2, 3, 4))


def test_colour_count_scores_2_per_delivered_pearl_of_its_colour() -> None:
    """TR-OBJ-08: 2 points per delivered pearl of the shown colour on any of the owner's Markaya,
    this tile included: M01 (green) with greens on M01, S1 and M19 (5 in all); other colours and
    other players' greens do not count."""
    g = game({"markaya": ["M01: green - blue", "S1: green blue green", "M19: green green - - -"]},
             {"markaya": ["S2: green - green"]})
    assert objectives(g) == 2 * 5


def test_fairy_count_scores_2_per_unused_fairy() -> None:
    """TR-OBJ-09: 2 points per unused fairy in the owner's play area."""
    assert objectives(game({"fairies": "fire earth wind", "markaya": ["M11: - - -"]})) == 6
    assert objectives(game({"fairies": "", "markaya": ["M11: - - -"]})) == 0


@pytest.mark.parametrize(("opponent", "points"), [("- blue -", 6), ("green blue blue", 0),
                                                  ("- blue blue", 0)])
def test_colour_majority_needs_strictly_the_most(opponent: str, points: int) -> None:
    """TR-OBJ-10: 6 points if the owner has strictly more delivered pearls of the shown colour
    (M07: blue, 2 delivered) than every other player; a tie for the most, or fewer, scores 0."""
    g = game({"markaya": ["M07: blue blue -"]},
             {"markaya": [f"S2: {opponent}"], "alpaca": "blue blue blue"})
    assert objectives(g) == points


@pytest.mark.parametrize(("opponent", "points"), [("fire", 6), ("fire earth", 0),
                                                  ("fire earth wind", 0)])
def test_fairy_majority_needs_strictly_the_most(opponent: str, points: int) -> None:
    """TR-OBJ-11: 6 points if the owner (M13, 2 unused fairies) has strictly more unused fairies
    than every other player; a tie for the most, or fewer, scores 0."""
    g = game({"fairies": "water light", "markaya": ["M13: - - -"]}, {"fairies": opponent})
    assert objectives(g) == points


def test_card_count_scores_1_per_card_in_hand() -> None:
    """TR-OBJ-12: 1 point per supply card in the owner's hand at the end (an unused fire fairy
    is a fairy, not a card in hand)."""
    g = game({"hand": "banner banner fishing net instrument supplies", "markaya": ["M15: - - -"]})
    assert objectives(g) == 5
    g = game({"hand": "lantern lantern", "fairies": "fire fire", "markaya": ["M16: - - -"]})
    assert objectives(g) == 2


@pytest.mark.parametrize(("opponent", "points"), [("banner banner", 5),
                                                  ("banner banner lantern", 0),
                                                  ("banner banner lantern lantern", 0)])
def test_card_majority_needs_strictly_the_most(opponent: str, points: int) -> None:
    """TR-OBJ-13: 5 points if the owner (M17, 3 cards) has strictly more supply cards in hand
    than every other player; a tie for the most, or fewer, scores 0."""
    g = game({"hand": "instrument instrument supplies", "markaya": ["M17: - - -"]},
             {"hand": opponent})
    assert objectives(g) == points


@pytest.mark.parametrize(("others", "points"), [((2, 2), 6), ((2, 3), 0), ((4, 1), 0),
                                                ((0, 0), 6)])
def test_majority_compares_with_every_other_player(others: tuple[int, int], points: int) -> None:
    """TR-OBJ-14: a majority objective compares its owner with every other player (here two
    opponents in a 3-player game), and the opponents need no similar tile: M13 with 3 unused
    fairies scores only if both opponents have fewer."""
    kinds = ["fire", "earth", "wind", "light", "water"]
    g = game({"fairies": "water water water", "markaya": ["M13: - - -"]},
             {"fairies": " ".join(kinds[: others[0]])},
             {"fairies": " ".join(kinds[: others[1]])},
             players=3)
    assert objectives(g) == points
    assert objectives(g, 1) == objectives(g, 2) == 0


def test_majority_in_two_players_compares_with_the_opponent_only() -> None:
    """TR-OBJ-14: in a 2-player game the majority is just against the opponent, who needs no
    similar tile: 1 delivered pink beats an opponent with none (M08, pink majority)."""
    g = game({"markaya": ["M08: pink - -"]}, {"markaya": ["S2: green blue purple"]})
    assert objectives(g) == 6
    assert objectives(g, 1) == 0


# --------------------------------------------------------------------------------------------
# Introverted objectives (TR-OBJ-15..19)
# --------------------------------------------------------------------------------------------


def test_introverted_objective_needs_every_spot_filled() -> None:
    """TR-OBJ-15: an introverted objective scores only if every storage spot of its tile is
    filled: with the last spot empty, full tile (M19), four alike (M22, already 4 blue) and five
    colours (M25, 4 colours so far) all score 0, even with fitting pearls waiting on the alpaca;
    filling the last spots scores them."""
    g = game({"alpaca": "white pink", "markaya": ["M19: green green blue blue -",
                                                  "M22: blue blue blue blue -",
                                                  "M25: green blue pink purple -"]})
    assert objectives(g) == 0
    g = game({"markaya": ["M19: green green blue blue pink",
                          "M22: blue blue blue blue pink",
                          "M25: green blue pink purple white"]})
    assert objectives(g) == 8 + 6 + 5


def test_introverted_objective_looks_only_at_its_own_tile() -> None:
    """TR-OBJ-16: an introverted objective looks only at its own tile's pearls: M26 (five
    colours) full with green, blue, pink, purple and a second green scores 0, although the owner
    has a white on another tile."""
    g = game({"markaya": ["M26: green blue pink purple green", "M05: white blue purple"]})
    assert objectives(g) == 2 * 1  # only M05's white colour count
    g = game({"markaya": ["M26: green blue pink purple white", "M05: white blue purple"]})
    assert objectives(g) == 5 + 2 * 2


def test_full_tile_objective_scores_8() -> None:
    """TR-OBJ-17: full tile: 8 points if every spot of the tile is filled (M20)."""
    assert objectives(game({"markaya": ["M20: blue pink pink purple white"]})) == 8
    assert objectives(game({"markaya": ["M20: blue pink pink purple -"]})) == 0


def test_four_alike_scores_6_for_four_of_one_colour() -> None:
    """TR-OBJ-18: four alike: 6 points if the full tile holds 4 pearls of one colour (M23: 4
    green and a pink on the rainbow spot)."""
    assert objectives(game({"markaya": ["M23: green green green green pink"]})) == 6


def test_four_alike_counts_five_of_one_colour() -> None:
    """TR-OBJ-18: "4 of the same colour" is read as at least 4 (open point 8): 5 greens on M23
    score 6."""
    assert objectives(game({"markaya": ["M23: green green green green green"]})) == 6


def test_four_alike_scores_nothing_with_three_of_one_colour() -> None:
    """TR-OBJ-18: a full four-alike tile with only 3 pearls of one colour scores 0: the fourth
    spot was filled with a white by a light fairy (the only legal way to do that)."""
    g = game({"fairies": "light", "alpaca": "white",
              "markaya": ["M23: green green green - pink"]}, step="deliver", rnd=5)
    play(g, "deliver white to M23 spot 4 with light fairy")
    assert g.is_over
    assert seat_view(g, 0)["markaya"][1]["pearls"] == ["green", "green", "green", "white", "pink"]
    assert objectives(g) == 0
    assert breakdown(g)["starting Markaya"] == 3  # the tile is full all the same


def test_five_colours_scores_5() -> None:
    """TR-OBJ-19: five colours: 5 points if the full tile holds 5 pearls in 5 different colours
    (M25), and 0 with a colour repeated (M26 with a second purple on its rainbow spot)."""
    assert objectives(game({"markaya": ["M25: green blue pink purple white"]})) == 5
    assert objectives(game({"markaya": ["M26: green blue pink purple purple"]})) == 0


# --------------------------------------------------------------------------------------------
# End of game (TR-END)
# --------------------------------------------------------------------------------------------


def test_game_ends_after_the_delivery_of_round_5() -> None:
    """TR-END-01: the game ends after the collection phase of round 5, delivery included: no
    sixth round starts, and the fairy supply is empty then."""
    g = game({"alpaca": "green green", "markaya": ["S1: - blue -"]}, step="deliver", rnd=5)
    assert not g.is_over
    g.play("deliver green to S1 spot 1")
    assert not g.is_over  # the other green could still go on the rainbow spot
    g.play("done")
    assert g.is_over
    assert g.to_move is None
    assert g.legal_actions() == []
    v = g.view(None)
    assert v["round"] == 5
    assert v["phase"] == "end"
    assert v["fairy_supply"] == 0
    assert g.scores() == [1 + 2, 0]
    assert g.winners() == [0]


def test_round_4_delivery_leads_to_round_5_which_empties_the_fairy_supply() -> None:
    """TR-END-01: after round 4 the game goes on to round 5 (it does not end), and round 5's
    preparation uses up the fairy supply, so it is empty when the game ends."""
    g = game({"alpaca": "green"}, step="deliver", rnd=4)
    assert g.view(None)["fairy_supply"] == 2
    g.play("done")
    v = g.view(None)
    assert not g.is_over
    assert (v["round"], v["phase"]) == (5, "exploration")
    assert v["fairy_supply"] == 0
    assert g.winners() == []


def test_total_is_pearls_plus_objectives_plus_alpaca_cards() -> None:
    """TR-END-02: a player's total is pearl points + bonus-objective points + alpaca-card
    points: S1 full (green 1 + blue 2 + white 5) and M05 full (white 5 + blue 2 + purple 4) is
    19 for pearls; full tiles 2 x 3 and white count 2 x 2 is 10; one alpaca card is 4."""
    g = game({"markaya": ["S1: green blue white", "M05: white blue purple"],
              "alpaca_cards": "pink"})
    assert breakdown(g) == {"pearls": 19, "starting Markaya": 6, "Markaya objectives": 4,
                            "alpaca cards": 4}
    assert g.scores()[0] == 19 + 6 + 4 + 4


@pytest.mark.parametrize(("colour", "points"), [("green", 1), ("blue", 2), ("pink", 3),
                                                ("purple", 4), ("white", 5)])
def test_pearls_score_by_colour(colour: str, points: int) -> None:
    """TR-END-03: a delivered pearl scores by its colour: green 1, blue 2, pink 3, purple 4,
    white 5 (here on S1's rainbow spot, which takes any colour)."""
    g = game({"markaya": [f"S1: - - {colour}"]})
    assert breakdown(g)["pearls"] == points
    assert g.scores()[0] == points


def test_all_five_colours_on_one_tile_score_15() -> None:
    """TR-END-03: one pearl of each colour scores 1 + 2 + 3 + 4 + 5 = 15 (M21, whose objective
    adds 8 for the full tile)."""
    g = game({"markaya": ["M21: green blue pink purple white"]})
    assert breakdown(g)["pearls"] == 15
    assert g.scores()[0] == 15 + 8 + 3  # full tile (M21) and S1's 3 for one full tile


def test_alpaca_pearls_score_nothing() -> None:
    """TR-END-04: pearls still on the alpaca score 0."""
    g = game({"alpaca": "white white white purple purple purple"})
    assert breakdown(g)["pearls"] == 0
    assert g.scores() == [0, 0]


def test_each_alpaca_card_scores_4() -> None:
    """TR-END-05: each alpaca card in a player's play area scores 4."""
    g = game({"alpaca_cards": "white purple"}, {"alpaca_cards": "green"})
    assert [b["alpaca cards"] for b in g.score_breakdown()] == [8, 4]
    assert g.scores() == [8, 4]


def test_breakdown_lists_categories_in_rulebook_order() -> None:
    """TR-END-06: the breakdown lists pearl points, then the starting Markaya's objective, then
    the other Markaya's objectives, then alpaca cards; the categories add up to the total."""
    g = game({"markaya": ["S1: green blue white", "M05: white - -"], "alpaca_cards": "blue"},
             {"fairies": "earth", "markaya": ["M11: - - -"]})
    for b, total in zip(g.score_breakdown(), g.scores(), strict=True):
        assert list(b) == CATEGORIES
        assert sum(b.values()) == total
    assert g.score_breakdown()[0] == {"pearls": 13, "starting Markaya": 3,
                                      "Markaya objectives": 4, "alpaca cards": 4}


def test_fairies_cards_and_empty_spots_are_worth_nothing_in_themselves() -> None:
    """TR-END-07: fairies, supply cards and empty spots score nothing without an objective that
    counts them: 5 fairies, 8 cards and 3 Markaya with empty spots (whose objectives need a full
    tile) give only the one delivered pearl's 2 points."""
    g = game({"fairies": "fire earth wind light water",
              "hand": "banner banner lantern lantern supplies supplies instrument instrument",
              "markaya": ["S1: - blue -", "M19: - - - - -", "M22: - - - - -"]})
    assert g.scores()[0] == 2
    assert breakdown(g) == {"pearls": 2, "starting Markaya": 0, "Markaya objectives": 0,
                            "alpaca cards": 0}


def test_highest_total_wins() -> None:
    """TR-END-08: the player with the highest total wins (alone)."""
    g = game({"markaya": ["S1: - - pink"]},
             {"markaya": ["S2: - - purple"]},
             {"markaya": ["S3: - - blue"]},
             players=3)
    assert g.scores() == [3, 4, 2]
    assert g.winners() == [1]


def test_tied_highest_totals_share_victory() -> None:
    """TR-END-09: players tied for the highest total all win; there is no tie-breaker (not seat
    order, not track position): here seats 0 and 2 share the victory, seat 1 is behind."""
    g = game({"markaya": ["S1: - - purple"]},
             {"markaya": ["S2: - - pink"]},
             {"markaya": ["S3: - blue blue"]},
             players=3)
    assert g.scores() == [4, 3, 4]
    assert g.winners() == [0, 2]


def test_everyone_tied_shares_victory() -> None:
    """TR-END-09: when all players tie (here at 0 each), all of them win."""
    g = game(players=4)
    assert g.scores() == [0, 0, 0, 0]
    assert g.winners() == [0, 1, 2, 3]


# --------------------------------------------------------------------------------------------
# Scoring rulings (TR-RULING-30, -31, -08)
# --------------------------------------------------------------------------------------------


def test_fairy_count_ignores_the_printed_tie_note() -> None:
    """TR-RULING-30: the fairy-count objective scores 2 per unused fairy even when another
    player has as many (per_fairy_tie_rule = false by default); with the flag set, the printed
    "ties earn no points" applies to a tie for the most, but not to a strict most."""
    ricardo = {"fairies": "fire water", "markaya": ["M11: - - -"]}
    assert upriver.game_info("twelve-rivers")["options"]["per_fairy_tie_rule"]["default"] is False
    assert objectives(game(ricardo, {"fairies": "earth light"})) == 4
    flagged = {"per_fairy_tie_rule": True}
    assert objectives(game(ricardo, {"fairies": "earth light"}, options=flagged)) == 0
    assert objectives(game(ricardo, {"fairies": "earth"}, options=flagged)) == 4


def test_per_item_objectives_have_no_cap() -> None:
    """TR-RULING-31: per-item objectives have no cap (the 2022 edition capped them at 8): 12
    cards give 12 (M15), 6 fairies give 12 (M11), 7 delivered blues give 14 (M02)."""
    g = game({"hand": "banner " * 6 + "lantern " * 6, "markaya": ["M15: - - -"]},
             {"fairies": "fire fire earth earth wind wind", "markaya": ["M11: - - -"]},
             {"markaya": ["M02: blue blue -", "M22: blue blue blue blue -", "S3: - blue -"]},
             players=3)
    assert [objectives(g, s) for s in range(3)] == [12, 12, 14]


def test_markaya_tile_contents_are_loaded_from_data(tmp_path: Path) -> None:
    """TR-RULING-08: Markaya tile contents (spots, objective, its colour, points) come from data:
    a corrected tile file passed as the `components` option changes the scoring (here M05's
    colour count made purple, 3 per pearl) without touching code."""
    text = MARKAYA_FILE.read_text()
    block_start = text.index('id = "M05"')
    block_end = text.index("[[tile]]", block_start)
    block = text[block_start:block_end]
    changed = block.replace('colour = "white"', 'colour = "purple"').replace(
        "points = 2", "points = 3")
    assert changed != block
    corrected = tmp_path / "tiles.toml"
    corrected.write_text(text[:block_start] + changed + text[block_end:])
    seat = {"markaya": ["M05: white blue purple", "M04: purple - -"]}
    assert objectives(game(seat)) == 2 * 1 + 2 * 2  # M05: 1 white; M04: 2 purples
    g = game(seat, options={"components": str(corrected)})
    assert objectives(g) == 3 * 2 + 2 * 2  # M05 now counts the 2 purples at 3 each


def test_placeholder_markaya_tiles_are_flagged() -> None:
    """TR-RULING-08: the shipped tiles are the reference note's synthetic placeholder deck, and
    the data says so: every tile is marked reconstructed and the file is headed as placeholders,
    not the real tile list."""
    text = MARKAYA_FILE.read_text()
    header = text.split("[[tile]]")[0]
    assert "PLACEHOLDER" in header
    assert "NOT the real tile list" in header
    tiles = tomllib.loads(text)["tile"]
    assert tiles and all(t.get("reconstructed") is True for t in tiles)
