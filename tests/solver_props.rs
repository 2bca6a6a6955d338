//! Properties of the generic solver and of sums, against the shared brute-force oracle
//! (`tests/common`), which searches the game tree of every position, sums included, from the
//! rules alone.
//!
//! The games are random finite DAGs: position `i` of a graph of up to 12 vertices may move to
//! any `j < i` chosen at random, so every shape of small game turns up, including positions
//! with many options of equal value and positions whose options raise a value. The last test
//! checks the oracle itself against published tables.

use crate::common;

use common::rules::{self, In};
use common::{Oracle, SmallDag, TableOracle, listed_once};
use core::ops::ControlFlow;
use grundy::games::{Nim, NimMove};
use grundy::prelude::*;
use grundy::{Direct, Error, Part, Sum, SumMove, mex, nim_sum};
use quickcheck::{QuickCheck, TestResult};
use std::sync::Arc;

/// A token on a vertex of a shared graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Token {
    graph: Arc<SmallDag>,
    at: usize,
}

impl Game for Token {
    type Move = usize; // the vertex moved to

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(usize, Token) -> ControlFlow<()>,
    {
        for &j in &self.graph.edges[self.at] {
            visit(
                j,
                Token {
                    graph: Arc::clone(&self.graph),
                    at: j,
                },
            )?;
        }
        ControlFlow::Continue(())
    }
}

/// Up to three tokens on the graph, at vertices picked by `picks`.
fn tokens(graph: &Arc<SmallDag>, picks: &[u8]) -> Vec<Token> {
    let n = graph.len();
    picks
        .iter()
        .take(3)
        .map(|&p| Token {
            graph: Arc::clone(graph),
            at: usize::from(p) % n,
        })
        .collect()
}

fn quick() -> QuickCheck {
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .max_tests(20_000)
}

#[test]
fn value_is_the_mex_of_the_options_values() {
    fn prop(graph: SmallDag) -> bool {
        let mut oracle = Oracle::new(rules::dag(graph.edges.clone()));
        let graph = Arc::new(graph);
        let mut solver = Solver::new();
        (0..graph.len()).all(|at| {
            let token = Token {
                graph: Arc::clone(&graph),
                at,
            };
            let value = solver.grundy(&token).unwrap();
            let options = token
                .moves()
                .into_iter()
                .map(|(_, q)| solver.grundy(&q).unwrap());
            value == mex(options) && value.get() == oracle.grundy(&at)
        })
    }
    quick().quickcheck(prop as fn(SmallDag) -> bool);
}

#[test]
fn winning_moves_are_exactly_the_moves_to_p_positions() {
    fn prop(graph: SmallDag) -> bool {
        let mut oracle = Oracle::new(rules::dag(graph.edges.clone()));
        let graph = Arc::new(graph);
        let mut solver = Solver::new();
        (0..graph.len()).all(|at| {
            let token = Token {
                graph: Arc::clone(&graph),
                at,
            };
            [Play::Normal, Play::Misere].into_iter().all(|play| {
                let found = listed_once(solver.winning_moves(&token, play).unwrap());
                let outcome = solver.outcome(&token, play).unwrap();
                found == oracle.winning_moves(&at, play)
                    && outcome == oracle.outcome(&at, play)
                    && (play == Play::Misere || outcome.is_previous() == (oracle.grundy(&at) == 0))
            })
        })
    }
    quick().quickcheck(prop as fn(SmallDag) -> bool);
}

#[test]
fn moves_to_every_value_are_exactly_the_options_of_that_value() {
    fn prop(graph: SmallDag) -> bool {
        let mut oracle = Oracle::new(rules::dag(graph.edges.clone()));
        let graph = Arc::new(graph);
        let mut solver = Solver::new();
        (0..graph.len()).all(|at| {
            let token = Token {
                graph: Arc::clone(&graph),
                at,
            };
            (0..6u128).all(|target| {
                let found =
                    listed_once(solver.moves_to_value(&token, Nimber::new(target)).unwrap());
                found == oracle.moves_to_value(&at, target)
                    && found
                        .iter()
                        .all(|&j| token.play(j).is_ok_and(|q| q.at == j))
            })
        })
    }
    quick().quickcheck(prop as fn(SmallDag) -> bool);
}

