//! The judge games by brute force, with their small random positions: Nim, misère Nim, Bash,
//! misère Bash, Georgia–Bob and Wythoff's game, as the judge programs of `examples/` and the
//! command line (`cli/`) read them.
//!
//! Every value and every winning move comes from trying every move: no closed form, no
//! nim-sum, nothing of the crate. Two test crates share this file: the examples' tests reach
//! it as `common::judges`, and the command line's tests include it alone, through the symbolic
//! link `cli/tests/oracle/judges.rs`, so it uses nothing but `std` and quickcheck, not even the
//! rest of `common`.
//!
//! Moves are plain numbers and tuples; the `*_winning` functions return them as any move type
//! `M` with `From` the plain move, so a suite compares them with its own (the command line's
//! JSON moves, say). The generators here are the judges' own, not those of `common::small`: a
//! judge position has at least one heap or chessman, and the bounds keep a whole judge input of
//! 500 cases quick.

use std::collections::{BTreeSet, HashMap};

use quickcheck::{Arbitrary, Gen};

/// The least non-negative integer not in `seen` (the minimum excludant).
pub fn mex(seen: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|v| !seen.contains(v))
        .expect("a finite set misses a number")
}

/// The moves among `options` to a position that `lost` says the player to move loses, as
/// moves of type `M`.
fn winning<N, P, M>(options: Vec<(N, P)>, mut lost: impl FnMut(&P) -> bool) -> BTreeSet<M>
where
    M: Ord + From<N>,
{
    options
        .into_iter()
        .filter(|(_, next)| lost(next))
        .map(|(mv, _)| M::from(mv))
        .collect()
}

/// The Grundy value of `position` in the game whose moves `options` lists, by mex over every
/// move, memoised on the sorted position (the order of the numbers does not matter in Nim or
/// Georgia–Bob).
fn memo_grundy<M, F>(options: F, position: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32
where
    F: Fn(&[u8]) -> Vec<(M, Vec<u8>)> + Copy,
{
    let mut key = position.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let seen: BTreeSet<u32> = options(position)
        .into_iter()
        .map(|(_, next)| memo_grundy(options, &next, memo))
        .collect();
    let value = mex(&seen);
    memo.insert(key, value);
    value
}

// ---------------------------------------------------------------------------------------------
// Nim and misère Nim
// ---------------------------------------------------------------------------------------------

/// A small Nim position: one to four heaps of at most 7.
#[derive(Debug, Clone)]
pub struct SmallHeaps(pub Vec<u8>);

impl Arbitrary for SmallHeaps {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 4);
        SmallHeaps((0..count).map(|_| u8::arbitrary(g) % 8).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(
            self.0
                .shrink()
                .filter(|heaps| !heaps.is_empty())
                .map(SmallHeaps),
        )
    }
}

/// Every move of (misère) Nim, `(heap, size after)`, with the position it leads to.
pub fn nim_options(heaps: &[u8]) -> Vec<((usize, u8), Vec<u8>)> {
    let mut options = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            options.push(((i, to), next));
        }
    }
    options
}

/// The Grundy value of a Nim position, by mex over every move, memoised on the sorted heaps.
pub fn nim_grundy(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    memo_grundy(nim_options, heaps, memo)
}

/// Every move of Nim to a position of value 0.
pub fn nim_winning<M>(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<M>
where
    M: Ord + From<(usize, u8)>,
{
    winning(nim_options(heaps), |next| nim_grundy(next, memo) == 0)
}

/// Whether the player to move wins misère Nim (whoever takes the last counter loses), by
/// trying every move, memoised on the sorted heaps. With no counters left, the opponent took
/// the last one, so the player to move has won.
pub fn misere_nim_wins(heaps: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&wins) = memo.get(&key) {
        return wins;
    }
    let wins = heaps.iter().all(|&h| h == 0)
        || nim_options(heaps)
            .into_iter()
            .any(|(_, next)| !misere_nim_wins(&next, memo));
    memo.insert(key, wins);
    wins
}

/// Every move of misère Nim to a position the player to move loses.
pub fn misere_nim_winning<M>(heaps: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> BTreeSet<M>
where
    M: Ord + From<(usize, u8)>,
{
    winning(nim_options(heaps), |next| !misere_nim_wins(next, memo))
}

// ---------------------------------------------------------------------------------------------
// Bash and misère Bash
// ---------------------------------------------------------------------------------------------

/// A small Bash position: a heap of at most 40, a take limit from 1 to 8.
#[derive(Debug, Clone)]
pub struct SmallBash {
    pub n: u8,
    pub k: u8,
}

impl Arbitrary for SmallBash {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallBash {
            n: u8::arbitrary(g) % 41,
            k: 1 + u8::arbitrary(g) % 8,
        }
    }
}

