//! Dice: the seeded generator, notation rolls with transcripts, batches and exact odds.

use fray_dice::{DieFate, Expr, Roll};
use numpy::PyArray1;
use pyo3::prelude::*;

use crate::batch::{in_blocks, par_items, threads};
use crate::error::{check_len, guard, Fail, Res};

/// Most values one batch call returns (larger sweeps go in blocks of trial ids).
pub const MAX_BATCH: u64 = 100_000_000;

/// One die of a transcript: (label, group, sides, value, fate, exploded).
pub type DieTuple = (String, u32, u32, u32, &'static str, bool);
/// A roll: (canonical expression, total, dice).
pub type RollTuple = (String, i64, Vec<DieTuple>);
/// Exact odds: (canonical expression, denominator, [(value, count)]).
pub type OddsTuple = (String, u128, Vec<(i64, u128)>);

fn fate(f: DieFate) -> &'static str {
    match f {
        DieFate::Kept => "kept",
        DieFate::Dropped => "dropped",
        DieFate::Rerolled => "rerolled",
    }
}

fn roll_tuple(roll: Roll) -> RollTuple {
    let dice = roll
        .transcript
        .dice
        .into_iter()
        .map(|d| (d.label, d.group, d.sides, d.value, fate(d.fate), d.exploded))
        .collect();
    (roll.expression, roll.total, dice)
}

fn parse(expression: &str) -> Res<Expr> {
    guard(|| Ok(Expr::parse(expression)?))
}

/// The seeded dice generator: ChaCha8 keyed by (seed, stream).
///
/// The same seed and stream give the same dice in Rust, C, C# and Python.
#[pyclass(module = "fray._fray")]
pub struct Rng {
    inner: fray_dice::Rng,
}

#[pymethods]
impl Rng {
    /// The generator for `seed` on `stream` (both 0 ..= 2**64 - 1).
    #[new]
    #[pyo3(signature = (seed, stream = 0))]
    fn new(seed: u64, stream: u64) -> Self {
        Rng {
            inner: fray_dice::Rng::new(seed, stream),
        }
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.inner.seed()
    }

    /// The stream.
    #[getter]
    fn stream(&self) -> u64 {
        self.inner.stream()
    }

    /// 32-bit words drawn so far (the position in the stream).
    #[getter]
    fn position(&self) -> u128 {
        self.inner.word_pos()
    }

    /// One die with `sides` faces (1 ..= sides).
    fn roll(&mut self, sides: u32) -> PyResult<u32> {
        Ok(guard(|| {
            Ok(fray_dice::Dice::roll(&mut self.inner, sides)?)
        })?)
    }

    /// The binary K die: 0 or 1.
    fn k_die(&mut self) -> u32 {
        self.inner.k_die()
    }

    /// `n` dice with `sides` faces drawn in order from this stream, as a uint32 array.
    /// Equal to `n` calls of `roll(sides)`. Runs with the interpreter detached.
    fn batch<'py>(
        &mut self,
        py: Python<'py>,
        sides: u32,
        n: u64,
    ) -> PyResult<Bound<'py, PyArray1<u32>>> {
        if sides == 0 {
            return Err(Fail::Invalid("a die needs at least 1 side (got d0)".into()).into());
        }
        let mut out = vec![0u32; check_len(n, MAX_BATCH, "n")?];
        let rng = &mut self.inner;
        in_blocks(py, &mut out, 0, |_, block| Ok(rng.fill(sides, block)?))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Rolls dice notation on this stream: (expression, total, dice).
    fn roll_expr(&mut self, expression: &str) -> PyResult<RollTuple> {
        let expr = parse(expression)?;
        Ok(guard(|| {
            Ok(roll_tuple(expr.roll_with_transcript(&mut self.inner)?))
        })?)
    }

    fn __repr__(&self) -> String {
        format!(
            "Rng(seed={}, stream={}, position={})",
            self.inner.seed(),
            self.inner.stream(),
            self.inner.word_pos()
        )
    }
}

/// Rolls dice notation on (seed, stream): (expression, total, dice).
#[pyfunction]
fn roll(expression: &str, seed: u64, stream: u64) -> PyResult<RollTuple> {
    let expr = parse(expression)?;
    let mut rng = fray_dice::Rng::new(seed, stream);
    Ok(guard(|| {
        Ok(roll_tuple(expr.roll_with_transcript(&mut rng)?))
    })?)
}

/// Totals of `n` rolls of `expression`, roll i on stream `first + i`, as an int64 array.
#[pyfunction]
fn roll_batch<'py>(
    py: Python<'py>,
    expression: &str,
    seed: u64,
    first: u64,
    n: u64,
    threads_wanted: usize,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    let expr = parse(expression)?;
    let mut out = vec![0i64; check_len(n, MAX_BATCH, "n")?];
    let workers = threads(threads_wanted);
    let item = |stream: u64, slot: &mut i64| -> Res<()> {
        let mut rng = fray_dice::Rng::new(seed, stream);
        *slot = expr.roll(&mut rng, None)?;
        Ok(())
    };
    in_blocks(py, &mut out, first, |start, block| {
        par_items(block, start, workers, &item)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Exact odds of dice notation: (expression, denominator, [(value, count)]).
#[pyfunction]
fn odds(py: Python<'_>, expression: &str) -> PyResult<OddsTuple> {
    let expr = parse(expression)?;
    let result = py.detach(|| {
        guard(|| {
            let dist = expr.distribution()?;
            Ok((expr.to_string(), dist.denominator(), dist.iter().collect()))
        })
    })?;
    Ok(result)
}

/// Adds the dice functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rng>()?;
    m.add_function(wrap_pyfunction!(roll, m)?)?;
    m.add_function(wrap_pyfunction!(roll_batch, m)?)?;
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    m.add("MAX_BATCH", MAX_BATCH)?;
    Ok(())
}
