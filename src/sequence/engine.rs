//! The computation of Grundy sequences: a bit-mask mex for subtraction games, and the
//! sparse-space method for games whose moves take tokens and split what is left.

use super::checkpoint::SplitRecord;
use super::periodicity::{Splits, guy_smith_period, window_period};
use super::table::{Engine, Grown, Progress, stopped_at};
use super::values::{Store, Width, each_width};
use super::{GrundySequence, Period, Proof, reserve};
use crate::{Error, memory};
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
#[cfg(feature = "parallel")]
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// What removing `take` tokens from a heap may leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct TakeRule {
    /// How many tokens the move removes.
    pub(crate) take: usize,
    /// Nothing: the move takes the whole heap (heap = take).
    pub(crate) none: bool,
    /// One non-empty heap (heap > take).
    pub(crate) one: bool,
    /// Two non-empty heaps (heap ≥ take + 2).
    pub(crate) two: bool,
}

/// The rules of a take-and-break heap game: the octal games, and Grundy's game (a split of
/// a heap into two unequal heaps).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct SplitRules {
    /// One rule per number of tokens that some move removes, by increasing `take`.
    pub(crate) takes: Vec<TakeRule>,
    /// Whether the two heaps a split leaves must differ.
    pub(crate) unequal: bool,
}

impl SplitRules {
    /// The octal code `first.d1d2…` (octal digits only): bit 4 of `first` splits a heap without
    /// removing anything; digit `d_t` allows removing `t` tokens to leave nothing (bit 1), one
    /// heap (bit 2) or two (bit 4).
    pub(crate) fn octal(first: u8, digits: &[u8]) -> Self {
        let mut takes = Vec::new();
        if first & 4 != 0 {
            takes.push(TakeRule {
                take: 0,
                none: false,
                one: false,
                two: true,
            });
        }
        for (i, &d) in digits.iter().enumerate() {
            if d != 0 {
                takes.push(TakeRule {
                    take: i + 1,
                    none: d & 1 != 0,
                    one: d & 2 != 0,
                    two: d & 4 != 0,
                });
            }
        }
        SplitRules {
            takes,
            unequal: false,
        }
    }

    /// Grundy's game: split one heap into two unequal heaps, removing nothing.
    pub(crate) fn grundys_game() -> Self {
        SplitRules {
            takes: vec![TakeRule {
                take: 0,
                none: false,
                one: false,
                two: true,
            }],
            unequal: true,
        }
    }

    /// The game's name in a checkpoint: `grundys-game`, or the octal code `d0.d1d2…` with
    /// no trailing zero digit (so `0.60` and `0.6` are one game).
    pub(crate) fn name(&self) -> String {
        if self.unequal {
            return String::from("grundys-game");
        }
        let last = self.takes.iter().map(|r| r.take).max().unwrap_or(0);
        let mut digits = vec![0u8; last + 1];
        for r in &self.takes {
            digits[r.take] |= u8::from(r.none) | u8::from(r.one) << 1 | u8::from(r.two) << 2;
        }
        let mut name = format!("octal {}.", digits[0]);
        for d in &digits[1..] {
            name.push(char::from(b'0' + d));
        }
        name
    }

    /// The facts the Guy–Smith proof needs.
    fn splits(&self) -> Splits {
        Splits {
            max_take: self.takes.iter().map(|r| r.take).max().unwrap_or(0),
            unequal: self.unequal,
            even_take: self.takes.iter().any(|r| r.two && r.take % 2 == 0),
            odd_take: self.takes.iter().any(|r| r.two && r.take % 2 == 1),
            split_only: self.takes.iter().any(|r| r.two && !r.one),
        }
    }
}

/// The first table length at which a period is looked for; then at every doubling.
const FIRST_CHECK: usize = 32;
/// The first table length at which the rare/common split is chosen; then each time the table
/// has grown by a quarter.
const FIRST_SPLIT: usize = 16;
/// The splits in one block of the walk from the smallest part (see [`View::walk`]).
const ASCENT: usize = 32;
/// The splits in one probe of the walk.
const PROBE: usize = 32;
/// The fewest splits of a heap for which the walk probes.
const PROBE_FROM: usize = 512;
/// The most probes the walk of one heap makes for one take: a walk that sees every split
/// (the heaps whose value is rare) sees at most this many · [`PROBE`] pairs twice.
const MAX_PROBES: usize = 64;
/// The stride between probes, odd so that the probes reach every residue.
const PROBE_STEP: usize = 40_503;
/// The shapes of the walk a computation chooses among (see [`Learner`]); the first is its
/// choice until it has counted.
const SHAPES: [Shape; 2] = [Shape::TwoNear, Shape::OneFar];
/// The largest span of the near shapes' probes: they start among the first `PROBE_SPAN`
/// parts.
const PROBE_SPAN: usize = 1 << 15;
/// What the learner counts for the check of the mex after each block of the walk, in pairs:
/// `perf` puts the walk's own code (the mex found again, and whether it is certain) at about a
/// fifth of its blocks' time for `0.6`, whose blocks are 96 pairs ([`Learner`]).
const CHECK_COST: usize = 20;
/// The heaps of one window of the learner: all walk with one shape ([`Learner`]).
const WINDOW: usize = 256;
/// One window in `EXPLORE` walks with the shape not chosen, so that the counts of both stay
/// fresh.
const EXPLORE: u64 = 32;
/// The windows between two choices of the walk's shape.
const EPOCH: u64 = 128;
/// The most pairs of one heap's walk counted: a heap that walks more walks nearly every split
/// whatever the shape.
const MOST_COUNTED: usize = 1 << 20;
/// The largest number of value bits the Walsh–Hadamard transform looks at.
const MAX_KEY_BITS: u32 = 20;
/// The heaps whose options the workers collect ahead in one block (`parallel` feature; the
/// unit tests take small blocks, so that small tables have many).
#[cfg(feature = "parallel")]
const BLOCK: usize = if cfg!(test) { 48 } else { 256 };
/// The most heaps one worker takes at a time within a block (see [`chunk_lens`]).
#[cfg(feature = "parallel")]
const CHUNK: usize = if cfg!(test) { 8 } else { 32 };
/// The fewest, but for the last chunk of a block (3 in the unit tests, so that chunks
/// end on heaps that are not a whole group of [`LOOK`]).
#[cfg(feature = "parallel")]
const LEAST_CHUNK: usize = if cfg!(test) { 3 } else { LOOK };
/// The values from its mex whose holes a worker keeps for a heap, one bit each (see
/// [`Holes`]): 192 (3 in the unit tests, so that the serial path often walks past them).
/// When the serial path's walk ends past them, it computes the heap alone: on two threads to
/// 2^20, 2092 heaps of `0.6`, 59 of `0.64` (values to 256), none of Grundy's game, and
/// 10,486 of `0.344` (5800 with 384 values). Keeping the six least holes instead of bits
/// left 22% of `0.64`'s heaps to be computed alone, and 14 holes 6%. With 384 values, the
/// workers spent about 5% of two threads' time packing bits the serial path did not read:
/// `0.6` to 2^20 takes about 4% less time with 192 (BENCHMARKS.md).
#[cfg(feature = "parallel")]
const HOLE_SPAN: usize = if cfg!(test) { 3 } else { 64 * HOLE_WORDS };
/// The words of [`Holes::bits`].
#[cfg(feature = "parallel")]
const HOLE_WORDS: usize = 3;
/// The heaps whose rare pairs the serial path without workers, and each worker, collects in
/// one pass over the rare list (see [`View::mark_rare_many`]).
const LOOK: usize = 4;
/// The blocks the workers of the `parallel` feature have before the pipeline judges whether
/// they pay ([`pipeline`]).
#[cfg(feature = "parallel")]
const PROBATION: usize = 8;
/// The fewest heaps one thread computes alone when the workers did not pay.
#[cfg(feature = "parallel")]
const PAUSE: usize = 16 * BLOCK;
/// The heaps one thread computes alone, each time the table has doubled with the workers, to
/// count again what a heap costs it ([`pipeline`]).
#[cfg(feature = "parallel")]
const RECOUNT: usize = 4 * BLOCK;
/// The first heap from which the workers help: below it a heap costs too little.
const PARALLEL_FROM: usize = if cfg!(test) { 40 } else { 4096 };

/// A growable set of option values with a mex, stored as one mark byte per value: a value is
/// in the set when its mark equals the current generation. An insert is a single store (no
/// read-modify-write chain through a shared word, which is what limits a bit set in the inner
/// loops), and emptying the set is a generation bump; the marks are cleared only when the
/// generation wraps, once every 255 heaps.
#[derive(Debug)]
struct Options {
    marks: Vec<u8>,
    generation: u8,
    /// The bound of the last reset, less one: every value the inner loops add is `≤ mask`
    /// (the XOR of two values below a power of two is below it), so masking an index with it
    /// changes nothing and spares a bounds check.
    mask: usize,
    /// The largest bound of a reset: no mark at or past it was ever set.
    touched: usize,
    /// The pairs walked into the set since the caller last took the count ([`View::walk`]).
    walked: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            marks: Vec::new(),
            generation: 1,
            mask: 0,
            touched: 0,
            walked: 0,
        }
    }
}

