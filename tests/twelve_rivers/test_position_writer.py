"""12 Rivers positions written from a game (``Game.to_position``) read back into the very same
game, in both editions: the same state, views, legal actions, refusals and future. Then the
reader's keys that such positions use (``twelve_rivers/position.py``), and their refusals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import upriver
from tests.twelve_rivers.helpers import play, position, seat_view
from upriver.core.errors import BadPosition
from upriver.core.game import Game
from upriver.games.twelve_rivers.state import (
    DELIVER,
    LAKE_DISCARD,
    OVER,
    PAIRS,
    PAY,
    PLACE,
    RIVER,
    SEA,
    STAGE_NAMES,
    VILLAGE,
)

GAME = "twelve-rivers"
E2022: dict[str, Any] = {"edition": "2022"}
FAMILY: dict[str, Any] = {"edition": "2022", "family": True}
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    *((p, {}) for p in (2, 3, 4)),
    *((p, E2022) for p in (2, 3, 4)),
    *((p, FAMILY) for p in (2, 3, 4)),
    (3, {"stack_extra_pearl_effects": False, "extra_pearl_may_swap": False,
         "per_fairy_tie_rule": True}),
    (4, {"allow_inactive_stretches": True}),
    (2, {"edition": "2022", "lake_first": False, "villager_offer": "refill",
         "village_cards": "right"}),
    (4, {"edition": "2022", "family": True, "lake_first": False, "stack_river_fairies": True}),
]
CONFIG_IDS = [f"{p}p-" + (",".join(f"{k}={v}" for k, v in o.items()) or "default")
              for p, o in CONFIGS]

# Registers a decision sets before it reads them (a placement's cost, a river marker's picks,
# the cards still to take, an earth fairy's moves...). Between decisions they keep what earlier
# decisions left there, which nothing reads again and no position records; each stage a
# position describes keeps those in use (the rest of the state must read back exactly, and
# the play that follows checks that nothing read what was left out).
LEFTOVERS = {"cur_space", "last_placed", "pay_left", "pay_full", "picks", "picks_done",
             "boosts", "cards_left", "cards_optional", "after_cards", "earth_left",
             "earth_moved", "resume", "moving_from"}
IN_USE = {PAY: {"cur_space", "last_placed", "pay_left", "pay_full"},
          PAIRS: {"cur_space", "last_placed"},
          RIVER: {"cur_space", "picks", "picks_done", "boosts"},
          SEA: {"cur_space"}, LAKE_DISCARD: {"cur_space"}, VILLAGE: {"cur_space"}}


def _state(g: Game) -> dict[str, Any]:
    """The state as saved, but for the leftover registers not in use at this stage."""
    d = g.rules.state_to_dict(g.state)
    drop = LEFTOVERS - IN_USE.get(g.state.stage, set())
    return {k: v for k, v in d.items() if k not in drop}


def _describable(g: Game) -> bool:
    """The points the format describes: a marker to place, a turn paying or playing pairs, a
    marker collecting, the delivery step before anyone has delivered, the end."""
    st = g.state
    if st.stage == DELIVER:
        return bool(st.dl_moves == 0)
    return st.stage in (PLACE, PAY, PAIRS, RIVER, SEA, LAKE_DISCARD, VILLAGE, OVER)


def _record(players: int, options: dict[str, Any], seed: int) -> list[str]:
    g = upriver.new_game(GAME, players=players, seed=seed, **options)
    rng = random.Random(seed)
    choices = []
    while not g.is_over:
        choices.append(rng.choice(g.legal_actions()))
        g.play(choices[-1])
    return choices


def _same_game_from(g: Game, text: str, rest: list[str], seed: int) -> None:
    """The game read from ``text`` is ``g``: its text, state, every view (and encoding), legal
    actions and refusals; then the same legal actions and state at every step of ``rest``,
    and the same result."""
    h = upriver.from_position(GAME, text)
    assert h.to_position() == text
    assert h.options == g.options
    assert _state(h) == _state(g)
    p = g.num_players
    for seat in [None, *range(p)]:
        assert h.view(seat) == g.view(seat)
    for seat in range(p):
        assert list(h.rules.encode_seat(h.state, seat, p, h.options)) == list(
            g.rules.encode_seat(g.state, seat, p, g.options))
    assert h.legal_actions() == g.legal_actions()
    catalogue = g.rules.action_catalogue()
    for action in random.Random(seed).sample(catalogue, 25):
        assert h.why_not(action) == g.why_not(action)
    twin = g.clone()
    for action in rest:
        twin.play(action)
        h.play(action)
        assert h.legal_actions() == twin.legal_actions()
        assert _state(h) == _state(twin)
    assert h.is_over and twin.is_over
    assert h.scores() == twin.scores() and h.winners() == twin.winners()
    assert h.score_breakdown() == twin.score_breakdown()


def _check_game(players: int, options: dict[str, Any], seed: int, every: int) -> Counter[str]:
    """Replay a random game: at every point the format describes the game writes its
    position, and every other point is refused in one line; the first point of each step,
    every ``every``-th point and the end are read back and played on (``_same_game_from``).
    Returns the steps so checked."""
    choices = _record(players, options, seed)
    g = upriver.new_game(GAME, players=players, seed=seed, **options)
    checked: Counter[str] = Counter()
    points = 0
    for i in range(len(choices) + 1):
        if _describable(g):
            text = g.to_position()
            step = STAGE_NAMES[g.state.stage]
            if points % every == 0 or step not in checked:
                _same_game_from(g, text, choices[i:], seed * 1000 + i)
                checked[step] += 1
            points += 1
        else:
            with pytest.raises(BadPosition) as refused:
                g.to_position()
            assert "\n" not in str(refused.value)
        if i < len(choices):
            g.play(choices[i])
    return checked


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_a_written_position_reads_back_into_the_same_game(players: int,
                                                          options: dict[str, Any]) -> None:
    """A random game at every player count, in both editions (2022 with and without Family
    Mode) and under other options, checked at the first point of each step (a marker to place,
    TR-EXPL-01; a cost being paid, TR-EXPL-12; pairs, TR-EXPL-09; river, sea or lake and
    village markers collecting, TR-COLL-04, TR-SEA-01, TR22-LAKE-03, TR-VILL-02; the delivery
    step, TR-DELIV-02; the end, TR-END-01) and at points through all five rounds: the text reads
    back into the same state, with the same draw pile (TR-CARD-07), Markaya deck (TR-PREP-15,
    TR22-RULING-08), face-down fairies (TR-SETUP-03), mission (TR22-SETUP-07) and random stream,
    and plays on to the same result."""
    checked = _check_game(players, options, seed=players, every=15)
    for step in ("place a family marker", "collect pearls from the river", "deliver to Markaya",
                 "game over"):
        assert checked[step] >= 1
    assert sum(checked.values()) >= 8


@pytest.mark.deep  # more games and points than the test above
@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_many_written_positions_read_back_into_the_same_game(players: int,
                                                             options: dict[str, Any]) -> None:
    """As above on three more games, each checked at every 6th point."""
    for seed in range(10, 13):
        _check_game(players, options, seed, every=6)


def test_every_step_a_game_goes_through_is_written_or_refused_as_the_format_says() -> None:
    """Over a few games of each edition, every step of the format comes up and is written;
    the rest (a pair's effect, an earth or mushroom fairy in use, befriending, the delivery
    step under way) are refused."""
    written: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    for options in ({}, E2022):
        for seed in range(3):
            g = upriver.new_game(GAME, players=4, seed=seed, **options)
            rng = random.Random(seed)
            while True:
                step = STAGE_NAMES[g.state.stage]
                try:
                    g.to_position()
                except BadPosition:
                    refused[step] += 1
                else:
                    written[step] += 1
                if g.is_over:
                    break
                g.play(rng.choice(g.legal_actions()))
    assert set(written) >= {"place a family marker", "pay the placement cost", "play pairs",
                            "collect pearls from the river", "collect pearls from the sea",
                            "lake: choose pearls to discard", "befriend a Markaya",
                            "deliver to Markaya", "game over"}
    assert set(refused) <= {"take supply cards", "banner: choose a marker",
                            "lantern: choose a fairy", "supplies: choose a marker",
                            "supplies: choose a space", "instrument pair", "deliver to Markaya",
                            "earth fairy: move pearls", "mushroom fairy: choose a space"}


def test_a_position_read_at_the_dam_is_written_at_the_first_marker_to_collect() -> None:
    """TR-COLL-02, TR-COLL-04: step "collect" removes the dam and the pearls roll to the first
    markers; the game then waits on the first marker with a choice, which the written
    position names (``at``), with the pearls where they stopped (``[pools]``)."""
    g = position('players = 2\nstep = "collect"\nrivers = "white blue pink"\ntrack = "1 0 1 0"\n'
                 '[spaces]\n"R2-1P space 1" = 0\n"R3-2 space 1" = 1\n')
    text = g.to_position()
    assert 'at = "R2-1P space 1"' in text and "[pools]" in text
    h = upriver.from_position(GAME, text)
    assert _state(h) == _state(g)
    assert all(h.view(s) == g.view(s) for s in (None, 0, 1))


# --- points in the middle of a step are refused --------------------------------------------


def test_a_pair_under_way_is_refused_but_the_turn_around_it_is_written() -> None:
    """TR-EXPL-18, TR-CARD-15: the final stretch's optional card and a banner pair's marker
    are decisions inside a step; before and after them the turn is written."""
    g = position('players = 2\ntrack = "0 1 0 1 0 1"\n[[seat]]\n'
                 'hand = "banner banner banner banner"')
    play(g, "place R5 space 1")
    with pytest.raises(BadPosition, match="halfway through a pair or card"):
        g.to_position()
    play(g, "take no card")
    assert 'step = "turn"\nplaced = "R5 space 1"\n' in g.to_position()
    play(g, "play banner pair")
    with pytest.raises(BadPosition, match="halfway through a pair or card"):
        g.to_position()
    play(g, "banner: move marker on track space 3 to the front")
    assert 'step = "turn"' in g.to_position()  # another banner pair may follow


def test_a_delivery_under_way_and_a_fairy_in_use_are_refused() -> None:
    """TR-DELIV-02: the seats deliver unseen by each other, so a position starts the step
    before anyone delivers; TR-FAIRY-08: an earth fairy's moves are one decision."""
    text = ('players = 2\nstep = "deliver"\n[[seat]]\nalpaca = "white white"\nfairies = "earth"'
            '\n[[seat]]\nalpaca = "white"\n')
    g = position(text)
    assert 'step = "deliver"' in g.to_position()
    play(g, "use earth fairy")
    with pytest.raises(BadPosition, match="using its earth fairy"):
        g.to_position()
    g = position(text)
    play(g, "deliver white to S1 spot 3")
    with pytest.raises(BadPosition, match="delivering"):
        g.to_position()


