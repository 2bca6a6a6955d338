//! The crate's one error type.

use crate::sequence::MAX_TABLE_LIMIT;
use alloc::string::String;

/// Everything that can go wrong in `grundy`.
///
/// Every fallible constructor and solver call returns this type. Each variant names the value
/// that was rejected and the rule it broke, so the message can be shown to a user as it is.
/// Messages are lowercase and carry no trailing period.
///
/// The enum is `#[non_exhaustive]`: later versions may add variants, so match with a `_` arm.
///
/// # Examples
///
/// ```
/// use grundy::Error;
///
/// let err = Error::PositionLimit { limit: 1000 };
/// assert_eq!(
///     err.to_string(),
///     "the search needs more than 1000 positions, the solver's limit; \
///      raise it with Solver::with_position_limit"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A position can be reached again from itself, so the game is not finite (loopy) and
    /// has no Grundy value: [`loopy::Loopy`](crate::loopy::Loopy) solves such games, with
    /// draws.
    #[error("the game has a cycle: a position can be reached again from itself")]
    Cycle,
    /// The search would have to hold more positions than the solver's limit allows.
    #[error(
        "the search needs more than {limit} positions, the solver's limit; {}",
        raise(*.limit, SOLVER_MOST, "Solver::with_position_limit")
    )]
    PositionLimit {
        /// The limit that was reached.
        limit: usize,
    },
    /// The search would have to list more moves than the solver's limit allows.
    #[error(
        "the search needs to list more than {limit} moves, the solver's move limit; {}",
        move_advice(*.limit)
    )]
    SearchMoveLimit {
        /// The limit that was reached.
        limit: usize,
    },
    /// The working tables of a computation would hold more bytes than the caller's memory
    /// limit ([`Tabulated::with_memory_limit`](crate::sequence::Tabulated::with_memory_limit)).
    #[error(
        "computing the values needs working tables of more than {limit} bytes, the memory limit; {}",
        raise(*.limit, usize::MAX, "Tabulated::with_memory_limit")
    )]
    MemoryLimit {
        /// The limit that was reached, in bytes.
        limit: usize,
    },
    /// The memory a computation needs could not be had from the allocator.
    #[error("not enough memory for {what}")]
    OutOfMemory {
        /// What the memory was for, with its size.
        what: String,
    },
    /// A table of values would be larger than the limit the caller gave: a heap game's
    /// ([`Tabulated::with_table_limit`](crate::sequence::Tabulated::with_table_limit)) or
    /// Wythoff's ([`Wythoff::grundy_with_limit`](crate::games::Wythoff::grundy_with_limit)).
    #[error(
        "a table of {requested} entries is larger than the limit of {limit}; {}",
        table_advice(*.requested)
    )]
    TableLimit {
        /// The number of entries the request needs.
        requested: u128,
        /// The largest table the caller allowed.
        limit: usize,
    },
    /// An exact result does not fit in the integer type that must hold it.
    #[error("arithmetic overflow: {what}")]
    Overflow {
        /// What was being computed, with the values involved.
        what: String,
    },
    /// A take limit of zero (Bash: take `1..=k` with `k = 0`) leaves no moves at all.
    #[error("the take limit k must be at least 1, got 0")]
    ZeroTakeLimit,
    /// A chessman, or a coin on a staircase, stands on cell 0; cells are numbered from 1.
    #[error("a chessman stands on cell 0, but cells are numbered from 1")]
    CellZero,
    /// Two chessmen stand on the same cell.
    #[error("two chessmen stand on cell {cell}")]
    DuplicateCell {
        /// The cell named twice.
        cell: u128,
    },
    /// A subtraction set with no elements allows no moves.
    #[error("the subtraction set is empty; it needs at least one positive number")]
    EmptySubtractionSet,
    /// A subtraction set contains 0, which would be a move that changes nothing.
    #[error("the subtraction set contains 0; every element must be positive")]
    ZeroInSubtractionSet,
    /// An octal code such as `0.137` could not be read.
    ///
    /// No longer returned: codes are read by [`Octal::new`](crate::games::Octal::new), which
    /// reports [`Error::InvalidCode`], naming the character at fault.
    #[error("invalid octal code {code:?}: {reason}")]
    InvalidOctalCode {
        /// The code as given.
        code: String,
        /// The rule it broke.
        reason: &'static str,
    },
    /// A take-and-break code such as `0.137`, `0.8` or `4.[3]` could not be read: the
    /// character at fault (if one is) and its place, and the rule it broke.
    #[error("invalid take-and-break code {code:?}: {}", code_fault(.index, .character, .reason))]
    InvalidCode {
        /// The code as given.
        code: String,
        /// The byte offset in `code` of the character at fault, or the length of the code
        /// when something is missing at its end.
        index: usize,
        /// The character at fault, if one is.
        character: Option<char>,
        /// The rule it broke.
        reason: &'static str,
    },
    /// Rules of your own ([`TakeAndBreak`](crate::games::TakeAndBreak)) listed a move that
    /// is not one: one that changes nothing, or leaves more tokens than the heap had.
    #[error("the rules list an impossible move from a heap of {heap}: {reason}")]
    InvalidHeapMove {
        /// The heap whose moves were listed.
        heap: u128,
        /// What is wrong with the move.
        reason: &'static str,
    },
    /// A heap is beyond the values computed so far and no period is proven that would
    /// answer it.
    #[error(
        "heap {heap} is beyond the {computed} computed values and no period is proven; {}",
        heap_advice(*.heap)
    )]
    HeapOutOfRange {
        /// The heap size asked about.
        heap: u128,
        /// How many values (heaps `0..computed`) are known.
        computed: usize,
    },
    /// The misère winning moves of a row whose heaps have more moves in all than the limit
    /// (a heap of a game that splits has about as many moves as tokens): each move is judged
    /// before the first is handed out, so that the count is known. The crate's take-and-break
    /// rules with a proven quotient count their moves by residue instead, at any size: they
    /// give this error, with a limit of `usize::MAX`, only for more winning moves than the
    /// iterator's length can hold. The row's misère outcome is answered at any size.
    #[error(
        "the heaps of this row have more than {limit} moves in all, the most that a listing of \
         misère winning moves looks through (its outcome is answered at any size: ask for the \
         outcome alone, or for the moves of a row of smaller heaps)"
    )]
    MoveLimit {
        /// The most moves that may be listed.
        limit: usize,
    },
    /// The crate knows no way to answer this game under misère play without a search.
    #[error("{game} has no known misère solution here; search it with a Solver under Play::Misere")]
    MisereUnsupported {
        /// The game, or kind of game, asked about.
        game: &'static str,
    },
    /// A text could not be read as a position, a set or a number.
    #[error("cannot read {text:?} as {what}: {reason}")]
    Parse {
        /// The text, or the part of it, that could not be read.
        text: String,
        /// What it should have been.
        what: &'static str,
        /// The rule it broke.
        reason: &'static str,
    },
    /// A checkpoint could not be read, written or resumed: the file is damaged, truncated or
    /// edited (its checksum, its length or its state disagree with its values), it is of
    /// another format or version, or it holds the table of another game
    /// ([`Checkpoint`](crate::sequence::Checkpoint)).
    #[error("checkpoint refused: {reason}")]
    Checkpoint {
        /// What is wrong with it.
        reason: String,
    },
    /// A computation was stopped by its caller (the progress callback of
    /// [`Tabulated::grow`](crate::sequence::Tabulated::grow) returned `Break`); the values
    /// computed so far are kept.
    #[error("the computation was stopped after {computed} values")]
    Interrupted {
        /// How many values the table holds.
        computed: usize,
    },
    /// A position stopped listing its moves on its own (its
    /// [`for_each_move`](crate::Game::for_each_move) returned `Break` though the search did
    /// not ask it to) and its game names no fault ([`Game::fault`](crate::Game::fault)), so
    /// the position has no value the search can trust.
    #[error(
        "a position stopped listing its moves before the search asked it to, and its game \
         names no fault (Game::fault)"
    )]
    IncompleteMoves,
    /// The misère quotient of the heaps up to `bound` needs more work than its budget
    /// ([`MisereQuotient::compute_within`](crate::misere::MisereQuotient::compute_within)):
    /// the quotient may be large, or infinite.
    #[error(
        "the misère quotient of the heaps up to {bound} needs more than {budget} steps, its \
         budget; raise it with MisereQuotient::compute_within, or ask a smaller bound"
    )]
    QuotientBudget {
        /// The largest heap asked about.
        bound: usize,
        /// The budget that was reached, in steps.
        budget: usize,
    },
    /// A coin-turning position names a coin twice, or a coin its rule does not have
    /// ([`coins::Coins::new`](crate::coins::Coins::new)).
    #[error("coin {coin} cannot be a head: {reason}")]
    InvalidCoin {
        /// The coin, as written by `Debug`.
        coin: String,
        /// The rule it broke.
        reason: &'static str,
    },
    /// The moves from one head of a [`Tartan`](crate::coins::Tartan) product would go through
    /// or list more moves of a factor than its scan limit allows.
    #[error(
        "the moves from the head {coin} need more than {limit} moves of a factor gone \
         through or listed, the scan limit; raise it with Tartan::with_scan_limit"
    )]
    ScanLimit {
        /// The head, as written by `Debug`.
        coin: String,
        /// The scan limit.
        limit: u128,
    },
    /// A move that the rules do not allow from this position.
    #[error("illegal move: {reason}")]
    IllegalMove {
        /// Why the move is not allowed, naming the values involved.
        reason: String,
    },
    /// A misère computation ([`GenusTable`](crate::misere::GenusTable)) would keep more
    /// simplest forms, sums and heaps than its limit allows.
    #[error(
        "the misère forms need more than {limit} forms, sums and heaps, the limit; {}",
        raise(*.limit, SOLVER_MOST, "GenusTable::with_form_limit")
    )]
    FormLimit {
        /// The limit that was reached.
        limit: usize,
    },
    /// A misère computation ([`GenusTable`](crate::misere::GenusTable)) would spend more
    /// steps of work than its work limit allows
    /// ([`GenusTable::with_work_limit`](crate::misere::GenusTable::with_work_limit)).
    #[error(
        "the misère forms need more than {limit} steps of work, the table's work limit; {}",
        work_advice(*.limit)
    )]
    FormWorkLimit {
        /// The limit that was reached, in steps.
        limit: u64,
    },
    /// The questions a [`Pruning`](crate::search::Pruning) search has open (the positions on
    /// its stack and their options, which it may not forget) need more bytes than its memory
    /// limit.
    #[error(
        "the search's open questions need more than {limit} bytes, its memory limit \
         ({open} positions are in use); raise it with Pruning::with_memory_limit"
    )]
    SearchMemoryLimit {
        /// The memory limit, in bytes.
        limit: usize,
        /// How many stored positions the open questions refer to.
        open: usize,
    },
    /// A [`Solver`](crate::Solver) or a [`Loopy`](crate::loopy::Loopy) solver would hold more
    /// bytes than its memory limit
    /// ([`Solver::with_memory_limit`](crate::Solver::with_memory_limit),
    /// [`Loopy::with_memory_limit`](crate::loopy::Loopy::with_memory_limit)): its stored
    /// positions with what they own ([`Game::owned_bytes`](crate::Game::owned_bytes)), its
    /// table and its line of play, counted by capacity. The misère search of a heap game's row
    /// that no quotient covers has the rules' memory budget as its limit
    /// ([`HeapRules::search_memory_limit`](crate::games::HeapRules::search_memory_limit)).
    ///
    /// ```
    /// use grundy::prelude::*;
    /// use grundy::{Error, Solver, games::Nim};
    ///
    /// let mut solver = Solver::new().with_memory_limit(64);
    /// let err = solver.grundy(&Nim::new(vec![5u32, 6, 7])).unwrap_err();
    /// assert!(matches!(
    ///     err,
    ///     Error::SolverMemoryLimit { limit: 64, setting: "Solver::with_memory_limit", .. }
    /// ));
    /// assert!(err.to_string().ends_with("raise it with Solver::with_memory_limit"));
    /// ```
    #[error(
        "the search needs more than {limit} bytes, its memory limit ({positions} positions \
         stored); {}",
        raise(*.limit, usize::MAX, setting)
    )]
    SolverMemoryLimit {
        /// The memory limit, in bytes.
        limit: usize,
        /// How many positions the search had stored.
        positions: usize,
        /// The setting that holds the limit, to raise it with: `Solver::with_memory_limit`,
        /// `Loopy::with_memory_limit`, or for the misère search of a heap game's row,
        /// `HeapRules::search_memory_limit` (the rules' budget:
        /// `Tabulated::with_memory_limit` for the crate's rules).
        setting: &'static str,
    },
    /// A table's value disagrees with the definition of Grundy values: the mex of the heap's
    /// options, each the nim-sum of the values of the heaps a move leaves
    /// ([`Tabulated::audit`](crate::sequence::Tabulated::audit)). The table is wrong at
    /// `heap`: damaged in memory, or resumed from a checkpoint edited with its checksum made
    /// again.
    #[error(
        "heap {heap}: the table holds {held}, but the mex of the heap's options is \
         {definition}; the table is wrong (damaged, or resumed from an edited checkpoint)"
    )]
    WrongValue {
        /// The heap whose value is wrong.
        heap: u128,
        /// The value the table holds for it.
        held: u128,
        /// The value its options give.
        definition: u128,
    },
    /// A saved [`Pruning`](crate::search::Pruning) search cannot be loaded: it is damaged,
    /// cut short, of another format version or of another game, or it could not be read or
    /// written.
    #[error("the saved search cannot be used: {reason}")]
    SearchFile {
        /// What is wrong with it.
        reason: String,
    },
}

