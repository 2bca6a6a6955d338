//! The tutorial examples, run through their own code: each example's story is included here
//! by path and its output checked, line by line where the numbers matter.

#[allow(dead_code)]
#[path = "../examples/your_own_heap_game.rs"]
mod your_own_heap_game;

#[test]
fn your_own_heap_game_tells_its_story() {
    let mut out = String::new();
    your_own_heap_game::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Lasker's Nim: take any number from a heap, or split it in two."
    );
    assert_eq!(
        lines[1],
        "G(0..=40), by its rule, by its code 4.[3] and by search, all three alike:"
    );
    // G(4k + 1) = 4k + 1, G(4k + 2) = 4k + 2, G(4k + 3) = 4k + 4, G(4k + 4) = 4k + 3.
    let lasker: Vec<String> = (0..=40u32)
        .map(|n| match n % 4 {
            _ if n == 0 => 0,
            1 | 2 => n,
            3 => n + 1,
            _ => n - 1,
        })
        .map(|v| v.to_string())
        .collect();
    assert_eq!(lines[2], format!("  {}", lasker.join(" ")));
    assert_eq!(lines[3], "  the row (3, 5, 6) is worth *7");
    assert_eq!(
        lines[4],
        "  the row (1, 2, 3, 4, 5, 6, 7, 8, 9, 10) is worth *11"
    );
    assert!(lines[5].ends_with("is worth *40"), "{}", lines[5]);
    assert!(lines[6].starts_with("  (the search held "), "{}", lines[6]);
    assert_eq!(
        lines[7],
        "Its table of 1000 values shows period 4, saltus 4, from heap 1: G(n + 4) = G(n) + 4; \
         proven: no."
    );
    assert!(lines[8].contains("answers no heap past the table"));
    assert_eq!(
        lines[9],
        "Heaps 3, 5 and 6 of Lasker's Nim beside seven Kayles pins: *7 + *2 = *5."
    );
    assert_eq!(
        &lines[10..],
        [
            "  win: in Lasker's Nim, take 2 from heap 0 of the sorted row, leaving 1; then (1, 5, 6) + (7) = *0",
            "  win: in Lasker's Nim, take 5 from heap 1 of the sorted row, leaving nothing; then (3, 6) + (7) = *0",
            "  win: in Lasker's Nim, take 2 from heap 2 of the sorted row, leaving 4; then (3, 4, 5) + (7) = *0",
        ]
    );
}

#[test]
fn the_tutorial_row_splits_into_its_heaps() {
    use grundy::Game;
    use your_own_heap_game::LaskerRow;
    let row = LaskerRow(vec![3, 5]);
    assert_eq!(
        row.parts(),
        Some(vec![LaskerRow(vec![3]), LaskerRow(vec![5])])
    );
    assert_eq!(LaskerRow(vec![4]).parts(), None);
    // From a heap of 4: down to 0..=3 or split into 1 + 3 and 2 + 2.
    assert_eq!(LaskerRow(vec![4]).moves().len(), 6);
}

#[allow(dead_code)]
#[path = "../examples/turning_corners.rs"]
mod turning_corners;

/// The nim-products of every `a, b < n` (`n ≤ 16`, so every product is below 16) from the
/// definition alone, which is the game itself: a head at `(a, b)` moves to heads at
/// `(a', b')`, `(a', b)` and `(a, b')`.
fn corners_mex_table(n: usize) -> Vec<Vec<u8>> {
    assert!(n <= 16);
    let mut table = vec![vec![0u8; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = [false; 17];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[(table[a2][b2] ^ table[a2][b] ^ table[a][b2]) as usize] = true;
                }
            }
            table[a][b] = seen.iter().position(|&s| !s).unwrap() as u8;
        }
    }
    table
}

/// `a ⊗ b` for `a, b < 2^(2·half)` by the plain split `a = a1·X ⊕ a0` (`X = 2^half`), with no
/// table and nothing of the crate: `a ⊗ b = (a1b1 ⊕ a1b0 ⊕ a0b1)·X ⊕ (a0b0 ⊕ a1b1 ⊗ X/2)`.
fn slow_nim_mul(a: u128, b: u128, half: u32) -> u128 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let mask = (1u128 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let p11 = slow_nim_mul(a1, b1, half / 2);
    let high = p11 ^ slow_nim_mul(a1, b0, half / 2) ^ slow_nim_mul(a0, b1, half / 2);
    let low = slow_nim_mul(a0, b0, half / 2) ^ slow_nim_mul(p11, 1 << (half - 1), half / 2);
    (high << half) | low
}

/// `a ⊗ b` for any `a, b` below `2^128`, by the slow split.
fn slow_mul(a: u128, b: u128) -> u128 {
    slow_nim_mul(a, b, 64)
}

/// The nim-sum of `x ⊗ y` over the heads, by the slow product.
fn slow_board_value(heads: &std::collections::BTreeSet<(u128, u128)>) -> u128 {
    heads.iter().fold(0, |v, &(x, y)| v ^ slow_mul(x, y))
}

/// Every number written in decimal in `line`, in order.
fn numbers_in(line: &str) -> Vec<u128> {
    line.split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().expect("a number below 2^128"))
        .collect()
}

use crate::xorshift;
use xorshift::XorShift;

#[test]
fn turning_corners_tells_its_story() {
    use std::collections::BTreeSet;

    let mut out = String::new();
    turning_corners::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let table = corners_mex_table(8);
    let value = |x: usize, y: usize| table[x][y];

    assert_eq!(
        lines[0],
        "Turning Corners: turn the corners (a, b), (a, y), (x, b), (x, y) of a rectangle, \
         a < x and b < y, whose far corner (x, y) shows heads."
    );
    assert_eq!(
        lines[1],
        "One head at (x, y), searched: its value is x ⊗ y for every x, y < 8 (row x, column y):"
    );
    assert_eq!(lines[2], "    |  0  1  2  3  4  5  6  7");
    for x in 0..8 {
        let row: String = (0..8).map(|y| format!("{:>3}", value(x, y))).collect();
        assert_eq!(lines[3 + x], format!("{x:>3} |{row}"));
    }
    // Published products: *2 * *2 = *3, *4 * *4 = *6, *2 * *4 = *8, read from the table
    // (each row starts with its x).
    let cell = |x: usize, y: usize| numbers_in(lines[3 + x])[1 + y];
    assert_eq!((cell(2, 2), cell(4, 4), cell(2, 4)), (3, 6, 8));
    // 64 single heads and, for each head (x, y), its x·y options of three heads.
    let options: usize = (0..8).map(|x| (0..8).map(|y| x * y).sum::<usize>()).sum();
    assert_eq!(
        lines[11],
        format!(
            "  (the search held {} boards: one head at a time, and the boards of three heads \
             a head moves to)",
            64 + options
        )
    );

    assert_eq!(
        lines[12],
        "Boards searched whole, without splitting, against the nim-sum of x ⊗ y over their heads:"
    );
    let boards: [&[(usize, usize)]; 3] = [
        &[(1, 1), (2, 3), (3, 2)],
        &[(1, 3), (1, 5), (1, 6)],
        &[(1, 3), (2, 2), (2, 4)],
    ];
    for (line, heads) in lines[13..16].iter().zip(boards) {
        let listed: Vec<String> = heads.iter().map(|(x, y)| format!("({x}, {y})")).collect();
        let terms: Vec<String> = heads
            .iter()
            .map(|&(x, y)| format!("*{}", value(x, y)))
            .collect();
        let sum = heads.iter().fold(0, |v, &(x, y)| v ^ value(x, y));
        let outcome = if sum == 0 { "P" } else { "N" };
        assert_eq!(
            *line,
            format!(
                "  {}: {} = *{sum}, as searched; {outcome}",
                listed.join(" "),
                terms.join(" + ")
            )
        );
    }
    assert_eq!(
        lines[13],
        "  (1, 1) (2, 3) (3, 2): *1 + *1 + *1 = *1, as searched; N"
    );
    assert_eq!(
        lines[14],
        "  (1, 3) (1, 5) (1, 6): *3 + *5 + *6 = *0, as searched; P"
    );
    let corner5 = (0..5).fold(0, |v, x| (0..5).fold(v, |v, y| v ^ value(x, y)));
    assert_eq!(corner5, value(4, 4));
    assert_eq!(
        lines[16],
        format!(
            "  all 25 coins of the 5 × 5 corner: their products add up to *{corner5}, as \
             searched; N"
        )
    );
    assert!(
        lines[17].starts_with("  (the whole search held "),
        "{}",
        lines[17]
    );
    let held = numbers_in(lines[17])[0];
    assert!(held > 1 << 15 && held < (1 << 16) + 1000, "{held}");

    // The winning moves from (1, 1) (2, 3) (3, 2), by brute force over the rectangles.
    assert_eq!(
        lines[18],
        "Winning moves from (1, 1) (2, 3) (3, 2) (worth *1), by search and by \
         (x ⊕ a) ⊗ (y ⊕ b) = *1 alike:"
    );
    let heads: BTreeSet<(usize, usize)> = BTreeSet::from([(1, 1), (2, 3), (3, 2)]);
    let mut winning = Vec::new();
    for &(x, y) in &heads {
        for a in 0..x {
            for b in 0..y {
                let mut after = heads.clone();
                for coin in [(a, b), (a, y), (x, b), (x, y)] {
                    if !after.remove(&coin) {
                        after.insert(coin);
                    }
                }
                if after.iter().fold(0, |v, &(p, q)| v ^ value(p, q)) == 0 {
                    winning.push(format!("({x}, {y}) to ({a}, {b})"));
                }
            }
        }
    }
    assert_eq!(lines[19], format!("  {}", winning.join(", ")));

    // The big board: its value by the slow product, and the printed move played out.
    const E30: u128 = 1_000_000_000_000_000_000_000_000_000_000;
    let big = BTreeSet::from([(E30, 2 * E30), (E30 + 7, 3), (E30 / 2 + 11, E30 + 13)]);
    let listed: Vec<String> = big.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    assert_eq!(
        lines[20],
        format!("A board too big to search, heads at {}:", listed.join(" "))
    );
    let v = slow_board_value(&big);
    assert_ne!(v, 0);
    assert_eq!(
        lines[21],
        format!("  by the nim field it is worth *{v}: N, the player to move wins")
    );
    assert!(
        lines[22].starts_with("  win: turn the rectangle ("),
        "{}",
        lines[22]
    );
    let [x, y, a, b] = numbers_in(lines[22])[..] else {
        panic!("four coordinates in {}", lines[22]);
    };
    assert!(big.contains(&(x, y)), "the far corner is a head");
    assert!(a < x && b < y, "a rectangle");
    let mut after = big.clone();
    for coin in [(a, b), (a, y), (x, b), (x, y)] {
        if !after.remove(&coin) {
            after.insert(coin);
        }
    }
    assert_eq!(slow_board_value(&after), 0, "the move wins");
    assert_eq!(slow_mul(x ^ a, y ^ b), v);
    assert_eq!(
        lines[23],
        format!("  it changes the value by (x ⊕ a) ⊗ (y ⊕ b) = *{v} and leaves a board worth *0")
    );
    assert_eq!(lines.len(), 24);
}

#[test]
fn the_corners_board_splits_into_its_heads() {
    use grundy::Game;
    use turning_corners::{Corners, Whole};
    let board = Corners::new(&[(1, 1), (2, 3)]).expect("on the board");
    assert_eq!(
        board.parts(),
        Some(vec![
            Corners::new(&[(1, 1)]).expect("on the board"),
            Corners::new(&[(2, 3)]).expect("on the board"),
        ])
    );
    assert_eq!(Whole(board).parts(), None);
    // From (1, 1): one rectangle; from (2, 3): 2 · 3.
    assert_eq!(board.moves().len(), 7);
    assert!(Corners::new(&[(8, 0)]).is_err());
    // A coin listed twice is turned twice.
    assert_eq!(Corners::new(&[(2, 2), (2, 2)]), Ok(Corners(0)));
}

#[test]
fn z2_plus_z_has_a_root_exactly_when_the_trace_is_zero() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let c = rng.next() as u128;
        // The absolute trace c ⊕ c² ⊕ c⁴ ⊕ … ⊕ c^(2^63), which is 0 or 1.
        let (mut trace, mut power) = (0, c);
        for _ in 0..64 {
            trace ^= power;
            power = slow_mul(power, power);
        }
        assert!(trace <= 1);
        match turning_corners::root_of_z2_plus_z(c, 64) {
            Some(z) => {
                assert_eq!(trace, 0, "{c}");
                assert_eq!(slow_mul(z, z) ^ z, c);
            }
            None => assert_eq!(trace, 1, "{c}"),
        }
        // And every z² ⊕ z has a root.
        let z = rng.next() as u128;
        let c = slow_mul(z, z) ^ z;
        let root = turning_corners::root_of_z2_plus_z(c, 64).expect("a root");
        assert!(root == z || root == z ^ 1);
    }
}

#[test]
fn the_algebraic_winning_move_wins_on_random_big_boards() {
    use std::collections::BTreeSet;
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    let mut big = || (rng.next() as u128) << 64 | rng.next() as u128;
    for _ in 0..100 {
        let heads: BTreeSet<(u128, u128)> =
            (0..3).map(|_| (big() | 1 << 64, big() | 1 << 64)).collect();
        let v = slow_board_value(&heads);
        let mv = turning_corners::winning_move_by_algebra(&heads).expect("a move");
        let ((x, y), (a, b)) = (mv.far, mv.near);
        assert!(heads.contains(&(x, y)) && a < x && b < y);
        assert_eq!(slow_mul(x ^ a, y ^ b), v);
    }
}

#[allow(dead_code)]
#[path = "../examples/budgets.rs"]
mod budgets;

/// `G(0..n)` by the mex over the options' values, where `options(n, g)` lists the values of
/// the options of heap `n` from the values `g` of the smaller heaps.
fn mex_values(n: usize, options: impl Fn(usize, &[u32]) -> Vec<u32>) -> Vec<u32> {
    let mut g = Vec::with_capacity(n);
    for heap in 0..n {
        let seen = options(heap, &g);
        let mut marks = vec![false; seen.len() + 1];
        for v in seen {
            if let Some(mark) = marks.get_mut(v as usize) {
                *mark = true;
            }
        }
        g.push(marks.iter().position(|&m| !m).unwrap() as u32);
    }
    g
}