def test_befriending_under_way_is_refused() -> None:
    """TR-VILL-05: the cards a befriended Markaya brings are taken inside the village
    marker's step."""
    g = position('players = 2\nstep = "collect"\nat = "village 1"\ntrack = "1 0 1 0 1"\n'
                 'markaya_display = "M01 M02 M03"\n[spaces]\n"village 1" = 0\n')
    assert g.view(0)["step"] == "befriend a Markaya"
    play(g, "befriend M01")
    with pytest.raises(BadPosition, match="befriending at village 1"):
        g.to_position()


# --- the reader's keys -----------------------------------------------------------------------

CARDS = ("banner", "lantern", "supplies", "fishing net", "instrument")


def _rest_of_pile(top: str, *out: str) -> str:
    """Every card but those ``out`` (in hands, display or discard), ``top`` last."""
    pile = [k for k in CARDS for _ in range(10)]
    for card in (*out, top):
        pile.remove(card)
    return " ".join([*pile, top])


def test_random_sets_the_stream_once_everything_is_built() -> None:
    """``random`` is the generator's state after the build: what the seed shuffles stays as
    it was, and what chance brings next comes from the state given."""
    base = "players = 2\nseed = 5\n"
    g, h = position(base), position(base + 'random = "0x00000000000004d2"\n')
    assert h.state.rng.state == 1234 and g.state.rng.state != 1234
    assert h.state.deck == g.state.deck and h.state.mk_deck == g.state.mk_deck
    assert h.state.fairy_supply == g.state.fairy_supply
    assert 'random = "0x00000000000004d2"' in h.to_position()


