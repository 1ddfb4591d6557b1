#!/usr/bin/env bash
# Perft speed of tripot-draughts against dame-rs (PyPI `dame-rs`, `python3 -m dame perft`),
# run alternately so that both see the same machine load: 3 runs each of perft(DEPTH) from the
# start (default 9), then the median of each and the ratio. Prints the load average too: other
# builds on the machine make both slower, and not always by the same factor.
#
#     bash scripts/draughts_speed.sh [DEPTH]
set -euo pipefail
cd "$(dirname "$0")/.."
depth=${1:-9}
runs=3

if ! python3 -c 'import dame' 2>/dev/null; then
  # Debian's Python refuses plain installs into the system (PEP 668): retry with the flag.
  python3 -m pip install --quiet dame-rs==0.2.0 \
    || python3 -m pip install --quiet --break-system-packages dame-rs==0.2.0
fi

cargo build --quiet --release -p tripot-draughts --example perft
ours_bin="${CARGO_TARGET_DIR:-target}/release/examples/perft"

# "perft(9) = 41022423 in 0.412 s (99.5 M nodes/s)" and "perft(9) = 41022423 in 3.1s (13.2 Mnps)":
# the seconds are the first number after " in ".
seconds() { sed -n 's/.* in \([0-9.]*\) *s.*/\1/p'; }
median() { sort -g | sed -n "$(( (runs + 1) / 2 ))p"; }

ours=() theirs=()
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  line=$("$ours_bin" "$depth")
  echo "tripot-draughts: $line"
  ours+=("$(seconds <<<"$line")")
  line=$(python3 -m dame perft "$depth")
  echo "dame-rs:         $line"
  theirs+=("$(seconds <<<"$line")")
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
ours_median=$(printf '%s\n' "${ours[@]}" | median)
theirs_median=$(printf '%s\n' "${theirs[@]}" | median)
nodes=$("$ours_bin" "$depth" | sed -n 's/.* = \([0-9]*\) in.*/\1/p')
awk -v o="$ours_median" -v t="$theirs_median" -v n="$nodes" -v d="$depth" 'BEGIN {
  printf "perft(%d) = %d nodes: tripot-draughts median %.3f s (%.1f M nodes/s), dame-rs median %.3f s (%.1f M nodes/s); ratio %.1fx\n",
    d, n, o, n / o / 1e6, t, n / t / 1e6, t / o
}'
