//! `grundy`: answer one position of a classic impartial game from the command line.
//!
//! Install it with `cargo install --path cli` from the repository (or run it in place with
//! `cargo run --release -p grundy-cli -- ARGS...`). Name the game and give the position in
//! decimal numbers, each up to `u128::MAX` (a subtraction game also takes its set, an octal
//! game its code):
//!
//! ```text
//! $ grundy nim 5 7 9
//! nim 5 7 9
//! outcome: N (the player to move wins)
//! Grundy value: *11
//! winning moves (1):
//!   take 7 from heap 2 (0-based), leaving 2 of 9
//! ```
//!
//! The nim-sum 5 ⊕ 7 ⊕ 9 = 11 is not zero, so the player to move wins (Bouton), and the only
//! winning move is to the position 5 7 2, whose nim-sum is zero. A position whose nim-sum is
//! zero is a loss for the player to move: `grundy nim 3 5 6` says `outcome: P` and lists no
//! move.
//!
//! Every winning move is listed, including the ones a quick rule of thumb forgets. In
//! Georgia and Bob the chessmen pair up from the right, and the Grundy value is the nim-sum
//! of the gaps inside the pairs; here the pairs (1, 4) and (7, 8) have gaps 2 and 0, and
//! besides shrinking the gap of 2, the player may *widen* the gap of 0 to 2:
//!
//! ```text
//! $ grundy georgia-bob 8 1 7 4
//! georgia-bob 8 1 7 4
//! outcome: N (the player to move wins)
//! Grundy value: *2
//! winning moves (2):
//!   slide the chessman on cell 7 to cell 5
//!   slide the chessman on cell 4 to cell 2
//! ```
//!
//! With `--json` the answer is one line of JSON, for programs and tests:
//!
//! ```text
//! $ grundy --json nim 5 7 9
//! {"game":"nim","outcome":"N","grundy":11,"winning_moves":[{"heap":2,"to":2}]}
//! ```
//!
//! `"outcome"` is `"N"` when the player to move wins and `"P"` otherwise, `"grundy"` is the
//! normal-play Grundy value (`null` for misère games) and `"winning_moves"` lists every winning
//! move once. Numbers are written exactly, even near `u128::MAX`. A move is written per game:
//!
//! | game | arguments | a winning move |
//! |---|---|---|
//! | `nim` | heaps `H...` | `{"heap": i, "to": v}`: heap `i` (0-based) is left with `v` |
//! | `misere-nim` | heaps `H...` | `{"heap": i, "to": v}` |
//! | `bash` | `N K` (one heap, take 1..=K) | `{"take": t}` |
//! | `misere-bash` | `N K` | `{"take": t}` |
//! | `wythoff` | `A B` | `{"to": [a, b]}`: both heaps after the move |
//! | `misere-wythoff` | `A B` | `{"to": [a, b]}` |
//! | `georgia-bob` | cells `P...`, any order | `{"from": p, "to": q}` |
//! | `staircase` | coins `C...` on steps 1, 2, ... | `{"step": s, "coins": c}`: carry `c` from step `s` down one step |
//! | `subtraction` | `S N...`: a set like `1,3,4` or `'{1, 3, 4}'`, one heap or a row | `{"take": t}` |
//! | `octal` | `CODE N...`: a code like `0.77` or `4.[3]`, one heap or a row | `{"take": t, "to": [x, y]}`: the heaps left |
//! | `grundys-game` | `N...`: one heap or a row | `{"to": [a, b]}`: the split, `a < b` |
//! | `coins` | `RULE COIN...`: `turning-turtles`, `twins` or `mock-turtles` and the coins showing heads; `turning-corners` and coins `X,Y` | `{"head": h, "others": [c, ...]}`: turn the head `h` and the coins `others` (on a board, each a pair `[x, y]`) |
//!
//! A heap game given a row of two heaps or more answers the row (the nim-sum of its heaps'
//! values), and each of its moves also names its heap, numbered from 0 in the order typed:
//! `{"heap": i, "take": t}`, `{"heap": i, "take": t, "to": [x, y]}`, `{"heap": i, "to": [a, b]}`.
//!
//! Misère games (`misere-nim`, `misere-bash`, `misere-wythoff`) have no normal-play value, so
//! their `"grundy"` is `null`, followed by `"grundy_missing": {"reason": "misere"}`, and their
//! words say `none (misère play)`. Wythoff's Grundy values have no closed form: the board
//! `A B` needs a table of `(A + 1)(B + 1)` entries, at most `--table-limit` (default 2^20), and
//! past it `"grundy"` is `null`, followed by `"grundy_missing": {"reason": "table-limit",
//! "table_entries": E, "table_limit": L}`, and the words say so (the outcome and the winning
//! moves are exact for every board up to `u128::MAX`). `"grundy_missing"` is there exactly
//! when `"grundy"` is `null`.
//!
//! **What is shown.** Every game takes `--outcome` (the outcome and the value only, no moves:
//! `{"game", "outcome", "grundy"}`) and `--count` (the number of winning moves instead of the
//! moves: `{"game", "outcome", "grundy", "winning_move_count"}`, in words `winning moves: 2`),
//! written after the game's name.
//!
//! ```text
//! $ grundy --json nim 5 7 9 --count
//! {"game":"nim","outcome":"N","grundy":11,"winning_move_count":1}
//! ```
//!
//! # Heap games: subtraction, octal, Grundy's game
//!
//! A **subtraction game** takes `s` counters for some `s` in a finite set `S`; an **octal
//! game** takes and breaks heaps as its code `d0.d1d2...` allows (digit `d_t` says what taking
//! `t` may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps; `d0 = 4` splits without
//! taking); **Grundy's game** splits one heap into two unequal heaps. `grundy octal` takes any
//! take-and-break code, not only octal ones: hexadecimal digits up to `f` (bit 8: leave three
//! heaps), and `[d]` for a digit repeated for ever, so `0.[3]` is Nim, `4.[3]` is Lasker's Nim
//! (take any number, or split a heap in two) and `0.3003330[3]` takes any number but 2, 3 or
//! 7. Their answers come from
//! the table of Grundy values `G(0), G(1), ...` of one heap. Kayles (`0.77`) knocks down one
//! pin or two neighbours from a row; a row of seven is won by knocking down the middle pin, or
//! two pins to leave rows of one and four (`*3 ⊕ *3 = *1 ⊕ *1 = 0`):
//!
//! ```text
//! $ grundy octal 0.77 7
//! octal 0.77 7
//! outcome: N (the player to move wins)
//! Grundy value: *2
//! winning moves (2):
//!   take 1, leaving heaps of 3 and 3
//!   take 2, leaving heaps of 1 and 4
//! $ grundy --json subtraction 1,3,4 10
//! {"game":"subtraction","outcome":"N","grundy":1,"winning_moves":[{"take":1},{"take":3}]}
//! $ grundy --json grundys-game 8
//! {"game":"grundys-game","outcome":"N","grundy":2,"winning_moves":[{"to":[1,7]}]}
//! ```
//!
//! An octal move's `"to"` lists the heaps left, ascending, empty ones dropped, so it has 0, 1
//! or 2 entries (3 for a hexadecimal digit of 8 or more); `"take": 0` is a split of a `4.…`
//! code.
//!
//! **Huge heaps.** `grundy` has the library grow the table for the heap asked about: 4096
//! values (or `--table-limit`, if smaller), then twice as many each round, up to
//! `--table-limit` values (default 2^20 = 1048576), until the heap is in the table or the
//! values **prove** a period (the
//! Guy–Smith theorem for octal games, a repeated window of `max(S)` values for subtraction
//! games). A proven period answers every heap up to `u128::MAX`:
//!
//! ```text
//! $ grundy octal 0.07 1000000000000000000000000000001
//! octal 0.07 1000000000000000000000000000001
//! outcome: P (the player to move loses)
//! Grundy value: *0
//! note: heap 1000000000000000000000000000001 is past the 4096 values computed; by the proven period 34 from heap 53 it has the value of heap 77
//! winning moves: none
//! ```
//!
//! A heap past the table whose values prove no period is an error that says so (raise
//! `--table-limit` to compute more; past what any table can hold, 2^54 values, only a proven
//! period answers, and the error says that instead). No theorem proves a period for a code with a repeated
//! digit (or a hexadecimal digit of 8 or more), so such a game answers only heaps in its table. No period of Grundy's game is known, so its table is
//! computed only up to the heap, and a heap at or past `--table-limit` is an error at once.
//! The table's cost depends on the game (a long code can cost far more than Kayles), so the
//! heap games stop computing it and give up with an error after `--time-limit` seconds
//! (default 20; 0 gives up before computing anything).
//!
//! A huge heap can have astronomically many winning moves (a huge row of Kayles pins has
//! winning splits all along it). Every game lists at most `--max-moves` of them (at most
//! 1000000; by default 20 in words, a screenful, and 100000 with `--json`, for scripts), the
//! first in its order, and says how many there are in all; in words a last line says how many
//! more there are, and in JSON the list is followed by `"winning_move_count"` and
//! `"truncated": true` (both are there only when the list is cut). An octal code's moves are counted through the proven period,
//! so the count is exact at any heap:
//!
//! ```text
//! $ grundy octal 0.77 340282366920938463463374607431768211455 --max-moves 2
//! octal 0.77 340282366920938463463374607431768211455
//! outcome: N (the player to move wins)
//! Grundy value: *8
//! note: heap 340282366920938463463374607431768211455 is past the 4096 values computed; by the proven period 12 from heap 71 it has the value of heap 75
//! winning moves (28356863910078205288614550619314017626):
//!   take 1, leaving heaps of 1 and 340282366920938463463374607431768211453
//!   take 1, leaving heaps of 7 and 340282366920938463463374607431768211447
//!   ... 28356863910078205288614550619314017624 more (--max-moves N lists up to N)
//! ```
//!
//! A count past `u128::MAX` (a heap near 2^128 whose code splits in several ways, a row of
//! huge Mock Turtles heads) is said to be one: in words `winning moves: more than u128::MAX =
//! 340282366920938463463374607431768211455`, and in JSON `"winning_move_count_above":
//! 340282366920938463463374607431768211455` in place of `"winning_move_count"`.
//!
//! **Rows.** `grundy octal 0.77 1 2 3 4` answers the row of four heaps: its value is the
//! nim-sum of theirs (Sprague–Grundy), and a winning move moves in one heap, named by its
//! place in the row as typed (from 0), so `255 255 254` has the same moves in heaps 0 and 1:
//!
//! ```text
//! $ grundy octal 0.77 1 2 3 4
//! octal 0.77 1 2 3 4
//! outcome: N (the player to move wins)
//! Grundy value: *1
//! winning moves (3):
//!   take 1 from heap 0 (0-based), leaving nothing
//!   take 1 from heap 2 (0-based), leaving one heap of 2
//!   take 2 from heap 3 (0-based), leaving heaps of 1 and 1
//! ```
//!
//! **Tables.** `grundy table subtraction S COUNT`, `grundy table octal CODE COUNT` and
//! `grundy table grundys-game COUNT` print `G(0), ..., G(COUNT - 1)` and the period and
//! preperiod when these values prove them (`COUNT` at most `--table-limit`). The **period**
//! is the least `p` with a proof; the **preperiod** is the least `n0` with `G(n + p) = G(n)`
//! for every `n ≥ n0`. So Kayles has period 12 and preperiod 71 (its last exceptional value
//! is `G(70)`), which the Guy–Smith theorem proves from 168 = 2·71 + 2·12 + 2 values; with
//! 167 values the period is `null`.
//!
//! A period in general is **arithmetic**: `G(n + p) = G(n) + s` for every `n ≥ n0`, with a
//! **saltus** `s`; a plain period has saltus 0. The JSON gives `"period"`, `"preperiod"` and
//! `"saltus"` for a proven period, and `null` for all three otherwise. Lasker's Nim (`4.[3]`)
//! shows period 4 and saltus 4 from heap 1, but no theorem the crate checks proves it, so its
//! JSON period is `null`; the words name what the values show, marked not proven:
//!
//! ```text
//! $ grundy --json table subtraction 1,3,4 12
//! {"values":[0,1,0,1,2,3,2,0,1,0,1,2],"period":7,"preperiod":0,"saltus":0}
//! $ grundy table octal 4.[3] 12
//! table octal 4.[3] 12
//! values G(0) to G(11):
//!        0: 0 1 2 4 3 5 6 8 7 9
//!       10: 10 12
//! period: none proven by these 12 values
//! seen: period 4, saltus 4, from heap 1 (not proven)
//! ```
//!
//! **Misère genus.** `grundy genus subtraction S COUNT`, `grundy genus octal CODE COUNT` and
//! `grundy genus grundys-game COUNT` print the misère genus of heaps 0 to `COUNT - 1` in the
//! shortened notation of Conway and CGSuite, and their misère values `g0` (0 exactly for a
//! misère P-position): `4^146` is normal value 4 and misère values 1, 4, 6, 4, 6, … (the
//! heap beside 0, 1, 2, … nim heaps of size 2); a heap equal to a nim heap prints as the heap,
//! a tame one as `g^g0`. The memory is bounded by `--form-limit` (the misère forms and sums
//! kept, and the heaps, counted against the same number) and the time by `--time-limit`
//! ([`genus`]):
//!
//! ```text
//! $ grundy --json genus octal 0.77 8
//! {"genus":["0","1","2","3","1","4^146","3","2^2"],"misere_values":[1,0,2,3,0,1,3,2]}
//! ```
//!
//! # Misère play of heap games, and their quotients
//!
//! `--misere` (before the game's name or among its arguments; the help lists it only where it
//! is taken) plays a row of a heap game misère: whoever moves last
//! loses. The Sprague–Grundy theory does not hold there, and the row is answered from the
//! game's **misère quotient** (Plambeck and Siegel): a finite monoid in which each heap is an
//! element and the row is won by the player to move unless the product of its heaps' elements
//! is in the P-portion. The library computes the quotient on demand; where none covers the
//! row's heaps within its budget, the row is searched (within `--time-limit`). The words say
//! which, and there is no Grundy value (`"grundy": null`):
//!
//! ```text
//! $ grundy --json --misere octal 0.75 3 5 7
//! {"game":"octal","outcome":"N","grundy":null,"grundy_missing":{"reason":"misere"},"winning_moves":[{"heap":0,"take":1,"to":[1,1]},{"heap":1,"take":1,"to":[2,2]},{"heap":2,"take":1,"to":[1,5]},{"heap":2,"take":1,"to":[2,4]}]}
//! ```
//!
//! `grundy quotient octal CODE MAX_HEAP` (or `subtraction S MAX_HEAP`, `grundys-game
//! MAX_HEAP`) prints the quotient of the rows of heaps 0 to `MAX_HEAP` ([`quotient`]; the
//! bound is inclusive, unlike the `COUNT` of `table` and `genus`, heaps 0 to `COUNT - 1`): its
//! presentation, P-portion, the element of every heap and the multiplication table, and whether the periodicity theorem
//! proves it for every larger bound (`"proven"`), within `--budget` steps of work:
//!
//! ```text
//! $ grundy quotient octal 0.75 12
//! quotient octal 0.75 12
//! order: 8
//! presentation: ⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩
//! generators: a = heap 1, b = heap 2, c = heap 5
//! P-portion: {a, b^2}
//! proven: no, the quotient of heaps up to 12 only
//! ...
//! ```
//!
//! **Long runs.** `grundy table` computes on every core (`--threads N` to choose; the values
//! are the same at any N), shows a progress bar on a terminal (heaps done, values a second,
//! rare positions, largest value, time to the next checkpoint; nothing with `--json` or when
//! standard error is not a terminal), and with `--checkpoint FILE` saves its state every
//! `--checkpoint-every` seconds (default 600), when it ends and when `--time-limit`, Ctrl-C,
//! `SIGTERM` or `SIGHUP` stops it (a signal's stop says how many values it saved, and exits
//! with status 130). `--resume FILE` goes on from a checkpoint after checking it (a damaged,
//! truncated, edited or foreign file is an input error), and the resumed run prints what an
//! uninterrupted one prints ([`longrun`]). A checkpoint that cannot be written while the run
//! goes on (a full disk) is a `warning:` line on standard error (`{"warning": "...", "kind":
//! "output"}` with `--json`), and the run goes on and tries again at the next one; the file
//! keeps the last checkpoint written. If the finished run's cannot be written, the table is
//! printed and the run then ends with that error (status 1):
//!
//! ```text
//! $ grundy table octal 0.6 100000000 --table-limit 100000000 --time-limit 86400 --checkpoint officers.ck
//! $ grundy table octal 0.6 100000000 --table-limit 100000000 --time-limit 86400 --checkpoint officers.ck --resume officers.ck
//! ```
//!
//! # Errors and exit statuses
//!
//! Bad input (a missing or extra argument, a word that is not a decimal number, a negative
//! number, one over `u128::MAX`, an unknown game, or a position the game's rules forbid:
//! `K = 0`, two chessmen on one cell, a chessman on cell 0, a malformed subtraction set such as
//! `1,,3` or `0,2`, a malformed code such as `0.g`, `07`, `0.` or `5.1`, a `COUNT` over
//! `--table-limit`, a heap past an unproven table, a table that outlasts `--time-limit`) prints
//! one line starting `error:` on standard error and exits with status 2. A failure that is not
//! the input's fault (the answer or a finished run's checkpoint cannot be written) is one
//! `error:` line and status 1, and a
//! checkpointed `table` run stopped by a signal is one `error:` line and status 130. With
//! `--json` anywhere before a `--` (usage errors included) the line is JSON instead,
//! `{"error": "...", "kind": "..."}`, the kind one of `usage`, `input`, `limit`,
//! `time-limit`, `output` and `interrupted` ([`failure`]). An answer is printed whole on
//! standard output, with status 0. `--help` lists the games; `grundy nim --help` describes
//! one, and `grundy table --help` lists the games with tables; `--version` prints the
//! version.
//!
//! # How the program is built
//!
//! Each module is one step of answering a command line:
//!
//! - [`args`]: the command line, as clap types, and the readers of its numbers, sets and codes;
//!   a position that parses is valid for its game.
//! - [`games`]: each game builds the library's position and says how one of its moves is
//!   written; nothing else is per game.
//! - [`answer`]: the one function that asks any game its outcome, value and winning moves
//!   through the library's `ClosedForm`, the game-independent [`Answer`](answer::Answer), and
//!   its two renderings, words and JSON, of all the moves, their number, or neither.
//! - [`count`]: the winning moves of an octal code's heap counted in closed form through its
//!   proven period, for a heap with too many to list.
//! - [`growth`]: a heap game's table, grown by the library within `--table-limit` and stopped
//!   at the `--time-limit` deadline by its progress callback.
//! - [`table`]: the `table` subcommand; [`longrun`]: its threads, checkpoints and progress.
//! - [`genus`]: the `genus` subcommand.
//! - [`quotient`]: the `quotient` subcommand.
//! - [`watchdog`]: the `--time-limit` of the whole answer, moves included: past it, the
//!   time-limit error and exit status 2, never a half-printed answer.
//! - [`usage`]: the command line read into [`Cli`], or its one-line error; an
//!   argument holding a control character is named escaped (`'5\n6'`), so the line stays one.
//! - [`failure`]: a failure's kind and its one line, in words or JSON, and its exit status.
//! - This file: the entry point. It parses, answers, prints, and turns every failure into the
//!   one `error:` line and its status.

