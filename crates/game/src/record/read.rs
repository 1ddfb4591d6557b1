//! Reading a record's text: the tags' meaning, then the moves and the result.

use super::error::{RecordError, TextProblem};
use super::legacy::game_of;
use super::text::{self, RawTag, TextAt, excerpt};
use super::{GameRecord, OWN_TAGS, RecordResult, RecordedMove};

/// Longest token the moves may hold: a round number glued to the longest path.
const MAX_TOKEN: usize = 512;

pub(super) fn parse(text: &str) -> Result<GameRecord, RecordError> {
    let split = text::split(text)?;
    let (game, consumed) = game_of(&split)?;
    let mut record = GameRecord::new(game);
    record.opener = split.tag("Opener").map(|t| t.value.clone());
    record.start = split.tag("Start").map(|t| t.value.clone());
    let result_tag = split.tag("Result");
    if let Some(tag) = result_tag {
        record.result = parse_result(tag)?;
    }
    if let Some(tag) = split.tag("Termination") {
        if !record.result.is_finished() {
            return Err(at(tag.at, TextProblem::TerminationWithoutResult(excerpt(&tag.value))));
        }
        record.termination = Some(tag.value.clone());
    }
    record.tags = split
        .tags
        .iter()
        .filter(|t| !OWN_TAGS.contains(&t.name.as_str()) && !consumed.contains(&t.name.as_str()))
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    let result_text = result_tag.map_or("*", |t| t.value.as_str());
    let mut pending: Option<(u32, &str, TextAt)> = None;
    let mut result_seen = false;
    for token in &split.tokens {
        if result_seen {
            return Err(at(token.at, TextProblem::AfterResult(excerpt(token.text))));
        }
        if token.text.len() > MAX_TOKEN {
            return Err(at(token.at, TextProblem::LongToken(excerpt(token.text))));
        }
        // Moves start with a small letter or a digit; results with `*` or a seat's name.
        if token.text == "*" || token.text.starts_with(|c: char| c.is_ascii_uppercase()) {
            if pending.is_some() {
                return Err(at(token.at, TextProblem::NumberWithoutMove { found: excerpt(token.text) }));
            }
            if token.text != result_text {
                let found = excerpt(token.text);
                return Err(at(token.at, TextProblem::ResultToken { found, tag: result_text.to_owned() }));
            }
            result_seen = true;
            continue;
        }
        let mut move_text = token.text;
        let mut move_at = token.at;
        let digits = move_text.bytes().take_while(u8::is_ascii_digit).count();
        let dots = move_text.bytes().skip(digits).take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            if pending.is_some() {
                return Err(at(token.at, TextProblem::NumberWithoutMove { found: excerpt(token.text) }));
            }
            // A number too large for any round is kept as the largest: the replay refuses it.
            let number = move_text[..digits].parse().unwrap_or(u32::MAX);
            pending = Some((number, &move_text[..digits + dots], token.at));
            move_text = &move_text[digits + dots..];
            move_at.column += digits + dots;
            if move_text.is_empty() {
                continue;
            }
        }
        let (round, round_at) = match pending.take() {
            Some((number, _, number_at)) => (Some(number), Some(number_at)),
            None => (None, None),
        };
        record.moves.push(RecordedMove { text: move_text.to_owned(), round, at: Some(move_at), round_at });
    }
    if let Some((_, number, number_at)) = pending {
        let found = format!("{number} at the end of the record");
        return Err(at(number_at, TextProblem::NumberWithoutMove { found }));
    }
    Ok(record)
}

fn at(at: TextAt, problem: TextProblem) -> RecordError {
    RecordError::Syntax { at, problem }
}

/// `*`, the places `S1,NW2`, or a winner alone `A` (the duel's records of before).
fn parse_result(tag: &RawTag) -> Result<RecordResult, RecordError> {
    let bad = || {
        at(
            tag.at,
            TextProblem::Value {
                tag: "Result",
                value: excerpt(&tag.value),
                expected: "* or the places by seat name, like S1,NW2",
            },
        )
    };
    let value = tag.value.as_str();
    if value == "*" {
        return Ok(RecordResult::Unfinished);
    }
    if let Some((name, "")) = seat_name(value) {
        return Ok(RecordResult::Winner(name.to_owned()));
    }
    let mut places: Vec<(String, u8)> = Vec::new();
    for item in value.split(',') {
        let (name, digits) = seat_name(item).ok_or_else(bad)?;
        let well_written =
            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
        let place: u8 = digits.parse().ok().filter(|_| well_written).ok_or_else(bad)?;
        if places.iter().any(|(n, _)| n == name) {
            return Err(bad());
        }
        places.push((name.to_owned(), place));
    }
    Ok(RecordResult::Places(places))
}

/// A seat's name (upper-case letters) and what follows it.
fn seat_name(item: &str) -> Option<(&str, &str)> {
    let split = item.find(|c: char| !c.is_ascii_uppercase()).unwrap_or(item.len());
    (split > 0).then(|| item.split_at(split))
}
