//! # fray-hunt — Hunt («Охота»)
//!
//! ## Overview
//! A play-by-post duel system: every turn each fighter secretly sends the game master a
//! declaration — weapon, the split of its combat-potential dice into Defense, Attack and
//! Damage, and one tactic — and the game master resolves the exchange. This crate is that
//! game master.
//!
//! - Resolution, pure and non-allocating (the hot path): [`resolve`] for any number of
//!   fighters over caller buffers, [`exchange`] for a duel with `Copy` input ([`DuelSpec`])
//!   and output ([`DuelResult`]); the building blocks [`stat_test`], [`roll_sum`],
//!   [`endurance_tests`], [`damage_points`], [`doubles`].
//! - Exact odds: [`odds`] for two declarations — each side's chance to hit and to land, each
//!   number of damage points, each critical effect, each wound level, distance changes.
//! - The encounter engine [`Hunt`] ([`fray_dice::Ruleset`]): declarations arrive in any order
//!   and may be replaced until the exchange is resolved; the log shows only that a fighter
//!   declared ([`Event::Declared`]) until [`Command::Resolve`] reveals everything. A
//!   counterattacker sees its opponents' Attack dice in [`Event::CounterattackWindow`] and
//!   may [`Command::Resplit`]. [`State`] is the game master's view, the events the players';
//!   [`State::view_for`] blanks the other side's declarations for a player's screen.
//! - [`fray_dice::AutoPlay`] (a default tactic) and [`fray_dice::Catalog`] (odds tables,
//!   the demo, readable log lines).
//!
//! ## Example
//! ```
//! use fray_dice::{Rng, Session, Catalog};
//! use fray_hunt::{exchange, AttackKind, DuelSide, DuelSpec, FighterSpec, Hunt, StrikeSpec, odds};
//!
//! // A rifle shot (3 Attack, 2 Damage) against a knife-fighter defending with 3 dice.
//! let mut spec = DuelSpec::default();
//! spec.sides[0] = DuelSide {
//!     fighter: FighterSpec { defense: 2, endurance: 3, ..Default::default() },
//!     strike: Some(StrikeSpec { kind: AttackKind::Ranged, attack: 3, damage: 2,
//!                               thresholds: [4, 4, 5], ..Default::default() }),
//! };
//! spec.sides[1].fighter = FighterSpec { defense: 3, endurance: 3, ..Default::default() };
//! let result = exchange(&mut Rng::new(1, 0), &spec).unwrap();
//! assert!(result.strikes[0].is_some() && result.strikes[1].is_none());
//! let exact = odds(&spec).unwrap();
//! assert!(exact.strikes[0].as_ref().unwrap().hit.to_f64() > 0.3);
//!
//! // The demo: a hunter with a rifle, a prey with a knife and a pistol, a forest with a trap.
//! let session = Session::<Hunt>::start(Hunt::demo_setup(), Hunt::DEMO_SEED, 0).unwrap();
//! assert_eq!(session.state().round, 1);
//! ```
//!
//! An encounter driven by JSON commands, as the bindings do: declarations in any order, each
//! logged only as "declared" until the game master resolves the exchange.
//! ```
//! use fray_dice::{Catalog, Session};
//! use fray_hunt::{Command, Event, Hunt};
//!
//! let mut s = Session::<Hunt>::start(Hunt::demo_setup(), 7, 0).unwrap();
//! let prey: Command = serde_json::from_str(
//!     r#"{"type":"declare","fighter":"Prey","weapon":"knife","defense":2,"attack":3,"damage":3}"#,
//! ).unwrap();
//! assert_eq!(s.apply(prey).unwrap(), &[Event::Declared { fighter: "Prey".into(), replaced: false }]);
//! let hunter: Command = serde_json::from_str(
//!     r#"{"type":"declare","fighter":"Hunter","weapon":"rifle","defense":3,"attack":3,"damage":2}"#,
//! ).unwrap();
//! s.apply(hunter).unwrap();
//! let events = s.apply(Command::Resolve).unwrap();
//! assert!(events.iter().any(|e| matches!(e, Event::Strike { .. })));
//! // A cap broken: the error names the rule and the cap.
//! let bad: Command = serde_json::from_str(
//!     r#"{"type":"declare","fighter":"Hunter","weapon":"rifle","defense":4}"#,
//! ).unwrap();
//! let e = s.apply(bad).unwrap_err();
//! assert_eq!(e.rule, "HUNT-06");
//! assert!(e.message.contains("Agility"));
//! ```
//!
//! ## Defaults (where the source is silent) and how to replace them
//! Every default lives in the setup ([`Setup`], [`Rules`]) or the declaration, never in code:
//! - HUNT-02 — a stat test rolls **1d6** and passes when the roll ≤ the stat; margin =
//!   stat − roll. Replace: `rules.test_dice`.
//! - HUNT-12 — "doubles" = **any value on two or more dice; a triple counts as one double**.
//!   Replace: `rules.triples = "pairs"` (every two dice of a value are a double).
//! - HUNT-12 — Weapon Lost drops **the weapon used that turn** (else the first one in hand);
//!   it stays on the ground while another weapon is used and is lost for good if its owner
//!   flees or pursues. Each 6-6 adds one bleeding wound (1 point per turn each).
//! - HUNT-13 — **wounds from separate turns add their penalties**. Replace:
//!   `accumulate_wounds = false` (only the worst wound counts). The table itself is
//!   `wound_table`; `rules.deadly_failures` (4) kills.
//! - HUNT-14 — a caught pursuer that fails its Experience test takes **1 damage point**,
//!   resolved by Endurance tests. Replace: `rules.trap_damage`. The trap acts after the
//!   strikes, before bleeding; it stays set.
//! - HUNT-17 — when an aimed shooter's opponent flees or pursues, the distance change
//!   (decided by this exchange's totals) happens before the exchange: **every strike** of the
//!   turn is at the new distance, and an escaped fighter neither strikes nor is struck.
//! - HUNT-14 — a fleeing fighter nobody attacks succeeds when its Defense total is above 0
//!   (an absent attack counts as 0).
//! - HUNT-20 — "Experience + 3 dice" is read as **Experience + 3 Defense dice**
//!   (`rules.hide_dice`); `rules.hide_roll = "experience_value"` reads it as Experience added
//!   to a roll of 3 dice instead; `rules.hide_turns` (3). While hidden a fighter declares the hide
//!   tactic (or an Extraneous action) and keeps that Defense; a search is an Experience test
//!   whose margin must beat the hide's margin; searching is the `search` tactic. A blind
//!   shot takes 1 off the Attack **total** (the source writes "−1 к Атаке", not "куб") and
//!   raises the damage threshold by 1.
//! - HUNT-21 — a failed ambush starts at a **random distance: 1d6, 1–2 Near, 3–4 Medium,
//!   5–6 Far**. "Does not work against Barrage Fire": if a hunter declares Barrage Fire in
//!   round 1 the prey loses its first strike and +1 Attack.
//! - HUNT-22 — without ammunition for the double use, **only the bonuses are lost** (−2 Defense
//!   stays). A turn of shooting uses **1 round per fighter** (2 with Barrage Fire).
//! - HUNT-23 — **first aid stops bleeding** (`first_aid_stops_bleeding`); a reload refills the
//!   magazine from `spare`.
//! - HUNT-03/04 — the search roll is **the first hunter's Experience in d6** against the
//!   first prey's Experience in d6 (`opening.search_dice`, `opening.precaution_dice`).
//! - HUNT-24 — a tactic's Attack/Damage bonuses (and Take Cover's loss, a Fall's −1) apply
//!   to the **first target of a split**; a negative Defense is handed to the first strike
//!   on that fighter.
//! - HUNT-25 — each shooter is its own direction unless fighters share `direction`.
//! - HUNT-26 — at Near the combat potential drops by one per **visible opponent after the
//!   first** (all fighters share one distance).
//! - Several fighters: the distance is shared; it opens if some fleeing fighter succeeds
//!   and no pursuer does, and closes in the opposite case.
//! - The encounter ends after **100 rounds** (`max_rounds`). Outcome: the hunter wins when
//!   every prey is dead; the prey wins when the hunters are gone or the prey got away.
//!
//! Odds ([`odds`]) cover the strikes of one exchange (hits, order, deaths that cancel a
//! later strike, damage, criticals, wounds, distance); traps and bleeding come after the
//! strikes and are not included.
#![deny(missing_docs)]

mod auto;
mod describe;
mod engine;
mod model;
mod odds;
mod resolve;
mod setup;

pub use auto::OddsSpec;
pub use engine::{
    Allocation, Command, Declaration, Ending, Event, Extraneous, Fighter, Hidden, Hunt, Resplit,
    SeenAttack, State, Status, WeaponState, WeaponStatus,
};
pub use model::{
    default_wound_table, wound_name, AttackKind, Distance, HideRoll, Penalty, Rules, Tactic,
    TripleRule,
};
pub use odds::{odds, DuelOdds, StrikeOdds};
pub use resolve::{
    damage_points, doubles, endurance_tests, exchange, pair_bit, resolve, roll_sum, stat_test,
    Criticals, DuelResult, DuelSide, DuelSpec, ExchangeContext, ExchangeSummary, FighterOutcome,
    FighterSpec, StrikeOutcome, StrikeSpec, TestRoll, TrapSpring, MAX_FIGHTERS, MAX_ROLL_DICE,
    MAX_STAT, MAX_STRIKES,
};
pub use setup::{FighterSetup, Location, Opening, Setup, Side, Stats, Weapon};
