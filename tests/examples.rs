//! The examples, run as a user runs them: the `solve` command, the judge programs and the tour.
//!
//! The examples are built once per test run (`cargo build --examples` in the profile of this
//! test binary; cargo reuses what is fresh) and each test then runs a built binary directly.
//!
//! Adding a case is one line:
//! - a judge sample: `judge("name", "input", "expected output")`;
//! - a bad input: `bad_input("name", &[args], "stdin", "a word the error must contain")`;
//! - a `solve --json` answer: `solve_json::<MoveType>(&[args])` returns the parsed answer, with
//!   `MoveType` one of the move encodings below ([`HeapMove`], [`TakeMove`], [`PairMove`],
//!   [`SlideMove`], [`OctalMove`]);
//! - a `solve --json table` answer: `solve_table(&[args after "table"])` returns the parsed
//!   [`Table`].

use std::collections::{BTreeSet, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use serde::Deserialize;
use serde::de::DeserializeOwned;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// What a run printed and how it ended.
#[derive(Debug)]
struct Run {
    status: Option<i32>,
    stdout: String,
    stderr: String,
}

/// The built examples, by name.
fn examples() -> &'static HashMap<String, PathBuf> {
    static BUILT: OnceLock<HashMap<String, PathBuf>> = OnceLock::new();
    BUILT.get_or_init(|| {
        // This test binary lives in target/<profile dir>/deps; build the examples in the same
        // profile ("debug" is the dev profile's directory).
        let exe = std::env::current_exe().expect("the test binary's path");
        let profile = exe
            .parent()
            .and_then(|deps| deps.parent())
            .and_then(|dir| dir.file_name())
            .and_then(|name| name.to_str())
            .map_or("dev", |name| if name == "debug" { "dev" } else { name })
            .to_owned();
        let output = Command::new(env!("CARGO"))
            .args([
                "build",
                "--quiet",
                "--examples",
                "--message-format=json",
                "--profile",
            ])
            .arg(&profile)
            .arg("--manifest-path")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .stderr(Stdio::inherit())
            .output()
            .expect("cargo runs");
        assert!(output.status.success(), "cargo build --examples failed");
        let mut built = HashMap::new();
        for line in String::from_utf8_lossy(&output.stdout).lines() {
            let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
                continue;
            };
            let is_example = message["target"]["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|kind| kind == "example"));
            if let (true, Some(name), Some(path)) = (
                is_example,
                message["target"]["name"].as_str(),
                message["executable"].as_str(),
            ) {
                built.insert(name.to_owned(), PathBuf::from(path));
            }
        }
        built
    })
}

/// Runs example `name` with `args`, feeding it `stdin`.
fn run(name: &str, args: &[&str], stdin: &str) -> Run {
    let path = examples()
        .get(name)
        .unwrap_or_else(|| panic!("no example named {name} was built"));
    let mut child = Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut input = child.stdin.take().expect("a pipe to its stdin");
    let stdin = stdin.to_owned();
    // Write from another thread, so a program that fails before reading cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let output = child.wait_with_output().expect("the example runs");
    writer.join().expect("the stdin writer");
    Run {
        status: output.status.code(),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
    }
}

/// Judge `name` on `input` succeeds and prints exactly `expected`.
fn judge(name: &str, input: &str, expected: &str) {
    let run = run(name, &[], input);
    assert_eq!(run.status, Some(0), "{name} failed on {input:?}: {run:?}");
    assert_eq!(run.stdout, expected, "{name} on {input:?}");
    assert_eq!(run.stderr, "", "{name} on {input:?}");
}

/// Example `name` rejects this input: exit status 2, nothing on stdout, and exactly one line
/// on stderr, starting `error:` and containing `mentions`.
fn bad_input(name: &str, args: &[&str], stdin: &str, mentions: &str) {
    let run = run(name, args, stdin);
    let what = format!("{name} {args:?} with stdin {stdin:?}: {run:?}");
    assert_eq!(run.status, Some(2), "{what}");
    assert_eq!(run.stdout, "", "{what}");
    assert!(run.stderr.starts_with("error: "), "{what}");
    assert!(run.stderr.ends_with('\n'), "{what}");
    assert_eq!(run.stderr.lines().count(), 1, "{what}");
    assert!(
        run.stderr.contains(mentions),
        "{what}: should mention {mentions:?}"
    );
}

/// The answer of `solve --json`, with the moves of type `M`. Unknown fields are errors.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer<M> {
    game: String,
    outcome: String,
    grundy: Option<u128>,
    winning_moves: Vec<M>,
}

/// A move of nim and misere-nim: heap `heap` is left with `to`.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct HeapMove {
    heap: usize,
    to: u128,
}

/// A move of bash and misere-bash.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct TakeMove {
    take: u128,
}

/// A move of wythoff: both heaps after the move.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct PairMove {
    to: [u128; 2],
}

/// A move of georgia-bob.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct SlideMove {
    from: u128,
    to: u128,
}

/// Runs `solve --json ARGS`, checks that it prints exactly one line holding a JSON object
/// with exactly the four fields and well-formed values, and returns the parsed answer.
fn solve_json<M: DeserializeOwned>(args: &[&str]) -> Answer<M> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let run = run("solve", &all, "");
    assert_eq!(run.status, Some(0), "solve {all:?}: {run:?}");
    assert_eq!(run.stderr, "", "solve {all:?}");
    assert!(run.stdout.ends_with('\n'), "solve {all:?}: {run:?}");
    assert_eq!(run.stdout.lines().count(), 1, "solve {all:?}: {run:?}");
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let keys: BTreeSet<&str> = value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["game", "outcome", "grundy", "winning_moves"]),
        "solve {all:?}"
    );
    // Typed parsing reads every u128 exactly (a generic `Value` would round big numbers).
    let answer: Answer<M> = serde_json::from_str(&run.stdout).expect("the answer's shape");
    assert_eq!(answer.game, args[0], "solve {all:?}");
    // A player who wins has a winning move, except in a misère game with nothing left to
    // take: the opponent took the last counter and lost.
    let misere_end = match args[0] {
        "misere-nim" => args[1..].iter().all(|heap| *heap == "0"),
        "misere-bash" => args.get(1) == Some(&"0"),
        _ => false,
    };
    let outcome_agrees = match answer.outcome.as_str() {
        "N" => !answer.winning_moves.is_empty() || misere_end,
        "P" => answer.winning_moves.is_empty(),
        other => panic!("outcome {other:?} is neither N nor P"),
    };
    assert!(outcome_agrees, "solve {all:?}: outcome and moves disagree");
    answer
}

/// `solve` with these arguments succeeds, printing words (not JSON) that contain `mentions`.
fn solve_words(args: &[&str], mentions: &[&str]) {
    let run = run("solve", args, "");
    assert_eq!(run.status, Some(0), "solve {args:?}: {run:?}");
    assert_eq!(run.stderr, "", "solve {args:?}");
    for word in mentions {
        assert!(
            run.stdout.contains(word),
            "solve {args:?}: {run:?} lacks {word:?}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force, written here from the rules alone
// ---------------------------------------------------------------------------------------------

/// The Grundy value of a Nim position, by mex over every move, memoised on the sorted heaps.
fn nim_grundy(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut seen = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            seen.insert(nim_grundy(&next, memo));
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(key, value);
    value
}

/// Every move of Nim to a position of value 0.
fn nim_winning(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<HeapMove> {
    let mut winning = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            if nim_grundy(&next, memo) == 0 {
                winning.insert(HeapMove {
                    heap: i,
                    to: u128::from(to),
                });
            }
        }
    }
    winning
}

/// A small Nim position: one to four heaps of at most 7.
#[derive(Debug, Clone)]
struct SmallHeaps(Vec<u8>);

impl Arbitrary for SmallHeaps {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 4);
        SmallHeaps((0..count).map(|_| u8::arbitrary(g) % 8).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(
            self.0
                .shrink()
                .filter(|heaps| !heaps.is_empty())
                .map(SmallHeaps),
        )
    }
}

/// Whether the player to move wins misère Nim (whoever takes the last counter loses), by
/// trying every move, memoised on the sorted heaps. With no counters left, the opponent took
/// the last one, so the player to move has won.
fn misere_nim_wins(heaps: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let wins = heaps.iter().all(|&h| h == 0)
        || misere_nim_options(heaps)
            .into_iter()
            .any(|(_, next)| !misere_nim_wins(&next, memo));
    memo.insert(key, wins);
    wins
}

/// Every move of (misère) Nim with the position it leads to.
fn misere_nim_options(heaps: &[u8]) -> Vec<(HeapMove, Vec<u8>)> {
    let mut options = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            options.push((
                HeapMove {
                    heap: i,
                    to: u128::from(to),
                },
                next,
            ));
        }
    }
    options
}

