//! Layer files: the counts' checkpoint format (a header naming the count, then the states as
//! flat 16-byte records, written to `PATH.tmp` and renamed, so that a file at its path is
//! always whole). They hold layers out of core and are the count's checkpoint.

use super::shard::Block;
use super::{Record, io_error};
use crate::count::checkpoint::{HEADER_BYTES, Header, Writer};
use crate::count::error::CountError;
use crate::count::error::located;
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::vec::Vec;

/// Records a worker reads from a layer file at once.
const CHUNK: usize = 1 << 12;

/// A layer file being written (a checkpoint of the counts' one format): `path.tmp`, renamed to
/// `path` by [`LayerFile::finish`].
pub(super) struct LayerFile(Writer, PathBuf);

impl LayerFile {
    pub(super) fn create(path: PathBuf) -> io::Result<LayerFile> {
        match Writer::create(&path) {
            Ok(w) => Ok(LayerFile(w, path)),
            Err(e) => Err(located(&path, e)),
        }
    }

    pub(super) fn write(&mut self, records: &[Record]) -> io::Result<()> {
        // A few records at a time through a small buffer: a shard may hold millions.
        let mut b = [0u8; 16 * 256];
        for chunk in records.chunks(256) {
            for (&[k, w], out) in chunk.iter().zip(b.chunks_exact_mut(16)) {
                out[..8].copy_from_slice(&k.to_le_bytes());
                out[8..].copy_from_slice(&w.to_le_bytes());
            }
            self.0
                .write(&b[..chunk.len() * 16])
                .map_err(|e| located(&self.1, e))?;
        }
        Ok(())
    }

    pub(super) fn finish(self, header: &Header, path: &Path) -> io::Result<()> {
        self.0.finish(header, path).map_err(|e| located(path, e))
    }
}

/// Every record of a layer file, in order.
pub(super) fn read_records(path: &Path, each: &mut dyn FnMut(Record)) -> io::Result<()> {
    read_all(path, each).map_err(|e| located(path, e))
}

fn read_all(path: &Path, each: &mut dyn FnMut(Record)) -> io::Result<()> {
    let mut input = BufReader::with_capacity(1 << 18, File::open(path)?);
    let header = Header::read(&mut input)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not a layer file"))?;
    let mut b = [0u8; 16];
    for _ in 0..header.records {
        input.read_exact(&mut b)?;
        each(record(&b));
    }
    Ok(())
}

/// Where a round reads the old layer from: blocks in memory, kept until the round ends, or a
/// file read a chunk at a time (again in each pass).
pub(super) enum Source {
    /// A layer in memory: its blocks handed out in turn (a stop in the round writes them to
    /// the checkpoint).
    Memory {
        blocks: Vec<Block>,
        next: AtomicUsize,
    },
    File {
        file: Mutex<File>,
        /// The file's path, for errors.
        path: PathBuf,
        records: u64,
        next: AtomicU64,
    },
}

impl Source {
    pub(super) fn memory(blocks: Vec<Block>) -> Source {
        Source::Memory {
            blocks,
            next: AtomicUsize::new(0),
        }
    }

    pub(super) fn rewind(&self) {
        match self {
            Source::Memory { next, .. } => next.store(0, Ordering::Relaxed),
            Source::File { next, .. } => next.store(0, Ordering::Relaxed),
        }
    }

    /// Hands `each` the records of the layer a share at a time, the shares not handed to
    /// another caller, until none is left or `each` fails.
    pub(super) fn each(
        &self,
        mut each: impl FnMut(&[Record]) -> Result<(), CountError>,
    ) -> Result<(), CountError> {
        match self {
            Source::Memory { blocks, next } => {
                while let Some(b) = blocks.get(next.fetch_add(1, Ordering::Relaxed)) {
                    each(b.get())?;
                }
                Ok(())
            }
            Source::File {
                file,
                path,
                records,
                next,
            } => {
                let (mut bytes, mut chunk) = (Vec::new(), Vec::with_capacity(CHUNK));
                loop {
                    let i = next.fetch_add(CHUNK as u64, Ordering::Relaxed);
                    if i >= *records {
                        return Ok(());
                    }
                    let n = (*records - i).min(CHUNK as u64) as usize;
                    bytes.resize(n * 16, 0);
                    let mut file = file.lock().unwrap_or_else(PoisonError::into_inner);
                    file.seek(SeekFrom::Start(HEADER_BYTES + i * 16))
                        .and_then(|_| file.read_exact(&mut bytes))
                        .map_err(|e| io_error(located(path, e)))?;
                    drop(file);
                    chunk.clear();
                    chunk.extend(bytes.chunks_exact(16).map(record));
                    each(&chunk)?;
                }
            }
        }
    }

    /// The blocks of a layer in memory, back.
    pub(super) fn into_blocks(self) -> Option<Vec<Block>> {
        match self {
            Source::Memory { blocks, .. } => Some(blocks),
            Source::File { .. } => None,
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
