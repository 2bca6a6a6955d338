//! Misère canonical forms, stored once each: the simplest form of a game, its sums with
//! others, its normal and misère values, its phylum and its genus numbers.
//!
//! A form is a set of options, each itself a stored form. The store keeps only forms in
//! simplest form (no follower has a reversible option), so two stored forms are equal as
//! games exactly when they are the same entry (Conway's uniqueness theorem).
//!
//! # Simplification
//!
//! A game `G` whose options are all in simplest form is in simplest form unless some option
//! `G'` has an option `G''` equal to `G` ("`G'` reverses through `G''`"); then `G''`, a form
//! already stored, *is* the simplest form of `G`. Whether `G'' = G` is decided by Conway's
//! test of equality: `G = H` exactly when every option of each equals an option of the other
//! or has an option equal to the other, and the two have the same misère outcome. With `H =
//! G''` in simplest form no option of `G''` can have an option equal to `G` (it would be a
//! proper follower of `G''` equal to it), so the test reads: the options of `G''` are options
//! of `G`; every other option of `G` has `G''` as an option; and `G''` is a P-position
//! exactly when `G` is. Everything is compared by identity.
//!
//! # Genus numbers
//!
//! `f(G, k, e) = g0(G + k·*2 + e·*)` for `e ∈ {0, 1}`, by the definition of `g0` over the
//! options of that sum: a move in `G`; a `*2` to `0` or to `*` (and `* + * = 0`); the `*` to
//! `0`. So the pair `(f(G, k, 0), f(G, k, 1))` follows from the pair at `k − 1` and the
//! options' pairs at `k`. Once every option's pairs repeat with period 2 from index `M` on
//! and `G`'s pair at some `k ≥ max(M, 2)` equals the pair at `k − 2`, `G`'s pairs repeat with
//! period 2 for ever (each later pair is computed from equal inputs). The store keeps each
//! form's pairs up to that point.

use crate::misere::genus::Phylum;
use crate::solve::solver::{Keyed, Table};
use crate::{Error, memory};
use alloc::vec::Vec;
use core::fmt;
use core::hash::BuildHasher;
use foldhash::fast::FixedState;

/// The id of the form `0` (no option) in every store.
pub(crate) const ZERO: u32 = 0;

/// The default limit of a [`GenusTable`](crate::misere::GenusTable): about 16.7 million forms
/// and sums, and as many heaps.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::{DEFAULT_FORM_LIMIT, GenusTable};
/// assert_eq!(GenusTable::new(Octal::kayles()).form_limit(), DEFAULT_FORM_LIMIT);
/// ```
pub const DEFAULT_FORM_LIMIT: usize = 1 << 24;

/// The default work limit of a [`GenusTable`](crate::misere::GenusTable), in steps: 2^32,
/// a few minutes of work in a release build (Kayles' heaps to 70 take about 860 million steps
/// and some 40 seconds).
///
/// A step is one option (or genus number of an option) looked at: a sum of `x` and `y`
/// costs the options of both, a new simplest form its options once for each genus pair and
/// once for its values, and the grandchildren it tries.
///
/// # Examples
///
/// ```
/// use grundy::games::Octal;
/// use grundy::misere::{DEFAULT_WORK_LIMIT, GenusTable};
/// assert_eq!(GenusTable::new(Octal::kayles()).work_limit(), DEFAULT_WORK_LIMIT);
/// ```
pub const DEFAULT_WORK_LIMIT: u64 = 1 << 32;

/// One stored form.
#[derive(Clone, Debug)]
struct Form {
    /// Its options, a range of `Forms::options` (ascending ids).
    start: u32,
    len: u32,
    /// Its genus pairs, a range of `Forms::pairs`: at least two, periodic with period 2
    /// after the last.
    pairs_start: u32,
    pairs_len: u32,
    /// Its normal-play Grundy value.
    normal: u32,
    /// Its key in the table of forms (a hash of its options).
    key: u32,
    /// Its phylum.
    phylum: Phylum,
    /// Its size as a nim heap, if it is the simplest form `*n`.
    nim: Option<u32>,
}

