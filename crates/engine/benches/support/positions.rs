//! The positions the move generator is timed on, shared by the criterion bench
//! (`benches/movegen.rs`) and the plain timer (`examples/movegen_time.rs`) so that both measure
//! the same work: known perft counts, the mid-game positions of `benches/data/midgame.txt`, and
//! positions from seeded random games.

use tripot_engine::{Camp, Format, Position, Rules};

/// Known perft counts from the format-1 start (`tests/data/perft.txt`): depth 4 and 5.
pub(crate) const PERFT: [(Rules, u32, u64); 4] = [
    (Rules::Tripot, 4, 145_924),
    (Rules::Tripot, 5, 4_645_174),
    (Rules::Classic, 4, 115_600),
    (Rules::Classic, 5, 3_188_520),
];

/// The mid-game positions with their numbers of legal moves, of one format or all.
pub(crate) fn midgame(format: Option<u8>) -> Vec<(Position, usize)> {
    include_str!("../data/midgame.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let f: u8 = fields.next()?.parse().ok()?;
            let moves: usize = fields.next()?.parse().ok()?;
            let position: Position = fields.next()?.parse().ok()?;
            format.is_none_or(|want| want == f).then_some((position, moves))
        })
        .collect()
}

/// `per_format` positions of each format under the Tripot rules, from random games (a fixed
/// seed, xorshift64) of up to 120 plies from the start.
pub(crate) fn played(per_format: usize) -> Vec<Position> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut positions = Vec::new();
    for (i, format) in Format::ALL.into_iter().enumerate() {
        while positions.len() < per_format * (i + 1) {
            let mut position = Position::start(format, Rules::Tripot, Camp::A);
            let plies = next() % 120;
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
            }
            if !position.is_over() {
                positions.push(position);
            }
        }
    }
    positions
}
