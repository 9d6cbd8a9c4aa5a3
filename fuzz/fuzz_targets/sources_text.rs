//! The sources' forms from text: `steps` (pieces read in a numbering, a method by name, the
//! trace written in that numbering), `catch` (two square names and a colour) and `--index`.
//! No panic; every trace adds up to its method; every path of a caught pawn is knight moves
//! or waits ending on the catch square. Input: fields separated by newlines.
//! The check is `knightbits_fuzz::sources_text` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::sources_text(data));
