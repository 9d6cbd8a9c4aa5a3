//! The stored structured closed tours of the divide and conquer construction.
//!
//! One tour for each block of width 6, 8 or 10 and height 5 to 10, derived once by the bounded
//! search of this module's parent (`search`) and embedded here (the test
//! `base_tours_regenerate` re-derives them). Each square holds its two moves as codes into
//! `KNIGHT_DELTAS` (low and high nibble), squares row by row from the bottom left.

/// The stored tour of a `w x h` block: `w` in 6, 8, 10 and `h` in 5 to 10.
pub(crate) fn tour(w: u32, h: u32) -> &'static [u8] {
    let i = ((w - 6) / 2 * 6 + (h - 5)) as usize;
    TOURS.get(i).copied().unwrap_or(&[])
}

#[rustfmt::skip]
static TOURS: [&[u8]; 18] = [
    // 6x5
    &[
        16, 113, 22, 23, 6, 103, 32, 7, 37, 82, 117, 117, 3, 71, 55, 16, 48, 116, 49, 65,
        100, 19, 99, 101, 50, 52, 82, 82, 67, 69,
    ],
    // 6x6
    &[
        16, 23, 1, 22, 7, 118, 1, 39, 101, 37, 80, 117, 50, 71, 80, 52, 3, 116, 48, 116,
        112, 97, 3, 71, 49, 18, 22, 65, 99, 84, 35, 67, 82, 69, 53, 84,
    ],
    // 6x7
    &[
        1, 23, 23, 22, 7, 118, 1, 32, 80, 37, 5, 117, 48, 52, 86, 55, 99, 116, 32, 116,
        66, 65, 3, 116, 16, 71, 49, 7, 3, 87, 19, 65, 101, 97, 83, 100, 50, 66, 53, 82,
        52, 84,
    ],
    // 6x8
    &[
        16, 23, 1, 16, 7, 118, 1, 112, 101, 37, 80, 117, 50, 71, 86, 52, 67, 116, 35, 116,
        64, 22, 3, 70, 48, 32, 22, 32, 3, 117, 35, 112, 103, 64, 5, 116, 18, 65, 70, 97,
        67, 100, 35, 50, 69, 82, 67, 84,
    ],
    // 6x9
    &[
        16, 23, 1, 16, 7, 118, 1, 112, 101, 37, 87, 117, 50, 71, 86, 52, 67, 116, 35, 20,
        71, 55, 3, 118, 48, 23, 96, 37, 3, 118, 2, 55, 48, 37, 3, 116, 48, 71, 112, 65,
        3, 116, 49, 20, 97, 65, 99, 84, 50, 67, 82, 69, 83, 84,
    ],
    // 6x10
    &[
        16, 23, 97, 16, 7, 118, 2, 7, 101, 37, 87, 117, 50, 71, 7, 49, 67, 116, 49, 4,
        116, 49, 3, 87, 48, 55, 86, 116, 3, 86, 32, 115, 100, 32, 55, 100, 50, 71, 115, 18,
        6, 116, 3, 71, 32, 49, 64, 117, 49, 19, 97, 22, 99, 84, 50, 36, 82, 69, 83, 69,
    ],
    // 8x5
    &[
        16, 113, 22, 22, 7, 23, 6, 118, 32, 39, 5, 81, 37, 37, 7, 117, 19, 71, 7, 48,
        48, 84, 3, 116, 49, 65, 101, 100, 97, 49, 99, 100, 50, 50, 82, 84, 66, 66, 83, 84,
    ],
    // 8x6
    &[
        16, 16, 118, 112, 22, 16, 6, 118, 32, 23, 37, 5, 39, 38, 5, 117, 16, 67, 67, 37,
        64, 103, 67, 116, 48, 71, 101, 50, 116, 16, 3, 116, 18, 65, 97, 97, 54, 65, 99, 101,
        50, 66, 37, 83, 82, 82, 67, 84,
    ],
    // 8x7
    &[
        1, 16, 22, 6, 113, 16, 7, 118, 32, 33, 81, 5, 5, 33, 87, 117, 1, 116, 64, 83,
        84, 54, 67, 84, 1, 71, 80, 39, 116, 52, 3, 103, 3, 116, 87, 64, 23, 114, 7, 118,
        49, 20, 54, 67, 97, 33, 53, 100, 35, 52, 82, 53, 67, 50, 83, 84,
    ],
    // 8x8
    &[
        16, 23, 16, 96, 22, 16, 6, 118, 1, 114, 37, 101, 37, 33, 5, 117, 48, 66, 86, 64,
        64, 97, 67, 84, 35, 116, 118, 18, 22, 22, 3, 84, 33, 71, 33, 39, 71, 69, 117, 117,
        3, 115, 87, 96, 87, 97, 112, 116, 49, 18, 54, 50, 97, 19, 99, 86, 35, 52, 82, 53,
        66, 35, 83, 69,
    ],
    // 8x9
    &[
        16, 113, 16, 6, 22, 16, 6, 118, 1, 32, 37, 81, 37, 33, 5, 117, 19, 71, 86, 65,
        4, 81, 67, 84, 32, 20, 69, 97, 23, 87, 3, 84, 48, 114, 22, 21, 6, 84, 5, 118,
        33, 71, 33, 49, 53, 37, 96, 116, 3, 71, 80, 97, 82, 84, 3, 116, 49, 18, 97, 22,
        97, 81, 99, 70, 50, 36, 82, 69, 82, 37, 83, 84,
    ],
    // 8x10
    &[
        16, 16, 22, 96, 22, 16, 7, 118, 32, 18, 37, 5, 117, 33, 5, 117, 16, 71, 70, 117,
        64, 55, 67, 84, 33, 71, 5, 19, 20, 16, 3, 116, 48, 64, 83, 6, 48, 69, 101, 117,
        48, 33, 97, 4, 2, 97, 67, 116, 18, 71, 71, 82, 84, 70, 3, 86, 16, 71, 5, 32,
        20, 36, 3, 118, 49, 49, 101, 97, 97, 33, 101, 100, 50, 66, 82, 84, 66, 82, 83, 84,
    ],
    // 10x5
    &[
        16, 23, 96, 103, 16, 22, 6, 23, 7, 118, 2, 114, 101, 37, 32, 103, 101, 37, 7, 117,
        50, 71, 55, 66, 2, 64, 48, 52, 3, 116, 19, 20, 97, 97, 54, 70, 97, 49, 99, 100,
        50, 50, 37, 37, 82, 84, 66, 66, 83, 84,
    ],
    // 10x6
    &[
        16, 113, 16, 6, 22, 97, 22, 113, 7, 103, 1, 39, 37, 82, 37, 23, 21, 82, 5, 87,
        3, 71, 80, 71, 20, 6, 99, 53, 53, 116, 48, 116, 112, 33, 50, 23, 117, 16, 48, 116,
        49, 20, 54, 65, 97, 81, 100, 21, 99, 101, 35, 67, 82, 69, 50, 83, 82, 82, 67, 69,
    ],
    // 10x7
    &[
        16, 23, 97, 103, 118, 6, 97, 16, 7, 118, 2, 114, 37, 37, 82, 112, 118, 33, 86, 117,
        48, 71, 48, 3, 38, 97, 36, 55, 67, 84, 3, 116, 33, 2, 99, 19, 71, 80, 3, 118,
        48, 71, 114, 71, 84, 96, 55, 37, 7, 118, 19, 20, 97, 18, 20, 54, 97, 33, 67, 100,
        50, 67, 53, 37, 82, 53, 69, 50, 83, 84,
    ],
    // 10x8
    &[
        1, 16, 6, 22, 103, 118, 22, 16, 7, 118, 32, 39, 82, 37, 32, 5, 118, 33, 5, 117,
        1, 116, 64, 52, 35, 113, 96, 55, 67, 84, 48, 71, 80, 22, 114, 67, 20, 87, 3, 100,
        3, 36, 23, 65, 3, 21, 55, 66, 5, 118, 48, 71, 96, 67, 117, 80, 49, 37, 7, 116,
        18, 52, 97, 97, 22, 52, 97, 97, 83, 100, 50, 66, 37, 67, 82, 82, 69, 50, 83, 84,
    ],
    // 10x9
    &[
        16, 23, 1, 22, 22, 118, 23, 16, 7, 118, 1, 39, 37, 37, 87, 5, 5, 33, 5, 117,
        48, 71, 81, 116, 99, 55, 96, 54, 67, 84, 48, 20, 98, 55, 82, 39, 20, 20, 3, 116,
        50, 71, 115, 5, 49, 6, 113, 70, 5, 101, 16, 71, 49, 39, 55, 38, 80, 114, 83, 116,
        48, 115, 117, 32, 84, 115, 116, 16, 6, 116, 49, 65, 54, 49, 97, 97, 35, 65, 99, 101,
        35, 67, 82, 82, 67, 83, 82, 82, 67, 84,
    ],
    // 10x10
    &[
        16, 23, 22, 103, 22, 6, 22, 16, 7, 118, 32, 114, 37, 37, 37, 103, 101, 33, 5, 117,
        48, 71, 48, 18, 2, 6, 4, 48, 67, 84, 3, 71, 103, 33, 49, 117, 118, 16, 3, 116,
        50, 71, 113, 71, 33, 84, 84, 116, 64, 117, 48, 52, 16, 118, 83, 99, 86, 103, 67, 116,
        48, 35, 54, 18, 37, 114, 99, 6, 3, 70, 32, 71, 99, 71, 2, 37, 49, 39, 3, 118,
        18, 65, 97, 97, 19, 97, 97, 33, 84, 100, 50, 66, 53, 82, 82, 84, 53, 82, 83, 84,
    ],
];

