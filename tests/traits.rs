//! The standard traits, as a user of the crate expects them (the Rust API Guidelines'
//! C-COMMON-TRAITS, C-CONV-TRAITS, C-ITER, C-SEND-SYNC, C-DEBUG):
//!
//! - `Display` in the notation of the literature (`N`/`P`, `*3`, `(3, 5)`), for outcomes,
//!   plays, values, and every position and move of Nim, Bash, staircase Nim and Georgia–Bob;
//! - `FromStr` that reads back what `Display` writes, at every width, and errors that name
//!   the text they could not read;
//! - `ExactSizeIterator` lengths equal to the counts, and fused iterators;
//! - `From<[T; N]>`, `From<Vec<T>>`, `FromIterator`, `Extend` for Nim and `Sum`;
//! - a `Clone` of a `Solver` that answers as the original;
//! - `Send + Sync + Debug` (and `Clone`, `Eq`, `Hash`, `Ord`, `Default` where they belong) on
//!   the public types.

use crate::common;

use common::{Small, SmallHeaps};
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GeorgiaBobMove, Nim, NimMove, Staircase, StaircaseMove,
};
use grundy::prelude::*;
use grundy::{Direct, Error, Heap, MexSet, Part, Sum, SumMove};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::collections::HashSet;
use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::iter::FusedIterator;
use std::str::FromStr;

const CASES: u64 = 1000;

// ---------------------------------------------------------------------------------------------
// Display
// ---------------------------------------------------------------------------------------------

#[test]
fn values_outcomes_and_plays_display_as_in_the_literature() {
    assert_eq!(Outcome::Next.to_string(), "N");
    assert_eq!(Outcome::Previous.to_string(), "P");
    assert_eq!(Play::Normal.to_string(), "normal");
    assert_eq!(Play::Misere.to_string(), "misère");
    assert_eq!(Nimber::new(3).to_string(), "*3");
    assert_eq!(Nimber::ZERO.to_string(), "*0");
    assert_eq!(
        Nimber::new(u128::MAX).to_string(),
        format!("*{}", u128::MAX)
    );
    assert_eq!(format!("{}", Outcome::from_grundy(Nimber::ONE)), "N");
}

#[test]
fn positions_and_moves_display_as_in_the_literature() {
    // Nim.
    assert_eq!(Nim::from([3u8, 5, 7]).to_string(), "(3, 5, 7)");
    assert_eq!(Nim::<u8>::default().to_string(), "()");
    assert_eq!(
        Nim::from([u128::MAX]).to_string(),
        format!("({})", u128::MAX)
    );
    assert_eq!(
        NimMove { index: 2, to: 0u8 }.to_string(),
        "reduce heap 2 to 0"
    );
    // Bash.
    assert_eq!(Bash::new(23u8, 4).unwrap().to_string(), "23 (k = 4)");
    assert_eq!(BashMove { take: 3u64 }.to_string(), "take 3");
    // Staircase Nim.
    assert_eq!(
        Staircase::new(vec![2u8, 5, 3]).unwrap().to_string(),
        "(2, 5, 3)"
    );
    assert_eq!(
        StaircaseMove {
            step: 2,
            coins: 3u8
        }
        .to_string(),
        "carry 3 from step 2 to step 1"
    );
    assert_eq!(
        StaircaseMove {
            step: 1,
            coins: 4u8
        }
        .to_string(),
        "carry 4 off step 1"
    );
    // Georgia–Bob: the cells ascending, whatever order they were given in.
    assert_eq!(
        GeorgiaBob::new(vec![8u8, 1, 7, 4]).unwrap().to_string(),
        "(1, 4, 7, 8)"
    );
    assert_eq!(
        GeorgiaBobMove { from: 8u16, to: 4 }.to_string(),
        "cell 8 to cell 4"
    );
    // Sums and their moves.
    let sum = Sum::from([Nim::from([3u8, 5]), Nim::from([1u8])]);
    assert_eq!(sum.to_string(), "(3, 5) + (1)");
    let mv = SumMove {
        component: 1,
        mv: NimMove { index: 0, to: 0u8 },
    };
    assert_eq!(mv.to_string(), "in component 1: reduce heap 0 to 0");
    let mv: Part<NimMove<u8>, BashMove<u8>> = Part::P1(BashMove { take: 2 });
    assert_eq!(mv.to_string(), "in component 1: take 2");
}

