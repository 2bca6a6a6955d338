//! One test per class of bad input the library can be handed: each asserts the exact error
//! variant and that the message names the offending value (and, where there is one, what to
//! do about it).
//!
//! A new bad input is one line in a `bad_input!` block:
//!
//! ```text
//! name: expression returning Result<_, Error> => Error::Variant { .. }, ["text", "in the message"];
//! ```
//!
//! Inputs that once crashed a fuzz target stay here too, under `fuzz_*` names.

use core::ops::ControlFlow;
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GeorgiaBobMove, GrundysGame, HeapMove, HeapRow, Leaves,
    MAX_SPLIT_PARTS, Moves, Nim, NimMove, Octal, Rules, Staircase, StaircaseMove, Subtraction,
    TakeAndBreak, Wythoff, WythoffMove, p_position,
};
use grundy::prelude::*;
use grundy::solve::{Direct, Sum, SumMove};
use grundy::{Error, Heap, MexSet};

/// The decimal text of `max + 1`, even for `u128::MAX`.
fn one_past(max: u128) -> String {
    match max.checked_add(1) {
        Some(n) => n.to_string(),
        None => String::from("340282366920938463463374607431768211456"),
    }
}

/// Asserts that `result` failed with an error that `is` accepts, and whose message contains
/// every one of `needles`.
///
/// Not generic: the macro below drops the value of an `Ok` (`.map(drop)`) and passes the
/// pattern as a function pointer, so this is compiled once, not once per test (it was 162
/// copies, over 1% of the suite's code).
#[track_caller]
fn check(result: Result<(), Error>, is: fn(&Error) -> bool, needles: &[&str]) {
    let Err(err) = result else {
        panic!("expected an error, got a value");
    };
    assert!(is(&err), "unexpected variant: {err:?}");
    let message = err.to_string();
    for needle in needles {
        assert!(
            message.contains(needle),
            "the message {message:?} does not name {needle:?}"
        );
    }
    // The crate's style: lowercase start, no trailing period.
    assert!(!message.ends_with('.'), "{message:?} ends with a period");
}

/// One `#[test]` per line: `name: result => pattern, [needles];`.
macro_rules! bad_input {
    ($($name:ident: $result:expr => $pattern:pat, [$($needle:expr),* $(,)?];)*) => {$(
        #[test]
        fn $name() {
            check(
                Result::<_, Error>::map($result, drop),
                |err| matches!(err, $pattern),
                &[$(AsRef::<str>::as_ref(&$needle)),*],
            );
        }
    )*};
}

// ---------------------------------------------------------------------------------------------
// Take-and-break codes: every rule `Octal::new` enforces, with the character and its place.

bad_input! {
    code_empty: Octal::new("") => Error::InvalidCode { index: 0, character: None, .. },
        ["\"\"", "empty", "0.137"];
    code_starts_with_point: Octal::new(".7") => Error::InvalidCode { index: 0, character: Some('.'), .. },
        ["'.' at 0", "before the point"];
    code_first_digit_removes: Octal::new("1.7") => Error::InvalidCode { index: 0, character: Some('1'), .. },
        ["'1' at 0", "0, 4, 8 or C"];
    code_first_not_a_digit: Octal::new("x.7") => Error::InvalidCode { index: 0, character: Some('x'), .. },
        ["'x' at 0", "not a digit"];
    code_no_point: Octal::new("0") => Error::InvalidCode { index: 1, character: None, .. },
        ["\"0\"", "at 1", "no point"];
    code_two_digits_before_point: Octal::new("07.7") => Error::InvalidCode { index: 1, character: Some('7'), .. },
        ["'7' at 1", "one digit comes before the point"];
    code_comma_for_point: Octal::new("0,7") => Error::InvalidCode { index: 1, character: Some(','), .. },
        ["',' at 1", "point"];
    code_nothing_after_point: Octal::new("0.") => Error::InvalidCode { index: 2, character: None, .. },
        ["at 2", "nothing follows the point"];
    code_bad_digit: Octal::new("0.7g") => Error::InvalidCode { index: 3, character: Some('g'), .. },
        ["'g' at 3", "not a digit"];
    code_non_ascii: Octal::new("0.7é") => Error::InvalidCode { index: 3, character: Some('é'), .. },
        ["'é' at 3"];
    code_second_point: Octal::new("0.7.7") => Error::InvalidCode { index: 3, character: Some('.'), .. },
        ["'.' at 3", "more than one point"];
    code_stray_bracket: Octal::new("0.7]") => Error::InvalidCode { index: 3, character: Some(']'), .. },
        ["']' at 3", "not opened"];
    code_bracket_not_digit: Octal::new("0.[x]") => Error::InvalidCode { index: 3, character: Some('x'), .. },
        ["'x' at 3", "one digit goes between the brackets"];
    code_bracket_two_digits: Octal::new("0.[33]") => Error::InvalidCode { index: 4, character: Some('3'), .. },
        ["'3' at 4", "one digit goes between the brackets"];
    code_bracket_open_at_end: Octal::new("0.[") => Error::InvalidCode { index: 3, character: None, .. },
        ["at 3", "not closed"];
    code_bracket_not_closed: Octal::new("0.[3") => Error::InvalidCode { index: 4, character: None, .. },
        ["at 4", "not closed"];
    code_after_repeat: Octal::new("0.[3]7") => Error::InvalidCode { index: 5, character: Some('7'), .. },
        ["'7' at 5", "nothing may follow the repeated digit"];
    code_from_str: "0.8z".parse::<Octal>() => Error::InvalidCode { index: 3, character: Some('z'), .. },
        ["\"0.8z\"", "'z' at 3"];
}

