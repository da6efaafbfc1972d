"""`upriver play` on a real terminal: a pseudo-terminal of 80x24 (or larger), read back through
the pyte terminal emulator, so the tests see exactly what a person would.

Every wait is bounded and every child is killed at the end of its test, whatever happens.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest

import upriver
from upriver.core.game import Game
from upriver.terminal.choosing import matches
from upriver.terminal.table import Table

WAIT = 30.0  # seconds: the most any step may take before the test fails (not a measurement)
PROMPT = "Your choice"


def _controlling_terminal() -> None:
    """In the child, after setsid: make the pseudo-terminal its controlling terminal, so
    Ctrl-C typed there interrupts it as in a shell; and start it with the signals a shell
    gives (none blocked, Ctrl-C not ignored), whatever earlier tests left in this process."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``upriver play ARGS`` in a pseudo-terminal, its screen kept by pyte."""

    def __init__(self, args: list[str], cwd: Path, cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(TERM="xterm-256color", PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "upriver.cli", "play", *args], stdin=slave, stdout=slave,
            stderr=slave, cwd=cwd, env=env, start_new_session=True,
            preexec_fn=_controlling_terminal)
        os.close(slave)
        self.fd = master

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def _pump(self, deadline: float) -> bool:
        """Read what the program wrote until ``deadline``; False once it has closed."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, min(0.2, deadline - time.time())))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not data:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    def wait_for(self, done: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
        deadline = time.time() + timeout
        while not done():
            if time.time() > deadline or not self._pump(deadline):
                if done():
                    return
                raise AssertionError(f"no {what} within {timeout} s; screen:\n{self.text()}")

    def prompt(self, since: int = 0) -> None:
        """Wait for a new question: the prompt in output written after byte ``since``."""
        self.wait_for(lambda: PROMPT.encode() in self.raw[since:], "prompt")

    def answer(self, line: str) -> None:
        """Type a line and wait for the next question."""
        mark = len(self.raw)
        os.write(self.fd, line.encode() + b"\r")
        self.prompt(mark)

    def finish(self, keys: bytes = b"") -> int:
        """Send ``keys``, then read to the end; the exit status."""
        if keys:
            os.write(self.fd, keys)
        deadline = time.time() + WAIT
        while time.time() < deadline and self._pump(deadline):
            pass
        try:
            return self.proc.wait(timeout=max(1.0, deadline - time.time()))
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after {WAIT} s; screen:\n{self.text()}\n"
                                 f"output:\n{self.raw[-2000:]!r}") from None

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)
        os.close(self.fd)


@pytest.fixture
def term(tmp_path: Path) -> Iterator[Callable[..., Terminal]]:
    started: list[Terminal] = []

    def start(*args: str, cols: int = 80, rows: int = 24) -> Terminal:
        t = Terminal(list(args), tmp_path, cols, rows)
        started.append(t)
        return t

    yield start
    for t in started:
        t.close()


def mirror(args: dict[str, object], seats: list[str], seed: int) -> Table:
    """The same table the program builds, to know what the person is asked."""
    g = upriver.new_game("twelve-rivers" if "game" not in args else str(args["game"]),
                         players=len(seats), seed=seed,
                         **{k: v for k, v in args.items() if k != "game"})
    return Table(g, seats, seed)


def to_person(table: Table, confirm: bool = False) -> list[str]:
    """Play the bots (and the person's single choices) until the person is asked."""
    g = table.game
    while True:
        seat = g.to_move
        assert seat is not None
        agent = table.agents[seat]
        if agent is not None:
            g.play(agent.choose(g))
            continue
        actions = g.legal_actions()
        if len(actions) == 1 and not confirm:
            g.play(actions[0])
            continue
        return actions


def seed_where(game: str, players: int, starts: int, **options: object) -> int:
    return next(s for s in range(200)
                if upriver.new_game(game, players=players, seed=s, **options).to_move == starts)


def saved(path: Path) -> Game:
    return upriver.load_game(json.dumps(json.loads(path.read_text())["final"]))


# ---------------------------------------------------------------- what is on screen


@pytest.mark.parametrize(("options", "title"), [
    ([], "12 Rivers · current edition"),
    (["edition=2022"], "12 Rivers · 2022 edition"),
    (["family=true"], "12 Rivers · 2022 edition · Family Mode"),
])
def test_twelve_rivers_at_80x24_shows_hand_board_options_and_last_moves(
        term: Callable[..., Terminal], options: list[str], title: str) -> None:
    opts: dict[str, object] = dict(o.split("=") for o in options)
    opts = {k: (v == "true" if v in ("true", "false") else v) for k, v in opts.items()}
    seed = seed_where("twelve-rivers", 3, 1, **opts)  # a bot moves before the person
    seats = ["human", "random", "random"]
    table = mirror(opts, seats, seed)
    actions = to_person(table)
    t = term("twelve-rivers", "--players", ",".join(seats), "--seed", str(seed),
             *[x for o in options for x in ("--option", o)])
    t.prompt()
    screen = t.text()
    lines = t.screen.display
    assert lines[0].startswith(f" {title} · round 1 of 5 · exploration")
    assert lines[0].rstrip().endswith("to decide") or "your turn" in lines[0]
    # The person's hand, with every card they hold.
    hand = table.game.view(0)["players"][0]["hand"]
    assert "hand " + ", ".join(f"{n} {k}" for k, n in hand.items()) in screen
    # The board's essentials: the dams, the rows, the sea, the village, the track.
    for start in ("dam ", "R1 ", "R2 1P[", "R3 1[", "sea [", "village [", "track "):
        assert any(line.startswith(start) for line in lines), start
    # The options, numbered, and the paging hint when they do not all fit.
    assert f" 1 {actions[0]}" in screen
    assert f"{len(actions)} choices" in screen
    # The moves the bots made before the person's turn, in the last-moves column.
    log = table.game.log(0)
    assert log and all(s != 0 for s, _ in log)
    assert "Last moves" in screen
    assert f"seat {log[-1][0]} (random):" in screen
    assert log[-1][1][:20] in screen
    assert lines[-1].startswith(PROMPT)


def test_the_river_at_80x24_shows_resources_river_options_and_last_moves(
        term: Callable[..., Terminal]) -> None:
    seed = seed_where("the-river", 2, 1)
    seats = ["human", "random"]
    table = mirror({"game": "the-river"}, seats, seed)
    actions = to_person(table)
    t = term("the-river", "--players", "human,random", "--seed", str(seed))
    t.prompt()
    # A few decisions in, the person holds resources and tiles.
    for _ in range(6):
        t.answer("1")
        table.game.play(actions[0])
        actions = to_person(table)
    screen = t.text()
    lines = t.screen.display
    assert lines[0].startswith(" The River · round ")
    me = table.game.view(0)["players"][0]
    res = ", ".join(f"{n} {k}" for k, n in me["resources"].items() if n) or "no resources"
    assert f"you (seat 0, {me['colour']}): {res}" in screen.replace("\n", " ")
    assert any(line.startswith("1:") for line in lines)  # the person's river board
    assert any(line.startswith("islands ") for line in lines)
    assert any(line.startswith("buildings ") for line in lines)
    assert f" 1 {actions[0]}"[:40] in screen
    log = table.game.log(0)
    assert "seat 1 (random):" in screen and log[-1][1][:20] in screen
    assert "[" not in "".join(line for line in lines if "tokens" in line)  # no Python lists


def test_a_larger_terminal_shows_the_other_seats_too(term: Callable[..., Terminal]) -> None:
    seed = seed_where("twelve-rivers", 3, 0)
    t = term("twelve-rivers", "--players", "human,random,random", "--seed", str(seed),
             cols=120, rows=45)
    t.prompt()
    lines = t.screen.display
    assert any(line.startswith("seat 1:") for line in lines)
    assert any(line.startswith("Markaya (deck") for line in lines)
    assert len(lines[0]) == 120


def test_a_resized_terminal_is_redrawn_to_its_new_size(term: Callable[..., Terminal]) -> None:
    seed = seed_where("twelve-rivers", 3, 0)
    t = term("twelve-rivers", "--players", "human,random,random", "--seed", str(seed))
    t.prompt()
    assert not any(line.startswith("seat 1:") for line in t.screen.display)
    mark = len(t.raw)
    fcntl.ioctl(t.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 45, 120, 0, 0))
    t.screen.resize(45, 120)
    os.killpg(t.proc.pid, signal.SIGWINCH)
    t.prompt(mark)
    t.wait_for(lambda: any(line.startswith("seat 1:") for line in t.screen.display),
               "the larger layout")
    assert t.screen.display[0].rstrip().endswith("to decide")
    assert t.finish(b"q\r") == 3


