//! One function per game: ask the library, and write its answer as an [`Answer`].
//!
//! The closed forms (Nim, misère Nim, Bash, misère Bash, Georgia–Bob, Wythoff) answer at once
//! and exactly for every position up to `u128::MAX`. The heap games (subtraction games, octal
//! games, Grundy's game) answer from a table of Grundy values grown by [`growth`] within
//! `--table-limit`, and list their winning moves lazily, so a heap with more than
//! `--max-moves` of them is an error that still gives the outcome and the value
//! ([`heap_answer`]).
//!
//! Each game writes its own moves, in words and in JSON ([`Move`]); everything else about an
//! answer is the same for every game.

use std::sync::Arc;

use grundy::games::octal::Leaves;
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GrundysGame, GrundysPosition, MisereBash, MisereNim, Nim, NimMove,
    Octal, OctalPosition, Subtraction, SubtractionHeap, Wythoff,
};
use grundy::sequence::GrundySequence;
use grundy::{Nimber, Outcome};

use crate::answer::{Answer, Move, MoveJson, NoGrundy, letter, set_text, spaced};
use crate::args::{GameArgs, HeapLimits, MAX_MOVES_CAP};
use crate::growth;

/// Dispatches to the game's function. Each returns the common [`Answer`] or a one-line
/// message naming the problem with the input.
///
/// # Errors
///
/// A position the game's rules forbid, a heap its table cannot answer within the limits, more
/// winning moves than `--max-moves`; and `table`, which is not one position.
pub(crate) fn answer(game: GameArgs) -> Result<Answer, String> {
    match game {
        GameArgs::Nim { heaps } => nim(heaps),
        GameArgs::MisereNim { heaps } => misere_nim(heaps),
        GameArgs::Bash { n, k } => bash(n, k),
        GameArgs::MisereBash { n, k } => misere_bash(n, k),
        GameArgs::GeorgiaBob { cells } => georgia_bob(cells),
        GameArgs::Wythoff { a, b } => wythoff(a, b),
        GameArgs::Subtraction { set, n, limits } => subtraction(set, n, limits),
        GameArgs::Octal { code, n, limits } => octal(code, n, limits),
        GameArgs::GrundysGame { n, limits } => grundys_game(n, limits),
        GameArgs::Table { .. } => Err("a table is not one position".to_owned()),
    }
}

// ---------------------------------------------------------------------------------------------
// Closed forms
// ---------------------------------------------------------------------------------------------

/// A Nim or misère Nim move in words and JSON; `from` is the heap's size before the move.
fn heap_move(mv: NimMove<u128>, from: u128) -> Move {
    Move {
        json: MoveJson::Heap {
            heap: mv.heap,
            to: mv.to,
        },
        words: format!(
            "take {} from heap {} (0-based), leaving {} of {from}",
            from - mv.to,
            mv.heap,
            mv.to
        ),
    }
}

/// Nim: Bouton's nim-sum and its winning moves, from [`grundy::games::Nim`].
fn nim(heaps: Vec<u128>) -> Result<Answer, String> {
    let nim = Nim::new(heaps.clone());
    // The crate only yields moves of existing heaps, so the lookup cannot miss.
    let moves = nim
        .winning_moves()
        .map(|mv| heap_move(mv, nim.heaps().get(mv.heap).copied().unwrap_or_default()))
        .collect();
    Ok(Answer {
        game: "nim",
        position: spaced(&heaps),
        outcome: nim.outcome(),
        grundy: Ok(nim.grundy()),
        moves,
        notes: Vec::new(),
    })
}

/// Misère Nim: Bouton's rule, changed when a move would leave only heaps of 0 and 1, from
/// [`grundy::games::MisereNim`]. Misère play has no Grundy value.
fn misere_nim(heaps: Vec<u128>) -> Result<Answer, String> {
    let nim = MisereNim::new(heaps.clone());
    let moves = nim
        .winning_moves()
        .map(|mv| heap_move(mv, nim.heaps().get(mv.heap).copied().unwrap_or_default()))
        .collect();
    Ok(Answer {
        game: "misere-nim",
        position: spaced(&heaps),
        outcome: nim.outcome(),
        grundy: Err(NoGrundy::Misere),
        moves,
        notes: Vec::new(),
    })
}

