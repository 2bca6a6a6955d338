//! # Cram: a board game of your own, split into regions and turned round
//!
//! Run it with `cargo run --release --example cram`, or
//! `cargo run --release --example cram -- ROWS COLS` for one board.
//!
//! Cram is played on a board of `R × C` cells. A move covers two empty cells side by side,
//! in a row or in a column, with a domino; whoever places the last domino wins. Who wins a
//! board, and with which first domino? The crate knows nothing of Cram; this program teaches
//! it the game (the type `Cram` and its `Game` implementation) and asks the crate's search.
//!
//! The idea, in three steps.
//!
//! 1. **A position is a bitboard.** The empty cells of a board of at most 64 cells fit a
//!    `u64`: cell `(row, col)` is bit `row · C + col`, rows numbered from the top and columns
//!    from the left, both from 0. [`Game::for_each_move`] lists the dominoes a shift and an
//!    `and` find: `empty & (empty >> 1)` (minus the last column) for the cells whose right
//!    neighbour is empty too, `empty & (empty >> C)` for those whose lower neighbour is.
//! 2. **A board falls apart.** After a few dominoes the empty cells form regions that no
//!    domino can join, and a move plays in one region only: the board is the disjunctive sum
//!    of its regions, worth the nim-sum of their values (the Sprague–Grundy theorem).
//!    [`Game::parts`] lists them, each moved to the top-left corner of its bounding box, so
//!    that two regions of the same shape anywhere on any board are one position, searched
//!    once.
//! 3. **A region turned round is the same game.** A region mirrored or turned a quarter is
//!    another position with the same moves, so the same value. [`Game::canonical`] names one
//!    representative for all of them: the least image under the 8 symmetries of the square
//!    (for a bounding box that is not square, the least of the 4 that lay it wide, rows ≤
//!    columns). The [`Pruning`] search stores one entry for all of them, and asks each
//!    region "is your value `n`?" instead of computing it, stopping at the first move that
//!    answers.
//!
//! What to watch in the output: a board after three dominoes, its regions and their
//! values, which add up to the board's; an L-shaped region under its 8 symmetries, all with
//! one canonical form; the table of the boards up to 4 × 4 and a few larger, where every
//! even × even board is `*0` (the second player answers each domino with its image through
//! the centre of the board) and every even × odd board is not (the first player covers the
//! two central cells, then answers the same way); 3 × 3, a P-position no symmetry explains;
//! and the winning first dominoes of 3 × 4.
//!
//! One board: `cargo run --release --example cram -- 4 7` prints the board's value (`*3`),
//! how many positions the search stored, and every winning first domino.
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
//! [`Pruning`]: grundy::search::Pruning

use core::cmp::Ordering;
use core::fmt::{self, Write};
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
/// The fields are in the order of the canonical form's comparison: fewer rows first, then
/// fewer columns, then the smaller bitboard.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cram {
    rows: u8,
    cols: u8,
    /// Bit `row · cols + col` is set when cell `(row, col)` is empty.
    empty: u64,
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

