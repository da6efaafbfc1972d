"""Rule tests for the 12 Rivers exploration phase: turns, placing, costs, fairies on placement,
the sea and the village (TR-EXPL, TR-RULING-04, TR-RULING-05, TR-RULING-18)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.twelve_rivers.helpers import placeable, play, position, seat_view, stretch_of

THREE_CARDS = 'hand = "banner lantern instrument"'


def cost_of(game: upriver.Game, space: str) -> int:
    """What placing on ``space`` costs the player to move: n cards to pay, or -1 for "gain 1"."""
    trial = game.clone()
    trial.play(f"place {space}")
    view = trial.view(trial.to_move)
    if view["step"] == "pay the placement cost":
        cost: int = view["cost_left"]
        return cost
    if view["step"] == "take supply cards":
        return -1
    return 0


def finish_turn(game: upriver.Game) -> None:
    """End the current exploration turn if it is waiting on optional pairs or a card."""
    seat = game.to_move
    while game.to_move == seat and game.view(seat)["step"] in ("play pairs", "take supply cards"):
        actions = game.legal_actions()
        game.play("end turn" if "end turn" in actions else "take no card")


def test_frontmost_marker_on_the_track_acts_next() -> None:
    """TR-EXPL-01: the marker on the frontmost occupied track space acts next, and its owner takes
    the turn; in round 1 that is space 1. Each marker is a turn of its own, so a seat whose
    markers follow one another takes turns in a row (``turns_taken``, which bots budget by)."""
    assert position("players = 3").to_move == 0
    game = position('players = 2\ntrack = "- - 1 0 1 0 0 1"')
    assert game.to_move == 1 and game.turns_taken == 0
    play(game, "place R4-A space 1")
    finish_turn(game)
    assert game.to_move == 0 and game.turns_taken == 1
    # The track's next markers: seat 0's, seat 1's, then seat 0's twice in a row.
    for turns, (space, mover) in enumerate([("R4-A space 2", 1), ("R4-A space 3", 0),
                                            ("R4-A space 4", 0)], start=2):
        play(game, f"place {space}")
        finish_turn(game)
        assert game.to_move == mover and game.turns_taken == turns
    assert game.view(0)["track"][:8] == [None] * 6 + [0, 1]


def test_marker_moves_from_the_track_to_a_free_space_anywhere() -> None:
    """TR-EXPL-02: on a turn the marker leaves the track for any free space in the river area,
    the sea or the village."""
    game = position(f"players = 2\n[[seat]]\n{THREE_CARDS}")
    spaces = placeable(game)
    assert "R1-01 space 1" in spaces and "sea" in spaces and "village 1" in spaces
    for space in ("R3-1 space 2", "sea", "village 6"):
        trial = game.clone()
        trial.play(f"place {space}")
        view = trial.view(0)
        assert view["spaces"] == {space: 0}
        assert view["track"][:6] == [None, 1, 0, 1, 0, 1]


def test_a_space_holds_at_most_one_marker() -> None:
    """TR-EXPL-03: an occupied space can't take another marker."""
    game = position("players = 2")
    play(game, "place R4-A space 1")
    finish_turn(game)
    assert game.to_move == 1
    assert "place R4-A space 1" not in game.legal_actions()
    assert "place R4-A space 2" in game.legal_actions()
    with pytest.raises(upriver.IllegalAction):
        game.play("place R4-A space 1")
    play(game, "place sea")
    finish_turn(game)
    assert "place sea" not in game.legal_actions()


def test_a_stretch_holds_several_markers_from_one_or_several_players() -> None:
    """TR-EXPL-04: a stretch with several spaces takes several markers, from one player or
    several."""
    game = position('players = 2\ntrack = "0 1 0 1 0 1"')
    for space in ("R4-A space 1", "R4-A space 2", "R4-A space 3", "R4-A space 4"):
        play(game, f"place {space}")
        finish_turn(game)
    assert game.view(0)["spaces"] == {
        "R4-A space 1": 0, "R4-A space 2": 1, "R4-A space 3": 0, "R4-A space 4": 1
    }
    game = position('players = 2\ntrack = "0 0 0 1 1 1"')
    for space in ("R5 space 1", "R5 space 2", "R5 space 3"):
        play(game, f"place {space}")
        finish_turn(game)
    assert [s for s, seat in game.view(0)["spaces"].items() if seat == 0] == [
        "R5 space 1", "R5 space 2", "R5 space 3"
    ]


