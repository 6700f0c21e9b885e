//! # fray-andromeda
//!
//! ## Overview
//! Combat of *Project Andromeda* («Проект Андромеда») for Fray, in two layers.
//!
//! **Resolution** (pure, generic over [`fray_dice::Dice`], no allocation):
//! - [`check`]: 2d8 + skill value → base [`Tier`] from the [`OutcomeTable`] → shifted one
//!   tier per rank of skill rank vs task rank / defense, clamped (AND-15 … AND-17), with
//!   advantage / disadvantage by the [`AdvantageMethod`] (AND-21).
//! - [`attack`]: a check against a defense plus the damage its tier picks from a
//!   [`DamageLine`] `fail/cost/success/crit` (AND-18 … AND-20).
//! - [`opposed`] (AND-22) and [`grab`] with the grab table (AND-41).
//! - Exact odds: [`odds`] (final tier), [`damage_odds`], [`grab_odds`], [`opposed_odds`],
//!   [`total_odds`], by enumerating every die (integer counts, no sampling).
//!
//! **Encounter engine** ([`Andromeda`] implements [`fray_dice::Ruleset`],
//! [`fray_dice::AutoPlay`] and [`fray_dice::Catalog`]): a [`Setup`] of participants as data,
//! [`Command`]s in, [`Event`]s out, covering AND-01 … AND-48 — sides that alternate with the
//! side choosing its actor, bosses with several turns, turn resources, Ready, provoked
//! attacks, movement in metres, Heat, conditions with durations hanging on the bearer's
//! turns, Hidden and Invisible, the grab lifecycle, temporary and main stress, Exhaustion,
//! Accomplishment Points and defeat. A turn is: `start_turn` (the side picks its actor),
//! any commands, `end_turn`. The default tactic ([`fray_dice::AutoPlay::next_command`])
//! plays any side; [`fray_dice::simulate`] reports win rates, rounds and mean Heat gained by
//! the heroes ([`fray_dice::AutoPlay::METRIC`] = "heat gained").
//!
//! ## Example
//! ```
//! use fray_andromeda::{check, odds, Andromeda, CheckSpec, Edge, Tier};
//! use fray_dice::{AutoPlay, Catalog, Rng, Scripted, Session};
//!
//! // A rank-2 skill of value 3 against Fortitude 3, with advantage: 3d8 keep the best 2.
//! let spec = CheckSpec { skill_value: 3, skill_rank: 2, difficulty: 3, edge: Edge::Advantage,
//!                        ..CheckSpec::default() };
//! let result = check(&mut Scripted::new([8, 2, 6]), &spec).unwrap();
//! assert_eq!(result.roll.total, 17);            // 8 + 6 + 3
//! assert_eq!(result.base, Tier::Critical);      // ≥ 16
//! assert_eq!(result.tier, Tier::Success);       // shifted down one: rank 2 < defense 3
//!
//! let exact = odds(&spec).unwrap();             // exact odds of each final tier
//! assert_eq!(exact.denominator() % 2, 0);
//! let _ = check(&mut Rng::new(1, 0), &spec).unwrap();
//!
//! // A whole demo fight played by the default tactic, then verified from its replay.
//! let mut session = Session::<Andromeda>::start(Andromeda::demo_setup(), 7, 0).unwrap();
//! while let Some(command) = Andromeda::next_command(session.state()) {
//!     session.apply(command).unwrap();
//! }
//! assert!(session.replay().verify::<Andromeda>().is_ok());
//! ```
//!
//! ## JSON
//! A participant (the whole demo is [`DEMO_SETUP`]):
//! ```json
//! {"id": "vera", "side": "heroes", "rank": 2,
//!  "archetype": {"name": "Duelist", "strong": "control", "medium": "fortitude",
//!                "weak": "will", "signature": "missed_by_melee"},
//!  "skills": {"melee": {"value": 3, "rank": 2}},
//!  "abilities": [{"id": "flurry", "cost": 2, "rank": 1, "skill": "melee",
//!                 "defense": "control", "damage": "2/3/4/6",
//!                 "conditions": [{"condition": "vulnerable", "duration": "end_of_next_turn"}]}],
//!  "position": [0, 0], "accomplishment_points": 1}
//! ```
//! Commands: `{"type": "start_turn", "actor": "vera"}`,
//! `{"type": "use_ability", "actor": "vera", "ability": "flurry", "targets": ["warden"]}`,
//! `{"type": "improvise", "actor": "vera", "skill": "melee", "target": "warden",
//! "defense": "fortitude", "damage": "1/2/3/4"}`, `{"type": "grab", …}`, `{"type": "hide", …}`, `{"type": "move", "actor": "vera",
//! "to": [15, 0]}`, `{"type": "end_turn", "actor": "vera"}` ([`Command`] lists them all).
//! Events: `{"type": "heat_spent", "id": "vera", "amount": 1, "ability": "flurry",
//! "heat": 0}` and the rest of [`Event`]; [`describe`] turns one into a log line.
//!
//! ## Setup checks
//! A refusal names the JSON path, what was found and what is allowed
//! (`participants[0].rank: found 7, allowed 1..=4`). Ids and names (participants', and
//! abilities' and artifacts' within a participant) are non-empty and unique ignoring case;
//! every numeric field has a range ([`limits`], and the schema says the same). Legal but
//! suspicious values are warnings ([`fray_dice::Catalog::warnings`]): an ability that can
//! never hurt or whose damage line decreases (5/3/2/1, AND-20), a participant no enemy
//! ability can ever damage or exhaust (rank shifts and the table counted, AND-17), one out
//! from the start (Exhaustion ≥ rank × 5, AND-37) or with nothing to attack with, a fight
//! no side can win, an enemy's Heat cost without `settings.enemy_heat`, a save on a skill
//! nobody has, and settings that switch a rule off (advantage of 0, a base outcome no total
//! reaches, speeds falling with rank, a Step of 0 m, grab reach 0).
//!
//! ## Defaults (**\[default\]**) and how to replace them
//! Where the source is silent the crate picks a default; each is data, never code:
//! - **Outcome table** (AND-16): ≤ 9 Fail, 10–12 Success at a Cost, 13–15 Success, ≥ 16
//!   Critical. Replace with `settings.table` (`{"cost_from":…, "success_from":…,
//!   "critical_from":…}`) in the setup, or [`CheckSpec::table`].
//! - **Advantage** (AND-21): 3d8 keep the highest 2 (disadvantage: lowest 2); sources do not
//!   stack and cancel one for one. Replace with `settings.advantage`:
//!   `{"method":"extra_dice","dice":N}` (N = 0…4) or `{"method":"flat","bonus":B}`.
//! - **Opposed check** (AND-22): higher total, then higher skill rank, then the initiator
//!   fails. In a contested opening the enemy counts as initiator, so a full tie keeps the
//!   default opening (heroes). Losing an opposed check you initiated counts as a failed check
//!   for Heat: `settings.opposed_loss_heats` (default `true`).
//! - **Step** (AND-03): ⌊speed / 3⌋ whole metres: `settings.step_divisor`. Speeds by rank:
//!   `settings.speeds` (default `[10, 30, 100, 300]`), or a participant's `speed`.
//! - **Temporary stress** (AND-46): 2 × rank, 3 × rank for the archetypes named in
//!   `settings.heavy_archetypes` (Vanguard, Colossus, Авангард, Колосс):
//!   `settings.temp_stress_per_rank`, `settings.heavy_temp_stress_per_rank`, or an
//!   archetype's own `temp_stress_per_rank`.
//! - **Round limit**: the encounter ends undecided after `settings.round_limit` rounds
//!   (default 100), so a fight always ends. Setup refuses a limit outside 1..=1000, and one
//!   whose rounds times the turns of a round (every participant's `turns`, 1..=10) exceed
//!   10 000 turns ([`MAX_TURNS_PER_FIGHT`]): a fight nobody can win stops at its round
//!   limit, never at the simulation's command cap.
//! - **Reach**: an ability reaches 2 m unless its `range` says otherwise; the Grab action
//!   reaches `settings.grab_reach` (2 m). Distances are straight lines between integer
//!   points in metres, compared exactly by squares.
//! - **Skills the engine rolls**: Grab and Escape use `might` / `agility`, Hide and Seek
//!   `stealth` / `perception` (`settings.skill_names`); a missing skill rolls at value 0,
//!   rank 0.
//! - **Hide** (AND-39): opposed by the named enemy (`against`), or by the active enemy with
//!   the best Perception. Hidden means «противники не знают, где находится цель», so a hold
//!   keeps its two from hiding: the Grabbed never may (its grabber holds it, AND-34), and
//!   neither may the grabber while it holds someone (the one held knows where it is) unless
//!   `settings.grabber_can_hide` (default `false`). An ability's Hidden does not land on
//!   either of them.
//! - **A grab is an attack** (AND-41, «по обычным правилам атаки»): a Fail against the
//!   Duelist is a melee miss (AND-27), a Critical ends Invisible (AND-23), a Fail gives Heat
//!   (AND-26), it reveals a Hidden grabber and it triggers readied `enemy_attacks`.
//! - **Conditions**: an ability's condition lands on Success or better (`min_tier`); a
//!   Saving Throw removes it on Success or better (`save.min_tier`); a detection ability
//!   removes Invisible on Success or better against the rank of the ability that gave it.
//! - **Critical against Invisible** (AND-23): the extra option is always taken — Invisible
//!   ends.
//! - **Provoked attacks** (AND-14): a pending decision of each enemy provoked, in setup
//!   order ([`State::pending`], answered by `provoked_attack`): a free action with any of its
//!   melee attacks that reaches the provoker, or none. A participant's `style` (`melee`
//!   default, or `ranged`) says whether leaving melee reach provokes.
//! - **Ready** (AND-11): triggers `enemy_moves_into_range` (an enemy ends a movement inside
//!   the readied ability's range, having started outside it) and `enemy_attacks` (after the
//!   enemy's attack); at each trigger whose enemy it can reach, firing is a pending decision
//!   (answered by `readied`); held, it waits for a later trigger; a readied action triggers
//!   nothing further.
//! - **Reactions of the default policy** ([`Tactic::reactions`], default `always`): every
//!   provoked attack with the first affordable melee attack needing no artifact charge, every
//!   readied action at its first trigger — what the engine did by itself before version 3.
//! - **Reactions off turn**: reaction and free abilities may be used at any time during the
//!   combat (AND-13); actions and maneuvers only on one's own turn.
//! - **Reaction before the first turn** (AND-10, AND-13): available. The resources
//!   «обновляются» (are renewed) at the start of each turn, so a participant enters the
//!   combat with its reaction, and ambushed heroes may use a reaction ability in round 1
//!   before they act. `settings.reaction_before_first_turn: false` makes the reaction come
//!   with the first turn instead.
//! - **Improvised checks and attacks** (AND-11, «Любая активная попытка в бою может
//!   решаться проверкой навыка»): the `improvise` command (an action) rolls any `skill`
//!   against a task rank `difficulty`, or, with a `target`, attacks that enemy's `defense`
//!   with a `damage` line (`ranged`, `range` as an ability's; 2 m by default). It follows
//!   every rule a sheet's attack follows (Heat on Fail, provoked attacks, Hidden broken,
//!   readied triggers); a skill the sheet lacks rolls at value 0, rank 0. The default
//!   tactic does not improvise.
//! - **Reload X** (AND-12): X uses between reloads.
//! - **Heat for enemies** (AND-24 … AND-29): the source makes Heat a hero's resource, so by
//!   default enemies gain none and pay nothing for their abilities; `settings.enemy_heat:
//!   true` makes them follow the heroes' Heat rules. The simulation metric counts the
//!   heroes' Heat gained.
//! - **Area checks** (AND-26): an ability with `max_targets` > 1 rolls once; each target
//!   reads the same dice with its own advantage state (an extra die is rolled when any
//!   target needs one) and its own defense. One check gives at most 1 Heat.
//! - **Areas** (AND-01, «Размер круга всегда указывает его диаметр»): an ability with an
//!   `area` is used on a point (`"at": [x, y]`) instead of targets: `{"shape": "circle",
//!   "diameter": D}` centred on a point within its `range`; `{"shape": "line", "length": L,
//!   "width": W}` and `{"shape": "cone", "length": L}` start at the user and point towards
//!   `at`, a cone being as wide at each distance as that distance (**\[default\]**, ~53°).
//!   Everyone active inside, edge included, is affected — allies and the user of a circle
//!   too — by one roll compared with each (AND-26); nobody inside, nothing is rolled. Sizes
//!   are 1..=10 000 m ([`MAX_AREA`]); inside is decided on squared distances, integers only.
//!   The user's Hidden enemies inside are spared («не могут её атаковать»);
//!   `settings.areas_reach_hidden: true` lets an area reach them. An area ability is not
//!   readied and makes no provoked attack. The default tactic aims an area at an enemy's
//!   position where it catches no ally and itself, for the most expected damage.
//! - **Default tactic**: sides play members in setup order. A Grabbed actor attacks its
//!   grabber if it can, else tries to escape; an actor hides or grabs when its `tactic` hints
//!   say so, otherwise uses the attack with the best exact expected damage, moving towards
//!   the nearest visible enemy when nothing is in reach; a hero spends an Accomplishment
//!   Point to restore main stress at half or worse, or for the Heat an ability lacks.
#![deny(missing_docs)]

