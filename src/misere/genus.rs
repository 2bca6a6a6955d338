//! The genus of a heap game's heaps: misère values, Conway's genus in its shortened
//! notation, the phylum (nim heap, tame, restive, restless, wild) and the rules for sums of
//! tame positions.

use crate::games::HeapRules;
use crate::misere::forms::{DEFAULT_FORM_LIMIT, Forms};
use crate::{Error, Nimber, Outcome, memory};
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::fmt;
use core::ops::ControlFlow;

/// How a misère game behaves in sums, after Conway (ONAG ch. 12) and CGSuite's names.
///
/// A position is **tame** when it acts like a misère Nim position in every sum with other
/// tame positions: its genus is that of a Nim position (`0^120`, `1^031`, `0^0`, `1^1`, or
/// `a^a` for `a ≥ 2`, the `^` tails of `a` and `a ⊕ 2` alternating), and each of its options
/// is tame or *reverses* (has an option of its own, tame, with the position's values). A
/// **restive** position has normal value 0 or 1 and acts like a Nim heap of its misère value
/// or of its normal value according to its company; a **restless** one has every option tame
/// and misère value 0 or 1 without being tame or restive; every other position is **wild**.
///
/// The variants are ordered from the simplest to the wildest. CGSuite's *tameable* phylum (a
/// wild position that still decides the genus of its sums with tame ones) is not told apart
/// here: such a position is [`Phylum::Wild`], and its genus prints the same.
///
/// `#[non_exhaustive]`: a `match` needs a `_` arm.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::{GenusTable, Phylum};
///
/// let mut kayles = GenusTable::new(Octal::kayles());
/// assert_eq!(kayles.genus(3)?.phylum(), Phylum::NimHeap); // Kayles 3 is *3, even in misère
/// assert!(!kayles.genus(5)?.phylum().is_tame()); // 4^146
/// assert_eq!(kayles.genus(5)?.phylum(), Phylum::Restless); // every option tame, g0 = 1
/// assert!(kayles.genus(7)?.phylum().is_tame());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Phylum {
    /// Equal (as a misère game) to a nim heap: its simplest form is `*n`.
    NimHeap,
    /// Tame, and every option a nim heap or hereditarily tame.
    HereditarilyTame,
    /// Tame through options that reverse.
    ReversiblyTame,
    /// Restive, and every option a nim heap or hereditarily tame.
    HereditarilyRestive,
    /// Restive through options that reverse.
    ReversiblyRestive,
    /// Every option tame and misère value 0 or 1, but neither tame nor restive.
    Restless,
    /// None of the above.
    Wild,
}

impl Phylum {
    /// Whether positions of this phylum are tame: a nim heap or tame (hereditarily or
    /// reversibly). Sums of tame positions follow the rule of misère Nim ([`TameValue`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::Phylum;
    /// assert!(Phylum::NimHeap.is_tame() && Phylum::ReversiblyTame.is_tame());
    /// assert!(!Phylum::Wild.is_tame() && !Phylum::HereditarilyRestive.is_tame());
    /// ```
    #[must_use]
    pub fn is_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }

    /// Whether this phylum is a nim heap or hereditarily tame.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::Phylum;
    /// assert!(Phylum::HereditarilyTame.is_hereditarily_tame());
    /// assert!(!Phylum::ReversiblyTame.is_hereditarily_tame());
    /// ```
    #[must_use]
    pub fn is_hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }

    /// Whether this phylum is restive (hereditarily or reversibly).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::Phylum;
    /// assert!(Phylum::ReversiblyRestive.is_restive() && !Phylum::Restless.is_restive());
    /// ```
    #[must_use]
    pub fn is_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }

    /// Whether this phylum is wild: neither tame nor restive nor restless.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::Phylum;
    /// assert!(Phylum::Wild.is_wild() && !Phylum::Restless.is_wild());
    /// ```
    #[must_use]
    pub fn is_wild(self) -> bool {
        self == Phylum::Wild
    }
}

