//! The explorer's API query parsing and handlers on arbitrary queries: no panic; an answer is
//! JSON (or SVG for the picture endpoints); a refusal is a 4xx with a one-line message.
#![no_main]

use knightbits_api::query as api;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let names: Vec<&str> = api::endpoint_names().collect();
    let name = names[pick as usize % names.len()];
    let Ok(query) = std::str::from_utf8(rest) else {
        return;
    };
    match api::call(name, Some(query)) {
        Ok(answer) => {
            let body = answer.body;
            if name.ends_with("svg") {
                assert_eq!(answer.content_type, "image/svg+xml");
                assert!(body.starts_with("<svg"), "{name}");
            } else {
                let value: serde_json::Value = serde_json::from_str(&body).expect("JSON answer");
                assert!(value.is_object(), "{name}");
            }
        }
        Err(e) => {
            assert!(
                (400..500).contains(&e.status_code()),
                "{name}?{query}: {}",
                e.message()
            );
            assert!(!e.message().contains('\n'));
        }
    }
});
