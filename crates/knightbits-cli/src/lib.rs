//! The `knightbits` command-line tool as a library. The binary only calls [`main`].
//!
//! - [`knightbits_api`]: the typed request/response layer and the rulebook; every answer, in
//!   JSON or text, comes from it.
//! - [`args`] and [`cmd`]: the command line, its typed values and one module per subcommand.
//! - [`positions`]: where the positions of `attacks`, `moves` and `forks` come from (`--fen`,
//!   `--batch`); [`batch`]: the `--batch` line processor; [`output`], [`picture`]: printing.
//! - [`reference`](mod@reference): the command-line reference in Markdown (docs/cli.md), from the clap tree.
//! - [`server`]: the explorer's web server, a thin adapter from queries to
//!   [`knightbits_api::query`].
//!
//! Exit codes: 0 success, 2 bad input or usage (one line on stderr), 1 an internal failure,
//! 130 a count stopped by Ctrl-C (one line saying how far it came).

pub mod args;
pub mod batch;
pub mod cmd;
pub mod error;
pub mod output;
pub mod picture;
pub mod positions;
pub mod reference;
pub mod server;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::error::CliError;

/// Knight and king patterns on bitboards.
#[derive(Parser)]
#[command(name = "knightbits", version, about, long_about = None, propagate_version = true)]
#[command(
    after_help = "Bitboards can be written as 0x0000142200221400, decimal, 0b…, with _ \
separators or a C ULL suffix, as square lists (d4,e5) or as a FEN placement.\n\n\
Examples:\n  knightbits attacks d4\n  knightbits attacks b1,g1 --method prefix --json\n  \
knightbits attacks --index 27\n  knightbits steps d4 --method pre-mask --mapping h1-g1\n  knightbits table\n  \
knightbits catch --knight d8 --pawn a5 --side white\n  \
knightbits count 0x0000142200221400 --method table16\n  knightbits convert 0xA1100110A --from h1-g1 --to a1-b1\n  knightbits serve --port 0"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Attacks(cmd::attacks::Args),
    Steps(cmd::steps::Args),
    Table(cmd::table::Args),
    Moves(cmd::moves::Args),
    Count(cmd::count::Args),
    Show(cmd::show::Args),
    Convert(cmd::convert::Args),
    Forks(cmd::forks::Args),
    Catch(cmd::catch::Args),
    Fill(cmd::fill::Args),
    Reach(cmd::reach::Args),
    Distance(cmd::distance::Args),
    Tour(cmd::tour::Args),
    CountTours(cmd::count_tours::Args),
    Serve(cmd::serve::Args),
    Completions(cmd::completions::Args),
    Man(cmd::completions::ManArgs),
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Attacks(args) => cmd::attacks::run(args),
        Command::Steps(args) => cmd::steps::run(args),
        Command::Table(args) => cmd::table::run(args),
        Command::Catch(args) => cmd::catch::run(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
        Command::Man(args) => cmd::completions::man(args, Cli::command()),
        Command::Moves(args) => cmd::moves::run(args),
        Command::Count(args) => cmd::count::run(args),
        Command::Show(args) => cmd::show::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Forks(args) => cmd::forks::run(args),
        Command::Fill(args) => cmd::fill::run(args),
        Command::Reach(args) => cmd::reach::run(args),
        Command::Distance(args) => cmd::distance::run(args),
        Command::Tour(args) => cmd::tour::run(args),
        Command::CountTours(args) => cmd::count_tours::run(args),
        Command::Serve(args) => cmd::serve::run(args),
    }
}

/// The clap definition of the whole command line (for the manual, completions and the tests
/// that read the vocabulary).
pub fn command() -> clap::Command {
    Cli::command()
}

/// Parses the command line, runs the subcommand and gives the exit code.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return error::clap_exit(e),
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit(),
    }
}
