//! Positions against independent references: `knight::fork_squares` against a brute-force
//! count, and FEN, attacks, checkers, pins, knight and king moves and forks against shakmaty
//! 0.30.1 on 20,000 positions from seeded random playouts.

use knightbits::knight::technique;
use knightbits::position::{Move, Position, Role};
use knightbits::{Bitboard, Color, Square, knight};
use knightbits_testkit::Rng;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};

/// A random index below `n`, from the testkit's seeded generator (every run sees the same
/// positions).
fn below(rng: &mut Rng, n: usize) -> usize {
    rng.below(n as u64) as usize
}

/// Slow knight attacks: the testkit's eight jumps that stay on the board.
fn slow_knight(sq: Square) -> Bitboard {
    Bitboard(knightbits_testkit::knight(sq as u8))
}

/// Slow king attacks: the testkit's eight steps that stay on the board.
fn slow_king(sq: Square) -> Bitboard {
    Bitboard(knightbits_testkit::king(sq as u8))
}

/// The definition of a fork square: a knight there attacks at least two targets.
fn brute_fork_squares(targets: Bitboard) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|&sq| (slow_knight(sq) & targets).count() >= 2)
        .collect()
}

// Why pairs suffice. By definition F(T) = {s : |N(s) ∩ T| ≥ 2} (N(s): the knight attacks of s),
// and |N(s) ∩ T| ≥ 2 holds iff some pair {a, b} ⊆ T lies in N(s); so F(T) = ∪ F({a, b}) over
// the pairs of T, and F(T) is empty for |T| ≤ 1. The routine has the same shape: it computes
// the eight direction images D1(T) … D8(T), each a shift with a mask, so each distributes over
// union (Di(A ∪ B) = Di(A) ∪ Di(B)), and returns ∪_{i<j} Di(T) ∩ Dj(T): the wiki's routine
// (`technique::fork_target_square`) by the running `attak` union, `knight::fork_squares` in
// groups (a shift distributes over ∩ as well, so `(east & west) << 16` is one pair). Its
// groups: `two_up << 8` is the 6 pairs of the four upward images (`(one_up & two) << 8` four,
// `one_twice_up << 8` and `two_twice << 8` one each), `two_down >> 8` the 6 downward, and
// `(any_up << 8) & (any_down >> 8)` the 16 of one upward and one downward image: all 28.
// Expanding, that is the union over a, b ∈ T of Di(a) ∩ Dj(b); a term with a = b is
// empty (two different jumps from one square land on different squares), and the terms of
// each pair {a, b} are exactly routine({a, b}). So routine(T) = ∪ routine({a, b}).
//
// What the tests prove (for both routines): routine = F on the empty set, on all 64 singletons and on all 2,016
// pairs (exhaustive), hence on every target set, given the union-of-pairs shape read from the
// code above. All 41,664 triples and thousands of random larger sets check that shape claim
// (that the accumulation really is the pairwise union) without relying on it.
//
// A second proof of `knight::fork_squares`, resting on a different reading of the code:
// locality. Every path from the input to a square s of the output is one file shift and rank
// shifts adding up to a knight jump, and the masks drop the jumps that wrap, so whether s is
// in routine(T) depends on T ∩ N(s) alone. The test on neighbourhoods checks routine = F on
// every subset of every N(s) (at most 2^8 per square, 5,520 sets, all sizes up to 8 at
// once); with locality, routine(T) ∋ s iff routine(T ∩ N(s)) ∋ s iff |T ∩ N(s)| ≥ 2, for
// every T. The same test checks locality itself on random sets, without relying on it.

#[test]
fn fork_squares_equals_the_definition_on_all_pairs() {
    assert_eq!(knight::fork_squares(Bitboard::EMPTY), Bitboard::EMPTY);
    for a in Square::ALL {
        assert_eq!(knight::fork_squares(a.into()), Bitboard::EMPTY, "{a}");
        assert_eq!(technique::fork_target_square(a.into()), Bitboard::EMPTY);
    }
    let mut pairs = 0;
    for a in Square::ALL {
        for b in Square::ALL.into_iter().filter(|&b| b > a) {
            let targets = Bitboard::from_square(a) | b;
            assert_eq!(
                knight::fork_squares(targets),
                brute_fork_squares(targets),
                "{a} {b}"
            );
            assert_eq!(
                technique::fork_target_square(targets),
                brute_fork_squares(targets),
                "wiki, {a} {b}"
            );
            pairs += 1;
        }
    }
    assert_eq!(pairs, 2016);
}

