//! `grundy` on rows of heaps, staircase Nim and misère Wythoff against brute force; the
//! reports `--outcome` and `--count` on every game; a list cut at `--max-moves` with the
//! number of moves in all; errors as JSON; `--version`.

use crate::oracle;
use crate::support;

use std::collections::{BTreeSet, HashMap};

use quickcheck::{Arbitrary, Gen, QuickCheck};

use oracle::*;
use support::*;

// ---------------------------------------------------------------------------------------------
// Rows of heaps
// ---------------------------------------------------------------------------------------------

/// A row of two or three small heaps, some maybe empty.
#[derive(Debug, Clone)]
struct SmallRow(Vec<u32>);

impl Arbitrary for SmallRow {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 2 + usize::from(u8::arbitrary(g) % 2);
        SmallRow(
            (0..count)
                .map(|_| u32::from(u8::arbitrary(g) % 9))
                .collect(),
        )
    }
}

/// Every winning move of the row `row` by the whole-row brute force, numbered by the heap's
/// place in `row`: `(heap, take, heaps left)`.
fn row_winning(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    row: &[u32],
    memo: &mut HashMap<Vec<u32>, u32>,
) -> BTreeSet<(usize, u128, Vec<u128>)> {
    let mut winning = BTreeSet::new();
    for (i, &h) in row.iter().enumerate() {
        for (take, left) in options(h) {
            let mut next: Vec<u32> = row.to_vec();
            next.remove(i);
            next.extend(&left);
            if row_value(options, &next, memo) == 0 {
                winning.insert((
                    i,
                    u128::from(take),
                    left.into_iter().map(u128::from).collect(),
                ));
            }
        }
    }
    winning
}

/// The moves of a subtraction game: take `s` from the heap, leaving `heap - s` (nothing if 0).
fn subtraction_options(set: &[u32], heap: u32) -> Vec<(u32, Vec<u32>)> {
    let takes: BTreeSet<u32> = set.iter().copied().filter(|&s| s <= heap).collect();
    takes
        .into_iter()
        .map(|s| (s, Some(heap - s).filter(|&r| r > 0).into_iter().collect()))
        .collect()
}

/// `grundy --json GAME RULES... ROW` and `--count` agree with the whole-row brute force: the
/// value, the outcome, and every winning move with its heap numbered as typed.
fn row_agrees<M: serde::de::DeserializeOwned + Ord>(
    args: Vec<String>,
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    row: &[u32],
    as_move: impl Fn(&(usize, u128, Vec<u128>)) -> M,
) -> bool {
    let mut memo = HashMap::new();
    let value = row_value(options, row, &mut memo);
    let expected: BTreeSet<M> = row_winning(options, row, &mut memo)
        .iter()
        .map(as_move)
        .collect();
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    let answer = answer_json::<M>(&words);
    let count = count_json(&words);
    let (moves, distinct) = move_set(answer.winning_moves);
    answer.grundy == Some(u128::from(value))
        && answer.outcome == if value == 0 { "P" } else { "N" }
        && count.winning_move_count == expected.len() as u128
        && moves == expected
        && distinct
}

#[test]
fn octal_rows_match_the_whole_row_brute_force() {
    fn prop(code: SmallCode, row: SmallRow) -> bool {
        let digits = octal_digits(&code.0);
        let options = |heap| octal_options(&digits, heap);
        let mut args = vec!["octal".to_owned(), code.0.clone()];
        args.extend(row.0.iter().map(u32::to_string));
        row_agrees(args, &options, &row.0, |(heap, take, to)| RowOctalMove {
            heap: *heap,
            take: *take,
            to: to.clone(),
        })
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(SmallCode, SmallRow) -> bool);
}

#[test]
fn subtraction_rows_match_the_whole_row_brute_force() {
    fn prop(set: SmallSet, row: SmallRow) -> bool {
        let options = |heap| subtraction_options(&set.0, heap);
        let mut args = vec!["subtraction".to_owned(), set.text()];
        args.extend(row.0.iter().map(u32::to_string));
        row_agrees(args, &options, &row.0, |(heap, take, _)| RowTakeMove {
            heap: *heap,
            take: *take,
        })
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(SmallSet, SmallRow) -> bool);
}

#[test]
fn grundys_game_rows_match_the_whole_row_brute_force() {
    fn prop(row: SmallRow) -> bool {
        let mut args = vec!["grundys-game".to_owned()];
        args.extend(row.0.iter().map(u32::to_string));
        row_agrees(args, &grundys_options, &row.0, |(heap, _, to)| {
            RowPairMove {
                heap: *heap,
                to: [to[0], to[1]],
            }
        })
    }
    QuickCheck::new()
        .tests(support::scale::cases(150))
        .quickcheck(prop as fn(SmallRow) -> bool);
}

