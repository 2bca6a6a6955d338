//! Misère quotients of heap games, checked by means independent of their construction: a
//! certificate written here from the definitions (the monoid laws; the heaps generate the
//! monoid; no two elements behave alike; and, closing the set of pairs (element, elements of
//! the options) reachable by adding heaps, P is exactly the pairs whose options are not empty
//! and hold no P-element), the misère outcomes of every position up to a size by the shared
//! brute force of `tests/common`, and the published quotients (Plambeck; Plambeck and Siegel),
//! compared up to isomorphism through their presentations, never as printed. Rows answered
//! from a quotient agree with the brute force, outcome and every winning move.

use crate::common;
use crate::xorshift;

use common::rules::{self, RowMove};
use common::scale::cases;
use common::{Oracle, listed_once};
use grundy::games::{GrundysGame, HeapMove, HeapRow, HeapRules, Nim, Octal, Subtraction};
use grundy::misere::MisereQuotient;
use grundy::prelude::*;
use grundy::sequence::Period;
use grundy::{Error, Heap};
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;
use xorshift::XorShift;

type HeapMoves = Rc<dyn Fn(u32) -> Vec<(u32, Vec<u32>)>>;

/// The moves of one heap of a code, from the test's own rules.
fn code_moves(code: &str) -> HeapMoves {
    Rc::new(rules::take_and_break_heap(code))
}

fn mul(q: &MisereQuotient, x: usize, y: usize) -> usize {
    q.table()[x * q.order() + y] as usize
}

/// The element of a position of heaps `heaps` (each within the quotient's bound).
fn element(q: &MisereQuotient, heaps: &[u32]) -> usize {
    heaps
        .iter()
        .fold(0, |x, &h| mul(q, x, q.heaps()[h as usize] as usize))
}

/// The certificate of `q` as the misère quotient of heaps `0..=q.bound()` under `moves`.
fn certify(q: &MisereQuotient, moves: &HeapMoves) {
    let n = q.order();
    let bound = q.bound();
    assert_eq!(q.table().len(), n * n);
    assert_eq!(q.heaps().len(), bound + 1);
    assert_eq!(q.heaps()[0], 0, "the empty heap is the identity");
    // The monoid laws.
    for x in 0..n {
        assert_eq!(mul(q, 0, x), x, "identity");
        for y in 0..n {
            assert!(q.table()[x * n + y] < n as u32);
            assert_eq!(mul(q, x, y), mul(q, y, x), "commutative");
            if n <= 64 {
                for z in 0..n {
                    assert_eq!(
                        mul(q, mul(q, x, y), z),
                        mul(q, x, mul(q, y, z)),
                        "associative"
                    );
                }
            }
        }
    }
    // The heaps generate it.
    let mut reached = BTreeSet::from([0usize]);
    let mut stack = vec![0usize];
    while let Some(x) = stack.pop() {
        for &g in q.heaps() {
            let y = mul(q, x, g as usize);
            if reached.insert(y) {
                stack.push(y);
            }
        }
    }
    assert_eq!(reached.len(), n, "the heaps generate the monoid");
    // Reduced: every two elements are told apart by some element.
    for x in 0..n {
        for y in x + 1..n {
            assert!(
                (0..n).any(|z| q.is_p(mul(q, x, z)) != q.is_p(mul(q, y, z))),
                "{x} and {y} behave alike"
            );
        }
    }
    // The pairs (element, options' elements) reachable by adding heaps, each checked.
    let heap_pairs: Vec<(usize, BTreeSet<usize>)> = (1..=bound as u32)
        .map(|h| {
            let options = moves(h)
                .into_iter()
                .map(|(_, left)| element(q, &left))
                .collect();
            (q.heaps()[h as usize] as usize, options)
        })
        .collect();
    let mut seen = BTreeSet::from([(0usize, BTreeSet::new())]);
    let mut stack = vec![(0usize, BTreeSet::<usize>::new())];
    while let Some((x, options)) = stack.pop() {
        let p = !options.is_empty() && options.iter().all(|&o| !q.is_p(o));
        assert_eq!(q.is_p(x), p, "the pair ({x}, {options:?}) is read wrongly");
        for (g, heap_options) in &heap_pairs {
            let next: BTreeSet<usize> = heap_options
                .iter()
                .map(|&t| mul(q, x, t))
                .chain(options.iter().map(|&a| mul(q, a, *g)))
                .collect();
            let pair = (mul(q, x, *g), next);
            if seen.insert(pair.clone()) {
                stack.push(pair);
            }
        }
    }
}

/// Every position of heaps `1..=bound` with at most `total` tokens, ascending.
fn positions(bound: u32, total: u32) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    let mut i = 0;
    while i < out.len() {
        let p: Vec<u32> = out[i].clone();
        let used: u32 = p.iter().sum();
        let from = p.last().copied().unwrap_or(1);
        for h in from..=bound {
            if used + h <= total {
                let mut next = p.clone();
                next.push(h);
                out.push(next);
            }
        }
        i += 1;
    }
    out
}

/// The misère outcome of every position up to `total` tokens, by plain search, against the
/// quotient.
fn outcomes_by_search(q: &MisereQuotient, moves: HeapMoves, total: u32) {
    let mut oracle = Oracle::new(rules::row(move |h| moves(h)));
    for p in positions(q.bound() as u32, total) {
        let searched = oracle.outcome(&p, Play::Misere);
        assert_eq!(q.outcome(&p).unwrap(), searched, "{p:?}");
    }
}

/// The element of a word, a list of factors.
type Word<'a> = &'a dyn Fn(&[usize]) -> usize;

