//! The pruning search: values from the questions "is `G + *n` a P-position?".

use crate::solve::Evaluator;
use crate::solve::solver::{Keyed, Table, key_of};
use crate::{DEFAULT_MOVE_LIMIT, DEFAULT_POSITION_LIMIT, Error, Game, Nimber, Outcome, Play};
use alloc::vec::Vec;
use core::fmt;
use core::ops::ControlFlow;
use foldhash::fast::FixedState;

/// The most positions, and moves, the search numbers: its indices are 32 bits.
const CEILING: usize = u32::MAX as usize;

/// What the search knows of one stored position's value.
#[derive(Clone, Copy, Debug)]
struct Facts {
    /// The position's key in the [`Table`].
    key: u32,
    /// The value is at least `lo` (and is `lo` when `exact`).
    lo: u32,
    /// Bit `i`: the value is not `lo + i` (bit 0 is clear unless `exact`).
    not: u64,
    /// The value is `lo`.
    exact: bool,
    /// How many moves the position has, once counted (`u32::MAX` before).
    size: u32,
    /// How many questions about this position are open on the stack through moves or parts
    /// (not counting its own questions about smaller nimbers): a question that meets an open
    /// position has gone round a cycle.
    open: u32,
}

impl Keyed for Facts {
    #[inline]
    fn key(&self) -> u32 {
        self.key
    }
}

impl Facts {
    fn new(key: u32) -> Facts {
        Facts {
            key,
            lo: 0,
            not: 0,
            exact: false,
            size: u32::MAX,
            open: 0,
        }
    }

    /// Whether the value is `n`, where the facts tell.
    #[inline]
    fn is(&self, n: u32) -> Option<bool> {
        if self.exact {
            Some(self.lo == n)
        } else if n < self.lo || (n - self.lo < 64 && self.not >> (n - self.lo) & 1 == 1) {
            Some(false)
        } else {
            None
        }
    }

    /// The value is not `n`.
    #[inline]
    fn rule_out(&mut self, n: u32) {
        if self.exact || n < self.lo || n - self.lo >= 64 {
            return;
        }
        self.not |= 1 << (n - self.lo);
        let shift = self.not.trailing_ones();
        // Every candidate below u32::MAX ruled out cannot happen: a value is at most the
        // number of options, which the move limit bounds below u32::MAX.
        self.lo = self.lo.saturating_add(shift);
        self.not = self.not.checked_shr(shift).unwrap_or(0);
    }

    /// The value is `n`.
    #[inline]
    fn settle(&mut self, n: u32) {
        self.lo = n;
        self.not = 0;
        self.exact = true;
    }
}

/// One task on the search's stack. Each answers its parent through the search's one return
/// register: a value, or 1 (P-position) and 0 (N-position) for a question.
#[derive(Debug)]
enum Task {
    /// The value of stored position `id`: ask its candidates, least first.
    Value { id: u32 },
    /// Is stored position `id` plus `*n` a P-position (is its value `n`)?
    Ask {
        id: u32,
        n: u32,
        /// Asked through a move or a part (its `open` count holds it), not by the position
        /// itself about a smaller nimber.
        opened: bool,
        /// Where the next option to ask about starts in the position's list of options, then
        /// (past the options) the next smaller nimber.
        next: usize,
        /// Past the options: asking the position about nimbers `m < n`.
        below: bool,
    },
    /// Is the value just found (of a position asked about a nimber far above what its facts
    /// hold) `n`?
    Compare { n: u32 },
    /// Is a position that split into `parts` plus `*n` a P-position? The parts but the last
    /// are valued, one after another, and the last is asked about `n` plus their values.
    Split {
        parts: Vec<u32>,
        /// How many of the parts but the last have been valued.
        done: usize,
        /// `n` plus the values found so far.
        n: u32,
    },
}

/// What setting up a question gave: its answer at once, or the tasks that find it (a task to
/// push below the first, if any, and the first).
enum Step {
    Answer(bool),
    Then(Option<Task>, Task),
}

