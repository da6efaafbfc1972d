"""Game options and bot parameters are checked as a whole, with types and ranges, wherever they
enter: ``new_game``, positions, save files, the command line (the web API is in
``tests/server/test_requests.py``)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import upriver
from tests.tiers import count
from upriver.agents import PARAMS, make_agent, parse_spec
from upriver.cli import cli
from upriver.core.options import Option, check_options, shown

CONTRADICTIONS = [
    ({"family": True, "extra_pearl_may_swap": False},
     "family=true needs edition=2022, but extra_pearl_may_swap=false needs edition=current"),
    ({"lake_first": False, "per_fairy_tie_rule": True},
     "lake_first=false needs edition=2022, but per_fairy_tie_rule=true needs edition=current"),
    ({"village_cards": "right", "per_fairy_tie_rule": True},
     "village_cards=right needs edition=2022, but per_fairy_tie_rule=true needs edition=current"),
    ({"stack_river_fairies": True, "stack_extra_pearl_effects": False},
     "stack_extra_pearl_effects=false needs edition=current, but stack_river_fairies=true "
     "needs edition=2022"),
]


@pytest.mark.parametrize(("options", "message"), CONTRADICTIONS)
def test_options_needing_different_editions_are_refused_naming_both(
        options: dict[str, Any], message: str) -> None:
    """Implied requirements are resolved together: two options that need different values of
    the same option are refused with one line naming both, through ``new_game``."""
    with pytest.raises(upriver.BadOption) as err:
        upriver.new_game("twelve-rivers", players=3, **options)
    assert str(err.value) == message


@pytest.mark.parametrize(("options", "message"), CONTRADICTIONS)
def test_contradictory_options_in_a_position_are_refused(
        options: dict[str, Any], message: str) -> None:
    """The same check guards positions: the ``[options]`` table of a position text."""
    table = "\n".join(f"{k} = {json.dumps(v)}" for k, v in options.items())
    with pytest.raises(upriver.BadPosition) as err:
        upriver.from_position("twelve-rivers", f"players = 3\n[options]\n{table}\n")
    assert str(err.value) == message


def test_contradictory_options_in_a_save_file_are_refused() -> None:
    """A save file whose options contradict each other does not load."""
    data = json.loads(upriver.new_game("twelve-rivers", players=3).to_json())
    data["options"].update(family=True, extra_pearl_may_swap=False)
    with pytest.raises(upriver.BadOption, match="family=true needs edition=2022, but "):
        upriver.load_game(json.dumps(data))


def test_contradictory_options_on_the_command_line_are_one_line_errors() -> None:
    result = CliRunner().invoke(cli, ["play", "twelve-rivers", "--players", "random,random",
                                      "--option", "family=true",
                                      "--option", "extra_pearl_may_swap=false"])
    assert result.exit_code != 0
    assert result.stderr.strip() == (
        "Error: family=true needs edition=2022, but extra_pearl_may_swap=false needs "
        "edition=current")


def test_an_option_given_alone_sets_what_it_needs_and_a_given_value_against_it_is_refused(
) -> None:
    g = upriver.new_game("twelve-rivers", players=2, family=True)
    assert g.options["edition"] == "2022"
    with pytest.raises(upriver.BadOption) as err:
        upriver.new_game("twelve-rivers", players=2, family=True, edition="current")
    assert str(err.value) == "family=true needs edition=2022, not edition=current"


@pytest.mark.parametrize(("value", "expected"), [
    (True, True), (False, False), (1, True), (0, False), ("true", True), ("YES", True),
    (" on ", True), ("1", True), ("false", False), ("no", False), ("off", False), ("0", False),
])
def test_a_true_false_option_stores_a_real_boolean(value: Any, expected: bool) -> None:
    """``family=1`` is read as true and stored as ``True``, never as the integer 1."""
    g = upriver.new_game("twelve-rivers", players=2, family=value)
    assert g.options["family"] is expected


@pytest.mark.parametrize("value", [2, -1, 1.0, "maybe", "", None, [True]])
def test_a_true_false_option_refuses_anything_else(value: Any) -> None:
    with pytest.raises(upriver.BadOption) as err:
        upriver.new_game("twelve-rivers", players=2, family=value)
    assert str(err.value) == f"option family must be true or false, not {shown(value)}"


def test_an_edition_given_as_a_number_is_read_as_text() -> None:
    g = upriver.new_game("twelve-rivers", players=2, edition=2022)
    assert g.options["edition"] == "2022"
    assert g.view(0)["edition"] == "2022"


@pytest.mark.parametrize(("value", "stored"), [(1, 1), ("7", 7), (1000, 1000), (12.0, 12)])
def test_round_limit_accepts_whole_numbers_in_its_range(value: Any, stored: int) -> None:
    g = upriver.new_game("the-river", players=2, round_limit=value)
    assert g.options["round_limit"] == stored


@pytest.mark.parametrize("value", [0, -3, 1001, "0", "ten", 2.5, True, "1e3"])
def test_round_limit_is_at_least_one(value: Any) -> None:
    """The River's ``round_limit`` is a whole number from 1 to 1000; out of range is one line
    that prints the value as typed."""
    with pytest.raises(upriver.BadOption) as err:
        upriver.new_game("the-river", players=2, round_limit=value)
    assert str(err.value) == (
        f"option round_limit must be a whole number from 1 to 1000, not {shown(value)}")


def test_choices_are_matched_ignoring_case_and_stored_as_declared() -> None:
    g = upriver.new_game("the-river", players=2, resource_points=" 1 PER Resource ")
    assert g.options["resource_points"] == "1 per resource"
    with pytest.raises(upriver.BadOption) as err:
        upriver.new_game("the-river", players=2, resource_points="2 per")
    assert str(err.value) == ('option resource_points must be one of none, "1 per resource", '
                              '"1 per 3 resources", not "2 per"')


def test_options_that_are_not_a_table_are_refused() -> None:
    with pytest.raises(upriver.BadPosition, match="options must be a table"):
        upriver.from_position("the-river", "players = 2\noptions = 5\n")


def test_messages_print_values_as_a_person_types_them() -> None:
    assert [shown(v) for v in (True, False, 2022, "2022", "a b", "", 2.5, None)] == [
        "true", "false", "2022", "2022", '"a b"', '""', "2.5", "null"]


def test_every_option_and_bot_parameter_is_listed_with_its_range() -> None:
    """``upriver games`` lists every option of every game with its allowed values, and every
    bot parameter with its range."""
    out = CliRunner().invoke(cli, ["games"]).output
    for game_id in upriver.games():
        for name, opt in upriver.game_info(game_id)["options"].items():
            assert f"    {name}  default " in out
            assert opt["allowed"] in out
    assert "round_limit  default 50; a whole number from 1 to 1000" in out
    for agent, params in PARAMS.items():
        for key, param in params.items():
            assert f"    {key}  {param.describe()}: {param.help}" in out, (agent, key)
    assert "secs  a number above 0 and at most 3600" in out


@pytest.mark.parametrize(("spec", "message"), [
    ("mcts:secs=100000", "agent mcts: secs must be a number above 0 and at most 3600, not 100000"),
    ("mcts:secs=inf", "agent mcts: secs must be a number above 0 and at most 3600, not inf"),
    ("mcts:secs=0", "agent mcts: secs must be a number above 0 and at most 3600, not 0"),
    ("mcts:iters=0", "agent mcts: iters must be a whole number from 1 to 10000000, not 0"),
    ("mcts:iters=-5", "agent mcts: iters must be a whole number from 1 to 10000000, not -5"),
    ("mcts:iters=2.5", "agent mcts: iters must be a whole number from 1 to 10000000, not 2.5"),
    ("mcts:c=nan", "agent mcts: c must be a number from 0 to 100, not nan"),
    ("mcts:playout=nosuch", "agent mcts: playout must be one of random, greedy, not nosuch"),
    ("mcts:depth=-1", "agent mcts: depth must be a whole number from 0 to 100000, not -1"),
    ("mcts:iters=5:iters=6", "agent mcts: iters is given twice"),
])
def test_bot_parameters_have_ranges(spec: str, message: str) -> None:
    """MCTS ``iters`` and ``secs`` are positive, and every parameter has a range; out of range
    is a one-line ``BadOption`` from ``make_agent`` and from the command line."""
    with pytest.raises(upriver.BadOption) as err:
        make_agent(spec, 0)
    assert str(err.value) == message
    result = CliRunner().invoke(cli, ["play", "the-river", "--players", f"random,{spec}"])
    assert result.exit_code != 0 and message in result.stderr


def test_bot_parameters_in_range_are_read_into_their_types() -> None:
    assert parse_spec("mcts:secs=0.5:c=1:depth=0:playout=greedy") == (
        "mcts", {"secs": 0.5, "c": 1.0, "depth": 0, "playout": "greedy", "iters": 0})


def test_an_option_declares_a_range_only_for_whole_numbers() -> None:
    with pytest.raises(ValueError):
        Option("x", minimum=1)
    with pytest.raises(ValueError):
        Option("x", ("a", "b"))  # a default outside its own choices


# ---------------------------------------------------------------- the property


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 3000), st.floats(allow_nan=True),
                 st.sampled_from(["", "true", "false", "1", "0", "yes", "2022", "current",
                                  "left", "right", "refill", "both", "neither", "none",
                                  "1 per resource", "x"]),
                 st.text(max_size=5), st.lists(st.integers(), max_size=2))


@st.composite
def option_dicts(draw: st.DrawFn, game_id: str) -> dict[str, Any]:
    """Any subset of the game's options, each with one of its own values or something else,
    sometimes with an option the game does not have."""
    info = upriver.game_info(game_id)["options"]
    out: dict[str, Any] = {}
    for name in draw(st.lists(st.sampled_from(sorted(info)), unique=True, max_size=6)):
        if name == "components":
            out[name] = ""  # a file path: other tests cover component files
            continue
        own = info[name]["choices"] or [info[name]["default"], 1, 1000]
        out[name] = draw(st.one_of(st.sampled_from(own), JUNK))
    if draw(st.integers(0, 9)) == 0:
        out["no_such_option"] = True
    return out


def _satisfied(game_id: str, options: dict[str, Any]) -> None:
    """Every value has its option's type and allowed range, and every non-default value has
    what it needs."""
    rules = upriver.game_info(game_id)["options"]
    assert set(options) == set(rules)
    for name, spec in rules.items():
        value = options[name]
        assert type(value) is type(spec["default"]), (name, value)
        if spec["choices"]:
            assert value in spec["choices"]
        if "minimum" in spec:
            assert spec["minimum"] <= value <= spec["maximum"]
        if value != spec["default"]:
            for other, needed in spec["requires"].items():
                assert options[other] == needed, (name, value, other)


@pytest.mark.parametrize("game_id", upriver.games())
@pytest.mark.tiered
@settings(max_examples=count(300, default=60), deadline=None)
@given(data=st.data())
def test_any_option_dictionary_is_refused_or_gives_a_game_meeting_every_requirement(
        game_id: str, data: st.DataObject) -> None:
    """Random option dictionaries: each is refused with a one-line ``BadOption`` or gives a game
    whose options all have their own type and range and meet every requirement."""
    options = data.draw(option_dicts(game_id))
    try:
        g = upriver.new_game(game_id, players=upriver.game_info(game_id)["players"][0],
                             **options)
    except upriver.BadOption as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    _satisfied(game_id, g.options)
    for name, value in options.items():  # what was given is kept, read into its type
        assert g.options[name] == g.rules.options[name].parse(name, value)
    assert check_options(game_id, g.rules.options, g.options) == g.options


@pytest.mark.parametrize("players", [2, 3, 4])
def test_an_option_for_other_player_counts_is_refused_in_one_line(players: int) -> None:
    """Wayfarers' AI board is for solo: with 2-4 players a chosen board is refused, naming the
    option and the counts it is for; its default passes; at 1 player every board is taken."""
    with pytest.raises(upriver.BadOption, match=r"^ai_board=mayor is for 1 player, not "):
        upriver.new_game("wayfarers", players=players, ai_board="mayor")
    upriver.new_game("wayfarers", players=players, ai_board="random")
    for board in ("stargazer", "inventor", "mayor", "wayfarer"):
        g = upriver.new_game("wayfarers", players=1, ai_board=board)
        assert g.opponents()[0]["name"] == board.title()
    assert upriver.game_info("wayfarers")["options"]["ai_board"]["players"] == [1]


def test_an_option_for_other_player_counts_is_refused_on_the_command_line() -> None:
    result = CliRunner().invoke(cli, ["play", "wayfarers", "--players", "random,random",
                                      "--option", "ai_board=mayor"])
    assert result.exit_code != 0
    assert "ai_board=mayor is for 1 player, not 2" in result.output
