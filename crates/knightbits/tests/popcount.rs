//! The four bit counts agree with each other and with a count by text, on every 16-bit value
//! in every chunk position and on random and edge 64-bit values.

use knightbits::popcount::{self, Method};
use proptest::prelude::*;

/// An independent count: the ones in the binary text.
fn by_text(bits: u64) -> u32 {
    format!("{bits:b}").bytes().filter(|&b| b == b'1').count() as u32
}

#[test]
fn all_65536_sixteen_bit_values_in_every_chunk() {
    for v in 0..=0xffffu64 {
        let expected = by_text(v);
        assert_eq!(popcount::TABLE16[v as usize] as u32, expected);
        for shift in [0, 16, 32, 48] {
            let bits = v << shift;
            for m in Method::ALL {
                assert_eq!(m.count(bits), expected, "{m} {bits:#x}");
            }
        }
    }
}

#[test]
fn edge_values() {
    for bits in [
        0,
        1,
        u64::MAX,
        1 << 63,
        u64::MAX >> 1,
        0x5555_5555_5555_5555,
        0xaaaa_aaaa_aaaa_aaaa,
    ] {
        for m in Method::ALL {
            assert_eq!(m.count(bits), by_text(bits), "{m} {bits:#x}");
        }
    }
}

#[test]
fn names_parse_back() {
    for m in Method::ALL {
        assert_eq!(m.name().parse(), Ok(m));
    }
    assert!("fast".parse::<Method>().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]
    #[test]
    fn random_values(bits: u64) {
        for m in Method::ALL {
            prop_assert_eq!(m.count(bits), by_text(bits));
        }
    }
}
