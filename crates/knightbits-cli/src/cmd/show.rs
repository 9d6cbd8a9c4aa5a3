//! `knightbits show`: a bitboard as a diagram, hex and squares.

use knightbits::mapping::Numbering;
use knightbits::render;

use crate::args::{self, IndexArgs};
use crate::error::CliError;
use crate::output::{self, hex};
use crate::picture::Picture;
use knightbits_api::bits::{ShowRequest, show};
use knightbits_api::picture::Drawing;

/// Shows a bitboard: the diagram (rank 8 on top), the hex value and the squares.
#[derive(clap::Args)]
#[command(after_help = "Examples:\n  knightbits show 0x0000142200221400\n  \
knightbits show 0xA1100110A --mapping h1-g1 --indices\n  \
knightbits show --index 19 --mapping h1-g1 --one-based   # the devlog's square 19\n\n\
A number is read in the --mapping numbering; square names and FEN are the same in all.")]
pub struct Args {
    /// The bitboard (0x…, decimal, 0b…, square names or a FEN placement).
    #[arg(required_unless_present = "index")]
    input: Option<String>,
    #[command(flatten)]
    index: IndexArgs,
    /// Numbering of a numeric input and of the bit indices shown (a1-b1 is LERF).
    #[arg(long, value_parser = args::choice::<Numbering>(), default_value_t = Numbering::A1B1)]
    mapping: Numbering,
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
    let numbering = args.mapping;
    let answer = show(&ShowRequest::new(
        args.index
            .pieces(args.input.as_deref(), numbering)?
            .unwrap_or_default(),
        numbering,
    ));
    let bb = answer.bitboard;
    args.picture.write(&Drawing {
        title: hex(bb),
        marked: bb,
        ..Drawing::default()
    })?;
    if args.json {
        return output::json(&answer);
    }
    let mut text = format!(
        "{}{}\nsquares: {}\n",
        args.picture.diagram(bb, &[]),
        hex(bb),
        output::list(answer.squares)
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
