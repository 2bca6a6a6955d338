//! The solver's memory limit: a search holds at most the bytes of its limit, each position
//! counted with what it owns; a search that needs more fails with `SolverMemoryLimit` and
//! leaves the solver as it was; every answer it gives is the oracle's. A heap game's misère
//! row that no quotient covers is searched within the rules' memory budget. The same of the
//! solver of games with cycles (`Loopy`), against retrograde analysis.

use crate::common::loopy::retrograde;
use crate::common::{self, Oracle};
use crate::xorshift::XorShift;
use common::rules::{self, RowMove};
use core::ops::ControlFlow;
use grundy::games::{GrundysGame, HeapRow, HeapRules, Leaves, Octal, Subtraction};
use grundy::loopy::Loopy;
use grundy::prelude::*;
use grundy::{Error, Solver};
use std::sync::Arc;

/// A row of heaps of an octal game, held in a `Vec` it owns, searched whole: the test's own
/// game, its moves from the test's rules, its parts its heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Row {
    code: &'static str,
    heaps: Vec<u32>,
}

impl Game for Row {
    type Move = RowMove;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(RowMove, Row) -> ControlFlow<()>,
    {
        for (mv, heaps) in rules::octal(self.code)(&self.heaps) {
            visit(
                mv,
                Row {
                    code: self.code,
                    heaps,
                },
            )?;
        }
        ControlFlow::Continue(())
    }

    fn parts(&self) -> Option<Vec<Row>> {
        (self.heaps.len() > 1).then(|| {
            self.heaps
                .iter()
                .map(|&h| Row {
                    code: self.code,
                    heaps: vec![h],
                })
                .collect()
        })
    }

    fn owned_bytes(&self) -> usize {
        self.heaps.capacity() * size_of::<u32>()
    }
}

/// One question to a solver, answered as a number to compare with the oracle's: a value, an
/// outcome (1 if the player to move wins) or the number of winning moves.
#[derive(Clone, Copy, Debug)]
enum Ask {
    Grundy,
    NormalMoves,
    Misere,
    MisereMoves,
}

fn ask(solver: &mut Solver<Row>, row: &Row, question: Ask) -> Result<u128, Error> {
    match question {
        Ask::Grundy => solver.grundy(row).map(|v| v.get()),
        Ask::NormalMoves => solver
            .winning_moves(row, Play::Normal)
            .map(|moves| moves.count() as u128),
        Ask::Misere => solver
            .outcome(row, Play::Misere)
            .map(|o| u128::from(o == Outcome::Next)),
        Ask::MisereMoves => solver
            .winning_moves(row, Play::Misere)
            .map(|moves| moves.count() as u128),
    }
}

fn oracle_answer(
    oracle: &mut Oracle<Vec<u32>, RowMove, impl Fn(&Vec<u32>) -> Vec<(RowMove, Vec<u32>)>>,
    row: &Row,
    question: Ask,
) -> u128 {
    match question {
        Ask::Grundy => oracle.grundy(&row.heaps),
        Ask::NormalMoves => oracle.winning_moves(&row.heaps, Play::Normal).len() as u128,
        Ask::Misere => u128::from(oracle.wins(&row.heaps, Play::Misere)),
        Ask::MisereMoves => oracle.winning_moves(&row.heaps, Play::Misere).len() as u128,
    }
}

