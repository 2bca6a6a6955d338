//! Nim (normal and misère play), Bash (normal and misère play), Georgia–Bob and staircase
//! Nim: every closed form against the shared brute-force oracle (`tests/common`), which knows
//! the games only by their rules, and against the crate's `Solver`.
//!
//! The closed forms must agree with both on the outcome under each play the game answers,
//! the Grundy value, the **set** of winning moves and the set of moves to every value (each
//! listed once), and every listed move, played with `Game::play`, must lead where the rules
//! lead. Edge tests check the tops of every integer width and bad input.

use crate::common;

use common::{
    Oracle, SmallBash, SmallBoard, SmallHeaps, SmallStairs, TableOracle, listed_once, outcome_of,
    rules, sorted,
};
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GeorgiaBobMove, Nim, NimMove, Staircase, StaircaseMove,
};
use grundy::prelude::*;
use grundy::{Error, Heap};
use quickcheck::{QuickCheck, TestResult};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::fmt::Debug;

const CASES: u64 = 3000;

/// The crate's `Solver`: the winning moves of `position` under `play`, each listed once.
fn searched_winning<G: Game>(solver: &mut Solver<G>, position: &G, play: Play) -> BTreeSet<G::Move>
where
    G::Move: Ord,
{
    listed_once(
        solver
            .winning_moves(position, play)
            .expect("small positions are solved within the default limit"),
    )
}

/// The crate's `Solver`: the moves of `position` to value `target`, each listed once.
fn searched_to_value<G: Game>(
    solver: &mut Solver<G>,
    position: &G,
    target: u128,
) -> BTreeSet<G::Move>
where
    G::Move: Ord,
{
    listed_once(
        solver
            .moves_to_value(position, Nimber::new(target))
            .expect("small positions are solved within the default limit"),
    )
}

/// `mv`, played with `Game::play` on `game` (the rules' position `state`), reaches the
/// position the rules reach by `brute` (compared by `same`); returns that position.
fn played_as_the_rules<G, S, M>(
    game: &G,
    state: &S,
    oracle: &Oracle<S, M>,
    mv: G::Move,
    brute: &M,
    same: impl Fn(&G, &S) -> bool,
) -> Option<S>
where
    G: Game,
    S: Clone + Eq + std::hash::Hash,
    M: PartialEq,
{
    let next = game.play(mv).ok()?;
    let expected = oracle.play(state, brute)?;
    same(&next, &expected).then_some(expected)
}

fn nim_move(m: NimMove<u8>) -> (usize, u8) {
    (m.index, m.to)
}

fn board_move(m: GeorgiaBobMove<u8>) -> (u8, u8) {
    (m.from, m.to)
}

fn stair_move(m: StaircaseMove<u8>) -> (usize, u8) {
    (m.step, m.coins)
}

fn collect<I: IntoIterator>(moves: Result<I, Error>) -> Vec<I::Item> {
    moves.expect("a closed form").into_iter().collect()
}

// ---------------------------------------------------------------------------------------------
// Nim, normal and misère
// ---------------------------------------------------------------------------------------------

type NimOracle = Oracle<Vec<u8>, (usize, u8)>;

thread_local! {
    /// One brute force for all the Nim cases of a test thread.
    static NIM: RefCell<NimOracle> = RefCell::new(Oracle::new(rules::nim));
}

fn prop_nim(heaps: SmallHeaps) -> TestResult {
    let heaps = heaps.0;
    let nim = Nim::from(heaps.clone());
    let mut solver = Solver::new();
    NIM.with_borrow_mut(|oracle| {
        let same = |p: &Nim<u8>, s: &Vec<u8>| p.heaps() == s.as_slice();
        // Normal play: the value, and the moves to every value.
        let g = oracle.grundy(&heaps);
        let mut ok = nim.grundy() == Ok(Nimber::new(g))
            && solver.grundy(&nim) == Ok(Nimber::new(g))
            && oracle.wins(&heaps, Play::Normal) == (g != 0);
        for target in 0..8 {
            let closed = listed_once(collect(nim.moves_to_value(Nimber::new(target))));
            let brute = oracle.moves_to_value(&heaps, target);
            let searched = searched_to_value(&mut solver, &nim, target);
            ok &= closed == searched && closed.iter().copied().map(nim_move).eq(brute.clone());
            for &mv in &closed {
                ok &= played_as_the_rules(&nim, &heaps, oracle, mv, &nim_move(mv), same)
                    .is_some_and(|next| oracle.grundy(&next) == target);
            }
        }
        // Both plays: the outcome and the winning moves.
        for play in [Play::Normal, Play::Misere] {
            let outcome = oracle.outcome(&heaps, play);
            ok &= nim.outcome(play) == Ok(outcome) && solver.outcome(&nim, play) == Ok(outcome);
            let closed = listed_once(collect(nim.winning_moves(play)));
            let brute = oracle.winning_moves(&heaps, play);
            ok &= closed == searched_winning(&mut solver, &nim, play)
                && closed.iter().copied().map(nim_move).eq(brute);
            for &mv in &closed {
                ok &= played_as_the_rules(&nim, &heaps, oracle, mv, &nim_move(mv), same)
                    .is_some_and(|next| !oracle.wins(&next, play))
                    && nim.play(mv).and_then(|p| p.outcome(play)) == Ok(Outcome::Previous);
            }
        }
        TestResult::from_bool(ok)
    })
}

