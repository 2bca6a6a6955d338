//! The crate's two file formats on edited input: a checkpoint of a heap game's table
//! (`Checkpoint::from_bytes`, then resumed by the rules it was written for) and a saved
//! pruning search (`Pruning::load`). A valid file of each is edited at the places the input
//! names and, when the input says so, sealed again (its checksum made to match), so that the
//! edits reach every field past the checksum, as a forger's would. No panic and no hang:
//! every refusal is a typed error; a checkpoint read back is written to the same bytes; a
//! refused load leaves the search as it was; a search loaded answers within its limits.
#![no_main]

use core::ops::ControlFlow;
use grundy::games::{GrundysGame, Octal, Subtraction};
use grundy::prelude::*;
use grundy::search::{Encode, Pruning};
use grundy::sequence::Checkpoint;
use grundy::{Error, Evaluator};
use libfuzzer_sys::fuzz_target;

/// FNV-1a, the checksum of both formats: the hash of every byte before the last eight.
fn seal(bytes: &mut [u8]) {
    let Some(body) = bytes.len().checked_sub(8) else {
        return;
    };
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes[..body] {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    bytes[body..].copy_from_slice(&hash.to_le_bytes());
}

/// `bytes` with each edit `(at, byte)` XORed in (at its place modulo the length), cut to
/// `cut` bytes if that is shorter, and sealed again if `sealed`.
fn edited(mut bytes: Vec<u8>, edits: &[(u16, u8)], cut: u16, sealed: bool) -> Vec<u8> {
    if !bytes.is_empty() {
        for &(at, byte) in edits {
            let at = usize::from(at) % bytes.len();
            bytes[at] ^= byte;
        }
    }
    bytes.truncate(usize::from(cut).max(8));
    if sealed {
        seal(&mut bytes);
    }
    bytes
}

/// Reads `bytes` as a checkpoint of `rules` (which wrote `valid`) and resumes it, then grows
/// the table a little within a small memory budget.
fn checkpoint<R: Tabulated>(rules: R, bytes: &[u8]) {
    let Ok(read) = Checkpoint::from_bytes(bytes) else {
        return;
    };
    assert_eq!(
        read.to_bytes(),
        bytes,
        "a checkpoint read is written back as it was"
    );
    let rules = rules.with_memory_limit(8 << 20).with_table_limit(4096);
    match rules.resume(&read) {
        Ok(_) => {
            let len = read.len().min(4000) + 16;
            match rules.values(len) {
                Ok(table) => assert_eq!(table.len(), len),
                Err(Error::MemoryLimit { .. } | Error::TableLimit { .. }) => {}
                Err(Error::OutOfMemory { .. } | Error::Overflow { .. }) => {}
                Err(e) => panic!("{e}"),
            }
        }
        Err(Error::Checkpoint { .. } | Error::OutOfMemory { .. }) => {}
        Err(e) => panic!("resume: {e}"),
    }
}

/// A checkpoint of 200 values of the rules `make` gives, edited, then read by fresh rules
/// ([`checkpoint`]).
fn checkpoint_of<R: Tabulated>(make: impl Fn() -> R, edits: &[(u16, u8)], cut: u16, sealed: bool) {
    let rules = make();
    rules.values(200).unwrap();
    let bytes = edited(rules.checkpoint().unwrap().to_bytes(), edits, cut, sealed);
    checkpoint(make(), &bytes);
}

/// A pile, one to three taken at a time: the value is the pile mod 4.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile(u32);

impl Game for Pile {
    type Move = u32;
    fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(
        &self,
        mut visit: F,
    ) -> ControlFlow<()> {
        for take in 1..=self.0.min(3) {
            visit(take, Pile(self.0 - take))?;
        }
        ControlFlow::Continue(())
    }
}

impl Encode for Pile {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
    }
    fn decode(bytes: &[u8]) -> Option<Pile> {
        u32::decode(bytes).map(Pile)
    }
}

fuzz_target!(|input: (u8, Vec<(u16, u8)>, u16, bool, u8)| {
    let (which, edits, cut, sealed, limit) = input;
    let edits = &edits[..edits.len().min(8)];
    // A checkpoint of one of five rules (two engines of codes, Grundy's game, a subtraction
    // game), of 200 values, edited.
    match which % 5 {
        0 => checkpoint_of(Octal::kayles, edits, cut, sealed),
        1 => checkpoint_of(|| Octal::new("0.6").unwrap(), edits, cut, sealed),
        2 => checkpoint_of(|| Octal::new("0.8").unwrap(), edits, cut, sealed),
        3 => checkpoint_of(GrundysGame::new, edits, cut, sealed),
        _ => checkpoint_of(
            || Subtraction::new([1u32, 3, 4]).unwrap(),
            edits,
            cut,
            sealed,
        ),
    }
    // A saved search of piles to 60, edited, loaded under a memory limit of 4 to 64 KiB or
    // none, into a search that holds facts of its own.
    let mut full = Pruning::new();
    assert_eq!(full.grundy(&Pile(60)).unwrap().get(), 0);
    let mut file = Vec::new();
    full.save(&mut file).unwrap();
    let file = edited(file, edits, cut, sealed);
    let memory = match limit % 6 {
        0 => usize::MAX,
        k => 4096 << (k - 1),
    };
    let mut search = Pruning::new()
        .with_memory_limit(memory)
        .with_move_limit(1 << 16);
    assert_eq!(search.grundy(&Pile(7)).unwrap().get(), 3);
    let (len, bytes) = (search.len(), search.bytes());
    match search.load(file.as_slice()) {
        Ok(()) => {
            // Sealed edits may have written false facts, which no checksum finds: the
            // search answers within its limits, rightly or not, and never panics.
            for n in [0, 5, 60, 61, 200] {
                match search.grundy(&Pile(n)) {
                    Ok(_)
                    | Err(Error::SearchMemoryLimit { .. } | Error::SearchMoveLimit { .. }) => {}
                    Err(e) => panic!("{e}"),
                }
            }
        }
        Err(Error::SearchFile { .. } | Error::PositionLimit { .. } | Error::OutOfMemory { .. }) => {
            assert_eq!(
                (search.len(), search.bytes()),
                (len, bytes),
                "a refused load changes nothing"
            );
        }
        Err(e) => panic!("load: {e}"),
    }
});
