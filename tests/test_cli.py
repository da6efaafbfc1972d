"""The command line (``upriver games/play/replay/bench``), the agent registry and the 12 Rivers
text rendering, driven through click's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import upriver
from upriver.agents import make_agent
from upriver.cli import cli
from upriver.games.twelve_rivers.render import text as render

GAME = "twelve-rivers"
LOG_LINE = re.compile(r"^seat (\d) \((\w+)\): (.+)$", re.MULTILINE)

POSITION = """
players = 2
sea = "blue green green"
[spaces]
"R5 space 1" = 1
[[seat]]
hand = "banner banner lantern"
fairies = "fire"
markaya = ["S1: green - -"]
[[seat]]
hand = "instrument supplies"
"""


QUIT = 3  # `upriver play`'s exit status when a person quits (q or end of input)


@pytest.fixture(autouse=True)
def in_tmp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game quit without --save is saved in the current folder: keep that in tmp_path."""
    monkeypatch.chdir(tmp_path)


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=stdin)


def assert_one_line_error(result: Result) -> None:
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("Error: ")
    assert "Traceback" not in result.output


# ---------------------------------------------------------------- games


def test_games_lists_twelve_rivers_with_players_and_options() -> None:
    result = run("games")
    assert result.exit_code == 0
    assert "twelve-rivers: 12 Rivers (players: 2, 3, 4)" in result.output
    assert "stack_extra_pearl_effects  default true; true or false" in result.output


# ---------------------------------------------------------------- play


def test_play_with_bots_only_runs_to_the_end_and_names_the_winners(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run("play", GAME, "--players", "random,random,random", "--seed", "3",
                 "--save", str(save))
    assert result.exit_code == 0, result.output
    record = json.loads(save.read_text())
    final = upriver.load_game(json.dumps(record["final"]))
    assert final.is_over
    # One log line per decision, in the order of the saved history; deliveries show first as
    # one hidden line per seat, and in full once every seat has delivered (TR-DELIV-02).
    secret = final.rules.secret_text
    lines = [(int(s), a) for s, _, a in LOG_LINE.findall(result.output)]
    logged = [line for line in lines if line[1] != secret]
    assert logged == [tuple(x) for x in record["history"]] == final.history
    assert len(lines) > len(logged)
    assert {name for _, name, _ in LOG_LINE.findall(result.output)} == {"random"}
    best = max(final.scores())
    word = "Winner" if len(final.winners()) == 1 else "Winners (shared)"
    winners = ", ".join(f"seat {s} (random)" for s in final.winners())
    assert f"\n{word}: {winners} with {best} points\n" in result.output
    assert re.search(r"^total\s+" + r"\s+".join(map(str, final.scores())) + "$",
                     result.output, re.MULTILINE)


def test_play_is_repeatable_with_the_same_seed() -> None:
    first = run("play", GAME, "--players", "random,random", "--seed", "11")
    second = run("play", GAME, "--players", "random,random", "--seed", "11")
    assert first.exit_code == second.exit_code == 0
    assert first.output == second.output


def test_play_number_spec_means_a_human_and_random_bots() -> None:
    result = run("play", GAME, "--players", "3", "--seed", "1", stdin="q\n")
    assert result.exit_code == QUIT
    assert "seat 0 (human), seat 1 (random), seat 2 (random)" in result.output


def test_play_human_seat_answers_by_number_until_input_ends() -> None:
    """With --confirm every decision is asked, so 8 answers make 8 decisions; the end of
    input quits, saves and says how to resume."""
    result = run("play", GAME, "--players", "human,random", "--seed", "2", "--confirm",
                 stdin="1\n" * 8)
    assert result.exit_code == QUIT, result.output
    humans = [a for s, name, a in LOG_LINE.findall(result.output) if name == "human"]
    assert len(humans) == 8
    assert "Seat 0 (you): score" in result.output  # the human saw their own view
    assert "quit after" in result.output
    assert "resume with: upriver play upriver-twelve-rivers-2.json" in result.output
    assert Path("upriver-twelve-rivers-2.json").is_file()


def seed_where_seat_0_starts(players: int = 2) -> int:
    """The starting Markaya are dealt from the seed: a seed where the person in seat 0 starts."""
    return next(s for s in range(100)
                if upriver.new_game(GAME, players=players, seed=s).to_move == 0)


def test_play_human_bad_input_reprompts_then_q_quits(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    seed = str(seed_where_seat_0_starts())
    result = run("play", GAME, "--players", "human,random", "--seed", seed, "--save", str(save),
                 stdin="xyz\n0\nq\n")
    assert result.exit_code == QUIT
    assert "not a choice: 'xyz'" in result.output
    assert "no choice 0: type 1-" in result.output
    assert f"quit after 0 decisions; saved to {save}" in result.output
    assert json.loads(save.read_text())["history"] == []


def test_play_human_may_type_the_action_text() -> None:
    seed = seed_where_seat_0_starts()
    g = upriver.new_game(GAME, players=2, seed=seed)
    action = g.legal_actions()[-1]
    result = run("play", GAME, "--players", "human,random", "--seed", str(seed),
                 stdin=f"{action}\nq\n")
    assert f"seat 0 (human): {action}\n" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["play", "no-such-game"],
        ["play", GAME, "--option", "no_such_option=1"],
        ["play", GAME, "--option", "stack_extra_pearl_effects=maybe"],
        ["play", GAME, "--option", "novalue"],
        ["play", GAME, "--players", "human,wizard"],
        ["play", GAME, "--players", "human,,random"],
        ["play", GAME, "--players", "random,random,random,random,random"],
        ["play", GAME, "--players", "0"],
        ["play", GAME, "--save", "/dev/null/x.json"],  # a missing folder would be made
        ["play", "/no/such/save.json"],
        ["bench", "no-such-game"],
        ["bench", GAME, "--players", "9"],
        ["replay", "/no/such/file.json"],
    ],
)
def test_errors_a_person_can_cause_end_in_one_line(args: list[str]) -> None:
    assert_one_line_error(run(*args))


