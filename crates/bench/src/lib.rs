//! Benchmarks of Fray as a whole, run by `scripts/bench`: raw dice live in `fray-dice`'s own
//! bench; this crate measures each ruleset's hot-path check (single and batch), whole demo
//! fights on one and two threads, exact odds, and the C ABI typed call against the direct
//! Rust call — all with criterion, so the script can put them in one table of ratios.
//!
//! The library itself is empty on purpose; the benches are under `benches/`.
#![deny(missing_docs)]