/// `format!("{:>3}", outcome)` pads as it does for a number or a `str`: a table of outcomes
/// or values lines up.
#[test]
fn values_outcomes_and_plays_honour_width_and_alignment() {
    assert_eq!(format!("{:>3}", Outcome::Next), "  N");
    assert_eq!(format!("{:<3}|", Outcome::Previous), "P  |");
    assert_eq!(format!("{:>4}", Nimber::new(3)), "  *3");
    assert_eq!(format!("{:^8}", Play::Normal), " normal ");
}

// ---------------------------------------------------------------------------------------------
// FromStr
// ---------------------------------------------------------------------------------------------

/// `x.to_string().parse() == x`.
fn round_trips<T>(x: &T) -> bool
where
    T: Display + FromStr<Err = Error> + PartialEq,
{
    x.to_string().parse::<T>().is_ok_and(|y| y == *x)
}

fn nim_round_trips<T: Heap>(heaps: Vec<T>) -> bool {
    let words: Vec<String> = heaps.iter().map(T::to_string).collect();
    let nim = Nim::from(heaps);
    // Written, read back; and the other forms the parser reads.
    round_trips(&nim)
        && words.join(" ").parse::<Nim<T>>() == Ok(nim.clone())
        && words.join(",").parse::<Nim<T>>() == Ok(nim.clone())
        && format!(" ( {} ) ", words.join(" , ")).parse::<Nim<T>>() == Ok(nim)
}

fn bash_round_trips<T: Heap>(heap: T, max_take: T) -> bool {
    let max_take = max_take.max(T::one());
    let bash = Bash::new(heap, max_take).expect("k >= 1");
    round_trips(&bash)
        && format!("{heap} {max_take}").parse::<Bash<T>>() == Ok(bash)
        && format!("({heap}, {max_take})").parse::<Bash<T>>() == Ok(bash)
}

fn staircase_round_trips<T: Heap>(steps: Vec<T>) -> bool {
    // Each step holds at most `T::MAX / len`, so the total fits.
    let len = T::narrow(steps.len().max(1) as u128).expect("short vectors");
    let steps: Vec<T> = steps.into_iter().map(|s| s / len).collect();
    let words: Vec<String> = steps.iter().map(T::to_string).collect();
    let stairs = Staircase::new(steps).expect("the total fits");
    round_trips(&stairs) && words.join(" ").parse::<Staircase<T>>() == Ok(stairs)
}

fn georgia_bob_round_trips<T: Heap>(cells: Vec<T>) -> bool {
    let mut seen = HashSet::new();
    let cells: Vec<T> = cells
        .into_iter()
        .filter(|c| !c.is_zero() && seen.insert(*c))
        .collect();
    let words: Vec<String> = cells.iter().map(T::to_string).collect();
    let board = GeorgiaBob::new(cells).expect("distinct cells from 1");
    round_trips(&board) && words.join(" ").parse::<GeorgiaBob<T>>() == Ok(board)
}

/// Runs a generic check for every heap width.
macro_rules! at_every_width {
    ($check:ident) => {
        $check::<u8>();
        $check::<u16>();
        $check::<u32>();
        $check::<u64>();
        $check::<u128>();
        $check::<usize>();
    };
}

fn nim_check<T: Heap + Arbitrary>() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(nim_round_trips::<T> as fn(Vec<T>) -> bool);
}

fn bash_check<T: Heap + Arbitrary>() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(bash_round_trips::<T> as fn(T, T) -> bool);
}

fn staircase_check<T: Heap + Arbitrary>() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(staircase_round_trips::<T> as fn(Vec<T>) -> bool);
}

fn georgia_bob_check<T: Heap + Arbitrary>() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(georgia_bob_round_trips::<T> as fn(Vec<T>) -> bool);
}

#[test]
fn nim_reads_back_what_it_writes_at_every_width() {
    at_every_width!(nim_check);
}