def test_replay_of_a_file_that_is_not_a_save_is_a_one_line_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("this is not json")
    assert_one_line_error(run("replay", str(junk)))
    junk.write_text('{"format": "upriver-replay/1", "game": "twelve-rivers"}')
    assert_one_line_error(run("replay", str(junk)))
    junk.write_text('{"hello": 1}')
    assert_one_line_error(run("replay", str(junk)))


def test_play_choices_by_prefix_ambiguity_and_question_mark() -> None:
    """A choice by the start of its words; a prefix that fits several lists them with their
    numbers; `?` lists every choice with what it does."""
    seed = seed_where_seat_0_starts()
    actions = upriver.new_game(GAME, players=2, seed=seed).legal_actions()
    r3 = [a for a in actions if a.startswith("place R3")]
    result = run("play", GAME, "--players", "human,random", "--seed", str(seed),
                 stdin="pla r3\n?\npla vil 3\nq\n")
    assert result.exit_code == QUIT
    assert f"'pla r3' fits {len(r3)} choices: type more, or a number" in result.output
    assert f"  {actions.index(r3[0]) + 1}. {r3[0]}\n" in result.output
    assert "  1. place R1-01 space 1 — put a family marker there; costs 3 supply cards" in (
        result.output)
    assert "seat 0 (human): place village 3\n" in result.output


