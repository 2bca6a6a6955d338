//! The loopy solver (`grundy::loopy`) against a brute force of the tests' own, on games played
//! on small random directed graphs: a token on a vertex moves along an edge, and the graphs
//! have cycles, self-loops and repeated edges.
//!
//! The brute force knows nothing of Smith's values. It is the classic retrograde analysis of
//! wins, losses and draws (`common::loopy::retrograde`, shared with tutorial 16's test): a
//! vertex with no move is lost (P), one with a move to a lost vertex won (N), one whose every
//! move reaches a won vertex lost, and what is never decided a draw (D). Sums are searched as the **product** graph, a move moving one
//! component ([`Product`]). The values come from outcomes too ([`smith_values`]): by Smith's
//! theorem a vertex has the value `*n` exactly when its sum with a Nim heap of `n` is lost, and
//! is `∞{K}` when no heap makes it lost, `K` the finite values of its options.
//!
//! Checked, by quickcheck on graphs of up to 12 vertices (6 for sums of three) of out-degree
//! at most 3:
//!
//! - every value and outcome, every winning and drawing move, and the remoteness (by layers
//!   of best play, [`remoteness_by_layers`]), against the brute force;
//! - sums of two and three graphs: the sum of the parts' values, `value_of_sum` and
//!   `winning_moves_in_sum` against the search of the product;
//! - acyclic graphs: every value finite, and the Grundy value (a mex computed here, and the
//!   crate's `Solver`);
//! - `Value::sum`'s laws and Smith's rule, and `Value::outcome`;
//! - the position and move limits (an error exactly when the stored positions or moves would
//!   pass the limit), a game's own fault, the solver left as it was after each error, and
//!   queries in any order on one solver against a fresh solver per query;
//! - what a red-team pass found: a move limit lowered below the moves stored, a position with
//!   far more options than the position limit (the positions alive at once counted), the laws
//!   of a `Value` whose `K` is out of order or repeats, its `Display` with a precision, and
//!   `Loopy::clear`.
//!
//! A few small graphs are checked by hand. The case counts scale with `GRUNDY_FULL_TESTS`
//! (`tests/common/scale.rs`).

use crate::common::loopy::retrograde;
use crate::common::{mex, scale, sorted};

use core::ops::ControlFlow;
use grundy::loopy::{Loopy, Outcome, Value};
use grundy::{Error, Evaluator, Game, Nimber, Solver};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::collections::{BTreeSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Ends a property with both sides and what was compared when they differ.
macro_rules! same {
    ($left:expr, $right:expr, $($what:tt)+) => {{
        let (left, right) = (&$left, &$right);
        if left != right {
            return Err(format!("{}: {:?} != {:?}", format_args!($($what)+), left, right));
        }
    }};
}

// ---------------------------------------------------------------------------------------------
// The brute force
// ---------------------------------------------------------------------------------------------

/// The sum of games on graphs, as one graph: a position is a vertex of each part, numbered in
/// mixed radix, and a move moves one part along one of its edges.
struct Product {
    sizes: Vec<usize>,
    /// The moves of each position: (part, the vertex the part moves to, the position reached).
    moves: Vec<Vec<(usize, u8, usize)>>,
}

impl Product {
    fn new(parts: &[&[Vec<u8>]]) -> Self {
        let sizes: Vec<usize> = parts.iter().map(|p| p.len()).collect();
        let mut product = Product {
            sizes,
            moves: Vec::new(),
        };
        let total: usize = product.sizes.iter().product();
        for i in 0..total {
            let at = product.position(i);
            let mut moves = Vec::new();
            for (k, part) in parts.iter().enumerate() {
                for &to in &part[at[k]] {
                    let mut next = at.clone();
                    next[k] = usize::from(to);
                    moves.push((k, to, product.index(&next)));
                }
            }
            product.moves.push(moves);
        }
        product
    }

    fn index(&self, at: &[usize]) -> usize {
        at.iter()
            .zip(&self.sizes)
            .fold(0, |index, (&a, &size)| index * size + a)
    }

    fn position(&self, mut index: usize) -> Vec<usize> {
        let mut at = vec![0; self.sizes.len()];
        for (a, &size) in at.iter_mut().zip(&self.sizes).rev() {
            *a = index % size;
            index /= size;
        }
        at
    }

    fn outcomes(&self) -> Vec<Outcome> {
        let targets: Vec<Vec<usize>> = self
            .moves
            .iter()
            .map(|moves| moves.iter().map(|&(_, _, to)| to).collect())
            .collect();
        retrograde(&targets)
    }

    /// The moves of position `index` to lost positions, sorted.
    fn moves_to_losses(&self, index: usize, outcomes: &[Outcome]) -> Vec<(usize, u8)> {
        let mut moves: Vec<(usize, u8)> = self.moves[index]
            .iter()
            .filter(|&&(_, _, to)| outcomes[to] == Outcome::Previous)
            .map(|&(k, m, _)| (k, m))
            .collect();
        moves.sort_unstable();
        moves
    }
}

/// The outcome of every vertex of a graph.
fn outcomes(moves: &[Vec<u8>]) -> Vec<Outcome> {
    Product::new(&[moves]).outcomes()
}

/// Smith's value of every vertex, from outcomes alone: `v` is `*n` exactly when `v + *n` is
/// lost, `*n` a Nim heap (a vertex moving to every smaller heap). A finite value is at most
/// the out-degree (its options hold every smaller value), so heaps up to one more than the
/// largest out-degree decide them all, the largest never making a loss.
fn smith_values(moves: &[Vec<u8>]) -> Vec<Value> {
    let top = moves.iter().map(Vec::len).max().unwrap_or(0) + 1;
    let heaps: Vec<Vec<u8>> = (0..=top).map(|h| (0..h as u8).collect()).collect();
    let product = Product::new(&[moves, &heaps]);
    let outcomes = product.outcomes();
    let finite: Vec<Option<usize>> = (0..moves.len())
        .map(|v| {
            let zeros: Vec<usize> = (0..=top)
                .filter(|&h| outcomes[product.index(&[v, h])] == Outcome::Previous)
                .collect();
            assert!(zeros.len() <= 1, "vertex {v} is lost with heaps {zeros:?}");
            assert!(
                !zeros.contains(&top),
                "vertex {v} is lost with the heap {top}"
            );
            zeros.first().copied()
        })
        .collect();
    (0..moves.len())
        .map(|v| match finite[v] {
            Some(n) => Value::Finite(nimber(n)),
            None => {
                let k: BTreeSet<usize> = moves[v]
                    .iter()
                    .filter_map(|&w| finite[usize::from(w)])
                    .collect();
                Value::Infinite(k.into_iter().map(nimber).collect())
            }
        })
        .collect()
}

/// The vertices reachable from `from`, itself included.
fn reachable(moves: &[Vec<u8>], from: usize) -> BTreeSet<usize> {
    let mut seen = BTreeSet::from([from]);
    let mut queue = VecDeque::from([from]);
    while let Some(u) = queue.pop_front() {
        for &w in &moves[u] {
            if seen.insert(usize::from(w)) {
                queue.push_back(usize::from(w));
            }
        }
    }
    seen
}

/// The moves listed from a set of vertices, repeated edges counted each time.
fn moves_from(moves: &[Vec<u8>], vertices: &BTreeSet<usize>) -> usize {
    vertices.iter().map(|&v| moves[v].len()).sum()
}

fn nimber(n: usize) -> Nimber {
    Nimber::new(n as u128)
}

// ---------------------------------------------------------------------------------------------
// The games
// ---------------------------------------------------------------------------------------------

/// A token on a vertex of a graph: a move takes it along an edge, and is named by the vertex
/// reached.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Vertex {
    graph: Arc<Vec<Vec<u8>>>,
    at: u8,
}

