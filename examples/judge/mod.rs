//! What every judge example shares: reading the judge's input and failing politely.
//!
//! A judge's input is a stream of tokens separated by any ASCII white space. [`run`] reads all
//! of standard input at once, hands the tokens to the example's `solve` function, and writes
//! that function's whole output in one go. Numbers are parsed byte by byte from that one buffer,
//! with no UTF-8 check and no allocation per token: up to 19 digits (which cannot overflow a
//! `u64`) without checks, anything longer with overflow checked, so the reading costs a fraction
//! of C's `scanf` and never panics. Any problem
//! with the input becomes one line `error: ...` on standard error and exit status 2
//! (status 1 if the output cannot be written; a reader that closed the pipe early, as
//! `| head -1` does, is a normal end, with status 0).
//!
//! Each judge uses only part of this module.
#![allow(dead_code)]

use std::io::{ErrorKind, Read, Write};
use std::process::ExitCode;

/// The tokens of the input, read from the front.
#[derive(Debug)]
pub struct Tokens {
    bytes: Vec<u8>,
    /// The index of the next unread byte.
    at: usize,
    /// How many tokens have been read, to name a bad one by its number.
    read: u64,
}

impl Tokens {
    /// The tokens of `bytes`.
    pub fn new(bytes: Vec<u8>) -> Self {
        Tokens {
            bytes,
            at: 0,
            read: 0,
        }
    }

    /// The next number, named `what` in the error if it is missing or not a `u64`.
    #[inline]
    pub fn u64(&mut self, what: &str) -> Result<u64, String> {
        self.u64_or_end(what)?.ok_or_else(|| {
            format!(
                "the input ended where token {} ({what}) was expected",
                self.read + 1
            )
        })
    }

    /// The next number, or `None` at the end of the input (for inputs that run to the end of
    /// the file).
    #[inline]
    pub fn u64_or_end(&mut self, what: &str) -> Result<Option<u64>, String> {
        let bytes = self.bytes.as_slice();
        let mut at = self.at;
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        if at == bytes.len() {
            self.at = at;
            return Ok(None);
        }
        self.read += 1;
        // The fast path: up to 19 digits, which cannot overflow a u64, then white space or
        // the end. Anything else (a 20-digit number, a bad token) takes the checked path.
        let start = at;
        let short = bytes.len().min(start + 19);
        let mut value: u64 = 0;
        while at < short {
            let digit = bytes[at].wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value * 10 + u64::from(digit);
            at += 1;
        }
        let ends = at == bytes.len() || bytes[at].is_ascii_whitespace();
        if at == start || !ends {
            return self.checked(start, what).map(Some);
        }
        self.at = at;
        Ok(Some(value))
    }

    /// The number of `read` tokens starting at `start`, parsed with overflow checks, or the
    /// error that names it.
    #[cold]
    fn checked(&mut self, start: usize, what: &str) -> Result<u64, String> {
        let bytes = &self.bytes;
        let mut at = start;
        let mut value: u64 = 0;
        let mut fits = true;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            let digit = u64::from(bytes[at] - b'0');
            match value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                Some(v) => value = v,
                None => fits = false,
            }
            at += 1;
        }
        let ends = at == bytes.len() || bytes[at].is_ascii_whitespace();
        if at == start || !ends || !fits {
            let mut end = at;
            while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
                end += 1;
            }
            let token = String::from_utf8_lossy(&bytes[start..end.min(start + 40)]);
            let problem = if fits {
                "is not a non-negative decimal integer"
            } else {
                "is larger than u64::MAX"
            };
            return Err(format!("token {} ({what}) '{token}' {problem}", self.read));
        }
        self.at = at;
        Ok(value)
    }

    /// The next `count` numbers, each named `what` in an error.
    pub fn u64s(&mut self, count: u64, what: &str) -> Result<Vec<u64>, String> {
        // A number takes at least two bytes with its separator, so the input bounds the
        // capacity whatever count it claims.
        let room = (self.bytes.len() - self.at) / 2 + 1;
        let mut numbers = Vec::with_capacity(usize::try_from(count).unwrap_or(room).min(room));
        for _ in 0..count {
            numbers.push(self.u64(what)?);
        }
        Ok(numbers)
    }
}

/// Runs a judge: reads standard input, calls `solve` on its tokens, writes what `solve`
/// wrote, and turns an error into one `error:` line and exit status 2.
pub fn run(solve: fn(&mut Tokens, &mut Vec<u8>) -> Result<(), String>) -> ExitCode {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        // Typed at a terminal, not piped: say what the program waits for.
        let _ = writeln!(
            std::io::stderr(),
            "reading the judge's input from standard input (the sample in this example's \
             docs, piped with printf; or type it and end it with Ctrl-D)"
        );
    }
    let mut bytes = Vec::new();
    if let Err(err) = std::io::stdin().lock().read_to_end(&mut bytes) {
        return fail(&format!("cannot read the input: {err}"), 2);
    }
    let mut out = Vec::new();
    if let Err(message) = solve(&mut Tokens::new(bytes), &mut out) {
        return fail(&message, 2);
    }
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(&out).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader closed the pipe early (`| head -1`): it has read what it wanted.
        Err(err) if err.kind() == ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => fail(&format!("cannot write the output: {err}"), 1),
    }
}

/// Prints `error: message` on standard error and returns the exit status.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(status)
}
