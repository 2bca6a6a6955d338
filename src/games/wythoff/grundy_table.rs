//! Wythoff's Grundy values, by a table filled row by row with windowed bit sets.
//!
//! Wythoff's Grundy values have no known closed form. The table keeps one bit set of the
//! values already seen in each row, column and diagonal; a value is the least value in none
//! of the three sets of its lines. Two bounds keep the sets small, for `m ≤ n`:
//!
//! - `G(m, n) ≤ n + 2m`, the number of options;
//! - `G(m, n) ≥ n − 2m`: if a value `v` is missing from the options of `(m, n)`, each of the
//!   `n` cells `(m, j)`, `j < n`, either has a value below `v` (at most `v` cells, as values
//!   in a row are distinct) or has `v` among its options, in its column or diagonal (`v` is
//!   not in row `m` before `n`); each of the `m` rows above holds `v` at most once, which
//!   covers one column and one diagonal: at most `2m` cells. So `n ≤ v + 2m`.
//!
//! So every line's set lives in a window of `4m + 1` values for the smaller heap `m`, and a
//! mex scans `O(m / 64)` words. By symmetry `G(a, b) = G(b, a)`, only the half of the table
//! with `i ≤ j` is computed: `O(m · n · (1 + m / 64))` time, `O(n · (1 + m / 64))` words.

use crate::Error;
use alloc::vec::Vec;
use core::iter::FusedIterator;

/// A bit set of values in the window `[base, base + 64 · words)`, stored in a slice.
struct Window<'a> {
    words: &'a [u64],
    base: usize,
}

impl Window<'_> {
    /// The bits of values `64w .. 64w + 64`.
    fn word(&self, w: usize) -> u64 {
        let start = w * 64;
        if start >= self.base {
            let offset = start - self.base;
            let (q, r) = (offset / 64, offset % 64);
            let low = self.words.get(q).map_or(0, |&x| x >> r);
            let high = if r == 0 {
                0
            } else {
                self.words.get(q + 1).map_or(0, |&x| x << (64 - r))
            };
            low | high
        } else {
            let offset = self.base - start;
            if offset >= 64 {
                0
            } else {
                self.words.first().map_or(0, |&x| x << offset)
            }
        }
    }
}

/// Sets the bit of `value` in a window starting at `base`.
fn insert(words: &mut [u64], base: usize, value: usize) {
    debug_assert!(value >= base && value - base < 64 * words.len());
    let Some(offset) = value.checked_sub(base) else {
        return;
    };
    if let Some(word) = words.get_mut(offset / 64) {
        *word |= 1 << (offset % 64);
    }
}

/// The Grundy value of `(small, large)` and, when asked, the values of all its options.
#[derive(Debug, Clone)]
pub(super) struct Table {
    small: usize,
    large: usize,
    value: usize,
    /// `G(i, large)` for `i < small`.
    column_large: Vec<usize>,
    /// `G(i, small)` for `i < small`.
    column_small: Vec<usize>,
    /// `G(small, j)` for `small ≤ j < large`.
    row: Vec<usize>,
    /// `G(i, i + large − small)` for `i < small`.
    diagonal: Vec<usize>,
}

