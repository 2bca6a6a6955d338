//! Wythoff's game: two heaps; a move takes any positive number from one heap, or the same
//! positive number from both. Normal and misère play.
//!
//! - [`Wythoff`] is a position and [`WythoffMove`] a move; [`p_position`] gives the `k`-th
//!   P-position exactly.
//! - The P-positions, and so the outcome and every winning move, come from exact integer
//!   arithmetic with the golden ratio (the private module `phi`), in O(1) at every size.
//! - The Grundy values, which have no closed form, come from a table (the private module
//!   `grundy_table`) of at most [`DEFAULT_GRUNDY_LIMIT`] entries, or another limit through
//!   [`Wythoff::grundy_with_limit`].
//!
//! A namespace: [`Wythoff`], [`WythoffMove`] and [`p_position`] are re-exported as
//! `grundy::games::Wythoff` and so on; this module also holds [`WinningMoves`], the iterator
//! that Wythoff's `winning_moves` and `moves_to_value` return, and [`DEFAULT_GRUNDY_LIMIT`].

mod grundy_table;
mod phi;

use crate::games::text::parse_list;
use crate::solve::ClosedForm;
use crate::{Error, Game, Heap, Nimber, Outcome, Play};
use alloc::format;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::ControlFlow;
use core::str::FromStr;
use grundy_table::{OptionsOfValue, Table};
use phi::{floor_phi, is_floor_phi, partner};

/// The largest Grundy table [`ClosedForm::grundy`] computes for a [`Wythoff`] position, and
/// [`ClosedForm::moves_to_value`] for a non-zero target: `2^20` entries, so a position
/// `(a, b)` with `(a + 1)(b + 1) ≤ 1 048 576` (any board up to `1023 × 1023`).
///
/// At this size the table takes about 10 ms (measured, release build) and at most 16 MiB
/// (a thin board; a square one takes about 1 MiB). [`Wythoff::grundy_with_limit`] takes
/// another limit.
///
/// # Examples
///
/// ```
/// use grundy::games::{wythoff::DEFAULT_GRUNDY_LIMIT, Wythoff};
/// use grundy::prelude::*;
/// use grundy::Error;
///
/// assert!(Wythoff::new(1023u32, 1023).grundy().is_ok());
/// assert_eq!(
///     Wythoff::new(1024u32, 1023).grundy(),
///     Err(Error::TableLimit { requested: 1025 * 1024, limit: DEFAULT_GRUNDY_LIMIT })
/// );
/// // The outcome needs no table, at any size.
/// assert_eq!(Wythoff::new(1024u32, 1023).outcome(Play::Normal)?, Outcome::Next);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const DEFAULT_GRUNDY_LIMIT: usize = 1 << 20;

