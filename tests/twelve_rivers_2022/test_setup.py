"""Rule tests for the 12 Rivers 2022 edition's setup (rulebook 001, "Game Setup"):
TR22-SETUP-01..13, the 4-player starting hands (TR22-RULING-07) and what is in play at every
player count (TR22-RULING-17)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.twelve_rivers_2022.helpers import new, play, position, seat_view, totals, turn_order
from tests.twelve_rivers_2022.test_preparation import play_round

PEARLS = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}


def hands(game: upriver.Game) -> list[int]:
    return [p["hand_size"] for p in game.view(None)["players"]]


def placeable(game: upriver.Game) -> list[str]:
    return [a.removeprefix("place ") for a in game.legal_actions() if a.startswith("place ")]


def test_two_to_four_players() -> None:
    """TR22-SETUP-01: the game is for 2, 3 or 4 players."""
    assert upriver.game_info("twelve-rivers")["players"] == [2, 3, 4]
    for players in (2, 3, 4):
        assert new(players).num_players == players
    for players in (1, 5):
        with pytest.raises(upriver.BadOption):
            new(players)
    with pytest.raises(upriver.BadPosition):
        position("players = 5")


def test_rivers_in_use_are_counted_from_the_left() -> None:
    """TR22-SETUP-02: the 6 leftmost rivers are used with 2 players, 9 with 3 and all 12 with 4;
    the other rivers get no pearl and no fairy for the whole game."""
    for players in (2, 3, 4):
        game = new(players, seed=30 + players)
        used = 3 * players
        allowed_sites = {f"{k} {g}" for k in ("stump", "statue") for g in range(1, players + 1)}
        for _ in range(5):
            view = game.view(None)
            assert all(view["rivers"][:used]) and not any(view["rivers"][used:])
            assert set(view["sites"]) <= allowed_sites
            play_round(game)
        assert game.is_over
        rich = position(f"players = {players}\n[[seat]]\nhand = 9")
        row1 = {a.split(" space ")[0] for a in placeable(rich) if a.startswith("R1-")}
        assert row1 == {f"R1-{r:02d}" for r in range(1, used + 1)}


def test_block_bar_in_place_and_all_pearls_in_the_bag_before_round_one() -> None:
    """TR22-SETUP-03: before round 1 the block bar is in its groove and all 65 pearls are in the
    bag: the only pearls out of the bag are round 1's, waiting behind the bar."""
    for players in (2, 3, 4):
        view = new(players, seed=players).view(None)
        drawn = Counter(c for c in view["rivers"] if c)
        assert sum(drawn.values()) == 3 * players
        assert dict(Counter(view["bag"]) + drawn) == PEARLS
        assert view["pools"] == {} and view["sea"] == {} and view["pearls_out"] == {}
        assert all(p["alpaca"] == {} for p in view["players"])


def test_each_player_takes_three_tokens_and_an_alpaca_of_their_colour() -> None:
    """TR22-SETUP-04: each player takes the 3 tribe tokens and the alpaca board of one colour,
    and the colour fixes the player's tribe."""
    for players in (2, 3, 4):
        view = new(players).view(None)
        assert Counter(s for s in view["track"] if s is not None) == dict.fromkeys(
            range(players), 3)
        assert len(view["players"]) == players
        assert all(p["alpaca"] == {} for p in view["players"])
        assert view["tribes"] == ["fire", "wood", "water", "earth"][:players]


def test_six_villager_tiles_face_up_from_a_shuffled_pile() -> None:
    """TR22-SETUP-05: the 30 villager tiles are shuffled face down and 6 are turned face up as
    round 1's offer."""
    offers = set()
    for seed in range(8):
        view = new(3, seed=seed).view(None)
        assert len(view["markaya_display"]) == 6 == len(set(view["markaya_display"]))
        assert view["markaya_deck"] == 24
        assert view["markaya_deck_bottom"] == []  # nothing known about the face-down pile
        offers.add(tuple(view["markaya_display"]))
    assert len(offers) == 8


def test_all_25_fairies_shuffled_into_one_pile() -> None:
    """TR22-SETUP-06: all 25 fairies are shuffled into one face-down pile; none goes back in the
    box, whatever the player count."""
    for players in (2, 3, 4):
        seen = set()
        for seed in range(6):
            game = new(players, seed=seed)
            view = game.view(None)
            on_sites = sum(sum(k.values()) for k in view["sites"].values())
            assert on_sites == players
            assert view["fairy_supply"] + on_sites == 25 == totals(game)["fairies"]
            assert view["fairies_used"] == {}
            seen.add(tuple(sorted((s, *k) for s, k in view["sites"].items())))
        assert len(seen) > 1  # the pile is shuffled


def test_one_random_mission_card() -> None:
    """TR22-SETUP-07: one of the 5 mission cards is drawn at random and laid face up as the
    game's only mission; the other 4 leave the game unseen."""
    colours = set()
    for seed in range(30):
        game = new(3, seed=seed)
        for seat in (None, 0, 1, 2):
            cards = game.view(seat)["alpaca_cards"]
            assert len(cards) == 1 and cards[0]["owner"] is None
        colours.add(game.view(None)["alpaca_cards"][0]["colour"])
    assert len(colours) >= 4  # drawn at random


