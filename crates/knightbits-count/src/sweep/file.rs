//! Layer files: the counts' checkpoint format (a header naming the count, written to
//! `PATH.tmp` and renamed, so that a file at its path is always whole), the states in frames.
//! They hold layers out of core and are the count's checkpoint.
//!
//! A frame is its number of records and its bytes (two `u64`), then its records sorted by key,
//! each the difference from the key before (from 0 in the frame's first) and the ways, both
//! LEB128 varints (a 128-bit key's difference in up to 19 bytes: the header says which keys
//! a file holds). Keys are sorted a million at a time, so that the differences are short
//! (BENCHMARKS.md, "Layer files in frames"). Files of flat 16-byte records, written before
//! frames, are still read.

use super::shard::Block;
use super::word::Word;
use super::{io_error, workers};
use crate::checkpoint::{FRAME_HEADER_BYTES, HEADER_BYTES, Header, Writer};
use crate::error::CountError;
use crate::error::located;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

/// Records in a frame at most, and in a chunk of a file of flat records: what a worker is
/// handed at once.
pub(crate) const FRAME: usize = 1 << 12;

/// Records sorted together before they are cut into frames.
const SORTED: usize = 1 << 20;

/// Bytes of a varint of 64 bits at most.
const VARINT_BYTES: usize = 10;

/// Bytes of a varint of 128 bits at most.
const WIDE_VARINT_BYTES: usize = 19;

/// A layer file being written (a checkpoint of the counts' one format): `path.tmp`, renamed to
/// `path` by [`LayerFile::finish`].
pub(crate) struct LayerFile(Writer, PathBuf);

impl LayerFile {
    pub(crate) fn create(path: PathBuf) -> io::Result<LayerFile> {
        match Writer::create(&path) {
            Ok(w) => Ok(LayerFile(w, path)),
            Err(e) => Err(located(&path, e)),
        }
    }

    /// Goes on writing the layer file to `path` that a count stopped or killed in a round left
    /// unfinished, after its first `len` bytes ([`LayerFile::flush`]'s answer then).
    pub(crate) fn resume(path: PathBuf, len: u64) -> io::Result<LayerFile> {
        match Writer::resume(&path, len) {
            Ok(w) => Ok(LayerFile(w, path)),
            Err(e) => Err(located(&path, e)),
        }
    }

    /// Puts every frame appended so far on disk and returns the file's bytes.
    pub(crate) fn flush(&mut self) -> io::Result<u64> {
        let LayerFile(writer, path) = self;
        writer.flush().map_err(|e| located(path, e))
    }

    /// Appends `pieces` as frames, sorted by key in place a million records at a time, on
    /// `threads` threads (whose frames interleave) when there are more than a million.
    pub(crate) fn write<K: Word>(
        &mut self,
        pieces: Vec<&mut [K::Record]>,
        threads: usize,
    ) -> io::Result<()> {
        let records: usize = pieces.iter().map(|p| p.len()).sum();
        let pieces = pieces.into_iter().flat_map(|p| p.chunks_mut(SORTED));
        let queue = Mutex::new(pieces.collect::<Vec<_>>());
        let LayerFile(writer, path) = self;
        let writer = Mutex::new(writer);
        let work = |_| {
            let mut bytes = Vec::new();
            loop {
                let Some(piece) = queue.lock().unwrap_or_else(PoisonError::into_inner).pop() else {
                    return Ok(());
                };
                piece.sort_unstable_by_key(K::key);
                for frame in piece.chunks(FRAME) {
                    bytes.clear();
                    encode::<K>(frame, &mut bytes);
                    let mut w = writer.lock().unwrap_or_else(PoisonError::into_inner);
                    w.write(&bytes)?;
                }
            }
        };
        let written: io::Result<()> = match records > SORTED && threads > 1 {
            true => workers::map((0..threads).collect(), work)
                .into_iter()
                .collect(),
            false => work(0),
        };
        written.map_err(|e| located(path, e))
    }

    pub(crate) fn finish(self, header: &Header, path: &Path) -> io::Result<()> {
        self.0.finish(header, path).map_err(|e| located(path, e))
    }
}