def test_any_free_space_of_a_stretch_may_be_chosen() -> None:
    """TR-EXPL-05: within a stretch any free space may be chosen, not only the uppermost."""
    game = position("players = 2")
    assert {"R4-A space 1", "R4-A space 4", "R5 space 5"} <= set(placeable(game))
    play(game, "place R4-A space 4")
    finish_turn(game)
    assert game.view(1)["spaces"] == {"R4-A space 4": 0}
    assert "place R4-A space 1" in game.legal_actions()


def test_placing_is_mandatory_and_every_marker_is_placed() -> None:
    """TR-EXPL-06: no pass: every exploration choice places a marker, and all 3P markers (6, 9,
    12) are placed before the round moves on."""
    for players in (2, 3, 4):
        game = position(f"players = {players}")
        placements = 0
        while game.view(game.to_move)["phase"] == "exploration":
            view = game.view(game.to_move)
            if view["step"] == "place a family marker":
                actions = game.legal_actions()
                assert actions and all(a.startswith("place ") for a in actions)
                game.play(actions[-1])
                placements += 1
            else:
                finish_turn(game)
        assert placements == 3 * players


def test_exploration_ends_when_the_track_is_empty() -> None:
    """TR-EXPL-07: once the last marker leaves the track, the collection phase follows."""
    game = position(
        """
        players = 2
        rivers = "white"
        track = "0"
        [spaces]
        "village 4" = 0
        "village 5" = 0
        "R5 space 1" = 1
        "R5 space 2" = 1
        "sea" = 1
        """
    )
    assert game.view(0)["phase"] == "exploration"
    play(game, "place R4-A space 1")
    view = game.view(0)
    assert view["track"] == [None] * 12
    assert view["phase"] == "collection"
    assert view["current_space"] == "R4-A space 1"


def test_consecutive_markers_give_several_turns_in_a_row() -> None:
    """TR-EXPL-08: a player whose markers are next on the track takes several turns in a row."""
    game = position('players = 2\ntrack = "0 0 1 1 0 1"')
    seats = []
    for _ in range(4):
        seats.append(game.to_move)
        play(game, f"place R5 space {len(seats)}")
        finish_turn(game)
    assert seats == [0, 0, 1, 1]


