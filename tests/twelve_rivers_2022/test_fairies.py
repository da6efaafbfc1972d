"""The fairies of the 2022 first edition of 12 Rivers (rulebook 001, "Fairy Token" and "The
ability of Fairy"): checklist TR22-FAIRY-01..11 and the breeze timing ruling TR22-RULING-11.

Fairy sites follow data/board.toml: stump 1 is linked to the row-1 stretch R1-01 (cost 3).
Villager tiles are the placeholders of data/2022/villagers.toml: V02 has the spaces green,
blue, blue, pink, rainbow; V04 green x4, rainbow; V05 blue x4, rainbow; V07 green, blue, pink,
purple, white; V19 ("2 stars per unused fairy, at most 8") green, blue, pink, pink, rainbow.
"""

from __future__ import annotations

import pytest

import upriver
from tests.game_helpers import current, pearls_on
from tests.twelve_rivers_2022.helpers import play, position, seat_view
from upriver.core.game import Game

PLACE_STEP = "place a family marker"
PAY_STEP = "pay the placement cost"
RIVER_STEP = "collect pearls from the river"
DELIVER_STEP = "deliver to Markaya"


def camp(fairies: str, hand: int, site: str = "") -> Game:
    """Round 1 camp phase, 2 players: seat 0 places first with the given fairies and hand."""
    return position(
        f"""
        players = 2
        fairy_supply = 10
        mission = "white"
        track = "0 1 0 1 0 1"
        [sites]
        "stump 1" = "{site}"
        [[seat]]
        hand = {hand}
        fairies = "{fairies}"
        [[seat]]
        hand = 5
        """
    )


# --------------------------------------------------------------------------------------------
# General rules (TR22-FAIRY-01..03)
# --------------------------------------------------------------------------------------------


def test_fairies_lie_face_up_and_are_kept_for_later() -> None:
    """TR22-FAIRY-01: a player's fairies are face up in front of them, visible to everyone,
    and are kept for later use, into the following rounds."""
    g = camp("", 3, site="river")
    play(g, "place R1-01 space 1", "pay camp card", "pay camp card", "pay camp card")
    for viewer in (None, 0, 1):
        assert g.view(viewer)["players"][0]["fairies"] == {"river": 1}
    assert "stump 1" not in g.view(None)["sites"]

    g = position(
        """
        players = 2
        round = 1
        step = "deliver"
        mission = "white"
        fairy_supply = 10
        [[seat]]
        fairies = "cloud mushroom"
        alpaca = "green"
        markaya = ["V04"]
        """
    )
    g.play("done")
    assert g.view(None)["round"] == 2
    assert g.view(None)["players"][0]["fairies"] == {"cloud": 1, "mushroom": 1}


def test_using_a_fairy_is_always_optional() -> None:
    """TR22-FAIRY-02: a fairy never has to be used: cards may pay instead of a cloud fairy, one
    pearl may be taken and the river fairy kept, and fairies may be kept to the game's end."""
    g = camp("cloud bonfire", 3)
    play(g, "place R1-02 space 1")
    assert current(g)["step"] == PAY_STEP
    assert {"pay cloud fairy", "pay bonfire fairy", "pay camp card"} <= set(g.legal_actions())
    play(g, "pay camp card", "pay camp card", "pay camp card")
    assert seat_view(g, 0)["fairies"] == {"cloud": 1, "bonfire": 1}
    assert seat_view(g, 0)["hand_size"] == 0

    g = position(
        """
        players = 2
        round = 5
        step = "collect"
        mission = "white"
        rivers = "pink blue - - - -"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        fairies = "river"
        markaya = ["V19"]
        """
    )
    assert "use river fairy" in g.legal_actions()
    g.play("take pink")
    assert g.legal_actions() == ["use river fairy", "done"]
    g.play("done")
    assert seat_view(g, 0)["alpaca"] == {"pink": 1}
    assert seat_view(g, 0)["fairies"] == {"river": 1}
    g.play("deliver pink to V19 spot 3")
    assert g.is_over
    # The unused river fairy still counts at the end: V19 gives 2 stars per unused fairy.
    assert g.score_breakdown()[0]["villager rewards"] == 2


