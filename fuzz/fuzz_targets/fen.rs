//! FEN parsing never panics, and a position that parses formats back to a FEN that parses to
//! the same position; its move generators and forks run without panicking.
//! The check is `knightbits_fuzz::fen` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::fen(data));
