//! Heap games by Grundy sequence, checked against a brute force written here from the rules
//! alone, against the crate's generic `Solver`, and against published sequences (OEIS).

use grundy::games::octal::Leaves;
use grundy::games::{
    GrundysGame, GrundysMove, GrundysPosition, Nim, Octal, OctalMove, OctalPosition, Subtraction,
    SubtractionHeap, SubtractionMove,
};
use grundy::sequence::Period;
use grundy::{ClosedForm, ClosedForms, Error, Evaluator, Nimber, Play, Solver, Sum};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

// ---------------------------------------------------------------------------------------
// The brute force: positions are sorted rows of heaps; the value is the mex of the values of
// every position one move away, by plain recursion with a memo. Nothing here uses the
// Sprague–Grundy theorem or the crate.
// ---------------------------------------------------------------------------------------

/// A move as (heap index in the sorted row, tokens taken, heaps left ascending).
type BruteMove = (usize, u128, Vec<u128>);

trait Rules {
    /// Every move of one heap: (take, heaps left).
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)>;
}

/// An octal code read digit by digit: `digits[t]` for removing `t` tokens.
struct OctalRules {
    digits: Vec<u8>,
}

impl OctalRules {
    fn parse(code: &str) -> OctalRules {
        let (first, rest) = code.split_once('.').unwrap();
        let mut digits = vec![first.parse::<u8>().unwrap()];
        digits.extend(rest.bytes().map(|b| b - b'0'));
        OctalRules { digits }
    }
}

impl Rules for OctalRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        let mut out = Vec::new();
        for (t, &d) in self.digits.iter().enumerate() {
            let t = t as u128;
            if t > heap {
                break;
            }
            let rest = heap - t;
            if d & 1 != 0 && rest == 0 && t > 0 {
                out.push((t, vec![]));
            }
            if d & 2 != 0 && rest > 0 && t > 0 {
                out.push((t, vec![rest]));
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push((t, vec![a, rest - a]));
                    }
                }
            }
        }
        out
    }
}

struct GrundyRules;

impl Rules for GrundyRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        (1..heap)
            .filter(|&a| a < heap - a)
            .map(|a| (0, vec![a, heap - a]))
            .collect()
    }
}

struct SubtractionRules {
    set: Vec<u128>,
}

impl Rules for SubtractionRules {
    fn heap_moves(&self, heap: u128) -> Vec<(u128, Vec<u128>)> {
        let mut set = self.set.clone();
        set.sort();
        set.dedup();
        set.into_iter()
            .filter(|&s| s <= heap)
            .map(|s| (s, if s == heap { vec![] } else { vec![heap - s] }))
            .collect()
    }
}

struct Brute<'a> {
    rules: &'a dyn Rules,
    memo: HashMap<Vec<u128>, u32>,
}

impl<'a> Brute<'a> {
    fn new(rules: &'a dyn Rules) -> Self {
        Brute {
            rules,
            memo: HashMap::new(),
        }
    }

    fn normal(mut heaps: Vec<u128>) -> Vec<u128> {
        heaps.retain(|&h| h > 0);
        heaps.sort();
        heaps
    }

    /// Every move of the row, with the row it leads to.
    fn moves(&self, heaps: &[u128]) -> Vec<(BruteMove, Vec<u128>)> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for (take, left) in self.rules.heap_moves(h) {
                let mut next = heaps.to_vec();
                next.remove(i);
                next.extend(&left);
                out.push(((i, take, left), Brute::normal(next)));
            }
        }
        out
    }

    fn value(&mut self, heaps: &[u128]) -> u32 {
        let heaps = Brute::normal(heaps.to_vec());
        if let Some(&v) = self.memo.get(&heaps) {
            return v;
        }
        let options: BTreeSet<u32> = self
            .moves(&heaps)
            .into_iter()
            .map(|(_, next)| self.value(&next))
            .collect();
        let v = (0..).find(|v| !options.contains(v)).unwrap();
        self.memo.insert(heaps, v);
        v
    }

    fn winning(&mut self, heaps: &[u128]) -> BTreeSet<BruteMove> {
        let heaps = Brute::normal(heaps.to_vec());
        self.moves(&heaps)
            .into_iter()
            .filter(|(_, next)| self.value(next) == 0)
            .map(|(m, _)| m)
            .collect()
    }
}

