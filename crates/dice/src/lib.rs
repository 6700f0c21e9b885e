//! # fray-dice
//!
//! ## Overview
//! The dice core of Fray: every roll of every ruleset comes from here.
//!
//! - [`Rng`]: ChaCha8 keyed by `(seed, stream)`. Dice are mapped from raw 32-bit words by
//!   Lemire's nearly-divisionless method with rejection ([`Rng::below`]), never by `rand`'s
//!   distributions, so a dependency upgrade cannot change a roll. Golden-vector snapshots pin
//!   the first rolls of several seeds and streams: changing them breaks every replay file.
//! - [`Dice`]: what rules code draws from; implemented by [`Rng`] and by [`Scripted`] (fixed
//!   values for tests).
//! - [`PoolSpec`]: pools with reroll, explosion, keep/drop and success counting, with an
//!   optional [`Transcript`] of every die.
//! - [`Distribution`]: exact odds as integer counts over a `u128` denominator, keep/drop by
//!   order statistics, explosions with the unresolved mass reported.
//! - [`BigDistribution`], [`BigRatio`]: the same exact odds with arbitrary-precision counts,
//!   used only where 128 bits overflow ([`Expr::odds`]: `1000d6`, `100d10>=8`, `10d6!`).
//! - [`Expr`]: dice notation (`3d8kh2+2`, `4d6dl1`, `1d10!`, `6d6>=5`), rolled or turned
//!   into its exact distribution.
//! - [`Ruleset`], [`Session`], [`Replay`]: encounter engines, their logs and replay files;
//!   [`simulate`] runs Monte Carlo with trial *i* on stream *i*.
//! - [`Decide`], [`Options`], [`Policy`]: the decision protocol — who decides, every legal
//!   command with exact previews on demand, and policies that choose ([`simulate_with`]).
//!
//! ## Example
//! ```
//! use fray_dice::{Expr, Rng};
//!
//! let expr = Expr::parse("3d8kh2+2").unwrap();
//! let mut rng = Rng::new(42, 0);
//! let roll = expr.roll_with_transcript(&mut rng).unwrap();
//! assert!((4..=18).contains(&roll.total));
//!
//! let odds = expr.distribution().unwrap();
//! assert_eq!(odds.probability(18).to_string(), "11/256");
//! ```
#![deny(missing_docs)]

mod bigcount;
mod catalog;
mod check;
mod combatants;
mod dice;
mod dist;
mod erased;
mod error;
mod events;
mod exact;
mod few;
pub mod fields;
mod kept;
mod limbs;
mod logcheck;
mod notation;
mod order;
pub mod paired;
mod pool;
mod protocol;
mod rng;
pub mod sensitivity;
mod session;
mod sim;
mod text;
mod transcript;

pub use bigcount::{BigDistribution, BigRatio, Depth, MAX_BIG_BYTES, MAX_BIG_WORK};
pub use catalog::{
    Catalog, Chooser, Entry, OddsRow, OddsTable, PolicyFns, PrepareFn, PreparedSetup, Progress,
    SchemaFns, SetupWarning, SimulateFn, SimulateRangeFn, StartFn,
};
pub use check::{check_setup, check_setup_in, Finding, CHECK_SEED, CHECK_TRIALS};
pub use combatants::{CombatantStats, CounterStats, TrackStats};
pub use dice::{Dice, Scripted};
pub use dist::{Distribution, Ratio, MAX_SUPPORT, MAX_WORK};
pub use erased::{
    parse_json, replay_ruleset, start_json, start_json_deciding, verify_json, Deciding, Encounter,
    EncounterError, MAX_JSON_BYTES,
};
pub use error::{is_probing, probing, Error, ErrorKind, Result, RuleError, RuleId};
pub use events::EventLog;
pub use exact::binomials;
pub use few::Few;
pub use kept::{KeptStep, MAX_KEPT_STEPS};
pub use logcheck::{demo_log_problems, play_demo, session_lines};
pub use notation::{Expr, Roll, MAX_EXPRESSION_LEN, MAX_NESTING};
/// The arbitrary-precision integers of [`BigDistribution`] and [`BigRatio`].
pub use num_bigint::BigUint;
pub use pool::{
    CmpOp, Compare, Explode, Keep, PoolSpec, Reroll, Select, MAX_DICE, MAX_EXPLOSION_DEPTH,
    MAX_REROLLS,
};
pub use protocol::{
    Decide, Decider, DefaultPolicy, Domain, FirstOption, Item, LegalOption, OptionKind, Options,
    Param, Policy,
};
pub use rng::Rng;
pub use session::{
    check_combatants, digest, same_name, AutoPlay, Ending, Replay, ReplayError, ReplayMismatch,
    ReplayRefusal, ReplayReport, ReplayStep, Ruleset, Session, TrialOutcome, MAX_COMBATANTS,
    MAX_REPLAY_COMMANDS, REPLAY_FORMAT,
};
pub use sim::{
    run_trial, run_trial_standing_with, run_trial_with, simulate, simulate_into, simulate_range,
    simulate_with, wilson_interval, SimSummary, MAX_TRIAL_COMMANDS,
};
pub use text::{
    lint_line, message_ids, missing_messages, refusal_message_problems, summary_lines, Arg,
    Counter, Lang, Message, Standing, Texts, Track, View, Viewer, COMMON_EN, COMMON_RU,
};
pub use transcript::{DieFate, DieRecord, Transcript};
