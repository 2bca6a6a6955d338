//! Nim and misère Nim: heaps of counters; a move takes any positive number from one heap.
//!
//! A namespace: [`Nim`] and [`NimMove`] are re-exported as `grundy::games::Nim` and
//! `grundy::games::NimMove`; this module also holds [`WinningMoves`], the lazy iterator that Nim's
//! `winning_moves` and `moves_to_value` return. Name it here to write the iterator's type down.

use crate::games::text::{parse_list, write_list};
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome};
use alloc::format;
use alloc::vec::Vec;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;

/// A position of Nim: a row of heaps; a move takes any positive number of counters from one
/// heap. Under normal play whoever takes the last counter wins; under misère play
/// ([`Play::Misere`](crate::Play::Misere)) whoever takes it loses.
///
/// **Normal play**, Bouton's theorem (C. L. Bouton, *Nim, a game with a complete
/// mathematical theory*, Ann. of Math. 3 (1901–02) 35–39): with `x` the nim-sum (XOR) of the
/// heaps, the player to move wins iff `x ≠ 0`, and the winning moves are exactly the heaps
/// `h` with `h ⊕ x < h` (those holding the top set bit of `x`), each reduced to `h ⊕ x`. The
/// Grundy value is `*x`. By the Sprague–Grundy theorem (Sprague 1935, Grundy 1939) every
/// impartial game is worth a Nim heap, so Nim is the arithmetic of them all.
///
/// **Misère play**, also Bouton's: play as in Nim until the move would leave only heaps of at
/// most one, then leave an odd number of ones. A position is P iff every heap is at most 1
/// and the ones are odd in number, or some heap is at least 2 and `x = 0`. With `b` the
/// number of heaps `≥ 2` and `u` the number of ones, the misère winning moves are: for
/// `b ≥ 2`, Nim's; for `b = 1`, the large heap reduced to `1` if `u` is even, to `0` if odd;
/// for `b = 0`, every one emptied if `u` is even and positive, else none. The position with
/// no counters is misère N: the player to move has no move and has won. (Misère play in
/// general, and the *tame* games that follow this rule as Nim does: J. H. Conway, *On
/// Numbers and Games*, ch. 12.)
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]); every answer is exact for
/// every value of the type.
///
/// # Complexity
///
/// `grundy`, `outcome` O(n) for n heaps; `winning_moves` O(n) for all of them, lazily.
///
/// # Errors
///
/// The questions of [`ClosedForm`] never fail, under either play. [`Game::play`] returns
/// [`Error::IllegalMove`] for a move that is not one: an index past the heaps, or a `to` not
/// below the heap.
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::prelude::*;
///
/// let nim = Nim::from([5u32, 7, 9]);
/// assert_eq!(nim.grundy()?, Nimber::new(5 ^ 7 ^ 9)); // *11
/// assert_eq!(nim.outcome(Play::Normal)?, Outcome::Next);
/// let winning: Vec<_> = nim.winning_moves(Play::Normal)?.collect();
/// assert_eq!(winning, [NimMove { index: 2, to: 9 ^ 11 }]);
/// assert_eq!(nim.play(winning[0])?.outcome(Play::Normal)?, Outcome::Previous);
///
/// // Misère play: three ones lose for the player to move.
/// assert_eq!(Nim::from([1u8, 1, 1]).outcome(Play::Misere)?, Outcome::Previous);
/// let misere: Vec<_> = Nim::from([1u8, 1, 7]).winning_moves(Play::Misere)?.collect();
/// assert_eq!(misere, [NimMove { index: 2, to: 1 }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nim<T> {
    heaps: Vec<T>,
}

/// A move of [`Nim`]: the heap at `index` is reduced to `to` counters.
///
/// **Numbering:** `index` is the heap's place in [`Nim::heaps`], 0-based, in the order the
/// heaps were given (a Nim position never reorders them).
///
/// # Examples
///
/// ```
/// use grundy::games::{Nim, NimMove};
/// use grundy::Game;
/// let mv = NimMove { index: 0, to: 1 };
/// assert_eq!(Nim::from([4u8]).play(mv)?.heaps(), &[1]);
/// assert_eq!(mv.to_string(), "reduce heap 0 to 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NimMove<T> {
    /// The index of the heap moved in.
    pub index: usize,
    /// The heap's size after the move.
    pub to: T,
}