impl Table {
    /// Fills the table for the position `(a, b)` if it has at most `limit` entries, keeping
    /// the values of the position's options when `options` is set.
    ///
    /// # Errors
    ///
    /// [`Error::TableLimit`] when `(a + 1)(b + 1) > limit`, with that product (saturated at
    /// `u128::MAX`) as `requested`.
    pub(super) fn fill(a: u128, b: u128, limit: usize, options: bool) -> Result<Table, Error> {
        let (m, n) = (a.min(b), a.max(b));
        let too_big = |requested: u128| Error::TableLimit { requested, limit };
        let requested = m
            .checked_add(1)
            .zip(n.checked_add(1))
            .and_then(|(rows, columns)| rows.checked_mul(columns))
            .unwrap_or(u128::MAX);
        if requested > limit as u128 {
            return Err(too_big(requested));
        }
        // `(m + 1)(n + 1) ≤ limit`, so both fit in `usize`, and so does `n + 2m + 1`.
        let (Ok(m), Ok(n)) = (usize::try_from(m), usize::try_from(n)) else {
            return Err(too_big(requested));
        };
        // `m ≤ n` and `(m + 1)² ≤ limit`, so `4m + 1` cannot overflow; `n + 2m + 1 ≤
        // (m + 1)(n + 1)` does not either, nor `j + 2i` below (`i ≤ m`, `j ≤ n`).
        // Every value in a column or a diagonal lies in a window of `4m + 1` values.
        let stride = (4 * m + 1).div_ceil(64);
        let lines = n + 1;
        let Some(size) = stride.checked_mul(lines) else {
            return Err(too_big(requested));
        };
        let mut columns = zeroed(size)?;
        let mut diagonals = zeroed(size)?;
        let mut row = zeroed((n + 2 * m + 1).div_ceil(64))?;
        // Column `j` holds values in `[j − 2m, j + 2m]`; diagonal `d` (cells `(i, i + d)`) in
        // `[d − m, d + 3m]`.
        let column_base = |j: usize| j.saturating_sub(2 * m);
        let diagonal_base = |d: usize| d.saturating_sub(m);
        let mut table = Table {
            small: m,
            large: n,
            value: 0,
            column_large: Vec::new(),
            column_small: Vec::new(),
            row: Vec::new(),
            diagonal: Vec::new(),
        };
        if options {
            // `m` values in each column and the diagonal, `n − m` in the row.
            for (values, len) in [
                (&mut table.column_large, m),
                (&mut table.column_small, m),
                (&mut table.diagonal, m),
                (&mut table.row, n - m),
            ] {
                values
                    .try_reserve_exact(len)
                    .map_err(|_| Error::OutOfMemory {
                        what: alloc::format!("the values of {len} Wythoff options"),
                    })?;
            }
        }
        for i in 0..=m {
            // Row `i` starts with its cells left of the diagonal, `G(i, j) = G(j, i)` for
            // `j < i`: column `i` so far.
            row.fill(0);
            let column = Window {
                words: columns.get(i * stride..(i + 1) * stride).unwrap_or(&[]),
                base: column_base(i),
            };
            let first = column.base / 64;
            for (w, word) in row.iter_mut().enumerate().skip(first).take(stride + 1) {
                *word = column.word(w);
            }
            for j in i..=n {
                let d = j - i;
                let column = Window {
                    words: columns.get(j * stride..(j + 1) * stride).unwrap_or(&[]),
                    base: column_base(j),
                };
                let diagonal = Window {
                    words: diagonals.get(d * stride..(d + 1) * stride).unwrap_or(&[]),
                    base: diagonal_base(d),
                };
                // `j − 2i ≤ G(i, j) ≤ j + 2i` (see the module's docs): scan only those words.
                let low = j.saturating_sub(2 * i);
                let high = j + 2 * i;
                let mut value = high;
                for w in low / 64..=high / 64 {
                    let mut seen =
                        row.get(w).copied().unwrap_or(0) | column.word(w) | diagonal.word(w);
                    if w == low / 64 {
                        seen |= (1u64 << (low % 64)) - 1; // all present, by the lower bound
                    }
                    if seen != u64::MAX {
                        value = w * 64 + seen.trailing_ones() as usize;
                        break;
                    }
                }
                insert(&mut row, 0, value);
                if let Some(words) = columns.get_mut(j * stride..(j + 1) * stride) {
                    insert(words, column_base(j), value);
                }
                if let Some(words) = diagonals.get_mut(d * stride..(d + 1) * stride) {
                    insert(words, diagonal_base(d), value);
                }
                if options && i < m {
                    if j == n {
                        table.column_large.push(value);
                    }
                    if j == m {
                        table.column_small.push(value);
                    }
                    if d == n - m {
                        table.diagonal.push(value);
                    }
                }
                if i == m {
                    if j == n {
                        table.value = value;
                    } else if options {
                        table.row.push(value);
                    }
                }
            }
        }
        Ok(table)
    }

    /// The Grundy value of the position.
    pub(super) fn value(&self) -> usize {
        self.value
    }

    /// The `k`-th option of `(small, large)` with its value, for `k < large + 2 · small`, as
    /// `(x, y)` with `x` the smaller heap after the move and `y` the larger: first the smaller
    /// heap reduced, then the larger (below `small`, then from `small` on), then both. Needs a
    /// table filled with its options.
    fn option(&self, k: usize) -> Option<((usize, usize), usize)> {
        let (m, n) = (self.small, self.large);
        let at = |values: &[usize], i: usize| values.get(i).copied();
        if k < m {
            Some(((k, n), at(&self.column_large, k)?))
        } else if k < 2 * m {
            let j = k - m;
            Some(((m, j), at(&self.column_small, j)?))
        } else if k < n + m {
            let j = k - m; // m ≤ j < n
            Some(((m, j), at(&self.row, j - m)?))
        } else {
            let i = k - (n + m);
            Some(((i, i + (n - m)), at(&self.diagonal, i)?))
        }
    }

    /// The number of options, `large + 2 · small`.
    fn option_count(&self) -> usize {
        self.large + 2 * self.small
    }
}

/// The options of a position of one value, from a table filled with its options, as `(x, y)`
/// in the table's orientation (see [`Table::option`]); each once.
#[derive(Debug, Clone)]
pub(super) struct OptionsOfValue {
    table: Table,
    target: usize,
    next: usize,
}