// Rules of your own that list impossible moves.

#[derive(Debug, PartialEq, Eq, Hash)]
enum Faulty {
    LeavesTooMuch,
    TakesNothing,
    SplitsNothing,
    LeavesAsIs,
    SplitsTooFinely,
    SplitsIntoBillions,
}

impl TakeAndBreak for Faulty {
    fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
        match self {
            Faulty::LeavesTooMuch => moves.leave(&[heap + 1]),
            Faulty::TakesNothing => moves.take(0),
            Faulty::SplitsNothing => moves.split(0, 1),
            Faulty::LeavesAsIs => moves.leave(&[heap]),
            Faulty::SplitsTooFinely => moves.split(0, MAX_SPLIT_PARTS + 1),
            Faulty::SplitsIntoBillions => moves.split(0, 1_000_000_000_000),
        }
    }
}

/// Take any number of tokens and split the rest into three heaps: tables of pair values.
#[derive(Debug, PartialEq, Eq, Hash)]
struct InThree;

impl TakeAndBreak for InThree {
    fn moves(&self, heap: u128, moves: &mut Moves<'_>) {
        moves.split_any(1..=heap, 3);
    }
}

fn faulty(rule: Faulty) -> Result<Nimber, Error> {
    HeapRow::heap(Rules::new(rule), 5u8).grundy()
}

bad_input! {
    rule_leaves_more_than_the_heap: faulty(Faulty::LeavesTooMuch) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "more tokens than the heap has"];
    rule_takes_nothing: faulty(Faulty::TakesNothing) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "takes nothing"];
    rule_splits_nothing: faulty(Faulty::SplitsNothing) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "splits nothing"];
    rule_leaves_the_heap_as_it_is: faulty(Faulty::LeavesAsIs) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "changes nothing"];
    rule_splits_too_finely: faulty(Faulty::SplitsTooFinely) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "more than 65536 heaps", "MAX_SPLIT_PARTS"];
    rule_splits_into_billions: faulty(Faulty::SplitsIntoBillions) => Error::InvalidHeapMove { heap: 0, .. },
        ["heap of 0", "more than 65536 heaps"];
    rule_splits_into_billions_played: HeapRow::heap(Rules::new(Faulty::SplitsIntoBillions), u128::MAX).play(HeapMove { index: 0, take: 0, to: Leaves::Two(1, u128::MAX - 1) }) => Error::InvalidHeapMove { .. },
        ["more than 65536 heaps"];
}

// ---------------------------------------------------------------------------------------------
// Subtraction sets.

bad_input! {
    subtraction_empty: Subtraction::new(Vec::<u8>::new()) => Error::EmptySubtractionSet,
        ["empty", "at least one positive number"];
    subtraction_zero: Subtraction::new([3u8, 0, 1]) => Error::ZeroInSubtractionSet,
        ["contains 0", "positive"];
    subtraction_text_empty: "{}".parse::<Subtraction>() => Error::EmptySubtractionSet,
        ["empty"];
    subtraction_text_zero: "{1, 0}".parse::<Subtraction>() => Error::ZeroInSubtractionSet,
        ["contains 0"];
    subtraction_text_open_brace: "{1, 2".parse::<Subtraction>() => Error::Parse { .. },
        ["\"{1, 2\"", "brace"];
    subtraction_text_close_brace: "}".parse::<Subtraction>() => Error::Parse { .. },
        ["\"}\"", "brace"];
    subtraction_text_lone_open_brace: "{".parse::<Subtraction>() => Error::Parse { .. },
        ["\"{\"", "brace"];
    subtraction_text_word: "{1, two}".parse::<Subtraction>() => Error::Parse { .. },
        ["\"two\"", "decimal digits"];
    subtraction_text_negative: "{1, -2}".parse::<Subtraction>() => Error::Parse { .. },
        ["\"-2\"", "decimal digits"];
    subtraction_text_past_u128: "{1, 340282366920938463463374607431768211456}".parse::<Subtraction>() => Error::Parse { .. },
        ["340282366920938463463374607431768211456", "does not fit"];
}

