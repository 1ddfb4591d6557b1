//! Perft counts from `tests/data/perft.txt`: the known move-tree sizes of the issue, per format
//! and rules. Depths that take long in a debug build are left to `cargo bench` and `tripot perft`.

use tripot_engine::{Camp, Format, Position, Rules, perft};

#[test]
fn perft_fixture() {
    let data = include_str!("data/perft.txt");
    let mut checked = 0;
    for line in data.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [rules, position, counts @ ..] = fields.as_slice() else {
            panic!("bad fixture line {line}");
        };
        let rules: Rules = rules.parse().unwrap();
        let position = match *position {
            "start1" => Position::start(Format::One, rules, Camp::A),
            "start2" => Position::start(Format::Two, rules, Camp::A),
            "start3" => Position::start(Format::Three, rules, Camp::A),
            text => Position::parse(text, rules).unwrap(),
        };
        for (depth, expected) in counts.iter().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            assert_eq!(perft(&position, depth as u32 + 1), expected, "{line} at depth {}", depth + 1);
            checked += 1;
        }
    }
    assert!(checked >= 10);
}
