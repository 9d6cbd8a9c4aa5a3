//! Which passes of a round out of core each old state's keys fall in. A round whose old layer
//! is read from disk in several passes reads and expands the whole layer in each, keeping the
//! new keys of one range of the hash's parts; most states make no key in a given pass (a
//! state makes a few keys, spread over all the passes). So the round's first pass, which
//! expands every state, writes for each one a mask of the passes its keys fall in (pass `p`
//! is bit `p mod 16`) to a file beside the layer, a slot of [`FRAME`] masks for each share of
//! the layer as the reader hands it out; the later passes read those masks and expand only
//! the states with their pass's bit. BENCHMARKS.md ("Counts out of core: what a pass costs")
//! has what it saves.

use super::file::FRAME;
use super::io_error;
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
    Keep(u16),
}

/// The masks of a round's old states, in a file removed when the round ends.
#[derive(Debug)]
pub(crate) struct Sieve {
    file: File,
    path: PathBuf,
    /// For each part of the hash's range, the bit of the pass that takes it.
    bits: Vec<u16>,
}

impl Sieve {
    /// Where the masks of a round whose next layer goes to `next` are.
    fn path_beside(next: &Path) -> PathBuf {
        let mut at = next.as_os_str().to_owned();
        at.push(".sieve");
        PathBuf::from(at)
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
        let needed = Sieve::bytes(states).saturating_add(next_bytes);
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

    /// Bytes of the file of masks of a layer of `states` states (whole slots; each share
    /// holds at most [`FRAME`] states, most of them that many).
    pub(crate) fn bytes(states: u64) -> u64 {
        states
            .div_ceil(FRAME as u64)
            .saturating_mul(2 * FRAME as u64)
            * 5
            / 4
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
        let mut bits = vec![0u16; parts];
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
        Ok(Sieve { file, path, bits })
    }

    /// The bit of pass `pass` in a mask.
    pub(crate) fn bit(pass: usize) -> u16 {
        1 << (pass % 16)
    }

    /// The bit of the pass that takes part `part` of the hash's range.
    #[inline]
    pub(crate) fn of_part(&self, part: usize) -> u16 {
        self.bits.get(part).copied().unwrap_or(0)
    }

    /// Writes the masks of share `share`.
    pub(crate) fn write(&self, share: u64, masks: &[u16]) -> io::Result<()> {
        let bytes: &[u8] = bytemuck::cast_slice(masks);
        write_at(&self.file, bytes, share * 2 * FRAME as u64)
    }

    /// Reads the `n` masks of share `share` into `masks`.
    pub(crate) fn read(&self, share: u64, n: usize, masks: &mut Vec<u16>) -> io::Result<()> {
        masks.clear();
        masks.resize(n, 0);
        read_at(
            &self.file,
            bytemuck::cast_slice_mut(masks),
            share * 2 * FRAME as u64,
        )
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
    masks: Vec<u16>,
}

impl<'a> Sifting<'a> {
    pub(crate) fn new(sieve: Option<(&'a Sieve, Sift)>) -> Sifting<'a> {
        Sifting {
            sieve,
            masks: Vec::new(),
        }
    }

    /// Before the `n` states of share `share`: their masks read, or cleared to be written.
    pub(crate) fn begin(&mut self, share: u64, n: usize) -> Result<(), CountError> {
        match self.sieve {
            Some((s, Sift::Keep(_))) => s
                .read(share, n, &mut self.masks)
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
    pub(crate) fn bit(&self, part: usize) -> u16 {
        match self.sieve {
            Some((s, Sift::Mark)) => s.of_part(part),
            _ => 0,
        }
    }

    /// The mask of the share's state `i`: the bits of its keys.
    #[inline]
    pub(crate) fn note(&mut self, i: usize, mask: u16) {
        if let (Some((_, Sift::Mark)), Some(m)) = (self.sieve, self.masks.get_mut(i)) {
            *m = mask;
        }
    }

    /// After share `share`: its masks written, when they are being written.
    pub(crate) fn end(&self, share: u64) -> Result<(), CountError> {
        match self.sieve {
            Some((s, Sift::Mark)) => s
                .write(share, &self.masks)
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

    /// Each part's bit is its pass's, the passes taking the parts left in order; masks come
    /// back as written, share by share, in any order.
    #[test]
    fn masks_come_back_and_parts_name_their_pass() {
        let dir = std::env::temp_dir().join(format!("knightbits-sieve-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("round.sieve");
        let sieve = Sieve::create(path.clone(), 64, 10, 18).unwrap();
        // 54 parts left in 18 passes: three a pass; pass 16 is bit 0 again.
        assert_eq!(sieve.of_part(9), 0);
        assert_eq!(sieve.of_part(10), 1);
        assert_eq!(sieve.of_part(12), 1);
        assert_eq!(sieve.of_part(13), 2);
        assert_eq!(sieve.of_part(10 + 3 * 15), 1 << 15);
        assert_eq!(sieve.of_part(10 + 3 * 16), 1);
        assert_eq!(sieve.of_part(63), 2);
        let second: Vec<u16> = (0..FRAME as u16).map(|i| i.wrapping_mul(7919)).collect();
        sieve.write(1, &second).unwrap();
        sieve.write(0, &[3, 5, 7]).unwrap();
        let mut masks = Vec::new();
        sieve.read(1, FRAME, &mut masks).unwrap();
        assert_eq!(masks, second);
        sieve.read(0, 3, &mut masks).unwrap();
        assert_eq!(masks, [3, 5, 7]);
        drop(sieve);
        assert!(!path.exists(), "the masks go with the round");
        let _ = fs::remove_dir_all(&dir);
    }
}
