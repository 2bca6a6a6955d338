//! `grundy table`: the first `COUNT` Grundy values of a heap game, with the period they prove.
//!
//! The values are `G(0), ..., G(COUNT - 1)` of one heap. The **period** is the least `p` that
//! these values prove (by the Guy–Smith theorem for octal games and Grundy's game, by a
//! repeated window of `max(S)` values for subtraction games); the **preperiod** is then the
//! least `n0` with `G(n + p) = G(n) + s` for every `n ≥ n0`, and `s` is the **saltus** (0 for
//! a plain period, the only kind proven today). Too few values prove nothing, and the answer
//! says so: `null` in JSON, `none proven` in words. The words also name the arithmetic period
//! the values show when it is not proven (Lasker's Nim, `4.[3]`: period 4, saltus 4), marked
//! `not proven`; it answers nothing.
//!
//! In words the values come ten a row, each row led by the heap of its first value:
//!
//! ```text
//! $ grundy table subtraction 1,3,4 12
//! table subtraction 1,3,4 12
//! values G(0) to G(11):
//!        0: 0 1 0 1 2 3 2 0 1 0
//!       10: 1 2
//! period: 7, preperiod: 0 (proven: G(n + 7) = G(n) for every n >= 0, and 0 is the least such start)
//! ```

use std::io::{self, Write};
use std::sync::Arc;

use grundy::games::GrundysGame;
use grundy::prelude::*;
use grundy::sequence::{ArithmeticPeriod, GrundySequence, Values};
use serde::Serialize;

use crate::answer::set_text;
use crate::args::{RunArgs, TableArgs, TableLimits};
use crate::failure::{Failure, Kind};
use crate::growth::{self, Deadline};
use crate::longrun;
use crate::watchdog::{self, Step};

/// The JSON line of `grundy table`.
#[derive(Debug, Serialize)]
struct TableJson<'a> {
    values: ValuesJson<'a>,
    period: Option<usize>,
    preperiod: Option<usize>,
    saltus: Option<u32>,
    /// How many heaps `--audit` checked, when it was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    audited: Option<usize>,
}

/// The values as a JSON array, written from the table as it is stored (one byte a value for
/// most games), with no copy of four bytes a value.
#[derive(Debug)]
struct ValuesJson<'a>(Values<'a>);

impl Serialize for ValuesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

/// `grundy table`: the first `count` values of a heap game, with the period they prove, as
/// one line of JSON or in words.
///
/// # Errors
///
/// `COUNT` over `--table-limit`, a table that outlasts `--time-limit`, or the game's own
/// error computing the table.
pub(crate) fn table(game: TableArgs, json: bool) -> Result<TableReply, Failure> {
    let (what, (sequence, audited)) = match game {
        TableArgs::Subtraction {
            set,
            count,
            limits,
            run,
            ..
        } => {
            let what = format!("subtraction {} {count}", set_text(set.set()));
            let sequence = values(set, &what, count, limits, &run, json)?;
            (what, sequence)
        }
        TableArgs::Octal {
            code,
            count,
            limits,
            run,
            ..
        } => {
            let what = format!("octal {code} {count}");
            let sequence = values(code, &what, count, limits, &run, json)?;
            (what, sequence)
        }
        TableArgs::GrundysGame {
            count, limits, run, ..
        } => {
            let what = format!("grundys-game {count}");
            let sequence = values(GrundysGame::new(), &what, count, limits, &run, json)?;
            (what, sequence)
        }
    };
    Ok(TableReply {
        what,
        sequence: sequence.table,
        audited,
        unsaved: sequence.unsaved,
        json,
    })
}

/// What `grundy table` prints, written straight from the table as it is stored: no text of
/// the whole answer is held (at 2^28 values the JSON line is about 1 GB, the words 2.5 GB).
#[derive(Debug)]
pub(crate) struct TableReply {
    what: String,
    sequence: Arc<GrundySequence>,
    /// How many heaps `--audit` checked, when it was asked for.
    audited: Option<usize>,
    /// The failure to write the finished run's checkpoint, reported after the table.
    unsaved: Option<Failure>,
    json: bool,
}

impl TableReply {
    /// The failure to write the finished run's checkpoint, to report once the table is
    /// written.
    pub(crate) fn unsaved(&self) -> Option<&Failure> {
        self.unsaved.as_ref()
    }

