//! # Your own game: tokens on a graph
//!
//! Run it with `cargo run --release --example your_own_game`.
//!
//! A token stands on a vertex of a small directed graph with no cycle; a move slides it
//! along one edge, and whoever cannot move loses. The crate does not know this game. How do
//! you tell it the game, who wins from each vertex, and what if there are several tokens, or
//! a Nim heap beside them?
//!
//! The idea: implement [`Game`]. A position lists its moves, each with the position it leads
//! to ([`Game::for_each_move`]); a [`Solver`] then searches the positions, and answers the
//! same questions as every game of the crate: the Grundy value (the mex of the values one
//! move away), who wins, and every winning move. A vertex with no edge out is worth `*0`,
//! and so is every vertex whose edges all lead to vertices of non-zero value.
//!
//! Several tokens on the graph (any number on one vertex) do not meet: a move slides one of
//! them, so the position is the sum of one-token games. [`Game::parts`] says so, and the
//! solver then searches each token alone and adds the values with the nim-sum (the
//! Sprague–Grundy theorem). And since the game is a [`Game`], it sits in a sum beside a game
//! of the crate: a tuple `(tokens, nim)`, answered by the tuple of evaluators
//! `(Solver::new(), Direct)`.
//!
//! What to watch in the output: the value of every vertex; the winning moves of one token
//! and of three; the count of positions the solver stores with [`Game::parts`] (a handful:
//! the tokens alone) and without it (every way to place the three tokens that play can
//! reach); two tokens on one vertex worth `*0` together (whatever one does, the other copies);
//! and the winning moves of the tokens beside a Nim heap, in both games.
//!
//! ## Exercises
//!
//! 1. Add the edge `0 → 9`, which closes a cycle. What does the solver answer? (A cycle is
//!    [`Error::Cycle`], never a hang: see the errors of [`Solver`] in
//!    `src/solve/solver.rs`.)
//! 2. Add the edge `7 → 5`. Which vertices change value, and does the token at 8 still
//!    have a winning move in the sum with the Nim heap? (The program prints both; check a
//!    vertex by hand with the mex, `G(v) = mex{G(w) : v → w}`.)
//! 3. Ask `Solver::new().outcome(&tokens, Play::Misere)` for the three tokens. The solver
//!    does not split a position under misère play: how many positions does it store?
//!    (See [`Game::parts`], in `src/game.rs`.)
//!
//! [`Game`]: grundy::Game
//! [`Game::for_each_move`]: grundy::Game::for_each_move
//! [`Game::parts`]: grundy::Game::parts
//! [`Solver`]: grundy::Solver
//! [`Error::Cycle`]: grundy::Error::Cycle

mod output;

use core::fmt::{self, Write};
use core::ops::ControlFlow;
use grundy::games::Nim;
use grundy::prelude::*;
use grundy::{Direct, Part};

/// The graph: `EDGES[v]` lists the vertices a token on vertex `v` may slide to. Every edge
/// goes to a smaller vertex, so there is no cycle.
pub const EDGES: [&[u8]; 10] = [
    &[],           // 0
    &[0],          // 1
    &[0, 1],       // 2
    &[1],          // 3
    &[2, 3],       // 4
    &[0, 3, 4],    // 5
    &[4, 5],       // 6
    &[2, 6],       // 7
    &[3, 5, 7],    // 8
    &[2, 4, 6, 8], // 9
];

/// Tokens on vertices of the graph, sorted (so that the same tokens are one position).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Tokens(Vec<u8>);

impl Tokens {
    /// Tokens on these vertices, in any order.
    ///
    /// # Errors
    ///
    /// A vertex that is not in the graph.
    pub fn new(at: &[u8]) -> Result<Tokens, String> {
        if let Some(v) = at.iter().find(|&&v| usize::from(v) >= EDGES.len()) {
            return Err(format!("vertex {v} is not in the graph (0 to 9)"));
        }
        let mut at = at.to_vec();
        at.sort_unstable();
        Ok(Tokens(at))
    }

    /// The vertices the tokens stand on, ascending.
    pub fn vertices(&self) -> &[u8] {
        &self.0
    }
}

/// `(5, 8, 9)`.
impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at: Vec<String> = self.0.iter().map(u8::to_string).collect();
        write!(f, "({})", at.join(", "))
    }
}

/// A move: a token on vertex `from` slides along an edge to vertex `to`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Slide {
    /// The vertex the token leaves.
    pub from: u8,
    /// The vertex it reaches.
    pub to: u8,
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "token at {} to {}", self.from, self.to)
    }
}

