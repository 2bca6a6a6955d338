//! Cram and Chomp, the games users write in `examples/cram.rs` and `examples/chomp.rs`,
//! against brute forces written here from the rules alone: a Cram board is a set of covered
//! cells and a move any domino on two free neighbours (no regions, no symmetry), a Chomp bar
//! a set of squares and a move any bite; the shared [`Oracle`] takes the mex of the options'
//! values. Both examples' stories are checked line by line against them, and against the
//! published Cram values where a board is too large for the brute force.

use crate::common;

use crate::cram;

#[allow(dead_code)]
#[path = "../examples/chomp.rs"]
mod chomp;

use chomp::{Bite, Chomp};
use common::Oracle;
use cram::{Cram, Domino};
use grundy::games::{Nim, Octal};
use grundy::prelude::*;
use grundy::search::Pruning;
use grundy::{Direct, Part};
use quickcheck::{Arbitrary, Gen, QuickCheck};
use std::cell::RefCell;
use std::collections::BTreeSet;

// ---------------------------------------------------------------------------------------------
// Cram by brute force
// ---------------------------------------------------------------------------------------------

/// A Cram board for the brute force: rows, columns, and the covered cells, bit `r · cols + c`
/// for cell `(r, c)`.
type Grid = (usize, usize, u64);

/// A domino: its two cells `(row, col)`, the upper or left one first.
type Dom = ((usize, usize), (usize, usize));

fn bit(cols: usize, r: usize, c: usize) -> u64 {
    1u64 << (r * cols + c)
}

fn is_free(&(_, cols, covered): &Grid, r: usize, c: usize) -> bool {
    covered & bit(cols, r, c) == 0
}

/// Cram's rules: a domino on any two free cells side by side, in a row or a column.
fn cram_rules(grid: &Grid) -> Vec<(Dom, Grid)> {
    let (rows, cols, covered) = *grid;
    let mut moves = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                if r2 < rows && c2 < cols && is_free(grid, r, c) && is_free(grid, r2, c2) {
                    let after = covered | bit(cols, r, c) | bit(cols, r2, c2);
                    moves.push((((r, c), (r2, c2)), (rows, cols, after)));
                }
            }
        }
    }
    moves
}

thread_local! {
    /// One brute force for every test on this thread: its memo grows across cases.
    static CRAM: RefCell<Oracle<Grid, Dom>> = RefCell::new(Oracle::new(cram_rules));
}

fn brute_value(grid: &Grid) -> u128 {
    CRAM.with(|o| o.borrow_mut().grundy(grid))
}

fn brute_wins(grid: &Grid) -> BTreeSet<Dom> {
    CRAM.with(|o| o.borrow_mut().winning_moves(grid, Play::Normal))
}

/// The picture of a grid: `.` free, `#` covered.
fn picture(grid: &Grid) -> Vec<String> {
    (0..grid.0)
        .map(|r| {
            (0..grid.1)
                .map(|c| if is_free(grid, r, c) { '.' } else { '#' })
                .collect()
        })
        .collect()
}

/// The grid of a picture.
fn grid_of(rows: &[String]) -> Grid {
    let cols = rows.first().map_or(0, |r| r.len());
    let mut covered = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '#' {
                covered |= bit(cols, r, c);
            }
        }
    }
    (rows.len(), cols, covered)
}

/// The example's board of a grid.
fn board(grid: &Grid) -> Cram {
    let rows = picture(grid);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    Cram::from_rows(&rows).expect("a board of 1 to 64 cells")
}

fn dom(d: &Domino) -> Dom {
    let Domino(a, b) = *d;
    (
        (usize::from(a.row), usize::from(a.col)),
        (usize::from(b.row), usize::from(b.col)),
    )
}

/// `(0,1)-(0,2)`, as the example prints a domino.
fn dom_words(&((r1, c1), (r2, c2)): &Dom) -> String {
    format!("({r1},{c1})-({r2},{c2})")
}

/// The set of items of a printed list `a, b, c` (or `none`).
fn listed(text: &str) -> BTreeSet<String> {
    if text == "none" {
        return BTreeSet::new();
    }
    let items: Vec<String> = text.split(", ").map(str::to_string).collect();
    let set: BTreeSet<String> = items.iter().cloned().collect();
    assert_eq!(set.len(), items.len(), "a move listed twice in {text:?}");
    set
}

/// The regions of free cells (4-connected) by flood fill, in the order of their first cells
/// (row by row), each drawn alone on its bounding box.
fn brute_regions(grid: &Grid) -> Vec<Vec<String>> {
    let (rows, cols, _) = *grid;
    let mut seen = vec![vec![false; cols]; rows];
    let mut regions = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if seen[r][c] || !is_free(grid, r, c) {
                continue;
            }
            let mut cells = vec![(r, c)];
            seen[r][c] = true;
            let mut i = 0;
            while i < cells.len() {
                let (a, b) = cells[i];
                i += 1;
                let near = [
                    (a.wrapping_sub(1), b),
                    (a + 1, b),
                    (a, b.wrapping_sub(1)),
                    (a, b + 1),
                ];
                for (x, y) in near {
                    if x < rows && y < cols && !seen[x][y] && is_free(grid, x, y) {
                        seen[x][y] = true;
                        cells.push((x, y));
                    }
                }
            }
            let top = cells.iter().map(|p| p.0).min().unwrap();
            let bottom = cells.iter().map(|p| p.0).max().unwrap();
            let left = cells.iter().map(|p| p.1).min().unwrap();
            let right = cells.iter().map(|p| p.1).max().unwrap();
            let mut pic = vec![vec!['#'; right - left + 1]; bottom - top + 1];
            for (x, y) in cells {
                pic[x - top][y - left] = '.';
            }
            regions.push(pic.into_iter().map(String::from_iter).collect());
        }
    }
    regions
}

