"""Rule tests for the 12 Rivers 2022 edition's reward phase (rulebook 001, "Reward Phase"):
taking tokens back and the trail (TR22-REWARD-01..13), the lake (TR22-LAKE-01..05) and the
village (TR22-VILL-01..06), with the take-back order (TR22-RULING-10, option lake_first) and the
trail as an ordered line (TR22-RULING-19)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.twelve_rivers_2022.helpers import play, position, seat_view
from tests.twelve_rivers_2022.test_preparation import next_action


def board(spaces: dict[str, int]) -> str:
    """A ``[spaces]`` table: tokens on the board, by space name."""
    return "[spaces]\n" + "".join(f'"{name}" = {seat}\n' for name, seat in spaces.items())


def alpaca(game: upriver.Game, seat: int) -> dict[str, int]:
    pearls: dict[str, int] = game.view(None)["players"][seat]["alpaca"]
    return pearls


def take_back_order(game: upriver.Game) -> list[tuple[int, str]]:
    """(seat, space) of every take-back decision until the tokens are all back, choosing the
    first pearl, the first discard, and no villager."""
    order = []
    while not game.is_over and game.view(None)["current_space"] is not None:
        seat = game.to_move
        assert seat is not None
        order.append((seat, game.view(None)["current_space"]))
        actions = game.legal_actions()
        game.play("befriend no one" if "befriend no one" in actions else actions[0])
    return order


# Four players: every river has a pearl, so every river token below stops one.
FOUR_RIVERS = 'rivers = "green blue pink purple white green blue pink purple white green blue"\n'


def test_pulling_the_bar_rolls_each_pearl_to_the_first_token_or_the_lake() -> None:
    """TR22-REWARD-01: the reward phase starts by pulling the block bar; each pearl rolls down
    its river until the first occupied groove stops it, or into the lake."""
    game = position(
        'players = 2\nrivers = "white green blue pink purple green"\ntrack = "- - - - - 0"\n'
        'markaya_display = ""\n'
        + board({"R1-02 space 1": 0, "R2-1S space 1": 1, "R3-2 space 2": 0, "village 2": 1,
                 "village 3": 1})
    )
    assert game.view(None)["pools"] == {}
    play(game, "place village 4")  # the last token: the bar is pulled
    view = game.view(None)
    assert view["rivers"] == [None] * 12
    assert view["pools"] == {
        "R1-02": {"green": 1}, "R2-1S": {"blue": 1},
        "R3-2": {"green": 1, "pink": 1, "purple": 1},
    }
    assert view["sea"] == {"white": 1}  # river 1 met no token
    assert (game.to_move, view["current_space"]) == (0, "R1-02 space 1")


def test_river_tokens_go_back_row_by_row_from_the_top() -> None:
    """TR22-REWARD-02: river tokens are taken back row by row, from the top row down, whatever
    the order they were placed in."""
    spaces = ["R5 space 1", "R4-A space 1", "R3-1 space 1", "R2-1P space 1", "R1-01 space 1",
              "sea", *(f"village {k}" for k in range(1, 7))]
    game = position(
        f'players = 4\n{FOUR_RIVERS}step = "collect"\nmarkaya_display = ""\n'
        + board({space: k % 4 for k, space in enumerate(spaces)})
    )
    order = [space for _, space in take_back_order(game) if space.startswith("R")]
    assert order == ["R1-01 space 1", "R2-1P space 1", "R3-1 space 1", "R4-A space 1",
                     "R5 space 1"]


def test_within_a_row_stretches_go_back_left_to_right() -> None:
    """TR22-REWARD-03: within a row, tokens go back stretch by stretch from left to right, every
    token of a stretch before any of the next; rulebook example: red and green in area A, then
    orange in area B (red, green, orange), never the reverse."""
    game = position(
        f'players = 4\n{FOUR_RIVERS}step = "collect"\nmarkaya_display = ""\n'
        + board({"R4-B space 1": 3, "R4-A space 4": 1, "R4-A space 3": 0,
                 "village 1": 0, "village 2": 0, "village 3": 1, "village 4": 1,
                 "village 5": 2, "village 6": 2, "sea": 2, "R5 space 1": 3, "R5 space 2": 3})
    )
    order = take_back_order(game)
    assert order[:3] == [(0, "R4-A space 3"), (1, "R4-A space 4"), (3, "R4-B space 1")]
    assert game.view(None)["tribes"][3] == "earth"  # orange
    # Row 2: the pair stretch's lower groove goes back before the single stretch to its right.
    row2 = position(
        f'players = 4\n{FOUR_RIVERS}step = "collect"\nmarkaya_display = ""\n'
        + board({"R2-1S space 1": 0, "R2-1P space 2": 1, "R2-2P space 1": 2,
                 **{f"village {k}": (k - 1) % 4 for k in range(1, 7)},
                 "sea": 3, "R5 space 1": 3, "R5 space 2": 2})
    )
    assert [s for _, s in take_back_order(row2)][:3] == [
        "R2-1P space 2", "R2-1S space 1", "R2-2P space 1"
    ]


def test_within_a_stretch_tokens_go_back_from_the_top_groove() -> None:
    """TR22-REWARD-04: within a stretch, tokens are taken back from the top groove down."""
    game = position(
        f'players = 4\n{FOUR_RIVERS}step = "collect"\nmarkaya_display = ""\n'
        + board({"R5 space 5": 0, "R5 space 1": 1, "R5 space 3": 2, "R4-A space 4": 3,
                 "R4-A space 2": 0, **{f"village {k}": (k + 1) % 4 for k in range(1, 7)},
                 "sea": 1})
    )
    order = take_back_order(game)
    assert order[:5] == [(0, "R4-A space 2"), (3, "R4-A space 4"), (1, "R5 space 1"),
                         (2, "R5 space 3"), (0, "R5 space 5")]


def test_a_token_goes_back_onto_the_rearmost_empty_trail_space_at_once() -> None:
    """TR22-REWARD-05: a token goes back onto the trail the moment it is taken back, onto the
    rearmost empty space, before the next token is handled; each space holds one token."""
    game = position(
        'players = 2\nrivers = "white green blue - - -"\nstep = "collect"\nmarkaya_display = ""\n'
        + board({"R1-01 space 1": 1, "R1-02 space 1": 0, "R1-03 space 1": 0,
                 "village 1": 1, "village 2": 1, "village 3": 0})
    )
    assert game.view(None)["track"] == [None] * 12
    play(game, "take white")
    assert game.view(None)["track"] == [None] * 11 + [1]
    assert (game.to_move, game.view(None)["current_space"]) == (0, "R1-02 space 1")
    play(game, "take green")
    assert game.view(None)["track"] == [None] * 10 + [0, 1]
    play(game, "take blue")
    view = game.view(None)  # the village tokens follow, then round 2 begins
    assert view["round"] == 2
    assert view["track"] == [None] * 6 + [0, 1, 1, 0, 0, 1]


def test_next_round_places_in_reverse_take_back_order() -> None:
    """TR22-REWARD-06: next round's placing order is the exact reverse of this round's take-back
    order; in the 3-player example the first of the 9 tokens taken back places last."""
    seats = [1, 1, 0, 2, 0, 2, 2, 0, 1]
    game = position(
        'players = 3\nrivers = "green blue pink purple white green blue pink purple"\n'
        'step = "collect"\n'
        + board({f"R1-{r:02d} space 1": seat for r, seat in enumerate(seats, start=1)})
    )
    back = take_back_order(game)
    assert back == [(seat, f"R1-{r:02d} space 1") for r, seat in enumerate(seats, start=1)]
    assert game.view(None)["round"] == 2
    placing = []
    while game.view(None)["phase"] == "exploration":
        placing.append(game.to_move)
        game.play(next_action(game.legal_actions()))
    assert placing == list(reversed(seats))
    assert placing[-1] == back[0][0]


def test_a_river_token_must_take_exactly_one_stopped_pearl() -> None:
    """TR22-REWARD-07: a river token that stopped pearls must take exactly one of them onto its
    owner's alpaca at once (no "done"); a river fairy lets it take two."""
    text = (
        'players = 2\nrivers = "white green blue - - -"\nstep = "collect"\nmarkaya_display = ""\n'
        'fairy_supply = 0\n'
        + board({"R4-A space 1": 0, "R1-05 space 1": 0, "R1-06 space 1": 0,
                 "village 1": 1, "village 2": 1, "village 3": 1})
    )
    game = position(text)
    assert game.to_move == 0 and game.view(None)["current_space"] == "R4-A space 1"
    assert sorted(game.legal_actions()) == ["take blue", "take green", "take white"]
    with pytest.raises(upriver.IllegalAction):
        game.play("done")
    play(game, "take blue")
    assert alpaca(game, 0) == {"blue": 1}
    # The others rolled on into the unvisited lake, which is emptied at the end of the round.
    assert game.view(None)["pearls_out"] == {"green": 1, "white": 1}
    fairy = position(text + '[[seat]]\nfairies = "river"')
    assert "use river fairy" in fairy.legal_actions() and "done" not in fairy.legal_actions()
    play(fairy, "use river fairy", "take blue")
    assert fairy.to_move == 0 and "done" not in fairy.legal_actions()
    play(fairy, "take white")
    assert alpaca(fairy, 0) == {"blue": 1, "white": 1}


