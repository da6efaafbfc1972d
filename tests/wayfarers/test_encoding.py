"""The Wayfarers observation encoding (``encoding.layout`` / ``encoding.encode``): every view
fits the layout, hidden information never shows, decisions move the segments they should, the
blocks are seat-relative, and encoding reads the view alone."""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import upriver
from tests.wayfarers.helpers import acts, gain, give, new, play, put_display, state
from upriver.core.game import Game
from upriver.games.wayfarers import encoding
from upriver.games.wayfarers.components import load
from upriver.games.wayfarers.effects import CARD_TYPES
from upriver.games.wayfarers.scoring import CATEGORIES
from upriver.games.wayfarers.solo_components import load_solo

BOARDS = ("stargazer", "inventor", "mayor", "wayfarer")
# Every player count, with defaults and non-default options; short round limits make some
# random games end, so the final scores are encoded too.
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (1, {}), *((1, {"ai_board": b, "sides": "bab"}) for b in BOARDS),
    (2, {}), (2, {"sides": "bbb", "round_limit": 5}),
    (3, {"sides": "aab"}), (3, {"round_limit": 4}),
    (4, {}), (4, {"sides": "abb", "round_limit": 3}),
]
# One-hot blocks: exactly one 1 in every view.
ONE_HOT = ("journal", "player board", "last water", "board", "resource track", "sum value",
           "decision")
# Segments whose scale is a typical amount, not a maximum (the module docstring says which).
UNBOUNDED = ("own.resources", "other1.resources", "other2.resources", "other3.resources",
             "own.score", "other1.score", "other2.score", "other3.score", "opponent.score",
             "opponent.guilds")


def encode(g: Game, seat: int) -> list[float]:
    return encoding.encode(g.view(seat), g.num_players, g.options)


def parts(g: Game, vector: list[float]) -> dict[str, list[float]]:
    """The vector cut into its named segments."""
    out: dict[str, list[float]] = {}
    at = 0
    for name, n in encoding.layout(g.num_players, g.options):
        out[name] = vector[at : at + n]
        at += n
    assert at == len(vector)
    return out


def seat_parts(g: Game, seat: int) -> dict[str, list[float]]:
    return parts(g, encode(g, seat))


def random_games(players: int, options: dict[str, Any], seed: int, steps: int,
                 every: int = 1) -> Iterator[Game]:
    """A seeded random game, yielded every ``every`` decisions (at most ``steps``) and at
    its end."""
    g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
    rng = random.Random(seed)
    for step in range(steps):
        if g.is_over:
            break
        if step % every == 0:
            yield g
        g.play(rng.choice(g.legal_actions()))
    yield g


def card_index(card_id: str) -> int:
    return int(load().by_id[card_id])


def changed(before: dict[str, list[float]], after: dict[str, list[float]]) -> set[str]:
    return {name for name in before if before[name] != after[name]}


def slot_part(seg: list[float], row: str, slot: int, table: int) -> tuple[list[float],
                                                                          list[float],
                                                                          list[float]]:
    """A display slot's (card, Influence place, Workers) numbers, slot counted from 0."""
    n = len(load().cards_of(CARD_TYPES.index(row)))
    width = n + table + 3
    part = seg[slot * width : (slot + 1) * width]
    return part[:n], part[n : n + table], part[n + table :]


# --- every view fits ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_view_fits_the_layout(players: int, options: dict[str, Any]) -> None:
    """Across a random game, every seat's vector has the layout's length, only finite numbers
    at least 0, one 1 in each one-hot block, nothing above 1 where the game has a maximum, and
    the layout never changes."""
    first = None
    for g in random_games(players, options, seed=players * 7 + len(options), steps=900,
                          every=3):
        lay = encoding.layout(players, g.options)
        first = first or lay
        assert lay == first
        total = sum(n for _, n in lay)
        for seat in range(players):
            vec = encode(g, seat)
            assert len(vec) == total
            assert all(math.isfinite(x) and x >= 0 for x in vec)
            for name, seg in parts(g, vec).items():
                if name.split(".")[1] in ONE_HOT:
                    assert sum(seg) == 1, name
                if name not in UNBOUNDED:
                    assert max(seg) <= 1, name


