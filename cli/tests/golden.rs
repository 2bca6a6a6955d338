//! The golden corpus: every command line in `tests/golden/*.txt` prints exactly what it
//! printed when it was recorded, on standard output and standard error, with the same exit
//! status.
//!
//! The format of the corpus, where it came from, and the one normalisation (the program's
//! name in clap's `Usage:` line) are in `tests/golden/README.md`. Run it alone with
//! `cargo test -p grundy-cli --test cli -- golden::`; with `GRUNDY_GOLDEN_BLESS=1` it rewrites the
//! recorded outputs from the current binary instead of comparing them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The program's name when the corpus was recorded, and now. clap writes the running
/// binary's name in the `Usage:` line of its help; this is the only output allowed to differ.
const RECORDED_NAME: &str = "solve";
const NAME: &str = "grundy";

/// The mark of an output that does not end with a newline.
const NO_NEWLINE: &str = " (no newline at end)";

/// One command line with what it printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Case {
    /// A title for people.
    title: String,
    /// The arguments after the program's name.
    args: Vec<String>,
    /// The exit status.
    status: i32,
    /// Standard output, exactly.
    stdout: String,
    /// Standard error, exactly.
    stderr: String,
}

/// One file of the corpus: its comment lines, then its cases.
#[derive(Debug)]
struct File {
    path: PathBuf,
    preamble: String,
    cases: Vec<Case>,
}

/// Reads one file of the corpus. Panics, naming the line, on anything malformed.
fn parse(path: &Path, text: &str) -> File {
    let at = |line: usize| format!("{}:{}", path.display(), line + 1);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let starts_case = |line: &str| line.starts_with("=== ");
    let mut i = 0;
    let mut preamble = String::new();
    while i < lines.len() && !starts_case(lines[i]) {
        assert!(
            lines[i].starts_with('#'),
            "{}: only comments may come before the first case",
            at(i)
        );
        preamble += lines[i];
        i += 1;
    }
    let mut cases = Vec::new();
    while i < lines.len() {
        let header = |i: usize, key: &str| -> String {
            let line = lines.get(i).copied().unwrap_or_default();
            let value = line
                .strip_prefix(key)
                .and_then(|rest| rest.strip_suffix('\n'))
                .unwrap_or_else(|| panic!("{}: expected a line starting {key:?}", at(i)));
            value.to_owned()
        };
        let title = header(i, "=== ");
        let args: Vec<String> =
            serde_json::from_str(&header(i + 1, "args: ")).unwrap_or_else(|err| {
                panic!("{}: args must be a JSON array of strings: {err}", at(i + 1))
            });
        let status: i32 = header(i + 2, "status: ")
            .parse()
            .unwrap_or_else(|err| panic!("{}: bad status: {err}", at(i + 2)));
        i += 3;
        let mut outputs = Vec::new();
        for name in ["stdout", "stderr"] {
            let head = header(i, "--- ");
            let newline_at_end = if head == name {
                true
            } else if head == format!("{name}{NO_NEWLINE}") {
                false
            } else {
                panic!("{}: expected --- {name}", at(i));
            };
            i += 1;
            let mut output = String::new();
            while i < lines.len() && !starts_case(lines[i]) && !lines[i].starts_with("--- ") {
                output += lines[i];
                i += 1;
            }
            if !newline_at_end {
                output.pop();
                assert!(
                    !output.is_empty() && !output.ends_with('\n'),
                    "{}: an output marked {NO_NEWLINE:?} must end in a line with no newline",
                    at(i)
                );
            }
            outputs.push(output);
        }
        let stderr = outputs.pop().unwrap_or_default();
        let stdout = outputs.pop().unwrap_or_default();
        cases.push(Case {
            title,
            args,
            status,
            stdout,
            stderr,
        });
    }
    File {
        path: path.to_owned(),
        preamble,
        cases,
    }
}

