//! Misère Nim, Bash, misère Bash, Georgia–Bob and staircase Nim: every closed form against a
//! brute-force search written here from the rules alone, and against the crate's `Solver`.
//!
//! The brute force knows nothing of the crate's games: each game is a plain function listing
//! the moves of a position (a vector or a pair of small integers), and two memoised recursions
//! give the normal-play Grundy value (the mex of the options' values) and the misère outcome
//! (a position is won iff it has no move or some move reaches a lost position). The closed
//! forms must agree with both on the outcome, the Grundy value where there is one, and the
//! **set** of winning moves (and, for the games with a [`ClosedForm`], the set of moves to
//! every value). Edge tests check the tops of the integer types and bad input.

use grundy::games::{
    Bash, BashMove, GeorgiaBob, GeorgiaBobMove, MisereBash, MisereNim, NimMove, Staircase,
    StaircaseMove,
};
use grundy::{ClosedForm, Error, Game, Heap, Nimber, Outcome, Play, Solver};
use quickcheck::{QuickCheck, TestResult};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::Hash;

// ---------------------------------------------------------------------------------------------
// The brute force: rules as move lists, values by memoised recursion.
// ---------------------------------------------------------------------------------------------

/// The moves of a position under some game's rules, each with the position it leads to.
type Rules<S, M> = fn(&S) -> Vec<(M, S)>;

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: HashSet<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

/// The normal-play Grundy value, by recursion over the rules.
fn brute_grundy<S: Clone + Eq + Hash, M>(
    memo: &mut HashMap<S, u32>,
    rules: Rules<S, M>,
    s: &S,
) -> u32 {
    if let Some(&g) = memo.get(s) {
        return g;
    }
    let options: Vec<u32> = rules(s)
        .into_iter()
        .map(|(_, next)| brute_grundy(memo, rules, &next))
        .collect();
    let g = mex(options);
    memo.insert(s.clone(), g);
    g
}

/// Whether the player to move wins under misère play: with no move, yes; otherwise iff some
/// move reaches a position the opponent loses.
fn brute_misere_wins<S: Clone + Eq + Hash, M>(
    memo: &mut HashMap<S, bool>,
    rules: Rules<S, M>,
    s: &S,
) -> bool {
    if let Some(&w) = memo.get(s) {
        return w;
    }
    let moves = rules(s);
    let wins = moves.is_empty()
        || moves
            .into_iter()
            .any(|(_, next)| !brute_misere_wins(memo, rules, &next));
    memo.insert(s.clone(), wins);
    wins
}

/// The moves to a position of normal-play value `target`, sorted.
fn brute_moves_to<S: Clone + Eq + Hash, M: Ord>(
    memo: &mut HashMap<S, u32>,
    rules: Rules<S, M>,
    s: &S,
    target: u32,
) -> Vec<M> {
    let mut moves: Vec<M> = rules(s)
        .into_iter()
        .filter(|(_, next)| brute_grundy(memo, rules, next) == target)
        .map(|(m, _)| m)
        .collect();
    moves.sort();
    moves
}

/// The misère winning moves (moves to a lost position), sorted.
fn brute_misere_winning<S: Clone + Eq + Hash, M: Ord>(
    memo: &mut HashMap<S, bool>,
    rules: Rules<S, M>,
    s: &S,
) -> Vec<M> {
    let mut moves: Vec<M> = rules(s)
        .into_iter()
        .filter(|(_, next)| !brute_misere_wins(memo, rules, next))
        .map(|(m, _)| m)
        .collect();
    moves.sort();
    moves
}

/// Heaps: take any positive number from one heap. Move = (heap index, size after).
#[allow(
    clippy::ptr_arg,
    reason = "the state type is `Vec<u8>`, as `Rules` needs"
)]
fn heap_rules(heaps: &Vec<u8>) -> Vec<((usize, u8), Vec<u8>)> {
    let mut moves = Vec::new();
    for i in 0..heaps.len() {
        for to in 0..heaps[i] {
            let mut next = heaps.clone();
            next[i] = to;
            moves.push(((i, to), next));
        }
    }
    moves
}

/// One heap `n`, take `1..=k`. State = (n, k), move = how many are taken.
fn bash_rules(&(n, k): &(u32, u32)) -> Vec<(u32, (u32, u32))> {
    (1..=k)
        .filter(|&t| t <= n)
        .map(|t| (t, (n - t, k)))
        .collect()
}

