"""Family Mode of the 2022 first edition of 12 Rivers (rulebook 001, "Family Mode"): checklist
TR22-FAMILY-01..05.

Tiles are the placeholders of data/2022/villagers.toml: V01 (fire, no card icon), V03 (water,
2 cards), V05 (fire, 2 cards) and, for the totem set of a fire player, V02 (wood), V03 (water),
V04 (earth). Seat 0 is the fire tribe.
"""

from __future__ import annotations

import pytest

import upriver
from tests.game_helpers import current
from tests.twelve_rivers_2022.helpers import GAME, new, play, position, seat_view, turn_order
from upriver.core.game import Game

FAMILY = '\n[options]\nedition = "2022"\nfamily = true\n'


def family_position(text: str) -> Game:
    return position(text + FAMILY)


def both(text: str) -> tuple[Game, Game]:
    """The same position under the full 2022 rules and in Family Mode."""
    return position(text), family_position(text)


def test_family_mode_is_an_option_of_the_2022_rules_only() -> None:
    """TR22-FAMILY-01: Family Mode exists only with the 2022 rules; without it every 2022 rule
    applies (a mission card is in play)."""
    with pytest.raises(upriver.BadOption):
        upriver.new_game(GAME, players=3, seed=1, edition="current", family=True)
    # Asked for alone, Family Mode brings the 2022 rules with it.
    g = upriver.new_game(GAME, players=3, seed=1, family=True)
    assert g.options["edition"] == "2022"
    assert g.view(None)["family"] is True
    assert upriver.game_info(GAME)["options"]["family"]["default"] is False

    full = new(3, seed=1)
    assert full.options["family"] is False
    assert full.view(None)["family"] is False
    assert len(full.view(None)["alpaca_cards"]) == 1


def test_family_mode_has_no_mission_card() -> None:
    """TR22-FAMILY-02: in Family Mode all mission cards are removed: none is drawn, none can be
    won and none scores."""
    for seed in range(5):
        assert new(3, seed=seed, family=True).view(None)["alpaca_cards"] == []
    with pytest.raises(upriver.BadPosition):
        family_position('players = 2\nmission = "white"\n')
    text = """
        players = 2
        round = 5
        step = "collect"
        rivers = "white green - - - -"
        track = "1 1 1 0"
        [spaces]
        "R1-01 space 1" = 0
        "R1-02 space 1" = 0
        [[seat]]
        alpaca = "white white green green green"
        """
    g = family_position(text)
    g.play("take white")
    assert seat_view(g, 0)["alpaca"] == {"white": 3, "green": 3}  # the healing requirement
    assert seat_view(g, 0)["alpaca_cards"] == []
    g.play("take green, discard white from alpaca")
    assert seat_view(g, 0)["alpaca"] == {"white": 2, "green": 4}  # the plant requirement
    assert g.is_over
    assert seat_view(g, 0)["alpaca_cards"] == []
    assert [b["mission card"] for b in g.score_breakdown()] == [0, 0]


def test_family_mode_gives_no_extra_card_for_an_own_totem() -> None:
    """TR22-FAMILY-03: in Family Mode a tile with the player's own totem gives no extra camp
    card, though the printed cards are still gained."""
    text = """
        players = 2
        step = "collect"
        mission = "{mission}"
        markaya_display = "V05 V01 V03 V10 V11 V12"
        track = "- 1 1 1 0"
        [spaces]
        "village 3" = 0
        "village 4" = 0
        [[seat]]
        hand = 0
        """
    full = position(text.format(mission="white"))
    fam = family_position(text.replace('mission = "{mission}"\n', ""))
    hands = []
    for g in (full, fam):
        g.play("befriend V05")
        after_v05 = seat_view(g, 0)["hand_size"]
        g.play("befriend V01")
        hands.append([after_v05, seat_view(g, 0)["hand_size"]])
    # V05 (fire, 2 printed) then V01 (fire, no icon): full rules 2 + 1, then + 1.
    assert hands[0] == [3, 4]
    # Family Mode: the printed 2, then nothing.
    assert hands[1] == [2, 2]

    # Another tribe's tile gives its printed cards in Family Mode too.
    g = family_position(text.replace('mission = "{mission}"\n', ""))
    play(g, "befriend V03")
    assert seat_view(g, 0)["hand_size"] == 2