impl<T: fmt::Display> fmt::Display for NimMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "reduce heap {} to {}", self.index, self.to)
    }
}

impl<T: Heap> Nim<T> {
    /// The Nim position with these heaps (empty heaps are allowed and never move).
    ///
    /// Nim has no invalid positions, so this cannot fail. [`From`] an array or a `Vec`, and
    /// [`FromIterator`], build one too.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Nim;
    /// let nim = Nim::new(vec![u128::MAX, 0, 1]);
    /// assert_eq!(nim.heaps().len(), 3);
    /// assert_eq!(nim, Nim::from([u128::MAX, 0, 1]));
    /// assert_eq!(nim, [u128::MAX, 0, 1].into_iter().collect());
    /// ```
    #[must_use]
    pub fn new(heaps: Vec<T>) -> Self {
        Nim { heaps }
    }

    /// The heaps, in order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Nim::from([1u8, 2]).heaps(), &[1, 2]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[T] {
        &self.heaps
    }

    /// The heaps, taken out of the position.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Nim::from([1u8, 2]).into_heaps(), vec![1, 2]);
    /// ```
    #[must_use]
    pub fn into_heaps(self) -> Vec<T> {
        self.heaps
    }

    /// The nim-sum of the heaps, in `T` (one XOR per heap, which vectorises).
    #[inline]
    fn nim_sum(&self) -> T {
        self.heaps.iter().fold(T::zero(), |x, &h| x ^ h)
    }

    /// The moves that change the nim-sum by `change`: the heaps holding its top bit.
    /// `counts`, if known, holds for every bit the number of heaps that hold it.
    fn xor_moves(&self, change: u128, counts: Option<&BitCounts>) -> WinningMoves<'_, T> {
        let (rule, count) = match T::narrow(change) {
            // No heap is changed by XOR with 0; a change with bits above `T` raises every heap.
            Some(change) if !change.is_zero() => {
                let bit = T::zero().count_zeros() - 1 - change.leading_zeros();
                let rule = Rule::Xor {
                    change,
                    top: T::one() << bit as usize,
                };
                (rule, counts.map(|counts| counts[bit as usize]))
            }
            _ => (Rule::Single(None), Some(0)),
        };
        let mut moves = WinningMoves::new(&self.heaps, rule);
        moves.remaining = count;
        moves
    }

    /// One pass over the heaps: the nim-sum, the heaps `≥ 2` and the ones.
    fn census(&self) -> Census {
        let mut census = Census {
            xor: 0,
            large: 0,
            last_large: None,
            ones: 0,
        };
        for (i, &h) in self.heaps.iter().enumerate() {
            census.xor ^= h.widen();
            if h > T::one() {
                census.large += 1;
                census.last_large = Some(i);
            } else if h == T::one() {
                census.ones += 1;
            }
        }
        census
    }
}

/// For every bit, the number of heaps that hold it.
type BitCounts = [usize; 128];

/// Heaps side by side in the carry-save adders of [`bit_counts`]: four words in each, so
/// that the compiler keeps them in vector registers.
const LANES: usize = 4;

/// Words side by side.
type Row<T> = [T; LANES];

/// Carry-save adders, lane by lane: the carries and the sums of the bitwise addition of
/// three rows.
#[inline(always)]
fn csa<T: Heap>(a: Row<T>, b: Row<T>, c: Row<T>) -> (Row<T>, Row<T>) {
    let mut carries = a;
    let mut sums = a;
    for k in 0..LANES {
        let u = a[k] ^ b[k];
        carries[k] = (a[k] & b[k]) | (u & c[k]);
        sums[k] = u ^ c[k];
    }
    (carries, sums)
}

/// Adds `weight` to the count of every bit set in `word`.
fn add_bits<T: Heap>(counts: &mut BitCounts, word: T, weight: usize) {
    let bits = T::zero().count_zeros() as usize;
    for (b, count) in counts.iter_mut().enumerate().take(bits) {
        if !((word >> b) & T::one()).is_zero() {
            *count += weight;
        }
    }
}

