//! Attacks of a square by every technique, and the wiki's eight directions step by step:
//! `cargo run --example attacks -- d4`.

use knightbits::knight::technique::Method;
use knightbits::{Square, king, knight};

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_else(|| "d4".to_string());
    let square: Square = match arg.parse() {
        Ok(sq) => sq,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let attacks = knight::attacks(square);
    println!(
        "knight on {square}:\n{attacks}{attacks:#018x}, {} squares\n",
        attacks.count()
    );
    for method in Method::ALL {
        assert_eq!(method.attacks(square.into()), attacks);
        println!("  {method:<10} agrees");
    }
    println!("\nthe eight directions, masked after the shift:");
    for step in Method::PostMask.trace(square.into()) {
        let lands = match step.set().first() {
            Some(to) => to.to_string(),
            None => "off the board".to_string(),
        };
        println!(
            "  {:<7} {:<24} {lands}",
            step.name(),
            step.formula().to_string()
        );
    }
    let king = king::attacks(square);
    println!(
        "\nking on {square}:\n{king}{king:#018x}, {} squares",
        king.count()
    );
}
