//! The command line's argument parser (`cli/src/args.rs` and `cli/src/usage.rs`, compiled
//! here as they are in `grundy`) on arbitrary argument lists, Unicode or not: no panic; a
//! usage error is one non-empty line with nothing hidden in it; a command line that parses
//! holds no argument with a control character (none is ever valid).
#![no_main]

use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

use libfuzzer_sys::fuzz_target;

#[allow(dead_code)]
#[path = "../../cli/src/args.rs"]
mod args;
#[allow(dead_code)]
#[path = "../../cli/src/usage.rs"]
mod usage;

use usage::Parsed;

fuzz_target!(|data: &[u8]| {
    // Arguments are separated by NUL bytes, which no real argument can hold.
    let words: Vec<OsString> = data
        .split(|&b| b == 0)
        .take(12)
        .map(|word| OsString::from_vec(word.to_vec()))
        .collect();
    let mut arguments = vec![OsString::from("grundy")];
    arguments.extend(words.iter().cloned());
    match usage::parse(arguments) {
        Parsed::Usage(message) => {
            assert!(!message.is_empty(), "{words:?}");
            assert!(usage::is_one_line(&message), "{words:?}: {message:?}");
        }
        Parsed::Run(_) => {
            for word in &words {
                let text = word.to_str().unwrap_or_else(|| panic!("{words:?} parsed"));
                assert!(
                    !text.chars().any(|c| c.is_control()),
                    "{words:?} parsed with a control character"
                );
            }
        }
        Parsed::Help(_) => {}
    }
});
