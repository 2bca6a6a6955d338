//! `solve`: answer one position of a classic impartial game from the command line.
//!
//! Name the game and give the position in decimal numbers, each up to `u128::MAX` (a
//! subtraction game also takes its set, an octal game its code):
//!
//! ```text
//! $ cargo run --release --example solve -- nim 5 7 9
//! nim 5 7 9
//! outcome: N (the player to move wins)
//! Grundy value: *11
//! winning moves (1):
//!   take 7 from heap 2 (0-based), leaving 2 of 9
//! ```
//!
//! The nim-sum 5 ⊕ 7 ⊕ 9 = 11 is not zero, so the player to move wins (Bouton), and the only
//! winning move is to the position 5 7 2, whose nim-sum is zero. A position whose nim-sum is
//! zero is a loss for the player to move: `solve nim 3 5 6` says `outcome: P` and lists no move.
//!
//! Every winning move is listed, including the ones a quick rule of thumb forgets. In
//! Georgia and Bob the chessmen pair up from the right, and the Grundy value is the nim-sum
//! of the gaps inside the pairs; here the pairs (1, 4) and (7, 8) have gaps 2 and 0, and
//! besides shrinking the gap of 2, the player may *widen* the gap of 0 to 2:
//!
//! ```text
//! $ cargo run --release --example solve -- georgia-bob 8 1 7 4
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
//! $ cargo run --release --example solve -- --json nim 5 7 9
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
//! | `georgia-bob` | cells `P...`, any order | `{"from": p, "to": q}` |
//! | `subtraction` | `S N`: a set like `1,3,4`, one heap | `{"take": t}` |
//! | `octal` | `CODE N`: a code like `0.77`, one heap | `{"take": t, "to": [x, y]}`: the heaps left |
//! | `grundys-game` | `N` (one heap) | `{"to": [a, b]}`: the split, `a < b` |
//!
//! Misère games (`misere-nim`, `misere-bash`) have no normal-play value, so their `"grundy"` is
//! `null` and their words say `none (misère play)`. Wythoff's Grundy values have no closed
//! form: they come from a table of at most 2^20 entries, and past it `"grundy"` is `null`
//! (the outcome and the winning moves are exact for every board up to `u128::MAX`).
//!
//! # Heap games: subtraction, octal, Grundy's game
//!
//! A **subtraction game** takes `s` counters for some `s` in a finite set `S`; an **octal
//! game** takes and breaks heaps as its code `d0.d1d2...` allows (digit `d_t` says what taking
//! `t` may leave: bit 1 nothing, bit 2 one heap, bit 4 two heaps; `d0 = 4` splits without
//! taking); **Grundy's game** splits one heap into two unequal heaps. Their answers come from
//! the table of Grundy values `G(0), G(1), ...` of one heap. Kayles (`0.77`) knocks down one
//! pin or two neighbours from a row; a row of seven is won by knocking down the middle pin, or
//! two pins to leave rows of one and four (`*3 ⊕ *3 = *1 ⊕ *1 = 0`):
//!
//! ```text
//! $ cargo run --release --example solve -- octal 0.77 7
//! octal 0.77 7
//! outcome: N (the player to move wins)
//! Grundy value: *2
//! winning moves (2):
//!   take 1, leaving heaps of 3 and 3
//!   take 2, leaving heaps of 1 and 4
//! $ cargo run --release --example solve -- --json subtraction 1,3,4 10
//! {"game":"subtraction","outcome":"N","grundy":1,"winning_moves":[{"take":1},{"take":3}]}
//! $ cargo run --release --example solve -- --json grundys-game 8
//! {"game":"grundys-game","outcome":"N","grundy":2,"winning_moves":[{"to":[1,7]}]}
//! ```
//!
//! An octal move's `"to"` lists the heaps left, ascending, empty ones dropped, so it has 0, 1
//! or 2 entries; `"take": 0` is a split of a `4.…` code.
//!
//! **Huge heaps.** `solve` computes the table for the heap asked about: 4096 values (fewer for
//! a smaller heap), then twice as many each round, up to `--table-limit` values (default
//! 2^20 = 1048576), until the heap is in the table or the values **prove** a period (the
//! Guy–Smith theorem for octal games, a repeated window of `max(S)` values for subtraction
//! games). A proven period answers every heap up to `u128::MAX`:
//!
//! ```text
//! $ cargo run --release --example solve -- octal 0.07 1000000000000000000000000000001
//! octal 0.07 1000000000000000000000000000001
//! outcome: P (the player to move loses)
//! Grundy value: *0
//! note: heap 1000000000000000000000000000001 is past the 4096 values computed; by the proven period 34 from heap 53 it has the value of heap 77
//! winning moves: none
//! ```
//!
//! A heap past the table whose values prove no period is an error that says so (raise
//! `--table-limit` to compute more). No period of Grundy's game is known, so its table is
//! computed only up to the heap, and a heap at or past `--table-limit` is an error at once.
//! The table's cost depends on the game (a long code can cost far more than Kayles), so the
//! heap games give up with an error after `--time-limit` seconds (default 20).
//!
//! A huge heap can have astronomically many winning moves (a huge row of Kayles pins has
//! winning splits all along it). `solve` lists them only if there are at
//! most `--max-moves` (default 100000, at most 1000000); past that it prints an `error:`
//! line with the outcome and the value and the fact that there are more moves, never a
//! truncated list:
//!
//! ```text
//! $ cargo run --release --example solve -- octal 0.77 340282366920938463463374607431768211455
//! error: octal 0.77 340282366920938463463374607431768211455: outcome N, Grundy value *8, but more than 100000 winning moves, the --max-moves limit; raise it (up to 1000000) to list them all
//! ```
//!
//! **Tables.** `solve table subtraction S COUNT`, `solve table octal CODE COUNT` and
//! `solve table grundys-game COUNT` print `G(0), ..., G(COUNT - 1)` and the period and
//! preperiod when these values prove them (`COUNT` at most `--table-limit`). The **period**
//! is the least `p` with a proof; the **preperiod** is the least `n0` with `G(n + p) = G(n)`
//! for every `n ≥ n0`. So Kayles has period 12 and preperiod 71 (its last exceptional value
//! is `G(70)`), which the Guy–Smith theorem proves from 168 = 2·71 + 2·12 + 2 values; with
//! 167 values the period is `null`.
//!
//! ```text
//! $ cargo run --release --example solve -- --json table subtraction 1,3,4 12
//! {"values":[0,1,0,1,2,3,2,0,1,0,1,2],"period":7,"preperiod":0}
//! ```
//!
//! Bad input (a missing or extra argument, a word that is not a decimal number, a negative
//! number, one over `u128::MAX`, an unknown game, or a position the game's rules forbid:
//! `K = 0`, two chessmen on one cell, a chessman on cell 0, a malformed subtraction set such as
//! `1,,3` or `0,2`, a malformed octal code such as `0.8`, `07`, `0.` or `5.1`, a `COUNT` over
//! `--table-limit`, a heap past an unproven table) prints one line starting `error:`
//! on standard error and exits with status 2. `--help` lists the games; `solve nim --help`
//! describes one, and `solve table --help` lists the games with tables.