impl Game for Vertex {
    type Move = u8;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Vertex) -> ControlFlow<()>,
    {
        for &to in &self.graph[usize::from(self.at)] {
            visit(
                to,
                Vertex {
                    graph: Arc::clone(&self.graph),
                    at: to,
                },
            )?;
        }
        ControlFlow::Continue(())
    }
}

/// Every vertex of a graph, as positions.
fn vertices(moves: &[Vec<u8>]) -> Vec<Vertex> {
    let graph = Arc::new(moves.to_vec());
    (0..moves.len())
        .map(|at| Vertex {
            graph: Arc::clone(&graph),
            at: at as u8,
        })
        .collect()
}

/// The game of [`Vertex`], except that vertex `bad` cannot list its moves: it hands its first
/// move (if any) to the visitor and then breaks off on its own, with an
/// [`Error::IllegalMove`] as its fault when `named`, and none otherwise.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Faulty {
    graph: Arc<Vec<Vec<u8>>>,
    at: u8,
    bad: u8,
    named: bool,
}

impl Faulty {
    fn error(bad: u8) -> Error {
        Error::IllegalMove {
            reason: format!("vertex {bad} has no rules"),
        }
    }
}

impl Game for Faulty {
    type Move = u8;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Faulty) -> ControlFlow<()>,
    {
        let bad = self.at == self.bad;
        for &to in &self.graph[usize::from(self.at)] {
            visit(
                to,
                Faulty {
                    at: to,
                    ..self.clone()
                },
            )?;
            if bad {
                break;
            }
        }
        if bad {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn fault(&self) -> Option<Error> {
        (self.at == self.bad && self.named).then(|| Faulty::error(self.bad))
    }
}

// ---------------------------------------------------------------------------------------------
// Random graphs
// ---------------------------------------------------------------------------------------------

/// A random graph of 1 to `N` vertices, each with 0 to 3 moves to vertices picked at random
/// (itself, or one picked twice, included). With `ACYCLIC` every move goes to a smaller
/// vertex; otherwise a share of the moves, from a quarter to all of them, drawn for each
/// graph, may go anywhere, and the others go to smaller vertices (vertex 0 drops those).
#[derive(Clone, Debug)]
struct Graph<const N: usize, const ACYCLIC: bool> {
    moves: Vec<Vec<u8>>,
}

/// The graphs of the properties of one or two graphs.
type Loopy12 = Graph<12, false>;
/// The graphs of sums of three.
type Loopy6 = Graph<6, false>;
/// Graphs whose play always ends.
type Dag12 = Graph<12, true>;

impl<const N: usize, const ACYCLIC: bool> Arbitrary for Graph<N, ACYCLIC> {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = usize::arbitrary(g) % N + 1;
        // How many moves in four may go anywhere: the others go to smaller vertices, as in an
        // acyclic graph, which makes the larger finite values commoner.
        let anywhere = if ACYCLIC {
            0
        } else {
            usize::arbitrary(g) % 4 + 1
        };
        let moves = (0..n)
            .map(|u| {
                let degree = usize::arbitrary(g) % 4;
                (0..degree)
                    .filter_map(|_| {
                        let targets = if usize::arbitrary(g) % 4 < anywhere {
                            n
                        } else {
                            u
                        };
                        (targets > 0).then(|| (usize::arbitrary(g) % targets) as u8)
                    })
                    .collect()
            })
            .collect();
        Graph { moves }
    }

    /// Drops a vertex (and the moves to it; the others keep their order, so an acyclic graph
    /// stays acyclic), or one move.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        let n = self.moves.len();
        if n > 1 {
            for gone in 0..n {
                let moves = (0..n)
                    .filter(|&u| u != gone)
                    .map(|u| {
                        self.moves[u]
                            .iter()
                            .filter(|&&w| usize::from(w) != gone)
                            .map(|&w| if usize::from(w) > gone { w - 1 } else { w })
                            .collect()
                    })
                    .collect();
                out.push(Graph { moves });
            }
        }
        for u in 0..n {
            for k in 0..self.moves[u].len() {
                let mut moves = self.moves.clone();
                moves[u].remove(k);
                out.push(Graph { moves });
            }
        }
        Box::new(out.into_iter())
    }
}

/// Any value: small nimbers (whose sums often cancel) and full-range ones, finite or infinite
/// with a set `K` ascending and without repeats.
#[derive(Clone, Debug)]
struct AnyValue(Value);

impl Arbitrary for AnyValue {
    fn arbitrary(g: &mut Gen) -> Self {
        fn any_nimber(g: &mut Gen) -> Nimber {
            if bool::arbitrary(g) {
                Nimber::new(u128::from(u8::arbitrary(g) % 8))
            } else {
                Nimber::new(u128::arbitrary(g))
            }
        }
        if bool::arbitrary(g) {
            AnyValue(Value::Finite(any_nimber(g)))
        } else {
            let k: BTreeSet<Nimber> = (0..usize::arbitrary(g) % 5)
                .map(|_| any_nimber(g))
                .collect();
            AnyValue(Value::Infinite(k.into_iter().collect()))
        }
    }
}

/// A quickcheck of `full` cases in the full run, a tenth of them in the quick run.
fn quick(full: u64) -> QuickCheck {
    QuickCheck::new()
        .tests(scale::cases(full))
        .max_tests(10 * full)
}

// ---------------------------------------------------------------------------------------------
// Values, outcomes and moves of one graph
// ---------------------------------------------------------------------------------------------

#[test]
fn values_and_outcomes_agree_with_the_brute_force() {
    fn prop(graph: Loopy12) -> Result<(), String> {
        let brute = outcomes(&graph.moves);
        let values = smith_values(&graph.moves);
        let mut loopy = Loopy::new();
        for (v, position) in vertices(&graph.moves).iter().enumerate() {
            let value = loopy.value(position).unwrap();
            same!(value, values[v], "the value of vertex {v}");
            same!(
                value.outcome(),
                brute[v],
                "the outcome of the value of vertex {v}"
            );
            same!(
                loopy.outcome(position).unwrap(),
                brute[v],
                "the outcome of vertex {v}"
            );
        }
        same!(loopy.len(), graph.moves.len(), "the positions stored");
        Ok(())
    }
    quick(10_000).quickcheck(prop as fn(Loopy12) -> Result<(), String>);
}

/// The remoteness of every vertex, layer by layer: a vertex with no move is lost in 0 moves;
/// after the layers below `k`, a vertex not yet decided is won in `k` (odd) when it has a move
/// to a vertex lost in `k - 1`, and lost in `k` (even) when every move reaches a vertex won in
/// fewer. `None` for the vertices no layer decides, the draws.
fn remoteness_by_layers(moves: &[Vec<u8>]) -> Vec<Option<u32>> {
    let n = moves.len();
    let mut far: Vec<Option<u32>> = moves
        .iter()
        .map(|options| options.is_empty().then_some(0))
        .collect();
    // Every layer decides a vertex or none is left to decide: 2n + 1 layers are enough.
    for k in 1..=(2 * n as u32 + 1) {
        let before = far.clone();
        for u in 0..n {
            if before[u].is_some() {
                continue;
            }
            let at = |w: &u8| before[usize::from(*w)];
            if k % 2 == 1 {
                if moves[u].iter().any(|w| at(w) == Some(k - 1)) {
                    far[u] = Some(k);
                }
            } else if moves[u].iter().all(|w| at(w).is_some_and(|r| r % 2 == 1)) {
                far[u] = Some(k);
            }
        }
    }
    far
}