/// Appends a frame of `records` (sorted by key) to `out`.
fn encode<K: Word>(records: &[K::Record], out: &mut Vec<u8>) {
    let at = out.len();
    out.extend_from_slice(&[0; FRAME_HEADER_BYTES as usize]);
    let mut key = K::ZERO;
    for r in records {
        let k = K::key(r);
        if K::SLOTS == 16 {
            varint(out, k.low() - key.low());
        } else {
            wide_varint(out, k.to_u128() - key.to_u128());
        }
        varint(out, K::ways(r));
        key = k;
    }
    let bytes = (out.len() - at) as u64 - FRAME_HEADER_BYTES;
    out[at..at + 8].copy_from_slice(&(records.len() as u64).to_le_bytes());
    out[at + 8..at + 16].copy_from_slice(&bytes.to_le_bytes());
}

/// Appends `x` as a LEB128 varint: seven bits a byte, the lowest first, the top bit set on
/// every byte but the last.
#[inline]
fn varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Appends `x` as a LEB128 varint of up to 128 bits.
#[inline]
fn wide_varint(out: &mut Vec<u8>, mut x: u128) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// The varint of up to 128 bits at the start of `bytes` and the bytes after it; `None` past
/// the end or past 128 bits.
#[inline]
fn read_wide_varint(bytes: &[u8]) -> Option<(u128, &[u8])> {
    let mut x = 0u128;
    for (i, &b) in bytes.iter().enumerate().take(WIDE_VARINT_BYTES) {
        if i == WIDE_VARINT_BYTES - 1 && b > 3 {
            return None;
        }
        x |= u128::from(b & 0x7f) << (7 * i);
        if b < 0x80 {
            return Some((x, bytes.get(i + 1..).unwrap_or_default()));
        }
    }
    None
}

/// The varint at the start of `bytes` and the bytes after it; `None` past the end or past 64
/// bits.
#[inline]
fn read_varint(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let mut x = 0u64;
    for (i, &b) in bytes.iter().enumerate().take(VARINT_BYTES) {
        let bits = u64::from(b & 0x7f);
        if i == VARINT_BYTES - 1 && b > 1 {
            return None;
        }
        x |= bits << (7 * i);
        if b < 0x80 {
            return Some((x, bytes.get(i + 1..).unwrap_or_default()));
        }
    }
    None
}

/// The error of a layer file that does not hold what its header says.
fn corrupt() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "not a whole layer file")
}

/// A layer file read from its start, a frame (or, in a file of flat records, a chunk) at a
/// time, straight from the file (two reads a frame).
pub(crate) struct Reader {
    input: File,
    /// Records not yet read.
    left: u64,
    records: u64,
    framed: bool,
    /// Bits of the file's keys.
    key_bits: u32,
    /// Frames (or chunks) read since the first record.
    shares: u64,
}

/// The bytes of a frame: its records, whether they are in a frame or flat, and the bytes.
#[derive(Default)]
struct Frame {
    records: u64,
    framed: bool,
    bytes: Vec<u8>,
}

impl Frame {
    /// The records into `out` (cleared first).
    fn decode<K: Word>(&self, out: &mut Vec<K::Record>) -> io::Result<()> {
        out.clear();
        if !self.framed {
            let flat = self.bytes.chunks_exact(16).map(record);
            out.extend(flat.map(|[k, w]| K::record(from_u64::<K>(k), w)));
            return Ok(());
        }
        let mut rest = &self.bytes[..];
        if K::SLOTS == 16 {
            let mut key = 0u64;
            for _ in 0..self.records {
                let (d, r) = read_varint(rest).ok_or_else(corrupt)?;
                let (w, r) = read_varint(r).ok_or_else(corrupt)?;
                key = key.checked_add(d).ok_or_else(corrupt)?;
                out.push(K::record(from_u64::<K>(key), w));
                rest = r;
            }
        } else {
            let mut key = 0u128;
            for _ in 0..self.records {
                let (d, r) = read_wide_varint(rest).ok_or_else(corrupt)?;
                let (w, r) = read_varint(r).ok_or_else(corrupt)?;
                key = key.checked_add(d).ok_or_else(corrupt)?;
                out.push(K::record(K::from_u128(key).ok_or_else(corrupt)?, w));
                rest = r;
            }
        }
        match rest.is_empty() {
            true => Ok(()),
            false => Err(corrupt()),
        }
    }
}

