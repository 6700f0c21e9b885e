//! # fray-red
//!
//! ## Overview
//! Cyberpunk RED style combat for Fray (ruleset ID `"red"`), after
//! `docs/rules/red.md` (RED-01 … RED-14 from the source
//! chapter, RED-30 … RED-45 for the chapters it points to).
//!
//! Two layers:
//! 1. **Pure resolution**, generic over [`fray_dice::Dice`], with `Copy` specs and results and
//!    no allocation unless a [`fray_dice::Transcript`] is passed: [`check`] (STAT + SKILL +
//!    1d10 with the exploding/imploding d10 of RED-31 against a DV, ties to the defender),
//!    [`attack`] (a ranged shot against a DV or the REF ≥ 8 evasion roll, autofire with its
//!    multiplier capped per weapon, melee as an opposed roll; then [`damage`]: armour SP,
//!    half SP for melee and Martial Arts, head doubling, critical injuries on two sixes with
//!    the +5 bonus and the 2d6 injury roll), [`death_save`], [`hp_max`], [`wound_state`].
//!    Exact odds by convolution: [`odds`] (hit chance with the critical d10 on both sides of
//!    an opposed roll, autofire multiplier, HP lost after armour, penetration, critical
//!    injury), [`check_odds`], [`d10_distribution`].
//! 2. **The encounter engine** ([`Red`] implements `Ruleset`, `AutoPlay`, `Catalog`):
//!    initiative with tie rerolls among the tied only, the fixed queue with its two exceptions
//!    (a driver who starts a vehicle goes to the front; a newcomer takes its place), one Move
//!    Action and one Action per turn in any order with split movement, ROF 2, the two-attack
//!    cap, every action of RED-08 with its legality checks, free actions, Delay with a trigger
//!    that lapses at the end of the round, movement costs, armour penalties, ammunition,
//!    ablation, wound states, death saves and Stabilize.
//!
//! Every table (DV bands and rows, weapons, armour, the Body and Head critical-injury tables
//! with names and effects) is data in [`Tables`], defaulting to the rules; every number and
//! default of the engine is a field of [`Settings`]. Both sit in the [`Setup`].
//!
//! Side names (`AutoPlay::SIDES`) are the generic `["side_a", "side_b"]`: characters say
//! `"side": 0` or `1`. The simulation metric is `"critical injuries"` (per fight).
//!
//! ## Example
//! ```
//! use fray_dice::{Rng, Session};
//! use fray_red::{attack, odds, AttackSpec, DamageSpec, Defense, Red};
//!
//! // A heavy pistol (3d6) against DV 15, into Kevlar (SP 7).
//! let spec = AttackSpec {
//!     attack: 12,
//!     defense: Defense::Dv { dv: 15 },
//!     damage: DamageSpec { dice: 3, sp: 7, ..DamageSpec::default() },
//!     ..AttackSpec::default()
//! };
//! let mut rng = Rng::new(7, 0);
//! let shot = attack(&mut rng, &spec, None).unwrap();
//! assert_eq!(shot.hit, shot.total > 15);
//! let exact = odds(&spec).unwrap();
//! assert!(exact.hit.numerator < exact.hit.denominator);
//!
//! // The demo fight, played by the default tactic.
//! let mut session = Session::<Red>::start(fray_red::demo_setup(), 7, 0).unwrap();
//! while let Some(cmd) = <Red as fray_dice::AutoPlay>::next_command(session.state()) {
//!     session.apply(cmd).unwrap();
//! }
//! assert!(session.state().finished.is_some());
//! assert!(session.replay().verify::<Red>().is_ok());
//! ```
//!
//! ## Defaults
//! Every **\[default\]** (where the source is silent) and how to replace it. The two the
//! inventory marks (RED-03, RED-04) are settings; so are the numbers. Choices marked
//! *(fixed)* fill gaps the inventory leaves and have no setting yet: a caller can change
//! their effect only through data (tables, characters) or by choosing other commands.
//! - RED-04 critical initiative: the initiative d10 explodes/implodes —
//!   `settings.critical_initiative`.
//! - RED-03 a newcomer tied with someone already in the queue goes after them —
//!   `settings.newcomer_wins_ties` puts it before.
//! - RED-02 «При равенстве перебрасывают, пока кто-то не окажется выше»: the tied reroll
//!   their initiative (REF + bonus + 1d10, the d10 as RED-04 says), compared among the tied
//!   only — `settings.tie_reroll: "d10"` rerolls a bare d10 instead.
//! - RED-01 / RED-44: a Mortally Wounded character (HP < 1) still acts, with −4 and
//!   MOVE −6, and makes death saves (the source: «смертельное ранение уменьшают Скорость»
//!   — it slows, it does not stop); the fight ends when a side has no one able to act, so
//!   here no one alive and present; the default tactic attacks standing enemies first,
//!   then dying ones — `settings.mortally_wounded_act: false` takes HP < 1 out instead:
//!   such a turn is its death save alone, and the fight ends when a side has no one at
//!   HP ≥ 1.
//! - RED-14 / RED-42 / RED-44: wounds and critical injuries lower MOVE to no less than 1
//!   (the published "minimum 1"; a MOVE the sheet or armour already puts lower stays) —
//!   `settings.move_floor` (0 lets them take it to 0).
//! - Round limit: the fight ends undecided after 100 rounds — `settings.max_rounds`
//!   (1 … 1000).
//! - Reach of melee, grabs, Stabilize and boarding: 2 m — `settings.reach` (1 … 100).
//! - Setup bounds (refused at `start` with the field's path and the range): stats 0 … 20,
//!   skills 0 … 20, bonuses and the modifier ±50, HP and shield HP 1 … 1000, injury-table
//!   modifiers ±50, armour SP 0 … 1000 and penalty 0 … 20, the other settings 0 … 100
//!   (`standing_jump_cost` 1 … 100, `leg_injury` a 2d6 row 2 … 12).
//! - Stabilize: TECH + the better of First Aid and Paramedic + 1d10 against DV 15 —
//!   `settings.stabilize_dv`; success stops death saves and resets their penalty; any later
//!   HP loss undoes it.
//! - *(fixed)* Death saves are rolled at the start of each of the character's turns while
//!   Mortally Wounded and not stabilized.
//! - An aimed leg shot that gets through armour inflicts Body-table row 8 (Broken Leg) —
//!   `settings.leg_injury`; an aimed shot at a held item makes the target drop what it holds
//!   on a hit — `settings.item_drop_needs_damage` to require damage through armour.
//! - Standing jump costs 4 m of MOVE per metre (half as far as a running jump) —
//!   `settings.standing_jump_cost`.
//! - Melee "ignores half of the SP, rounded up": the SP that applies is SP − ⌈SP/2⌉ — use
//!   `DamageSpec::half_sp` / the weapon kind.
//! - A second attack in one Action needs a ROF 2 weapon for both attacks (the same weapon
//!   twice, or two ROF 2 weapons in two hands) — `settings.mixed_rof` allows a ROF 1 single
//!   attack after a ROF 2 one; an aimed shot takes the whole Action —
//!   `settings.aimed_whole_action`; autofire always does (RED-35).
//! - RED-33 «может … противопоставить»: the evasion choice against a ranged attack is the
//!   defender's, a pending decision — when the defender is eligible (REF after armour
//!   penalty ≥ `settings.evasion_ref`, HP ≥ 1) and neither its character `evade`
//!   (always/never) nor the attack's `evade` answers in advance, the attack waits for the
//!   defender's `evade` command ([`options`] lists both answers with previews). The default
//!   policy ([`RedPolicy`], knob `evade`) evades when DEX + Evasion + 5.5 beats the DV;
//!   attacks fired by a delay use that rule without waiting. *(fixed)* A Mortally Wounded
//!   defender cannot evade ranged attacks.
//! - The default tactic is [`RedPolicy`] (per side: target priority, evasion answer,
//!   stabilizing allies, ambush); `fray simulate red --policy FILE` reads it (see
//!   `examples/policies/red-strongest-first.json`).
//! - *(fixed)* Delay holds one Action per character (an attack, reload, skill, stabilize,
//!   grab … — not movement, Run, a vehicle start or another delay), triggered `after_turn`
//!   of a participant or when a participant `moves`; it is taken out of turn with a fresh
//!   Action (a ROF 2 weapon fires once more only if the delay is an attack and RED-07
//!   allows); if it is no longer legal when the trigger comes, it is lost.
//! - *(fixed)* Grab: DEX + Brawling + 1d10 opposed by the same; it takes a free hand; the held one
//!   cannot move; a Grab against one's holder breaks free; a Grab with `item` snatches a
//!   weapon from the target's hand instead of holding the target. Choke deals BODY damage and Throw
//!   deals BODY damage and leaves the target prone, both past armour. A human shield takes
//!   the ranged hits aimed at its holder.
//! - *(fixed)* A shield (HP from the setup, one hand) takes a whole hit's raw damage; a hit that breaks
//!   it is spent on it.
//! - *(fixed)* Suppressive fire: targets within the autofire range roll WILL + Concentration + 1d10 and
//!   must match the shooter's total; those who fail spend their next Move Action taking cover.
//! - *(fixed)* Vehicles: board within reach; the first aboard drives; a maneuver is REF + Drive Land
//!   Vehicle + 1d10 against the given DV; leaving is movement that costs no metres; aboard,
//!   one cannot walk.
//! - *(fixed)* Long tasks: repeat the same `use_skill` command on consecutive turns; the check is
//!   rolled on the last one; any other Action abandons it.
//! - *(fixed)* A NET action spends the Action; a Netrunner gets `net_actions` of them per turn.
//! - *(fixed)* Reloading needs the weapon in hand; rounds of the old ammo type go back to the reserve.
//!   Ammo types have no effect beyond their count. Dropped weapons are out of the fight.
//! - *(fixed)* RED-36: a ranged weapon whose profile has magazine 0 needs no ammunition (a
//!   thrown knife, say): it fires without spending rounds and is never reloaded.
//! - *(fixed)* RED-42 hands: a fighter has two; Dismembered Arm, Dismembered Hand and Broken
//!   Arm (`lose_hand`) take one: what that hand held drops and it holds nothing more (two
//!   such injuries take both). The hand taken is the weapon hand: the first weapon in hand
//!   by index (a two-handed weapon drops whole), else the shield, else a grab is let go; a
//!   weapon in the other hand stays. Drawing, grabbing and taking a shield count the hands
//!   left. An aimed shot at a held item (RED-34) drops that one item the same way.
//! - *(fixed)* RED-42 Crushed Fingers (the `hand` modifier) hurts the weapon hand and only
//!   attacks made with it: weapons in hand take the soundest hands first in index order
//!   (passing one to the other hand is free, RED-09), a two-handed weapon is as good as its
//!   worse hand, an unarmed blow uses the soundest free hand; a second one hurts the other
//!   hand. `settings.hand_injury_every_attack` gives −4 to every attack instead.
//! - Weapon details the inventory leaves open (replace `tables.weapons`): Bow/Crossbow
//!   ROF 1 with one arrow loaded; hands (pistols, SMGs and light/medium melee one-handed,
//!   the rest two-handed); skills (Handgun for pistols and SMGs, Shoulder Arms for shotguns
//!   and rifles, Heavy Weapons for launchers, Archery for bows, Melee Weapon for melee,
//!   Autofire for bursts, all with REF; melee with DEX); calibres naming the reserve. A
//!   `grenade` profile (6d6, Athletics, the `thrown` DV row, one per throw, reloaded from the
//!   reserve) stands for thrown objects; it hits one target (no blast area).
//! - Critical-injury effects are the published ones as modifiers ([`InjuryEffect`]):
//!   penalties, MOVE loss, death-save penalty, a lost hand, a lost Action, no evasion,
//!   wounds that reopen (the +5 again) after moving more than 4 m in a turn; Lost and
//!   Damaged Eye and Ear weigh on `perception` checks, the ears also cost the next Move
//!   Action after moving more than 4 m; Broken Jaw −4 to checks of skills that need speech
//!   (acting, bribery, conversation, interrogation, leadership, persuasion, trading,
//!   language) and Crushed Windpipe refuses them; Cracked Skull makes aimed head shots ×3.
//!   Replace `tables.body_injuries` / `tables.head_injuries`.
//! - Positions are metres along one line (a corridor, a street); `settings.grid` makes them
//!   2 m squares with MOVE squares per Move Action (RED-11). There is no 2-D geometry and no
//!   cover model.
#![deny(missing_docs)]

