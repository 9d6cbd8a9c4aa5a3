//! Choosing a knight technique by name, for tools that compare them.

use crate::bitboard::Bitboard;

/// A way to compute knight attacks; every one gives the same sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// [`attacks`](super::attacks): the precomputed table, one lookup per knight.
    Lookup,
    /// [`post_mask::attacks`](super::post_mask::attacks): shifts, then file masks.
    PostMask,
    /// [`pre_mask::attacks`](super::pre_mask::attacks): file masks, then shifts.
    PreMask,
    /// [`attacks_prefix`](super::attacks_prefix): the wiki's east/west parallel prefix.
    Prefix,
    /// [`attacks_halves`](super::attacks_halves): the wiki's `l1 l2 r1 r2` routine.
    Halves,
    /// [`attacks_translate`](super::attacks_translate): the devlog's shifted default mask,
    /// one translation per knight.
    Translate,
}

impl Method {
    /// Every method, in the order above.
    pub const ALL: [Method; 6] = [
        Method::Lookup,
        Method::PostMask,
        Method::PreMask,
        Method::Prefix,
        Method::Halves,
        Method::Translate,
    ];

    /// The method's name on the command line: `lookup`, `post-mask`, `pre-mask`, `prefix`,
    /// `halves`, `translate`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Lookup => "lookup",
            Method::PostMask => "post-mask",
            Method::PreMask => "pre-mask",
            Method::Prefix => "prefix",
            Method::Halves => "halves",
            Method::Translate => "translate",
        }
    }

    /// The attacks of every knight in `knights` by this method.
    pub fn attacks(self, knights: Bitboard) -> Bitboard {
        match self {
            Method::Lookup => knights
                .into_iter()
                .map(super::attacks)
                .fold(Bitboard::EMPTY, |a, b| a | b),
            Method::PostMask => super::post_mask::attacks(knights),
            Method::PreMask => super::pre_mask::attacks(knights),
            Method::Prefix => super::attacks_prefix(knights),
            Method::Halves => super::attacks_halves(knights),
            Method::Translate => knights
                .into_iter()
                .map(super::attacks_translate)
                .fold(Bitboard::EMPTY, |a, b| a | b),
        }
    }
}

crate::macros::impl_method_names!(Method);