#[test]
fn bash_reads_back_what_it_writes_at_every_width() {
    at_every_width!(bash_check);
}

#[test]
fn staircase_reads_back_what_it_writes_at_every_width() {
    at_every_width!(staircase_check);
}

#[test]
fn georgia_bob_reads_back_what_it_writes_at_every_width() {
    at_every_width!(georgia_bob_check);
}

/// A word a parser of numbers must refuse.
#[derive(Clone, Debug)]
struct BadWord(&'static str);

impl Arbitrary for BadWord {
    fn arbitrary(g: &mut Gen) -> Self {
        const WORDS: [&str; 10] = [
            "x",
            "-3",
            "3.5",
            "1e3",
            "0x10",
            "+4",
            "٣",
            "256",
            "4five",
            "340282366920938463463374607431768211456",
        ];
        BadWord(g.choose(&WORDS).expect("not empty"))
    }
}

/// A bad word among good heaps: the error is a parse error that names the word.
fn prop_parse_error_names_the_text(heaps: Vec<u8>, at: usize, bad: BadWord) -> TestResult {
    let mut words: Vec<String> = heaps.iter().map(u8::to_string).collect();
    words.insert(at % (words.len() + 1), bad.0.to_owned());
    let text = format!("({})", words.join(", "));
    let names_it = |e: &Error| {
        matches!(e, Error::Parse { text, .. } if text == bad.0)
            && e.to_string().contains(&format!("{:?}", bad.0))
    };
    let nim = text.parse::<Nim<u8>>();
    let stairs = words.join(" ").parse::<Staircase<u8>>();
    let board = words.join(" ").parse::<GeorgiaBob<u8>>();
    TestResult::from_bool(
        nim.as_ref().is_err_and(names_it)
            && stairs.as_ref().is_err_and(names_it)
            && board.as_ref().is_err_and(names_it),
    )
}

#[test]
fn parse_errors_name_the_text() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_parse_error_names_the_text as fn(Vec<u8>, usize, BadWord) -> TestResult);
}

#[test]
fn parse_errors_of_whole_positions() {
    let parse_error = |r: Result<(), Error>, want: &str| match r {
        Err(e @ Error::Parse { .. }) => {
            let Error::Parse { text, .. } = &e else {
                unreachable!()
            };
            text == want && e.to_string().contains(&format!("{want:?}"))
        }
        _ => false,
    };
    // No numbers is the empty row; commas stand only between numbers, spaces anywhere.
    assert_eq!("".parse::<Nim<u8>>(), Ok(Nim::new(vec![])));
    assert_eq!(" ( ) ".parse::<Nim<u8>>(), Ok(Nim::new(vec![])));
    assert_eq!("1 ,2 3, 4".parse::<Nim<u8>>(), Ok(Nim::from([1, 2, 3, 4])));
    for bad in ["1,,2", "1,", ",1", ",", "(,)", "1, ,2"] {
        assert!(
            parse_error(bad.parse::<Nim<u8>>().map(drop), bad),
            "{bad:?}"
        );
    }
    // A parenthesis left open: the whole text is named.
    assert!(parse_error("(3, 5".parse::<Nim<u8>>().map(drop), "(3, 5"));
    assert!(parse_error("3 500".parse::<Nim<u8>>().map(drop), "500"));
    // Bash needs two numbers.
    assert!(parse_error("23".parse::<Bash<u32>>().map(drop), "23"));
    assert!(parse_error(
        "23 4 5".parse::<Bash<u32>>().map(drop),
        "23 4 5"
    ));
    assert!(parse_error("".parse::<Bash<u32>>().map(drop), ""));
    assert!(parse_error("23 k".parse::<Bash<u32>>().map(drop), "k"));
    // Text that reads as numbers but not as a position: the constructor's error.
    assert_eq!("23 0".parse::<Bash<u32>>(), Err(Error::ZeroTakeLimit));
    assert_eq!("23 (k = 0)".parse::<Bash<u8>>(), Err(Error::ZeroTakeLimit));
    assert!(matches!(
        "200 56".parse::<Staircase<u8>>(),
        Err(Error::Overflow { .. })
    ));
    assert_eq!(
        "200 55".parse::<Staircase<u8>>().map(|s| s.steps().len()),
        Ok(2)
    );
    assert_eq!("0 3".parse::<GeorgiaBob<u8>>(), Err(Error::CellZero));
    assert_eq!(
        "3, 9, 3".parse::<GeorgiaBob<u64>>(),
        Err(Error::DuplicateCell { cell: 3 })
    );
    // No numbers at all is the empty position where one exists.
    assert_eq!("".parse::<Nim<u8>>(), Ok(Nim::default()));
    assert_eq!("()".parse::<Nim<u8>>(), Ok(Nim::default()));
    assert_eq!("()".parse::<Staircase<u8>>(), Ok(Staircase::default()));
    assert_eq!("()".parse::<GeorgiaBob<u8>>(), Ok(GeorgiaBob::default()));
}