def test_a_token_that_stopped_nothing_gives_nothing() -> None:
    """TR22-REWARD-08: a river token that stopped no pearl gives nothing and asks nothing."""
    game = position(
        'players = 2\nrivers = "- - - - - white"\nstep = "collect"\nmarkaya_display = ""\n'
        + board({"R1-01 space 1": 0, "R2-1P space 1": 0, "R1-06 space 1": 1,
                 "village 1": 0, "village 2": 1, "village 3": 1})
    )
    assert game.to_move == 1 and game.view(None)["current_space"] == "R1-06 space 1"
    assert game.view(None)["track"] == [None] * 11 + [0]  # R1-01 went back without a decision
    play(game, "take white")
    view = game.view(None)
    assert view["round"] == 2  # R2-1P and the village tokens went back asking nothing
    assert view["track"] == [None] * 6 + [1, 1, 0, 0, 1, 0]
    assert alpaca(game, 0) == {} and alpaca(game, 1) == {"white": 1}


def test_leftover_pearls_roll_on_to_the_next_token_or_the_lake() -> None:
    """TR22-REWARD-09: once a token is removed, the pearls left at it roll on to the next
    occupied groove below (in the same stretch or further down) or into the lake."""
    game = position(
        'players = 2\nrivers = "white green blue pink - -"\nstep = "collect"\n'
        'markaya_display = ""\n'
        + board({"R4-A space 1": 0, "R4-A space 3": 1, "R5 space 4": 0,
                 "village 1": 0, "village 2": 1, "village 3": 1})
    )
    play(game, "take white")
    assert (game.to_move, game.view(None)["current_space"]) == (1, "R4-A space 3")
    assert sorted(game.legal_actions()) == ["take blue", "take green", "take pink"]
    play(game, "take pink")
    assert (game.to_move, game.view(None)["current_space"]) == (0, "R5 space 4")
    assert sorted(game.legal_actions()) == ["take blue", "take green"]
    play(game, "take green")
    assert game.view(None)["pearls_out"] == {"blue": 1}  # it reached the (unvisited) lake