/// A picture cropped to the bounding box of its free cells (no row or column at all if none
/// is free).
fn cropped(pic: &[String]) -> Vec<String> {
    let rows: Vec<usize> = (0..pic.len()).filter(|&r| pic[r].contains('.')).collect();
    let width = pic.first().map_or(0, |r| r.len());
    let cols: Vec<usize> = (0..width)
        .filter(|&c| pic.iter().any(|row| row.as_bytes()[c] == b'.'))
        .collect();
    if rows.is_empty() {
        return Vec::new();
    }
    (rows[0]..=*rows.last().unwrap())
        .map(|r| pic[r][cols[0]..=*cols.last().unwrap()].to_string())
        .collect()
}

/// The picture turned a quarter (clockwise) and mirrored left to right.
fn turned(pic: &[String]) -> Vec<String> {
    let g: Vec<Vec<char>> = pic.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (g.len(), g.first().map_or(0, Vec::len));
    (0..w)
        .map(|c| (0..h).rev().map(|r| g[r][c]).collect())
        .collect()
}

fn mirrored(pic: &[String]) -> Vec<String> {
    pic.iter().map(|r| r.chars().rev().collect()).collect()
}

/// The 8 images of a picture under the symmetries of the square: four turns, each mirrored
/// or not.
fn images(pic: &[String]) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    let mut p = pic.to_vec();
    for _ in 0..4 {
        all.push(mirrored(&p));
        all.push(p.clone());
        p = turned(&p);
    }
    all
}

/// The picture with its dead cells covered: the free cells with no free neighbour, which no
/// domino can cover.
fn without_dead(pic: &[String]) -> Vec<String> {
    let g: Vec<Vec<u8>> = pic.iter().map(|r| r.bytes().collect()).collect();
    let free = |r: usize, c: usize| g.get(r).and_then(|row| row.get(c)) == Some(&b'.');
    (0..g.len())
        .map(|r| {
            (0..g[r].len())
                .map(|c| {
                    let near = [
                        (r.wrapping_sub(1), c),
                        (r + 1, c),
                        (r, c.wrapping_sub(1)),
                        (r, c + 1),
                    ];
                    if free(r, c) && near.iter().any(|&(x, y)| free(x, y)) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect()
        })
        .collect()
}

/// The canonical form by its definition: the dead cells covered, then among the images
/// cropped to their free cells, the fewest rows, then the fewest columns, then the least
/// number whose bit `r · cols + c` is set for each free cell.
fn brute_canonical(pic: &[String]) -> Vec<String> {
    let pic = without_dead(pic);
    let key = |p: &Vec<String>| {
        let cols = p.first().map_or(0, String::len);
        let mut free = 0u64;
        for (r, row) in p.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    free |= 1u64 << (r * cols + c);
                }
            }
        }
        (p.len(), cols, free)
    };
    images(&pic)
        .iter()
        .map(|p| cropped(p))
        .min_by_key(key)
        .unwrap()
}

/// A grid of `rows × cols` cells with about one cell in four covered.
fn covered_at_random(g: &mut Gen, rows: usize, cols: usize) -> Grid {
    let mut covered = 0;
    for i in 0..rows * cols {
        if u8::arbitrary(g) % 4 == 0 {
            covered |= 1u64 << i;
        }
    }
    (rows, cols, covered)
}

/// Checks that every image of `b` under the 8 symmetries has the canonical form of `b`.
fn images_share_the_canonical_form(b: &Cram) {
    for image in images(&b.picture()) {
        let other = board(&grid_of(&image));
        assert_eq!(
            other.canonical_form(),
            b.canonical_form(),
            "{b} and {other}"
        );
    }
}

/// A small board (at most 12 cells) with any cells covered.
#[derive(Clone, Debug)]
struct SmallGrid(Grid);

impl Arbitrary for SmallGrid {
    fn arbitrary(g: &mut Gen) -> Self {
        let rows = 1 + usize::arbitrary(g) % 6;
        let cols = 1 + usize::arbitrary(g) % (12 / rows);
        SmallGrid(covered_at_random(g, rows, cols))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let (rows, cols, covered) = self.0;
        // Cover one more cell.
        let more = (0..rows * cols)
            .filter(move |i| covered >> i & 1 == 0)
            .map(move |i| SmallGrid((rows, cols, covered | 1 << i)));
        Box::new(more)
    }
}

/// The search's and the solver's values and winning moves of `grid`, and the brute force's.
fn check_cram(grid: &Grid, search: &mut Pruning<Cram>, solver: &mut Solver<Cram>) {
    let b = board(grid);
    let value = brute_value(grid);
    let wins = brute_wins(grid);
    assert_eq!(search.grundy(&b).unwrap().get(), value, "{b}");
    assert_eq!(solver.grundy(&b).unwrap().get(), value, "{b}");
    let found: Vec<Dom> = search
        .winning_moves(&b, Play::Normal)
        .unwrap()
        .map(|d| dom(&d))
        .collect();
    assert_eq!(common::listed_once(found), wins, "{b}");
    let found: Vec<Dom> = solver
        .winning_moves(&b, Play::Normal)
        .unwrap()
        .map(|d| dom(&d))
        .collect();
    assert_eq!(common::listed_once(found), wins, "{b}");
}

// ---------------------------------------------------------------------------------------------
// Cram: the rules, the parts, the canonical forms
// ---------------------------------------------------------------------------------------------

