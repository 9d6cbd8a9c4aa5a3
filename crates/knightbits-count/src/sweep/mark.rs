//! A round out of core resumed pass by pass. Its passes each read the old layer (the
//! checkpoint) once and append their part of the next layer to the checkpoint's unfinished
//! file, `PATH.tmp`; after each, with those frames on disk, a small file `PATH.pass` says how
//! many passes are done, how many bytes of `PATH.tmp` they fill and the round's sums so far. The
//! same count resumes there after a stop or a kill: `PATH.tmp` is cut back to those bytes and the
//! round goes on from the next pass, so a round of hours loses one pass at most. The passes are
//! ranges of the key hash's parts, and the mark says how many parts are done: resumed under
//! another `--max-memory`, the parts left are regrouped into the passes that budget allows.

use crate::checkpoint::{HEADER_BYTES, unfinished, with_suffix};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::vec::Vec;

/// The first bytes of a pass mark.
const MAGIC: &[u8; 8] = b"KBPASS02";

/// The first bytes of a pass mark of knightbits before it regrouped parts (no `done_parts`:
/// its passes were equal ranges of its parts from the first).
const MAGIC_01: &[u8; 8] = b"KBPASS01";

/// Bytes of a pass mark.
const BYTES: usize = 8 + 4 + 8 + 8 + 4 + 4 + 8 + 4 + 8 + 16 + 1 + 8 + 16 + 8 + 8 + 4 + 8;

/// How far a round out of core has come: the passes done and what they made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct PassMark {
    /// The round (the old layer's).
    pub(crate) round: u32,
    /// The old layer's states.
    pub(crate) old_states: u64,
    /// The prime the ways are added modulo.
    pub(crate) prime: u64,
    /// The round's passes (those done and those planned for the parts left), its parts of
    /// the key hash's range and the next layer's states foreseen as the round began: the
    /// passes go on over the same parts.
    pub(crate) passes: u32,
    pub(crate) parts: u32,
    pub(crate) predicted: u64,
    /// Passes done.
    pub(crate) done_passes: u32,
    /// Parts done: the passes done took parts `0..done_parts`.
    pub(crate) done_parts: u32,
    /// Wall seconds of the passes done, over every piece of the count that ran them.
    pub(crate) seconds: f64,
    /// Bytes of the next layer's unfinished file that hold them.
    pub(crate) bytes: u64,
    /// The ways of the tours closed (exact, or modulo `prime` when `modulus` is not 0).
    pub(crate) done: u128,
    pub(crate) modulus: u8,
    /// The next layer's states and ways so far, the keys made and the tables' peak bytes.
    pub(crate) states: u64,
    pub(crate) ways: u128,
    pub(crate) keys: u64,
    pub(crate) peak: u64,
}

impl PassMark {
    /// Where the pass mark of the checkpoint `checkpoint` is.
    pub(crate) fn path(checkpoint: &Path) -> PathBuf {
        with_suffix(checkpoint, ".pass")
    }

    /// The pass mark beside `checkpoint`, if there is a whole one.
    pub(crate) fn read(checkpoint: &Path) -> Option<PassMark> {
        PassMark::parse(&fs::read(PassMark::path(checkpoint)).ok()?)
    }