/// A pruning search for any finite impartial [`Game`] under normal play: values, outcomes and
/// every winning move, found by asking "is this position plus `*n` a P-position?" and
/// stopping at the first option that answers.
///
/// See the [module docs](crate::search) for the method and for when to prefer it to the
/// [`Solver`](crate::Solver). It implements [`Evaluator`], so it answers the same questions
/// with the same names; misère play is [`Error::MisereUnsupported`] (the `Solver` searches
/// it).
///
/// # Laws
///
/// - `G(p) = n` ⇔ `p + *n` is a P-position ⇔ no option `q` of `p` has `G(q) = n` and every
///   `m < n` is the value of an option.
/// - A position that splits into parts ([`Game::parts`]) has the nim-sum of their values.
/// - Positions with one representative ([`Game::canonical`]) have one value.
///
/// # Algorithm
///
/// A depth-first search with an explicit stack (no recursion: a deep game cannot overflow the
/// call stack) of three kinds of task: *value* a position (ask it `*0`, `*1`, … until one is
/// its value), *ask* a position about `*n` (its options first, stopping at the first whose
/// answer is P, then the smaller nimbers), and *split* a position into parts (value all but
/// the part with the most moves, ask that one about `n` plus their values). A stored position
/// keeps its facts in 32 bytes: its value once known, else a lower bound and the 64
/// candidates above it that are ruled out, so that a question already answered, or implied,
/// costs one lookup. A position's options are listed while it is asked and dropped after.
///
/// # Complexity
///
/// At most that of the [`Solver`](crate::Solver) times the largest value asked about, and on
/// games that split far less: on Cram, the parts are asked questions and most positions are
/// never valued. Memory: the stored positions, one each per representative.
///
/// # Errors
///
/// The [`fault`](Game::fault) of a position that cannot list its moves;
/// [`Error::Cycle`] for a game that reaches a position again; [`Error::PositionLimit`]
/// and [`Error::SearchMoveLimit`] past the budgets. After an error the search keeps every
/// fact it has proven and answers later questions.
///
/// # Examples
///
/// ```
/// use core::ops::ControlFlow;
/// use grundy::prelude::*;
/// use grundy::search::Pruning;
///
/// #[derive(Clone, PartialEq, Eq, Hash, Debug)]
/// struct Pile(u32); // take 1, 3 or 4
///
/// impl Game for Pile {
///     type Move = u32;
///     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
///     where
///         F: FnMut(u32, Pile) -> ControlFlow<()>,
///     {
///         for take in [1, 3, 4] {
///             if take <= self.0 {
///                 visit(take, Pile(self.0 - take))?;
///             }
///         }
///         ControlFlow::Continue(())
///     }
/// }
///
/// let mut search = Pruning::new();
/// assert_eq!(search.outcome(&Pile(7), Play::Normal)?, Outcome::Previous);
/// assert_eq!(search.grundy(&Pile(10))?, Nimber::new(1));
/// let winning: Vec<u32> = search.winning_moves(&Pile(10), Play::Normal)?.collect();
/// assert_eq!(winning, [1, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Pruning<G: Game> {
    positions: Vec<G>,
    /// The options of each stored position while it is being asked about (see
    /// [`expand`](Pruning::expand)); dropped once its value is known.
    kids: Vec<Option<Vec<u32>>>,
    facts: Vec<Facts>,
    table: Table,
    hasher: FixedState,
    stack: Vec<Task>,
    position_limit: usize,
    move_limit: usize,
    moves: usize,
}

impl<G: Game> fmt::Debug for Pruning<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pruning")
            .field("positions", &self.positions.len())
            .field("position_limit", &self.position_limit)
            .field("move_limit", &self.move_limit)
            .finish()
    }
}

impl<G: Game> Default for Pruning<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Pruning<G> {
    /// A search with the default budgets: [`DEFAULT_POSITION_LIMIT`] stored positions and
    /// [`DEFAULT_MOVE_LIMIT`] moves listed in all.
    ///
    /// # Examples
    ///
    /// See [`Pruning`].
    pub fn new() -> Self {
        Self::with_position_limit(DEFAULT_POSITION_LIMIT)
    }

    /// A search that stores at most `limit` positions (at most `u32::MAX`); past it, a
    /// question is [`Error::PositionLimit`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::{Error, Evaluator};
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Pile(u32);
    /// # impl grundy::Game for Pile { type Move = u32;
    /// #   fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(&self, mut visit: F)
    /// #   -> ControlFlow<()> { if self.0 > 0 { visit(1, Pile(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut search = Pruning::with_position_limit(10);
    /// assert_eq!(search.grundy(&Pile(5))?.get(), 1);
    /// assert_eq!(search.grundy(&Pile(100)), Err(Error::PositionLimit { limit: 10 }));
    /// assert_eq!(search.grundy(&Pile(4))?.get(), 0); // what it proved stays
    /// # Ok::<(), Error>(())
    /// ```
    pub fn with_position_limit(limit: usize) -> Self {
        Pruning {
            positions: Vec::new(),
            kids: Vec::new(),
            facts: Vec::new(),
            table: Table::default(),
            hasher: FixedState::default(),
            stack: Vec::new(),
            position_limit: limit.min(CEILING),
            move_limit: DEFAULT_MOVE_LIMIT,
            moves: 0,
        }
    }

