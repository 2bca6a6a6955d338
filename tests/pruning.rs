//! The pruning search (`grundy::search::Pruning`) against the brute force of `common` and the
//! `Solver`: values, outcomes and every winning move, on random games with parts, symmetry and
//! large values.

use crate::common;
use crate::xorshift::XorShift;

use common::rules;
use common::{Oracle, SmallDag, listed_once};
use core::ops::ControlFlow;
use grundy::prelude::*;
use grundy::search::Pruning;
use grundy::{Error, Evaluator};
use quickcheck::{QuickCheck, TestResult};
use std::cell::Cell;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Tokens on a directed acyclic graph: a move slides one token along an edge. The tokens are
/// kept sorted (the position is the multiset), so the game has the symmetry of swapping
/// tokens built in, and the parts are the single tokens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tokens {
    graph: Arc<SmallDag>,
    at: Vec<usize>,
}

impl Game for Tokens {
    type Move = (usize, usize); // (from, to)

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, usize), Tokens) -> ControlFlow<()>,
    {
        for (i, &v) in self.at.iter().enumerate() {
            if i > 0 && self.at[i - 1] == v {
                continue; // the same move as the token before
            }
            for &w in &self.graph.edges[v] {
                let mut at = self.at.clone();
                at[i] = w;
                at.sort_unstable();
                visit(
                    (v, w),
                    Tokens {
                        graph: Arc::clone(&self.graph),
                        at,
                    },
                )?;
            }
        }
        ControlFlow::Continue(())
    }

    fn parts(&self) -> Option<Vec<Tokens>> {
        (self.at.len() > 1).then(|| {
            self.at
                .iter()
                .map(|&v| Tokens {
                    graph: Arc::clone(&self.graph),
                    at: vec![v],
                })
                .collect()
        })
    }
}

fn tokens(graph: &Arc<SmallDag>, picks: &[u8]) -> Tokens {
    let mut at: Vec<usize> = picks
        .iter()
        .take(4)
        .map(|&p| usize::from(p) % graph.len())
        .collect();
    at.sort_unstable();
    Tokens {
        graph: Arc::clone(graph),
        at,
    }
}

#[test]
fn values_outcomes_and_winning_moves_agree_with_the_brute_force_and_the_solver() {
    fn prop(graph: SmallDag, picks: Vec<u8>, target: u8) -> TestResult {
        if picks.is_empty() || graph.len() == 0 {
            return TestResult::discard();
        }
        let graph = Arc::new(graph);
        let position = tokens(&graph, &picks);
        let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
        let brute = oracle.grundy(&position.at);
        let mut search = Pruning::new();
        let mut solver = Solver::new();
        let value = search.grundy(&position).unwrap().get();
        let outcome = search.outcome(&position, Play::Normal).unwrap();
        // A fresh search answers the outcome alone, by the pruned question.
        let fresh = Pruning::new().outcome(&position, Play::Normal).unwrap();
        let wins: BTreeSet<(usize, usize)> =
            listed_once(search.winning_moves(&position, Play::Normal).unwrap());
        let target = Nimber::new(u128::from(target % 6));
        let to_target: BTreeSet<(usize, usize)> =
            listed_once(search.moves_to_value(&position, target).unwrap());
        let by_solver: BTreeSet<(usize, usize)> =
            listed_once(solver.moves_to_value(&position, target).unwrap());
        // The brute force's moves name the component; the game's name the vertices.
        let named = |set: BTreeSet<(usize, usize)>| -> BTreeSet<(usize, usize)> {
            set.into_iter().map(|(i, w)| (position.at[i], w)).collect()
        };
        let brute_wins = named(oracle.winning_moves(&position.at, Play::Normal));
        let brute_to = named(oracle.moves_to_value(&position.at, target.get()));
        TestResult::from_bool(
            value == brute
                && solver.grundy(&position).unwrap().get() == brute
                && outcome == Outcome::from_grundy(Nimber::new(brute))
                && fresh == outcome
                && wins == brute_wins
                && to_target == brute_to
                && by_solver == brute_to,
        )
    }
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .max_tests(20_000)
        .quickcheck(prop as fn(SmallDag, Vec<u8>, u8) -> TestResult);
}

/// The tokens of [`Tokens`], split coarsely: the first token, and all the others as one part,
/// which splits again. The search takes a part as it is (`Game::parts` asks for the finest
/// split), so the part of several tokens is searched whole: still exact.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Coarse(Tokens);

impl Game for Coarse {
    type Move = (usize, usize);

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, usize), Coarse) -> ControlFlow<()>,
    {
        self.0.for_each_move(|mv, next| visit(mv, Coarse(next)))
    }

    fn parts(&self) -> Option<Vec<Coarse>> {
        let (first, rest) = self.0.at.split_first()?;
        (!rest.is_empty()).then(|| {
            [vec![*first], rest.to_vec()]
                .into_iter()
                .map(|at| {
                    Coarse(Tokens {
                        graph: Arc::clone(&self.0.graph),
                        at,
                    })
                })
                .collect()
        })
    }
}

#[test]
fn parts_that_split_again_are_searched_whole_and_exactly() {
    fn prop(graph: SmallDag, picks: Vec<u8>, target: u8) -> TestResult {
        if picks.len() < 3 || graph.len() == 0 {
            return TestResult::discard();
        }
        let graph = Arc::new(graph);
        let position = Coarse(tokens(&graph, &picks));
        let at = position.0.at.clone();
        let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
        let mut search = Pruning::new();
        let target = u128::from(target % 6);
        let named = |set: BTreeSet<(usize, usize)>| -> BTreeSet<(usize, usize)> {
            set.into_iter().map(|(i, w)| (at[i], w)).collect()
        };
        let value = search.grundy(&position).unwrap().get();
        let wins: BTreeSet<(usize, usize)> =
            listed_once(search.winning_moves(&position, Play::Normal).unwrap());
        let to_target: BTreeSet<(usize, usize)> = listed_once(
            Pruning::new()
                .moves_to_value(&position, Nimber::new(target))
                .unwrap(),
        );
        TestResult::from_bool(
            value == oracle.grundy(&at)
                && wins == named(oracle.winning_moves(&at, Play::Normal))
                && to_target == named(oracle.moves_to_value(&at, target)),
        )
    }
    QuickCheck::new()
        .tests(common::scale::cases(200))
        .max_tests(20_000)
        .quickcheck(prop as fn(SmallDag, Vec<u8>, u8) -> TestResult);
}

/// One search answers many questions in any order, each from what the others proved.
#[test]
fn one_search_answers_every_vertex_in_any_order() {
    fn prop(graph: SmallDag, order: Vec<u8>) -> TestResult {
        if graph.len() == 0 {
            return TestResult::discard();
        }
        let graph = Arc::new(graph);
        let mut oracle = Oracle::new(rules::dag(graph.edges.clone()));
        let mut search = Pruning::new();
        for &p in order.iter().chain(&[0, 1, 2, 3]) {
            let v = usize::from(p) % graph.len();
            let position = tokens(&graph, &[p]);
            if p % 2 == 0 {
                if search.outcome(&position, Play::Normal).unwrap()
                    != oracle.outcome(&v, Play::Normal)
                {
                    return TestResult::failed();
                }
            } else if search.grundy(&position).unwrap().get() != oracle.grundy(&v) {
                return TestResult::failed();
            }
        }
        TestResult::passed()
    }
    QuickCheck::new()
        .tests(common::scale::cases(1000))
        .quickcheck(prop as fn(SmallDag, Vec<u8>) -> TestResult);
}

/// A pile from which a move takes any number: the value of a pile of `n` is `n`, far past
/// the 64 candidates a stored position keeps beside its lower bound.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heap(u32);

