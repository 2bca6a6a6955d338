//! `solve`: answer one position of a classic impartial game from the command line.
//!
//! Name the game and give the position in decimal numbers (each up to `u128::MAX`):
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
//!
//! Misère games (`misere-nim`, `misere-bash`) have no normal-play value, so their `"grundy"` is
//! `null` and their words say `none (misère play)`. Wythoff's Grundy values have no closed
//! form: they come from a table of at most 2^20 entries, and past it `"grundy"` is `null`
//! (the outcome and the winning moves are exact for every board up to `u128::MAX`).
//!
//! Bad input (a missing or extra argument, a word that is not a decimal number, a negative
//! number, one over `u128::MAX`, an unknown game, or a position the game's rules forbid:
//! `K = 0`, two chessmen on one cell, a chessman on cell 0) prints one line starting `error:`
//! on standard error and exits with status 2. `--help` lists the games; `solve nim --help`
//! describes one.

use std::io::Write;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, Parser, Subcommand};
use grundy::games::{Bash, BashMove, GeorgiaBob, MisereBash, MisereNim, Nim, NimMove, Wythoff};
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
}

/// The answer for one position, the same shape for every game.
#[derive(Debug)]
struct Answer {
    /// The game's name on the command line.
    game: &'static str,
    /// The numbers of the position, as given.
    position: Vec<u128>,
    /// Who wins.
    outcome: Outcome,
    /// The normal-play Grundy value; `None` for misère games, and for Wythoff boards past the
    /// table limit.
    grundy: Option<Nimber>,
    /// Why there is no Grundy value, when there is none.
    no_grundy: &'static str,
    /// Every winning move, once.
    moves: Vec<Move>,
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
    /// Bash and misère Bash.
    Take { take: u128 },
    /// Wythoff: both heaps after the move.
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => return usage_error(&err),
    };
    let answer = match answer(cli.game) {
        Ok(answer) => answer,
        Err(message) => return fail(&message, 2),
    };
    let text = if cli.json {
        match json(&answer) {
            Ok(line) => line,
            Err(message) => return fail(&message, 1),
        }
    } else {
        words(&answer)
    };
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => fail(&format!("cannot write the answer: {err}"), 1),
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
        position: heaps,
        outcome: nim.outcome(),
        grundy: Some(nim.grundy()),
        no_grundy: "",
        moves,
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
        position: heaps,
        outcome: nim.outcome(),
        grundy: None,
        no_grundy: MISERE,
        moves,
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
        position: vec![n, k],
        outcome: game.outcome(),
        grundy: Some(game.grundy()),
        no_grundy: "",
        moves: game.winning_moves().map(|mv| take_move(mv, n)).collect(),
    })
}

/// Misère Bash: the player to move loses exactly when `n mod (k + 1) = 1`, from
/// [`grundy::games::MisereBash`]. `K = 0` is an error.
fn misere_bash(n: u128, k: u128) -> Result<Answer, String> {
    let game = MisereBash::new(n, k).map_err(|err| format!("misere-bash {n} {k}: {err}"))?;
    Ok(Answer {
        game: "misere-bash",
        position: vec![n, k],
        outcome: game.outcome(),
        grundy: None,
        no_grundy: MISERE,
        moves: game.winning_moves().map(|mv| take_move(mv, n)).collect(),
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
        position: cells,
        outcome: board.outcome(),
        grundy: Some(board.grundy()),
        no_grundy: "",
        moves,
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
        position: vec![a, b],
        outcome: board.outcome(),
        grundy,
        no_grundy,
        moves,
    })
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
    let mut text = String::from(answer.game);
    for number in &answer.position {
        text += &format!(" {number}");
    }
    text += "\n";
    let who = match answer.outcome {
        Outcome::Next => "N (the player to move wins)",
        Outcome::Previous => "P (the player to move loses)",
    };
    text += &format!("outcome: {who}\n");
    match answer.grundy {
        Some(value) => text += &format!("Grundy value: {value}\n"),
        None => text += &format!("Grundy value: none ({})\n", answer.no_grundy),
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
    let games = || {
        Cli::command()
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