/// The heap at `index` of a row of heaps, or the [`Error::IllegalMove`] that names the missing
/// index: the first check of every `play` on a row of heaps.
pub(crate) fn heap_at<T: Copy>(heaps: &[T], index: usize) -> Result<T, Error> {
    heaps.get(index).copied().ok_or_else(|| Error::IllegalMove {
        reason: alloc::format!(
            "there is no heap {index} in a position of {} heaps",
            heaps.len()
        ),
    })
}

/// The most positions, and the most moves, a [`Solver`](crate::Solver) may be given as its
/// limits: it numbers them with 32 bits.
const SOLVER_MOST: usize = u32::MAX as usize;

/// What to do about a limit of `limit` that was reached: raise it with `how`, unless it is
/// already `most`, the most the crate allows.
fn raise(limit: usize, most: usize, how: &str) -> String {
    if limit >= most {
        String::from("that is the most the crate allows")
    } else {
        alloc::format!("raise it with {how}")
    }
}

/// What to do about a move limit of `limit` that was reached: a [`Solver`](crate::Solver)
/// counts at most `u32::MAX` moves, a [`Pruning`](crate::search::Pruning) search up to
/// `usize::MAX`.
fn move_advice(limit: usize) -> String {
    if limit == usize::MAX {
        String::from("that is the most the crate allows")
    } else if limit >= SOLVER_MOST {
        String::from(
            "that is the most a Solver counts; a search::Pruning counts up to usize::MAX \
             (Pruning::with_move_limit)",
        )
    } else {
        String::from("raise it with Solver::with_move_limit (or Pruning::with_move_limit)")
    }
}