impl Game for Tokens {
    type Move = Slide;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Slide, Tokens) -> ControlFlow<()>,
    {
        for (i, &from) in self.0.iter().enumerate() {
            // Tokens on one vertex have the same moves: list them once.
            if i > 0 && self.0[i - 1] == from {
                continue;
            }
            for &to in EDGES[usize::from(from)] {
                let mut at = self.0.clone();
                at[i] = to;
                at.sort_unstable();
                visit(Slide { from, to }, Tokens(at))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Two or more tokens are the sum of one-token games: a move slides one of them.
    fn parts(&self) -> Option<Vec<Tokens>> {
        (self.0.len() >= 2).then(|| self.0.iter().map(|&v| Tokens(vec![v])).collect())
    }
}

/// The same tokens searched whole: the same moves, and no [`Game::parts`].
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Whole(pub Tokens);

impl Game for Whole {
    type Move = Slide;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Slide, Whole) -> ControlFlow<()>,
    {
        self.0.for_each_move(|mv, next| visit(mv, Whole(next)))
    }
}

/// The three tokens of the story.
pub const THREE: [u8; 3] = [5, 8, 9];

/// The Nim heap beside them.
pub const HEAP: u8 = 7;

/// `"a, b, c"`, or `"none"`.
fn joined(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports (none, for this small graph).
pub fn story(out: &mut String) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "A token on a graph with no cycle: a move slides it along one edge; whoever cannot \
         move loses."
    )?;
    let edges = EDGES.iter().enumerate().filter(|(_, to)| !to.is_empty());
    let edges = edges.map(|(v, to)| {
        let to: Vec<String> = to.iter().map(u8::to_string).collect();
        format!("{v} → {}", to.join(" "))
    });
    writeln!(out, "  the edges: {}", edges.collect::<Vec<_>>().join("; "))?;

    let mut solver = Solver::new();
    let mut values = Vec::new();
    for v in 0..EDGES.len() as u8 {
        values.push(solver.grundy(&Tokens::new(&[v])?)?);
    }
    let shown: Vec<String> = values.iter().map(|g| g.get().to_string()).collect();
    writeln!(
        out,
        "One token, searched by a Solver: G(0..=9) = {}",
        shown.join(" ")
    )?;
    let lost = (0..EDGES.len()).filter(|&v| values[v].is_zero());
    writeln!(
        out,
        "  the player to move loses with the token at {}",
        joined(lost.map(|v| v.to_string()))
    )?;
    for v in [9u8, 8] {
        let token = Tokens::new(&[v])?;
        let moves = solver.winning_moves(&token, Play::Normal)?;
        writeln!(
            out,
            "  at {v} ({}), the winning moves: {}",
            values[usize::from(v)],
            joined(moves.map(|mv| mv.to_string()))
        )?;
    }

    let three = Tokens::new(&THREE)?;
    let mut split = Solver::new();
    let value = split.grundy(&three)?;
    let stored = split.len();
    let terms: Vec<String> = three
        .vertices()
        .iter()
        .map(|&v| values[usize::from(v)].to_string())
        .collect();
    writeln!(
        out,
        "Tokens at {three}: a sum of one-token games (Game::parts), {} = {value}",
        terms.join(" + ")
    )?;
    let moves = split.winning_moves(&three, Play::Normal)?;
    writeln!(
        out,
        "  the winning moves: {}",
        joined(moves.map(|mv| mv.to_string()))
    )?;
    let mut whole = Solver::new();
    if whole.grundy(&Whole(three.clone()))? != value {
        return Err("the whole search disagrees".into());
    }
    writeln!(
        out,
        "  for the value, the solver stores {stored} positions with the parts (the three tokens \
         and one token on each vertex reached), {} searching the tokens whole",
        whole.len()
    )?;
    let twins = Tokens::new(&[8, 8])?;
    writeln!(
        out,
        "  two tokens at 8, {twins}: {} + {} = {}, the player to move loses",
        values[8],
        values[8],
        split.grundy(&twins)?
    )?;

    let sum = (three, Nim::from([HEAP]));
    let mut evaluator = (Solver::new(), Direct);
    writeln!(
        out,
        "The tokens {} beside a Nim heap of {HEAP}: {} + {} = {}",
        sum.0,
        value,
        sum.1.grundy()?,
        evaluator.grundy(&sum)?
    )?;
    let moves: Vec<_> = evaluator.winning_moves(&sum, Play::Normal)?.collect();
    for mv in moves {
        let after = sum.play(mv)?;
        let words = match mv {
            Part::P0(slide) => format!("on the graph, {slide}"),
            Part::P1(heap) => format!("in Nim, {heap}"),
            _ => unreachable!("a sum of two has two parts"),
        };
        writeln!(
            out,
            "  win: {words}, leaving {} + {}, worth {}",
            after.0,
            after.1,
            evaluator.grundy(&after)?
        )?;
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