/// A position of Wythoff's game: two heaps `a` and `b`; a move takes any positive number of
/// counters from one heap, or the same positive number from both. Under normal play whoever
/// takes the last counter wins; under misère play ([`Play::Misere`]) whoever takes it loses.
/// Equivalently, a queen on a chessboard moves towards the corner `(0, 0)`, and whoever
/// reaches the corner wins (normal) or loses (misère).
///
/// **Normal play**, Wythoff (W. A. Wythoff, *A modification of the game of Nim*, Nieuw Arch.
/// Wisk. 7 (1907) 199–202): the P-positions are `(⌊kφ⌋, ⌊kφ⌋ + k)` for
/// `k = 0, 1, 2, …` and their mirror images, with `φ = (1 + √5) / 2` ([`p_position`]). By
/// Beatty's theorem (Rayleigh 1907, Beatty 1926) the sequences `⌊kφ⌋` and
/// `⌊kφ²⌋ = ⌊kφ⌋ + k` (`k ≥ 1`) partition the positive integers, so every row, column and
/// diagonal of the board holds exactly one P-position, and a position has at most three
/// winning moves: one per line through it.
///
/// **Misère play**: the P-positions are those of normal play, except that `(0, 0)`, `(1, 2)`
/// and `(2, 1)` are replaced by `(0, 1)`, `(1, 0)` and `(2, 2)`: so `(0, 1)`, `(1, 0)`,
/// `(2, 2)`, then `(⌊kφ⌋, ⌊kφ⌋ + k)` and mirror images for `k ≥ 2`.
///
/// *Proof.* The set still holds exactly one position of every row, column and diagonal: row
/// 0 trades `(0, 0)` for `(0, 1)`, row 1 `(1, 2)` for `(1, 0)`, row 2 `(2, 1)` for `(2, 2)`
/// (and the same for columns), the main diagonal `(0, 0)` for `(2, 2)`, the diagonals next to
/// it `(1, 2)` for `(0, 1)` and `(2, 1)` for `(1, 0)`; so no move joins two of its positions.
/// Every other position but the terminal `(0, 0)` (where the player to move has won) has a
/// move into the set: with a heap of 0 or 1, to `(0, 1)` or `(1, 0)`; with a heap of 2 and
/// the other at least 3, to `(2, 2)`; with both heaps at least 3 and equal, to `(2, 2)`, or
/// differing by one, to `(0, 1)` or `(1, 0)`, along the diagonal; with both at least 3 and
/// differing by at least 2, the three lines through the position hold the same P-positions as
/// under normal play, and the position is not one of them, so one lies below it, as under
/// normal play. ∎ (The tests check this against a search of every position up to
/// `200 × 200`.)
///
/// # Exactness
///
/// Everything is decided in integers, never in floating point (the usual
/// `(b − a) * 1.618…` gives a wrong answer first at `b − a = 102334155`, inside ordinary judge
/// limits). `⌊k/φ⌋` is the largest `c` with `c(c + k) ≤ k²` (`x = k/φ` solves
/// `x² + kx = k²`), and `⌊kφ⌋ = k + ⌊k/φ⌋`. So `(a, b)` with `a ≤ b` and `k = b − a` is a
/// P-position exactly when `c = a − k ≥ 0` satisfies `0 ≤ k² − c·a ≤ c + a`: the outcome is
/// two exact products and two comparisons, with no estimate at all: one `64 × 64 → 128`-bit
/// multiplication each while the heaps fit in 64 bits, exact `128 × 128 → 256`-bit products
/// beyond. The winning moves compute `⌊k/φ⌋` from a fixed-point first guess that the same
/// comparison confirms or corrects. Every heap type up to `u128` is exact at every value.
///
/// Heaps are any unsigned type from `u8` to `u128` ([`Heap`]).
///
/// # Grundy values
///
/// Wythoff's Grundy values have no known closed form (they are studied by Blass and Fraenkel
/// 1990; Landman 2002 proves each row additively periodic). [`grundy`](ClosedForm::grundy)
/// fills a table by rows, keeping one bit set of the values already seen in each row, column
/// and diagonal; a value is the least value in none of the three sets of its lines. Two
/// bounds keep the sets small, for `m ≤ n`:
///
/// - `G(m, n) ≤ n + 2m`, the number of options;
/// - `G(m, n) ≥ n − 2m`: if a value `v` is missing from the options of `(m, n)`, each of the
///   `n` cells `(m, j)`, `j < n`, either has a value below `v` (at most `v` cells, as values
///   in a row are distinct) or has `v` among its options, in its column or diagonal (`v` is
///   not in row `m` before `n`); each of the `m` rows above holds `v` at most once, which
///   covers one column and one diagonal: at most `2m` cells. So `n ≤ v + 2m`.
///
/// So every line's set lives in a window of `4m + 1` values for the smaller heap `m`, and a
/// mex scans `O(m / 64)` words. By symmetry `G(a, b) = G(b, a)`, only the half of the table
/// with `i ≤ j` is computed. The table answers [`grundy`](ClosedForm::grundy) and
/// [`moves_to_value`](ClosedForm::moves_to_value) for a target other than `*0`; the outcome
/// and the winning moves never need it.
///
/// # Laws
///
/// - `G(a, b) = mex({G(a', b) : a' < a} ∪ {G(a, b') : b' < b} ∪ {G(a − t, b − t)})` over
///   `1 ≤ t ≤ min(a, b)`.
/// - `G(a, b) = 0` ⇔ `(a, b)` is P ⇔ `min(a, b) = ⌊(max(a, b) − min(a, b)) φ⌋`.
/// - `G(a, b) = G(b, a)`, and `max − 2·min ≤ G(a, b) ≤ max + 2·min`.
///
/// # Complexity
///
/// `new`, `outcome` (normal and misère), `winning_moves` (all of them, under either play),
/// `moves_to_value(*0)` and `play` are O(1) (a bounded number of 128-bit multiplications).
/// `grundy` and `moves_to_value` for another target, for heaps `m ≤ n`, take
/// `O(m · n · (1 + m / 64))` time and `O(n · (1 + m / 64))` words of memory.
///
/// # Errors
///
/// [`grundy`](ClosedForm::grundy), and [`moves_to_value`](ClosedForm::moves_to_value) for a
/// target other than `*0`, return [`Error::TableLimit`] when `(a + 1)(b + 1)` is more than
/// [`DEFAULT_GRUNDY_LIMIT`]. Nothing else fails: the outcome and the winning moves, under
/// normal and misère play, are answered at every size.
///
/// # Examples
///
/// ```
/// use grundy::games::{Wythoff, WythoffMove};
/// use grundy::prelude::*;
///
/// let w = Wythoff::new(4u64, 7);
/// assert_eq!(w.outcome(Play::Normal)?, Outcome::Previous); // (⌊3φ⌋, ⌊3φ⌋ + 3)
/// let w = Wythoff::new(5u64, 7);
/// let winning: Vec<_> = w.winning_moves(Play::Normal)?.collect();
/// let to: Vec<_> = winning.iter().map(|mv| mv.to).collect();
/// assert_eq!(to, [(4, 7), (5, 3), (3, 5)]);
/// assert_eq!(winning[2].to_string(), "take 2 from both, leaving (3, 5)");
/// assert_eq!(w.play(winning[0])?.outcome(Play::Normal)?, Outcome::Previous);
/// assert_eq!(Wythoff::new(2u8, 3).grundy()?, Nimber::new(5));
///
/// // Misère play: (2, 2) is lost for the player to move, (0, 0) won.
/// assert_eq!(Wythoff::new(2u8, 2).outcome(Play::Misere)?, Outcome::Previous);
/// let misere: Vec<_> = Wythoff::new(3u8, 3).winning_moves(Play::Misere)?.collect();
/// assert_eq!(misere, [WythoffMove { from: (3, 3), to: (2, 2) }]);
///
/// // Exact where floating point is not: b − a = 102334155 = F(40).
/// let w = Wythoff::new(165_580_140u64, 165_580_140 + 102_334_155);
/// assert_eq!(w.outcome(Play::Normal)?, Outcome::Previous);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wythoff<T> {
    a: T,
    b: T,
}

