//! Properties of the generic solver and of sums, against a brute force written here.
//!
//! The games are random finite DAGs: position `i` of a graph of up to 12 vertices may move to
//! any `j < i` chosen at random, so every shape of small game turns up, including positions
//! with many options of equal value and positions whose options raise a value.

use core::ops::ControlFlow;
use grundy::games::{Nim, NimMove};
use grundy::{
    ClosedForms, Evaluator, Game, Nimber, Outcome, Play, Side, Solver, Sum, mex, nim_sum,
};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

/// A random DAG: `edges[i]` lists the vertices `j < i` that vertex `i` moves to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Graph {
    edges: Vec<Vec<usize>>,
}

impl Arbitrary for Graph {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = usize::arbitrary(g) % 12 + 1;
        let edges = (0..n)
            .map(|i| (0..i).filter(|_| u8::arbitrary(g) % 3 != 0).collect())
            .collect();
        Graph { edges }
    }
}

/// A token on a vertex of a shared graph.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Token {
    graph: Arc<Graph>,
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

/// Brute-force Grundy values of every vertex, by the definition, vertex by vertex.
fn brute_values(graph: &Graph) -> Vec<u128> {
    let mut values: Vec<u128> = Vec::new();
    for options in &graph.edges {
        let seen: BTreeSet<u128> = options.iter().map(|&j| values[j]).collect();
        let m = (0..).find(|v| !seen.contains(v)).unwrap();
        values.push(m);
    }
    values
}

/// Brute-force misère outcome of a sum of tokens, by game-tree search over the sum itself.
fn brute_misere_next(
    graph: &Graph,
    tokens: &mut Vec<usize>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&known) = memo.get(tokens) {
        return known;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..tokens.len() {
        let from = tokens[i];
        for &j in &graph.edges[from] {
            any_move = true;
            tokens[i] = j;
            if !brute_misere_next(graph, tokens, memo) {
                wins = true;
            }
            tokens[i] = from;
        }
    }
    let result = !any_move || wins;
    memo.insert(tokens.clone(), result);
    result
}

/// Brute-force normal-play outcome of a sum of tokens, by game-tree search (no nim-sums).
fn brute_normal_next(
    graph: &Graph,
    tokens: &mut Vec<usize>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    if let Some(&known) = memo.get(tokens) {
        return known;
    }
    let mut wins = false;
    for i in 0..tokens.len() {
        let from = tokens[i];
        for &j in &graph.edges[from] {
            tokens[i] = j;
            if !brute_normal_next(graph, tokens, memo) {
                wins = true;
            }
            tokens[i] = from;
        }
    }
    memo.insert(tokens.clone(), wins);
    wins
}

fn tokens(graph: &Arc<Graph>, picks: &[u8]) -> Vec<Token> {
    let n = graph.edges.len();
    picks
        .iter()
        .take(3)
        .map(|&p| Token {
            graph: Arc::clone(graph),
            at: p as usize % n,
        })
        .collect()
}

fn quick() -> QuickCheck {
    QuickCheck::new().tests(2000).max_tests(20_000)
}

#[test]
fn value_is_the_mex_of_the_options_values() {
    fn prop(graph: Graph) -> bool {
        let graph = Arc::new(graph);
        let brute = brute_values(&graph);
        let mut solver = Solver::new();
        (0..graph.edges.len()).all(|at| {
            let token = Token {
                graph: Arc::clone(&graph),
                at,
            };
            let value = solver.grundy(&token).unwrap();
            let options = token
                .moves()
                .into_iter()
                .map(|(_, q)| solver.grundy(&q).unwrap());
            value == mex(options) && value.get() == brute[at]
        })
    }
    quick().quickcheck(prop as fn(Graph) -> bool);
}

#[test]
fn winning_moves_are_exactly_the_moves_to_p_positions() {
    fn prop(graph: Graph) -> bool {
        let graph = Arc::new(graph);
        let mut solver = Solver::new();
        (0..graph.edges.len()).all(|at| {
            let token = Token {
                graph: Arc::clone(&graph),
                at,
            };
            [Play::Normal, Play::Misere].into_iter().all(|play| {
                let found: BTreeSet<usize> = solver
                    .winning_moves(&token, play)
                    .unwrap()
                    .into_iter()
                    .map(|(m, _)| m)
                    .collect();
                let expected: BTreeSet<usize> = graph.edges[at]
                    .iter()
                    .copied()
                    .filter(|&j| {
                        let mut memo = HashMap::new();
                        match play {
                            Play::Normal => !brute_normal_next(&graph, &mut vec![j], &mut memo),
                            Play::Misere => !brute_misere_next(&graph, &mut vec![j], &mut memo),
                        }
                    })
                    .collect();
                let brute_next = match play {
                    Play::Normal => brute_normal_next(&graph, &mut vec![at], &mut HashMap::new()),
                    Play::Misere => brute_misere_next(&graph, &mut vec![at], &mut HashMap::new()),
                };
                let outcome = solver.outcome(&token, play).unwrap();
                found == expected && outcome.is_next() == brute_next
            })
        })
    }
    quick().quickcheck(prop as fn(Graph) -> bool);
}

