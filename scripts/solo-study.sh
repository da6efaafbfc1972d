#!/usr/bin/env bash
# Reproduce the Wayfarers solo figures of docs/balance.md: the greedy and MCTS bots against each
# AI board, GAMES games each (default 200). Results go to ${OUT:-solo}/; print the tables with
# `.venv/bin/python scripts/balance_tables.py solo/`. Two cores: greedy takes about 10 minutes,
# MCTS (40 iterations a decision) about 40.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
out=${OUT:-solo}
jobs=${JOBS:-2}
mkdir -p "$out"
for bot in greedy mcts:iters=40:per=decision; do
  name=${bot%%:*}
  for board in stargazer inventor mayor wayfarer; do
    .venv/bin/upriver simulate wayfarers --players "$bot" --games "$games" --jobs "$jobs" \
      --seed 1 --option ai_board="$board" --out "$out/solo-$name-$board.json"
  done
done
