//! The `--batch` line processor on arbitrary bytes: no panic, exactly one JSON object out per
//! line in (a last line without `\n` counts), each an answer or `{"error": …}`.
#![no_main]

use knightbits::position::Position;
use knightbits_cli::batch;
use libfuzzer_sys::fuzz_target;
use serde_json::{Value, json};

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    let answered = batch::process(data, &mut out, |line| {
        let position: Position = line
            .parse()
            .map_err(|e: knightbits::position::FenError| e.to_string())?;
        let forks = position.forks();
        Ok(json!({
            "moves": position.legal_knight_moves().to_string(),
            "forks": forks.moves.to_string(),
        }))
    });
    assert!(answered.is_ok());
    // Lines in: every `\n` ends one, and bytes after the last `\n` make one more.
    let newlines = data.iter().filter(|&&b| b == b'\n').count();
    let lines_in = newlines + usize::from(!data.is_empty() && !data.ends_with(b"\n"));
    let text = String::from_utf8(out).expect("JSON output is UTF-8");
    let lines_out: Vec<&str> = text.lines().collect();
    assert_eq!(lines_out.len(), lines_in);
    for line in lines_out {
        let value: Value = serde_json::from_str(line).expect("each output line is JSON");
        assert!(value.is_object());
    }
});
