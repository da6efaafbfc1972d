"""The ``upriver`` command line: list games, play in the terminal, replay saves, benchmark.

Every command talks to games through the public API only (``upriver.new_game``, ``legal_actions``,
``play``, ``view``...), so what works here works for bots and the web app too. Errors a person can
cause end in a one-line message and exit status 1, never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

import click

import upriver
from upriver import terminal
from upriver.agents import PARAMS, agent_names, parse_spec
from upriver.core.errors import BadOption, BadPosition, IllegalAction
from upriver.core.game import Game, Rules
from upriver.core.registry import rules_for
from upriver.terminal import board, saves
from upriver.terminal.plain import columns
from upriver.terminal.scores import label as _label
from upriver.terminal.scores import summary as _summary
from upriver.terminal.table import Table

PERSON_ERRORS = (BadOption, BadPosition, OSError, ValueError)


def _one_line(exc: Exception) -> str:
    if isinstance(exc, OSError) and exc.filename is not None:
        return f"cannot use {exc.filename}: {exc.strerror or exc}"
    return " ".join(str(exc).split()) or type(exc).__name__


class FriendlyGroup(click.Group):
    """Turns the errors a person can cause into click's one-line ``Error: ...`` and exit 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except PERSON_ERRORS as exc:
            raise click.ClickException(_one_line(exc)) from None


@click.group(cls=FriendlyGroup)
def cli() -> None:
    """Play, replay, serve and measure upriver games."""


def main() -> None:
    """Console-script entry point (``upriver``)."""
    cli(prog_name="upriver")


# ---------------------------------------------------------------- helpers shared by commands


def _render(rules: Rules, view: dict[str, Any]) -> str:
    """The game's own text rendering, or the raw view for a game that has none."""
    render = getattr(rules, "render_text", None)
    if callable(render):
        return str(render(view))
    return json.dumps(view, indent=1)


