//! Dice: the seeded generator, notation rolls with transcripts, batches and exact odds.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use fray_dice::{Depth, DieFate, DieRecord, Expr};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{IntoPyDict, PyBool, PyBytes, PyDict, PyString, PyTuple};

use crate::batch::{in_blocks, par_items, threads};
use crate::error::{check_len, guard, Fail, Res};

/// Most values one batch call returns (larger sweeps go in blocks of trial ids).
pub const MAX_BATCH: u64 = 100_000_000;

/// Exact odds: (canonical expression, the denominator's bytes (little-endian), the least
/// value, the counts from it on, the range the unresolved mass may take or None).
pub type OddsTuple = (String, Vec<u8>, i64, OddsCounts, Option<(i64, i64)>);

/// The counts of exact odds from the least value on, zeros included, in one object: a
/// list of ints when every count fits 64 bits, else `(slot bytes, bytes)` with each count
/// little-endian in a slot of that many bytes. One object, not one Python int per count,
/// crosses the boundary (thousands of big ints built one by one cost more than the odds),
/// and `fray.Odds` turns slots into ints only when its counts are read.
pub enum OddsCounts {
    Small(Vec<u64>),
    /// Slots of this many bytes, written straight into the Python bytes object (one
    /// allocation of the whole size, not two and a copy).
    Slots(usize, fray_dice::BigDistribution),
}

impl<'py> IntoPyObject<'py> for OddsCounts {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Self::Output> {
        Ok(match self {
            OddsCounts::Small(v) => v.into_pyobject(py)?.into_any(),
            OddsCounts::Slots(slot, dist) => {
                let len = (dist.max() - dist.min() + 1) as usize;
                let bytes = PyBytes::new_with(py, len * slot, |buf| {
                    // The buffer starts zeroed: only the words of each count are written.
                    for (v, c) in dist.iter() {
                        let at = (v - dist.min()) as usize * slot;
                        for (i, d) in c.iter_u64_digits().enumerate() {
                            buf[at + i * 8..at + i * 8 + 8].copy_from_slice(&d.to_le_bytes());
                        }
                    }
                    Ok(())
                })?;
                (slot, bytes).into_pyobject(py)?.into_any()
            }
        })
    }
}

/// The counts of `dist` from its least value on, as [`OddsCounts`].
fn odds_counts(dist: fray_dice::BigDistribution) -> OddsCounts {
    let words = dist
        .iter()
        .map(|(_, c)| c.iter_u64_digits().len())
        .max()
        .unwrap_or(1);
    if words > 1 {
        return OddsCounts::Slots(words * 8, dist);
    }
    let len = if dist.is_empty() {
        0
    } else {
        (dist.max() - dist.min() + 1) as usize
    };
    let mut small = vec![0u64; len];
    for (v, c) in dist.iter() {
        small[(v - dist.min()) as usize] = c.iter_u64_digits().next().unwrap_or(0);
    }
    OddsCounts::Small(small)
}

fn fate(f: DieFate) -> &'static str {
    match f {
        DieFate::Kept => "kept",
        DieFate::Dropped => "dropped",
        DieFate::Rerolled => "rerolled",
    }
}

fn parse(expression: &str) -> Res<Expr> {
    guard(|| Ok(Expr::parse(expression)?))
}

/// One physical die of a roll, as it fell.
#[pyclass(module = "fray._fray", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Die {
    /// The pool it belongs to ("4d6dl1") or what it was for.
    #[pyo3(get)]
    label: String,
    /// Which die of its pool (explosions and rerolls share their die's group).
    #[pyo3(get)]
    group: u32,
    /// Faces of the die.
    #[pyo3(get)]
    sides: u32,
    /// The face it showed.
    #[pyo3(get)]
    value: u32,
    /// "kept", "dropped" (by keep/drop) or "rerolled".
    #[pyo3(get)]
    fate: &'static str,
    /// Whether this face added another die to its group.
    #[pyo3(get)]
    exploded: bool,
}

impl From<DieRecord> for Die {
    fn from(d: DieRecord) -> Self {
        Die {
            label: d.label,
            group: d.group,
            sides: d.sides,
            value: d.value,
            fate: fate(d.fate),
            exploded: d.exploded,
        }
    }
}