// ---------------------------------------------------------------------------------------------
// Positions, built and read from text.

bad_input! {
    nim_text_word: "3 five 7".parse::<Nim<u8>>() => Error::Parse { .. },
        ["\"five\"", "a Nim heap"];
    nim_text_too_big: "3 256".parse::<Nim<u8>>() => Error::Parse { .. },
        ["\"256\"", "does not fit"];
    nim_text_unclosed: "(3, 5".parse::<Nim<u8>>() => Error::Parse { .. },
        ["\"(3, 5\"", "no closing one"];
    nim_text_sign: "+3".parse::<Nim<u32>>() => Error::Parse { .. },
        ["\"+3\"", "decimal digits"];
    nim_text_empty_place: "1,,2".parse::<Nim<u32>>() => Error::Parse { .. },
        ["\"1,,2\"", "a comma must stand between two numbers"];
    nim_text_comma_at_end: "(1, 2,)".parse::<Nim<u32>>() => Error::Parse { .. },
        ["\"(1, 2,)\"", "a comma must stand between two numbers"];
    nim_text_comma_first: ", 1 2".parse::<Nim<u32>>() => Error::Parse { .. },
        ["\", 1 2\"", "a comma must stand between two numbers"];
    staircase_text_lone_comma: ",".parse::<Staircase<u8>>() => Error::Parse { .. },
        ["\",\"", "the coins on a step"];
    georgia_bob_text_empty_place: "3, ,5".parse::<GeorgiaBob<u16>>() => Error::Parse { .. },
        ["\"3, ,5\"", "a chessman's cell"];
    bash_zero_take_limit: Bash::new(5u8, 0) => Error::ZeroTakeLimit,
        ["k must be at least 1", "got 0"];
    bash_text_zero_take_limit: "5 (k = 0)".parse::<Bash<u8>>() => Error::ZeroTakeLimit,
        ["got 0"];
    bash_text_one_number: "5".parse::<Bash<u8>>() => Error::Parse { .. },
        ["\"5\"", "two numbers"];
    bash_text_three_numbers: "5 1 2".parse::<Bash<u8>>() => Error::Parse { .. },
        ["\"5 1 2\"", "two numbers"];
    bash_text_no_equals: "5 (k 4)".parse::<Bash<u8>>() => Error::Parse { .. },
        ["\"5 (k 4)\"", "(k = 4)"];
    bash_text_unclosed: "5 (k = 4".parse::<Bash<u8>>() => Error::Parse { .. },
        ["\"5 (k = 4\"", "no closing one"];
    bash_text_limit_too_big: "5 (k = 256)".parse::<Bash<u8>>() => Error::Parse { .. },
        ["\"256\"", "take limit", "does not fit"];
    staircase_too_many_coins: Staircase::new(vec![200u8, 50, 6]) => Error::Overflow { .. },
        ["steps 1 to 3", "255", "u8", "wider type"];
    // No type is wider than u128: the advice is not to use one (it was, red-team).
    staircase_too_many_coins_for_u128: Staircase::new(vec![1u128, u128::MAX]) => Error::Overflow { .. },
        ["steps 1 to 2", "u128", "no wider type holds them"];
    staircase_text_word: "1 2 x".parse::<Staircase<u8>>() => Error::Parse { .. },
        ["\"x\"", "coins on a step"];
    staircase_text_too_many_coins: "(128, 128)".parse::<Staircase<u8>>() => Error::Overflow { .. },
        ["steps 1 to 2", "255"];
    georgia_bob_cell_zero: GeorgiaBob::new(vec![3u8, 0, 5]) => Error::CellZero,
        ["cell 0", "numbered from 1"];
    georgia_bob_duplicate: GeorgiaBob::new(vec![9u32, 4, 7, 4]) => Error::DuplicateCell { cell: 4 },
        ["cell 4"];
    georgia_bob_text_duplicate: "2 2".parse::<GeorgiaBob<u8>>() => Error::DuplicateCell { cell: 2 },
        ["cell 2"];
    georgia_bob_text_word: "2 b".parse::<GeorgiaBob<u8>>() => Error::Parse { .. },
        ["\"b\"", "a chessman's cell"];
    wythoff_text_three_heaps: "(1, 2, 3)".parse::<Wythoff<u8>>() => Error::Parse { .. },
        ["\"(1, 2, 3)\"", "exactly two heaps"];
    wythoff_text_one_heap: "7".parse::<Wythoff<u8>>() => Error::Parse { .. },
        ["\"7\"", "exactly two heaps"];
    wythoff_text_too_big: "1 256".parse::<Wythoff<u8>>() => Error::Parse { .. },
        ["\"256\"", "a Wythoff heap"];
    wythoff_p_position_too_big: p_position(100u8) => Error::Overflow { .. },
        ["k = 100", "u8"];
    heap_row_text_word: HeapRow::<_, u16>::parse(Octal::kayles(), "3, z") => Error::Parse { .. },
        ["\"z\"", "a heap"];
    heap_row_text_too_big: HeapRow::<_, u8>::parse(GrundysGame::new(), "300") => Error::Parse { .. },
        ["\"300\"", "does not fit"];
}