impl Options {
    /// Empties the set and makes room for values below `bound`, a power of two.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the allocator refuses the room.
    #[inline]
    fn reset(&mut self, bound: usize) -> Result<(), Error> {
        if self.marks.len() < bound {
            self.make_room(bound)?;
        }
        self.mask = bound - 1;
        self.touched = self.touched.max(bound);
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // Every mark set is below a bound this set was reset to (the values added are
            // below it), so the marks past the largest are clear already: on a set with room
            // for every value of a width (see `Options::reset_wide`), most of them.
            let touched = self.touched.min(self.marks.len());
            self.marks[..touched].fill(0);
            self.generation = 1;
        }
        Ok(())
    }

    /// [`Options::reset`], with room for every value of the width `W` when it is one or two
    /// bytes (256 or 65536 marks, of which only those below the bound are ever set): the
    /// XOR of two values of the width is then an index into the marks as it is, and the
    /// inner loops store it with no mask ([`Options::mark_pairs_many`],
    /// [`Options::mark_fixed`]).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the allocator refuses the room.
    #[inline]
    fn reset_wide<W: Width>(&mut self, bound: usize) -> Result<(), Error> {
        let room = if W::BYTES <= 2 {
            bound.max(1 << (8 * W::BYTES))
        } else {
            bound
        };
        if self.marks.len() < room {
            self.make_room(room)?;
        }
        self.reset(bound)
    }

    /// Grows the marks to `bound`, fallibly.
    #[cold]
    fn make_room(&mut self, bound: usize) -> Result<(), Error> {
        let more = bound - self.marks.len();
        self.marks
            .try_reserve_exact(more)
            .map_err(|_| Error::OutOfMemory {
                what: format!("a set of {bound} option values of 1 byte each"),
            })?;
        self.marks.resize(bound, 0);
        Ok(())
    }

    /// Adds `v`; a value past the room made by [`Options::reset`] is ignored, which no caller
    /// relies on (every option is below the bound).
    #[inline]
    fn insert(&mut self, v: u32) {
        if let Some(m) = self.marks.get_mut(v as usize) {
            *m = self.generation;
        }
    }

    /// Adds every value below `limit` but the holes of `ahead` ([`Ahead::is_hole`]).
    fn insert_below_except(&mut self, limit: usize, ahead: &Ahead<'_>) {
        for v in 0..limit {
            if !ahead.is_hole(v) {
                self.insert(v as u32);
            }
        }
    }

    /// Whether `v` is in the set.
    #[inline]
    fn contains(&self, v: u32) -> bool {
        self.marks.get(v as usize) == Some(&self.generation)
    }

    /// The holes of the set from its mex `mex` ([`Holes`]), and where the walk that collected
    /// it stopped.
    #[cfg(feature = "parallel")]
    fn holes(&self, mex: usize, stop: Stop) -> Holes {
        let mut holes = Holes::default();
        if let (Ok(take), Ok(start), Ok(probes)) = (
            u8::try_from(stop.take),
            u32::try_from(stop.start),
            u8::try_from(stop.probes),
        ) {
            (holes.take, holes.start, holes.probes) = (take, start, probes);
        } else {
            holes.take = u8::MAX;
        }
        // Every value below the base is in the set (it is at most the mex).
        let base = u32::try_from(mex).unwrap_or(u32::MAX);
        holes.base = base;
        // Eight marks a step: a byte that differs from the generation is a hole (no mark at
        // or past the bound is in the set, and none past the marks). Only the words below
        // the bound are read.
        let every = u64::from_ne_bytes([self.generation; 8]);
        let (low, high) = (0x7f7f_7f7f_7f7f_7f7f_u64, 0x8080_8080_8080_8080_u64);
        let below = (self.mask + 1).saturating_sub(base as usize);
        for (k, word) in holes.bits.iter_mut().enumerate() {
            if 64 * k >= below {
                // Past the bound: every value is a hole.
                *word = u64::MAX;
                continue;
            }
            let mut bits = 0u64;
            for c in 0..8 {
                let at = base as usize + 64 * k + 8 * c;
                // Eight marks, or those of them the marks hold at their end (the room of a
                // one-byte width ends at 256, that of a wider one at the bound).
                let eight = match self.marks.get(at..at + 8) {
                    Some(eight) => <[u8; 8]>::try_from(eight).map_or(0, u64::from_le_bytes),
                    None => {
                        let mut eight = [0u8; 8];
                        for (i, mark) in eight.iter_mut().enumerate() {
                            *mark = self.marks.get(at + i).copied().unwrap_or(0);
                        }
                        u64::from_le_bytes(eight)
                    }
                };
                // The high bit of each byte of `x` that is not 0, gathered into the low
                // byte by a multiplication (byte j to bit j).
                let x = eight ^ every;
                let nonzero = ((((x & low) + low) | x) & high) >> 7;
                let gathered = nonzero.wrapping_mul(0x0102_0408_1020_4080) >> 56;
                bits |= gathered << (8 * c);
            }
            *word = bits;
        }
        holes
    }

    /// Adds `values[k] ^ g[m - rare[k]]` for every `k`: the splits of `m` tokens with a part
    /// at each rare position (all below `m`). Kept out of line, so that the loop has the
    /// registers to itself (inlined, it spilled the marks' address and reloaded it a pair).
    #[inline(never)]
    fn mark_pairs<W: Width, T: Table<W>, P: Position>(
        &mut self,
        g: T,
        rare: &[P],
        values: &[W],
        m: usize,
    ) {
        let generation = self.generation;
        let Some(marks) = self.marks.get_mut(..=self.mask) else {
            return;
        };
        let mask = self.mask;
        for (&r, &v) in rare.iter().zip(values) {
            if let Some(y) = g.at(r.partner(m)) {
                marks[(v.into() ^ y.into()) as usize & mask] = generation;
            }
        }
    }

    /// [`Options::mark_pairs`] for [`LOOK`] heaps in one pass over the rare list: adds
    /// `values[k] ^ g[m + j - rare[k]]` to `sets[j]` for `j < LOOK` (the splits of `m + j`
    /// tokens with a part at each rare position). One load of each rare entry serves them
    /// all, and the partners are neighbours in the table (one cache line, nearly always), so
    /// the pass reads the list and the table's lines once for [`LOOK`] heaps. A rare entry
    /// whose last partner `m + LOOK - 1 - rare[k]` is not known marks no set (the caller
    /// gives those to [`Options::mark_pairs`]).
    #[inline(never)]
    fn mark_pairs_many<W: Width, P: Position>(
        sets: &mut [Options; LOOK],
        g: &[W],
        rare: &[P],
        values: &[W],
        m: usize,
    ) {
        let (generation, mask) = (sets[0].generation, sets[0].mask);
        let together = sets
            .iter()
            .all(|s| s.generation == generation && s.mask == mask && s.marks.len() > mask);
        if !together || g.len() < LOOK {
            // Not emptied together (see `Options::reset_many`), or too few values for the
            // four partners: one pass each.
            for (j, set) in sets.iter_mut().enumerate() {
                set.mark_pairs(g, rare, values, m + j);
            }
            return;
        }
        let [s0, s1, s2, s3] = sets;
        // `p < last` is `p + LOOK - 1 < g.len()`.
        let last = g.len() + 1 - LOOK;
        if W::BYTES <= 2 {
            // Sets with room for every value of the width (see `Options::reset_wide`): the
            // XOR of two values of the width is one too, so it indexes the marks as it is,
            // with no mask (24 instructions a rare entry instead of 31: no mask, and no
            // set's address reloaded from the stack). The four partners are read as one
            // word of four lanes and XORed with the rare value in every lane at once (20 or 21
            // instructions: one load of the table instead of four, one XOR instead of four):
            // `0.6` and Grundy's game to 2^20 took 5%–6% less time on the Zen 4 EPYC
            // (BENCHMARKS.md).
            let every = 1 << (8 * W::BYTES);
            if let (Some(m0), Some(m1), Some(m2), Some(m3)) = (
                s0.marks.get_mut(..every),
                s1.marks.get_mut(..every),
                s2.marks.get_mut(..every),
                s3.marks.get_mut(..every),
            ) {
                // Lanes of the width's bits: `word` holds `g[p + j]` in lane `j`, and `x` the
                // XOR of each with `v`, whose lanes index the four sets' marks.
                let lane = 8 * W::BYTES as u32;
                let low = (1u64 << lane) - 1;
                let ones = (0..LOOK as u32).fold(0u64, |acc, j| acc | (1 << (lane * j)));
                for (&r, &v) in rare.iter().zip(values) {
                    let p = r.partner(m);
                    // `p < last` first: then `p + LOOK` does not overflow.
                    if let Some(four) = (p < last).then(|| g.get(p..p + LOOK)).flatten() {
                        let word = four
                            .iter()
                            .rev()
                            .fold(0u64, |acc, &y| (acc << lane) | u64::from(y.into()));
                        let x = word ^ (u64::from(v.into()) * ones);
                        m0[(x & low) as usize] = generation;
                        m1[((x >> lane) & low) as usize] = generation;
                        m2[((x >> (2 * lane)) & low) as usize] = generation;
                        m3[((x >> (3 * lane)) & low) as usize] = generation;
                    }
                }
                return;
            }
        }
        let (m0, m1, m2, m3) = (
            &mut s0.marks[..=mask],
            &mut s1.marks[..=mask],
            &mut s2.marks[..=mask],
            &mut s3.marks[..=mask],
        );
        // The mask again, from a slice, and the slices cut to it: so the compiler sees that a
        // masked index is in each.
        let mask = m0.len() - 1;
        let (m1, m2, m3) = (&mut m1[..=mask], &mut m2[..=mask], &mut m3[..=mask]);
        for (&r, &v) in rare.iter().zip(values) {
            let p = r.partner(m);
            if p < last {
                let v = v.into();
                m0[(v ^ g[p].into()) as usize & mask] = generation;
                m1[(v ^ g[p + 1].into()) as usize & mask] = generation;
                m2[(v ^ g[p + 2].into()) as usize & mask] = generation;
                m3[(v ^ g[p + 3].into()) as usize & mask] = generation;
            }
        }
    }

    /// Empties the `sets` as [`Options::reset`] does, to one generation, so that the pass
    /// over several heaps ([`Options::mark_pairs_many`]) stores one byte in all.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the allocator refuses the room.
    fn reset_many<W: Width>(sets: &mut [Options; LOOK], bound: usize) -> Result<(), Error> {
        for set in sets.iter_mut() {
            set.reset_wide::<W>(bound)?;
        }
        // Every mark of a set is at most its generation (they only grow until they wrap,
        // when the marks are cleared), so the largest of them empties all.
        let generation = sets.iter().map(|s| s.generation).max().unwrap_or(1);
        for set in sets.iter_mut() {
            set.generation = generation;
        }
        Ok(())
    }

    /// Adds `left[k] ^ right[len - 1 - k]` for every `k`: the splits `(a, m - a)` for a run of
    /// consecutive `a`, given `g` on the run and on its mirror image.
    #[inline]
    fn mark_walk<W: Width>(&mut self, left: &[W], right: &[W]) {
        let generation = self.generation;
        let Some(marks) = self.marks.get_mut(..=self.mask) else {
            return;
        };
        let mask = self.mask;
        let len = left.len().min(right.len());
        let (left, right) = (&left[..len], &right[right.len() - len..]);
        for k in 0..len {
            let v = left[k].into() ^ right[len - 1 - k].into();
            marks[v as usize & mask] = generation;
        }
    }

    /// [`Options::mark_walk`] for a block of `N` pairs, unrolled.
    #[inline]
    fn mark_fixed<W: Width, const N: usize>(&mut self, left: &[W; N], right: &[W; N]) {
        let generation = self.generation;
        if W::BYTES <= 2 {
            // Room for every value of the width (see `Options::reset_wide`): no mask.
            if let Some(marks) = self.marks.get_mut(..1 << (8 * W::BYTES)) {
                for k in 0..N {
                    marks[(left[k].into() ^ right[N - 1 - k].into()) as usize] = generation;
                }
                return;
            }
        }
        let Some(marks) = self.marks.get_mut(..=self.mask) else {
            return;
        };
        let mask = self.mask;
        for k in 0..N {
            marks[(left[k].into() ^ right[N - 1 - k].into()) as usize & mask] = generation;
        }
    }

    /// The least value `≥ from` not in the set.
    #[inline]
    fn mex_from(&self, from: usize) -> usize {
        let marks = self.marks.get(from..).unwrap_or(&[]);
        // Eight marks a step: the first byte of a word that differs from the generation in
        // every byte is the first value not in the set (the scans from 0 over a few hundred
        // values were 5% of `0.6`'s time byte by byte).
        let every = u64::from_ne_bytes([self.generation; 8]);
        let mut words = marks.chunks_exact(8);
        let mut at = 0;
        for word in &mut words {
            let word = u64::from_le_bytes(word.try_into().unwrap_or([0; 8]));
            let differ = word ^ every;
            if differ != 0 {
                return from + at + (differ.trailing_zeros() / 8) as usize;
            }
            at += 8;
        }
        let rest = words.remainder();
        from + at
            + rest
                .iter()
                .position(|&m| m != self.generation)
                .unwrap_or(rest.len())
    }
}

/// The values known, as the engine reads them: one slice ([`Sparse::g`]), or, on the serial
/// path of the `parallel` feature, the values the workers read and after them the values of
/// the serial path's block ([`Two`]).
trait Table<W: Width>: Copy {
    /// How many values are known.
    fn len(self) -> usize;
    /// `G(i)`, if known.
    fn at(self, i: usize) -> Option<W>;
    /// Marks `g[a + k] ^ g[b + N - 1 - k]` for `k < N`, if all are known.
    fn mark_fixed<const N: usize>(self, options: &mut Options, a: usize, b: usize);
    /// Marks `g[a + k] ^ g[b + len - 1 - k]` for `k < len`, if all are known.
    fn mark_run(self, options: &mut Options, a: usize, b: usize, len: usize);
}

impl<W: Width> Table<W> for &[W] {
    #[inline]
    fn len(self) -> usize {
        <[W]>::len(self)
    }

    #[inline]
    fn at(self, i: usize) -> Option<W> {
        self.get(i).copied()
    }

    #[inline]
    fn mark_fixed<const N: usize>(self, options: &mut Options, a: usize, b: usize) {
        if let (Some(Ok(left)), Some(Ok(right))) = (
            self.get(a..a + N).map(<&[W; N]>::try_from),
            self.get(b..b + N).map(<&[W; N]>::try_from),
        ) {
            options.mark_fixed(left, right);
        }
    }

    #[inline]
    fn mark_run(self, options: &mut Options, a: usize, b: usize, len: usize) {
        if let (Some(left), Some(right)) = (self.get(a..a + len), self.get(b..b + len)) {
            options.mark_walk(left, right);
        }
    }
}

/// The values known on the serial path of the `parallel` feature: `lo`, the values the
/// workers read, then `hi`, those the serial path found after them.
#[cfg(feature = "parallel")]
#[derive(Clone, Copy)]
struct Two<'t, W> {
    lo: &'t [W],
    hi: &'t [W],
}

#[cfg(feature = "parallel")]
impl<'t, W: Width> Two<'t, W> {
    /// `g[a..a + len]` in one slice, when it lies in one part.
    #[inline]
    fn run(self, a: usize, len: usize) -> Option<&'t [W]> {
        let cut = self.lo.len();
        if a + len <= cut {
            self.lo.get(a..a + len)
        } else if a >= cut {
            self.hi.get(a - cut..a - cut + len)
        } else {
            None
        }
    }

    /// `g[a..a + N]`, copied when it crosses the parts.
    #[inline]
    fn fixed<const N: usize>(self, a: usize) -> Option<[W; N]> {
        match self.run(a, N) {
            Some(run) => <[W; N]>::try_from(run).ok(),
            None => {
                let mut out = [W::default(); N];
                for (k, slot) in out.iter_mut().enumerate() {
                    *slot = self.at(a + k)?;
                }
                Some(out)
            }
        }
    }
}

#[cfg(feature = "parallel")]
impl<W: Width> Table<W> for Two<'_, W> {
    #[inline]
    fn len(self) -> usize {
        self.lo.len() + self.hi.len()
    }

    #[inline]
    fn at(self, i: usize) -> Option<W> {
        match self.lo.get(i) {
            Some(&v) => Some(v),
            None => self.hi.get(i - self.lo.len()).copied(),
        }
    }

    #[inline]
    fn mark_fixed<const N: usize>(self, options: &mut Options, a: usize, b: usize) {
        if let (Some(left), Some(right)) = (self.fixed::<N>(a), self.fixed::<N>(b)) {
            options.mark_fixed(&left, &right);
        }
    }

    fn mark_run(self, options: &mut Options, a: usize, b: usize, len: usize) {
        for k in 0..len {
            if let (Some(x), Some(y)) = (self.at(a + k), self.at(b + len - 1 - k)) {
                options.insert(x.into() ^ y.into());
            }
        }
    }
}

/// A rare position as the rare-pair loop reads it: `u32` while every rare position and the
/// heap fit (4 bytes an entry, beside a value of the table's width: 6 bytes for `0.6`
/// instead of 12), `usize` past that.
trait Position: Copy {
    /// `m - self` (wrapping: the caller reads the table with `get`), for `m` that fits
    /// the type.
    fn partner(self, m: usize) -> usize;
}

impl Position for u32 {
    #[inline]
    fn partner(self, m: usize) -> usize {
        // In 32 bits: one subtraction from memory, and no widening of the position.
        (m as u32).wrapping_sub(self) as usize
    }
}

impl Position for usize {
    #[inline]
    fn partner(self, m: usize) -> usize {
        m.wrapping_sub(self)
    }
}

/// The rare/common split: a position is common when `popcount(key & mask)` is odd, where the
/// key is its value (low bits) and, if `parity_bit` is set, its parity at bit `KEY_BITS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Split {
    pub(crate) value_mask: u32,
    pub(crate) parity_bit: bool,
}

impl Split {
    const NONE: Split = Split {
        value_mask: 0,
        parity_bit: false,
    };

    #[inline]
    pub(crate) fn is_common(self, n: usize, value: u32) -> bool {
        let parity =
            (value & self.value_mask).count_ones() as usize + (n & 1) * self.parity_bit as usize;
        parity % 2 == 1
    }
}

/// A value `m` is certain to be the mex at heap `n` when no split into two common parts can
/// have it: those have `popcount(m & value_mask) ≡ parity_bit·(n − t)` (mod 2), for the
/// splitting takes `t` (all of one parity when `parity_bit` is set).
#[inline]
fn is_certain(split: Split, split_parity: usize, n: usize, m: usize) -> bool {
    let lhs = (m as u64 & u64::from(split.value_mask)).count_ones() as usize;
    let rhs = if split.parity_bit {
        (n + split_parity) & 1
    } else {
        0
    };
    lhs % 2 != rhs
}

/// The heap counts at which the rare/common split is chosen: [`FIRST_SPLIT`], then each
/// time the table has grown by a quarter. The schedule depends on nothing but the count, so
/// a table continued from any length (a longer table, a resumed checkpoint) is in the state
/// the computation at once would be in: the same split, chosen from the same values.
fn split_after(at: usize) -> usize {
    if at < FIRST_SPLIT {
        FIRST_SPLIT
    } else {
        at.saturating_add((at / 4).max(1))
    }
}

/// The last heap count `≤ len` at which the split is chosen, if one is.
pub(crate) fn last_split_point(len: usize) -> Option<usize> {
    let mut at = FIRST_SPLIT;
    if len < at {
        return None;
    }
    loop {
        let next = split_after(at);
        if next > len || next == at {
            return Some(at);
        }
        at = next;
    }
}

/// The state of a sparse-space computation, its values of width `W`.
pub(crate) struct Sparse<'a, W> {
    rules: &'a SplitRules,
    /// The takes whose moves leave two heaps.
    split_takes: Vec<usize>,
    /// The takes whose moves leave one heap or none.
    simple: Vec<TakeRule>,
    /// The values so far.
    pub(crate) g: Vec<W>,
    /// The positions `≥ 1` whose key is rare, ascending, and their values.
    pub(crate) rare: Vec<usize>,
    rare_values: Vec<W>,
    /// The rare positions again as `u32`, for the rare-pair loop, while they all fit (the
    /// list is then as long as `rare`; else it is not used).
    rare_near: Vec<u32>,
    pub(crate) split: Split,
    /// The heap count at which `split` was chosen (0 before the first choice).
    pub(crate) split_at: usize,
    /// The parity of the splitting takes, when they share one.
    split_parity: Option<usize>,
    options: Options,
    /// The option sets of the heaps `ahead_heap..ahead_heap + LOOK` on the serial path without
    /// workers: their rare pairs were collected in one pass at heap `ahead_heap` (see
    /// [`View::mark_rare_many`]). Valid while the bound is still `ahead_bound`; a new split,
    /// a wider table or the workers drop them (`ahead_heap` is then `usize::MAX`).
    ahead: [Options; LOOK],
    ahead_heap: usize,
    ahead_bound: usize,
    /// One more than the largest value so far, rounded up to a power of two.
    bound: usize,
    /// The largest value so far.
    largest: u32,
    /// The walk's shape, chosen as the computation goes.
    learner: Learner,
    /// The heap count before which the workers of the `parallel` feature do not help again,
    /// and how many times in a row they did not pay ([`pipeline`]).
    pause_until: usize,
    unpaid: u32,
}