def listed(p: dict[str, Any]) -> dict[str, int]:
    """What a seat's entry in the view lists, counted straight from the view."""
    panorama = [*p["lands"], *p["waters"]]
    tucked = [x for x in [*p["capital"], *panorama] if "townsfolk" in x]
    spaces = [x for x in panorama if "space" in x]
    inspiration = [x for x in spaces if "inspiration" in x] + (
        [p["sky_inspiration"]] if p["sky_inspiration"] else [])
    return {"cards": len(panorama) + len(tucked) + len(spaces) + len(inspiration),
            "tucked": len(tucked), "space above": len(spaces),
            "inspiration above": len(inspiration),
            "dice placed": sum(x["die"] for x in [*p["capital"], *panorama]),
            "caravan": sum(cell is not None for cell in p["caravan"])}


@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_block_counts_what_the_view_lists(players: int) -> None:
    """Each seat block holds one flag per card, tucked Townsfolk, Space card above, Inspiration
    card and placed die its view lists, one covered flag per covered caravan cell, and its
    supply dice, whoever observes."""
    cells = 1 + 9  # covered, then the nine icon flags
    for g in random_games(players, {}, seed=21 + players, steps=900, every=30):
        for seat in range(players):
            seg = seat_parts(g, seat)
            for s, p in enumerate(g.view(seat)["players"]):
                who = "own" if s == seat else f"other{(s - seat) % players}"
                counts = listed(p)
                for name in ("cards", "tucked", "space above", "inspiration above",
                             "dice placed"):
                    assert sum(seg[f"{who}.{name}"]) == counts[name], name
                assert sum(seg[f"{who}.caravan"][::cells]) == counts["caravan"]
                assert round(sum(seg[f"{who}.dice"]) * encoding.DICE_MAX) == len(p["dice"])


def test_short_games_reach_the_end_and_encode_the_scores() -> None:
    """A game that ends (a short round limit) sets the over flag and the final scores of every
    seat in that seat's own block."""
    for players in (1, 3):
        *_, g = random_games(players, {"round_limit": 2}, seed=3, steps=600)
        assert g.is_over
        for seat in range(players):
            seg = seat_parts(g, seat)
            assert seg["table.over"] == [1.0]
            breakdown = g.view(seat)["scores"][seat]
            assert seg["own.score"] == [breakdown[c] / encoding.VP_SCALE for c in CATEGORIES]


def test_layout_depends_on_the_player_count_only() -> None:
    """Names are unique, lengths positive, the same for any option set, and a seat block per
    seat (plus the opponent's in solo)."""
    for players in (1, 2, 3, 4):
        lay = encoding.layout(players, {"sides": "random", "round_limit": 200})
        assert lay == encoding.layout(players, {"sides": "bba", "round_limit": 7})
        names = [name for name, _ in lay]
        assert len(set(names)) == len(names)
        assert all(n > 0 for _, n in lay)
        owners = {name.split(".")[0] for name in names}
        others = {f"other{k}" for k in range(1, players)}
        solo = {"opponent"} if players == 1 else set()
        assert owners == {"own", "table", "display"} | others | solo
    sizes = [sum(n for _, n in encoding.layout(p, {})) for p in (2, 3, 4)]
    assert sizes[0] < sizes[1] < sizes[2]


# --- hidden information ---------------------------------------------------------------------


def games_to_determinize() -> Iterator[Game]:
    for players in (1, 2, 3, 4):
        yield from random_games(players, {}, seed=11 + players, steps=240, every=20)


