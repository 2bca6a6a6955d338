//! The `serde` feature: values, outcomes, positions and moves serialise as their plain data,
//! and positions with rules are checked again when read. Run with
//! `cargo test --features serde --test suite -- serde::`.
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
    // A loopy game's outcome and value: a draw, and `∞{}` (a value with nimbers inside has
    // no tokens here, as `Nimber` has none, but serialises as its plain data).
    round_trips::<grundy::loopy::Value>();
    assert_tokens(
        &grundy::loopy::Outcome::Draw,
        &[Token::UnitVariant {
            name: "Outcome",
            variant: "Draw",
        }],
    );
    assert_tokens(
        &grundy::loopy::Value::Infinite(vec![]),
        &[
            Token::NewtypeVariant {
                name: "Value",
                variant: "Infinite",
            },
            Token::Seq { len: Some(0) },
            Token::SeqEnd,
        ],
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

/// The moves of a tuple of games, `Part`, of two and three components: each is its variant
/// and the move in it, written and read back.
#[test]
fn moves_of_tuples_of_two_and_three_games() {
    use grundy::prelude::*;
    use grundy::{Direct, Part};
    fn round_trips<T: serde::Serialize + serde::de::DeserializeOwned>() {}
    type Two = (Nim<u8>, Bash<u8>);
    type Three = (Nim<u8>, Bash<u8>, Staircase<u8>);
    round_trips::<<Two as Game>::Move>();
    round_trips::<<Three as Game>::Move>();
    let bash_move = |take| {
        [
            Token::Struct {
                name: "BashMove",
                len: 1,
            },
            Token::Str("take"),
            Token::U8(take),
            Token::StructEnd,
        ]
    };
    // (Nim (1, 2), Bash 5 taking up to 3) = *3 + *1: the winning moves of the sum.
    let two: Two = (Nim::from([1u8, 2]), Bash::new(5u8, 3).unwrap());
    let winning: Vec<_> = Direct.winning_moves(&two, Play::Normal).unwrap().collect();
    let mv: <Two as Game>::Move = Part::P1(BashMove { take: 3 });
    let mut tokens = vec![Token::NewtypeVariant {
        name: "Part",
        variant: "P1",
    }];
    tokens.extend(bash_move(3));
    assert_tokens(&mv, &tokens);
    let nim: <Two as Game>::Move = Part::P0(NimMove { index: 1, to: 0 });
    assert_tokens(
        &nim,
        &[
            Token::NewtypeVariant {
                name: "Part",
                variant: "P0",
            },
            Token::Struct {
                name: "NimMove",
                len: 2,
            },
            Token::Str("index"),
            Token::U64(1),
            Token::Str("to"),
            Token::U8(0),
            Token::StructEnd,
        ],
    );
    assert!(winning.contains(&nim), "{winning:?}");
    assert_eq!(
        Direct.grundy(&two.play(nim).unwrap()).unwrap(),
        Nimber::ZERO
    );
    // A move of a tuple of three, read back, is played as the one written.
    let three: Three = (
        Nim::from([1u8, 2]),
        Bash::new(5u8, 3).unwrap(),
        Staircase::new(vec![0u8, 3]).unwrap(),
    );
    let mv: <Three as Game>::Move = Part::P1(BashMove { take: 2 });
    let mut tokens = vec![Token::NewtypeVariant {
        name: "Part",
        variant: "P1",
    }];
    tokens.extend(bash_move(2));
    assert_tokens(&mv, &tokens);
    assert_eq!(three.play(mv).unwrap().1, Bash::new(3u8, 3).unwrap());
    // A component the tuple does not have is no move: it cannot be read.
    assert_de_tokens_error::<<Two as Game>::Move>(
        &[
            Token::NewtypeVariant {
                name: "Part",
                variant: "P2",
            },
            Token::UnitVariant {
                name: "NoComponent",
                variant: "Any",
            },
        ],
        "unknown variant `Any`, there are no variants",
    );
}

/// A coin-turning position is its rule and its heads; read, it is made again by
/// `Coins::new`, so coin 0 of Turning Turtles and a coin named twice are refused.
#[test]
fn coin_positions_are_checked_when_read() {
    use grundy::coins::{CoinMove, Coins, TurningTurtles};

    let tokens = |heads: &[u8]| {
        let mut tokens = vec![
            Token::Struct {
                name: "Coins",
                len: 2,
            },
            Token::Str("rule"),
            Token::UnitStruct {
                name: "TurningTurtles",
            },
            Token::Str("heads"),
            Token::Seq {
                len: Some(heads.len()),
            },
        ];
        tokens.extend(heads.iter().map(|&h| Token::U8(h)));
        tokens.extend([Token::SeqEnd, Token::StructEnd]);
        tokens
    };
    assert_tokens(
        &Coins::new(TurningTurtles, [5u8, 2]).unwrap(),
        &tokens(&[2, 5]),
    );
    assert_de_tokens_error::<Coins<TurningTurtles, u8>>(
        &tokens(&[0, 5]),
        "coin 0 cannot be a head: Turning Turtles numbers its coins from 1",
    );
    assert_de_tokens_error::<Coins<TurningTurtles, u8>>(
        &tokens(&[3, 3]),
        "coin 3 cannot be a head: it is named twice; a coin shows heads or tails",
    );
    assert_tokens(
        &CoinMove {
            head: 5u8,
            others: vec![2],
        },
        &[
            Token::Struct {
                name: "CoinMove",
                len: 2,
            },
            Token::Str("head"),
            Token::U8(5),
            Token::Str("others"),
            Token::Seq { len: Some(1) },
            Token::U8(2),
            Token::SeqEnd,
            Token::StructEnd,
        ],
    );
}

/// A loopy value's `K` read out of order, or with repeats, is read as the set it holds:
/// ascending, without repeats, as the solver gives it (its outcome and sums depend on it).
#[test]
fn a_loopy_values_k_is_put_in_order_when_read() {
    use grundy::loopy::Value;
    use serde::Deserialize;
    use serde::de::value::{Error, MapAccessDeserializer, MapDeserializer};
    // `Nimber` is a `u128`, which serde_test's tokens lack: read from serde's own values.
    let read = |variant: &'static str, k: Vec<u128>| {
        let map = MapDeserializer::<_, Error>::new(std::iter::once((variant, k)));
        Value::deserialize(MapAccessDeserializer::new(map))
    };
    let set = |k: &[u128]| Value::Infinite(k.iter().map(|&n| Nimber::new(n)).collect());
    assert_eq!(read("Infinite", vec![3, 0, 3, 1]), Ok(set(&[0, 1, 3])));
    assert_eq!(read("Infinite", vec![2, 5]), Ok(set(&[2, 5])));
    assert_eq!(read("Infinite", vec![]), Ok(set(&[])));
}

