//! A failure of the command: its one-line message, its kind, and how it is printed.
//!
//! Every failure is one line on standard error: `error: MESSAGE` in words, or with `--json`
//! one line of JSON, `{"error": "MESSAGE", "kind": "KIND"}`. The kind says what went wrong,
//! for a program to act on without reading the message:
//!
//! | kind | what | status |
//! |---|---|---|
//! | `usage` | the command line: an unknown game or flag, a missing or extra argument, a word that is not a number, a malformed set or code | 2 |
//! | `input` | a position the game's rules forbid (`K = 0`, two chessmen on one cell, too many coins) | 2 |
//! | `limit` | a heap or a table past `--table-limit` or `--memory-limit` | 2 |
//! | `time-limit` | no answer within `--time-limit` | 2 |
//! | `output` | the answer, or a `table` run's `--checkpoint`, could not be written (not the input's fault) | 1 |
//! | `interrupted` | a `table` run with `--checkpoint` stopped by Ctrl-C, `SIGTERM` or `SIGHUP`, its values saved | 130 |
//! | `wrong-value` | `table --audit` found a value its heap's moves contradict (a table resumed from an edited checkpoint, or memory that failed) | 1 |
//!
//! A failure that does not end the command (a checkpoint due while a `table` run goes on that
//! cannot be written) is one line too: `warning: MESSAGE`, or `{"warning": "MESSAGE", "kind":
//! "KIND"}` with `--json`.

/// What kind of failure: see the module's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// The command line could not be read.
    Usage,
    /// A position the game's rules forbid.
    Input,
    /// A heap or a table past a limit of the table.
    Limit,
    /// No answer within the time limit.
    TimeLimit,
    /// The answer could not be written.
    Output,
    /// A run that saves checkpoints was stopped by a signal (Ctrl-C, `SIGTERM`, `SIGHUP`).
    Interrupted,
    /// An audit found a value of the table that its heap's moves contradict.
    WrongValue,
}

impl Kind {
    /// The kind's name in JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::Input => "input",
            Kind::Limit => "limit",
            Kind::TimeLimit => "time-limit",
            Kind::Output => "output",
            Kind::Interrupted => "interrupted",
            Kind::WrongValue => "wrong-value",
        }
    }

    /// The exit status: 1 for a failure that is not the input's fault (the output, a wrong
    /// value found by an audit), 130 for a run stopped by a signal (as a shell reports a
    /// process ended by Ctrl-C), 2 otherwise.
    pub(crate) fn status(self) -> u8 {
        match self {
            Kind::Output | Kind::WrongValue => 1,
            Kind::Interrupted => 130,
            _ => 2,
        }
    }
}

/// A failure: its kind and its one-line message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Failure {
    /// What kind of failure.
    pub(crate) kind: Kind,
    /// The message, one line, with no `error:` before it.
    pub(crate) message: String,
}

impl Failure {
    /// A failure of this kind.
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
        }
    }

    /// A position the game's rules forbid.
    pub(crate) fn input(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Input, message)
    }

    /// A heap or a table past a limit.
    pub(crate) fn limit(message: impl Into<String>) -> Failure {
        Failure::new(Kind::Limit, message)
    }

    /// The line printed on standard error, newline-terminated: words, or JSON.
    pub(crate) fn line(&self, json: bool) -> String {
        labelled("error", &self.message, self.kind, json)
    }

    /// The line of a failure that does not end the command, followed by `then` (what happens
    /// instead): `warning: ...` in words, `{"warning": "...", "kind": "..."}` in JSON.
    pub(crate) fn warning_line(&self, json: bool, then: &str) -> String {
        labelled(
            "warning",
            &format!("{}{then}", self.message),
            self.kind,
            json,
        )
    }
}

/// `label: message` in words, or `{"label": "message", "kind": "..."}` in JSON, with a
/// newline.
fn labelled(label: &str, message: &str, kind: Kind, json: bool) -> String {
    if json {
        // A string always serializes; the fallback is never used.
        let message = serde_json::to_string(message)
            .unwrap_or_else(|_| format!("\"cannot write the {label}\""));
        format!("{{\"{label}\":{message},\"kind\":\"{}\"}}\n", kind.name())
    } else {
        format!("{label}: {message}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_is_one_line_in_words_or_json() {
        let failure = Failure::input("two chessmen stand on cell \"3\"");
        assert_eq!(
            failure.line(false),
            "error: two chessmen stand on cell \"3\"\n"
        );
        assert_eq!(
            failure.line(true),
            "{\"error\":\"two chessmen stand on cell \\\"3\\\"\",\"kind\":\"input\"}\n"
        );
        let warning = Failure::new(Kind::Output, "cannot write \"x\"");
        assert_eq!(
            warning.warning_line(false, "; on we go"),
            "warning: cannot write \"x\"; on we go\n"
        );
        assert_eq!(
            warning.warning_line(true, "; on we go"),
            "{\"warning\":\"cannot write \\\"x\\\"; on we go\",\"kind\":\"output\"}\n"
        );
        assert_eq!(Kind::Input.status(), 2);
        assert_eq!(Kind::Output.status(), 1);
        assert_eq!(Kind::Interrupted.status(), 130);
        assert_eq!(Kind::WrongValue.status(), 1);
        let names = [
            Kind::Usage,
            Kind::Input,
            Kind::Limit,
            Kind::TimeLimit,
            Kind::Output,
            Kind::Interrupted,
            Kind::WrongValue,
        ]
        .map(Kind::name);
        assert_eq!(
            names,
            [
                "usage",
                "input",
                "limit",
                "time-limit",
                "output",
                "interrupted",
                "wrong-value"
            ]
        );
    }
}
