//! Wythoff's game against oracles written here, independently of the crate:
//!
//! - the shared brute-force oracle of `tests/common` for small boards: outcome, Grundy value,
//!   the set of winning moves, the moves to every value;
//! - the crate's generic `Solver`, on the position and on sums of positions;
//! - for huge heaps, the Zeckendorf characterisation of Wythoff's pairs (only additions of
//!   Fibonacci numbers, exact in `u128`), itself checked against the defining mex recursion
//!   and against the Fibonacci identity `⌊F(n)φ⌋ = F(n + 1) − [n even]`.

use grundy::games::{Wythoff, WythoffMove, p_position};
use grundy::prelude::*;
use grundy::{Direct, Error, Heap, Sum};
use quickcheck::{QuickCheck, TestResult};
use std::collections::BTreeSet;

use crate::common;
use common::{Oracle, rules};

// ---------------------------------------------------------------------------------------------
// Brute force over the rules: the shared oracle of `tests/common`.

/// The oracle of Wythoff's game: positions `(a, b)`, each move named by the position it
/// leads to.
type Brute = Oracle<(u32, u32), (u32, u32), fn(&(u32, u32)) -> Vec<((u32, u32), (u32, u32))>>;

fn brute() -> Brute {
    Oracle::new(rules::wythoff)
}

/// Every position one move from `(a, b)`, by the rules.
fn options(a: u32, b: u32) -> Vec<(u32, u32)> {
    rules::wythoff(&(a, b))
        .into_iter()
        .map(|(m, _)| m)
        .collect()
}

fn as_pairs<T: Into<u128>>(moves: impl IntoIterator<Item = WythoffMove<T>>) -> Vec<(u128, u128)> {
    moves
        .into_iter()
        .map(|m| (m.to.0.into(), m.to.1.into()))
        .collect()
}

/// The moves as a set, after checking that none is listed twice.
fn as_set(moves: Vec<(u128, u128)>) -> BTreeSet<(u128, u128)> {
    let set: BTreeSet<_> = moves.iter().copied().collect();
    assert_eq!(set.len(), moves.len(), "a move is listed twice: {moves:?}");
    set
}

fn widen_set(set: BTreeSet<(u32, u32)>) -> BTreeSet<(u128, u128)> {
    set.into_iter().map(|(x, y)| (x.into(), y.into())).collect()
}

/// Outcome, Grundy value, winning moves and moves to `target`, against the brute force.
fn agrees_with_brute(a: u8, b: u8, target: u8) -> TestResult {
    let (a, b, target) = (a % 48, b % 48, u32::from(target % 12));
    BRUTE.with_borrow_mut(|brute| agrees_with(brute, a, b, target))
}

thread_local! {
    /// One memo for all the cases of a test thread.
    static BRUTE: std::cell::RefCell<Brute> = std::cell::RefCell::new(brute());
}

fn agrees_with(brute: &mut Brute, a: u8, b: u8, target: u32) -> TestResult {
    let g = brute.grundy(&(a.into(), b.into()));
    // On `u8` and on `u128` heaps: the code is generic, both must agree.
    let narrow = Wythoff::new(a, b);
    let wide = Wythoff::new(u128::from(a), u128::from(b));
    let expected_outcome = if g == 0 {
        Outcome::Previous
    } else {
        Outcome::Next
    };
    let winning = widen_set(brute.moves_to_value(&(a.into(), b.into()), 0));
    let to_target = widen_set(brute.moves_to_value(&(a.into(), b.into()), target.into()));
    let ok = narrow.outcome(Play::Normal).unwrap() == expected_outcome
        && wide.outcome(Play::Normal).unwrap() == expected_outcome
        && narrow.grundy() == Ok(Nimber::new(g))
        && wide.grundy() == Ok(Nimber::new(g))
        && as_set(as_pairs(narrow.winning_moves(Play::Normal).unwrap())) == winning
        && as_set(as_pairs(wide.winning_moves(Play::Normal).unwrap())) == winning
        && as_set(as_pairs(
            narrow
                .moves_to_value(Nimber::new(target.into()))
                .unwrap()
                .inspect(|&m| {
                    assert_eq!(m.from, (a, b));
                    assert_eq!(narrow.play(m).unwrap().heaps(), m.to);
                }),
        )) == to_target
        && as_set(as_pairs(
            wide.moves_to_value(Nimber::new(target.into())).unwrap(),
        )) == to_target;
    TestResult::from_bool(ok)
}

#[test]
fn closed_form_matches_brute_force() {
    QuickCheck::new()
        .tests(common::scale::cases(5000))
        .quickcheck(agrees_with_brute as fn(u8, u8, u8) -> TestResult);
}

#[test]
fn closed_form_matches_brute_force_on_every_small_board() {
    for a in 0..20 {
        for b in 0..20 {
            for target in 0..4 {
                assert!(!agrees_with_brute(a, b, target).is_failure(), "({a}, {b})");
            }
        }
    }
}