/// For every bit, the number of `heaps` that hold it (bit `b` of the nim-sum is the parity
/// of the `b`-th count), in one pass. Blocks of 16 rows of [`LANES`] heaps go through a tree
/// of carry-save adders (Harley and Seal's population count, here per bit position), so a
/// heap costs about six bitwise operations whatever the width of `T`, done a row at a time;
/// the carries out of each block are added into byte-wide counters, emptied before a byte
/// can overflow.
fn bit_counts<T: Heap>(heaps: &[T]) -> BitCounts {
    /// Blocks whose carries a byte-wide counter holds.
    const BLOCKS: usize = 255;
    let zero = T::zero();
    let bits = zero.count_zeros() as usize;
    let byte = T::max_value() >> (bits - 8);
    // 0x0101…01: the low bit of every byte.
    let low_bytes = T::max_value() / byte;
    let mut counts = [0; 128];
    let row = [zero; LANES];
    let (mut ones, mut twos, mut fours, mut eights) = (row, row, row, row);
    // Byte k of lanes[j][l] counts the blocks whose carry out in lane l has bit 8k + j.
    let mut lanes = [row; 8];
    let empty = |lanes: &mut [Row<T>; 8], counts: &mut BitCounts| {
        for (j, lane) in lanes.iter_mut().enumerate() {
            for word in lane.iter_mut() {
                for k in (0..bits).step_by(8) {
                    counts[k + j] += 16 * ((*word >> k) & byte).widen() as usize;
                }
                *word = zero;
            }
        }
    };
    let mut blocks = heaps.chunks_exact(16 * LANES);
    let mut pending = 0;
    for block in &mut blocks {
        let mut rows = [row; 16];
        for (r, words) in rows.iter_mut().zip(block.chunks_exact(LANES)) {
            r.copy_from_slice(words);
        }
        let (twos_a, o) = csa(ones, rows[0], rows[1]);
        let (twos_b, o) = csa(o, rows[2], rows[3]);
        let (fours_a, t) = csa(twos, twos_a, twos_b);
        let (twos_a, o) = csa(o, rows[4], rows[5]);
        let (twos_b, o) = csa(o, rows[6], rows[7]);
        let (fours_b, t) = csa(t, twos_a, twos_b);
        let (eights_a, f) = csa(fours, fours_a, fours_b);
        let (twos_a, o) = csa(o, rows[8], rows[9]);
        let (twos_b, o) = csa(o, rows[10], rows[11]);
        let (fours_a, t) = csa(t, twos_a, twos_b);
        let (twos_a, o) = csa(o, rows[12], rows[13]);
        let (twos_b, o) = csa(o, rows[14], rows[15]);
        let (fours_b, t) = csa(t, twos_a, twos_b);
        let (eights_b, f) = csa(f, fours_a, fours_b);
        let (sixteens, e) = csa(eights, eights_a, eights_b);
        (ones, twos, fours, eights) = (o, t, f, e);
        for (j, lane) in lanes.iter_mut().enumerate() {
            for (word, &carry) in lane.iter_mut().zip(&sixteens) {
                *word = *word + ((carry >> j) & low_bytes);
            }
        }
        pending += 1;
        if pending == BLOCKS {
            empty(&mut lanes, &mut counts);
            pending = 0;
        }
    }
    empty(&mut lanes, &mut counts);
    for (row, weight) in [(eights, 8), (fours, 4), (twos, 2), (ones, 1)] {
        for word in row {
            add_bits(&mut counts, word, weight);
        }
    }
    for &h in blocks.remainder() {
        add_bits(&mut counts, h, 1);
    }
    counts
}

/// What one pass over the heaps learns for misère play.
struct Census {
    xor: u128,
    large: usize,
    /// The index of the last heap `≥ 2`, if any.
    last_large: Option<usize>,
    ones: usize,
}

impl<T> From<Vec<T>> for Nim<T> {
    fn from(heaps: Vec<T>) -> Self {
        Nim { heaps }
    }
}

impl<T, const N: usize> From<[T; N]> for Nim<T> {
    fn from(heaps: [T; N]) -> Self {
        Nim {
            heaps: heaps.into(),
        }
    }
}

impl<T> From<Nim<T>> for Vec<T> {
    fn from(nim: Nim<T>) -> Self {
        nim.heaps
    }
}

impl<T> FromIterator<T> for Nim<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Nim {
            heaps: iter.into_iter().collect(),
        }
    }
}

impl<T> Extend<T> for Nim<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.heaps.extend(iter);
    }
}

impl<T> AsRef<[T]> for Nim<T> {
    fn as_ref(&self) -> &[T] {
        &self.heaps
    }
}

