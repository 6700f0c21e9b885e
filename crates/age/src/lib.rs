//! # fray-age
//!
//! ## Overview
//! The AGE ruleset (The Expanse / Modern AGE style) for Fray, from a four-page Russian
//! quick-reference sheet restated in `rules/age.md` (AGE-01 … AGE-31).
//!
//! Two layers:
//! 1. **Resolution**, pure and allocation-free over any [`fray_dice::Dice`]: [`test()`] (3d6 +
//!    ability + focus + modifier vs TN, the third die is the Drama Die, stunt points on a
//!    success with doubles), [`opposed`] with the full tie-break, [`advanced_test`] (and
//!    challenge tests through [`AdvancedResult::failed_rolls`]), [`attack`] against Defense
//!    with range bands and jams, [`roll_damage`], [`take_damage`] (Toughness → Fortune →
//!    Injured → Wounded → Taken Out), [`throw_grenade`], [`decompression_check`] and
//!    [`StuntTable::validate`]. Exact odds: [`test_odds`] (success, doubles, stunt points),
//!    [`opposed_odds`], [`expected_rolls`] (an exact fraction of any size) and
//!    [`finish_within`].
//! 2. **The encounter engine** ([`Age`] implements [`fray_dice::Ruleset`],
//!    [`fray_dice::AutoPlay`] and [`fray_dice::Catalog`]): initiative, turns of one major
//!    and one minor action or two minor actions, every action of AGE-10/AGE-11 with its
//!    legality, stunts spent after a hit, condition chains and their effects, Dying and
//!    death, grenades, jams, decompression and free fall. Characters, weapons, armour and
//!    the stunt table are data in the [`Setup`].
//!
//! 3. **The decision protocol** ([`Age`] implements [`fray_dice::Decide`]): [`options`]
//!    lists who decides and every legal command (numeric choices and stunt purchases as
//!    parametrised options with bounds), [`preview`] the exact odds of a command on demand.
//!    The engine stops at two **decision points**: which stunts to buy with the SP of a hit
//!    (`spend_stunts`, the attacker's, AGE-21) and whether to take Injured, then Wounded, to
//!    absorb damage past Fortune (`absorb`, the target's, AGE-15 — never when already
//!    Wounded: «Уже Ранен: любой урон после Удачи сразу выводит из строя»). The default
//!    tactic is [`AgePolicy`]: one [`Tactic`] per side with its knobs as data — `target`
//!    (`nearest` | `weakest` | `most_dangerous`), `absorb` (true), `stunts` (`damage` |
//!    `defense` | `none`), `grenades` (true) — for [`fray_dice::simulate_with`].
//!
//! **Game-master commands** (`test`, `apply_condition`, `remove_condition`) are listed in
//! [`options`] whenever `apply` accepts them, that is at every turn boundary (never while a
//! stunt purchase or an offer to absorb waits): issue 17's contract is that every accepted
//! command is an option. They are [`fray_dice::OptionKind::GameMaster`] options, one per
//! participant they concern (its `actor`), after the decider's own options and the
//! reactions; [`fray_dice::Options::for_decider`] leaves them out for a participant, so no
//! policy plays them, and a GM tool finds them by their kind.
//!
//! The crate has the shape every Fray ruleset crate shares: `setup` (the setup, its
//! validation and the [`Prepared`] setup a simulation checks once and every fight borrows),
//! `resolve` (pure tests, attacks, damage and stunts), `odds`, `engine/` (`mod.rs` with the
//! start and the one `apply`; `command`, `event`, `state`, `turn`, `attack`, `stunts`,
//! `actions`), `options` (legal options and previews), `policy` (the default policy and its
//! knobs), `catalog` (the `Ruleset` impl, odds tables, demo) and `text` (log lines, summary
//! and refusals in English and Russian from `locales/{en,ru}.ftl`).
//!
//! **Readable logs** (issue 18): every roll event carries its breakdown ([`Terms`]: the
//! ability and its score, the focus, each [`Modifiers`] term with its rule; damage rolls as
//! [`DamageRoll`] with every face), and [`line()`] writes it with its arithmetic, e.g. `Vex
//! shoots at Pvt. Lindqvist with pistol: 6 + 3 + Drama Die 3 + Accuracy 0 + focus 2 + Aim 1 =
//! 15 ≥ Defense 12: hit; doubles: 3 SP` («Куб Драмы», «ОП» in Russian, the sheet's terms). A
//! total equal to the Defense or TN succeeds (`≥`). AGE keeps nothing secret: every reader
//! sees every line. The summary gives each combatant's state, Fortune now/at the start and
//! the stunt points it spent.
//!
//! Positions are metres on one line (a ship's corridor): distance is the difference of two
//! positions, so moves are always "in a straight line".
//!
//! ## Example
//! ```
//! use fray_age::{test, test_odds, Age, TestSpec};
//! use fray_dice::{AutoPlay, Catalog, Ratio, Scripted, Session};
//!
//! // Accuracy 2 with a focus vs TN 11; the dice show 4, 4 and a Drama Die of 5.
//! let spec = TestSpec { ability: 2, focus: true, tn: Some(11), ..TestSpec::default() };
//! let roll = test(&mut Scripted::new([4, 4, 5]), &spec).unwrap();
//! assert_eq!((roll.total, roll.success, roll.stunt_points), (17, true, 5));
//! assert_eq!(test_odds(&spec).unwrap().doubles, Ratio::new(4, 9));
//!
//! // The demo boarding action, played by the default tactic.
//! let mut session = Session::<Age>::start(Age::demo_setup(), Age::DEMO_SEED, 0).unwrap();
//! while let Some(command) = Age::next_command(session.state()) {
//!     session.apply(command).unwrap();
//! }
//! assert!(session.replay().verify::<Age>().is_ok());
//! ```
//!
//! ## Defaults (where the source is silent) and how to replace them
//! Each is data in the setup (`Setup.rules`, a [`Rules`]) or on a character/weapon, or a
//! field of a resolution spec — never a code edit.
//! - **TNs beyond the source** (AGE-02): Easy 9, Formidable 17, Imposing 19, Nigh-Impossible
//!   21 ([`Tn`]); any TN may be passed as a number instead.
//! - **Advanced-test thresholds** (AGE-06): Easy 5, Average 10, Challenging 15, Hard 20,
//!   Formidable 25 ([`Threshold`]); `AdvancedSpec::threshold` takes any number up to
//!   [`MAX_THRESHOLD`].
//! - **Initiative** (AGE-09): 3d6 + Dexterity + armour penalty + condition penalties + 2
//!   with the "Initiative" focus; ties by Dexterity, then 1d6 roll-offs (8 at most, then
//!   setup order). Replace via `rules.initiative` (`ability`, `armour_penalty`, `focus`). Momentum's raised initiative re-sorts
//!   the order from the next round; new ties keep the first round's order.
//! - **Defense** (AGE-12): 10 + Dexterity + shield (+2 blows, +3 ballistic) + Defend +
//!   Guarded Stance + Duck and Weave (+ Take Cover against ranged) − 1 after a Heavy Attack.
//!   The armour penalty is not applied to Defense (it is not a test). Replace the 10 with
//!   `rules.defense_base`, or give a character its own base `defense`.
//! - **Melee reach** 2 m (`rules.melee_reach`).
//! - **Speed**: 10 + Dexterity + armour penalty unless the character gives `speed`.
//!   Exhausted (and Wounded, which includes it) halves it once, Slowed halves it again,
//!   crawling while Prone divides it by `rules.crawl_divisor` (2); Restrained makes it 0
//!   (AGE-23/25/27/29).
//! - **Damage flow** (AGE-15): `rules.damage_flow` — whether Injured/Wounded absorb damage
//!   and how much (1d6 each). Toughness never goes below 0.
//! - **Taken Out** means Dying and Unconscious (so AGE-26's clock runs);
//!   `rules.taken_out` = `dying` | `unconscious` | `dead`.
//! - **Death** at Constitution −3 (`rules.death_at`); **first aid** on the Dying is a major
//!   action, Intelligence (Medicine) vs TN 11 (`rules.first_aid_tn`), within reach.
//! - **Stunt table** (AGE-21): `rules.stunts`, rows `{name, min, max, effect,
//!   automatic_only, repeatable}`. Each stunt at most once per attack unless `repeatable`. Take Cover gives +1 Defense per SP
//!   against ranged attacks, Duck and Weave +1 per SP, both until the attacker's next turn.
//!   The automatic stunts (AGE-20) modelled are Short Burst (1 SP, +1d6) and Long Burst
//!   (3 SP, +2d6); the source names them without effects.
//! - **Stunt Attack** (AGE-10): a hit earns `rules.stunt_attack_points` (1) SP plus the Drama
//!   Die on doubles.
//! - **Light melee damage** (AGE-13): canon Str or Dex (the better one);
//!   `rules.light_melee_damage = "strength_only"` is the seed's house rule. Bows and thrown
//!   weapons have no damage in the source: such weapons must state `damage`.
//! - **Melee with a firearm in hand** counts as an Improvised attack (1d6 + Str); empty
//!   hands are Unarmed.
//! - **Grenades** (AGE-19): TN 11 (`rules.grenade_tn`; a command may raise it); the GM's
//!   deviation direction is the command's `deviate_long`; one damage roll for everyone
//!   within 5 m, friend or foe (`rules.grenade_damage_per_target` rolls per creature);
//!   grenade hits open no stunt spending. A grenade launcher (`grenade_launcher`) fires with
//!   the same command at rifle range, stays in hand, and its ammunition is not counted (only
//!   the capacity rule stops it).
//! - **Stand Firm** (AGE-11): the stunt works only if the attacker wins the opposed test
//!   (a full tie holds; `rules.stand_firm_tie_holds = false` lets the stunt work).
//! - **Free fall** (AGE-31): without `free_fall_mobility`, only a push (`move` with `push`)
//!   is possible; the body then drifts the same distance at the start of each of its turns
//!   until it hits an end of `Setup.corridor` (or ±[`MAX_POSITION`]).
//! - **Lightning Attack** without a named `target` strikes the same target if it is still up,
//!   else the nearest opponent the attack can reach; with none, it is lost.
//! - **Ready** holds an attack (melee if the actor holds no ranged weapon, else ranged) on a
//!   named opponent; `interrupt` releases it during anyone else's turn.
//! - **Activate** is logged but has no mechanical effect (talents and gear are not modelled);
//!   boarding vehicles (AGE-11) is not modelled.
//! - **Limits** on setups: abilities −50..=50, Fortune 0..=10000, speed 0..=1000, positions
//!   within ±[`MAX_POSITION`] m; advanced-test thresholds 1..=[`MAX_THRESHOLD`]; Defense,
//!   damage bonuses and the numeric rules within ±[`MAX_SETTING`] (`crawl_divisor` 1..=100).
//! - **Foci** (AGE-01): a character's focus must be one a rule or a weapon of the setup
//!   reads — `rules.initiative.focus`, Medicine (first aid), Might and Acrobatics (Stand
//!   Firm), or any weapon's `focus`; anything else (a misspelling, or a focus no rule of
//!   this crate uses, such as Free-fall) is refused, listing the allowed ones. Names of
//!   characters and of each one's weapons are non-empty and unique ignoring case.
//! - **Condition penalties** ("−1/−2 to all rolls", AGE-24/25) apply to every 3d6 test —
//!   attacks, initiative, Stand Firm, first aid, GM tests — not to damage dice.
//! - **Decompression** (AGE-16) is recorded (`State::decompressed` and an event); the sheet
//!   gives it no further mechanical effect.
//! - **Round limit**: `rules.max_rounds` = 100, then a draw.
//! - **Absorbing damage** (AGE-15): the inventory's «may take Injured» is read as the
//!   target's choice; the engine asks (`absorb`), the default policy always takes the
//!   condition (`Tactic::absorb = false` declines and is taken out).
//! - **GM tests** take a modifier and a TN within ±[`MAX_SETTING`].
//! - **Lightning chains** (AGE-21): the source does not say whether the SP of a Lightning
//!   Attack's own hit may buy another; this crate lets them (`rules.lightning_chains =
//!   false` forbids it).
//! - **Stunt targets**: only a Lightning Attack takes a `target`; a target on any other
//!   stunt is refused (AGE-21).
//! - **Aim** (AGE-11, «Если следующее действие после этого — ближняя или дистанционная
//!   атака: +1 к броску»): the +1 belongs to the aimer, not to the turn. An Aim taken as the
//!   last action of a turn gives +1 to an attack that opens its next turn; ending a turn is
//!   no action and keeps it; any other action (Pursue, Ready and Move included) loses it.
//! - **Skirmish** (AGE-21): the sheet only names «Стычка»; the stunt moves the attacker or
//!   the target 2 m per SP, toward or away from the other, as the attacker chooses:
//!   `spend_stunts`'s `skirmish` field (`{"moves": "target" | "attacker", "direction":
//!   "away" | "toward"}`, a parameter of that decision). Absent, the target is pushed away
//!   (the reading before this choice existed); ignored when no Skirmish is bought. Toward
//!   stops 1 m short of the other; nobody passes the corridor's ends. Stand Firm (AGE-11)
//!   resists only a Skirmish that moves the one standing firm. The default policy never
//!   chases a target its own Skirmish moved away (either party moving away).
//!
//! ## Where the source and the inventory differ
//! The opposed test's second tie-break is "the higher ability" (навык) in the source; the
//! inventory says "ability (+ focus)". This crate follows the source: focus does not count.
#![deny(missing_docs)]

