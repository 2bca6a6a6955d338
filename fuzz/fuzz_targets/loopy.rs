//! The loopy solver on arbitrary games given as graphs, cycles and self-loops included: no
//! panic; every value obeys Smith's laws at its position (a finite `*n` has options of every
//! value below `n` and none of `n`, and each option of a larger or infinite value has an
//! option of value `n`; `∞{K}` has `K` the finite values of its options); the outcomes obey
//! the laws of wins, losses and draws, and the remoteness their parity; winning moves lead to
//! losses; limits are errors after which a solver still answers.
#![no_main]

use grundy::loopy::{Loopy, Outcome, Value};
use grundy::{Error, Game, Nimber};
use libfuzzer_sys::fuzz_target;
use std::sync::Arc;

#[path = "graph.rs"]
mod graph;
use graph::Token;

fuzz_target!(|input: (Vec<Vec<u8>>, u8, u8)| {
    let (raw, start, limit) = input;
    let n = raw.len().clamp(1, 32);
    let graph: Vec<Vec<u8>> = raw
        .into_iter()
        .take(n)
        .map(|edges| edges.into_iter().take(6).map(|v| v % n as u8).collect())
        .collect();
    let n = graph.len().max(1);
    let graph = Arc::new(graph);
    let token = |at: u8| Token {
        graph: Arc::clone(&graph),
        at: at % n as u8,
    };
    let mut loopy = Loopy::new();
    let root = token(start);
    let value = loopy.value(&root).unwrap();
    assert_eq!(loopy.outcome(&root).unwrap(), value.outcome());
    let options: Vec<Token> = root.moves().into_iter().map(|(_, next)| next).collect();
    let values: Vec<Value> = options.iter().map(|o| loopy.value(o).unwrap()).collect();
    let outcomes: Vec<Outcome> = values.iter().map(Value::outcome).collect();
    match &value {
        Value::Finite(v) => {
            for below in 0..v.get() {
                assert!(values.contains(&Value::Finite(Nimber::new(below))));
            }
            assert!(!values.contains(&value));
            for (o, w) in options.iter().zip(&values) {
                if w.finite().map_or(true, |x| x > *v) {
                    let back = o.moves().into_iter().any(|(_, q)| loopy.value(&q).unwrap() == value);
                    assert!(back, "an option of {value} does not reverse");
                }
            }
        }
        Value::Infinite(k) => {
            let mut finite: Vec<Nimber> = values.iter().filter_map(Value::finite).collect();
            finite.sort_unstable();
            finite.dedup();
            assert_eq!(*k, finite);
        }
    }
    // The laws of outcomes: won if a move loses for the other player; lost if every move
    // wins for them; else a draw, with a move to a draw.
    let expected = if outcomes.contains(&Outcome::Previous) {
        Outcome::Next
    } else if outcomes.iter().all(|&o| o == Outcome::Next) {
        Outcome::Previous
    } else {
        Outcome::Draw
    };
    assert_eq!(value.outcome(), expected);
    let remoteness = loopy.remoteness(&root).unwrap();
    match value.outcome() {
        Outcome::Draw => assert_eq!(remoteness, None),
        Outcome::Previous => assert_eq!(remoteness.map(|r| r % 2), Some(0)),
        Outcome::Next => assert_eq!(remoteness.map(|r| r % 2), Some(1)),
    }
    for mv in loopy.winning_moves(&root).unwrap() {
        assert_eq!(loopy.outcome(&root.play(mv).unwrap()).unwrap(), Outcome::Previous);
    }
    for mv in loopy.drawing_moves(&root).unwrap() {
        assert_eq!(loopy.outcome(&root.play(mv).unwrap()).unwrap(), Outcome::Draw);
    }
    // A small solver gives the same value, or a limit error after which it is as it was (empty)
    // and still answers.
    let mut small = Loopy::with_position_limit(usize::from(limit % 8) + 1).with_move_limit(12);
    match small.value(&root) {
        Ok(v) => assert_eq!(v, value),
        Err(Error::PositionLimit { .. } | Error::SearchMoveLimit { .. }) => {
            assert!(small.is_empty());
            let leaf = Token {
                graph: Arc::new(vec![vec![]]),
                at: 0,
            };
            assert_eq!(small.value(&leaf).unwrap(), Value::Finite(Nimber::ZERO));
        }
        Err(e) => panic!("{e}"),
    }
});
