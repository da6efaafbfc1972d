"""Positions written from a game (``Game.to_position``, the_river/position.py ``write``): read
back with ``upriver.from_position``, they are the same game, and the reader's keys that make
that possible (``terrain_stack``, ``building_deck``, ``token_order``, ``step = "prelim"``...).

The same game means: the same text written again, the same state (``state_to_dict``, but for
two leftovers no rule reads again, see ``state``), the same views for every seat and a
spectator, the same legal actions, and, played on with the same decisions, the same legal
actions at every step and the same scores and winners (docs/rulings/the-river.md, "Positions
written from a game").
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import upriver
from tests.conformance.configs import option_sets
from tests.the_river.helpers import GAME, new, no_spot_left, play, position
from upriver.core.errors import BadPosition
from upriver.core.game import Game
from upriver.games.the_river import position as river_position
from upriver.games.the_river.components import load
from upriver.games.the_river.rules import RULES
from upriver.games.the_river.state import OVER, PAY

MAX_DECISIONS = 20_000
TILES = [t.id for t in load().tiles]
CARDS = [b.id for b in load().buildings]


def state(g: Game) -> dict[str, Any]:
    """``state_to_dict`` without two leftovers the format does not carry and no rule reads
    again: the building last paid for (read only while paying: the next construction sets it
    first) and, once the game is over, the seat whose turn came last (nobody moves again)."""
    d = dict(g.rules.state_to_dict(g.state))
    if g.state.stage != PAY:
        del d["pay_building"]
    if g.state.stage == OVER:
        del d["turn_seat"]
    return d


def read_back(g: Game) -> Game:
    """``g`` written and read back, checked to be the same game as it stands."""
    text = g.to_position()
    read = upriver.from_position(GAME, text)
    assert read.to_position() == text
    assert read.options == g.options
    assert state(read) == state(g)
    assert_same_now(g, read)
    return read


def assert_same_now(g: Game, read: Game) -> None:
    assert read.to_move == g.to_move
    assert read.legal_actions() == g.legal_actions()
    for seat in [None, *range(g.num_players)]:
        assert read.view(seat) == g.view(seat), f"seat {seat}'s view differs"
    assert read.hidden_from(0) == g.hidden_from(0)  # the stack, the deck, the stream


def play_on(g: Game, read: Game, rng: random.Random) -> None:
    """Both games to the end with the same decisions: the same choices at every step."""
    steps = 0
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        g.play(action)
        read.play(action)
        assert read.legal_actions() == g.legal_actions()
        steps += 1
        assert steps < MAX_DECISIONS, "game did not end"
    assert read.is_over
    assert state(read) == state(g)
    assert_same_now(g, read)
    assert read.score_breakdown() == g.score_breakdown()
    assert read.winners() == g.winners()


def describable_points(g: Game, rng: random.Random, sampled: int) -> list[Game]:
    """Clones of ``g`` at some of the points ``to_position`` describes over one random game:
    the start (the preliminary turn), the first after the end is triggered, the game over, and
    ``sampled`` more at random. Every turn's start must be among the points described."""
    points: list[Game] = []
    triggered = -1
    steps = 0
    while True:
        try:
            g.to_position()
        except BadPosition as exc:
            assert "\n" not in str(exc)
            assert g.view(None)["step"] not in ("trade or place a pioneer", "game over",
                                                "choose a starting tile")
        else:
            if triggered < 0 and g.view(None)["end_triggered"] and not g.is_over:
                triggered = len(points)
            points.append(g.clone())
        if g.is_over:
            break
        g.play(rng.choice(g.legal_actions()))
        steps += 1
        assert steps < MAX_DECISIONS, "game did not end"
    keep = {0, len(points) - 1} | ({triggered} if triggered >= 0 else set())
    keep |= set(rng.sample(range(len(points)), min(sampled, len(points))))
    return [points[i] for i in sorted(keep)]


def check_games(players: int, options: dict[str, Any], seeds: range, sampled: int) -> None:
    for seed in seeds:
        rng = random.Random(seed * 1009 + players)
        start = new(players, seed, **options)
        points = describable_points(start, rng, sampled)
        assert points[-1].is_over
        for g in points:
            read = read_back(g)
            play_on(g, read, random.Random(rng.random()))


CASES = [pytest.param(players, options, id=f"{players}p-" + (
    ",".join(f"{k}={v}" for k, v in options.items()) or "default"))
    for players in (2, 3, 4) for options in option_sets(GAME)]


