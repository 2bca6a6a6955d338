//! The integration tests' one brute-force oracle, shared by every suite (after petgraph's
//! `tests/utils/qc.rs`).
//!
//! Nothing here uses the crate's solvers, closed forms or its Sprague–Grundy arithmetic: a
//! game is its **rules**, a plain function (or closure) listing the moves of a position with
//! the position each leads to, `Fn(&S) -> Vec<(M, S)>`, written from the rules of the game
//! alone ([`rules`] holds one for every game of the crate, and combinators for sums). The
//! [`Oracle`] answers every question of the crate's surface from the definitions:
//!
//! - the Grundy value, `G(p) = mex{G(q) : q an option of p}` ([`Oracle::grundy`], [`mex`]);
//! - who wins under normal or misère play, by a game-tree search of the position itself (no
//!   Grundy value, no nim-sum: a position is won iff some move reaches a lost one, and under
//!   misère play also when there is no move) ([`Oracle::wins`], [`Oracle::outcome`]);
//! - the moves to a position of a given value, and the winning moves under either play, as
//!   **sets** ([`Oracle::moves_to_value`], [`Oracle::winning_moves`],
//!   [`Oracle::moves_by_value`]);
//! - the position a move leads to under the rules ([`Oracle::play`]), to check `Game::play`.
//!
//! [`TableOracle`] answers the same questions for a game on one heap whose moves shrink it,
//! from a table built bottom-up, much faster than the hashing memo where thousands of heaps
//! are asked about.
//!
//! The only items of the crate used here are the vocabulary enums [`Play`] and [`Outcome`].
//! [`small`] holds the small-input generators (`Small*` quickcheck wrappers) the suites share;
//! [`listed_once`] turns a crate's list of moves into a set after checking that no move is
//! listed twice, [`outcome_of`] and [`sorted`] are small conveniences.
//!
//! Two files here stand alone, for the command-line tool's tests too, which include each through
//! a symbolic link (`cli/tests/oracle/judges.rs`, `cli/tests/support/runs.rs`, links so that
//! the command line's published package holds them): [`judges`], the brute force of
//! the judge games (Nim, misère Nim, Bash, misère Bash, Georgia–Bob, Wythoff) and their small
//! positions, for the judge programs of `examples/` and the command line; and [`runs`], what a
//! run of a program printed, and the check that it rejected bad input.
//!
//! # Using it
//!
//! A suite declares the module once, allowing the items it does not use:
//!
//! ```ignore
//! #[allow(dead_code)]
//! mod common;
//! use common::{Oracle, rules};
//!
//! let mut oracle = Oracle::new(rules::bash);
//! assert_eq!(oracle.grundy(&(10, 3)), 2);
//! assert_eq!(oracle.winning_moves(&(10, 3), Play::Normal), [2].into());
//! ```
//!
//! A test crate outside `tests/` reaches the same module by path,
//! `#[path = "../../tests/common/mod.rs"] mod common;`, or only a file that stands alone, as
//! the command-line tool's tests do: `mod judges;` in `cli/tests/oracle/mod.rs`, beside the
//! symbolic link `judges.rs` to this directory's file (a link, not a path, since a published
//! package holds only files under its own directory).
//!
//! Rules must return positions in one canonical form (rows of heaps sorted, say) when equal
//! positions can be written two ways, or the memo does the work twice (the answers stay
//! right). The game must be finite: the oracle panics on a cycle.
//!
//! # Complexity
//!
//! Each question searches every position reachable from the one asked about, once for the
//! oracle's life: the memos are kept, so one oracle asked about many positions of one game
//! (a thread-local one across quickcheck cases, say) does the work once. The search uses an
//! explicit stack, so a long line of play cannot overflow the call stack.

pub mod coins;
pub mod judges;
pub mod loopy;
pub mod rules;
pub mod runs;
pub mod scale;
pub mod small;

pub use small::*;

use grundy::{Outcome, Play};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

/// The brute force's maps: std's maps with a fixed fast hasher (foldhash, which the library
/// depends on). The default SipHash is built to resist hash flooding, which a test's own
/// positions never need, and unoptimised it took over a third of the time of the largest
/// memo (Chomp's 8 × 9 bar).
type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
type HashSet<K> = std::collections::HashSet<K, foldhash::fast::FixedState>;

/// The minimum excludant: the least natural number not in `values`.
///
/// # Examples
///
/// ```ignore
/// assert_eq!(mex([0, 1, 3, 1]), 2);
/// assert_eq!(mex([]), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u128>) -> u128 {
    let values: Vec<u128> = values.into_iter().collect();
    // The mex of n values is at most n: only the values up to n matter.
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *slot = true;
        }
    }
    let first_missing = seen.iter().position(|&s| !s);
    first_missing.expect("n values leave one of 0..=n out") as u128
}

