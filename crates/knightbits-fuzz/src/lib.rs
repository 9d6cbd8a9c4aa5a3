//! The properties the fuzz targets in `fuzz/` check, each a function of the input's bytes, so
//! that the targets there are one line each (`fuzz_target!(|data: &[u8]| knightbits_fuzz::fen(data))`)
//! and the committed seeds (`fuzz/seeds/TARGET/`) are replayed by `cargo test` on every run
//! (`tests/seeds.rs`), on the stable toolchain, while fuzzing itself runs with the nightly one
//! (FUZZING.md). Each function panics when its property fails; an input it cannot use is
//! skipped.
#![deny(missing_docs)]

use std::collections::VecDeque;

use arbitrary::{Arbitrary, Unstructured};
use knightbits::mapping::Numbering;
use knightbits::position::Position;
use knightbits::technique::Leaper;
use knightbits::{Bitboard, Square, knight};
use knightbits_api::catch::{CatchRequest, ToMove, catch};
use knightbits_api::query as api;
use knightbits_api::sources::{TraceRequest, trace};
use knightbits_api::values;
use knightbits_board::{Board, Coord};
use knightbits_cli::args::IndexArgs;
use knightbits_cli::batch;
use serde_json::{Value, json};

/// A target's check: returns when the property holds or the input is of no use, panics when
/// the property fails.
pub type Check = fn(&[u8]);

/// Every target: its name (the binary in `fuzz/` and its seed folder) and its check.
pub const TARGETS: [(&str, Check); 6] = [
    ("fen", fen),
    ("text_input", text_input),
    ("board_distance", board_distance),
    ("batch_lines", batch_lines),
    ("sources_text", sources_text),
    ("api_query", api_query),
];

/// FEN parsing never panics, and a position that parses formats back to a FEN that parses to
/// the same position; its move generators and forks run without panicking.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(position) = text.parse::<Position>() else {
        return;
    };
    let fen = position.to_string();
    let again: Position = fen.parse().expect("a formatted FEN parses");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), fen);
    let _ = position.legal_knight_moves();
    let _ = position.legal_king_moves(true);
    let _ = position.pseudo_legal_king_moves(true);
    let _ = position.forks();
    let _ = position.pinned();
}

/// Every textual input form of bitboards, squares, numberings, methods and board sizes: no
/// panic, and what parses formats back to something that parses to the same value.
pub fn text_input(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(bb) = text.parse::<Bitboard>() {
        let hex = format!("{bb:#018x}");
        assert_eq!(hex.parse::<Bitboard>(), Ok(bb));
        let names: Vec<String> = bb.into_iter().map(|s| s.to_string()).collect();
        if !names.is_empty() {
            assert_eq!(names.join(",").parse::<Bitboard>(), Ok(bb));
        }
        for n in Numbering::ALL {
            let _ = n.parse(text);
        }
    }
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
    }
    let _ = text.parse::<Numbering>();
    let _ = text.parse::<knight::technique::Method>();
    if let Ok(board) = text.parse::<Board>() {
        assert_eq!(board.to_string().parse::<Board>(), Ok(board));
        if let Ok(c) = board.parse_coord(text) {
            assert!(board.contains(c));
        }
    }
}

/// Distances and paths on N x M boards: a path exists exactly when the distance does, has
/// distance + 1 squares, starts and ends where asked, and every step is a knight move on the
/// board. Small boards are also checked against breadth-first search.
pub fn board_distance(data: &[u8]) {
    // As libfuzzer-sys reads a typed input: the whole of the bytes, by `arbitrary`.
    let Ok((w, h, fx, fy, tx, ty)) =
        <(u16, u16, u16, u16, u16, u16)>::arbitrary_take_rest(Unstructured::new(data))
    else {
        return;
    };
    let Ok(board) = Board::new(u32::from(w % 10_001), u32::from(h % 10_001)) else {
        return;
    };
    let from = Coord::new(fx % board.width() as u16, fy % board.height() as u16);
    let to = Coord::new(tx % board.width() as u16, ty % board.height() as u16);
    let distance = board.distance(from, to);
    let path: Option<Vec<Coord>> = board.path(from, to).map(Iterator::collect);
    assert_eq!(distance.is_some(), path.is_some());
    if let (Some(d), Some(path)) = (distance, &path) {
        assert_eq!(path.len() as u32, d + 1);
        assert_eq!((path[0], path[path.len() - 1]), (from, to));
        for step in path.windows(2) {
            assert!(board.contains(step[1]));
            let df = (step[0].file as i32 - step[1].file as i32).abs();
            let dr = (step[0].rank as i32 - step[1].rank as i32).abs();
            assert!((df, dr) == (1, 2) || (df, dr) == (2, 1));
        }
    }
    if board.len() <= 400 {
        assert_eq!(distance, bfs(board, from, to));
    }
}

/// The `--batch` line processor on arbitrary bytes: no panic, exactly one JSON object out per
/// line in (a last line without `\n` counts), each an answer or `{"error": …}`.
pub fn batch_lines(data: &[u8]) {
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
}

/// The sources' forms from text: `steps` (pieces read in a numbering, a method by name, the
/// trace written in that numbering), `catch` (two square names and a colour) and `--index`.
/// No panic; every trace adds up to its method; every path of a caught pawn is knight moves
/// or waits ending on the catch square. Input: fields separated by newlines.
pub fn sources_text(data: &[u8]) {
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
}

/// The explorer's API query parsing and handlers on arbitrary queries: no panic; an answer is
/// JSON (or SVG for the picture endpoints); a refusal is a 4xx with a one-line message.
pub fn api_query(data: &[u8]) {
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
}

/// The distance by breadth-first search, the reference on small boards.
fn bfs(board: Board, from: Coord, to: Coord) -> Option<u32> {
    let mut dist = vec![u32::MAX; board.len() as usize];
    dist[board.index(from) as usize] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let d = dist[board.index(c) as usize];
        for n in board.knight_moves(c) {
            let slot = &mut dist[board.index(n) as usize];
            if *slot == u32::MAX {
                *slot = d + 1;
                queue.push_back(n);
            }
        }
    }
    let d = dist[board.index(to) as usize];
    (d != u32::MAX).then_some(d)
}
