//! Checkpoints: a run stopped by its caller, saved, read back and resumed gives the table and
//! the period of the uninterrupted run; a damaged, truncated, edited or foreign checkpoint is
//! a typed error.

use core::ops::ControlFlow;
use grundy::Error;
use grundy::games::{GrundysGame, Octal, Subtraction};
use grundy::prelude::*;
use grundy::sequence::{Checkpoint, Goal};
use quickcheck::{QuickCheck, TestResult};

use crate::common;

use common::scale;

/// The values of the octal code `code` to `len` by its definition (the shared brute force).
fn textbook(code: &str, len: u32) -> Vec<u32> {
    common::definition(common::rules::octal_heap(code), len)
}

/// Grows `rules` to `len` values, stopped by its progress callback once `stop` values are
/// known (the budget that stops the run), saved through bytes and resumed by `fresh`; returns
/// the resumed table.
fn stop_save_resume<R: Tabulated>(
    rules: R,
    fresh: R,
    stop: usize,
    len: usize,
) -> std::sync::Arc<grundy::sequence::GrundySequence> {
    let stopped = rules.grow(Goal::Values(len), |done| {
        if done >= stop {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    let saved = rules.checkpoint().unwrap();
    if stopped.is_err() {
        assert!(saved.len() < len && saved.len() >= stop.min(len));
    }
    let read = Checkpoint::from_bytes(&saved.to_bytes()).unwrap();
    assert_eq!(read, saved);
    fresh.resume(&read).unwrap();
    assert_eq!(fresh.sequence().len(), saved.len());
    fresh.values(len).unwrap()
}

#[test]
fn resumed_runs_equal_uninterrupted_ones_for_published_codes() {
    // Officers, 0.16, Kayles, Dawson's chess, and Grundy's game, against the definition.
    for code in ["0.6", "0.16", "0.77", "0.137", "0.445"] {
        let expected = textbook(code, 1500);
        for stop in [0, 64, 640, 1344, 1499] {
            let octal = || Octal::new(code).unwrap().with_table_limit(1500);
            let resumed = stop_save_resume(octal(), octal(), stop, 1500);
            assert_eq!(resumed.values(), &expected, "{code} stopped at {stop}");
            assert_eq!(resumed.period(), octal().values(1500).unwrap().period());
        }
    }
    let whole = GrundysGame::new().values(3000).unwrap();
    for stop in [64, 1024, 2944] {
        let resumed = stop_save_resume(GrundysGame::new(), GrundysGame::new(), stop, 3000);
        assert_eq!(resumed.values(), whole.values(), "stopped at {stop}");
    }
    let sub = || Subtraction::new([2u8, 5, 7]).unwrap();
    let resumed = stop_save_resume(sub(), sub(), 64, 300);
    assert_eq!(resumed.values(), sub().values(300).unwrap().values());
    assert_eq!(resumed.period(), sub().values(300).unwrap().period());
    // The general engine (a three-heap digit) keeps no split; its checkpoint resumes too.
    let three = || Octal::new("0.8").unwrap();
    let resumed = stop_save_resume(three(), three(), 64, 200);
    assert_eq!(resumed.values(), three().values(200).unwrap().values());
}

#[test]
fn resumed_runs_equal_uninterrupted_ones_for_random_codes() {
    fn prop(raw: Vec<u8>, stop: u16) -> TestResult {
        let digits: Vec<u8> = raw.iter().take(4).map(|d| d % 8).collect();
        if digits.is_empty() {
            return TestResult::discard();
        }
        let code = format!(
            "0.{}",
            digits.iter().map(|d| d.to_string()).collect::<String>()
        );
        let len = 700;
        let octal = || Octal::new(&code).unwrap().with_table_limit(len);
        let resumed = stop_save_resume(octal(), octal(), usize::from(stop) % len, len);
        TestResult::from_bool(resumed.values() == textbook(&code, len as u32))
    }
    QuickCheck::new()
        .tests(scale::cases(200))
        .quickcheck(prop as fn(Vec<u8>, u16) -> TestResult);
}

/// The checkpoint fields after the magic, version and name, for editing: returns the offset
/// of the values and the value width.
fn values_at(bytes: &[u8]) -> (usize, usize) {
    let name_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let count_at = 16 + name_len;
    (count_at + 9, usize::from(bytes[count_at + 8]))
}

/// The 64-bit FNV-1a of `bytes`, written here from its definition, to re-sign an edit.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h: u64, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn resign(bytes: &mut [u8]) {
    let body = bytes.len() - 8;
    let sum = fnv(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn damaged_truncated_edited_and_foreign_checkpoints_are_refused() {
    let officers = Octal::new("0.6").unwrap();
    officers.values(3000).unwrap();
    let bytes = officers.checkpoint().unwrap().to_bytes();
    let refused = |b: &[u8]| matches!(Checkpoint::from_bytes(b), Err(Error::Checkpoint { .. }));
    // Truncated anywhere, or a byte damaged anywhere (sampled: every 7th byte, every bit).
    for cut in (0..bytes.len()).step_by(13) {
        assert!(refused(&bytes[..cut]), "cut at {cut}");
    }
    for i in (0..bytes.len()).step_by(7) {
        let mut damaged = bytes.clone();
        damaged[i] ^= 0x10;
        assert!(refused(&damaged), "byte {i}");
    }
    // Not a checkpoint, or a later version.
    assert!(refused(b""));
    assert!(refused(b"GRUNDYCK"));
    let mut later = bytes.clone();
    later[8] = 2;
    resign(&mut later);
    let err = Checkpoint::from_bytes(&later).unwrap_err();
    assert!(err.to_string().contains("format version 2"), "{err}");
    // A value edited and the checksum signed again: the split and the rare positions it
    // records no longer match the values. An even heap of value 0 is rare under every split
    // (its key is 0), so a common even heap made 0 is a rare position the list lacks.
    let (at, width) = values_at(&bytes);
    assert_eq!(width, 1);
    let state = at + 3000;
    assert_eq!(bytes[state], 1, "0.6 keeps a split");
    let count_at = state + 1 + 4 + 1 + 8;
    let count = u64::from_le_bytes(bytes[count_at..count_at + 8].try_into().unwrap()) as usize;
    let rare: Vec<usize> = (0..count)
        .map(|k| {
            let from = count_at + 8 + 8 * k;
            u64::from_le_bytes(bytes[from..from + 8].try_into().unwrap()) as usize
        })
        .collect();
    let heap = (2..3000)
        .step_by(2)
        .find(|i| !rare.contains(i) && bytes[at + i] != 0)
        .unwrap();
    let mut edited = bytes.clone();
    edited[at + heap] = 0;
    resign(&mut edited);
    let read = Checkpoint::from_bytes(&edited).unwrap();
    let err = Octal::new("0.6").unwrap().resume(&read).unwrap_err();
    assert!(matches!(err, Error::Checkpoint { .. }), "{err}");
    assert!(err.to_string().contains("edited"), "{err}");
    // Another game's checkpoint.
    let read = Checkpoint::from_bytes(&bytes).unwrap();
    let err = Octal::kayles().resume(&read).unwrap_err();
    assert_eq!(
        err.to_string(),
        "checkpoint refused: it holds a table of octal 0.6, not of octal 0.77"
    );
    assert!(GrundysGame::new().resume(&read).is_err());
    // The same game written another way is the same game.
    assert!(Octal::new("0.60").unwrap().resume(&read).is_ok());
}

#[test]
fn a_file_round_trip_keeps_the_previous_checkpoint_until_the_new_one_is_whole() {
    let dir = std::env::temp_dir().join(format!("grundy-checkpoints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("kayles.ck");
    let kayles = Octal::kayles();
    kayles.values(100).unwrap();
    kayles.checkpoint().unwrap().save(&path).unwrap();
    assert_eq!(Checkpoint::load(&path).unwrap().len(), 100);
    kayles.values(200).unwrap();
    kayles.checkpoint().unwrap().save(&path).unwrap();
    assert_eq!(Checkpoint::load(&path).unwrap().len(), 200);
    assert!(!dir.join("kayles.ck.partial").exists());
    let missing = Checkpoint::load(dir.join("none.ck")).unwrap_err();
    assert!(
        missing
            .to_string()
            .starts_with("checkpoint refused: cannot read")
    );
    // A save onto a folder fails at the rename, and leaves no file beside it.
    let folder = dir.join("folder.ck");
    std::fs::create_dir_all(folder.join("inside")).unwrap();
    let refused = kayles.checkpoint().unwrap().save(&folder).unwrap_err();
    assert!(refused.to_string().contains("cannot write"), "{refused}");
    assert!(!dir.join("folder.ck.partial").exists());
    assert!(folder.join("inside").is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `bytes` (a checkpoint) with its values written four bytes each and the value of `heap`
/// made `value`, signed again: an edit that the checksum cannot see.
fn forged_wide(bytes: &[u8], heap: usize, value: u32) -> Vec<u8> {
    let (at, width) = values_at(bytes);
    let len = u64::from_le_bytes(bytes[at - 9..at - 1].try_into().unwrap()) as usize;
    let mut out = bytes[..at - 1].to_vec();
    out.push(4);
    for i in 0..len {
        let mut v = [0u8; 4];
        v[..width].copy_from_slice(&bytes[at + i * width..at + (i + 1) * width]);
        let v = if i == heap {
            value
        } else {
            u32::from_le_bytes(v)
        };
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&bytes[at + len * width..]);
    resign(&mut out);
    out
}

#[test]
fn a_value_past_the_moves_of_its_heap_is_refused_before_it_sizes_anything() {
    // A value no heap's moves allow (a mex of m options is at most m), edited in with the
    // checksum signed again, was taken and then sized the engine's option sets by itself:
    // 4 GiB a set for u32::MAX at heap 10 of Officers, 16 GiB in all, for 320 values.
    let officers = Octal::new("0.6").unwrap();
    officers.values(320).unwrap();
    let grundys = GrundysGame::new();
    grundys.values(320).unwrap();
    let sub = Subtraction::new([2u8, 5, 7]).unwrap();
    sub.values(320).unwrap();
    // Codes of the general engine (a three-heap digit, a repeated digit) were not checked
    // at all: a value edited in stood in the table, and sized the engine's tables.
    let three = Octal::new("0.8").unwrap();
    three.values(320).unwrap();
    let repeated = Octal::new("0.[7]").unwrap();
    repeated.values(320).unwrap();
    type Resume<'a> = &'a dyn Fn(&Checkpoint) -> Result<(), Error>;
    let cases: [(Resume<'_>, Vec<u8>); 5] = [
        (
            &|c| Octal::new("0.8").unwrap().resume(c).map(drop),
            three.checkpoint().unwrap().to_bytes(),
        ),
        (
            &|c| Octal::new("0.[7]").unwrap().resume(c).map(drop),
            repeated.checkpoint().unwrap().to_bytes(),
        ),
        (
            &|c| Octal::new("0.6").unwrap().resume(c).map(drop),
            officers.checkpoint().unwrap().to_bytes(),
        ),
        (
            &|c| GrundysGame::new().resume(c).map(drop),
            grundys.checkpoint().unwrap().to_bytes(),
        ),
        (
            &|c| Subtraction::new([2u8, 5, 7]).unwrap().resume(c).map(drop),
            sub.checkpoint().unwrap().to_bytes(),
        ),
    ];
    for (resume, bytes) in cases {
        // The same values written wide are the same table.
        let wide = forged_wide(&bytes, 0, 0);
        assert_eq!(resume(&Checkpoint::from_bytes(&wide).unwrap()), Ok(()));
        for (heap, value) in [(10, u32::MAX), (10, 1 << 31), (10, 1 << 24), (319, 1 << 16)] {
            let forged = Checkpoint::from_bytes(&forged_wide(&bytes, heap, value)).unwrap();
            let err = resume(&forged).unwrap_err();
            assert!(
                err.to_string()
                    .contains(&format!("the value {value} of heap {heap}")),
                "{heap} {value}: {err}"
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn a_save_onto_a_device_a_pipe_or_a_socket_is_refused_and_leaves_it_as_it_was() {
    // The rename into place replaced whatever was at the path: `save("/dev/null")` by root
    // made /dev/null a regular file holding the checkpoint. A socket stands in for a device.
    use std::os::unix::fs::FileTypeExt;
    let dir = std::env::temp_dir().join(format!("grundy-special-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("socket.ck");
    let _ = std::fs::remove_file(&path);
    let _listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    let kayles = Octal::kayles();
    kayles.values(100).unwrap();
    let refused = kayles.checkpoint().unwrap().save(&path).unwrap_err();
    assert!(
        matches!(&refused, Error::Checkpoint { reason } if reason.contains("not a regular file")),
        "{refused}"
    );
    let kind = std::fs::symlink_metadata(&path).unwrap().file_type();
    assert!(kind.is_socket());
    assert!(!dir.join("socket.ck.partial").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_file_that_is_no_checkpoint_is_refused_before_it_is_read_whole() {
    // /dev/zero never ends: it was read until the memory ran out.
    let err = Checkpoint::load("/dev/zero").unwrap_err();
    assert_eq!(
        err.to_string(),
        "checkpoint refused: it does not start with GRUNDYCK: not a checkpoint"
    );
}

/// A checkpoint of `rules` (one byte a value) with the value of `heap` set to `value` and
/// its checksum made again: an edit the checksum cannot see.
fn edited_and_resigned<R: Tabulated>(rules: &R, heap: usize, value: u8) -> Checkpoint {
    let mut bytes = rules.checkpoint().unwrap().to_bytes();
    let (at, width) = values_at(&bytes);
    assert_eq!(width, 1);
    bytes[at + heap] = value;
    resign(&mut bytes);
    Checkpoint::from_bytes(&bytes).unwrap()
}

#[test]
fn an_audit_finds_the_edit_of_a_checkpoint_with_no_split_that_resumes() {
    // Subtraction {1, 2, 3}: G(n) = n mod 4, and a game with no splitting move records no
    // split, so an edited value within its heap's moves resumes: only an audit finds it.
    let rules = || Subtraction::new([1u8, 2, 3]).unwrap();
    let whole = rules();
    whole.values(2000).unwrap();
    assert_eq!(whole.audit(0..2000), Ok(2000));
    // (heap, value edited in, the value its options give): a value below the mex that is
    // an option, one below it that is not reached that way, one above it.
    for (heap, edit, definition) in [(1003u128, 1, 3), (1000, 2, 0), (1000, 3, 0), (1001, 0, 1)] {
        assert_eq!(heap % 4, definition, "G(n) = n mod 4");
        let read = edited_and_resigned(&whole, heap as usize, edit);
        let resumed = rules();
        resumed.resume(&read).unwrap();
        assert_eq!(
            resumed.sequence().values().get(heap as usize),
            Some(u32::from(edit))
        );
        // Every heap below the edit agrees; the edited heap is named, with both values.
        assert_eq!(resumed.audit(0..heap), Ok(heap as usize));
        assert_eq!(
            resumed.audit(0..2000),
            Err(Error::WrongValue {
                heap,
                held: u128::from(edit),
                definition,
            })
        );
    }
}

#[test]
fn an_audit_of_a_resumed_split_game_finds_no_fault_and_names_heaps_out_of_the_table() {
    let officers = Octal::new("0.6").unwrap();
    officers.values(3000).unwrap();
    let read = Checkpoint::from_bytes(&officers.checkpoint().unwrap().to_bytes()).unwrap();
    let resumed = Octal::new("0.6").unwrap();
    resumed.resume(&read).unwrap();
    assert_eq!(resumed.audit(0..3000), Ok(3000));
    assert!(matches!(
        resumed.audit([2999, 3000]),
        Err(Error::HeapOutOfRange { heap: 3000, .. })
    ));
}

#[test]
fn an_audit_passes_every_heap_of_random_codes_and_finds_every_single_edit() {
    // Any code (hexadecimal digits too): the engines' tables satisfy the definition.
    fn clean(raw: Vec<u8>) -> TestResult {
        let digits: Vec<u8> = raw.iter().take(4).map(|d| d % 16).collect();
        if digits.is_empty() {
            return TestResult::discard();
        }
        let code = format!(
            "0.{}",
            digits.iter().map(|d| format!("{d:x}")).collect::<String>()
        );
        let rules = Octal::new(&code).unwrap();
        rules.values(300).unwrap();
        TestResult::from_bool(rules.audit(0..300) == Ok(300))
    }
    // A subtraction game records no split, so a value edited within its heap's moves
    // resumes; the audit names that heap, the value edited in and the true one.
    fn edited(set: Vec<u8>, heap: u16, shift: u8) -> TestResult {
        // A set, each element once: the moves of a heap are its elements up to the heap.
        let mut set: Vec<u8> = set.into_iter().filter(|&s| s > 0).take(5).collect();
        set.sort_unstable();
        set.dedup();
        let Ok(rules) = Subtraction::new(set.iter().copied()) else {
            return TestResult::discard();
        };
        let len = 600;
        let whole = rules.clone().with_table_limit(len);
        whole.values(len).unwrap();
        let values = whole.sequence();
        if values.len() < len {
            return TestResult::discard();
        }
        let heap = usize::from(heap) % len;
        let moves = set.iter().filter(|&&s| usize::from(s) <= heap).count();
        let truth = values.values().get(heap).unwrap();
        // Another value at most the number of moves: one the resume cannot refuse.
        let edit = (truth + 1 + u32::from(shift) % moves.max(1) as u32) % (moves as u32 + 1);
        if edit == truth {
            return TestResult::discard();
        }
        let read = edited_and_resigned(&whole, heap, edit as u8);
        // Fresh rules: clones share one table, which a resume would not replace.
        let resumed = Subtraction::new(set.iter().copied())
            .unwrap()
            .with_table_limit(len);
        resumed.resume(&read).unwrap();
        TestResult::from_bool(
            resumed.audit(0..len as u128)
                == Err(Error::WrongValue {
                    heap: heap as u128,
                    held: u128::from(edit),
                    definition: u128::from(truth),
                }),
        )
    }
    QuickCheck::new()
        .tests(scale::cases(150))
        .quickcheck(clean as fn(Vec<u8>) -> TestResult);
    // A set written with an element twice has that element's move once (the full run's
    // case).
    assert!(!edited(vec![118, 118], 236, 15).is_failure());
    QuickCheck::new()
        .tests(scale::cases(300))
        .quickcheck(edited as fn(Vec<u8>, u16, u8) -> TestResult);
}

#[test]
fn an_audit_past_the_stored_values_reads_them_through_the_proven_period() {
    // Kayles' 200 values prove its period (12 from heap 71): heaps of 10 000 and 20 000 leave
    // heaps past the table, whose values come through the period, and agree.
    let kayles = Octal::kayles();
    let table = kayles.values(200).unwrap();
    assert_eq!(table.values().len(), 200);
    assert!(table.period().is_some());
    assert_eq!(kayles.audit([10_000, 20_000, 20_001]), Ok(3));
}
