//! `knightbits forks`: knight forks of the side to move.

use knightbits::position::Position;

use crate::error::CliError;
use crate::output;
use crate::picture::Picture;
use crate::positions::{self, Source};
use knightbits_api::attacks::{ForkSquaresRequest, fork_squares};
use knightbits_api::picture::Drawing;
use knightbits_api::position::{ForksRequest, forks};
use knightbits_api::values::{self, Targets};

/// Knight forks. Of a set of targets: the fork target squares, from which a knight attacks
/// at least two of them (the wiki's forkTargetSquare). Of the side to move in a position:
/// every such square (empty or occupied), the legal knight moves onto them, the forced ones
/// (destination not attacked by enemy pawns or knights) and the royal ones (check and attack
/// on the queen).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits forks e8,a8,h8                 # fork target squares of three targets\n  \
knightbits forks --fen 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1'\n  \
knightbits forks --fen 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1' --targets kq --json\n  \
cat positions.fen | knightbits forks --batch"
)]
pub struct Args {
    /// The targets on their own: square names, a bitboard or a FEN placement.
    #[arg(conflicts_with_all = ["fen", "batch", "targets"])]
    input: Option<String>,
    #[command(flatten)]
    source: Source,
    /// Which enemy pieces are targets, by letter: k q r b n p.
    #[arg(long, default_value = Targets::DEFAULT_LETTERS)]
    targets: String,
    /// Print one JSON object: {"bitboard", "squares", "count"} for targets on their own;
    /// {"squares", "moves", "forced_moves", "royal_moves"} for a position.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if !args.source.given() {
        let Some(input) = args.input.as_deref() else {
            return Err(CliError::Input(
                "forks needs targets (INPUT such as e8,a8) or a position (--fen FEN or --batch)"
                    .into(),
            ));
        };
        let targets = values::bitboard(input)?;
        let answer = fork_squares(&ForkSquaresRequest::new(targets));
        args.picture.write(&Drawing {
            title: output::hex(answer.bitboard),
            highlighted: targets,
            marked: answer.bitboard,
            ..Drawing::default()
        })?;
        if args.json {
            return output::json(&answer);
        }
        return output::text(&format!(
            "{}{}\nfork target squares ({}): {}\n",
            args.picture.diagram(answer.bitboard, &[]),
            output::hex(answer.bitboard),
            answer.count,
            output::list(answer.squares)
        ));
    }
    let targets = Targets::read(&args.targets).map_err(|e| e.at("targets"))?;
    positions::answer(
        &args.source,
        args.json,
        &args.picture,
        |pos: &Position| forks(&ForksRequest::new(*pos, targets)),
        |pos, forks| {
            format!(
                "{}fork squares: {}\nfork moves: {}\nforced (not attacked by pawns or knights): {}\nroyal (check and queen): {}\n",
                args.picture.position_board(pos, forks.squares.0),
                output::list(forks.squares),
                output::list(&forks.moves),
                output::list(&forks.forced_moves),
                output::list(&forks.royal_moves)
            )
        },
        |forks| Drawing {
            highlighted: forks.squares.0,
            arrows: Drawing::arrows(&forks.moves),
            ..Drawing::default()
        },
    )
}
