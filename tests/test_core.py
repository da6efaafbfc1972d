"""The engine core: seeded randomness, options, the registry."""

from __future__ import annotations

import pytest

import upriver
from upriver.core.errors import BadOption
from upriver.core.game import Option
from upriver.core.rng import Rng, derive_seed


def test_rng_is_splitmix64() -> None:
    """The stream matches the published SplitMix64 reference values for seed 0."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_rng_copy_continues_identically_and_independently() -> None:
    a = Rng(42)
    a.next64()
    b = a.copy()
    assert [a.below(1000) for _ in range(20)] == [b.below(1000) for _ in range(20)]
    a.next64()
    assert a.state != b.state


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    items = list(range(30))
    one, two = items[:], items[:]
    Rng(1).shuffle(one)
    Rng(2).shuffle(two)
    assert sorted(one) == items and sorted(two) == items
    assert one != two


def test_weighted_draw_never_picks_an_empty_bin() -> None:
    rng = Rng(3)
    draws = {rng.weighted([0, 5, 0, 1]) for _ in range(200)}
    assert draws == {1, 3}


def test_derived_seeds_differ_from_each_other() -> None:
    assert len({derive_seed(1, s) for s in range(50)}) == 50


def test_boolean_and_integer_options_parse_text() -> None:
    flag = Option(False, (False, True))
    assert flag.parse("flag", "true") is True and flag.parse("flag", "off") is False
    with pytest.raises(BadOption):
        flag.parse("flag", "maybe")
    count = Option(3)
    assert count.parse("count", "7") == 7
    with pytest.raises(BadOption):
        count.parse("count", "seven")


def test_an_option_implies_the_options_it_requires() -> None:
    """family=True alone selects the 2022 edition; contradicting it explicitly is an error."""
    g = upriver.new_game("twelve-rivers", players=2, family=True)
    assert g.options["edition"] == "2022"
    with pytest.raises(BadOption, match="needs edition=2022"):
        upriver.new_game("twelve-rivers", players=2, family=True, edition="current")


def test_game_info_describes_players_and_options() -> None:
    info = upriver.game_info("twelve-rivers")
    assert info["name"] == "12 Rivers"
    assert info["players"] == [2, 3, 4]
    assert info["options"]["edition"]["choices"] == ["current", "2022"]
    assert info["options"]["family"]["requires"] == {"edition": "2022"}


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    g = upriver.new_game("twelve-rivers", players=2)
    with pytest.raises(ValueError):
        g.view(2)
    with pytest.raises(ValueError):
        g.determinize(5, 0)


def test_a_games_refusal_names_the_rule_and_changes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 29: where a game's ``refusals`` module knows why a move is not legal now, the
    refusal is that reason, in one line, and the game is as it was; a game without one (or a
    move it has no reason for) says what the seat to move may choose."""
    g = upriver.new_game("the-river", players=2, seed=1)
    legal = set(g.legal_actions())
    move = next(t for t in g.rules.action_catalogue() if t not in legal)
    before = g.to_json()
    monkeypatch.setattr(g.rules, "refusals", None)
    assert g.why_not(move).startswith(f"{move!r} is not legal now (seat 0 must choose one of")

    class Refusals:
        @staticmethod
        def why_not(st: object, text: str) -> str | None:
            return "the rule says no" if text == move else None

    monkeypatch.setattr(g.rules, "refusals", Refusals)
    with pytest.raises(upriver.IllegalAction, match=r"is not legal now: the rule says no$"):
        g.play(move)
    assert g.to_json() == before
    assert g.why_not(next(iter(legal))).endswith("is legal now")
    assert "names no move of The River" in g.why_not("build a castle")