/// The genus of a position: its normal value `g`, its misère values `g0 g1 g2 …` (`gk` is
/// `g0` of the position plus `k` nim heaps of size 2), which end in a period of two, and its
/// [`Phylum`]. Printed in the shortened notation of Conway and CGSuite.
///
/// # The notation
///
/// `g^abc`: the normal value, then the misère values `g0 g1 … gm` up to the point from which
/// they alternate (the last two repeat for ever). So Kayles' heap of 5, `4^146`, has normal
/// value 4 and misère values 1, 4, 6, 4, 6, …. Positions that behave like Nim positions print
/// shorter, since their tails are known: a position equal to a nim heap prints the heap alone
/// (`2`: its genus is `2^20`); a tame or restive one prints `g^g0` (Kayles 7, tame, prints
/// `2^2`, with misère values 2, 0, 2, 0, …, while the wild Kayles 19, with the same numbers,
/// prints `2^20`). Numbers of two digits or more are put in brackets with commas:
/// `12^(0,12,14)`.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::GenusTable;
/// use grundy::Nimber;
///
/// let mut kayles = GenusTable::new(Octal::kayles());
/// let five = kayles.genus(5)?;
/// assert_eq!(five.to_string(), "4^146");
/// assert_eq!(five.normal_value(), Nimber::new(4));
/// assert_eq!(five.misere_value(), Nimber::ONE);
/// assert_eq!(five.values(), [1, 4, 6]);
/// assert_eq!(five.g(10), Nimber::new(6)); // 1, 4, 6, 4, 6, … at index 10
/// assert_eq!(kayles.genus(7)?.to_string(), "2^2");
/// assert_eq!(kayles.genus(2)?.to_string(), "2");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    normal: u32,
    /// `g0 … gm`, at least two, the last two repeating for ever.
    values: Box<[u32]>,
    phylum: Phylum,
}

impl Genus {
    /// The normal-play Grundy value `g` (the base of the notation).
    ///
    /// # Examples
    ///
    /// See [`Genus`].
    #[must_use]
    pub fn normal_value(&self) -> Nimber {
        Nimber::new(self.normal.into())
    }

    /// The misère Grundy value `g0`: 1 for a position with no move, else the mex of its
    /// options' misère values. The position is a misère P-position exactly when it is 0.
    ///
    /// # Examples
    ///
    /// See [`Genus`].
    #[must_use]
    pub fn misere_value(&self) -> Nimber {
        Nimber::new(self.values[0].into())
    }

    /// Who wins the position alone under misère play: [`Outcome::Previous`] exactly when
    /// `g0 = 0`.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    /// use grundy::Outcome;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles());
    /// assert_eq!(kayles.genus(1)?.misere_outcome(), Outcome::Previous); // take the last pin and lose
    /// assert_eq!(kayles.genus(0)?.misere_outcome(), Outcome::Next);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn misere_outcome(&self) -> Outcome {
        if self.values[0] == 0 {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// `gk`: the misère value of the position plus `k` nim heaps of size 2.
    ///
    /// # Examples
    ///
    /// See [`Genus`].
    #[must_use]
    pub fn g(&self, k: usize) -> Nimber {
        let len = self.values.len();
        let i = if k < len {
            k
        } else {
            len - 2 + ((k - len) & 1)
        };
        Nimber::new(self.values[i].into())
    }

    /// The misère values `g0 g1 … gm`, every one up to the point from which the last two
    /// repeat for ever (at least two of them), whatever the notation prints.
    ///
    /// # Examples
    ///
    /// See [`Genus`].
    #[must_use]
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// What the notation prints after the `^`: nothing for a nim heap, `g0` alone for a tame
    /// or restive position, else [`values`](Genus::values).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles());
    /// assert_eq!(kayles.genus(2)?.superscript(), [] as [u32; 0]);
    /// assert_eq!(kayles.genus(7)?.superscript(), [2]);
    /// assert_eq!(kayles.genus(7)?.values(), [2, 0]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn superscript(&self) -> &[u32] {
        match self.phylum {
            Phylum::NimHeap => &[],
            p if p.is_tame() || p.is_restive() => &self.values[..1],
            _ => &self.values,
        }
    }

    /// The position's phylum.
    ///
    /// # Examples
    ///
    /// See [`Phylum`].
    #[must_use]
    pub fn phylum(&self) -> Phylum {
        self.phylum
    }

    /// Whether the position is tame ([`Phylum::is_tame`]).
    ///
    /// # Examples
    ///
    /// See [`Genus::tame`].
    #[must_use]
    pub fn is_tame(&self) -> bool {
        self.phylum.is_tame()
    }

