//! # fray-better-world
//!
//! ## Overview
//! Better World («Лучший Мир»): binary K dice, initiative levels with a deliberately
//! non-uniform dice ordering, a six-hit health track in three blocks, and melee and ranged
//! options. Rule IDs (BW-01 … BW-40) refer to
//! [`docs/rules/better-world.md`](../../../docs/rules/better-world.md).
//!
//! Two layers:
//! - **Resolution** (pure, generic over [`fray_dice::Dice`], no allocation): [`roll_k`],
//!   [`check`], [`attack`], [`damage`], [`effective_damage`], the [`HealthTrack`], the
//!   [`DistanceTable`] / [`CoverTable`] / [`ranged_difficulty`], [`OutnumberingTable`],
//!   and initiative ordering ([`insert_by_dice`], [`order_by_dice`], [`shuffle`]).
//!   [`CheckSpec`], [`CheckResult`], [`AttackSpec`], [`AttackResult`] are `Copy`.
//! - **Exact odds**: [`check_odds`] (P(success), every bonus unit and deficit),
//!   [`damage_odds`] (effective damage after weapon, armour and restraint),
//!   [`margin_distribution`]; the dice method's order odds ([`dice_order_odds`],
//!   [`dice_position_odds`]).
//! - **Encounter engine**: [`BetterWorld`] implements [`fray_dice::Ruleset`],
//!   [`fray_dice::AutoPlay`] and [`fray_dice::Catalog`]: a [`Setup`] of characters and
//!   [`Settings`], [`Command`]s, [`Event`]s and the [`State`].
//!
//! The margin of a check (actor ones − difficulty ones) plus the difficulty is
//! binomial(pool + difficulty, ½), which is how the odds are exact and cheap.
//!
//! ## Example
//! ```
//! use fray_better_world::{check, check_odds, BetterWorld, CheckSpec, DistanceTable, Distance};
//! use fray_dice::{Catalog, Rng, Session};
//!
//! // The seed's pistol example: comfortable at Near, 5K at Medium, 7K at Far.
//! let table = DistanceTable::default();
//! assert_eq!(table.difficulty(Distance::Medium, Distance::Near), 5);
//! assert_eq!(table.difficulty(Distance::Far, Distance::Near), 7);
//!
//! // A 3K pool against 2K difficulty, rolled and exactly.
//! let spec = CheckSpec { pool: 3, difficulty: 2, ..CheckSpec::default() };
//! let result = check(&mut Rng::new(1, 0), &spec).unwrap();
//! assert_eq!(result.success, result.ones >= result.difficulty_ones);
//! assert_eq!(check_odds(&spec).unwrap().success.to_string(), "13/16");
//!
//! // The demo fight, played by the default tactic.
//! let mut session = Session::<BetterWorld>::start(BetterWorld::demo_setup(), 7, 0).unwrap();
//! while let Some(cmd) = <BetterWorld as fray_dice::AutoPlay>::next_command(session.state()) {
//!     session.apply(cmd).unwrap();
//! }
//! assert!(session.replay().verify::<BetterWorld>().is_ok());
//! ```
//!
//! ## Default tactic
//! [`fray_dice::AutoPlay::next_command`] plays every side the same simple way: First
//! Strikes are taken when an attack is possible; a held character tries to Break Free; a
//! conscious Dying character lets go; a disarmed character picks its weapon up when it lies
//! within reach; in melee a `grappler` grapples, everyone else attacks and then
//! Quick-Strikes; with a loaded ranged weapon a character first steps into better cover
//! when the scene has some within a Move (out of every enemy's reach), then fires a Long
//! Burst when two or more enemies are in one direction, else a Short Burst, else a single
//! shot, then takes Reaction in cover (not while engaged) or a Quick Shot; an empty gun is
//! reloaded; without ammunition or a ranged weapon it closes in on the nearest enemy that
//! has a free sector (and waits when it has none around itself). Newcomers join at their
//! `joins_round`. It never trades its Main action (`main_as_additional`).
//!
//! ## Defaults (where the source is silent) and how to replace them
//! Every one is data in the [`Setup`] (mostly [`Settings`]) or a field of a spec:
//! - **Check and tie (BW-02)**: success when actor ones ≥ difficulty ones; bonus units =
//!   the difference. Replace the tie rule with `settings.tie` / [`CheckSpec::tie`]
//!   (`"difficulty_wins"`).
//! - **Distance table (BW-34)**: Near 3K, Medium 4K, Far 5K, Extreme 6K, +1K per level past
//!   the comfortable range (reproduces the pistol example); levels by metres ≤ 10 / 30 / 100;
//!   ranged from 2 m (`settings.distances`).
//! - **Cover (BW-35)**: none/light/normal/heavy = 0/1/2/3K (`settings.cover`). Cover is
//!   a place: `settings.cover_zones` (`[{"from":m,"to":m,"cover":"heavy"}]`, inclusive
//!   metres; the best zone counts where they overlap) **\[default\]** none. A character's
//!   own `cover` is the cover of its starting spot (the better of it and the zone there);
//!   any move that changes its position sets its cover to the zone's where it ends (none
//!   outside a zone: «отсутствие Укрытия означает, что персонаж стоит на открытой
//!   местности»). The source has no Take Cover action: taking cover is moving into it.
//!   Older setups (no zones) keep their cover until the character moves.
//! - **Outnumbering (BW-25)**: 2 same side +1K, 2 opposite +2K, 3 +2K, 4 +3K
//!   (`settings.outnumbering`); "lone" = no ally of the target is engaged with its
//!   attackers; "opposite" = sectors 0/2 or 1/3.
//! - **Health (BW-17 … BW-21)**: blocks 3/2/1, Wounded +1K, Badly Wounded +2K, Dying
//!   conscious +3K, Pain Shock over 2, Concussion over 4, death below −2
//!   (`settings.health`). Wound difficulty applies to the actor's own checks, not to its
//!   automatic defence. Unconscious Dying lose 1 hit per `settings.rounds_per_hour` (1200)
//!   rounds. Damage a failed Disarm or Grapple deals to the attacker (the deficit) ignores
//!   armour. Whether a Dying character stays conscious: `character.stays_conscious` (false).
//! - **Initiative (BW-04 … BW-07, BW-10)**: stat `settings.initiative_aspect` (Reflexes);
//!   order method `settings.order_method` (`dice`, as written; `cards` for a shuffle);
//!   characters are placed in setup order; joining `settings.join_method` (`auto`: fewer
//!   newcomers than already on the level → dice insertion, else reshuffle the level).
//! - **First Strike (BW-09)**: +`settings.first_strike_k` (1) K, and that many K of
//!   initiative afterwards for those who struck; allowed with `character.surprise` or cover
//!   at least `settings.first_strike_cover` (normal). A First Strike may be an Attack,
//!   Aimed Shot, Feint, or a burst.
//! - **Actions (BW-12, BW-13)**: `settings.max_minor` (3) Minor actions; Move 4 m, Sprint
//!   12 m (`settings.move_metres`, `settings.sprint_metres`). The source lists one Main and
//!   one Additional action and no trade: `settings.main_as_additional` **\[default\]**
//!   false; true lets an unspent Main action be spent as a second Additional one. The scene is a line in metres
//!   (`character.position`); engaging means ending a move within reach (< 2 m) of the target.
//! - **Melee (BW-22 … BW-26)**: «возможно применение огнестрельного оружия, однако атака
//!   будет совершаться по правилам рукопашного боя»: a gun (or bow, or grenade) in melee
//!   attacks with the unarmed aspects against the defender's melee aspect, without its
//!   accuracy (pool) bonus («Преимущество точности дальнобойного оружия не будет
//!   работать»), and (`settings.firearm_in_melee`) **\[default\]** `shot`: a loaded gun
//!   is fired, one round spent, and deals its effectiveness; an empty one strikes as a
//!   blow; `blow`: no ammunition spent or needed and the damage of a blow (trivial damage,
//!   no weapon effectiveness). Bursts and aimed or quick shots are refused in melee. A
//!   thrown knife held in melee is a knife (BW-23: its aspects, bonus and damage);
//!   `settings.melee_cap` (4; lower for cramped space); engagers take the first
//!   free 90° sector unless they name one; the engine makes every opportunity attack
//!   (`settings.opportunity_attacks`): on leaving an engaged enemy's reach, or on passing
//!   within reach of any other enemy that the move does not engage. Attacks on a held or unconscious target in melee
//!   succeed automatically but still roll for bonus units. Defensive Stance and Full Defense
//!   add to melee defence; armour `defence_bonus` adds to melee defence only.
//! - **Grapple (BW-28)**: holding spends the grappler's Additional action automatically at
//!   the start of each of its turns; `release` (Minor) ends it.
//! - **Restraint (BW-31)**: `{"type":"reduce"}` is one less; `by` and `{"type":"cap","at":n}`
//!   choose any lower value.
//! - **Quick Shot (BW-36)**: +2K in the direction of the turn's main attack or of the
//!   «предшествующее движение», read as the character's most recent move, in this turn
//!   (possible with `main_as_additional`) or an earlier one; otherwise +3K (also when there
//!   was neither).
//! - **Bursts (BW-39, BW-40)**: effective range `settings.short_burst_range` (Medium) and
//!   `settings.long_burst_range` (Near, "strictly closer than Medium"), or the weapon's if
//!   shorter; +1K per level past it. A Long Burst cone is up to
//!   `settings.long_burst_max_targets` (3) targets in one direction along the line.
//! - **Leaving (BW-11)**: `withdraw` (Minor, not while engaged); the next full round without
//!   combat actions and without being attacked, then the character has left at the end of
//!   the first round after it that finds it «вне зоны внимания противника»: no enemy able
//!   to act within `settings.attention_metres` **\[default\]** 30 m (past Medium range;
//!   0 drops the condition).
//! - **Joining (BW-10)**: `next_round` is refused while a newcomer is due (its
//!   `joins_round` has come): join it first. `joins_round` is 2 to `max_rounds`.
//! - **Round limit**: `settings.max_rounds` (100), then a draw; 1 to 1000, and at most
//!   100 000 / (5 × characters + 2) so that the round limit, not the simulation's command
//!   cap, ends a fight (310 rounds for 64 characters).
//! - **Victory**: a side with nobody at 1 hit or more (Dying counts as down) and nobody
//!   waiting to join has lost; both at once is a draw.
//! - **Disarm (BW-27)**: the item lands «в паре метров» in a direction rolled on a d8 (1–8
//!   clockwise from north): on the scene's west–east line 2–4 put it 2 m east, 6–8 2 m west,
//!   1 and 5 at its owner's feet. `pick_up` (ДД) **\[default\]** takes one's own weapon back
//!   into hand from within melee reach of where it lies.
#![deny(missing_docs)]