impl OptionsOfValue {
    /// The options of value `target`; none when `target` is past `usize::MAX`, as no value
    /// in a table is.
    pub(super) fn new(table: Table, target: u128) -> Self {
        let (target, next) = match usize::try_from(target) {
            Ok(target) => (target, 0),
            Err(_) => (0, table.option_count()),
        };
        OptionsOfValue {
            table,
            target,
            next,
        }
    }
}

impl Iterator for OptionsOfValue {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        while self.next < self.table.option_count() {
            let k = self.next;
            self.next += 1;
            if let Some((position, value)) = self.table.option(k) {
                if value == self.target {
                    return Some(position);
                }
            }
        }
        None
    }

    /// Exact: counts the options left of the value (one pass over them).
    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = (self.next..self.table.option_count())
            .filter(|&k| {
                self.table
                    .option(k)
                    .is_some_and(|(_, value)| value == self.target)
            })
            .count();
        (left, Some(left))
    }
}

impl ExactSizeIterator for OptionsOfValue {}

impl FusedIterator for OptionsOfValue {}

/// `len` zero words, or [`Error::OutOfMemory`] if the allocator refuses them (a table within a
/// huge caller's limit must be an error, not an aborted process).
fn zeroed(len: usize) -> Result<Vec<u64>, Error> {
    crate::memory::filled(len, 0).ok_or_else(|| Error::OutOfMemory {
        what: alloc::format!("a Wythoff Grundy table of {len} words of 64 bits"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use crate::games::Wythoff;
    use alloc::collections::BTreeSet;

    /// `G(a, b)` for `a, b < size`, by the definition: the mex of every option's value.
    fn naive_grundy(size: usize) -> Vec<Vec<usize>> {
        let mut g: Vec<Vec<usize>> = Vec::new();
        for a in 0..size {
            let mut row: Vec<usize> = Vec::new();
            for b in 0..size {
                let mut options: BTreeSet<usize> = g.iter().map(|r| r[b]).collect();
                options.extend(row.iter().copied());
                options.extend((1..=a.min(b)).map(|t| g[a - t][b - t]));
                row.push((0..).find(|v| !options.contains(v)).unwrap());
            }
            g.push(row);
        }
        g
    }

    fn value(a: usize, b: usize) -> usize {
        Table::fill(a as u128, b as u128, usize::MAX, false)
            .unwrap()
            .value()
    }

    #[test]
    fn table_matches_naive_mex() {
        let g = naive_grundy(90);
        for (a, row) in g.iter().enumerate() {
            for (b, &expected) in row.iter().enumerate() {
                assert_eq!(value(a, b), expected, "({a}, {b})");
            }
        }
        // thin and long, across word boundaries
        let mut solver = Solver::new();
        for b in 0..300u32 {
            let searched = crate::Evaluator::grundy(&mut solver, &Wythoff::new(3u32, b)).unwrap();
            assert_eq!(value(b as usize, 3) as u128, searched.get(), "({b}, 3)");
        }
    }

    #[test]
    fn options_match_naive_mex() {
        let g = naive_grundy(40);
        for (a, row) in g.iter().enumerate() {
            for b in 0..row.len() {
                let (m, n) = (a.min(b), a.max(b));
                let table = Table::fill(m as u128, n as u128, usize::MAX, true).unwrap();
                assert_eq!(table.value(), g[m][n]);
                // Every option of (m, n), in the table's order, with its value.
                let mut expected: Vec<((usize, usize), usize)> = Vec::new();
                expected.extend((0..m).map(|i| ((i, n), g[i][n])));
                expected.extend((0..n).map(|j| ((m, j), g[m][j])));
                expected.extend((1..=m).rev().map(|t| ((m - t, n - t), g[m - t][n - t])));
                let listed: Vec<_> = (0..table.option_count())
                    .map(|k| table.option(k).unwrap())
                    .collect();
                assert_eq!(listed, expected, "({m}, {n})");
                assert_eq!(table.option(table.option_count()), None);
                for target in 0..8 {
                    let options = OptionsOfValue::new(table.clone(), target as u128);
                    assert_eq!(options.len(), options.clone().count());
                    let wanted: Vec<_> = expected
                        .iter()
                        .filter(|&&(_, v)| v == target)
                        .map(|&(p, _)| p)
                        .collect();
                    assert_eq!(
                        options.collect::<Vec<_>>(),
                        wanted,
                        "({m}, {n}) to {target}"
                    );
                }
                assert_eq!(OptionsOfValue::new(table, u128::MAX).count(), 0);
            }
        }
    }

    #[test]
    fn limits() {
        assert_eq!(
            Table::fill(2, 3, 11, false).unwrap_err(),
            Error::TableLimit {
                requested: 12,
                limit: 11
            }
        );
        assert!(Table::fill(2, 3, 12, false).is_ok());
        assert_eq!(
            Table::fill(u128::MAX, 0, usize::MAX, false).unwrap_err(),
            Error::TableLimit {
                requested: u128::MAX,
                limit: usize::MAX
            }
        );
    }
}
