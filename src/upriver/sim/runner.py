"""Playing many games between bots, in this process, in local processes or on a Ray cluster.

Game ``i`` is fully determined by the run's seed and ``i`` (its own game seed, its seating and
its bots' seeds), and results are put back in game order, so a run gives the same results for the
same seed whatever the backend or the number of jobs.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from pathlib import Path
from typing import Any

import upriver
from upriver.agents import make_agent
from upriver.core.errors import BadOption
from upriver.core.registry import rules_for
from upriver.core.rng import derive_seed
from upriver.review.judge import judge
from upriver.sim.journal import Journal, played
from upriver.sim.study import SimConfig

MAX_DECISIONS = 100_000  # a bound on every game loop
JUDGE_STREAM = 0x7D6E  # the seeds of judging, apart from the game's and the bots'


def play_game(config: SimConfig, index: int) -> dict[str, Any]:
    """One game: its seating, scores, winners, length and what each seat ended up holding."""
    seating = config.seating_of(index)
    g = upriver.new_game(config.game, players=len(config.players),
                         seed=derive_seed(config.seed, index), **config.options)
    rules: Any = rules_for(config.game)
    start_order = rules.start_order(g.state) if hasattr(rules, "start_order") else list(
        range(g.num_players))
    agents = [make_agent(config.players[slot], derive_seed(config.seed, index, 1000 + slot))
              for slot in seating]
    judged: list[list[list[Any]]] = [[] for _ in seating]
    sample = random.Random(derive_seed(config.seed, index, JUDGE_STREAM))
    for _ in range(MAX_DECISIONS):
        if g.is_over:
            break
        seat = g.to_move
        assert seat is not None
        action = agents[seat].choose(g)
        if config.judge_iters and g.legal_count() > 1 and sample.random() < config.judge_share:
            # The judge searches copies only: the game and the bots go on exactly as unjudged.
            j = judge(g, action, iters=config.judge_iters,
                      seed=derive_seed(config.seed, index, len(g.history), JUDGE_STREAM))
            judged[seat].append([j.loss, j.margin_loss, j.grade])
        g.play(action)
    else:
        raise RuntimeError(f"game {index} did not end within {MAX_DECISIONS} decisions")
    components = ([rules.notable_components(g.state, s) for s in range(g.num_players)]
                  if hasattr(rules, "notable_components") else [[] for _ in seating])
    view = g.view(None)
    return {
        "index": index,
        "seating": seating,
        "turn_position": [start_order.index(s) for s in range(g.num_players)],
        "scores": g.scores(),
        "breakdown": g.score_breakdown(),
        "winners": g.winners(),
        # A solo game's automated opponents (not seats): name and score.
        "opponents": [{"name": o["name"], "score": o["score"]} for o in g.opponents()],
        "decisions": len(g.history),
        "rounds": int(view.get("round", 0)),
        "components": components,
        **({"judged": judged} if config.judge_iters else {}),
    }


def _play_chunk(config_dict: dict[str, Any], indices: list[int]) -> list[dict[str, Any]]:
    config = SimConfig(**{**config_dict, "players": tuple(config_dict["players"])})
    return [play_game(config, i) for i in indices]


def run_games(config: SimConfig, jobs: int = 1, backend: str = "local",
              address: str | None = None,
              progress: Callable[[int], None] | None = None,
              verbose: bool = False, journal: Path | None = None) -> list[dict[str, Any]]:
    """Play ``config.games`` games; ``progress`` is told how many more games finished. Ray
    (``backend="ray"``) logs to ``ray_log_file()`` unless ``verbose``. With a ``journal``
    (``sim.journal``) each game is written down as it ends and the games it already holds are
    not played again."""
    if backend not in ("local", "ray"):
        raise BadOption(f"unknown backend {backend!r} (backends: local, ray)")
    if jobs < 1:
        raise BadOption("jobs must be at least 1")
    for spec in config.players:
        make_agent(spec, 0)  # refuse a bad bot before starting anything
    if not 0 <= config.judge_iters <= 1_000_000:
        raise BadOption(f"judge iterations must be from 0 to 1000000, not {config.judge_iters}")
    if not 0 < config.judge_share <= 1:
        raise BadOption(f"the judged share must be above 0 and at most 1, not "
                        f"{config.judge_share:g}")
    upriver.new_game(config.game, players=len(config.players), **config.options)
    kept = played(journal, config) if journal else {}
    # One game a task, so progress counts every game.
    chunks = [[i] for i in range(config.games) if i not in kept]
    payload = asdict(config)
    results: list[dict[str, Any]] = list(kept.values())
    if progress and kept:
        progress(len(kept))
    book = Journal(journal, config) if journal else None

    def finished(part: list[dict[str, Any]]) -> None:
        results.extend(part)
        if book:
            book.add(part)
        if progress:
            progress(len(part))

    try:
        if backend == "ray":
            if chunks:  # a finished journal needs no cluster
                _run_ray(payload, chunks, jobs, address, finished, verbose)
        elif jobs == 1:
            for chunk in chunks:
                finished(_play_chunk(payload, chunk))
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [pool.submit(_play_chunk, payload, chunk) for chunk in chunks]
                for future in _as_done(futures):
                    finished(future.result())
    finally:
        if book:
            book.close()
    return sorted(results, key=lambda r: r["index"])


def _as_done(futures: Iterable[Any]) -> Iterable[Any]:
    from concurrent.futures import as_completed

    return as_completed(futures)


def ray_log_file() -> Path:
    """Where Ray's own log lines go unless a run asks to see them (``--verbose``)."""
    from platformdirs import user_log_dir

    return Path(user_log_dir("upriver")) / "ray.log"


def _ray_logs_to_file() -> None:
    """Ray's driver-side log lines (its start-up notes and warnings) go to ``ray_log_file``
    rather than to the console; the cluster's own logs stay in Ray's session folder. Ray
    empties its logger's handlers when it starts, so the file listens on the root logger, for
    Ray's records only."""
    path = ray_log_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    root = logging.getLogger()
    if not any(getattr(h, "upriver_ray", False) for h in root.handlers):
        handler = logging.FileHandler(path)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(logging.Filter("ray"))
        handler.upriver_ray = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    ray_logger = logging.getLogger("ray")
    ray_logger.handlers = []  # its console handler, set up when ray is imported
    ray_logger.propagate = True


def _run_ray(payload: dict[str, Any], chunks: list[list[int]], jobs: int, address: str | None,
             finished: Callable[[list[dict[str, Any]]], None], verbose: bool = False) -> None:
    try:
        import ray
    except ImportError:
        raise BadOption("the ray backend needs the ray package (pip install 'upriver[ray]')"
                        ) from None
    started_here = not ray.is_initialized()
    if started_here:
        if not verbose:
            _ray_logs_to_file()
        if address:
            ray.init(address=address, log_to_driver=verbose, configure_logging=verbose)
        else:  # a local Ray instance just for this run, on loopback
            ray.init(num_cpus=jobs, include_dashboard=False, _node_ip_address="127.0.0.1",
                     log_to_driver=verbose, configure_logging=verbose)
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(payload, chunk) for chunk in chunks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            finished(ray.get(done[0]))
    finally:
        if started_here:
            ray.shutdown()