FULL = (
    'players = 2\nrivers = "white - - - - -"\nstep = "collect"\nmarkaya_display = ""\n'
    'mission = "pink"\n'
    + board({"R1-01 space 1": 0, "R1-02 space 1": 0, "R5 space 1": 1,
             "village 1": 0, "village 2": 1, "village 3": 1})
    + '[[seat]]\nalpaca = "green green blue blue pink pink"\n'
)


def test_an_alpaca_never_holds_more_than_six() -> None:
    """TR22-REWARD-10: an alpaca never holds more than 6 pearls: a full alpaca at a river token
    has no plain "take"."""
    game = position(FULL)
    actions = game.legal_actions()
    assert "take white" not in actions
    for action in actions:
        trial = game.clone()
        trial.play(action)
        assert sum(alpaca(trial, 0).values()) == 6


def test_a_full_alpaca_discards_an_old_pearl_or_the_new_one() -> None:
    """TR22-REWARD-11: when a new pearl must go onto a full alpaca, its owner either discards any
    pearl already on it and puts the new one in its place, or discards the new pearl."""
    game = position(FULL)
    assert sorted(game.legal_actions()) == sorted([
        "take white, discard green from alpaca", "take white, discard blue from alpaca",
        "take white, discard pink from alpaca", "take white and discard it",
    ])
    swap = game.clone()
    play(swap, "take white, discard blue from alpaca")
    assert alpaca(swap, 0) == {"green": 2, "blue": 1, "pink": 2, "white": 1}
    drop = game.clone()
    play(drop, "take white and discard it")
    assert alpaca(drop, 0) == {"green": 2, "blue": 2, "pink": 2}


