"""Rule tests for the 12 Rivers 2022 edition's preparation phase (rulebook 001, "Preparation
Phase", "The fairy emerges"): TR22-PREP-01..08, the villager offer each round (TR22-RULING-08,
option villager_offer) and the bag and fairy pile never running out (TR22-RULING-15)."""

from __future__ import annotations

from collections import Counter

import pytest

import upriver
from tests.twelve_rivers_2022.helpers import new, play, position

# Placements that cost nothing, in the order a scripted round uses them.
FREE_PLACES = (
    *(f"place village {k}" for k in range(1, 7)),
    "place sea",
    *(f"place R5 space {k}" for k in range(1, 6)),
    *(f"place R4-A space {k}" for k in range(1, 5)),
)
PASSIVE = ("befriend no one", "done", "end turn")


def next_action(actions: list[str]) -> str:
    """A fixed, cheap choice: a free groove, else decline, else the first legal action."""
    for choice in (*FREE_PLACES, *PASSIVE):
        if choice in actions:
            return choice
    return actions[0]


def play_round(game: upriver.Game) -> None:
    """Play the rest of the current round with ``next_action`` (a few dozen decisions)."""
    current = game.view(None)["round"]
    while not game.is_over and game.view(None)["round"] == current:
        game.play(next_action(game.legal_actions()))


def new_fairies(before: dict[str, dict[str, int]], after: dict[str, dict[str, int]]) -> dict[
        str, int]:
    """How many fairies each site gained between two views' ``sites``."""
    out = {}
    for site, kinds in after.items():
        gained = sum(kinds.values()) - sum(before.get(site, {}).values())
        if gained:
            out[site] = gained
    return out


def test_game_lasts_five_rounds_of_three_phases() -> None:
    """TR22-PREP-01: the game lasts exactly 5 rounds, each running the preparation, camp and
    reward phases in that order."""
    game = new(2, seed=4)
    rounds = []
    while not game.is_over:
        view = game.view(None)
        rounds.append(view["round"])
        # Preparation is done: the pearls wait at the origins, and the camp phase is on.
        assert view["phase"] == "exploration" and all(view["rivers"][:6])
        for _ in range(6):
            assert game.view(None)["phase"] == "exploration"
            game.play(next_action(game.legal_actions()))
        assert game.view(None)["phase"] == "collection"  # then the reward phase
        play_round(game)
    assert rounds == [1, 2, 3, 4, 5]
    assert game.view(None)["round"] == 5 and game.to_move is None
    last = position('players = 2\nround = 5\nstep = "deliver"')
    assert last.is_over and last.view(None)["round"] == 5
    fourth = position('players = 2\nround = 4\nstep = "deliver"')
    assert not fourth.is_over and fourth.view(None)["round"] == 5


def test_one_random_pearl_per_river_in_use_each_round() -> None:
    """TR22-PREP-02: each round one pearl drawn at random from the bag goes to the origin of each
    river in use, leftmost first: 6, 9 or 12 pearls with 2, 3 or 4 players."""
    for players in (2, 3, 4):
        game = new(players, seed=players)
        bag_before = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}
        for _ in range(5):
            view = game.view(None)
            rivers = view["rivers"]
            assert all(rivers[: 3 * players]) and not any(rivers[3 * players :])
            drawn = Counter(rivers[: 3 * players])
            assert {c: view["bag"].get(c, 0) + drawn[c] for c in bag_before} == bag_before
            bag_before = {c: view["bag"].get(c, 0) for c in bag_before}
            play_round(game)
    firsts = {tuple(new(3, seed=s).view(None)["rivers"][:9]) for s in range(10)}
    assert len(firsts) == 10  # the draws are random


