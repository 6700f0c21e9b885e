//! The designer's harness: several setups played on the same trial streams in the same
//! blocks of trials, for paired comparisons (`fray.sensitivity`, the paired intervals of
//! `fray.sweep`), with the blocks and the interval of `fray_dice::paired`, which
//! `fray sensitivity` and `fray sweep` use.

use fray_dice::{paired, sensitivity};
use pyo3::prelude::*;

use crate::batch::threads;
use crate::error::{guard, Fail, Res};
use crate::rulesets::entry;

/// One setup's result: its summary as JSON, each block's wins per side, each block's trials.
type Blocked = (String, Vec<Vec<u64>>, Vec<u64>);

/// Plays every setup on trials `0 .. trials` block by block, the (setup, block) jobs spread
/// over the threads; the numbers do not depend on the thread count. An error names the
/// index of the first failing setup.
#[pyfunction]
#[pyo3(signature = (ruleset, setups, trials, seed, threads_wanted))]
fn simulate_blocks(
    py: Python<'_>,
    ruleset: &str,
    setups: Vec<String>,
    trials: u64,
    seed: u64,
    threads_wanted: usize,
) -> PyResult<Vec<Blocked>> {
    let e = entry(ruleset)?;
    let workers = threads(threads_wanted);
    Ok(py.detach(|| guard(|| run(&e, &setups, trials, seed, workers)))?)
}

fn run(
    e: &fray_dice::Entry,
    setups: &[String],
    trials: u64,
    seed: u64,
    workers: usize,
) -> Res<Vec<Blocked>> {
    let runs = paired::run(e, setups, trials, seed, workers)
        .map_err(|(s, m)| Fail::Invalid(format!("setups[{s}]: {m}")))?;
    runs.into_iter()
        .map(|r| {
            let json = serde_json::to_string(&r.summary)
                .map_err(|e| Fail::Internal(format!("summary to JSON: {e}")))?;
            Ok((json, r.wins, r.sizes))
        })
        .collect()
}

/// Plays trials `first .. first + trials` of one setup on one thread: one block of a run, as
/// a worker of a cluster plays it; the summary as JSON.
#[pyfunction]
#[pyo3(signature = (ruleset, setup, first, trials, seed))]
fn simulate_range(
    py: Python<'_>,
    ruleset: &str,
    setup: String,
    first: u64,
    trials: u64,
    seed: u64,
) -> PyResult<String> {
    let e = entry(ruleset)?;
    Ok(py.detach(|| {
        guard(|| {
            let summary = (e.simulate_range)(&setup, first, trials, seed, 1)?;
            serde_json::to_string(&summary)
                .map_err(|e| Fail::Internal(format!("summary to JSON: {e}")))
        })
    })?)
}

/// The `(first, count)` trial ranges of the blocks of a run of `trials`.
#[pyfunction]
fn paired_blocks(trials: u64) -> Vec<(u64, u64)> {
    paired::blocks(trials)
}

/// `(difference, low, high)` from each block's (win difference, trials): the paired 95 %
/// interval of `fray sweep` and `fray sensitivity`.
#[pyfunction]
fn paired_interval(block_differences: Vec<(i64, u64)>) -> (f64, f64, f64) {
    let blocks: Vec<(f64, f64)> = block_differences
        .iter()
        .map(|&(d, n)| (d as f64, n as f64))
        .collect();
    paired::paired_interval(&blocks)
}

/// The 97.5 % quantile of Student's t with `dof` degrees of freedom.
#[pyfunction]
fn t975(dof: u64) -> f64 {
    paired::t975(dof)
}

/// The variants `fray.sensitivity` plays, as `fray sensitivity` finds them: `(path, label,
/// action, setup JSON)` per element of `setup` removed, or replaced where `substitutes`
/// (path, value JSON) name it. The error names a bad substitute path or value.
#[pyfunction]
fn sensitivity_variants(
    setup: &str,
    substitutes: Vec<(String, String)>,
) -> PyResult<Vec<(String, String, &'static str, String)>> {
    Ok(guard(|| {
        let base: serde_json::Value = serde_json::from_str(setup)
            .map_err(|e| Fail::Invalid(format!("the setup is not JSON: {e}")))?;
        let subs = substitutes
            .into_iter()
            .map(|(path, value)| {
                serde_json::from_str(&value)
                    .map(|v| (path.clone(), v))
                    .map_err(|e| Fail::Invalid(format!("substitute {path}: not JSON: {e}")))
            })
            .collect::<Res<Vec<_>>>()?;
        let found = sensitivity::variants(&base, &subs).map_err(Fail::Invalid)?;
        Ok(found
            .into_iter()
            .map(|v| {
                let (text, action) = (v.apply(&base).to_string(), v.action());
                (v.path, v.label, action, text)
            })
            .collect())
    })?)
}

/// Adds the harness functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_blocks, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_range, m)?)?;
    m.add_function(wrap_pyfunction!(paired_blocks, m)?)?;
    m.add_function(wrap_pyfunction!(paired_interval, m)?)?;
    m.add_function(wrap_pyfunction!(t975, m)?)?;
    m.add_function(wrap_pyfunction!(sensitivity_variants, m)?)?;
    Ok(())
}