#[test]
fn nim_matches_brute_force_and_solver_under_both_plays() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_nim as fn(SmallHeaps) -> TestResult);
}

#[test]
fn nim_every_small_position_under_both_plays() {
    // Every position of three heaps of at most 5 and a fourth of at most 2: exhaustive.
    let mut oracle: NimOracle = Oracle::new(rules::nim);
    for a in 0..=5u8 {
        for b in 0..=5u8 {
            for c in 0..=5u8 {
                for d in 0..=2u8 {
                    let heaps = vec![a, b, c, d];
                    let nim = Nim::from(heaps.clone());
                    assert_eq!(
                        nim.grundy(),
                        Ok(Nimber::new(oracle.grundy(&heaps))),
                        "{heaps:?}"
                    );
                    for play in [Play::Normal, Play::Misere] {
                        assert_eq!(
                            nim.outcome(play),
                            Ok(oracle.outcome(&heaps, play)),
                            "{heaps:?} {play}"
                        );
                        let closed: BTreeSet<(usize, u8)> =
                            listed_once(collect(nim.winning_moves(play)).into_iter().map(nim_move));
                        assert_eq!(
                            closed,
                            oracle.winning_moves(&heaps, play),
                            "{heaps:?} {play}"
                        );
                    }
                }
            }
        }
    }
}

fn nim_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let zero = T::zero();
    let two = one + one;
    let misere = |nim: &Nim<T>| collect(nim.winning_moves(Play::Misere));
    // Normal play: max ^ (max - 1) = 1; the heap holding bit 0 (max) goes to max - 1.
    let nim = Nim::from([max, max - one]);
    assert_eq!(nim.grundy(), Ok(Nimber::ONE));
    assert_eq!(
        collect(nim.winning_moves(Play::Normal)),
        [NimMove {
            index: 0,
            to: max - one
        }]
    );
    // The moves to the value max: each heap changes by 1 ^ max = max - 1, the heap of max
    // to 1, the heap of max - 1 to 0.
    assert_eq!(
        collect(nim.moves_to_value(Nimber::new(max.widen()))),
        [
            NimMove { index: 0, to: one },
            NimMove { index: 1, to: zero }
        ]
    );
    // Two equal large heaps: nim-sum 0 with a heap >= 2, lost under both plays.
    let nim = Nim::from([max, max]);
    assert_eq!(nim.outcome(Play::Normal), Ok(Outcome::Previous));
    assert_eq!(nim.outcome(Play::Misere), Ok(Outcome::Previous));
    assert_eq!(misere(&nim).len(), 0);
    // One large heap and three ones: empty it, leaving three ones.
    let nim = Nim::from([one, max, one, one]);
    assert_eq!(misere(&nim), [NimMove { index: 1, to: zero }]);
    // One large heap and two ones: reduce it to one.
    let nim = Nim::from([max, zero, one, one]);
    assert_eq!(misere(&nim), [NimMove { index: 0, to: one }]);
    // Two large heaps: as in Nim. max ^ (max - 2) ^ 1 = 3: the heaps holding bit 1 of 3
    // move; max - 2 does not hold it.
    let nim = Nim::from([max, max - two, one, zero]);
    let moves = misere(&nim);
    assert_eq!(
        moves,
        [NimMove {
            index: 0,
            to: max - two - one
        }]
    );
    for m in moves {
        assert_eq!(
            nim.play(m).and_then(|p| p.outcome(Play::Misere)),
            Ok(Outcome::Previous)
        );
    }
}