def test_the_draw_pile_is_laid_in_order_top_card_last() -> None:
    """TR-CARD-02: a card drawn is the top of the pile, the last one ``draw_pile`` names."""
    pile = _rest_of_pile("instrument", "banner", "lantern", "supplies")
    g = position(f'players = 2\ncard_display = "banner lantern supplies"\ndraw_pile = "{pile}"')
    assert g.view(None)["draw_pile"] == 47
    play(g, "place R5 space 1", "draw from pile")
    assert seat_view(g, 0)["hand"] == {"instrument": 1}
    assert g.view(None)["players"][0]["drawn_from_pile"] == 1


def test_with_the_draw_pile_given_the_display_is_taken_as_it_is() -> None:
    """TR-CARD-06: three identical face-up cards are reshuffled as setup would; with the pile
    given, the position states the display after any reshuffle, so it stays as given (in
    play, only the last of the reshuffles or a pile of one kind leaves three alike)."""
    assert position('players = 2\ncard_display = "banner banner banner"').view(None)[
        "card_display"] != ["banner"] * 3
    pile = _rest_of_pile("lantern", "banner", "banner", "banner")
    g = position(f'players = 2\ncard_display = "banner banner banner"\ndraw_pile = "{pile}"')
    assert g.view(None)["card_display"] == ["banner"] * 3


