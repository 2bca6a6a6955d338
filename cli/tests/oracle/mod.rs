//! Brute force, written here from the rules alone, and small random positions.
//!
//! Every answer of `grundy` is checked against these: each game's Grundy values and winning
//! moves by trying every move, with no closed form, no Sprague–Grundy sum rule where a whole
//! row can be searched, and no code shared with the library.
#![allow(dead_code)] // each test file uses part of it

use std::collections::{BTreeSet, HashMap};

use quickcheck::{Arbitrary, Gen};

use crate::support::{HeapMove, OctalMove, PairMove, SlideMove};

/// The Grundy value of a Nim position, by mex over every move, memoised on the sorted heaps.
pub fn nim_grundy(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut seen = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            seen.insert(nim_grundy(&next, memo));
        }
    }
    let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(key, value);
    value
}

/// Every move of Nim to a position of value 0.
pub fn nim_winning(heaps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<HeapMove> {
    let mut winning = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            if nim_grundy(&next, memo) == 0 {
                winning.insert(HeapMove {
                    heap: i,
                    to: u128::from(to),
                });
            }
        }
    }
    winning
}

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
        || misere_nim_options(heaps)
            .into_iter()
            .any(|(_, next)| !misere_nim_wins(&next, memo));
    memo.insert(key, wins);
    wins
}

/// Every move of (misère) Nim with the position it leads to.
pub fn misere_nim_options(heaps: &[u8]) -> Vec<(HeapMove, Vec<u8>)> {
    let mut options = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for to in 0..h {
            let mut next = heaps.to_vec();
            next[i] = to;
            options.push((
                HeapMove {
                    heap: i,
                    to: u128::from(to),
                },
                next,
            ));
        }
    }
    options
}

/// Every move of misère Nim to a position the player to move loses.
pub fn misere_nim_winning(heaps: &[u8], memo: &mut HashMap<Vec<u8>, bool>) -> BTreeSet<HeapMove> {
    misere_nim_options(heaps)
        .into_iter()
        .filter(|(_, next)| !misere_nim_wins(next, memo))
        .map(|(mv, _)| mv)
        .collect()
}

/// The Grundy value of Bash (one heap of `n`, take 1..=k), by mex over every move, from
/// the bottom up: `values[m]` is the value of a heap of `m`.
pub fn bash_values(n: u8, k: u8) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::new();
    for m in 0..=n {
        let seen: BTreeSet<u32> = (1..=k.min(m)).map(|t| values[usize::from(m - t)]).collect();
        values.push((0..).find(|v| !seen.contains(v)).unwrap_or(0));
    }
    values
}

/// Whether the player to move wins misère Bash from each heap `0..=n`: with an empty heap the
/// opponent took the last counter and lost.
pub fn misere_bash_wins(n: u8, k: u8) -> Vec<bool> {
    let mut wins: Vec<bool> = Vec::new();
    for m in 0..=n {
        wins.push(m == 0 || (1..=k.min(m)).any(|t| !wins[usize::from(m - t)]));
    }
    wins
}

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

/// Every move of Georgia–Bob on the cells (any order) with the board it leads to (sorted).
pub fn georgia_bob_options(cells: &[u8]) -> Vec<(SlideMove, Vec<u8>)> {
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    let mut options = Vec::new();
    for (i, &from) in sorted.iter().enumerate() {
        let left = if i == 0 { 0 } else { sorted[i - 1] };
        for to in left + 1..from {
            let mut next = sorted.clone();
            next[i] = to;
            options.push((
                SlideMove {
                    from: u128::from(from),
                    to: u128::from(to),
                },
                next,
            ));
        }
    }
    options
}

/// The Grundy value of a Georgia–Bob board, by mex over every slide, memoised on the cells.
pub fn georgia_bob_grundy(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    let mut key = cells.to_vec();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let seen: BTreeSet<u32> = georgia_bob_options(cells)
        .into_iter()
        .map(|(_, next)| georgia_bob_grundy(&next, memo))
        .collect();
    let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    memo.insert(key, value);
    value
}