#[test]
fn nim_exact_at_the_top_of_every_type() {
    nim_at_the_top::<u8>();
    nim_at_the_top::<u16>();
    nim_at_the_top::<u32>();
    nim_at_the_top::<u64>();
    nim_at_the_top::<u128>();
    nim_at_the_top::<usize>();
}

/// `play` accepts exactly the moves the rules allow, and leads where they lead.
fn prop_nim_play(heaps: SmallHeaps, index: u8, to: u8) -> TestResult {
    let heaps = heaps.0;
    let nim = Nim::from(heaps.clone());
    let (index, to) = (usize::from(index % 6), to % 7);
    let legal = NIM.with_borrow(|oracle| oracle.play(&heaps, &(index, to)));
    TestResult::from_bool(match (legal, nim.play(NimMove { index, to })) {
        (Some(next), Ok(p)) => p.heaps() == next.as_slice(),
        (None, Err(Error::IllegalMove { .. })) => true,
        _ => false,
    })
}

#[test]
fn nim_play_follows_the_rules() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_nim_play as fn(SmallHeaps, u8, u8) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Bash, normal and misère
// ---------------------------------------------------------------------------------------------

type BashOracle = Oracle<(u32, u32), u32>;

thread_local! {
    /// One brute force for all the Bash cases of a test thread (the limit is in the state).
    static BASH: RefCell<BashOracle> = RefCell::new(Oracle::new(rules::bash));
}

fn takes(moves: impl IntoIterator<Item = BashMove<u32>>) -> BTreeSet<u32> {
    listed_once(moves.into_iter().map(|m| m.take))
}

fn prop_bash(game: SmallBash) -> TestResult {
    let (n, k) = (game.n, game.k);
    let bash = Bash::new(n, k).expect("k >= 1");
    let mut solver = Solver::new();
    BASH.with_borrow_mut(|oracle| {
        let state = (n, k);
        let same = |p: &Bash<u32>, s: &(u32, u32)| (p.heap(), p.max_take()) == *s;
        let g = oracle.grundy(&state);
        let mut ok = bash.grundy() == Ok(Nimber::new(g))
            && solver.grundy(&bash) == Ok(Nimber::new(g))
            && bash.outcome(Play::Normal) == Ok(outcome_of(g != 0))
            && oracle.outcome(&state, Play::Normal) == outcome_of(g != 0);
        // The moves to every value, the winning moves among them.
        for target in 0..=u128::from(k) + 2 {
            let closed = takes(collect(bash.moves_to_value(Nimber::new(target))));
            ok &= closed.len() <= 1
                && closed == oracle.moves_to_value(&state, target)
                && closed == takes(searched_to_value(&mut solver, &bash, target));
            for &take in &closed {
                ok &= played_as_the_rules(&bash, &state, oracle, BashMove { take }, &take, same)
                    .is_some_and(|next| oracle.grundy(&next) == target);
            }
        }
        // Both plays: the outcome and the winning moves, against the game-tree search.
        for play in [Play::Normal, Play::Misere] {
            let outcome = oracle.outcome(&state, play);
            ok &= bash.outcome(play) == Ok(outcome) && solver.outcome(&bash, play) == Ok(outcome);
            let closed = takes(collect(bash.winning_moves(play)));
            ok &= closed.len() <= 1
                && closed == oracle.winning_moves(&state, play)
                && closed == takes(searched_winning(&mut solver, &bash, play));
            for &take in &closed {
                ok &= bash.play(BashMove { take }).and_then(|p| p.outcome(play))
                    == Ok(Outcome::Previous);
            }
        }
        TestResult::from_bool(ok)
    })
}

#[test]
fn bash_matches_brute_force_and_solver_under_both_plays() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_bash as fn(SmallBash) -> TestResult);
}

