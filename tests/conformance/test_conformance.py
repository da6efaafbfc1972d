"""The conformance suite: the public contract of docs/interface.md, checked on every registered
game, option set and player count by random play.

Every test runs on every configuration in both tiers; the counted ones (``tiered``) play their
first games in the default tier and the rest in the deep tier (tests/tiers.py)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import upriver
from tests.conformance.configs import configurations, default_configurations
from tests.tiers import share
from upriver.core.game import Game
from upriver.core.registry import rules_for

GAMES_PER_CONFIG = 1000
MAX_DECISIONS = 20_000  # a bound on every game loop; no game comes close


def random_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> Game:
    return upriver.new_game(game_id, players=players, seed=seed, **options)


def play_out(game: Game, rng: random.Random, limit: int = MAX_DECISIONS) -> int:
    n = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, "no legal action while the game is not over"
        game.play(rng.choice(actions))
        n += 1
        assert n < limit, "game did not end"
    return n


def checkpoints(game: Game, rng: random.Random, count: int) -> list[Game]:
    """Clones of ``game`` at ``count`` random points of one random playthrough."""
    probe = game.clone()
    length = play_out(probe, random.Random(rng.random()))
    marks = sorted(rng.sample(range(length), min(count, length)))
    out: list[Game] = []
    g = game.clone()
    history = probe.history
    for i, (_, action) in enumerate(history):
        if marks and i == marks[0]:
            out.append(g.clone())
            marks.pop(0)
        g.play(action)
    return out


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_random_games_run_to_the_end(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Every configuration: 1,000 random games end, with scores, a breakdown that adds up, and
    winners among the seats with the best score (each game's tie rule picks among them), or
    none only when an automated opponent (solo) scored at least as much as every seat."""
    for seed in share(range(GAMES_PER_CONFIG), default=20):
        g = random_game(game_id, players, options, seed)
        play_out(g, random.Random(seed))
        assert g.to_move is None and g.legal_actions() == []
        scores = g.scores()
        assert len(scores) == players
        assert [sum(b.values()) for b in g.score_breakdown()] == scores
        best = max(scores)
        winners = g.winners()
        assert set(winners) <= {s for s in range(players) if scores[s] == best}
        if not winners:
            assert any(o["score"] >= best for o in g.opponents())