// ---------------------------------------------------------------------------------------------
// Illegal moves passed to `play`.

fn kayles_row() -> HeapRow<Octal, u8> {
    HeapRow::new(Octal::kayles(), [5u8, 3])
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Countdown(u32);

impl Game for Countdown {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Self) -> ControlFlow<()>,
    {
        // Move to any smaller number: n moves from n, n(n + 1)/2 in a search from n.
        for to in 0..self.0 {
            visit(to, Countdown(to))?;
        }
        ControlFlow::Continue(())
    }
}

bad_input! {
    nim_play_no_heap: Nim::from([3u8, 4]).play(NimMove { index: 2, to: 0 }) => Error::IllegalMove { .. },
        ["no heap 2", "2 heaps"];
    nim_play_not_smaller: Nim::from([3u8, 4]).play(NimMove { index: 1, to: 4 }) => Error::IllegalMove { .. },
        ["heap 1 holds 4", "reduced to 4"];
    bash_play_zero: Bash::new(5u8, 3).unwrap().play(BashMove { take: 0 }) => Error::IllegalMove { .. },
        ["between 1 and 3", "cannot take 0"];
    bash_play_over_limit: Bash::new(5u8, 3).unwrap().play(BashMove { take: 4 }) => Error::IllegalMove { .. },
        ["holds 5", "cannot take 4"];
    bash_play_over_heap: Bash::new(2u8, 3).unwrap().play(BashMove { take: 3 }) => Error::IllegalMove { .. },
        ["holds 2", "cannot take 3"];
    staircase_play_no_step: Staircase::new(vec![1u8, 2]).unwrap().play(StaircaseMove { step: 3, coins: 1 }) => Error::IllegalMove { .. },
        ["no step 3", "steps 1 to 2"];
    staircase_play_step_zero: Staircase::new(vec![1u8, 2]).unwrap().play(StaircaseMove { step: 0, coins: 1 }) => Error::IllegalMove { .. },
        ["no step 0"];
    staircase_play_no_steps_at_all: Staircase::<u8>::new(vec![]).unwrap().play(StaircaseMove { step: 1, coins: 1 }) => Error::IllegalMove { .. },
        ["no step 1", "has no steps"];
    staircase_play_too_many_coins: Staircase::new(vec![1u8, 2]).unwrap().play(StaircaseMove { step: 2, coins: 3 }) => Error::IllegalMove { .. },
        ["step 2 holds 2", "carry 3"];
    staircase_play_no_coins: Staircase::new(vec![1u8, 2]).unwrap().play(StaircaseMove { step: 2, coins: 0 }) => Error::IllegalMove { .. },
        ["carry 0"];
    georgia_bob_play_no_chessman: GeorgiaBob::new(vec![2u8, 6]).unwrap().play(GeorgiaBobMove { from: 5, to: 4 }) => Error::IllegalMove { .. },
        ["no chessman stands on cell 5"];
    georgia_bob_play_at_the_edge: GeorgiaBob::new(vec![1u8, 6]).unwrap().play(GeorgiaBobMove { from: 1, to: 0 }) => Error::IllegalMove { .. },
        ["cell 1 cannot move", "at the edge"];
    georgia_bob_play_blocked: GeorgiaBob::new(vec![3u8, 4]).unwrap().play(GeorgiaBobMove { from: 4, to: 3 }) => Error::IllegalMove { .. },
        ["cell 4 cannot move", "cell to its left is taken"];
    georgia_bob_play_past_a_chessman: GeorgiaBob::new(vec![2u8, 6]).unwrap().play(GeorgiaBobMove { from: 6, to: 1 }) => Error::IllegalMove { .. },
        ["cell 6", "cells 3 to 5", "not to 1"];
    georgia_bob_play_rightwards: GeorgiaBob::new(vec![2u8, 6]).unwrap().play(GeorgiaBobMove { from: 2, to: 3 }) => Error::IllegalMove { .. },
        ["cell 2", "cells 1 to 1", "not to 3"];
    wythoff_play_other_board: Wythoff::new(3u8, 5).play(WythoffMove { from: (3, 6), to: (3, 4) }) => Error::IllegalMove { .. },
        ["from (3, 6)", "(3, 5)"];
    wythoff_play_unequal_takes: Wythoff::new(3u8, 5).play(WythoffMove { from: (3, 5), to: (2, 3) }) => Error::IllegalMove { .. },
        ["(3, 5) to (2, 3)", "same positive number"];
    wythoff_play_nothing: Wythoff::new(3u8, 5).play(WythoffMove { from: (3, 5), to: (3, 5) }) => Error::IllegalMove { .. },
        ["(3, 5) to (3, 5)"];
    heap_row_play_no_heap: kayles_row().play(HeapMove { index: 2, take: 1, to: Leaves::One(2) }) => Error::IllegalMove { .. },
        ["no heap 2", "2 heaps"];
    heap_row_play_octal_take_three: kayles_row().play(HeapMove { index: 1, take: 3, to: Leaves::One(2) }) => Error::IllegalMove { .. },
        ["0.77", "taking 3 from a heap of 5", "leaving 2"];
    heap_row_play_leaves_zero: kayles_row().play(HeapMove { index: 1, take: 1, to: Leaves::Two(0, 4) }) => Error::IllegalMove { .. },
        ["taking 1 from a heap of 5"];
    heap_row_play_grundy_equal_split: HeapRow::heap(GrundysGame::new(), 6u8).play(HeapMove { index: 0, take: 0, to: Leaves::Two(3, 3) }) => Error::IllegalMove { .. },
        ["heap of 6", "3 and 3", "unequal"];
    heap_row_play_not_in_set: HeapRow::heap(Subtraction::new([1u8, 3]).unwrap(), 6u8).play(HeapMove { index: 0, take: 2, to: Leaves::One(4) }) => Error::IllegalMove { .. },
        ["take 2 from a heap of 6", "2 is not in the subtraction set {1, 3}"];
    heap_row_play_wrong_rest: HeapRow::heap(Subtraction::new([1u8, 3]).unwrap(), 6u8).play(HeapMove { index: 0, take: 3, to: Leaves::One(2) }) => Error::IllegalMove { .. },
        ["a take of 3 leaves 3"];
    heap_row_play_own_rules: HeapRow::heap(Rules::new(Faulty::TakesNothing), 6u8).play(HeapMove { index: 0, take: 1, to: Leaves::One(5) }) => Error::InvalidHeapMove { heap: 6, .. },
        ["heap of 6", "takes nothing"];
    sum_play_no_component: Sum::from([Nim::from([1u8])]).play(SumMove { component: 1, mv: NimMove { index: 0, to: 0 } }) => Error::IllegalMove { .. },
        ["no component 1", "sum of 1"];
    sum_play_illegal_inside: Sum::from([Nim::from([1u8])]).play(SumMove { component: 0, mv: NimMove { index: 0, to: 1 } }) => Error::IllegalMove { .. },
        ["heap 0 holds 1"];
    user_game_play_not_a_move: Countdown(3).play(3) => Error::IllegalMove { .. },
        ["3 is not one of this position's moves"];
}

