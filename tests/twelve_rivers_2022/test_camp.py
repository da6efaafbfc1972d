"""Rule tests for the 12 Rivers 2022 edition's camp phase (rulebook 001, "Camp Phase"):
TR22-CAMP-01..15 with the rulebook's 3-player example, and the rulings on row costs
(TR22-RULING-02), closed stretches (TR22-RULING-04), fairy-site links (TR22-RULING-05), the
village card grooves (TR22-RULING-06, option village_cards), camp cards as a plain count
(TR22-RULING-09) and the cloud fairy on a groove that gives cards (TR22-RULING-12)."""

from __future__ import annotations

import pytest

import upriver
from tests.twelve_rivers_2022.helpers import play, position, seat_view

ROWS = {
    1: ["R1-01 space 1", "R1-05 space 1", "R1-09 space 1"],
    2: ["R2-1P space 1", "R2-1P space 2", "R2-1S space 1", "R2-3S space 1"],
    3: ["R3-1 space 1", "R3-2 space 3", "R3-3 space 2"],
    4: ["R4-A space 1", "R4-A space 4", "R4-B space 2"],
    5: ["R5 space 1", "R5 space 3", "R5 space 5"],
}


def board(spaces: dict[str, int]) -> str:
    """A ``[spaces]`` table: tokens on the board, by space name."""
    return "[spaces]\n" + "".join(f'"{name}" = {seat}\n' for name, seat in spaces.items())


def placeable(game: upriver.Game) -> list[str]:
    return [a.removeprefix("place ") for a in game.legal_actions() if a.startswith("place ")]


def hand(game: upriver.Game, seat: int) -> int:
    size: int = game.view(None)["players"][seat]["hand_size"]
    return size


def cost_of(game: upriver.Game, space: str) -> int:
    """Camp cards the player to move must pay to place on ``space``; a gain is negative."""
    trial = game.clone()
    seat = trial.to_move
    assert seat is not None
    before = hand(trial, seat)
    trial.play(f"place {space}")
    view = trial.view(seat)
    if view["step"] == "pay the placement cost" and view["to_move"] == seat:
        cost: int = view["cost_left"]
        return cost
    return before - hand(trial, seat)


def test_turns_follow_the_trail() -> None:
    """TR22-CAMP-01: turns follow the trail: the owner of the front-most token still on the
    trail takes it and places it, then the owner of the next token, until the trail is empty."""
    game = position('players = 3\ntrack = "2 0 1 1 2 0 0 1 2"')
    movers = []
    for k in range(1, 10):
        movers.append(game.to_move)
        front = next(s for s in game.view(None)["track"] if s is not None)
        assert game.to_move == front
        play(game, f"place village {k}" if k <= 6 else f"place R5 space {k - 6}")
    assert movers == [2, 0, 1, 1, 2, 0, 0, 1, 2]
    assert game.view(None)["phase"] == "collection"
    later = position('players = 2\ntrack = "- - - 1 0 1 0 0 1"')
    assert later.to_move == 1


def test_each_turn_places_exactly_one_token() -> None:
    """TR22-CAMP-02: each turn places exactly one token, and a player who owns consecutive trail
    tokens takes consecutive turns."""
    game = position('players = 2\ntrack = "0 0 1 1 1 0"')
    movers = []
    for k in range(1, 7):
        movers.append(game.to_move)
        track_before = sum(s is not None for s in game.view(None)["track"])
        play(game, f"place village {k}")
        view = game.view(None)
        if k < 6:
            assert sum(s is not None for s in view["track"]) == track_before - 1
            assert len(view["spaces"]) == k
    assert movers == [0, 0, 1, 1, 1, 0]


def test_placing_is_compulsory() -> None:
    """TR22-CAMP-03: placing is compulsory: no pass and no holding a token back, even with no
    camp card, so all 3P tokens are on the board when the phase ends."""
    game = position('players = 2\nmarkaya_display = "V01 V02"')
    assert game.view(None)["players"][0]["hand_size"] == 0
    for k in range(1, 7):
        actions = game.legal_actions()
        assert actions and all(a.startswith("place ") for a in actions)
        with pytest.raises(upriver.IllegalAction):
            game.play("done")
        play(game, f"place village {k}")
    view = game.view(None)
    assert view["phase"] == "collection"  # village tokens are still waiting to be taken back
    assert len(view["spaces"]) == 6 and all(s is None for s in view["track"])