/// Every heap and every limit of `u8`, `k = 255 = u8::MAX` included, against the brute force
/// (one table of heaps per limit).
#[test]
fn bash_every_u8_position() {
    let as_takes = |moves: Vec<BashMove<u8>>| -> BTreeSet<u32> {
        listed_once(moves.into_iter().map(|m| u32::from(m.take)))
    };
    // Every k in the full run; the quick run takes k to 32, and 255.
    for k in (1..=u8::MAX).filter(|&k| common::scale::is_full() || k <= 32 || k == u8::MAX) {
        let limit = u32::from(k);
        let table = TableOracle::new(
            |&n: &u32| {
                rules::bash(&(n, limit))
                    .into_iter()
                    .map(|(take, (left, _))| (take, left))
                    .collect()
            },
            256,
        );
        for n in 0..=u8::MAX {
            let heap = u32::from(n);
            let bash = Bash::new(n, k).expect("k >= 1");
            assert_eq!(
                bash.grundy(),
                Ok(Nimber::new(table.grundy(heap))),
                "n = {n}, k = {k}"
            );
            for play in [Play::Normal, Play::Misere] {
                assert_eq!(
                    bash.outcome(play),
                    Ok(table.outcome(heap, play)),
                    "n = {n}, k = {k}, {play}"
                );
                assert_eq!(
                    as_takes(collect(bash.winning_moves(play))),
                    table.winning_moves(heap, play),
                    "n = {n}, k = {k}, {play}"
                );
            }
            // The moves to every value, for a few limits (all targets, to 256).
            if k <= 3 || k >= 253 {
                let by_value = table.moves_by_value(heap);
                let none = BTreeSet::new();
                for target in 0..=256u128 {
                    assert_eq!(
                        as_takes(collect(bash.moves_to_value(Nimber::new(target)))),
                        *by_value.get(&target).unwrap_or(&none),
                        "n = {n}, k = {k}, target = {target}"
                    );
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
    let winning: Vec<u128> = collect(bash.winning_moves(Play::Normal))
        .into_iter()
        .map(|m| m.take)
        .collect();
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
    let misere_moves: Vec<u128> = collect(bash.winning_moves(Play::Misere))
        .into_iter()
        .map(|m| m.take)
        .collect();
    let after_ok = misere_moves.iter().all(|&take| {
        bash.play(BashMove { take })
            .and_then(|p| p.outcome(Play::Misere))
            == Ok(Outcome::Previous)
    });
    TestResult::from_bool(
        bash.grundy() == Ok(Nimber::new(expected))
            && winning == want
            && bash.outcome(Play::Misere) == Ok(outcome_of(expected != 1))
            && misere_moves == misere_want
            && after_ok,
    )
}

#[test]
fn bash_near_the_top_of_u128() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_bash_top_of_u128 as fn(u16, u16) -> TestResult);
}

fn bash_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let two = one + one;
    let bash = |n: T, k: T| Bash::new(n, k).expect("k >= 1");
    let winning = |b: Bash<T>, play: Play| collect(b.winning_moves(play));
    // k = T::MAX: every heap is below k + 1, so its value is itself; take it all.
    let full = bash(max, max);
    assert_eq!(full.grundy(), Ok(Nimber::new(max.widen())));
    assert_eq!(winning(full, Play::Normal), [BashMove { take: max }]);
    let moves = collect(full.moves_to_value(Nimber::new(1)));
    assert_eq!(moves, [BashMove { take: max - one }]);
    assert_eq!(full.play(moves[0]), Ok(bash(one, max)));
    assert!(collect(full.moves_to_value(Nimber::new(max.widen()))).is_empty());
    assert_eq!(
        bash(T::zero(), max).outcome(Play::Normal),
        Ok(Outcome::Previous)
    );
    // k = T::MAX - 1: k + 1 = T::MAX divides the full heap.
    let divided = bash(max, max - one);
    assert_eq!(divided.outcome(Play::Normal), Ok(Outcome::Previous));
    assert_eq!(winning(divided, Play::Normal).len(), 0);
    // Misère, k = T::MAX: leave one counter.
    assert_eq!(winning(full, Play::Misere), [BashMove { take: max - one }]);
    assert_eq!(bash(one, max).outcome(Play::Misere), Ok(Outcome::Previous));
    assert_eq!(
        winning(bash(two, max), Play::Misere),
        [BashMove { take: one }]
    );
    // Misère, k = T::MAX - 1, full heap: residue 0, take k to leave 1.
    assert_eq!(
        winning(divided, Play::Misere),
        [BashMove { take: max - one }]
    );
    // Misère, k = T::MAX - 2, full heap: residue 1, lost.
    assert_eq!(
        bash(max, max - two).outcome(Play::Misere),
        Ok(Outcome::Previous)
    );
    // The empty heap is won under misère play, with no move to make.
    assert_eq!(
        bash(T::zero(), max).outcome(Play::Misere),
        Ok(Outcome::Next)
    );
    assert!(winning(bash(T::zero(), max), Play::Misere).is_empty());
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

/// A search and a brute force, kept across cases.
type BoardCache = (Solver<GeorgiaBob<u8>>, Oracle<Vec<u8>, (u8, u8)>);

thread_local! {
    /// One search and one brute force for all the Georgia–Bob cases of a test thread.
    static BOARDS: RefCell<BoardCache> =
        RefCell::new((Solver::new(), Oracle::new(rules::georgia_bob)));
}

fn prop_georgia_bob(board: SmallBoard) -> TestResult {
    let cells = board.sorted();
    let Ok(board) = GeorgiaBob::new(board.0) else {
        return TestResult::failed();
    };
    BOARDS.with_borrow_mut(|(solver, oracle)| {
        let same = |p: &GeorgiaBob<u8>, s: &Vec<u8>| p.cells() == s.as_slice();
        let g = oracle.grundy(&cells);
        let mut ok = board.cells() == cells.as_slice()
            && board.grundy() == Ok(Nimber::new(g))
            && solver.grundy(&board) == Ok(Nimber::new(g))
            && board.outcome(Play::Normal) == Ok(oracle.outcome(&cells, Play::Normal));
        let closed = listed_once(collect(board.winning_moves(Play::Normal)));
        ok &= closed
            .iter()
            .copied()
            .map(board_move)
            .eq(oracle.winning_moves(&cells, Play::Normal))
            && closed == searched_winning(solver, &board, Play::Normal);
        for target in 0..16 {
            let closed = listed_once(collect(board.moves_to_value(Nimber::new(target))));
            ok &= closed
                .iter()
                .copied()
                .map(board_move)
                .eq(oracle.moves_to_value(&cells, target))
                && closed == searched_to_value(solver, &board, target);
            for &mv in &closed {
                ok &= played_as_the_rules(&board, &cells, oracle, mv, &board_move(mv), same)
                    .is_some_and(|next| oracle.grundy(&next) == target);
            }
        }
        // Misère Georgia–Bob has no closed form here; a search answers it.
        ok &= matches!(
            board.outcome(Play::Misere),
            Err(Error::MisereUnsupported { .. })
        ) && solver.outcome(&board, Play::Misere) == Ok(oracle.outcome(&cells, Play::Misere));
        TestResult::from_bool(ok)
    })
}

#[test]
fn georgia_bob_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_georgia_bob as fn(SmallBoard) -> TestResult);
}

