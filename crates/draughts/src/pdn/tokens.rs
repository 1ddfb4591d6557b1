//! PDN text cut into tags and words, with comments, variations and annotations skipped.

use super::reader::PdnError;
use super::{MAX_TAG_LEN, MAX_VARIATION_DEPTH};

/// A piece of PDN that matters, with the line it starts on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token<'t> {
    /// `[Name "value"]`.
    Tag { name: &'t str, value: String, line: usize },
    /// A move or a result (move numbers and annotations taken off).
    Word { text: &'t str, line: usize },
}

/// Cuts `text` into tokens.
pub(super) fn tokenize(text: &str) -> Result<Vec<Token<'_>>, PdnError> {
    let mut lexer = Lexer { text, at: 0, line: 1, tokens: Vec::new() };
    lexer.run()?;
    Ok(lexer.tokens)
}

struct Lexer<'t> {
    text: &'t str,
    at: usize,
    line: usize,
    tokens: Vec<Token<'t>>,
}

impl<'t> Lexer<'t> {
    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    /// Moves on one byte, counting lines.
    fn bump(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        if byte == b'\n' {
            self.line += 1;
        }
        Some(byte)
    }

    fn at_line_start(&self) -> bool {
        self.at == 0 || self.text.as_bytes().get(self.at - 1) == Some(&b'\n')
    }

    fn skip_line(&mut self) {
        while let Some(byte) = self.bump() {
            if byte == b'\n' {
                break;
            }
        }
    }

    fn run(&mut self) -> Result<(), PdnError> {
        while let Some(byte) = self.peek() {
            match byte {
                b'%' if self.at_line_start() => self.skip_line(),
                b';' => self.skip_line(),
                b'[' => self.tag()?,
                b'{' => self.comment()?,
                b'(' => self.variation()?,
                b')' => return Err(PdnError::UnopenedVariation { line: self.line }),
                b']' | b'}' => {
                    // A stray closing bracket: nothing to read in it.
                    self.bump();
                }
                b if b.is_ascii_whitespace() => {
                    self.bump();
                }
                _ => self.word(),
            }
        }
        Ok(())
    }

    fn comment(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        while let Some(byte) = self.bump() {
            if byte == b'}' {
                return Ok(());
            }
        }
        Err(PdnError::UnclosedComment { line })
    }

    fn variation(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        let mut depth = 0usize;
        while let Some(byte) = self.peek() {
            match byte {
                b'(' => {
                    depth += 1;
                    if depth > MAX_VARIATION_DEPTH {
                        return Err(PdnError::VariationTooDeep { line: self.line });
                    }
                    self.bump();
                }
                b')' => {
                    self.bump();
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                b'{' => self.comment()?,
                _ => {
                    self.bump();
                }
            }
        }
        Err(PdnError::UnclosedVariation { line })
    }

    fn tag(&mut self) -> Result<(), PdnError> {
        let line = self.line;
        self.bump();
        self.skip_spaces();
        let name_start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_alphanumeric() || b == b'_') {
            self.bump();
        }
        let name = &self.text[name_start..self.at];
        if name.is_empty() {
            return Err(PdnError::BadTag { line });
        }
        self.skip_spaces();
        if self.bump() != Some(b'"') {
            return Err(PdnError::BadTag { line });
        }
        let mut value = String::new();
        loop {
            let start = self.at;
            while self.peek().is_some_and(|b| b != b'"' && b != b'\\') {
                self.bump();
            }
            value.push_str(&self.text[start..self.at]);
            match self.bump() {
                Some(b'"') => break,
                Some(_) => {
                    // A backslash: the next character stands for itself.
                    let start = self.at;
                    if let Some(c) = self.text[start..].chars().next() {
                        for _ in 0..c.len_utf8() {
                            self.bump();
                        }
                        value.push(c);
                    }
                }
                None => return Err(PdnError::UnclosedTag { line }),
            }
            if value.len() > MAX_TAG_LEN {
                return Err(PdnError::TagTooLong { line });
            }
        }
        if name.len() > MAX_TAG_LEN || value.len() > MAX_TAG_LEN {
            return Err(PdnError::TagTooLong { line });
        }
        self.skip_spaces();
        if self.bump() != Some(b']') {
            return Err(PdnError::BadTag { line });
        }
        self.tokens.push(Token::Tag { name, value, line });
        Ok(())
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.bump();
        }
    }

    /// A run of other characters: a move number, a move, a result or a NAG.
    fn word(&mut self) {
        let line = self.line;
        let start = self.at;
        while self.peek().is_some_and(|b| !b.is_ascii_whitespace() && !b"[]{}();".contains(&b)) {
            self.bump();
        }
        let mut text = &self.text[start..self.at];
        if text.starts_with('$') {
            return;
        }
        // A move number, alone (`12.`, `12...`) or glued to its move (`12.32-28`).
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && text[digits..].starts_with('.') {
            text = text[digits..].trim_start_matches('.');
        }
        let text = text.trim_end_matches(['!', '?', '+', '#']);
        if !text.is_empty() {
            self.tokens.push(Token::Word { text, line });
        }
    }
}