/// Bash reads its textual form as strictly as Nim reads its own: an unclosed parenthesis is an
/// error, and the take limit may be written `k=4` as well as `k = 4`.
#[test]
fn bash_reads_its_form_as_strictly_as_nim() {
    assert!("23 (k = 4".parse::<Bash<u8>>().is_err());
    assert!("(23, 4".parse::<Bash<u8>>().is_err());
    assert_eq!("23 (k=4)".parse::<Bash<u8>>(), Bash::new(23, 4));
    assert_eq!("23 (k =4)".parse::<Bash<u8>>(), Bash::new(23, 4));
}

// ---------------------------------------------------------------------------------------------
// Iterators
// ---------------------------------------------------------------------------------------------

/// `len()` equals the count at every step, and the iterator stays done once done.
fn exact_to_the_end<I: ExactSizeIterator + FusedIterator + Clone>(mut moves: I) -> bool {
    let mut left = moves.clone().count();
    loop {
        if moves.len() != left || moves.size_hint() != (left, Some(left)) {
            return false;
        }
        match moves.next() {
            Some(_) => left -= 1,
            None => return left == 0 && moves.next().is_none() && moves.len() == 0,
        }
    }
}

/// How many moves of `position` lead to a position of value `target`, from `Game::moves`.
fn count_to_value<G: ClosedForm>(position: &G, target: Nimber) -> usize {
    position
        .moves()
        .iter()
        .filter(|(_, q)| q.grundy() == Ok(target))
        .count()
}

fn prop_nim_lengths(heaps: Small<Vec<u8>>, small: SmallHeaps, target: u8) -> bool {
    nim_lengths(heaps.0, target) && nim_lengths(small.0, target % 8)
}

fn nim_lengths(heaps: Vec<u8>, target: u8) -> bool {
    let nim = Nim::from(heaps);
    let target = Nimber::new(u128::from(target));
    let to_value = nim.moves_to_value(target).expect("Nim never fails");
    let normal = nim.winning_moves(Play::Normal).expect("Nim never fails");
    let misere = nim.winning_moves(Play::Misere).expect("Nim never fails");
    to_value.len() == count_to_value(&nim, target)
        && normal.len() == count_to_value(&nim, Nimber::ZERO)
        && misere.len() == misere.clone().count()
        && exact_to_the_end(to_value)
        && exact_to_the_end(normal)
        && exact_to_the_end(misere)
}

#[test]
fn nim_move_iterators_know_their_length() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_nim_lengths as fn(Small<Vec<u8>>, SmallHeaps, u8) -> bool);
}

fn prop_bash_lengths(heap: u8, max_take: u8, target: u8) -> bool {
    let bash = Bash::new(heap, max_take.max(1)).expect("k >= 1");
    let target = Nimber::new(u128::from(target));
    let to_value = bash.moves_to_value(target).expect("Bash never fails");
    let normal = bash.winning_moves(Play::Normal).expect("Bash never fails");
    let misere = bash.winning_moves(Play::Misere).expect("Bash never fails");
    let misere_count = bash
        .moves()
        .iter()
        .filter(|(_, q)| q.outcome(Play::Misere) == Ok(Outcome::Previous))
        .count();
    to_value.len() == count_to_value(&bash, target)
        && normal.len() == count_to_value(&bash, Nimber::ZERO)
        && misere.len() == misere_count
        && exact_to_the_end(to_value)
        && exact_to_the_end(normal)
        && exact_to_the_end(misere)
}