/// Whether `q` is the monoid presented by `k` generators with `relations` (a predicate on
/// their elements) and the P-portion `p` (the elements of words, as a function of the
/// generators' elements), given that monoid's published order: some generators in `q`
/// satisfy the relations, generate `q`, give `p`, and `q` has the published order (so `q`,
/// a quotient of the presented monoid of that order, is isomorphic to it).
fn presents(
    q: &MisereQuotient,
    k: usize,
    order: usize,
    relations: &dyn Fn(Word<'_>, &[usize]) -> bool,
    p: &dyn Fn(Word<'_>, &[usize]) -> Vec<usize>,
) -> bool {
    if q.order() != order {
        return false;
    }
    let n = q.order();
    let mut tuple = vec![0usize; k];
    loop {
        let word = |factors: &[usize]| factors.iter().fold(0, |x, &y| mul(q, x, y));
        if relations(&word, &tuple) {
            let mut reached = BTreeSet::from([0usize]);
            let mut stack = vec![0usize];
            while let Some(x) = stack.pop() {
                for &g in &tuple {
                    let y = mul(q, x, g);
                    if reached.insert(y) {
                        stack.push(y);
                    }
                }
            }
            let wanted: BTreeSet<usize> = p(&word, &tuple).into_iter().collect();
            let actual: BTreeSet<usize> = q.p_portion().into_iter().collect();
            if reached.len() == n && wanted == actual {
                return true;
            }
        }
        // The next tuple.
        let mut i = 0;
        loop {
            if i == k {
                return false;
            }
            tuple[i] += 1;
            if tuple[i] < n {
                break;
            }
            tuple[i] = 0;
            i += 1;
        }
    }
}

/// T2 = ⟨a, b | a² = 1, b³ = b⟩, P = {a, b²}, of order 6: the quotient of Nim heaps up to 2.
fn is_t2(q: &MisereQuotient) -> bool {
    presents(
        q,
        2,
        6,
        &|w, g| {
            let (a, b) = (g[0], g[1]);
            w(&[a, a]) == 0 && w(&[b, b, b]) == b
        },
        &|w, g| vec![g[0], w(&[g[1], g[1]])],
    )
}

#[test]
fn nim_heaps_up_to_two_give_t2_and_up_to_seven_order_ten() {
    let nim: Octal = "0.[3]".parse().unwrap();
    let q = MisereQuotient::compute(&nim, 2).unwrap();
    assert_eq!((q.order(), q.p_portion().len()), (6, 2));
    assert!(is_t2(&q));
    certify(&q, &code_moves("0.[3]"));
    outcomes_by_search(&q, code_moves("0.[3]"), 14);
    let q = MisereQuotient::compute(&nim, 7).unwrap();
    assert_eq!(q.order(), 10);
    assert!(!q.is_proven(), "a repeated digit: no theorem applies");
    certify(&q, &code_moves("0.[3]"));
    outcomes_by_search(&q, code_moves("0.[3]"), 14);
    // Misère Nim itself agrees: the quotient's outcome is the closed form's.
    for p in positions(7, 16) {
        let heaps: Vec<u8> = p.iter().map(|&h| h as u8).collect();
        assert_eq!(
            q.outcome(&heaps).unwrap(),
            Nim::from(heaps.clone()).outcome(Play::Misere).unwrap()
        );
    }
}

#[test]
fn plambecks_r8_for_0_75() {
    let rules: Octal = "0.75".parse().unwrap();
    let q = MisereQuotient::compute(&rules, 40).unwrap();
    assert_eq!((q.order(), q.p_portion().len()), (8, 2));
    // R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, P = {a, b²}.
    assert!(presents(
        &q,
        3,
        8,
        &|w, g| {
            let (a, b, c) = (g[0], g[1], g[2]);
            w(&[a, a]) == 0
                && w(&[b, b, b]) == b
                && w(&[b, c]) == w(&[a, b])
                && w(&[c, c]) == w(&[b, b])
        },
        &|w, g| vec![g[0], w(&[g[1], g[1]])],
    ));
    assert!(q.is_proven());
    certify(&q, &code_moves("0.75"));
    outcomes_by_search(&q, code_moves("0.75"), 16);
}

#[test]
fn plambecks_0_123_of_order_twenty_with_its_period() {
    let rules: Octal = "0.123".parse().unwrap();
    let q = MisereQuotient::compute(&rules, 40).unwrap();
    // Plambeck (2005): ⟨x, z, a, b | x² = a² = 1, z⁴ = z², b⁴ = b², abz = b, b³x = b²,
    // z³a = z²⟩, P = {x, xa, b², z², zb}; pretending function of preperiod 5, period 5.
    assert!(presents(
        &q,
        4,
        20,
        &|w, g| {
            let (x, z, a, b) = (g[0], g[1], g[2], g[3]);
            w(&[x, x]) == 0
                && w(&[a, a]) == 0
                && w(&[z, z, z, z]) == w(&[z, z])
                && w(&[b, b, b, b]) == w(&[b, b])
                && w(&[a, b, z]) == b
                && w(&[b, b, b, x]) == w(&[b, b])
                && w(&[z, z, z, a]) == w(&[z, z])
        },
        &|w, g| {
            let (x, z, a, b) = (g[0], g[1], g[2], g[3]);
            vec![x, w(&[x, a]), w(&[b, b]), w(&[z, z]), w(&[z, b])]
        },
    ));
    assert_eq!(q.period(), Period::new(5, 5));
    certify(&q, &code_moves("0.123"));
    outcomes_by_search(&q, code_moves("0.123"), 14);
}

#[test]
fn dawsons_kayles_to_24_has_order_24() {
    // Plambeck and Siegel (2008): |Q_24(0.07)| = 24.
    let rules = Octal::dawsons_kayles();
    let q = MisereQuotient::compute(&rules, 24).unwrap();
    assert_eq!(q.order(), 24);
    assert!(!q.is_proven());
    certify(&q, &code_moves("0.07"));
    outcomes_by_search(&q, code_moves("0.07"), 16);
}

#[test]
fn kayles_bounded_quotients_are_certified_and_never_claimed_for_ever() {
    for bound in [3usize, 6, 9, 12] {
        let q = MisereQuotient::compute(&Octal::kayles(), bound).unwrap();
        assert_eq!(q.bound(), bound);
        assert!(!q.is_proven());
        assert!(q.heap_element(bound as u128 + 1).is_none());
        assert!(matches!(
            q.outcome(&[bound as u32 + 1]),
            Err(Error::HeapOutOfRange { .. })
        ));
        certify(&q, &code_moves("0.77"));
        outcomes_by_search(&q, code_moves("0.77"), 14);
    }
}

/// Kayles' quotient is finite, and proven: past a budget of 2^28 steps the periodicity theorem
/// proves from the heaps to 167 (`2·71 + 2·12 + 2 - 1`) that heap `n + 12` has the element of
/// heap `n` from heap 71 on, the period and last exception of Sibert and Conway's solution of
/// misère Kayles. The quotient has order 40 and 9 P-elements, certified here to its bound, and
/// through its period a heap far past it answers as its residue.
#[test]
fn kayles_quotient_is_proven_past_a_larger_budget() {
    let q = MisereQuotient::compute_within(&Octal::kayles(), usize::MAX, 1 << 30).unwrap();
    assert_eq!(q.period(), Period::new(71, 12));
    assert_eq!((q.order(), q.p_portion().len(), q.bound()), (40, 9, 167));
    certify(&q, &code_moves("0.77"));
    outcomes_by_search(&q, code_moves("0.77"), 14);
    assert_eq!(
        q.heap_element(u128::MAX),
        q.heap_element(71 + (u128::MAX - 71) % 12)
    );
}

/// A row of Kayles that the quotient computed on demand does not cover, and that a short
/// search does not answer, is answered through the quotient computed again within the
/// larger fallback budget, which proves Kayles' period (before, a heap of 100 was searched
/// through 2^28 moves for a minute and failed with `SearchMoveLimit`).
#[test]
fn a_kayles_row_past_a_short_search_is_answered_through_the_proven_quotient() {
    let kayles = Octal::kayles();
    let cache = kayles.misere_quotients().unwrap();
    let row = HeapRow::new(kayles.clone(), [100u128]);
    let outcome = row.outcome(Play::Misere).unwrap();
    let q = cache.get().unwrap();
    assert!(q.is_proven());
    assert_eq!(q.period(), Period::new(71, 12));
    // The quotient certified in `kayles_quotient_is_proven_past_a_larger_budget` answers it:
    // 100 is 5 past a multiple of 12 from 71, so heap 100 is heap 76's element.
    let certified = MisereQuotient::compute_within(&kayles, usize::MAX, 1 << 30).unwrap();
    assert_eq!(outcome, certified.outcome(&[76u128]).unwrap());
    // Rows of big heaps are read from the quotient through the heaps' residues, and the
    // winning moves (of heaps with few enough moves to list) each leave a P-position.
    let residue = |h: u128| if h < 71 { h } else { 71 + (h - 71) % 12 };
    let huge = [u128::MAX, u128::MAX - 7, 1 << 100];
    let reduced: Vec<u128> = huge.iter().map(|&h| residue(h)).collect();
    assert_eq!(
        HeapRow::new(kayles.clone(), huge)
            .outcome(Play::Misere)
            .unwrap(),
        certified.outcome(&reduced).unwrap()
    );
    let heaps = [100_000, 5000, 100];
    let big = HeapRow::new(kayles.clone(), heaps);
    let reduced: Vec<u128> = heaps.iter().map(|&h| residue(h)).collect();
    assert_eq!(
        big.outcome(Play::Misere).unwrap(),
        certified.outcome(&reduced).unwrap()
    );
    let winning: Vec<HeapMove<u128>> = big.winning_moves(Play::Misere).unwrap().collect();
    assert!(!winning.is_empty());
    for mv in &winning {
        let after = big.play(mv.clone()).unwrap();
        let left: Vec<u128> = after.heaps().iter().map(|&h| residue(h)).collect();
        assert_eq!(certified.outcome(&left).unwrap(), Outcome::Previous, "{mv}");
    }
}

#[test]
fn subtraction_quotients_are_proven_and_answer_every_heap() {
    for set in [vec![1u32, 2], vec![1, 3, 4], vec![2, 5], vec![3]] {
        let rules = Subtraction::new(set.clone()).unwrap();
        let q = MisereQuotient::compute(&rules, 60).unwrap();
        assert!(q.is_proven(), "{set:?}");
        let period = q.period().unwrap();
        let moves: HeapMoves = {
            let set = set.clone();
            Rc::new(move |h| {
                set.iter()
                    .filter(|&&s| s <= h)
                    .map(|&s| (s, if s == h { vec![] } else { vec![h - s] }))
                    .collect()
            })
        };
        certify(&q, &moves);
        // Heaps past the bound, through the period, against the brute force.
        let mut oracle = Oracle::new(rules::row(move |h| moves(h)));
        let pairs = (0..=70u32).flat_map(|a| (a..=70).map(move |b| vec![a, b]));
        for p in pairs.map(|p: Vec<u32>| p.into_iter().filter(|&h| h > 0).collect::<Vec<_>>()) {
            let searched = oracle.outcome(&p, Play::Misere);
            assert_eq!(q.outcome(&p).unwrap(), searched, "{set:?} {p:?} {period:?}");
        }
    }
}

/// A random octal code of one to three digits after the point, first digit 0 or 4.
fn random_code(rng: &mut XorShift) -> String {
    let first = if rng.next() % 4 == 0 { "4" } else { "0" };
    let digits = 1 + rng.next() % 3;
    let mut code = format!("{first}.");
    for _ in 0..digits {
        code.push(char::from(b'0' + (rng.next() % 8) as u8));
    }
    code
}

#[test]
fn every_quotient_has_even_order_and_a_certificate() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut computed = 0;
    for _ in 0..cases(400) {
        let code = random_code(&mut rng);
        let bound = 2 + (rng.next() % 7) as usize;
        let rules: Octal = code.parse().unwrap();
        let Ok(q) = MisereQuotient::compute_within(&rules, bound, 1 << 20) else {
            continue;
        };
        computed += 1;
        // Only the game with no move at all has the trivial quotient.
        let trivial = (1..=q.bound() as u32).all(|h| code_moves(&code)(h).is_empty());
        if trivial {
            assert_eq!(q.order(), 1, "{code}");
        } else {
            assert_eq!(
                q.order() % 2,
                0,
                "{code} up to {bound}: order {}",
                q.order()
            );
        }
        certify(&q, &code_moves(&code));
        outcomes_by_search(&q, code_moves(&code), 9);
    }
    assert!(
        computed * 4 >= cases(400) * 3,
        "most codes within the budget"
    );
}

/// A quotient the crate calls proven holds past its bound: rows with a heap past the bound
/// (answered through the period of the heaps' elements) have the misère outcome the brute
/// force gives, for random finite octal codes, up to two periods past the bound.
#[test]
fn proven_quotients_hold_past_their_bound() {
    let mut rng = XorShift(0x51e9_e10f_0c7a_1e55);
    let mut proven = 0;
    let mut checked = 0;
    for _ in 0..cases(300) {
        let code = random_code(&mut rng);
        let rules: Octal = code.parse().unwrap();
        let Ok(q) = MisereQuotient::compute_within(&rules, 20, 1 << 22) else {
            continue;
        };
        let Some(period) = q.period() else {
            continue;
        };
        proven += 1;
        let bound = q.bound() as u32;
        // Heaps to two periods past the bound, in rows of at most 30 tokens.
        let most = (bound + 2 * period.period() as u32).min(30);
        let moves = code_moves(&code);
        let mut oracle = Oracle::new(rules::row(move |h| moves(h)));
        for p in positions(most, most.max(bound + 3).min(30)) {
            if p.iter().all(|&h| h <= bound) {
                continue; // within the bound: the other tests check these
            }
            checked += 1;
            let searched = oracle.outcome(&p, Play::Misere);
            assert_eq!(
                q.outcome(&p).unwrap(),
                searched,
                "{code} proven to {bound} with {period:?}: {p:?}"
            );
        }
    }
    // Nearly half the codes are proven within the budget (136 of 300 in the full run, with
    // 6005 rows past their bounds; 13 of 30 in the quick run, 440 rows), and every proven
    // one had rows past its bound checked.
    assert!(proven >= cases(300) / 4, "only {proven} codes proven");
    assert!(checked >= proven, "{checked} rows for {proven} codes");
}

/// The crate's move as the test rules' move.
fn as_row_move<T: Heap + Into<u128>>(mv: &HeapMove<T>) -> RowMove {
    let left: Vec<u32> = mv.to.heaps().map(|h| h.into() as u32).collect();
    (mv.index, mv.take.into() as u32, left)
}

#[test]
fn rows_from_quotients_agree_with_search() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for (code, bound) in [
        ("0.75", 10u64),
        ("0.123", 10),
        ("0.77", 10),
        ("0.07", 10),
        ("0.137", 10),
        ("4.7", 7),
    ] {
        let rules: Octal = code.parse().unwrap();
        // The rules' own cache answers the rows once a quotient is there.
        let cache = rules.misere_quotients().unwrap();
        cache.supply(MisereQuotient::compute_within(&rules, bound as usize, 1 << 26).unwrap());
        let moves = code_moves(code);
        let mut oracle = Oracle::new(rules::row(move |h| moves(h)));
        for _ in 0..cases(2000) {
            let len = rng.next() % 5;
            let heaps: Vec<u32> = (0..len).map(|_| 1 + (rng.next() % bound) as u32).collect();
            let row = HeapRow::new(rules.clone(), heaps.iter().map(|&h| h as u8));
            let position: Vec<u32> = row.heaps().iter().map(|&h| u32::from(h)).collect();
            assert_eq!(
                row.outcome(Play::Misere).unwrap(),
                oracle.outcome(&position, Play::Misere),
                "{code} {row}"
            );
            let listed = listed_once(
                row.winning_moves(Play::Misere)
                    .unwrap()
                    .map(|mv| as_row_move(&mv)),
            );
            assert_eq!(
                listed,
                oracle.winning_moves(&position, Play::Misere),
                "{code} {row}"
            );
            // Both at once, from the same quotient.
            let (outcome, moves) = row.misere_outcome_and_moves().unwrap();
            assert_eq!(outcome, oracle.outcome(&position, Play::Misere));
            assert_eq!(listed_once(moves.map(|mv| as_row_move(&mv))), listed);
        }
    }
}