impl<'a, W: Width> Sparse<'a, W> {
    /// The state for continuing the values `g` (empty, or computed before): the state the
    /// computation at once is in after them.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the room for the rare list cannot be had.
    pub(crate) fn new(rules: &'a SplitRules, g: Vec<W>) -> Result<Self, Error> {
        let split_takes: Vec<usize> = rules
            .takes
            .iter()
            .filter(|r| r.two)
            .map(|r| r.take)
            .collect();
        let split_parity = match split_takes.first() {
            Some(&t) if split_takes.iter().all(|&u| u % 2 == t % 2) => Some(t % 2),
            _ => None,
        };
        let mut state = Sparse {
            rules,
            simple: rules
                .takes
                .iter()
                .filter(|r| r.none || r.one)
                .copied()
                .collect(),
            split_takes,
            g,
            rare: Vec::new(),
            rare_values: Vec::new(),
            rare_near: Vec::new(),
            split: Split::NONE,
            split_at: 0,
            split_parity,
            options: Options::default(),
            ahead: Default::default(),
            ahead_heap: usize::MAX,
            ahead_bound: 0,
            bound: 1,
            largest: 0,
            learner: Learner::default(),
            pause_until: 0,
            unpaid: 0,
        };
        if !state.g.is_empty() {
            // Continuing a table: the bound, the split and the rare list from its values.
            state.largest = state.g.iter().map(|&v| v.into()).max().unwrap_or(0);
            let max = state.largest as usize;
            while state.bound <= max {
                state.bound *= 2;
            }
            match last_split_point(state.g.len()) {
                Some(at) => state.choose_split(at)?,
                None => state.rebuild_rare()?,
            }
        }
        Ok(state)
    }

    /// The same state with its values in the wider width `W::Wider`, copied into `wide`
    /// (empty, with room for the table).
    fn widen(self, mut wide: Vec<W::Wider>) -> Sparse<'a, W::Wider> {
        wide.extend(self.g.iter().map(|&v| W::Wider::from(v)));
        Sparse {
            rules: self.rules,
            split_takes: self.split_takes,
            simple: self.simple,
            g: wide,
            rare: self.rare,
            rare_values: self
                .rare_values
                .iter()
                .map(|&v| W::Wider::from(v))
                .collect(),
            rare_near: self.rare_near,
            split: self.split,
            split_at: self.split_at,
            split_parity: self.split_parity,
            options: self.options,
            ahead: self.ahead,
            ahead_heap: usize::MAX,
            ahead_bound: 0,
            bound: self.bound,
            largest: self.largest,
            learner: self.learner,
            pause_until: self.pause_until,
            unpaid: self.unpaid,
        }
    }

    /// What the options of a heap are read from, borrowed from this state.
    fn view(&self) -> View<'_, W> {
        View {
            g: &self.g,
            rare: &self.rare,
            rare_near: near_list(&self.rare, &self.rare_near),
            rare_values: &self.rare_values,
            split_takes: &self.split_takes,
            simple: &self.simple,
            unequal: self.rules.unequal,
            split: self.split,
            parity: self.split_parity.unwrap_or(0),
            shape: self.learner.shape(),
        }
    }

    /// `G(n)` for `n = g.len()`, not yet appended. When `prepared` holds what the workers
    /// found for `n` (see [`Prepared`]), only the options they could not see are collected
    /// here, and the value is the first of their holes that these leave open, if it is
    /// certain; otherwise the walk goes on from where theirs stopped, with their options,
    /// which their holes tell for [`HOLE_SPAN`] values past their mex. Without workers, or
    /// when the walk ends past what the holes tell, the heap is computed here alone.
    ///
    /// # Errors
    ///
    /// [`Error::Overflow`] past 32 bits, [`Error::OutOfMemory`] for the option set.
    ///
    /// Without workers, the rare pairs of [`LOOK`] heaps are collected in one pass (see
    /// [`View::mark_rare_many`]): a heap whose pairs an earlier one collected adds only those
    /// it left out.
    fn next_value(&mut self, prepared: Option<Ahead<'_>>) -> Result<u32, Error> {
        let n = self.g.len();
        // The sets are lent out while the state is read through its view.
        let mut set = core::mem::take(&mut self.options);
        let first = self.split_takes.iter().max().map_or(usize::MAX, |&t| t + 2);
        if prepared.is_some() || n < first {
            self.ahead_heap = usize::MAX;
            let value = value_of(&self.view(), &mut set, self.bound, n, prepared);
            set.walked = 0;
            self.options = set;
            return value;
        }
        self.options = set;
        let mut sets = core::mem::take(&mut self.ahead);
        let k = n.wrapping_sub(self.ahead_heap);
        let (value, walked) = if (1..LOOK).contains(&k) && self.ahead_bound == self.bound {
            // The pairs were collected at heap `ahead_heap`, from the values and rare
            // positions below it.
            let value = value_of_ahead(&self.view(), &mut sets[k], n, self.ahead_heap);
            (value, core::mem::take(&mut sets[k].walked))
        } else {
            for set in sets.iter_mut() {
                set.walked = 0;
            }
            let value = value_of_many(&self.view(), &mut sets, self.bound, n);
            self.ahead_heap = n;
            self.ahead_bound = self.bound;
            (value, core::mem::take(&mut sets[0].walked))
        };
        if value.is_err() {
            self.ahead_heap = usize::MAX;
        }
        self.ahead = sets;
        self.learner.walked(walked, 1);
        value
    }

    /// Has the threads of the current rayon pool collect the options of the heaps
    /// `start..end` (`start ≥ g.len()`) that the values known give, and keep the values
    /// those leave out from their mex on ([`Prepared`]), while this thread first does
    /// `before` (the serial path's block) and then joins them. If memory for the block cannot
    /// be had, nothing is prepared, and the serial path collects everything.
    ///
    /// The heaps are claimed in chunks ([`chunk_lens`]) from one counter, and this thread, once
    /// no chunk is left, waits for the chunks still being collected by spinning: a chunk takes
    /// some microseconds, and a thread put to sleep at the end of each block woke too late
    /// (on a 2-core machine about a fifth of two threads' time was spent asleep so).
    #[cfg(feature = "parallel")]
    fn prepare(
        &self,
        start: usize,
        end: usize,
        prepared: &mut Prepared,
        pool: &WorkerSets,
        before: impl FnOnce() + Send,
    ) {
        let from = self.g.len();
        let count = end.saturating_sub(start);
        prepared.start = start;
        prepared.from = from;
        prepared.count = 0;
        prepared.bound = self.bound;
        prepared.holes.clear();
        let threads = rayon::current_num_threads();
        let chunks = chunk_lens(count, threads).count();
        let mut claims = Claims {
            chunks: Vec::new(),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            failed: AtomicBool::new(false),
            walked: Default::default(),
            heaps: Default::default(),
        };
        if prepared.holes.try_reserve(count).is_err() || claims.chunks.try_reserve(chunks).is_err()
        {
            before();
            return;
        }
        prepared.holes.resize(count, Holes::default());
        let mut rest = &mut prepared.holes[..];
        let mut first = start;
        for len in chunk_lens(count, threads) {
            let (chunk, after) = core::mem::take(&mut rest).split_at_mut(len);
            rest = after;
            claims
                .chunks
                .push(std::sync::Mutex::new(Some((first, chunk))));
            first += len;
        }
        let claims = &claims;
        let helpers = threads.saturating_sub(1);
        rayon::join(
            || {
                before();
                self.collect_claimed(claims, pool);
                claims.wait();
            },
            || {
                use rayon::prelude::*;
                (0..helpers)
                    .into_par_iter()
                    .with_max_len(1)
                    .for_each(|_| self.collect_claimed(claims, pool));
            },
        );
        if !claims.failed.load(Ordering::Relaxed) {
            prepared.count = count;
        }
        prepared.shape = self.learner.shape;
        prepared.walked = claims.walked.load(Ordering::Relaxed);
        prepared.heaps = claims.heaps.load(Ordering::Relaxed);
    }

    /// Claims chunks of `claims` until none is left, and collects each ([`Sparse::prepare`]).
    #[cfg(feature = "parallel")]
    fn collect_claimed(&self, claims: &Claims<'_>, pool: &WorkerSets) {
        // This thread's sets; fresh ones if it has none (a pool larger than when the sets
        // were made, or memory refused for them).
        let mut lent = rayon::current_thread_index()
            .and_then(|i| pool.get(i))
            .and_then(|sets| sets.try_lock().ok());
        let mut fresh: [Options; LOOK];
        let sets = match lent.as_deref_mut() {
            Some(sets) => sets,
            None => {
                fresh = Default::default();
                &mut fresh
            }
        };
        loop {
            let c = claims.next.fetch_add(1, Ordering::Relaxed);
            let Some(slot) = claims.chunks.get(c) else {
                return;
            };
            // Counted as done however the chunk ends, so that the wait ends.
            let _done = Done(&claims.done);
            let chunk = slot.try_lock().ok().and_then(|mut chunk| chunk.take());
            let collected = match chunk {
                Some((first, chunk)) if !claims.failed.load(Ordering::Relaxed) => {
                    self.collect_chunk(sets, chunk, first, claims)
                }
                _ => Err(()),
            };
            if collected.is_err() {
                claims.failed.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Collects the heaps `first..first + chunk.len()` of a block into `chunk`
    /// ([`Sparse::prepare`]), with the option sets `sets`.
    #[cfg(feature = "parallel")]
    fn collect_chunk(
        &self,
        sets: &mut [Options; LOOK],
        chunk: &mut [Holes],
        first: usize,
        claims: &Claims<'_>,
    ) -> Result<(), ()> {
        let view = self.view();
        // The pairs walked and the heaps, added to the block's at the end.
        let (mut walked, mut heaps) = (0usize, 0usize);
        let bound = self.bound;
        let mut k = 0;
        while k < chunk.len() {
            let n = first + k;
            // The rare pairs of `LOOK` heaps in one pass over the rare list, as the serial
            // path without workers collects them (the partners at or past `from` are not
            // known: left out); the last heaps of a chunk that are fewer, one at a time.
            let together = k + LOOK <= chunk.len() && view.split_takes.iter().all(|&t| n >= t + 2);
            let group = if together {
                Options::reset_many::<W>(sets, bound).map_err(drop)?;
                for &t in view.split_takes {
                    view.mark_rare_many(sets, n - t);
                }
                LOOK
            } else {
                let options = &mut sets[0];
                options.reset_wide::<W>(bound).map_err(drop)?;
                for &t in view.split_takes {
                    if n >= t + 2 {
                        view.mark_rare(options, n - t, 0, n - t);
                    }
                }
                1
            };
            for (j, options) in sets.iter_mut().enumerate().take(group) {
                options.walked = 0;
                let mut mex = options.mex_from(0);
                let mut stop = Stop::START;
                if !view.is_certain(n + j, mex) {
                    (mex, stop) = view.walk_from(options, n + j, mex, Stop::START);
                }
                walked = walked.saturating_add(options.walked.min(MOST_COUNTED));
                heaps += 1;
                if let Some(holes) = chunk.get_mut(k + j) {
                    *holes = options.holes(mex, stop);
                }
            }
            k += group;
        }
        claims.walked.fetch_add(walked, Ordering::Relaxed);
        claims.heaps.fetch_add(heaps, Ordering::Relaxed);
        Ok(())
    }

    /// Appends `G(n) = value` (which fits in `W`) for `n = g.len()`.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] for the rare list.
    fn push_value(&mut self, value: W) -> Result<(), Error> {
        let n = self.g.len();
        self.g.push(value);
        self.learner.next(n + 1);
        self.largest = self.largest.max(value.into());
        while self.bound <= value.into() as usize {
            self.bound *= 2;
        }
        if n >= 1 && !self.split.is_common(n, value.into()) {
            self.push_rare(n, value)?;
        }
        Ok(())
    }

    /// Chooses the split that makes the fewest of the first `at` positions rare, by a
    /// Walsh–Hadamard transform of the histogram of their keys, and rebuilds the rare list
    /// of every position.
    fn choose_split(&mut self, at: usize) -> Result<(), Error> {
        self.split_at = at;
        if self.split_takes.is_empty() {
            return Ok(());
        }
        self.split = best_split(&self.g[..at.min(self.g.len())], self.split_parity.is_some())?;
        self.rebuild_rare()
    }

    /// Lists the positions `≥ 1` that the current split makes rare.
    fn rebuild_rare(&mut self) -> Result<(), Error> {
        self.ahead_heap = usize::MAX;
        self.rare.clear();
        self.rare_values.clear();
        self.rare_near.clear();
        for i in 1..self.g.len() {
            let v = self.g[i];
            if !self.split.is_common(i, v.into()) {
                self.push_rare(i, v)?;
            }
        }
        Ok(())
    }

    /// Appends the rare position `n` of value `value` to the lists.
    fn push_rare(&mut self, n: usize, value: W) -> Result<(), Error> {
        push_rare_near(
            &mut self.rare,
            &mut self.rare_values,
            &mut self.rare_near,
            n,
            value,
        )
        .ok_or_else(|| Error::OutOfMemory {
            what: format!(
                "a list of {} rare positions of {} bytes each",
                self.rare.len() + 1,
                8 + 4 + W::BYTES
            ),
        })
    }
}

/// Appends the rare position `n` of value `value` to the lists of the sparse-space engine:
/// its position, its value, and its position as `u32` while every rare position fits (once
/// one does not, `near` stops growing and is no longer read). `None` if memory cannot be had.
fn push_rare_near<W>(
    rare: &mut Vec<usize>,
    values: &mut Vec<W>,
    near: &mut Vec<u32>,
    n: usize,
    value: W,
) -> Option<()> {
    let fits = u32::try_from(n).ok().filter(|_| near.len() == rare.len());
    memory::push(rare, n)?;
    memory::push(values, value)?;
    fits.map_or(Some(()), |r| memory::push(near, r))
}

/// The rare positions as `u32` (`near`, kept by [`push_rare_near`]) for the rare-pair loop,
/// if they are all there: once one did not fit, the list stopped growing.
#[inline]
fn near_list<'a>(rare: &[usize], near: &'a [u32]) -> Option<&'a [u32]> {
    (near.len() == rare.len()).then_some(near)
}

/// `G(n)` for `n = view.g.len()` (see [`Sparse::next_value`]), with the option set `options`
/// and `bound`, above every value known.
fn value_of<W: Width, T: Table<W>>(
    view: &View<'_, W, T>,
    options: &mut Options,
    bound: usize,
    n: usize,
    prepared: Option<Ahead<'_>>,
) -> Result<u32, Error> {
    options.reset_wide::<W>(bound)?;
    view.mark_simple(options, n);

    let mut mex = None;
    if let Some(ahead) = prepared {
        let from = ahead.from;
        // The pairs with a rare part the workers could not see: a rare part below
        // `m - from + 1`, whose partner was not known yet, or at or past `from`, not yet
        // rare then.
        for &t in view.split_takes {
            if n >= t + 2 {
                let m = n - t;
                view.mark_rare_below(options, m, (m + 1).saturating_sub(from));
                view.mark_rare_from(options, m, from);
            }
        }
        mex = ahead
            .holes()
            .find(|&h| !options.contains(h as u32))
            .filter(|&h| view.is_certain(n, h));
        if mex.is_none() {
            // The options here filled the holes the workers left, or left one open whose
            // value is not certain. The workers' options below `limit` are known from
            // their holes: with them, the walk. Past `limit`, when their holes do not
            // reach the bound, their options are not known, and the heap is computed
            // alone, as without workers.
            let limit = if ahead.complete {
                ahead.bound
            } else {
                ahead.known
            };
            options.insert_below_except(limit, &ahead);
            let open = options.mex_from(0);
            let walked = if view.is_certain(n, open) {
                open
            } else if let Some(stop) = ahead.stop.filter(|&s| s != Stop::START) {
                // The walk goes on from where the workers' stopped, with the splits they
                // could not see (after every split, the mex is `G(n)` as it is).
                view.mark_unseen(options, n, from, stop);
                let open = options.mex_from(open);
                if view.is_certain(n, open) {
                    open
                } else {
                    view.walk_from(options, n, open, stop).0
                }
            } else {
                view.walk(options, n, open)
            };
            if ahead.complete || walked < limit {
                mex = Some(walked);
            } else {
                options.reset_wide::<W>(bound)?;
                view.mark_simple(options, n);
            }
        }
    }
    let mex = match mex {
        Some(mex) => mex,
        None => {
            for &t in view.split_takes {
                if n >= t + 2 {
                    view.mark_rare(options, n - t, 0, n - t);
                }
            }
            let mex = options.mex_from(0);
            if !view.split_takes.is_empty() && !view.is_certain(n, mex) {
                view.walk(options, n, mex)
            } else {
                mex
            }
        }
    };
    u32::try_from(mex).map_err(|_| Error::Overflow {
        what: format!("the Grundy value of heap {n} does not fit in 32 bits"),
    })
}

