//! The designer's harness: several setups played on the same trial streams in the same
//! blocks of trials, for paired comparisons (`fray.sensitivity`, the paired intervals of
//! `fray.sweep`). The blocks are those of `fray sensitivity` and `fray sweep`: at most
//! [`BLOCKS`], block `b` of `K` holding trials `b n / K .. (b + 1) n / K`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use fray_dice::SimSummary;
use pyo3::prelude::*;

use crate::batch::threads;
use crate::error::{guard, Fail, Res};
use crate::rulesets::entry;

/// Blocks a run is cut into for paired intervals (the CLI's number).
const BLOCKS: u64 = 100;

/// The trial ranges `(first, count)` of the blocks of a run of `trials`.
fn blocks(trials: u64) -> Vec<(u64, u64)> {
    let k = trials.min(BLOCKS);
    let edge = |b: u64| (u128::from(b) * u128::from(trials) / u128::from(k)) as u64;
    (0..k).map(|b| (edge(b), edge(b + 1) - edge(b))).collect()
}

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
    let ranges = blocks(trials);
    let jobs = setups.len() * ranges.len();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<SimSummary, String>>>> =
        Mutex::new((0..jobs).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, jobs.max(1)) {
            scope.spawn(|| loop {
                let job = next.fetch_add(1, Ordering::Relaxed);
                if job >= jobs {
                    break;
                }
                let (setup, (first, count)) =
                    (&setups[job / ranges.len()], ranges[job % ranges.len()]);
                let result =
                    (e.simulate_range)(setup, first, count, seed, 1).map_err(|e| e.to_string());
                results.lock().expect("no panic holds the lock")[job] = Some(result);
            });
        }
    });
    let mut results = results.into_inner().expect("no panic holds the lock");
    let mut out = Vec::with_capacity(setups.len());
    for (s, chunk) in results.chunks_mut(ranges.len().max(1)).enumerate() {
        let mut summary = SimSummary::new(e.sides.len());
        let (mut wins, mut sizes) = (Vec::new(), Vec::new());
        for slot in chunk {
            let block = slot
                .take()
                .expect("every job ran")
                .map_err(|m| Fail::Invalid(format!("setups[{s}]: {m}")))?;
            summary.merge(&block);
            sizes.push(block.trials);
            wins.push(block.wins);
        }
        let json = serde_json::to_string(&summary)
            .map_err(|e| Fail::Internal(format!("summary to JSON: {e}")))?;
        out.push((json, wins, sizes));
    }
    Ok(out)
}

/// Adds the harness functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(simulate_blocks, m)?)?;
    Ok(())
}
