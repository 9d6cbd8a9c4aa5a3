//! The sources' own forms: the article's move counts per square (`table`), a technique's steps
//! written in any numbering that keeps ranks along the bits (`trace`: the engine wiki's
//! numbered moves and the devlog's mask in their h1-first numbering), and the wiki's question
//! whether a knight catches a passed pawn (`catch`).

use std::collections::BTreeMap;

use knightbits::knight::technique::pre_mask;
use knightbits::mapping::Numbering;
use knightbits::{Bitboard, Color, Square, knight};
use serde::Serialize;

use knightbits::technique::Method;
use knightbits::trace::Kind;

use super::values::Piece;
use super::{Error, SquareSet, Squares};

/// `table`: how many squares a knight (or king) attacks from each square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableRequest {
    /// The piece.
    pub piece: Piece,
}

/// The answer to `table`: `{"piece", "counts", "total", "histogram"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Table {
    /// The piece.
    #[serde(serialize_with = "super::display")]
    pub piece: Piece,
    /// The move count of every square, a1 first.
    pub counts: Vec<u32>,
    /// Their sum: every move of the piece from every square (knight 336, king 420).
    pub total: u32,
    /// How many squares have each count, by count (knight: 2 on 4 squares, …, 8 on 16).
    pub histogram: BTreeMap<u32, u32>,
}

/// Answers `table`, with the article's popcount of each square's attack set.
pub fn table(req: &TableRequest) -> Table {
    let counts: Vec<u32> = Square::ALL
        .iter()
        .map(|&sq| {
            Method::lookup(req.piece.role())
                .attacks(Bitboard::from_square(sq))
                .count()
        })
        .collect();
    let mut histogram = BTreeMap::new();
    for &c in &counts {
        *histogram.entry(c).or_insert(0) += 1;
    }
    Table {
        piece: req.piece,
        total: counts.iter().sum(),
        counts,
        histogram,
    }
}

/// `trace`: a technique's steps on some pieces, written in a numbering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceRequest {
    /// The pieces.
    pub pieces: Bitboard,
    /// The technique (which names the piece).
    pub method: Method,
    /// The numbering the steps are written in.
    pub numbering: Numbering,
}

/// One step written in a numbering: `{"name", "formula", "set", "squares", "part"}` and, where
/// the step has them, `"shift"`, `"mask"`, `"mask_name"`, `"removed"`, `"move"` (the engine
/// wiki's number of a knight direction, in a numbering with files mirrored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NumberedStep {
    /// The step's name: a direction, a variable of the source's code, a square.
    pub name: &'static str,
    /// The engine wiki's move number (1 to 8) of a knight direction, in `h1-g1` and `h8-g8`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<u8>,
    /// What it computes, with this numbering's shift amounts and mask names.
    pub formula: String,
    /// The shift it makes in this numbering: positive `<<`, negative `>>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shift: Option<i8>,
    /// The mask, as this numbering's bits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask: Option<Bitboard>,
    /// The mask's name in this numbering's sources (`notAFile`, `not-HG-file`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mask_name: Option<&'static str>,
    /// The bits the mask removed, as this numbering's bits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub removed: Option<Bitboard>,
    /// What it yields, as this numbering's bits.
    pub set: Bitboard,
    /// The same squares by name.
    pub squares: Squares,
    /// Whether it is part of the final union.
    pub part: bool,
}

/// The answer to `trace`: `{"method", "piece", "numbering", "steps", "bitboard", "squares",
/// "count"}`; the attack set's `bitboard` in LERF, each step's bits in the numbering.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Trace {
    /// The technique's name.
    pub method: &'static str,
    /// The piece.
    #[serde(serialize_with = "super::display")]
    pub piece: Piece,
    /// The numbering the steps are written in.
    #[serde(serialize_with = "super::display")]
    pub numbering: Numbering,
    /// The steps in the source's order.
    pub steps: Vec<NumberedStep>,
    /// The attack set, in LERF.
    #[serde(flatten)]
    pub attacks: SquareSet,
}

/// Answers `trace`; refuses the four numberings that lay files along the bits.
pub fn trace(req: &TraceRequest) -> Result<Trace, Error> {
    let numbering = req.numbering;
    let steps: Vec<knightbits::trace::Step> = req.method.trace(req.pieces).collect();
    let steps = steps
        .iter()
        .map(|s| {
            let its = s.in_numbering(numbering).ok_or_else(|| {
                Error::refused(format!(
                    "steps are written in numberings that keep ranks along the bits \
                     (a1-b1, h1-g1, a8-b8, h8-g8), not {numbering}"
                ))
            })?;
            let number = match s.kind() {
                Kind::PostMask(d) | Kind::PreMask(d) if numbering.mirrors_files() => {
                    Some(pre_mask::engine_wiki_move(d))
                }
                _ => None,
            };
            Ok(NumberedStep {
                name: s.name(),
                r#move: number,
                formula: its.formula().to_string(),
                shift: its.shift(),
                mask: its.mask().map(Bitboard),
                mask_name: its.mask_name(),
                removed: its.removed().map(Bitboard),
                set: Bitboard(its.set()),
                squares: Squares(s.set()),
                part: s.is_part(),
            })
        })
        .collect::<Result<Vec<_>, Error>>()?;
    Ok(Trace {
        method: req.method.name(),
        piece: Piece::of(req.method),
        numbering,
        steps,
        attacks: req.method.attacks(req.pieces).into(),
    })
}

/// Who moves first in a pawn race.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ToMove {
    /// The knight's side.
    #[default]
    Knight,
    /// The pawn's side.
    Pawn,
}

