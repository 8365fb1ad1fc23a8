#!/usr/bin/env bash
# The solver and hint benchmark of issue 5: deals 1-200 of Spider at 1, 2 and 4 suits
# (standard empty-column rule). Prints the solver's summary table per suit count (solved,
# unsolvable, unknown, mean/p50/p95 time per deal, mean line, positions searched) and the
# hint-following player's win rate (no undo). JOBS deals are solved at once, one per core.
set -euo pipefail
cd "$(dirname "$0")/.."
FROM=${FROM:-1}
TO=${TO:-200}
JOBS=${JOBS:-2}
cargo build --release --locked -q
for suits in 1 2 4; do
  ./target/release/spider solve --suits "$suits" --from "$FROM" --to "$TO" --jobs "$JOBS" 2>/dev/null
  echo
done
for suits in 1 2 4; do
  ./target/release/spider hint-bot --suits "$suits" --from "$FROM" --to "$TO"
done