#[test]
fn bash_move_iterators_know_their_length() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_bash_lengths as fn(u8, u8, u8) -> bool);
}

/// The size hint brackets the count at every step, and the iterator stays done once done.
fn honest_to_the_end<I: FusedIterator + Clone>(mut moves: I) -> bool {
    let mut left = moves.clone().count();
    loop {
        let (low, high) = moves.size_hint();
        if low > left || high.is_some_and(|h| h < left) {
            return false;
        }
        match moves.next() {
            Some(_) => left -= 1,
            None => return left == 0 && moves.next().is_none(),
        }
    }
}

fn prop_staircase_and_board_hints(steps: Small<Vec<u8>>, cells: Small<Vec<u8>>, t: u8) -> bool {
    let steps: Vec<u8> = steps.0.into_iter().map(|s| s % 40).take(6).collect();
    let stairs = Staircase::new(steps).expect("at most 240 coins");
    let mut seen = HashSet::new();
    let cells: Vec<u8> = cells
        .0
        .into_iter()
        .filter(|&c| c > 0 && seen.insert(c))
        .collect();
    let board = GeorgiaBob::new(cells).expect("distinct cells from 1");
    let target = Nimber::new(u128::from(t % 64));
    honest_to_the_end(stairs.moves_to_value(target).expect("normal play"))
        && honest_to_the_end(stairs.winning_moves(Play::Normal).expect("normal play"))
        && honest_to_the_end(board.moves_to_value(target).expect("normal play"))
        && honest_to_the_end(board.winning_moves(Play::Normal).expect("normal play"))
}

#[test]
fn staircase_and_georgia_bob_iterators_hint_honestly() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(
            prop_staircase_and_board_hints as fn(Small<Vec<u8>>, Small<Vec<u8>>, u8) -> bool,
        );
}

// ---------------------------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------------------------

#[test]
fn nim_is_built_from_arrays_vectors_and_iterators() {
    let from_array = Nim::from([3u32, 5, 7]);
    let from_vec = Nim::from(vec![3u32, 5, 7]);
    let collected: Nim<u32> = [3u32, 5, 7].into_iter().collect();
    let by_new = Nim::new(vec![3u32, 5, 7]);
    assert_eq!(from_array, from_vec);
    assert_eq!(from_array, collected);
    assert_eq!(from_array, by_new);
    assert_eq!(from_array.heaps(), &[3, 5, 7]);
    let mut grown = Nim::from([3u32]);
    grown.extend([5, 7]);
    assert_eq!(grown, from_array);
    let as_slice: &[u32] = from_array.as_ref();
    assert_eq!(as_slice, &[3, 5, 7]);
    assert_eq!(Vec::from(from_array.clone()), vec![3, 5, 7]);
    assert_eq!(from_array.into_heaps(), vec![3, 5, 7]);
    let empty: [u8; 0] = [];
    assert_eq!(Nim::from(empty), Nim::default());
}

#[test]
fn sums_are_built_from_arrays_vectors_and_iterators() {
    let parts = || vec![Nim::from([1u8]), Nim::from([2u8, 3])];
    let from_array = Sum::from([Nim::from([1u8]), Nim::from([2u8, 3])]);
    let from_vec = Sum::from(parts());
    let collected: Sum<Nim<u8>> = parts().into_iter().collect();
    assert_eq!(from_array, from_vec);
    assert_eq!(from_array, collected);
    assert_eq!(from_array, Sum::new(parts()));
    assert_eq!(from_array.components(), parts().as_slice());
    let mut grown = Sum::from([Nim::from([1u8])]);
    grown.extend([Nim::from([2u8, 3])]);
    assert_eq!(grown, from_array);
    let by_ref: Vec<&Nim<u8>> = (&from_array).into_iter().collect();
    assert_eq!(by_ref.len(), 2);
    assert_eq!(from_array.clone().into_iter().collect::<Vec<_>>(), parts());
    assert_eq!(from_array.into_components(), parts());
    assert_eq!(Sum::<Nim<u8>>::default().components().len(), 0);
}

