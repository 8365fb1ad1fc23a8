#!/usr/bin/env bash
# The solver and hint benchmark of issue 5: deals 1-200 of Spider at 1, 2 and 4 suits
# (standard empty-column rule). Prints the solver's summary table per suit count (solved,
# unsolvable, unknown, mean/p50/p95 time per deal, mean line, positions searched) and the
# hint-following player's win rate (no undo) at each LEVELS level (plain = the visible
# ranking alone; easy, normal, hard = the search over the unseen cards), with its 95%
# interval, mean runs and the hint's p50/p99 time on one core. JOBS deals are played at
# once, one per core. SOLVE=0 skips the solver table; HINT_FROM/HINT_TO narrow the
# hint-bot's deals (a full run at the search levels takes hours).
set -euo pipefail
cd "$(dirname "$0")/.."
FROM=${FROM:-1}
TO=${TO:-200}
JOBS=${JOBS:-2}
LEVELS=${LEVELS:-plain normal}
SOLVE=${SOLVE:-1}
HINT_FROM=${HINT_FROM:-$FROM}
HINT_TO=${HINT_TO:-$TO}
cargo build --release --locked -q
if [ "$SOLVE" = 1 ]; then
  for suits in 1 2 4; do
    ./target/release/spider solve --suits "$suits" --from "$FROM" --to "$TO" --jobs "$JOBS" 2>/dev/null
    echo
  done
fi
for level in $LEVELS; do
  for suits in 1 2 4; do
    ./target/release/spider hint-bot --suits "$suits" --from "$HINT_FROM" --to "$HINT_TO" \
      --level "$level" --jobs "$JOBS"
  done
done
