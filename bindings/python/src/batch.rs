//! Batch work off the interpreter: blocks of items on worker threads, Ctrl-C between blocks.

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

/// Runs `work(first_index, block)` over `out` in blocks, detached from the interpreter, with
/// a signal check (Ctrl-C) between blocks. `first` is the index of `out[0]`.
pub fn in_blocks<T: Send>(
    py: Python<'_>,
    out: &mut [T],
    first: u64,
    mut work: impl FnMut(u64, &mut [T]) -> Res<()> + Send,
) -> PyResult<()> {
    let mut start = first;
    for block in out.chunks_mut(BLOCK) {
        let len = block.len() as u64;
        py.detach(|| guard(|| work(start, block)))?;
        py.check_signals()?;
        start += len;
    }
    Ok(())
}

/// Fills `out` item by item on `threads` threads: `item(index, slot)` with `index` counted
/// from `first`. On failure, the error of the lowest failing index, so errors do not depend
/// on the thread count either.
pub fn par_items<T: Send>(
    out: &mut [T],
    first: u64,
    threads: usize,
    item: &(impl Fn(u64, &mut T) -> Res<()> + Sync),
) -> Res<()> {
    let chunk = out.len().div_ceil(threads.max(1)).max(1);
    let results: Vec<Result<(), (u64, Fail)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = out
            .chunks_mut(chunk)
            .enumerate()
            .map(|(c, part)| {
                let base = first + (c * chunk) as u64;
                scope.spawn(move || {
                    for (i, slot) in part.iter_mut().enumerate() {
                        let index = base + i as u64;
                        guard(|| item(index, slot)).map_err(|e| (index, e))?;
                    }
                    Ok(())
                })
            })
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
