"""Refusal reasons (issue 29): a real Wayfarers move that is not legal now is refused with the
rule that forbids it (``refusals.why_not``), and the game is left as it was."""

from __future__ import annotations

import random
import re

import pytest

import upriver
from upriver.core.game import Game
from upriver.games.wayfarers import refusals

SEAT = {"silver": "3", "provisions": "2", "guilds": "{ black = 1, yellow = 1, blue = 1 }",
        "workers": "{ green = 1, yellow = 1, blue = 1 }", "dice": "[2, 5]"}


def position(tables: str = "", players: int = 2, **seat: str) -> Game:
    """Seat 0 to move at the start of its turn with the resources of ``SEAT``, changed by
    ``seat`` (TOML values); ``tables`` adds whole tables (influence, workers)."""
    mine = "\n".join(f"{k} = {v}" for k, v in {**SEAT, **seat}.items())
    text = f"""
players = {players}
seed = 7
first_player = 0

[display]
townsfolk = ["T08", "T12", "T22", "T01"]
land = ["L01", "L02", "L03", "L04"]
water = ["W01", "W02", "W03", "W04"]
{tables}
[[seat]]
{mine}
"""
    text += "\n[[seat]]\nsilver = 3\n" * (players - 1)
    return upriver.from_position("wayfarers", text)


def refused(g: Game, text: str, reason: str) -> None:
    """``text`` names a move of the game, is refused with exactly ``reason``, and playing it
    changes nothing."""
    assert g.rules.names_a_move(text)
    before = g.to_json()
    message = f"{text!r} is not legal now: {reason}"
    with pytest.raises(upriver.IllegalAction, match="^" + re.escape(message) + "$"):
        g.play(text)
    assert g.why_not(text) == message
    assert g.to_json() == before


# --- the main action --------------------------------------------------------------------


def test_place_die_needs_a_die_of_that_value_in_supply() -> None:
    """WF-TURN-03: a die is placed from the player's supply."""
    refused(position(), "place die 3", "no die in your supply shows 3")


def test_place_die_needs_a_die_in_supply_at_all() -> None:
    """WF-TURN-03: with every die placed there is none to place (Rest brings them back)."""
    g = position(dice="[]", placed='["Capital Market", "Capital Reserve"]')
    refused(g, "place die 2", "you have no dice in your supply")


def test_no_second_main_action_in_a_turn() -> None:
    """WF-TURN-01: exactly one main action a turn; the Worker's slot action is still being
    resolved, and Rest would be a second one."""
    g = position()
    g.play("place yellow worker on L02")  # 2 silver & yellow influence
    refused(g, "rest", "you have already taken a main action this turn")
    refused(g, "place die 5", "you have already taken a main action this turn")


def test_the_turn_cannot_end_before_the_main_action() -> None:
    """WF-TURN-01, WF-TURN-16: the turn ends only after its main action."""
    refused(position(), "end turn", "you must take a main action before ending the turn")


def test_effects_are_only_resolved_once_something_is_pending() -> None:
    """WF-TURN-01: at the start of a turn nothing is pending but the main action."""
    refused(position(), "gain 2 silver",
            "nothing is pending: take a main action (place a die, place a worker or rest)")


# --- placing a die ----------------------------------------------------------------------


def test_die_space_is_taken() -> None:
    """WF-DICE-03: a die space holds one die."""
    g = position(placed='["Capital Market"]')
    g.play("place die 2")
    refused(g, "place die 2 on Capital Market", "Capital Market already holds a die")


def test_die_space_needs_its_assets() -> None:
    """WF-DICE-04/05: the Capital Harbour needs a Ship, and column 2 of a bare caravan has
    none (and no Blue Ship is hired)."""
    g = position()
    g.play("place die 2")
    refused(g, "place die 2 on Capital Harbour", "Capital Harbour needs 1 ship and a die "
            "showing 2 has 0")


