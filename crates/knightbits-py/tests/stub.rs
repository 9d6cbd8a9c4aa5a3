//! The type stub names the library's pieces and methods: _knightbits.pyi's lists of them
//! (`_Leaper`, with python-chess's letters and piece types, and a `_…Method` per piece) are
//! written here from the leaper definition (`Leaper::ALL`, each piece's role and methods) and
//! compared. After a piece or a method is added, refresh them with
//! `KNIGHTBITS_BLESS=1 cargo test -p knightbits-py --test stub`. (A Rust test of this crate
//! that links no Python: it reads the core only.)

use std::path::PathBuf;

use knightbits::position::Role;
use knightbits::technique::Leaper;

/// The line after which the stub's lists are generated.
const BEGIN: &str = "# Generated from the leaper definition (Leaper::ALL) by tests/stub.rs: do not edit \
until the end line. Refresh: KNIGHTBITS_BLESS=1 cargo test -p knightbits-py --test stub";
/// The line that ends them.
const END: &str = "# End of the generated lines.";

/// python-chess's piece type of `role`: `chess.PAWN` = 1 to `chess.KING` = 6, in its order.
fn piece_type(role: Role) -> usize {
    1 + Role::ALL
        .iter()
        .position(|&r| r == role)
        .expect("a role of Role::ALL")
}

/// `"a", "b"`.
fn quoted<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let quoted: Vec<String> = names.into_iter().map(|n| format!("\"{n}\"")).collect();
    quoted.join(", ")
}

/// The generated lines of _knightbits.pyi.
fn stub() -> String {
    let roles: Vec<(Role, String)> = Leaper::ALL
        .into_iter()
        .filter_map(Leaper::role)
        .map(|r| (r, r.char().to_string()))
        .collect();
    let types: Vec<String> = roles
        .iter()
        .map(|(r, _)| {
            let name = r.name().to_uppercase();
            format!("chess.{name} == {}", piece_type(*r))
        })
        .collect();
    let names = Leaper::ALL.map(Leaper::name);
    let mut out = format!(
        "# The pieces with moves and techniques here: a name, or python-chess's letter or piece\n\
         # type ({}).\n_Leaper = Union[int, Literal[{}]]\n",
        types.join(", "),
        quoted(
            names
                .into_iter()
                .chain(roles.iter().map(|(_, c)| c.as_str()))
        )
    );
    for leaper in Leaper::ALL {
        let name = leaper.name();
        out += &format!(
            "# The {name}'s methods (techniques(\"{name}\")).\n_{}{}Method = Literal[{}]\n",
            name[..1].to_uppercase(),
            &name[1..],
            quoted(leaper.methods().iter().map(|m| m.name()))
        );
    }
    out
}

/// _knightbits.pyi's generated lines are the library's pieces and methods.
#[test]
fn the_stub_lists_the_librarys_pieces_and_methods() {
    knightbits_testkit::generated_lines(
        &PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("python/knightbits/_knightbits.pyi"),
        BEGIN,
        Some(END),
        &stub(),
        "KNIGHTBITS_BLESS=1 cargo test -p knightbits-py --test stub",
    );
}

/// The lists as a reader checks them today: python-chess's numbers of the knight and the king
/// (chess.KNIGHT == 2, chess.KING == 6) and their letters, and each piece's methods.
#[test]
fn the_lists_name_the_knight_and_the_king() {
    let stub = stub();
    assert_eq!(piece_type(Role::Knight), 2);
    assert_eq!(piece_type(Role::King), 6);
    assert!(
        stub.contains("(chess.KNIGHT == 2, chess.KING == 6"),
        "{stub}"
    );
    assert!(stub.contains("_Leaper = Union[int, Literal[\"knight\", \"king\", "));
    assert!(stub.contains(", \"n\", \"k\"]]\n"));
    assert!(stub.contains(
        "_KnightMethod = Literal[\"lookup\", \"post-mask\", \"pre-mask\", \"prefix\", \"halves\", \"translate\"]\n"
    ));
    assert!(stub.contains("_KingMethod = Literal[\"lookup\", \"shifts\", \"translate\"]\n"));
}
