//! Tag pairs: names, escaped values, limits.

use std::fmt;

use super::error::RecordError;

/// Largest record accepted, in bytes. A long game is a few tens of kilobytes; anything near this
/// is not a record.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Most tag pairs a record may have, standard ones included.
pub const MAX_TAGS: usize = 256;

/// Longest tag name.
pub(crate) const MAX_TAG_NAME: usize = 64;

/// The tags with a field of their own in [`super::Record`], in the order they are written.
pub const STANDARD_TAGS: [&str; 11] = [
    "Format",
    "Rules",
    "Opener",
    "OpenerChoice",
    "PlayerA",
    "PlayerB",
    "Date",
    "Result",
    "Termination",
    "Reason",
    "Start",
];

/// Whether `name` is a well-formed tag name: an ASCII letter, then letters, digits or `_`.
pub(crate) fn is_tag_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && name.len() <= MAX_TAG_NAME
}

/// Checks a name given to [`super::Record::set_tag`].
pub(crate) fn check_extra_name(name: &str) -> Result<(), RecordError> {
    if !is_tag_name(name) {
        return Err(RecordError::BadTagName(name.to_owned()));
    }
    if STANDARD_TAGS.contains(&name) {
        return Err(RecordError::StandardTag(name.to_owned()));
    }
    Ok(())
}

/// A tag value written with its escapes: `\"`, `\\`, `\n`, `\r`, `\t`, and `\u{…}` for any other
/// control character, so that a value (a reason sent by a peer, say) can never break the line.
pub(crate) struct Escaped<'a>(pub(crate) &'a str);

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

/// Shortens a text quoted in an error message, so that garbage cannot make a huge message.
pub(crate) fn excerpt(text: &str) -> String {
    const LIMIT: usize = 40;
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(LIMIT).collect();
    let head = Escaped(&head).to_string();
    if chars.next().is_some() { format!("{head}…") } else { head }
}
