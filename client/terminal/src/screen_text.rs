//! A drawn screen as plain text, one line per row with trailing blanks cut: what
//! `tripot view --print` prints, and what the tests compare.

use ratatui::buffer::Buffer;

/// The text of every row of `buffer`.
#[must_use]
pub fn screen_text(buffer: &Buffer) -> String {
    let mut text = String::new();
    for y in 0..buffer.area.height {
        let line: String = (0..buffer.area.width).map(|x| buffer[(x, y)].symbol()).collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