impl Keyed for Form {
    fn key(&self) -> u32 {
        self.key
    }
}

/// A sum of two forms, remembered.
#[derive(Clone, Debug)]
struct SumEntry {
    a: u32,
    b: u32,
    sum: u32,
    key: u32,
}

impl Keyed for SumEntry {
    fn key(&self) -> u32 {
        self.key
    }
}

/// The store of misère simplest forms, with the sums computed so far.
#[derive(Clone)]
pub(crate) struct Forms {
    forms: Vec<Form>,
    options: Vec<u32>,
    pairs: Vec<[u32; 2]>,
    table: Table,
    sums: Vec<SumEntry>,
    sum_table: Table,
    /// `nims[n]` is the id of `*n`, for the nim heaps built so far.
    nims: Vec<u32>,
    /// The most entries: forms (`0` among them) and sums.
    limit: usize,
    /// The steps of work done so far (see [`DEFAULT_WORK_LIMIT`]), and the most allowed.
    work: u64,
    work_limit: u64,
    hasher: FixedState,
    /// The grandchildren tried as simplest forms of new games, so far: the work the tests
    /// bound.
    #[cfg(test)]
    tried: u64,
}

impl fmt::Debug for Forms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Forms")
            .field("forms", &self.forms.len())
            .field("sums", &self.sums.len())
            .field("limit", &self.limit)
            .field("work", &self.work)
            .field("work_limit", &self.work_limit)
            .finish_non_exhaustive()
    }
}

/// The mex of `values`, given as a mark buffer reused between calls.
fn mex_of(marks: &mut Vec<bool>, values: impl IntoIterator<Item = u32>) -> u32 {
    marks.clear();
    for v in values {
        let v = v as usize;
        if v >= marks.len() {
            marks.resize(v + 1, false);
        }
        marks[v] = true;
    }
    marks.iter().position(|&m| !m).unwrap_or(marks.len()) as u32
}

/// Whether the ascending list `list` holds `x`.
#[inline]
fn holds(list: &[u32], x: u32) -> bool {
    list.binary_search(&x).is_ok()
}

impl Forms {
    /// A store holding only `0`, with room for at most `limit` entries (at most `u32::MAX`).
    pub(crate) fn new(limit: usize) -> Self {
        let mut forms = Forms {
            forms: Vec::new(),
            options: Vec::new(),
            pairs: Vec::new(),
            table: Table::default(),
            sums: Vec::new(),
            sum_table: Table::default(),
            nims: Vec::new(),
            limit: limit.clamp(1, u32::MAX as usize),
            work: 0,
            work_limit: DEFAULT_WORK_LIMIT,
            hasher: FixedState::default(),
            #[cfg(test)]
            tried: 0,
        };
        // `0` has no option; its pairs: g0(0 + k·*2 + e·*), which are 1, 0 at k = 0 and then
        // those of a nim position: k·*2 + e·* has g0 = 2·(k odd) ⊕ e for k ≥ 1.
        forms.forms.push(Form {
            start: 0,
            len: 0,
            pairs_start: 0,
            pairs_len: 3,
            normal: 0,
            key: forms.key_of_options(&[]),
            phylum: Phylum::NimHeap,
            nim: Some(0),
        });
        forms.pairs.extend([[1, 0], [2, 3], [0, 1]]);
        forms.nims.push(ZERO);
        // The table is not needed for `0`: an empty option list is answered directly.
        forms
    }

    /// The store's limit.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// The steps of work done so far.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// The work limit, in steps.
    pub(crate) fn work_limit(&self) -> u64 {
        self.work_limit
    }

    /// Sets the work limit (it may be below the work already done: then the next step is
    /// refused).
    pub(crate) fn set_work_limit(&mut self, limit: u64) {
        self.work_limit = limit;
    }

    /// Counts `steps` more steps of work, or refuses them (counting nothing) if they would
    /// pass the work limit.
    pub(crate) fn charge(&mut self, steps: usize) -> Result<(), Error> {
        match self.work.checked_add(steps as u64) {
            Some(work) if work <= self.work_limit => {
                self.work = work;
                Ok(())
            }
            _ => Err(Error::FormWorkLimit {
                limit: self.work_limit,
            }),
        }
    }