impl Cram {
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
        // Both are at most 64 here.
        Ok(Cram {
            rows: rows as u8,
            cols: cols as u8,
            empty: low_bits(rows * cols),
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
                    '#' => board.empty &= !(1u64 << (r * cols + c)),
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

    /// The empty cells: bit `row · cols + col` for cell `(row, col)`.
    pub fn empty_cells(&self) -> u64 {
        self.empty
    }

    /// The board row by row, `.` for an empty cell and `#` for a covered one.
    pub fn picture(&self) -> Vec<String> {
        (0..self.rows())
            .map(|r| {
                (0..self.cols())
                    .map(|c| {
                        if self.empty >> (r * self.cols() + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// The cell of bit `i`.
    fn cell(&self, i: u32) -> Cell {
        let i = i as usize;
        Cell {
            row: (i / self.cols()) as u8,
            col: (i % self.cols()) as u8,
        }
    }

    /// The masks a flood fill needs: the cells not in the last column, those not in the
    /// first, and every cell of the board.
    fn masks(&self) -> Masks {
        let (h, w) = (self.rows(), self.cols());
        if h * w == 0 {
            return Masks {
                not_last: 0,
                not_first: 0,
            };
        }
        let board = low_bits(h * w);
        // The first column: bit 0 of every row, doubled rows at a time.
        let mut first = 1u64;
        let mut rows = 1;
        while rows < h {
            first |= first.checked_shl((rows * w) as u32).unwrap_or(0);
            rows *= 2;
        }
        first &= board;
        let last = first << (w - 1);
        Masks {
            not_last: board & !last,
            not_first: board & !first,
        }
    }

    /// The places of the dominoes: bit `i` of the first (the second) is set when cell `i`
    /// and its right (lower) neighbour are both empty.
    fn pairs(&self) -> (u64, u64) {
        let across = self.empty & (self.empty >> 1) & self.masks().not_last;
        let down = self.empty & self.empty.checked_shr(u32::from(self.cols)).unwrap_or(0);
        (across, down)
    }

    /// The connected regions of empty cells, each moved to the top-left corner of its
    /// bounding box (a board of that box's size), in the order of their first cells.
    pub fn regions(&self) -> Vec<Cram> {
        let masks = self.masks();
        let first = self.region_of(self.empty & self.empty.wrapping_neg(), masks);
        self.regions_from(first, masks)
    }

    /// The regions, the first of them (`first`, the one of the first empty cell) found.
    fn regions_from(&self, first: u64, masks: Masks) -> Vec<Cram> {
        let mut regions = Vec::with_capacity(4);
        if self.empty == 0 {
            return regions;
        }
        regions.push(self.cropped(first));
        let mut rest = self.empty & !first;
        while rest != 0 {
            let region = self.region_of(rest & rest.wrapping_neg(), masks); // the first cell left
            rest &= !region;
            regions.push(self.cropped(region));
        }
        regions
    }

    /// The empty cells connected to the cells `seed`: all of them grown a step at a time
    /// (shifts and masks on the whole bitboard at once) until they stop.
    fn region_of(&self, seed: u64, masks: Masks) -> u64 {
        let cols = u32::from(self.cols);
        let empty = self.empty;
        // A cell is reached from its left neighbour only if it is not in the first column,
        // from its right one only if it is not in the last.
        let from_left = empty & masks.not_first;
        let from_right = empty & masks.not_last;
        let mut region = seed;
        loop {
            let grown = region
                | ((region << 1) & from_left)
                | ((region >> 1) & from_right)
                | (region.checked_shl(cols).unwrap_or(0) & empty)
                | (region.checked_shr(cols).unwrap_or(0) & empty);
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The cells `set` of this board, alone on a board of their bounding box.
    fn cropped(&self, set: u64) -> Cram {
        if set == 0 {
            return Cram {
                rows: 0,
                cols: 0,
                empty: 0,
            };
        }
        let w = self.cols();
        let top = set.trailing_zeros() as usize / w;
        let bottom = (63 - set.leading_zeros() as usize) / w;
        let h = bottom - top + 1;
        let set = set >> (top * w);
        let row = low_bits(w);
        // The union of the rows, folded onto the first: rows 1, then 2, 4, … apart.
        let mut columns = set;
        let mut span = w;
        while span < h * w {
            columns |= columns >> span;
            span *= 2;
        }
        columns &= row;
        let left = columns.trailing_zeros() as usize;
        let cols = 64 - columns.leading_zeros() as usize - left;
        let empty = if cols == w {
            set
        } else {
            let mut packed = 0u64;
            for r in 0..h {
                packed |= ((set >> (r * w + left)) & low_bits(cols)) << (r * cols);
            }
            packed
        };
        // Both sides are at most 64.
        Cram {
            rows: h as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// The empty cells with rows `lane` bits apart (row `r` at bit `lane · r`), for a board
    /// of at most `lane` columns and `64 / lane` rows: the layout where the symmetries are a
    /// few word operations.
    fn spread(&self, lane: usize) -> u64 {
        let w = self.cols();
        let mut board = 0u64;
        for r in 0..self.rows() {
            board |= ((self.empty >> (r * w)) & low_bits(w)) << (lane * r);
        }
        board
    }

    /// The board of `rows × cols` cells whose empty cells are `board` with rows `lane` bits
    /// apart (the inverse of [`spread`](Cram::spread)).
    fn gathered(rows: usize, cols: usize, lane: usize, board: u64) -> Cram {
        let mut empty = 0u64;
        for r in 0..rows {
            empty |= ((board >> (lane * r)) & low_bits(cols)) << (r * cols);
        }
        // Both are at most 16 here.
        Cram {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
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
    /// out `lane` bits a row: itself, mirrored (each row's low `cols` bits reversed), flipped
    /// (its rows in the reverse order) and both. Comparing these words orders the boards as
    /// their own bitboards do: both number the cells row by row.
    fn least_spread(rows: usize, cols: usize, lane: usize, board: u64) -> u64 {
        let flip = |b: u64| Cram::rows_reversed(b, lane) >> (lane * (64 / lane - rows));
        // Reversing all 64 bits and then the order of the rows reverses each row.
        let mirrored = Cram::rows_reversed(board.reverse_bits(), lane) >> (lane - cols);
        board.min(mirrored).min(flip(board)).min(flip(mirrored))
    }

    /// An 8 × 8 board, 8 bits a row, transposed: bit `8r + c` to bit `8c + r`, by three
    /// exchanges of blocks across the diagonal (4 × 4 blocks, then 2 × 2, then cells).
    fn transpose_spread(mut b: u64) -> u64 {
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

    /// The cells of `set` in row `r`, as the low `cols` bits.
    fn row_bits(&self, set: u64, r: usize) -> u64 {
        (set >> (r * self.cols())) & low_bits(self.cols())
    }

    /// This board mirrored left to right (`mirror`), upside down (`flip`), or both: row by
    /// row, a row's bits reversed.
    fn reflected(&self, mirror: bool, flip: bool) -> Cram {
        let (h, w) = (self.rows(), self.cols());
        let mut empty = 0u64;
        for r in 0..h {
            let mut row = self.row_bits(self.empty, r);
            if mirror {
                row = row.reverse_bits() >> (64 - w);
            }
            empty |= row << (if flip { h - 1 - r } else { r } * w);
        }
        Cram { empty, ..*self }
    }

    /// This board transposed: cell `(r, c)` to `(c, r)`, on a board of `cols × rows`.
    fn transposed(&self) -> Cram {
        let (h, w) = (self.rows(), self.cols());
        let mut empty = 0u64;
        let mut bits = self.empty;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            empty |= 1u64 << ((i % w) * h + i / w);
        }
        Cram {
            rows: self.cols,
            cols: self.rows,
            empty,
        }
    }

    /// The four images of this board that keep its shape: itself, mirrored, flipped, and
    /// turned half round. Turning half round reverses the order of all the cells, so it is
    /// one `reverse_bits`; flipped is the mirror turned half round.
    fn shape_images(&self) -> [Cram; 4] {
        let mirrored = self.reflected(true, false);
        [*self, mirrored, mirrored.turned_half(), self.turned_half()]
    }

    /// This board turned half round: the last cell first.
    fn turned_half(&self) -> Cram {
        let cells = (self.rows() * self.cols()) as u32;
        Cram {
            empty: self
                .empty
                .reverse_bits()
                .checked_shr(64 - cells)
                .unwrap_or(0),
            ..*self
        }
    }

    /// The 8 images of the empty cells under the symmetries of the square (mirrors and
    /// quarter turns), each on the board of its bounding box: the first four keep the box's
    /// shape, the last four transpose it.
    pub fn symmetric_images(&self) -> [Cram; 8] {
        let b = self.cropped(self.empty);
        let [a, b1, b2, b3] = b.shape_images();
        let [t0, t1, t2, t3] = b.transposed().shape_images();
        [a, b1, b2, b3, t0, t1, t2, t3]
    }

    /// The representative of this position's class: the least of its
    /// [`symmetric_images`](Cram::symmetric_images), by rows, then columns, then bitboard.
    /// A box that is not square is laid wide (rows ≤ columns) by it, so only the four images
    /// of the wide shape are compared. A box of at most 8 × 8 is laid out 8 bits a row, and
    /// one of at most 4 × 16 16 bits a row, where every image is a few word operations; a
    /// larger one is turned cell by cell.
    pub fn canonical_form(&self) -> Cram {
        let lane = if self.rows <= 8 && self.cols <= 8 {
            8
        } else if self.rows <= 4 && self.cols <= 16 {
            16
        } else {
            0
        };
        if lane != 0 && self.empty != 0 {
            // Cropped in the layout of `lane` bits a row: the top row is the first cell's,
            // the left column the least bit of the rows' union.
            let mut board = self.spread(lane);
            board >>= lane * (board.trailing_zeros() as usize / lane);
            let mut columns = board | board >> 32;
            columns |= columns >> 16;
            if lane == 8 {
                columns |= columns >> 8;
            }
            let columns = columns & low_bits(lane);
            board >>= columns.trailing_zeros();
            let h = (63 - board.leading_zeros() as usize) / lane + 1;
            let w = 64 - (columns >> columns.trailing_zeros()).leading_zeros() as usize;
            let (lane, board) = if lane == 16 && w <= 8 {
                // Narrow enough to be turned: 8 bits a row.
                (8, Cram::gathered(h, w, 16, board).spread(8))
            } else {
                (lane, board)
            };
            return match h.cmp(&w) {
                Ordering::Less => Cram::gathered(h, w, lane, Cram::least_spread(h, w, lane, board)),
                // A box taller than wide or square is at most 8 × 8 here.
                Ordering::Greater => {
                    let turned = Cram::transpose_spread(board);
                    Cram::gathered(w, h, 8, Cram::least_spread(w, h, 8, turned))
                }
                Ordering::Equal => {
                    let turned = Cram::transpose_spread(board);
                    let least =
                        Cram::least_spread(h, w, 8, board).min(Cram::least_spread(h, w, 8, turned));
                    Cram::gathered(h, w, 8, least)
                }
            };
        }
        let b = self.cropped(self.empty);
        let least = |b: Cram| b.shape_images().into_iter().min().unwrap_or(b);
        match b.rows.cmp(&b.cols) {
            Ordering::Less => least(b),
            Ordering::Greater => least(b.transposed()),
            Ordering::Equal => least(b).min(least(b.transposed())),
        }
    }
}

/// The places of the dominoes of an `rows × cols` board in the order
/// [`Game::for_each_move`] lists them: each the cell of its upper or left half, plus 64 for a
/// domino across. The nearest the centre first: by the distance of the domino's middle from
/// the centre column, then from the centre row, down before across, then by the cell. The
/// pruning search looks a position's options up in this order and stops at the first whose
/// answer it knows, and orders them by it where their measures tie: a central domino cuts
/// the board in two, and is more often the answer (row by row instead, 5 × 7 stores 640,573
/// positions and 5 × 8 2.8 M; in this order 476,091 and 2.1 M). Computed once for every shape.
fn move_order(rows: usize, cols: usize) -> &'static [u8] {
    static ORDERS: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    let orders = ORDERS.get_or_init(|| {
        let mut orders = vec![Vec::new(); (MAX_CELLS + 1) * (MAX_CELLS + 1)];
        for h in 1..=MAX_CELLS {
            for w in 1..=MAX_CELLS / h {
                // The distances doubled, to be whole: (column, row, across, cell).
                let mut places = Vec::new();
                for i in 0..h * w {
                    let (r, c) = (i / w, i % w);
                    if r + 1 < h {
                        places.push(((2 * c).abs_diff(w - 1), (2 * r + 1).abs_diff(h - 1), 0, i));
                    }
                    if c + 1 < w {
                        places.push(((2 * c + 1).abs_diff(w - 1), (2 * r).abs_diff(h - 1), 1, i));
                    }
                }
                places.sort_unstable();
                orders[h * (MAX_CELLS + 1) + w] = places
                    .into_iter()
                    .map(|(_, _, across, i)| (across * 64 + i) as u8)
                    .collect();
            }
        }
        orders
    });
    &orders[rows * (MAX_CELLS + 1) + cols]
}

/// The masks of a board's flood fill (see [`Cram::masks`]).
#[derive(Clone, Copy)]
struct Masks {
    not_last: u64,
    not_first: u64,
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
        if self.empty == 0 {
            return ControlFlow::Continue(());
        }
        let cols = u32::from(self.cols);
        let (across, down) = self.pairs();
        for &m in move_order(self.rows(), self.cols()) {
            let i = u32::from(m & 63);
            let (pairs, step) = if m & 64 == 0 {
                (down, cols)
            } else {
                (across, 1)
            };
            if pairs >> i & 1 == 0 {
                continue;
            }
            let covered = (1u64 << i) | (1u64 << (i + step));
            let next = Cram {
                empty: self.empty & !covered,
                ..*self
            };
            visit(Domino(self.cell(i), self.cell(i + step)), next)?;
        }
        ControlFlow::Continue(())
    }

    /// Two or more regions are a sum: a domino covers cells of one region only.
    fn parts(&self) -> Option<Vec<Cram>> {
        // Most positions are one region: that is one flood fill, nothing cropped or listed.
        let masks = self.masks();
        let first = self.region_of(self.empty & self.empty.wrapping_neg(), masks);
        if first == self.empty {
            return None;
        }
        Some(self.regions_from(first, masks))
    }

    /// How many dominoes fit: the pruning search asks first about the options whose largest
    /// region has the fewest, and asks (rather than values) the region with the most. The
    /// same order as counting the moves, without listing them.
    fn measure(&self) -> Option<u64> {
        let (across, down) = self.pairs();
        Some(u64::from(across.count_ones() + down.count_ones()))
    }

    fn canonical(&self) -> Option<Cram> {
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
         Octal::dawsons_kayles().values(21) against `cram 1 n` (grundy::games::Octal)."
    )?;
    writeln!(
        out,
        "  2. Which of 3 × 3, 3 × 5, 5 × 5 and 5 × 7 are P? Check: `cram R C`, and the \
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
pub fn board_of(args: &[String]) -> Result<Cram, String> {
    let [rows, cols] = args else {
        return Err(format!(
            "expected ROWS COLS (or nothing, for the story), got {} argument{}",
            args.len(),
            if args.len() == 1 { "" } else { "s" }
        ));
    };
    let number = |what: &str, arg: &str| {
        arg.parse::<usize>()
            .map_err(|_| format!("{what} {arg:?} is not a whole number from 1 to {MAX_CELLS}"))
    };
    Cram::new(number("ROWS", rows)?, number("COLS", cols)?)
}

/// Solves one board: its value, how many positions the search stored, its winning moves.
fn solve(board: &Cram, out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    // One board is a search the user asked for, however long: no budget of positions or
    // moves (6 × 7 lists more than the default 2²⁸ moves).
    let mut search = Search::with_position_limit(usize::MAX).with_move_limit(usize::MAX);
    let value = search.grundy(board)?;
    let stored = search.len();
    let wins: Vec<String> = search
        .winning_moves(board, Play::Normal)?
        .map(|mv| mv.to_string())
        .collect();
    writeln!(
        out,
        "Cram {} × {}: {} positions stored",
        board.rows(),
        board.cols(),
        stored
    )?;
    writeln!(out, "value: {value}")?;
    writeln!(out, "winning moves: {}", joined(wins))?;
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut out = String::new();
    let done = if args.is_empty() {
        story(&mut out)
    } else {
        match board_of(&args) {
            Ok(board) => solve(&board, &mut out),
            Err(err) => {
                eprintln!(
                    "error: {err} (usage: cram [ROWS COLS], a board of at most {MAX_CELLS} cells)"
                );
                return ExitCode::from(2);
            }
        }
    };
    print!("{out}");
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
