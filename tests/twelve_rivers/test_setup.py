"""Rule tests for 12 Rivers setup (TR-SETUP, TR-RULING-09, TR-RULING-10).

``upriver.new_game`` runs setup and then the round-1 preparation phase before the first decision,
so the state *between* the two is not visible through the public API. The ``setup_snapshot``
helper records it by wrapping the preparation step for the length of one ``new_game`` call.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import upriver
from tests.twelve_rivers.helpers import new, play, position, seat_view, totals
from upriver.games.twelve_rivers import preparation
from upriver.games.twelve_rivers.components import load
from upriver.games.twelve_rivers.state import State

PEARLS = {"green": 17, "blue": 15, "pink": 13, "purple": 11, "white": 9}
SNAPSHOT_FIELDS = (
    "bag", "rivers", "pools", "sea", "sites", "fairy_supply", "fairy_out", "fairies", "alpaca",
    "acards", "mk_display", "mk_deck", "tiles_of", "display", "deck", "discard", "hands", "track",
    "occ",
)


def setup_snapshot(monkeypatch: pytest.MonkeyPatch, players: int, seed: int = 0,
                   **options: Any) -> dict[str, Any]:
    """The raw state at the end of setup, just before the round-1 preparation phase."""
    seen: dict[str, Any] = {}
    original = preparation.prepare_round

    def spy(st: State) -> None:
        if not seen:
            for name in SNAPSHOT_FIELDS:
                value = getattr(st, name)
                seen[name] = [v[:] if isinstance(v, list) else v for v in value]
        original(st)

    monkeypatch.setattr(preparation, "prepare_round", spy)
    upriver.new_game("twelve-rivers", players=players, seed=seed, **options)
    monkeypatch.undo()
    return seen


def test_dam_is_in_place_from_the_start_of_round_one() -> None:
    """TR-SETUP-01: the dam is in place at the start of round 1: the pearls refilled into the
    rivers stay above it (in no stretch) while markers are placed, until collection."""
    game = new(2, seed=4)
    view = game.view(0)
    assert sum(c is not None for c in view["rivers"]) == 6
    assert view["pools"] == {}
    rivers = view["rivers"]
    play(game, "place R4-A space 1")
    if game.view(0)["step"] == "play pairs":
        game.play("end turn")
    play(game, "place R5 space 1")
    assert game.view(0)["rivers"] == rivers
    assert game.view(0)["pools"] == {}
    assert game.view(0)["phase"] == "exploration"


def test_all_pearls_start_in_the_bag_and_the_board_is_empty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-SETUP-02: all 65 pearls start in the bag; rivers, sea and alpacas are empty."""
    for players in (2, 3, 4):
        snap = setup_snapshot(monkeypatch, players, seed=players)
        assert snap["bag"] == list(PEARLS.values())
        assert all(c < 0 for c in snap["rivers"])
        assert not any(snap["pools"]) and not any(snap["sea"]) and not any(snap["alpaca"])
        # and after the round-1 refill, every pearl not in a river is still in the bag
        view = new(players, seed=players).view(0)
        counts = Counter(view["bag"])
        counts.update(c for c in view["rivers"] if c is not None)
        assert dict(counts) == PEARLS
        assert view["sea"] == {}
        assert all(p["alpaca"] == {} for p in view["players"])


