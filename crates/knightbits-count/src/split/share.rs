//! The split across workers (`knightbits-dist`): the top half is swept as the sweep is across
//! workers, each worker its [`Share`](crate::Share) of every layer by key (with the split's
//! places); the bottom half needs the whole layer at the cut, so every process gathers it from
//! every worker's part ([`Gathering`]) and turns it into its [`BottomHalf`], once per process;
//! each worker then joins its own part of the top half's last layer with that whole bottom
//! half ([`Share::join`](crate::Share::join)). The join is a sum over the states of the top
//! half's last layer, so the workers' sums add up to the count.

use super::join::Bottom;
use super::join_passes;
use crate::checkpoint::Header;
use crate::error::CountError;
use crate::sweep::file::LayerFile;
use crate::sweep::{Layer, Record, Store, io_error};
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::vec::Vec;

/// Records gathered before they are written, sorted, as frames of the gathered layer's file.
const BUFFER: usize = 1 << 16;

/// The layer at the split's middle cut as one process gathers it from every worker's part
/// (sent to it over the network, each record once), in a layer file of the scratch folder
/// until the top half is done: then its [`BottomHalf`]. Obtained from
/// [`Share::gather`](crate::Share::gather).
pub struct Gathering {
    file: LayerFile,
    path: PathBuf,
    buffer: Vec<Record>,
    states: u64,
    /// The header of the layer at the cut (its records counted as they come).
    header: Header,
    /// The sweep's width and the key slot of its last square.
    w: u32,
    top: u32,
}

impl Gathering {
    /// Gathers into a layer file at `path`, of the layer whose header is `header`, swept `w`
    /// across with its last square in key slot `top`.
    pub(crate) fn new(
        path: PathBuf,
        header: Header,
        w: u32,
        top: u32,
    ) -> Result<Gathering, CountError> {
        Ok(Gathering {
            file: LayerFile::create(path.clone()).map_err(io_error)?,
            path,
            buffer: Vec::with_capacity(BUFFER),
            states: 0,
            header,
            w,
            top,
        })
    }

    /// Adds a state of the layer at the cut and its ways.
    pub fn add(&mut self, key: u64, ways: u64) -> Result<(), CountError> {
        self.buffer.push([key, ways]);
        if self.buffer.len() >= BUFFER {
            self.flush()?;
        }
        Ok(())
    }

    /// States added so far.
    pub fn states(&self) -> u64 {
        self.states + self.buffer.len() as u64
    }

    /// Writes the records buffered as frames.
    fn flush(&mut self) -> Result<(), CountError> {
        self.states += self.buffer.len() as u64;
        self.file
            .write::<u64>(std::vec![self.buffer.as_mut_slice()], 1)
            .map_err(io_error)?;
        self.buffer.clear();
        Ok(())
    }

    /// The bottom half from every state added (read back from the file, which is removed),
    /// sorted on `threads` threads.
    pub fn bottom(mut self, threads: usize) -> Result<BottomHalf, CountError> {
        self.flush()?;
        let header = Header {
            records: self.states,
            ..self.header
        };
        self.file.finish(&header, &self.path).map_err(io_error)?;
        let layer = Layer {
            round: header.round,
            done: 0,
            states: self.states,
            modulus: 0,
            store: Store::File(self.path.clone()),
        };
        let never = AtomicBool::new(false);
        let bottom = Bottom::of(&layer, self.w, self.top, threads, &never);
        let _ = fs::remove_file(&self.path);
        Ok(BottomHalf { bottom: bottom? })
    }
}

/// The split's bottom half as one process holds it (the layer at the cut turned half round,
/// grouped by what its squares need), shared by the process's workers, each of which joins its
/// part of the top half's last layer with it ([`Share::join`](crate::Share::join)).
pub struct BottomHalf {
    bottom: Bottom,
}

impl BottomHalf {
    /// Bytes it holds in memory.
    pub fn bytes(&self) -> u64 {
        self.bottom.bytes()
    }

    /// The tours (directed) of the top half's last layer `layer` (one worker's part of it)
    /// joined with this half, in passes enough for a pass's sums to fit `budget` bytes beside
    /// this half's share of a worker among `workers` of its process; [`CountError::Stopped`]
    /// within about a second of `stop` being set.
    pub(crate) fn join(
        &self,
        layer: Layer,
        budget: u64,
        workers: usize,
        stop: &AtomicBool,
    ) -> Result<u128, CountError> {
        layer.exact()?;
        let held = match layer.store {
            Store::Memory(_) => layer.states * 16,
            Store::File(_) => 0,
        };
        let bottom = self.bytes() / workers.max(1) as u64;
        let passes = join_passes(layer.states, budget, bottom, held);
        let (total, _) = self
            .bottom
            .join(layer, 1, passes, (0, 0), stop, &mut |_, _| Ok(()))?;
        Ok(total)
    }
}
