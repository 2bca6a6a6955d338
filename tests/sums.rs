//! Sums of games: a tuple of four different games (a Nim position, a Bash heap, a staircase
//! and a user's subtraction pile), a `Sum` of Nim positions and a `Sum` of staircases through
//! `ClosedForm`, and a `Sum` of user's piles through a `Solver` of piles.
//!
//! The crate finds the value and the moves of a sum component by component (the
//! Sprague–Grundy theorem); the shared oracle (`tests/common`) searches the **product**
//! position from the rules, with no nim-sum anywhere. The two must agree on the value, the
//! exact set of winning moves (by a game-tree search) and the exact set of moves to random
//! values, moves that *raise* a component's value included; every listed move, played with
//! `Game::play`, must reach where the rules reach, at the value asked for. Misère play of a
//! sum is not answered component by component (`Error::MisereUnsupported`), and is answered
//! by a solver of the sum itself.

use crate::common;

use common::rules::{self, In};
use common::{Oracle, SmallSet, listed_once};
use core::convert::Infallible;
use core::ops::ControlFlow;
use grundy::games::{Bash, BashMove, Nim, NimMove, Staircase, StaircaseMove};
use grundy::prelude::*;
use grundy::{Direct, Error, Part, Sum, SumMove};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

// ---------------------------------------------------------------------------------------------
// A user's game: a subtraction pile
// ---------------------------------------------------------------------------------------------

/// A pile from which a move takes `s` counters for some `s` of the pile's subtraction set:
/// a game written by a user, answered by a `Solver`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile {
    /// The subtraction set, ascending, each element once.
    set: Arc<Vec<u32>>,
    n: u32,
}

impl Pile {
    fn new(set: &[u32], n: u32) -> Pile {
        let mut set = set.to_vec();
        set.sort_unstable();
        set.dedup();
        Pile {
            set: Arc::new(set),
            n,
        }
    }
}

impl Game for Pile {
    type Move = u32; // the counters taken

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Pile) -> ControlFlow<()>,
    {
        for &take in self.set.iter().filter(|&&s| s <= self.n) {
            let next = Pile {
                set: Arc::clone(&self.set),
                n: self.n - take,
            };
            visit(take, next)?;
        }
        ControlFlow::Continue(())
    }
}

// ---------------------------------------------------------------------------------------------
// Small inputs
// ---------------------------------------------------------------------------------------------

/// `count` items of `item`, `count` below `most + 1`.
fn some<T>(g: &mut Gen, most: usize, mut item: impl FnMut(&mut Gen) -> T) -> Vec<T> {
    let count = usize::arbitrary(g) % (most + 1);
    (0..count).map(|_| item(g)).collect()
}

fn below(g: &mut Gen, bound: u8) -> u8 {
    u8::arbitrary(g) % bound
}

/// The four components, small enough for a brute force over their product: Nim with up to
/// two heaps of at most 3, Bash with a heap of at most 8 and a limit of 1 to 4, a staircase of
/// up to three steps of at most 2 coins, a pile of at most 8 with a small subtraction set.
#[derive(Clone, Debug)]
struct SmallFour {
    heaps: Vec<u8>,
    bash: (u32, u32),
    steps: Vec<u8>,
    set: Vec<u32>,
    pile: u32,
}

impl Arbitrary for SmallFour {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallFour {
            heaps: some(g, 2, |g| below(g, 4)),
            bash: (u32::from(below(g, 9)), 1 + u32::from(below(g, 4))),
            steps: some(g, 3, |g| below(g, 3)),
            set: SmallSet::arbitrary(g).0,
            pile: u32::from(below(g, 9)),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        let base = self.clone();
        for i in 0..self.heaps.len() {
            let mut s = base.clone();
            s.heaps.remove(i);
            out.push(s);
        }
        for i in 0..self.steps.len() {
            let mut s = base.clone();
            s.steps.remove(i);
            out.push(s);
        }
        if self.bash.0 > 0 {
            let mut s = base.clone();
            s.bash.0 -= 1;
            out.push(s);
        }
        if self.pile > 0 {
            let mut s = base.clone();
            s.pile -= 1;
            out.push(s);
        }
        Box::new(out.into_iter())
    }
}

/// Up to three Nim positions of up to two heaps of at most 3.
#[derive(Clone, Debug)]
struct NimParts(Vec<Vec<u8>>);

