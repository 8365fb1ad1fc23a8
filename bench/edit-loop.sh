#!/bin/bash
# The build and edit-compile-test figures of docs/ARCHITECTURE.md ("What issue 61 changed"),
# for one commit: bash bench/edit-loop.sh REV [HTTP_FILE]. It checks REV out in a worktree of
# its own (its own target directory, so nothing is shared with this checkout), builds it from
# nothing, runs the whole suite once built, then three edit loops: each runs its command once,
# appends a comment line to one file (so the content changes), times the command again and
# puts the file back. HTTP_FILE is the games handler (src/http/resources/games.rs since issue
# 61, src/http/games.rs before). Compare two commits on one machine, one after the other.
set -u
rev=${1:?usage: bench/edit-loop.sh REV [HTTP_FILE]}
http=${2:-src/http/resources/games.rs}
dir=$(mktemp -d /tmp/edit-loop.XXXXXX)
git worktree add -q --detach "$dir" "$rev"
trap 'git worktree remove --force "$dir"' EXIT
cd "$dir"
export CARGO_TARGET_DIR="$dir/target"
t() {
  local s e rc
  s=$(date +%s.%N); "$@" >/dev/null 2>&1; rc=$?; e=$(date +%s.%N)
  printf '%-45s rc=%d %6.1f s\n' "$*" "$rc" "$(echo "$e - $s" | bc)"
}
loop() {
  local file=$1; shift
  "$@" >/dev/null 2>&1
  echo "// edit-loop" >> "$file"
  t "$@"
  git checkout -q -- "$file"
}
echo "== $rev ($(git rev-parse --short HEAD))"
t cargo build --locked --tests
t cargo test --locked
loop src/engine/rules.rs cargo test --locked -p spider-engine
loop "$http" cargo test --locked --test api --no-run
loop src/store/games.rs cargo test --locked --no-run
