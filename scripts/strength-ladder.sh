#!/usr/bin/env bash
# The strength ladder of docs/bots.md: the web's hard bot (HARD, default the hard level's spec,
# an iteration budget per turn, so every figure is the same on any machine) against greedy,
# bots rotating through the seats. 12 Rivers (both editions) and The River at 2 and 4 players,
# GAMES games each (default 200); Wayfarers at 2 and 4 players and solo against each AI board,
# WGAMES games each (default 100); alone against an AI board each bot plays the same deals, and
# the hard bot is ahead where it ends nearer the opponent's score (or further above it). Results go to ${OUT:-ladder}/, one JSON per match, each
# naming its study in full; print the table with
# `.venv/bin/python scripts/balance_tables.py ladder/`. FOR names the matches to play (default
# all: 12r 12r-2022 river wayfarers solo), so the ladder can be played a part at a time; a
# match whose JSON exists is skipped, and a match stopped part-way goes on from the games
# it kept (simulate's journal, LADDER/NAME.json.games.jsonl). Run it on every core (JOBS) or on a Ray cluster with
# BACKEND="--backend ray --address HEAD:6379" (docs/balance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
py=${PYTHON:-.venv/bin/python}
games=${GAMES:-200}
wgames=${WGAMES:-100}
out=${OUT:-ladder}
hard=${HARD:-$($py -c "from upriver.server.bots import LEVELS; print(LEVELS['hard'].spec)")}
jobs=${JOBS:-$(nproc)}
sim="${UPRIVER:-.venv/bin/upriver} simulate --jobs $jobs ${BACKEND:-}"
mkdir -p "$out"

# match NAME GAME PLAYERS GAMES [--option ...]: the hard bot and PLAYERS-1 greedy bots.
match() {
  local name=$1 game=$2 players=$3 n=$4
  shift 4
  [ -e "$out/$name.json" ] && return 0
  local spec=$hard
  for _ in $(seq $((players - 1))); do spec="$spec,greedy"; done
  $sim "$game" --players "$spec" --games "$n" --seed 4 "$@" --out "$out/$name.json"
}

for part in ${FOR:-12r 12r-2022 river wayfarers solo}; do
  case $part in
    12r) for p in 2 4; do match "12r-${p}p" twelve-rivers $p "$games"; done ;;
    12r-2022) for p in 2 4; do
        match "12r-2022-${p}p" twelve-rivers $p "$games" --option edition=2022; done ;;
    river) for p in 2 4; do match "river-${p}p" the-river $p "$games"; done ;;
    wayfarers) for p in 2 4; do match "wayfarers-${p}p" wayfarers $p "$wgames"; done ;;
    solo) for board in stargazer inventor mayor wayfarer; do  # the same deals for both bots
        match "wayfarers-solo-$board" wayfarers 1 "$wgames" --option ai_board=$board
        [ -e "$out/wayfarers-solo-$board-greedy.json" ] || $sim wayfarers --players greedy \
          --games "$wgames" --seed 4 --option ai_board=$board \
          --out "$out/wayfarers-solo-$board-greedy.json"
      done ;;
    *) echo "unknown part $part (12r 12r-2022 river wayfarers solo)" >&2; exit 2 ;;
  esac
done
