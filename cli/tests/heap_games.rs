//! `grundy` on the heap games (subtraction games, octal games, Grundy's game) and their
//! tables, against brute force and the published values, through proven periods at huge
//! heaps, with the limits, and on bad input.

use crate::oracle;
use crate::support;

use std::collections::{BTreeSet, HashMap};

use quickcheck::{QuickCheck, TestResult};

use oracle::*;
use support::*;

#[test]
fn subtraction_json_matches_brute_force() {
    fn prop(set: SmallSet, n: u8) -> TestResult {
        let n = usize::from(n % 60);
        let g = subtraction_values(&set.0, n + 1);
        let answer =
            answer_json_of::<TakeMove>(&args_of("subtraction", &[set.text(), n.to_string()]));
        let expected: BTreeSet<TakeMove> = set
            .0
            .iter()
            .filter(|&&s| s as usize <= n && g[n - s as usize] == 0)
            .map(|&s| TakeMove {
                take: u128::from(s),
            })
            .collect();
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(g[n]))
                && answer.outcome == if g[n] == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallSet, u8) -> TestResult);
}

#[test]
fn subtraction_answers_huge_heaps_through_the_period() {
    fn prop(set: SmallSet, heap: HugeHeap) -> TestResult {
        let g = subtraction_values(&set.0, 3000);
        let Some(period) = subtraction_true_period(&g, set.max()) else {
            return TestResult::discard();
        };
        let n = heap.0;
        let value = g[reduce(n, period)];
        let expected: BTreeSet<TakeMove> = set
            .0
            .iter()
            .filter(|&&s| g[reduce(n - u128::from(s), period)] == 0)
            .map(|&s| TakeMove {
                take: u128::from(s),
            })
            .collect();
        let answer =
            answer_json_of::<TakeMove>(&args_of("subtraction", &[set.text(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(150))
        .quickcheck(prop as fn(SmallSet, HugeHeap) -> TestResult);
    // S(1, 3, 4) has period 7 from heap 0: 0 1 0 1 2 3 2. 2^128 - 1 = 3 (mod 7), so the heap
    // is *1, won by taking 1 (to 2 mod 7) or 3 (to 0 mod 7), not 4 (to 6 mod 7, *2).
    assert_eq!(u128::MAX % 7, 3);
    let answer = answer_json::<TakeMove>(&["subtraction", "1,3,4", MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", Some(1)));
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove { take: 1 }, TakeMove { take: 3 }]
    );
    answer_words(
        &["subtraction", "4,1,3", MAX],
        &[
            "subtraction 1,3,4 ",
            "Grundy value: *1",
            "by the proven period 7 from heap 0 it has the value of heap 3",
            "take 3, leaving 340282366920938463463374607431768211452",
        ],
    );
}

#[test]
fn octal_json_matches_brute_force() {
    fn prop(code: SmallCode, n: u8) -> TestResult {
        let n = u32::from(n % 13);
        let digits = octal_digits(&code.0);
        let options = |heap| octal_options(&digits, heap);
        let mut memo = HashMap::new();
        let value = row_value(&options, &[n], &mut memo);
        let expected = heap_winning(&options, n, &mut memo);
        let answer =
            answer_json_of::<OctalMove>(&args_of("octal", &[code.0.clone(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallCode, u8) -> TestResult);
}

#[test]
fn general_codes_match_brute_force() {
    // Hexadecimal digits (three-heap splits) and repeated digits, read by `grundy octal`
    // and `grundy table octal`, against the whole-row brute force of the code read here.
    fn prop(code: GeneralCode, n: u8) -> TestResult {
        let n = u32::from(n % 11);
        let options = |heap| code.options(heap);
        let mut memo = HashMap::new();
        let value = row_value(&options, &[n], &mut memo);
        let expected = heap_winning(&options, n, &mut memo);
        let answer =
            answer_json_of::<OctalMove>(&args_of("octal", &[code.text.clone(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        let g = heap_values(&options, 12);
        let table = table_json(&["octal", &code.text, "12"]);
        // A repeated digit (other than 0, which repeats nothing) or a three-heap digit: no
        // theorem proves a period.
        let unprovable =
            code.repeat.is_some_and(|d| d != 0) || code.digits.iter().any(|&d| d & 8 != 0);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct
                && table.values == g
                && (!unprovable || table.proven().is_none()),
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(GeneralCode, u8) -> TestResult);
}

#[test]
fn lasker_and_all_but_codes_as_cgsuite_gives_them() {
    // Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    let lasker = table_json(&["octal", "4.[3]", "200"]);
    for (n, &g) in lasker.values.iter().enumerate().skip(1) {
        let expected = match n % 4 {
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        };
        assert_eq!(g as usize, expected, "G({n})");
    }
    assert_eq!(lasker.proven(), None, "a saltus is not proven");
    // S = N \ {2, 3, 7}, heaps 1 to 20 (CGSuite's tests).
    let all_but = table_json(&["octal", "0.3003330[3]", "21"]);
    assert_eq!(
        all_but.values[1..],
        [1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5, 6, 7, 6, 7, 8, 9, 8, 9, 10]
    );
}

#[test]
fn octal_answers_huge_heaps_through_the_period() {
    // Codes that never split: a huge heap has at most two moves per take, so every answer is
    // complete, and checked against the period proven here from the brute-force values.
    fn prop(code: NoSplitCode, heap: HugeHeap) -> TestResult {
        let digits = octal_digits(&code.0);
        let g = heap_values(&|h| octal_options(&digits, h), 1000);
        let Some(period) = guy_smith(&g, &digits) else {
            return TestResult::discard();
        };
        let n = heap.0;
        let value = g[reduce(n, period)];
        let expected: BTreeSet<OctalMove> = (1..digits.len())
            .filter(|&t| digits[t] & 2 != 0 && g[reduce(n - t as u128, period)] == 0)
            .map(|t| OctalMove {
                take: t as u128,
                to: vec![n - t as u128],
            })
            .collect();
        let answer =
            answer_json_of::<OctalMove>(&args_of("octal", &[code.0.clone(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(150))
        .quickcheck(prop as fn(NoSplitCode, HugeHeap) -> TestResult);
}

#[test]
fn kayles_and_dawsons_kayles_at_huge_heaps() {
    let kayles = octal_digits("0.77");
    let g = heap_values(&|h| octal_options(&kayles, h), 400);
    // The brute force shows Kayles' period, 12 from heap 71 (G(70) = 6 breaks it), ...
    assert!((71..388).all(|n| g[n + 12] == g[n]));
    assert_ne!(g[70 + 12], g[70]);
    // ... and every huge row of pins is a win with astronomically many winning moves: the
    // answer gives the outcome and the value, the first moves, and how many there are.
    for heap in [u128::MAX, u128::MAX - 5, 10u128.pow(30)] {
        let value = g[reduce(heap, (12, 71))];
        assert_ne!(value, 0);
        let heap = heap.to_string();
        let cut = cut_json::<OctalMove>(&["octal", "0.77", &heap, "--max-moves", "1000"]);
        assert_eq!(
            (cut.outcome.as_str(), cut.grundy),
            ("N", Some(u128::from(value)))
        );
        assert_eq!(cut.winning_moves.len(), 1000);
        assert!(cut.winning_move_count > 1 << 90, "{heap}");
    }

    // Dawson's Kayles: period 34 from heap 53. Its huge P-positions are answered in full.
    let dawson = octal_digits("0.07");
    let g = heap_values(&|h| octal_options(&dawson, h), 400);
    assert!((53..366).all(|n| g[n + 34] == g[n]));
    assert_ne!(g[52 + 34], g[52]);
    let mut p_positions = 0;
    for heap in (0..40)
        .map(|k| u128::MAX - k)
        .chain((0..40).map(|k| 10u128.pow(30) + k))
    {
        let value = g[reduce(heap, (34, 53))];
        let args = ["octal", "0.07", &heap.to_string()];
        if value == 0 {
            p_positions += 1;
            let answer = answer_json::<OctalMove>(&args);
            assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
            assert!(answer.winning_moves.is_empty());
        } else {
            let mut cut = args.to_vec();
            cut.extend(["--max-moves", "10"]);
            let cut = cut_json::<OctalMove>(&cut);
            assert_eq!(
                (cut.outcome.as_str(), cut.grundy),
                ("N", Some(u128::from(value)))
            );
        }
    }
    assert!(p_positions >= 4, "{p_positions}");
    answer_words(
        &["octal", "0.07", "1000000000000000000000000000001"],
        &[
            "outcome: P",
            "Grundy value: *0",
            "by the proven period 34 from heap 53 it has the value of heap 77",
            "winning moves: none",
        ],
    );
}

#[test]
fn grundys_game_json_matches_brute_force() {
    fn prop(n: u8) -> TestResult {
        let n = u32::from(n % 25);
        let mut memo = HashMap::new();
        let value = row_value(&grundys_options, &[n], &mut memo);
        let expected: BTreeSet<PairMove> = heap_winning(&grundys_options, n, &mut memo)
            .into_iter()
            .map(|mv| PairMove {
                to: [mv.to[0], mv.to[1]],
            })
            .collect();
        let answer = answer_json_of::<PairMove>(&args_of("grundys-game", &[n]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && moves.iter().all(|mv| mv.to[0] < mv.to[1])
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(u8) -> TestResult);
}

#[test]
fn heap_games_in_words() {
    answer_words(
        &["octal", "0.77", "7"],
        &[
            "octal 0.77 7",
            "outcome: N",
            "Grundy value: *2",
            "winning moves (2):",
            "take 1, leaving heaps of 3 and 3",
            "take 2, leaving heaps of 1 and 4",
        ],
    );
    answer_words(
        &["octal", "4.07", "10"],
        &[
            "split it, taking nothing, into heaps of 1 and 9",
            "take 2, leaving heaps of 4 and 4",
        ],
    );
    answer_words(&["octal", "0.137", "1"], &["take 1, leaving nothing"]);
    answer_words(
        &["octal", "0.6", "4"],
        &["outcome: P", "winning moves: none"],
    );
    answer_words(
        &["subtraction", "1,3,4", "10"],
        &[
            "subtraction 1,3,4 10",
            "take 1, leaving 9",
            "take 3, leaving 7",
        ],
    );
    answer_words(
        &["grundys-game", "8"],
        &["Grundy value: *2", "split it into 1 and 7"],
    );
    let answer = answer_json::<OctalMove>(&["octal", "0.137", "5"]);
    assert_eq!(
        answer.winning_moves,
        vec![OctalMove {
            take: 3,
            to: vec![1, 1]
        }]
    );
}

#[test]
fn max_moves_lists_all_or_the_first_with_the_total() {
    // A row of seven Kayles pins has exactly two winning moves.
    for limit in ["2", "3", "100000", "1000000"] {
        let answer = answer_json::<OctalMove>(&["octal", "0.77", "7", "--max-moves", limit]);
        assert_eq!(answer.winning_moves.len(), 2, "{limit}");
    }
    let cut = cut_json::<OctalMove>(&["octal", "0.77", "7", "--max-moves", "1"]);
    assert_eq!((cut.winning_moves.len(), cut.winning_move_count), (1, 2));
    // At the limit of 0, a P-position is still answered in full; an N-position lists none.
    let answer = answer_json::<OctalMove>(&["octal", "0.6", "4", "--max-moves", "0"]);
    assert_eq!(
        (answer.outcome.as_str(), answer.winning_moves.len()),
        ("P", 0)
    );
    let cut = cut_json::<PairMove>(&["grundys-game", "8", "--max-moves", "0"]);
    assert_eq!((cut.winning_moves.len(), cut.winning_move_count), (0, 1));
    let cut = cut_json::<TakeMove>(&["subtraction", "1,3,4", "10", "--max-moves", "1"]);
    assert_eq!((cut.outcome.as_str(), cut.grundy), ("N", Some(1)));
    assert_eq!(cut.winning_moves, [TakeMove { take: 1 }]);
    assert_eq!(cut.winning_move_count, 2);
    let answer = answer_json::<TakeMove>(&["subtraction", "1,3,4", "10", "--max-moves", "2"]);
    assert_eq!(answer.winning_moves.len(), 2);
    // 2^127 + 1 Kayles pins: more than a million winning moves, so no limit lists them; the
    // answer lists the first and counts them all.
    let huge = ((1u128 << 127) + 1).to_string();
    let cut = cut_json::<OctalMove>(&["octal", "0.77", &huge, "--max-moves", "1000"]);
    assert_eq!(cut.winning_moves.len(), 1000);
    assert!(cut.winning_move_count > 1_000_000);
    bad_input(
        &["octal", "0.77", "7", "--max-moves", "1000001"],
        "at most 1000000",
    );
}

#[test]
fn table_subtraction_matches_brute_force() {
    fn prop(set: SmallSet, count: u8) -> TestResult {
        let count = usize::from(count % 90);
        let g = subtraction_values(&set.0, 3000);
        let Some((p, q)) = subtraction_true_period(&g, set.max()) else {
            return TestResult::discard();
        };
        let table = table_json(&["subtraction", &set.text(), &count.to_string()]);
        // A repeated window of max(S) values proves the period: it is proven by `count`
        // values exactly when they hold the window after the preperiod and one period.
        let expected = (count >= q + p + set.max()).then_some((p, q));
        TestResult::from_bool(table.values == g[..count] && table.proven() == expected)
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallSet, u8) -> TestResult);
}

#[test]
fn table_octal_matches_brute_force() {
    fn prop(code: SmallCode, count: u8) -> TestResult {
        let count = usize::from(count % 130);
        let digits = octal_digits(&code.0);
        let g = heap_values(&|h| octal_options(&digits, h), 400);
        let table = table_json(&["octal", &code.0, &count.to_string()]);
        let proven = table.proven();
        // Whatever is claimed holds on every value the brute force knows, and its start is
        // the least one.
        let holds = proven.is_none_or(|(p, q)| {
            (q..400 - p).all(|n| g[n + p] == g[n]) && (q == 0 || g[q - 1 + p] != g[q - 1])
        });
        TestResult::from_bool(
            table.values == g[..count] && proven == guy_smith(&g[..count], &digits) && holds,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallCode, u8) -> TestResult);
}

#[test]
fn table_proves_the_periods_of_kayles_and_dawsons_games() {
    // Kayles: period 12 from heap 71, proven by the Guy–Smith theorem from
    // 2·71 + 2·12 + 2 = 168 values and not from fewer.
    let kayles = octal_digits("0.77");
    let g = heap_values(&|h| octal_options(&kayles, h), 400);
    let table = table_json(&["octal", "0.77", "167"]);
    assert_eq!((table.values.as_slice(), table.proven()), (&g[..167], None));
    let table = table_json(&["octal", "0.77", "168"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..168], Some((12, 71)))
    );
    let table = table_json(&["octal", "0.77", "400"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..], Some((12, 71)))
    );
    // Dawson's Kayles: period 34 from heap 53, proven from 2·53 + 2·34 + 2 = 176 values.
    let dawson = octal_digits("0.07");
    let g = heap_values(&|h| octal_options(&dawson, h), 400);
    let table = table_json(&["octal", "0.07", "175"]);
    assert_eq!((table.values.as_slice(), table.proven()), (&g[..175], None));
    let table = table_json(&["octal", "0.070", "400"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..], Some((34, 53)))
    );
    // Dawson's chess, 0.137, is Dawson's Kayles one heap down: period 34 from heap 52.
    let chess = table_json(&["octal", "0.137", "399"]);
    assert_eq!(chess.values, g[1..]);
    assert_eq!(chess.proven(), Some((34, 52)));
    // Kayles' first values as published (OEIS A002186).
    let published = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    ];
    let table = table_json(&["octal", "0.77", &published.len().to_string()]);
    assert_eq!(table.values, published);
    answer_words(
        &["table", "octal", "0.77", "168"],
        &[
            "table octal 0.77 168",
            "values G(0) to G(167):",
            "       0: 0 1 2 3 1 4 3 2 1 4",
            "     160: 1 4 7 2 1 8 2 7",
            "period: 12, preperiod: 71",
        ],
    );
    answer_words(
        &["table", "octal", "0.77", "167"],
        &["period: none proven by these 167 values"],
    );
}

#[test]
fn table_grundys_game_matches_brute_force_and_oeis() {
    let g = heap_values(&grundys_options, 300);
    fn prop(count: u16) -> bool {
        let count = usize::from(count % 300);
        let g = heap_values(&grundys_options, count);
        let table = table_json(&["grundys-game", &count.to_string()]);
        table.values == g && table.proven().is_none()
    }
    QuickCheck::new()
        .tests(15)
        .quickcheck(prop as fn(u16) -> bool);
    // Grundy's game as published (OEIS A002188).
    let published = "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2,3,1,2,4,\
        1,2,4,1,2,4,1,5,4,1,5,4,1,5,4,1,0,2,1,0,2,1,5,2,1,3,2,1,3,2,4,3,2,4,\
        3,2,4,3,2,4,3,2,4,3,2,4,5,2,4,5,2,4,3,7,4,3,7,4,3,7,4,3,5,2,3,5,2,3,5,2,3";
    let published: Vec<u32> = published.split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(g[..published.len()], published);
    let table = table_json(&["grundys-game", &published.len().to_string()]);
    assert_eq!(table.values, published);
    // And the small cases: an empty table, and a subtraction table in words.
    let table = table_json(&["grundys-game", "0"]);
    assert_eq!((table.values.len(), table.proven()), (0, None));
    answer_words(
        &["table", "subtraction", "4,1,3", "12"],
        &[
            "table subtraction 1,3,4 12",
            "       0: 0 1 0 1 2 3 2 0 1 0",
            "      10: 1 2",
            "period: 7, preperiod: 0",
        ],
    );
}

#[test]
fn heap_games_reject_bad_input() {
    // Malformed subtraction sets.
    bad_input(&["subtraction", "1,,3", "5"], "empty");
    bad_input(&["subtraction", "1,3,", "5"], "empty");
    bad_input(&["subtraction", "0,2", "5"], "contains 0");
    bad_input(&["subtraction", "", "5"], "set is empty");
    bad_input(&["subtraction", "1,a", "5"], "'a'");
    bad_input(&["subtraction", "1;2", "5"], "not a decimal number");
    bad_input(&["subtraction", "{1, 2", "5"], "no partner");
    bad_input(&["subtraction", "{}", "5"], "set is empty");
    bad_input(&["subtraction", "-1,2", "5"], "negative");
    bad_input(
        &["subtraction", &format!("1,{MAX_PLUS_ONE}"), "5"],
        "u128::MAX",
    );
    bad_input(&["table", "subtraction", "2,0", "5"], "contains 0");
    // Malformed octal codes.
    bad_input(&["octal", "0.g", "3"], "'g' at 2: not a digit");
    bad_input(&["octal", "07", "3"], "one digit comes before the point");
    bad_input(&["octal", "0.", "3"], "nothing follows the point");
    bad_input(&["octal", "5.1", "3"], "may only split: 0, 4, 8 or C");
    bad_input(&["octal", "-0.7", "3"], "'-' at 0: not a digit");
    bad_input(&["octal", "0.7.7", "3"], "more than one point");
    bad_input(&["octal", "0.[3", "3"], "the bracket is not closed");
    bad_input(&["octal", "0.[]", "3"], "invalid take-and-break code");
    bad_input(&["octal", "0.[3]7", "3"], "invalid take-and-break code");
    bad_input(&["table", "octal", "0.x", "3"], "'x' at 2");
    // Missing and extra arguments, bad numbers.
    bad_input(&["subtraction", "1,2"], "<N>");
    bad_input(&["subtraction"], "<S>");
    bad_input(&["octal", "0.77"], "<N>");
    bad_input(&["octal", "0.77", "-3"], "negative");
    bad_input(&["grundys-game"], "<N>");
    bad_input(&["grundys-game", MAX_PLUS_ONE], "u128::MAX");
    bad_input(
        &["table"],
        "no game given (games: subtraction, octal, grundys-game)",
    );
    bad_input(&["table", "nim", "3"], "unknown game 'nim'");
    bad_input(&["table", "octal", "0.77"], "<COUNT>");
    bad_input(&["table", "grundys-game", "10", "11"], "'11'");
    bad_input(&["table", "grundys-game", "x"], "not a decimal number");
    bad_input(&["octal", "0.77", "5", "--table-limit", "-1"], "negative");
    bad_input(
        &["octal", "0.77", "5", "--time-limit", "0"],
        "time limit of 0 s",
    );
    bad_input(&["octal", "0.77", "5", "--max-moves", "x"], "'x'");
    // COUNT over the table limit.
    bad_input(
        &["table", "octal", "0.77", "2000000"],
        "2000000 values are more than the --table-limit of 1048576",
    );
    bad_input(
        &["table", "grundys-game", "101", "--table-limit", "100"],
        "--table-limit of 100",
    );
    bad_input(
        &["table", "subtraction", "1", MAX],
        "more than any table can hold",
    );
    // A heap beyond a table that proves no period.
    bad_input(
        &["grundys-game", "5000", "--table-limit", "1000"],
        "no period of Grundy's game is known",
    );
    bad_input(&["grundys-game", MAX], "--table-limit of 1048576");
    bad_input(
        &["octal", "0.6", MAX, "--table-limit", "3000"],
        "heap 340282366920938463463374607431768211455 is beyond the 3000 values computed",
    );
    bad_input(
        &[
            "subtraction",
            &format!("1,{MAX}"),
            "100000",
            "--table-limit",
            "5000",
        ],
        "no theorem proves a period of this game",
    );
    // A table under a time limit no machine meets: 0 stops it before it starts.
    let costly = format!("0.{}", "7".repeat(200));
    bad_input(
        &["octal", &costly, MAX, "--time-limit", "0"],
        "time limit of 0 s",
    );
}