/// The heaps in parentheses, `(3, 5, 7)`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::Nim::from([3u8, 5, 7]).to_string(), "(3, 5, 7)");
/// ```
impl<T: fmt::Display> fmt::Display for Nim<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_list(f, &self.heaps)
    }
}

/// Reads heaps separated by commas or spaces, in parentheses or not: `(3, 5, 7)`, `3 5 7`.
/// An empty text or `()` is the position with no heaps; a comma stands only between two
/// heaps (`3,,5` and `3, 5,` are refused).
///
/// # Examples
///
/// ```
/// use grundy::games::Nim;
/// assert_eq!("(3, 5, 7)".parse::<Nim<u8>>()?, Nim::from([3, 5, 7]));
/// assert_eq!("3 5 7".parse::<Nim<u8>>()?, Nim::from([3, 5, 7]));
/// assert!("3 500".parse::<Nim<u8>>().is_err());
/// assert!("3,,5".parse::<Nim<u8>>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Heap> FromStr for Nim<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        parse_list(text, "a Nim heap").map(Nim::new)
    }
}

/// Which moves a [`WinningMoves`] lists.
#[derive(Debug, Clone)]
enum Rule<T> {
    /// The heaps `h` with `h ⊕ change < h`, that is those holding the top bit of `change`,
    /// each reduced to `h ⊕ change`.
    Xor {
        /// The XOR a heap undergoes.
        change: T,
        /// The highest set bit of `change`.
        top: T,
    },
    /// One move, until taken.
    Single(Option<NimMove<T>>),
    /// Every heap of one emptied.
    EmptyOnes,
}

/// The winning moves (or moves to a value) of a [`Nim`] position, lazily, in heap order:
/// from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// # Examples
///
/// ```
/// use grundy::{games::Nim, ClosedForm, Play};
/// let nim = Nim::from([3u8, 5, 6, 1]);
/// let winning = nim.winning_moves(Play::Normal)?;
/// assert_eq!(winning.len(), 3); // 3, 5 and 1 hold bit 0 of the total *1
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a, T> {
    heaps: &'a [T],
    /// The heaps listed in the current block of at most 64: bit `i` is heap `base + i`.
    block: u64,
    base: usize,
    /// Where the next block starts.
    next: usize,
    rule: Rule<T>,
    /// The number of moves not yet listed, when known (else `size_hint` counts them).
    remaining: Option<usize>,
}

impl<'a, T: Heap> WinningMoves<'a, T> {
    fn new(heaps: &'a [T], rule: Rule<T>) -> Self {
        WinningMoves {
            heaps,
            block: 0,
            base: 0,
            next: 0,
            rule,
            remaining: None,
        }
    }

    /// Loads the next block with a listed heap, if any: a branch-free pass over up to 64
    /// heaps that sets one bit per listed heap.
    fn refill(&mut self) -> bool {
        while let Some(rest) = self.heaps.get(self.next..).filter(|rest| !rest.is_empty()) {
            let chunk = &rest[..rest.len().min(64)];
            let mut bits = 0u64;
            for (i, &h) in chunk.iter().enumerate() {
                bits |= u64::from(listed(&self.rule, h)) << i;
            }
            self.base = self.next;
            self.next += chunk.len();
            if bits != 0 {
                self.block = bits;
                return true;
            }
        }
        false
    }
}

/// Whether heap `h` is listed by `rule`.
#[inline(always)]
fn listed<T: Heap>(rule: &Rule<T>, h: T) -> bool {
    match *rule {
        Rule::Xor { top, .. } => !(h & top).is_zero(),
        Rule::EmptyOnes => h == T::one(),
        Rule::Single(_) => false,
    }
}

