"""Rule tests for the Wayfarers end of the game and final scoring (WF-END-01..13)."""

from __future__ import annotations

from tests.wayfarers.helpers import (
    LIBRARY,
    gain,
    give,
    new,
    place_tile,
    play,
    set_dice,
    state,
)
from tests.wayfarers.helpers import rest_turn as pass_turn
from upriver.core.game import Game
from upriver.games.wayfarers.formulas import INDEX
from upriver.games.wayfarers.scoring import winners

COMMON = {0: 0, 1: 0, 2: 2, 3: 3, 4: 5, 5: 8, 6: 12, 7: 16, 8: 16, 9: 16, 12: 16}




def _trigger(g: Game) -> None:
    """Seat 0 (at space 90 with 1 Black) Journals into the final space 102 with its Capital
    Library die."""
    st = state(g)
    st.jpos[0] = 90
    give(g, 0, black=1, yellow=0, blue=0)
    set_dice(g, 0, [6, 6])
    place_tile(g, 0, "basic-pigeon", 6, 2)
    play(g, "place die 6", "place die 6 on Capital Library", "journal to 102" + LIBRARY)


def test_entering_a_final_space_triggers_the_end() -> None:
    """WF-END-01: the end is triggered as soon as a marker enters a final Journal space."""
    g = new(2, seed=1, sides="aaa")
    assert state(g).end_seat == -1
    _trigger(g)
    st = state(g)
    assert st.jpos[0] == 102 and st.end_seat == 0 and not g.is_over


def test_one_more_turn_for_everyone_after_the_trigger() -> None:
    """WF-END-02: the triggering player completes their turn, then every player, the trigger
    player included, takes exactly one more turn in order, and the game is scored."""
    g = new(3, seed=1, sides="aaa")
    _trigger(g)
    st = state(g)
    assert st.seat == 0  # the trigger turn goes on: the 2 Influence of space 102
    while st.seat == 0:
        play(g, "done")
    order = []
    while not g.is_over:
        order.append(st.seat)
        pass_turn(g)
    assert order == [1, 2, 0]
    assert g.scores() == [sum(b.values()) for b in g.score_breakdown()]


def _tags(g: Game, seat: int, city: int, vista: int, harbour: int, open_water: int) -> None:
    st = state(g)
    for name, n in (("city", city), ("vista", vista), ("harbour", harbour),
                    ("open_water", open_water)):
        st.tags[seat * 11 + INDEX[name]] = n


def test_primary_tags_score_by_the_common_set_table() -> None:
    """WF-END-03, WF-END-04: each primary tag type scores 0-1: 0, 2: 2, 3: 3, 4: 5, 5: 8, 6: 12,
    7 or more: 16, never more."""
    for n, vp in COMMON.items():
        g = new(2, seed=1)
        _tags(g, 0, n, 0, 0, 0)
        assert g.score_breakdown()[0]["primary tags"] == vp, n
        _tags(g, 0, n, n, n, n)
        assert g.score_breakdown()[0]["primary tags"] == 4 * vp, n


def test_unique_sets_are_not_capped() -> None:
    """WF-END-05: unique sets score 5 VP times the smallest of the four primary counts, with no
    cap at 7."""
    g = new(2, seed=1)
    _tags(g, 0, 9, 8, 10, 9)
    assert g.score_breakdown()[0]["unique sets"] == 40
    _tags(g, 0, 3, 2, 1, 0)
    assert g.score_breakdown()[0]["unique sets"] == 0
    _tags(g, 0, 3, 2, 2, 5)
    assert g.score_breakdown()[0]["unique sets"] == 10


def test_secondary_and_space_tags_score_nothing_by_themselves() -> None:
    """WF-END-06: Observatory, Library and the space tags score nothing by themselves."""
    g = new(2, seed=1)
    before = g.scores()[0]
    st = state(g)
    for name in ("observatory", "library", "stars", "planet", "sun", "moon", "comet"):
        st.tags[INDEX[name]] += 5
    assert g.scores()[0] == before