// ---------------------------------------------------------------------------------------------
// Tables: a heap past what is computed, a table past its limit, memory that cannot be had.

bad_input! {
    heap_out_of_range_of_a_table: Octal::dawsons_chess().values(10).unwrap().get(10) => Error::HeapOutOfRange { heap: 10, computed: 10 },
        ["heap 10", "10 computed values", "a table limit above 10"];
    heap_out_of_range_of_the_budget: HeapRow::heap(GrundysGame::new().with_table_limit(100), 100u8).grundy() => Error::HeapOutOfRange { heap: 100, computed: 100 },
        ["heap 100", "100 computed values", "above 100"];
    heap_out_of_range_past_any_table: HeapRow::heap(Octal::laskers_nim(), u128::MAX).grundy() => Error::HeapOutOfRange { heap: u128::MAX, .. },
        ["heap 340282366920938463463374607431768211455", "only a proven period"];
    heap_out_of_range_past_memory: HeapRow::heap(Octal::laskers_nim(), 10u128.pow(18)).grundy() => Error::HeapOutOfRange { heap: 1_000_000_000_000_000_000, .. },
        ["heap 1000000000000000000", "no table can hold it", "only a proven period"];
    table_limit_past_memory: Octal::kayles().with_table_limit(1000).values(10usize.pow(18)) => Error::TableLimit { limit: 1000, .. },
        ["1000000000000000000 entries", "no table can be that large"];
    table_limit_exceeded: Octal::kayles().with_table_limit(100).values(101) => Error::TableLimit { requested: 101, limit: 100 },
        ["101 entries", "limit of 100", "at least 101"];
    wythoff_table_limit_exceeded: Wythoff::new(4u8, 9).grundy_with_limit(49) => Error::TableLimit { requested: 50, limit: 49 },
        ["50 entries", "limit of 49", "at least 50"];
    wythoff_table_past_any_limit: Wythoff::new(1u128 << 40, 1 << 40).grundy_with_limit(usize::MAX) => Error::TableLimit { limit: usize::MAX, .. },
        ["1208925819616828197961729 entries", "most the crate allows"];
    wythoff_table_within_a_huge_limit: Wythoff::new(1u64, 1 << 60).grundy_with_limit(usize::MAX) => Error::OutOfMemory { .. },
        ["not enough memory", "1152921504606846977 words"];
    sequence_table_within_a_huge_limit: Octal::kayles().with_table_limit(usize::MAX).values(usize::MAX) => Error::OutOfMemory { .. },
        ["not enough memory for a table of 18446744073709551615 Grundy values"];
    general_table_within_a_huge_limit: Octal::laskers_nim().with_table_limit(usize::MAX).values(usize::MAX) => Error::OutOfMemory { .. },
        ["18446744073709551615"];
    subtraction_table_within_a_huge_limit: Subtraction::new([1u8, 2]).unwrap().with_table_limit(usize::MAX).values(usize::MAX / 2) => Error::OutOfMemory { .. },
        ["9223372036854775807"];
    memory_limit_of_a_three_heap_code: Octal::new("0.[8]").unwrap().with_memory_limit(1 << 20).values(3000) => Error::MemoryLimit { limit: 1_048_576 },
        ["more than 1048576 bytes", "Tabulated::with_memory_limit"];
    memory_limit_of_a_repeated_digit: HeapRow::heap(Octal::laskers_nim().with_memory_limit(0), 10u8).grundy() => Error::MemoryLimit { limit: 0 },
        ["more than 0 bytes", "raise it"];
    memory_limit_of_rules_of_your_own: Rules::new(InThree).with_memory_limit(1000).values(500) => Error::MemoryLimit { limit: 1000 },
        ["more than 1000 bytes"];
    mex_set_huge_value: MexSet::new().insert(usize::MAX) => Error::OutOfMemory { .. },
        ["not enough memory", "288230376151711744 words"];
    mex_set_huge_capacity: MexSet::with_capacity(usize::MAX) => Error::OutOfMemory { .. },
        ["288230376151711744 words"];
}