impl<T: Heap> Iterator for WinningMoves<'_, T> {
    type Item = NimMove<T>;

    #[inline]
    fn next(&mut self) -> Option<NimMove<T>> {
        if let Rule::Single(mv) = &mut self.rule {
            return mv.take();
        }
        if self.block == 0 && !self.refill() {
            return None;
        }
        let index = self.base + self.block.trailing_zeros() as usize;
        self.block &= self.block - 1;
        if let Some(remaining) = &mut self.remaining {
            *remaining -= 1;
        }
        let h = self.heaps[index];
        let to = match self.rule {
            Rule::Xor { change, .. } => h ^ change,
            _ => T::zero(),
        };
        Some(NimMove { index, to })
    }

    /// Every move left, block by block: a tight loop per block of 64 heaps, with none of
    /// the state [`Iterator::next`] keeps between calls.
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, NimMove<T>) -> B,
    {
        let (change, shift) = match self.rule {
            Rule::Single(mv) => return mv.into_iter().fold(init, f),
            Rule::Xor { change, top } => (change, top.trailing_zeros() as usize),
            // A heap of one is emptied: its bit 0 is set, and XOR with 1 empties it.
            Rule::EmptyOnes => (T::one(), 0),
        };
        let mut acc = init;
        // What is left of the current block.
        let mut visit = |acc: B, block: &[T], base: usize, mut bits: u64| {
            let mut acc = acc;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(&h) = block.get(i) {
                    let to = h ^ change;
                    acc = f(
                        acc,
                        NimMove {
                            index: base + i,
                            to,
                        },
                    );
                }
            }
            acc
        };
        let base = self.base;
        acc = visit(
            acc,
            self.heaps.get(base..).unwrap_or_default(),
            base,
            self.block,
        );
        let rest = self.heaps.get(self.next..).unwrap_or_default();
        let mut base = self.next;
        if let Rule::EmptyOnes = self.rule {
            for block in rest.chunks(64) {
                let mut bits = 0u64;
                for (i, &h) in block.iter().enumerate() {
                    bits |= u64::from(h == T::one()) << i;
                }
                acc = visit(acc, block, base, bits);
                base += block.len();
            }
            return acc;
        }
        // Bit `shift` of a heap, moved to the top: the heap is listed iff it is above `half`.
        // In blocks of exactly 64 the comparisons become vector compares and mask moves.
        let width = T::zero().count_zeros() as usize;
        let up = width - 1 - shift;
        let half = T::max_value() >> 1;
        let mut blocks = rest.chunks_exact(64);
        for block in &mut blocks {
            let mut bits = 0u64;
            if let Ok(block) = <&[T; 64]>::try_from(block) {
                for (i, &h) in block.iter().enumerate() {
                    bits |= u64::from((h << up) > half) << i;
                }
            }
            acc = visit(acc, block, base, bits);
            base += 64;
        }
        let block = blocks.remainder();
        let mut bits = 0u64;
        for (i, &h) in block.iter().enumerate() {
            bits |= u64::from((h << up) > half) << i;
        }
        acc = visit(acc, block, base, bits);
        acc
    }

    /// Exact: the count made with the nim-sum when the moves come from
    /// [`ClosedForm::moves_to_value`] or [`ClosedForm::winning_moves`] under normal play;
    /// otherwise the heaps left in the block, and a count of those the rule lists among the
    /// heaps after it (one pass over them).
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match (&self.rule, self.remaining) {
            (Rule::Single(mv), _) => usize::from(mv.is_some()),
            (_, Some(remaining)) => remaining,
            (rule, None) => {
                let rest = self.heaps.get(self.next..).unwrap_or_default();
                self.block.count_ones() as usize + rest.iter().filter(|&&h| listed(rule, h)).count()
            }
        };
        (n, Some(n))
    }
}

impl<T: Heap> ExactSizeIterator for WinningMoves<'_, T> {}

impl<T: Heap> FusedIterator for WinningMoves<'_, T> {}

impl<T: Heap> Game for Nim<T> {
    type Move = NimMove<T>;

    /// The buffer of its heaps.
    fn owned_bytes(&self) -> usize {
        self.heaps.capacity() * size_of::<T>()
    }

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(NimMove<T>, Self) -> ControlFlow<()>,
    {
        for (index, &h) in self.heaps.iter().enumerate() {
            let mut to = T::zero();
            while to < h {
                let mut heaps = self.heaps.clone();
                heaps[index] = to;
                visit(NimMove { index, to }, Nim { heaps })?;
                to = to + T::one();
            }
        }
        ControlFlow::Continue(())
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] if `mv.index` is not a heap's index or `mv.to` is not smaller
    /// than that heap.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Nim, NimMove};
    /// use grundy::Game;
    /// let nim = Nim::from([3u16]);
    /// assert!(nim.play(NimMove { index: 0, to: 3 }).is_err());
    /// assert!(nim.play(NimMove { index: 1, to: 0 }).is_err());
    /// assert_eq!(nim.play(NimMove { index: 0, to: 0 })?.heaps(), &[0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: NimMove<T>) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.index)?;
        if mv.to >= h {
            return Err(Error::IllegalMove {
                reason: format!(
                    "heap {} holds {h}, so it cannot be reduced to {}",
                    mv.index, mv.to
                ),
            });
        }
        let mut heaps = self.heaps.clone();
        heaps[mv.index] = mv.to;
        Ok(Nim { heaps })
    }
}