#[test]
fn a_sum_is_worth_the_nim_sum_of_its_parts_and_its_moves_are_all_found() {
    fn prop(graph: SmallDag, picks: Vec<u8>, target: u8) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let mut parts_oracle = Oracle::new(rules::dag(graph.edges.clone()));
        let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
        let graph = Arc::new(graph);
        let parts = tokens(&graph, &picks);
        let at: Vec<usize> = parts.iter().map(|t| t.at).collect();
        let sum = Sum::new(parts.clone());
        // A solver of tokens evaluates the sum component by component.
        let mut solver = Solver::<Token>::new();
        let total = solver.grundy(&sum).unwrap();
        let expected_total = nim_sum(parts.iter().map(|t| parts_oracle.grundy(&t.at)));
        // The product searched by the oracle, with no nim-sum anywhere.
        let next = oracle.wins(&at, Play::Normal);
        let as_pair = |m: SumMove<usize>| (m.component, m.mv);
        let found = listed_once(
            solver
                .winning_moves(&sum, Play::Normal)
                .unwrap()
                .map(as_pair),
        );
        let target = u128::from(target % 8);
        let to_target: Vec<SumMove<usize>> = solver
            .moves_to_value(&sum, Nimber::new(target))
            .unwrap()
            .collect();
        let reach_target = to_target.iter().all(|&mv| {
            sum.play(mv).is_ok_and(|after| {
                let after: Vec<usize> = after.components().iter().map(|t| t.at).collect();
                oracle.grundy(&after) == target
            })
        });
        // The whole sum searched as one game agrees too.
        let searched = Solver::<Sum<Token>>::new().grundy(&sum).unwrap();
        TestResult::from_bool(
            total == expected_total
                && total.get() == oracle.grundy(&at)
                && searched == total
                && next != total.is_zero()
                && found == oracle.winning_moves(&at, Play::Normal)
                && listed_once(to_target.into_iter().map(as_pair))
                    == oracle.moves_to_value(&at, target)
                && reach_target,
        )
    }
    quick().quickcheck(prop as fn(SmallDag, Vec<u8>, u8) -> TestResult);
}

#[test]
fn misere_play_of_a_sum_is_found_by_search() {
    fn prop(graph: SmallDag, picks: Vec<u8>) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
        let graph = Arc::new(graph);
        let parts = tokens(&graph, &picks);
        let at: Vec<usize> = parts.iter().map(|t| t.at).collect();
        let sum = Sum::new(parts);
        let mut searcher = Solver::<Sum<Token>>::new();
        let outcome = searcher.outcome(&sum, Play::Misere).unwrap();
        let winning = listed_once(
            searcher
                .winning_moves(&sum, Play::Misere)
                .unwrap()
                .map(|m| (m.component, m.mv)),
        );
        // Component by component there is no misère answer.
        let mut by_parts = Solver::<Token>::new();
        let unsupported = matches!(
            by_parts.outcome(&sum, Play::Misere),
            Err(Error::MisereUnsupported { .. })
        ) && matches!(
            by_parts.winning_moves(&sum, Play::Misere),
            Err(Error::MisereUnsupported { .. })
        );
        TestResult::from_bool(
            outcome == oracle.outcome(&at, Play::Misere)
                && winning == oracle.winning_moves(&at, Play::Misere)
                && unsupported,
        )
    }
    quick().quickcheck(prop as fn(SmallDag, Vec<u8>) -> TestResult);
}

#[test]
fn a_pair_of_a_searched_game_and_a_closed_form_is_solved_component_wise() {
    fn prop(graph: SmallDag, pick: u8, heap: u8, target: u8) -> bool {
        let mut parts = Oracle::new(rules::dag(graph.edges.clone()));
        let mut oracle = Oracle::new(rules::pair(
            rules::dag(graph.edges.clone()),
            rules::nim::<u8>,
        ));
        let graph = Arc::new(graph);
        let token = tokens(&graph, &[pick]).remove(0);
        let heap = heap % 16;
        let state = (token.at, vec![heap]);
        let pair = (token, Nim::from([heap]));
        let mut evaluator = (Solver::new(), Direct);
        let value = evaluator.grundy(&pair).unwrap();
        let as_brute = |m: Part<usize, NimMove<u8>>| match m {
            Part::P0(j) => In::C0(j),
            Part::P1(NimMove { index, to }) => In::C1((index, to)),
            _ => unreachable!("a pair has two components"),
        };
        let target = u128::from(target % 20);
        let mut agree = true;
        for t in [0, target] {
            let found: Vec<_> = evaluator
                .moves_to_value(&pair, Nimber::new(t))
                .unwrap()
                .collect();
            for &mv in &found {
                agree &= pair.play(mv).is_ok_and(|after| {
                    evaluator.grundy(&after) == Ok(Nimber::new(t))
                        && oracle.grundy(&(after.0.at, after.1.heaps().to_vec())) == t
                });
            }
            agree &=
                listed_once(found.into_iter().map(as_brute)) == oracle.moves_to_value(&state, t);
        }
        let winning = listed_once(
            evaluator
                .winning_moves(&pair, Play::Normal)
                .unwrap()
                .map(as_brute),
        );
        // The pair is a game too: a search of it agrees.
        let searched = Solver::new().grundy(&pair).unwrap();
        value.get() == oracle.grundy(&state)
            && value.get() == parts.grundy(&state.0) ^ u128::from(heap)
            && searched == value
            && winning == oracle.winning_moves(&state, Play::Normal)
            && agree
    }
    quick().quickcheck(prop as fn(SmallDag, u8, u8, u8) -> bool);
}

