//! Real positions for the `attacks` and `instructions` benches: seeded random playouts from the
//! start position, Kiwipete and the perft positions 3 to 6 (the approach of
//! `tests/positions.rs`, which benches cannot import), and legal knight moves per position as
//! each library's users would get them.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

use super::Rng;

/// The start, Kiwipete and the perft positions 3 to 6 of the Chess Programming Wiki.
pub const ROOTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPP1QPPP/R4RK1 w - - 0 10",
];

/// Positions whose knight sets (white's, then black's) make the real-positions set case:
/// 65,536 sets, as many as the random set cases.
pub const SET_POSITIONS: usize = super::SETS / 2;
/// Positions per legal-moves case (the first of the same playouts).
pub const MOVE_POSITIONS: usize = 4_096;
/// The playouts' seed.
pub const SEED: u64 = 2026;

/// The FENs of `count` positions, in playout order: from each root in turn, up to 60 random
/// legal moves (shakmaty's generator, seeded), every position met kept, roots included. En
/// passant squares only where a legal capture exists, so every library reads the same FEN.
pub fn playout_fens(count: usize, seed: u64) -> Vec<String> {
    let mut rng = Rng(seed);
    let roots: Vec<Chess> = ROOTS.iter().map(|fen| shakmaty_position(fen)).collect();
    let mut out = Vec::with_capacity(count);
    let mut game = 0;
    while out.len() < count {
        let mut pos = roots[game % roots.len()].clone();
        game += 1;
        for _ in 0..60 {
            out.push(Fen::from_position(&pos, EnPassantMode::Legal).to_string());
            if out.len() == count {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            pos.play_unchecked(m);
        }
    }
    out
}

pub fn shakmaty_position(fen: &str) -> Chess {
    Fen::from_ascii(fen.as_bytes())
        .expect("valid fen")
        .into_position(CastlingMode::Standard)
        .expect("legal position")
}

pub fn cozy_position(fen: &str) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(fen, false).expect("valid fen")
}

pub fn chess_position(fen: &str) -> chess::Board {
    fen.parse().expect("valid fen")
}

/// One move as a number: `4096 + 64 * from + to`. Summed over a position's moves it is
/// independent of their order, and it counts them (the 4,096).
#[inline(always)]
fn code(from: usize, to: usize) -> u64 {
    4096 + 64 * from as u64 + to as u64
}

// --- legal knight moves of the side to move, each as one number (the sum of `code`) ---------

#[inline(always)]
pub fn knightbits_moves(pos: &knightbits::position::Position) -> u64 {
    pos.legal_knight_moves()
        .iter()
        .map(|m| code(m.from as usize, m.to as usize))
        .sum()
}

/// shakmaty has no per-role generator: all legal moves, filtered.
#[inline(always)]
pub fn shakmaty_moves(pos: &Chess) -> u64 {
    pos.legal_moves()
        .iter()
        .filter(|m| m.role() == shakmaty::Role::Knight)
        .map(|m| {
            let from = m.from().map_or(0, u32::from);
            code(from as usize, u32::from(m.to()) as usize)
        })
        .sum()
}

/// cozy-chess's full legal generation (one callback per piece), knights kept.
#[inline(always)]
pub fn cozy_moves(board: &cozy_chess::Board) -> u64 {
    let mut sum = 0;
    board.generate_moves(|moves| {
        if moves.piece == cozy_chess::Piece::Knight {
            for m in moves {
                sum += code(m.from as usize, m.to as usize);
            }
        }
        false
    });
    sum
}

/// cozy-chess asked for the knights only (`generate_moves_for` with the knights as mask).
#[inline(always)]
pub fn cozy_knight_moves(board: &cozy_chess::Board) -> u64 {
    let knights = board.colored_pieces(board.side_to_move(), cozy_chess::Piece::Knight);
    let mut sum = 0;
    board.generate_moves_for(knights, |moves| {
        for m in moves {
            sum += code(m.from as usize, m.to as usize);
        }
        false
    });
    sum
}

/// chess's legal move iterator, knights kept.
#[inline(always)]
pub fn chess_moves(board: &chess::Board) -> u64 {
    chess::MoveGen::new_legal(board)
        .filter(|m| board.piece_on(m.get_source()) == Some(chess::Piece::Knight))
        .map(|m| code(m.get_source().to_index(), m.get_dest().to_index()))
        .sum()
}

/// `Position::forks` as one number (fork squares, then the three move lists' lengths).
#[inline(always)]
pub fn knightbits_forks(pos: &knightbits::position::Position) -> u64 {
    let f = pos.forks();
    f.squares.0 ^ (f.moves.len() + 256 * f.forced_moves.len() + 65536 * f.royal_moves.len()) as u64
}

// --- the same moves as sorted lists, for the agreement checks --------------------------------

pub fn knightbits_list(pos: &knightbits::position::Position) -> Vec<(usize, usize)> {
    let mut v: Vec<_> = pos
        .legal_knight_moves()
        .iter()
        .map(|m| (m.from as usize, m.to as usize))
        .collect();
    v.sort();
    v
}

pub fn shakmaty_list(pos: &Chess) -> Vec<(usize, usize)> {
    let mut v: Vec<_> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.role() == shakmaty::Role::Knight)
        .map(|m| {
            let from = m.from().map_or(0, u32::from);
            (from as usize, u32::from(m.to()) as usize)
        })
        .collect();
    v.sort();
    v
}

pub fn cozy_list(board: &cozy_chess::Board, knights_only: bool) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    let mask = if knights_only {
        board.colored_pieces(board.side_to_move(), cozy_chess::Piece::Knight)
    } else {
        cozy_chess::BitBoard::FULL
    };
    board.generate_moves_for(mask, |moves| {
        if moves.piece == cozy_chess::Piece::Knight {
            v.extend(moves.into_iter().map(|m| (m.from as usize, m.to as usize)));
        }
        false
    });
    v.sort();
    v
}

pub fn chess_list(board: &chess::Board) -> Vec<(usize, usize)> {
    let mut v: Vec<_> = chess::MoveGen::new_legal(board)
        .filter(|m| board.piece_on(m.get_source()) == Some(chess::Piece::Knight))
        .map(|m| (m.get_source().to_index(), m.get_dest().to_index()))
        .collect();
    v.sort();
    v
}