/// A move of [`Wythoff`]'s game, as the queen's step: from the position `from` to the
/// position `to`, each given as its two heaps `(a, b)`.
///
/// **Numbering:** no index; a move names both boards whole, each `(first heap, second heap)`
/// in the order of [`Wythoff::new`] and [`Wythoff::heaps`] (a position is never reordered).
///
/// A move is legal from `from` when it takes a positive number of counters from one heap and
/// leaves the other as it was, or takes the same positive number from both;
/// [`Game::play`] checks that, and that `from` is the position it is played from.
///
/// # Examples
///
/// ```
/// use grundy::games::{Wythoff, WythoffMove};
/// use grundy::Game;
///
/// let mv = WythoffMove { from: (4u8, 6), to: (1, 3) };
/// assert_eq!(Wythoff::new(4u8, 6).play(mv)?.heaps(), (1, 3));
/// assert_eq!(mv.to_string(), "take 3 from both, leaving (1, 3)");
/// let mv = WythoffMove { from: (4u8, 6), to: (4, 0) };
/// assert_eq!(mv.to_string(), "take 6 from the second heap, leaving (4, 0)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct WythoffMove<T> {
    /// The heaps `(a, b)` before the move.
    pub from: (T, T),
    /// The heaps `(a, b)` after the move.
    pub to: (T, T),
}

/// In words: `take 2 from both, leaving (1, 2)`, `take 3 from the first heap, leaving
/// (0, 5)`; a pair that is no legal move is written `(3, 5) to (4, 5), not a move`.
///
/// # Examples
///
/// ```
/// use grundy::games::WythoffMove;
/// let mv = WythoffMove { from: (3u8, 5), to: (0, 5) };
/// assert_eq!(mv.to_string(), "take 3 from the first heap, leaving (0, 5)");
/// let mv = WythoffMove { from: (3u8, 5), to: (4, 5) };
/// assert_eq!(mv.to_string(), "(3, 5) to (4, 5), not a move");
/// ```
impl<T: Heap> fmt::Display for WythoffMove<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ((a, b), (x, y)) = (self.from, self.to);
        if let Some((take, from)) = taken(self.from, self.to) {
            write!(f, "take {take} from {from}, leaving ({x}, {y})")
        } else {
            write!(f, "({a}, {b}) to ({x}, {y}), not a move")
        }
    }
}

/// What a legal move from `from` to `to` takes, and from which heaps (in words), or `None`
/// if it is no legal move.
fn taken<T: Heap>(from: (T, T), to: (T, T)) -> Option<(T, &'static str)> {
    let ((a, b), (x, y)) = (from, to);
    if x > a || y > b {
        return None;
    }
    // Now `x <= a` and `y <= b`, so the differences do not wrap.
    match (a - x, b - y) {
        (take, zero) if zero.is_zero() && !take.is_zero() => Some((take, "the first heap")),
        (zero, take) if zero.is_zero() && !take.is_zero() => Some((take, "the second heap")),
        (s, t) if s == t && !s.is_zero() => Some((s, "both")),
        _ => None,
    }
}

/// The `k`-th P-position of Wythoff's game under normal play, `(⌊kφ⌋, ⌊kφ⌋ + k)`, computed
/// exactly.
///
/// The first are `(0, 0)`, `(1, 2)`, `(3, 5)`, `(4, 7)`, `(6, 10)`. Every P-position of
/// normal play is one of these or its mirror image. (Under misère play, `k = 0` and `k = 1`
/// give way to `(0, 1)` and `(2, 2)`; see [`Wythoff`].)
///
/// # Complexity
///
/// O(1): a few 128 × 128-bit multiplications.
///
/// # Errors
///
/// [`Error::Overflow`] when `⌊kφ⌋ + k` does not fit in `T` (for `u64`, when
/// `k > 7_046_029_254_386_353_130`).
///
/// # Examples
///
/// ```
/// use grundy::games::p_position;
///
/// assert_eq!(p_position(3u8)?, (4, 7));
/// // F(40) = 102334155: ⌊F(40)·φ⌋ = F(41) − 1, where floating point says F(41).
/// assert_eq!(p_position(102_334_155u64)?, (165_580_140, 267_914_295));
/// assert!(p_position(98u8).is_err()); // (158, 256) does not fit in u8
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn p_position<T: Heap>(k: T) -> Result<(T, T), Error> {
    let wide = k.widen();
    floor_phi(wide)
        .and_then(|a| {
            let b = a.checked_add(wide)?;
            Some((T::narrow(a)?, T::narrow(b)?))
        })
        .ok_or_else(|| Error::Overflow {
            what: format!(
                "the Wythoff P-position (⌊kφ⌋, ⌊kφ⌋ + k) for k = {k} does not fit in {}",
                core::any::type_name::<T>()
            ),
        })
}

