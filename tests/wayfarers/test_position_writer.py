"""Wayfarers positions written from a game (``Game.to_position``) read back into the very same
game: the same state, views, legal actions and future."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import upriver
from upriver.core.errors import BadPosition
from upriver.core.game import Game
from upriver.games.wayfarers.components import LAND, load
from upriver.games.wayfarers.rules import AI_BOARDS

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), *((1, {"ai_board": board}) for board in AI_BOARDS)]
CONFIG_IDS = ["2p", "3p", "4p", *(f"solo-{board}" for board in AI_BOARDS)]


def _choose(rng: random.Random, actions: list[str]) -> str:
    """A legal action at random, mostly a Journal move when there is one: random play alone
    seldom triggers the end before the round limit with 2-4 players."""
    journal = [a for a in actions if "journal" in a and not a.startswith("no ")]
    if journal and rng.random() < 0.9:
        return rng.choice(journal)
    return rng.choice(actions)


def _record(players: int, options: dict[str, Any], seed: int) -> tuple[list[str], bool]:
    """A whole game's decisions, and whether its end was triggered (not the round limit)."""
    g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
    rng = random.Random(seed)
    choices = []
    while not g.is_over:
        choices.append(_choose(rng, g.legal_actions()))
        g.play(choices[-1])
    return choices, g.state.end_seat >= 0


def _taken(g: Game) -> int:
    """Turns ended so far, the solo opponent's included (Wayfarers counts them)."""
    taken = g.turns_taken
    assert taken is not None
    return taken


def _state(g: Game) -> dict[str, Any]:
    """The state as saved, but for the two entries that count nothing (the knowledge table in
    docs/rulings/wayfarers.md): the solo opponent's Influence supply, as its Influence is
    unlimited (WF-SOLO-07), and its player board entry, a board left in the box as it plays on
    an AI board (WF-SOLO-02). A position does not name them."""
    d: dict[str, Any] = g.rules.state_to_dict(g.state)
    if g.state.ai:
        d["inf_supply"] = d["inf_supply"][:1]
        d["board"] = d["board"][:1]
    return d


def _same_game_from(g: Game, text: str, rest: list[str]) -> None:
    """The game read from ``text`` is ``g``: its text, options, state, every view and legal
    actions, then the same legal actions at every step of ``rest`` and the same result."""
    h = upriver.from_position("wayfarers", text)
    assert h.to_position() == text
    assert h.options == g.options
    assert _state(h) == _state(g)
    for seat in [*range(g.num_players), None]:
        assert h.view(seat) == g.view(seat)
    assert h.legal_actions() == g.legal_actions()
    twin = g.clone()
    for action in rest:
        twin.play(action)
        h.play(action)
        assert h.legal_actions() == twin.legal_actions()
    assert h.is_over and twin.is_over
    assert h.scores() == twin.scores() and h.winners() == twin.winners()
    assert h.opponents() == twin.opponents()
    assert _state(h) == _state(twin)


def _check_game(players: int, options: dict[str, Any], seed: int, every: int) -> tuple[int, int]:
    """Replay a recorded game: every turn start (in solo, of the human's turns) and the end
    can be written, every point in the middle of a turn is refused in one line; at every
    ``every``-th turn start, the first after the end is triggered and the end, the game read
    back from the text plays on as the game itself (``_same_game_from``). Returns the points
    checked so and how many of them came after the end was triggered."""
    choices, _ = _record(players, options, seed)
    g = upriver.new_game("wayfarers", players=players, seed=seed, **options)
    taken = -1
    starts = checked = after_end = 0
    for i in range(len(choices) + 1):
        # In solo the opponent's turns play out inside the human's decisions: a new turn of
        # the human's begins at an even count of turns taken (an odd one waits on the human's
        # answer in the opponent's turn).
        start = _taken(g) != taken and (players > 1 or _taken(g) % 2 == 0)
        taken = _taken(g)
        if start or g.is_over:
            text = g.to_position()
            starts += 1
            first_after_end = g.state.end_seat >= 0 and not after_end
            if (starts - 1) % every == 0 or g.is_over or first_after_end:
                _same_game_from(g, text, choices[i:])
                checked += 1
                after_end += g.state.end_seat >= 0
        else:
            with pytest.raises(BadPosition, match="under way") as refused:
                g.to_position()
            assert "\n" not in str(refused.value)
        if i < len(choices):
            g.play(choices[i])
    return checked, after_end


