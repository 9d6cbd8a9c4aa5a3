//! `knightbits fill`: the wiki's knight fill, step by step.

use knightbits::{Bitboard, knight, render};
use knightbits_svg::Svg;
use serde_json::{Value, json};

use crate::error::CliError;
use crate::output;

/// Repeated knight fills (attacks plus the knights themselves) from a set of squares, drawn
/// side by side as the wiki shows its six fills from a1.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits fill a1\n  knightbits fill a1 --steps 3 --json\n\n\
Without --steps the fills go on until the set stops growing (six from a1)."
)]
pub struct Args {
    /// The starting squares (square names, a bitboard or a FEN placement).
    input: String,
    /// Exactly this many fills (1 to 64); the set may stop growing before.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    steps: Option<u32>,
    /// Print one JSON object: {"steps": [{"bitboard", "squares", "count"}, …]}.
    #[arg(long)]
    json: bool,
    /// Also write the last fill as a self-contained SVG file (start squares framed).
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

fn step(bb: Bitboard) -> Value {
    json!({
        "bitboard": output::hex(bb),
        "squares": output::square_names(bb),
        "count": bb.count(),
    })
}

pub fn run(args: Args) -> Result<(), CliError> {
    let start = super::bitboard(&args.input)?;
    let steps: Vec<Bitboard> = match args.steps {
        Some(n) => std::iter::successors(Some(knight::fill(start)), |&b| Some(knight::fill(b)))
            .take(n as usize)
            .collect(),
        None => knight::fills(start).collect(),
    };
    if let Some(path) = &args.svg {
        let last = steps.last().copied().unwrap_or(start);
        let title = format!("{} fills", steps.len());
        let svg = Svg::new().title(&title).marked(last).highlighted(start);
        std::fs::write(path, svg.to_string())
            .map_err(|e| CliError::Input(format!("cannot write '{}': {e}", path.display())))?;
    }
    if args.json {
        let steps: Vec<Value> = steps.into_iter().map(step).collect();
        return output::json(&json!({ "steps": steps }));
    }
    let captions: Vec<String> = (1..=steps.len()).map(|i| format!("{i}. Fill")).collect();
    let mut text = String::new();
    // Three diagrams a row, as the wiki lays them out.
    for (chunk, names) in steps.chunks(3).zip(captions.chunks(3)) {
        let boards: Vec<(&str, Bitboard)> = names
            .iter()
            .map(String::as_str)
            .zip(chunk.iter().copied())
            .collect();
        text += &format!("{}\n", render::side_by_side(&boards));
    }
    let counts: Vec<String> = steps.iter().map(|b| b.count().to_string()).collect();
    text += &format!("squares after each fill: {}\n", counts.join(", "));
    output::text(&text)
}