mod catalog;
mod engine;
mod health;
mod initiative;
mod lint;
mod options;
mod policy;
mod resolve;
mod setup;
mod tables;
mod text;

pub use catalog::{demo_setup, odds_tables, BetterWorld, OddsSpec};
pub use engine::{
    apply, start, Action, Command, Defence, DifficultyTerms, Dropped, Engagement, Event, Fighter,
    Phase, PoolTerms, Provoked, SkipReason, Spray, State, Status, Strike, Turn, Who,
};
pub use health::{HealthState, HealthTrack, Shock};
pub use initiative::{
    dice_order_odds, dice_position_odds, initiative_level, insert_by_dice, order, order_by_dice,
    shuffle, InitiativeModifier, OrderMethod, MAX_ORDER_ODDS,
};
pub use options::{options, preview};
pub use policy::{BwPolicy, Tactic, TargetPriority};
pub use resolve::{
    attack, check, check_odds, damage, damage_odds, effective_damage, judge, margin_distribution,
    roll_k, AttackResult, AttackSpec, CheckOdds, CheckResult, CheckSpec, DamageOdds, Restraint,
    TieRule, MAX_POOL,
};
pub use setup::{
    Armour, Aspects, Burst, Character, CoverZone, FirearmInMelee, JoinMethod, Settings, Setup,
    Style, Weapon, MAX_CHARACTERS, MAX_COVER_ZONES, MAX_ROUNDS,
};
pub use tables::{
    ranged_difficulty, Aspect, Cover, CoverTable, Distance, DistanceTable, OutnumberingTable,
    WeaponKind,
};
pub use text::{describe, line, summary, LOCALES, TEXTS};