def test_a_used_fairy_is_discarded_and_no_longer_unused() -> None:
    """TR22-FAIRY-03: a fairy gives its power once and is discarded from the game, so it no
    longer counts as an unused fairy."""
    g = position(
        """
        players = 2
        round = 5
        step = "deliver"
        mission = "white"
        [[seat]]
        fairies = "mushroom cloud"
        alpaca = "white"
        markaya = ["V19", "V04"]
        """
    )
    play(g, "use mushroom fairy", "mushroom: make V04 spot 1 rainbow")
    assert seat_view(g, 0)["fairies"] == {"cloud": 1}
    assert g.view(0)["fairies_used"] == {"mushroom": 1}  # the others see it once all delivered
    assert "use mushroom fairy" not in g.legal_actions()
    play(g, "deliver white to V04 spot 1")
    assert g.is_over
    # Only the cloud fairy is left: 2 stars, not 4.
    assert g.score_breakdown()[0]["villager rewards"] == 2


# --------------------------------------------------------------------------------------------
# Cloud, river and bonfire fairies (TR22-FAIRY-04..07)
# --------------------------------------------------------------------------------------------


def test_cloud_fairy_places_a_token_for_no_camp_cards() -> None:
    """TR22-FAIRY-04: a cloud fairy pays a placement in full, whatever its cost: even with no
    cards the x3 row may be chosen, and a full hand is left untouched."""
    g = camp("cloud", 0)
    assert "place R1-01 space 1" in g.legal_actions()
    assert "place R2-1P space 1" in g.legal_actions()
    g.play("place R1-01 space 1")
    assert current(g)["cost_left"] == 3
    assert g.legal_actions() == ["pay cloud fairy"]
    g.play("pay cloud fairy")
    assert g.to_move == 1
    assert seat_view(g, 0)["hand_size"] == 0
    assert seat_view(g, 0)["fairies"] == {}
    assert g.view(None)["spaces"] == {"R1-01 space 1": 0}

    g = camp("cloud", 5)
    play(g, "place R1-01 space 1", "pay cloud fairy")
    assert seat_view(g, 0)["hand_size"] == 5
    assert g.view(None)["fairies_used"] == {"cloud": 1}


def test_river_fairy_keeps_two_stopped_pearls_each_under_the_full_alpaca_rule() -> None:
    """TR22-FAIRY-05: at a river token the river fairy takes 2 of the stopped pearls instead of
    1, and each goes on the alpaca under the full-alpaca rule."""
    g = position(
        """
        players = 2
        step = "collect"
        mission = "white"
        rivers = "pink white blue - - -"
        [spaces]
        "R3-1 space 1" = 0
        "R5 space 1" = 1
        [[seat]]
        fairies = "river"
        alpaca = "green green green green green"
        """
    )
    assert current(g)["picks_left"] == 1
    g.play("use river fairy")
    assert current(g)["picks_left"] == 2
    assert seat_view(g, 0)["fairies"] == {}
    # The first pearl fits (5 -> 6); the second must displace one or be discarded.
    assert "take white" in g.legal_actions()
    g.play("take white")
    takes = sorted(a for a in g.legal_actions() if a.startswith("take "))
    assert takes == [
        "take blue and discard it",
        "take blue, discard green from alpaca",
        "take blue, discard white from alpaca",
        "take pink and discard it",
        "take pink, discard green from alpaca",
        "take pink, discard white from alpaca",
    ]
    g.play("take pink, discard green from alpaca")
    assert seat_view(g, 0)["alpaca"] == {"green": 4, "pink": 1, "white": 1}
    assert g.view(None)["pearls_out"] == {"green": 1}
    # The third pearl was not taken: it rolls on to the next token down.
    v = current(g)
    assert v["current_space"] == "R5 space 1"
    assert v["pools"] == {"R5": {"blue": 1}}


TWO_RIVER_FAIRIES = """
    players = 2
    step = "collect"
    mission = "white"
    rivers = "pink white blue - - -"
    [spaces]
    "R3-1 space 1" = 0
    "R5 space 1" = 1
    [[seat]]
    fairies = "river river"
"""


