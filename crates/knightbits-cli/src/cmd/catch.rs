//! `knightbits catch`: can a knight stop a passed pawn?

use knightbits::{Color, Square};

use crate::args;
use crate::error::CliError;
use crate::output;
use knightbits_api::catch::{CatchRequest, ToMove, catch};
use knightbits_api::values;

/// Whether a knight stops a passed pawn of the other side (the kings out of play, nothing
/// else on the board): the first square of the pawn's path it occupies in time, its moves
/// and the pawn's by then, and a route that never stands where the pawn could take it.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits catch --knight d8 --pawn a5 --side white\n  \
knightbits catch --knight h1 --pawn a6 --side white --json\n  \
knightbits catch --knight b1 --pawn h7 --side black --to-move pawn\n\n\
The race, as the library plays it: the pawn advances on each of its side's moves (two from\n\
its start rank), taking the knight when it stands on a square the pawn attacks; the knight\n\
jumps or waits (its king moves). It stops the pawn by standing on a square of the pawn's path\n\
no later than the pawn gets there (a blockade, or a capture; on the promotion square, taking\n\
the new piece at once).\n\
JSON: {\"caught\", \"square\", \"knight_moves\", \"pawn_moves\", \"path\", \"line\"}, null when\n\
not caught; \"path\" is the knight's square after each of its turns (twice in a row: it waits),\n\
\"line\" every move in turn order, a wait as \"wait\"."
)]
pub struct Args {
    /// The knight's square.
    #[arg(long, value_name = "SQ")]
    knight: String,
    /// The pawn's square (ranks 2 to 7).
    #[arg(long, value_name = "SQ")]
    pawn: String,
    /// The pawn's side; the knight is the other side's.
    #[arg(long, value_parser = args::choice::<Color>(), required_unless_present = "color")]
    side: Option<Color>,
    /// The old spelling of --side (a note on stderr says so): --color is the terminal colour
    /// option of the commands that draw a board.
    #[arg(long, value_parser = args::choice::<Color>(), hide = true, conflicts_with = "side")]
    color: Option<Color>,
    /// Who moves first.
    #[arg(long, value_parser = args::choice::<ToMove>(), default_value = "knight")]
    to_move: ToMove,
    /// Print one JSON object: {"caught", "square", "knight_moves", "pawn_moves", "path",
    /// "line"}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let Some(side) = args.side.or(args.color) else {
        return Err(CliError::Input("catch needs --side white|black".into()));
    };
    let knight: Square =
        values::square("knight square", &args.knight).map_err(|e| e.at("knight"))?;
    let pawn: Square = values::square("pawn square", &args.pawn).map_err(|e| e.at("pawn"))?;
    let answer = catch(&CatchRequest::new(knight, pawn, side, args.to_move)?)?;
    // Told once the input is read: bad input still gets its one line alone.
    if args.color.is_some() {
        crate::error::deprecated("catch --color", "--side");
    }
    if args.json {
        return output::json(&answer);
    }
    let first = match args.to_move {
        ToMove::Knight => "knight",
        ToMove::Pawn => "pawn",
    };
    let text = match (answer.square, &answer.line) {
        (Some(sq), Some(line)) => {
            let waits = line.iter().filter(|m| m.as_str() == "wait").count();
            let waited = match waits {
                0 => String::new(),
                n => format!(" and {}", output::count(n as u64, "wait")),
            };
            format!(
                "caught on {sq}: the knight on {knight} stops the {side} pawn on {pawn} ({first} to \
                 move)\n{}{waited}, {} by then\nline: {}\n",
                output::count(answer.knight_moves.unwrap_or(0), "knight move"),
                output::count(answer.pawn_moves.unwrap_or(0), "pawn move"),
                line.join(" ")
            )
        }
        _ => format!(
            "not caught: the {} pawn on {pawn} promotes before the knight on {knight} can stop it \
             ({first} to move)\n",
            side
        ),
    };
    output::text(&text)
}
