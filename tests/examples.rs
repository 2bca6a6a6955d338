//! The examples, run as a user runs them: the `solve` command and the judge programs.
//!
//! The examples are built once per test run (`cargo build --examples` in the profile of this
//! test binary; cargo reuses what is fresh) and each test then runs a built binary directly.
//!
//! Adding a case is one line:
//! - a judge sample: `judge("name", "input", "expected output")`;
//! - a bad input: `bad_input("name", &[args], "stdin", "a word the error must contain")`;
//! - a `solve --json` answer: `solve_json::<MoveType>(&[args])` returns the parsed answer, with
//!   `MoveType` one of the move encodings below ([`HeapMove`], [`TakeMove`], [`PairMove`],
//!   [`SlideMove`]).

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
#[allow(dead_code)] // for the games still to come
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct TakeMove {
    take: u128,
}

/// A move of wythoff: both heaps after the move.
#[allow(dead_code)] // for the games still to come
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
struct PairMove {
    to: [u128; 2],
}

/// A move of georgia-bob.
#[allow(dead_code)] // for the games still to come
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
    let outcome_agrees = match answer.outcome.as_str() {
        "N" => !answer.winning_moves.is_empty(),
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

/// The games named on the command line that this build cannot answer yet. When a game is
/// added to examples/solve.rs, delete its line here and test it like nim above.
#[test]
fn solve_names_the_games_not_yet_available() {
    bad_input(
        "solve",
        &["misere-nim", "1", "2"],
        "",
        "'misere-nim' is not available",
    );
    bad_input("solve", &["bash", "5", "2"], "", "'bash' is not available");
    bad_input(
        "solve",
        &["misere-bash", "5", "2"],
        "",
        "'misere-bash' is not available",
    );
    bad_input(
        "solve",
        &["wythoff", "1", "2"],
        "",
        "'wythoff' is not available",
    );
    bad_input(
        "solve",
        &["georgia-bob", "1", "3"],
        "",
        "'georgia-bob' is not available",
    );
}

#[test]
fn solve_help_is_not_an_error() {
    for args in [&["--help"][..], &["nim", "--help"]] {
        let run = run("solve", args, "");
        assert_eq!(run.status, Some(0), "{run:?}");
        assert!(run.stdout.contains("Usage"), "{run:?}");
    }
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