#[test]
fn cram_moves_are_the_dominoes_of_the_rules() {
    for grid in [
        (3, 4, 0),
        (1, 5, 0b00100),
        (4, 2, 0b1001_0110),
        (2, 2, 0b1111),
    ] {
        let b = board(&grid);
        let moves: Vec<(Dom, Grid)> = b
            .moves()
            .into_iter()
            .map(|(d, next)| {
                let rows: Vec<String> = next.picture();
                (dom(&d), grid_of(&rows))
            })
            .collect();
        let expected: BTreeSet<(Dom, Grid)> = cram_rules(&grid).into_iter().collect();
        assert_eq!(common::listed_once(moves), expected, "{b}");
        for (d, next) in cram_rules(&grid) {
            let Some((mv, _)) = b.moves().into_iter().find(|(m, _)| dom(m) == d) else {
                panic!("{d:?} missing");
            };
            assert_eq!(grid_of(&b.play(mv).unwrap().picture()), next);
        }
    }
}

#[test]
fn cram_every_position_of_boards_up_to_3_by_4_matches_the_brute_force() {
    // Every board R × C with R ≤ 3, C ≤ 4 (and turned, C × R), at every set of covered cells.
    let mut search = Pruning::new();
    let mut solver = Solver::new();
    let mut sizes = BTreeSet::new();
    for rows in 1..=3 {
        for cols in 1..=4 {
            sizes.insert((rows, cols));
            sizes.insert((cols, rows));
        }
    }
    for (rows, cols) in sizes {
        for covered in 0..1u64 << (rows * cols) {
            check_cram(&(rows, cols, covered), &mut search, &mut solver);
        }
    }
}

#[test]
fn cram_random_small_boards_match_the_brute_force() {
    fn prop(grid: SmallGrid) -> bool {
        let mut search = Pruning::new();
        let mut solver = Solver::new();
        check_cram(&grid.0, &mut search, &mut solver);
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(400))
        .quickcheck(prop as fn(SmallGrid) -> bool);
}

#[test]
fn cram_parts_are_the_regions_of_free_cells() {
    fn prop(grid: SmallGrid) -> bool {
        let b = board(&grid.0);
        let expected = brute_regions(&grid.0);
        let regions: Vec<Vec<String>> = b.regions().iter().map(Cram::picture).collect();
        assert_eq!(regions, expected, "{b}");
        // The regions a domino fits in: a lone cell is a region of no move, worth 0.
        let live: Vec<&Vec<String>> = expected
            .iter()
            .filter(|r| r.concat().matches('.').count() >= 2)
            .collect();
        match b.parts() {
            Some(parts) => {
                assert!(live.len() >= 2, "{b}");
                // The parts are the regions of two cells or more, each in its canonical form
                // (which the search would turn it to).
                let regions: Vec<Cram> = b
                    .regions()
                    .iter()
                    .filter(|r| r.empty_cells().count_ones() >= 2)
                    .map(Cram::canonical_form)
                    .collect();
                assert_eq!(parts, regions, "{b}");
                for part in &parts {
                    assert_eq!(part.canonical(), None, "{b}");
                    assert_eq!(part.picture(), brute_canonical(&part.picture()), "{b}");
                }
            }
            None => assert!(live.len() < 2, "{b}"),
        }
        // The Sprague–Grundy theorem, by the brute force: the board is worth the nim-sum of
        // its regions.
        let sum = expected
            .iter()
            .fold(0, |acc, r| acc ^ brute_value(&grid_of(r)));
        assert_eq!(sum, brute_value(&grid.0), "{b}");
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(400))
        .quickcheck(prop as fn(SmallGrid) -> bool);
    // Two equal regions at different places are one position.
    let b = Cram::from_rows(&["..#..", "#####", "..#.."]).unwrap();
    let parts = b.parts().unwrap();
    assert_eq!(parts.len(), 4);
    assert!(parts.iter().all(|p| *p == parts[0]));
    assert_eq!(parts[0].picture(), [".."]);
}

#[test]
fn cram_canonical_form_is_one_for_all_symmetric_images() {
    fn prop(grid: SmallGrid) -> bool {
        let b = board(&grid.0);
        let pic = b.picture();
        let canonical = brute_canonical(&pic);
        assert_eq!(b.canonical_form().picture(), canonical, "{b}");
        let value = brute_value(&grid.0);
        assert_eq!(brute_value(&grid_of(&canonical)), value, "{b}");
        images_share_the_canonical_form(&b);
        for image in images(&pic) {
            assert_eq!(brute_value(&grid_of(&image)), value, "{image:?}");
        }
        // The images the example lists are the 8 images, cropped.
        let listed: BTreeSet<Vec<String>> =
            b.symmetric_images().iter().map(Cram::picture).collect();
        let expected: BTreeSet<Vec<String>> = images(&pic).iter().map(|p| cropped(p)).collect();
        assert_eq!(listed, expected, "{b}");
        // The law of Game::canonical: a representative is its own.
        let c = b.canonical_form();
        assert_eq!(c.canonical(), None, "{b}");
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(400))
        .quickcheck(prop as fn(SmallGrid) -> bool);
    // A box that is not square is laid wide; a fully covered board is the empty board.
    let tall = Cram::new(3, 1).unwrap();
    assert_eq!(tall.canonical_form(), Cram::new(1, 3).unwrap());
    let full = Cram::from_rows(&["##"]).unwrap();
    assert_eq!(full.canonical_form().rows(), 0);
    assert!(full.canonical_form().moves().is_empty());
}

#[test]
fn cram_bad_boards_are_errors() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (bad, mentions) in [
        (&[][..], "expected ROWS COLS"),
        (&["3"][..], "1 argument"),
        (&["3", "4", "5"][..], "3 arguments"),
        (&["0", "4"][..], "no cell"),
        (&["4", "0"][..], "no cell"),
        (&["9", "8"][..], "72 cells"),
        (&["65", "1"][..], "65 cells"),
        (&["-1", "3"][..], "\"-1\""),
        (&["3", "x"][..], "\"x\""),
        (&["99999999999999999999999", "1"][..], "not a whole number"),
        (&["4294967296", "4294967296"][..], "more than the 64"),
        (&["--moves"][..], "0 arguments"),
        (&["3", "--moves", "4"][..], "3 arguments"),
    ] {
        let err = cram::board_of(&args(bad)).unwrap_err();
        assert!(err.contains(mentions), "{bad:?}: {err}");
    }
    let (b, moves) = cram::board_of(&args(&["1", "64"])).unwrap();
    assert_eq!((b.rows(), b.cols(), b.empty_cells()), (1, 64, u64::MAX));
    assert!(!moves);
    let (b, moves) = cram::board_of(&args(&["8", "8", "--moves"])).unwrap();
    assert_eq!(b.moves().len(), 2 * 8 * 7);
    assert!(moves);
    assert!(Cram::from_rows(&["..", "."]).is_err());
    assert!(Cram::from_rows(&[".x"]).is_err());
    assert!(Cram::from_rows(&[]).is_err());
}

