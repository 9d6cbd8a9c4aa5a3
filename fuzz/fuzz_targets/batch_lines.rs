//! The `--batch` line processor on arbitrary bytes: no panic, exactly one JSON object out per
//! line in (a last line without `\n` counts), each an answer or `{"error": …}`.
//! The check is `knightbits_fuzz::batch_lines` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::batch_lines(data));