def _parse_options(pairs: tuple[str, ...]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOption(f"--option needs KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def _parse_seats(spec: str | None, default_count: int) -> list[str]:
    """``"human,random"`` -> seat names; a plain number N means a human and N-1 random bots."""
    if spec is None:
        return ["human"] + ["random"] * (default_count - 1)
    spec = spec.strip()
    if spec.isdigit():
        n = int(spec)
        if n < 1:
            raise BadOption(f"bad player spec {spec!r}: need at least one seat")
        return ["human"] + ["random"] * (n - 1)
    seats = [name.strip().lower() for name in spec.split(",")]
    known = ["human", *agent_names()]
    for name in seats:
        if name.split(":")[0] not in known:
            what = f"unknown seat {name!r}" if name else "an empty seat"
            raise BadOption(f"bad player spec {spec!r}: {what} (seats: {', '.join(known)})")
        if name != "human":
            parse_spec(name)  # a bad parameter is refused before the game starts
    return seats


def _default_players(game_id: str) -> int:
    allowed: list[int] = upriver.game_info(game_id)["players"]
    return 4 if 4 in allowed else max(allowed)


def _output(path: str, *, folder: bool) -> Path:
    """An output a command will write, a file or (``folder``) a folder, checked before the
    command's long work: what cannot be written is refused in one line.

    Missing folders are made to see that they can be, then removed again, and the writer makes
    them (``mkdir(parents=True)``) when it writes: so neither a refusal here nor a failure or
    Ctrl-C during the work leaves an empty folder behind."""
    target = os.path.abspath(path)
    home = target if folder else os.path.dirname(target)
    if not folder and os.path.isdir(target):
        raise BadOption(f"cannot write {path}: {path} is a folder, not a file")
    nearest = home
    while not os.path.exists(nearest):  # never raises; the root always exists
        nearest = os.path.dirname(nearest)
    if not os.path.isdir(nearest):
        shown = nearest if os.path.isabs(path) else os.path.relpath(nearest)
        raise BadOption(f"cannot write {path}: {shown} is a file, not a folder")
    missing: list[str] = []
    while home != nearest:
        missing.insert(0, home)
        home = os.path.dirname(home)
    made: list[str] = []
    try:
        for each in missing:
            os.mkdir(each)
            made.append(each)
        with tempfile.TemporaryFile(dir=made[-1] if made else nearest):
            pass  # the folder takes new files (saves go through a temporary file beside them)
        if not folder:
            existed = os.path.exists(target)
            with open(target, "a"):  # an existing file is left as it was
                pass
            if not existed:
                os.remove(target)
    except OSError as exc:
        raise BadOption(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        for each in reversed(made):
            os.rmdir(each)
    return Path(path)


# ---------------------------------------------------------------- games


def _shown(value: Any) -> str:
    """An option value as typed after ``--option KEY=``."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value) if value != "" else "(empty)"


@cli.command()
def games() -> None:
    """List the games, their player counts and options, and the bots with their parameters."""
    for game_id in upriver.games():
        info = upriver.game_info(game_id)
        counts = ", ".join(str(n) for n in info["players"])
        click.echo(f"{game_id}: {info['name']} (players: {counts})")
        if info["options"]:
            click.echo("  options (--option KEY=VALUE):")
        for name, opt in info["options"].items():
            click.echo(f"    {name}  default {_shown(opt['default'])}; {opt['allowed']}")
            needs = ", ".join(f"{k}={_shown(v)}" for k, v in opt["requires"].items())
            if opt.get("help"):
                click.echo(f"        {opt['help']}" + (f" (needs {needs})" if needs else ""))
    click.echo("bots (--players NAME or NAME:KEY=VALUE:...):")
    for name in agent_names():
        click.echo(f"  {name}")
        for key, param in PARAMS[name].items():
            click.echo(f"    {key}  {param.describe()}: {param.help}")


# ---------------------------------------------------------------- play


def _new_table(game: str, spec: str | None, seed: int | None, option_pairs: tuple[str, ...],
               confirm: bool) -> Table:
    options = _parse_options(option_pairs)
    seats = _parse_seats(spec, _default_players(game))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    g = upriver.new_game(game, players=len(seats), seed=seed, **options)
    return Table(g, seats, seed, confirm)


def _saved_table(file: str, spec: str | None, seed: int | None, option_pairs: tuple[str, ...],
                 confirm: bool) -> tuple[Table, bool]:
    """A table resumed from a save, and whether it was ``play --save``'s own format (saved
    back to the same file on quitting)."""
    saved = saves.read(file)
    g = saved.game
    if option_pairs:
        raise BadOption("--option cannot change a saved game; its options are in the save")
    if saved.seed is not None and seed is not None and seed != saved.seed:
        raise BadOption(f"--seed {seed}: {file} is a game with seed {saved.seed}")
    seats = saved.seats or _parse_seats(None, g.num_players)
    if spec is not None:
        seats = _parse_seats(spec, g.num_players)
        if len(seats) != g.num_players:
            raise BadOption(f"--players names {len(seats)} seats; {file} is a "
                            f"{g.num_players}-player game")
    table = Table(g, seats, saved.seed, confirm, bot_seed=seed)
    return table, saved.seats is not None


@cli.command()
@click.argument("game", metavar="GAME|FILE")
@click.option("--players", "spec", metavar="SPEC",
              help="comma list of seats, each 'human' or a bot name; or a number N "
                   "(a human and N-1 random bots). Default: human and 3 random bots.")
@click.option("--seed", type=int, default=None,
              help="game seed (default: a random one); for a plain save, the bots' seed")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="a game option (see 'upriver games'); repeatable")
@click.option("--save", metavar="FILE", default=None,
              help="write the game here at the end or on quitting (default on quitting: "
                   "upriver-GAME-SEED.json here, or the file resumed)")
@click.option("--confirm", is_flag=True,
              help="ask even when a person has a single choice (default: taken for them)")
@click.option("--plain", is_flag=True,
              help="plain lines instead of the full screen (always so when not on a terminal)")
@click.pass_context
def play(ctx: click.Context, game: str, spec: str | None, seed: int | None,
         option_pairs: tuple[str, ...], save: str | None, confirm: bool, plain: bool) -> None:
    """Play GAME in the terminal, or resume a saved game from FILE.

    Exit status: 0 when the game ends, 3 when a person quits (q or end of input), 130 on
    Ctrl-C; the game is saved on quitting, with the command that resumes it."""
    resumed: Path | None = None
    if game in upriver.games():
        table = _new_table(game, spec, seed, option_pairs, confirm)
    elif game.endswith(".json") or Path(game).is_file():
        table, own_format = _saved_table(game, spec, seed, option_pairs, confirm)
        resumed = Path(game) if own_format else None
    else:
        rules_for(game)  # an unknown game: its one-line error
        raise BadOption(f"unknown game {game!r}")
    save_to = _output(save, folder=False) if save is not None else None  # before the game
    g = table.game
    start = (f"resumed after {len(g.history)} decisions" if g.history or table.seed is None
             else f"seed {table.seed}")
    click.echo(f"{board.headline(g, g.view(None))}, {start}: "
               + ", ".join(table.label(s) for s in range(g.num_players)))
    ctx.exit(terminal.play(table, plain=plain, save=save_to, resumed=resumed))


# ---------------------------------------------------------------- replay


def _read_json(file: str) -> Any:
    raw = Path(file).read_bytes()
    try:
        return json.loads(raw)  # bytes: a non-UTF-8 file is a ValueError here, not a crash
    except ValueError:
        raise BadPosition(f"{file}: not an upriver save or replay file (not JSON)") from None


def _wait(show_all: bool) -> bool:
    """Pause between steps; False when the person quits."""
    if show_all:
        return True
    try:
        answer = click.prompt("[Enter] next, q quit", default="", show_default=False)
    except click.Abort:
        return False
    return answer.strip().lower() not in ("q", "quit")


def _rebuild(data: dict[str, Any]) -> tuple[Game, list[str], list[tuple[int, str]]]:
    """A fresh game with the replay's seed and options, and the decisions to play on it."""
    try:
        seats = [str(s) for s in data["players"]]
        history = [(int(s), str(a)) for s, a in data["history"]]
        g = upriver.new_game(
            str(data["game"]), players=len(seats), seed=int(data["seed"]), **data["options"]
        )
    except (KeyError, TypeError) as exc:
        raise BadPosition(f"not a readable replay file ({type(exc).__name__}: {exc})") from None
    return g, seats, history


def _play_recorded(g: Game, i: int, seat: int, action: str) -> None:
    """Play decision ``i`` (1-based) of a replay file, or say in one line where it diverges."""
    if seat != g.to_move:
        raise BadPosition(f"replay diverges at decision {i}: seat {seat} is not to move")
    try:
        g.play(action)
    except IllegalAction:
        raise BadPosition(f"replay diverges at decision {i}: {action!r} is not legal") from None


def _replay_steps(data: dict[str, Any], show_all: bool, viewer: int | None,
                  short: bool = False) -> None:
    g, seats, history = _rebuild(data)
    for i, (seat, action) in enumerate(history, 1):
        click.echo()
        view = g.view(g.to_move if viewer is None else viewer)
        click.echo(board.short_text(g, view) if short else _render(g.rules, view))
        click.echo(f"\ndecision {i}/{len(history)}: {_label(seat, seats)}: {action}")
        _play_recorded(g, i, seat, action)
        if i < len(history) and not _wait(show_all):
            click.echo(f"stopped after decision {i}")
            return
    _show_end(g, seats, viewer)
    final = data.get("final")
    if final is not None:
        saved = upriver.load_game(final if isinstance(final, str) else json.dumps(final))
        if saved.to_json() != g.to_json():
            click.echo("warning: the rebuilt game differs from the saved final position")


def _show_end(g: Game, seats: list[str] | None, viewer: int | None) -> None:
    click.echo()
    click.echo(_render(g.rules, g.view(viewer)))
    click.echo()
    if g.is_over:
        click.echo(_summary(g, seats))
    else:
        scores = ", ".join(f"{_label(s, seats)}: {v}" for s, v in enumerate(g.scores()))
        click.echo(f"Game not finished; seat {g.to_move} to decide. Running scores: {scores}")


def _show_save(data: Any, viewer: int | None) -> None:
    """A plain ``to_json`` save has no seed: show its position and its list of decisions."""
    g = upriver.load_game(json.dumps(data))
    click.echo(f"Saved {g.game_id} game, {g.num_players} players, {len(g.history)} decisions:")
    click.echo(columns([f"{i}. seat {s}: {a}" for i, (s, a) in enumerate(g.history, 1)]))
    _show_end(g, None, viewer)


@cli.command()
@click.argument("file")
@click.option("--all", "show_all", is_flag=True, help="print every step without pausing")
@click.option("--seat", type=int, default=None,
              help="show positions from this seat's view (default: the seat deciding; "
                   "a spectator for plain saves)")
@click.option("--short", is_flag=True,
              help="each position in the short form of the 80x24 screen (about 20 lines)")
def replay(file: str, show_all: bool, seat: int | None, short: bool) -> None:
    """Step through a replay file from 'play --save', or show a plain save."""
    data = _read_json(file)
    if isinstance(data, dict) and data.get("format") == saves.REPLAY_FORMAT:
        if data.get("seed") is None and isinstance(data.get("final"), dict):
            # Resumed from a plain save: no seed to rebuild it from, so show where it stands.
            _show_save(data["final"], seat)
            return
        _replay_steps(data, show_all, seat, short)
    else:
        _show_save(data, seat)


# ---------------------------------------------------------------- bench


def _play_random(game_id: str, players: int, budget: float, rng: random.Random) -> dict[str, Any]:
    """Random games until ``budget`` seconds have passed (the game in progress is finished, so
    games/s counts whole games); keeps one mid-game position per game for the clone timing."""
    decisions = games = 0
    samples: list[Game] = []
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < budget:
        g = upriver.new_game(game_id, players=players, seed=games)
        snapshot_at = rng.randrange(10, 100)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            decisions += 1
            if len(g.history) == snapshot_at:
                samples.append(g.clone())
        games += 1
    elapsed = time.perf_counter() - start
    return {"games": games, "decisions": decisions, "elapsed": elapsed, "samples": samples}


def _time_clones(samples: list[Game], budget: float) -> tuple[int, float]:
    clones = 0
    start = time.perf_counter()
    while clones == 0 or time.perf_counter() - start < budget:
        for g in samples:  # one batch: every sample once, then check the clock
            g.clone()
        clones += len(samples)
    return clones, time.perf_counter() - start


@cli.command()
@click.argument("game")
@click.option("--players", type=int, default=None, help="number of players (default 4)")
@click.option("--seconds", type=float, default=5.0, show_default=True, help="time to spend")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--env", "with_env", is_flag=True,
              help="also step the PettingZoo environment (needs the rl extra)")
def bench(game: str, players: int | None, seconds: float, as_json: bool, with_env: bool) -> None:
    """Measure random-play throughput: decisions/s, games/s, clones/s."""
    rules_for(game)
    n = players if players is not None else _default_players(game)
    if seconds < 0:
        raise BadOption(f"--seconds must not be negative, not {seconds}")
    upriver.new_game(game, players=n)  # a bad player count fails here, before timing
    rng = random.Random(0)
    run = _play_random(game, n, seconds * 0.5, rng)
    samples = run["samples"] or [upriver.new_game(game, players=n)]
    clones, clone_time = _time_clones(samples, seconds * 0.1)
    result = {
        "game": game,
        "players": n,
        "seconds": round(run["elapsed"] + clone_time, 3),
        "games": run["games"],
        "decisions": run["decisions"],
        "decisions_per_s": round(run["decisions"] / run["elapsed"], 1),
        "games_per_s": round(run["games"] / run["elapsed"], 3),
        "clones_per_s": round(clones / clone_time, 1),
        "mean_decisions_per_game": round(run["decisions"] / run["games"], 1),
    }
    result["mcts_iterations_per_s"] = _mcts_rate(samples, seconds * 0.1)
    greedy_games, greedy_time = _play_greedy(game, n, seconds * 0.3)
    result["greedy_games_per_s"] = round(greedy_games / greedy_time, 4)
    if with_env:
        from upriver.rl.bench import env_steps_per_second

        result["env_steps_per_s"] = env_steps_per_second(game, n, seconds * 0.8)
    if as_json:
        click.echo(json.dumps(result))
        return
    seats = "1 player" if n == 1 else f"{n} players"
    click.echo(f"{game}, {seats}, random play for {run['elapsed']:.2f} s, "
               f"clones for {clone_time:.2f} s")
    click.echo(f"  games:     {result['games']:>8}   {result['games_per_s']:>12,.2f} games/s")
    click.echo(f"  decisions: {result['decisions']:>8}   "
               f"{result['decisions_per_s']:>12,.0f} decisions/s   "
               f"({result['mean_decisions_per_game']} per game)")
    click.echo(f"  clones:    {clones:>8}   {result['clones_per_s']:>12,.0f} clones/s")
    click.echo(f"  mcts:                  {result['mcts_iterations_per_s']:>12,.0f} "
               "iterations/s (default settings, mid-game)")
    click.echo(f"  greedy:    {greedy_games:>8}   {result['greedy_games_per_s']:>12,.3f} games/s "
               "(greedy bot in every seat)")
    if with_env:
        rate = result["env_steps_per_s"]
        click.echo(f"  env:                   {rate:>12,.0f} PettingZoo steps/s "
                   f"({rate / result['decisions_per_s']:.2f} of random play)")


def _play_greedy(game_id: str, players: int, budget: float) -> tuple[int, float]:
    """Whole games with the greedy bot in every seat, as ``upriver simulate`` plays them, until
    ``budget`` seconds have passed (at least one): the studies' usual opponent, so its speed is
    a study's speed."""
    from upriver.sim.runner import play_game
    from upriver.sim.study import SimConfig

    config = SimConfig(game_id, ("greedy",) * players, games=1)
    games = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < budget:
        play_game(config, games)
        games += 1
    return games, time.perf_counter() - start


def _mcts_rate(samples: list[Game], budget: float) -> float:
    """MCTS iterations per second from mid-game positions (default agent settings)."""
    from upriver.agents.mcts import MCTSAgent

    positions = [g for g in samples if not g.is_over and len(g.legal_actions()) > 1]
    if not positions or budget <= 0:
        return 0.0
    # The whole budget on every position (no early stop), so the rate is of steady search.
    agent = MCTSAgent(0, iters=0, secs=max(0.05, budget / min(len(positions), 5)), bias=0.0,
                      early=0)
    total = 0
    elapsed = 0.0
    for g in positions[:5]:
        start = time.perf_counter()
        agent.choose(g)
        elapsed += time.perf_counter() - start
        total += agent.last_iterations
    return round(total / elapsed, 1) if elapsed else 0.0


@cli.command()
@click.argument("game")
@click.option("--players", "spec", required=True, metavar="SPEC",
              help="comma list of bots, e.g. mcts:secs=1,greedy,greedy,greedy")
@click.option("--games", "count", type=int, required=True, help="number of games")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--jobs", type=int, default=None, help="processes (default: all cores)")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True)
@click.option("--address", default=None,
              help="Ray cluster address, e.g. 10.0.0.5:6379 (default: a local Ray)")
@click.option("--verbose", is_flag=True,
              help="show Ray's own log lines (otherwise they go to upriver's log folder)")
@click.option("--seating", type=click.Choice(["rotate", "random"]), default="rotate",
              show_default=True, help="rotate bots through the seats, or seat them at random")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="a game option (repeatable)")
