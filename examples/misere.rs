//! # Misère play: when the last mover loses
//!
//! Run it with `cargo run --release --example misere`.
//!
//! Under normal play the player who cannot move loses: whoever takes the last counter wins.
//! Under **misère play** ([`Play::Misere`]) the player who cannot move wins: whoever takes
//! the last counter loses. The moves are the same; only the end is turned round. What
//! changes, and what can the crate answer? The program goes through it in four steps.
//!
//! 1. **Misère Nim.** Bouton solved it along with Nim itself: play as in Nim until the move
//!    that would leave only heaps of 0 and 1, then leave an odd number of ones. So a
//!    position is P (the player to move loses) when every heap is at most 1 and the ones
//!    are odd in number, or when some heap is at least 2 and the nim-sum of the heaps is 0.
//!    The crate's [`Nim`] answers misère play by that rule, without a search: the program
//!    prints the outcome and the winning moves of a few positions under both plays, and
//!    checks each against the [`Solver`]'s search of the same position (a [`Nim`] position
//!    is a [`Game`], so the solver can search it), then does the same for every position of
//!    three heaps of 0 to 7. In `(1, 1, 2)` the two plays part: normal play empties the heap
//!    of 2 and leaves `(1, 1)`, worth `*0`; misère play leaves a single counter in it, and
//!    the opponent faces three ones: one each, and the opponent takes the last.
//! 2. **Misère Bash and misère Wythoff**, one line each. [`Bash`] (one heap, take 1 to `k`)
//!    is misère P exactly when the heap is 1 more than a multiple of `k + 1`. [`Wythoff`]
//!    (two heaps; take from one, or the same number from both) keeps the P-positions of
//!    normal play, except that `(0, 0)`, `(1, 2)` and `(2, 1)` give way to `(0, 1)`,
//!    `(1, 0)` and `(2, 2)`. Both closed forms are checked against the search on small
//!    positions, outcome and winning moves.
//! 3. **Sums break.** Under normal play a position's Grundy value is all a sum needs to know
//!    of it: the value of a sum is the nim-sum (XOR) of the values of its parts (the
//!    Sprague–Grundy theorem), so two positions of the same value can stand in for each
//!    other in any sum, and two P-positions (`*0 + *0 = *0`) always add up to a P-position.
//!    Under misère play neither holds. One Kayles pin, `(1)`, is misère P (the player to
//!    move must take it), but two of them in a sum, `(1) + (1)`, are N. And the program
//!    finds, by a small search, two Kayles heaps that agree on their Grundy value and on
//!    their misère outcome, and yet do not stand in for each other in a sum. It takes the
//!    Kayles heaps of 1 to 20 pins and keeps the pairs
//!    `a < a'` with the same value and the same misère outcome; then, for `b = 1, 2, …` in
//!    turn, it puts a heap of `b` pins beside each pair (in the order of `a'`, then `a`)
//!    until one sum is P and the other N. It finds heaps of 5 and 17 pins, both `*4` and both
//!    misère N: beside a single pin, `(5) + (1)` is misère P and `(17) + (1)` is misère N,
//!    while under normal play both are `*4 + *1 = *5`. Each sum is searched whole, by a
//!    [`Solver`] of [`Sum`]s: under misère play the solver does not split a position into
//!    its parts ([`Game::parts`]), since their answers do not add.
//! 4. **What the crate answers.** Misère Nim, Bash and Wythoff by closed form, at any size.
//!    Any other game by search: the program asks a [`Solver`] for the misère outcome and
//!    winning moves of the Kayles row `(1, 4, 5)`, and lists beside them the normal-play
//!    winning moves from the row's table of values: four moves win under misère play, one
//!    under normal play, and it is one of the four.
//!    Asked directly, the row ([`HeapRow`]) answers misère questions from Kayles' misère
//!    quotient, computed on demand ([`grundy::misere`]): the same outcome and the same
//!    winning moves, each a product in a finite monoid instead of a search.
//!
//! A more general answer needs more theory, which the crate implements for heap games. John
//! Conway's **genus** (*On Numbers and Games*, ch. 12, "How to Lose When You Must") records
//! of a position its Grundy value `g` and a sequence `γ0 γ1 γ2 …`: `γ0` is its misère
//! Grundy value (the mex rule, but with the value 1 for a position with no move), and `γn`
//! the same for the position beside `n` Nim heaps of 2. The genus settles the sums of
//! *tame* games, which play like misère Nim, but not of every game. Thane Plambeck ("Taming
//! the wild in impartial combinatorial games", 2005) and Plambeck and Aaron Siegel ("Misère
//! quotients for impartial games", 2008) take the positions of one game (every row of
//! Kayles pins, say) and identify two of them when no third position of that game, added to
//! both, gives sums of different misère outcomes. The classes form a commutative monoid,
//! the **misère quotient**; when it is finite, as Plambeck and Siegel found for several
//! octal games, a finite table of products answers every sum. Misère Kayles itself was
//! solved by William Sibert and John Conway. The crate's [`grundy::misere`] module computes
//! the genus of the heaps of any heap game and the misère quotient of a heap game's rows up
//! to a bound, proven for every larger bound where the periodicity theorem applies
//! (tutorial 15, `misere_heap_games`), and a row of heaps asks its game's quotient. What it
//! does not have is a general answer for other games: beyond rows of heap games and Nim,
//! Bash and Wythoff (a game of your own, a sum of games of different kinds), a misère
//! question is a search of the whole position.
//!
//! ## Exercises
//!
//! 1. Under misère play, `(1, 1)` and `(2, 2)` are P. Is their sum `(1, 1, 2, 2)`? Work it
//!    out by Bouton's rule, then check with `Nim::from([1u8, 1, 2, 2]).outcome(Play::Misere)`
//!    (the rule is on [`Nim`], in `src/games/nim.rs`).
//! 2. Which Bash heaps of 0 to 20 are misère P when a move takes 1 to 4? (Check with
//!    `Bash::new(n, 4)?.outcome(Play::Misere)`; the rule is on [`Bash`], in
//!    `src/games/bash.rs`.)
//! 3. Raise `MOST_PINS` to 30 and let the search of step 3 go on past the first pair: which
//!    other pairs of Kayles heaps does a third heap tell apart under misère play? (Each sum is
//!    searched by a [`Solver`] of [`Sum`]s under [`Play::Misere`]; see [`Game::parts`] for
//!    why the solver searches misère sums whole.)
//!
//! [`Play::Misere`]: grundy::Play::Misere
//! [`Nim`]: grundy::games::Nim
//! [`Bash`]: grundy::games::Bash
//! [`Wythoff`]: grundy::games::Wythoff
//! [`HeapRow`]: grundy::games::HeapRow
//! [`Solver`]: grundy::Solver
//! [`Sum`]: grundy::Sum
//! [`Game`]: grundy::Game
//! [`Game::parts`]: grundy::Game::parts