/// Rows no quotient covers (Grundy's game, whose misère quotient is not finite) are searched,
/// once, for both misère answers:
/// the outcome and every winning move agree with the brute force, and with the two questions
/// asked apart.
#[test]
fn both_misere_answers_of_a_searched_row_agree_with_the_brute_force() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut grundy = Oracle::new(rules::grundys_game());
    for _ in 0..cases(300) {
        // A heap of 29 or more, which the quotients computed on demand do not reach (they
        // cover Grundy's game to heap 28), and up to two small ones.
        let len = rng.next() % 3;
        let mut heaps: Vec<u32> = (0..len).map(|_| (rng.next() % 7) as u32).collect();
        heaps.push(29 + (rng.next() % 4) as u32);
        let row = HeapRow::new(GrundysGame::new(), heaps.iter().copied());
        assert!(row.misere_quotient().is_none(), "{row}");
        let position: Vec<u32> = row.heaps().to_vec();
        let (outcome, moves) = row.misere_outcome_and_moves().unwrap();
        let moves = listed_once(moves.map(|mv| as_row_move(&mv)));
        assert_eq!(outcome, grundy.outcome(&position, Play::Misere), "{row}");
        assert_eq!(outcome, row.outcome(Play::Misere).unwrap(), "{row}");
        assert_eq!(
            moves,
            grundy.winning_moves(&position, Play::Misere),
            "{row}"
        );
        let apart = row
            .winning_moves(Play::Misere)
            .unwrap()
            .map(|mv| as_row_move(&mv));
        assert_eq!(moves, listed_once(apart), "{row}");
    }
}

