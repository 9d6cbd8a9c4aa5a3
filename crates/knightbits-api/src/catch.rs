//! The wiki's question whether a knight catches a passed pawn (`catch`).

use knightbits::knight::RaceMove;
use knightbits::{Color, Square, knight};
use serde::Serialize;

use super::Error;
use super::form::query;
use super::values::choices;

choices! {
    /// Who moves first in a pawn race.
    #[derive(Default)]
    pub enum ToMove ("to_move") {
        /// The knight's side.
        #[default]
        Knight = "knight",
        /// The pawn's side.
        Pawn = "pawn",
    }
}

/// `catch`: can a knight stop a passed pawn (the kings out of play, nothing else on board)?
/// In `/api/catch`: `knight`, `pawn`, `side` and `to_move` (default knight). Built by
/// [`CatchRequest::new`], which refuses a pawn on a back rank or on the knight's square (the
/// library's words, field `pawn`); its fields are private:
///
/// ```compile_fail,E0451
/// use knightbits::{Color, Square};
/// use knightbits_api::catch::{CatchRequest, ToMove};
/// let pawn_on_rank_8 = CatchRequest {
///     knight: Square::A1, pawn: Square::A8, side: Color::White, to_move: ToMove::Knight };
/// ```
///
/// ```
/// use knightbits::{Color, Square};
/// use knightbits_api::catch::{CatchRequest, ToMove};
/// let e = CatchRequest::new(Square::A1, Square::A8, Color::White, ToMove::Knight).unwrap_err();
/// assert_eq!(e.field(), Some("pawn"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatchRequest {
    knight: Square,
    pawn: Square,
    side: Color,
    to_move: ToMove,
}

/// The parameters of `/api/catch`, read before [`CatchRequest::new`] checks them.
struct CatchQuery {
    knight: Square,
    pawn: Square,
    side: Color,
    to_move: ToMove,
}

query!(CatchQuery { knight, pawn, side, to_move = ToMove::Knight });
query!(CatchRequest via CatchQuery);

impl TryFrom<CatchQuery> for CatchRequest {
    type Error = Error;

    fn try_from(q: CatchQuery) -> Result<CatchRequest, Error> {
        CatchRequest::new(q.knight, q.pawn, q.side, q.to_move)
    }
}

impl CatchRequest {
    /// The race of a knight on `knight` against `side`'s pawn on `pawn`, `to_move` first.
    ///
    /// # Errors
    ///
    /// A pawn on rank 1 or 8, or on the knight's square (field `pawn`, the library's words).
    pub fn new(knight: Square, pawn: Square, side: Color, to_move: ToMove) -> Result<Self, Error> {
        let request = CatchRequest {
            knight,
            pawn,
            side,
            to_move,
        };
        // The library's race says which squares it takes; its answer is asked again by
        // `catch`.
        knight::catch_square(knight, pawn, side, request.to_move_color())
            .map_err(|e| Error::refused(e.to_string()).at("pawn"))?;
        Ok(request)
    }

    /// The knight's square.
    pub fn knight(&self) -> Square {
        self.knight
    }

    /// The pawn's square.
    pub fn pawn(&self) -> Square {
        self.pawn
    }

    /// The pawn's side; the knight is the other side's.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Who moves first.
    pub fn to_move(&self) -> ToMove {
        self.to_move
    }
}

/// The answer to `catch`: `{"caught", "square", "knight_moves", "pawn_moves", "path",
/// "line"}`; all but `caught` are `null` when the pawn promotes and survives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Catch {
    /// Does the knight stop the pawn?
    pub caught: bool,
    /// The first square of the pawn's path the knight occupies in time (a blockade in front
    /// of the pawn, or a capture on it).
    pub square: Option<Square>,
    /// The knight's jumps on `line` (its waits not counted).
    pub knight_moves: Option<u32>,
    /// The pawn's moves by the time the knight lands there.
    pub pawn_moves: Option<u32>,
    /// The knight's square after each of its turns, its start first: a square given twice in
    /// a row is a wait (its side moved elsewhere, say its king).
    pub path: Option<Vec<Square>>,
    /// Every move of the race in turn order, the first mover's first: a jump or a pawn move
    /// in UCI (`a1b3`, `a2a4`), a knight's wait as `wait`.
    pub line: Option<Vec<String>>,
}

/// Answers `catch` with the library's `knight::catch_line`: the square, and one line of play
/// onto it, move by move, the knight's waits included.
pub fn catch(req: &CatchRequest) -> Result<Catch, Error> {
    let line = knight::catch_line(req.knight, req.pawn, req.side, req.to_move_color())
        .map_err(|e| Error::refused(e.to_string()))?;
    let Some(line) = line else {
        return Ok(Catch {
            caught: false,
            square: None,
            knight_moves: None,
            pawn_moves: None,
            path: None,
            line: None,
        });
    };
    let mut path = vec![req.knight];
    let mut text = Vec::new();
    for m in line.moves() {
        match *m {
            RaceMove::Knight { from, to } => {
                path.push(to);
                text.push(format!("{from}{to}"));
            }
            RaceMove::Wait { on } => {
                path.push(on);
                text.push("wait".to_string());
            }
            RaceMove::Pawn { from, to } => text.push(format!("{from}{to}")),
        }
    }
    Ok(Catch {
        caught: true,
        square: Some(line.square()),
        knight_moves: Some(line.knight_moves()),
        pawn_moves: Some(line.pawn_moves()),
        path: Some(path),
        line: Some(text),
    })
}

impl CatchRequest {
    /// The colour of the side that moves first.
    pub fn to_move_color(&self) -> Color {
        match self.to_move {
            ToMove::Pawn => self.side,
            ToMove::Knight => !self.side,
        }
    }
}
