//! The player's personal API token for lichess, as the network sends it.
//! The token never appears in a `Debug` text, an error or a log: only
//! the `Authorization` header sees it. Where it is kept on disk is the
//! store's ([`crate::store::token`]).

use std::fmt;

/// The longest token accepted, in bytes. Lichess tokens are a few dozen
/// characters; the limit keeps a file of something else from being sent
/// as a header.
pub const MAX_TOKEN_BYTES: usize = 200;

/// A personal API token.
///
/// It has no `Display`, and its `Debug` hides it, so that it cannot end
/// up in a message or a log by accident.
///
/// ```
/// use annabella::net::token::Token;
/// let token = Token::new("  lip_abc123\n").unwrap();
/// assert_eq!(format!("{token:?}"), "Token(<hidden>)");
/// assert!(Token::new("two words").is_none());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The token in `text`, trimmed; `None` when it is empty, longer than
    /// [`MAX_TOKEN_BYTES`], or holds anything but printable ASCII (a
    /// space, a control character or a letter no token has inside it
    /// means the text is not a token, and a header could not carry it).
    pub fn new(text: &str) -> Option<Token> {
        let text = text.trim();
        let printable = text.bytes().all(|b| b.is_ascii_graphic());
        (!text.is_empty() && text.len() <= MAX_TOKEN_BYTES && printable)
            .then(|| Token(text.to_string()))
    }

    /// The token itself, for the `Authorization` header and the token
    /// file, and nothing else.
    pub(crate) fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(<hidden>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_checked_and_trimmed() {
        let token = Token::new(" lip_AbC-123_x \r\n").unwrap();
        assert_eq!(token.expose(), "lip_AbC-123_x");
        assert!(Token::new("").is_none());
        assert!(Token::new(" \n\t").is_none());
        assert!(Token::new("lip_a b").is_none());
        assert!(Token::new("lip_a\tb").is_none());
        assert!(Token::new("lip_a\u{7}b").is_none());
        assert!(Token::new("lip_a\nb").is_none());
        assert!(Token::new("lip_ä").is_none());
        assert!(Token::new(&"x".repeat(MAX_TOKEN_BYTES)).is_some());
        assert!(Token::new(&"x".repeat(MAX_TOKEN_BYTES + 1)).is_none());
    }

    #[test]
    fn debug_hides_the_token() {
        let token = Token::new("lip_secret").unwrap();
        let shown = format!("{token:?} {:?}", Some(&token));
        assert!(!shown.contains("secret"), "{shown}");
        assert_eq!(format!("{token:?}"), "Token(<hidden>)");
    }
}