#[test]
fn remoteness_is_the_length_of_best_play() {
    fn prop(graph: Loopy12) -> Result<(), String> {
        let brute = outcomes(&graph.moves);
        let far = remoteness_by_layers(&graph.moves);
        let mut loopy = Loopy::new();
        for (v, position) in vertices(&graph.moves).iter().enumerate() {
            let remoteness = loopy.remoteness(position).unwrap();
            same!(remoteness, far[v], "the remoteness of vertex {v}");
            // Even for a loss, odd for a win, none for a draw.
            let kind = match remoteness {
                None => Outcome::Draw,
                Some(r) if r % 2 == 0 => Outcome::Previous,
                Some(_) => Outcome::Next,
            };
            same!(
                kind,
                brute[v],
                "the outcome by the remoteness of vertex {v}"
            );
        }
        Ok(())
    }
    quick(10_000).quickcheck(prop as fn(Loopy12) -> Result<(), String>);
}

/// In the 2-cycle `0 ⇄ 1` with the exit `1 → 2`, both moves from 1 reach a lost vertex, but
/// only the exit ends the game: its remoteness is the smaller.
#[test]
fn the_winning_move_of_least_remoteness_ends_the_game() {
    let moves = vec![vec![1], vec![0, 2], vec![]];
    let graph = vertices(&moves);
    let mut loopy = Loopy::new();
    assert_eq!(sorted(loopy.winning_moves(&graph[1]).unwrap()), [0, 2]);
    // 2 has no move (0); 0 must move to 1, won in 1 move (so 0 is lost in 2); 1 wins in 1.
    assert_eq!(loopy.remoteness(&graph[2]).unwrap(), Some(0));
    assert_eq!(loopy.remoteness(&graph[0]).unwrap(), Some(2));
    assert_eq!(loopy.remoteness(&graph[1]).unwrap(), Some(1));
}

#[test]
fn winning_and_drawing_moves_are_exactly_the_moves_to_losses_and_draws() {
    fn prop(graph: Loopy12) -> Result<(), String> {
        let brute = outcomes(&graph.moves);
        let mut loopy = Loopy::new();
        for (v, position) in vertices(&graph.moves).iter().enumerate() {
            let to = |kind: Outcome| -> Vec<u8> {
                if brute[v] != kind {
                    return Vec::new();
                }
                let into = if kind == Outcome::Next {
                    Outcome::Previous
                } else {
                    kind
                };
                let moves = graph.moves[v].iter();
                sorted(
                    moves
                        .copied()
                        .filter(|&w| brute[usize::from(w)] == into)
                        .collect(),
                )
            };
            let winning = sorted(loopy.winning_moves(position).unwrap());
            same!(
                winning,
                to(Outcome::Next),
                "the winning moves of vertex {v}"
            );
            let drawing = sorted(loopy.drawing_moves(position).unwrap());
            same!(
                drawing,
                to(Outcome::Draw),
                "the drawing moves of vertex {v}"
            );
        }
        Ok(())
    }
    quick(10_000).quickcheck(prop as fn(Loopy12) -> Result<(), String>);
}

/// A token on a graph in one of two colours: a move along an edge between two vertices of the
/// same parity changes the colour. The colours are the same game (changing every colour is an
/// automorphism), and the representative is the first colour.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Coloured {
    graph: Arc<Vec<Vec<u8>>>,
    at: u8,
    second: bool,
}

impl Game for Coloured {
    type Move = u8; // the vertex reached

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Coloured) -> ControlFlow<()>,
    {
        for &to in &self.graph[usize::from(self.at)] {
            let next = Coloured {
                graph: Arc::clone(&self.graph),
                at: to,
                second: self.second ^ (to % 2 == self.at % 2),
            };
            visit(to, next)?;
        }
        ControlFlow::Continue(())
    }

    fn canonical(&self) -> Option<Coloured> {
        self.second.then(|| Coloured {
            second: false,
            ..self.clone()
        })
    }
}

/// The loopy solver stores a position as its representative, and answers the position asked
/// about: its outcome and its winning and drawing moves, in either colour, against the brute
/// force of the uncoloured graph; no more positions are stored than the graph has vertices.
#[test]
fn positions_are_stored_as_their_representatives() {
    fn prop(graph: Loopy12) -> Result<(), String> {
        let brute = outcomes(&graph.moves);
        let shared = Arc::new(graph.moves.clone());
        let mut loopy = Loopy::new();
        for (v, &outcome) in brute.iter().enumerate() {
            for second in [true, false] {
                let position = Coloured {
                    graph: Arc::clone(&shared),
                    at: v as u8,
                    second,
                };
                same!(loopy.outcome(&position).unwrap(), outcome, "vertex {v}");
                let to = |into: Outcome| -> Vec<u8> {
                    let moves = graph.moves[v].iter().copied();
                    sorted(moves.filter(|&w| brute[usize::from(w)] == into).collect())
                };
                let (winning, drawing) = match outcome {
                    Outcome::Next => (to(Outcome::Previous), Vec::new()),
                    Outcome::Draw => (Vec::new(), to(Outcome::Draw)),
                    Outcome::Previous => (Vec::new(), Vec::new()),
                };
                same!(
                    sorted(loopy.winning_moves(&position).unwrap()),
                    winning,
                    "the winning moves of vertex {v}"
                );
                same!(
                    sorted(loopy.drawing_moves(&position).unwrap()),
                    drawing,
                    "the drawing moves of vertex {v}"
                );
            }
        }
        if loopy.len() > graph.moves.len() {
            return Err(format!(
                "{} positions stored for {} vertices",
                loopy.len(),
                graph.moves.len()
            ));
        }
        Ok(())
    }
    quick(10_000).quickcheck(prop as fn(Loopy12) -> Result<(), String>);
}

#[test]
fn acyclic_graphs_have_their_grundy_values() {
    fn prop(graph: Dag12) -> Result<(), String> {
        // Vertex `u` moves only to smaller vertices: the mex of each in increasing order.
        let mut grundy: Vec<usize> = Vec::new();
        for options in &graph.moves {
            let values = options.iter().map(|&w| grundy[usize::from(w)] as u128);
            grundy.push(mex(values) as usize);
        }
        let mut loopy = Loopy::new();
        let mut solver = Solver::new();
        for (v, position) in vertices(&graph.moves).iter().enumerate() {
            let value = loopy.value(position).unwrap();
            same!(
                value,
                Value::Finite(nimber(grundy[v])),
                "the value of vertex {v}"
            );
            same!(
                value.finite(),
                Some(solver.grundy(position).unwrap()),
                "the value of vertex {v} by the Solver"
            );
            let outcome = if grundy[v] == 0 {
                Outcome::Previous
            } else {
                Outcome::Next
            };
            same!(
                loopy.outcome(position).unwrap(),
                outcome,
                "the outcome of vertex {v}"
            );
        }
        Ok(())
    }
    quick(5000).quickcheck(prop as fn(Dag12) -> Result<(), String>);
}

// ---------------------------------------------------------------------------------------------
// Sums
// ---------------------------------------------------------------------------------------------