# ---------------------------------------------------------------- choosing


def test_choosing_by_number_text_and_prefix(term: Callable[..., Terminal],
                                            tmp_path: Path) -> None:
    seed = seed_where("twelve-rivers", 2, 0)
    seats = ["human", "random"]
    table = mirror({}, seats, seed)
    g = table.game
    save = tmp_path / "g.json"
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed),
             "--save", str(save), "--confirm")
    t.prompt()
    chosen = []
    first = to_person(table, confirm=True)
    t.answer("2")  # by number
    chosen.append(first[1])
    g.play(first[1])
    second = to_person(table, confirm=True)
    t.answer(second[-1].upper())  # by the action's text, in any case
    chosen.append(second[-1])
    g.play(second[-1])
    third = to_person(table, confirm=True)
    # by the start of its words: the shortest prefix of each word that picks one action
    target = next(a for a in third if a.startswith("place village")) if any(
        a.startswith("place village") for a in third) else third[-1]
    typed = " ".join(w[:3] for w in target.split())
    assert matches(typed, third) == [target]
    t.answer(typed)
    chosen.append(target)
    assert t.finish(b"q\r") == 3
    mine = [a for s, a in saved(save).history if s == 0]
    assert mine == chosen


def test_an_ambiguous_prefix_lists_the_candidates(term: Callable[..., Terminal]) -> None:
    seed = seed_where("twelve-rivers", 2, 0)
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed))
    t.prompt()
    t.answer("pla r3")
    screen = t.text()
    actions = upriver.new_game("twelve-rivers", players=2, seed=seed).legal_actions()
    r3 = [a for a in actions if a.startswith("place R3")]
    assert len(r3) > 1
    assert f"'pla r3' fits {len(r3)} choices: type more, or a number" in screen
    assert f"{actions.index(r3[0]) + 1} {r3[0]}" in screen
    assert "place R1-01" not in screen