#[pymethods]
impl Die {
    /// The die as a plain dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("label", &self.label)?;
        d.set_item("group", self.group)?;
        d.set_item("sides", self.sides)?;
        d.set_item("value", self.value)?;
        d.set_item("fate", self.fate)?;
        d.set_item("exploded", self.exploded)?;
        Ok(d)
    }

    fn __str__(&self) -> String {
        let mark = match self.fate {
            "dropped" => " dropped",
            "rerolled" => " rerolled",
            _ => "",
        };
        format!(
            "{}{}{mark}",
            self.value,
            if self.exploded { "!" } else { "" }
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Die(label={:?}, group={}, sides={}, value={}, fate={:?}, exploded={})",
            self.label,
            self.group,
            self.sides,
            self.value,
            self.fate,
            if self.exploded { "True" } else { "False" }
        )
    }
}

/// Where a roll's dice began: the start of a stream (`fray.roll`, rebuilt from two words when
/// needed) or a position inside one (`Rng.roll_expr`, a copy of the generator). Keeping the
/// common case small keeps `fray.roll` from copying a whole generator (about 300 bytes).
enum Start {
    Stream { seed: u64, stream: u64 },
    At(Box<fray_dice::Rng>),
}

impl Start {
    /// The generator as it was before the roll.
    fn rng(&self) -> fray_dice::Rng {
        match self {
            Start::Stream { seed, stream } => fray_dice::Rng::new(*seed, *stream),
            Start::At(rng) => (**rng).clone(),
        }
    }

    fn seed(&self) -> u64 {
        match self {
            Start::Stream { seed, .. } => *seed,
            Start::At(rng) => rng.seed(),
        }
    }

    fn stream(&self) -> u64 {
        match self {
            Start::Stream { stream, .. } => *stream,
            Start::At(rng) => rng.stream(),
        }
    }

    fn word_pos(&self) -> u128 {
        match self {
            Start::Stream { .. } => 0,
            Start::At(rng) => rng.word_pos(),
        }
    }
}

/// The result of rolling dice notation: the total and every die, with the seed and stream
/// that reproduce it (`fray.roll(r.expression, seed=r.seed, stream=r.stream)`).
///
/// The dice are recorded on first access of `dice` by rolling again from the same position
/// of the same stream, so a roll whose dice are never looked at costs no transcript.
// Rolls are made and dropped at a high rate: freed ones are kept for reuse (`freelist`).
#[pyclass(module = "fray._fray", frozen, freelist = 64)]
pub struct Roll {
    expr: Arc<Expr>,
    start: Start,
    /// The result.
    #[pyo3(get)]
    total: i64,
    dice: std::sync::OnceLock<Py<PyTuple>>,
}

impl Roll {
    /// Rolls `expr` on `rng`, which stands at `start`.
    fn make(expr: Arc<Expr>, start: Start, rng: &mut fray_dice::Rng) -> Res<Roll> {
        let total = guard(|| Ok(expr.roll(rng, None)?))?;
        Ok(Roll {
            expr,
            start,
            total,
            dice: std::sync::OnceLock::new(),
        })
    }

    fn key(&self) -> (String, i64, u64, u64, u128) {
        (
            self.expr.to_string(),
            self.total,
            self.start.seed(),
            self.start.stream(),
            self.start.word_pos(),
        )
    }
}

#[pymethods]
impl Roll {
    /// The expression in canonical form.
    #[getter]
    fn expression(&self) -> String {
        self.expr.to_string()
    }