#[test]
fn budgets_tells_its_story() {
    use core::ops::ControlFlow;
    use grundy::Error;
    use grundy::games::{GrundysGame, HeapRow, Octal, Rules, Wythoff};
    use grundy::prelude::*;
    use grundy::sequence::Goal;

    let mut out = String::new();
    budgets::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let shown = |name: &str, err: &Error| format!("    {name}: {err}");
    let top = u128::MAX;

    // 1. Kayles: remove one pin or two adjacent ones, which may split the row in two.
    let kayles = mex_values(200, |n, g| {
        // The rows left, `a + b = n - taken` (a row of 0 is no row), `a ≤ b`.
        let rows = |rest: usize| (0..=rest / 2).map(move |a| g[a] ^ g[rest - a]);
        let mut seen: Vec<u32> = Vec::new();
        for taken in [1, 2] {
            if n >= taken {
                seen.extend(rows(n - taken));
            }
        }
        seen
    });
    assert!((71..188).all(|n| kayles[n + 12] == kayles[n]));
    assert_eq!(Octal::kayles().find_period(167), Ok(None));
    assert!(Octal::kayles().find_period(168).unwrap().is_some());
    let twin = (71 + (top - 71) % 12) as usize;
    assert_eq!(
        lines[..4],
        [
            "Questions past every budget; each refusal is shown as its variant and its message.",
            "1. A table budget.",
            "  Kayles within 100 values, heap 2^128 - 1:",
            &shown(
                "HeapOutOfRange",
                &Error::HeapOutOfRange {
                    heap: top,
                    computed: 100
                }
            ),
        ]
    );
    let small = Octal::kayles().with_table_limit(100);
    assert_eq!(
        lines[3],
        shown(
            "HeapOutOfRange",
            &HeapRow::heap(small, top).grundy().unwrap_err()
        )
    );
    assert_eq!(
        lines[4],
        format!(
            "  Kayles within 200 values: *{}, by the period 12 from heap 71 that its 200 values \
             prove (heap 2^128 - 1 is worth what heap {twin} is worth)",
            kayles[twin]
        )
    );
    assert_eq!(
        lines[5],
        format!(
            "  the clone within 100 values now answers it too, from the shared table: *{}",
            kayles[twin]
        )
    );

    // Grundy's game: split a heap into two unequal heaps.
    let grundys = mex_values(2000, |n, g| {
        (1..n.div_ceil(2)).map(|a| g[a] ^ g[n - a]).collect()
    });
    assert_eq!(
        lines[6],
        format!(
            "  Grundy's game within 1000 values: heap 999 is *{}; past the budget no period is \
             proven:",
            grundys[999]
        )
    );
    let within_1000 = GrundysGame::new().with_table_limit(1000);
    for (line, heap) in lines[7..9].iter().zip([5000, top]) {
        let err = HeapRow::heap(within_1000.clone(), heap)
            .grundy()
            .unwrap_err();
        assert_eq!(
            err,
            Error::HeapOutOfRange {
                heap,
                computed: 1000
            }
        );
        assert_eq!(*line, shown("HeapOutOfRange", &err));
    }
    assert!(lines[7].contains("a table limit above 5000 computes it"));
    assert!(lines[8].contains("no table can hold it"));

    // Wythoff: take any number from one heap, or the same number from both.
    let (a, b) = (100usize, 200usize);
    let mut w = vec![vec![0u32; b + 1]; a + 1];
    for x in 0..=a {
        for y in 0..=b {
            let mut seen: Vec<u32> = (0..x).map(|i| w[i][y]).collect();
            seen.extend((0..y).map(|j| w[x][j]));
            seen.extend((1..=x.min(y)).map(|k| w[x - k][y - k]));
            w[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    assert_ne!(w[a][b], 0);
    assert_eq!(
        lines[9],
        "  Wythoff (100, 200): N at once, with no table; its value needs 101 × 201 = 20301 \
         table entries:"
    );
    let err = Wythoff::new(100u32, 200)
        .grundy_with_limit(10_000)
        .unwrap_err();
    assert_eq!(
        err,
        Error::TableLimit {
            requested: 20_301,
            limit: 10_000
        }
    );
    assert_eq!(lines[10], shown("TableLimit", &err));
    assert_eq!(lines[11], format!("  within 20301 entries: *{}", w[a][b]));

    // 2. 0.[8]: take k ≥ 1 tokens and split the rest into exactly three non-empty heaps.
    let three = mex_values(21, |n, g| {
        let mut seen = Vec::new();
        for rest in 3..n {
            for x in 1..=rest / 3 {
                for y in x..=(rest - x) / 2 {
                    seen.push(g[x] ^ g[y] ^ g[rest - x - y]);
                }
            }
        }
        seen
    });
    let listed: Vec<String> = three.iter().map(u32::to_string).collect();
    assert_eq!(
        lines[12],
        format!(
            "2. A memory budget: 0.[8], take any number and split the rest into three heaps; \
             G(0..=20) = {}",
            listed.join(" ")
        )
    );
    assert_eq!(lines[13], "  1000 values within 100000 bytes:");
    let budget = 100_000;
    let game = Octal::new("0.[8]").unwrap().with_memory_limit(budget);
    let err = game.values(1000).unwrap_err();
    assert_eq!(err, Error::MemoryLimit { limit: budget });
    assert_eq!(lines[14], shown("MemoryLimit", &err));
    // The count the budget reaches is the same for the same budget; the values kept are the
    // unlimited table's.
    let kept = game.sequence().len();
    let furthest = numbers_in(lines[19])[2] as usize;
    let unlimited = Octal::new("0.[8]").unwrap().values(furthest).unwrap();
    assert_eq!(game.sequence().values(), &unlimited.values().slice(..kept));
    assert_eq!(&unlimited.values().slice(..21), &three[..]);
    assert!(kept > 21 && kept < 1000);
    // What the tutorial says of the bytes: about n²/2 for n values (two bytes an entry).
    assert!(
        kept * kept / 2 <= budget && kept * kept > budget,
        "{kept} values in {budget}"
    );
    assert_eq!(
        lines[15],
        format!(
            "  kept: {kept} values, each as a table of the default budget has it ({kept}²/2 = {}: \
             n values take about n²/2 bytes); heap {} is still answered: *{}",
            kept * kept / 2,
            kept - 1,
            unlimited.values().get(kept - 1).unwrap()
        )
    );
    assert_eq!(lines[16], format!("  heap {kept} is not:"));
    let err = HeapRow::heap(game.clone(), kept).grundy().unwrap_err();
    assert_eq!(err, Error::MemoryLimit { limit: budget });
    assert_eq!(lines[17], shown("MemoryLimit", &err));
    let mut reached = vec![kept];
    for (line, times) in lines[18..20].iter().zip([4, 16]) {
        let numbers = numbers_in(line);
        let [bytes, from, to, to_again, square] = numbers[..] else {
            panic!("five numbers in {line}");
        };
        assert_eq!(to, to_again);
        assert_eq!(bytes, (budget * times) as u128);
        assert_eq!(from as usize, *reached.last().unwrap());
        assert_eq!(square, to * to);
        assert_eq!(
            *line,
            format!(
                "  a clone within {bytes} bytes goes on from {from} values and reaches {to} \
                 ({to}² = {square})"
            )
        );
        reached.push(to as usize);
    }
    // Four times the bytes, about twice the values (the tables grow as n²).
    for pair in reached.windows(2) {
        assert!(
            2 * pair[1] >= 3 * pair[0] && 2 * pair[1] <= 5 * pair[0],
            "{pair:?}"
        );
    }
    let larger = game.clone().with_memory_limit(budget * 16);
    assert_eq!(
        larger.values(4000).unwrap_err(),
        Error::MemoryLimit { limit: budget * 16 }
    );
    assert_eq!(larger.sequence().len(), reached[2]);
    assert_eq!(
        larger.sequence().values(),
        &unlimited.values().slice(..reached[2])
    );
    let counts: Vec<String> = reached.iter().map(usize::to_string).collect();
    assert_eq!(
        lines[20],
        format!(
            "  four times the bytes, about twice the values: {}",
            counts.join(", ")
        )
    );

    // 3. Grundy's game in slices of ten progress reports, recomputed here.
    assert_eq!(
        lines[21],
        "3. A deadline: Grundy's game to 2000 values, in slices of 10 progress reports each:"
    );
    let sliced = GrundysGame::new();
    let mut from = 0;
    let mut line = 22;
    for slice in 1.. {
        let mut reports = 0;
        let answer = sliced.grow(Goal::Values(2000), |_| {
            reports += 1;
            if reports > 10 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        match answer {
            Err(err) => {
                let Error::Interrupted { computed } = err else {
                    panic!("{err}");
                };
                assert!(computed > from && computed < 2000);
                assert_eq!(sliced.sequence().values(), &grundys[..computed]);
                assert_eq!(lines[line], format!("  slice {slice}, from {from} values:"));
                assert_eq!(lines[line + 1], shown("Interrupted", &err));
                assert_eq!(
                    lines[line + 1],
                    format!("    Interrupted: the computation was stopped after {computed} values")
                );
                from = computed;
                line += 2;
            }
            Ok(table) => {
                assert_eq!(table.values(), &grundys[..]);
                let zeros = grundys.iter().filter(|&&g| g == 0).count();
                assert_eq!(
                    lines[line],
                    format!(
                        "  slice {slice}, from {from} values: done, 2000 values, as one call \
                         computes them; G(1999) = *{}, and {zeros} of those heaps are \
                         P-positions",
                        grundys[1999]
                    )
                );
                assert!(slice > 2, "the deadline stops it more than once");
                line += 1;
                break;
            }
        }
    }

    // 4. Subtract a square, searched.
    use budgets::{PutBack, Squares};
    let squares = mex_values(5001, |n, g| {
        (1..)
            .map(|r| r * r)
            .take_while(|&s| s <= n)
            .map(|s| g[n - s])
            .collect()
    });
    assert_eq!(
        Squares(10)
            .moves()
            .into_iter()
            .map(|(m, _)| m)
            .collect::<Vec<_>>(),
        [9, 6, 1]
    );
    assert_eq!(
        PutBack(1)
            .moves()
            .into_iter()
            .map(|(m, _)| m)
            .collect::<Vec<_>>(),
        [0, 2]
    );
    let moves_listed: usize = (0..=5000usize).map(|n| n.isqrt()).sum();
    assert!(moves_listed > 100_000);
    let outcome = |v: u32| if v == 0 { "P" } else { "N" };
    let mut solver = Solver::with_position_limit(1000);
    let err = solver.grundy(&Squares(5000)).unwrap_err();
    assert_eq!(err, Error::PositionLimit { limit: 1000 });
    assert_eq!(
        lines[line..line + 7],
        [
            "4. The solver's budgets: subtract a square (1, 4, 9, …) from one heap, searched.",
            "  Solver::with_position_limit(1000), heap 5000:",
            &shown("PositionLimit", &err),
            &format!(
                "  after the error it holds 0 positions, and answers heap 999: *{}, {}, in 1000 \
                 positions",
                squares[999],
                outcome(squares[999])
            ),
            "  Solver::new().with_move_limit(100000), heap 5000:",
            &shown(
                "SearchMoveLimit",
                &Solver::new()
                    .with_move_limit(100_000)
                    .grundy(&Squares(5000))
                    .unwrap_err()
            ),
            &format!(
                "  Solver::new(), heap 5000: *{}, {}, in 5001 positions",
                squares[5000],
                outcome(squares[5000])
            ),
        ]
    );
    assert!(lines[line + 2].contains("raise it with Solver::with_position_limit"));
    assert!(lines[line + 5].starts_with("    SearchMoveLimit: "));
    let err = Solver::new().grundy(&PutBack(10)).unwrap_err();
    assert_eq!(err, Error::Cycle);
    assert_eq!(
        lines[line + 7..line + 9],
        [
            "  put one token back on an odd heap as well (1 → 2 → 1), heap 10:",
            &shown("Cycle", &err),
        ]
    );
    line += 9;

    // 5. Rules of your own that are wrong, and the rule mended.
    let half_up = mex_values(21, |n, g| if n == 0 { vec![] } else { vec![g[n / 2]] });
    let listed: Vec<String> = half_up.iter().map(u32::to_string).collect();
    let half_down = HeapRow::heap(Rules::new(budgets::HalfDown), 20u32)
        .grundy()
        .unwrap_err();
    assert!(matches!(
        half_down,
        Error::InvalidHeapMove { heap: 1, reason } if reason.contains("takes nothing")
    ));
    let crumble = Rules::new(budgets::Crumble(grundy::games::MAX_SPLIT_PARTS + 1))
        .values(21)
        .unwrap_err();
    assert!(matches!(
        crumble,
        Error::InvalidHeapMove { heap: 0, reason } if reason.contains("65536")
    ));
    assert_eq!(
        lines[line..line + 6],
        [
            "5. Rules of your own that are wrong, found when the values are computed:",
            "  take half a non-empty heap, rounded down:",
            &shown("InvalidHeapMove", &half_down),
            &format!(
                "  rounded up, the rule is sound: G(0..=20) = {}",
                listed.join(" ")
            ),
            "  take one token, or crumble the heap into 65537 heaps:",
            &shown("InvalidHeapMove", &crumble),
        ]
    );
    assert!(
        lines[line + 2]
            .ends_with("from a heap of 1: it takes nothing and leaves the heap as it is")
    );
    line += 6;

    // 6. The variants met, sorted as a service would.
    assert_eq!(
        lines[line..],
        [
            "6. The errors above, sorted by their variants:",
            "  over a budget (the message says whether a larger one answers): HeapOutOfRange, \
             TableLimit, MemoryLimit, PositionLimit, SearchMoveLimit",
            "  stopped by the caller, call again to go on: Interrupted",
            "  the game is at fault, no budget helps: Cycle, InvalidHeapMove",
        ]
    );
    // An error the story does not meet falls to the `_` arm.
    assert_eq!(budgets::variant(&Error::ZeroTakeLimit), "another variant");
    assert_eq!(budgets::Reply::of(&Error::ZeroTakeLimit), None);
}

#[allow(dead_code)]
#[path = "../examples/misere.rs"]
mod misere;

/// Brute-force answers for the misère tutorial, by the definitions alone: a position with no
/// move is normal P and misère N; otherwise a position is P exactly when every option is N.
mod misere_oracle {
    use std::collections::HashMap;

    /// The moves of a Kayles row (ascending heaps): knock down one pin or two adjacent ones
    /// from one heap, leaving what is left of it on both sides. Each move as the crate writes
    /// it, with the row after.
    pub fn kayles_moves(row: &[u8]) -> Vec<(String, Vec<u8>)> {
        let mut moves = Vec::new();
        for (index, &heap) in row.iter().enumerate() {
            for take in 1..=heap.min(2) {
                let rest = heap - take;
                for left in 0..=rest / 2 {
                    let right = rest - left;
                    let leaving = match (left, right) {
                        (0, 0) => "nothing".to_string(),
                        (0, r) => r.to_string(),
                        (l, r) => format!("{l} and {r}"),
                    };
                    let mut after: Vec<u8> = row.to_vec();
                    after.remove(index);
                    after.extend([left, right].into_iter().filter(|&h| h > 0));
                    after.sort_unstable();
                    moves.push((
                        format!(
                            "take {take} from heap {index} of the sorted row, leaving {leaving}"
                        ),
                        after,
                    ));
                }
            }
        }
        moves
    }

    /// Kayles rows, memoised: the Grundy value and whether the row is misère P.
    #[derive(Default)]
    pub struct Kayles {
        grundy: HashMap<Vec<u8>, u32>,
        misere_p: HashMap<Vec<u8>, bool>,
    }

    impl Kayles {
        pub fn grundy(&mut self, row: &[u8]) -> u32 {
            if let Some(&g) = self.grundy.get(row) {
                return g;
            }
            let seen: Vec<u32> = kayles_moves(row)
                .into_iter()
                .map(|(_, after)| self.grundy(&after))
                .collect();
            let g = (0..).find(|v| !seen.contains(v)).expect("a mex");
            self.grundy.insert(row.to_vec(), g);
            g
        }

        pub fn misere_p(&mut self, row: &[u8]) -> bool {
            if let Some(&p) = self.misere_p.get(row) {
                return p;
            }
            let moves = kayles_moves(row);
            let p = !moves.is_empty() && !moves.iter().any(|(_, after)| self.misere_p(after));
            self.misere_p.insert(row.to_vec(), p);
            p
        }
    }

    /// Whether the Nim position `heaps` is P under misère play (`misere`) or normal play.
    pub fn nim_p(heaps: &[u8], misere: bool, memo: &mut HashMap<(Vec<u8>, bool), bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&p) = memo.get(&(key.clone(), misere)) {
            return p;
        }
        let options = nim_moves(heaps);
        let p = if options.is_empty() {
            !misere
        } else {
            !options.iter().any(|(_, after)| nim_p(after, misere, memo))
        };
        memo.insert((key, misere), p);
        p
    }

    /// The moves of a Nim position, in the order of the heaps, then the size left: each as
    /// the crate writes it, with the position after.
    pub fn nim_moves(heaps: &[u8]) -> Vec<(String, Vec<u8>)> {
        let mut moves = Vec::new();
        for (index, &heap) in heaps.iter().enumerate() {
            for to in 0..heap {
                let mut after = heaps.to_vec();
                after[index] = to;
                moves.push((format!("reduce heap {index} to {to}"), after));
            }
        }
        moves
    }
}

#[test]
fn misere_tells_its_story() {
    use misere_oracle::{Kayles, kayles_moves, nim_moves, nim_p};
    use std::collections::HashMap;

    let mut out = String::new();
    misere::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let letter = |p: bool| if p { "P" } else { "N" };

    assert_eq!(
        lines[0],
        "Misère play: whoever takes the last counter loses (whoever cannot move wins)."
    );
    assert!(lines[1].starts_with("Misère Nim, by Bouton's rule and by search alike"));

    // Nim, both plays, by brute force.
    let mut memo = HashMap::new();
    let positions: [&[u8]; 6] = [
        &[1, 1],
        &[1, 1, 1],
        &[1, 1, 2],
        &[2, 2],
        &[1, 2, 3],
        &[3, 4, 5],
    ];
    assert_eq!(positions, misere::NIM_POSITIONS);
    for (line, heaps) in lines[2..8].iter().zip(positions) {
        let mut words = Vec::new();
        for (play, misere) in [("normal", false), ("misère", true)] {
            let p = nim_p(heaps, misere, &mut memo);
            let wins: Vec<String> = nim_moves(heaps)
                .into_iter()
                .filter(|(_, after)| nim_p(after, misere, &mut memo))
                .map(|(text, _)| text)
                .collect();
            words.push(if wins.is_empty() {
                format!("{play} {}", letter(p))
            } else {
                format!("{play} {}, wins: {}", letter(p), wins.join(", "))
            });
        }
        let listed: Vec<String> = heaps.iter().map(u8::to_string).collect();
        assert_eq!(
            *line,
            format!("  ({}): {}", listed.join(", "), words.join("; "))
        );
    }
    // The misère move of (1, 1, 2) is not the normal one: three ones, not two.
    assert_eq!(
        lines[4],
        "  (1, 1, 2): normal N, wins: reduce heap 2 to 0; misère N, wins: reduce heap 2 to 1"
    );
    assert_eq!(
        lines[8],
        "  (and alike, outcome and winning moves under both plays, on all 512 positions of \
         three heaps of 0 to 7)"
    );

    // Bash, take 1 to 3: p[n] is P when every take leads to an N-position.
    let bash = |misere: bool| {
        let mut p = vec![!misere];
        for n in 1..=20usize {
            p.push(!(1..=n.min(3)).any(|t| p[n - t]));
        }
        let heaps: Vec<String> = (0..=20).filter(|&n| p[n]).map(|n| n.to_string()).collect();
        heaps.join(" ")
    };
    assert_eq!(bash(true), "1 5 9 13 17");
    assert_eq!(
        lines[9],
        format!(
            "Misère Bash, take 1 to 3, heaps 0 to 20: P at {} (normal play: {}); by formula \
             and by search alike",
            bash(true),
            bash(false)
        )
    );

    // Wythoff, heaps up to 12.
    let wythoff = |misere: bool| {
        let mut p = [[false; 13]; 13];
        for a in 0..13 {
            for b in 0..13 {
                let mut options = Vec::new();
                for t in 1..=a {
                    options.push(p[a - t][b]);
                }
                for t in 1..=b {
                    options.push(p[a][b - t]);
                }
                for t in 1..=a.min(b) {
                    options.push(p[a - t][b - t]);
                }
                p[a][b] = if options.is_empty() {
                    !misere
                } else {
                    !options.contains(&true)
                };
            }
        }
        let listed: Vec<String> = (0..13)
            .flat_map(|a| (a..13).map(move |b| (a, b)))
            .filter(|&(a, b)| p[a][b])
            .map(|(a, b)| format!("({a}, {b})"))
            .collect();
        listed.join(" ")
    };
    assert_eq!(wythoff(true), "(0, 1) (2, 2) (3, 5) (4, 7) (6, 10)");
    assert_eq!(
        lines[10],
        format!(
            "Misère Wythoff, heaps 0 to 12: P at {} and mirror images (normal play: {}); by \
             formula and by search alike",
            wythoff(true),
            wythoff(false)
        )
    );

    // Sums of Kayles heaps: a row of heaps is their sum, so the oracle searches rows.
    assert_eq!(
        lines[11],
        "Sums of Kayles rows under misère play, each searched whole:"
    );
    let mut kayles = Kayles::default();
    assert!(kayles.misere_p(&[1]) && !kayles.misere_p(&[1, 1]));
    assert_eq!(
        lines[12],
        "  one pin, (1), is P; two of them, (1) + (1), are N: under normal play two \
         P-positions always add up to a P-position"
    );
    let most = misere::MOST_PINS;
    assert_eq!(most, 20);
    let mut alike = Vec::new();
    for high in 1..=most {
        for low in 1..high {
            if kayles.grundy(&[low]) == kayles.grundy(&[high])
                && kayles.misere_p(&[low]) == kayles.misere_p(&[high])
            {
                alike.push((low, high));
            }
        }
    }
    assert_eq!(
        lines[13],
        format!(
            "  of the 190 pairs of Kayles heaps of 1 to 20 pins, {} agree on their value and on \
             their misère outcome",
            alike.len()
        )
    );
    let mut found = None;
    'search: for beside in 1..=most {
        for &(low, high) in &alike {
            let mut with_low = vec![low, beside];
            let mut with_high = vec![high, beside];
            with_low.sort_unstable();
            with_high.sort_unstable();
            if kayles.misere_p(&with_low) != kayles.misere_p(&with_high) {
                found = Some((low, high, beside, with_low, with_high));
                break 'search;
            }
        }
    }
    let (low, high, beside, with_low, with_high) = found.expect("a pair told apart");
    assert_eq!((low, high, beside), (5, 17, 1));
    let value = kayles.grundy(&[low]);
    assert_eq!(
        lines[14],
        format!(
            "  the first that a third heap tells apart: {low} and {high} pins, both worth \
             *{value} and both misère {}",
            letter(kayles.misere_p(&[low]))
        )
    );
    let beside_value = kayles.grundy(&[beside]);
    let sum_value = kayles.grundy(&with_low);
    assert_eq!(sum_value, kayles.grundy(&with_high));
    assert_eq!(sum_value, value ^ beside_value);
    assert_eq!(
        lines[15],
        format!(
            "  beside {beside} pin: misère, ({low}) + ({beside}) is {} and ({high}) + ({beside}) \
             is {}; normal, both are *{value} + *{beside_value} = *{sum_value}, {}",
            letter(kayles.misere_p(&with_low)),
            letter(kayles.misere_p(&with_high)),
            letter(sum_value == 0)
        )
    );

    // What the crate answers: the Kayles row (1, 4, 5) under both plays.
    assert_eq!(lines[16], "What the crate answers under misère play:");
    assert_eq!(
        lines[17],
        "  by closed form, at any size, without a search: Nim, Bash and Wythoff"
    );
    let row = misere::KAYLES_ROW;
    assert_eq!(row, [1, 4, 5]);
    let written = |after: &[u8]| {
        let listed: Vec<String> = after.iter().map(u8::to_string).collect();
        format!("({})", listed.join(", "))
    };
    let mut misere_wins: Vec<String> = kayles_moves(&row)
        .into_iter()
        .filter(|(_, after)| kayles.misere_p(after))
        .map(|(text, after)| format!("    {text}: {}", written(&after)))
        .collect();
    let mut normal_wins: Vec<String> = kayles_moves(&row)
        .into_iter()
        .filter(|(_, after)| kayles.grundy(after) == 0)
        .map(|(text, after)| format!("    {text}: {}", written(&after)))
        .collect();
    assert_eq!((misere_wins.len(), normal_wins.len()), (4, 1));
    assert_eq!(
        lines[18],
        format!(
            "  by search, any game: misère Kayles (1, 4, 5) is {}, winning moves:",
            letter(kayles.misere_p(&row))
        )
    );
    let m = misere_wins.len();
    let mut printed: Vec<String> = lines[19..19 + m].iter().map(|s| s.to_string()).collect();
    printed.sort();
    misere_wins.sort();
    assert_eq!(printed, misere_wins);
    let g = kayles.grundy(&row);
    assert_eq!(
        lines[19 + m],
        format!(
            "  under normal play, by its table, the row is worth *{g}, {}, winning moves:",
            letter(g == 0)
        )
    );
    let n = normal_wins.len();
    let mut printed: Vec<String> = lines[20 + m..20 + m + n]
        .iter()
        .map(|s| s.to_string())
        .collect();
    printed.sort();
    normal_wins.sort();
    assert_eq!(printed, normal_wins);
    let direct = lines[20 + m + n];
    assert!(
        direct
            .starts_with("  asked directly, the row answers from Kayles' misère quotient (order "),
        "{direct}"
    );
    assert!(
        direct.ends_with(&format!(
            "): {}, the same {m} winning moves",
            letter(kayles.misere_p(&row))
        )),
        "{direct}"
    );
    assert_eq!(
        lines[21 + m + n],
        "Misère quotients (grundy::misere) answer rows of heap games; beyond them and Nim, Bash \
         and Wythoff, misère play is a search of the whole position."
    );
    assert_eq!(lines.len(), 22 + m + n);
}

// ---- sums, your_own_game, staircase ----

/// The shared brute force (`tests/common/`): rules of every game and an oracle that answers
/// from the definitions alone.
use crate::common as shared_oracle;

/// How many positions are reachable from `start` (itself included), where `next` lists the
/// positions one step away.
fn reachable<S, I>(start: S, next: impl Fn(&S) -> I) -> usize
where
    S: Clone + Eq + std::hash::Hash,
    I: IntoIterator<Item = S>,
{
    let mut seen = std::collections::HashSet::from([start.clone()]);
    let mut todo = vec![start];
    while let Some(p) = todo.pop() {
        for q in next(&p) {
            if seen.insert(q.clone()) {
                todo.push(q);
            }
        }
    }
    seen.len()
}

/// The positions of a rule's game reachable from `start`.
fn reachable_by<S, M>(start: S, rules: impl Fn(&S) -> Vec<(M, S)>) -> usize
where
    S: Clone + Eq + std::hash::Hash,
{
    reachable(start, |p| rules(p).into_iter().map(|(_, q)| q))
}

/// The rows a `Solver` stores for a Kayles row: the row itself and, for a row of two or more
/// heaps, its heaps alone (what `Game::parts` documents), else the rows its moves leave.
fn kayles_rows_stored(pins: u32) -> usize {
    let kayles = shared_oracle::rules::octal("0.77");
    reachable(vec![pins], |row: &Vec<u32>| {
        if row.len() >= 2 {
            row.iter().map(|&h| vec![h]).collect::<Vec<_>>()
        } else {
            kayles(row).into_iter().map(|(_, q)| q).collect()
        }
    })
}

/// A pile from which a move takes a positive square number of counters, by its rule.
fn squares_rule(&n: &u32) -> Vec<(u32, u32)> {
    (1..)
        .map(|r: u32| r * r)
        .take_while(|&s| s <= n)
        .map(|s| (s, n - s))
        .collect()
}

/// `(a, b)` as the crate writes a list.
fn listed<T: std::fmt::Display>(items: &[T]) -> String {
    let items: Vec<String> = items.iter().map(T::to_string).collect();
    format!("({})", items.join(", "))
}

#[allow(dead_code)]
#[path = "../examples/sums.rs"]
mod sums;

#[test]
fn sums_tells_its_story() {
    use grundy::Error;
    use grundy::Play;
    use shared_oracle::Oracle;
    use shared_oracle::rules::{self, In};

    let mut out = String::new();
    sums::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();

    assert_eq!(sums::START, (5, (3, 3), 6, 13));
    assert_eq!(sums::LARGER, (10, (6, 6), 12, 26));
    let mut nim = Oracle::new(rules::nim::<u8>);
    let mut wythoff = Oracle::new(rules::wythoff);
    let mut kayles = Oracle::new(rules::octal("0.77"));
    let mut squares = Oracle::new(squares_rule);
    let values = [
        nim.grundy(&vec![5]),
        wythoff.grundy(&(3, 3)),
        kayles.grundy(&vec![6]),
        squares.grundy(&13),
    ];
    let total = values.iter().fold(0, |x, v| x ^ v);
    assert_eq!(
        lines[..6],
        [
            "Four games side by side; a move is made in one of them, and whoever cannot move loses.",
            &format!("  a Nim heap (5): *{}", values[0]),
            &format!("  a Wythoff board (3, 3): *{}", values[1]),
            &format!("  a Kayles row (6): *{}", values[2]),
            &format!(
                "  a pile of 13 from which a move takes 1, 4 or 9 (a game of your own, searched): *{}",
                values[3]
            ),
            &format!(
                "The sum is worth *{} + *{} + *{} + *{} = *{total}, the nim-sum of its parts: the \
                 player to move wins.",
                values[0], values[1], values[2], values[3]
            ),
        ]
    );
    assert_eq!(values, [5, 6, 3, 1]);

    // Every winning move, by a game-tree search of the whole product (no Grundy values).
    let start = (vec![5u8], (3u32, 3u32), vec![6u32], 13u32);
    let mut whole = Oracle::new(rules::four(
        rules::nim::<u8>,
        rules::wythoff,
        rules::octal("0.77"),
        squares_rule,
    ));
    assert!(whole.wins(&start, Play::Normal));
    assert_eq!(
        lines[6],
        format!(
            "Every winning move of the sum, found part by part (a part whose value has the top \
             bit of *{total}, moved to its value ⊕ *{total}):"
        )
    );
    let mut expected: Vec<String> = whole
        .winning_moves(&start, Play::Normal)
        .into_iter()
        .map(|mv| {
            let after = whole.play(&start, &mv).expect("a move of the rules");
            let words = match mv {
                In::C0((index, to)) => format!("in the Nim heap, reduce heap {index} to {to}"),
                In::C1((x, y)) => {
                    let (a, b) = start.1;
                    let taken = if y == b {
                        format!("take {} from the first heap", a - x)
                    } else if x == a {
                        format!("take {} from the second heap", b - y)
                    } else {
                        format!("take {} from both", a - x)
                    };
                    format!("on the Wythoff board, {taken}, leaving ({x}, {y})")
                }
                In::C2((index, take, left)) => {
                    let leaving = match left[..] {
                        [] => "nothing".to_string(),
                        [r] => r.to_string(),
                        [l, r] => format!("{l} and {r}"),
                        _ => unreachable!("Kayles leaves at most two heaps"),
                    };
                    format!("in the Kayles row, take {take} from heap {index} of the sorted row, leaving {leaving}")
                }
                In::C3(take) => format!("in the pile, take {take}"),
            };
            format!(
                "  {words}: then {} + ({}, {}) + {} + a pile of {}, worth *0",
                listed(&after.0),
                after.1.0,
                after.1.1,
                listed(&after.2),
                after.3
            )
        })
        .collect();
    let m = expected.len();
    assert_eq!(m, 3);
    let mut printed: Vec<String> = lines[7..7 + m].iter().map(|s| s.to_string()).collect();
    expected.sort();
    printed.sort();
    assert_eq!(printed, expected);

    // The positions stored: the whole search holds every reachable combination of the parts.
    let line = 7 + m;
    let product = reachable_by(start.clone(), |p| whole.options(p));
    let parts = [
        reachable_by(vec![5u8], rules::nim::<u8>),
        reachable_by((3, 3), rules::wythoff),
        kayles_rows_stored(6),
        reachable_by(13, squares_rule),
    ];
    assert_eq!(
        product,
        parts[0] * parts[1] * reachable_by(vec![6u32], rules::octal("0.77")) * parts[3]
    );
    assert_eq!(
        lines[line..line + 6],
        [
            "Positions a Solver stores to answer it (the value and every winning move):",
            &format!(
                "  the whole tuple, one game to one Solver: {product} positions, every \
                 combination of the parts (same answers)"
            ),
            &format!(
                "  part by part, a Solver for each part: {} + {} + {} + {} = {} positions",
                parts[0],
                parts[1],
                parts[2],
                parts[3],
                parts.iter().sum::<usize>()
            ),
            &format!(
                "  part by part, Direct for the crate's games and a Solver for the pile: {} \
                 positions",
                parts[3]
            ),
            &format!(
                "  the crate's three games alone, by the tuple's own grundy(): *{}, and no \
                 position stored",
                values[0] ^ values[1] ^ values[2]
            ),
            "Twice as large, (10) + (6, 6) + (12) + a pile of 26:",
        ]
    );
    assert!(product > 100 * parts.iter().sum::<usize>());

    // Twice as large: the product is past the limit, the parts are not.
    let larger_product = reachable_by(vec![10u8], rules::nim::<u8>)
        * reachable_by((6, 6), rules::wythoff)
        * reachable_by(vec![12u32], rules::octal("0.77"))
        * reachable_by(26, squares_rule);
    assert!(larger_product > sums::WHOLE_LIMIT);
    let larger_parts = reachable_by(vec![10u8], rules::nim::<u8>)
        + reachable_by((6, 6), rules::wythoff)
        + kayles_rows_stored(12)
        + reachable_by(26, squares_rule);
    let larger_value = nim.grundy(&vec![10])
        ^ wythoff.grundy(&(6, 6))
        ^ kayles.grundy(&vec![12])
        ^ squares.grundy(&26);
    assert_eq!(
        lines[line + 6..],
        [
            &format!(
                "  the whole tuple, one Solver limited here to {} positions: {}",
                sums::WHOLE_LIMIT,
                Error::PositionLimit {
                    limit: sums::WHOLE_LIMIT
                }
            ),
            &format!(
                "  part by part, a Solver for each part: *{larger_value}, from {larger_parts} \
                 positions"
            ),
            "Use a tuple of evaluators, Direct for the crate's games and a Solver for yours: \
             (Direct, Direct, Direct, Solver::new()).",
        ]
    );
}

#[allow(dead_code)]
#[path = "../examples/your_own_game.rs"]
mod your_own_game;

#[test]
fn your_own_game_tells_its_story() {
    use grundy::Play;
    use shared_oracle::Oracle;
    use shared_oracle::rules::{self, In};
    use std::collections::BTreeSet;

    let mut out = String::new();
    your_own_game::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();

    // The graph, written out again: every edge to a smaller vertex.
    let edges: Vec<Vec<usize>> = vec![
        vec![],
        vec![0],
        vec![0, 1],
        vec![1],
        vec![2, 3],
        vec![0, 3, 4],
        vec![4, 5],
        vec![2, 6],
        vec![3, 5, 7],
        vec![2, 4, 6, 8],
    ];
    let theirs: Vec<Vec<usize>> = your_own_game::EDGES
        .iter()
        .map(|to| to.iter().map(|&w| usize::from(w)).collect())
        .collect();
    assert_eq!(theirs, edges);
    assert_eq!(
        lines[..2],
        [
            "A token on a graph with no cycle: a move slides it along one edge; whoever cannot \
             move loses.",
            "  the edges: 1 → 0; 2 → 0 1; 3 → 1; 4 → 2 3; 5 → 0 3 4; 6 → 4 5; 7 → 2 6; \
             8 → 3 5 7; 9 → 2 4 6 8",
        ]
    );

    // One token: the values by the mex, the outcomes and winning moves by a game-tree search.
    let mut one = Oracle::new(rules::dag(edges.clone()));
    let values: Vec<u128> = (0..10).map(|v| one.grundy(&v)).collect();
    let shown: Vec<String> = values.iter().map(u128::to_string).collect();
    assert_eq!(
        lines[2],
        format!(
            "One token, searched by a Solver: G(0..=9) = {}",
            shown.join(" ")
        )
    );
    assert_eq!(shown.join(" "), "0 1 2 0 1 2 0 1 3 4");
    let lost: Vec<String> = (0..10)
        .filter(|v| !one.wins(v, Play::Normal))
        .map(|v| v.to_string())
        .collect();
    assert_eq!(
        lines[3],
        format!(
            "  the player to move loses with the token at {}",
            lost.join(", ")
        )
    );
    for (line, v) in lines[4..6].iter().zip([9usize, 8]) {
        let wins: Vec<String> = one
            .winning_moves(&v, Play::Normal)
            .into_iter()
            .map(|w| format!("token at {v} to {w}"))
            .collect();
        assert_eq!(wins.len(), 1);
        assert_eq!(
            *line,
            format!(
                "  at {v} (*{}), the winning moves: {}",
                values[v],
                wins.join(", ")
            )
        );
    }

    // Three tokens: the sum of one-token games, searched whole by the oracle.
    assert_eq!(your_own_game::THREE, [5, 8, 9]);
    let three = vec![5usize, 8, 9];
    let mut many = Oracle::new(rules::sum(rules::dag(edges.clone())));
    let value = many.grundy(&three);
    assert_eq!(
        lines[6],
        format!(
            "Tokens at (5, 8, 9): a sum of one-token games (Game::parts), *{} + *{} + *{} = \
             *{value}",
            values[5], values[8], values[9]
        )
    );
    // A token that moves from a vertex another shares is one move, listed once.
    let slides = |oracle: &mut Oracle<_, _, _>, at: &Vec<usize>| -> BTreeSet<String> {
        oracle
            .winning_moves(at, Play::Normal)
            .into_iter()
            .map(|(i, w): (usize, usize)| format!("token at {} to {w}", at[i]))
            .collect()
    };
    let wins = slides(&mut many, &three);
    let printed: BTreeSet<String> = lines[7]
        .strip_prefix("  the winning moves: ")
        .expect("the moves")
        .split(", ")
        .map(str::to_string)
        .collect();
    assert_eq!(printed, wins);
    // With the parts: the three tokens, and one token on each vertex they can reach. Whole:
    // every placement of three tokens, as a set of vertices with repeats, that play reaches.
    let reached = reachable(three.clone(), |at: &Vec<usize>| {
        let mut next = Vec::new();
        for (i, &v) in at.iter().enumerate() {
            for &w in &edges[v] {
                let mut after = at.clone();
                after[i] = w;
                after.sort_unstable();
                next.push(after);
            }
        }
        next
    });
    let on_some_vertex = {
        let mut seen: BTreeSet<usize> = three.iter().copied().collect();
        let mut todo: Vec<usize> = three.clone();
        while let Some(v) = todo.pop() {
            for &w in &edges[v] {
                if seen.insert(w) {
                    todo.push(w);
                }
            }
        }
        seen.len()
    };
    assert_eq!(
        lines[8],
        format!(
            "  for the value, the solver stores {} positions with the parts (the three tokens and \
             one token on each vertex reached), {reached} searching the tokens whole",
            1 + on_some_vertex
        )
    );
    assert_eq!(many.grundy(&vec![8, 8]), 0);
    assert!(!many.wins(&vec![8, 8], Play::Normal));
    assert_eq!(
        lines[9],
        format!(
            "  two tokens at 8, (8, 8): *{} + *{} = *0, the player to move loses",
            values[8], values[8]
        )
    );

    // Beside a Nim heap of 7.
    assert_eq!(your_own_game::HEAP, 7);
    let start = (three.clone(), vec![7u8]);
    let mut beside = Oracle::new(rules::pair(rules::sum(rules::dag(edges)), rules::nim::<u8>));
    assert_eq!(
        lines[10],
        format!(
            "The tokens (5, 8, 9) beside a Nim heap of 7: *{value} + *7 = *{}",
            beside.grundy(&start)
        )
    );
    let mut expected: Vec<String> = beside
        .winning_moves(&start, Play::Normal)
        .into_iter()
        .map(|mv| {
            let (mut tokens, heap) = beside.play(&start, &mv).expect("a move of the rules");
            tokens.sort_unstable();
            let words = match mv {
                In::C0((i, w)) => format!("on the graph, token at {} to {w}", three[i]),
                In::C1((index, to)) => format!("in Nim, reduce heap {index} to {to}"),
                _ => unreachable!("a pair has two parts"),
            };
            format!(
                "  win: {words}, leaving {} + {}, worth *0",
                listed(&tokens),
                listed(&heap)
            )
        })
        .collect();
    assert_eq!(expected.len(), 4);
    let mut printed: Vec<String> = lines[11..].iter().map(|s| s.to_string()).collect();
    expected.sort();
    printed.sort();
    assert_eq!(printed, expected);
}

#[test]
fn the_tokens_split_and_refuse_a_vertex_off_the_graph() {
    use grundy::Game;
    use your_own_game::{Tokens, Whole};
    let tokens = Tokens::new(&[9, 5, 9]).expect("on the graph");
    assert_eq!(tokens.vertices(), &[5, 9, 9]);
    assert_eq!(
        tokens.parts(),
        Some(vec![
            Tokens::new(&[5]).unwrap(),
            Tokens::new(&[9]).unwrap(),
            Tokens::new(&[9]).unwrap(),
        ])
    );
    assert_eq!(Whole(tokens.clone()).parts(), None);
    // From 5: three edges; from 9, listed once for the two tokens there: four.
    assert_eq!(tokens.moves().len(), 7);
    assert!(Tokens::new(&[10]).unwrap_err().contains("vertex 10"));
}

#[allow(dead_code)]
#[path = "../examples/staircase.rs"]
mod staircase;

#[test]
fn staircase_tells_its_story() {
    use grundy::Play;
    use shared_oracle::Oracle;
    use shared_oracle::rules;

    let mut out = String::new();
    staircase::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "Georgia–Bob: chessmen on cells 1, 2, …; a move slides one chessman left, never onto or \
         past another and never off cell 1; whoever cannot move loses."
    );

    assert_eq!(staircase::CHESSMEN, [3, 6, 7, 11, 12]);
    let cells: Vec<u8> = vec![3, 6, 7, 11, 12];
    // Paired from the right, the leftmost with the wall (cell 0) when the count is odd.
    let mut pairs: Vec<(u8, u8)> = Vec::new();
    let mut i = cells.len();
    while i > 0 {
        let right = cells[i - 1];
        let left = if i >= 2 { cells[i - 2] } else { 0 };
        pairs.push((left, right));
        i = i.saturating_sub(2);
    }
    assert_eq!(pairs, [(11, 12), (6, 7), (0, 3)]);
    let gap = |(l, r): (u8, u8)| r - l - 1;
    let shown: Vec<String> = pairs
        .iter()
        .map(|&(l, r)| {
            if l == 0 {
                format!("({r}) with the wall at cell 0, gap {}", gap((l, r)))
            } else {
                format!("({l}, {r}) gap {}", gap((l, r)))
            }
        })
        .collect();
    assert_eq!(
        lines[1],
        format!(
            "The chessmen (3, 6, 7, 11, 12), paired from the right: {}",
            shown.join("; ")
        )
    );

    // The value three ways, each by the mex over its own rules.
    let gaps: Vec<u8> = pairs.iter().map(|&p| gap(p)).collect();
    let mut chessmen = Oracle::new(rules::georgia_bob);
    let mut stairs = Oracle::new(rules::staircase);
    let value = chessmen.grundy(&cells);
    assert_eq!(value, 2);
    assert_eq!(
        lines[2],
        format!(
            "  the gaps as Nim heaps, Nim {}: worth *{}; Georgia–Bob, by the crate: *{value}",
            listed(&gaps),
            Oracle::new(rules::nim::<u8>).grundy(&gaps)
        )
    );
    // The empty cells before each chessman, the rightmost first.
    let steps: Vec<u8> = (0..cells.len())
        .rev()
        .map(|i| cells[i] - if i == 0 { 0 } else { cells[i - 1] } - 1)
        .collect();
    assert_eq!(steps, [0, 3, 0, 2, 2]);
    assert_eq!(
        lines[3],
        format!(
            "  as staircase Nim, the empty cells before each chessman from the right are the \
             coins on steps 1, 2, …: {}, worth *{} (its odd steps hold the gaps)",
            listed(&steps),
            stairs.grundy(&steps)
        )
    );
    assert!(chessmen.wins(&cells, Play::Normal));
    assert_eq!(
        lines[4],
        "The winning moves, listed by the crate (the player to move wins):"
    );

    // Every winning move by a game-tree search, each with the staircase move it is (the
    // chessman at index i of n carries coins from step n − i), which must win there too.
    let winning = chessmen.winning_moves(&cells, Play::Normal);
    let stairs_winning = stairs.winning_moves(&steps, Play::Normal);
    let n = cells.len();
    let mut widening = 0;
    let mut shrinking = Vec::new();
    let mut expected: Vec<String> = Vec::new();
    let mut as_steps = std::collections::BTreeSet::new();
    for &(from, to) in &winning {
        let i = cells.iter().position(|&c| c == from).expect("a chessman");
        let (step, coins) = (n - i, from - to);
        assert!(stairs_winning.contains(&(step, coins)));
        as_steps.insert((step, coins));
        let &(left, right) = pairs
            .iter()
            .find(|&&(l, r)| l == from || r == from)
            .expect("in a pair");
        let g = gap((left, right));
        let kind = if from == right {
            shrinking.push(format!("cell {from} to cell {to}"));
            format!("shrinks the gap of its pair from {g} to {}", g - coins)
        } else {
            widening += 1;
            format!(
                "the LEFT chessman of ({left}, {right}) widens its gap from {g} to {}",
                g + coins
            )
        };
        let after = chessmen.play(&cells, &(from, to)).expect("a move");
        assert!(!chessmen.wins(&after, Play::Normal));
        let to_word = if step == 1 {
            format!("carry {coins} off step 1")
        } else {
            format!("carry {coins} from step {step} to step {}", step - 1)
        };
        expected.push(format!(
            "  cell {from} to cell {to}: {kind}; staircase: {to_word}; leaves {}, worth *0",
            listed(&after)
        ));
    }
    assert_eq!(as_steps, stairs_winning, "the same moves, one to one");
    assert_eq!((winning.len(), widening), (3, 2));
    let m = winning.len();
    let mut printed: Vec<String> = lines[5..5 + m].iter().map(|s| s.to_string()).collect();
    printed.sort();
    expected.sort();
    assert_eq!(printed, expected);
    // The naive solution finds the moves of right chessmen only.
    assert_eq!(
        lines[5 + m],
        format!(
            "  a naive solution, Nim on the gaps, finds {} of these {m}: {}",
            shrinking.len(),
            shrinking.join(", ")
        )
    );

    // No free cell left of the pair (1, 2).
    assert_eq!(staircase::BLOCKED, [1, 2, 7, 9]);
    let blocked = vec![1u8, 2, 7, 9];
    let wins: Vec<String> = chessmen
        .winning_moves(&blocked, Play::Normal)
        .into_iter()
        .map(|(from, to)| format!("cell {from} to cell {to}"))
        .collect();
    assert_eq!(wins, ["cell 9 to cell 8"]);
    assert_eq!(
        lines[6 + m],
        format!(
            "From (1, 2, 7, 9) (pairs (7, 9) and (1, 2), worth *{}) the pair (1, 2) would widen \
             its gap, but no cell is free left of cell 1: the winning moves are {}",
            chessmen.grundy(&blocked),
            wins.join(", ")
        )
    );
    assert_eq!(lines.len(), 7 + m);
}

// ---- nim_by_hand, grundy_by_hand, exact_wythoff, periodicity ----

use shared_oracle::judges;

#[allow(dead_code)]
#[path = "../examples/nim_by_hand.rs"]
mod nim_by_hand;

/// The lines `nim_by_hand` prints for the binary columns of `heaps` (of `width` digits), with
/// the parities written out by the test's own formatting, and the nim-sum by brute force.
fn nim_columns_lines(heaps: &[u8], words: &str, width: usize) -> Vec<String> {
    let mut memo = std::collections::HashMap::new();
    let value = judges::nim_grundy(heaps, &mut memo);
    let cells = |digits: String| -> String { digits.chars().map(|c| format!("{c:>3}")).collect() };
    let mut lines = vec![format!(
        "The heaps {words} in binary, one column for each power of two:"
    )];
    let powers: String = (0..width)
        .rev()
        .map(|bit| format!("{:>3}", 1 << bit))
        .collect();
    lines.push(format!("        {powers}"));
    for &h in heaps {
        lines.push(format!("  {h:>3} = {}", cells(format!("{h:0width$b}"))));
    }
    let ones: String = (0..width)
        .rev()
        .map(|bit| {
            format!(
                "{:>3}",
                heaps.iter().filter(|&&h| h >> bit & 1 == 1).count()
            )
        })
        .collect();
    lines.push(format!("  ones: {ones}"));
    // The parities are the bits of the value (Bouton), which the brute force found.
    let terms: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
    lines.push(format!(
        "  odd?  {}   = {value}: the nim-sum {} (1 in each odd column)",
        cells(format!("{value:0width$b}")),
        terms.join(" ⊕ ")
    ));
    lines
}

#[test]
fn nim_by_hand_tells_its_story() {
    use std::collections::{BTreeSet, HashMap};

    let mut out = String::new();
    nim_by_hand::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let mut memo = HashMap::new();
    let heaps = [7u8, 9, 12, 15];
    assert_eq!(nim_by_hand::HEAPS.map(u32::from), heaps.map(u32::from));

    assert_eq!(
        lines[0],
        "Nim: heaps of counters; a move takes one counter or more from one heap, and whoever \
         takes the last counter wins."
    );
    let columns = nim_columns_lines(&heaps, "7, 9, 12 and 15", 4);
    assert_eq!(lines[1..9], columns);
    // Count the ones by hand: 7 = 0111, 9 = 1001, 12 = 1100, 15 = 1111.
    assert_eq!(lines[7], "  ones:   3  3  2  3");
    let x = judges::nim_grundy(&heaps, &mut memo);
    assert_eq!(x, 13);
    assert_eq!(
        lines[9..13],
        [
            "Bouton (1901): the player to move loses exactly when every column is even (x = 0).",
            "  From even columns, a move changes some bits of one heap, and leaves an odd column.",
            "  From an odd column, flip one heap's bits in every odd column: choose a heap with a \
             1 in the leftmost odd column, so that it gets smaller.",
            "  The last move leaves every heap empty, every column even: it is made by the player \
             who always leaves even columns.",
        ]
    );
    assert_eq!(
        lines[13],
        "Here x = 13 ≠ 0: the player to move wins. The leftmost odd column is the 8s, and the \
         heaps with a 1 in it are 9, 12 and 15:"
    );
    // The winning moves by brute force: every move to a position of value 0.
    let winning: BTreeSet<(usize, u8)> = judges::nim_winning(&heaps, &mut memo);
    assert_eq!(winning, BTreeSet::from([(1, 4), (2, 1), (3, 2)]));
    for (index, &h) in heaps.iter().enumerate() {
        let line = lines[14 + index];
        match winning.iter().find(|&&(i, _)| i == index) {
            Some(&(_, to)) => {
                let mut after = heaps;
                after[index] = to;
                let terms: Vec<String> = after.iter().map(|h| h.to_string()).collect();
                assert_eq!(
                    line,
                    format!(
                        "  heap {index}: {h} ⊕ 13 = {h:04b} ⊕ 1101 = {to:04b} = {to} < {h}: take \
                         {}, leaving {to}; then {} = {}",
                        h - to,
                        terms.join(" ⊕ "),
                        judges::nim_grundy(&after, &mut memo)
                    )
                );
            }
            None => assert_eq!(
                line,
                format!(
                    "  heap {index}: {h} = {h:04b} has a 0 in the 8s; {h} ⊕ 13 = {} > {h}, no move",
                    h ^ 13
                )
            ),
        }
    }

    let losing = [3u8, 5, 6];
    assert_eq!(nim_by_hand::LOSING.map(u32::from), losing.map(u32::from));
    assert_eq!(lines[18..25], nim_columns_lines(&losing, "3, 5 and 6", 3));
    assert_eq!(judges::nim_grundy(&losing, &mut memo), 0);
    assert_eq!(
        lines[25],
        "Every column is even, x = 0: the player to move loses. Each move leaves an odd column, \
         a nim-sum other than 0:"
    );
    // Each move's nim-sum is the brute-force value of the position it leaves, never 0.
    for (index, &h) in losing.iter().enumerate() {
        let after: Vec<u32> = (0..h)
            .map(|to| {
                let mut next = losing;
                next[index] = to;
                judges::nim_grundy(&next, &mut memo)
            })
            .collect();
        assert!(after.iter().all(|&v| v != 0));
        let tos: Vec<String> = (0..h).map(|to| to.to_string()).collect();
        let sums: Vec<String> = after.iter().map(|v| v.to_string()).collect();
        assert_eq!(
            lines[26 + index],
            format!(
                "  heap {index} ({h}) to {}: x = {}",
                tos.join(", "),
                sums.join(", ")
            )
        );
    }
    assert_eq!(
        lines[29..32],
        [
            "The crate's Nim, from the same rule:",
            "  (7, 9, 12, 15): worth *13, N; winning moves: reduce heap 1 to 4, reduce heap 2 to 1, reduce heap 3 to 2",
            "  (3, 5, 6): worth *0, P; winning moves: none",
        ]
    );
    assert_eq!(
        lines[32..],
        [
            "Exercises:",
            "  1. By hand, find every winning move from heaps 11, 13, 14 and 17. Check: \
             Nim::from([11u32, 13, 14, 17]).winning_moves(Play::Normal) (grundy::games::Nim).",
            "  2. Find three heaps that each give a winning move, and say why no position has \
             more winning moves than heaps. Check: the docs of grundy::games::Nim (Bouton's \
             theorem).",
            "  3. Show without binary that two equal heaps lose for the player to move (copy the \
             opponent's moves). Check: Nim::from([n, n]).outcome(Play::Normal) is P for every n.",
        ]
    );

    // The checks the exercises point to give the brute force's answers.
    use grundy::games::Nim;
    use grundy::prelude::*;
    let exercise = [11u8, 13, 14, 17];
    let crate_moves: BTreeSet<(usize, u8)> = Nim::from(exercise)
        .winning_moves(Play::Normal)
        .unwrap()
        .map(|mv| (mv.index, mv.to))
        .collect();
    assert_eq!(crate_moves, judges::nim_winning(&exercise, &mut memo));
    for n in 0..24u8 {
        assert_eq!(judges::nim_grundy(&[n, n], &mut memo), 0);
        assert_eq!(
            Nim::from([n, n]).outcome(Play::Normal).unwrap(),
            Outcome::Previous
        );
    }
}

#[allow(dead_code)]
#[path = "../examples/grundy_by_hand.rs"]
mod grundy_by_hand;

/// `G(0..n)` of the subtraction game `set`, by the mex over every take.
fn subtraction_values(set: &[usize], n: usize) -> Vec<u32> {
    mex_values(n, |heap, g| {
        set.iter()
            .filter(|&&s| s <= heap)
            .map(|&s| g[heap - s])
            .collect()
    })
}

/// The least period of `g` that holds to the end of the table from some heap on, with the
/// least such heap, checked to hold over at least `margin` heaps (so that a period seen only
/// at the very end of the table is not taken).
fn least_period(g: &[u32], margin: usize) -> (usize, usize) {
    (1..g.len() - margin)
        .find_map(|p| {
            let holds = |n: usize| g[n + p] == g[n];
            let start = (0..g.len() - p).rev().take_while(|&n| holds(n)).last()?;
            (g.len() - p - start >= margin).then_some((start, p))
        })
        .expect("a period")
}

#[test]
fn grundy_by_hand_tells_its_story() {
    use grundy::games::Subtraction;
    use grundy::prelude::*;
    use std::collections::BTreeSet;

    let mut out = String::new();
    grundy_by_hand::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let set = [1usize, 3, 4];
    let g = subtraction_values(&set, 1001);

    assert_eq!(
        lines[..3],
        [
            "The subtraction game S = {1, 3, 4}: a move takes 1, 3 or 4 counters from a heap, \
             and whoever cannot move loses.",
            "A heap's value is the mex (the least number missing) of the values of the heaps \
             one move away:",
            "G(n) = mex{G(n − s) : s in S, s ≤ n}, heap by heap, each from the values before it:",
        ]
    );
    assert_eq!(lines[3], "  G(0) = mex{} = 0   (no move)");
    // Two lines written out in full, then every heap from the brute force.
    assert_eq!(lines[4], "  G(1) = mex{G(0)} = mex{0} = 1");
    assert_eq!(
        lines[8],
        "  G(5) = mex{G(4), G(2), G(1)} = mex{2, 0, 1} = 3"
    );
    for n in 1..15 {
        let reached: Vec<usize> = set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect();
        let seen: BTreeSet<u32> = reached.iter().map(|&m| g[m]).collect();
        assert_eq!(judges::mex(&seen), g[n]);
        let names: Vec<String> = reached.iter().map(|m| format!("G({m})")).collect();
        let values: Vec<String> = reached.iter().map(|&m| g[m].to_string()).collect();
        assert_eq!(
            lines[3 + n],
            format!(
                "  G({n}) = mex{{{}}} = mex{{{}}} = {}",
                names.join(", "),
                values.join(", "),
                g[n]
            )
        );
    }
    // The heaps of value 0 are the heaps lost for the player to move, by a plain game search.
    let mut lost = [false; 15];
    for n in 0..15 {
        lost[n] = !set.iter().any(|&s| s <= n && lost[n - s]);
    }
    let zeros: Vec<String> = (0..15)
        .filter(|&n| lost[n])
        .map(|n| n.to_string())
        .collect();
    assert!((0..15).all(|n| lost[n] == (g[n] == 0)));
    assert_eq!(
        lines[18],
        format!(
            "The heaps of value 0 lose for the player to move (no move reaches another 0): {}.",
            zeros.join(", ")
        )
    );
    assert_eq!(
        lines[19],
        "The crate's Subtraction {1, 3, 4} computes the same table, G(0..15):"
    );
    let first: Vec<String> = g[..15].iter().map(|v| v.to_string()).collect();
    assert_eq!(lines[20], format!("  {}", first.join(" ")));

    // The period by brute force: the least one, and the least heap it holds from.
    let (start, p) = least_period(&g, 100);
    assert_eq!((start, p), (0, 7));
    assert_eq!(
        lines[21],
        format!("  and its values show period {p} from heap {start} (proven by a repeated window)")
    );
    assert_eq!(
        lines[22],
        "Each value is fixed by the 4 before it (4, the largest take): once 4 values in a row \
         come again, all that follow them come again."
    );
    // The shortest table in which some window of 4 values comes again.
    let len = (5..)
        .find(|&len: &usize| {
            let last = &g[len - 4..len];
            (4..len).any(|end| &g[end - 4..end] == last)
        })
        .unwrap();
    assert_eq!(len, 11);
    assert_eq!(g[7..11], g[0..4]);
    assert_eq!(
        lines[23],
        "  G(7..=10) = 0 1 0 1 repeats G(0..=3), so G(n + 7) = G(n) from heap 0 on, for ever."
    );
    assert_eq!(
        lines[24],
        format!(
            "  The crate proves it the same way: find_period({}) finds no period, \
             find_period({len}) finds period {p} from heap {start}.",
            len - 1
        )
    );
    let winning: Vec<String> = set
        .iter()
        .filter(|&&s| g[1000 - s] == 0)
        .map(|&s| {
            format!(
                "take {s} from heap 0 of the sorted row, leaving {}",
                1000 - s
            )
        })
        .collect();
    assert_eq!(winning.len(), 1);
    assert_eq!(
        lines[25],
        format!(
            "A heap of 1000 = 7·142 + 6 is worth what a heap of 6 is: *{}, {}; winning moves: {}",
            g[1000],
            if g[1000] == 0 { "P" } else { "N" },
            winning.join(", ")
        )
    );
    assert_eq!(g[1000], g[6]);
    assert_eq!(
        lines[26..],
        [
            "Exercises:",
            "  1. By hand, compute G(0..=15) for S = {2, 3}. Check: \
             Subtraction::new([2u8, 3])?.values(16)?.values().slice(..16) \
             (grundy::sequence::Tabulated; a table may hold more values than asked for).",
            "  2. Find the period of S = {2, 5, 7} and the heap it starts from. Check: \
             Subtraction::new([2u8, 5, 7])?.find_period(100).",
            "  3. Say why no value of a subtraction game is larger than the number of takes in \
             S. Check: the docs of grundy::games::Subtraction.",
        ]
    );

    // The checks the exercises point to give the brute force's answers.
    let two_three = Subtraction::new([2u8, 3]).unwrap().values(16).unwrap();
    assert_eq!(
        two_three.values().slice(..16),
        subtraction_values(&[2, 3], 16)
    );
    let g257 = subtraction_values(&[2, 5, 7], 400);
    let (start, p) = least_period(&g257, 100);
    let found = Subtraction::new([2u8, 5, 7])
        .unwrap()
        .find_period(100)
        .unwrap()
        .unwrap();
    assert_eq!((found.preperiod(), found.period()), (start, p));
    for set in [&[1, 3, 4][..], &[2, 3], &[2, 5, 7], &[1, 2, 3, 4, 5]] {
        let g = subtraction_values(set, 300);
        assert!(g.iter().all(|&v| v as usize <= set.len()));
    }
}

#[allow(dead_code)]
#[path = "../examples/exact_wythoff.rs"]
mod exact_wythoff;

/// Exact integers below `2^384` for the Wythoff oracle: six 64-bit limbs, least significant
/// first. Only what the oracle needs: `+`, `−` (of a smaller number), `×` (of numbers whose
/// product fits) and comparison.
mod wide {
    use std::cmp::Ordering;

    pub type Wide = [u64; 6];

    pub fn from(x: u128) -> Wide {
        [x as u64, (x >> 64) as u64, 0, 0, 0, 0]
    }

    pub fn add(a: Wide, b: Wide) -> Wide {
        let mut sum = [0; 6];
        let mut carry = 0u128;
        for i in 0..6 {
            let s = u128::from(a[i]) + u128::from(b[i]) + carry;
            sum[i] = s as u64;
            carry = s >> 64;
        }
        assert_eq!(carry, 0, "a sum past 2^384");
        sum
    }

    /// `a − b`, for `b ≤ a`.
    pub fn sub(a: Wide, b: Wide) -> Wide {
        assert!(cmp(b, a) != Ordering::Greater);
        let mut diff = [0; 6];
        let mut borrow = 0i128;
        for i in 0..6 {
            let mut d = i128::from(a[i]) - i128::from(b[i]) - borrow;
            borrow = 0;
            if d < 0 {
                d += 1 << 64;
                borrow = 1;
            }
            diff[i] = d as u64;
        }
        diff
    }

    /// `a × b`, for a product below `2^384`.
    pub fn mul(a: Wide, b: Wide) -> Wide {
        let mut product = [0u64; 6];
        for i in 0..6 {
            let mut carry = 0u128;
            for j in 0..6 {
                if i + j >= 6 {
                    assert!(a[i] == 0 || b[j] == 0, "a product past 2^384");
                    continue;
                }
                let p = u128::from(a[i]) * u128::from(b[j]) + u128::from(product[i + j]) + carry;
                product[i + j] = p as u64;
                carry = p >> 64;
            }
            assert_eq!(carry, 0, "a product past 2^384");
        }
        product
    }

    pub fn cmp(a: Wide, b: Wide) -> Ordering {
        a.iter().rev().cmp(b.iter().rev())
    }
}

/// Whether `a ≤ kφ` (`φ = (1 + √5)/2`), exactly: `2a − k ≤ k√5`, squared.
fn at_most_k_phi(a: wide::Wide, k: u128) -> bool {
    use wide::*;
    let twice = add(a, a);
    if cmp(twice, from(k)) != std::cmp::Ordering::Greater {
        return true;
    }
    let left = sub(twice, from(k));
    let five_k2 = mul(mul(from(k), from(k)), from(5));
    cmp(mul(left, left), five_k2) != std::cmp::Ordering::Greater
}

/// `⌊kφ⌋` by bisection on the exact comparison, or `None` past `u128::MAX`.
fn oracle_floor_k_phi(k: u128) -> Option<u128> {
    // k ≤ kφ < 2k + 1.
    let (mut lo, mut hi) = (k, k.saturating_mul(2));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if at_most_k_phi(wide::from(mid), k) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let past = wide::add(wide::from(lo), wide::from(1));
    (lo < u128::MAX || !at_most_k_phi(past, k)).then_some(lo)
}

/// The `y` with `(x, y)` a P-position of Wythoff's game, or `None` past `u128::MAX`: `x` is
/// `⌊kφ⌋` for some `k` (then `y = x + k`) or `⌊lφ⌋ + l` for some `l` (then `y = ⌊lφ⌋`).
fn oracle_partner(x: u128) -> Option<u128> {
    // The largest k ≤ x with f(k) ≤ x, for f increasing.
    let last = |f: &dyn Fn(u128) -> Option<u128>| {
        let (mut lo, mut hi) = (0u128, x);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if f(mid).is_some_and(|v| v <= x) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    };
    let upper = |l: u128| oracle_floor_k_phi(l)?.checked_add(l);
    let k = last(&oracle_floor_k_phi);
    if oracle_floor_k_phi(k) == Some(x) {
        return x.checked_add(k);
    }
    let l = last(&upper);
    assert_eq!(upper(l), Some(x), "{x} is in neither Beatty sequence");
    oracle_floor_k_phi(l)
}

/// The winning moves of `(a, b)` by the oracle: on each line through the board, its one
/// P-position, where it lies below the board.
fn oracle_wythoff_winning(a: u128, b: u128) -> std::collections::BTreeSet<(u128, u128)> {
    let mut moves = std::collections::BTreeSet::new();
    if let Some(x) = oracle_partner(b).filter(|&x| x < a) {
        moves.insert((x, b));
    }
    if let Some(y) = oracle_partner(a).filter(|&y| y < b) {
        moves.insert((a, y));
    }
    let (small, gap) = (a.min(b), a.max(b) - a.min(b));
    if let Some(p) = oracle_floor_k_phi(gap).filter(|&p| p < small) {
        moves.insert(if a <= b { (p, p + gap) } else { (p + gap, p) });
    }
    moves
}

fn oracle_wythoff_is_p(a: u128, b: u128) -> bool {
    oracle_floor_k_phi(a.max(b) - a.min(b)) == Some(a.min(b))
}

#[test]
fn the_wythoff_oracle_agrees_with_the_brute_force() {
    let g = judges::wythoff_values(60);
    for a in 0..60 {
        for b in 0..60 {
            assert_eq!(oracle_wythoff_is_p(a, b), g[a as usize][b as usize] == 0);
            let brute: std::collections::BTreeSet<(usize, usize)> =
                judges::wythoff_winning(a as usize, b as usize, &g);
            let brute = brute
                .into_iter()
                .map(|(x, y)| (x as u128, y as u128))
                .collect();
            assert_eq!(oracle_wythoff_winning(a, b), brute, "({a}, {b})");
        }
    }
}

/// `a = ⌊kφ⌋` exactly, for `k ≤ 2^32` (so that the squares fit in `u128`):
/// `(2a − k)² < 5k² < (2a + 2 − k)²`, as `k√5` is irrational for `k ≥ 1`.
fn is_floor_k_phi_small(a: u128, k: u128) -> bool {
    let five_k2 = 5 * k * k;
    2 * a >= k && (2 * a - k).pow(2) < five_k2 && five_k2 < (2 * a + 2 - k).pow(2)
}

#[test]
fn exact_wythoff_tells_its_story() {
    use grundy::games::{Wythoff, p_position};
    use grundy::prelude::*;
    use std::collections::BTreeSet;

    let mut out = String::new();
    exact_wythoff::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();

    assert_eq!(
        lines[..2],
        [
            "Wythoff's game: two heaps; a move takes any number from one heap, or the same \
             number from both, and whoever takes the last counter wins.",
            "Its P-positions (the player to move loses) are (⌊kφ⌋, ⌊kφ⌋ + k), φ = (1 + √5)/2, \
             and their mirror images; for k = 0..=10:",
        ]
    );
    // The P-positions by brute force: the boards a ≤ b of value 0, b < 40, by difference.
    let g = judges::wythoff_values(40);
    let p: Vec<(usize, usize)> = (0..40)
        .flat_map(|a| (a..40).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a][b] == 0)
        .collect();
    let by_k: Vec<String> = (0..=10)
        .map(|k| {
            let found: Vec<&(usize, usize)> = p.iter().filter(|(a, b)| b - a == k).collect();
            assert_eq!(found.len(), 1, "one P-position of difference {k}");
            format!("({}, {})", found[0].0, found[0].1)
        })
        .collect();
    assert_eq!(lines[2], format!("  {}", by_k.join(" ")));
    // Every row and column below 16 holds exactly one P-position (its partner is below 40).
    for (x, row) in g.iter().enumerate().take(16) {
        assert_eq!(row.iter().filter(|&&v| v == 0).count(), 1, "row {x}");
    }
    assert_eq!(
        lines[3],
        "  Each number 1, 2, 3, … appears in exactly one of them, and each difference k once: \
         every row, column and diagonal holds one."
    );
    assert_eq!(
        lines[4],
        "In integers: k√5 is irrational for k ≥ 1, so ⌊kφ⌋ = ⌊(k + k√5)/2⌋ = \
         (k + isqrt(5k²))/2, with isqrt the integer square root."
    );
    assert_eq!(
        lines[5],
        "The usual floating-point program, ⌊k·(1 + √5)/2⌋ in f64, against it at Fibonacci \
         numbers k = F(n):"
    );
    // Fibonacci numbers by their recurrence; ⌊kφ⌋ by the squares, searched near the f64 value.
    let mut fib = vec![0u128, 1];
    while fib.len() <= 42 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let exact = |k: u128| {
        let near = (k as f64 * phi) as u128;
        (near - 2..=near + 2)
            .find(|&a| is_floor_k_phi_small(a, k))
            .expect("⌊kφ⌋ is within 2 of the f64 value")
    };
    for (i, n) in [38usize, 39, 40].into_iter().enumerate() {
        let k = fib[n];
        let float = (k as f64 * phi).floor() as u128;
        assert_eq!(
            lines[6 + i],
            format!(
                "  k = F({n}) = {k}: f64 {float}, exact {}{}",
                exact(k),
                if float == exact(k) { "" } else { "  wrong" }
            )
        );
    }
    let k = fib[40];
    assert_eq!(k, 102_334_155);
    let a = exact(k);
    assert_eq!(a, 165_580_140);
    assert!(lines[8].ends_with("f64 165580141, exact 165580140  wrong"));
    // isqrt(5k²) by bisection on the square.
    let five_k2 = 5 * k * k;
    let (mut lo, mut hi) = (0u128, five_k2);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if mid * mid <= five_k2 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let root = lo;
    assert_eq!((k + root) / 2, a);
    assert_eq!(
        lines[9],
        format!(
            "  At k = {k}: 5k² = {five_k2}, isqrt(5k²) = {root} ({root}² ≤ 5k² < {}²), so \
             ⌊kφ⌋ = ({k} + {root})/2 = {a}.",
            root + 1
        )
    );
    let too_many = 2 * (a + 1) - k;
    assert!(too_many * too_many > five_k2);
    assert_eq!(
        lines[10],
        format!(
            "  ⌊kφ⌋ = {} would need 2·{} − k = {too_many} ≤ k√5, but {too_many}² = {} > 5k².",
            a + 1,
            a + 1,
            too_many * too_many
        )
    );
    // kφ > (a + 1) − 10^−8: 2·10^8·(a + 1) − 2 − 10^8·k < 10^8·k√5, squared.
    let e8 = 100_000_000u128;
    let left = 2 * e8 * (a + 1) - 2 - e8 * k;
    assert!(left * left < 5 * e8 * e8 * k * k);
    // The f64 numbers near 165580141 are 2^−25 apart.
    let near = 165_580_141f64;
    assert_eq!(near.next_up() - near, 2f64.powi(-25));
    assert_eq!(near - near.next_down(), 2f64.powi(-25));
    // No smaller k fails: every k from 1 to F(40) − 1, the f64 value checked by the squares
    // (in u64, where every square here fits: 5k² < 2^56). The full run checks all 10^8 of
    // them; the quick run, unoptimised, the first and the last 10^6.
    let wrong = |k: &u64| {
        let a = (*k as f64 * phi).floor() as u64;
        let five_k2 = 5 * k * k;
        !(2 * a >= *k && (2 * a - k).pow(2) < five_k2 && five_k2 < (2 * a + 2 - k).pow(2))
    };
    let k64 = k as u64;
    let first_wrong = if crate::common::scale::is_full() {
        (1..=k64).find(wrong)
    } else {
        (1..1_000_000).chain(k64 - 1_000_000..=k64).find(wrong)
    };
    assert_eq!(first_wrong.map(u128::from), Some(k));
    assert_eq!(
        lines[11],
        "  kφ falls short of 165580141 by less than 10^−8, and the f64 numbers there are 2^−25 \
         apart: the product rounds up. No smaller k fails."
    );
    assert!(oracle_wythoff_is_p(a, a + k));
    assert_eq!(
        lines[12],
        "  So (165580140, 267914295) is a P-position; decided by f64 it would be a win for the \
         player to move. The crate's Wythoff: P."
    );

    assert_eq!(
        lines[13],
        "On u128 boards, where 5k² takes more than 128 bits, the crate's Wythoff decides with \
         exact wide products:"
    );
    let e30 = 10u128.pow(30);
    let lower = oracle_floor_k_phi(e30).unwrap();
    assert_eq!(
        lines[14],
        format!("  k = 10^30: the P-position ({lower}, {})", lower + e30)
    );
    // Each board's outcome and winning moves by the oracle, in the crate's words; the order
    // of the moves is the crate's, so they are compared as sets.
    let mut at = 15;
    for (x, y) in [
        (lower, lower + e30),
        (e30 + 1, 15 * e30 / 10 + 1),
        (u128::MAX, u128::MAX),
    ] {
        let winning = oracle_wythoff_winning(x, y);
        assert_eq!(winning.is_empty(), oracle_wythoff_is_p(x, y));
        let n = winning.len();
        assert_eq!(
            lines[at],
            format!(
                "  ({x}, {y}): {}, {n} winning move{}{}",
                if n == 0 { "P" } else { "N" },
                if n == 1 { "" } else { "s" },
                if n == 0 { "" } else { ":" }
            )
        );
        let words = |(u, v): (u128, u128)| {
            let what = if u == x {
                format!("{} from the second heap", y - v)
            } else if v == y {
                format!("{} from the first heap", x - u)
            } else {
                assert_eq!(x - u, y - v);
                format!("{} from both", x - u)
            };
            assert!(oracle_wythoff_is_p(u, v));
            format!("    take {what}, leaving ({u}, {v}): P")
        };
        let expected: BTreeSet<String> = winning.into_iter().map(words).collect();
        let printed: BTreeSet<String> = lines[at + 1..at + 1 + n]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(printed, expected);
        at += 1 + n;
    }
    // The board near 10^30 has all three, the top board one.
    assert_eq!(at, 15 + 1 + 4 + 2);
    assert_eq!(
        lines[at],
        "  At most three winning moves: one along the row, one along the column, one along the \
         diagonal, each of which holds one P-position."
    );
    assert_eq!(
        lines[at + 1..],
        [
            "Exercises:",
            "  1. With isqrt, find the P-position whose heaps differ by 10^9. Check: \
             p_position(1_000_000_000u64) (grundy::games::p_position).",
            "  2. Find a board below 10 × 10 with three winning moves. Check: \
             Wythoff::new(a, b).winning_moves(Play::Normal) (grundy::games::Wythoff).",
            "  3. The f64 formula fails at F(40), F(42), F(44), … but not at F(41), F(43): why? \
             (F(n)·φ − F(n + 1) = −(−1/φ)^n.) Check: p_position(k) for each.",
        ]
    );

    // The checks the exercises point to give the oracle's answers.
    let (a9, b9) = p_position(1_000_000_000u64).unwrap();
    assert_eq!(u128::from(a9), oracle_floor_k_phi(1_000_000_000).unwrap());
    assert_eq!(b9 - a9, 1_000_000_000);
    let three: Vec<(usize, usize)> = (0..10)
        .flat_map(|a| (0..10).map(move |b| (a, b)))
        .filter(|&(a, b)| judges::wythoff_winning::<(usize, usize)>(a, b, &g).len() == 3)
        .collect();
    assert!(!three.is_empty());
    for (a, b) in three {
        let crate_moves = Wythoff::new(a as u32, b as u32)
            .winning_moves(Play::Normal)
            .unwrap()
            .count();
        assert_eq!(crate_moves, 3, "({a}, {b})");
    }
    for (n, &f) in fib.iter().enumerate().skip(40) {
        let float = (f as f64 * phi).floor() as u128;
        assert_eq!(float == exact(f), n % 2 == 1, "F({n})");
        let (a, _) = p_position(f as u64).unwrap();
        assert_eq!(u128::from(a), exact(f));
    }
}

#[allow(dead_code)]
#[path = "../examples/periodicity.rs"]
mod periodicity;

/// The rows `periodicity` prints: the values `g` in rows of `width`, each led by its heaps.
fn value_rows(g: &[u32], width: usize) -> Vec<String> {
    g.chunks(width)
        .enumerate()
        .map(|(i, row)| {
            let heaps = format!("{}..={}", i * width, i * width + row.len() - 1);
            let cells: String = row.iter().map(|v| format!("{v:>3}")).collect();
            format!("  {heaps:>9}:{cells}")
        })
        .collect()
}

/// The lines `periodicity` prints for an octal game proven periodic by Guy–Smith, from the
/// brute-force values `g` (long enough to show the period over 100 heaps at least) and the
/// most tokens `t` a move takes.
fn guy_smith_lines(g: &[u32], shown: usize, width: usize, t: usize, what: &str) -> Vec<String> {
    let (n0, p) = least_period(g, 100);
    let end = 2 * n0 + p + t;
    let needed = end + p;
    // The theorem's hypothesis, on the brute force's own values.
    assert!((n0..end).all(|n| g[n + p] == g[n]));
    assert_ne!(g[n0 - 1], g[n0 - 1 + p]);
    let mut lines = value_rows(&g[..shown], width);
    lines.push(format!(
        "  its values show period {p} from heap {n0} (proven by the Guy–Smith theorem)"
    ));
    lines.push(format!(
        "  G({}) = {} but G({}) = {}: the period starts at heap {n0}, not before.",
        n0 - 1,
        g[n0 - 1],
        n0 - 1 + p,
        g[n0 - 1 + p]
    ));
    lines.push(format!(
        "  Guy–Smith with n0 = {n0}, p = {p}, t = {t}: check G(n + {p}) = G(n) for \
         {n0} ≤ n < 2·{n0} + {p} + {t} = {end}, heaps up to {}: {needed} values.",
        needed - 1
    ));
    lines.push(format!(
        "  The crate: find_period({}) finds no period, find_period({needed}) finds period {p} \
         from heap {n0}.",
        needed - 1
    ));
    lines.push(big_heap_line(g, n0, p, what));
    lines
}

/// The line on the heap of `10^18`, its value read from `g` through the period.
fn big_heap_line(g: &[u32], n0: usize, p: usize, what: &str) -> String {
    let big = 10u128.pow(18);
    let (n0w, pw) = (n0 as u128, p as u128);
    let r = (big - n0w) % pw;
    let value = g[n0 + r as usize];
    format!(
        "  {what} of 10^18 = {n0} + {p}·{} + {r}: worth G({}) = *{value}, {}",
        (big - n0w) / pw,
        n0w + r,
        if value == 0 { "P" } else { "N" }
    )
}

#[test]
fn periodicity_tells_its_story() {
    use grundy::games::{Octal, Subtraction};
    use grundy::prelude::*;

    let mut out = String::new();
    periodicity::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();

    // 1. S = {2, 7, 8}.
    let g = subtraction_values(&[2, 7, 8], 400);
    let (n0, p) = least_period(&g, 100);
    assert_eq!((n0, p), (12, 5));
    assert_eq!(
        lines[..2],
        [
            "1. The subtraction game S = {2, 7, 8}: a move takes 2, 7 or 8 counters.",
            "  G(0..40), five to a row:",
        ]
    );
    assert_eq!(lines[2..10], value_rows(&g[..40], 5));
    assert_eq!(
        lines[10],
        "  its values show period 5 from heap 12 (proven by a repeated window)"
    );
    assert_eq!(
        lines[11],
        format!(
            "  G(11) = {} but G(16) = {}: the period starts at heap 12, not before.",
            g[11], g[16]
        )
    );
    assert_ne!(g[11], g[16]);
    // The shortest table in which a window of 8 values comes again, and where.
    let (len, earlier) = (9..)
        .find_map(|len: usize| {
            let last = &g[len - 8..len];
            (8..len)
                .find(|&end| &g[end - 8..end] == last)
                .map(|end| (len, end))
        })
        .unwrap();
    assert_eq!((len, earlier), (25, 20));
    assert_eq!(
        lines[12],
        "  Each value is fixed by the 8 before it (8, the largest take): G(17..=24) repeats \
         G(12..=19), so all later values repeat."
    );
    assert_eq!(
        lines[13],
        format!(
            "  The crate: find_period({}) finds no period, find_period({len}) finds period 5 \
             from heap 12.",
            len - 1
        )
    );
    assert_eq!(lines[14], big_heap_line(&g, n0, p, "A heap"));

    // 2. Kayles: take one pin or two adjacent ones; the rest, in up to two rows.
    let kayles = mex_values(400, |n, g| {
        let mut seen = Vec::new();
        for taken in [1, 2] {
            if n >= taken {
                let rest = n - taken;
                seen.extend((0..=rest / 2).map(|a| g[a] ^ g[rest - a]));
            }
        }
        seen
    });
    assert_eq!(least_period(&kayles, 100), (71, 12));
    assert_eq!(
        lines[15..18],
        [
            "2. Kayles, 0.77: knock down one pin or two adjacent pins, which may split the row \
             in two.",
            "  A split is worth the nim-sum of its two rows, so a value depends on every smaller \
             row, and a repeated window proves nothing.",
            "  G(0..108), twelve to a row:",
        ]
    );
    let expected = guy_smith_lines(&kayles, 108, 12, 2, "A row");
    assert_eq!(lines[18..32], expected);
    assert_eq!(
        lines[29],
        "  Guy–Smith with n0 = 71, p = 12, t = 2: check G(n + 12) = G(n) for 71 ≤ n < 2·71 + 12 \
         + 2 = 156, heaps up to 167: 168 values."
    );

    // 3. Dawson's Kayles: take exactly two adjacent pins.
    let dawson = mex_values(400, |n, g| {
        if n < 2 {
            return Vec::new();
        }
        let rest = n - 2;
        (0..=rest / 2).map(|a| g[a] ^ g[rest - a]).collect()
    });
    assert_eq!(least_period(&dawson, 100), (53, 34));
    assert_eq!(
        lines[32..34],
        [
            "3. Dawson's Kayles, 0.07: knock down exactly two adjacent pins.",
            "  G(0..204), 34 to a row:",
        ]
    );
    assert_eq!(lines[34..45], guy_smith_lines(&dawson, 204, 34, 2, "A row"));

    assert_eq!(
        lines[45..],
        [
            "Exercises:",
            "  1. Find the period of Dawson's chess, 0.137, where it starts, and how many values \
             Guy–Smith needs. Check: Octal::dawsons_chess().find_period(1000) \
             (grundy::sequence).",
            "  2. Find the period of S = {2, 8, 9} and where it starts. Check: \
             Subtraction::new([2u8, 8, 9])?.find_period(1000) (grundy::games::Subtraction).",
            "  3. Why can no repeated window prove a period of Kayles, and why does the check \
             range grow with t? Check: the section on periods in the docs of grundy::sequence.",
        ]
    );

    // The checks the exercises point to give the brute force's answers. Dawson's chess,
    // 0.137: take one token from a heap of exactly 1, two leaving no heap or one, or three
    // leaving up to two heaps.
    let chess = mex_values(400, |n, g| {
        let mut seen = Vec::new();
        if n == 1 {
            seen.push(0);
        }
        if n >= 2 {
            seen.push(g[n - 2]); // nothing left when n = 2
        }
        if n >= 3 {
            let rest = n - 3;
            seen.extend((0..=rest / 2).map(|a| g[a] ^ g[rest - a]));
        }
        seen
    });
    let (c0, cp) = least_period(&chess, 100);
    let found = Octal::dawsons_chess().find_period(1000).unwrap().unwrap();
    assert_eq!((found.preperiod(), found.period()), (c0, cp));
    // Dawson's chess is Dawson's Kayles shifted by one heap.
    assert!((0..399).all(|n| chess[n] == dawson[n + 1]));
    let g289 = subtraction_values(&[2, 8, 9], 400);
    let found = Subtraction::new([2u8, 8, 9])
        .unwrap()
        .find_period(1000)
        .unwrap()
        .unwrap();
    assert_eq!(
        (found.preperiod(), found.period()),
        least_period(&g289, 100)
    );
}

#[allow(dead_code)]
#[path = "../examples/misere_heap_games.rs"]
mod misere_heap_games;

/// Brute force for the misère heap games tutorial: Kayles rows as multisets of heaps, with
/// nim heaps of size 2 (and the 1s they leave) beside them; `g0` by its definition (1 with no
/// move, else the mex of the options'), the normal value likewise (0 with no move).
mod genus_oracle {
    use std::collections::HashMap;

    /// A row of Kayles heaps (ascending), with how many nim heaps of 2 and of 1 beside it.
    pub type Position = (Vec<u8>, u8, u8);

    fn options((row, twos, ones): &Position) -> Vec<Position> {
        let mut out = Vec::new();
        for (i, &h) in row.iter().enumerate() {
            for take in 1..=h.min(2) {
                let rest = h - take;
                for left in 0..=rest / 2 {
                    let mut next: Vec<u8> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                    next.extend([left, rest - left].into_iter().filter(|&x| x > 0));
                    next.sort_unstable();
                    out.push((next, *twos, *ones));
                }
            }
        }
        if *twos > 0 {
            out.push((row.clone(), twos - 1, *ones));
            out.push((row.clone(), twos - 1, ones + 1));
        }
        if *ones > 0 {
            out.push((row.clone(), *twos, ones - 1));
        }
        out
    }

    fn mex(mut values: Vec<u32>) -> u32 {
        values.sort_unstable();
        values.dedup();
        (0..)
            .find(|v| values.binary_search(v).is_err())
            .expect("a gap")
    }

    #[derive(Default)]
    pub struct Kayles {
        g0: HashMap<Position, u32>,
        normal: HashMap<Vec<u8>, u32>,
    }

    impl Kayles {
        /// `gk` of the row `row`: `g0` of the row beside `k` nim heaps of 2.
        pub fn g(&mut self, row: &[u8], k: u8) -> u32 {
            let mut row: Vec<u8> = row.iter().copied().filter(|&h| h > 0).collect();
            row.sort_unstable();
            self.g0(&(row, k, 0))
        }

        fn g0(&mut self, p: &Position) -> u32 {
            if let Some(&v) = self.g0.get(p) {
                return v;
            }
            let next = options(p);
            let v = if next.is_empty() {
                1
            } else {
                let values = next.iter().map(|q| self.g0(q)).collect();
                mex(values)
            };
            self.g0.insert(p.clone(), v);
            v
        }

        /// The normal-play Grundy value of the row.
        pub fn normal(&mut self, row: &[u8]) -> u32 {
            let mut row: Vec<u8> = row.iter().copied().filter(|&h| h > 0).collect();
            row.sort_unstable();
            if let Some(&v) = self.normal.get(&row) {
                return v;
            }
            let values = options(&(row.clone(), 0, 0))
                .into_iter()
                .map(|(q, _, _)| self.normal(&q))
                .collect();
            let v = mex(values);
            self.normal.insert(row, v);
            v
        }

        /// `P` or `N` under misère play.
        pub fn letter(&mut self, row: &[u8]) -> &'static str {
            if self.g(row, 0) == 0 { "P" } else { "N" }
        }
    }
}

