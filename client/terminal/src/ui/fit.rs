//! Texts made to fit one line of the screen without a word cut: a line that is too long loses
//! whole parts, never half a word (a newcomer read « (10 » and « sur » at 80 columns).

/// Keeps the leading `" · "`-separated segments of `text` that fit in `width` columns.
pub(crate) fn fit_segments(text: &str, width: usize) -> String {
    let mut kept = String::new();
    for segment in text.split(" · ") {
        let candidate = if kept.is_empty() { segment.to_owned() } else { format!("{kept} · {segment}") };
        if candidate.chars().count() > width {
            break;
        }
        kept = candidate;
    }
    kept
}

/// Splits a move's notation into lines of at most `width` columns, cutting only after a `-`
/// so every hole stays whole (a long chain is read over two lines, never cut short).
pub(crate) fn wrap_notation(text: &str, width: usize) -> Vec<String> {
    let width = width.max(4);
    let holes: Vec<&str> = text.split('-').collect();
    let mut lines = Vec::new();
    let mut line = String::new();
    for (i, hole) in holes.iter().enumerate() {
        // The hyphen stays at the end of the line it leaves, so the cut reads as a chain.
        let token = if i + 1 < holes.len() { format!("{hole}-") } else { (*hole).to_owned() };
        if !line.is_empty() && line.chars().count() + token.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        line.push_str(&token);
    }
    lines.push(line);
    lines
}

/// Splits `text` into lines of at most `width` columns between words (a word longer than the
/// width stands alone on its line): a panel grows a line rather than cut its reason short.
pub(crate) fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_segments_only() {
        assert_eq!(
            fit_segments("flèches : aller · Entrée : jouer · souris : clic", 40),
            "flèches : aller · Entrée : jouer"
        );
        assert_eq!(fit_segments("a · b", 80), "a · b");
    }

    #[test]
    fn a_long_chain_is_cut_after_a_hyphen() {
        assert_eq!(wrap_notation("q5-o5-m5-k5-i5-g5", 10), ["q5-o5-m5-", "k5-i5-g5"]);
        assert_eq!(wrap_notation("m1-m3", 12), ["m1-m3"]);
        let lines = wrap_notation("a13-c13-e13-g13-i13-k13-m13-o13", 16);
        assert!(lines.iter().all(|l| l.chars().count() <= 16), "{lines:?}");
        assert_eq!(lines.concat(), "a13-c13-e13-g13-i13-k13-m13-o13");
    }

    #[test]
    fn words_wrap_whole() {
        assert_eq!(wrap_words("le but est plein et tient", 12), ["le but est", "plein et", "tient"]);
        assert_eq!(wrap_words("court", 40), ["court"]);
        assert!(wrap_words("", 10).is_empty());
    }
}
