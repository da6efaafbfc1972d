"""12 Rivers' refusal reasons (issue 29): a real move that is not legal now is refused with the
rule that forbids it, in one line, and the game does not change (``refusals``)."""

from __future__ import annotations

import random
import re

import pytest

import upriver
from tests.twelve_rivers.helpers import new, play, position
from upriver.core.game import Game
from upriver.games.twelve_rivers import catalogue, refusals


def assert_refused(g: Game, text: str, reason: str) -> None:
    """``text`` is refused with exactly ``reason``, and the game is as it was."""
    before = g.to_json()
    expected = re.escape(f"{text!r} is not legal now: {reason}") + "$"
    with pytest.raises(upriver.IllegalAction, match=expected):
        g.play(text)
    assert g.to_json() == before
    assert g.why_not(text) == f"{text!r} is not legal now: {reason}"


# Exploration (rulebook 000, "Exploration Phase"; rulebook 001, "Camp Phase").

TWO_ON_R4 = """
players = 2
track = "0 1 0 1 0"
[spaces]
"R4-A space 1" = 1
[[seat]]
hand = "banner"
"""


def test_placing_on_a_taken_space_names_whose_marker_is_there() -> None:
    """TR-EXPL-03: a space holds at most one marker; TR22-CAMP-04: a groove holds one token."""
    g = position(TWO_ON_R4)
    assert_refused(g, "place R4-A space 1",
                   "that space is taken: seat 1's family marker is on it")
    g22 = new(players=2, seed=1, edition="2022")
    placer = g22.to_move
    play(g22, "place R4-A space 1")
    whose = "your own" if g22.to_move == placer else f"seat {placer}'s"
    assert_refused(g22, "place R4-A space 1", f"that groove is taken: {whose} tribe token is on it")


def test_a_space_out_of_play_is_refused_at_every_moment() -> None:
    """TR-RULING-05 and TR22-RULING-04: stretches fed only by inactive rivers take no marker
    (TR-PREP-05, TR22-SETUP-02: 6 active rivers with 2 players, 9 with 3)."""
    g = new(players=2, seed=0)
    assert_refused(g, "place R1-07 space 1",
                   "that space is out of play with 2 players: no active river feeds its stretch")
    g = new(players=3, seed=0, edition="2022")
    assert_refused(g, "place R1-10 space 1",
                   "that groove is out of play with 3 players: no active river feeds its stretch")


def test_a_space_the_seat_cannot_pay_for_states_the_cost_and_the_hand() -> None:
    """TR-EXPL-10, TR-EXPL-15: a space is a legal choice only if its full cost can be paid from
    cards and fire fairies, or waived with a wind fairy; TR22-CAMP-05, -07: the x3 row costs 3
    camp cards and a groove the player cannot pay for is not a legal choice."""
    g = position(TWO_ON_R4)
    assert_refused(g, "place R1-01 space 1",
                   "that space costs 3, more than your 1 supply cards and 0 fire fairies, "
                   "and you have no wind fairy")
    g = position('players = 2\n[options]\nedition = "2022"\n[[seat]]\nhand = 1\n'
                 'fairies = "bonfire"\n')
    assert_refused(g, "place R1-02 space 1",
                   "that groove costs 3, more than your 1 camp cards and 1 bonfire fairies, "
                   "and you have no cloud fairy")


def test_paying_with_a_card_the_seat_does_not_hold() -> None:
    """TR-EXPL-12, TR-EXPL-13: a cost is paid with the cards in hand, any kinds; TR-FAIRY-04: a
    fire fairy stands in for a card only if the player has one."""
    g = position(TWO_ON_R4.replace('"banner"', '"banner banner"'))
    play(g, "place R2-1P space 1")  # pay 2
    assert_refused(g, "pay lantern", "you have no lantern card")
    assert_refused(g, "pay fire fairy", "you have no fire fairy")


