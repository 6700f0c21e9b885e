//! RED's typed hot path: a check against a DV, or a numpy batch with per-trial base and DV.

use fray::red::{self, CheckSpec};
use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::batch::{in_blocks, par_items, threads};
use crate::dice::MAX_BATCH;
use crate::error::{check_len, guard, Fail, Res};

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

/// Checks with per-trial base and DV (equal-length arrays), trial i on stream `first + i`.
#[pyfunction]
#[pyo3(signature = (seed, first, base, dv, critical, threads_wanted))]
fn red_check_batch<'py>(
    py: Python<'py>,
    seed: u64,
    first: u64,
    base: PyReadonlyArray1<'py, i32>,
    dv: PyReadonlyArray1<'py, i32>,
    critical: bool,
    threads_wanted: usize,
) -> PyResult<BatchTuple<'py>> {
    let base = base
        .as_slice()
        .map_err(|e| Fail::Invalid(format!("base: {e}")))?
        .to_vec();
    let dv = dv
        .as_slice()
        .map_err(|e| Fail::Invalid(format!("dv: {e}")))?
        .to_vec();
    if base.len() != dv.len() {
        return Err(Fail::Invalid(format!(
            "base and dv must have the same length (got {} and {})",
            base.len(),
            dv.len()
        ))
        .into());
    }
    check_len(base.len() as u64, MAX_BATCH, "n")?;
    let mut out = vec![(0i32, false); base.len()];
    let workers = threads(threads_wanted);
    let item = |stream: u64, slot: &mut (i32, bool)| -> Res<()> {
        let i = (stream - first) as usize;
        let spec = CheckSpec {
            base: base[i],
            dv: dv[i],
            critical,
        };
        let mut rng = fray_dice::Rng::new(seed, stream);
        let r = red::check(&mut rng, &spec, None)?;
        *slot = (r.total, r.success);
        Ok(())
    };
    in_blocks(py, &mut out, first, |start, block| {
        par_items(block, start, workers, &item)
    })?;
    Ok((
        PyArray1::from_vec(py, out.iter().map(|o| o.0).collect()),
        PyArray1::from_vec(py, out.iter().map(|o| o.1).collect()),
    ))
}

/// Adds the RED functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(red_check, m)?)?;
    m.add_function(wrap_pyfunction!(red_check_batch, m)?)?;
    Ok(())
}