/// Checks every position of the sum of `parts` (graphs) against the search of the product:
/// the sum of the parts' values from `alone` (a solver per part), and `value_of_sum` and
/// `winning_moves_in_sum` from `together` (one solver for all).
fn check_sum(parts: &[&[Vec<u8>]]) -> Result<(), String> {
    let product = Product::new(parts);
    let brute = product.outcomes();
    let positions: Vec<Vec<Vertex>> = parts.iter().map(|p| vertices(p)).collect();
    let mut alone: Vec<Loopy<Vertex>> = parts.iter().map(|_| Loopy::new()).collect();
    let mut together = Loopy::new();
    for (index, &outcome) in brute.iter().enumerate() {
        let at = product.position(index);
        let sum: Vec<Vertex> = at
            .iter()
            .zip(&positions)
            .map(|(&a, p)| p[a].clone())
            .collect();
        let mut total = Value::Finite(Nimber::ZERO);
        for (position, loopy) in sum.iter().zip(&mut alone) {
            total = total.sum(&loopy.value(position).unwrap());
        }
        same!(
            total.outcome(),
            outcome,
            "the outcome of the sum of values at {at:?}"
        );
        same!(
            together.value_of_sum(&sum).unwrap(),
            total,
            "value_of_sum at {at:?}"
        );
        same!(
            sorted(together.winning_moves_in_sum(&sum).unwrap()),
            product.moves_to_losses(index, &brute),
            "the winning moves of the sum at {at:?}"
        );
    }
    Ok(())
}

#[test]
fn sums_of_two_agree_with_the_search_of_the_product() {
    fn prop(a: Loopy12, b: Loopy12) -> Result<(), String> {
        check_sum(&[&a.moves, &b.moves])?;
        // A graph with itself: equal finite values cancel, and equal infinite ones draw.
        check_sum(&[&a.moves, &a.moves])
    }
    quick(5000).quickcheck(prop as fn(Loopy12, Loopy12) -> Result<(), String>);
}

#[test]
fn sums_of_three_agree_with_the_search_of_the_product() {
    fn prop(a: Loopy6, b: Loopy6, c: Loopy6) -> Result<(), String> {
        check_sum(&[&a.moves, &b.moves, &c.moves])
    }
    quick(3000).quickcheck(prop as fn(Loopy6, Loopy6, Loopy6) -> Result<(), String>);
}

#[test]
fn value_sum_is_smiths_rule_and_a_commutative_monoid() {
    fn prop(a: AnyValue, b: AnyValue, c: AnyValue) -> Result<(), String> {
        let (a, b, c) = (a.0, b.0, c.0);
        let zero = Value::Finite(Nimber::ZERO);
        // Smith's rule, written with sets.
        let expected = match (&a, &b) {
            (Value::Finite(x), Value::Finite(y)) => Value::Finite(Nimber::new(x.get() ^ y.get())),
            (Value::Infinite(k), Value::Finite(y)) | (Value::Finite(y), Value::Infinite(k)) => {
                let shifted: BTreeSet<u128> = k.iter().map(|x| x.get() ^ y.get()).collect();
                Value::Infinite(shifted.into_iter().map(Nimber::new).collect())
            }
            (Value::Infinite(_), Value::Infinite(_)) => Value::Infinite(Vec::new()),
        };
        same!(a.sum(&b), expected, "{a} + {b}");
        same!(a.sum(&b), b.sum(&a), "{a} + {b} against {b} + {a}");
        same!(
            a.sum(&b).sum(&c),
            a.sum(&b.sum(&c)),
            "({a} + {b}) + {c} against {a} + ({b} + {c})"
        );
        same!(a.sum(&zero), a, "{a} + *0");
        same!(zero.sum(&a), a, "*0 + {a}");
        let outcome = match &a {
            Value::Finite(n) if n.get() == 0 => Outcome::Previous,
            Value::Finite(_) => Outcome::Next,
            Value::Infinite(k) if k.contains(&Nimber::ZERO) => Outcome::Next,
            Value::Infinite(_) => Outcome::Draw,
        };
        same!(a.outcome(), outcome, "the outcome of {a}");
        Ok(())
    }
    quick(20_000).quickcheck(prop as fn(AnyValue, AnyValue, AnyValue) -> Result<(), String>);
}

// ---------------------------------------------------------------------------------------------
// Limits, faults and incremental use
// ---------------------------------------------------------------------------------------------

/// Which limit a property sets.
#[derive(Clone, Copy, Debug)]
enum Limit {
    Positions,
    Moves,
}

/// Queries vertices in the order of `picks` on one solver with a limit of `limit` positions
/// or moves: a query fails exactly when the positions stored with it, or their moves, would
/// be more than the limit, and then leaves the solver as it was. Each failed query is then
/// answered by fresh solvers with the limit at what it needs (and fails again one below).
fn check_limit(graph: &Loopy12, picks: &[u8], limit: u8, kind: Limit) -> Result<(), String> {
    let moves = &graph.moves;
    let n = moves.len();
    let values = smith_values(moves);
    let positions = vertices(moves);
    let size = |set: &BTreeSet<usize>| match kind {
        Limit::Positions => set.len(),
        Limit::Moves => moves_from(moves, set),
    };
    let with_limit = |limit: usize| match kind {
        Limit::Positions => Loopy::with_position_limit(limit),
        Limit::Moves => Loopy::new().with_move_limit(limit),
    };
    let error = |limit: usize| match kind {
        Limit::Positions => Error::PositionLimit { limit },
        Limit::Moves => Error::SearchMoveLimit { limit },
    };
    let limit = usize::from(limit) % (size(&(0..n).collect()) + 2);
    let mut loopy = with_limit(limit);
    let mut stored = BTreeSet::new();
    let mut failed = Vec::new();
    for &pick in picks {
        let v = usize::from(pick) % n;
        let reach = reachable(moves, v);
        let union: BTreeSet<usize> = stored.union(&reach).copied().collect();
        let answer = loopy.value(&positions[v]);
        if size(&union) > limit {
            same!(answer, Err(error(limit)), "vertex {v} with limit {limit}");
            failed.push(v);
        } else {
            same!(
                answer,
                Ok(values[v].clone()),
                "vertex {v} with limit {limit}"
            );
            stored = union;
        }
        same!(
            loopy.len(),
            stored.len(),
            "the positions stored after vertex {v}"
        );
    }
    for v in failed {
        let need = size(&reachable(moves, v));
        let answer = with_limit(need).value(&positions[v]);
        same!(
            answer,
            Ok(values[v].clone()),
            "vertex {v} alone with limit {need}"
        );
        if need > 0 {
            let mut short = with_limit(need - 1);
            same!(
                short.outcome(&positions[v]),
                Err(error(need - 1)),
                "vertex {v} alone with limit {}",
                need - 1
            );
            same!(
                short.len(),
                0,
                "the positions stored after vertex {v} failed"
            );
        }
    }
    Ok(())
}

#[test]
fn the_position_limit_fails_exactly_past_it_and_rolls_back() {
    fn prop(graph: Loopy12, picks: Vec<u8>, limit: u8) -> Result<(), String> {
        check_limit(&graph, &picks, limit, Limit::Positions)
    }
    quick(5000).quickcheck(prop as fn(Loopy12, Vec<u8>, u8) -> Result<(), String>);
}

#[test]
fn the_move_limit_fails_exactly_past_it_and_rolls_back() {
    fn prop(graph: Loopy12, picks: Vec<u8>, limit: u8) -> Result<(), String> {
        check_limit(&graph, &picks, limit, Limit::Moves)
    }
    quick(5000).quickcheck(prop as fn(Loopy12, Vec<u8>, u8) -> Result<(), String>);
}

/// The answers of one solver to the query `kind` (0 to 3: value, outcome, winning moves,
/// drawing moves) about `position`, as text to compare.
fn ask<G: Game>(loopy: &mut Loopy<G>, position: &G, kind: u8) -> Result<String, Error> {
    Ok(match kind % 4 {
        0 => format!("{}", loopy.value(position)?),
        1 => format!("{}", loopy.outcome(position)?),
        2 => format!("{:?}", loopy.winning_moves(position)?),
        _ => format!("{:?}", loopy.drawing_moves(position)?),
    })
}

