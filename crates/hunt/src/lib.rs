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
//! - The decision protocol ([`fray_dice::Decide`]): the game master decides every step
//!   (the declarations are simultaneous and secret); its options are each fighter's
//!   declarations — a dice split as ranges of `defense`/`attack`/`damage` within the caps
//!   and the combat potential — the counterattacker's re-split (HUNT-19, a pending choice)
//!   and `Resolve`; a declaration's preview is `fray odds` of it against the target's
//!   declaration (or, not yet declared, the target defending with all it may).
//!   [`Hunt::preview_spec`] shows the situation previewed.
//! - The default tactic is the policy [`HuntPolicy`] ([`fray_dice::DefaultPolicy`]), with its
//!   knobs per side as data ([`SideTactic`]: target priority, `give_up_after`, `ambush`,
//!   `lure`, `resplit`); [`fray_dice::AutoPlay`] plays it through `apply`, the one rule path.
//!   [`fray_dice::Catalog`] gives odds tables, the demo and readable log lines.
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
//! The rules are written out in `docs/rules/hunt.md`. Every default lives in the setup
//! ([`Setup`], [`Rules`]) or the declaration, never in code:
//! - HUNT-02 — a stat test rolls **1d6** and passes when the roll ≤ the stat; margin =
//!   stat − roll. Replace: `rules.test_dice`. [`stat_test`] refuses a stat above `i32::MAX`
//!   (the margin is an `i32`) instead of giving a wrong margin.
//! - Bounds: every numeric setting that drives a loop is refused at setup outside what the
//!   rules can use, the message naming the field and the range: `rules.test_dice` 1..=10,
//!   `rules.deadly_failures` 1..=10, `rules.trap_damage` 0..=10, `rules.hide_dice` 0..=10,
//!   `rules.hide_turns` 1..=100, `rules.crossfire_penalty` 0..=100, `max_rounds` 1..=1000,
//!   `tactic.give_up_after` 1..=1000, `opening.search_dice`/`precaution_dice` 0..=20, at
//!   most 10 `wound_table` rows. The resolution functions refuse the same rules bounds.
//! - Names: fighters' names, and each fighter's weapons' names, are non-empty and unique
//!   ignoring case (commands name them; "hunter" and "Hunter" read as one to a player).
//! - Standing ([`fray_dice::Ruleset::standing`]): state `unhurt` / `light-wound` /
//!   `heavy-wound` / `maimed` (the worst wound of one turn, HUNT-13) / `dead` / `escaped` /
//!   `trail-lost`; track `endurance` (after wound penalties, of the setup's); counters
//!   `wounds`, `bleeding`, `ammo_spent`, `damage_dealt`, `damage_taken` (damage points);
//!   the round of death.
//! - HUNT-08 — only what a **tactic** pushes below zero is handed over («в результате
//!   использования тактики»): a Fall's −1 and the ambush's +1 apply first and stop at 0. A
//!   fighter that strikes at nobody still rolls its 0 Attack and 0 Damage dice, so Flee's
//!   −1/−1 (or Take Cover's margin) hand **the first opponent of the exchange** as many
//!   Defense dice, exactly as with a strike.
//! - HUNT-13 — **Endurance 0 kills**: a fighter whose wounds bring its Endurance to 0 dies
//!   at the end of that turn (the source counts only failed tests per turn; without this a
//!   bleeding fighter at Endurance 0 takes a light wound every turn for ever). Replace:
//!   `zero_endurance_dies = false` (it fights on, failing every Endurance test; only
//!   `deadly_failures` failures in one turn kill). Endless bleeding thus ends in death
//!   unless first aid stops it.
//! - HUNT-14 — luring into the trap is **a choice**: `lure: true` in a Flee declaration
//!   where the location has a trap («можно постараться заманить»); without it no trap
//!   test is made. The default tactic always lures where a trap is set.
//! - HUNT-15 — «Если Защита противника меньше, чем атака персонажа»: a pursuer whose weapon
//!   cannot strike from here (none, melee off Near, out of reach, empty) may still declare
//!   Attack dice (Damage 0): they are rolled against the opponent's Defense only for the
//!   chase (a Strike event with no weapon that never hits). The default hunter does so.
//! - HUNT-19 — a counterattacker's first declaration stays on record: the `Revealed` event
//!   carries it as `initial` beside the re-split («написать первоначальное распределение»).
//! - HUNT-20 — «нужно пройти с лучшим результатом, чем спрятавшийся»: **a search finds when
//!   its margin is at least the hide's margin** (`rules.search = "at_least_equal"`): read
//!   strictly, a hide on the hider's best roll can never be found by an equally
//!   experienced searcher, which the bleeding clause («противник может искать её какое
//!   угодно количество ходов») cannot mean. Replace: `rules.search = "better"` (strictly
//!   greater). A searcher may **give up** (`give_up: true`, no attack, no tactic): a hider
//!   whose every opponent gives up is lost at the end of the turn. The default tactic gives
//!   up after `tactic.give_up_after` (**6**) failed searches in a row.
//! - HUNT-21 — the ambush is also **a tactic of a hidden fighter** («Вместо того, чтобы
//!   ждать, пока рыскающий охотник найдет жертву…»): `tactic: "ambush"` with a weapon, a
//!   split and `distance` (the pick; default the current one). Before the exchange's dice it
//!   tests Experience; pass → it leaves hiding, the distance becomes its pick, it strikes
//!   first with +1 Attack die; fail → it leaves hiding at a random distance (1d6 as below)
//!   and the exchange is a normal one. An opponent's Barrage Fire that turn voids the first
//!   strike and the bonus. The default hidden prey ambushes when a blood trail makes the
//!   search endless (with its melee weapon at Near, else a gun that reaches).
//! - HUNT-25 — crossfire counts and helps only **aimed** shots («по видимой цели»): blind
//!   shots at a hidden fighter neither add a direction nor take the penalty.
//! - HUNT-26 — «сражается в ближнем бою с несколькими противниками»: at Near the combat
//!   potential drops by one per opponent **in melee with the fighter** after the first: an
//!   opponent in sight holding a melee weapon ready (the split is declared before anyone's
//!   attack is known, so it cannot wait for the declarations).
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
//!   tactic (or an Extraneous action) and keeps that Defense, or ambushes (HUNT-21); a
//!   search is an Experience test (the `search` tactic) compared as above. A blind
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
//! - Several fighters: the distance is shared; it opens if some fleeing fighter succeeds
//!   and no pursuer does, and closes in the opposite case.
//! - The encounter ends after **100 rounds** (`max_rounds`, 1..=1000). Outcome: the hunter wins when
//!   every prey is dead; the prey wins when the hunters are gone or the prey got away.
//!
//! Odds ([`odds`]) cover the strikes of one exchange (hits, order, deaths that cancel a
//! later strike, damage, criticals, wounds, distance); traps and bleeding come after the
//! strikes and are not included.
#![deny(missing_docs)]

