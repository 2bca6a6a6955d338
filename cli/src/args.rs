//! The command line: what `grundy` accepts, as clap types, and the readers of its words.
//!
//! The doc comments of the types below are the help texts (`grundy --help`, `grundy octal
//! --help`, ...). Every number is read by [`number`], so every game says the same thing about a
//! word that is not a decimal number, a negative number or one over `u128::MAX`. A subtraction
//! set and an octal code are read into the library's [`Subtraction`] and [`Octal`] rules, so a
//! game that parses is valid, and nothing downstream checks it again.
//!
//! The heap games take limits: `--table-limit` (how many Grundy values may be computed),
//! `--memory-limit` (how much memory the working tables of a code with a three-heap or a
//! repeated digit, and the search of a misère row that no quotient covers, may take),
//! `--time-limit` (how long the computation may take; 0 gives up at
//! once) and `--max-moves` (how many winning moves are listed). Every game takes `--outcome`
//! and `--count` ([`Report`]), which choose what is printed of the moves.

use clap::{Args, Parser, Subcommand, ValueEnum};
use grundy::games::{Octal, Subtraction};

/// Answer one position of a classic impartial game: who wins, the Grundy value and every
/// winning move.
#[derive(Debug, Parser)]
#[command(
    name = "grundy",
    version,
    subcommand_value_name = "GAME",
    subcommand_help_heading = "Games"
)]
pub(crate) struct Cli {
    /// Print the answer as one line of JSON.
    #[arg(long, global = true)]
    pub(crate) json: bool,
    /// Play a heap game (subtraction, octal, grundys-game) misère: whoever moves last
    /// loses; also taken after the game's name (see grundy octal --help)
    #[arg(long, verbatim_doc_comment)]
    pub(crate) misere: bool,
    /// The game and its position.
    #[command(subcommand)]
    pub(crate) game: GameArgs,
}