#[test]
fn checked_positions_convert_from_vectors_by_try_from() {
    assert_eq!(
        Staircase::try_from(vec![1u8, 2]),
        Staircase::new(vec![1u8, 2])
    );
    assert!(matches!(
        Staircase::try_from(vec![255u8, 1]),
        Err(Error::Overflow { .. })
    ));
    assert_eq!(
        GeorgiaBob::try_from(vec![4u8, 2]).map(|b| b.cells().to_vec()),
        Ok(vec![2, 4])
    );
    assert_eq!(GeorgiaBob::try_from(vec![0u8]), Err(Error::CellZero));
}

// ---------------------------------------------------------------------------------------------
// The solver
// ---------------------------------------------------------------------------------------------

/// A solver warmed on `first`, and its clone, answer every question on `then` alike; the two
/// are independent afterwards.
fn prop_clone_answers_the_same(first: Vec<(u8, u8)>, then: Vec<(u8, u8)>) -> bool {
    let bash = |&(n, k): &(u8, u8)| Bash::new(n % 64, k % 8 + 1).expect("k >= 1");
    let mut original = Solver::new();
    for p in first.iter().map(bash) {
        original.grundy(&p).expect("small");
    }
    let mut clone = original.clone();
    let mut same = clone.len() == original.len()
        && clone.position_limit() == original.position_limit()
        && format!("{clone:?}") == format!("{original:?}");
    for p in then.iter().chain(&first).map(bash) {
        same &= clone.grundy(&p) == original.grundy(&p);
        for play in [Play::Normal, Play::Misere] {
            same &= clone.outcome(&p, play) == original.outcome(&p, play);
            let a: Vec<_> = clone.winning_moves(&p, play).expect("small").collect();
            let b: Vec<_> = original.winning_moves(&p, play).expect("small").collect();
            same &= a == b;
        }
    }
    let before = original.len();
    clone.clear();
    same && clone.is_empty() && original.len() == before
}

#[test]
fn a_cloned_solver_answers_the_same() {
    QuickCheck::new()
        .tests(common::scale::cases(CASES))
        .quickcheck(prop_clone_answers_the_same as fn(Vec<(u8, u8)>, Vec<(u8, u8)>) -> bool);
    // The clone keeps the limit, and fails where the original fails.
    let small = Solver::<Bash<u8>>::with_position_limit(5);
    let mut clone = small.clone();
    assert_eq!(clone.position_limit(), 5);
    assert_eq!(
        clone.grundy(&Bash::new(10, 2).unwrap()),
        Err(Error::PositionLimit { limit: 5 })
    );
}

// ---------------------------------------------------------------------------------------------
// Send, Sync, Debug and the common traits
// ---------------------------------------------------------------------------------------------

fn send_sync_debug<T: Send + Sync + Debug>() {}

/// A position or a move: a value type.
fn value_type<T: Clone + PartialEq + Eq + Hash + PartialOrd + Ord + Debug + Send + Sync>() {}

fn copy_move<T: Copy + Display>() {}