/// Chessmen on distinct cells (sorted): slide one left, not onto or past another, not to 0.
/// Move = (from cell, to cell).
#[allow(
    clippy::ptr_arg,
    reason = "the state type is `Vec<u8>`, as `Rules` needs"
)]
fn chessmen_rules(cells: &Vec<u8>) -> Vec<((u8, u8), Vec<u8>)> {
    let mut moves = Vec::new();
    for i in 0..cells.len() {
        let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
        for to in lowest..cells[i] {
            let mut next = cells.clone();
            next[i] = to;
            moves.push(((cells[i], to), next));
        }
    }
    moves
}

/// Coins on steps 1..=n (index 0 is step 1): carry some coins from a step to the one below,
/// off the staircase from step 1. Move = (step, coins).
#[allow(
    clippy::ptr_arg,
    reason = "the state type is `Vec<u8>`, as `Rules` needs"
)]
fn stair_rules(steps: &Vec<u8>) -> Vec<((usize, u8), Vec<u8>)> {
    let mut moves = Vec::new();
    for i in 0..steps.len() {
        for c in 1..=steps[i] {
            let mut next = steps.clone();
            next[i] -= c;
            if i > 0 {
                next[i - 1] += c;
            }
            moves.push(((i + 1, c), next));
        }
    }
    moves
}

/// The crate's `Solver`: the moves of `position` to P-positions under `play`, sorted.
fn solver_winning<G: Game>(position: &G, play: Play) -> Vec<G::Move>
where
    G::Move: Ord,
{
    let mut moves: Vec<G::Move> = Solver::new()
        .winning_moves(position, play)
        .expect("small positions are solved within the default limit")
        .into_iter()
        .map(|(m, _)| m)
        .collect();
    moves.sort();
    moves
}

fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort();
    v
}

fn outcome_of(next_wins: bool) -> Outcome {
    if next_wins {
        Outcome::Next
    } else {
        Outcome::Previous
    }
}

const CASES: u64 = 3000;

// ---------------------------------------------------------------------------------------------
// Misère Nim
// ---------------------------------------------------------------------------------------------

/// Small heaps, with ones and zeros common: at most 4 heaps of at most 5.
fn small_heaps(raw: &[u8]) -> Vec<u8> {
    raw.iter()
        .take(4)
        .map(|&h| match h % 9 {
            h @ 0..=5 => h,
            _ => 1,
        })
        .collect()
}

fn prop_misere_nim(raw: Vec<u8>) -> TestResult {
    let heaps = small_heaps(&raw);
    let nim = MisereNim::new(heaps.clone());
    let mut memo = HashMap::new();
    let wins = brute_misere_wins(&mut memo, heap_rules, &heaps);
    let brute = brute_misere_winning(&mut memo, heap_rules, &heaps);
    let closed: Vec<(usize, u8)> = sorted(nim.winning_moves().map(|m| (m.heap, m.to)).collect());
    let searched: Vec<(usize, u8)> = solver_winning(&nim, Play::Misere)
        .into_iter()
        .map(|m| (m.heap, m.to))
        .collect();
    let outcome = nim.outcome();
    let solver_outcome = Solver::new().outcome(&nim, Play::Misere).ok();
    // Each move listed once, and each leads to a misère P-position.
    let distinct = closed.windows(2).all(|w| w[0] != w[1]);
    let lead_to_p = nim
        .winning_moves()
        .all(|m| nim.play(m).is_ok_and(|p| p.outcome() == Outcome::Previous));
    TestResult::from_bool(
        outcome == outcome_of(wins)
            && solver_outcome == Some(outcome)
            && closed == brute
            && closed == searched
            && distinct
            && lead_to_p,
    )
}

#[test]
fn misere_nim_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_misere_nim as fn(Vec<u8>) -> TestResult);
}

#[test]
fn misere_nim_all_small_positions() {
    // Every position of three heaps of at most 5 and a fourth of at most 2: exhaustive.
    let mut memo = HashMap::new();
    for a in 0..=5u8 {
        for b in 0..=5u8 {
            for c in 0..=5u8 {
                for d in 0..=2u8 {
                    let heaps = vec![a, b, c, d];
                    let nim = MisereNim::new(heaps.clone());
                    let wins = brute_misere_wins(&mut memo, heap_rules, &heaps);
                    assert_eq!(nim.outcome(), outcome_of(wins), "{heaps:?}");
                    let brute = brute_misere_winning(&mut memo, heap_rules, &heaps);
                    let closed = sorted(nim.winning_moves().map(|m| (m.heap, m.to)).collect());
                    assert_eq!(closed, brute, "{heaps:?}");
                }
            }
        }
    }
}