def test_discarded_pearls_leave_the_game() -> None:
    """TR22-REWARD-12: pearls discarded because an alpaca is full leave the game: they do not roll
    on, do not reach the lake and never return to the bag."""
    for action, out in (("take white, discard green from alpaca", {"green": 1}),
                        ("take white and discard it", {"white": 1})):
        game = position(FULL)
        bag = sum(game.view(None)["bag"].values())
        play(game, action)  # the round ends: nothing else stops a pearl
        view = game.view(None)
        assert view["round"] == 2
        assert view["pearls_out"] == out  # not in the lake (which would empty into it too)
        assert sum(view["bag"].values()) == bag - 6  # only round 2's pearls left the bag
        assert alpaca(game, 1) == {}  # nothing rolled down to the R5 token


def test_mission_is_checked_after_each_addition() -> None:
    """TR22-REWARD-13: the mission is checked right after each addition of pearls to an alpaca
    (river or lake): the first player to meet it takes the card at once."""
    game = position(
        'players = 2\nrivers = "blue blue - - - -"\nstep = "collect"\nmarkaya_display = ""\n'
        'mission = "blue"\n'
        + board({"R1-01 space 1": 0, "R1-02 space 1": 1, "R1-03 space 1": 0,
                 "village 1": 0, "village 2": 1, "village 3": 1})
        + '[[seat]]\nalpaca = "blue blue blue"\n[[seat]]\nalpaca = "blue blue blue"\n'
    )
    play(game, "take blue")
    assert game.to_move == 1  # still the reward phase: seat 1's token is next
    assert seat_view(game, 0)["alpaca_cards"] == ["blue"]
    assert game.view(None)["alpaca_cards"][0]["owner"] == 0
    play(game, "take blue")
    assert seat_view(game, 1)["alpaca_cards"] == []  # only the first player gets it
    lake = position(
        'players = 2\nsea = "white white"\nstep = "collect"\nmarkaya_display = ""\n'
        'mission = "white"\n'
        + board({"sea": 1, "R1-01 space 1": 0, "R1-02 space 1": 0, "R1-03 space 1": 0,
                 "village 1": 1, "village 2": 1})
        + '[[seat]]\n[[seat]]\nalpaca = "white"\n'
    )
    assert seat_view(lake, 1)["alpaca_cards"] == ["white"]
    # A lake catch over 6 is checked once the alpaca is back down to 6 (engine ruling).
    over = (
        'players = 2\nsea = "blue green green"\nstep = "collect"\nmarkaya_display = ""\n'
        'mission = "blue"\n'
        + board({"sea": 0, "R1-01 space 1": 0, "R1-02 space 1": 0, "village 1": 1,
                 "village 2": 1, "village 3": 1})
        + '[[seat]]\nalpaca = "blue blue blue pink pink"\n'
    )
    kept = position(over)
    assert kept.view(None)["step"] == "lake: choose pearls to discard"
    assert seat_view(kept, 0)["alpaca_cards"] == []
    play(kept, "discard green", "discard pink")
    assert seat_view(kept, 0)["alpaca_cards"] == ["blue"]
    dropped = position(over)
    play(dropped, "discard blue", "discard green")
    assert seat_view(dropped, 0)["alpaca_cards"] == []


