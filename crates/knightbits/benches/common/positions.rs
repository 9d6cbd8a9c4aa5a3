//! Real play for the benches: seeded random playouts with shakmaty from the start position,
//! Kiwipete and the perft positions 3 to 6 in turn (the approach of `tests/positions.rs`,
//! which benches cannot import), and legal knight and king moves per position as each
//! library's users would get them.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position as _, Role};

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

/// Plies per game at most.
pub const PLIES: usize = 60;

/// The position after one ply of a playout.
pub struct Ply {
    /// Its FEN (en passant square only where a legal capture exists, so every library reads
    /// the same position).
    pub fen: String,
    /// White's knights, then black's.
    pub knights: [u64; 2],
    /// The king, queens and rooks of the side not to move: the default fork targets.
    pub fork_targets: u64,
}

/// One playout: the positions after each of its plies, in order.
pub struct Game {
    pub plies: Vec<Ply>,
}

/// Games from each root in turn, up to [`PLIES`] random legal moves each (shakmaty's generator,
/// seeded), until `count` plies are recorded.
pub fn playout(count: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let roots: Vec<Chess> = ROOTS.iter().map(|fen| shakmaty_position(fen)).collect();
    let mut games = Vec::new();
    let mut total = 0;
    while total < count {
        let mut pos = roots[games.len() % roots.len()].clone();
        let mut plies = Vec::new();
        while plies.len() < PLIES && total < count {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            pos.play_unchecked(m);
            let board = pos.board();
            let knights = |c: Color| (board.by_color(c) & board.by_role(Role::Knight)).0;
            let them = board.by_color(pos.turn().other());
            let targets =
                board.by_role(Role::King) | board.by_role(Role::Queen) | board.by_role(Role::Rook);
            plies.push(Ply {
                fen: Fen::from_position(&pos, EnPassantMode::Legal).to_string(),
                knights: [knights(Color::White), knights(Color::Black)],
                fork_targets: (them & targets).0,
            });
            total += 1;
        }
        games.push(Game { plies });
    }
    games
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

/// The king's destination of a castling given as king-takes-own-rook (shakmaty's `Castle`,
/// cozy-chess's encoding): the g- or c-file on the king's rank.
#[inline(always)]
fn castle_to(king: usize, rook: usize) -> usize {
    let rank = king & !7;
    if rook > king { rank + 6 } else { rank + 2 }
}

// --- legal knight and king moves of the side to move, each as one number (the sum of `code`) --

/// knightbits' move sets: one destination set per knight, one for the king (as cozy-chess's
/// `PieceMoves`).
#[inline(always)]
pub fn knightbits_moves(pos: &knightbits::position::Position) -> u64 {
    let mut sum = 0;
    for set in pos.legal_knight_move_sets() {
        for to in set.to {
            sum += code(set.from as usize, to as usize);
        }
    }
    let king = pos.legal_king_move_set(true);
    for to in king.to {
        sum += code(king.from as usize, to as usize);
    }
    sum
}

/// knightbits' sorted move lists (`MoveList`, UCI order, what the command line prints).
#[inline(always)]
pub fn knightbits_lists(pos: &knightbits::position::Position) -> u64 {
    let knights: u64 = pos
        .legal_knight_moves()
        .iter()
        .map(|m| code(m.from as usize, m.to as usize))
        .sum();
    let king: u64 = pos
        .legal_king_moves(true)
        .iter()
        .map(|m| code(m.from as usize, m.to as usize))
        .sum();
    knights + king
}

#[inline(always)]
fn shakmaty_code(m: &shakmaty::Move) -> u64 {
    match *m {
        shakmaty::Move::Castle { king, rook } => {
            let (k, r) = (u32::from(king) as usize, u32::from(rook) as usize);
            code(k, castle_to(k, r))
        }
        _ => code(
            m.from().map_or(0, u32::from) as usize,
            u32::from(m.to()) as usize,
        ),
    }
}

/// shakmaty has no per-role generator: all legal moves, filtered to knights and king.
#[inline(always)]
pub fn shakmaty_moves(pos: &Chess) -> u64 {
    pos.legal_moves()
        .iter()
        .filter(|m| matches!(m.role(), Role::Knight | Role::King))
        .map(shakmaty_code)
        .sum()
}

/// cozy-chess asked for the knights and the king only (`generate_moves_for` with them as mask);
/// castling comes as the king taking its own rook.
#[inline(always)]
pub fn cozy_moves(board: &cozy_chess::Board) -> u64 {
    let us = board.side_to_move();
    let mask = board.colored_pieces(us, cozy_chess::Piece::Knight)
        | board.colored_pieces(us, cozy_chess::Piece::King);
    let own = board.colors(us);
    let mut sum = 0;
    board.generate_moves_for(mask, |moves| {
        let from = moves.from as usize;
        if moves.piece == cozy_chess::Piece::King {
            for m in moves {
                let to = m.to as usize;
                let to = if own.has(m.to) {
                    castle_to(from, to)
                } else {
                    to
                };
                sum += code(from, to);
            }
        } else {
            for m in moves {
                sum += code(from, m.to as usize);
            }
        }
        false
    });
    sum
}

/// chess's legal move iterator, knights and king kept.
#[inline(always)]
pub fn chess_moves(board: &chess::Board) -> u64 {
    chess::MoveGen::new_legal(board)
        .filter(|m| {
            matches!(
                board.piece_on(m.get_source()),
                Some(chess::Piece::Knight | chess::Piece::King)
            )
        })
        .map(|m| code(m.get_source().to_index(), m.get_dest().to_index()))
        .sum()
}

// --- the same moves as sorted lists, for the agreement checks --------------------------------

pub fn knightbits_list(pos: &knightbits::position::Position) -> Vec<u64> {
    let mut v: Vec<u64> = pos
        .legal_knight_moves()
        .iter()
        .chain(pos.legal_king_moves(true).iter())
        .map(|m| code(m.from as usize, m.to as usize))
        .collect();
    v.sort();
    v
}

pub fn shakmaty_list(pos: &Chess) -> Vec<u64> {
    let mut v: Vec<u64> = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.role(), Role::Knight | Role::King))
        .map(shakmaty_code)
        .collect();
    v.sort();
    v
}

pub fn cozy_list(board: &cozy_chess::Board) -> Vec<u64> {
    let us = board.side_to_move();
    let mask = board.colored_pieces(us, cozy_chess::Piece::Knight)
        | board.colored_pieces(us, cozy_chess::Piece::King);
    let own = board.colors(us);
    let mut v = Vec::new();
    board.generate_moves_for(mask, |moves| {
        let from = moves.from as usize;
        for m in moves {
            let to = m.to as usize;
            let to = if own.has(m.to) {
                castle_to(from, to)
            } else {
                to
            };
            v.push(code(from, to));
        }
        false
    });
    v.sort();
    v
}

pub fn chess_list(board: &chess::Board) -> Vec<u64> {
    let mut v: Vec<u64> = chess::MoveGen::new_legal(board)
        .filter(|m| {
            matches!(
                board.piece_on(m.get_source()),
                Some(chess::Piece::Knight | chess::Piece::King)
            )
        })
        .map(|m| code(m.get_source().to_index(), m.get_dest().to_index()))
        .collect();
    v.sort();
    v
}