use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, mpsc};
use std::time::Duration;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, Parser, Subcommand};
use grundy::games::octal::Leaves;
use grundy::games::{
    Bash, BashMove, GeorgiaBob, GrundysGame, GrundysPosition, MisereBash, MisereNim, Nim, NimMove,
    Octal, OctalPosition, Subtraction, SubtractionHeap, Wythoff,
};
use grundy::sequence::GrundySequence;
use grundy::{Nimber, Outcome};
use serde::Serialize;

/// Answer one position of a classic impartial game: who wins, the Grundy value and every
/// winning move.
#[derive(Debug, Parser)]
#[command(
    name = "solve",
    subcommand_value_name = "GAME",
    subcommand_help_heading = "Games"
)]
struct Cli {
    /// Print the answer as one line of JSON.
    #[arg(long, global = true)]
    json: bool,
    /// The game and its position.
    #[command(subcommand)]
    game: GameArgs,
}

/// The games `solve` knows, each with the numbers of its position.
#[derive(Debug, Subcommand)]
enum GameArgs {
    /// Nim: take any positive number from one heap; whoever takes the last counter wins.
    Nim {
        /// The heap sizes.
        #[arg(required = true, value_name = "H", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
    },
    /// Misère Nim: as Nim, but whoever takes the last counter loses.
    MisereNim {
        /// The heap sizes.
        #[arg(required = true, value_name = "H", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
    },
    /// Bash: one heap of N, a move takes 1 to K counters; whoever takes the last one wins.
    Bash {
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        /// The most counters a move may take (at least 1).
        #[arg(value_name = "K", value_parser = number, allow_negative_numbers = true)]
        k: u128,
    },
    /// Misère Bash: as Bash, but whoever takes the last counter loses.
    MisereBash {
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        /// The most counters a move may take (at least 1).
        #[arg(value_name = "K", value_parser = number, allow_negative_numbers = true)]
        k: u128,
    },
    /// Wythoff: two heaps; take any number from one heap or the same number from both.
    Wythoff {
        /// The first heap.
        #[arg(value_name = "A", value_parser = number, allow_negative_numbers = true)]
        a: u128,
        /// The second heap.
        #[arg(value_name = "B", value_parser = number, allow_negative_numbers = true)]
        b: u128,
    },
    /// Georgia and Bob: chessmen on distinct cells 1, 2, ...; a move slides one left, never
    /// onto or past another chessman.
    GeorgiaBob {
        /// The cells of the chessmen, in any order.
        #[arg(required = true, value_name = "P", value_parser = number, allow_negative_numbers = true)]
        cells: Vec<u128>,
    },
    /// A subtraction game: one heap of N; a move takes s counters for some s in the set S.
    Subtraction {
        /// The subtraction set: positive numbers separated by commas, like 1,3,4.
        #[arg(value_name = "S", value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        #[command(flatten)]
        limits: HeapLimits,
    },
    /// An octal game: one heap of N, with the moves its code allows (Kayles is 0.77).
    Octal {
        /// The code d0.d1d2...: d0 is 0 or 4, then octal digits 0 to 7.
        #[arg(value_name = "CODE", value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        #[command(flatten)]
        limits: HeapLimits,
    },
    /// Grundy's game: one heap of N; a move splits a heap into two unequal non-empty heaps.
    GrundysGame {
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        #[command(flatten)]
        limits: HeapLimits,
    },
    /// The Grundy values G(0), ..., G(COUNT - 1) of a heap game, and its proven period.
    Table {
        /// The heap game.
        #[command(subcommand)]
        game: TableArgs,
    },
}