#[test]
fn twenty_heaps_at_once() {
    // 0.75's quotient is proven: any row, any heap sizes.
    let rules: Octal = "0.75".parse().unwrap();
    let heaps: Vec<u64> = (0..20).map(|i| 1_000_000_007 * i + 3).collect();
    let row = HeapRow::new(rules.clone(), heaps.clone());
    let q = rules.misere_quotients().unwrap().get();
    let outcome = row.outcome(Play::Misere).unwrap();
    let q = q
        .or_else(|| rules.misere_quotients().unwrap().get())
        .unwrap();
    assert!(q.is_proven());
    assert_eq!(outcome, q.outcome(&heaps).unwrap());
    // Every heap reduced through the period is the same row, small enough to search.
    let period = q.period().unwrap();
    let small: Vec<u64> = heaps
        .iter()
        .map(|&h| period.reduce(u128::from(h)) as u64)
        .collect();
    assert_eq!(q.outcome(&small).unwrap(), outcome);
}

#[test]
fn errors() {
    assert_eq!(
        MisereQuotient::compute_within(&Octal::kayles(), 12, 10),
        Err(Error::QuotientBudget {
            bound: 12,
            budget: 10
        })
    );
    // A misère sum mixing a row with another game has no known answer.
    let sum = (HeapRow::heap(Octal::kayles(), 3u8), Nim::from([2u8]));
    assert!(matches!(
        sum.outcome(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ));
}

/// A bound far past what is reached allocates nothing for the heaps not reached: a period
/// proven on the way answers at once, and a budget stops the work (and the memory) where it
/// is spent, whatever the bound, `usize::MAX` included.
#[test]
fn a_bound_past_what_is_reached_costs_only_the_heaps_reached() {
    let take_one_or_two = Subtraction::new([1u8, 2]).unwrap();
    for bound in [1usize << 32, 1 << 48, usize::MAX] {
        let q = MisereQuotient::compute(&take_one_or_two, bound).unwrap();
        assert!(
            q.is_proven() && q.bound() < 64,
            "bound {bound}: {}",
            q.bound()
        );
        assert_eq!(q.heap_element(u128::MAX), q.heap_element(u128::MAX % 3));
    }
    // Kayles is proven for no bound: the budget (10^3 steps, far below any quotient of many
    // heaps) is what stops it, at once and with its error, naming the bound asked.
    for bound in [1usize << 28, 1 << 48, usize::MAX] {
        assert_eq!(
            MisereQuotient::compute_within(&Octal::kayles(), bound, 1000),
            Err(Error::QuotientBudget {
                bound,
                budget: 1000
            })
        );
    }
}

#[test]
fn printed_forms() {
    let q = MisereQuotient::compute(&"0.75".parse::<Octal>().unwrap(), 40).unwrap();
    let relations: Vec<String> = q.relations().iter().map(|r| q.relation_text(r)).collect();
    assert_eq!(relations, ["a^2 = 1", "bc = ab", "c^2 = b^2", "b^3 = b"]);
    let names: Vec<String> = (0..q.order()).map(|x| q.element_name(x).unwrap()).collect();
    assert_eq!(names.len(), 8);
    assert_eq!(names[0], "1");
    let p: Vec<&str> = q.p_portion().iter().map(|&x| names[x].as_str()).collect();
    assert_eq!(p, ["a", "b^2"]);
    let _ = BTreeMap::<u8, u8>::new();
}

/// Kayles' rules, holding no misère quotient: rules of your own that do not opt in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct NoCache(Octal);

impl HeapRules for NoCache {
    type HeapMoves = <Octal as HeapRules>::HeapMoves;

    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        self.0.heap_value(heap)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<Self::HeapMoves, Error> {
        self.0.heap_moves_to(heap, target)
    }

    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> std::ops::ControlFlow<()>
    where
        F: FnMut(u128, grundy::games::Leaves) -> std::ops::ControlFlow<()>,
    {
        self.0.for_each_heap_move(heap, visit)
    }
}

#[test]
fn rows_no_quotient_covers_are_searched() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    // Rules with no cache, and `4.7`, whose quotient outgrows the default budget before heap
    // 12: both are answered by search, and agree with the brute force.
    let daisies: Octal = "4.7".parse().unwrap();
    for (code, uncached) in [("0.77", true), ("4.7", false)] {
        let moves = code_moves(code);
        let mut oracle = Oracle::new(rules::row(move |h| moves(h)));
        for _ in 0..cases(200) {
            let len = 1 + rng.next() % 3;
            let heaps: Vec<u8> = (0..len).map(|_| 1 + (rng.next() % 12) as u8).collect();
            let position: Vec<u32> = {
                let mut p: Vec<u32> = heaps.iter().map(|&h| u32::from(h)).collect();
                p.sort_unstable();
                p
            };
            let (outcome, listed) = if uncached {
                let row = HeapRow::new(NoCache(Octal::kayles()), heaps);
                let listed = listed_once(
                    row.winning_moves(Play::Misere)
                        .unwrap()
                        .map(|mv| as_row_move(&mv)),
                );
                (row.outcome(Play::Misere).unwrap(), listed)
            } else {
                let row = HeapRow::new(daisies.clone(), heaps);
                let listed = listed_once(
                    row.winning_moves(Play::Misere)
                        .unwrap()
                        .map(|mv| as_row_move(&mv)),
                );
                (row.outcome(Play::Misere).unwrap(), listed)
            };
            assert_eq!(
                outcome,
                oracle.outcome(&position, Play::Misere),
                "{code} {position:?}"
            );
            assert_eq!(
                listed,
                oracle.winning_moves(&position, Play::Misere),
                "{code} {position:?}"
            );
        }
    }
    // `4.7`'s cache kept the quotient of the most heaps it verified, short of 12.
    let held = daisies.misere_quotients().unwrap().get().unwrap();
    assert!(held.bound() < 12 && !held.is_proven());
    certify(&held, &code_moves("4.7"));
}