def test_new_pearls_wait_behind_the_block_bar() -> None:
    """TR22-PREP-03: the new pearls stay behind the block bar until the reward phase pulls it,
    so they cannot be taken in the camp phase; the bar is back before the next round's pearls."""
    game = position(
        'players = 2\nrivers = "white white white white white white"\ntrack = "0 1 0 1 0 1"\n'
        "[[seat]]\nhand = 9\n[[seat]]\nhand = 9"
    )
    play(game, "place R1-01 space 1", "pay camp card", "pay camp card", "pay camp card")
    for _ in range(4):
        view = game.view(None)
        assert view["phase"] == "exploration"
        assert view["rivers"][:6] == ["white"] * 6 and view["pools"] == {}
        assert not any(a.startswith("take ") for a in game.legal_actions())
        game.play(next_action(game.legal_actions()))
    assert game.view(None)["phase"] == "exploration"
    game.play(next_action(game.legal_actions()))  # the last token: the bar is pulled
    view = game.view(None)
    assert view["phase"] == "collection" and view["rivers"] == [None] * 12
    assert view["pools"]["R1-01"] == {"white": 1}
    assert game.to_move == 0 and game.legal_actions() == ["take white"]
    play_round(game)
    view = game.view(None)
    assert view["round"] == 2 and all(view["rivers"][:6])
    assert view["pools"] == {} and view["sea"] == {}


def test_one_fairy_per_site_in_use() -> None:
    """TR22-PREP-04: after the pearls, one fairy is drawn for each stump or statue in use: the
    leftmost 2, 3 or 4; sites beside unused rivers never get a fairy."""
    for players in (2, 3, 4):
        game = new(players, seed=10 + players)
        used = {f"{kind} {g}" for kind in ("stump", "statue") for g in range(1, players + 1)}
        supply = game.view(None)["fairy_supply"]
        assert supply == 25 - players
        for _ in range(4):
            play_round(game)
        view = game.view(None)
        assert set(view["sites"]) <= used  # nobody took a fairy: all are still on their sites
        assert sum(sum(k.values()) for k in view["sites"].values()) == 5 * players
        assert view["fairy_supply"] == 25 - 5 * players


def test_stumps_in_odd_rounds_statues_in_even_rounds() -> None:
    """TR22-PREP-05: in rounds 1, 3 and 5 the new fairies go on the tree stumps; in rounds 2 and
    4 on the statues."""
    game = new(3, seed=8)
    sites: dict[str, dict[str, int]] = {}
    for rnd in range(1, 6):
        view = game.view(None)
        assert view["round"] == rnd
        kind = "stump" if rnd % 2 else "statue"
        assert new_fairies(sites, view["sites"]) == {f"{kind} {g}": 1 for g in (1, 2, 3)}
        sites = view["sites"]
        play_round(game)


def test_new_fairies_lie_face_up_one_per_site_left_to_right() -> None:
    """TR22-PREP-06: the new fairies are placed one per site from left to right and turned face
    up, so every player (and a spectator) sees their kinds before the camp phase."""
    game = new(4, seed=21)
    spectator = game.view(None)
    assert spectator["phase"] == "exploration" and spectator["spaces"] == {}
    assert list(spectator["sites"]) == ["stump 1", "stump 2", "stump 3", "stump 4"]
    kinds = {"bonfire", "breeze", "cloud", "mushroom", "river"}
    for site in spectator["sites"].values():
        assert sum(site.values()) == 1 and set(site) <= kinds
    for seat in range(4):
        assert game.view(seat)["sites"] == spectator["sites"]