/// `G(n)` for `n = view.g.len()` with no workers, collecting in `sets[j]` the rare pairs of
/// heap `n + j` as well (see [`View::mark_rare_many`]; `sets[0]` is heap `n`'s, and every
/// split take `t` has `n ≥ t + 2`); the sets are emptied first.
fn value_of_many<W: Width>(
    view: &View<'_, W>,
    sets: &mut [Options; LOOK],
    bound: usize,
    n: usize,
) -> Result<u32, Error> {
    Options::reset_many::<W>(sets, bound)?;
    view.mark_simple(&mut sets[0], n);
    for &t in view.split_takes {
        view.mark_rare_many(sets, n - t);
    }
    finish(view, &mut sets[0], n)
}

/// `G(n)` for `n = view.g.len()` with no workers, when `options` holds the rare pairs that
/// [`value_of_many`] collected for it at heap `from < n`: the splits with a rare part
/// listed then whose partner was known then. Added here: the moves to one heap, and the
/// rare pairs with a partner at or past `from` or a rare part at or past it.
fn value_of_ahead<W: Width>(
    view: &View<'_, W>,
    options: &mut Options,
    n: usize,
    from: usize,
) -> Result<u32, Error> {
    view.mark_simple(options, n);
    for &t in view.split_takes {
        if n >= t + 2 {
            let m = n - t;
            view.mark_rare_below(options, m, (m + 1).saturating_sub(from));
            view.mark_rare_from(options, m, from);
        }
    }
    finish(view, options, n)
}

/// The mex of `options`, which hold every option of heap `n` with a rare part, walked on
/// until it is certain: `G(n)`.
fn finish<W: Width>(view: &View<'_, W>, options: &mut Options, n: usize) -> Result<u32, Error> {
    let mut mex = options.mex_from(0);
    if !view.is_certain(n, mex) {
        mex = view.walk(options, n, mex);
    }
    u32::try_from(mex).map_err(|_| Error::Overflow {
        what: format!("the Grundy value of heap {n} does not fit in 32 bits"),
    })
}

/// What the workers kept of the options they collected for one heap: every value below
/// `base` (their mex) is one, and bit `i % 64` of `bits[i / 64]` says whether `base + i` is
/// not (a hole), for the first [`HOLE_SPAN`] values from `base`; and where their walk
/// stopped.
#[cfg(feature = "parallel")]
#[derive(Debug, Clone, Copy, Default)]
// 64 bytes: a heap a cache line, so the workers never write the same line.
#[repr(align(64))]
struct Holes {
    base: u32,
    /// Where the workers' walk stopped ([`Stop`]); `take` is `u8::MAX` when it did not fit.
    start: u32,
    take: u8,
    probes: u8,
    bits: [u64; HOLE_WORDS],
}

// One cache line, the holes kept with where the walk stopped.
#[cfg(feature = "parallel")]
const _: () = assert!(core::mem::size_of::<Holes>() == 64);

/// What the workers of the `parallel` feature found ahead for the heaps
/// `start..start + count`, from the values below `from` (at most `start`: the block after
/// the one the serial path is finishing) and the rare positions below it: for
/// heap `start + k`, `holes[k]`, the values not among the options they collected. Those
/// are every split with a rare part whose other part is below `from`, and the splits they
/// walked; the serial path adds the rest (the moves to one heap, and the splits with a rare
/// part below `m - from + 1` or at or past `from`), so that every option with a rare part
/// is in the union. The least hole the rest leaves open is then the mex of true options that
/// include every option but common pairs, and when no common pair can have it
/// ([`is_certain`]) it is `G(n)`, the value the serial path finds alone; when it cannot be
/// told so, the serial path walks (see [`Sparse::next_value`]).
#[cfg(feature = "parallel")]
#[derive(Debug, Default)]
struct Prepared {
    /// The first heap of the block.
    start: usize,
    /// The values known to the workers: those below it (at most `start`).
    from: usize,
    count: usize,
    /// The bound of the values when the block was prepared: the workers' options are below it.
    bound: usize,
    holes: Vec<Holes>,
    /// The shape the workers walked with (an index of [`SHAPES`]), the pairs they walked,
    /// and the heaps ([`Learner`]).
    shape: usize,
    walked: usize,
    heaps: usize,
}

/// A chunk of a block ([`chunk_lens`]): its first heap, and the holes of its heaps.
#[cfg(feature = "parallel")]
type Chunk<'p> = (usize, &'p mut [Holes]);

/// A block of heaps being collected by the workers ([`Sparse::prepare`]): its chunks, each
/// taken by the thread that claims it from `next`.
#[cfg(feature = "parallel")]
struct Claims<'p> {
    chunks: Vec<std::sync::Mutex<Option<Chunk<'p>>>>,
    /// The next chunk to claim (past the last: none is left).
    next: AtomicUsize,
    /// The chunks claimed and ended.
    done: AtomicUsize,
    /// A chunk could not be collected (memory refused): the block is not used.
    failed: AtomicBool,
    /// The pairs the workers walked, and the heaps ([`Learner`]).
    walked: AtomicUsize,
    heaps: AtomicUsize,
}

#[cfg(feature = "parallel")]
impl Claims<'_> {
    /// Waits until every chunk is claimed and ended: briefly, since the caller has claimed
    /// until none was left, so that only chunks being collected remain.
    fn wait(&self) {
        let mut spins = 0u32;
        while self.done.load(Ordering::Acquire) < self.chunks.len() {
            if spins < 1 << 12 {
                spins += 1;
                core::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// The lengths of the chunks a block of `count` heaps is cut into for `threads` threads,
/// in order: each half a thread's share of what is left (guided), a multiple of [`LOOK`]
/// (so that a chunk's rare pass serves whole groups of heaps), from [`CHUNK`] heaps down to
/// [`LEAST_CHUNK`]. A block of 256 heaps on two threads is five chunks of 32, then 24, 16,
/// 12, 8, 8 and seven of 4: the thread that runs out of chunks first waits for at most a
/// small one, where chunks of 16 made it wait for half of one on average (the waits fell
/// from about 3% of two threads' samples to about 1.5%, BENCHMARKS.md).
#[cfg(feature = "parallel")]
fn chunk_lens(count: usize, threads: usize) -> impl Iterator<Item = usize> {
    let mut rest = count;
    core::iter::from_fn(move || {
        let share = rest / (2 * threads.max(1)) / LOOK * LOOK;
        let len = share.clamp(LEAST_CHUNK, CHUNK).min(rest);
        rest -= len;
        (len > 0).then_some(len)
    })
}

/// Counts a chunk as ended when dropped ([`Claims::done`]), however it ends.
#[cfg(feature = "parallel")]
struct Done<'a>(&'a AtomicUsize);

#[cfg(feature = "parallel")]
impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// The workers' option sets, a group for each thread of the pool (by its index), kept for a
/// whole run: a set has room for every value of a narrow width (see
/// [`Options::reset_wide`]), too much to make and clear for each chunk of heaps.
#[cfg(feature = "parallel")]
type WorkerSets = Vec<std::sync::Mutex<[Options; LOOK]>>;

#[cfg(feature = "parallel")]
impl Prepared {
    /// What the workers found for heap `n`, if the block holds it.
    #[inline]
    fn holes(&self, n: usize) -> Option<Ahead<'_>> {
        let k = n.checked_sub(self.start).filter(|&k| k < self.count)?;
        let holes = self.holes.get(k)?;
        let base = holes.base as usize;
        let known = base.saturating_add(HOLE_SPAN);
        Some(Ahead {
            from: self.from,
            bound: self.bound,
            base,
            bits: &holes.bits,
            known,
            complete: known >= self.bound,
            stop: (holes.take != u8::MAX).then(|| Stop {
                take: usize::from(holes.take),
                start: holes.start as usize,
                probes: usize::from(holes.probes),
            }),
        })
    }
}

/// What the workers found for one heap ([`Prepared`]).
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "parallel"), allow(dead_code))]
struct Ahead<'p> {
    /// The workers knew the values below it.
    from: usize,
    /// Their options are below it.
    bound: usize,
    /// Every value below it is among their options.
    base: usize,
    /// Which values from `base` on are not ([`Holes::bits`]).
    bits: &'p [u64],
    /// The values below it are known: among their options or not.
    known: usize,
    /// Whether `known` is at least `bound`, so that their options are known whole.
    complete: bool,
    /// Where their walk stopped, if it was kept.
    stop: Option<Stop>,
}

impl Ahead<'_> {
    /// Whether `v` is known not to be among the workers' options (below `known`).
    #[inline]
    fn is_hole(&self, v: usize) -> bool {
        match v.checked_sub(self.base) {
            Some(i) if v < self.known => self
                .bits
                .get(i / 64)
                .is_some_and(|word| (word >> (i % 64)) & 1 == 1),
            _ => false,
        }
    }

    /// The values below `known` that are not among the workers' options, ascending.
    fn holes(&self) -> impl Iterator<Item = usize> + '_ {
        let (base, known) = (self.base, self.known);
        self.bits
            .iter()
            .enumerate()
            .flat_map(move |(k, &word)| {
                let mut word = word;
                core::iter::from_fn(move || {
                    let i = word.trailing_zeros();
                    (word != 0).then(|| {
                        word &= word - 1;
                        base + 64 * k + i as usize
                    })
                })
            })
            .take_while(move |&v| v < known)
    }
}

/// Where a walk of a heap stopped ([`View::walk_from`]): at the split take `split_takes[take]`
/// (past the last when it walked every split), whose ascent had reached the part `start`
/// (every part below it walked, from the first whose partner was known) after `probes`
/// probes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stop {
    take: usize,
    start: usize,
    probes: usize,
}

impl Stop {
    /// Before the first split: a walk of its own.
    const START: Stop = Stop {
        take: 0,
        start: 0,
        probes: 0,
    };
}

/// The shape of the walk ([`View::walk`]): after each block of its ascent, two probes started
/// among the first [`PROBE_SPAN`] parts (near), or one over every split (far), at most the
/// largest power of two that keeps them within the splits. Every shape is exact; they differ
/// in how many pairs they walk before the mex is certain, and which is best depends on the
/// code: for `0.6` two probes near, for `0.64` one (BENCHMARKS.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Two probes a block, near.
    TwoNear,
    /// One probe a block, far.
    OneFar,
}

/// Chooses the walk's shape as a computation goes, by the pairs its walks count. The heaps
/// go in windows of [`WINDOW`], each walked with one shape: the chosen one ([`SHAPES`]), but
/// one window in [`EXPLORE`] takes the other. Every [`EPOCH`] windows the other shape is
/// chosen if it walked a tenth fewer pairs a heap, and the counts are halved, so that the
/// choice follows the code as its heaps grow. A tenth, because pairs are not time: a far
/// probe reads parts of the table the near ones and the rare pairs do not keep in the cache
/// (to 2^20 heaps of `0.6`, two probes far counted a tenth more than two near, and the whole
/// run took 13% more time, about a quarter more for the walk), and four shapes chosen by the
/// fewest pairs were no faster than these two. The counts are integers and the choice
/// compares them by cross-multiplication. The values do not depend on the shapes, only the
/// time; the shape is read once a heap, and counted once a window.
#[derive(Debug, Clone, Default)]
struct Learner {
    /// The chosen shape, an index of [`SHAPES`].
    chosen: usize,
    /// The shape of the current window.
    shape: usize,
    /// The heap count at which the current window ends.
    end: usize,
    /// The windows ended.
    windows: u64,
    /// The pairs walked in the current window, and its heaps counted.
    window_pairs: u64,
    window_heaps: u64,
    /// The pairs walked with each shape, and the heaps, since the counts were last halved.
    pairs: [u64; SHAPES.len()],
    heaps: [u64; SHAPES.len()],
}

impl Learner {
    /// The shape of the current window.
    #[inline]
    fn shape(&self) -> Shape {
        SHAPES[self.shape % SHAPES.len()]
    }

    /// Counts `heaps` heaps walked with the current window's shape, `pairs` pairs in all.
    #[inline]
    fn walked(&mut self, pairs: usize, heaps: usize) {
        self.window_pairs = self
            .window_pairs
            .saturating_add(pairs.min(MOST_COUNTED.saturating_mul(heaps)) as u64);
        self.window_heaps = self.window_heaps.saturating_add(heaps as u64);
    }

    /// Counts the walks of the workers of a block ([`Sparse::prepare`]), if they walked with
    /// the current window's shape.
    #[cfg(feature = "parallel")]
    fn absorb(&mut self, block: &Prepared) {
        if block.shape == self.shape {
            self.walked(block.walked, block.heaps);
        }
    }

    /// Ends the window if the table has reached `len` values past its end: its counts go to
    /// its shape, a shape is chosen at the end of an epoch, and the next window's shape is
    /// set.
    #[inline]
    fn next(&mut self, len: usize) {
        if len >= self.end {
            self.end_window(len);
        }
    }

    fn end_window(&mut self, len: usize) {
        let shape = self.shape % SHAPES.len();
        self.pairs[shape] = self.pairs[shape].saturating_add(self.window_pairs);
        self.heaps[shape] = self.heaps[shape].saturating_add(self.window_heaps);
        (self.window_pairs, self.window_heaps) = (0, 0);
        self.windows += 1;
        if self.windows % EPOCH == 0 {
            self.choose();
        }
        // One window in EXPLORE walks with the other shape.
        self.shape = if self.windows % EXPLORE == EXPLORE - 1 {
            SHAPES.len() - 1 - self.chosen
        } else {
            self.chosen
        };
        self.end = len.saturating_add(WINDOW);
    }

    /// Chooses the shape with the fewest pairs a heap among those counted, and halves the
    /// counts.
    fn choose(&mut self) {
        let rate = |i: usize| (u128::from(self.pairs[i]), u128::from(self.heaps[i]));
        let mut best = self.chosen;
        for i in 0..SHAPES.len() {
            let ((p, h), (bp, bh)) = (rate(i), rate(best));
            // p / h < 0.9 · bp / bh, or `best` has not been counted (saturating: the counts
            // are halved every epoch and stay far below it).
            let (lhs, rhs) = (p.saturating_mul(bh), bp.saturating_mul(h));
            if h > 0 && (bh == 0 || lhs.saturating_mul(10) < rhs.saturating_mul(9)) {
                best = i;
            }
        }
        self.chosen = best;
        for i in 0..SHAPES.len() {
            self.pairs[i] /= 2;
            self.heaps[i] /= 2;
        }
    }
}

/// What the options of a heap are read from: the values known, the rare list and the split.
/// The serial path reads it to compute a value; the workers of the `parallel` feature read it
/// to collect, ahead, the options of the heaps after the values known.
#[derive(Clone, Copy)]
struct View<'s, W, T = &'s [W]> {
    g: T,
    rare: &'s [usize],
    /// `rare` as `u32`, when every rare position fits.
    rare_near: Option<&'s [u32]>,
    rare_values: &'s [W],
    split_takes: &'s [usize],
    simple: &'s [TakeRule],
    unequal: bool,
    split: Split,
    parity: usize,
    /// The walk's shape.
    shape: Shape,
}

