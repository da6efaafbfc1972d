"""The bots' judgement of a 12 Rivers position (``evaluation``): not a rule of the game, but what
the greedy bot and search rely on, so its parts are checked on built positions."""

from __future__ import annotations

import random

import upriver
from upriver.games.twelve_rivers import evaluation, scoring
from upriver.games.twelve_rivers.state import State


def _fresh(players: int = 3, seed: int = 1) -> State:
    g = upriver.new_game("twelve-rivers", players=players, seed=seed)
    st: State = g.state
    st.occ[:] = [-1] * len(st.occ)
    return st


def test_markers_further_up_take_the_best_pearls_of_their_rivers_first() -> None:
    """Stretch R2-1P (rivers 1 and 2, two spaces) and R3-1 below it (rivers 1 to 3): the top
    marker of R2-1P expects the better of the two pearls above the dam, the next marker the
    other, and a marker on R3-1 only what is left of its rivers (river 3's pearl); once every
    pearl of a marker's rivers is promised higher up, it expects nothing."""
    st = _fresh()
    comp = st.cfg.comp
    points = comp.pearl_points
    upper = comp.stretch_ids.index("R2-1P")
    lower = comp.stretch_ids.index("R3-1")
    assert comp.stretch_rivers[upper] == {1, 2} and comp.stretch_rivers[lower] == {1, 2, 3}
    by_points = sorted(range(5), key=lambda c: points[c])
    st.rivers[:] = [-1] * len(st.rivers)
    st.rivers[0], st.rivers[1], st.rivers[2] = by_points[4], by_points[2], by_points[0]
    top, second = comp.stretch_spaces[upper]
    st.occ[top], st.occ[second] = 0, 1
    st.occ[comp.stretch_spaces[lower][0]] = 2
    assert evaluation._marker_promises(st) == [points[by_points[4]], points[by_points[2]],
                                               points[by_points[0]]]
    st.rivers[2] = -1  # river 3 runs dry: the marker on R3-1 has nothing left to expect
    assert evaluation._marker_promises(st)[2] == 0.0
    st.occ[top] = -1  # the second marker of R2-1P now comes first
    assert evaluation._marker_promises(st)[1:] == [points[by_points[4]], points[by_points[2]]]


def test_village_markers_promise_a_markaya_each_while_the_display_lasts() -> None:
    """Village markers are served left to right: each one still in front of a Markaya of the
    display promises one; the sea marker promises a share of the sea."""
    st = _fresh()
    comp = st.cfg.comp
    st.occ[comp.village[0]] = 1
    st.occ[comp.village[1]] = 2
    st.mk_display[:] = st.mk_display[:1]
    st.sea[:] = [0, 0, 0, 0, 0]
    promised = evaluation._placement_promises(st)
    assert promised == [0.0, evaluation.VILLAGE_PROMISE, 0.0]
    st.occ[comp.sea] = 0
    st.sea[:] = [2, 0, 0, 0, 1]
    expected = evaluation.SEA_SHARE * (2 * comp.pearl_points[0] + comp.pearl_points[4])
    assert evaluation._placement_promises(st)[0] == expected


def test_every_seat_is_judged_against_the_best_other_seat() -> None:
    """``evaluate_all`` gives each seat its value minus the best other seat's: in two-player
    positions the two values are opposite, and a finished game adds 100 for the winner."""
    rng = random.Random(3)
    for seed in range(6):
        g = upriver.new_game("twelve-rivers", players=2, seed=seed)
        for _ in range(rng.randrange(5, 150)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_actions()))
        values = evaluation.evaluate_all(g.state)
        assert [evaluation.evaluate(g.state, s) for s in range(2)] == values
        if not g.is_over:
            assert values[0] == -values[1]
    g = upriver.new_game("twelve-rivers", players=2, seed=9)
    while not g.is_over:
        g.play(rng.choice(g.legal_actions()))
    score = scoring.scores(g.state)
    values = evaluation.evaluate_all(g.state)
    for s in range(2):
        margin = score[s] - score[1 - s]
        assert values[s] == margin + (100.0 if margin >= 0 else 0.0)


def test_scores_are_the_sums_of_the_breakdown() -> None:
    """The bots' fast totals and the breakdown the score sheet shows come from one tally."""
    rng = random.Random(8)
    for edition in ("current", "2022"):
        g = upriver.new_game("twelve-rivers", players=3, seed=4, edition=edition)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            assert scoring.scores(g.state) == [sum(b.values())
                                               for b in scoring.breakdown(g.state)]
