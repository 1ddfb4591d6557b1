//! The evaluation of a draughts position: material, then the men's progress, the centre and
//! the back row, from the side to move's point of view.

use tripot_draughts::{Color, EndgameRule, Position, Square};

/// A man.
pub(crate) const MAN: i32 = 100;
/// A king: worth about three men.
pub(crate) const KING: i32 = 310;

/// Bonus of a man by how far it stands from its own back row (0) towards the crowning row.
const PROGRESS: [i32; 10] = [0, 0, 1, 2, 4, 6, 9, 13, 18, 0];

/// The score of `position` for the side to move.
pub(crate) fn evaluate(position: &Position) -> i32 {
    let us = position.turn();
    let score = side_score(position, us) - side_score(position, us.opponent());
    // A lone king against a few pieces is drawn by rule unless something happens fast.
    if EndgameRule::of(position).is_some() { score / 8 } else { score }
}

fn side_score(position: &Position, color: Color) -> i32 {
    let men = position.men(color);
    let kings = position.kings(color);
    let mut score = MAN * men.count() as i32 + KING * kings.count() as i32;
    let crowded = position.pieces(Color::White).count() + position.pieces(Color::Black).count() > 16;
    for man in men {
        score += PROGRESS[usize::from(rows_advanced(man, color))];
        if is_central(man) {
            score += 3;
        }
        // Men kept on the back row stop the other side from crowning, while the board is full.
        if crowded && rows_advanced(man, color) == 0 {
            score += 4;
        }
    }
    score
}

/// Rows between `square` and `color`'s back row.
fn rows_advanced(square: Square, color: Color) -> u8 {
    match color {
        Color::White => 9 - square.row(),
        Color::Black => square.row(),
    }
}

fn is_central(square: Square) -> bool {
    (3..=6).contains(&square.row()) && (2..=7).contains(&square.column())
}
