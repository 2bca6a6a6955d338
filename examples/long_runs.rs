//! # Long runs: a table for days, stopped, resumed and audited
//!
//! Run it with `cargo run --release --example long_runs`. Its section 6 says whether the
//! build has the `parallel` feature, which computes on every core: a run at the workspace's
//! root has it (the benches ask for it), `-p grundy` has not. The values are the same either
//! way, and nothing printed depends on the machine or the clock.
//!
//! Some tables are worth days of computing: Officers (`0.6`: take one coin from a row,
//! leaving one row or splitting it in two; a lone coin cannot be taken) is one of the octal
//! games whose period, if it has one, is unknown, and looking for it means tables of billions
//! of values. A run that long will be
//! stopped: by a deadline, a reboot, a signal. It must lose nothing when it is, it must go on
//! where it stopped, and its result must be one you can trust, although no one can check
//! a billion values by hand. This program shows the four tools the crate has for that, on a
//! run of 20000 values of Officers that takes well under a second, and the command line that
//! does the same for a run of days.
//!
//! 1. **A run stopped by its caller.** [`Tabulated::grow_with_status`] grows the table
//!    towards a [`Goal`] and calls its progress callback before each growth step and every
//!    64 values within one, with a [`Status`]: the values done, the sparse-space engine's
//!    rare positions (the cost of a heap: each heap looks at the splits with a rare part)
//!    and the largest value so far. Returning `ControlFlow::Break` stops the run with
//!    [`Error::Interrupted`], which says how many values are kept; they stay in the table
//!    shared by every clone of the rules, and the next call goes on from them. A service
//!    reads its clock in the callback (the crate never reads one); here the "deadline" is a
//!    count, 8000 values, so that the output is the same on every machine.
//! 2. **A checkpoint.** [`Tabulated::checkpoint`] takes the table and the engine's state
//!    after it (the split into rare and common positions, and the rare positions) as a
//!    [`Checkpoint`]; [`Checkpoint::to_bytes`] writes it in a documented format ending in a
//!    64-bit FNV-1a checksum of every byte before it, and [`Checkpoint::save`] writes it to a
//!    file (through a file beside it renamed into place, so a run stopped while saving keeps
//!    its previous checkpoint). The program saves it in the temporary directory, loads it
//!    back, and removes the file.
//! 3. **A resumed run.** [`Tabulated::resume`] takes a checkpoint into *fresh* rules, made
//!    with `Octal::new("0.6")`, after checking its game, its values and its state. Not into
//!    a clone of the stopped rules: clones share one table, which already holds what was
//!    computed, so resuming there proves nothing. The resumed rules grow on to 20000 values,
//!    and their table is the uninterrupted run's, value for value: the engine's schedule
//!    depends only on the number of values, so a run continued from any length is in the
//!    state of one computed at once.
//! 4. **A damaged checkpoint** (one byte flipped) is refused with [`Error::Checkpoint`], and
//!    so is a sound one offered to another game's rules.
//! 5. **An audit.** [`Tabulated::audit`] checks the values of the heaps you choose against
//!    the definition, `G(n) = mex{G(option)}`, listing every move of each heap: a path that
//!    shares nothing with the fast engines, which skip most options, but the rules' moves. It
//!    returns how many heaps it checked, or [`Error::WrongValue`] at the first heap whose
//!    value is wrong. A checksum finds damage, but it is no signature: a value edited into a
//!    checkpoint with its checksum computed again reads as sound. The program makes such an
//!    edit in a subtraction game's checkpoint, which holds nothing but values, so nothing
//!    contradicts the edit: the rules resume and answer the edited heap wrong, and the audit
//!    names it. The same edit of an Officers value resumes too when it keeps the engine's
//!    split as it was, and the audit names that one as well.
//! 6. **Threads.** With the `parallel` feature the engine computes on the threads of the
//!    current rayon pool, and the values are those of one thread at any thread count. The
//!    program runs the table in pools of one thread and of two
//!    (`rayon::ThreadPoolBuilder::new().num_threads(k).build()?.install(|| ...)`) and
//!    compares them; and then `0.8` (take one counter and split the rest into three heaps),
//!    whose table the general engine computes, building the splits of two large totals at
//!    once, one on each thread (from about heap 1794 on for this code).
//!
//! What to watch: the rare positions are a fifth of the heaps and a falling share of them;
//! the run stops at exactly 8000 values and keeps them; the checkpoint's size adds up from
//! its format; the resumed table and the uninterrupted one agree; the flipped byte and the
//! foreign game are refused; the audit passes the sound table and names each edited heap,
//! with the value it held and the value its options give.
//!
//! ## The same from the command line
//!
//! The `grundy` command (`cargo install --path cli`) runs a table for days this way; see
//! `cli/README.md`:
//!
//! ```text
//! # every core (or --threads N), a progress bar, a checkpoint every 10 minutes and at the end
//! grundy table octal 0.6 100000000 --table-limit 100000000 --time-limit 86400 \
//!     --checkpoint officers.ck
//! # on from the checkpoint, then 200 heaps checked against the definition
//! grundy table octal 0.6 200000000 --table-limit 200000000 --time-limit 86400 \
//!     --resume officers.ck --checkpoint officers.ck --audit 200 --threads 2
//! ```
//!
//! A run stopped by `--time-limit`, Ctrl-C, `SIGTERM` or `SIGHUP` saves its checkpoint
//! first; a damaged, edited or foreign `--resume` file is refused; an `--audit` that finds a
//! wrong value names its heap (error kind `wrong-value`, exit status 1).
//!
//! The program ends with exercises, and where in the crate to check the answers.
//!
//! [`Tabulated::grow_with_status`]: grundy::sequence::Tabulated::grow_with_status
//! [`Tabulated::checkpoint`]: grundy::sequence::Tabulated::checkpoint
//! [`Tabulated::resume`]: grundy::sequence::Tabulated::resume
//! [`Tabulated::audit`]: grundy::sequence::Tabulated::audit
//! [`Goal`]: grundy::sequence::Goal
//! [`Status`]: grundy::sequence::Status
//! [`Checkpoint`]: grundy::sequence::Checkpoint
//! [`Checkpoint::to_bytes`]: grundy::sequence::Checkpoint::to_bytes
//! [`Checkpoint::save`]: grundy::sequence::Checkpoint::save
//! [`Error::Interrupted`]: grundy::Error::Interrupted
//! [`Error::Checkpoint`]: grundy::Error::Checkpoint
//! [`Error::WrongValue`]: grundy::Error::WrongValue