/// Every slide of Georgia–Bob to a board of value 0.
pub fn georgia_bob_winning(cells: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> BTreeSet<SlideMove> {
    georgia_bob_options(cells)
        .into_iter()
        .filter(|(_, next)| georgia_bob_grundy(next, memo) == 0)
        .map(|(mv, _)| mv)
        .collect()
}

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

/// Wythoff's game by brute force: the Grundy value of every board `(a, b)` with `a, b < n`,
/// as the mex over the row, the column and the diagonal.
pub fn wythoff_values(n: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = BTreeSet::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}

/// Every move of the board `(a, b)` to a board whose value is 0, as both heaps after it.
pub fn wythoff_winning(a: usize, b: usize, g: &[Vec<u32>]) -> BTreeSet<PairMove> {
    let mut to = Vec::new();
    to.extend((0..a).map(|x| (x, b)));
    to.extend((0..b).map(|y| (a, y)));
    to.extend((1..=a.min(b)).map(|t| (a - t, b - t)));
    to.into_iter()
        .filter(|&(x, y)| g[x][y] == 0)
        .map(|(x, y)| PairMove {
            to: [x as u128, y as u128],
        })
        .collect()
}

/// The least non-negative integer not in `seen`.
pub fn mex(seen: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|v| !seen.contains(v))
        .expect("a finite set misses a number")
}

/// A subtraction game by brute force: `G(n)` for `n < len`, as the mex of `G(n - s)`.
pub fn subtraction_values(set: &[u32], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let seen: BTreeSet<u32> = set
            .iter()
            .filter(|&&s| s as usize <= n)
            .map(|&s| g[n - s as usize])
            .collect();
        g.push(mex(&seen));
    }
    g
}

/// The true least period and least preperiod of a subtraction game's values `g` (computed
/// far enough), found here from first principles: `G(n)` is determined by the `m = max(S)`
/// values before it, so once a window of `m` values repeats (at `i` and `j`), the values are
/// periodic with period `j - i` from `i` on. The least period divides `j - i`; the least
/// preperiod is found by walking back from `i`. `None` if no window repeats within `g`.
pub fn subtraction_true_period(g: &[u32], m: usize) -> Option<(usize, usize)> {
    let mut seen: HashMap<&[u32], usize> = HashMap::new();
    let (i, j) = (0..g.len().checked_sub(m)?).find_map(|j| {
        let window = &g[j..j + m];
        match seen.get(window) {
            Some(&i) => Some((i, j)),
            None => {
                seen.insert(window, j);
                None
            }
        }
    })?;
    let big = j - i;
    let p = (1..=big)
        .filter(|d| big % d == 0)
        .find(|&d| (i..j).all(|n| g[n + d] == g[n]))?;
    let mut q = i;
    while q > 0 && g[q - 1 + p] == g[q - 1] {
        q -= 1;
    }
    Some((p, q))
}

/// A small subtraction set: one to four elements from 1 to 8, in any order, maybe repeated.
#[derive(Debug, Clone)]
pub struct SmallSet(pub Vec<u32>);

impl SmallSet {
    /// The set as `grundy` reads it: `3,1,3`.
    pub fn text(&self) -> String {
        let words: Vec<String> = self.0.iter().map(u32::to_string).collect();
        words.join(",")
    }

    /// The largest element: the window that proves a period.
    pub fn max(&self) -> usize {
        self.0.iter().max().map_or(0, |&m| m as usize)
    }
}

impl Arbitrary for SmallSet {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 4);
        SmallSet(
            (0..count)
                .map(|_| 1 + u32::from(u8::arbitrary(g) % 8))
                .collect(),
        )
    }
}

/// The digits of an octal code, read here: `digits[t]` says what taking `t` counters may
/// leave (bit 1 nothing, bit 2 one heap, bit 4 two heaps); `digits[0]` is 0 or 4.
pub fn octal_digits(code: &str) -> Vec<u8> {
    code.chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(8).expect("an octal digit") as u8)
        .collect()
}

/// The most counters a move of the code removes (`t` of the Guy–Smith theorem).
pub fn octal_max_take(digits: &[u8]) -> usize {
    digits.iter().rposition(|&d| d != 0).unwrap_or(0)
}

/// Every move of one heap of `heap` in the octal game `digits`: what it takes and the heaps it
/// leaves (ascending, none empty).
pub fn octal_options(digits: &[u8], heap: u32) -> Vec<(u32, Vec<u32>)> {
    code_options(|take| digits.get(take).copied().unwrap_or(0), heap)
}