def test_a_wind_fairy_waives_only_a_cost_not_yet_paid() -> None:
    """TR-FAIRY-12: a wind fairy cancels the whole cost of a single placement, so it is no
    longer on offer once part of the cost is paid."""
    g = position(TWO_ON_R4.replace('hand = "banner"', 'hand = "banner lantern supplies"\n'
                                   'fairies = "wind"'))
    play(g, "place R1-01 space 1", "pay banner")
    assert_refused(g, "pay wind fairy", "part of this cost is paid: a wind fairy waives a whole "
                   "cost, before any of it is paid")


def test_a_fairy_works_once_in_both_editions() -> None:
    """TR-FAIRY-01: each fairy can be used once, then goes back to the box; TR22-FAIRY-03,
    TR22-FAIRY-04: a fairy gives its power once and is discarded (a cloud fairy pays a
    placement's camp cards)."""
    g = position(TWO_ON_R4.replace('hand = "banner"', 'hand = "banner"\nfairies = "earth"\n'
                                   'alpaca = "green"'))
    play(g, "use earth fairy", "earth: move green from alpaca to S1 spot 1")
    assert g.state.stage == 0  # the fairy's one move is made: back to placing
    assert_refused(g, "use earth fairy",
                   "you have used your earth fairy, and a fairy works only once")
    g22 = position('players = 2\ntrack = "0 1 0 1 0 1"\n[options]\nedition = "2022"\n'
                   '[[seat]]\nhand = 1\nfairies = "cloud"\n')
    play(g22, "place R1-01 space 1", "pay cloud fairy")
    while g22.to_move != 0:
        play(g22, next(a for a in g22.legal_actions() if "R1-" not in a))
    play(g22, "place R3-1 space 1")  # pay 1, with the one camp card in hand
    assert_refused(g22, "pay cloud fairy",
                   "you have used your cloud fairy, and a fairy works only once")


def test_a_pair_is_played_only_in_its_own_phase_and_moment() -> None:
    """TR-CARD-12: exploration pairs come after placing and settling the cost; TR-CARD-13:
    fishing-net and instrument pairs cannot be played in the exploration phase."""
    g = position(TWO_ON_R4.replace('"banner"', '"banner banner fishing net fishing net"'))
    assert_refused(g, "play banner pair", "pairs are played after placing a family marker")
    play(g, "place R4-A space 2")
    assert g.legal_actions()[0] == "play banner pair"
    assert_refused(g, "play fishing net pair",
                   "fishing net pairs are played only in the collection phase")


def test_a_banner_needs_an_own_marker_on_the_track() -> None:
    """TR-RULING-15: a banner pair cannot be played by a player with no marker left on the
    track; TR-CARD-15, TR-CARD-17: it moves only the player's own markers still on the track."""
    g = position("""
players = 2
track = "0 1 1 1"
[spaces]
"R4-A space 1" = 0
"R4-A space 2" = 0
[[seat]]
hand = "banner banner supplies supplies"
""")
    play(g, "place R4-A space 3")
    assert "play supplies pair" in g.legal_actions()
    assert_refused(g, "play banner pair",
                   "you have no family marker left on the turn order track for a banner to move")
    assert_refused(g, "banner: move marker on track space 1 to the front",
                   "this is the effect of a banner pair, and none is being played")


def test_a_card_not_on_display_and_a_step_closed_by_its_own_word() -> None:
    """TR-CARD-02: a card is taken from the display or drawn from the pile; TR-EXPL-18: the
    final stretch's card is optional, declined with 'take no card'."""
    g = position(TWO_ON_R4.replace("track =",
                                   'card_display = "banner lantern supplies"\ntrack ='))
    play(g, "place R5 space 1")
    assert_refused(g, "take fishing net from display", "the display shows no fishing net card")
    assert_refused(g, "done", "say 'take no card' to decline the card")
    assert_refused(g, "end turn", "take or decline the final stretch's card first")


COLLECT = """
players = 2
step = "collect"
rivers = "white - - - - -"
[spaces]
"R1-01 space 1" = 0
[[seat]]
alpaca = "ALPACA"
fairies = "water"
"""