impl Arbitrary for NimParts {
    fn arbitrary(g: &mut Gen) -> Self {
        NimParts(some(g, 3, |g| some(g, 2, |g| below(g, 4))))
    }
}

/// Up to three staircases of up to three steps of at most 2 coins.
#[derive(Clone, Debug)]
struct StairParts(Vec<Vec<u8>>);

impl Arbitrary for StairParts {
    fn arbitrary(g: &mut Gen) -> Self {
        StairParts(some(g, 3, |g| some(g, 3, |g| below(g, 3))))
    }
}

/// Up to four piles of at most 8, each with its own small subtraction set.
#[derive(Clone, Debug)]
struct PileParts(Vec<(Vec<u32>, u32)>);

impl Arbitrary for PileParts {
    fn arbitrary(g: &mut Gen) -> Self {
        PileParts(some(g, 4, |g| {
            (SmallSet::arbitrary(g).0, u32::from(below(g, 9)))
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// Four different games in a tuple
// ---------------------------------------------------------------------------------------------

type Four = (Nim<u8>, Bash<u32>, Staircase<u8>, Pile);
type FourMove = Part<NimMove<u8>, BashMove<u32>, StaircaseMove<u8>, u32>;
type FourState = (Vec<u8>, (u32, u32), Vec<u8>, u32);
type FourBrute = In<(usize, u8), u32, (usize, u8), u32>;

impl SmallFour {
    fn game(&self) -> Four {
        (
            Nim::from(self.heaps.clone()),
            Bash::new(self.bash.0, self.bash.1).expect("k >= 1"),
            Staircase::new(self.steps.clone()).expect("a few coins"),
            Pile::new(&self.set, self.pile),
        )
    }
}

fn four_state(p: &Four) -> FourState {
    (
        p.0.heaps().to_vec(),
        (p.1.heap(), p.1.max_take()),
        p.2.steps().to_vec(),
        p.3.n,
    )
}

fn four_brute(m: &FourMove) -> FourBrute {
    match *m {
        Part::P0(NimMove { index, to }) => In::C0((index, to)),
        Part::P1(BashMove { take }) => In::C1(take),
        Part::P2(StaircaseMove { step, coins }) => In::C2((step, coins)),
        Part::P3(take) => In::C3(take),
        _ => unreachable!("a sum of four games has four components"),
    }
}

/// How many listed moves of the four-game sums raised their component's value.
static FOUR_RAISES: AtomicUsize = AtomicUsize::new(0);

fn prop_four(input: SmallFour, target: u8) -> TestResult {
    let sum = input.game();
    let state = four_state(&sum);
    let target = u128::from(target % 10);
    let mut product = Oracle::new(rules::four(
        rules::nim::<u8>,
        rules::bash,
        rules::staircase,
        rules::subtraction(&input.set),
    ));
    let mut nim = Oracle::new(rules::nim::<u8>);
    let mut bash = Oracle::new(rules::bash);
    let mut stairs = Oracle::new(rules::staircase);
    let mut pile = Oracle::new(rules::subtraction(&input.set));
    // The value of each component, by the brute force of that component alone.
    let mut part_values = |s: &FourState| {
        [
            nim.grundy(&s.0),
            bash.grundy(&s.1),
            stairs.grundy(&s.2),
            pile.grundy(&s.3),
        ]
    };
    let mut evaluator = (Direct, Direct, Direct, Solver::new());
    let value = match evaluator.grundy(&sum) {
        Ok(v) => v.get(),
        Err(e) => return TestResult::error(format!("{e}")),
    };
    let parts = part_values(&state);
    if value != parts.iter().fold(0, |x, v| x ^ v) || value != product.grundy(&state) {
        return TestResult::error(format!(
            "value *{value}, parts {parts:?}, product *{}",
            product.grundy(&state)
        ));
    }
    for t in [0, target] {
        let listed: Vec<FourMove> = evaluator
            .moves_to_value(&sum, Nimber::new(t))
            .expect("closed forms and a small search")
            .collect();
        let found = listed_once(listed.iter().map(four_brute));
        let expected = product.moves_to_value(&state, t);
        if found != expected {
            return TestResult::error(format!("to *{t}: {found:?} != {expected:?}"));
        }
        if t == 0 && found != product.winning_moves(&state, Play::Normal) {
            return TestResult::error("the winning moves are not those of the game tree");
        }
        for mv in listed {
            let after = match sum.play(mv) {
                Ok(after) => after,
                Err(e) => return TestResult::error(format!("{mv:?}: {e}")),
            };
            let after_state = four_state(&after);
            if product.play(&state, &four_brute(&mv)).as_ref() != Some(&after_state)
                || product.grundy(&after_state) != t
                || evaluator.grundy(&after) != Ok(Nimber::new(t))
            {
                return TestResult::error(format!("{mv:?} does not reach *{t}"));
            }
            let (before, now) = (part_values(&state), part_values(&after_state));
            if before.iter().zip(&now).any(|(b, a)| a > b) {
                FOUR_RAISES.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    TestResult::passed()
}

/// Runs `prop` on `cases` random inputs, then on `cases` inputs drawn from a fixed seed, and
/// returns the raises the fixed ones added to `raises`: a count the same in every run, so
/// that a test of it cannot fail by chance (one drawn at random, over the quick run's 150
/// cases, once came out at the bound).
fn raises_of<A: quickcheck::Testable + Copy>(prop: A, cases: u64, raises: &AtomicUsize) -> usize {
    QuickCheck::new().tests(cases).quickcheck(prop);
    let before = raises.load(Ordering::Relaxed);
    QuickCheck::new()
        .tests(cases)
        .rng(Gen::from_size_and_seed(100, 0x5EED_5A11))
        .quickcheck(prop);
    raises.load(Ordering::Relaxed) - before
}

#[test]
fn four_different_games_are_solved_component_by_component() {
    let cases = common::scale::cases(1500);
    let prop = prop_four as fn(SmallFour, u8) -> TestResult;
    let raises = raises_of(prop, cases, &FOUR_RAISES);
    assert!(
        raises > (cases / 15) as usize,
        "only {raises} listed moves raised a component"
    );
}

fn prop_four_misere(input: SmallFour) -> TestResult {
    let sum = input.game();
    let state = four_state(&sum);
    let mut product = Oracle::new(rules::four(
        rules::nim::<u8>,
        rules::bash,
        rules::staircase,
        rules::subtraction(&input.set),
    ));
    // Component by component there is no misère answer.
    let mut evaluator = (Direct, Direct, Direct, Solver::<Pile>::new());
    let unsupported = matches!(
        evaluator.outcome(&sum, Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) && matches!(
        evaluator.winning_moves(&sum, Play::Misere),
        Err(Error::MisereUnsupported { .. })
    );
    // A solver of the sum itself answers.
    let mut searcher = Solver::<Four>::new();
    let outcome = searcher.outcome(&sum, Play::Misere);
    let winning = searcher
        .winning_moves(&sum, Play::Misere)
        .map(|moves| listed_once(moves.map(|m| four_brute(&m))));
    TestResult::from_bool(
        unsupported
            && outcome == Ok(product.outcome(&state, Play::Misere))
            && winning == Ok(product.winning_moves(&state, Play::Misere))
            && searcher.grundy(&sum).map(|v| v.get()) == Ok(product.grundy(&state)),
    )
}

#[test]
fn four_different_games_under_misere_play_need_a_solver_of_the_sum() {
    QuickCheck::new()
        .tests(common::scale::cases(300))
        .quickcheck(prop_four_misere as fn(SmallFour) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Sums of one kind of game
// ---------------------------------------------------------------------------------------------

/// A sum of one kind of game `G`, checked against the oracle over the product of its
/// components' rules `part`: the value from `value_of`, and the moves to `*0` and to `*target`
/// from `moves_to`. Counts the listed moves that raise a component's value in `raises`.
struct SumCheck<'a, G: Game, S, M, P> {
    sum: &'a Sum<G>,
    part: P,
    as_state: fn(&G) -> S,
    as_brute: fn(&G::Move) -> M,
    raises: &'a AtomicUsize,
}

impl<G, S, M, P> SumCheck<'_, G, S, M, P>
where
    G: Game,
    G::Move: Debug,
    S: Clone + Eq + Hash + Debug,
    M: Clone + Ord + Debug,
    P: Fn(&S) -> Vec<(M, S)> + Clone,
{
    fn run(
        &self,
        mut value_of: impl FnMut(&Sum<G>) -> Result<Nimber, Error>,
        mut moves_to: impl FnMut(&Sum<G>, Nimber) -> Result<Vec<SumMove<G::Move>>, Error>,
        target: u128,
    ) -> TestResult {
        let states =
            |sum: &Sum<G>| -> Vec<S> { sum.components().iter().map(self.as_state).collect() };
        let state = states(self.sum);
        let mut product = Oracle::new(rules::sum(self.part.clone()));
        let mut parts = Oracle::new(self.part.clone());
        let value = match value_of(self.sum) {
            Ok(v) => v.get(),
            Err(e) => return TestResult::error(format!("{e}")),
        };
        let xor = state.iter().fold(0, |x, s| x ^ parts.grundy(s));
        if value != xor || value != product.grundy(&state) {
            return TestResult::error(format!("value *{value}, nim-sum of the parts *{xor}"));
        }
        for t in [0, target] {
            let listed = match moves_to(self.sum, Nimber::new(t)) {
                Ok(listed) => listed,
                Err(e) => return TestResult::error(format!("{e}")),
            };
            let as_pair = |m: &SumMove<G::Move>| (m.component, (self.as_brute)(&m.mv));
            let found = listed_once(listed.iter().map(as_pair));
            let expected = product.moves_to_value(&state, t);
            if found != expected {
                return TestResult::error(format!("to *{t}: {found:?} != {expected:?}"));
            }
            if t == 0 && found != product.winning_moves(&state, Play::Normal) {
                return TestResult::error("the winning moves are not those of the game tree");
            }
            for mv in listed {
                let brute = as_pair(&mv);
                let Ok(after) = self.sum.play(mv.clone()) else {
                    return TestResult::error(format!("{mv:?} is not legal"));
                };
                let after_state = states(&after);
                if product.play(&state, &brute).as_ref() != Some(&after_state)
                    || product.grundy(&after_state) != t
                    || value_of(&after) != Ok(Nimber::new(t))
                {
                    return TestResult::error(format!("{mv:?} does not reach *{t}"));
                }
                let c = mv.component;
                if parts.grundy(&after_state[c]) > parts.grundy(&state[c]) {
                    self.raises.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        TestResult::passed()
    }
}

fn nim_state(n: &Nim<u8>) -> Vec<u8> {
    n.heaps().to_vec()
}

fn nim_brute(m: &NimMove<u8>) -> (usize, u8) {
    (m.index, m.to)
}

fn stair_state(s: &Staircase<u8>) -> Vec<u8> {
    s.steps().to_vec()
}

fn stair_brute(m: &StaircaseMove<u8>) -> (usize, u8) {
    (m.step, m.coins)
}

static NIM_RAISES: AtomicUsize = AtomicUsize::new(0);

fn prop_nim_sum(parts: NimParts, target: u8) -> TestResult {
    let sum: Sum<Nim<u8>> = parts.0.into_iter().map(Nim::from).collect();
    let check = SumCheck {
        sum: &sum,
        part: rules::nim::<u8>,
        as_state: nim_state,
        as_brute: nim_brute,
        raises: &NIM_RAISES,
    };
    let closed_form = check.run(
        |s| s.grundy(),
        |s, t| s.moves_to_value(t).map(Iterator::collect),
        u128::from(target % 8),
    );
    // Misère play of a sum is no closed form's; a solver of the sum answers it.
    let states: Vec<Vec<u8>> = sum.components().iter().map(nim_state).collect();
    let mut product = Oracle::new(rules::sum(rules::nim::<u8>));
    let mut searcher = Solver::<Sum<Nim<u8>>>::new();
    let misere = matches!(
        sum.outcome(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) && matches!(
        sum.winning_moves(Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) && searcher.outcome(&sum, Play::Misere)
        == Ok(product.outcome(&states, Play::Misere))
        && searcher
            .winning_moves(&sum, Play::Misere)
            .map(|moves| listed_once(moves.map(|m| (m.component, nim_brute(&m.mv)))))
            == Ok(product.winning_moves(&states, Play::Misere));
    if !misere {
        return TestResult::error("misère play of a sum of Nim positions");
    }
    closed_form
}

#[test]
fn a_sum_of_nim_positions_through_its_closed_form() {
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(prop_nim_sum as fn(NimParts, u8) -> TestResult);
}

static STAIR_RAISES: AtomicUsize = AtomicUsize::new(0);

fn prop_stair_sum(parts: StairParts, target: u8) -> TestResult {
    let sum: Sum<Staircase<u8>> = parts
        .0
        .into_iter()
        .map(|steps| Staircase::new(steps).expect("a few coins"))
        .collect();
    let check = SumCheck {
        sum: &sum,
        part: rules::staircase,
        as_state: stair_state,
        as_brute: stair_brute,
        raises: &STAIR_RAISES,
    };
    check.run(
        |s| s.grundy(),
        |s, t| s.moves_to_value(t).map(Iterator::collect),
        u128::from(target % 8),
    )
}

#[test]
fn a_sum_of_staircases_through_its_closed_form_raises_where_it_must() {
    let cases = common::scale::cases(1500);
    let prop = prop_stair_sum as fn(StairParts, u8) -> TestResult;
    let raises = raises_of(prop, cases, &STAIR_RAISES);
    assert!(
        raises > (cases / 15) as usize,
        "only {raises} listed moves raised a staircase"
    );
}

static PILE_RAISES: AtomicUsize = AtomicUsize::new(0);

/// A pile as the oracle holds it: its subtraction set and its counters.
type PileState = (Arc<Vec<u32>>, u32);

/// The oracle's rules of a pile, its set in its state.
fn pile_rules(p: &PileState) -> Vec<(u32, PileState)> {
    rules::subtraction(&p.0)(&p.1)
        .into_iter()
        .map(|(take, n)| (take, (Arc::clone(&p.0), n)))
        .collect()
}

fn pile_state(p: &Pile) -> PileState {
    (Arc::clone(&p.set), p.n)
}

fn pile_brute(take: &u32) -> u32 {
    *take
}

fn prop_pile_sum(parts: PileParts, target: u8) -> TestResult {
    let sum: Sum<Pile> = parts.0.iter().map(|(set, n)| Pile::new(set, *n)).collect();
    let check = SumCheck {
        sum: &sum,
        part: pile_rules,
        as_state: pile_state,
        as_brute: pile_brute,
        raises: &PILE_RAISES,
    };
    // A solver of piles answers a sum of piles component by component, sharing its memo.
    let mut solver = Solver::<Pile>::new();
    let mut values = Solver::<Pile>::new();
    let by_solver = check.run(
        |s| values.grundy(s),
        |s, t| solver.moves_to_value(s, t).map(Iterator::collect),
        u128::from(target % 8),
    );
    // Misère play: a solver of sums of piles, not a solver of piles.
    let states: Vec<_> = sum.components().iter().map(pile_state).collect();
    let mut product = Oracle::new(rules::sum(pile_rules));
    let mut searcher = Solver::<Sum<Pile>>::new();
    let misere = matches!(
        solver.outcome(&sum, Play::Misere),
        Err(Error::MisereUnsupported { .. })
    ) && searcher.outcome(&sum, Play::Misere)
        == Ok(product.outcome(&states, Play::Misere))
        && searcher
            .winning_moves(&sum, Play::Misere)
            .map(|moves| listed_once(moves.map(|m| (m.component, m.mv))))
            == Ok(product.winning_moves(&states, Play::Misere));
    if !misere {
        return TestResult::error("misère play of a sum of piles");
    }
    by_solver
}

#[test]
fn a_sum_of_user_games_through_a_solver_of_the_game() {
    let cases = common::scale::cases(1500);
    let prop = prop_pile_sum as fn(PileParts, u8) -> TestResult;
    let raises = raises_of(prop, cases, &PILE_RAISES);
    assert!(
        raises > (cases / 15) as usize,
        "only {raises} listed moves raised a pile"
    );
}

// ---------------------------------------------------------------------------------------------
// Examples, `Part` and `SumMove`
// ---------------------------------------------------------------------------------------------

#[test]
fn moves_that_raise_a_component_are_listed() {
    // Staircase (1, 3): value *1, with a Nim heap of 3: total *2. The winning moves: the heap
    // 3 -> 1, or the staircase *1 -> *3 by carrying 2 coins from step 2 onto step 1.
    let sum = (Staircase::new(vec![1u8, 3]).unwrap(), Nim::from([3u8]));
    let winning: Vec<_> = sum.winning_moves(Play::Normal).unwrap().collect();
    assert_eq!(
        winning,
        [
            Part::P0(StaircaseMove { step: 2, coins: 2 }),
            Part::P1(NimMove { index: 0, to: 1 })
        ]
    );
    for mv in winning {
        assert_eq!(sum.play(mv).unwrap().grundy(), Ok(Nimber::ZERO));
    }
    // A pile of {1, 3, 4} (values 0 1 0 1 2 3 2) holding 2 is *0; its move to 1 raises it to
    // *1. Next to a Nim heap of 1, that is the only winning move in the pile.
    let pile = Pile::new(&[1, 3, 4], 2);
    let sum = (pile, Nim::from([1u8]));
    let mut evaluator = (Solver::new(), Direct);
    assert_eq!(evaluator.grundy(&sum), Ok(Nimber::ONE));
    let winning: Vec<_> = evaluator
        .winning_moves(&sum, Play::Normal)
        .unwrap()
        .collect();
    assert_eq!(
        winning,
        [Part::P0(1), Part::P1(NimMove { index: 0, to: 0 })]
    );
}

#[test]
fn part_names_its_component_and_displays_the_move_in_it() {
    type Twelve = Part<u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8, u8>;
    let all: [Twelve; 12] = [
        Part::P0(0),
        Part::P1(1),
        Part::P2(2),
        Part::P3(3),
        Part::P4(4),
        Part::P5(5),
        Part::P6(6),
        Part::P7(7),
        Part::P8(8),
        Part::P9(9),
        Part::P10(10),
        Part::P11(11),
    ];
    for (i, part) in all.iter().enumerate() {
        assert_eq!(part.component(), i);
        assert_eq!(part.to_string(), format!("in component {i}: {i}"));
    }
    let mv: FourMove = Part::P2(StaircaseMove { step: 2, coins: 3 });
    assert_eq!(mv.component(), 2);
    assert_eq!(
        mv.to_string(),
        "in component 2: carry 3 from step 2 to step 1"
    );
    let mv: FourMove = Part::P1(BashMove { take: 3 });
    assert_eq!(mv.to_string(), "in component 1: take 3");
    let mv: Part<NimMove<u8>, u32> = Part::P0(NimMove { index: 1, to: 0 });
    assert_eq!(mv.to_string(), "in component 0: reduce heap 1 to 0");
    // A pair's moves name only two components: the others cannot be built.
    let _: Part<u8, u8, Infallible> = Part::P1(7);

    let mv = SumMove {
        component: 4,
        mv: NimMove { index: 0, to: 1u8 },
    };
    assert_eq!(mv.to_string(), "in component 4: reduce heap 0 to 1");
    let mv = SumMove {
        component: 0,
        mv: StaircaseMove {
            step: 1,
            coins: 2u8,
        },
    };
    assert_eq!(mv.to_string(), "in component 0: carry 2 off step 1");
}

#[test]
fn sums_display_as_their_components_joined() {
    let sum = Sum::from([Nim::from([3u8, 5]), Nim::from([1u8])]);
    assert_eq!(sum.to_string(), "(3, 5) + (1)");
    assert_eq!(Sum::<Nim<u8>>::default().to_string(), "0");
}

/// A solver of sums splits a component that splits ([`Game::parts`]), not only the sum into
/// its components: a sum of one Mock Turtles row of 12 heads is 12 lone heads (fewer than
/// 100 positions in all), where a search of the row whole reaches every set of its 12 coins
/// (4096 rows, past the limit of 1000). The values, the winning moves and misère play (which
/// never splits) agree with the row's own answers.
#[test]
fn a_solver_of_sums_splits_the_components_that_split() {
    use grundy::coins::{Coins, MockTurtles};
    let row = Coins::new(MockTurtles, 1..=12u32).unwrap();
    let pair = Coins::new(MockTurtles, [3u32, 12]).unwrap();
    let mut solver = Solver::<Sum<Coins<MockTurtles, u32>>>::with_position_limit(1000);
    assert_eq!(
        solver.grundy(&Sum::from([row.clone()])),
        Ok(row.grundy().unwrap())
    );
    let two = Sum::from([row.clone(), pair.clone()]);
    let value = row.grundy().unwrap() + pair.grundy().unwrap();
    assert_eq!(solver.grundy(&two), Ok(value));
    let mut moves: Vec<_> = solver.winning_moves(&two, Play::Normal).unwrap().collect();
    let mut closed: Vec<_> = two.winning_moves(Play::Normal).unwrap().collect();
    moves.sort();
    closed.sort();
    assert!(!closed.is_empty());
    assert_eq!(moves, closed);
    let small = Coins::new(MockTurtles, [1u32, 2, 4]).unwrap();
    let misere = Solver::new().outcome(&small, Play::Misere).unwrap();
    assert_eq!(
        solver.outcome(&Sum::from([small]), Play::Misere),
        Ok(misere)
    );
}