fn misere_nim_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let zero = T::zero();
    // Two equal large heaps: nim-sum 0 with a heap >= 2, lost.
    let nim = MisereNim::new(vec![max, max]);
    assert_eq!(nim.outcome(), Outcome::Previous);
    assert_eq!(nim.winning_moves().count(), 0);
    // One large heap and three ones: empty it, leaving three ones.
    let nim = MisereNim::new(vec![one, max, one, one]);
    let moves: Vec<_> = nim.winning_moves().collect();
    assert_eq!(moves, vec![NimMove { heap: 1, to: zero }]);
    // One large heap and two ones: reduce it to one.
    let nim = MisereNim::new(vec![max, zero, one, one]);
    let moves: Vec<_> = nim.winning_moves().collect();
    assert_eq!(moves, vec![NimMove { heap: 0, to: one }]);
    // Two large heaps: as in Nim.
    let two = one + one;
    let nim = MisereNim::new(vec![max, max - two, one, zero]);
    let moves: Vec<_> = nim.winning_moves().collect();
    // max ^ (max - 2) ^ 1 = 3: the heaps holding bit 1 of 3 move; max - 2 does not hold it.
    assert_eq!(
        moves,
        vec![NimMove {
            heap: 0,
            to: max - two - one
        }]
    );
    for m in moves {
        assert_eq!(nim.play(m).map(|p| p.outcome()), Ok(Outcome::Previous));
    }
}

#[test]
fn misere_nim_exact_at_the_top_of_every_type() {
    misere_nim_at_the_top::<u8>();
    misere_nim_at_the_top::<u16>();
    misere_nim_at_the_top::<u32>();
    misere_nim_at_the_top::<u64>();
    misere_nim_at_the_top::<u128>();
    misere_nim_at_the_top::<usize>();
}

// ---------------------------------------------------------------------------------------------
// Bash and misère Bash
// ---------------------------------------------------------------------------------------------

fn prop_bash(n: u8, k: u8) -> TestResult {
    let (n, k) = (u32::from(n % 70), u32::from(k % 12) + 1);
    let bash = Bash::new(n, k).expect("k >= 1");
    let misere = MisereBash::new(n, k).expect("k >= 1");
    let mut memo = HashMap::new();
    let mut misere_memo = HashMap::new();
    let g = brute_grundy(&mut memo, bash_rules, &(n, k));
    let mut ok = bash.grundy() == Nimber::new(u128::from(g))
        && Solver::new().grundy(&bash).ok() == Some(bash.grundy())
        && bash.outcome() == outcome_of(g != 0);
    let closed: Vec<u32> = bash.winning_moves().map(|m| m.take).collect();
    let brute = brute_moves_to(&mut memo, bash_rules, &(n, k), 0);
    let searched: Vec<u32> = solver_winning(&bash, Play::Normal)
        .into_iter()
        .map(|m| m.take)
        .collect();
    ok &= closed == brute && closed == searched && closed.len() <= 1;
    // The moves to every value, through `ClosedForm`.
    for target in 0..=k + 2 {
        let closed: Vec<u32> = bash
            .moves_to_value(Nimber::new(u128::from(target)))
            .map(|v| sorted(v.into_iter().map(|(m, _)| m.take).collect()))
            .unwrap_or_default();
        ok &= closed == brute_moves_to(&mut memo, bash_rules, &(n, k), target);
    }
    // Misère.
    let wins = brute_misere_wins(&mut misere_memo, bash_rules, &(n, k));
    let closed: Vec<u32> = misere.winning_moves().map(|m| m.take).collect();
    let brute = brute_misere_winning(&mut misere_memo, bash_rules, &(n, k));
    let searched: Vec<u32> = solver_winning(&misere, Play::Misere)
        .into_iter()
        .map(|m| m.take)
        .collect();
    ok &= misere.outcome() == outcome_of(wins)
        && Solver::new().outcome(&misere, Play::Misere).ok() == Some(misere.outcome())
        && closed == brute
        && closed == searched;
    TestResult::from_bool(ok)
}

#[test]
fn bash_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_bash as fn(u8, u8) -> TestResult);
}