def test_determinizing_keeps_every_seats_encoding() -> None:
    """A seat's vector is the same in every determinized twin (the draw piles and Scheme pile
    reshuffled where the seat cannot see), and the twins do differ in what is hidden."""
    reshuffled = 0
    for g in games_to_determinize():
        for seat in range(g.num_players):
            mine = encode(g, seat)
            for seed in (1, 2, 3):
                twin = g.determinize(seat, seed)
                reshuffled += twin.state.piles != g.state.piles
                assert encoding.encode(twin.view(seat), g.num_players, g.options) == mine
    assert reshuffled  # otherwise the check above proved nothing


def drawing_game() -> Game:
    """A multi-player game where the seat to move must keep one of several drawn cards."""
    for players in (2, 3, 4):
        for seed in range(6):
            for g in random_games(players, {}, seed=seed, steps=300):
                if g.view(g.to_move)["pending"] == "keep a drawn card":
                    return g
    raise AssertionError("no random game reached a draw-and-keep choice")


def test_drawn_cards_show_only_to_their_drawer() -> None:
    """The drawer's vector flags the drawn cards; every other seat sees only how many, and
    its vector survives determinizing, which redraws them."""
    g = drawing_game()
    drawer = g.to_move
    assert drawer is not None
    ids = g.view(drawer)["drawn"]
    seg = seat_parts(g, drawer)
    assert [i for i, x in enumerate(seg["table.drawn"]) if x] == sorted(map(card_index, ids))
    for seat in range(g.num_players):
        if seat == drawer:
            continue
        seg = seat_parts(g, seat)
        assert not any(seg["table.drawn"])
        assert seg["table.drawn count"] == seat_parts(g, drawer)["table.drawn count"]
        assert seg["table.drawn count"][0] > 0
        for seed in (4, 5, 6):
            twin = g.determinize(seat, seed)
            assert encoding.encode(twin.view(seat), g.num_players, g.options) == encode(g, seat)


def test_a_spectators_view_is_refused() -> None:
    """A spectator's view is no seat's observation, and a view of the wrong size is refused."""
    g = upriver.new_game("wayfarers", players=2, seed=0)
    with pytest.raises(ValueError):
        encoding.encode(g.view(None), 2, g.options)
    with pytest.raises(ValueError):
        encoding.encode(g.view(0), 3, g.options)


# --- what changes ---------------------------------------------------------------------------


def test_placing_a_die_moves_the_dice_and_the_decision() -> None:
    """Choosing a die changes only what is asked (place a die: the step pending, the die's
    value, its caravan chain not started); putting it on the Capital Market then takes it from
    the supply dice and marks one more die space, for its owner and for the other seat."""
    g = new(2, seed=1, sides="aaa")
    before = seat_parts(g, 0)
    die = next(a for a in acts(g) if a.startswith("place die "))
    play(g, die)
    middle = seat_parts(g, 0)
    assert changed(before, middle) == {"table.decision", "table.pending steps",
                                       "table.die to place", "table.caravan chain"}
    theirs = seat_parts(g, 1)
    play(g, f"{die} on Capital Market")
    after = seat_parts(g, 0)
    assert {"own.dice", "own.dice placed", "table.decision"} <= changed(middle, after)
    assert sum(after["own.dice"]) < sum(middle["own.dice"])
    assert sum(after["own.dice placed"]) == sum(middle["own.dice placed"]) + 1
    assert sum(seat_parts(g, 1)["other1.dice placed"]) == sum(theirs["other1.dice placed"]) + 1
    assert not changed(middle, after) & {"other1.dice", "other1.dice placed"}