mod output;

use core::fmt::{Display, Write};
use grundy::Sum;
use grundy::games::{Bash, HeapRow, Nim, Octal, Wythoff};
use grundy::prelude::*;

/// A row of Kayles pins (the octal game `0.77`): knock down one pin or two adjacent ones.
pub type Kayles = HeapRow<Octal, u8>;

/// The Kayles row of these heaps.
pub fn kayles(heaps: &[u8]) -> Kayles {
    HeapRow::new(Octal::kayles(), heaps.iter().copied())
}

/// The heaps of Nim the story shows, under both plays.
pub const NIM_POSITIONS: [&[u8]; 6] = [
    &[1, 1],
    &[1, 1, 1],
    &[1, 1, 2],
    &[2, 2],
    &[1, 2, 3],
    &[3, 4, 5],
];

/// The most pins in a heap of the search for two Kayles heaps that a sum tells apart.
pub const MOST_PINS: u8 = 20;

/// The Kayles row whose misère winning moves the search lists.
pub const KAYLES_ROW: [u8; 3] = [1, 4, 5];

/// An outcome, and the winning moves, sorted.
pub type Answer<M> = (Outcome, Vec<M>);

/// The outcome and the winning moves (sorted) of `position` under `play`, by its closed
/// form, once the search has agreed with both.
///
/// # Errors
///
/// Whatever the crate reports, or a disagreement between the closed form and the search.
fn checked<G>(
    position: &G,
    solver: &mut Solver<G>,
    play: Play,
) -> Result<Answer<G::Move>, Box<dyn std::error::Error>>
where
    G: ClosedForm + Display,
    G::Move: Ord,
{
    let outcome = position.outcome(play)?;
    let mut moves: Vec<G::Move> = position.winning_moves(play)?.collect();
    moves.sort();
    let mut searched: Vec<G::Move> = solver.winning_moves(position, play)?.collect();
    searched.sort();
    if solver.outcome(position, play)? != outcome || searched != moves {
        return Err(
            format!("{position}, {play} play: the closed form and the search differ").into(),
        );
    }
    Ok((outcome, moves))
}

