"""A simulation report: PNG plots and one HTML page that shows them with the numbers."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only, no screen
import matplotlib.pyplot as plt


def _scores_by(summary: dict[str, Any], key: str) -> list[list[float]]:
    p = len(summary["players"])
    out: list[list[float]] = [[] for _ in range(p)]
    for r in summary["results"]:
        for seat in range(p):
            index = seat if key == "seat" else r["seating"][seat]
            out[index].append(r["scores"][seat])
    return out


def _boxplot(path: Path, data: list[list[float]], labels: list[str], title: str) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.boxplot(data, tick_labels=labels)
    ax.set_title(title)
    ax.set_ylabel("final score")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _win_rates(path: Path, rows: list[dict[str, Any]], labels: list[str], title: str) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    rates = [r["win_rate"] for r in rows]
    low = [r["win_rate"] - r["win_rate_ci95"][0] for r in rows]
    high = [r["win_rate_ci95"][1] - r["win_rate"] for r in rows]
    ax.bar(labels, rates, yerr=[low, high], capsize=4, color="#4a7fb5")
    ax.axhline(1 / len(rows), color="grey", linestyle="--", linewidth=1, label="even share")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _lengths(path: Path, summary: dict[str, Any]) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    ax.hist([r["decisions"] for r in summary["results"]], bins=20, color="#6a9f58")
    ax.set_xlabel("decisions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _table(rows: list[dict[str, Any]], columns: list[str]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in columns) + "</tr>"
        for r in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def write_report(summary: dict[str, Any], directory: str | Path) -> Path:
    """Write the plots and ``index.html`` into ``directory``; return the page's path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    p = len(summary["players"])
    agents = [f"{i}: {a}" for i, a in enumerate(summary["players"])]
    _boxplot(out / "scores_by_seat.png", _scores_by(summary, "seat"),
             [f"seat {s}" for s in range(p)], "Scores by table seat")
    _boxplot(out / "scores_by_bot.png", _scores_by(summary, "slot"), agents, "Scores by bot")
    _win_rates(out / "win_rate_by_turn_position.png", summary["turn_positions"],
               [f"{k + 1}." for k in range(p)], "Win rate by turn position in round 1")
    _win_rates(out / "win_rate_by_bot.png", summary["seats"], agents, "Win rate by bot")
    _lengths(out / "game_length.png", summary)
    options = json.dumps(summary["options"]) if summary["options"] else "defaults"
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>upriver simulation: {html.escape(summary['game'])}</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}}
table{{border-collapse:collapse;margin:1rem 0}}td,th{{border:1px solid #ccc;padding:.25rem .6rem}}
img{{max-width:100%}}</style></head><body>
<h1>{html.escape(summary['game'])}: {summary['games']} games</h1>
<p>Bots: {html.escape(', '.join(summary['players']))}; options: {html.escape(options)};
seed {summary['seed']}; seating: {html.escape(summary['seating'])}. A shared victory counts as an
equal fraction of a win. Intervals are 95% Wilson intervals.</p>
<h2>Bots</h2>
{_table(summary['seats'], ['slot', 'agent', 'games', 'wins', 'win_rate', 'win_rate_ci95',
                           'mean_score', 'score_sd'])}
<img src="win_rate_by_bot.png" alt="win rate by bot"><img src="scores_by_bot.png" alt="scores">
<h2>Seat advantage</h2>
{_table(summary['turn_positions'], ['position', 'games', 'wins', 'win_rate', 'win_rate_ci95'])}
{_table(summary['table_seats'], ['seat', 'games', 'wins', 'win_rate', 'win_rate_ci95',
                                 'mean_score'])}
<img src="win_rate_by_turn_position.png" alt="win rate by position">
<img src="scores_by_seat.png" alt="scores by seat">
<h2>Game length</h2>
<p>{summary['game_length']['mean_decisions']} decisions on average
(sd {summary['game_length']['sd_decisions']}), {summary['game_length']['mean_rounds']} rounds.</p>
<img src="game_length.png" alt="game length">
<h2>Components</h2>
<p>Win rate of the seats that held each component; lift is that rate over an even share.</p>
{_table(summary['components'][:40], ['component', 'held', 'wins', 'win_rate', 'win_rate_ci95',
                                      'lift'])}
</body></html>
"""
    page_path = out / "index.html"
    page_path.write_text(page)
    return page_path
