//! The values of online play: where lichess is.

use std::borrow::Cow;
use std::net::{Ipv4Addr, Ipv6Addr};

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
    /// use annabella::settings::BaseUrl;
    /// assert!(BaseUrl::is_safe("http://127.0.0.1:9663"));
    /// assert!(!BaseUrl::is_safe("http://example.com"));
    /// ```
    pub fn is_safe(base: &str) -> bool {
        safe(base)
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
            && safe(text);
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

/// Whether `base` may be sent a token: HTTPS to any host, or plain HTTP
/// to this machine only (`localhost`, `127.x.x.x`, `[::1]`), with an
/// optional port and path; anything this cannot read for sure (a user
/// name before the host, an empty port, a query) is not.
fn safe(base: &str) -> bool {
    let lower = base.to_ascii_lowercase();
    let (secure, rest) = if let Some(rest) = lower.strip_prefix("https://") {
        (true, rest)
    } else if let Some(rest) = lower.strip_prefix("http://") {
        (false, rest)
    } else {
        return false;
    };
    let end = rest.find(['/', '?', '#', '\\']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(end);
    // A path is added to; a query or fragment would swallow it.
    let path_ok = path.starts_with('/') || path.is_empty();
    if !path_ok || !path.bytes().all(|b| b.is_ascii_graphic()) || path.contains(['?', '#']) {
        return false;
    }
    let Some(host) = host_of(authority) else {
        return false;
    };
    if secure {
        host_is_name(host) || bracketed(host).is_some()
    } else {
        host == "localhost"
            || host.parse::<Ipv4Addr>().is_ok_and(|ip| ip.is_loopback())
            || bracketed(host).is_some_and(|ip| ip.is_loopback())
    }
}

/// The host of `host[:port]`, when the port (if any) is a number.
fn host_of(authority: &str) -> Option<&str> {
    let (host, port) = if authority.starts_with('[') {
        let close = authority.find(']')?;
        let (host, rest) = authority.split_at(close + 1);
        match rest {
            "" => (host, None),
            _ => (host, Some(rest.strip_prefix(':')?)),
        }
    } else {
        match authority.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        }
    };
    let port_ok = port.is_none_or(|p| {
        !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && p.parse::<u16>().is_ok()
    });
    (port_ok && !host.is_empty()).then_some(host)
}

/// A DNS name or an IPv4 address: letters, digits, `-` and `.`.
fn host_is_name(host: &str) -> bool {
    host.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && !host.starts_with(['.', '-'])
}

/// The IPv6 address of `[addr]`.
fn bracketed(host: &str) -> Option<Ipv6Addr> {
    host.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
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