impl Reader {
    /// The layer file at `path`, of keys of `key_bits` bits (a file of other keys is not one of
    /// this count's layers).
    fn open(path: &Path, key_bits: u32) -> io::Result<Reader> {
        let mut input = File::open(path)?;
        let header = Header::read(&mut input).map_err(|_| corrupt())?;
        if header.key_bits != key_bits {
            return Err(corrupt());
        }
        Ok(Reader {
            input,
            left: header.records,
            records: header.records,
            framed: header.framed,
            key_bits,
            shares: 0,
        })
    }

    /// Back to the first record.
    fn rewind(&mut self) -> io::Result<()> {
        self.input.seek(SeekFrom::Start(HEADER_BYTES))?;
        self.left = self.records;
        self.shares = 0;
        Ok(())
    }

    /// The next frame's bytes into `frame`; false after the last. A file that ends before its
    /// records do is not a whole layer file.
    fn next(&mut self, frame: &mut Frame) -> io::Result<bool> {
        self.read(frame).map_err(|e| match e.kind() {
            io::ErrorKind::UnexpectedEof => corrupt(),
            _ => e,
        })
    }

    fn read(&mut self, frame: &mut Frame) -> io::Result<bool> {
        if self.left == 0 {
            return Ok(false);
        }
        frame.framed = self.framed;
        let len = if self.framed {
            let mut head = [0u8; FRAME_HEADER_BYTES as usize];
            self.input.read_exact(&mut head)?;
            let (n, len) = head.split_at(8);
            let word = |x: &[u8]| u64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
            let (n, len) = (word(n), word(len));
            // At most FRAME records of at most two varints each.
            let most = match self.key_bits {
                64 => 2 * VARINT_BYTES,
                _ => WIDE_VARINT_BYTES + VARINT_BYTES,
            };
            if n == 0 || n > self.left || n > FRAME as u64 || len > n * most as u64 {
                return Err(corrupt());
            }
            frame.records = n;
            len
        } else {
            frame.records = self.left.min(FRAME as u64);
            frame.records * 16
        };
        frame.bytes.resize(len as usize, 0);
        self.input.read_exact(&mut frame.bytes)?;
        self.left -= frame.records;
        self.shares += 1;
        Ok(true)
    }
}

/// Every record of a layer file of keys `K`.
pub(crate) fn read_records<K: Word>(
    path: &Path,
    each: &mut dyn FnMut(K::Record),
) -> io::Result<()> {
    read_all::<K>(path, each).map_err(|e| located(path, e))
}

fn read_all<K: Word>(path: &Path, each: &mut dyn FnMut(K::Record)) -> io::Result<()> {
    let mut reader = Reader::open(path, 4 * K::SLOTS)?;
    let (mut frame, mut records) = (Frame::default(), Vec::new());
    while reader.next(&mut frame)? {
        frame.decode::<K>(&mut records)?;
        records.iter().for_each(|&r| each(r));
    }
    Ok(())
}

/// Where a round reads the old layer from: blocks in memory, kept until the round ends, or a
/// file read a frame at a time (again in each pass).
pub(crate) enum Source<K: Word> {
    /// A layer in memory: its blocks handed out in turn (a stop in the round writes them to
    /// the checkpoint).
    Memory {
        blocks: Vec<Block<K::Record>>,
        next: AtomicUsize,
    },
    File {
        reader: Mutex<Reader>,
        /// The file's path, for errors.
        path: PathBuf,
    },
}

impl<K: Word> Source<K> {
    pub(crate) fn memory(blocks: Vec<Block<K::Record>>) -> Source<K> {
        Source::Memory {
            blocks,
            next: AtomicUsize::new(0),
        }
    }

    /// The layer file at `path`.
    pub(crate) fn file(path: PathBuf) -> Result<Source<K>, CountError> {
        let reader = Reader::open(&path, 4 * K::SLOTS).map_err(|e| io_error(located(&path, e)))?;
        Ok(Source::File {
            reader: Mutex::new(reader),
            path,
        })
    }

    pub(crate) fn rewind(&self) -> Result<(), CountError> {
        match self {
            Source::Memory { next, .. } => next.store(0, Ordering::Relaxed),
            Source::File { reader, path } => reader
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .rewind()
                .map_err(|e| io_error(located(path, e)))?,
        }
        Ok(())
    }