/// The winning moves of a row whose heaps are too large for the whole-row search, by the
/// Sprague–Grundy sum rule over brute-force values `g` of one heap: `(heap, take, left)`, the
/// heap numbered by its place in `row`.
fn winning_by_values(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    g: &[u32],
    row: &[u32],
) -> Vec<RowOctalMove> {
    let total = row.iter().fold(0, |x, &h| x ^ g[h as usize]);
    let mut winning = Vec::new();
    for (i, &h) in row.iter().enumerate() {
        for (take, left) in options(h) {
            let after = left
                .iter()
                .fold(total ^ g[h as usize], |x, &l| x ^ g[l as usize]);
            if after == 0 {
                winning.push(RowOctalMove {
                    heap: i,
                    take: u128::from(take),
                    to: left.into_iter().map(u128::from).collect(),
                });
            }
        }
    }
    winning
}

#[test]
fn equal_heaps_are_numbered_as_typed() {
    let digits = octal_digits("0.77");
    let options = |heap| octal_options(&digits, heap);
    let g = heap_values(&options, 256);
    for row in [[255u32, 255, 254], [254, 255, 255], [255, 254, 255]] {
        let words: Vec<String> = row.iter().map(u32::to_string).collect();
        let mut args = vec!["octal", "0.77"];
        args.extend(words.iter().map(String::as_str));
        let expected = winning_by_values(&options, &g, &row);
        let answer = answer_json::<RowOctalMove>(&args);
        let total = row.iter().fold(0, |x, &h| x ^ g[h as usize]);
        assert_eq!(answer.grundy, Some(u128::from(total)), "{row:?}");
        // The same moves, listed heap by heap in the order typed.
        let mut listed = answer.winning_moves.clone();
        assert!(listed.windows(2).all(|w| w[0].heap <= w[1].heap), "{row:?}");
        listed.sort();
        let mut want = expected.clone();
        want.sort();
        assert_eq!(listed, want, "{row:?}");
        // The two heaps of 255 have the same moves, under their own numbers.
        let of = |heap: usize| -> Vec<(u128, Vec<u128>)> {
            expected
                .iter()
                .filter(|mv| mv.heap == heap)
                .map(|mv| (mv.take, mv.to.clone()))
                .collect()
        };
        let twins: Vec<usize> = (0..3).filter(|&i| row[i] == 255).collect();
        assert_eq!(of(twins[0]), of(twins[1]));
        assert!(!of(twins[0]).is_empty());
        assert_eq!(count_json(&args).winning_move_count, expected.len() as u128);
    }
}

// ---------------------------------------------------------------------------------------------
// A list cut at --max-moves, and the number of moves in all
// ---------------------------------------------------------------------------------------------

/// The number of winning moves of one huge heap `n` of the octal code `digits` (which leaves
/// at most two heaps), counted here from brute-force values `g` and the true period
/// `(p, q)`: the splits `a + (m - a)` with both parts from `max(q, 1)` on are counted by the
/// residue of `a` mod `p`, the rest one by one.
fn huge_heap_count(digits: &[u8], g: &[u32], (p, q): (usize, usize), n: u128) -> Option<u128> {
    let value = |h: u128| g[reduce(h, (p, q))];
    let mut count = 0u128;
    for (t, &d) in digits.iter().enumerate() {
        let m = n - t as u128;
        if t > 0 && d & 2 != 0 && value(m) == 0 {
            count = count.checked_add(1)?;
        }
        if d & 4 == 0 {
            continue;
        }
        let half = m / 2;
        let from = q.max(1) as u128;
        count = count
            .checked_add((1..from).filter(|&a| value(a) ^ value(m - a) == 0).count() as u128)?;
        for r in 0..p as u128 {
            let first = from + r;
            if value(first) ^ value(m - first) == 0 && first <= half {
                count = count.checked_add((half - first) / p as u128 + 1)?;
            }
        }
    }
    Some(count)
}

