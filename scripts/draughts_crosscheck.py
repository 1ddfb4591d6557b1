#!/usr/bin/env python3
"""Cross-checks tripot-draughts' legal moves and game ends against two independent public
implementations of international draughts: pydraughts (PyPI `pydraughts`) and dame-rs (PyPI
`dame-rs`, module `dame`). Writes `crates/draughts/tests/data/reference-moves.tsv`, which
`crates/draughts/tests/reference_moves.rs` reads without Python.

    python3 scripts/draughts_crosscheck.py [--positions N] [--seed S] [--out PATH]

Positions come from random playouts from the start (dame-rs plays them: it is fast), sampled
along the way so that openings, middle games and king endings all appear. For each one the
three programs list their moves as (from, to, captured set), equal moves counted once (the FMJD
rule), and say whether the side to move has lost (no piece or no move).

Then whole games, for the draws by rule: --games games from random endgame setups (a lone king
against a few pieces, or a few kings each), played by dame-rs at random (some only between two
moves, to bring repetitions; some avoiding to give a capture, to reach the 25- and 16-move
rules) until dame-rs says the game is over. `tests/data/reference-games.tsv` gets each game:
`start FEN<TAB>moves<TAB>termination<TAB>winner`, which `tests/reference_games.rs` replays
with our `Game` (pydraughts is not asked about games: only dame-rs implements these rules).

A fixture line is `FEN<TAB>moves<TAB>verdict`, the moves as our `moves` example writes them
(`32-28`, `19x30:24,25`), sorted, from the two references when they agree; a position on which
they disagree is printed, not written. Our own answer is compared with theirs and the counts
are printed at the end. pydraughts lists every path of a capture and can take seconds on a
position with many king captures: each of its answers gets --timeout seconds, after which that
position is checked against dame-rs alone (and said so).
"""

import argparse
import os
import random
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS = {"draughts": "pydraughts==0.6.7", "dame": "dame-rs==0.2.0"}


def ensure(module):
    """Installs the package of `module` with pip if it is missing."""
    try:
        __import__(module)
        return
    except ImportError:
        pass
    command = [sys.executable, "-m", "pip", "install", "--quiet", VERSIONS[module]]
    if subprocess.call(command) != 0:
        # Debian's Python refuses plain installs into the system (PEP 668).
        subprocess.check_call(command + ["--break-system-packages"])


def our_moves(fens):
    """Our moves and verdicts, from the `moves` example."""
    env = dict(os.environ)
    target = env.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    subprocess.check_call(
        ["cargo", "build", "--quiet", "--release", "-p", "tripot-draughts", "--example", "moves"],
        cwd=ROOT,
        env=env,
    )
    binary = os.path.join(target, "release", "examples", "moves")
    out = subprocess.run(
        [binary], input="\n".join(fens) + "\n", capture_output=True, text=True, check=True
    ).stdout
    answers = {}
    for line in out.splitlines():
        fen, moves, verdict = line.split("\t")
        answers[fen] = (moves, verdict)
    return answers


def write_move(origin, destination, captured):
    if captured:
        return f"{origin}x{destination}:{','.join(str(s) for s in sorted(captured))}"
    return f"{origin}-{destination}"


def dame_moves(dame, fen):
    board = dame.Board(fen)
    moves = {write_move(m.from_square, m.to_square, m.captured) for m in board.legal_moves}
    verdict = "loss" if board.is_game_over() else "ongoing"
    return " ".join(sorted(moves)), verdict


class Timeout(Exception):
    pass


def on_alarm(_signum, _frame):
    raise Timeout()


def pydraughts_moves(draughts, fen, timeout):
    """pydraughts' moves, or None if it takes longer than `timeout` seconds."""
    signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(timeout)
    try:
        board = draughts.Board(variant="standard", fen=fen)
        moves = {
            write_move(m.steps_move[0], m.steps_move[-1], m.captures) for m in board.legal_moves()
        }
        verdict = "loss" if board.is_over() else "ongoing"
    except Timeout:
        return None
    finally:
        signal.alarm(0)
    return " ".join(sorted(moves)), verdict


def canonical(fen):
    """Our way of writing a position string: White's list first, squares in order (pydraughts
    reads the first list as White's whatever its letter says)."""
    turn, *lists = fen.rstrip(".").split(":")
    sides = {}
    for piece_list in lists:
        squares = [s for s in piece_list[1:].split(",") if s]
        key = lambda s: int(s.lstrip("K"))
        sides[piece_list[0]] = ",".join(sorted(squares, key=key))
    return f"{turn}:W{sides.get('W', '')}:B{sides.get('B', '')}"


def playout_positions(dame, count, rng):
    """`count` distinct positions met in random games from the start."""
    found = []
    seen = set()
    while len(found) < count:
        board = dame.Board()
        keep_every = rng.choice([3, 7, 13])
        for ply in range(400):
            moves = list(board.legal_moves)
            if ply % keep_every == 0 or not moves:
                fen = canonical(board.fen())
                if fen not in seen:
                    seen.add(fen)
                    found.append(fen)
            if not moves or len(found) >= count:
                break
            board.push(rng.choice(moves))
    return found


