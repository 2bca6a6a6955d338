//! The answer for one position, the same for every game: how it is asked of the library, and
//! its two renderings.
//!
//! Every game answers three questions: who wins (the [`Outcome`]), the normal-play Grundy value
//! (when there is one), and every winning move. The library asks them of every game through one
//! trait, [`ClosedForm`], so [`ask`] is written once, for all games: it asks the three questions
//! and holds the replies in an [`Answer`]. Only the moves depend on the game, and the game's
//! caller hands [`ask`] a function that writes one move in its two renderings ([`Move`]). So
//! the renderings are written once too:
//!
//! - [`words`]: one fact a line, for people: the position, the outcome, the value, notes on
//!   how a huge heap was answered, and the winning moves, one a line.
//! - [`json`]: one line of JSON, for programs: `{"game", "outcome", "grundy",
//!   "winning_moves"}`, with every number written exactly (serde writes `u128` in full).
//!
//! What is shown of the moves is the command line's choice ([`Shown`]): all of them (at most
//! `--max-moves`, and then how many there are in all), their number only (`--count`), or none
//! (`--outcome`).

use grundy::prelude::*;
use serde::Serialize;

use crate::args::Shown;
use crate::failure::Failure;

/// The answer for one position, the same shape for every game.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The game's name on the command line.
    pub(crate) game: &'static str,
    /// The position as written after the game's name.
    pub(crate) position: String,
    /// Who wins.
    pub(crate) outcome: Outcome,
    /// The normal-play Grundy value, or why there is none.
    pub(crate) grundy: Result<Nimber, NoGrundy>,
    /// What is shown of the winning moves.
    pub(crate) shown: Shown,
    /// The winning moves listed: every one, once, or the first `--max-moves` of them (none
    /// unless `shown` is [`Shown::Moves`]).
    pub(crate) moves: Vec<Move>,
    /// The number of winning moves in all, when it was counted: always under
    /// [`Shown::Count`], and under [`Shown::Moves`] (where it is `moves.len()` unless the list
    /// is cut at `--max-moves`).
    pub(crate) total: Option<Total>,
    /// Remarks for the answer in words (how a huge heap was answered).
    pub(crate) notes: Vec<String>,
}

impl Answer {
    /// Whether the list of moves is cut at `--max-moves`.
    pub(crate) fn is_truncated(&self) -> bool {
        self.shown == Shown::Moves
            && self.total.is_some_and(|total| match total {
                Total::Exactly(n) => n > self.moves.len() as u128,
                Total::PastMax => true,
            })
    }
}

/// How many winning moves a position has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Total {
    /// Exactly this many.
    Exactly(u128),
    /// More than `u128::MAX`: counted in closed form, and too many for 128 bits (an octal
    /// heap near 2^128 whose code splits in several ways, a Mock Turtles row of heads near
    /// 2^128). Counting them one by one would never end.
    PastMax,
}

impl Total {
    /// The sum of two counts, [`Total::PastMax`] past `u128::MAX`.
    pub(crate) fn plus(self, other: Total) -> Total {
        match (self, other) {
            (Total::Exactly(a), Total::Exactly(b)) => {
                a.checked_add(b).map_or(Total::PastMax, Total::Exactly)
            }
            _ => Total::PastMax,
        }
    }
}

/// Why an answer has no Grundy value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoGrundy {
    /// A misère game: the Grundy value is a normal-play notion.
    Misere,
    /// A Wythoff board whose Grundy table, of `entries` entries (`(a + 1)(b + 1)`, saturated
    /// at `u128::MAX`), is past `--table-limit`, `limit`: Wythoff's values have no closed form.
    BeyondWythoffTable {
        /// The entries the board's table needs.
        entries: u128,
        /// The `--table-limit` it is past.
        limit: usize,
    },
}

