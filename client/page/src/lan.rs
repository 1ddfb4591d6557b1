//! `tripot web --lan`: the access token, the address to give a tablet on the same network, and
//! that address as a QR code drawn with text.

use std::net::IpAddr;

use qrcode::QrCode;
use qrcode::render::unicode::Dense1x2;

/// A fresh access token: 128 random bits in hex, too many to guess.
pub(crate) fn new_token() -> String {
    rand::random::<[u8; 16]>().iter().map(|b| format!("{b:02x}")).collect()
}

/// This machine's address on the local network: the first IPv4 address of an interface that is
/// neither loopback nor link-local (what a tablet on the same Wi-Fi reaches). None when the
/// machine has no such address; the page is then only reachable from here.
pub(crate) fn lan_address() -> Option<IpAddr> {
    let interfaces = if_addrs::get_if_addrs().ok()?;
    interfaces
        .iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local())
        .map(if_addrs::Interface::ip)
        .find(IpAddr::is_ipv4)
}

/// `text` as a QR code in Unicode half blocks, dark on light, with its quiet zone: two rows of
/// modules per line of the terminal. None if the text is too long for a QR code.
pub(crate) fn qr_text(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_hex_digits_and_differ() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn the_qr_code_is_a_square_of_half_blocks() {
        let qr = qr_text("http://192.0.2.7:4000/0123456789abcdef0123456789abcdef/").unwrap();
        let lines: Vec<&str> = qr.lines().collect();
        let width = lines[0].chars().count();
        assert!(width >= 21 + 8, "version 1 at least, with its quiet zone: {width}");
        assert!(lines.iter().all(|l| l.chars().count() == width));
        // Two rows of modules per line.
        assert_eq!(lines.len(), width.div_ceil(2));
        assert!(qr.contains('\u{2588}') || qr.contains('\u{2580}'));
    }
}