def test_a_pearl_not_at_the_marker_or_beyond_a_full_alpaca() -> None:
    """TR-COLL-07, TR-COLL-08: a marker takes one of the pearls it stopped; TR-COLL-20: an
    alpaca holds at most 6; TR-COLL-10: a full alpaca exchanges one of its own pearls."""
    g = position(COLLECT.replace("ALPACA", "green"))
    assert_refused(g, "take green", "there is no green pearl at your family marker")
    assert_refused(g, "exchange green for white",
                   "your alpaca is not full: an exchange is only for a full alpaca")
    g = position(COLLECT.replace("ALPACA", "green green green blue blue blue"))
    assert_refused(g, "take white", "your alpaca is full (6 pearls)")
    assert_refused(g, "exchange pink for white", "your alpaca holds no pink pearl")


def test_an_extra_pick_needs_a_pearl_to_find() -> None:
    """TR-FAIRY-17, TR-FAIRY-18: a water fairy's two pearls both come from the marker, so with
    one pearl there it adds nothing; TR-COLL-17: the same holds for a fishing net."""
    g = position(COLLECT.replace("ALPACA", "green"))
    assert_refused(g, "use water fairy", "your family marker has 1 pearl(s) for 1 pick(s) left, "
                   "so another pick would find none")


def test_neither_a_water_fairy_nor_a_fishing_net_works_at_the_sea() -> None:
    """TR-FAIRY-19: a water fairy cannot be used at the sea; TR-COLL-18, TR-RULING-23: a
    fishing net has no effect at the sea."""
    g = position("""
players = 2
step = "collect"
sea = "blue green"
[spaces]
"sea" = 0
[[seat]]
hand = "fishing net fishing net"
fairies = "water"
""")
    assert g.state.stage == 9  # the sea marker collecting
    assert_refused(g, "use water fairy", "a water fairy cannot be used at the sea")
    assert_refused(g, "play fishing net pair", "a fishing net has no effect at the sea")
    assert_refused(g, "take white", "there is no white pearl in the sea")


def test_befriending_a_markaya_not_on_display() -> None:
    """TR-VILL-03: the village marker chooses one of the Markaya on display; TR-PREP-16: the
    display is the only source of Markaya for the round; TR-VILL-02: only the marker being
    resolved befriends."""
    g = position("""
players = 2
step = "collect"
markaya_display = "M01 M02 M03"
[spaces]
"village 3" = 0
""")
    assert_refused(g, "befriend M04", "the Markaya M04 is not on display this round")
    assert_refused(g, "take green", "a village family marker befriends a Markaya, it collects "
                   "no pearls")
    g = new(players=2, seed=0)
    assert_refused(g, "befriend M01",
                   "a Markaya is befriended in the collection phase, by a village family marker")


DELIVER = """
players = 2
step = "deliver"
[[seat]]
alpaca = "blue white"
markaya = ["S1: - - -", "M01: green"]
"""


def test_delivering_needs_an_own_free_spot_that_fits() -> None:
    """TR-DELIV-03: a player moves pearls from their own alpaca; TR-DELIV-05: a coloured spot
    takes only its colour; TR-FAIRY-13: a light fairy would let it (with none held, no);
    TR-DELIV-07: a spot holds one pearl; TR-DELIV-10: only the player's own Markaya."""
    g = position(DELIVER)
    assert_refused(g, "deliver green to S1 spot 1", "your alpaca holds no green pearl")
    assert_refused(g, "deliver white to S1 spot 1 with light fairy",
                   "spot 1 of S1 takes only green pearls and you have no light fairy")
    assert_refused(g, "deliver blue to M01 spot 1 with light fairy",
                   "spot 1 of M01 already holds a green pearl")
    assert_refused(g, "deliver blue to S2 spot 2",
                   "the Markaya S2 is seat 1's, and you use only your own")
    assert_refused(g, "place R5 space 1",
                   "family markers are placed only in the exploration phase")


