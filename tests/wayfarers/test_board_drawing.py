"""The Wayfarers board drawing: every decision is taken on a drawn piece of the table."""

from __future__ import annotations

import html
import random
import xml.etree.ElementTree as ET

import pytest

import upriver
from upriver.games.wayfarers import catalogue, svg
from upriver.games.wayfarers.board_targets import PASSES, Targets, badge, piece_of
from upriver.games.wayfarers.card_words import describe

AI_BOARDS = ("stargazer", "inventor", "mayor", "wayfarer")


def targets(drawing: str) -> dict[str, ET.Element]:
    root = ET.fromstring(drawing)
    return {el.get("data-action", ""): el for el in root.iter() if el.get("data-action")}


def test_every_decision_text_has_a_piece_to_be_taken_on() -> None:
    """Every text in the catalogue of Wayfarers decisions (all 128k of them) names a piece of
    the table, except the decisions that end a step, which are buttons."""
    missing = [t for _, texts in catalogue.groups() for t in texts
               if not piece_of(t) and t not in PASSES]
    assert missing == []
    assert set(catalogue.actions()) >= PASSES


def test_a_piece_is_what_the_decision_is_about() -> None:
    """A die is placed by touching it, then the space it goes on; Workers go on the card's
    space of their colour; bought tiles are the supply's tile of that face."""
    assert piece_of("place die 3") == "die:3"
    assert piece_of("place die 3 on Capital Market") == "card:Capital Market"
    assert piece_of("place die 6 on W08") == "card:W08"
    assert piece_of("refresh die on L09") == "die-on:L09"
    assert piece_of("place yellow worker on L12, fee 1 silver to seat 0") == "worker:L12:yellow"
    assert piece_of("retrieve blue worker from I14, fee 1 provision to seat 0 (of: journal | "
                    "any influence & retrieve worker)") == "worker:I14:blue"
    assert piece_of("take tile land-camel face b (3 silver)") == "tile:land-camel:b"
    assert piece_of("take tile basic-ship (2 silver) (of: basic tile | 2 silver)") == (
        "tile:basic-ship:")
    assert piece_of("black influence: journal on to 23") == "journal:23"
    assert piece_of("move influence black to blue") == "guild:blue"
    assert piece_of("deny: pay 1 silver, the opponent may not take L36") == "card:L36"
    assert piece_of("tuck I03 above Capital Sky") == "card:Capital Sky"
    assert piece_of("pay 2 provisions -> water card") == "provisions"
    assert piece_of("draw 3 water (pigeon)") == "pile:water"


def test_decisions_sharing_a_piece_get_badges_that_tell_them_apart() -> None:
    """A Worker space with a fee gets a Silver badge and a Provision badge; a die to change
    gets an up and a down arrow; two decisions that would look alike are numbered."""
    fee = ["place blue worker on W04, fee 1 provision to seat 0",
           "place blue worker on W04, fee 1 silver to seat 0"]
    found = Targets.of(fee).badges("worker:W04:blue")
    assert [look for look, _ in found] == [("sack", "1"), ("coin", "1")]
    assert badge("yellow: die 3 to 4") == ("up", "") and badge("modify die 3 to 2") == (
        "down", "")
    alike = Targets.of(["gain 2 silver", "gain 2 silver (of: basic tile | 2 silver)"])
    assert [look for look, _ in alike.badges("silver")] == [("coin", "21"), ("coin", "22")]
    assert Targets.of(fee).body("worker:W04:blue") is None


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_decision_is_a_drawn_piece_in_random_games(players: int) -> None:
    """Random games at every player count (solo against each AI board in turn): at every
    decision each legal action but the passes is the target of a drawn piece (it carries
    ``data-piece``), none falls to the drawing's safety net, and no target is anything but a
    piece."""
    for seed in range(2):
        options = {"ai_board": AI_BOARDS[seed]} if players == 1 else {}
        game = upriver.new_game("wayfarers", players=players, seed=seed, **options)
        rng = random.Random(seed)
        for _ in range(700):
            if game.is_over:
                break
            legal = game.legal_actions()
            drawn = targets(svg.render(game.view(game.to_move)))
            assert set(legal) - PASSES <= set(drawn), set(legal) - PASSES - set(drawn)
            assert not set(drawn) - set(legal)
            for action, el in drawn.items():
                assert el.get("data-piece"), action
                assert not el.get("data-piece", "").startswith("other"), action
            game.play(rng.choice(legal))


