//! `knightbits forks`: knight forks of the side to move.

use knightbits::position::Position;

use super::source::{self, Source};
use crate::error::CliError;
use crate::picture::Picture;
use knightbits_api::picture::Drawing;
use knightbits_api::position::{ForksRequest, forks};
use knightbits_api::values::Targets;

/// Knight forks of the side to move: every square (empty or occupied) from which a knight
/// attacks at least two targets, the legal knight moves onto them, the safe ones (destination
/// not attacked by enemy pawns or knights) and the royal ones (check and attack on the queen).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits forks --fen 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1'\n  \
knightbits forks --fen 'q3k2r/3p4/8/3N4/8/8/8/4K3 w - - 0 1' --targets kq --json\n  \
cat positions.fen | knightbits forks --batch"
)]
pub struct Args {
    #[command(flatten)]
    source: Source,
    /// Which enemy pieces are targets, by letter: k q r b n p.
    #[arg(long, default_value = Targets::DEFAULT_LETTERS)]
    targets: String,
    /// Print one JSON object: {"squares", "moves", "safe_moves", "royal_moves"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    if !args.source.given() {
        return Err(CliError::Input(
            "forks needs a position: --fen FEN or --batch".into(),
        ));
    }
    let targets = Targets::read(&args.targets)?;
    source::answer(
        &args.source,
        args.json,
        &args.picture,
        |pos: &Position| {
            forks(&ForksRequest {
                position: *pos,
                targets,
            })
        },
        |pos, forks| {
            format!(
                "{}fork squares: {}\nfork moves: {}\nsafe (not attacked by pawns or knights): {}\nroyal (check and queen): {}\n",
                args.picture.position_board(pos, forks.squares.0),
                forks.squares,
                forks.moves,
                forks.safe_moves,
                forks.royal_moves
            )
        },
        |forks| Drawing {
            highlighted: forks.squares.0,
            arrows: Drawing::arrows(&forks.moves),
            ..Drawing::default()
        },
    )
}