def test_the_lake_receives_every_pearl_past_the_river_tokens() -> None:
    """TR22-LAKE-01: the lake receives every pearl that gets past all river tokens, including the
    ones left behind by a token."""
    game = position(
        'players = 2\nrivers = "white green blue pink purple green"\nstep = "collect"\n'
        'markaya_display = ""\n'
        + board({"R1-01 space 1": 0, "R3-2 space 1": 1, "sea": 0,
                 "village 1": 0, "village 2": 1, "village 3": 1})
    )
    assert game.view(None)["sea"] == {"green": 1, "blue": 1}  # rivers 2 and 3
    play(game, "take white")
    play(game, "take pink")
    assert alpaca(game, 0) == {"white": 1, "green": 2, "blue": 1, "purple": 1}


def test_the_lake_token_takes_every_lake_pearl_after_the_river_tokens() -> None:
    """TR22-LAKE-02: the lake token is taken back after all river tokens and then takes every
    pearl in the lake onto its owner's alpaca at once."""
    game = position(
        'players = 2\nrivers = "white green blue pink - -"\nsea = "purple"\nstep = "collect"\n'
        'markaya_display = ""\n'
        + board({"sea": 1, "R5 space 5": 0, "R4-A space 1": 0,
                 "village 1": 0, "village 2": 1, "village 3": 1})
    )
    order = take_back_order(game)
    assert order == [(0, "R4-A space 1"), (0, "R5 space 5")]  # no decision at the lake
    assert alpaca(game, 0) == {"green": 1, "blue": 1}
    assert alpaca(game, 1) == {"white": 1, "pink": 1, "purple": 1}


def test_an_overfull_lake_catch_keeps_six_of_alpaca_and_lake_pearls() -> None:
    """TR22-LAKE-03: if the lake pearls do not all fit, the owner chooses which to keep, up to 6,
    from their alpaca and the lake together; all the others leave the game."""
    game = position(
        'players = 2\nsea = "green green green blue"\nstep = "collect"\nmarkaya_display = ""\n'
        + board({"sea": 0, "R1-01 space 1": 0, "R1-02 space 1": 0,
                 "village 1": 1, "village 2": 1, "village 3": 1})
        + '[[seat]]\nalpaca = "white white white white"\n'
    )
    assert game.to_move == 0
    assert game.view(None)["step"] == "lake: choose pearls to discard"
    assert sorted(game.legal_actions()) == ["discard blue", "discard green", "discard white"]
    play(game, "discard white", "discard green")
    assert alpaca(game, 0) == {"white": 3, "green": 2, "blue": 1}
    assert game.view(None)["pearls_out"] == {"white": 1, "green": 1}
    assert game.view(None)["sea"] == {}


def test_an_unvisited_lake_is_emptied_out_of_the_game() -> None:
    """TR22-LAKE-04: if no token was in the lake this round, every lake pearl leaves the game
    before the next round starts (with either lake option)."""
    for lake_first in ("true", "false"):
        game = position(
            'players = 2\nrivers = "white green blue pink purple green"\nstep = "collect"\n'
            'markaya_display = ""\n'
            + board({"R1-01 space 1": 0, "R1-02 space 1": 1, "village 1": 0, "village 2": 1,
                     "village 3": 0, "village 4": 1})
            + f'[options]\nedition = "2022"\nlake_first = {lake_first}\n'
        )
        assert game.view(None)["sea"] == {"blue": 1, "pink": 1, "purple": 1, "green": 1}
        bag = sum(game.view(None)["bag"].values())
        play(game, "take white", "take green")
        view = game.view(None)
        assert view["round"] == 2 and view["sea"] == {}
        assert view["pearls_out"] == {"blue": 1, "pink": 1, "purple": 1, "green": 1}
        assert sum(view["bag"].values()) == bag - 6  # only round 2's draw left the bag