/// Tokens on a shared graph, all in one game (it never splits into parts), in the order
/// they were placed: a permutation of the tokens is the same game, and the representative
/// is the tokens sorted by vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tokens {
    graph: Arc<SmallDag>,
    at: Vec<usize>,
}

impl Game for Tokens {
    type Move = (usize, usize); // (token, the vertex it moves to)

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, usize), Tokens) -> ControlFlow<()>,
    {
        for (i, &v) in self.at.iter().enumerate() {
            for &j in &self.graph.edges[v] {
                let mut at = self.at.clone();
                at[i] = j;
                let next = Tokens {
                    graph: Arc::clone(&self.graph),
                    at,
                };
                visit((i, j), next)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self) -> Option<Tokens> {
        (!self.at.is_sorted()).then(|| {
            let mut at = self.at.clone();
            at.sort_unstable();
            Tokens {
                graph: Arc::clone(&self.graph),
                at,
            }
        })
    }
}

/// The solver stores one entry for a position and its representative, and still answers
/// every question about the position asked, its winning moves named in its own order of
/// tokens, under both plays.
#[test]
fn the_solver_answers_a_position_through_its_representative() {
    fn prop(graph: SmallDag, picks: Vec<u8>) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
        let graph = Arc::new(graph);
        let at: Vec<usize> = tokens(&graph, &picks).iter().map(|t| t.at).collect();
        let position = Tokens {
            graph: Arc::clone(&graph),
            at: at.clone(),
        };
        let mut solver = Solver::new();
        let mut ok = solver.grundy(&position).unwrap().get() == oracle.grundy(&at);
        for play in [Play::Normal, Play::Misere] {
            ok &= solver.outcome(&position, play).unwrap() == oracle.outcome(&at, play);
            let winning = listed_once(solver.winning_moves(&position, play).unwrap());
            ok &= winning == oracle.winning_moves(&at, play);
        }
        // Every stored position is a representative: its tokens sorted.
        let mut sorted = at.clone();
        sorted.sort_unstable();
        let again = Tokens {
            graph: Arc::clone(&graph),
            at: sorted,
        };
        let stored = solver.len();
        ok &= solver.grundy(&again).unwrap().get() == oracle.grundy(&at);
        ok &= solver.len() == stored;
        TestResult::from_bool(ok)
    }
    quick().quickcheck(prop as fn(SmallDag, Vec<u8>) -> TestResult);
}

/// Three tokens on the vertices 0 to 11, each moving to any lower vertex (a Nim heap): the solver stores the multisets of
/// vertices reached, not the ordered triples (6 * 9 * 12 = 648 of them from (11, 5, 8)).
#[test]
fn the_solver_stores_one_entry_for_all_the_positions_of_a_representative() {
    let edges: Vec<Vec<usize>> = (0..12).map(|v| (0..v).collect()).collect();
    let graph = Arc::new(SmallDag { edges });
    let position = Tokens {
        graph,
        at: vec![11, 5, 8],
    };
    let mut solver = Solver::new();
    // Each token is a Nim heap of its vertex: 11 ^ 5 ^ 8 = 6.
    assert_eq!(solver.grundy(&position).unwrap(), Nimber::new(6));
    // The multisets reached: the sorted triples at most (5, 8, 11) place by place.
    let mut reached = 0;
    for a in 0..=5 {
        for b in a..=8 {
            reached += 12 - b; // c from b to 11
        }
    }
    assert_eq!(solver.len(), reached);
    assert!(reached < 6 * 9 * 12);
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync + std::fmt::Debug>() {}
    check::<Nimber>();
    check::<Outcome>();
    check::<Play>();
    check::<Error>();
    check::<grundy::MexSet>();
    check::<Solver<Nim<u64>>>();
    check::<Sum<Nim<u128>>>();
    check::<SumMove<NimMove<u128>>>();
    check::<Part<NimMove<u8>, u32>>();
    check::<Nim<u128>>();
    check::<Direct>();
}