def test_the_card_display_keeps_its_order() -> None:
    """The display is laid out as named, repeats apart included."""
    g = position('players = 2\ncard_display = "banner fishing net banner"')
    assert g.view(None)["card_display"] == ["banner", "fishing net", "banner"]


def test_what_the_table_knows_of_hands_and_pile() -> None:
    """TR-CARD-02, TR-CARD-07: ``known_cards`` were taken face up, ``drawn`` face down from
    the pile since it was built, ``older_hidden`` may predate it, and ``pile_pool`` is what
    the pile and those draws may hold. Without them, every hidden card came from the pile."""
    hand = "banner banner lantern"
    g = position(f'players = 2\n[[seat]]\nhand = "{hand}"')
    entry = g.view(None)["players"][0]
    assert entry["known_cards"] == {} and entry["drawn_from_pile"] == 3
    g = position(f'players = 2\npile_pool = "banner lantern lantern"\n[[seat]]\nhand = "{hand}"\n'
                 'known_cards = "banner"\ndrawn = "lantern"\nolder_hidden = 1\n')
    entry = g.view(None)["players"][0]
    assert entry["known_cards"] == {"banner": 1} and entry["drawn_from_pile"] == 1
    assert entry["older_hidden_cards"] == 1
    assert g.view(None)["draw_pile_pool"] == {"banner": 1, "lantern": 2}
    assert g.view(0)["draw_pile_pool"] == {"banner": 1, "lantern": 1}  # its own draw known


def test_the_markaya_deck_is_laid_in_order_top_tile_last() -> None:
    """TR-PREP-15, TR-PREP-16: at the next preparation the display goes under the deck, seen
    (``markaya_deck_seen`` counts the tiles seen going under), and 6 are turned up from the
    top, the last ``markaya_deck`` names first."""
    display = "M01 M02 M03 M04 M05 M06"
    deck = " ".join(f"M{n:02}" for n in range(7, 27))
    g = position(f'players = 2\nmarkaya_display = "{display}"\nmarkaya_deck = "{deck}"\n'
                 'markaya_deck_seen = 2\n')
    assert g.view(None)["markaya_deck_bottom"] == ["M07", "M08"]
    g = position(f'players = 2\nstep = "deliver"\nmarkaya_display = "{display}"\n'
                 f'markaya_deck = "{deck}"\n')  # nothing to deliver: round 2 begins
    view = g.view(None)
    assert view["round"] == 2
    assert view["markaya_display"] == ["M26", "M25", "M24", "M23", "M22", "M21"]
    assert view["markaya_deck_bottom"] == ["M06", "M05", "M04", "M03", "M02", "M01"]