def test_any_empty_groove_in_river_lake_or_village() -> None:
    """TR22-CAMP-04: a token may go into any empty groove of the river area, the lake or the
    village; a groove holds one token, and one player may have several tokens in one stretch."""
    game = position('players = 2\ntrack = "0 1 0 1 0 1"\n[[seat]]\nhand = 9\n[[seat]]\nhand = 9')
    spaces = placeable(game)
    assert {"R1-01 space 1", "R3-2 space 2", "R5 space 5", "sea", "village 6"} <= set(spaces)
    play(game, "place R4-A space 2")
    assert "R4-A space 2" not in placeable(game)
    with pytest.raises(upriver.IllegalAction):
        game.play("place R4-A space 2")
    play(game, "place sea")
    assert "sea" not in placeable(game)
    play(game, "place R4-A space 1")
    assert game.view(None)["spaces"] == {"R4-A space 2": 0, "sea": 1, "R4-A space 1": 0}


def test_river_rows_have_fixed_costs() -> None:
    """TR22-CAMP-05, TR22-RULING-02: every groove of a river row costs the same, the cost rises
    toward the origins, and the five rows from the top cost 3 (x3), 2, 1, 0 and gain 1 (+1)."""
    game = position("players = 4\n[[seat]]\nhand = 9")
    expected = {1: 3, 2: 2, 3: 1, 4: 0, 5: -1}
    for row, spaces in ROWS.items():
        assert {cost_of(game, space) for space in spaces} == {expected[row]}, row


def test_plus_one_row_gains_a_card_at_once() -> None:
    """TR22-CAMP-06: the bottom river row (+1) costs nothing, and placing there gains 1 camp card
    from the supply at once."""
    game = position('players = 2\ntrack = "0 1 0 1 0 1"\n[[seat]]\nhand = 0')
    pile = game.view(None)["draw_pile"]
    play(game, "place R5 space 4")
    assert game.to_move == 1  # no payment step: the turn is over
    assert seat_view(game, 0)["hand"] == {"camp card": 1}
    assert game.view(None)["draw_pile"] == pile - 1


def test_cost_is_paid_at_once_and_unaffordable_grooves_are_not_offered() -> None:
    """TR22-CAMP-07: the placing player pays the groove's cost from their hand at once, after any
    fairy reduction; a groove they cannot pay for is not a legal choice."""
    poor = position('players = 2\n[[seat]]\nhand = 2')
    spaces = placeable(poor)
    assert not any(s.startswith("R1-") for s in spaces)
    assert "R2-1P space 1" in spaces
    with pytest.raises(upriver.IllegalAction):
        poor.play("place R1-01 space 1")
    play(poor, "place R2-1P space 1")
    assert poor.legal_actions() == ["pay camp card"] and poor.to_move == 0
    play(poor, "pay camp card", "pay camp card")
    assert hand(poor, 0) == 0 and poor.to_move == 1
    # A bonfire lowers the cost by 1: two cards and the bonfire pay for the x3 row.
    bonfire = position('players = 2\nfairy_supply = 0\n[[seat]]\nhand = 2\nfairies = "bonfire"')
    assert "R1-01 space 1" in placeable(bonfire)
    play(bonfire, "place R1-01 space 1", "pay bonfire fairy", "pay camp card", "pay camp card")
    assert hand(bonfire, 0) == 0 and seat_view(bonfire, 0)["fairies"] == {}
    assert bonfire.to_move == 1
    # A cloud pays the whole cost.
    cloud = position('players = 2\nfairy_supply = 0\n[[seat]]\nhand = 0\nfairies = "cloud"')
    assert "R1-01 space 1" in placeable(cloud)
    play(cloud, "place R1-01 space 1")
    assert cloud.legal_actions() == ["pay cloud fairy"]
    play(cloud, "pay cloud fairy")
    assert hand(cloud, 0) == 0 and seat_view(cloud, 0)["fairies"] == {}