@pytest.mark.parametrize(("players", "options"), CASES)
def test_a_written_position_reads_back_into_the_same_game(players: int,
                                                          options: dict[str, Any]) -> None:
    """At the start, late in the game, once the end is triggered and at the game over, the
    position written reads back into the same game, which goes on exactly as the original
    under the same decisions: draws from the terrain stack and the building deck
    (RV-CLEAN-01..03), reshuffles of the discards (RV-CLEAN-02), tokens from the piles
    (RV-BUILD-06, -10), the last round after the trigger and the end (RV-END-05, -06)."""
    check_games(players, options, range(2), 3)


@pytest.mark.deep  # more games and points than the test above
@pytest.mark.parametrize(("players", "options"), CASES)
def test_many_written_positions_read_back_into_the_same_game(players: int,
                                                             options: dict[str, Any]) -> None:
    """As above, over more games and more points of each (RV-CLEAN-01..03, RV-END-05, -06)."""
    check_games(players, options, range(2, 8), 8)


# ---------------------------------------------------------------- points the format describes


def test_a_step_under_way_is_refused_in_one_line() -> None:
    """RV-TURN-02: a turn's trades and its action's own decisions (storing, paying, a swap) are
    no point a position describes; writing there says so in one line and changes nothing."""
    g = new(3, seed=2)
    rng = random.Random(5)
    refused: set[str] = set()
    while not g.is_over and len(refused) < 3:
        before = state(g)
        try:
            g.to_position()
        except BadPosition as exc:
            assert "\n" not in str(exc) and "under way" in str(exc)
            refused.add(g.view(None)["step"])
        assert state(g) == before
        g.play(rng.choice(g.legal_actions()))
    assert len(refused) == 3


def test_the_preliminary_turn_is_written_and_read() -> None:
    """RV-PRELIM-01..03: a new game is a position (step "prelim"): the seats still to pick in
    their counter-clockwise order, the setup tiles left, and after the last pick the leftover
    tile leaves the game as in the original."""
    g = new(4, seed=11)
    assert 'step = "prelim"' in g.to_position()
    read = read_back(g)
    play(g, g.legal_actions()[1])
    read = read_back(g)
    assert read.view(None)["prelim_order"] == g.view(None)["prelim_order"]
    play_on(g, read, random.Random(3))


def test_hand_written_positions_are_written_back_the_same() -> None:
    """RV-RULING-10: a position written by hand (pioneers on the board by count, a pioneer set
    aside) and then written from the game reads back into the very same state."""
    g = no_spot_left()
    read_back(g)
    play(g, "set a pioneer aside")
    assert "set_aside = 1" in g.to_position()
    read_back(g)
    read_back(position("players = 3\nfirst_player = 2\nround = 3\n[[seat]]\ntokens = [6, 5]\n"
                       "[[seat]]\ntokens = [5, 4]\n[[seat]]\ntokens = [4]"))


# ---------------------------------------------------------------- the reader's keys


def test_the_terrain_stack_is_listed_top_last() -> None:
    """RV-SETUP-03, RV-PRELIM-05: ``terrain_stack`` lists the stack's top tiles, top last, the
    others shuffled beneath; the terrain island is filled from the top."""
    g = position(f"players = 2\nterrain_stack = {TILES[:7]}")
    view = g.view(None)
    assert [t["id"] for t in view["terrain_display"]] == TILES[2:7][::-1]
    assert view["terrain_stack"] == len(TILES) - 5
    assert [TILES[t] for t in g.state.stack[-2:]] == TILES[:2]
    assert sorted(g.state.stack) == [0, 1, *range(7, len(TILES))]


def test_the_discards_and_the_removed_tile_are_read_and_reshuffled() -> None:
    """RV-CLEAN-02, RV-PRELIM-03: ``terrain_discard`` is the discard pile in order and
    ``terrain_removed`` the setup tile out of the game; when the stack runs out the discards,
    never the removed tile, are shuffled into a new one."""
    kept = position('players = 2\nterrain_discard = ["T09", "T03"]\nterrain_removed = ["T05"]')
    assert kept.view(None)["terrain_discard"] == ["T09", "T03"]
    assert kept.view(None)["terrain_removed"] == ["T05"]
    g = position(f"players = 2\nterrain_removed = [{TILES[-1]!r}]\n"
                 f"terrain_discard = {TILES[2:-1]}")
    view = g.view(None)
    shown = [t["id"] for t in view["terrain_display"]]
    assert len(shown) == 5 and set(shown[:2]) == set(TILES[:2])  # the 2 left on the stack
    assert view["terrain_discard"] == [] and view["terrain_stack"] == len(TILES) - 1 - 5
    assert TILES[-1] not in shown and view["terrain_removed"] == [TILES[-1]]