    /// The same search with at most `limit` moves listed in all (at most `u32::MAX`); past
    /// it, a question is [`Error::SearchMoveLimit`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use core::ops::ControlFlow;
    /// use grundy::search::Pruning;
    /// use grundy::{Error, Evaluator};
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct Pile(u32);
    /// # impl grundy::Game for Pile { type Move = u32;
    /// #   fn for_each_move<F: FnMut(u32, Pile) -> ControlFlow<()>>(&self, mut visit: F)
    /// #   -> ControlFlow<()> { if self.0 > 0 { visit(1, Pile(self.0 - 1))?; } ControlFlow::Continue(()) } }
    /// let mut search = Pruning::new().with_move_limit(10);
    /// assert_eq!(search.grundy(&Pile(100)), Err(Error::SearchMoveLimit { limit: 10 }));
    /// ```
    pub fn with_move_limit(mut self, limit: usize) -> Self {
        self.move_limit = limit.min(CEILING);
        self
    }

    /// How many positions are stored (one for each representative met).
    ///
    /// # Examples
    ///
    /// See [`Game::canonical`].
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether no position is stored.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[derive(Clone, PartialEq, Eq, Hash, Debug)] struct G;
    /// # impl grundy::Game for G { type Move = ();
    /// #   fn for_each_move<F: FnMut((), G) -> core::ops::ControlFlow<()>>(&self, _: F)
    /// #   -> core::ops::ControlFlow<()> { core::ops::ControlFlow::Continue(()) } }
    /// assert!(grundy::search::Pruning::<G>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The stored index of `position`'s representative, storing it if it is new.
    fn intern(&mut self, position: G) -> Result<u32, Error> {
        let position = match position.canonical() {
            Some(c) => c,
            None => position,
        };
        let key = key_of(&self.hasher, &position);
        let positions = &self.positions;
        match self.table.find(key, |i| positions[i] == position) {
            Ok(i) => Ok(i),
            Err(vacant) => {
                let i = self.positions.len();
                if i >= self.position_limit {
                    return Err(Error::PositionLimit {
                        limit: self.position_limit,
                    });
                }
                let too_big = || Error::OutOfMemory {
                    what: alloc::format!("{} stored positions", i + 1),
                };
                self.positions.try_reserve(1).map_err(|_| too_big())?;
                self.facts.try_reserve(1).map_err(|_| too_big())?;
                self.kids.try_reserve(1).map_err(|_| too_big())?;
                self.positions.push(position);
                self.kids.push(None);
                self.facts.push(Facts::new(key));
                self.table.insert(vacant, key, i as u32, &self.facts)?;
                Ok(i as u32)
            }
        }
    }

    /// The options of `position`, within the move budget.
    fn options(&mut self, position: &G) -> Result<Vec<G>, Error> {
        let mut options = Vec::new();
        let (limit, mut moves) = (self.move_limit, self.moves);
        let mut over = false;
        let flow = position.for_each_move(|_, next| {
            if moves >= limit {
                over = true;
                return ControlFlow::Break(());
            }
            moves += 1;
            options.push(next);
            ControlFlow::Continue(())
        });
        self.moves = moves;
        if over {
            return Err(Error::SearchMoveLimit { limit });
        }
        if flow.is_break() {
            return Err(position.fault().unwrap_or(Error::IncompleteMoves));
        }
        Ok(options)
    }

    /// How many moves `position` has (within the move budget): the measure by which the
    /// part left to be asked, rather than valued, is chosen.
    fn size(&mut self, id: u32) -> u32 {
        let f = self.facts[id as usize];
        if f.size != u32::MAX {
            return f.size;
        }
        let mut count = 0u32;
        let _ = self.positions[id as usize].for_each_move(|_, _| {
            count = count.saturating_add(1);
            ControlFlow::Continue(())
        });
        let count = count.min(u32::MAX - 1);
        self.facts[id as usize].size = count;
        count
    }