def test_fairy_on_the_chosen_site_cannot_pay_for_that_placement() -> None:
    """TR22-CAMP-07, TR22-CAMP-09 (engine ruling): a fairy taken by a placement is taken after the
    cost is settled, so a bonfire on the linked site cannot make that groove affordable."""
    game = position(
        'players = 2\nfairy_supply = 0\n[sites]\n"stump 1" = "bonfire"\n[[seat]]\nhand = 2'
    )
    assert "R1-01 space 1" not in placeable(game)
    rich = position(
        'players = 2\nfairy_supply = 0\n[sites]\n"stump 1" = "cloud"\n[[seat]]\nhand = 3'
    )
    play(rich, "place R1-01 space 1")
    assert rich.legal_actions() == ["pay camp card"]  # the cloud is not the player's yet
    play(rich, "pay camp card", "pay camp card", "pay camp card")
    assert seat_view(rich, 0)["fairies"] == {"cloud": 1}


def test_any_groove_of_a_stretch_and_the_higher_stops_pearls_first() -> None:
    """TR22-CAMP-08: within a stretch the player may choose any empty groove, and a higher groove
    in a stretch stops arriving pearls before a lower one."""
    game = position("players = 2")
    assert {f"R4-A space {k}" for k in range(1, 5)} <= set(placeable(game))
    play(game, "place R4-A space 3")
    assert {"R4-A space 1", "R4-A space 2", "R4-A space 4"} <= set(placeable(game))
    play(game, "place R4-A space 2")
    assert game.view(None)["spaces"] == {"R4-A space 3": 0, "R4-A space 2": 1}
    # Taking back: the higher token (seat 1) has all the pearls to choose from first.
    reward = position(
        'players = 2\nrivers = "white green - - - -"\nstep = "collect"\nmarkaya_display = ""\n'
        + board({"R4-A space 3": 0, "R4-A space 2": 1, "village 1": 0, "village 2": 0,
                 "village 3": 1, "village 4": 1})
    )
    assert reward.to_move == 1
    assert sorted(reward.legal_actions()) == ["take green", "take white"]
    play(reward, "take white")
    assert reward.to_move == 0 and reward.legal_actions() == ["take green"]


def test_placing_at_a_linked_stretch_takes_the_whole_stack() -> None:
    """TR22-CAMP-09: a token placed in a river stretch whose linked site holds fairies takes all
    of them at once, and the site is left empty."""
    game = position(
        'players = 2\nfairy_supply = 0\n[sites]\n"stump 1" = "cloud river river"\n'
        '"stump 2" = "breeze"\n[[seat]]\nhand = 3'
    )
    play(game, "place R1-01 space 1", "pay camp card", "pay camp card", "pay camp card")
    assert seat_view(game, 0)["fairies"] == {"cloud": 1, "river": 2}
    assert game.view(None)["sites"] == {"stump 2": {"breeze": 1}}
    assert game.to_move == 1


def test_only_a_linked_stretch_gives_fairies() -> None:
    """TR22-CAMP-10: placing at a linked stretch is the only way to gain fairies: the lake, the
    village and a stretch with no linked site give none."""
    sites = '[sites]\n"stump 1" = "cloud"\n"stump 2" = "river"\n"statue 1" = "mushroom"\n'
    for space in ("sea", "village 1", "village 4", "R1-02 space 1", "R2-1P space 1",
                  "R4-A space 1", "R5 space 1"):
        game = position(f"players = 2\nfairy_supply = 0\n{sites}[[seat]]\nhand = 9")
        before = game.view(None)["sites"]
        play(game, f"place {space}")
        while game.to_move == 0:
            play(game, "pay camp card")
        assert seat_view(game, 0)["fairies"] == {}, space
        assert game.view(None)["sites"] == before, space


def test_lake_groove_is_free_and_gives_no_card() -> None:
    """TR22-CAMP-11: the lake groove costs nothing and gives no camp card."""
    game = position('players = 2\ntrack = "0 1 0 1 0 1"\n[[seat]]\nhand = 0')
    assert "sea" in placeable(game)
    pile = game.view(None)["draw_pile"]
    play(game, "place sea")
    assert game.to_move == 1 and hand(game, 0) == 0
    assert game.view(None)["draw_pile"] == pile


