//! Distances and paths on N x M boards: a path exists exactly when the distance does, has
//! distance + 1 squares, starts and ends where asked, and every step is a knight move on the
//! board. Small boards are also checked against breadth-first search.
#![no_main]

use std::collections::VecDeque;

use knightbits_board::{Board, Coord};
use libfuzzer_sys::fuzz_target;

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

fuzz_target!(|input: (u16, u16, u16, u16, u16, u16)| {
    let (w, h, fx, fy, tx, ty) = input;
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
});