/// The heap games whose tables `solve table` prints.
#[derive(Debug, Subcommand)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Heap games")]
enum TableArgs {
    /// A subtraction game: a move takes s counters for some s in the set S.
    Subtraction {
        /// The subtraction set: positive numbers separated by commas, like 1,3,4.
        #[arg(value_name = "S", value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// How many values: heaps 0 to COUNT - 1.
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
    },
    /// An octal game (Kayles is 0.77).
    Octal {
        /// The code d0.d1d2...: d0 is 0 or 4, then octal digits 0 to 7.
        #[arg(value_name = "CODE", value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// How many values: heaps 0 to COUNT - 1.
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
    },
    /// Grundy's game: a move splits a heap into two unequal non-empty heaps.
    GrundysGame {
        /// How many values: heaps 0 to COUNT - 1.
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
    },
}

/// The default of `--table-limit`: 2^20 values (4 MiB).
const TABLE_LIMIT: usize = 1 << 20;
/// The default of `--time-limit`, in seconds.
const TIME_LIMIT: u64 = 20;
/// The default of `--max-moves`.
const MAX_MOVES: usize = 100_000;
/// The largest `--max-moves` accepted: the listed moves are held in memory.
const MAX_MOVES_CAP: usize = 1_000_000;
/// The first table tried for one heap; it doubles up to `--table-limit`.
const FIRST_TABLE: usize = 4096;

/// How much work a heap game's table may take.
#[derive(Debug, Clone, Copy, Args)]
struct TableLimits {
    /// The most Grundy values to compute (4 bytes each).
    #[arg(long, value_name = "LEN", default_value_t = TABLE_LIMIT, value_parser = table_size, allow_negative_numbers = true)]
    table_limit: usize,
    /// Give up with an error after this many seconds (at least 1).
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true)]
    time_limit: u64,
}

/// The limits for one heap: the table's, and how many winning moves may be listed.
#[derive(Debug, Clone, Copy, Args)]
struct HeapLimits {
    #[command(flatten)]
    table: TableLimits,
    /// List the winning moves only if there are at most M (M at most 1000000); more is an
    /// error, never a truncated list.
    #[arg(long, value_name = "M", default_value_t = MAX_MOVES, value_parser = move_count, allow_negative_numbers = true)]
    max_moves: usize,
}

