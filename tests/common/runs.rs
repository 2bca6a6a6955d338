//! What a run of a program printed and how it ended, and how a program of this project
//! rejects bad input. Shared by the examples' tests (`common::runs`) and the command line's
//! (`cli/tests/support/mod.rs` includes this file alone, through the symbolic link
//! `cli/tests/support/runs.rs`), so it uses nothing but `std`.

use std::process::Output;

/// What a run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    /// The run that ended with `output`; its outputs must be UTF-8.
    fn from(output: Output) -> Self {
        Run {
            status: output.status.code(),
            stdout: String::from_utf8(output.stdout).expect("UTF-8 output"),
            stderr: String::from_utf8(output.stderr).expect("UTF-8 errors"),
        }
    }
}

impl Run {
    /// Asserts that the run rejected its input: exit status 2, nothing on stdout, and exactly
    /// one line on stderr, starting `error:` and containing `mentions`. A failure names the
    /// run as `what`, followed by the run itself.
    pub fn assert_rejected(&self, what: &str, mentions: &str) {
        let what = format!("{what}: {self:?}");
        assert_eq!(self.status, Some(2), "{what}");
        assert_eq!(self.stdout, "", "{what}");
        assert!(self.stderr.starts_with("error: "), "{what}");
        assert!(self.stderr.ends_with('\n'), "{what}");
        assert_eq!(self.stderr.lines().count(), 1, "{what}");
        assert!(
            self.stderr.contains(mentions),
            "{what}: should mention {mentions:?}"
        );
    }
}
