//! The npm package's types name the library's pieces and methods: index.d.ts's lists of them
//! (`Piece`, a `…Method` type per piece, `Method`, `PieceMethod`, `MoveOptions`) are written
//! here from the leaper definition (`Leaper::ALL`, each piece's methods, its castling and the
//! default piece) and compared. After a piece or a method is added, refresh them with
//! `KNIGHTBITS_BLESS=1 cargo test -p knightbits-wasm --test types`.

use std::path::PathBuf;

use knightbits::technique::Leaper;

/// The line after which index.d.ts's lists are generated.
const BEGIN: &str = "// Generated from the leaper definition (Leaper::ALL) by tests/types.rs: do not edit \
until the end line. Refresh: KNIGHTBITS_BLESS=1 cargo test -p knightbits-wasm --test types";
/// The line that ends them.
const END: &str = "// End of the generated lines.";

/// The name of `leaper`'s method type: `KnightMethod`.
fn method_type(leaper: Leaper) -> String {
    let name = leaper.name();
    format!("{}{}Method", name[..1].to_uppercase(), &name[1..])
}

/// `'a' | 'b'`.
fn union<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.into_iter().map(|n| format!("'{n}'")).collect();
    quoted.join(" | ")
}

/// One member of an options union per piece: the default piece's `piece` may be left out.
fn per_piece(what: impl Fn(Leaper) -> String) -> String {
    Leaper::ALL
        .into_iter()
        .map(|l| {
            let optional = if l == Leaper::default() { "?" } else { "" };
            format!("\n  | {{ piece{optional}: '{l}'; {} }}", what(l))
        })
        .collect()
}

/// The generated lines of index.d.ts.
fn types() -> String {
    let default = Leaper::default();
    let mut out = format!(
        "/** A piece with techniques (`pieces()`). */\nexport type Piece = {};\n",
        union(Leaper::ALL.map(Leaper::name))
    );
    for leaper in Leaper::ALL {
        out += &format!(
            "/** The {leaper}'s methods of computing attacks. */\nexport type {} = {};\n",
            method_type(leaper),
            union(leaper.methods().iter().map(|m| m.name()))
        );
    }
    let methods: Vec<String> = Leaper::ALL.into_iter().map(method_type).collect();
    out += &format!(
        "/** Any piece's method. */\nexport type Method = {};\n",
        methods.join(" | ")
    );
    out += &format!(
        "\n/** A piece and a method of its own (the {default} when no piece is given). */\n\
         export type PieceMethod ={};\n",
        per_piece(|l| format!("method?: {}", method_type(l)))
    );
    let castles: Vec<&str> = Leaper::ALL
        .into_iter()
        .filter(|l| l.castles())
        .map(Leaper::name)
        .collect();
    out += &format!(
        "\n/** Whose moves: the {default}'s when no piece is given; castling only for the {}. */\n\
         export type MoveOptions ={};\n",
        castles.join(" or the "),
        per_piece(|l| {
            let castling = if l.castles() { "boolean" } else { "false" };
            format!("castling?: {castling}")
        })
    );
    out
}

/// index.d.ts's generated lines are the library's pieces and methods.
#[test]
fn index_d_ts_lists_the_librarys_pieces_and_methods() {
    knightbits_testkit::generated_lines(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("npm/index.d.ts"),
        BEGIN,
        Some(END),
        &types(),
        "KNIGHTBITS_BLESS=1 cargo test -p knightbits-wasm --test types",
    );
}

/// The lists as a reader checks them today: the knight first and the default, its methods,
/// and only the king castling.
#[test]
fn the_lists_name_the_knight_and_the_king() {
    let types = types();
    assert!(
        types.contains("export type Piece = 'knight' | 'king'"),
        "{types}"
    );
    assert!(types.contains(
        "export type KnightMethod = 'lookup' | 'post-mask' | 'pre-mask' | 'prefix' | 'halves' | 'translate';"
    ));
    assert!(types.contains("export type KingMethod = 'lookup' | 'shifts' | 'translate';"));
    assert!(types.contains("  | { piece?: 'knight'; castling?: false }\n"));
    assert!(types.contains("  | { piece: 'king'; castling?: boolean }"));
}
