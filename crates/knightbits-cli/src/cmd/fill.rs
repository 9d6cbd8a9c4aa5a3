//! `knightbits fill`: the wiki's knight fill, step by step.

use knightbits::{Bitboard, render};

use crate::error::CliError;
use crate::output;
use crate::picture::write_file;
use knightbits_api::picture::Drawing;
use knightbits_api::values;
use knightbits_api::walks::{FillRequest, fill};

/// Repeated knight fills (attacks plus the knights themselves) from a set of squares, drawn
/// side by side as the wiki shows its six fills from a1.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits fill a1\n  knightbits fill a1 --moves 3 --json\n\n\
Without --moves the fills go on until the set stops growing (six from a1)."
)]
pub struct Args {
    /// The starting squares (square names, a bitboard or a FEN placement).
    input: String,
    /// Exactly this many fills, one knight move each (1 to 64); the set may stop growing
    /// before.
    #[arg(long)]
    moves: Option<u32>,
    /// The old spelling of --moves (a note on stderr says so).
    #[arg(long, hide = true, conflicts_with = "moves")]
    steps: Option<u32>,
    /// Print one JSON object: {"start": {"bitboard", "squares", "count"}, "steps": [{…}, …]}.
    #[arg(long)]
    json: bool,
    /// Also write the last fill as a self-contained SVG file (start squares framed).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
    #[command(flatten)]
    colour: crate::picture::Colour,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let start = values::bitboard(&args.input)?;
    // Told once the input is read: bad input still gets its one line alone.
    if args.steps.is_some() {
        crate::error::deprecated("fill --steps", "--moves");
    }
    let answer = fill(&FillRequest::new(start, args.moves.or(args.steps))?);
    let steps: Vec<Bitboard> = answer.steps.iter().map(|s| s.bitboard).collect();
    if let Some(path) = &args.svg {
        let drawing = Drawing {
            title: format!("{} fills", steps.len()),
            marked: steps.last().copied().unwrap_or(start),
            highlighted: start,
            ..Drawing::default()
        };
        write_file(path, &drawing.svg())?;
    }
    if args.json {
        return output::json(&answer);
    }
    // The wiki's first diagram is the start set; then one per fill.
    let steps: Vec<Bitboard> = std::iter::once(start).chain(steps).collect();
    let captions: Vec<String> = std::iter::once("0. Start".to_string())
        .chain((1..steps.len()).map(|i| format!("{i}. Fill")))
        .collect();
    let mut text = String::new();
    if args.colour.on() {
        // Coloured boards one under another, the start squares in teal.
        for (caption, &b) in captions.iter().zip(&steps) {
            text += &format!("{caption}\n{}\n", args.colour.diagram(b - start, start));
        }
    }
    // Three diagrams a row, as the wiki lays them out.
    for (chunk, names) in steps
        .chunks(3)
        .zip(captions.chunks(3))
        .filter(|_| !args.colour.on())
    {
        let boards: Vec<(&str, Bitboard)> = names
            .iter()
            .map(String::as_str)
            .zip(chunk.iter().copied())
            .collect();
        text += &format!("{}\n", render::side_by_side(&boards));
    }
    let counts: Vec<String> = answer.steps.iter().map(|s| s.count.to_string()).collect();
    text += &format!(
        "squares at the start: {}, after each fill: {}\n",
        answer.start.count,
        counts.join(", ")
    );
    output::text(&text)
}