/// A Bash or misère Bash move in words and JSON.
fn take_move(mv: BashMove<u128>, heap: u128) -> Move {
    Move {
        json: MoveJson::Take { take: mv.take },
        words: format!("take {}, leaving {}", mv.take, heap - mv.take),
    }
}

/// Bash: the Grundy value `n mod (k + 1)` and the move that takes it, from
/// [`grundy::games::Bash`]. `K = 0` is an error.
fn bash(n: u128, k: u128) -> Result<Answer, String> {
    let game = Bash::new(n, k).map_err(|err| format!("bash {n} {k}: {err}"))?;
    Ok(Answer {
        game: "bash",
        position: format!("{n} {k}"),
        outcome: game.outcome(),
        grundy: Ok(game.grundy()),
        moves: game.winning_moves().map(|mv| take_move(mv, n)).collect(),
        notes: Vec::new(),
    })
}

/// Misère Bash: the player to move loses exactly when `n mod (k + 1) = 1`, from
/// [`grundy::games::MisereBash`]. `K = 0` is an error.
fn misere_bash(n: u128, k: u128) -> Result<Answer, String> {
    let game = MisereBash::new(n, k).map_err(|err| format!("misere-bash {n} {k}: {err}"))?;
    Ok(Answer {
        game: "misere-bash",
        position: format!("{n} {k}"),
        outcome: game.outcome(),
        grundy: Err(NoGrundy::Misere),
        moves: game.winning_moves().map(|mv| take_move(mv, n)).collect(),
        notes: Vec::new(),
    })
}

/// Georgia and Bob: staircase Nim on the gaps between paired chessmen, from
/// [`grundy::games::GeorgiaBob`]. A chessman on cell 0 or two on one cell is an error.
fn georgia_bob(cells: Vec<u128>) -> Result<Answer, String> {
    let board = GeorgiaBob::new(cells.clone()).map_err(|err| format!("georgia-bob: {err}"))?;
    let moves = board
        .winning_moves()
        .map(|mv| Move {
            json: MoveJson::Slide {
                from: mv.from,
                to: mv.to,
            },
            words: format!("slide the chessman on cell {} to cell {}", mv.from, mv.to),
        })
        .collect();
    Ok(Answer {
        game: "georgia-bob",
        position: spaced(&cells),
        outcome: board.outcome(),
        grundy: Ok(board.grundy()),
        moves,
        notes: Vec::new(),
    })
}

/// Wythoff: the exact P-positions `(⌊kφ⌋, ⌊kφ⌋ + k)`, from [`grundy::games::Wythoff`]. The
/// Grundy value has no closed form: it comes from a table, and is `null` for boards larger
/// than the table's limit (the outcome and the moves are exact at every size).
fn wythoff(a: u128, b: u128) -> Result<Answer, String> {
    let board = Wythoff::new(a, b);
    let grundy = match board.grundy() {
        Ok(value) => Ok(value),
        Err(grundy::Error::TableLimit { .. }) => Err(NoGrundy::BeyondWythoffTable),
        Err(err) => return Err(format!("wythoff {a} {b}: {err}")),
    };
    let moves = board
        .winning_moves()
        .map(|mv| Move {
            json: MoveJson::Pair { to: [mv.a, mv.b] },
            words: format!("move to ({}, {})", mv.a, mv.b),
        })
        .collect();
    Ok(Answer {
        game: "wythoff",
        position: format!("{a} {b}"),
        outcome: board.outcome(),
        grundy,
        moves,
        notes: Vec::new(),
    })
}

// ---------------------------------------------------------------------------------------------
// Heap games, by their tables of Grundy values
// ---------------------------------------------------------------------------------------------

/// One heap of a heap game, as asked on the command line.
#[derive(Debug)]
struct HeapQuery {
    /// The game's name on the command line.
    game: &'static str,
    /// The position as written after the game's name (the set or code, then the heap).
    position: String,
    /// The heap.
    n: u128,
}

