//! The sources' forms from text: `steps` (pieces read in a numbering, a method by name, the
//! trace written in that numbering), `catch` (two square names and a colour) and `--index`.
//! No panic; every trace adds up to its method; every path of a caught pawn is knight moves
//! or waits ending on the catch square. Input: fields separated by newlines.
#![no_main]

use knightbits::mapping::Numbering;
use knightbits::technique::Leaper;
use knightbits_api::catch::{CatchRequest, ToMove, catch};
use knightbits_api::sources::{TraceRequest, trace};
use knightbits_api::values;
use knightbits_cli::args::IndexArgs;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut fields = text.split('\n');
    let mut next = || fields.next().unwrap_or("");
    let (input, numbering, method, piece) = (next(), next(), next(), next());
    let (knight, pawn, color, index) = (next(), next(), next(), next());

    if let (Ok(numbering), Ok(piece)) = (
        values::choice::<Numbering>("numbering", numbering),
        values::choice::<Leaper>("piece", piece),
    ) {
        if let (Ok(pieces), Ok(method)) = (
            values::bitboard_in(input, numbering),
            values::method(piece, method),
        ) {
            match TraceRequest::new(pieces, method, numbering).map(|r| trace(&r)) {
                Ok(t) => {
                    let union = t
                        .steps
                        .iter()
                        .filter(|s| s.part)
                        .fold(0u64, |a, s| a | s.set.0);
                    assert_eq!(numbering.to_lerf(union), method.attacks(pieces));
                    serde_json::to_string(&t).unwrap();
                }
                Err(e) => assert!(!e.to_string().contains('\n')),
            }
        }
        if let Ok(n) = index.parse::<u8>() {
            for one_based in [false, true] {
                let args = IndexArgs {
                    index: Some(n),
                    one_based,
                };
                if let Ok(Some(sq)) = args.square(numbering) {
                    let low = u8::from(one_based);
                    assert_eq!(numbering.index(sq) + low, n);
                }
            }
        }
    }

    if let (Ok(k), Ok(p), Ok(c)) = (
        values::square("knight", knight),
        values::square("pawn", pawn),
        values::choice("side", color),
    ) {
        for to_move in ToMove::ALL {
            let answer = CatchRequest::new(k, p, c, to_move).and_then(|req| catch(&req));
            if let Ok(answer) = answer {
                if let (Some(sq), Some(path)) = (answer.square, &answer.path) {
                    assert_eq!(path.first(), Some(&k));
                    assert_eq!(path.last(), Some(&sq));
                    // Each turn the knight jumps or waits (the same square twice).
                    assert!(
                        path.windows(2)
                            .all(|w| w[0] == w[1]
                                || knightbits::knight::attacks(w[0]).contains(w[1]))
                    );
                }
                assert_eq!(answer.caught, answer.square.is_some());
            }
        }
    }
});