/// Every heap and every limit of `u8`, `k = 255 = u8::MAX` included, against tables built
/// from the rules.
#[test]
fn bash_every_u8_position() {
    for k in 1..=u8::MAX {
        let k_ = usize::from(k);
        let mut g = [0u32; 256];
        let mut wins_misere = [false; 256];
        for n in 0..256usize {
            g[n] = mex((1..=k_.min(n)).map(|t| g[n - t]));
            wins_misere[n] = n == 0 || (1..=k_.min(n)).any(|t| !wins_misere[n - t]);
        }
        for n in 0..=u8::MAX {
            let i = usize::from(n);
            let bash = Bash::new(n, k).expect("k >= 1");
            assert_eq!(
                bash.grundy(),
                Nimber::new(u128::from(g[i])),
                "n = {n}, k = {k}"
            );
            let closed: Vec<usize> = bash.winning_moves().map(|m| usize::from(m.take)).collect();
            let brute: Vec<usize> = (1..=k_.min(i)).filter(|&t| g[i - t] == 0).collect();
            assert_eq!(closed, brute, "n = {n}, k = {k}");
            let misere = MisereBash::new(n, k).expect("k >= 1");
            assert_eq!(
                misere.outcome(),
                outcome_of(wins_misere[i]),
                "n = {n}, k = {k}"
            );
            let closed: Vec<usize> = misere
                .winning_moves()
                .map(|m| usize::from(m.take))
                .collect();
            let brute: Vec<usize> = (1..=k_.min(i)).filter(|&t| !wins_misere[i - t]).collect();
            assert_eq!(closed, brute, "misère n = {n}, k = {k}");
            // The moves to every value, for a few limits (all targets, to 256).
            if k <= 3 || k >= 253 {
                for target in 0..=256u32 {
                    let closed: Vec<usize> = bash
                        .moves_to_value(Nimber::new(u128::from(target)))
                        .expect("closed form")
                        .into_iter()
                        .map(|(m, _)| usize::from(m.take))
                        .collect();
                    let brute: Vec<usize> =
                        (1..=k_.min(i)).filter(|&t| g[i - t] == target).collect();
                    assert_eq!(closed, brute, "n = {n}, k = {k}, target = {target}");
                }
            }
        }
    }
}

/// Near the top of `u128`, with `k >= u128::MAX / 2`: every heap is below `2 (k + 1)`, so
/// `n mod (k + 1)` is `n` or `n - (k + 1)`, computed here without forming `k + 1`.
fn prop_bash_top_of_u128(a: u16, b: u16) -> TestResult {
    let n = u128::MAX - u128::from(a);
    let k = u128::MAX - u128::from(b);
    let expected = if n <= k { n } else { n - k - 1 };
    let bash = Bash::new(n, k).expect("k >= 1");
    let misere = MisereBash::new(n, k).expect("k >= 1");
    let winning: Vec<u128> = bash.winning_moves().map(|m| m.take).collect();
    let want: Vec<u128> = if expected == 0 {
        vec![]
    } else {
        vec![expected]
    };
    // Misère: lost iff the residue is 1; from residue 0 take k, else take residue - 1.
    let misere_want: Vec<u128> = match expected {
        1 => vec![],
        0 => vec![k],
        r => vec![r - 1],
    };
    let misere_moves: Vec<u128> = misere.winning_moves().map(|m| m.take).collect();
    let after_ok = misere_moves.iter().all(|&take| {
        misere
            .play(BashMove { take })
            .is_ok_and(|p| p.outcome() == Outcome::Previous)
    });
    TestResult::from_bool(
        bash.grundy() == Nimber::new(expected)
            && winning == want
            && misere.outcome() == outcome_of(expected != 1)
            && misere_moves == misere_want
            && after_ok,
    )
}

#[test]
fn bash_near_the_top_of_u128() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_bash_top_of_u128 as fn(u16, u16) -> TestResult);
}