    /// Writes the answer to `out`: one line of JSON, or the words.
    ///
    /// # Errors
    ///
    /// A failure of `out`.
    pub(crate) fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        if self.json {
            json_line(&self.sequence, self.audited, out)
        } else {
            words(&self.what, &self.sequence, out)?;
            match self.audited {
                Some(n) => writeln!(
                    out,
                    "audit: {n} {} checked against the definition, every move listed: every \
                     value agrees",
                    if n == 1 { "heap" } else { "heaps" }
                ),
                None => Ok(()),
            }
        }
    }
}

/// The first `count` values of `rules`, which have none computed yet (they were just read
/// from the command line), so the table grows to exactly `count` values and the period
/// reported is the one these values prove. `what` names the table in errors.
///
/// # Errors
///
/// `count` over `--table-limit`, a table that outlasts `--time-limit`, the game's own error,
/// a value that `--audit` finds wrong.
fn values<R: Tabulated + Send + Sync>(
    rules: R,
    what: &str,
    count: u128,
    limits: TableLimits,
    run: &RunArgs,
    json: bool,
) -> Result<(longrun::Grown, Option<usize>), Failure> {
    let len = growth::table_len(what, count, limits.table_limit)?;
    let rules = rules
        .with_table_limit(limits.table_limit)
        .with_memory_limit(limits.memory_limit);
    longrun::resume(&rules, what, run, len)?;
    let deadline = Deadline::after(limits.time_limit);
    let grown = longrun::on_threads(run.threads, || {
        longrun::grow(&rules, len, &deadline, run, json)
            .map_err(|err| err.into_failure(&format!("table {what}"), limits))
    })??;
    let sequence = Arc::clone(&grown.table);
    if run.audit == 0 {
        return Ok((grown, None));
    }
    // Heap by heap, the deadline read between them: a run with --checkpoint has no
    // watchdog, and its audit still ends within one heap's moves of the time limit.
    watchdog::step(Step::Audit);
    for heap in audited_heaps(sequence.len(), run.audit) {
        if deadline.passed() {
            let message = watchdog::expired(limits.time_limit, Step::Audit);
            return Err(Failure::new(Kind::TimeLimit, message));
        }
        rules.audit([heap]).map_err(|err| match err {
            grundy::Error::WrongValue { .. } => {
                Failure::new(Kind::WrongValue, format!("table {what}: --audit: {err}"))
            }
            err => growth::failure(&format!("table {what}"), err, limits),
        })?;
    }
    let audited = run.audit.min(sequence.len());
    Ok((grown, Some(audited)))
}

/// The heaps `--audit` checks of a table of `len` values: all of them if `k >= len`, else
/// the last `k - k / 2` (the newest values, which rest on all the others) and `k / 2` spread
/// evenly over the heaps before them. The same command checks the same heaps.
fn audited_heaps(len: usize, k: usize) -> impl Iterator<Item = u128> {
    let (len, k) = (len as u128, k.min(len) as u128);
    let last = k - k / 2;
    let (spread, rest) = (k / 2, len - last);
    // The middles of `spread` equal parts of the heaps 0 to rest - 1: distinct, ascending.
    let spread = (0..spread).map(move |i| (2 * i + 1) * rest / (2 * spread));
    spread.chain(rest..len)
}

/// The table as one line of JSON, newline-terminated: the proven (arithmetic) period, or
/// `null` for its three fields.
fn json_line(
    sequence: &GrundySequence,
    audited: Option<usize>,
    out: &mut impl Write,
) -> io::Result<()> {
    let proven = sequence
        .arithmetic_period()
        .filter(ArithmeticPeriod::is_proven);
    let line = TableJson {
        values: ValuesJson(sequence.values()),
        period: proven.map(|p| p.period()),
        preperiod: proven.map(|p| p.preperiod()),
        saltus: proven.map(|p| p.saltus()),
        audited,
    };
    serde_json::to_writer(&mut *out, &line)?;
    out.write_all(b"\n")
}

