//! The examples, run as a user runs them: the judge programs and the tour. (The command line
//! is its own crate, `cli/`, with its own tests.)
//!
//! The examples are built once per test run (`cargo build --workspace --examples` in the
//! profile of this test binary: the dependencies' features unified as `cargo test --workspace`
//! unifies them, so that cargo finds the examples that run built them fresh instead of
//! building every dependency again) and each test then runs a built binary directly.
//! The judges' answers on random inputs are checked against the brute force of
//! `common::judges`, which the command line's tests share.
//!
//! Adding a case is one line:
//! - a judge sample: `judge("name", "input", "expected output")`;
//! - a bad input: `bad_input("name", &[args], "stdin", "a word the error must contain")`.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

use quickcheck::{Arbitrary, Gen};

use common::judges::{
    SmallBash, SmallBoard, SmallHeaps, bash_values, georgia_bob_grundy, misere_nim_wins,
    wythoff_values,
};
use common::runs::Run;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/// The directory of the built examples.
fn examples() -> &'static PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        // This test binary lives in target/<profile dir>/deps; build the examples in the same
        // profile ("debug" is the dev profile's directory). Cargo puts them in
        // target/<profile dir>/examples.
        let exe = std::env::current_exe().expect("the test binary's path");
        let dir = exe
            .parent()
            .and_then(|deps| deps.parent())
            .expect("the profile's directory")
            .to_owned();
        let profile = dir
            .file_name()
            .and_then(|name| name.to_str())
            .map_or("dev", |name| if name == "debug" { "dev" } else { name })
            .to_owned();
        let status = Command::new(env!("CARGO"))
            .args(["build", "--quiet", "--workspace", "--examples", "--profile"])
            .arg(&profile)
            .arg("--manifest-path")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
            .status()
            .expect("cargo runs");
        assert!(status.success(), "cargo build --examples failed");
        dir.join("examples")
    })
}

/// Runs example `name` with `args`, feeding it `stdin`.
fn run(name: &str, args: &[&str], stdin: &str) -> Run {
    finish(start(name, args), stdin)
}

/// Runs example `name` with `args` as `name args | head -1` runs it: its stdout is a pipe
/// whose reader reads `lines` lines (1, or 0 for a reader that stops before the first) and
/// closes it. Returns what the reader read, and the run (whose stdout is empty). `stdin` is
/// written after the pipe is closed, so a judge, which writes nothing before its input ends,
/// is read for 0 lines, and its output always meets the closed pipe.
fn closed_early(name: &str, args: &[&str], lines: usize, stdin: &str) -> (String, Run) {
    let mut child = start(name, args);
    let mut stdout = BufReader::new(child.stdout.take().expect("a pipe from its stdout"));
    let mut read = String::new();
    for _ in 0..lines {
        stdout.read_line(&mut read).expect("a line of its output");
    }
    drop(stdout);
    (read, finish(child, stdin))
}

/// Starts example `name` with `args`, its standard streams piped.
fn start(name: &str, args: &[&str]) -> Child {
    let path = examples().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "no example named {name} was built");
    Command::new(path)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts")
}