impl<W: Width, T: Table<W>> View<'_, W, T> {
    /// Whether the mex `m` of heap `n` is certain (see [`is_certain`]).
    #[inline]
    fn is_certain(&self, n: usize, m: usize) -> bool {
        is_certain(self.split, self.parity, n, m)
    }

    /// Marks the moves of heap `n` that leave one heap or none.
    #[inline]
    fn mark_simple(&self, options: &mut Options, n: usize) {
        for r in self.simple {
            if r.none && n == r.take {
                options.insert(0);
            }
            if r.one && n > r.take {
                if let Some(v) = self.g.at(n - r.take) {
                    options.insert(v.into());
                }
            }
        }
    }

    /// Marks the splits `(r, m - r)` of `m` tokens for the rare positions `lo ≤ r < hi`
    /// (`hi ≤ m`) whose partner `m - r` is known; with unequal splits, not `(m/2, m/2)`.
    #[inline]
    fn mark_rare(&self, options: &mut Options, m: usize, lo: usize, hi: usize) {
        let from = self.rare.partition_point(|&r| r < lo);
        let to = self.rare.partition_point(|&r| r < hi.min(m));
        self.mark_rare_at(options, m, from, to);
    }

    /// [`View::mark_rare`] for the rare positions below `hi`, few: found by a scan from the
    /// start of the list rather than a search (the serial path's pairs whose partner is in
    /// its block).
    #[inline]
    fn mark_rare_below(&self, options: &mut Options, m: usize, hi: usize) {
        let hi = hi.min(m);
        let to = self.rare.iter().take_while(|&&r| r < hi).count();
        self.mark_rare_at(options, m, 0, to);
    }

    /// [`View::mark_rare`] for the rare positions from `lo` to `m`, few: found by a scan from
    /// the end of the list (the serial path's rare positions in its block).
    #[inline]
    fn mark_rare_from(&self, options: &mut Options, m: usize, lo: usize) {
        let end = self.rare.len();
        let to = end - self.rare.iter().rev().take_while(|&&r| r >= m).count();
        let from = to
            - self.rare[..to]
                .iter()
                .rev()
                .take_while(|&&r| r >= lo)
                .count();
        self.mark_rare_at(options, m, from, to);
    }

    /// [`View::mark_rare`] for the rare positions `rare[from..to]`, all below `m`.
    #[inline]
    fn mark_rare_at(&self, options: &mut Options, m: usize, from: usize, to: usize) {
        if from >= to {
            return;
        }
        let (rare, values) = (&self.rare[from..to], &self.rare_values[from..to]);
        // The equal split (m/2, m/2) is not a move of an unequal game: the rare position
        // m/2 is skipped.
        let (below, above) = if self.unequal && m % 2 == 0 {
            let half = m / 2;
            let below = rare.partition_point(|&r| r < half);
            (below, below + usize::from(rare.get(below) == Some(&half)))
        } else {
            (rare.len(), rare.len())
        };
        let near = self
            .rare_near
            .filter(|_| u32::try_from(m).is_ok())
            .and_then(|near| near.get(from..to));
        for (lo, hi) in [(0, below), (above, rare.len())] {
            if lo < hi {
                match near {
                    Some(near) => options.mark_pairs(self.g, &near[lo..hi], &values[lo..hi], m),
                    None => options.mark_pairs(self.g, &rare[lo..hi], &values[lo..hi], m),
                }
            }
        }
    }

    /// Walks every split of heap `n`, from mex `mex` of what is collected, until the mex is
    /// certain or every split is seen. The result is `G(n)`.
    ///
    /// The walk goes up from the smallest part in blocks of [`ASCENT`] splits, and after each block
    /// it marks one or two probes (as its [`Shape`] says): [`PROBE`] splits each further on, at a
    /// place that depends only on the probe's number and the size of the heap (so consecutive heaps
    /// probe the same parts of the table, which stay in the cache). The holes the walk must fill
    /// are a few values, and the pairs of nearby parts are alike (near 2^21 heaps,
    /// `G(a + 3) = G(a)` for 30% of Grundy's game's heaps), so pairs from far apart fill the holes
    /// sooner: to 2^21 heaps a walk with one probe a block, over the whole span, saw 1545 pairs a
    /// heap instead of 3185 for Grundy's game, and 1846 instead of 2808 for `0.6`. A probe only
    /// adds options that are there, and the walk from the smallest part still reaches every split,
    /// so the result is exact.
    ///
    /// Which shape walks fewest pairs depends on the code, so a computation learns it as it
    /// goes ([`Learner`]). For two probes a block among the first 2^15 parts, simulated on the
    /// tables (every fifth heap from 2^17 to 2^20, every 41st from 2^21 to
    /// 2^22), that walks 10%–15% fewer pairs than one probe a block over the whole span for
    /// `0.6` (1567 a heap against 1839 from 2^19 to 2^20; 1549 against 1723 from 2^21) and
    /// 7%–8% fewer for Grundy's game (1438 against 1570 from 2^19); a span of 2^14 walks
    /// more (1610 and 1780), and so does the whole span with two probes (1788 and 1494).
    /// Their partners then lie among the last 2^15 values, which the rare pairs read too. But
    /// `0.64` walks 7.5% more pairs with that shape than with one probe a block, `0.127` 12%
    /// more (short walks, a probe past the answer), and `0.344` 3% more than over the whole
    /// span (BENCHMARKS.md). Learnt between two probes near and one far ([`Learner`]), one
    /// thread to 2^20 heaps (`0.344` to 2^17): `0.64` takes 8% less time than with the fixed
    /// shape of two probes near, `0.344` 4%, Grundy's game 2% less, and `0.6` is level.
    ///
    /// Only splits whose parts are both known are walked (all of them on the serial path;
    /// the workers skip the few whose larger part is not computed yet, and when the options
    /// the serial path adds then make the mex rare, which happens for about 2% to 3% of the
    /// heaps of `0.6` to 2^20 and 30% of `0.64`'s, the serial path walks on from where the
    /// workers' walk stopped, [`View::walk_from`], after the splits they could not see,
    /// [`View::mark_unseen`]). Looking one hole further in the workers, to spare those walks,
    /// walked 43% more pairs in all for `0.6`: not worth it.
    #[inline]
    fn walk(&self, options: &mut Options, n: usize, mex: usize) -> usize {
        self.walk_from(options, n, mex, Stop::START).0
    }

    /// [`View::walk`] from where an earlier walk of heap `n` stopped (`from`; [`Stop::START`]
    /// for a walk of its own): the splits of the split takes before `from.take` are taken as
    /// walked, and the ascent of `from.take` goes on from `from.start` after `from.probes`
    /// probes. The mex and where this walk stopped. Its shape need not be the earlier walk's:
    /// the ascent still reaches every split, and a probe only adds options that are there.
    fn walk_from(&self, options: &mut Options, n: usize, mex: usize, from: Stop) -> (usize, Stop) {
        // Each shape is its own loop, with its probes and span as constants.
        let (mex, walked, stop) = match self.shape {
            Shape::TwoNear => self.walk_shaped::<2, PROBE_SPAN>(options, n, mex, from),
            Shape::OneFar => self.walk_shaped::<1, { usize::MAX }>(options, n, mex, from),
        };
        options.walked = options.walked.saturating_add(walked);
        (mex, stop)
    }

    /// The smaller parts `a` of the splits `(a, m - a)` of `m` tokens whose larger part is
    /// below `known`, as `first..=last`: an unequal split stops short of `(m/2, m/2)`.
    #[inline]
    fn parts(&self, m: usize, known: usize) -> (usize, usize) {
        let last = if self.unequal && m % 2 == 0 {
            m / 2 - 1
        } else {
            m / 2
        };
        ((m + 1).saturating_sub(known).max(1), last)
    }

    /// Marks the splits of heap `n` that a walk of the workers, which knew the values below
    /// `from` and stopped at `stop`, took as walked but could not see: those whose larger
    /// part is at or past `from` and known here, in the split takes up to `stop.take`. With
    /// them, that walk's options and [`View::walk_from`] `stop` give every split.
    fn mark_unseen(&self, options: &mut Options, n: usize, from: usize, stop: Stop) {
        let known = self.g.len();
        for &t in self.split_takes.iter().take(stop.take.saturating_add(1)) {
            if n < t + 2 {
                continue;
            }
            let m = n - t;
            // The parts `a` with `m - a` known here, and not to the workers.
            let (first, last) = self.parts(m, known);
            let seen = self.parts(m, from).0.min(last + 1);
            if first < seen {
                self.g.mark_run(options, first, m + 1 - seen, seen - first);
            }
        }
    }

    /// [`View::walk`] with `PROBES` probes a block started among the first `SPAN` parts: the
    /// mex, and what the learner counts for it ([`CHECK_COST`]). Kept out of line, so that
    /// each shape is as compact a function as the one walk of a fixed shape was.
    #[inline(never)]
    fn walk_shaped<const PROBES: usize, const SPAN: usize>(
        &self,
        options: &mut Options,
        n: usize,
        mut mex: usize,
        from: Stop,
    ) -> (usize, usize, Stop) {
        let g = self.g;
        let known = g.len();
        let mut walked = 0;
        let mut stop = Stop {
            take: self.split_takes.len(),
            ..Stop::START
        };
        for (i, &t) in self.split_takes.iter().enumerate().skip(from.take) {
            if n < t + 2 {
                continue;
            }
            let m = n - t;
            // The pairs (a, m - a) for a in first..=last, in blocks of ASCENT: a block is a
            // branch-free loop, and the mex is checked between blocks.
            let (first, last) = self.parts(m, known);
            // The probes start at 1 + (k · PROBE_STEP) mod span, for the k-th probe: `span`
            // is the largest power of two that keeps the probe within the splits, at most
            // SPAN.
            let span = if last >= PROBE_FROM {
                (1 << (usize::BITS - 1 - (last - PROBE).leading_zeros())).min(SPAN)
            } else {
                0
            };
            let (mut start, mut probes) = if i == from.take {
                (from.start.max(first), from.probes)
            } else {
                (first, 0)
            };
            let began = start;
            while start <= last {
                let stop = start + ASCENT;
                if stop <= last + 1 {
                    g.mark_fixed::<ASCENT>(options, start, m + 1 - stop);
                } else {
                    g.mark_run(options, start, m - last, last + 1 - start);
                }
                start = stop;
                for _ in 0..PROBES {
                    if span != 0 && probes < MAX_PROBES && start <= last {
                        probes += 1;
                        let a = 1 + ((probes * PROBE_STEP) & (span - 1));
                        let b = a + PROBE;
                        if a >= first {
                            g.mark_fixed::<PROBE>(options, a, m + 1 - b);
                        }
                    }
                }
                mex = options.mex_from(mex);
                if self.is_certain(n, mex) {
                    break;
                }
            }
            // What the learner counts, from where the walk stopped: nothing is counted in
            // the loop (counting there cost `0.6` 1%-2%). The blocks are `ASCENT` pairs
            // apart, and a probe skipped for want of values counts as walked.
            let ascent = start.min(last + 1).saturating_sub(began);
            walked += ascent + probes * PROBE + ascent.div_ceil(ASCENT) * CHECK_COST;
            if self.is_certain(n, mex) {
                stop = Stop {
                    take: i,
                    start,
                    probes,
                };
                break;
            }
        }
        (mex, walked, stop)
    }
}

impl<'s, W: Width> View<'s, W, &'s [W]> {
    /// The rare pairs of [`LOOK`] heaps at once: marks in `sets[j]` the splits
    /// `(r, m + j - r)` of `m + j` tokens with a rare part `r < m + j` whose partner is
    /// known, for the rare positions listed (all below `g.len()`), so that each set gets
    /// what [`View::mark_rare`] with `lo = 0`, `hi = m + j` gives it. On the serial path
    /// without workers (`m ≤ g.len()`) the heaps after the current one then need only the
    /// pairs these leave out: a rare part at or past `g.len()`, or a partner at or past it
    /// (see [`value_of_ahead`]); the workers of the `parallel` feature take it for the heaps
    /// of a block ahead (`m` past `g.len()`), whose pairs with a partner not yet known the
    /// serial path adds.
    fn mark_rare_many(&self, sets: &mut [Options; LOOK], m: usize) {
        let rare = self.rare;
        let known = self.g.len();
        // `sets[j]` takes the rare positions `rare[start[j]..end[j]]` (`r < m + j`, partner
        // `m + j - r < known`); an unequal game leaves out the equal split, `r = (m + j)/2`
        // when `m + j` is even.
        // The index of the first rare position at or past `bound`: no search past either end.
        let index = |bound: usize| match (rare.first(), rare.last()) {
            (_, Some(&last)) if bound > last => rare.len(),
            (Some(&first), _) if bound <= first => 0,
            _ => rare.partition_point(|&r| r < bound),
        };
        let end: [usize; LOOK] = core::array::from_fn(|j| index(m + j));
        let start: [usize; LOOK] =
            core::array::from_fn(|j| index((m + j + 1).saturating_sub(known)));
        let skip: [Option<usize>; LOOK] = core::array::from_fn(|j| {
            let m = m + j;
            if self.unequal && m % 2 == 0 {
                let at = index(m / 2);
                (rare.get(at) == Some(&(m / 2))).then_some(at)
            } else {
                None
            }
        });
        let near = self.rare_near.filter(|_| u32::try_from(m + LOOK).is_ok());
        let values = self.rare_values;
        let many = |sets: &mut [Options; LOOK], lo: usize, hi: usize| match near {
            Some(near) => Options::mark_pairs_many(sets, self.g, &near[lo..hi], &values[lo..hi], m),
            None => Options::mark_pairs_many(sets, self.g, &rare[lo..hi], &values[lo..hi], m),
        };
        let one = |set: &mut Options, lo: usize, hi: usize, m: usize| {
            if lo < hi {
                match near {
                    Some(near) => set.mark_pairs(self.g, &near[lo..hi], &values[lo..hi], m),
                    None => set.mark_pairs(self.g, &rare[lo..hi], &values[lo..hi], m),
                }
            }
        };
        if skip.iter().all(Option::is_none) {
            // Each set's range begins and ends no earlier than the one before (its bounds are
            // one more), so every set holds the range from the last start to the first end:
            // that range in one pass, the rest of each set's alone.
            let (lo, hi) = (start[LOOK - 1], end[0]);
            if lo < hi {
                many(sets, lo, hi);
                for (j, set) in sets.iter_mut().enumerate() {
                    one(set, start[j], lo, m + j);
                    one(set, hi, end[j], m + j);
                }
            } else {
                for (j, set) in sets.iter_mut().enumerate() {
                    one(set, start[j], end[j], m + j);
                }
            }
            return;
        }
        let stop = end.iter().copied().max().unwrap_or(0);
        // Every index at which a set's membership can change: between two of them, each
        // range is marked in the sets it belongs to (in one pass when it is all of them).
        let mut points = [stop; 4 * LOOK + 1];
        points[0] = 0;
        for j in 0..LOOK {
            points[4 * j + 1] = start[j];
            points[4 * j + 2] = end[j];
            points[4 * j + 3] = skip[j].unwrap_or(stop);
            points[4 * j + 4] = skip[j].map_or(stop, |s| s + 1);
        }
        points.sort_unstable();
        for w in points.windows(2) {
            let (lo, hi) = (w[0], w[1].min(stop));
            if lo >= hi {
                continue;
            }
            let member = |j: usize| lo >= start[j] && lo < end[j] && skip[j] != Some(lo);
            if (0..LOOK).all(member) {
                many(sets, lo, hi);
            } else {
                for (j, set) in sets.iter_mut().enumerate() {
                    if member(j) {
                        one(set, lo, hi, m + j);
                    }
                }
            }
        }
    }
}

