//! # Cram: a board game of your own, split into regions and turned round
//!
//! Run it with `cargo run --release --example cram`, or
//! `cargo run --release --example cram -- ROWS COLS [--moves]` for one board.
//!
//! Cram is played on a board of `R × C` cells. A move covers two empty cells side by side,
//! in a row or in a column, with a domino; whoever places the last domino wins. Who wins a
//! board, and with which first domino? The crate knows nothing of Cram; this program teaches
//! it the game (the type `Cram` and its `Game` implementation) and asks the crate's search.
//!
//! The idea, in three steps, and a fourth for speed.
//!
//! 1. **A position is a bitboard.** The empty cells of a board of at most 64 cells fit a
//!    `u64`, a row after another. [`Game::for_each_move`] lists the dominoes from a table of
//!    the board's places, each the mask of its two cells: a place is free when both of its
//!    bits are set (`empty & cells == cells`), and the move clears them.
//! 2. **A board falls apart.** After a few dominoes the empty cells form regions that no
//!    domino can join, and a move plays in one region only: the board is the disjunctive sum
//!    of its regions, worth the nim-sum of their values (the Sprague–Grundy theorem).
//!    [`Game::parts`] lists them, each moved to the top-left corner of its bounding box (and
//!    turned as step 3 says), so that two regions of the same shape anywhere on any board
//!    are one position, searched once. A lone empty cell is a region no domino fits: worth
//!    0, it is left out (and a board plays as it would with it covered). A region is found
//!    by a flood fill of the whole bitboard at once: the cells reached, shifted one step
//!    left, right, up and down and kept where empty, until they stop growing.
//! 3. **A region turned round is the same game.** A region mirrored or turned a quarter is
//!    another position with the same moves, so the same value. [`Game::canonical`] names one
//!    representative for all of them: the least image under the 8 symmetries of the square
//!    (for a bounding box that is not square, the least of the 4 that lay it wide, rows ≤
//!    columns). The [`Pruning`] search stores one entry for all of them, and asks each
//!    region "is your value `n`?" instead of computing it, stopping at the first move that
//!    answers. The search asks `canonical` of every part `parts` lists, so `parts` turns
//!    each region while its cells are at hand and marks the result as its own canonical
//!    form (a memo the position carries, which equality and hashing ignore): the search's
//!    question is then answered at once.
//! 4. **A row is 8 bits, whatever the board's width.** The search splits, crops and turns
//!    every option it looks at, so these are most of the program's work. A board of at most
//!    8 × 8 cells keeps cell `(row, col)` at bit `8 · row + col` (one of at most 4 rows of at
//!    most 16, at bit `16 · row + col`; a larger one at `cols · row + col`, every bit a
//!    cell). In this fixed layout moving a region to its corner is two shifts (up by whole
//!    rows, left by whole columns), the masks of the flood fill are constants, a mirror is a
//!    bit reversal and a byte swap, a flip a byte swap, and a transpose three exchanges of
//!    blocks: a few word operations each, no loop over the cells. The order of the cells is
//!    still row by row, so comparing two boards of one shape by their words compares them
//!    as the bitboards of the user's numbering (`row · cols + col`) would. Last, how the
//!    search orders the options: by their [`Game::measure`], the dominoes that fit counted
//!    in fives, and within one measure in the order of the moves, the central dominoes
//!    first (a coarse measure leaves more to the better order).
//!
//! What to watch in the output: a board after three dominoes, its regions and their
//! values, which add up to the board's; an L-shaped region under its 8 symmetries, all with
//! one canonical form; the table of the boards up to 4 × 4 and a few larger, where every
//! even × even board is `*0` (the second player answers each domino with its image through
//! the centre of the board) and every even × odd board is not (the first player covers the
//! two central cells, then answers the same way); 3 × 3, a P-position no symmetry explains;
//! and the winning first dominoes of 3 × 4.
//!
//! One board: `cargo run --release --example cram -- 4 7` prints how many positions the
//! search stored and, last, the board's value (`*3`); with `--moves` after the size it also
//! lists every winning first domino (on a large board that takes longer than the value).
//!
//! ## Exercises
//!
//! 1. A `1 × n` board is a row of `n` cells, and a domino takes two adjacent ones, which may
//!    split the row in two: which octal game is it? Check the values of `1 × 1` to `1 × 20`
//!    against the crate's `Octal::dawsons_kayles().values(21)` (`grundy::games::Octal`, and
//!    the table of games on the docs page of `grundy::games`).
//! 2. The symmetry strategy says nothing of odd × odd boards. Which of 3 × 3, 3 × 5, 5 × 5
//!    and 5 × 7 are P? (Run the program on each; the published values are in the comments of
//!    `tests/hard_games.rs`.)
//! 3. Change the line `type Search = Pruning<Cram>;` to `type Search = Solver<Cram>;` and
//!    solve 4 × 5 both ways: how many positions does each store? When is the `Solver` the
//!    better choice? (See the table "Which to use" in the docs of `grundy::search`,
//!    `src/search/mod.rs`.)
//!
//! [`Game::for_each_move`]: grundy::Game::for_each_move
//! [`Game::parts`]: grundy::Game::parts
//! [`Game::canonical`]: grundy::Game::canonical
//! [`Game::measure`]: grundy::Game::measure
//! [`Pruning`]: grundy::search::Pruning

