"""Print the markdown tables of docs/balance.md from the JSON files of scripts/balance-study.sh.

Usage: .venv/bin/python scripts/balance_tables.py balance/ [ladder/]
(the second folder: scripts/strength-ladder.sh's results)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _load(folder: Path, name: str) -> dict | None:
    path = folder / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def _ci(row: dict) -> str:
    low, high = row["win_rate_ci95"]
    return f"{row['win_rate']:.3f} ({low:.3f}-{high:.3f})"


def seat_advantage(folder: Path) -> None:
    print("| game | players | games | win rate by turn position (95% CI) | mean score | "
          "decisions/game |")
    print("|---|---|---|---|---|---|")
    for label, prefix in (("12 Rivers (current)", "12r-current"), ("12 Rivers (2022)", "12r-2022"),
                          ("The River", "river")):
        for players in (2, 3, 4):
            d = _load(folder, f"{prefix}-{players}p")
            if not d:
                continue
            positions = "; ".join(f"{t['position']}. {_ci(t)}" for t in d["turn_positions"])
            mean = sum(s["mean_score"] for s in d["seats"]) / len(d["seats"])
            print(f"| {label} | {players} | {d['games']} | {positions} | {mean:.1f} | "
                  f"{d['game_length']['mean_decisions']:.0f} |")


def editions(folder: Path) -> None:
    print("| players | edition | mean score | score sd | decisions/game | first seat win rate |")
    print("|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        for edition in ("current", "2022"):
            d = _load(folder, f"12r-{edition}-{players}p")
            if not d:
                continue
            scores = [s for r in d["results"] for s in r["scores"]]
            mean = sum(scores) / len(scores)
            sd = (sum((s - mean) ** 2 for s in scores) / (len(scores) - 1)) ** 0.5
            print(f"| {players} | {edition} | {mean:.1f} | {sd:.1f} | "
                  f"{d['game_length']['mean_decisions']:.0f} | {_ci(d['turn_positions'][0])} |")


def components(folder: Path, name: str, top: int = 8) -> None:
    d = _load(folder, name)
    if not d:
        return
    rows = d["components"]
    print(f"Most and least winning components in `{name}` (baseline {1 / len(d['players']):.3f}):")
    print()
    print("| component | held | win rate (95% CI) | lift |")
    print("|---|---|---|---|")
    for c in rows[:top] + rows[-top:]:
        print(f"| {c['component']} | {c['held']} | {_ci(c)} | {c['lift']:.2f} |")
    print()


def _ahead(row: dict) -> str:
    if "ahead_share" not in row:  # written before upriver reported it
        return "-"
    low, high = row["ahead_share_ci95"]
    return f"{row['ahead_share']:.3f} ({low:.3f}-{high:.3f})"


LADDER = ("ladder-12r-greedy-random-4p", "ladder-river-greedy-random-2p",
          "ladder-river-greedy-random-4p", "ladder-12r-mcts-greedy-4p",
          "ladder-river-mcts-greedy-2p", "ladder-river-mcts-greedy-4p")
STRENGTH = tuple(f"{game}-{p}p" for game in ("12r", "12r-2022", "river", "wayfarers")
                 for p in (2, 4))  # scripts/strength-ladder.sh
BOARDS = ("stargazer", "inventor", "mayor", "wayfarer")


def ladder(folder: Path, names: tuple[str, ...] = LADDER) -> None:
    print("| match | games | win rate of the first bot (95% CI) | even | "
          "ahead of others (95% CI) | mean score |")
    print("|---|---|---|---|---|---|")
    for name in names:
        d = _load(folder, name)
        if d:
            first = d["seats"][0]
            print(f"| {d['game']}: {', '.join(d['players'])} | {d['games']} | {_ci(first)} | "
                  f"{1 / len(d['players']):.2f} | {_ahead(first)} | "
                  f"{first['mean_score']:.1f} |")


def solo_ladder(folder: Path) -> None:
    """The hard bot against greedy alone against each AI board, on the same deals: the share of
    deals where the hard bot's margin over the opponent is the larger (a tie half), with a 95%
    normal interval, and both bots' win rates against the opponent."""
    print("| AI board | games | hard bot ahead of greedy (95% CI) | hard bot's margin | "
          "greedy's margin | wins against the opponent: hard, greedy |")
    print("|---|---|---|---|---|---|")
    for board in BOARDS:
        hard = _load(folder, f"wayfarers-solo-{board}")
        greedy = _load(folder, f"wayfarers-solo-{board}-greedy")
        if not hard or not greedy:
            continue
        pairs = list(zip(_margins(hard), _margins(greedy), strict=True))
        ahead = [1.0 if h > g else 0.5 if h == g else 0.0 for h, g in pairs]
        n = len(ahead)
        share = sum(ahead) / n
        sd = (sum((a - share) ** 2 for a in ahead) / max(1, n - 1)) ** 0.5
        half = 1.96 * sd / n ** 0.5
        print(f"| {board} | {n} | {share:.3f} ({max(0, share - half):.3f}-"
              f"{min(1, share + half):.3f}) | {sum(h for h, _ in pairs) / n:+.1f} | "
              f"{sum(g for _, g in pairs) / n:+.1f} | {_ci(hard['opponents'][0])}, "
              f"{_ci(greedy['opponents'][0])} |")


def _margins(study: dict) -> list[float]:
    """Per game, the seat's score less the automated opponent's."""
    return [r["scores"][0] - r["opponents"][0]["score"] for r in study["results"]]


def solo(folder: Path) -> None:
    """The solo study (scripts/solo-study.sh): each bot against each AI board."""
    rows = []
    for bot in ("greedy", "mcts"):
        for board in ("stargazer", "inventor", "mayor", "wayfarer"):
            d = _load(folder, f"solo-{bot}-{board}")
            if d:
                rows.append((d["players"][0], d["opponents"][0], d["game_length"]))
    if not rows:
        return
    print("| bot | AI board | games | bot's win rate (95% CI) | bot's mean score (sd) | "
          "the opponent's mean score (sd) | decisions/game |")
    print("|---|---|---|---|---|---|---|")
    for bot, o, length in rows:
        print(f"| {bot} | {o['opponent']} | {o['games']} | {_ci(o)} | {o['mean_score']:.1f} "
              f"({o['score_sd']:.1f}) | {o['opponent_mean_score']:.1f} "
              f"({o['opponent_score_sd']:.1f}) | {length['mean_decisions']:.0f} |")


if __name__ == "__main__":
    here = Path(sys.argv[1] if len(sys.argv) > 1 else "balance")
    seat_advantage(here)
    print()
    editions(here)
    print()
    for game in ("12r-current-4p", "12r-2022-4p", "river-4p"):
        components(here, game)
    ladder(here)
    print()
    solo(here)
    if len(sys.argv) > 2:
        print()
        ladder(Path(sys.argv[2]), STRENGTH)
        print()
        solo_ladder(Path(sys.argv[2]))
