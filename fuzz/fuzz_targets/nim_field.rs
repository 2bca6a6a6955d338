//! The nim field on arbitrary `u128` nimbers: no panic, and the field's laws hold
//! (commutativity, associativity, distributivity over nim-addition, the identity, inverses,
//! square roots, powers and division).
#![no_main]

use grundy::Nimber;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u128, u128, u128, u8)| {
    let (a, b, c, e) = input;
    let (a, b, c) = (Nimber::new(a), Nimber::new(b), Nimber::new(c));
    let ab = a * b;
    assert_eq!(ab, b * a);
    assert_eq!(ab * c, a * (b * c));
    assert_eq!(a * (b + c), ab + a * c);
    assert_eq!(a * Nimber::ONE, a);
    assert_eq!((a * Nimber::ZERO), Nimber::ZERO);
    match a.inverse() {
        Some(inv) => assert_eq!(a * inv, Nimber::ONE),
        None => assert_eq!(a, Nimber::ZERO),
    }
    let root = a.sqrt();
    assert_eq!(root * root, a);
    match ab.checked_div(b) {
        Some(q) => assert_eq!(q, a),
        None => assert_eq!(b, Nimber::ZERO),
    }
    let e = u128::from(e);
    let mut power = Nimber::ONE;
    for _ in 0..e {
        power *= a;
    }
    assert_eq!(a.pow(e), power);
});
