//! Brute force, written from the rules alone, and small random positions.
//!
//! Every answer of `grundy` is checked against these: each game's Grundy values and winning
//! moves by trying every move, with no closed form, no Sprague–Grundy sum rule where a whole
//! row can be searched, and nothing of the `grundy` crate.
//!
//! The judge games (Nim, misère Nim, Bash, misère Bash, Georgia–Bob, Wythoff) are the brute
//! force the library's tests check the judge examples with, `tests/common/judges.rs` (here
//! `judges.rs` is a symbolic link to it, so that the published package holds it),
//! re-exported; its plain moves become the moves of `grundy --json` by the `From` conversions
//! below. The heap games (subtraction, octal and take-and-break codes, Grundy's game) are
//! written here.
#![allow(dead_code)] // each test file uses part of it

use std::collections::{BTreeSet, HashMap};

use quickcheck::{Arbitrary, Gen};

use super::support::{HeapMove, OctalMove, PairMove, SlideMove, TakeMove};

mod judges;
pub use judges::*;

impl From<(usize, u8)> for HeapMove {
    /// Nim's `(heap, size after)`.
    fn from((heap, to): (usize, u8)) -> Self {
        HeapMove {
            heap,
            to: u128::from(to),
        }
    }
}

impl From<u8> for TakeMove {
    /// Bash's number taken.
    fn from(take: u8) -> Self {
        TakeMove {
            take: u128::from(take),
        }
    }
}

impl From<(u8, u8)> for SlideMove {
    /// Georgia–Bob's `(from, to)`.
    fn from((from, to): (u8, u8)) -> Self {
        SlideMove {
            from: u128::from(from),
            to: u128::from(to),
        }
    }
}

impl From<(usize, usize)> for PairMove {
    /// Wythoff's board after the move.
    fn from((x, y): (usize, usize)) -> Self {
        PairMove {
            to: [x as u128, y as u128],
        }
    }
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

/// Every move of staircase Nim from `steps` (`steps[0]` coins on step 1, ...): carry `c >= 1`
/// coins from step `s` down to step `s - 1` (off the staircase from step 1). Each move is
/// `(s, c)` with the steps after it.
pub fn staircase_options(steps: &[u8]) -> Vec<((usize, u8), Vec<u8>)> {
    let mut options = Vec::new();
    for (i, &coins) in steps.iter().enumerate() {
        for c in 1..=coins {
            let mut next = steps.to_vec();
            next[i] -= c;
            if i > 0 {
                next[i - 1] += c;
            }
            options.push(((i + 1, c), next));
        }
    }
    options
}

/// The Grundy value of a staircase by brute force over every move, memoised.
pub fn staircase_grundy(steps: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    if let Some(&value) = memo.get(steps) {
        return value;
    }
    let seen: BTreeSet<u32> = staircase_options(steps)
        .into_iter()
        .map(|(_, next)| staircase_grundy(&next, memo))
        .collect();
    let value = mex(&seen);
    memo.insert(steps.to_vec(), value);
    value
}

/// A small staircase: one to four steps of at most four coins each.
#[derive(Debug, Clone)]
pub struct SmallStairs(pub Vec<u8>);

impl Arbitrary for SmallStairs {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::from(u8::arbitrary(g) % 4);
        SmallStairs((0..count).map(|_| u8::arbitrary(g) % 5).collect())
    }
}

/// Misère Wythoff by brute force: `wins[a][b]` for `a, b < n`, whether the player to move
/// wins when whoever takes the last counter loses. The empty board is a win: the opponent
/// took the last counter.
pub fn misere_wythoff_wins(n: usize) -> Vec<Vec<bool>> {
    let mut wins = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let options = wythoff_options(a, b);
            wins[a][b] = options.is_empty() || options.iter().any(|&(_, (x, y))| !wins[x][y]);
        }
    }
    wins
}