/// Every move of misère Nim to a position the player to move loses.
fn misere_nim_winning(heaps: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> BTreeSet<HeapMove> {
    misere_nim_options(heaps)
        .into_iter()
        .filter(|(_, next)| !misere_nim_wins(next, memo))
        .map(|(mv, _)| mv)
        .collect()
}

/// The Grundy value of Bash (one heap of `n`, take 1..=k), by mex over every move, from
/// the bottom up: `values[m]` is the value of a heap of `m`.
fn bash_values(n: u8, k: u8) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for m in 0..=n {
        let seen: BTreeSet<u32> = (1..=k.min(m)).map(|t| values[usize::from(m - t)]).collect();
        values.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    values
}

/// Whether the player to move wins misère Bash from each heap `0..=n`: with an empty heap the
/// opponent took the last counter and lost.
fn misere_bash_wins(n: u8, k: u8) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::new();
    for m in 0..=n {
        wins.push(m == 0 || (1..=k.min(m)).any(|t| !wins[usize::from(m - t)]));
    }
    wins
}

/// A small Bash position: a heap of at most 40, a take limit from 1 to 8.
#[derive(Debug, Clone)]
struct SmallBash {
    n: u8,
    k: u8,
}

impl Arbitrary for SmallBash {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallBash {
            n: u8::arbitrary(g) % 41,
            k: 1 + u8::arbitrary(g) % 8,
        }
    }
}

/// Every move of Georgia–Bob on the cells (any order) with the board it leads to (sorted).
fn georgia_bob_options(cells: &[u8]) -> Vec<(SlideMove, Vec<u8>)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut options = Vec::new();
    for (i, &from) in sorted.iter().enumerate() {
        let left = if i == 0 { 0 } else { sorted[i - 1] };
        for to in left + 1..from {
            let mut next = sorted.clone();
            next[i] = to;
            options.push((
                SlideMove {
                    from: u128::from(from),
                    to: u128::from(to),
                },
                next,
            ));
        }
    }
    options
}

/// The Grundy value of a Georgia–Bob board, by mex over every slide, memoised on the cells.
fn georgia_bob_grundy(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let mut key = cells.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let seen: BTreeSet<u32> = georgia_bob_options(cells)
        .into_iter()
        .map(|(_, next)| georgia_bob_grundy(&next, memo))
        .collect();
    let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(key, value);
    value
}

/// Every slide of Georgia–Bob to a board of value 0.
fn georgia_bob_winning(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<SlideMove> {
    georgia_bob_options(cells)
        .into_iter()
        .filter(|(_, next)| georgia_bob_grundy(next, memo) == 0)
        .map(|(mv, _)| mv)
        .collect()
}

/// A small Georgia–Bob board: one to five chessmen on distinct cells of 1..=12, in a random
/// order.
#[derive(Debug, Clone)]
struct SmallBoard(Vec<u8>);

impl Arbitrary for SmallBoard {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 5);
        let mut cells: Vec<u8> = Vec::new();
        while cells.len() < count {
            let cell = 1 + u8::arbitrary(g) % 12;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        SmallBoard(cells)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(
            self.0
                .shrink()
                .filter(|cells| {
                    let mut sorted = cells.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    !cells.is_empty() && sorted.len() == cells.len() && sorted[0] > 0
                })
                .map(SmallBoard),
        )
    }
}

/// The arguments of `solve` for `game` and these numbers.
fn args_of<N: ToString>(game: &str, numbers: &[N]) -> Vec<String> {
    std::iter::once(game.to_owned())
        .chain(numbers.iter().map(N::to_string))
        .collect()
}

/// Runs `solve --json` on `args` (as `String`s).
fn solve_json_of<M: DeserializeOwned>(args: &[String]) -> Answer<M> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    solve_json(&args)
}

/// The moves of an answer as a set, and whether they were distinct.
fn move_set<M: Ord>(moves: Vec<M>) -> (BTreeSet<M>, bool) {
    let count = moves.len();
    let set: BTreeSet<M> = moves.into_iter().collect();
    let distinct = set.len() == count;
    (set, distinct)
}

// ---------------------------------------------------------------------------------------------
// solve
// ---------------------------------------------------------------------------------------------

const MAX: &str = "340282366920938463463374607431768211455";
const MAX_PLUS_ONE: &str = "340282366920938463463374607431768211456";

#[test]
fn solve_nim_json_matches_brute_force() {
    fn prop(heaps: SmallHeaps) -> TestResult {
        let mut memo = HashMap::new();
        let args: Vec<String> = heaps.0.iter().map(u8::to_string).collect();
        let mut all = vec!["nim"];
        all.extend(args.iter().map(String::as_str));
        let answer = solve_json::<HeapMove>(&all);
        let value = nim_grundy(&heaps.0, &mut memo);
        let expected = nim_winning(&heaps.0, &mut memo);
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
        .tests(300)
        .quickcheck(prop as fn(SmallHeaps) -> TestResult);
}

#[test]
fn solve_nim_json_is_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();
    let answer = solve_json::<HeapMove>(&["nim", MAX, &below]);
    assert_eq!(answer.outcome, "N");
    assert_eq!(answer.grundy, Some(1));
    assert_eq!(
        answer.winning_moves,
        vec![HeapMove {
            heap: 0,
            to: u128::MAX - 1
        }]
    );

    let answer = solve_json::<HeapMove>(&["nim", MAX, "0", "7"]);
    assert_eq!(answer.grundy, Some(u128::MAX ^ 7));
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 0, to: 7 }]);

    let answer = solve_json::<HeapMove>(&["nim", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
}

#[test]
fn solve_nim_in_words() {
    solve_words(
        &["nim", "5", "7", "9"],
        &["outcome: N", "*11", "take 7 from heap 2", "leaving 2"],
    );
    solve_words(&["nim", "3", "5", "6"], &["outcome: P", "*0", "none"]);
    solve_words(
        &["nim", "--json", "1"],
        &[r#""winning_moves":[{"heap":0,"to":0}]"#],
    );
}

#[test]
fn solve_rejects_bad_input() {
    bad_input("solve", &[], "", "no game");
    bad_input("solve", &["--json"], "", "no game");
    bad_input("solve", &["chess", "1"], "", "unknown game 'chess'");
    bad_input("solve", &["nim"], "", "<H>");
    bad_input("solve", &["nim", "x"], "", "'x'");
    bad_input("solve", &["nim", "1", "1.5"], "", "not a decimal number");
    bad_input("solve", &["nim", ""], "", "not a decimal number");
    bad_input("solve", &["nim", "+5"], "", "not a decimal number");
    bad_input("solve", &["nim", "-3"], "", "negative");
    bad_input("solve", &["nim", "2", "-0"], "", "negative");
    bad_input("solve", &["nim", MAX_PLUS_ONE], "", "u128::MAX");
    bad_input(
        "solve",
        &["nim", "1", "99999999999999999999999999999999999999999"],
        "",
        "u128::MAX",
    );
    bad_input("solve", &["--jsn", "nim", "1"], "", "--jsn");
    bad_input("solve", &["bash", "1"], "", "<K>");
    bad_input("solve", &["bash", "1", "2", "3"], "", "'3'");
    bad_input("solve", &["wythoff", "-1", "2"], "", "negative");
    bad_input("solve", &["wythoff", "1"], "", "<B>");
    bad_input("solve", &["georgia-bob"], "", "<P>");
}

#[test]
fn solve_misere_nim_json_matches_brute_force() {
    fn prop(heaps: SmallHeaps) -> TestResult {
        let mut memo = HashMap::new();
        let answer = solve_json_of::<HeapMove>(&args_of("misere-nim", &heaps.0));
        let wins = misere_nim_wins(&heaps.0, &mut memo);
        let expected = misere_nim_winning(&heaps.0, &mut memo);
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy.is_none()
                && answer.outcome == if wins { "N" } else { "P" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallHeaps) -> TestResult);
}

#[test]
fn solve_bash_json_matches_brute_force() {
    fn prop(game: SmallBash) -> TestResult {
        let answer = solve_json_of::<TakeMove>(&args_of("bash", &[game.n, game.k]));
        let values = bash_values(game.n, game.k);
        let value = values[usize::from(game.n)];
        let expected: BTreeSet<TakeMove> = (1..=game.k.min(game.n))
            .filter(|&t| values[usize::from(game.n - t)] == 0)
            .map(|t| TakeMove {
                take: u128::from(t),
            })
            .collect();
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallBash) -> TestResult);
}

#[test]
fn solve_misere_bash_json_matches_brute_force() {
    fn prop(game: SmallBash) -> TestResult {
        let answer = solve_json_of::<TakeMove>(&args_of("misere-bash", &[game.n, game.k]));
        let wins = misere_bash_wins(game.n, game.k);
        let expected: BTreeSet<TakeMove> = (1..=game.k.min(game.n))
            .filter(|&t| !wins[usize::from(game.n - t)])
            .map(|t| TakeMove {
                take: u128::from(t),
            })
            .collect();
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy.is_none()
                && answer.outcome == if wins[usize::from(game.n)] { "N" } else { "P" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallBash) -> TestResult);
}

#[test]
fn solve_georgia_bob_json_matches_brute_force() {
    fn prop(board: SmallBoard) -> TestResult {
        let mut memo = HashMap::new();
        let answer = solve_json_of::<SlideMove>(&args_of("georgia-bob", &board.0));
        let value = georgia_bob_grundy(&board.0, &mut memo);
        let expected = georgia_bob_winning(&board.0, &mut memo);
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallBoard) -> TestResult);
}