mod big;
mod catalog;
mod conditions;
mod engine;
mod lint;
mod odds;
mod options;
mod policy;
mod resolve;
mod setup;
mod text;

pub use big::ExactValue;
pub use catalog::{demo, odds_tables, Age, OddsSpec};
pub use conditions::{Condition, Conditions, Fatigue, Injury};
pub use engine::{
    Absorbing, After, AttackAction, Combatant, Command, DamageRoll, Direction, Event, Modifiers,
    MoveKind, Mover, Pending, Readied, Sense, SkirmishMove, State, Terms, Turn, WeaponState,
};
pub use odds::{
    expected_rolls, finish_within, opposed_odds, test_odds, OpposedOdds, TestOdds,
    MAX_FINISH_WITHIN,
};
pub use options::{options, preview};
pub use policy::{AgePolicy, StuntPreference, Tactic, TargetPriority};
pub use resolve::{
    absorb_offer, attack, decompression_check, range_modifier, roll_damage, take_damage,
    throw_grenade, ArmourKind, AttackKind, AttackResult, AttackSpec, Capacity, DamageAbility,
    DamageDice, DamageFlow, DamageOutcome, DamageSpec, GrenadeResult, GrenadeSpec,
    LightMeleeDamage, RangeBand, Soak, StuntChoice, StuntDef, StuntEffect, StuntTable, Vitals,
    ARMOUR_PIERCING, GRENADE_RADIUS, GRENADE_TN, LONG_RANGE_PENALTY, SHIELD_DEFENSE,
};
pub use resolve::{
    advanced_test, opposed, opposed_outcome, test, AdvancedResult, AdvancedSpec, OpposedResult,
    TestResult, TestSpec, Threshold, TieBreak, Tn, FOCUS_BONUS, MAX_ADVANCED_ROLLS, MAX_THRESHOLD,
};
pub use setup::{
    Abilities, Ability, Character, InitiativeRule, Name, Prepared, Rules, Setup, TakenOut, Weapon,
};
pub use setup::{MAX_POSITION, MAX_SETTING};
pub use text::{describe, line, LOCALES, TEXTS};