// ---------------------------------------------------------------------------------------------
// The solver's budgets.

bad_input! {
    solver_position_limit: Solver::with_position_limit(10).grundy(&Countdown(1000)) => Error::PositionLimit { limit: 10 },
        ["more than 10 positions", "Solver::with_position_limit"];
    solver_move_limit: Solver::new().with_move_limit(1000).grundy(&Countdown(100)) => Error::SearchMoveLimit { limit: 1000 },
        ["more than 1000 moves", "Solver::with_move_limit"];
    solver_move_limit_at_the_maximum_is_not_raised: Err::<(), _>(Error::SearchMoveLimit { limit: usize::MAX }) => Error::SearchMoveLimit { .. },
        ["18446744073709551615 moves", "the most the crate allows"];
    solver_position_limit_at_the_maximum_is_not_raised: Err::<(), _>(Error::PositionLimit { limit: usize::MAX }) => Error::PositionLimit { .. },
        ["18446744073709551615 positions", "the most the crate allows"];
}

#[test]
fn a_limit_at_its_maximum_is_never_to_be_raised() {
    for err in [
        Error::PositionLimit { limit: usize::MAX },
        Error::SearchMoveLimit { limit: usize::MAX },
        Error::TableLimit {
            requested: u128::MAX,
            limit: usize::MAX,
        },
    ] {
        let message = err.to_string();
        assert!(!message.contains("raise"), "{message}");
        assert!(message.contains("the most the crate allows"), "{message}");
    }
}

#[test]
fn a_heap_no_table_can_hold_is_not_to_be_tabulated() {
    // 10^18 four-byte values are more than any memory: the hint names no table limit. Just
    // below the most a table can hold, a larger table limit is the hint.
    let past = HeapRow::heap(Octal::laskers_nim(), 10u128.pow(18))
        .grundy()
        .unwrap_err();
    assert!(!past.to_string().contains("table limit above"), "{past}");
    let largest = grundy::sequence::MAX_TABLE_LIMIT as u128;
    let at = HeapRow::heap(Octal::laskers_nim(), largest)
        .grundy()
        .unwrap_err();
    assert!(at.to_string().contains("only a proven period"), "{at}");
    let below = HeapRow::heap(Octal::laskers_nim(), largest - 1)
        .grundy()
        .unwrap_err();
    assert!(
        below
            .to_string()
            .contains(&format!("a table limit above {}", largest - 1)),
        "{below}"
    );
    let table = Octal::kayles()
        .with_table_limit(10)
        .values(largest as usize + 1)
        .unwrap_err();
    assert!(
        table.to_string().contains("no table can be that large"),
        "{table}"
    );
}