/// `normal N, wins: reduce heap 2 to 0`, or `misère P`: an outcome under `play` and its winning
/// moves.
fn described<M: Display>(play: Play, outcome: Outcome, moves: &[M]) -> String {
    let mut words = format!("{play} {outcome}");
    if !moves.is_empty() {
        let listed: Vec<String> = moves.iter().map(ToString::to_string).collect();
        words.push_str(", wins: ");
        words.push_str(&listed.join(", "));
    }
    words
}

/// The story, written to `out`.
///
/// # Errors
///
/// Whatever the crate reports, or a disagreement between a closed form and the search
/// (none, on these positions).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Misère play: whoever takes the last counter loses (whoever cannot move wins)."
    )?;

    // 1. Misère Nim: Bouton's rule against the search.
    writeln!(
        out,
        "Misère Nim, by Bouton's rule and by search alike (play as in Nim until the move that \
         would leave only heaps of 0 and 1, then leave an odd number of ones):"
    )?;
    let mut nim_solver = Solver::new();
    for heaps in NIM_POSITIONS {
        let nim = Nim::from(heaps.to_vec());
        let (normal, normal_moves) = checked(&nim, &mut nim_solver, Play::Normal)?;
        let (misere, misere_moves) = checked(&nim, &mut nim_solver, Play::Misere)?;
        writeln!(
            out,
            "  {nim}: {}; {}",
            described(Play::Normal, normal, &normal_moves),
            described(Play::Misere, misere, &misere_moves)
        )?;
    }
    let mut count = 0;
    for a in 0..=7u8 {
        for b in 0..=7 {
            for c in 0..=7 {
                let nim = Nim::from([a, b, c]);
                for play in [Play::Normal, Play::Misere] {
                    checked(&nim, &mut nim_solver, play)?;
                }
                count += 1;
            }
        }
    }
    writeln!(
        out,
        "  (and alike, outcome and winning moves under both plays, on all {count} positions of \
         three heaps of 0 to 7)"
    )?;

    // 2. Misère Bash and misère Wythoff, one line each.
    let k = 3u8;
    let mut bash_solver = Solver::new();
    let (mut misere_p, mut normal_p) = (Vec::new(), Vec::new());
    for n in 0..=20u8 {
        let bash = Bash::new(n, k)?;
        let misere = checked(&bash, &mut bash_solver, Play::Misere)?.0;
        let normal = checked(&bash, &mut bash_solver, Play::Normal)?.0;
        if misere.is_previous() {
            misere_p.push(n.to_string());
        }
        if normal.is_previous() {
            normal_p.push(n.to_string());
        }
    }
    writeln!(
        out,
        "Misère Bash, take 1 to {k}, heaps 0 to 20: P at {} (normal play: {}); by formula and \
         by search alike",
        misere_p.join(" "),
        normal_p.join(" ")
    )?;
    let mut wythoff_solver = Solver::new();
    let (mut misere_p, mut normal_p) = (Vec::new(), Vec::new());
    for a in 0..=12u8 {
        for b in 0..=12 {
            let wythoff = Wythoff::new(a, b);
            let misere = checked(&wythoff, &mut wythoff_solver, Play::Misere)?.0;
            let normal = checked(&wythoff, &mut wythoff_solver, Play::Normal)?.0;
            if a <= b && misere.is_previous() {
                misere_p.push(wythoff.to_string());
            }
            if a <= b && normal.is_previous() {
                normal_p.push(wythoff.to_string());
            }
        }
    }
    writeln!(
        out,
        "Misère Wythoff, heaps 0 to 12: P at {} and mirror images (normal play: {}); by \
         formula and by search alike",
        misere_p.join(" "),
        normal_p.join(" ")
    )?;

    // 3. Sums break: each sum searched whole by a solver of sums.
    writeln!(
        out,
        "Sums of Kayles rows under misère play, each searched whole:"
    )?;
    let mut rows: Solver<Kayles> = Solver::new();
    let mut sums: Solver<Sum<Kayles>> = Solver::new();
    let pin = kayles(&[1]);
    let two_pins = Sum::from([pin.clone(), pin.clone()]);
    writeln!(
        out,
        "  one pin, {pin}, is {}; two of them, {two_pins}, are {}: under normal play two \
         P-positions always add up to a P-position",
        rows.outcome(&pin, Play::Misere)?,
        sums.outcome(&two_pins, Play::Misere)?
    )?;
    // Each heap's value (by its table) and misère outcome (by search).
    let mut heaps = Vec::new();
    for n in 1..=MOST_PINS {
        let heap = kayles(&[n]);
        heaps.push((heap.grundy()?, rows.outcome(&heap, Play::Misere)?));
    }
    let mut alike = Vec::new();
    for high in 1..=MOST_PINS {
        for low in 1..high {
            if heaps[usize::from(low - 1)] == heaps[usize::from(high - 1)] {
                alike.push((low, high));
            }
        }
    }
    let pairs = usize::from(MOST_PINS) * usize::from(MOST_PINS - 1) / 2;
    writeln!(
        out,
        "  of the {pairs} pairs of Kayles heaps of 1 to {MOST_PINS} pins, {} agree on their \
         value and on their misère outcome",
        alike.len()
    )?;
    let mut found = None;
    'search: for beside in 1..=MOST_PINS {
        for &(low, high) in &alike {
            let with_low = Sum::from([kayles(&[low]), kayles(&[beside])]);
            let with_high = Sum::from([kayles(&[high]), kayles(&[beside])]);
            if sums.outcome(&with_low, Play::Misere)? != sums.outcome(&with_high, Play::Misere)? {
                found = Some((with_low, with_high, low, high, beside));
                break 'search;
            }
        }
    }
    let Some((with_low, with_high, low, high, beside)) = found else {
        return Err("no heap tells two of the pairs apart".into());
    };
    let (value, outcome) = heaps[usize::from(low - 1)];
    writeln!(
        out,
        "  the first that a third heap tells apart: {low} and {high} pins, both worth {value} \
         and both misère {outcome}"
    )?;
    let (low_value, high_value) = (sums.grundy(&with_low)?, sums.grundy(&with_high)?);
    if low_value != high_value {
        return Err("the Sprague–Grundy theorem fails".into());
    }
    writeln!(
        out,
        "  beside {beside} pin{}: misère, {with_low} is {} and {with_high} is {}; normal, both \
         are {value} + {} = {low_value}, {}",
        if beside == 1 { "" } else { "s" },
        sums.outcome(&with_low, Play::Misere)?,
        sums.outcome(&with_high, Play::Misere)?,
        heaps[usize::from(beside - 1)].0,
        sums.outcome(&with_low, Play::Normal)?
    )?;

    // 4. What the crate answers.
    writeln!(out, "What the crate answers under misère play:")?;
    writeln!(
        out,
        "  by closed form, at any size, without a search: Nim, Bash and Wythoff"
    )?;
    let row = kayles(&KAYLES_ROW);
    let mut misere_moves: Vec<_> = rows.winning_moves(&row, Play::Misere)?.collect();
    misere_moves.sort();
    writeln!(
        out,
        "  by search, any game: misère Kayles {row} is {}, winning moves:",
        rows.outcome(&row, Play::Misere)?
    )?;
    for mv in misere_moves {
        writeln!(out, "    {mv}: {}", row.play(mv.clone())?)?;
    }
    let mut normal_moves: Vec<_> = row.winning_moves(Play::Normal)?.collect();
    normal_moves.sort();
    writeln!(
        out,
        "  under normal play, by its table, the row is worth {}, {}, winning moves:",
        row.grundy()?,
        row.outcome(Play::Normal)?
    )?;
    for mv in normal_moves {
        writeln!(out, "    {mv}: {}", row.play(mv.clone())?)?;
    }
    let searched = rows.outcome(&row, Play::Misere)?;
    let mut direct: Vec<_> = row.winning_moves(Play::Misere)?.collect();
    direct.sort();
    let mut by_search: Vec<_> = rows.winning_moves(&row, Play::Misere)?.collect();
    by_search.sort();
    let outcome = row.outcome(Play::Misere)?;
    if outcome != searched || direct != by_search {
        return Err("the row's misère quotient and the search disagree".into());
    }
    let quotient = row
        .rules()
        .misere_quotients()
        .and_then(|cache| cache.get())
        .ok_or("the row's rules hold a misère quotient")?;
    writeln!(
        out,
        "  asked directly, the row answers from Kayles' misère quotient (order {}, heaps up to \
         {}): {outcome}, the same {} winning moves",
        quotient.order(),
        quotient.bound(),
        direct.len()
    )?;
    writeln!(
        out,
        "Misère quotients (grundy::misere) answer rows of heap games; beyond them and Nim, Bash \
         and Wythoff, misère play is a search of the whole position."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
