//! The one checkpoint format of every count: a 64-byte header naming the count (method, kind,
//! board, start, sweep) and how far it has come (round or unit, finished ways, part of a layer
//! held by several workers), then the method's records, little-endian: of a fixed size, or (the
//! 64-bit frontier's layers) in frames of their own length. Files are written to `PATH.tmp`,
//! synced and renamed, so a file at its path is always whole. Layers that the 64-bit count puts
//! out of core are files of the same format.

use super::error::CountError;
use super::method::{Kind, Method};
use knightbits_board::Board;
use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::vec::Vec;

/// The first bytes of a checkpoint.
const MAGIC: &[u8; 8] = b"KBCOUNT2";

/// Bytes before the records.
pub(crate) const HEADER_BYTES: u64 = 64;

/// Bytes of a frame's header: its records and its bytes after the header.
pub(crate) const FRAME_HEADER_BYTES: u64 = 16;

/// A checkpoint's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) method: Method,
    pub(crate) kind: Kind,
    pub(crate) board: Board,
    /// Squares across the sweep (the frontier methods), or 0.
    pub(crate) across: u32,
    /// The start of open tours from one square (the method's own index of it).
    pub(crate) start: Option<u32>,
    /// Rounds (frontier methods) or units (meet in the middle) done.
    pub(crate) round: u32,
    /// This file's part of the layer, of `parts` (several workers each write their own).
    pub(crate) part: u32,
    pub(crate) parts: u32,
    /// Ways of the tours finished so far.
    pub(crate) done: u128,
    /// Records after the header.
    pub(crate) records: u64,
    /// The records are in frames of their own length (the 64-bit frontier's layers; its
    /// earlier files of 16-byte records are still read).
    pub(crate) framed: bool,
    /// The sweep's ways: exact (0), or residues modulo the `residue` module's prime
    /// `modulus - 1`. The byte after the record size, 0 in files written before.
    pub(crate) modulus: u8,
    /// Bits of the sweep's keys in frames: 64 (boards up to 8 across), or 128. The record
    /// size's byte of a framed file says which: 0 for 64 (as in every file written before),
    /// 1 for 128. 64 for every other file.
    pub(crate) key_bits: u32,
}

impl Header {
    /// Bytes a record of the method takes: a 64-bit key and its ways, a 128-bit state and its
    /// ways, or a unit's tours.
    pub(crate) fn record_bytes(method: Method) -> u64 {
        match method {
            Method::Sweep | Method::Split | Method::MeetInTheMiddle => 16,
            Method::Frontier128 => 32,
        }
    }

    /// Is `other` a checkpoint of the same count (whatever its progress)?
    pub(crate) fn same_count(&self, other: &Header) -> bool {
        (self.method, self.kind, self.board, self.across, self.start)
            == (
                other.method,
                other.kind,
                other.board,
                other.across,
                other.start,
            )
            && (self.key_bits == other.key_bits || !(self.framed && other.framed))
    }

    fn bytes(&self) -> [u8; HEADER_BYTES as usize] {
        let mut b = [0u8; HEADER_BYTES as usize];
        let words = [
            self.board.width(),
            self.board.height(),
            self.across,
            self.start.unwrap_or(u32::MAX),
            self.round,
            self.part,
            self.parts,
        ];
        let mut at = 0;
        let mut put = |x: &[u8]| {
            b[at..at + x.len()].copy_from_slice(x);
            at += x.len();
        };
        put(MAGIC);
        put(&[method_code(self.method), self.kind as u8]);
        // 0 for records in frames of 64-bit keys, 1 for frames of 128-bit keys.
        let size = match (self.framed, self.key_bits) {
            (true, 128) => 1,
            (true, _) => 0,
            (false, _) => Header::record_bytes(self.method),
        };
        put(&[size as u8, self.modulus]);
        for w in words {
            put(&w.to_le_bytes());
        }
        put(&self.done.to_le_bytes());
        put(&self.records.to_le_bytes());
        b
    }