def test_only_the_mover_s_own_pieces_are_targets() -> None:
    """Another seat's dice, Silver and Capital are drawn but never targets, and a seat that
    is not to move sees no target at all."""
    game = upriver.new_game("wayfarers", players=2, seed=3)
    mover = game.to_move
    assert mover is not None
    drawing = svg.render(game.view(mover))
    for el in targets(drawing).values():
        assert not el.get("data-piece", "").startswith((f"die-{1 - mover}-",
                                                        f"site-{1 - mover}-"))
    assert targets(svg.render(game.view(1 - mover))) == {}


def test_cards_explain_themselves_in_plain_words() -> None:
    """A card's tooltip says what it is and does as a player reads it, not as program data."""
    vista = {"id": "L28", "name": "L28", "kind": "vista", "tags": ["vista"],
             "immediate": "2 silver", "ability": "retrieve worker",
             "trigger": ["planet", "sun", "moon"]}
    assert describe(vista) == ("L28: Land card, a Vista. When gained: 2 silver. Each time you "
                               "gain a card or tile showing Planet, Sun or Moon: retrieve "
                               "worker.")
    comet = {"id": "S01", "name": "Halley", "kind": "space", "tags": ["comet"],
             "score": "4 if comet_lead else 2"}
    text = describe(comet)
    assert "2 VP, or 4 VP if you have more Comets than each other player" in text
    assert "comet_lead" not in text and "[" not in text
    folk = {"id": "T12", "name": "Guardian", "kind": "townsfolk", "cost": 3,
            "hosts": ["open_water"], "resting": True, "ability": "provision & silver"}
    assert describe(folk) == ("Guardian (T12): Townsfolk card. Costs 3 silver; tucks under a "
                              "card showing Open Water. When you rest with at most 1 die in "
                              "supply: provision and silver.")


def test_a_drawing_names_its_tooltips_without_program_words() -> None:
    """No tooltip of a drawn table reads like program output (lists, True/False, names with
    underscores)."""
    game = upriver.new_game("wayfarers", players=2, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        game.play(rng.choice(game.legal_actions()))
    root = ET.fromstring(svg.render(game.view(game.to_move)))
    tips = [html.unescape(t.text or "") for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert tips
    for tip in tips:
        assert not any(bad in tip for bad in ("[", "True", "False", "_", "None")), tip


def test_every_effect_part_says_where_it_comes_from_and_the_board_names_it() -> None:
    """Each part of a bundle being resolved names its source in the view (a card, a Capital
    space, a display slot's printed action, a Journal space, a caravan cell), and the
    board's "Now:" line names the step with it ("resolve 2 silver (from the land row's
    slot 2)")."""
    kinds: set[str] = set()
    for players in (1, 2, 4):
        options = {"ai_board": "mayor"} if players == 1 else {}
        game = upriver.new_game("wayfarers", players=players, seed=1, **options)
        rng = random.Random(1)
        while not game.is_over:
            view = game.view(game.to_move)
            pending = (view.get("this_turn") or {}).get("pending") or []
            if pending and pending[0]["step"] == "resolve effects":
                sources = [p["from"] for p in pending[0]["parts"]]
                assert all(sources), pending[0]
                kinds |= {s.split()[0] if not s[1:3].isdigit() else "card" for s in sources}
                now = ET.fromstring(svg.render(view)).iter()
                line = next(el for el in now if el.get("data-piece") == "now")
                assert f"(from {sources[-1]})" in html.unescape(" ".join(line.itertext()))
            game.play(rng.choice(game.legal_actions()))
    assert {"card", "Capital", "the", "Journal", "caravan"} <= kinds, kinds
