//! `grundy genus`: the misère genus and misère values of heaps `0` to `COUNT - 1` of a heap
//! game, from the library's misère simplest forms ([`grundy::misere`]).
//!
//! A heap's genus is printed in the shortened notation of Conway and CGSuite: `4^146` is
//! normal value 4 and misère values `g0 g1 g2 … = 1 4 6 4 6 …` (`gk` is the misère value of
//! the heap beside `k` nim heaps of size 2); a heap equal to a nim heap prints as the heap
//! (`2`), a tame or restive one as `g^g0` (`2^2`). The JSON is `{"genus": [...],
//! "misere_values": [...]}`, the genus as strings; in words each heap has a line with its
//! genus, its misère value and its phylum:
//!
//! ```text
//! $ grundy genus octal 0.77 8
//! genus octal 0.77 8
//!        0: 0 (misère value 1, nim heap)
//!        1: 1 (misère value 0, nim heap)
//!        2: 2 (misère value 2, nim heap)
//!        3: 3 (misère value 3, nim heap)
//!        4: 1 (misère value 0, nim heap)
//!        5: 4^146 (misère value 1, restless)
//!        6: 3 (misère value 3, nim heap)
//!        7: 2^2 (misère value 2, reversibly tame)
//! $ grundy --json genus octal 0.77 6
//! {"genus":["0","1","2","3","1","4^146"],"misere_values":[1,0,2,3,0,1]}
//! ```
//!
//! The memory is bounded by `--form-limit` (the simplest forms and sums kept, and the heaps
//! against the same number, so `COUNT` is at most the limit), and the time by `--time-limit`:
//! past it the error says the genus was too costly, never a table (`genus` has none).

use grundy::games::{GrundysGame, HeapRules};
use grundy::misere::{Genus, GenusTable, Phylum};
use serde::Serialize;

use crate::answer::set_text;
use crate::args::{GenusArgs, GenusLimits};
use crate::failure::{Failure, Kind};
use crate::watchdog::{self, Step};

/// The JSON line of `grundy genus`.
#[derive(Debug, Serialize)]
struct GenusJson {
    genus: Vec<String>,
    misere_values: Vec<u128>,
}

/// `grundy genus`: the genus of heaps `0..count` of a heap game, as one line of JSON or in
/// words.
///
/// # Errors
///
/// `COUNT` over `--form-limit`, forms past it, a `--time-limit` of 0.
pub(crate) fn genus(game: GenusArgs, json: bool) -> Result<String, Failure> {
    let (what, genera) = match game {
        GenusArgs::Subtraction {
            set, count, limits, ..
        } => {
            let what = format!("subtraction {} {count}", set_text(set.set()));
            let genera = genera(set, &what, count, limits)?;
            (what, genera)
        }
        GenusArgs::Octal {
            code,
            count,
            limits,
            ..
        } => {
            let what = format!("octal {code} {count}");
            let genera = genera(code, &what, count, limits)?;
            (what, genera)
        }
        GenusArgs::GrundysGame { count, limits, .. } => {
            let what = format!("grundys-game {count}");
            let genera = genera(GrundysGame::new(), &what, count, limits)?;
            (what, genera)
        }
    };
    if json {
        json_line(&genera).map_err(|message| Failure::new(Kind::Output, message))
    } else {
        Ok(words(&what, &genera))
    }
}

/// The genus of heaps `0..count` of `rules`; `what` names the command in errors.
fn genera<R: HeapRules>(
    rules: R,
    what: &str,
    count: u128,
    limits: GenusLimits,
) -> Result<Vec<Genus>, Failure> {
    // The time limit is spent on the forms from the start (there is no table).
    watchdog::begin(Step::Genus, limits.time_limit)?;
    let limit = limits.form_limit.min(u32::MAX as usize);
    if count > limit as u128 {
        return Err(Failure::limit(format!(
            "genus {what}: COUNT {count} is more than the --form-limit of {limit} (the heaps \
             count against it too); raise --form-limit"
        )));
    }
    // The command's time is bounded by --time-limit, so the library's work limit (a few
    // minutes of work by default) is lifted.
    let mut table = GenusTable::with_form_limit(rules, limit).with_work_limit(u64::MAX);
    (0..count)
        .map(|n| {
            table.genus(n).map_err(|err| match err {
                grundy::Error::FormLimit { limit } => Failure::limit(format!(
                    "genus {what}: the misère forms of heap {n} need more than {limit} forms \
                     and sums, the --form-limit; raise --form-limit"
                )),
                grundy::Error::OutOfMemory { .. } => Failure::limit(format!("genus {what}: {err}")),
                err => Failure::input(format!("genus {what}: {err}")),
            })
        })
        .collect()
}

/// The genus as one line of JSON, newline-terminated.
fn json_line(genera: &[Genus]) -> Result<String, String> {
    let line = GenusJson {
        genus: genera.iter().map(ToString::to_string).collect(),
        misere_values: genera.iter().map(|g| g.misere_value().get()).collect(),
    };
    serde_json::to_string(&line)
        .map(|text| text + "\n")
        .map_err(|err| format!("cannot write JSON: {err}"))
}

/// The phylum in words.
fn phylum_words(phylum: Phylum) -> &'static str {
    match phylum {
        Phylum::NimHeap => "nim heap",
        Phylum::HereditarilyTame => "hereditarily tame",
        Phylum::ReversiblyTame => "reversibly tame",
        Phylum::HereditarilyRestive => "hereditarily restive",
        Phylum::ReversiblyRestive => "reversibly restive",
        Phylum::Restless => "restless",
        _ => "wild",
    }
}

/// The genus in words: a line a heap.
fn words(what: &str, genera: &[Genus]) -> String {
    let mut text = format!("genus {what}\n");
    if genera.is_empty() {
        text += "heaps: none asked for\n";
    }
    for (n, g) in genera.iter().enumerate() {
        text += &format!(
            "{n:>8}: {g} (misère value {}, {})\n",
            g.misere_value().get(),
            phylum_words(g.phylum())
        );
    }
    text
}