// ---------------------------------------------------------------------------------------------
// The P-position on each line, under either play.

/// The `y` with `(x, y)` a P-position under `play` (there is exactly one), or `None` past
/// `u128::MAX`: the P-position of row `x` (and, mirrored, of column `x`).
#[inline]
fn line_partner(play: Play, x: u128) -> Option<u128> {
    match (play, x) {
        (Play::Misere, 0) => Some(1),
        (Play::Misere, 1) => Some(0),
        (Play::Misere, 2) => Some(2),
        _ => partner(x),
    }
}

/// The smaller heap of the P-position under `play` on the diagonal of positions whose heaps
/// differ by `gap` (there is exactly one), or `None` past `u128::MAX`.
#[inline]
fn diagonal_start(play: Play, gap: u128) -> Option<u128> {
    match (play, gap) {
        (Play::Misere, 0) => Some(2),
        (Play::Misere, 1) => Some(0),
        _ => floor_phi(gap),
    }
}

/// Whether `(a, b)` is a P-position under `play`: the one of its diagonal. Under normal play
/// (and misère play off the two diagonals nearest the main one) that is whether
/// `min(a, b) = ⌊(max(a, b) − min(a, b))φ⌋`, which [`is_floor_phi`] decides without computing
/// the right-hand side.
#[inline]
fn is_p(play: Play, a: u128, b: u128) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    match (play, large - small) {
        (Play::Misere, 0) => small == 2,
        (Play::Misere, 1) => small == 0,
        (_, gap) => is_floor_phi(gap, small),
    }
}

#[inline]
fn outcome_of(is_p: bool) -> Outcome {
    if is_p {
        Outcome::Previous
    } else {
        Outcome::Next
    }
}

impl<T: Heap> Wythoff<T> {
    /// The position with heaps `a` and `b`, in this order.
    ///
    /// Every pair of heaps is a position, so this cannot fail. [`From`] a pair or an array
    /// of two builds one too.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Wythoff;
    /// let w = Wythoff::new(u128::MAX, 0);
    /// assert_eq!(w.heaps(), (u128::MAX, 0));
    /// assert_eq!(w, Wythoff::from((u128::MAX, 0)));
    /// assert_eq!(w, Wythoff::from([u128::MAX, 0]));
    /// ```
    #[must_use]
    pub fn new(a: T, b: T) -> Self {
        Wythoff { a, b }
    }

    /// The two heaps, `(a, b)`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Wythoff::new(3u8, 9).heaps(), (3, 9));
    /// ```
    #[must_use]
    pub fn heaps(&self) -> (T, T) {
        (self.a, self.b)
    }

    /// The Grundy value, from a table of at most `limit` entries: the position `(a, b)` needs
    /// `(a + 1)(b + 1)` (half of which are computed, by symmetry). See [`Wythoff`] for the
    /// algorithm; [`ClosedForm::grundy`] asks this with [`DEFAULT_GRUNDY_LIMIT`].
    ///
    /// # Complexity
    ///
    /// With `m ≤ n` the heaps: `O(m · n · (1 + m / 64))` time, `O(n · (1 + m / 64))` words of
    /// memory (about one byte per entry for a square board, at most 16 for a thin one).
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] when `(a + 1)(b + 1) > limit`; `requested` is that product,
    /// saturated at `u128::MAX`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Wythoff, Error, Nimber};
    /// let w = Wythoff::new(2u64, 3);
    /// assert_eq!(w.grundy_with_limit(12)?, Nimber::new(5));
    /// assert_eq!(w.grundy_with_limit(11), Err(Error::TableLimit { requested: 12, limit: 11 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy_with_limit(&self, limit: usize) -> Result<Nimber, Error> {
        let table = Table::fill(self.a.widen(), self.b.widen(), limit, false)?;
        Ok(Nimber::new(table.value() as u128))
    }

    /// The winning moves under `play`, from the P-position of each line.
    #[inline]
    fn by_lines(&self, play: Play) -> WinningMoves<T> {
        WinningMoves {
            from: (self.a, self.b),
            source: Source::Lines {
                play,
                left: ALL_LINES,
            },
        }
    }

    /// The moves to `target ≠ *0`, from the Grundy table (kept out of line: the closed-form
    /// paths stay small enough to inline).
    #[inline(never)]
    fn by_table(&self, target: Nimber) -> Result<WinningMoves<T>, Error> {
        let (a, b) = (self.a.widen(), self.b.widen());
        let table = Table::fill(a, b, DEFAULT_GRUNDY_LIMIT, true)?;
        Ok(WinningMoves {
            from: (self.a, self.b),
            source: Source::Table {
                options: OptionsOfValue::new(table, target.get()),
                swapped: a > b,
            },
        })
    }
}

