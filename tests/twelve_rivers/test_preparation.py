"""Rule tests for the 12 Rivers round structure and preparation phase (TR-PREP, TR-RULING-06,
TR-RULING-11).

A position at ``step = "deliver"`` with nothing to deliver ends its round at once, so
``after_round(k, ...)`` shows the state right after the preparation phase of round k + 1.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import upriver
from tests.twelve_rivers.helpers import new, position

PASSIVE = ("end turn", "done", "take no card", "befriend no one", "earth: done")


def choose(actions: list[str]) -> str:
    """A simple deterministic policy: skip optional things, otherwise the last option."""
    for word in PASSIVE:
        if word in actions:
            return word
    return actions[-1]


def play_game(players: int, seed: int) -> list[dict[str, Any]]:
    """Play a whole game; return the spectator view before every decision and at the end."""
    game = new(players, seed=seed)
    views = []
    while not game.is_over:
        views.append(game.view(None))
        game.play(choose(game.legal_actions()))
    views.append(game.view(None))
    return views


def first_views(views: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The first decision's view of each round (right after its preparation phase)."""
    out: dict[int, dict[str, Any]] = {}
    for view in views:
        out.setdefault(view["round"], view)
    return out


def after_round(rnd: int, players: int, extra: str = "", seed: int = 0) -> upriver.Game:
    """The game right after the preparation phase of round ``rnd + 1``."""
    return position(f'players = {players}\nround = {rnd}\nstep = "deliver"\nseed = {seed}\n'
                    + extra)


def fairies_on(view: dict[str, Any]) -> dict[str, int]:
    return {site: sum(kinds.values()) for site, kinds in view["sites"].items()}


def test_a_game_lasts_exactly_five_rounds() -> None:
    """TR-PREP-01: a game lasts exactly 5 rounds: round 5 ends the game, no sixth starts."""
    for players in (2, 3, 4):
        views = play_game(players, seed=players)
        assert sorted({v["round"] for v in views}) == [1, 2, 3, 4, 5]
        assert views[-1]["phase"] == "end"
    assert after_round(4, 2).view(None)["round"] == 5
    last = after_round(5, 2)
    assert last.is_over
    assert last.view(None)["round"] == 5


def test_each_round_runs_preparation_exploration_collection() -> None:
    """TR-PREP-02: every round runs preparation, exploration, collection, in that order: the
    first decision of a round comes after its preparation (fresh pearls above the dam), then
    exploration decisions, then collection decisions, never going back."""
    views = play_game(3, seed=8)
    phases: list[tuple[int, str]] = []
    for view in views[:-1]:
        if not phases or phases[-1] != (view["round"], view["phase"]):
            phases.append((view["round"], view["phase"]))
    expected = [(r, ph) for r in range(1, 6) for ph in ("exploration", "collection")]
    assert phases == expected
    for rnd, view in first_views(views[:-1]).items():
        assert view["phase"] == "exploration", rnd
        assert sum(c is not None for c in view["rivers"]) == 9, rnd


def test_preparation_refills_places_fairies_and_exchanges_markaya() -> None:
    """TR-PREP-03: the preparation phase's three steps (refill pearls, place fairies, exchange
    Markaya) have all been carried out before the round's first decision. (They run with no
    decision in between and do not depend on one another, so their order is not observable.)"""
    game = after_round(1, 2, 'markaya_display = "M01 M02"\n')
    view = game.view(None)
    assert sum(c is not None for c in view["rivers"]) == 6
    assert fairies_on(view) == {"statue 1": 1, "statue 2": 1}
    assert len(view["markaya_display"]) == 6
    assert view["markaya_deck_bottom"] == ["M02", "M01"]


def test_dam_goes_back_before_pearls_are_added_from_round_two() -> None:
    """TR-PREP-04: from round 2 the dam is back before the refill: the new pearls wait above it
    (none is in a stretch) until collection; pearls already in the sea stay there."""
    for rnd in (1, 2, 3, 4):
        game = after_round(rnd, 3, 'sea = "green blue"\n')
        view = game.view(None)
        assert view["round"] == rnd + 1
        assert sum(c is not None for c in view["rivers"]) == 9
        assert view["pools"] == {}
        assert view["sea"] == {"green": 1, "blue": 1}
    # round 1: the dam set up at the start holds the first pearls the same way
    view = new(3).view(None)
    assert sum(c is not None for c in view["rivers"]) == 9
    assert view["pools"] == {}