@click.option("--out", metavar="FILE", default=None,
              help="write JSON here (missing folders are made); while the study runs its "
                   "finished games are kept in FILE.games.jsonl, and a study stopped before "
                   "its end goes on from them when run again")
@click.option("--report", metavar="DIR", default=None,
              help="write plots and an HTML page into this folder (made if missing)")
@click.option("--judge-iters", type=click.IntRange(0, 1_000_000), default=0, show_default=True,
              help="judge the bots' decisions with the review's search bot at this many "
                   "iterations each (0: no judging): each bot's average loss per decision")
@click.option("--judge-share", type=click.FloatRange(0, 1, min_open=True), default=0.25,
              show_default=True, help="share of the decisions judged, drawn at random")
def simulate(game: str, spec: str, count: int, seed: int, jobs: int | None, backend: str,
             address: str | None, verbose: bool, seating: str, option_pairs: tuple[str, ...],
             out: str | None, report: str | None, judge_iters: int, judge_share: float) -> None:
    """Play many games between bots and summarise who wins, from which seat."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.table import Table

    from upriver.sim import SimConfig
    from upriver.sim import simulate as run_simulation
    from upriver.sim.journal import journal_for, played
    from upriver.sim.stats import with_interval
    from upriver.sim.summary import short_title

    rules_for(game)
    bots = [s.strip() for s in spec.split(",")]
    for bot in bots:
        if bot == "human":
            raise BadOption("simulate plays bots only; 'human' cannot take a seat")
        parse_spec(bot)
    if count < 1:
        raise BadOption("--games must be at least 1")
    options = _parse_options(option_pairs)
    config = SimConfig(game, tuple(bots), count, seed, dict(options), seating, judge_iters,
                       judge_share)
    upriver.new_game(game, len(bots), 0, **options)  # bad options fail before playing
    # Before the first game, not after the last.
    out_file = _output(out, folder=False) if out else None
    report_folder = _output(report, folder=True) if report else None
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    console = Console(stderr=True)
    # Per finished game: how many, how long so far, and the time left estimated from the
    # games finished (shown from the first one on).
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("games"), TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn())
    journal = journal_for(out_file) if out_file else None
    if journal and (kept := len(played(journal, config))):
        click.echo(f"going on from the {kept} games of {count} kept in {journal}", err=True)
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(game, total=count)
        summary = run_simulation(config, workers, backend, address,
                                 progress=lambda k: bar.advance(task, k), verbose=verbose,
                                 journal=journal)
    table = Table(title=short_title(summary["study"]))
    ahead = "ahead_share" in summary["seats"][0]
    table.add_column("slot")
    table.add_column("bot", no_wrap=True)
    table.add_column("win rate\n(95% CI)", no_wrap=True)
    if ahead:
        table.add_column("ahead of others\n(95% CI)", no_wrap=True)
    table.add_column("mean\nscore")
    table.add_column("score\nsd")
    if judge_iters:
        table.add_column("lost per decision:\nwin chance, points", no_wrap=True)
    for row in summary["seats"]:
        cells = [str(row["slot"]), row["agent"], with_interval(row, "win_rate")]
        if ahead:
            cells.append(with_interval(row, "ahead_share"))
        cells += [f"{row['mean_score']:.1f}", f"{row['score_sd']:.1f}"]
        if judge_iters:
            cells.append(f"{row['average_loss']:.4f}, {row['average_margin_loss']:.2f}")
        table.add_row(*cells)
    Console().print(table)
    if summary["opponents"]:  # solo: against each automated opponent
        against = Table(title="against the automated opponent")
        for column in ("opponent", "games", "win rate", "95% CI", "mean score",
                       "opponent mean", "opponent sd"):
            against.add_column(column)
        for row in summary["opponents"]:
            low, high = row["win_rate_ci95"]
            against.add_row(row["opponent"], str(row["games"]), f"{row['win_rate']:.3f}",
                            f"{low:.3f}-{high:.3f}", f"{row['mean_score']:.1f}",
                            f"{row['opponent_mean_score']:.1f}",
                            f"{row['opponent_score_sd']:.1f}")
        Console().print(against)
    positions = ", ".join(
        f"{r['position']}. {r['win_rate']:.3f} ({r['win_rate_ci95'][0]:.3f}-"
        f"{r['win_rate_ci95'][1]:.3f})" for r in summary["turn_positions"])
    click.echo(f"win rate by turn position (95% interval): {positions}")
    click.echo(f"reproduce: {summary['study']['command']}")
    if out_file:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        with out_file.open("w") as f:
            json.dump(summary, f, indent=1)
        if journal:
            journal.unlink(missing_ok=True)  # the study is whole in FILE now
    if report_folder:
        from upriver.sim.report import write_report

        click.echo(f"report: {write_report(summary, report_folder)}")


# ---------------------------------------------------------------- review


def _reviewable(file: str) -> tuple[Game, list[tuple[int, str]], list[str]]:
    """The start, decisions and seat names of a finished game in a replay file."""
    data = _read_json(file)
    if not isinstance(data, dict) or data.get("format") != saves.REPLAY_FORMAT:
        raise BadPosition(f"{file}: a review needs a replay file ('upriver play --save'); a "
                          "plain save keeps no start to replay")
    if data.get("seed") is None:
        raise BadPosition(f"{file}: this replay was resumed from a plain save and has no seed "
                          "to replay it from")
    start, seats, history = _rebuild(data)
    end = start.clone()
    for i, (seat, action) in enumerate(history, 1):
        _play_recorded(end, i, seat, action)
    if not end.is_over:
        raise BadPosition(f"{file}: the game is not finished ({len(history)} decisions so "
                          "far); a review is of a finished game")
    return start, history, seats


@cli.command()
@click.argument("file")
@click.option("--seat", type=int, default=None, help="review this seat only (default: all)")
@click.option("--secs", type=click.FloatRange(0, 600, min_open=True), default=None,
              help="seconds of search per turn (a time budget: not reproducible)")
@click.option("--iters", type=click.IntRange(1, 1_000_000), default=None,
              help="search iterations per turn (the default budget, reproducible) "
                   "[default: 4000]")
@click.option("--per", type=click.Choice(["turn", "decision"]), default="turn",
              show_default=True,
              help="what the budget is for: a seat's turn, searched as one tree, or each "
                   "decision on its own (slower)")
@click.option("--seed", type=int, default=0, show_default=True, help="the judge's seed")
@click.option("--jobs", type=click.IntRange(1, 256), default=None,
              help="processes (default: all cores)")
@click.option("--out", metavar="DIR", default=".", show_default=True,
              help="folder for the review's JSON and its graph (PNG); made if missing")
def review(file: str, seat: int | None, secs: float | None, iters: int | None, per: str,
           seed: int, jobs: int | None, out: str) -> None:
    """Review a finished game: each decision judged against the search bot's choice."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from upriver.review import draw, review_game
    from upriver.review.report import decision_table, summary_table

    if secs is not None and iters is not None:
        raise BadOption("give --iters or --secs, not both")
    start, history, names = _reviewable(file)
    if seat is not None and not 0 <= seat < start.num_players:
        raise BadOption(f"--seat must be from 0 to {start.num_players - 1}, not {seat}")
    folder = _output(out, folder=True)  # before the review starts
    stem = Path(file).stem
    console = Console(stderr=True)
    columns = (TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(),
               TextColumn("decisions"), TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn())
    started = time.perf_counter()
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("review", total=None)
        result = review_game(start, history, seats=None if seat is None else [seat],
                             iters=iters or 0, secs=secs or 0.0, seed=seed,
                             jobs=jobs or os.cpu_count() or 1, per=per,
                             progress=lambda done, total: bar.update(task, completed=done,
                                                                     total=total))
    result.names = [f"{_label(s, names)}" for s in range(start.num_players)]
    elapsed = time.perf_counter() - started
    shown = Console()
    for s in result.seats:
        shown.print(decision_table(result, s))
    shown.print(summary_table(result))
    json_path, png_path = folder / f"{stem}-review.json", folder / f"{stem}-review.png"
    folder.mkdir(parents=True, exist_ok=True)
    json_path.write_text(result.to_json() + "\n")
    draw(result, png_path)
    budget = f"{result.secs:g} s" if result.secs else f"{result.iters} iterations"
    click.echo(f"{len(result.judgements)} decisions judged in {elapsed:.0f} s ({budget} a "
               f"{per}, seed {seed})")
    click.echo(f"wrote {json_path} and {png_path}")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", default=None, metavar="URL",
              help="database URL (default: SQLite in the user's data folder), "
                   "e.g. postgresql://user:password@localhost/upriver")