    /// The dice seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.start.seed()
    }

    /// The dice stream.
    #[getter]
    fn stream(&self) -> u64 {
        self.start.stream()
    }

    /// Every die in the order it was drawn (a tuple of `Die`).
    #[getter]
    fn dice<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if let Some(t) = self.dice.get() {
            return Ok(t.bind(py).clone());
        }
        let mut rng = self.start.rng();
        let roll = guard(|| Ok(self.expr.roll_with_transcript(&mut rng)?))?;
        let dice: Vec<Die> = roll.transcript.dice.into_iter().map(Die::from).collect();
        let tuple = PyTuple::new(py, dice)?;
        let _ = self.dice.set(tuple.clone().unbind());
        Ok(tuple)
    }

    fn __int__(&self) -> i64 {
        self.total
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<Roll>()
            .is_ok_and(|o| o.get().key() == self.key())
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        std::hash::Hash::hash(&self.key(), &mut h);
        h.finish()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let dice = self.dice(py)?;
        let shown: Vec<String> = dice
            .iter()
            .map(|d| d.str().map(|s| s.to_string()))
            .collect::<PyResult<_>>()?;
        Ok(format!(
            "Roll('{}' = {}: [{}], seed={}, stream={})",
            self.expr,
            self.total,
            shown.join(", "),
            self.start.seed(),
            self.start.stream()
        ))
    }

    /// The roll as plain data (JSON-ready).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("expression", self.expr.to_string())?;
        d.set_item("total", self.total)?;
        d.set_item("seed", self.start.seed())?;
        d.set_item("stream", self.start.stream())?;
        let dice: Vec<Bound<'py, PyDict>> = self
            .dice(py)?
            .iter()
            .map(|die| die.cast::<Die>().map_err(PyErr::from)?.get().to_dict(py))
            .collect::<PyResult<_>>()?;
        d.set_item("dice", dice)?;
        Ok(d)
    }
}

/// A u64 argument, or `InvalidInput` saying what is allowed.
fn u64_arg(value: &Bound<'_, PyAny>, name: &str) -> Res<u64> {
    if !value.is_instance_of::<PyBool>() {
        if let Ok(v) = value.extract::<u64>() {
            return Ok(v);
        }
    }
    let shown = value
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    Err(Fail::Invalid(format!(
        "{name} must be an integer in 0 .. 2**64 - 1, got {shown}"
    )))
}

/// Fresh seeds for calls made without one: SplitMix64's output function (a bijection) of a
/// per-process key plus a counter, so seeds never repeat within a process and cost a few
/// nanoseconds (an OS random draw per call, as `secrets` does, costs most of a microsecond).
/// The key mixes the OS-seeded hasher keys with the process id and the clock, and a forked
/// child makes a new one (`os.register_at_fork`, see [`register`]), so a parent and its
/// children never hand out the same seeds. The seed is recorded in every result, so such
/// rolls replay.
static SEED_KEY: AtomicU64 = AtomicU64::new(0);
static SEED_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Makes this process's seed key (at import, and in a child after `os.fork`).
#[pyfunction]
fn renew_seed_key() {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u32(std::process::id());
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    SEED_KEY.store(h.finish(), Ordering::Relaxed);
}