def test_placing_a_worker_shows_on_the_card_and_leaves_the_supply() -> None:
    """A Yellow Worker placed on a Land card lowers the seat's Workers and sets the yellow
    flag of that card's display slot, for every seat; other rows are untouched."""
    g = new(2, seed=1, sides="aaa")
    slots = [s["id"] if s else None for s in g.view(0)["rows"]["land"]["slots"]]
    # The rightmost slot on offer, so every slot's width before it counts.
    action = max((a for a in acts(g) if a.startswith("place yellow worker on L")),
                 key=lambda a: slots.index(a.split()[-1]))
    card = action.split()[-1]
    slot = slots.index(card)
    assert slot > 0
    before = [seat_parts(g, s) for s in (0, 1)]
    play(g, action)
    after = [seat_parts(g, s) for s in (0, 1)]
    assert after[0]["own.workers"][1] < before[0]["own.workers"][1]
    assert after[1]["other1.workers"] == after[0]["own.workers"]
    for seat in (0, 1):
        _, _, workers = slot_part(after[seat]["display.land"], "land", slot, 2)
        assert workers == [0.0, 1.0, 0.0]
        assert after[seat]["display.water"] == before[seat]["display.water"]


def test_taking_a_townsfolk_asks_for_a_host_then_tucks_it() -> None:
    """Taking a Townsfolk card that adds assets asks where to tuck it (the decision changes);
    tucking it under a Capital card flags the card and the host, and the host's tucked-assets
    numbers are the Townsfolk's printed assets."""
    g = new(2, seed=1, sides="aaa")
    die = next(a for a in acts(g) if a.startswith("place die "))
    play(g, die, f"{die} on Capital Market")
    comp = load()
    take = next(a for a in acts(g) if a.startswith("take T")
                and comp.cards[card_index(a.split()[1])].assets)
    townsfolk = take.split()[1]
    before = seat_parts(g, 0)
    play(g, take)
    asked = seat_parts(g, 0)
    pending = encoding.DECISIONS.index("tuck a townsfolk")
    assert asked["table.decision"][pending] == 1.0 != before["table.decision"][pending]
    tuck = next(a for a in acts(g) if a.startswith(f"tuck {townsfolk} under Capital "))
    play(g, tuck)
    after = seat_parts(g, 0)
    assert after["own.cards"][card_index(townsfolk)] == 1.0
    assert asked["own.cards"][card_index(townsfolk)] == 0.0
    assert sum(after["own.tucked"]) == sum(asked["own.tucked"]) + 1
    host = ("Capital City", "Capital Harbour").index(tuck.split(" under ")[1])
    printed = comp.cards[card_index(townsfolk)].assets
    assert after["own.tucked assets"][4 * host : 4 * host + 4] == [
        printed.count(a) / 2 for a in range(4)]
    assert sum(after["own.tucked assets"]) == len(printed) / 2


def test_holdings_show_in_their_own_segment_only() -> None:
    """More Silver changes the resources segment and nothing else; a Land card gained changes
    the cards and tags segments of that seat."""
    g = new(2, seed=1, sides="aaa")
    before = seat_parts(g, 0)
    give(g, 0, silver=state(g).silver[0] + 4)
    assert changed(before, seat_parts(g, 0)) == {"own.resources"}
    before = seat_parts(g, 0)
    gain(g, 0, "L20")
    after = seat_parts(g, 0)
    assert {"own.cards", "own.tags"} <= changed(before, after)
    assert after["own.cards"][card_index("L20")] == 1.0