def test_fairy_supply_is_five_per_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-SETUP-03: the face-down fairy supply is 5 x P fairies: 10, 15 or 20."""
    for players, size in ((2, 10), (3, 15), (4, 20)):
        snap = setup_snapshot(monkeypatch, players, seed=players)
        assert len(snap["fairy_supply"]) == size
        # after round 1 placed P of them, the supply plus the board still hold 5 x P
        view = new(players, seed=players).view(0)
        on_board = sum(sum(site.values()) for site in view["sites"].values())
        assert view["fairy_supply"] + on_board == size


def test_other_fairies_leave_the_game_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-SETUP-04: the other 25 - 5P fairies (15, 10 or 5) leave the game unseen: no view shows
    them, and a whole game never brings them into play."""
    for players, out in ((2, 15), (3, 10), (4, 5)):
        snap = setup_snapshot(monkeypatch, players, seed=11)
        assert len(snap["fairy_out"]) == out
        assert len(snap["fairy_out"]) + len(snap["fairy_supply"]) == 25
        game = new(players, seed=11)
        view = game.view(None)
        seen = view["fairy_supply"] + sum(sum(s.values()) for s in view["sites"].values())
        assert seen == 25 - out
        while not game.is_over:  # a whole game: only 5P fairies ever reach the board
            actions = game.legal_actions()
            for pref in ("end turn", "done", "take no card", "befriend no one"):
                if pref in actions:
                    game.play(pref)
                    break
            else:
                game.play(actions[-1])
        view = game.view(None)
        reached = (sum(view["fairies_used"].values())
                   + sum(sum(p["fairies"].values()) for p in view["players"])
                   + sum(sum(s.values()) for s in view["sites"].values()))
        assert reached == 25 - out
        assert view["fairy_supply"] == 0


def test_all_five_alpaca_cards_start_face_up_and_unclaimed() -> None:
    """TR-SETUP-05: all 5 alpaca cards start face up (listed in every view) and unclaimed."""
    for players in (2, 3, 4):
        cards = new(players).view(None)["alpaca_cards"]
        assert len(cards) == 5
        assert all(c["owner"] is None for c in cards)
        assert all(p["alpaca_cards"] == [] for p in new(players).view(None)["players"])


def test_regular_markaya_form_a_shuffled_face_down_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-SETUP-06: the 26 regular Markaya are shuffled into a face-down deck, and none is on
    display until the first preparation phase."""
    comp = load()
    regular = {i for i, t in enumerate(comp.tiles) if not t.start}
    orders = set()
    for seed in range(4):
        snap = setup_snapshot(monkeypatch, 4, seed=seed)
        assert snap["mk_display"] == []
        assert sorted(snap["mk_deck"]) == sorted(regular)
        orders.add(tuple(snap["mk_deck"]))
    assert len(orders) > 1  # shuffled: different seeds give different deck orders
    view = new(4).view(0)
    assert view["markaya_deck"] == 20  # face down: only the count is visible
    assert len(view["markaya_display"]) == 6


def test_only_starting_markaya_one_to_p_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-SETUP-07: starting Markaya 1..P are used (1-2, 1-3, 1-4); unused ones leave the game:
    they are in no play area, on no display and not in the deck."""
    for players in (2, 3, 4):
        game = new(players)
        ids = [m["id"] for p in game.view(None)["players"] for m in p["markaya"]]
        assert sorted(ids) == [f"S{k}" for k in range(1, players + 1)]
        snap = setup_snapshot(monkeypatch, players)
        comp = load()
        in_deck = {comp.tiles[t].id for t in snap["mk_deck"]}
        assert not any(i.startswith("S") for i in in_deck)
        assert not any(i.startswith("S") for i in game.view(None)["markaya_display"])


def _starting_tiles(view: dict[str, Any]) -> list[str]:
    """The starting Markaya each seat holds, in seat order."""
    out = []
    for player in view["players"]:
        starting = [m["id"] for m in player["markaya"] if m["id"].startswith("S")]
        assert len(starting) == 1 and len(player["markaya"]) == 1
        out.append(starting[0])
    return out


def test_starting_markaya_are_dealt_at_random_from_the_seed() -> None:
    """TR-SETUP-08: the starting Markaya in use are dealt at random, one to each player: over
    many seeds every seat sometimes holds tile 1 (so a person in seat 0 does not always start),
    and the same seed always deals the same way."""
    for players in (2, 3, 4):
        deals = {tuple(_starting_tiles(new(players, seed=seed).view(None)))
                 for seed in range(60)}
        assert all(sorted(d) == [f"S{k}" for k in range(1, players + 1)] for d in deals)
        assert {d.index("S1") for d in deals} == set(range(players))
        again = [_starting_tiles(new(players, seed=seed).view(None)) for seed in range(5)]
        assert again == [_starting_tiles(new(players, seed=seed).view(None))
                         for seed in range(5)]
    assert len({tuple(_starting_tiles(new(4, seed=seed).view(None)))
                for seed in range(200)}) == 24  # every order of the four tiles occurs


