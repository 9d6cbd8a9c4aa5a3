//! Knight attacks by calculation: the wiki's eight direction functions, each a shift by the
//! square difference of its direction and a file mask against a/h wraps.
//!
//! ```text
//!         noNoWe    noNoEa
//!             +15  +17
//!              |     |
//! noWeWe  +6 __|     |__+10  noEaEa
//!               \   /
//!                >0<
//!            __ /   \ __
//! soWeWe -10   |     |   -6  soEaEa
//!              |     |
//!             -17  -15
//!         soSoWe    soSoEa
//! ```
//!
//! [`post_mask`] shifts first and masks the wrapped files out of the result; [`pre_mask`]
//! masks the knights that would wrap before shifting (the engine wiki's form). Both give the
//! same sets, for one knight or any number.

/// One direction function: a set of knights in, the squares they reach that way out.
pub type Direction = fn(crate::Bitboard) -> crate::Bitboard;

/// The eight directions with the mask applied after the shift (the wiki's first listing, and
/// the article's `nA`/`nAB`/`nH`/`nGH` form).
pub mod post_mask {
    use crate::bitboard::Bitboard;

    const NOT_A: u64 = Bitboard::NOT_A_FILE.0;
    const NOT_AB: u64 = Bitboard::NOT_AB_FILE.0;
    const NOT_H: u64 = Bitboard::NOT_H_FILE.0;
    const NOT_GH: u64 = Bitboard::NOT_GH_FILE.0;

    /// Two north, one east: `(b << 17) & notAFile`.
    #[inline]
    pub const fn no_no_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 << 17) & NOT_A)
    }
    /// One north, two east: `(b << 10) & notABFile`.
    #[inline]
    pub const fn no_ea_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 << 10) & NOT_AB)
    }
    /// One south, two east: `(b >> 6) & notABFile`.
    #[inline]
    pub const fn so_ea_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 >> 6) & NOT_AB)
    }
    /// Two south, one east: `(b >> 15) & notAFile`.
    #[inline]
    pub const fn so_so_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 >> 15) & NOT_A)
    }
    /// Two north, one west: `(b << 15) & notHFile`.
    #[inline]
    pub const fn no_no_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 << 15) & NOT_H)
    }
    /// One north, two west: `(b << 6) & notGHFile`.
    #[inline]
    pub const fn no_we_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 << 6) & NOT_GH)
    }
    /// One south, two west: `(b >> 10) & notGHFile`.
    #[inline]
    pub const fn so_we_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 >> 10) & NOT_GH)
    }
    /// Two south, one west: `(b >> 17) & notHFile`.
    #[inline]
    pub const fn so_so_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 >> 17) & NOT_H)
    }

    /// The eight directions in the order the wiki lists them.
    pub const DIRECTIONS: [(&str, super::Direction); 8] = [
        ("noNoEa", no_no_ea),
        ("noEaEa", no_ea_ea),
        ("soEaEa", so_ea_ea),
        ("soSoEa", so_so_ea),
        ("noNoWe", no_no_we),
        ("noWeWe", no_we_we),
        ("soWeWe", so_we_we),
        ("soSoWe", so_so_we),
    ];

    /// The attack set: the union of the eight directions, grouped as the article writes it,
    /// one mask per pair of shifts that land on the same files:
    /// `nGH & (b << 6 | b >> 10) | nH & (b << 15 | b >> 17) | nA & (b << 17 | b >> 15) |
    /// nAB & (b << 10 | b >> 6)`.
    ///
    /// ```
    /// use knightbits::{knight, Bitboard, Square};
    /// let d4 = Bitboard::from_square(Square::D4);
    /// assert_eq!(knight::post_mask::attacks(d4), knight::attacks(Square::D4));
    /// ```
    #[inline]
    pub const fn attacks(b: Bitboard) -> Bitboard {
        let k = b.0;
        Bitboard(
            NOT_GH & (k << 6 | k >> 10)
                | NOT_H & (k << 15 | k >> 17)
                | NOT_A & (k << 17 | k >> 15)
                | NOT_AB & (k << 10 | k >> 6),
        )
    }
}

/// The eight directions with the mask applied before the shift: knights that would wrap are
/// removed first (the wiki's second listing and the engine wiki's eight numbered moves).
pub mod pre_mask {
    use crate::bitboard::Bitboard;

    const NOT_A: u64 = Bitboard::NOT_A_FILE.0;
    const NOT_AB: u64 = Bitboard::NOT_AB_FILE.0;
    const NOT_H: u64 = Bitboard::NOT_H_FILE.0;
    const NOT_GH: u64 = Bitboard::NOT_GH_FILE.0;

    /// Two north, one east: `(b & notHFile) << 17`.
    #[inline]
    pub const fn no_no_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_H) << 17)
    }
    /// One north, two east: `(b & notGHFile) << 10`.
    #[inline]
    pub const fn no_ea_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_GH) << 10)
    }
    /// One south, two east: `(b & notGHFile) >> 6`.
    #[inline]
    pub const fn so_ea_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_GH) >> 6)
    }
    /// Two south, one east: `(b & notHFile) >> 15`.
    #[inline]
    pub const fn so_so_ea(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_H) >> 15)
    }
    /// Two north, one west: `(b & notAFile) << 15`.
    #[inline]
    pub const fn no_no_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_A) << 15)
    }
    /// One north, two west: `(b & notABFile) << 6`.
    #[inline]
    pub const fn no_we_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_AB) << 6)
    }
    /// One south, two west: `(b & notABFile) >> 10`.
    #[inline]
    pub const fn so_we_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_AB) >> 10)
    }
    /// Two south, one west: `(b & notAFile) >> 17`.
    #[inline]
    pub const fn so_so_we(b: Bitboard) -> Bitboard {
        Bitboard((b.0 & NOT_A) >> 17)
    }

    /// The eight directions in the order the wiki lists them.
    pub const DIRECTIONS: [(&str, super::Direction); 8] = [
        ("noNoEa", no_no_ea),
        ("noEaEa", no_ea_ea),
        ("soEaEa", so_ea_ea),
        ("soSoEa", so_so_ea),
        ("noNoWe", no_no_we),
        ("noWeWe", no_we_we),
        ("soWeWe", so_we_we),
        ("soSoWe", so_so_we),
    ];

    /// The attack set: the union of the eight pre-masked directions.
    ///
    /// ```
    /// use knightbits::{knight, Bitboard, Square};
    /// let h8 = Bitboard::from_square(Square::H8);
    /// assert_eq!(knight::pre_mask::attacks(h8), knight::attacks(Square::H8));
    /// ```
    #[inline]
    pub const fn attacks(b: Bitboard) -> Bitboard {
        no_no_ea(b)
            .union(no_ea_ea(b))
            .union(so_ea_ea(b))
            .union(so_so_ea(b))
            .union(no_no_we(b))
            .union(no_we_we(b))
            .union(so_we_we(b))
            .union(so_so_we(b))
    }
}