#[test]
fn a_sum_is_worth_the_nim_sum_of_its_parts_and_its_winning_moves_are_all_found() {
    fn prop(graph: Graph, picks: Vec<u8>) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let graph = Arc::new(graph);
        let parts = tokens(&graph, &picks);
        let brute = brute_values(&graph);
        let mut solver = Solver::new();
        let sum = Sum::new(parts.clone());
        let total = sum.grundy(&mut solver).unwrap();
        let expected_total = nim_sum(parts.iter().map(|t| brute[t.at]));
        // Outcome by a search of the sum itself, with no nim-sum anywhere.
        let mut at: Vec<usize> = parts.iter().map(|t| t.at).collect();
        let next = brute_normal_next(&graph, &mut at, &mut HashMap::new());
        // Every winning move of the sum: moves after which the brute force says P.
        let mut expected_moves = BTreeSet::new();
        for (i, t) in parts.iter().enumerate() {
            for &j in &graph.edges[t.at] {
                let mut after = at.clone();
                after[i] = j;
                if !brute_normal_next(&graph, &mut after, &mut HashMap::new()) {
                    expected_moves.insert((i, j));
                }
            }
        }
        let found: BTreeSet<(usize, usize)> = sum
            .winning_moves(&mut solver)
            .unwrap()
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        // The whole sum searched as one game agrees too.
        let searched = Solver::new().grundy(&sum).unwrap();
        TestResult::from_bool(
            total == expected_total
                && searched == total
                && next != total.is_zero()
                && found == expected_moves,
        )
    }
    quick().quickcheck(prop as fn(Graph, Vec<u8>) -> TestResult);
}

#[test]
fn misere_outcome_of_a_sum_is_found_by_search() {
    fn prop(graph: Graph, picks: Vec<u8>) -> TestResult {
        if picks.is_empty() {
            return TestResult::discard();
        }
        let graph = Arc::new(graph);
        let parts = tokens(&graph, &picks);
        let mut at: Vec<usize> = parts.iter().map(|t| t.at).collect();
        let expected = brute_misere_next(&graph, &mut at, &mut HashMap::new());
        let sum = Sum::new(parts);
        let outcome = Solver::new().outcome(&sum, Play::Misere).unwrap();
        TestResult::from_bool(outcome.is_next() == expected)
    }
    quick().quickcheck(prop as fn(Graph, Vec<u8>) -> TestResult);
}

#[test]
fn a_pair_of_a_searched_game_and_a_closed_form_is_solved_component_wise() {
    fn prop(graph: Graph, pick: u8, heap: u8) -> bool {
        let graph = Arc::new(graph);
        let token = tokens(&graph, &[pick]).remove(0);
        let heap = heap % 16;
        let pair = (token.clone(), Nim::new(vec![heap]));
        let brute = brute_values(&graph);
        let mut evaluator = (Solver::new(), ClosedForms);
        let value = evaluator.grundy(&pair).unwrap();
        let mut expected = BTreeSet::new();
        for &j in &graph.edges[token.at] {
            if brute[j] == u128::from(heap) {
                expected.insert(Side::Left(j));
            }
        }
        for to in 0..heap {
            if brute[token.at] == u128::from(to) {
                expected.insert(Side::Right(to));
            }
        }
        let found: BTreeSet<Side<usize, u8>> = evaluator
            .moves_to_value(&pair, Nimber::ZERO)
            .unwrap()
            .into_iter()
            .map(|(m, _)| match m {
                Side::Left(j) => Side::Left(j),
                Side::Right(NimMove { to, .. }) => Side::Right(to),
            })
            .collect();
        // The pair is a game too: a search of it agrees.
        let searched = Solver::new().grundy(&pair).unwrap();
        value.get() == brute[token.at] ^ u128::from(heap) && searched == value && found == expected
    }
    quick().quickcheck(prop as fn(Graph, u8, u8) -> bool);
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Nimber>();
    check::<Outcome>();
    check::<Play>();
    check::<grundy::Error>();
    check::<grundy::MexSet>();
    check::<Solver<Nim<u64>>>();
    check::<Sum<Nim<u128>>>();
    check::<Nim<u128>>();
    check::<ClosedForms>();
}