def test_village_token_collects_no_pearls_and_chooses_its_tile_later() -> None:
    """TR22-CAMP-12: a village token never collects pearls, and its villager tile is chosen only
    when it is taken back in the reward phase, never when it is placed."""
    game = position(
        'players = 2\nrivers = "white white white white white white"\ntrack = "0 1 0 1 0 1"\n'
        'markaya_display = "V01 V02 V03 V04 V05 V06"'
    )
    play(game, "place village 3")
    assert not any(a.startswith("befriend") for a in game.legal_actions())
    assert seat_view(game, 0)["markaya"] == []
    for k in (1, 2, 4, 5, 6):
        play(game, f"place village {k}")
    view = game.view(None)
    assert view["phase"] == "collection"
    assert view["sea"] == {"white": 6}  # every pearl rolled past the village into the lake
    assert game.to_move == 1 and "befriend V01" in game.legal_actions()  # village 1 first
    play(game, "befriend no one", "befriend no one", "befriend V04")
    assert [t["id"] for t in seat_view(game, 0)["markaya"]] == ["V04"]
    assert all(p["alpaca"] == {} for p in game.view(None)["players"])


def test_village_grooves_cost_nothing_two_give_cards() -> None:
    """TR22-CAMP-13, TR22-RULING-06 (village_cards = "left", the default): no village groove
    costs camp cards; the leftmost gives 2 cards at once, the second 1, the other four none."""
    game = position("players = 2\n[[seat]]\nhand = 0")
    assert game.options["village_cards"] == "left"
    gains = [-cost_of(game, f"village {k}") for k in range(1, 7)]
    assert gains == [2, 1, 0, 0, 0, 0]
    play(game, "place village 1")
    assert game.to_move == 1 and seat_view(game, 0)["hand"] == {"camp card": 2}


def test_village_card_grooves_on_the_right_option() -> None:
    """TR22-RULING-06 (village_cards = "right"): the +2 and +1 grooves are the two rightmost."""
    game = position('players = 2\n[[seat]]\nhand = 0\n[options]\nedition = "2022"\n'
                    'village_cards = "right"')
    gains = [-cost_of(game, f"village {k}") for k in range(1, 7)]
    assert gains == [0, 0, 0, 0, 1, 2]
    with pytest.raises(upriver.BadOption):
        upriver.new_game("twelve-rivers", players=2, edition="current", village_cards="right")


def test_camp_phase_ends_with_the_last_token() -> None:
    """TR22-CAMP-14: the camp phase ends as soon as the last token is placed, and the reward
    phase starts at once."""
    game = position(
        'players = 2\nrivers = "pink - - - - -"\ntrack = "- - - - - 1"\nmarkaya_display = ""\n'
        + board({"village 1": 0, "village 2": 0, "village 3": 0, "village 4": 1,
                 "village 5": 1})
    )
    assert game.view(None)["phase"] == "exploration"
    play(game, "place R4-A space 1")  # the last token
    view = game.view(None)
    assert view["phase"] == "collection"
    assert game.to_move == 1 and game.legal_actions() == ["take pink"]


def test_rulebook_camp_example_three_players() -> None:
    """TR22-CAMP-15: rulebook example (3 players): green places first and pays 1 card for an x1
    groove; red then pays 3 cards for an x3 groove whose site holds a river fairy and holds it
    right after placing; the third player places next."""
    game = position(
        'players = 3\ntrack = "1 0 2 1 0 2 1 0 2"\nfairy_supply = 0\n'
        '[sites]\n"stump 1" = "river"\n'
        "[[seat]]\nhand = 4\n[[seat]]\nhand = 5\n[[seat]]\nhand = 6"
    )
    assert game.view(None)["tribes"][:2] == ["fire", "wood"]  # seat 0 red, seat 1 green
    assert game.to_move == 1
    play(game, "place R3-1 space 1")
    assert game.view(1)["cost_left"] == 1
    play(game, "pay camp card")
    assert hand(game, 1) == 4
    assert game.to_move == 0
    play(game, "place R1-01 space 1")
    assert game.view(0)["cost_left"] == 3
    play(game, "pay camp card", "pay camp card", "pay camp card")
    assert hand(game, 0) == 1
    assert seat_view(game, 0)["fairies"] == {"river": 1}
    assert game.view(None)["sites"] == {}
    assert game.to_move == 2