impl NoGrundy {
    /// The reason, in words.
    fn reason(self) -> String {
        match self {
            NoGrundy::Misere => "misère play".to_owned(),
            NoGrundy::BeyondWythoffTable { entries, limit }
                if entries > grundy::sequence::MAX_TABLE_LIMIT as u128 =>
            {
                // No --table-limit is read past MAX_TABLE_LIMIT, the most memory can address;
                // the library saturates (a + 1)(b + 1) at u128::MAX.
                let at_least = if entries == u128::MAX {
                    "at least "
                } else {
                    ""
                };
                format!(
                    "Wythoff's values have no closed form, and this board's table of \
                     {at_least}{entries} entries is past --table-limit {limit} and any other: no \
                     memory holds it"
                )
            }
            NoGrundy::BeyondWythoffTable { entries, limit } => format!(
                "Wythoff's values have no closed form, and this board's table of {entries} \
                 entries is past --table-limit {limit}; raise it to compute the value"
            ),
        }
    }

    /// The reason, as JSON.
    fn json(self) -> MissingJson {
        match self {
            NoGrundy::Misere => MissingJson::Misere,
            NoGrundy::BeyondWythoffTable { entries, limit } => MissingJson::TableLimit {
                table_entries: entries,
                table_limit: limit,
            },
        }
    }
}

/// Why `"grundy"` is `null`, as JSON: `{"reason": "misere"}`, or `{"reason": "table-limit",
/// "table_entries": E, "table_limit": L}` for a Wythoff board whose table of `E` entries is
/// past `--table-limit L`.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
enum MissingJson {
    /// Misère play: the Grundy value is a normal-play notion.
    Misere,
    /// A Wythoff board past `--table-limit`.
    TableLimit {
        /// The entries the board's table needs, `(A + 1)(B + 1)` (`u128::MAX` if larger).
        table_entries: u128,
        /// The `--table-limit`.
        table_limit: usize,
    },
}

/// What is asked about one position, besides the game itself.
#[derive(Debug)]
pub(crate) struct Question {
    /// The game's name on the command line.
    pub(crate) game: &'static str,
    /// The position as written after the game's name.
    pub(crate) position: String,
    /// Normal or misère play. Under misère play no Grundy value is asked for: it is a
    /// normal-play notion.
    pub(crate) play: Play,
    /// The most winning moves to list, `None` for all of them. Past it the list is cut, and
    /// the answer says how many moves there are in all.
    pub(crate) max_moves: Option<usize>,
    /// What to show of the moves.
    pub(crate) shown: Shown,
}

impl Question {
    /// The position as the error lines name it: `octal 0.77 7`.
    pub(crate) fn what(&self) -> String {
        format!("{} {}", self.game, self.position)
    }
}

/// Asks `game` who wins under `question.play`, its Grundy value and every winning move, each
/// move written by `write`. The same function for every game of the command line.
///
/// # Errors
///
/// The library's error, on one line naming the position.
pub(crate) fn ask<G: ClosedForm>(
    game: &G,
    question: Question,
    write: impl Fn(G::Move) -> Move,
) -> Result<Answer, Failure> {
    let what = question.what();
    let failed = |err: grundy::Error| Failure::input(format!("{what}: {err}"));
    ask_with(game, question, write, failed, || None)
}

/// [`ask`], with the library's errors written by `failed`, and `counted`, the number of
/// winning moves in closed form if the game knows it (see [`answer`]).
///
/// # Errors
///
/// The library's error, as `failed` writes it.
pub(crate) fn ask_with<G: ClosedForm>(
    game: &G,
    question: Question,
    write: impl Fn(G::Move) -> Move,
    failed: impl Fn(grundy::Error) -> Failure,
    counted: impl FnOnce() -> Option<Total>,
) -> Result<Answer, Failure> {
    let outcome = game.outcome(question.play).map_err(&failed)?;
    let grundy = match question.play {
        Play::Misere => Err(NoGrundy::Misere),
        Play::Normal => match game.grundy() {
            Ok(value) => Ok(value),
            Err(err) => return Err(failed(err)),
        },
    };
    let moves = match question.shown {
        // Not even asked for: a game's moves may cost more than its value.
        Shown::Outcome => None,
        _ => Some(game.winning_moves(question.play).map_err(&failed)?),
    };
    Ok(answer(question, outcome, grundy, moves, write, counted))
}

