//! Small random inputs for quickcheck, shared by the suites: each wrapper keeps a position
//! small enough for the brute force, states its bounds, and shrinks within them.

use quickcheck::{Arbitrary, Gen};

/// `T` drawn with a small generator size (at most 8): short vectors, few elements
/// (petgraph's `Small`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Small<T>(pub T);

impl<T: Arbitrary> Arbitrary for Small<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        let size = g.size().min(8);
        Small(T::arbitrary(&mut Gen::from_size_and_seed(
            size,
            u64::arbitrary(g),
        )))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Small))
    }
}

/// A number below `bound`, drawn from `g`.
pub fn below(g: &mut Gen, bound: u32) -> u32 {
    u32::arbitrary(g) % bound
}

/// Shrinks `items` by dropping one item or shrinking one towards 0, keeping only the results
/// `keep` accepts.
fn shrink_vec<T: Arbitrary + Copy + PartialOrd + Default>(
    items: &[T],
    keep: impl Fn(&[T]) -> bool + 'static,
) -> Box<dyn Iterator<Item = Vec<T>>> {
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut fewer = items.to_vec();
        fewer.remove(i);
        out.push(fewer);
        if items[i] > T::default() {
            for smaller in items[i].shrink().take(3) {
                let mut v = items.to_vec();
                v[i] = smaller;
                out.push(v);
            }
        }
    }
    Box::new(out.into_iter().filter(move |v| keep(v)))
}

/// A small Nim position: 0 to 4 heaps (mostly 4) of at most 5, with ones and zeros common.
#[derive(Clone, Debug)]
pub struct SmallHeaps(pub Vec<u8>);

impl Arbitrary for SmallHeaps {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = *g.choose(&[0, 1, 2, 3, 4, 4, 4, 4]).expect("not empty");
        SmallHeaps(
            (0..count)
                .map(|_| match u8::arbitrary(g) % 9 {
                    h @ 0..=5 => h,
                    _ => 1,
                })
                .collect(),
        )
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_vec(&self.0, |_| true).map(SmallHeaps))
    }
}

/// A small Bash position: a heap `n < 70` and a take limit `k` from 1 to 12.
#[derive(Clone, Debug)]
pub struct SmallBash {
    /// The heap.
    pub n: u32,
    /// The take limit, at least 1.
    pub k: u32,
}

impl Arbitrary for SmallBash {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallBash {
            n: below(g, 70),
            k: 1 + below(g, 12),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let k = self.k;
        let n = self.n;
        let fewer = n.shrink().map(move |n| SmallBash { n, k });
        let lower = (k - 1).shrink().map(move |k| SmallBash { n, k: k + 1 });
        Box::new(fewer.chain(lower))
    }
}

/// A small Georgia–Bob board: 0 to 6 chessmen on distinct cells of `1..=13`, in a random
/// order (the position sorts them).
#[derive(Clone, Debug)]
pub struct SmallBoard(pub Vec<u8>);

impl SmallBoard {
    /// The cells, ascending.
    pub fn sorted(&self) -> Vec<u8> {
        super::sorted(self.0.clone())
    }
}

/// Distinct cells, none 0.
fn valid_board(cells: &[u8]) -> bool {
    let sorted = super::sorted(cells.to_vec());
    sorted.windows(2).all(|w| w[0] < w[1]) && sorted.first() != Some(&0)
}

impl Arbitrary for SmallBoard {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = usize::arbitrary(g) % 7;
        let mut cells: Vec<u8> = Vec::new();
        while cells.len() < count {
            let cell = 1 + u8::arbitrary(g) % 13;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        SmallBoard(cells)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_vec(&self.0, valid_board).map(SmallBoard))
    }
}

/// A small staircase: 0 to 5 steps of at most 4 coins each.
#[derive(Clone, Debug)]
pub struct SmallStairs(pub Vec<u8>);

