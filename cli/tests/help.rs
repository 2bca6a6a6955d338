//! The help of every command: it fits 100 columns, and it lists `--misere` only where the
//! command takes it.
//!
//! The commands are found by walking the help itself: every name listed under `Games:` or
//! `Heap games:` is a command whose own help is walked in turn, so a new game is checked
//! without being named here.

use crate::support::run;

/// The widest line a help may print, in characters.
const WIDTH: usize = 100;

/// The commands listed in the help of `grundy PATH...` (under a heading that ends in
/// `games:`), without clap's `help`.
fn commands_under(help: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut listing = false;
    for line in help.lines() {
        if line.ends_with("games:") || line == "Games:" {
            listing = true;
        } else if line.is_empty() || !line.starts_with(' ') {
            listing = false;
        } else if listing {
            // A name starts two spaces in; a wrapped line of its text starts further in.
            if let Some(name) = line
                .strip_prefix("  ")
                .filter(|rest| !rest.starts_with(' '))
            {
                let name = name.split_whitespace().next().unwrap_or_default();
                if name != "help" {
                    names.push(name.to_owned());
                }
            }
        }
    }
    names
}

/// Every command as the words after `grundy`: the root, each game, each heap game of
/// `table`, `genus` and `quotient`.
fn every_command() -> Vec<Vec<String>> {
    let mut all = vec![Vec::new()];
    let mut i = 0;
    while i < all.len() {
        let path: Vec<String> = all[i].clone();
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        for name in commands_under(&run(&args).stdout) {
            let mut sub = path.clone();
            sub.push(name);
            all.push(sub);
        }
        i += 1;
    }
    all
}

#[test]
fn every_help_fits_100_columns() {
    let commands = every_command();
    // The root, 15 games, and three heap games under each of table, genus and quotient.
    assert!(commands.len() >= 25, "{commands:?}");
    for path in &commands {
        for flag in ["--help", "-h"] {
            let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
            args.push(flag);
            let help = run(&args);
            assert_eq!(help.status, Some(0), "grundy {args:?}: {help:?}");
            for line in help.stdout.lines() {
                assert!(
                    line.chars().count() <= WIDTH,
                    "grundy {args:?}: a line of {} characters:\n{line}",
                    line.chars().count()
                );
            }
        }
        // `grundy help PATH...` prints the same help.
        let mut args = vec!["help"];
        args.extend(path.iter().map(String::as_str));
        let help = run(&args);
        assert!(
            help.stdout
                .lines()
                .all(|line| line.chars().count() <= WIDTH),
            "grundy {args:?}"
        );
    }
}

#[test]
fn misere_is_listed_only_where_it_is_taken() {
    let takes = |path: &[&str]| {
        let mut args = path.to_vec();
        args.push("--help");
        run(&args).stdout.contains("--misere")
    };
    // The heap games, and the root (before a heap game's name).
    for path in [&[][..], &["octal"], &["subtraction"], &["grundys-game"]] {
        assert!(takes(path), "grundy {path:?} --help lacks --misere");
    }
    for path in [
        &["nim"][..],
        &["misere-nim"],
        &["bash"],
        &["wythoff"],
        &["misere-wythoff"],
        &["georgia-bob"],
        &["staircase"],
        &["coins"],
        &["table"],
        &["table", "octal"],
        &["genus"],
        &["genus", "octal"],
        &["quotient"],
        &["quotient", "subtraction"],
    ] {
        assert!(!takes(path), "grundy {path:?} --help lists --misere");
    }
    // Where it is refused it is still read, so that the error says why.
    let refused = run(&["wythoff", "3", "5", "--misere"]);
    assert_eq!(refused.status, Some(2));
    assert!(
        refused
            .stderr
            .starts_with("error: --misere is for a row of a heap game")
            && refused.stderr.contains("misere-wythoff"),
        "{refused:?}"
    );
    let table = run(&["table", "grundys-game", "5", "--misere"]);
    assert!(
        table
            .stderr
            .starts_with("error: --misere is for a row of a heap game")
    );
    // The refusals of table, genus and quotient say why, each on one line.
    assert!(table.stderr.contains("table lists the normal-play values"));
    for command in ["genus", "quotient"] {
        let refused = run(&["--misere", command, "octal", "0.75", "5"]);
        assert_eq!(refused.status, Some(2));
        assert!(
            refused.stderr.contains("answer misère play already"),
            "{refused:?}"
        );
        assert_eq!(refused.stderr.lines().count(), 1, "{refused:?}");
    }
    // Where it is taken, before or after the game's name, it answers the same.
    let before = run(&["--misere", "octal", "0.75", "3", "5", "7"]);
    let after = run(&["octal", "0.75", "3", "5", "--misere", "7"]);
    assert_eq!((before.status, &before.stdout), (Some(0), &after.stdout));
}

#[test]
fn the_placeholders_say_what_each_number_counts() {
    let help = |args: &[&str]| run(args).stdout;
    assert!(
        help(&["table", "octal", "--help"])
            .contains("<COUNT>  How many values: G(0) to G(COUNT - 1)")
    );
    assert!(
        help(&["genus", "octal", "--help"])
            .contains("<COUNT>  How many heaps: the heaps 0 to COUNT - 1")
    );
    let quotient = help(&["quotient", "octal", "--help"]);
    assert!(quotient.contains("Usage: grundy quotient octal [OPTIONS] <CODE> <MAX_HEAP>"));
    assert!(quotient.contains("the rows of heaps 0 to MAX_HEAP"));
    // The legends of a table's period and of a board's coins.
    assert!(help(&["table", "octal", "--help"]).contains("t is the most counters one move"));
    assert!(help(&["coins", "--help"]).contains("(a, b), (a, y), (x, b)"));
}

/// Runs `grundy ARGS` with its standard output a pipe whose reader is closed before anything
/// is read: an answer longer than a pipe holds (64 KiB on Linux) fails to be written whenever
/// the command gets to it, so no timing decides what this sees.
fn to_a_closed_reader(args: &[&str]) -> std::process::Output {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("grundy ends")
}

#[test]
fn a_reader_that_stops_reading_ends_the_command_quietly() {
    // 200 KB of JSON and 300 KB of words: more than a pipe holds.
    for args in [
        &["--json", "table", "subtraction", "1,3,4", "100000"][..],
        &["table", "subtraction", "1,3,4", "100000"],
    ] {
        let output = to_a_closed_reader(args);
        assert_eq!(output.status.code(), Some(0), "grundy {args:?}: {output:?}");
        assert_eq!(
            String::from_utf8_lossy(&output.stderr),
            "",
            "grundy {args:?}"
        );
    }
}

#[test]
fn the_help_of_help_is_the_help() {
    for (asked, same_as) in [
        (&["help", "--help"][..], &["help"][..]),
        (&["help", "-h"], &["help"]),
        (&["table", "help", "--help"], &["table", "help"]),
        (&["help", "octal", "--help"], &["help", "octal"]),
    ] {
        let (asked_run, same) = (run(asked), run(same_as));
        assert_eq!(asked_run.status, Some(0), "grundy {asked:?}: {asked_run:?}");
        assert_eq!(asked_run.stderr, "", "grundy {asked:?}");
        assert!(!same.stdout.is_empty(), "grundy {same_as:?}");
        assert_eq!(asked_run.stdout, same.stdout, "grundy {asked:?}");
    }
}