#[test]
fn a_huge_heap_counts_its_moves_through_the_period() {
    for code in ["0.77", "0.07", "0.137"] {
        let digits = octal_digits(code);
        let options = |heap| octal_options(&digits, heap);
        let g = heap_values(&options, 600);
        let period = guy_smith(&g, &digits).expect("a period proven by 600 values");
        if code == "0.77" {
            assert_eq!(period, (12, 71));
        }
        for n in [10u128.pow(30), (1 << 127) + 1, u128::MAX - 5, u128::MAX] {
            let heap = n.to_string();
            let counted = count_json(&["octal", code, &heap]);
            let value = g[reduce(n, period)];
            assert_eq!(counted.grundy, Some(u128::from(value)), "{code} {n}");
            let want = if value == 0 {
                0
            } else {
                huge_heap_count(&digits, &g, period, n).expect("fewer than u128::MAX")
            };
            assert_eq!(counted.winning_move_count, want, "{code} {n}");
        }
    }
}

/// A heap with more winning moves than `u128::MAX` says so, in JSON and in words, at once: the
/// count past 128 bits used to fall back to counting one by one, which ended in the time
/// limit with advice to raise it. Heaps just below, whose count fits, are counted exactly.
#[test]
fn a_count_past_u128_max_says_so() {
    let code = "4.744444";
    let digits = octal_digits(code);
    let g = heap_values(&|heap| octal_options(&digits, heap), 200);
    let period = guy_smith(&g, &digits).expect("a period proven by 200 values");
    let past = u128::MAX.to_string();
    let mut seen_past = false;
    for n in [u128::MAX, u128::MAX - 1, u128::MAX / 2, u128::MAX / 3] {
        let value = g[reduce(n, period)];
        assert_ne!(value, 0, "{n}");
        let heap = n.to_string();
        let run = run(&["--json", "octal", code, &heap, "--count"]);
        assert_eq!(run.status, Some(0), "{n}: {run:?}");
        let answer: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        match huge_heap_count(&digits, &g, period, n) {
            Some(want) => {
                assert_eq!(answer.get("winning_move_count_above"), None, "{n}");
                assert_eq!(count_json(&["octal", code, &heap]).winning_move_count, want);
            }
            None => {
                seen_past = true;
                assert_eq!(answer.get("winning_move_count"), None, "{n}");
                assert!(
                    run.stdout
                        .contains(&format!("\"winning_move_count_above\":{past}}}"))
                );
                let words = support::run(&["octal", code, &heap, "--count"]);
                assert!(
                    words
                        .stdout
                        .ends_with(&format!("winning moves: more than u128::MAX = {past}\n"))
                );
                let cut = support::run(&["--json", "octal", code, &heap, "--max-moves", "2"]);
                assert!(cut.stdout.ends_with(&format!(
                    "],\"winning_move_count_above\":{past},\"truncated\":true}}\n"
                )));
                let cut = support::run(&["octal", code, &heap, "--max-moves", "2"]);
                assert!(
                    cut.stdout
                        .contains(&format!("winning moves (more than u128::MAX = {past}):\n"))
                );
                assert!(cut.stdout.ends_with(&format!(
                    "  ... more than {} more (--max-moves N lists up to N)\n",
                    u128::MAX - 2
                )));
            }
        }
    }
    assert!(seen_past);
    let outcome = run(&["octal", code, MAX, "--outcome"]);
    assert_eq!(outcome.status, Some(0), "{outcome:?}");
    assert!(outcome.stdout.contains("outcome: N"), "{outcome:?}");
}

#[test]
fn a_cut_list_is_the_first_moves_of_the_whole_list() {
    // Heaps past the first table of 4096 values, so the splits go through the period, with
    // fewer than a million winning moves, so the whole list can be had.
    for (code, heap) in [("0.77", "20000"), ("0.07", "9003"), ("4.07", "7000")] {
        let all = answer_json::<OctalMove>(&["octal", code, heap, "--max-moves", "1000000"]);
        let total = all.winning_moves.len();
        assert!(total > 10, "{code} {heap}: {total}");
        assert_eq!(
            count_json(&["octal", code, heap]).winning_move_count,
            total as u128
        );
        let cut = cut_json::<OctalMove>(&["octal", code, heap, "--max-moves", "7"]);
        assert_eq!(cut.winning_move_count, total as u128, "{code} {heap}");
        assert_eq!(cut.winning_moves, all.winning_moves[..7], "{code} {heap}");
        assert_eq!((cut.outcome, cut.grundy), (all.outcome, all.grundy));
    }
    // The default limit lists 100000 of Kayles' astronomically many at u128::MAX.
    let cut = cut_json::<OctalMove>(&["octal", "0.77", MAX]);
    assert_eq!(cut.winning_moves.len(), 100_000);
    // A row: the moves of its heaps in the order typed, the cut after the first ones.
    let row = answer_json::<RowOctalMove>(&["octal", "0.77", "300", "41", "7"]);
    let cut = cut_json::<RowOctalMove>(&["octal", "0.77", "300", "41", "7", "--max-moves", "2"]);
    assert_eq!(cut.winning_moves, row.winning_moves[..2]);
    assert_eq!(cut.winning_move_count, row.winning_moves.len() as u128);
    // A list that fits is not cut, and says nothing more.
    let seven = answer_json::<OctalMove>(&["octal", "0.77", "7", "--max-moves", "2"]);
    assert_eq!(seven.winning_moves.len(), 2);
}