    /// Reads a header; [`CountError::Checkpoint`] for anything that is not one.
    pub(crate) fn read(input: &mut impl Read) -> Result<Header, CountError> {
        let mut b = [0u8; HEADER_BYTES as usize];
        input
            .read_exact(&mut b)
            .map_err(|e| not_a_checkpoint(Path::new(""), e))?;
        let bad = CountError::Checkpoint;
        let u32_at = |i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
        if &b[..8] != MAGIC {
            return Err(bad);
        }
        let method = match b[8] {
            0 => Method::MeetInTheMiddle,
            1 => Method::Frontier128,
            2 => Method::Sweep,
            3 => Method::Split,
            _ => return Err(bad),
        };
        let kind = match b[9] {
            0 => Kind::Closed,
            1 => Kind::Open,
            _ => return Err(bad),
        };
        let size = u64::from(b[10]);
        let modulus = b[11];
        let framed = size <= 1 && matches!(method, Method::Sweep | Method::Split);
        let key_bits = if framed && size == 1 { 128 } else { 64 };
        if size != Header::record_bytes(method) && !framed {
            return Err(bad);
        }
        let board = Board::new(u32_at(12), u32_at(16)).map_err(|_| bad)?;
        let start = Some(u32_at(24)).filter(|&s| s != u32::MAX);
        let mut done = [0u8; 16];
        done.copy_from_slice(&b[40..56]);
        let mut records = [0u8; 8];
        records.copy_from_slice(&b[56..64]);
        Ok(Header {
            method,
            kind,
            board,
            across: u32_at(20),
            start,
            round: u32_at(28),
            part: u32_at(32),
            parts: u32_at(36),
            done: u128::from_le_bytes(done),
            records: u64::from_le_bytes(records),
            framed,
            modulus,
            key_bits,
        })
    }

    /// The header of the file at `path` with the reader placed at its first record, checking
    /// that the file holds exactly its records (at least a frame's header each, when framed);
    /// `None` when there is no file.
    pub(crate) fn open(path: &Path) -> Result<Option<(Header, BufReader<File>)>, CountError> {
        let file = match File::open(path) {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(CountError::io(path, &e)),
        };
        let len = file.metadata().map_err(|e| CountError::io(path, &e))?.len();
        let mut input = BufReader::with_capacity(1 << 18, file);
        let header = Header::read(&mut input).map_err(|e| match e {
            CountError::Io { kind, message, .. } => CountError::Io {
                path: path.to_path_buf(),
                kind,
                message,
            },
            e => e,
        })?;
        let whole = match header.framed {
            // Frames are read to their end: here only that the file is not shorter than one.
            true => len >= HEADER_BYTES + header.records.min(1) * FRAME_HEADER_BYTES,
            false => {
                header
                    .records
                    .checked_mul(Header::record_bytes(header.method))
                    .and_then(|n| n.checked_add(HEADER_BYTES))
                    == Some(len)
            }
        };
        if !whole || header.part >= header.parts.max(1) {
            return Err(CountError::Checkpoint);
        }
        Ok(Some((header, input)))
    }
}

fn method_code(method: Method) -> u8 {
    match method {
        Method::MeetInTheMiddle => 0,
        Method::Frontier128 => 1,
        Method::Sweep => 2,
        Method::Split => 3,
    }
}

/// A short file is not a checkpoint; other read errors are errors (of the file at `path`).
pub(crate) fn not_a_checkpoint(path: &Path, e: io::Error) -> CountError {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        CountError::Checkpoint
    } else {
        CountError::io(path, &e)
    }
}

/// A checkpoint being written: `PATH.tmp`, renamed to `PATH` by [`Writer::finish`].
pub(crate) struct Writer {
    out: BufWriter<File>,
    tmp: PathBuf,
}