/// The state a computation of `rules` continued from the values `g` starts in (the state the
/// computation at once is in after them): the split, the heap count it was chosen at, and
/// the rare positions. `None` for rules with no splitting move, which keep no such state.
///
/// # Errors
///
/// [`Error::OutOfMemory`] for the histogram or the list.
pub(crate) fn continued_state<W: Width>(
    rules: &SplitRules,
    g: &[W],
) -> Result<Option<SplitRecord>, Error> {
    let splits = rules.splits();
    if !rules.takes.iter().any(|r| r.two) {
        return Ok(None);
    }
    let with_parity = splits.even_take != splits.odd_take;
    let at = last_split_point(g.len());
    let split = match at {
        Some(at) => best_split(&g[..at], with_parity)?,
        None => Split::NONE,
    };
    let mut rare = Vec::new();
    for (i, &v) in g.iter().enumerate().skip(1) {
        if !split.is_common(i, v.into()) {
            memory::push(&mut rare, i).ok_or_else(|| Error::OutOfMemory {
                what: format!("a list of {} rare positions", rare.len() + 1),
            })?;
        }
    }
    Ok(Some(SplitRecord {
        value_mask: split.value_mask,
        parity_bit: split.parity_bit,
        at: at.unwrap_or(0),
        rare,
    }))
}

/// The split that makes the fewest positions of `g` rare (keys with the parity of the
/// position when `with_parity`), by a Walsh–Hadamard transform of the histogram of keys.
fn best_split<W: Width>(g: &[W], with_parity: bool) -> Result<Split, Error> {
    let max: u32 = g.iter().map(|&v| v.into()).max().unwrap_or(0);
    let bits = (32 - max.leading_zeros()).min(MAX_KEY_BITS);
    let key_bits = bits + u32::from(with_parity);
    let size = 1usize << key_bits;
    let low = (1u32 << bits) - 1;
    let mut f = zeroed_histogram(size)?;
    for (i, &v) in g.iter().enumerate().skip(1) {
        let key = (v.into() & low) as usize | if with_parity { (i & 1) << bits } else { 0 };
        f[key] += 1;
    }
    // f[mask] becomes the sum over keys of count·(−1)^popcount(key & mask): the number of
    // rare positions minus the number of common ones.
    walsh_hadamard(&mut f);
    let best = (1..size).min_by_key(|&mask| (f[mask], mask));
    Ok(match best {
        Some(mask) if f[mask] < f[0] => Split {
            value_mask: mask as u32 & low,
            parity_bit: with_parity && (mask >> bits) & 1 == 1,
        },
        _ => Split::NONE,
    })
}

/// `size` zero counts (at most 2^21: the keys are capped at `MAX_KEY_BITS` bits and a
/// parity bit), for the histogram of keys both engines transform.
pub(crate) fn zeroed_histogram(size: usize) -> Result<Vec<i64>, Error> {
    memory::filled(size, 0).ok_or_else(|| Error::OutOfMemory {
        what: format!("a histogram of {size} keys of 8 bytes each"),
    })
}

/// The Walsh–Hadamard transform of `f` in place (`f.len()` a power of two): afterwards
/// `f[mask]` is the sum over keys of `f[key]·(−1)^popcount(key & mask)`. Both engines choose
/// their rare/common split by it.
pub(crate) fn walsh_hadamard(f: &mut [i64]) {
    let size = f.len();
    let mut h = 1;
    while h < size {
        for block in (0..size).step_by(2 * h) {
            for i in block..block + h {
                let (x, y) = (f[i], f[i + h]);
                f[i] = x + y;
                f[i + h] = x - y;
            }
        }
        h *= 2;
    }
}

/// Appends a rare position `n` and its value to the rare lists of either engine.
pub(crate) fn push_rare(
    rare: &mut Vec<usize>,
    rare_values: &mut Vec<u32>,
    n: usize,
    value: u32,
) -> Result<(), Error> {
    memory::push(rare, n)
        .and_then(|()| memory::push(rare_values, value))
        .ok_or_else(|| Error::OutOfMemory {
            what: format!(
                "a list of {} rare positions of 12 bytes each",
                rare.len() + 1
            ),
        })
}

/// The first period check after a table of `start` values: the least `FIRST_CHECK · 2^k`
/// above it, so that a continued table is checked where a table computed at once would be.
fn first_check_after(start: usize) -> usize {
    let mut next = FIRST_CHECK;
    while next <= start {
        next = next.saturating_mul(2);
    }
    next
}

/// The Grundy sequence of a take-and-break game to `len` values, by the sparse-space method,
/// continuing the values `from` (the first `from.len()` values, computed before).
///
/// The values are kept one byte each while they fit, and widened to two and four bytes when
/// a value needs it. `progress` is called with the number of values known every
/// [`PROGRESS_INTERVAL`](super::table::PROGRESS_INTERVAL) values; when it breaks, the values so far are returned, marked
/// interrupted.
pub(crate) fn split_sequence(
    rules: &SplitRules,
    from: &Store,
    len: usize,
    progress: Progress<'_>,
) -> Result<Grown, Error> {
    let keep = from.len().min(len);
    each_width!(from, v => {
        let mut g = reserve(len, usize::MAX)?;
        g.extend_from_slice(&v[..keep]);
        let state = Sparse::new(rules, g)?;
        let schedule = Schedule {
            len,
            next_check: first_check_after(keep),
            next_split: split_after(state.split_at),
        };
        run(state, schedule, progress)
    })
}

/// When the computation of [`split_sequence`] next looks for a period and next chooses a
/// split, and where it ends.
#[derive(Debug, Clone, Copy)]
struct Schedule {
    len: usize,
    next_check: usize,
    next_split: usize,
}

/// The threads of the rayon pool to compute on: those of the pool this runs in, else those of
/// rayon's global pool, started here if it is not yet. If the system refuses the global pool
/// its threads (a limit on processes or on memory), every later use of it panics in rayon, so
/// the table is computed on this thread alone (the values are the same at any thread count).
#[cfg(feature = "parallel")]
fn pool_threads() -> usize {
    if rayon::current_thread_index().is_some() {
        return rayon::current_num_threads();
    }
    static STARTED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    // An error with no source is "already started" (by the caller, or by a use of rayon);
    // one with a source is the system's refusal.
    let started = *STARTED.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .build_global()
            .map_or_else(|err| std::error::Error::source(&err).is_none(), |()| true)
    });
    if started {
        rayon::current_num_threads()
    } else {
        1
    }
}

/// Continues `state` to `schedule.len` values, widening its values when one needs it.
fn run<W: Width>(
    mut state: Sparse<'_, W>,
    mut schedule: Schedule,
    progress: Progress<'_>,
) -> Result<Grown, Error> {
    let len = schedule.len;
    let splits = state.rules.splits();
    let mut period = None;
    #[cfg(feature = "parallel")]
    let workers = pool_threads() > 1 && !state.split_takes.is_empty();
    #[cfg(not(feature = "parallel"))]
    let workers = false;
    // Set when the pipeline hands back a heap it could not finish (a value that needs the
    // next width, an error): that heap is computed alone.
    let mut alone = false;
    // When one thread alone began the heaps it computes last before the workers may help
    // again (at most RECOUNT), and how many there were then.
    #[cfg(feature = "parallel")]
    let mut clock: Option<(usize, std::time::Instant)> = None;
    while state.g.len() < len {
        let n = state.g.len();
        let step = if workers && !alone && n >= PARALLEL_FROM && n >= state.pause_until {
            alone = true;
            state.ahead_heap = usize::MAX;
            #[cfg(feature = "parallel")]
            let timed = clock
                .take()
                .map(|(from, at)| (n - from, at.elapsed()))
                .filter(|&(heaps, _)| heaps >= RECOUNT / 2);
            #[cfg(not(feature = "parallel"))]
            let timed = None;
            pipeline(&mut state, &mut schedule, progress, splits, timed)
        } else {
            alone = false;
            #[cfg(feature = "parallel")]
            if workers && clock.is_none() && n + RECOUNT >= state.pause_until.max(PARALLEL_FROM) {
                clock = Some((n, std::time::Instant::now()));
            }
            match state.next_value(None) {
                Ok(value) => match W::narrow(value) {
                    Some(narrow) => commit(&mut state, &mut schedule, progress, splits, narrow),
                    // The rest of the table in the next width (the heap is computed again
                    // there).
                    None => {
                        return match reserve::<W::Wider>(state.g.capacity(), usize::MAX) {
                            Ok(wide) => run(state.widen(wide), schedule, progress),
                            Err(err) => Ok(Grown::failed(W::store(state.g), err)),
                        };
                    }
                },
                Err(err) => Err(err),
            }
        };
        match step {
            Ok(Committed::Next) => {}
            Ok(Committed::Period(p)) => {
                period = Some(p);
                break;
            }
            Ok(Committed::Stopped) => return Ok(Grown::interrupted(W::store(state.g))),
            Err(err) => return Ok(Grown::failed(W::store(state.g), err)),
        }
    }
    let mut g = state.g;
    if let Some(p) = period {
        extend(&mut g, p, len);
    }
    Ok(Grown::done(GrundySequence::from_parts(
        W::store(g),
        period.map(|p| (p, Proof::GuySmith)),
    )))
}

/// Whether the workers of the `parallel` feature pay: whether `ours = (heaps, time)` of the
/// pipeline is at most the time one thread alone took for as many heaps, at the rate of
/// `alone`. Both are times of whole stretches, compared as exact integers (nanoseconds times
/// heaps). The heaps of the pipeline come after those timed alone and cost a little more
/// each, so a pipeline that is level with one thread is kept. The values never depend on
/// it: only which thread computes them.
#[cfg(feature = "parallel")]
fn workers_pay(ours: (usize, core::time::Duration), alone: (usize, core::time::Duration)) -> bool {
    let ours_total = ours.1.as_nanos().saturating_mul(alone.0 as u128);
    let alone_total = alone.1.as_nanos().saturating_mul(ours.0 as u128);
    ours_total <= alone_total
}

/// What comes after a value is appended ([`commit`]).
enum Committed {
    /// The next heap.
    Next,
    /// A period is proven: the table is done.
    Period(Period),
    /// The progress callback stopped the computation.
    Stopped,
}

/// Appends `G(n) = value` for `n = g.len()`, chooses the split and looks for a period when
/// the schedule says, and reports progress.
///
/// # Errors
///
/// [`Error::OutOfMemory`] for the rare list or the split.
fn commit<W: Width>(
    state: &mut Sparse<'_, W>,
    schedule: &mut Schedule,
    progress: Progress<'_>,
    splits: Splits,
    value: W,
) -> Result<Committed, Error> {
    state.push_value(value)?;
    let done = state.g.len();
    if done == schedule.next_split {
        state.choose_split(schedule.next_split)?;
        schedule.next_split = split_after(schedule.next_split);
    }
    if done == schedule.next_check || done == schedule.len {
        schedule.next_check = schedule.next_check.saturating_mul(2);
        if let Some(p) = guy_smith_period(&state.g, splits) {
            return Ok(Committed::Period(p));
        }
    }
    let stopped = stopped_at(
        progress,
        done,
        schedule.len,
        Some(state.rare.len()),
        state.largest,
    );
    Ok(if stopped {
        Committed::Stopped
    } else {
        Committed::Next
    })
}

/// Without the `parallel` feature there are no workers, and no pipeline.
#[cfg(not(feature = "parallel"))]
fn pipeline<W: Width>(
    _state: &mut Sparse<'_, W>,
    _schedule: &mut Schedule,
    _progress: Progress<'_>,
    _splits: Splits,
    _alone: Option<(usize, core::time::Duration)>,
) -> Result<Committed, Error> {
    Ok(Committed::Next)
}

/// The serial path's own state in the [`pipeline`]: the values of its block after those the
/// workers read, and the rare list, bound and option set over both.
#[cfg(feature = "parallel")]
struct Serial<W> {
    block: Vec<W>,
    rare: Vec<usize>,
    rare_values: Vec<W>,
    rare_near: Vec<u32>,
    bound: usize,
    options: Options,
}

#[cfg(feature = "parallel")]
impl<W: Width> Serial<W> {
    /// Takes the rare list and the bound of `state` again (after a commit that chose a
    /// split, the lists differ).
    fn follow(&mut self, state: &Sparse<'_, W>) -> Option<()> {
        copy_into(&mut self.rare, &state.rare)?;
        copy_into(&mut self.rare_values, &state.rare_values)?;
        copy_into(&mut self.rare_near, &state.rare_near)?;
        self.bound = state.bound;
        Some(())
    }

    /// Computes the heaps `from..to` (`from = lo.len()`) into `block`, with the holes of
    /// `ahead`, while the workers prepare the next block; stops early at a heap it cannot
    /// finish here (a value past the width, an error), which the caller computes alone.
    fn compute(&mut self, state: &Sparse<'_, W>, ahead: &[Prepared], to: usize) {
        let lo = &state.g[..];
        let base = state.view();
        self.block.clear();
        for n in lo.len()..to {
            let holes = ahead.iter().find_map(|p| p.holes(n));
            let near = near_list(&self.rare, &self.rare_near);
            let view = View {
                g: Two {
                    lo,
                    hi: &self.block,
                },
                rare: &self.rare,
                rare_near: near,
                rare_values: &self.rare_values,
                split_takes: base.split_takes,
                simple: base.simple,
                unequal: base.unequal,
                split: base.split,
                parity: base.parity,
                shape: base.shape,
            };
            let Ok(value) = value_of(&view, &mut self.options, self.bound, n, holes) else {
                return;
            };
            let Some(narrow) = W::narrow(value) else {
                return;
            };
            if memory::push(&mut self.block, narrow).is_none() {
                return;
            }
            while self.bound <= value as usize {
                self.bound *= 2;
            }
            if !state.split.is_common(n, value) {
                let pushed = push_rare_near(
                    &mut self.rare,
                    &mut self.rare_values,
                    &mut self.rare_near,
                    n,
                    narrow,
                );
                if pushed.is_none() {
                    self.block.pop();
                    return;
                }
            }
        }
    }
}

/// Makes `mine` a copy of `theirs`, fallibly.
#[cfg(feature = "parallel")]
fn copy_into<T: Copy>(mine: &mut Vec<T>, theirs: &[T]) -> Option<()> {
    mine.clear();
    mine.try_reserve(theirs.len()).ok()?;
    mine.extend_from_slice(theirs);
    Some(())
}

