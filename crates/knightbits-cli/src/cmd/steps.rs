//! `knightbits steps`: a technique step by step, written in a numbering: the wiki's form in
//! LERF, the engine wiki's numbered moves and the devlog's mask in h1-g1.

use knightbits::mapping::Numbering;

use crate::args::{self, IndexArgs, MethodParser};
use crate::error::CliError;
use crate::output;
use knightbits::technique::Leaper;
use knightbits::technique::Method;
use knightbits_api::sources::{TraceRequest, trace};

/// A technique step by step: each step's name, formula, shift, mask and set, written in
/// --mapping (shift amounts, masks and sets as that numbering's bits; masks by their
/// sources' names).
#[derive(clap::Args)]
#[command(
    after_help = "Examples:\n  knightbits steps d4 --method post-mask              # the wiki's eight directions\n  \
knightbits steps d4 --method pre-mask --mapping h1-g1   # the engine wiki's moves 1 to 8\n  \
knightbits steps --index 19 --one-based --mapping h1-g1 --method translate   # the devlog\n  \
knightbits steps --index 10 --one-based --mapping h1-g1 --piece king --method translate\n  \
knightbits steps b1,g1 --method prefix --json\n\n\
In h1-g1 (h1 = bit 0, the engine wiki's and the devlog's numbering) a step east is a shift\n\
down, so every shift is the mirror image of the wiki's; masks keep their squares and take the\n\
engine wiki's names (not-A-file, not-AB-file, not-H-file, not-HG-file). Steps are written in\n\
a1-b1, h1-g1, a8-b8 and h8-g8, the numberings that keep ranks along the bits."
)]
pub struct Args {
    /// The pieces: square names, a bitboard read in --mapping, or a FEN placement.
    #[arg(required_unless_present = "index")]
    input: Option<String>,
    #[command(flatten)]
    index: IndexArgs,
    /// The technique.
    #[arg(long, value_parser = MethodParser, default_value = MethodParser::DEFAULT,
          help = MethodParser::help())]
    method: Method,
    /// Which piece stands on those squares.
    #[arg(long, value_parser = args::choice::<Leaper>(), default_value_t = Leaper::default())]
    piece: Leaper,
    /// The numbering the steps are written in, and of --index and a numeric INPUT.
    #[arg(long, value_parser = args::choice::<Numbering>(), default_value_t = Numbering::A1B1)]
    mapping: Numbering,
    /// Print one JSON object: {"method", "piece", "numbering", "steps": [{"name", "move",
    /// "formula", "shift", "mask", "mask_name", "removed", "set", "squares", "part"}, …],
    /// "bitboard", "squares", "count"} ("move": the engine wiki's move number, in h1-g1 and
    /// h8-g8 only).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<(), CliError> {
    let numbering = args.mapping;
    let pieces = args
        .index
        .pieces(args.input.as_deref(), numbering)?
        .unwrap_or_default();
    let method = knightbits_api::values::method(args.piece, args.method.name())?;
    // The request's one refusal is of its numbering, which this command reads as --mapping.
    let request = TraceRequest::new(pieces, method, numbering).map_err(|e| e.at("mapping"))?;
    let answer = trace(&request);
    if args.json {
        return output::json(&answer);
    }
    let hex = |bits: u64| format!("{bits:#018x}");
    let mut text = format!(
        "{} of the {}s on {} ({} in {numbering}), {}:\n",
        answer.method,
        answer.piece,
        output::list(knightbits_api::Squares(pieces)),
        hex(numbering.from_lerf(pieces)),
        output::count(answer.steps.len() as u64, "step")
    );
    for step in &answer.steps {
        let label = match step.r#move {
            Some(n) => format!("move {n} ({})", step.name),
            None => step.name.to_string(),
        };
        text += &format!("{label}: {}\n ", step.formula);
        if let Some(shift) = step.shift {
            text += &format!(" shift {shift},");
        }
        if let Some(mask) = step.mask {
            match step.mask_name {
                Some(name) => text += &format!(" mask {} ({name}),", hex(mask.0)),
                None => text += &format!(" mask {},", hex(mask.0)),
            }
        }
        text += &format!(" set {}", hex(step.set.0));
        if !step.squares.0.is_empty() {
            text += &format!(" = {}", step.squares);
        }
        if !step.part {
            text += " (not part of the result)";
        }
        text += "\n";
    }
    // Hex is LERF unless labelled: the steps above are in the numbering the header names.
    let label = if numbering == Numbering::A1B1 {
        String::new()
    } else {
        format!(" in {}", Numbering::A1B1)
    };
    text += &format!(
        "attacks: {:#018x}{label}, {}: {}\n",
        answer.attacks.bitboard,
        output::count(answer.attacks.count, "square"),
        output::list(answer.attacks.squares)
    );
    output::text(&text)
}
