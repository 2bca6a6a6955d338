//! The rules of every game of the crate, written from the games' definitions alone, as
//! functions listing the moves of a position with the position each leads to; and
//! combinators for sums.
//!
//! Positions and moves are plain integers, tuples and vectors, never the crate's types; a
//! suite maps the crate's moves to these to compare. Each function documents its position
//! and its move.
#![allow(
    clippy::ptr_arg,
    reason = "the rules take `&S` for a position type `S = Vec<_>`, as `Oracle` needs"
)]

use std::convert::Infallible;

/// Nim: heaps; a move takes any positive number of counters from one heap.
///
/// Position: the heaps, in order (any unsigned width: `u8` keeps memos small). Move:
/// `(index, size after)`.
pub fn nim<T>(heaps: &Vec<T>) -> Vec<((usize, T), Vec<T>)>
where
    T: Copy + Ord + From<u8> + std::ops::Add<Output = T>,
{
    let mut moves = Vec::new();
    for (index, &h) in heaps.iter().enumerate() {
        let mut to = T::from(0);
        while to < h {
            let mut next = heaps.clone();
            next[index] = to;
            moves.push(((index, to), next));
            to = to + T::from(1);
        }
    }
    moves
}

/// Bash: one heap of `n`; a move takes between 1 and `k` counters.
///
/// Position: `(n, k)`. Move: the number taken.
pub fn bash(&(n, k): &(u32, u32)) -> Vec<(u32, (u32, u32))> {
    (1..=k.min(n)).map(|take| (take, (n - take, k))).collect()
}

/// Georgia–Bob: chessmen on distinct cells `1, 2, …`; a move slides one chessman left, not
/// onto or past another, not off cell 1.
///
/// Position: the cells, ascending. Move: `(from, to)`.
pub fn georgia_bob(cells: &Vec<u8>) -> Vec<((u8, u8), Vec<u8>)> {
    let mut moves = Vec::new();
    for (i, &from) in cells.iter().enumerate() {
        let lowest = if i == 0 { 1 } else { cells[i - 1] + 1 };
        for to in lowest..from {
            let mut next = cells.clone();
            next[i] = to;
            moves.push(((from, to), next));
        }
    }
    moves
}

/// Staircase Nim: coins on steps `1, 2, …`; a move carries one or more coins from a step to
/// the step below (off the staircase from step 1).
///
/// Position: the coins on each step, from step 1 up (the total must fit in `u8`). Move:
/// `(step, coins)`, the step numbered from 1.
pub fn staircase(steps: &Vec<u8>) -> Vec<((usize, u8), Vec<u8>)> {
    let mut moves = Vec::new();
    for (i, &held) in steps.iter().enumerate() {
        for coins in 1..=held {
            let mut next = steps.clone();
            next[i] -= coins;
            if i > 0 {
                next[i - 1] += coins;
            }
            moves.push(((i + 1, coins), next));
        }
    }
    moves
}

/// Wythoff's game: two heaps; a move takes any positive number from one heap, or the same
/// positive number from both.
///
/// Position: `(a, b)`. Move: the position after it, `(a', b')`.
pub fn wythoff(&(a, b): &(u32, u32)) -> Vec<((u32, u32), (u32, u32))> {
    let after = (0..a)
        .map(|x| (x, b))
        .chain((0..b).map(|y| (a, y)))
        .chain((1..=a.min(b)).map(|t| (a - t, b - t)));
    after.map(|p| (p, p)).collect()
}

/// A subtraction game: one heap; a move takes `s` counters for some `s` in `set`.
///
/// Position: the heap. Move: the number taken (each listed once, however often `set` names
/// it).
pub fn subtraction(set: &[u32]) -> impl Fn(&u32) -> Vec<(u32, u32)> + Clone + use<> {
    let mut set = set.to_vec();
    set.sort_unstable();
    set.dedup();
    move |&n| {
        set.iter()
            .filter(|&&s| s > 0 && s <= n)
            .map(|&s| (s, n - s))
            .collect()
    }
}

/// A move in a row of heaps: `(index of the heap in the row, counters taken, the heaps left
/// in its place, ascending)`.
pub type RowMove = (usize, u32, Vec<u32>);

/// A game played on a row of heaps, a move changing one heap by `heap_moves`: each entry of
/// `heap_moves(h)` is `(counters taken, heaps left in its place)`.
///
/// Position: the non-empty heaps, ascending (positions come back in that form). Move:
/// [`RowMove`].
pub fn row<F>(heap_moves: F) -> impl Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)> + Clone
where
    F: Fn(u32) -> Vec<(u32, Vec<u32>)> + Clone,
{
    move |heaps: &Vec<u32>| {
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for (take, mut left) in heap_moves(h) {
                left.retain(|&x| x > 0);
                left.sort_unstable();
                let mut next = heaps.clone();
                next.remove(i);
                next.extend(&left);
                next.sort_unstable();
                moves.push(((i, take, left), next));
            }
        }
        moves
    }
}