impl<T> From<(T, T)> for Wythoff<T> {
    fn from((a, b): (T, T)) -> Self {
        Wythoff { a, b }
    }
}

impl<T> From<[T; 2]> for Wythoff<T> {
    fn from([a, b]: [T; 2]) -> Self {
        Wythoff { a, b }
    }
}

impl<T> From<Wythoff<T>> for (T, T) {
    fn from(w: Wythoff<T>) -> Self {
        (w.a, w.b)
    }
}

/// The two heaps in parentheses, `(3, 5)`.
///
/// # Examples
///
/// ```
/// assert_eq!(grundy::games::Wythoff::new(3u8, 5).to_string(), "(3, 5)");
/// ```
impl<T: fmt::Display> fmt::Display for Wythoff<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.a, self.b)
    }
}

/// Reads two heaps separated by a comma and/or spaces, in parentheses or not: `(3, 5)`,
/// `3 5`, `3,5`.
///
/// # Examples
///
/// ```
/// use grundy::games::Wythoff;
/// assert_eq!("(3, 5)".parse::<Wythoff<u8>>()?, Wythoff::new(3, 5));
/// assert_eq!("3 5".parse::<Wythoff<u8>>()?, Wythoff::new(3, 5));
/// assert_eq!("3,5".parse::<Wythoff<u8>>()?, Wythoff::new(3, 5));
/// assert!("3".parse::<Wythoff<u8>>().is_err());
/// assert!("3 5 7".parse::<Wythoff<u8>>().is_err());
/// assert!("3 500".parse::<Wythoff<u8>>().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<T: Heap> FromStr for Wythoff<T> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        match parse_list::<T>(text, "a Wythoff heap")?[..] {
            [a, b] => Ok(Wythoff { a, b }),
            _ => Err(Error::Parse {
                text: text.into(),
                what: "a Wythoff position",
                reason: "it needs exactly two heaps",
            }),
        }
    }
}

/// A line through a position, along which [`WinningMoves`] looks for a P-position; they
/// are looked at in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Heap `a` reduced, `b` kept.
    Column = 1,
    /// Heap `b` reduced, `a` kept.
    Row = 2,
    /// The same number from both.
    Diagonal = 4,
}

/// The lines, in order; each is its own bit in a set of lines left.
const LINES: [Line; 3] = [Line::Column, Line::Row, Line::Diagonal];

/// The set of every line.
const ALL_LINES: u8 = Line::Column as u8 | Line::Row as u8 | Line::Diagonal as u8;

/// Where a [`WinningMoves`] finds its moves.
#[derive(Debug, Clone)]
enum Source {
    /// The P-position under `play` of each line in the set `left` (bits of [`Line`]).
    Lines { play: Play, left: u8 },
    /// The options of a value in a Grundy table, `(x, y)` with `x` the heap that is the
    /// smaller before the move; `swapped` when that is heap `b`.
    Table {
        options: OptionsOfValue,
        swapped: bool,
    },
}

/// The winning moves (or moves to a value) of a [`Wythoff`] position, lazily, each once:
/// from [`ClosedForm::winning_moves`] and [`ClosedForm::moves_to_value`].
///
/// The winning moves, under normal or misère play, are at most three, in the order column
/// (heap `a` reduced), row (heap `b` reduced), diagonal (both reduced): the P-position of
/// each line through the position, where it lies below it. The moves to another value come
/// from the Grundy table, in the order: the smaller heap reduced, the larger reduced, both.
///
/// # Examples
///
/// ```
/// use grundy::games::{Wythoff, WythoffMove};
/// use grundy::prelude::*;
/// // Heap a to 2 makes (2, 1), the mirror image of (1, 2); the row and the diagonal through
/// // (u64::MAX, 1) hold their P-positions above it.
/// let moves = Wythoff::new(u64::MAX, 1).winning_moves(Play::Normal)?;
/// assert_eq!(moves.len(), 1);
/// assert_eq!(moves.collect::<Vec<_>>(), [WythoffMove { from: (u64::MAX, 1), to: (2, 1) }]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<T> {
    from: (T, T),
    source: Source,
}

/// The P-position under `play` on `line` through `(a, b)`, if it lies below `(a, b)`.
#[inline]
fn p_on_line(play: Play, line: Line, a: u128, b: u128) -> Option<(u128, u128)> {
    match line {
        Line::Column => line_partner(play, b).filter(|&x| x < a).map(|x| (x, b)),
        Line::Row => line_partner(play, a).filter(|&y| y < b).map(|y| (a, y)),
        Line::Diagonal => {
            let (small, large) = (a.min(b), a.max(b));
            let gap = large - small;
            diagonal_start(play, gap).filter(|&p| p < small).map(|p| {
                // `p < small`, so `p + gap < large` does not overflow.
                if a <= b { (p, p + gap) } else { (p + gap, p) }
            })
        }
    }
}