def test_family_mode_scores_no_totem_sets() -> None:
    """TR22-FAMILY-04: in Family Mode totem sets score nothing at the end."""
    text = """
        players = 2
        round = 5
        step = "end"
        [[seat]]
        markaya = ["V02", "V03", "V04"]
        """
    full, fam = both(text)
    assert full.score_breakdown()[0]["totem sets"] == 4
    assert fam.score_breakdown()[0]["totem sets"] == 0
    assert fam.scores() == [0, 0]


def test_family_mode_keeps_starting_hands_and_fairies() -> None:
    """TR22-FAMILY-05: Family Mode changes nothing else: starting hands by turn position, all 25
    fairies in one pile with one per site and round."""
    for players, hands in ((2, [4, 5]), (3, [4, 5, 6]), (4, [4, 5, 6, 7])):
        for family in (False, True):
            g = new(players, seed=3, family=family)
            v = g.view(None)
            assert [v["players"][s]["hand_size"] for s in turn_order(g)] == hands
            assert v["fairy_supply"] == 25 - players
            assert sorted(v["sites"]) == [f"stump {k}" for k in range(1, players + 1)]
            assert sum(1 for c in v["rivers"] if c is not None) == 3 * players


def test_family_mode_keeps_the_lake_and_the_village_cards() -> None:
    """TR22-FAMILY-05: in Family Mode the lake token still takes every lake pearl and keeps 6,
    and the village grooves still give 2 and 1 camp cards."""
    lake = """
        players = 2
        step = "collect"
        sea = "white white pink"
        [spaces]
        "sea" = 0
        [[seat]]
        alpaca = "green green green green green"
        """
    for g in both(lake):
        assert current(g)["current_space"] == "sea"
        assert sorted(g.legal_actions()) == [
            "discard green", "discard pink", "discard white"]
        play(g, "discard green", "discard pink")
        assert seat_view(g, 0)["alpaca"] == {"green": 4, "white": 2}
        assert g.view(None)["pearls_out"] == {"green": 1, "pink": 1}

    camp = """
        players = 2
        fairy_supply = 10
        track = "0 1 0 1 0 1"
        [[seat]]
        hand = 0
        [[seat]]
        hand = 0
        """
    for g in both(camp):
        play(g, "place village 1", "place village 2")
        assert [p["hand_size"] for p in g.view(None)["players"]] == [2, 1]


def test_family_mode_keeps_tile_rewards_and_the_trail_tie_break() -> None:
    """TR22-FAMILY-05: in Family Mode the tiles' end rewards score as usual, and a tie still
    goes to the tied player frontmost on the trail."""
    text = """
        players = 2
        round = 5
        step = "end"
        track = "{track}"
        [[seat]]
        hand = 4
        fairies = "cloud"
        markaya = ["V01: white white purple purple pink", "V22", "V19"]
        [[seat]]
        hand = 4
        fairies = "river"
        markaya = ["V03: green green pink purple white", "V23", "V21", "V07: - - pink purple -"]
        """
    full, fam = both(text.format(track="1 0 1 0 1 0"))
    # Seat 0: V01 full 8, V22 4 cards 4, V19 1 fairy 2.
    # Seat 1: V03 full 8, V23 4 cards 4, V21 1 fairy 2, V07 not full 0.
    for g in (full, fam):
        assert [b["villager rewards"] for b in g.score_breakdown()] == [14, 14]
        assert [b["pearls"] for b in g.score_breakdown()] == [21, 21]
        assert g.scores() == [35, 35]
        assert g.winners() == [1]
    fam = family_position(text.format(track="0 1 0 1 0 1"))
    assert fam.winners() == [0]
