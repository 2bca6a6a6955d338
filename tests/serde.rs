//! The `serde` feature: values, outcomes, positions and moves serialise as their plain data,
//! and positions with rules are checked again when read. Run with
//! `cargo test --features serde --test serde`.
#![cfg(feature = "serde")]

use grundy::games::{Bash, BashMove, GeorgiaBob, Nim, NimMove, Staircase};
use grundy::{Nimber, Outcome, Play, Sum, SumMove};
use serde_test::{Token, assert_de_tokens_error, assert_tokens};

#[test]
fn values_outcomes_and_plays() {
    // `Nimber` is a `u128` in any format that has one (serde_test's tokens have none).
    fn round_trips<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    round_trips::<Nimber>();
    assert_tokens(
        &Outcome::Next,
        &[Token::UnitVariant {
            name: "Outcome",
            variant: "Next",
        }],
    );
    assert_tokens(
        &Play::Misere,
        &[Token::UnitVariant {
            name: "Play",
            variant: "Misere",
        }],
    );
}

#[test]
fn nim_positions_and_moves() {
    assert_tokens(
        &Nim::from([3u8, 5]),
        &[
            Token::Seq { len: Some(2) },
            Token::U8(3),
            Token::U8(5),
            Token::SeqEnd,
        ],
    );
    assert_tokens(
        &NimMove { index: 1, to: 2u64 },
        &[
            Token::Struct {
                name: "NimMove",
                len: 2,
            },
            Token::Str("index"),
            Token::U64(1),
            Token::Str("to"),
            Token::U64(2),
            Token::StructEnd,
        ],
    );
    assert_tokens(
        &Sum::from([Nim::from([1u8])]),
        &[
            Token::Seq { len: Some(1) },
            Token::Seq { len: Some(1) },
            Token::U8(1),
            Token::SeqEnd,
            Token::SeqEnd,
        ],
    );
    assert_tokens(
        &SumMove {
            component: 0,
            mv: BashMove { take: 2u16 },
        },
        &[
            Token::Struct {
                name: "SumMove",
                len: 2,
            },
            Token::Str("component"),
            Token::U64(0),
            Token::Str("mv"),
            Token::Struct {
                name: "BashMove",
                len: 1,
            },
            Token::Str("take"),
            Token::U16(2),
            Token::StructEnd,
            Token::StructEnd,
        ],
    );
}

#[test]
fn positions_with_rules_are_checked_when_read() {
    assert_tokens(
        &GeorgiaBob::new(vec![1u8, 4]).unwrap(),
        &[
            Token::Struct {
                name: "GeorgiaBob",
                len: 1,
            },
            Token::Str("cells"),
            Token::Seq { len: Some(2) },
            Token::U8(1),
            Token::U8(4),
            Token::SeqEnd,
            Token::StructEnd,
        ],
    );
    assert_de_tokens_error::<GeorgiaBob<u8>>(
        &[
            Token::Struct {
                name: "GeorgiaBob",
                len: 1,
            },
            Token::Str("cells"),
            Token::Seq { len: Some(2) },
            Token::U8(4),
            Token::U8(4),
            Token::SeqEnd,
            Token::StructEnd,
        ],
        "two chessmen stand on cell 4",
    );
    assert_de_tokens_error::<Staircase<u8>>(
        &[
            Token::Struct {
                name: "Staircase",
                len: 1,
            },
            Token::Str("steps"),
            Token::Seq { len: Some(2) },
            Token::U8(200),
            Token::U8(56),
            Token::SeqEnd,
            Token::StructEnd,
        ],
        "arithmetic overflow: the coins on steps 1 to 2 add up to more than 255, the most a u8 \
         holds (every move keeps the total, so it must fit); use a wider type",
    );
    assert_de_tokens_error::<Bash<u8>>(
        &[
            Token::Struct {
                name: "Bash",
                len: 2,
            },
            Token::Str("heap"),
            Token::U8(7),
            Token::Str("max_take"),
            Token::U8(0),
            Token::StructEnd,
        ],
        "the take limit k must be at least 1, got 0",
    );
    assert_tokens(
        &Bash::new(7u8, 3).unwrap(),
        &[
            Token::Struct {
                name: "Bash",
                len: 2,
            },
            Token::Str("heap"),
            Token::U8(7),
            Token::Str("max_take"),
            Token::U8(3),
            Token::StructEnd,
        ],
    );
}

#[test]
fn a_period_is_checked_when_read() {
    let kayles = grundy::sequence::Period::new(71, 12).unwrap();
    let tokens = |period| {
        [
            Token::Struct {
                name: "Period",
                len: 2,
            },
            Token::Str("preperiod"),
            Token::U64(71),
            Token::Str("period"),
            Token::U64(period),
            Token::StructEnd,
        ]
    };
    assert_tokens(&kayles, &tokens(12));
    assert_de_tokens_error::<grundy::sequence::Period>(
        &tokens(0),
        "a period must be at least 1, not 0",
    );
}
