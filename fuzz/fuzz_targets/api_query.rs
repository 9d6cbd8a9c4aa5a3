//! The explorer's API query parsing and handlers on arbitrary queries: no panic; an answer is
//! JSON (or SVG for the picture endpoints); a refusal is a 4xx with a one-line message.
//! The check is `knightbits_fuzz::api_query` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::api_query(data));