    /// How many entries are stored: forms (`0` among them) and sums.
    fn used(&self) -> usize {
        self.forms.len() + self.sums.len()
    }

    /// The options of `id`, ascending.
    pub(crate) fn options(&self, id: u32) -> &[u32] {
        let f = &self.forms[id as usize];
        &self.options[f.start as usize..(f.start + f.len) as usize]
    }

    /// The normal-play Grundy value of `id`.
    pub(crate) fn normal(&self, id: u32) -> u32 {
        self.forms[id as usize].normal
    }

    /// The misère Grundy value `g0` of `id`.
    pub(crate) fn misere(&self, id: u32) -> u32 {
        self.pair(id, 0)[0]
    }

    /// The phylum of `id`.
    pub(crate) fn phylum(&self, id: u32) -> Phylum {
        self.forms[id as usize].phylum
    }

    /// The size of `id` as a nim heap, if it is one.
    pub(crate) fn nim_size(&self, id: u32) -> Option<u32> {
        self.forms[id as usize].nim
    }

    /// How many forms are stored.
    pub(crate) fn len(&self) -> usize {
        self.forms.len()
    }

    /// `(g0(G + k·*2), g0(G + k·*2 + *))` of the form `id`.
    pub(crate) fn pair(&self, id: u32, k: usize) -> [u32; 2] {
        let f = &self.forms[id as usize];
        let len = f.pairs_len as usize;
        let i = if k < len {
            k
        } else {
            len - 2 + ((k - len) & 1)
        };
        self.pairs[f.pairs_start as usize + i]
    }

    /// How many genus pairs `id` keeps (its pairs repeat with period 2 from the last two).
    pub(crate) fn pairs_len(&self, id: u32) -> usize {
        self.forms[id as usize].pairs_len as usize
    }

    fn key_of_options(&self, options: &[u32]) -> u32 {
        let hash = self.hasher.hash_one(options);
        (hash ^ (hash >> 32)) as u32
    }

    fn key_of_pair(&self, a: u32, b: u32) -> u32 {
        let hash = self.hasher.hash_one((a, b));
        (hash ^ (hash >> 32)) as u32
    }

    /// The nim heap `*n` (and every smaller one), built on demand.
    #[cfg(test)]
    pub(crate) fn nim(&mut self, n: u32) -> Result<u32, Error> {
        while self.nims.len() <= n as usize {
            let options = self.nims.clone();
            let id = self.canonical(options)?;
            self.nims.push(id);
        }
        Ok(self.nims[n as usize])
    }

    /// The simplest form of the game whose options are the stored forms `options` (in any
    /// order, repeats allowed).
    ///
    /// # Errors
    ///
    /// [`Error::FormLimit`] if a new form would pass the limit, [`Error::FormWorkLimit`] if
    /// its work would pass the work limit, [`Error::OutOfMemory`] if the allocator refuses.
    pub(crate) fn canonical(&mut self, mut options: Vec<u32>) -> Result<u32, Error> {
        self.charge(options.len())?;
        options.sort_unstable();
        options.dedup();
        if options.is_empty() {
            return Ok(ZERO);
        }
        let key = self.key_of_options(&options);
        let found = self
            .table
            .find(key, |i| self.options(i as u32) == options.as_slice());
        let vacant = match found {
            Ok(id) => return Ok(id),
            Err(vacant) => vacant,
        };
        let mut marks = Vec::new();
        let misere = mex_of(&mut marks, options.iter().map(|&o| self.misere(o)));
        let (reversed, tried) = self.reversed_to(&options, misere);
        #[cfg(test)]
        {
            self.tried += tried as u64;
        }
        self.charge(tried)?;
        if let Some(b) = reversed {
            return Ok(b);
        }
        self.store(options, key, vacant, misere, &mut marks)
    }