fn bash_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let two = one + one;
    // k = T::MAX: every heap is below k + 1, so its value is itself; take it all.
    let bash = Bash::new(max, max).expect("k >= 1");
    assert_eq!(bash.grundy(), Nimber::new(max.widen()));
    assert_eq!(
        bash.winning_moves().collect::<Vec<_>>(),
        vec![BashMove { take: max }]
    );
    let moves = bash.moves_to_value(Nimber::new(1)).expect("closed form");
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].0, BashMove { take: max - one });
    assert!(
        bash.moves_to_value(Nimber::new(max.widen()))
            .expect("closed form")
            .is_empty()
    );
    assert_eq!(
        Bash::new(T::zero(), max).map(|b| b.outcome()),
        Ok(Outcome::Previous)
    );
    // k = T::MAX - 1: k + 1 = T::MAX divides the full heap.
    let bash = Bash::new(max, max - one).expect("k >= 1");
    assert_eq!(bash.outcome(), Outcome::Previous);
    assert_eq!(bash.winning_moves().count(), 0);
    // Misère, k = T::MAX: leave one counter.
    let misere = MisereBash::new(max, max).expect("k >= 1");
    assert_eq!(
        misere.winning_moves().collect::<Vec<_>>(),
        vec![BashMove { take: max - one }]
    );
    assert_eq!(
        MisereBash::new(one, max).map(|b| b.outcome()),
        Ok(Outcome::Previous)
    );
    assert_eq!(
        MisereBash::new(two, max).map(|b| b.winning_moves().collect::<Vec<_>>()),
        Ok(vec![BashMove { take: one }])
    );
    // Misère, k = T::MAX - 1, full heap: residue 0, take k to leave 1.
    let misere = MisereBash::new(max, max - one).expect("k >= 1");
    assert_eq!(
        misere.winning_moves().collect::<Vec<_>>(),
        vec![BashMove { take: max - one }]
    );
    // Misère, k = T::MAX - 2, full heap: residue 1, lost.
    let misere = MisereBash::new(max, max - two).expect("k >= 1");
    assert_eq!(misere.outcome(), Outcome::Previous);
}

#[test]
fn bash_exact_at_the_top_of_every_type() {
    bash_at_the_top::<u8>();
    bash_at_the_top::<u16>();
    bash_at_the_top::<u32>();
    bash_at_the_top::<u64>();
    bash_at_the_top::<u128>();
    bash_at_the_top::<usize>();
}

// ---------------------------------------------------------------------------------------------
// Georgia–Bob
// ---------------------------------------------------------------------------------------------

/// Up to 6 chessmen on cells 1..=13, distinct, in the (random) order given.
fn small_board(raw: &[u8]) -> Vec<u8> {
    let mut seen = HashSet::new();
    raw.iter()
        .map(|&c| c % 13 + 1)
        .filter(|&c| seen.insert(c))
        .take(6)
        .collect()
}

/// A search and a brute-force memo, kept across cases.
type BoardCache = (Solver<GeorgiaBob<u8>>, HashMap<Vec<u8>, u32>);

thread_local! {
    /// One search and one brute-force memo for all the Georgia–Bob cases of a test.
    static BOARDS: RefCell<BoardCache> = RefCell::new((Solver::new(), HashMap::new()));
}

fn prop_georgia_bob(raw: Vec<u8>) -> TestResult {
    let given = small_board(&raw);
    let Ok(board) = GeorgiaBob::new(given.clone()) else {
        return TestResult::failed();
    };
    let cells = sorted(given);
    BOARDS.with_borrow_mut(|(solver, memo)| {
        let g = brute_grundy(memo, chessmen_rules, &cells);
        let mut ok = board.cells() == cells.as_slice()
            && board.grundy() == Nimber::new(u128::from(g))
            && solver.grundy(&board).ok() == Some(board.grundy())
            && board.outcome() == outcome_of(g != 0);
        let closed: Vec<(u8, u8)> = sorted(board.winning_moves().map(|m| (m.from, m.to)).collect());
        let brute = brute_moves_to(memo, chessmen_rules, &cells, 0);
        let searched: Vec<(u8, u8)> = sorted(
            solver
                .winning_moves(&board, Play::Normal)
                .unwrap_or_default()
                .into_iter()
                .map(|(m, _)| (m.from, m.to))
                .collect(),
        );
        ok &= closed == brute && closed == searched;
        for target in 0..16 {
            let closed: Vec<(u8, u8)> = board
                .moves_to_value(Nimber::new(u128::from(target)))
                .map(|v| sorted(v.into_iter().map(|(m, _)| (m.from, m.to)).collect()))
                .unwrap_or_default();
            ok &= closed == brute_moves_to(memo, chessmen_rules, &cells, target);
        }
        TestResult::from_bool(ok)
    })
}

