"""Placing pearls on villager tiles in the 2022 first edition of 12 Rivers (rulebook 001, "After
all the Tribe Tokens on the board are taken back ... The Rules to put the Nature's Bounties"):
checklist TR22-PLACE-01..07.

Villager tiles are the placeholder tiles of data/2022/villagers.toml: V02 has the spaces green,
blue, blue, pink, rainbow; V04 green x4, rainbow; V06 pink x4, rainbow; V07 green, blue, pink,
purple, white; V08 green, blue, pink, purple, rainbow; V09 green, blue, pink, rainbow, white.
"""

from __future__ import annotations

import pytest

import upriver
from tests.game_helpers import current, deliveries, pearls_on
from tests.twelve_rivers_2022.helpers import play, position, seat_view

PLACE_STEP = "place a family marker"
RIVER_STEP = "collect pearls from the river"
VILLAGE_STEP = "befriend a Markaya"
DELIVER_STEP = "deliver to Markaya"


# A reward phase in progress: seat 0 has a river token at R1-01 (one green pearl stopped) and a
# village token; seat 1 has the lake token and a village token. Both hold a tile already.
REWARD_PHASE = """
players = 2
round = {round}
step = "collect"
rivers = "green - - - - -"
mission = "white"
markaya_display = "V02 V03 V05 V10 V11 V12"
track = "- - 0 1"
[spaces]
"R1-01 space 1" = 0
"sea" = 1
"village 1" = 0
"village 2" = 1
[[seat]]
alpaca = "pink"
markaya = ["V04"]
[[seat]]
alpaca = "blue"
markaya = ["V06"]
"""


def test_pearls_are_placed_once_every_token_is_back_once_per_round() -> None:
    """TR22-PLACE-01: only when every token is back on the trail may each player move pearls
    from the alpaca onto their tiles; each player gets that one placing step in the round."""
    g = position(REWARD_PHASE.format(round=1))
    assert current(g)["step"] == RIVER_STEP
    assert deliveries(g) == []
    g.play("take green")
    g.play("befriend no one")  # village 1, seat 0
    assert deliveries(g) == []
    g.play("befriend no one")  # village 2, seat 1
    v = current(g)
    assert v["step"] == DELIVER_STEP
    assert v["spaces"] == {}
    assert sorted(s for s in v["track"] if s is not None) == [0, 0, 0, 1, 1, 1]
    assert g.to_move == 0
    assert deliveries(g) == [
        "deliver green to V04 spot 1",
        "deliver green to V04 spot 5",
        "deliver pink to V04 spot 5",
    ]
    g.play("deliver green to V04 spot 1")
    g.play("done")
    # Seat 0's placing is over for this round; seat 1 places next, then round 2 begins.
    assert g.to_move == 1
    assert deliveries(g) == ["deliver blue to V06 spot 5"]
    g.play("done")
    v = current(g)
    assert v["round"] == 2
    assert v["step"] == PLACE_STEP
    assert deliveries(g) == []


def test_round_five_has_its_pearl_placing_too() -> None:
    """TR22-PLACE-01: the placing step also happens in round 5, before the game ends."""
    g = position(REWARD_PHASE.format(round=5))
    play(g, "take green", "befriend no one", "befriend no one")
    assert not g.is_over
    assert current(g)["step"] == DELIVER_STEP
    g.play("deliver green to V04 spot 1")
    g.play("done")
    g.play("deliver blue to V06 spot 5")
    assert g.is_over
    assert pearls_on(g, 0, "V04") == ["green", None, None, None, None]
    assert pearls_on(g, 1, "V06") == [None, None, None, None, "blue"]


def test_no_pearl_reaches_a_tile_outside_the_placing_step_except_by_breeze() -> None:
    """TR22-PLACE-02: in the camp phase and while tokens are taken back, no action puts a pearl
    from the alpaca on a villager tile; a breeze fairy is the only exception."""
    text = """
        players = 2
        round = 2
        fairy_supply = 0
        rivers = "white pink - - - -"
        mission = "green"
        track = "0 1 - -"
        [spaces]
        "R1-01 space 1" = 1
        "village 1" = 0
        "village 2" = 1
        "village 3" = 0
        [[seat]]
        hand = 4
        fairies = "{fairies}"
        alpaca = "pink green"
        markaya = ["V04", "V07"]
        [[seat]]
        hand = 4
        alpaca = "white"
        markaya = ["V09"]
        """
    g = position(text.format(fairies=""))
    seen_steps = []
    while current(g)["step"] != DELIVER_STEP:
        seen_steps.append(current(g)["step"])
        assert deliveries(g) == []
        assert not any("to V0" in a for a in g.legal_actions())
        actions = g.legal_actions()
        choice = next((a for a in actions if a.startswith(("take ", "befriend no one"))),
                      actions[0])
        g.play(choice)
    assert PLACE_STEP in seen_steps
    assert RIVER_STEP in seen_steps
    assert VILLAGE_STEP in seen_steps
    assert pearls_on(g, 0, "V04") == [None] * 5
    assert pearls_on(g, 0, "V07") == [None] * 5
    assert pearls_on(g, 1, "V09") == [None] * 5

    # The same camp-phase decision with a breeze fairy: the pearls can go onto the tiles now.
    g = position(text.format(fairies="breeze"))
    assert current(g)["step"] == PLACE_STEP
    assert "use breeze fairy" in g.legal_actions()
    play(g, "use breeze fairy", "breeze: move pink from alpaca to V07 spot 3")
    assert pearls_on(g, 0, "V07") == [None, None, "pink", None, None]
    assert seat_view(g, 0)["alpaca"] == {"green": 1}


