//! Distances and paths on N x M boards: a path exists exactly when the distance does, has
//! distance + 1 squares, starts and ends where asked, and every step is a knight move on the
//! board. Small boards are also checked against breadth-first search.
//! The check is `knightbits_fuzz::board_distance` (crates/knightbits-fuzz), which `cargo test` also
//! runs on this target's seeds.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| knightbits_fuzz::board_distance(data));