def test_three_active_rivers_per_player_from_the_left() -> None:
    """TR-PREP-05: 3P active rivers, the leftmost ones: 1-6, 1-9, 1-12."""
    for players in (2, 3, 4):
        for seed in range(3):
            rivers = new(players, seed=seed).view(None)["rivers"]
            filled = [i + 1 for i, c in enumerate(rivers) if c is not None]
            assert filled == list(range(1, 3 * players + 1))


def test_each_active_river_gets_one_random_pearl_from_the_bag() -> None:
    """TR-PREP-06: each active river gets exactly 1 pearl per round, drawn at random from the
    bag: the bag shrinks by exactly what went into the rivers, and seeds differ."""
    draws = set()
    for seed in range(6):
        game = after_round(2, 4, seed=seed)
        view = game.view(None)
        drawn = Counter(c for c in view["rivers"] if c is not None)
        assert sum(drawn.values()) == 12
        full = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}
        assert {c: full[c] - view["bag"].get(c, 0) for c in full if full[c] - view["bag"].get(
            c, 0)} == dict(drawn)
        draws.add(tuple(view["rivers"]))
    assert len(draws) > 1


def test_inactive_rivers_never_get_pearls() -> None:
    """TR-PREP-07: rivers 7-12 (2 players) and 10-12 (3 players) never get a pearl, in any
    round."""
    for players, first_inactive in ((2, 7), (3, 10)):
        for view in first_views(play_game(players, seed=1)).values():
            assert view["rivers"][first_inactive - 1 :] == [None] * (13 - first_inactive)
        for rnd in (1, 2, 3, 4):
            rivers = after_round(rnd, players).view(None)["rivers"]
            assert rivers[first_inactive - 1 :] == [None] * (13 - first_inactive)


def test_pearls_drawn_per_round_and_game_never_empty_the_bag() -> None:
    """TR-PREP-08: 6, 9 or 12 pearls are drawn per round, 30, 45 or 60 per game, so the bag of
    65 never runs out (pearls never return to the bag)."""
    for players in (2, 3, 4):
        firsts = first_views(play_game(players, seed=2))
        bags = [sum(firsts[r]["bag"].values()) for r in range(1, 6)]
        assert bags == [65 - 3 * players * r for r in range(1, 6)]
        assert bags[-1] == 65 - 15 * players >= 5


def test_p_fairies_are_drawn_each_round() -> None:
    """TR-PREP-09: each round exactly P fairies are drawn from the supply: 2, 3 or 4."""
    for players in (2, 3, 4):
        firsts = first_views(play_game(players, seed=6))
        supply = [firsts[r]["fairy_supply"] for r in range(1, 6)]
        assert supply == [5 * players - players * r for r in range(1, 6)]
        game = after_round(1, players)
        assert sum(fairies_on(game.view(None)).values()) == players
        assert game.view(None)["fairy_supply"] == 3 * players


def test_fairies_go_left_to_right_on_the_p_leftmost_sites() -> None:
    """TR-PREP-10, TR-RULING-06: the P drawn fairies go one per site on the P leftmost sites of
    the round's kind, the sites beside the active rivers (groups 1..P)."""
    for players in (2, 3, 4):
        view = new(players, seed=players).view(None)
        assert fairies_on(view) == {f"stump {g}": 1 for g in range(1, players + 1)}
        view = after_round(1, players).view(None)
        assert fairies_on(view) == {f"statue {g}": 1 for g in range(1, players + 1)}


def test_odd_rounds_place_fairies_on_tree_stumps() -> None:
    """TR-PREP-11: in rounds 1, 3 and 5 the fairies go on the tree stumps."""
    assert set(fairies_on(new(4).view(None))) == {f"stump {g}" for g in range(1, 5)}
    for rnd in (2, 4):
        view = after_round(rnd, 4).view(None)
        assert view["round"] == rnd + 1
        assert set(fairies_on(view)) == {f"stump {g}" for g in range(1, 5)}