#[test]
fn public_types_are_send_sync_and_debug() {
    send_sync_debug::<Nimber>();
    send_sync_debug::<grundy::sequence::GrundySequence>();
    send_sync_debug::<grundy::sequence::Values<'static>>();
    send_sync_debug::<grundy::sequence::ValuesIter<'static>>();
    send_sync_debug::<grundy::sequence::Checkpoint>();
    send_sync_debug::<grundy::sequence::Status>();
    send_sync_debug::<Outcome>();
    send_sync_debug::<Play>();
    send_sync_debug::<Error>();
    send_sync_debug::<MexSet>();
    send_sync_debug::<Direct>();
    send_sync_debug::<Solver<Nim<u64>>>();
    send_sync_debug::<Solver<Sum<Bash<u8>>>>();
    send_sync_debug::<Sum<Nim<u128>>>();
    send_sync_debug::<SumMove<NimMove<u128>>>();
    send_sync_debug::<Part<NimMove<u8>, BashMove<u8>>>();
    send_sync_debug::<grundy::solve::SumMoves<'static, Nim<u8>>>();
    send_sync_debug::<Nim<u128>>();
    send_sync_debug::<NimMove<u128>>();
    send_sync_debug::<grundy::games::nim::WinningMoves<'static, u128>>();
    send_sync_debug::<Bash<u128>>();
    send_sync_debug::<BashMove<u128>>();
    send_sync_debug::<grundy::games::bash::WinningMoves<u128>>();
    send_sync_debug::<Staircase<u128>>();
    send_sync_debug::<StaircaseMove<u128>>();
    send_sync_debug::<grundy::games::staircase::WinningMoves<'static, u128>>();
    send_sync_debug::<GeorgiaBob<u128>>();
    send_sync_debug::<GeorgiaBobMove<u128>>();
    send_sync_debug::<grundy::games::georgia_bob::WinningMoves<'static, u128>>();
    send_sync_debug::<grundy::coins::Coins<grundy::coins::MockTurtles, u64>>();
    send_sync_debug::<grundy::coins::CoinMove<(u8, u8)>>();
    send_sync_debug::<grundy::coins::CoinMoves<'static, (u8, u8)>>();
    send_sync_debug::<grundy::coins::Tartan<grundy::coins::Twins, grundy::coins::TurningTurtles>>();
    fn error<E: std::error::Error + Send + Sync + 'static>() {}
    error::<Error>();
}

#[test]
fn positions_moves_and_values_have_the_common_traits() {
    value_type::<Nimber>();
    value_type::<Outcome>();
    value_type::<Play>();
    value_type::<Nim<u8>>();
    value_type::<NimMove<u8>>();
    value_type::<Bash<u16>>();
    value_type::<BashMove<u16>>();
    value_type::<Staircase<u32>>();
    value_type::<StaircaseMove<u32>>();
    value_type::<GeorgiaBob<u64>>();
    value_type::<GeorgiaBobMove<u64>>();
    value_type::<Sum<Nim<u8>>>();
    value_type::<SumMove<NimMove<u8>>>();
    value_type::<Part<NimMove<u8>, BashMove<u8>>>();
    value_type::<
        grundy::coins::Coins<
            grundy::coins::Tartan<grundy::coins::Twins, grundy::coins::Twins>,
            (u8, u16),
        >,
    >();
    value_type::<grundy::coins::CoinMove<u32>>();
    copy_move::<NimMove<u8>>();
    copy_move::<BashMove<u8>>();
    copy_move::<StaircaseMove<u8>>();
    copy_move::<GeorgiaBobMove<u8>>();
    copy_move::<SumMove<NimMove<u8>>>();
    copy_move::<Part<NimMove<u8>, BashMove<u8>>>();
    copy_move::<Nimber>();
    copy_move::<Outcome>();
    copy_move::<Play>();
    copy_move::<Bash<u8>>();
    assert_eq!(Nimber::default(), Nimber::ZERO);
    assert_eq!(Play::default(), Play::Normal);
    assert_eq!(Nim::<u8>::default().heaps(), &[] as &[u8]);
    assert_eq!(Staircase::<u8>::default().steps(), &[] as &[u8]);
    assert_eq!(GeorgiaBob::<u8>::default().cells(), &[] as &[u8]);
    // Debug says what a value is.
    assert!(format!("{:?}", Nim::from([3u8])).contains('3'));
    assert!(format!("{:?}", NimMove { index: 1, to: 2u8 }).contains("NimMove"));
    assert!(format!("{:?}", Solver::<Nim<u8>>::new()).contains("Solver"));
    assert!(format!("{:?}", Error::CellZero).contains("CellZero"));
    // A coin move says which coins it turns.
    let corner = grundy::coins::CoinMove {
        head: (2u8, 3u8),
        others: vec![(1, 1), (1, 3), (2, 1)],
    };
    assert_eq!(
        corner.to_string(),
        "turn (2, 3) with (1, 1), (1, 3), (2, 1)"
    );
    let alone = grundy::coins::CoinMove::<u8> {
        head: 4,
        others: vec![],
    };
    assert_eq!(alone.to_string(), "turn 4 alone");
}
