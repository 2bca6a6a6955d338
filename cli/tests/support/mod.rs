//! Running the built `grundy` binary, and reading its answers.
//!
//! Adding a case is one line:
//! - a bad input: `bad_input(&[args], "a word the error must contain")`;
//! - a `grundy --json` answer: `answer_json::<MoveType>(&[args])` returns the parsed answer,
//!   with `MoveType` one of the move encodings below ([`HeapMove`], [`TakeMove`],
//!   [`PairMove`], [`SlideMove`], [`OctalMove`]);
//! - a `grundy --json table` answer: `table_json(&[args after "table"])` returns the parsed
//!   [`Table`];
//! - an answer in words: `answer_words(&[args], &["words it must contain"])`.
//!
//! [`Run`] and the check of a rejected input are the library's, shared with the tests of its
//! judge examples: `tests/common/runs.rs` (here `runs.rs` is a symbolic link to it, so that the
//! published package holds it).
#![allow(dead_code)] // each test file uses part of it

use std::collections::BTreeSet;
use std::process::{Command, Stdio};

use serde::Deserialize;
use serde::de::DeserializeOwned;

mod runs;
pub mod scale;
pub use runs::Run;

/// u128::MAX, as written on the command line.
pub const MAX: &str = "340282366920938463463374607431768211455";
/// One more than u128::MAX.
pub const MAX_PLUS_ONE: &str = "340282366920938463463374607431768211456";

/// Runs the built `grundy` with `args`, with nothing on its standard input.
pub fn run(args: &[&str]) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("grundy runs");
    Run::from(output)
}

/// `grundy` rejects these arguments: exit status 2, nothing on stdout, and exactly one line
/// on stderr, starting `error:` and containing `mentions`; or, with `--json` among the
/// arguments (before any `--`), that line is the JSON object of [`json_error`], its message
/// containing `mentions`.
pub fn bad_input(args: &[&str], mentions: &str) {
    if args
        .iter()
        .take_while(|&&arg| arg != "--")
        .any(|&arg| arg == "--json")
    {
        let error = json_error(args);
        assert!(
            error.error.contains(mentions),
            "grundy {args:?}: {error:?} lacks {mentions:?}"
        );
    } else {
        run(args).assert_rejected(&format!("grundy {args:?}"), mentions);
    }
}

/// The answer of `grundy --json`, with the moves of type `M`. Unknown fields are errors.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answer<M> {
    pub game: String,
    pub outcome: String,
    pub grundy: Option<u128>,
    /// Why `grundy` is `null`: there exactly when it is (see [`json_object_line`]).
    #[serde(default)]
    pub grundy_missing: Option<Missing>,
    pub winning_moves: Vec<M>,
}

/// Why an answer's `grundy` is `null`: `{"reason": "misere"}`, or a Wythoff board past its
/// table, `{"reason": "table-limit", "table_entries": E, "table_limit": L}`.
#[derive(Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Missing {
    pub reason: String,
    pub table_entries: Option<u128>,
    pub table_limit: Option<usize>,
}

/// A move of nim and misere-nim: heap `heap` is left with `to`.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct HeapMove {
    pub heap: usize,
    pub to: u128,
}

/// A move of bash and misere-bash.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct TakeMove {
    pub take: u128,
}

/// A move of wythoff: both heaps after the move.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct PairMove {
    pub to: [u128; 2],
}

/// A move of georgia-bob.
#[derive(Debug, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct SlideMove {
    pub from: u128,
    pub to: u128,
}

/// Runs `grundy --json ARGS`, checks that it prints exactly one line holding a JSON object
/// with exactly the four fields and well-formed values, and returns the parsed answer.
pub fn answer_json<M: DeserializeOwned>(args: &[&str]) -> Answer<M> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let line = json_object_line(&all, ["game", "outcome", "grundy", "winning_moves"]);
    // Typed parsing reads every u128 exactly (a generic `Value` would round big numbers).
    let answer: Answer<M> = serde_json::from_str(&line).expect("the answer's shape");
    assert_eq!(answer.game, args[0], "grundy {all:?}");
    // A player who wins has a winning move, except in a misère game with nothing left to
    // take: the opponent took the last counter and lost.
    let misere_end = match args[0] {
        "misere-nim" => args[1..].iter().all(|heap| *heap == "0"),
        "misere-wythoff" => args[1..] == ["0", "0"],
        "misere-bash" => args.get(1) == Some(&"0"),
        _ => false,
    };
    let outcome_agrees = match answer.outcome.as_str() {
        "N" => !answer.winning_moves.is_empty() || misere_end,
        "P" => answer.winning_moves.is_empty(),
        other => panic!("outcome {other:?} is neither N nor P"),
    };
    assert!(outcome_agrees, "grundy {all:?}: outcome and moves disagree");
    answer
}