    /// The values of a tame position as misère Nim knows them, or `None` if the position is
    /// not tame.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles());
    /// assert!(kayles.genus(4)?.tame().is_some());
    /// assert!(kayles.genus(5)?.tame().is_none());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn tame(&self) -> Option<TameValue> {
        self.is_tame().then(|| TameValue {
            normal: self.normal,
            misere: self.values[0],
        })
    }
}

/// `g^abc` as Conway and CGSuite print it (see [`Genus`]).
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.normal)?;
        let sup = self.superscript();
        if sup.is_empty() {
            return Ok(());
        }
        f.write_str("^")?;
        if sup.iter().all(|&d| d < 10) {
            for d in sup {
                write!(f, "{d}")?;
            }
            Ok(())
        } else {
            f.write_str("(")?;
            for (i, d) in sup.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{d}")?;
            }
            f.write_str(")")
        }
    }
}

/// The values of a tame position, which add like misère Nim positions: the genus of a sum of
/// tame positions follows from theirs alone ([`TameValue::sum`]).
///
/// A tame position is **fickle** when its genus is that of a heap of 0 or 1 (`0^120` or
/// `1^031`: misère value `g ⊕ 1`), else **firm** (misère value `g`). The sum rule of misère
/// Nim: the normal values add (XOR); a sum is fickle exactly when every part is. So a sum of
/// tame positions is a misère P-position exactly when every part is fickle and the normal
/// values add to 1, or some part is firm and they add to 0.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::{GenusTable, TameValue};
/// use grundy::{Nimber, Outcome};
///
/// let mut kayles = GenusTable::new(Octal::kayles());
/// let parts = [1, 1, 4].map(|n| kayles.genus(n).unwrap().tame().unwrap());
/// let sum = TameValue::sum(parts);
/// assert_eq!(sum.normal_value(), Nimber::ONE); // * + * + *, every part fickle
/// assert_eq!(sum.misere_value(), Nimber::ZERO);
/// assert_eq!(sum.outcome(), Outcome::Previous); // misère Nim: an odd number of ones
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TameValue {
    normal: u32,
    misere: u32,
}

impl TameValue {
    /// The values of the empty sum, `0` (genus `0^120`).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::misere::TameValue;
    /// assert!(TameValue::ZERO.is_fickle());
    /// assert_eq!(TameValue::sum([]), TameValue::ZERO);
    /// assert_eq!(TameValue::ZERO.g(1).get(), 2); // *2 alone
    /// ```
    pub const ZERO: TameValue = TameValue {
        normal: 0,
        misere: 1,
    };

    /// The normal value `g`.
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn normal_value(self) -> Nimber {
        Nimber::new(self.normal.into())
    }

    /// The misère value `g0`.
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn misere_value(self) -> Nimber {
        Nimber::new(self.misere.into())
    }

    /// Whether the position is fickle (genus `0^120` or `1^031`).
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn is_fickle(self) -> bool {
        self.normal <= 1 && self.misere == self.normal ^ 1
    }

    /// `gk`, from the tame genus: `g0`, then for `k ≥ 1` the normal value and its `⊕ 2`
    /// alternating (`g ⊕ 2` at odd `k`).
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn g(self, k: usize) -> Nimber {
        let v = if k == 0 {
            self.misere
        } else {
            self.normal ^ if k % 2 == 1 { 2 } else { 0 }
        };
        Nimber::new(v.into())
    }