/// Every move of one heap of `heap` of the take-and-break code whose digit for taking `t`
/// counters is `digit(t)` (bit 1: leave nothing, 2: one heap, 4: two heaps, 8: three heaps):
/// what it takes and the heaps it leaves, ascending, none empty.
pub fn code_options(digit: impl Fn(usize) -> u8, heap: u32) -> Vec<(u32, Vec<u32>)> {
    let mut options = Vec::new();
    for take in 0..=heap {
        let digit = digit(take as usize);
        let rest = heap - take;
        if digit & 1 != 0 && rest == 0 && take > 0 {
            options.push((take, vec![]));
        }
        if digit & 2 != 0 && rest > 0 {
            options.push((take, vec![rest]));
        }
        if digit & 4 != 0 {
            options.extend((1..=rest / 2).map(|a| (take, vec![a, rest - a])));
        }
        if digit & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    options.push((take, vec![a, b, rest - a - b]));
                }
            }
        }
    }
    options
}

/// Every move of one heap of `heap` in Grundy's game: the two unequal heaps of the split.
pub fn grundys_options(heap: u32) -> Vec<(u32, Vec<u32>)> {
    (1..heap)
        .filter(|&a| a < heap - a)
        .map(|a| (0, vec![a, heap - a]))
        .collect()
}

/// The Grundy value of a row of heaps of a take-and-break game, by trying every move of
/// every heap on the whole row (no Sprague–Grundy sum rule), memoised on the sorted row.
pub fn row_value(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    row: &[u32],
    memo: &mut HashMap<Vec<u32>, u32>,
) -> u32 {
    let mut key: Vec<u32> = row.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&value) = memo.get(&key) {
        return value;
    }
    let mut seen = BTreeSet::new();
    for i in 0..key.len() {
        if i > 0 && key[i] == key[i - 1] {
            continue;
        }
        for (_, left) in options(key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(left);
            seen.insert(row_value(options, &next, memo));
        }
    }
    let value = mex(&seen);
    memo.insert(key, value);
    value
}

/// The winning moves of one heap by the whole-row brute force: the moves to a row of value 0.
pub fn heap_winning(
    options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>,
    heap: u32,
    memo: &mut HashMap<Vec<u32>, u32>,
) -> BTreeSet<OctalMove> {
    options(heap)
        .into_iter()
        .filter(|(_, left)| row_value(options, left, memo) == 0)
        .map(|(take, left)| OctalMove {
            take: u128::from(take),
            to: left.into_iter().map(u128::from).collect(),
        })
        .collect()
}

/// `G(n)` for `n < len` of one heap of a take-and-break game, the textbook way: the mex over
/// the moves of the nim-sum of the heaps each leaves.
pub fn heap_values(options: &dyn Fn(u32) -> Vec<(u32, Vec<u32>)>, len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len as u32 {
        let seen: BTreeSet<u32> = options(n)
            .into_iter()
            .map(|(_, left)| left.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .collect();
        g.push(mex(&seen));
    }
    g
}

/// The period and preperiod that the Guy–Smith theorem proves from the values `g` of the
/// octal game `digits`: the least `p` such that, with `n0` the least start of the run
/// `G(n + p) = G(n)` for `n0 <= n < len - p`, the run reaches `2·s + p + t`, where `t` is the
/// most a move takes and `s = n0`, or `s = max(n0, 1)` when some digit may split but not leave
/// one heap (4 or 5; a first digit 4): the theorem's proof matches a split `(a, b)` of
/// `n + p` with `(a, b - p)` of `n`, a one-heap move when `b = p`.
pub fn guy_smith(g: &[u32], digits: &[u8]) -> Option<(usize, usize)> {
    let t = octal_max_take(digits);
    let split_only = digits.iter().any(|&d| d & 6 == 4);
    let len = g.len();
    (1..len).find_map(|p| {
        let mut n0 = len - p;
        while n0 > 0 && g[n0 - 1 + p] == g[n0 - 1] {
            n0 -= 1;
        }
        let start = if split_only { n0.max(1) } else { n0 };
        (len >= 2 * start + 2 * p + t).then_some((p, n0))
    })
}

/// The heap below `preperiod + period` with the value of `heap`.
pub fn reduce(heap: u128, (period, preperiod): (usize, usize)) -> usize {
    let (p, q) = (period as u128, preperiod as u128);
    if heap < q {
        heap as usize
    } else {
        (q + (heap - q) % p) as usize
    }
}

/// A small octal code: `0.` or (one time in four) `4.`, then one to three octal digits.
#[derive(Debug, Clone)]
pub struct SmallCode(pub String);

impl SmallCode {
    /// A code of one to three digits, each drawn from `digits`.
    pub fn of(g: &mut Gen, digits: &[u8], split_first: bool) -> Self {
        let first = if split_first && u8::arbitrary(g) % 4 == 0 {
            '4'
        } else {
            '0'
        };
        let count = 1 + u8::arbitrary(g) % 3;
        let rest: String = (0..count)
            .map(|_| char::from(b'0' + *g.choose(digits).expect("digits")))
            .collect();
        SmallCode(format!("{first}.{rest}"))
    }
}

impl Arbitrary for SmallCode {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallCode::of(g, &[0, 1, 2, 3, 4, 5, 6, 7], true)
    }
}

