//! Invariants of the engine on random positions (proptest): the move list, the verifier a client
//! runs on a peer's move, `is_legal`, `play`, position strings and the Zobrist hash must all
//! agree with each other.
//!
//! Positions come from random play from each format's start under both presets, and from random
//! scatters of the pawns over the whole board.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod dice;

use dice::Dice;
use proptest::prelude::*;
use tripot_engine::{Camp, Format, Hole, Move, Notation, Path, Position, Rules, perft, perft_plain};

fn format_of(index: usize) -> Format {
    Format::ALL[index % 3]
}

fn rules_of(index: usize) -> Rules {
    Rules::ALL[index % 2]
}

/// The position after up to `plies` random legal moves from the start.
fn played(format: Format, rules: Rules, seed: u64, plies: usize) -> Position {
    let mut dice = Dice::new(seed);
    let opener = if dice.below(2) == 0 { Camp::A } else { Camp::B };
    let mut position = Position::start(format, rules, opener);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[dice.below(moves.len())]);
    }
    position
}

/// Every colour of the format on 10 holes drawn at random from the whole board.
fn scattered(format: Format, rules: Rules, seed: u64) -> Position {
    let mut dice = Dice::new(seed);
    let mut holes: Vec<Hole> = Hole::all().collect();
    for i in (1..holes.len()).rev() {
        holes.swap(i, dice.below(i + 1));
    }
    let turn = if dice.below(2) == 0 { 'A' } else { 'B' };
    let mut text = turn.to_string();
    for (k, colour) in format.all_colours().iter().enumerate() {
        let names: Vec<String> = holes[k * 10..k * 10 + 10].iter().map(Hole::to_string).collect();
        text.push_str(&format!(":{colour}{}", names.join(",")));
    }
    Position::parse(&text, rules).unwrap()
}

/// A position of any kind: played (mostly) or scattered.
fn any_position() -> impl Strategy<Value = Position> {
    (0usize..6, any::<u64>(), 0usize..90, 0usize..4).prop_map(|(kind, seed, plies, how)| {
        let (format, rules) = (format_of(kind), rules_of(kind / 3));
        if how == 0 { scattered(format, rules, seed) } else { played(format, rules, seed, plies) }
    })
}

fn path_of(notation: &Notation) -> Path {
    match notation {
        Notation::Path(path) => path.clone(),
        other => panic!("not a path: {other}"),
    }
}

/// A change to a legal path that may or may not keep it legal.
fn mutate(path: &Path, dice: &mut Dice) -> Path {
    let mut holes: Vec<Hole> = path.to_vec();
    match dice.below(6) {
        0 => {
            let i = dice.below(holes.len());
            holes[i] = dice::hole(dice);
        }
        1 => {
            // Move one hole to a neighbouring one, the commonest slip of a hand-typed path.
            let i = dice.below(holes.len());
            let (q, r) = holes[i].axial();
            let (dq, dr) = tripot_engine::DIRECTIONS[dice.below(6)];
            if let Some(h) = Hole::from_axial(q + dq, r + dr) {
                holes[i] = h;
            }
        }
        2 => holes.push(dice::hole(dice)),
        3 => {
            let i = dice.below(holes.len() + 1);
            holes.insert(i, dice::hole(dice));
        }
        4 if holes.len() > 2 => {
            let i = dice.below(holes.len());
            holes.remove(i);
        }
        _ => holes.reverse(),
    }
    holes.into_iter().take(tripot_engine::MAX_PATH).collect()
}

/// A path to try on the verifier: a legal path changed a little, a random walk of single jumps
/// as the board offers them (mostly legal, revisits and all), or a random walk of jumps and
/// steps in any direction, from one of the mover's pawns or from anywhere.
fn candidate_path(position: &Position, written: &[Path], dice: &mut Dice) -> Path {
    let mine: Vec<Hole> = position.camp_pawns(position.turn()).iter().collect();
    match dice.below(3) {
        0 if !written.is_empty() => return mutate(&written[dice.below(written.len())], dice),
        1 => {
            let jumpers: Vec<Hole> =
                mine.iter().copied().filter(|&h| !position.single_jumps(h).is_empty()).collect();
            let mut path = Path::new();
            path.push(if jumpers.is_empty() { mine[0] } else { jumpers[dice.below(jumpers.len())] });
            for _ in 0..1 + dice.below(6) {
                // Mostly new holes, sometimes a revisit, for the verifier to refuse.
                let jumps: Vec<Hole> = position
                    .single_jumps(*path.last().unwrap())
                    .iter()
                    .filter(|h| !path.contains(h) || dice.below(8) == 0)
                    .collect();
                if jumps.is_empty() || path.is_full() {
                    break;
                }
                path.push(jumps[dice.below(jumps.len())]);
            }
            return if dice.below(3) == 0 { mutate(&path, dice) } else { path };
        }
        _ => {}
    }
    let mut path = Path::new();
    path.push(if dice.below(3) == 0 { dice::hole(dice) } else { mine[dice.below(mine.len())] });
    for _ in 0..1 + dice.below(4) {
        let last = *path.last().unwrap();
        let (q, r) = last.axial();
        let (dq, dr) = tripot_engine::DIRECTIONS[dice.below(6)];
        let k = 1 + dice.below(10) as i8;
        match Hole::from_axial(q + k * dq, r + k * dr) {
            Some(h) => path.push(h),
            None => break,
        }
    }
    path
}