@click.option("--bot-delay", type=click.FloatRange(0, 10), default=0.4, show_default=True,
              help="seconds a bot waits before each decision, so people can follow")
@click.option("--bot-workers", type=click.IntRange(0, 64), default=None,
              help="processes for bot decisions (default: all cores but one; 0: a thread)")
@click.option("--review-iters", type=click.IntRange(1, 1_000_000), default=None,
              help="search iterations per turn in game reviews [default: 4000]")
@click.option("--idle-minutes", type=click.FloatRange(0.1, 1440), default=5.0,
              show_default=True,
              help="a game nobody watches or plays leaves memory after this long (it is "
                   "loaded from the database when next asked for)")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="server processes sharing the address (above 1: PostgreSQL only)")
@click.option("--log-format", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="the log on standard error: lines for people, or JSON")
def serve(host: str, port: int, db: str | None, bot_delay: float,
          bot_workers: int | None, review_iters: int | None, idle_minutes: float,
          workers: int, log_format: str) -> None:
    """Start the web app and print its address."""
    from upriver.server import serve as run_server

    run_server(host, port, db, bot_delay=bot_delay, bot_workers=bot_workers,
               review_iters=review_iters, idle_seconds=idle_minutes * 60, workers=workers,
               log_format=log_format)


if __name__ == "__main__":  # pragma: no cover
    main()