def _ending_seed(players: int, options: dict[str, Any], first: int) -> int:
    """The first seed from ``first`` whose recorded game triggers the end."""
    for seed in range(first, first + 20):
        if _record(players, options, seed)[1]:
            return seed
    raise AssertionError("no game triggered the end: change _choose or the seeds")


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_a_written_position_reads_back_into_the_same_game(players: int,
                                                          options: dict[str, Any]) -> None:
    """Random games at 2-4 players and solo against each AI board, checked at sampled turn
    starts, after the end is triggered (WF-END-01/02) and at the end: the text reads back
    into the same state (the piles' order and who knows which places, WF-ACQ-18, WF-RUL-17,
    WF-CARD-34; the Scheme pile, WF-SOLO-08; the random stream, WF-DICE-12), the same views
    and legal actions, and plays on to the same result."""
    seed = _ending_seed(players, options, 1)
    checked, after_end = _check_game(players, options, seed, every=50 if players > 1 else 4)
    assert checked >= 5 and after_end >= 2


@pytest.mark.deep  # more games and points than the test above
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_many_written_positions_read_back_into_the_same_game(players: int,
                                                             options: dict[str, Any]) -> None:
    """As above on more games (some ended by the round limit), checked at every 25th turn
    start, and at every turn start of the human's in solo."""
    for seed in range(30, 34):
        _check_game(players, options, seed, every=25 if players > 1 else 1)


def test_a_turn_under_way_is_refused() -> None:
    g = upriver.new_game("wayfarers", players=2, seed=0)
    g.play("rest")  # the kept dice may be rerolled: a decision of the turn is pending
    assert g.legal_actions()[-1] == "keep the other dice"
    with pytest.raises(BadPosition, match="start of a turn"):
        g.to_position()


def test_options_drawn_at_random_stay_random_and_what_was_drawn_is_written() -> None:
    """Options left to the draw (the board sides, the AI board, WF-SETUP-02, WF-SOLO-02) are
    written as the game has them, "random", and what was drawn as the position's ``sides`` and
    the opponent's ``board``: the text reads back into the same options and the same board."""
    g = upriver.new_game("wayfarers", players=1, seed=3)
    assert g.options["sides"] == "random" and g.options["ai_board"] == "random"
    text = g.to_position()
    h = upriver.from_position("wayfarers", text)
    assert h.options == g.options
    sides = "".join(g.view(0)["sides"])
    board = g.view(0)["opponent"]["board"].lower()
    assert f'sides = "{sides}"' in text and f'board = "{board}"' in text
    assert h.view(0)["sides"] == g.view(0)["sides"]
    assert h.view(0)["opponent"]["board"] == g.view(0)["opponent"]["board"]


def test_an_ai_board_given_keeps_the_human_off_its_back() -> None:
    """The opponent's ``board`` may differ from the one the seed draws; a human's player board
    that is its back is exchanged for the one it leaves (WF-SOLO-02)."""
    for board in AI_BOARDS:
        g = upriver.from_position("wayfarers", f'players = 1\n[opponent]\nboard = "{board}"\n')
        assert g.view(0)["opponent"]["board"].lower() == board
        assert g.view(0)["players"][0]["board"] != AI_BOARDS.index(board) + 1


# --- the reader's keys ---------------------------------------------------------------------

LANDS = [c.id for c in load().cards if c.type == LAND]
BASE = "players = 2\nseed = 3\n"


def _land_pile(*top: str) -> str:
    """A position whose land display is L01-L03 and an empty slot, the land pile every other
    Land card with ``top`` on top (the last drawn first)."""
    rest = [x for x in LANDS if x not in ("L01", "L02", "L03", *top)] + list(top)
    return (BASE + '[display]\nland = ["L01", "L02", "L03", "-"]\n'
            f"[piles]\nland = {json.dumps(rest)}\n")


def test_random_sets_the_stream_once_all_else_is_built() -> None:
    """``random`` is the stream's state after the build: the piles left out are shuffled from
    the seed as before, and what comes next (dice, shuffles) from the state given
    (WF-DICE-12)."""
    g = upriver.from_position("wayfarers", BASE)
    h = upriver.from_position("wayfarers", BASE + 'random = "0x00000000000004d2"\n')
    assert h.state.rng.state == 1234
    assert h.state.piles == g.state.piles and h.state.dice == g.state.dice


def test_piles_keep_their_order_and_refill_the_display_from_the_top() -> None:
    """A pile given is laid bottom first; an empty display slot is filled from its top, as at
    the end of a turn (WF-ACQ-13)."""
    g = upriver.from_position("wayfarers", _land_pile("L10", "L20"))
    assert [c["id"] for c in g.view(0)["rows"]["land"]["slots"]] == ["L01", "L02", "L03", "L20"]
    ids = [load().cards[c].id for c in g.state.piles[LAND]]
    assert ids[-1] == "L10" and len(ids) == len(LANDS) - 4
    assert g.view(0)["rows"]["land"]["pile"] == len(LANDS) - 4


