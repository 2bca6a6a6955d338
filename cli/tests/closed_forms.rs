//! `grundy` on the closed-form games (Nim, misère Nim, Bash, misère Bash, Georgia–Bob,
//! Wythoff), against brute force, at `u128::MAX`, in words, and on bad input; and its help.

use crate::oracle;
use crate::support;

use std::collections::{BTreeSet, HashMap};

use quickcheck::{QuickCheck, TestResult};

use oracle::*;
use support::*;

#[test]
fn nim_json_matches_brute_force() {
    fn prop(heaps: SmallHeaps) -> TestResult {
        let mut memo = HashMap::new();
        let args: Vec<String> = heaps.0.iter().map(u8::to_string).collect();
        let mut all = vec!["nim"];
        all.extend(args.iter().map(String::as_str));
        let answer = answer_json::<HeapMove>(&all);
        let value = nim_grundy(&heaps.0, &mut memo);
        let expected: BTreeSet<HeapMove> = nim_winning(&heaps.0, &mut memo);
        let moves: BTreeSet<HeapMove> = answer.winning_moves.into_iter().collect();
        let distinct = moves.len();
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct == expected.len(),
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallHeaps) -> TestResult);
}

#[test]
fn nim_json_is_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();
    let answer = answer_json::<HeapMove>(&["nim", MAX, &below]);
    assert_eq!(answer.outcome, "N");
    assert_eq!(answer.grundy, Some(1));
    assert_eq!(
        answer.winning_moves,
        vec![HeapMove {
            heap: 0,
            to: u128::MAX - 1
        }]
    );

    let answer = answer_json::<HeapMove>(&["nim", MAX, "0", "7"]);
    assert_eq!(answer.grundy, Some(u128::MAX ^ 7));
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 0, to: 7 }]);

    let answer = answer_json::<HeapMove>(&["nim", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
}

#[test]
fn nim_in_words() {
    answer_words(
        &["nim", "5", "7", "9"],
        &["outcome: N", "*11", "take 7 from heap 2", "leaving 2"],
    );
    answer_words(&["nim", "3", "5", "6"], &["outcome: P", "*0", "none"]);
    answer_words(
        &["nim", "--json", "1"],
        &[r#""winning_moves":[{"heap":0,"to":0}]"#],
    );
}

#[test]
fn rejects_bad_input() {
    bad_input(&[], "no game");
    bad_input(&["--json"], "no game");
    bad_input(&["chess", "1"], "unknown game 'chess'");
    bad_input(&["nim"], "<H>");
    bad_input(&["nim", "x"], "'x'");
    bad_input(&["nim", "1", "1.5"], "not a decimal number");
    bad_input(&["nim", ""], "not a decimal number");
    bad_input(&["nim", "+5"], "not a decimal number");
    bad_input(&["nim", "-3"], "negative");
    bad_input(&["nim", "2", "-0"], "negative");
    bad_input(&["nim", MAX_PLUS_ONE], "u128::MAX");
    bad_input(
        &["nim", "1", "99999999999999999999999999999999999999999"],
        "u128::MAX",
    );
    bad_input(&["--jsn", "nim", "1"], "--jsn");
    bad_input(&["bash", "1"], "<K>");
    bad_input(&["bash", "1", "2", "3"], "'3'");
    bad_input(&["wythoff", "-1", "2"], "negative");
    bad_input(&["wythoff", "1"], "<B>");
    bad_input(&["georgia-bob"], "<P>");
}

#[test]
fn misere_nim_json_matches_brute_force() {
    fn prop(heaps: SmallHeaps) -> TestResult {
        let mut memo = HashMap::new();
        let answer = answer_json_of::<HeapMove>(&args_of("misere-nim", &heaps.0));
        let wins = misere_nim_wins(&heaps.0, &mut memo);
        let expected: BTreeSet<HeapMove> = misere_nim_winning(&heaps.0, &mut memo);
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy.is_none()
                && answer.outcome == if wins { "N" } else { "P" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallHeaps) -> TestResult);
}

#[test]
fn bash_json_matches_brute_force() {
    fn prop(game: SmallBash) -> TestResult {
        let answer = answer_json_of::<TakeMove>(&args_of("bash", &[game.n, game.k]));
        let values = bash_values(game.n, game.k);
        let value = values[usize::from(game.n)];
        let expected: BTreeSet<TakeMove> = bash_winning(game.n, game.k);
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
        .quickcheck(prop as fn(SmallBash) -> TestResult);
}

#[test]
fn misere_bash_json_matches_brute_force() {
    fn prop(game: SmallBash) -> TestResult {
        let answer = answer_json_of::<TakeMove>(&args_of("misere-bash", &[game.n, game.k]));
        let wins = misere_bash_wins(game.n, game.k);
        let expected: BTreeSet<TakeMove> = misere_bash_winning(game.n, game.k);
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy.is_none()
                && answer.outcome == if wins[usize::from(game.n)] { "N" } else { "P" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(SmallBash) -> TestResult);
}

#[test]
fn georgia_bob_json_matches_brute_force() {
    fn prop(board: SmallBoard) -> TestResult {
        let mut memo = HashMap::new();
        let answer = answer_json_of::<SlideMove>(&args_of("georgia-bob", &board.0));
        let value = georgia_bob_grundy(&board.0, &mut memo);
        let expected: BTreeSet<SlideMove> = georgia_bob_winning(&board.0, &mut memo);
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
        .quickcheck(prop as fn(SmallBoard) -> TestResult);
}

#[test]
fn georgia_bob_lists_the_widening_move() {
    // Pairs (1, 4) and (7, 8): gaps 2 and 0. Shrinking the first and widening the second
    // both win; the answer does not depend on the order of the cells.
    for cells in [["1", "4", "7", "8"], ["8", "1", "7", "4"]] {
        let mut args = vec!["georgia-bob"];
        args.extend(cells);
        let answer = answer_json::<SlideMove>(&args);
        assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", Some(2)));
        let (moves, _) = move_set(answer.winning_moves);
        assert_eq!(
            moves,
            BTreeSet::from([SlideMove { from: 4, to: 2 }, SlideMove { from: 7, to: 5 }])
        );
    }
}

#[test]
fn misere_games_are_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();

    // One large heap: leave an odd number of ones.
    let answer = answer_json::<HeapMove>(&["misere-nim", MAX, "1", "1"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", None));
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 0, to: 1 }]);
    let answer = answer_json::<HeapMove>(&["misere-nim", "1", MAX]);
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 1, to: 0 }]);
    // Two large heaps: play Nim.
    let answer = answer_json::<HeapMove>(&["misere-nim", MAX, &below]);
    assert_eq!(
        answer.winning_moves,
        vec![HeapMove {
            heap: 0,
            to: u128::MAX - 1
        }]
    );
    let answer = answer_json::<HeapMove>(&["misere-nim", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", None));

    // Misère Bash: n = k = MAX leaves 1 by taking MAX - 1.
    let answer = answer_json::<TakeMove>(&["misere-bash", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", None));
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // With k = MAX - 1, k + 1 = MAX divides the heap: take k, leaving MAX - k = 1.
    let answer = answer_json::<TakeMove>(&["misere-bash", MAX, &below]);
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // 2^128 - 1 = 3 * 113427455640312821154458202477256070485, so MAX mod 3 = 0, and with
    // k = 2 the misère winner takes 2.
    let answer = answer_json::<TakeMove>(&["misere-bash", MAX, "2"]);
    assert_eq!(answer.winning_moves, vec![TakeMove { take: 2 }]);
}

#[test]
fn bash_and_georgia_bob_are_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();
    let answer = answer_json::<TakeMove>(&["bash", MAX, MAX]);
    assert_eq!(
        (answer.outcome.as_str(), answer.grundy),
        ("N", Some(u128::MAX))
    );
    assert_eq!(answer.winning_moves, vec![TakeMove { take: u128::MAX }]);
    let answer = answer_json::<TakeMove>(&["bash", MAX, &below]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
    let answer = answer_json::<TakeMove>(&["bash", &below, MAX]);
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // 2^128 - 1 = (2^64 - 1)(2^64 + 1) and 3 divides it: k = 2 and k = 2^64 leave value 0.
    let answer = answer_json::<TakeMove>(&["bash", MAX, "2"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
    let answer = answer_json::<TakeMove>(&["bash", MAX, "18446744073709551616"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));

    // One chessman on the last cell: its gap to the wall is MAX - 1.
    let answer = answer_json::<SlideMove>(&["georgia-bob", MAX]);
    assert_eq!(answer.grundy, Some(u128::MAX - 1));
    assert_eq!(
        answer.winning_moves,
        vec![SlideMove {
            from: u128::MAX,
            to: 1
        }]
    );
    // Pairs (1, 4) and (MAX - 1, MAX): gaps 2 and 0. Shrink the first, or widen the second.
    let (left, right) = ((u128::MAX - 1).to_string(), MAX);
    let answer = answer_json::<SlideMove>(&["georgia-bob", right, "4", &left, "1"]);
    assert_eq!(answer.grundy, Some(2));
    let (moves, _) = move_set(answer.winning_moves);
    assert_eq!(
        moves,
        BTreeSet::from([
            SlideMove { from: 4, to: 2 },
            SlideMove {
                from: u128::MAX - 1,
                to: u128::MAX - 3
            }
        ])
    );
    let answer = answer_json::<SlideMove>(&["georgia-bob", MAX, &below]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
}

#[test]
fn new_games_in_words() {
    answer_words(
        &["misere-nim", "1", "1", "5"],
        &[
            "outcome: N",
            "none (misère play)",
            "take 4 from heap 2",
            "leaving 1 of 5",
        ],
    );
    answer_words(
        &["misere-nim", "1"],
        &["outcome: P", "none (misère play)", "winning moves: none"],
    );
    answer_words(
        &["misere-bash", "0", "3"],
        &["outcome: N", "winning moves: none (no move is left", "wins"],
    );
    answer_words(
        &["bash", "23", "2"],
        &["outcome: N", "*2", "take 2, leaving 21"],
    );
    answer_words(&["bash", "4", "3"], &["outcome: P", "*0", "none"]);
    answer_words(
        &["misere-bash", "4", "3"],
        &["outcome: N", "none (misère play)", "take 3, leaving 1"],
    );
    answer_words(
        &["georgia-bob", "8", "1", "7", "4"],
        &[
            "outcome: N",
            "*2",
            "slide the chessman on cell 7 to cell 5",
            "slide the chessman on cell 4 to cell 2",
        ],
    );
}

#[test]
fn rejects_positions_the_rules_forbid() {
    bad_input(&["bash", "5", "0"], "take limit k must be at least 1");
    bad_input(&["--json", "misere-bash", "0", "0"], "take limit k");
    bad_input(
        &["georgia-bob", "3", "1", "3"],
        "two chessmen stand on cell 3",
    );
    bad_input(&["georgia-bob", MAX, MAX], MAX);
    bad_input(&["georgia-bob", "2", "0"], "cell 0");
    bad_input(&["misere-nim"], "<H>");
    bad_input(&["misere-nim", "1", "-1"], "negative");
    bad_input(&["misere-bash", "3"], "<K>");
    bad_input(&["bash", MAX_PLUS_ONE, "1"], "u128::MAX");
    bad_input(&["georgia-bob", "1", "two"], "'two'");
}

#[test]
fn wythoff_json_matches_brute_force() {
    const N: usize = 40;
    fn prop(a: u8, b: u8) -> bool {
        let g = wythoff_values(N);
        let (a, b) = (usize::from(a) % N, usize::from(b) % N);
        let answer = answer_json_of::<PairMove>(&args_of("wythoff", &[a, b]));
        let (moves, distinct) = move_set(answer.winning_moves);
        answer.grundy == Some(u128::from(g[a][b]))
            && answer.outcome == if g[a][b] == 0 { "P" } else { "N" }
            && moves == wythoff_winning::<PairMove>(a, b, &g)
            && distinct
    }
    QuickCheck::new()
        .tests(support::scale::cases(300))
        .quickcheck(prop as fn(u8, u8) -> bool);
}

#[test]
fn wythoff_is_exact_where_floating_point_fails_and_at_u128_max() {
    // F(40) = 102334155: the P-position (165580140, 267914295), which the floating-point
    // formula misses. Its mirror is P too; one more stone makes it N, with a move back.
    for args in [
        ["wythoff", "165580140", "267914295"],
        ["wythoff", "267914295", "165580140"],
    ] {
        let answer = answer_json::<PairMove>(&args);
        assert_eq!(answer.outcome, "P", "{args:?}");
        // The board is beyond the Grundy table: the value is null, the outcome exact.
        assert_eq!(answer.grundy, None, "{args:?}");
    }
    let answer = answer_json::<PairMove>(&["wythoff", "165580141", "267914295"]);
    assert_eq!(answer.outcome, "N");
    assert!(answer.winning_moves.contains(&PairMove {
        to: [165_580_140, 267_914_295]
    }));
    // From (MAX, MAX) the only winning move empties both heaps: the P-partner of MAX lies
    // beyond u128::MAX.
    let answer = answer_json::<PairMove>(&["wythoff", MAX, MAX]);
    assert_eq!(answer.outcome, "N");
    assert_eq!(answer.winning_moves, vec![PairMove { to: [0, 0] }]);
    answer_words(
        &["wythoff", "5", "7"],
        &[
            "outcome: N",
            "Grundy value: *1",
            "take 1 from the first heap, leaving (4, 7)",
            "take 2 from both, leaving (3, 5)",
        ],
    );
    bad_input(&["wythoff", "1", "2", "3"], "error");
}

#[test]
fn help_is_not_an_error() {
    for args in [
        &["--help"][..],
        &["nim", "--help"],
        &["table", "--help"],
        &["octal", "--help"],
    ] {
        let run = run(args);
        assert_eq!(run.status, Some(0), "{run:?}");
        assert!(run.stdout.contains("Usage"), "{run:?}");
    }
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_unicode_are_bad_input() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::process::{Command, Stdio};

    let not_unicode = OsStr::from_bytes(b"\xff");
    for (before, mentions) in [
        (&[][..], "unknown game '\u{fffd}' (games: nim, "),
        (&["--json"], "unknown game '\u{fffd}' (games: nim, "),
        (&["table"], "unknown game '\u{fffd}' (games: subtraction, "),
        (&["nim"], "invalid UTF-8"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(before)
            .arg(not_unicode)
            .stdin(Stdio::null())
            .output()
            .expect("grundy runs");
        let stderr = String::from_utf8(output.stderr).expect("UTF-8 errors");
        let what = format!("grundy {before:?} \\xff: {stderr:?}");
        assert_eq!(output.status.code(), Some(2), "{what}");
        assert!(output.stdout.is_empty(), "{what}");
        let starts = if before.contains(&"--json") {
            "{\"error\":\""
        } else {
            "error: "
        };
        assert!(
            stderr.starts_with(starts) && stderr.contains(mentions),
            "{what}"
        );
        assert_eq!(stderr.lines().count(), 1, "{what}");
    }
}

/// A move of `coins` on a row: the head and the other coins turned.
#[derive(Debug, serde::Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct RowTurn {
    head: u128,
    others: Vec<u128>,
}

/// A move of `coins turning-corners`.
#[derive(Debug, serde::Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct BoardTurn {
    head: [u128; 2],
    others: Vec<[u128; 2]>,
}

/// `coins` against a brute force of the rules as the help states them: a lone head's value
/// is the mex of the nim-sums of the other coins its moves turn, a row's value the nim-sum of
/// its heads', and a winning move one whose head's value and other coins' values nim-sum to
/// the row's. Every row of heads among the first 7 coins of each row rule, and boards of
/// two heads below 4 × 4 of Turning Corners.
#[test]
fn coins_json_matches_brute_force() {
    /// The other coins of each move from coin `x`: a head and at most `most` coins to its
    /// left (exactly one with `exact`), the coins from `first`.
    fn moves(x: u128, first: u128, most: usize, exact: bool) -> Vec<Vec<u128>> {
        let mut all: Vec<Vec<u128>> = vec![vec![]];
        for a in first..x {
            all.push(vec![a]);
            if most >= 2 {
                all.extend((a + 1..x).map(|b| vec![a, b]));
            }
        }
        if exact {
            all.retain(|m| m.len() == 1);
        }
        all
    }
    fn mex(seen: &[u128]) -> u128 {
        (0..).find(|v| !seen.contains(v)).unwrap()
    }
    for (rule, first, most, exact) in [
        ("turning-turtles", 1u128, 1usize, false),
        ("twins", 0, 1, true),
        ("mock-turtles", 1, 2, false),
    ] {
        let mut values: Vec<u128> = vec![0; first as usize];
        for x in first..first + 7 {
            let worths: Vec<u128> = moves(x, first, most, exact)
                .iter()
                .map(|m| m.iter().fold(0, |w, &c| w ^ values[c as usize]))
                .collect();
            values.push(mex(&worths));
        }
        for mask in 1u32..1 << 7 {
            let heads: Vec<u128> = (0..7)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| first + i)
                .collect();
            let total = heads.iter().fold(0, |s, &h| s ^ values[h as usize]);
            let mut expected: Vec<RowTurn> = Vec::new();
            for &h in &heads {
                for others in moves(h, first, most, exact) {
                    let worth = others.iter().fold(0, |w, &c| w ^ values[c as usize]);
                    if total ^ values[h as usize] ^ worth == 0 {
                        expected.push(RowTurn { head: h, others });
                    }
                }
            }
            let words: Vec<String> = heads.iter().map(u128::to_string).collect();
            let mut args = vec!["coins", rule];
            args.extend(words.iter().map(String::as_str));
            let answer = answer_json::<RowTurn>(&args);
            let mut moves_seen = answer.winning_moves;
            moves_seen.sort();
            expected.sort();
            assert_eq!(answer.grundy, Some(total), "{args:?}");
            assert_eq!(
                answer.outcome,
                if total == 0 { "P" } else { "N" },
                "{args:?}"
            );
            assert_eq!(moves_seen, expected, "{args:?}");
        }
    }
    // Turning Corners: a head on (x, y) by the mex over the rectangles under it.
    let mut value = [[0u128; 4]; 4];
    for x in 0..4 {
        for y in 0..4 {
            let mut seen = Vec::new();
            for a in 0..x {
                for b in 0..y {
                    seen.push(value[a][b] ^ value[a][y] ^ value[x][b]);
                }
            }
            value[x][y] = mex(&seen);
        }
    }
    for p in 0..16usize {
        for q in p + 1..16 {
            let heads = [(p / 4, p % 4), (q / 4, q % 4)];
            let total = value[heads[0].0][heads[0].1] ^ value[heads[1].0][heads[1].1];
            let mut expected = Vec::new();
            for &(x, y) in &heads {
                for a in 0..x {
                    for b in 0..y {
                        if total ^ value[x][y] ^ value[a][b] ^ value[a][y] ^ value[x][b] == 0 {
                            let mut others = vec![
                                [a as u128, b as u128],
                                [a as u128, y as u128],
                                [x as u128, b as u128],
                            ];
                            others.sort();
                            expected.push(BoardTurn {
                                head: [x as u128, y as u128],
                                others,
                            });
                        }
                    }
                }
            }
            let coins: Vec<String> = heads.iter().map(|(x, y)| format!("{x},{y}")).collect();
            let answer =
                answer_json::<BoardTurn>(&["coins", "turning-corners", &coins[0], &coins[1]]);
            let mut moves_seen = answer.winning_moves;
            moves_seen.sort();
            expected.sort();
            assert_eq!(answer.grundy, Some(total), "{coins:?}");
            assert_eq!(moves_seen, expected, "{coins:?}");
        }
    }
}

/// Mock Turtles rows of huge heads, counted by a formula of the test's own: a head on coin
/// `x` is worth the `x`-th odious number `2(x − 1) + [x − 1 has an even number of ones]`,
/// and a move turns it with at most two coins to its left. To a worth `w` (the head's worth
/// XOR the row's) it has the head alone (`w = 0`), one coin (`w` odious, the coin
/// `w / 2 + 1` left of the head) or, for `w` of an even number of ones, the pairs `u < v <
/// x − 1` (coins less one) with `u ⊕ v = w >> 1`: as many as the `v < x − 1` with the top
/// bit of `w >> 1` set. Added in 256 bits, the count past `u128::MAX` is said to be so,
/// and the counts that fit are the command line's.
#[test]
fn a_coin_row_counts_past_u128_max() {
    let odious = |x: u128| 2 * (x - 1) + u128::from((x - 1).count_ones() % 2 == 0);
    let moves_to = |x: u128, w: u128| -> u128 {
        if w == 0 {
            1
        } else if w.count_ones() % 2 == 1 {
            u128::from(w / 2 + 1 < x)
        } else {
            let (beta, limit) = (w >> 1, x - 1);
            let k = 127 - beta.leading_zeros();
            let block = 1u128 << k;
            // The v < limit with bit k set: whole blocks of 2^(k+1), then the last part.
            (limit >> (k + 1)) * block + (limit % (2 * block)).saturating_sub(block)
        }
    };
    let top = (1u128 << 127) - 1;
    let rows: [Vec<u128>; 3] = [
        (0..7).map(|i| top - 2 * i).collect(),
        vec![top, top - 1, 1 << 100],
        vec![(1 << 126) + 5, (1 << 125) + 3, 1 << 90, 12345],
    ];
    let mut seen_past = false;
    for heads in rows {
        let total = heads.iter().fold(0, |s, &h| s ^ odious(h));
        let (mut high, mut low) = (0u32, 0u128);
        for &h in &heads {
            let (sum, carry) = low.overflowing_add(moves_to(h, odious(h) ^ total));
            (low, high) = (sum, high + u32::from(carry));
        }
        let words: Vec<String> = heads.iter().map(u128::to_string).collect();
        let mut args = vec!["--json", "coins", "mock-turtles"];
        args.extend(words.iter().map(String::as_str));
        args.push("--count");
        let run = support::run(&args);
        assert_eq!(run.status, Some(0), "{args:?}: {run:?}");
        let answer: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
        // Exact: serde_json's `Value` would read the number as a float.
        assert!(
            run.stdout.contains(&format!("\"grundy\":{total},")),
            "{args:?}"
        );
        if high > 0 {
            seen_past = true;
            assert_eq!(answer.get("winning_move_count"), None, "{args:?}");
            assert!(
                run.stdout
                    .ends_with(&format!(",\"winning_move_count_above\":{}}}\n", u128::MAX))
            );
        } else {
            assert!(
                run.stdout
                    .ends_with(&format!(",\"winning_move_count\":{low}}}\n"))
            );
        }
    }
    assert!(seen_past);
}
