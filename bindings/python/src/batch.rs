//! Batch work off the interpreter: blocks of items on worker threads, Ctrl-C between blocks.

use numpy::{Element, PyReadonlyArray1};
use pyo3::prelude::*;

use crate::error::{guard, Fail, Res};

/// Items per block; after each block the interpreter is re-attached to check for signals.
const BLOCK: usize = 1 << 18;

/// Worker threads for a request: 0 means every core.
pub fn threads(requested: usize) -> usize {
    if requested == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        requested
    }
}

/// Where a batch writes: one slice per output column (all of one length), split together into
/// blocks and per-thread parts. Each item's values go straight into the arrays handed to
/// numpy, with no array of rows to copy out of afterwards.
pub trait Columns: Sized + Send {
    /// One item's values, one per column.
    type Row;
    /// Items.
    fn len(&self) -> usize;
    /// The first `mid` items and the rest.
    fn split_at(self, mid: usize) -> (Self, Self);
    /// Writes item `i`.
    fn set(&mut self, i: usize, row: Self::Row);
}

impl<T: Send> Columns for &mut [T] {
    type Row = T;
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid)
    }
    fn set(&mut self, i: usize, row: T) {
        self[i] = row;
    }
}

impl<A: Columns, B: Columns> Columns for (A, B) {
    type Row = (A::Row, B::Row);
    fn len(&self) -> usize {
        self.0.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a0, a1) = self.0.split_at(mid);
        let (b0, b1) = self.1.split_at(mid);
        ((a0, b0), (a1, b1))
    }
    fn set(&mut self, i: usize, row: Self::Row) {
        self.0.set(i, row.0);
        self.1.set(i, row.1);
    }
}

impl<A: Columns, B: Columns, C: Columns> Columns for (A, B, C) {
    type Row = (A::Row, B::Row, C::Row);
    fn len(&self) -> usize {
        self.0.len()
    }
    fn split_at(self, mid: usize) -> (Self, Self) {
        let (a0, a1) = self.0.split_at(mid);
        let (b0, b1) = self.1.split_at(mid);
        let (c0, c1) = self.2.split_at(mid);
        ((a0, b0, c0), (a1, b1, c1))
    }
    fn set(&mut self, i: usize, row: Self::Row) {
        self.0.set(i, row.0);
        self.1.set(i, row.1);
        self.2.set(i, row.2);
    }
}

/// A per-trial parameter of a batch: one value for every trial (a scalar, passed once rather
/// than as `n` copies) or one value per trial.
pub enum Param<T> {
    /// The same value for every trial.
    One(T),
    /// Trial i's value at i (a copy, so no Python code can change it while workers read it).
    Each(Vec<T>),
}

impl<T: Element + Copy> Param<T> {
    /// The parameter `name` from a contiguous array of 1 value, or of one per trial of `n`.
    pub fn new(array: &PyReadonlyArray1<'_, T>, n: usize, name: &str) -> Res<Self> {
        let values = array
            .as_slice()
            .map_err(|e| Fail::Invalid(format!("{name}: {e}")))?;
        match values {
            [one] => Ok(Param::One(*one)),
            each if each.len() == n => Ok(Param::Each(each.to_vec())),
            other => Err(Fail::Invalid(format!(
                "{name} must hold 1 value or one per trial ({n}), got {}",
                other.len()
            ))),
        }
    }

    /// Trial i's value.
    #[inline]
    pub fn get(&self, i: usize) -> T {
        match self {
            Param::One(v) => *v,
            Param::Each(values) => values[i],
        }
    }
}

/// Runs `work(first_index, block)` over `out` in blocks, detached from the interpreter, with
/// a signal check (Ctrl-C) between blocks. `first` is the index of the first item of `out`.
pub fn in_blocks<C: Columns>(
    py: Python<'_>,
    mut out: C,
    first: u64,
    mut work: impl FnMut(u64, C) -> Res<()> + Send,
) -> PyResult<()> {
    let mut start = first;
    while out.len() > 0 {
        let mid = out.len().min(BLOCK);
        let (block, rest) = out.split_at(mid);
        let len = block.len() as u64;
        py.detach(|| guard(|| work(start, block)))?;
        py.check_signals()?;
        start += len;
        out = rest;
    }
    Ok(())
}

/// Fills `out` item by item on `threads` threads with `item(index)`, `index` counted from
/// `first`. On failure, the error of the lowest failing index, so errors do not depend on the
/// thread count either. One thread runs here, without spawning one.
pub fn par_items<C: Columns>(
    out: C,
    first: u64,
    threads: usize,
    item: &(impl Fn(u64) -> Res<C::Row> + Sync),
) -> Res<()> {
    // One panic guard per part rather than per item (a call per item costs ~3 % of a
    // check); `at` tells which item a panic came from.
    let run = |mut part: C, base: u64| -> Result<(), (u64, Fail)> {
        let mut at = base;
        guard(|| {
            for i in 0..part.len() {
                at = base + i as u64;
                part.set(i, item(at)?);
            }
            Ok(())
        })
        .map_err(|e| (at, e))
    };
    if threads <= 1 {
        return run(out, first).map_err(|(_, e)| e);
    }
    let chunk = out.len().div_ceil(threads).max(1);
    let mut parts = Vec::with_capacity(threads);
    let (mut rest, mut base) = (out, first);
    while rest.len() > chunk {
        let (part, tail) = rest.split_at(chunk);
        parts.push((part, base));
        (rest, base) = (tail, base + chunk as u64);
    }
    parts.push((rest, base));
    let run = &run;
    let results: Vec<Result<(), (u64, Fail)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|(part, base)| scope.spawn(move || run(part, base)))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err((0, Fail::Internal("a batch worker thread panicked".into())))
                })
            })
            .collect()
    });
    match results
        .into_iter()
        .filter_map(Result::err)
        .min_by_key(|(index, _)| *index)
    {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}
