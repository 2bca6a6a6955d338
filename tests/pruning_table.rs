//! The pruning search's table: a memory limit much smaller than the positions a search meets
//! (it forgets, and stays exact), a search saved and resumed from its file, damaged files,
//! and the move-ordering hook [`Game::measure`]. Every answer is checked against the brute
//! force of `common` or the `Solver`.

use crate::common;

use crate::cram;

use common::rules;
use common::{Oracle, SmallDag, listed_once};
use core::ops::ControlFlow;
use cram::{Cram, Domino};
use grundy::prelude::*;
use grundy::search::{Encode, Pruning};
use grundy::{Error, Evaluator};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;

thread_local! {
    /// The graph the tokens of [`Tokens`] move on: one per case, set by [`on`].
    static GRAPH: RefCell<Vec<Vec<usize>>> = const { RefCell::new(Vec::new()) };
    /// How the measure of [`Tokens`] is made up for the case: see [`Tokens::measure`].
    static MEASURE: Cell<u8> = const { Cell::new(0) };
    /// How many times [`Tokens::measure`] was asked.
    static MEASURED: Cell<u64> = const { Cell::new(0) };
}

/// Tokens on the case's directed acyclic graph, as one position (no parts, so that a search
/// stores every multiset it meets): a move slides one token along an edge. Sorted, so the
/// position is the multiset.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tokens(Vec<u8>);