// ---------------------------------------------------------------------------------------------
// Cram: published values
// ---------------------------------------------------------------------------------------------

/// Dawson's Kayles (`0.07`) by its rules: a move takes two adjacent pins from a row of `n`,
/// leaving rows of `a` and `n − 2 − a`.
fn dawsons_kayles(len: usize) -> Vec<u128> {
    let mut g: Vec<u128> = Vec::new();
    for n in 0..len {
        let options = (0..n.saturating_sub(1)).map(|a| g[a] ^ g[n - 2 - a]);
        g.push(common::mex(options));
    }
    g
}

#[test]
fn cram_on_one_row_is_dawsons_kayles() {
    let dawson = dawsons_kayles(65);
    // The first values, against the literature (OEIS A002187 lists Dawson's chess, which is
    // Dawson's Kayles shifted by one: 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, …).
    assert_eq!(dawson[..12], [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
    // The brute force of Cram itself on 1 × n, for the rows it can search.
    for (n, &value) in dawson.iter().enumerate().take(15).skip(1) {
        assert_eq!(brute_value(&(1, n, 0)), value, "1 × {n}");
        assert_eq!(brute_value(&(n, 1, 0)), value, "{n} × 1");
    }
    // Every row up to 64 cells by the search, and by the crate's octal game (exercise 1).
    let mut search = Pruning::new();
    let octal = Octal::dawsons_kayles().values(65).unwrap();
    for (n, &value) in dawson.iter().enumerate().skip(1) {
        let row = Cram::new(1, n).unwrap();
        assert_eq!(search.grundy(&row).unwrap().get(), value, "1 × {n}");
        assert_eq!(
            u128::from(octal.values().get(n).unwrap()),
            value,
            "heap {n}"
        );
    }
}

#[test]
fn cram_two_and_three_rows_match_the_brute_force() {
    let mut search = Pruning::new();
    for (rows, longest) in [(2, 7), (3, 5)] {
        for cols in 1..=longest {
            let value = brute_value(&(rows, cols, 0));
            let b = Cram::new(rows, cols).unwrap();
            assert_eq!(search.grundy(&b).unwrap().get(), value, "{rows} × {cols}");
            // Even × even boards are P, even × odd ones are N (the symmetry strategies).
            if rows % 2 == 0 && cols % 2 == 0 {
                assert_eq!(value, 0, "{rows} × {cols}");
            } else if (rows * cols) % 2 == 0 {
                assert_ne!(value, 0, "{rows} × {cols}");
            }
        }
    }
}

/// Published values of Cram boards too large for the brute force: the table "Cram (under the
/// normal play convention)" in the README of Piotr Beling's beling/impartial-games
/// (<https://github.com/beling/impartial-games>), which credits the smaller boards to Glop
/// (Lemoine and Viennot) and most boards up to 5 × 7 to M. Schneider, *Das Spiel Juvavum*
/// (master's thesis, 2009). Rows × columns: value.
const PUBLISHED: [((usize, usize), u32); 16] = [
    ((4, 4), 0),
    ((4, 5), 2),
    ((4, 6), 0),
    ((4, 7), 3),
    ((4, 8), 0),
    ((4, 9), 1),
    ((4, 10), 0),
    ((4, 11), 1),
    ((5, 5), 0),
    ((5, 6), 2),
    ((5, 7), 1),
    ((5, 8), 1),
    ((5, 9), 1),
    ((5, 10), 2),
    ((6, 6), 0),
    ((6, 7), 5),
];

fn published(rows: usize, cols: usize) -> Option<u32> {
    let (r, c) = (rows.min(cols), rows.max(cols));
    PUBLISHED
        .iter()
        .find(|&&(size, _)| size == (r, c))
        .map(|&(_, v)| v)
}

#[test]
fn cram_four_by_four_matches_the_brute_force_and_the_published_value() {
    let value = brute_value(&(4, 4, 0));
    assert_eq!(Some(value as u32), published(4, 4));
    let b = Cram::new(4, 4).unwrap();
    assert_eq!(Pruning::new().grundy(&b).unwrap().get(), 0);
    assert!(brute_wins(&(4, 4, 0)).is_empty());
}

/// The boards `benches/hard_games/run.sh` times, against the published values: seconds each
/// in release, too slow for the debug run (`.ci/run` runs it:
/// `cargo test --release --test suite -- --ignored hard_games::`).
#[test]
#[ignore = "release only: cargo test --release --test suite -- --ignored hard_games::"]
fn cram_published_boards_in_release() {
    let mut search = Pruning::new();
    for (r, c) in [(4, 8), (5, 6), (5, 7), (4, 9)] {
        let value = search.grundy(&Cram::new(r, c).unwrap()).unwrap().get();
        assert_eq!(Some(value as u32), published(r, c), "{r} × {c}");
    }
}

// ---------------------------------------------------------------------------------------------
// Cram: the story
// ---------------------------------------------------------------------------------------------

#[test]
fn cram_tells_its_story() {
    let mut out = String::new();
    cram::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "Cram: a move covers two empty cells side by side, in a row or a column, with a \
             domino; whoever places the last domino wins.",
            "A 4 × 5 board after three dominoes (# covered, . empty):",
        ]
    );
    let split: Vec<String> = cram::SPLIT.iter().map(|s| s.to_string()).collect();
    let grid = grid_of(&split);
    // Three dominoes: six covered cells, which three dominoes tile.
    assert_eq!(grid.2.count_ones(), 6);
    for (i, row) in split.iter().enumerate() {
        assert_eq!(lines[2 + i], format!("  {row}"));
    }
    let regions = brute_regions(&grid);
    assert_eq!(regions.len(), 3);
    assert_eq!(
        lines[6],
        "It falls apart into 3 regions (Game::parts), each moved to its corner:"
    );
    let mut total = 0;
    let mut terms = Vec::new();
    for (i, region) in regions.iter().enumerate() {
        let value = brute_value(&grid_of(region));
        total ^= value;
        terms.push(format!("*{value}"));
        assert_eq!(
            lines[7 + i],
            format!(
                "  {} ({} × {}): *{value}",
                region.join("/"),
                region.len(),
                region[0].len()
            )
        );
    }
    assert_eq!(total, brute_value(&grid));
    assert_ne!(total, 0);
    assert_eq!(
        lines[10],
        format!("  the board: {} = *{total}", terms.join(" + "))
    );
    let wins: BTreeSet<String> = brute_wins(&grid).iter().map(dom_words).collect();
    let printed = lines[11].strip_prefix("  the winning moves: ").unwrap();
    assert_eq!(listed(printed), wins);

    let ell: Vec<String> = cram::ELL.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        lines[12],
        format!(
            "The region {} under the 8 symmetries of the square (mirrors and quarter turns):",
            ell.join("/")
        )
    );
    let value = brute_value(&grid_of(&ell));
    let expected: BTreeSet<String> = images(&ell)
        .iter()
        .map(|p| format!("{} *{value}", p.join("/")))
        .collect();
    assert_eq!(expected.len(), 8); // the L has no symmetry of its own
    assert_eq!(listed(lines[13].strip_prefix("  ").unwrap()), expected);
    assert_eq!(
        lines[14],
        format!(
            "  one canonical form for all of them (Game::canonical): {}",
            brute_canonical(&ell).join("/")
        )
    );

    assert_eq!(
        lines[15..17],
        ["The values of the R × C boards:", "  R\\C   1   2   3   4"]
    );
    for rows in 1..=4 {
        let cells: String = (1..=4)
            .map(|cols| format!("{:>4}", format!("*{}", brute_value(&(rows, cols, 0)))))
            .collect();
        assert_eq!(lines[16 + rows], format!("  {rows:>3}{cells}"));
        for cols in 1..=4 {
            let value = brute_value(&(rows, cols, 0));
            if rows % 2 == 0 && cols % 2 == 0 {
                assert_eq!(value, 0);
            } else if (rows * cols) % 2 == 0 {
                assert_ne!(value, 0);
            }
        }
    }
    let larger: Vec<String> = cram::LARGER
        .iter()
        .map(|&(r, c)| {
            let value = published(r, c).expect("a published board");
            if r % 2 == 0 && c % 2 == 0 {
                assert_eq!(value, 0);
            } else if (r * c) % 2 == 0 {
                assert_ne!(value, 0);
            }
            format!("{r} × {c} *{value}")
        })
        .collect();
    assert_eq!(lines[21], format!("  and larger: {}", larger.join(", ")));
    assert_eq!(
        lines[22..24],
        [
            "  Even × even is *0: the second player answers each domino with its image through \
             the centre.",
            "  Even × odd is not: the first player covers the two central cells, then answers \
             the same way.",
        ]
    );
    assert_eq!(brute_value(&(3, 3, 0)), 0);
    assert_eq!(
        lines[24],
        "  3 × 3 is *0: the player to move loses, and no symmetry says why."
    );
    let value = brute_value(&(3, 4, 0));
    let wins: BTreeSet<String> = brute_wins(&(3, 4, 0)).iter().map(dom_words).collect();
    let prefix = format!("  3 × 4 is *{value}; the winning first dominoes: ");
    assert_eq!(listed(lines[25].strip_prefix(&prefix).unwrap()), wins);
    assert_eq!(
        lines[26..],
        [
            "Exercises:",
            "  1. Which octal game is Cram on 1 × n? Check: Octal::dawsons_kayles().values(21) \
             against `cargo run --release --example cram -- 1 n` (grundy::games::Octal).",
            "  2. Which of 3 × 3, 3 × 5, 5 × 5 and 5 × 7 are P? Check: \
         `cargo run --release --example cram -- R C`, and the \
             published values in tests/hard_games.rs.",
            "  3. Search 4 × 5 with `type Search = Solver<Cram>;`: how many positions does each \
             store? Check: \"Which to use\" in grundy::search.",
        ]
    );
    // Exercise 1 is checked in `cram_on_one_row_is_dawsons_kayles`; exercise 2's answers:
    assert_eq!(brute_value(&(3, 5, 0)), 1);
    assert_eq!((published(5, 5), published(5, 7)), (Some(0), Some(1)));
    // Exercise 3: both evaluators give the published value.
    let b = Cram::new(4, 5).unwrap();
    assert_eq!(Solver::new().grundy(&b).unwrap().get(), 2);
}

