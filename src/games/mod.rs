//! The classic impartial games, each answered by an exact closed form or a proven table.
//!
//! Every game here implements [`ClosedForm`](crate::ClosedForm) once, so every one answers the
//! same questions through the same methods: `grundy()` (its value), `outcome(play)` (who wins,
//! under [`Play::Normal`](crate::Play::Normal) or [`Play::Misere`](crate::Play::Misere)),
//! `winning_moves(play)` (every winning move, lazily), `moves_to_value(target)`, and, from
//! [`Game`](crate::Game), `play(mv)`. Every answer is exact at every integer width from `u8`
//! to `u128`; nothing here uses floating point.
//!
//! # The games
//!
//! | game | rules in one line | what it answers | complexity | theory |
//! |---|---|---|---|---|
//! | [`Nim`] | heaps; take any positive number from one heap | value; outcome and winning moves, normal and misère | O(n) for n heaps | [Bouton 1901](#references) |
//! | [`Bash`] | one heap; take 1 to `k` counters | value; outcome and winning moves, normal and misère | O(1) | [Bachet 1612](#references) |
//! | [`Wythoff`] | two heaps; take from one, or the same number from both | outcome and winning moves, normal and misère; value from a table of at most [`wythoff::DEFAULT_GRUNDY_LIMIT`] cells | O(1); value O(m·n·(1 + m/64)) for heaps m ≤ n | [Wythoff 1907](#references) |
//! | [`Staircase`] | coins on steps; carry coins from a step down one step | value; outcome and winning moves, normal play | O(n) for n steps | [*Winning Ways*](#references) |
//! | [`GeorgiaBob`] | chessmen on cells 1, 2, …; slide one left, never onto or past another | value; outcome and winning moves, normal play | `new` O(n log n), value O(1), moves O(n) | staircase Nim, [*Winning Ways*](#references); POJ 1704 |
//! | [`HeapRow`] of [`Subtraction`] | heaps; remove `s` from one heap, `s` in a finite set `S` | value; outcome and winning moves, normal play (misère from the misère quotient); any heap once the period is proven | O(n·\|S\|) for a table of n values | [*Winning Ways*, ch. 4](#references) |
//! | [`HeapRow`] of [`Octal`] | heaps; code `d0.d1d2…`: digit `d_t` says whether taking `t` may leave no heap, one or two (three in hexadecimal codes) | value; outcome and winning moves, normal play (misère from the misère quotient); any heap once the period is proven | O(n·r) for n values and r rare positions, O(n²) at worst | [Guy and Smith 1956](#references) |
//! | [`HeapRow`] of [`GrundysGame`] | heaps; split one heap into two unequal heaps | value; outcome and winning moves, normal play (misère from the misère quotient); heaps up to the table budget (no period known) | O(n·r), O(n²) at worst | [Grundy 1939](#references) |
//! | [`HeapRow`] of [`Rules`] | heaps; the moves your [`TakeAndBreak`] lists | value; outcome and winning moves, normal play (misère from the misère quotient); heaps up to the table budget (no period proven) | O(n²) at most for n values, O(n²·v) with splits into three | [*Winning Ways*, ch. 4](#references) |
//!
//! The **complexity** is that of a question about one position; a heap game's column is the
//! cost of its table of values, which grows on demand and is shared by every clone of the
//! rules, after which a heap is a lookup (see [`sequence`](crate::sequence)). Where a cell
//! says "normal play", misère questions are [`Error::MisereUnsupported`](crate::Error::MisereUnsupported):
//! their misère theory (Conway's genus, *On Numbers and Games*, ch. 12) is not a table of
//! values; a [`Solver`](crate::Solver) searches small positions under either play. A
//! [`HeapRow`] answers misère play from its rules' misère quotient
//! ([`misere`](crate::misere): Plambeck and Siegel), where one covers its heaps, and by
//! search otherwise.
//!
//! **Sums.** Any of these sits in a disjunctive sum, a tuple `(A, B, …)` of games of
//! different kinds or a [`Sum`](crate::Sum) of one kind, whose value is the nim-sum of its
//! parts' values (the Sprague–Grundy theorem: Sprague 1935, Grundy 1939). Ask the sum itself,
//! `(a, b).grundy()`, and it answers part by part; see [`solve`](crate::solve) for which
//! evaluator to use.
//!
//! # References
//!
//! - C. L. Bouton, *Nim, a game with a complete mathematical theory*, Ann. of Math. 3
//!   (1901–02) 35–39: Nim and misère Nim.
//! - C.-G. Bachet de Méziriac, *Problèmes plaisants et délectables* (1612): Bash.
//! - W. A. Wythoff, *A modification of the game of Nim*, Nieuw Arch. Wisk. 7 (1907) 199–202.
//! - R. Sprague, *Über mathematische Kampfspiele*, Tôhoku Math. J. 41 (1935–36) 438–444, and
//!   P. M. Grundy, *Mathematics and games*, Eureka 2 (1939) 6–8: the Sprague–Grundy theorem;
//!   Grundy's paper also poses Grundy's game.
//! - R. K. Guy and C. A. B. Smith, *The G-values of various games*, Proc. Cambridge Philos.
//!   Soc. 52 (1956) 514–526: octal games and their periodicity.
//! - J. H. Conway, *On Numbers and Games* (1976), ch. 11 and 12: impartial games, and misère
//!   play ("How to Lose When You Must").
//! - E. R. Berlekamp, J. H. Conway and R. K. Guy, *Winning Ways for your Mathematical Plays*
//!   (1982; 2nd ed. 2001–04): ch. 4 for subtraction, octal and take-and-break games; staircase
//!   Nim.
//!
//! # Examples
//!
//! Six games, one surface: the same questions, the same kinds of answers.
//!
//! ```
//! use grundy::games::{
//!     Bash, BashMove, GeorgiaBob, GeorgiaBobMove, HeapMove, HeapRow, Leaves, Nim, NimMove, Octal,
//!     Wythoff,
//! };
//! use grundy::prelude::*;
//! use grundy::Error;
//!
//! // Who wins under normal play, and every winning move: one function for every game.
//! fn answer<G: ClosedForm>(game: &G) -> Result<(Outcome, Vec<G::Move>), Error> {
//!     Ok((game.outcome(Play::Normal)?, game.winning_moves(Play::Normal)?.collect()))
//! }
//!
//! // Nim: 3 ^ 4 ^ 5 = 2, so take two from the 3-heap.
//! let nim = Nim::from([3u32, 4, 5]);
//! assert_eq!(nim.grundy()?, Nimber::new(2));
//! assert_eq!(answer(&nim)?, (Outcome::Next, vec![NimMove { index: 0, to: 1 }]));
//!
//! // Bash, take 1 to 4: 23 mod 5 = 3, so take three.
//! let bash = Bash::new(23u32, 4)?;
//! assert_eq!(answer(&bash)?, (Outcome::Next, vec![BashMove { take: 3 }]));
//!
//! // Wythoff: (4, 7) = (⌊3φ⌋, ⌊3φ⌋ + 3) is lost for the player to move.
//! assert_eq!(answer(&Wythoff::new(4u64, 7))?, (Outcome::Previous, vec![]));
//!
//! // Georgia–Bob: pairs (1, 4) and (7, 8), gaps 2 and 0; widen the second gap to 2.
//! let board = GeorgiaBob::new(vec![1u32, 4, 7, 8])?;
//! let (outcome, winning) = answer(&board)?;
//! assert_eq!(outcome, Outcome::Next);
//! assert_eq!(winning[0], GeorgiaBobMove { from: 7, to: 5 });
//!
//! // Kayles (octal 0.77): seven pins, *2; knock down the middle one.
//! let kayles = HeapRow::heap(Octal::kayles(), 7u32);
//! assert_eq!(kayles.grundy()?, Nimber::new(2));
//! let (_, winning) = answer(&kayles)?;
//! assert_eq!(winning[0], HeapMove { index: 0, take: 1, to: Leaves::Two(3, 3) });
//!
//! // Misère play where the crate knows it (a row of heaps from its misère quotient), a
//! // typed error where it does not.
//! assert_eq!(Nim::from([1u8, 1, 1]).outcome(Play::Misere)?, Outcome::Previous);
//! assert_eq!(kayles.outcome(Play::Misere)?, Outcome::Next);
//! assert!(matches!(board.outcome(Play::Misere), Err(Error::MisereUnsupported { .. })));
//!
//! // A sum of three kinds of game: *2 + *2 + *0, answered part by part.
//! let sum = (nim, kayles, Wythoff::new(4u64, 7));
//! assert_eq!(sum.grundy()?, Nimber::ZERO);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! Every game, its move and its rules are re-exported here, flat: `grundy::games::Nim`,
//! `grundy::games::Octal`, `grundy::games::HeapMove`. The modules that hold them are private,
//! except five that are namespaces: [`nim`], [`bash`], [`wythoff`], [`staircase`] and
//! [`georgia_bob`] each hold, beside the game and its move, the lazy iterator its
//! `winning_moves` returns, named `WinningMoves` in each (after the method, so the five cannot
//! share one flat name), and [`wythoff`] also holds [`DEFAULT_GRUNDY_LIMIT`](wythoff::DEFAULT_GRUNDY_LIMIT).
//! You name those only to write the iterator's type down; the heap games' iterator is
//! [`HeapRowMoves`], here.