    /// The grandchild equal to the game `G` whose options are `options` (ascending, distinct,
    /// stored) and whose misère value is `misere`, if one is: then it is `G`'s simplest form.
    ///
    /// A grandchild `b` equals `G` exactly when the two have the same outcome and every
    /// option of each is an option of the other or has the other as an option (module docs).
    /// Stored forms are numbered in the order they were stored, every form after its options,
    /// so an option `o` of `G` numbered below `b` cannot have `b` as an option and must be an
    /// option of `b`, and one numbered above `b` cannot be an option of `b` and must have `b`
    /// as an option (and `b` itself, not an option of itself, cannot be an option of `G`).
    /// So `b`'s options are exactly `G`'s below `b`, and `b` is an option of every option of
    /// `G` above it: of the last in particular. Only the options of `G`'s last option are
    /// tried, and most fail at once on the count of `G`'s options below them. (Trying every
    /// option of every option, each against every option of `G`, cost about `n³` steps for a
    /// nim heap of `n`.)
    ///
    /// Simplest forms are unique, so at most one grandchild equals `G`. Returned with the
    /// number of grandchildren tried.
    fn reversed_to(&self, options: &[u32], misere: u32) -> (Option<u32>, usize) {
        let Some(&last) = options.last() else {
            return (None, 0);
        };
        let mut tried = 0;
        let found = self.options(last).iter().copied().find(|&b| {
            tried += 1;
            let below = self.options(b);
            let k = options.partition_point(|&o| o < b);
            below.len() == k
                && options.get(k) != Some(&b)
                && (self.misere(b) == 0) == (misere == 0)
                && below == &options[..k]
                && options[k..].iter().all(|&o| holds(self.options(o), b))
        });
        (found, tried)
    }

    /// Stores a new simplest form with the options `options` (ascending, distinct, not yet
    /// stored) and misère value `misere`.
    fn store(
        &mut self,
        options: Vec<u32>,
        key: u32,
        vacant: usize,
        misere: u32,
        marks: &mut Vec<bool>,
    ) -> Result<u32, Error> {
        if self.used() >= self.limit {
            return Err(Error::FormLimit { limit: self.limit });
        }
        let id = self.forms.len() as u32;
        let normal = mex_of(marks, options.iter().map(|&o| self.normal(o)));
        let nim = self.nim_of(&options);
        let mut grandchildren = 0;
        let phylum = if nim.is_some() {
            Phylum::NimHeap
        } else {
            self.phylum_of(&options, normal, misere, marks, &mut grandchildren)
        };
        let pairs = self.pairs_of(&options, marks)?;
        // The values, the phylum and each genus pair looked at every option once.
        let steps = options
            .len()
            .saturating_mul(pairs.len().saturating_add(4))
            .saturating_add(grandchildren);
        self.charge(steps)?;
        let oom = |what: &str| Error::OutOfMemory {
            what: alloc::format!("{what} of {} misère forms", id as usize + 1),
        };
        if self.options.try_reserve(options.len()).is_err()
            || self.pairs.try_reserve(pairs.len()).is_err()
            || self.forms.try_reserve(1).is_err()
        {
            return Err(oom("the options and genus numbers"));
        }
        let form = Form {
            start: u32::try_from(self.options.len()).map_err(|_| oom("the options"))?,
            len: options.len() as u32,
            pairs_start: u32::try_from(self.pairs.len()).map_err(|_| oom("the genus numbers"))?,
            pairs_len: pairs.len() as u32,
            normal,
            key,
            phylum,
            nim,
        };
        self.options.extend_from_slice(&options);
        self.pairs.extend_from_slice(&pairs);
        self.forms.push(form);
        self.table.insert(vacant, key, id, &self.forms)?;
        Ok(id)
    }

    /// `Some(n)` if `options` are exactly `*0, *1, …, *(n − 1)`.
    fn nim_of(&self, options: &[u32]) -> Option<u32> {
        let n = options.len() as u32;
        options
            .iter()
            .all(|&o| self.nim_size(o).is_some_and(|m| m < n))
            .then_some(n)
    }