impl ToMove {
    /// Both, the knight first.
    pub const ALL: [ToMove; 2] = [ToMove::Knight, ToMove::Pawn];
}

impl super::values::Choice for ToMove {
    const ALL: &'static [Self] = &ToMove::ALL;

    fn name(self) -> &'static str {
        match self {
            ToMove::Knight => "knight",
            ToMove::Pawn => "pawn",
        }
    }

    fn read(text: &str) -> Option<Self> {
        ToMove::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(text))
    }
}

/// `catch`: can a knight stop a passed pawn (the kings out of play, nothing else on board)?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatchRequest {
    /// The knight's square.
    pub knight: Square,
    /// The pawn's square.
    pub pawn: Square,
    /// The pawn's colour; the knight is the other side's.
    pub color: Color,
    /// Who moves first.
    pub to_move: ToMove,
}

/// The answer to `catch`: `{"caught", "square", "knight_moves", "pawn_moves", "path"}`; the
/// last four are `null` when the pawn promotes and survives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catch {
    /// Does the knight stop the pawn?
    pub caught: bool,
    /// The first square of the pawn's path the knight occupies in time (a blockade in front
    /// of the pawn, or a capture on it).
    pub square: Option<Square>,
    /// The knight's moves on `path` (it may also wait a move while its king moves).
    pub knight_moves: Option<u32>,
    /// The pawn's moves by the time the knight lands there.
    pub pawn_moves: Option<u32>,
    /// One route the race allows, both ends included: the knight's square after each jump,
    /// never where the pawn could take it, landing no later than the pawn gets past.
    pub path: Option<Vec<Square>>,
}

/// The squares a pawn of `color` on `pawn` attacks.
fn pawn_attacks(pawn: Square, color: Color) -> Bitboard {
    let dr = if color == Color::White { 1 } else { -1 };
    [-1, 1]
        .into_iter()
        .filter_map(|df| pawn.offset(df, dr))
        .collect()
}

/// The earliest route of the knight onto `target` that the race allows: the pawn's moves
/// forced (forward, two from its start rank, taking the knight when it can), the knight
/// jumping or waiting (its king moves) and never standing where the pawn can take it.
/// Returns the knight's squares after each of its jumps (the start first) and the pawn's
/// moves made when it lands.
fn route(req: &CatchRequest, target: Square) -> Option<(Vec<Square>, u32)> {
    use std::collections::{HashMap, VecDeque};
    let (dr, start) = match req.color {
        Color::White => (1, knightbits::Rank::Second),
        Color::Black => (-1, knightbits::Rank::Seventh),
    };
    // Is the target on the pawn's file, at or ahead of it?
    let ahead = |pawn: Square| {
        let mut sq = Some(pawn);
        while let Some(s) = sq {
            if s == target {
                return true;
            }
            sq = s.offset(0, dr);
        }
        false
    };
    // A state: knight, pawn, pawn moves made (0 or more), whose turn (true: the pawn's).
    type State = (Square, Square, u32, bool);
    let first: State = (req.knight, req.pawn, 0, req.to_move == ToMove::Pawn);
    let mut parent: HashMap<State, State> = HashMap::new();
    let mut queue = VecDeque::from([first]);
    let mut seen = std::collections::HashSet::from([first]);
    while let Some(state @ (k, pawn, moves, pawn_turn)) = queue.pop_front() {
        if k == target && ahead(pawn) {
            // Walk back, keeping the squares where the knight jumped.
            let mut squares = vec![k];
            let mut at = state;
            while let Some(&before) = parent.get(&at) {
                if before.0 != *squares.last()? {
                    squares.push(before.0);
                }
                at = before;
            }
            squares.reverse();
            return Some((squares, moves));
        }
        if !ahead(pawn) {
            continue;
        }
        let next: Vec<State> = if pawn_turn {
            let Some(step) = pawn.offset(0, dr) else {
                continue; // promoted, and the knight's reply did not take the new piece
            };
            if pawn_attacks(pawn, req.color).contains(k) || step == k {
                continue;
            }
            let to = if moves == 0 && pawn.rank() == start {
                match step.offset(0, dr) {
                    Some(two) if two != k => two,
                    _ => continue,
                }
            } else {
                step
            };
            vec![(k, to, moves + 1, false)]
        } else {
            knight::attacks(k)
                .into_iter()
                .chain([k])
                .filter(|&to| !pawn_attacks(pawn, req.color).contains(to))
                .map(|to| (to, pawn, moves, true))
                .collect()
        };
        for n in next {
            if seen.insert(n) {
                parent.insert(n, state);
                queue.push_back(n);
            }
        }
    }
    None
}

/// Answers `catch` with the library's `knight::catch_square`, and one route the race allows
/// onto that square (the knight may wait a move while its king moves).
pub fn catch(req: &CatchRequest) -> Result<Catch, Error> {
    let square = knight::catch_square(req.knight, req.pawn, req.color, req.to_move_color())
        .map_err(|e| Error::refused(e.to_string()))?;
    let Some(square) = square else {
        return Ok(Catch {
            caught: false,
            square: None,
            knight_moves: None,
            pawn_moves: None,
            path: None,
        });
    };
    let (path, pawn_moves) = match route(req, square) {
        Some((path, n)) => (Some(path), Some(n)),
        None => (None, None),
    };
    Ok(Catch {
        caught: true,
        square: Some(square),
        knight_moves: path.as_ref().map(|p| p.len() as u32 - 1),
        pawn_moves,
        path,
    })
}

impl CatchRequest {
    /// The colour of the side that moves first.
    pub fn to_move_color(&self) -> Color {
        match self.to_move {
            ToMove::Pawn => self.color,
            ToMove::Knight => !self.color,
        }
    }
}