// The games and their moves, re-exported flat (and documented here, inline, whether their
// module is private or a namespace); the modules that hold only them are private.
mod grundys_game;
mod heap_row;
mod heap_rules;
mod octal;
mod subtraction;
mod take_and_break;
mod text;

#[doc(inline)]
pub use bash::{Bash, BashMove};
#[doc(inline)]
pub use georgia_bob::{GeorgiaBob, GeorgiaBobMove};
pub use grundys_game::GrundysGame;
pub use heap_row::{HeapMove, HeapRow, HeapRowMoves};
pub use heap_rules::{HeapRules, Leaves};
#[doc(inline)]
pub use nim::{Nim, NimMove};
pub use octal::Octal;
#[doc(inline)]
pub use staircase::{Staircase, StaircaseMove};
pub use subtraction::Subtraction;
pub use take_and_break::{MAX_SPLIT_PARTS, Moves, Rules, TakeAndBreak};
#[doc(inline)]
pub use wythoff::{Wythoff, WythoffMove, p_position};

// Namespaces: each also holds its game's `WinningMoves` iterator (and Wythoff its table limit).
pub mod bash;
pub mod georgia_bob;
pub mod nim;
pub mod staircase;
pub mod wythoff;
/// A hash of `rules`, computed once when they are made, that their `Hash` writes: a position
/// of a heap game holds its rules, so a search hashes them in every position it meets.
pub(crate) fn fingerprint<T: core::hash::Hash + ?Sized>(rules: &T) -> u64 {
    use core::hash::BuildHasher;
    foldhash::fast::FixedState::default().hash_one(rules)
}
