//! Every textual input form of bitboards, squares, numberings, methods and board sizes: no
//! panic, and what parses formats back to something that parses to the same value.
//! The check is `knightbits_fuzz::text_input` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::text_input(data));