def test_question_mark_lists_what_each_choice_does(term: Callable[..., Terminal]) -> None:
    seed = seed_where("twelve-rivers", 2, 0)
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed))
    t.prompt()
    t.answer("?")
    screen = t.text()
    assert "What each choice does (" in screen
    assert " 1 place R1-01 space 1 — put a family marker there; costs 3 supply cards" in screen
    t.answer("? pla vil")
    assert "place village 1 — put a family marker there; costs 2 supply cards" in t.text()


def _r2_game() -> tuple[int, str]:
    """A 2022 game where the person can place on row 2 and pay its 2 camp cards: the only
    choice of each payment is "pay camp card"."""
    for seed in range(100):
        table = mirror({"edition": "2022"}, ["human", "random"], seed)
        actions = to_person(table)
        place = [a for a in actions if a.startswith("place R2")]
        if place and table.game.view(0)["players"][0]["fairies"] == {}:
            return seed, place[0]
    raise AssertionError("no seed found")


def test_a_single_choice_is_taken_for_the_person(term: Callable[..., Terminal],
                                                  tmp_path: Path) -> None:
    seed, place = _r2_game()
    save = tmp_path / "g.json"
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed),
             "--option", "edition=2022", "--save", str(save))
    t.prompt()
    t.answer(place)
    assert "your only choice was taken: pay camp card" in t.text()
    assert "pay the placement cost" not in t.text()
    assert t.finish(b"q\r") == 3
    history = saved(save).history
    at = history.index((0, place))
    assert history[at + 1 : at + 3] == [(0, "pay camp card")] * 2


def test_with_confirm_a_single_choice_is_asked(term: Callable[..., Terminal]) -> None:
    seed, place = _r2_game()
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed),
             "--option", "edition=2022", "--confirm")
    t.prompt()
    t.answer(place)
    screen = t.text()
    assert "pay the placement cost (2 left to pay): 1 choices" in screen
    assert " 1 pay camp card" in screen


# ---------------------------------------------------------------- quitting and resuming