#[test]
fn public_types_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<MisereQuotient>();
    send_sync::<grundy::misere::QuotientCache>();
    send_sync::<grundy::misere::Relation>();
}

#[test]
fn dawsons_kayles_to_26_has_the_published_order() {
    // Plambeck and Siegel (2008): |Q_26(0.07)| = 144 (and |Q_29(0.07)| = 176, which
    // `grundy quotient octal 0.07 29 --budget 40000000000` finds in about 40 s). Heavy
    // (seconds in a release build): the full run only.
    if std::env::var_os("GRUNDY_FULL_TESTS").is_none() {
        return;
    }
    let rules = Octal::dawsons_kayles();
    let q = MisereQuotient::compute_within(&rules, 26, 1 << 36).unwrap();
    assert_eq!(q.order(), 144, "Q_26(0.07)");
    outcomes_by_search(&q, code_moves("0.07"), 12);
}

#[test]
fn winning_moves_past_the_move_limit_are_refused_before_any_is_kept() {
    // Found by red-teaming `grundy octal 0.77 1000000000000000000000 3 --misere`, which ran
    // into its 20 s time limit holding 6 GB. Every move of a huge heap of `0.55` beside a heap
    // of 11 wins (0.55's quotient has order 2): the single pass kept each winning move it
    // found until the 2^28th move looked at (2^28 moves of 96 bytes, 25 GB, past this
    // machine's memory) before refusing the row. The moves are counted first now, none kept.
    // (The crate's own rules list such a heap by residue, at any size: these are rules of
    // one's own, listed through their `for_each_heap_move`.)
    let octal: Octal = "0.55".parse().unwrap();
    let q = MisereQuotient::compute(&octal, 200).unwrap();
    assert!(q.is_proven() && q.order() == 2);
    let rules = Counting(octal, Default::default());
    // Within the limit, every move of the heap of 40 wins beside 11: its 19 splits of 39
    // after taking one and 19 of 38 after taking two.
    let small = HeapRow::new(rules.clone(), [40u128, 11]);
    let moves = q.winning_moves(&small).unwrap();
    assert_eq!(moves.filter(|m| m.index == 1).count(), 38);
    let huge = HeapRow::new(rules, [10u128.pow(21), 11]);
    let limit = grundy::DEFAULT_MOVE_LIMIT;
    assert_eq!(
        q.winning_moves(&huge).err(),
        Some(Error::MoveLimit { limit })
    );
}