/// Input of the wrong shape is refused naming the type being read, not the private helper
/// that reads it before the checks (`expected struct Raw` named no type of the crate).
#[test]
fn a_wrong_shape_names_the_type_read() {
    use grundy::coins::{Coins, TurningTurtles};
    use grundy::games::{GrundysGame, HeapRow, Octal};
    use grundy::loopy::Value;
    use grundy::sequence::Period;

    let three = [Token::U8(3)];
    assert_de_tokens_error::<Bash<u8>>(&three, "invalid type: integer `3`, expected struct Bash");
    assert_de_tokens_error::<GeorgiaBob<u8>>(
        &three,
        "invalid type: integer `3`, expected struct GeorgiaBob",
    );
    assert_de_tokens_error::<Staircase<u8>>(
        &three,
        "invalid type: integer `3`, expected struct Staircase",
    );
    assert_de_tokens_error::<Coins<TurningTurtles, u8>>(
        &three,
        "invalid type: integer `3`, expected struct Coins",
    );
    assert_de_tokens_error::<HeapRow<Octal, u8>>(
        &three,
        "invalid type: integer `3`, expected struct HeapRow",
    );
    assert_de_tokens_error::<Period>(&three, "invalid type: integer `3`, expected struct Period");
    assert_de_tokens_error::<GrundysGame>(
        &three,
        "invalid type: integer `3`, expected unit struct GrundysGame",
    );
    assert_de_tokens_error::<Value>(&three, "invalid type: integer `3`, expected enum Value");
}

/// A product's scan limit is the caller's budget, not part of the game: it is not written, and
/// input cannot lift it. Input with a scan limit of `u128::MAX` made a Turning Corners board
/// with a head on `(2^40, 2^40)` look through its moves for minutes; read, it has the default
/// limit and refuses the question at once.
#[test]
fn a_products_scan_limit_is_not_written_and_not_read() {
    use grundy::coins::{Coins, DEFAULT_SCAN_LIMIT, Tartan, Twins};
    use grundy::{ClosedForm, Error};
    let lifted = Tartan::turning_corners().with_scan_limit(u128::MAX);
    assert_eq!(lifted, Tartan::turning_corners());
    assert_tokens(
        &lifted,
        &[
            Token::Struct {
                name: "Tartan",
                len: 2,
            },
            Token::Str("first"),
            Token::UnitStruct { name: "Twins" },
            Token::Str("second"),
            Token::UnitStruct { name: "Twins" },
            Token::StructEnd,
        ],
    );
    // A scan limit in the input is not read.
    let json = format!(
        r#"{{"rule":{{"first":null,"second":null,"scan_limit":{}}},"heads":[[{head},{head}]]}}"#,
        u128::MAX,
        head = 1u64 << 40
    );
    let board: Coins<Tartan<Twins, Twins>, (u64, u64)> = serde_json::from_str(&json).unwrap();
    assert_eq!(board.rule().scan_limit(), DEFAULT_SCAN_LIMIT);
    assert!(matches!(
        board.winning_moves(Play::Normal),
        Err(Error::ScanLimit { .. })
    ));
}