    /// The genus pairs of a new form with the options `options`, up to the point from which
    /// they repeat with period 2 (see the module docs).
    fn pairs_of(&self, options: &[u32], marks: &mut Vec<bool>) -> Result<Vec<[u32; 2]>, Error> {
        let settled = options
            .iter()
            .map(|&o| self.pairs_len(o))
            .max()
            .unwrap_or(0)
            .max(2);
        // The values are at most the number of options plus 3, so the pairs after `settled`
        // run through a finite set; period 2 is what the theory gives, and this bound only
        // keeps a computation that found otherwise from running on.
        let most = settled + 8 * (options.len() + 4) * (options.len() + 4);
        let mut pairs: Vec<[u32; 2]> =
            memory::with_capacity(settled + 2).ok_or_else(|| Error::OutOfMemory {
                what: alloc::format!("{} genus numbers", settled + 2),
            })?;
        let a0 = mex_of(marks, options.iter().map(|&o| self.pair(o, 0)[0]));
        let b0 = mex_of(
            marks,
            options.iter().map(|&o| self.pair(o, 0)[1]).chain([a0]),
        );
        pairs.push([a0, b0]);
        for k in 1.. {
            let [pa, pb] = pairs[k - 1];
            let a = mex_of(
                marks,
                options.iter().map(|&o| self.pair(o, k)[0]).chain([pa, pb]),
            );
            let b = mex_of(
                marks,
                options
                    .iter()
                    .map(|&o| self.pair(o, k)[1])
                    .chain([pa, pb, a]),
            );
            if k >= settled && pairs[k - 2] == [a, b] {
                break;
            }
            if k > most {
                return Err(Error::Overflow {
                    what: alloc::format!(
                        "the genus of a misère form with {} options did not repeat with period 2 \
                         within {most} terms",
                        options.len()
                    ),
                });
            }
            memory::push(&mut pairs, [a, b]).ok_or_else(|| Error::OutOfMemory {
                what: alloc::format!("{} genus numbers", k + 1),
            })?;
        }
        Ok(pairs)
    }

    /// The phylum of a new form that is not a nim heap, after the rules CGSuite applies
    /// (Conway, ONAG ch. 12; Winning Ways ch. 13): tame when its genus is tame and every
    /// option is tame (hereditarily when every option is a nim heap or hereditarily tame),
    /// or when every wild option reverses through tame options of the form's values;
    /// restive likewise with a restive genus; restless when every option is tame and `g0` is
    /// 0 or 1; else wild.
    ///
    /// The grandchildren it looks at are added to `looked`, a count of work.
    fn phylum_of(
        &self,
        options: &[u32],
        gp: u32,
        gm: u32,
        marks: &mut Vec<bool>,
        looked: &mut usize,
    ) -> Phylum {
        let tame_genus = gp == gm || (gp | gm) <= 1;
        let restive_genus = !tame_genus && gp < 2;
        let restless_genus = !tame_genus && !restive_genus && gm < 2;
        let phyla = || options.iter().map(|&o| self.phylum(o));
        if phyla().all(|p| p.is_hereditarily_tame()) {
            if tame_genus {
                return Phylum::HereditarilyTame;
            }
            if restive_genus {
                return Phylum::HereditarilyRestive;
            }
        }
        if phyla().all(Phylum::is_tame) {
            return if tame_genus {
                Phylum::ReversiblyTame
            } else if restive_genus {
                Phylum::ReversiblyRestive
            } else if restless_genus {
                Phylum::Restless
            } else {
                Phylum::Wild
            };
        }
        if !tame_genus && !restive_genus {
            return Phylum::Wild;
        }
        // Some option is not tame: each such option must reverse, through options of its
        // own, to a form with G's normal value and to one with G's misère value.
        for &a in options.iter().filter(|&&a| !self.phylum(a).is_tame()) {
            let (mut found_m, mut found_p) = (false, false);
            *looked = looked.saturating_add(self.options(a).len());
            for &b in self.options(a) {
                let (bp, bm, phylum) = (self.normal(b), self.misere(b), self.phylum(b));
                if tame_genus && phylum.is_tame() {
                    found_m |= bm == gm;
                    found_p |= bp == gp;
                } else if restive_genus && (phylum.is_tame() || phylum.is_restive()) {
                    found_m |= bm == gm && (bp <= 1 || (bp ^ gm) <= 1);
                    found_p |= bp == gp && (bm <= 1 || (bm ^ gm) <= 1);
                }
            }
            if !(found_m && found_p) {
                return Phylum::Wild;
            }
        }
        // And the tame options alone must give G its values.
        let tame = || options.iter().filter(|&&o| self.phylum(o).is_tame());
        let mp = mex_of(marks, tame().map(|&o| self.normal(o)));
        let mm = mex_of(marks, tame().map(|&o| self.misere(o)));
        if mp != gp || mm != gm {
            Phylum::Wild
        } else if tame_genus {
            Phylum::ReversiblyTame
        } else {
            Phylum::ReversiblyRestive
        }
    }