def test_q_saves_prints_how_to_resume_and_resuming_shows_the_same_position(
        term: Callable[..., Terminal], tmp_path: Path) -> None:
    seed = seed_where("twelve-rivers", 3, 1)
    t = term("twelve-rivers", "--players", "human,random,random", "--seed", str(seed))
    t.prompt()
    t.answer("1")
    before = t.text()
    assert t.finish(b"q\r") == 3
    name = f"upriver-twelve-rivers-{seed}.json"
    out = t.raw.decode()
    assert f"saved to {name}" in out
    assert f"resume with: upriver play {name}" in out
    g = saved(tmp_path / name)
    assert g.to_move == 0 and len(g.history) > 1

    again = term(name)
    again.prompt()
    after = again.text()
    # The same position: the same header, options and board (the log column may differ only
    # in which moves count as new).
    assert after.splitlines()[0] == before.splitlines()[0]
    assert f" 1 {g.legal_actions()[0]}" in after
    board = [ln[:53] for ln in before.splitlines()[1:12]]
    assert [ln[:53] for ln in after.splitlines()[1:12]] == board
    assert again.finish(b"q\r") == 3  # saved back to the same file, unchanged
    assert saved(tmp_path / name).history == g.history


def test_ctrl_c_saves_and_exits_130(term: Callable[..., Terminal], tmp_path: Path) -> None:
    seed = seed_where("the-river", 2, 0)
    save = tmp_path / "river.json"
    t = term("the-river", "--players", "human,random", "--seed", str(seed), "--save", str(save))
    t.prompt()
    assert t.finish(b"\x03") == 130
    out = t.raw.decode()
    assert f"interrupted after 0 decisions; saved to {save}" in out
    assert f"resume with: upriver play {save}" in out
    assert saved(save).history == []


def test_end_of_input_saves_and_exits_3(term: Callable[..., Terminal], tmp_path: Path) -> None:
    seed = seed_where("twelve-rivers", 2, 0)
    t = term("twelve-rivers", "--players", "human,random", "--seed", str(seed))
    t.prompt()
    assert t.finish(b"\x04") == 3
    assert "resume with: upriver play upriver-twelve-rivers-" in t.raw.decode()


# ---------------------------------------------------------------- bots


def test_a_thinking_bot_shows_a_spinner(term: Callable[..., Terminal]) -> None:
    seed = seed_where("twelve-rivers", 2, 0)
    t = term("twelve-rivers", "--players", "mcts:secs=0.5,human", "--seed", str(seed))
    t.prompt()
    assert b"seat 0 (mcts:secs=0.5) is thinking" in t.raw
    assert t.finish(b"q\r") == 3


def test_bots_only_run_to_the_end_on_the_screen(term: Callable[..., Terminal]) -> None:
    t = term("the-river", "--players", "random,random", "--seed", "4")
    assert t.finish() == 0
    assert "Winner" in t.raw.decode()


# ---------------------------------------------------------------- every game fits 80x24


@pytest.mark.parametrize(("game", "options", "players"), [
    ("twelve-rivers", {}, 2), ("twelve-rivers", {}, 4),
    ("twelve-rivers", {"edition": "2022"}, 3), ("twelve-rivers", {"family": True}, 4),
    ("the-river", {}, 2), ("the-river", {}, 3), ("the-river", {}, 4),
])
def test_every_screen_of_a_game_fits_80x24_with_hand_options_and_moves(
        game: str, options: dict[str, object], players: int) -> None:
    """Through a whole random game, each question's screen is 24 lines of at most 80
    columns and keeps the person's own section whole, the options and the last moves."""
    from upriver.terminal.layout import Options, compose
    from upriver.terminal.screen import Screen

    seats = ["human"] + ["random"] * (players - 1)
    table = Table(upriver.new_game(game, players=players, seed=7, **options), seats, 7)
    screen = Screen(table, size=(80, 24))
    rng = random.Random(7)
    g = table.game
    asked = 0
    while not g.is_over:
        actions = g.legal_actions()
        if g.to_move == 0 and len(actions) > 1 and len(g.history) % 3 == 0:
            frame = screen.frame(0, Options("Seat 0", list(enumerate(actions, 1))), "prompt")
            lines = [t.plain for t in compose(frame)]
            text = "\n".join(lines)
            assert len(lines) == 24 and all(len(ln) <= 80 for ln in lines)
            assert all(ln in text for ln in frame.you)  # the person's own things, whole
            assert f" 1 {actions[0]}"[:60] in text
            assert "Last moves" in text
            assert any(ln.startswith(("dam ", "islands ")) for ln in lines)  # the board
            assert lines[-1] == "prompt"
            asked += 1
        g.play(rng.choice(actions))
    assert asked > 10