def test_each_space_card_scores_its_formula_at_game_end() -> None:
    """WF-END-07: each Space card, the Capital Sky included, scores its formula with the counts
    at game end: Capital Sky min(tiles, Townsfolk), City Light 1 per City, Sun 3 alone."""
    g = new(2, seed=1)
    assert g.score_breakdown()[0]["space cards"] == 0  # no tile yet: min(0, 1)
    gain(g, 0, "L01")
    gain(g, 0, "L02")
    gain(g, 0, "S16", above="L01")
    gain(g, 0, "S36", above="L02")
    place_tile(g, 0, "basic-camel", 2, 2)
    assert g.score_breakdown()[0]["space cards"] == 1 + 3 + 3
    gain(g, 0, "T08", under="L01")
    place_tile(g, 0, "basic-ship", 3, 2)
    assert g.score_breakdown()[0]["space cards"] == 2 + 3 + 3


def test_a_met_inspiration_goal_doubles_its_space_card() -> None:
    """WF-END-08: a Space card whose tucked Inspiration goal is met scores twice its value."""
    g = new(2, seed=1)
    gain(g, 0, "L01")
    gain(g, 0, "S16", above="L01")  # City Light: 2 City
    gain(g, 0, "I16", above="S16")  # 6 Silver
    give(g, 0, silver=5)
    b = g.score_breakdown()[0]
    assert (b["space cards"], b["inspiration"]) == (2, 0)
    give(g, 0, silver=6)
    b = g.score_breakdown()[0]
    assert (b["space cards"], b["inspiration"]) == (2, 2)


def test_the_caravan_scores_its_tiles_printed_vp() -> None:
    """WF-END-09: the caravan scores the sum of the printed VP of the player's tiles."""
    g = new(2, seed=1)
    place_tile(g, 0, "special-library", 2, 2)  # 5
    place_tile(g, 0, "space-updown", 3, 1)  # 3
    place_tile(g, 0, "water-ship", 4, 3)  # 0
    assert g.score_breakdown()[0]["caravan"] == 8


def test_guild_majorities() -> None:
    """WF-END-10: 3 VP per Guild to the single player with the most Influence there (at least
    1); a tie for most gives it to nobody."""
    g = new(3, seed=1)
    give(g, 0, black=2, yellow=1, blue=0)
    give(g, 1, black=1, yellow=1, blue=0)
    give(g, 2, black=0, yellow=0, blue=0)
    assert [b["guilds"] for b in g.score_breakdown()] == [3, 0, 0]
    give(g, 2, yellow=2)
    assert [b["guilds"] for b in g.score_breakdown()] == [3, 0, 3]


def test_resources_workers_and_dice_are_worth_nothing() -> None:
    """WF-END-11: Silver, Provisions, Influence in supply, Workers and dice score nothing."""
    g = new(2, seed=1)
    before = g.scores()[0]
    give(g, 0, silver=40, provisions=30, influence=15, green_workers=3, yellow_workers=2)
    set_dice(g, 0, [6, 6, 6, 6, 6], reserve=0)
    assert g.scores()[0] == before


def _hand_position() -> Game:
    g = new(2, seed=1)
    for card in ("L01", "L09", "L20", "L21", "W05", "W26"):
        gain(g, 0, card)
    gain(g, 0, "T08", under="L01")
    gain(g, 0, "S16", above="L09")  # City Light
    gain(g, 0, "S36", above="L01")  # Sun
    gain(g, 0, "I16", above="S16")  # goal: 6 Silver
    place_tile(g, 0, "special-city", 2, 2)
    place_tile(g, 0, "basic-camel", 3, 3)
    place_tile(g, 0, "space-updown", 4, 1)
    give(g, 0, silver=7, black=2, yellow=1, blue=0)
    give(g, 1, black=1, yellow=1, blue=2)
    return g


