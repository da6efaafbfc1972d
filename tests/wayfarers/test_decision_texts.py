"""How a pending effect part's steps are named (``turns.legal_bundle``; the ruling "One move,
one text" in docs/rulings/wayfarers.md; rulebook 004 "Placing a Die": a space's actions in any
order, each optional, costs paid in full first; WF-RUL-07, WF-RUL-08, WF-OP-01..03).

A step of a plain part (one operation whose step texts no other part can offer) is its own
text; a step of any other part (a choice, a pay-then-gain, "any influence", a price-adjusted
card gain) carries "(of: PART)", unless its own text already is the part's text (a cost paid in
full: "pay 2 provisions -> water card"). So a move reads the same whatever else is pending.
"""

from __future__ import annotations

import html
import random
import re
from collections import Counter
from typing import Any

import upriver
from tests.wayfarers.helpers import (
    acts,
    gain,
    give,
    new,
    place_tile,
    play,
    set_dice,
    state,
)
from upriver.core.game import Game
from upriver.games.wayfarers import catalogue, resolve, svg
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.effects import ATOM, PAY, Nodes
from upriver.games.wayfarers.stack import bundle_items
from upriver.games.wayfarers.state import F_ALL

CHOICE_TEXT = "card influence | move influence | modify die"  # T23's ability
FROM_CHOICE = f"modify die 2 to 3 (of: {CHOICE_TEXT})"
PLAIN = "modify die 2 to 3"


def _die_on(host: str, tucked: bool) -> Game:
    """Seat 0 places a 5 (a Ship from the caravan's column 5) on ``host``, with a 2 left in
    supply to modify; T23 ("card influence | move influence | modify die") tucked under the
    host if ``tucked``. W09's action is "refresh die & modify die & provision"; the Capital
    Harbour's "pay 2 provisions -> water card"."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    give(g, 0, silver=10, provisions=5, black=1, yellow=0, blue=0)
    set_dice(g, 0, [5, 2])
    place_tile(g, 0, "basic-ship", 5, 2)
    if host == "W09":
        gain(g, 0, "W09")
    if tucked:
        gain(g, 0, "T23", under="harbour" if host == "Capital Harbour" else host)
    play(g, "place die 5", f"place die 5 on {host}")
    return g


def test_a_step_reads_the_same_whatever_else_is_pending() -> None:
    """One move, one text: T23's "modify die" alternative reads the same when it is the only
    modify on offer (die on the Capital Harbour) and when W09's own plain "modify die" offers
    the same change (die on W09); W09's plain step reads the same with and without T23
    pending. Taking the choice's step commits to the choice, and W09's part is still there."""
    alone = _die_on("Capital Harbour", tucked=True)
    assert FROM_CHOICE in acts(alone) and PLAIN not in acts(alone)
    assert "pay 2 provisions -> water card" in acts(alone)
    plain_alone = _die_on("W09", tucked=False)
    assert PLAIN in acts(plain_alone) and FROM_CHOICE not in acts(plain_alone)
    both = _die_on("W09", tucked=True)
    assert {PLAIN, FROM_CHOICE} <= set(acts(both))
    play(both, FROM_CHOICE)
    assert not [a for a in acts(both) if "(of: " in a or a.startswith("move influence")]
    assert "modify die 3 to 4" in acts(both)


def test_a_cost_paid_in_full_is_named_by_its_part() -> None:
    """WF-OP-01: the step of a pay-then-gain pays its cost and names what it buys; the Capital
    City's "pay 2 provisions -> silver & land card" reads just so when nothing is discounted."""
    g = new(2, seed=1, sides="aaa")
    state(g).board[0] = 0
    give(g, 0, provisions=5)
    set_dice(g, 0, [1])
    play(g, "place die 1", "place die 1 on Capital City")
    assert acts(g)[0] == "pay 2 provisions -> silver & land card"


# --- over random games ----------------------------------------------------------------------


def _structure(nodes: Nodes, node: int) -> Any:
    """What a node does, whatever its written text."""
    if nodes.kind[node] == ATOM:
        return (ATOM, nodes.op[node], nodes.amount[node], nodes.param[node], nodes.flags[node])
    if nodes.kind[node] == PAY:
        return (PAY, nodes.param[node], nodes.amount[node],
                _structure(nodes, nodes.kids[node][0]))
    return (nodes.kind[node], tuple(_structure(nodes, k) for k in nodes.kids[node]))