#[test]
fn misere_heap_games_tells_its_story() {
    let mut out = String::new();
    misere_heap_games::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    let mut kayles = genus_oracle::Kayles::default();

    // 1. Values do not add.
    assert_eq!(lines[0], "Misère values do not add:");
    let (one, pair) = (kayles.g(&[1], 0), kayles.g(&[1, 1], 0));
    assert_eq!((one, pair), (0, 1));
    assert_eq!(
        lines[1],
        format!(
            "  g0(1) = {one}, g0(1) + g0(1) = {} by the nim-sum, but g0(1 + 1) = {pair} (search: {})",
            one ^ one,
            kayles.letter(&[1, 1])
        )
    );
    assert_eq!(kayles.normal(&[2, 2]), 0);
    assert_eq!(kayles.letter(&[]), "N");
    assert_eq!(
        lines[2],
        format!(
            "  *2 + *2 and 0 both have normal value 0; misère: 0 is N, *2 + *2 is {0} (search: {0})",
            kayles.letter(&[2, 2])
        )
    );

    // 2. Every heap's line: the normal value and the misère numbers by the search, the
    // numbers the shortest that end in the period of two, and the notation that fits the
    // phylum printed.
    let most = misere_heap_games::MOST_PINS as u8;
    assert_eq!(lines[3], format!("The genus of Kayles heaps 0 to {most}:"));
    let mut printed = Vec::new();
    for n in 0..=most {
        let line = lines[4 + usize::from(n)];
        let (head, rest) = line.split_once(" normal ").expect("a heap line");
        let (index, genus) = head.trim().split_once(':').expect("the heap's number");
        assert_eq!(index.parse::<u8>().unwrap(), n);
        let genus = genus.trim();
        let (normal, rest) = rest.split_once(", misère ").unwrap();
        let (numbers, phylum) = rest.split_once(" (then repeating the last two), ").unwrap();
        let normal: u32 = normal.parse().unwrap();
        let numbers: Vec<u32> = numbers.split(' ').map(|x| x.parse().unwrap()).collect();
        assert_eq!(normal, kayles.normal(&[n]), "heap {n}");
        let len = numbers.len();
        assert!(len >= 2);
        if len > 2 {
            assert_ne!(
                numbers[len - 1],
                numbers[len - 3],
                "heap {n} keeps a repeat"
            );
        }
        for k in 0..len + 3 {
            let expected = if k < len {
                numbers[k]
            } else {
                numbers[len - 2 + (k - len) % 2]
            };
            assert_eq!(kayles.g(&[n], k as u8), expected, "heap {n}, g{k}");
        }
        let digits: String = numbers.iter().map(u32::to_string).collect();
        let want = match phylum {
            "nim heap" => normal.to_string(),
            "tame" | "restive" => format!("{normal}^{}", numbers[0]),
            _ => format!("{normal}^{digits}"),
        };
        assert_eq!(genus, want, "heap {n} ({phylum})");
        if phylum == "tame" || phylum == "nim heap" {
            // A tame genus: g0 then the normal value and its ⊕ 2, alternating.
            let tame_genus = numbers[0] == normal || (numbers[0] | normal) <= 1;
            assert!(
                tame_genus
                    && numbers[1..]
                        .iter()
                        .enumerate()
                        .all(|(i, &v)| v == normal ^ if i % 2 == 0 { 2 } else { 0 })
            );
        }
        printed.push(genus.to_string());
    }
    // The published values (Winning Ways ch. 13, CGSuite).
    assert_eq!(
        (
            printed[5].as_str(),
            printed[7].as_str(),
            printed[19].as_str()
        ),
        ("4^146", "2^2", "2^20")
    );
    assert_eq!(printed[..5], ["0", "1", "2", "3", "1"]);

    // 3. Heaps 7 and 19.
    let same = (0..6).all(|k| kayles.g(&[7], k) == kayles.g(&[19], k))
        && kayles.normal(&[7]) == kayles.normal(&[19]);
    assert!(same, "Kayles heaps 7 and 19 have the same genus numbers");
    assert_eq!(
        lines[5 + usize::from(most)],
        "Heaps 7 and 19: the same numbers, printed 2^2 and 2^20: tame and wild"
    );

    // 4. The tame row by misère Nim's rule, the wild row by its form, both against the search.
    let row = misere_heap_games::TAME_ROW;
    let normal = row.iter().fold(0, |x, &h| x ^ kayles.normal(&[h]));
    assert_eq!(normal, kayles.normal(&row));
    let letter = kayles.letter(&row);
    assert_eq!(
        lines[6 + usize::from(most)],
        format!(
            "Tame row {row:?}: normal {normal}, misère {}, {letter} by misère Nim's rule (search: {letter})",
            kayles.g(&row, 0)
        )
    );
    let row = misere_heap_games::WILD_ROW;
    let line = lines[7 + usize::from(most)];
    let letter = kayles.letter(&row);
    assert!(
        line.starts_with(&format!("Wild row {row:?}: genus {}^", kayles.normal(&row))),
        "{line}"
    );
    assert!(
        line.ends_with(&format!(", {letter} (search: {letter})")),
        "{line}"
    );

    // 5. The quotient of 0.75, read back from the printed lines and checked by the search of
    // 0.75's rows alone (`r8_oracle`): every row of up to four heaps up to 12 is a misère
    // P-position exactly when the product of its heaps' printed elements, by the printed
    // table, is in the printed P-portion; and the table is R8's.
    let at = 8 + usize::from(most);
    assert_eq!(
        lines[at],
        "The misère quotient of 0.75 (heaps to 30): order 8, \
         ⟨a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b⟩, proven for every bound"
    );
    let heaps: Vec<&str> = lines[at + 1]
        .strip_prefix("  heaps 0 to 12: ")
        .unwrap()
        .split(' ')
        .collect();
    assert_eq!(heaps.len(), 13);
    let names: Vec<&str> = lines[at + 2]
        .split('|')
        .nth(1)
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(names.len(), 8);
    let index = |name: &str| {
        names
            .iter()
            .position(|&n| n == name)
            .expect("a named element")
    };
    let mut table = vec![[0usize; 8]; 8];
    for (x, row) in table.iter_mut().enumerate() {
        let line = lines[at + 3 + x];
        let (head, products) = line.split_once('|').unwrap();
        assert_eq!(head.trim(), names[x]);
        for (y, name) in products.split_whitespace().enumerate() {
            row[y] = index(name);
        }
    }
    let p_line = lines[at + 11].strip_prefix("  P-portion: {").unwrap();
    let p: Vec<usize> = p_line
        .strip_suffix('}')
        .unwrap()
        .split(", ")
        .map(index)
        .collect();
    assert_eq!(p, [index("a"), index("b^2")]);
    // R8's relations, with a, b, c the printed heaps 1, 2, 5.
    let (one, a, b, c) = (
        index(heaps[0]),
        index(heaps[1]),
        index(heaps[2]),
        index(heaps[5]),
    );
    let mul = |x: usize, y: usize| table[x][y];
    assert_eq!(mul(a, a), one);
    assert_eq!(mul(b, c), mul(a, b));
    assert_eq!(mul(c, c), mul(b, b));
    assert_eq!(mul(b, mul(b, b)), b);
    let mut oracle = r8_oracle::Oracle::default();
    let mut rows: Vec<Vec<u8>> = vec![vec![]];
    for _ in 0..4 {
        let longer: Vec<Vec<u8>> = rows
            .iter()
            .filter(|r| r.len() < 4)
            .flat_map(|r| {
                let from = r.last().copied().unwrap_or(1);
                (from..=12).map(move |h| [r.clone(), vec![h]].concat())
            })
            .collect();
        rows.extend(longer);
    }
    rows.sort();
    rows.dedup();
    for row in &rows {
        let product = row
            .iter()
            .fold(one, |x, &h| mul(x, index(heaps[usize::from(h)])));
        assert_eq!(p.contains(&product), !oracle.wins(row), "0.75 row {row:?}");
    }

    // 6. Twenty heaps: the outcome and every winning move against the search.
    let twenty = misere_heap_games::TWENTY;
    let mut sorted = twenty.to_vec();
    sorted.sort_unstable();
    let wins = oracle.wins(&sorted);
    let line = lines[at + 12];
    let (head, tail) = line.split_once(" by the quotient (search: ").unwrap();
    assert_eq!(
        head,
        format!("Row {twenty:?}: {}", if wins { "N" } else { "P" })
    );
    let count: usize = tail
        .split(", ")
        .nth(2)
        .and_then(|t| t.strip_suffix(" winning moves:"))
        .unwrap()
        .parse()
        .unwrap();
    // The sorted row, numbered as the moves name its heaps.
    let numbered: Vec<String> = sorted
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{i}:{h}"))
        .collect();
    assert_eq!(
        lines[at + 13],
        format!(
            "  the sorted row (heap number:tokens): {}",
            numbered.join(" ")
        )
    );
    let listed: std::collections::BTreeSet<String> = lines[at + 14..]
        .iter()
        .map(|l| l.trim().to_string())
        .collect();
    assert_eq!(listed.len(), count);
    assert_eq!(lines.len(), at + 14 + count);
    let mut expected = std::collections::BTreeSet::new();
    for (i, &h) in sorted.iter().enumerate() {
        for (take, left) in r8_oracle::moves(h) {
            let mut next: Vec<u8> = sorted[..i]
                .iter()
                .chain(&sorted[i + 1..])
                .copied()
                .collect();
            next.extend(&left);
            next.sort_unstable();
            if !oracle.wins(&next) {
                let leaving = if left.is_empty() {
                    "nothing".to_string()
                } else {
                    left.iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(" and ")
                };
                expected.insert(format!(
                    "take {take} from heap {i} of the sorted row, leaving {leaving}"
                ));
            }
        }
    }
    assert_eq!(listed, expected);
}