/// The answer for one position, the same shape for every game.
#[derive(Debug)]
struct Answer {
    /// The game's name on the command line.
    game: &'static str,
    /// The position as written after the game's name.
    position: String,
    /// Who wins.
    outcome: Outcome,
    /// The normal-play Grundy value; `None` for misère games, and for Wythoff boards past the
    /// table limit.
    grundy: Option<Nimber>,
    /// Why there is no Grundy value, when there is none.
    no_grundy: &'static str,
    /// Every winning move, once.
    moves: Vec<Move>,
    /// Remarks for the answer in words (how a huge heap was answered).
    notes: Vec<String>,
}

/// A winning move: as written in JSON, and in words.
#[derive(Debug)]
struct Move {
    json: MoveJson,
    words: String,
}

/// A winning move as JSON; each variant is one game family's encoding.
#[derive(Debug, Serialize)]
#[serde(untagged)]
enum MoveJson {
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

/// The JSON line of `solve table`.
#[derive(Debug, Serialize)]
struct TableJson<'a> {
    values: &'a [u32],
    period: Option<usize>,
    preperiod: Option<usize>,
}

/// A failure: the message for the `error:` line and the exit status.
type Failure = (String, u8);

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    // The heap games compute tables whose cost the input decides: they run on a worker
    // thread, and past the time limit the answer is an error (the process then exits, which
    // stops the worker).
    let time_limit = time_limit(&cli.game);
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("solve".to_owned())
        .spawn(move || {
            let _ = sender.send(respond(cli));
        });
    if let Err(err) = worker {
        return fail(&format!("cannot start the computation: {err}"), 1);
    }
    let result = match time_limit {
        Some(seconds) => receiver.recv_timeout(Duration::from_secs(seconds)),
        None => receiver
            .recv()
            .map_err(|_| mpsc::RecvTimeoutError::Disconnected),
    };
    let text = match result {
        Ok(Ok(text)) => text,
        Ok(Err((message, status))) => return fail(&message, status),
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let seconds = time_limit.unwrap_or_default();
            return fail(
                &format!(
                    "no answer within the time limit of {seconds} s: the table of values is too \
                     costly for this game (raise --time-limit, or lower --table-limit to be told \
                     sooner)"
                ),
                2,
            );
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            return fail("the computation stopped without an answer", 1);
        }
    };
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&format!("cannot write the answer: {err}"), 1),
    }
}

/// The time limit of a heap game, in seconds; the closed forms need none.
fn time_limit(game: &GameArgs) -> Option<u64> {
    match game {
        GameArgs::Subtraction { limits, .. }
        | GameArgs::Octal { limits, .. }
        | GameArgs::GrundysGame { limits, .. } => Some(limits.table.time_limit),
        GameArgs::Table { game } => match game {
            TableArgs::Subtraction { limits, .. }
            | TableArgs::Octal { limits, .. }
            | TableArgs::GrundysGame { limits, .. } => Some(limits.time_limit),
        },
        _ => None,
    }
}

/// The text to print, or the failure: status 2 for a problem with the input.
fn respond(cli: Cli) -> Result<String, Failure> {
    let bad = |message: String| (message, 2);
    let answer = match cli.game {
        GameArgs::Table { game } => return table(game, cli.json).map_err(bad),
        game => answer(game).map_err(bad)?,
    };
    if cli.json {
        json(&answer).map_err(|message| (message, 1))
    } else {
        Ok(words(&answer))
    }
}

/// Dispatches to the game's function. Each returns the common [`Answer`] or a one-line
/// message naming the problem with the input.
fn answer(game: GameArgs) -> Result<Answer, String> {
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

/// Why a misère game has no Grundy value.
const MISERE: &str = "misère play";

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
        grundy: Some(nim.grundy()),
        no_grundy: "",
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
        grundy: None,
        no_grundy: MISERE,
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
        grundy: Some(game.grundy()),
        no_grundy: "",
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
        grundy: None,
        no_grundy: MISERE,
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
        grundy: Some(board.grundy()),
        no_grundy: "",
        moves,
        notes: Vec::new(),
    })
}