def test_one_river_fairy_per_token_keeps_two_pearls_in_all() -> None:
    """TR22-FAIRY-05: "Keep 2 pearls instead of 1 while you take back your Tribe Token": the
    text fixes the total at 2, so a second river fairy is not offered at the same token (by
    default); the second fairy stays for a later token."""
    g = position(TWO_RIVER_FAIRIES)
    g.play("use river fairy")
    assert current(g)["picks_left"] == 2
    assert "use river fairy" not in g.legal_actions()
    play(g, "take white", "take pink")
    assert seat_view(g, 0)["alpaca"] == {"pink": 1, "white": 1}
    assert seat_view(g, 0)["fairies"] == {"river": 1}


def test_river_fairies_stack_only_with_the_option() -> None:
    """TR22-FAIRY-05 with ``stack_river_fairies=true``: each river fairy at one token adds a
    pearl (3 pearls with two); the option belongs to the 2022 edition."""
    g = position(TWO_RIVER_FAIRIES + "\n[options]\nedition = \"2022\"\n"
                 "stack_river_fairies = true\n")
    play(g, "use river fairy", "use river fairy")
    assert current(g)["picks_left"] == 3
    play(g, "take white", "take pink", "take blue")
    assert seat_view(g, 0)["alpaca"] == {"blue": 1, "pink": 1, "white": 1}
    with pytest.raises(upriver.BadOption, match="stack_river_fairies=true needs edition=2022"):
        upriver.new_game("twelve-rivers", players=2, edition="current",
                         stack_river_fairies=True)


def test_river_fairy_works_only_at_river_tokens() -> None:
    """TR22-FAIRY-06: the river fairy has no effect at the lake or in the village: it is not
    offered there and stays with its owner."""
    g = position(
        """
        players = 2
        step = "collect"
        mission = "white"
        sea = "pink white blue"
        markaya_display = "V02 V03 V05 V10 V11 V12"
        [spaces]
        "sea" = 0
        "village 1" = 0
        [[seat]]
        fairies = "river"
        alpaca = "green green green green green"
        """
    )
    v = current(g)
    assert v["current_space"] == "sea"
    assert "use river fairy" not in g.legal_actions()
    assert sorted(g.legal_actions()) == [
        "discard blue", "discard green", "discard pink", "discard white"]
    play(g, "discard green", "discard green")
    assert current(g)["current_space"] == "village 1"
    assert "use river fairy" not in g.legal_actions()
    g.play("befriend no one")
    assert seat_view(g, 0)["fairies"] == {"river": 1}


def test_bonfire_fairy_lowers_a_placement_cost_by_one() -> None:
    """TR22-FAIRY-07: a bonfire fairy lowers a placement's camp-card cost by 1, never below 0,
    and has no other use (no free placement asks for it, nor does any other decision)."""
    g = camp("bonfire", 2)
    # 2 cards + 1 bonfire afford the x3 row.
    assert "place R1-01 space 1" in g.legal_actions()
    g.play("place R1-01 space 1")
    g.play("pay bonfire fairy")
    assert current(g)["cost_left"] == 2
    play(g, "pay camp card", "pay camp card")
    assert g.to_move == 1
    assert seat_view(g, 0)["hand_size"] == 0
    assert seat_view(g, 0)["fairies"] == {}

    # With 1 card and 1 bonfire, the x3 row is out of reach but the x2 row is not.
    g = camp("bonfire", 1)
    assert "place R1-01 space 1" not in g.legal_actions()
    assert "place R2-1P space 1" in g.legal_actions()

    # A free groove takes no payment at all: the bonfire stays.
    g = camp("bonfire", 0)
    g.play("place R4-A space 1")
    assert g.to_move == 1
    assert seat_view(g, 0)["fairies"] == {"bonfire": 1}

    # No other decision offers it: river token, placing pearls.
    g = position(
        """
        players = 2
        round = 5
        step = "collect"
        mission = "white"
        rivers = "pink blue - - - -"
        [spaces]
        "R2-1P space 1" = 0
        [[seat]]
        fairies = "bonfire"
        markaya = ["V02"]
        """
    )
    assert not any("bonfire" in a for a in g.legal_actions())
    g.play("take pink")
    assert current(g)["step"] == DELIVER_STEP
    assert not any("bonfire" in a for a in g.legal_actions())