def test_villager_tiles_out_of_the_game() -> None:
    """TR22-RULING-08: unclaimed villager tiles leave the game; ``markaya_out`` names them
    in order, and they are in no display or deck."""
    g = upriver.from_position(GAME, 'players = 2\nmarkaya_out = "V07 V03"\n'
                                    '[options]\nedition = "2022"\n')
    view = g.view(None)
    assert view["markaya_out"] == ["V07", "V03"]
    assert view["markaya_deck"] + len(view["markaya_display"]) == 28


def test_the_fairy_supply_by_name_top_one_last() -> None:
    """TR-SETUP-03, TR-PREP-09..13: the face-down fairies named, the top one drawn first onto
    the round's sites; the fairies in no supply, hand, site or use are in the box."""
    g = position('players = 2\nstep = "deliver"\nfairy_supply = "water fire earth"\n')
    view = g.view(None)
    assert view["round"] == 2 and view["sites"] == {"statue 1": {"earth": 1},
                                                    "statue 2": {"fire": 1}}
    assert view["fairy_supply"] == 1 and view["fairies_in_box"] == 22


def test_fairies_used_and_taken() -> None:
    """TR-FAIRY-01: a used fairy is back in the box, counted as the seat's; every fairy taken
    is counted (by default those held and used)."""
    g = position('players = 2\nfairy_supply = 0\n[[seat]]\nfairies = "fire"\n'
                 'fairies_used = "water water"\n')
    entry = g.view(None)["players"][0]
    assert entry["fairies_used"] == {"water": 2}
    assert entry["fairies_taken"] == {"fire": 1, "water": 2}
    assert g.view(None)["fairies_in_box"] == 22
    g = position('players = 2\n[[seat]]\nfairies_taken = "earth"\n')
    assert g.view(None)["players"][0]["fairies_taken"] == {"earth": 1}


def test_turns_taken() -> None:
    """TR-EXPL-01: the marker turns ended so far."""
    assert position("players = 2\nturns = 7").view(None)["turns_taken"] == 7


def test_pearls_out_of_the_2022_game() -> None:
    """TR22-LAKE-03: pearls discarded leave the game, and the bag holds the rest."""
    g = upriver.from_position(GAME, 'players = 2\npearls_out = "white white"\n'
                                    '[options]\nedition = "2022"\n')
    assert g.view(None)["pearls_out"] == {"white": 2}
    assert g.view(None)["bag"]["white"] == 9 - 2 - sum(
        1 for c in g.view(None)["rivers"] if c == "white")


def test_a_turn_paying_its_cost() -> None:
    """TR-EXPL-12, TR-EXPL-13: ``step = "turn"`` with ``placed`` and ``cost_left``: the
    marker is on its space and the seat pays what is left, one card at a time."""
    g = position('players = 2\nstep = "turn"\nplaced = "R1-03 space 1"\ncost_left = 1\n'
                 'track = "1 0 1 0 1"\n[spaces]\n"R1-03 space 1" = 0\n'
                 '[[seat]]\nhand = "lantern"\n')
    view = g.view(0)
    assert view["step"] == "pay the placement cost" and view["placed"] == "R1-03 space 1"
    assert view["cost"] == 3 and view["cost_left"] == 1
    assert g.legal_actions() == ["pay lantern"]
    play(g, "pay lantern")
    assert g.to_move == 1 and g.view(None)["turns_taken"] == 1


def test_a_turn_playing_pairs() -> None:
    """TR-EXPL-09: with the cost paid, the seat may play pairs or end its turn."""
    g = position('players = 2\nstep = "turn"\nplaced = "R3-1 space 1"\n'
                 'track = "1 0 1 0 1"\n[spaces]\n"R3-1 space 1" = 0\n'
                 '[[seat]]\nhand = "banner banner"\n')
    assert g.view(0)["step"] == "play pairs"
    assert g.legal_actions() == ["play banner pair", "end turn"]


