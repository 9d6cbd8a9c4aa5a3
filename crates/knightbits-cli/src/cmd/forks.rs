//! `knightbits forks`: knight forks of the side to move.

use knightbits::{Bitboard, Position, Role};
use serde_json::json;

use crate::error::CliError;
use crate::output;
use crate::picture::{self, Drawing, Picture};
use crate::position::{self, Source};

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
    /// Which enemy pieces are targets, by letter: k q r b n p (default kqr).
    #[arg(long, default_value = "kqr")]
    targets: String,
    /// Print one JSON object: {"squares", "moves", "safe_moves", "royal_moves"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

/// The roles named by the letters of `--targets`.
fn roles(text: &str) -> Result<Vec<Role>, CliError> {
    let roles: Option<Vec<Role>> = text.chars().map(Role::from_char).collect();
    match roles {
        Some(roles) if !roles.is_empty() => Ok(roles),
        _ => Err(CliError::input(
            "targets",
            text,
            "expected piece letters from k q r b n p",
        )),
    }
}

pub fn run(args: Args) -> Result<(), CliError> {
    if !args.source.given() {
        return Err(CliError::Input(
            "forks needs a position: --fen FEN or --batch".into(),
        ));
    }
    let roles = roles(&args.targets)?;
    let targets = |pos: &Position| -> Bitboard { pos.targets(&roles) };
    args.picture.write_position_svg(&args.source, |pos| {
        let forks = pos.forks_against(targets(pos));
        Drawing {
            highlighted: forks.squares,
            arrows: picture::arrows(&forks.moves),
            ..Drawing::default()
        }
    })?;
    position::run(
        &args.source,
        args.json,
        |pos| {
            let forks = pos.forks_against(targets(pos));
            json!({
                "squares": output::square_names(forks.squares),
                "moves": position::uci(&forks.moves),
                "safe_moves": position::uci(&forks.safe_moves),
                "royal_moves": position::uci(&forks.royal_moves),
            })
        },
        |pos| {
            let forks = pos.forks_against(targets(pos));
            format!(
                "{}fork squares: {}\nfork moves: {}\nsafe (not attacked by pawns or knights): {}\nroyal (check and queen): {}\n",
                args.picture.position_board(pos, forks.squares),
                output::square_names(forks.squares).join(" "),
                forks.moves,
                forks.safe_moves,
                forks.royal_moves
            )
        },
    )
}
