//! Octal games: take-and-break heap games given by a code `d0.d1d2…` (Kayles is `0.77`).

use crate::sequence::GrundySequence;
use crate::sequence::engine::{SplitRules, TakeRule, split_sequence};
use crate::sequence::moves::{RowMoves, row_value};
use crate::solve::ClosedForm;
use crate::{Error, Game, Nimber, Outcome};
use alloc::format;
use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::ops::ControlFlow;

pub use crate::sequence::moves::Leaves;

/// The rules of an octal game, with the Grundy values of its heaps computed so far.
///
/// An octal game (Guy and Smith, 1956; *Winning Ways*, ch. 4) is played on heaps of tokens.
/// Its code `d0.d1d2…dk` has one octal digit per number of tokens a move may remove: digit
/// `d_t` says what removing `t` tokens from one heap may leave, by its bits:
///
/// - bit 1: nothing (the move takes the whole heap, exactly `t` tokens);
/// - bit 2: one non-empty heap;
/// - bit 4: two non-empty heaps (the rest of the heap split in two).
///
/// The digit before the point is `0`, or `4` for a move that splits a heap in two without
/// removing anything. So **Kayles** (`0.77`, knock down one pin or two adjacent pins from a
/// row) may take one or two tokens, leaving zero, one or two heaps; **Dawson's Kayles**
/// (`0.07`) takes exactly two; **Dawson's chess** (`0.137`, Dawson 1934) is Dawson's Kayles
/// with heaps counted one larger.
///
/// A value holds the rules and a [`GrundySequence`] of the single-heap values, computed by
/// [`tabulate`](Octal::tabulate) with the sparse-space method and checked for a period by the
/// Guy–Smith theorem (see [`sequence`](crate::sequence)). Positions ([`OctalPosition`]) share
/// it through an [`Arc`].
///
/// # Complexity
///
/// [`new`](Octal::new) O(length of the code); [`tabulate`](Octal::tabulate) O(n·r) for `n`
/// values and `r` rare positions, O(n²) in the worst case.
///
/// # Errors
///
/// [`Error::InvalidOctalCode`] for a malformed code; [`Error::TableLimit`] for a table past the
/// caller's limit.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::sequence::Period;
///
/// let kayles = Octal::new("0.77")?.tabulate(1000, 1 << 20)?;
/// assert_eq!(kayles.code(), "0.77");
/// assert_eq!(&kayles.sequence().values()[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// // Proven by the Guy–Smith theorem: period 12 from heap 71 on, for ever.
/// assert_eq!(kayles.sequence().period(), Some(Period { preperiod: 71, period: 12 }));
/// assert_eq!(kayles.sequence().get(u128::MAX)?, kayles.sequence().get(u128::MAX - 12)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Octal {
    code: String,
    rules: SplitRules,
    sequence: GrundySequence,
    limit: usize,
}