#[test]
fn a_solver_limit_at_its_ceiling_is_never_to_be_raised() {
    // The solver numbers positions and moves with 32 bits: u32::MAX is its most.
    let most = u32::MAX as usize;
    let solver = Solver::<Countdown>::with_position_limit(usize::MAX).with_move_limit(usize::MAX);
    assert_eq!((solver.position_limit(), solver.move_limit()), (most, most));
    let message = Error::PositionLimit { limit: most }.to_string();
    assert!(!message.contains("raise"), "{message}");
    assert!(message.contains("the most the crate allows"), "{message}");
    // The pruning search counts moves past u32::MAX: the message says which counts what.
    let message = Error::SearchMoveLimit { limit: most }.to_string();
    assert!(!message.contains("raise"), "{message}");
    assert!(message.contains("the most a Solver counts"), "{message}");
    assert!(message.contains("Pruning::with_move_limit"), "{message}");
    // One below the ceiling may still be raised.
    let below = Error::PositionLimit { limit: most - 1 }.to_string();
    assert!(
        below.contains("raise it with Solver::with_position_limit"),
        "{below}"
    );
}

/// A root with three moves, all to one position with no move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Fork {
    Root { moves: u32 },
    End,
}

impl Game for Fork {
    type Move = u32;
    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(u32, Fork) -> ControlFlow<()>,
    {
        if let Fork::Root { moves } = *self {
            for m in 0..moves {
                visit(m, Fork::End)?;
            }
        }
        ControlFlow::Continue(())
    }
}

#[test]
fn a_position_limit_counts_positions_not_moves() {
    // Two positions, three moves: within a limit of 2.
    let mut solver = Solver::with_position_limit(2);
    assert_eq!(
        solver.grundy(&Fork::Root { moves: 3 }).unwrap(),
        Nimber::ONE
    );
    assert_eq!(solver.len(), 2);
    // Many more moves than the limit, to one position.
    let mut solver = Solver::with_position_limit(5);
    assert_eq!(
        solver.grundy(&Fork::Root { moves: 1000 }).unwrap(),
        Nimber::ONE
    );
    // Distinct options past the limit are still the position limit, at once.
    let err = Solver::with_position_limit(50)
        .grundy(&Countdown(1 << 20))
        .unwrap_err();
    assert_eq!(err, Error::PositionLimit { limit: 50 });
}

#[test]
fn a_huge_subtraction_set_at_a_huge_heap_ends_at_a_budget() {
    // S = {1..=100000} from heap u32::MAX: each position lists 10^5 moves.
    let set = Subtraction::new(1..=100_000u32).unwrap();
    let row = HeapRow::heap(set.clone(), u32::MAX);
    let mut solver = Solver::new().with_move_limit(300_000);
    assert_eq!(
        solver.grundy(&row),
        Err(Error::SearchMoveLimit { limit: 300_000 })
    );
    assert!(solver.is_empty());
    assert_eq!(
        Solver::with_position_limit(1000).grundy(&row),
        Err(Error::PositionLimit { limit: 1000 })
    );
    // Within the budgets a search answers: S = {1..=500} is worth n mod 501.
    let small = HeapRow::heap(Subtraction::new(1..=500u32).unwrap(), 2_600u32);
    assert_eq!(
        Solver::new().grundy(&small).unwrap(),
        Nimber::new(2_600 % 501)
    );
}

#[test]
fn a_memory_failure_is_not_called_overflow() {
    let err = MexSet::with_capacity(usize::MAX).unwrap_err();
    assert!(!err.to_string().contains("overflow"), "{err}");
    let err = Octal::kayles()
        .with_table_limit(usize::MAX)
        .values(usize::MAX)
        .unwrap_err();
    assert!(!err.to_string().contains("overflow"), "{err}");
    // "not enough memory for memory for …" once read so.
    assert!(!err.to_string().contains("memory for memory"), "{err}");
}

