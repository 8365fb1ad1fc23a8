#!/usr/bin/env bash
# Issue 48, part 1: is `ComboPlayer` (hint-bot --level spidersolver) the same player as
# SpiderSolver? Both play the same deals, SpiderSolver's own (its seeds), and this compares them
# game by game: won or lost, and how many plies (compounds count once) and deals each committed.
# The same count over a whole game means the same choice at every turn (a different choice
# almost always changes how long the game runs); the first differing game is where to look.
#
#   SS_DIR=/path/to/run bench/spidersolver.sh
#
# SS_DIR holds what a build of SpiderSolver (tallbriansoftware/SpiderSolver @ 66d47c8, built
# and run outside this repository: it has no licence) wrote:
#   deals/seed-N-suits-S.txt   its 104 cards per seed, in its dealing order (`TC 6D …`)
#   results/suitsS-depthD.csv  its CSV for seeds FROM-TO (`-r FROM-TO -s S -t D`: columns
#                              seed, moves = plies + deals + 1, win)
#   moves/suitsS-depthD/seed-N.txt  (optional) every action its game committed, from a build
#                              instrumented to log them where its game loop commits a ply:
#                              `move FROM COUNT TO` (0-based columns) or `deal`, each ply
#                              closed by `end`, a last `timeout` if its time limit stopped it
# With moves/ present, a second check gives both programs the same positions: SpiderSolver's
# games replayed in our engine, our player asked for its ply at every position SpiderSolver
# decided (`hint-bot --check-plies`), and the share of identical plies printed.
# Environment: SUITS (default "1 2 4"), DEPTH (3), FROM (1), TO (200).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${SS_DIR:?set SS_DIR to the folder of the SpiderSolver deals and results}"
SUITS=${SUITS:-1 2 4}
DEPTH=${DEPTH:-3}
FROM=${FROM:-1}
TO=${TO:-200}
cargo build --release --locked -q
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for suits in $SUITS; do
  # SpiderSolver deals onto empty columns and plays without an action cap.
  HINT_BOT_VERBOSE=1 ./target/release/spider hint-bot --suits "$suits" --from "$FROM" --to "$TO" \
    --level spidersolver --depth "$DEPTH" --empty-column-deal allowed \
    --deals-from "$SS_DIR/deals" --max-actions 1000000 2>"$WORK/ours-$suits.txt"
  python3 - "$WORK/ours-$suits.txt" "$SS_DIR/results/suits$suits-depth$DEPTH.csv" "$suits" <<'EOF'
import csv, re, sys

ours_path, theirs_path, suits = sys.argv[1:]
ours = {}
for line in open(ours_path):
    m = re.match(r"deal (\d+): (won|lost) with \d+ runs after \d+ actions \((\d+) plies\)", line)
    if m:
        ours[int(m[1])] = (m[2] == "won", int(m[3]) + 1)
rows = list(csv.reader(open(theirs_path)))
head = [h.strip() for h in rows[0]]
theirs = {}
for row in rows[1:]:
    cells = dict(zip(head, (c.strip() for c in row)))
    theirs[int(cells["seed"])] = (cells["win"] == "True", int(cells["moves"]))
common = sorted(set(ours) & set(theirs))
same = [s for s in common if ours[s] == theirs[s]]
differ = [s for s in common if ours[s] != theirs[s]]
won_ours = sum(ours[s][0] for s in common)
won_theirs = sum(theirs[s][0] for s in common)
plies = sum(theirs[s][1] for s in same)
print(f"{suits} suit(s): {len(common)} games; ours won {won_ours}, SpiderSolver won {won_theirs}; "
      f"identical games (outcome and plies) {len(same)}/{len(common)}, {plies} turns in them")
for s in differ[:20]:
    print(f"  seed {s}: ours {'won' if ours[s][0] else 'lost'} in {ours[s][1]}, "
          f"SpiderSolver {'won' if theirs[s][0] else 'lost'} in {theirs[s][1]}")
EOF
  if [ -d "$SS_DIR/moves/suits$suits-depth$DEPTH" ]; then
    ./target/release/spider hint-bot --suits "$suits" --from "$FROM" --to "$TO" \
      --level spidersolver --depth "$DEPTH" --empty-column-deal allowed \
      --deals-from "$SS_DIR/deals" --check-plies "$SS_DIR/moves/suits$suits-depth$DEPTH"
  fi
done