def test_the_die_being_placed_shows_its_own_value() -> None:
    """WF-TURN-04: one die is placed, the one chosen; a space is named with its value."""
    g = position()
    g.play("place die 5")
    refused(g, "place die 2 on Capital Market", "the die being placed shows 5, not 2")


def test_caravan_change_needs_an_arrow() -> None:
    """WF-UPG-17: a caravan change needs a +1 or -1 icon in the die's column; a bare caravan
    has none."""
    g = position()
    g.play("place die 2")
    refused(g, "caravan: die 2 to 3", "column 2 of your caravan has no +1 change")


def test_a_guild_ability_needs_influence_on_its_guild() -> None:
    """WF-GLD-02, WF-INF-14: hiring the Ship spends 1 Blue Influence."""
    g = position(guilds="{ black = 1, yellow = 1, blue = 0 }")
    g.play("place die 2")
    refused(g, "hire a ship (1 blue influence)", "you have no influence on the blue guild")


def test_a_guild_ability_once_per_turn() -> None:
    """WF-GLD-02: each Guild ability at most once a turn; Yellow was used at the start."""
    g = position(guilds="{ black = 1, yellow = 2, blue = 1 }")
    g.play("use yellow influence")
    g.play("yellow: die 2 to 3")
    g.play("yellow: no second step")
    refused(g, "use yellow influence", "you have already used the yellow guild this turn")


# --- Workers and fees -------------------------------------------------------------------


def test_no_worker_of_that_colour_left() -> None:
    """WF-TURN-08: placing a Worker needs one of that colour in supply."""
    g = position(workers="{ green = 0, yellow = 1, blue = 1 }")
    refused(g, "place green worker on L02", "you have no green worker left")


def test_a_card_holds_one_worker_of_each_colour() -> None:
    """WF-WORK-04: at most one Worker of each colour on a card."""
    g = position(tables='[workers]\nL02 = "yellow"\n')
    refused(g, "place yellow worker on L02", "L02 already holds a yellow worker")


def test_workers_go_only_on_display_cards() -> None:
    """WF-WORK-02: a Worker goes on a face-up display card."""
    g = position()
    refused(g, "place green worker on L09", "L09 is not on display")


def test_a_card_under_another_seats_influence_costs_a_fee() -> None:
    """WF-INF-08: a fee to the Influence's owner is due before interacting with the card."""
    g = position(tables="[influence]\nL02 = 1\n")
    refused(g, "place yellow worker on L02", "L02 holds seat 1's influence: a fee of 1 silver "
            "or 1 provision is due to seat 1")


def test_no_fee_on_a_card_without_another_seats_influence() -> None:
    """WF-INF-09: no fee on a card holding no Influence (or the player's own)."""
    g = position(tables="[influence]\nL03 = 0\n")
    refused(g, "place yellow worker on L02, fee 1 silver to seat 1",
            "no fee is due: L02 holds no influence")
    refused(g, "place yellow worker on L03, fee 1 silver to seat 1",
            "no fee is due: L03 holds your own influence")


def test_the_fee_must_be_payable() -> None:
    """WF-INF-10: a player who cannot pay the fee cannot interact with the card."""
    g = position(provisions="0", tables="[influence]\nL02 = 1\n")
    refused(g, "place yellow worker on L02, fee 1 provision to seat 1",
            "you have no provision for the fee")


# --- effects ----------------------------------------------------------------------------


def test_a_card_the_seat_cannot_afford() -> None:
    """WF-ACQ-05: a Townsfolk card costs the Silver printed on it; the Farmer costs 2 and the
    seat has 1 (the Land row's slot 1: a Townsfolk card and modify a die)."""
    g = position(silver="1")
    g.play("place green worker on L01")
    refused(g, "take T08 (2 silver)", "T08 costs 2 silver and you have 1 silver")