/// Wythoff: the exact P-positions `(⌊kφ⌋, ⌊kφ⌋ + k)`, from [`grundy::games::Wythoff`]. The
/// Grundy value has no closed form: it comes from a table, and is `null` for boards larger
/// than the table's limit (the outcome and the moves are exact at every size).
fn wythoff(a: u128, b: u128) -> Result<Answer, String> {
    let board = Wythoff::new(a, b);
    let (grundy, no_grundy) = match board.grundy() {
        Ok(value) => (Some(value), ""),
        Err(grundy::Error::TableLimit { .. }) => (
            None,
            "the board is beyond the Grundy table's limit, and Wythoff's values have no \
             closed form",
        ),
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
        no_grundy,
        moves,
        notes: Vec::new(),
    })
}

/// The numbers, separated by spaces.
fn spaced(numbers: &[u128]) -> String {
    let words: Vec<String> = numbers.iter().map(u128::to_string).collect();
    words.join(" ")
}

/// The set as written on the command line: ascending, comma-separated.
fn set_text(set: &[u128]) -> String {
    let words: Vec<String> = set.iter().map(u128::to_string).collect();
    words.join(",")
}

/// Computes the table of a heap game for one heap `n`: first [`FIRST_TABLE`] values (or
/// `n + 1`, if fewer), then twice as many each round up to `limit`, until heap `n` is in the
/// table or the values prove a period that answers it. `what` names the position in errors.
fn grow<T>(
    what: &str,
    n: u128,
    limit: usize,
    tabulate: impl Fn(usize, usize) -> Result<T, grundy::Error>,
    sequence: impl Fn(&T) -> &GrundySequence,
) -> Result<T, String> {
    let mut len = FIRST_TABLE.min(limit);
    if n < len as u128 {
        len = n as usize + 1; // n + 1 <= FIRST_TABLE
    }
    loop {
        let rules = tabulate(len, limit).map_err(|err| format!("{what}: {err}"))?;
        let known = sequence(&rules);
        if n < known.len() as u128 || known.period().is_some() {
            return Ok(rules);
        }
        if len >= limit {
            return Err(format!(
                "{what}: heap {n} is beyond the {len} values computed (the --table-limit), and \
                 they prove no period to answer it through; raise --table-limit"
            ));
        }
        len = len.saturating_mul(2).min(limit);
    }
}