def test_a_river_marker_collecting() -> None:
    """TR-COLL-04, TR-COLL-07, TR-COLL-17, TR-RULING-19: ``at`` names the marker collecting,
    ``[pools]`` the pearls in the stretches; ``picks_taken``, ``picks_added`` and ``given_up``
    say how far it has got."""
    base = ('players = 2\nstep = "collect"\nat = "R2-1P space 1"\ntrack = "1 0 1 0 1"\n'
            '[spaces]\n"R2-1P space 1" = 0\n[pools]\n"R2-1P" = "white blue blue"\n')
    g = position(base)
    view = g.view(0)
    assert view["step"] == "collect pearls from the river"
    assert view["current_space"] == "R2-1P space 1"
    assert view["pools"] == {"R2-1P": {"blue": 2, "white": 1}}
    assert g.legal_actions() == ["take blue", "take white", "done"]
    g = position(base.replace("[spaces]", 'picks_taken = 1\npicks_added = 1\n'
                              'given_up = "blue"\n[spaces]') + '[[seat]]\nalpaca = "pink"\n')
    view = g.view(0)
    assert (view["picks_left"], view["picks_taken"], view["picks_added"]) == (1, 1, 1)
    assert view["given_up_here"] == {"blue": 1}
    assert g.legal_actions() == ["take blue", "take white", "done"]


def test_the_sea_and_village_markers_collecting() -> None:
    """TR-SEA-01, TR-SEA-02, TR-VILL-02: the sea marker after every river marker, then the
    village markers from left to right."""
    g = position('players = 2\nstep = "collect"\nat = "sea"\nsea = "pink"\ntrack = "1 0 1 0"\n'
                 '[spaces]\n"sea" = 0\n"village 2" = 1\n')
    assert g.view(0)["step"] == "collect pearls from the sea"
    play(g, "take pink")
    assert g.view(1)["step"] == "befriend a Markaya" and g.to_move == 1
    assert 'at = "village 2"' in g.to_position()


def test_the_2022_lake_token_discarding() -> None:
    """TR22-LAKE-02, TR22-LAKE-03: the lake's pearls are on the alpaca, more than 6, and its
    owner discards down to 6."""
    g = upriver.from_position(GAME, 'players = 2\nstep = "collect"\nat = "sea"\n'
                                    'track = "1 0 1 0 1"\n[spaces]\n"sea" = 0\n[[seat]]\n'
                                    'alpaca = "white white white white white white pink"\n'
                                    '[options]\nedition = "2022"\n')
    assert g.view(0)["step"] == "lake: choose pearls to discard"
    assert g.legal_actions() == ["discard pink", "discard white"]