    /// Writes it beside `checkpoint` (to `PATH.pass.tmp`, synced and renamed).
    pub(crate) fn write(&self, checkpoint: &Path) -> io::Result<()> {
        let path = PassMark::path(checkpoint);
        let tmp = unfinished(&path);
        let mut file = fs::File::create(&tmp)?;
        file.write_all(&self.bytes())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, &path)
    }

    /// Removes the pass mark beside `checkpoint`, if any.
    pub(crate) fn remove(checkpoint: &Path) {
        let _ = fs::remove_file(PassMark::path(checkpoint));
    }

    fn bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(BYTES);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&self.round.to_le_bytes());
        b.extend_from_slice(&self.old_states.to_le_bytes());
        b.extend_from_slice(&self.prime.to_le_bytes());
        b.extend_from_slice(&self.passes.to_le_bytes());
        b.extend_from_slice(&self.parts.to_le_bytes());
        b.extend_from_slice(&self.predicted.to_le_bytes());
        b.extend_from_slice(&self.done_passes.to_le_bytes());
        b.extend_from_slice(&self.bytes.to_le_bytes());
        b.extend_from_slice(&self.done.to_le_bytes());
        b.push(self.modulus);
        b.extend_from_slice(&self.states.to_le_bytes());
        b.extend_from_slice(&self.ways.to_le_bytes());
        b.extend_from_slice(&self.keys.to_le_bytes());
        b.extend_from_slice(&self.peak.to_le_bytes());
        b.extend_from_slice(&self.done_parts.to_le_bytes());
        b.extend_from_slice(&self.seconds.to_le_bytes());
        b
    }

    fn parse(b: &[u8]) -> Option<PassMark> {
        let (rest, old) = match b.strip_prefix(MAGIC) {
            Some(rest) if b.len() == BYTES => (rest, false),
            Some(_) => return None,
            None => match b.strip_prefix(MAGIC_01) {
                Some(rest) if b.len() == BYTES - 12 => (rest, true),
                _ => return None,
            },
        };
        let mut at = 0;
        let mut take = |n: usize| {
            let s = &rest[at..at + n];
            at += n;
            s
        };
        let u32_ = |s: &[u8]| u32::from_le_bytes(s.try_into().unwrap_or_default());
        let u64_ = |s: &[u8]| u64::from_le_bytes(s.try_into().unwrap_or_default());
        let u128_ = |s: &[u8]| u128::from_le_bytes(s.try_into().unwrap_or_default());
        let mark = PassMark {
            round: u32_(take(4)),
            old_states: u64_(take(8)),
            prime: u64_(take(8)),
            passes: u32_(take(4)),
            parts: u32_(take(4)),
            predicted: u64_(take(8)),
            done_passes: u32_(take(4)),
            bytes: u64_(take(8)),
            done: u128_(take(16)),
            modulus: take(1)[0],
            states: u64_(take(8)),
            ways: u128_(take(16)),
            keys: u64_(take(8)),
            peak: u64_(take(8)),
            done_parts: 0,
            seconds: 0.0,
        };
        let (done_parts, seconds) = match old {
            // Its passes took equal ranges of its parts; their seconds were not kept.
            true => (
                (u64::from(mark.parts) * u64::from(mark.done_passes))
                    .checked_div(u64::from(mark.passes))
                    .map_or(0, |p| p as u32),
                0.0,
            ),
            false => (u32_(take(4)), f64::from_bits(u64_(take(8)))),
        };
        let mark = PassMark {
            done_parts,
            seconds,
            ..mark
        };
        // Parts and passes left, at least one part a pass, parts that split the key hash's
        // range (a power of two), and the header's room kept in the file.
        (mark.done_passes < mark.passes
            && 0 < mark.done_parts
            && mark.done_parts < mark.parts
            && mark.parts.is_power_of_two()
            && mark.parts as usize <= super::MOST_PARTS
            && mark.parts >= mark.passes
            && mark.bytes >= HEADER_BYTES)
            .then_some(mark)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark() -> PassMark {
        PassMark {
            round: 42,
            old_states: 1_771_452_546,
            prime: u64::MAX - 58,
            passes: 14,
            parts: 4096,
            predicted: 3_900_000_000,
            done_passes: 3,
            bytes: 6_000_000_064,
            done: u128::MAX - 7,
            modulus: 1,
            states: 812_345_678,
            ways: 1 << 100,
            keys: 2_500_000_000,
            peak: 15 << 30,
            done_parts: 877,
            seconds: 2_345.5,
        }
    }

    /// A mark comes back as written, field for field; a mark cut short, of another magic, with
    /// its passes or its parts all done (a round that ended has none), none of its parts done,
    /// parts that are not a power of two or more than a round cuts (they would not split the
    /// hash's range as the round did), or with fewer bytes than a layer file's header is none.
    #[test]
    fn a_mark_comes_back_as_written() {
        let dir = std::env::temp_dir().join(format!("knightbits-mark-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let checkpoint = dir.join("count.layer");
        assert_eq!(PassMark::read(&checkpoint), None);
        mark().write(&checkpoint).unwrap();
        assert_eq!(PassMark::read(&checkpoint), Some(mark()));
        assert_eq!(fs::read(PassMark::path(&checkpoint)).unwrap().len(), BYTES);
        let bytes = mark().bytes();
        assert_eq!(PassMark::parse(&bytes[..BYTES - 1]), None);
        let mut other = bytes.clone();
        other[7] = b'9';
        assert_eq!(PassMark::parse(&other), None);
        let ended = PassMark {
            done_passes: 14,
            ..mark()
        };
        assert_eq!(PassMark::parse(&ended.bytes()), None);
        let headless = PassMark {
            bytes: HEADER_BYTES - 1,
            ..mark()
        };
        assert_eq!(PassMark::parse(&headless.bytes()), None);
        for done_parts in [0, 4096] {
            let parts_all_or_none = PassMark {
                done_parts,
                ..mark()
            };
            assert_eq!(PassMark::parse(&parts_all_or_none.bytes()), None);
        }
        let uneven = PassMark {
            parts: 4000,
            ..mark()
        };
        assert_eq!(
            PassMark::parse(&uneven.bytes()),
            None,
            "parts not a power of two"
        );
        let too_many = PassMark {
            parts: 1 << 31,
            ..mark()
        };
        assert_eq!(
            PassMark::parse(&too_many.bytes()),
            None,
            "more parts than a round cuts"
        );
        PassMark::remove(&checkpoint);
        assert_eq!(PassMark::read(&checkpoint), None);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A mark written before marks held their parts (`KBPASS01`, without the last two fields)
    /// is read with the parts its equal passes took (3 of 14 passes over 4,096 parts took 877)
    /// and no seconds.
    #[test]
    fn a_mark_of_equal_passes_comes_back_with_their_parts() {
        let mut old = mark().bytes();
        old.truncate(BYTES - 12);
        old[..8].copy_from_slice(MAGIC_01);
        let read = PassMark {
            seconds: 0.0,
            ..mark()
        };
        assert_eq!(PassMark::parse(&old), Some(read));
        old.push(0);
        assert_eq!(PassMark::parse(&old), None);
    }
}