/// The games `grundy` knows, each with the numbers of its position.
///
/// The doc comments of the games and of their arguments are written verbatim, in lines short
/// enough that every `--help` fits 100 columns (clap wraps nothing without its `wrap_help`
/// feature; a test walks every help).
#[derive(Debug, Subcommand)]
pub(crate) enum GameArgs {
    /// Nim: take any positive number from one heap; whoever takes the last counter wins
    #[command(verbatim_doc_comment)]
    Nim {
        /// The heap sizes.
        #[arg(required = true, value_name = "H", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Misère Nim: as Nim, but whoever takes the last counter loses.
    MisereNim {
        /// The heap sizes.
        #[arg(required = true, value_name = "H", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Bash: one heap of N, a move takes 1 to K counters; whoever takes the last one wins
    #[command(verbatim_doc_comment)]
    Bash {
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        /// The most counters a move may take (at least 1).
        #[arg(value_name = "K", value_parser = number, allow_negative_numbers = true)]
        k: u128,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Misère Bash: as Bash, but whoever takes the last counter loses.
    MisereBash {
        /// The heap size.
        #[arg(value_name = "N", value_parser = number, allow_negative_numbers = true)]
        n: u128,
        /// The most counters a move may take (at least 1).
        #[arg(value_name = "K", value_parser = number, allow_negative_numbers = true)]
        k: u128,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Wythoff: two heaps; take any number from one heap or the same number from both
    #[command(verbatim_doc_comment)]
    Wythoff {
        /// The first heap.
        #[arg(value_name = "A", value_parser = number, allow_negative_numbers = true)]
        a: u128,
        /// The second heap.
        #[arg(value_name = "B", value_parser = number, allow_negative_numbers = true)]
        b: u128,
        #[command(flatten)]
        limits: WythoffLimits,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Misère Wythoff: as Wythoff, but whoever takes the last counter loses.
    MisereWythoff {
        /// The first heap.
        #[arg(value_name = "A", value_parser = number, allow_negative_numbers = true)]
        a: u128,
        /// The second heap.
        #[arg(value_name = "B", value_parser = number, allow_negative_numbers = true)]
        b: u128,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Georgia and Bob: chessmen on distinct cells 1, 2, ...; a move slides one left,
    /// never onto or past another chessman
    #[command(verbatim_doc_comment)]
    GeorgiaBob {
        /// The cells of the chessmen, in any order.
        #[arg(required = true, value_name = "P", value_parser = number, allow_negative_numbers = true)]
        cells: Vec<u128>,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Staircase Nim: coins on steps 1, 2, ...; a move carries one or more coins from a
    /// step down to the step below (from step 1, off the staircase)
    #[command(verbatim_doc_comment)]
    Staircase {
        /// The coins on step 1, step 2, and so on up.
        #[arg(required = true, value_name = "C", value_parser = number, allow_negative_numbers = true)]
        steps: Vec<u128>,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// A subtraction game: heaps of N...; a move takes s counters from one heap, for
    /// some s in the set S
    #[command(verbatim_doc_comment)]
    Subtraction {
        /// The subtraction set: its help text is [`SET_HELP`].
        #[arg(value_name = "S", help = SET_HELP, value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// The heap sizes: one heap, or a row of them.
        #[arg(required = true, value_name = "N", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
        #[command(flatten)]
        limits: HeapLimits,
        #[command(flatten)]
        play: MisereArg,
        #[command(flatten)]
        report: Report,
    },
    /// An octal game, or any take-and-break game with a code: heaps of N..., a move
    /// in one heap as its code allows
    #[command(verbatim_doc_comment)]
    Octal {
        /// The take-and-break code: its help text is [`CODE_HELP`].
        #[arg(value_name = "CODE", help = CODE_HELP, value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// The heap sizes: one heap, or a row of them.
        #[arg(required = true, value_name = "N", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
        #[command(flatten)]
        limits: HeapLimits,
        #[command(flatten)]
        play: MisereArg,
        #[command(flatten)]
        report: Report,
    },
    /// Grundy's game: heaps of N...; a move splits one heap into two unequal non-empty
    /// heaps
    #[command(verbatim_doc_comment)]
    GrundysGame {
        /// The heap sizes: one heap, or a row of them.
        #[arg(required = true, value_name = "N", value_parser = number, allow_negative_numbers = true)]
        heaps: Vec<u128>,
        #[command(flatten)]
        limits: HeapLimits,
        #[command(flatten)]
        play: MisereArg,
        #[command(flatten)]
        report: Report,
    },
    /// A coin-turning game: coins showing heads; a move turns a head and other coins its
    /// rule allows (turning-turtles, twins, mock-turtles; turning-corners on a board)
    #[command(verbatim_doc_comment, after_help = COINS_LEGEND)]
    Coins {
        /// The rule: which coins a move turns with a head (see Rules below)
        #[arg(
            value_name = "RULE",
            value_enum,
            hide_possible_values = true,
            verbatim_doc_comment
        )]
        rule: CoinGame,
        /// The coins showing heads, in any order: numbers, or X,Y for turning-corners
        #[arg(required = true, value_name = "COIN", value_parser = coin, allow_negative_numbers = true, verbatim_doc_comment)]
        heads: Vec<CoinArg>,
        #[command(flatten)]
        limits: CoinLimits,
        #[command(flatten)]
        report: Report,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// The Grundy values G(0), ..., G(COUNT - 1) of a heap game, and its proven period
    #[command(verbatim_doc_comment, after_help = TABLE_LEGEND)]
    Table {
        /// The heap game.
        #[command(subcommand)]
        game: TableArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// The misère genus and misère values of heaps 0 to COUNT - 1 of a heap game
    #[command(verbatim_doc_comment, after_help = GENUS_LEGEND)]
    Genus {
        /// The heap game.
        #[command(subcommand)]
        game: GenusArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// The misère quotient of a heap game's rows of heaps 0 to MAX_HEAP: its
    /// presentation, multiplication table and P-portion, and each heap's element
    #[command(verbatim_doc_comment, after_help = QUOTIENT_LEGEND)]
    Quotient {
        /// The heap game.
        #[command(subcommand)]
        game: QuotientArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
}

impl GameArgs {
    /// Whether `--misere` was written after the game's name (where it is taken, or where it
    /// is refused with a reason).
    pub(crate) fn asks_misere(&self) -> bool {
        match self {
            GameArgs::Subtraction { play, .. }
            | GameArgs::Octal { play, .. }
            | GameArgs::GrundysGame { play, .. } => play.misere,
            GameArgs::Nim { refused, .. }
            | GameArgs::MisereNim { refused, .. }
            | GameArgs::Bash { refused, .. }
            | GameArgs::MisereBash { refused, .. }
            | GameArgs::Wythoff { refused, .. }
            | GameArgs::MisereWythoff { refused, .. }
            | GameArgs::GeorgiaBob { refused, .. }
            | GameArgs::Staircase { refused, .. }
            | GameArgs::Coins { refused, .. } => refused.misere,
            GameArgs::Table { game, refused } => {
                refused.misere
                    || match game {
                        TableArgs::Subtraction { refused, .. }
                        | TableArgs::Octal { refused, .. }
                        | TableArgs::GrundysGame { refused, .. } => refused.misere,
                    }
            }
            GameArgs::Genus { game, refused } => {
                refused.misere
                    || match game {
                        GenusArgs::Subtraction { refused, .. }
                        | GenusArgs::Octal { refused, .. }
                        | GenusArgs::GrundysGame { refused, .. } => refused.misere,
                    }
            }
            GameArgs::Quotient { game, refused } => {
                refused.misere
                    || match game {
                        QuotientArgs::Subtraction { refused, .. }
                        | QuotientArgs::Octal { refused, .. }
                        | QuotientArgs::GrundysGame { refused, .. } => refused.misere,
                    }
            }
        }
    }
}

/// `--misere` where it is taken: after the name of a heap game.
#[derive(Debug, Clone, Copy, Default, Args)]
pub(crate) struct MisereArg {
    /// Play misère: whoever moves last loses. The row is answered
    /// from the game's misère quotient where one covers its heaps,
    /// else by a search of the row within --time-limit
    #[arg(long, verbatim_doc_comment)]
    pub(crate) misere: bool,
}

/// `--misere` where it is refused: read, but hidden from the help, so that the error can say
/// why this game refuses it (rather than clap's "unexpected argument").
#[derive(Debug, Clone, Copy, Default, Args)]
pub(crate) struct NoMisere {
    /// Refused here, with a reason.
    #[arg(long, hide = true)]
    pub(crate) misere: bool,
}

/// What `grundy coins` prints, in a few words (after its options in `--help`).
const COINS_LEGEND: &str = "Rules:
  turning-turtles  a head and at most one coin to its left; coins 1, 2, ... (Nim)
  twins            a head and exactly one coin to its left; coins 0, 1, ...
  mock-turtles     a head and at most two coins to its left; coins 1, 2, ...
  turning-corners  a board: coins X,Y with X, Y from 0; a move turns the head (x, y) and the
                   other three corners (a, b), (a, y), (x, b) of a rectangle, a < x, b < y

A move prints as 'turn H with C, ...': the head H and the coins turned with it (on a board,
each as (x, y)).";

/// What `grundy table` prints, in a few words (after its options in `--help`).
const TABLE_LEGEND: &str = "Example: grundy table octal 0.77 200 (Kayles' G(0) to G(199))

Each row of values starts with the heap of its first value: '70: 6 7 4' is G(70) = 6,
G(71) = 7, G(72) = 4. The period p and preperiod n0 say G(n + p) = G(n) (+ the saltus s,
if any) for every n >= n0. A period is proven for an octal code by the Guy–Smith theorem
once the values hold it for n0 <= n < 2 n0 + p + t, where t is the most counters one move
takes (the code's digits after the point: t = 2 for 0.77), so a table of 2 n0 + 2p + t
values proves it (168 for Kayles); a subtraction game's by a repeated window of max(S)
values. 'seen:' names a period the values show that no theorem proves.";
/// What `grundy genus` prints, in a few words (after its options in `--help`).
const GENUS_LEGEND: &str = "Example: grundy genus octal 0.77 20 (Kayles' heaps 0 to 19)

Each heap prints g^g0g1...: its normal value g, then its misère values gk (g0 alone, gk
beside k nim heaps of 2), up to where they repeat. Its phylum: a nim heap plays like one
under misère play too; tame adds like misère Nim (hereditarily: through tame options;
reversibly: through options that reverse); restive, restless and wild do not.";

/// What `grundy quotient` prints, in a few words (after its options in `--help`).
const QUOTIENT_LEGEND: &str =
    "Example: grundy quotient octal 0.75 30 (0.75's rows of heaps 0 to 30)

Rows are the same element when no row added to both tells them apart by misère outcome; the
elements multiply as the rows add. Generators are heaps, the presentation lists the relations
between them, and the P-portion the elements whose rows the player to move loses.";

/// The heap games whose misère quotients `grundy quotient` computes.
#[derive(Debug, Subcommand)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Heap games")]
pub(crate) enum QuotientArgs {
    /// A subtraction game: a move takes s counters for some s in the set S.
    #[command(after_help = QUOTIENT_LEGEND)]
    Subtraction {
        /// The subtraction set: its help text is [`SET_HELP`].
        #[arg(value_name = "S", help = SET_HELP, value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// The largest heap: the quotient of the rows of heaps 0 to MAX_HEAP (at most 65536)
        #[arg(value_name = "MAX_HEAP", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        bound: u128,
        #[command(flatten)]
        limits: QuotientLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// An octal game, or any take-and-break game with a code.
    #[command(after_help = QUOTIENT_LEGEND)]
    Octal {
        /// The take-and-break code: its help text is [`CODE_HELP`].
        #[arg(value_name = "CODE", help = CODE_HELP, value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// The largest heap: the quotient of the rows of heaps 0 to MAX_HEAP (at most 65536)
        #[arg(value_name = "MAX_HEAP", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        bound: u128,
        #[command(flatten)]
        limits: QuotientLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Grundy's game: a move splits a heap into two unequal non-empty heaps.
    #[command(after_help = QUOTIENT_LEGEND)]
    GrundysGame {
        /// The largest heap: the quotient of the rows of heaps 0 to MAX_HEAP (at most 65536)
        #[arg(value_name = "MAX_HEAP", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        bound: u128,
        #[command(flatten)]
        limits: QuotientLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
}

/// The default of `--budget`: the library's budget of a row's second attempt at its quotient
/// (2^29 steps, about a second), which proves Kayles' quotient; `--time-limit` bounds it.
const QUOTIENT_BUDGET: usize = grundy::misere::FALLBACK_QUOTIENT_BUDGET;
/// The largest N of `grundy quotient`: the answer lists the element of every heap to N.
pub(crate) const QUOTIENT_BOUND_CAP: u128 = 1 << 16;

/// How much work a misère quotient may take.
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct QuotientLimits {
    /// The most steps of work the quotient may take (its
    /// construction's budget)
    #[arg(long, value_name = "STEPS", default_value_t = QUOTIENT_BUDGET, value_parser = table_size, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) budget: usize,
    /// Give up with an error after this many seconds (0: at once,
    /// before computing anything)
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) time_limit: u64,
}

/// The heap games whose genus `grundy genus` prints.
#[derive(Debug, Subcommand)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Heap games")]
pub(crate) enum GenusArgs {
    /// A subtraction game: a move takes s counters for some s in the set S.
    #[command(after_help = GENUS_LEGEND)]
    Subtraction {
        /// The subtraction set: its help text is [`SET_HELP`].
        #[arg(value_name = "S", help = SET_HELP, value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// How many heaps: the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: GenusLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// An octal game, or any take-and-break game with a code.
    #[command(after_help = GENUS_LEGEND)]
    Octal {
        /// The take-and-break code: its help text is [`CODE_HELP`].
        #[arg(value_name = "CODE", help = CODE_HELP, value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// How many heaps: the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: GenusLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Grundy's game: a move splits a heap into two unequal non-empty heaps.
    #[command(after_help = GENUS_LEGEND)]
    GrundysGame {
        /// How many heaps: the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: GenusLimits,
        #[command(flatten)]
        refused: NoMisere,
    },
}

/// How much work the genus of a heap game may take.
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct GenusLimits {
    /// The most misère simplest forms, sums and heaps to keep (the
    /// heaps count too, so COUNT is at most this)
    #[arg(long, value_name = "LEN", default_value_t = grundy::misere::DEFAULT_FORM_LIMIT, value_parser = table_size, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) form_limit: usize,
    /// Give up with an error after this many seconds (0: at once,
    /// before computing anything)
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) time_limit: u64,
}

/// The heap games whose tables `grundy table` prints.
#[derive(Debug, Subcommand)]
#[command(subcommand_value_name = "GAME", subcommand_help_heading = "Heap games")]
pub(crate) enum TableArgs {
    /// A subtraction game: a move takes s counters for some s in the set S.
    #[command(after_help = TABLE_LEGEND)]
    Subtraction {
        /// The subtraction set: its help text is [`SET_HELP`].
        #[arg(value_name = "S", help = SET_HELP, value_parser = subtraction_set, allow_hyphen_values = true)]
        set: Subtraction,
        /// How many values: G(0) to G(COUNT - 1), of the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// An octal game, or any take-and-break game with a code.
    #[command(after_help = TABLE_LEGEND)]
    Octal {
        /// The take-and-break code: its help text is [`CODE_HELP`].
        #[arg(value_name = "CODE", help = CODE_HELP, value_parser = octal_code, allow_hyphen_values = true)]
        code: Octal,
        /// How many values: G(0) to G(COUNT - 1), of the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
    /// Grundy's game: a move splits a heap into two unequal non-empty heaps.
    #[command(after_help = TABLE_LEGEND)]
    GrundysGame {
        /// How many values: G(0) to G(COUNT - 1), of the heaps 0 to COUNT - 1
        #[arg(value_name = "COUNT", value_parser = number, allow_negative_numbers = true, verbatim_doc_comment)]
        count: u128,
        #[command(flatten)]
        limits: TableLimits,
        #[command(flatten)]
        run: RunArgs,
        #[command(flatten)]
        refused: NoMisere,
    },
}

/// The help text of a take-and-break code (written here rather than as a doc comment, whose
/// brackets rustdoc would read as links).
const CODE_HELP: &str = "The code d0.d1d2... (Kayles is 0.77): digit dt says what taking t counters
may leave (bit 1: nothing, 2: one heap, 4: two heaps, 8: three heaps), so
digits run to f; [d] repeats a digit for ever (4.[3] is Lasker's Nim)";

/// The help text of a subtraction set.
const SET_HELP: &str = "The subtraction set: positive numbers separated by commas, like 1,3,4, or
in braces as the library writes it, like '{1, 3, 4}' (quote it: the shell
expands braces)";

/// The default of `--table-limit`: 2^20 values (4 MiB).
const TABLE_LIMIT: usize = 1 << 20;
/// The default of `--memory-limit`, in MiB: the library's default.
const MEMORY_LIMIT_MIB: &str = "256";
/// The default of `--time-limit`, in seconds.
const TIME_LIMIT: u64 = 20;
/// The default of `--max-moves` in words: a screenful.
pub(crate) const MAX_MOVES_WORDS: usize = 20;
/// The default of `--max-moves` with `--json`: the lists a script reads whole.
pub(crate) const MAX_MOVES_JSON: usize = 100_000;
/// The largest `--max-moves` accepted: the listed moves are held in memory.
pub(crate) const MAX_MOVES_CAP: usize = 1_000_000;

/// The rules of `grundy coins`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CoinGame {
    /// A head and at most one coin to its left; coins from 1 (Nim)
    TurningTurtles,
    /// A head and exactly one coin to its left; coins from 0
    Twins,
    /// A head and at most two coins to its left; coins from 1
    MockTurtles,
    /// The four corners of a rectangle whose far corner is the head; coins X,Y from 0,0.
    #[value(
        help = "The four corners of a rectangle whose far corner is the head;\ncoins X,Y from 0,0"
    )]
    TurningCorners,
}

/// A coin of `grundy coins`: a number on a row, or `X,Y` on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CoinArg {
    /// A coin of a row.
    One(u128),
    /// A coin of a board.
    Two(u128, u128),
}

/// `5`, or `3,5`: as the coin was typed (without leading zeros).
impl std::fmt::Display for CoinArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CoinArg::One(x) => write!(f, "{x}"),
            CoinArg::Two(x, y) => write!(f, "{x},{y}"),
        }
    }
}

/// Reads a coin: a decimal number, or two separated by a comma, with spaces around the
/// numbers allowed (`"3, 4"`, as a subtraction set allows them around its commas).
fn coin(text: &str) -> Result<CoinArg, String> {
    let spaced = |part: &str| number(part.trim_matches(' '));
    match text.split_once(',') {
        Some((x, y)) => Ok(CoinArg::Two(spaced(x)?, spaced(y)?)),
        None => spaced(text).map(CoinArg::One),
    }
}

/// How long a coin-turning game may take.
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct CoinLimits {
    /// Give up with an error after this many seconds (0: at once,
    /// before anything)
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) time_limit: u64,
}

/// How much work Wythoff's Grundy value may take: the library's table of `(A + 1)(B + 1)`
/// entries for the board `A B` (the outcome and the moves need none).
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct WythoffLimits {
    /// The largest Grundy table, in entries: the value of A B needs
    /// (A + 1)(B + 1) of them, up to 16 bytes each (1 for a square
    /// board); past it the answer says why it has no value (the
    /// outcome and the moves need no table)
    #[arg(long, value_name = "LEN", default_value_t = grundy::games::wythoff::DEFAULT_GRUNDY_LIMIT, value_parser = table_size, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) table_limit: usize,
    /// Give up with an error after this many seconds (0: at once,
    /// before computing anything)
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) time_limit: u64,
}

/// How much work a heap game's table may take.
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct TableLimits {
    /// The most Grundy values to compute (1 byte each while they
    /// are below 256, 2 or 4 past)
    #[arg(long, value_name = "LEN", default_value_t = TABLE_LIMIT, value_parser = table_size, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) table_limit: usize,
    /// The most memory, in MiB, for working tables that grow faster
    /// than the values (those of codes with a three-heap or a
    /// repeated digit) and for the search of a misère row that no
    /// misère quotient covers
    #[arg(long, value_name = "MIB", default_value = MEMORY_LIMIT_MIB, value_parser = mebibytes, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) memory_limit: usize,
    /// Give up with an error after this many seconds (0: at once,
    /// before computing anything)
    #[arg(long, value_name = "SECONDS", default_value_t = TIME_LIMIT, value_parser = seconds, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) time_limit: u64,
}

/// The default of `--checkpoint-every`, in seconds.
const CHECKPOINT_EVERY: u64 = 600;

/// How a long `table` run uses the machine and survives a stop: its threads, its checkpoint
/// file, and the checkpoint it resumes from.
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct RunArgs {
    /// Compute on N threads (default: every core, or
    /// RAYON_NUM_THREADS; more threads than cores only slow
    /// the run); the values are the same at any N
    #[arg(long, value_name = "N", value_parser = thread_count, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) threads: Option<usize>,
    /// Save the run's state to FILE every --checkpoint-every
    /// seconds, when it ends, and when --time-limit, Ctrl-C, SIGTERM
    /// or SIGHUP stops it (resume it with --resume FILE)
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    pub(crate) checkpoint: Option<std::path::PathBuf>,
    /// Seconds between checkpoints (with --checkpoint;
    /// 0 counts as 1)
    #[arg(long, value_name = "SECONDS", default_value_t = CHECKPOINT_EVERY, value_parser = seconds, allow_negative_numbers = true, requires = "checkpoint", verbatim_doc_comment)]
    pub(crate) checkpoint_every: u64,
    /// Start from the values saved in FILE by --checkpoint (of the
    /// same game), checked before use
    #[arg(long, value_name = "FILE", verbatim_doc_comment)]
    pub(crate) resume: Option<std::path::PathBuf>,
    /// Check N heaps of the finished table against the definition,
    /// every move listed (the last N/2 and the rest spread over the
    /// table; all of them if N is at least COUNT); a wrong value is an
    /// error that names its heap
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = table_size, allow_negative_numbers = true, verbatim_doc_comment)]
    pub(crate) audit: usize,
}

/// Reads `--threads`: a number of threads, at least 1.
fn thread_count(text: &str) -> Result<usize, String> {
    match usize::try_from(number(text)?) {
        Ok(0) => Err("0 threads cannot compute anything; give at least 1".to_owned()),
        Ok(n) if n <= MAX_THREADS => Ok(n),
        _ => Err(format!("more than {MAX_THREADS} threads")),
    }
}

/// The most threads a run takes, by `--threads` or `RAYON_NUM_THREADS`.
pub(crate) const MAX_THREADS: usize = 1024;

/// The limits of a heap game's table.
#[derive(Debug, Clone, Copy, Args)]
pub(crate) struct HeapLimits {
    #[command(flatten)]
    pub(crate) table: TableLimits,
}

/// What to print of an answer: by default the outcome, the value and the winning moves (the
/// first 20 in words, the first 100000 in JSON, or `--max-moves`).
#[derive(Debug, Clone, Copy, Default, Args)]
pub(crate) struct Report {
    /// List at most M winning moves (M at most 1000000; default 20,
    /// or 100000 with --json); past M the answer says how many more
    /// there are
    #[arg(long, value_name = "M", value_parser = move_count, allow_negative_numbers = true, conflicts_with_all = ["outcome", "count"], verbatim_doc_comment)]
    pub(crate) max_moves: Option<usize>,
    /// Print the outcome and the Grundy value only, no moves.
    #[arg(long, conflicts_with = "count")]
    pub(crate) outcome: bool,
    /// Print the number of winning moves (with the outcome and the
    /// value), not the moves
    #[arg(long, verbatim_doc_comment)]
    pub(crate) count: bool,
}

/// What to print of an answer, from the flags of [`Report`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shown {
    /// The outcome, the value and the winning moves (at most `--max-moves`).
    Moves,
    /// The outcome and the value.
    Outcome,
    /// The outcome, the value and the number of winning moves.
    Count,
}

impl Report {
    /// What these flags ask to print.
    pub(crate) fn shown(self) -> Shown {
        match (self.outcome, self.count) {
            (true, _) => Shown::Outcome,
            (false, true) => Shown::Count,
            (false, false) => Shown::Moves,
        }
    }

    /// The most winning moves to list: `--max-moves`, or by default a screenful in words
    /// ([`MAX_MOVES_WORDS`]) and the lists a script reads whole in JSON ([`MAX_MOVES_JSON`]).
    pub(crate) fn max_moves(self, json: bool) -> usize {
        self.max_moves.unwrap_or(if json {
            MAX_MOVES_JSON
        } else {
            MAX_MOVES_WORDS
        })
    }
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

/// Reads a subtraction set: positive decimal numbers separated by commas, like `1,3,4`, or
/// the library's form in braces, `{1, 3, 4}` (spaces around the commas, or in place of them,
/// are allowed in either form).
///
/// The command line's form is stricter than the library's reader (which skips empty
/// elements): each element is checked here, so that a bad one is named with what is wrong
/// with it, and the elements are then given to `Subtraction::new`, which builds the rules (and
/// rejects 0).
fn subtraction_set(text: &str) -> Result<Subtraction, String> {
    let trimmed = text.trim_matches(' ');
    let inner = match (trimmed.strip_prefix('{'), trimmed.ends_with('}')) {
        (Some(rest), true) => rest.strip_suffix('}').unwrap_or(rest),
        (None, false) => trimmed,
        _ => {
            return Err(
                "a brace of the set has no partner; write the set like {1, 3, 4}".to_owned(),
            );
        }
    };
    if inner.trim_matches(' ').is_empty() {
        return Err(grundy::Error::EmptySubtractionSet.to_string());
    }
    let mut set = Vec::new();
    for part in inner.split(',') {
        if part.trim_matches(' ').is_empty() {
            return Err("an element of the set is empty; write the set like 1,3,4".to_owned());
        }
        // Spaces separate elements too; any other character is the element's own fault.
        for element in part.split(' ').filter(|word| !word.is_empty()) {
            let s = number(element)
                .map_err(|err| format!("element '{}': {err}", crate::usage::shown(element)))?;
            set.push(s);
        }
    }
    Subtraction::new(set).map_err(|err| err.to_string())
}

/// Reads a take-and-break code such as `0.137`, `0.8` or `4.[3]`: `Octal`'s `FromStr`, whose
/// error names the character at fault, its place and the rule it breaks.
fn octal_code(text: &str) -> Result<Octal, String> {
    text.parse().map_err(|err: grundy::Error| err.to_string())
}

/// Reads `--table-limit`: a number of values that fits in memory's address space.
fn table_size(text: &str) -> Result<usize, String> {
    let size = number(text)?;
    usize::try_from(size).map_err(|_| format!("larger than {} on this machine", usize::MAX))
}

/// Reads `--memory-limit`: a number of MiB, returned in bytes, that fits in memory's address
/// space.
fn mebibytes(text: &str) -> Result<usize, String> {
    usize::try_from(number(text)?)
        .ok()
        .and_then(|mib| mib.checked_mul(1 << 20))
        .ok_or_else(|| format!("larger than {} MiB on this machine", usize::MAX >> 20))
}

/// Reads `--max-moves`: at most [`MAX_MOVES_CAP`].
fn move_count(text: &str) -> Result<usize, String> {
    match usize::try_from(number(text)?) {
        Ok(count) if count <= MAX_MOVES_CAP => Ok(count),
        _ => Err(format!("at most {MAX_MOVES_CAP} moves can be listed")),
    }
}

/// Reads `--time-limit`: whole seconds; 0 is a limit already past.
fn seconds(text: &str) -> Result<u64, String> {
    u64::try_from(number(text)?).map_err(|_| format!("larger than {} seconds", u64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn numbers_are_decimal_and_fit_u128() {
        assert_eq!(number("0"), Ok(0));
        assert_eq!(number("007"), Ok(7));
        assert_eq!(number(&u128::MAX.to_string()), Ok(u128::MAX));
        for text in ["", "-", "+5", "1.5", "0x10", "1 2", "\u{ff15}"] {
            assert_eq!(
                number(text),
                Err("not a decimal number".to_owned()),
                "{text:?}"
            );
        }
        for text in ["-0", "-3"] {
            assert_eq!(
                number(text),
                Err("negative numbers are not allowed".to_owned()),
                "{text:?}"
            );
        }
        assert!(number("340282366920938463463374607431768211456").is_err());
    }

    #[test]
    fn a_coin_may_have_spaces_around_its_numbers() {
        // `"3, 4"` was "not a decimal number", though the help writes coins as X,Y and a
        // subtraction set allows spaces around its commas.
        for text in ["3,4", "3, 4", " 3,4", "3 ,4 ", "  3 ,  4"] {
            assert_eq!(coin(text), Ok(CoinArg::Two(3, 4)), "{text:?}");
        }
        assert_eq!(coin(" 7 "), Ok(CoinArg::One(7)));
        for text in ["3,", ",4", "3 4", "3,x", "3,,4", "3,4,5", "\t3,4"] {
            assert_eq!(
                coin(text),
                Err("not a decimal number".to_owned()),
                "{text:?}"
            );
        }
        assert_eq!(
            coin("3, -4"),
            Err("negative numbers are not allowed".to_owned())
        );
    }

    #[test]
    fn sets_codes_and_limits_are_read_with_their_rules() {
        assert_eq!(
            subtraction_set("4,1,3").map(|s| s.set().to_vec()),
            Ok(vec![1, 3, 4])
        );
        assert!(subtraction_set("1,,3").is_err_and(|err| err.contains("empty")));
        assert!(subtraction_set("0,2").is_err_and(|err| err.contains("contains 0")));
        assert!(subtraction_set("1,a").is_err_and(|err| err.contains("element 'a'")));
        // The library's form, in braces, and white space around or instead of commas.
        for text in ["{2, 5, 7}", "{7,2,5}", " { 2 5 7 } ", "2, 5,7", "2 5 7"] {
            assert_eq!(
                subtraction_set(text).map(|s| s.set().to_vec()),
                Ok(vec![2, 5, 7]),
                "{text:?}"
            );
        }
        assert!(subtraction_set("{}").is_err_and(|err| err.contains("empty")));
        assert!(subtraction_set("{1, 2").is_err_and(|err| err.contains("no partner")));
        assert!(subtraction_set("1, 2}").is_err_and(|err| err.contains("no partner")));
        assert!(subtraction_set("{1,,2}").is_err_and(|err| err.contains("is empty")));
        assert!(subtraction_set("{1, -2}").is_err_and(|err| err.contains("element '-2'")));
        assert!(subtraction_set("{0, 2}").is_err_and(|err| err.contains("contains 0")));
        assert_eq!(
            octal_code("0.070").map(|code| code.to_string()),
            Ok("0.07".to_owned())
        );
        // Hexadecimal digits and a repeated digit: take-and-break codes beyond octal.
        for code in ["0.8", "0.77A", "4.[3]", "0.3003330[3]"] {
            assert_eq!(octal_code(code).map(|c| c.to_string()), Ok(code.to_owned()));
        }
        assert!(octal_code("0.g").is_err_and(|err| err.contains("'g' at 2")));
        assert!(octal_code("07").is_err_and(|err| err.contains("invalid take-and-break code")));
        assert_eq!(move_count("1000000"), Ok(MAX_MOVES_CAP));
        assert!(move_count("1000001").is_err());
        assert_eq!(seconds("1"), Ok(1));
        assert_eq!(seconds("0"), Ok(0));
        assert!(seconds("18446744073709551616").is_err());
        assert_eq!(table_size("0"), Ok(0));
    }
}
