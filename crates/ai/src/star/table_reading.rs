//! Reading the table in the captures game: how each other seat has played so far, so that the
//! search expects the answers that seat actually gives.
//!
//! Why: the search's model of the others decides its strength more than its depth does
//! (docs/ai.md). Expecting every seat to take its longest capture wins nearly every game against
//! players who do, and loses to players who look a round ahead; expecting the careful answer
//! does the opposite. A player who watches the table tells the two apart from the moves
//! already played, as a human would after a round or two.

use tripot_engine::{Colour, StarGame, StarMove, StarPosition};

use crate::level::Level;

use super::capture_search::{Replies, after_longest, considered_reply};
use super::foresight::Foresight;

/// How many of a seat's latest moves are read: players change style less than games last, but
/// the first round is often played differently.
const READ_MOVES: usize = 3;

/// A seat that takes the most pieces but not as either model foresaw is expected to take one of
/// its long captures (at most `ANY_SLACK` pieces shorter than its longest), the mean over up to
/// `ANY_LONGEST` of them: Moyen's view of the others, and so how Moyen reads (docs/ai.md: Difficile
/// first in 49 of 90 games against two Moyen so, 38 with one of the 3 longest).
const ANY_LONGEST: usize = 6;
const ANY_SLACK: usize = 1;

/// What the moves played so far tell of each other seat.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TableReading {
    /// The expected answer of each seat, by seat index, in every round the search looks at.
    pub(crate) replies: [Replies; 6],
    /// The level below the reader a seat plays as, when it was recognised: its next answer is
    /// foreseen by running that level's player (`Foresight`).
    pub(crate) plays_as: [Option<Level>; 6],
}

impl TableReading {
    /// The same answer expected of every seat, none recognised: for a level that does not read
    /// the table.
    pub(crate) fn expecting(replies: Replies) -> TableReading {
        TableReading { replies: [replies; 6], plays_as: [None; 6] }
    }
}

/// Reads every seat of `game` but `me` from its latest moves.
///
/// Its expected answer: `Longest` or `Considered(width)` when that model foretold two moves in
/// three and better than the other (`Longest` for a seat that has not played yet: grabbing is
/// what most players do first), `AnyLong` when neither did but the seat took the most pieces
/// two times in three, else `Considered(width)`. And, of the `known` levels, the one whose
/// choices matched all of its latest moves but one (of two or three), more of them than the
/// longest capture did, the higher on a tie: a seat's first move is often played otherwise (the
/// arena's is a seeded beginner's), and the game is short, so one match out of two already
/// counts; a seat that grabs is foretold by the longest capture at no cost, and Moyen's choice
/// is often the longest too.
pub(crate) fn read_table(
    game: &StarGame,
    me: Colour,
    width: usize,
    hedge: bool,
    known: &[Level],
    foresight: &mut Foresight,
) -> TableReading {
    let mut total = [0usize; 6];
    let mut replay = StarGame::new(*game.start());
    for mv in game.moves() {
        total[replay.position().turn().index()] += 1;
        if replay.play(mv).is_err() {
            break;
        }
    }
    let mut seen: [Vec<Reading>; 6] = Default::default();
    let mut history = StarGame::new(*game.start());
    let mut nodes = 0;
    for mv in game.moves() {
        let pos: StarPosition = *history.position();
        let seat = pos.turn();
        let mut next = pos;
        next.play_unchecked(mv);
        if seat != me {
            let taken = next.taken(seat).saturating_sub(pos.taken(seat));
            let latest = seen[seat.index()].len() + READ_MOVES >= total[seat.index()];
            let mut plays_as = [false; 5];
            if latest {
                for &level in known {
                    plays_as[level as usize] = foresight.choice(level, &history) == *mv;
                }
            }
            seen[seat.index()].push(Reading {
                first_longest: after_longest(&pos).is_some_and(|c| c.hash() == next.hash()),
                longest: longest_length(&pos) == Some(taken),
                careful: considered_reply(&pos, width, &mut nodes).is_some_and(|c| c.hash() == next.hash()),
                plays_as,
            });
        }
        if history.play(mv).is_err() {
            break;
        }
    }
    let mut replies = [Replies::Considered(width); 6];
    let mut plays_as = [None; 6];
    for (index, moves) in seen.iter().enumerate() {
        let latest = &moves[moves.len().saturating_sub(READ_MOVES)..];
        let n = latest.len();
        let count = |f: &dyn Fn(&Reading) -> bool| latest.iter().filter(|r| f(r)).count();
        let (first, longest, careful) =
            (count(&|r| r.first_longest), count(&|r| r.longest), count(&|r| r.careful));
        let mut best = 0;
        for &level in known {
            let k = count(&|r| r.plays_as[level as usize]);
            if n >= 2 && k > first && k + 1 >= n && k >= best {
                best = k;
                plays_as[index] = Some(level);
            }
        }
        // The model that foretold its moves best, if it foretold two in three (the first round
        // is often played otherwise); a seat that took the most pieces each time but not as
        // either model foresaw takes one of its long captures.
        let mostly = |k: usize| k * 3 >= n * 2;
        if hedge {
            // One more to each, and grabbing ahead before a seat has played.
            let longest = if n == 0 { 2 } else { first as u8 + 1 };
            replies[index] = Replies::Hedged { longest, careful: careful as u8 + 1, width };
            continue;
        }
        replies[index] = if n == 0 || (first >= careful && mostly(first)) {
            Replies::Longest
        } else if careful > first && mostly(careful) {
            Replies::Considered(width)
        } else if mostly(longest) {
            Replies::AnyLong { spread: ANY_LONGEST, slack: ANY_SLACK }
        } else {
            Replies::Considered(width)
        };
    }
    TableReading { replies, plays_as }
}