def test_even_rounds_place_fairies_on_fox_statues() -> None:
    """TR-PREP-12: in rounds 2 and 4 the fairies go on the fox statues."""
    for rnd in (1, 3):
        view = after_round(rnd, 4).view(None)
        assert view["round"] == rnd + 1
        assert set(fairies_on(view)) == {f"statue {g}" for g in range(1, 5)}


def test_untaken_fairies_stay_and_new_ones_are_added_beside_them() -> None:
    """TR-PREP-13: a fairy not taken stays on its site; a new one placed there is added beside
    it, so a site can hold several fairies."""
    game = after_round(2, 2, '[sites]\n"stump 1" = "water water"\n"statue 2" = "earth"\n')
    view = game.view(None)
    assert view["round"] == 3
    assert fairies_on(view) == {"stump 1": 3, "stump 2": 1, "statue 2": 1}
    assert view["sites"]["stump 1"].get("water", 0) >= 2
    assert view["sites"]["statue 2"] == {"earth": 1}


def test_fairy_supply_is_empty_after_round_five_placement() -> None:
    """TR-PREP-14: after the fairy step of round 5 the supply is empty (5 rounds x P = 5P)."""
    for players in (2, 3, 4):
        assert first_views(play_game(players, seed=4))[5]["fairy_supply"] == 0
        view = after_round(4, players).view(None)
        assert view["round"] == 5
        assert view["fairy_supply"] == 0


def test_leftover_markaya_go_under_the_deck_from_round_two() -> None:
    """TR-PREP-15: from round 2 every Markaya still on display goes face down under the deck
    (round 1 has none to move): with a full deck none of them comes straight back up."""
    view = new(4).view(None)
    assert view["markaya_deck_bottom"] == []
    assert view["markaya_deck"] + len(view["markaya_display"]) == 26
    game = after_round(1, 4, 'markaya_display = "M01 M02 M03 M04"\n')
    view = game.view(None)
    leftovers = {"M01", "M02", "M03", "M04"}
    assert not leftovers & set(view["markaya_display"])
    assert set(view["markaya_deck_bottom"]) == leftovers
    assert view["markaya_deck"] == 22 - 6 + 4


def test_six_markaya_are_revealed_and_are_the_only_ones_to_befriend() -> None:
    """TR-PREP-16: the top 6 tiles of the deck are turned face up as the display, and this display
    is the only source of Markaya for the round."""
    for rnd in (1, 2, 3, 4):
        view = after_round(rnd, 2).view(None)
        assert len(view["markaya_display"]) == 6
        assert view["markaya_deck"] == 26 - 6
    game = position(
        'players = 2\nstep = "collect"\nmarkaya_display = "M05 M11 M20"\n'
        '[spaces]\n"village 3" = 1\n'
    )
    assert game.to_move == 1
    assert sorted(game.legal_actions()) == sorted(
        ["befriend M05", "befriend M11", "befriend M20", "befriend no one"]
    )


def test_leftover_markaya_come_back_up_leftmost_first() -> None:
    """TR-RULING-11: leftovers go under the deck in display order, left to right, so the leftmost
    comes up first among them (seen with a deck short enough to reach them)."""
    owned = ", ".join(f'"M{n:02d}"' for n in range(4, 24))  # 20 tiles out of the deck
    game = after_round(1, 2, f'markaya_display = "M02 M03 M01"\n[[seat]]\nmarkaya = [{owned}]\n')
    view = game.view(None)
    # the deck held M24..M26; then M02, M03, M01 in display order
    assert sorted(view["markaya_display"][:3]) == ["M24", "M25", "M26"]
    assert view["markaya_display"][3:] == ["M02", "M03", "M01"]
    assert view["markaya_deck"] == 0
    owned = ", ".join(f'"M{n:02d}"' for n in range(4, 23))  # 19: the deck holds M23..M26
    game = after_round(1, 2, f'markaya_display = "M03 M01 M02"\n[[seat]]\nmarkaya = [{owned}]\n')
    view = game.view(None)
    assert sorted(view["markaya_display"][:4]) == ["M23", "M24", "M25", "M26"]
    assert view["markaya_display"][4:] == ["M03", "M01"]
    assert view["markaya_deck"] == 1
    assert view["markaya_deck_bottom"] == ["M02"]