def test_play_takes_a_single_choice_unless_asked_to_confirm() -> None:
    """In the 2022 edition every payment is "pay camp card": the only choice, taken for the
    person; with --confirm it is asked."""
    seed = next(s for s in range(100) if upriver.new_game(
        GAME, players=2, seed=s, edition="2022").to_move == 0)
    args = ["play", GAME, "--players", "human,random", "--seed", str(seed),
            "--option", "edition=2022"]
    taken = run(*args, stdin="place R2-1P space 1\nq\n")
    assert "seat 0 (human): pay camp card\nseat 0 (human): pay camp card\n" in taken.output
    asked = run(*args, "--confirm", stdin="place R2-1P space 1\nq\n")
    assert "Seat 0, choose one of 1:\n  1. pay camp card" in asked.output
    assert "seat 0 (human): pay camp card" not in asked.output


def test_play_resumes_its_save_and_saves_back_to_it(tmp_path: Path) -> None:
    """`upriver play FILE` resumes a game saved on quitting, in the same position, and a
    quit saves it back to the same file; a finished game resumed ends at once with 0."""
    first = run("play", GAME, "--players", "human,random,random", "--seed", "8", "--confirm",
                stdin="1\n1\nq\n")
    name = "upriver-twelve-rivers-8.json"
    assert first.exit_code == QUIT and f"resume with: upriver play {name}" in first.output
    before = json.loads(Path(name).read_text())
    g = upriver.load_game(json.dumps(before["final"]))
    again = run("play", name, stdin="q\n")
    assert again.exit_code == QUIT, again.output
    assert (f"12 Rivers · current edition, resumed after {len(g.history)} decisions: "
            "seat 0 (human), seat 1 (random), seat 2 (random)") in again.output
    assert f"Seat 0, choose one of {len(g.legal_actions())}:" in again.output
    assert f"saved to {name}" in again.output
    assert json.loads(Path(name).read_text()) == before
    assert not Path("upriver-twelve-rivers-8-2.json").exists()
    done = tmp_path / "done.json"
    assert run("play", GAME, "--players", "random,random", "--seed", "3",
               "--save", str(done)).exit_code == 0
    finished = run("play", str(done))
    assert finished.exit_code == 0 and "Winner" in finished.output


def test_play_resumes_a_plain_save_with_named_seats(tmp_path: Path) -> None:
    """A `Game.to_json` save has no seats or seed: --players names them, --seed seeds the
    bots; quitting writes a new save (never over the plain one), which replay shows as a
    position since no seed rebuilds it."""
    g = upriver.new_game(GAME, players=2, seed=4)
    for _ in range(5):
        g.play(g.legal_actions()[0])
    plain = tmp_path / "plain.json"
    plain.write_text(g.to_json())
    result = run("play", str(plain), "--players", "random,human", "--seed", "1", stdin="q\n")
    assert result.exit_code == QUIT, result.output
    assert "resumed after 5 decisions: seat 0 (random), seat 1 (human)" in result.output
    assert plain.read_text() == g.to_json()
    record = json.loads(Path("upriver-twelve-rivers.json").read_text())
    assert record["seed"] is None and record["players"] == ["random", "human"]
    assert record["history"][:5] == [list(x) for x in g.history]
    shown = run("replay", "upriver-twelve-rivers.json")
    assert shown.exit_code == 0 and "Saved twelve-rivers game, 2 players" in shown.output


@pytest.mark.parametrize(("extra", "message"), [
    (["--option", "edition=2022"], "--option cannot change a saved game"),
    (["--players", "human,random,random"], "--players names 3 seats"),
    (["--seed", "99"], "is a game with seed 5"),
])
def test_resuming_refuses_what_the_save_decides(tmp_path: Path, extra: list[str],
                                                message: str) -> None:
    save = tmp_path / "g.json"
    run("play", GAME, "--players", "human,random", "--seed", "5", "--save", str(save),
        stdin="q\n")
    result = run("play", str(save), *extra)
    assert_one_line_error(result)
    assert message in result.stderr


# ---------------------------------------------------------------- bench