def test_the_building_deck_is_listed_top_last() -> None:
    """RV-SETUP-05, RV-CLEAN-03: ``building_deck`` lists the deck's top cards, top last; the
    display is dealt from the top, and the next card refills it."""
    g = position(f"players = 3\nbuilding_deck = {CARDS[:6]}")
    view = g.view(None)
    assert [b["id"] for b in view["building_display"]] == CARDS[2:6][::-1]
    assert view["building_deck"] == len(CARDS) - 4
    assert [CARDS[b] for b in g.state.deck[-2:]] == CARDS[:2]


def test_token_order_says_which_of_two_alike_tokens_each_seat_took() -> None:
    """RV-BUILD-06, RV-SETUP-11: the left pile gives its tokens from the top, so of two 5s the
    one taken first is the pile's upper one; ``token_order`` (the seats in the order they took
    their tokens) tells them apart, and play does not: the views and the next token agree."""
    seats = "[[seat]]\ntokens = [6, 5]\n[[seat]]\ntokens = [5]"
    by_seat = position(f"players = 3\n{seats}")
    by_time = position(f"players = 3\ntoken_order = [0, 1, 0]\n{seats}")
    assert by_seat.state.tokens != by_time.state.tokens
    assert by_seat.state.tokens[0][1] == by_time.state.tokens[1][0]
    assert by_seat.view(None) == by_time.view(None)
    assert "token_order = [0, 1, 0]" in by_time.to_position()
    assert "token_order" not in by_seat.to_position()
    read_back(by_time)


def test_a_preliminary_turn_position_defaults_to_the_seats_without_a_tile() -> None:
    """RV-PRELIM-01, -02, -05: with step "prelim" the seats still to take a starting tile go
    counter-clockwise from the first player's right (the first player last), one more setup
    tile than seats lies out, and after the last pick the island is filled to 2N+1."""
    g = position('players = 3\nstep = "prelim"\nfirst_player = 1\n[[seat]]\n[[seat]]\n'
                 '[[seat]]\nriver = ["T01"]')
    view = g.view(None)
    assert view["prelim_order"] == [0, 1] and view["to_move"] == 0
    assert len(view["terrain_display"]) == 3
    assert all(a.startswith("take starting tile ") for a in g.legal_actions())
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    view = g.view(None)
    assert view["to_move"] == 1 and len(view["terrain_removed"]) == 1
    assert len(view["terrain_display"]) == 7
    chosen = position('players = 2\nstep = "prelim"\nprelim_order = [1]\n[[seat]]\n'
                      'river = ["T01"]')
    assert chosen.to_move == 1 and len(chosen.view(None)["terrain_display"]) == 2


def test_the_opening_player_and_the_turns_taken_are_read() -> None:
    """RV-TURN-01: ``opening_player`` held the pawn in round 1 (the start order), apart from
    the pawn's holder now; ``turns_taken`` counts the turns ended."""
    g = position("players = 4\nfirst_player = 2\nopening_player = 3\nround = 4\n"
                 "turns_taken = 33")
    view = g.view(None)
    assert (view["first_player"], view["opening_player"], view["turns_taken"]) == (2, 3, 33)
    assert RULES.start_order(g.state) == [3, 0, 1, 2]
    assert position("players = 4\nfirst_player = 2").view(None)["opening_player"] == 2


def test_framed_covered_spaces_settle_pioneers_at_cleanup() -> None:
    """RV-CLEAN-06: ``framed_covered`` counts the framed spaces a seat covered this round, each
    settling one of its returning pioneers at cleanup."""
    river = TILES[:4]  # space 4 is framed

    def cleanup(framed: int) -> dict[str, Any]:
        g = position(f"players = 2\n[[seat]]\nriver = {river}\nboat = 1\non_board = 3\n"
                     f"framed_covered = {framed}\n[[seat]]\nboat = 0\non_board = 4")
        assert g.view(None)["players"][0]["framed_covered_this_round"] == framed
        play(g, "take the first player pawn")
        view: dict[str, Any] = g.view(None)
        assert view["round"] == 2
        return view

    assert cleanup(1)["players"][0]["settled"] == 1
    assert cleanup(0)["players"][0]["settled"] == 0