/// The answer to `question`, with this outcome and value, from the winning moves `moves`
/// (`None` when they are not shown) each written by `write`. `counted` gives the number of
/// winning moves in closed form, if the game knows it; otherwise the moves past the list are
/// counted one by one, and only when the number is shown.
pub(crate) fn answer<M>(
    question: Question,
    outcome: Outcome,
    grundy: Result<Nimber, NoGrundy>,
    moves: Option<impl Iterator<Item = M>>,
    write: impl Fn(M) -> Move,
    counted: impl FnOnce() -> Option<Total>,
) -> Answer {
    let mut listed = Vec::new();
    let mut total = None;
    if let Some(mut moves) = moves {
        let one_by_one = |from: u128, moves: &mut dyn Iterator<Item = M>| {
            moves.fold(Total::Exactly(from), |n, _| n.plus(Total::Exactly(1)))
        };
        match question.shown {
            Shown::Outcome => {}
            Shown::Count => total = Some(counted().unwrap_or_else(|| one_by_one(0, &mut moves))),
            Shown::Moves => {
                let max = question.max_moves.unwrap_or(usize::MAX);
                listed.extend(moves.by_ref().take(max).map(&write));
                let mut rest = moves.peekable();
                total = Some(if rest.peek().is_none() {
                    Total::Exactly(listed.len() as u128)
                } else {
                    counted().unwrap_or_else(|| one_by_one(listed.len() as u128, &mut rest))
                });
            }
        }
    }
    Answer {
        game: question.game,
        position: question.position,
        outcome,
        grundy,
        shown: question.shown,
        moves: listed,
        total,
        notes: Vec::new(),
    }
}

/// A winning move: as written in JSON, and in words.
#[derive(Debug)]
pub(crate) struct Move {
    /// The move as a JSON object, in its game's encoding.
    pub(crate) json: MoveJson,
    /// The move in words, one line.
    pub(crate) words: String,
}

/// A winning move as JSON; each variant is one game family's encoding.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub(crate) enum MoveJson {
    /// Nim and misère Nim: heap `heap` is left with `to`.
    Heap { heap: usize, to: u128 },
    /// Bash, misère Bash and subtraction games: take `take` counters.
    Take { take: u128 },
    /// Octal games: take `take` counters, leaving the heaps `to` (ascending, none empty).
    TakeLeaving { take: u128, to: Vec<u128> },
    /// Wythoff: both heaps after the move; Grundy's game: the two heaps of the split.
    Pair { to: [u128; 2] },
    /// Georgia–Bob: a chessman slides from cell `from` to cell `to`.
    Slide { from: u128, to: u128 },
    /// Staircase Nim: carry `coins` coins from step `step` down one step.
    Step { step: usize, coins: u128 },
    /// A subtraction game's row: take `take` counters from heap `heap`.
    RowTake { heap: usize, take: u128 },
    /// An octal game's row: take `take` counters from heap `heap`, leaving the heaps `to`.
    RowTakeLeaving {
        heap: usize,
        take: u128,
        to: Vec<u128>,
    },
    /// Grundy's game's row: split heap `heap` into the two heaps `to`.
    RowPair { heap: usize, to: [u128; 2] },
    /// A coin-turning game on a row: turn the head `head` and the coins `others`.
    Turn { head: u128, others: Vec<u128> },
    /// A coin-turning game on a board: turn the head `head` and the coins `others`.
    TurnOnBoard {
        head: [u128; 2],
        others: Vec<[u128; 2]>,
    },
}

