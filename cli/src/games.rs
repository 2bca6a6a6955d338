//! Each game: build the library's position from the command line, and say how one of its
//! moves is written. Everything else is [`ask`], written once for all games.
//!
//! The closed forms (Nim, Bash, Georgia–Bob, staircase Nim, Wythoff, under normal or misère
//! play) answer at once and exactly for every position up to `u128::MAX`. The heap games
//! (subtraction games, octal games, Grundy's game) are a [`HeapRow`] of the heaps typed under
//! their rules; their table of Grundy values is first grown by [`growth`] within
//! `--table-limit` and `--time-limit`, and their winning moves are listed lazily, heap by heap
//! in the order typed, so a row with more than `--max-moves` of them lists the first and says
//! how many there are ([`count`] counts an octal code's in closed form).
//!
//! Each game writes its own moves, in words and in JSON ([`Move`]); the words and the JSON
//! fields are the command line's own (the library's `Display` of a move is worded for a
//! position of many heaps).

use clap::ValueEnum;
use grundy::coins::{Coin, CoinMove, CoinRule, Coins};
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GrundysGame, HeapRow, Leaves, Nim, NimMove, Octal, Staircase,
    StaircaseMove, Subtraction, Wythoff,
};
use grundy::prelude::*;
use grundy::sequence::{Goal, GrundySequence};

use crate::answer::{
    self, Answer, Move, MoveJson, NoGrundy, Question, Total, ask, set_text, spaced,
};
use crate::args::{CoinArg, CoinGame, CoinLimits, GameArgs, HeapLimits, Report, WythoffLimits};
use crate::count;
use crate::failure::Failure;
use crate::growth::{self, Deadline};

/// Dispatches to the game's function. Each returns the common [`Answer`] or a one-line
/// failure naming the problem with the input.
///
/// # Errors
///
/// A position the game's rules forbid, a heap its table cannot answer within the limits;
/// and `table`, which is not one position.
pub(crate) fn answer(game: GameArgs, misere: bool, json: bool) -> Result<Answer, Failure> {
    let heap_game = matches!(
        game,
        GameArgs::Subtraction { .. } | GameArgs::Octal { .. } | GameArgs::GrundysGame { .. }
    );
    if misere && !heap_game {
        let instead = match game {
            GameArgs::Nim { .. } | GameArgs::Bash { .. } | GameArgs::Wythoff { .. } => {
                "; the closed forms have their own misère games (misere-nim, misere-bash, \
                 misere-wythoff)"
            }
            GameArgs::MisereNim { .. }
            | GameArgs::MisereBash { .. }
            | GameArgs::MisereWythoff { .. } => "; this game is misère already",
            _ => "; this game is answered in normal play only",
        };
        return Err(Failure::input(format!(
            "--misere is for a row of a heap game (subtraction, octal, grundys-game){instead}"
        )));
    }
    let play = if misere { Play::Misere } else { Play::Normal };
    // What is shown, with the default `--max-moves` of words or JSON settled.
    let shown = |report: Report| Shown {
        report,
        max_moves: report.max_moves(json),
    };
    match game {
        GameArgs::Nim { heaps, report, .. } => nim(heaps, Play::Normal, shown(report)),
        GameArgs::MisereNim { heaps, report, .. } => nim(heaps, Play::Misere, shown(report)),
        GameArgs::Bash { n, k, report, .. } => bash(n, k, Play::Normal, shown(report)),
        GameArgs::MisereBash { n, k, report, .. } => bash(n, k, Play::Misere, shown(report)),
        GameArgs::GeorgiaBob { cells, report, .. } => georgia_bob(cells, shown(report)),
        GameArgs::Staircase { steps, report, .. } => staircase(steps, shown(report)),
        GameArgs::Wythoff {
            a,
            b,
            limits,
            report,
            ..
        } => wythoff(a, b, Some(limits), shown(report)),
        GameArgs::MisereWythoff { a, b, report, .. } => wythoff(a, b, None, shown(report)),
        GameArgs::Subtraction {
            set,
            heaps,
            limits,
            report,
            ..
        } => subtraction(set, heaps, limits, play, shown(report)),
        GameArgs::Octal {
            code,
            heaps,
            limits,
            report,
            ..
        } => octal(code, heaps, limits, play, shown(report)),
        GameArgs::GrundysGame {
            heaps,
            limits,
            report,
            ..
        } => grundys_game(heaps, limits, play, shown(report)),
        GameArgs::Coins {
            rule,
            heads,
            limits,
            report,
            ..
        } => coins(rule, &heads, limits, shown(report)),
        GameArgs::Table { .. } => Err(Failure::input("a table is not one position")),
        GameArgs::Genus { .. } => Err(Failure::input("a list of genera is not one position")),
        GameArgs::Quotient { .. } => Err(Failure::input("a quotient is not one position")),
    }
}

/// What to show of an answer: the flags of [`Report`], and the most moves to list, with
/// the default of words or JSON settled.
#[derive(Debug, Clone, Copy)]
struct Shown {
    report: Report,
    max_moves: usize,
}

/// A question about a position: at most `--max-moves` winning moves.
fn question(game: &'static str, position: String, play: Play, shown: Shown) -> Question {
    Question {
        game,
        position,
        play,
        max_moves: Some(shown.max_moves),
        shown: shown.report.shown(),
    }
}

// ---------------------------------------------------------------------------------------------
// Closed forms
// ---------------------------------------------------------------------------------------------