mod output;

use core::cmp::Ordering;
use core::fmt::{self, Write};
use core::hash::{Hash, Hasher};
use core::ops::ControlFlow;
use grundy::prelude::*;
use grundy::search::Pruning;
use std::process::ExitCode;
use std::sync::OnceLock;

/// The evaluator the program asks: one line to change (exercise 3).
pub type Search = Pruning<Cram>;

/// The most cells a board may have: one bit each of a `u64`.
pub const MAX_CELLS: usize = 64;

/// A Cram position: a board of `rows × cols` cells and which of them are empty.
///
/// Two positions are equal when their shapes and empty cells are; they are ordered as the
/// canonical form compares them: fewer rows first, then fewer columns, then the smaller
/// bitboard. (`lane` follows from the shape, and `settled` is a memo: neither is compared
/// or hashed.)
#[derive(Clone, Copy, Debug)]
pub struct Cram {
    rows: u8,
    cols: u8,
    /// The bits a row takes: [`lane_of`] the shape.
    lane: u8,
    /// Known to be its own canonical form: set on what [`Cram::canonical_form`] returns
    /// (the regions [`Game::parts`] lists are), so that [`Game::canonical`] answers them at
    /// once; clear on a position a move leads to.
    ///
    /// [`Game::parts`]: grundy::Game::parts
    /// [`Game::canonical`]: grundy::Game::canonical
    settled: bool,
    /// Bit `lane · row + col` is set when cell `(row, col)` is empty; the bits past the last
    /// column of a row, and past the last row, are clear.
    empty: u64,
}

impl Cram {
    /// What equality, hashing and order read: the shape and the empty cells.
    fn key(&self) -> (u8, u8, u64) {
        (self.rows, self.cols, self.empty)
    }
}

impl PartialEq for Cram {
    fn eq(&self, other: &Cram) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Cram {}

/// One word: the empty cells, the shape folded into their top bits (where few boards have
/// cells). Equal positions hash alike; the rare others that do only share a slot.
impl Hash for Cram {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let shape = u64::from(self.rows) << 8 | u64::from(self.cols);
        state.write_u64(self.empty ^ shape.rotate_right(16));
    }
}

impl PartialOrd for Cram {
    fn partial_cmp(&self, other: &Cram) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cram {
    fn cmp(&self, other: &Cram) -> Ordering {
        self.key().cmp(&other.key())
    }
}

/// A cell of a board: its row (from the top) and its column (from the left), from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell {
    /// The row, 0 at the top.
    pub row: u8,
    /// The column, 0 at the left.
    pub col: u8,
}

/// A move: a domino on two adjacent empty cells, the first one above or left of the second.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Domino(pub Cell, pub Cell);

/// `(0,1)-(0,2)`.
impl fmt::Display for Domino {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Domino(a, b) = self;
        write!(f, "({},{})-({},{})", a.row, a.col, b.row, b.col)
    }
}

