#!/usr/bin/env bash
# Issue 62's figures (docs/BENCHMARKS.md, "Puzzles"):
#  1. the miner: `spider puzzles mine` over 1-suit deals 1-200, 2-suit 1-150 and 4-suit 1-300
#     into a fresh SQLite set, each run's puzzles per CPU-minute, mix by goal and by N, and the
#     spread of first ratings;
#  2. the API's use cases with 100,000 puzzles and 10,000 rated players (`cargo bench --bench
#     puzzles`): next near my rating, a rated first attempt, an anonymous attempt, the daily
#     puzzle, p50 and p99, on SQLite and on Postgres (BENCH_DATABASE_URL, default the CI's).
# Usage: bench/puzzles.sh [mine|api|all] (default all).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"
PG="${BENCH_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
cargo build --release --locked --quiet
if [ "$what" = mine ] || [ "$what" = all ]; then
  dir=$(mktemp -d)
  for run in "1 1 200" "2 1 150" "4 1 300"; do
    set -- $run
    echo "== mining ${1}-suit deals $2-$3"
    DATABASE_URL="sqlite://$dir/set.db" PUZZLE_POOL=0 \
      ./target/release/spider puzzles mine --suits "$1" --from "$2" --to "$3" 2>/dev/null
  done
  rm -rf "$dir"
fi
if [ "$what" = api ] || [ "$what" = all ]; then
  echo "== the API's use cases, SQLite"
  cargo bench --locked --bench puzzles
  echo "== the API's use cases, Postgres"
  BENCH_DATABASE_URL="$PG" cargo bench --locked --bench puzzles
fi