#[test]
fn georgia_bob_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_georgia_bob as fn(Vec<u8>) -> TestResult);
}

/// `play` accepts exactly the moves the rules allow, and leads where they lead.
fn prop_georgia_bob_play(raw: Vec<u8>, from: u8, to: u8) -> TestResult {
    let cells = sorted(small_board(&raw));
    let Ok(board) = GeorgiaBob::new(cells.clone()) else {
        return TestResult::failed();
    };
    let (from, to) = (from % 15, to % 15);
    let legal = chessmen_rules(&cells)
        .into_iter()
        .find(|&(m, _)| m == (from, to))
        .map(|(_, next)| next);
    let played = board.play(GeorgiaBobMove { from, to });
    TestResult::from_bool(match (legal, played) {
        (Some(next), Ok(p)) => p.cells() == next.as_slice(),
        (None, Err(Error::IllegalMove { .. })) => true,
        _ => false,
    })
}

#[test]
fn georgia_bob_play_follows_the_rules() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_georgia_bob_play as fn(Vec<u8>, u8, u8) -> TestResult);
}

/// Every set of chessmen on cells 1..=11, with the widening moves counted: the test would
/// fail for a closed form that lists only the right chessmen's moves.
#[test]
fn georgia_bob_every_small_board_and_the_widening_moves() {
    let mut memo = HashMap::new();
    let mut widening = 0;
    for mask in 0u32..(1 << 11) {
        let cells: Vec<u8> = (1..=11u8).filter(|c| mask >> (c - 1) & 1 == 1).collect();
        let board = GeorgiaBob::new(cells.clone()).expect("distinct cells from 1");
        let g = brute_grundy(&mut memo, chessmen_rules, &cells);
        assert_eq!(board.grundy(), Nimber::new(u128::from(g)), "{cells:?}");
        let closed: Vec<(u8, u8)> = sorted(board.winning_moves().map(|m| (m.from, m.to)).collect());
        assert_eq!(
            closed,
            brute_moves_to(&mut memo, chessmen_rules, &cells, 0),
            "{cells:?}"
        );
        // A move of the chessman second from the right in a pair (counting pairs from the
        // right) is a widening one.
        let n = cells.len();
        widening += closed
            .iter()
            .filter(|(from, _)| {
                let i = cells.iter().position(|c| c == from).unwrap_or(0);
                (n - 1 - i) % 2 == 1
            })
            .count();
    }
    assert!(widening > 100, "only {widening} widening winning moves");
}

#[test]
fn georgia_bob_widening_move_is_listed() {
    // Pairs (1, 4) and (7, 8): gaps 2 and 0. Shrink the first, or slide 7 to 5.
    let board = GeorgiaBob::new(vec![8u8, 1, 7, 4]).expect("valid");
    let moves = sorted(board.winning_moves().collect());
    assert_eq!(
        moves,
        vec![
            GeorgiaBobMove { from: 4, to: 2 },
            GeorgiaBobMove { from: 7, to: 5 }
        ]
    );
}

#[test]
fn georgia_bob_exact_at_the_top_of_u128() {
    let max = u128::MAX;
    // One chessman: paired with the wall, gap max - 1; slide it to cell 1.
    let board = GeorgiaBob::new(vec![max]).expect("valid");
    assert_eq!(board.grundy(), Nimber::new(max - 1));
    assert_eq!(
        board.winning_moves().collect::<Vec<_>>(),
        vec![GeorgiaBobMove { from: max, to: 1 }]
    );
    // Adjacent at the top: gap 0, lost.
    let board = GeorgiaBob::new(vec![max, max - 1]).expect("valid");
    assert_eq!(board.outcome(), Outcome::Previous);
    // Pairs (1, 4) and (max - 3, max - 2): the right pair widens across a huge free run.
    let board = GeorgiaBob::new(vec![max - 2, 4, max - 3, 1]).expect("valid");
    assert_eq!(board.grundy(), Nimber::new(2));
    let moves = sorted(board.winning_moves().collect());
    assert_eq!(
        moves,
        vec![
            GeorgiaBobMove { from: 4, to: 2 },
            GeorgiaBobMove {
                from: max - 3,
                to: max - 5
            }
        ]
    );
    for mv in moves {
        assert_eq!(board.play(mv).map(|p| p.outcome()), Ok(Outcome::Previous));
    }
    // Moves to a huge value: (1, max) has gap max - 2; reach value max - 3 by shrinking it by 1
    // (max - 2 ^ 1 = max - 3).
    let board = GeorgiaBob::new(vec![1, max]).expect("valid");
    let moves = board
        .moves_to_value(Nimber::new(max - 3))
        .expect("closed form");
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0].0,
        GeorgiaBobMove {
            from: max,
            to: max - 1
        }
    );
    // Errors name the cell.
    assert_eq!(
        GeorgiaBob::new(vec![max, 3, max]),
        Err(Error::DuplicateCell { cell: max })
    );
    assert_eq!(GeorgiaBob::new(vec![u64::MAX, 0]), Err(Error::CellZero));
    assert_eq!(
        GeorgiaBob::new(vec![u8::MAX, 7, u8::MAX]),
        Err(Error::DuplicateCell { cell: 255 })
    );
}

