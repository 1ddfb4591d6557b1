//! The Hub protocol's words (the protocol of the Scan and Kingsrow GUIs, which dame-rs speaks):
//! a line is a command and `key=value` pairs (a value with spaces in double quotes); a position is
//! the side to move then the 50 squares (`W` + `wbeWB…`: man, empty, king); a move is `32-28`, or a
//! capture `28x19x23`: start, destination, then every square taken.

use tripot_draughts::{Color, Move, Piece, Position, Role, Square};

/// One line of the protocol: its command and its arguments, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HubLine {
    /// The first word.
    pub(crate) command: String,
    /// `key=value` pairs, and bare words as a key with an empty value.
    pub(crate) args: Vec<(String, String)>,
}

impl HubLine {
    /// The value of `key`, if given.
    pub(crate) fn arg(&self, key: &str) -> Option<&str> {
        self.args.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// Whether the bare word (or key) `word` is given.
    pub(crate) fn has(&self, word: &str) -> bool {
        self.args.iter().any(|(k, _)| k == word)
    }
}

/// Splits a line into its command and arguments; `None` for an empty line.
pub(crate) fn parse_line(line: &str) -> Option<HubLine> {
    let mut words = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in line.trim().chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !current.is_empty() {
                    words.push(std::mem::take(&mut current));
                }
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    let mut words = words.into_iter();
    let command = words.next()?;
    let args = words
        .map(|w| match w.split_once('=') {
            Some((k, v)) => (k.to_owned(), v.to_owned()),
            None => (w, String::new()),
        })
        .collect();
    Some(HubLine { command, args })
}

/// A value written for the protocol: in quotes when it holds a space.
pub(crate) fn quoted(value: &str) -> String {
    if value.contains(' ') || value.is_empty() { format!("\"{value}\"") } else { value.to_owned() }
}

/// The position in the Hub's form.
pub(crate) fn hub_position(position: &Position) -> String {
    let mut text = String::with_capacity(51);
    text.push(position.turn().letter());
    for square in Square::ALL {
        text.push(match position.piece_at(square) {
            None => 'e',
            Some(Piece { color: Color::White, role: Role::Man }) => 'w',
            Some(Piece { color: Color::Black, role: Role::Man }) => 'b',
            Some(Piece { color: Color::White, role: Role::King }) => 'W',
            Some(Piece { color: Color::Black, role: Role::King }) => 'B',
        });
    }
    text
}

/// A position in the Hub's form, through the FEN reader (which checks it).
pub(crate) fn parse_hub_position(text: &str) -> Option<Position> {
    let mut chars = text.chars();
    let turn = match chars.next()? {
        'W' | 'w' => 'W',
        'B' | 'b' => 'B',
        _ => return None,
    };
    let squares: Vec<char> = chars.collect();
    if squares.len() != 50 {
        return None;
    }
    let list = |man: char, king: char| -> Vec<String> {
        squares
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| match c {
                c if c == man => Some((i + 1).to_string()),
                c if c == king => Some(format!("K{}", i + 1)),
                _ => None,
            })
            .collect()
    };
    if squares.iter().any(|c| !"wbeWB".contains(*c)) {
        return None;
    }
    let fen = format!("{turn}:W{}:B{}", list('w', 'W').join(","), list('b', 'B').join(","));
    Position::from_fen(&fen).ok()
}

/// `m` in the Hub's notation: `32-28`, or `28x19x23` (start, end, every square taken, in order).
pub(crate) fn hub_move(m: &Move) -> String {
    if !m.is_capture() {
        return format!("{}-{}", m.from(), m.to());
    }
    let mut squares = vec![m.from(), m.to()];
    squares.extend(m.captured().iter());
    squares.iter().map(ToString::to_string).collect::<Vec<_>>().join("x")
}

/// The legal move of `position` a Hub move names: by its start, end and squares taken (in any
/// order); the standard notation (`32-28`, `19x30`) is read too.
pub(crate) fn parse_hub_move(position: &Position, text: &str) -> Option<Move> {
    let squares: Option<Vec<Square>> =
        text.split(['-', 'x']).map(|w| w.parse::<u8>().ok().and_then(Square::new)).collect();
    let squares = squares?;
    let (&from, &to) = (squares.first()?, squares.get(1)?);
    let mut taken: Vec<Square> = squares.get(2..).unwrap_or(&[]).to_vec();
    taken.sort_unstable();
    let legal = position.legal_moves();
    let fits = |m: &&Move| {
        m.from() == from
            && m.to() == to
            && (taken.is_empty() || m.captured().iter().collect::<Vec<Square>>() == taken)
    };
    let mut candidates = legal.iter().filter(fits);
    match (candidates.next(), candidates.next()) {
        (Some(m), None) => Some(m.clone()),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn lines_positions_and_moves_read_back_what_they_write() {
        let line = parse_line("pos pos=Wbbb moves=\"32-28 19-23\" start").unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(line.arg("moves"), Some("32-28 19-23"));
        assert!(line.has("start"));
        assert_eq!(parse_line("   "), None);
        let start = Position::start();
        let text = hub_position(&start);
        assert_eq!(text, format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20)));
        assert_eq!(parse_hub_position(&text), Some(start));
        assert_eq!(parse_hub_position("W"), None);
        let after = Position::from_fen("W:W28,31,33-50:B1-18,20,23").unwrap();
        let capture = parse_hub_move(&after, "28x19x23").unwrap();
        assert_eq!(hub_move(&capture), "28x19x23");
        assert_eq!(parse_hub_move(&after, "28x19"), Some(capture));
        assert_eq!(parse_hub_move(&after, "32-27"), None);
    }
}