/// Every move of Bash (one heap of `n`, take 1..=k), the number taken, with the heap it
/// leaves.
pub fn bash_options(n: u8, k: u8) -> Vec<(u8, u8)> {
    (1..=k.min(n)).map(|take| (take, n - take)).collect()
}

/// The Grundy value of Bash (one heap of `n`, take 1..=k), by mex over every move, from
/// the bottom up: `values[m]` is the value of a heap of `m`.
pub fn bash_values(n: u8, k: u8) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for m in 0..=n {
        let seen: BTreeSet<u32> = bash_options(m, k)
            .into_iter()
            .map(|(_, left)| values[usize::from(left)])
            .collect();
        values.push(mex(&seen));
    }
    values
}

/// Every move of Bash from a heap of `n` to a heap of value 0.
pub fn bash_winning<M: Ord + From<u8>>(n: u8, k: u8) -> BTreeSet<M> {
    let values = bash_values(n, k);
    winning(bash_options(n, k), |&left| values[usize::from(left)] == 0)
}

/// Whether the player to move wins misère Bash from each heap `0..=n`: with an empty heap the
/// opponent took the last counter and lost.
pub fn misere_bash_wins(n: u8, k: u8) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::new();
    for m in 0..=n {
        let options = bash_options(m, k);
        wins.push(m == 0 || options.iter().any(|&(_, left)| !wins[usize::from(left)]));
    }
    wins
}

/// Every move of misère Bash from a heap of `n` to a heap the player to move loses.
pub fn misere_bash_winning<M: Ord + From<u8>>(n: u8, k: u8) -> BTreeSet<M> {
    let wins = misere_bash_wins(n, k);
    winning(bash_options(n, k), |&left| !wins[usize::from(left)])
}

// ---------------------------------------------------------------------------------------------
// Georgia–Bob
// ---------------------------------------------------------------------------------------------

/// A small Georgia–Bob board: one to five chessmen on distinct cells of 1..=12, in a random
/// order.
#[derive(Debug, Clone)]
pub struct SmallBoard(pub Vec<u8>);

impl Arbitrary for SmallBoard {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 5);
        let mut cells: Vec<u8> = Vec::new();
        while cells.len() < count {
            let cell = 1 + u8::arbitrary(g) % 12;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        SmallBoard(cells)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(
            self.0
                .shrink()
                .filter(|cells| {
                    let mut sorted = cells.clone();
                    sorted.sort_unstable();
                    sorted.dedup();
                    !cells.is_empty() && sorted.len() == cells.len() && sorted[0] > 0
                })
                .map(SmallBoard),
        )
    }
}

/// Every slide of Georgia–Bob on the cells (any order), `(from, to)`, with the board it leads
/// to (sorted).
pub fn georgia_bob_options(cells: &[u8]) -> Vec<((u8, u8), Vec<u8>)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut options = Vec::new();
    for (i, &from) in sorted.iter().enumerate() {
        let left = if i == 0 { 0 } else { sorted[i - 1] };
        for to in left + 1..from {
            let mut next = sorted.clone();
            next[i] = to;
            options.push(((from, to), next));
        }
    }
    options
}

/// The Grundy value of a Georgia–Bob board, by mex over every slide, memoised on the sorted
/// cells.
pub fn georgia_bob_grundy(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    memo_grundy(georgia_bob_options, cells, memo)
}

/// Every slide of Georgia–Bob to a board of value 0.
pub fn georgia_bob_winning<M>(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<M>
where
    M: Ord + From<(u8, u8)>,
{
    winning(georgia_bob_options(cells), |next| {
        georgia_bob_grundy(next, memo) == 0
    })
}

// ---------------------------------------------------------------------------------------------
// Wythoff's game
// ---------------------------------------------------------------------------------------------

/// Every move of Wythoff's game from the board `(a, b)`: along the row, the column or the
/// diagonal. The move is the board it leads to, both heaps after it.
pub fn wythoff_options(a: usize, b: usize) -> Vec<((usize, usize), (usize, usize))> {
    let mut to = Vec::new();
    to.extend((0..a).map(|x| (x, b)));
    to.extend((0..b).map(|y| (a, y)));
    to.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    to.into_iter().map(|board| (board, board)).collect()
}

/// Wythoff's game by brute force: the Grundy value of every board `(a, b)` with `a, b < n`,
/// as the mex over the row, the column and the diagonal.
pub fn wythoff_values(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let seen: BTreeSet<u32> = wythoff_options(a, b)
                .into_iter()
                .map(|(_, (x, y))| g[x][y])
                .collect();
            g[a][b] = mex(&seen);
        }
    }
    g
}

/// Every move of the board `(a, b)` to a board whose value in `g` (from [`wythoff_values`]) is
/// 0.
pub fn wythoff_winning<M>(a: usize, b: usize, g: &[Vec<u32>]) -> BTreeSet<M>
where
    M: Ord + From<(usize, usize)>,
{
    winning(wythoff_options(a, b), |&(x, y)| g[x][y] == 0)
}
