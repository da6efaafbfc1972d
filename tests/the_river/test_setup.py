"""Rule tests for The River setup and the preliminary turn (RV-SETUP-01..13, RV-PRELIM-01..07,
and the preliminary half of RV-RULING-07).

``upriver.new_game`` stops at the first preliminary pick, so the view right after ``new`` is the
table as setup leaves it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.the_river.helpers import new, play, seat_view, store_anywhere, totals
from upriver import render_text
from upriver.core.game import Game

STOCK = {2: (8, 8, 8, 4), 3: (10, 10, 10, 6), 4: (12, 12, 12, 8)}
KINDS = ("wood", "stone", "clay", "food")
PLACEHOLDER_PRINTING = [[], ["wood"], ["warehouse"], ["stone"], ["warehouse"], ["clay"], [],
                        ["warehouse"], [], ["warehouse"], [], []]


def setup_tiles(game: Game) -> list[str]:
    return [t["id"] for t in game.view(0)["terrain_display"]]


def do_prelim(game: Game, rng: random.Random | None = None) -> None:
    """Play the preliminary picks (and any meadow choice they bring), at random or first-listed."""
    while game.view(0)["step"] in ("choose a starting tile", "choose resources", "store resources"):
        legal = game.legal_actions()
        game.play(rng.choice(legal) if rng else legal[0])


def play_out(game: Game, rng: random.Random, check: Any = None) -> None:
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
        if check is not None:
            check(game)


def test_every_board_and_boat_shows_the_side_for_the_player_count(tmp_path: Path) -> None:
    """RV-SETUP-01: with 2 players the main board and every river board show their 2-player side;
    with 3 or 4 players all show the 3/4-player side."""
    single = {"wood 1", "stone 1", "clay 1", "food 1", "reserve", "first player", "swap"}
    assert set(new(2).view(0)["spots"]) == single
    for players in (3, 4):
        assert set(new(players).view(0)["spots"]) == single | {"wood 2", "stone 2", "clay 2",
                                                               "food 2"}
    # give each colour's 2-player side an extra warehouse on space 12: only 2-player games see it
    lines = []
    for colour in ("black", "blue", "green", "yellow"):
        for side in ("2", "34"):
            spaces = [list(s) for s in PLACEHOLDER_PRINTING]
            if side == "2":
                spaces[11] = ["warehouse"]
            lines += ["[[board]]", f'colour = "{colour}"', f'side = "{side}"',
                      f"spaces = {json.dumps(spaces)}", "framed = [4, 6, 8, 10]",
                      "token_spots = 5", "pioneer_spot = 2", ""]
    path = tmp_path / "boards.toml"
    path.write_text("\n".join(lines))
    for players, warehouses in ((2, 5), (3, 4), (4, 4)):
        view = new(players, components=str(path)).view(0)
        assert [p["warehouses"] for p in view["players"]] == [warehouses] * players


def test_four_pioneers_on_the_boat_and_the_fifth_on_the_second_token_spot() -> None:
    """RV-SETUP-02: each player puts 4 pioneers on their boat and the 5th on the second
    bonus-token spot from the top."""
    for players in (2, 3, 4):
        for p in new(players, seed=players).view(0)["players"]:
            assert p["boat"] == 4
            assert p["pioneer_on_token_spot"] is True
            assert p["settled"] == 0 and p["pioneers_on_board"] == 0


def test_all_tiles_are_shuffled_into_one_draw_stack() -> None:
    """RV-SETUP-03: all terrain tiles are shuffled face down into a single draw stack (the seed
    decides its order)."""
    for players in (2, 3, 4):
        game = new(players, seed=5)
        view = game.view(0)
        assert view["terrain_stack"] == 65 - (players + 1)
        assert view["terrain_discard"] == []
        assert totals(game)["terrain tiles"] == 65
    assert setup_tiles(new(4, seed=5)) == setup_tiles(new(4, seed=5))
    draws = {tuple(setup_tiles(new(4, seed=s))) for s in range(12)}
    assert len(draws) > 6
    drawn = {t for d in draws for t in d}
    assert len(drawn) > 25  # tiles of every kind come up, not a fixed few


def test_n_plus_one_setup_tiles_face_up_used_only_in_the_preliminary_turn() -> None:
    """RV-SETUP-04: N+1 tiles (3, 4 or 5) are laid face up on the setup spots and used only in the
    preliminary turn."""
    for players in (2, 3, 4):
        game = new(players, seed=11)
        view = game.view(0)
        assert view["step"] == "choose a starting tile"
        setup = setup_tiles(game)
        assert len(setup) == players + 1
        assert sorted(game.legal_actions()) == sorted(f"take starting tile {t}" for t in setup)
        do_prelim(game)
        after = setup_tiles(game)
        placed = {p["river"][0]["tile"]["id"] for p in game.view(0)["players"]}
        assert placed < set(setup)
        assert not set(after) & set(setup)  # the leftover is not among the play tiles


def test_building_deck_shuffled_and_one_card_face_up_per_display_spot() -> None:
    """RV-SETUP-05: the buildings are shuffled into a face-down deck and one card is turned face
    up on each display spot."""
    for players, spots in ((2, 3), (3, 4), (4, 4)):
        view = new(players, seed=3).view(0)
        display = view["building_display"]
        assert len(display) == spots and all(card is not None for card in display)
        assert len({card["id"] for card in display}) == spots
        assert view["building_deck"] == 33 - spots
    displays = {tuple(c["id"] for c in new(4, seed=s).view(0)["building_display"])
                for s in range(10)}
    assert len(displays) > 5


def test_building_display_has_four_spots_on_the_three_four_player_side() -> None:
    """RV-SETUP-06: the building display has 4 spots on the 3/4-player side."""
    for players in (3, 4):
        assert len(new(players).view(0)["building_display"]) == 4


def test_building_display_has_three_spots_on_the_two_player_side() -> None:
    """RV-SETUP-07: the building display has 3 spots on the 2-player side."""
    assert len(new(2).view(0)["building_display"]) == 3


def test_islands_stocked_by_player_count_leftovers_out_of_play_all_game() -> None:
    """RV-SETUP-08: each resource island is stocked by player count; with 2 or 3 players the
    leftover resources stay in the box for the whole game."""
    for players in (2, 3, 4):
        for seed in range(3):
            game = new(players, seed=seed)
            stocked = STOCK[players]

            def check(g: Game, stocked: tuple[int, ...] = stocked) -> None:
                view = g.view(None)
                pending = view.get("pending", view.get("covered", {}))
                for k, kind in enumerate(KINDS):
                    held = sum(p["resources"][kind] for p in view["players"])
                    assert view["islands"][kind] + held + pending.get(kind, 0) == stocked[k]
                assert totals(g)["resources in play"] == sum(stocked)

            check(game)
            play_out(game, random.Random(seed), check)


def test_stocks_per_player_count() -> None:
    """RV-SETUP-09: wood/stone/clay/food stocks are 12/12/12/8 with 4 players, 10/10/10/6 with 3
    and 8/8/8/4 with 2."""
    for players, stock in STOCK.items():
        assert new(players).view(0)["islands"] == dict(zip(KINDS, stock, strict=True))
    assert sum(STOCK[4]) == 44


def test_two_player_game_uses_only_two_dot_tokens() -> None:
    """RV-SETUP-10: a 2-player game uses only the 2-dot tokens, a 3- or 4-player game all 20."""
    two = new(2).view(0)["token_piles"]
    assert two == {"left": [6, 5, 4, 3, 2, 1], "right": 4}
    for players in (3, 4):
        piles = new(players).view(0)["token_piles"]
        assert len(piles["left"]) + piles["right"] == 20
    assert totals(new(2))["bonus tokens"] == 20  # the others are out of play, not lost


def test_zeros_in_the_right_pile_others_left_from_six_down() -> None:
    """RV-SETUP-11: every 0 token is in the right pile; the others in the left pile, highest on
    top (the 6 first)."""
    piles = new(4).view(0)["token_piles"]
    assert piles["left"] == [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1]
    assert piles["right"] == 9
    assert 0 not in piles["left"]


def test_first_player_drawn_from_the_seeded_random_source() -> None:
    """RV-SETUP-12: the first player pawn goes to a player chosen at random from the game's seeded
    random source."""
    for players in (2, 3, 4):
        firsts = [new(players, seed=s).view(0)["first_player"] for s in range(60)]
        assert set(firsts) == set(range(players))
        assert firsts == [new(players, seed=s).view(0)["first_player"] for s in range(60)]


def test_players_start_with_nothing() -> None:
    """RV-SETUP-13: players begin with no resources, no reserved or built buildings and no
    tokens."""
    for players in (2, 3, 4):
        game = new(players, seed=1)
        for seat in range(players):
            me = seat_view(game, seat)
            assert me["resources"] == dict.fromkeys(KINDS, 0)
            assert me["reserved"] == [] and me["built"] == [] and me["tokens"] == []
            assert me["reserved_count"] == me["built_count"] == me["token_count"] == 0
            assert all(s["tile"] is None for s in me["river"])


def test_each_player_takes_one_setup_tile_onto_space_one() -> None:
    """RV-PRELIM-01: before round 1, each player takes exactly one setup tile and puts it on space
    1 of their river board."""
    for players in (2, 3, 4):
        game = new(players, seed=21)
        setup = setup_tiles(game)
        picks = {}
        while game.view(0)["step"] == "choose a starting tile":
            seat = game.to_move
            tile = game.legal_actions()[-1].removeprefix("take starting tile ")
            game.play(f"take starting tile {tile}")
            do_prelim_choice(game)
            assert seat not in picks
            picks[seat] = tile
            river = seat_view(game, seat)["river"]
            assert river[0]["tile"]["id"] == tile
            assert all(s["tile"] is None for s in river[1:])
        assert sorted(picks) == list(range(players))
        assert set(picks.values()) < set(setup)


def do_prelim_choice(game: Game) -> None:
    while game.view(0)["step"] in ("choose resources", "store resources",
                                   "move covered resources"):
        game.play(game.legal_actions()[0])


def test_picks_go_counterclockwise_from_the_first_players_right() -> None:
    """RV-PRELIM-02: the picks go counterclockwise from the player to the right of the first
    player, who picks last (4 players, first player 0: seats 3, 2, 1, 0)."""
    for players in (2, 3, 4):
        for seed in range(8):
            game = new(players, seed=seed)
            first = game.view(0)["first_player"]
            do_prelim(game, random.Random(seed))
            order = [s for s, a in game.history if a.startswith("take starting tile")]
            assert order == [(first - k) % players for k in range(1, players + 1)]
            assert game.view(0)["step"] == "trade or place a pioneer"
            assert game.to_move == first


def test_leftover_setup_tile_leaves_the_game_for_good() -> None:
    """RV-PRELIM-03: the setup tile nobody takes leaves the game: it joins neither the draw stack
    nor the discard pile a later refill reshuffles."""
    reshuffles = 0
    for players in (2, 3, 4):
        for seed in range(4):
            game = new(players, seed=seed)
            setup = set(setup_tiles(game))
            rng = random.Random(seed)
            do_prelim(game, rng)
            placed = {p["river"][0]["tile"]["id"] for p in game.view(0)["players"]}
            (leftover,) = setup - placed
            view = game.view(0)
            assert view["terrain_stack"] == 65 - (players + 1) - (2 * players + 1)

            stack = [view["terrain_stack"]]

            def check(g: Game, leftover: str = leftover, stack: list[int] = stack) -> None:
                nonlocal reshuffles
                view = g.view(None)
                reshuffles += view["terrain_stack"] > stack[0]  # the discards were reshuffled
                stack[0] = view["terrain_stack"]
                assert leftover not in [t["id"] for t in view["terrain_display"]]
                assert leftover not in view["terrain_discard"]
                for p in view["players"]:
                    assert leftover not in [s["tile"]["id"] for s in p["river"] if s["tile"]]
                assert totals(g)["terrain tiles"] == 65

            play_out(game, rng, check)
    assert reshuffles > 0  # the discards were reshuffled into new stacks, without the leftover


def test_leftover_setup_tile_is_shown_removed_to_everyone() -> None:
    """RV-PRELIM-03: the setup tile nobody takes was face up, so every view (each seat's and a
    spectator's) and the text rendering show it as removed from the game, from the moment the
    last pick is made to the end."""
    for players in (2, 4):
        game = new(players, seed=players)
        setup = set(setup_tiles(game))
        assert game.view(None)["terrain_removed"] == []
        do_prelim(game)
        placed = {p["river"][0]["tile"]["id"] for p in game.view(0)["players"]}
        (leftover,) = setup - placed
        for viewer in (None, *range(players)):
            assert game.view(viewer)["terrain_removed"] == [leftover]
        assert f"Removed from the game: {leftover}" in render_text("the-river", game.view(None))
        play_out(game, random.Random(players))
        assert game.view(1)["terrain_removed"] == [leftover]


def test_preliminary_pick_uses_no_pioneer_and_is_not_a_claim() -> None:
    """RV-PRELIM-04: the preliminary pick uses no pioneer and is not one of a player's 2 claims in
    round 1."""
    game = new(4, seed=2)
    do_prelim(game)
    for p in game.view(0)["players"]:
        assert p["boat"] == 4 and p["pioneers_on_board"] == 0
        assert p["claims_this_round"] == 0
    first = game.to_move
    claims = 0
    while game.view(0)["round"] == 1 and claims < 8:
        seat = game.to_move
        legal = game.legal_actions()
        claim = [a for a in legal if a.startswith("claim ")]
        assert claim, f"seat {seat} may still claim"
        game.play(claim[0])
        do_prelim_choice(game)
        claims += 1
    assert game.view(0)["round"] == 1
    for p in game.view(0)["players"]:
        assert p["claims_this_round"] == 2
        assert sum(s["tile"] is not None for s in p["river"]) == 3
    assert game.to_move == first
    assert not [a for a in game.legal_actions() if a.startswith("claim ")]


def test_terrain_island_filled_after_the_picks() -> None:
    """RV-PRELIM-05: after the picks, tiles are drawn from the stack until every terrain-island
    spot for the player count is filled."""
    for players in (2, 3, 4):
        game = new(players, seed=9)
        stack = game.view(0)["terrain_stack"]
        do_prelim(game)
        view = game.view(0)
        assert len(view["terrain_display"]) == 2 * players + 1
        assert view["terrain_stack"] == stack - (2 * players + 1)
        assert view["round"] == 1


def test_two_player_terrain_island_holds_five_tiles() -> None:
    """RV-PRELIM-06: with 2 players the terrain island holds 5 tiles."""
    game = new(2, seed=4)
    do_prelim(game)
    assert len(game.view(0)["terrain_display"]) == 5


def test_three_and_four_player_terrain_island_holds_seven_and_nine() -> None:
    """RV-PRELIM-07: with 3 players the terrain island holds 7 tiles, with 4 players 9 (2N+1)."""
    for players, size in ((3, 7), (4, 9)):
        game = new(players, seed=4)
        do_prelim(game)
        assert len(game.view(0)["terrain_display"]) == size


def _seed_with_setup_tile(players: int, tile: str) -> int:
    return next(s for s in range(500) if tile in setup_tiles(new(players, seed=s)))


def test_meadow_taken_in_the_preliminary_turn_triggers_its_immediate_effect() -> None:
    """RV-RULING-07 (preliminary half): a meadow placed in the preliminary turn triggers its
    immediate effect like a claim: "two food" gives 2 food, "two resources" asks for 2 picks."""
    seed = _seed_with_setup_tile(2, "T60")
    game = new(2, seed=seed)
    seat = game.to_move
    store_anywhere(play(game, "take starting tile T60"))
    me = seat_view(game, seat)
    assert me["resources"] == {"wood": 0, "stone": 0, "clay": 0, "food": 2}
    assert game.view(0)["islands"]["food"] == 4 - 2
    assert me["claims_this_round"] == 0 and me["boat"] == 4

    seed = _seed_with_setup_tile(3, "T62")
    game = new(3, seed=seed)
    seat = game.to_move
    play(game, "take starting tile T62")
    assert game.view(0)["step"] == "choose resources"
    assert game.to_move == seat
    assert sorted(game.legal_actions()) == sorted(f"meadow: take {k}" for k in KINDS)
    store_anywhere(play(game, "meadow: take wood", "meadow: take clay"))
    me = seat_view(game, seat)
    assert me["resources"] == {"wood": 1, "stone": 0, "clay": 1, "food": 0}
    assert game.view(0)["islands"] == {"wood": 9, "stone": 10, "clay": 9, "food": 6}
    assert game.view(0)["step"] == "choose a starting tile"
    assert game.to_move == (seat - 1) % 3
