//! Where the 64-bit count's layers go between rounds: files of the scratch folder, the
//! checkpoint, and back into memory.

use super::file::{LayerFile, Source, read_records};
use super::shard::Block;
use super::word::Word;
use super::{Layer, STOP_WRITE_STATES, Store, Sweep, file_bytes_of, io_error};
use crate::checkpoint::{HEADER_BYTES, Header};
use crate::error::CountError;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

impl<K: Word> Sweep<K> {
    /// After a stop in round `round`: the old layer (`done` ways, `states` states), still in
    /// memory, goes to the checkpoint, unless that holds this round already or the layer would
    /// take more than about a second to write (the checkpoint then keeps the last one written).
    pub(crate) fn keep(&self, round: u32, done: u128, states: u64, modulus: u8, source: Source<K>) {
        let Some(path) = &self.checkpoint else {
            return;
        };
        let held = matches!(Header::open(path), Ok(Some((h, _))) if h.round >= round);
        if held || states > STOP_WRITE_STATES {
            return;
        }
        if let Some(blocks) = source.into_blocks() {
            let mut layer = Layer {
                round,
                done,
                states,
                modulus,
                store: Store::Memory(blocks),
            };
            // A failed write leaves the last checkpoint, which the stop reports.
            let _ = self.write_layer(&mut layer, path);
        }
    }

    /// The header of the layer file before round `round`.
    pub(crate) fn header(&self, round: u32, done: u128, states: u64) -> Header {
        let board = self.frontier.board();
        Header {
            method: self.method,
            kind: self.kind(),
            board,
            across: self.frontier.across_width(),
            start: self.frontier.start(),
            round,
            part: 0,
            parts: 1,
            done,
            records: states,
            framed: true,
            modulus: 0,
            key_bits: 4 * K::SLOTS,
        }
    }

    /// The header of `layer`'s file.
    pub(crate) fn header_of(&self, layer: &Layer<K>) -> Header {
        Header {
            modulus: layer.modulus,
            ..self.header(layer.round, layer.done, layer.states)
        }
    }

    /// Where the layer before round `round` goes out of core: the checkpoint when there is
    /// one, else a file of the scratch folder.
    pub(crate) fn layer_path(&self, round: u32) -> PathBuf {
        match &self.checkpoint {
            Some(path) => path.clone(),
            None => self.scratch.join(format!(
                "knightbits-{}-{}x{}-{}-{round}.layer",
                std::process::id(),
                self.frontier.board().width(),
                self.frontier.board().height(),
                self.kind().name()
            )),
        }
    }

    /// Fails unless the folder of the layer files has room for a layer of `states` states, in
    /// bytes a state as in the file `like` (a quarter more), or [`file_bytes_of`].
    pub(crate) fn room_on_disk(&self, states: u64, like: Option<&Path>) -> Result<(), CountError> {
        let path = self.layer_path(0);
        let dir = path.parent().unwrap_or(&self.scratch);
        let measured = like.and_then(|p| {
            let (header, _) = Header::open(p).ok()??;
            let len = fs::metadata(p).ok()?.len();
            (header.records > 1 << 16).then(|| len as f64 / header.records as f64 * 1.25)
        });
        let per_state = measured.unwrap_or(file_bytes_of::<K>() as f64);
        let needed = HEADER_BYTES + (states as f64 * per_state) as u64;
        match crate::workers::available_disk(dir) {
            Some(available) if available < needed => Err(CountError::NoRoom { needed, available }),
            _ => Ok(()),
        }
    }

    /// Writes a layer held in memory to its file and returns it there.
    pub(crate) fn spill(&self, mut layer: Layer<K>) -> Result<Layer<K>, CountError> {
        self.room_on_disk(layer.states, None)?;
        let path = self.layer_path(layer.round);
        self.write_layer(&mut layer, &path).map_err(io_error)?;
        Ok(Layer {
            store: Store::File(path),
            ..layer
        })
    }

    /// Writes a layer held in memory to `path` (through `path.tmp`, renamed when complete).
    pub(crate) fn write_layer(&self, layer: &mut Layer<K>, path: &Path) -> io::Result<()> {
        self.write_layer_to(layer, path)
            .map_err(|e| crate::error::located(path, e))
    }

    pub(crate) fn write_layer_to(&self, layer: &mut Layer<K>, path: &Path) -> io::Result<()> {
        if let Store::Memory(blocks) = &mut layer.store {
            let mut w = LayerFile::create(path.to_path_buf())?;
            w.write::<K>(
                blocks.iter_mut().map(Block::get_mut).collect(),
                self.threads,
            )?;
            w.finish(&self.header_of(layer), path)?;
        }
        Ok(())
    }

    /// The layer of the checkpoint, if there is one.
    pub(crate) fn resume(&self) -> Result<Option<Layer<K>>, CountError> {
        let Some(path) = &self.checkpoint else {
            return Ok(None);
        };
        let Some((header, _)) = Header::open(path)? else {
            return Ok(None);
        };
        let mine = self.header(0, 0, 0);
        if !header.same_count(&mine)
            || header.parts != 1
            || header.round > self.frontier.rounds()
            || !self.takes(header.modulus)
        {
            return Err(CountError::Checkpoint);
        }
        Ok(Some(Layer {
            round: header.round,
            done: header.done,
            states: header.records,
            modulus: header.modulus,
            store: Store::File(path.clone()),
        }))
    }
}

/// Reads a layer file into memory.
pub(crate) fn load<K: Word>(layer: Layer<K>) -> Result<Layer<K>, CountError> {
    let Store::File(path) = &layer.store else {
        return Ok(layer);
    };
    let mut block = Block::zeroed(layer.states as usize);
    let mut slots = block.get_mut().iter_mut();
    read_records::<K>(path, &mut |r| {
        if let Some(s) = slots.next() {
            *s = r;
        }
    })
    .map_err(io_error)?;
    Ok(Layer {
        store: Store::Memory(std::vec![block]),
        ..layer
    })
}
