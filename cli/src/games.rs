//! Each game: build the library's position from the command line, and say how one of its
//! moves is written. Everything else is [`ask`], written once for all games.
//!
//! The closed forms (Nim, Bash, Georgia–Bob, Wythoff, each under normal or misère play)
//! answer at once and exactly for every position up to `u128::MAX`. The heap games
//! (subtraction games, octal games, Grundy's game) are a [`HeapRow`] of one heap under their
//! rules; their table of Grundy values is first grown by [`growth`] within `--table-limit` and
//! `--time-limit`, and their winning moves are listed lazily, so a heap with more than
//! `--max-moves` of them is an error that still gives the outcome and the value.
//!
//! Each game writes its own moves, in words and in JSON ([`Move`]); the words and the JSON
//! fields are the command line's own (the library's `Display` of a move is worded for a
//! position of many heaps).

use grundy::games::{
    Bash, BashMove, GeorgiaBob, GrundysGame, HeapMove, HeapRow, Leaves, Nim, NimMove, Octal,
    Subtraction, Wythoff,
};
use grundy::prelude::*;
use grundy::sequence::{Goal, GrundySequence};

use crate::answer::{Answer, Move, MoveJson, Question, ask, set_text, spaced};
use crate::args::{GameArgs, HeapLimits};
use crate::growth::{self, Deadline};

/// Dispatches to the game's function. Each returns the common [`Answer`] or a one-line
/// message naming the problem with the input.
///
/// # Errors
///
/// A position the game's rules forbid, a heap its table cannot answer within the limits, more
/// winning moves than `--max-moves`; and `table`, which is not one position.
pub(crate) fn answer(game: GameArgs) -> Result<Answer, String> {
    match game {
        GameArgs::Nim { heaps } => nim(heaps, Play::Normal),
        GameArgs::MisereNim { heaps } => nim(heaps, Play::Misere),
        GameArgs::Bash { n, k } => bash(n, k, Play::Normal),
        GameArgs::MisereBash { n, k } => bash(n, k, Play::Misere),
        GameArgs::GeorgiaBob { cells } => georgia_bob(cells),
        GameArgs::Wythoff { a, b } => wythoff(a, b),
        GameArgs::Subtraction { set, n, limits } => subtraction(set, n, limits),
        GameArgs::Octal { code, n, limits } => octal(code, n, limits),
        GameArgs::GrundysGame { n, limits } => grundys_game(n, limits),
        GameArgs::Table { .. } => Err("a table is not one position".to_owned()),
    }
}

/// A question about a closed form: every winning move is listed (there are few).
fn closed(game: &'static str, position: String, play: Play) -> Question {
    Question {
        game,
        position,
        play,
        max_moves: None,
    }
}

// ---------------------------------------------------------------------------------------------
// Closed forms
// ---------------------------------------------------------------------------------------------

/// Nim (`nim`) and misère Nim (`misere-nim`): Bouton's nim-sum, and under misère play his
/// rule changed when a move would leave only heaps of 0 and 1, from [`Nim`].
fn nim(heaps: Vec<u128>, play: Play) -> Result<Answer, String> {
    let name = match play {
        Play::Normal => "nim",
        Play::Misere => "misere-nim",
    };
    let question = closed(name, spaced(&heaps), play);
    let nim = Nim::new(heaps);
    ask(&nim, question, |mv: NimMove<u128>| {
        // The library yields moves of existing heaps only, so the lookup cannot miss.
        let from = nim.heaps().get(mv.index).copied().unwrap_or_default();
        Move {
            json: MoveJson::Heap {
                heap: mv.index,
                to: mv.to,
            },
            words: format!(
                "take {} from heap {} (0-based), leaving {} of {from}",
                from - mv.to,
                mv.index,
                mv.to
            ),
        }
    })
}

/// Bash (`bash`) and misère Bash (`misere-bash`): the Grundy value `n mod (k + 1)`, and under
/// misère play a loss exactly when `n mod (k + 1) = 1`, from [`Bash`]. `K = 0` is an error.
fn bash(n: u128, k: u128, play: Play) -> Result<Answer, String> {
    let name = match play {
        Play::Normal => "bash",
        Play::Misere => "misere-bash",
    };
    let game = Bash::new(n, k).map_err(|err| format!("{name} {n} {k}: {err}"))?;
    ask(
        &game,
        closed(name, format!("{n} {k}"), play),
        |mv: BashMove<u128>| Move {
            json: MoveJson::Take { take: mv.take },
            // A move of the library is legal: it takes at most the heap, so no underflow.
            words: format!("take {}, leaving {}", mv.take, n - mv.take),
        },
    )
}