/// `0.75` by its rules, for the quotient half of the misère heap games tutorial: take one
/// token and leave no heap, one heap or two; take two and leave no heap or two.
mod r8_oracle {
    use std::collections::HashMap;

    /// The moves of a heap of `n`: how many are taken, and the heaps left (ascending).
    pub fn moves(n: u8) -> Vec<(u8, Vec<u8>)> {
        let mut out = Vec::new();
        if n == 1 {
            out.push((1, vec![]));
        }
        if n >= 2 {
            out.push((1, vec![n - 1]));
        }
        if n == 2 {
            out.push((2, vec![]));
        }
        for (take, rest) in [(1, n.saturating_sub(1)), (2, n.saturating_sub(2))] {
            if n > take {
                for a in 1..=rest / 2 {
                    out.push((take, vec![a, rest - a]));
                }
            }
        }
        out
    }

    #[derive(Default)]
    pub struct Oracle {
        memo: HashMap<Vec<u8>, bool>,
    }

    impl Oracle {
        /// Whether the player to move wins the sorted row under misère play.
        pub fn wins(&mut self, row: &[u8]) -> bool {
            if let Some(&w) = self.memo.get(row) {
                return w;
            }
            let mut any = false;
            let mut win = false;
            'all: for (i, &h) in row.iter().enumerate() {
                for (_, left) in moves(h) {
                    any = true;
                    let mut next: Vec<u8> = row[..i].iter().chain(&row[i + 1..]).copied().collect();
                    next.extend(&left);
                    next.sort_unstable();
                    if !self.wins(&next) {
                        win = true;
                        break 'all;
                    }
                }
            }
            // No move: the last move was the opponent's, who has lost.
            let w = win || !any;
            self.memo.insert(row.to_vec(), w);
            w
        }
    }
}