#[test]
fn a_limited_solver_holds_at_most_its_limit_and_answers_as_the_oracle_or_refuses() {
    // Random rows of three codes, random questions, random limits from 1 KiB to 256 KiB:
    // after every question the solver holds at most its limit; an answer is the oracle's; a
    // refusal is `SolverMemoryLimit` naming the limit, and leaves the positions as they were.
    // Beside each limited solver, a fresh unlimited one asks the same questions: where its
    // bytes pass the limit the limited one must have refused (its count is the same), and
    // where the limited one answered it holds exactly the unlimited one's bytes.
    let mut rng = XorShift(0x05ee_d0fb_17e5);
    let (mut answered, mut refused) = (0, 0);
    for code in ["0.07", "0.77", "0.137"] {
        let mut oracle = Oracle::new(rules::octal(code));
        for _ in 0..common::scale::cases(400) {
            let limit = 1024 << (rng.next() % 9);
            let mut limited = Solver::new().with_memory_limit(limit);
            let mut unlimited = Solver::new();
            let mut in_step = true;
            for _ in 0..4 {
                let len = 1 + rng.next() % 3;
                let heaps: Vec<u32> = (0..len).map(|_| 1 + (rng.next() % 14) as u32).collect();
                let mut sorted = heaps.clone();
                sorted.sort_unstable();
                let row = Row {
                    code,
                    heaps: sorted,
                };
                let question = [Ask::Grundy, Ask::NormalMoves, Ask::Misere, Ask::MisereMoves]
                    [rng.next() as usize % 4];
                let expected = oracle_answer(&mut oracle, &row, question);
                let before = limited.len();
                let got = ask(&mut limited, &row, question);
                assert!(
                    limited.bytes() <= limit,
                    "{code} {row:?} {question:?}: {} bytes held, limit {limit}",
                    limited.bytes()
                );
                assert_eq!(
                    ask(&mut unlimited, &row, question),
                    Ok(expected),
                    "{code} {row:?} {question:?}"
                );
                match got {
                    Ok(answer) => {
                        answered += 1;
                        assert_eq!(answer, expected, "{code} {row:?} {question:?}");
                        if in_step {
                            assert_eq!(limited.bytes(), unlimited.bytes(), "{code} {row:?}");
                        }
                    }
                    Err(err) => {
                        refused += 1;
                        assert!(
                            matches!(err, Error::SolverMemoryLimit { limit: l, .. } if l == limit),
                            "{code} {row:?} {question:?}: {err:?}"
                        );
                        assert_eq!(limited.len(), before, "{code} {row:?}: rolled back");
                        // From here the two solvers' buffers differ (the refused search
                        // kept what it had reserved within the limit).
                        in_step = false;
                    }
                }
                if in_step && unlimited.bytes() > limit {
                    panic!(
                        "{code} {row:?} {question:?}: the unlimited search holds {} bytes, \
                         past {limit}, and the limited one answered",
                        unlimited.bytes()
                    );
                }
            }
        }
    }
    // Both sides of the limit were met.
    assert!(
        answered > 100 && refused > 100,
        "{answered} answered, {refused} refused"
    );
}

/// A position that owns `words` words and has one move, to the position owning one fewer.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Fat(Vec<u32>);

impl Game for Fat {
    type Move = ();

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut((), Fat) -> ControlFlow<()>,
    {
        if !self.0.is_empty() {
            visit((), Fat(vec![0; self.0.len() - 1]))?;
        }
        ControlFlow::Continue(())
    }

    fn owned_bytes(&self) -> usize {
        self.0.capacity() * size_of::<u32>()
    }
}

#[test]
fn what_a_position_owns_counts_against_the_limit() {
    // Fat(n words) leads down to Fat(0): n + 1 positions owning 4n(n + 1)/2 bytes in all.
    // With 1000 words that is 2,002,000 bytes: a limit of 1 MiB cannot hold them, though
    // the 1001 positions themselves (24 bytes each) and their bookkeeping fit easily.
    let top = Fat(vec![0; 1000]);
    let mut small = Solver::new().with_memory_limit(1 << 20);
    assert!(matches!(
        small.grundy(&top),
        Err(Error::SolverMemoryLimit {
            limit: 1_048_576,
            setting: "Solver::with_memory_limit",
            ..
        })
    ));
    assert!(small.bytes() <= 1 << 20);
    let mut roomy = Solver::new().with_memory_limit(4 << 20);
    assert_eq!(roomy.grundy(&top).map(|v| v.get()), Ok(0));
    assert!(roomy.bytes() >= 2_002_000 && roomy.bytes() <= 4 << 20);
    // Without a limit the same bytes are held, and said.
    let mut free = Solver::new();
    assert_eq!(free.grundy(&top).map(|v| v.get()), Ok(0));
    assert_eq!(free.bytes(), roomy.bytes());
    assert_eq!(free.memory_limit(), usize::MAX);
}

/// Kayles' rules holding no misère quotient, so that every misère row is searched, with a
/// search memory limit of their own.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Searched {
    memory: usize,
}

impl HeapRules for Searched {
    type HeapMoves = <Octal as HeapRules>::HeapMoves;

