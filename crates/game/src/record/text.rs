//! The text of a record, below its meaning: lines, tag pairs `[Name "value"]` with their
//! escapes, and whitespace-separated tokens, each with its line and column. Every game's record
//! (and the engines' older record readers) reads its text through here.

use std::fmt;

use super::error::{RecordError, TextProblem};

/// Largest record accepted, in bytes. A long game is a few tens of kilobytes; anything near this
/// is not a record.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Most tag pairs a record may have.
pub const MAX_TAGS: usize = 256;

/// Longest tag name.
pub const MAX_TAG_NAME: usize = 64;

/// Where something stands in a record's text, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TextAt {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

/// A tag pair as read, before its value is interpreted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawTag {
    /// Its name.
    pub name: String,
    /// Its value, unescaped.
    pub value: String,
    /// Where its value's opening quote stands.
    pub at: TextAt,
}

/// A whitespace-separated piece of the moves' text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its text.
    pub text: &'a str,
    /// Where it starts.
    pub at: TextAt,
}

/// A record's text cut into its tag pairs and the tokens of its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordText<'a> {
    /// The tags, in order; no name twice.
    pub tags: Vec<RawTag>,
    /// The tokens after the tags.
    pub tokens: Vec<Token<'a>>,
}

impl RecordText<'_> {
    /// The tag named `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&RawTag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

pub(crate) fn at(line: usize, column: usize, problem: TextProblem) -> RecordError {
    RecordError::Syntax { at: TextAt { line, column }, problem }
}

/// Refuses what is too large or not UTF-8 text.
pub fn text_of(bytes: &[u8]) -> Result<&str, RecordError> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge { len: bytes.len(), max: MAX_RECORD_BYTES });
    }
    std::str::from_utf8(bytes).map_err(|e| RecordError::NotText { offset: e.valid_up_to() })
}

/// Cuts a record's text into tags and tokens: tags first, one a line, no name twice; control
/// characters (binary data) refused.
pub fn split(text: &str) -> Result<RecordText<'_>, RecordError> {
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
            return Err(at(line, column + 1, TextProblem::ControlCharacter(u32::from(c))));
        }
        let rest = raw.trim_start();
        if rest.is_empty() {
            continue;
        }
        let first = raw.chars().count() - rest.chars().count() + 1;
        if rest.starts_with('[') {
            let tag = lex_tag(rest, line, first)?;
            if !tokens.is_empty() {
                return Err(at(line, first, TextProblem::TagAfterMoves(tag.name)));
            }
            if tags.iter().any(|t| t.name == tag.name) {
                return Err(at(line, first, TextProblem::DuplicateTag(tag.name)));
            }
            if tags.len() >= MAX_TAGS {
                return Err(RecordError::TooManyTags(MAX_TAGS));
            }
            tags.push(tag);
        } else {
            lex_tokens(raw, line, &mut tokens);
        }
    }
    Ok(RecordText { tags, tokens })
}

/// Reads `[Name "value"]`; `first` is the column of the `[`.
fn lex_tag(text: &str, line: usize, first: usize) -> Result<RawTag, RecordError> {
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
        return Err(error(i, TextProblem::Tag("a tag name after '['")));
    }
    if !is_tag_name(&name) {
        return Err(error(start, TextProblem::TagName(excerpt(&name))));
    }
    skip_space(&mut i);
    if chars.get(i) != Some(&'"') {
        return Err(error(i, TextProblem::Tag("a quoted value after the tag name")));
    }
    let column = first + i;
    i += 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return Err(error(i, TextProblem::UnclosedValue)),
            Some('"') => break,
            Some('\\') => {
                let (c, len) = unescape(&chars[i + 1..]).ok_or_else(|| {
                    let shown: String = chars[i..].iter().take(10).collect();
                    error(i, TextProblem::Escape(excerpt(&shown)))
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
        return Err(error(i, TextProblem::Tag("']' after the value")));
    }
    i += 1;
    skip_space(&mut i);
    if i < chars.len() {
        return Err(error(i, TextProblem::Tag("nothing after ']'")));
    }
    Ok(RawTag { name, value, at: TextAt { line, column } })
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

fn lex_tokens<'a>(raw: &'a str, line: usize, tokens: &mut Vec<Token<'a>>) {
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    for (byte, c) in raw.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((from, first)) = start.take() {
                tokens.push(Token { text: &raw[from..byte], at: TextAt { line, column: first } });
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((from, first)) = start {
        tokens.push(Token { text: &raw[from..], at: TextAt { line, column: first } });
    }
}

/// Whether `name` is a well-formed tag name: an ASCII letter, then letters, digits or `_`.
#[must_use]
pub fn is_tag_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && name.len() <= MAX_TAG_NAME
}

/// A tag value written with its escapes: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u{…}` for any other
/// control character, so that a value (a reason sent by a peer, say) can never break the line.
pub struct Escaped<'a>(pub &'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '"' => f.write_str("\\\"")?,
                '\\' => f.write_str("\\\\")?,
                '\n' => f.write_str("\\n")?,
                '\r' => f.write_str("\\r")?,
                '\t' => f.write_str("\\t")?,
                c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                c => write!(f, "{c}")?,
            }
        }
        Ok(())
    }
}

/// Moves are wrapped so that no line of them is longer than this (unless one move is).
pub const LINE_WIDTH: usize = 79;

/// Writes `words` separated by spaces, wrapped at [`LINE_WIDTH`] columns, then a newline: how
/// records write their moves (a round number and its move make one word, so that they stay on
/// one line).
pub fn write_wrapped(f: &mut impl fmt::Write, words: impl IntoIterator<Item = String>) -> fmt::Result {
    let mut column = 0;
    for word in words {
        if column > 0 && column + 1 + word.len() > LINE_WIDTH {
            f.write_str("\n")?;
            column = 0;
        }
        if column > 0 {
            f.write_str(" ")?;
            column += 1;
        }
        f.write_str(&word)?;
        column += word.len();
    }
    f.write_str("\n")
}

/// Shortens a text quoted in an error message, so that garbage cannot make a huge message.
#[must_use]
pub fn excerpt(text: &str) -> String {
    const LIMIT: usize = 40;
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(LIMIT).collect();
    let head = Escaped(&head).to_string();
    if chars.next().is_some() { format!("{head}…") } else { head }
}