impl Octal {
    /// The octal game of `code`, such as `"0.137"` or `"4.07"`, with no values computed yet.
    /// Trailing zeros after the point do not change the game and are dropped from
    /// [`code`](Octal::code).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidOctalCode`] when the code has no point, more than one point, a digit
    /// before the point other than exactly one `0` or `4`, nothing after the point, or a
    /// character after it that is not an octal digit `0..=7` (so `8` and `9` are rejected).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Octal, Error};
    ///
    /// assert_eq!(Octal::new("0.1370")?.code(), "0.137");
    /// assert!(matches!(Octal::new("0.18"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("077"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("2.7"), Err(Error::InvalidOctalCode { .. })));
    /// assert!(matches!(Octal::new("0."), Err(Error::InvalidOctalCode { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(code: &str) -> Result<Self, Error> {
        let invalid = |reason: &'static str| Error::InvalidOctalCode {
            code: code.into(),
            reason,
        };
        let (first, rest) = code
            .split_once('.')
            .ok_or_else(|| invalid("it has no point; write it like 0.137"))?;
        let first = match first {
            "0" => 0,
            "4" => 4,
            "" => return Err(invalid("it needs one digit, 0 or 4, before the point")),
            _ => return Err(invalid("the digit before the point must be 0 or 4")),
        };
        if rest.is_empty() {
            return Err(invalid("nothing follows the point"));
        }
        let mut digits = Vec::with_capacity(rest.len());
        for c in rest.chars() {
            digits.push(match c {
                '0'..='7' => c as u8 - b'0',
                '8' | '9' => return Err(invalid("8 and 9 are not octal digits")),
                '.' => return Err(invalid("it has more than one point")),
                _ => {
                    return Err(invalid(
                        "after the point only the octal digits 0 to 7 may follow",
                    ));
                }
            });
        }
        Ok(Octal::from_digits(first, &digits))
    }

    /// The rules from valid digits.
    fn from_digits(first: u8, digits: &[u8]) -> Self {
        let used = digits.iter().rposition(|&d| d != 0).map_or(0, |i| i + 1);
        let mut code = String::with_capacity(used + 3);
        code.push(if first == 4 { '4' } else { '0' });
        code.push('.');
        if used == 0 {
            code.push('0');
        }
        let mut takes = Vec::new();
        if first == 4 {
            takes.push(TakeRule {
                take: 0,
                none: false,
                one: false,
                two: true,
            });
        }
        for (i, &d) in digits[..used].iter().enumerate() {
            code.push(char::from(b'0' + d));
            if d != 0 {
                takes.push(TakeRule {
                    take: i + 1,
                    none: d & 1 != 0,
                    one: d & 2 != 0,
                    two: d & 4 != 0,
                });
            }
        }
        Octal {
            code,
            rules: SplitRules {
                takes,
                unequal: false,
            },
            sequence: GrundySequence::default(),
            limit: 0,
        }
    }

    /// Kayles, `0.77`: a move knocks down one pin or two adjacent pins from a row, which may
    /// split it in two. Period 12 from heap 71 (Guy and Smith, 1956).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::kayles().code(), "0.77");
    /// ```
    #[must_use]
    pub fn kayles() -> Self {
        Octal::from_digits(0, &[7, 7])
    }

    /// Dawson's Kayles, `0.07`: a move knocks down exactly two adjacent pins. Period 34.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::dawsons_kayles().code(), "0.07");
    /// ```
    #[must_use]
    pub fn dawsons_kayles() -> Self {
        Octal::from_digits(0, &[0, 7])
    }

    /// Dawson's chess, `0.137` (Dawson, 1934): pawns facing each other on a `3 × n` board,
    /// captures compulsory; the heap of `n` is Dawson's Kayles' heap of `n + 1`. Period 34.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::dawsons_chess().code(), "0.137");
    /// ```
    #[must_use]
    pub fn dawsons_chess() -> Self {
        Octal::from_digits(0, &[1, 3, 7])
    }

    /// The code, without trailing zeros.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(grundy::games::Octal::new("4.070")?.code(), "4.07");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The rules with the values of heaps `0..len` computed (and the least period, when the
    /// values prove one). Past a proven period the rest of the table is filled by it.
    ///
    /// `limit` is the largest table the caller allows; it also bounds how many moves
    /// [`ClosedForm::moves_to_value`] lists for a position.
    ///
    /// # Complexity
    ///
    /// See [`Octal`]: typically far below the textbook O(n²).
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] if `len > limit`; [`Error::Overflow`] if the memory for the table
    /// cannot be had.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::{games::Octal, Error};
    /// let chess = Octal::dawsons_chess().tabulate(8, 100)?;
    /// assert_eq!(chess.sequence().values(), &[0, 1, 1, 2, 0, 3, 1, 1]);
    /// assert!(matches!(Octal::kayles().tabulate(101, 100), Err(Error::TableLimit { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tabulate(mut self, len: usize, limit: usize) -> Result<Self, Error> {
        self.sequence = split_sequence(&self.rules, len, limit)?;
        self.limit = limit;
        Ok(self)
    }

    /// The values computed so far.
    ///
    /// # Examples
    ///
    /// ```
    /// let kayles = grundy::games::Octal::kayles().tabulate(3, 3)?;
    /// assert_eq!(kayles.sequence().values(), &[0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn sequence(&self) -> &GrundySequence {
        &self.sequence
    }

    /// Whether removing `take` tokens from a heap of `heap` may leave `left`.
    fn allows(&self, heap: u128, take: u128, left: &Leaves) -> bool {
        let Some(rule) = self.rules.takes.iter().find(|r| r.take as u128 == take) else {
            return false;
        };
        let rest = heap.checked_sub(take);
        match *left {
            Leaves::Empty => rule.none && rest == Some(0),
            Leaves::One(a) => rule.one && a > 0 && rest == Some(a),
            Leaves::Two(a, b) => {
                rule.two && a > 0 && b > 0 && rest.is_some() && a.checked_add(b) == rest
            }
        }
    }
}

impl fmt::Display for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