# ---------------------------------------------------------------- reading a choice


CHOICES = ["place R2-1P space 1", "place R2-1P space 2", "place R2-1S space 1", "place sea",
           "play banner pair", "play banner pair (banner + fire fairy)", "take blue",
           "take blue, discard green from alpaca", "end turn"]


@pytest.mark.parametrize(("typed", "meant"), [
    ("1", "place R2-1P space 1"),
    ("9", "end turn"),
    ("PLACE SEA", "place sea"),
    ("  place   r2-1s space 1 ", "place R2-1S space 1"),
    ("pla r2-1p s 1", "place R2-1P space 1"),  # the start of each word
    ("pla r2-1s", "place R2-1S space 1"),
    ("r2-1p sp 2", "place R2-1P space 2"),  # a run of words inside, when none starts so
    ("play banner pair", "play banner pair"),  # the exact text beats a longer one it starts
    ("take blue", "take blue"),
    ("take blue,", "take blue, discard green from alpaca"),
    ("e", "end turn"),
])
def test_a_choice_is_read_by_number_text_or_the_start_of_its_words(typed: str,
                                                                   meant: str) -> None:
    from upriver.terminal.choosing import read

    assert read(typed, CHOICES).action == meant


def test_reading_quit_help_pages_and_mistakes() -> None:
    from upriver.terminal.choosing import read

    assert read("q", CHOICES).quit and read("QUIT", CHOICES).quit
    assert read("?", CHOICES).help and read("? pla", CHOICES).help_filter == "pla"
    assert read("", CHOICES).page == 1 and read("<", CHOICES).page == -1
    ambiguous = read("pla r2", CHOICES)
    assert ambiguous.action is None
    assert ambiguous.candidates == CHOICES[:3]
    assert ambiguous.error == "'pla r2' fits 3 choices: type more, or a number"
    assert read("10", CHOICES).error == "no choice 10: type 1-9, an action's words, ? or q"
    assert read("0", CHOICES).error.startswith("no choice 0")
    assert read("fly", CHOICES).error == ("not a choice: 'fly' (type 1-9, an action's words, "
                                          "? for help, q to quit)")


def test_a_typed_move_that_is_not_legal_now_is_refused_with_its_reason() -> None:
    """Issue 29: a typed text that matches no choice but names a move of the game is answered
    with why that move is not legal now (``Game.why_not``), a text that names no move with how
    to choose."""
    from upriver.terminal.choosing import read
    from upriver.terminal.table import Table

    g = upriver.new_game("the-river", players=2, seed=1)
    legal = g.legal_actions()
    move = next(t for t in g.rules.action_catalogue() if t not in legal
                and read(t, legal).error and not read(t, legal).candidates)
    table = Table(g, ["human", "human"], seed=1)
    assert read(move, legal, table.refusal).error == g.why_not(move)
    assert "is not legal now" in g.why_not(move)
    assert read("fly", legal, table.refusal).error.startswith("not a choice: 'fly'")


def test_ctrl_c_in_the_middle_of_a_drawing_still_leaves_the_screen() -> None:
    """A Ctrl-C can land after a drawing took the screen's lock and before the block that
    frees it: leaving the screen (restoring the terminal, so the game can be saved) must still
    write instead of waiting for ever on a lock its own thread holds."""
    import io
    import threading

    from upriver.terminal.screen import Screen

    out = io.StringIO()
    screen = Screen(mirror({"game": "the-river"}, ["human", "random"], 1), out=out,
                    size=(80, 24))

    def interrupted_drawing_then_leave() -> None:
        screen.lock.acquire()  # taken by a drawing the Ctrl-C cut short, never freed
        screen.__exit__(KeyboardInterrupt, KeyboardInterrupt(), None)

    leaving = threading.Thread(target=interrupted_drawing_then_leave, daemon=True)
    leaving.start()
    leaving.join(timeout=10)
    assert not leaving.is_alive(), "leaving the screen waited for its own lock"
    assert out.getvalue().endswith("\x1b[0m\x1b[?25h\x1b[?1049l")
