//! Perft counts from `tests/data/perft.txt`: published move-tree sizes. Counts above a few
//! million nodes are left to the `perft` example (`--fixture`), which checks every line.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use tripot_draughts::{Position, perft};

/// The largest count this test walks (the generator is optimised in test builds too).
const TEST_LIMIT: u64 = 12_000_000;

#[test]
fn perft_fixture() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [name, fen, counts @ ..] = fields.as_slice() else {
            panic!("bad fixture line {line}");
        };
        let position = Position::from_fen(fen).unwrap();
        for (depth, expected) in counts.iter().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            if expected > TEST_LIMIT {
                break;
            }
            assert_eq!(perft(&position, depth as u32 + 1), expected, "{name} at depth {}", depth + 1);
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} counts checked");
}