    /// The stored parts `position` splits into, all the way down (one part if it does not
    /// split).
    fn parts_of(&mut self, position: G) -> Result<Vec<u32>, Error> {
        let mut parts = Vec::new();
        let mut pending = alloc::vec![position];
        while let Some(p) = pending.pop() {
            match p.parts() {
                Some(split) if split.len() > 1 => pending.extend(split),
                _ => parts.push(self.intern(p)?),
            }
        }
        Ok(parts)
    }

    /// The task that answers "is `position` plus `*n` a P-position?", or the answer itself
    /// where the facts give it.
    fn question(&mut self, position: G, n: u32) -> Result<Step, Error> {
        let parts = self.parts_of(position)?;
        self.split(parts, 0, n)
    }

    /// Goes on with a split position's question: the parts from `done` on are not valued
    /// yet, `n` holds the values of those before.
    fn split(&mut self, mut parts: Vec<u32>, mut done: usize, mut n: u32) -> Result<Step, Error> {
        if done == 0 && parts.len() > 1 {
            // Fold in the parts whose values are known, then keep the part with the most
            // moves for last: it is asked, the others are valued.
            let facts = &self.facts;
            parts.retain(|&p| {
                let f = &facts[p as usize];
                if f.exact {
                    n ^= f.lo;
                }
                !f.exact
            });
            if parts.len() > 1 {
                let mut largest = (0, 0);
                for (i, &p) in parts.iter().enumerate() {
                    let size = self.size(p);
                    if size > largest.1 {
                        largest = (i, size);
                    }
                }
                let largest = largest.0;
                let last = parts.len() - 1;
                parts.swap(largest, last);
            }
        }
        if parts.is_empty() {
            return Ok(Step::Answer(n == 0));
        }
        while done + 1 < parts.len() {
            let f = &self.facts[parts[done] as usize];
            if !f.exact {
                let id = parts[done];
                self.open(id)?;
                return Ok(Step::Then(
                    Some(Task::Split { parts, done, n }),
                    Task::Value { id },
                ));
            }
            n ^= f.lo;
            done += 1;
        }
        let id = *parts.last().expect("a part");
        let f = self.facts[id as usize];
        if let Some(answer) = f.is(n) {
            return Ok(Step::Answer(answer));
        }
        self.open(id)?;
        if n - f.lo >= 64 {
            // Past the candidates the facts can hold: value the position once instead of
            // asking it questions whose answers could not be kept.
            return Ok(Step::Then(Some(Task::Compare { n }), Task::Value { id }));
        }
        Ok(Step::Then(
            None,
            Task::Ask {
                id,
                n,
                opened: true,
                next: 0,
                below: false,
            },
        ))
    }

    /// Marks a question about `id` open, or finds the cycle it closes.
    fn open(&mut self, id: u32) -> Result<(), Error> {
        let f = &mut self.facts[id as usize];
        if f.open > 0 {
            return Err(Error::Cycle);
        }
        f.open = 1;
        Ok(())
    }

    /// Runs the stack down from `task` and returns its answer.
    fn run(&mut self, task: Task) -> Result<u32, Error> {
        self.stack.push(task);
        let result = self.drive();
        if result.is_err() {
            // Close what the failed search left open; the facts it proved stay.
            self.close_pending();
        }
        result
    }

    /// Lists the options of stored position `id` once, as the stored parts of each: a
    /// count, then that many indices, an option after another.
    fn expand(&mut self, id: u32) -> Result<(), Error> {
        if self.kids[id as usize].is_some() {
            return Ok(());
        }
        let position = self.positions[id as usize].clone();
        let options = self.options(&position)?;
        let f = &mut self.facts[id as usize];
        if f.size == u32::MAX {
            // The measure `size` counts: the moves.
            f.size = u32::try_from(options.len()).unwrap_or(u32::MAX - 1);
        }
        // Options whose largest part has the fewest moves first: they are answered soonest,
        // and one answer P ends the question (on Cram, 4 × 9, a third of the positions).
        let mut listed = Vec::with_capacity(options.len());
        for option in options {
            let parts = self.parts_of(option)?;
            let mut largest = 0;
            for &p in &parts {
                largest = largest.max(self.size(p));
            }
            listed.push((largest, parts));
        }
        listed.sort_by_key(|(largest, _)| *largest);
        let mut kids = Vec::new();
        for (_, parts) in listed {
            kids.push(parts.len() as u32);
            kids.extend(parts);
        }
        self.kids[id as usize] = Some(kids);
        Ok(())
    }

