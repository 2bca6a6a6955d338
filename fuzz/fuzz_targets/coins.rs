//! Coin-turning games on arbitrary heads and moves: no panic; a position's value is the
//! nim-sum of its heads' values; every move listed to a value leads to that value and is a
//! move the rule allows (`play` accepts it); any move made up from the input is either played
//! (and then the value moves by the worth of the coins turned) or refused with an error.
#![no_main]

use grundy::coins::{CoinMove, CoinRule, Coins, MockTurtles, Tartan, TurningTurtles, Twins};
use grundy::{ClosedForm, Game, Nimber};
use libfuzzer_sys::fuzz_target;

/// Checks the laws on the position of `rule` with `heads`, and plays `made` from it.
fn check<C, R>(rule: R, heads: Vec<C>, target: u8, made: Option<CoinMove<C>>)
where
    C: grundy::coins::Coin,
    R: CoinRule<C>,
{
    let Ok(row) = Coins::new(rule.clone(), heads) else {
        return;
    };
    let value = row.grundy().unwrap();
    let sum: Nimber = row.heads().iter().map(|&h| rule.value(h).unwrap()).sum();
    assert_eq!(value, sum);
    let target = Nimber::new(u128::from(target % 16));
    if let Ok(moves) = row.moves_to_value(target) {
        for mv in moves.take(64) {
            let next = row.play(mv.clone()).expect("a listed move is legal");
            assert_eq!(next.grundy().unwrap(), target, "{mv:?}");
        }
    }
    if let Some(mv) = made {
        if let Ok(next) = row.play(mv.clone()) {
            let worth: Nimber = mv.others.iter().map(|&c| rule.value(c).unwrap()).sum();
            let head = rule.value(mv.head).unwrap();
            assert_eq!(next.grundy().unwrap(), value + head + worth);
        }
    }
}

fuzz_target!(|input: (u8, Vec<u64>, u8, (u64, Vec<u64>))| {
    let (kind, raw, target, (head, others)) = input;
    let heads: Vec<u64> = raw.into_iter().take(8).collect();
    let made = CoinMove {
        head,
        others: others.iter().copied().take(4).collect(),
    };
    let pairs = |v: &[u64]| -> Vec<(u16, u16)> {
        v.iter().map(|&c| ((c >> 16) as u16 % 64, c as u16 % 64)).collect()
    };
    let made_pair = CoinMove {
        head: ((head >> 16) as u16 % 64, head as u16 % 64),
        others: pairs(&made.others),
    };
    match kind % 6 {
        0 => check(TurningTurtles, heads, target, Some(made)),
        1 => check(Twins, heads, target, Some(made)),
        2 => check(MockTurtles, heads, target, Some(made)),
        3 => check(Tartan::turning_corners(), pairs(&heads), target, Some(made_pair)),
        4 => check(Tartan::new(MockTurtles, TurningTurtles), pairs(&heads), target, Some(made_pair)),
        _ => check(
            Tartan::new(Twins, MockTurtles).with_scan_limit(200),
            pairs(&heads),
            target,
            Some(made_pair),
        ),
    }
});
