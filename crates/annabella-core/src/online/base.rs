//! Where a lichess token may be sent: one rule for the setting that
//! names the server (refused when set) and the network edge (checked
//! again before every call).

use std::net::{Ipv4Addr, Ipv6Addr};

/// Whether `base` may be sent a token: HTTPS to any host, or plain HTTP
/// to this machine only (`localhost`, `127.x.x.x`, `[::1]`), with an
/// optional port and path; anything this cannot read for sure (a user
/// name before the host, an empty port, a query) is not.
pub fn base_is_safe(base: &str) -> bool {
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
