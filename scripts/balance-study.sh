#!/usr/bin/env bash
# Reproduce the figures of docs/balance.md: seat advantage per game and player count (greedy
# self-play), the two 12 Rivers editions side by side on the same bots and seeds, and the bot
# ladder (greedy against random, MCTS against greedy). Results go to ${OUT:-balance}/.
# Usage: scripts/balance-study.sh [GAMES] (default 200). The MCTS rows play MCTS_GAMES games,
# default GAMES/10, with an iteration budget per decision (MCTS_ITERS, default 1000, and
# per=decision, as these figures were first measured), so every figure is the same on any
# machine. Games run on every core (JOBS, default all); results do not depend on it.
# UPRIVER names the command (default .venv/bin/upriver; the compiled build is about twice as
# fast, see docs/bots.md).
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
out=${OUT:-balance}
jobs=${JOBS:-$(nproc)}
mcts="mcts:iters=${MCTS_ITERS:-1000}:per=decision"
sim="${UPRIVER:-.venv/bin/upriver} simulate --jobs $jobs"
mkdir -p "$out"
for players in 2 3 4; do
  spec=$(printf 'greedy%.0s,' $(seq "$players")); spec=${spec%,}
  $sim twelve-rivers --players "$spec" --games "$games" --seed 1 \
    --out "$out/12r-current-${players}p.json" --report "$out/12r-current-${players}p"
  $sim twelve-rivers --players "$spec" --games "$games" --seed 1 --option edition=2022 \
    --out "$out/12r-2022-${players}p.json" --report "$out/12r-2022-${players}p"
  $sim the-river --players "$spec" --games "$games" --seed 1 \
    --out "$out/river-${players}p.json" --report "$out/river-${players}p"
done
$sim twelve-rivers --players greedy,random,random,random --games "$games" --seed 2 \
  --out "$out/ladder-12r-greedy-random-4p.json"
$sim the-river --players greedy,random --games "$games" --seed 2 \
  --out "$out/ladder-river-greedy-random-2p.json"
$sim the-river --players greedy,random,random,random --games "$games" --seed 2 \
  --out "$out/ladder-river-greedy-random-4p.json"
mcts_games=${MCTS_GAMES:-$(( games / 10 > 2 ? games / 10 : 2 ))}
$sim twelve-rivers --players "$mcts,greedy,greedy,greedy" --games "$mcts_games" --seed 3 \
  --out "$out/ladder-12r-mcts-greedy-4p.json"
$sim the-river --players "$mcts,greedy" --games "$mcts_games" --seed 3 \
  --out "$out/ladder-river-mcts-greedy-2p.json"
$sim the-river --players "$mcts,greedy,greedy,greedy" --games "$mcts_games" --seed 3 \
  --out "$out/ladder-river-mcts-greedy-4p.json"