#[test]
fn solve_georgia_bob_lists_the_widening_move() {
    // Pairs (1, 4) and (7, 8): gaps 2 and 0. Shrinking the first and widening the second
    // both win; the answer does not depend on the order of the cells.
    for cells in [["1", "4", "7", "8"], ["8", "1", "7", "4"]] {
        let mut args = vec!["georgia-bob"];
        args.extend(cells);
        let answer = solve_json::<SlideMove>(&args);
        assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", Some(2)));
        let (moves, _) = move_set(answer.winning_moves);
        assert_eq!(
            moves,
            BTreeSet::from([SlideMove { from: 4, to: 2 }, SlideMove { from: 7, to: 5 }])
        );
    }
}

#[test]
fn solve_misere_games_are_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();

    // One large heap: leave an odd number of ones.
    let answer = solve_json::<HeapMove>(&["misere-nim", MAX, "1", "1"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", None));
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 0, to: 1 }]);
    let answer = solve_json::<HeapMove>(&["misere-nim", "1", MAX]);
    assert_eq!(answer.winning_moves, vec![HeapMove { heap: 1, to: 0 }]);
    // Two large heaps: play Nim.
    let answer = solve_json::<HeapMove>(&["misere-nim", MAX, &below]);
    assert_eq!(
        answer.winning_moves,
        vec![HeapMove {
            heap: 0,
            to: u128::MAX - 1
        }]
    );
    let answer = solve_json::<HeapMove>(&["misere-nim", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", None));

    // Misère Bash: n = k = MAX leaves 1 by taking MAX - 1.
    let answer = solve_json::<TakeMove>(&["misere-bash", MAX, MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", None));
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // With k = MAX - 1, k + 1 = MAX divides the heap: take k, leaving MAX - k = 1.
    let answer = solve_json::<TakeMove>(&["misere-bash", MAX, &below]);
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // 2^128 - 1 = 3 * 113427455640312821154458202477256070485, so MAX mod 3 = 0, and with
    // k = 2 the misère winner takes 2.
    let answer = solve_json::<TakeMove>(&["misere-bash", MAX, "2"]);
    assert_eq!(answer.winning_moves, vec![TakeMove { take: 2 }]);
}

#[test]
fn solve_bash_and_georgia_bob_are_exact_at_u128_max() {
    let below = (u128::MAX - 1).to_string();
    let answer = solve_json::<TakeMove>(&["bash", MAX, MAX]);
    assert_eq!(
        (answer.outcome.as_str(), answer.grundy),
        ("N", Some(u128::MAX))
    );
    assert_eq!(answer.winning_moves, vec![TakeMove { take: u128::MAX }]);
    let answer = solve_json::<TakeMove>(&["bash", MAX, &below]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
    let answer = solve_json::<TakeMove>(&["bash", &below, MAX]);
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove {
            take: u128::MAX - 1
        }]
    );
    // 2^128 - 1 = (2^64 - 1)(2^64 + 1) and 3 divides it: k = 2 and k = 2^64 leave value 0.
    let answer = solve_json::<TakeMove>(&["bash", MAX, "2"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
    let answer = solve_json::<TakeMove>(&["bash", MAX, "18446744073709551616"]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));

    // One chessman on the last cell: its gap to the wall is MAX - 1.
    let answer = solve_json::<SlideMove>(&["georgia-bob", MAX]);
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
    let answer = solve_json::<SlideMove>(&["georgia-bob", right, "4", &left, "1"]);
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
    let answer = solve_json::<SlideMove>(&["georgia-bob", MAX, &below]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
}

#[test]
fn solve_new_games_in_words() {
    solve_words(
        &["misere-nim", "1", "1", "5"],
        &[
            "outcome: N",
            "none (misère play)",
            "take 4 from heap 2",
            "leaving 1 of 5",
        ],
    );
    solve_words(
        &["misere-nim", "1"],
        &["outcome: P", "none (misère play)", "winning moves: none"],
    );
    solve_words(
        &["misere-bash", "0", "3"],
        &["outcome: N", "winning moves: none (no move is left", "wins"],
    );
    solve_words(
        &["bash", "23", "2"],
        &["outcome: N", "*2", "take 2, leaving 21"],
    );
    solve_words(&["bash", "4", "3"], &["outcome: P", "*0", "none"]);
    solve_words(
        &["misere-bash", "4", "3"],
        &["outcome: N", "none (misère play)", "take 3, leaving 1"],
    );
    solve_words(
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
fn solve_rejects_positions_the_rules_forbid() {
    bad_input(
        "solve",
        &["bash", "5", "0"],
        "",
        "take limit k must be at least 1",
    );
    bad_input(
        "solve",
        &["--json", "misere-bash", "0", "0"],
        "",
        "take limit k",
    );
    bad_input(
        "solve",
        &["georgia-bob", "3", "1", "3"],
        "",
        "two chessmen stand on cell 3",
    );
    bad_input("solve", &["georgia-bob", MAX, MAX], "", MAX);
    bad_input("solve", &["georgia-bob", "2", "0"], "", "cell 0");
    bad_input("solve", &["misere-nim"], "", "<H>");
    bad_input("solve", &["misere-nim", "1", "-1"], "", "negative");
    bad_input("solve", &["misere-bash", "3"], "", "<K>");
    bad_input("solve", &["bash", MAX_PLUS_ONE, "1"], "", "u128::MAX");
    bad_input("solve", &["georgia-bob", "1", "two"], "", "'two'");
}

/// Wythoff's game by brute force: the Grundy value of every board `(a, b)` with `a, b < n`,
/// as the mex over the row, the column and the diagonal.
fn wythoff_values(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = BTreeSet::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

/// Every move of the board `(a, b)` to a board whose value is 0, as both heaps after it.
fn wythoff_winning(a: usize, b: usize, g: &[Vec<u32>]) -> BTreeSet<PairMove> {
    let mut to = Vec::new();
    to.extend((0..a).map(|x| (x, b)));
    to.extend((0..b).map(|y| (a, y)));
    to.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    to.into_iter()
        .filter(|&(x, y)| g[x][y] == 0)
        .map(|(x, y)| PairMove {
            to: [x as u128, y as u128],
        })
        .collect()
}

#[test]
fn solve_wythoff_json_matches_brute_force() {
    const N: usize = 40;
    fn prop(a: u8, b: u8) -> bool {
        let g = wythoff_values(N);
        let (a, b) = (usize::from(a) % N, usize::from(b) % N);
        let answer = solve_json_of::<PairMove>(&args_of("wythoff", &[a, b]));
        let (moves, distinct) = move_set(answer.winning_moves);
        answer.grundy == Some(u128::from(g[a][b]))
            && answer.outcome == if g[a][b] == 0 { "P" } else { "N" }
            && moves == wythoff_winning(a, b, &g)
            && distinct
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(u8, u8) -> bool);
}

#[test]
fn solve_wythoff_is_exact_where_floating_point_fails_and_at_u128_max() {
    // F(40) = 102334155: the P-position (165580140, 267914295), which the floating-point
    // formula misses. Its mirror is P too; one more stone makes it N, with a move back.
    for args in [
        ["wythoff", "165580140", "267914295"],
        ["wythoff", "267914295", "165580140"],
    ] {
        let answer = solve_json::<PairMove>(&args);
        assert_eq!(answer.outcome, "P", "{args:?}");
        // The board is beyond the Grundy table: the value is null, the outcome exact.
        assert_eq!(answer.grundy, None, "{args:?}");
    }
    let answer = solve_json::<PairMove>(&["wythoff", "165580141", "267914295"]);
    assert_eq!(answer.outcome, "N");
    assert!(answer.winning_moves.contains(&PairMove {
        to: [165_580_140, 267_914_295]
    }));
    // From (MAX, MAX) the only winning move empties both heaps: the P-partner of MAX lies
    // beyond u128::MAX.
    let answer = solve_json::<PairMove>(&["wythoff", MAX, MAX]);
    assert_eq!(answer.outcome, "N");
    assert_eq!(answer.winning_moves, vec![PairMove { to: [0, 0] }]);
    solve_words(
        &["wythoff", "5", "7"],
        &[
            "outcome: N",
            "Grundy value: *1",
            "move to (4, 7)",
            "move to (3, 5)",
        ],
    );
    bad_input("solve", &["wythoff", "1", "2", "3"], "", "error");
}

#[test]
fn solve_help_is_not_an_error() {
    for args in [
        &["--help"][..],
        &["nim", "--help"],
        &["table", "--help"],
        &["octal", "--help"],
    ] {
        let run = run("solve", args, "");
        assert_eq!(run.status, Some(0), "{run:?}");
        assert!(run.stdout.contains("Usage"), "{run:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// solve: heap games by Grundy sequence (subtraction, octal, Grundy's game) and their tables
// ---------------------------------------------------------------------------------------------

/// A move of an octal game: take `take` counters, leaving the heaps `to` (ascending, none
/// empty).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct OctalMove {
    take: u128,
    to: Vec<u128>,
}

/// The answer of `solve table --json`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    values: Vec<u32>,
    period: Option<usize>,
    preperiod: Option<usize>,
}

impl Table {
    /// The proven period and preperiod, if any; both or neither must be given.
    fn proven(&self) -> Option<(usize, usize)> {
        assert_eq!(self.period.is_some(), self.preperiod.is_some(), "{self:?}");
        self.period.zip(self.preperiod)
    }
}

/// Runs `solve --json table ARGS`, checks that it prints exactly one line holding a JSON
/// object with exactly the fields `values`, `period` and `preperiod`, and returns it.
fn solve_table(args: &[&str]) -> Table {
    let mut all = vec!["--json", "table"];
    all.extend_from_slice(args);
    let run = run("solve", &all, "");
    assert_eq!(run.status, Some(0), "solve {all:?}: {run:?}");
    assert_eq!(run.stderr, "", "solve {all:?}");
    assert_eq!(run.stdout.lines().count(), 1, "solve {all:?}: {run:?}");
    assert!(run.stdout.ends_with('\n'), "solve {all:?}: {run:?}");
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let keys: BTreeSet<&str> = value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        BTreeSet::from(["values", "period", "preperiod"]),
        "solve {all:?}"
    );
    serde_json::from_str(&run.stdout).expect("the table's shape")
}

/// The least non-negative integer not in `seen`.
fn mex(seen: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|v| !seen.contains(v))
        .expect("a finite set misses a number")
}

/// A subtraction game by brute force: `G(n)` for `n < len`, as the mex of `G(n - s)`.
fn subtraction_values(set: &[u32], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: BTreeSet<u32> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g.push(mex(&seen));
    }
    g
}

/// The true least period and least preperiod of a subtraction game's values `g` (computed
/// far enough), found here from first principles: `G(n)` is determined by the `m = max(S)`
/// values before it, so once a window of `m` values repeats (at `i` and `j`), the values are
/// periodic with period `j - i` from `i` on. The least period divides `j - i`; the least
/// preperiod is found by walking back from `i`. `None` if no window repeats within `g`.
fn subtraction_true_period(g: &[u32], m: usize) -> Option<(usize, usize)> {
    let mut seen: HashMap<&[u32], usize> = HashMap::new();
    let (i, j) = (0..g.len().checked_sub(m)?).find_map(|j| {
        let window = &g[j..j + m];
        match seen.get(window) {
            Some(&i) => Some((i, j)),
            None => {
                seen.insert(window, j);
                None
            }
        }
    })?;
    let big = j - i;
    let p = (1..=big)
        .filter(|d| big % d == 0)
        .find(|&d| (i..j).all(|n| g[n + d] == g[n]))?;
    let mut q = i;
    while q > 0 && g[q - 1 + p] == g[q - 1] {
        q -= 1;
    }
    Some((p, q))
}

/// A small subtraction set: one to four elements from 1 to 8, in any order, maybe repeated.
#[derive(Debug, Clone)]
struct SmallSet(Vec<u32>);

impl SmallSet {
    /// The set as `solve` reads it: `3,1,3`.
    fn text(&self) -> String {
        let words: Vec<String> = self.0.iter().map(u32::to_string).collect();
        words.join(",")
    }

    /// The largest element: the window that proves a period.
    fn max(&self) -> usize {
        self.0.iter().max().map_or(0, |&m| m as usize)
    }
}

impl Arbitrary for SmallSet {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 4);
        SmallSet(
            (0..count)
                .map(|_| 1 + u32::from(u8::arbitrary(g) % 8))
                .collect(),
        )
    }
}

/// The digits of an octal code, read here: `digits[t]` says what taking `t` counters may
/// leave (bit 1 nothing, bit 2 one heap, bit 4 two heaps); `digits[0]` is 0 or 4.
fn octal_digits(code: &str) -> Vec<u8> {
    code.chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(8).expect("an octal digit") as u8)
        .collect()
}

/// The most counters a move of the code removes (`t` of the Guy–Smith theorem).
fn octal_max_take(digits: &[u8]) -> usize {
    digits.iter().rposition(|&d| d != 0).unwrap_or(0)
}

/// Every move of one heap of `heap` in the octal game `digits`: what it takes and the heaps it
/// leaves (ascending, none empty).
fn octal_options(digits: &[u8], heap: u32) -> Vec<(u32, Vec<u32>)> {
    let mut options = Vec::new();
    for (take, &digit) in digits.iter().enumerate() {
        let take = take as u32;
        let Some(rest) = heap.checked_sub(take) else {
            break;
        };
        if digit & 1 != 0 && rest == 0 && take > 0 {
            options.push((take, vec![]));
        }
        if digit & 2 != 0 && rest > 0 {
            options.push((take, vec![rest]));
        }
        if digit & 4 != 0 {
            options.extend((1..=rest / 2).map(|a| (take, vec![a, rest - a])));
        }
    }
    options
}

/// Every move of one heap of `heap` in Grundy's game: the two unequal heaps of the split.
fn grundys_options(heap: u32) -> Vec<(u32, Vec<u32>)> {
    (1..heap)
        .filter(|&a| a < heap - a)
        .map(|a| (0, vec![a, heap - a]))
        .collect()
}

/// The Grundy value of a row of heaps of a take-and-break game, by trying every move of
/// every heap on the whole row (no Sprague–Grundy sum rule), memoised on the sorted row.
fn row_value(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    row: &[u32],
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    let mut key: Vec<u32> = row.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut seen = BTreeSet::new();
    for i in 0..key.len() {
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        for (_, left) in options(key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(left);
            seen.insert(row_value(options, &next, memo));
        }
    }
    let value = mex(&seen);
    memo.insert(key, value);
    value
}

/// The winning moves of one heap by the whole-row brute force: the moves to a row of value 0.
fn heap_winning(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    heap: u32,
    memo: &mut HashMap<Vec<u32>, u32>,
) -> BTreeSet<OctalMove> {
    options(heap)
        .into_iter()
        .filter(|(_, left)| row_value(options, left, memo) == 0)
        .map(|(take, left)| OctalMove {
            take: u128::from(take),
            to: left.into_iter().map(u128::from).collect(),
        })
        .collect()
}

/// `G(n)` for `n < len` of one heap of a take-and-break game, the textbook way: the mex over
/// the moves of the nim-sum of the heaps each leaves.
fn heap_values(options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len as u32 {
        let seen: BTreeSet<u32> = options(n)
            .into_iter()
            .map(|(_, left)| left.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .collect();
        g.push(mex(&seen));
    }
    g
}

/// The period and preperiod that the Guy–Smith theorem proves from the values `g` of a game
/// whose moves take at most `t`: the least `p` such that, with `n0` the least start of the
/// run `G(n + p) = G(n)` for `n0 <= n < len - p`, the run reaches `2·n0 + p + t`.
fn guy_smith(g: &[u32], t: usize) -> Option<(usize, usize)> {
    let len = g.len();
    (1..len).find_map(|p| {
        let mut n0 = len - p;
        while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] {
            n0 -= 1;
        }
        (len >= 2 * n0 + 2 * p + t).then_some((p, n0))
    })
}

/// The heap below `preperiod + period` with the value of `heap`.
fn reduce(heap: u128, (period, preperiod): (usize, usize)) -> usize {
    let (p, q) = (period as u128, preperiod as u128);
    if heap < q {
        heap as usize
    } else {
        (q + (heap - q) % p) as usize
    }
}

/// A small octal code: `0.` or (one time in four) `4.`, then one to three octal digits.
#[derive(Debug, Clone)]
struct SmallCode(String);

impl SmallCode {
    /// A code of one to three digits, each drawn from `digits`.
    fn of(g: &mut Gen, digits: &[u8], split_first: bool) -> Self {
        let first = if split_first && u8::arbitrary(g) % 4 == 0 {
            '4'
        } else {
            '0'
        };
        let count = 1 + u8::arbitrary(g) % 3;
        let rest: String = (0..count)
            .map(|_| char::from(b'0' + *g.choose(digits).expect("digits")))
            .collect();
        SmallCode(format!("{first}.{rest}"))
    }
}

impl Arbitrary for SmallCode {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallCode::of(g, &[0, 1, 2, 3, 4, 5, 6, 7], true)
    }
}

/// A small octal code that never splits a heap (digits 0 to 3), so a heap has at most two
/// moves per take, however large.
#[derive(Debug, Clone)]
struct NoSplitCode(String);

impl Arbitrary for NoSplitCode {
    fn arbitrary(g: &mut Gen) -> Self {
        NoSplitCode(SmallCode::of(g, &[0, 1, 2, 3], false).0)
    }
}

/// A heap near the top of `u128`: at least 2^127.
#[derive(Debug, Clone, Copy)]
struct HugeHeap(u128);

impl Arbitrary for HugeHeap {
    fn arbitrary(g: &mut Gen) -> Self {
        let (high, low) = (u64::arbitrary(g), u64::arbitrary(g));
        HugeHeap(1 << 127 | u128::from(high) << 64 | u128::from(low))
    }
}

#[test]
fn solve_subtraction_json_matches_brute_force() {
    fn prop(set: SmallSet, n: u8) -> TestResult {
        let n = usize::from(n % 60);
        let g = subtraction_values(&set.0, n + 1);
        let answer =
            solve_json_of::<TakeMove>(&args_of("subtraction", &[set.text(), n.to_string()]));
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
        .tests(300)
        .quickcheck(prop as fn(SmallSet, u8) -> TestResult);
}

#[test]
fn solve_subtraction_answers_huge_heaps_through_the_period() {
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
            solve_json_of::<TakeMove>(&args_of("subtraction", &[set.text(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(150)
        .quickcheck(prop as fn(SmallSet, HugeHeap) -> TestResult);
    // S(1, 3, 4) has period 7 from heap 0: 0 1 0 1 2 3 2. 2^128 - 1 = 3 (mod 7), so the heap
    // is *1, won by taking 1 (to 2 mod 7) or 3 (to 0 mod 7), not 4 (to 6 mod 7, *2).
    assert_eq!(u128::MAX % 7, 3);
    let answer = solve_json::<TakeMove>(&["subtraction", "1,3,4", MAX]);
    assert_eq!((answer.outcome.as_str(), answer.grundy), ("N", Some(1)));
    assert_eq!(
        answer.winning_moves,
        vec![TakeMove { take: 1 }, TakeMove { take: 3 }]
    );
    solve_words(
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
fn solve_octal_json_matches_brute_force() {
    fn prop(code: SmallCode, n: u8) -> TestResult {
        let n = u32::from(n % 13);
        let digits = octal_digits(&code.0);
        let options = |heap| octal_options(&digits, heap);
        let mut memo = HashMap::new();
        let value = row_value(&options, &[n], &mut memo);
        let expected = heap_winning(&options, n, &mut memo);
        let answer =
            solve_json_of::<OctalMove>(&args_of("octal", &[code.0.clone(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallCode, u8) -> TestResult);
}

#[test]
fn solve_octal_answers_huge_heaps_through_the_period() {
    // Codes that never split: a huge heap has at most two moves per take, so every answer is
    // complete, and checked against the period proven here from the brute-force values.
    fn prop(code: NoSplitCode, heap: HugeHeap) -> TestResult {
        let digits = octal_digits(&code.0);
        let g = heap_values(&|h| octal_options(&digits, h), 1000);
        let Some(period) = guy_smith(&g, octal_max_take(&digits)) else {
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
            solve_json_of::<OctalMove>(&args_of("octal", &[code.0.clone(), n.to_string()]));
        let (moves, distinct) = move_set(answer.winning_moves);
        TestResult::from_bool(
            answer.grundy == Some(u128::from(value))
                && answer.outcome == if value == 0 { "P" } else { "N" }
                && moves == expected
                && distinct,
        )
    }
    QuickCheck::new()
        .tests(150)
        .quickcheck(prop as fn(NoSplitCode, HugeHeap) -> TestResult);
}

#[test]
fn solve_kayles_and_dawsons_kayles_at_huge_heaps() {
    let kayles = octal_digits("0.77");
    let g = heap_values(&|h| octal_options(&kayles, h), 400);
    // The brute force shows Kayles' period, 12 from heap 71 (G(70) = 6 breaks it), ...
    assert!((71..388).all(|n| g[n + 12] == g[n]));
    assert_ne!(g[70 + 12], g[70]);
    // ... and every huge row of pins is a win with astronomically many winning moves: the
    // answer is an error that gives the outcome and the value, and says there are more.
    for heap in [u128::MAX, u128::MAX - 5, 10u128.pow(30)] {
        let value = g[reduce(heap, (12, 71))];
        assert_ne!(value, 0);
        let heap = heap.to_string();
        let mentions = format!("outcome N, Grundy value *{value}, but more than 100000 winning");
        bad_input("solve", &["octal", "0.77", &heap], "", &mentions);
        bad_input(
            "solve",
            &["--json", "octal", "0.77", &heap, "--max-moves", "1000"],
            "",
            "more than 1000 winning moves",
        );
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
            let answer = solve_json::<OctalMove>(&args);
            assert_eq!((answer.outcome.as_str(), answer.grundy), ("P", Some(0)));
            assert!(answer.winning_moves.is_empty());
        } else {
            bad_input(
                "solve",
                &args,
                "",
                &format!("outcome N, Grundy value *{value},"),
            );
        }
    }
    assert!(p_positions >= 4, "{p_positions}");
    solve_words(
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
fn solve_grundys_game_json_matches_brute_force() {
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
        let answer = solve_json_of::<PairMove>(&args_of("grundys-game", &[n]));
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
        .tests(200)
        .quickcheck(prop as fn(u8) -> TestResult);
}

#[test]
fn solve_heap_games_in_words() {
    solve_words(
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
    solve_words(
        &["octal", "4.07", "10"],
        &[
            "split it, taking nothing, into heaps of 1 and 9",
            "take 2, leaving heaps of 4 and 4",
        ],
    );
    solve_words(&["octal", "0.137", "1"], &["take 1, leaving nothing"]);
    solve_words(
        &["octal", "0.6", "4"],
        &["outcome: P", "winning moves: none"],
    );
    solve_words(
        &["subtraction", "1,3,4", "10"],
        &[
            "subtraction 1,3,4 10",
            "take 1, leaving 9",
            "take 3, leaving 7",
        ],
    );
    solve_words(
        &["grundys-game", "8"],
        &["Grundy value: *2", "split it into 1 and 7"],
    );
    let answer = solve_json::<OctalMove>(&["octal", "0.137", "5"]);
    assert_eq!(
        answer.winning_moves,
        vec![OctalMove {
            take: 3,
            to: vec![1, 1]
        }]
    );
}

#[test]
fn solve_max_moves_lists_all_or_says_there_are_more() {
    // A row of seven Kayles pins has exactly two winning moves.
    for limit in ["2", "3", "100000", "1000000"] {
        let answer = solve_json::<OctalMove>(&["octal", "0.77", "7", "--max-moves", limit]);
        assert_eq!(answer.winning_moves.len(), 2, "{limit}");
    }
    bad_input(
        "solve",
        &["octal", "0.77", "7", "--max-moves", "1"],
        "",
        "more than 1 winning moves",
    );
    // At the limit of 0, a P-position is still answered in full; an N-position is not.
    let answer = solve_json::<OctalMove>(&["octal", "0.6", "4", "--max-moves", "0"]);
    assert_eq!(
        (answer.outcome.as_str(), answer.winning_moves.len()),
        ("P", 0)
    );
    bad_input(
        "solve",
        &["grundys-game", "8", "--max-moves", "0"],
        "",
        "more than 0 winning moves",
    );
    bad_input(
        "solve",
        &["subtraction", "1,3,4", "10", "--max-moves", "1"],
        "",
        "outcome N, Grundy value *1, but more than 1 winning moves",
    );
    let answer = solve_json::<TakeMove>(&["subtraction", "1,3,4", "10", "--max-moves", "2"]);
    assert_eq!(answer.winning_moves.len(), 2);
    // 2^127 + 1 Kayles pins: more than a million winning moves, so no limit lists them.
    let huge = ((1u128 << 127) + 1).to_string();
    bad_input(
        "solve",
        &["octal", "0.77", &huge, "--max-moves", "1000000"],
        "",
        "more than 1000000 winning moves",
    );
    bad_input(
        "solve",
        &["octal", "0.77", "7", "--max-moves", "1000001"],
        "",
        "at most 1000000",
    );
}

#[test]
fn solve_table_subtraction_matches_brute_force() {
    fn prop(set: SmallSet, count: u8) -> TestResult {
        let count = usize::from(count % 90);
        let g = subtraction_values(&set.0, 3000);
        let Some((p, q)) = subtraction_true_period(&g, set.max()) else {
            return TestResult::discard();
        };
        let table = solve_table(&["subtraction", &set.text(), &count.to_string()]);
        // A repeated window of max(S) values proves the period: it is proven by `count`
        // values exactly when they hold the window after the preperiod and one period.
        let expected = (count >= q + p + set.max()).then_some((p, q));
        TestResult::from_bool(table.values == g[..count] && table.proven() == expected)
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallSet, u8) -> TestResult);
}

#[test]
fn solve_table_octal_matches_brute_force() {
    fn prop(code: SmallCode, count: u8) -> TestResult {
        let count = usize::from(count % 130);
        let digits = octal_digits(&code.0);
        let g = heap_values(&|h| octal_options(&digits, h), 400);
        let table = solve_table(&["octal", &code.0, &count.to_string()]);
        let proven = table.proven();
        // Whatever is claimed holds on every value the brute force knows, and its start is
        // the least one.
        let holds = proven.is_none_or(|(p, q)| {
            (q..400 - p).all(|n| g[n + p] == g[n]) && (q == 0 || g[q - 1 + p] != g[q - 1])
        });
        TestResult::from_bool(
            table.values == g[..count]
                && proven == guy_smith(&g[..count], octal_max_take(&digits))
                && holds,
        )
    }
    QuickCheck::new()
        .tests(300)
        .quickcheck(prop as fn(SmallCode, u8) -> TestResult);
}

#[test]
fn solve_table_proves_the_periods_of_kayles_and_dawsons_games() {
    // Kayles: period 12 from heap 71, proven by the Guy–Smith theorem from
    // 2·71 + 2·12 + 2 = 168 values and not from fewer.
    let kayles = octal_digits("0.77");
    let g = heap_values(&|h| octal_options(&kayles, h), 400);
    let table = solve_table(&["octal", "0.77", "167"]);
    assert_eq!((table.values.as_slice(), table.proven()), (&g[..167], None));
    let table = solve_table(&["octal", "0.77", "168"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..168], Some((12, 71)))
    );
    let table = solve_table(&["octal", "0.77", "400"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..], Some((12, 71)))
    );
    // Dawson's Kayles: period 34 from heap 53, proven from 2·53 + 2·34 + 2 = 176 values.
    let dawson = octal_digits("0.07");
    let g = heap_values(&|h| octal_options(&dawson, h), 400);
    let table = solve_table(&["octal", "0.07", "175"]);
    assert_eq!((table.values.as_slice(), table.proven()), (&g[..175], None));
    let table = solve_table(&["octal", "0.070", "400"]);
    assert_eq!(
        (table.values.as_slice(), table.proven()),
        (&g[..], Some((34, 53)))
    );
    // Dawson's chess, 0.137, is Dawson's Kayles one heap down: period 34 from heap 52.
    let chess = solve_table(&["octal", "0.137", "399"]);
    assert_eq!(chess.values, g[1..]);
    assert_eq!(chess.proven(), Some((34, 52)));
    // Kayles' first values as published (OEIS A002186).
    let published = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    ];
    let table = solve_table(&["octal", "0.77", &published.len().to_string()]);
    assert_eq!(table.values, published);
    solve_words(
        &["table", "octal", "0.77", "168"],
        &[
            "table octal 0.77 168",
            "values G(0) to G(167):",
            "       0: 0 1 2 3 1 4 3 2 1 4",
            "     160: 1 4 7 2 1 8 2 7",
            "period: 12, preperiod: 71",
        ],
    );
    solve_words(
        &["table", "octal", "0.77", "167"],
        &["period: none proven by these 167 values"],
    );
}

#[test]
fn solve_table_grundys_game_matches_brute_force_and_oeis() {
    let g = heap_values(&grundys_options, 300);
    fn prop(count: u16) -> bool {
        let count = usize::from(count % 300);
        let g = heap_values(&grundys_options, count);
        let table = solve_table(&["grundys-game", &count.to_string()]);
        table.values == g && table.proven().is_none()
    }
    QuickCheck::new()
        .tests(50)
        .quickcheck(prop as fn(u16) -> bool);
    // Grundy's game as published (OEIS A002188).
    let published = "0,0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0,4,3,0,4,3,0,4,1,2,3,1,2,4,\
        1,2,4,1,2,4,1,5,4,1,5,4,1,5,4,1,0,2,1,0,2,1,5,2,1,3,2,1,3,2,4,3,2,4,\
        3,2,4,3,2,4,3,2,4,3,2,4,5,2,4,5,2,4,3,7,4,3,7,4,3,7,4,3,5,2,3,5,2,3,5,2,3";
    let published: Vec<u32> = published.split(',').map(|v| v.parse().unwrap()).collect();
    assert_eq!(g[..published.len()], published);
    let table = solve_table(&["grundys-game", &published.len().to_string()]);
    assert_eq!(table.values, published);
    // And the small cases: an empty table, and a subtraction table in words.
    let table = solve_table(&["grundys-game", "0"]);
    assert_eq!((table.values.len(), table.proven()), (0, None));
    solve_words(
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
fn solve_heap_games_reject_bad_input() {
    // Malformed subtraction sets.
    bad_input("solve", &["subtraction", "1,,3", "5"], "", "empty");
    bad_input("solve", &["subtraction", "1,3,", "5"], "", "empty");
    bad_input("solve", &["subtraction", "0,2", "5"], "", "contains 0");
    bad_input("solve", &["subtraction", "", "5"], "", "set is empty");
    bad_input("solve", &["subtraction", "1,a", "5"], "", "'a'");
    bad_input(
        "solve",
        &["subtraction", "1, 2", "5"],
        "",
        "not a decimal number",
    );
    bad_input("solve", &["subtraction", "-1,2", "5"], "", "negative");
    bad_input(
        "solve",
        &["subtraction", &format!("1,{MAX_PLUS_ONE}"), "5"],
        "",
        "u128::MAX",
    );
    bad_input(
        "solve",
        &["table", "subtraction", "2,0", "5"],
        "",
        "contains 0",
    );
    // Malformed octal codes.
    bad_input(
        "solve",
        &["octal", "0.8", "3"],
        "",
        "8 and 9 are not octal digits",
    );
    bad_input("solve", &["octal", "0.79", "3"], "", "8 and 9");
    bad_input("solve", &["octal", "07", "3"], "", "no point");
    bad_input(
        "solve",
        &["octal", "0.", "3"],
        "",
        "nothing follows the point",
    );
    bad_input("solve", &["octal", "5.1", "3"], "", "must be 0 or 4");
    bad_input("solve", &["octal", "-0.7", "3"], "", "must be 0 or 4");
    bad_input("solve", &["octal", "0.7.7", "3"], "", "more than one point");
    bad_input("solve", &["table", "octal", "0.x", "3"], "", "octal digits");
    // Missing and extra arguments, bad numbers.
    bad_input("solve", &["subtraction", "1,2"], "", "<N>");
    bad_input("solve", &["subtraction"], "", "<S>");
    bad_input("solve", &["subtraction", "1,2", "3", "4"], "", "'4'");
    bad_input("solve", &["octal", "0.77"], "", "<N>");
    bad_input("solve", &["octal", "0.77", "-3"], "", "negative");
    bad_input("solve", &["grundys-game"], "", "<N>");
    bad_input("solve", &["grundys-game", "5", "6"], "", "'6'");
    bad_input("solve", &["grundys-game", MAX_PLUS_ONE], "", "u128::MAX");
    bad_input(
        "solve",
        &["table"],
        "",
        "no game given (games: subtraction, octal, grundys-game)",
    );
    bad_input("solve", &["table", "nim", "3"], "", "unknown game 'nim'");
    bad_input("solve", &["table", "octal", "0.77"], "", "<COUNT>");
    bad_input("solve", &["table", "grundys-game", "10", "11"], "", "'11'");
    bad_input(
        "solve",
        &["table", "grundys-game", "x"],
        "",
        "not a decimal number",
    );
    bad_input(
        "solve",
        &["octal", "0.77", "5", "--table-limit", "-1"],
        "",
        "negative",
    );
    bad_input(
        "solve",
        &["octal", "0.77", "5", "--time-limit", "0"],
        "",
        "at least 1 second",
    );
    bad_input(
        "solve",
        &["octal", "0.77", "5", "--max-moves", "x"],
        "",
        "'x'",
    );
    bad_input(
        "solve",
        &["nim", "5", "--max-moves", "3"],
        "",
        "--max-moves",
    );
    // COUNT over the table limit.
    bad_input(
        "solve",
        &["table", "octal", "0.77", "2000000"],
        "",
        "2000000 values are more than the --table-limit of 1048576",
    );
    bad_input(
        "solve",
        &["table", "grundys-game", "101", "--table-limit", "100"],
        "",
        "--table-limit of 100",
    );
    bad_input(
        "solve",
        &["table", "subtraction", "1", MAX],
        "",
        "--table-limit",
    );
    // A heap beyond a table that proves no period.
    bad_input(
        "solve",
        &["grundys-game", "5000", "--table-limit", "1000"],
        "",
        "no period of Grundy's game is known",
    );
    bad_input(
        "solve",
        &["grundys-game", MAX],
        "",
        "--table-limit of 1048576",
    );
    bad_input(
        "solve",
        &["octal", "0.6", MAX, "--table-limit", "3000"],
        "",
        "heap 340282366920938463463374607431768211455 is beyond the 3000 values computed",
    );
    bad_input(
        "solve",
        &[
            "subtraction",
            &format!("1,{MAX}"),
            "100000",
            "--table-limit",
            "5000",
        ],
        "",
        "prove no period",
    );
    // A table too costly for the time limit: 200 digits make every heap try 200 takes and
    // their splits, and 2^20 values of it take far longer than a second.
    let costly = format!("0.{}", "7".repeat(200));
    bad_input(
        "solve",
        &["octal", &costly, MAX, "--time-limit", "1"],
        "",
        "time limit of 1 s",
    );
}

// ---------------------------------------------------------------------------------------------
// Judges: the samples of shared/PROBLEMS.md, then limits and bad input
// ---------------------------------------------------------------------------------------------

#[test]
fn attack_city() {
    let sure = "Liu_B is sure to win.\n";
    let not_sure = "Liu_B is not sure to win.\n";
    judge(
        "attack_city",
        "3\n2\n1 3\n2\n3 3\n5\n1 2 3 4 5\n",
        &format!("{sure}{not_sure}{sure}"),
    );
    // Past the statement's limits: u64::MAX strengths, an empty siege, any white space.
    judge(
        "attack_city",
        "3\r\n2\t18446744073709551615 18446744073709551614\n0\n1\n\n7",
        &format!("{sure}{not_sure}{sure}"),
    );
    bad_input("attack_city", &[], "", "T, the number of cases");
    bad_input(
        "attack_city",
        &[],
        "2\n1\n5\n",
        "N, the number of fire points",
    );
    bad_input("attack_city", &[], "1\n3\n1 2\n", "fire point");
    bad_input("attack_city", &[], "1\n2\n1 x\n", "'x'");
    bad_input("attack_city", &[], "1\n1\n-4\n", "'-4'");
    bad_input(
        "attack_city",
        &[],
        "1\n1\n18446744073709551616\n",
        "u64::MAX",
    );
}

#[test]
fn hdu1850_good_boy() {
    judge("hdu1850_good_boy", "3\n5 7 9\n0\n", "1\n");
    // Several cases; a P-position counts 0; the final 0 may be missing; every pile can win.
    judge(
        "hdu1850_good_boy",
        "2\n3 3\n3\n1 2 3\n3 4 5 6\n4\n7 7 7 7\n",
        "0\n0\n3\n0\n",
    );
    judge("hdu1850_good_boy", "3 1 1 1 0 3 1 2 3", "3\n");
    judge("hdu1850_good_boy", "2 18446744073709551615 1 0", "1\n");
    bad_input("hdu1850_good_boy", &[], "3\n5 7\n", "pile");
    bad_input("hdu1850_good_boy", &[], "2\n5 seven\n0\n", "'seven'");
    bad_input("hdu1850_good_boy", &[], "x\n", "'x'");
}

/// `cases` small random positions from `position`, as one judge input led by the count, and
/// the judge's expected output for them, line by line from `answer`.
fn generated<P>(
    cases: usize,
    position: impl Fn(&mut Gen) -> P,
    write: impl Fn(&P) -> String,
    mut answer: impl FnMut(&P) -> &'static str,
) -> (String, String) {
    let mut g = Gen::new(100);
    let mut input = format!("{cases}\n");
    let mut output = String::new();
    for _ in 0..cases {
        let p = position(&mut g);
        input += &write(&p);
        input += "\n";
        output += answer(&p);
        output += "\n";
    }
    (input, output)
}

/// Numbers separated by spaces.
fn spaced<N: ToString>(numbers: &[N]) -> String {
    numbers
        .iter()
        .map(N::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn bzoj1022_john() {
    judge("bzoj1022_john", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n");
    // Against the brute force, 500 cases at once.
    let mut memo = HashMap::new();
    let (input, output) = generated(
        500,
        |g| SmallHeaps::arbitrary(g).0,
        |heaps| format!("{}\n{}", heaps.len(), spaced(heaps)),
        |heaps| {
            if misere_nim_wins(heaps, &mut memo) {
                "John"
            } else {
                "Brother"
            }
        },
    );
    judge("bzoj1022_john", &input, &output);
    // Past the limits: u64::MAX piles, 60 piles of 5001, no piles at all, any white space.
    let big = vec!["5001"; 60].join(" ");
    judge(
        "bzoj1022_john",
        &format!(
            "5\r\n2\t18446744073709551615 18446744073709551615\n\
             3 18446744073709551615 1 1\n60\n{big}\n0\n3 1 1 1"
        ),
        "Brother\nJohn\nBrother\nJohn\nBrother\n",
    );
    bad_input("bzoj1022_john", &[], "", "T, the number of cases");
    bad_input("bzoj1022_john", &[], "2\n1\n1\n", "N, the number of piles");
    bad_input("bzoj1022_john", &[], "1\n3\n1 2\n", "pile");
    bad_input("bzoj1022_john", &[], "1\n2\n1 x\n", "'x'");
    bad_input("bzoj1022_john", &[], "1\n1\n-4\n", "'-4'");
    bad_input(
        "bzoj1022_john",
        &[],
        "1\n1\n18446744073709551616\n",
        "u64::MAX",
    );
}

#[test]
fn poj1704_georgia_bob() {
    let georgia = "Georgia will win\n";
    let bob = "Bob will win\n";
    judge(
        "poj1704_georgia_bob",
        "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n",
        &format!("{bob}{georgia}"),
    );
    // Against the brute force, 500 boards at once, cells in any order.
    let mut memo = HashMap::new();
    let (input, output) = generated(
        500,
        |g| SmallBoard::arbitrary(g).0,
        |cells| format!("{}\n{}", cells.len(), spaced(cells)),
        |cells| {
            if georgia_bob_grundy(cells, &mut memo) == 0 {
                "Bob will win"
            } else {
                "Georgia will win"
            }
        },
    );
    judge("poj1704_georgia_bob", &input, &output);
    // Past the limits: cells up to u64::MAX, 2000 chessmen in descending order.
    // 2000 chessmen on every other cell from 2 to 4000: every gap is 1, 1000 pairs, XOR 0.
    let many = spaced(&(1..=2000u64).rev().map(|i| 2 * i).collect::<Vec<_>>());
    judge(
        "poj1704_georgia_bob",
        &format!(
            "4\n1\n18446744073709551615\n2\t18446744073709551615 18446744073709551614\r\n\
             2000\n{many}\n3\n18446744073709551615 1 3\n"
        ),
        &format!("{georgia}{bob}{bob}{georgia}"),
    );
    bad_input(
        "poj1704_georgia_bob",
        &[],
        "1\n3\n4 1 4\n",
        "two chessmen stand on cell 4",
    );
    bad_input("poj1704_georgia_bob", &[], "2\n1\n1\n2\n0 3\n", "case 2");
    bad_input("poj1704_georgia_bob", &[], "1\n2\n0 3\n", "cell 0");
    bad_input("poj1704_georgia_bob", &[], "1\n3\n1 2\n", "chessman");
    bad_input("poj1704_georgia_bob", &[], "1\n2\n1 2.5\n", "'2.5'");
    bad_input("poj1704_georgia_bob", &[], "", "T, the number of cases");
}

#[test]
fn poj1067_wythoff() {
    judge("poj1067_wythoff", "2 1\n8 4\n4 7\n", "0\n1\n0\n");
    // Where floating point fails (b - a = F(40) = 102334155), and past the limits.
    judge(
        "poj1067_wythoff",
        "165580140 267914295\n267914295 165580140\r\n165580141 267914295\n0 0\t\
         18446744073709551615 18446744073709551615",
        "0\n0\n1\n0\n1\n",
    );
    // Every board up to 40 x 40 against the brute force, in one run.
    let g = wythoff_values(40);
    let mut input = String::new();
    let mut output = String::new();
    for (a, row) in g.iter().enumerate() {
        for (b, value) in row.iter().enumerate() {
            input += &format!("{a} {b}\n");
            output += if *value == 0 { "0\n" } else { "1\n" };
        }
    }
    judge("poj1067_wythoff", &input, &output);
    judge("poj1067_wythoff", "", "");
    bad_input("poj1067_wythoff", &[], "2 1\n8\n", "the second pile");
    bad_input("poj1067_wythoff", &[], "2 x\n", "'x'");
    bad_input("poj1067_wythoff", &[], "-2 1\n", "'-2'");
    bad_input(
        "poj1067_wythoff",
        &[],
        "18446744073709551616 1\n",
        "u64::MAX",
    );
}

#[test]
fn hdu1846_brave_game() {
    judge("hdu1846_brave_game", "2\n23 2\n4 3\n", "first\nsecond\n");
    // Against the brute force, 500 piles at once.
    let (input, output) = generated(
        500,
        SmallBash::arbitrary,
        |game| format!("{} {}", game.n, game.k),
        |game| {
            if bash_values(game.n, game.k)[usize::from(game.n)] == 0 {
                "second"
            } else {
                "first"
            }
        },
    );
    judge("hdu1846_brave_game", &input, &output);
    // Past the limits: u64::MAX piles and take limits, an empty pile.
    // u64::MAX = 2^64 - 1 is divisible by 3 and by 2^32 + 1.
    judge(
        "hdu1846_brave_game",
        "5\n18446744073709551615 18446744073709551615\n18446744073709551615 2\n\
         18446744073709551615 4294967296\r\n0 7\n18446744073709551615 18446744073709551614",
        "first\nsecond\nsecond\nsecond\nsecond\n",
    );
    bad_input(
        "hdu1846_brave_game",
        &[],
        "1\n5 0\n",
        "take limit k must be at least 1",
    );
    bad_input("hdu1846_brave_game", &[], "2\n5 1\n5 0\n", "case 2");
    bad_input("hdu1846_brave_game", &[], "1\n5\n", "m, the most stones");
    bad_input("hdu1846_brave_game", &[], "1\nfive 2\n", "'five'");
    bad_input(
        "hdu1846_brave_game",
        &[],
        "1\n18446744073709551616 2\n",
        "u64::MAX",
    );
    bad_input("hdu1846_brave_game", &[], "", "C, the number of cases");
}

// ---------------------------------------------------------------------------------------------
// The tour
// ---------------------------------------------------------------------------------------------

/// The tour runs to the end and says what its stops promise, with the crate's real answers.
#[test]
fn the_tour_runs_and_tells_the_truth() {
    let run = run("tour", &[], "");
    assert_eq!(run.status, Some(0), "{run:?}");
    assert_eq!(run.stderr, "", "{run:?}");
    for fact in [
        "3 ^ 5 ^ 6 = *0",
        "mex{0, 1, 3} = *2",
        "Grundy values of piles 0..15: 0 1 0 1 2 3 2 0 1 0 1 2 3 2 0",
        "pile of 10: the player to move wins; winning moves: take 1 (leaving 9), take 3 (leaving 7)",
        "win: take 1 from pile #2, leaving [4, 5, 8]",
        "the P-position with difference 102334155 is (165580140, 267914295)",
        "move the chessman on 2 to 1",
        "G(0..24) = 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7",
        "period 12 from heap 71",
        "Dawson's Kayles (0.07): period 34 from heap 53, proven",
        "That is the tour.",
    ] {
        assert!(
            run.stdout.contains(fact),
            "the tour does not say {fact:?}:\n{}",
            run.stdout
        );
    }
}
