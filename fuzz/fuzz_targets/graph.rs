//! The game both graph targets feed: a token on a vertex of a directed graph, moved along an
//! edge (a move is the vertex reached). Included by `solver.rs` and `loopy.rs`.

use core::ops::ControlFlow;
use grundy::Game;
use std::sync::Arc;

/// A token on vertex `at` of a directed graph (edges from each vertex).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    pub graph: Arc<Vec<Vec<u8>>>,
    pub at: u8,
}

impl Game for Token {
    type Move = u8;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u8, Token) -> ControlFlow<()>,
    {
        let edges = self.graph.get(usize::from(self.at)).map_or(&[][..], |e| &e[..]);
        for &to in edges {
            visit(
                to,
                Token {
                    graph: Arc::clone(&self.graph),
                    at: to,
                },
            )?;
        }
        ControlFlow::Continue(())
    }
}