#[cfg(test)]
mod tests {
    use super::super::links::code_of;
    use super::super::search::{Found, Goal, search};
    use super::super::validate;
    use super::tour;
    use crate::knight::board::Board;
    use alloc::vec::Vec;

    /// The four structured moves of a `w x h` block, as index pairs.
    fn structured(b: Board) -> Vec<(u32, u32)> {
        let (w, h) = (b.width(), b.height());
        let i = |x: u32, y: u32| y * w + x;
        alloc::vec![
            (i(w - 2, 0), i(w - 1, 2)),
            (i(0, 1), i(1, 3)),
            (i(0, h - 2), i(2, h - 1)),
            (i(1, 0), i(3, 1)),
        ]
    }

    /// Derives the structured tour of a `w x h` block by the bounded search.
    fn derive(w: u32, h: u32) -> Option<Vec<u8>> {
        let b = Board::new(w, h).ok()?;
        let req = structured(b);
        let goal = Goal {
            start: req[0].0,
            closed: true,
            required: &req,
            budget: 50_000_000,
        };
        let Found::Tour(order) = search(b, &goal) else {
            return None;
        };
        Some(bytes(b, &order))
    }

    /// The links of a closed tour, one byte per square.
    fn bytes(b: Board, order: &[u32]) -> Vec<u8> {
        let n = order.len();
        let mut out = alloc::vec![0u8; n];
        for k in 0..n {
            let c = b.coord(order[k]);
            let code = |o: u32| {
                let o = b.coord(o);
                code_of(o.file as i32 - c.file as i32, o.rank as i32 - c.rank as i32)
            };
            out[order[k] as usize] = code(order[(k + n - 1) % n]) | (code(order[(k + 1) % n]) << 4);
        }
        out
    }

