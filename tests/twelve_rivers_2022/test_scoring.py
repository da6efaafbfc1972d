"""Game end, scoring and mission cards in the 2022 first edition of 12 Rivers (rulebook 001,
"Game End", "Scoring", "Villager Tile" and "Mission Card"): checklist TR22-END-01..03,
TR22-SCORE-01..20, TR22-MISSION-01..09 and the rulings TR22-RULING-01, -13, -16, -18, -20.

Tiles are the placeholders of data/2022/villagers.toml (TR22-RULING-16). The ones used here:

| tile | totem | spaces | end reward |
|---|---|---|---|
| V01 | fire | white white purple purple rainbow | 8 if full |
| V02 | wood | green blue blue pink rainbow | 8 if full |
| V03 | water | green green pink purple white | 8 if full |
| V04 | earth | green x4, rainbow | 7 if 5 of one colour |
| V05 | fire | blue x4, rainbow | 7 if 5 of one colour |
| V06 | wood | pink x4, rainbow | 7 if 5 of one colour |
| V07 | water | green blue pink purple white | 5 if 5 colours |
| V08 | earth | green blue pink purple rainbow | 5 if 5 colours |
| V09 | fire | green blue pink rainbow white | 5 if 5 colours |
| V10, V11, V12 | wood, water, earth | (see the file) | 3 per full tile |
| V13, V14, V15 | fire, wood, water | | 6 for the most fairies |
| V16, V17, V18 | earth, fire, wood | | 5 for the most cards |
| V19, V20, V21 | water, earth, fire | | 2 per fairy, at most 8 |
| V22, V23, V24 | wood, water, earth | | 1 per card, at most 8 |
| V25, V26, V27 | fire, wood, water | V25: white white green blue rainbow | 2 per white pearl |
| V28, V29, V30 | earth, fire, wood | V28: pink pink green blue rainbow | 6 for the most pink |

Seats' tribes: 0 fire, 1 wood, 2 water, 3 earth. Positions with ``step = "end"`` are a finished
game scored as it stands.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.game_helpers import current
from tests.twelve_rivers_2022.helpers import new, play, position, seat_view
from upriver.core.game import Game
from upriver.games.twelve_rivers.components import DATA

VILLAGERS = DATA / "2022" / "villagers.toml"
CATEGORIES = ["pearls", "villager rewards", "totem sets", "mission card"]


def toml_value(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def game(*seats: dict[str, Any], players: int = 2, step: str = "end", rnd: int = 5,
         track: str | None = None, mission: str = "white", **top: Any) -> Game:
    """A 2022 position with the given seat tables (hand, fairies, alpaca, markaya,
    alpaca_cards, rainbow); seats not listed hold nothing."""
    lines = [f"players = {players}", f'step = "{step}"', f"round = {rnd}",
             f'mission = "{mission}"', "fairy_supply = 0"]
    if track is not None:
        lines.append(f'track = "{track}"')
    for key, value in top.items():
        lines.append(f"{key} = {toml_value(value)}")
    for seat in seats:
        lines.append("[[seat]]")
        for key, value in seat.items():
            lines.append(f"{key} = {toml_value(value)}")
    return position("\n".join(lines))


def part(g: Game, category: str) -> list[int]:
    return [b[category] for b in g.score_breakdown()]


def rewards(g: Game) -> list[int]:
    return part(g, "villager rewards")


# --------------------------------------------------------------------------------------------
# Game end and tie-break (TR22-END-01..03)
# --------------------------------------------------------------------------------------------


def test_the_game_ends_after_round_five_and_its_pearl_placing() -> None:
    """TR22-END-01: the game ends after round 5's reward phase, its pearl placing included, and
    there is never a sixth round."""
    g = game(
        {"alpaca": "white", "markaya": ["V01"]},
        {},
        step="collect",
        rivers="pink - - - - -",
        spaces={"R1-01 space 1": 1},
        track="0 0 0 1 1",
    )
    assert current(g)["round"] == 5
    g.play("take pink")  # seat 1's river token: the last token of round 5
    assert not g.is_over
    assert current(g)["step"] == "deliver to Markaya"
    g.play("deliver white to V01 spot 1")
    assert g.is_over
    assert g.to_move is None
    assert g.legal_actions() == []
    v = g.view(None)
    assert v["round"] == 5
    assert v["rivers"] == [None] * 12  # no sixth preparation phase
    assert seat_view(g, 0)["markaya"][0]["pearls"] == ["white", None, None, None, None]
    with pytest.raises(upriver.IllegalAction):
        g.play("done")


def test_the_player_with_the_most_stars_wins() -> None:
    """TR22-END-02: the player with the most stars wins, whatever the trail says."""
    g = game(
        {"markaya": ["V04: green green - - -"]},
        {"markaya": ["V06: pink - - - -"]},
        track="0 1 0 1 0 1",
    )
    assert g.scores() == [2, 3]
    assert g.winners() == [1]


def test_a_tie_goes_to_the_tied_player_frontmost_on_the_trail() -> None:
    """TR22-END-03: with a tie for the most stars, the tied player whose token stands on the
    first space of the trail wins alone; there is no shared victory."""
    seats = ({"markaya": ["V04: green green green - -"]},
             {"markaya": ["V06: - - - - white"]},
             {"markaya": ["V05: blue - - - -"]})
    g = game(*seats, players=3, track="1 0 2 1 0 2 1 0 2")
    assert g.scores() == [3, 5, 2]
    g = game(seats[0], {"markaya": ["V06: pink - - - -"]}, seats[2], players=3,
             track="1 0 2 1 0 2 1 0 2")
    assert g.scores() == [3, 3, 2]
    assert g.winners() == [1]
    g = game(seats[0], {"markaya": ["V06: pink - - - -"]}, seats[2], players=3,
             track="0 1 2 0 1 2 0 1 2")
    assert g.winners() == [0]


def test_tie_break_when_the_first_trail_space_is_not_a_tied_player() -> None:
    """TR22-END-03 (engine ruling on the open point): when the token on the first trail space
    belongs to a player outside the tie, the tied player frontmost on the trail wins."""
    g = game(
        {"markaya": ["V04: green green green - -"]},
        {"markaya": ["V06: pink - - - -"]},
        {"markaya": ["V05: blue - - - -"]},
        players=3,
        track="2 1 0 2 1 0 2 1 0",
    )
    assert g.scores() == [3, 3, 2]
    assert g.winners() == [1]


# --------------------------------------------------------------------------------------------
# The score and the pearls (TR22-SCORE-01..05)
# --------------------------------------------------------------------------------------------


def test_the_score_adds_pearls_rewards_totem_sets_and_mission() -> None:
    """TR22-SCORE-01: a final score is the sum of four parts: pearls on villager tiles, tile end
    rewards, totem sets and the mission card."""
    g = game(
        {"hand": 2, "alpaca_cards": "white",
         "markaya": ["V07: green blue pink purple white", "V16", "V26"]},
        {},
    )
    b = g.score_breakdown()
    assert list(b[0]) == CATEGORIES
    # 15 for the pearls; 5 (V07, five colours) + 5 (V16, most cards) + 2 (V26, one white);
    # V07 water, V16 earth and V26 wood make one set for the fire tribe; the mission.
    assert b[0] == {"pearls": 15, "villager rewards": 12, "totem sets": 4, "mission card": 4}
    assert g.scores() == [35, 0]


def test_each_pearl_on_a_tile_scores_by_its_colour() -> None:
    """TR22-SCORE-02: healing 5, magic 4, wildlife 3, aquatic 2, plant 1 per pearl on a tile."""
    g = game(
        {"markaya": ["V01: white white purple purple -", "V03: green green pink - -",
                     "V11: blue - - - -"]},
        {},
    )
    assert part(g, "pearls") == [5 + 5 + 4 + 4 + 1 + 1 + 3 + 2, 0]
    assert g.scores() == [25, 0]


def test_a_pearl_scores_its_own_colour_on_any_space() -> None:
    """TR22-SCORE-03: a pearl scores its own colour's value whatever space it sits on, printed
    rainbow or made rainbow."""
    g = game(
        {"markaya": ["V02: - - - - white", "V07: purple - - - -"], "rainbow": ["V07 1"]},
        {},
    )
    assert part(g, "pearls") == [5 + 4, 0]


def test_alpaca_pearls_score_nothing_and_count_for_no_reward() -> None:
    """TR22-SCORE-04: pearls still on the alpaca at the end score nothing and count for no end
    reward (V25 counts only the whites on tiles; V01 is not full)."""
    g = game(
        {"alpaca": "white white white",
         "markaya": ["V25", "V01: white white purple purple -"]},
        {},
    )
    assert g.score_breakdown()[0] == {"pearls": 18, "villager rewards": 4, "totem sets": 0,
                                      "mission card": 0}
    placed = game(
        {"alpaca": "white white",
         "markaya": ["V25", "V01: white white purple purple white"]},
        {},
    )
    assert placed.score_breakdown()[0] == {"pearls": 23, "villager rewards": 6 + 8,
                                           "totem sets": 0, "mission card": 0}


def test_each_tile_reward_is_scored_on_its_own() -> None:
    """TR22-SCORE-05: each tile's end reward is worked out alone: two tiles with the same reward
    both score, each with its own cap."""
    g = game(
        {"hand": 11,
         "markaya": ["V22", "V23", "V01: white white purple purple purple",
                     "V02: green blue blue pink pink"]},
        {},
    )
    # V22 and V23 (1 per card, at most 8) give 8 each; V01 and V02 (8 if full) give 8 each.
    assert rewards(g) == [32, 0]


# --------------------------------------------------------------------------------------------
# The ten end rewards (TR22-SCORE-06..17)
# --------------------------------------------------------------------------------------------


def test_full_tile_reward() -> None:
    """TR22-SCORE-06: "full tile" gives 8 stars if the tile holds 5 pearls, else 0."""
    g = game(
        {"markaya": ["V01: white white purple purple pink"]},
        {"markaya": ["V02: green blue blue pink -"]},
    )
    assert rewards(g) == [8, 0]


def test_one_colour_reward() -> None:
    """TR22-SCORE-07: "one colour" gives 7 stars only for 5 pearls all of the same colour."""
    g = game(
        {"markaya": ["V04: green green green green green"]},
        {"markaya": ["V05: blue blue blue blue green"]},
        {"markaya": ["V06: pink pink pink pink -"]},
        players=3,
    )
    assert rewards(g) == [7, 0, 0]


def test_all_different_reward() -> None:
    """TR22-SCORE-08: "all different" gives 5 stars only for 5 pearls in 5 different colours."""
    g = game(
        {"markaya": ["V08: green blue pink purple white"]},
        {"markaya": ["V09: green blue pink pink white"]},
        {"markaya": ["V07: green blue pink purple -"]},
        players=3,
    )
    assert rewards(g) == [5, 0, 0]


def test_per_full_tile_reward() -> None:
    """TR22-SCORE-09: "per full tile" gives 3 stars for each of the owner's full tiles, this
    tile included."""
    g = game(
        {"markaya": ["V10: green green blue pink white", "V02: green blue blue pink pink",
                     "V04: green - - - -"]},
        {"markaya": ["V11: blue blue pink purple -", "V03: green green pink purple white"]},
    )
    # Seat 0: V10 3 x 2 full tiles + V02 8. Seat 1: V11 (not full) 3 x 1 + V03 8.
    assert rewards(g) == [6 + 8, 3 + 8]


def test_most_fairies_reward() -> None:
    """TR22-SCORE-10: "most fairies" gives 6 stars for strictly more unused fairies than every
    other player; a tie for the most gives 0."""
    g = game({"fairies": "cloud river bonfire", "markaya": ["V13"]},
             {"fairies": "cloud river"})
    assert rewards(g) == [6, 0]
    g = game({"fairies": "cloud river", "markaya": ["V13"]},
             {"fairies": "cloud river"})
    assert rewards(g) == [0, 0]


def test_most_cards_reward() -> None:
    """TR22-SCORE-11: "most cards" gives 5 stars for strictly more camp cards left than every
    other player; a tie for the most gives 0."""
    g = game({"hand": 6, "markaya": ["V16"]}, {"hand": 5})
    assert rewards(g) == [5, 0]
    g = game({"hand": 5, "markaya": ["V16"]}, {"hand": 5})
    assert rewards(g) == [0, 0]


def test_per_fairy_reward_is_capped_at_eight() -> None:
    """TR22-SCORE-12: "per fairy" gives 2 stars per unused fairy, at most 8 (4 or more fairies
    give 8), and has no tie condition."""
    for fairies, stars in (("", 0), ("cloud", 2), ("cloud river bonfire", 6),
                           ("cloud river bonfire breeze", 8),
                           ("cloud river bonfire breeze mushroom", 8)):
        g = game({"fairies": fairies, "markaya": ["V19"]}, {})
        assert rewards(g)[0] == stars, fairies
    # Equal fairies on both sides: both still score.
    g = game({"fairies": "cloud river", "markaya": ["V19"]},
             {"fairies": "cloud river", "markaya": ["V21"]})
    assert rewards(g) == [4, 4]


def test_per_card_reward_is_capped_at_eight() -> None:
    """TR22-SCORE-13: "per card" gives 1 star per camp card left in hand, at most 8."""
    for hand, stars in ((0, 0), (5, 5), (8, 8), (12, 8)):
        g = game({"hand": hand, "markaya": ["V22"]}, {})
        assert rewards(g)[0] == stars, hand


def test_per_pearl_of_a_colour_reward_has_no_cap() -> None:
    """TR22-SCORE-14: "per pearl of a colour" gives 2 stars for each pearl of the tile's colour
    (V25: white, the rulebook's yellow) on all the owner's tiles, with no cap."""
    g = game(
        {"markaya": ["V25: white white - - white", "V01: white white - - white",
                     "V06: pink pink - - -"]},
        {},
    )
    assert rewards(g) == [12, 0]  # 6 white pearls, on two tiles; the pinks do not count


def test_most_of_a_colour_reward() -> None:
    """TR22-SCORE-15: "most of a colour" gives 6 stars for strictly more pearls of the tile's
    colour (V28, V30: pink, the rulebook's red) on tiles than every other player; a tie gives
    0, and pearls on the alpaca do not count."""
    g = game(
        {"markaya": ["V28: pink pink - - -", "V06: pink - - - -"]},
        {"alpaca": "pink pink", "markaya": ["V30: pink pink - - -"]},
    )
    assert rewards(g) == [6, 0]
    g = game(
        {"markaya": ["V28: pink pink - - -", "V06: pink - - - -"]},
        {"markaya": ["V30: pink pink - - pink"]},
    )
    assert rewards(g) == [0, 0]


def test_most_rewards_compare_against_every_other_player() -> None:
    """TR22-SCORE-16: the three "most" rewards need strictly more than every other player; a
    tie for the most, everyone at 0 included, gives no one the stars."""
    g = game({"markaya": ["V13"]}, {"markaya": ["V16"]}, {"markaya": ["V28"]}, players=3)
    assert rewards(g) == [0, 0, 0]
    # Seat 0 beats seat 1 but only ties seat 2.
    g = game(
        {"fairies": "cloud river", "hand": 4, "markaya": ["V13", "V16"]},
        {},
        {"fairies": "cloud bonfire", "hand": 4},
        players=3,
    )
    assert rewards(g) == [0, 0, 0]
    g = game(
        {"fairies": "cloud river", "hand": 4, "markaya": ["V13", "V16"]},
        {},
        {"fairies": "cloud", "hand": 3},
        players=3,
    )
    assert rewards(g) == [6 + 5, 0, 0]


def test_rewards_count_unused_fairies_and_cards_left_at_the_end() -> None:
    """TR22-SCORE-17: at the end, "unused fairies" are those still in front of the player and
    "cards left" those in hand: a spent fairy or a paid card counts for nothing."""
    g = game(
        {"hand": 3, "fairies": "bonfire mushroom cloud", "markaya": ["V19", "V22"]},
        {},
        step="place",
        track="0 1",
        spaces={"village 3": 0, "village 4": 0, "village 5": 1, "village 6": 1},
        markaya_display="V02 V03 V05 V06 V07 V08",
    )
    play(g, "place R2-1P space 1", "pay bonfire fairy", "pay camp card", "end turn",
         "place sea")
    play(g, "befriend no one", "befriend no one", "befriend no one", "befriend no one")
    assert current(g)["step"] == "deliver to Markaya"
    g.play("done")
    assert g.is_over
    assert seat_view(g, 0)["fairies"] == {"mushroom": 1, "cloud": 1}
    assert seat_view(g, 0)["hand_size"] == 2
    # V19: 2 x 2 unused fairies; V22: 1 x 2 cards left.
    assert rewards(g) == [4 + 2, 0]


# --------------------------------------------------------------------------------------------
# Totem sets and the mission card (TR22-SCORE-18..20)
# --------------------------------------------------------------------------------------------


def test_totem_sets_are_three_other_tribes_and_score_four_each() -> None:
    """TR22-SCORE-18: a set is three tiles showing the three other tribes; each scores 4, and a
    tile is in one set at most, so the sets are the smallest of the three totem counts."""
    g = game(
        {"markaya": ["V02", "V06", "V03", "V07", "V04", "V08"]},  # fire: 2 wood, 2 water, 2 earth
        {"markaya": ["V05", "V09", "V11", "V12", "V15"]},  # wood: 2 fire, 2 water, 1 earth
    )
    assert part(g, "totem sets") == [8, 4]
    assert g.scores() == [8, 4]


def test_own_totem_tiles_never_count_toward_a_set() -> None:
    """TR22-SCORE-19: tiles with the player's own totem never count: a fire player needs a
    wood, a water and an earth tile per set."""
    g = game(
        {"markaya": ["V01", "V05", "V02", "V03"]},  # fire: fire, fire, wood, water
        {"markaya": ["V13", "V15", "V16", "V10"]},  # wood: fire, water, earth, wood
    )
    assert part(g, "totem sets") == [0, 4]
    g = game({"markaya": ["V01", "V02", "V03", "V04"]}, {})  # fire: + wood, water, earth
    assert part(g, "totem sets") == [4, 0]


def test_the_mission_card_holder_scores_four() -> None:
    """TR22-SCORE-20: the holder of the mission card scores 4 for it; nobody else scores
    anything for the mission."""
    g = game({"alpaca": "white white white"}, {"alpaca_cards": "white"}, players=2)
    assert part(g, "mission card") == [0, 4]
    assert g.scores() == [0, 4]


# --------------------------------------------------------------------------------------------
# Mission cards (TR22-MISSION-01..09, TR22-RULING-13)
# --------------------------------------------------------------------------------------------


def mission_race(colour: str, alpaca: str, tiles: list[str] | None = None) -> Game:
    """Round 1, two players: seat 0 has river tokens at R1-01 and R1-02, each stopping one pearl
    of ``colour``; ``mission`` is the card of that colour."""
    seat: dict[str, Any] = {"alpaca": alpaca}
    if tiles:
        seat["markaya"] = tiles
    return game(
        seat,
        {},
        step="collect",
        rnd=1,
        mission=colour,
        rivers=f"{colour} {colour} - - - -",
        spaces={"R1-01 space 1": 0, "R1-02 space 1": 0},
        track="1 1 1 0",
    )


def mission_owner(g: Game) -> int | None:
    cards = g.view(None)["alpaca_cards"]
    assert len(cards) == 1
    owner: int | None = cards[0]["owner"]
    return owner


def check_threshold(colour: str, count: int) -> None:
    g = mission_race(colour, " ".join([colour] * (count - 2)))
    assert mission_owner(g) is None
    g.play(f"take {colour}")  # count - 1 on the alpaca: not yet
    assert seat_view(g, 0)["alpaca"] == {colour: count - 1}
    assert mission_owner(g) is None
    g.play(f"take {colour}")  # count: met at once
    assert mission_owner(g) == 0
    assert seat_view(g, 0)["alpaca_cards"] == [colour]


def test_healing_mission_needs_three_healing_pearls() -> None:
    """TR22-MISSION-01: the healing mission is met by 3 or more healing (white) pearls on the
    alpaca."""
    check_threshold("white", 3)


def test_magic_mission_needs_three_magic_pearls() -> None:
    """TR22-MISSION-02: the magic mission is met by 3 or more magic (purple) pearls on the
    alpaca."""
    check_threshold("purple", 3)


def test_wildlife_mission_needs_four_wildlife_pearls() -> None:
    """TR22-MISSION-03: the wildlife mission is met by 4 or more wildlife (pink) pearls on the
    alpaca."""
    check_threshold("pink", 4)


def test_aquatic_mission_needs_four_aquatic_pearls() -> None:
    """TR22-MISSION-04: the aquatic mission is met by 4 or more aquatic (blue) pearls on the
    alpaca."""
    check_threshold("blue", 4)


def test_plant_mission_needs_four_plant_pearls() -> None:
    """TR22-MISSION-05: the plant mission is met by 4 or more plant (green) pearls on the
    alpaca."""
    check_threshold("green", 4)


def test_only_alpaca_pearls_count_toward_the_mission() -> None:
    """TR22-MISSION-06: pearls on villager tiles do not count toward the mission."""
    g = mission_race("white", "", tiles=["V01: white white - - -"])
    g.play("take white")
    assert mission_owner(g) is None
    g.play("take white")
    assert mission_owner(g) is None  # 2 on the alpaca + 2 on a tile: not met
    g = mission_race("white", "white", tiles=["V01: white white - - -"])
    play(g, "take white", "take white")
    assert mission_owner(g) == 0


def test_only_the_first_player_gets_the_mission_and_keeps_it() -> None:
    """TR22-MISSION-07: only the first player to meet the mission gets the card; later players
    who meet it get nothing, and the holder keeps it after the pearls leave the alpaca."""
    g = game(
        {"alpaca": "white white", "markaya": ["V01"]},
        {"alpaca": "white white"},
        step="collect",
        rivers="white white - - - -",
        spaces={"R1-01 space 1": 0, "R1-02 space 1": 1},
        track="0 0 1 1",
    )
    g.play("take white")
    assert mission_owner(g) == 0
    g.play("take white")  # seat 1 now has 3 white too
    assert seat_view(g, 1)["alpaca"] == {"white": 3}
    assert mission_owner(g) == 0
    play(g, "deliver white to V01 spot 1", "deliver white to V01 spot 2",
         "deliver white to V01 spot 5")
    assert g.is_over
    assert seat_view(g, 0)["alpaca"] == {}
    assert mission_owner(g) == 0
    assert part(g, "mission card") == [4, 0]


def test_winning_the_mission_spends_no_pearls() -> None:
    """TR22-MISSION-08: the pearls that met the mission stay on the alpaca."""
    g = mission_race("purple", "purple")
    play(g, "take purple", "take purple")
    assert mission_owner(g) == 0
    assert seat_view(g, 0)["alpaca"] == {"purple": 3}
    assert g.view(None)["pearls_out"] == {}


def test_only_the_drawn_mission_can_be_won() -> None:
    """TR22-MISSION-09: only the mission drawn at setup is in play; meeting another card's
    requirement wins nothing."""
    g = game(
        {"alpaca": "green green green purple purple"},
        {},
        step="collect",
        rnd=1,
        mission="white",
        rivers="green purple - - - -",
        spaces={"R1-01 space 1": 0, "R1-02 space 1": 0},
        track="1 1 1 0",
    )
    g.play("take green")
    assert seat_view(g, 0)["alpaca"] == {"green": 4, "purple": 2}  # the plant requirement
    assert seat_view(g, 0)["alpaca_cards"] == []
    g.play("take purple, discard green from alpaca")
    assert seat_view(g, 0)["alpaca"] == {"green": 3, "purple": 3}  # the magic requirement
    assert seat_view(g, 0)["alpaca_cards"] == []
    assert [c["colour"] for c in g.view(None)["alpaca_cards"]] == ["white"]
    for seed in range(5):
        assert len(new(3, seed=seed).view(None)["alpaca_cards"]) == 1
    with pytest.raises(upriver.BadPosition):
        game({"alpaca_cards": "green"}, {}, mission="white")


def test_the_mission_is_awarded_automatically_when_met() -> None:
    """TR22-RULING-13: the mission card is taken the moment it is met, with no decision of its
    own: the next decision is already the next token's."""
    g = mission_race("blue", "blue blue")
    g.play("take blue")
    assert current(g)["current_space"] == "R1-02 space 1"
    assert g.legal_actions() == ["take blue"]
    g.play("take blue")
    assert mission_owner(g) == 0
    assert not any("mission" in a for a in g.legal_actions())


# --------------------------------------------------------------------------------------------
# Rulings (TR22-RULING-01, -16, -18, -20)
# --------------------------------------------------------------------------------------------


def test_colour_map_of_the_2022_pearls() -> None:
    """TR22-RULING-01: plant = green 1, aquatic = blue 2, wildlife = pink 3 (the rulebook's
    "red"), magic = purple 4, healing = white 5 (the rulebook's "yellow")."""
    for colour, stars in (("green", 1), ("blue", 2), ("pink", 3), ("purple", 4), ("white", 5)):
        g = game({"markaya": [f"V02: - - - - {colour}"]}, {})
        assert part(g, "pearls") == [stars, 0], colour
    tiles = {t["id"]: t for t in tomllib.loads(VILLAGERS.read_text())["tile"]}
    # "2 stars per yellow pearl" counts healing; "most red pearls" counts wildlife.
    assert {tiles[i]["colour"] for i in ("V25", "V26", "V27")} == {"white"}
    assert {tiles[i]["colour"] for i in ("V28", "V29", "V30")} == {"pink"}


def test_villager_tiles_are_loaded_from_a_marked_data_file(tmp_path: Path) -> None:
    """TR22-RULING-16: the 30 tiles' contents (spaces, card gain, totem, end reward) come from a
    data file whose placeholder values are marked; a corrected file changes the game."""
    data = tomllib.loads(VILLAGERS.read_text())
    assert len(data["tile"]) == 30
    for tile in data["tile"]:
        assert tile["reconstructed"] is True
        assert len(tile["spots"]) == 5
        assert {"cards", "totem", "objective", "points"} <= set(tile)
    assert "placeholder" in data["tiles_note"].lower()
    full = game({"markaya": ["V01: white white purple purple purple"]}, {})
    assert any("placeholder" in n.lower() for n in full.view(None)["notes"])
    assert rewards(full) == [8, 0]

    corrected = tmp_path / "villagers.toml"
    text = VILLAGERS.read_text().replace(
        'id = "V01"\nkind = "introverted"\ntotem = "fire"\ncards = 0\n'
        'spots = ["white", "white", "purple", "purple", "rainbow"]\n'
        'objective = "full tile"\npoints = 8',
        'id = "V01"\nkind = "introverted"\ntotem = "fire"\ncards = 0\n'
        'spots = ["white", "white", "purple", "purple", "rainbow"]\n'
        'objective = "full tile"\npoints = 9',
    )
    text = text.replace(f'tiles_note = {json.dumps(data["tiles_note"])}', 'tiles_note = ""')
    assert text != VILLAGERS.read_text()
    corrected.write_text(text)
    g = position(
        f"""
        players = 2
        step = "end"
        round = 5
        [options]
        edition = "2022"
        components = {json.dumps(str(corrected))}
        [[seat]]
        markaya = ["V01: white white purple purple purple"]
        """
    )
    assert rewards(g) == [9, 0]
    assert g.view(None)["notes"] == []


def test_the_four_tribes_are_red_green_blue_orange() -> None:
    """TR22-RULING-18: the only tribes are red (fire), green (wood), blue (water) and orange
    (earth); the example's "yellow" player is the orange earth tribe, seat 4's."""
    assert new(4).view(None)["tribes"] == ["fire", "wood", "water", "earth"]
    # Seat 3 is the earth tribe: its sets need fire, wood and water; earth tiles never count.
    g = game({}, {}, {}, {"markaya": ["V01", "V02", "V03"]}, players=4)
    assert part(g, "totem sets") == [0, 0, 0, 4]
    g = game({}, {}, {}, {"markaya": ["V01", "V02", "V04"]}, players=4)
    assert part(g, "totem sets") == [0, 0, 0, 0]


def test_colour_rewards_store_their_colour_per_tile(tmp_path: Path) -> None:
    """TR22-RULING-20: the colour of "2 per pearl of a colour" and "most pearls of a colour" is
    a per-tile value: V25 counts whites, V28 pinks, and a data file can change it."""
    tiles = ["V25: white white green blue pink", "V28: pink pink green blue white"]
    g = game({"markaya": tiles}, {})
    # V25: 2 x 3 whites (one on V28's rainbow space); V28: the most pinks (3 to 0).
    assert rewards(g) == [6 + 6, 0]

    corrected = tmp_path / "villagers.toml"
    text = VILLAGERS.read_text()
    start = text.index('id = "V25"')
    end = text.index("[[tile]]", start)
    block = text[start:end]
    assert 'colour = "white"' in block
    corrected.write_text(text[:start] + block.replace('colour = "white"', 'colour = "green"')
                         + text[end:])
    g = position(
        f"""
        players = 2
        step = "end"
        round = 5
        [options]
        edition = "2022"
        components = {json.dumps(str(corrected))}
        [[seat]]
        markaya = {json.dumps(tiles)}
        """
    )
    # V25 now counts the 2 green pearls instead of the 3 whites.
    assert rewards(g) == [4 + 6, 0]
