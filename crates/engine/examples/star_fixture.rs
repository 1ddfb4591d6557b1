//! Prints the mid-game fixture of `tests/data/star-midgame.tsv`: positions of 3, 4 and 6 players
//! reached by seeded random play, with their number of legal moves and their perft(2).
//! `cargo run --release -p tripot-engine --example star_fixture > crates/engine/tests/data/star-midgame.tsv`

use tripot_engine::{StarPosition, Variant, star_perft};

fn main() {
    let names = [
        "kawu-3",
        "kawu-4",
        "kawu-6",
        "halma-3",
        "halma-4",
        "halma-6",
        "halma-long-6",
        "halma-pairs-4",
        "halma-pairs-6",
        "captures-3",
        "captures-4",
        "captures-6",
        "captures-long-6",
    ];
    println!("# variant\tposition\tmoves\tperft(2)");
    let mut state = 0x7472_6970_6f74_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for name in names {
        let Ok(variant) = name.parse::<Variant>() else {
            continue;
        };
        // A captures game empties the board fast: it gets shorter walks.
        let walks = if name.starts_with("captures") { [4, 8, 14] } else { [12, 30, 60] };
        for plies in walks {
            let seats = variant.seats();
            let opener = seats[(next() % seats.len() as u64) as usize];
            let Ok(mut position) = StarPosition::start(variant, opener) else {
                continue;
            };
            for _ in 0..plies {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play_unchecked(&moves[(next() % moves.len() as u64) as usize]);
            }
            println!("{name}\t{position}\t{}\t{}", position.count_legal_moves(), star_perft(&position, 2));
        }
    }
}
