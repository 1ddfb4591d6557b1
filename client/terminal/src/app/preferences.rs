//! The level and the cells' names kept from one start to the next
//! ([`tripot_app::preferences::Preferences`], in the data directory beside `games/`): read when
//! the app starts, written when either changes. Without a store (tests, `--no-save`) nothing is
//! read or written.

use tripot_app::preferences::Preferences;

use super::App;

impl App {
    /// The data directory the preferences live in: the save store's parent.
    fn preferences_dir(&self) -> Option<std::path::PathBuf> {
        self.store.as_ref().and_then(|s| s.dir().parent()).map(std::path::Path::to_path_buf)
    }

    /// At start: the level and the names switch chosen last.
    pub(crate) fn load_preferences(&mut self) {
        if let Some(dir) = self.preferences_dir() {
            self.preferences = Preferences::load(&dir);
            self.menu.level = self.preferences.level;
        }
    }

    /// After the level or the names switch changed: kept for the next start. A file that cannot
    /// be written costs only the memory of the choice, so nothing is said.
    pub(crate) fn remember_preferences(&mut self) {
        let shown = self.shown_view_mut().map(|(_, names)| *names);
        self.preferences =
            Preferences { level: self.menu.level, show_names: shown.unwrap_or(self.preferences.show_names) };
        if let Some(dir) = self.preferences_dir() {
            let _ = self.preferences.save(&dir);
        }
    }
}