    /// The parts of the option of `id` that starts at `at` in its list.
    fn option_parts(&self, id: u32, at: usize) -> Vec<u32> {
        let kids = self.kids[id as usize].as_deref().unwrap_or(&[]);
        let count = kids[at] as usize;
        kids[at + 1..at + 1 + count].to_vec()
    }

    /// Where the option after the one at `at` starts.
    fn skip_option(&self, id: u32, at: usize) -> usize {
        let kids = self.kids[id as usize].as_deref().unwrap_or(&[]);
        at + 1 + kids[at] as usize
    }

    /// Whether the facts already show an option of `id` that plus `*n` is a P-position.
    fn known_win(&self, id: u32, n: u32) -> bool {
        let kids = self.kids[id as usize].as_deref().unwrap_or(&[]);
        let mut at = 0;
        while at < kids.len() {
            let parts = &kids[at + 1..at + 1 + kids[at] as usize];
            at += 1 + parts.len();
            let mut rest = n;
            let mut unknown = None;
            let mut open = 0;
            for &p in parts {
                let f = &self.facts[p as usize];
                if f.exact {
                    rest ^= f.lo;
                } else {
                    unknown = Some(p);
                    open += 1;
                }
            }
            let p = match (open, unknown) {
                (0, _) => rest == 0,
                (1, Some(u)) => self.facts[u as usize].is(rest) == Some(true),
                _ => false,
            };
            if p {
                return true;
            }
        }
        false
    }

    /// Records the answer of the question "is `id` plus `*n` a P-position?" and closes it.
    fn finish(&mut self, id: u32, n: u32, opened: bool, p: bool) -> u32 {
        let f = &mut self.facts[id as usize];
        if p {
            f.settle(n);
        } else {
            f.rule_out(n);
        }
        if opened {
            f.open = 0;
        }
        if f.exact {
            // A position whose value is known is never asked about its options again.
            self.kids[id as usize] = None;
        }
        u32::from(p)
    }

    /// The loop of [`run`](Pruning::run): each task takes the answer of the task it waited
    /// for (`answer`), and either finishes with its own or starts another.
    fn drive(&mut self) -> Result<u32, Error> {
        let mut answer: Option<u32> = None;
        while let Some(task) = self.stack.pop() {
            match task {
                Task::Value { id } => {
                    let f = &mut self.facts[id as usize];
                    if answer.take() == Some(1) || f.exact {
                        f.open = 0;
                        answer = Some(f.lo);
                        continue;
                    }
                    let n = f.lo;
                    self.stack.push(Task::Value { id });
                    self.stack.push(Task::Ask {
                        id,
                        n,
                        opened: false,
                        next: 0,
                        below: false,
                    });
                }
                Task::Compare { n } => {
                    answer = Some(u32::from(answer.take() == Some(n)));
                }
                Task::Split { parts, done, n } => {
                    // The value of parts[done] is in.
                    let v = answer.take().expect("a value");
                    match self.split(parts, done + 1, n ^ v)? {
                        Step::Answer(p) => answer = Some(u32::from(p)),
                        Step::Then(below, next) => {
                            self.stack.extend(below);
                            self.stack.push(next);
                        }
                    }
                }
                Task::Ask {
                    id,
                    n,
                    opened,
                    mut next,
                    below,
                } => {
                    let got = answer.take();
                    if !below {
                        if got == Some(1) {
                            // An option plus *n is P: this one plus *n is N.
                            answer = Some(self.finish(id, n, opened, false));
                            continue;
                        }
                        if got.is_some() {
                            next = self.skip_option(id, next);
                        } else if let Some(known) = self.facts[id as usize].is(n) {
                            answer = Some(self.finish(id, n, opened, known));
                            continue;
                        } else {
                            self.expand(id)?;
                            next = 0;
                            // Every option whose answer the facts already give, first.
                            if self.known_win(id, n) {
                                answer = Some(self.finish(id, n, opened, false));
                                continue;
                            }
                        }
                        let mut waiting = None;
                        let mut found = false;
                        let len = self.kids[id as usize].as_ref().map_or(0, Vec::len);
                        while next < len {
                            let parts = self.option_parts(id, next);
                            match self.split(parts, 0, n)? {
                                Step::Answer(true) => {
                                    found = true;
                                    break;
                                }
                                Step::Answer(false) => next = self.skip_option(id, next),
                                Step::Then(below, task) => {
                                    waiting = Some((below, task));
                                    break;
                                }
                            }
                        }
                        if let Some((below, task)) = waiting {
                            self.stack.push(Task::Ask {
                                id,
                                n,
                                opened,
                                next,
                                below: false,
                            });
                            self.stack.extend(below);
                            self.stack.push(task);
                            continue;
                        }
                        if found {
                            answer = Some(self.finish(id, n, opened, false));
                            continue;
                        }
                        // No option has value n: the value is n unless it is smaller.
                    } else if got == Some(1) {
                        // The value is a smaller nimber (the question about it settled it).
                        answer = Some(self.finish(id, n, opened, false));
                        continue;
                    } else {
                        // The nimber asked, `next`, is not the value.
                        next += 1;
                    }
                    // Ask the position about every nimber below n not yet ruled out.
                    let f = &self.facts[id as usize];
                    if f.exact {
                        let known = f.lo == n;
                        answer = Some(self.finish(id, n, opened, known));
                        continue;
                    }
                    if !below {
                        next = f.lo as usize;
                    }
                    let mut m = (next as u32).max(f.lo);
                    while m < n && f.is(m) == Some(false) {
                        m += 1;
                    }
                    if m >= n {
                        answer = Some(self.finish(id, n, opened, true));
                        continue;
                    }
                    self.stack.push(Task::Ask {
                        id,
                        n,
                        opened,
                        next: m as usize,
                        below: true,
                    });
                    self.stack.push(Task::Ask {
                        id,
                        n: m,
                        opened: false,
                        next: 0,
                        below: false,
                    });
                }
            }
        }
        Ok(answer.expect("the answer of the first task"))
    }

