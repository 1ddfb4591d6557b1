//! The rules of every game, in French and English, for both front-ends: the texts are the
//! manual's own pages, `docs/rules/<family>.<fr|en>.md`, built into the program, so that the
//! terminal's « Règles » page, the web page's rules and the manual can never say different
//! things.
//!
//! The files keep to a small part of Markdown that both front-ends draw: `# ` the title,
//! `## ` a heading, `- ` an item, any other line a paragraph of its own; blank lines between.

use tripot_game::GameSpec;
use tripot_game::catalogue::{self, Family};

use crate::i18n::Lang;

/// One piece of a game's rules, in reading order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesBlock {
    /// The game's name, first.
    Title(&'static str),
    /// A section's heading.
    Heading(&'static str),
    /// One item of a list.
    Item(&'static str),
    /// A paragraph.
    Paragraph(&'static str),
}

impl RulesBlock {
    /// Its words.
    #[must_use]
    pub const fn text(self) -> &'static str {
        match self {
            RulesBlock::Title(t)
            | RulesBlock::Heading(t)
            | RulesBlock::Item(t)
            | RulesBlock::Paragraph(t) => t,
        }
    }
}

/// The rules of `family` in `lang`, as the manual's file holds them (empty for a family the
/// program has no rules for: every family of [`Family::ALL`] has them, the tests check).
#[must_use]
pub fn rules_source(family: Family, lang: Lang) -> &'static str {
    match (family, lang) {
        (Family::Tripot, Lang::Fr) => include_str!("../../../docs/rules/tripot.fr.md"),
        (Family::Tripot, Lang::En) => include_str!("../../../docs/rules/tripot.en.md"),
        (Family::Kawu, Lang::Fr) => include_str!("../../../docs/rules/kawu.fr.md"),
        (Family::Kawu, Lang::En) => include_str!("../../../docs/rules/kawu.en.md"),
        (Family::Halma, Lang::Fr) => include_str!("../../../docs/rules/halma.fr.md"),
        (Family::Halma, Lang::En) => include_str!("../../../docs/rules/halma.en.md"),
        (Family::Captures, Lang::Fr) => include_str!("../../../docs/rules/captures.fr.md"),
        (Family::Captures, Lang::En) => include_str!("../../../docs/rules/captures.en.md"),
        (Family::Draughts, Lang::Fr) => include_str!("../../../docs/rules/draughts.fr.md"),
        (Family::Draughts, Lang::En) => include_str!("../../../docs/rules/draughts.en.md"),
        // `Family` may grow: a new family's rules are added above with its files.
        _ => "",
    }
}

/// The rules of `family` in `lang`, block by block.
#[must_use]
pub fn rules(family: Family, lang: Lang) -> Vec<RulesBlock> {
    rules_source(family, lang)
        .lines()
        .map(str::trim_end)
        .filter(|line| !line.is_empty())
        .map(|line| {
            if let Some(title) = line.strip_prefix("# ") {
                RulesBlock::Title(title)
            } else if let Some(heading) = line.strip_prefix("## ") {
                RulesBlock::Heading(heading)
            } else if let Some(item) = line.strip_prefix("- ") {
                RulesBlock::Item(item)
            } else {
                RulesBlock::Paragraph(line)
            }
        })
        .collect()
}

/// The family whose rules a game follows (the duel's for a name the catalogue does not list).
#[must_use]
pub fn family_of(spec: &GameSpec) -> Family {
    catalogue::find(spec).map_or(Family::Tripot, |info| info.family)
}

/// The family after `family` in [`Family::ALL`] (`forward`), or before it, round the end: how
/// a rules page goes from one game's rules to another's.
#[must_use]
pub fn next_family(family: Family, forward: bool) -> Family {
    let all = Family::ALL;
    let at = all.iter().position(|&f| f == family).unwrap_or(0);
    let next = if forward { at + 1 } else { at + all.len() - 1 };
    all[next % all.len()]
}

/// A family from its key (`draughts`), as the page's addresses name it.
#[must_use]
pub fn family_by_key(key: &str) -> Option<Family> {
    Family::ALL.into_iter().find(|f| f.key() == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_has_its_rules_in_both_languages_with_the_same_shape() {
        for family in Family::ALL {
            let (fr, en) = (rules(family, Lang::Fr), rules(family, Lang::En));
            assert!(fr.len() > 4, "{family:?} has rules");
            assert!(matches!(fr[0], RulesBlock::Title(_)) && matches!(en[0], RulesBlock::Title(_)));
            let shape = |blocks: &[RulesBlock]| blocks.iter().map(std::mem::discriminant).collect::<Vec<_>>();
            assert_eq!(shape(&fr), shape(&en), "{family:?}: French and English differ in shape");
            assert_eq!(fr.iter().filter(|b| matches!(b, RulesBlock::Title(_))).count(), 1);
        }
    }

    #[test]
    fn the_draughts_rules_state_what_the_fmjd_rules_require() {
        let text = rules_source(Family::Draughts, Lang::Fr);
        for must in
            ["dame", "majorité", "16 coups", "5 coups", "25 coups", "trois", "Accord", "reste un pion"]
        {
            assert!(text.contains(must), "the French draughts rules say {must:?}");
        }
        let text = rules_source(Family::Draughts, Lang::En);
        for must in
            ["flying king", "majority", "16-move", "5-move", "25 king moves", "third time", "Agreement"]
        {
            assert!(text.contains(must), "the English draughts rules say {must:?}");
        }
    }

    #[test]
    fn the_star_games_rules_state_their_own_rules() {
        assert!(rules_source(Family::Kawu, Lang::Fr).contains("Le but plein"));
        assert!(rules_source(Family::Kawu, Lang::En).contains("The full goal"));
        assert!(rules_source(Family::Halma, Lang::Fr).contains("La règle de la maison"));
        assert!(rules_source(Family::Halma, Lang::En).contains("The goal rule"));
        assert!(rules_source(Family::Captures, Lang::En).contains("most captures wins"));
    }

    #[test]
    fn a_game_names_its_family_and_the_families_go_round() {
        let spec = |name: &str| name.parse::<GameSpec>().ok();
        assert_eq!(spec("draughts").map(|s| family_of(&s)), Some(Family::Draughts));
        assert_eq!(spec("kawu-3").map(|s| family_of(&s)), Some(Family::Kawu));
        assert_eq!(spec("halma-long-6").map(|s| family_of(&s)), Some(Family::Halma));
        assert_eq!(next_family(Family::Tripot, false), Family::Draughts);
        assert_eq!(next_family(Family::Draughts, true), Family::Tripot);
        assert_eq!(next_family(Family::Kawu, true), Family::Halma);
        assert_eq!(family_by_key("captures"), Some(Family::Captures));
        assert_eq!(family_by_key("chess"), None);
    }
}
