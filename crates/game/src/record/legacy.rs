//! The game a record of before the `Game` tag is of: the star games' `[Variant "kawu-3"]` gives
//! the name as it is (the variant names are the catalogue's), and the duel's `[Rules "classic"]`
//! with `[Format "2"]` stands for `tripot-classic-f2` (`tripot`, `tripot-f2`, … for the Tripot
//! rules). A duel record with a `Start` and no `Format` has the format of its position: one
//! colour segment per colour, two colours per format number (RULES.md §7).

use crate::spec::GameSpec;

use super::error::{RecordError, TextProblem};
use super::text::{RawTag, RecordText, excerpt};

/// The game named by the record's tags, and the older tags that named it (consumed).
pub(super) fn game_of(text: &RecordText<'_>) -> Result<(GameSpec, &'static [&'static str]), RecordError> {
    let spec_at = |tag: &RawTag| {
        GameSpec::new(&tag.value)
            .map_err(|e| RecordError::Syntax { at: tag.at, problem: TextProblem::Spec(e) })
    };
    let (variant, rules) = (text.tag("Variant"), text.tag("Rules"));
    if let Some(game) = text.tag("Game") {
        let older = if variant.is_some() { Some("Variant") } else { rules.map(|_| "Rules") };
        if let Some(older) = older {
            let problem = TextProblem::GameNamedTwice { game: excerpt(&game.value), tag: older };
            return Err(RecordError::Syntax { at: game.at, problem });
        }
        return Ok((spec_at(game)?, &[]));
    }
    if let Some(variant) = variant {
        if rules.is_some() {
            let problem = TextProblem::GameNamedTwice { game: excerpt(&variant.value), tag: "Rules" };
            return Err(RecordError::Syntax { at: variant.at, problem });
        }
        return Ok((spec_at(variant)?, &["Variant"]));
    }
    let Some(rules) = rules else {
        return Err(RecordError::MissingTag("Game"));
    };
    let value_error = |tag: &RawTag, name, expected| RecordError::Syntax {
        at: tag.at,
        problem: TextProblem::Value { tag: name, value: excerpt(&tag.value), expected },
    };
    let rules_part = match rules.value.as_str() {
        "tripot" => "",
        "classic" => "-classic",
        _ => return Err(value_error(rules, "Rules", "tripot or classic")),
    };
    let format = match (text.tag("Format"), text.tag("Start")) {
        (Some(tag), _) => match tag.value.as_str() {
            "1" => 1,
            "2" => 2,
            "3" => 3,
            _ => return Err(value_error(tag, "Format", "1, 2 or 3")),
        },
        // `A:N…:S…`: the side to move, then one segment per colour.
        (None, Some(start)) => start.value.split(':').count().saturating_sub(1).div_ceil(2).clamp(1, 3),
        (None, None) => return Err(RecordError::MissingTag("Format")),
    };
    let format_part = match format {
        1 => String::new(),
        n => format!("-f{n}"),
    };
    let name = format!("tripot{rules_part}{format_part}");
    let spec = GameSpec::new(&name)
        .map_err(|e| RecordError::Syntax { at: rules.at, problem: TextProblem::Spec(e) })?;
    Ok((spec, &["Rules", "Format"]))
}
