//! The `knightbits` command-line tool: parses arguments, calls the library, prints.
//!
//! Exit codes: 0 success, 2 bad input or usage (one line on stderr), 1 an internal failure,
//! 130 a count stopped by Ctrl-C (one line saying how far it came).

fn main() -> std::process::ExitCode {
    knightbits_cli::main()
}
