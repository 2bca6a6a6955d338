//! How the examples print their text: all at once, at the end.
//!
//! A reader may stop before the text ends: `cargo run --example tour | head -1` wants one
//! line, and closes the pipe after it. That is a normal end, not a failure, but `print!`
//! panics on it ("failed printing to stdout: Broken pipe"), so the examples print through
//! [`print`], which ends quietly there and returns any other error.
//!
//! The tests and benches include several examples in one crate, each with this module.
#![allow(clippy::duplicate_mod)]

use std::io::{self, ErrorKind, Write};

/// Writes `text` to standard output; a reader that closed the pipe (`| head`) has read what
/// it wanted, so that is not an error.
pub fn print(text: &str) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(err) if err.kind() == ErrorKind::BrokenPipe => Ok(()),
        printed => printed,
    }
}