#[test]
fn fork_squares_equals_the_definition_on_all_triples_and_random_sets() {
    let mut triples = 0;
    for a in 0..64u64 {
        for b in a + 1..64 {
            for c in b + 1..64 {
                let targets = Bitboard(1 << a | 1 << b | 1 << c);
                let want = brute_fork_squares(targets);
                assert_eq!(knight::fork_squares(targets), want);
                assert_eq!(technique::fork_target_square(targets), want);
                triples += 1;
            }
        }
    }
    assert_eq!(triples, 41_664);
    let mut rng = Rng::new(0x5eed);
    for i in 0..20_000 {
        // Densities from about 1/16 (a few squares) to 1/2 and more.
        let targets = Bitboard(match i % 4 {
            0 => rng.next() & rng.next() & rng.next() & rng.next(),
            1 => rng.next() & rng.next() & rng.next(),
            2 => rng.next() & rng.next(),
            _ => rng.next() | rng.next(),
        });
        assert_eq!(
            knight::fork_squares(targets),
            brute_fork_squares(targets),
            "{targets:?}"
        );
        assert_eq!(
            technique::fork_target_square(targets),
            knight::fork_squares(targets)
        );
    }
}

#[test]
fn fork_squares_equals_the_definition_on_every_subset_of_a_knight_neighbourhood() {
    let mut sets = 0;
    for s in Square::ALL {
        let around: Vec<Square> = slow_knight(s).into_iter().collect();
        for mask in 0u32..1 << around.len() {
            let targets: Bitboard = (0..around.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| around[i])
                .collect();
            let want = brute_fork_squares(targets);
            assert_eq!(
                knight::fork_squares(targets),
                want,
                "around {s}: {targets:?}"
            );
            sets += 1;
        }
    }
    assert_eq!(sets, 5_520);
    // Locality: square s of the answer depends on the targets a knight jump from s alone.
    let mut rng = Rng::new(0x10ca1);
    for _ in 0..2_000 {
        let targets = Bitboard(rng.next() & rng.next());
        let all = knight::fork_squares(targets);
        for s in Square::ALL {
            let near = knight::fork_squares(targets & slow_knight(s));
            assert_eq!(all.contains(s), near.contains(s), "{s} {targets:?}");
        }
    }
}

/// Kiwipete and the perft positions 3 to 6 of the Chess Programming Wiki, and the start.
const ROOTS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPP1QPPP/R4RK1 w - - 0 10",
];

/// The number of positions cross-checked.
const POSITIONS: usize = 20_000;