/// Continues `state` with the workers of the current rayon pool a block ahead of the serial
/// path: while the serial path finishes the heaps the workers prepared (block k), the workers
/// prepare block k + 1 from the values before block k, so that neither waits for the other
/// but at the end of a block. Returns [`Committed::Next`] at the end of the table or at a
/// heap the serial path could not finish, which the caller then computes alone.
///
/// # Errors
///
/// Those of [`commit`].
#[cfg(feature = "parallel")]
fn pipeline<W: Width>(
    state: &mut Sparse<'_, W>,
    schedule: &mut Schedule,
    progress: Progress<'_>,
    splits: Splits,
    alone: Option<(usize, core::time::Duration)>,
) -> Result<Committed, Error> {
    let len = schedule.len;
    let mut serial = Serial {
        block: Vec::new(),
        rare: Vec::new(),
        rare_values: Vec::new(),
        rare_near: Vec::new(),
        bound: 1,
        options: core::mem::take(&mut state.options),
    };
    // The time of this stint of the pipeline from the end of its first block (which the
    // workers prepare alone, and which wakes them), against the time one thread alone took
    // a heap just before it.
    let (stint, mut started, mut timed_from) = (state.g.len(), std::time::Instant::now(), 0);
    let mut blocks = 0;
    let outcome = (|| {
        if serial.follow(state).is_none() || serial.block.try_reserve(BLOCK).is_err() {
            return Ok(Committed::Next);
        }
        let mut ahead: Vec<Prepared> = Vec::new();
        let mut pool = WorkerSets::new();
        let threads = rayon::current_num_threads();
        if pool.try_reserve(threads).is_ok() {
            pool.resize_with(threads, Default::default);
        }
        let mut split_at = state.split_at;
        loop {
            let known = state.g.len();
            if known >= len {
                return Ok(Committed::Next);
            }
            ahead.retain(|p| p.start + p.count > known);
            let covered = ahead.last().map_or(known, |p| p.start + p.count);
            if covered <= known {
                // Nothing prepared (the start, or a new split): a block now, from here.
                let end = (known + BLOCK).min(len).min(schedule.next_split);
                let mut first = Prepared::default();
                state.prepare(known, end, &mut first, &pool, || {});
                state.learner.absorb(&first);
                if first.count == 0 {
                    return Ok(Committed::Next);
                }
                ahead.push(first);
                continue;
            }
            // The next block ends where the split is chosen again, so that the rare list
            // the workers read is the one the serial path reads.
            let end = (covered + BLOCK).min(len).min(schedule.next_split);
            let mut next = Prepared::default();
            let shared = &*state;
            let mut compute = || serial.compute(shared, &ahead, covered);
            if end > covered {
                shared.prepare(covered, end, &mut next, &pool, compute);
            } else {
                compute();
            }
            let finished = known + serial.block.len() == covered;
            for k in 0..serial.block.len() {
                match commit(state, schedule, progress, splits, serial.block[k])? {
                    Committed::Next => {}
                    other => return Ok(other),
                }
            }
            state.learner.absorb(&next);
            if !finished {
                return Ok(Committed::Next);
            }
            blocks += 1;
            let now = state.g.len();
            if blocks == 1 {
                (started, timed_from) = (std::time::Instant::now(), now);
            }
            if let Some((heaps, time)) = alone.filter(|_| blocks > 1 && blocks % PROBATION == 1) {
                let ours = (now - timed_from, started.elapsed());
                // In the unit tests they never pay, so that small tables go through every
                // stop and return of the workers whatever the machine's speed.
                if cfg!(test) || !workers_pay(ours, (heaps, time)) {
                    // One thread goes on alone for an eighth of the heaps, twice as long
                    // each time in a row the workers did not pay, up to all of them.
                    let pause = (now / 8) << state.unpaid.min(3);
                    state.pause_until = now.saturating_add(pause.max(PAUSE));
                    state.unpaid += 1;
                    return Ok(Committed::Next);
                }
            }
            if now >= stint.saturating_mul(2) {
                // A pause to time one thread alone again: a heap's cost grows with the heaps.
                state.pause_until = now.saturating_add(RECOUNT);
                state.unpaid = 0;
                return Ok(Committed::Next);
            }
            if state.split_at != split_at {
                split_at = state.split_at;
                ahead.clear();
                if serial.follow(state).is_none() {
                    return Ok(Committed::Next);
                }
            } else if next.count > 0 {
                ahead.push(next);
            }
        }
    })();
    state.options = serial.options;
    outcome
}

impl Engine for SplitRules {
    fn quotient_shape(&self) -> Option<Splits> {
        let splits = self.splits();
        (!splits.unequal).then_some(splits)
    }

    fn split_rules(&self) -> Option<&SplitRules> {
        Some(self)
    }

    fn name(&self) -> Option<String> {
        Some(self.name())
    }

    /// The values are first checked against the moves of their heaps: a heap of `n` has at
    /// most one move per rule that leaves no heap or one, and `⌊n / 2⌋` per rule that splits.
    fn continued_state(&self, values: &Store) -> Result<Option<SplitRecord>, Error> {
        let takes = |kind: fn(&TakeRule) -> bool| self.takes.iter().filter(|r| kind(r)).count();
        let (single, splits) = (takes(|r| r.none || r.one), takes(|r| r.two));
        values_within(values, |n| {
            single as u128 + splits as u128 * (n as u128 / 2)
        })?;
        each_width!(values, g => continued_state(self, g))
    }

    fn proven_period(&self, values: &Store) -> Option<(Period, Proof)> {
        let splits = self.splits();
        each_width!(values, g => guy_smith_period(g, splits)).map(|p| (p, Proof::GuySmith))
    }

    fn compute(
        &self,
        from: &Store,
        len: usize,
        _memory: usize,
        progress: Progress<'_>,
    ) -> Result<Grown, Error> {
        split_sequence(self, from, len, progress)
    }
}