#[test]
fn a_fault_fails_the_queries_that_reach_it_and_no_other() {
    fn prop(graph: Loopy12, bad: u8, named: bool, picks: Vec<(u8, u8)>) -> Result<(), String> {
        let moves = &graph.moves;
        let n = moves.len();
        let bad = (usize::from(bad) % n) as u8;
        let expected = if named {
            Faulty::error(bad)
        } else {
            Error::IncompleteMoves
        };
        let graph = Arc::new(moves.clone());
        let faulty = |at: usize| Faulty {
            graph: Arc::clone(&graph),
            at: at as u8,
            bad,
            named,
        };
        let plain = vertices(moves);
        let mut loopy = Loopy::new();
        let mut stored = BTreeSet::new();
        // Every vertex once more at the end, after all the errors.
        let last = (0..n as u8).map(|v| (v, 0));
        for (pick, kind) in picks.into_iter().chain(last) {
            let v = usize::from(pick) % n;
            let reach = reachable(moves, v);
            let answer = ask(&mut loopy, &faulty(v), kind);
            if reach.contains(&usize::from(bad)) {
                same!(answer, Err(expected.clone()), "query {kind} of vertex {v}");
            } else {
                let fresh = ask(&mut Loopy::new(), &plain[v], kind);
                same!(answer, fresh, "query {kind} of vertex {v}");
                stored.extend(reach);
            }
            same!(
                loopy.len(),
                stored.len(),
                "the positions stored after vertex {v}"
            );
        }
        Ok(())
    }
    quick(5000).quickcheck(prop as fn(Loopy12, u8, bool, Vec<(u8, u8)>) -> Result<(), String>);
}

#[test]
fn one_solver_answers_in_any_order_as_fresh_solvers_do() {
    fn prop(graph: Loopy12, picks: Vec<(u8, u8)>) -> Result<(), String> {
        let n = graph.moves.len();
        let positions = vertices(&graph.moves);
        let mut loopy = Loopy::new();
        let mut stored = BTreeSet::new();
        for (pick, kind) in picks {
            let v = usize::from(pick) % n;
            let fresh = ask(&mut Loopy::new(), &positions[v], kind);
            same!(
                ask(&mut loopy, &positions[v], kind),
                fresh,
                "query {kind} of vertex {v}"
            );
            stored.extend(reachable(&graph.moves, v));
            same!(
                loopy.len(),
                stored.len(),
                "the positions stored after vertex {v}"
            );
        }
        Ok(())
    }
    quick(5000).quickcheck(prop as fn(Loopy12, Vec<(u8, u8)>) -> Result<(), String>);
}

/// A sum of vertices `a` and `b`, asked for its value, or its winning moves when `winning`,
/// of a solver with a position limit that has solved vertex `c` first when `c` fits: it fails
/// exactly when `c` and the two parts reach more positions than the limit, and then must
/// leave the solver as it was ("After an error the solver is as it was before the call",
/// [`Loopy`]'s errors), even when the first part alone fitted and was solved.
fn check_failed_sum(
    graph: &Loopy12,
    picks: [u8; 3],
    limit: u8,
    winning: bool,
) -> Result<(), String> {
    let moves = &graph.moves;
    let n = moves.len();
    let [a, b, c] = picks.map(|p| usize::from(p) % n);
    let reach = [a, b, c].map(|v| reachable(moves, v));
    let all: BTreeSet<usize> = reach.iter().flatten().copied().collect();
    let limit = usize::from(limit) % (all.len() + 1);
    let positions = vertices(moves);
    let mut loopy = Loopy::with_position_limit(limit);
    let mut stored = BTreeSet::new();
    if reach[2].len() <= limit {
        same!(
            loopy.outcome(&positions[c]).is_ok(),
            true,
            "vertex {c} alone"
        );
        stored.clone_from(&reach[2]);
    }
    let parts = [positions[a].clone(), positions[b].clone()];
    let answer = if winning {
        loopy.winning_moves_in_sum(&parts).map(|_| ())
    } else {
        loopy.value_of_sum(&parts).map(|_| ())
    };
    let union: BTreeSet<usize> = stored.union(&reach[0]).chain(&reach[1]).copied().collect();
    if union.len() > limit {
        same!(answer, Err(Error::PositionLimit { limit }), "{a} + {b}");
    } else {
        same!(answer, Ok(()), "{a} + {b}");
        stored = union;
    }
    same!(
        loopy.len(),
        stored.len(),
        "the positions stored after {a} + {b}"
    );
    Ok(())
}

#[test]
fn a_failed_value_of_sum_leaves_the_solver_as_it_was() {
    fn prop(graph: Loopy12, picks: (u8, u8, u8), limit: u8) -> Result<(), String> {
        check_failed_sum(&graph, [picks.0, picks.1, picks.2], limit, false)
    }
    quick(5000).quickcheck(prop as fn(Loopy12, (u8, u8, u8), u8) -> Result<(), String>);
}

#[test]
fn a_failed_winning_moves_in_sum_leaves_the_solver_as_it_was() {
    fn prop(graph: Loopy12, picks: (u8, u8, u8), limit: u8) -> Result<(), String> {
        check_failed_sum(&graph, [picks.0, picks.1, picks.2], limit, true)
    }
    quick(5000).quickcheck(prop as fn(Loopy12, (u8, u8, u8), u8) -> Result<(), String>);
}

// ---------------------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------------------

#[test]
fn the_random_graphs_hold_every_kind_of_value() {
    // The properties above are only as good as their graphs: these must hold losses, wins and
    // draws, every finite value up to *3, and infinite values with no finite option, with *0
    // among them (won) and with finite options but not *0 (drawn). A thousand graphs hold
    // about 30 vertices of *3, the rarest kind.
    let mut g = Gen::new(100);
    let mut kinds = std::collections::BTreeMap::new();
    for _ in 0..1000 {
        let graph = Loopy12::arbitrary(&mut g);
        for value in smith_values(&graph.moves) {
            let kind = match &value {
                Value::Finite(_) => value.to_string(),
                Value::Infinite(k) if k.is_empty() => "∞{}".to_string(),
                Value::Infinite(k) if k[0].is_zero() => "∞{0, …}".to_string(),
                Value::Infinite(_) => "∞{K}, 0 ∉ K".to_string(),
            };
            *kinds.entry(kind).or_insert(0) += 1;
        }
    }
    let found: BTreeSet<&str> = kinds.keys().map(String::as_str).collect();
    let all = BTreeSet::from(["*0", "*1", "*2", "*3", "∞{}", "∞{0, …}", "∞{K}, 0 ∉ K"]);
    assert_eq!(found, all, "the kinds of value found: {kinds:?}");
}

// ---------------------------------------------------------------------------------------------
// Small graphs by hand
// ---------------------------------------------------------------------------------------------

/// The values of every vertex of a graph, as text.
fn values_of(moves: &[Vec<u8>]) -> Vec<String> {
    let mut loopy = Loopy::new();
    vertices(moves)
        .iter()
        .map(|p| loopy.value(p).unwrap().to_string())
        .collect()
}