def test_a_pearl_goes_only_on_an_empty_space_of_its_colour_or_rainbow() -> None:
    """TR22-PLACE-03: a pearl may go only on an empty space of its own colour or on a rainbow
    space, and each space holds one pearl."""
    g = position(
        """
        players = 2
        round = 2
        step = "deliver"
        mission = "green"
        [[seat]]
        alpaca = "pink pink white"
        markaya = ["V07", "V02: green - - - -"]
        """
    )
    assert deliveries(g) == [
        "deliver pink to V02 spot 4",
        "deliver pink to V02 spot 5",
        "deliver pink to V07 spot 3",
        "deliver white to V02 spot 5",
        "deliver white to V07 spot 5",
    ]
    g.play("deliver pink to V07 spot 3")
    # V07's only pink space is taken: the second pink may not go there any more.
    assert deliveries(g) == [
        "deliver pink to V02 spot 4",
        "deliver pink to V02 spot 5",
        "deliver white to V02 spot 5",
        "deliver white to V07 spot 5",
    ]
    g.play("deliver white to V02 spot 5")
    # The rainbow space is now full too.
    assert deliveries(g) == ["deliver pink to V02 spot 4"]
    assert pearls_on(g, 0, "V02") == ["green", None, None, None, "white"]
    assert pearls_on(g, 0, "V07") == [None, None, "pink", None, None]


def test_pearls_go_on_any_own_tile_old_or_new_but_never_on_another_players() -> None:
    """TR22-PLACE-04: a pearl may go on a tile taken this round or in any earlier round, never
    on another player's tile."""
    g = position(
        """
        players = 2
        round = 3
        step = "collect"
        mission = "white"
        markaya_display = "V08 V03 V05 V10 V11 V12"
        track = "- - 0 1 1 1"
        [spaces]
        "village 1" = 0
        "village 2" = 0
        [[seat]]
        alpaca = "green"
        markaya = ["V04: green green - - -"]
        [[seat]]
        markaya = ["V09", "V07"]
        """
    )
    play(g, "befriend V08", "befriend no one")  # seat 0 takes V08 this round
    assert current(g)["step"] == DELIVER_STEP
    assert g.to_move == 0
    assert deliveries(g) == [
        "deliver green to V04 spot 3",
        "deliver green to V04 spot 5",
        "deliver green to V08 spot 1",
        "deliver green to V08 spot 5",
    ]
    assert not any("V07" in a or "V09" in a for a in g.legal_actions())
    g.play("deliver green to V08 spot 1")
    assert pearls_on(g, 0, "V08") == ["green", None, None, None, None]
    assert pearls_on(g, 1, "V09") == [None] * 5


def test_placing_is_optional_and_unplaced_pearls_stay_on_the_alpaca() -> None:
    """TR22-PLACE-05: the player chooses how many pearls to place, none included; the others stay
    on the alpaca into the next round and keep taking room there."""
    g = position(
        """
        players = 2
        round = 1
        step = "deliver"
        mission = "white"
        [[seat]]
        alpaca = "green green green pink pink blue"
        markaya = ["V04"]
        """
    )
    assert "done" in g.legal_actions()  # placing nothing at all is allowed
    g.play("deliver green to V04 spot 1")
    assert "deliver green to V04 spot 2" in g.legal_actions()
    g.play("done")  # stop with pearls that could still be placed
    v = current(g)
    assert v["round"] == 2
    assert v["step"] == PLACE_STEP
    assert pearls_on(g, 0, "V04") == ["green", None, None, None, None]
    assert seat_view(g, 0)["alpaca"] == {"green": 2, "pink": 2, "blue": 1}

    # Pearls left on the alpaca keep taking room: with 6 left there, the next river pearl
    # can only be kept by discarding one.
    g = position(
        """
        players = 2
        round = 1
        step = "deliver"
        mission = "white"
        fairy_supply = 0
        track = "0 1 0 1 0 1"
        [[seat]]
        hand = 3
        alpaca = "green green green pink pink blue"
        markaya = ["V04"]
        """
    )
    play(g, "done")
    assert current(g)["round"] == 2
    assert seat_view(g, 0)["alpaca"] == {"green": 3, "pink": 2, "blue": 1}
    play(g, "place R1-01 space 1", "pay camp card", "pay camp card", "pay camp card",
         "place village 3", "place village 4", "place village 5", "place village 6",
         "place sea")
    v = current(g)
    assert v["step"] == RIVER_STEP
    assert v["current_space"] == "R1-01 space 1"
    takes = [a for a in g.legal_actions() if a.startswith("take ")]
    assert takes
    assert all("discard" in a for a in takes)


