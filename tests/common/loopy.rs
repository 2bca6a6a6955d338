//! The brute force of games with cycles that the tests of `grundy::loopy` and of tutorial 16
//! share: wins, losses and draws by retrograde analysis, knowing nothing of Smith's values.

use grundy::loopy::Outcome;

/// The outcome of every vertex of the graph whose moves from vertex `u` reach `moves[u]`, by
/// retrograde analysis. `left[u]` counts the moves of `u` not yet known to reach a won
/// vertex; a vertex is decided once, and each move is looked at once, when its target is
/// decided.
pub fn retrograde(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let n = moves.len();
    let mut movers = vec![Vec::new(); n];
    for (u, options) in moves.iter().enumerate() {
        for &v in options {
            movers[v].push(u);
        }
    }
    let mut left: Vec<usize> = moves.iter().map(Vec::len).collect();
    let mut decided: Vec<Option<Outcome>> = vec![None; n];
    let mut work: Vec<usize> = (0..n).filter(|&u| moves[u].is_empty()).collect();
    for &u in &work {
        decided[u] = Some(Outcome::Previous);
    }
    while let Some(v) = work.pop() {
        let lost = decided[v] == Some(Outcome::Previous);
        for &u in &movers[v] {
            if decided[u].is_some() {
                continue;
            }
            if lost {
                decided[u] = Some(Outcome::Next);
                work.push(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    decided[u] = Some(Outcome::Previous);
                    work.push(u);
                }
            }
        }
    }
    decided
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::Draw))
        .collect()
}
