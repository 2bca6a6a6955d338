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
            "  win: in Lasker's Nim, take 2 from heap 0, leaving 1; then (1, 5, 6) + (7) = *0",
            "  win: in Lasker's Nim, take 5 from heap 1, leaving nothing; then (3, 6) + (7) = *0",
            "  win: in Lasker's Nim, take 2 from heap 2, leaving 4; then (3, 4, 5) + (7) = *0",
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
