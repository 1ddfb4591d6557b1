//! Writing PDN: the tags, `[GameType "20"]`, `[FEN "…"]` for a game not from the start,
//! `[Result "…"]`, then numbered moves wrapped at 80 columns and the result.

use super::Record;
use crate::color::Color;
use crate::notation::notation_among;
use crate::position::Position;

/// Tags written from the record's own fields, not from its tag list.
const OWN_TAGS: [&str; 3] = ["GameType", "FEN", "Result"];

/// Column after which moves go on the next line.
const WIDTH: usize = 80;

pub(super) fn write(record: &Record) -> String {
    let mut out = String::new();
    for tag in record.tags.iter().filter(|t| !OWN_TAGS.contains(&t.name.as_str())) {
        push_tag(&mut out, &tag.name, &tag.value);
    }
    push_tag(&mut out, "GameType", "20");
    if record.start != Position::start() {
        push_tag(&mut out, "FEN", &record.start.fen());
    }
    push_tag(&mut out, "Result", record.result.text());
    out.push('\n');

    let mut line = String::new();
    let mut position = record.start;
    let black_first = usize::from(record.start.turn() == Color::Black);
    for (ply, m) in record.moves.iter().enumerate() {
        let number = (ply + black_first) / 2 + 1;
        let mut word = String::new();
        if position.turn() == Color::White || ply == 0 {
            let dots = if position.turn() == Color::White { "." } else { "..." };
            word.push_str(&format!("{number}{dots} "));
        }
        word.push_str(&notation_among(m, &position.legal_moves()));
        push_word(&mut out, &mut line, &word);
        position = position.play_unchecked(m);
    }
    push_word(&mut out, &mut line, record.result.text());
    out.push_str(&line);
    out.push('\n');
    out
}

fn push_tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

fn push_word(out: &mut String, line: &mut String, word: &str) {
    if !line.is_empty() && line.len() + 1 + word.len() > WIDTH {
        out.push_str(line);
        out.push('\n');
        line.clear();
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(word);
}
