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

use grundy::prelude::*;
use serde::Serialize;

use crate::args::MAX_MOVES_CAP;

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
    /// Every winning move, once.
    pub(crate) moves: Vec<Move>,
    /// Remarks for the answer in words (how a huge heap was answered).
    pub(crate) notes: Vec<String>,
}

/// Why an answer has no Grundy value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoGrundy {
    /// A misère game: the Grundy value is a normal-play notion.
    Misere,
    /// A Wythoff board past the Grundy table's limit: Wythoff's values have no closed form.
    BeyondWythoffTable,
}

impl NoGrundy {
    /// The reason, in words.
    fn reason(self) -> &'static str {
        match self {
            NoGrundy::Misere => "misère play",
            NoGrundy::BeyondWythoffTable => {
                "the board is beyond the Grundy table's limit, and Wythoff's values have no \
                 closed form"
            }
        }
    }
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
    /// The most winning moves to list, `None` for all of them. More than that is an error
    /// that still gives the outcome and the value, never a truncated list.
    pub(crate) max_moves: Option<usize>,
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
/// A Grundy value past its table's limit (Wythoff's, whose values have no closed form) is
/// reported as missing, since the outcome and the moves are still exact.
///
/// # Errors
///
/// The library's error, on one line naming the position; more winning moves than
/// `question.max_moves`.
pub(crate) fn ask<G: ClosedForm>(
    game: &G,
    question: Question,
    write: impl Fn(G::Move) -> Move,
) -> Result<Answer, String> {
    let failed = |err: grundy::Error| format!("{}: {err}", question.what());
    let outcome = game.outcome(question.play).map_err(failed)?;
    let grundy = match question.play {
        Play::Misere => Err(NoGrundy::Misere),
        Play::Normal => match game.grundy() {
            Ok(value) => Ok(value),
            Err(grundy::Error::TableLimit { .. }) => Err(NoGrundy::BeyondWythoffTable),
            Err(err) => return Err(failed(err)),
        },
    };
    let mut moves = Vec::new();
    for mv in game.winning_moves(question.play).map_err(failed)? {
        if let Some(max) = question.max_moves.filter(|&max| moves.len() == max) {
            let value = match grundy {
                Ok(value) => format!(", Grundy value {value}"),
                Err(_) => String::new(),
            };
            return Err(format!(
                "{}: outcome {}{value}, but more than {max} winning moves, the --max-moves \
                 limit; raise it (up to {MAX_MOVES_CAP}) to list them all",
                question.what(),
                letter(outcome)
            ));
        }
        moves.push(write(mv));
    }
    Ok(Answer {
        game: question.game,
        position: question.position,
        outcome,
        grundy,
        moves,
        notes: Vec::new(),
    })
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
}

/// The JSON line. Serialized through serde's `Serializer`, which writes every `u128` exactly.
#[derive(Debug, Serialize)]
struct AnswerJson<'a> {
    game: &'a str,
    outcome: &'a str,
    grundy: Option<u128>,
    winning_moves: Vec<&'a MoveJson>,
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
    let line = AnswerJson {
        game: answer.game,
        outcome: letter(answer.outcome),
        grundy: answer.grundy.ok().map(Nimber::get),
        winning_moves: answer.moves.iter().map(|mv| &mv.json).collect(),
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
    if answer.moves.is_empty() {
        text += match (answer.outcome, answer.grundy) {
            (Outcome::Next, Err(NoGrundy::Misere)) => {
                "winning moves: none (no move is left: in misère play the player who cannot \
                 move wins)\n"
            }
            _ => "winning moves: none\n",
        };
    } else {
        text += &format!("winning moves ({}):\n", answer.moves.len());
        for mv in &answer.moves {
            text += &format!("  {}\n", mv.words);
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
            moves: vec![Move {
                json: MoveJson::Heap { heap: 1, to: 1 },
                words: "take it".to_owned(),
            }],
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
            grundy: Err(NoGrundy::BeyondWythoffTable),
            ..won()
        };
        assert!(json(&beyond).is_ok_and(|line| line.contains("\"grundy\":null")));
    }

    #[test]
    fn rows_and_sets_are_written_as_read() {
        assert_eq!(spaced(&[5, 7, 9]), "5 7 9");
        assert_eq!(set_text(&[1, 3, 4]), "1,3,4");
        assert_eq!(set_text(&[]), "");
    }
}