/// `play` accepts exactly the moves the rules allow, and leads where they lead.
fn prop_georgia_bob_play(board: SmallBoard, from: u8, to: u8) -> TestResult {
    let cells = board.sorted();
    let Ok(board) = GeorgiaBob::new(cells.clone()) else {
        return TestResult::failed();
    };
    let (from, to) = (from % 15, to % 15);
    let legal = BOARDS.with_borrow(|(_, oracle)| oracle.play(&cells, &(from, to)));
    TestResult::from_bool(match (legal, board.play(GeorgiaBobMove { from, to })) {
        (Some(next), Ok(p)) => p.cells() == next.as_slice(),
        (None, Err(Error::IllegalMove { .. })) => true,
        _ => false,
    })
}

#[test]
fn georgia_bob_play_follows_the_rules() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_georgia_bob_play as fn(SmallBoard, u8, u8) -> TestResult);
}

/// Every set of chessmen on cells 1..=11, with the widening moves counted: the test would
/// fail for a closed form that lists only the right chessmen's moves.
#[test]
fn georgia_bob_every_small_board_and_the_widening_moves() {
    let mut oracle: Oracle<Vec<u8>, (u8, u8)> = Oracle::new(rules::georgia_bob);
    let mut widening = 0;
    for mask in 0u32..(1 << 11) {
        let cells: Vec<u8> = (1..=11u8).filter(|c| mask >> (c - 1) & 1 == 1).collect();
        let board = GeorgiaBob::new(cells.clone()).expect("distinct cells from 1");
        let g = oracle.grundy(&cells);
        assert_eq!(board.grundy(), Ok(Nimber::new(g)), "{cells:?}");
        let closed: BTreeSet<(u8, u8)> = listed_once(
            collect(board.winning_moves(Play::Normal))
                .into_iter()
                .map(board_move),
        );
        assert_eq!(
            closed,
            oracle.winning_moves(&cells, Play::Normal),
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
    let moves = sorted(collect(board.winning_moves(Play::Normal)));
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
    let board = |cells: Vec<u128>| GeorgiaBob::new(cells).expect("valid");
    // One chessman: paired with the wall, gap max - 1; slide it to cell 1.
    let one = board(vec![max]);
    assert_eq!(one.grundy(), Ok(Nimber::new(max - 1)));
    assert_eq!(
        collect(one.winning_moves(Play::Normal)),
        [GeorgiaBobMove { from: max, to: 1 }]
    );
    // Adjacent at the top: gap 0, lost.
    assert_eq!(
        board(vec![max, max - 1]).outcome(Play::Normal),
        Ok(Outcome::Previous)
    );
    // Pairs (1, 4) and (max - 3, max - 2): the right pair widens across a huge free run.
    let wide = board(vec![max - 2, 4, max - 3, 1]);
    assert_eq!(wide.grundy(), Ok(Nimber::new(2)));
    let moves = sorted(collect(wide.winning_moves(Play::Normal)));
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
        assert_eq!(
            wide.play(mv).and_then(|p| p.outcome(Play::Normal)),
            Ok(Outcome::Previous)
        );
    }
    // Moves to a huge value: (1, max) has gap max - 2; reach value max - 3 by shrinking it by
    // 1 (max - 2 ^ 1 = max - 3).
    let far = board(vec![1, max]);
    let moves = collect(far.moves_to_value(Nimber::new(max - 3)));
    assert_eq!(
        moves,
        [GeorgiaBobMove {
            from: max,
            to: max - 1
        }]
    );
    let after = far.play(moves[0]).expect("a listed move is legal");
    assert_eq!(after.cells(), &[1, max - 1]);
    assert_eq!(after.grundy(), Ok(Nimber::new(max - 3)));
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

/// A search and a brute force, kept across cases.
type StairCache = (Solver<Staircase<u8>>, Oracle<Vec<u8>, (usize, u8)>);

thread_local! {
    /// One search and one brute force for all the staircase cases of a test thread: the
    /// positions of small staircases overlap a great deal.
    static STAIRS: RefCell<StairCache> =
        RefCell::new((Solver::new(), Oracle::new(rules::staircase)));
}

fn prop_staircase(stairs: SmallStairs) -> TestResult {
    let steps = stairs.0;
    let Ok(stairs) = Staircase::new(steps.clone()) else {
        return TestResult::failed();
    };
    STAIRS.with_borrow_mut(|(solver, oracle)| {
        let same = |p: &Staircase<u8>, s: &Vec<u8>| p.steps() == s.as_slice();
        let g = oracle.grundy(&steps);
        let mut ok = stairs.grundy() == Ok(Nimber::new(g))
            && solver.grundy(&stairs) == Ok(Nimber::new(g))
            && stairs.outcome(Play::Normal) == Ok(oracle.outcome(&steps, Play::Normal));
        let closed = listed_once(collect(stairs.winning_moves(Play::Normal)));
        ok &= closed
            .iter()
            .copied()
            .map(stair_move)
            .eq(oracle.winning_moves(&steps, Play::Normal))
            && closed == searched_winning(solver, &stairs, Play::Normal);
        for target in 0..8 {
            let closed = listed_once(collect(stairs.moves_to_value(Nimber::new(target))));
            ok &= closed
                .iter()
                .copied()
                .map(stair_move)
                .eq(oracle.moves_to_value(&steps, target))
                && closed == searched_to_value(solver, &stairs, target);
            for &mv in &closed {
                ok &= played_as_the_rules(&stairs, &steps, oracle, mv, &stair_move(mv), same)
                    .is_some_and(|next| oracle.grundy(&next) == target);
            }
        }
        // Misère staircase Nim has no closed form here; a search answers it.
        ok &= matches!(
            stairs.winning_moves(Play::Misere),
            Err(Error::MisereUnsupported { .. })
        ) && solver.outcome(&stairs, Play::Misere)
            == Ok(oracle.outcome(&steps, Play::Misere));
        TestResult::from_bool(ok)
    })
}

#[test]
fn staircase_matches_brute_force_and_solver() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_staircase as fn(SmallStairs) -> TestResult);
}