def test_fairies_pile_up_on_a_site_until_taken() -> None:
    """TR22-PREP-07: a site may still hold fairies from earlier rounds; the new one is added and
    the whole stack stays until one placement takes it."""
    game = position(
        'players = 2\nround = 2\nstep = "deliver"\nfairy_supply = 10\n'
        '[sites]\n"stump 1" = "cloud river"\n"statue 2" = "bonfire"'
    )
    view = game.view(None)
    assert view["round"] == 3
    assert sum(view["sites"]["stump 1"].values()) == 3
    assert Counter(view["sites"]["stump 1"]) >= Counter({"cloud": 1, "river": 1})
    assert sum(view["sites"]["stump 2"].values()) == 1
    assert view["sites"]["statue 2"] == {"bonfire": 1}
    # In a played game nobody takes them: stump 1 collects rounds 1, 3 and 5.
    game = new(2, seed=6)
    for _ in range(4):
        play_round(game)
    view = game.view(None)
    assert sum(view["sites"]["stump 1"].values()) == 3
    assert sum(view["sites"]["statue 1"].values()) == 2


def test_round_one_three_players_three_fairies_on_three_stumps() -> None:
    """TR22-PREP-08: rulebook example: in round 1 of a 3-player game exactly 3 fairies are
    drawn, one on each of the 3 leftmost stumps."""
    for seed in range(5):
        view = new(3, seed=seed).view(None)
        assert {site: sum(k.values()) for site, k in view["sites"].items()} == {
            "stump 1": 1, "stump 2": 1, "stump 3": 1
        }
        assert view["fairy_supply"] == 22


def test_unclaimed_tiles_leave_and_six_new_are_turned_up() -> None:
    """TR22-RULING-08 (villager_offer = "replace", the default): in the preparation of rounds 2
    to 5 the unclaimed face-up tiles leave the game and 6 new ones are turned up, so the 30 tiles
    are used up over exactly 5 rounds."""
    game = position(
        'players = 2\nstep = "deliver"\nmarkaya_display = "V01 V02 V03 V04"\n'
        '[[seat]]\nmarkaya = ["V05"]'
    )
    view = game.view(None)
    assert view["round"] == 2 and len(view["markaya_display"]) == 6
    assert not {"V01", "V02", "V03", "V04", "V05"} & set(view["markaya_display"])
    assert view["markaya_deck"] == 30 - 5 - 6  # V01..V05 are out, 6 are face up
    game = new(2, seed=9)
    assert game.options["villager_offer"] == "replace"
    offers = []
    for _ in range(5):
        view = game.view(None)
        offers.append(view["markaya_display"])
        assert len(view["markaya_display"]) == 6
        assert view["markaya_deck"] == 30 - 6 * len(offers)
        play_round(game)
    seen = [t for offer in offers for t in offer]
    assert len(seen) == len(set(seen)) == 30
    assert game.is_over


def test_refill_option_keeps_leftover_tiles() -> None:
    """TR22-RULING-08 (villager_offer = "refill"): the leftover face-up tiles stay, and the offer
    is topped up to 6 from the pile."""
    game = position(
        'players = 2\nstep = "deliver"\nmarkaya_display = "V01 V02 V03 V04"\n'
        '[options]\nedition = "2022"\nvillager_offer = "refill"'
    )
    view = game.view(None)
    assert view["round"] == 2
    assert view["markaya_display"][:4] == ["V01", "V02", "V03", "V04"]
    assert len(view["markaya_display"]) == 6
    assert view["markaya_deck"] == 30 - 6
    with pytest.raises(upriver.BadOption):
        upriver.new_game("twelve-rivers", players=2, edition="current", villager_offer="refill")


def test_bag_and_fairy_pile_never_run_out() -> None:
    """TR22-RULING-15: at most 12 pearls and 4 fairies are drawn per round, so over 5 rounds the
    bag (60 of 65) and the fairy pile (20 of 25) never run out."""
    game = new(4, seed=13)
    for rnd in range(1, 6):
        view = game.view(None)
        assert view["round"] == rnd
        assert sum(view["bag"].values()) == 65 - 12 * rnd
        assert view["fairy_supply"] == 25 - 4 * rnd
        assert all(view["rivers"])
        assert sum(sum(k.values()) for k in view["sites"].values()) + sum(
            sum(p["fairies"].values()) for p in view["players"]) == 4 * rnd
        play_round(game)
    assert game.is_over