/// Against the crate's generic solver, on one board and on a sum of two.
fn agrees_with_solver(a: u8, b: u8, c: u8, d: u8) -> TestResult {
    let (a, b, c, d) = (a % 12, b % 12, c % 7, d % 7);
    let mut solver = Solver::new();
    let w = Wythoff::new(a, b);
    let searched: BTreeSet<_> = solver.winning_moves(&w, Play::Normal).unwrap().collect();
    let closed: BTreeSet<_> = w.winning_moves(Play::Normal).unwrap().collect();
    if solver.grundy(&w) != w.grundy()
        || solver.outcome(&w, Play::Normal) != w.outcome(Play::Normal)
    {
        return TestResult::failed();
    }
    // The sum of two boards: the closed forms through `Sum` against a search of the sum.
    let sum = Sum::new(vec![w, Wythoff::new(c, d)]);
    // A solver of sums searches the sum itself, as one game.
    let mut sum_solver = Solver::<Sum<Wythoff<u8>>>::new();
    let by_search: BTreeSet<_> = sum_solver
        .winning_moves(&sum, Play::Normal)
        .unwrap()
        .collect();
    let by_formula: Vec<_> = sum.winning_moves(Play::Normal).unwrap().collect();
    let by_formula_set: BTreeSet<_> = by_formula.iter().copied().collect();
    TestResult::from_bool(
        searched == closed
            && by_formula.len() == by_formula_set.len()
            && by_search == by_formula_set
            && sum.grundy() == sum_solver.grundy(&sum),
    )
}

#[test]
fn closed_form_matches_solver_and_sums() {
    QuickCheck::new()
        .tests(common::scale::cases(1500))
        .quickcheck(agrees_with_solver as fn(u8, u8, u8, u8) -> TestResult);
}

/// `play` accepts exactly the moves of the rules.
fn play_follows_the_rules(a: u8, b: u8, x: u8, y: u8) -> TestResult {
    let (a, b, x, y) = (a % 30, b % 30, x % 32, y % 32);
    let w = Wythoff::new(a, b);
    let legal = options(a.into(), b.into()).contains(&(x.into(), y.into()));
    let played = w.play(WythoffMove {
        from: (a, b),
        to: (x, y),
    });
    let ok = match played {
        Ok(next) => legal && next.heaps() == (x, y),
        Err(Error::IllegalMove { .. }) => !legal,
        Err(_) => false,
    };
    TestResult::from_bool(ok)
}

#[test]
fn play_accepts_exactly_the_legal_moves() {
    QuickCheck::new()
        .tests(common::scale::cases(5000))
        .quickcheck(play_follows_the_rules as fn(u8, u8, u8, u8) -> TestResult);
    for a in 0..8u8 {
        for b in 0..8u8 {
            let moves: BTreeSet<_> = Wythoff::new(a, b)
                .moves()
                .into_iter()
                .map(|(m, p)| {
                    assert_eq!(m.from, (a, b));
                    assert_eq!(p.heaps(), m.to);
                    (u32::from(m.to.0), u32::from(m.to.1))
                })
                .collect();
            let rules: BTreeSet<_> = options(a.into(), b.into()).into_iter().collect();
            assert_eq!(moves, rules);
        }
    }
}

#[test]
fn play_rejects_bad_moves() {
    let w = Wythoff::new(u128::MAX, 7);
    let bad = [
        (u128::MAX, 7),     // takes nothing
        (u128::MAX - 1, 5), // 1 and 2
        (u128::MAX, 8),     // adds
        (3, 8),             // adds to b
        (u128::MAX - 8, 0), // 8 and 7
    ];
    let from = w.heaps();
    for to in bad {
        assert!(
            matches!(
                w.play(WythoffMove { from, to }),
                Err(Error::IllegalMove { .. })
            ),
            "{to:?}"
        );
    }
    assert_eq!(
        w.play(WythoffMove {
            from,
            to: (u128::MAX - 7, 0)
        })
        .map(|p| p.heaps()),
        Ok((u128::MAX - 7, 0))
    );
    assert_eq!(
        w.play(WythoffMove { from, to: (0, 7) }).map(|p| p.heaps()),
        Ok((0, 7))
    );
    // A legal step, but from another position.
    assert!(matches!(
        w.play(WythoffMove {
            from: (u128::MAX, 8),
            to: (u128::MAX, 7)
        }),
        Err(Error::IllegalMove { .. })
    ));
    let message = Wythoff::new(2u8, 2)
        .play(WythoffMove {
            from: (2, 2),
            to: (2, 2),
        })
        .unwrap_err()
        .to_string();
    assert!(message.starts_with("illegal move: "), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Wythoff's pairs by Zeckendorf representations.

/// The Fibonacci numbers 1, 2, 3, 5, 8, … that fit in `u128`.
fn fibonacci() -> &'static [u128] {
    static FIB: std::sync::OnceLock<Vec<u128>> = std::sync::OnceLock::new();
    FIB.get_or_init(|| {
        let mut fib = vec![1u128, 2];
        while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
            fib.push(next);
        }
        fib
    })
}

/// The Fibonacci numbers F(0) = 0, F(1) = 1, F(2) = 1, … that fit in `u128`, by index.
fn fibonacci_indexed() -> Vec<u128> {
    let mut fib = vec![0u128, 1];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    fib
}