def test_two_bonfire_fairies_may_pay_one_placement() -> None:
    """TR22-FAIRY-07 (engine ruling): each bonfire lowers the cost by 1, so two of them may
    be spent on the same placement."""
    g = camp("bonfire bonfire", 1)
    g.play("place R1-01 space 1")
    play(g, "pay bonfire fairy", "pay bonfire fairy")
    assert current(g)["cost_left"] == 1
    g.play("pay camp card")
    assert g.view(None)["fairies_used"] == {"bonfire": 2}
    assert seat_view(g, 0)["hand_size"] == 0


# --------------------------------------------------------------------------------------------
# Breeze and mushroom fairies (TR22-FAIRY-08..11, TR22-RULING-11)
# --------------------------------------------------------------------------------------------


def test_breeze_fairy_moves_any_number_of_alpaca_pearls_onto_fitting_spaces() -> None:
    """TR22-FAIRY-08: spending a breeze fairy lets its owner move some or all alpaca pearls onto
    any of their villager tiles at once, only onto empty spaces of the pearl's colour or
    rainbow. TR22-RULING-11: here it is spent at a camp-phase decision."""
    text = """
        players = 2
        fairy_supply = 10
        mission = "white"
        track = "0 1 0 1 0 1"
        [[seat]]
        fairies = "breeze"
        alpaca = "green pink white purple"
        markaya = ["V02", "V07: - - - - white"]
        """
    g = position(text)
    assert current(g)["step"] == PLACE_STEP
    g.play("use breeze fairy")
    assert sorted(g.legal_actions()) == [
        "breeze: move green from alpaca to V02 spot 1",
        "breeze: move green from alpaca to V02 spot 5",
        "breeze: move green from alpaca to V07 spot 1",
        "breeze: move pink from alpaca to V02 spot 4",
        "breeze: move pink from alpaca to V02 spot 5",
        "breeze: move pink from alpaca to V07 spot 3",
        "breeze: move purple from alpaca to V02 spot 5",
        "breeze: move purple from alpaca to V07 spot 4",
        "breeze: move white from alpaca to V02 spot 5",
    ]
    play(g, "breeze: move pink from alpaca to V02 spot 4",
         "breeze: move green from alpaca to V07 spot 1")
    assert "breeze: done" in g.legal_actions()
    g.play("breeze: done")  # some, not all: white and purple stay
    assert seat_view(g, 0)["alpaca"] == {"purple": 1, "white": 1}
    assert pearls_on(g, 0, "V02") == [None, None, None, "pink", None]
    assert pearls_on(g, 0, "V07") == ["green", None, None, None, "white"]
    assert current(g)["step"] == PLACE_STEP  # back to the decision it interrupted
    assert "use breeze fairy" not in g.legal_actions()

    # All of them, with one fairy.
    g = position(text)
    play(g, "use breeze fairy",
         "breeze: move pink from alpaca to V02 spot 4",
         "breeze: move green from alpaca to V02 spot 1",
         "breeze: move purple from alpaca to V07 spot 4",
         "breeze: move white from alpaca to V02 spot 5")
    assert seat_view(g, 0)["alpaca"] == {}
    assert current(g)["step"] == PLACE_STEP
    assert g.view(None)["fairies_used"] == {"breeze": 1}