def test_seat_one_is_the_first_player_then_clockwise() -> None:
    """TR22-SETUP-08: the first player ("who recently climbed a mountain", drawn at random from
    the seed, TR22-RULING first-player) starts, and the next seats follow clockwise in seat
    order; over many seeds each seat is sometimes first."""
    for players in (2, 3, 4):
        firsts = set()
        for seed in range(40):
            game = new(players, seed=seed)
            first = game.to_move
            assert first is not None
            firsts.add(first)
            order = []
            for _ in range(players):
                order.append(game.to_move)
                play(game, f"place village {len(order)}")
            assert order == [(first + k) % players for k in range(players)]
        assert firsts == set(range(players))


def test_trail_is_filled_round_robin() -> None:
    """TR22-SETUP-09: the trail is filled in turns, the first player first, then each next seat
    behind, until every token is on it: spaces 1 to 3P read the turn order three times over."""
    for players in (2, 3, 4):
        for seed in range(6):
            game = new(players, seed=seed)
            order = turn_order(game)
            assert order == [(order[0] + k) % players for k in range(players)]
            assert game.view(None)["track"] == order * 3 + [None] * (12 - 3 * players)


def hands_in_turn_order(game: upriver.Game) -> list[int]:
    return [hands(game)[s] for s in turn_order(game)]


def test_two_player_starting_hands() -> None:
    """TR22-SETUP-10: with 2 players the first player starts with 4 camp cards and the second
    with 5."""
    for seed in range(6):
        game = new(2, seed=seed)
        assert hands_in_turn_order(game) == [4, 5]
        assert seat_view(game, turn_order(game)[0])["hand"] == {"camp card": 4}


def test_three_player_starting_hands() -> None:
    """TR22-SETUP-11: with 3 players the first, second and third players start with 4, 5 and 6
    camp cards."""
    for seed in range(6):
        assert hands_in_turn_order(new(3, seed=seed)) == [4, 5, 6]


def test_four_player_starting_hands() -> None:
    """TR22-RULING-07: with 4 players the first to fourth players start with 4, 5, 6 and 7
    camp cards."""
    for seed in range(6):
        assert hands_in_turn_order(new(4, seed=seed)) == [4, 5, 6, 7]


def test_undealt_camp_cards_form_one_supply_for_every_gain() -> None:
    """TR22-SETUP-12: the camp cards not dealt form one common face-down supply, every gain comes
    from it, and there is no face-up card display."""
    for players, dealt in ((2, 9), (3, 15), (4, 22)):
        view = new(players).view(None)
        assert view["draw_pile"] == 48 - dealt
        assert view["card_display"] == [] and view["discard"] == {}
    game = new(2)
    first, second = turn_order(game)
    play(game, "place village 1")  # +2 cards at once
    assert hands(game)[first] == 6 and hands(game)[second] == 5
    assert game.view(None)["draw_pile"] == 37
    play(game, "place R5 space 1")  # +1 card at once
    assert hands(game) == [6, 6] and game.view(None)["draw_pile"] == 36
    assert totals(game)["supply cards"] == 48


def test_paid_cards_return_to_the_supply_and_an_empty_supply_gives_nothing() -> None:
    """TR22-SETUP-12 (engine ruling): every gain comes from the one supply; paid cards wait on a
    discard pile that is shuffled back when the supply runs out, and with no card left anywhere a
    gain gives nothing."""
    game = position("players = 2\ndiscard = 3\n[[seat]]\nhand = 40\n[[seat]]\nhand = 5")
    assert game.view(None)["draw_pile"] == 0
    play(game, "place village 1")
    view = game.view(None)
    assert hands(game) == [42, 5] and view["draw_pile"] == 1 and view["discard"] == {}
    empty = position("players = 2\n[[seat]]\nhand = 43\n[[seat]]\nhand = 5")
    play(empty, "place village 1")
    assert hands(empty) == [43, 5] and totals(empty)["supply cards"] == 48


def test_players_start_with_no_tile_fairy_pearl_or_mission() -> None:
    """TR22-SETUP-13: every player starts with no villager tile, no fairy, an empty alpaca and no
    mission card."""
    for players in (2, 3, 4):
        view = new(players, seed=players).view(None)
        for p in view["players"]:
            assert p["markaya"] == [] and p["fairies"] == {} and p["alpaca"] == {}
            assert p["alpaca_cards"] == []
        assert view["alpaca_cards"][0]["owner"] is None
        assert view["scores"] == [0] * players


def test_lake_village_and_mission_at_every_player_count() -> None:
    """TR22-RULING-17: the lake, all 6 village grooves and the single mission card are in play
    at every player count."""
    for players in (2, 3, 4):
        game = new(players, seed=1)
        spaces = placeable(game)
        assert "sea" in spaces
        assert [s for s in spaces if s.startswith("village")] == [
            f"village {k}" for k in range(1, 7)
        ]
        assert len(game.view(None)["alpaca_cards"]) == 1
