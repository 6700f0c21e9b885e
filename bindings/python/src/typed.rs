//! Typed paths that need a ruleset's Rust types: whole simulated fights as per-trial arrays.

use fray_dice::{parse_json, simulate_into, AutoPlay, Ending, TrialOutcome};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{in_blocks, threads};
use crate::dice::MAX_BATCH;
use crate::error::{check_len, guard, Fail};
use crate::rulesets::{entry, setup_or_demo};

/// Runs trials into `out` for one ruleset type.
type FightsFn = fn(Python<'_>, &str, u64, u64, &mut [TrialOutcome], usize) -> PyResult<()>;

/// The rulesets whose per-trial simulation is bound, by id.
const FIGHTS: &[(&str, FightsFn)] = &[
    ("andromeda", run::<fray::andromeda::Andromeda>),
    ("red", run::<fray::red::Red>),
    ("age", run::<fray::age::Age>),
    ("better-world", run::<fray::better_world::BetterWorld>),
    ("hunt", run::<fray::hunt::Hunt>),
];

fn run<R: AutoPlay>(
    py: Python<'_>,
    setup: &str,
    seed: u64,
    first: u64,
    out: &mut [TrialOutcome],
    workers: usize,
) -> PyResult<()>
where
    R::Setup: Sync,
{
    let setup: R::Setup = guard(|| Ok(parse_json(setup, "setup")?))?;
    in_blocks(py, out, first, |start, block| {
        Ok(simulate_into::<R>(&setup, seed, start, block, workers)?)
    })
}

/// Per-trial arrays of `n` fights, trial i on stream `first + i`, with the default tactic:
/// (winner int8 with -1 for none, rounds uint32, health int64 of length 2n (side 0, side 1
/// per trial), metric int64, end int8: 0 ended by the rules, 1 round limit, 2 cut off).
#[pyfunction]
#[pyo3(signature = (ruleset, setup, seed, first, n, threads_wanted))]
#[allow(clippy::type_complexity)]
fn fights<'py>(
    py: Python<'py>,
    ruleset: &str,
    setup: Option<&str>,
    seed: u64,
    first: u64,
    n: u64,
    threads_wanted: usize,
) -> PyResult<(
    Bound<'py, PyArray1<i8>>,
    Bound<'py, PyArray1<u32>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<i8>>,
)> {
    let e = entry(ruleset)?;
    let Some((_, run)) = FIGHTS.iter().find(|(id, _)| *id == e.id) else {
        let bound: Vec<&str> = FIGHTS.iter().map(|(id, _)| *id).collect();
        return Err(Fail::Invalid(format!(
            "per-trial fight arrays are not bound for ruleset '{}' yet (bound: {}); use \
             simulate() for the summary",
            e.id,
            if bound.is_empty() {
                "none".to_owned()
            } else {
                bound.join(", ")
            }
        ))
        .into());
    };
    let setup = setup_or_demo(&e, setup)?;
    let mut out = vec![TrialOutcome::default(); check_len(n, MAX_BATCH / 10, "trials")?];
    run(py, &setup, seed, first, &mut out, threads(threads_wanted))?;
    let winner = out
        .iter()
        .map(|o| o.winner.map_or(-1, |w| w as i8))
        .collect();
    let rounds = out.iter().map(|o| o.rounds).collect();
    let health = out.iter().flat_map(|o| o.health).collect();
    let metric = out.iter().map(|o| o.metric).collect();
    let end = out
        .iter()
        .map(|o| match o.end {
            Ending::Finished => 0,
            Ending::RoundLimit => 1,
            Ending::CommandCap => 2,
        })
        .collect();
    Ok((
        PyArray1::from_vec(py, winner),
        PyArray1::from_vec(py, rounds),
        PyArray1::from_vec(py, health),
        PyArray1::from_vec(py, metric),
        PyArray1::from_vec(py, end),
    ))
}

/// Ids whose per-trial fights are bound.
#[pyfunction]
fn fights_bound() -> Vec<&'static str> {
    FIGHTS.iter().map(|(id, _)| *id).collect()
}

/// Adds the typed functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(fights, m)?)?;
    m.add_function(wrap_pyfunction!(fights_bound, m)?)?;
    Ok(())
}