    /// Hands `each` the records of the layer a share at a time, the shares not handed to
    /// another caller, until none is left or `each` fails.
    pub(crate) fn each(
        &self,
        mut each: impl FnMut(&[K::Record]) -> Result<(), CountError>,
    ) -> Result<(), CountError> {
        self.each_numbered(|_, records| each(records))
    }

    /// [`Source::each`], with each share's number from 0 (a file's frame, a block in memory):
    /// the same share has the same number after every [`Source::rewind`].
    pub(crate) fn each_numbered(
        &self,
        mut each: impl FnMut(u64, &[K::Record]) -> Result<(), CountError>,
    ) -> Result<(), CountError> {
        match self {
            Source::Memory { blocks, next } => loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(b) = blocks.get(i) else {
                    return Ok(());
                };
                each(i as u64, b.get())?;
            },
            Source::File { reader, path } => {
                let (mut frame, mut records) = (Frame::default(), Vec::with_capacity(FRAME));
                let located = |e| io_error(located(path, e));
                loop {
                    // Read under the lock, decoded outside it.
                    let mut r = reader.lock().unwrap_or_else(PoisonError::into_inner);
                    let more = r.next(&mut frame);
                    let share = r.shares.wrapping_sub(1);
                    drop(r);
                    if !more.map_err(located)? {
                        return Ok(());
                    }
                    frame.decode::<K>(&mut records).map_err(located)?;
                    each(share, &records)?;
                }
            }
        }
    }

    /// The blocks of a layer in memory, back.
    pub(crate) fn into_blocks(self) -> Option<Vec<Block<K::Record>>> {
        match self {
            Source::Memory { blocks, .. } => Some(blocks),
            Source::File { .. } => None,
        }
    }
}

/// A 64-bit key as a key of `K`.
#[inline]
fn from_u64<K: Word>(k: u64) -> K {
    K::from_u128(u128::from(k)).unwrap_or(K::ZERO)
}

/// A flat record (64-bit key, ways) from its 16 bytes.
#[inline]
fn record(b: &[u8]) -> [u64; 2] {
    let (k, w) = b.split_at(8);
    let word = |x: &[u8]| u64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
    [word(k), word(w)]
}

#[cfg(test)]
mod tests {
    use super::super::shard::hash;
    use super::*;
    use crate::checkpoint::save;
    use crate::method::{Kind, Method};
    use crate::sweep::Record;
    use knightbits_board::Board;
    use std::fs;

    fn header(records: u64, framed: bool) -> Header {
        Header {
            method: Method::Sweep,
            kind: Kind::Closed,
            board: Board::new(8, 8).unwrap(),
            across: 8,
            start: None,
            round: 9,
            part: 0,
            parts: 1,
            done: 0,
            records,
            framed,
            modulus: 0,
            key_bits: 64,
        }
    }

    /// `n` records of distinct keys (0 and the largest among them) and ways of every length.
    fn records(n: u64) -> Vec<Record> {
        let mut r: Vec<Record> = (0..n)
            .map(|i| [hash(i) >> (i % 24), 1 + (hash(!i) >> (i % 64))])
            .collect();
        r[0] = [0, u64::MAX];
        r[1] = [u64::MAX, 1];
        r.sort_unstable();
        r.dedup_by_key(|r| r[0]);
        r
    }

    fn sorted(mut r: Vec<Record>) -> Vec<Record> {
        r.sort_unstable();
        r
    }