/// Where a file of `path` is written before it is whole and renamed to `path`: `path.tmp`.
pub(crate) fn unfinished(path: &Path) -> PathBuf {
    with_suffix(path, ".tmp")
}

/// `path` with `suffix` added to its name: the files kept beside a checkpoint or a layer
/// (`PATH.tmp`, `.pass`, `.sieve`, `.residues`, `.bottom`, `.join`).
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

impl Writer {
    pub(crate) fn create(path: &Path) -> io::Result<Writer> {
        let tmp = unfinished(path);
        let mut out = BufWriter::with_capacity(1 << 18, File::create(&tmp)?);
        out.write_all(&[0; HEADER_BYTES as usize])?;
        Ok(Writer { out, tmp })
    }

    /// Goes on writing `path.tmp`, which a writer of `path` left unfinished, after its first
    /// `len` bytes (the rest, if any, is cut off).
    pub(crate) fn resume(path: &Path, len: u64) -> io::Result<Writer> {
        let tmp = unfinished(path);
        let mut file = fs::OpenOptions::new().write(true).open(&tmp)?;
        if file.metadata()?.len() < len.max(HEADER_BYTES) {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "shorter than the passes it held",
            ));
        }
        file.set_len(len)?;
        file.seek(SeekFrom::Start(len))?;
        let out = BufWriter::with_capacity(1 << 18, file);
        Ok(Writer { out, tmp })
    }

    /// Appends records' bytes.
    pub(crate) fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)
    }

    /// Writes out what is buffered and syncs it: the bytes written so far, all on disk.
    pub(crate) fn flush(&mut self) -> io::Result<u64> {
        self.out.flush()?;
        let file = self.out.get_mut();
        file.sync_data()?;
        file.stream_position()
    }

    /// Puts the header in front, syncs the file and renames it to `path`.
    pub(crate) fn finish(self, header: &Header, path: &Path) -> io::Result<()> {
        let mut file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.bytes())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&self.tmp, path)
    }
}

/// Writes a whole checkpoint: `header`, then `records` (their bytes).
pub(crate) fn save(path: &Path, header: &Header, records: &[u8]) -> Result<(), CountError> {
    let io = |e: io::Error| CountError::io(path, &e);
    let mut w = Writer::create(path).map_err(io)?;
    w.write(records).map_err(io)?;
    w.finish(header, path).map_err(io)
}

/// Reads `n` records of `size` bytes each from `input`, the file at `path`.
pub(crate) fn read_records(
    path: &Path,
    input: &mut impl Read,
    n: u64,
    size: usize,
) -> Result<Vec<u8>, CountError> {
    let len = usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_mul(size))
        .ok_or(CountError::Checkpoint)?;
    let mut b = Vec::new();
    input
        .take(len as u64)
        .read_to_end(&mut b)
        .map_err(|e| not_a_checkpoint(path, e))?;
    if b.len() != len {
        return Err(CountError::Checkpoint);
    }
    Ok(b)
}

/// The folder of a layer's parts before round `round`, in a checkpoint folder of a count
/// across workers.
pub(crate) fn round_dir(dir: &Path, round: u32) -> PathBuf {
    dir.join(std::format!("layer-{round:03}"))
}

/// The file of worker `index`'s part (of `peers`) in a round's folder.
pub(crate) fn part_name(index: usize, peers: usize) -> std::string::String {
    std::format!("part-{index}-of-{peers}")
}

/// A layer's parts in a checkpoint folder: its round, the number of parts it was written in,
/// and each part's worker and file.
pub(crate) type Parts = (u32, usize, Vec<(usize, PathBuf)>);

/// The newest complete layer of a checkpoint folder of a count across workers; `None` when no
/// layer has all its parts.
pub(crate) fn newest_parts(dir: &Path) -> Option<Parts> {
    let entries = fs::read_dir(dir).ok()?;
    let mut rounds: Vec<u32> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().to_str()?.strip_prefix("layer-")?.parse().ok())
        .collect();
    rounds.sort_unstable_by(|a, b| b.cmp(a));
    rounds.into_iter().find_map(|round| parts_of(dir, round))
}

