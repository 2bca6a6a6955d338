//! `grundy quotient`: the misère quotient of a heap game's rows of heaps 0 to N.
//!
//! Under misère play (whoever moves last loses) a row of heaps is not worth the nim-sum of its
//! heaps. For many heap games its place is taken by the **misère quotient** (Plambeck and
//! Siegel): a finite commutative monoid in which every heap is an element, a row is the
//! product of its heaps' elements, and the row is a P-position exactly when that product is
//! in the **P-portion**. The library computes it heap by heap within a budget of work
//! (`--budget`), and says whether the periodicity theorem proves it for every larger bound
//! (`"proven"`; then the heaps' elements repeat with `"period"` from `"preperiod"`).
//!
//! Elements are numbered from 0 (the identity: the empty row), each named by its normal word
//! in the generators `a`, `b`, … (the heaps in `"generators"`). `"heaps"[i]` is the element of
//! heap `i`, for every `i` from 0 to N (through the period past the heaps computed, when it
//! is proven); `"table"[x][y]` is the product `x·y`; `"relations"` present the monoid:
//!
//! ```text
//! $ grundy --json quotient octal 0.[3] 2
//! {"order":6,"p_portion":[1,4],"heaps":[0,1,2],"relations":["a^2 = 1","b^3 = b"],"table":[[0,1,2,3,4,5],[1,0,3,2,5,4],[2,3,4,5,2,3],[3,2,5,4,3,2],[4,5,2,3,4,5],[5,4,3,2,5,4]],"proven":false,"elements":["1","a","b","ab","b^2","ab^2"],"generators":[1,2],"computed_to":2,"period":null,"preperiod":null}
//! ```
//!
//! A quotient past its budget is an error of kind `limit`: the quotient may be large (Kayles',
//! of order 40, is proven for every bound only past a budget of 2^28 steps), or infinite (Nim's
//! grows with its largest heap), and a bounded quotient is never reported as more than it is.

use grundy::games::{GrundysGame, HeapRules};
use grundy::misere::MisereQuotient;
use serde::Serialize;

use crate::answer::set_text;
use crate::args::{QUOTIENT_BOUND_CAP, QuotientArgs, QuotientLimits};
use crate::failure::{Failure, Kind};
use crate::growth;

/// The JSON line of `grundy quotient`.
#[derive(Debug, Serialize)]
struct QuotientJson {
    order: usize,
    p_portion: Vec<usize>,
    heaps: Vec<usize>,
    relations: Vec<String>,
    table: Vec<Vec<u32>>,
    proven: bool,
    elements: Vec<String>,
    generators: Vec<usize>,
    computed_to: usize,
    period: Option<usize>,
    preperiod: Option<usize>,
}

/// `grundy quotient`: the quotient, as one line of JSON or in words.
///
/// # Errors
///
/// `MAX_HEAP` over [`QUOTIENT_BOUND_CAP`], `--time-limit 0`, a quotient past `--budget`, the rules' own
/// error.
pub(crate) fn quotient(game: QuotientArgs, json: bool) -> Result<String, Failure> {
    let (what, bound, computed) = match game {
        QuotientArgs::Subtraction {
            set, bound, limits, ..
        } => {
            let what = format!("quotient subtraction {} {bound}", set_text(set.set()));
            (what, bound, compute(&set, bound, limits))
        }
        QuotientArgs::Octal {
            code,
            bound,
            limits,
            ..
        } => {
            let what = format!("quotient octal {code} {bound}");
            (what, bound, compute(&code, bound, limits))
        }
        QuotientArgs::GrundysGame { bound, limits, .. } => {
            let what = format!("quotient grundys-game {bound}");
            (what, bound, compute(&GrundysGame::new(), bound, limits))
        }
    };
    let quotient = computed.map_err(|failure| match failure.kind {
        // As every time-limit error: the limit, not the position.
        Kind::TimeLimit => failure,
        _ => Failure {
            message: format!("{what}: {}", failure.message),
            ..failure
        },
    })?;
    // `compute` checked the bound against the cap.
    let bound = bound as usize;
    if json {
        json_line(&quotient, bound).map_err(|message| Failure::new(Kind::Output, message))
    } else {
        Ok(words(&what, &quotient, bound))
    }
}

/// The quotient of `rules` to heap `bound`, within the limits.
fn compute<R: HeapRules>(
    rules: &R,
    bound: u128,
    limits: QuotientLimits,
) -> Result<MisereQuotient, Failure> {
    if bound > QUOTIENT_BOUND_CAP {
        return Err(Failure::limit(format!(
            "MAX_HEAP = {bound} is over {QUOTIENT_BOUND_CAP}, the most heaps whose elements the \
             answer lists"
        )));
    }
    if limits.time_limit == 0 {
        return Err(Failure::new(Kind::TimeLimit, growth::time_limit_message(0)));
    }
    crate::watchdog::step(crate::watchdog::Step::Quotient);
    MisereQuotient::compute_within(rules, bound as usize, limits.budget).map_err(|err| match err {
        grundy::Error::QuotientBudget { bound, budget } => Failure::limit(format!(
            "the misère quotient of the heaps up to {bound} needs more than {budget} steps, the \
             --budget; the quotient may be large, or infinite (raise --budget, or ask a smaller \
             N)"
        )),
        err => Failure::input(err.to_string()),
    })
}