def test_stretches_fed_only_by_unused_rivers_are_closed() -> None:
    """TR22-RULING-04: with 2 or 3 players, stretches fed only by unused rivers are closed to
    tokens; stretch B of row 4 is open with 3 players and closed with 2."""
    def stretches(players: int) -> set[str]:
        game = position(f"players = {players}\n[[seat]]\nhand = 9")
        return {s.split(" space ")[0] for s in placeable(game) if " space " in s}

    two, three, four = stretches(2), stretches(3), stretches(4)
    assert "R4-B" not in two and "R4-B" in three and "R4-B" in four
    for closed in ("R1-07", "R1-12", "R2-3P", "R2-3S", "R3-3", "R3-4"):
        assert closed not in two
    assert {"R1-06", "R2-2S", "R3-2", "R4-A", "R5"} <= two
    for closed in ("R1-10", "R1-12", "R2-4P", "R2-4S", "R3-4"):
        assert closed not in three
    assert {"R1-09", "R2-3P", "R2-3S", "R3-3"} <= three
    assert len(four) == 27
    game = position("players = 2\n[[seat]]\nhand = 9")
    with pytest.raises(upriver.IllegalAction):
        game.play("place R4-B space 1")


def test_stumps_and_statues_are_linked_to_their_stretches() -> None:
    """TR22-RULING-05: stump g (g = 1..4) is linked to the row-1 stretch of river 3g-2, and statue
    g to group g's row-3 stretch."""
    sites = "".join(f'"stump {g}" = "cloud"\n"statue {g}" = "river"\n' for g in range(1, 5))
    links = {f"R1-{3 * g - 2:02d} space 1": f"stump {g}" for g in range(1, 5)}
    links |= {f"R3-{g} space 2": f"statue {g}" for g in range(1, 5)}
    for space, site in links.items():
        game = position(f"players = 4\nfairy_supply = 0\n[sites]\n{sites}[[seat]]\nhand = 9")
        play(game, f"place {space}")
        while game.to_move == 0:
            play(game, "pay camp card")
        taken = {"cloud": 1} if site.startswith("stump") else {"river": 1}
        assert seat_view(game, 0)["fairies"] == taken, space
        assert site not in game.view(None)["sites"] and len(game.view(None)["sites"]) == 7


def test_camp_cards_are_a_plain_count() -> None:
    """TR22-RULING-09: camp cards are a plain count drawn from a 48-card supply; the plant
    pictures on the cost rows place no requirement on which cards are paid."""
    game = position("players = 4\n[[seat]]\nhand = 9")
    for row, spaces in ROWS.items():
        if row > 3:
            continue
        trial = game.clone()
        play(trial, f"place {spaces[0]}")
        paid = 0
        while trial.to_move == 0:
            assert trial.legal_actions() == ["pay camp card"]
            play(trial, "pay camp card")
            paid += 1
        assert paid == 4 - row and hand(trial, 0) == 9 - paid
        assert trial.view(None)["discard"] == {"camp card": paid}


def test_cloud_on_a_card_groove_still_gains_the_cards() -> None:
    """TR22-RULING-12: a cloud fairy on a groove that gives cards (the +1 row, the +2 or +1
    village groove) costs nothing and the cards are still gained."""
    for space, gain in (("R5 space 2", 1), ("village 1", 2), ("village 2", 1)):
        game = position(
            'players = 2\nfairy_supply = 0\n[[seat]]\nhand = 0\nfairies = "cloud"'
        )
        play(game, f"place {space}")
        assert game.to_move == 1  # nothing to pay, the cloud is not needed
        assert hand(game, 0) == gain, space
        assert seat_view(game, 0)["fairies"] == {"cloud": 1}