/// A fresh random seed for a call made without one: never repeats within a process, and a
/// forked child draws other seeds than its parent.
#[pyfunction]
fn fresh_seed() -> u64 {
    const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
    let n = SEED_COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut z = SEED_KEY
        .load(Ordering::Relaxed)
        .wrapping_add(n.wrapping_mul(GOLDEN));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn expression_arg(expression: &Bound<'_, PyAny>) -> Res<Arc<Expr>> {
    let text = expression.cast::<PyString>().map_err(|_| {
        Fail::Invalid(format!(
            "expression must be a str of dice notation such as \"2d6+1\", got {}",
            expression
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        ))
    })?;
    parse_cached(text)
}

/// Expressions kept parsed per thread: enough for the handful a notebook or a game loop rolls
/// over and over, small enough that a linear search beats hashing.
const PARSED: usize = 16;

/// A cached parse: the str it came from (held, so it stays alive and its address is not reused
/// while cached) and the expression.
type Parsed = (Py<PyString>, Arc<Expr>);

thread_local! {
    /// Recently parsed expressions, newest first (parsing is a pure function of the text, so a
    /// cached `Expr` rolls exactly as a fresh parse would).
    static PARSED_CACHE: RefCell<VecDeque<Parsed>> = const { RefCell::new(VecDeque::new()) };
}

/// The parsed expression of `text`. The same str object again (a literal in a loop) is found
/// by identity without reading the text; another str with the same text by comparing texts.
fn parse_cached(text: &Bound<'_, PyString>) -> Res<Arc<Expr>> {
    let by_object = PARSED_CACHE.with_borrow(|cache| {
        cache
            .iter()
            .find(|(s, _)| s.as_ptr() == text.as_ptr())
            .map(|(_, expr)| Arc::clone(expr))
    });
    if let Some(expr) = by_object {
        return Ok(expr);
    }
    let py = text.py();
    let notation = text
        .to_str()
        .map_err(|e| Fail::Invalid(format!("expression is not valid text: {e}")))?;
    let key = text.clone().unbind();
    let by_text = PARSED_CACHE.with_borrow_mut(|cache| {
        let entry = cache
            .iter_mut()
            .find(|(s, _)| s.bind(py).to_str().is_ok_and(|s| s == notation))?;
        // The newest str object of this text is the one found by identity next time.
        Some((
            Arc::clone(&entry.1),
            std::mem::replace(&mut entry.0, key.clone_ref(py)),
        ))
    });
    // Old keys are dropped outside the borrow: freeing a str subclass may run Python code
    // that rolls.
    if let Some((expr, _old_key)) = by_text {
        return Ok(expr);
    }
    let expr = Arc::new(parse(notation)?);
    let _evicted = PARSED_CACHE.with_borrow_mut(|cache| {
        let evicted = (cache.len() == PARSED).then(|| cache.pop_back());
        cache.push_front((key, Arc::clone(&expr)));
        evicted
    });
    Ok(expr)
}

/// The seeded dice generator: ChaCha8 keyed by (seed, stream).
///
/// The same seed and stream give the same dice in Rust, C, C# and Python. A generator draws
/// its dice in order, so it belongs to one thread at a time: a call made while another one is
/// drawing (another thread's `batch`, which runs detached) raises `InvalidInput` and draws
/// nothing, instead of waiting and letting thread timing decide the order of the dice.
#[pyclass(module = "fray._fray", frozen)]
pub struct Rng {
    seed: u64,
    stream: u64,
    /// Taken with `try_lock` only: never waited for (see above).
    inner: Mutex<fray_dice::Rng>,
}

impl Rng {
    /// The generator, or `InvalidInput` when another call is drawing from it.
    fn draw(&self) -> Res<MutexGuard<'_, fray_dice::Rng>> {
        match self.inner.try_lock() {
            Ok(rng) => Ok(rng),
            // Draws run inside `guard`, so a panic cannot leave a half-drawn generator.
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(Fail::Invalid(format!(
                "this Rng (seed={}, stream={}) is in use by another thread; its dice would \
                 depend on thread timing, so give each thread its own Rng, e.g. \
                 fray.Rng(seed, stream=i) on thread i",
                self.seed, self.stream
            ))),
        }
    }
}

#[pymethods]
impl Rng {
    /// The generator for `seed` on `stream` (both 0 ..= 2**64 - 1).
    #[new]
    #[pyo3(signature = (seed, stream = 0))]
    fn new(seed: u64, stream: u64) -> Self {
        Rng {
            seed,
            stream,
            inner: Mutex::new(fray_dice::Rng::new(seed, stream)),
        }
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The stream.
    #[getter]
    fn stream(&self) -> u64 {
        self.stream
    }

    /// 32-bit words drawn so far (the position in the stream).
    #[getter]
    fn position(&self) -> PyResult<u128> {
        Ok(self.draw()?.word_pos())
    }

    /// One die with `sides` faces (1 ..= sides).
    fn roll(&self, sides: u32) -> PyResult<u32> {
        let mut rng = self.draw()?;
        Ok(guard(|| Ok(fray_dice::Dice::roll(&mut *rng, sides)?))?)
    }

    /// The binary K die: 0 or 1.
    fn k_die(&self) -> PyResult<u32> {
        Ok(self.draw()?.k_die())
    }

    /// `n` dice with `sides` faces drawn in order from this stream, as a uint32 array.
    /// Equal to `n` calls of `roll(sides)`. Runs with the interpreter detached.
    fn batch<'py>(
        &self,
        py: Python<'py>,
        sides: u32,
        n: u64,
    ) -> PyResult<Bound<'py, PyArray1<u32>>> {
        if sides == 0 {
            return Err(Fail::Invalid("a die needs at least 1 side (got d0)".into()).into());
        }
        let len = check_len(n, MAX_BATCH, "n")?;
        let mut rng = self.draw()?;
        let rng = &mut *rng;
        let mut out = vec![0u32; len];
        in_blocks(py, &mut out[..], 0, |_, block| Ok(rng.fill(sides, block)?))?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Rolls dice notation on this generator (advancing it).
    fn roll_expr(&self, expression: &Bound<'_, PyAny>) -> PyResult<Roll> {
        let expr = expression_arg(expression)?;
        let mut rng = self.draw()?;
        let start = Start::At(Box::new(rng.clone()));
        Ok(Roll::make(expr, start, &mut rng)?)
    }