#[allow(dead_code)]
#[path = "../examples/loopy_games.rs"]
mod loopy_games;

/// Brute force for the loopy games tutorial: games as explicit graphs (each position's
/// options, as indices), outcomes by a retrograde analysis, and Smith's values read off the
/// outcomes of the game beside Nim heaps.
mod loopy_oracle {
    /// Each position's options, as indices.
    pub type Graph = Vec<Vec<usize>>;

    /// The strip of cells `0..cells`: one or two cells left, and the jump `from → to`.
    pub fn strip(cells: usize, jump: Option<(usize, usize)>) -> Graph {
        (0..cells)
            .map(|c| {
                let mut to: Vec<usize> = (1..=2).filter(|&s| s <= c).map(|s| c - s).collect();
                to.extend(jump.filter(|&(from, _)| from == c).map(|(_, to)| to));
                to
            })
            .collect()
    }

    /// A Nim heap of `0..=most`.
    pub fn heap(most: usize) -> Graph {
        (0..=most).map(|h| (0..h).collect()).collect()
    }

    /// The sum of `a` and `b`: position `(i, j)` is `i * b.len() + j`; a move is one of `i`'s
    /// options (first) or one of `j`'s.
    pub fn sum(a: &Graph, b: &Graph) -> Graph {
        let w = b.len();
        let mut g = Vec::new();
        for (i, ai) in a.iter().enumerate() {
            for (j, bj) in b.iter().enumerate() {
                let first = ai.iter().map(|&x| x * w + j);
                g.push(first.chain(bj.iter().map(|&y| i * w + y)).collect());
            }
        }
        g
    }