mod output;

use core::fmt::Write;
use core::ops::ControlFlow;
use grundy::Error;
use grundy::games::{HeapRow, Octal, Subtraction};
use grundy::prelude::*;
use grundy::sequence::{Checkpoint, Goal, GrundySequence};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Officers' code.
pub const CODE: &str = "0.6";

/// The values the whole run computes.
pub const LEN: usize = 20_000;

/// The "deadline": the run is stopped once this many values are done (a multiple of 64, the
/// interval of the progress reports, so it stops exactly there).
pub const STOP: usize = 8000;

/// A progress report is printed every this many values.
pub const SHOWN_EVERY: usize = 1024;

/// The code with a three-heap digit run in both pools of step 6.
pub const THREE_HEAPS: &str = "0.8";
/// The length of [`THREE_HEAPS`]' table: past about heap 1794, where the threads first build the
/// splits of its totals.
pub const THREE_HEAPS_LEN: usize = 3000;

/// The heap whose value is flipped or edited in Officers' checkpoint.
pub const EDITED: usize = 5000;

/// The subtraction game whose checkpoint is edited, its table's length, the heap edited and
/// the value edited in.
pub const SUBTRACTION: ([u8; 3], usize, usize, u8) = ([1, 3, 4], 2000, 1000, 3);

/// The bytes of a checkpoint before its values: magic 8, version 4, the name's length 4 and
/// the name, the number of values 8, the bytes a value 1 (the format on `Checkpoint`).
pub fn header_len(game: &str) -> usize {
    8 + 4 + 4 + game.len() + 8 + 1
}