fn prop_staircase_play(stairs: SmallStairs, step: u8, coins: u8) -> TestResult {
    let steps = stairs.0;
    let Ok(stairs) = Staircase::new(steps.clone()) else {
        return TestResult::failed();
    };
    let (step, coins) = (usize::from(step % 7), coins % 6);
    let legal = STAIRS.with_borrow(|(_, oracle)| oracle.play(&steps, &(step, coins)));
    TestResult::from_bool(match (legal, stairs.play(StaircaseMove { step, coins })) {
        (Some(next), Ok(p)) => p.steps() == next.as_slice(),
        (None, Err(Error::IllegalMove { .. })) => true,
        _ => false,
    })
}

#[test]
fn staircase_play_follows_the_rules() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_staircase_play as fn(SmallStairs, u8, u8) -> TestResult);
}

fn staircase_at_the_top<T: Heap>() {
    let max = T::max_value();
    let one = T::one();
    let zero = T::zero();
    // All the coins on step 2: value 0.
    let stairs = Staircase::new(vec![zero, max]).expect("total fits");
    assert_eq!(stairs.outcome(Play::Normal), Ok(Outcome::Previous));
    // Moves to the value max: carry every coin from step 2 onto step 1.
    let moves = collect(stairs.moves_to_value(Nimber::new(max.widen())));
    assert_eq!(
        moves,
        [StaircaseMove {
            step: 2,
            coins: max
        }]
    );
    let after = stairs.play(moves[0]).expect("a listed move is legal");
    assert_eq!(after.steps(), &[max, zero]);
    assert_eq!(after.grundy(), Ok(Nimber::new(max.widen())));
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
    assert_eq!(
        sorted(collect(stairs.winning_moves(Play::Normal))),
        [StaircaseMove {
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
    assert_eq!(Bash::new(0u64, 0), Err(Error::ZeroTakeLimit));
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

    fn illegal<G: Game + Debug>(r: Result<G, Error>) -> bool {
        matches!(r, Err(Error::IllegalMove { .. }))
    }
    let nim = Nim::from([3u8, 0]);
    assert!(illegal(nim.play(NimMove { index: 0, to: 3 })));
    assert!(illegal(nim.play(NimMove { index: 0, to: 4 })));
    assert!(illegal(nim.play(NimMove { index: 1, to: 0 })));
    assert!(illegal(nim.play(NimMove { index: 2, to: 0 })));

    let bash = Bash::new(5u8, 3).expect("k >= 1");
    for take in [0, 4, 6] {
        assert!(illegal(bash.play(BashMove { take })), "{take}");
    }
    let bash = Bash::new(2u8, 3).expect("k >= 1");
    for take in [0, 3, 4] {
        assert!(illegal(bash.play(BashMove { take })), "{take}");
    }

    let board = GeorgiaBob::new(vec![2u8, 5]).expect("valid");
    for (from, to) in [(4, 3), (5, 2), (5, 1), (5, 5), (5, 6), (2, 0), (0, 0)] {
        assert!(
            illegal(board.play(GeorgiaBobMove { from, to })),
            "{from} -> {to}"
        );
    }

    let stairs = Staircase::new(vec![1u8, 2]).expect("fits");
    for (step, coins) in [(0, 1), (3, 1), (1, 0), (1, 2), (2, 3)] {
        assert!(
            illegal(stairs.play(StaircaseMove { step, coins })),
            "{step}, {coins}"
        );
    }

    // Misère play where the crate has no closed form: an error that says what to do.
    let unsupported = |r: Result<Outcome, Error>| match r {
        Err(e @ Error::MisereUnsupported { .. }) => e.to_string().contains("Solver"),
        _ => false,
    };
    assert!(unsupported(board.outcome(Play::Misere)));
    assert!(unsupported(stairs.outcome(Play::Misere)));
    assert!(matches!(
        board.winning_moves(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ));
}

#[test]
fn types_are_send_sync_and_debug() {
    fn check<T: Send + Sync + Debug>() {}
    check::<Nim<u128>>();
    check::<NimMove<u128>>();
    check::<Bash<u128>>();
    check::<BashMove<u128>>();
    check::<GeorgiaBob<u128>>();
    check::<GeorgiaBobMove<u128>>();
    check::<Staircase<u128>>();
    check::<StaircaseMove<u128>>();
    check::<grundy::games::nim::WinningMoves<'static, u8>>();
    check::<grundy::games::bash::WinningMoves<u8>>();
    check::<grundy::games::georgia_bob::WinningMoves<'static, u8>>();
    check::<grundy::games::staircase::WinningMoves<'static, u8>>();
}
