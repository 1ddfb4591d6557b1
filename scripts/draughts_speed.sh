#!/usr/bin/env bash
# Perft speed of tripot-draughts against dame-rs (PyPI `dame-rs`, `python3 -m dame perft`),
# run alternately so that both see the same machine load: 3 runs each of perft(DEPTH) from the
# start (default 9), then the median of each and the ratio, by wall-clock time and by CPU time
# (user seconds: on a machine shared with other builds, a program gets only part of a core, and
# its CPU time says what it would take on a quiet one). Prints the load average too.
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

# Runs a command, printing its output then "cpu USER_SECONDS" (bash's own `time`).
timed() { local TIMEFORMAT='cpu %U'; { time "$@"; } 2>&1; }

ours=() theirs=() ours_cpu=() theirs_cpu=()
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do
  out=$(timed "$ours_bin" "$depth")
  line=$(head -1 <<<"$out")
  echo "tripot-draughts: $line ($(tail -1 <<<"$out") s)"
  ours+=("$(seconds <<<"$line")")
  ours_cpu+=("$(tail -1 <<<"$out" | cut -d' ' -f2)")
  out=$(timed python3 -m dame perft "$depth")
  line=$(head -1 <<<"$out")
  echo "dame-rs:         $line ($(tail -1 <<<"$out") s)"
  theirs+=("$(seconds <<<"$line")")
  theirs_cpu+=("$(tail -1 <<<"$out" | cut -d' ' -f2)")
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
ours_median=$(printf '%s\n' "${ours[@]}" | median)
theirs_median=$(printf '%s\n' "${theirs[@]}" | median)
ours_cpu_median=$(printf '%s\n' "${ours_cpu[@]}" | median)
theirs_cpu_median=$(printf '%s\n' "${theirs_cpu[@]}" | median)
nodes=$("$ours_bin" "$depth" | sed -n 's/.* = \([0-9]*\) in.*/\1/p')
report() {
  awk -v what="$1" -v o="$2" -v t="$3" -v n="$nodes" -v d="$depth" 'BEGIN {
    printf "perft(%d) = %d nodes, %s: tripot-draughts median %.3f s (%.1f M nodes/s), dame-rs median %.3f s (%.1f M nodes/s); ratio %.1fx\n",
      d, n, what, o, n / o / 1e6, t, n / t / 1e6, t / o
  }'
}
report "wall clock" "$ours_median" "$theirs_median"
report "CPU time" "$ours_cpu_median" "$theirs_cpu_median"
