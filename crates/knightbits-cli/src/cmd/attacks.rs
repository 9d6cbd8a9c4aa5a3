//! `knightbits attacks`: the squares attacked by knights or kings, on their own or in a position.

use knightbits::{Bitboard, Color, king, knight};
use knightbits_svg::Svg;
use serde_json::json;

use super::Piece;
use crate::error::CliError;
use crate::output;
use crate::picture::{self, Drawing, Picture};
use crate::position::{self, Source};

/// Squares attacked by the knights (or kings) on the given squares, or by one side's knights
/// (or king) in a position.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits attacks d4\n  knightbits attacks b1,g1 --json\n  \
knightbits attacks 0x42 --method pre-mask\n  knightbits attacks e1 --piece king --method translate\n  \
knightbits attacks --fen 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' --side black --json\n\n\
Attack sets ignore occupancy, as the wiki defines them: a knight attacks its own pieces' squares too."
)]
pub struct Args {
    /// The pieces: square names (d4,e5), a bitboard (0x…, decimal, 0b…) or a FEN placement.
    #[arg(required_unless_present_any = ["fen", "batch"], conflicts_with_all = ["fen", "batch"])]
    input: Option<String>,
    #[command(flatten)]
    source: Source,
    /// With --fen or --batch: whose pieces attack.
    #[arg(long, value_parser = ["white", "black"], required_unless_present = "input")]
    side: Option<String>,
    /// Which piece stands on those squares.
    #[arg(long, value_enum, default_value_t = Piece::Knight)]
    piece: Piece,
    /// Technique. Knight: lookup, post-mask, pre-mask, prefix, halves, translate.
    /// King: lookup, shifts, translate.
    #[arg(long, default_value = "lookup")]
    method: String,
    /// Print one JSON object: {"bitboard", "squares", "count"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

fn answer(attacks: Bitboard) -> serde_json::Value {
    json!({
        "bitboard": output::hex(attacks),
        "squares": output::square_names(attacks),
        "count": attacks.count(),
    })
}

pub fn run(args: Args) -> Result<(), CliError> {
    if args.source.given() {
        let side: Color =
            super::choice("side", args.side.as_deref().unwrap_or(""), "white or black")?;
        let role = args.piece.role();
        args.picture
            .write_position_svg(&args.source, |pos| Drawing {
                marked: pos.attacks_by(side, role),
                ..Drawing::default()
            })?;
        return position::run(
            &args.source,
            args.json,
            |pos| answer(pos.attacks_by(side, role)),
            |pos| {
                let attacks = pos.attacks_by(side, role);
                format!(
                    "{}{}\n{} squares attacked by {side}'s {}s\n",
                    args.picture.position_board(pos, attacks),
                    output::hex(attacks),
                    attacks.count(),
                    role.name()
                )
            },
        );
    }
    let pieces = super::bitboard(args.input.as_deref().unwrap_or_default())?;
    let attacks = attacks(pieces, args.piece, &args.method)?;
    let drawn = picture::pieces_on(pieces, picture::glyph(args.piece));
    args.picture.write_svg(
        Svg::new()
            .title(&output::hex(attacks))
            .marked(attacks)
            .pieces(&drawn),
    )?;
    if args.json {
        output::json(&answer(attacks))
    } else {
        output::text(&format!(
            "{}{}\n{} squares\n",
            args.picture.diagram(attacks, &drawn),
            output::hex(attacks),
            attacks.count()
        ))
    }
}

/// The attack set of `pieces` by the named method of `piece`.
pub fn attacks(pieces: Bitboard, piece: Piece, method: &str) -> Result<Bitboard, CliError> {
    Ok(match piece {
        Piece::Knight => super::choice::<knight::Method>(
            "method",
            method,
            "lookup, post-mask, pre-mask, prefix, halves or translate",
        )?
        .attacks(pieces),
        Piece::King => {
            super::choice::<king::Method>("method", method, "lookup, shifts or translate")?
                .attacks(pieces)
        }
    })
}