    /// Each position's outcome, `N`, `P` or `D`, by the retrograde analysis the loopy tests
    /// share (`common::loopy`).
    pub fn outcomes(g: &Graph) -> Vec<char> {
        crate::common::loopy::retrograde(g)
            .into_iter()
            .map(|o| o.letter())
            .collect()
    }

    /// Each position's loopy nim value, written as the crate writes it, by Smith's theorem
    /// read backwards: `u` is `*n` exactly when `u + *n` is P, and `∞{K}` when no such `n`
    /// is, `K` the `m` for which `u + *m` is N (`∞{K} + *m` is `∞{K ⊕ m}`, won when
    /// `m ∈ K`). Heaps to `most` are tried; every value found must lie below it.
    pub fn values(g: &Graph, most: usize) -> Vec<String> {
        let beside = outcomes(&sum(g, &heap(most)));
        let at = |u: usize, m: usize| beside[u * (most + 1) + m];
        (0..g.len())
            .map(|u| {
                let (p, n): (Vec<usize>, Vec<usize>) = (
                    (0..=most).filter(|&m| at(u, m) == 'P').collect(),
                    (0..=most).filter(|&m| at(u, m) == 'N').collect(),
                );
                assert!(p.len() <= 1, "position {u} beside two heaps is P");
                let known = !p.contains(&most) && (!p.is_empty() || !n.contains(&most));
                assert!(known, "position {u}: try larger heaps");
                match p[..] {
                    [v] => format!("*{v}"),
                    _ => {
                        let k: Vec<String> = n.iter().map(usize::to_string).collect();
                        format!("∞{{{}}}", k.join(","))
                    }
                }
            })
            .collect()
    }
}