    fn read(path: &Path) -> io::Result<Vec<Record>> {
        let mut all = Vec::new();
        read_records::<u64>(path, &mut |r| all.push(r))?;
        Ok(all)
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("knightbits-file-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Records written in pieces of several sizes (one past a million, sorted in two parts)
    /// on two threads come back, read whole and by two workers twice over (rewound), the same
    /// records, none twice; the frames take fewer bytes than flat records would.
    #[test]
    fn frames_give_back_what_was_written() {
        let dir = scratch("frames");
        let path = dir.join("a.layer");
        let all = records((1 << 20) + 5000);
        let mut copy = all.clone();
        let (a, rest) = copy.split_at_mut(3);
        let (b, c) = rest.split_at_mut(70_000);
        let mut w = LayerFile::create(path.clone()).unwrap();
        w.write::<u64>(std::vec![a, b, c, &mut []], 2).unwrap();
        w.finish(&header(all.len() as u64, true), &path).unwrap();
        assert_eq!(sorted(read(&path).unwrap()), all);
        let len = fs::metadata(&path).unwrap().len();
        assert!(len < HEADER_BYTES + 16 * all.len() as u64, "{len} bytes");
        let source = Source::<u64>::file(path.clone()).unwrap();
        for _ in 0..2 {
            source.rewind().unwrap();
            let got = Mutex::new(Vec::new());
            workers::map(std::vec![0, 1], |_| {
                source.each(|r| {
                    got.lock().unwrap().extend_from_slice(r);
                    Ok(())
                })
            })
            .into_iter()
            .for_each(|r| r.unwrap());
            assert_eq!(sorted(got.into_inner().unwrap()), all);
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// A file of flat 16-byte records (as written before frames) is read as it was.
    #[test]
    fn flat_files_are_still_read() {
        let dir = scratch("flat");
        let path = dir.join("a.layer");
        let all = records(10_000);
        let bytes: Vec<u8> = all
            .iter()
            .flat_map(|&[k, w]| k.to_le_bytes().into_iter().chain(w.to_le_bytes()))
            .collect();
        save(&path, &header(all.len() as u64, false), &bytes).unwrap();
        assert_eq!(read(&path).unwrap(), all);
        let _ = fs::remove_dir_all(&dir);
    }

    /// A framed file cut short anywhere, or with a frame's count, length or a varint spoilt,
    /// fails to read with an error naming the file: never a panic, never wrong records.
    #[test]
    fn damaged_frames_are_refused() {
        let dir = scratch("damaged");
        let path = dir.join("a.layer");
        let all = records(9000);
        let mut copy = all.clone();
        let mut w = LayerFile::create(path.clone()).unwrap();
        w.write::<u64>(std::vec![&mut copy[..]], 1).unwrap();
        w.finish(&header(all.len() as u64, true), &path).unwrap();
        let whole = fs::read(&path).unwrap();
        let at = HEADER_BYTES as usize;
        let mut spoilt: Vec<Vec<u8>> = [1, 17, 100, whole.len() - at - 1]
            .iter()
            .map(|&cut| whole[..whole.len() - cut].to_vec())
            .collect();
        // The first frame's count (4096 = 0x1000) made 0, 4351 and 3840; its length spoilt.
        for (i, x) in [
            (at + 1, 0u8),
            (at, 0xff),
            (at + 1, 0x0f),
            (at + 8, 0xff),
            (at + 9, 0x7f),
        ] {
            let mut b = whole.clone();
            b[i] = x;
            spoilt.push(b);
        }
        let mut b = whole.clone();
        b[at + 16..at + 16 + 11].fill(0xff);
        spoilt.push(b);
        for (i, b) in spoilt.iter().enumerate() {
            fs::write(&path, b).unwrap();
            match read(&path) {
                Ok(r) => panic!("damage {i} read as {} records", r.len()),
                Err(e) => assert!(
                    e.to_string().contains("a.layer")
                        && e.to_string().contains("not a whole layer file"),
                    "{e}"
                ),
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }

    /// Varints of every bit length, and of the ends of each byte's range, come back as they
    /// went in; a varint that runs past 64 bits or past its bytes is refused.
    #[test]
    fn varints_come_back() {
        let mut xs = std::vec![0u64, 1, 0x7f, 0x80, 0x3fff, 0x4000, u64::MAX, u64::MAX - 1];
        xs.extend((0..64).map(|b| 1u64 << b));
        xs.extend((1..64).map(|b| (1u64 << b) - 1));
        for x in xs {
            let mut b = Vec::new();
            varint(&mut b, x);
            assert_eq!(
                b.len(),
                (64 - x.leading_zeros()).max(1).div_ceil(7) as usize
            );
            assert_eq!(read_varint(&b), Some((x, &[][..])), "{x}");
            assert_eq!(read_varint(&b[..b.len() - 1]), None, "{x} cut short");
        }
        assert_eq!(
            read_varint(&[0xff; 9].iter().chain(&[2]).copied().collect::<Vec<_>>()),
            None
        );
        assert_eq!(read_varint(&[0x80; 11]), None);
    }
}