def test_every_round_starts_with_an_empty_lake() -> None:
    """TR22-LAKE-05: every round starts with an empty lake, so lake pearls never carry over: next
    round's lake token only gets that round's pearls."""
    game = position(
        'players = 2\nsea = "white white purple"\nstep = "deliver"\n[[seat]]\nhand = 5'
    )
    view = game.view(None)
    assert view["round"] == 2 and view["sea"] == {}
    assert view["pearls_out"] == {"white": 2, "purple": 1}
    rivers = [c for c in view["rivers"] if c]
    play(game, "place sea")
    while game.view(None)["phase"] == "exploration":
        game.play(next_action(game.legal_actions()))
    assert alpaca(game, 0) == dict(Counter(rivers))  # every pearl of round 2, and no more


def test_village_tokens_go_back_left_to_right_after_rivers_and_lake() -> None:
    """TR22-VILL-01, TR22-RULING-10 (lake_first = true, the default): river tokens go back
    first, then the lake token, then the village tokens from the leftmost groove to the right."""
    text = (
        'players = 2\nrivers = "white green - - - -"\nsea = "blue blue blue"\nstep = "collect"\n'
        'markaya_display = "V01 V02 V03 V04 V05 V06"\n'
        + board({"village 5": 0, "village 2": 1, "sea": 0, "village 4": 1, "R5 space 2": 1,
                 "R1-01 space 1": 0})
        + '[[seat]]\nalpaca = "pink pink pink pink"\n'
    )
    order = take_back_order(position(text))
    assert order == [(0, "R1-01 space 1"), (1, "R5 space 2"), (0, "sea"), (0, "sea"),
                     (1, "village 2"), (1, "village 4"), (0, "village 5")]


def test_village_before_lake_option() -> None:
    """TR22-RULING-10 (lake_first = false): the village tokens go back before the lake token,
    still after all river tokens."""
    text = (
        'players = 2\nrivers = "white green - - - -"\nsea = "blue blue blue"\nstep = "collect"\n'
        'markaya_display = "V01 V02 V03 V04 V05 V06"\n'
        + board({"village 5": 0, "village 2": 1, "sea": 0, "village 4": 1, "R5 space 2": 1,
                 "R1-01 space 1": 0})
        + '[[seat]]\nalpaca = "pink pink pink pink"\n'
        + '[options]\nedition = "2022"\nlake_first = false\n'
    )
    order = take_back_order(position(text))
    assert order == [(0, "R1-01 space 1"), (1, "R5 space 2"), (1, "village 2"),
                     (1, "village 4"), (0, "village 5"), (0, "sea"), (0, "sea")]
    with pytest.raises(upriver.BadOption):
        upriver.new_game("twelve-rivers", players=2, edition="current", lake_first=False)


VILLAGE = (
    'players = 2\nstep = "collect"\nmarkaya_display = "{offer}"\n'
    + board({"village 3": 0, "village 4": 1, "village 5": 0, "R1-01 space 1": 0,
             "R1-02 space 1": 1, "R1-03 space 1": 1})
)


def test_a_village_token_may_take_one_offered_tile_or_none() -> None:
    """TR22-VILL-02: a village token taken back may take one of the tiles still face up in this
    round's offer and place it in front of its owner; taking none is allowed."""
    game = position(VILLAGE.format(offer="V01 V02 V03"))
    assert game.to_move == 0
    assert sorted(game.legal_actions()) == [
        "befriend V01", "befriend V02", "befriend V03", "befriend no one"
    ]
    none = game.clone()
    play(none, "befriend no one")
    assert seat_view(none, 0)["markaya"] == [] and none.to_move == 1
    assert none.view(None)["markaya_display"] == ["V01", "V02", "V03"]
    play(game, "befriend V02")
    assert [t["id"] for t in seat_view(game, 0)["markaya"]] == ["V02"]
    assert game.view(None)["players"][1]["markaya"] == []