def test_a_townsfolk_card_needs_a_host() -> None:
    """WF-CARD-41/42, WF-OP-21: a Townsfolk card goes under a Land or Water card showing a tag
    it needs; the Guardian needs an Open Water and the seat has only its Capital City and
    Harbour (the Land row's slot 1: a Townsfolk card and modify a die)."""
    g = position()
    g.play("place green worker on L01")
    refused(g, "take T12 (3 silver)",
            "no land or water card of yours, free of townsfolk, shows a tag T12 needs")


def test_a_worker_needs_a_slot_action_that_can_act() -> None:
    """WF-WORK-06: a Worker goes only where part of the slot's action can be resolved; the
    Townsfolk row's slot 1 acquires a Space card, and a Space card needs a Land or Water card
    of the seat's to sit above (WF-CARD-19)."""
    refused(position(), "place green worker on T08",
            "nothing in the slot's action (space card (1 silver off)) can be done now")


def test_a_tile_never_overlaps_another() -> None:
    """WF-UPG-03: a tile lies on cells holding no tile (the Townsfolk row's slot 3: a Basic
    tile free)."""
    g = position(caravan='[ { tile = "basic-camel", column = 2, row = 1 } ]')
    g.play("place green worker on T22")
    g.play("take tile basic-ship (free)")
    refused(g, "place tile at column 2 row 1",
            "the basic-ship tile would overlap a tile already placed")


def test_only_dice_kept_in_supply_are_rerolled_at_a_rest() -> None:
    """WF-TURN-10: after a Rest each die that was already in supply may be rerolled."""
    g = position()
    g.play("rest")
    refused(g, "reroll a 3 kept in supply",
            "none of the dice kept in supply (and not yet rerolled) shows 3")


def test_influence_comes_from_the_supply_while_it_has_some() -> None:
    """WF-INF-15: only with an empty supply may Influence be moved from a Guild instead."""
    g = position()
    g.play("place green worker on T12")  # Townsfolk slot 2: Influence on each Guild
    refused(g, "black influence (from yellow)", "you still have influence in your supply")


# --- the property -----------------------------------------------------------------------


def test_reasons_are_one_line_pure_and_never_for_a_legal_move() -> None:
    """Over random games at every player count, at sampled decisions: every legal text has
    no reason, and a sample of the catalogue's other texts gets None or one line, the state
    unchanged (all checks of the module's docstring)."""
    catalogue = upriver.new_game("wayfarers", players=2, seed=0).rules.action_catalogue()
    # Most of the catalogue is Influence from one card to another: sample the rest apart.
    influence = [t for t in catalogue if t.startswith("influence on")]
    others = [t for t in catalogue if not t.startswith("influence on")]
    given = 0
    for players, seed in ((1, 11), (2, 12), (3, 13), (4, 14), (2, 15), (1, 16)):
        g = upriver.new_game("wayfarers", players=players, seed=seed)
        rng = random.Random(seed)
        for step in range(600):
            if g.is_over:
                break
            texts = g.legal_actions()
            if step % 10 == 0:
                before = g.to_json()
                for text in texts:
                    assert refusals.why_not(g.state, text) is None, text
                legal = set(texts)
                for text in rng.sample(others, 250) + rng.sample(influence, 50):
                    if text in legal:
                        continue
                    reason = refusals.why_not(g.state, text)
                    if reason is not None:
                        given += 1
                        assert reason and "\n" not in reason and reason == reason.strip()
                        assert not reason.endswith("."), reason
                assert g.to_json() == before
            g.play(rng.choice(texts))
    assert given > 1000  # the module knows most refusals


def test_every_catalogue_text_is_understood() -> None:
    """Every text the game can offer (the catalogue's patterns) is parsed, so none falls to
    the generic line for want of a pattern."""
    catalogue = upriver.new_game("wayfarers", players=2, seed=0).rules.action_catalogue()
    assert [t for t in catalogue if refusals._parse(t)[0] is None] == []
