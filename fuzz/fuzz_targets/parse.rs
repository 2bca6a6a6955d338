//! Every parser of the crate on arbitrary text: no panic, no hang; a position that parses
//! is written back to text that parses to the same position.
#![no_main]

use core::fmt::Display;
use core::str::FromStr;
use grundy::games::{Bash, GeorgiaBob, HeapRow, Nim, Octal, Staircase, Subtraction, Wythoff};
use libfuzzer_sys::fuzz_target;

fn round_trip<T>(text: &str)
where
    T: FromStr + Display + PartialEq + core::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let written = value.to_string();
        let again = written
            .parse::<T>()
            .unwrap_or_else(|_| panic!("{written:?}, written from {value:?}, does not parse"));
        assert_eq!(again, value, "{text:?} -> {written:?}");
    }
}

fuzz_target!(|text: &str| {
    round_trip::<Nim<u8>>(text);
    round_trip::<Nim<u128>>(text);
    round_trip::<Bash<u16>>(text);
    round_trip::<Bash<u128>>(text);
    round_trip::<Staircase<u8>>(text);
    round_trip::<Staircase<u64>>(text);
    round_trip::<GeorgiaBob<u32>>(text);
    round_trip::<Wythoff<u64>>(text);
    round_trip::<Wythoff<u128>>(text);
    round_trip::<Octal>(text);
    round_trip::<Subtraction>(text);
    // A row needs rules; its heaps come from the text.
    if let Ok(row) = HeapRow::<Octal, u16>::parse(Octal::kayles(), text) {
        let again = HeapRow::parse(Octal::kayles(), &row.to_string()).expect("a row reads back");
        assert_eq!(again, row);
    }
});