/// What to do about a work limit of `limit` steps that was reached.
fn work_advice(limit: u64) -> String {
    if limit == u64::MAX {
        String::from("that is the most the crate allows")
    } else {
        String::from("raise it with GenusTable::with_work_limit")
    }
}

/// What to do about a table of `requested` entries over a limit of `limit`.
fn table_advice(requested: u128) -> String {
    if requested > MAX_TABLE_LIMIT as u128 {
        alloc::format!(
            "no table can be that large: {MAX_TABLE_LIMIT} entries is the most the crate allows \
             (the most memory can address)"
        )
    } else {
        // `requested > limit`, so here `limit < MAX_TABLE_LIMIT`: a larger limit is possible,
        // set where the limit was (a heap game's table, or Wythoff's).
        alloc::format!(
            "a limit of at least {requested} allows it (Tabulated::with_table_limit, or \
             Wythoff::grundy_with_limit for Wythoff's values)"
        )
    }
}

/// What to do about a heap that a table does not answer: a table of `heap + 1` values holds
/// it, unless no table can be that large.
fn heap_advice(heap: u128) -> String {
    if heap < MAX_TABLE_LIMIT as u128 {
        alloc::format!("a table limit above {heap} computes it, memory allowing (with_table_limit)")
    } else {
        alloc::format!(
            "no table can hold it ({MAX_TABLE_LIMIT} values is the most memory can address), so \
             only a proven period could answer it"
        )
    }
}

/// `'G' at 3: reason`, or `at 4: reason` when no character is at fault: the detail of an
/// [`Error::InvalidCode`].
fn code_fault(index: &usize, character: &Option<char>, reason: &str) -> String {
    match character {
        Some(c) => alloc::format!("{c:?} at {index}: {reason}"),
        None => alloc::format!("at {index}: {reason}"),
    }
}
