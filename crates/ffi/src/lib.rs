//! # fray-ffi
//!
//! ## Overview
//! The C ABI of Fray, built as `libfray` (shared and static) with the header
//! `include/fray.h`, which `cargo xtask header` generates from this crate with cbindgen.
//! It is the only crate that knows about C. The conventions follow rustls-ffi:
//!
//! - Every call returns a [`fray_result`] (`FRAY_OK` = 0); results go to out-parameters that
//!   are written only on success. [`fray_error_message`] gives a code's fixed text and
//!   [`fray_last_error`] the detail of the thread's last failure.
//! - Opaque handles ([`fray_rng`], [`fray_encounter`]) with `_new` / `_free`; `_free(NULL)`
//!   is a no-op. A handle is a generation-checked entry of a registry, never an address, so
//!   a handle used after its free, freed twice, or of the wrong kind is `FRAY_INVALID_HANDLE`.
//!   Strings the library returns are freed with [`fray_string_free`], which refuses a string
//!   freed already.
//! - Threads: every function may be called from several threads at once (the only global
//!   state is tables built once behind `OnceLock`/`LazyLock` and the thread-local last
//!   error). A handle may move between threads (it is `Send`) but is used through `&mut`, so
//!   never by two at once: each thread its own. Inputs behind const pointers are only read,
//!   so concurrent calls may share them.
//! - Every pointer is checked for NULL; every body runs inside `catch_unwind`, so a panic
//!   becomes `FRAY_PANIC` and never unwinds into C, and prints nothing unless the host asks
//!   ([`fray_set_panic_output`]). Strings are UTF-8 with explicit lengths.
//! - Every length, count, thread and trial argument has a bound (the `FRAY_MAX_*` macros),
//!   checked before any allocation or pointer arithmetic.
//! - Encounters of every ruleset in the facade's `fray::rulesets()` share one JSON surface
//!   ([`fray_encounter_new`], [`fray_encounter_apply`], …); hot paths are typed
//!   ([`fray_andromeda_check`], [`fray_red_check`], [`fray_age_test`],
//!   [`fray_better_world_check`], [`fray_hunt_stat_test`] and their batch forms fill
//!   `#[repr(C)]` structs).
//!
//! ## Example
//! The functions are plain `extern "C"` functions, so Rust can call them too:
//! ```
//! use fray::{fray_rng_free, fray_rng_new, fray_rng_roll, fray_roll, FRAY_OK, FRAY_PARSE};
//!
//! let mut rng = std::ptr::null_mut();
//! assert_eq!(fray_rng_new(42, 0, &mut rng), FRAY_OK);
//! let mut face = 0u32;
//! assert_eq!(fray_rng_roll(rng, 20, &mut face), FRAY_OK);
//! assert!((1..=20).contains(&face));
//! let mut total = 0i64;
//! let bad = "2d";
//! assert_eq!(fray_roll(rng, bad.as_ptr().cast(), bad.len(), &mut total), FRAY_PARSE);
//! assert_eq!(total, 0); // not written on failure
//! fray_rng_free(rng);
//! ```
//!
//! ## Safety
//! The library checks what a C API can check: pointers for NULL, handles and returned
//! strings for liveness, lengths for size, strings for UTF-8, JSON for shape, enum values for
//! range. It cannot detect a dangling pointer to the caller's own memory, a length longer
//! than the caller's buffer or a handle used from two threads at once. `unsafe` is confined
//! to the `boundary` and `handles` modules, where each block says what it relies on.
// The C ABI needs `unsafe` to read caller memory and hand out raw handles; the workspace
// denies it everywhere else. Every block lives in `boundary.rs` or `handles.rs` with a
// SAFETY comment.
#![allow(unsafe_code)]
// Names follow C conventions (`fray_result`, `FRAY_OK`) because they are the header's names.
#![allow(non_camel_case_types)]
#![deny(missing_docs)]

mod andromeda;
mod boundary;
mod dice;
mod encounter;
mod general;
mod handles;
mod limits;
mod rulesets;
mod typed;

pub use andromeda::{
    fray_andromeda_check, fray_andromeda_check_batch, fray_andromeda_check_result,
    fray_andromeda_check_spec, fray_andromeda_default_spec, FRAY_ANDROMEDA_ADVANTAGE_EXTRA_DICE,
    FRAY_ANDROMEDA_ADVANTAGE_FLAT, FRAY_ANDROMEDA_EDGE_ADVANTAGE, FRAY_ANDROMEDA_EDGE_DISADVANTAGE,
    FRAY_ANDROMEDA_EDGE_NORMAL, FRAY_ANDROMEDA_MAX_DICE,
};
pub use boundary::*;
pub use dice::{
    fray_odds_depth_json, fray_odds_json, fray_rng, fray_rng_fill, fray_rng_free, fray_rng_k_die,
    fray_rng_new, fray_rng_roll, fray_roll, fray_roll_batch, fray_roll_json,
};
pub use encounter::{
    fray_encounter, fray_encounter_apply, fray_encounter_events_json, fray_encounter_free,
    fray_encounter_new, fray_encounter_replay_json, fray_encounter_ruleset,
    fray_encounter_state_json, fray_encounter_suggest,
};
#[cfg(feature = "test-hooks")]
pub use general::fray_test_panic;
pub use general::{
    fray_error_message, fray_last_error, fray_last_error_rule, fray_set_panic_output,
    fray_string_free, fray_version,
};
pub use limits::*;
pub use rulesets::{
    fray_demo_seed, fray_demo_setup_json, fray_describe_events, fray_replay_verify,
    fray_ruleset_count, fray_ruleset_id, fray_ruleset_odds_json, fray_rulesets_json,
    fray_setup_check_json, fray_simulate_json,
};
pub use typed::{
    fray_age_test, fray_age_test_batch, fray_age_test_result, fray_age_test_spec,
    fray_better_world_check, fray_better_world_check_batch, fray_better_world_check_result,
    fray_better_world_check_spec, fray_hunt_stat_test, fray_hunt_stat_test_batch,
    fray_hunt_test_result, fray_red_check, fray_red_check_batch, fray_red_check_result,
    fray_red_check_spec, FRAY_BETTER_WORLD_TIE_ACTOR_WINS, FRAY_BETTER_WORLD_TIE_DIFFICULTY_WINS,
};

#[cfg(test)]
mod tests;