/// `Outcome::Next` if the player to move wins, else `Outcome::Previous`.
pub fn outcome_of(next_wins: bool) -> Outcome {
    if next_wins {
        Outcome::Next
    } else {
        Outcome::Previous
    }
}

/// The moves as a set, after checking that none is listed twice (a panic names the move,
/// which a quickcheck property reports as a failure).
pub fn listed_once<M: Ord + Debug>(moves: impl IntoIterator<Item = M>) -> BTreeSet<M> {
    let mut set = BTreeSet::new();
    for mv in moves {
        if let Some(again) = set.replace(mv) {
            panic!("the move {again:?} is listed twice");
        }
    }
    set
}

/// `v` sorted.
pub fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

/// The rules of a game as a plain function pointer: the type an [`Oracle`] has by default,
/// which a `thread_local!` can name.
pub type Rules<S, M> = fn(&S) -> Vec<(M, S)>;

/// A brute-force solver of the game whose rules are `R`, positions `S` and moves `M`, with
/// its memos.
///
/// # Examples
///
/// ```ignore
/// // Nim with heaps 1, 2, 3: a P-position, value 0, no winning move.
/// let mut oracle: Oracle<Vec<u8>, (usize, u8)> = Oracle::new(rules::nim);
/// assert_eq!(oracle.grundy(&vec![1, 2, 3]), 0);
/// assert!(oracle.winning_moves(&vec![1, 2, 3], Play::Normal).is_empty());
/// ```
pub struct Oracle<S, M, R = Rules<S, M>> {
    rules: R,
    /// Every position met so far, by its number (the order it was met in), and the number
    /// of each. The searches and memos work on the numbers, so that they are compiled once
    /// and not once for each type of position (the oracle serves about 86 of them).
    positions: Vec<S>,
    numbers: HashMap<S, usize>,
    grundy: Memo,
    normal: Memo,
    misere: Memo,
    moves: PhantomData<fn() -> M>,
}

/// What a search knows, by position number: `None` where nothing is known yet. An outcome is
/// kept as 1 (the player to move wins) or 0.
type Memo = Vec<Option<u128>>;

/// How many positions `memo` knows.
fn known(memo: &Memo) -> usize {
    memo.iter().flatten().count()
}

impl<S, M, R> Debug for Oracle<S, M, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Oracle")
            .field("values_known", &known(&self.grundy))
            .field("normal_outcomes_known", &known(&self.normal))
            .field("misere_outcomes_known", &known(&self.misere))
            .finish()
    }
}

/// The number of `position`, numbering it now if it is new.
fn number<S: Clone + Eq + Hash>(
    positions: &mut Vec<S>,
    numbers: &mut HashMap<S, usize>,
    position: S,
) -> usize {
    if let Some(&known) = numbers.get(&position) {
        return known;
    }
    let fresh = positions.len();
    positions.push(position.clone());
    numbers.insert(position, fresh);
    fresh
}

/// Which of the three searches an oracle runs.
#[derive(Clone, Copy)]
enum Question {
    Grundy,
    Wins(Play),
}