    fn heap_value(&self, heap: u128) -> Result<Nimber, Error> {
        Octal::kayles().heap_value(heap)
    }

    fn heap_moves_to(&self, heap: u128, target: Nimber) -> Result<Self::HeapMoves, Error> {
        Octal::kayles().heap_moves_to(heap, target)
    }

    fn for_each_heap_move<F>(&self, heap: u128, visit: F) -> ControlFlow<()>
    where
        F: FnMut(u128, Leaves) -> ControlFlow<()>,
    {
        Octal::kayles().for_each_heap_move(heap, visit)
    }

    fn search_memory_limit(&self) -> usize {
        self.memory
    }
}

#[test]
fn a_misere_row_no_quotient_covers_is_searched_within_the_rules_memory_limit() {
    // Rows of Kayles under rules that hold no quotient: within 256 MiB the answers are the
    // oracle's; within 16 KiB the rows past a few heaps are refused, with the limit named.
    let mut oracle = Oracle::new(rules::octal("0.77"));
    let mut rng = XorShift(0x0b5e_55ed);
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..common::scale::cases(300) {
        let len = 1 + rng.next() % 3;
        let mut heaps: Vec<u32> = (0..len).map(|_| 1 + (rng.next() % 12) as u32).collect();
        heaps.sort_unstable();
        let expected = if oracle.wins(&heaps, Play::Misere) {
            Outcome::Next
        } else {
            Outcome::Previous
        };
        let roomy = Searched { memory: 256 << 20 };
        assert_eq!(
            HeapRow::new(roomy, heaps.iter().copied()).outcome(Play::Misere),
            Ok(expected),
            "{heaps:?}"
        );
        let tight = Searched { memory: 16 << 10 };
        match HeapRow::new(tight, heaps.iter().copied()).outcome(Play::Misere) {
            Ok(outcome) => {
                answered += 1;
                assert_eq!(outcome, expected, "{heaps:?}");
            }
            Err(err) => {
                refused += 1;
                // The limit is the rules' budget, and the error names that setting.
                assert!(
                    matches!(
                        err,
                        Error::SolverMemoryLimit {
                            limit: 16_384,
                            setting,
                            ..
                        } if setting.starts_with("HeapRules::search_memory_limit")
                    ),
                    "{heaps:?}: {err:?}"
                );
                let message = err.to_string();
                assert!(
                    message.contains("raise it with HeapRules::search_memory_limit")
                        && !message.contains("Solver::")
                        && !message.contains("Loopy::"),
                    "{message}"
                );
            }
        }
    }
    assert!(
        answered > 0 && refused > 0,
        "{answered} answered, {refused} refused"
    );
}

#[test]
fn the_crates_rules_search_within_their_memory_budget() {
    // One budget for the tables and the search of a misère row.
    for budget in [64 << 10, 1 << 30] {
        assert_eq!(
            Octal::kayles()
                .with_memory_limit(budget)
                .search_memory_limit(),
            budget
        );
        assert_eq!(
            GrundysGame::new()
                .with_memory_limit(budget)
                .search_memory_limit(),
            budget
        );
        assert_eq!(
            Subtraction::new([1u32, 3, 4])
                .unwrap()
                .with_memory_limit(budget)
                .search_memory_limit(),
            budget
        );
    }
    assert_eq!(
        Octal::kayles().search_memory_limit(),
        grundy::sequence::DEFAULT_MEMORY_LIMIT
    );
    // `4.7`'s quotient outgrows its budget before heap 12: its rows are searched, and a
    // budget of 4 KiB refuses the search.
    let daisies: Octal = "4.7".parse().unwrap();
    let row = HeapRow::new(daisies.with_memory_limit(4 << 10), [11u8, 12]);
    let err = row.outcome(Play::Misere).unwrap_err();
    assert!(
        matches!(err, Error::SolverMemoryLimit { limit: 4096, .. }),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("Tabulated::with_memory_limit"),
        "{err}"
    );
}

/// A token on a vertex of a shared graph with cycles, owning a tag of `at % 7` bytes (so
/// that positions own memory of different sizes).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Token {
    graph: Arc<Vec<Vec<usize>>>,
    at: usize,
    tag: Vec<u8>,
}

impl Token {
    fn new(graph: &Arc<Vec<Vec<usize>>>, at: usize) -> Token {
        Token {
            graph: Arc::clone(graph),
            at,
            tag: vec![0; at % 7],
        }
    }
}

