//! Where the positions of `attacks`, `moves` and `forks` come from: `--fen` (one position,
//! printed as JSON or text) or `--batch` (one per standard-input line, always JSON).

use knightbits::position::{Placement, Position};
use serde::Serialize;

use crate::error::CliError;
use crate::output;
use crate::picture::Picture;
use knightbits_api::picture::Drawing;
use knightbits_api::values;

/// Where the positions come from.
#[derive(clap::Args, Debug)]
pub struct Source {
    /// A position in FEN (six fields; four or five are read as if followed by `0 1`).
    #[arg(long, value_name = "FEN", conflicts_with = "batch")]
    pub fen: Option<String>,
    /// Read one FEN per standard-input line; print one JSON object per line, in order; a bad
    /// line prints {"error": "…"} and the run goes on.
    #[arg(long)]
    pub batch: bool,
}

impl Source {
    /// Is a position given (by `--fen` or `--batch`)?
    pub fn given(&self) -> bool {
        self.fen.is_some() || self.batch
    }
}

/// Answers the `--fen` position or every `--batch` line with `ask`'s response: for `--fen`
/// as JSON or as `text` (the position comes along), with `draw`'s picture for `--svg` (the
/// position's pieces are added); for `--batch` as JSON lines (`--svg` is refused, since one
/// file cannot hold many positions).
pub fn answer<R: Serialize>(
    source: &Source,
    json: bool,
    picture: &Picture,
    ask: impl Fn(&Position) -> R,
    text: impl Fn(&Position, &R) -> String,
    draw: impl Fn(&R) -> Drawing,
) -> Result<(), CliError> {
    answer_read(source, json, picture, values::position, ask, text, draw)
}

/// [`answer`], with each FEN read by `read` as a `P` (say, [`values::placement`] where the
/// pieces alone matter).
pub fn answer_read<P: Copy + Into<Placement>, R: Serialize>(
    source: &Source,
    json: bool,
    picture: &Picture,
    read: fn(&str) -> Result<P, knightbits_api::Error>,
    ask: impl Fn(&P) -> R,
    text: impl Fn(&P, &R) -> String,
    draw: impl Fn(&R) -> Drawing,
) -> Result<(), CliError> {
    let Some(fen) = source.fen.as_deref() else {
        if picture.wanted() {
            return Err(CliError::Input(
                "--svg needs one position: --fen FEN".into(),
            ));
        }
        return crate::batch::run(|line| read(line).map(|p| ask(&p)).map_err(|e| e.to_string()));
    };
    let position = read(fen).map_err(|e| e.at("fen"))?;
    let response = ask(&position);
    if picture.wanted() {
        picture.write(&Drawing {
            title: fen.to_string(),
            pieces: Drawing::position_pieces(&position.into()),
            ..draw(&response)
        })?;
    }
    if json {
        output::json(&response)
    } else {
        output::text(&text(&position, &response))
    }
}