def test_cost_is_settled_after_placing_and_before_pairs() -> None:
    """TR-EXPL-09: within a turn the marker is placed, then the cost is settled, and only then may
    pairs be played."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner banner banner"')
    play(game, "place R2-1P space 1")
    view = game.view(0)
    assert view["spaces"] == {"R2-1P space 1": 0}
    assert view["step"] == "pay the placement cost"
    assert game.legal_actions() == ["pay banner"]
    play(game, "pay banner", "pay banner")
    assert game.view(0)["step"] == "play pairs"
    assert "play banner pair" in game.legal_actions()


def test_each_placement_costs_what_the_board_shows() -> None:
    """TR-EXPL-10: placing costs what the board shows: pay 0 to 3, or gain 1 on the final river
    stretch only."""
    game = position(f"players = 4\n[[seat]]\n{THREE_CARDS}")
    costs = {space: cost_of(game, space) for space in placeable(game)}
    assert set(costs.values()) == {-1, 0, 1, 2, 3}
    assert {s for s, c in costs.items() if c == -1} == {f"R5 space {k}" for k in range(1, 6)}
    trial = game.clone()
    play(trial, "place R1-01 space 1", "pay banner", "pay lantern", "pay instrument")
    assert seat_view(trial, 0)["hand_size"] == 0


def test_river_costs_by_height_never_fall_going_upriver() -> None:
    """TR-EXPL-11: all stretches at one height cost the same, costs never fall towards the dam;
    the top stretches cost pay 3 and the final stretch gain 1."""
    game = position(f"players = 4\n[[seat]]\n{THREE_CARDS}")
    by_row: dict[int, set[int]] = {}
    for space in placeable(game):
        if " space " in space:
            row = 5 if space.startswith("R5") else int(space[1])
            by_row.setdefault(row, set()).add(cost_of(game, space))
    assert all(len(costs) == 1 for costs in by_row.values())
    row_cost = [by_row[r].pop() for r in range(1, 6)]
    assert row_cost == sorted(row_cost, reverse=True)
    assert row_cost[0] == 3 and row_cost[-1] == -1


def test_row_costs_are_3_2_1_0_then_gain_1() -> None:
    """TR-RULING-04: row 1 pay 3, row 2 pay 2, row 3 pay 1, row 4 pay 0, row 5 gain 1 (optional)."""
    game = position(f"players = 4\n[[seat]]\n{THREE_CARDS}")
    spaces = ["R1-07 space 1", "R2-4S space 1", "R3-2 space 3", "R4-B space 2", "R5 space 4"]
    assert [cost_of(game, s) for s in spaces] == [3, 2, 1, 0, -1]
    play(game, "place R5 space 4")
    assert "take no card" in game.legal_actions()


def test_a_cost_may_be_paid_with_cards_of_any_kinds() -> None:
    """TR-EXPL-12: any kinds pay a cost; only the number of cards counts."""
    game = position(f"players = 2\n[[seat]]\n{THREE_CARDS}")
    play(game, "place R1-02 space 1")
    assert sorted(game.legal_actions()) == ["pay banner", "pay instrument", "pay lantern"]
    play(game, "pay instrument", "pay banner", "pay lantern")
    view = game.view(0)
    assert view["step"] != "pay the placement cost"
    assert view["discard"] == {"banner": 1, "lantern": 1, "instrument": 1}


def test_paid_cards_go_face_up_to_the_discard_without_effect() -> None:
    """TR-EXPL-13: cards paid go face up onto the discard pile, and their effect is not used (two
    banners paid give no banner move)."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner supplies"')
    play(game, "place R2-1S space 1", "pay banner", "pay banner")
    view = game.view(1)
    assert view["discard"] == {"banner": 2}  # visible to the other player: face up
    assert view["track"][:6] == [None, 1, 0, 1, 0, 1]
    assert view["to_move"] == 1  # nothing left to play: the turn is over, no banner move
    assert game.view(0)["players"][0]["hand"] == {"supplies": 1}


def test_fire_fairy_pays_for_a_card_and_wind_fairy_cancels_the_cost() -> None:
    """TR-EXPL-14: a fire fairy stands in for one card of a payment; a wind fairy cancels a
    placement's whole cost."""
    game = position('players = 2\n[[seat]]\nhand = "banner"\nfairies = "fire"')
    play(game, "place R2-2P space 2", "pay fire fairy", "pay banner")
    assert seat_view(game, 0)["fairies"] == {}
    assert seat_view(game, 0)["hand_size"] == 0
    game = position('players = 2\n[[seat]]\nhand = "banner"\nfairies = "wind"')
    play(game, "place R1-05 space 1", "pay wind fairy")
    assert seat_view(game, 0)["hand_size"] == 1
    assert game.view(0)["spaces"] == {"R1-05 space 1": 0}


