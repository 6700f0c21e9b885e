//! # Fray
//!
//! ## Overview
//! Tabletop-RPG combat for five rulesets, with dice that replay exactly from a seed. This
//! facade re-exports the dice core as [`dice`] and each ruleset as a module, and keeps the
//! registry that the command line and the bindings use to reach a ruleset by its id.
//!
//! ## Example
//! ```
//! let odds = fray::dice::Expr::parse("4d6dl1").unwrap().distribution().unwrap();
//! // 18 needs three sixes among four dice: 4·5 + 1 = 21 of 1296 outcomes.
//! assert_eq!(odds.probability(18).to_string(), "7/432");
//! for entry in fray::rulesets() {
//!     assert!(fray::ruleset(entry.id).is_ok());
//! }
//! assert!(fray::ruleset("chess").is_err());
//! ```
//!
//! The rules of each ruleset, the guides and the replay format are in the repository's
//! `docs/` folder (`docs/README.md`).
//!
//! ## The shape of a ruleset crate
//! The five ruleset crates give the same roles the same modules, so a reader who knows one
//! finds the way in the others:
//!
//! | module | holds |
//! |---|---|
//! | `setup` | the setup types, their checks and their JSON Schema |
//! | `catalog` | the ruleset type and its [`dice::Ruleset`], [`dice::AutoPlay`] and [`dice::Catalog`] impls: start, apply, outcome, demo setup, odds tables |
//! | `engine/` | the encounter engine, split by concept: `mod.rs` (start and the one `apply`), `command`, `event`, `state`, and one file per family of actions |
//! | `resolve` | pure resolution functions (a check, an attack, damage) on explicit specs and dice |
//! | `odds` | exact distributions of those functions (Better World's are in `resolve` and `tables`) |
//! | `options` | the decision protocol ([`dice::Decide`]): every legal command now, and previews |
//! | `policy` | the default policy and its settings ([`dice::DefaultPolicy`]) |
//! | `lint` | warnings on setups that are legal but probably not what was meant |
//! | `text` | readable lines and refusals from `locales/en.ftl` and `locales/ru.ftl` |
//!
//! A simulation prepares its setup once ([`dice::Ruleset::prepare`]) and starts every fight
//! from the prepared value; a single session prepares and starts in one step.
#![deny(missing_docs)]

/// The Rust example of `docs/determinism.md`, run as a doc-test so the page cannot drift.
#[cfg(doctest)]
#[doc = include_str!("../docs/determinism.md")]
pub struct DeterminismDoc;

pub use fray_age as age;
pub use fray_andromeda as andromeda;
pub use fray_better_world as better_world;
pub use fray_dice as dice;
pub use fray_hunt as hunt;
pub use fray_red as red;

use fray_dice::{Entry, Error, ErrorKind, PolicyFns, ReplayError, ReplayReport};

/// Every ruleset compiled into this build, in a stable order.
pub fn rulesets() -> Vec<Entry> {
    vec![
        Entry::of::<andromeda::Andromeda>()
            .with_protocol::<andromeda::Andromeda>()
            .with_schemas::<andromeda::Andromeda>()
            .with_policy_schema::<andromeda::Andromeda>(),
        Entry::of::<red::Red>()
            .with_protocol::<red::Red>()
            .with_schemas::<red::Red>()
            .with_policy_schema::<red::Red>(),
        Entry::of::<age::Age>()
            .with_protocol::<age::Age>()
            .with_schemas::<age::Age>()
            .with_policy_schema::<age::Age>(),
        Entry::of::<better_world::BetterWorld>()
            .with_protocol::<better_world::BetterWorld>()
            .with_schemas::<better_world::BetterWorld>()
            .with_policy_schema::<better_world::BetterWorld>(),
        Entry::of::<hunt::Hunt>()
            .with_protocol::<hunt::Hunt>()
            .with_schemas::<hunt::Hunt>()
            .with_policy_schema::<hunt::Hunt>(),
    ]
}

/// The ruleset with id `id`, or an error listing the ids that exist.
pub fn ruleset(id: &str) -> Result<Entry, Error> {
    let all = rulesets();
    all.iter().find(|e| e.id == id).copied().ok_or_else(|| {
        let ids: Vec<&str> = all.iter().map(|e| e.id).collect();
        Error::new(
            ErrorKind::UnknownRuleset,
            format!(
                "unknown ruleset '{id}'; this build has: {}",
                if ids.is_empty() {
                    "none".to_owned()
                } else {
                    ids.join(", ")
                }
            ),
        )
    })
}

/// The policies of `entry`, or an error naming the rulesets of this build that have them (a
/// ruleset has policies once it is on the decision protocol).
pub fn policies(entry: &Entry) -> Result<PolicyFns, Error> {
    entry.policy.ok_or_else(|| {
        let offered: Vec<&str> = rulesets()
            .iter()
            .filter(|e| e.policy.is_some())
            .map(|e| e.id)
            .collect();
        Error::new(
            ErrorKind::UnknownRuleset,
            format!(
                "the {} ruleset has no policies yet; these have: {}",
                entry.id,
                offered.join(", ")
            ),
        )
    })
}

/// Verifies a replay file of any ruleset given as JSON.
pub fn verify_replay(replay: &str) -> Result<ReplayReport, ReplayError> {
    let id = fray_dice::replay_ruleset(replay).map_err(ReplayError::Invalid)?;
    let entry = ruleset(&id).map_err(ReplayError::Invalid)?;
    (entry.verify)(replay)
}
