//! Layer files: a header naming the count, then the states as flat records; written to
//! `PATH.tmp` and renamed, so that a file at its path is always whole. They hold layers out of
//! core and are the count's checkpoint.

use super::Record;
use super::shard::Block;
use crate::board::Board;
use std::fs::{File, rename};
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

/// Records a worker reads from a layer file at once.
const CHUNK: usize = 1 << 12;

/// The first bytes of a layer file.
const MAGIC: &[u8; 8] = b"KBCLSD64";

/// Bytes before the records: magic, width, height, round, closed ways, states.
pub(super) const HEADER_BYTES: u64 = 8 + 4 + 4 + 4 + 16 + 8;

/// A layer file's header.
pub(super) struct Header {
    pub(super) board: Board,
    pub(super) round: u32,
    pub(super) done: u128,
    pub(super) states: u64,
}

impl Header {
    pub(super) fn bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(HEADER_BYTES as usize);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&self.board.width().to_le_bytes());
        b.extend_from_slice(&self.board.height().to_le_bytes());
        b.extend_from_slice(&self.round.to_le_bytes());
        b.extend_from_slice(&self.done.to_le_bytes());
        b.extend_from_slice(&self.states.to_le_bytes());
        b
    }

    pub(super) fn read(input: &mut impl Read) -> io::Result<Header> {
        let mut b = [0u8; HEADER_BYTES as usize];
        input.read_exact(&mut b)?;
        let bad = || io::Error::new(io::ErrorKind::InvalidData, "not a layer file");
        let (magic, rest) = b.split_at(8);
        if magic != MAGIC {
            return Err(bad());
        }
        let u32_at = |i: usize| {
            rest.get(i..i + 4)
                .and_then(|x| x.try_into().ok())
                .map(u32::from_le_bytes)
        };
        let (w, h, round) = (u32_at(0), u32_at(4), u32_at(8));
        let done = rest
            .get(12..28)
            .and_then(|x| x.try_into().ok())
            .map(u128::from_le_bytes);
        let states = rest
            .get(28..36)
            .and_then(|x| x.try_into().ok())
            .map(u64::from_le_bytes);
        match (w, h, round, done, states) {
            (Some(w), Some(h), Some(round), Some(done), Some(states)) => Ok(Header {
                board: Board::new(w, h).map_err(|_| bad())?,
                round,
                done,
                states,
            }),
            _ => Err(bad()),
        }
    }
}

/// A layer file being written: `path.tmp`, renamed to `path` by [`LayerFile::finish`].
pub(super) struct LayerFile {
    out: BufWriter<File>,
    tmp: PathBuf,
}

impl LayerFile {
    pub(super) fn create(path: PathBuf) -> io::Result<LayerFile> {
        let mut tmp = path.into_os_string();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let mut out = BufWriter::with_capacity(1 << 18, File::create(&tmp)?);
        out.write_all(&[0; HEADER_BYTES as usize])?;
        Ok(LayerFile { out, tmp })
    }

    pub(super) fn write(&mut self, records: &[Record]) -> io::Result<()> {
        for &[k, w] in records {
            self.out.write_all(&k.to_le_bytes())?;
            self.out.write_all(&w.to_le_bytes())?;
        }
        Ok(())
    }

    pub(super) fn finish(self, header: &Header, path: &Path) -> io::Result<()> {
        let mut file = self.out.into_inner().map_err(|e| e.into_error())?;
        file.seek(SeekFrom::Start(0))?;
        file.write_all(&header.bytes())?;
        file.sync_all()?;
        drop(file);
        rename(&self.tmp, path)
    }
}

/// Every record of a layer file, in order.
pub(super) fn read_records(path: &Path, each: &mut dyn FnMut(Record)) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 18, File::open(path)?);
    let header = Header::read(&mut input)?;
    let mut b = [0u8; 16];
    for _ in 0..header.states {
        input.read_exact(&mut b)?;
        each(record(&b));
    }
    Ok(())
}

/// Where a round reads the old layer from: shards in memory, each freed once expanded, or a
/// file read a chunk at a time (again in each pass).
pub(super) enum Source {
    Memory(Mutex<Vec<Block>>),
    File {
        file: Mutex<File>,
        records: u64,
        next: AtomicU64,
    },
}

impl Source {
    pub(super) fn rewind(&self) {
        if let Source::File { next, .. } = self {
            next.store(0, Ordering::Relaxed);
        }
    }

    /// The next share of records into `chunk`; false once every record was handed out.
    pub(super) fn next(&self, chunk: &mut Block, bytes: &mut Vec<u8>) -> io::Result<bool> {
        match self {
            Source::Memory(shards) => {
                let shard = shards.lock().unwrap_or_else(PoisonError::into_inner).pop();
                match shard {
                    Some(s) => {
                        *chunk = s;
                        Ok(true)
                    }
                    None => Ok(false),
                }
            }
            Source::File {
                file,
                records,
                next,
            } => {
                let i = next.fetch_add(CHUNK as u64, Ordering::Relaxed);
                if i >= *records {
                    return Ok(false);
                }
                let n = (*records - i).min(CHUNK as u64) as usize;
                bytes.resize(n * 16, 0);
                let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
                file.seek(SeekFrom::Start(HEADER_BYTES + i * 16))?;
                file.read_exact(bytes)?;
                drop(file);
                let mut records = Vec::with_capacity(n);
                records.extend(bytes.chunks_exact(16).map(record));
                *chunk = Block::Heap(records);
                Ok(true)
            }
        }
    }
}

/// A record from its 16 bytes.
#[inline]
fn record(b: &[u8]) -> Record {
    let (k, w) = b.split_at(8);
    let word = |x: &[u8]| u64::from_le_bytes(x.try_into().unwrap_or([0; 8]));
    [word(k), word(w)]
}