/// The element of every heap `0..=bound`, through the proven period past the heaps computed.
fn heap_elements(q: &MisereQuotient, bound: usize) -> Vec<usize> {
    (0..=bound as u128)
        .map_while(|h| q.heap_element(h))
        .collect()
}

/// The quotient as one line of JSON, newline-terminated.
fn json_line(q: &MisereQuotient, bound: usize) -> Result<String, String> {
    let n = q.order();
    let line = QuotientJson {
        order: n,
        p_portion: q.p_portion(),
        heaps: heap_elements(q, bound),
        relations: q.relations().iter().map(|r| q.relation_text(r)).collect(),
        table: q.table().chunks(n.max(1)).map(<[u32]>::to_vec).collect(),
        proven: q.is_proven(),
        elements: (0..n).filter_map(|x| q.element_name(x)).collect(),
        generators: q.generators().to_vec(),
        computed_to: q.bound(),
        period: q.period().map(|p| p.period()),
        preperiod: q.period().map(|p| p.preperiod()),
    };
    serde_json::to_string(&line)
        .map(|text| text + "\n")
        .map_err(|err| format!("cannot write JSON: {err}"))
}

/// The quotient in words: the presentation, the P-portion, the heaps' elements, the table.
fn words(what: &str, q: &MisereQuotient, bound: usize) -> String {
    let n = q.order();
    let names: Vec<String> = (0..n).filter_map(|x| q.element_name(x)).collect();
    let mut text = format!("{what}\n");
    text += &format!("order: {n}\n");
    let generators: Vec<String> = q
        .generators()
        .iter()
        .map(|&h| format!("{} = heap {h}", names[q.heaps()[h] as usize]))
        .collect();
    text += &format!("presentation: {q}\n");
    if !generators.is_empty() {
        text += &format!("generators: {}\n", generators.join(", "));
    }
    let p: Vec<&str> = q.p_portion().iter().map(|&x| names[x].as_str()).collect();
    text += &format!("P-portion: {{{}}}\n", p.join(", "));
    text += &match q.period() {
        Some(period) => format!(
            "proven for every bound: heap n + {} has the element of heap n for every n >= {} \
             (periodicity theorem, from the heaps to {})\n",
            period.period(),
            period.preperiod(),
            q.bound()
        ),
        None => format!("proven: no, the quotient of heaps up to {bound} only\n"),
    };
    text += &format!("heaps 0 to {bound}:\n");
    let heaps = heap_elements(q, bound);
    for (row, chunk) in heaps.chunks(10).enumerate() {
        let elements: Vec<&str> = chunk.iter().map(|&x| names[x].as_str()).collect();
        text += &format!("{:>8}: {}\n", row * 10, elements.join(" "));
    }
    let width = names.iter().map(String::len).max().unwrap_or(1);
    text += "table:\n";
    text += &format!("{:>width$} |", "");
    for name in &names {
        text += &format!(" {name:>width$}");
    }
    text += "\n";
    for (x, name) in names.iter().enumerate() {
        text += &format!("{name:>width$} |");
        for y in 0..n {
            text += &format!(" {:>width$}", names[q.product(x, y)]);
        }
        text += "\n";
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::Octal;

    fn limits() -> QuotientLimits {
        QuotientLimits {
            budget: grundy::misere::DEFAULT_QUOTIENT_BUDGET,
            time_limit: 20,
        }
    }

    /// `quotient octal CODE BOUND`, in JSON or words.
    fn octal(code: &str, bound: u128, json: bool) -> String {
        let code: Octal = code.parse().expect("a code");
        let limits = limits();
        quotient(
            QuotientArgs::Octal {
                code,
                bound,
                limits,
                refused: crate::args::NoMisere::default(),
            },
            json,
        )
        .expect("a quotient")
    }

    #[test]
    fn nim_to_two_in_json() {
        let line = octal("0.[3]", 2, true);
        assert!(line.starts_with("{\"order\":6,\"p_portion\":[1,4],\"heaps\":[0,1,2],"));
        assert!(line.contains("\"proven\":false"));
    }

    #[test]
    fn a_proven_quotient_lists_every_heap_through_its_period() {
        let text = octal("0.75", 100, false);
        assert!(text.contains("order: 8\n"));
        assert!(text.contains("proven for every bound"));
        assert!(text.contains("      90:"));
    }

    #[test]
    fn past_the_budget_and_the_cap() {
        let limits = QuotientLimits {
            budget: 10,
            time_limit: 20,
        };
        let err = compute(&Octal::kayles(), 12, limits).expect_err("over the budget");
        assert_eq!(err.kind, Kind::Limit);
        let err = compute(&Octal::kayles(), QUOTIENT_BOUND_CAP + 1, limits).expect_err("over");
        assert_eq!(err.kind, Kind::Limit);
    }
}