    /// The simplest form of the sum of the forms `a` and `b`, by an explicit stack (a sum
    /// of deep forms cannot overflow the call stack). Sums are remembered.
    ///
    /// # Errors
    ///
    /// As for [`Forms::canonical`].
    pub(crate) fn sum(&mut self, a: u32, b: u32) -> Result<u32, Error> {
        let mut stack: Vec<(u32, u32)> = Vec::new();
        stack.push((a, b));
        let mut options = Vec::new();
        let mut result = ZERO;
        while let Some(&(x, y)) = stack.last() {
            if let Some(s) = self.known_sum(x, y) {
                result = s;
                stack.pop();
                continue;
            }
            // Every option of x + y: x' + y and x + y'. Push the sums not known yet.
            self.charge(self.options(x).len() + self.options(y).len())?;
            options.clear();
            let mut missing = false;
            for (from, other) in [(x, y), (y, x)] {
                for i in 0..self.options(from).len() {
                    let o = self.options(from)[i];
                    match self.known_sum(o, other) {
                        Some(s) => options.push(s),
                        None => {
                            missing = true;
                            memory::push(&mut stack, (o, other)).ok_or_else(stack_oom)?;
                        }
                    }
                }
            }
            if missing {
                continue;
            }
            let s = self.canonical(core::mem::take(&mut options))?;
            self.remember_sum(x, y, s)?;
            result = s;
            stack.pop();
        }
        Ok(result)
    }

    /// The sum of `a` and `b` if it is known (either is `0`, or it was computed).
    fn known_sum(&self, a: u32, b: u32) -> Option<u32> {
        if a == ZERO {
            return Some(b);
        }
        if b == ZERO {
            return Some(a);
        }
        let (a, b) = (a.min(b), a.max(b));
        let key = self.key_of_pair(a, b);
        self.sum_table
            .find(key, |i| {
                let e = &self.sums[i];
                e.a == a && e.b == b
            })
            .ok()
            .map(|i| self.sums[i as usize].sum)
    }

    fn remember_sum(&mut self, a: u32, b: u32, sum: u32) -> Result<(), Error> {
        if self.used() >= self.limit {
            return Err(Error::FormLimit { limit: self.limit });
        }
        let (a, b) = (a.min(b), a.max(b));
        let key = self.key_of_pair(a, b);
        let Err(vacant) = self.sum_table.find(key, |i| {
            let e = &self.sums[i];
            e.a == a && e.b == b
        }) else {
            return Ok(());
        };
        memory::push(&mut self.sums, SumEntry { a, b, sum, key }).ok_or_else(|| {
            Error::OutOfMemory {
                what: alloc::format!("{} remembered sums of misère forms", self.sums.len() + 1),
            }
        })?;
        let index = (self.sums.len() - 1) as u32;
        self.sum_table.insert(vacant, key, index, &self.sums)
    }
}