#[test]
fn winning_moves_of_huge_heaps_come_in_batches_whole_and_in_order() {
    // A heap of thousands of tokens of a code that splits has thousands of moves: its winning
    // moves are found 32, then 64, 128, ... at a time, each batch listing the heap's moves
    // again from its start. Every move is judged here from the test's own moves and the
    // quotient's multiplication table, heap by heap, and the moves must come heap by heap.
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for code in ["0.75", "0.55", "0.123"] {
        let rules: Octal = code.parse().unwrap();
        let q = MisereQuotient::compute(&rules, 60).unwrap();
        assert!(q.is_proven(), "{code}");
        let moves = code_moves(code);
        let el = |h: u32| q.heap_element(h.into()).unwrap();
        for _ in 0..cases(12) {
            let len = 1 + rng.next() % 4;
            let heaps: Vec<u32> = (0..len).map(|_| 1 + (rng.next() % 6000) as u32).collect();
            let row = HeapRow::new(rules.clone(), heaps.iter().copied());
            let sorted = row.heaps().to_vec();
            let mut judged = BTreeSet::new();
            for (i, &h) in sorted.iter().enumerate() {
                let rest = (0..sorted.len())
                    .filter(|&j| j != i)
                    .fold(0, |x, j| mul(&q, x, el(sorted[j])));
                for (take, left) in moves(h) {
                    if q.is_p(left.iter().fold(rest, |x, &l| mul(&q, x, el(l)))) {
                        judged.insert((i, take, sorted_vec(left)));
                    }
                }
            }
            let listed: Vec<RowMove> = q
                .winning_moves(&row)
                .unwrap()
                .map(|mv| as_row_move(&mv))
                .collect();
            assert!(listed.is_sorted_by_key(|mv| mv.0), "{code} {heaps:?}");
            assert_eq!(
                listed_once(listed.iter().cloned()),
                judged,
                "{code} {heaps:?}"
            );
            // The row asks its rules' quotient, and lists the same moves in the same order.
            let from_row: Vec<RowMove> = row
                .winning_moves(Play::Misere)
                .unwrap()
                .map(|mv| as_row_move(&mv))
                .collect();
            assert_eq!(from_row, listed, "{code} {heaps:?}");
        }
    }
}

fn sorted_vec(mut v: Vec<u32>) -> Vec<u32> {
    v.sort_unstable();
    v
}

/// 0.55's rules, counting the moves they list.
#[derive(Clone, Debug)]
struct Counting(Octal, std::sync::Arc<std::sync::atomic::AtomicU64>);

impl PartialEq for Counting {
    fn eq(&self, other: &Counting) -> bool {
        self.0 == other.0
    }
}

impl Eq for Counting {}

impl std::hash::Hash for Counting {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl HeapRules for Counting {
    type HeapMoves = <Octal as HeapRules>::HeapMoves;

    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        self.0.heap_value(heap)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<Self::HeapMoves, Error> {
        self.0.heap_moves_to(heap, target)
    }