def test_placed_pearls_never_move_again() -> None:
    """TR22-PLACE-06: a pearl on a villager tile stays on that space: no action, breeze or
    mushroom fairy moves it to another space, another tile or back to the alpaca."""
    g = position(
        """
        players = 2
        round = 2
        step = "deliver"
        mission = "white"
        [[seat]]
        alpaca = "white"
        fairies = "breeze mushroom"
        markaya = ["V07: green blue pink purple -", "V02: green blue - - -"]
        """
    )
    actions = g.legal_actions()
    assert deliveries(g) == ["deliver white to V02 spot 5", "deliver white to V07 spot 5"]
    assert not any(" from V0" in a for a in actions)
    g.play("use breeze fairy")
    # The breeze moves alpaca pearls only; the pink on V07 could fit V02's rainbow but stays.
    assert sorted(g.legal_actions()) == [
        "breeze: move white from alpaca to V02 spot 5",
        "breeze: move white from alpaca to V07 spot 5",
    ]
    g.play("breeze: move white from alpaca to V07 spot 5")
    g.play("use mushroom fairy")
    # Only empty spaces can be turned rainbow: the filled ones are not offered.
    assert sorted(g.legal_actions()) == [
        "mushroom: make V02 spot 3 rainbow",
        "mushroom: make V02 spot 4 rainbow",
    ]
    g.play("mushroom: make V02 spot 4 rainbow")
    assert g.legal_actions() == ["done"]
    assert pearls_on(g, 0, "V07") == ["green", "blue", "pink", "purple", "white"]
    assert pearls_on(g, 0, "V02") == ["green", "blue", None, None, None]


def test_the_next_round_starts_after_placing_and_the_game_ends_after_round_five() -> None:
    """TR22-PLACE-07: once placing is done the next round starts with its preparation phase
    (pearls at the river origins, fairies on the round's sites); after round 5 the game ends."""
    text = """
        players = 2
        round = {round}
        step = "deliver"
        mission = "white"
        track = "1 0 1 0 1 0"
        [[seat]]
        alpaca = "green"
        markaya = ["V04"]
        """
    g = position(text.format(round=1))
    g.play("deliver green to V04 spot 1")
    v = g.view(None)
    assert v["round"] == 2
    assert v["phase"] == "exploration"
    assert sum(1 for c in v["rivers"] if c is not None) == 6
    assert all(c is not None for c in v["rivers"][:6])
    assert sorted(v["sites"]) == ["statue 1", "statue 2"]  # round 2: the statues
    assert g.to_move == 1  # the front token of the trail places first

    g = position(text.format(round=5))
    g.play("deliver green to V04 spot 1")
    assert g.is_over
    v = g.view(None)
    assert v["round"] == 5
    assert v["rivers"] == [None] * 12
    assert g.legal_actions() == []


@pytest.mark.parametrize(("markaya", "rainbow", "ok"), [
    ('["V05: white"]', "[]", False),            # V05 spaces: blue x4, rainbow
    ('["V05: - - - - white"]', "[]", True),     # the rainbow space takes any colour
    ('["V05: white"]', '["V05 1"]', True),      # a mushroom fairy made space 1 rainbow
    ('["V05: blue blue blue blue blue"]', "[]", True),
])
def test_a_position_refuses_pearls_that_could_never_lie_where_it_puts_them(
        markaya: str, rainbow: str, ok: bool) -> None:
    """TR22-PLACE-03: a pearl goes only on a space of its colour or a rainbow space (a mushroom
    fairy's included), so a position with a white pearl on a blue space is refused with one
    line."""
    text = f"""
        players = 2
        mission = "white"
        [[seat]]
        markaya = {markaya}
        rainbow = {rainbow}
    """
    if ok:
        position(text)
        return
    with pytest.raises(upriver.BadPosition) as err:
        position(text)
    assert str(err.value) == (
        "a pearl cannot lie on a space of another colour: white on V05 spot 1 (blue)")