def _check_bundle(g: Game, named: dict[tuple[int, str], str]) -> int:
    """The bundle decision on top: each offered step's text against (part node, own step
    text) seen before, the texts distinct, and every pending part's step offered (by it or by
    an equal part). Returns how many steps were checked."""
    st = state(g)
    nodes = st.cfg.comp.nodes
    texts, moves = g.rules.legal(st)
    assert len(set(texts)) == len(texts), Counter(texts).most_common(2)
    own: dict[tuple[int, Any], str] = {}
    pending: set[tuple[str, str]] = set()
    for pos in bundle_items(st):
        node, ctx = st.stack[pos + 1], st.stack[pos + 2]
        for text, path in resolve.steps(st, node, ctx):
            own[pos, path] = text
            pending.add((nodes.text[node], text))
    offered: set[tuple[str, str]] = set()
    for text, move in zip(texts, moves, strict=True):
        if move[0] != "item":
            continue
        _, pos, path = move
        node = st.stack[pos + 1]
        step = own[pos, path]
        assert named.setdefault((node, step), text) == text, (node, step, text)
        offered.add((nodes.text[node], step))
    assert offered == pending
    return len(offered)


def test_a_step_text_is_a_function_of_its_part_and_step() -> None:
    """Over random games (2-4 players and solo): at every bundle decision, the text of each
    offered step depends only on its part (the node) and the step (its own text): one (node,
    step) never gets two texts across positions; one position never offers one text twice; and
    no pending part's step is left out (equal parts are offered once)."""
    named: dict[tuple[int, str], str] = {}
    checked = 0
    for players, seed in ((1, 1), (2, 2), (3, 3), (4, 4), (1, 5), (2, 6), (3, 7), (4, 8)):
        g = upriver.new_game("wayfarers", players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(2000):
            if g.is_over:
                break
            st = state(g)
            if st.stack and st.stack[-4] == F_ALL:
                checked += _check_bundle(g, named)
            g.play(rng.choice(g.legal_actions()))
    assert checked > 5000
    # Each text names one (part, step): equal parts share texts, different parts never do.
    nodes = load().nodes
    by_text: dict[str, set[tuple[Any, str]]] = {}
    for (node, step), text in named.items():
        by_text.setdefault(text, set()).add((_structure(nodes, node), step))
    assert all(len(keys) == 1 for keys in by_text.values())


# --- why the texts of one position are distinct ---------------------------------------------


def test_equal_part_texts_are_equal_parts() -> None:
    """Parts are told apart by their written text (equal parts are offered once, and "(of:
    PART)" names a part by it): over every part a bundle can hold, two parts have the same
    text exactly when they do the same."""
    comp = load()
    nodes = comp.nodes
    seen: dict[str, Any] = {}
    by_structure: dict[Any, str] = {}
    for n in catalogue._bundle_parts(comp):
        shape = _structure(nodes, n)
        assert seen.setdefault(nodes.text[n], shape) == shape, nodes.text[n]
        assert by_structure.setdefault(shape, nodes.text[n]) == nodes.text[n], nodes.text[n]


def test_plain_parts_of_different_texts_never_offer_one_text() -> None:
    """A plain part's steps are its own texts: every text any plain part can offer (at any
    price, from any source) belongs to plain parts of one text only, so two plain parts
    pending together never offer the same text. The other parts are the choices, costs, "any
    influence" and the price-adjusted card gains."""
    comp = load()
    nodes = comp.nodes
    memo: dict[object, list[str]] = {}
    owner: dict[str, str] = {}
    plain: set[str] = set()
    for n in catalogue._bundle_parts(comp):
        if not nodes.plain[n]:
            continue
        plain.add(nodes.text[n])
        for text in catalogue._steps(comp, n, memo):
            assert owner.setdefault(text, nodes.text[n]) == nodes.text[n], text
    assert {"any influence", "townsfolk card (free)", "space card (1 silver off)"}.isdisjoint(
        plain)
    assert {"silver", "black influence", "land tile (free)", "card influence"} <= plain


def test_no_part_offers_one_text_twice() -> None:
    """Within one part, different steps have different texts (a choice's alternatives offer
    different things), so naming a step by its part keeps it apart from its neighbours."""
    comp = load()
    memo: dict[object, list[str]] = {}
    for n in catalogue._bundle_parts(comp):
        texts = catalogue._steps(comp, n, memo)
        assert len(set(texts)) == len(texts), comp.nodes.text[n]


def test_a_named_journal_step_is_still_clicked_on_its_space() -> None:
    """The board drawing puts a Journal step on the space it leads to, named by its part or
    not: the Capital Library's "journal to 10 (of: journal | any influence & retrieve worker)"
    is the target of space 10."""
    g = new(2, seed=1, sides="aaa")
    set_dice(g, 0, [6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library")
    step = "journal to 10 (of: journal | any influence & retrieve worker)"
    assert step in acts(g)
    drawn = svg.render(g.view(0))
    space = re.search(r'<g class="target" data-action="([^"]*)"[^>]*data-piece="journal-10"',
                      drawn)
    assert space and html.unescape(space.group(1)) == step