impl<S, M, R> Oracle<S, M, R>
where
    S: Clone + Eq + Hash,
    R: Fn(&S) -> Vec<(M, S)>,
{
    /// An oracle for the game with these rules, knowing nothing yet.
    pub fn new(rules: R) -> Self {
        Oracle {
            rules,
            positions: Vec::new(),
            numbers: HashMap::default(),
            grundy: Memo::new(),
            normal: Memo::new(),
            misere: Memo::new(),
            moves: PhantomData,
        }
    }

    /// The answer to `question` about `position`, by a search of the positions it reaches
    /// (numbered as they are met), memoised.
    fn answer(&mut self, position: &S, question: Question) -> u128 {
        let Oracle {
            rules,
            positions,
            numbers,
            grundy,
            normal,
            misere,
            ..
        } = self;
        let root = number(positions, numbers, position.clone());
        // The combinations are plain functions, and the options are numbers: `search` is
        // one function for every game.
        let (memo, combine): (&mut Memo, fn(&[u128]) -> u128) = match question {
            Question::Grundy => (grundy, |values| mex(values.iter().copied())),
            Question::Wins(Play::Normal) => (normal, |after| u128::from(after.contains(&0))),
            Question::Wins(Play::Misere) => (misere, |after| {
                u128::from(after.is_empty() || after.contains(&0))
            }),
        };
        let mut options = |at: usize| -> Vec<usize> {
            let after = rules(&positions[at]);
            after
                .into_iter()
                .map(|(_, q)| number(positions, numbers, q))
                .collect()
        };
        search(&mut options, memo, root, combine)
    }

    /// Every move of `position` under the rules, with the position it leads to.
    pub fn options(&self, position: &S) -> Vec<(M, S)> {
        (self.rules)(position)
    }

    /// The position `mv` leads to from `position` under the rules, or `None` if the rules do
    /// not allow it.
    pub fn play(&self, position: &S, mv: &M) -> Option<S>
    where
        M: PartialEq,
    {
        self.options(position)
            .into_iter()
            .find(|(m, _)| m == mv)
            .map(|(_, next)| next)
    }

    /// The normal-play Grundy value, by the definition: the mex of the options' values.
    pub fn grundy(&mut self, position: &S) -> u128 {
        self.answer(position, Question::Grundy)
    }

    /// Whether the player to move wins under `play`, by a search of the game tree: a
    /// position is won iff some move reaches a lost position, or (misère play only) there is
    /// no move at all.
    pub fn wins(&mut self, position: &S, play: Play) -> bool {
        self.answer(position, Question::Wins(play)) != 0
    }

    /// Who wins under `play`, from [`wins`](Oracle::wins).
    pub fn outcome(&mut self, position: &S, play: Play) -> Outcome {
        outcome_of(self.wins(position, play))
    }

    /// The moves of `position` to a position of Grundy value `target`.
    pub fn moves_to_value(&mut self, position: &S, target: u128) -> BTreeSet<M>
    where
        M: Ord,
    {
        self.options(position)
            .into_iter()
            .filter(|(_, next)| self.grundy(next) == target)
            .map(|(m, _)| m)
            .collect()
    }

    /// The moves of `position` grouped by the Grundy value of the position each leads to
    /// (every value no move reaches is absent).
    pub fn moves_by_value(&mut self, position: &S) -> BTreeMap<u128, BTreeSet<M>>
    where
        M: Ord,
    {
        let mut by_value: BTreeMap<u128, BTreeSet<M>> = BTreeMap::new();
        for (m, next) in self.options(position) {
            by_value.entry(self.grundy(&next)).or_default().insert(m);
        }
        by_value
    }

    /// The winning moves of `position` under `play`: the moves to positions the player to
    /// move then loses, by [`wins`](Oracle::wins) (no Grundy values).
    pub fn winning_moves(&mut self, position: &S, play: Play) -> BTreeSet<M>
    where
        M: Ord,
    {
        self.options(position)
            .into_iter()
            .filter(|(_, next)| !self.wins(next, play))
            .map(|(m, _)| m)
            .collect()
    }
}

/// The brute force of a game on one heap whose every move makes the heap smaller (a
/// subtraction game, Bash, a one-heap game of an octal code that never splits): the values
/// and outcomes of the heaps `0..len`, each from the heaps below by the definitions, in a
/// table. The same questions as [`Oracle`], without hashing; heaps at or past `len` panic.
///
/// # Examples
///
/// ```ignore
/// // The subtraction game {1, 3, 4}: values 0 1 0 1 2 3 2, period 7.
/// let table = TableOracle::new(rules::subtraction(&[1, 3, 4]), 14);
/// assert_eq!(table.values().slice(..7), [0, 1, 0, 1, 2, 3, 2]);
/// ```
pub struct TableOracle<M, R> {
    rules: R,
    grundy: Vec<u128>,
    normal: Vec<bool>,
    misere: Vec<bool>,
    moves: PhantomData<fn() -> M>,
}

impl<M, R> Debug for TableOracle<M, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableOracle")
            .field("values", &self.grundy)
            .finish_non_exhaustive()
    }
}