def test_bench_json_prints_the_throughput_keys() -> None:
    result = run("bench", GAME, "--players", "3", "--seconds", "0.3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("decisions_per_s", "games_per_s", "clones_per_s", "greedy_games_per_s"):
        assert data[key] > 0
    assert data["players"] == 3
    assert data["games"] >= 1
    assert data["decisions"] / data["games"] == pytest.approx(data["mean_decisions_per_game"],
                                                              rel=0.01)


# ---------------------------------------------------------------- replay


def test_play_save_then_replay_all_steps_through_every_decision(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    played = run("play", GAME, "--players", "random,random", "--seed", "5", "--save", str(save))
    assert played.exit_code == 0
    history = json.loads(save.read_text())["history"]
    result = run("replay", str(save), "--all")
    assert result.exit_code == 0, result.output
    steps = re.findall(r"^decision (\d+)/(\d+): seat (\d) \(random\): (.+)$", result.output,
                       re.MULTILINE)
    assert [[int(s), a] for _, _, s, a in steps] == history
    assert all(int(total) == len(history) for _, total, _, _ in steps)
    assert "warning" not in result.output
    winner_line = [ln for ln in played.output.splitlines() if ln.startswith("Winner")]
    assert winner_line and winner_line[0] in result.output


def test_replay_short_shows_each_position_in_80_columns(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", "the-river", "--players", "random,random", "--seed", "5", "--save", str(save))
    result = run("replay", str(save), "--all", "--short")
    assert result.exit_code == 0, result.output
    history = json.loads(save.read_text())["history"]
    assert f"decision {len(history)}/{len(history)}: " in result.output
    assert result.output.count("The River · round ") >= len(history)
    steps = result.output.split(f"decision {len(history)}/{len(history)}: ")[0]
    assert all(len(line) <= 80 for line in steps.splitlines() if not line.startswith("decision"))


def test_replay_pauses_and_q_stops(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run("play", GAME, "--players", "random,random", "--seed", "5", "--save", str(save))
    result = run("replay", str(save), stdin="\n\nq\n")
    assert result.exit_code == 0
    assert "stopped after decision 3" in result.output
    assert "decision 4/" not in result.output


def test_replay_of_a_plain_save_shows_its_position_and_history(tmp_path: Path) -> None:
    g = upriver.new_game(GAME, players=2, seed=4)
    for _ in range(5):
        g.play(g.legal_actions()[0])
    save = tmp_path / "plain.json"
    save.write_text(g.to_json())
    result = run("replay", str(save))
    assert result.exit_code == 0, result.output
    assert "Saved twelve-rivers game, 2 players, 5 decisions:" in result.output
    for i, (seat, action) in enumerate(g.history, 1):
        assert f"{i}. seat {seat}: {action}" in result.output
    assert f"Game not finished; seat {g.to_move} to decide" in result.output


# ---------------------------------------------------------------- agents


def test_unknown_agent_names_the_known_ones() -> None:
    known = r"\(agents: greedy, mcts, random\)"
    with pytest.raises(upriver.BadOption, match=r"unknown agent 'wizard' " + known):
        make_agent("wizard", 0)


def test_random_agent_plays_legal_actions_repeatably() -> None:
    def choices(seed: int) -> list[str]:
        g = upriver.new_game(GAME, players=2, seed=9)
        agent = make_agent("random", seed)
        out = []
        for _ in range(30):
            action = agent.choose(g)
            assert action in g.legal_actions()
            g.play(action)
            out.append(action)
        return out

    assert choices(1) == choices(1)


# ---------------------------------------------------------------- rendering


def test_render_shows_board_track_and_own_hand_only() -> None:
    g = upriver.from_position(GAME, POSITION)
    view = g.view(0)
    view["players"][1]["known_cards"] = {"supplies": 1}  # as if seen taken from the display
    out = render(view)
    assert "Sea [.] (pay 0): 2 green, 1 blue" in out
    assert "R5 [1 . . . .]" in out
    assert re.search(r"^Turn-order track \(front first\): \[[\d. ]+\]$", out, re.MULTILINE)
    assert "Seat 0 (you): score" in out
    assert "hand: 3 cards: 2 banner, 1 lantern" in out
    assert "fairies: 1 fire" in out
    assert "S1[green:green blue:- rainbow:-]" in out
    # Seat 1's hand: its size and the card everyone saw, never the rest.
    assert "hand: 2 cards (known: 1 supplies)" in out
    assert "instrument" not in out.split("Seat 1:")[1].split("Pearl bag")[0]


def test_render_for_a_spectator_hides_every_hand() -> None:
    g = upriver.from_position(GAME, POSITION)
    out = render(g.view(None))
    assert "hand: 3 cards\n" in out
    assert "hand: 2 cards\n" in out
    assert "banner" not in out.split("Seat 0:")[1]
    assert "(you)" not in out


def test_render_fits_a_100_column_terminal() -> None:
    g = upriver.new_game(GAME, players=4, seed=3)
    agent = make_agent("random", 3)
    while not g.is_over:
        if len(g.history) % 40 == 0:
            seat = g.to_move
            assert all(len(line) <= 100 for line in render(g.view(seat)).splitlines())
        g.play(agent.choose(g))
    out = render(g.view(None))
    assert "The game is over." in out
    assert all(len(line) <= 100 for line in out.splitlines())


# ---------------------------------------------------------------- editions


@pytest.mark.parametrize(
    ("options", "edition", "family"),
    [(["edition=2022"], "2022", False), (["family=true"], "2022", True)],
)
def test_play_the_2022_edition_and_its_family_mode_to_the_end(
    tmp_path: Path, options: list[str], edition: str, family: bool
) -> None:
    """`--option edition=2022` and `--option family=true` (which implies the 2022 edition) play
    full games with that edition's scoring."""
    save = tmp_path / "game.json"
    args = ["play", GAME, "--players", "random,random,random,random", "--seed", "4"]
    for option in options:
        args += ["--option", option]
    result = run(*args, "--save", str(save))
    assert result.exit_code == 0, result.output
    final = upriver.load_game(json.dumps(json.loads(save.read_text())["final"]))
    assert final.is_over
    assert final.options["edition"] == edition and final.options["family"] is family
    assert list(final.score_breakdown()[0]) == [
        "pearls", "villager rewards", "totem sets", "mission card"
    ]
    assert "Villagers:" in result.output


def test_family_mode_with_the_current_edition_is_a_one_line_error() -> None:
    result = run("play", GAME, "--players", "random,random", "--option", "edition=current",
                 "--option", "family=true")
    assert_one_line_error(result)
    assert "needs edition=2022" in result.stderr


# ---------------------------------------------------------------- the river


def test_play_the_river_with_bots_runs_to_the_end(tmp_path: Path) -> None:
    """`upriver play the-river` plays a full game and prints its score breakdown."""
    save = tmp_path / "river.json"
    result = run("play", "the-river", "--players", "random,random,random", "--seed", "5",
                 "--save", str(save))
    assert result.exit_code == 0, result.output
    final = upriver.load_game(json.dumps(json.loads(save.read_text())["final"]))
    assert final.is_over and final.game_id == "the-river"
    assert re.search(r"^columns\s", result.output, re.MULTILINE)
    assert "Winner" in result.output


def test_bench_the_river_json() -> None:
    result = run("bench", "the-river", "--players", "2", "--seconds", "0.3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["decisions_per_s"] > 0 and data["games"] >= 1


class First:
    name = "first"

    def choose(self, game: upriver.Game) -> str:
        return game.legal_actions()[0]


def test_play_keeps_other_seats_deliveries_hidden_until_every_seat_has_delivered(
        capsys: pytest.CaptureFixture[str]) -> None:
    """TR-DELIV-02 in the terminal: the person in seat 1 sees seat 0's delivery only as a
    hidden line until every seat has delivered; then the log shows what each seat did."""
    from upriver.terminal.plain import Plain
    from upriver.terminal.table import Table

    g = upriver.from_position("twelve-rivers", """
        players = 3
        round = 5
        step = "deliver"
        [[seat]]
        alpaca = "green pink"
        [[seat]]
        alpaca = "green"
        [[seat]]
        alpaca = "blue"
    """)
    asked: list[str] = []

    class Person(Plain):
        def ask(self, seat: int, actions: list[str]) -> str:
            asked.append(capsys.readouterr().out)  # what was on screen when the person decided
            return "deliver green to S2 spot 1"

    seats = ["first", "human", "first"]
    table = Table(g, seats, seed=0, agents=[First(), None, First()])
    assert table.run(Person(table))
    secret = g.rules.secret_text
    assert asked == [f"seat 0 (first): {secret}\n"]
    after = capsys.readouterr().out.splitlines()
    assert after[0] == "seat 1 (human): deliver green to S2 spot 1"
    # Seat 2's only delivery ends the step (and the game): everything is shown at once.
    assert after[1] == "shown now that every seat has chosen:"
    assert after[2:2 + len(g.history)] == [f"seat {s} ({seats[s]}): {a}" for s, a in g.history]
    assert len([a for s, a in g.history if s == 0]) == 2  # two decisions, one hidden line


# ---------------------------------------------------------------- output files and folders


RIVER_GAME = ["play", "the-river", "--players", "random,random", "--seed", "3"]
SIMULATE = ["simulate", "the-river", "--players", "random,random", "--games", "2", "--jobs", "1"]
# Refusals must come before the long work: with this many games, a late refusal never ends.
LONG_SIMULATE = ["simulate", "the-river", "--players", "random,random", "--games", "100000"]


def finished_river_game(path: str = "game.json") -> str:
    """A finished two-player River game between random bots, saved as a replay file."""
    assert run(*RIVER_GAME, "--save", path).exit_code == 0
    return path


def everything_under(folder: Path) -> set[Path]:
    return set(folder.rglob("*"))


def review_into(out: str) -> list[str]:
    return ["review", finished_river_game(), "--iters", "5", "--jobs", "1", "--out", out]


def test_review_out_creates_a_missing_folder() -> None:
    """`upriver review game.json --out review/` (README) makes review/ when it is missing."""
    result = run(*review_into("review/"))
    assert result.exit_code == 0, result.output
    assert json.loads(Path("review/game-review.json").read_text())["format"] == (
        "upriver-review/1")
    assert Path("review/game-review.png").read_bytes().startswith(b"\x89PNG")


def test_review_out_creates_missing_parents() -> None:
    """`review --out` makes every missing folder on the way, not only the last."""
    result = run(*review_into("reviews/2026/first"))
    assert result.exit_code == 0, result.output
    assert Path("reviews/2026/first/game-review.png").is_file()


def test_simulate_report_creates_missing_parents() -> None:
    """`simulate --report DIR` makes DIR and its missing parents."""
    result = run(*SIMULATE, "--report", "studies/river/report")
    assert result.exit_code == 0, result.output
    assert Path("studies/river/report/index.html").is_file()


def test_simulate_out_creates_missing_parents() -> None:
    """`simulate --out FILE` makes the missing folders FILE goes in."""
    result = run(*SIMULATE, "--out", "studies/river/sim.json")
    assert result.exit_code == 0, result.output
    assert json.loads(Path("studies/river/sim.json").read_text())["results"]


def test_play_save_creates_missing_parents() -> None:
    """`play --save FILE` makes the missing folders FILE goes in, for a finished game."""
    result = run(*RIVER_GAME, "--save", "saves/river/game.json")
    assert result.exit_code == 0, result.output
    assert json.loads(Path("saves/river/game.json").read_text())["format"] == "upriver-replay/1"


def test_a_game_quit_is_saved_into_a_missing_save_folder() -> None:
    """Quitting writes the game to --save, whose folders are made then."""
    result = run("play", "the-river", "--players", "human,random", "--seed", "3",
                 "--save", "saves/later.json", stdin="q\n")
    assert result.exit_code == QUIT, result.output
    assert "resume with: upriver play saves/later.json" in result.output
    assert json.loads(Path("saves/later.json").read_text())["format"] == "upriver-replay/1"


OUTPUTS_UNDER_A_FILE = [
    ("review", "notes.txt/review"),
    ("simulate --report", "notes.txt/studies/report"),
    ("simulate --out", "notes.txt/sim.json"),
    ("play --save", "notes.txt/saves/game.json"),
]


def output_command(which: str, path: str) -> list[str]:
    """The command line that writes its output ``which`` to ``path``."""
    if which == "review":
        return review_into(path)
    if which == "play --save":
        return [*RIVER_GAME, "--save", path]
    return [*LONG_SIMULATE, which.split()[1], path]


@pytest.mark.parametrize(("which", "path"), OUTPUTS_UNDER_A_FILE)
def test_an_out_folder_under_a_file_is_refused_in_one_line_and_leaves_nothing(
        tmp_path: Path, which: str, path: str) -> None:
    """A path through a file cannot be made: one line that names the file, nothing written,
    and before any game is played."""
    args = output_command(which, path)  # the review's game is saved first
    Path("notes.txt").write_text("mine\n")
    before = everything_under(tmp_path)
    result = run(*args)
    assert_one_line_error(result)
    assert "notes.txt is a file, not a folder" in result.stderr
    assert result.stdout == ""  # refused before any game or review
    assert everything_under(tmp_path) == before
    assert Path("notes.txt").read_text() == "mine\n"


@pytest.mark.parametrize("which", ["review", "simulate --report"])
def test_an_existing_file_where_a_folder_is_wanted_is_refused_in_one_line(
        tmp_path: Path, which: str) -> None:
    """A folder output named like an existing file: one line (not click's usage text), and the
    file is left as it was."""
    args = output_command(which, "notes.txt")
    Path("notes.txt").write_text("mine\n")
    before = everything_under(tmp_path)
    result = run(*args)
    assert_one_line_error(result)
    assert "notes.txt is a file, not a folder" in result.stderr
    assert everything_under(tmp_path) == before
    assert Path("notes.txt").read_text() == "mine\n"


@pytest.mark.parametrize("which", ["simulate --out", "play --save"])
def test_an_existing_folder_where_a_file_is_wanted_is_refused_in_one_line(
        tmp_path: Path, which: str) -> None:
    """A file output named like an existing folder: one line (not click's usage text), before
    any game."""
    Path("results").mkdir()
    result = run(*output_command(which, "results"))
    assert_one_line_error(result)
    assert "results is a folder, not a file" in result.stderr
    assert result.stdout == ""  # refused before any game or review
    assert everything_under(tmp_path) == {tmp_path / "results"}


@pytest.mark.parametrize("which", ["review", "simulate --report", "simulate --out",
                                   "play --save"])
def test_a_refused_output_removes_the_folders_it_made(tmp_path: Path, which: str) -> None:
    """Missing folders are made to see whether the output can be written there; when it cannot
    (here a name too long for the file system), they are removed again and the error says
    why, before any game is played."""
    args = output_command(which, "new/deeper/" + "x" * 300 + ".json")
    before = everything_under(tmp_path)
    result = run(*args)
    assert_one_line_error(result)
    assert "File name too long" in result.stderr
    assert result.stdout == ""  # refused before any game or review
    assert everything_under(tmp_path) == before


def test_a_save_that_cannot_be_written_is_refused_before_the_game() -> None:
    """A save refused at the end would lose the game played: it is refused before the first
    decision (/proc takes no new files)."""
    result = run(*RIVER_GAME, "--save", "/proc/upriver-game.json")
    assert_one_line_error(result)
    assert "/proc/upriver-game.json" in result.stderr
    assert result.stdout == ""  # refused before the game