/// The octal game of `code` (`"0.77"` is Kayles), on one heap: digit `d_t` of the code says
/// what taking `t` counters may leave: bit 1, no heap (the whole heap was `t`); bit 2, one
/// non-empty heap; bit 4, two non-empty heaps. Digit `d_0` (before the point) allows
/// splitting a heap without taking anything, by bit 4.
///
/// Each way to leave two heaps is listed once (`a ≤ b`).
///
/// # Panics
///
/// If `code` is not `digits.digits`.
pub fn octal_heap(code: &str) -> impl Fn(u32) -> Vec<(u32, Vec<u32>)> + Clone + use<> {
    let (first, rest) = code.split_once('.').expect("an octal code has a point");
    let digits: Vec<u8> = first
        .bytes()
        .chain(rest.bytes())
        .map(|b| {
            assert!((b'0'..=b'7').contains(&b), "{code} has a digit beyond 7");
            b - b'0'
        })
        .collect();
    assert_eq!(first.len(), 1, "{code} has one digit before the point");
    move |heap| {
        let mut moves = Vec::new();
        for (t, &d) in digits.iter().enumerate() {
            let t = u32::try_from(t).expect("a short code");
            if t > heap {
                break;
            }
            let rest = heap - t;
            if d & 1 != 0 && t > 0 && rest == 0 {
                moves.push((t, vec![]));
            }
            if d & 2 != 0 && t > 0 && rest > 0 {
                moves.push((t, vec![rest]));
            }
            if d & 4 != 0 {
                for a in (1..rest).take_while(|&a| a <= rest - a) {
                    moves.push((t, vec![a, rest - a]));
                }
            }
        }
        moves
    }
}

/// The octal game of `code` on a row of heaps: [`row`] of [`octal_heap`].
pub fn octal(code: &str) -> impl Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)> + Clone + use<> {
    row(octal_heap(code))
}

/// Grundy's game on one heap: split a heap into two non-empty heaps of different sizes
/// (nothing is taken).
pub fn grundys_game_heap(heap: u32) -> Vec<(u32, Vec<u32>)> {
    (1..heap)
        .take_while(|&a| a < heap - a)
        .map(|a| (0, vec![a, heap - a]))
        .collect()
}

/// Grundy's game on a row of heaps.
pub fn grundys_game() -> impl Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)> + Clone {
    row(grundys_game_heap)
}

/// A token on a vertex of a directed acyclic graph: `edges[v]` lists the vertices `v` moves
/// to.
///
/// Position: the vertex. Move: the vertex moved to.
pub fn dag(edges: Vec<Vec<usize>>) -> impl Fn(&usize) -> Vec<(usize, usize)> + Clone {
    move |&v| edges[v].iter().map(|&w| (w, w)).collect()
}

/// The moves of a sum of positions of one game, with the sums they lead to.
pub type SumMoves<S, M> = Vec<((usize, M), Vec<S>)>;

/// The sum of any number of positions of one game with rules `part`: a move is a move in
/// exactly one component.
///
/// Position: the components, in order. Move: `(component, move in it)`.
pub fn sum<S, M, F>(part: F) -> impl Fn(&Vec<S>) -> SumMoves<S, M> + Clone
where
    S: Clone,
    F: Fn(&S) -> Vec<(M, S)> + Clone,
{
    move |components: &Vec<S>| {
        let mut moves = Vec::new();
        for (i, c) in components.iter().enumerate() {
            for (m, next) in part(c) {
                let mut after = components.clone();
                after[i] = next;
                moves.push(((i, m), after));
            }
        }
        moves
    }
}

/// A move in one component of a sum of games of different kinds: `In::C2(m)` is the move `m`
/// in component `.2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum In<A, B, C = Infallible, D = Infallible> {
    /// In component `.0`.
    C0(A),
    /// In component `.1`.
    C1(B),
    /// In component `.2`.
    C2(C),
    /// In component `.3`.
    C3(D),
}

/// The moves of a sum of two games of different kinds, with the pairs they lead to.
pub type PairMoves<A, B, MA, MB> = Vec<(In<MA, MB>, (A, B))>;

/// The sum of two games of different kinds.
///
/// Position: `(a, b)`. Move: [`In`].
pub fn pair<A, B, MA, MB>(
    a: impl Fn(&A) -> Vec<(MA, A)> + Clone,
    b: impl Fn(&B) -> Vec<(MB, B)> + Clone,
) -> impl Fn(&(A, B)) -> PairMoves<A, B, MA, MB> + Clone
where
    A: Clone,
    B: Clone,
{
    move |p: &(A, B)| {
        let mut moves = Vec::new();
        for (m, q) in a(&p.0) {
            moves.push((In::C0(m), (q, p.1.clone())));
        }
        for (m, q) in b(&p.1) {
            moves.push((In::C1(m), (p.0.clone(), q)));
        }
        moves
    }
}