#[test]
fn loopy_games_tells_its_story() {
    use grundy::Game;
    use loopy_oracle::{outcomes, strip, sum, values};

    let mut out = String::new();
    loopy_games::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 21, "{out}");

    // The example's game is the strip written out here.
    assert_eq!((loopy_games::CELLS, loopy_games::JUMP), (10, (6, 8)));
    let plain = strip(10, None);
    let loopy = strip(10, Some((6, 8)));
    for c in 0..10u8 {
        for (graph, jump) in [(&plain, false), (&loopy, true)] {
            let theirs: Vec<usize> = loopy_games::Token(c, jump)
                .moves()
                .into_iter()
                .map(|(to, next)| {
                    assert_eq!(next, loopy_games::Token(to, jump));
                    usize::from(to)
                })
                .collect();
            assert_eq!(theirs, graph[usize::from(c)], "cell {c}, jump {jump}");
        }
    }

    // Without the jump: Grundy values by the mex, a cell at a time.
    let mut grundy: Vec<usize> = Vec::new();
    for options in &plain {
        let seen: Vec<usize> = options.iter().map(|&o| grundy[o]).collect();
        grundy.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    let shown: Vec<String> = grundy.iter().map(|g| format!("*{g}")).collect();
    assert_eq!(
        lines[..2],
        [
            "A token on cells 0 to 9, moved one or two cells left; whoever cannot move loses."
                .to_string(),
            format!("  values by the Solver: {}", shown.join(" ")),
        ]
    );

    // With it, a cycle, and the Solver's error.
    assert!(loopy[6].contains(&8) && loopy[8].contains(&7) && loopy[7].contains(&6));
    assert_eq!(
        lines[2..5],
        [
            "Add a move from cell 6 to cell 8: play can go 6 → 8 → 7 → 6 for ever.".to_string(),
            format!("  the Solver refuses it: {}", grundy::Error::Cycle),
            "  Loopy's values and outcomes, and the moves to make:".to_string(),
        ]
    );

    // Each cell: the value by Smith's theorem, the outcome and the moves by the retrograde
    // analysis.
    let value = values(&loopy, 4);
    assert_eq!(
        value,
        [
            "*0", "*1", "*2", "*0", "*1", "*2", "∞{1,2}", "∞{2}", "∞{}", "∞{}"
        ]
    );
    let outcome = outcomes(&loopy);
    for c in 0..10 {
        let to = |want: char| -> String {
            let to: Vec<String> = loopy[c]
                .iter()
                .filter(|&&o| outcome[o] == want)
                .map(usize::to_string)
                .collect();
            format!("to {}", to.join(" or "))
        };
        let moves = match outcome[c] {
            'N' => format!("wins by moving {}", to('P')),
            'D' => format!("draws by moving {}", to('D')),
            _ if loopy[c].is_empty() => "no move".to_string(),
            _ => "every move loses".to_string(),
        };
        assert_eq!(
            lines[5 + c],
            format!("    cell {c}: {:<7} {}, {moves}", value[c], outcome[c]),
            "cell {c}"
        );
    }

    // Sums: the parts' values, the sum's value and outcome and its winning moves from the
    // game of two tokens, searched whole.
    assert_eq!(
        lines[15],
        "Two tokens on the strip: a move moves one. Smith's rule adds the values:"
    );
    assert_eq!(loopy_games::SUMS, [[4, 5], [7, 5], [9, 1], [7, 6]]);
    let pair = sum(&loopy, &loopy);
    let (pair_value, pair_outcome) = (values(&pair, 4), outcomes(&pair));
    for (line, [a, b]) in lines[16..20].iter().zip(loopy_games::SUMS) {
        let (a, b) = (usize::from(a), usize::from(b));
        let mut wins: Vec<String> = Vec::new();
        for &c in &loopy[a] {
            if pair_outcome[c * 10 + b] == 'P' {
                wins.push(format!("token at {a} to {c}"));
            }
        }
        for &c in &loopy[b] {
            if pair_outcome[a * 10 + c] == 'P' {
                wins.push(format!("token at {b} to {c}"));
            }
        }
        let by = if wins.is_empty() { "" } else { ", wins by " };
        assert_eq!(
            *line,
            format!(
                "  {a} + {b}: {} + {} = {}, {}{by}{}",
                value[a],
                value[b],
                pair_value[a * 10 + b],
                pair_outcome[a * 10 + b],
                wins.join(", ")
            )
        );
    }
    // The two that the prose explains: a draw beside a win, won; and a draw again.
    assert_eq!(
        lines[17],
        "  7 + 5: ∞{2} + *2 = ∞{0}, N, wins by token at 7 to 5"
    );
    assert_eq!(lines[18], "  9 + 1: ∞{} + *1 = ∞{}, D");

    // Every placement: the outcomes of the pair, counted, and the positions the search of
    // the pair stores (those reachable from two tokens on the last cell).
    let count = |o: char| pair_outcome.iter().filter(|&&x| x == o).count();
    let stored = reachable(99usize, |&u: &usize| pair[u].clone());
    assert_eq!(
        lines[20],
        format!(
            "  all 100 placements, searched whole as pairs ({stored} positions): the same \
             outcomes, N {}, P {}, D {}",
            count('N'),
            count('P'),
            count('D')
        )
    );
    assert_eq!((count('N'), count('P'), count('D')), (36, 12, 52));
}

#[allow(dead_code)]
#[path = "../examples/coin_turning.rs"]
mod coin_turning;

/// Brute force for the coin-turning tutorial, from the rules as the story states them: a
/// lone head's value is the mex of the nim-sums of the other coins a move turns, and a move
/// from a position turns the head and those coins (a position's value is the nim-sum of its
/// heads, so a move's result is read off the values). The rules' moves and the nim-product
/// of the definition are the coin-turning tests' (`common::coins`); the Ruler is the
/// tutorial's own.
mod coins_oracle {
    /// The values of lone heads on the coins `0..n` of the rule whose moves from coin `x`
    /// are `moves(x)` (each the other coins it turns).
    pub fn values(n: u32, moves: impl Fn(u32) -> Vec<Vec<u32>>) -> Vec<u128> {
        let mut values: Vec<u128> = Vec::new();
        for x in 0..n {
            let worths: Vec<u128> = moves(x)
                .iter()
                .map(|others| others.iter().fold(0, |w, &c| w ^ values[c as usize]))
                .collect();
            values.push(crate::common::mex(worths));
        }
        values
    }

    /// Ruler: the runs `a..x`, numbered from 1.
    pub fn ruler(x: u32) -> Vec<Vec<u32>> {
        (1..=x).map(|a| (a..x).collect()).collect()
    }

    /// Every winning move of the row `heads` of the rule (`values`, `moves`), written as the
    /// story writes them, sorted.
    pub fn winning(
        heads: &[u32],
        values: &[u128],
        moves: impl Fn(u32) -> Vec<Vec<u32>>,
    ) -> Vec<String> {
        let total = heads.iter().fold(0, |s, &h| s ^ values[h as usize]);
        let mut found = Vec::new();
        for &h in heads {
            for others in moves(h) {
                let after = others
                    .iter()
                    .fold(total ^ values[h as usize], |s, &c| s ^ values[c as usize]);
                if after == 0 {
                    found.push(written(
                        &h.to_string(),
                        &others.iter().map(u32::to_string).collect::<Vec<_>>(),
                    ));
                }
            }
        }
        found.sort();
        found
    }

    /// `head with a b`, or `head alone`.
    pub fn written(head: &str, others: &[String]) -> String {
        if others.is_empty() {
            format!("{head} alone")
        } else {
            format!("{head} with {}", others.join(" "))
        }
    }

    /// The moves listed after `winning moves: ` in `line`, sorted.
    pub fn listed(line: &str) -> Vec<String> {
        let (_, moves) = line.split_once("winning moves: ").unwrap();
        let mut moves: Vec<String> = moves.split(", ").map(str::to_string).collect();
        moves.sort();
        moves
    }
}