/// Georgia and Bob: staircase Nim on the gaps between paired chessmen, from [`GeorgiaBob`]. A
/// chessman on cell 0 or two on one cell is an error.
fn georgia_bob(cells: Vec<u128>) -> Result<Answer, String> {
    let position = spaced(&cells);
    let board = GeorgiaBob::new(cells).map_err(|err| format!("georgia-bob: {err}"))?;
    ask(
        &board,
        closed("georgia-bob", position, Play::Normal),
        |mv| Move {
            json: MoveJson::Slide {
                from: mv.from,
                to: mv.to,
            },
            words: format!("slide the chessman on cell {} to cell {}", mv.from, mv.to),
        },
    )
}

/// Wythoff: the exact P-positions `(⌊kφ⌋, ⌊kφ⌋ + k)`, from [`Wythoff`]. The Grundy value has
/// no closed form: it comes from a table, and is missing for boards larger than the table's
/// limit (the outcome and the moves are exact at every size).
fn wythoff(a: u128, b: u128) -> Result<Answer, String> {
    ask(
        &Wythoff::new(a, b),
        closed("wythoff", format!("{a} {b}"), Play::Normal),
        |mv| {
            let (x, y) = mv.to;
            Move {
                json: MoveJson::Pair { to: [x, y] },
                words: format!("move to ({x}, {y})"),
            }
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Heap games, by their tables of Grundy values
// ---------------------------------------------------------------------------------------------

/// One heap `n` of a heap game under `rules`: the table grown toward `goal` within the
/// limits, then the same questions as any game, each move written by `write`. A heap past the
/// table, answered through the proven period, gets a note saying so.
fn heap_game<R: Tabulated>(
    rules: R,
    n: u128,
    goal: Goal,
    question: Question,
    limits: HeapLimits,
    write: impl Fn(HeapMove<u128>) -> Move,
) -> Result<Answer, String> {
    let rules = rules
        .with_table_limit(limits.table.table_limit)
        .with_memory_limit(limits.table.memory_limit);
    let deadline = Deadline::after(limits.table.time_limit);
    let table = growth::grow(&rules, goal, &deadline)
        .map_err(|err| growth::message(&question.what(), err, limits.table))?;
    let mut answer = ask(&HeapRow::heap(rules, n), question, write)?;
    answer.notes.extend(period_note(&table, n));
    Ok(answer)
}

/// The note for a heap past the table, answered through its proven period.
fn period_note(table: &GrundySequence, n: u128) -> Option<String> {
    let period = table.period().filter(|_| n >= table.len() as u128)?;
    Some(format!(
        "heap {n} is past the {} values computed; by the proven period {} from heap {} it has \
         the value of heap {}",
        table.len(),
        period.period(),
        period.preperiod(),
        period.reduce(n)
    ))
}

/// A question about one heap of a heap game: at most `--max-moves` winning moves.
fn heap_question(game: &'static str, position: String, limits: HeapLimits) -> Question {
    Question {
        game,
        position,
        play: Play::Normal,
        max_moves: Some(limits.max_moves),
    }
}

/// A subtraction game: the value of heap `n` from the table (or its proven period), and the
/// takes that leave a heap of value 0, from [`Subtraction`].
fn subtraction(rules: Subtraction, n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let position = format!("{} {n}", set_text(rules.set()));
    heap_game(
        rules,
        n,
        Goal::Heap(n),
        heap_question("subtraction", position, limits),
        limits,
        |mv| Move {
            json: MoveJson::Take { take: mv.take },
            // A move of the library is legal: it takes at most the heap, so no underflow.
            words: format!("take {}, leaving {}", mv.take, n - mv.take),
        },
    )
}

/// What a move of a take-and-break game leaves, in words.
fn leaves_words(left: &Leaves) -> String {
    match *left {
        Leaves::Empty => "nothing".to_owned(),
        Leaves::One(a) => format!("one heap of {a}"),
        Leaves::Two(a, b) => format!("heaps of {a} and {b}"),
        // Three heaps or more (a hexadecimal digit of 8 or more): `heaps of 2, 3 and 3`.
        _ => {
            let heaps: Vec<String> = left.heaps().map(|h| h.to_string()).collect();
            match heaps.split_last() {
                Some((last, rest)) => format!("heaps of {} and {last}", rest.join(", ")),
                None => "nothing".to_owned(),
            }
        }
    }
}

/// An octal game: the value of heap `n` from the sparse-space table (or its proven
/// Guy–Smith period), and every move to a position of value 0, from [`Octal`].
fn octal(rules: Octal, n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let position = format!("{rules} {n}");
    heap_game(
        rules,
        n,
        Goal::Heap(n),
        heap_question("octal", position, limits),
        limits,
        |mv| Move {
            json: MoveJson::TakeLeaving {
                take: mv.take,
                to: mv.to.heaps().collect(),
            },
            words: match mv.take {
                0 => format!("split it, taking nothing, into {}", leaves_words(&mv.to)),
                take => format!("take {take}, leaving {}", leaves_words(&mv.to)),
            },
        },
    )
}

/// Grundy's game: the value of heap `n` and every split into two unequal heaps of value 0
/// together, from [`GrundysGame`]. No period of Grundy's game is known (whether it has one is
/// an open problem), so the table is computed to heap `n` only, and a heap at or past
/// `--table-limit` is an error at once rather than a long search for a period.
fn grundys_game(n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let question = heap_question("grundys-game", n.to_string(), limits);
    let len = growth::heap_table_len(&question.what(), n, limits.table.table_limit)?;
    heap_game(
        GrundysGame::new(),
        n,
        Goal::Values(len),
        question,
        limits,
        |mv| {
            // A move of Grundy's game always leaves two heaps, the smaller first.
            let mut heaps = mv.to.heaps();
            let (a, b) = (heaps.next().unwrap_or(0), heaps.next().unwrap_or(0));
            Move {
                json: MoveJson::Pair { to: [a, b] },
                words: format!("split it into {a} and {b}"),
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::TableLimits;

    /// The default limits, with `max_moves` moves listed at most.
    fn limits(max_moves: usize) -> HeapLimits {
        HeapLimits {
            table: TableLimits {
                table_limit: 1 << 20,
                memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
                time_limit: 20,
            },
            max_moves,
        }
    }

    #[test]
    fn every_game_writes_its_position_as_read() {
        let nim = answer(GameArgs::Nim {
            heaps: vec![5, 7, 9],
        });
        assert!(nim.is_ok_and(|a| a.game == "nim" && a.position == "5 7 9"));
        let set = Subtraction::new([4u8, 1, 3]).expect("a valid set");
        let heap = subtraction(set, 10, limits(10));
        assert!(heap.is_ok_and(|a| a.position == "1,3,4 10" && a.moves.len() == 2));
    }

    #[test]
    fn a_heap_with_more_moves_than_the_limit_is_an_error_with_its_value() {
        let kayles = Octal::kayles();
        assert!(octal(kayles.clone(), 7, limits(2)).is_ok_and(|a| a.moves.len() == 2));
        assert_eq!(
            octal(kayles, 7, limits(1)).map(|a| a.moves.len()),
            Err(
                "octal 0.77 7: outcome N, Grundy value *2, but more than 1 winning moves, the \
                 --max-moves limit; raise it (up to 1000000) to list them all"
                    .to_owned()
            )
        );
    }

    #[test]
    fn a_huge_heap_is_answered_through_the_period_with_a_note() {
        let dawson = Octal::dawsons_kayles();
        let heap = octal(dawson, 10u128.pow(30) + 1, limits(10)).expect("an answer");
        assert_eq!(heap.grundy, Ok(Nimber::new(0)));
        assert_eq!(
            heap.notes,
            vec![
                "heap 1000000000000000000000000000001 is past the 4096 values computed; by the \
                 proven period 34 from heap 53 it has the value of heap 77"
                    .to_owned()
            ]
        );
    }

    #[test]
    fn misere_play_has_no_value() {
        let misere = answer(GameArgs::MisereNim { heaps: vec![1, 1] }).expect("an answer");
        assert_eq!(
            (misere.game, misere.outcome, misere.grundy),
            (
                "misere-nim",
                Outcome::Next,
                Err(crate::answer::NoGrundy::Misere)
            )
        );
        assert_eq!(misere.moves.len(), 2);
    }

    #[test]
    fn the_table_subcommand_is_not_a_position() {
        let table = answer(GameArgs::Table {
            game: crate::args::TableArgs::GrundysGame {
                count: 3,
                limits: limits(0).table,
            },
        });
        assert!(table.is_err());
    }
}