/// Seeded random playouts: from each root in turn, up to 60 random legal moves; every
/// position met (roots included) is kept, until `count` positions.
fn playouts(count: usize) -> Vec<Chess> {
    let mut rng = Rng::new(2026);
    let mut out = Vec::with_capacity(count);
    let roots: Vec<Chess> = ROOTS
        .iter()
        .map(|fen| {
            Fen::from_ascii(fen.as_bytes())
                .unwrap()
                .into_position(CastlingMode::Standard)
                .unwrap()
        })
        .collect();
    let mut game = 0;
    while out.len() < count {
        let mut pos = roots[game % roots.len()].clone();
        game += 1;
        for _ in 0..60 {
            out.push(pos.clone());
            if out.len() == count {
                break;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[below(&mut rng, moves.len())];
            pos.play_unchecked(m);
        }
    }
    out
}

fn bb(b: shakmaty::Bitboard) -> Bitboard {
    Bitboard(b.0)
}

fn sq(s: shakmaty::Square) -> Square {
    Square::from_index(s as u8).unwrap()
}

fn color(c: Color) -> shakmaty::Color {
    match c {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    }
}

fn role(r: Role) -> shakmaty::Role {
    match r {
        Role::Pawn => shakmaty::Role::Pawn,
        Role::Knight => shakmaty::Role::Knight,
        Role::Bishop => shakmaty::Role::Bishop,
        Role::Rook => shakmaty::Role::Rook,
        Role::Queen => shakmaty::Role::Queen,
        Role::King => shakmaty::Role::King,
    }
}

/// UCI of a shakmaty move; castling (king takes own rook in shakmaty) converted to the king's
/// own two-square move, `e1g1` / `e1c1`.
fn uci(m: &shakmaty::Move) -> String {
    match *m {
        shakmaty::Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() { 'g' } else { 'c' };
            format!("{}{}{}", sq(king), file, sq(king).rank())
        }
        _ => format!("{}{}", sq(m.from().unwrap()), sq(m.to())),
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn texts<'a>(moves: impl IntoIterator<Item = &'a Move>) -> Vec<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

/// Checks one position against shakmaty; returns how many knight and king moves (legal, with
/// castling) were compared.
fn cross_check(pos: &Chess, with_attackers: bool) -> usize {
    let fen = Fen::from_position(pos, EnPassantMode::Always).to_string();
    let mine: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    assert_eq!(mine.to_string(), fen, "round trip");
    let board = pos.board();
    let us = mine.turn();
    let legal = pos.legal_moves();

    // Legal knight moves, already in UCI text order (compared unsorted on our side).
    let knights: Vec<String> = legal
        .iter()
        .filter(|m| m.role() == shakmaty::Role::Knight)
        .map(uci)
        .collect();
    assert_eq!(
        texts(&mine.legal_knight_moves()),
        sorted(knights.clone()),
        "{fen}"
    );

    // Legal king moves without and with castling.
    let kings = |castling: bool| -> Vec<String> {
        sorted(
            legal
                .iter()
                .filter(|m| m.role() == shakmaty::Role::King && (castling || !m.is_castle()))
                .map(uci)
                .collect(),
        )
    };
    assert_eq!(texts(&mine.legal_king_moves(false)), kings(false), "{fen}");
    assert_eq!(texts(&mine.legal_king_moves(true)), kings(true), "{fen}");

    // The same moves as destination sets: one per knight that may move, one for the king.
    let from_sets: Vec<String> = sorted(
        mine.legal_knight_move_sets()
            .flat_map(|set| set.moves())
            .map(|(from, to)| format!("{from}{to}"))
            .collect(),
    );
    assert_eq!(from_sets, sorted(knights.clone()), "{fen}");
    assert!(
        mine.legal_knight_move_sets()
            .all(|set| !(mine.pinned().contains(set.from))),
        "{fen}"
    );
    for castling in [false, true] {
        let set = mine.legal_king_move_set(castling);
        assert_eq!(set.from, mine.king(us), "{fen}");
        let from_set: Vec<String> = set.moves().map(|(f, t)| format!("{f}{t}")).collect();
        assert_eq!(sorted(from_set), kings(castling), "{fen}");
        assert_eq!(set.len(), kings(castling).len(), "{fen}");
    }

    // Pseudo-legal knight and king moves against the slow jump and step tables.
    let own = mine.by_color(us);
    let mut pseudo = Vec::new();
    for from in mine.pieces(us, Role::Knight) {
        for to in slow_knight(from) - own {
            pseudo.push(format!("{from}{to}"));
        }
    }
    assert_eq!(
        texts(&mine.pseudo_legal_knight_moves()),
        sorted(pseudo),
        "{fen}"
    );
    let king = mine.king(us);
    let steps: Vec<String> = (slow_king(king) - own)
        .into_iter()
        .map(|to| format!("{king}{to}"))
        .collect();
    assert_eq!(
        texts(&mine.pseudo_legal_king_moves(false)),
        sorted(steps),
        "{fen}"
    );

    // Attack sets of both sides, role by role and together: shakmaty's attacks_from of
    // every piece (with the board's occupancy).
    for c in Color::ALL {
        let mut all = Bitboard::EMPTY;
        for r in Role::ALL {
            let expected: Bitboard = board
                .by_piece(role(r).of(color(c)))
                .into_iter()
                .map(|s| bb(board.attacks_from(s)))
                .fold(Bitboard::EMPTY, |a, b| a | b);
            assert_eq!(mine.attacks_by(c, r), expected, "{fen} {c} {r}");
            all |= expected;
        }
        assert_eq!(mine.attacks(c), all, "{fen} {c}");
        if with_attackers {
            for s in Square::ALL {
                let s2 = shakmaty::Square::new(s as u32);
                let expected = bb(board.attacks_to(s2, color(c), board.occupied()));
                assert_eq!(mine.attackers_of(s, c), expected, "{fen} {s} {c}");
                assert_eq!(mine.is_attacked(s, c), expected.any());
            }
        }
    }

    // Checkers, and pins: a piece is pinned iff removing it lets a new enemy piece attack
    // the king (only a slider on the line through it can appear that way).
    assert_eq!(mine.checkers(), bb(pos.checkers()), "{fen}");
    let them = color(!us);
    let ksq = shakmaty::Square::new(king as u32);
    let before = board.attacks_to(ksq, them, board.occupied());
    let pinned: Bitboard = board
        .by_color(color(us))
        .into_iter()
        .filter(|&p| {
            let after = board.attacks_to(ksq, them, board.occupied().without(p));
            (after & !before).any()
        })
        .map(sq)
        .collect();
    assert_eq!(mine.pinned(), pinned, "{fen}");

    // Forks against the opponent's king, queen and rooks, by the definitions.
    let targets =
        mine.pieces(!us, Role::King) | mine.pieces(!us, Role::Queen) | mine.pieces(!us, Role::Rook);
    let forks = mine.forks();
    let squares = brute_fork_squares(targets);
    assert_eq!(forks.squares, squares, "{fen}");
    let onto = |keep: &dyn Fn(Square) -> bool| -> Vec<String> {
        sorted(
            legal
                .iter()
                .filter(|m| m.role() == shakmaty::Role::Knight && keep(sq(m.to())))
                .map(uci)
                .collect(),
        )
    };
    assert_eq!(
        texts(&forks.moves),
        onto(&|to| squares.contains(to)),
        "{fen}"
    );
    let guarded = |to: Square| {
        let t = shakmaty::Square::new(to as u32);
        (board.attacks_to(t, them, board.occupied()) & (board.pawns() | board.knights())).any()
    };
    assert_eq!(
        texts(&forks.forced_moves),
        onto(&|to| squares.contains(to) && !guarded(to)),
        "{fen}"
    );
    let their_king = mine.king(!us);
    let queens = mine.pieces(!us, Role::Queen);
    assert_eq!(
        texts(&forks.royal_moves),
        onto(&|to| slow_knight(to).contains(their_king) && (slow_knight(to) & queens).any()),
        "{fen}"
    );
    knights.len() + kings(true).len()
}

/// The main cross-check: 20,000 positions, every check above; attackers of all 64 squares on
/// every tenth position.
#[test]
fn twenty_thousand_playout_positions_agree_with_shakmaty() {
    let positions = playouts(POSITIONS);
    assert_eq!(positions.len(), POSITIONS);
    let mut compared = 0;
    let mut in_check = 0;
    let mut castling_possible = 0;
    let (mut double_check, mut pinned_knight, mut forks) = (0, 0, 0);
    for (i, pos) in positions.iter().enumerate() {
        compared += cross_check(pos, i % 10 == 0);
        in_check += usize::from(pos.is_check());
        double_check += usize::from(pos.checkers().count() >= 2);
        castling_possible += usize::from(pos.legal_moves().iter().any(|m| m.is_castle()));
        let fen = Fen::from_position(pos, EnPassantMode::Always).to_string();
        let mine: Position = fen.parse().unwrap();
        pinned_knight +=
            usize::from((mine.pinned() & mine.pieces(mine.turn(), Role::Knight)).any());
        forks += usize::from(!mine.forks().moves.is_empty());
    }
    println!(
        "{POSITIONS} positions, {compared} knight and king moves compared: {in_check} in check \
         ({double_check} double), {castling_possible} with castling, {pinned_knight} with a \
         pinned knight, {forks} with a fork move"
    );
    assert!(double_check > 0 && pinned_knight > 100 && forks > 1_000);
    // The sample must exercise the rules, not only quiet positions.
    assert!(in_check > 500, "{in_check} positions in check");
    assert!(castling_possible > 500, "{castling_possible} with castling");
    assert!(compared > 100_000, "{compared}");
}

/// Random edits of valid FENs (replace, insert or delete a character): parsing never panics;
/// every accepted text gives a position whose FEN reads back to the same position; and when
/// shakmaty also accepts it (its impossible-check and too-much-material rules waived: we
/// accept such well-formed but unreachable positions), every cross-check above holds on it.
#[test]
fn edited_fens_never_panic_and_accepted_ones_agree_with_shakmaty() {
    const PALETTE: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '4', '7', '8',
        '9', '0', '/', ' ', '-', 'w', 'a', 'e', 'h', 'x', 'é',
    ];
    let mut rng = Rng::new(99);
    let sources: Vec<String> = playouts(600)
        .iter()
        .map(|p| Fen::from_position(p, EnPassantMode::Always).to_string())
        .collect();
    let (mut accepted, mut compared) = (0, 0);
    for i in 0..50_000 {
        let mut chars: Vec<char> = sources[i % sources.len()].chars().collect();
        for _ in 0..1 + below(&mut rng, 2) {
            let at = below(&mut rng, chars.len() + 1);
            let c = PALETTE[below(&mut rng, PALETTE.len())];
            match below(&mut rng, 3) {
                0 if at < chars.len() => chars[at] = c,
                1 => chars.insert(at, c),
                _ if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.push(c),
            }
        }
        let text: String = chars.into_iter().collect();
        let Ok(mine) = text.parse::<Position>() else {
            continue;
        };
        accepted += 1;
        assert_eq!(mine.to_string().parse::<Position>(), Ok(mine), "{text}");
        let theirs = Fen::from_ascii(text.as_bytes()).ok().and_then(|fen| {
            fen.into_position::<Chess>(CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .or_else(shakmaty::PositionError::ignore_too_much_material)
                .ok()
        });
        if let Some(pos) = theirs {
            cross_check(&pos, true);
            compared += 1;
        }
    }
    println!("{accepted} edited fens accepted, {compared} cross-checked");
    assert!(accepted > 2_000, "{accepted} accepted");
    assert_eq!(compared, accepted, "{compared} compared");
}