// ---------------------------------------------------------------------------------------------
// Staircase Nim
// ---------------------------------------------------------------------------------------------

/// Up to 5 steps of at most 4 coins.
fn small_stairs(raw: &[u8]) -> Vec<u8> {
    raw.iter().take(5).map(|&c| c % 5).collect()
}

/// A search and a brute-force memo, kept across cases.
type StairCache = (Solver<Staircase<u8>>, HashMap<Vec<u8>, u32>);

thread_local! {
    /// One search and one brute-force memo for all the staircase cases of a test: the
    /// positions of small staircases overlap a great deal.
    static STAIRS: RefCell<StairCache> =
        RefCell::new((Solver::new(), HashMap::new()));
}

fn prop_staircase(raw: Vec<u8>) -> TestResult {
    let steps = small_stairs(&raw);
    let Ok(stairs) = Staircase::new(steps.clone()) else {
        return TestResult::failed();
    };
    STAIRS.with_borrow_mut(|(solver, memo)| {
        let g = brute_grundy(memo, stair_rules, &steps);
        let mut ok = stairs.grundy() == Nimber::new(u128::from(g))
            && solver.grundy(&stairs).ok() == Some(stairs.grundy())
            && stairs.outcome() == outcome_of(g != 0);
        let closed: Vec<(usize, u8)> =
            sorted(stairs.winning_moves().map(|m| (m.step, m.coins)).collect());
        let brute = brute_moves_to(memo, stair_rules, &steps, 0);
        let searched: Vec<(usize, u8)> = sorted(
            solver
                .winning_moves(&stairs, Play::Normal)
                .unwrap_or_default()
                .into_iter()
                .map(|(m, _)| (m.step, m.coins))
                .collect(),
        );
        ok &= closed == brute && closed == searched;
        for target in 0..8 {
            let closed: Vec<(usize, u8)> = stairs
                .moves_to_value(Nimber::new(u128::from(target)))
                .map(|v| sorted(v.into_iter().map(|(m, _)| (m.step, m.coins)).collect()))
                .unwrap_or_default();
            ok &= closed == brute_moves_to(memo, stair_rules, &steps, target);
        }
        TestResult::from_bool(ok)
    })
}

#[test]
fn staircase_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_staircase as fn(Vec<u8>) -> TestResult);
}

fn prop_staircase_play(raw: Vec<u8>, step: u8, coins: u8) -> TestResult {
    let steps = small_stairs(&raw);
    let Ok(stairs) = Staircase::new(steps.clone()) else {
        return TestResult::failed();
    };
    let (step, coins) = (usize::from(step % 7), coins % 6);
    let legal = stair_rules(&steps)
        .into_iter()
        .find(|&(m, _)| m == (step, coins))
        .map(|(_, next)| next);
    let played = stairs.play(StaircaseMove { step, coins });
    TestResult::from_bool(match (legal, played) {
        (Some(next), Ok(p)) => p.steps() == next.as_slice(),
        (None, Err(Error::IllegalMove { .. })) => true,
        _ => false,
    })
}

#[test]
fn staircase_play_follows_the_rules() {
    QuickCheck::new()
        .tests(CASES)
        .quickcheck(prop_staircase_play as fn(Vec<u8>, u8, u8) -> TestResult);
}