def test_a_space_is_legal_only_if_its_cost_can_be_met() -> None:
    """TR-EXPL-15: a space is legal only if hand cards plus fire fairies cover its full cost, or a
    wind fairy waives it."""
    def costs_allowed(seat_text: str) -> set[int]:
        game = position(f"players = 4\n[[seat]]\n{seat_text}")
        return {cost_of(game, s) for s in placeable(game)}

    assert costs_allowed("") == {-1, 0}
    assert costs_allowed('hand = "lantern"') == {-1, 0, 1}
    assert costs_allowed('hand = "lantern"\nfairies = "fire"') == {-1, 0, 1, 2}
    assert costs_allowed('hand = "lantern"\nfairies = "fire fire"') == {-1, 0, 1, 2, 3}
    assert costs_allowed('fairies = "wind"') == {-1, 0, 1, 2, 3}
    game = position('players = 2\n[[seat]]\nhand = "lantern"')
    with pytest.raises(upriver.IllegalAction):
        game.play("place village 1")
    assert "place village 2" in game.legal_actions()


def test_free_spaces_outnumber_markers_so_a_placement_always_exists() -> None:
    """TR-EXPL-16: zero-cost spaces in play are 14 (2 players) or 18 (3, 4 players), more than
    the 6, 9 or 12 markers, so a player without cards can always place."""
    for players, free in ((2, 14), (3, 18), (4, 18)):
        game = position(f"players = {players}")
        spaces = placeable(game)
        assert len(spaces) == free
        assert all(cost_of(game, s) <= 0 for s in spaces)
    # the worst case: every other marker already sits on a free space
    others = [f"R5 space {k}" for k in range(1, 6)]
    lines = "\n".join(f'"{s}" = 1' for s in others[:3]) + '\n"R4-A space 1" = 0\n'
    lines += '"R4-A space 2" = 0\n'
    game = position(f'players = 2\ntrack = "0"\n[spaces]\n{lines}')
    assert len(placeable(game)) == 14 - 5


def test_river_marker_collects_from_the_pearls_it_stops() -> None:
    """TR-EXPL-17: a river marker lets its owner take, at collection, from the pearls it stops."""
    game = position(
        """
        players = 2
        rivers = "white - - - - pink"
        track = "0"
        [spaces]
        "village 4" = 0
        "village 5" = 0
        "R5 space 1" = 1
        "R5 space 2" = 1
        "sea" = 1
        """
    )
    play(game, "place R4-A space 2")
    assert game.to_move == 0
    assert sorted(game.legal_actions()) == ["done", "take pink", "take white"]
    play(game, "take white")
    assert seat_view(game, 0)["alpaca"] == {"white": 1}


def test_final_stretch_is_free_and_the_card_is_optional() -> None:
    """TR-EXPL-18: on the final stretch nothing is paid and the player may take 1 supply card,
    or decline it."""
    game = position('players = 2\ncard_display = "banner lantern supplies"\n[[seat]]\n'
                    'hand = "instrument"')
    play(game, "place R5 space 2")
    view = game.view(0)
    assert view["step"] == "take supply cards"
    assert "take no card" in game.legal_actions()
    declined = game.clone()
    play(declined, "take no card")
    assert declined.view(0)["players"][0]["hand"] == {"instrument": 1}
    taken = game.clone()
    play(taken, "take lantern from display")
    assert taken.view(0)["players"][0]["hand"] == {"instrument": 1, "lantern": 1}
    assert taken.view(0)["discard"] == {}


def test_placing_by_a_site_takes_all_its_fairies() -> None:
    """TR-EXPL-19: placing in a stretch whose bank site holds fairies gives the player all of
    them at once."""
    game = position(
        f'players = 2\n[[seat]]\n{THREE_CARDS}\n[sites]\n"stump 1" = "water wind fire"\n'
        '"stump 2" = "light"\n'
    )
    play(game, "place R1-01 space 1", "pay banner", "pay lantern", "pay instrument")
    assert seat_view(game, 0)["fairies"] == {"fire": 1, "wind": 1, "water": 1}
    assert game.view(0)["sites"] == {"stump 2": {"light": 1}}