/// A position of an octal game: a row of heaps of one [`Octal`] game (a single heap being the
/// common case), held ascending with empty heaps dropped.
///
/// A move removes tokens from one heap as the code allows, leaving nothing, one heap or two
/// ([`OctalMove`]). Since a move can turn one heap into two, a position is a row of heaps; by
/// the Sprague–Grundy theorem its value is the nim-sum of the heaps' values, read from the
/// shared table (or its proven period, for heaps up to `u128::MAX`).
///
/// # Complexity
///
/// `grundy`, `outcome` O(heaps). `winning_moves` is lazy: each move costs O(1) amortised
/// within a heap once a period is proven, after O(period) set-up per heap and take.
///
/// # Errors
///
/// [`Error::HeapOutOfRange`] from the value methods if a heap is beyond the table and no period
/// is proven.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::octal::{Leaves, OctalMove};
/// use grundy::games::{Nim, Octal, OctalPosition};
/// use grundy::{ClosedForms, Evaluator, Nimber, Outcome};
///
/// let kayles = Arc::new(Octal::kayles().tabulate(200, 1 << 16)?);
/// let row = OctalPosition::heap(kayles.clone(), 7); // seven pins in a row: *2
/// assert_eq!(row.grundy()?, Nimber::new(2));
/// // Knock down the middle pin (two rows of three, *3 + *3 = *0), or two pins to leave
/// // rows of one and four (*1 + *1 = *0).
/// let winning: Vec<OctalMove> = row.winning_moves()?.collect();
/// assert_eq!(
///     winning,
///     vec![
///         OctalMove { heap: 0, take: 1, to: Leaves::Two(3, 3) },
///         OctalMove { heap: 0, take: 2, to: Leaves::Two(1, 4) },
///     ]
/// );
/// assert_eq!(row.play(winning[0])?.heaps(), &[3, 3]);
/// assert_eq!(row.play(winning[0])?.outcome()?, Outcome::Previous);
///
/// // Next to a Nim heap of 2: *2 + *2 = *0.
/// let both = (OctalPosition::heap(kayles, 7), Nim::new(vec![2u8]));
/// assert_eq!(ClosedForms.grundy(&both)?, Nimber::ZERO);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct OctalPosition {
    rules: Arc<Octal>,
    heaps: Vec<u128>,
}

/// A move of an octal game: remove `take` tokens from heap number `heap` (its index in
/// [`OctalPosition::heaps`]), leaving `to`.
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::octal::{Leaves, OctalMove};
/// use grundy::games::{Octal, OctalPosition};
///
/// let kayles = Arc::new(Octal::kayles().tabulate(10, 10)?);
/// let mv = OctalMove { heap: 0, take: 2, to: Leaves::Two(1, 2) };
/// assert_eq!(OctalPosition::heap(kayles, 5).play(mv)?.heaps(), &[1, 2]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalMove {
    /// The index of the heap moved in.
    pub heap: usize,
    /// How many tokens are removed.
    pub take: u128,
    /// What is left of that heap.
    pub to: Leaves,
}

impl OctalPosition {
    /// The position with these heaps (sorted ascending, empty heaps dropped).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Octal, OctalPosition};
    /// let p = OctalPosition::new(Arc::new(Octal::kayles()), vec![5, 0, 3]);
    /// assert_eq!(p.heaps(), &[3, 5]);
    /// ```
    #[must_use]
    pub fn new(rules: Arc<Octal>, mut heaps: Vec<u128>) -> Self {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        OctalPosition { rules, heaps }
    }

    /// The position of one heap of `heap` tokens.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Octal, OctalPosition};
    /// let p = OctalPosition::heap(Arc::new(Octal::kayles()), u128::MAX);
    /// assert_eq!(p.heaps(), &[u128::MAX]);
    /// ```
    #[must_use]
    pub fn heap(rules: Arc<Octal>, heap: u128) -> Self {
        OctalPosition::new(rules, alloc::vec![heap])
    }

    /// The heaps, ascending, none empty.
    ///
    /// # Examples
    ///
    /// See [`OctalPosition::new`].
    #[must_use]
    pub fn heaps(&self) -> &[u128] {
        &self.heaps
    }

    /// The game's rules and table.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Octal, OctalPosition};
    /// let p = OctalPosition::heap(Arc::new(Octal::dawsons_kayles()), 3);
    /// assert_eq!(p.rules().code(), "0.07");
    /// ```
    #[must_use]
    pub fn rules(&self) -> &Arc<Octal> {
        &self.rules
    }

    /// The Grundy value: the nim-sum of the heaps' values.
    ///
    /// # Errors
    ///
    /// [`Error::HeapOutOfRange`] if a heap is beyond the table and no period is proven.
    ///
    /// # Examples
    ///
    /// See [`OctalPosition`].
    pub fn grundy(&self) -> Result<Nimber, Error> {
        row_value(&self.rules.sequence, &self.heaps).map(Nimber::new)
    }