/// The oracle itself, on tables every reference prints: the brute force the suites trust
/// must reproduce them.
#[test]
fn the_oracle_reproduces_published_tables() {
    let row_values = |code: &str, len: u32| -> Vec<u128> {
        let mut oracle = Oracle::new(rules::octal(code));
        (0..len).map(|n| oracle.grundy(&vec![n])).collect()
    };
    // Kayles, 0.77 (OEIS A002186).
    assert_eq!(
        row_values("0.77", 24),
        [
            0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7
        ]
    );
    // Dawson's Kayles, 0.07 (OEIS A002187).
    assert_eq!(
        row_values("0.07", 20),
        [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
    );
    // Grundy's game (OEIS A002188).
    let mut grundys = Oracle::new(rules::grundys_game());
    let values: Vec<u128> = (0..20).map(|n| grundys.grundy(&vec![n])).collect();
    assert_eq!(
        values,
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3]
    );
    // The subtraction game {1, 3, 4}: 0 1 0 1 2 3 2, period 7 (Winning Ways).
    let table = TableOracle::new(rules::subtraction(&[4, 1, 3, 3]), 21);
    assert_eq!(table.values(), [0, 1, 0, 1, 2, 3, 2].repeat(3));
    // Wythoff's game: the P-positions (⌊nφ⌋, ⌊nφ²⌋) and the first row of values.
    let mut wythoff = Oracle::new(rules::wythoff);
    let p_positions: Vec<(u32, u32)> = (0..14u32)
        .flat_map(|a| (a..14).map(move |b| (a, b)))
        .filter(|&(a, b)| !wythoff.wins(&(a, b), Play::Normal))
        .collect();
    assert_eq!(
        p_positions,
        [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    );
    let row: Vec<u128> = (0..6).map(|b| wythoff.grundy(&(1, b))).collect();
    assert_eq!(row, [1, 2, 0, 4, 5, 3]);
    // Bash: n mod (k + 1); misère, lost exactly at 1 mod (k + 1).
    let mut bash = Oracle::new(rules::bash);
    for k in 1..6 {
        for n in 0..30 {
            assert_eq!(bash.grundy(&(n, k)), u128::from(n % (k + 1)));
            assert_eq!(bash.wins(&(n, k), Play::Misere), n % (k + 1) != 1);
        }
    }
    // Nim (Bouton): the XOR of the heaps; misère, three ones lose and none wins.
    let mut nim = Oracle::new(rules::nim::<u8>);
    assert_eq!(nim.grundy(&vec![3, 5, 6]), 0);
    assert_eq!(nim.grundy(&vec![1, 2, 4, 5]), 2);
    assert!(!nim.wins(&vec![1, 1, 1], Play::Misere));
    assert!(nim.wins(&vec![], Play::Misere));
    assert!(!nim.wins(&vec![], Play::Normal));
    // A sum of heaps of Nim is Nim again, by the sum combinator.
    let mut heaps = Oracle::new(rules::sum(rules::nim::<u8>));
    assert_eq!(heaps.grundy(&vec![vec![3], vec![5], vec![6]]), 0);
    assert_eq!(heaps.grundy(&vec![vec![1, 2], vec![4, 5]]), 2);
    // Staircase Nim: the odd steps, as Winning Ways says; Georgia–Bob: pairs from the right.
    let mut stairs = Oracle::new(rules::staircase);
    assert_eq!(stairs.grundy(&vec![2, 5, 3]), 2 ^ 3);
    let mut board = Oracle::new(rules::georgia_bob);
    assert_eq!(board.grundy(&vec![1, 4, 7, 8]), 2);
    assert_eq!(board.grundy(&vec![2, 5, 6, 9]), 0);
    // The oracle's mex.
    assert_eq!(common::mex([0, 1, 3, 1]), 2);
    assert_eq!(common::mex([]), 0);
    assert_eq!(common::mex([5, u128::MAX]), 0);
}