// ---------------------------------------------------------------------------------------------
// Staircase Nim and misère Wythoff
// ---------------------------------------------------------------------------------------------

#[test]
fn staircase_matches_brute_force() {
    fn prop(stairs: SmallStairs) -> bool {
        let mut memo = HashMap::new();
        let value = staircase_grundy(&stairs.0, &mut memo);
        let expected: BTreeSet<StepMove> = staircase_options(&stairs.0)
            .into_iter()
            .filter(|(_, next)| staircase_grundy(next, &mut memo) == 0)
            .map(|((step, coins), _)| StepMove {
                step,
                coins: u128::from(coins),
            })
            .collect();
        let answer = answer_json_of::<StepMove>(&args_of("staircase", &stairs.0));
        let (moves, distinct) = move_set(answer.winning_moves);
        answer.grundy == Some(u128::from(value))
            && answer.outcome == if value == 0 { "P" } else { "N" }
            && moves == expected
            && distinct
    }
    QuickCheck::new()
        .tests(40)
        .quickcheck(prop as fn(SmallStairs) -> bool);
}

#[test]
fn misere_wythoff_matches_brute_force() {
    let wins = misere_wythoff_wins(24);
    let mut boards = vec![
        (0, 0),
        (0, 1),
        (1, 1),
        (2, 2),
        (3, 3),
        (3, 5),
        (7, 4),
        (23, 23),
    ];
    boards.extend(
        (0..24)
            .step_by(4)
            .flat_map(|a| (1..24).step_by(5).map(move |b| (a, b))),
    );
    for (a, b) in boards {
        let answer = answer_json_of::<PairMove>(&args_of("misere-wythoff", &[a, b]));
        assert_eq!(answer.grundy, None, "{a} {b}");
        assert_eq!(
            answer.outcome,
            if wins[a][b] { "N" } else { "P" },
            "{a} {b}"
        );
        let expected: BTreeSet<PairMove> = wythoff_options(a, b)
            .into_iter()
            .filter(|&(_, (x, y))| !wins[x][y])
            .map(|(board, _)| PairMove::from(board))
            .collect();
        let (moves, distinct) = move_set(answer.winning_moves);
        assert!(distinct && moves == expected, "{a} {b}");
    }
}

// ---------------------------------------------------------------------------------------------
// --outcome and --count on every game
// ---------------------------------------------------------------------------------------------

#[test]
fn outcome_and_count_agree_with_the_full_answer_on_every_game() {
    let positions: [&[&str]; 13] = [
        &["nim", "5", "7", "9"],
        &["misere-nim", "1", "1", "2"],
        &["bash", "10", "3"],
        &["misere-bash", "10", "3"],
        &["wythoff", "10", "10"],
        &["misere-wythoff", "10", "10"],
        &["georgia-bob", "8", "1", "7", "4"],
        &["staircase", "5", "0", "3", "6", "1"],
        &["subtraction", "1,3,4", "10"],
        &["subtraction", "{1, 3, 4}", "10", "2", "7"],
        &["octal", "0.77", "7"],
        &["octal", "0.77", "1", "2", "3", "4"],
        &["grundys-game", "100"],
    ];
    for args in positions {
        let full = answer_json::<serde_json::Value>(args);
        let outcome = outcome_json(args);
        let count = count_json(args);
        assert_eq!(
            (&outcome.game, &outcome.outcome, outcome.grundy),
            (&full.game, &full.outcome, full.grundy),
            "{args:?}"
        );
        assert_eq!(
            (&count.game, &count.outcome, count.grundy),
            (&full.game, &full.outcome, full.grundy),
            "{args:?}"
        );
        assert_eq!(
            count.winning_move_count,
            full.winning_moves.len() as u128,
            "{args:?}"
        );
        // In words: no moves under --outcome, their number under --count.
        let mut words: Vec<&str> = args.to_vec();
        words.push("--outcome");
        let plain = run(&words);
        assert!(
            plain.status == Some(0) && !plain.stdout.contains("winning moves"),
            "{plain:?}"
        );
        words.pop();
        words.push("--count");
        let counted = run(&words);
        let line = format!("\nwinning moves: {}\n", full.winning_moves.len());
        assert!(
            counted.status == Some(0) && counted.stdout.ends_with(&line),
            "{counted:?}"
        );
    }
    bad_input(&["nim", "5", "--outcome", "--count"], "cannot be used with");
    // --max-moves says how many moves to list: beside --outcome or --count, which list none,
    // it was ignored in silence.
    for report in ["--outcome", "--count"] {
        for args in [
            ["nim", "5", "3", report, "--max-moves", "2"],
            ["nim", "5", "3", "--max-moves", "2", report],
        ] {
            bad_input(&args, "cannot be used with");
        }
    }
    bad_input(&["table", "octal", "0.77", "5", "--count"], "'--count'");
}