def test_equal_free_spots_are_filled_first_to_last() -> None:
    """TR-DELIV-05, TR-DELIV-07: equal free spots of one tile are interchangeable, and the
    engine names only the first (a ruling, docs/rulings/twelve-rivers.md)."""
    g = position(DELIVER.replace('"M01: green"', '"M02"'))
    assert "deliver blue to M02 spot 1" in g.legal_actions()
    assert_refused(g, "deliver blue to M02 spot 2", "spot 1 of M02 is an equal free spot "
                   "before it, and equal free spots on a tile are filled first to last")


def test_an_earth_fairy_in_use_is_finished_first_and_moves_a_pearl() -> None:
    """TR-FAIRY-08: an earth fairy may be used at any moment, here before placing; TR-FAIRY-09:
    it moves up to 3 pearls, so at least one before it is done."""
    g = position(TWO_ON_R4.replace('hand = "banner"', 'fairies = "earth"\nalpaca = "green"'))
    play(g, "use earth fairy")
    assert_refused(g, "earth: done", "the earth fairy moves at least one pearl before you are done")
    assert_refused(g, "place R4-A space 2",
                   "you are using your earth fairy: move a pearl with it")
    g = position(TWO_ON_R4.replace('hand = "banner"', 'alpaca = "green"'))
    assert_refused(g, "earth: move green from alpaca to S1 spot 1", "you have no earth fairy")


# The 2022 edition (rulebook 001).

def test_2022_has_no_pairs_no_display_and_its_own_fairies() -> None:
    """TR22-COMP-07: camp cards are identical with no powers; TR22-SETUP-12: there is no card
    display; TR22-COMP-08: the fairies are cloud, river, bonfire, breeze and mushroom;
    TR22-PLACE-06: a placed pearl never moves."""
    g = new(players=2, seed=3, edition="2022")
    assert_refused(g, "play banner pair",
                   "camp cards have no powers, so there are no pairs in the 2022 edition")
    assert_refused(g, "take banner from display",
                   "camp cards are drawn from the supply: there is no display in the 2022 edition")
    assert_refused(g, "use earth fairy", "there is no earth fairy in the 2022 edition")
    assert_refused(g, "earth: move green from S1 spot 1 to M01 spot 1",
                   "a pearl on a villager tile never moves again in the 2022 edition")
    g = new(players=2, seed=3)
    assert_refused(g, "use mushroom fairy", "there is no mushroom fairy in the current rules")
    assert_refused(g, "take green and discard it", "a full alpaca exchanges a pearl, it does "
                   "not discard one, in the current rules")


RIVER_2022 = """
players = 2
step = "collect"
rivers = "white - - - - -"
[options]
edition = "2022"
[spaces]
"R1-01 space 1" = 0
[[seat]]
alpaca = "ALPACA"
"""


def test_2022_a_river_token_must_take_a_pearl_and_a_full_alpaca_discards() -> None:
    """TR22-REWARD-07: a river token that stopped pearls must take one; TR22-REWARD-10,
    TR22-REWARD-11: a full alpaca discards one of its pearls or the new one, it does not
    exchange."""
    g = position(RIVER_2022.replace("ALPACA", "green"))
    assert_refused(g, "done", "a river tribe token that stopped pearls must take one (a full "
                   "alpaca discards one instead)")
    assert_refused(g, "take white, discard green from alpaca",
                   "your alpaca has room: take the pearl without discarding")
    g = position(RIVER_2022.replace("ALPACA", "green green green blue blue blue"))
    assert_refused(g, "take white", "your alpaca is full: discard one of its pearls or the new one")
    assert_refused(g, "take white, discard pink from alpaca", "your alpaca holds no pink pearl")
    assert_refused(g, "exchange green for white", "a full alpaca discards a pearl, it does not "
                   "exchange one, in the 2022 edition")