impl Arbitrary for SmallStairs {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = usize::arbitrary(g) % 6;
        SmallStairs((0..count).map(|_| u8::arbitrary(g) % 5).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_vec(&self.0, |_| true).map(SmallStairs))
    }
}

/// A small Wythoff board: two heaps below 48.
#[derive(Clone, Debug)]
pub struct SmallWythoff(pub u32, pub u32);

impl Arbitrary for SmallWythoff {
    fn arbitrary(g: &mut Gen) -> Self {
        SmallWythoff(below(g, 48), below(g, 48))
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let SmallWythoff(a, b) = *self;
        let first = a.shrink().map(move |a| SmallWythoff(a, b));
        let second = b.shrink().map(move |b| SmallWythoff(a, b));
        Box::new(first.chain(second))
    }
}

/// A small subtraction set: 1 to 4 elements from 1 to 9, in any order, maybe repeated.
#[derive(Clone, Debug)]
pub struct SmallSet(pub Vec<u32>);

impl SmallSet {
    /// The largest element.
    pub fn max(&self) -> u32 {
        self.0.iter().copied().max().unwrap_or(0)
    }
}

impl Arbitrary for SmallSet {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::arbitrary(g) % 4;
        SmallSet((0..count).map(|_| 1 + below(g, 9)).collect())
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_vec(&self.0, |set| !set.is_empty() && !set.contains(&0)).map(SmallSet))
    }
}

/// A small octal code `d0.d1…dk`: `d0` is 0 (mostly) or 4, then 1 to 4 octal digits.
#[derive(Clone, Debug)]
pub struct SmallCode(pub String);

impl Arbitrary for SmallCode {
    fn arbitrary(g: &mut Gen) -> Self {
        let first = *g.choose(&["0", "0", "0", "4"]).expect("not empty");
        let len = 1 + usize::arbitrary(g) % 4;
        let digits: String = (0..len)
            .map(|_| char::from(b'0' + u8::arbitrary(g) % 8))
            .collect();
        SmallCode(format!("{first}.{digits}"))
    }
}

/// A small row of heaps: 1 to 3 heaps with at most 14 counters in all (each at most 12).
#[derive(Clone, Debug)]
pub struct SmallRow(pub Vec<u32>);

impl Arbitrary for SmallRow {
    fn arbitrary(g: &mut Gen) -> Self {
        let count = 1 + usize::arbitrary(g) % 3;
        let mut left = 14;
        let mut heaps = Vec::new();
        for _ in 0..count {
            let h = below(g, left.min(12) + 1);
            left -= h;
            heaps.push(h);
        }
        SmallRow(heaps)
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(shrink_vec(&self.0, |row| !row.is_empty()).map(SmallRow))
    }
}

/// A small directed acyclic graph: 1 to 12 vertices; vertex `i` moves to each `j < i` with
/// probability 2/3, so every shape of small game turns up, with positions of many options of
/// one value and options that raise a value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SmallDag {
    /// `edges[i]` lists the vertices `j < i` that vertex `i` moves to, ascending.
    pub edges: Vec<Vec<usize>>,
}

impl SmallDag {
    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.edges.len()
    }
}

impl Arbitrary for SmallDag {
    fn arbitrary(g: &mut Gen) -> Self {
        let n = usize::arbitrary(g) % 12 + 1;
        let edges = (0..n)
            .map(|i| (0..i).filter(|_| u8::arbitrary(g) % 3 != 0).collect())
            .collect();
        SmallDag { edges }
    }

    /// Drops the last vertex (only later vertices move to it, and there are none), or one
    /// edge.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut out = Vec::new();
        if self.edges.len() > 1 {
            out.push(SmallDag {
                edges: self.edges[..self.edges.len() - 1].to_vec(),
            });
        }
        for (i, options) in self.edges.iter().enumerate() {
            for k in 0..options.len() {
                let mut edges = self.edges.clone();
                edges[i].remove(k);
                out.push(SmallDag { edges });
            }
        }
        Box::new(out.into_iter())
    }
}