mod area;
mod catalog;
mod engine;
mod lint;
mod odds;
mod options;
mod policy;
mod prepared;
mod resolve;
mod setup;
mod text;

pub use area::{Area, MAX_AREA};
pub use catalog::{simulate, Andromeda, OddsSpec, DEMO_SETUP};
pub use engine::{
    dist2, within, Against, Benefit, Command, Condition, EdgeSource, Event, Fighter, HeatReason,
    Hold, MoveMode, Offer, Pending, Phase, Purpose, Readied, State, Status, Terms, Then, Trigger,
    MAX_COORD,
};
pub use odds::{damage_odds, grab_odds, odds, opposed_odds, tier_probabilities, total_odds};
pub use options::{options, preview};
pub use policy::{AndromedaPolicy, Reactions, Tactic, TargetPriority};
pub use resolve::{
    attack, check, check_batch, grab, opposed, opposed_winner, roll_total, AdvantageMethod,
    AttackResult, CheckResult, CheckSpec, Contestant, DamageLine, Decider, Edge, GrabEffect,
    GrabResult, KeptRoll, OpposedResult, OutcomeTable, Tier, DIE_SIDES, KEPT_DICE, MAX_CHECK_DICE,
    MAX_EXTRA_DICE,
};
pub use setup::{
    limits, Ability, ActionKind, Aim, Archetype, Artifact, ConditionEffect, ConditionKind, Defense,
    Duration, Id, Opening, ParticipantSetup, SaveSpec, Settings, Setup, Side, Signature, Skill,
    SkillNames, Style, TacticHints, MAX_ROUND_LIMIT, MAX_TURNS, MAX_TURNS_PER_FIGHT,
};
pub use text::{describe, line, prompt, LOCALES, TEXTS};
