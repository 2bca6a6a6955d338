//! Coin-turning rules as the brute forces know them, from the rules' words alone, and the
//! nim-product from its mex definition: shared by the coin-turning tests (`tests/coins.rs`)
//! and the coin-turning tutorial's test (`tests/tutorials.rs`).

use super::mex;

/// A coin-turning rule, as the brute forces know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Turning Turtles: coins 1, 2, …; a head and at most one coin left of it.
    Turtles,
    /// Twins: coins 0, 1, …; a head and exactly one coin left of it.
    Twins,
    /// Mock Turtles: coins 1, 2, …; a head and at most two coins left of it.
    Mock,
    /// `NearThree` (`tests/coins.rs`): coins 0, 1, …; a head and one or two of the three coins just left of it.
    Near,
}

/// The rules of *Winning Ways*.
pub const RULES: [Kind; 3] = [Kind::Turtles, Kind::Twins, Kind::Mock];
/// Those and the tests' own.
pub const KINDS: [Kind; 4] = [Kind::Turtles, Kind::Twins, Kind::Mock, Kind::Near];

impl Kind {
    /// The least coin of the rule.
    pub fn first(self) -> u32 {
        match self {
            Kind::Turtles | Kind::Mock => 1,
            Kind::Twins | Kind::Near => 0,
        }
    }

    /// Every set of other coins a head on `head` may turn with it, ascending.
    pub fn others(self, head: u32) -> Vec<Vec<u32>> {
        let first = self.first();
        if head < first {
            return Vec::new();
        }
        let left: Vec<u32> = match self {
            Kind::Near => (head.saturating_sub(3).max(first)..head).collect(),
            _ => (first..head).collect(),
        };
        let singles = left.iter().map(|&a| vec![a]);
        let pairs = left
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| left[i + 1..].iter().map(move |&b| vec![a, b]));
        let mut sets = Vec::new();
        match self {
            Kind::Turtles => {
                sets.push(Vec::new());
                sets.extend(singles);
            }
            Kind::Twins => sets.extend(singles),
            Kind::Mock => {
                sets.push(Vec::new());
                sets.extend(singles);
                sets.extend(pairs);
            }
            Kind::Near => {
                sets.extend(singles);
                sets.extend(pairs);
            }
        }
        sets
    }
}

/// The nim-products of every `a, b < n` from the definition alone:
/// `a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`.
pub fn nim_products(n: usize) -> Vec<Vec<u32>> {
    let mut table = vec![vec![0u32; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = Vec::new();
            for a2 in 0..a {
                for b2 in 0..b {
                    options.push(u128::from(table[a2][b] ^ table[a][b2] ^ table[a2][b2]));
                }
            }
            table[a][b] = mex(options) as u32;
        }
    }
    table
}
