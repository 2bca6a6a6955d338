//! `grundy table` for long runs: `--threads`, `--checkpoint`, `--resume`, a stop by a signal,
//! and no progress bar where stderr is not a terminal. No test races a clock: a run is
//! stopped by `--time-limit 0`, which has passed before anything is computed, so it stops at
//! its first step, deterministically; the run stopped by a signal is one no machine can
//! finish, signalled once its first checkpoint shows it under way.

use crate::oracle;
use crate::support;

use support::*;

/// A fresh directory for one test's files.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

#[test]
fn the_table_is_the_same_at_every_thread_count() {
    // Past heap 4096, where the workers start: 6000 heaps in the quick run, 20000 in the
    // full one.
    let long = support::scale::bound(20_000, 6_000).to_string();
    for (game, count) in [
        (&["octal", "0.6"][..], long.as_str()),
        (&["octal", "0.16"], &long),
        (&["grundys-game"], &long),
        (&["subtraction", "1,3,4"], "300"),
    ] {
        let args = |threads: &'static str| {
            let mut args = game.to_vec();
            args.extend([count, "--threads", threads]);
            args
        };
        let one = table_json(&args("1"));
        for threads in ["2", "4"] {
            assert_eq!(
                table_json(&args(threads)),
                one,
                "{game:?} at {threads} threads"
            );
        }
    }
    // And the definition, for Officers.
    let table = table_json(&["octal", "0.6", "1500", "--threads", "2"]);
    let digits = oracle::octal_digits("0.6");
    let expected = oracle::heap_values(&|n| oracle::octal_options(&digits, n), 1500);
    assert_eq!(table.values, expected);
}