    /// Who wins under normal play.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](OctalPosition::grundy).
    ///
    /// # Examples
    ///
    /// See [`OctalPosition`].
    pub fn outcome(&self) -> Result<Outcome, Error> {
        self.grundy().map(Outcome::from_grundy)
    }

    /// Every winning move, lazily: the moves to a position of value `*0`, heap by heap, then
    /// by take, then nothing, one heap, two heaps by the smaller part. A huge heap can have
    /// astronomically many; take what you need.
    ///
    /// # Errors
    ///
    /// As for [`grundy`](OctalPosition::grundy).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::{Octal, OctalPosition};
    /// let kayles = Arc::new(Octal::kayles().tabulate(200, 1000)?);
    /// let huge = OctalPosition::heap(kayles, 10u128.pow(30));
    /// let first: Vec<_> = huge.winning_moves()?.take(3).collect();
    /// assert_eq!(first.len(), 3);
    /// for mv in first {
    ///     assert!(huge.play(mv)?.outcome()?.is_previous());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(&self) -> Result<WinningMoves<'_>, Error> {
        self.moves_to(Nimber::ZERO)
    }

    /// The moves to a position of value `target`.
    fn moves_to(&self, target: Nimber) -> Result<WinningMoves<'_>, Error> {
        Ok(WinningMoves {
            moves: RowMoves::new(
                &self.rules.rules,
                &self.rules.sequence,
                &self.heaps,
                target.get(),
            )?,
        })
    }

    /// The position after `mv`.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalMove`] if there is no heap `mv.heap`, or the code does not allow
    /// removing `mv.take` tokens from it to leave `mv.to`.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::Arc;
    /// use grundy::games::octal::{Leaves, OctalMove};
    /// use grundy::games::{Octal, OctalPosition};
    /// let dawson = OctalPosition::heap(Arc::new(Octal::dawsons_kayles()), 6);
    /// // 0.07 removes exactly two.
    /// assert!(dawson.play(OctalMove { heap: 0, take: 1, to: Leaves::One(5) }).is_err());
    /// let next = dawson.play(OctalMove { heap: 0, take: 2, to: Leaves::Two(3, 1) })?;
    /// assert_eq!(next.heaps(), &[1, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: OctalMove) -> Result<Self, Error> {
        let h = crate::error::heap_at(&self.heaps, mv.heap)?;
        if !self.rules.allows(h, mv.take, &mv.to) {
            return Err(Error::IllegalMove {
                reason: format!(
                    "octal game {} does not allow taking {} from a heap of {h} to leave {:?}",
                    self.rules.code,
                    mv.take,
                    mv.to.heaps().collect::<Vec<_>>()
                ),
            });
        }
        Ok(self.replaced(mv.heap, mv.to))
    }

    /// This position with heap `index` replaced by `left`.
    fn replaced(&self, index: usize, left: Leaves) -> Self {
        let mut heaps = Vec::with_capacity(self.heaps.len() + 1);
        heaps.extend_from_slice(&self.heaps[..index]);
        heaps.extend(left.heaps());
        heaps.extend_from_slice(&self.heaps[index + 1..]);
        OctalPosition::new(self.rules.clone(), heaps)
    }
}

impl PartialEq for OctalPosition {
    /// Positions are equal when their rules have the same code and their heaps agree (the
    /// tables are caches of the same values).
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
            && (Arc::ptr_eq(&self.rules, &other.rules) || self.rules.code == other.rules.code)
    }
}

impl Eq for OctalPosition {}

impl Hash for OctalPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rules.code.hash(state);
        self.heaps.hash(state);
    }
}

/// The winning moves of an [`OctalPosition`]: from [`OctalPosition::winning_moves`].
///
/// # Examples
///
/// ```
/// use std::sync::Arc;
/// use grundy::games::{Octal, OctalPosition};
/// let kayles = Arc::new(Octal::kayles().tabulate(20, 20)?);
/// // Kayles is a first-player win on every row of pins: take the middle one or two.
/// assert!(OctalPosition::heap(kayles, 12).winning_moves()?.count() > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WinningMoves<'a> {
    moves: RowMoves<'a>,
}

impl Iterator for WinningMoves<'_> {
    type Item = OctalMove;

    fn next(&mut self) -> Option<OctalMove> {
        self.moves.next().map(|(heap, take, to)| OctalMove {
            heap,
            take: take as u128,
            to,
        })
    }
}