fn octal_move(m: &OctalMove) -> BruteMove {
    (m.heap, m.take, m.to.heaps().collect())
}

// ---------------------------------------------------------------------------------------
// Random small inputs.
// ---------------------------------------------------------------------------------------

/// A random octal code `d0.d1…dk` with 1 to 4 digits after the point.
#[derive(Debug, Clone)]
struct Code(String);

impl Arbitrary for Code {
    fn arbitrary(g: &mut Gen) -> Self {
        let first = *g.choose(&["0", "0", "0", "4"]).unwrap();
        let len = 1 + usize::arbitrary(g) % 4;
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + u8::arbitrary(g) % 8))
            .collect();
        Code(format!("{first}.{digits}"))
    }
}

/// A row of one to three heaps with at most 14 tokens in all.
#[derive(Debug, Clone)]
struct Row(Vec<u128>);

impl Arbitrary for Row {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::arbitrary(g) % 3;
        let mut left = 14u128;
        let mut heaps = Vec::new();
        for _ in 0..count {
            let h = u128::from(u8::arbitrary(g)) % (left.min(12) + 1);
            left -= h;
            heaps.push(h);
        }
        Row(heaps)
    }
}

/// A subtraction set of one to four elements from 1 to 9.
#[derive(Debug, Clone)]
struct Set(Vec<u128>);

impl Arbitrary for Set {
    fn arbitrary(g: &mut Gen) -> Self {
        let len = 1 + usize::arbitrary(g) % 4;
        Set((0..len)
            .map(|_| 1 + u128::from(u8::arbitrary(g)) % 9)
            .collect())
    }
}

// ---------------------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------------------

fn octal_agrees(code: Code, row: Row) -> TestResult {
    let rules = OctalRules::parse(&code.0);
    let mut brute = Brute::new(&rules);
    let game = Arc::new(Octal::new(&code.0).unwrap().tabulate(15, 15).unwrap());
    let position = OctalPosition::new(game, row.0.clone());
    let value = brute.value(&row.0);
    let closed = position.grundy().unwrap();
    if closed != Nimber::new(value.into()) {
        return TestResult::error(format!("{code:?} {row:?}: {closed} != *{value}"));
    }
    if position.outcome().unwrap().is_previous() != (value == 0) {
        return TestResult::failed();
    }
    let expected = brute.winning(&row.0);
    let got: BTreeSet<BruteMove> = position
        .winning_moves()
        .unwrap()
        .map(|m| octal_move(&m))
        .collect();
    if got != expected {
        return TestResult::error(format!("{code:?} {row:?}: {got:?} != {expected:?}"));
    }
    // Every move listed leads where the brute force says, and the generic solver agrees.
    let mut solver = Solver::new();
    if solver.grundy(&position).unwrap() != closed {
        return TestResult::failed();
    }
    let searched: BTreeSet<BruteMove> = solver
        .winning_moves(&position, Play::Normal)
        .unwrap()
        .iter()
        .map(|(m, _)| octal_move(m))
        .collect();
    TestResult::from_bool(searched == expected)
}

#[test]
fn octal_games_agree_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(1500)
        .quickcheck(octal_agrees as fn(Code, Row) -> TestResult);
}