#[test]
fn a_run_stopped_by_its_time_limit_leaves_its_checkpoint_and_resumes_exactly() {
    let dir = scratch("checkpoints");
    let (first, second) = (dir.join("first.ck"), dir.join("second.ck"));
    let (first, second) = (first.to_str().unwrap(), second.to_str().unwrap());
    // A finished run leaves its checkpoint: the 5000 values.
    let five = table_json(&["octal", "0.6", "5000", "--checkpoint", first]);
    assert_eq!(five.values.len(), 5000);
    // A run resumed from it and stopped by its time limit at once leaves the same values.
    let stopped = run(&[
        "table",
        "octal",
        "0.6",
        "9000",
        "--resume",
        first,
        "--time-limit",
        "0",
        "--checkpoint",
        second,
    ]);
    assert_eq!(stopped.status, Some(2), "{stopped:?}");
    assert!(
        stopped
            .stderr
            .starts_with("error: no answer within the time limit of 0 s")
    );
    // The message says where the values so far are, and how to go on.
    assert!(
        stopped.stderr.trim_end().ends_with(&format!(
            "the values so far are saved in {second}: go on with --resume {second}"
        )),
        "{stopped:?}"
    );
    assert_eq!(stopped.stdout, "");
    assert_eq!(
        std::fs::read(first).unwrap(),
        std::fs::read(second).unwrap(),
        "the stopped run's checkpoint holds what it resumed from"
    );
    // Resumed, it finishes as an uninterrupted run does: values and period.
    let resumed = table_json(&["octal", "0.6", "9000", "--resume", second]);
    assert_eq!(resumed, table_json(&["octal", "0.6", "9000"]));
    assert_eq!(&resumed.values[..5000], &five.values[..]);
    // Kayles' period, found after a resume, is the one found at once.
    let kayles = dir.join("kayles.ck");
    let kayles = kayles.to_str().unwrap();
    table_json(&["octal", "0.77", "100", "--checkpoint", kayles]);
    let resumed = table_json(&["octal", "0.77", "1000", "--resume", kayles]);
    assert_eq!(resumed, table_json(&["octal", "0.77", "1000"]));
    assert_eq!(resumed.proven(), Some((12, 71)));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `grundy table octal 0.8 3000 --memory-limit 1 --checkpoint PATH`: a run that stops at its
/// memory limit, at the same heap on every machine (see the test below).
/// Checks that a run of [`stopped_by_one_mib`] with the checkpoint `path` is refused before it
/// computes anything (status 1, nothing printed, no word of its memory limit), its error
/// saying of `path` what `says`.
fn refused_before_the_run(path: &str, says: &str) {
    let refused = stopped_by_one_mib(path);
    assert_eq!(refused.status, Some(1), "{refused:?}");
    assert_eq!(refused.stdout, "");
    assert!(
        refused
            .stderr
            .contains(&format!("--checkpoint {path}: {says}"))
            && refused.stderr.contains("checked before the run starts")
            && !refused.stderr.contains("memory"),
        "{refused:?}"
    );
}

fn stopped_by_one_mib(path: &str) -> Run {
    run(&[
        "table",
        "octal",
        "0.8",
        "3000",
        "--memory-limit",
        "1",
        "--checkpoint",
        path,
    ])
}

#[test]
fn a_run_stopped_by_its_memory_limit_leaves_its_checkpoint_and_resumes_exactly() {
    // A code with a three-heap digit keeps tables of pair values that grow faster than its
    // values: within 1 MiB they hold a few hundred heaps of 0.8, and the run stops there,
    // at the same heap on every machine. The values before it were lost: no checkpoint was
    // written, only the error.
    let dir = scratch("memory-limit");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let stopped = stopped_by_one_mib(path);
    assert_eq!(stopped.status, Some(2), "{stopped:?}");
    assert_eq!(stopped.stdout, "");
    assert!(
        stopped.stderr.contains("--memory-limit of 1 MiB")
            && stopped.stderr.trim_end().ends_with(&format!(
                "the values so far are saved in {path}: go on with --resume {path}"
            )),
        "{stopped:?}"
    );
    // It holds the values before the stop (a resume that asks for fewer is refused, naming
    // how many), and resumed with room, the run is the uninterrupted one.
    let refused = run(&["table", "octal", "0.8", "1", "--resume", path]);
    let saved: usize = refused
        .stderr
        .split_once("it holds ")
        .and_then(|(_, rest)| rest.split_once(' '))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("{refused:?}"));
    assert!(saved > 100 && saved < 3000, "{saved}");
    let room = ["--memory-limit", "64"];
    let resumed = table_json(&["octal", "0.8", "3000", room[0], room[1], "--resume", path]);
    assert_eq!(
        resumed,
        table_json(&["octal", "0.8", "3000", room[0], room[1]])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_and_foreign_checkpoints_are_input_errors() {
    let dir = scratch("refused");
    let good = dir.join("good.ck");
    let good = good.to_str().unwrap();
    table_json(&["octal", "0.6", "2000", "--checkpoint", good]);
    let bytes = std::fs::read(good).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let truncated = write("truncated.ck", &bytes[..bytes.len() / 2]);
    let mut edited = bytes.clone();
    edited[200] ^= 4;
    let edited = write("edited.ck", &edited);
    let missing = dir.join("missing.ck");
    for (path, mentions) in [
        (truncated.as_str(), "damaged, truncated or edited"),
        (edited.as_str(), "damaged, truncated or edited"),
        (missing.to_str().unwrap(), "cannot read"),
    ] {
        bad_input(
            &["table", "octal", "0.6", "3000", "--resume", path],
            mentions,
        );
    }
    bad_input(
        &["table", "octal", "0.6", "1999", "--resume", good],
        "it holds 2000 values, more than the 1999 asked for",
    );
    bad_input(
        &["table", "grundys-game", "3000", "--resume", good],
        "it holds a table of octal 0.6, not of grundys-game",
    );
    bad_input(
        &["--json", "table", "octal", "0.77", "3000", "--resume", good],
        "not of octal 0.77",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_that_cannot_be_written_is_said_before_the_run() {
    // A folder that does not exist: the run would compute its table (here, stop at its
    // memory limit) before its first save found out, and lose it. Now nothing is computed.
    let dir = scratch("unwritable");
    let file = dir.join("no-such-folder").join("run.ck");
    let path = file.to_str().unwrap();
    refused_before_the_run(path, "cannot write");
    // A folder given as the file: the save's rename onto it would fail at the first save.
    refused_before_the_run(dir.to_str().unwrap(), "is a folder, not a file");
    // A folder that does exist is left as it was: no file beside the checkpoint stays.
    let good = dir.join("run.ck");
    let good = good.to_str().unwrap();
    table_json(&["octal", "0.6", "100", "--checkpoint", good]);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["run.ck"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Each checkpoint is written to `FILE.partial` first and renamed: a file of the user's own
/// by that name was emptied and deleted by the check before the run. Now it is refused and
/// kept; what a save leaves there unfinished (empty, or begun as a checkpoint) is taken.
#[test]
fn a_file_of_the_users_where_the_checkpoint_is_first_written_is_kept() {
    let dir = scratch("partial");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let partial = dir.join("run.ck.partial");
    std::fs::write(&partial, b"important\n").unwrap();
    refused_before_the_run(
        path,
        &format!("{path}.partial exists and is not a checkpoint"),
    );
    assert_eq!(std::fs::read(&partial).unwrap(), b"important\n");
    for leftover in [&b""[..], b"GRU", b"GRUNDYCK\x01\x02"] {
        std::fs::write(&partial, leftover).unwrap();
        table_json(&["octal", "0.6", "100", "--checkpoint", path]);
        assert!(!partial.exists(), "{leftover:?}");
        assert!(file.exists());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn checkpoint_every_without_a_checkpoint_is_refused() {
    let refused = run(&["table", "octal", "0.6", "10", "--checkpoint-every", "5"]);
    refused.assert_rejected("--checkpoint-every alone", "--checkpoint <FILE>");
    // With --checkpoint it is taken.
    let dir = scratch("every");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    table_json(&[
        "octal",
        "0.6",
        "10",
        "--checkpoint",
        path,
        "--checkpoint-every",
        "5",
    ]);
    assert!(file.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `RAYON_NUM_THREADS`, read when no `--threads` is given, is held to the same 1024 threads:
/// 20000 of them took a minute for ten values and then blamed the game.
#[test]
fn rayon_num_threads_is_held_to_the_threads_allowed() {
    use std::process::{Command, Stdio};
    let with = |value: &str, args: &[&str]| {
        Run::from(
            Command::new(env!("CARGO_BIN_EXE_grundy"))
                .args(args)
                .env("RAYON_NUM_THREADS", value)
                .stdin(Stdio::null())
                .output()
                .expect("grundy runs"),
        )
    };
    for args in [&["table", "octal", "0.6", "10"][..], &["nim", "3", "4"]] {
        let refused = with("20000", args);
        refused.assert_rejected(
            "RAYON_NUM_THREADS=20000",
            "RAYON_NUM_THREADS=20000: more than 1024 threads",
        );
    }
    // Text rayon does not read as a number, and 0, leave its default; 1024 is allowed.
    let whole = run(&["--json", "table", "octal", "0.6", "300"]);
    for value in ["abc", "0", "2", "1024"] {
        let taken = with(value, &["--json", "table", "octal", "0.6", "300"]);
        assert_eq!(taken.status, Some(0), "{value}: {taken:?}");
        assert_eq!(taken.stdout, whole.stdout, "{value}");
    }
}

#[cfg(unix)]
#[test]
fn a_checkpoint_onto_a_device_a_pipe_or_a_socket_is_said_before_the_run() {
    // `--checkpoint /dev/null` run by root made /dev/null a regular file holding the
    // checkpoint (the save renames its file into place). A socket stands in for a device.
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("special");
    let file = dir.join("socket.ck");
    let _listener = std::os::unix::net::UnixListener::bind(&file).unwrap();
    let path = file.to_str().unwrap();
    refused_before_the_run(path, "is not a regular file");
    assert!(
        std::fs::symlink_metadata(&file)
            .unwrap()
            .file_type()
            .is_socket()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_os = "linux")]
#[test]
fn a_global_pool_the_system_refuses_computes_on_one_thread_rather_than_panicking() {
    // 1000 threads for rayon's global pool in 400 MB of address space: the system refuses
    // their stacks, and rayon panicked ("The global thread pool has not been initialized")
    // at the engine's first question about the pool. Now the table is computed on one thread.
    // Each thread asks for a 1 GiB stack (RUST_MIN_STACK), which the address space refuses
    // at the first thread, every run. With the default 2 MiB stacks about 190 threads
    // started first, and in about one run of 40 the last of them got its stack but not its
    // signal stack, and the standard library aborted the process as the thread started:
    // not a refusal the engine can see, and not what this test is about.
    use std::process::{Command, Stdio};
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 400000 && exec \"$0\" --json table octal 0.6 6000",
        ])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .env("RAYON_NUM_THREADS", "1000")
        .env("RUST_MIN_STACK", "1073741824")
        .stdin(Stdio::null())
        .output()
        .expect("sh runs");
    let refused = Run::from(output);
    assert_eq!(refused.status, Some(0), "{refused:?}");
    assert_eq!(refused.stderr, "");
    let whole = run(&["--json", "table", "octal", "0.6", "6000", "--threads", "2"]);
    assert_eq!(refused.stdout, whole.stdout);
}

#[test]
fn threads_are_checked_and_no_progress_is_drawn_off_a_terminal() {
    bad_input(
        &["table", "octal", "0.6", "10", "--threads", "0"],
        "at least 1",
    );
    bad_input(
        &["table", "octal", "0.6", "10", "--threads", "x"],
        "not a decimal number",
    );
    // stderr is a pipe here: a long run prints its table and nothing else.
    let run = run(&["table", "octal", "0.6", "30000", "--threads", "2"]);
    assert_eq!(run.status, Some(0));
    assert_eq!(run.stderr, "");
}

#[cfg(unix)]
#[test]
fn a_signal_stops_a_checkpointed_run_which_resumes_exactly() {
    // The test waits for the run's first checkpoint, which shows that the run is under way
    // with its handler in place, and then signals; nothing here depends on how fast the
    // machine is.
    for signal in ["INT", "TERM"] {
        let dir = scratch(&format!("signal-{signal}"));
        let file = dir.join("run.ck");
        let path = file.to_str().unwrap();
        let heaps = (1u32 << 27).to_string();
        let (child, mut guard) = endless_run(&file);
        send(&format!("-{signal}"), child.id());
        let stopped = child.wait_with_output().unwrap();
        guard.0 = None;
        assert_eq!(stopped.status.code(), Some(130), "SIG{signal}: {stopped:?}");
        assert!(stopped.stdout.is_empty());
        // One line: how many values the checkpoint holds, where it is and how to go on.
        let stderr = String::from_utf8(stopped.stderr).unwrap();
        let rest = stderr
            .strip_prefix(&format!(
                "error: table octal 0.6 {heaps}: stopped by a signal; the "
            ))
            .unwrap_or_else(|| panic!("SIG{signal}: {stderr}"));
        let (saved, rest) = rest.split_once(' ').unwrap();
        assert_eq!(
            rest,
            format!("values so far are saved in {path}: go on with --resume {path}\n")
        );
        let saved: usize = saved.parse().unwrap();
        assert!(saved > 0);
        // The checkpoint holds exactly that many values (a resume that asks for one fewer is
        // refused, naming them), and resumed, the run is the uninterrupted one.
        let fewer = (saved - 1).to_string();
        bad_input(
            &["table", "octal", "0.6", &fewer, "--resume", path],
            &format!("it holds {saved} values"),
        );
        let count = (saved + 100).to_string();
        let resumed = table_json(&["octal", "0.6", &count, "--resume", path]);
        assert_eq!(
            resumed,
            table_json(&["octal", "0.6", &count]),
            "SIG{signal}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Two signals close together (Ctrl-C, then `SIGTERM`): the second ends the run at once.
/// Whether it came while the first's checkpoint was being written or after, the run exits with
/// status 130 and one line that says where the values are, no file is left beside the
/// checkpoint, and the checkpoint resumes to the uninterrupted run.
#[cfg(unix)]
#[test]
fn a_second_signal_ends_the_run_at_once_and_leaves_a_whole_checkpoint() {
    let dir = scratch("two-signals");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let (child, mut guard) = endless_run(&file);
    // Two kinds of signal: two of one kind sent together may arrive as one.
    for signal in ["-INT", "-TERM"] {
        send(signal, child.id());
    }
    let stopped = child.wait_with_output().unwrap();
    guard.0 = None;
    assert_eq!(stopped.status.code(), Some(130), "{stopped:?}");
    assert!(stopped.stdout.is_empty());
    let stderr = String::from_utf8(stopped.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let at_once = format!(
        "error: stopped at once by a second signal; {path} holds the last checkpoint written \
         whole: go on with --resume {path}\n"
    );
    assert!(
        stderr == at_once || stderr.contains("stopped by a signal; the "),
        "{stderr}"
    );
    // Only the checkpoint is left, and it is whole.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let refused = json_error(&["--json", "table", "octal", "0.6", "1", "--resume", path]);
    let (_, rest) = refused
        .error
        .split_once("it holds ")
        .expect("its values named");
    let saved: usize = rest.split(' ').next().unwrap().parse().unwrap();
    let count = (saved + 100).to_string();
    assert_eq!(
        table_json(&["octal", "0.6", &count, "--resume", path]),
        table_json(&["octal", "0.6", &count])
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ends the process of this id, if still set, when dropped: a test that fails while a run it
/// started is going on does not leave the run behind.
#[cfg(unix)]
struct Reaper(Option<u32>);

#[cfg(unix)]
impl Drop for Reaper {
    fn drop(&mut self) {
        if let Some(id) = self.0 {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", &id.to_string()])
                .status();
        }
    }
}

/// Sends `signal` (`-INT`, `-TERM`) to the process `id`.
#[cfg(unix)]
fn send(signal: &str, id: u32) {
    let sent = std::process::Command::new("kill")
        .args([signal, &id.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}

/// Starts Officers to 2^27 heaps with a checkpoint to `file` every second, its output piped,
/// and returns once its first checkpoint is written: days of a debug build, minutes of a
/// release one, so no machine finishes it first. The wait is for the file, bounded against a
/// hang only. The [`Reaper`] ends the run should the test fail.
#[cfg(unix)]
fn endless_run(file: &std::path::Path) -> (std::process::Child, Reaper) {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let heaps = (1u32 << 27).to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["table", "octal", "0.6", &heaps, "--table-limit", &heaps])
        .args(["--time-limit", "86400", "--checkpoint"])
        .arg(file)
        .args(["--checkpoint-every", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let guard = Reaper(Some(child.id()));
    let waiting = Instant::now();
    while !file.exists() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the run ended before its first checkpoint: {status}");
        }
        // A bound against a hang, not a measure: the checkpoint is due after 1 s.
        assert!(
            waiting.elapsed() < Duration::from_secs(600),
            "no checkpoint written"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, guard)
}

/// A checkpoint that cannot be written while the run goes on (here a folder put in its place
/// once the first is written) is a warning, and the run goes on and tries again a second
/// later; the checkpoint of the stop by a signal cannot be written either, which ends the run
/// with that error. As above, the run is one no machine finishes, and every wait is for a
/// line or a file, bounded against a hang only.
#[cfg(unix)]
#[test]
fn a_checkpoint_that_cannot_be_written_mid_run_is_a_warning_and_the_run_goes_on() {
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let dir = scratch("unwritable-mid-run");
    let file = dir.join("run.ck");
    let path = file.to_str().unwrap();
    let (mut child, mut guard) = endless_run(&file);
    let stderr = child.stderr.take().unwrap();
    let (lines, read) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let _ = lines.send(line.unwrap());
        }
    });
    let bound = Duration::from_secs(600);
    // A folder in the checkpoint's place (a save renaming its file in between puts the file
    // back: then again).
    while !file.is_dir() {
        let _ = std::fs::remove_file(&file);
        let _ = std::fs::create_dir(&file);
    }
    let want = format!("warning: --checkpoint {path}: checkpoint refused: cannot write {path}: ");
    let then = "; the run goes on, and the next checkpoint is tried in 1 s (no checkpoint is \
                kept there: it is not a file)";
    let mut warnings = 0;
    while warnings < 2 {
        let line = read.recv_timeout(bound).expect("a warning");
        assert!(line.starts_with(&want) && line.ends_with(then), "{line}");
        warnings += 1;
    }
    assert!(child.try_wait().unwrap().is_none(), "the run goes on");
    send("-INT", child.id());
    let stopped = child.wait_with_output().unwrap();
    guard.0 = None;
    reader.join().unwrap();
    // The stop's checkpoint cannot be written: that error ends the run (after any more
    // warnings of the checkpoints tried before the signal was seen).
    let rest: Vec<String> = read.try_iter().collect();
    let (last, before) = rest.split_last().expect("the error's line");
    assert!(before.iter().all(|l| l.starts_with(&want)), "{before:?}");
    assert!(
        last.starts_with(&format!(
            "error: --checkpoint {path}: checkpoint refused: cannot write {path}: "
        )) && last.ends_with(
            "; the run was stopped by a signal, and its values since the last checkpoint \
             written are not saved (no checkpoint is kept there: it is not a file)"
        ),
        "{last}"
    );
    assert_eq!(stopped.status.code(), Some(1), "{stopped:?}");
    assert!(stopped.stdout.is_empty());
    // The folder is as it was, and nothing is left beside it.
    assert!(file.is_dir());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 64-bit FNV-1a of `bytes`, written here from its definition, to sign an edit again.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn an_audit_checks_the_table_and_names_a_value_edited_into_a_resumed_checkpoint() {
    // A clean table passes: the words say so, and the JSON counts the heaps.
    let words = run(&["table", "octal", "0.6", "3000", "--audit", "200"]);
    assert_eq!(words.status, Some(0), "{words:?}");
    assert!(
        words.stdout.ends_with(
            "audit: 200 heaps checked against the definition, every move listed: every value \
             agrees\n"
        ),
        "{words:?}"
    );
    let json = run(&["--json", "table", "octal", "0.6", "3000", "--audit", "200"]);
    let value: serde_json::Value = serde_json::from_str(&json.stdout).expect("JSON");
    assert_eq!(value["audited"], 200, "{json:?}");
    assert_eq!(value["values"].as_array().map(Vec::len), Some(3000));
    let one = run(&["table", "subtraction", "1,3,4", "10", "--audit", "1"]);
    assert!(
        one.stdout.ends_with(
            "audit: 1 heap checked against the definition, every move listed: every value agrees\n"
        ),
        "{one:?}"
    );
    // More heaps than the table: every heap.
    let all = run(&[
        "--json",
        "table",
        "subtraction",
        "1,3,4",
        "50",
        "--audit",
        "1000",
    ]);
    let value: serde_json::Value = serde_json::from_str(&all.stdout).expect("JSON");
    assert_eq!(value["audited"], 50, "{all:?}");

    // Subtraction {1, 2, 3}, G(n) = n mod 4: a game with no splitting move records no
    // split, so a value edited within its heap's moves, with the checksum signed again,
    // resumes; the audit of every heap names it.
    let dir = scratch("audit");
    let path = dir.join("s123.ck");
    let path = path.to_str().unwrap();
    table_json(&["subtraction", "1,2,3", "2000", "--checkpoint", path]);
    let mut bytes = std::fs::read(path).unwrap();
    // The values start after the magic and version (12 bytes), the name's length (4) and
    // name, the count (8) and the width (1): one byte a value here.
    let name = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let values = 16 + name + 9;
    assert_eq!(bytes[values + 1003], 3);
    bytes[values + 1003] = 1;
    let body = bytes.len() - 8;
    let sum = fnv(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(path, &bytes).unwrap();
    let resumed = ["table", "subtraction", "1,2,3", "2000", "--resume", path];
    assert_eq!(run(&resumed).status, Some(0), "the edit resumes");
    // The resumed table is whole, so a time limit of 0 stops nothing before the audit, which
    // reads it before its first heap.
    let late = run(&[&resumed[..], &["--time-limit", "0", "--audit", "2000"]].concat());
    assert_eq!(late.status, Some(2), "{late:?}");
    assert_eq!(
        late.stderr,
        "error: no answer within the time limit of 0 s: the table is done, but checking its \
         heaps against every move (--audit) is too costly (raise --time-limit, or audit fewer \
         heaps)\n"
    );
    let audited = run(&[&resumed[..], &["--audit", "2000"]].concat());
    assert_eq!(audited.status, Some(1), "{audited:?}");
    assert_eq!(audited.stdout, "");
    assert_eq!(
        audited.stderr,
        "error: table subtraction 1,2,3 2000: --audit: heap 1003: the table holds 1, but the \
         mex of the heap's options is 3; the table is wrong (damaged, or resumed from an \
         edited checkpoint)\n"
    );
    let json = run(&[&["--json"][..], &resumed, &["--audit", "2000"]].concat());
    let error: serde_json::Value = serde_json::from_str(&json.stderr).expect("JSON");
    assert_eq!(error["kind"], "wrong-value", "{json:?}");
    assert_eq!(json.status, Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}