def endgame_setup(dame, rng, kind):
    """A random position of `kind` (lone16, lone5 or kings) with a move and no capture to make."""
    while True:
        if kind == "lone16":
            counts = [1, 3]
        elif kind == "lone5":
            counts = [1, rng.randint(1, 2)]
        else:
            counts = [rng.randint(2, 4), rng.randint(2, 4)]
        rng.shuffle(counts)
        squares = rng.sample(range(1, 51), sum(counts))
        sides = [sorted(squares[: counts[0]]), sorted(squares[counts[0] :])]
        lists = []
        for white, side in zip((True, False), sides):
            items = []
            for i, square in enumerate(side):
                crowning = square <= 5 if white else square >= 46
                king = len(side) == 1 or i == 0 or crowning or rng.random() < 0.6
                items.append(("K" if king else "") + str(square))
            lists.append(",".join(items))
        fen = f"W:W{lists[0]}:B{lists[1]}"
        board = dame.Board(fen)
        if list(board.legal_moves) and not board.must_capture:
            return fen


def dame_game(dame, rng, fen, style, max_plies=400):
    """A game from `fen` played at random by `style`; (moves, termination, winner) or None if
    it did not end within `max_plies`."""
    board = dame.Board(fen)
    moves = []
    while not board.is_game_over() and len(moves) < max_plies:
        choices = list(board.legal_moves)
        if style == "shuffle" and len(choices) > 1 and not choices[0].is_capture:
            choices = sorted(choices, key=lambda m: (m.from_square, m.to_square))[:2]
        elif style == "safe":
            safe = []
            for m in choices:
                board.push(m)
                if not board.must_capture:
                    safe.append(m)
                board.pop()
            choices = safe or choices
        m = rng.choice(choices)
        moves.append(write_move(m.from_square, m.to_square, m.captured))
        board.push(m)
    outcome = board.outcome()
    if outcome is None:
        return None
    termination = str(outcome.termination).split(".")[-1].lower()
    winner = {None: "none"}.get(outcome.winner, str(outcome.winner).split(".")[-1].lower())
    return moves, termination, winner


def write_games(dame, rng, count, path):
    lines = []
    seen = {}
    while len(lines) < count:
        kind = rng.choice(["lone16", "lone5", "kings", "kings"])
        style = rng.choice(["random", "shuffle", "safe", "safe"])
        fen = endgame_setup(dame, rng, kind)
        game = dame_game(dame, rng, fen, style)
        if game is None:
            continue
        moves, termination, winner = game
        seen[termination] = seen.get(termination, 0) + 1
        lines.append(f"{fen}\t{' '.join(moves)}\t{termination}\t{winner}")
    with open(path, "w") as out:
        out.write(
            "# Games from random endgame setups played to their end by dame-rs 0.2.0: start FEN,\n"
            "# moves (`32-28`, `19x30:captured,...`), how dame-rs says the game ended, the winner.\n"
            f"# scripts/draughts_crosscheck.py, {len(lines)} games.\n"
        )
        out.write("\n".join(lines) + "\n")
    print("games by termination:", ", ".join(f"{k}: {n}" for k, n in sorted(seen.items())))
    print(f"wrote {len(lines)} games to {os.path.relpath(path, ROOT)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--timeout", type=int, default=5)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument(
        "--games-out", default=os.path.join(ROOT, "crates/draughts/tests/data/reference-games.tsv")
    )
    parser.add_argument(
        "--out", default=os.path.join(ROOT, "crates/draughts/tests/data/reference-moves.tsv")
    )
    args = parser.parse_args()
    for module in VERSIONS:
        ensure(module)
    import dame
    import draughts

    rng = random.Random(args.seed)
    fens = playout_positions(dame, args.positions, rng)
    ours = our_moves(fens)
    counts = {"positions": 0, "agree": 0, "references differ": 0, "pydraughts timed out": 0}
    disagreements = []
    lines = []
    for fen in fens:
        counts["positions"] += 1
        reference = dame_moves(dame, fen)
        other = pydraughts_moves(draughts, fen, args.timeout)
        if other is None:
            counts["pydraughts timed out"] += 1
        elif other != reference:
            counts["references differ"] += 1
            disagreements.append((fen, "dame-rs", reference, "pydraughts", other, "ours", ours[fen]))
            continue
        lines.append(f"{fen}\t{reference[0]}\t{reference[1]}")
        if ours[fen] == reference:
            counts["agree"] += 1
        else:
            disagreements.append((fen, "references", reference, "ours", ours[fen]))
    with open(args.out, "w") as out:
        out.write(
            "# Legal moves of random playout positions, as dame-rs 0.2.0 and pydraughts 0.6.7 list\n"
            "# them (equal moves once): FEN, moves (`32-28`, `19x30:captured,...`), verdict\n"
            f"# (`loss`: the side to move has no piece or move). scripts/draughts_crosscheck.py,\n"
            f"# seed {args.seed}, {len(lines)} positions.\n"
        )
        out.write("\n".join(lines) + "\n")
    for item in disagreements:
        print("DISAGREE", *item, sep="\n  ")
    print(", ".join(f"{name}: {n}" for name, n in counts.items()))
    print(f"wrote {len(lines)} positions to {os.path.relpath(args.out, ROOT)}")
    write_games(dame, rng, args.games, args.games_out)
    return 1 if any(d[1] == "references" for d in disagreements) else 0


if __name__ == "__main__":
    sys.exit(main())
