//! Prints the legal moves of positions, for cross-checks with other programs
//! (`scripts/draughts_crosscheck.py`): one position string a line on standard input, and for
//! each a line `FEN<TAB>moves<TAB>verdict` on standard output.
//!
//! A move is written `32-28`, or `19x30:24,25` for a capture (the captured squares in
//! increasing order), and the moves are sorted; the verdict is `ongoing`, or `loss` when the
//! side to move has no piece or no move left.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use tripot_draughts::{Position, Square};

fn main() -> ExitCode {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let Ok(line) = line else {
            eprintln!("cannot read standard input");
            return ExitCode::FAILURE;
        };
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let position = match Position::from_fen(fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{fen}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let mut moves: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|m| {
                if m.is_capture() {
                    let captured: Vec<String> = m.captured().iter().map(|s: Square| s.to_string()).collect();
                    format!("{}x{}:{}", m.from(), m.to(), captured.join(","))
                } else {
                    format!("{}-{}", m.from(), m.to())
                }
            })
            .collect();
        moves.sort();
        let verdict = if position.outcome().is_some() { "loss" } else { "ongoing" };
        if writeln!(out, "{fen}\t{}\t{verdict}", moves.join(" ")).is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