/// A small octal code that never splits a heap (digits 0 to 3), so a heap has at most two
/// moves per take, however large.
#[derive(Debug, Clone)]
pub struct NoSplitCode(pub String);

impl Arbitrary for NoSplitCode {
    fn arbitrary(g: &mut Gen) -> Self {
        NoSplitCode(SmallCode::of(g, &[0, 1, 2, 3], false).0)
    }
}

/// A heap near the top of `u128`: at least 2^127.
#[derive(Debug, Clone, Copy)]
pub struct HugeHeap(pub u128);

impl Arbitrary for HugeHeap {
    fn arbitrary(g: &mut Gen) -> Self {
        let (high, low) = (u64::arbitrary(g), u64::arbitrary(g));
        HugeHeap(1 << 127 | u128::from(high) << 64 | u128::from(low))
    }
}

/// A take-and-break code beyond octal, read here: `digits[t]` says what taking `t` counters
/// may leave (bit 1 nothing, bit 2 one heap, bit 4 two heaps, bit 8 three heaps), and
/// `repeat`, if any, is the digit of every take past the listed ones.
#[derive(Debug, Clone)]
pub struct GeneralCode {
    /// The code as `grundy` reads it: `0.8`, `4.[3]`, `0.1c[7]`.
    pub text: String,
    /// The digits before any repeat, the first before the point.
    pub digits: Vec<u8>,
    /// The repeated digit.
    pub repeat: Option<u8>,
}

impl GeneralCode {
    /// The digit of taking `take` counters.
    pub fn digit(&self, take: usize) -> u8 {
        match self.digits.get(take) {
            Some(&digit) => digit,
            None => self.repeat.unwrap_or(0),
        }
    }

    /// Every move of one heap of `heap`: what it takes and the heaps it leaves (ascending,
    /// none empty), three-heap splits included.
    pub fn options(&self, heap: u32) -> Vec<(u32, Vec<u32>)> {
        code_options(|take| self.digit(take), heap)
    }
}

impl Arbitrary for GeneralCode {
    /// Before the point 0, 4, 8 or C (a take of nothing may only split); one to three
    /// hexadecimal digits after it; one time in two a repeated digit at the end.
    fn arbitrary(g: &mut Gen) -> Self {
        let first = *g.choose(&[0u8, 0, 4, 8, 12]).expect("digits");
        let count = 1 + usize::from(u8::arbitrary(g) % 3);
        let mut digits = vec![first];
        digits.extend((0..count).map(|_| u8::arbitrary(g) % 16));
        let repeat = bool::arbitrary(g).then(|| u8::arbitrary(g) % 16);
        let hex = |d: u8| char::from_digit(u32::from(d), 16).expect("a hexadecimal digit");
        let mut text = format!("{}.", hex(first));
        text.extend(digits[1..].iter().map(|&d| hex(d)));
        if let Some(d) = repeat {
            text += &format!("[{}]", hex(d));
        }
        GeneralCode {
            text,
            digits,
            repeat,
        }
    }
}