impl<M, R> TableOracle<M, R>
where
    R: Fn(&u32) -> Vec<(M, u32)>,
{
    /// The table of the heaps `0..len` under `rules`.
    ///
    /// # Panics
    ///
    /// If a move does not make the heap smaller.
    pub fn new(rules: R, len: u32) -> Self {
        let mut grundy: Vec<u128> = Vec::new();
        let (mut normal, mut misere): (Vec<bool>, Vec<bool>) = (Vec::new(), Vec::new());
        for n in 0..len {
            let options: Vec<usize> = rules(&n)
                .into_iter()
                .map(|(_, q)| {
                    assert!(q < n, "a move from heap {n} to heap {q} does not shrink it");
                    q as usize
                })
                .collect();
            grundy.push(mex(options.iter().map(|&q| grundy[q])));
            normal.push(options.iter().any(|&q| !normal[q]));
            misere.push(options.is_empty() || options.iter().any(|&q| !misere[q]));
        }
        TableOracle {
            rules,
            grundy,
            normal,
            misere,
            moves: PhantomData,
        }
    }

    /// The Grundy values of the heaps `0..len`.
    pub fn values(&self) -> &[u128] {
        &self.grundy
    }

    /// The Grundy value of `heap`.
    pub fn grundy(&self, heap: u32) -> u128 {
        self.grundy[heap as usize]
    }

    /// Whether the player to move wins `heap` under `play`, by the game tree (as
    /// [`Oracle::wins`]).
    pub fn wins(&self, heap: u32, play: Play) -> bool {
        match play {
            Play::Normal => self.normal[heap as usize],
            Play::Misere => self.misere[heap as usize],
        }
    }

    /// Who wins `heap` under `play`.
    pub fn outcome(&self, heap: u32, play: Play) -> Outcome {
        outcome_of(self.wins(heap, play))
    }

    /// The moves of `heap` to a heap of Grundy value `target`.
    pub fn moves_to_value(&self, heap: u32, target: u128) -> BTreeSet<M>
    where
        M: Ord,
    {
        (self.rules)(&heap)
            .into_iter()
            .filter(|&(_, q)| self.grundy(q) == target)
            .map(|(m, _)| m)
            .collect()
    }

    /// The moves of `heap` grouped by the Grundy value of the heap each leads to.
    pub fn moves_by_value(&self, heap: u32) -> BTreeMap<u128, BTreeSet<M>>
    where
        M: Ord,
    {
        let mut by_value: BTreeMap<u128, BTreeSet<M>> = BTreeMap::new();
        for (m, q) in (self.rules)(&heap) {
            by_value.entry(self.grundy(q)).or_default().insert(m);
        }
        by_value
    }

    /// The winning moves of `heap` under `play`: to heaps the player to move then loses.
    pub fn winning_moves(&self, heap: u32, play: Play) -> BTreeSet<M>
    where
        M: Ord,
    {
        (self.rules)(&heap)
            .into_iter()
            .filter(|&(_, q)| !self.wins(q, play))
            .map(|(m, _)| m)
            .collect()
    }
}

/// One position being searched (by number): its options, and how many of them have been
/// looked at.
struct Frame {
    position: usize,
    options: Vec<usize>,
    next: usize,
}

/// The value `combine` gives `root` from its options' values, by a post-order search over
/// an explicit stack, memoised in `memo`; `options` lists the options of a position, all by
/// number.
fn search(
    options: &mut dyn FnMut(usize) -> Vec<usize>,
    memo: &mut Memo,
    root: usize,
    combine: fn(&[u128]) -> u128,
) -> u128 {
    let known = |memo: &Memo, position: usize| memo.get(position).copied().flatten();
    if let Some(value) = known(memo, root) {
        return value;
    }
    let mut frame = |position: usize| Frame {
        options: options(position),
        position,
        next: 0,
    };
    let mut on_path: HashSet<usize> = HashSet::from_iter([root]);
    let mut stack = vec![frame(root)];
    loop {
        let top = stack
            .last_mut()
            .expect("the root is on the stack until it is done");
        if let Some(&option) = top.options.get(top.next) {
            top.next += 1;
            if known(memo, option).is_some() {
                continue;
            }
            assert!(
                on_path.insert(option),
                "the rules have a cycle: a position is reached again from itself"
            );
            stack.push(frame(option));
        } else {
            let done = stack.pop().expect("the stack is not empty");
            let values: Vec<u128> = done
                .options
                .iter()
                .map(|&q| known(memo, q).expect("every option is done before its position"))
                .collect();
            let value = combine(&values);
            on_path.remove(&done.position);
            if memo.len() <= done.position {
                memo.resize(done.position + 1, None);
            }
            memo[done.position] = Some(value);
            if stack.is_empty() {
                return value;
            }
        }
    }
}

/// `G(0..len)` of a game on one heap whose moves `heap_moves` lists, each option worth the
/// XOR of the values of the heaps it leaves (the Sprague–Grundy theorem for one move).
pub fn definition(heap_moves: impl Fn(u32) -> Vec<(u32, Vec<u32>)>, len: u32) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let options = heap_moves(n)
            .into_iter()
            .map(|(_, left)| left.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .map(u128::from);
        g.push(mex(options) as u32);
    }
    g
}