/// The moves of a sum of four games of different kinds.
pub type FourMoves<A, B, C, D, MA, MB, MC, MD> = Vec<(In<MA, MB, MC, MD>, (A, B, C, D))>;

/// The sum of four games of different kinds.
///
/// Position: `(a, b, c, d)`. Move: [`In`].
#[allow(
    clippy::type_complexity,
    reason = "four rules in, the product's rules out: the type says just that"
)]
pub fn four<A, B, C, D, MA, MB, MC, MD>(
    a: impl Fn(&A) -> Vec<(MA, A)> + Clone,
    b: impl Fn(&B) -> Vec<(MB, B)> + Clone,
    c: impl Fn(&C) -> Vec<(MC, C)> + Clone,
    d: impl Fn(&D) -> Vec<(MD, D)> + Clone,
) -> impl Fn(&(A, B, C, D)) -> FourMoves<A, B, C, D, MA, MB, MC, MD> + Clone
where
    A: Clone,
    B: Clone,
    C: Clone,
    D: Clone,
{
    move |p: &(A, B, C, D)| {
        let mut moves = Vec::new();
        for (m, q) in a(&p.0) {
            moves.push((In::C0(m), (q, p.1.clone(), p.2.clone(), p.3.clone())));
        }
        for (m, q) in b(&p.1) {
            moves.push((In::C1(m), (p.0.clone(), q, p.2.clone(), p.3.clone())));
        }
        for (m, q) in c(&p.2) {
            moves.push((In::C2(m), (p.0.clone(), p.1.clone(), q, p.3.clone())));
        }
        for (m, q) in d(&p.3) {
            moves.push((In::C3(m), (p.0.clone(), p.1.clone(), p.2.clone(), q)));
        }
        moves
    }
}

/// The take-and-break game of a general `code`, on one heap: `d0.d1d2…` with hexadecimal
/// digits and, at the end, one digit in brackets that repeats for ever (CGSuite's `[d]`:
/// `0.[3]` is Nim, `4.[3]` Lasker's Nim). Digit `d_t` says what taking `t` counters may
/// leave: bit 1, no heap (the whole heap was `t`, `t > 0`); bit 2, one non-empty heap
/// (`t > 0`); bit 4, two non-empty heaps; bit 8, three non-empty heaps.
///
/// Each way to leave heaps is listed once, ascending.
///
/// # Panics
///
/// If `code` is not of that form.
pub fn take_and_break_heap(code: &str) -> impl Fn(u32) -> Vec<(u32, Vec<u32>)> + Clone + use<> {
    let (first, rest) = code.split_once('.').expect("a code has a point");
    let (finite, repeat) = match rest.split_once('[') {
        Some((finite, repeated)) => (finite, repeated.trim_end_matches(']')),
        None => (rest, "0"),
    };
    let digit = |c: char| c.to_digit(16).expect("a hexadecimal digit");
    let digits: Vec<u32> = first.chars().chain(finite.chars()).map(digit).collect();
    let repeat = repeat.chars().map(digit).next().unwrap_or(0);
    move |heap| {
        let mut moves = Vec::new();
        for t in 0..=heap {
            let d = digits.get(t as usize).copied().unwrap_or(repeat);
            let rest = heap - t;
            if d & 1 != 0 && t > 0 && rest == 0 {
                moves.push((t, vec![]));
            }
            if d & 2 != 0 && t > 0 && rest > 0 {
                moves.push((t, vec![rest]));
            }
            if d & 4 != 0 {
                for a in 1..=rest / 2 {
                    moves.push((t, vec![a, rest - a]));
                }
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        moves.push((t, vec![a, b, rest - a - b]));
                    }
                }
            }
        }
        moves
    }
}

/// The take-and-break game of a general `code` on a row of heaps: [`row`] of
/// [`take_and_break_heap`].
pub fn take_and_break(
    code: &str,
) -> impl Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)> + Clone + use<> {
    row(take_and_break_heap(code))
}

/// Lasker's Nim on one heap: take any positive number of counters, or split the heap into
/// two non-empty heaps (taking nothing).
pub fn laskers_nim_heap(heap: u32) -> Vec<(u32, Vec<u32>)> {
    let mut moves: Vec<(u32, Vec<u32>)> = (1..=heap)
        .map(|t| (t, if t == heap { vec![] } else { vec![heap - t] }))
        .collect();
    for a in 1..=heap / 2 {
        moves.push((0, vec![a, heap - a]));
    }
    moves
}

/// Every way to write `total` as `parts` positive numbers, ascending.
pub fn partitions(total: u32, parts: usize) -> Vec<Vec<u32>> {
    fn go(total: u32, parts: usize, least: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if parts == 0 {
            if total == 0 {
                out.push(prefix.clone());
            }
            return;
        }
        let mut first = least;
        while first * parts as u32 <= total {
            prefix.push(first);
            go(total - first, parts - 1, first, prefix, out);
            prefix.pop();
            first += 1;
        }
    }
    let mut out = Vec::new();
    go(total, parts, 1, &mut Vec::new(), &mut out);
    out
}
