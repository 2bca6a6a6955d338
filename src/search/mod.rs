//! Searches for hard games of your own: values found by asking questions that most of the
//! game tree never has to answer.
//!
//! [`Pruning`] answers the questions of [`Evaluator`](crate::Evaluator) for any [`Game`](crate::Game)
//! under normal play, like [`Solver`](crate::Solver), but it rarely computes the value of a
//! position it does not have to. Its one question is *is `G + *n` a P-position?*, that is,
//! *is the value of `G` exactly `n`?* (Lemoine and Viennot, "Nimbers are inevitable",
//! Theoret. Comput. Sci. 462 (2012)):
//!
//! - `G + *n` is an N-position as soon as **one** option is a P-position, so the search of a
//!   position stops at the first option that answers, and the rest are never looked at;
//! - the options of `G + *n` are `G' + *n` for the options `G'` of `G`, and `G + *m` for
//!   `m < n`: the second kind is a P-position exactly when the value of `G` is below `n`;
//! - a position that splits into parts ([`Game::parts`](crate::Game::parts)) of values `v1, …, vk` and one part
//!   `H` left is `H + *(n ⊕ v1 ⊕ … ⊕ vk)`: the small parts are valued once each and the
//!   largest is only ever asked the question, never valued.
//!
//! What it learns of a position is kept as facts (its value, or the values it is known not to
//! have), so that every later question is answered from them where it can be. Positions equal
//! under the game's symmetries ([`Game::canonical`](crate::Game::canonical)) share one entry.
//!
//! **Move ordering.** The options of a position are asked about smallest first, by the
//! measure of their largest part: [`Game::measure`](crate::Game::measure) where the game
//! gives one, else the number of moves, counted by a pass over them (moves listed, within
//! the [move limit](Pruning::with_move_limit) like any other). (On Cram the number of
//! moves orders better than the number of empty cells: 1.1 M positions stored on 4 × 9
//! against 2.1 M; a game whose moves are cheap to count gains little from a measure.) A small option is answered soonest, and one answer P ends the question. Of a
//! position that splits, the part that measures most is the one asked, the others valued.
//!
//! # The table and its memory
//!
//! Each stored position is an *entry*: the position and beside it its facts (16 bytes: a
//! value, or a lower bound and which of the 31 candidates above it are ruled out, with its
//! measure, what the facts cost to find and whether a question about it is open; a question
//! about a candidate further above values the position instead), while it is being asked
//! (and its stored facts did not answer at once) the list of its options' parts, and its
//! slot in an index (5 bytes a slot, at most seven eighths full).
//! [`Pruning::with_memory_limit`] bounds the bytes of all of it, with what the positions own
//! outside themselves ([`Game::owned_bytes`](crate::Game::owned_bytes): a position that holds
//! a `Vec` takes the room of as many entries as its buffer's bytes fill), and
//! [`Pruning::bytes`] counts them; without a limit the table grows until the position limit,
//! but each time its entries double (from 65 536 on) it forgets the mere bounds that cost
//! fewer than 1024 moves to find, and keeps every value: most of what a search stores is such
//! bounds (on Cram 5 × 8, 1.44 M of its 1.65 M entries), cheap to find again, and their bytes
//! push the useful entries out of the cache (5 × 8 keeps 390 k entries in 22 MB instead of
//! 72 MB, in a tenth to a fifth less time). The sweep is the one below, with that rule of what
//! to keep.
//!
//! When the entries outgrow the limit the search *sweeps*, at the one point where every index
//! in use is on its stack (between two tasks). It keeps
//!
//! 1. every entry a task on the stack refers to, and the options of every position being
//!    asked about, with their lists: what an open question needs is never forgotten;
//! 2. of the others, every value before any mere bounds (a value answers every question
//!    about its position), and among each those whose facts cost the most to find (the
//!    moves the search listed while their questions were open), until half the entries the
//!    limit allows are kept (with what they own, in entries);
//!
//! and forgets the rest, with every other list of options. A forgotten position is only
//! asked again, so the answers stay exact; the search is slower for it. The entries kept are
//! numbered anew in their old order and every index on the stack and in the kept lists is
//! renumbered with them, so no index ever points at an entry it did not mean (no generations
//! are needed: nothing outside the stack holds an index between two tasks). If the open
//! questions alone need more than three quarters of the entries, the question is
//! [`Error::SearchMemoryLimit`](crate::Error::SearchMemoryLimit). Entries are numbered with 32
//! bits, so at most `u32::MAX` are stored *at once*; a search with no memory limit that meets
//! more sweeps there too, and so has no limit on the positions it meets in all.
//!
//! A position's options are listed into buffers before any of them is kept, and the limits
//! bound those too, as the options come: a listing that would pass the quarter of the
//! memory limit left as room for it, or make a list larger than what is left of the lists'
//! quarter, is [`Error::SearchMemoryLimit`](crate::Error::SearchMemoryLimit), and one that
//! holds as many distinct options, or distinct parts not stored, as the position limit is
//! [`Error::PositionLimit`](crate::Error::PositionLimit) (the repeats are dropped first, as
//! the `Solver`'s listing drops them). After an error the lists of the questions it left open
//! are dropped, and under a memory limit the buffers grown past their room are given back.
//!
//! The facts are per position and an open question is marked on its position, which is how a
//! question that meets its own position finds a cycle ([`Error::Cycle`](crate::Error::Cycle)).
//!
//! # Saved searches
//!
//! With the `std` feature, [`Pruning::save`] writes what a search has proven and
//! [`Pruning::load`] reads it into another, which goes on from there: a long search can stop
//! (at a budget, or a deadline of the caller's) and resume. The positions are written by the
//! game's own [`Encode`]. The format, every integer little-endian:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic number `GRUNDYPS` |
//! | 4 | the format version, 1 |
//! | 4 + n | the length and UTF-8 bytes of the game's type name ([`core::any::type_name`]) |
//! | 8 | the number of entries |
//! | each entry | the position's length (4) and bytes ([`Encode::encode`]); the facts: the lower bound or value (4), the candidates ruled out above it (8), whether it is the value (1: 0 or 1), their cost (4) |
//! | 8 | the 64-bit FNV-1a hash of every byte before it |
//!
//! Only positions whose facts say something are written; the lists of options, the budgets and
//! the stack are not. A file of another version or game, cut short, with bytes after its
//! checksum, whose checksum does not match, or with a position that does not decode or facts
//! that contradict each other is refused with [`Error::SearchFile`](crate::Error::SearchFile),
//! naming what is wrong, and one of more entries than the search's position limit with
//! [`Error::PositionLimit`](crate::Error::PositionLimit); the search that tried to load it is
//! left as it was. A load reads its input as a stream, hashing it as it goes, and refuses it at
//! the first field that is wrong, the rest unread (a name of another length before the name,
//! unless it is short enough to be named in the error; a count past the position limit at the
//! first entry past it; an entry that does not decode or whose facts contradict each other
//! before the checksum). Each entry is stored as it is read, into a new search that takes the
//! old one's place once the load succeeds, and under a memory limit its table is swept as a
//! search sweeps it. So the memory a load takes is bounded by the entries the new search keeps
//! (the position limit, and the memory limit), the bytes of one position and what the old
//! search holds, whatever the size of the input: input without end is refused, not read until
//! the memory runs out. The checksum finds damage, not a forger:
//! facts that were edited and sealed again are not checked against the game. The type name is
//! the compiler's: a file written by a build of another compiler may be refused as of another
//! game.
//!
//! # Which to use
//!
//! | the game | use |
//! |---|---|
//! | a board game that falls apart into regions (Cram, Domineering-like placements, Node Kayles on graphs) | [`Pruning`]: it asks each region a question instead of valuing it |
//! | a search larger than memory, or one to stop and resume | [`Pruning`] with [`with_memory_limit`](Pruning::with_memory_limit), [`save`](Pruning::save) and [`load`](Pruning::load): the `Solver` stores every position and fails at its limit |
//! | you need the value of every position, or few positions are ever reached (Chomp) | [`Solver`](crate::Solver): one pass over the game graph, nothing asked twice |
//! | misère play | [`Solver`](crate::Solver): values do not add, and `Pruning` answers normal play only |
//! | a game of the crate | its own closed form (`game.grundy()`) |
//!
//! # Examples
//!
//! ```
//! use core::ops::ControlFlow;
//! use grundy::prelude::*;
//! use grundy::search::Pruning;
//!
//! /// A row of pins: knock down one or two adjacent pins (Kayles), the row splitting in two.
//! #[derive(Clone, PartialEq, Eq, Hash, Debug)]
//! struct Pins(Vec<u32>);
//!
//! impl Game for Pins {
//!     type Move = (usize, u32, u32); // the row, where, how many
//!     fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
//!     where
//!         F: FnMut(Self::Move, Pins) -> ControlFlow<()>,
//!     {
//!         for (i, &n) in self.0.iter().enumerate() {
//!             for take in 1..=n.min(2) {
//!                 for left in 0..=n - take {
//!                     let mut rows = self.0.clone();
//!                     rows.remove(i);
//!                     rows.extend([left, n - take - left].into_iter().filter(|&r| r > 0));
//!                     rows.sort_unstable();
//!                     visit((i, left, take), Pins(rows))?;
//!                 }
//!             }
//!         }
//!         ControlFlow::Continue(())
//!     }
//!     fn parts(&self) -> Option<Vec<Pins>> {
//!         (self.0.len() > 1).then(|| self.0.iter().map(|&n| Pins(vec![n])).collect())
//!     }
//! }
//!
//! let mut search = Pruning::new();
//! // Kayles: a row of 7 pins is worth *2, of 12 pins *4.
//! assert_eq!(search.grundy(&Pins(vec![7]))?, Nimber::new(2));
//! assert_eq!(search.grundy(&Pins(vec![12]))?, Nimber::new(4));
//! // Rows of 7 and 12: *2 + *4 = *6, so the player to move wins.
//! let both = Pins(vec![7, 12]);
//! assert_eq!(search.outcome(&both, Play::Normal)?, Outcome::Next);
//! for (mv, after) in search.winning_moves(&both, Play::Normal)?.map(|mv| (mv.clone(), both.play(mv))) {
//!     assert_eq!(Solver::new().grundy(&after?)?, Nimber::ZERO, "{mv:?}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod file;
mod pruning;

pub use file::Encode;
pub use pruning::Pruning;