def test_pearls_placed_by_a_breeze_never_move_again() -> None:
    """TR22-FAIRY-09: pearls placed with a breeze fairy are ordinary placed pearls: they stay,
    a later breeze or the placing step cannot move them, and they score like any other."""
    g = position(
        """
        players = 2
        round = 5
        fairy_supply = 10
        mission = "white"
        track = "- - - - 0 1"
        [spaces]
        "village 1" = 0
        "village 2" = 0
        "village 3" = 1
        "village 4" = 1
        [[seat]]
        fairies = "breeze breeze"
        alpaca = "green green green green green"
        markaya = ["V04", "V02"]
        """
    )
    play(g, "use breeze fairy",
         "breeze: move green from alpaca to V04 spot 1",
         "breeze: move green from alpaca to V04 spot 2",
         "breeze: move green from alpaca to V04 spot 3",
         "breeze: move green from alpaca to V04 spot 4",
         "breeze: done")
    assert pearls_on(g, 0, "V04") == ["green"] * 4 + [None]
    g.play("use breeze fairy")
    # Only the alpaca pearl left can move; the four on V04 are never offered.
    assert sorted(g.legal_actions()) == [
        "breeze: move green from alpaca to V02 spot 1",
        "breeze: move green from alpaca to V02 spot 5",
        "breeze: move green from alpaca to V04 spot 5",
    ]
    g.play("breeze: move green from alpaca to V04 spot 5")
    assert pearls_on(g, 0, "V04") == ["green"] * 5
    g.play("place village 5")  # seat 0's last token; seat 1 places next
    g.play("place village 6")
    while not g.is_over:
        assert not any("V04" in a for a in g.legal_actions())
        g.play("befriend no one" if "befriend no one" in g.legal_actions() else "done")
    assert pearls_on(g, 0, "V04") == ["green"] * 5
    # 5 plant pearls (5 stars) and V04's "5 of one colour" reward (7 stars).
    assert g.score_breakdown()[0]["pearls"] == 5
    assert g.score_breakdown()[0]["villager rewards"] == 7


def test_mushroom_fairy_turns_an_empty_space_rainbow() -> None:
    """TR22-FAIRY-10: a mushroom fairy turns one empty space of one of its owner's tiles into a
    rainbow space, which from then on takes a pearl of any colour."""
    g = position(
        """
        players = 2
        round = 2
        step = "deliver"
        mission = "white"
        [[seat]]
        fairies = "mushroom"
        alpaca = "white"
        markaya = ["V04: - - - - pink"]
        """
    )
    # The white pearl fits nowhere yet.
    assert g.legal_actions() == ["use mushroom fairy", "done"]
    g.play("use mushroom fairy")
    # Empty green spaces are equivalent; the filled rainbow space is not offered.
    assert g.legal_actions() == ["mushroom: make V04 spot 1 rainbow"]
    g.play("mushroom: make V04 spot 1 rainbow")
    assert seat_view(g, 0)["markaya"][0]["rainbow_spots"] == [1]
    assert seat_view(g, 0)["fairies"] == {}
    assert g.legal_actions() == ["deliver white to V04 spot 1", "done"]
    g.play("deliver white to V04 spot 1")
    assert pearls_on(g, 0, "V04") == ["white", None, None, None, "pink"]


def test_mushroom_rainbow_space_lasts_for_the_rest_of_the_game() -> None:
    """TR22-FAIRY-10 (engine ruling): a space made rainbow and left empty stays rainbow in later
    rounds, for pearls of any colour."""
    g = position(
        """
        players = 2
        round = 2
        step = "deliver"
        mission = "white"
        track = "0 1 0 1 0 1"
        [[seat]]
        fairies = "mushroom"
        markaya = ["V04"]
        """
    )
    play(g, "use mushroom fairy", "mushroom: make V04 spot 1 rainbow", "done")
    assert g.view(None)["round"] == 3
    assert seat_view(g, 0)["markaya"][0]["rainbow_spots"] == [1]


def test_a_pearl_on_a_mushroom_rainbow_space_scores_its_own_colour() -> None:
    """TR22-FAIRY-11: a pearl on a space the mushroom turned rainbow scores its own colour: the
    rulebook's wildlife ("red") pearl on an aquatic ("blue") space scores 3, not 2."""
    g = position(
        """
        players = 2
        round = 5
        step = "deliver"
        mission = "white"
        [[seat]]
        fairies = "mushroom"
        alpaca = "pink"
        markaya = ["V05"]
        """
    )
    assert g.legal_actions() == ["deliver pink to V05 spot 5", "use mushroom fairy", "done"]
    play(g, "use mushroom fairy", "mushroom: make V05 spot 1 rainbow",
         "deliver pink to V05 spot 1")
    assert g.is_over
    assert pearls_on(g, 0, "V05") == ["pink", None, None, None, None]
    assert g.score_breakdown()[0]["pearls"] == 3