def test_set_aside_pioneers_are_read() -> None:
    """RV-RULING-10: ``set_aside`` pioneers count as placed this round, on no spot."""
    g = position("players = 2\n[[seat]]\nset_aside = 2")
    entry = g.view(None)["players"][0]
    assert (entry["set_aside"], entry["pioneers_on_board"], entry["boat"]) == (2, 2, 2)
    assert g.view(None)["unlimited_spots"] == {"terrain": [0, 0], "construct": [0, 0]}


def test_random_sets_the_stream_after_the_shuffles() -> None:
    """RV-SETUP-12: the shuffles of a position follow its ``seed``; ``random`` then sets the
    stream that every later draw follows."""
    plain = position("players = 2\nseed = 7")
    streamed = position('players = 2\nseed = 7\nrandom = "0x2a"')
    assert plain.state.stack == streamed.state.stack and plain.state.deck == streamed.state.deck
    assert streamed.state.rng.state == 0x2A != plain.state.rng.state
    assert 'random = "0x000000000000002a"' in streamed.to_position()


@pytest.mark.parametrize(("text", "message"), [
    ('players = 2\nterrain_display = ["T01"]\nterrain_stack = ["T01"]',
     "'T01' is not an available terrain tile"),
    ('players = 2\nterrain_discard = ["T99"]', "'T99' is not an available terrain tile"),
    ('players = 2\nterrain_removed = "T02 T02"', "'T02' is not an available terrain tile"),
    ("players = 2\nterrain_stack = 5", "terrain_stack must be a string or a list"),
    ('players = 2\nbuilding_display = ["B01"]\nbuilding_deck = ["B01"]',
     "'B01' is not an available building"),
    ("players = 2\ntoken_order = [0]", "token_order must name each seat once per token"),
    ("players = 2\ntoken_order = [0, 0]\n[[seat]]\ntokens = [6]\n[[seat]]\ntokens = [5]",
     "token_order must name each seat once per token"),
    ("players = 2\ntoken_order = [2]", "token_order must be a list of seats 0..1"),
    ('players = 2\ntoken_order = "0"', "token_order must be a list of seats 0..1"),
    ("players = 2\nprelim_order = [0]", 'prelim_order belongs to step = "prelim"'),
    ('players = 2\nstep = "prelim"\nprelim_order = [0, 0]', "one or more seats, each once"),
    ('players = 2\nstep = "prelim"\nprelim_order = []', "one or more seats, each once"),
    ('players = 2\nstep = "prelim"\nprelim_order = [true]', "list of seats 0..1"),
    ('players = 2\nstep = "prelim"\nprelim_order = [0]\n[[seat]]\nriver = ["T01"]',
     "seat 0 already has its starting tile"),
    ('players = 2\nstep = "prelim"\n[[seat]]\nriver = ["T01"]\n[[seat]]\nriver = ["T02"]',
     "every seat already has its starting tile"),
    ('players = 2\nstep = "prelim"\nto_move = 0', "to_move: in the preliminary turn"),
    ('players = 2\nstep = "middle"', "step must be turn, prelim or end"),
    ("players = 2\nopening_player = 2", "opening_player must be a whole number from 0 to 1"),
    ("players = 2\nopening_player = true", "opening_player must be a whole number"),
    ("players = 2\nturns_taken = -1", "turns_taken must be a whole number"),
    ("players = 2\n[[seat]]\nset_aside = -1", "seat 0 set_aside must be a whole number"),
    ("players = 2\n[[seat]]\nset_aside = 5", "seat 0 must account for exactly 5 pioneers"),
    ('players = 2\n[[seat]]\nriver = ["T01"]\nframed_covered = 1',
     "seat 0 framed_covered must be a whole number from 0 to 0"),
])
def test_bad_new_keys_are_refused_in_one_line(text: str, message: str) -> None:
    """RV-PRELIM-01, RV-CLEAN-06, RV-RULING-10: a tile or card in two places, a token order
    or a preliminary order that names the wrong seats, a framed count beyond the framed
    spaces covered, and pioneers beyond a seat's five are refused, each in one line."""
    with pytest.raises(BadPosition) as exc:
        position(text)
    assert message in str(exc.value) and "\n" not in str(exc.value)


def test_write_gives_the_table_the_core_spells() -> None:
    """The core writes what ``position.write`` gives: a table whose ``random`` is the
    generator's state and whose options are the game's."""
    g = new(2, seed=9)
    table = river_position.write(g.state, g.options)
    assert table["random"] == f"{g.state.rng.state:#018x}"
    assert table["options"] == g.options and table["step"] == "prelim"