def test_a_hand_computed_final_score() -> None:
    """WF-END-12: the total is the sum of the categories and the highest total wins.
    Seat 1: City 4 (board, L01, L09, Special City) 5 VP; Vista 2 (L20, L21) 2; Harbour 2
    (board, W05) 2; Open Water 1 (W26) 0 -> 9; unique sets min(4, 2, 2, 1) = 1 -> 5; Capital Sky
    min(3 tiles, 2 Townsfolk) = 2, City Light 4, Sun alone 3 -> 9; City Light doubled by the
    met 6-Silver goal -> 4; caravan 1 + 1 + 3 = 5; Black majority 3 (Yellow tied, Blue seat 2)
    -> 35. Seat 2: a fresh board (City 1, Harbour 1: 0; Capital Sky min(0, 1) = 0) and the Blue
    majority -> 3."""
    g = _hand_position()
    assert g.score_breakdown()[0] == {"primary tags": 9, "unique sets": 5, "space cards": 9,
                                      "inspiration": 4, "caravan": 5, "guilds": 3}
    assert g.scores() == [35, 3]
    assert winners(state(g)) == [0]


def test_ties_break_on_black_then_yellow_then_blue_then_share() -> None:
    """WF-END-13: equal totals are broken by most Black Influence, then Yellow, then Blue;
    players still tied share the victory."""
    def tied(a: tuple[int, int, int], b: tuple[int, int, int]) -> list[int]:
        g = new(3, seed=1)
        give(g, 0, black=a[0], yellow=a[1], blue=a[2])
        give(g, 1, black=b[0], yellow=b[1], blue=b[2])
        give(g, 2, black=0, yellow=0, blue=0)
        assert g.scores()[0] == g.scores()[1]
        return winners(state(g))
    # Each pair ties on the majorities too: neither has a single lead worth VP alone.
    assert tied((2, 1, 0), (1, 2, 0)) == [0]  # 3 VP each: Black decides
    g = new(2, seed=1)
    give(g, 0, black=1, yellow=3, blue=1)
    give(g, 1, black=1, yellow=1, blue=3)
    assert g.scores()[0] == g.scores()[1] and winners(state(g)) == [0]  # Yellow decides
    g = new(2, seed=1)
    give(g, 0, black=0, yellow=0, blue=2)  # the Blue majority: 3 VP
    give(g, 1, black=0, yellow=0, blue=1)
    place_tile(g, 1, "space-updown", 2, 1)  # 3 VP (and a tile for the Capital Sky: 1)
    place_tile(g, 0, "water-ship", 2, 2)  # 0 VP (a tile for the Capital Sky: 1)
    assert g.scores()[0] == g.scores()[1] and winners(state(g)) == [0]  # Blue decides
    g = new(2, seed=1)
    give(g, 0, black=1, yellow=1, blue=1)
    give(g, 1, black=1, yellow=1, blue=1)
    assert winners(state(g)) == [0, 1]


def test_remembered_space_and_inspiration_vp_are_the_formulas_own() -> None:
    """WF-END-07, WF-END-08: the Space and Inspiration VP the bots' scoring remembers
    (``Components.space_memo``) are what the cards' formulas give, position by position of
    greedy games in which Space cards and goals were held, whatever the memo held before."""
    import random

    from upriver.agents.greedy import GreedyAgent
    from upriver.games.wayfarers import scoring

    held = 0
    for seed in (1, 5):
        g = new(2, seed=seed)
        bots = [GreedyAgent(seed), GreedyAgent(seed + 1)]
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_move
            assert seat is not None
            g.play(bots[seat].choose(g))
            if rng.random() < 0.2:
                st = state(g)
                warm = scoring.breakdown(st)
                st.cfg.comp.space_memo.clear()
                assert scoring.breakdown(st) == warm
                held += sum(1 for c in st.above if c >= 0)
        assert len(state(g).cfg.comp.space_memo) <= scoring.MEMO_SIZE
    assert held > 0  # the games did hold Space cards