mod catalog;
mod engine;
mod lint;
mod odds;
mod options;
mod policy;
mod resolve;
mod setup;
mod tables;
mod text;

pub use catalog::{demo_setup, odds_tables, simulate, OddsSpec, Red};
pub use engine::{
    apply, start, Aim, ArmorPiece, Command, DefenseRoll, Delay, Event, Fighter, Finish, FireMode,
    InjuryTaken, Leaving, Location, MoveMode, PendingEvasion, Stat, State, Tally, Task, Terms,
    Trigger, TurnState, Unarmed, Vehicle, Weapon,
};
pub use lint::warnings;
pub use odds::{check_odds, d10_distribution, odds, AttackOdds, CheckOdds};
pub use options::{options, preview};
pub use policy::{EvadeChoice, RedPolicy, Tactic, TargetPriority};
pub use resolve::{
    attack, check, damage, death_save, hp_max, roll_d10, wound_state, AttackResult, AttackSpec,
    CheckResult, CheckSpec, Damage, DamageSpec, DeathSave, Defense, Wound, AUTOFIRE_ROUNDS, D10,
    MAX_DAMAGE_DICE, MAX_MAGNITUDE, MAX_MULTIPLIER,
};
pub use setup::{
    ArmorSetup, CharacterSetup, Holding, Prepared, Reserve, Settings, Setup, Stats, TieReroll,
    VehicleSetup, WeaponSetup, BONUS_KEYS, MAX_HP, MAX_MODIFIER, MAX_SKILL, MAX_STAT, SKILLS,
};
pub use tables::{
    default_armor, default_body_injuries, default_head_injuries, default_weapons, unarmed_dice,
    ArmorProfile, DvTable, Injury, InjuryEffect, Tables, WeaponKind, WeaponProfile,
};
pub use text::{describe, line, LOCALES, TEXTS};
