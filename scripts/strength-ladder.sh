#!/usr/bin/env bash
# The strength ladder of docs/bots.md: the web's hard bot (HARD, default mcts:secs=1) against
# greedy in every game at 2 and 4 players, GAMES games each (default 200), bots rotating through
# the seats. Results go to ${OUT:-ladder}/, one JSON per match; each names its study in full.
# A second per decision makes this long: about 50 CPU-hours for 200 games of each match, most
# of it Wayfarers (300-400 decisions per seat and game). Run it on a Ray cluster with
# BACKEND="--backend ray --address HEAD:6379" (docs/balance.md), or a few games at a time with
# GAMES and GAMES_FOR (game names to play, default all three).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-${GAMES:-200}}
out=${OUT:-ladder}
hard=${HARD:-mcts:secs=1}
jobs=${JOBS:-$(nproc)}
sim="${UPRIVER:-.venv/bin/upriver} simulate --jobs $jobs ${BACKEND:-}"
mkdir -p "$out"
for game in ${GAMES_FOR:-twelve-rivers the-river wayfarers}; do
  for players in 2 4; do
    spec=$hard
    for _ in $(seq $((players - 1))); do spec="$spec,greedy"; done
    $sim "$game" --players "$spec" --games "$games" --seed 4 --out "$out/$game-${players}p.json"
  done
done