/// Writes one file of the corpus back, exactly as [`parse`] reads it.
fn render(file: &File) -> String {
    let mut text = file.preamble.clone();
    for case in &file.cases {
        // A JSON array, with a space after each comma, as people write it.
        let args: Vec<String> = case
            .args
            .iter()
            .map(|arg| serde_json::to_string(arg).expect("a string serializes"))
            .collect();
        let args = format!("[{}]", args.join(", "));
        let _ = write!(
            text,
            "=== {}\nargs: {args}\nstatus: {}\n",
            case.title, case.status
        );
        for (name, output) in [("stdout", &case.stdout), ("stderr", &case.stderr)] {
            for line in output.lines() {
                assert!(
                    !line.starts_with("=== ") && !line.starts_with("--- "),
                    "{}: {}: an output line would read as a header: {line:?}",
                    file.path.display(),
                    case.title
                );
            }
            if output.is_empty() || output.ends_with('\n') {
                let _ = writeln!(text, "--- {name}");
                text += output;
            } else {
                let _ = writeln!(text, "--- {name}{NO_NEWLINE}");
                text += output;
                text += "\n";
            }
        }
    }
    text
}

/// The recorded output as the current binary must print it: a line starting
/// `Usage: solve` (followed by a space or the line's end) starts `Usage: grundy` instead.
/// Nothing else changes.
fn normalise(recorded: &str) -> String {
    let from = format!("Usage: {RECORDED_NAME}");
    recorded
        .split_inclusive('\n')
        .map(|line| match line.strip_prefix(&from) {
            Some(rest) if rest.is_empty() || rest.starts_with([' ', '\n']) => {
                format!("Usage: {NAME}{rest}")
            }
            _ => line.to_owned(),
        })
        .collect()
}

/// The files of the corpus, in name order.
fn corpus() -> Vec<File> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the corpus directory")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a UTF-8 corpus file");
            let file = parse(path, &text);
            // The parser and the writer agree on every byte, so each file says exactly what
            // the test reads from it.
            let again = render(&file);
            assert!(
                again == text,
                "{} does not read back as written: {}",
                path.display(),
                first_difference(&text, &again)
            );
            file
        })
        .collect()
}

/// Runs the built `grundy` on `args`: what it printed and its exit status, as a [`Case`].
fn run(title: &str, args: &[String]) -> Case {
    let output = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        // Colour is never on when the output is a pipe, unless it is forced.
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .output()
        .expect("grundy runs");
    Case {
        title: title.to_owned(),
        args: args.to_vec(),
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
    }
}

/// Runs every case, two at a time per core, returning the actual cases in the same order.
fn run_all(cases: &[&Case]) -> Vec<Case> {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 8));
    let next = AtomicUsize::new(0);
    let results = Mutex::new(vec![None; cases.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let actual = run(&case.title, &case.args);
                    results.lock().expect("no test thread panicked")[i] = Some(actual);
                }
            });
        }
    });
    results
        .into_inner()
        .expect("no test thread panicked")
        .into_iter()
        .map(|case| case.expect("every case ran"))
        .collect()
}

/// Where `expected` and `actual` first differ, for the report.
fn first_difference(expected: &str, actual: &str) -> String {
    let (mut e, mut a) = (expected.split_inclusive('\n'), actual.split_inclusive('\n'));
    for line in 1.. {
        match (e.next(), a.next()) {
            (None, None) => break,
            (x, y) if x == y => {}
            (x, y) => return format!("line {line}: expected {x:?}, got {y:?}"),
        }
    }
    "no difference".to_owned()
}

