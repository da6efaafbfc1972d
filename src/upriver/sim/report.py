"""A simulation report: PNG plots and one HTML page that shows them with the numbers."""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt

from upriver.sim.stats import with_interval
from upriver.sim.summary import short_title


def _scores_by(summary: dict[str, Any], key: str) -> list[list[float]]:
    p = len(summary["players"])
    out: list[list[float]] = [[] for _ in range(p)]
    for r in summary["results"]:
        for seat in range(p):
            index = seat if key == "seat" else r["seating"][seat]
            out[index].append(r["scores"][seat])
    return out


def _titled(ax: Any, title: str, study: str) -> None:
    """The plot's subject, and under it the study in short (so a plot cut out still says
    what it shows)."""
    ax.set_title(f"{title}\n{study}", fontsize=9)


def _boxplot(path: Path, data: list[list[float]], labels: list[str], title: str,
             study: str) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.boxplot(data, tick_labels=labels)
    _titled(ax, title, study)
    ax.set_ylabel("final score")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _win_rates(path: Path, rows: list[dict[str, Any]], labels: list[str], title: str,
               study: str) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    rates = [r["win_rate"] for r in rows]
    low = [r["win_rate"] - r["win_rate_ci95"][0] for r in rows]
    high = [r["win_rate_ci95"][1] - r["win_rate"] for r in rows]
    ax.bar(labels, rates, yerr=[low, high], capsize=4, color="#4a7fb5")
    ax.axhline(1 / len(rows), color="grey", linestyle="--", linewidth=1, label="even share")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    _titled(ax, title, study)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _lengths(path: Path, summary: dict[str, Any], study: str) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.hist([r["decisions"] for r in summary["results"]], bins=20, color="#6a9f58")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    _titled(ax, "Game length", study)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


Column = tuple[str, Callable[[dict[str, Any]], str]]


def _rate(r: dict[str, Any]) -> str:
    return f"{r['win_rate']:.3f}"


def _interval(r: dict[str, Any]) -> str:
    low, high = r["win_rate_ci95"]
    return f"{low:.3f}-{high:.3f}"


def _ahead(r: dict[str, Any]) -> str:
    if "ahead_share" not in r:  # solo: no other seat
        return "-"
    return with_interval(r, "ahead_share")


def _key(name: str, digits: int | None = None) -> Callable[[dict[str, Any]], str]:
    if digits is None:
        return lambda r: str(r[name])
    return lambda r: f"{r[name]:.{digits}f}"


WINS: list[Column] = [("games", _key("games")), ("wins", _key("wins", 1)), ("win rate", _rate),
                      ("95% interval", _interval)]


def _table(rows: list[dict[str, Any]], columns: list[Column]) -> str:
    head = "".join(f"<th>{html.escape(name)}</th>" for name, _ in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell(r))}</td>" for _, cell in columns) + "</tr>"
        for r in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _settings(bot: dict[str, Any]) -> str:
    rest = {k: v for k, v in bot["settings"].items() if k != "agent"}
    return ", ".join(f"{k}={v}" for k, v in rest.items()) or "no settings"


def write_report(summary: dict[str, Any], directory: str | Path) -> Path:
    """Write the plots and ``index.html`` into ``directory``; return the page's path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    study = summary["study"]
    short = short_title(study)
    p = len(summary["players"])
    agents = [f"{i}: {a}" for i, a in enumerate(summary["players"])]
    _boxplot(out / "scores_by_seat.png", _scores_by(summary, "seat"),
             [f"seat {s}" for s in range(p)], "Scores by table seat", short)
    _boxplot(out / "scores_by_bot.png", _scores_by(summary, "slot"), agents, "Scores by bot",
             short)
    _win_rates(out / "win_rate_by_turn_position.png", summary["turn_positions"],
               [f"{k + 1}." for k in range(p)], "Win rate by turn position in round 1", short)
    _win_rates(out / "win_rate_by_bot.png", summary["seats"], agents, "Win rate by bot", short)
    _lengths(out / "game_length.png", summary, short)
    options = "; ".join(f"{k} = {json.dumps(v)}" for k, v in study["options"].items()) \
        or "none"
    bots = "".join(f"<li>slot {b['slot']}: <code>{html.escape(b['spec'])}</code> "
                   f"({html.escape(_settings(b))})</li>" for b in study["bots"])
    length = summary["game_length"]
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>upriver study: {html.escape(short)}</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;margin:1rem 0}}td,th{{border:1px solid #ccc;padding:.25rem .6rem}}
td{{text-align:right}}td:first-child{{text-align:left}}img{{max-width:100%}}</style></head><body>
<h1>{html.escape(study['game_name'])}: {study['games']} games, {study['players']} players</h1>
<h2>The study</h2>
<ul><li>bots: <ul>{bots}</ul></li>
<li>options (defaults included): {html.escape(options)}</li>
<li>seed {study['seed']}; seating: {html.escape(study['seating'])}
(rotate: each bot plays each seat equally often)</li>
<li>upriver {html.escape(study['upriver_version'])}; reproduce with
<code>{html.escape(study['command'])}</code></li></ul>
<p>A shared victory counts as an equal fraction of a win for each winner. Intervals are 95%
Wilson score intervals. "Ahead of others" is the share of the other seats a bot outscored (an
equal score counts half), averaged over games, with a 95% normal interval: even play gives 0.5
at any player count.</p>
<h2>Bots</h2>
{_table(summary['seats'], [("slot", _key("slot")), ("bot", _key("agent")), *WINS,
                           ("ahead of others", _ahead),
                           ("mean score", _key("mean_score", 1)),
                           ("score sd", _key("score_sd", 1))])}
<img src="win_rate_by_bot.png" alt="win rate by bot"><img src="scores_by_bot.png" alt="scores">
<h2>Seat advantage</h2>
<p>By position in the first round's turn order (the seat advantage a designer asks about), then by
table seat (which, with rotated seating, every bot holds equally often).</p>
{_table(summary['turn_positions'], [("turn position", _key("position")), *WINS])}
{_table(summary['table_seats'], [("table seat", _key("seat")), *WINS,
                                 ("mean score", _key("mean_score", 1))])}
<img src="win_rate_by_turn_position.png" alt="win rate by position">
<img src="scores_by_seat.png" alt="scores by seat">
<h2>Game length</h2>
<p>{length['mean_decisions']:.1f} decisions on average (sd {length['sd_decisions']:.1f}),
{length['mean_rounds']:.1f} rounds.</p>
<img src="game_length.png" alt="game length">
<h2>Components</h2>
<p>Win rate of the seats that held each component; lift is that rate over an even share.</p>
{_table(summary['components'][:40], [("component", _key("component")),
                                      ("times held", _key("held")), *WINS[1:],
                                      ("lift", _key("lift", 2))])}
</body></html>
"""
    page_path = out / "index.html"
    page_path.write_text(page)
    return page_path
