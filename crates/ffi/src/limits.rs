//! The documented bounds of every length, count, thread and trial argument, exported as
//! macros of `fray.h`. Each is checked before any allocation or pointer arithmetic; a value
//! above is `FRAY_LIMIT` (and changes nothing). The ones the dice core enforces itself are
//! restated here as literals for cbindgen, and a test checks they agree.

/// Most bytes of any string argument (setups, commands, replays, odds specs, ruleset ids):
/// 8 MiB. Longer is `FRAY_LIMIT`, refused before a byte is read.
pub const FRAY_MAX_JSON_BYTES: usize = 8_388_608;

/// Most bytes of dice notation (`fray_roll`, `fray_odds_json`, …).
pub const FRAY_MAX_NOTATION_BYTES: usize = 1_000;

/// Deepest nesting of parentheses in dice notation.
pub const FRAY_MAX_NOTATION_NESTING: usize = 64;

/// Most dice one expression or pool may roll.
pub const FRAY_MAX_DICE: u32 = 10_000;

/// Most elements of a caller's array (`count` of every `_batch`, `len` of `fray_rng_fill`).
/// The array's size in bytes (`count * sizeof(element)`) must also be at most
/// `PTRDIFF_MAX`, else `FRAY_INVALID_ARGUMENT`; both are checked before the array is touched.
pub const FRAY_MAX_BATCH: usize = 1_000_000_000;

/// Most trials of one `fray_simulate_json`.
pub const FRAY_MAX_TRIALS: u64 = 1_000_000_000;

/// Most threads one `fray_simulate_json` may ask for. The library never starts more threads
/// than there are trials.
pub const FRAY_MAX_THREADS: u32 = 256;

/// Largest stat of `fray_hunt_stat_test` (INT32_MAX), so that `margin = stat − roll` always
/// fits its `int32_t`; a larger stat is `FRAY_INVALID_ARGUMENT`.
pub const FRAY_HUNT_MAX_STAT: u32 = 2_147_483_647;