@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_options_handed_on_by_a_decision_equal_a_fresh_listing(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """A game's ``apply`` may hand back the next decision's options it had to build anyway
    (Wayfarers does, for a bundle it settled): they must be exactly what ``legal`` lists."""
    for seed in range(3):
        g = random_game(game_id, players, options, seed)
        rng = random.Random(seed)
        while not g.is_over:
            texts, moves = g._legal_pair()
            assert (texts, moves) == g.rules.legal(g.state)
            g.play(rng.choice(texts))


@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_each_legal_action_is_a_distinct_text_and_play_nth_plays_it(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """A decision is named by its text, so no two legal actions share one (a replay plays
    texts); ``play_nth(i)`` is ``play(legal_actions()[i])``."""
    for seed in range(3):
        g = random_game(game_id, players, options, seed)
        twin = g.clone()
        rng = random.Random(seed)
        while not g.is_over:
            actions = g.legal_actions()
            assert len(set(actions)) == len(actions), sorted(actions)
            i = rng.randrange(len(actions))
            assert twin.legal_count() == len(actions)
            g.play(actions[i])
            twin.play_nth(i)
            assert twin.history == g.history
        assert twin.to_json() == g.to_json()
        with pytest.raises(upriver.IllegalAction):
            twin.play_nth(0)


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_components_are_conserved(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Nothing is created or lost: every component is counted somewhere after every decision."""
    rules: Any = rules_for(game_id)
    if not hasattr(rules, "component_totals"):
        pytest.skip(f"{game_id} declares no component totals")
    for seed in share(range(20), default=3):
        g = random_game(game_id, players, options, seed)
        start = rules.component_totals(g.state)
        rng = random.Random(seed)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            assert rules.component_totals(g.state) == start, g.history[-1]


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_same_seed_and_decisions_give_the_same_game(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Randomness lives in the state: same seed and same decisions give the same to_json."""
    for seed in range(10):
        a = random_game(game_id, players, options, seed)
        b = random_game(game_id, players, options, seed)
        assert a.to_json() == b.to_json()
        rng = random.Random(seed)
        while not a.is_over:
            action = rng.choice(a.legal_actions())
            assert action in b.legal_actions()
            a.play(action)
            b.play(action)
        assert a.to_json() == b.to_json()
        assert a.history == b.history


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_different_seeds_give_different_games(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The seed matters: set-ups from different seeds differ."""
    views = {json.dumps(random_game(game_id, players, options, s).view(0)) for s in range(10)}
    assert len(views) > 1


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_save_and_load_resume_identically(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """A game saved at a random point and loaded again has the same views, legal actions and
    future for the same decisions."""
    for seed in share(range(10), default=3):
        rng = random.Random(players * 100 + seed)
        for g in checkpoints(random_game(game_id, players, options, seed), rng, 3):
            loaded = upriver.load_game(g.to_json())
            assert loaded.to_json() == g.to_json()
            assert loaded.history == g.history
            for seat in [None, *range(players)]:
                assert loaded.view(seat) == g.view(seat)
            assert loaded.legal_actions() == g.legal_actions()
            choices = random.Random(seed)
            while not g.is_over:
                action = choices.choice(g.legal_actions())
                assert loaded.legal_actions() == g.legal_actions()
                g.play(action)
                loaded.play(action)
            assert loaded.to_json() == g.to_json()


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_clones_are_independent(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Playing on a clone never changes the original, and the other way round."""
    for seed in share(range(10), default=3):
        rng = random.Random(700 + seed)
        for g in checkpoints(random_game(game_id, players, options, seed), rng, 3):
            before = g.to_json()
            twin = g.clone()
            assert twin.to_json() == before
            play_out(twin, random.Random(seed))
            assert g.to_json() == before
            again = g.clone()
            play_out(g, random.Random(seed + 1))
            assert again.to_json() == before


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_a_state_copy_copies_every_field_it_lists(game_id: str, players: int,
                                                 options: dict[str, Any]) -> None:
    """Each game's ``State.copy`` spells its fields out; it makes what the field lists make
    (``copy_by_name``): every field, each list a new list (nested ones down to the inner
    lists), the shared and copy-on-write fields and the config the same objects, and the same
    random stream."""
    rng = random.Random(11)
    for g in checkpoints(random_game(game_id, players, options, 3), rng, 4):
        st = g.state
        twin, reference = st.copy(), st.copy_by_name()
        assert type(twin) is type(st)
        assert twin.to_dict() == reference.to_dict() == st.to_dict()
        assert twin.cfg is st.cfg and twin.rng is not st.rng
        assert twin.rng.next64() == st.rng.copy().next64()
        for name in st.list_fields:
            assert getattr(twin, name) is not getattr(st, name), name
        for name in st.cow_fields:  # shared until one of them writes (tests/wayfarers)
            assert getattr(twin, name) is getattr(st, name), name
        for name in st.nested_fields:
            assert all(a is not b for a, b in zip(getattr(twin, name), getattr(st, name),
                                                  strict=True)), name
        for name in st.shared_fields:
            assert getattr(twin, name) is getattr(st, name), name


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_illegal_actions_are_rejected_and_change_nothing(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """An action not in legal_actions() raises IllegalAction (a ValueError) naming it, and the
    game is exactly as it was."""
    for seed in share(range(5), default=2):
        rng = random.Random(300 + seed)
        g = random_game(game_id, players, options, seed)
        seen: set[str] = set()
        for point in checkpoints(g, rng, 10):
            seen.update(point.legal_actions())
        for point in checkpoints(g, rng, 10):
            before = point.to_json()
            legal = set(point.legal_actions())
            for bad in [*sorted(seen - legal)[:20], "", "nonsense", "pass pass", "\u00e9"]:
                with pytest.raises(upriver.IllegalAction) as err:
                    point.play(bad)
                assert isinstance(err.value, ValueError)
                assert repr(bad) in str(err.value)
                assert point.to_json() == before
        play_out(g, random.Random(seed))
        with pytest.raises(upriver.IllegalAction):
            g.play("anything")


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_a_refusal_says_why_in_one_line(game_id: str, players: int,
                                        options: dict[str, Any]) -> None:
    """Issue 29: a text that names no move of the game says so; a move of the game that is
    not legal now is refused as such, with the rule that forbids it where the game knows it
    (``Rules.refusal``) and otherwise what the seat to move may choose; every refusal is one
    line naming the text, and ``why_not`` gives the same words without playing."""
    name = upriver.game_info(game_id)["name"]
    catalogue = rules_for(game_id).action_catalogue()
    rng = random.Random(4)
    g = random_game(game_id, players, options, 4)
    refused = 0
    for point in checkpoints(g, rng, 6):
        legal = set(point.legal_actions())
        for bad in ("nonsense", "", "pass pass", "\u00e9"):
            assert f"{bad!r} names no move of {name}" in point.why_not(bad)
        moves = [text for text in rng.sample(catalogue, 200) if text not in legal][:20]
        for bad in moves:
            with pytest.raises(upriver.IllegalAction) as err:
                point.play(bad)
            said = str(err.value)
            assert said == point.why_not(bad) and "\n" not in said
            assert said.startswith(f"{bad!r} is not legal now")
            refused += 1
    assert refused >= 60


def hidden_parts(g: Game) -> dict[str, Any]:
    """The whole state but the random stream (which determinize always replaces)."""
    state = json.loads(g.to_json())["state"]
    state.pop("rng", None)
    return dict(state)


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_determinize_keeps_the_seats_view_and_resamples_the_rest(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """determinize(s, x) leaves view(s) and the public view unchanged, and does change what s
    cannot see (another seat's view, or a hidden order such as a draw pile's, differs for some
    seed)."""
    changed = 0
    for seed in share(range(5), default=2):
        rng = random.Random(1100 + seed)
        for g in checkpoints(random_game(game_id, players, options, seed), rng, 4):
            before = g.to_json()
            for seat in range(players):
                views_of_others = []
                for x in range(4):
                    d = g.determinize(seat, x)
                    assert d.view(seat) == g.view(seat)
                    assert d.view(None) == g.view(None)
                    if g.to_move == seat:
                        assert d.legal_actions() == g.legal_actions()
                    views_of_others.append(
                        [d.view(o) != g.view(o) for o in range(players) if o != seat]
                        + [hidden_parts(d) != hidden_parts(g)]
                    )
                    if not d.is_over:
                        play_out(d, random.Random(x))
                changed += any(any(v) for v in views_of_others)
            assert g.to_json() == before
    assert changed > 0, "determinize never changed any hidden information"


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_determinize_depends_only_on_what_the_seat_sees(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Two games that look the same to seat s give the same determinisation for the same seed,
    so search bots cannot be steered by information they were not allowed to see."""
    rng = random.Random(5)
    for seed in range(4):
        for g in checkpoints(random_game(game_id, players, options, seed), rng, 3):
            for seat in range(players):
                other = g.determinize(seat, 99)  # same view for seat, other hidden information
                assert other.view(seat) == g.view(seat)
                assert g.determinize(seat, 7).to_json() == other.determinize(seat, 7).to_json()


@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_the_evaluation_reads_only_what_each_seat_may_know(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Judging every seat at once on a copy determinised for seat m (as MCTS does) depends
    only on what m sees: a game that looks the same to m gives the same values for the same
    seed. It gives m the value m gets alone, and on the real game each seat is judged in a
    world of its own."""
    rng = random.Random(17)
    judged = 0
    for seed in range(4):
        for g in checkpoints(random_game(game_id, players, options, seed), rng, 4):
            assert g.evaluations() == [g.evaluate(s) for s in range(players)]
            for seat in range(players):
                lookalike = g.determinize(seat, 99)  # the same to seat, hidden parts differ
                world = g.determinize(seat, 5)
                values = world.evaluations()
                assert values == lookalike.determinize(seat, 5).evaluations()
                assert values[seat] == world.evaluate(seat)
                assert len(values) == players
                judged += 1
    assert judged >= 10


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_views_are_json_and_legal_actions_only_for_the_seat_to_move(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Views are JSON-serialisable; the decision list appears only in the view of the seat to
    move; to_move is None exactly when the game is over. Each seat's log is the history, except
    that other seats' decisions of a simultaneous step under way show as one secret line per
    seat; at the end every log is the whole history. Every decision of a game is looked at,
    in four shares (every fourth decision from the first, from the second...): the default
    tier looks at the first."""
    for phase in share(range(4), default=1):
        _views_and_logs(game_id, players, options, phase, 4)


def _views_and_logs(game_id: str, players: int, options: dict[str, Any], phase: int,
                    phases: int) -> None:
    """One share of the test above: the decisions whose number is ``phase`` modulo ``phases``,
    and the end."""
    g = random_game(game_id, players, options, 1)
    rng = random.Random(1)
    while True:
        looked_at = [None, *range(players)]
        if not g.is_over and len(g.history) % phases != phase:
            looked_at = []
        for seat in looked_at:
            v = g.view(seat)
            assert json.loads(json.dumps(v)) == v
            if seat is not None and seat == g.to_move:
                assert v.get("legal_actions") == g.legal_actions()
            else:
                assert "legal_actions" not in v
            check_log(g, seat)
        if g.is_over:
            assert g.to_move is None
            break
        assert g.to_move is not None and 0 <= g.to_move < players
        g.play(rng.choice(g.legal_actions()))


def _positions(a: dict[str, Any], b: dict[str, Any]) -> tuple[set[Any], set[str]]:
    """Where two saved states differ: (field, index...) for each element or scalar, and the
    fields whose length differs."""
    out: set[Any] = set()
    resized: set[str] = set()
    for name, x in a.items():
        y = b[name]
        if isinstance(x, list):
            if len(x) != len(y):
                resized.add(name)
            for i, (u, v) in enumerate(zip(x, y, strict=False)):
                if isinstance(u, list):
                    if len(u) != len(v):
                        resized.add(name)
                    out.update((name, i, j) for j, (p, q) in enumerate(zip(u, v, strict=False))
                               if p != q)
                elif u != v:
                    out.add((name, i))
        elif x != y:
            out.add((name,))
    return out, resized


@pytest.mark.tiered
@pytest.mark.parametrize(("game_id", "players", "options"), default_configurations())
def test_a_decision_that_changes_nothing_hidden_from_its_seat_turned_up_nothing(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The game says whether a decision turned up something hidden (``hidden_from`` changed):
    undo is offered only when it did not. Checked against determinisation: no decision the game
    calls harmless changes any part of the state that a determinised copy for that seat
    resamples (draw piles, the random stream, other hands...). Both kinds occur."""
    rules: Any = rules_for(game_id)
    harmless = final = 0
    for seed in share(range(3), default=1):
        g = random_game(game_id, players, options, seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_move
            assert seat is not None
            before = g.clone()
            g.play(rng.choice(g.legal_actions()))
            if before.hidden_from(seat) != g.hidden_from(seat):
                final += 1
                continue
            harmless += 1
            was = rules.state_to_dict(before.state)
            changed, resized = _positions(was, rules.state_to_dict(g.state))
            resampled: set[Any] = set()
            for x in range(6):
                d = rules.state_to_dict(before.determinize(seat, x).state)
                positions, _ = _positions(was, d)
                resampled |= positions
            touched = {p[0] for p in resampled}
            assert not changed & resampled, (g.history[-1], changed & resampled)
            assert not resized & touched, (g.history[-1], resized & touched)
    assert harmless and final


def check_log(g: Game, seat: int | None) -> None:
    log = g.log(seat)
    history = g.history
    secret = g.rules.secret_text
    j = 0
    for s, action in log:
        if action == secret and s != seat:
            start = j
            while j < len(history) and history[j][0] == s and history[j][1] != secret:
                j += 1
            assert j > start, "a secret line stands for no decision"
        else:
            assert history[j] == (s, action)
            j += 1
    assert j == len(history)
    if g.is_over:
        assert log == history


@pytest.mark.parametrize("game_id", upriver.games())
def test_bad_requests_give_clear_errors(game_id: str) -> None:
    """Unknown games, options, values and player counts are refused with a one-line error."""
    info = upriver.game_info(game_id)
    with pytest.raises(upriver.BadOption):
        upriver.new_game("no-such-game", players=info["players"][0])
    with pytest.raises(upriver.BadOption):
        upriver.new_game(game_id, players=max(info["players"]) + 1)
    with pytest.raises(upriver.BadOption):
        upriver.new_game(game_id, players=info["players"][0], no_such_option=1)
    for name, spec in info["options"].items():
        if spec["choices"]:
            with pytest.raises(upriver.BadOption) as err:
                upriver.new_game(game_id, players=info["players"][0], **{name: "surely-not"})
            assert "\n" not in str(err.value)
    with pytest.raises(upriver.BadPosition):
        upriver.load_game("{not json")


@pytest.mark.parametrize(("game_id", "players", "options"), configurations())
def test_a_review_judges_a_decision_from_its_seats_knowledge_only(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Game review (issue 17): a decision judged in a position, and in the same position with
    its hidden parts swapped for another deal the deciding seat cannot tell apart, gets the same
    judgement for the same seed; the game judged is left as it was."""
    from upriver.review import judge

    rng = random.Random(5)
    for g in checkpoints(random_game(game_id, players, options, 2), rng, 2):
        seat = g.to_move
        if seat is None or g.legal_count() < 2:
            continue
        before = g.to_json()
        swapped = g.determinize(seat, 777)
        swapped._observer = None  # passes for a real game
        taken = rng.choice(g.legal_actions())
        assert judge(g, taken, seed=3, iters=12) == judge(swapped, taken, seed=3, iters=12)
        assert g.to_json() == before