// ---------------------------------------------------------------------------------------------
// Errors as JSON, --version
// ---------------------------------------------------------------------------------------------

#[test]
fn every_error_in_json_is_one_line_with_its_kind() {
    let cases: [(&[&str], &str); 15] = [
        (&["--json"], "usage"),
        (&["--json", "chess", "1"], "usage"),
        (&["nim", "x", "--json"], "usage"),
        (&["--json", "bash", "5"], "usage"),
        (&["--json", "nim", "5", "--fast"], "usage"),
        (&["--json", "subtraction", "{1, 2", "5"], "usage"),
        (&["--json", "octal", "0.g", "5"], "usage"),
        (&["--json", "bash", "5", "0"], "input"),
        (&["--json", "georgia-bob", "3", "3"], "input"),
        (&["--json", "staircase", MAX, "1"], "input"),
        (
            &["--json", "octal", "4.[3]", "1000000000000000000"],
            "limit",
        ),
        (
            &[
                "--json",
                "table",
                "octal",
                "0.77",
                "11",
                "--table-limit",
                "10",
            ],
            "limit",
        ),
        (
            &[
                "--json",
                "coins",
                "turning-corners",
                "1000000000000000000000000000000,1000000000000000000000000000007",
            ],
            "limit",
        ),
        (
            &["--json", "octal", "0.77", "5", "--time-limit", "0"],
            "time-limit",
        ),
        (
            &["--json", "table", "grundys-game", "9", "--time-limit", "0"],
            "time-limit",
        ),
    ];
    for (args, kind) in cases {
        let error = json_error(args);
        assert_eq!(error.kind, kind, "{args:?}");
        // The same message as in words.
        let words: Vec<&str> = args.iter().copied().filter(|&a| a != "--json").collect();
        let plain = run(&words);
        assert_eq!(
            plain.stderr,
            format!("error: {}\n", error.error),
            "{args:?}"
        );
        assert_eq!(plain.status, Some(2), "{args:?}");
    }
}

#[test]
fn version_is_the_package_version() {
    for flag in ["--version", "-V"] {
        let run = run(&[flag]);
        assert_eq!(run.status, Some(0));
        assert_eq!(
            run.stdout,
            format!("grundy {}\n", env!("CARGO_PKG_VERSION"))
        );
        assert_eq!(run.stderr, "");
    }
}

/// `--time-limit 0` gives up before anything, whatever else is asked: its error gives no hint
/// that would fail the same way (`--outcome`, a lower `--table-limit`, fewer heaps).
#[test]
fn a_time_limit_of_0_gives_no_hint_that_fails_the_same_way() {
    let cases: &[&[&str]] = &[
        &["coins", "twins", "3", "--time-limit", "0"],
        &["coins", "twins", "3", "--time-limit", "0", "--outcome"],
        &["wythoff", "3", "4", "--time-limit", "0"],
        &[
            "wythoff",
            "3",
            "4",
            "--time-limit",
            "0",
            "--table-limit",
            "0",
        ],
        &["genus", "octal", "0.77", "1", "--time-limit", "0"],
    ];
    for args in cases {
        let refused = run(args);
        assert_eq!(refused.status, Some(2), "{args:?}");
        assert!(
            refused.stderr.starts_with(
                "error: no answer within the time limit of 0 s: --time-limit 0 gives up before"
            ),
            "{refused:?}"
        );
        for hint in ["--outcome", "--table-limit", "fewer", "smaller"] {
            assert!(!refused.stderr.contains(hint), "{args:?}: {refused:?}");
        }
    }
}
