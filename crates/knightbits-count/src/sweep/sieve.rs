//! Which passes of a round out of core each old state's keys fall in. A round whose old layer
//! is read from disk in several passes reads and expands the whole layer in each, keeping the
//! new keys of one range of the hash's parts; most states make no key in a given pass (a
//! state makes a few keys, spread over all the passes). So the round's first pass, which
//! expands every state, writes for each one a mask of the passes its keys fall in to a file
//! beside the layer (two bytes a state for up to 16 passes, four for 32, eight past them; pass
//! `p` is bit `p mod 64`), a slot of [`FRAME`] masks for each share of the layer as the reader
//! hands it out; the later passes read those masks and expand only
//! the states with their pass's bit. BENCHMARKS.md ("Counts out of core: what a pass costs")
//! has what it saves.

use super::file::FRAME;
use super::io_error;
use crate::checkpoint::with_suffix;
use crate::error::{CountError, located};
use std::fs::{self, File};
use std::io;
use std::path::{Path, PathBuf};
use std::vec::Vec;

/// What a pass does with the masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sift {
    /// Expand every state and write its mask.
    Mark,
    /// Expand only the states whose mask has this bit.
    Keep(u64),
}

/// The masks of a round's old states, in a file removed when the round ends.
#[derive(Debug)]
pub(crate) struct Sieve {
    file: File,
    path: PathBuf,
    /// For each part of the hash's range, the bit of the pass that takes it.
    bits: Vec<u64>,
    /// Bytes of a mask in the file.
    width: usize,
}

impl Sieve {
    /// Where the masks of a round whose next layer goes to `next` are.
    fn path_beside(next: &Path) -> PathBuf {
        with_suffix(next, ".sieve")
    }

    /// Removes the masks beside `next` that a killed count left, if any.
    pub(crate) fn remove(next: &Path) {
        let _ = fs::remove_file(Sieve::path_beside(next));
    }

    /// The masks of a round of `passes` passes (parts `first..parts` left, as
    /// [`Sieve::create`]) over a layer file of `states` states in folder `dir`, at the next
    /// layer's path `next` with `.sieve` after it: none for a round of one pass, where files
    /// are not read at an offset, or when the folder has no room for them beside the next
    /// layer's `next_bytes`.
    pub(crate) fn for_round(
        next: &Path,
        dir: &Path,
        states: u64,
        next_bytes: u64,
        (parts, first, passes): (usize, usize, usize),
    ) -> Result<Option<Sieve>, CountError> {
        if passes < 2 {
            return Ok(None);
        }
        let needed = Sieve::bytes(states, passes).saturating_add(next_bytes);
        if crate::workers::available_disk(dir).is_some_and(|available| available < needed) {
            return Ok(None);
        }
        let at = Sieve::path_beside(next);
        match Sieve::create(at.clone(), parts, first, passes) {
            Ok(sieve) => Ok(Some(sieve)),
            Err(e) if e.kind() == io::ErrorKind::Unsupported => Ok(None),
            Err(e) => Err(io_error(located(&at, e))),
        }
    }

    /// What pass `pass` of the round does with the masks: the first writes them, the others
    /// keep the states with their bit.
    pub(crate) fn sift(&self, pass: usize) -> (&Sieve, Sift) {
        match pass {
            0 => (self, Sift::Mark),
            _ => (self, Sift::Keep(Sieve::bit(pass))),
        }
    }

    /// Bytes of a mask of a round of `passes` passes: two up to 16, four up to 32, else eight.
    fn width(passes: usize) -> usize {
        match passes {
            ..=16 => 2,
            17..=32 => 4,
            _ => 8,
        }
    }

    /// Bytes of the file of masks of a layer of `states` states in `passes` passes (whole
    /// slots; each share holds at most [`FRAME`] states, most of them that many).
    pub(crate) fn bytes(states: u64, passes: usize) -> u64 {
        let slot = (Sieve::width(passes) * FRAME) as u64;
        states.div_ceil(FRAME as u64).saturating_mul(slot) * 5 / 4
    }