impl Game for Heap {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Heap) -> ControlFlow<()>,
    {
        for to in (0..self.0).rev() {
            visit(to, Heap(to))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn large_values_are_exact() {
    let mut search = Pruning::new();
    for n in [0, 1, 63, 64, 65, 130, 200] {
        assert_eq!(
            search.grundy(&Heap(n)).unwrap(),
            Nimber::new(n.into()),
            "{n}"
        );
    }
    // A fresh search asked the outcome of a big heap stops at the first move, to heap 0.
    let mut fresh = Pruning::new();
    assert_eq!(
        fresh.outcome(&Heap(150), Play::Normal).unwrap(),
        Outcome::Next
    );
    let wins: Vec<u32> = fresh
        .winning_moves(&Heap(150), Play::Normal)
        .unwrap()
        .collect();
    assert_eq!(wins, [0]);
    let to_70: Vec<u32> = fresh
        .moves_to_value(&Heap(150), Nimber::new(70))
        .unwrap()
        .collect();
    assert_eq!(to_70, [70]);
}

/// Kayles rows, split into rows, with each row its own mirror image: values against the
/// textbook table computed here by the mex over every knock-down.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pins(Vec<u32>);

impl Game for Pins {
    type Move = (u32, u32, u32); // (row, first pin knocked, pins knocked)
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Pins) -> ControlFlow<()>,
    {
        for (i, &n) in self.0.iter().enumerate() {
            if i > 0 && self.0[i - 1] == n {
                continue;
            }
            for take in 1..=n.min(2) {
                for left in 0..=n - take {
                    let mut rows = self.0.clone();
                    rows.remove(i);
                    rows.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
                    rows.sort_unstable();
                    visit((n, left, take), Pins(rows))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
    fn parts(&self) -> Option<Vec<Pins>> {
        (self.0.len() > 1).then(|| self.0.iter().map(|&n| Pins(vec![n])).collect())
    }
}

fn kayles_table(len: usize) -> Vec<u32> {
    let mut g = vec![0u32; len];
    for n in 1..len {
        let mut seen = BTreeSet::new();
        for take in 1..=n.min(2) {
            for left in 0..=n - take {
                seen.insert(g[left] ^ g[n - take - left]);
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    g
}

#[test]
fn kayles_rows_split_into_rows() {
    let g = kayles_table(60);
    let mut search = Pruning::new();
    for n in 0..60u32 {
        assert_eq!(
            search.grundy(&Pins(vec![n])).unwrap().get(),
            u128::from(g[n as usize])
        );
    }
    let rows = Pins(vec![5, 9, 17, 30, 44]);
    let total = [5usize, 9, 17, 30, 44].iter().fold(0, |x, &r| x ^ g[r]);
    assert_eq!(search.grundy(&rows).unwrap().get(), u128::from(total));
    let mut fresh = Pruning::new();
    for mv in fresh.winning_moves(&rows, Play::Normal).unwrap() {
        let after = rows.play(mv).unwrap();
        let value = after.0.iter().fold(0, |x, &r| x ^ g[r as usize]);
        assert_eq!(value, 0, "{mv:?}");
    }
}

/// Two piles, a move takes one counter from one of them or from both: `(a, b)` and `(b, a)`
/// are one game, said by `canonical`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pair(u32, u32);

impl Game for Pair {
    type Move = (u32, u32); // what is taken from each
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Self::Move, Pair) -> ControlFlow<()>,
    {
        for (x, y) in [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)] {
            if x <= self.0 && y <= self.1 {
                visit((x, y), Pair(self.0 - x, self.1 - y))?;
            }
        }
        ControlFlow::Continue(())
    }
    fn canonical(&self) -> Option<Pair> {
        (self.0 > self.1).then_some(Pair(self.1, self.0))
    }
}

#[test]
fn positions_equal_by_symmetry_share_an_entry_and_moves_stay_the_users() {
    let edges = |&(a, b): &(u32, u32)| -> Vec<((u32, u32), (u32, u32))> {
        [(1, 0), (0, 1), (1, 1), (2, 0), (0, 2)]
            .into_iter()
            .filter(|&(x, y)| x <= a && y <= b)
            .map(|(x, y)| ((x, y), (a - x, b - y)))
            .collect()
    };
    let mut oracle = Oracle::new(edges);
    let mut search = Pruning::new();
    for a in 0..25 {
        for b in 0..25 {
            let value = search.grundy(&Pair(a, b)).unwrap().get();
            assert_eq!(value, oracle.grundy(&(a, b)), "{a} {b}");
            let wins: BTreeSet<(u32, u32)> =
                listed_once(search.winning_moves(&Pair(a, b), Play::Normal).unwrap());
            assert_eq!(wins, oracle.winning_moves(&(a, b), Play::Normal), "{a} {b}");
        }
    }
    // One entry for each unordered pair.
    assert_eq!(search.len(), 25 * 26 / 2);
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Loop(u8);

impl Game for Loop {
    type Move = u8;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Loop) -> ControlFlow<()>,
    {
        // 3 → 2 → 1 → 3 is a cycle; 0 and 4 (→ 0) are not on it.
        let next = match self.0 {
            1 => 3,
            2 => 1,
            3 => 2,
            4 => 0,
            _ => return ControlFlow::Continue(()),
        };
        visit(next, Loop(next))
    }
}

#[test]
fn a_cycle_is_an_error_and_the_search_goes_on() {
    let mut search = Pruning::new();
    assert_eq!(search.grundy(&Loop(3)), Err(Error::Cycle));
    assert_eq!(search.outcome(&Loop(2), Play::Normal), Err(Error::Cycle));
    assert_eq!(search.grundy(&Loop(4)).unwrap(), Nimber::ONE);
    assert_eq!(
        search
            .winning_moves(&Loop(4), Play::Normal)
            .unwrap()
            .collect::<Vec<_>>(),
        [0]
    );
}

/// Tokens on the graph of [`Loop`], one part each: a position split into equal parts on the
/// cycle has no value (play need never end). The search cancelled two equal parts unvalued
/// (`G + G = 0`, which holds for a finite `G` only), so it answered `Previous` for two tokens
/// on the cycle, and listed moves to such a pair as winning.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct LoopTokens(Vec<u8>);

impl Game for LoopTokens {
    type Move = (usize, u8);
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, u8), LoopTokens) -> ControlFlow<()>,
    {
        for (i, &t) in self.0.iter().enumerate() {
            Loop(t).for_each_move(|to, _| {
                let mut tokens = self.0.clone();
                tokens[i] = to;
                tokens.sort_unstable();
                visit((i, to), LoopTokens(tokens))
            })?;
        }
        ControlFlow::Continue(())
    }

    fn parts(&self) -> Option<Vec<LoopTokens>> {
        (self.0.len() >= 2).then(|| self.0.iter().map(|&t| LoopTokens(vec![t])).collect())
    }
}

#[test]
fn equal_parts_on_a_cycle_are_a_cycle_not_a_cancelled_pair() {
    for tokens in [
        vec![3, 3],
        vec![2, 2, 0],
        vec![1, 1, 4],
        vec![1, 1, 2, 2],
        vec![2, 3],
        vec![0, 3],
    ] {
        let position = LoopTokens(tokens);
        let mut search = Pruning::new();
        assert_eq!(
            search.outcome(&position, Play::Normal),
            Err(Error::Cycle),
            "{position:?}"
        );
        assert_eq!(search.grundy(&position), Err(Error::Cycle), "{position:?}");
        assert!(
            matches!(
                search.winning_moves(&position, Play::Normal),
                Err(Error::Cycle)
            ),
            "{position:?}"
        );
        assert_eq!(Solver::new().grundy(&position), Err(Error::Cycle));
    }
    // Equal parts off the cycle still cancel, through their values: 4 + 4 + 0 is P, and
    // so is 0 + 0.
    let mut search = Pruning::new();
    for (tokens, outcome) in [
        (vec![4, 4], Outcome::Previous),
        (vec![0, 0], Outcome::Previous),
        (vec![0, 4, 4], Outcome::Previous),
        (vec![0, 4], Outcome::Next),
    ] {
        let position = LoopTokens(tokens);
        assert_eq!(
            search.outcome(&position, Play::Normal).unwrap(),
            outcome,
            "{position:?}"
        );
        assert_eq!(
            search.grundy(&position).unwrap(),
            Solver::new().grundy(&position).unwrap()
        );
    }
}

#[test]
fn budgets_are_errors_and_the_search_goes_on() {
    let mut search = Pruning::with_position_limit(20);
    assert_eq!(search.grundy(&Heap(10)).unwrap(), Nimber::new(10));
    // Heap 40 lists 40 options, more than the limit: its listing stops at 20 distinct ones.
    assert_eq!(
        search.grundy(&Heap(40)),
        Err(Error::PositionLimit { limit: 20 })
    );
    assert!(search.len() <= 20);
    // What it proved before the limit still answers.
    assert_eq!(search.grundy(&Heap(10)).unwrap(), Nimber::new(10));
    assert_eq!(
        search.outcome(&Heap(9), Play::Normal).unwrap(),
        Outcome::Next
    );
    let mut search = Pruning::new().with_move_limit(100);
    assert_eq!(
        search.grundy(&Heap(30)),
        Err(Error::SearchMoveLimit { limit: 100 })
    );
    assert_eq!(
        Pruning::new().outcome(&Heap(3), Play::Misere),
        Err(Error::MisereUnsupported { game: "Heap" })
    );
}

/// A pile from which a move takes one counter or two, of any unsigned width: the value is the
/// pile modulo 3, and a question about a pile of `n` opens about `n` questions at once. As
/// `OneOrTwo<u16>` a position of 2 bytes, which the entries' array pads to 4 beside its facts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct OneOrTwo<T>(T);

impl<T> Game for OneOrTwo<T>
where
    T: Copy + Ord + core::hash::Hash + core::fmt::Debug + From<u8> + core::ops::Sub<Output = T>,
{
    type Move = T;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(T, OneOrTwo<T>) -> ControlFlow<()>,
    {
        for take in [T::from(1), T::from(2)] {
            if take <= self.0 {
                visit(take, OneOrTwo(self.0 - take))?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn a_deep_game_does_not_overflow_the_stack() {
    // Three hundred thousand moves deep.
    let mut search = Pruning::new();
    assert_eq!(
        search.grundy(&OneOrTwo(300_000u32)).unwrap(),
        Nimber::new(0)
    );
    assert_eq!(
        search.grundy(&OneOrTwo(300_001u32)).unwrap(),
        Nimber::new(1)
    );
}

/// A fan: the root (`Fan(None)`) moves to any nim heap below `FAN`; a heap `Fan(Some(h))`
/// to any smaller one.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Fan(Option<u32>);

/// The root's options.
const FAN: u32 = 40;

impl Game for Fan {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Fan) -> ControlFlow<()>,
    {
        for h in 0..self.0.unwrap_or(FAN) {
            visit(h, Fan(Some(h)))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn options_never_asked_are_never_stored() {
    let root = Fan(None);
    let mut solver = Solver::new();
    let mut search = Pruning::new();
    // The empty heap, the option of fewest moves, is asked first and is P: the root is N,
    // and of its 40 options only that one is stored.
    let outcome = search.outcome(&root, Play::Normal).unwrap();
    assert_eq!(outcome, solver.outcome(&root, Play::Normal).unwrap());
    assert_eq!(search.len(), 2, "the root and the empty heap");
    // Its value needs every option: then they are stored, and the answers are the Solver's.
    assert_eq!(search.grundy(&root).unwrap(), solver.grundy(&root).unwrap());
    assert_eq!(search.len(), FAN as usize + 1);
    let winning: Vec<u32> = search.winning_moves(&root, Play::Normal).unwrap().collect();
    let expected: Vec<u32> = solver.winning_moves(&root, Play::Normal).unwrap().collect();
    assert_eq!(winning, expected);
}

/// A nim heap (every smaller heap is an option) that gives no measure, so that the search
/// counts its moves to order its options, and that counts in [`HANDED`] every move it hands
/// out.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Counted(u32);

thread_local! {
    /// The moves `Counted` handed out on this thread (a test runs on a thread of its own).
    static HANDED: Cell<usize> = const { Cell::new(0) };
}

impl Game for Counted {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Counted) -> ControlFlow<()>,
    {
        for to in 0..self.0 {
            HANDED.with(|h| h.set(h.get() + 1));
            visit(to, Counted(to))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn the_move_limit_bounds_every_move_listed_the_measures_too() {
    // Heap 2000's listing hands out 2000 moves; counting the moves of each of its options,
    // to order them, hands out two million more: the limit stops those too (it did not, and
    // the search handed out 2,009,001 moves under a limit of 10,000).
    for (heap, limit) in [(2000, 10_000), (5000, 10_000), (300, 1000), (40, 100)] {
        HANDED.with(|h| h.set(0));
        let mut search = Pruning::new().with_move_limit(limit);
        assert_eq!(
            search.grundy(&Counted(heap)),
            Err(Error::SearchMoveLimit { limit })
        );
        assert_eq!(search.moves(), limit);
        // The one move past the limit is handed out, and refused.
        assert_eq!(HANDED.with(Cell::get), limit + 1, "heap {heap}");
    }
    // The moves of the position whose winning moves are asked count too.
    HANDED.with(|h| h.set(0));
    let mut search = Pruning::new().with_move_limit(50);
    let found = search
        .winning_moves(&Counted(1000), Play::Normal)
        .map(|_| ());
    assert_eq!(found, Err(Error::SearchMoveLimit { limit: 50 }));
    assert_eq!(HANDED.with(Cell::get), 51);
    // Within the limit the answers are exact, and `moves` is every move handed out.
    HANDED.with(|h| h.set(0));
    let mut search = Pruning::new();
    assert_eq!(search.grundy(&Counted(60)).unwrap(), Nimber::new(60));
    let winning: Vec<u32> = search
        .winning_moves(&Counted(60), Play::Normal)
        .unwrap()
        .collect();
    assert_eq!(winning, [0]);
    assert_eq!(search.moves(), HANDED.with(Cell::get));
}

thread_local! {
    /// The `Held` heaps alive on this thread, and the most alive at once.
    static ALIVE: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// A nim heap (every smaller heap is an option, the largest first) that measures its size and
/// counts in [`ALIVE`] how many of it are alive: the positions a search holds, whether stored
/// or listed.
#[derive(PartialEq, Eq, Hash, Debug)]
struct Held(u32);

impl Held {
    fn new(heap: u32) -> Held {
        ALIVE.with(|a| {
            let (now, most) = a.get();
            a.set((now + 1, most.max(now + 1)));
        });
        Held(heap)
    }

    /// The most alive at once since the last call, which starts the count again from those
    /// alive now.
    fn most_alive() -> usize {
        ALIVE.with(|a| {
            let (now, most) = a.get();
            a.set((now, now));
            most
        })
    }
}

impl Clone for Held {
    fn clone(&self) -> Held {
        Held::new(self.0)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        ALIVE.with(|a| {
            let (now, most) = a.get();
            a.set((now - 1, most));
        });
    }
}

impl Game for Held {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Held) -> ControlFlow<()>,
    {
        for to in (0..self.0).rev() {
            visit(to, Held::new(to))?;
        }
        ControlFlow::Continue(())
    }

    fn measure(&self) -> Option<u64> {
        Some(u64::from(self.0))
    }
}

#[test]
fn the_position_limit_bounds_the_options_a_listing_holds() {
    // Heap 200,000 under a limit of 10 positions: its listing held all 200,000 options
    // before a question reached one (2,000,000 took 100 MB); it stops at 10 distinct ones,
    // as the Solver's listing does, and holds the root and those.
    let root = Held::new(200_000);
    Held::most_alive();
    let mut search = Pruning::with_position_limit(10);
    assert_eq!(
        search.grundy(&root),
        Err(Error::PositionLimit { limit: 10 })
    );
    let held = Held::most_alive();
    assert!(held <= 1 + 2 * 10, "{held} heaps held at once");
    // The search goes on, within the limit.
    assert_eq!(search.grundy(&Held::new(5)).unwrap(), Nimber::new(5));
    let mut solver = Solver::with_position_limit(10);
    assert_eq!(
        solver.grundy(&root),
        Err(Error::PositionLimit { limit: 10 })
    );
}

/// A position with many moves to two positions, counted in [`ALIVE`] through a [`Held`] it
/// carries: `Spread(n)` for `n` ≥ 2 has `n` moves, the last to `Spread(1)` (a move to
/// `Spread(0)`: `*1`) and the others to `Spread(0)` (no move).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Spread(u32, Held);

impl Spread {
    fn new(n: u32) -> Spread {
        Spread(n, Held::new(0))
    }
}

impl Game for Spread {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Spread) -> ControlFlow<()>,
    {
        match self.0 {
            0 => {}
            1 => visit(0, Spread::new(0))?,
            n => {
                for i in 0..n {
                    visit(i, Spread::new(u32::from(i == n - 1)))?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn the_moves_to_a_value_are_looked_up_as_listed_not_held() {
    // A million moves, one of them to *1: the search and the Solver held every option of
    // the position (the move and the position it leads to) before looking any up; they now
    // look each up as the game lists it, and hold the moves found.
    let root = Spread::new(1_000_000);
    Held::most_alive();
    let mut search = Pruning::new();
    let to_one: Vec<u32> = search
        .moves_to_value(&root, Nimber::new(1))
        .unwrap()
        .collect();
    assert_eq!(to_one, [999_999]);
    let held = Held::most_alive();
    assert!(held <= 8, "{held} positions held at once");
    // The Solver lists the position's options once to solve it (its position limit drops
    // their repeats as they come), and once again to find the moves.
    let mut solver = Solver::with_position_limit(10);
    let to_one: Vec<u32> = solver
        .moves_to_value(&root, Nimber::new(1))
        .unwrap()
        .collect();
    assert_eq!(to_one, [999_999]);
    let held = Held::most_alive();
    assert!(held <= 1 + 2 * 10 + 4, "{held} positions held at once");
    assert_eq!(solver.grundy(&root).unwrap(), Nimber::new(2));
    assert_eq!(search.grundy(&root).unwrap(), Nimber::new(2));
}

/// A position with many moves to few positions: `Fanned(n)` has `n` moves, to the heaps
/// below 3 (`Fanned(0)`, `Fanned(1)`, `Fanned(2)`: nim heaps of those sizes), in turn.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Fanned(u32);

impl Game for Fanned {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Fanned) -> ControlFlow<()>,
    {
        let heaps = if self.0 > 2 { 3 } else { self.0 };
        for i in 0..self.0 {
            visit(i, Fanned(i % heaps))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn the_position_limit_counts_positions_not_moves() {
    // 10,000 moves to three positions: a limit of 10 is enough, for the search as for the
    // Solver (the listing drops the repeats of its options each time it holds 10 more).
    let mut search = Pruning::with_position_limit(10);
    assert_eq!(search.grundy(&Fanned(10_000)).unwrap(), Nimber::new(3));
    assert_eq!(
        Solver::with_position_limit(10)
            .grundy(&Fanned(10_000))
            .unwrap(),
        Nimber::new(3)
    );
    // Every move to the empty heap wins, each of the 3,334 that the game lists.
    let winning: Vec<u32> = search
        .winning_moves(&Fanned(10_000), Play::Normal)
        .unwrap()
        .collect();
    assert_eq!(winning, (0..10_000).step_by(3).collect::<Vec<u32>>());
}

#[test]
fn the_memory_limit_bounds_the_options_a_listing_holds() {
    // Heap 200,000 under a limit of 64 KiB: its listing held all 200,000 options (a heap of
    // 2,000,000 took 116 MB, and `bytes` said 99 MB after the error); it stops when its
    // buffers would pass the room the limit leaves them, and gives it back.
    let limit = 64 << 10;
    let root = Held::new(200_000);
    Held::most_alive();
    let mut search = Pruning::new()
        .with_memory_limit(limit)
        .with_move_limit(usize::MAX);
    let err = search.grundy(&root).unwrap_err();
    assert!(
        matches!(err, Error::SearchMemoryLimit { limit: l, open } if l == limit && open > 0),
        "{err:?}"
    );
    assert!(search.bytes() <= limit, "{} bytes held", search.bytes());
    let held = Held::most_alive();
    let most = limit / core::mem::size_of::<(Held, u32)>();
    assert!(held <= most, "{held} heaps held at once, more than {most}");
    // The search goes on, and what fits is answered.
    assert_eq!(search.grundy(&Held::new(300)).unwrap(), Nimber::new(300));
    assert!(search.bytes() <= limit, "{} bytes held", search.bytes());
}

thread_local! {
    /// The bytes the `Heavy` positions alive on this thread own, and the most at once.
    static OWNED: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// Piles of tokens in a `Vec` with room for 256 piles (1 KiB on the heap, which it reports in
/// [`Game::owned_bytes`] and counts in [`OWNED`]; or the room it is made with, which its
/// options and clones keep): a move takes from 1 to `most` tokens from one pile, so the value
/// is the nim-sum of each pile modulo `most + 1`.
#[derive(PartialEq, Eq, Hash, Debug)]
struct Heavy {
    piles: Vec<u32>,
    most: u32,
}

impl Heavy {
    fn new(piles: &[u32], most: u32) -> Heavy {
        Heavy::with_room(piles, most, 256)
    }

    fn with_room(piles: &[u32], most: u32, room: usize) -> Heavy {
        let mut held = Vec::with_capacity(room);
        held.extend_from_slice(piles);
        let bytes = held.capacity() * core::mem::size_of::<u32>();
        OWNED.with(|o| {
            let (now, peak) = o.get();
            o.set((now + bytes, peak.max(now + bytes)));
        });
        Heavy { piles: held, most }
    }

    /// The value, from the rule: each pile modulo `most + 1`, nim-summed.
    fn value(&self) -> u32 {
        let period = u64::from(self.most) + 1;
        self.piles
            .iter()
            .fold(0, |all, &p| all ^ (u64::from(p) % period) as u32)
    }

    /// The most bytes owned at once since the last call, which starts the count again from
    /// those owned now.
    fn most_owned() -> usize {
        OWNED.with(|o| {
            let (now, peak) = o.get();
            o.set((now, now));
            peak
        })
    }
}

impl Clone for Heavy {
    fn clone(&self) -> Heavy {
        Heavy::with_room(&self.piles, self.most, self.piles.capacity())
    }
}

impl Drop for Heavy {
    fn drop(&mut self) {
        let bytes = self.piles.capacity() * core::mem::size_of::<u32>();
        OWNED.with(|o| {
            let (now, peak) = o.get();
            o.set((now - bytes, peak));
        });
    }
}

impl Game for Heavy {
    type Move = (usize, u32);
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, u32), Heavy) -> ControlFlow<()>,
    {
        let mut piles = self.piles.clone();
        for i in 0..piles.len() {
            let pile = piles[i];
            for take in 1..=pile.min(self.most) {
                piles[i] = pile - take;
                visit(
                    (i, take),
                    Heavy::with_room(&piles, self.most, self.piles.capacity()),
                )?;
            }
            piles[i] = pile;
        }
        ControlFlow::Continue(())
    }

    fn owned_bytes(&self) -> usize {
        self.piles.capacity() * core::mem::size_of::<u32>()
    }
}

#[test]
fn the_memory_limit_counts_what_the_positions_own() {
    // Two piles of up to 40, take 1 to 3: 1,681 positions of 1 KiB each on the heap. Under a
    // limit of 1.5 MiB the search kept its entries by their own bytes (all of them, 1.7 MB
    // owned); now what they own takes the place of entries. (The open questions of 40 and 40
    // hold about 250 options listed and not stored yet: 1 MiB is too little for them.)
    let limit = 3 << 19;
    let mut search = Pruning::new().with_memory_limit(limit);
    Heavy::most_owned();
    for (a, b) in [(40, 40), (40, 39), (17, 33), (40, 38), (1, 2), (39, 39)] {
        let position = Heavy::new(&[a, b], 3);
        assert_eq!(
            search.grundy(&position).unwrap(),
            Nimber::new(position.value().into()),
            "{a} and {b}"
        );
        let owned = Heavy::most_owned();
        assert!(owned <= limit, "{owned} bytes owned at once by {a} and {b}");
        assert!(search.bytes() <= limit, "{} bytes held", search.bytes());
        let winning: Vec<_> = search
            .winning_moves(&position, Play::Normal)
            .unwrap()
            .collect();
        let expected: Vec<_> = (0..2usize)
            .flat_map(|i| (1..=position.piles[i].min(3)).map(move |take| (i, take)))
            .filter(|&(i, take)| {
                let mut piles = position.piles.clone();
                piles[i] -= take;
                Heavy::new(&piles, 3).value() == 0
            })
            .collect();
        assert_eq!(winning, expected, "{a} and {b}");
    }
    assert!(search.forgotten() > 0);
    // With no limit, every entry is counted with its kilobyte.
    let mut whole = Pruning::new();
    assert_eq!(
        whole.grundy(&Heavy::new(&[40, 40], 3)).unwrap(),
        Nimber::ZERO
    );
    assert!(whole.len() > 500, "{} stored", whole.len());
    assert!(
        whole.bytes() >= whole.len() << 10,
        "{} bytes",
        whole.bytes()
    );
}

/// A row of `Heavy` piles that splits into one part a pile, each part with the row's room.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct HeavyRow(Heavy);

impl Game for HeavyRow {
    type Move = (usize, u32);
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, u32), HeavyRow) -> ControlFlow<()>,
    {
        self.0.for_each_move(|mv, next| visit(mv, HeavyRow(next)))
    }

    fn parts(&self) -> Option<Vec<HeavyRow>> {
        let (piles, most, room) = (&self.0.piles, self.0.most, self.0.piles.capacity());
        (piles.len() >= 2).then(|| {
            piles
                .iter()
                .map(|&p| HeavyRow(Heavy::with_room(&[p], most, room)))
                .collect()
        })
    }

    fn owned_bytes(&self) -> usize {
        self.0.owned_bytes()
    }
}

#[test]
fn the_parts_of_a_position_valued_count_against_the_memory_limit() {
    // `grundy` splits a position into its parts at once and holds them by value until each
    // one's turn: 400 parts of 4 KiB each held 1.6 MB under a limit of 1 MiB, uncounted. They
    // count with the lists of options now (a quarter of the limit), and a position whose
    // parts own more than that is refused before its search.
    let limit = 1 << 20;
    let mut search = Pruning::new().with_memory_limit(limit);
    let piles: Vec<u32> = (0..400).map(|i| i % 7).collect();
    let row = HeavyRow(Heavy::with_room(&piles, 3, 1024));
    let err = search.grundy(&row).unwrap_err();
    assert!(
        matches!(err, Error::SearchMemoryLimit { limit: l, open: 400 } if l == limit),
        "{err:?}"
    );
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    // Twenty parts of 4 KiB fit: the value is the nim-sum of the piles' (modulo 4), and no
    // more than the limit is owned at once besides the row asked about.
    for count in [2, 20, 50] {
        let row = HeavyRow(Heavy::with_room(&piles[..count], 3, 1024));
        Heavy::most_owned();
        let value = search.grundy(&row).unwrap();
        assert_eq!(value, Nimber::new(row.0.value().into()), "{count} piles");
        let owned = Heavy::most_owned() - row.0.owned_bytes();
        assert!(
            owned <= limit,
            "{owned} bytes owned at once for {count} piles"
        );
        assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    }
}

/// Nim heaps in a sorted row, one part a heap; a move reduces one heap (equal heaps move
/// alike, so the first of them stands for all).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct SortedHeaps(Vec<u8>);

impl Game for SortedHeaps {
    type Move = (u8, u8);
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((u8, u8), SortedHeaps) -> ControlFlow<()>,
    {
        for (i, &h) in self.0.iter().enumerate() {
            if i > 0 && self.0[i - 1] == h {
                continue;
            }
            for to in 0..h {
                let mut next = self.0.clone();
                next.remove(i);
                if to > 0 {
                    next.push(to);
                }
                next.sort_unstable();
                visit((h, to), SortedHeaps(next))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn parts(&self) -> Option<Vec<SortedHeaps>> {
        (self.0.len() > 1).then(|| self.0.iter().map(|&h| SortedHeaps(vec![h])).collect())
    }

    fn owned_bytes(&self) -> usize {
        self.0.capacity()
    }
}

#[test]
fn the_parts_of_positions_asked_count_against_the_memory_limit() {
    // `outcome` and the winning moves split each position they ask about into its parts at
    // once too: a row of 10,000 heaps under 20,000 bytes was answered, and the buffers its
    // parts were listed into kept 460 kB after its winning moves (29 MB for 10^6 heaps under
    // 1 MB). Parts past the listing's room (the limit's quarter) are refused now, before
    // any is stored, and the buffer they were made in gives back its room.
    let limit = 20_000;
    let mut search = Pruning::new().with_memory_limit(limit);
    let row = |count: usize| {
        let mut heaps: Vec<u8> = (0..count).map(|i| 1 + (i * 7 % 3) as u8).collect();
        heaps.sort_unstable();
        SortedHeaps(heaps)
    };
    let big = row(10_000);
    let err = search.outcome(&big, Play::Normal).unwrap_err();
    assert!(
        matches!(err, Error::SearchMemoryLimit { limit: l, open: 10_000 } if l == limit),
        "{err:?}"
    );
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    let err = search
        .winning_moves(&big, Play::Normal)
        .map(drop)
        .unwrap_err();
    assert!(matches!(err, Error::SearchMemoryLimit { .. }), "{err:?}");
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    // Rows whose parts fit are answered by Nim's rule, and leave at most the limit behind.
    for count in [1, 2, 10, 100, 120] {
        let row = row(count);
        let x = row.0.iter().fold(0, |x, &h| x ^ h);
        let want = if x == 0 {
            Outcome::Previous
        } else {
            Outcome::Next
        };
        assert_eq!(search.outcome(&row, Play::Normal).unwrap(), want, "{count}");
        assert!(search.bytes() <= limit, "{} bytes", search.bytes());
        let mut moves: Vec<(u8, u8)> = search.winning_moves(&row, Play::Normal).unwrap().collect();
        moves.sort_unstable();
        let mut nim: Vec<(u8, u8)> = row
            .0
            .iter()
            .filter(|&&h| h ^ x < h)
            .map(|&h| (h, h ^ x))
            .collect();
        nim.dedup();
        assert_eq!(moves, nim, "{count} heaps");
        assert!(
            search.bytes() <= limit,
            "{} bytes after {count}",
            search.bytes()
        );
    }
}

#[test]
fn questions_that_fail_leave_no_more_than_the_limit_behind() {
    // Piles that own 600 kB each under a limit of 1 MiB: one position is more than the open
    // questions may hold, so every question fails. Each failed question left its position
    // stored (30 questions: 30 positions, 18 MB); the sweep that finds the open questions
    // too large now forgets what they leave no room for before it fails.
    let limit = 1 << 20;
    let mut search = Pruning::new().with_memory_limit(limit);
    for n in 1..=30 {
        let err = search
            .grundy(&Heavy::with_room(&[n], 3, 150_000))
            .unwrap_err();
        assert!(
            matches!(err, Error::SearchMemoryLimit { limit: l, open: 1 } if l == limit),
            "{err:?}"
        );
        assert!(
            search.len() <= 1,
            "{} positions after {n} questions",
            search.len()
        );
        assert!(
            search.bytes() <= limit,
            "{} bytes after {n}",
            search.bytes()
        );
    }
    // Small positions are still answered, and what the failures left is forgotten.
    let answered = search.grundy(&Heavy::new(&[9, 6], 3)).unwrap();
    assert_eq!(answered, Nimber::new(1 ^ 2));
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    // A position of 2 MiB, more than the limit itself: its question fails, and what it
    // stored is forgotten after it. A question that stores nothing (a heap with no move)
    // ran no sweep, and left the 2 MiB behind.
    let err = search
        .grundy(&Heavy::with_room(&[6], 3, 1 << 19))
        .unwrap_err();
    assert!(matches!(err, Error::SearchMemoryLimit { .. }), "{err:?}");
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    let none: Vec<_> = search
        .winning_moves(&Heavy::new(&[0], 3), Play::Normal)
        .unwrap()
        .collect();
    assert!(none.is_empty());
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
}

#[test]
fn a_question_answered_at_once_leaves_no_more_than_the_limit_behind() {
    // Piles of 0 to 2 whose positions own 72 kB each, more than the limit of 64 KiB: a
    // question about one is answered (or fails) with a position or two stored, before any
    // task runs, which is where the search sweeps, so it left them stored (75 kB held for
    // the outcome of two piles of 1, in a red-team run). Now every question ends with a
    // sweep if the search is past its limit.
    let limit = 64 << 10;
    for n in [0, 1, 2] {
        let mut search = Pruning::new().with_memory_limit(limit);
        let position = Heavy::with_room(&[n], 3, 18 << 10);
        if let Ok(outcome) = search.outcome(&position, Play::Normal) {
            assert_eq!(outcome == Outcome::Previous, n == 0, "pile {n}");
        }
        assert!(
            search.bytes() <= limit,
            "{} bytes after pile {n}",
            search.bytes()
        );
        let mut other = Pruning::new().with_memory_limit(limit);
        let _ = other.grundy(&position);
        assert!(
            other.bytes() <= limit,
            "{} bytes after pile {n}",
            other.bytes()
        );
    }
}

#[test]
fn a_listing_counts_what_its_options_own() {
    // One heap of 4,000, any number taken: 4,000 options of 1 KiB each. Under a limit of
    // 1 MiB the listing counted 56 bytes an option, well within the quarter of the limit
    // left for it, and held 4 MB; it stops when what they own passes that room.
    let limit = 1 << 20;
    let root = Heavy::new(&[4_000], u32::MAX);
    Heavy::most_owned();
    let mut search = Pruning::new().with_memory_limit(limit);
    let err = search.grundy(&root).unwrap_err();
    assert!(
        matches!(err, Error::SearchMemoryLimit { limit: l, open } if l == limit && open > 0),
        "{err:?}"
    );
    let owned = Heavy::most_owned();
    assert!(owned <= limit, "{owned} bytes owned at once");
    assert!(search.bytes() <= limit, "{} bytes held", search.bytes());
    // The search goes on, and what fits is answered.
    assert_eq!(
        search.grundy(&Heavy::new(&[100], u32::MAX)).unwrap(),
        Nimber::new(100)
    );
    assert!(Heavy::most_owned() <= limit);
    assert!(search.bytes() <= limit, "{} bytes held", search.bytes());
}

#[test]
fn a_failed_question_gives_back_the_room_its_stack_and_lists_grew_to() {
    // A pile of 30 from which a move takes one counter, its positions owning 16 bytes each,
    // under 4 KiB: the open questions of the outcome and of the winning moves pass the lists'
    // quarter of the limit, and the question fails. The failed sweep keeps entries up to the
    // entries' whole share, and the stack and the places of the lists of options (counted by
    // no share) kept the room they grew to: 4,216 bytes were held after either question, more
    // than the limit. A question that ends past the limit now gives that room back.
    let limit = 4 << 10;
    let pile = || Heavy::with_room(&[30], 1, 4);
    let mut search = Pruning::new().with_memory_limit(limit);
    let err = search.outcome(&pile(), Play::Normal).unwrap_err();
    assert!(
        matches!(err, Error::SearchMemoryLimit { limit: l, .. } if l == limit),
        "{err:?}"
    );
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    let mut search = Pruning::new().with_memory_limit(limit);
    let err = search
        .winning_moves(&pile(), Play::Normal)
        .map(drop)
        .unwrap_err();
    assert!(matches!(err, Error::SearchMemoryLimit { .. }), "{err:?}");
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
    // What fits is answered, within the limit.
    let small = Heavy::with_room(&[5], 1, 4);
    assert_eq!(search.grundy(&small).unwrap(), Nimber::new(1));
    assert!(search.bytes() <= limit, "{} bytes", search.bytes());
}

/// Asks `search` about `position` (`kind` 0: its value, 1: its outcome, 2: its winning
/// moves), checks an answer against `value`, the game's rule, and says whether it was
/// answered (an error is allowed: the limit may be too small for the question).
fn ask_checked<G: Game + core::fmt::Debug>(
    search: &mut Pruning<G>,
    position: &G,
    kind: u64,
    value: &impl Fn(&G) -> u32,
) -> bool {
    match kind {
        0 => search.grundy(position).map(|v| {
            assert_eq!(v, Nimber::new(value(position).into()), "{position:?}");
        }),
        1 => search.outcome(position, Play::Normal).map(|o| {
            assert_eq!(o == Outcome::Previous, value(position) == 0, "{position:?}");
        }),
        _ => search.winning_moves(position, Play::Normal).map(|moves| {
            let mut expected = Vec::new();
            let _ = position.for_each_move(|mv, option| {
                if value(&option) == 0 {
                    expected.push(mv);
                }
                ControlFlow::Continue(())
            });
            assert_eq!(moves.collect::<Vec<_>>(), expected, "{position:?}");
        }),
    }
    .is_ok()
}

/// Asks a search of memory limit `limit` ten random questions about positions `make` makes,
/// and checks after each, answered or failed, that the search holds at most the limit.
fn within_the_limit_after_every_question<G: Game + core::fmt::Debug>(
    seed: u64,
    rng: &mut XorShift,
    limit: usize,
    make: impl Fn(&mut XorShift) -> G,
    value: impl Fn(&G) -> u32,
) {
    let mut search = Pruning::new().with_memory_limit(limit);
    let mut asked = Vec::new();
    for _ in 0..10 {
        let position = make(rng);
        let kind = rng.next() % 3;
        let answered = ask_checked(&mut search, &position, kind, &value);
        asked.push((kind, position, answered));
        assert!(
            search.bytes() <= limit,
            "seed {seed}: {} bytes held under {limit} after (kind, position, answered) {asked:?}",
            search.bytes()
        );
    }
}

#[test]
fn every_question_answered_or_failed_leaves_at_most_the_limit_behind() {
    // Random questions (values, outcomes, winning moves) under limits from 1 KiB to about
    // 132 KiB, on positions that own memory (one `Vec` each, with or without parts), on
    // positions of 2 bytes, and on a deep game: whether a question is answered or fails, the
    // search holds at most its limit after it. It kept the room of its stack, of the places
    // of its lists of options and of its parts, with entries up to the entries' whole share,
    // after a question that failed: seed 51 held 133,264 bytes under a limit of 131,234
    // after the winning moves of a pile of 918, the value of 80 and the winning moves of
    // 1,888 (the first and last failed).
    for seed in 1..=1500u64 {
        let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let limit = (1usize << (10 + rng.next() % 8)) + (rng.next() % 4096) as usize;
        match rng.next() % 4 {
            0 => {
                let most = 1 + (rng.next() % 4) as u32;
                let room = [1, 4, 16, 64, 256, 1024][(rng.next() % 6) as usize];
                within_the_limit_after_every_question(
                    seed,
                    &mut rng,
                    limit,
                    |r| {
                        let piles: Vec<u32> =
                            (0..=r.next() % 3).map(|_| (r.next() % 12) as u32).collect();
                        Heavy::with_room(&piles, most, room)
                    },
                    Heavy::value,
                );
            }
            1 => {
                let most = 1 + (rng.next() % 4) as u32;
                let room = [1, 4, 16, 64, 256][(rng.next() % 5) as usize];
                within_the_limit_after_every_question(
                    seed,
                    &mut rng,
                    limit,
                    |r| {
                        let piles: Vec<u32> =
                            (0..=r.next() % 3).map(|_| (r.next() % 60) as u32).collect();
                        HeavyRow(Heavy::with_room(&piles, most, room))
                    },
                    |row| row.0.value(),
                );
            }
            2 => within_the_limit_after_every_question(
                seed,
                &mut rng,
                limit,
                |r| {
                    let mut heaps: Vec<u8> = (0..=r.next() % 5)
                        .map(|_| 1 + (r.next() % 12) as u8)
                        .collect();
                    heaps.sort_unstable();
                    SortedHeaps(heaps)
                },
                |row| row.0.iter().fold(0, |x, &h| x ^ u32::from(h)),
            ),
            _ => within_the_limit_after_every_question(
                seed,
                &mut rng,
                limit,
                |r| OneOrTwo((r.next() % 2000) as u16),
                |pile| u32::from(pile.0 % 3),
            ),
        }
    }
}

#[test]
fn a_load_reads_no_further_than_a_wrong_magic_number_or_version() {
    /// A pile, one counter taken at a time, written as its count.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Pile(u32);
    impl Game for Pile {
        type Move = ();
        fn for_each_move<F: FnMut((), Pile) -> ControlFlow<()>>(
            &self,
            mut visit: F,
        ) -> ControlFlow<()> {
            if self.0 > 0 {
                visit((), Pile(self.0 - 1))?;
            }
            ControlFlow::Continue(())
        }
    }
    impl grundy::search::Encode for Pile {
        fn encode(&self, out: &mut Vec<u8>) {
            self.0.encode(out);
        }
        fn decode(bytes: &[u8]) -> Option<Pile> {
            u32::decode(bytes).map(Pile)
        }
    }
    let mut search = Pruning::new();
    assert_eq!(search.grundy(&Pile(5)).unwrap(), Nimber::ONE);
    let before = search.len();
    // Zeros from the first byte (a mebibyte of them, as `/dev/zero` gives): the magic number
    // is wrong, and nothing after it is read.
    let (zeros, read) = Made::new(Vec::new(), 1 << 20, |_| 0);
    match search.load(zeros) {
        Err(Error::SearchFile { reason }) => assert!(reason.contains("magic number"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert!(read.get() <= 12, "{} bytes read", read.get());
    // The magic number, another version, then zeros: none of the zeros is read.
    let (zeros, read) = Made::new(Vec::new(), 1 << 20, |_| 0);
    let version = std::io::Read::chain(&b"GRUNDYPS\x02\x00\x00\x00"[..], zeros);
    match search.load(version) {
        Err(Error::SearchFile { reason }) => assert!(reason.contains("version 2"), "{reason}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(read.get(), 0, "bytes read past the version");
    // The search is as it was, and a file of its own still loads.
    assert_eq!(search.len(), before);
    let mut file = Vec::new();
    search.save(&mut file).unwrap();
    let mut again = Pruning::new().with_move_limit(0);
    again.load(file.as_slice()).unwrap();
    assert_eq!(again.grundy(&Pile(5)).unwrap(), Nimber::ONE);
}

/// A pile, one or two counters taken at a time (the value is the pile mod 3), written as its
/// count: the game of the memory-limit tests.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct PileMod3(u32);

impl Game for PileMod3 {
    type Move = u32;
    fn for_each_move<F: FnMut(u32, PileMod3) -> ControlFlow<()>>(
        &self,
        mut visit: F,
    ) -> ControlFlow<()> {
        for take in 1..=self.0.min(2) {
            visit(take, PileMod3(self.0 - take))?;
        }
        ControlFlow::Continue(())
    }
}

impl grundy::search::Encode for PileMod3 {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
    }
    fn decode(bytes: &[u8]) -> Option<PileMod3> {
        u32::decode(bytes).map(PileMod3)
    }
}

/// Input made as it is read, never held: `front`, then `len` more bytes, byte `i` of them
/// `body(i)`. `read` counts the bytes read.
struct Made<F> {
    front: Vec<u8>,
    body: F,
    len: u64,
    at: u64,
    read: std::rc::Rc<Cell<u64>>,
}

impl<F: FnMut(u64) -> u8> Made<F> {
    fn new(front: Vec<u8>, len: u64, body: F) -> (Made<F>, std::rc::Rc<Cell<u64>>) {
        let read = std::rc::Rc::new(Cell::new(0));
        let made = Made {
            front,
            body,
            len,
            at: 0,
            read: std::rc::Rc::clone(&read),
        };
        (made, read)
    }
}

impl<F: FnMut(u64) -> u8> std::io::Read for Made<F> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let front = self.front.len() as u64;
        let n = (buf.len() as u64).min(front + self.len - self.at) as usize;
        for b in &mut buf[..n] {
            *b = match self.front.get(self.at as usize) {
                Some(&b) => b,
                None => (self.body)(self.at - front),
            };
            self.at += 1;
        }
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// The front of a saved search of [`PileMod3`] up to its entries: the magic number, the
/// version, the length of the game's name and the name, and the count of entries.
fn front(name_len: u32, name: &[u8], count: u64) -> Vec<u8> {
    let mut front = b"GRUNDYPS\x01\x00\x00\x00".to_vec();
    front.extend(name_len.to_le_bytes());
    front.extend(name);
    front.extend(count.to_le_bytes());
    front
}

/// The name a saved search of [`PileMod3`] holds.
fn pile_name() -> &'static str {
    core::any::type_name::<PileMod3>()
}

/// Entry `i` of an endless saved search of piles, byte `at` of it: pile `i`, of value `i` mod 3
/// (25 bytes: the length 4, the pile, the value, nothing ruled out, exact, no cost).
fn pile_entry_byte(at: u64) -> u8 {
    let (i, at) = (at / 25, (at % 25) as usize);
    let mut entry = [0; 25];
    entry[0] = 4;
    entry[4..8].copy_from_slice(&(i as u32).to_le_bytes());
    entry[8..12].copy_from_slice(&((i % 3) as u32).to_le_bytes());
    entry[20] = 1;
    entry[at]
}

/// A search of piles to 20 (21 entries), saved; and the search.
fn saved_piles() -> (Pruning<PileMod3>, Vec<u8>) {
    let mut search = Pruning::new();
    assert_eq!(search.grundy(&PileMod3(20)).unwrap().get(), 20 % 3);
    let mut file = Vec::new();
    search.save(&mut file).unwrap();
    (search, file)
}

/// Loads `input` into a search of piles that holds some facts, and checks it is refused as a
/// bad file and leaves the search as it was: the reason.
fn refused_piles(input: impl std::io::Read) -> String {
    let (mut search, _) = saved_piles();
    let before = search.len();
    let reason = match search.load(input) {
        Err(Error::SearchFile { reason }) => reason,
        other => panic!("{other:?}"),
    };
    assert_eq!(search.len(), before, "{reason}");
    let moves = search.moves();
    assert_eq!(search.grundy(&PileMod3(20)).unwrap().get(), 20 % 3);
    assert_eq!(
        search.moves(),
        moves,
        "the search forgot its facts: {reason}"
    );
    reason
}

#[test]
fn a_load_reads_a_bounded_part_of_a_long_input_after_a_right_magic_number_and_version() {
    // 50 MB made as it is read: before, a load read it whole (into memory) and only then
    // found its checksum wrong.
    let long = 50 << 20;
    let header = b"GRUNDYPS\x01\x00\x00\x00".to_vec();
    for (body, what) in [
        (0xA5, "another game"),
        (0, "not of"),
        (0xFF, "another game"),
    ] {
        let (input, read) = Made::new(header.clone(), long, |_| body);
        let reason = refused_piles(input);
        assert!(read.get() < 1 << 20, "{body}: {} bytes read", read.get());
        assert!(reason.contains(what), "{body}: {reason}");
    }
    // A right name and a count of 2⁴⁰, then 50 MB of zeros: the first entry's position (of
    // no bytes) does not decode.
    let name = pile_name();
    let (input, read) = Made::new(
        front(name.len() as u32, name.as_bytes(), 1 << 40),
        long,
        |_| 0,
    );
    let reason = refused_piles(input);
    assert!(read.get() < 1 << 20, "{} bytes read", read.get());
    assert!(reason.contains("entry 0 is not a position"), "{reason}");
    // A right name, then entries that would go on for ever: the load stops at the position
    // limit (below), or, within it, at the checksum, which is the next entry.
    let (input, read) = Made::new(
        front(name.len() as u32, name.as_bytes(), 1000),
        long,
        pile_entry_byte,
    );
    let reason = refused_piles(input);
    assert!(read.get() < 1 << 20, "{} bytes read", read.get());
    assert!(reason.contains("checksum"), "{reason}");
}

#[test]
fn a_count_past_the_position_limit_is_refused_at_the_first_entry_past_it() {
    let name = pile_name();
    // Entries without end behind a count of 2⁴⁰: ten are read, and the eleventh is refused.
    let (input, read) = Made::new(
        front(name.len() as u32, name.as_bytes(), 1 << 40),
        50 << 20,
        pile_entry_byte,
    );
    let mut search = Pruning::with_position_limit(10);
    assert_eq!(search.grundy(&PileMod3(5)).unwrap().get(), 2);
    let loaded = search.load(input);
    // The front, ten entries and what the buffer reads ahead (8 KiB).
    assert!(read.get() < 16 << 10, "{} bytes read", read.get());
    assert_eq!(loaded, Err(Error::PositionLimit { limit: 10 }));
    assert_eq!(search.len(), 6);
    // A file of 21 entries, loaded by a search that holds 20 and one that holds 21.
    let (_, file) = saved_piles();
    let mut twenty = Pruning::<PileMod3>::with_position_limit(20);
    assert_eq!(
        twenty.load(file.as_slice()),
        Err(Error::PositionLimit { limit: 20 })
    );
    assert!(twenty.is_empty());
    let mut all = Pruning::with_position_limit(21).with_move_limit(0);
    all.load(file.as_slice()).unwrap();
    assert_eq!(all.grundy(&PileMod3(20)).unwrap().get(), 20 % 3);
    // A count damaged upwards past the limit, in a file that holds fewer entries than the
    // limit: refused as cut short, not as a limit to raise.
    let count_at = 16 + name.len();
    let mut damaged = file.clone();
    damaged[count_at + 5] = 1;
    let reason = refused_piles(damaged.as_slice());
    assert!(
        reason.contains("entry 21 of") && reason.contains("cut short"),
        "{reason}"
    );
}

#[test]
fn a_name_of_another_length_is_refused_before_it_is_read() {
    let name = pile_name();
    for len in [name.len() as u32 + (1 << 10) + 1, 1 << 20, u32::MAX] {
        let (input, read) = Made::new(front(len, b"", 0), 50 << 20, |_| b'x');
        let reason = refused_piles(input);
        // The magic number, the version and the length: 16 bytes, none of the name.
        assert_eq!(read.get(), 16, "{len}");
        assert!(reason.contains("another game"), "{len}: {reason}");
        assert!(reason.contains(name), "{len}: {reason}");
    }
    // A short name of another length is read, to name the game it is of.
    let reason = refused_piles(front(5, b"Other", 0).as_slice());
    assert!(reason.contains("\"Other\""), "{reason}");
    // A name of our length that is not ours, read and refused at its last byte.
    let mut other = name.as_bytes().to_vec();
    *other.last_mut().unwrap() ^= 1;
    let (input, read) = Made::new(front(name.len() as u32, &other, 0), 50 << 20, |_| 0);
    let reason = refused_piles(input);
    assert!(reason.contains("not of"), "{reason}");
    assert_eq!(read.get(), 16 + name.len() as u64);
}

#[test]
fn a_small_saved_search_loads_and_any_cut_or_edited_byte_is_refused() {
    let (_, file) = saved_piles();
    // The round trip: the same answer without a move, and the same bytes saved again.
    let mut loaded = Pruning::new().with_move_limit(0);
    loaded.load(file.as_slice()).unwrap();
    assert_eq!(loaded.grundy(&PileMod3(20)).unwrap().get(), 20 % 3);
    let mut again = Vec::new();
    loaded.save(&mut again).unwrap();
    assert_eq!(again, file);
    // Every cut, as a slice and as a reader that hands out one byte at a time.
    for len in 0..file.len() {
        let reason = refused_piles(&file[..len]);
        assert!(reason.contains("cut short"), "cut to {len}: {reason}");
        refused_piles(std::io::Read::chain(&file[..len / 2], &file[len / 2..len]));
    }
    // Every bit of every byte flipped. None can make another valid file: the checksum is
    // FNV-1a, each step of which is one to one in the hash so far, so bytes before the
    // checksum that differ in one place always hash differently, and a flip in the checksum
    // leaves the bytes it is compared with as they were.
    for at in 0..file.len() {
        for bit in 0..8 {
            let mut edited = file.clone();
            edited[at] ^= 1 << bit;
            let mut search = Pruning::<PileMod3>::new();
            match search.load(edited.as_slice()) {
                Err(Error::SearchFile { .. }) => assert!(search.is_empty()),
                other => panic!("byte {at} bit {bit}: {other:?}"),
            }
        }
    }
}

#[test]
fn bytes_after_the_checksum_are_refused() {
    let (_, file) = saved_piles();
    // A right file and then 50 MB of zeros: refused after the buffer's first read past its
    // checksum (before, read whole, and refused by the checksum it then read at the end).
    let (input, read) = Made::new(file.clone(), 50 << 20, |_| 0);
    let reason = refused_piles(input);
    assert!(read.get() < 16 << 10, "{} bytes read", read.get());
    assert!(reason.contains("follow its checksum"), "{reason}");
    let mut longer = file.clone();
    longer.push(0);
    let reason = refused_piles(longer.as_slice());
    assert!(reason.contains("follow its checksum"), "{reason}");
    // An entry whose length claims more than the input holds: refused as cut short, having
    // held no more than the input.
    let name = pile_name();
    let mut claims = front(name.len() as u32, name.as_bytes(), 1);
    claims.extend(u32::MAX.to_le_bytes());
    claims.extend([0; 5]);
    let reason = refused_piles(claims.as_slice());
    assert!(
        reason.contains("entry 0 of 1") && reason.contains("cut short"),
        "{reason}"
    );
}

/// A search of piles brought within `limit` still values piles right, and stays within it.
fn still_answers_within(search: &mut Pruning<PileMod3>, limit: usize) {
    for n in [0, 1, 2, 19_990, 20_000] {
        assert_eq!(
            search.grundy(&PileMod3(n)).unwrap().get(),
            u128::from(n % 3)
        );
    }
    assert!(search.bytes() <= limit, "{} bytes at last", search.bytes());
}

#[test]
fn a_search_loaded_or_given_a_lower_limit_holds_no_more_than_its_memory_limit() {
    let limit = 64 << 10;
    // A search of 20,001 piles, with no limit: about 600 KB.
    let mut full = Pruning::new();
    assert_eq!(full.grundy(&PileMod3(20_000)).unwrap().get(), 20_000 % 3);
    assert!(full.bytes() > 4 * limit, "{} bytes", full.bytes());
    let mut file = Vec::new();
    full.save(&mut file).unwrap();
    // Loaded under the limit: it keeps what fits (before, its memory stayed after its sweeps
    // had forgotten most of the entries).
    let mut loaded = Pruning::new().with_memory_limit(limit);
    loaded.load(file.as_slice()).unwrap();
    assert!(loaded.bytes() <= limit, "{} bytes loaded", loaded.bytes());
    assert!(loaded.forgotten() > 0 && !loaded.is_empty());
    assert_eq!(loaded.grundy(&PileMod3(19_999)).unwrap().get(), 19_999 % 3);
    assert!(
        loaded.bytes() <= limit,
        "{} bytes after a question",
        loaded.bytes()
    );
    // The limit set on the full search: its next question brings it within.
    let mut lowered = full.with_memory_limit(limit);
    assert_eq!(lowered.grundy(&PileMod3(20_001)).unwrap().get(), 20_001 % 3);
    assert!(
        lowered.bytes() <= limit,
        "{} bytes, lowered",
        lowered.bytes()
    );
    still_answers_within(&mut lowered, limit);
}

thread_local! {
    /// The [`CountedPile`]s alive on this thread, and the most alive at once since the last
    /// [`counted_from_now`].
    static COUNTED: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
}

/// The piles alive now; the most alive at once is counted from here.
fn counted_from_now() -> usize {
    COUNTED.with(|c| {
        let (live, _) = c.get();
        c.set((live, live));
        live
    })
}

/// A pile as [`PileMod3`], each one made, cloned or decoded counted until it is dropped, so
/// that a test sees how many a search held at once.
#[derive(Debug, PartialEq, Eq, Hash)]
struct CountedPile(u32);

impl CountedPile {
    fn new(n: u32) -> CountedPile {
        COUNTED.with(|c| {
            let (live, peak) = c.get();
            c.set((live + 1, peak.max(live + 1)));
        });
        CountedPile(n)
    }
}

impl Clone for CountedPile {
    fn clone(&self) -> CountedPile {
        CountedPile::new(self.0)
    }
}

impl Drop for CountedPile {
    fn drop(&mut self) {
        COUNTED.with(|c| {
            let (live, peak) = c.get();
            c.set((live - 1, peak));
        });
    }
}

impl Game for CountedPile {
    type Move = u32;
    fn for_each_move<F: FnMut(u32, CountedPile) -> ControlFlow<()>>(
        &self,
        mut visit: F,
    ) -> ControlFlow<()> {
        for take in 1..=self.0.min(2) {
            visit(take, CountedPile::new(self.0 - take))?;
        }
        ControlFlow::Continue(())
    }
}

impl grundy::search::Encode for CountedPile {
    fn encode(&self, out: &mut Vec<u8>) {
        self.0.encode(out);
    }
    fn decode(bytes: &[u8]) -> Option<CountedPile> {
        u32::decode(bytes).map(CountedPile::new)
    }
}

#[test]
fn a_load_under_a_memory_limit_holds_no_more_positions_than_the_limit_keeps() {
    let limit = 64 << 10;
    // Every stored position takes more than 16 bytes of the limit (its facts alone take 16),
    // so a search within it holds at most this many.
    let most = limit / 16;
    let mut full = Pruning::new();
    assert_eq!(
        full.grundy(&CountedPile::new(20_000)).unwrap().get(),
        20_000 % 3
    );
    let mut file = Vec::new();
    full.save(&mut file).unwrap();
    assert!(full.len() > 4 * most, "{} entries saved", full.len());
    drop(full);
    let before = counted_from_now();
    // Before, the load decoded every entry of the file into one list first (20,001 piles
    // alive at once), and only then stored them and swept.
    let mut loaded = Pruning::new().with_memory_limit(limit);
    loaded.load(file.as_slice()).unwrap();
    let peak = COUNTED.with(|c| c.get().1) - before;
    assert!(peak <= most, "{peak} piles alive at once");
    assert!(loaded.bytes() <= limit, "{} bytes loaded", loaded.bytes());
    assert!(loaded.forgotten() > 0 && !loaded.is_empty());
    for n in [0, 1, 2, 19_999, 20_000, 20_001] {
        assert_eq!(
            loaded.grundy(&CountedPile::new(n)).unwrap().get(),
            u128::from(n % 3)
        );
    }
    // Loaded again into a search that holds piles: the new search, within the limit, is
    // held beside it until the load succeeds, and no more.
    let before = counted_from_now();
    loaded.load(file.as_slice()).unwrap();
    let peak = COUNTED.with(|c| c.get().1) - before;
    assert!(peak <= most, "{peak} piles beside the search loaded into");
    // With no limit, every entry is kept, each once.
    let _ = counted_from_now();
    let mut all = Pruning::<CountedPile>::new().with_move_limit(0);
    all.load(file.as_slice()).unwrap();
    assert_eq!(
        all.grundy(&CountedPile::new(20_000)).unwrap().get(),
        20_000 % 3
    );
    let mut again = Vec::new();
    all.save(&mut again).unwrap();
    assert_eq!(again, file);
}

#[test]
fn a_lower_limit_takes_effect_at_a_question_the_stored_facts_answer() {
    let limit = 64 << 10;
    // Each question is answered by the facts of a search of 20,001 piles (the moves to a
    // value no option has, by none), with no task to run: before, none of them applied the
    // lower limit, and the search held ten times it.
    type Question = fn(&mut Pruning<PileMod3>) -> Result<(), Error>;
    let questions: [Question; 4] = [
        |s| {
            s.outcome(&PileMod3(20_000), Play::Normal)
                .map(|o| assert!(o.is_next()))
        },
        |s| s.grundy(&PileMod3(0)).map(|v| assert_eq!(v, Nimber::ZERO)),
        |s| {
            let wins: Vec<u32> = s.winning_moves(&PileMod3(4), Play::Normal)?.collect();
            assert_eq!(wins, [1]);
            Ok(())
        },
        |s| {
            // A value no option has: no move lists, and no question is asked.
            assert_eq!(
                s.moves_to_value(&PileMod3(7), Nimber::new(1 << 40))?
                    .count(),
                0
            );
            Ok(())
        },
    ];
    for question in questions {
        let mut full = Pruning::new();
        assert_eq!(full.grundy(&PileMod3(20_000)).unwrap().get(), 20_000 % 3);
        assert!(full.bytes() > 4 * limit, "{} bytes", full.bytes());
        let mut lowered = full.with_memory_limit(limit);
        question(&mut lowered).unwrap();
        assert!(lowered.bytes() <= limit, "{} bytes", lowered.bytes());
        assert!(lowered.forgotten() > 0);
        still_answers_within(&mut lowered, limit);
    }
}

#[test]
fn the_parts_kept_by_value_give_back_their_room_within_the_memory_limit() {
    /// Tokens on a graph, as one position that does not split: a move slides one token
    /// along an edge (an edge listed twice is two moves), every position measured 0.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Slide(Vec<u32>, [u32; 2]);
    const EDGES: [&[u8]; 22] = [
        &[],
        &[],
        &[0, 1, 1],
        &[0, 2, 0],
        &[1],
        &[0, 1, 4, 3, 3],
        &[5, 1, 4],
        &[5, 2],
        &[0],
        &[8, 7, 0, 7],
        &[0, 8, 1, 2],
        &[3, 6, 0, 4],
        &[7],
        &[10, 12],
        &[12],
        &[13, 6, 3],
        &[],
        &[13, 11],
        &[5, 16],
        &[17],
        &[17],
        &[15, 12],
    ];
    impl Game for Slide {
        type Move = (usize, u8);
        fn for_each_move<F: FnMut((usize, u8), Slide) -> ControlFlow<()>>(
            &self,
            mut visit: F,
        ) -> ControlFlow<()> {
            for (i, &v) in self.0.iter().enumerate() {
                for &w in EDGES[v as usize] {
                    let mut at = self.0.clone();
                    at[i] = u32::from(w);
                    visit((i, w), Slide(at, [0; 2]))?;
                }
            }
            ControlFlow::Continue(())
        }
        fn measure(&self) -> Option<u64> {
            Some(0)
        }
    }
    // A question's options not stored yet are kept by value while it is open: the room for
    // them grew by doubling, only what they held was counted against the limit, and the
    // room was never given back, so that a search of this limit held 34,716 bytes after the
    // last question.
    let limit = 33_721;
    let mut search = Pruning::new().with_memory_limit(limit);
    let mut solver = Solver::new();
    for at in [
        &[15u32, 5][..],
        &[19, 0],
        &[12, 19, 3, 13],
        &[15, 21],
        &[10, 7, 19, 9],
        &[18, 0],
        &[8, 19, 4, 9],
    ] {
        let position = Slide(at.to_vec(), [0; 2]);
        assert_eq!(
            search.grundy(&position).unwrap(),
            solver.grundy(&position).unwrap()
        );
        assert!(search.bytes() <= limit, "{at:?}: {} bytes", search.bytes());
    }
}