#[test]
fn every_recorded_command_line_prints_the_same_bytes() {
    let mut files = corpus();
    let cases: Vec<&Case> = files.iter().flat_map(|file| &file.cases).collect();
    assert!(cases.len() >= 250, "only {} cases", cases.len());
    let actual = run_all(&cases);

    if std::env::var_os("GRUNDY_GOLDEN_BLESS").is_some() {
        let mut actual = actual.into_iter();
        for file in &mut files {
            for case in &mut file.cases {
                *case = actual.next().expect("one result per case");
            }
            std::fs::write(&file.path, render(file)).expect("the corpus is writable");
        }
        return;
    }

    let mut failures = String::new();
    let mut failed = 0;
    let located = files
        .iter()
        .flat_map(|file| file.cases.iter().map(move |case| (&file.path, case)));
    for ((path, expected), actual) in located.zip(&actual) {
        let mut wrong = Vec::new();
        if actual.status != expected.status {
            wrong.push(format!(
                "status: expected {}, got {}",
                expected.status, actual.status
            ));
        }
        for (name, recorded, got) in [
            ("stdout", &expected.stdout, &actual.stdout),
            ("stderr", &expected.stderr, &actual.stderr),
        ] {
            let want = normalise(recorded);
            if *got != want {
                wrong.push(format!("{name}: {}", first_difference(&want, got)));
            }
        }
        if !wrong.is_empty() {
            failed += 1;
            let file = path.file_name().unwrap_or_default().to_string_lossy();
            let _ = writeln!(
                failures,
                "{file}: {}: grundy {:?}\n    {}",
                expected.title,
                expected.args,
                wrong.join("\n    ")
            );
        }
    }
    assert!(
        failed == 0,
        "{failed} of {} golden cases differ:\n{failures}",
        cases.len()
    );
}

#[test]
fn the_corpus_covers_every_game_and_option() {
    let files = corpus();
    let args: Vec<&Vec<String>> = files
        .iter()
        .flat_map(|file| &file.cases)
        .map(|case| &case.args)
        .collect();
    let uses = |word: &str| args.iter().any(|args| args.iter().any(|arg| arg == word));
    for word in [
        "nim",
        "misere-nim",
        "bash",
        "misere-bash",
        "wythoff",
        "misere-wythoff",
        "georgia-bob",
        "staircase",
        "subtraction",
        "octal",
        "grundys-game",
        "table",
        "help",
        "--json",
        "--max-moves",
        "--table-limit",
        "--time-limit",
        "--memory-limit",
        "--outcome",
        "--count",
        "--version",
        "--help",
        "-h",
    ] {
        assert!(uses(word), "no golden case uses {word}");
    }
    for status in [0, 2] {
        assert!(
            files
                .iter()
                .flat_map(|file| &file.cases)
                .any(|case| case.status == status),
            "no golden case exits with {status}"
        );
    }
}

#[test]
fn the_name_is_the_only_normalisation() {
    assert_eq!(
        normalise("x\nUsage: solve [OPTIONS] <GAME>\n\nUsage: solve\n"),
        "x\nUsage: grundy [OPTIONS] <GAME>\n\nUsage: grundy\n"
    );
    for untouched in [
        "Usage: solver x\n",
        " Usage: solve x\n",
        "error: solve nim\n",
        "the Usage: solve x\n",
    ] {
        assert_eq!(normalise(untouched), untouched);
    }
}

#[test]
fn the_format_is_exact_about_newlines() {
    let text = "# comment\n=== a\nargs: [\"x\", \"\"]\nstatus: 2\n--- stdout (no newline at end)\n\
                one\n--- stderr\n=== b\nargs: []\nstatus: 0\n--- stdout\n\n--- stderr\nerr\n";
    let file = parse(Path::new("t.txt"), text);
    assert_eq!(file.preamble, "# comment\n");
    assert_eq!(
        file.cases,
        vec![
            Case {
                title: "a".to_owned(),
                args: vec!["x".to_owned(), String::new()],
                status: 2,
                stdout: "one".to_owned(),
                stderr: String::new(),
            },
            Case {
                title: "b".to_owned(),
                args: Vec::new(),
                status: 0,
                stdout: "\n".to_owned(),
                stderr: "err\n".to_owned(),
            },
        ]
    );
    assert_eq!(render(&file), text);
}