def test_starting_markaya_number_gives_seat_order() -> None:
    """TR-SETUP-09: the holder of starting Markaya k is k-th in turn order; tile 1 goes first."""
    for players in (2, 3, 4):
        for seed in range(10):
            game = new(players, seed=seed)
            view = game.view(None)
            holder = {p["markaya"][0]["id"]: p["seat"] for p in view["players"]}
            assert game.to_move == holder["S1"]
            firsts = view["track"][:players]
            assert firsts == [holder[f"S{k}"] for k in range(1, players + 1)]
            assert game.rules.start_order(game.state) == firsts  # what studies report


def test_each_player_gets_three_markers_and_an_empty_alpaca() -> None:
    """TR-SETUP-10: every player has the 3 family markers and the alpaca of one colour, and the
    alpaca starts empty."""
    for players in (2, 3, 4):
        view = new(players).view(None)
        assert Counter(s for s in view["track"] if s is not None) == Counter(
            dict.fromkeys(range(players), 3)
        )
        assert [p["alpaca"] for p in view["players"]] == [{}] * players


def test_track_is_filled_round_robin_in_turn_order() -> None:
    """TR-SETUP-11: first markers on spaces 1..P in turn order (starting Markaya 1 first), then
    second, then third markers, occupying spaces 1 to 3P: ABABAB, ABCABCABC, ABCDABCDABCD."""
    empty: list[int | None] = [None]
    for players in (2, 3, 4):
        for seed in range(5):
            view = new(players, seed=seed).view(None)
            order = [s for s in view["track"][:players]]
            holder = {p["markaya"][0]["id"]: p["seat"] for p in view["players"]}
            assert order == [holder[f"S{k}"] for k in range(1, players + 1)]
            assert view["track"] == order * 3 + empty * (12 - 3 * players)


def test_each_player_is_dealt_six_cards_from_a_shuffled_deck() -> None:
    """TR-SETUP-12: the 50 cards are shuffled and each player gets exactly 6."""
    hands = set()
    for seed in range(5):
        game = new(4, seed=seed)
        for seat in range(4):
            player = game.view(seat)["players"][seat]
            assert player["hand_size"] == 6
            assert sum(player["hand"].values()) == 6
        hands.add(tuple(sorted(game.view(0)["players"][0]["hand"].items())))
    assert len(hands) > 1