// ---------------------------------------------------------------------------------------------
// Chomp by brute force
// ---------------------------------------------------------------------------------------------

/// A Chomp bar for the brute force: rows, columns, and the squares left, bit `r · cols + c`
/// for the square in row `r` (0 at the bottom) and column `c` (0 at the left).
type Bar = (usize, usize, u128);

/// Chomp's rules: take any square left but the poisoned `(0, 0)`, with every square at or
/// above its row and at or right of its column.
fn chomp_rules(&(rows, cols, left): &Bar) -> Vec<((usize, usize), Bar)> {
    let mut moves = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if (r, c) == (0, 0) || left >> (r * cols + c) & 1 == 0 {
                continue;
            }
            // Row by row: the squares of columns c to cols − 1.
            let mut taken = 0u128;
            for r2 in r..rows {
                taken |= ((1u128 << (cols - c)) - 1) << (r2 * cols + c);
            }
            moves.push(((r, c), (rows, cols, left & !taken)));
        }
    }
    moves
}

/// The whole bar.
fn full_bar(rows: usize, cols: usize) -> Bar {
    (rows, cols, (1u128 << (rows * cols)) - 1)
}

thread_local! {
    static CHOMP: RefCell<Oracle<Bar, (usize, usize)>> = RefCell::new(Oracle::new(chomp_rules));
}