impl Game for Tokens {
    type Move = (usize, usize); // (from, to)

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((usize, usize), Tokens) -> ControlFlow<()>,
    {
        let edges = GRAPH.with(|g| g.borrow().clone());
        for (i, &v) in self.0.iter().enumerate() {
            if i > 0 && self.0[i - 1] == v {
                continue; // the same move as the token before
            }
            for &w in &edges[usize::from(v)] {
                let mut at = self.0.clone();
                at[i] = w as u8;
                at.sort_unstable();
                visit((usize::from(v), w), Tokens(at))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// By the case: none (the search counts moves), the sum of the tokens' vertices (a fair
    /// size), or a scramble of the position's bytes (a measure that tells nothing, which
    /// may only slow the search).
    fn measure(&self) -> Option<u64> {
        MEASURED.with(|m| m.set(m.get() + 1));
        match MEASURE.with(Cell::get) % 3 {
            0 => None,
            1 => Some(self.0.iter().map(|&v| u64::from(v)).sum()),
            _ => Some(self.0.iter().fold(0x9E37u64, |h, &v| {
                (h ^ u64::from(v)).wrapping_mul(0x100_0000_01b3)
            })),
        }
    }
}

impl Encode for Tokens {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.0);
    }

    fn decode(bytes: &[u8]) -> Option<Tokens> {
        let vertices = GRAPH.with(|g| g.borrow().len());
        (bytes.iter().all(|&v| usize::from(v) < vertices) && bytes.is_sorted())
            .then(|| Tokens(bytes.to_vec()))
    }
}

/// Sets the graph of the case, and its kind of measure.
fn on(graph: &SmallDag, measure: u8) {
    GRAPH.with(|g| *g.borrow_mut() = graph.edges.clone());
    MEASURE.with(|m| m.set(measure));
}

/// Up to five tokens at the picked vertices.
fn tokens(graph: &SmallDag, picks: &[u8]) -> Tokens {
    let mut at: Vec<u8> = picks
        .iter()
        .take(5)
        .map(|&p| (usize::from(p) % graph.len()) as u8)
        .collect();
    at.sort_unstable();
    Tokens(at)
}

/// A search's value, outcome and winning moves of one position.
type Answers<M> = (u128, Outcome, BTreeSet<M>);

/// The brute force's value and winning moves of `position`, its moves named by vertices.
fn brute(graph: &SmallDag, position: &Tokens) -> (u128, BTreeSet<(usize, usize)>) {
    let mut oracle = Oracle::new(rules::sum(rules::dag(graph.edges.clone())));
    let at: Vec<usize> = position.0.iter().map(|&v| usize::from(v)).collect();
    let wins = oracle
        .winning_moves(&at, Play::Normal)
        .into_iter()
        .map(|(i, w)| (at[i], w))
        .collect();
    (oracle.grundy(&at), wins)
}

/// The case of a property: the graph set with its kind of measure, the tokens picked, and
/// the brute force's answers; `None` for a case with no graph or no token.
fn case(graph: &SmallDag, picks: &[u8], measure: u8) -> Option<(Tokens, Answers<(usize, usize)>)> {
    if picks.is_empty() || graph.len() == 0 {
        return None;
    }
    on(graph, measure);
    let position = tokens(graph, picks);
    let (value, wins) = brute(graph, &position);
    Some((
        position,
        (value, Outcome::from_grundy(Nimber::new(value)), wins),
    ))
}

/// The answers of `search`: the value, the outcome and the winning moves of `position`.
fn answers<G: Game>(search: &mut impl Evaluator<G>, position: &G) -> Result<Answers<G::Move>, Error>
where
    G::Move: Ord + core::fmt::Debug,
{
    let value = search.grundy(position)?.get();
    let outcome = search.outcome(position, Play::Normal)?;
    let wins = listed_once(search.winning_moves(position, Play::Normal)?);
    Ok((value, outcome, wins))
}

/// The answers of a search of at most `bytes` bytes, doubled until they are enough: for the
/// open questions (a smaller limit is [`Error::SearchMemoryLimit`], never a wrong answer),
/// and for the search to end within [`WORK`] listed moves (a table that forgets nearly all
/// it learns may search again an exponential number of times: exact, and only slower, but a
/// case must not run for hours). With the search, to read what it forgot.
fn bounded<G: Game>(position: &G, mut bytes: usize) -> (Answers<G::Move>, Pruning<G>)
where
    G::Move: Ord + core::fmt::Debug,
{
    // Some positions need more than WORK moves even with no memory limit (a sum of five
    // parts of a 12-node graph listed 200,000 and more): the work doubles with the bytes.
    let mut work = WORK;
    loop {
        let mut search = Pruning::new()
            .with_memory_limit(bytes)
            .with_move_limit(work);
        match answers(&mut search, position) {
            Ok(found) => return (found, search),
            Err(Error::SearchMemoryLimit { limit, open }) => {
                assert_eq!(limit, bytes);
                assert!(open > 0);
                bytes = bytes
                    .checked_mul(2)
                    .expect("a limit that some search meets");
            }
            Err(Error::SearchMoveLimit { limit }) => {
                assert_eq!(limit, work);
                bytes = bytes
                    .checked_mul(2)
                    .expect("a limit that some search meets");
                work = work
                    .checked_mul(2)
                    .expect("a move limit that some search meets");
            }
            Err(e) => panic!("{e}"),
        }
    }
}

/// The moves a bounded search may list in all before [`bounded`] gives it twice the bytes
/// (and twice the moves).
const WORK: usize = 200_000;

thread_local! {
    /// Entries forgotten, and cases, over a property's run.
    static FORGOT: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

#[test]
fn a_bounded_table_gives_the_brute_forces_values_outcomes_and_winning_moves() {
    fn prop(graph: SmallDag, picks: Vec<u8>, measure: u8) -> TestResult {
        let Some((position, expected)) = case(&graph, &picks, measure) else {
            return TestResult::discard();
        };
        let mut full = Pruning::new();
        assert_eq!(answers(&mut full, &position).unwrap(), expected);
        assert_eq!(answers(&mut Solver::new(), &position).unwrap(), expected);
        // 2 KiB hold a few dozen entries: a fraction of what the search meets.
        let (found, search) = bounded(&position, 2 << 10);
        assert_eq!(found, expected, "{position:?}");
        FORGOT.with(|f| {
            let (forgot, cases) = f.get();
            f.set((forgot + search.forgotten(), cases + 1));
        });
        TestResult::passed()
    }
    FORGOT.with(|f| f.set((0, 0)));
    // A case costs tens of milliseconds in a debug build (a sweep of the 2 KiB table every
    // few positions): 20 cases in the quick run, every 2000 in the full one.
    QuickCheck::new()
        .tests(common::scale::bound(2000, 20).into())
        .max_tests(40_000)
        .quickcheck(prop as fn(SmallDag, Vec<u8>, u8) -> TestResult);
    // The property means something only if the tables did forget, and often.
    let (forgot, cases) = FORGOT.with(Cell::get);
    assert!(
        forgot > cases,
        "{forgot} entries forgotten in {cases} cases"
    );
}

#[test]
fn the_measure_orders_the_search_and_any_measure_gives_the_same_answers() {
    fn prop(graph: SmallDag, picks: Vec<u8>, measure: u8) -> TestResult {
        let Some((position, expected)) = case(&graph, &picks, measure) else {
            return TestResult::discard();
        };
        MEASURED.with(Cell::take);
        let mut search = Pruning::new();
        let found = answers(&mut search, &position).unwrap();
        let asked = MEASURED.with(Cell::take);
        let has_moves = !position.moves().is_empty();
        TestResult::from_bool(
            found == expected
                // The search asks for the measure of every position it orders.
                && (asked > 0 || !has_moves),
        )
    }
    QuickCheck::new()
        .tests(common::scale::bound(2000, 40).into())
        .max_tests(20_000)
        .quickcheck(prop as fn(SmallDag, Vec<u8>, u8) -> TestResult);
}

/// Runs a search of `position` in runs of at most `moves` moves listed each: a run stopped
/// by the budget saves its file, the next one loads it and goes on. A run that proves nothing
/// new (its file is the file it loaded: the budget does not reach past what is known) gives
/// the next twice the budget. The answers, the number of runs and the last file.
fn in_runs<G: Game + Encode>(position: &G, mut moves: usize) -> (Answers<G::Move>, usize, Vec<u8>)
where
    G::Move: Ord + core::fmt::Debug,
{
    let mut file = Vec::new();
    for runs in 1.. {
        let mut search = Pruning::new().with_move_limit(moves);
        if runs > 1 {
            search.load(file.as_slice()).unwrap();
        }
        let result = answers(&mut search, position);
        let before = core::mem::take(&mut file);
        search.save(&mut file).unwrap();
        match result {
            Ok(found) => return (found, runs, file),
            Err(Error::SearchMoveLimit { limit }) => {
                assert_eq!(limit, moves);
                if file == before {
                    moves *= 2;
                }
            }
            Err(e) => panic!("{e}"),
        }
    }
    unreachable!()
}

thread_local! {
    /// Cases answered in more than one run, and cases, over a property's run.
    static RESUMED: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

#[test]
fn a_search_stopped_and_resumed_from_its_file_gives_the_same_answers() {
    fn prop(graph: SmallDag, picks: Vec<u8>) -> TestResult {
        let Some((position, expected)) = case(&graph, &picks, 1) else {
            return TestResult::discard();
        };
        assert_eq!(answers(&mut Pruning::new(), &position).unwrap(), expected);
        // Runs of 20 moves; of 5 in the quick run, so that its fewer cases are as often
        // stopped and resumed.
        let (found, runs, file) = in_runs(&position, common::scale::bound(20, 5) as usize);
        RESUMED.with(|r| {
            let (resumed, cases) = r.get();
            r.set((resumed + u64::from(runs > 1), cases + 1));
        });
        // A search loaded from the last file answers at once, listing no move.
        let mut resumed = Pruning::new().with_move_limit(0);
        resumed.load(file.as_slice()).unwrap();
        TestResult::from_bool(
            found == expected && resumed.grundy(&position).unwrap().get() == expected.0,
        )
    }
    RESUMED.with(|r| r.set((0, 0)));
    // Each case runs its search many times over: 60 cases in the quick run, 1000 in the full.
    QuickCheck::new()
        .tests(common::scale::bound(1000, 60).into())
        .max_tests(20_000)
        .quickcheck(prop as fn(SmallDag, Vec<u8>) -> TestResult);
    // Most cases were stopped and resumed at least once (about two thirds, in either run);
    // the quick run's 60 cases vary more, so that it asks for a third of them only.
    let (resumed, cases) = RESUMED.with(Cell::get);
    let share = u64::from(common::scale::bound(2, 3));
    assert!(
        resumed * share > cases,
        "{resumed} of {cases} cases resumed"
    );
}

/// A Cram board written as its size and empty cells.
impl Encode for Cram {
    fn encode(&self, out: &mut Vec<u8>) {
        out.extend([self.rows() as u8, self.cols() as u8]);
        self.empty_cells().encode(out);
    }

    fn decode(bytes: &[u8]) -> Option<Cram> {
        let (&[rows, cols], empty) = bytes.split_first_chunk::<2>()?;
        let empty = u64::decode(empty)?;
        let (rows, cols) = (usize::from(rows), usize::from(cols));
        if (rows, cols, empty) == (0, 0, 0) {
            // The board of no cell, which a region of none is, cropped.
            let none = Cram::from_rows(&["#"]).ok()?.canonical_form();
            return (none.rows() == 0).then_some(none);
        }
        let full = Cram::new(rows, cols).ok()?;
        if empty & !full.empty_cells() != 0 {
            return None;
        }
        let picture: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| {
                        if empty >> (r * cols + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect();
        let picture: Vec<&str> = picture.iter().map(String::as_str).collect();
        Cram::from_rows(&picture).ok()
    }
}

/// A Cram board of up to 20 cells with about one cell in five covered.
#[derive(Clone, Debug)]
struct Region(Cram);

impl Arbitrary for Region {
    fn arbitrary(g: &mut Gen) -> Self {
        let rows = 1 + usize::arbitrary(g) % 5;
        let cols = 1 + usize::arbitrary(g) % (20 / rows).min(6);
        let picture: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if u8::arbitrary(g) % 5 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let picture: Vec<&str> = picture.iter().map(String::as_str).collect();
        Region(Cram::from_rows(&picture).expect("a board of at most 20 cells"))
    }
}

/// A domino as an ordered pair of cells.
fn cells(Domino(a, b): &Domino) -> ((u8, u8), (u8, u8)) {
    ((a.row, a.col), (b.row, b.col))
}

/// The answers of a search with the dominoes as pairs of cells.
fn cram_answers(found: Answers<Domino>) -> Answers<((u8, u8), (u8, u8))> {
    (found.0, found.1, found.2.iter().map(cells).collect())
}

#[test]
fn random_cram_boards_with_a_bounded_table_or_in_runs_match_the_solver() {
    fn prop(region: Region) -> bool {
        let board = region.0;
        let expected = cram_answers(answers(&mut Solver::new(), &board).unwrap());
        let (found, _) = bounded(&board, 2 << 10);
        let (resumed, _, _) = in_runs(&board, 20);
        cram_answers(found) == expected && cram_answers(resumed) == expected
    }
    QuickCheck::new()
        .tests(common::scale::cases(400))
        .quickcheck(prop as fn(Region) -> bool);
}

#[test]
fn cram_five_by_five_in_a_seventh_of_its_bytes() {
    // 5 × 5 in the full run; 4 × 5 in the quick one (the `Solver` checks both).
    let rows = common::scale::bound(5, 4) as usize;
    let board = Cram::new(rows, 5).unwrap();
    let mut full = Pruning::new();
    let expected = answers(&mut full, &board).unwrap();
    if rows == 5 {
        assert_eq!(expected.0, 0); // the published value
    }
    let solver = cram_answers(answers(&mut Solver::new(), &board).unwrap());
    assert_eq!(cram_answers(expected.clone()), solver);
    // A limit of a seventh of the bytes the whole table took. (The whole table is lean: 36
    // bytes an entry, position and facts and list place, an index at most seven eighths
    // full, and the lists of the open questions only. With 52-byte entries and an index at
    // most half full, a sixth was too little for the open questions of 5 × 5, which keep
    // their options' entries, and the test took a fifth.)
    let limit = full.bytes() / 7;
    let mut small = Pruning::new().with_memory_limit(limit);
    let found = answers(&mut small, &board).unwrap();
    assert_eq!(found, expected);
    assert!(
        small.forgotten() > full.len() as u64,
        "{}",
        small.forgotten()
    );
    assert!(
        small.len() * 4 < full.len(),
        "{} of {}",
        small.len(),
        full.len()
    );
    assert!(small.bytes() <= limit, "{} > {limit}", small.bytes());
    // Every option's value, from the small table and the whole one.
    for (_, after) in board.moves() {
        assert_eq!(small.grundy(&after).unwrap(), full.grundy(&after).unwrap());
    }
}

/// A search file of the 3 × 4 board.
fn saved_cram() -> (Cram, Vec<u8>, u128) {
    let board = Cram::new(3, 4).unwrap();
    let mut search = Pruning::new();
    let value = search.grundy(&board).unwrap().get();
    let mut file = Vec::new();
    search.save(&mut file).unwrap();
    (board, file, value)
}

/// Whether loading `bytes` is refused as a bad file, and leaves the search as it was.
fn refused(bytes: &[u8]) -> Result<String, String> {
    let board = Cram::new(2, 3).unwrap();
    let value = Solver::new().grundy(&board).unwrap();
    let mut search = Pruning::new();
    search.grundy(&board).unwrap();
    let before = search.len();
    match search.load(bytes) {
        Err(Error::SearchFile { reason }) => {
            if search.len() != before || search.grundy(&board).unwrap() != value {
                return Err(format!("the search changed: {reason}"));
            }
            Ok(reason)
        }
        other => Err(format!("{other:?}")),
    }
}

#[test]
fn a_saved_search_loads_and_answers_without_listing_a_move() {
    let (board, file, value) = saved_cram();
    let mut search = Pruning::new().with_move_limit(0);
    search.load(file.as_slice()).unwrap();
    assert_eq!(search.grundy(&board).unwrap().get(), value);
    // Saved again, the same bytes.
    let mut again = Vec::new();
    search.save(&mut again).unwrap();
    assert_eq!(again, file);
    assert_eq!(&file[..8], b"GRUNDYPS");
}

#[test]
fn every_truncation_and_every_edited_byte_of_a_file_is_refused() {
    let (_, file, _) = saved_cram();
    for len in 0..file.len() {
        refused(&file[..len]).unwrap_or_else(|e| panic!("cut to {len}: {e}"));
    }
    for at in 0..file.len() {
        for flip in [1u8, 0x80, 0xFF] {
            let mut edited = file.clone();
            edited[at] ^= flip;
            refused(&edited).unwrap_or_else(|e| panic!("byte {at} ^ {flip}: {e}"));
        }
    }
    let mut longer = file.clone();
    longer.push(0);
    refused(&longer).unwrap();
}

/// `file` with its checksum made right again: an edit the checksum cannot see.
fn resealed(mut file: Vec<u8>) -> Vec<u8> {
    let body = file.len() - 8;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &file[..body] {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    file[body..].copy_from_slice(&hash.to_le_bytes());
    file
}

#[test]
fn foreign_files_are_refused_by_name() {
    let (_, file, _) = saved_cram();
    // Another game's search.
    on(
        &SmallDag {
            edges: vec![vec![]],
        },
        0,
    );
    let mut tokens = Pruning::new();
    tokens.grundy(&Tokens(vec![0])).unwrap();
    let mut other = Vec::new();
    tokens.save(&mut other).unwrap();
    let reason = refused(&other).unwrap();
    assert!(reason.contains("Tokens"), "{reason}");
    // Another version, and another magic number, even with a right checksum.
    let mut version = file.clone();
    version[8] = 2;
    let reason = refused(&resealed(version)).unwrap();
    assert!(reason.contains("version 2"), "{reason}");
    let mut magic = file.clone();
    magic[0] = b'X';
    assert!(refused(&resealed(magic)).unwrap().contains("magic"));
    // Contradicting facts: a value with bounds beside it (the last entry's `not`).
    let mut facts = file.clone();
    let not_at = file.len() - 8 - 4 - 1 - 8;
    facts[not_at] |= 1;
    let entry = refused(&resealed(facts.clone())).unwrap();
    assert!(entry.contains("contradict"), "{entry}");
    // A position the game cannot have (a cell past the board).
    let empty_cells_at = not_at - 4 - 8;
    let mut cell = file.clone();
    cell[empty_cells_at + 7] = 0xFF; // cells 56 to 63 of a 3 × 4 board
    let reason = refused(&resealed(cell)).unwrap();
    assert!(reason.contains("not a position"), "{reason}");
    assert!(reason.contains("Cram"), "{reason}");
}

#[test]
fn too_small_a_memory_limit_is_an_error_and_the_search_goes_on() {
    let board = Cram::new(4, 4).unwrap();
    let mut search = Pruning::new().with_memory_limit(4 << 10);
    let err = search.grundy(&board).unwrap_err();
    let Error::SearchMemoryLimit { limit, open } = err else {
        panic!("{err:?}")
    };
    assert_eq!(limit, 4 << 10);
    assert!(open > 0);
    assert!(err.to_string().contains("with_memory_limit"), "{err}");
    // A smaller board's questions fit.
    let small = Cram::new(1, 5).unwrap();
    assert_eq!(
        search.grundy(&small).unwrap(),
        Solver::new().grundy(&small).unwrap()
    );
}

#[test]
fn cram_four_by_seven_in_a_tenth_of_its_bytes() {
    // 4 × 7 (the published *3) in the full run; 3 × 8 against the `Solver` in the quick one.
    let cols = common::scale::bound(7, 8) as usize;
    let board = Cram::new(11 - cols, cols).unwrap();
    let mut full = Pruning::new();
    let expected = answers(&mut full, &board).unwrap();
    if cols == 7 {
        assert_eq!(expected.0, 3); // the published value
    } else {
        let solver = cram_answers(answers(&mut Solver::new(), &board).unwrap());
        assert_eq!(cram_answers(expected.clone()), solver);
    }
    let limit = full.bytes() / 10;
    let mut small = Pruning::new().with_memory_limit(limit);
    assert_eq!(answers(&mut small, &board).unwrap(), expected);
    assert!(small.forgotten() > full.len() as u64);
    assert!(small.bytes() <= limit, "{} > {limit}", small.bytes());
    // What a sweep keeps (the values first, then the costliest bounds) is enough that the
    // search lists at most three and a half times the moves of the whole table (4 × 7:
    // 2.38x, 3 × 8: 3.09x). The moves are those the search makes: a position's listing stops
    // at the first option that answers. (When every option was made first and counted, the
    // ratios were 2.15x and 2.6x, and 2.4x and 2.8x keeping by cost alone; the bound was 3x.)
    assert!(
        2 * small.moves() <= 7 * full.moves(),
        "{} moves against {} ({} forgotten)",
        small.moves(),
        full.moves(),
        small.forgotten()
    );
}

#[test]
fn a_search_is_send_and_sync_for_a_game_that_is() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Pruning<Cram>>();
    send_sync::<Error>();
}

/// A case the full run's random search found: a sum of five positions that needs more than
/// [`WORK`] moves even with no memory limit. The bounded search doubled its bytes for ever
/// (until the multiplication overflowed); now its moves double too.
#[test]
fn a_case_that_needs_more_than_the_work_with_any_memory_is_answered() {
    let edges = vec![
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
        vec![],
        vec![0, 1, 2, 3, 4, 5],
        vec![1, 3, 4, 6],
        vec![3, 5, 7],
        vec![2, 3, 5, 6, 7, 8],
        vec![0, 1, 3, 5, 6, 7, 9],
        vec![0, 1, 2, 3, 4, 8, 9, 10],
    ];
    let graph = SmallDag { edges };
    let (position, expected) = case(&graph, &[59, 166, 130, 167, 142], 0).unwrap();
    let (found, _) = bounded(&position, 2 << 10);
    assert_eq!(found, expected);
}