/// The move from `from` to `(x, y)`, which lies below it, so both fit in `T`.
#[inline]
fn step_to<T: Heap>(from: (T, T), (x, y): (u128, u128)) -> Option<WythoffMove<T>> {
    Some(WythoffMove {
        from,
        to: (T::narrow(x)?, T::narrow(y)?),
    })
}

impl<T: Heap> Iterator for WinningMoves<T> {
    type Item = WythoffMove<T>;

    #[inline]
    fn next(&mut self) -> Option<WythoffMove<T>> {
        let (a, b) = (self.from.0.widen(), self.from.1.widen());
        match &mut self.source {
            // The lines one after the other, without a loop: in a loop the optimiser hoists
            // all three lines' arithmetic (it is safe to speculate) ahead of every call, and
            // each call computed every line again. The lines left are a set of bits, not a
            // "next line" enum, whose tests the optimiser makes into a jump table,
            // mispredicted on nearly every call.
            Source::Lines { play, left } => {
                let (play, from) = (*play, self.from);
                let mut on = |at: Line| {
                    if *left & at as u8 == 0 {
                        return None;
                    }
                    *left &= !(at as u8);
                    p_on_line(play, at, a, b).and_then(|to| step_to(from, to))
                };
                on(Line::Column)
                    .or_else(|| on(Line::Row))
                    .or_else(|| on(Line::Diagonal))
            }
            Source::Table { options, swapped } => {
                let (x, y) = options.next()?;
                let (x, y) = if *swapped { (y, x) } else { (x, y) };
                // Table entries are below heaps of `T`, so they fit in `u128` and in `T`.
                step_to(self.from, (x as u128, y as u128))
            }
        }
    }

    /// Internal iteration (and so `for_each`, `count`, `sum`, …) visits the lines left one
    /// after the other, without asking the iterator's state which line is next for each one.
    #[inline]
    fn fold<B, F>(self, init: B, mut f: F) -> B
    where
        F: FnMut(B, WythoffMove<T>) -> B,
    {
        let mut acc = init;
        if let Source::Lines { play, left } = self.source {
            let (a, b) = (self.from.0.widen(), self.from.1.widen());
            for at in LINES {
                if left & at as u8 != 0 {
                    if let Some(mv) =
                        p_on_line(play, at, a, b).and_then(|to| step_to(self.from, to))
                    {
                        acc = f(acc, mv);
                    }
                }
            }
        } else {
            // The table's moves, one `next` at a time (a `for` loop over `self` calls `next`).
            for mv in self {
                acc = f(acc, mv);
            }
        }
        acc
    }

    /// Exact: evaluates the lines left (O(1)), or counts the options left of the value in the
    /// table (one pass over them).
    fn size_hint(&self) -> (usize, Option<usize>) {
        let (a, b) = (self.from.0.widen(), self.from.1.widen());
        let left = match &self.source {
            Source::Lines { play, left } => LINES
                .into_iter()
                .filter(|&at| left & at as u8 != 0 && p_on_line(*play, at, a, b).is_some())
                .count(),
            Source::Table { options, .. } => options.len(),
        };
        (left, Some(left))
    }
}

impl<T: Heap> ExactSizeIterator for WinningMoves<T> {}

impl<T: Heap> FusedIterator for WinningMoves<T> {}

impl<T: Heap> Game for Wythoff<T> {
    type Move = WythoffMove<T>;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(WythoffMove<T>, Self) -> ControlFlow<()>,
    {
        let (a, b) = (self.a, self.b);
        let mut step = |x: T, y: T| {
            visit(
                WythoffMove {
                    from: (a, b),
                    to: (x, y),
                },
                Wythoff { a: x, b: y },
            )
        };
        let mut to = T::zero();
        while to < a {
            step(to, b)?;
            to = to + T::one();
        }
        let mut to = T::zero();
        while to < b {
            step(a, to)?;
            to = to + T::one();
        }
        let mut take = T::one();
        while take <= a && take <= b {
            step(a - take, b - take)?;
            // `take <= a`, so this only overflows when `take = a = T::MAX`, after the last move.
            match take.checked_add(&T::one()) {
                Some(next) => take = next,
                None => break,
            }
        }
        ControlFlow::Continue(())
    }

    /// # Errors
    ///
    /// [`Error::IllegalMove`] unless `mv.from` is this position and `mv` takes at least one
    /// counter from one heap and leaves the other as it was, or takes the same positive
    /// number from both.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::{Wythoff, WythoffMove};
    /// use grundy::Game;
    /// let w = Wythoff::new(5u16, 8);
    /// let mv = |x, y| WythoffMove { from: (5, 8), to: (x, y) };
    /// assert_eq!(w.play(mv(5, 0))?.heaps(), (5, 0));
    /// assert_eq!(w.play(mv(2, 5))?.heaps(), (2, 5));
    /// assert!(w.play(mv(5, 8)).is_err()); // takes nothing
    /// assert!(w.play(mv(4, 6)).is_err()); // 1 and 2
    /// assert!(w.play(mv(6, 8)).is_err()); // adds one
    /// assert!(w.play(WythoffMove { from: (5, 9), to: (5, 8) }).is_err()); // from elsewhere
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&self, mv: WythoffMove<T>) -> Result<Self, Error> {
        let (a, b) = (self.a, self.b);
        let (x, y) = mv.to;
        if mv.from != (a, b) {
            return Err(Error::IllegalMove {
                reason: format!(
                    "the move is made from ({}, {}), not from this position ({a}, {b})",
                    mv.from.0, mv.from.1
                ),
            });
        }
        if taken(mv.from, mv.to).is_none() {
            return Err(Error::IllegalMove {
                reason: format!(
                    "({a}, {b}) to ({x}, {y}) does not take a positive number from one heap or \
                     the same positive number from both"
                ),
            });
        }
        Ok(Wythoff { a: x, b: y })
    }
}