fn stack_oom() -> Error {
    Error::OutOfMemory {
        what: alloc::string::String::from("the stack of a sum of misère forms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distinct games born by day `days`, as simplest forms.
    fn born_by(days: usize) -> (Forms, Vec<u32>) {
        let mut forms = Forms::new(DEFAULT_FORM_LIMIT);
        let mut games = alloc::vec![ZERO];
        for _ in 0..days {
            let mut next = Vec::new();
            for subset in 0u64..1 << games.len() {
                let options = (0..games.len())
                    .filter(|i| subset >> i & 1 == 1)
                    .map(|i| games[i])
                    .collect();
                next.push(forms.canonical(options).unwrap());
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        (forms, games)
    }

    #[test]
    fn games_born_by_day_four_are_twenty_two() {
        // 1, 2, 3, 5, 22 distinct misère games by days 0 to 4 (Conway, ONAG ch. 12).
        let counts: Vec<usize> = (0..=4).map(|d| born_by(d).1.len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    /// Conway's test itself, every grandchild against every option: what
    /// [`Forms::reversed_to`] must agree with.
    fn reversed_by_definition(forms: &Forms, options: &[u32], misere: u32) -> Option<u32> {
        for &a in options {
            for &b in forms.options(a) {
                if (forms.misere(b) == 0) != (misere == 0) {
                    continue;
                }
                let below = forms.options(b);
                if below.len() > options.len() || !below.iter().all(|&x| holds(options, x)) {
                    continue;
                }
                if options
                    .iter()
                    .all(|&o| holds(below, o) || holds(forms.options(o), b))
                {
                    return Some(b);
                }
            }
        }
        None
    }

    #[test]
    fn the_reversal_found_is_the_one_conways_test_finds() {
        // Option sets drawn from the 22 games born by day 4, the sums of the first ten of them
        // with each other, and nim heaps to *6.
        let (mut forms, mut games) = born_by(4);
        for i in 0..10 {
            for j in i..10 {
                let s = forms.sum(games[i], games[j]).unwrap();
                games.push(s);
            }
        }
        for n in 0..=6 {
            let heap = forms.nim(n).unwrap();
            games.push(heap);
        }
        games.sort_unstable();
        games.dedup();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut tried, mut reversed) = (0, 0);
        for _ in 0..20_000 {
            let len = 1 + (next() % 6) as usize;
            let mut options: Vec<u32> = (0..len)
                .map(|_| games[(next() % games.len() as u64) as usize])
                .collect();
            options.sort_unstable();
            options.dedup();
            let mut marks = Vec::new();
            let misere = mex_of(&mut marks, options.iter().map(|&o| forms.misere(o)));
            let expected = reversed_by_definition(&forms, &options, misere);
            assert_eq!(
                forms.reversed_to(&options, misere).0,
                expected,
                "{options:?}"
            );
            tried += 1;
            reversed += usize::from(expected.is_some());
        }
        // The draw reaches both answers often.
        assert!(
            reversed > 100 && tried - reversed > 100,
            "{reversed} of {tried}"
        );
    }

    #[test]
    fn a_nim_heap_tries_few_grandchildren() {
        // *n has n options and about n²/2 grandchildren; trying each of them, as a test of
        // every grandchild did, cost about n³/6 tries for the heaps to *n. The options of the
        // last option alone are tried: about n²/2 for the heaps to *n.
        let mut forms = Forms::new(DEFAULT_FORM_LIMIT);
        let n = 400u64;
        forms.nim(n as u32).unwrap();
        assert_eq!(forms.len() as u64, n + 1);
        assert!(forms.tried <= n * n / 2, "{} tries", forms.tried);
    }

    #[test]
    fn small_identities() {
        let mut forms = Forms::new(1000);
        let one = forms.nim(1).unwrap();
        let two = forms.nim(2).unwrap();
        let three = forms.nim(3).unwrap();
        // {*} = 0, * + * = 0, *2 + * = *3 under misère play.
        assert_eq!(forms.canonical(alloc::vec![one]).unwrap(), ZERO);
        assert_eq!(forms.sum(one, one).unwrap(), ZERO);
        assert_eq!(forms.sum(two, one).unwrap(), three);
        // *2 + *2 is not 0: it is P with normal value 0.
        let twice = forms.sum(two, two).unwrap();
        assert_ne!(twice, ZERO);
        assert_eq!((forms.normal(twice), forms.misere(twice)), (0, 0));
    }

    #[test]
    fn the_limit_is_an_error() {
        let mut forms = Forms::new(3);
        assert_eq!(forms.nim(5), Err(Error::FormLimit { limit: 3 }));
    }
}