#[test]
fn a_vertex_without_moves_is_lost() {
    let v = &vertices(&[vec![]])[0];
    let mut loopy = Loopy::new();
    assert_eq!(loopy.value(v), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(loopy.outcome(v), Ok(Outcome::Previous));
    assert_eq!(loopy.winning_moves(v), Ok(vec![]));
    assert_eq!(loopy.drawing_moves(v), Ok(vec![]));
    // The empty sum is *0, with no move.
    assert_eq!(loopy.value_of_sum(&[]), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(loopy.winning_moves_in_sum(&[]), Ok(vec![]));
}

#[test]
fn a_self_loop_is_a_draw() {
    // The only move comes back to the same position: play never ends, and no option is
    // finite, so the value is ∞{}.
    let v = &vertices(&[vec![0]])[0];
    let mut loopy = Loopy::new();
    assert_eq!(loopy.value(v), Ok(Value::Infinite(vec![])));
    assert_eq!(loopy.outcome(v), Ok(Outcome::Draw));
    assert_eq!(loopy.drawing_moves(v), Ok(vec![0]));
    assert_eq!(loopy.winning_moves(v), Ok(vec![]));
    // A self-loop beside an exit: the exit (*0) wins, and the loop keeps the value infinite
    // (the option is the position itself, which cannot reverse through itself): ∞{0}.
    assert_eq!(values_of(&[vec![0, 1], vec![]]), ["∞{0}", "*0"]);
}

#[test]
fn a_two_cycle_with_an_exit_next_to_it() {
    // 0 ⇄ 1, 1 → 2, and 2 has no move. 2 is lost (*0). From 0 the only move is to 1, from
    // which the exit wins: 0 is lost too, and 1, with two options of value *0, is *1. So
    // 1 → 0 counts as a winning move (to a lost position), as does 1 → 2.
    let graph = [vec![1], vec![0, 2], vec![]];
    assert_eq!(values_of(&graph), ["*0", "*1", "*0"]);
    let v = vertices(&graph);
    let mut loopy = Loopy::new();
    assert_eq!(loopy.outcome(&v[0]), Ok(Outcome::Previous));
    assert_eq!(sorted(loopy.winning_moves(&v[1]).unwrap()), [0, 2]);
    // *1 + *1 = *0: after the first player's move the second restores a loss for them (from
    // (0, 1) the move 1 → 2 leaves (0, 2), whose only move gives the exit to the second).
    assert_eq!(
        loopy.value_of_sum(&[v[1].clone(), v[1].clone()]),
        Ok(Value::Finite(Nimber::ZERO))
    );
    assert_eq!(
        loopy.winning_moves_in_sum(&[v[1].clone(), v[1].clone()]),
        Ok(vec![])
    );
}

#[test]
fn a_two_cycle_with_an_exit_two_steps_away() {
    // 0 ⇄ 1, 1 → 2 → 3, and 3 has no move. 3 is *0 and 2 is *1 (N: to 3). From 1 the move to
    // 2 loses (to a won position), so 1 moves to 0, whose only move is back to 1: both are
    // draws. 0's only option is infinite, ∞{}; 1's finite option is 2, ∞{1}.
    let graph = [vec![1], vec![0, 2], vec![3], vec![]];
    assert_eq!(values_of(&graph), ["∞{}", "∞{1}", "*1", "*0"]);
    let v = vertices(&graph);
    let mut loopy = Loopy::new();
    assert_eq!(loopy.outcome(&v[0]), Ok(Outcome::Draw));
    assert_eq!(loopy.outcome(&v[1]), Ok(Outcome::Draw));
    assert_eq!(loopy.drawing_moves(&v[1]), Ok(vec![0]));
    assert_eq!(loopy.drawing_moves(&v[0]), Ok(vec![1]));
    assert_eq!(loopy.winning_moves(&v[1]), Ok(vec![]));
    assert_eq!(loopy.winning_moves(&v[2]), Ok(vec![3]));
}

#[test]
fn two_won_cycles_make_a_drawn_sum() {
    // 0 ⇄ 1, both → 2, and 2 has no move. 0 and 1 are won by the exit, and neither can be a
    // nimber (the other's only way to reverse is back through it): ∞{0}. In the sum of two
    // tokens, whoever takes one to the exit leaves the other player a won token, so neither
    // does, and the tokens go round for ever: ∞{0} + ∞{0} = ∞{}, a draw.
    let graph = [vec![1, 2], vec![0, 2], vec![]];
    assert_eq!(values_of(&graph), ["∞{0}", "∞{0}", "*0"]);
    let v = vertices(&graph);
    let mut loopy = Loopy::new();
    let pair = [v[0].clone(), v[1].clone()];
    assert_eq!(loopy.value_of_sum(&pair), Ok(Value::Infinite(vec![])));
    assert_eq!(loopy.winning_moves_in_sum(&pair), Ok(vec![]));
    // Beside a Nim heap of 1 (vertex 4 → 3, 3 without moves): ∞{0} + *1 = ∞{1}, a draw. The
    // exit leaves *1 and emptying the heap leaves ∞{0}, both won by the other player; the
    // move round the cycle leaves the same kind of position.
    let graph = [vec![1, 2], vec![0, 2], vec![], vec![], vec![3]];
    let v = vertices(&graph);
    let sum = [v[0].clone(), v[4].clone()];
    assert_eq!(
        loopy.value_of_sum(&sum),
        Ok(Value::Infinite(vec![Nimber::ONE]))
    );
    assert_eq!(loopy.value_of_sum(&sum).unwrap().outcome(), Outcome::Draw);
}

#[test]
fn an_infinite_option_that_reverses_keeps_a_value_finite() {
    // 0 → 3 and 0 → 1; 1 → 1 (a self-loop) and 1 → 2; 2 → 3; 3 has no move. 3 is *0 and 2
    // is *1. 1 is infinite (its self-loop), with the finite option *1: ∞{1}. 0 has the
    // options *0 and 1, and 1 reverses through 2 to *1: 0 is *1, not infinite. Then
    // 0 + 2 = *1 + *1 = *0: of the first player's moves, 0 → 3 and 2 → 3 leave *1 (won by
    // the other player), and 0 → 1 is answered by 1 → 2, leaving 2 + 2, lost.
    let graph = [vec![3, 1], vec![1, 2], vec![3], vec![]];
    assert_eq!(values_of(&graph), ["*1", "∞{1}", "*1", "*0"]);
    let v = vertices(&graph);
    let mut loopy = Loopy::new();
    let sum = [v[0].clone(), v[2].clone()];
    assert_eq!(loopy.value_of_sum(&sum), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(loopy.winning_moves_in_sum(&sum), Ok(vec![]));
    // From 1 + 2 = ∞{1} + *1 = ∞{0}, the winning move is 1 → 2 (to 2 + 2).
    let sum = [v[1].clone(), v[2].clone()];
    assert_eq!(loopy.winning_moves_in_sum(&sum), Ok(vec![(0, 2)]));
}

#[test]
fn nim_heaps_beside_a_loop_and_reversals_through_it() {
    // Vertices 0 to 19 are Nim heaps (h moves to every smaller h), *h. Vertex 20 moves to
    // every heap and to itself: infinite (its self-loop), ∞{0, …, 19}, won by the move to 0.
    // Vertex 21 moves to 20 only, which the other player answers with 20 → 0: 21 is lost,
    // *0, its infinite option reversing through *0. Vertex 22 moves to 21 (*0) and 20, which
    // reverses through 20 → 1: *1.
    let mut graph: Vec<Vec<u8>> = (0..20).map(|h| (0..h).collect()).collect();
    graph.push((0..=20).collect());
    graph.push(vec![20]);
    graph.push(vec![21, 20]);
    let values = values_of(&graph);
    let heaps: Vec<String> = (0..20).map(|h| format!("*{h}")).collect();
    assert_eq!(values[..20], heaps);
    let all: Vec<String> = (0..20).map(|h| h.to_string()).collect();
    assert_eq!(values[20], format!("∞{{{}}}", all.join(",")));
    assert_eq!(values[21..], ["*0", "*1"]);
    let v = vertices(&graph);
    let mut loopy = Loopy::new();
    assert_eq!(loopy.winning_moves(&v[20]), Ok(vec![0]));
    assert_eq!(loopy.winning_moves(&v[22]), Ok(vec![21]));
    // Beside a heap of 25: 25 ⊕ k for k in K is never 0 (25 ∉ K), a draw. Beside a heap of
    // 5: 5 ⊕ 5 = 0, won, and only by the move 20 → 5 (the heap's moves leave an infinite sum).
    let heaps: Vec<Vec<u8>> = (0..26).map(|h| (0..h).collect()).collect();
    let h = vertices(&heaps);
    let sum = [v[20].clone(), h[25].clone()];
    assert_eq!(loopy.value_of_sum(&sum).unwrap().outcome(), Outcome::Draw);
    assert_eq!(loopy.winning_moves_in_sum(&sum), Ok(vec![]));
    let sum = [v[20].clone(), h[5].clone()];
    assert_eq!(loopy.value_of_sum(&sum).unwrap().outcome(), Outcome::Next);
    assert_eq!(loopy.winning_moves_in_sum(&sum), Ok(vec![(0, 5)]));
}

#[test]
fn the_limits_are_kept_and_lowered_to_what_fits() {
    // Documented: a position limit is at most u32::MAX - 2, a move limit at most u32::MAX.
    let loopy = Loopy::<Vertex>::with_position_limit(7).with_move_limit(9);
    assert_eq!((loopy.position_limit(), loopy.move_limit()), (7, 9));
    let loopy = Loopy::<Vertex>::with_position_limit(usize::MAX).with_move_limit(usize::MAX);
    assert_eq!(loopy.position_limit(), u32::MAX as usize - 2);
    assert_eq!(loopy.move_limit(), u32::MAX as usize);
    // A limit of 0 positions stores nothing; of 0 moves, a vertex without moves only.
    let v = vertices(&[vec![], vec![0]]);
    assert_eq!(
        Loopy::with_position_limit(0).outcome(&v[0]),
        Err(Error::PositionLimit { limit: 0 })
    );
    let mut loopy = Loopy::new().with_move_limit(0);
    assert_eq!(loopy.outcome(&v[0]), Ok(Outcome::Previous));
    assert_eq!(
        loopy.outcome(&v[1]),
        Err(Error::SearchMoveLimit { limit: 0 })
    );
    assert_eq!(loopy.len(), 1);
}

#[test]
fn a_fault_names_its_error() {
    // 0 → 1 → 2, 3 → 2, and 1 cannot list its moves: 0 and 1 fail, 2 and 3 do not.
    let graph = Arc::new(vec![vec![1], vec![2], vec![], vec![2]]);
    for named in [true, false] {
        let at = |at: u8| Faulty {
            graph: Arc::clone(&graph),
            at,
            bad: 1,
            named,
        };
        let error = if named {
            Faulty::error(1)
        } else {
            Error::IncompleteMoves
        };
        let mut loopy = Loopy::new();
        assert_eq!(loopy.value(&at(3)), Ok(Value::Finite(Nimber::ONE)));
        assert_eq!(loopy.value(&at(0)), Err(error.clone()));
        assert_eq!(loopy.winning_moves(&at(1)), Err(error));
        assert_eq!(loopy.len(), 2);
        assert_eq!(loopy.winning_moves(&at(3)), Ok(vec![2]));
        assert_eq!(loopy.value(&at(2)), Ok(Value::Finite(Nimber::ZERO)));
        assert_eq!(loopy.len(), 2);
    }
}

// ---------------------------------------------------------------------------------------------
// Regressions
// ---------------------------------------------------------------------------------------------

#[test]
fn a_move_limit_lowered_below_the_stored_moves_fails_the_next_query() {
    // 0 → 1 → 2 stores two moves; the limit lowered to one is already passed, so a query
    // that lists more moves fails (it underflowed: a panic in debug, the limit ignored in
    // release), as the `Solver`'s does, and one answered from the stored graph does not.
    let v = vertices(&[vec![1], vec![2], vec![], vec![0, 1, 2]]);
    let mut loopy = Loopy::new();
    assert_eq!(loopy.value(&v[0]), Ok(Value::Finite(Nimber::ZERO)));
    let mut loopy = loopy.with_move_limit(1);
    assert_eq!(loopy.value(&v[3]), Err(Error::SearchMoveLimit { limit: 1 }));
    assert_eq!(loopy.len(), 3);
    assert_eq!(loopy.value(&v[1]), Ok(Value::Finite(Nimber::ONE)));
    let mut solver = Solver::new();
    assert_eq!(solver.grundy(&v[0]), Ok(Nimber::ZERO));
    let mut solver = solver.with_move_limit(1);
    assert_eq!(
        solver.grundy(&v[3]),
        Err(Error::SearchMoveLimit { limit: 1 })
    );
}

/// How many [`Fan`] positions are alive, and the most that have been.
static FAN_LIVE: AtomicUsize = AtomicUsize::new(0);
static FAN_PEAK: AtomicUsize = AtomicUsize::new(0);
/// How many options [`Fan`]'s position 0 has.
const FAN_OUT: u32 = 100_000;

/// Position 0 has [`FAN_OUT`] distinct options, which have no moves; every `Fan` made or
/// cloned is counted alive until dropped.
#[derive(PartialEq, Eq, Hash, Debug)]
struct Fan(u32);

impl Fan {
    fn new(at: u32) -> Fan {
        let live = FAN_LIVE.fetch_add(1, Relaxed) + 1;
        FAN_PEAK.fetch_max(live, Relaxed);
        Fan(at)
    }
}

impl Clone for Fan {
    fn clone(&self) -> Fan {
        Fan::new(self.0)
    }
}

impl Drop for Fan {
    fn drop(&mut self) {
        FAN_LIVE.fetch_sub(1, Relaxed);
    }
}

impl Game for Fan {
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Fan) -> ControlFlow<()>,
    {
        if self.0 == 0 {
            (1..=FAN_OUT).try_for_each(|to| visit(to, Fan::new(to)))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn a_position_with_more_options_than_the_position_limit_fails_early() {
    // The position limit bounds the memory: the options of one position are not all held
    // before the limit is checked (they were: 100 002 positions alive for a limit of 10).
    let root = Fan::new(0);
    FAN_PEAK.store(FAN_LIVE.load(Relaxed), Relaxed);
    let mut loopy = Loopy::with_position_limit(10);
    assert_eq!(loopy.value(&root), Err(Error::PositionLimit { limit: 10 }));
    assert!(loopy.is_empty());
    let peak = FAN_PEAK.load(Relaxed);
    assert!(peak < 1000, "{peak} positions alive at once");
}

/// Position 0 has [`SPIN_OUT`] moves, to itself and to positions 1 to 9 in turn, which have
/// none: ten positions however many moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Spin(u32);
const SPIN_OUT: u32 = 10_000;

impl Game for Spin {
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Spin) -> ControlFlow<()>,
    {
        if self.0 == 0 {
            (0..SPIN_OUT).try_for_each(|k| visit(k, Spin(k % 10)))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn many_moves_to_few_positions_fit_a_position_limit_exactly() {
    // Dropping the repeats of a long list of options, to fail early, must not fail a
    // position whose options (itself among them) fit the limit.
    let mut loopy = Loopy::with_position_limit(10);
    assert_eq!(
        loopy.value(&Spin(0)),
        Ok(Value::Infinite(vec![Nimber::ZERO]))
    );
    assert_eq!(loopy.len(), 10);
    assert_eq!(
        Loopy::with_position_limit(9).value(&Spin(0)),
        Err(Error::PositionLimit { limit: 9 })
    );
}

#[test]
fn the_move_limit_counts_the_moves_listed_again_for_an_answer() {
    // Winning and drawing moves list the position's moves again, from the game: those count
    // against the limit like any other (they did not: ten `winning_moves` of a position of
    // 10 000 moves listed 100 000 more under a limit of 15 000).
    let mut loopy = Loopy::new().with_move_limit(15_000);
    assert_eq!(
        loopy.value(&Spin(0)),
        Ok(Value::Infinite(vec![Nimber::ZERO]))
    );
    assert_eq!(
        loopy.winning_moves(&Spin(0)),
        Err(Error::SearchMoveLimit { limit: 15_000 })
    );
    assert_eq!(loopy.len(), 10);
    let mut loopy = loopy.with_move_limit(20_000);
    let winning = loopy.winning_moves(&Spin(0)).unwrap();
    assert_eq!(winning.len(), 9_000);
    assert!(winning.iter().all(|&k| k % 10 != 0));
    assert_eq!(
        loopy.winning_moves(&Spin(0)),
        Err(Error::SearchMoveLimit { limit: 20_000 })
    );
    // A won position lists no move for its drawing moves; the sum lists Spin(0)'s again.
    let mut loopy = loopy.with_move_limit(29_999);
    assert_eq!(loopy.drawing_moves(&Spin(0)), Ok(vec![]));
    assert_eq!(
        loopy
            .winning_moves_in_sum(&[Spin(0), Spin(1)])
            .map(|moves| moves.len()),
        Err(Error::SearchMoveLimit { limit: 29_999 })
    );
    let mut loopy = loopy.with_move_limit(30_000);
    assert_eq!(
        loopy
            .winning_moves_in_sum(&[Spin(0), Spin(1)])
            .map(|moves| moves.len()),
        Ok(9_000)
    );

    // A sum that fails in its second part gives back the count of its first: the Nim heaps
    // of 3 + 3 store 6 moves and list 3 again for each part; with 11 the second part fails,
    // and the solver has 5 moves left, as before, not 2.
    let heap = vertices(&[vec![], vec![0], vec![0, 1], vec![0, 1, 2]]);
    let mut loopy = Loopy::new().with_move_limit(11);
    let sum = [heap[3].clone(), heap[3].clone()];
    assert_eq!(loopy.value_of_sum(&sum), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(
        loopy.winning_moves_in_sum(&sum),
        Err(Error::SearchMoveLimit { limit: 11 })
    );
    assert_eq!(loopy.winning_moves(&heap[3]), Ok(vec![0]));
    assert_eq!(loopy.winning_moves(&heap[2]), Ok(vec![0]));
    assert_eq!(
        loopy.winning_moves(&heap[1]),
        Err(Error::SearchMoveLimit { limit: 11 })
    );
}

/// How many [`Wide`] positions are alive, and the most that have been.
static WIDE_LIVE: AtomicUsize = AtomicUsize::new(0);
static WIDE_PEAK: AtomicUsize = AtomicUsize::new(0);
/// How many moves [`Wide`]'s position 0 has.
const WIDE_OUT: u32 = 100_000;

/// Position 0 has [`WIDE_OUT`] moves, every one to position 1, which has none; every `Wide`
/// made or cloned is counted alive until dropped.
#[derive(PartialEq, Eq, Hash, Debug)]
struct Wide(u32);

impl Wide {
    fn new(at: u32) -> Wide {
        let live = WIDE_LIVE.fetch_add(1, Relaxed) + 1;
        WIDE_PEAK.fetch_max(live, Relaxed);
        Wide(at)
    }
}

impl Clone for Wide {
    fn clone(&self) -> Wide {
        Wide::new(self.0)
    }
}

impl Drop for Wide {
    fn drop(&mut self) {
        WIDE_LIVE.fetch_sub(1, Relaxed);
    }
}

impl Game for Wide {
    type Move = u32;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Wide) -> ControlFlow<()>,
    {
        if self.0 == 0 {
            (0..WIDE_OUT).try_for_each(|k| visit(k, Wide::new(1)))?;
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn winning_moves_hold_the_moves_not_the_options() {
    // A position of two options and 100 000 moves: its winning moves are looked up one by
    // one, not held with their options first (they were: 100 000 positions alive at once,
    // where the value holds a few).
    let root = Wide::new(0);
    let mut loopy = Loopy::with_position_limit(10);
    assert_eq!(loopy.value(&root), Ok(Value::Finite(Nimber::ONE)));
    WIDE_PEAK.store(WIDE_LIVE.load(Relaxed), Relaxed);
    let winning = loopy.winning_moves(&root).unwrap();
    assert_eq!(winning, (0..WIDE_OUT).collect::<Vec<_>>());
    let peak = WIDE_PEAK.load(Relaxed);
    assert!(peak < 100, "{peak} positions alive at once");
    let sum = loopy
        .winning_moves_in_sum(&[root.clone(), Wide::new(1)])
        .unwrap();
    assert_eq!(sum.len(), WIDE_OUT as usize);
    let peak = WIDE_PEAK.load(Relaxed);
    assert!(peak < 100, "{peak} positions alive at once in a sum");
}

#[test]
fn the_laws_of_values_hold_for_any_k() {
    // `K` unsorted, or with repeats, as a user may build it: the outcome reads `0 ∈ K`, and a
    // sum is ascending without repeats.
    let (zero, one) = (Nimber::ZERO, Nimber::ONE);
    assert_eq!(Value::Infinite(vec![one, zero]).outcome(), Outcome::Next);
    assert_eq!(Value::Infinite(vec![one, one]).outcome(), Outcome::Draw);
    assert_eq!(
        Value::Infinite(vec![one, zero, one]).sum(&Value::Finite(zero)),
        Value::Infinite(vec![zero, one])
    );
    assert_eq!(
        Value::Finite(one).sum(&Value::Infinite(vec![nimber(3), one, nimber(3)])),
        Value::Infinite(vec![zero, nimber(2)])
    );
}

#[test]
fn a_values_display_ignores_precision_as_a_nimbers_does() {
    let twelve = Value::Finite(nimber(12));
    assert_eq!(format!("{:.1}", nimber(12)), "*12");
    assert_eq!(format!("{twelve:.1}"), "*12");
    assert_eq!(format!("[{twelve:>6.1}]"), "[   *12]");
    assert_eq!(format!("[{twelve:-<5}]"), "[*12--]");
    let k = Value::Infinite(vec![nimber(10), nimber(11)]);
    assert_eq!(format!("{k:.2}"), "∞{10,11}");
    assert_eq!(format!("[{k:^10.2}]"), "[ ∞{10,11} ]");
}

#[test]
fn clear_forgets_every_position_and_keeps_the_limits() {
    let v = vertices(&[vec![1], vec![0, 2], vec![]]);
    let mut loopy = Loopy::with_position_limit(5).with_move_limit(7);
    assert_eq!(loopy.value(&v[0]), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(loopy.len(), 3);
    loopy.clear();
    assert!(loopy.is_empty());
    assert_eq!((loopy.position_limit(), loopy.move_limit()), (5, 7));
    // Answers again, from nothing, within the whole move limit.
    assert_eq!(loopy.value(&v[2]), Ok(Value::Finite(Nimber::ZERO)));
    assert_eq!(loopy.len(), 1);
    assert_eq!(loopy.outcome(&v[1]), Ok(Outcome::Next));
    assert_eq!(loopy.winning_moves(&v[1]), Ok(vec![0, 2]));
    assert_eq!(loopy.len(), 3);
}
