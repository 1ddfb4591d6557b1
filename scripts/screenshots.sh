#!/usr/bin/env bash
# Captures the screens of docs/screenshots/ from the real binary, in tmux: `.txt` is the text,
# `.ans` the same with its colours (ANSI escapes; `cat` it in a terminal).
#
#   cargo build -p tripot -p tripot-relay && bash scripts/screenshots.sh
#
# Everything runs on loopback with its own data and config folders (nothing of yours is read or
# written). Needs tmux (scripts/install-test-deps.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${TRIPOT_BIN:-target/debug/tripot}")
relay_bin=$(realpath "${TRIPOT_RELAY_BIN:-target/debug/tripot-relay}")
out=docs/screenshots
work=$(mktemp -d)
sessions=()
pids=()
cleanup() {
  for s in "${sessions[@]}"; do tmux kill-session -t "$s" 2>/dev/null || true; done
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
[ -x "$bin" ] || { echo "no $bin: cargo build -p tripot first" >&2; exit 1; }

# start NAME WIDTH HEIGHT COMMAND…: a detached tmux session running COMMAND in $work/NAME.
start() {
  local name=$1 width=$2 height=$3
  shift 3
  mkdir -p "$work/$name"
  sessions+=("shot-$name")
  tmux new-session -d -s "shot-$name" -x "$width" -y "$height" \
    "cd $work/$name && export TRIPOT_DATA_DIR=$work/$name/data TRIPOT_CONFIG_DIR=$work/$name/config && $* ; sleep 600"
}

# wait_for NAME TEXT: until the screen shows TEXT (30 s at most).
wait_for() {
  for _ in $(seq 300); do
    tmux capture-pane -p -t "shot-$1" | grep -qF -- "$2" && return 0
    sleep 0.1
  done
  echo "screen $1 never showed: $2" >&2
  tmux capture-pane -p -t "shot-$1" >&2
  exit 1
}

keys() {
  local name=$1
  shift
  for key in "$@"; do
    tmux send-keys -t "shot-$name" "$key"
    sleep 0.15
  done
}

shot() {
  tmux capture-pane -p -t "shot-$1" > "$out/$2.txt"
  tmux capture-pane -p -e -t "shot-$1" > "$out/$2.ans"
  echo "$out/$2"
}

# The menu.
start menu 120 40 "$bin --lang fr"
wait_for menu "Solo contre l'IA"
shot menu 01-menu

# The resume prompt: a duel of two moves, left, then the program started again.
start resume 120 40 "$bin --lang fr; $bin --lang fr"
wait_for resume "Duel à deux"
keys resume Down Down Down Down Enter
wait_for resume "Historique"
keys resume : l 3 - l 5 Enter
wait_for resume "Historique — 1 coup"
keys resume : e 1 4 - e 1 3 Enter
wait_for resume "Historique — 2 coups"
keys resume q
wait_for resume "Quitter"
keys resume q
wait_for resume "Reprendre"
shot resume 02-resume

# A pawn picked and its destinations, then a hint, in a solo game (format 2).
start solo 120 40 "$bin --lang fr"
wait_for solo "Solo contre l'IA"
keys solo Down Down Right Up Up Enter
wait_for solo "Historique"
keys solo Enter
wait_for solo "Choisissez une destination"
shot solo 03-destinations
keys solo Escape i
wait_for solo "Indice"
sleep 1
shot solo 05-hint

# The end of a solo game: a saved game one move from the end, resumed, its last move typed.
mkdir -p "$work/end/data/games"
cat > "$work/end/data/games/near-the-end.tripot" <<'RECORD'
[Format "1"]
[Rules "tripot"]
[Opener "A"]
[OpenerChoice "chosen"]
[PlayerA "Joueur 1"]
[PlayerB "Marie Curie"]
[Date "2026.12.01"]
[Result "*"]
[Start "A:Nm1,l2,m2,k3,l3,m3,j4,k4,l4,m6:Se17,e16,f16,e15,f15,g15,e14,f14,g14,h12"]
[Mode "solo"]
[Level "impossible"]
[Seed "0"]

*
RECORD
start end 120 40 "$bin --lang fr"
wait_for end "Reprendre"
keys end r
wait_for end "Historique"
keys end : h 1 2 - h 1 3 Enter
wait_for end "Historique — 2 coups"
keys end : h 1 3 - h 1 4 Enter
wait_for end "Fin de la partie"
shot end 06-end

# The computer thinking: Impossible, three colours a side, after our first move.
start think 120 40 "$bin --lang fr"
wait_for think "Solo contre l'IA"
keys think Down Right Right Down Right Right Up Up Enter
wait_for think "Historique"
keys think : l 4 - l 5 Enter
wait_for think "réfléchit"
shot think 04-computer-thinking

# 80×30 in English, with the coordinates.
start small 80 30 "$bin --lang en"
wait_for small "Two-player duel"
keys small Down Down Down Down Enter
wait_for small "History"
keys small n : l 4 - l 5 Enter
wait_for small "History — 1 move"
shot small 07-80x30-english-coordinates

# A star table: its set-up page, then kawu-3 (a person, two computers at Moyen) with a marble
# picked and its farthest destination.
start table 120 40 "$bin --lang fr"
wait_for table "Solo contre l'IA"
keys table Down Down Down Down Down Down Down Enter
wait_for table "Qui ouvre"
shot table 12-table-setup
keys table Enter
wait_for table "vue de Joueur 1"
keys table Tab Enter d
wait_for table "Choisissez une destination"
shot table 13-table-kawu-3

# Stern-Halma at four, four people, the second seat opening: its view, its greyed branches.
start halma 120 40 "$bin --lang fr"
wait_for halma "Solo contre l'IA"
keys halma Down Down Down Down Down Down Down Enter
wait_for halma "Qui ouvre"
keys halma Right Down Right Down Down Left Left Left Down Left Left Left Down Left Left Left Down Right Enter
wait_for halma "vue de Joueur 2"
keys halma Tab Enter d
wait_for halma "Choisissez une destination"
shot halma 14-table-halma-4

# A star game replayed, printed: kawu-3 between computer levels.
mkdir -p "$work/star"
"$bin" tournament --variant kawu-3 --seats moyen,debutant,debutant --games 1 --seed 4 --save "$work/star" > /dev/null
"$bin" view "$work/star/game-0001.tripot" --print --at 30 > "$out/15-table-view.txt"
echo "$out/15-table-view"

# The replay viewer, printed: a game between two computer levels.
mkdir -p "$work/records"
"$bin" tournament --a facile --b debutant --games 1 --seed 4 --save "$work/records" > /dev/null
"$bin" view "$work/records/game-0001.tripot" --print --at 12 > "$out/08-view.txt"
echo "$out/08-view"

# Online: a host waiting for its opponent, with its addresses to share.
start host 120 40 "$bin --lang fr host --no-mdns --listen /ip4/127.0.0.1/tcp/0"
wait_for host "/ip4/127.0.0.1/tcp/"
shot host 09-online-waiting

# Online: a game against a headless computer host, two moves in.
TRIPOT_CONFIG_DIR=$work/headless "$bin" host --headless --ai 1 --move-delay-ms 300 --name Robot --no-mdns \
  --listen /ip4/127.0.0.1/tcp/0 --opens guest --save "$work/headless.tripot" > "$work/headless.jsonl" 2>/dev/null &
pids+=($!)
for _ in $(seq 100); do grep -q '"listening"' "$work/headless.jsonl" 2>/dev/null && break; sleep 0.1; done
addr=$(grep -o '"addr":"[^"]*/tcp/[^"]*"' "$work/headless.jsonl" | head -1 | cut -d'"' -f4)
start game 120 40 "$bin --lang fr join $addr --no-mdns --listen /ip4/127.0.0.1/tcp/0"
wait_for game "connecté"
keys game : e 1 4 - e 1 3 Enter
wait_for game "Historique — 2 coups"
sleep 0.5
shot game 10-online-game

# Online: a private room's code on the waiting screen, through a local tripot-relay.
if [ -x "$relay_bin" ]; then
  "$relay_bin" --listen /ip4/127.0.0.1/tcp/0 --secret-key-seed 1 > "$work/relay.out" 2>/dev/null &
  pids+=($!)
  for _ in $(seq 100); do grep -q '^READY' "$work/relay.out" 2>/dev/null && break; sleep 0.1; done
  # READY <peer id> <http or -> <address>…
  relay=$(awk '/^READY/ { for (i = 4; i <= NF; i++) if ($i ~ /\/tcp\//) { a = $i; if (a !~ /\/p2p\//) a = a "/p2p/" $2; print a; exit } }' "$work/relay.out")
  start room 120 40 "$bin --lang fr host --room --relay $relay --no-mdns --listen /ip4/127.0.0.1/tcp/0"
  wait_for room "tripot join"
  shot room 11-online-room
else
  echo "no $relay_bin: 11-online-room not taken" >&2
fi