    /// The masks at `path` of a round whose passes take the parts `first..parts` of the
    /// hash's range in equal ranges, in order. An error of kind
    /// [`io::ErrorKind::Unsupported`] where files are not read and written at an offset
    /// (neither Unix nor Windows).
    pub(crate) fn create(
        path: PathBuf,
        parts: usize,
        first: usize,
        passes: usize,
    ) -> io::Result<Sieve> {
        if cfg!(not(any(unix, windows))) {
            return Err(io::ErrorKind::Unsupported.into());
        }
        let left = parts - first;
        let mut bits = vec![0u64; parts];
        for pass in 0..passes {
            let range = first + left * pass / passes..first + left * (pass + 1) / passes;
            bits[range].fill(Sieve::bit(pass));
        }
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        let width = Sieve::width(passes);
        Ok(Sieve {
            file,
            path,
            bits,
            width,
        })
    }

    /// The bit of pass `pass` in a mask.
    pub(crate) fn bit(pass: usize) -> u64 {
        1 << (pass % 64)
    }

    /// The bit of the pass that takes part `part` of the hash's range.
    #[inline]
    pub(crate) fn of_part(&self, part: usize) -> u64 {
        self.bits.get(part).copied().unwrap_or(0)
    }

    /// Where share `share`'s masks begin in the file.
    fn offset(&self, share: u64) -> u64 {
        share * (self.width * FRAME) as u64
    }

    /// Writes the masks of share `share` (through `bytes`).
    pub(crate) fn write(&self, share: u64, masks: &[u64], bytes: &mut Vec<u8>) -> io::Result<()> {
        bytes.clear();
        for m in masks {
            bytes.extend_from_slice(&m.to_le_bytes()[..self.width]);
        }
        write_at(&self.file, bytes, self.offset(share))
    }

    /// Reads the `n` masks of share `share` into `masks` (through `bytes`).
    pub(crate) fn read(
        &self,
        share: u64,
        n: usize,
        masks: &mut Vec<u64>,
        bytes: &mut Vec<u8>,
    ) -> io::Result<()> {
        bytes.clear();
        bytes.resize(n * self.width, 0);
        read_at(&self.file, bytes, self.offset(share))?;
        masks.clear();
        masks.extend(bytes.chunks_exact(self.width).map(|b| {
            let mut word = [0u8; 8];
            word[..b.len()].copy_from_slice(b);
            u64::from_le_bytes(word)
        }));
        Ok(())
    }