fn staircase_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let zero = T::zero();
    // All the coins on step 2: value 0.
    let stairs = Staircase::new(vec![zero, max]).expect("total fits");
    assert_eq!(stairs.outcome(), Outcome::Previous);
    // Moves to the value max: carry every coin from step 2 onto step 1.
    let moves = stairs
        .moves_to_value(Nimber::new(max.widen()))
        .expect("closed form");
    assert_eq!(moves.len(), 1);
    assert_eq!(
        moves[0].0,
        StaircaseMove {
            step: 2,
            coins: max
        }
    );
    assert_eq!(moves[0].1.steps(), &[max, zero]);
    // The total must fit.
    assert!(matches!(
        Staircase::new(vec![one, max]),
        Err(Error::Overflow { .. })
    ));
    assert!(matches!(
        Staircase::new(vec![max, zero, one]),
        Err(Error::Overflow { .. })
    ));
    // Odd steps hold 0 and max - 2: step 2 holds too few coins to grow step 1 to max - 2,
    // so the one winning move empties step 3.
    let stairs = Staircase::new(vec![zero, one, max - one - one]).expect("total fits");
    let moves = sorted(stairs.winning_moves().collect());
    assert_eq!(
        moves,
        vec![StaircaseMove {
            step: 3,
            coins: max - one - one
        }]
    );
}

#[test]
fn staircase_exact_at_the_top_of_every_type() {
    staircase_at_the_top::<u8>();
    staircase_at_the_top::<u16>();
    staircase_at_the_top::<u32>();
    staircase_at_the_top::<u64>();
    staircase_at_the_top::<u128>();
    staircase_at_the_top::<usize>();
}

// ---------------------------------------------------------------------------------------------
// Bad input
// ---------------------------------------------------------------------------------------------

#[test]
fn bad_input_is_an_error() {
    assert_eq!(Bash::new(5u8, 0), Err(Error::ZeroTakeLimit));
    assert_eq!(Bash::new(u128::MAX, 0), Err(Error::ZeroTakeLimit));
    assert_eq!(MisereBash::new(0u64, 0), Err(Error::ZeroTakeLimit));
    assert_eq!(GeorgiaBob::new(vec![3u32, 0, 5]), Err(Error::CellZero));
    assert_eq!(
        GeorgiaBob::new(vec![3u32, 9, 3]),
        Err(Error::DuplicateCell { cell: 3 })
    );
    assert!(
        Error::DuplicateCell { cell: 3 }
            .to_string()
            .contains("cell 3")
    );

    let illegal = |r: Result<(), Error>| matches!(r, Err(Error::IllegalMove { .. }));
    let nim = MisereNim::new(vec![3u8, 0]);
    assert!(illegal(nim.play(NimMove { heap: 0, to: 3 }).map(drop)));
    assert!(illegal(nim.play(NimMove { heap: 1, to: 0 }).map(drop)));
    assert!(illegal(nim.play(NimMove { heap: 2, to: 0 }).map(drop)));

    let bash = Bash::new(5u8, 3).expect("k >= 1");
    for take in [0, 4, 6] {
        assert!(illegal(bash.play(BashMove { take }).map(drop)), "{take}");
    }
    let bash = MisereBash::new(2u8, 3).expect("k >= 1");
    for take in [0, 3, 4] {
        assert!(illegal(bash.play(BashMove { take }).map(drop)), "{take}");
    }

    let board = GeorgiaBob::new(vec![2u8, 5]).expect("valid");
    for (from, to) in [(4, 3), (5, 2), (5, 1), (5, 5), (5, 6), (2, 0), (0, 0)] {
        assert!(
            illegal(board.play(GeorgiaBobMove { from, to }).map(drop)),
            "{from} -> {to}"
        );
    }

    let stairs = Staircase::new(vec![1u8, 2]).expect("fits");
    for (step, coins) in [(0, 1), (3, 1), (1, 0), (1, 2), (2, 3)] {
        assert!(
            illegal(stairs.play(StaircaseMove { step, coins }).map(drop)),
            "{step}, {coins}"
        );
    }
}

#[test]
fn types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<MisereNim<u128>>();
    check::<Bash<u128>>();
    check::<MisereBash<u128>>();
    check::<BashMove<u128>>();
    check::<GeorgiaBob<u128>>();
    check::<GeorgiaBobMove<u128>>();
    check::<Staircase<u128>>();
    check::<StaircaseMove<u128>>();
    check::<grundy::games::misere_nim::WinningMoves<'static, u8>>();
    check::<grundy::games::bash::WinningMoves<u8>>();
    check::<grundy::games::georgia_bob::WinningMoves<'static, u8>>();
    check::<grundy::games::staircase::WinningMoves<'static, u8>>();
}