def test_breeze_fairy_may_make_room_during_the_reward_phase() -> None:
    """TR22-RULING-11: a breeze fairy may be used at any moment, e.g. in the reward phase when
    the owner's token is taken back with a full alpaca, so the new pearl needs no discard."""
    g = position(
        """
        players = 2
        step = "collect"
        mission = "white"
        rivers = "pink - - - - -"
        [spaces]
        "R1-01 space 1" = 0
        [[seat]]
        fairies = "breeze"
        alpaca = "green green blue blue purple purple"
        markaya = ["V02"]
        """
    )
    assert current(g)["step"] == RIVER_STEP
    assert "take pink" not in g.legal_actions()
    assert "use breeze fairy" in g.legal_actions()
    play(g, "use breeze fairy",
         "breeze: move green from alpaca to V02 spot 1",
         "breeze: move blue from alpaca to V02 spot 2",
         "breeze: done")
    assert current(g)["step"] == RIVER_STEP
    assert "take pink" in g.legal_actions()
    g.play("take pink")
    assert seat_view(g, 0)["alpaca"] == {"green": 1, "blue": 1, "pink": 1, "purple": 2}
    assert g.view(None)["pearls_out"] == {}
    assert pearls_on(g, 0, "V02") == ["green", "blue", None, None, None]


def test_breeze_fairy_may_be_used_at_the_lake_and_in_the_camp_phase() -> None:
    """TR22-RULING-11: the breeze is not tied to the placing step: it may be spent at the lake
    (before discarding down to 6) as well as during the camp phase."""
    g = position(
        """
        players = 2
        step = "collect"
        mission = "white"
        sea = "white white"
        [spaces]
        "sea" = 0
        [[seat]]
        fairies = "breeze"
        alpaca = "green green blue blue purple purple"
        markaya = ["V01"]
        """
    )
    assert current(g)["current_space"] == "sea"
    assert "use breeze fairy" in g.legal_actions()
    play(g, "use breeze fairy",
         "breeze: move purple from alpaca to V01 spot 3",
         "breeze: move purple from alpaca to V01 spot 4")
    # 8 pearls less 2 moved: the lake token goes back with no discard.
    assert g.view(None)["pearls_out"] == {}
    assert seat_view(g, 0)["alpaca"] == {"green": 2, "blue": 2, "white": 2}
    assert pearls_on(g, 0, "V01") == [None, None, "purple", "purple", None]


def test_breeze_and_mushroom_are_offered_while_paying_and_at_the_village_choice() -> None:
    """TR22-RULING-11, TR22-FAIRY-08, TR22-FAIRY-10: the breeze and mushroom fairies may be
    used at any moment of their owner's own decisions, so also half-way through paying for a
    placement and when choosing a villager tile; the decision goes on after the fairy."""
    paying = position(
        """
        players = 2
        mission = "white"
        track = "0 1 0 1 0 1"
        [[seat]]
        hand = 5
        fairies = "breeze mushroom"
        alpaca = "green"
        markaya = ["V01"]
        """
    )
    play(paying, "place R1-01 space 1", "pay camp card")
    assert current(paying)["step"] == "pay the placement cost"
    assert {"use breeze fairy", "use mushroom fairy"} <= set(paying.legal_actions())
    play(paying, "use breeze fairy", "breeze: move green from alpaca to V01 spot 5")
    assert current(paying)["step"] == "pay the placement cost"
    play(paying, "use mushroom fairy", "mushroom: make V01 spot 1 rainbow")
    assert paying.legal_actions() == ["pay camp card"]
    play(paying, "pay camp card", "pay camp card")
    assert seat_view(paying, 0)["hand_size"] == 2

    village = position(
        """
        players = 2
        step = "collect"
        mission = "white"
        markaya_display = "V02 V03 V05 V10 V11 V12"
        [spaces]
        "village 3" = 0
        [[seat]]
        fairies = "breeze mushroom"
        alpaca = "green"
        markaya = ["V01"]
        """
    )
    assert current(village)["step"] == "befriend a Markaya"
    assert {"use breeze fairy", "use mushroom fairy"} <= set(village.legal_actions())
    play(village, "use mushroom fairy", "mushroom: make V01 spot 3 rainbow")
    assert current(village)["step"] == "befriend a Markaya"
    assert "befriend V02" in village.legal_actions()
