//! Tag pairs: the standard tags of a duel record and the names of the others. Lines, escapes
//! and limits are the one record reader's (`tripot_game::record::text`).

use tripot_game::record::text::is_tag_name;
pub use tripot_game::record::{MAX_RECORD_BYTES, MAX_TAGS};

use super::error::RecordError;

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