    /// Where the masks are.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// A worker's use of a pass's masks, share by share of the old layer: [`Sifting::begin`],
/// then for each state [`Sifting::expands`], [`Sifting::bit`] of each key it makes and
/// [`Sifting::note`] of their bits, then [`Sifting::end`].
pub(crate) struct Sifting<'a> {
    sieve: Option<(&'a Sieve, Sift)>,
    masks: Vec<u64>,
    /// The masks as the file holds them.
    bytes: Vec<u8>,
}

impl<'a> Sifting<'a> {
    pub(crate) fn new(sieve: Option<(&'a Sieve, Sift)>) -> Sifting<'a> {
        Sifting {
            sieve,
            masks: Vec::new(),
            bytes: Vec::new(),
        }
    }

    /// Before the `n` states of share `share`: their masks read, or cleared to be written.
    pub(crate) fn begin(&mut self, share: u64, n: usize) -> Result<(), CountError> {
        match self.sieve {
            Some((s, Sift::Keep(_))) => s
                .read(share, n, &mut self.masks, &mut self.bytes)
                .map_err(|e| io_error(located(s.path(), e))),
            Some((_, Sift::Mark)) => {
                self.masks.clear();
                self.masks.resize(n, 0);
                Ok(())
            }
            None => Ok(()),
        }
    }

    /// Is the share's state `i` to be expanded (not when it makes no key in this pass)?
    #[inline]
    pub(crate) fn expands(&self, i: usize) -> bool {
        match self.sieve {
            Some((_, Sift::Keep(bit))) => self.masks.get(i).is_none_or(|m| m & bit != 0),
            _ => true,
        }
    }

    /// The bit of the pass of a key in part `part` of the hash's range, when the masks are
    /// being written (else 0).
    #[inline]
    pub(crate) fn bit(&self, part: usize) -> u64 {
        match self.sieve {
            Some((s, Sift::Mark)) => s.of_part(part),
            _ => 0,
        }
    }

    /// The mask of the share's state `i`: the bits of its keys.
    #[inline]
    pub(crate) fn note(&mut self, i: usize, mask: u64) {
        if let (Some((_, Sift::Mark)), Some(m)) = (self.sieve, self.masks.get_mut(i)) {
            *m = mask;
        }
    }

    /// After share `share`: its masks written, when they are being written.
    pub(crate) fn end(&mut self, share: u64) -> Result<(), CountError> {
        match self.sieve {
            Some((s, Sift::Mark)) => s
                .write(share, &self.masks, &mut self.bytes)
                .map_err(|e| io_error(located(s.path(), e))),
            _ => Ok(()),
        }
    }
}

impl Drop for Sieve {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(unix)]
fn write_at(file: &File, bytes: &[u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, at)
}

#[cfg(unix)]
fn read_at(file: &File, bytes: &mut [u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, bytes, at)
}

#[cfg(windows)]
fn write_at(file: &File, mut bytes: &[u8], mut at: u64) -> io::Result<()> {
    while !bytes.is_empty() {
        match std::os::windows::fs::FileExt::seek_write(file, bytes, at)? {
            0 => return Err(io::ErrorKind::WriteZero.into()),
            n => {
                bytes = &bytes[n..];
                at += n as u64;
            }
        }
    }
    Ok(())
}

#[cfg(windows)]
fn read_at(file: &File, mut bytes: &mut [u8], mut at: u64) -> io::Result<()> {
    while !bytes.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, bytes, at)? {
            0 => return Err(io::ErrorKind::UnexpectedEof.into()),
            n => {
                bytes = &mut bytes[n..];
                at += n as u64;
            }
        }
    }
    Ok(())
}

#[cfg(not(any(unix, windows)))]
fn write_at(_: &File, _: &[u8], _: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

#[cfg(not(any(unix, windows)))]
fn read_at(_: &File, _: &mut [u8], _: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each part's bit is its pass's, the passes taking the parts left in order: distinct up
    /// to 64 passes, pass 64 is bit 0 again. Masks come back as written, share by share, in any
    /// order, in two bytes up to 16 passes, four up to 32, eight past them (the file's slots
    /// that wide).
    #[test]
    fn masks_come_back_and_parts_name_their_pass() {
        let dir = std::env::temp_dir().join(format!("knightbits-sieve-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("round.sieve");
        // 180 parts left in 90 passes: two a pass.
        let sieve = Sieve::create(path.clone(), 200, 20, 90).unwrap();
        assert_eq!(sieve.of_part(19), 0);
        assert_eq!(sieve.of_part(20), 1);
        assert_eq!(sieve.of_part(21), 1);
        assert_eq!(sieve.of_part(22), 2);
        assert_eq!(sieve.of_part(20 + 2 * 63), 1 << 63);
        assert_eq!(sieve.of_part(20 + 2 * 64), 1);
        drop(sieve);
        for (passes, width, top) in [
            (5, 2, u64::from(u16::MAX)),
            (18, 4, 1 << 17),
            (40, 8, 1 << 39),
        ] {
            let sieve = Sieve::create(path.clone(), 64, 0, passes).unwrap();
            let second: Vec<u64> = (0..FRAME as u64).map(|i| i * 7919 % (top + 1)).collect();
            let mut bytes = Vec::new();
            sieve.write(1, &second, &mut bytes).unwrap();
            sieve.write(0, &[3, 5, top], &mut bytes).unwrap();
            let mut masks = Vec::new();
            sieve.read(1, FRAME, &mut masks, &mut bytes).unwrap();
            assert_eq!(masks, second, "{passes} passes");
            sieve.read(0, 3, &mut masks, &mut bytes).unwrap();
            assert_eq!(masks, [3, 5, top], "{passes} passes");
            let len = fs::metadata(&path).unwrap().len();
            assert_eq!(len, 2 * (width * FRAME) as u64, "{passes} passes");
            drop(sieve);
            assert!(!path.exists(), "the masks go with the round");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
