//! RED's typed hot path: a check against a DV, or a numpy batch with per-trial base and DV.

use fray::red::{self, CheckSpec};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::batch::{in_blocks, par_items, threads, Param};
use crate::dice::MAX_BATCH;
use crate::error::{check_len, guard, Res};

/// One check: (natural d10, critical die (+n, -n or 0), total, margin, success).
type CheckTuple = (u32, i32, i32, i32, bool);

/// One RED check (RED-30, RED-31) on dice (seed, stream).
#[pyfunction]
fn red_check(seed: u64, stream: u64, base: i32, dv: i32, critical: bool) -> PyResult<CheckTuple> {
    let spec = CheckSpec { base, dv, critical };
    let mut rng = fray_dice::Rng::new(seed, stream);
    Ok(guard(|| {
        let r = red::check(&mut rng, &spec, None)?;
        Ok((r.roll.natural, r.roll.extra, r.total, r.margin, r.success))
    })?)
}

/// Per-trial arrays of a batch: (total, success).
type BatchTuple<'py> = (Bound<'py, PyArray1<i32>>, Bound<'py, PyArray1<bool>>);

/// Checks with per-trial base and DV, trial i on stream `first + i`: `n` trials, each array
/// holding one value per trial or a single value for all of them.
#[pyfunction]
#[pyo3(signature = (seed, first, n, base, dv, critical, threads_wanted))]
#[allow(clippy::too_many_arguments)]
fn red_check_batch<'py>(
    py: Python<'py>,
    seed: u64,
    first: u64,
    n: u64,
    base: PyReadonlyArray1<'py, i32>,
    dv: PyReadonlyArray1<'py, i32>,
    critical: bool,
    threads_wanted: usize,
) -> PyResult<BatchTuple<'py>> {
    let n = check_len(n, MAX_BATCH, "n")?;
    let base = Param::new(&base, n, "base")?;
    let dv = Param::new(&dv, n, "dv")?;
    let (mut total, mut success) = (vec![0i32; n], vec![false; n]);
    let workers = threads(threads_wanted);
    let item = |stream: u64| -> Res<(i32, bool)> {
        let i = (stream - first) as usize;
        let spec = CheckSpec {
            base: base.get(i),
            dv: dv.get(i),
            critical,
        };
        let r = red::check(&mut fray_dice::Rng::new(seed, stream), &spec, None)?;
        Ok((r.total, r.success))
    };
    in_blocks(
        py,
        (&mut total[..], &mut success[..]),
        first,
        |start, block| par_items(block, start, workers, &item),
    )?;
    Ok((
        PyArray1::from_vec(py, total),
        PyArray1::from_vec(py, success),
    ))
}

/// Adds the RED functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(red_check, m)?)?;
    m.add_function(wrap_pyfunction!(red_check_batch, m)?)?;
    Ok(())
}