/// Wythoff's closed forms for the outcome and the winning moves under normal and misère
/// play (never failing, at every size), and the Grundy table, within
/// [`DEFAULT_GRUNDY_LIMIT`], for the values.
impl<T: Heap> ClosedForm for Wythoff<T> {
    type MovesTo<'a> = WinningMoves<T>;

    /// The Grundy value, from a table of at most [`DEFAULT_GRUNDY_LIMIT`] entries.
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] when `(a + 1)(b + 1) > DEFAULT_GRUNDY_LIMIT`, as for
    /// [`grundy_with_limit`](Wythoff::grundy_with_limit).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Wythoff, ClosedForm, Nimber};
    /// assert_eq!(Wythoff::new(3u32, 5).grundy()?, Nimber::ZERO);
    /// assert_eq!(Wythoff::new(0u32, 1000).grundy()?, Nimber::new(1000));
    /// assert!(Wythoff::new(1u32 << 20, 1 << 20).grundy().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn grundy(&self) -> Result<Nimber, Error> {
        self.grundy_with_limit(DEFAULT_GRUNDY_LIMIT)
    }

    /// The moves to a position of value `target`. For `*0`, the winning moves under normal
    /// play, from the P-position of each line: O(1), at every size. For another target, the
    /// options of that value in the Grundy table.
    ///
    /// # Errors
    ///
    /// For a target other than `*0`, [`Error::TableLimit`] when
    /// `(a + 1)(b + 1) > DEFAULT_GRUNDY_LIMIT`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Wythoff;
    /// use grundy::prelude::*;
    /// let w = Wythoff::new(2u8, 3); // *5
    /// // G(2, 2) = G(0, 1) = *1, by the table:
    /// let to_one: Vec<_> = w.moves_to_value(Nimber::ONE)?.map(|mv| mv.to).collect();
    /// assert_eq!(to_one, [(2, 2), (0, 1)]);
    /// // The P-positions (2, 1) and (1, 2), by the closed form:
    /// let to_zero: Vec<_> = w.moves_to_value(Nimber::ZERO)?.map(|mv| mv.to).collect();
    /// assert_eq!(to_zero, [(2, 1), (1, 2)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn moves_to_value(&self, target: Nimber) -> Result<WinningMoves<T>, Error> {
        if target.is_zero() {
            Ok(self.by_lines(Play::Normal))
        } else {
            self.by_table(target)
        }
    }

    /// Decided by the closed forms, under either play, in O(1): never the table.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Wythoff, ClosedForm, Outcome, Play};
    /// assert_eq!(Wythoff::new(10u32, 6).outcome(Play::Normal)?, Outcome::Previous);
    /// assert_eq!(Wythoff::new(u128::MAX, u128::MAX).outcome(Play::Normal)?, Outcome::Next);
    /// assert_eq!(Wythoff::new(0u8, 0).outcome(Play::Misere)?, Outcome::Next);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn outcome(&self, play: Play) -> Result<Outcome, Error> {
        Ok(outcome_of(is_p(play, self.a.widen(), self.b.widen())))
    }

    /// P exactly at `(0, 1)`, `(1, 0)`, `(2, 2)` and the normal-play P-positions
    /// `(⌊kφ⌋, ⌊kφ⌋ + k)` and mirror images for `k ≥ 2` (see [`Wythoff`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Wythoff, ClosedForm, Outcome};
    /// assert_eq!(Wythoff::new(1u8, 0).misere_outcome()?, Outcome::Previous);
    /// assert_eq!(Wythoff::new(1u8, 2).misere_outcome()?, Outcome::Next);
    /// assert_eq!(Wythoff::new(7u8, 4).misere_outcome()?, Outcome::Previous);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn misere_outcome(&self) -> Result<Outcome, Error> {
        self.outcome(Play::Misere)
    }

    /// The misère P-position of each line, where it lies below the position: at most three.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Wythoff, ClosedForm};
    /// let to: Vec<_> = Wythoff::new(1u8, 2).misere_winning_moves()?.map(|mv| mv.to).collect();
    /// assert_eq!(to, [(1, 0), (0, 1)]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    fn misere_winning_moves(&self) -> Result<WinningMoves<T>, Error> {
        Ok(self.by_lines(Play::Misere))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Evaluator, Solver};
    use alloc::collections::BTreeSet;
    use alloc::string::ToString;
    use alloc::vec::Vec;

    #[test]
    fn closed_form_matches_search_on_small_positions() {
        let mut solver = Solver::new();
        for a in 0u8..20 {
            for b in 0u8..20 {
                let w = Wythoff::new(a, b);
                assert_eq!(solver.grundy(&w).unwrap(), w.grundy().unwrap());
                for play in [Play::Normal, Play::Misere] {
                    assert_eq!(
                        solver.outcome(&w, play).unwrap(),
                        w.outcome(play).unwrap(),
                        "{w} {play}"
                    );
                    let searched: BTreeSet<_> = solver.winning_moves(&w, play).unwrap().collect();
                    let closed = w.winning_moves(play).unwrap();
                    assert_eq!(closed.len(), searched.len(), "{w} {play}");
                    assert_eq!(closed.collect::<BTreeSet<_>>(), searched, "{w} {play}");
                }
                for target in 0..6 {
                    let target = Nimber::new(target);
                    let by_table = w.moves_to_value(target).unwrap();
                    let count = by_table.len();
                    let by_table: BTreeSet<_> = by_table.collect();
                    assert_eq!(count, by_table.len(), "{w} to {target}");
                    let by_search: BTreeSet<_> =
                        solver.moves_to_value(&w, target).unwrap().collect();
                    assert_eq!(by_table, by_search, "{w} to {target}");
                }
            }
        }
    }

    #[test]
    fn fold_and_next_list_the_same_moves_from_any_point() {
        for a in 0u16..40 {
            for b in 0u16..40 {
                for play in [Play::Normal, Play::Misere] {
                    let w = Wythoff::new(a, b);
                    // A `for` loop calls `next`.
                    let mut by_next = Vec::new();
                    for mv in w.winning_moves(play).unwrap() {
                        by_next.push(mv);
                    }
                    // Start with `next`, go on with `fold` (through `collect`/`count`).
                    for taken in 0..=by_next.len() {
                        let mut moves = w.winning_moves(play).unwrap();
                        let first: Vec<_> = moves.by_ref().take(taken).collect();
                        assert_eq!(moves.len(), by_next.len() - taken, "{w} {play}");
                        let rest = moves.fold(Vec::new(), |mut rest, mv| {
                            rest.push(mv);
                            rest
                        });
                        assert_eq!([first, rest].concat(), by_next, "{w} {play} {taken}");
                    }
                    assert_eq!(w.winning_moves(play).unwrap().count(), by_next.len());
                }
            }
        }
    }

    #[test]
    fn misere_lines_hold_one_p_position_each() {
        // Rows (and so columns) and diagonals, each P-position counted on its own line.
        let n = 60u128;
        for x in 0..n {
            let row: Vec<u128> = (0..3 * n).filter(|&y| is_p(Play::Misere, x, y)).collect();
            assert_eq!(row, [line_partner(Play::Misere, x).unwrap()], "row {x}");
            let diagonal: Vec<u128> = (0..3 * n)
                .filter(|&s| is_p(Play::Misere, s, s + x))
                .collect();
            assert_eq!(
                diagonal,
                [diagonal_start(Play::Misere, x).unwrap()],
                "gap {x}"
            );
        }
    }

    #[test]
    fn text_forms() {
        let w = Wythoff::new(3u8, 5);
        assert_eq!(w.to_string(), "(3, 5)");
        assert_eq!(" ( 3 ,5 ) ".parse::<Wythoff<u8>>(), Ok(w));
        assert!("(3, 5".parse::<Wythoff<u8>>().is_err());
        assert!("".parse::<Wythoff<u8>>().is_err());
        assert!("-3 5".parse::<Wythoff<u8>>().is_err());
        let mv = |x, y| WythoffMove {
            from: (3u8, 5),
            to: (x, y),
        };
        assert_eq!(mv(1, 3).to_string(), "take 2 from both, leaving (1, 3)");
        assert_eq!(
            mv(3, 0).to_string(),
            "take 5 from the second heap, leaving (3, 0)"
        );
        assert_eq!(mv(3, 5).to_string(), "(3, 5) to (3, 5), not a move");
        assert_eq!(mv(2, 3).to_string(), "(3, 5) to (2, 3), not a move");
    }

    #[test]
    fn errors() {
        assert!(matches!(p_position(u128::MAX), Err(Error::Overflow { .. })));
        assert_eq!(
            Wythoff::new(u128::MAX, u128::MAX).grundy(),
            Err(Error::TableLimit {
                requested: u128::MAX,
                limit: DEFAULT_GRUNDY_LIMIT
            })
        );
        let w = Wythoff::new(u128::MAX, u128::MAX);
        assert!(matches!(
            w.moves_to_value(Nimber::ONE),
            Err(Error::TableLimit { .. })
        ));
        assert_eq!(w.moves_to_value(Nimber::ZERO).unwrap().len(), 1);
        assert!(
            Wythoff::new(3u8, 3)
                .play(WythoffMove {
                    from: (3, 3),
                    to: (3, 3)
                })
                .is_err()
        );
    }
}