def test_a_space_card_and_its_inspiration_show_at_their_hosts() -> None:
    """A Space card above a Water card and an Inspiration card above that Space card flag the
    cards, the Water card's place in space above and the Space card's place (after the Capital
    Sky) in inspiration above; the rightmost Water card is the last water (the Capital Harbour
    before any)."""
    g = new(2, seed=4, sides="aaa")
    comp = load()
    waters = list(comp.cards_of(CARD_TYPES.index("water")))
    assert seat_parts(g, 1)["own.last water"][0] == 1.0
    gain(g, 1, "L20")
    gain(g, 1, "W05")
    gain(g, 1, "W09")
    gain(g, 1, "S05", above="W05")
    gain(g, 1, "I01", above="S05")
    for seat, who in ((1, "own"), (0, "other1")):
        seg = seat_parts(g, seat)
        assert {i for i, x in enumerate(seg[f"{who}.cards"]) if x} == {
            card_index(c) for c in ("L20", "W05", "W09", "S05", "I01")}
        assert [i for i, x in enumerate(seg[f"{who}.last water"]) if x] == [
            1 + waters.index(card_index("W09"))]
        lands_waters = [*comp.cards_of(CARD_TYPES.index("land")),
                        *comp.cards_of(CARD_TYPES.index("water"))]
        assert [i for i, x in enumerate(seg[f"{who}.space above"]) if x] == [
            lands_waters.index(card_index("W05"))]
        spaces = list(comp.cards_of(CARD_TYPES.index("space")))
        assert [i for i, x in enumerate(seg[f"{who}.inspiration above"]) if x] == [
            1 + spaces.index(card_index("S05"))]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_display_shows_each_slots_card_influence_and_workers(players: int) -> None:
    """Every display slot holds the one-hot of its card (by place within its type), the
    observer-relative place of the Influence on it and its Workers' colours, as the view
    says, in random games."""
    comp = load()
    table = max(2, players)
    for g in random_games(players, {}, seed=31 + players, steps=600, every=40):
        for seat in range(players):
            view = g.view(seat)
            seg = seat_parts(g, seat)
            for r, row in enumerate(CARD_TYPES):
                first = comp.first[r]
                for k, slot in enumerate(view["rows"][row]["slots"]):
                    card, influence, workers = slot_part(seg[f"display.{row}"], row, k, table)
                    if slot is None:
                        assert not any(card + influence + workers)
                        continue
                    assert card == [1.0 if i == card_index(slot["id"]) - first else 0.0
                                    for i in range(len(card))]
                    place = None if slot["influence"] is None else (
                        (slot["influence"] - seat) % table)
                    assert influence == [1.0 if i == place else 0.0 for i in range(table)]
                    assert workers == [1.0 if w in slot["workers"] else 0.0
                                       for w in ("green", "yellow", "blue")]


# --- seat-relative --------------------------------------------------------------------------


def block(seg: dict[str, list[float]], who: str) -> dict[str, list[float]]:
    return {name.split(".", 1)[1]: v for name, v in seg.items() if name.startswith(who + ".")}


def test_what_seat_1_holds_is_its_own_and_seat_0s_first_other() -> None:
    """In a built 3-player position, seat 1's Land card, Silver and Influence on a display card
    show in seat 1's own block, in seat 0's first other block and seat 2's second."""
    g = new(3, seed=2, sides="aba")
    gain(g, 1, "L20")
    give(g, 1, silver=9)
    card = put_display(g, "water", 2, "W05")
    state(g).card_inf[card] = 1
    for seat, who in ((1, "own"), (0, "other1"), (2, "other2")):
        seg = seat_parts(g, seat)
        assert seg[f"{who}.cards"][card_index("L20")] == 1.0
        assert seg[f"{who}.resources"][0] == 9 / encoding.MONEY_SCALE
        _, influence, _ = slot_part(seg["display.water"], "water", 1, 3)
        assert influence == [1.0 if k == (1 - seat) % 3 else 0.0 for k in range(3)]
    for seat, who in ((0, "other2"), (2, "other1")):
        assert seat_parts(g, seat)[f"{who}.cards"][card_index("L20")] == 0.0


def test_every_seats_block_is_the_same_from_every_seat() -> None:
    """All a seat holds is public, so its own block equals the block every other seat sees
    for it at its place after them, in random 3- and 4-player games."""
    for players in (3, 4):
        for g in random_games(players, {}, seed=players, steps=300, every=25):
            segs = [seat_parts(g, s) for s in range(players)]
            for seat in range(players):
                for other in range(players):
                    who = "own" if seat == other else f"other{(other - seat) % players}"
                    assert block(segs[seat], who) == block(segs[other], "own")