/// The mask of the first `n` bits.
fn low_bits(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The bits a row of a board of `rows × cols` cells takes: 8 for a board of at most 8 × 8
/// cells, 16 for one of at most 4 rows of at most 16, else `cols` (every bit a cell). A
/// region of a board has a box no larger, so a layout of 8 (16) bits a row stays one of 8
/// or 16 when cropped.
fn lane_of(rows: usize, cols: usize) -> usize {
    if rows <= 8 && cols <= 8 {
        8
    } else if rows <= 4 && cols <= 16 {
        16
    } else {
        cols
    }
}

/// Bit `lane · row` of every row the 64 bits hold: the first column of the layout.
fn first_column(lane: usize) -> u64 {
    match lane {
        8 => 0x0101_0101_0101_0101,
        16 => 0x0001_0001_0001_0001,
        _ => (0..64).step_by(lane.max(1)).fold(0, |m, i| m | 1 << i),
    }
}

/// The cells `set` of a board of `rows × cols` laid out `from` bits a row, laid out `to`
/// bits a row: row by row.
fn relaid(set: u64, rows: usize, cols: usize, from: usize, to: usize) -> u64 {
    (0..rows).fold(0, |out, r| {
        out | ((set >> (r * from)) & low_bits(cols)) << (r * to)
    })
}

/// The cells of a board of at most 4 × 8 laid out 16 bits a row, laid out 8 bits a row:
/// [`relaid`] in two steps of word operations (rows 1 and 3 move down 8 bits, then rows
/// 2 and 3 down 16).
fn sixteen_to_eight(set: u64) -> u64 {
    let pairs = (set | set >> 8) & 0x0000_ffff_0000_ffff;
    (pairs | pairs >> 16) & 0xffff_ffff
}

/// The rows of `board`, `lane` (8 or 16) bits each, in the reverse order.
fn rows_reversed(board: u64, lane: usize) -> u64 {
    if lane == 8 {
        board.swap_bytes()
    } else {
        let halves = board.rotate_left(32);
        ((halves >> 16) & 0x0000_ffff_0000_ffff) | ((halves & 0x0000_ffff_0000_ffff) << 16)
    }
}

/// The least of the four images keeping the shape of a board of `rows × cols` cells laid
/// out `lane` (8 or 16) bits a row: itself, mirrored (each row's low `cols` bits reversed),
/// flipped (its rows in the reverse order) and both.
fn least_of_four(rows: usize, cols: usize, lane: usize, board: u64) -> u64 {
    // Reversed, the rows fill the top of the word: shifted down by the rows not there.
    let flip = |b: u64| rows_reversed(b, lane) >> (64 - lane * rows);
    // Reversing all 64 bits and then the order of the rows reverses each row.
    let mirrored = rows_reversed(board.reverse_bits(), lane) >> (lane - cols);
    board.min(mirrored).min(flip(board)).min(flip(mirrored))
}

/// An 8 × 8 board, 8 bits a row, transposed: bit `8r + c` to bit `8c + r`, by three
/// exchanges of blocks across the diagonal (4 × 4 blocks, then 2 × 2, then cells).
fn transposed_8x8(mut b: u64) -> u64 {
    for (shift, mask) in [
        (28, 0x0f0f_0f0f_0000_0000u64),
        (14, 0x3333_0000_3333_0000),
        (7, 0x5500_5500_5500_5500),
    ] {
        let t = mask & (b ^ (b << shift));
        b ^= t ^ (t >> shift);
    }
    b
}

impl Cram {
    /// The board of no cell: a region of no cell, cropped.
    const NONE: Cram = Cram {
        rows: 0,
        cols: 0,
        lane: 8,
        settled: false,
        empty: 0,
    };

    /// The empty board of `rows × cols` cells.
    ///
    /// # Errors
    ///
    /// A board with no row or no column, or with more than [`MAX_CELLS`] cells.
    pub fn new(rows: usize, cols: usize) -> Result<Cram, String> {
        if rows == 0 || cols == 0 {
            return Err(format!(
                "a {rows} × {cols} board has no cell: rows and columns start at 1"
            ));
        }
        if rows.saturating_mul(cols) > MAX_CELLS {
            return Err(format!(
                "a {rows} × {cols} board has {} cells, more than the {MAX_CELLS} of a u64",
                rows.saturating_mul(cols)
            ));
        }
        let lane = lane_of(rows, cols);
        // All three are at most 64 here.
        Ok(Cram {
            rows: rows as u8,
            cols: cols as u8,
            lane: lane as u8,
            settled: false,
            empty: relaid(u64::MAX, rows, cols, cols, lane),
        })
    }

    /// A board drawn row by row, `.` for an empty cell and `#` for a covered one.
    ///
    /// # Errors
    ///
    /// Rows of different lengths, another character, or a board [`Cram::new`] refuses.
    pub fn from_rows(picture: &[&str]) -> Result<Cram, String> {
        let cols = picture.first().map_or(0, |row| row.chars().count());
        let mut board = Cram::new(picture.len(), cols)?;
        for (r, row) in picture.iter().enumerate() {
            if row.chars().count() != cols {
                return Err(format!(
                    "row {r} has {} cells, row 0 has {cols}",
                    row.chars().count()
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => {}
                    '#' => board.empty &= !board.bit(r, c),
                    _ => return Err(format!("{ch:?} is neither '.' (empty) nor '#' (covered)")),
                }
            }
        }
        Ok(board)
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        usize::from(self.rows)
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        usize::from(self.cols)
    }

    /// The bits a row takes in the layout.
    fn lane(&self) -> usize {
        usize::from(self.lane)
    }

    /// The empty cells in the user's numbering: bit `row · cols + col` for cell `(row, col)`.
    pub fn empty_cells(&self) -> u64 {
        relaid(
            self.empty,
            self.rows(),
            self.cols(),
            self.lane(),
            self.cols(),
        )
    }

    /// The bit of cell `(row, col)` in the layout.
    fn bit(&self, row: usize, col: usize) -> u64 {
        1u64 << (row * self.lane() + col)
    }

    /// The board row by row, `.` for an empty cell and `#` for a covered one.
    pub fn picture(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| {
                        if self.empty & self.bit(r, c) != 0 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The row of bit `i` of the layout: a shift for 8 or 16 bits a row.
    fn row_of(&self, i: u32) -> usize {
        match self.lane {
            8 => (i >> 3) as usize,
            16 => (i >> 4) as usize,
            lane => i as usize / usize::from(lane),
        }
    }

    /// The cells of the last column of the layout (each row's bit `lane − 1`): where a
    /// domino across cannot start, and the flood fill cannot step right from.
    fn last_column(&self) -> u64 {
        first_column(self.lane()) << (self.lane() - 1)
    }

    /// The places of the dominoes: bit `i` of the first (the second) is set when cell `i`
    /// and its right (lower) neighbour are both empty.
    fn pairs(&self) -> (u64, u64) {
        let across = self.empty & (self.empty >> 1) & !self.last_column();
        let down = self.empty & self.empty.checked_shr(u32::from(self.lane)).unwrap_or(0);
        (across, down)
    }

    /// The connected regions of empty cells, each moved to the top-left corner of its
    /// bounding box (a board of that box's size), in the order of their first cells.
    pub fn regions(&self) -> Vec<Cram> {
        let first = self.region_of(self.empty, self.empty & self.empty.wrapping_neg());
        self.regions_from(self.empty, first, |region| self.cropped(region))
    }

    /// The regions of the cells `cells`, the first of them (`first`, the one of the first
    /// cell) found, each the board `board` makes of its cells.
    fn regions_from(&self, cells: u64, first: u64, board: impl Fn(u64) -> Cram) -> Vec<Cram> {
        let mut regions = Vec::with_capacity(4);
        if cells == 0 {
            return regions;
        }
        regions.push(board(first));
        let mut rest = cells & !first;
        while rest != 0 {
            let region = self.region_of(cells, rest & rest.wrapping_neg()); // the first left
            rest &= !region;
            regions.push(board(region));
        }
        regions
    }

    /// The empty cells a domino may still cover: those with an empty neighbour. The others
    /// are dead: no move ever covers them, so a board plays as it would without them.
    fn live(&self) -> u64 {
        let (across, down) = self.pairs();
        across | across << 1 | down | down.checked_shl(u32::from(self.lane)).unwrap_or(0)
    }

    /// The cells of `cells` (empty cells of this board) connected to the cells `seed`
    /// through `cells`: all of them grown (shifts and masks on the whole bitboard at once)
    /// until they stop. A round grows them right along their rows as far as the cells go,
    /// by one addition, then one step left, up and down.
    fn region_of(&self, cells: u64, seed: u64) -> u64 {
        let lane = u32::from(self.lane);
        // A cell leads on to its right neighbour, and is reached from it, only if it is not
        // in the last column: else its next bit is the first cell of the row below. (Past a
        // board narrower than its lane, the bits between are clear, and stop the steps on
        // their own.)
        let inner = cells & !self.last_column();
        let mut region = seed;
        loop {
            // Rightward: the reached cells added to `inner` carry from each one through its
            // run of inner cells, to the cell past the run, clearing them. The bits the
            // addition changed are the cells reached, kept where empty (the cell past the
            // run may be a covered cell, a cell of the last column, or past the row).
            let run = (inner.wrapping_add(region & inner) ^ inner) & cells;
            let wide = region | run;
            let grown = wide
                | ((wide >> 1) & inner)
                | (wide.checked_shl(lane).unwrap_or(0) & cells)
                | (wide.checked_shr(lane).unwrap_or(0) & cells);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells `set` of this board, alone on a board of their bounding box: shifted up by
    /// the rows above the box and left by the columns left of it, in the layout of the box.
    ///
    /// Inlined, as [`least_image`](Cram::least_image) and [`part`](Cram::part) are: they run
    /// for every part of every option the search looks at, and as calls their prologues and
    /// epilogues were a fifth of their instructions (5 × 7: 3.50 → 3.33 billion instructions
    /// in all, counted by callgrind).
    #[inline(always)]
    fn cropped(&self, set: u64) -> Cram {
        if set == 0 {
            return Cram::NONE;
        }
        let lane = self.lane();
        let top = self.row_of(set.trailing_zeros());
        let h = self.row_of(63 - set.leading_zeros()) - top + 1;
        let set = set >> (top * lane);
        // The union of the rows, folded onto the first: rows 1, then 2, 4, … apart.
        let columns = match lane {
            8 => {
                let half = set | set >> 32;
                let quarter = half | half >> 16;
                (quarter | quarter >> 8) & 0xff
            }
            16 => {
                let half = set | set >> 32;
                (half | half >> 16) & 0xffff
            }
            _ => {
                let mut columns = set;
                let mut span = lane;
                while span < h * lane {
                    columns |= columns >> span;
                    span *= 2;
                }
                columns & low_bits(lane)
            }
        };
        let left = columns.trailing_zeros();
        let w = (64 - columns.leading_zeros() - left) as usize;
        let set = set >> left;
        let to = lane_of(h, w);
        let empty = if to == lane {
            set
        } else if lane == 16 && to == 8 {
            sixteen_to_eight(set)
        } else {
            relaid(set, h, w, lane, to)
        };
        // All three are at most 64.
        Cram {
            rows: h as u8,
            cols: w as u8,
            lane: to as u8,
            settled: false,
            empty,
        }
    }

    /// The canonical form of `region`, live cells of this board (two at least): cropped and
    /// turned, but for a domino, whose form is known.
    #[inline(always)]
    fn part(&self, region: u64) -> Cram {
        let rest = region & region.wrapping_sub(1);
        if rest & rest.wrapping_sub(1) == 0 {
            Cram {
                rows: 1,
                cols: 2,
                lane: 8,
                settled: true,
                empty: 0b11,
            }
        } else {
            self.cropped(region).least_image()
        }
    }

    /// The image of this board under symmetry `k` (0 to 7), cell by cell: transposed if
    /// bit 2 of `k` is set (cell `(r, c)` to `(c, r)`, on a board of `cols × rows`), then
    /// mirrored left to right if bit 0 is, then upside down if bit 1 is.
    fn image(&self, k: usize) -> Cram {
        let (rows, cols) = if k & 4 == 0 {
            (self.rows(), self.cols())
        } else {
            (self.cols(), self.rows())
        };
        let lane = lane_of(rows, cols);
        let mut empty = 0u64;
        let mut bits = self.empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (mut r, mut c) = (i / self.lane(), i % self.lane());
            if k & 4 != 0 {
                (r, c) = (c, r);
            }
            if k & 1 != 0 {
                c = cols - 1 - c;
            }
            if k & 2 != 0 {
                r = rows - 1 - r;
            }
            empty |= 1u64 << (r * lane + c);
        }
        // All three are at most 64.
        Cram {
            rows: rows as u8,
            cols: cols as u8,
            lane: lane as u8,
            settled: false,
            empty,
        }
    }

    /// The 8 images of the empty cells under the symmetries of the square (mirrors and
    /// quarter turns), each on the board of its bounding box: the first four keep the box's
    /// shape (itself, mirrored, flipped, turned half round), the last four transpose it.
    pub fn symmetric_images(&self) -> [Cram; 8] {
        let b = self.cropped(self.empty);
        core::array::from_fn(|k| b.image(k))
    }

    /// The representative of this position's class: its dead cells (those with no empty
    /// neighbour, which no domino ever covers) covered, then the least of the
    /// [`symmetric_images`](Cram::symmetric_images) of what is left, by rows, then columns,
    /// then bitboard. A board with dead cells plays as the board without them (the same
    /// moves, to positions that differ by dead cells only), so they are one position.
    pub fn canonical_form(&self) -> Cram {
        if self.settled {
            return *self;
        }
        self.cropped(self.live()).least_image()
    }

    /// The least image of this board, cropped already (see
    /// [`canonical_form`](Cram::canonical_form)), marked `settled`. A box that is not square
    /// is laid wide (rows ≤ columns) by it, so only the four images of the wide shape are
    /// compared. A box of at most 8 × 8, or 4 × 16, is turned by word operations in its
    /// layout of 8 (16) bits a row; a larger one cell by cell.
    #[inline(always)]
    fn least_image(&self) -> Cram {
        let (h, w, lane) = (self.rows(), self.cols(), self.lane());
        let least = if self.empty == 0 || !(lane == 8 || lane == 16) {
            self.symmetric_least()
        } else {
            match h.cmp(&w) {
                Ordering::Less => Cram {
                    empty: least_of_four(h, w, lane, self.empty),
                    ..*self
                },
                // A box taller than wide, or square, is at most 8 × 8 (16 bits a row hold
                // at most 4 rows of more than 8 cells).
                Ordering::Greater => Cram {
                    rows: self.cols,
                    cols: self.rows,
                    lane: 8,
                    settled: false,
                    empty: least_of_four(w, h, 8, transposed_8x8(self.empty)),
                },
                Ordering::Equal => Cram {
                    empty: least_of_four(h, w, 8, self.empty).min(least_of_four(
                        h,
                        w,
                        8,
                        transposed_8x8(self.empty),
                    )),
                    ..*self
                },
            }
        };
        Cram {
            settled: true,
            ..least
        }
    }

    /// The least of the 8 images of this cropped board, each turned cell by cell.
    fn symmetric_least(&self) -> Cram {
        (0..8).map(|k| self.image(k)).min().unwrap_or(*self)
    }
}

/// A place of a domino on a board: the bits of its two cells in the board's layout, and the
/// domino, in the user's cells.
#[derive(Clone, Copy, Debug)]
struct Place {
    cells: u64,
    domino: Domino,
}

/// The places of the dominoes of an `rows × cols` board in the order
/// [`Game::for_each_move`] lists them. The nearest the centre first: by the distance of the
/// domino's middle from the centre (the rows and the columns between, added), then by its
/// distance from the centre row, down before across, then by the cell. The pruning search
/// looks a position's options up in this order and stops at the first whose answer it
/// knows, and orders them by it where their measures tie: a central domino cuts the board
/// in two, and is more often the answer. Measured (positions stored, value only) against
/// the column's distance first, then the row's: 4 × 7 13,229 → 11,214, 5 × 6 42,959 →
/// 23,538, 4 × 9 194,900 → 157,400, 5 × 7 403,438 → 262,878, 5 × 8 1,736,965 → 1,654,286
/// (but 4 × 8 60,081 → 66,526, 3 × 10 9,391 → 9,923, 3 × 12 21,937 → 27,235; the row's
/// distance first did better on 5 × 7 and 5 × 6, worse on 4 × 7 and 4 × 9). Computed once
/// for every shape.
fn places(rows: usize, cols: usize) -> &'static [Place] {
    static PLACES: OnceLock<Vec<Vec<Place>>> = OnceLock::new();
    let all = PLACES.get_or_init(|| {
        let mut all = vec![Vec::new(); (MAX_CELLS + 1) * (MAX_CELLS + 1)];
        for h in 1..=MAX_CELLS {
            for w in 1..=MAX_CELLS / h {
                let lane = lane_of(h, w);
                // The distances of a domino's middle (doubled, to be whole) from the centre
                // column and from the centre row: their sum, then the row's.
                let key = |across: usize, down: usize| {
                    let (across, down) = (across.abs_diff(w - 1), down.abs_diff(h - 1));
                    (across + down, down)
                };
                // (key, across, cell, the cell, its neighbour)
                let mut order = Vec::new();
                for r in 0..h {
                    for c in 0..w {
                        let index = r * w + c;
                        if r + 1 < h {
                            let down = key(2 * c, 2 * r + 1);
                            order.push((down, 0, index, (r, c), (r + 1, c)));
                        }
                        if c + 1 < w {
                            let across = key(2 * c + 1, 2 * r);
                            order.push((across, 1, index, (r, c), (r, c + 1)));
                        }
                    }
                }
                order.sort_unstable();
                // Rows and columns are below 64 here.
                let cell = |(r, c): (usize, usize)| Cell {
                    row: r as u8,
                    col: c as u8,
                };
                all[h * (MAX_CELLS + 1) + w] = order
                    .into_iter()
                    .map(|(_, _, _, a, b)| Place {
                        cells: 1u64 << (a.0 * lane + a.1) | 1u64 << (b.0 * lane + b.1),
                        domino: Domino(cell(a), cell(b)),
                    })
                    .collect();
            }
        }
        all
    });
    &all[rows * (MAX_CELLS + 1) + cols]
}

/// The board in one line, its rows joined by `/`: `..#/...`.
impl fmt::Display for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.picture().join("/"))
    }
}

impl Game for Cram {
    type Move = Domino;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(Domino, Cram) -> ControlFlow<()>,
    {
        for place in places(self.rows(), self.cols()) {
            if self.empty & place.cells == place.cells {
                let next = Cram {
                    settled: false,
                    empty: self.empty & !place.cells,
                    ..*self
                };
                visit(place.domino, next)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Two or more regions of live cells are a sum: a domino covers cells of one region
    /// only. A dead cell (no empty neighbour) is a region of no move, worth 0: it is left
    /// out, and a board of one live region and dead cells is no split (its canonical form
    /// is the live region alone).
    fn parts(&self) -> Option<Vec<Cram>> {
        // Most positions are one region: that is one flood fill, nothing cropped or listed.
        let live = self.live();
        let first = self.region_of(live, live & live.wrapping_neg());
        if first == live {
            return None;
        }
        // Each region cropped and turned to its canonical form here, where its cells are
        // known: the search's call of `canonical` on it is then answered at once.
        Some(self.regions_from(
            live,
            first,
            #[inline(always)]
            |region| self.part(region),
        ))
    }

    /// How many dominoes fit, counted in fives: the pruning search asks first about the
    /// options whose largest region has the fewest, and asks (rather than values) the region
    /// with the most. Counted in fives, options of about one size tie, and are tried in the
    /// order [`Game::for_each_move`] lists them, the central dominoes first, which more often
    /// answer. Measured (positions stored, value only, the dominoes then listed by their
    /// column's distance from the centre first), against the moves counted one by one:
    /// 4 × 7 19,165 → 13,229, 5 × 6 45,626 → 42,959, 4 × 9 252,134 → 194,900, 5 × 7
    /// 473,970 → 403,438, 5 × 8 2,077,742 → 1,736,965; 5 × 5 1,524 → 1,525. (In twos, threes
    /// or fours, in eights, or the empty cells instead, each did worse on some of these
    /// boards.)
    ///
    /// [`Game::for_each_move`]: grundy::Game::for_each_move
    fn measure(&self) -> Option<u64> {
        let (across, down) = self.pairs();
        Some(u64::from(across.count_ones() + down.count_ones()) / 5)
    }

    fn canonical(&self) -> Option<Cram> {
        if self.settled {
            return None;
        }
        let c = self.canonical_form();
        (c != *self).then_some(c)
    }
}

/// The boards of the table beyond 4 × 4: each solves within a second in release.
pub const LARGER: [(usize, usize); 4] = [(4, 5), (4, 6), (5, 5), (4, 7)];

/// The board of the story, three dominoes in.
pub const SPLIT: [&str; 4] = ["..#..", "..#..", ".#.##", ".#..."];

/// The L-shaped region whose symmetries the story shows.
pub const ELL: [&str; 3] = ["#.", "#.", ".."];

/// `"a, b, c"`, or `"none"`.
fn joined(items: impl IntoIterator<Item = String>) -> String {
    let items: Vec<String> = items.into_iter().collect();
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, or whatever the search reports (nothing, for these boards).
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Cram: a move covers two empty cells side by side, in a row or a column, with a \
         domino; whoever places the last domino wins."
    )?;
    let mut search = Search::new();

    let board = Cram::from_rows(&SPLIT)?;
    writeln!(
        out,
        "A 4 × 5 board after three dominoes (# covered, . empty):"
    )?;
    for row in board.picture() {
        writeln!(out, "  {row}")?;
    }
    let regions = board.regions();
    writeln!(
        out,
        "It falls apart into {} regions (Game::parts), each moved to its corner:",
        regions.len()
    )?;
    let mut terms = Vec::new();
    for region in &regions {
        let value = search.grundy(region)?;
        writeln!(
            out,
            "  {region} ({} × {}): {value}",
            region.rows(),
            region.cols()
        )?;
        terms.push(value.to_string());
    }
    let value = search.grundy(&board)?;
    writeln!(out, "  the board: {} = {value}", terms.join(" + "))?;
    let wins = search.winning_moves(&board, Play::Normal)?;
    writeln!(
        out,
        "  the winning moves: {}",
        joined(wins.map(|mv| mv.to_string()))
    )?;

    let ell = Cram::from_rows(&ELL)?;
    writeln!(
        out,
        "The region {ell} under the 8 symmetries of the square (mirrors and quarter turns):"
    )?;
    let images = ell.symmetric_images();
    let mut values = Vec::new();
    for image in &images {
        values.push(search.grundy(image)?);
    }
    writeln!(
        out,
        "  {}",
        joined(
            images
                .iter()
                .zip(&values)
                .map(|(image, value)| format!("{image} {value}"))
        )
    )?;
    writeln!(
        out,
        "  one canonical form for all of them (Game::canonical): {}",
        ell.canonical_form()
    )?;

    writeln!(out, "The values of the R × C boards:")?;
    writeln!(out, "  R\\C   1   2   3   4")?;
    for rows in 1..=4 {
        let mut line = format!("  {rows:>3}");
        for cols in 1..=4 {
            let value = search.grundy(&Cram::new(rows, cols)?)?;
            line.push_str(&format!("{:>4}", value.to_string()));
        }
        writeln!(out, "{line}")?;
    }
    let larger: Result<Vec<String>, grundy::Error> = LARGER
        .iter()
        .map(|&(r, c)| {
            let value = search.grundy(&Cram::new(r, c).expect("a board of the table"))?;
            Ok(format!("{r} × {c} {value}"))
        })
        .collect();
    writeln!(out, "  and larger: {}", larger?.join(", "))?;
    writeln!(
        out,
        "  Even × even is *0: the second player answers each domino with its image through \
         the centre."
    )?;
    writeln!(
        out,
        "  Even × odd is not: the first player covers the two central cells, then answers \
         the same way."
    )?;
    let three = Cram::new(3, 3)?;
    writeln!(
        out,
        "  3 × 3 is {}: the player to move loses, and no symmetry says why.",
        search.grundy(&three)?
    )?;
    let board = Cram::new(3, 4)?;
    let value = search.grundy(&board)?;
    let wins = search.winning_moves(&board, Play::Normal)?;
    writeln!(
        out,
        "  3 × 4 is {value}; the winning first dominoes: {}",
        joined(wins.map(|mv| mv.to_string()))
    )?;
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. Which octal game is Cram on 1 × n? Check: \
         Octal::dawsons_kayles().values(21) against \
         `cargo run --release --example cram -- 1 n` (grundy::games::Octal)."
    )?;
    writeln!(
        out,
        "  2. Which of 3 × 3, 3 × 5, 5 × 5 and 5 × 7 are P? Check: \
         `cargo run --release --example cram -- R C`, and the \
         published values in tests/hard_games.rs."
    )?;
    writeln!(
        out,
        "  3. Search 4 × 5 with `type Search = Solver<Cram>;`: how many positions does each \
         store? Check: \"Which to use\" in grundy::search."
    )?;
    Ok(())
}

/// The board `ROWS COLS` names.
///
/// # Errors
///
/// Not two arguments, one that is not a number, or a board [`Cram::new`] refuses.
pub fn board_of(args: &[String]) -> Result<(Cram, bool), String> {
    let (args, moves) = match args {
        [rest @ .., last] if last == "--moves" => (rest, true),
        _ => (args, false),
    };
    let [rows, cols] = args else {
        return Err(format!(
            "expected ROWS COLS [--moves] (or nothing, for the story), got {} argument{}{}",
            args.len(),
            if args.len() == 1 { "" } else { "s" },
            if args.is_empty() {
                String::new()
            } else {
                format!(": {args:?}")
            }
        ));
    };
    let number = |what: &str, arg: &str| {
        arg.parse::<usize>()
            .map_err(|_| format!("{what} {arg:?} is not a whole number from 1 to {MAX_CELLS}"))
    };
    Ok((
        Cram::new(number("ROWS", rows)?, number("COLS", cols)?)?,
        moves,
    ))
}

/// Solves one board: how many positions the search stored, with `moves` every winning first
/// domino, and last the board's value.
fn solve(
    board: &Cram,
    moves: bool,
    out: &mut impl Write,
) -> Result<(), Box<dyn std::error::Error>> {
    // One board is a search the user asked for, however long: no budget of positions or
    // moves (6 × 7 lists more than the default 2²⁸ moves).
    let mut search = Search::with_position_limit(usize::MAX).with_move_limit(usize::MAX);
    let value = search.grundy(board)?;
    writeln!(
        out,
        "Cram {} × {}: {} positions stored",
        board.rows(),
        board.cols(),
        search.len()
    )?;
    if moves {
        // Every option is asked whether it is a P-position: on a large board more work than
        // the value itself.
        let wins: Vec<String> = search
            .winning_moves(board, Play::Normal)?
            .map(|mv| mv.to_string())
            .collect();
        writeln!(out, "winning moves: {}", joined(wins))?;
    }
    writeln!(out, "value: {value}")?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = String::new();
    let done = if args.is_empty() {
        story(&mut out)
    } else {
        match board_of(&args) {
            Ok((board, moves)) => solve(&board, moves, &mut out),
            Err(err) => {
                eprintln!(
                    "error: {err} (usage: cram [ROWS COLS [--moves]], a board of at most {MAX_CELLS} cells)"
                );
                return ExitCode::from(2);
            }
        }
    };
    // What was found is printed even when the search then failed.
    let printed = output::print(&out).map_err(Into::into);
    match done.and(printed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