/// Feeds `stdin` to a started example and waits for its end.
fn finish(mut child: Child, stdin: &str) -> Run {
    let mut input = child.stdin.take().expect("a pipe to its stdin");
    let stdin = stdin.to_owned();
    // Write from another thread, so a program that fails before reading cannot block us.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let output = child.wait_with_output().expect("the example runs");
    writer.join().expect("the stdin writer");
    Run::from(output)
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
    run(name, args, stdin)
        .assert_rejected(&format!("{name} {args:?} with stdin {stdin:?}"), mentions);
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
        "Georgia–Bob (normal play): N, the player to move wins; winning moves: cell 9 to cell 8; cell 2 to cell 1",
        "Kayles row of 7 + Nim heap of 5 + Wythoff (1, 2) + pile of 6 = *2 + *5 + *0 + *2 = *5",
        "  win: in Nim: reduce heap 0 to 0",
        "Nim (1, 1, 5) (misère play): N, the player to move wins; winning moves: reduce heap 2 to 1",
        "Wythoff (2, 2) (misère play): P, the player to move loses; winning moves: none",
        "a row of 10^30 pins is worth *1 (N)",
        // The whole line: the table behind it holds thousands of values.
        "G(0..24) = 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7\n",
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

/// A reader that has read enough closes the pipe (`| head -1`): every kind of example then
/// ends quietly, with status 0 and nothing on stderr, where `print!` panicked and a judge
/// reported the broken pipe. Each is read for one line, as `head -1` reads (the tour printed
/// line by line, so its next line met the closed pipe), and for none: an example writes its
/// text at once after computing it, so it meets a pipe closed before it writes; the judge
/// gets its input after the close, so it always does. (An example quicker than the close
/// would only fill the pipe: a slow machine can hide a failure here, never make one.)
#[test]
fn examples_end_quietly_when_their_reader_stops_early() {
    let cases: [(&str, &[&str], &[usize], &str); 5] = [
        ("tour", &[], &[1, 0], ""),
        ("nim_by_hand", &[], &[1, 0], ""),
        ("chomp", &[], &[1, 0], ""),
        ("cram", &["2", "2"], &[1, 0], ""),
        ("poj1067_wythoff", &[], &[0], "2 1\n8 4\n4 7\n"),
    ];
    for (name, args, reads, stdin) in cases {
        for &lines in reads {
            let (read, run) = closed_early(name, args, lines, stdin);
            let what = format!("{name} {args:?}, its reader gone after {lines} line(s): {run:?}");
            assert_eq!(read.lines().count(), lines, "{what}");
            assert_eq!(run.status, Some(0), "{what}");
            assert_eq!(run.stderr, "", "{what}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cram and Chomp from the command line (their values are checked in tests/hard_games.rs)
// ---------------------------------------------------------------------------------------------

#[test]
fn cram_and_chomp_read_one_board_and_reject_bad_ones() {
    // 2 × 2: every domino leaves one domino's room, worth *1, so the board is *0.
    let done = run("cram", &["2", "2"], "");
    assert_eq!(done.status, Some(0), "{done:?}");
    let lines: Vec<&str> = done.stdout.lines().collect();
    assert_eq!(lines[1..], ["value: *0"], "{done:?}");
    // With `--moves`, every winning first domino before the value. 2 × 3 is *1: a domino
    // down the middle column leaves two columns, *1 + *1 = *0, and one down an edge column
    // leaves a 2 × 2 board, *0; a domino along a row leaves an L of four cells, which is not
    // a P-position (a domino at its bend leaves two lone cells, *0).
    let done = run("cram", &["2", "3", "--moves"], "");
    assert_eq!(done.status, Some(0), "{done:?}");
    let lines: Vec<&str> = done.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{done:?}");
    assert_eq!(lines[2], "value: *1", "{done:?}");
    let mut wins: Vec<&str> = lines[1]
        .strip_prefix("winning moves: ")
        .expect("the winning moves")
        .split(", ")
        .collect();
    wins.sort_unstable();
    assert_eq!(
        wins,
        ["(0,0)-(1,0)", "(0,1)-(1,1)", "(0,2)-(1,2)"],
        "{done:?}"
    );
    // 1 × 2: one move, to the empty board.
    let done = run("chomp", &["1", "2"], "");
    assert_eq!(done.status, Some(0), "{done:?}");
    let lines: Vec<&str> = done.stdout.lines().collect();
    assert_eq!(
        lines[1..],
        ["value: *1", "winning moves: (0,1)"],
        "{done:?}"
    );
    for name in ["cram", "chomp"] {
        bad_input(name, &["3"], "", "expected ROWS COLS");
        bad_input(name, &["0", "3"], "", "usage");
        bad_input(name, &["3", "-2"], "", "\"-2\"");
        bad_input(name, &["3", "4", "5"], "", "3 arguments");
        // The arguments are named, so a misspelt flag shows itself.
        bad_input(
            name,
            &["4", "7", "--move"],
            "",
            r#"3 arguments: ["4", "7", "--move"]"#,
        );
        bad_input(name, &["--moves"], "", "expected ROWS COLS");
    }
    bad_input("cram", &["9", "8"], "", "72 cells");
    bad_input("chomp", &["33", "2"], "", "1 to 32");
}