    /// Whether `position` plus `*n` is a P-position.
    fn ask(&mut self, position: G, n: u32) -> Result<bool, Error> {
        match self.question(position, n) {
            Ok(Step::Answer(answer)) => Ok(answer),
            Ok(Step::Then(below, task)) => {
                self.stack.extend(below);
                self.run(task).map(|a| a == 1)
            }
            Err(e) => {
                self.close_pending();
                Err(e)
            }
        }
    }

    /// After an error while a question was being set up: closes what it opened.
    fn close_pending(&mut self) {
        for f in &mut self.facts {
            f.open = 0;
        }
        self.stack.clear();
    }
}

impl<G: Game> Evaluator<G> for Pruning<G> {
    type MovesTo<'a>
        = alloc::vec::IntoIter<G::Move>
    where
        G: 'a;

    fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        let parts = match self.parts_of(position.clone()) {
            Ok(parts) => parts,
            Err(e) => {
                self.close_pending();
                return Err(e);
            }
        };
        let mut total = 0u32;
        for id in parts {
            if let Err(e) = self.open(id) {
                self.close_pending();
                return Err(e);
            }
            total ^= self.run(Task::Value { id })?;
        }
        Ok(Nimber::from(total))
    }

    fn moves_to_value<'a>(
        &'a mut self,
        position: &'a G,
        target: Nimber,
    ) -> Result<Self::MovesTo<'a>, Error> {
        let mut moves = Vec::new();
        let Ok(target) = u32::try_from(target.get()) else {
            // No option has a value past u32::MAX: values are bounded by the move limit.
            return Ok(moves.into_iter());
        };
        let mut listed = Vec::new();
        let flow = position.for_each_move(|mv, next| {
            listed.push((mv, next));
            ControlFlow::Continue(())
        });
        if flow.is_break() {
            return Err(position.fault().unwrap_or(Error::IncompleteMoves));
        }
        for (mv, next) in listed {
            if self.ask(next, target)? {
                moves.push(mv);
            }
        }
        Ok(moves.into_iter())
    }

    fn outcome(&mut self, position: &G, play: Play) -> Result<Outcome, Error> {
        match play {
            Play::Normal => Ok(if self.ask(position.clone(), 0)? {
                Outcome::Previous
            } else {
                Outcome::Next
            }),
            Play::Misere => Err(Error::MisereUnsupported {
                game: crate::solve::short_type_name::<G>(),
            }),
        }
    }
}