/// The table in words: the values ten a row, then the period. `what` names the table.
fn words(what: &str, sequence: &GrundySequence, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "table {what}")?;
    if sequence.is_empty() {
        writeln!(out, "values: none asked for")?;
    } else {
        writeln!(out, "values G(0) to G({}):", sequence.len() - 1)?;
        let all = sequence.values();
        for row in (0..all.len()).step_by(10) {
            write!(out, "{row:>8}:")?;
            for v in all.slice(row..row + 10).iter() {
                write!(out, " {v}")?;
            }
            writeln!(out)?;
        }
    }
    match sequence.arithmetic_period() {
        Some(p) if p.is_proven() => {
            let (period, start) = (p.period(), p.preperiod());
            let (saltus, plus) = match p.saltus() {
                0 => (String::new(), String::new()),
                s => (format!(", saltus: {s}"), format!(" + {s}")),
            };
            writeln!(
                out,
                "period: {period}{saltus}, preperiod: {start} (proven: G(n + {period}) = \
                 G(n){plus} for every n >= {start}, and {start} is the least such start)"
            )
        }
        seen => {
            writeln!(
                out,
                "period: none proven by these {} values",
                sequence.len()
            )?;
            match seen {
                Some(p) => writeln!(out, "seen: {p}"),
                None => Ok(()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_audited_heaps_are_distinct_in_the_table_and_end_with_the_last() {
        for (len, k) in [
            (0, 0),
            (0, 5),
            (1, 1),
            (10, 3),
            (10, 10),
            (10, 99),
            (3000, 200),
        ] {
            let heaps: Vec<u128> = audited_heaps(len, k).collect();
            assert_eq!(heaps.len(), k.min(len), "{len} {k}");
            assert!(heaps.windows(2).all(|w| w[0] < w[1]), "{heaps:?}");
            assert!(heaps.iter().all(|&h| h < len as u128), "{heaps:?}");
            if k > 0 && len > 0 {
                assert_eq!(heaps.last(), Some(&(len as u128 - 1)));
            }
        }
        // Half the last heaps, half spread over the rest.
        let heaps: Vec<u128> = audited_heaps(3000, 200).collect();
        assert_eq!(heaps[100..], (2900..3000).collect::<Vec<_>>()[..]);
        assert_eq!(heaps[..3], [14, 43, 72]);
    }
    use grundy::games::Subtraction;

    /// `table subtraction 1,3,4 count`.
    fn s134(count: u128, table_limit: usize, json: bool) -> Result<String, String> {
        let set = Subtraction::new([1u8, 3, 4]).expect("a valid set");
        let limits = TableLimits {
            table_limit,
            memory_limit: grundy::sequence::DEFAULT_MEMORY_LIMIT,
            time_limit: 20,
        };
        let run = RunArgs::default();
        let reply = table(
            TableArgs::Subtraction {
                set,
                count,
                limits,
                run,
                refused: crate::args::NoMisere::default(),
            },
            json,
        )
        .map_err(|err| err.message)?;
        let mut text = Vec::new();
        reply.write_to(&mut text).map_err(|err| err.to_string())?;
        String::from_utf8(text).map_err(|err| err.to_string())
    }

    #[test]
    fn a_table_in_words_and_json() {
        assert_eq!(
            s134(12, 100, false),
            Ok("table subtraction 1,3,4 12\nvalues G(0) to G(11):\n       0: 0 1 0 1 2 3 2 0 1 0\n\
                \x20     10: 1 2\nperiod: 7, preperiod: 0 (proven: G(n + 7) = G(n) for every n \
                >= 0, and 0 is the least such start)\n"
                .to_owned())
        );
        assert_eq!(
            s134(12, 100, true),
            Ok("{\"values\":[0,1,0,1,2,3,2,0,1,0,1,2],\"period\":7,\"preperiod\":0,\"saltus\":0}\n".to_owned())
        );
    }

    #[test]
    fn too_few_values_prove_nothing() {
        assert_eq!(
            s134(0, 100, false),
            Ok(
                "table subtraction 1,3,4 0\nvalues: none asked for\nperiod: none proven by these \
                0 values\n"
                    .to_owned()
            )
        );
        assert_eq!(
            s134(3, 100, true),
            Ok(
                "{\"values\":[0,1,0],\"period\":null,\"preperiod\":null,\"saltus\":null}\n"
                    .to_owned()
            )
        );
    }

    #[test]
    fn more_values_than_the_limit_is_an_error() {
        assert!(s134(101, 100, true).is_err_and(|err| err.contains("--table-limit of 100")));
    }
}
