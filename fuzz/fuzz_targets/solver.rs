//! The generic `Solver` on arbitrary games given as graphs (a token moves along edges): no
//! panic; a cycle is `Error::Cycle`; limits are errors after which the solver still answers;
//! values are the mex of the options' values, and winning moves lead to P-positions.
#![no_main]

use grundy::prelude::*;
use grundy::{mex, Error};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

#[path = "graph.rs"]
mod graph;
use graph::Token;

fuzz_target!(|input: (Vec<Vec<u8>>, u8, u8)| {
    let (raw, start, limit) = input;
    let n = raw.len().clamp(1, 24);
    let graph: Vec<Vec<u8>> = raw
        .into_iter()
        .take(n)
        .map(|edges| edges.into_iter().take(6).map(|v| v % n as u8).collect())
        .collect();
    let graph = Arc::new(graph);
    let token = |at: u8| Token {
        graph: Arc::clone(&graph),
        at: at % n as u8,
    };
    let mut small = Solver::with_position_limit(usize::from(limit % 8) + 1).with_move_limit(12);
    let mut solver = Solver::new();
    let root = token(start);
    match solver.grundy(&root) {
        Ok(value) => {
            // The mex law, on the root's options.
            let options: Vec<Nimber> = root
                .moves()
                .into_iter()
                .map(|(_, next)| solver.grundy(&next).unwrap())
                .collect();
            assert_eq!(value, mex(options));
            for play in [Play::Normal, Play::Misere] {
                let winning: Vec<u8> = solver.winning_moves(&root, play).unwrap().collect();
                for mv in &winning {
                    let next = root.play(*mv).unwrap();
                    assert_eq!(solver.outcome(&next, play).unwrap(), Outcome::Previous);
                }
            }
            // A small solver gives the same answer or a limit error, and still answers later.
            match small.grundy(&root) {
                Ok(v) => assert_eq!(v, value),
                Err(Error::PositionLimit { .. } | Error::SearchMoveLimit { .. }) => {}
                Err(e) => panic!("{e}"),
            }
            let leaf = Token {
                graph: Arc::new(vec![vec![]]),
                at: 0,
            };
            assert_eq!(Solver::new().grundy(&leaf).unwrap(), Nimber::ZERO);
        }
        Err(Error::Cycle) => {
            assert!(solver.is_empty(), "a failed search leaves the solver as it was");
        }
        Err(e) => panic!("{e}"),
    }
});