/// The answer for one heap `n` of a heap game whose values are in `sequence`: the value, and
/// the winning moves from the lazy iterator `moves`, each written by `write`, at most `max`
/// of them (more is an error that says so, with the value and the outcome).
#[allow(clippy::too_many_arguments)]
fn heap_answer<I: Iterator>(
    game: &'static str,
    position: String,
    n: u128,
    sequence: &GrundySequence,
    grundy: Result<Nimber, grundy::Error>,
    moves: Result<I, grundy::Error>,
    max: usize,
    write: impl Fn(I::Item) -> Move,
) -> Result<Answer, String> {
    let what = format!("{game} {position}");
    let value = grundy.map_err(|err| format!("{what}: {err}"))?;
    let outcome = Outcome::from_grundy(value);
    let mut listed = Vec::new();
    for mv in moves.map_err(|err| format!("{what}: {err}"))? {
        if listed.len() == max {
            return Err(format!(
                "{what}: outcome {}, Grundy value {value}, but more than {max} winning moves, \
                 the --max-moves limit; raise it (up to {MAX_MOVES_CAP}) to list them all",
                match outcome {
                    Outcome::Next => "N",
                    Outcome::Previous => "P",
                }
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
        grundy: Some(value),
        no_grundy: "",
        moves: listed,
        notes,
    })
}

/// A subtraction game: the value of heap `n` from the table (or its proven period), and the
/// takes that leave a heap of value 0, from [`grundy::games::Subtraction`].
fn subtraction(rules: Subtraction, n: u128, limits: HeapLimits) -> Result<Answer, String> {
    let position = format!("{} {n}", set_text(rules.set()));
    let what = format!("subtraction {position}");
    let rules = grow(
        &what,
        n,
        limits.table.table_limit,
        |len, limit| rules.clone().tabulate(len, limit),
        Subtraction::sequence,
    )?;
    let heap = SubtractionHeap::new(Arc::new(rules), n);
    heap_answer(
        "subtraction",
        position,
        n,
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
    let rules = grow(
        &what,
        n,
        limits.table.table_limit,
        |len, limit| rules.clone().tabulate(len, limit),
        Octal::sequence,
    )?;
    let heap = OctalPosition::heap(Arc::new(rules), n);
    heap_answer(
        "octal",
        position,
        n,
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
    let len = match usize::try_from(n) {
        Ok(n) if n < limit => n + 1,
        _ => {
            return Err(format!(
                "{what}: heap {n} is at or past the --table-limit of {limit} values, and \
                 no period of Grundy's game is known to answer it through (whether it has one is an \
                 open problem); raise --table-limit"
            ));
        }
    };
    let rules = GrundysGame::new()
        .tabulate(len, limit)
        .map_err(|err| format!("{what}: {err}"))?;
    let heap = GrundysPosition::heap(Arc::new(rules), n);
    heap_answer(
        "grundys-game",
        n.to_string(),
        n,
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

/// `solve table`: the first `count` values of a heap game, with the period they prove.
fn table(game: TableArgs, json: bool) -> Result<String, String> {
    let (what, count, limit) = match &game {
        TableArgs::Subtraction { set, count, limits } => (
            format!("subtraction {} {count}", set_text(set.set())),
            *count,
            limits.table_limit,
        ),
        TableArgs::Octal {
            code,
            count,
            limits,
        } => (
            format!("octal {} {count}", code.code()),
            *count,
            limits.table_limit,
        ),
        TableArgs::GrundysGame { count, limits } => {
            (format!("grundys-game {count}"), *count, limits.table_limit)
        }
    };
    let len = match usize::try_from(count) {
        Ok(len) if len <= limit => len,
        _ => {
            return Err(format!(
                "table {what}: {count} values are more than the --table-limit of {limit}; \
                 raise it"
            ));
        }
    };
    let failed = |err: grundy::Error| format!("table {what}: {err}");
    let sequence = match game {
        TableArgs::Subtraction { set, .. } => {
            set.tabulate(len, limit).map_err(failed)?.sequence().clone()
        }
        TableArgs::Octal { code, .. } => code
            .tabulate(len, limit)
            .map_err(failed)?
            .sequence()
            .clone(),
        TableArgs::GrundysGame { .. } => GrundysGame::new()
            .tabulate(len, limit)
            .map_err(failed)?
            .sequence()
            .clone(),
    };
    let period = sequence.period();
    if json {
        let line = TableJson {
            values: sequence.values(),
            period: period.map(|p| p.period),
            preperiod: period.map(|p| p.preperiod),
        };
        return serde_json::to_string(&line)
            .map(|text| text + "\n")
            .map_err(|err| format!("cannot write JSON: {err}"));
    }
    let mut text = format!("table {what}\n");
    if sequence.is_empty() {
        text += "values: none asked for\n";
    } else {
        text += &format!("values G(0) to G({}):\n", sequence.len() - 1);
        for (row, chunk) in sequence.values().chunks(10).enumerate() {
            let values: Vec<String> = chunk.iter().map(u32::to_string).collect();
            text += &format!("{:>8}: {}\n", row * 10, values.join(" "));
        }
    }
    text += &match period {
        Some(p) => format!(
            "period: {}, preperiod: {} (proven: G(n + {}) = G(n) for every n >= {}, and {} is \
             the least such start)\n",
            p.period, p.preperiod, p.period, p.preperiod, p.preperiod
        ),
        None => format!("period: none proven by these {} values\n", sequence.len()),
    };
    Ok(text)
}

/// One line of JSON, newline-terminated.
fn json(answer: &Answer) -> Result<String, String> {
    let outcome = match answer.outcome {
        Outcome::Next => "N",
        Outcome::Previous => "P",
    };
    let line = AnswerJson {
        game: answer.game,
        outcome,
        grundy: answer.grundy.map(Nimber::get),
        winning_moves: answer.moves.iter().map(|mv| &mv.json).collect(),
    };
    serde_json::to_string(&line)
        .map(|text| text + "\n")
        .map_err(|err| format!("cannot write JSON: {err}"))
}

/// The answer in words, one fact a line.
fn words(answer: &Answer) -> String {
    let mut text = format!("{} {}\n", answer.game, answer.position);
    let who = match answer.outcome {
        Outcome::Next => "N (the player to move wins)",
        Outcome::Previous => "P (the player to move loses)",
    };
    text += &format!("outcome: {who}\n");
    match answer.grundy {
        Some(value) => text += &format!("Grundy value: {value}\n"),
        None => text += &format!("Grundy value: none ({})\n", answer.no_grundy),
    }
    for note in &answer.notes {
        text += &format!("note: {note}\n");
    }
    if answer.moves.is_empty() {
        text += match (answer.outcome, answer.no_grundy) {
            (Outcome::Next, MISERE) => {
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

/// Reads one decimal number from `0` to `u128::MAX`, naming what is wrong otherwise.
fn number(text: &str) -> Result<u128, String> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err("not a decimal number".to_owned());
    }
    if digits.len() != text.len() {
        return Err("negative numbers are not allowed".to_owned());
    }
    text.parse()
        .map_err(|_| format!("larger than u128::MAX = {}", u128::MAX))
}

/// Reads a subtraction set: positive decimal numbers separated by commas, like `1,3,4`.
fn subtraction_set(text: &str) -> Result<Subtraction, String> {
    if text.is_empty() {
        return Err(grundy::Error::EmptySubtractionSet.to_string());
    }
    let mut set = Vec::new();
    for element in text.split(',') {
        if element.is_empty() {
            return Err("an element of the set is empty; write the set like 1,3,4".to_owned());
        }
        set.push(number(element).map_err(|err| format!("element '{element}': {err}"))?);
    }
    Subtraction::new(set).map_err(|err| err.to_string())
}

/// Reads an octal code such as `0.137`.
fn octal_code(text: &str) -> Result<Octal, String> {
    Octal::new(text).map_err(|err| err.to_string())
}

/// Reads `--table-limit`: a number of values that fits in memory's address space.
fn table_size(text: &str) -> Result<usize, String> {
    let size = number(text)?;
    usize::try_from(size).map_err(|_| format!("larger than {} on this machine", usize::MAX))
}

/// Reads `--max-moves`: at most [`MAX_MOVES_CAP`].
fn move_count(text: &str) -> Result<usize, String> {
    match usize::try_from(number(text)?) {
        Ok(count) if count <= MAX_MOVES_CAP => Ok(count),
        _ => Err(format!("at most {MAX_MOVES_CAP} moves can be listed")),
    }
}

/// Reads `--time-limit`: whole seconds, at least 1.
fn seconds(text: &str) -> Result<u64, String> {
    match u64::try_from(number(text)?) {
        Ok(0) => Err("the time limit must be at least 1 second".to_owned()),
        Ok(seconds) => Ok(seconds),
        Err(_) => Err(format!("larger than {} seconds", u64::MAX)),
    }
}

/// Reports a command-line error on one `error:` line (help and version go to standard
/// output as clap writes them).
fn usage_error(err: &clap::Error) -> ExitCode {
    if matches!(
        err.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        return match err.print() {
            Ok(()) => ExitCode::SUCCESS,
            Err(io) => fail(&format!("cannot write the help: {io}"), 1),
        };
    }
    // After `table` the games are the heap games of `solve table`.
    let command = Cli::command();
    let in_table = std::env::args()
        .skip(1)
        .find(|arg| !arg.starts_with('-'))
        .is_some_and(|first| first == "table");
    let games = || {
        let command = match command.find_subcommand("table") {
            Some(table) if in_table => table,
            _ => &command,
        };
        command
            .get_subcommands()
            .map(|game| game.get_name().to_owned())
            .filter(|name| name != "help")
            .collect::<Vec<_>>()
            .join(", ")
    };
    let message = match err.kind() {
        ErrorKind::InvalidSubcommand => {
            let name = match err.get(ContextKind::InvalidSubcommand) {
                Some(ContextValue::String(name)) => name.clone(),
                _ => String::new(),
            };
            format!("unknown game '{name}' (games: {})", games())
        }
        ErrorKind::MissingSubcommand | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            format!("no game given (games: {})", games())
        }
        _ => {
            // clap's message is its first paragraph (the rest is usage and tips); fold it
            // onto one line.
            let rendered = err.render().to_string();
            let first = rendered.split("\n\n").next().unwrap_or_default();
            let folded = first.split_whitespace().collect::<Vec<_>>().join(" ");
            folded
                .strip_prefix("error:")
                .unwrap_or(&folded)
                .trim()
                .to_owned()
        }
    };
    fail(&message, 2)
}

/// Prints `error: message` on standard error and returns the exit status.
fn fail(message: &str, status: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    ExitCode::from(status)
}