/// Bouton's closed forms, under normal and misère play. Nothing here fails: every `Result`
/// is `Ok`.
impl<T: Heap> ClosedForm for Nim<T> {
    type MovesTo<'a> = WinningMoves<'a, T>;

    /// `*x`, the nim-sum of the heaps.
    #[inline]
    fn grundy(&self) -> Result<Nimber, Error> {
        Ok(Nimber::new(self.nim_sum().widen()))
    }

    /// The heaps `h` with `h ⊕ x ⊕ t < h`, reduced to `h ⊕ x ⊕ t`. From 64 heaps on, the
    /// pass that finds `x` also counts, for every bit, the heaps that hold it, so the number
    /// of moves is known at once (`len()` reads no heap).
    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<'_, T>, Error> {
        if self.heaps.len() < 16 * LANES {
            // Fewer heaps than one block of the counting pass: the nim-sum alone costs less
            // than setting up its counters (what a sum of many small Nim positions pays once
            // a component), and `len()` counts the few heaps when asked.
            return Ok(self.xor_moves(self.nim_sum().widen() ^ target.get(), None));
        }
        let counts = bit_counts(&self.heaps);
        let x = counts
            .iter()
            .enumerate()
            .fold(0u128, |x, (b, &count)| x | ((count as u128 & 1) << b));
        Ok(self.xor_moves(x ^ target.get(), Some(&counts)))
    }

    fn misere_outcome(&self) -> Result<Outcome, Error> {
        let census = self.census();
        let previous = if census.large == 0 {
            census.ones % 2 == 1
        } else {
            census.xor == 0
        };
        Ok(if previous {
            Outcome::Previous
        } else {
            Outcome::Next
        })
    }

    fn misere_winning_moves(&self) -> Result<WinningMoves<'_, T>, Error> {
        let census = self.census();
        let rule = match (census.large, census.last_large) {
            (0, _) if census.ones > 0 && census.ones % 2 == 0 => Rule::EmptyOnes,
            (1, Some(index)) => Rule::Single(Some(NimMove {
                index,
                to: if census.ones % 2 == 0 {
                    T::one()
                } else {
                    T::zero()
                },
            })),
            (large, _) if large >= 2 => return Ok(self.xor_moves(census.xor, None)),
            _ => Rule::Single(None),
        };
        let mut moves = WinningMoves::new(&self.heaps, rule);
        if let Rule::EmptyOnes = moves.rule {
            moves.remaining = Some(census.ones);
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Play, Solver};
    use alloc::vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        for a in 0u8..6 {
            for b in 0u8..6 {
                for c in 0u8..4 {
                    let nim = Nim::from([a, b, c]);
                    assert_eq!(solver.grundy(&nim).unwrap(), nim.grundy().unwrap());
                    for play in [Play::Normal, Play::Misere] {
                        assert_eq!(
                            solver.outcome(&nim, play).unwrap(),
                            nim.outcome(play).unwrap()
                        );
                        let mut searched: Vec<NimMove<u8>> =
                            solver.winning_moves(&nim, play).unwrap().collect();
                        searched.sort();
                        let closed = nim.winning_moves(play).unwrap();
                        assert_eq!(closed.len(), searched.len(), "{nim:?} {play}");
                        let closed: Vec<NimMove<u8>> = closed.collect();
                        assert_eq!(searched, closed, "{nim:?} {play}");
                    }
                }
            }
        }
    }

    /// Every bit's count, by looking at every bit of every heap.
    fn naive_counts<T: Heap>(heaps: &[T]) -> BitCounts {
        let mut counts = [0; 128];
        for &h in heaps {
            add_bits(&mut counts, h, 1);
        }
        counts
    }

    #[test]
    fn bit_counts_match_a_count_of_every_bit() {
        let mut rng = crate::xorshift::XorShift(0x2545_F491_4F6C_DD1D);
        let mut next = || rng.next();
        // Past 255 blocks of 16 (a byte-wide counter is emptied), and every remainder.
        for len in [
            0,
            1,
            15,
            16,
            17,
            63,
            64,
            65,
            255 * 64,
            255 * 64 + 70,
            40_000,
        ] {
            let wide: Vec<u128> = (0..len)
                .map(|_| (u128::from(next()) << 64) | u128::from(next()))
                .collect();
            assert_eq!(bit_counts(&wide), naive_counts(&wide), "u128, {len}");
            let narrow: Vec<u8> = wide.iter().map(|&h| h as u8).collect();
            assert_eq!(bit_counts(&narrow), naive_counts(&narrow), "u8, {len}");
            let all_ones = vec![u64::MAX; len];
            assert_eq!(bit_counts(&all_ones)[..64], [len; 64]);
            let nim = Nim::new(wide.iter().map(|&h| h as u64).collect());
            let x = nim.nim_sum();
            assert_eq!(nim.grundy().unwrap(), Nimber::new(u128::from(x)));
        }
    }

    #[test]
    fn small_and_large_positions_count_their_moves_alike() {
        // Below one block of the counting pass the count comes from a direct pass; at and
        // past it, from the bit counts: both exact, for every target.
        for len in [0usize, 1, 2, 3, 16, 63, 64, 65, 130] {
            let heaps: Vec<u16> = (0..len as u32)
                .map(|i| (i.wrapping_mul(2_654_435_761) >> 16) as u16)
                .collect();
            let nim = Nim::new(heaps.clone());
            let x = heaps.iter().fold(0u16, |a, &h| a ^ h);
            for target in [0u16, 1, 7, 300, u16::MAX] {
                let change = x ^ target;
                let expected: Vec<NimMove<u16>> = heaps
                    .iter()
                    .enumerate()
                    .filter(|&(_, &h)| h ^ change < h)
                    .map(|(index, &h)| NimMove {
                        index,
                        to: h ^ change,
                    })
                    .collect();
                let moves = nim.moves_to_value(Nimber::from(target)).unwrap();
                assert_eq!(moves.len(), expected.len(), "{len} heaps, target {target}");
                assert_eq!(moves.collect::<Vec<_>>(), expected, "{len}, {target}");
            }
        }
    }

    #[test]
    fn the_count_stays_exact_and_fold_lists_what_next_lists() {
        let heaps: Vec<u32> = (0..1000u32)
            .map(|i| i.wrapping_mul(2_654_435_761))
            .collect();
        let nim = Nim::new(heaps.clone());
        let x = heaps.iter().fold(0, |a, &h| a ^ h);
        let expected: Vec<NimMove<u32>> = heaps
            .iter()
            .enumerate()
            .filter(|&(_, &h)| h ^ x < h)
            .map(|(index, &h)| NimMove { index, to: h ^ x })
            .collect();
        assert!(expected.len() > 100);
        let mut moves = nim.winning_moves(Play::Normal).unwrap();
        assert_eq!(moves.len(), expected.len());
        // Part by `next`, the rest by `fold`, from every point of the first blocks.
        for taken in 0..expected.len() {
            let mut partial = nim.winning_moves(Play::Normal).unwrap();
            let head: Vec<_> = partial.by_ref().take(taken).collect();
            assert_eq!(partial.len(), expected.len() - taken);
            let tail = partial.fold(Vec::new(), |mut v, mv| {
                v.push(mv);
                v
            });
            assert_eq!([head, tail].concat(), expected, "after {taken}");
        }
        assert_eq!(moves.next(), expected.first().copied());
        assert_eq!(moves.len(), expected.len() - 1);
        // Misère: every one emptied, counted.
        let ones = Nim::from([1u8, 0, 1, 1, 1]);
        let misere = ones.winning_moves(Play::Misere).unwrap();
        assert_eq!(misere.len(), 4);
        assert_eq!(misere.map(|mv| mv.index).collect::<Vec<_>>(), [0, 2, 3, 4]);
    }

    #[test]
    fn exact_at_the_top_of_u128() {
        let nim = Nim::from([u128::MAX, u128::MAX - 1]);
        assert_eq!(nim.grundy().unwrap(), Nimber::ONE);
        let moves: Vec<_> = nim.winning_moves(Play::Normal).unwrap().collect();
        assert_eq!(
            moves,
            vec![NimMove {
                index: 0,
                to: u128::MAX - 1
            }]
        );
    }
}