#[test]
fn coin_turning_tells_its_story() {
    use crate::common::coins::{Kind, nim_products};
    use coins_oracle::{listed, ruler, values, winning, written};
    let turtles = |x| Kind::Turtles.others(x);
    let mock = |x| Kind::Mock.others(x);
    use grundy::Nimber;

    let mut out = String::new();
    coin_turning::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 17, "{out}");

    // Turning Turtles: Nim's value and Nim's winning moves.
    let tt = values(8, turtles);
    assert_eq!(tt, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert_eq!(lines[0], "Turning Turtles, heads on 3 5 7 (Nim 3, 5, 7):");
    assert!(lines[1].starts_with("  value *1, N; winning moves: "));
    assert_eq!(listed(lines[1]), winning(&[3, 5, 7], &tt, turtles));
    assert_eq!(listed(lines[1]), ["3 with 2", "5 with 4", "7 with 6"]);

    // Mock Turtles: the odious numbers, and the row 2 5 9.
    let mt = values(13, mock);
    let odious: Vec<String> = mt[1..].iter().map(u128::to_string).collect();
    assert_eq!(odious.join(" "), "1 2 4 7 8 11 13 14 16 19 21 22");
    assert_eq!(
        lines[2],
        format!("Mock Turtles, a head on 1 to 12: {}", odious.join(" "))
    );
    let value = mt[2] ^ mt[5] ^ mt[9];
    assert!(lines[3].starts_with(&format!(
        "  heads on 2 5 9: value *{value}; winning moves: "
    )));
    assert_eq!(listed(lines[3]), winning(&[2, 5, 9], &mt, mock));

    // Turning Corners: the table of products, and the small board's winning moves, counted
    // over every rectangle (four corners: a < x, b < y).
    let t: Vec<Vec<u128>> = nim_products(8)
        .into_iter()
        .map(|row| row.into_iter().map(u128::from).collect())
        .collect();
    assert_eq!(
        lines[4],
        "Turning Corners, a lone head on (x, y) for x, y < 6:"
    );
    for x in 0..6 {
        let row: Vec<String> = (0..6).map(|y| format!("{:>2}", t[x][y])).collect();
        assert_eq!(lines[5 + x], format!("  {}", row.join(" ")));
    }
    let heads = [(3usize, 5usize), (6, 6), (7, 2)];
    let total = heads.iter().fold(0, |s, &(x, y)| s ^ t[x][y]);
    let mut wins = Vec::new();
    for &(x, y) in &heads {
        for a in 0..x {
            for b in 0..y {
                if total ^ t[x][y] ^ t[a][b] ^ t[a][y] ^ t[x][b] == 0 {
                    let mut others = [(a, b), (a, y), (x, b)];
                    others.sort();
                    let others: Vec<String> = others.iter().map(|c| format!("{c:?}")).collect();
                    wins.push(written(&format!("{:?}", (x, y)), &others));
                }
            }
        }
    }
    assert_eq!(
        lines[11],
        format!(
            "  heads on (3, 5) (6, 6) (7, 2): value *{total}; {} winning moves, the first {}",
            wins.len(),
            wins[0]
        )
    );

    // The big boards: a value is the nim-sum of the heads' products (the crate's nim field,
    // which its own tests check against the definition). On the first board a move of a
    // head (x, y) is a column b < y (at most 5 of them) and a row a < x; for each b the one
    // row that leaves 0 comes from one division, and is a winning move when it is below x.
    // On the second board the moves are refused by the scan limit.
    let n = Nimber::new;
    let big = 10u128.pow(30);
    let heads = [(big, 5u128), (1 << 100, 3)];
    let total = heads
        .iter()
        .fold(Nimber::ZERO, |s, &(x, y)| s + n(x) * n(y));
    assert!(!total.is_zero());
    let mut wins = Vec::new();
    for &(x, y) in &heads {
        for b in 0..y {
            // Turning (x, y), (a, y), (x, b), (a, b) changes the value by
            // (x ⊕ a) ⊗ (y ⊕ b) = x ⊗ (y ⊕ b) ⊕ a ⊗ (y ⊕ b): it leaves 0 when that is `total`.
            let a = (total + n(x) * n(y ^ b))
                .checked_div(n(y ^ b))
                .unwrap()
                .get();
            if a < x {
                assert!((total + (n(x) + n(a)) * (n(y) + n(b))).is_zero());
                let mut others = [(a, b), (a, y), (x, b)];
                others.sort();
                let others: Vec<String> = others.iter().map(|c| format!("{c:?}")).collect();
                wins.push(written(&format!("{:?}", (x, y)), &others));
            }
        }
    }
    wins.sort();
    assert!(!wins.is_empty());
    assert!(lines[12].starts_with(&format!(
        "  heads on (10^30, 5) and (2^100, 3): value {total}, N; winning moves: "
    )));
    // The moves are joined by ", " and so are a coin's coordinates: split between moves only,
    // at "), (", and give each piece back its parentheses.
    let (_, tail) = lines[12].split_once("winning moves: ").unwrap();
    let mut printed: Vec<String> = tail
        .split("), (")
        .map(|piece| {
            let piece = piece.strip_prefix('(').unwrap_or(piece);
            let piece = piece.strip_suffix(')').unwrap_or(piece);
            format!("({piece})")
        })
        .collect();
    printed.sort();
    assert_eq!(printed, wins);
    let value = n(big) * n(big + 7) + n(1 << 100) * n(3);
    assert!(!value.is_zero());
    assert_eq!(
        lines[13],
        format!("  heads on (10^30, 10^30 + 7) and (2^100, 3): value {value}, N")
    );
    let refused = grundy::Error::ScanLimit {
        coin: format!("{:?}", (big, big + 7)),
        limit: grundy::coins::DEFAULT_SCAN_LIMIT,
    };
    assert_eq!(
        lines[14],
        format!("  its winning moves need a scan of 10^30 moves, past the scan limit: {refused}")
    );

    // The Ruler: the ruler function, and the row 4 6 7.
    let ru = values(9, ruler);
    let shown: Vec<String> = ru[1..].iter().map(u128::to_string).collect();
    assert_eq!(shown.join(" "), "1 2 1 4 1 2 1 8");
    assert_eq!(
        lines[15],
        format!("Ruler, a head on 1 to 8: {}", shown.join(" "))
    );
    let value = ru[4] ^ ru[6] ^ ru[7];
    assert!(lines[16].starts_with(&format!(
        "  heads on 4 6 7: value *{value}; winning moves: "
    )));
    assert_eq!(listed(lines[16]), winning(&[4, 6, 7], &ru, ruler));
}

#[allow(dead_code)]
#[path = "../examples/long_runs.rs"]
mod long_runs;

/// Officers' values `G(0..len)` by the textbook mex: a heap of `n ≥ 2` moves to one row of
/// `n - 1` or to two rows `a + b = n - 1` (`a, b ≥ 1`); a heap of 0 or 1 has no move.
fn officers_textbook(len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    let mut seen: Vec<bool> = Vec::new();
    for n in 0..len {
        seen.clear();
        seen.resize(n + 2, false);
        if n >= 2 {
            let rest = n - 1;
            seen[g[rest] as usize] = true;
            for a in 1..=rest / 2 {
                let v = (g[a] ^ g[rest - a]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

#[test]
fn long_runs_tells_its_story() {
    use core::ops::ControlFlow;
    use grundy::Error;
    use grundy::games::{Octal, Subtraction};
    use grundy::prelude::*;
    use grundy::sequence::{Checkpoint, Goal};
    use long_runs::{CODE, EDITED, LEN, SHOWN_EVERY, STOP, SUBTRACTION};

    let mut out = String::new();
    long_runs::story(&mut out).expect("the story runs");
    let lines: Vec<&str> = out.lines().collect();

    // Officers by the textbook mex, its first heaps also by the shared brute force.
    assert_eq!(CODE, "0.6");
    let g = officers_textbook(LEN);
    assert_eq!(
        g[..1500],
        crate::common::definition(crate::common::rules::octal_heap(CODE), 1500)[..]
    );
    assert_eq!(g[..8], [0, 0, 1, 2, 0, 1, 2, 3]);
    let largest = |upto: usize| *g[..upto].iter().max().unwrap();
    assert_eq!(
        lines[..2],
        [
            "Officers, 0.6: take one coin from a row, leaving one row or splitting it in two; a \
             lone coin cannot be taken.",
            "1. A run to 20000 values, stopped by its progress callback once 8000 are done (a \
             count here; a service reads its clock there):",
        ]
    );

    // 1. The progress reports: every 1024 values, then the stop at exactly 8000 (a multiple
    // of 64, the reports' interval).
    assert_eq!((LEN, STOP, SHOWN_EVERY), (20_000, 8000, 1024));
    let mut reports: Vec<usize> = (1..)
        .map(|k| k * SHOWN_EVERY)
        .take_while(|&d| d < STOP)
        .collect();
    reports.push(STOP);
    let mut rare_before = 0;
    let mut rare = 0;
    for (line, done) in lines[2..2 + reports.len()].iter().zip(&reports) {
        let numbers = numbers_in(line);
        rare = numbers[1] as usize;
        assert!(rare > rare_before && rare < *done, "{line}");
        rare_before = rare;
        assert_eq!(
            *line,
            format!(
                "  {done:>5} values done: {rare:>4} rare positions ({:.1}%), largest value {}{}",
                100.0 * rare as f64 / *done as f64,
                largest(*done),
                if *done == STOP { ": Break" } else { "" }
            )
        );
    }
    let mut line = 2 + reports.len();
    let stopped = Error::Interrupted { computed: STOP };
    assert_eq!(lines[line], format!("  Interrupted: {stopped}"));
    assert_eq!(
        lines[line + 1],
        format!(
            "  kept: 8000 values, G(7999) = *{}; a clone of the rules sees the same 8000 (one \
             shared table)",
            g[7999]
        )
    );
    line += 2;

    // 2. The checkpoint's size from its format: magic 8, version 4, the name's length 4 and
    // the name, the count 8, the width 1; one byte a value while all are below 256; the
    // split's flag 1, mask 4, parity 1, heap count 8, the rare count 8 and 8 a position;
    // the checksum 8.
    let header = 8 + 4 + 4 + "octal 0.6".len() + 8 + 1;
    assert_eq!(header, long_runs::header_len("octal 0.6"));
    assert!(largest(STOP) < 256);
    let size = header + STOP + (1 + 4 + 1 + 8) + 8 + 8 * rare + 8;
    assert_eq!(
        lines[line..line + 2],
        [
            format!(
                "2. The checkpoint of \"octal 0.6\": 8000 values, {size} bytes = {header} (magic, \
                 version, name, count, width) + 8000 × 1 (the values, all below 256 so far) + 22 \
                 (the split) + {rare} × 8 (its rare positions) + 8 (the checksum)"
            ),
            format!(
                "  saved to a file in the temporary directory ({size} bytes), loaded back: the \
                 same checkpoint; the file removed"
            ),
        ]
    );
    line += 2;

    // 3. Resumed and grown on; the story's last values from the textbook's. No period can
    // be proven by these values: a period p from n0 proven by Guy–Smith within LEN values
    // has n0 + p < LEN / 2, and every later value repeats one before n0 + p; but the values
    // of the second half reach past every value of the first.
    let (first_half, second_half) = (largest(LEN / 2), *g[LEN / 2..].iter().max().unwrap());
    assert!(second_half > first_half);
    let wide = g.iter().position(|&v| v > 255).unwrap();
    assert_eq!(
        lines[line..line + 3],
        [
            "3. Resumed into rules made fresh with Octal::new(\"0.6\"): 8000 values, checked \
             (game, values, split)"
                .to_owned(),
            "  grown on from 8000 values to 20000: equal to the uninterrupted run's table"
                .to_owned(),
            format!(
                "  G(19999) = *{}, largest value {} (past 255 first at heap {wide}: a checkpoint \
                 now takes two bytes a value), no period proven",
                g[LEN - 1],
                largest(LEN)
            ),
        ]
    );
    line += 3;

    // The same run here, stopped elsewhere (5000 values), saved through bytes and resumed
    // into fresh rules: the uninterrupted table, and the textbook's values.
    let stopped_here = Octal::new(CODE).unwrap();
    let err = stopped_here
        .grow(Goal::Values(LEN), |done| {
            if done >= 5000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap_err();
    assert_eq!(err, Error::Interrupted { computed: 5056 });
    assert_eq!(stopped_here.sequence().values(), &g[..5056]);
    let bytes = stopped_here.checkpoint().unwrap().to_bytes();
    // The story's checksum is the one the crate writes.
    let body = bytes.len() - 8;
    assert_eq!(
        bytes[body..],
        long_runs::fnv1a(&bytes[..body]).to_le_bytes()
    );
    let resumed = Octal::new(CODE).unwrap();
    resumed
        .resume(&Checkpoint::from_bytes(&bytes).unwrap())
        .unwrap();
    let table = resumed.values(LEN).unwrap();
    assert_eq!(table.values(), &g[..]);
    let whole = Octal::new(CODE).unwrap().values(LEN).unwrap();
    assert_eq!(*table, *whole);

    // 4. One byte flipped, and another game's rules.
    let stopped_story = Octal::new(CODE).unwrap().with_table_limit(STOP);
    stopped_story.values(STOP).unwrap();
    let sound = stopped_story.checkpoint().unwrap();
    let sound_bytes = sound.to_bytes();
    assert_eq!(sound_bytes.len(), size);
    let at = header + EDITED;
    assert_eq!(sound_bytes[at], g[EDITED] as u8);
    let mut damaged = sound_bytes.clone();
    damaged[at] ^= 0xff;
    let refused = Checkpoint::from_bytes(&damaged).unwrap_err();
    assert!(matches!(refused, Error::Checkpoint { .. }));
    assert!(refused.to_string().contains("checksum"));
    let foreign = Octal::kayles().resume(&sound).unwrap_err();
    assert!(matches!(foreign, Error::Checkpoint { .. }));
    assert!(foreign.to_string().contains("octal 0.77"));
    assert_eq!(
        lines[line..line + 4],
        [
            format!(
                "4. The checkpoint with one byte flipped, byte 5034 (the value of heap 5000, {} \
                 read as {}):",
                g[EDITED],
                g[EDITED] ^ 0xff
            ),
            format!("    {refused}"),
            "  the sound checkpoint, resumed by Kayles' rules:".to_owned(),
            format!("    {foreign}"),
        ]
    );
    line += 4;

    // 5. The audit: 1000 heaps and 100 more, then the edits, each named with the value its
    // options give, from the textbooks' values (the heaps below an edit are untouched).
    let (set, len, heap, edit) = SUBTRACTION;
    let s = subtraction_values(&set.map(usize::from), len);
    let truth = s[heap];
    assert_ne!(truth, u32::from(edit));
    // The edit is within the heap's moves, which is all a subtraction game's resume checks.
    assert!(u32::from(edit) <= set.iter().filter(|&&t| usize::from(t) <= heap).count() as u32);
    let sub_wrong = Error::WrongValue {
        heap: heap as u128,
        held: u128::from(edit),
        definition: u128::from(truth),
    };
    let officers_wrong = Error::WrongValue {
        heap: EDITED as u128,
        held: u128::from(g[EDITED] ^ 1),
        definition: u128::from(g[EDITED]),
    };
    assert_eq!(
        lines[line..line + 10],
        [
            "5. The audit: a value checked against the definition, every move of its heap \
             listed."
                .to_owned(),
            "  the resumed table, heaps 0 to 999 and every 200th heap from 1199 to 19999: 1095 \
             heaps checked, none wrong"
                .to_owned(),
            "  An edit with its checksum computed again (FNV-1a, 64 bits, of every byte before \
             it), which the checksum cannot see:"
                .to_owned(),
            format!(
                "  the subtraction game S = {{1, 3, 4}}, 2000 values, heap 1000 edited from \
                 {truth} to {edit}: read and resumed (its checkpoint holds values only)"
            ),
            format!(
                "    and the resumed rules answer heap 1000: *{edit} (the true value is \
                 *{truth})"
            ),
            format!("    audit of heaps 0 to 1999: {sub_wrong}"),
            format!(
                "  Officers' checkpoint, heap 5000 edited from {} to {}: resumed too (the split \
                 its values give is unchanged)",
                g[EDITED],
                g[EDITED] ^ 1
            ),
            format!("    audit of heaps 0 to 7999: {officers_wrong}"),
            format!(
                "6. Threads: 20000 values in a rayon pool of 1 thread and in one of 2: the same \
                 values, and the same as above ({})",
                if cfg!(feature = "parallel") {
                    "the parallel feature is on: the engine used the pool's threads"
                } else {
                    "the parallel feature is off in this build: one thread each time"
                }
            ),
            "  and 0.8 (take one, split the rest in three: the general engine), 3000 values in \
             each pool: the same values"
                .to_owned(),
        ]
    );
    // The edits as the story makes them, resumed here and audited.
    let edited_sub = Subtraction::new(set).unwrap();
    edited_sub.values(len).unwrap();
    let forged = long_runs::edited(
        &edited_sub.checkpoint().unwrap().to_bytes(),
        "subtraction 1,3,4",
        heap,
        edit,
    )
    .unwrap();
    let fooled = Subtraction::new(set).unwrap();
    fooled
        .resume(&Checkpoint::from_bytes(&forged).unwrap())
        .unwrap();
    assert_eq!(fooled.audit(0..heap as u128), Ok(heap));
    assert_eq!(fooled.audit(0..len as u128), Err(sub_wrong));
    line += 10;

    // Exercises, and the answers their checks give.
    assert_eq!(lines[line], "Exercises:");
    assert_eq!(lines.len(), line + 4);
    assert!(lines[line + 1].starts_with("  1. Stop the run at 8100 values instead"));
    assert!(lines[line + 2].starts_with("  2. Edit heap 3 of Officers' checkpoint to 3"));
    assert!(lines[line + 3].contains("--resume o.ck --audit 200"));
    // 1: the stop is seen at the next report, a multiple of 64.
    let at_8100 = Octal::new(CODE).unwrap();
    let err = at_8100
        .grow(Goal::Values(LEN), |done| {
            if done >= 8100 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap_err();
    assert_eq!(err, Error::Interrupted { computed: 8128 });
    // 2: heap 3 has two moves (to 2, and to 1 + 1), so a value of 3 is refused at resume.
    let three = long_runs::edited(&sound_bytes, "octal 0.6", 3, 3).unwrap();
    let err = Octal::new(CODE)
        .unwrap()
        .resume(&Checkpoint::from_bytes(&three).unwrap())
        .unwrap_err();
    assert!(matches!(err, Error::Checkpoint { .. }), "{err}");
}
