//! Reading a record's text: tag lines, then movetext.

use crate::colour::{Camp, Format};
use crate::notation::Notation;
use crate::position::Position;
use crate::rules::Rules;

use super::error::{RecordError, SyntaxError};
use super::tag::{MAX_RECORD_BYTES, MAX_TAGS, excerpt, is_tag_name};
use super::{OpenerChoice, Record, RecordResult, Termination};

/// Longest token the movetext may hold: a move number glued to the longest possible path.
pub(crate) const MAX_TOKEN: usize = 256;

/// A tag as read, before its value is interpreted.
pub(crate) struct RawTag {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) line: usize,
    /// Column of the value's opening quote.
    pub(crate) column: usize,
}

/// A whitespace-separated piece of movetext.
pub(crate) struct Token<'a> {
    pub(crate) text: &'a str,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

pub(crate) fn at(line: usize, column: usize, problem: SyntaxError) -> RecordError {
    RecordError::Syntax { line, column, problem }
}

pub(super) fn parse(text: &str) -> Result<Record, RecordError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge { len: text.len(), max: MAX_RECORD_BYTES });
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags: Vec<RawTag> = Vec::new();
    let mut tokens = Vec::new();
    for (index, raw) in text.split('\n').enumerate() {
        let line = index + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some((column, c)) = raw.chars().enumerate().find(|&(_, c)| c.is_control() && c != '\t') {
            return Err(at(line, column + 1, SyntaxError::ControlCharacter(u32::from(c))));
        }
        let rest = raw.trim_start();
        if rest.is_empty() {
            continue;
        }
        let first = raw.chars().count() - rest.chars().count() + 1;
        if rest.starts_with('[') {
            let tag = lex_tag(rest, line, first)?;
            if !tokens.is_empty() {
                return Err(at(line, first, SyntaxError::TagAfterMoves(tag.name)));
            }
            if tags.iter().any(|t| t.name == tag.name) {
                return Err(at(line, first, SyntaxError::DuplicateTag(tag.name)));
            }
            if tags.len() >= MAX_TAGS {
                return Err(RecordError::TooManyTags(MAX_TAGS));
            }
            tags.push(tag);
        } else {
            lex_tokens(raw, line, &mut tokens);
        }
    }
    let mut record = interpret_tags(tags)?;
    read_moves(&mut record, &tokens)?;
    Ok(record)
}

/// Reads `[Name "value"]`; `first` is the column of the `[`.
pub(crate) fn lex_tag(text: &str, line: usize, first: usize) -> Result<RawTag, RecordError> {
    let chars: Vec<char> = text.chars().collect();
    let error = |i: usize, problem| at(line, first + i, problem);
    let skip_space = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    let mut i = 1;
    skip_space(&mut i);
    let start = i;
    while chars.get(i).is_some_and(|&c| !c.is_whitespace() && c != '"' && c != ']') {
        i += 1;
    }
    let name: String = chars[start..i].iter().collect();
    if name.is_empty() {
        return Err(error(i, SyntaxError::Tag("a tag name after '['")));
    }
    if !is_tag_name(&name) {
        return Err(error(start, SyntaxError::TagName(excerpt(&name))));
    }
    skip_space(&mut i);
    if chars.get(i) != Some(&'"') {
        return Err(error(i, SyntaxError::Tag("a quoted value after the tag name")));
    }
    let column = first + i;
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return Err(error(i, SyntaxError::UnclosedValue)),
            Some('"') => break,
            Some('\\') => {
                let (c, len) = unescape(&chars[i + 1..]).ok_or_else(|| {
                    let shown: String = chars[i..].iter().take(10).collect();
                    error(i, SyntaxError::Escape(excerpt(&shown)))
                })?;
                value.push(c);
                i += 1 + len;
            }
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_space(&mut i);
    if chars.get(i) != Some(&']') {
        return Err(error(i, SyntaxError::Tag("']' after the value")));
    }
    i += 1;
    skip_space(&mut i);
    if i < chars.len() {
        return Err(error(i, SyntaxError::Tag("nothing after ']'")));
    }
    Ok(RawTag { name, value, line, column })
}

/// The character an escape stands for, and how many characters after the backslash it takes.
fn unescape(after: &[char]) -> Option<(char, usize)> {
    match after.first()? {
        '"' => Some(('"', 1)),
        '\\' => Some(('\\', 1)),
        'n' => Some(('\n', 1)),
        'r' => Some(('\r', 1)),
        't' => Some(('\t', 1)),
        'u' => {
            if after.get(1) != Some(&'{') {
                return None;
            }
            let digits: String = after.iter().skip(2).take_while(|c| c.is_ascii_hexdigit()).collect();
            if digits.is_empty() || digits.len() > 6 || after.get(2 + digits.len()) != Some(&'}') {
                return None;
            }
            let c = u32::from_str_radix(&digits, 16).ok().and_then(char::from_u32)?;
            Some((c, 3 + digits.len()))
        }
        _ => None,
    }
}

pub(crate) fn lex_tokens<'a>(raw: &'a str, line: usize, tokens: &mut Vec<Token<'a>>) {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    for (byte, c) in raw.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((from, first)) = start.take() {
                tokens.push(Token { text: &raw[from..byte], line, column: first });
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((from, first)) = start {
        tokens.push(Token { text: &raw[from..], line, column: first });
    }
}

fn value_error(name: &'static str, tag: &RawTag, expected: &'static str) -> RecordError {
    at(tag.line, tag.column, SyntaxError::Value { tag: name, value: excerpt(&tag.value), expected })
}

fn camp(text: &str) -> Option<Camp> {
    match text {
        "A" => Some(Camp::A),
        "B" => Some(Camp::B),
        _ => None,
    }
}

fn interpret_tags(tags: Vec<RawTag>) -> Result<Record, RecordError> {
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
    for tag in &tags {
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
                .map_err(|e| at(tag.line, tag.column, SyntaxError::Start(e)))?,
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
            return Err(at(tag.line, tag.column, SyntaxError::TerminationWithoutWinner(termination)));
        }
        (Some(winner), None) => {
            return Err(at(
                result_tag.line,
                result_tag.column,
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
        let error = |column, problem| at(token.line, column, problem);
        if result_seen {
            return Err(error(token.column, SyntaxError::AfterResult(excerpt(token.text))));
        }
        if token.text.len() > MAX_TOKEN {
            return Err(error(token.column, SyntaxError::LongToken(excerpt(token.text))));
        }
        let mut text = token.text;
        let mut column = token.column;
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
            token.line,
            token.column,
            SyntaxError::MoveNumber { expected: "a move".into(), found },
        ));
    }
    Ok(())
}