def test_the_solo_opponent_fills_the_second_block() -> None:
    """In solo the opponent's board, cards, Journal space, Scheme cards and caravan show in
    the opponent block as its view says, through a random game."""
    comp = load()
    schemes = [s.id for s in load_solo().schemes]
    latest = 0
    for g in random_games(1, {"ai_board": "mayor"}, seed=9, steps=200, every=10):
        opp = g.view(0)["opponent"]
        seg = seat_parts(g, 0)
        held = {card_index(c) for ids in opp["cards"].values() for c in ids}
        assert {i for i, x in enumerate(seg["opponent.cards"]) if x} == held
        assert seg["opponent.board"] == [1.0 if b == "mayor" else 0.0 for b in BOARDS]
        spaces = [s.id for s in comp.spaces]
        assert seg["opponent.journal"].index(1.0) == spaces.index(opp["journal"])
        up = opp["schemes_face_up"]
        assert {i for i, x in enumerate(seg["opponent.schemes face up"]) if x} == {
            schemes.index(x) for x in up}
        for name, back in (("opponent.latest scheme", 1), ("opponent.second latest scheme", 2)):
            expected = [schemes.index(up[-back])] if len(up) >= back else []
            assert [i for i, x in enumerate(seg[name]) if x] == expected
        latest += len(up) >= 2
        assert seg["opponent.scheme pile"] == [opp["scheme_pile"] / 6]
        assert sum(seg["opponent.caravan"]) == sum(c is not None for c in opp["caravan"])
    assert latest  # the two latest Scheme cards were seen at least once


# --- reads the view only --------------------------------------------------------------------


def test_encoding_reads_only_the_view_and_leaves_it_alone() -> None:
    """A deep copy of a view encodes the same, and encoding changes nothing in the view."""
    for players in (1, 2, 4):
        for g in random_games(players, {}, seed=5, steps=60, every=30):
            for seat in range(players):
                view = g.view(seat)
                kept = copy.deepcopy(view)
                vec = encoding.encode(view, players, g.options)
                assert view == kept
                assert encoding.encode(kept, players, g.options) == vec


# --- straight from the state ----------------------------------------------------------------


def test_the_state_encoder_gives_the_views_numbers() -> None:
    """``encode_state`` is ``encode(view(seat))`` for every seat, and for every seat's
    determinized twin (which keeps that seat's numbers), in short random games of every player
    count and every AI board (tests/conformance/test_state_encoding.py plays whole games)."""
    configs: list[tuple[int, dict[str, Any]]] = [
        *((1, {"ai_board": b}) for b in BOARDS), (2, {"sides": "bbb", "round_limit": 3}),
        (3, {}), (4, {"round_limit": 2})]
    for players, options in configs:
        for g in random_games(players, options, seed=17, steps=300, every=6):
            for seat in range(players):
                mine = encoding.encode_state(g.state, seat, players, g.options)
                assert mine.tolist() == encode(g, seat)
                twin = g.determinize(seat, 3).state
                assert encoding.encode_state(twin, seat, players, g.options) == mine


def test_the_state_encoder_keeps_drawn_cards_to_their_drawer() -> None:
    """Only the drawer's numbers from the state flag the drawn cards, as the view's do."""
    g = drawing_game()
    for seat in range(g.num_players):
        assert (encoding.encode_state(g.state, seat, g.num_players, g.options).tolist()
                == encode(g, seat))


def test_the_state_encoder_refuses_a_seat_outside_the_game() -> None:
    """A seat outside the game (the solo opponent's included) or a layout of another player
    count is refused."""
    for players in (1, 3):
        g = upriver.new_game("wayfarers", players=players, seed=2)
        for seat in (-1, players):
            with pytest.raises(ValueError, match=f"seat {seat} does not exist"):
                encoding.encode_state(g.state, seat, players, g.options)
    with pytest.raises(ValueError):
        encoding.encode_state(g.state, 0, 2, g.options)