/// The answer for one heap of a heap game whose values are in `sequence`: the value, and the
/// winning moves from the lazy iterator `moves`, each written by `write`, at most `max` of
/// them (more is an error that says so, with the value and the outcome). A heap past the
/// table, answered through the proven period, gets a note saying so.
fn heap_answer<I: Iterator>(
    heap: HeapQuery,
    sequence: &GrundySequence,
    grundy: Result<Nimber, grundy::Error>,
    moves: Result<I, grundy::Error>,
    max: usize,
    write: impl Fn(I::Item) -> Move,
) -> Result<Answer, String> {
    let HeapQuery { game, position, n } = heap;
    let what = format!("{game} {position}");
    let value = grundy.map_err(|err| format!("{what}: {err}"))?;
    let outcome = Outcome::from_grundy(value);
    let mut listed = Vec::new();
    for mv in moves.map_err(|err| format!("{what}: {err}"))? {
        if listed.len() == max {
            return Err(format!(
                "{what}: outcome {}, Grundy value {value}, but more than {max} winning moves, \
                 the --max-moves limit; raise it (up to {MAX_MOVES_CAP}) to list them all",
                letter(outcome)
            ));
        }
        listed.push(write(mv));
    }
    let mut notes = Vec::new();
    if let Some(period) = sequence.period().filter(|_| n >= sequence.len() as u128) {
        notes.push(format!(
            "heap {n} is past the {} values computed; by the proven period {} from heap {} it \
             has the value of heap {}",
            sequence.len(),
            period.period,
            period.preperiod,
            period.reduce(n)
        ));
    }
    Ok(Answer {
        game,
        position,
        outcome,
        grundy: Ok(value),
        moves: listed,
        notes,
    })
}

/// A subtraction game: the value of heap `n` from the table (or its proven period), and the
/// takes that leave a heap of value 0, from [`grundy::games::Subtraction`].
fn subtraction(rules: Subtraction, n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let position = format!("{} {n}", set_text(rules.set()));
    let what = format!("subtraction {position}");
    let rules = growth::grow(
        &what,
        n,
        limits.table.table_limit,
        |len, limit| rules.clone().tabulate(len, limit),
        Subtraction::sequence,
    )?;
    let heap = SubtractionHeap::new(Arc::new(rules), n);
    heap_answer(
        HeapQuery {
            game: "subtraction",
            position,
            n,
        },
        heap.rules().sequence(),
        heap.grundy(),
        heap.winning_moves(),
        limits.max_moves,
        |mv| Move {
            json: MoveJson::Take { take: mv.take },
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
    }
}

/// An octal game: the value of heap `n` from the sparse-space table (or its proven
/// Guy–Smith period), and every move to a position of value 0, from
/// [`grundy::games::Octal`].
fn octal(rules: Octal, n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let position = format!("{} {n}", rules.code());
    let what = format!("octal {position}");
    let rules = growth::grow(
        &what,
        n,
        limits.table.table_limit,
        |len, limit| rules.clone().tabulate(len, limit),
        Octal::sequence,
    )?;
    let heap = OctalPosition::heap(Arc::new(rules), n);
    heap_answer(
        HeapQuery {
            game: "octal",
            position,
            n,
        },
        heap.rules().sequence(),
        heap.grundy(),
        heap.winning_moves(),
        limits.max_moves,
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
/// together, from [`grundy::games::GrundysGame`]. No period of Grundy's game is known
/// (whether it has one is an open problem), so the table is computed to heap `n` only, and
/// a heap at or past `--table-limit` is an error rather than a long search for a period.
fn grundys_game(n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let what = format!("grundys-game {n}");
    let limit = limits.table.table_limit;
    let len = growth::heap_table_len(&what, n, limit)?;
    let rules = GrundysGame::new()
        .tabulate(len, limit)
        .map_err(|err| format!("{what}: {err}"))?;
    let heap = GrundysPosition::heap(Arc::new(rules), n);
    heap_answer(
        HeapQuery {
            game: "grundys-game",
            position: n.to_string(),
            n,
        },
        heap.rules().sequence(),
        heap.grundy(),
        heap.winning_moves(),
        limits.max_moves,
        |mv| Move {
            json: MoveJson::Pair {
                to: [mv.to.0, mv.to.1],
            },
            words: format!("split it into {} and {}", mv.to.0, mv.to.1),
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
        let set = Subtraction::new(vec![4, 1, 3]).expect("a valid set");
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
