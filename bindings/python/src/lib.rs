//! # fray-python
//!
//! ## Overview
//! The native module `fray._fray` behind the Python package `fray`. It is a thin layer: dice,
//! exact odds, encounters, replays and simulations come from the Rust crates; this module only
//! moves data across (JSON text for setups, commands and events; tuples for small results;
//! numpy arrays for batches) and turns every Rust error into one of the package's exceptions.
//! The user-facing classes (`Roll`, `Odds`, `Encounter` …) live in `python/fray/`.
//!
//! Rules kept here:
//! - Batch work (sampled rolls, sampled checks, simulated fights) runs with the interpreter
//!   detached (`Python::detach`), so other Python threads go on meanwhile.
//! - Nothing panics into Python: every call into the Rust crates runs inside
//!   [`std::panic::catch_unwind`]; a panic (a bug) becomes `fray.FrayError` naming it.
//! - Trial *i* of every batch uses dice stream `first + i`, as everywhere in Fray, so a batch
//!   equals the per-call results for the same seed and streams, whatever the thread count.
//!
//! ## Example
//! ```python
//! import fray
//! fray.roll("4d6dl1", seed=7).total
//! fray.odds("3d8kh2+2")[18]          # Fraction(11, 256)
//! ```
#![deny(missing_docs)]

mod andromeda;
mod batch;
mod dice;
mod error;
mod harness;
mod red;
mod rulesets;
mod typed;

use pyo3::prelude::*;

/// The native module `fray._fray`.
#[pymodule]
fn _fray(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    dice::register(m)?;
    rulesets::register(m)?;
    typed::register(m)?;
    harness::register(m)?;
    andromeda::register(m)?;
    red::register(m)?;
    Ok(())
}