@pytest.mark.parametrize(("text", "message"), [
    ('players = 2\nrandom = "0xZZ"', "random must be"),
    ("players = 2\nrandom = 5", "random must be"),
    ("players = 2\nturns = -1", "turns must be a whole number"),
    ('players = 2\ndraw_pile = "banner"', "draw_pile holds 1 banner cards, but 10 are"),
    ('players = 2\ndraw_pile = "banner dragon"', "draw_pile: unknown 'dragon'"),
    ('players = 2\ncard_display = "banner"\ndraw_pile = "' + _rest_of_pile("lantern", "banner")
     + '"', "needs an empty draw pile and discard"),
    ('players = 2\npile_pool = "dragon"', "pile_pool: unknown"),
    ('players = 2\n[[seat]]\nhand = "banner"\nknown_cards = "lantern"', "known_cards must be"),
    ('players = 2\n[[seat]]\nolder_hidden = "2"', "older_hidden must be a whole number"),
    ('players = 2\nmarkaya_deck = "M01"', "markaya_deck needs markaya_display"),
    ('players = 2\nmarkaya_display = "M01"\nmarkaya_deck = "M02 M03"', "markaya_deck must hold"),
    ('players = 2\nmarkaya_deck_seen = 30', "markaya_deck_seen: the deck holds"),
    ('players = 2\nmarkaya_out = "S1"', "markaya_out: S1 is held or out already"),
    ('players = 2\nfairy_supply = "fire fire fire fire fire fire"', "no fire fairy is left"),
    ('players = 2\n[[seat]]\nfairies_used = "fire fire fire fire fire fire"',
     "more fire fairies than the game has"),
    ('players = 2\npearls_out = "white"', "pearls_out applies to the 2022 edition"),
    ('players = 2\nat = "sea"', 'at needs step = "collect" with at'),
    ('players = 2\nstep = "collect"\n[pools]\n"R5" = "white"', 'pools needs step = "collect"'),
    ('players = 2\nplaced = "sea"', 'placed needs step = "turn" with placed'),
    ('players = 2\nstep = "turn"', 'step "turn" needs placed'),
    ('players = 2\nstep = "turn"\nplaced = "sea"', "placed: there is no family marker on sea"),
    ('players = 2\nstep = "turn"\nplaced = "R3-1 space 1"\ncost_left = 2\ntrack = "1 0 1 0 1"'
     '\n[spaces]\n"R3-1 space 1" = 0', "cost_left: R3-1 space 1 costs 1"),
    ('players = 2\nstep = "turn"\nplaced = "R3-1 space 1"\ncost_left = 1\ntrack = "1 0 1 0 1"'
     '\n[spaces]\n"R3-1 space 1" = 0', "seat 0 cannot pay the 1 left"),
    ('players = 2\nstep = "collect"\nat = "moon"', "at: unknown space 'moon'"),
    ('players = 2\nstep = "collect"\nat = "sea"', "at: there is no family marker on sea"),
    ('players = 2\nstep = "collect"\nat = "sea"\nrivers = "white"\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"sea" = 0', "the rivers hold no pearls"),
    ('players = 2\nstep = "collect"\nat = "sea"\ntrack = "1 0 1 0"\n[spaces]\n"sea" = 0\n'
     '"R5 space 1" = 1', "the marker on R5 space 1 collects before the one on sea"),
    ('players = 2\nstep = "collect"\nat = "sea"\nsea = "pink"\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"sea" = 0\n[pools]\n"R5" = "white"', "rolled on to the sea"),
    ('players = 2\nstep = "collect"\nat = "R5 space 1"\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"R5 space 1" = 0', "has nothing left to decide"),
    ('players = 2\nstep = "collect"\nat = "R5 space 1"\npicks_taken = 2\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"R5 space 1" = 0\n[pools]\n"R5" = "white"', "picks_taken: a river marker"),
    ('players = 2\nstep = "collect"\nat = "R5 space 1"\ngiven_up = "pink"\ntrack = "1 0 1 0 1"'
     '\n[spaces]\n"R5 space 1" = 0\n[pools]\n"R5" = "white"', "given_up: fewer than 1 pink"),
    ('players = 2\nstep = "collect"\nat = "sea"\npicks_added = 1\nsea = "pink"\n'
     'track = "1 0 1 0 1"\n[spaces]\n"sea" = 0', "are for a river marker"),
    ('players = 2\nstep = "collect"\nat = "village 1"\ntrack = "1 0 1 0 1"\n'
     'markaya_display = ""\n[spaces]\n"village 1" = 0', "no Markaya is left on display"),
    ('players = 2\nstep = "pairs"', "step must be place, turn, collect, deliver or end"),
])
def test_impossible_keys_are_refused(text: str, message: str) -> None:
    """Each new key is checked, in one line: the draw pile, Markaya deck and fairy supply
    must hold exactly the pieces left for them (TR-CARD-07, TR-SETUP-06, TR-SETUP-03); a turn
    or a marker collecting must be one play can reach (TR-EXPL-12, TR-COLL-04..06, TR-SEA-01,
    TR-RULING-22)."""
    with pytest.raises(BadPosition, match=message) as refused:
        position(text)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(("text", "message"), [
    ('players = 2\nstep = "collect"\nat = "sea"\nsea = "white"\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"sea" = 0', "the lake is empty"),
    ('players = 2\nstep = "collect"\nat = "sea"\ntrack = "1 0 1 0 1"\n[spaces]\n"sea" = 0\n'
     '[[seat]]\nalpaca = "white"', "nothing is left to discard"),
    ('players = 2\nstep = "collect"\nat = "sea"\ngiven_up = "white"\ntrack = "1 0 1 0 1"\n'
     '[spaces]\n"sea" = 0', "the lake has no exchange"),
    ('players = 2\nmarkaya_out = "V01 V01"', "markaya_out: V01 is held or out already"),
])
def test_impossible_2022_keys_are_refused(text: str, message: str) -> None:
    """TR22-LAKE-02, TR22-LAKE-03, TR22-RULING-08: the lake token's owner took every lake
    pearl at once and discards only from more than 6; a villager tile leaves once."""
    with pytest.raises(BadPosition, match=message):
        upriver.from_position(GAME, text + '\n[options]\nedition = "2022"\n')
