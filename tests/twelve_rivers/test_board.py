"""The 12 Rivers board drawing: every decision is taken on a drawn piece of the table (a
card, a fairy, a pearl, a space, a spot) and pieces that offer several decisions show each
one drawn."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest

import upriver
from upriver.core.game import Game
from upriver.games.twelve_rivers import svg
from upriver.games.twelve_rivers.svg import MOVE

EDITIONS = ({}, {"edition": "2022"})


def targets(drawn: str) -> dict[str, list[ET.Element]]:
    found: dict[str, list[ET.Element]] = {}
    for el in ET.fromstring(drawn).iter():
        if el.get("data-action"):
            found.setdefault(el.get("data-action", ""), []).append(el)
    return found


def first_where(game_options: dict[str, str], wanted: Callable[[list[str]], bool],
                players: int = 2) -> Game:
    """The first decision of seeded random games where ``wanted(legal)`` holds."""
    for seed in range(80):
        game = upriver.new_game("twelve-rivers", players=players, seed=seed, **game_options)
        rng = random.Random(seed)
        while not game.is_over:
            if wanted(game.legal_actions()):
                return game
            game.play(rng.choice(game.legal_actions()))
    raise AssertionError("no such decision in 80 games")


def drawn_for(game: Game) -> dict[str, list[ET.Element]]:
    return targets(svg.render(game.view(game.to_move)))


@pytest.mark.parametrize("options", EDITIONS, ids=["current", "2022"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_decision_is_clicked_on_a_drawn_piece(options: dict[str, str],
                                                     players: int) -> None:
    """No text chips: at every decision of random games each legal action but the passes is
    a target, every target is a named piece (``data-piece``), and piece names are unique."""
    for seed in range(2):
        game = upriver.new_game("twelve-rivers", players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over:
            drawing = svg.render(game.view(game.to_move))
            found = targets(drawing)
            assert set(game.legal_actions()) - svg.PASSES <= set(found)
            for action, elements in found.items():
                assert all(el.get("data-piece") for el in elements), action
            names = [el.get("data-piece") for el in ET.fromstring(drawing).iter()
                     if el.get("data-piece")]
            assert len(names) == len(set(names))
            game.play(rng.choice(game.legal_actions()))


def test_supply_cards_on_display_and_the_pile_are_cards() -> None:
    """TR-CARD-02: a card is taken by clicking it on the display, or the face-down pile."""
    game = first_where({}, lambda legal: "draw from pile" in legal and any(
        a.endswith(" from display") for a in legal))
    found = drawn_for(game)
    assert found["draw from pile"][0].get("data-piece") == "pile"
    display = [a for a in game.legal_actions() if a.endswith(" from display")]
    assert all(found[a][0].get("data-piece", "").startswith("card:") for a in display)


def test_a_pair_made_more_than_one_way_has_a_drawn_badge_per_way() -> None:
    """TR-FAIRY-05: "play lantern pair" and "play lantern pair (lantern + fire fairy)" are two
    badges under the lantern card (two cards; a card and a fire fairy), the card itself
    playing neither."""
    def two_ways(legal: list[str]) -> bool:
        kinds = [a.split(" pair")[0] for a in legal if a.startswith("play ")]
        return any(kinds.count(k) > 1 for k in kinds)
    game = first_where({}, two_ways)
    seat = game.to_move
    found = drawn_for(game)
    pairs = [a for a in game.legal_actions() if a.startswith("play ")]
    for action in pairs:
        kind = action.removeprefix("play ").split(" pair")[0]
        name = found[action][0].get("data-piece", "")
        assert name.startswith(f"pair:{seat}:{kind}:") or name == f"hand:{seat}:{kind}"


def test_a_pair_of_fire_fairies_is_played_on_a_card_drawn_for_its_kind() -> None:
    """TR-FAIRY-06: two fire fairies make a pair of a kind not in hand; that kind
    is drawn as a card with none held, and its pair is clicked there."""
    def fairies_only(legal: list[str]) -> bool:
        return any(a.endswith("(2 fire fairies)") for a in legal)
    game = first_where({}, fairies_only, players=4)
    seat = game.to_move
    assert seat is not None
    found = drawn_for(game)
    hand = game.view(seat)["players"][seat]["hand"]
    for action in game.legal_actions():
        if action.endswith("(2 fire fairies)"):
            kind = action.removeprefix("play ").split(" pair")[0]
            name = found[action][0].get("data-piece", "")
            assert name.startswith((f"pair:{seat}:{kind}:", f"hand:{seat}:{kind}"))
            if kind not in hand:
                assert f'data-piece="hand:{seat}:{kind}"' in svg.render(game.view(seat))


def test_a_spot_filled_one_way_is_clicked_itself_and_several_ways_by_their_pearls() -> None:
    """TR-DELIV-03, TR-FAIRY-10, -13: an empty Markaya spot is the target of the one pearl
    that can go there; where several can (a rainbow spot, a light fairy, the earth fairy's
    moves), a drawn pearl of each colour under the spot."""
    def crowded(legal: list[str]) -> bool:
        spots = [(m[3], m[4]) for a in legal if (m := MOVE.fullmatch(a))]
        return any(spots.count(s) > 1 for s in spots) and any(
            spots.count(s) == 1 for s in spots)
    game = first_where({}, crowded)
    found = drawn_for(game)
    moves = [(a, m) for a in game.legal_actions() if (m := MOVE.fullmatch(a))]
    spots = [(m[3], m[4]) for _, m in moves]
    for action, m in moves:
        name = found[action][0].get("data-piece", "")
        if spots.count((m[3], m[4])) == 1:
            assert name == f"spot:{m[3]}:{m[4]}"
        else:
            assert name.startswith(f"spot:{m[3]}:{m[4]}:")
            circle = found[action][0][0]
            assert circle.get("fill") == svg.PEARL_FILL[m[1]]


@pytest.mark.parametrize("options", EDITIONS, ids=["current", "2022"])
def test_a_full_alpaca_s_choices_are_drawn_as_the_pearls_taken_and_dropped(
        options: dict[str, str]) -> None:
    """TR-COLL-10 (exchange) and the 2022 take-and-discard: each choice is drawn as the pearl
    taken and the one dropped (or the one taken, crossed out)."""
    def full(legal: list[str]) -> bool:
        return any(a.startswith("exchange ") or ", discard " in a or a.endswith(
            "and discard it") for a in legal)
    game = first_where(options, full)
    found = drawn_for(game)
    for action in game.legal_actions():
        if action.startswith("exchange "):
            _, given, _, taken = action.split()
            assert found[action][0].get("data-piece") == f"choice:{taken}:{given}"
        elif ", discard " in action:
            taken, dropped = action.split()[1].rstrip(","), action.split()[3]
            assert found[action][0].get("data-piece") == f"choice:{taken}:{dropped}"
        elif action.endswith("and discard it"):
            taken = action.split()[1]
            assert found[action][0].get("data-piece") == f"choice:{taken}:itself"


def test_fairies_are_tokens_at_their_sites_and_in_a_seat_s_panel() -> None:
    """TR-CARD-18: a lantern pair takes a fairy token from its site; a seat's fairies are
    tokens it clicks to use or pay them."""
    game = first_where({}, lambda legal: any(a.startswith("lantern: take") for a in legal))
    found = drawn_for(game)
    for action in game.legal_actions():
        if action.startswith("lantern: take"):
            kind, site = action.split()[2], action.split(" from ")[1]
            assert found[action][0].get("data-piece") == f"site:{site}:{kind}"
    game = first_where({}, lambda legal: any(a.startswith("use ") for a in legal))
    found = drawn_for(game)
    for action in game.legal_actions():
        if action.startswith("use "):
            assert found[action][0].get("data-piece") == (
                f"fairy:{game.to_move}:{action.split()[1]}")
