//! A layer's checkpoint in the counts' one format: one file for a count on threads, or one
//! part a worker for a count across processes, in a folder per round.

use super::{Frontier, Layer, MARK, State};
use crate::checkpoint::{Header, Writer, newest_parts, not_a_checkpoint, part_name, round_dir};
use crate::error::CountError;
use crate::method::Method;
use std::io::Read;
use std::path::Path;

impl Frontier {
    /// The header of `layer`'s checkpoint, as part `part` of `parts`, with `done` finished ways.
    pub(crate) fn header_of(&self, layer: &Layer, done: u128, part: u32, parts: u32) -> Header {
        Header {
            method: Method::Frontier128,
            kind: self.kind,
            board: self.board,
            across: self.across_width(),
            start: self.start,
            round: layer.round,
            part,
            parts,
            done,
            records: layer.len() as u64,
            framed: false,
            modulus: 0,
            key_bits: 64,
        }
    }

    /// Writes `header` and `layer`'s states with their ways to `path` (through `path.tmp`,
    /// renamed when whole).
    fn write(header: &Header, layer: &Layer, path: &Path) -> Result<(), CountError> {
        let io = |e: std::io::Error| CountError::io(path, &e);
        let mut out = Writer::create(path).map_err(io)?;
        for (s, w) in layer.states() {
            out.write(&s.0.to_le_bytes()).map_err(io)?;
            out.write(&w.to_le_bytes()).map_err(io)?;
        }
        out.finish(header, path).map_err(io)
    }

    /// Writes `layer` to `path` (through `path.tmp`, renamed when whole).
    pub(crate) fn save(&self, layer: &Layer, path: &Path) -> Result<(), CountError> {
        Frontier::write(&self.header_of(layer, layer.done, 0, 1), layer, path)
    }

    /// The layer saved at `path` by [`Frontier::save`] for this count, `None` when there is
    /// no file; [`CountError::Checkpoint`] when it is not one of this count's.
    pub(crate) fn resume(&self, path: &Path) -> Result<Option<Layer>, CountError> {
        self.read_part(path, |h| h.parts == 1)
    }

    /// Reads a part of a layer written for this count, if `fits` its header.
    fn read_part(
        &self,
        path: &Path,
        fits: impl Fn(&Header) -> bool,
    ) -> Result<Option<Layer>, CountError> {
        let Some((header, mut input)) = Header::open(path)? else {
            return Ok(None);
        };
        let mine = self.header_of(&Layer::new(0, 0), 0, 0, 1);
        if !header.same_count(&mine) || !fits(&header) || header.round > self.rounds() {
            return Err(CountError::Checkpoint);
        }
        let mut layer = Layer::new(header.round, header.done);
        let mut r = [0u8; 32];
        for _ in 0..header.records {
            input
                .read_exact(&mut r)
                .map_err(|e| not_a_checkpoint(path, e))?;
            let (s, w) = r.split_at(16);
            let word = |x: &[u8]| u128::from_le_bytes(x.try_into().unwrap_or([0; 16]));
            let s = word(s);
            if s & MARK != 0 {
                return Err(CountError::Checkpoint);
            }
            layer
                .add(State(s), word(w))
                .map_err(|_| CountError::Checkpoint)?;
        }
        layer.pack();
        Ok(Some(layer))
    }

    /// Writes worker `index`'s part (of `peers`) of `layer` into `dir`, with the ways of the
    /// tours it finished so far, then removes its part of the layer two rounds back: each
    /// round's parts are in a folder `layer-RRR` of `dir`, a file `part-I-of-N` each.
    pub fn save_part(
        &self,
        dir: &Path,
        layer: &Layer,
        finished: u128,
        index: usize,
        peers: usize,
    ) -> Result<(), CountError> {
        let here = round_dir(dir, layer.round);
        std::fs::create_dir_all(&here).map_err(|e| CountError::io(&here, &e))?;
        let name = part_name(index, peers);
        let header = self.header_of(layer, finished, index as u32, peers as u32);
        Frontier::write(&header, layer, &here.join(&name))?;
        if let Some(old) = layer.round.checked_sub(2) {
            let _ = std::fs::remove_file(round_dir(dir, old).join(&name));
            let _ = std::fs::remove_dir(round_dir(dir, old));
        }
        Ok(())
    }

    /// The parts of the newest complete layer in `dir` that worker `index` of `peers` takes
    /// (every `peers`-th), added into one layer with their finished ways; `None` when no layer
    /// is complete. Any number of workers may resume what any number wrote.
    pub fn resume_part(
        &self,
        dir: &Path,
        index: usize,
        peers: usize,
    ) -> Result<Option<Layer>, CountError> {
        let Some((round, n, parts)) = newest_parts(dir) else {
            return Ok(None);
        };
        let mut layer = Layer::new(round, 0);
        for (w, path) in parts {
            if w % peers != index {
                continue;
            }
            let fits = |h: &Header| (h.part as usize, h.parts as usize, h.round) == (w, n, round);
            let Some(part) = self.read_part(&path, fits)? else {
                return Err(CountError::Checkpoint);
            };
            layer.add_done(part.done())?;
            for (s, ways) in part.states() {
                layer.add(s, ways)?;
            }
        }
        layer.pack();
        Ok(Some(layer))
    }
}