fn grundys_agrees(row: Row) -> TestResult {
    let mut brute = Brute::new(&GrundyRules);
    let game = Arc::new(GrundysGame::new().tabulate(15, 15).unwrap());
    let position = GrundysPosition::new(game, row.0.clone());
    let value = brute.value(&row.0);
    if position.grundy().unwrap() != Nimber::new(value.into()) {
        return TestResult::failed();
    }
    let expected = brute.winning(&row.0);
    let got: BTreeSet<BruteMove> = position
        .winning_moves()
        .unwrap()
        .map(|m: GrundysMove| (m.heap, 0, vec![m.to.0, m.to.1]))
        .collect();
    if got != expected {
        return TestResult::error(format!("{row:?}: {got:?} != {expected:?}"));
    }
    let mut solver = Solver::new();
    TestResult::from_bool(
        solver.grundy(&position).unwrap() == position.grundy().unwrap()
            && solver.winning_moves(&position, Play::Normal).unwrap().len() == expected.len(),
    )
}

#[test]
fn grundys_game_agrees_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(1000)
        .quickcheck(grundys_agrees as fn(Row) -> TestResult);
}

fn subtraction_agrees(set: Set, heap: u8) -> TestResult {
    let heap = u128::from(heap % 40);
    let rules = SubtractionRules { set: set.0.clone() };
    let mut brute = Brute::new(&rules);
    let game = Arc::new(
        Subtraction::new(set.0.clone())
            .unwrap()
            .tabulate(40, 40)
            .unwrap(),
    );
    let position = SubtractionHeap::new(game, heap);
    let value = brute.value(&[heap]);
    if position.grundy().unwrap() != Nimber::new(value.into()) {
        return TestResult::failed();
    }
    let expected = brute.winning(&[heap]);
    let got: BTreeSet<BruteMove> = position
        .winning_moves()
        .unwrap()
        .map(|m: SubtractionMove| {
            let left = if m.take == heap {
                vec![]
            } else {
                vec![heap - m.take]
            };
            (0, m.take, left)
        })
        .collect();
    if got != expected {
        return TestResult::error(format!("{set:?} {heap}: {got:?} != {expected:?}"));
    }
    let mut solver = Solver::new();
    TestResult::from_bool(solver.grundy(&position).unwrap() == position.grundy().unwrap())
}

#[test]
fn subtraction_games_agree_with_brute_force_and_solver() {
    QuickCheck::new()
        .tests(1500)
        .quickcheck(subtraction_agrees as fn(Set, u8) -> TestResult);
}