/// `grundy` with these arguments succeeds, printing words (not JSON) that contain `mentions`.
pub fn answer_words(args: &[&str], mentions: &[&str]) {
    let run = run(args);
    assert_eq!(run.status, Some(0), "grundy {args:?}: {run:?}");
    assert_eq!(run.stderr, "", "grundy {args:?}");
    for word in mentions {
        assert!(
            run.stdout.contains(word),
            "grundy {args:?}: {run:?} lacks {word:?}"
        );
    }
}

/// The arguments of `grundy` for `game` and these numbers.
pub fn args_of<N: ToString>(game: &str, numbers: &[N]) -> Vec<String> {
    std::iter::once(game.to_owned())
        .chain(numbers.iter().map(N::to_string))
        .collect()
}

/// Runs `grundy --json` on `args` (as `String`s).
pub fn answer_json_of<M: DeserializeOwned>(args: &[String]) -> Answer<M> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    answer_json(&args)
}

/// The moves of an answer as a set, and whether they were distinct.
pub fn move_set<M: Ord>(moves: Vec<M>) -> (BTreeSet<M>, bool) {
    let count = moves.len();
    let set: BTreeSet<M> = moves.into_iter().collect();
    let distinct = set.len() == count;
    (set, distinct)
}

/// A move of an octal game: take `take` counters, leaving the heaps `to` (ascending, none
/// empty).
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct OctalMove {
    pub take: u128,
    pub to: Vec<u128>,
}

/// A move in a row of heaps of a subtraction game: take `take` from heap `heap`.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct RowTakeMove {
    pub heap: usize,
    pub take: u128,
}

/// A move in a row of heaps of an octal game: take `take` from heap `heap`, leaving `to`.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct RowOctalMove {
    pub heap: usize,
    pub take: u128,
    pub to: Vec<u128>,
}

/// A move in a row of heaps of Grundy's game: split heap `heap` into `to`.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct RowPairMove {
    pub heap: usize,
    pub to: [u128; 2],
}

/// A move of staircase Nim: carry `coins` from step `step` down one step.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq, PartialOrd, Ord)]
#[serde(deny_unknown_fields)]
pub struct StepMove {
    pub step: usize,
    pub coins: u128,
}

/// The answer of `grundy --json` when the list of moves is cut at `--max-moves`: the first
/// moves, how many there are in all, and the flag.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cut<M> {
    pub game: String,
    pub outcome: String,
    pub grundy: Option<u128>,
    /// Why `grundy` is `null`: there exactly when it is (see [`json_object_line`]).
    #[serde(default)]
    pub grundy_missing: Option<Missing>,
    pub winning_moves: Vec<M>,
    pub winning_move_count: u128,
    pub truncated: bool,
}

/// Runs `grundy --json ARGS` on a position whose moves are more than `--max-moves`: exactly
/// one line with the six fields of [`Cut`], the flag `true`, fewer moves listed than in all.
pub fn cut_json<M: DeserializeOwned>(args: &[&str]) -> Cut<M> {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let line = json_object_line(
        &all,
        [
            "game",
            "outcome",
            "grundy",
            "winning_moves",
            "winning_move_count",
            "truncated",
        ],
    );
    let cut: Cut<M> = serde_json::from_str(&line).expect("the cut answer's shape");
    assert!(cut.truncated, "grundy {all:?}");
    assert!(
        (cut.winning_moves.len() as u128) < cut.winning_move_count,
        "grundy {all:?}"
    );
    cut
}

/// The answer of `grundy --json ... --count`: the outcome, the value, the number of moves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counted {
    pub game: String,
    pub outcome: String,
    pub grundy: Option<u128>,
    /// Why `grundy` is `null`: there exactly when it is (see [`json_object_line`]).
    #[serde(default)]
    pub grundy_missing: Option<Missing>,
    pub winning_move_count: u128,
}