    fn for_each_heap_move<F>(&self, heap: u128, mut visit: F) -> std::ops::ControlFlow<()>
    where
        F: FnMut(u128, grundy::games::Leaves) -> std::ops::ControlFlow<()>,
    {
        self.0.for_each_heap_move(heap, |take, to| {
            self.1.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            visit(take, to)
        })
    }
}

#[test]
fn the_first_winning_moves_of_a_huge_heap_cost_one_listing_of_the_row() {
    // Every move of a heap of 0.55 beside a heap of 11 wins (its quotient has order 2). All
    // 10^7 of a heap of 10^7 were once kept before the first was handed out (1.9 GB for
    // `grundy --misere octal 0.55 10000000 11`). Now the row is checked once, its moves
    // listed and the first 32 winning ones kept on the way: the first 20 cost nothing more.
    let octal: Octal = "0.55".parse().unwrap();
    let q = MisereQuotient::compute(&octal, 60).unwrap();
    let listed = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let count = || listed.load(std::sync::atomic::Ordering::Relaxed);
    let row = HeapRow::new(Counting(octal, listed.clone()), [300_000u32, 11]);
    // 0.55 takes 1 or 2 and splits what is left into two heaps: the heap of 11 has 5 + 4
    // moves, the heap of 300,000 has 149,999 + 149,999.
    let heap_moves = 149_999 * 2;
    let mut moves = q.winning_moves(&row).unwrap();
    assert_eq!(count(), 9 + heap_moves);
    let first: Vec<_> = moves.by_ref().take(20).collect();
    // A list made whole before the first move would have listed them all again.
    assert_eq!(count(), 9 + heap_moves);
    // The next batches list the big heap's moves again from its start, each up to the end
    // of its batch (64, 128, ...): so a batch past the first costs a listing.
    let mut rest = moves.clone();
    let _ = rest.nth(20);
    assert!(
        count() > 9 + heap_moves && count() <= 9 + heap_moves + 32 + 64,
        "{}",
        count()
    );
    // The rest, batch by batch: each winning move once, heap by heap in the rules' order,
    // judged here by the outcome of the row each move leaves.
    let all: Vec<_> = first.into_iter().chain(moves).collect();
    let mut expected = Vec::new();
    for (index, heap, other) in [(0, 11u128, 300_000u128), (1, 300_000, 11)] {
        let _ = row.rules().for_each_heap_move(heap, |take, to| {
            let mut left: Vec<u128> = to.heaps().collect();
            left.push(other);
            if q.outcome(&left) == Ok(Outcome::Previous) {
                expected.push((index, take, to.heaps().collect::<Vec<_>>()));
            }
            std::ops::ControlFlow::Continue(())
        });
    }
    assert_eq!(
        expected.iter().filter(|mv| mv.0 == 1).count(),
        heap_moves as usize
    );
    let got: Vec<_> = all
        .iter()
        .map(|mv| {
            let to = mv.to.heaps().map(u128::from).collect::<Vec<_>>();
            (mv.index, u128::from(mv.take), to)
        })
        .collect();
    assert_eq!(got, expected);
}

/// Codes whose misère quotients are proven, and their proven quotients (Kayles' past a
/// larger budget, as above).
const PROVEN: [&str; 4] = ["0.75", "0.55", "0.123", "0.77"];

fn proven_quotient(octal: &Octal) -> MisereQuotient {
    let q = MisereQuotient::compute_within(octal, usize::MAX, 1 << 30).unwrap();
    assert!(q.is_proven(), "{octal:?}");
    q
}

#[test]
fn winning_moves_by_residue_are_the_rules_own_listing() {
    // The crate's take-and-break rules list a heap's misère winning moves by residue once
    // the quotient is proven; `Counting` (rules of one's own, the same moves) is listed
    // through its `for_each_heap_move`, move by move, each judged by the quotient. Same
    // moves, in the same order, and the same count, on heaps below the preperiod and past
    // it.
    let mut rng = XorShift(0x6a09_e667_f3bc_c909);
    for code in PROVEN {
        let octal: Octal = code.parse().unwrap();
        let q = proven_quotient(&octal);
        let listed = Counting(octal.clone(), Default::default());
        for _ in 0..cases(24) {
            // Rows with a heap past 1024 are listed by residue: one here, and up to three
            // more, below the preperiod and past it.
            let len = rng.next() % 4;
            let mut heaps: Vec<u32> = (0..len)
                .map(|_| 1 + (rng.next() % [200, 3000][rng.next() as usize % 2]) as u32)
                .collect();
            heaps.push(1025 + (rng.next() % 3000) as u32);
            let by_residue = HeapRow::new(octal.clone(), heaps.iter().copied());
            let through_rules = HeapRow::new(listed.clone(), heaps.iter().copied());
            let (a, b) = (
                q.winning_moves(&by_residue).unwrap(),
                q.winning_moves(&through_rules).unwrap(),
            );
            assert_eq!(a.len(), b.len(), "{code} {heaps:?}");
            assert_eq!(
                a.collect::<Vec<_>>(),
                b.collect::<Vec<_>>(),
                "{code} {heaps:?}"
            );
            let last = heaps.len() - 1;
            let (a, b) = (
                q.winning_moves_of_heap(&by_residue, last).unwrap(),
                q.winning_moves_of_heap(&through_rules, last).unwrap(),
            );
            assert_eq!(a.len(), b.len(), "{code} {heaps:?}");
            assert_eq!(
                a.collect::<Vec<_>>(),
                b.collect::<Vec<_>>(),
                "{code} {heaps:?}"
            );
        }
    }
}

/// A winning move without the sizes of the heaps it leaves: its heap, its take, and the
/// smaller part of a split (`None` for a move that leaves no heap or one).
fn move_shape(mv: &HeapMove<u128>) -> (usize, u128, usize, Option<u128>) {
    let parts = mv.to.heaps().count();
    (
        mv.index,
        mv.take,
        parts,
        mv.to.heaps().next().filter(|_| parts == 2),
    )
}

#[test]
fn winning_moves_of_heaps_past_the_move_limit_come_by_residue() {
    // A heap of 10^15 or 10^30 tokens has more moves than a listing through the rules looks
    // through (2^28). By residue, its winning moves are counted and listed at any size; they
    // are checked here against heaps of about 20,000, listed through the rules. Past the
    // preperiod the element of a heap depends on its residue alone, so a heap `N` and a heap
    // `n` below it by a multiple of twice the period have the same winning moves that leave
    // a small part, and each take's splits gain one winning split per winning residue when
    // the heap grows by twice the period (the smaller part's range grows by one period).
    let mut rng = XorShift(0xbb67_ae85_84ca_a73b);
    for code in PROVEN {
        let octal: Octal = code.parse().unwrap();
        let q = proven_quotient(&octal);
        let step = 2 * q.period().unwrap().period() as u128;
        let listed = Counting(octal.clone(), Default::default());
        for others in [vec![], vec![1u128], vec![5, 9], vec![7, 7, 30]] {
            let n = 20_000 + u128::from(rng.next()) % step;
            let row = |rules: &dyn Fn(Vec<u128>) -> (usize, Vec<HeapMove<u128>>), heap| {
                let mut heaps = others.clone();
                heaps.push(heap);
                rules(heaps)
            };
            // The moves of the big heap (the last of the sorted row) and their number.
            let through_rules = |heaps: Vec<u128>| {
                let row = HeapRow::new(listed.clone(), heaps);
                let moves = q
                    .winning_moves_of_heap(&row, row.heaps().len() - 1)
                    .unwrap();
                (moves.len(), moves.take(200).collect())
            };
            let (here, first) = row(&through_rules, n);
            let (next, _) = row(&through_rules, n + step);
            let gain = (next - here) as u128;
            for far in [10u128.pow(15), 10u128.pow(30)] {
                let k = (far - n) / step;
                let big = n + k * step;
                let by_residue = |heaps: Vec<u128>| {
                    let row = HeapRow::new(octal.clone(), heaps);
                    match q.winning_moves_of_heap(&row, row.heaps().len() - 1) {
                        Ok(moves) => (moves.len(), moves.take(200).collect()),
                        Err(e) => {
                            assert_eq!(e, Error::MoveLimit { limit: usize::MAX });
                            (usize::MAX, Vec::new())
                        }
                    }
                };
                assert_eq!(row(&by_residue, n).0, here, "{code} {others:?} {n}");
                let expected = here as u128 + k * gain;
                let (count, moves) = row(&by_residue, big);
                if expected > usize::MAX as u128 {
                    // More winning moves than an iterator's length can count: refused.
                    assert_eq!(count, usize::MAX, "{code} {others:?} {big}");
                    continue;
                }
                assert_eq!(count as u128, expected, "{code} {others:?} {big}");
                // The first moves: the same shapes, as far as the small heap's first take
                // reaches (past it the big heap has more splits of that take).
                let shapes = |moves: &[HeapMove<u128>]| {
                    let first_take = moves.first().map(|mv| mv.take);
                    moves
                        .iter()
                        .filter(|mv| Some(mv.take) == first_take)
                        .map(move_shape)
                        .collect::<Vec<_>>()
                };
                let (small, large) = (shapes(&first), shapes(&moves));
                let common = small.len().min(large.len());
                assert!(common > 0 || first.is_empty(), "{code} {others:?}");
                assert_eq!(small[..common], large[..common], "{code} {others:?} {big}");
                // Each leads to a P-position, by the quotient's outcome of the row it leaves.
                for mv in &moves {
                    let mut left: Vec<u128> = others.clone();
                    left.extend(mv.to.heaps());
                    assert_eq!(q.outcome(&left), Ok(Outcome::Previous), "{code} {mv}");
                }
            }
        }
    }
}

#[test]
fn a_row_in_the_p_portion_has_no_winning_move_and_lists_no_move() {
    // Two equal huge heaps of 0.55 and a heap of 1: a P-position. Its moves (about 10^21 a
    // heap) were looked through, up to the move limit, before its empty list could be given;
    // now the row's element answers, and no heap's moves are listed.
    let octal: Octal = "0.55".parse().unwrap();
    let q = MisereQuotient::compute(&octal, 60).unwrap();
    let listed = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let huge = 10u128.pow(21);
    let row = HeapRow::new(Counting(octal.clone(), listed.clone()), [huge, huge, 1]);
    assert_eq!(q.outcome(row.heaps()), Ok(Outcome::Previous));
    assert_eq!(q.winning_moves(&row).unwrap().len(), 0);
    assert_eq!(q.winning_moves(&row).unwrap().next(), None);
    assert_eq!(q.winning_moves_of_heap(&row, 1).unwrap().len(), 0);
    assert_eq!(listed.load(std::sync::atomic::Ordering::Relaxed), 0);
    // Through the row's own rules (their cache finds the proven quotient).
    let row = HeapRow::new(octal, [huge, huge, 1]);
    assert_eq!(row.outcome(Play::Misere), Ok(Outcome::Previous));
    assert_eq!(row.winning_moves(Play::Misere).unwrap().count(), 0);
    // And in a P-position of small heaps, every move is to an N-position (by the quotient's
    // outcome of the row each move leaves): none is listed because none wins.
    let small = HeapRow::new("0.55".parse::<Octal>().unwrap(), [40u128, 40, 1]);
    assert_eq!(q.outcome(small.heaps()), Ok(Outcome::Previous));
    assert_eq!(q.winning_moves(&small).unwrap().len(), 0);
    let _ = small.rules().for_each_heap_move(40, |_, to| {
        let mut left: Vec<u128> = to.heaps().collect();
        left.extend([40, 1]);
        assert_eq!(q.outcome(&left), Ok(Outcome::Next), "{left:?}");
        std::ops::ControlFlow::Continue(())
    });
}