def test_only_the_first_marker_in_a_stretch_gets_its_fairies() -> None:
    """TR-EXPL-20: the first marker placed in the stretch takes the fairies; a later marker in the
    same stretch finds the site empty."""
    game = position(
        'players = 2\n[[seat]]\nhand = "banner"\n[[seat]]\nhand = "lantern"\n'
        '[sites]\n"statue 1" = "earth water"\n'
    )
    play(game, "place R3-1 space 2", "pay banner")
    finish_turn(game)
    assert seat_view(game, 0)["fairies"] == {"earth": 1, "water": 1}
    play(game, "place R3-1 space 1", "pay lantern")
    assert seat_view(game, 1)["fairies"] == {}


def test_fairies_left_from_earlier_rounds_are_taken_the_same_way() -> None:
    """TR-EXPL-21: fairies left from earlier rounds, on a site of either kind, are taken like this
    round's (round 3: a statue fairy from round 2, and two stump fairies)."""
    game = position(
        'players = 2\nround = 3\n[[seat]]\nhand = "banner banner banner banner"\n'
        '[sites]\n"statue 2" = "earth"\n"stump 2" = "light water"\n'
    )
    trial = game.clone()
    play(trial, "place R3-2 space 3", "pay banner")
    assert seat_view(trial, 0)["fairies"] == {"earth": 1}
    play(game, "place R1-04 space 1", "pay banner", "pay banner", "pay banner")
    assert seat_view(game, 0)["fairies"] == {"light": 1, "water": 1}


def test_sea_and_village_placements_collect_no_fairies() -> None:
    """TR-EXPL-22: only a river placement by a site collects fairies; the sea and the village
    have no sites."""
    sites = '[sites]\n"stump 1" = "fire"\n"stump 2" = "wind"\n"statue 1" = "water"\n'
    for space in ["sea"] + [f"village {k}" for k in range(1, 7)]:
        game = position(f'players = 2\n[[seat]]\nhand = "banner banner"\n{sites}')
        play(game, f"place {space}")
        while game.view(0)["step"] == "pay the placement cost":
            game.play("pay banner")
        assert seat_view(game, 0)["fairies"] == {}
        assert len(game.view(0)["sites"]) == 3


def test_the_sea_has_one_space_costing_nothing() -> None:
    """TR-EXPL-23: the sea has a single space, so at most one marker per round; it costs 0."""
    game = position('players = 2\n[[seat]]\nhand = "banner"')
    assert [s for s in placeable(game) if s.startswith("sea")] == ["sea"]
    play(game, "place sea")
    assert seat_view(game, 0)["hand_size"] == 1
    finish_turn(game)
    assert game.to_move == 1
    assert "place sea" not in game.legal_actions()


def test_each_village_space_takes_one_marker_who_befriends_one_markaya() -> None:
    """TR-EXPL-24: 6 village spaces, one marker each; a village marker takes 1 displayed Markaya
    in the collection phase."""
    game = position('players = 2\n[[seat]]\nhand = "banner banner"')
    assert [s for s in placeable(game) if s.startswith("village")] == [
        f"village {k}" for k in range(1, 7)
    ]
    play(game, "place village 3")
    finish_turn(game)
    assert "place village 3" not in game.legal_actions()
    game = position(
        'players = 2\nstep = "collect"\nmarkaya_display = "M01 M02 M03"\n'
        '[spaces]\n"village 2" = 0\n"village 4" = 1\n'
    )
    assert game.to_move == 0
    play(game, "befriend M02")
    while game.to_move == 0 and game.view(0)["step"] == "take supply cards":
        game.play("draw from pile")
    assert [m["id"] for m in seat_view(game, 0)["markaya"]] == ["S1", "M02"]
    assert game.to_move == 1
    assert sorted(game.legal_actions()) == ["befriend M01", "befriend M03", "befriend no one"]


def test_village_costs_are_2_1_then_0() -> None:
    """TR-EXPL-25: village costs from the left: pay 2, pay 1, then pay 0 four times."""
    game = position('players = 3\n[[seat]]\nhand = "supplies supplies"')
    assert [cost_of(game, f"village {k}") for k in range(1, 7)] == [2, 1, 0, 0, 0, 0]
    play(game, "place village 1", "pay supplies", "pay supplies")
    assert seat_view(game, 0)["hand_size"] == 0