impl Game for Token {
    type Move = usize;

    fn for_each_move<F>(&self, mut visit: F) -> ControlFlow<()>
    where
        F: FnMut(usize, Token) -> ControlFlow<()>,
    {
        for &to in &self.graph[self.at] {
            visit(to, Token::new(&self.graph, to))?;
        }
        ControlFlow::Continue(())
    }

    fn owned_bytes(&self) -> usize {
        self.tag.capacity()
    }
}

#[test]
fn a_limited_loopy_solver_holds_at_most_its_limit_and_answers_as_retrograde_analysis_or_refuses() {
    // Random graphs with cycles of up to 60 vertices, random limits from 512 bytes to
    // 32 KiB, as for the solver: within the limit after every query, the brute force's
    // outcome or a refusal that leaves the solver as it was, and a refusal exactly where an
    // unlimited solver passes the limit.
    let mut rng = XorShift(0x0001_00b5_1ee7);
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..common::scale::cases(3000) {
        let n = 2 + (rng.next() % 59) as usize;
        let graph: Vec<Vec<usize>> = (0..n)
            .map(|_| {
                (0..rng.next() % 4)
                    .map(|_| (rng.next() % n as u64) as usize)
                    .collect()
            })
            .collect();
        let expected = retrograde(&graph);
        let graph = Arc::new(graph);
        let limit = 512 << (rng.next() % 7);
        let mut limited = Loopy::new().with_memory_limit(limit);
        let mut unlimited = Loopy::new();
        let mut in_step = true;
        for _ in 0..3 {
            let at = (rng.next() % n as u64) as usize;
            let token = Token::new(&graph, at);
            let before = limited.len();
            let got = limited.outcome(&token);
            assert!(
                limited.bytes() <= limit,
                "{graph:?} {at}: {}",
                limited.bytes()
            );
            assert_eq!(
                unlimited.outcome(&token),
                Ok(expected[at]),
                "{graph:?} {at}"
            );
            match got {
                Ok(outcome) => {
                    answered += 1;
                    assert_eq!(outcome, expected[at], "{graph:?} {at}");
                    if in_step {
                        assert_eq!(limited.bytes(), unlimited.bytes(), "{graph:?} {at}");
                    }
                }
                Err(err) => {
                    refused += 1;
                    assert!(
                        matches!(err, Error::SolverMemoryLimit { limit: l, .. } if l == limit),
                        "{graph:?} {at}: {err:?}"
                    );
                    assert_eq!(limited.len(), before, "{graph:?} {at}: rolled back");
                    in_step = false;
                }
            }
            assert!(
                !in_step || unlimited.bytes() <= limit,
                "{graph:?} {at}: the unlimited solver holds {} bytes, past {limit}, and the \
                 limited one answered",
                unlimited.bytes()
            );
        }
    }
    assert!(
        answered > 100 && refused > 100,
        "{answered} answered, {refused} refused"
    );
}

#[test]
fn the_labelling_of_a_loopy_solver_counts_its_working_arrays() {
    // A ring of 1000 tokens: what the solver keeps after the query fits a limit a few bytes
    // above it, but the labelling's working arrays (about 25 bytes a position and 4 a move)
    // do not, so the query is refused; with room for them it is answered.
    let ring: Arc<Vec<Vec<usize>>> = Arc::new((0..1000).map(|i| vec![(i + 1) % 1000]).collect());
    let token = Token::new(&ring, 0);
    let mut free = Loopy::new();
    assert_eq!(free.outcome(&token), Ok(grundy::loopy::Outcome::Draw));
    let kept = free.bytes();
    let mut tight = Loopy::new().with_memory_limit(kept + 100);
    let err = tight.outcome(&token).unwrap_err();
    assert!(
        matches!(
            err,
            Error::SolverMemoryLimit {
                setting: "Loopy::with_memory_limit",
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .ends_with("raise it with Loopy::with_memory_limit")
    );
    assert!(tight.is_empty());
    let mut roomy = Loopy::new().with_memory_limit(kept + 30_000);
    assert_eq!(roomy.outcome(&token), Ok(grundy::loopy::Outcome::Draw));
    assert_eq!(roomy.bytes(), kept);
}