def test_pile_knowledge_shows_to_the_seat_that_knows() -> None:
    """A seat knows where the cards it put under a pile lie (WF-RUL-17); everyone where a
    discarded Inspiration card lies (WF-CARD-34)."""
    inspirations = [c.id for c in load().cards if c.type == 4]
    text = (BASE + f"[display]\nland = {json.dumps(LANDS[:4])}\n"
            f"inspiration = {json.dumps(inspirations[:4])}\n"
            f"[piles]\nland = {json.dumps(LANDS[4:])}\n"
            f"inspiration = {json.dumps(inspirations[4:])}\n"
            f"[pile_known]\nland = {{ {LANDS[9]} = 1 }}\n"
            f'inspiration = {{ {inspirations[4]} = "all" }}\n')
    g = upriver.from_position("wayfarers", text)
    assert g.view(1)["rows"]["land"]["under_pile"] == [
        {"place": 5, "known_to": 1, "card": LANDS[9]}]
    assert g.view(0)["rows"]["land"]["under_pile"] == [
        {"place": 5, "known_to": 1, "card": None}]
    assert g.view(None)["rows"]["inspiration"]["under_pile"] == [
        {"place": 0, "known_to": "everyone", "card": inspirations[4]}]
    assert upriver.from_position("wayfarers", g.to_position()).view(1) == g.view(1)


SOLO = '''players = 1
seed = 2
[options]
ai_board = "mayor"
[opponent]
track = 3
schemes_up = ["blue-2", "red-1"]
schemes_down = ["red-3", "blue-1", "blue-3", "red-2"]
'''


def _human_turn(g: Game) -> None:
    """The human rests and settles the turn with the last choice each time."""
    taken = g.turns_taken
    g.play("rest")
    while g.turns_taken == taken and not g.is_over:
        g.play(g.legal_actions()[-1])


def test_the_scheme_pile_is_revealed_from_its_top() -> None:
    """``schemes_down`` is the face-down Scheme pile, top last: the opponent's next turn
    reveals its top card (WF-SOLO-08, WF-SOLO-11)."""
    g = upriver.from_position("wayfarers", SOLO)
    assert g.view(0)["opponent"]["scheme_pile"] == 4
    _human_turn(g)
    assert g.view(0)["opponent"]["schemes_face_up"] == ["blue-2", "red-1", "red-2"]


def test_the_opponents_extra_step_and_log_are_read() -> None:
    """The Black extra Journal step already taken this opponent turn (WF-SOLO-56) and what the
    opponent did since its turn began are as the position says, and are written back."""
    log = ["reveal red-1", "first red-1", "track 3 5", "influence black", "take L04",
           "worker yellow L02", "none take", "allowed L03 silver", "denied L01 provision",
           "tile land-camel", "journal 15", "extra 2", "comet 1", "green", "top W05"]
    text = SOLO + f"extra_step = true\nlog = {json.dumps(log)}\n"
    g = upriver.from_position("wayfarers", text)
    o = g.view(0)["opponent"]
    assert o["extra_journal_step_taken"] is True
    lines = o["since_its_turn_began"]
    assert len(lines) == len(log)
    assert lines[2] == "Resource Track 3 -> 5 (from 4 onto 5: its bonus)"
    assert lines[5] == "places a yellow Worker on L02"
    assert lines[7] == "you let it use L03, you gain 1 Silver"
    written = upriver.from_position("wayfarers", g.to_position()).to_position()
    assert f"log = {json.dumps(log)}" in written
    assert "extra_step = true" in written


def test_a_finished_game_reads_as_over() -> None:
    """``over``: the game is scored, nobody is to move."""
    g = upriver.from_position("wayfarers", BASE + "over = true\nto_move = 1\n"
                                                  "end_triggered_by = 0\n")
    assert g.is_over and g.to_move is None and g.legal_actions() == []
    assert g.view(0)["over"] and g.view(0)["final_turns_left"] == 0
    assert upriver.from_position("wayfarers", g.to_position()).scores() == g.scores()