/// Far past the table, through the proven period: the value of a heap is that of the heap one
/// period earlier, the brute force on small heaps agrees with the long table, and every
/// winning move of a huge heap leads to a P-position.
#[test]
fn long_tables_agree_with_brute_force_and_huge_heaps_through_the_period() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.51", "0.4", "0.31"] {
        let rules = OctalRules::parse(code);
        let mut brute = Brute::new(&rules);
        let game = Arc::new(Octal::new(code).unwrap().tabulate(3000, 3000).unwrap());
        for h in 0..30u128 {
            assert_eq!(
                game.sequence().get(h).unwrap().get(),
                u128::from(brute.value(&[h])),
                "{code} {h}"
            );
        }
        let Some(period) = game.sequence().period() else {
            continue;
        };
        for heap in [10u128.pow(20) + 7, u128::MAX, u128::MAX - 1] {
            let p = OctalPosition::heap(game.clone(), heap);
            let back = heap - period.period as u128;
            assert_eq!(p.grundy().unwrap(), game.sequence().get(back).unwrap());
            for mv in p.winning_moves().unwrap().take(200) {
                assert!(
                    p.play(mv).unwrap().outcome().unwrap().is_previous(),
                    "{code}"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Published sequences and periods.
// ---------------------------------------------------------------------------------------

/// OEIS A002186, Sprague–Grundy values of Kayles (0.77), n = 0..104.
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Sprague–Grundy values of Dawson's chess (0.137), n = 0..131.
const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188, Sprague–Grundy values of Grundy's game, n = 0..104.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn kayles_is_oeis_a002186_with_period_12_from_heap_71() {
    let kayles = Octal::kayles().tabulate(1000, 1000).unwrap();
    assert_eq!(&kayles.sequence().values()[..105], &A002186);
    // OEIS: "from n=71 on, periodic with period 12"; the last exception is n = 70.
    assert_eq!(
        kayles.sequence().period(),
        Some(Period {
            preperiod: 71,
            period: 12
        })
    );
    // The proof needs 2·71 + 2·12 + 2 = 168 values, and not one fewer.
    let at = |len| {
        Octal::kayles()
            .tabulate(len, len)
            .unwrap()
            .sequence()
            .period()
    };
    assert!(at(168).is_some());
    assert_eq!(at(167), None);
}

#[test]
fn dawsons_chess_is_oeis_a002187_and_dawsons_kayles_is_it_shifted() {
    let chess = Octal::dawsons_chess().tabulate(1000, 1000).unwrap();
    assert_eq!(&chess.sequence().values()[..132], &A002187);
    // OEIS: period 34, the last exception at n = 51.
    assert_eq!(
        chess.sequence().period(),
        Some(Period {
            preperiod: 52,
            period: 34
        })
    );
    let kayles = Octal::dawsons_kayles().tabulate(1000, 1000).unwrap();
    // 0.07 has the values of 0.137 shifted by one: G(n) = A002187(n - 1).
    assert_eq!(kayles.sequence().values()[0], 0);
    assert_eq!(&kayles.sequence().values()[1..133], &A002187);
    assert_eq!(
        kayles.sequence().period(),
        Some(Period {
            preperiod: 53,
            period: 34
        })
    );
}

#[test]
fn grundys_game_is_oeis_a002188_with_flammenkamps_sparse_values() {
    let game = GrundysGame::new().tabulate(5000, 5000).unwrap();
    let values = game.sequence().values();
    assert_eq!(&values[..105], &A002188);
    assert_eq!(game.sequence().period(), None);
    // Flammenkamp's list of the sparse values below 232: popcount(G(n) >> 1) even.
    let sparse: Vec<(usize, u32)> = values[..232]
        .iter()
        .enumerate()
        .filter(|&(_, &v)| (v >> 1).count_ones() % 2 == 0)
        .map(|(n, &v)| (n, v))
        .collect();
    let published: Vec<(usize, u32)> = vec![
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    assert_eq!(sparse, published);
}

#[test]
fn subtraction_period_from_a_repeated_window() {
    // S = {2, 5, 7}, checked against the brute force; then the period is least and exact.
    let set = vec![2u128, 5, 7];
    let rules = SubtractionRules { set: set.clone() };
    let mut brute = Brute::new(&rules);
    let game = Subtraction::new(set).unwrap().tabulate(200, 200).unwrap();
    let period = game.sequence().period().unwrap();
    for n in 0..200u128 {
        assert_eq!(
            game.sequence().get(n).unwrap().get(),
            u128::from(brute.value(&[n]))
        );
    }
    // The least period, and the least preperiod: one step earlier breaks it.
    let v = game.sequence().values();
    for n in period.preperiod..200 - period.period {
        assert_eq!(v[n], v[n + period.period]);
    }
    if period.preperiod > 0 {
        let n = period.preperiod - 1;
        assert_ne!(v[n], v[n + period.period]);
    }
    for smaller in 1..period.period {
        assert!((period.preperiod..200 - smaller).any(|n| v[n] != v[n + smaller]));
    }
}

// ---------------------------------------------------------------------------------------
// Errors.
// ---------------------------------------------------------------------------------------

#[test]
fn malformed_codes_are_errors_with_a_reason() {
    for code in [
        "", "0", "77", "0.", "1.7", "2.0", "04.7", ".77", "0.8", "0.79", "0.7.7", "0.x", "0,7",
    ] {
        match Octal::new(code) {
            Err(Error::InvalidOctalCode { code: c, reason }) => {
                assert_eq!(c, code);
                assert!(!reason.is_empty());
            }
            other => panic!("{code:?} gave {other:?}"),
        }
    }
    assert_eq!(Octal::new("4.0700").unwrap().code(), "4.07");
}

#[test]
fn bad_sets_and_table_limits_are_errors() {
    assert_eq!(Subtraction::new([]), Err(Error::EmptySubtractionSet));
    assert_eq!(Subtraction::new([3, 0]), Err(Error::ZeroInSubtractionSet));
    assert_eq!(
        Octal::kayles().tabulate(1001, 1000),
        Err(Error::TableLimit {
            requested: 1001,
            limit: 1000
        })
    );
    assert!(matches!(
        GrundysGame::new().tabulate(usize::MAX, 1 << 20),
        Err(Error::TableLimit { .. })
    ));
    assert!(matches!(
        Subtraction::new([1]).unwrap().tabulate(11, 10),
        Err(Error::TableLimit { .. })
    ));
    // Beyond an unproven table: an error, not a guess.
    let short = Arc::new(Octal::new("0.16").unwrap().tabulate(100, 100).unwrap());
    assert_eq!(
        OctalPosition::heap(short, 100).grundy(),
        Err(Error::HeapOutOfRange {
            heap: 100,
            computed: 100
        })
    );
}

// ---------------------------------------------------------------------------------------
// Sums.
// ---------------------------------------------------------------------------------------

#[test]
fn heaps_sit_in_sums_next_to_nim() {
    let kayles = Arc::new(Octal::kayles().tabulate(200, 200).unwrap());
    let mut solver = Solver::new();
    for pins in 0..12u128 {
        for nim in 0..6u8 {
            let pair = (
                OctalPosition::heap(kayles.clone(), pins),
                Nim::new(vec![nim]),
            );
            let by_search = solver.grundy(&pair).unwrap();
            assert_eq!(ClosedForms.grundy(&pair).unwrap(), by_search);
            let mut a: Vec<_> = ClosedForms
                .moves_to_value(&pair, Nimber::ZERO)
                .unwrap()
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            let mut b: Vec<_> = solver
                .winning_moves(&pair, Play::Normal)
                .unwrap()
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            a.sort_by_key(|m| format!("{m:?}"));
            b.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(a, b, "{pins} {nim}");
        }
    }
    let sub = Arc::new(
        Subtraction::new([1, 3, 4])
            .unwrap()
            .tabulate(50, 50)
            .unwrap(),
    );
    let sum = Sum::new(vec![
        SubtractionHeap::new(sub.clone(), 10u128.pow(25)),
        SubtractionHeap::new(sub, 12),
    ]);
    assert!(sum.grundy(&mut ClosedForms).is_ok());
}

#[test]
fn moves_past_the_limit_are_an_error_not_a_huge_list() {
    let kayles = Arc::new(Octal::kayles().tabulate(200, 200).unwrap());
    let huge = OctalPosition::heap(kayles, 10u128.pow(30));
    assert_eq!(
        huge.moves_to_value(Nimber::ZERO),
        Err(Error::MoveLimit { limit: 200 })
    );
    assert_eq!(huge.winning_moves().unwrap().take(1000).count(), 1000);
    let _ = Leaves::Empty;
}

#[test]
fn public_types_are_send_and_sync() {
    fn check<T: Send + Sync>() {}
    check::<Octal>();
    check::<OctalPosition>();
    check::<GrundysGame>();
    check::<GrundysPosition>();
    check::<Subtraction>();
    check::<SubtractionHeap>();
    check::<grundy::sequence::GrundySequence>();
}

/// `0.16` to 600000 heaps: its period (149459 from heap 105351, Flammenkamp) is proven there.
/// Slow without optimisation: run with `cargo test --release --test sequences -- --ignored`.
#[test]
#[ignore]
fn octal_016_period_is_proven_by_600000_heaps() {
    let game = Octal::new("0.16")
        .unwrap()
        .tabulate(600_000, 600_000)
        .unwrap();
    assert_eq!(
        game.sequence().period(),
        Some(Period {
            preperiod: 105_351,
            period: 149_459
        })
    );
}