fn chomp_value(bar: &Bar) -> u128 {
    CHOMP.with(|o| o.borrow_mut().grundy(bar))
}

fn chomp_wins(bar: &Bar) -> BTreeSet<(usize, usize)> {
    CHOMP.with(|o| o.borrow_mut().winning_moves(bar, Play::Normal))
}

/// The example's staircase of a bar: the number of squares left in each column.
fn staircase(bar: &Bar) -> Chomp {
    let heights: Vec<u8> = bar_heights(bar).into_iter().map(|h| h as u8).collect();
    Chomp::staircase(&heights).expect("a bar the rules reach")
}

fn bite_words(&(r, c): &(usize, usize)) -> String {
    format!("({r},{c})")
}

/// The column heights of a brute-force bar, its empty columns left out.
fn bar_heights(&(rows, cols, left): &Bar) -> Vec<usize> {
    (0..cols)
        .map(|c| {
            (0..rows)
                .filter(|r| left >> (r * cols + c) & 1 == 1)
                .count()
        })
        .filter(|&h| h > 0)
        .collect()
}

/// The heights of every bar the rules reach from the whole `rows × cols` bar.
fn reachable_heights(rows: usize, cols: usize) -> BTreeSet<Vec<usize>> {
    let mut seen = BTreeSet::new();
    let mut todo = vec![full_bar(rows, cols)];
    while let Some(bar) = todo.pop() {
        if seen.insert(bar.2) {
            todo.extend(chomp_rules(&bar).into_iter().map(|(_, next)| next));
        }
    }
    seen.into_iter()
        .map(|left| bar_heights(&(rows, cols, left)))
        .collect()
}

/// The staircase reflected in the diagonal: row `r`'s length is the number of columns
/// higher than `r`.
fn conjugate(heights: &[usize]) -> Vec<usize> {
    let rows = heights.first().copied().unwrap_or(0);
    (0..rows)
        .map(|r| heights.iter().filter(|&&h| h > r).count())
        .collect()
}

fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn chomp_every_bar_up_to_4_by_5_matches_the_brute_force() {
    let mut solver = Solver::new();
    for rows in 1..=4 {
        for cols in 1..=5 {
            // Every position the bar reaches.
            let mut seen = BTreeSet::new();
            let mut todo = vec![full_bar(rows, cols)];
            while let Some(bar) = todo.pop() {
                if !seen.insert(bar.2) {
                    continue;
                }
                let stairs = staircase(&bar);
                let value = chomp_value(&bar);
                assert_eq!(solver.grundy(&stairs).unwrap().get(), value, "{stairs}");
                let wins: Vec<(usize, usize)> = solver
                    .winning_moves(&stairs, Play::Normal)
                    .unwrap()
                    .map(|b: Bite| (usize::from(b.row), usize::from(b.col)))
                    .collect();
                assert_eq!(common::listed_once(wins), chomp_wins(&bar), "{stairs}");
                // The moves and where they lead.
                let moves: Vec<((usize, usize), Vec<u8>)> = stairs
                    .moves()
                    .into_iter()
                    .map(|(b, next)| {
                        (
                            (usize::from(b.row), usize::from(b.col)),
                            next.heights().to_vec(),
                        )
                    })
                    .collect();
                let expected: BTreeSet<((usize, usize), Vec<u8>)> = chomp_rules(&bar)
                    .iter()
                    .map(|(m, next)| (*m, staircase(next).heights().to_vec()))
                    .collect();
                assert_eq!(common::listed_once(moves), expected, "{stairs}");
                todo.extend(chomp_rules(&bar).into_iter().map(|(_, next)| next));
            }
        }
    }
}

#[test]
fn chomp_bad_bars_are_errors() {
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    for (bad, mentions) in [
        (&[][..], "expected ROWS COLS"),
        (&["3"][..], "1 argument"),
        (&["0", "4"][..], "1 to 32"),
        (&["4", "33"][..], "1 to 32"),
        (&["x", "4"][..], "\"x\""),
        (&["99999999999999999999999", "1"][..], "not a whole number"),
    ] {
        let err = chomp::bar_of(&args(bad)).unwrap_err();
        assert!(err.contains(mentions), "{bad:?}: {err}");
    }
    assert_eq!(
        chomp::bar_of(&args(&["2", "3"])).unwrap().heights(),
        [2, 2, 2]
    );
    assert!(Chomp::staircase(&[]).is_err());
    assert!(Chomp::staircase(&[0]).is_err());
    assert!(Chomp::staircase(&[2, 3]).is_err());
    assert!(Chomp::staircase(&[2, 0]).is_err());
    assert!(Chomp::staircase(&[1]).unwrap().moves().is_empty());
    // The box is 32 × 32: a 33rd column or row does not fit.
    assert!(Chomp::staircase(&[1; 32]).is_ok());
    assert!(Chomp::staircase(&[32]).is_ok());
    for bad in [&[1; 33][..], &[33][..]] {
        let err = Chomp::staircase(bad).unwrap_err();
        assert!(err.contains("fits in 32 × 32"), "{err}");
    }
}