/// `⌊kφ⌋`: for `k ≥ 1`, one more than the left shift of the Zeckendorf representation of
/// `k − 1` (each 1, 2, 3, 5, … replaced by the next: 2, 3, 5, 8, …); `None` past `u128::MAX`.
fn lower(k: u128) -> Option<u128> {
    if k == 0 {
        return Some(0);
    }
    let fib = fibonacci();
    let mut rest = k - 1;
    let mut shifted: u128 = 0;
    for i in (0..fib.len()).rev() {
        if fib[i] <= rest {
            rest -= fib[i];
            shifted = shifted.checked_add(*fib.get(i + 1)?)?;
        }
    }
    assert_eq!(rest, 0);
    shifted.checked_add(1)
}

/// `⌊kφ⌋ + k`, or `None` past `u128::MAX`.
fn upper(k: u128) -> Option<u128> {
    lower(k)?.checked_add(k)
}

/// The largest `k ≤ bound` with `f(k) ≤ x` (`f` increasing, `None` meaning too large).
fn last_at_most(x: u128, bound: u128, f: fn(u128) -> Option<u128>) -> u128 {
    let (mut lo, mut hi) = (0u128, bound);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if f(mid).is_some_and(|v| v <= x) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The `y` with `(x, y)` a P-position, by searching both sequences; `None` past `u128::MAX`.
fn oracle_partner(x: u128) -> Option<u128> {
    let k = last_at_most(x, x, lower);
    let l = last_at_most(x, x, upper);
    let in_lower = lower(k) == Some(x);
    let in_upper = x > 0 && upper(l) == Some(x);
    // Beatty: every positive number is in exactly one of the two sequences.
    assert!(x == 0 || in_lower != in_upper, "{x}");
    if in_lower { x.checked_add(k) } else { lower(l) }
}

fn oracle_is_p(a: u128, b: u128) -> bool {
    let (small, large) = (a.min(b), a.max(b));
    lower(large - small) == Some(small)
}

/// The winning moves of `(a, b)`: the P-position of each line through it, when below it.
fn oracle_winning(a: u128, b: u128) -> BTreeSet<(u128, u128)> {
    let mut set = BTreeSet::new();
    if let Some(x) = oracle_partner(b).filter(|&x| x < a) {
        set.insert((x, b));
    }
    if let Some(y) = oracle_partner(a).filter(|&y| y < b) {
        set.insert((a, y));
    }
    let (small, large) = (a.min(b), a.max(b));
    let gap = large - small;
    if let Some(p) = lower(gap).filter(|&p| p < small) {
        set.insert(if a <= b { (p, p + gap) } else { (p + gap, p) });
    }
    set
}

#[test]
fn zeckendorf_oracle_matches_the_definition() {
    // The pairs by their definition: a(k) = mex of all earlier numbers, b(k) = a(k) + k.
    let mut used = BTreeSet::new();
    let mut a = 0u128;
    for k in 0..20_000u128 {
        while used.contains(&a) {
            a += 1;
        }
        assert_eq!(lower(k), Some(a), "k = {k}");
        used.insert(a);
        used.insert(a + k);
    }
    // ⌊F(n)φ⌋ = F(n + 1) for n odd, F(n + 1) − 1 for n even (F(n)φ − F(n + 1) = −ψ^n).
    let fib = fibonacci_indexed();
    for n in 2..fib.len() - 1 {
        let expected = fib[n + 1] - u128::from(n % 2 == 0);
        assert_eq!(lower(fib[n]), Some(expected), "n = {n}");
    }
}

#[test]
fn p_positions_where_floating_point_fails() {
    // F(40) = 102334155: floating point gives ⌊kφ⌋ = 165580141.
    assert_eq!(p_position(102_334_155u64), Ok((165_580_140, 267_914_295)));
    assert_eq!(p_position(102_334_155u32), Ok((165_580_140, 267_914_295)));
    let fib = fibonacci_indexed();
    assert_eq!(fib[40], 102_334_155);
    for &f in &fib[30..=50] {
        for k in [f - 2, f - 1, f, f + 1, f + 2] {
            let (a, b) = p_position(k as u64).unwrap();
            assert_eq!(Some(u128::from(a)), lower(k), "k = {k}");
            assert_eq!(Some(u128::from(b)), upper(k), "k = {k}");
            assert_eq!(
                Wythoff::new(a, b).outcome(Play::Normal).unwrap(),
                Outcome::Previous
            );
            assert_eq!(
                Wythoff::new(b, a).outcome(Play::Normal).unwrap(),
                Outcome::Previous
            );
            assert_eq!(
                Wythoff::new(a + 1, b).outcome(Play::Normal).unwrap(),
                Outcome::Next
            );
            assert_eq!(
                Wythoff::new(a - 1, b).outcome(Play::Normal).unwrap(),
                Outcome::Next
            );
            assert_eq!(
                Wythoff::new(a, b - 1).outcome(Play::Normal).unwrap(),
                Outcome::Next
            );
        }
    }
}

/// The largest `k` whose P-position fits below `max`, and that position.
fn largest_fitting(max: u128) -> u128 {
    let k = last_at_most(max, max, upper);
    assert!(upper(k).unwrap() <= max && upper(k + 1).is_none_or(|v| v > max));
    k
}

#[test]
fn p_positions_at_the_top_of_each_type() {
    let fib = fibonacci_indexed();
    // u64: the largest k, and the Fibonacci numbers near it.
    let k = largest_fitting(u64::MAX.into());
    assert_eq!(k, 7_046_029_254_386_353_130);
    let (a, b) = p_position(k as u64).unwrap();
    assert_eq!(
        (Some(u128::from(a)), Some(u128::from(b))),
        (lower(k), upper(k))
    );
    assert_eq!(
        Wythoff::new(a, b).outcome(Play::Normal).unwrap(),
        Outcome::Previous
    );
    assert!(matches!(
        p_position(k as u64 + 1),
        Err(Error::Overflow { .. })
    ));
    let top = fib.iter().rposition(|&f| f <= k).unwrap();
    for n in top - 6..=top {
        let (a, b) = p_position(fib[n] as u64).unwrap();
        assert_eq!(u128::from(a), fib[n + 1] - u128::from(n % 2 == 0));
        assert_eq!(Some(u128::from(b)), upper(fib[n]));
        assert_eq!(
            Wythoff::new(b, a).outcome(Play::Normal).unwrap(),
            Outcome::Previous
        );
        assert!(
            Wythoff::new(b, a)
                .winning_moves(Play::Normal)
                .unwrap()
                .next()
                .is_none()
        );
    }
    assert!(matches!(
        p_position(fib[top + 1] as u64),
        Err(Error::Overflow { .. })
    ));

    // u128.
    let k = largest_fitting(u128::MAX);
    let (a, b) = p_position(k).unwrap();
    assert_eq!((Some(a), Some(b)), (lower(k), upper(k)));
    assert_eq!(
        Wythoff::new(a, b).outcome(Play::Normal).unwrap(),
        Outcome::Previous
    );
    assert_eq!(
        Wythoff::new(b, a).outcome(Play::Normal).unwrap(),
        Outcome::Previous
    );
    assert!(matches!(p_position(k + 1), Err(Error::Overflow { .. })));
    assert!(matches!(p_position(u128::MAX), Err(Error::Overflow { .. })));
    let top = fib.iter().rposition(|&f| f <= k).unwrap();
    for n in top - 6..=top {
        let (a, b) = p_position(fib[n]).unwrap();
        assert_eq!(a, fib[n + 1] - u128::from(n % 2 == 0));
        assert_eq!(Some(b), upper(fib[n]));
        assert_eq!(
            Wythoff::new(a, b).outcome(Play::Normal).unwrap(),
            Outcome::Previous
        );
    }

    // Small types.
    assert_eq!(p_position(97u8), Ok((156, 253)));
    assert!(matches!(p_position(98u8), Err(Error::Overflow { .. })));
    let k16 = largest_fitting(u16::MAX.into()) as u16;
    assert!(p_position(k16).is_ok() && p_position(k16 + 1).is_err());
    let message = p_position(200u8).unwrap_err().to_string();
    assert!(message.starts_with("arithmetic overflow: ") && message.contains("200"));
}

#[test]
fn heaps_at_the_top_of_u64_and_u128() {
    let positions_64 = [
        (u64::MAX, u64::MAX),
        (u64::MAX, 0),
        (0, u64::MAX),
        (u64::MAX, 1),
        (u64::MAX - 1, u64::MAX),
        (u64::MAX, u64::MAX / 2),
        (11_400_714_819_323_198_485, u64::MAX), // P: u64::MAX = ⌊kφ⌋ + k
        (11_400_714_819_323_198_486, u64::MAX),
    ];
    for (a, b) in positions_64 {
        let w = Wythoff::new(a, b);
        let (a, b) = (u128::from(a), u128::from(b));
        assert_eq!(
            w.outcome(Play::Normal).unwrap().is_previous(),
            oracle_is_p(a, b),
            "({a}, {b})"
        );
        let moves = as_set(as_pairs(w.winning_moves(Play::Normal).unwrap()));
        assert_eq!(moves, oracle_winning(a, b), "({a}, {b})");
        assert_eq!(
            moves.is_empty(),
            w.outcome(Play::Normal).unwrap().is_previous()
        );
        for (x, y) in moves {
            assert!(oracle_is_p(x, y));
        }
    }
    assert_eq!(
        Wythoff::new(11_400_714_819_323_198_485u64, u64::MAX)
            .outcome(Play::Normal)
            .unwrap(),
        Outcome::Previous
    );
    let positions_128 = [
        (u128::MAX, u128::MAX),
        (u128::MAX, 0),
        (u128::MAX, 1),
        (u128::MAX - 1, u128::MAX),
        (u128::MAX, u128::MAX / 2),
        (u128::MAX, u128::MAX / 3),
        (u128::MAX - 2, u128::MAX - 3),
    ];
    for (a, b) in positions_128 {
        let w = Wythoff::new(a, b);
        assert_eq!(
            w.outcome(Play::Normal).unwrap().is_previous(),
            oracle_is_p(a, b),
            "({a}, {b})"
        );
        let moves = as_set(as_pairs(w.winning_moves(Play::Normal).unwrap()));
        assert_eq!(moves, oracle_winning(a, b), "({a}, {b})");
        for &(x, y) in &moves {
            assert!(oracle_is_p(x, y));
            assert!(
                w.play(WythoffMove {
                    from: (a, b),
                    to: (x, y)
                })
                .is_ok()
            );
        }
    }
    // u128::MAX = ⌊kφ⌋ for some k, and its partner ⌊kφ⌋ + k is past u128::MAX: from
    // (u128::MAX, u128::MAX) only the diagonal move, to (0, 0), wins.
    let moves: Vec<_> = Wythoff::new(u128::MAX, u128::MAX)
        .winning_moves(Play::Normal)
        .unwrap()
        .collect();
    assert_eq!(
        moves,
        vec![WythoffMove {
            from: (u128::MAX, u128::MAX),
            to: (0, 0)
        }]
    );
    // One below, u128::MAX − 2 = ⌊kφ⌋ + k: the column and the row hold moves as well.
    assert_eq!(
        Wythoff::new(u128::MAX - 2, u128::MAX - 2)
            .winning_moves(Play::Normal)
            .unwrap()
            .count(),
        3
    );
}

/// Random huge positions, and positions a small step from a P-position, against the oracle.
fn huge_agrees_with_oracle(k: u128, shift: u8, da: i8, db: i8, swap: bool) -> TestResult {
    let k = k >> (shift % 128);
    let Some((p, q)) = lower(k).zip(upper(k)) else {
        return TestResult::discard();
    };
    let (Some(a), Some(b)) = (
        p.checked_add_signed(da.into()),
        q.checked_add_signed(db.into()),
    ) else {
        return TestResult::discard();
    };
    let (a, b) = if swap { (b, a) } else { (a, b) };
    let w = Wythoff::new(a, b);
    let moves = as_set(as_pairs(w.winning_moves(Play::Normal).unwrap()));
    let ok = w.outcome(Play::Normal).unwrap().is_previous() == oracle_is_p(a, b)
        && moves == oracle_winning(a, b)
        && moves.is_empty() == w.outcome(Play::Normal).unwrap().is_previous()
        && p_position(k) == Ok((p, q));
    TestResult::from_bool(ok)
}

#[test]
fn huge_positions_match_the_zeckendorf_oracle() {
    QuickCheck::new()
        .tests(common::scale::cases(1500))
        .quickcheck(huge_agrees_with_oracle as fn(u128, u8, i8, i8, bool) -> TestResult);
}

/// Arbitrary huge pairs (mostly N-positions) on `u64`.
fn huge_u64_agrees_with_oracle(a: u64, b: u64, shift: u8) -> TestResult {
    let a = a >> (shift % 64);
    let w = Wythoff::new(a, b);
    let (a, b) = (u128::from(a), u128::from(b));
    let moves = as_set(as_pairs(w.winning_moves(Play::Normal).unwrap()));
    TestResult::from_bool(
        w.outcome(Play::Normal).unwrap().is_previous() == oracle_is_p(a, b)
            && moves == oracle_winning(a, b),
    )
}

#[test]
fn huge_u64_positions_match_the_zeckendorf_oracle() {
    QuickCheck::new()
        .tests(common::scale::cases(1500))
        .quickcheck(huge_u64_agrees_with_oracle as fn(u64, u64, u8) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Grundy tables.

#[test]
fn grundy_limits() {
    let w = Wythoff::new(9u16, 4);
    assert_eq!(w.grundy_with_limit(50), w.grundy());
    assert_eq!(
        w.grundy_with_limit(49),
        Err(Error::TableLimit {
            requested: 50,
            limit: 49
        })
    );
    assert_eq!(
        Wythoff::new(0u8, 0).grundy_with_limit(0),
        Err(Error::TableLimit {
            requested: 1,
            limit: 0
        })
    );
    assert_eq!(Wythoff::new(0u8, 0).grundy_with_limit(1), Ok(Nimber::ZERO));
    assert_eq!(
        Wythoff::new(u64::MAX - 1, u64::MAX - 1).grundy(),
        Err(Error::TableLimit {
            requested: u128::from(u64::MAX) * u128::from(u64::MAX),
            limit: grundy::games::wythoff::DEFAULT_GRUNDY_LIMIT
        })
    );
    // Past u128::MAX the request saturates.
    assert_eq!(
        Wythoff::new(u64::MAX, u64::MAX).grundy(),
        Err(Error::TableLimit {
            requested: u128::MAX,
            limit: grundy::games::wythoff::DEFAULT_GRUNDY_LIMIT
        })
    );
    assert_eq!(
        Wythoff::new(u128::MAX, 1).grundy_with_limit(usize::MAX),
        Err(Error::TableLimit {
            requested: u128::MAX,
            limit: usize::MAX
        })
    );
    // The closed-form interface reports the same error, for the moves to a value other than
    // *0 (which need the table), and in a sum as well.
    let big = Wythoff::new(5000u32, 5000);
    assert!(matches!(big.grundy(), Err(Error::TableLimit { .. })));
    assert!(matches!(
        big.moves_to_value(Nimber::ONE),
        Err(Error::TableLimit { .. })
    ));
    // The moves to *0 are the winning moves, by the closed form, at any size.
    let to_zero: Vec<_> = big.moves_to_value(Nimber::ZERO).unwrap().collect();
    assert_eq!(
        to_zero,
        big.winning_moves(Play::Normal).unwrap().collect::<Vec<_>>()
    );
    assert_eq!(big.outcome(Play::Normal), Ok(Outcome::Next));
    let sum = Sum::new(vec![big, Wythoff::new(1, 2)]);
    assert!(matches!(sum.grundy(), Err(Error::TableLimit { .. })));
    assert!(matches!(
        sum.winning_moves(Play::Normal),
        Err(Error::TableLimit { .. })
    ));
    let message = w.grundy_with_limit(3).unwrap_err().to_string();
    assert_eq!(
        message,
        "a table of 50 entries is larger than the limit of 3; a limit of at least 50 allows it \
         (Tabulated::with_table_limit, or Wythoff::grundy_with_limit for Wythoff's values)"
    );
}

#[test]
fn grundy_on_long_thin_and_square_boards() {
    let mut brute = brute();
    // Row 0 is the identity; a few long rows against the brute force.
    assert_eq!(
        Wythoff::new(0u32, 100_000).grundy(),
        Ok(Nimber::new(100_000))
    );
    for a in [1u32, 2, 5] {
        for b in (0..400).step_by(37) {
            // Filling in order keeps the recursion of the brute force shallow.
            for y in 0..=b {
                for x in 0..=a {
                    brute.grundy(&(x, y));
                }
            }
            let expected = Nimber::new(brute.grundy(&(a, b)));
            assert_eq!(Wythoff::new(a, b).grundy(), Ok(expected), "({a}, {b})");
            assert_eq!(Wythoff::new(b, a).grundy(), Ok(expected), "({b}, {a})");
        }
    }
    // The largest square board of the default limit, and its P-positions.
    let w = Wythoff::new(1023u32, 1023);
    let g = w.grundy().unwrap();
    assert_ne!(g, Nimber::ZERO);
    let (a, b) = p_position(300u32).unwrap();
    assert_eq!(Wythoff::new(a, b).grundy(), Ok(Nimber::ZERO));
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync + Clone + std::fmt::Debug>() {}
    check::<Wythoff<u128>>();
    check::<WythoffMove<u128>>();
    check::<grundy::games::wythoff::WinningMoves<u128>>();
}

#[cfg(feature = "serde")]
#[test]
fn public_types_are_serde() {
    fn check<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    check::<Wythoff<u128>>();
    check::<WythoffMove<u8>>();
}

// ---------------------------------------------------------------------------------------------
// Text forms.

/// A position written and read back, in each of the forms `FromStr` accepts.
fn text_round_trip<T: Heap>(a: T, b: T) -> bool {
    let w = Wythoff::new(a, b);
    let written = w.to_string();
    written == format!("({a}, {b})")
        && written.parse::<Wythoff<T>>() == Ok(w)
        && format!("{a} {b}").parse::<Wythoff<T>>() == Ok(w)
        && format!("{a},{b}").parse::<Wythoff<T>>() == Ok(w)
        && format!("  ( {a} ,\t{b} )  ").parse::<Wythoff<T>>() == Ok(w)
}

#[test]
fn display_and_from_str_round_trip() {
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(text_round_trip::<u64> as fn(u64, u64) -> bool);
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(text_round_trip::<u8> as fn(u8, u8) -> bool);
    for (a, b) in [(0, 0), (u128::MAX, 0), (u128::MAX, u128::MAX)] {
        assert!(text_round_trip(a, b));
    }
    // What is not a position.
    for bad in [
        "", "3", "3 5 7", "(3, 5", "3, 5)", "(3; 5)", "-3 5", "3 x", "3 256", "(3)(5)",
    ] {
        assert!(
            matches!(bad.parse::<Wythoff<u8>>(), Err(Error::Parse { .. })),
            "{bad:?}"
        );
    }
}

#[test]
fn moves_are_written_in_words() {
    for a in 0..8u8 {
        for b in 0..8u8 {
            for (mv, next) in Wythoff::new(a, b).moves() {
                let (x, y) = next.heaps();
                let expected = if x == a {
                    format!("take {} from the second heap, leaving ({x}, {y})", b - y)
                } else if y == b {
                    format!("take {} from the first heap, leaving ({x}, {y})", a - x)
                } else {
                    format!("take {} from both, leaving ({x}, {y})", a - x)
                };
                assert_eq!(mv.to_string(), expected);
            }
        }
    }
    let mv = WythoffMove {
        from: (2u8, 3),
        to: (1, 2),
    };
    assert_eq!(mv.to_string(), "take 1 from both, leaving (1, 2)");
    let sum = Sum::new(vec![Wythoff::new(2u8, 3)]);
    let mv = grundy::SumMove { component: 0, mv };
    assert_eq!(
        mv.to_string(),
        "in component 0: take 1 from both, leaving (1, 2)"
    );
    assert_eq!(sum.play(mv).unwrap(), Sum::new(vec![Wythoff::new(1, 2)]));
}

// ---------------------------------------------------------------------------------------------
// Moves to every value, against the solver.

#[test]
fn moves_to_every_value_match_the_solver() {
    let mut solver = Solver::new();
    for a in 0..24u16 {
        for b in 0..24u16 {
            let w = Wythoff::new(a, b);
            // Past the largest value of an option, `b + 2a` (or `a + 2b`), there are none.
            for target in 0..=u128::from(a + b + 2 * a.min(b)) + 1 {
                let target = Nimber::new(target);
                let closed = w.moves_to_value(target).unwrap();
                let count = closed.len();
                let closed: Vec<_> = closed.collect();
                assert_eq!(count, closed.len(), "{w} to {target}");
                let closed_set: BTreeSet<_> = closed.iter().copied().collect();
                assert_eq!(closed_set.len(), closed.len(), "{w} to {target}: a repeat");
                let searched: BTreeSet<_> = solver.moves_to_value(&w, target).unwrap().collect();
                assert_eq!(closed_set, searched, "{w} to {target}");
                // And the evaluator that asks the closed form says the same.
                let direct: BTreeSet<_> = Direct.moves_to_value(&w, target).unwrap().collect();
                assert_eq!(direct, searched, "{w} to {target}");
                for mv in closed {
                    let next = w.play(mv).unwrap();
                    assert_eq!(next.grundy(), Ok(target), "{w}: {mv}");
                }
            }
            // A target no value reaches.
            assert_eq!(w.moves_to_value(Nimber::new(u128::MAX)).unwrap().count(), 0);
        }
    }
}

#[test]
fn moves_to_value_iterates_lazily_with_an_exact_length() {
    // A thin board: the options of value *3 from the table, counted as they are taken.
    let w = Wythoff::new(700u32, 3);
    let mut moves = w.moves_to_value(Nimber::new(3)).unwrap();
    let total = moves.len();
    assert!(total > 0);
    for left in (0..total).rev() {
        let mv = moves.next().unwrap();
        assert_eq!(w.play(mv).unwrap().grundy(), Ok(Nimber::new(3)));
        assert_eq!(moves.len(), left);
    }
    assert_eq!(moves.next(), None);
    assert_eq!(moves.next(), None); // fused
    // The closed form's moves count down too.
    let mut winning = Wythoff::new(2u8, 2).winning_moves(Play::Normal).unwrap();
    for left in (0..3).rev() {
        assert!(winning.next().is_some());
        assert_eq!(winning.len(), left);
    }
    assert_eq!(winning.next(), None);
}

// ---------------------------------------------------------------------------------------------
// Misère play.

/// The misère outcome of every position up to `size × size`, by the rules alone: the
/// terminal position is won by the player to move (who has no move), and any other position
/// is P exactly when no move reaches a P-position.
fn misere_brute(size: usize) -> Vec<Vec<bool>> {
    let mut p = vec![vec![false; size]; size];
    for a in 0..size {
        for b in 0..size {
            if a == 0 && b == 0 {
                continue;
            }
            let reaches_p = (0..a).any(|x| p[x][b])
                || (0..b).any(|y| p[a][y])
                || (1..=a.min(b)).any(|t| p[a - t][b - t]);
            p[a][b] = !reaches_p;
        }
    }
    p
}

#[test]
fn misere_matches_brute_force_on_every_board_up_to_200() {
    const SIZE: usize = 200;
    let p = misere_brute(SIZE);
    // The rule the crate implements: normal play's P-positions with (0, 0), (1, 2), (2, 1)
    // traded for (0, 1), (1, 0), (2, 2).
    for (a, row) in p.iter().enumerate() {
        for (b, &is_p) in row.iter().enumerate() {
            let normal = Wythoff::new(a as u32, b as u32)
                .outcome(Play::Normal)
                .unwrap()
                .is_previous();
            let swapped = matches!((a, b), (0, 0) | (1, 2) | (2, 1) | (0, 1) | (1, 0) | (2, 2));
            assert_eq!(is_p, normal != swapped, "({a}, {b})");
        }
    }
    for a in 0..SIZE {
        for b in 0..SIZE {
            let w = Wythoff::new(a as u16, b as u16);
            let outcome = w.outcome(Play::Misere).unwrap();
            assert_eq!(outcome.is_previous(), p[a][b], "({a}, {b})");
            assert_eq!(w.misere_outcome(), Ok(outcome));
            let winning = w.winning_moves(Play::Misere).unwrap();
            let count = winning.len();
            let closed = as_set(as_pairs(winning));
            assert_eq!(closed.len(), count);
            let expected: BTreeSet<(u128, u128)> = options(a as u32, b as u32)
                .into_iter()
                .filter(|&(x, y)| p[x as usize][y as usize])
                .map(|(x, y)| (x.into(), y.into()))
                .collect();
            assert_eq!(closed, expected, "({a}, {b})");
        }
    }
}

#[test]
fn misere_matches_the_solver() {
    // The outcome of every position up to 200 × 200, by one search.
    let mut solver = Solver::new();
    for a in 0..200u16 {
        for b in 0..200u16 {
            let w = Wythoff::new(a, b);
            assert_eq!(
                Evaluator::outcome(&mut solver, &w, Play::Misere),
                w.outcome(Play::Misere),
                "{w}"
            );
        }
    }
    // Every winning move, on a smaller board.
    for a in 0..40u16 {
        for b in 0..40u16 {
            let w = Wythoff::new(a, b);
            let searched: BTreeSet<_> = solver.winning_moves(&w, Play::Misere).unwrap().collect();
            let closed: BTreeSet<_> = w.winning_moves(Play::Misere).unwrap().collect();
            assert_eq!(closed, searched, "{w}");
            assert_eq!(
                Direct.outcome(&w, Play::Misere),
                solver.outcome(&w, Play::Misere)
            );
        }
    }
}

/// Misère P-positions by the Zeckendorf oracle: normal play's, with the three small ones
/// traded.
fn oracle_misere_partner(x: u128) -> Option<u128> {
    match x {
        0 => Some(1),
        1 => Some(0),
        2 => Some(2),
        _ => oracle_partner(x),
    }
}

fn oracle_misere_is_p(a: u128, b: u128) -> bool {
    if a.max(b) <= 2 {
        matches!((a, b), (0, 1) | (1, 0) | (2, 2))
    } else {
        oracle_is_p(a, b)
    }
}

/// The misère winning moves of `(a, b)`: the misère P-position of each line, when below it.
fn oracle_misere_winning(a: u128, b: u128) -> BTreeSet<(u128, u128)> {
    let mut set = BTreeSet::new();
    if let Some(x) = oracle_misere_partner(b).filter(|&x| x < a) {
        set.insert((x, b));
    }
    if let Some(y) = oracle_misere_partner(a).filter(|&y| y < b) {
        set.insert((a, y));
    }
    let (small, large) = (a.min(b), a.max(b));
    let gap = large - small;
    let start = match gap {
        0 => Some(2),
        1 => Some(0),
        _ => lower(gap),
    };
    if let Some(p) = start.filter(|&p| p < small) {
        set.insert(if a <= b { (p, p + gap) } else { (p + gap, p) });
    }
    set
}

/// Huge positions near a P-position, under misère play, against the oracle.
fn huge_misere_agrees_with_oracle(k: u128, shift: u8, da: i8, db: i8, swap: bool) -> TestResult {
    let k = k >> (shift % 128);
    let Some((p, q)) = lower(k).zip(upper(k)) else {
        return TestResult::discard();
    };
    let (Some(a), Some(b)) = (
        p.checked_add_signed(da.into()),
        q.checked_add_signed(db.into()),
    ) else {
        return TestResult::discard();
    };
    let (a, b) = if swap { (b, a) } else { (a, b) };
    let w = Wythoff::new(a, b);
    let outcome = w.outcome(Play::Misere).unwrap();
    let moves = as_set(as_pairs(w.winning_moves(Play::Misere).unwrap()));
    TestResult::from_bool(
        outcome.is_previous() == oracle_misere_is_p(a, b)
            && moves == oracle_misere_winning(a, b)
            && (moves.is_empty() == outcome.is_previous() || (a, b) == (0, 0)),
    )
}

#[test]
fn huge_misere_positions_match_the_oracle() {
    QuickCheck::new()
        .tests(common::scale::cases(1500))
        .quickcheck(huge_misere_agrees_with_oracle as fn(u128, u8, i8, i8, bool) -> TestResult);
    // The oracle itself against the brute force, on small boards.
    for (a, row) in misere_brute(60).iter().enumerate() {
        for (b, &is_p) in row.iter().enumerate() {
            assert_eq!(oracle_misere_is_p(a as u128, b as u128), is_p, "({a}, {b})");
        }
    }
    for (a, b) in [
        (u128::MAX, u128::MAX),
        (u128::MAX, 0),
        (0, u128::MAX),
        (1, u128::MAX),
        (u128::MAX, 2),
        (u128::MAX - 2, u128::MAX - 2),
    ] {
        let w = Wythoff::new(a, b);
        assert_eq!(
            w.outcome(Play::Misere).unwrap().is_previous(),
            oracle_misere_is_p(a, b)
        );
        let moves = as_set(as_pairs(w.winning_moves(Play::Misere).unwrap()));
        assert_eq!(moves, oracle_misere_winning(a, b), "({a}, {b})");
    }
    // The terminal position: won by the player to move, with no move at all.
    let empty = Wythoff::new(0u8, 0);
    assert_eq!(empty.outcome(Play::Misere), Ok(Outcome::Next));
    assert_eq!(empty.winning_moves(Play::Misere).unwrap().len(), 0);
}

/// A Grundy table within a huge limit that the allocator cannot give is an error, never an
/// aborted process.
#[test]
fn a_table_larger_than_memory_is_an_error() {
    let board = Wythoff::new(1u64 << 31, 1 << 31);
    match board.grundy_with_limit(usize::MAX) {
        Err(Error::OutOfMemory { .. }) => {}
        other => panic!("{other:?}"),
    }
}