/// The Grundy sequence of a take-and-break game by the textbook O(n²) method (every split of
/// every heap), for checking the fast one.
#[cfg(test)]
pub(crate) fn split_sequence_textbook(rules: &SplitRules, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut options = Vec::new();
        for r in &rules.takes {
            if r.none && n == r.take {
                options.push(0);
            }
            if r.one && n > r.take {
                options.push(g[n - r.take]);
            }
            if r.two && n >= r.take + 2 {
                let m = n - r.take;
                for a in 1..=m / 2 {
                    if !(rules.unequal && 2 * a == m) {
                        options.push(g[a] ^ g[m - a]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !options.contains(v)).unwrap_or(0));
    }
    g
}

/// Fills `g` to `len` values from its proven period.
pub(crate) fn extend<W: Copy>(g: &mut Vec<W>, p: Period, len: usize) {
    while g.len() < len {
        let n = g.len();
        g.push(g[n - p.period]);
    }
}

/// The rules of a subtraction game for the engine: the set, ascending, without repeats, every
/// element positive.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct SubtractionSet {
    pub(crate) set: Vec<u128>,
}

impl Engine for SubtractionSet {
    /// A subtraction game leaves at most one heap: the theorem's split-free case.
    fn quotient_shape(&self) -> Option<Splits> {
        let max_take = usize::try_from(*self.set.iter().max()?).ok()?;
        Some(Splits {
            max_take,
            unequal: false,
            even_take: false,
            odd_take: false,
            split_only: false,
        })
    }

    fn name(&self) -> Option<String> {
        let set: Vec<String> = self.set.iter().map(|s| format!("{s}")).collect();
        Some(format!("subtraction {}", set.join(",")))
    }

    /// A window of `max(S)` values seen twice proves a period, so only a table of more than
    /// `max(S)` values can: none past [`MAX_TABLE_LIMIT`](super::MAX_TABLE_LIMIT).
    fn can_prove_period(&self) -> bool {
        self.set
            .last()
            .is_some_and(|&m| m < super::MAX_TABLE_LIMIT as u128)
    }

    /// No state; the values are checked against the moves of their heaps, at most one per
    /// element of the set.
    fn continued_state(&self, values: &Store) -> Result<Option<SplitRecord>, Error> {
        values_within(values, |_| self.set.len() as u128).map(|()| None)
    }

    fn proven_period(&self, values: &Store) -> Option<(Period, Proof)> {
        let window = usize::try_from(self.set.last().copied().unwrap_or(1)).ok()?;
        each_width!(values, g => window_period(g, window)).map(|p| (p, Proof::RepeatedWindow))
    }

    fn compute(
        &self,
        from: &Store,
        len: usize,
        _memory: usize,
        progress: Progress<'_>,
    ) -> Result<Grown, Error> {
        subtraction_sequence(&self.set, from, len, progress)
    }
}

/// Checks that the value of each heap `n` of `values` is at most `moves(n)`, the most moves a
/// heap of `n` has (a mex of `m` options is at most `m`).
///
/// # Errors
///
/// [`Error::Checkpoint`] naming the first value past its bound.
pub(crate) fn values_within(
    values: &Store,
    mut moves: impl FnMut(usize) -> u128,
) -> Result<(), Error> {
    match values
        .view()
        .iter()
        .enumerate()
        .find(|&(n, v)| u128::from(v) > moves(n))
    {
        None => Ok(()),
        Some((n, v)) => Err(Error::Checkpoint {
            reason: format!(
                "the value {v} of heap {n} is more than {}, the most moves that heap can \
                 have, and a mex is at most its number of options (edited?)",
                moves(n)
            ),
        }),
    }
}

/// The Grundy sequence of the subtraction game with (sorted, distinct, positive) set `set` to
/// `len` values, each the mex of a bit mask of at most `|S|` earlier values, continuing the
/// values `from`. `progress` as for [`split_sequence`].
pub(crate) fn subtraction_sequence(
    set: &[u128],
    from: &Store,
    len: usize,
    progress: Progress<'_>,
) -> Result<Grown, Error> {
    // A value is the mex of at most |S| options, so at most |S|: the width is known at once.
    if set.len() <= usize::from(u8::MAX) {
        subtraction_in::<u8>(set, from, len, progress)
    } else if set.len() <= usize::from(u16::MAX) {
        subtraction_in::<u16>(set, from, len, progress)
    } else {
        subtraction_in::<u32>(set, from, len, progress)
    }
}

/// [`subtraction_sequence`] with values of width `W`, which holds `|S|`.
fn subtraction_in<W: Width>(
    set: &[u128],
    from: &Store,
    len: usize,
    progress: Progress<'_>,
) -> Result<Grown, Error> {
    let mut g: Vec<W> = reserve(len, usize::MAX)?;
    for i in 0..from.len().min(len) {
        // Every value is at most |S|, which `W` holds.
        let v = W::narrow(from.at(i)).ok_or_else(|| Error::Overflow {
            what: format!(
                "the Grundy value of heap {i} is more than the {} moves",
                set.len()
            ),
        })?;
        g.push(v);
    }
    // Only the elements that fit in the table matter for it.
    let small: Vec<usize> = set
        .iter()
        .filter(|&&s| s <= len as u128)
        .map(|&s| s as usize)
        .collect();
    let window = set.last().copied().unwrap_or(1);
    let window = usize::try_from(window).ok();
    let mut options = Options::default();
    let mut next_check = first_check_after(g.len());
    let mut period = None;
    let mut largest: u32 = g.iter().map(|&v| v.into()).max().unwrap_or(0);
    while g.len() < len {
        let n = g.len();
        let value = if small.len() < 64 {
            let mut mask = 0u64;
            for &s in small.iter().take_while(|&&s| s <= n) {
                mask |= 1 << g[n - s].into(); // values are at most |S| < 64
            }
            (!mask).trailing_zeros()
        } else {
            options.reset(small.len() + 1)?;
            for &s in small.iter().take_while(|&&s| s <= n) {
                options.insert(g[n - s].into());
            }
            // At most |S| options, so the mex is at most |S| and fits.
            u32::try_from(options.mex_from(0)).map_err(|_| Error::Overflow {
                what: format!("the Grundy value of heap {n} does not fit in 32 bits"),
            })?
        };
        largest = largest.max(value);
        g.push(W::narrow(value).ok_or_else(|| Error::Overflow {
            what: format!(
                "the Grundy value of heap {n} is more than the {} moves",
                set.len()
            ),
        })?);
        let done = g.len();
        if done == next_check || done == len {
            next_check = next_check.saturating_mul(2);
            if let Some(w) = window {
                period = window_period(&g, w);
                if period.is_some() {
                    break;
                }
            }
        }
        if stopped_at(progress, done, len, None, largest) {
            return Ok(Grown::interrupted(W::store(g)));
        }
    }
    if let Some(p) = period {
        extend(&mut g, p, len);
    }
    Ok(Grown::done(GrundySequence::from_parts(
        W::store(g),
        period.map(|p| (p, Proof::RepeatedWindow)),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequence::table::Stopped;
    use crate::sequence::table::{PROGRESS_INTERVAL, Status};
    use core::ops::ControlFlow;

    /// The first `len` values of a split game, computed at once.
    fn split_sequence_at_once(rules: &SplitRules, len: usize) -> GrundySequence {
        let grown = split_sequence(rules, &Store::default(), len, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(grown.stopped.is_none());
        grown.sequence
    }

    /// The first `len` values of a subtraction game, computed at once.
    fn subtraction_at_once(set: &[u128], len: usize) -> GrundySequence {
        let grown = subtraction_sequence(set, &Store::default(), len, &mut |_| {
            ControlFlow::Continue(())
        })
        .unwrap();
        assert!(grown.stopped.is_none());
        grown.sequence
    }

    fn octal(digits: &[u8], first: u8) -> SplitRules {
        SplitRules::octal(first, digits)
    }

    #[test]
    fn sparse_matches_textbook() {
        let codes: [(u8, &[u8]); 20] = [
            (0, &[7, 7]),
            (0, &[0, 7]),
            (0, &[1, 3, 7]),
            (0, &[1, 6]),
            (0, &[6]),
            (4, &[0, 7]),
            (0, &[4, 4, 5]),
            (4, &[]),
            (0, &[3, 1, 2]),
            (0, &[2, 6]),
            (0, &[7, 2]),
            (0, &[0, 0, 7]),
            (4, &[7]),
            (0, &[5, 1]),
            (0, &[1, 5]),
            (0, &[3, 6]),
            (0, &[4, 5, 4]),
            (0, &[4, 4]),
            (4, &[4]),
            (0, &[6, 4, 6]),
        ];
        for (first, digits) in codes {
            let rules = octal(digits, first);
            let slow = split_sequence_textbook(&rules, 900);
            for len in [0, 1, 2, 3, 40, 257, 900] {
                let fast = split_sequence_at_once(&rules, len);
                assert_eq!(fast.values(), &slow[..len], "{first}.{digits:?} to {len}");
            }
        }
        // 0.6 and 0.16 far enough for the split to settle and the walk to matter.
        for digits in [&[6][..], &[1, 6]] {
            let rules = octal(digits, 0);
            let fast = split_sequence_at_once(&rules, 3000);
            assert_eq!(fast.values(), &split_sequence_textbook(&rules, 3000)[..]);
        }
        let grundys = SplitRules::grundys_game();
        let slow = split_sequence_textbook(&grundys, 3000);
        for len in [0, 1, 2, 3, 4, 255, 256, 1500, 3000] {
            let fast = split_sequence_at_once(&grundys, len);
            assert_eq!(fast.values(), &slow[..len], "Grundy's game to {len}");
            assert_eq!(fast.period(), None);
        }
    }

    /// The values with the workers of a pool of `threads` threads.
    #[cfg(feature = "parallel")]
    fn on_threads<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn blocks_collected_ahead_give_the_textbook_values() {
        // Small blocks (48 heaps from heap 40, in unit tests): many blocks, many heaps whose
        // partners are in their own block, every kind of splitting take.
        let codes: [(u8, &[u8]); 10] = [
            (0, &[6]),
            (0, &[1, 6]),
            (0, &[7, 7]),
            (4, &[0, 7]),
            (0, &[4, 4, 5]),
            (0, &[0, 0, 7]),
            (4, &[7]),
            (0, &[3, 6]),
            (0, &[6, 4, 6]),
            (0, &[4, 5, 4]),
        ];
        for (first, digits) in codes {
            let rules = octal(digits, first);
            let slow = split_sequence_textbook(&rules, 1500);
            for threads in [2, 4] {
                let fast = on_threads(threads, || split_sequence_at_once(&rules, 1500));
                assert_eq!(
                    fast.values(),
                    &slow[..],
                    "{first}.{digits:?}, {threads} threads"
                );
            }
        }
        let grundys = SplitRules::grundys_game();
        let slow = split_sequence_textbook(&grundys, 2500);
        for threads in [2, 3, 4] {
            let fast = on_threads(threads, || split_sequence_at_once(&grundys, 2500));
            assert_eq!(fast.values(), &slow[..], "Grundy's game, {threads} threads");
        }
    }

    /// The pass over several heaps marks in each set exactly the splits with a rare part
    /// below its heap whose partner is known (and, in an unequal game, not the equal split),
    /// counted here pair by pair from the rare list.
    #[test]
    fn rare_pairs_of_several_heaps_are_each_heaps_own() {
        let games = [
            octal(&[6], 0),
            octal(&[1, 6], 0),
            octal(&[0, 7], 4),
            octal(&[4, 4, 5], 0),
            SplitRules::grundys_game(),
        ];
        for rules in &games {
            let g: Vec<u32> = split_sequence_textbook(rules, 700);
            // In each width the values fit: the sets of one or two bytes have room for every
            // value of the width, and the pass marks them unmasked.
            pairs_of_several_heaps::<u32>(rules, &g);
            pairs_of_several_heaps::<u16>(rules, &g);
            if g.iter().all(|&v| v < 256) {
                pairs_of_several_heaps::<u8>(rules, &g);
            }
        }
    }

    /// [`rare_pairs_of_several_heaps_are_each_heaps_own`] for `rules`, whose values are `g`,
    /// stored in the width `W`.
    fn pairs_of_several_heaps<W: Width>(rules: &SplitRules, g: &[u32]) {
        // Several splits over the run, and a rare list as long as each makes it.
        for known in [40, 41, 300, 301, 699, 700] {
            let narrow = g[..known].iter().map(|&v| W::narrow(v).unwrap()).collect();
            let state = Sparse::<W>::new(rules, narrow).unwrap();
            let view = state.view();
            for &t in &state.split_takes {
                // Past `known` too: the workers collect the pairs of heaps beyond the
                // values they read.
                let past = [known + 1, known + 3, known + 50];
                let near = [known.saturating_sub(t + 3), known - t, known + 1 - t, known];
                for m in near.into_iter().chain(past) {
                    if m < 2 {
                        continue;
                    }
                    let mut sets: [Options; LOOK] = Default::default();
                    Options::reset_many::<W>(&mut sets, state.bound).unwrap();
                    view.mark_rare_many(&mut sets, m);
                    for (j, set) in sets.iter().enumerate() {
                        let heap = m + j;
                        let mut marked = vec![false; state.bound];
                        for (&r, &v) in state.rare.iter().zip(&state.rare_values) {
                            let equal = rules.unequal && 2 * r == heap;
                            if r < heap && heap - r < known && !equal {
                                marked[(v.into() ^ g[heap - r]) as usize] = true;
                            }
                        }
                        for (v, &want) in marked.iter().enumerate() {
                            assert_eq!(
                                set.contains(v as u32),
                                want,
                                "{} to {known}, take {t}, {heap} tokens, value {v}",
                                rules.name()
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn a_block_is_cut_into_chunks_that_shrink_to_its_end() {
        for threads in 1..=9 {
            for count in 0..=300 {
                let lens: Vec<usize> = chunk_lens(count, threads).collect();
                assert_eq!(lens.iter().sum::<usize>(), count, "{count} on {threads}");
                assert!(lens.iter().all(|&len| (1..=CHUNK).contains(&len)));
                // Never longer than the one before; at least the least but at the end.
                assert!(lens.windows(2).all(|w| w[1] <= w[0]), "{lens:?}");
                let body = &lens[..lens.len().saturating_sub(1)];
                assert!(body.iter().all(|&len| len >= LEAST_CHUNK), "{lens:?}");
                // A chunk of more than the least is whole groups.
                assert!(
                    body.iter()
                        .all(|&len| len == LEAST_CHUNK || len % LOOK == 0),
                    "{lens:?}"
                );
            }
        }
        // The unit tests' small chunks: 48 heaps on two threads.
        assert_eq!(
            chunk_lens(48, 2).collect::<Vec<_>>(),
            [8, 8, 8, 4, 4, 4, 3, 3, 3, 3]
        );
    }

    #[test]
    #[cfg(feature = "parallel")]
    fn workers_pay_when_they_take_no_longer_than_one_thread() {
        use core::time::Duration;
        let ms = Duration::from_millis;
        // The same rate pays; a tenth slower does not; rates, not totals, are compared.
        assert!(workers_pay((1000, ms(10)), (1000, ms(10))));
        assert!(!workers_pay((1000, ms(11)), (1000, ms(10))));
        assert!(workers_pay((4000, ms(30)), (1000, ms(10))));
        assert!(!workers_pay((4000, ms(41)), (1000, ms(10))));
        assert!(workers_pay((1, Duration::from_nanos(999)), (1000, ms(1))));
        // Exact at the margin: 3 heaps in 1 ns against 1 heap in 1 ns is 1/3 ns a heap.
        assert!(workers_pay(
            (3, Duration::from_nanos(3)),
            (1, Duration::from_nanos(1))
        ));
        assert!(!workers_pay(
            (3, Duration::from_nanos(4)),
            (1, Duration::from_nanos(1))
        ));
        // Saturating, never overflowing: the longest times.
        assert!(workers_pay(
            (usize::MAX, Duration::MAX),
            (usize::MAX, Duration::MAX)
        ));
        assert!(!workers_pay((1, Duration::MAX), (usize::MAX, ms(1))));
    }

    #[test]
    fn the_walk_takes_the_shape_with_the_fewest_pairs() {
        // The shapes of `windows` windows of WINDOW heaps, each heap walking `pairs(shape)`.
        // The window ending at `learner.end` holds the heaps from `end - WINDOW` on.
        fn run(learner: &mut Learner, windows: u64, pairs: impl Fn(usize) -> usize) -> Vec<usize> {
            let mut shapes = Vec::new();
            for _ in 0..windows {
                let (start, shape) = (learner.end - WINDOW, learner.shape);
                shapes.push(shape);
                for n in start..start + WINDOW {
                    learner.walked(pairs(learner.shape), 1);
                    learner.next(n + 1);
                    assert_eq!(learner.end == start + WINDOW, n + 1 < start + WINDOW);
                }
            }
            shapes
        }
        let mut learner = Learner::default();
        learner.next(1);
        assert_eq!((learner.shape, learner.end), (0, 1 + WINDOW));
        // Shape 1 walks a fifth fewer: chosen at the first epoch's end, before which shape 0
        // walks every window but the explored ones.
        let first = run(&mut learner, EPOCH - 1, |s| [2500, 2000][s]);
        for (w, &shape) in first.iter().enumerate() {
            let w = w as u64 + 1;
            assert_eq!(shape != 0, w % EXPLORE == EXPLORE - 1, "window {w}");
        }
        assert_eq!(learner.chosen, 1);
        // The counts were halved at the choice, and shape 1 walks every window after it but
        // the explored ones.
        let zeros = first.iter().filter(|&&s| s == 0).count() as u64;
        assert_eq!(zeros, EPOCH - 1 - EPOCH / EXPLORE);
        assert_eq!(learner.heaps[0], zeros * WINDOW as u64 / 2);
        let second = run(&mut learner, EPOCH, |s| [2500, 2000][s]);
        let explored = second.iter().filter(|&&s| s == 0).count() as u64;
        assert!(
            (1..=EPOCH / EXPLORE).contains(&explored),
            "{explored} windows of shape 0"
        );
        assert_eq!(learner.chosen, 1);
        // Shape 0 walking 5% fewer is not enough to go back (a tenth is), however long.
        run(&mut learner, 8 * EPOCH, |s| [1900, 2000][s]);
        assert_eq!(learner.chosen, 1);
        run(&mut learner, 8 * EPOCH, |s| [1700, 2000][s]);
        assert_eq!(learner.chosen, 0);
        // A heap's pairs count at most MOST_COUNTED.
        let mut one = Learner::default();
        one.walked(usize::MAX, 1);
        assert_eq!(one.window_pairs, MOST_COUNTED as u64);
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn the_holes_kept_are_the_values_left_out() {
        // Sets of random values below bounds of 8 to 2^11 (past a byte's room and the
        // bits' span), over more resets than a generation lasts: the bits from the mex say
        // of each value whether the set leaves it out, byte by byte, and the values below
        // the mex are all in the set.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut options = Options::default();
        for round in 0..700 {
            let bound = 8usize << (round % 9);
            // The marks end at 256 for a one-byte width, past every bound here for two
            // bytes, and at the bound for a set made for it alone.
            match round % 3 {
                0 => options.reset_wide::<u8>(bound.min(256)).unwrap(),
                1 => options.reset_wide::<u16>(bound).unwrap(),
                _ => {
                    options = Options::default();
                    options.reset(bound).unwrap();
                }
            }
            let bound = bound.min(if round % 3 == 0 { 256 } else { bound });
            let density = next() % 100;
            for v in 0..bound {
                if next() % 100 < density {
                    options.insert(v as u32);
                }
            }
            let mex = options.mex_from(0);
            let stop = Stop {
                take: round % 3,
                start: round * 40,
                probes: round % 64,
            };
            let holes = options.holes(mex, stop);
            assert_eq!(holes.base as usize, mex);
            assert_eq!(
                (holes.take, holes.start, holes.probes),
                ((round % 3) as u8, (round * 40) as u32, (round % 64) as u8)
            );
            for i in 0..64 * HOLE_WORDS {
                let v = mex + i;
                let bit = (holes.bits[i / 64] >> (i % 64)) & 1 == 1;
                assert_eq!(bit, !options.contains(v as u32), "round {round}, value {v}");
            }
            let prepared = Prepared {
                bound,
                count: 1,
                holes: vec![holes],
                ..Prepared::default()
            };
            let ahead = prepared.holes(0).unwrap();
            assert_eq!(ahead.complete, mex + HOLE_SPAN >= bound);
            let listed: Vec<usize> = ahead.holes().collect();
            let left_out: Vec<usize> = (mex..mex + HOLE_SPAN)
                .filter(|&v| !options.contains(v as u32))
                .collect();
            assert_eq!(listed, left_out, "round {round}");
            for v in 0..mex + HOLE_SPAN {
                assert_eq!(ahead.is_hole(v), !options.contains(v as u32));
            }
        }
        // A stop past a byte is not kept.
        let holes = options.holes(
            0,
            Stop {
                take: 300,
                start: 0,
                probes: 0,
            },
        );
        assert_eq!(holes.take, u8::MAX);
    }

    #[test]
    fn options_mark_and_mex() {
        let mut options = Options::default();
        // More resets than one generation lasts, so the marks are cleared on a wrap.
        for round in 0..600u32 {
            options.reset(8).unwrap();
            assert_eq!(options.mex_from(0), 0, "round {round}");
            options.insert(0);
            options.insert(1);
            options.mark_walk::<u32>(&[2, 7], &[6, 0]);
            // 2 ^ 0 = 2 and 7 ^ 6 = 1.
            assert_eq!(options.mex_from(0), 3);
            options.mark_pairs::<u8, &[u8], usize>(&[0, 5, 1, 4], &[1, 2], &[4, 6], 3);
            // 4 ^ g[2] = 5 and 6 ^ g[1] = 3.
            assert_eq!(options.mex_from(0), 4);
            // The same pairs from positions of 32 bits mark nothing new; a position past the
            // heap reads no value.
            options.mark_pairs::<u8, &[u8], u32>(&[0, 5, 1, 4], &[1, 2, 9], &[4, 6, 7], 3);
            assert_eq!(options.mex_from(0), 4);
            assert_eq!(options.mex_from(5), 6);
        }
    }

    #[test]
    fn kayles_period_is_proven_and_extends() {
        let kayles = split_sequence_at_once(&octal(&[7, 7], 0), 1000);
        assert_eq!(
            kayles.period(),
            Some(Period {
                preperiod: 71,
                period: 12
            })
        );
        assert_eq!(
            kayles.values(),
            &split_sequence_textbook(&octal(&[7, 7], 0), 1000)[..]
        );
    }

    #[test]
    fn subtraction_masks_and_windows() {
        let seq = subtraction_at_once(&[1, 3, 4], 20);
        assert_eq!(seq.values().slice(..7), &[0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(
            seq.period(),
            Some(Period {
                preperiod: 0,
                period: 7
            })
        );
        let big: Vec<u128> = (1..=70).collect();
        let seq = subtraction_at_once(&big, 300);
        assert_eq!(seq.values().get(150), Some(150 % 71));
        assert_eq!(
            seq.period(),
            Some(Period {
                preperiod: 0,
                period: 71
            })
        );
    }

    #[test]
    fn a_continued_table_is_the_table_computed_at_once() {
        // Every way of cutting the computation in two gives the same values and the same
        // period, for a game with a period (0.77), a split game without (Grundy's game), a
        // code where the walk matters (0.6) and a subtraction game.
        let grundys = SplitRules::grundys_game();
        let continue_ = &mut |_: &Status| ControlFlow::Continue(());
        for rules in [
            octal(&[7, 7], 0),
            grundys,
            octal(&[6], 0),
            octal(&[1, 3, 7], 0),
        ] {
            let whole = split_sequence_at_once(&rules, 700);
            for cut in [0, 1, 2, 15, 16, 17, 33, 64, 100, 129, 400, 699] {
                let first = split_sequence(&rules, &Store::default(), cut, continue_).unwrap();
                let rest = split_sequence(&rules, first.sequence.store(), 700, continue_).unwrap();
                assert_eq!(
                    rest.sequence.values(),
                    whole.values(),
                    "{rules:?} cut at {cut}"
                );
                if first.sequence.period().is_none() {
                    assert_eq!(rest.sequence.period(), whole.period(), "{rules:?} at {cut}");
                }
            }
        }
        let whole = subtraction_at_once(&[2, 5, 7], 300);
        for cut in [0, 1, 6, 7, 8, 64, 299] {
            let first =
                subtraction_sequence(&[2, 5, 7], &Store::default(), cut, continue_).unwrap();
            let rest =
                subtraction_sequence(&[2, 5, 7], first.sequence.store(), 300, continue_).unwrap();
            assert_eq!(rest.sequence.values(), whole.values(), "cut at {cut}");
        }
    }

    #[test]
    fn progress_can_stop_the_computation_and_keep_what_is_done() {
        let grundys = SplitRules::grundys_game();
        let mut seen = Vec::new();
        let grown = split_sequence(&grundys, &Store::default(), 1000, &mut |status: &Status| {
            let done = status.done();
            seen.push(done);
            if done >= 3 * PROGRESS_INTERVAL {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
        assert!(matches!(grown.stopped, Some(Stopped::Interrupted)));
        assert_eq!(
            seen,
            [
                PROGRESS_INTERVAL,
                2 * PROGRESS_INTERVAL,
                3 * PROGRESS_INTERVAL
            ]
        );
        assert_eq!(grown.sequence.len(), 3 * PROGRESS_INTERVAL);
        assert_eq!(
            grown.sequence.values(),
            &split_sequence_textbook(&grundys, 3 * PROGRESS_INTERVAL)[..]
        );
        let stopped = subtraction_sequence(&[1, 10_000], &Store::default(), 1000, &mut |_| {
            ControlFlow::Break(())
        })
        .unwrap();
        assert!(matches!(stopped.stopped, Some(Stopped::Interrupted)));
        assert_eq!(stopped.sequence.len(), PROGRESS_INTERVAL);
    }
}