    /// Who wins under misère play: [`Outcome::Previous`] exactly when `g0 = 0`.
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn outcome(self) -> Outcome {
        if self.misere == 0 {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// The values of the sum of tame positions `parts`, by the rule of misère Nim.
    ///
    /// # Examples
    ///
    /// See [`TameValue`].
    #[must_use]
    pub fn sum<I: IntoIterator<Item = TameValue>>(parts: I) -> TameValue {
        let (normal, fickle) = parts.into_iter().fold((0, true), |(x, all), p| {
            (x ^ p.normal, all && p.is_fickle())
        });
        TameValue {
            normal,
            misere: if fickle { normal ^ 1 } else { normal },
        }
    }
}

/// The misère values and genus of every heap of a heap game, heap by heap, from the heaps'
/// misère simplest forms (Conway, ONAG ch. 12).
///
/// A heap's simplest form is built from its options' (each option a sum of smaller heaps,
/// whose simplest form is built from the parts': under misère play a sum's value is not the
/// nim-sum of its parts'); its misère value and genus follow from the form's options, by
/// their definitions. Forms and sums are kept in one store shared by every heap and grow on
/// demand.
///
/// # Complexity
///
/// Wild heaps' simplest forms, and more their sums, can grow very fast: the heap is the
/// easy part, the sums of its options are the work. Two limits bound it:
///
/// - The **form limit** ([`GenusTable::with_form_limit`]) counts the forms and sums stored,
///   and the heaps against the same number: it bounds the **memory**, and the time only
///   loosely, since each new form or sum costs time in proportion to its options (a sum of
///   `x` and `y` looks up its `|x| + |y|` options; the test of a new form for a reversible
///   option looks at the options of its last option), and a form may have as many options
///   as there are forms before it.
/// - The **work limit** ([`GenusTable::with_work_limit`]) counts those steps: it bounds the
///   **time**, to a few minutes of work by default.
///
/// Nim's heaps to `n` are `n + 1` forms and about `n²` steps; Kayles' heaps to 70 keep about
/// 170,000 forms and sums, 1% of [`DEFAULT_FORM_LIMIT`], and take about 860 million steps
/// and tens of seconds, each further heap about a fifth longer. The heaps are computed in
/// order and kept, so a caller can ask for them one by one and stop where they become too
/// slow.
///
/// # Errors
///
/// [`Error::FormLimit`] past the limit (of forms and sums, or of heaps),
/// [`Error::FormWorkLimit`] past the work limit, [`Error::OutOfMemory`] if the allocator
/// refuses within it, and the rules' own errors (a rule of your own that breaks its laws).
/// After an error the table keeps every heap computed before.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::GenusTable;
///
/// let mut dawsons = GenusTable::new(Octal::dawsons_kayles());
/// assert_eq!(dawsons.genus(10)?.to_string(), "3^1431");
/// let values: Vec<u128> = (0..8).map(|n| dawsons.misere_value(n).map(|v| v.get())).collect::<Result<_, _>>()?;
/// assert_eq!(values, [1, 1, 0, 0, 2, 1, 3, 0]);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone)]
pub struct GenusTable<R: HeapRules> {
    rules: R,
    forms: Forms,
    /// `heaps[n]` is the simplest form of a heap of `n`.
    heaps: Vec<u32>,
}

impl<R: HeapRules> fmt::Debug for GenusTable<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GenusTable")
            .field("rules", &self.rules)
            .field("heaps", &self.heaps.len())
            .field("forms", &self.forms)
            .finish()
    }
}

impl<R: HeapRules> GenusTable<R> {
    /// An empty table for the heaps of `rules`, with the limit [`DEFAULT_FORM_LIMIT`]
    /// ([`with_form_limit`](Self::with_form_limit)).
    ///
    /// # Examples
    ///
    /// See [`GenusTable`].
    #[must_use]
    pub fn new(rules: R) -> Self {
        Self::with_form_limit(rules, DEFAULT_FORM_LIMIT)
    }

    /// An empty table that keeps at most `limit` simplest forms and sums (the form `0`, built
    /// in, among them) and at most `limit` heaps, `0..limit` (the limit is at least 1 and at
    /// most `u32::MAX`; a limit outside is moved inside). So `limit` heaps are the most a
    /// table can answer, and it answers them when their forms and sums fit too.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    /// use grundy::Error;
    ///
    /// let mut kayles = GenusTable::with_form_limit(Octal::kayles(), 50);
    /// assert_eq!(kayles.genus(30), Err(Error::FormLimit { limit: 50 }));
    /// assert!(kayles.len() > 0); // the heaps computed before the limit are kept
    ///
    /// // Heaps 0, 1 and 2 of Kayles are the forms 0, * and *2: three heaps, three forms.
    /// let mut kayles = GenusTable::with_form_limit(Octal::kayles(), 3);
    /// assert_eq!(kayles.genus(2)?.to_string(), "2");
    /// assert_eq!(kayles.genus(3), Err(Error::FormLimit { limit: 3 })); // a fourth heap
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn with_form_limit(rules: R, limit: usize) -> Self {
        GenusTable {
            rules,
            forms: Forms::new(limit),
            heaps: Vec::new(),
        }
    }

