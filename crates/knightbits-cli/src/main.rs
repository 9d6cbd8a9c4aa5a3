//! The `knightbits` command-line tool.

fn main() {}