/// A random move, biased towards the mover's pawns so that some of them are legal.
fn random_move(position: &Position, dice: &mut Dice) -> Move {
    let mine: Vec<Hole> = position.camp_pawns(position.turn()).iter().collect();
    let theirs: Vec<Hole> = position.camp_pawns(position.turn().other()).iter().collect();
    let from = if dice.below(4) == 0 { dice::hole(dice) } else { mine[dice.below(mine.len())] };
    let near = |h: Hole, dice: &mut Dice| {
        let (q, r) = h.axial();
        let (dq, dr) = tripot_engine::DIRECTIONS[dice.below(6)];
        let k = 1 + dice.below(4) as i8;
        Hole::from_axial(q + k * dq, r + k * dr).unwrap_or(h)
    };
    match dice.below(7) {
        0 => Move::Pass,
        1 | 2 => Move::Step { from, to: near(from, dice) },
        3 | 4 => {
            Move::Jump { from, to: if dice.below(2) == 0 { near(from, dice) } else { dice::hole(dice) } }
        }
        _ => {
            let enemy = if dice.below(4) == 0 { dice::hole(dice) } else { theirs[dice.below(theirs.len())] };
            Move::Swap { mine: from, theirs: if dice.below(2) == 0 { near(from, dice) } else { enemy } }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// (a) The verifier accepts every listed move, written as `notation` writes it.
    #[test]
    fn every_listed_move_passes_the_verifier(position in any_position()) {
        let moves = position.legal_moves();
        prop_assert_eq!(moves.len(), position.count_legal_moves());
        for &m in &moves {
            prop_assert!(position.is_legal(m), "{} {}", position, m);
            let written = position.notation(m);
            let verified = position.verify(&written);
            prop_assert_eq!(verified.as_ref().map(|v| v.mv), Ok(m), "{} {}", position, written);
            // Through text, as a peer would send it.
            let text = written.to_string();
            prop_assert_eq!(position.parse_move(&text).map(|v| v.mv), Ok(m), "{} {}", position, text);
            if let Notation::Path(path) = &written {
                prop_assert!(path.len() >= 2);
                prop_assert_eq!(path.first().copied(), m.from());
                prop_assert_eq!(path.last().copied(), m.to());
            }
        }
        // No move twice.
        let mut seen = std::collections::HashSet::new();
        prop_assert!(moves.iter().all(|m| seen.insert(*m)));
    }

    /// (b) Whatever path the verifier accepts is a listed move: random paths, and legal paths
    /// changed a little.
    #[test]
    fn paths_the_verifier_accepts_are_listed(position in any_position(), seed in any::<u64>()) {
        let mut dice = Dice::new(seed);
        let moves = position.legal_moves();
        let written: Vec<Path> = moves
            .iter()
            .map(|&m| position.notation(m))
            .filter(|n| matches!(n, Notation::Path(_)))
            .map(|n| path_of(&n))
            .collect();
        for _ in 0..60 {
            let candidate = candidate_path(&position, &written, &mut dice);
            if candidate.len() < 2 {
                continue;
            }
            if let Ok(verified) = position.verify(&Notation::Path(candidate.clone())) {
                prop_assert!(moves.contains(&verified.mv), "{} accepted {:?} as {}", position, candidate, verified.mv);
                // The path recorded for it verifies to the same move.
                prop_assert_eq!(position.verify(&verified.notation).map(|v| v.mv), Ok(verified.mv));
            }
        }
    }

    /// (c) `is_legal` accepts exactly the listed moves.
    #[test]
    fn is_legal_is_the_move_list(position in any_position(), seed in any::<u64>()) {
        let mut dice = Dice::new(seed);
        let moves = position.legal_moves();
        for _ in 0..200 {
            let m = random_move(&position, &mut dice);
            prop_assert_eq!(position.is_legal(m), moves.contains(&m), "{} {}", position, m);
            // The verifier agrees for moves it can write.
            let verdict = position.verify(&position.notation(m)).map(|v| v.mv);
            if moves.contains(&m) {
                prop_assert_eq!(verdict, Ok(m));
            } else if let Ok(other) = verdict {
                // A jump written by its ends to an unreachable hole is refused; any accepted
                // reading of the same text must be a listed move.
                prop_assert!(moves.contains(&other), "{} {} read as {}", position, m, other);
            }
        }
    }

    /// (d) Position strings round-trip, and printing is canonical whatever the input order.
    #[test]
    fn position_strings_round_trip(position in any_position(), seed in any::<u64>()) {
        let text = position.to_string();
        let parsed = Position::parse(&text, position.rules()).unwrap();
        prop_assert_eq!(parsed.to_string(), text.clone());
        // The string does not carry a pending pass (RULES §7); otherwise it is the same position.
        if !position.previous_was_pass() {
            prop_assert_eq!(parsed, position);
            prop_assert_eq!(parsed.hash(), position.hash());
        }
        // Shuffle the segments and the holes inside each: same position, same canonical text.
        let mut dice = Dice::new(seed);
        let (turn, rest) = text.split_once(':').unwrap();
        let mut segments: Vec<String> = rest
            .split(':')
            .map(|segment| {
                let split = segment.find(|c: char| c.is_ascii_lowercase()).unwrap();
                let mut names: Vec<&str> = segment[split..].split(',').collect();
                for i in (1..names.len()).rev() {
                    names.swap(i, dice.below(i + 1));
                }
                format!("{}{}", &segment[..split], names.join(","))
            })
            .collect();
        for i in (1..segments.len()).rev() {
            segments.swap(i, dice.below(i + 1));
        }
        let shuffled = format!("{turn}:{}", segments.join(":"));
        let reparsed = Position::parse(&shuffled, position.rules()).unwrap();
        prop_assert_eq!(reparsed.to_string(), text);
        prop_assert_eq!(reparsed, parsed);
    }

    /// (e) `play` hands back the position untouched when the move is illegal, and plays it like
    /// `play_unchecked` when it is legal.
    #[test]
    fn play_refuses_illegal_moves_unchanged(position in any_position(), seed in any::<u64>()) {
        let mut dice = Dice::new(seed);
        for _ in 0..50 {
            let m = random_move(&position, &mut dice);
            match position.play(m) {
                Ok(next) => {
                    prop_assert!(position.is_legal(m));
                    let mut expected = position;
                    expected.play_unchecked(m);
                    prop_assert_eq!(next, expected);
                }
                Err(error) => {
                    prop_assert!(!position.is_legal(m));
                    prop_assert_eq!(*error.position, position);
                    prop_assert_eq!(Err(error.reason), position.check(m));
                }
            }
        }
    }

    /// (f) The hash kept up to date move by move equals the hash of the same position read fresh.
    #[test]
    fn incremental_hash_matches_a_fresh_parse(position in any_position()) {
        for &m in &position.legal_moves() {
            let mut next = position;
            next.play_unchecked(m);
            if next.previous_was_pass() {
                continue;
            }
            let fresh = Position::parse(&next.to_string(), next.rules()).unwrap();
            prop_assert_eq!(next.hash(), fresh.hash(), "{} {}", position, m);
            prop_assert_eq!(next, fresh);
        }
    }

    /// (g) Perft's shared last two plies count exactly what the plain recursion counts, swaps,
    /// passes and finished games included.
    #[test]
    fn perft_with_shared_replies_is_the_plain_perft(position in any_position()) {
        prop_assert_eq!(perft(&position, 2), perft_plain(&position, 2), "{}", position);
        if position.legal_moves().len() <= 40 {
            prop_assert_eq!(perft(&position, 3), perft_plain(&position, 3), "{}", position);
        }
    }
}

#[test]
fn random_positions_cover_every_format_and_some_swaps_and_chains() {
    // The generators must reach the interesting cases, or the properties above prove little.
    let mut swaps = 0;
    let mut chains = 0;
    for seed in 0..300u64 {
        let kind = seed as usize % 6;
        let p = played(format_of(kind), rules_of(kind / 3), seed, 20 + seed as usize % 60);
        for m in p.legal_moves() {
            match m {
                Move::Swap { .. } => swaps += 1,
                Move::Jump { from, to } if from.distance(to) > 2 => chains += 1,
                _ => {}
            }
        }
    }
    assert!(swaps > 0, "no swap in 300 played positions");
    // The path generator of `paths_the_verifier_accepts_are_listed` must hit legal paths of
    // several hops that are not the ones `notation` writes, and refused ones.
    let (mut accepted, mut refused) = (0, 0);
    for seed in 0..100u64 {
        let kind = seed as usize % 6;
        let p = played(format_of(kind), rules_of(kind / 3), seed, 30);
        let written: Vec<Path> = p
            .legal_moves()
            .iter()
            .filter_map(|&m| match p.notation(m) {
                Notation::Path(path) => Some(path),
                _ => None,
            })
            .collect();
        let mut dice = Dice::new(seed);
        for _ in 0..60 {
            let candidate = candidate_path(&p, &written, &mut dice);
            if candidate.len() < 3 || written.contains(&candidate) {
                continue;
            }
            match p.verify(&Notation::Path(candidate)) {
                Ok(_) => accepted += 1,
                Err(_) => refused += 1,
            }
        }
    }
    assert!(accepted > 50 && refused > 500, "accepted {accepted}, refused {refused}");
    assert!(chains > 1000, "only {chains} long jumps");
}
