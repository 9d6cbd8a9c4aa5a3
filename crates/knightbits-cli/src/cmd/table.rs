//! `knightbits table`: the article's move count of every square, their total and histogram.

use crate::args;
use crate::error::CliError;
use crate::output;
use knightbits::technique::Leaper;
use knightbits_api::sources::{TableRequest, table};

/// How many squares a knight (or king) attacks from every square, as an 8x8 diagram of
/// numbers (rank 8 on top), their total (knight 336, king 420) and how many squares have each
/// count, as the article counts them.
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits table\n  knightbits table --piece king\n  knightbits table --json\n\n\
JSON: {\"piece\", \"counts\": [64 numbers, a1 first], \"total\", \"histogram\": {\"2\": 4, …}}."
)]
pub struct Args {
    /// Which piece.
    #[arg(long, value_parser = args::choice::<Leaper>(), default_value_t = Leaper::default())]
    piece: Leaper,
    /// Print one JSON object: {"piece", "counts", "total", "histogram"}.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    colour: crate::picture::Colour,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let answer = table(&TableRequest::new(args.piece));
    if args.json {
        return output::json(&answer);
    }
    let rows: Vec<(String, Vec<String>)> = (0..8)
        .rev()
        .map(|rank| {
            let cells = (0..8)
                .map(|file| answer.counts[rank * 8 + file].to_string())
                .collect();
            ((rank + 1).to_string(), cells)
        })
        .collect();
    let mut text = if args.colour.on() {
        crate::picture::number_grid(&rows)
    } else {
        rows.iter()
            .map(|(label, cells)| format!("{label} {}\n", cells.join(" ")))
            .collect()
    };
    text += "  a b c d e f g h\n";
    let histogram: Vec<String> = answer
        .histogram
        .iter()
        .map(|(moves, squares)| format!("{moves}: {squares}"))
        .collect();
    text += &format!(
        "total: {} {} moves\nsquares by move count: {}\n",
        answer.total,
        answer.piece,
        histogram.join(", ")
    );
    output::text(&text)
}