    /// Proves each stored table is a closed tour of its block (by the independent validator)
    /// that uses the four structured moves the joins rely on.
    #[test]
    fn stored_tours_are_structured_closed_tours() {
        use crate::knight::board::KNIGHT_DELTAS;
        for w in [6, 8, 10] {
            for h in 5..=10 {
                let b = Board::new(w, h).unwrap();
                let t = tour(w, h);
                assert_eq!(t.len(), (w * h) as usize);
                let step = |sq: u32, code: u8| {
                    let (df, dr) = KNIGHT_DELTAS[code as usize];
                    let c = b.coord(sq);
                    b.index(
                        b.offset(c, df as i32, dr as i32)
                            .expect("move off the block"),
                    )
                };
                // Walk the links: from 0 along the low nibble, then never straight back.
                let mut order = alloc::vec![0u32];
                let mut prev = u32::MAX;
                let mut cur = 0u32;
                while order.len() < t.len() {
                    let byte = t[cur as usize];
                    let a = step(cur, byte & 15);
                    let next = if a != prev { a } else { step(cur, byte >> 4) };
                    prev = cur;
                    cur = next;
                    order.push(cur);
                }
                assert_eq!(validate(b, &order, true), Ok(()), "{w}x{h}");
                for (x, y) in structured(b) {
                    let i = order.iter().position(|&q| q == x).unwrap();
                    let n = order.len();
                    let ok = order[(i + 1) % n] == y || order[(i + n - 1) % n] == y;
                    assert!(ok, "{w}x{h} lacks the move {x}-{y}");
                }
            }
        }
    }

    #[test]
    #[ignore = "re-derives the stored tables by search; prints them"]
    fn base_tours_regenerate() {
        for w in [6, 8, 10] {
            for h in 5..=10 {
                let t = derive(w, h).expect("search found no structured tour");
                std::println!("    // {w}x{h}\n    &{:?},", t);
                assert_eq!(tour(w, h), &t[..], "{w}x{h}");
            }
        }
    }
}