@pytest.mark.parametrize(("text", "message"), [
    (BASE + '[piles]\nland = ["L99"]\n', "not a card"),
    (BASE + '[piles]\nland = ["W01"]\n', "not a land card"),
    (BASE + '[display]\nland = ["L01", "L02", "L03", "L04"]\n[piles]\nland = ["L01"]\n',
     "used twice"),
    (BASE + "[piles]\nland = []\n", "leaves out L01"),
    (BASE + "[piles]\nforest = []\n", "unknown row"),
    (BASE + "[piles]\nland = 3\n", "list of cards"),
    (BASE + "[pile_known]\nland = { L01 = 0 }\n", "needs its pile"),
    (_land_pile() + "[pile_known]\nland = { L01 = 0 }\n", "not in the land pile"),
    (_land_pile() + "[pile_known]\nland = { L04 = 2 }\n", "known to a seat"),
    (_land_pile() + "[pile_known]\nland = { L04 = \"me\" }\n", "known to a seat"),
    (BASE + "[pile_known]\nforest = {}\n", "unknown row"),
    (SOLO.replace('"red-2"]', '"red-3"]'), "once between them"),
    (SOLO.replace(', "red-2"]', "]"), "once between them"),
    (SOLO + 'log = ["dance"]\n', "names no event"),
    (SOLO + 'log = ["take"]\n', "takes 1 argument"),
    (SOLO + 'log = ["take X01"]\n', "not a card"),
    (SOLO + 'log = ["track three 5"]\n', "not a number"),
    (SOLO + 'log = ["allowed L01 gold"]\n', "not a way"),
    (SOLO + "log = 3\n", "list of events"),
    (SOLO + "extra_step = 1\n", "extra_step must be"),
    (BASE + "final_turns_left = 1\n", "needs end_triggered_by"),
    (BASE + "end_triggered_by = 0\nfinal_turns_left = 3\n", "final_turns_left must be"),
    (BASE + "end_triggered_by = 0\nfinal_turns_left = 0\n", "final_turns_left must be"),
    (BASE + "over = 1\n", "over must be true or false"),
    (SOLO.replace("seed = 2\n", "seed = 2\nto_move = 1\n"), "to_move must be"),
    (BASE + 'random = "0xZZ"\n', "random must be"),
    (SOLO + 'board = "king"\n', "board is one of"),
    (SOLO + 'board = "inventor"\n', "differ"),
    (BASE + 'sides = "aab"\n[options]\nsides = "abb"\n', "differ"),
])
def test_bad_new_keys_are_refused_in_one_line(text: str, message: str) -> None:
    """Unknown cards and rows, a card used twice or left out of a pile given, knowledge of a
    place not in a given pile or by no seat, a Scheme pile that does not complete the face-up
    cards, an opponent log event misspelled, final turns without a trigger or out of range,
    a malformed ``over`` or ``random``, an unknown AI board, and sides or an AI board other
    than the options' are each refused with one line."""
    with pytest.raises(BadPosition, match=message) as refused:
        upriver.from_position("wayfarers", text)
    assert "\n" not in str(refused.value)


# --- WF-END-02 --------------------------------------------------------------------------


def _turns_to_the_end(g: Game) -> list[int | None]:
    """Play at random to the end: the seats whose turns began (in solo, the opponent's turns
    play out inside the human's decisions: seat 0's only)."""
    rng = random.Random(3)
    seats = [g.to_move]
    taken = g.turns_taken
    for _ in range(20_000):
        if g.is_over:
            return seats
        g.play(rng.choice(g.legal_actions()))
        if g.turns_taken != taken and not g.is_over:
            seats.append(g.to_move)
            taken = g.turns_taken
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "trigger", "to_move", "left", "turns"), [
    (2, 0, 1, None, [1, 0]), (2, 1, 0, None, [0, 1]), (3, 2, 0, None, [0, 1, 2]),
    (3, 1, 1, None, [1]), (4, 0, 1, None, [1, 2, 3, 0]), (1, 0, 0, None, [0]),
    (1, 1, 0, None, [0, 1]),
    # The solo opponent reached a final space in the human's turn (its fee steps): that turn
    # was the trigger turn, the opponent has taken its last one, the human's is the last.
    (1, 1, 0, 1, [0]),
])
def test_a_written_position_keeps_the_final_turns_left(
        players: int, trigger: int, to_move: int, left: int | None, turns: list[int]) -> None:
    """WF-END-02: every player, the trigger player included, takes one more turn after the
    trigger turn. A position with the end triggered, written and read back, says how many
    final turns are left (``final_turns_left``) and plays exactly those, in turn order (a solo
    opponent sits as seat 1 and its turns play out inside the human's)."""
    text = (f"players = {players}\nseed = 5\nend_triggered_by = {trigger}\n"
            f"to_move = {to_move}\n")
    if left is not None:
        text += f"final_turns_left = {left}\n"
    if players == 1:
        text += '[options]\nai_board = "mayor"\n'
    written = upriver.from_position("wayfarers", text).to_position()
    assert f"final_turns_left = {len(turns)}\n" in written
    g = upriver.from_position("wayfarers", written)
    assert g.view(0)["final_turns_left"] == len(turns)
    assert g.view(0)["end_triggered_by"] == trigger
    first = _taken(g)
    seats = _turns_to_the_end(g)
    assert seats == [s for s in turns if s < players]
    assert _taken(g) == first + len(turns)  # the opponent's turns counted in solo
