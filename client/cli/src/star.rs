//! The analysis subcommands for the star games (`--game NAME`, `--variant NAME`, RULES-STAR.md
//! §2) that still speak the engine's own types: `apply` (its per-seat `result:` lines and
//! hop-by-hop errors) and `replay`.

use std::io::Write;

use tripot_engine::{
    CLOCKWISE, Colour, StarGame, StarIllegal, StarNotation, StarPosition, StarRecord, Variant,
};

use super::CliError;

/// The position `text` of `variant`; `start` is the variant's start with seat 1 (S) to move.
pub(crate) fn position(text: &str, variant: Variant) -> Result<StarPosition, CliError> {
    let text = text.trim();
    let parsed = if text == "start" {
        StarPosition::start(variant, Colour::S)
    } else {
        StarPosition::parse(text, variant)
    };
    parsed.map_err(|error| CliError::BadStarPosition { variant, error })
}

/// `S 1`, `NE 3 (eliminated)`: how a seat's part in the game ended.
fn seat_end(position: &StarPosition, seat: Colour) -> Option<String> {
    let place = position.place(seat);
    if position.is_out(seat) {
        return Some(match place {
            Some(p) => format!("{seat} eliminated, place {p}"),
            None => format!("{seat} eliminated"),
        });
    }
    if position.is_finished(seat) {
        return Some(match place {
            Some(p) => format!("{seat} done, place {p}"),
            None => format!("{seat} finished, waiting for its partner"),
        });
    }
    None
}

/// Plays the moves; prints the position reached, a line per seat whose part ended on the way,
/// and the result if the game is over.
pub(crate) fn apply(text: &str, variant: Variant, moves: &[String]) -> Result<(), CliError> {
    let start = position(text, variant)?;
    let mut notations = Vec::new();
    for text in moves.iter().flat_map(|arg| arg.split_whitespace()) {
        let notation: StarNotation = text.parse()?;
        notations.push((text, notation));
    }
    // A game, not a bare position: the moves given may repeat a position a third time (§4.7).
    let mut game = StarGame::new(start);
    for (text, notation) in notations {
        let illegal = |reason| CliError::IllegalStarMove { text: text.to_owned(), reason };
        if let Some(outcome) = game.outcome() {
            return Err(illegal(StarIllegal::GameOver(outcome)));
        }
        let m = game.position().verify(&notation).map_err(illegal)?;
        game.play(&m).map_err(|e| illegal(e.reason))?;
    }
    let position = *game.position();
    let mut out = std::io::stdout().lock();
    writeln!(out, "{position}")?;
    match game.outcome() {
        Some(outcome) => writeln!(out, "result: {outcome}")?,
        None => {
            for seat in CLOCKWISE {
                if seat_end(&start, seat).is_none()
                    && let Some(line) = seat_end(&position, seat)
                {
                    writeln!(out, "result: {line}")?;
                }
            }
        }
    }
    Ok(())
}

/// Whether a record's text is an older star record: it has a `Variant` tag.
pub(crate) fn is_star_record(bytes: &[u8]) -> bool {
    bytes.split(|&b| b == b'\n').any(|line| line.trim_ascii_start().starts_with(b"[Variant "))
}

/// Replays a star record; prints the final position and the result.
pub(crate) fn replay(bytes: &[u8], name: &str) -> Result<(), CliError> {
    let text =
        std::str::from_utf8(bytes).map_err(|error| CliError::NotText { name: name.to_owned(), error })?;
    let record_error = |error| CliError::StarRecord { name: name.to_owned(), error };
    let record = StarRecord::parse(text).map_err(record_error)?;
    let replay = record.replay().map_err(record_error)?;
    let last = replay.positions.last().copied().unwrap_or_else(|| record.start_position());
    let result = match (replay.outcome, record.result()) {
        (Some(outcome), _) => outcome.to_string(),
        (None, Some(places)) => {
            let how = record.tag("Termination").unwrap_or("recorded");
            let how: String = how.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
            let items: Vec<String> = CLOCKWISE
                .into_iter()
                .filter(|s| places[s.index()] != 0)
                .map(|s| format!("{s} {}", places[s.index()]))
                .collect();
            format!("places: {} ({how})", items.join(", "))
        }
        (None, None) => "unfinished".to_owned(),
    };
    let mut out = std::io::stdout().lock();
    Ok(writeln!(out, "{last}\nresult: {result}")?)
}