/// Runs `grundy --json ARGS --count`: exactly one line with the four fields of [`Counted`].
pub fn count_json(args: &[&str]) -> Counted {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    all.push("--count");
    let line = json_object_line(&all, ["game", "outcome", "grundy", "winning_move_count"]);
    serde_json::from_str(&line).expect("the count's shape")
}

/// The answer of `grundy --json ... --outcome`: the outcome and the value only.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeOnly {
    pub game: String,
    pub outcome: String,
    pub grundy: Option<u128>,
    /// Why `grundy` is `null`: there exactly when it is (see [`json_object_line`]).
    #[serde(default)]
    pub grundy_missing: Option<Missing>,
}

/// Runs `grundy --json ARGS --outcome`: exactly one line with the three fields of
/// [`OutcomeOnly`].
pub fn outcome_json(args: &[&str]) -> OutcomeOnly {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    all.push("--outcome");
    let line = json_object_line(&all, ["game", "outcome", "grundy"]);
    serde_json::from_str(&line).expect("the outcome's shape")
}

/// An error of `grundy --json`: its message and its kind.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JsonError {
    pub error: String,
    pub kind: String,
}

/// Runs `grundy ARGS` (which hold `--json`) on bad input: exit status 2, nothing on stdout,
/// and on stderr exactly one line holding a JSON object with exactly `error` and `kind`.
pub fn json_error(args: &[&str]) -> JsonError {
    let run = run(args);
    assert_eq!(run.status, Some(2), "grundy {args:?}: {run:?}");
    assert_eq!(run.stdout, "", "grundy {args:?}");
    assert!(run.stderr.ends_with('\n'), "grundy {args:?}: {run:?}");
    assert_eq!(run.stderr.lines().count(), 1, "grundy {args:?}: {run:?}");
    serde_json::from_str(&run.stderr).expect("an error's shape")
}

/// The answer of `grundy --json table`.
#[derive(Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub values: Vec<u32>,
    pub period: Option<usize>,
    pub preperiod: Option<usize>,
    pub saltus: Option<u32>,
}

impl Table {
    /// The proven period and preperiod, if any; all three of period, preperiod and saltus
    /// must be given or none, and a proven period today is plain (saltus 0).
    pub fn proven(&self) -> Option<(usize, usize)> {
        assert_eq!(self.period.is_some(), self.preperiod.is_some(), "{self:?}");
        assert_eq!(self.period.is_some(), self.saltus.is_some(), "{self:?}");
        assert!(self.saltus.is_none_or(|s| s == 0), "{self:?}");
        self.period.zip(self.preperiod)
    }
}

/// Runs `grundy --json table ARGS`, checks that it prints exactly one line holding a JSON
/// object with exactly the fields `values`, `period`, `preperiod` and `saltus`, and returns it.
pub fn table_json(args: &[&str]) -> Table {
    let mut all = vec!["--json", "table"];
    all.extend_from_slice(args);
    let line = json_object_line(&all, ["values", "period", "preperiod", "saltus"]);
    serde_json::from_str(&line).expect("the table's shape")
}

/// Runs `grundy ALL`, checks that it succeeds, printing nothing on stderr and exactly one line
/// on stdout holding a JSON object with exactly the fields `fields`, and returns that line.
fn json_object_line<const N: usize>(all: &[&str], fields: [&str; N]) -> String {
    let run = run(all);
    assert_eq!(run.status, Some(0), "grundy {all:?}: {run:?}");
    assert_eq!(run.stderr, "", "grundy {all:?}");
    assert!(run.stdout.ends_with('\n'), "grundy {all:?}: {run:?}");
    assert_eq!(run.stdout.lines().count(), 1, "grundy {all:?}: {run:?}");
    let value: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let keys: BTreeSet<&str> = value
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = BTreeSet::from(fields);
    // A `null` value comes with its reason, right after it.
    if value.get("grundy").is_some_and(serde_json::Value::is_null) {
        expected.insert("grundy_missing");
        assert!(
            run.stdout
                .contains("\"grundy\":null,\"grundy_missing\":{\"reason\":\""),
            "grundy {all:?}: {run:?}"
        );
    }
    assert_eq!(keys, expected, "grundy {all:?}");
    run.stdout
}