    fn __repr__(&self) -> String {
        let position = self
            .draw()
            .map_or_else(|_| "in use".to_owned(), |rng| rng.word_pos().to_string());
        format!(
            "Rng(seed={}, stream={}, position={position})",
            self.seed, self.stream
        )
    }
}

/// Rolls dice notation ("4d6dl1", "3d8kh2+2", "1d10!", "6d6>=5" …) on dice (seed, stream).
/// Without a seed a fresh one is drawn and recorded in the result. Raises
/// fray.InvalidInput for notation that does not parse (the message names the column) or
/// exceeds a limit.
#[pyfunction]
#[pyo3(signature = (expression, *, seed = None, stream = None))]
fn roll(
    expression: &Bound<'_, PyAny>,
    seed: Option<&Bound<'_, PyAny>>,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<Roll> {
    let seed = match seed {
        Some(s) if !s.is_none() => u64_arg(s, "seed")?,
        _ => fresh_seed(),
    };
    let stream = match stream {
        Some(s) => u64_arg(s, "stream")?,
        None => 0,
    };
    let expr = expression_arg(expression)?;
    let start = Start::Stream { seed, stream };
    let mut rng = start.rng();
    Ok(Roll::make(expr, start, &mut rng)?)
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
    let item =
        |stream: u64| -> Res<i64> { Ok(expr.roll(&mut fray_dice::Rng::new(seed, stream), None)?) };
    in_blocks(py, &mut out[..], first, |start, block| {
        par_items(block, start, workers, &item)
    })?;
    Ok(PyArray1::from_vec(py, out))
}

/// Exact odds of dice notation, as `fray odds` computes them (`Expr::odds`): counts of any
/// size, exploding dice followed until at most 2^-64 is unresolved or `depth` extra dice deep.
#[pyfunction]
#[pyo3(signature = (expression, depth=None))]
fn odds(py: Python<'_>, expression: &str, depth: Option<u32>) -> PyResult<OddsTuple> {
    let expr = parse(expression)?;
    let depth = depth.map_or(Depth::default(), Depth::Levels);
    let result = py.detach(|| {
        guard(|| {
            let dist = expr.odds_with(depth)?;
            let (denominator, min) = (dist.denominator().to_bytes_le(), dist.min());
            let unresolved_range = dist.unresolved_range();
            Ok((
                expr.to_string(),
                denominator,
                min,
                odds_counts(dist),
                unresolved_range,
            ))
        })
    })?;
    Ok(result)
}

/// Adds the dice functions and classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rng>()?;
    m.add_class::<Roll>()?;
    m.add_class::<Die>()?;
    m.add_function(wrap_pyfunction!(roll, m)?)?;
    m.add_function(wrap_pyfunction!(roll_batch, m)?)?;
    m.add_function(wrap_pyfunction!(odds, m)?)?;
    m.add_function(wrap_pyfunction!(fresh_seed, m)?)?;
    renew_seed_key();
    let os = m.py().import("os")?;
    // Not on Windows, which has no fork.
    if let Ok(at_fork) = os.getattr("register_at_fork") {
        let hook =
            [("after_in_child", wrap_pyfunction!(renew_seed_key, m)?)].into_py_dict(m.py())?;
        at_fork.call((), Some(&hook))?;
    }
    m.add("MAX_BATCH", MAX_BATCH)?;
    Ok(())
}