impl FusedIterator for WinningMoves<'_> {}

impl Game for OctalPosition {
    type Move = OctalMove;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(OctalMove, Self) -> ControlFlow<()>,
    {
        for (index, &h) in self.heaps.iter().enumerate() {
            for rule in &self.rules.rules.takes {
                let take = rule.take as u128;
                let Some(rest) = h.checked_sub(take) else {
                    break; // takes are ascending
                };
                let mut visit_leaving = |to: Leaves| {
                    let mv = OctalMove {
                        heap: index,
                        take,
                        to,
                    };
                    visit(mv, self.replaced(index, to))
                };
                if rule.none && rest == 0 {
                    visit_leaving(Leaves::Empty)?;
                }
                if rule.one && rest > 0 {
                    visit_leaving(Leaves::One(rest))?;
                }
                if rule.two {
                    let mut a = 1;
                    while a <= rest / 2 {
                        visit_leaving(Leaves::Two(a, rest - a))?;
                        a += 1;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

impl ClosedForm for OctalPosition {
    fn grundy_value(&self) -> Result<Nimber, Error> {
        self.grundy()
    }

    /// The moves to value `target`, collected.
    ///
    /// # Errors
    ///
    /// As for [`OctalPosition::grundy`], and [`Error::MoveLimit`] if there are more such moves
    /// than the table limit given to [`Octal::tabulate`].
    fn moves_to_value(&self, target: Nimber) -> Result<Vec<(OctalMove, Self)>, Error> {
        let limit = self.rules.limit;
        let mut moves = Vec::new();
        for mv in self.moves_to(target)? {
            if moves.len() == limit {
                return Err(Error::MoveLimit { limit });
            }
            moves.push((mv, self.replaced(mv.heap, mv.to)));
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, Solver};
    use alloc::vec;

    #[test]
    fn parsing() {
        for (code, ok) in [
            ("0.77", true),
            ("4.07", true),
            ("0.0", true),
            ("0.000", true),
            ("0.6", true),
            ("", false),
            ("077", false),
            ("1.7", false),
            ("00.7", false),
            (".7", false),
            ("0.", false),
            ("0.78", false),
            ("0.9", false),
            ("0.7.7", false),
            ("0.7a", false),
            ("0. 7", false),
        ] {
            assert_eq!(Octal::new(code).is_ok(), ok, "{code}");
        }
        assert_eq!(Octal::new("0.000").unwrap().code(), "0.0");
        assert_eq!(
            Octal::new("0.8"),
            Err(Error::InvalidOctalCode {
                code: "0.8".into(),
                reason: "8 and 9 are not octal digits"
            })
        );
    }

    #[test]
    fn values_and_moves_agree_with_search() {
        for code in ["0.77", "0.137", "4.07", "0.6", "0.16", "0.51"] {
            let rules = Arc::new(Octal::new(code).unwrap().tabulate(40, 40).unwrap());
            let mut solver = Solver::new();
            for heaps in [vec![7u128], vec![3, 9], vec![12], vec![2, 2, 5]] {
                let p = OctalPosition::new(rules.clone(), heaps);
                assert_eq!(solver.grundy(&p).unwrap(), p.grundy().unwrap(), "{code}");
                let mut searched: Vec<OctalMove> = solver
                    .winning_moves(&p, Play::Normal)
                    .unwrap()
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let mut closed: Vec<OctalMove> = p.winning_moves().unwrap().collect();
                searched.sort();
                closed.sort();
                assert_eq!(searched, closed, "{code} {p:?}");
            }
        }
    }

    #[test]
    fn huge_heaps_through_the_period() {
        let kayles = Arc::new(Octal::kayles().tabulate(300, 300).unwrap());
        let p = OctalPosition::heap(kayles.clone(), u128::MAX);
        let v = p.grundy().unwrap();
        let reduced = kayles.sequence().period().unwrap().reduce(u128::MAX);
        assert_eq!(v, kayles.sequence().get(reduced).unwrap());
        for mv in p.winning_moves().unwrap().take(50) {
            let next = p.play(mv).unwrap();
            assert_eq!(next.grundy().unwrap(), Nimber::ZERO);
        }
        assert_eq!(
            p.moves_to_value(Nimber::ZERO),
            Err(Error::MoveLimit { limit: 300 })
        );
        // A small table with no period cannot answer.
        let short = Arc::new(Octal::kayles().tabulate(10, 10).unwrap());
        assert!(matches!(
            OctalPosition::heap(short, 10).grundy(),
            Err(Error::HeapOutOfRange { .. })
        ));
    }
}
