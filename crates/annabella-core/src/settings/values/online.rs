//! The values of online play: where lichess is.

use std::borrow::Cow;

use super::{Allowed, Lang, Value};

/// The address of the lichess server: `https://lichess.org` unless a
/// test points elsewhere. Only an address the token may be sent to is
/// taken: HTTPS, or plain HTTP to this computer ([`BaseUrl::is_safe`],
/// the rule the network applies again before every call).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BaseUrl(pub String);

impl BaseUrl {
    /// lichess itself.
    pub const LICHESS: &'static str = "https://lichess.org";

    /// The longest address taken.
    const MAX: usize = 200;

    /// The address, without a trailing `/`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `base` may be sent a token: HTTPS to any host, or plain
    /// HTTP to this computer only.
    ///
    /// ```
    /// use annabella_core::settings::BaseUrl;
    /// assert!(BaseUrl::is_safe("http://127.0.0.1:9663"));
    /// assert!(!BaseUrl::is_safe("http://example.com"));
    /// ```
    pub fn is_safe(base: &str) -> bool {
        crate::online::base_is_safe(base)
    }
}

impl Default for BaseUrl {
    fn default() -> BaseUrl {
        BaseUrl(BaseUrl::LICHESS.to_string())
    }
}

impl Value for BaseUrl {
    fn parse(text: &str) -> Option<BaseUrl> {
        let text = text.trim().trim_end_matches('/');
        let lower = text.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"))?;
        let fits = !rest.is_empty()
            && text.len() <= BaseUrl::MAX
            && text.chars().all(|c| c.is_ascii_graphic())
            && BaseUrl::is_safe(text);
        fits.then(|| BaseUrl(text.to_string()))
    }

    fn show(&self, _: Lang) -> Cow<'static, str> {
        Cow::Owned(self.0.clone())
    }

    fn allowed() -> Allowed {
        Allowed::Url
    }

    fn samples() -> Vec<String> {
        ["https://lichess.org", "http://127.0.0.1:8080"]
            .map(String::from)
            .to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_need_a_scheme() {
        assert_eq!(
            BaseUrl::parse("https://lichess.org/").map(|u| u.0),
            Some("https://lichess.org".to_string())
        );
        assert!(BaseUrl::parse("lichess.org").is_none());
        assert!(BaseUrl::parse("https://").is_none());
        assert!(BaseUrl::parse("http://a b").is_none());
    }

    /// An address the network would refuse on every use is refused when
    /// set (issue 34, item 18).
    #[test]
    fn addresses_the_token_may_not_go_to_are_refused() {
        assert!(BaseUrl::parse("http://example.com").is_none());
        assert!(BaseUrl::parse("http://localhost.evil.com").is_none());
        assert!(BaseUrl::parse("http://127.0.0.1:8080/").is_some());
        assert!(BaseUrl::parse("http://[::1]:9663").is_some());
        assert!(BaseUrl::parse("https://example.com").is_some());
    }
}
