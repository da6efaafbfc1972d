"""Summaries of a simulation: per bot slot, per table seat, per turn position, per component."""

from __future__ import annotations

import shlex
from collections import defaultdict
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from upriver.agents import agent_settings
from upriver.core.options import check_options
from upriver.core.registry import rules_for
from upriver.sim.stats import mean, mean_ci, stdev, wilson
from upriver.sim.study import SimConfig


def _rate(wins: float, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": round(wins, 3), "games": n, "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_ci95": [round(low, 4), round(high, 4)]}


def _ahead(results: list[dict[str, Any]], slot: int, p: int) -> dict[str, Any]:
    """How often a bot slot finishes ahead of another seat: per game, the share of the other
    seats it outscored (an equal score counts half), averaged over games, with its 95%
    interval. Even play gives 0.5 whatever the player count, which a win rate does not."""
    shares = []
    for r in results:
        mine = r["scores"][r["seating"].index(slot)]
        others = [sc for seat, sc in enumerate(r["scores"]) if r["seating"][seat] != slot]
        shares.append(sum(1.0 if mine > sc else 0.5 if mine == sc else 0.0
                          for sc in others) / (p - 1))
    low, high = mean_ci(shares)
    return {"ahead_share": round(mean(shares), 4), "ahead_share_ci95": [round(low, 4),
                                                                         round(high, 4)]}


def _judged(results: list[dict[str, Any]], slot: int) -> dict[str, Any]:
    """A bot slot's decisions as the review's judge saw them (``simulate --judge-iters``): how
    many were judged, the average win chance and points lost per decision (with the 95%
    interval of the first), and how many fell in each class."""
    from upriver.review.classes import CLASSES

    mine = [d for r in results for d in r["judged"][r["seating"].index(slot)]]
    losses = [float(d[0]) for d in mine]
    low, high = mean_ci(losses)
    return {"judged_decisions": len(mine), "average_loss": round(mean(losses), 4),
            "average_loss_ci95": [round(low, 4), round(high, 4)],
            "average_margin_loss": round(mean([float(d[1]) for d in mine]), 3),
            "classes": {c: sum(1 for d in mine if d[2] == c) for c in CLASSES}}


def summarise(config: SimConfig, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON of ``simulate --out``: per agent slot (``seats``), per table seat and per turn
    position (seat advantage), game length, and per-component win contribution. A shared victory
    counts as an equal fraction of a win for each winner; with two seats or more, each slot also
    has its share of the other seats it outscored (``_ahead``)."""
    p = len(config.players)
    n = len(results)
    slot_wins = [0.0] * p
    slot_scores: list[list[float]] = [[] for _ in range(p)]
    seat_wins = [0.0] * p
    seat_scores: list[list[float]] = [[] for _ in range(p)]
    turn_wins = [0.0] * p
    held: defaultdict[str, list[float]] = defaultdict(lambda: [0, 0.0])  # times held, wins
    for r in results:
        share = 1.0 / len(r["winners"]) if r["winners"] else 0.0
        for seat in range(p):
            slot = r["seating"][seat]
            won = share if seat in r["winners"] else 0.0
            slot_wins[slot] += won
            seat_wins[seat] += won
            turn_wins[r["turn_position"][seat]] += won
            slot_scores[slot].append(r["scores"][seat])
            seat_scores[seat].append(r["scores"][seat])
            for name in sorted(set(r["components"][seat])):  # one order in every process
                held[name][0] += 1
                held[name][1] += won
    seats = []
    for slot, spec in enumerate(config.players):
        entry = {"slot": slot, "agent": spec, **_rate(slot_wins[slot], n),
                 "mean_score": round(mean(slot_scores[slot]), 3),
                 "score_sd": round(stdev(slot_scores[slot]), 3)}
        if p > 1:
            entry.update(_ahead(results, slot, p))
        if config.judge_iters:
            entry.update(_judged(results, slot))
        seats.append(entry)
    table = [{"seat": s, **_rate(seat_wins[s], n), "mean_score": round(mean(seat_scores[s]), 3)}
             for s in range(p)]
    turns = [{"position": k + 1, **_rate(turn_wins[k], n)} for k in range(p)]
    baseline = 1.0 / p
    components = sorted(
        ({"component": name, "held": int(times), **_rate(wins, int(times)),
          "lift": round((wins / times) / baseline, 3) if times else 0.0}
         for name, (times, wins) in held.items() if times >= max(5, n // 50)),
        key=lambda c: (-c["win_rate"], c["component"]),  # ties by name: the same every run
    )
    lengths = [r["decisions"] for r in results]
    study = describe(config)
    return {
        "study": study,
        "opponents": _opponents(results),
        "game": config.game,
        "options": study["options"],
        "players": list(config.players),
        "games": n,
        "seed": config.seed,
        "seating": config.seating,
        "seats": seats,
        "table_seats": table,
        "turn_positions": turns,
        "game_length": {"mean_decisions": round(mean(lengths), 2),
                        "sd_decisions": round(stdev(lengths), 2),
                        "mean_rounds": round(mean([r["rounds"] for r in results]), 3)},
        "components": components,
        "results": results,
    }


def _opponents(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Solo games, per automated opponent (per AI board when drawn at random): the games
    against it, the seats' win rate with its 95% interval, and both sides' scores. A game is
    won when the seats have any winner."""
    by: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in results:
        for o in r.get("opponents", []):
            by[o["name"]].append(r)
    out = []
    for name, games in sorted(by.items()):
        theirs = [float(o["score"]) for r in games for o in r["opponents"] if o["name"] == name]
        mine = [float(max(r["scores"])) for r in games]
        out.append({"opponent": name, **_rate(sum(1.0 for r in games if r["winners"]),
                                              len(games)),
                    "mean_score": round(mean(mine), 3), "score_sd": round(stdev(mine), 3),
                    "opponent_mean_score": round(mean(theirs), 3),
                    "opponent_score_sd": round(stdev(theirs), 3)})
    return out


def upriver_version() -> str:
    try:
        return version("upriver")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown"


def describe(config: SimConfig) -> dict[str, Any]:
    """What a study was, in full, for its report to state: the game, every option (defaults
    included), each bot slot with all its settings, games, seed, seating, the upriver version,
    and the command that reproduces the figures (``--jobs``, ``--backend`` and where the output
    goes change no figure, so the command leaves them out and is the same whatever they were)."""
    rules = rules_for(config.game)
    players = len(config.players)
    options = check_options(config.game, rules.options, config.options, players)
    words = ["upriver", "simulate", config.game, "--players", ",".join(config.players),
             "--games", str(config.games), "--seed", str(config.seed),
             "--seating", config.seating]
    for key, value in sorted(config.options.items()):
        text = str(value).lower() if isinstance(value, bool) else str(value)
        words += ["--option", f"{key}={text}"]
    if config.judge_iters:
        words += ["--judge-iters", str(config.judge_iters),
                  "--judge-share", f"{config.judge_share:g}"]
    return {
        "game": config.game,
        "game_name": rules.name,
        "players": players,
        "options": options,
        "bots": [{"slot": slot, "spec": spec, "settings": agent_settings(spec)}
                 for slot, spec in enumerate(config.players)],
        "games": config.games,
        "seed": config.seed,
        "seating": config.seating,
        **({"judge": {"iters": config.judge_iters, "share": config.judge_share}}
           if config.judge_iters else {}),
        "upriver_version": upriver_version(),
        "command": shlex.join(words),
    }


def short_title(study: dict[str, Any]) -> str:
    """The study in a line, for plot titles: game, players, bots, games and seed."""
    specs = [b["spec"] for b in study["bots"]]
    bots = f"{specs[0]} x{len(specs)}" if len(set(specs)) == 1 and len(specs) > 1 \
        else ", ".join(specs)
    changed = [f"{k}={v}" for k, v in study["options"].items()
               if v != rules_for(study["game"]).options[k].default]
    extra = f" ({', '.join(changed)})" if changed else ""
    return (f"{study['game_name']}{extra}, {study['players']}p: {bots}; "
            f"{study['games']} games, seed {study['seed']}")