/// A staircase anywhere in the example's `32 × 32` box: up to 32 columns of up to 32 squares,
/// the full box and single rows and columns among them.
#[derive(Clone, Debug)]
struct BoxStaircase(Vec<usize>);

impl Arbitrary for BoxStaircase {
    fn arbitrary(g: &mut Gen) -> Self {
        let side = |g: &mut Gen| match u8::arbitrary(g) % 4 {
            0 => 32,
            1 => 1,
            _ => 1 + usize::arbitrary(g) % 32,
        };
        let (cols, mut height) = (side(g), side(g));
        let mut heights = Vec::new();
        for _ in 0..cols {
            heights.push(height);
            if bool::arbitrary(g) {
                height = 1 + usize::arbitrary(g) % height;
            }
        }
        BoxStaircase(heights)
    }
}

#[test]
fn chomp_paths_of_the_whole_box_match_the_heights() {
    // The path model's heights, mirror image and bites against the heights' own rules.
    fn prop(stairs: BoxStaircase) -> bool {
        let heights = stairs.0;
        let bytes: Vec<u8> = heights.iter().map(|&h| h as u8).collect();
        let position = Chomp::staircase(&bytes).unwrap();
        let as_usize = |c: &Chomp| c.heights().into_iter().map(usize::from).collect::<Vec<_>>();
        assert_eq!(as_usize(&position), heights);
        let mirror = position.mirror();
        assert_eq!(as_usize(&mirror), conjugate(&heights), "{heights:?}");
        assert_eq!(mirror.mirror(), position);
        // Both name the same representative, the smaller path: one of the two.
        let representative = |c: &Chomp| c.canonical().unwrap_or(*c);
        assert_eq!(representative(&position), representative(&mirror));
        assert!([position, mirror].contains(&representative(&position)));
        // Every square but the poison, and what its bite leaves.
        let mut expected = BTreeSet::new();
        for (c, &h) in heights.iter().enumerate() {
            for r in 0..h {
                if (r, c) != (0, 0) {
                    let after: Vec<usize> = heights
                        .iter()
                        .enumerate()
                        .map(|(i, &hi)| if i >= c { hi.min(r) } else { hi })
                        .filter(|&hi| hi > 0)
                        .collect();
                    expected.insert(((r, c), after));
                }
            }
        }
        let moves: Vec<((usize, usize), Vec<usize>)> = position
            .moves()
            .into_iter()
            .map(|(b, next)| ((usize::from(b.row), usize::from(b.col)), as_usize(&next)))
            .collect();
        assert_eq!(common::listed_once(moves), expected, "{heights:?}");
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(prop as fn(BoxStaircase) -> bool);
}

#[test]
fn chomp_mirror_images_have_one_value() {
    // Every staircase of bars up to 5 × 5 against the brute force's value of its mirror
    // image, taken as a bar of its own (the search stores one of the two).
    let mut solver = Solver::new();
    for (rows, cols) in [(5, 5), (3, 5), (5, 2)] {
        for heights in reachable_heights(rows, cols) {
            let mirror = conjugate(&heights);
            // The mirror image's columns are the staircase's rows.
            let (mr, mc) = (mirror[0], mirror.len());
            let mut left = 0u128;
            for (c, &h) in mirror.iter().enumerate() {
                for r in 0..h {
                    left |= 1 << (r * mc + c);
                }
            }
            let bytes: Vec<u8> = heights.iter().map(|&h| h as u8).collect();
            let value = solver.grundy(&Chomp::staircase(&bytes).unwrap()).unwrap();
            assert_eq!(value.get(), chomp_value(&(mr, mc, left)), "{heights:?}");
        }
    }
}

#[test]
fn chomp_tells_its_story() {
    let mut out = String::new();
    chomp::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "Chomp: a move takes a square and every square above it and to its right; whoever \
             takes the poisoned bottom-left square loses.",
            "The values of the R × C bars:",
            "  R\\C   1   2   3   4   5   6   7",
        ]
    );
    for rows in 1..=6 {
        let cells: String = (1..=7)
            .map(|cols| {
                let value = chomp_value(&full_bar(rows, cols));
                assert_eq!(value == 0, (rows, cols) == (1, 1));
                format!("{:>4}", format!("*{value}"))
            })
            .collect();
        assert_eq!(lines[2 + rows], format!("  {rows:>3}{cells}"));
    }
    assert_eq!(
        lines[9..11],
        [
            "  Only 1 × 1 is *0: in any other bar, the first player steals the strategy.",
            "The square bars, won by the square next to the poison (two equal arms are left):",
        ]
    );
    for n in 2..=6 {
        let wins = chomp_wins(&full_bar(n, n));
        assert!(wins.contains(&(1, 1)));
        let words: Vec<String> = wins.iter().map(bite_words).collect();
        assert_eq!(
            lines[9 + n],
            format!("  {n} × {n}: winning moves {}", words.join(", "))
        );
    }
    assert_eq!(
        lines[16],
        "The 2 × C bars, won by the top-right square (a top row one shorter is left):"
    );
    for c in 2..=6 {
        let wins = chomp_wins(&full_bar(2, c));
        assert!(wins.contains(&(1, c - 1)));
        let words: Vec<String> = wins.iter().map(bite_words).collect();
        assert_eq!(
            lines[15 + c],
            format!("  2 × {c}: winning moves {}", words.join(", "))
        );
    }
    let (r, c) = chomp::BIG;
    let big = full_bar(r, c);
    let words: Vec<String> = chomp_wins(&big).iter().map(bite_words).collect();
    assert_eq!(
        lines[22],
        format!(
            "The {r} × {c} bar: *{}, winning moves {}",
            chomp_value(&big),
            words.join(", ")
        )
    );
    // Every staircase in the box is a path of r + c unit steps, r of them up: C(r + c, r),
    // less the empty one, which no move reaches (the poison stays).
    let stairs = binomial((r + c) as u64, r as u64) - 1;
    assert_eq!(reachable_heights(r, c).len() as u64, stairs);
    // A staircase and its mirror image, both in the bar, are stored once: the classes.
    let classes: BTreeSet<Vec<usize>> = reachable_heights(r, c)
        .into_iter()
        .map(|h| h.clone().min(conjugate(&h)))
        .collect();
    assert!(classes.len() < stairs as usize);
    assert_eq!(
        lines[23],
        format!(
            "  the solver stored {} positions: every staircase in the bar but the empty one, \
             a staircase and its mirror image once",
            classes.len()
        )
    );
    assert_eq!(
        lines[24..],
        [
            "Exercises:",
            "  1. Why is an L with two equal arms P? Check: the staircase [a + 1, 1, …, 1] (b ones) \
             against Nim::from([a, b]) (grundy::games::Nim).",
            "  2. Is there a 3 × C or 4 × C bar with more than one winning move, for C ≤ 20? \
             Check: `cargo run --release --example chomp -- R C`.",
            "  3. Which move wins the 3 × 4 bar beside a Nim heap of 5? Check: (bar, \
             Nim::from([5u8])) with (Solver::new(), Direct) (grundy::Part).",
        ]
    );

    // The checks the exercises point to give the brute force's answers.
    // 1. An L of arms a (up) and b (right) is worth a ⊕ b, as Nim with heaps a and b.
    let mut solver = Solver::new();
    for a in 0..=6u8 {
        for b in 0..=6u8 {
            let mut heights = vec![a + 1];
            heights.extend(std::iter::repeat_n(1, usize::from(b)));
            let ell = Chomp::staircase(&heights).unwrap();
            let rows = usize::from(a) + 1;
            let cols = usize::from(b) + 1;
            let mut left = 0u128;
            for i in 0..rows {
                left |= 1 << (i * cols);
            }
            for j in 0..cols {
                left |= 1 << j;
            }
            let value = chomp_value(&(rows, cols, left));
            assert_eq!(value, u128::from(a ^ b));
            assert_eq!(solver.grundy(&ell).unwrap().get(), value);
            assert_eq!(Nim::from([a, b]).grundy().unwrap().get(), value);
        }
    }
    // 2. The winning moves of 3 × C and 4 × C for C ≤ 20, as the search finds them.
    for rows in [3, 4] {
        for cols in 1..=20 {
            let bar = full_bar(rows, cols);
            let found: Vec<(usize, usize)> = solver
                .winning_moves(&staircase(&bar), Play::Normal)
                .unwrap()
                .map(|b| (usize::from(b.row), usize::from(b.col)))
                .collect();
            assert_eq!(
                common::listed_once(found),
                chomp_wins(&bar),
                "{rows} × {cols}"
            );
        }
    }
    // 3. The bar beside a heap of 5: the moves to a position of value 0 of the sum, by the
    // brute force of each (a move in the bar to a position of value v wins when v = 5; a
    // move in the heap to h wins when h = the bar's value).
    let bar = full_bar(3, 4);
    let bar_value = chomp_value(&bar);
    let mut expected = BTreeSet::new();
    for (m, next) in chomp_rules(&bar) {
        if chomp_value(&next) == 5 {
            expected.insert(format!("bar {m:?}"));
        }
    }
    if bar_value < 5 {
        expected.insert(format!("heap to {bar_value}"));
    }
    assert!(!expected.is_empty());
    let sum = (staircase(&bar), Nim::from([5u8]));
    let mut evaluator = (Solver::new(), Direct);
    let found: Vec<String> = evaluator
        .winning_moves(&sum, Play::Normal)
        .unwrap()
        .map(|mv| match mv {
            Part::P0(b) => format!("bar {:?}", (usize::from(b.row), usize::from(b.col))),
            Part::P1(m) => format!("heap to {}", m.to),
            _ => unreachable!("a sum of two"),
        })
        .collect();
    assert_eq!(common::listed_once(found), expected);
}