def test_2022_the_lake_overfills_the_alpaca_and_is_discarded_down_to_six() -> None:
    """TR22-LAKE-02: the lake token takes every pearl at once; TR22-LAKE-03: the owner keeps up
    to 6 and discards the rest; TR22-FAIRY-06: the river fairy has no effect at the lake."""
    g = position("""
players = 2
step = "collect"
sea = "blue blue blue"
[options]
edition = "2022"
[spaces]
"sea" = 0
[[seat]]
alpaca = "green green green green green"
fairies = "river"
""")
    assert g.state.stage == 15  # choosing pearls to discard
    assert_refused(g, "discard white", "your alpaca holds no white pearl")
    assert_refused(g, "done", "your alpaca holds 8 pearls: discard down to 6")
    assert_refused(g, "take blue", "the lake's pearls are all on your alpaca already: discard "
                   "down to 6 of them")
    assert_refused(g, "use river fairy",
                   "a river fairy works only at river tribe tokens, not at the lake")


DELIVER_2022 = """
players = 2
step = "deliver"
[options]
edition = "2022"
[[seat]]
alpaca = "green white"
fairies = "mushroom"
markaya = ["V02: green"]
"""


def test_2022_a_pearl_goes_only_on_its_colour_and_the_mushroom_fairy_on_an_empty_space() -> None:
    """TR22-PLACE-03: a pearl goes only on an empty space of its colour or a rainbow one;
    TR22-PLACE-02, TR22-FAIRY-08: outside placing only a breeze fairy moves pearls;
    TR22-FAIRY-10: a mushroom fairy turns one empty space rainbow."""
    g = position(DELIVER_2022)
    assert_refused(g, "deliver white to V02 spot 2", "spot 2 of V02 takes only blue pearls")
    assert_refused(g, "breeze: move white from alpaca to V02 spot 5", "you have no breeze fairy")
    assert_refused(g, "mushroom: make V02 spot 2 rainbow",
                   "this needs your mushroom fairy in use ('use mushroom fairy')")
    play(g, "use mushroom fairy")
    assert_refused(g, "mushroom: make V02 spot 1 rainbow",
                   "spot 1 of V02 holds a pearl, and the mushroom fairy changes an empty one")
    assert_refused(g, "mushroom: make V02 spot 3 rainbow", "spot 2 of V02 is an equal free spot "
                   "before it, and equal free spots on a tile are filled first to last")
    assert_refused(g, "deliver white to V02 spot 5",
                   "you are using your mushroom fairy: choose the space it turns rainbow")


# Every refusal, over played games of both editions.

def test_refusals_are_one_line_change_nothing_and_never_refuse_a_legal_move() -> None:
    """TR-EXPL-06, TR22-CAMP-03 (every decision of a played game): at sampled decisions of
    random games of both editions, a catalogue text that is not legal gets one lowercase line
    or None and leaves the game as it was, and no legal text ever gets a reason. The earth
    moves between Markaya are 95% of the catalogue, so the other groups are sampled apart."""
    groups = dict(catalogue.groups())
    between = groups.pop("earth between Markaya")
    others = [text for texts in groups.values() for text in texts]
    games = (("current", 2, 1, {}), ("current", 4, 2, {}), ("current", 3, 5, {}),
             ("current", 4, 7, {"stack_extra_pearl_effects": False,
                                "extra_pearl_may_swap": False}),
             ("2022", 3, 3, {}), ("2022", 4, 4, {}), ("2022", 2, 6, {}),
             ("2022", 4, 8, {"family": True, "lake_first": False, "stack_river_fairies": True}))
    for edition, players, seed, options in games:
        g = upriver.new_game("twelve-rivers", players=players, seed=seed, edition=edition,
                             **options)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            legal = g.legal_actions()
            if step % 3 == 0:
                before = g.to_json()
                for text in legal:
                    assert refusals.why_not(g.state, text) is None, (edition, step, text)
                for text in rng.sample(others, 300) + rng.sample(between, 100):
                    if text in legal:
                        continue
                    reason = refusals.why_not(g.state, text)
                    if reason is not None:
                        assert reason and "\n" not in reason, (text, reason)
                        assert not reason[0].isupper() and not reason.endswith("."), reason
                assert g.to_json() == before
            g.play(rng.choice(legal))
            step += 1