/// The parts of the layer before `round` in a checkpoint folder of a count across workers,
/// when it has all of them. A folder may hold parts written by two numbers of workers (a count
/// stopped while writing a layer, resumed by another number of workers, writes that layer
/// again beside the first parts): the parts of the smallest number of workers that wrote all of
/// theirs are the layer, and the others are left alone.
pub(crate) fn parts_of(dir: &Path, round: u32) -> Option<Parts> {
    let entries = fs::read_dir(round_dir(dir, round)).ok()?;
    let mut parts: Vec<(usize, usize, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            let (w, n) = name.strip_prefix("part-")?.split_once("-of-")?;
            Some((n.parse().ok()?, w.parse().ok()?, e.path()))
        })
        .filter(|&(n, w, _)| w < n)
        .collect();
    parts.sort_unstable();
    parts.dedup_by_key(|&mut (n, w, _)| (n, w));
    let n = parts
        .chunk_by(|a, b| a.0 == b.0)
        .find(|group| group.len() == group[0].0)?[0]
        .0;
    let layer = parts
        .into_iter()
        .filter(|p| p.0 == n)
        .map(|(_, w, p)| (w, p))
        .collect();
    Some((round, n, layer))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        crate::tests::fresh_folder("checkpoint", name)
    }

    /// Writes empty part files of the layer before `round`, as `(index, peers)`.
    fn write(dir: &Path, round: u32, parts: &[(usize, usize)]) {
        let layer = round_dir(dir, round);
        fs::create_dir_all(&layer).unwrap();
        for &(index, peers) in parts {
            fs::write(layer.join(part_name(index, peers)), b"").unwrap();
        }
    }

    /// The round, number of workers and worker numbers `newest_parts` finds.
    fn found(dir: &Path) -> Option<(u32, usize, Vec<usize>)> {
        newest_parts(dir).map(|(round, n, parts)| {
            let mut workers: Vec<usize> = parts.iter().map(|p| p.0).collect();
            workers.sort_unstable();
            assert!(
                parts
                    .iter()
                    .all(|(w, p)| *p == round_dir(dir, round).join(part_name(*w, n)))
            );
            (round, n, workers)
        })
    }

    /// Proves a layer is complete when one number of workers wrote all its parts, whatever
    /// other parts lie beside them: parts of 2 and of 3 workers in one folder (a count stopped
    /// while 2 wrote it, resumed by 3), unfinished `.tmp` files and a stray file are passed
    /// over, and a layer no number of workers finished falls back to the layer before it.
    #[test]
    fn a_layer_is_the_parts_one_number_of_workers_finished() {
        let dir = folder("mixed");
        write(&dir, 10, &[(0, 2), (1, 2)]);
        write(&dir, 11, &[(0, 2), (0, 3), (1, 3)]);
        fs::write(round_dir(&dir, 11).join("part-2-of-3.tmp"), b"").unwrap();
        assert_eq!(
            found(&dir),
            Some((10, 2, vec![0, 1])),
            "11: no number finished"
        );
        write(&dir, 11, &[(2, 3)]);
        fs::write(round_dir(&dir, 11).join("notes"), b"").unwrap();
        assert_eq!(
            found(&dir),
            Some((11, 3, vec![0, 1, 2])),
            "3 finished beside 2's part"
        );
        write(&dir, 11, &[(1, 2)]);
        assert_eq!(
            found(&dir),
            Some((11, 2, vec![0, 1])),
            "both finished: the fewer parts"
        );
        write(&dir, 12, &[(0, 1), (3, 2)]);
        assert_eq!(
            found(&dir),
            Some((12, 1, vec![0])),
            "one worker; 3 of 2 is no part"
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