def test_stretches_fed_only_by_inactive_rivers_are_out_of_play() -> None:
    """TR-RULING-05: with 2 players R1-07..R1-12, R2-3P/3S/4P/4S, R3-3, R3-4 and R4-B are out of
    play; with 3 players R1-10..R1-12, R2-4P, R2-4S and R3-4; R5 always, and R4-B with 3, stay in.
    The option allow_inactive_stretches brings them back."""
    def stretches(text: str) -> set[str]:
        game = position(text + f"\n[[seat]]\n{THREE_CARDS}\n")
        return {stretch_of(s) for s in placeable(game) if " space " in s}

    everything = stretches("players = 4")
    assert len(everything) == 27
    two_out = {f"R1-{r:02d}" for r in range(7, 13)} | {"R2-3P", "R2-3S", "R2-4P", "R2-4S",
                                                       "R3-3", "R3-4", "R4-B"}
    three_out = {"R1-10", "R1-11", "R1-12", "R2-4P", "R2-4S", "R3-4"}
    assert stretches("players = 2") == everything - two_out
    assert stretches("players = 3") == everything - three_out
    assert {"R5", "R4-B"} <= stretches("players = 3")
    for players in (2, 3):
        text = f"players = {players}\n[options]\nallow_inactive_stretches = true"
        assert stretches(text) == everything
    # out of play also as a supplies destination
    game = position('players = 2\n[[seat]]\nhand = "supplies supplies"\n[spaces]\n"sea" = 0')
    play(game, "place R5 space 1", "take no card", "play supplies pair",
         "supplies: move marker from sea")
    destinations = Counter(a.split(" to ")[1].rsplit(" space ", 1)[0]
                           for a in game.legal_actions())
    assert not set(destinations) & two_out


def test_earth_fairy_can_be_used_during_an_exploration_turn() -> None:
    """TR-RULING-18 (exploration part): an earth fairy is usable in the exploration phase, at the
    player's own placement decision, not only in the delivery step."""
    game = position(
        'players = 2\n[[seat]]\nfairies = "earth"\nalpaca = "green"\nmarkaya = ["S1: - - -"]\n'
    )
    assert "use earth fairy" in game.legal_actions()
    play(game, "use earth fairy")
    moves = [a for a in game.legal_actions() if a.startswith("earth: move green from alpaca")]
    assert moves
    play(game, moves[0])
    if game.view(0)["step"] != "place a family marker":
        game.play("earth: done")
    view = game.view(0)
    assert view["phase"] == "exploration"
    assert view["step"] == "place a family marker"
    assert view["players"][0]["alpaca"] == {}
    assert "green" in view["players"][0]["markaya"][0]["pearls"]


def test_placing_texts_name_the_spaces_of_the_board_in_play() -> None:
    """TR-EXPL-02: the placing choices name the spaces of the board the game is played on,
    each free space in play once (2 players leave stretches out of play, 4 do not). The texts
    are made once, with the game's setup (``make_config``), from the board's own space names."""
    from upriver.games.twelve_rivers import exploration

    offered = []
    for players, options in ((2, {}), (4, {}), (3, {"edition": "2022"})):
        game = upriver.new_game("twelve-rivers", players=players, seed=0, **options)
        cfg = game.state.cfg
        names = cfg.comp.space_names
        assert cfg.place_texts == tuple(f"place {n}" for n in names)
        assert cfg.place_moves == tuple(("place", sp) for sp in range(len(names)))
        st = game.state.copy()
        st.hands[0:5] = [9] * 5  # every cost met
        st.seat = 0
        texts: list[str] = []
        moves: list[tuple[object, ...]] = []
        exploration.legal_place(st, texts, moves)
        placing = [(t, m) for t, m in zip(texts, moves, strict=True) if m[0] == "place"]
        assert placing == [(f"place {names[sp]}", ("place", sp)) for sp in cfg.play_spaces
                           if st.occ[sp] < 0]
        offered.append(len(placing))
    assert offered[0] < offered[1]
