//! Room codes, seat tokens and seeds from the system's random source, and the QR code of a
//! room's link drawn as SVG.

use qrcode::render::svg;
use qrcode::QrCode;

/// The letters of a room code: digits and capitals without the look-alikes 0/O, 1/I/L.
pub const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// Characters in a room code: 31^10, about 49.5 bits.
pub const CODE_LEN: usize = 10;

/// Random bytes from the operating system.
fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // the OS source does not fail on the systems served; a failure leaves a zero seed, and
    // codes are still checked against the existing rooms
    let _ = getrandom::fill(&mut b);
    b
}

/// A new room code (`ALPHABET` letters, uniformly drawn).
pub fn room_code() -> String {
    let mut code = String::with_capacity(CODE_LEN);
    let limit = (256 / ALPHABET.len() * ALPHABET.len()) as u8;
    while code.len() < CODE_LEN {
        for b in random_bytes::<16>() {
            if b < limit && code.len() < CODE_LEN {
                code.push(ALPHABET[b as usize % ALPHABET.len()] as char);
            }
        }
    }
    code
}

/// A code as typed by a person, cleaned: capitals, without spaces and dashes; `None` when it
/// cannot be a code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let ok = code.len() == CODE_LEN && code.bytes().all(|b| ALPHABET.contains(&b));
    ok.then_some(code)
}

/// A secret that lets a player take his seat back (128 bits, hex).
pub fn token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A random seed.
pub fn seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>())
}

/// A fair coin.
pub fn coin() -> bool {
    random_bytes::<1>()[0] & 1 == 1
}

/// The QR code of `text` as an SVG image.
pub fn qr_svg(text: &str) -> Result<String, String> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| format!("no QR code: {e}"))?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_long_and_clean() {
        let a = room_code();
        assert_eq!(a.len(), CODE_LEN);
        assert!(a.bytes().all(|b| ALPHABET.contains(&b)));
        assert_ne!(a, room_code());
        let bits = (ALPHABET.len() as f64).log2() * CODE_LEN as f64;
        assert!(bits >= 40.0, "{bits}");
        assert!(!ALPHABET.iter().any(|c| b"01OIL".contains(c)));
    }

    #[test]
    fn typed_codes_are_cleaned() {
        let code = room_code();
        let typed = format!("{}-{}", &code[..5], &code[5..]).to_lowercase();
        assert_eq!(normalize(&typed), Some(code));
        assert_eq!(normalize("ABC"), None);
        assert_eq!(normalize("0000000000"), None);
    }

    #[test]
    fn a_link_has_a_qr_code() {
        let svg = qr_svg("http://127.0.0.1:8080/?room=ABCDE23456").unwrap();
        assert!(svg.starts_with("<?xml") && svg.contains("<svg"), "{svg}");
    }
}