/// Nim (`nim`) and misère Nim (`misere-nim`): Bouton's nim-sum, and under misère play his
/// rule changed when a move would leave only heaps of 0 and 1, from [`Nim`].
fn nim(heaps: Vec<u128>, play: Play, report: Shown) -> Result<Answer, Failure> {
    let name = match play {
        Play::Normal => "nim",
        Play::Misere => "misere-nim",
    };
    let question = question(name, spaced(&heaps), play, report);
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
fn bash(n: u128, k: u128, play: Play, report: Shown) -> Result<Answer, Failure> {
    let name = match play {
        Play::Normal => "bash",
        Play::Misere => "misere-bash",
    };
    let game = Bash::new(n, k).map_err(|err| Failure::input(format!("{name} {n} {k}: {err}")))?;
    ask(
        &game,
        question(name, format!("{n} {k}"), play, report),
        |mv: BashMove<u128>| Move {
            json: MoveJson::Take { take: mv.take },
            // A move of the library is legal: it takes at most the heap, so no underflow.
            words: format!("take {}, leaving {}", mv.take, n - mv.take),
        },
    )
}

/// Georgia and Bob: staircase Nim on the gaps between paired chessmen, from [`GeorgiaBob`]. A
/// chessman on cell 0 or two on one cell is an error.
fn georgia_bob(cells: Vec<u128>, report: Shown) -> Result<Answer, Failure> {
    let position = spaced(&cells);
    let board =
        GeorgiaBob::new(cells).map_err(|err| Failure::input(format!("georgia-bob: {err}")))?;
    ask(
        &board,
        question("georgia-bob", position, Play::Normal, report),
        |mv| Move {
            json: MoveJson::Slide {
                from: mv.from,
                to: mv.to,
            },
            words: format!("slide the chessman on cell {} to cell {}", mv.from, mv.to),
        },
    )
}

/// Staircase Nim: Nim on the odd steps, where an odd step may also grow by coins carried
/// down from the even step above, from [`Staircase`]. More coins in all than `u128::MAX` is an
/// error (a move could pile them on one step).
fn staircase(steps: Vec<u128>, report: Shown) -> Result<Answer, Failure> {
    let position = spaced(&steps);
    let stairs = Staircase::new(steps)
        .map_err(|err| Failure::input(format!("staircase {position}: {err}")))?;
    ask(
        &stairs,
        question("staircase", position, Play::Normal, report),
        |mv: StaircaseMove<u128>| Move {
            json: MoveJson::Step {
                step: mv.step,
                coins: mv.coins,
            },
            words: match mv.step {
                1 => format!("carry {} off step 1", mv.coins),
                step => format!("carry {} from step {step} to step {}", mv.coins, step - 1),
            },
        },
    )
}

/// Wythoff (`wythoff`) and misère Wythoff (`misere-wythoff`): the exact P-positions
/// `(⌊kφ⌋, ⌊kφ⌋ + k)` (under misère play the same from `k = 3` on, after `(0, 1)` and
/// `(2, 2)`), from [`Wythoff`]. The Grundy value (of `wythoff`, which has `limits`) has no
/// closed form: it comes from the library's table of `(a + 1)(b + 1)` entries, within
/// `--table-limit` and `--time-limit`, and past the limit the answer says why it is missing
/// (the outcome and the moves are exact at every size).
fn wythoff(
    a: u128,
    b: u128,
    limits: Option<WythoffLimits>,
    report: Shown,
) -> Result<Answer, Failure> {
    let (name, play) = match limits {
        Some(_) => ("wythoff", Play::Normal),
        None => ("misere-wythoff", Play::Misere),
    };
    let question = question(name, format!("{a} {b}"), play, report);
    let what = question.what();
    let failed = |err: grundy::Error| Failure::input(format!("{what}: {err}"));
    let game = Wythoff::new(a, b);
    let outcome = game.outcome(play).map_err(failed)?;
    let grundy = match limits {
        None => Err(NoGrundy::Misere),
        Some(limits) => {
            crate::watchdog::begin(crate::watchdog::Step::Wythoff, limits.time_limit)?;
            match game.grundy_with_limit(limits.table_limit) {
                Ok(value) => Ok(value),
                Err(grundy::Error::TableLimit { requested, limit }) => {
                    Err(NoGrundy::BeyondWythoffTable {
                        entries: requested,
                        limit,
                    })
                }
                // A table within a raised limit that memory cannot hold.
                Err(err) => return Err(Failure::limit(format!("{what}: {err}"))),
            }
        }
    };
    crate::watchdog::table_done();
    let moves = match question.shown {
        crate::args::Shown::Outcome => None,
        _ => Some(game.winning_moves(play).map_err(failed)?),
    };
    // In the library's words (`take 2 from the second heap, leaving (4, 7)`), as every
    // other game's moves are.
    let write = |mv: grundy::games::WythoffMove<u128>| {
        let (x, y) = mv.to;
        Move {
            json: MoveJson::Pair { to: [x, y] },
            words: mv.to_string(),
        }
    };
    Ok(answer::answer(
        question,
        outcome,
        grundy,
        moves,
        write,
        || None,
    ))
}

// ---------------------------------------------------------------------------------------------
// Heap games, by their tables of Grundy values
// ---------------------------------------------------------------------------------------------

/// One move of a heap game as the rules give it: in the heap at `index` of the row as typed
/// (0-based), take `take`, leaving `to`.
#[derive(Debug, Clone)]
struct RowMove {
    /// The heap moved in, as numbered on the command line.
    index: usize,
    /// How many tokens are removed (0 for a split that removes none).
    take: u128,
    /// What is left of the heap.
    to: Leaves,
}

/// A row of heaps `heaps` of a heap game under `rules`: the table grown toward `goal` within
/// the limits, then the same questions as any game. The value and the outcome are the
/// library's [`HeapRow`]'s; the winning moves are listed heap by heap in the order the heaps
/// were typed, each numbered by its place there (the library's row holds its heaps sorted),
/// and each move is written by `write` (told whether the row is a single heap, whose moves
/// name no heap). `counted` counts one heap's moves to a value in closed form, where the
/// game can. A heap past the table, answered through the proven period, gets a note.
fn heap_row<R: Tabulated>(
    rules: R,
    heaps: Vec<u128>,
    goal: Goal,
    question: Question,
    limits: HeapLimits,
    counted: impl Fn(&R, &GrundySequence, u128, u128) -> Option<Total>,
    write: impl Fn(bool, RowMove) -> Move,
) -> Result<Answer, Failure> {
    let rules = rules
        .with_table_limit(limits.table.table_limit)
        .with_memory_limit(limits.table.memory_limit);
    if question.play == Play::Misere {
        return misere_row(rules, heaps, question, limits, write);
    }
    let deadline = Deadline::after(limits.table.time_limit);
    let what = question.what();
    let failed = |err| growth::failure(&what, err, limits.table);
    let table = growth::grow(&rules, goal, &deadline).map_err(failed)?;
    let row = HeapRow::new(rules.clone(), heaps.iter().copied());
    let total = row.grundy().map_err(failed)?;
    let outcome = row.outcome(Play::Normal).map_err(failed)?;
    // Each heap's moves change its value by the total, so that the row's becomes 0.
    let mut targets = Vec::with_capacity(heaps.len());
    for &h in &heaps {
        targets.push((rules.heap_value(h).map_err(failed)? + total).get());
    }
    let mut moves = Vec::new();
    if !total.is_zero() {
        for (index, (&h, &target)) in heaps.iter().zip(&targets).enumerate() {
            let heap_moves = rules
                .heap_moves_to(h, Nimber::new(target))
                .map_err(failed)?;
            moves.push(heap_moves.map(move |(take, to)| RowMove { index, take, to }));
        }
    }
    let in_closed_form = || {
        heaps
            .iter()
            .zip(&targets)
            .filter(|_| !total.is_zero())
            .try_fold(Total::Exactly(0), |sum, (&h, &target)| {
                Some(sum.plus(counted(&rules, &table, h, target)?))
            })
    };
    let single = heaps.len() == 1;
    let shown_moves =
        (question.shown != crate::args::Shown::Outcome).then(|| moves.into_iter().flatten());
    let mut answer = answer::answer(
        question,
        outcome,
        Ok(total),
        shown_moves,
        |mv| write(single, mv),
        in_closed_form,
    );
    let mut noted = Vec::new();
    for &h in &heaps {
        if !noted.contains(&h) {
            noted.push(h);
            answer.notes.extend(period_note(&table, h));
        }
    }
    Ok(answer)
}

/// A row of a heap game under misère play (`--misere`): the outcome and every winning move
/// from the rules' misère quotient where one covers the heaps (computed on demand by the
/// library), else from a search of the row, within `--time-limit` (the watchdog's). The moves
/// are listed heap by heap in the order the heaps were typed; a note says how the row was
/// answered.
fn misere_row<R: Tabulated>(
    rules: R,
    heaps: Vec<u128>,
    question: Question,
    limits: HeapLimits,
    write: impl Fn(bool, RowMove) -> Move,
) -> Result<Answer, Failure> {
    if limits.table.time_limit == 0 {
        return Err(Failure::new(
            crate::failure::Kind::TimeLimit,
            growth::time_limit_message(0),
        ));
    }
    crate::watchdog::step(crate::watchdog::Step::Misere);
    let what = question.what();
    let failed = |err| misere_failure(&what, err, limits);
    let row = HeapRow::new(rules.clone(), heaps.iter().copied());
    // The library's row holds the heaps sorted, empty ones dropped: its heap k is the k-th
    // non-empty heap typed, in sorted order (a stable sort keeps equal heaps in typed order).
    let mut typed: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
    typed.sort_by_key(|&i| heaps[i]);
    let typed_move = |mv: grundy::games::HeapMove<u128>| RowMove {
        index: typed[mv.index],
        take: mv.take,
        to: mv.to,
    };
    let wants_moves = question.shown != crate::args::Shown::Outcome;
    // One more move than shown, so that the answer knows the list is cut.
    let kept = match question.shown {
        crate::args::Shown::Moves => question.max_moves.map_or(usize::MAX, |m| m + 1),
        _ => 0,
    };
    // A row that no quotient at hand covers is searched (see `HeapRow`), and searched once,
    // for both its outcome and its winning moves where these are asked for
    // (`HeapRow::misere_outcome_and_moves`), else for its outcome alone.
    let both = if wants_moves && row.misere_quotient().is_none() {
        match row.misere_outcome_and_moves() {
            // A quotient found for the row (and kept in the rules' cache) whose heaps have
            // too many moves to list (a P-position lists none, so this is an N-position):
            // the outcome, from that quotient at once, and why the moves are not listed.
            Err(grundy::Error::MoveLimit { limit }) => {
                let outcome = row.outcome(Play::Misere).map_err(failed)?;
                return Err(too_many_moves(&what, outcome, limit));
            }
            answered => Some(answered.map_err(failed)?),
        }
    } else {
        None
    };
    let (outcome, searched) = match both {
        Some((outcome, found)) => {
            let mut moves: Vec<RowMove> = found.map(typed_move).collect();
            moves.sort_by_key(|mv| mv.index);
            (outcome, Some(moves))
        }
        None => (row.outcome(Play::Misere).map_err(failed)?, None),
    };
    // The quotient that answered the row, if one did (it is in the rules' cache).
    let quotient = rules
        .misere_quotients()
        .and_then(|cache| cache.get())
        .filter(|q| heaps.iter().all(|&h| q.heap_element(h).is_some()));
    let mut moves: Vec<RowMove> = Vec::new();
    let mut total = 0u128;
    if let Some(mut listed) = searched {
        total = listed.len() as u128;
        listed.truncate(kept);
        moves = listed;
    } else if wants_moves {
        // The outcome is known: a time limit that runs out from here on was spent on the
        // moves (a huge heap of a code that splits has about as many as tokens), not on a
        // search for want of a quotient, and its error says so.
        crate::watchdog::step(crate::watchdog::Step::Moves);
        let moves_failed = |err| match err {
            grundy::Error::MoveLimit { limit } => too_many_moves(&what, outcome, limit),
            err => failed(err),
        };
        // A P-position has no winning move: none to look for.
        if let (Some(q), Outcome::Next) = (&quotient, outcome) {
            // Heap by heap in the order the heaps were typed: each heap's moves judged once
            // for their number, and the first `kept` of the row listed, found a batch at a
            // time: a heap with 10^8 winning moves costs the moves shown, not gigabytes. The
            // library's move limit applies to each heap's moves.
            let mut by_typed: Vec<usize> = (0..typed.len()).collect();
            by_typed.sort_by_key(|&k| typed[k]);
            for k in by_typed {
                let listed = q.winning_moves_of_heap(&row, k).map_err(moves_failed)?;
                total += listed.len() as u128;
                let room = kept.saturating_sub(moves.len());
                moves.extend(listed.take(room).map(typed_move));
            }
        }
    }
    let single = heaps.len() == 1;
    let shown_moves = (question.shown != crate::args::Shown::Outcome).then(|| moves.into_iter());
    let mut answer = answer::answer(
        question,
        outcome,
        Err(answer::NoGrundy::Misere),
        shown_moves,
        |mv| write(single, mv),
        || Some(Total::Exactly(total)),
    );
    answer.notes.push(match quotient {
        Some(q) => format!(
            "answered by the misère quotient of order {} ({})",
            q.order(),
            if q.is_proven() {
                "proven for every heap".to_owned()
            } else {
                format!("of heaps up to {}", q.bound())
            }
        ),
        None => "answered by a search of the row: no misère quotient covers its heaps".to_owned(),
    });
    Ok(answer)
}

/// The failure of a misère row: the search's limits (reached only where no misère quotient
/// covers the row) said in the command line's words, a limit and not an error of the input,
/// with advice a user can follow; every other error as for a table.
fn misere_failure(what: &str, err: grundy::Error, limits: HeapLimits) -> Failure {
    let needs = match err {
        grundy::Error::PositionLimit { limit } => {
            format!("more than {limit} positions, the most it may take")
        }
        grundy::Error::SearchMoveLimit { limit } => {
            format!("to list more than {limit} moves, the most it may take")
        }
        grundy::Error::SolverMemoryLimit { limit, .. } => {
            return Failure::limit(format!(
                "{what}: no misère quotient of the game covers this row, and its search needs \
                 more than the --memory-limit of {} MiB (raise it, or ask for a row of smaller \
                 heaps)",
                limit >> 20
            ));
        }
        err => return growth::failure(what, err, limits.table),
    };
    Failure::limit(format!(
        "{what}: no misère quotient of the game covers this row, and its search needs {needs} \
         (ask for a row of smaller heaps)"
    ))
}

/// The failure for a misère row whose winning moves are past the library's `limit` of moves
/// looked at (a huge heap of a code that splits heaps has about as many moves as tokens): the
/// outcome is known, and said, and the advice is what the command line can do.
fn too_many_moves(what: &str, outcome: Outcome, limit: usize) -> Failure {
    Failure::limit(format!(
        "{what}: the outcome is {} under misère play, but the winning moves cannot be listed: the \
         heaps of this row have more than {limit} moves to look through (ask --outcome for the \
         outcome alone, or ask for a row of smaller heaps)",
        answer::letter(outcome)
    ))
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

/// The largest heap of a row (0 for none): the table must answer it.
fn largest(heaps: &[u128]) -> u128 {
    heaps.iter().copied().max().unwrap_or(0)
}

/// `in heap 2 (0-based) ` for a move in a row of several heaps, nothing for a single heap.
fn in_heap(single: bool, index: usize) -> String {
    if single {
        String::new()
    } else {
        format!(" from heap {index} (0-based)")
    }
}

/// A subtraction game: the value of each heap from the table (or its proven period), and the
/// takes that leave a row of value 0, from [`Subtraction`].
fn subtraction(
    rules: Subtraction,
    heaps: Vec<u128>,
    limits: HeapLimits,
    play: Play,
    report: Shown,
) -> Result<Answer, Failure> {
    let position = format!("{} {}", set_text(rules.set()), spaced(&heaps));
    let row = heaps.clone();
    heap_row(
        rules,
        heaps,
        Goal::Heap(largest(&row)),
        question("subtraction", position, play, report),
        limits,
        |_, _, _, _| None,
        |single, mv| {
            // A move of the library is legal: it takes at most the heap, so no underflow.
            let left = mv.to.total().unwrap_or(0);
            Move {
                json: if single {
                    MoveJson::Take { take: mv.take }
                } else {
                    MoveJson::RowTake {
                        heap: mv.index,
                        take: mv.take,
                    }
                },
                words: format!(
                    "take {}{}, leaving {left}",
                    mv.take,
                    in_heap(single, mv.index)
                ),
            }
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

/// An octal game: the value of each heap from the sparse-space table (or its proven
/// Guy–Smith period), and every move to a row of value 0, from [`Octal`]. The winning moves
/// of an octal code (no repeated digit, none of 8 or more) are counted in closed form
/// ([`count`]), so a huge heap says how many it has even when they are too many to list.
fn octal(
    rules: Octal,
    heaps: Vec<u128>,
    limits: HeapLimits,
    play: Play,
    report: Shown,
) -> Result<Answer, Failure> {
    let position = format!("{rules} {}", spaced(&heaps));
    let row = heaps.clone();
    heap_row(
        rules,
        heaps,
        Goal::Heap(largest(&row)),
        question("octal", position, play, report),
        limits,
        count::octal_moves_to,
        |single, mv| {
            let heaps: Vec<u128> = mv.to.heaps().collect();
            Move {
                json: if single {
                    MoveJson::TakeLeaving {
                        take: mv.take,
                        to: heaps,
                    }
                } else {
                    MoveJson::RowTakeLeaving {
                        heap: mv.index,
                        take: mv.take,
                        to: heaps,
                    }
                },
                words: match (mv.take, single) {
                    (0, true) => format!("split it, taking nothing, into {}", leaves_words(&mv.to)),
                    (0, false) => format!(
                        "split heap {} (0-based), taking nothing, into {}",
                        mv.index,
                        leaves_words(&mv.to)
                    ),
                    (take, _) => format!(
                        "take {take}{}, leaving {}",
                        in_heap(single, mv.index),
                        leaves_words(&mv.to)
                    ),
                },
            }
        },
    )
}

/// Grundy's game: the value of each heap and every split into two unequal heaps that leaves
/// a row of value 0, from [`GrundysGame`]. No period of Grundy's game is known (whether it has
/// one is an open problem), so the table is computed to the largest heap only, and a heap at
/// or past `--table-limit` is an error at once rather than a long search for a period.
fn grundys_game(
    heaps: Vec<u128>,
    limits: HeapLimits,
    play: Play,
    report: Shown,
) -> Result<Answer, Failure> {
    let question = question("grundys-game", spaced(&heaps), play, report);
    let len = if play == Play::Misere {
        0 // no table of values is asked for under misère play
    } else {
        growth::heap_table_len(&question.what(), largest(&heaps), limits.table.table_limit)?
    };
    heap_row(
        GrundysGame::new(),
        heaps,
        Goal::Values(len),
        question,
        limits,
        |_, _, _, _| None,
        |single, mv| {
            // A move of Grundy's game always leaves two heaps, the smaller first.
            let mut heaps = mv.to.heaps();
            let (a, b) = (heaps.next().unwrap_or(0), heaps.next().unwrap_or(0));
            Move {
                json: if single {
                    MoveJson::Pair { to: [a, b] }
                } else {
                    MoveJson::RowPair {
                        heap: mv.index,
                        to: [a, b],
                    }
                },
                words: if single {
                    format!("split it into {a} and {b}")
                } else {
                    format!("split heap {} (0-based) into {a} and {b}", mv.index)
                },
            }
        },
    )
}

// ---------------------------------------------------------------------------------------------
// Coin-turning games
// ---------------------------------------------------------------------------------------------

/// A coin-turning game (`coins RULE COIN...`): a row of [`TurningTurtles`], [`Twins`] or
/// [`MockTurtles`] coins, or a board of Turning Corners ([`Tartan::turning_corners`]), from
/// [`Coins`]. The value and the outcome are exact at every size; the winning moves are listed
/// up to `--max-moves` and counted in closed form past it (a Mock Turtles head past 2^64 can
/// have more than could ever be listed), within `--time-limit`. A coin the rule does not
/// have, a coin named twice, or a board whose moves need a longer scan than the library's
/// limit is an error.
///
/// [`TurningTurtles`]: grundy::coins::TurningTurtles
/// [`Twins`]: grundy::coins::Twins
/// [`MockTurtles`]: grundy::coins::MockTurtles
/// [`Tartan::turning_corners`]: grundy::coins::Tartan::turning_corners
/// [`Coins`]: grundy::coins::Coins
fn coins(
    rule: CoinGame,
    heads: &[CoinArg],
    limits: CoinLimits,
    report: Shown,
) -> Result<Answer, Failure> {
    use grundy::coins::{MockTurtles, Tartan, TurningTurtles, Twins};

    // No table to grow: the time limit is spent on the moves from the start.
    crate::watchdog::begin(crate::watchdog::Step::Moves, limits.time_limit)?;
    let name = rule
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_owned());
    let written: Vec<String> = heads.iter().map(CoinArg::to_string).collect();
    let position = format!("{name} {}", written.join(" "));
    let question = question("coins", position, Play::Normal, report);
    let on_row = |mv: CoinMove<u128>| Move {
        words: mv.to_string(),
        json: MoveJson::Turn {
            head: mv.head,
            others: mv.others,
        },
    };
    match rule {
        CoinGame::TurningTurtles => {
            let row = numbers(heads, &question)?;
            coin_row(TurningTurtles, row, question, on_row)
        }
        CoinGame::Twins => {
            let row = numbers(heads, &question)?;
            coin_row(Twins, row, question, on_row)
        }
        CoinGame::MockTurtles => {
            let row = numbers(heads, &question)?;
            coin_row(MockTurtles, row, question, on_row)
        }
        CoinGame::TurningCorners => {
            let board = pairs(heads, &question)?;
            coin_row(Tartan::turning_corners(), board, question, |mv| Move {
                words: mv.to_string(),
                json: MoveJson::TurnOnBoard {
                    head: [mv.head.0, mv.head.1],
                    others: mv.others.iter().map(|&(x, y)| [x, y]).collect(),
                },
            })
        }
    }
}

/// The answer for the heads `heads` of `rule`, each move written by `write`.
fn coin_row<C: Coin, R: CoinRule<C>>(
    rule: R,
    heads: Vec<C>,
    question: Question,
    write: impl Fn(CoinMove<C>) -> Move,
) -> Result<Answer, Failure> {
    let what = question.what();
    let failed = |err: grundy::Error| match err {
        // The library's advice names its own method; here the way out is --outcome.
        grundy::Error::ScanLimit { coin, limit } => Failure::limit(format!(
            "{what}: the winning moves from the head {coin} need more than {limit} moves of a \
             factor gone through or listed, the library's scan limit; --outcome answers \
             without them"
        )),
        err => Failure::input(format!("{what}: {err}")),
    };
    let row = Coins::new(rule, heads).map_err(&failed)?;
    // The library's one overflow here is a count past u128::MAX.
    let counted = || match row.count_moves_to_value(Nimber::ZERO) {
        Ok(n) => Some(Total::Exactly(n)),
        Err(grundy::Error::Overflow { .. }) => Some(Total::PastMax),
        Err(_) => None,
    };
    answer::ask_with(&row, question, write, failed, counted)
}

/// The coins of a row: numbers, not pairs.
fn numbers(heads: &[CoinArg], question: &Question) -> Result<Vec<u128>, Failure> {
    heads
        .iter()
        .map(|&coin| match coin {
            CoinArg::One(x) => Ok(x),
            pair => Err(Failure::input(format!(
                "{}: the coin {pair} is a pair, but the coins of a row are numbers",
                question.what()
            ))),
        })
        .collect()
}

/// The coins of a board: pairs `X,Y`, not numbers.
fn pairs(heads: &[CoinArg], question: &Question) -> Result<Vec<(u128, u128)>, Failure> {
    heads
        .iter()
        .map(|&coin| match coin {
            CoinArg::Two(x, y) => Ok((x, y)),
            CoinArg::One(x) => Err(Failure::input(format!(
                "{}: the coin {x} is a number, but the coins of a board are pairs X,Y",
                question.what()
            ))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::{NoMisere, TableLimits};

    /// The default limits.
    fn limits() -> HeapLimits {
        HeapLimits {
            table: TableLimits {
                table_limit: 1 << 20,
                memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
                time_limit: 20,
            },
        }
    }

    /// What `report` shows, with `max_moves` moves listed at most.
    fn shown(max_moves: usize, report: Report) -> Shown {
        Shown { report, max_moves }
    }

    #[test]
    fn a_misere_row_too_large_to_search_is_a_limit_with_advice_a_user_can_follow() {
        // `grundy octal 0.07 1000000 --misere` (no quotient covers the heap) failed after 12 s
        // with the library's line, which names a method of the library, as an error of the
        // input ("kind": "input"). Found by red-teaming the misère command line.
        for (err, needs) in [
            (
                grundy::Error::PositionLimit { limit: 1 << 24 },
                "more than 16777216 positions",
            ),
            (
                grundy::Error::SearchMoveLimit { limit: 1 << 28 },
                "to list more than 268435456 moves",
            ),
        ] {
            let failure = misere_failure("octal 0.07 1000000", err, limits());
            assert_eq!(failure.kind, crate::failure::Kind::Limit);
            assert_eq!(
                failure.message,
                format!(
                    "octal 0.07 1000000: no misère quotient of the game covers this row, and its \
                     search needs {needs}, the most it may take (ask for a row of smaller heaps)"
                )
            );
            assert!(!failure.message.contains("Solver::"));
        }
        // Its memory is the --memory-limit's: that is the setting to name.
        let err = grundy::Error::SolverMemoryLimit {
            limit: 256 << 20,
            positions: 1 << 20,
            setting: "HeapRules::search_memory_limit",
        };
        let failure = misere_failure("octal 0.07 1000000", err, limits());
        assert_eq!(failure.kind, crate::failure::Kind::Limit);
        assert_eq!(
            failure.message,
            "octal 0.07 1000000: no misère quotient of the game covers this row, and its search \
             needs more than the --memory-limit of 256 MiB (raise it, or ask for a row of \
             smaller heaps)"
        );
        // Other errors are a table's.
        let err = grundy::Error::MemoryLimit { limit: 1 << 20 };
        assert_eq!(
            misere_failure("octal 0.07 5", err.clone(), limits()),
            growth::failure("octal 0.07 5", err, limits().table)
        );
    }

    #[test]
    fn a_misere_row_with_too_many_moves_gives_its_outcome_and_advice_a_user_can_follow() {
        // The library's MoveLimit after 2^28 moves (rows no proven quotient of the crate's
        // take-and-break rules answers) takes seconds to reach: the failure it maps to is
        // checked here, without it.
        let failure = too_many_moves(
            "octal 0.75 1000000000000000000000 3",
            Outcome::Next,
            1 << 28,
        );
        assert_eq!(failure.kind, crate::failure::Kind::Limit);
        assert_eq!(
            failure.message,
            "octal 0.75 1000000000000000000000 3: the outcome is N under misère play, but the \
             winning moves cannot be listed: the heaps of this row have more than 268435456 \
             moves to look through (ask --outcome for the outcome alone, or ask for a row of \
             smaller heaps)"
        );
        assert!(!failure.message.contains("lazily"));
        // And --outcome answers that row from the proven quotient, listing nothing.
        let row = octal(
            "0.75".parse().expect("a code"),
            vec![10u128.pow(21), 3],
            limits(),
            Play::Misere,
            shown(
                10,
                Report {
                    outcome: true,
                    ..Report::default()
                },
            ),
        );
        assert!(row.is_ok_and(|a| a.outcome == Outcome::Next && a.moves.is_empty()));
    }

    #[test]
    fn every_game_writes_its_position_as_read() {
        let nim = answer(
            GameArgs::Nim {
                heaps: vec![5, 7, 9],
                report: Report::default(),
                refused: NoMisere::default(),
            },
            false,
            false,
        );
        assert!(nim.is_ok_and(|a| a.game == "nim" && a.position == "5 7 9"));
        let set = Subtraction::new([4u8, 1, 3]).expect("a valid set");
        let heap = subtraction(
            set.clone(),
            vec![10],
            limits(),
            Play::Normal,
            shown(10, Report::default()),
        );
        assert!(heap.is_ok_and(|a| a.position == "1,3,4 10" && a.moves.len() == 2));
        let row = subtraction(
            set,
            vec![10, 0, 3],
            limits(),
            Play::Normal,
            shown(10, Report::default()),
        );
        assert!(row.is_ok_and(|a| a.position == "1,3,4 10 0 3"));
    }

    #[test]
    fn a_heap_with_more_moves_than_the_limit_lists_the_first_and_counts_them_all() {
        let kayles = Octal::kayles();
        let all = octal(
            kayles.clone(),
            vec![7],
            limits(),
            Play::Normal,
            shown(2, Report::default()),
        )
        .expect("an answer");
        assert_eq!(
            (all.moves.len(), all.total, all.is_truncated()),
            (2, Some(Total::Exactly(2)), false)
        );
        let cut = octal(
            kayles.clone(),
            vec![7],
            limits(),
            Play::Normal,
            shown(1, Report::default()),
        )
        .expect("an answer");
        assert_eq!(
            (cut.moves.len(), cut.total, cut.is_truncated()),
            (1, Some(Total::Exactly(2)), true)
        );
        assert_eq!(cut.grundy, Ok(Nimber::new(2)));
        let count = Report {
            count: true,
            ..Report::default()
        };
        let counted =
            octal(kayles, vec![7], limits(), Play::Normal, shown(0, count)).expect("an answer");
        assert_eq!(
            (counted.moves.len(), counted.total),
            (0, Some(Total::Exactly(2)))
        );
    }

    #[test]
    fn a_row_numbers_its_heaps_as_typed() {
        // Kayles: G(1) = 1, G(2) = 2, G(3) = 3, G(4) = 1. Rows of 4, 0, 1: *1 ⊕ *1 = 0.
        let row = octal(
            Octal::kayles(),
            vec![4, 0, 1],
            limits(),
            Play::Normal,
            shown(10, Report::default()),
        )
        .expect("an answer");
        assert!(row.moves.is_empty() && row.grundy == Ok(Nimber::new(0)));
        // Rows of 3, 0, 1: *3 ⊕ *1 = *2. The heap of 3 must go to *1 (take 2, leaving 1); the
        // heap of 1 cannot go to *3. The move names the heap by its place as typed, 0.
        let row = octal(
            Octal::kayles(),
            vec![3, 0, 1],
            limits(),
            Play::Normal,
            shown(10, Report::default()),
        )
        .expect("an answer");
        let words: Vec<&str> = row.moves.iter().map(|mv| mv.words.as_str()).collect();
        assert_eq!(
            words,
            ["take 2 from heap 0 (0-based), leaving one heap of 1"]
        );
    }

    #[test]
    fn a_huge_heap_is_answered_through_the_period_with_a_note() {
        let dawson = Octal::dawsons_kayles();
        let heap = octal(
            dawson,
            vec![10u128.pow(30) + 1],
            limits(),
            Play::Normal,
            shown(10, Report::default()),
        )
        .expect("an answer");
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
        let misere = answer(
            GameArgs::MisereNim {
                heaps: vec![1, 1],
                report: Report::default(),
                refused: NoMisere::default(),
            },
            false,
            false,
        )
        .expect("an answer");
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
    fn a_misere_row_numbers_its_heaps_as_typed() {
        // 0.75: heaps 1 and 3 are both a, and a·a = 1 is N. Typed 3, 0, 1: take the heap of 1
        // (heap 2 as typed), or split the heap of 3 (heap 0) into 1 and 1.
        let row = octal(
            "0.75".parse().expect("a code"),
            vec![3, 0, 1],
            limits(),
            Play::Misere,
            shown(10, Report::default()),
        )
        .expect("an answer");
        let words: Vec<&str> = row.moves.iter().map(|mv| mv.words.as_str()).collect();
        assert_eq!(
            words,
            [
                "take 1 from heap 0 (0-based), leaving heaps of 1 and 1",
                "take 1 from heap 2 (0-based), leaving nothing"
            ]
        );
        assert_eq!(row.grundy, Err(crate::answer::NoGrundy::Misere));
        assert!(
            answer(
                GameArgs::Nim {
                    heaps: vec![1],
                    report: Report::default(),
                    refused: NoMisere::default(),
                },
                true,
                false,
            )
            .is_err()
        );
    }

    /// Where each heap of the row of `heaps` stands in the sorted row: its k-th heap is the
    /// k-th non-empty heap typed, by size (equal heaps in the order typed).
    fn typed_order(heaps: &[u128]) -> Vec<usize> {
        let mut typed: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        typed.sort_by_key(|&i| heaps[i]);
        typed
    }

    /// The library's winning misère moves of the row of `heaps`, as (typed heap, take,
    /// heaps left), in the order the heaps were typed.
    fn whole_misere_list(rules: &Octal, heaps: &[u128]) -> Vec<(usize, u128, Vec<u128>)> {
        let typed = typed_order(heaps);
        let row = HeapRow::new(rules.clone(), heaps.iter().copied());
        let mut all: Vec<(usize, u128, Vec<u128>)> = row
            .winning_moves(Play::Misere)
            .expect("moves")
            .map(|mv| (typed[mv.index], mv.take, mv.to.heaps().collect()))
            .collect();
        all.sort_by_key(|mv| mv.0);
        all
    }

    /// The moves `answer` lists for the row of `heaps`, as [`whole_misere_list`] gives them.
    fn listed(answer: &Answer, heaps: &[u128]) -> Vec<(usize, u128, Vec<u128>)> {
        answer
            .moves
            .iter()
            .map(|mv| match &mv.json {
                crate::answer::MoveJson::RowTakeLeaving { heap, take, to } => {
                    (*heap, *take, to.clone())
                }
                crate::answer::MoveJson::TakeLeaving { take, to } => {
                    (typed_order(heaps)[0], *take, to.clone())
                }
                json => panic!("not a heap game's move: {json:?}"),
            })
            .collect()
    }

    /// Checks that `answer` counts every move of `all` (the whole list of the row of `heaps`)
    /// and lists the first `max` of them.
    fn lists_the_first(
        answer: &Answer,
        heaps: &[u128],
        all: &[(usize, u128, Vec<u128>)],
        max: usize,
    ) {
        assert_eq!(
            answer.total,
            Some(Total::Exactly(all.len() as u128)),
            "{heaps:?}"
        );
        assert_eq!(
            listed(answer, heaps),
            all[..max.min(all.len())],
            "{heaps:?}"
        );
    }

    #[test]
    fn a_misere_row_lists_its_first_winning_moves_in_the_typed_order_and_counts_them_all() {
        // From a quotient the moves are counted and listed heap by heap in the order typed,
        // only as many as are shown (a heap of 10^7 tokens beside 11 held all its 10^7
        // winning moves, 1.9 GB, to print 20). Checked against the library's list of the
        // whole row, in the sorted row's order, put in the typed order here.
        let rules: Octal = "0.55".parse().expect("a code");
        for (heaps, max) in [
            (vec![3000u128, 11, 0, 2000], 5),
            (vec![11, 9, 0, 7, 11], 12),
            (vec![11, 9, 7], 1000),
            (vec![2000, 11], 0),
            (vec![9, 3000, 9], 1503),
        ] {
            let answer = octal(
                rules.clone(),
                heaps.clone(),
                limits(),
                Play::Misere,
                shown(max, Report::default()),
            )
            .expect("an answer");
            lists_the_first(&answer, &heaps, &whole_misere_list(&rules, &heaps), max);
        }
    }

    #[test]
    fn a_searched_misere_row_gives_the_outcome_and_moves_the_library_gives_apart() {
        // `4.7`'s quotient outgrows its budget before heap 12, so its rows are searched, once,
        // for both the outcome and the moves (`HeapRow::misere_outcome_and_moves`). Before,
        // the row was searched for its outcome, then again for its moves. Checked against
        // the library's outcome and its list of the whole row, each asked alone.
        let rules: Octal = "4.7".parse().expect("a code");
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        let mut outcomes = [0; 2];
        for _ in 0..40 {
            let heaps: Vec<u128> = (0..1 + next(3)).map(|_| u128::from(next(13))).collect();
            let max = next(4) as usize;
            let row = HeapRow::new(rules.clone(), heaps.iter().copied());
            let all = whole_misere_list(&rules, &heaps);
            let expected = row.outcome(Play::Misere).expect("an outcome");
            outcomes[usize::from(expected == Outcome::Next)] += 1;
            for report in [
                Report::default(),
                Report {
                    outcome: true,
                    ..Report::default()
                },
            ] {
                let answer = octal(
                    rules.clone(),
                    heaps.clone(),
                    limits(),
                    Play::Misere,
                    shown(max, report),
                )
                .expect("an answer");
                assert_eq!(answer.outcome, expected, "{heaps:?}");
                if report.outcome {
                    continue;
                }
                lists_the_first(&answer, &heaps, &all, max);
            }
        }
        // Both outcomes were met.
        assert!(outcomes[0] > 0 && outcomes[1] > 0, "{outcomes:?}");
    }

    #[test]
    fn a_misere_row_of_huge_heaps_lists_its_winning_moves_from_a_proven_quotient() {
        // A Kayles heap of 10^9 pins has about 10^9 moves, past the 2^28 a listing goes
        // through: `--misere octal 0.77 3 40 1000000000` gave the outcome and why its moves
        // could not be listed. A proven quotient lists them by residue: its 13 winning moves,
        // as the library lists the row, in the typed order.
        let kayles: Octal = "0.77".parse().expect("a code");
        let heaps = vec![3, 40, 1_000_000_000];
        let answer = octal(
            kayles.clone(),
            heaps.clone(),
            limits(),
            Play::Misere,
            shown(20, Report::default()),
        )
        .expect("an answer");
        let whole = whole_misere_list(&kayles, &heaps);
        assert_eq!(whole.len(), 13);
        lists_the_first(&answer, &heaps, &whole, 20);
        // Every move of a heap of 10^21 of 0.55 wins beside a heap of 11: more winning
        // moves than a count in a `usize` holds, refused with the outcome at once.
        let failure = octal(
            "0.55".parse().expect("a code"),
            vec![10u128.pow(21), 11],
            limits(),
            Play::Misere,
            shown(20, Report::default()),
        )
        .expect_err("too many moves");
        assert_eq!(failure.kind, crate::failure::Kind::Limit);
        assert!(
            failure
                .message
                .contains("the outcome is N under misère play")
                && failure.message.contains(&usize::MAX.to_string()),
            "{}",
            failure.message
        );
    }

    #[test]
    fn a_misere_p_row_of_huge_heaps_has_no_winning_move_not_a_move_limit() {
        // `grundy --misere octal 0.55 10^21 10^21 1` said "the outcome is P under misère play,
        // but the winning moves cannot be listed" after looking through 2^28 moves: a
        // P-position has none to list.
        let huge = 10u128.pow(21);
        let row = octal(
            "0.55".parse().expect("a code"),
            vec![huge, huge, 1],
            limits(),
            Play::Misere,
            shown(20, Report::default()),
        )
        .expect("an answer");
        assert_eq!(
            (row.outcome, row.moves.len(), row.total),
            (Outcome::Previous, 0, Some(Total::Exactly(0)))
        );
    }

    #[test]
    fn the_table_subcommand_is_not_a_position() {
        let table = answer(
            GameArgs::Table {
                game: crate::args::TableArgs::GrundysGame {
                    count: 3,
                    limits: limits().table,
                    run: crate::args::RunArgs::default(),
                    refused: NoMisere::default(),
                },
                refused: NoMisere::default(),
            },
            false,
            false,
        );
        assert!(table.is_err());
    }
}
