#!/usr/bin/env python3
"""Move lists of kawu positions computed by OpenSpiel's `chinese_checkers` (an independent public
implementation), for `crates/engine/tests/data/openspiel-kawu.tsv`.

    pip install open-spiel==2.0.2
    python3 scripts/openspiel_crosscheck.py > crates/engine/tests/data/openspiel-kawu.tsv

OpenSpiel plays the classic game: steps and chains of short jumps ending anywhere, the jumping
piece lifted, no hole visited twice -- kawu's moves (RULES-STAR.md section 3.2). Its seats are
North-based (2: N S; 3: N SE SW; 4: N NE S SW) and its holes numbered 0..120 from the top tip;
turned by 180 degrees they are exactly our tables of RULES-STAR.md section 1 (S N; S NW NE;
S SW N NE), with its player 0 our seat 1, S. A chain is a sequence of OpenSpiel actions (one per
hop, then an optional "pass"); a turn's destinations are all the landings of all its chains.

Each output line: variant, our position string, then every move as `from-to`, sorted.
"""

import random
import sys

import pyspiel

TRIANGLES = ["N", "NE", "SE", "S", "SW", "NW"]
SLOTS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}
PASS = 726


def cells(state):
    """(row, doubled column) of each OpenSpiel hole, in index order, read from its rendering."""
    found = []
    for row, line in enumerate(str(state).split("\n")[:17]):
        for col, ch in enumerate(line):
            if ch != " ":
                found.append((row, col))
    assert len(found) == 121
    return found


def hole_name(row, col):
    """Our name of an OpenSpiel hole, the board turned by 180 degrees."""
    r = 8 - row
    q = (col - 12 - r) // 2
    q, r = -q, -r
    return f"{chr(ord('a') + q + 8)}{r + 9}"


def seat(players, player):
    return TRIANGLES[(SLOTS[players][player] + 3) % 6]


def board(state, coords):
    owners = {}
    for index, (row, col) in enumerate(coords):
        ch = str(state).split("\n")[row][col]
        if ch != ".":
            owners[index] = int(ch) - 1
    return owners


def position_string(state, players, coords, turns):
    owners = board(state, coords)
    mover = state.current_player()
    segments = []
    for player in range(players):
        holes = [hole_name(*coords[i]) for i, p in sorted(owners.items()) if p == player]
        segments.append(seat(players, player) + ",".join(holes))
    text = seat(players, mover) + ":" + ":".join(segments)
    own_moves = turns // players
    return text + (f" moves={own_moves}" if own_moves else "")


def destinations(state, coords):
    """Every `from-to` the player to move can reach, exploring all chains."""
    mover = state.current_player()
    found = set()

    def chain(s, source):
        for action in s.legal_actions():
            if action == PASS:
                continue
            text = s.action_to_string(mover, action)
            landing = int(text.split("=>")[1])
            found.add((source, landing))
            t = s.clone()
            t.apply_action(action)
            if t.current_player() == mover:
                chain(t, source)

    for action in state.legal_actions():
        if action == PASS:
            found.add(None)
            continue
        text = state.action_to_string(mover, action)
        if "->" in text:
            a, b = map(int, text.split("->"))
            found.add((a, b))
        else:
            a, b = map(int, text.split("=>"))
            found.add((a, b))
            t = state.clone()
            t.apply_action(action)
            if t.current_player() == mover:
                chain(t, a)
    moves = []
    for move in found:
        if move is None:
            moves.append("pass")
        else:
            moves.append(f"{hole_name(*coords[move[0]])}-{hole_name(*coords[move[1]])}")
    return sorted(moves)


def play_turn(state, rng):
    """One whole turn: a random action, then random continuations or the pass."""
    mover = state.current_player()
    state.apply_action(rng.choice(state.legal_actions()))
    while not state.is_terminal() and state.current_player() == mover:
        state.apply_action(rng.choice(state.legal_actions()))


def main():
    rng = random.Random(20261201)
    print("# variant\tposition\tmoves (OpenSpiel chinese_checkers 2.0.2, scripts/openspiel_crosscheck.py)")
    for players in (2, 3, 4, 6):
        game = pyspiel.load_game("chinese_checkers", {"players": players})
        lines = 0
        while lines < 50:
            state = game.new_initial_state()
            coords = cells(state)
            turns = 0
            length = rng.randrange(10, 120)
            while turns < length and not state.is_terminal():
                if turns % 9 == 4:
                    text = position_string(state, players, coords, turns)
                    print(f"kawu-{players}\t{text}\t{' '.join(destinations(state, coords))}")
                    lines += 1
                play_turn(state, rng)
                turns += 1


if __name__ == "__main__":
    sys.exit(main())
