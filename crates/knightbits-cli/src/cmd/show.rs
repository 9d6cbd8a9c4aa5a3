//! `knightbits show`: a bitboard as a diagram, hex and squares.

use knightbits::mapping::Numbering;
use knightbits::render;
use knightbits_svg::Svg;
use serde_json::json;

use crate::error::CliError;
use crate::output;
use crate::picture::Picture;

/// Shows a bitboard: the diagram (rank 8 on top), the hex value and the squares.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits show 0x0000142200221400\n  \
knightbits show 0xA1100110A --mapping h1-g1 --indices\n\n\
A number is read in the --mapping numbering; square names and FEN are the same in all.")]
pub struct Args {
    /// The bitboard (0x…, decimal, 0b…, square names or a FEN placement).
    input: String,
    /// Numbering of a numeric input and of the bit indices shown: a1-b1 (LERF, default),
    /// h1-g1, a1-a2, h1-h2, a8-b8, a8-a7, h8-g8, h8-h7.
    #[arg(long, default_value = "a1-b1")]
    mapping: String,
    /// Also print every square's bit index in that numbering.
    #[arg(long)]
    indices: bool,
    /// Print one JSON object: {"bitboard", "squares", "count", "numbering", "indices"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    picture: Picture,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let numbering: Numbering = super::choice("numbering", &args.mapping, "")?;
    let bb = super::read_in(&args.input, numbering)?;
    let indices: Vec<u8> = bb.into_iter().map(|sq| numbering.index(sq)).collect();
    args.picture
        .write_svg(Svg::new().title(&output::hex(bb)).marked(bb))?;
    if args.json {
        return output::json(&json!({
            "bitboard": output::hex(bb),
            "squares": output::square_names(bb),
            "count": bb.count(),
            "numbering": numbering.name(),
            "indices": indices,
        }));
    }
    let mut text = format!(
        "{}{} (LERF)\nsquares: {}\n",
        args.picture.diagram(bb, &[]),
        output::hex(bb),
        output::square_names(bb).join(" ")
    );
    if numbering != Numbering::A1B1 {
        text += &format!("in {numbering}: {:#018x}\n", numbering.from_lerf(bb));
    }
    if args.indices {
        text += &format!(
            "\nbit indices in {numbering}:\n{}",
            render::indices(numbering)
        );
    }
    output::text(&text)
}