def test_a_taken_tile_is_not_replaced_during_the_round() -> None:
    """TR22-VILL-03: a taken tile is not replaced during the round, so later village tokens
    choose among the tiles left."""
    game = position(VILLAGE.format(offer="V01 V02 V03"))
    deck = game.view(None)["markaya_deck"]
    play(game, "befriend V02")
    assert game.view(None)["markaya_display"] == ["V01", "V03"]
    assert game.view(None)["markaya_deck"] == deck
    assert game.to_move == 1
    assert sorted(game.legal_actions()) == ["befriend V01", "befriend V03", "befriend no one"]
    play(game, "befriend V03")
    assert game.to_move == 0 and sorted(game.legal_actions()) == [
        "befriend V01", "befriend no one"
    ]


def test_a_taken_tile_gives_its_printed_camp_cards() -> None:
    """TR22-VILL-04: taking a tile gives at once as many camp cards from the supply as its
    upper-left icon shows; a tile with no icon gives none (seat 1, wood, takes other totems)."""
    for tile, cards in (("V03", 2), ("V07", 1), ("V04", 0), ("V01", 0), ("V08", 2)):
        game = position(VILLAGE.format(offer=tile))
        play(game, "befriend no one")
        pile = game.view(None)["draw_pile"]
        assert game.to_move == 1
        play(game, f"befriend {tile}")
        assert game.view(None)["players"][1]["hand_size"] == cards, tile
        assert game.view(None)["draw_pile"] == pile - cards


def test_own_totem_gives_one_more_card() -> None:
    """TR22-VILL-05: a tile showing the taker's own totem gives exactly 1 more camp card after the
    printed ones, also for a tile with no card icon, and every time such a tile is taken."""
    for tile, cards in (("V01", 0), ("V09", 1), ("V05", 2)):  # fire tiles; seat 0 is fire
        game = position(VILLAGE.format(offer=tile))
        play(game, f"befriend {tile}")
        assert game.view(None)["players"][0]["hand_size"] == cards + 1, tile
    game = position(VILLAGE.format(offer="V01 V13 V02"))  # two fire tiles with no icon
    play(game, "befriend V01", "befriend V02", "befriend V13")
    assert [t["id"] for t in seat_view(game, 0)["markaya"]] == ["V01", "V13"]
    assert game.view(None)["players"][0]["hand_size"] == 2
    assert game.view(None)["players"][1]["hand_size"] == 2  # V02: wood, 1 printed + 1


def test_other_totems_give_nothing_extra() -> None:
    """TR22-VILL-06: a tile showing another tribe's totem gives nothing extra when taken."""
    for tile, cards in (("V02", 1), ("V03", 2), ("V04", 0), ("V11", 0)):  # wood, water, earth
        game = position(VILLAGE.format(offer=tile))
        play(game, f"befriend {tile}")
        assert game.view(None)["players"][0]["hand_size"] == cards, tile


def test_the_trail_is_an_ordered_line_of_the_tokens_in_play() -> None:
    """TR22-RULING-19: the trail is an ordered line of the tokens in play; its first space is the
    front of that line even with 2 or 3 players (fewer than 12 tokens)."""
    game = position(
        'players = 2\nstep = "collect"\nmarkaya_display = ""\n'
        + board({"R1-01 space 1": 1, "R1-02 space 1": 0, "R1-03 space 1": 0,
                 "R1-04 space 1": 1, "R1-05 space 1": 0, "R1-06 space 1": 1})
    )
    view = game.view(None)
    assert view["round"] == 2 and view["track"] == [None] * 6 + [1, 0, 1, 0, 0, 1]
    assert game.to_move == 1  # the owner of the front of the line places first
    # At game end the front of the line breaks a tie, among the tied players only.
    end = position(
        'players = 3\nstep = "end"\nround = 5\ntrack = "- - - 2 1 0 2 0 1 0 2 1"\n'
        '[[seat]]\nmarkaya = ["V01: white"]\n[[seat]]\nmarkaya = ["V03: - - - - white"]\n'
    )
    assert end.scores() == [5, 5, 0]
    assert end.winners() == [1]