/// The JSON line. Serialized through serde's `Serializer`, which writes every `u128` exactly.
/// The fields after `grundy` are there only when they say something: why the value is
/// `null` when it is, the moves unless `--outcome` or `--count`, their number under
/// `--count` or when the list is cut, and `truncated` when it is.
#[derive(Debug, Serialize)]
struct AnswerJson<'a> {
    game: &'a str,
    outcome: &'a str,
    grundy: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    grundy_missing: Option<MissingJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_moves: Option<Vec<&'a MoveJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_move_count: Option<u128>,
    /// In place of `winning_move_count` when the count is past `u128::MAX`: `u128::MAX`,
    /// which the count is more than.
    #[serde(skip_serializing_if = "Option::is_none")]
    winning_move_count_above: Option<u128>,
    #[serde(skip_serializing_if = "Option::is_none")]
    truncated: Option<bool>,
}

/// The outcome as one letter: `N` when the player to move wins, `P` otherwise.
pub(crate) fn letter(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Next => "N",
        Outcome::Previous => "P",
    }
}

/// One line of JSON, newline-terminated.
///
/// # Errors
///
/// serde's message, should the answer not serialize (it always does).
pub(crate) fn json(answer: &Answer) -> Result<String, String> {
    let truncated = answer.is_truncated();
    let counted = answer
        .total
        .filter(|_| answer.shown == Shown::Count || truncated);
    let line = AnswerJson {
        game: answer.game,
        outcome: letter(answer.outcome),
        grundy: answer.grundy.ok().map(Nimber::get),
        grundy_missing: answer.grundy.err().map(NoGrundy::json),
        winning_moves: (answer.shown == Shown::Moves)
            .then(|| answer.moves.iter().map(|mv| &mv.json).collect()),
        winning_move_count: counted.and_then(|total| match total {
            Total::Exactly(n) => Some(n),
            Total::PastMax => None,
        }),
        winning_move_count_above: counted
            .filter(|&total| total == Total::PastMax)
            .map(|_| u128::MAX),
        truncated: truncated.then_some(true),
    };
    serde_json::to_string(&line)
        .map(|text| text + "\n")
        .map_err(|err| format!("cannot write JSON: {err}"))
}

/// The answer in words, one fact a line.
pub(crate) fn words(answer: &Answer) -> String {
    let mut text = format!("{} {}\n", answer.game, answer.position);
    let who = match answer.outcome {
        Outcome::Next => "N (the player to move wins)",
        Outcome::Previous => "P (the player to move loses)",
    };
    text += &format!("outcome: {who}\n");
    match answer.grundy {
        Ok(value) => text += &format!("Grundy value: {value}\n"),
        Err(none) => text += &format!("Grundy value: none ({})\n", none.reason()),
    }
    for note in &answer.notes {
        text += &format!("note: {note}\n");
    }
    let listed = answer.moves.len() as u128;
    let total = answer.total.unwrap_or(Total::Exactly(listed));
    let past = format!("more than u128::MAX = {}", u128::MAX);
    match (answer.shown, total) {
        (Shown::Outcome, _) => {}
        (Shown::Count, Total::Exactly(n)) => text += &format!("winning moves: {n}\n"),
        (Shown::Count, Total::PastMax) => text += &format!("winning moves: {past}\n"),
        (Shown::Moves, Total::Exactly(0)) if answer.moves.is_empty() => {
            text += match (answer.outcome, answer.grundy) {
                (Outcome::Next, Err(NoGrundy::Misere)) => {
                    "winning moves: none (no move is left: in misère play the player who cannot \
                     move wins)\n"
                }
                _ => "winning moves: none\n",
            };
        }
        (Shown::Moves, _) => {
            let (all, rest) = match total {
                Total::Exactly(n) => (n.to_string(), n.saturating_sub(listed).to_string()),
                Total::PastMax => (past.clone(), format!("more than {}", u128::MAX - listed)),
            };
            text += &format!("winning moves ({all}):\n");
            for mv in &answer.moves {
                text += &format!("  {}\n", mv.words);
            }
            if answer.is_truncated() {
                text += &format!("  ... {rest} more (--max-moves N lists up to N)\n");
            }
        }
    }
    text
}