mod answer;
mod args;
mod count;
mod failure;
mod games;
mod genus;
mod growth;
mod longrun;
mod quotient;
mod table;
mod usage;
mod watchdog;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use crate::args::{Cli, GameArgs, GenusArgs, QuotientArgs, TableArgs};
use crate::failure::{Failure, Kind};
use crate::usage::Parsed;

fn main() -> ExitCode {
    let arguments: Vec<OsString> = std::env::args_os().collect();
    let json = usage::wants_json(&arguments);
    let cli = match usage::parse(arguments) {
        Parsed::Run(cli) => cli,
        Parsed::Help(help) => {
            return match help.print() {
                Ok(()) => ExitCode::SUCCESS,
                Err(io) if reader_gone(&io) => ExitCode::SUCCESS,
                Err(io) => fail(
                    &Failure::new(Kind::Output, format!("cannot write the help: {io}")),
                    json,
                ),
            };
        }
        Parsed::Usage(message) => return fail(&Failure::new(Kind::Usage, message), json),
    };
    let json = cli.json;
    if let Err(failure) = longrun::threads_from_env() {
        return fail(&failure, json);
    }
    let watchdog = time_limit(&cli.game).map(|seconds| watchdog::Watchdog::start(seconds, json));
    let response = respond(cli);
    if let Some(watchdog) = &watchdog {
        watchdog.finish();
    }
    let reply = match response {
        Ok(reply) => reply,
        Err(failure) => return fail(&failure, json),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let written = match &reply {
        Reply::Text(text) => out.write_all(text.as_bytes()),
        Reply::Table(table) => table.write_to(&mut out),
    };
    let unsaved = match &reply {
        Reply::Table(table) => table.unsaved(),
        Reply::Text(_) => None,
    };
    after_writing(written.and_then(|()| out.flush()), unsaved)
        .map_or(ExitCode::SUCCESS, |failure| fail(&failure, json))
}

/// What ends the command once its answer is `written`: nothing, a failure to write it (not
/// when its reader has gone: see [`reader_gone`]), or `unsaved`, a finished run's checkpoint
/// that could not be written, which a closed pipe does not excuse.
fn after_writing(written: std::io::Result<()>, unsaved: Option<&Failure>) -> Option<Failure> {
    match written {
        Err(err) if !reader_gone(&err) => Some(Failure::new(
            Kind::Output,
            format!("cannot write the answer: {err}"),
        )),
        _ => unsaved.cloned(),
    }
}

/// Whether a write failed because the reader of standard output closed it (`grundy ... |
/// head`): the reader has what it wanted, so the command ends quietly, as a well-behaved
/// filter does, rather than report an error about output no one reads.
fn reader_gone(err: &std::io::Error) -> bool {
    err.kind() == std::io::ErrorKind::BrokenPipe
}

/// The `--time-limit` of the command, in seconds: the heap games have one.
fn time_limit(game: &GameArgs) -> Option<u64> {
    let limits = match game {
        GameArgs::Subtraction { limits, .. }
        | GameArgs::Octal { limits, .. }
        | GameArgs::GrundysGame { limits, .. } => limits.table,
        GameArgs::Table { game, .. } => match game {
            // A checkpointed run is stopped by the library at the limit and then writes its
            // checkpoint, which the watchdog must not cut short; what comes after the table,
            // the `--audit`, reads the deadline between heaps.
            TableArgs::Subtraction { run, .. }
            | TableArgs::Octal { run, .. }
            | TableArgs::GrundysGame { run, .. }
                if run.checkpoint.is_some() =>
            {
                return None;
            }
            TableArgs::Subtraction { limits, .. }
            | TableArgs::Octal { limits, .. }
            | TableArgs::GrundysGame { limits, .. } => *limits,
        },
        GameArgs::Genus { game, .. } => match game {
            GenusArgs::Subtraction { limits, .. }
            | GenusArgs::Octal { limits, .. }
            | GenusArgs::GrundysGame { limits, .. } => return Some(limits.time_limit),
        },
        GameArgs::Coins { limits, .. } => return Some(limits.time_limit),
        GameArgs::Wythoff { limits, .. } => return Some(limits.time_limit),
        GameArgs::Quotient { game, .. } => match game {
            QuotientArgs::Subtraction { limits, .. }
            | QuotientArgs::Octal { limits, .. }
            | QuotientArgs::GrundysGame { limits, .. } => return Some(limits.time_limit),
        },
        _ => return None,
    };
    Some(limits.time_limit)
}

/// What a command prints.
enum Reply {
    /// An answer held whole as text.
    Text(String),
    /// A table, written as it is read from the table (it may be gigabytes).
    Table(table::TableReply),
}

/// What to print, or the failure.
fn respond(cli: Cli) -> Result<Reply, Failure> {
    // `--misere` before the game's name, or after it.
    let misere = cli.misere || cli.game.asks_misere();
    let answer = match cli.game {
        GameArgs::Table { .. } if misere => {
            return Err(Failure::input(
                "--misere is for a row of a heap game (subtraction, octal, grundys-game); \
                 table lists the normal-play values (misère values: grundy genus, grundy quotient)",
            ));
        }
        GameArgs::Genus { .. } | GameArgs::Quotient { .. } if misere => {
            return Err(Failure::input(
                "--misere is for a row of a heap game (subtraction, octal, grundys-game); \
                 genus and quotient answer misère play already",
            ));
        }
        GameArgs::Table { game, .. } => return table::table(game, cli.json).map(Reply::Table),
        GameArgs::Genus { game, .. } => return genus::genus(game, cli.json).map(Reply::Text),
        GameArgs::Quotient { game, .. } => {
            return quotient::quotient(game, cli.json).map(Reply::Text);
        }
        game => games::answer(game, misere, cli.json)?,
    };
    if cli.json {
        answer::json(&answer)
            .map(Reply::Text)
            .map_err(|message| Failure::new(Kind::Output, message))
    } else {
        Ok(Reply::Text(answer::words(&answer)))
    }
}

/// Prints the failure's line on standard error (JSON if `json`) and returns its exit status.
fn fail(failure: &Failure, json: bool) -> ExitCode {
    let _ = std::io::stderr().write_all(failure.line(json).as_bytes());
    ExitCode::from(failure.kind.status())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    #[test]
    fn a_lost_checkpoint_is_reported_even_when_the_reader_has_gone() {
        let unsaved = Failure::new(Kind::Output, "--checkpoint x: cannot write x");
        let gone = || Err(Error::from(ErrorKind::BrokenPipe));
        assert_eq!(after_writing(Ok(()), None), None);
        assert_eq!(after_writing(gone(), None), None);
        assert_eq!(after_writing(Ok(()), Some(&unsaved)), Some(unsaved.clone()));
        // A closed pipe excuses the answer no one reads, not the checkpoint.
        assert_eq!(after_writing(gone(), Some(&unsaved)), Some(unsaved.clone()));
        let full = after_writing(Err(Error::other("disk full")), Some(&unsaved));
        assert_eq!(
            full.map(|f| (f.kind, f.message)),
            Some((
                Kind::Output,
                "cannot write the answer: disk full".to_owned()
            ))
        );
    }
}