    /// The same table with a work limit of `limit` steps ([`DEFAULT_WORK_LIMIT`](crate::misere::DEFAULT_WORK_LIMIT) unless
    /// given): the work the table does in all, over every call, is at most `limit` steps,
    /// past which it answers [`Error::FormWorkLimit`] and keeps every heap computed before.
    /// A step is one option (or genus number of an option) looked at: see
    /// [`DEFAULT_WORK_LIMIT`](crate::misere::DEFAULT_WORK_LIMIT).
    ///
    /// The limit bounds the **time** that the form limit bounds only loosely. It applies to
    /// a table that has already worked too: `table = table.with_work_limit(more)` goes on
    /// where the table stopped, with the work done so far counted against the new limit.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    /// use grundy::Error;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles()).with_work_limit(1000);
    /// assert_eq!(kayles.genus(30), Err(Error::FormWorkLimit { limit: 1000 }));
    /// let done = kayles.len(); // the heaps computed within the limit are kept
    /// assert!(done > 0 && kayles.work() <= 1000);
    ///
    /// // Raise the limit and go on from there: the same answer as a table never stopped.
    /// let mut kayles = kayles.with_work_limit(10_000_000);
    /// let mut fresh = GenusTable::new(Octal::kayles());
    /// assert_eq!(kayles.genus(30)?.to_string(), fresh.genus(30)?.to_string());
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn with_work_limit(mut self, limit: u64) -> Self {
        self.forms.set_work_limit(limit);
        self
    }

    /// The table's work limit, in steps ([`GenusTable::with_work_limit`]).
    ///
    /// # Examples
    ///
    /// See [`GenusTable::with_work_limit`].
    #[must_use]
    pub fn work_limit(&self) -> u64 {
        self.forms.work_limit()
    }