/// The 64-bit FNV-1a of `bytes`, from its definition: the checksum a checkpoint ends with.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash: u64, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The checkpoint's bytes with the value of `heap` set to `value` (one byte a value) and its
/// checksum computed again: an edit the checksum cannot see.
///
/// # Errors
///
/// If the checkpoint of `game` does not hold one byte a value, or not `heap`.
pub fn edited(bytes: &[u8], game: &str, heap: usize, value: u8) -> Result<Vec<u8>, String> {
    let mut bytes = bytes.to_vec();
    let at = header_len(game);
    if bytes.get(at - 1) != Some(&1) || at + heap + 8 >= bytes.len() {
        return Err(format!("no value of heap {heap} one byte wide"));
    }
    bytes[at + heap] = value;
    let body = bytes.len() - 8;
    let sum = fnv1a(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    Ok(bytes)
}

/// A file in the temporary directory, removed when dropped (even when the story fails).
struct TempFile(PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `G(heap)` in the table, as `*v`.
fn value(table: &GrundySequence, heap: usize) -> Result<String, Error> {
    Ok(table.get(heap as u128)?.to_string())
}

/// The error a call was refused with, or an error of the story if it was answered.
fn refused<T>(answer: Result<T, Error>) -> Result<Error, Box<dyn std::error::Error>> {
    answer
        .err()
        .ok_or_else(|| "expected an error, got an answer".into())
}

/// The story, written to `out`.
///
/// # Errors
///
/// A failure of `out`, of the temporary file, or an answer that differs from what the story
/// expects.
pub fn story(out: &mut impl Write) -> Result<(), Box<dyn std::error::Error>> {
    writeln!(
        out,
        "Officers, {CODE}: take one coin from a row, leaving one row or splitting it in two; a \
         lone coin cannot be taken."
    )?;

    // 1. A run stopped by its caller.
    writeln!(
        out,
        "1. A run to {LEN} values, stopped by its progress callback once {STOP} are done (a \
         count here; a service reads its clock there):"
    )?;
    let officers = Octal::new(CODE)?;
    let mut shown = Vec::new();
    let stopped = officers.grow_with_status(Goal::Values(LEN), |status| {
        let done = status.done();
        if done > 0 && (done % SHOWN_EVERY == 0 || done >= STOP) {
            shown.push(*status);
        }
        if done >= STOP {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    for status in &shown {
        let rare = status
            .rare()
            .ok_or("the sparse-space engine reports its rare positions")?;
        let largest = status
            .largest()
            .ok_or("the engine reports its largest value")?;
        writeln!(
            out,
            "  {:>5} values done: {rare:>4} rare positions ({:.1}%), largest value {largest}{}",
            status.done(),
            100.0 * rare as f64 / status.done() as f64,
            if status.done() >= STOP { ": Break" } else { "" }
        )?;
    }
    let err = refused(stopped)?;
    let Error::Interrupted { computed } = err else {
        return Err(err.into());
    };
    writeln!(out, "  Interrupted: {err}")?;
    let kept = officers.sequence();
    writeln!(
        out,
        "  kept: {} values, G({}) = {}; a clone of the rules sees the same {} (one shared table)",
        kept.len(),
        computed - 1,
        value(&kept, computed - 1)?,
        officers.clone().sequence().len()
    )?;

    // 2. The checkpoint.
    let checkpoint = officers.checkpoint()?;
    let bytes = checkpoint.to_bytes();
    let game = checkpoint.game().to_owned();
    let header = header_len(&game);
    let width = usize::from(bytes[header - 1]);
    let rare_at = header + checkpoint.len() * width + 1 + 4 + 1 + 8;
    let rare = u64::from_le_bytes(bytes[rare_at..rare_at + 8].try_into()?) as usize;
    writeln!(
        out,
        "2. The checkpoint of {:?}: {} values, {} bytes = {header} (magic, version, name, count, \
         width) + {} × {width} (the values, all below 256 so far) + 22 (the split) + {rare} × \
         8 (its rare positions) + 8 (the checksum)",
        game,
        checkpoint.len(),
        bytes.len(),
        checkpoint.len()
    )?;
    if bytes.len() != header + checkpoint.len() * width + 22 + 8 * rare + 8 {
        return Err("the checkpoint's size does not add up".into());
    }
    // A name of its own: the process, and a count of the stories it told (the tests tell
    // them on several threads of one process).
    static TOLD: AtomicUsize = AtomicUsize::new(0);
    let file = TempFile(std::env::temp_dir().join(format!(
        "grundy-long-runs-{}-{}.ck",
        std::process::id(),
        TOLD.fetch_add(1, Ordering::Relaxed)
    )));
    checkpoint.save(&file.0)?;
    let loaded = Checkpoint::load(&file.0)?;
    let on_disk = std::fs::metadata(&file.0)?.len();
    drop(file);
    writeln!(
        out,
        "  saved to a file in the temporary directory ({on_disk} bytes), loaded back: {}; \
         the file removed",
        if loaded == checkpoint && loaded == Checkpoint::from_bytes(&bytes)? {
            "the same checkpoint"
        } else {
            "A DIFFERENT CHECKPOINT"
        }
    )?;

    // 3. Resumed into fresh rules, and grown on.
    let resumed = Octal::new(CODE)?;
    let table = resumed.resume(&loaded)?;
    writeln!(
        out,
        "3. Resumed into rules made fresh with Octal::new({CODE:?}): {} values, checked (game, \
         values, split)",
        table.len()
    )?;
    let mut from = None;
    let grown = resumed.grow_with_status(Goal::Values(LEN), |status| {
        from.get_or_insert(status.done());
        ControlFlow::Continue(())
    })?;
    let whole = Octal::new(CODE)?.values(LEN)?;
    let same = grown.values() == whole.values() && grown.period() == whole.period();
    let largest = whole.values().iter().max().unwrap_or(0);
    let wide = whole.values().iter().position(|v| v > 255);
    writeln!(
        out,
        "  grown on from {} values to {}: {} the uninterrupted run's table",
        from.unwrap_or(0),
        grown.len(),
        if same { "equal to" } else { "DIFFERENT FROM" }
    )?;
    writeln!(
        out,
        "  G({}) = {}, largest value {largest}{}, {}",
        LEN - 1,
        value(&whole, LEN - 1)?,
        wide.map_or(String::new(), |heap| format!(
            " (past 255 first at heap {heap}: a checkpoint now takes two bytes a value)"
        )),
        match whole.period() {
            Some(p) => format!("period {} from heap {}", p.period(), p.preperiod()),
            None => "no period proven".to_owned(),
        }
    )?;

    // 4. A damaged checkpoint, and another game's rules.
    let at = header + EDITED * width;
    let mut damaged = bytes.clone();
    damaged[at] ^= 0xff;
    writeln!(
        out,
        "4. The checkpoint with one byte flipped, byte {at} (the value of heap {EDITED}, {} \
         read as {}):",
        bytes[at], damaged[at]
    )?;
    writeln!(out, "    {}", refused(Checkpoint::from_bytes(&damaged))?)?;
    writeln!(out, "  the sound checkpoint, resumed by Kayles' rules:")?;
    writeln!(out, "    {}", refused(Octal::kayles().resume(&loaded))?)?;

    // 5. The audit.
    writeln!(
        out,
        "5. The audit: a value checked against the definition, every move of its heap listed."
    )?;
    // Heaps 0 to 999, then every 200th heap past them (1199, 1399, ...): each heap once.
    let sample = (0..1000u128).chain((6..=LEN as u128 / 200).map(|k| 200 * k - 1));
    let checked = resumed.audit(sample)?;
    writeln!(
        out,
        "  the resumed table, heaps 0 to 999 and every 200th heap from 1199 to {}: {checked} \
         heaps checked, none wrong",
        LEN - 1
    )?;
    writeln!(
        out,
        "  An edit with its checksum computed again (FNV-1a, 64 bits, of every byte before it), \
         which the checksum cannot see:"
    )?;
    let (set, len, heap, edit) = SUBTRACTION;
    let subtraction = Subtraction::new(set)?;
    subtraction.values(len)?;
    let sound = subtraction.checkpoint()?;
    let truth = sound.values().get(heap).ok_or("the heap edited")?;
    let sub_game = sound.game().to_owned();
    let forged = Checkpoint::from_bytes(&edited(&sound.to_bytes(), &sub_game, heap, edit)?)?;
    let fooled = Subtraction::new(set)?;
    fooled.resume(&forged)?;
    writeln!(
        out,
        "  the subtraction game S = {subtraction}, {len} values, heap {heap} edited from {truth} \
         to {edit}: read and resumed (its checkpoint holds values only)"
    )?;
    writeln!(
        out,
        "    and the resumed rules answer heap {heap}: {} (the true value is *{truth})",
        HeapRow::heap(fooled.clone(), heap as u128).grundy()?
    )?;
    writeln!(
        out,
        "    audit of heaps 0 to {}: {}",
        len - 1,
        refused(fooled.audit(0..len as u128))?
    )?;
    let truth = whole.values().get(EDITED).ok_or("the heap edited")?;
    let edit = u8::try_from(truth ^ 1)?;
    let forged = Checkpoint::from_bytes(&edited(&bytes, &game, EDITED, edit)?)?;
    let fooled = Octal::new(CODE)?;
    fooled.resume(&forged)?;
    writeln!(
        out,
        "  Officers' checkpoint, heap {EDITED} edited from {truth} to {edit}: resumed too (the \
         split its values give is unchanged)"
    )?;
    writeln!(
        out,
        "    audit of heaps 0 to {}: {}",
        STOP - 1,
        refused(fooled.audit(0..STOP as u128))?
    )?;

    // 6. Threads: the table of `code` to `len` values in a pool of 1 thread and in one of 2.
    let in_pools = |code: &str, len: usize| -> Result<_, Box<dyn std::error::Error>> {
        let mut tables = Vec::new();
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()?;
            tables.push(pool.install(|| Octal::new(code)?.values(len))?);
        }
        Ok(tables)
    };
    let tables = in_pools(CODE, LEN)?;
    let agree = tables.iter().all(|t| t.values() == whole.values());
    writeln!(
        out,
        "6. Threads: {LEN} values in a rayon pool of 1 thread and in one of 2: {} ({})",
        if agree {
            "the same values, and the same as above"
        } else {
            "DIFFERENT VALUES"
        },
        if cfg!(feature = "parallel") {
            "the parallel feature is on: the engine used the pool's threads"
        } else {
            "the parallel feature is off in this build: one thread each time"
        }
    )?;
    let threes = in_pools(THREE_HEAPS, THREE_HEAPS_LEN)?;
    writeln!(
        out,
        "  and {THREE_HEAPS} (take one, split the rest in three: the general engine), \
         {THREE_HEAPS_LEN} values in each pool: {}",
        if threes[0].values() == threes[1].values() {
            "the same values"
        } else {
            "DIFFERENT VALUES"
        }
    )?;

    // Exercises.
    writeln!(out, "Exercises:")?;
    writeln!(
        out,
        "  1. Stop the run at 8100 values instead: how many values are kept, and why not \
         8100? Check: the docs of Tabulated::grow (every 64 values) and Error::Interrupted."
    )?;
    writeln!(
        out,
        "  2. Edit heap 3 of Officers' checkpoint to 3 and sign it again: why is it refused at \
         resume and not left to the audit? Check: the format and the checks on Checkpoint \
         (src/sequence/checkpoint.rs), and tests/checkpoints.rs."
    )?;
    writeln!(
        out,
        "  3. Run `grundy table octal 0.6 2000000 --table-limit 2000000 --checkpoint o.ck \
         --time-limit 1 > /dev/null`, then the same with `--resume o.ck --audit 200 > resumed.txt`, \
         and compare with one run's output (`diff`). Check: cli/README.md, and `grundy table --help`."
    )?;
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = String::new();
    story(&mut out)?;
    output::print(&out)?;
    Ok(())
}