mod catalog;
mod engine;
mod lint;
mod odds;
mod options;
mod policy;
mod resolve;
mod setup;
mod text;

pub use catalog::{Hunt, OddsSpec};
pub use engine::{
    Allocation, Command, Declaration, DiceSource, DiceTerm, Ending, EnduranceTests, Event,
    Extraneous, Fighter, Hidden, Resplit, SeenAttack, State, Status, WeaponState, WeaponStatus,
};
pub use odds::{odds, DuelOdds, StrikeOdds};
pub use policy::{HuntPolicy, SideTactic, TargetPriority};
pub use resolve::{
    damage_points, doubles, endurance_tests, exchange, pair_bit, resolve, roll_sum, stat_test,
    Criticals, DuelResult, DuelSide, DuelSpec, ExchangeContext, ExchangeSummary, FighterOutcome,
    FighterSpec, StrikeOutcome, StrikeSpec, TestRoll, TrapSpring, MAX_FIGHTERS, MAX_ROLL_DICE,
    MAX_STAT, MAX_STRIKES,
};
pub use setup::{
    default_wound_table, wound_name, AttackKind, Distance, HideRoll, Penalty, Rules, SearchRule,
    Tactic, TripleRule,
};
pub use setup::{
    FighterSetup, Location, Opening, Prepared, Setup, Side, Stats, TacticSettings, Weapon,
};
pub use text::{describe, line, LOCALES, TEXTS};
