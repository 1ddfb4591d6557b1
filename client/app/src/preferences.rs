//! What a player chose last and finds again at the next start: the computer's level and whether
//! the cells' names are shown (issue 26: both were forgotten after a restart). Kept in
//! `<data dir>/preferences.txt`, beside the `games/` folder, as `key = value` lines the program
//! writes itself (the hand-written `config.toml` is never rewritten). A missing or unreadable
//! file, or a line it does not know, leaves the defaults: a preference is never worth an error.

use std::path::{Path, PathBuf};

use tripot_ai::Level;

/// The file's name in the data directory.
pub const FILE_NAME: &str = "preferences.txt";

/// The choices kept from one start to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preferences {
    /// The computer's level chosen last (the menu's solo level).
    pub level: Level,
    /// Whether the cells' names (coordinates) are shown on the board.
    pub show_names: bool,
}

impl Default for Preferences {
    fn default() -> Preferences {
        Preferences { level: Level::Moyen, show_names: false }
    }
}

impl Preferences {
    /// The preferences saved in `data_dir`, or the defaults.
    #[must_use]
    pub fn load(data_dir: &Path) -> Preferences {
        std::fs::read_to_string(path(data_dir))
            .map_or_else(|_| Preferences::default(), |text| Preferences::parse(&text))
    }

    /// Reads the lines it knows; anything else is ignored.
    #[must_use]
    pub fn parse(text: &str) -> Preferences {
        let mut preferences = Preferences::default();
        for line in text.lines() {
            let Some((key, value)) = line.split_once('=') else { continue };
            match (key.trim(), value.trim()) {
                ("level", value) => {
                    if let Ok(level) = value.parse() {
                        preferences.level = level;
                    }
                }
                ("coordinates", "yes") => preferences.show_names = true,
                ("coordinates", "no") => preferences.show_names = false,
                _ => {}
            }
        }
        preferences
    }

    /// The file's text.
    #[must_use]
    pub fn text(&self) -> String {
        format!(
            "# Written by tripot: the last choices, found again at the next start.\nlevel = {}\ncoordinates = {}\n",
            self.level.key(),
            if self.show_names { "yes" } else { "no" }
        )
    }

    /// Writes them into `data_dir` (through a temporary file, so that a crash leaves the old
    /// file or the new one).
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, data_dir: &Path) -> std::io::Result<()> {
        std::fs::create_dir_all(data_dir)?;
        crate::game_file::write_atomically(&path(data_dir), &self.text())
    }
}

fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn what_is_saved_is_read_back_and_strangers_are_ignored() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Preferences::load(dir.path()), Preferences::default());
        let chosen = Preferences { level: Level::Impossible, show_names: true };
        chosen.save(dir.path()).unwrap();
        assert_eq!(Preferences::load(dir.path()), chosen);
        let odd = Preferences::parse("level = robot\ncolour = blue\ncoordinates = yes\nnonsense\n");
        assert_eq!(odd, Preferences { level: Level::Moyen, show_names: true });
    }
}
