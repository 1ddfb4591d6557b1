//! Reading a duel record's text: its tags' meaning, then movetext. The text itself (lines, tag
//! pairs, tokens) is cut by the one record reader, `tripot_game::record::text`.

use crate::colour::{Camp, Format};
use crate::notation::Notation;
use crate::position::Position;
use crate::rules::Rules;

use tripot_game::record::text::{self, RawTag, Token, excerpt};

use super::error::{RecordError, SyntaxError};
use super::{OpenerChoice, Record, RecordResult, Termination};

/// Longest token the movetext may hold: a move number glued to the longest possible path.
pub(crate) const MAX_TOKEN: usize = 256;

pub(crate) fn at(line: usize, column: usize, problem: SyntaxError) -> RecordError {
    RecordError::Syntax { line, column, problem }
}

pub(super) fn parse(text: &str) -> Result<Record, RecordError> {
    let split = text::split(text)?;
    let mut record = interpret_tags(&split.tags)?;
    read_moves(&mut record, &split.tokens)?;
    Ok(record)
}

fn value_error(name: &'static str, tag: &RawTag, expected: &'static str) -> RecordError {
    at(tag.at.line, tag.at.column, SyntaxError::Value { tag: name, value: excerpt(&tag.value), expected })
}

fn camp(text: &str) -> Option<Camp> {
    match text {
        "A" => Some(Camp::A),
        "B" => Some(Camp::B),
        _ => None,
    }
}

fn interpret_tags(tags: &[RawTag]) -> Result<Record, RecordError> {
    let mut format = None;
    let mut rules = None;
    let mut opener = None;
    let mut opener_choice = None;
    let mut players = [None, None];
    let mut date = None;
    let mut result: Option<(Option<Camp>, &RawTag)> = None;
    let mut termination: Option<(Termination, &RawTag)> = None;
    let mut reason = None;
    let mut start = None;
    let mut extra = Vec::new();
    for tag in tags {
        match tag.name.as_str() {
            "Format" => {
                let number = tag.value.parse().ok().and_then(Format::from_number);
                format = Some(number.ok_or_else(|| value_error("Format", tag, "1, 2 or 3"))?);
            }
            "Rules" => {
                let parsed = tag.value.parse::<Rules>();
                rules = Some(parsed.map_err(|_| value_error("Rules", tag, "tripot or classic"))?);
            }
            "Opener" => opener = Some(camp(&tag.value).ok_or_else(|| value_error("Opener", tag, "A or B"))?),
            "OpenerChoice" => {
                let parsed = tag.value.parse::<OpenerChoice>();
                opener_choice =
                    Some(parsed.map_err(|()| value_error("OpenerChoice", tag, "chosen or random"))?);
            }
            "PlayerA" => players[0] = Some(tag.value.clone()),
            "PlayerB" => players[1] = Some(tag.value.clone()),
            "Date" => date = Some(tag.value.clone()),
            "Result" => {
                let winner = match tag.value.as_str() {
                    "*" => None,
                    other => Some(camp(other).ok_or_else(|| value_error("Result", tag, "A, B or *"))?),
                };
                result = Some((winner, tag));
            }
            "Termination" => {
                let parsed = tag.value.parse::<Termination>().map_err(|()| {
                    value_error("Termination", tag, "goal, count, resign, forfeit, abandon or claim")
                })?;
                termination = Some((parsed, tag));
            }
            "Reason" => reason = Some(tag.value.clone()),
            "Start" => start = Some(tag),
            _ => extra.push((tag.name.clone(), tag.value.clone())),
        }
    }
    let rules = rules.ok_or(RecordError::MissingTag("Rules"))?;
    let setup = match start {
        Some(tag) => Some(
            Position::parse(&tag.value, rules)
                .map_err(|e| at(tag.at.line, tag.at.column, SyntaxError::Start(e)))?,
        ),
        None => None,
    };
    let (format, opener) = match setup {
        Some(position) => {
            if let Some(tag) = format.filter(|&f| f != position.format()) {
                return Err(RecordError::StartFormat { start: position.format(), tag });
            }
            if let Some(tag) = opener.filter(|&c| c != position.turn()) {
                return Err(RecordError::StartOpener { start: position.turn(), tag });
            }
            (position.format(), position.turn())
        }
        None => (
            format.ok_or(RecordError::MissingTag("Format"))?,
            opener.ok_or(RecordError::MissingTag("Opener"))?,
        ),
    };
    let (winner, result_tag) = result.ok_or(RecordError::MissingTag("Result"))?;
    let result = match (winner, termination) {
        (None, None) => RecordResult::Unfinished,
        (Some(winner), Some((termination, _))) => RecordResult::Won { winner, termination },
        (None, Some((termination, tag))) => {
            return Err(at(tag.at.line, tag.at.column, SyntaxError::TerminationWithoutWinner(termination)));
        }
        (Some(winner), None) => {
            return Err(at(
                result_tag.at.line,
                result_tag.at.column,
                SyntaxError::WinnerWithoutTermination(winner),
            ));
        }
    };
    Ok(Record {
        format,
        rules,
        opener,
        setup,
        opener_choice,
        players,
        date,
        result,
        reason,
        extra,
        moves: Vec::new(),
    })
}

fn read_moves(record: &mut Record, tokens: &[Token<'_>]) -> Result<(), RecordError> {
    let mut pending_number: Option<&Token<'_>> = None;
    let mut result_seen = false;
    for token in tokens {
        let error = |column, problem| at(token.at.line, column, problem);
        if result_seen {
            return Err(error(token.at.column, SyntaxError::AfterResult(excerpt(token.text))));
        }
        if token.text.len() > MAX_TOKEN {
            return Err(error(token.at.column, SyntaxError::LongToken(excerpt(token.text))));
        }
        let mut text = token.text;
        let mut column = token.at.column;
        if matches!(text, "A" | "B" | "*") {
            if pending_number.is_some() {
                let found = text.to_owned();
                return Err(error(column, SyntaxError::MoveNumber { expected: "a move".into(), found }));
            }
            let tag = record.result.tag_value();
            if text != tag {
                return Err(error(column, SyntaxError::ResultToken { found: text.to_owned(), tag }));
            }
            result_seen = true;
            continue;
        }
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            let digits = text.bytes().take_while(u8::is_ascii_digit).count();
            let dots = text.bytes().skip(digits).take_while(|&b| b == b'.').count();
            let number = &text[..digits + dots];
            let ply = record.moves.len();
            let expected = match (pending_number.is_some(), ply % 2) {
                (true, _) => "a move".to_owned(),
                (false, 0) => format!("{}.", ply / 2 + 1),
                (false, _) => format!("{}...", ply / 2 + 1),
            };
            if number != expected {
                return Err(error(column, SyntaxError::MoveNumber { expected, found: excerpt(number) }));
            }
            pending_number = Some(token);
            text = &text[digits + dots..];
            column += digits + dots;
            if text.is_empty() {
                continue;
            }
        }
        let notation: Notation = text.parse().map_err(|e| error(column, SyntaxError::Move(e)))?;
        record.moves.push(notation);
        pending_number = None;
    }
    if let Some(token) = pending_number {
        let found = format!("{} at the end of the record", token.text);
        return Err(at(
            token.at.line,
            token.at.column,
            SyntaxError::MoveNumber { expected: "a move".into(), found },
        ));
    }
    Ok(())
}