/// What one move of a seat told.
#[derive(Debug, Clone, Copy)]
struct Reading {
    /// It was the engine's first longest capture.
    first_longest: bool,
    /// It took as many pieces as the longest capture.
    longest: bool,
    /// It was the careful answer (`Replies::Considered`).
    careful: bool,
    /// It was the choice of the level of this index (read for the latest moves only).
    plays_as: [bool; 5],
}

/// How many pieces the longest capture of the seat to move takes.
fn longest_length(pos: &StarPosition) -> Option<u8> {
    pos.legal_moves()
        .iter()
        .filter_map(
            |m| if let StarMove::Capture(p) = m { Some(p.len().saturating_sub(1) as u8) } else { None },
        )
        .max()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use tripot_engine::{StarGame, StarPosition, Variant};

    use super::*;
    use crate::star::greedy_capture;

    const SEED: u64 = 1;

    fn captures_3() -> StarGame {
        let variant: Variant = "captures-3".parse().unwrap();
        StarGame::new(StarPosition::start(variant, Colour::S).unwrap())
    }

    #[test]
    fn a_seat_that_always_takes_the_longest_capture_is_read_as_such() {
        let mut game = captures_3();
        for _ in 0..9 {
            let mv = greedy_capture(game.position());
            game.play(&mv).unwrap();
        }
        let replies = read_table(&game, Colour::S, 4, false, &[], &mut Foresight::default()).replies;
        assert_eq!(replies[Colour::NW.index()], Replies::Longest);
        assert_eq!(replies[Colour::NE.index()], Replies::Longest);
    }

    /// The careful answer as a move.
    fn careful_move(pos: &StarPosition) -> StarMove {
        let next = considered_reply(pos, 4, &mut 0).unwrap();
        pos.legal_moves().into_iter().find(|m| pos.play(m).unwrap().hash() == next.hash()).unwrap()
    }

    #[test]
    fn a_seat_that_looks_a_round_ahead_is_read_as_careful() {
        // From a seeded opening of random captures, S grabs and NW, NE answer carefully; the
        // seed is one where their careful answers were not the longest capture twice in three
        // (asserted below, so that the test says something).
        let mut rng = crate::rng::Rng::new(SEED);
        let mut game = captures_3();
        for _ in 0..3 {
            let moves = game.position().legal_moves();
            let mv = moves[rng.below(moves.len() as u64) as usize].clone();
            game.play(&mv).unwrap();
        }
        let mut differed = 0;
        for _ in 0..9 {
            let pos = *game.position();
            let mv = if pos.turn() == Colour::S { greedy_capture(&pos) } else { careful_move(&pos) };
            if pos.turn() == Colour::NW
                && after_longest(&pos).map(|c| c.hash()) != Some(pos.play(&mv).unwrap().hash())
            {
                differed += 1;
            }
            game.play(&mv).unwrap();
        }
        assert!(differed >= 2, "seed {SEED}: the careful answers were the longest captures");
        assert_eq!(
            read_table(&game, Colour::S, 4, false, &[], &mut Foresight::default()).replies
                [Colour::NW.index()],
            Replies::Considered(4)
        );
    }

    #[test]
    fn a_seat_that_has_not_played_is_expected_to_grab() {
        let game = captures_3();
        assert!(
            read_table(&game, Colour::S, 4, false, &[], &mut Foresight::default())
                .replies
                .iter()
                .all(|r| *r == Replies::Longest)
        );
    }

    #[test]
    fn a_seat_that_plays_as_moyen_is_recognised_and_a_greedy_one_is_not() {
        // NW plays Moyen's moves, NE the longest capture; the reader S knows Moyen and
        // Difficile. S's own moves are random captures, so that the game wanders.
        let mut rng = crate::rng::Rng::new(SEED);
        let mut game = captures_3();
        let mut moyen = crate::star::StarAi::new(Level::Moyen, 0);
        let mut matched_greedy = 0;
        for _ in 0..9 {
            let pos = *game.position();
            let mv = match pos.turn() {
                Colour::S => {
                    let moves = pos.legal_moves();
                    moves[rng.below(moves.len() as u64) as usize].clone()
                }
                Colour::NW => {
                    let mv = moyen.choose(&game);
                    matched_greedy += usize::from(mv == greedy_capture(&pos));
                    mv
                }
                _ => greedy_capture(&pos),
            };
            game.play(&mv).unwrap();
        }
        // So that the test says something: Moyen did not grab every time (then the longest
        // capture foretells it as well, and no level is needed).
        assert!(matched_greedy < 3, "seed {SEED}: Moyen took the longest capture every time");
        let known = [Level::Moyen, Level::Difficile];
        let reading = read_table(&game, Colour::S, 4, false, &known, &mut Foresight::default());
        assert_eq!(reading.plays_as[Colour::NW.index()], Some(Level::Moyen));
        assert_eq!(reading.plays_as[Colour::NE.index()], None);
        assert_eq!(reading.replies[Colour::NE.index()], Replies::Longest);
        // A reader who knows no level recognises nobody.
        let blind = read_table(&game, Colour::S, 4, false, &[], &mut Foresight::default());
        assert!(blind.plays_as.iter().all(Option::is_none));
    }
}