def test_undealt_cards_form_the_draw_pile_and_three_face_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-SETUP-13: the undealt cards are a face-down draw pile; 3 of them are turned face up as
    the display (face down: views show only the pile's size)."""
    for players in (2, 3, 4):
        snap = setup_snapshot(monkeypatch, players, seed=3)
        assert len(snap["display"]) == 3
        dealt = Counter({k: sum(snap["hands"][s * 5 + k] for s in range(players))
                         for k in range(5)})
        rest = Counter(snap["deck"]) + Counter(snap["display"])
        assert all(dealt[k] + rest[k] == 10 for k in range(5))
        view = new(players, seed=3).view(0)
        assert isinstance(view["draw_pile"], int)
        assert len(view["card_display"]) == 3


def test_draw_pile_size_after_setup() -> None:
    """TR-SETUP-14: after setup the draw pile holds 35, 29 or 23 cards (50 - 6P - 3) and the
    discard pile is empty."""
    for players, pile in ((2, 35), (3, 29), (4, 23)):
        for seed in range(3):
            view = new(players, seed=seed).view(0)
            assert view["draw_pile"] == pile
            assert view["discard"] == {}


def test_setup_display_of_three_identical_cards_is_reshuffled(tmp_path: Path) -> None:
    """TR-SETUP-15: the three-identical reshuffle applies to the display turned up at setup.
    With a deck of 40 banners and 10 lanterns about half of all first displays would be three
    banners; with the rule no game starts with one while lanterns remain to be turned up."""
    cards = tmp_path / "cards.toml"
    cards.write_text(
        '[cards]\nbanner = 40\nlantern = 10\nsupplies = 0\n"fishing net" = 0\ninstrument = 0\n'
    )
    for seed in range(30):
        game = upriver.new_game("twelve-rivers", players=2, seed=seed, components=str(cards))
        display = game.view(0)["card_display"]
        assert len(display) == 3
        assert "lantern" in display, seed
        assert game.view(0)["discard"] == {}


def test_no_fairy_alpaca_card_or_extra_markaya_at_the_start(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """TR-SETUP-16: at the start nobody owns a fairy, an alpaca card or a Markaya other than their
    starting one, and no fairy is on the board (before round 1 places some)."""
    for players in (2, 3, 4):
        snap = setup_snapshot(monkeypatch, players)
        assert not any(snap["sites"])
        assert not any(snap["fairies"])
        assert all(owner < 0 for owner in snap["acards"])
        assert all(len(tiles) == 1 for tiles in snap["tiles_of"])
        view = new(players).view(None)
        for player in view["players"]:
            assert player["fairies"] == {}
            assert player["alpaca_cards"] == []
        assert sorted(_starting_tiles(view)) == [f"S{k}" for k in range(1, players + 1)]


def test_starting_markaya_give_no_cards(tmp_path: Path) -> None:
    """TR-RULING-09: the starting Markaya grants no supply cards at setup, even if its tile shows
    a card count (here a data file printing 3 on every starting tile)."""
    lines = []
    for t in load().tiles:
        lines += ["[[tile]]", f'id = "{t.id}"']
        if t.start:
            lines.append(f"start = {t.start}")
        kind = "introverted" if t.introverted else "extroverted"
        spots = ", ".join(f'"{_spot(s)}"' for s in t.spots)
        lines += [f'kind = "{kind}"', f"cards = {3 if t.start else t.cards}",
                  f"spots = [{spots}]", f'objective = "{t.objective}"', f"points = {t.points}"]
        if t.colour >= 0:
            lines.append(f'colour = "{_spot(t.colour)}"')
        lines.append("")
    override = tmp_path / "tiles.toml"
    override.write_text("\n".join(lines))
    assert all(t.cards == 3 for t in load(str(override)).tiles if t.start)
    for players, pile in ((2, 35), (3, 29), (4, 23)):
        game = upriver.new_game("twelve-rivers", players=players, seed=1,
                                components=str(override))
        for seat in range(players):
            assert game.view(seat)["players"][seat]["hand_size"] == 6
        assert game.view(0)["draw_pile"] == pile


def _spot(index: int) -> str:
    return ("green", "blue", "pink", "purple", "white", "rainbow")[index]


def test_small_games_use_the_whole_village_sea_and_all_alpaca_cards() -> None:
    """TR-RULING-10: with 2 or 3 players the village keeps 6 spaces at costs 2, 1, 0, 0, 0, 0, the
    sea is used, and all 5 alpaca cards are in play."""
    for players in (2, 3):
        game = position(f'players = {players}\n[[seat]]\nhand = "banner banner"')
        actions = game.legal_actions()
        assert "place sea" in actions
        assert [a for a in actions if a.startswith("place village")] == [
            f"place village {k}" for k in range(1, 7)
        ]
        costs = []
        for k in range(1, 7):
            trial = game.clone()
            trial.play(f"place village {k}")
            view = trial.view(0)
            costs.append(view["cost_left"] if view["step"] == "pay the placement cost" else 0)
        assert costs == [2, 1, 0, 0, 0, 0]
        assert len(game.view(0)["alpaca_cards"]) == 5
        sea = game.clone()
        sea.play("place sea")
        assert sea.view(0)["spaces"] == {"sea": 0}
        assert seat_view(sea, 0)["hand_size"] == 2
    assert totals(new(2))["supply cards"] == 50