    /// The steps of work the table has done so far, over every call
    /// ([`GenusTable::with_work_limit`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    ///
    /// let mut nim = GenusTable::new(Octal::new("0.333")?); // Nim
    /// nim.genus(10)?;
    /// let after_ten = nim.work();
    /// nim.genus(10)?; // known: no more work
    /// assert_eq!(nim.work(), after_ten);
    /// nim.genus(20)?;
    /// assert!(nim.work() > after_ten);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn work(&self) -> u64 {
        self.forms.work()
    }

    /// The table's limit: of forms and sums, and of heaps.
    ///
    /// # Examples
    ///
    /// See [`GenusTable::with_form_limit`].
    #[must_use]
    pub fn form_limit(&self) -> usize {
        self.forms.limit()
    }

    /// The rules.
    ///
    /// # Examples
    ///
    /// See [`GenusTable`].
    #[must_use]
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// How many heaps (`0..len`) are computed.
    ///
    /// # Examples
    ///
    /// See [`GenusTable::with_form_limit`].
    #[must_use]
    pub fn len(&self) -> usize {
        self.heaps.len()
    }

    /// Whether no heap is computed yet.
    ///
    /// # Examples
    ///
    /// See [`GenusTable::with_form_limit`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.heaps.is_empty()
    }

    /// How many distinct simplest forms the store holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles());
    /// kayles.genus(3)?; // 0, *, *2 and *3
    /// assert_eq!(kayles.forms(), 4);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn forms(&self) -> usize {
        self.forms.len()
    }

    /// The misère Grundy value `g0` of a heap of `heap`.
    ///
    /// # Examples
    ///
    /// See [`GenusTable`].
    ///
    /// # Errors
    ///
    /// As for [`GenusTable`].
    pub fn misere_value(&mut self, heap: u128) -> Result<Nimber, Error> {
        let id = self.form(heap)?;
        Ok(Nimber::new(self.forms.misere(id).into()))
    }

    /// The genus of a heap of `heap`.
    ///
    /// # Examples
    ///
    /// See [`Genus`] and [`GenusTable`].
    ///
    /// # Errors
    ///
    /// As for [`GenusTable`].
    pub fn genus(&mut self, heap: u128) -> Result<Genus, Error> {
        let id = self.form(heap)?;
        Ok(self.genus_of(id))
    }

    /// The genus of a row of heaps `heaps` (their sum, as one position).
    ///
    /// # Errors
    ///
    /// As for [`GenusTable`].
    ///
    /// # Examples
    ///
    /// ```
    /// use grundy::games::Octal;
    /// use grundy::misere::GenusTable;
    ///
    /// let mut kayles = GenusTable::new(Octal::kayles());
    /// assert_eq!(kayles.row_genus(&[1, 1])?.to_string(), "0"); // * + * = 0 under misère play too
    /// assert_eq!(kayles.row_genus(&[2, 2])?.to_string(), "0^0"); // *2 + *2, tame, not 0
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn row_genus(&mut self, heaps: &[u128]) -> Result<Genus, Error> {
        for &h in heaps {
            self.within_limit(h)?;
        }
        let mut total = crate::misere::forms::ZERO;
        for &h in heaps {
            let id = self.form(h)?;
            total = self.forms.sum(total, id)?;
        }
        Ok(self.genus_of(total))
    }

    /// Refuses, before any work, a heap past the heaps the table may keep (`0..limit`).
    fn within_limit(&self, heap: u128) -> Result<(), Error> {
        let limit = self.forms.limit();
        if heap >= limit as u128 {
            return Err(Error::FormLimit { limit });
        }
        Ok(())
    }

    /// The genus of the stored form `id`.
    fn genus_of(&self, id: u32) -> Genus {
        let len = self.forms.pairs_len(id);
        let mut g: Vec<u32> = (0..len + 2).map(|k| self.forms.pair(id, k)[0]).collect();
        // Drop the repeats of the period-2 tail (at least two values stay).
        let mut m = g.len() - 1;
        while m > 1 && g[m] == g[m - 2] {
            m -= 1;
        }
        g.truncate(m + 1);
        Genus {
            normal: self.forms.normal(id),
            values: g.into_boxed_slice(),
            phylum: self.forms.phylum(id),
        }
    }

    /// The simplest form of a heap of `heap`, computing every smaller heap first.
    fn form(&mut self, heap: u128) -> Result<u32, Error> {
        // The heaps `0..limit` are kept, beside the forms and sums (`with_form_limit`): the
        // heaps below `heap` are within it too.
        self.within_limit(heap)?;
        while self.heaps.len() as u128 <= heap {
            let n = self.heaps.len() as u128;
            let mut lefts = Vec::new();
            let mut refused = None;
            let forms = &mut self.forms;
            let stopped = self.rules.for_each_heap_move(n, |_, left| {
                // A move listed is a step of work, so that a rule with very many moves is
                // stopped by the work limit rather than by the memory they take.
                if let Err(e) = forms.charge(1) {
                    refused = Some(e);
                    return ControlFlow::Break(());
                }
                lefts.push(left);
                ControlFlow::Continue(())
            });
            if let Some(e) = refused {
                return Err(e);
            }
            if stopped.is_break() {
                return Err(self.rules.heap_fault(n).unwrap_or(Error::IncompleteMoves));
            }
            let mut options = Vec::new();
            for left in lefts {
                let mut total = crate::misere::forms::ZERO;
                for h in left.heaps() {
                    let part = usize::try_from(h)
                        .ok()
                        .and_then(|h| self.heaps.get(h).copied())
                        .ok_or(Error::InvalidHeapMove {
                            heap: n,
                            reason: "a move leaves a heap at least as large as the heap",
                        })?;
                    total = self.forms.sum(total, part)?;
                }
                options.push(total);
            }
            let id = self.forms.canonical(options)?;
            memory::push(&mut self.heaps, id).ok_or_else(|| Error::OutOfMemory {
                what: alloc::format!("the misère forms of {} heaps", self.heaps.len() + 1),
            })?;
        }
        Ok(self.heaps[heap as usize])
    }
}

/// The genus of each heap `0..count` of the heap game `rules`, in one call.
///
/// # Errors
///
/// As for [`GenusTable`] (with its default limits).
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
///
/// let kayles: Vec<String> = grundy::misere::genera(Octal::kayles(), 8)?.iter().map(|g| g.to_string()).collect();
/// assert_eq!(kayles, ["0", "1", "2", "3", "1", "4^146", "3", "2^2"]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn genera<R: HeapRules>(rules: R, count: usize) -> Result<Vec<Genus>, Error> {
    let mut table = GenusTable::new(rules);
    (0..count as u128).map(|n| table.genus(n)).collect()
}