#[test]
fn a_move_limit_is_not_reported_as_a_position_limit() {
    // Few positions, many moves: the move limit is what is reached.
    let err = Solver::with_position_limit(1 << 20)
        .with_move_limit(100)
        .grundy(&Countdown(200))
        .unwrap_err();
    assert_eq!(err, Error::SearchMoveLimit { limit: 100 });
    assert!(err.to_string().contains("moves"), "{err}");
    assert!(!err.to_string().contains("positions"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Misère questions the crate cannot answer, and a misère quotient past its budget.

bad_input! {
    misere_quotient_budget: grundy::misere::MisereQuotient::compute_within(&Octal::kayles(), 12, 10) => Error::QuotientBudget { bound: 12, budget: 10 },
        ["heaps up to 12", "more than 10 steps", "compute_within"];
    misere_rows_of_other_rules: HeapRow::heap(Octal::kayles(), 5u8).joined(&HeapRow::heap(Octal::dawsons_kayles(), 5u8)) => Error::MisereUnsupported { .. },
        ["different rules", "misère"];
    misere_sum: Sum::from([Nim::from([1u8]), Nim::from([2u8])]).outcome(Play::Misere) => Error::MisereUnsupported { game: "a sum" },
        ["a sum", "Play::Misere"];
    misere_staircase: Staircase::new(vec![1u8, 2]).unwrap().outcome(Play::Misere) => Error::MisereUnsupported { game: "Staircase" },
        ["Staircase"];
    misere_by_direct: Direct.outcome(&GeorgiaBob::new(vec![1u8, 3]).unwrap(), Play::Misere) => Error::MisereUnsupported { game: "GeorgiaBob" },
        ["GeorgiaBob"];
    misere_tuple: (Nim::from([1u8]), Bash::new(3u8, 2).unwrap()).outcome(Play::Misere) => Error::MisereUnsupported { .. },
        ["Solver"];
}

// ---------------------------------------------------------------------------------------------
// Values at the top of every heap type.

macro_rules! at_the_top {
    ($($module:ident: $t:ty;)*) => {$(
        mod $module {
            use super::*;

            bad_input! {
                staircase_total_past_max: Staircase::new(vec![<$t>::MAX, 1]) => Error::Overflow { .. },
                    [&<$t>::MAX.to_string(), stringify!($t)];
                georgia_bob_two_at_max: GeorgiaBob::new(vec![<$t>::MAX, 1, <$t>::MAX]) => Error::DuplicateCell { .. },
                    [&format!("cell {}", <$t>::MAX)];
                p_position_at_max: p_position(<$t>::MAX) => Error::Overflow { .. },
                    [&format!("k = {}", <$t>::MAX), stringify!($t)];
                text_one_past_max: format!("1 {}", one_past(<$t>::MAX.widen())).parse::<Nim<$t>>() => Error::Parse { .. },
                    [&one_past(<$t>::MAX.widen()), "does not fit"];
                bash_zero_limit_at_max: Bash::new(<$t>::MAX, 0) => Error::ZeroTakeLimit,
                    ["got 0"];
                play_past_max: Bash::new(<$t>::MAX, <$t>::MAX - 1).unwrap().play(BashMove { take: <$t>::MAX }) => Error::IllegalMove { .. },
                    [&format!("cannot take {}", <$t>::MAX)];
                georgia_bob_play_at_max: GeorgiaBob::new(vec![<$t>::MAX]).unwrap().play(GeorgiaBobMove { from: <$t>::MAX, to: <$t>::MAX }) => Error::IllegalMove { .. },
                    [&format!("not to {}", <$t>::MAX)];
                wythoff_grundy_at_max: Wythoff::new(<$t>::MAX, <$t>::MAX).grundy_with_limit(1000) => Error::TableLimit { limit: 1000, .. },
                    ["larger than the limit of 1000"];
            }

            /// The closed forms answer at `T::MAX` without an error.
            #[test]
            fn closed_forms_answer_at_max() {
                let max = <$t>::MAX;
                assert!(Nim::from([max, max, 1]).grundy().is_ok());
                assert!(Bash::new(max, max).unwrap().winning_moves(Play::Misere).is_ok());
                assert!(Wythoff::new(max, max - 1).outcome(Play::Normal).is_ok());
                assert!(GeorgiaBob::new(vec![max, 1]).unwrap().winning_moves(Play::Normal).is_ok());
                assert!(Staircase::new(vec![0, max]).unwrap().grundy().is_ok());
                let kayles = HeapRow::heap(Octal::kayles(), max);
                // A heap this large has astronomically many winning moves: check the first few.
                assert!(kayles.winning_moves(Play::Normal).unwrap().take(20).all(|mv| {
                    kayles.play(mv).unwrap().grundy().unwrap() == Nimber::ZERO
                }));
            }
        }
    )*};
}

at_the_top! {
    top_u8: u8;
    top_u16: u16;
    top_u32: u32;
    top_u64: u64;
    top_u128: u128;
    top_usize: usize;
}