/// The numbers, separated by spaces: a row of heaps or cells as written on the command line.
pub(crate) fn spaced(numbers: &[u128]) -> String {
    let words: Vec<String> = numbers.iter().map(u128::to_string).collect();
    words.join(" ")
}

/// A subtraction set as written on the command line: ascending, comma-separated.
pub(crate) fn set_text(set: &[u128]) -> String {
    let words: Vec<String> = set.iter().map(u128::to_string).collect();
    words.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A position of a made-up game with one winning move.
    fn won() -> Answer {
        Answer {
            game: "nim",
            position: spaced(&[1, u128::MAX]),
            outcome: Outcome::Next,
            grundy: Ok(Nimber::new(u128::MAX - 1)),
            shown: Shown::Moves,
            moves: vec![Move {
                json: MoveJson::Heap { heap: 1, to: 1 },
                words: "take it".to_owned(),
            }],
            total: Some(Total::Exactly(1)),
            notes: vec!["a remark".to_owned()],
        }
    }

    #[test]
    fn words_say_one_fact_a_line() {
        assert_eq!(
            words(&won()),
            "nim 1 340282366920938463463374607431768211455\n\
             outcome: N (the player to move wins)\n\
             Grundy value: *340282366920938463463374607431768211454\n\
             note: a remark\n\
             winning moves (1):\n  take it\n"
        );
        let misere_end = Answer {
            grundy: Err(NoGrundy::Misere),
            moves: Vec::new(),
            total: Some(Total::Exactly(0)),
            notes: Vec::new(),
            ..won()
        };
        assert!(words(&misere_end).ends_with(
            "Grundy value: none (misère play)\nwinning moves: none (no move is left: in misère \
             play the player who cannot move wins)\n"
        ));
        let lost = Answer {
            outcome: Outcome::Previous,
            ..misere_end
        };
        assert!(words(&lost).ends_with("\nwinning moves: none\n"));
    }

    #[test]
    fn json_is_one_exact_line() {
        assert_eq!(
            json(&won()),
            Ok(
                "{\"game\":\"nim\",\"outcome\":\"N\",\"grundy\":340282366920938463463374607431768211454,\
                 \"winning_moves\":[{\"heap\":1,\"to\":1}]}\n"
                    .to_owned()
            )
        );
        let beyond = Answer {
            grundy: Err(NoGrundy::BeyondWythoffTable {
                entries: 1025 * 1024,
                limit: 1 << 20,
            }),
            ..won()
        };
        assert!(json(&beyond).is_ok_and(|line| line.contains(
            "\"grundy\":null,\"grundy_missing\":{\"reason\":\"table-limit\",\
             \"table_entries\":1049600,\"table_limit\":1048576},"
        )));
        assert!(words(&beyond).contains(
            "Grundy value: none (Wythoff's values have no closed form, and this board's table \
             of 1049600 entries is past --table-limit 1048576; raise it to compute the value)\n"
        ));
        // Past the most memory can address, no --table-limit helps, and none is suggested.
        let top = grundy::sequence::MAX_TABLE_LIMIT as u128;
        for (entries, raise) in [(top, true), (top + 1, false)] {
            let board = Answer {
                grundy: Err(NoGrundy::BeyondWythoffTable {
                    entries,
                    limit: 1 << 20,
                }),
                ..won()
            };
            let text = words(&board);
            assert_eq!(
                text.contains("; raise it to compute the value)"),
                raise,
                "{text}"
            );
            assert_eq!(
                text.contains("and any other: no memory holds it)"),
                !raise,
                "{text}"
            );
        }
        let unreachable = Answer {
            grundy: Err(NoGrundy::BeyondWythoffTable {
                entries: u128::MAX,
                limit: 1 << 20,
            }),
            ..won()
        };
        assert!(words(&unreachable).contains(
            "table of at least 340282366920938463463374607431768211455 entries is past \
             --table-limit 1048576 and any other: no memory holds it)\n"
        ));
        let misere = Answer {
            grundy: Err(NoGrundy::Misere),
            ..won()
        };
        assert!(json(&misere).is_ok_and(|line| {
            line.contains("\"grundy\":null,\"grundy_missing\":{\"reason\":\"misere\"},")
        }));
    }

    #[test]
    fn outcome_count_and_a_cut_list() {
        let outcome = Answer {
            shown: Shown::Outcome,
            moves: Vec::new(),
            total: None,
            notes: Vec::new(),
            ..won()
        };
        assert!(
            words(&outcome).ends_with("Grundy value: *340282366920938463463374607431768211454\n")
        );
        assert_eq!(
            json(&outcome),
            Ok("{\"game\":\"nim\",\"outcome\":\"N\",\"grundy\":340282366920938463463374607431768211454}\n".to_owned())
        );
        let count = Answer {
            shown: Shown::Count,
            total: Some(Total::Exactly(u128::MAX)),
            ..outcome
        };
        assert!(
            words(&count).ends_with("\nwinning moves: 340282366920938463463374607431768211455\n")
        );
        assert!(json(&count).is_ok_and(|line| {
            line.ends_with(",\"winning_move_count\":340282366920938463463374607431768211455}\n")
        }));
        let cut = Answer {
            total: Some(Total::Exactly(7)),
            ..won()
        };
        assert!(cut.is_truncated() && !won().is_truncated());
        assert!(words(&cut).ends_with(
            "winning moves (7):\n  take it\n  ... 6 more (--max-moves N lists up to N)\n"
        ));
        assert!(json(&cut).is_ok_and(|line| line.ends_with(
            "\"winning_moves\":[{\"heap\":1,\"to\":1}],\"winning_move_count\":7,\"truncated\":true}\n"
        )));
    }

    #[test]
    fn the_moves_past_the_list_are_counted() {
        let question = |shown, max_moves| Question {
            game: "nim",
            position: String::new(),
            play: Play::Normal,
            max_moves,
            shown,
        };
        let write = |n: u32| Move {
            json: MoveJson::Take {
                take: u128::from(n),
            },
            words: n.to_string(),
        };
        let ask = |shown, max, counted: Option<u128>| {
            answer(
                question(shown, max),
                Outcome::Next,
                Ok(Nimber::new(1)),
                Some(0..10u32),
                write,
                || counted.map(Total::Exactly),
            )
        };
        let all = ask(Shown::Moves, None, None);
        assert_eq!((all.moves.len(), all.total), (10, Some(Total::Exactly(10))));
        let exact = ask(Shown::Moves, Some(10), Some(99));
        assert_eq!(
            (exact.moves.len(), exact.total),
            (10, Some(Total::Exactly(10)))
        );
        let cut = ask(Shown::Moves, Some(3), None);
        assert_eq!((cut.moves.len(), cut.total), (3, Some(Total::Exactly(10))));
        let closed = ask(Shown::Moves, Some(3), Some(10));
        assert_eq!(
            (closed.moves.len(), closed.total),
            (3, Some(Total::Exactly(10)))
        );
        let count = ask(Shown::Count, Some(3), None);
        assert_eq!(
            (count.moves.len(), count.total),
            (0, Some(Total::Exactly(10)))
        );
        let none = ask(Shown::Moves, Some(0), None);
        assert_eq!(
            (none.moves.len(), none.total),
            (0, Some(Total::Exactly(10)))
        );
    }

    #[test]
    fn rows_and_sets_are_written_as_read() {
        assert_eq!(spaced(&[5, 7, 9]), "5 7 9");
        assert_eq!(set_text(&[1, 3, 4]), "1,3,4");
        assert_eq!(set_text(&[]), "");
    }
}