/// A board of up to 64 cells whose bounding box reaches past 3 × 4: up to 8 × 8 and 4 × 16,
/// the sizes where the example's canonical form takes its word operations, and beyond.
#[derive(Clone, Debug)]
struct WideGrid(Grid);

impl Arbitrary for WideGrid {
    fn arbitrary(g: &mut Gen) -> Self {
        let rows = 1 + usize::arbitrary(g) % 10;
        let cols = 1 + usize::arbitrary(g) % (64 / rows).min(20);
        WideGrid(covered_at_random(g, rows, cols))
    }
}

#[test]
fn cram_regions_of_large_boards_are_the_brute_forces() {
    // Every layout: 8 bits a row, 16, and one bit a cell; the flood fill's rows end at the
    // lane's end or inside it.
    fn prop(grid: WideGrid) -> bool {
        let b = board(&grid.0);
        let regions: Vec<Vec<String>> = b.regions().iter().map(Cram::picture).collect();
        assert_eq!(regions, brute_regions(&grid.0), "{b}");
        let live = regions
            .iter()
            .filter(|r| r.concat().matches('.').count() >= 2)
            .count();
        assert_eq!(b.parts().map_or(live.min(1), |p| p.len()), live, "{b}");
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(prop as fn(WideGrid) -> bool);
}

#[test]
fn cram_canonical_form_of_large_boxes_is_the_least_image() {
    fn prop(grid: WideGrid) -> bool {
        let b = board(&grid.0);
        let pic = b.picture();
        assert_eq!(b.canonical_form().picture(), brute_canonical(&pic), "{b}");
        images_share_the_canonical_form(&b);
        true
    }
    QuickCheck::new()
        .tests(common::scale::cases(2000))
        .quickcheck(prop as fn(WideGrid) -> bool);
}
