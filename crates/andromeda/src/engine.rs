//! Layer 2: the encounter engine (AND-01 … AND-48).

use std::sync::Arc;

use fray_dice::{same_name, Dice, EventLog, Few, RuleError};
use serde::{Deserialize, Serialize};

use crate::check::{
    check, dice_needed, keep_from, opposed_winner, roll_total, CheckResult, CheckSpec, DamageLine,
    Decider, Edge, GrabEffect, KeptRoll, Tier, DIE_SIDES, MAX_CHECK_DICE,
};
use crate::prepared::{prepare, AbilityFacts, Prepared};
mod area;
mod grab;
mod hide;
mod improvised;
mod movement;
mod reactions;

fn improvised_range() -> u32 {
    2
}

use crate::setup::{
    Ability, ActionKind, Aim, ConditionKind, Defense, Duration, Id, Opening, ParticipantSetup,
    SaveSpec, Settings, Setup, Side, Signature, Skill,
};

/// Whether a participant is still in the fight (AND-48).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Fighting.
    Active,
    /// A hero whose stress is full.
    Unconscious,
    /// An enemy whose stress is full.
    Dead,
}

/// A condition on a participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Condition {
    /// Which condition.
    pub kind: ConditionKind,
    /// How long it lasts.
    pub duration: Duration,
    /// The bearer's turns taken when it was applied (durations hang on the bearer's turns).
    pub applied_turn: u32,
    /// Who applied it.
    pub source: Option<Id>,
    /// For Invisible: the rank of the ability that gave it (AND-40).
    pub source_rank: u32,
    /// The grab it belongs to, for `while_grab` conditions.
    pub hold: Option<u32>,
    /// Removable by Help Ally.
    pub help: bool,
    /// Removable by a Saving Throw.
    pub save: Option<SaveSpec>,
    /// Removable by Shake Off.
    pub shake_off: bool,
}

/// A readied action (AND-11).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Readied {
    /// The ability to perform.
    pub ability: Id,
    /// When.
    pub trigger: Trigger,
}

/// Triggers a Ready action can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Trigger {
    /// An enemy that started a movement out of the readied ability's range ends it inside.
    EnemyMovesIntoRange,
    /// An enemy within the readied ability's range makes an attack (fires after it).
    EnemyAttacks,
}

/// A grab being held (AND-41 … AND-44).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hold {
    /// Identifier of the hold.
    pub id: u32,
    /// Index of the grabber.
    pub grabber: usize,
    /// Index of the target.
    pub target: usize,
}

/// A participant during the fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Identifier.
    pub id: Id,
    /// Side.
    pub side: Side,
    /// In the fight, unconscious or dead.
    pub status: Status,
    /// Heat held (AND-24).
    pub heat: u32,
    /// Heat gained in this combat.
    pub heat_gained: u32,
    /// Whether the archetype's once-per-combat Heat was taken (AND-27).
    pub signature_used: bool,
    /// Accomplishment Points held.
    pub accomplishment_points: u32,
    /// Whether the once-per-scene Heat conversion was used (AND-29).
    pub accomplishment_heat_used: bool,
    /// Temporary stress boxes (AND-46).
    pub temp_max: u32,
    /// Temporary boxes filled.
    pub temp_stress: u32,
    /// Main boxes filled.
    pub main_stress: u32,
    /// Exhaustion X (AND-37).
    pub exhaustion: u32,
    /// Conditions.
    pub conditions: Vec<Condition>,
    /// Turns left this round (AND-08).
    pub turns_left: u32,
    /// Turns taken so far.
    pub turns_taken: u32,
    /// Action available.
    pub action: bool,
    /// Maneuver available.
    pub maneuver: bool,
    /// Reaction available.
    pub reaction: bool,
    /// Position in metres.
    pub position: [i64; 2],
    /// Charges left per artifact (same order as the setup's artifacts).
    pub charges: Vec<u32>,
    /// Readied action.
    pub ready: Option<Readied>,
    /// Stress boxes this participant's abilities filled (for [`fray_dice::Ruleset::standing`];
    /// not part of the state's JSON).
    #[serde(skip)]
    pub damage_dealt: u32,
    /// Stress boxes filled on this participant (AND-45).
    #[serde(skip)]
    pub damage_taken: u32,
    /// The round it was taken out in (AND-48).
    #[serde(skip)]
    pub defeated_round: Option<u32>,
}

/// Where the encounter is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Phase {
    /// `side` picks which of its members acts next (AND-07).
    Choosing {
        /// The side to pick.
        side: Side,
    },
    /// A participant's turn is running.
    Turn {
        /// Index of the acting participant.
        actor: usize,
    },
    /// The combat is over.
    Over {
        /// The winning side, or none (round limit).
        winner: Option<Side>,
    },
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// Tunable rules ([`State::settings`]).
    pub(crate) settings: Arc<Settings>,
    /// The participants as set up ([`State::roster`]). Shared, never changed: copies of the
    /// state (a session applies each command to a copy) and the abilities a command is
    /// using do not clone it.
    #[serde(serialize_with = "crate::setup::shared_list::serialize")]
    pub(crate) roster: Arc<Vec<ParticipantSetup>>,
    /// What is derived from `settings` and `roster` once (skills and artifacts by index):
    /// private like them, so it cannot fall out of step with them.
    #[serde(skip)]
    pub(crate) prepared: Arc<Prepared>,
    /// The participants now.
    pub fighters: Vec<Fighter>,
    /// Current round, from 1.
    pub round: u32,
    /// The side that opens every round (AND-06).
    pub opening: Side,
    /// Where the encounter is.
    pub phase: Phase,
    /// The side that took the last turn this round.
    pub last_side: Option<Side>,
    /// Grabs being held.
    pub holds: Vec<Hold>,
    /// Next hold id.
    pub next_hold: u32,
}

/// Why Heat was gained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeatReason {
    /// Start of own turn (AND-25).
    TurnStart,
    /// A check whose final outcome was Fail (AND-26).
    FailedCheck,
    /// The archetype's signature moment (AND-27).
    Signature,
    /// An Accomplishment Point (AND-29).
    Accomplishment,
}

/// How someone moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// The Move maneuver.
    Move,
    /// The Step maneuver.
    Step,
    /// The Extra Move action.
    ExtraMove,
    /// Dragged along by a grabber's Step.
    Dragged,
}

/// What an Accomplishment Point bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Benefit {
    /// +2 Heat (AND-29).
    Heat,
    /// One condition removed (AND-38).
    RemoveCondition,
    /// Main stress restored (AND-47).
    RestoreStress,
}

/// What a check was for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Purpose {
    /// An ability (attack or check).
    Ability {
        /// Its id.
        id: Id,
    },
    /// An improvised check or attack with a skill (AND-11).
    Improvised {
        /// The skill rolled.
        skill: String,
    },
    /// The Grab action.
    Grab,
    /// A Saving Throw against a condition.
    SavingThrow {
        /// The condition.
        condition: ConditionKind,
    },
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The combat began; `opening` opens every round.
    CombatStarted {
        /// The opening side.
        opening: Side,
        /// "default", "ambush" or "contested".
        how: String,
    },
    /// A participant's stress boxes for the scene.
    Stress {
        /// Who.
        id: Id,
        /// Temporary boxes.
        temp_max: u32,
        /// Main boxes (after Exhaustion).
        main_max: u32,
    },
    /// A round began.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A participant began a turn.
    TurnStarted {
        /// Who.
        actor: Id,
        /// Turns it has left this round after this one.
        turns_left: u32,
    },
    /// A participant ended its turn.
    TurnEnded {
        /// Who.
        actor: Id,
    },
    /// The round ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// Heat gained.
    HeatGained {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
        /// Why.
        reason: HeatReason,
        /// Heat now.
        heat: u32,
    },
    /// Heat spent on an ability (AND-28).
    HeatSpent {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
        /// On what.
        ability: Id,
        /// Heat now.
        heat: u32,
    },
    /// Unused Heat burned off at the end of combat (AND-24).
    HeatBurned {
        /// Who.
        id: Id,
        /// How much.
        amount: u32,
    },
    /// Someone moved.
    Moved {
        /// Who.
        id: Id,
        /// How.
        mode: MoveMode,
        /// From.
        from: [i64; 2],
        /// To.
        to: [i64; 2],
    },
    /// A check or attack roll against one target.
    Check {
        /// Who rolled.
        actor: Id,
        /// What for.
        purpose: Purpose,
        /// Against whom.
        target: Option<Id>,
        /// Dice rolled.
        dice: Vec<u8>,
        /// The two kept.
        kept: [u8; 2],
        /// Kept dice + skill value.
        total: i32,
        /// Task rank or defense.
        difficulty: i32,
        /// Advantage state.
        edge: Edge,
        /// Tier from the table.
        base: Tier,
        /// Tier shift.
        shift: i32,
        /// Final tier.
        tier: Tier,
        /// A provoked attack (AND-14).
        provoked: bool,
        /// A readied action firing (AND-11).
        readied: bool,
    },
    /// An opposed check (AND-22).
    Opposed {
        /// "opening", "hide", "seek" or "escape".
        purpose: String,
        /// Who started it.
        initiator: Id,
        /// Against whom.
        opponent: Id,
        /// The initiator's dice.
        initiator_dice: Vec<u8>,
        /// The initiator's total.
        initiator_total: i32,
        /// The opponent's dice.
        opponent_dice: Vec<u8>,
        /// The opponent's total.
        opponent_total: i32,
        /// Whether the initiator won.
        initiator_wins: bool,
        /// What decided it.
        decided_by: Decider,
    },
    /// Damage taken (AND-45).
    Damaged {
        /// Who.
        id: Id,
        /// Points.
        amount: u32,
        /// Temporary boxes filled now.
        temp_stress: u32,
        /// Main boxes filled now.
        main_stress: u32,
        /// Main boxes in all.
        main_max: u32,
    },
    /// A condition began.
    ConditionApplied {
        /// On whom.
        id: Id,
        /// Which.
        condition: ConditionKind,
        /// How long.
        duration: Duration,
        /// By whom.
        source: Option<Id>,
    },
    /// A condition from one source ended.
    ConditionEnded {
        /// On whom.
        id: Id,
        /// Which.
        condition: ConditionKind,
        /// Who had applied the one that ended.
        source: Option<Id>,
        /// Whether the bearer still has the condition from another source.
        remains: bool,
        /// Why.
        reason: String,
    },
    /// Exhaustion rose (AND-37).
    Exhausted {
        /// Who.
        id: Id,
        /// Added.
        amount: u32,
        /// X now.
        total: u32,
        /// Main boxes now.
        main_max: u32,
    },
    /// A grab took hold (AND-41).
    GrabStarted {
        /// The grabber.
        grabber: Id,
        /// The target.
        target: Id,
        /// The table's effect.
        effect: GrabEffect,
    },
    /// A grab failed (AND-41).
    GrabFailed {
        /// The would-be grabber.
        grabber: Id,
        /// The target.
        target: Id,
    },
    /// A grab ended.
    GrabEnded {
        /// The grabber.
        grabber: Id,
        /// The target.
        target: Id,
        /// Why.
        reason: String,
    },
    /// Stress full (AND-48).
    Defeated {
        /// Who.
        id: Id,
        /// Unconscious or dead.
        status: Status,
    },
    /// A Ready action was declared (AND-11).
    ReadyDeclared {
        /// Who.
        id: Id,
        /// What.
        ability: Id,
        /// When.
        trigger: Trigger,
    },
    /// A readied action fired.
    ReadyTriggered {
        /// Who.
        id: Id,
        /// At whom.
        target: Id,
    },
    /// A readied action lapsed unused at the start of its owner's turn.
    ReadyLapsed {
        /// Who.
        id: Id,
    },
    /// A provoked attack is made (AND-14).
    Provoked {
        /// The attacker.
        by: Id,
        /// The provoker.
        against: Id,
        /// "ranged attack in melee" or "left melee reach".
        why: String,
    },
    /// An artifact was reloaded.
    Reloaded {
        /// Who.
        id: Id,
        /// Which artifact.
        artifact: Id,
        /// Charges now.
        charges: u32,
    },
    /// An artifact charge was used.
    ChargeUsed {
        /// Who.
        id: Id,
        /// Which artifact.
        artifact: Id,
        /// Charges left.
        charges: u32,
    },
    /// An Accomplishment Point was spent.
    AccomplishmentSpent {
        /// Who.
        id: Id,
        /// On what.
        benefit: Benefit,
        /// Points left.
        left: u32,
    },
    /// Main stress restored (AND-47).
    StressRestored {
        /// Who.
        id: Id,
        /// Main boxes filled now.
        main_stress: u32,
    },
    /// The combat ended.
    CombatEnded {
        /// The side still standing, or none.
        winner: Option<Side>,
        /// Rounds played.
        rounds: u32,
    },
}

/// One decision. Every command names its `actor`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// The side whose slot it is picks `actor` to take a turn (AND-07).
    StartTurn {
        /// Who.
        actor: Id,
    },
    /// Ends the running turn.
    EndTurn {
        /// Who.
        actor: Id,
    },
    /// Uses an ability (an attack, a check, or an effect without a check).
    UseAbility {
        /// Who.
        actor: Id,
        /// Which ability.
        ability: Id,
        /// Targets (none for self-only and area abilities).
        #[serde(default)]
        targets: Vec<Id>,
        /// The point an area ability is aimed at (AND-01): a circle's centre, within the
        /// ability's range; the direction of a line or cone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<[i64; 2]>,
    },
    /// An improvised skill check or attack (action, AND-11): «Любая активная попытка в бою
    /// может решаться проверкой навыка». With a `target`, an attack on that enemy's
    /// `defense`, dealing `damage` by its final tier; without, a check against the task rank
    /// `difficulty`. A skill the actor lacks rolls at value 0, rank 0.
    Improvise {
        /// Who.
        actor: Id,
        /// The skill rolled.
        skill: String,
        /// The enemy attacked; none for a plain check.
        #[serde(default)]
        target: Option<Id>,
        /// The defense an attack targets (AND-18); required with a target.
        #[serde(default)]
        defense: Option<Defense>,
        /// The task rank of a plain check (AND-17).
        #[serde(default)]
        difficulty: i32,
        /// The damage line of an attack (AND-20).
        #[serde(default)]
        damage: Option<DamageLine>,
        /// A ranged attack (provokes in melee, AND-14); otherwise melee.
        #[serde(default)]
        ranged: bool,
        /// Reach in metres (**\[default\]** 2 m, as an ability's).
        #[serde(default = "improvised_range")]
        range: u32,
    },
    /// Grab (action, AND-41).
    Grab {
        /// Who.
        actor: Id,
        /// Whom.
        target: Id,
    },
    /// Escape a grab (action, AND-44) with might or agility.
    Escape {
        /// Who.
        actor: Id,
        /// The skill: the might or agility skill name.
        skill: String,
    },
    /// Release a held grab (free action, AND-42).
    Release {
        /// Who.
        actor: Id,
    },
    /// Try to become Hidden (action, AND-39).
    Hide {
        /// Who.
        actor: Id,
        /// The enemy whose Perception opposes; default the most perceptive active enemy.
        #[serde(default)]
        against: Option<Id>,
    },
    /// Look for a Hidden enemy (action, AND-39).
    Seek {
        /// Who.
        actor: Id,
        /// The hidden one.
        target: Id,
    },
    /// Give away one's position: Hidden ends (free, AND-35).
    Reveal {
        /// Who.
        actor: Id,
    },
    /// Move maneuver (AND-03).
    Move {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Step maneuver: a third of speed, provokes nothing (AND-03).
    Step {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Extra Move action (AND-03).
    ExtraMove {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Reload an artifact (maneuver, AND-12).
    Reload {
        /// Who.
        actor: Id,
        /// Which artifact.
        artifact: Id,
    },
    /// Remove a condition from an ally, if the effect allows help (maneuver, AND-12).
    HelpAlly {
        /// Who.
        actor: Id,
        /// Whom.
        ally: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Saving Throw against one's own condition (maneuver, AND-12).
    SavingThrow {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Shake off a lasting effect such as bonds (maneuver, AND-12; never a grab, AND-44).
    ShakeOff {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Ready an ability until the start of the next turn (action, AND-11).
    Ready {
        /// Who.
        actor: Id,
        /// The ability (an action aimed at enemies).
        ability: Id,
        /// When it fires.
        trigger: Trigger,
    },
    /// Spend an Accomplishment Point for +2 Heat, once per scene (AND-29).
    AccomplishmentHeat {
        /// Who.
        actor: Id,
    },
    /// Spend an Accomplishment Point to remove one own condition, not Exhaustion (AND-38).
    AccomplishmentRemove {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Spend an Accomplishment Point to restore main stress (AND-47).
    AccomplishmentRestore {
        /// Who.
        actor: Id,
    },
}

impl Command {
    /// The participant the command is for.
    pub fn actor(&self) -> &str {
        match self {
            Command::StartTurn { actor }
            | Command::EndTurn { actor }
            | Command::UseAbility { actor, .. }
            | Command::Improvise { actor, .. }
            | Command::Grab { actor, .. }
            | Command::Escape { actor, .. }
            | Command::Release { actor }
            | Command::Hide { actor, .. }
            | Command::Seek { actor, .. }
            | Command::Reveal { actor }
            | Command::Move { actor, .. }
            | Command::Step { actor, .. }
            | Command::ExtraMove { actor, .. }
            | Command::Reload { actor, .. }
            | Command::HelpAlly { actor, .. }
            | Command::SavingThrow { actor, .. }
            | Command::ShakeOff { actor, .. }
            | Command::Ready { actor, .. }
            | Command::AccomplishmentHeat { actor }
            | Command::AccomplishmentRemove { actor, .. }
            | Command::AccomplishmentRestore { actor } => actor,
        }
    }
}

/// One of the commands the default tactic gives, with participants, abilities and artifacts
/// as indices while the tactic works it out; [`Resolved::command`] names them for `apply`.
#[derive(Clone, Debug)]
pub(crate) enum Resolved {
    StartTurn(usize),
    EndTurn(usize),
    UseAbility {
        actor: usize,
        ability: usize,
        targets: Targets,
        at: Option<[i64; 2]>,
    },
    /// Move (the maneuver) or, if `extra`, Extra Move (the action).
    Move {
        actor: usize,
        to: [i64; 2],
        extra: bool,
    },
    Grab {
        actor: usize,
        target: usize,
    },
    /// Escape with the agility skill, or else with might.
    Escape {
        actor: usize,
        agility: bool,
    },
    /// Hide from the most perceptive enemy.
    Hide(usize),
    Seek {
        actor: usize,
        target: usize,
    },
    Reload {
        actor: usize,
        artifact: usize,
    },
    AccomplishmentHeat(usize),
    AccomplishmentRestore(usize),
}

/// The targets of one ability use, on the stack up to [`INLINE_TARGETS`].
pub(crate) type Targets = Few<usize, INLINE_TARGETS>;

impl Resolved {
    /// The command this is.
    pub(crate) fn command(&self, state: &State) -> Command {
        let id = |i: usize| state.fighters[i].id.clone();
        match self {
            Resolved::StartTurn(a) => Command::StartTurn { actor: id(*a) },
            Resolved::EndTurn(a) => Command::EndTurn { actor: id(*a) },
            Resolved::UseAbility {
                actor,
                ability,
                targets,
                at,
            } => Command::UseAbility {
                actor: id(*actor),
                ability: state.roster[*actor].abilities[*ability].id.clone(),
                targets: targets.iter().map(|&t| id(t)).collect(),
                at: *at,
            },
            Resolved::Move { actor, to, extra } => {
                let (actor, to) = (id(*actor), *to);
                if *extra {
                    Command::ExtraMove { actor, to }
                } else {
                    Command::Move { actor, to }
                }
            }
            Resolved::Grab { actor, target } => Command::Grab {
                actor: id(*actor),
                target: id(*target),
            },
            Resolved::Escape { actor, agility } => {
                let names = &state.settings.skill_names;
                Command::Escape {
                    actor: id(*actor),
                    skill: if *agility {
                        names.agility.clone()
                    } else {
                        names.might.clone()
                    },
                }
            }
            Resolved::Hide(actor) => Command::Hide {
                actor: id(*actor),
                against: None,
            },
            Resolved::Seek { actor, target } => Command::Seek {
                actor: id(*actor),
                target: id(*target),
            },
            Resolved::Reload { actor, artifact } => Command::Reload {
                actor: id(*actor),
                artifact: state.roster[*actor].artifacts[*artifact].id.clone(),
            },
            Resolved::AccomplishmentHeat(actor) => {
                Command::AccomplishmentHeat { actor: id(*actor) }
            }
            Resolved::AccomplishmentRestore(actor) => {
                Command::AccomplishmentRestore { actor: id(*actor) }
            }
        }
    }
}

fn err(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// Largest absolute coordinate in metres, so squared distances never overflow.
pub const MAX_COORD: i64 = 1_000_000_000;

/// Squared distance in square metres (exact; no square roots, AND-01). Each offset is below
/// 2^64, so each square is one 64×64-bit multiply; the sum is exact for any positions
/// within [`MAX_COORD`] and saturates far beyond it.
pub fn dist2(a: [i64; 2], b: [i64; 2]) -> i128 {
    let dx = u128::from(a[0].abs_diff(b[0]));
    let dy = u128::from(a[1].abs_diff(b[1]));
    i128::try_from((dx * dx).saturating_add(dy * dy)).unwrap_or(i128::MAX)
}

/// [`dist2`] in 64 bits, saturating: exact for positions within [`MAX_COORD`], and a
/// saturated distance is still beyond every reach (a `u32` squared is below `u64::MAX`), so
/// comparing it with a reach answers as [`dist2`] does, at one machine word.
pub(crate) fn dist2_saturating(a: [i64; 2], b: [i64; 2]) -> u64 {
    let (dx, dy) = (a[0].abs_diff(b[0]), a[1].abs_diff(b[1]));
    dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
}

/// Whether the squared distance `d2` (from [`dist2_saturating`]) is within `metres`.
pub(crate) fn reaches(d2: u64, metres: u32) -> bool {
    d2 <= u64::from(metres) * u64::from(metres)
}

/// Whether `b` is within `metres` of `a`.
pub fn within(a: [i64; 2], b: [i64; 2], metres: u32) -> bool {
    reaches(dist2_saturating(a, b), metres)
}

type Events = EventLog<Event>;

/// Up to this many targets of one ability use are kept on the stack; more spill to the heap.
const INLINE_TARGETS: usize = 4;

/// The index of ability `id` of roster entry `i` (named `who` in the refusal).
fn ability_index(
    roster: &[ParticipantSetup],
    i: usize,
    id: &str,
    who: &str,
) -> Result<usize, RuleError> {
    roster[i]
        .abilities
        .iter()
        .position(|a| same_name(&a.id, id))
        .ok_or_else(|| err("AND-11", format!("{who} has no ability {id:?}")))
}

impl State {
    /// Builds the state, emitting the start events (opening resolved, round 1 begun).
    pub fn start<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        ev: &mut Events,
    ) -> Result<State, RuleError> {
        let prepared = prepare(setup)?;
        let fighters = setup
            .participants
            .iter()
            .zip(&prepared.temp_max)
            .map(|(p, &temp_max)| Fighter {
                id: p.id.clone(),
                side: p.side,
                status: Status::Active,
                heat: 0,
                heat_gained: 0,
                signature_used: false,
                accomplishment_points: p.accomplishment_points,
                accomplishment_heat_used: false,
                temp_max,
                temp_stress: 0,
                main_stress: 0,
                exhaustion: p.exhaustion,
                conditions: Vec::new(),
                turns_left: p.turns,
                turns_taken: 0,
                action: false,
                maneuver: false,
                // AND-10/13: a reaction is at hand from the start of the combat, unless the
                // setting keeps it until the participant's first turn.
                reaction: setup.settings.reaction_before_first_turn,
                position: p.position,
                charges: p.artifacts.iter().map(|a| a.reload).collect(),
                ready: None,
                damage_dealt: 0,
                damage_taken: 0,
                defeated_round: None,
            })
            .collect();
        let mut state = State {
            settings: Arc::clone(&setup.settings),
            roster: Arc::clone(&setup.participants),
            prepared,
            fighters,
            round: 1,
            opening: Side::Heroes,
            phase: Phase::Choosing { side: Side::Heroes },
            last_side: None,
            holds: Vec::new(),
            next_hold: 0,
        };
        // The contest's events follow CombatStarted, which needs its result.
        let mut contest = ev.nested();
        let (opening, how) = match &setup.opening {
            Opening::Default => (Side::Heroes, "default"),
            Opening::Ambush => (Side::Enemies, "ambush"),
            Opening::Contested {
                hero,
                hero_skill,
                enemy,
                enemy_skill,
            } => {
                let h = state.find(hero)?;
                let e = state.find(enemy)?;
                // Neither side acted first: the enemy is the initiator, so a full tie keeps
                // the status quo of AND-05, heroes open.
                let enemy_wins = state.opposed(
                    dice,
                    "opening",
                    (e, state.skill(e, enemy_skill)),
                    (h, state.skill(h, hero_skill)),
                    false,
                    &mut contest,
                )?;
                (
                    if enemy_wins {
                        Side::Enemies
                    } else {
                        Side::Heroes
                    },
                    "contested",
                )
            }
        };
        state.opening = opening;
        state.phase = Phase::Choosing { side: opening };
        ev.emit(|| Event::CombatStarted {
            opening,
            how: how.into(),
        });
        ev.append(contest);
        for i in 0..state.fighters.len() {
            ev.emit(|| Event::Stress {
                id: state.fighters[i].id.clone(),
                temp_max: state.fighters[i].temp_max,
                main_max: state.main_max(i),
            });
        }
        for i in 0..state.fighters.len() {
            if state.main_max(i) == 0 {
                state.fill_and_defeat(i, ev);
            }
        }
        ev.emit(|| Event::RoundStarted { round: 1 });
        state.check_over(ev);
        Ok(state)
    }

    // ----- lookups -----

    /// Index of the participant `id`.
    pub fn find(&self, id: &str) -> Result<usize, RuleError> {
        self.fighters
            .iter()
            .position(|f| same_name(&f.id, id))
            .ok_or_else(|| err("AND-09", format!("there is no participant {id:?}")))
    }

    /// A skill of participant `i` (value 0, rank 0 when it lacks it).
    pub fn skill(&self, i: usize, name: &str) -> Skill {
        self.roster[i].skills.get(name).copied().unwrap_or_default()
    }

    /// The defense value of participant `i` (AND-19).
    pub fn defense(&self, i: usize, d: Defense) -> i32 {
        self.roster[i].defense(d)
    }

    /// Whether participant `i` bears `kind`.
    pub fn has(&self, i: usize, kind: ConditionKind) -> bool {
        self.fighters[i].conditions.iter().any(|c| c.kind == kind)
    }

    /// Current speed in metres (AND-02, AND-33, AND-34).
    pub fn speed(&self, i: usize) -> u32 {
        if self.has(i, ConditionKind::Grabbed) || self.has(i, ConditionKind::Immobilized) {
            return 0;
        }
        let p = &self.roster[i];
        p.speed
            .unwrap_or(self.settings.speeds[(p.rank as usize).clamp(1, 4) - 1])
    }

    /// Maximum main stress: rank × 5 − Exhaustion, never negative (AND-37, AND-46).
    pub fn main_max(&self, i: usize) -> u32 {
        (self.roster[i].rank * 5).saturating_sub(self.fighters[i].exhaustion)
    }

    /// Whether participant `i` is still fighting.
    pub fn active(&self, i: usize) -> bool {
        self.fighters[i].status == Status::Active
    }

    /// The hold in which `i` is the grabber.
    pub fn holding(&self, i: usize) -> Option<Hold> {
        self.holds.iter().copied().find(|h| h.grabber == i)
    }

    /// The hold in which `i` is the target.
    pub fn held_by(&self, i: usize) -> Option<Hold> {
        self.holds.iter().copied().find(|h| h.target == i)
    }

    /// Whether participant `i` gains and spends Heat (heroes; enemies only by setting).
    pub fn uses_heat(&self, i: usize) -> bool {
        self.fighters[i].side == Side::Heroes || self.settings.enemy_heat
    }

    /// Current Heat cost of an ability for participant `i` (AND-28).
    pub fn cost(&self, i: usize, ability: &Ability) -> u32 {
        if !self.uses_heat(i) {
            return 0;
        }
        let rank = self.roster[i].rank;
        let reduction = rank.saturating_sub(ability.rank);
        ability.cost.saturating_sub(reduction)
    }

    /// The ability `id` of participant `i`.
    pub fn ability(&self, i: usize, id: &str) -> Result<&Ability, RuleError> {
        let k = ability_index(&self.roster, i, id, &self.fighters[i].id)?;
        Ok(&self.roster[i].abilities[k])
    }

    /// The tunable rules this encounter plays by.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The participants as set up, in setup order (the index of [`State::fighters`]).
    pub fn roster(&self) -> &[ParticipantSetup] {
        &self.roster
    }

    /// What ability `k` of participant `i` rolls and uses, resolved once per setup.
    pub(crate) fn facts(&self, i: usize, k: usize) -> AbilityFacts {
        self.prepared.abilities[i][k]
    }

    /// Whether the side still has someone able to fight.
    pub fn side_alive(&self, side: Side) -> bool {
        (0..self.fighters.len()).any(|i| self.fighters[i].side == side && self.active(i))
    }

    fn side_has_turns(&self, side: Side) -> bool {
        self.fighters
            .iter()
            .any(|f| f.side == side && f.status == Status::Active && f.turns_left > 0)
    }

    /// The edge of an attack by `a` on `t` (AND-21, AND-31, AND-32, AND-34, AND-36, AND-42).
    pub fn attack_edge(&self, a: usize, t: usize) -> Edge {
        let advantage = self.has(t, ConditionKind::Vulnerable);
        let grabbed_elsewhere =
            self.has(a, ConditionKind::Grabbed) && self.held_by(a).is_some_and(|h| h.grabber != t);
        let holding_elsewhere = self.holding(a).is_some_and(|h| h.target != t);
        let disadvantage = self.has(a, ConditionKind::Weakened)
            || grabbed_elsewhere
            || holding_elsewhere
            || self.has(t, ConditionKind::Invisible);
        Edge::from_sources(advantage, disadvantage)
    }

    /// The edge of a check that is not an attack (AND-32).
    pub fn check_edge(&self, a: usize) -> Edge {
        Edge::from_sources(false, self.has(a, ConditionKind::Weakened))
    }

    /// Whether the combat is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    // ----- validation helpers -----

    fn require_active(&self, i: usize) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(err("AND-48", "the combat is over"));
        }
        if !self.active(i) {
            return Err(err(
                "AND-09",
                format!(
                    "{} is {:?} and cannot act",
                    self.fighters[i].id, self.fighters[i].status
                ),
            ));
        }
        Ok(())
    }

    fn require_resource(&self, i: usize, kind: ActionKind) -> Result<(), RuleError> {
        self.require_active(i)?;
        let f = &self.fighters[i];
        let on_turn = self.phase == Phase::Turn { actor: i };
        match kind {
            ActionKind::Action | ActionKind::Maneuver if !on_turn => Err(err(
                "AND-07",
                format!(
                    "it is not {}'s turn; actions and maneuvers are taken on one's own turn",
                    f.id
                ),
            )),
            ActionKind::Action if !f.action => Err(err(
                "AND-10",
                format!("{} has already spent its action this turn", f.id),
            )),
            ActionKind::Maneuver if !f.maneuver => Err(err(
                "AND-10",
                format!("{} has already spent its maneuver this turn", f.id),
            )),
            ActionKind::Reaction if !f.reaction => Err(err(
                "AND-10",
                format!(
                    "{} has no reaction left; it refreshes at the start of its own turn",
                    f.id
                ),
            )),
            _ => Ok(()),
        }
    }

    fn spend(&mut self, i: usize, kind: ActionKind) {
        let f = &mut self.fighters[i];
        match kind {
            ActionKind::Action => f.action = false,
            ActionKind::Maneuver => f.maneuver = false,
            ActionKind::Reaction => f.reaction = false,
            ActionKind::Free => {}
        }
    }

    /// Whether `a` may attack `t`: what [`State::require_enemy_target`] checks, as a yes or
    /// no for the callers that skip whom they may not attack.
    pub(crate) fn attackable(&self, a: usize, t: usize) -> bool {
        self.fighters[t].side != self.fighters[a].side
            && self.active(t)
            && !self.has(t, ConditionKind::Hidden)
    }

    fn require_enemy_target(
        &self,
        a: usize,
        t: usize,
        rule: &'static str,
    ) -> Result<(), RuleError> {
        if self.fighters[t].side == self.fighters[a].side {
            return Err(err(
                rule,
                format!(
                    "{} is not an enemy of {}",
                    self.fighters[t].id, self.fighters[a].id
                ),
            ));
        }
        if !self.active(t) {
            return Err(err(
                "AND-48",
                format!("{} is out of the fight", self.fighters[t].id),
            ));
        }
        if self.has(t, ConditionKind::Hidden) {
            return Err(err(
                "AND-35",
                format!(
                    "{} is Hidden: its enemies do not know where it is and cannot attack it",
                    self.fighters[t].id
                ),
            ));
        }
        Ok(())
    }

    // ----- mutation helpers -----

    fn gain_heat(&mut self, i: usize, amount: u32, reason: HeatReason, ev: &mut Events) {
        if !self.uses_heat(i) {
            return;
        }
        let f = &mut self.fighters[i];
        f.heat = f.heat.saturating_add(amount);
        f.heat_gained = f.heat_gained.saturating_add(amount);
        ev.emit(|| Event::HeatGained {
            id: f.id.clone(),
            amount,
            reason,
            heat: f.heat,
        });
    }

    fn signature(&mut self, i: usize, moment: Signature, ev: &mut Events) {
        if self.roster[i].archetype.signature == moment
            && moment != Signature::None
            && !self.fighters[i].signature_used
            && self.active(i)
        {
            self.fighters[i].signature_used = true;
            self.gain_heat(i, 1, HeatReason::Signature, ev);
        }
    }

    fn add_condition(&mut self, i: usize, c: Condition, ev: &mut Events) {
        ev.emit(|| Event::ConditionApplied {
            id: self.fighters[i].id.clone(),
            condition: c.kind,
            duration: c.duration,
            source: c.source.clone(),
        });
        let kind = c.kind;
        self.fighters[i].conditions.push(c);
        if matches!(kind, ConditionKind::Grabbed | ConditionKind::Immobilized) {
            if let Some(h) = self.holding(i) {
                self.end_hold(h.id, "the grabber became Grabbed or Immobilized", ev);
            }
        }
        if kind == ConditionKind::Hidden {
            self.signature(i, Signature::EntersHidden, ev);
        }
    }

    fn new_condition(
        &self,
        i: usize,
        kind: ConditionKind,
        duration: Duration,
        source: Option<usize>,
    ) -> Condition {
        Condition {
            kind,
            duration,
            applied_turn: self.fighters[i].turns_taken,
            source: source.map(|s| self.fighters[s].id.clone()),
            source_rank: 0,
            hold: None,
            help: false,
            save: None,
            shake_off: false,
        }
    }

    /// Removes every condition of `i` matching `pred`; a removed Grabbed ends its hold.
    fn remove_conditions(
        &mut self,
        i: usize,
        pred: impl Fn(&Condition) -> bool,
        reason: &str,
        ev: &mut Events,
    ) {
        let f = &mut self.fighters[i];
        if f.conditions.is_empty() {
            return;
        }
        let mut removed_grabbed = false;
        // Whether the condition remains (another source holds it) is known only once every
        // removal is done: the ended ones are collected, when recording, and told after.
        let recording = ev.is_recording();
        let mut ended: Vec<(ConditionKind, Option<Id>)> = Vec::new();
        f.conditions.retain(|c| {
            let remove = pred(c);
            if remove {
                removed_grabbed |= c.kind == ConditionKind::Grabbed;
                if recording {
                    ended.push((c.kind, c.source.clone()));
                }
            }
            !remove
        });
        for (condition, source) in ended {
            let remains = f.conditions.iter().any(|c| c.kind == condition);
            ev.emit(|| Event::ConditionEnded {
                id: f.id.clone(),
                condition,
                source,
                remains,
                reason: reason.into(),
            });
        }
        if removed_grabbed {
            if let Some(h) = self.held_by(i) {
                self.end_hold(h.id, reason, ev);
            }
        }
    }

    fn fill_and_defeat(&mut self, i: usize, ev: &mut Events) {
        let max = self.main_max(i);
        let f = &mut self.fighters[i];
        f.main_stress = max;
        f.temp_stress = f.temp_max;
        self.defeat(i, ev);
    }

    fn defeat(&mut self, i: usize, ev: &mut Events) {
        if !self.active(i) {
            return;
        }
        let status = match self.fighters[i].side {
            Side::Heroes => Status::Unconscious,
            Side::Enemies => Status::Dead,
        };
        self.fighters[i].status = status;
        self.fighters[i].ready = None;
        self.fighters[i].defeated_round = Some(self.round);
        ev.emit(|| Event::Defeated {
            id: self.fighters[i].id.clone(),
            status,
        });
        if let Some(h) = self.holding(i) {
            self.end_hold(h.id, "the grabber is out of the fight", ev);
        }
        if let Some(h) = self.held_by(i) {
            self.end_hold(h.id, "the target is out of the fight", ev);
        }
    }

    /// `by`'s ability deals `amount` to `i`: temporary boxes fill first, then main boxes
    /// (AND-45, AND-46); full → defeat (AND-48).
    fn damage(&mut self, by: usize, i: usize, amount: u32, ev: &mut Events) {
        if amount == 0 || !self.active(i) {
            return;
        }
        let max = self.main_max(i);
        let f = &mut self.fighters[i];
        let to_temp = amount.min(f.temp_max - f.temp_stress);
        let main_before = f.main_stress;
        f.temp_stress += to_temp;
        f.main_stress = f.main_stress.saturating_add(amount - to_temp).min(max);
        let filled = to_temp + f.main_stress.saturating_sub(main_before);
        f.damage_taken += filled;
        self.fighters[by].damage_dealt += filled;
        let f = &self.fighters[i];
        ev.emit(|| Event::Damaged {
            id: f.id.clone(),
            amount,
            temp_stress: f.temp_stress,
            main_stress: f.main_stress,
            main_max: max,
        });
        if f.temp_stress == f.temp_max && f.main_stress >= max {
            self.defeat(i, ev);
        }
    }

    fn exhaust(&mut self, i: usize, amount: u32, ev: &mut Events) {
        if !self.active(i) {
            return;
        }
        self.fighters[i].exhaustion = self.fighters[i].exhaustion.saturating_add(amount);
        let max = self.main_max(i);
        ev.emit(|| Event::Exhausted {
            id: self.fighters[i].id.clone(),
            amount,
            total: self.fighters[i].exhaustion,
            main_max: max,
        });
        if self.fighters[i].main_stress >= max {
            self.fill_and_defeat(i, ev);
        }
    }

    fn check_over(&mut self, ev: &mut Events) -> bool {
        if self.is_over() {
            return true;
        }
        let heroes = self.side_alive(Side::Heroes);
        let enemies = self.side_alive(Side::Enemies);
        if heroes && enemies {
            return false;
        }
        let winner = match (heroes, enemies) {
            (true, false) => Some(Side::Heroes),
            (false, true) => Some(Side::Enemies),
            _ => None,
        };
        self.end_combat(winner, ev);
        true
    }

    /// End of combat: Heat burns (AND-24); scene conditions and temporary boxes go.
    fn end_combat(&mut self, winner: Option<Side>, ev: &mut Events) {
        for i in 0..self.fighters.len() {
            let heat = self.fighters[i].heat;
            if heat > 0 {
                self.fighters[i].heat = 0;
                ev.emit(|| Event::HeatBurned {
                    id: self.fighters[i].id.clone(),
                    amount: heat,
                });
            }
            self.fighters[i].temp_stress = 0;
            self.fighters[i].temp_max = 0;
            self.fighters[i].ready = None;
            self.remove_conditions(
                i,
                |c| matches!(c.duration, Duration::EndOfScene | Duration::EndOfRound),
                "the scene ended",
                ev,
            );
        }
        self.phase = Phase::Over { winner };
        ev.emit(|| Event::CombatEnded {
            winner,
            rounds: self.round,
        });
    }

    // ----- turn order -----

    fn start_turn(&mut self, i: usize, ev: &mut Events) -> Result<(), RuleError> {
        let Phase::Choosing { side } = self.phase else {
            return Err(match self.phase {
                Phase::Turn { actor } => err(
                    "AND-07",
                    format!(
                        "{}'s turn is still running; end it first",
                        self.fighters[actor].id
                    ),
                ),
                _ => err("AND-48", "the combat is over"),
            });
        };
        let f = &self.fighters[i];
        if f.side != side {
            return Err(err(
                "AND-09",
                format!(
                    "it is the {side:?} side's slot; {} is on the {:?} side",
                    f.id, f.side
                ),
            ));
        }
        if f.status != Status::Active {
            return Err(err(
                "AND-09",
                format!("{} is {:?} and cannot take a turn", f.id, f.status),
            ));
        }
        if f.turns_left == 0 {
            return Err(err(
                "AND-09",
                format!("{} has no turns left this round", f.id),
            ));
        }
        let f = &mut self.fighters[i];
        f.turns_left -= 1;
        f.turns_taken += 1;
        f.action = true;
        f.maneuver = true;
        f.reaction = true;
        ev.emit(|| Event::TurnStarted {
            actor: f.id.clone(),
            turns_left: f.turns_left,
        });
        if f.ready.take().is_some() {
            ev.emit(|| Event::ReadyLapsed { id: f.id.clone() });
        }
        self.phase = Phase::Turn { actor: i };
        self.last_side = Some(side);
        self.remove_conditions(
            i,
            |c| c.duration == Duration::StartOfNextTurn,
            "expired at the start of its turn",
            ev,
        );
        self.gain_heat(i, 1, HeatReason::TurnStart, ev);
        Ok(())
    }

    fn end_turn(&mut self, i: usize, ev: &mut Events) {
        let taken = self.fighters[i].turns_taken;
        ev.emit(|| Event::TurnEnded {
            actor: self.fighters[i].id.clone(),
        });
        self.remove_conditions(
            i,
            |c| c.duration == Duration::EndOfNextTurn && c.applied_turn < taken,
            "expired at the end of its turn",
            ev,
        );
        self.advance(ev);
    }

    /// Picks the next slot: the other side if it has turns, else this side (trailing turns),
    /// else a new round opened by the opening side (AND-06, AND-07).
    fn advance(&mut self, ev: &mut Events) {
        if self.check_over(ev) {
            return;
        }
        let last = self.last_side.unwrap_or(self.opening);
        let next = if self.side_has_turns(last.other()) {
            Some(last.other())
        } else if self.side_has_turns(last) {
            Some(last)
        } else {
            None
        };
        if let Some(side) = next {
            self.phase = Phase::Choosing { side };
            return;
        }
        ev.emit(|| Event::RoundEnded { round: self.round });
        for i in 0..self.fighters.len() {
            self.remove_conditions(
                i,
                |c| c.duration == Duration::EndOfRound,
                "expired at the end of the round",
                ev,
            );
        }
        if self.round >= self.settings.round_limit {
            self.end_combat(None, ev);
            return;
        }
        self.round += 1;
        for i in 0..self.fighters.len() {
            self.fighters[i].turns_left = self.roster[i].turns;
        }
        self.last_side = None;
        self.phase = Phase::Choosing { side: self.opening };
        ev.emit(|| Event::RoundStarted { round: self.round });
    }

    /// After a command: a defeated actor's turn ends; a wiped side ends the combat.
    fn settle(&mut self, ev: &mut Events) {
        if self.check_over(ev) {
            return;
        }
        if let Phase::Turn { actor } = self.phase {
            if !self.active(actor) {
                self.end_turn(actor, ev);
            }
        }
    }

    // ----- checks -----

    #[allow(clippy::too_many_arguments)]
    fn record_check(
        &self,
        a: usize,
        purpose: Purpose,
        target: Option<usize>,
        result: &CheckResult,
        difficulty: i32,
        edge: Edge,
        provoked: bool,
        readied: bool,
    ) -> Event {
        Event::Check {
            actor: self.fighters[a].id.clone(),
            purpose,
            target: target.map(|t| self.fighters[t].id.clone()),
            dice: result.roll.rolled().to_vec(),
            kept: result.roll.kept,
            total: result.roll.total,
            difficulty,
            edge,
            base: result.base,
            shift: result.shift,
            tier: result.tier,
            provoked,
            readied,
        }
    }

    fn spec(&self, skill: Skill, difficulty: i32, edge: Edge) -> CheckSpec {
        CheckSpec {
            skill_value: skill.value,
            skill_rank: skill.rank,
            difficulty,
            edge,
            table: self.settings.table,
            advantage: self.settings.advantage,
        }
    }

    /// An opposed check; returns whether the initiator won. The initiator who loses gains
    /// Heat when the setting says so (AND-22, AND-26).
    fn opposed<D: Dice>(
        &mut self,
        dice: &mut D,
        purpose: &str,
        initiator: (usize, Skill),
        opponent: (usize, Skill),
        heat: bool,
        ev: &mut Events,
    ) -> Result<bool, RuleError> {
        let (a, sa) = initiator;
        let (b, sb) = opponent;
        let method = self.settings.advantage;
        let ra = roll_total(dice, sa.value, self.check_edge(a), &method)?;
        let rb = roll_total(dice, sb.value, self.check_edge(b), &method)?;
        let (wins, decided_by) = opposed_winner(ra.total, sa.rank, rb.total, sb.rank);
        ev.emit(|| Event::Opposed {
            purpose: purpose.into(),
            initiator: self.fighters[a].id.clone(),
            opponent: self.fighters[b].id.clone(),
            initiator_dice: ra.rolled().to_vec(),
            initiator_total: ra.total,
            opponent_dice: rb.rolled().to_vec(),
            opponent_total: rb.total,
            initiator_wins: wins,
            decided_by,
        });
        if heat && !wins && self.settings.opposed_loss_heats {
            self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
        }
        Ok(wins)
    }

    // ----- abilities -----

    /// Validates using ability `k` of `a` on `targets` (not resources).
    fn validate_use(&self, a: usize, k: usize, targets: &[usize]) -> Result<(), RuleError> {
        let ab = &self.roster[a].abilities[k];
        if ab.area.is_some() {
            // Aimed at a point (area::use_area), never at named targets.
            return Err(err(
                "AND-01",
                format!(
                    "{} is an area ability: aim it at a point (at), not at targets",
                    ab.id
                ),
            ));
        }
        self.validate_as(a, ab, self.facts(a, k), targets)
    }

    /// Validates using `ab` (with what it rolls) of `a` on `targets` (not resources).
    fn validate_as(
        &self,
        a: usize,
        ab: &Ability,
        facts: AbilityFacts,
        targets: &[usize],
    ) -> Result<(), RuleError> {
        let cost = self.cost(a, ab);
        if cost > self.fighters[a].heat {
            return Err(err(
                "AND-28",
                format!(
                    "{} costs {cost} Heat and {} holds {}",
                    ab.id, self.fighters[a].id, self.fighters[a].heat
                ),
            ));
        }
        if let Some(art) = &ab.artifact {
            let slot = facts.artifact;
            if slot.map_or(0, |slot| self.fighters[a].charges[slot]) == 0 {
                return Err(err(
                    "AND-12",
                    format!("{art} is empty; Reload it (a maneuver) first"),
                ));
            }
        }
        if ab.two_handed && self.holding(a).is_some() {
            return Err(err(
                "AND-42",
                format!(
                    "{} needs both hands and {} is holding a grab",
                    ab.id, self.fighters[a].id
                ),
            ));
        }
        // An area's receivers are whoever stands inside it (area::use_area).
        let aim = if ab.area.is_some() {
            None
        } else {
            Some(ab.aim)
        };
        match aim {
            None => {}
            Some(Aim::SelfOnly) if !(targets.is_empty() || targets == [a]) => {
                return Err(err("AND-11", format!("{} targets only its user", ab.id)));
            }
            Some(Aim::SelfOnly) => {}
            Some(Aim::Enemy | Aim::Ally) => {
                if targets.is_empty() || targets.len() > ab.max_targets as usize {
                    return Err(err(
                        "AND-26",
                        format!(
                            "{} takes 1 to {} targets (got {})",
                            ab.id,
                            ab.max_targets,
                            targets.len()
                        ),
                    ));
                }
                for (k, &t) in targets.iter().enumerate() {
                    if targets[..k].contains(&t) {
                        return Err(err("AND-26", "the same target is named twice"));
                    }
                    if ab.aim == Aim::Enemy {
                        self.require_enemy_target(a, t, "AND-18")?;
                    } else if self.fighters[t].side != self.fighters[a].side || !self.active(t) {
                        return Err(err(
                            "AND-11",
                            format!("{} is not an active ally", self.fighters[t].id),
                        ));
                    }
                    if !within(
                        self.fighters[a].position,
                        self.fighters[t].position,
                        ab.range,
                    ) {
                        return Err(err(
                            "AND-01",
                            format!(
                                "{} is out of range: {} reaches {} m",
                                self.fighters[t].id, ab.id, ab.range
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Performs ability `k` of `a`, whose use was validated and whose resource was spent.
    fn perform<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        targets: &[usize],
        how: (bool, bool),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let roster = Arc::clone(&self.roster);
        let (ab, facts) = (&roster[a].abilities[k], self.facts(a, k));
        self.perform_as(dice, a, (ab, facts), targets, how, ev)
    }

    /// Performs `ab` of `a` (a sheet's ability or an improvised one, with what it rolls):
    /// Heat and charges, then one roll compared with each receiver (AND-26).
    fn perform_as<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        (ab, facts): (&Ability, AbilityFacts),
        targets: &[usize],
        how: (bool, bool),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let (provoked, readied) = how;
        let cost = self.cost(a, ab);
        if cost > 0 {
            self.fighters[a].heat -= cost;
            ev.emit(|| Event::HeatSpent {
                id: self.fighters[a].id.clone(),
                amount: cost,
                ability: ab.id.clone(),
                heat: self.fighters[a].heat,
            });
        }
        if let (Some(art), Some(slot)) = (&ab.artifact, facts.artifact) {
            self.fighters[a].charges[slot] -= 1;
            ev.emit(|| Event::ChargeUsed {
                id: self.fighters[a].id.clone(),
                artifact: art.clone(),
                charges: self.fighters[a].charges[slot],
            });
        }
        if ab.aim == Aim::Enemy && self.has(a, ConditionKind::Hidden) {
            self.remove_conditions(
                a,
                |c| c.kind == ConditionKind::Hidden,
                "gave itself away by attacking",
                ev,
            );
        }
        let own = [a];
        let receivers = if targets.is_empty() && ab.area.is_none() {
            &own
        } else {
            targets
        };
        if receivers.is_empty() {
            // An area with nobody inside: paid for, compared with no one, so no check.
            return Ok(());
        }
        let Some(skill) = facts.skill else {
            // No check: the effects simply happen (AND-40 Invisible from an ability).
            for &t in receivers {
                self.apply_effects(a, ab, t, Tier::Critical, ev);
            }
            self.after_attack(dice, a, ab, ev)?;
            return Ok(());
        };
        // Every receiver's edge is fixed before the roll: effects on one target must not
        // change the edge against the next.
        let edge_on = |t: usize| {
            if ab.defense.is_some() && t != a {
                self.attack_edge(a, t)
            } else {
                self.check_edge(a)
            }
        };
        let mut inline = [Edge::Normal; INLINE_TARGETS];
        let spilled: Vec<Edge>;
        let edges: &[Edge] = if receivers.len() <= INLINE_TARGETS {
            for (slot, &t) in inline.iter_mut().zip(receivers) {
                *slot = edge_on(t);
            }
            &inline[..receivers.len()]
        } else {
            spilled = receivers.iter().map(|&t| edge_on(t)).collect();
            &spilled
        };
        let method = self.settings.advantage;
        let n = edges
            .iter()
            .map(|&e| dice_needed(e, &method))
            .max()
            .unwrap_or(2)
            .min(MAX_CHECK_DICE);
        let mut rolled = KeptRoll {
            count: n as u8,
            ..KeptRoll::default()
        };
        for slot in rolled.dice.iter_mut().take(n) {
            *slot = dice.roll(DIE_SIDES)? as u8;
        }
        let mut any_fail = false;
        let mut any_crit = false;
        for (k, &t) in receivers.iter().enumerate() {
            let difficulty = match ab.defense {
                Some(d) => self.defense(t, d),
                None if ab.detects_invisible => self.fighters[t]
                    .conditions
                    .iter()
                    .filter(|c| c.kind == ConditionKind::Invisible)
                    .map(|c| c.source_rank as i32)
                    .max()
                    .unwrap_or(ab.difficulty),
                None => ab.difficulty,
            };
            let roll = keep_from(&rolled, skill.value, edges[k], &method);
            let base = self.settings.table.tier(roll.total);
            let shift = skill.rank.saturating_sub(difficulty);
            let result = CheckResult {
                roll,
                base,
                shift,
                tier: Tier::clamped(base as i64 + i64::from(shift)),
            };
            let tier = result.tier;
            ev.emit(|| {
                self.record_check(
                    a,
                    if facts.improvised {
                        Purpose::Improvised {
                            skill: ab.skill.clone().unwrap_or_default(),
                        }
                    } else {
                        Purpose::Ability { id: ab.id.clone() }
                    },
                    (t != a).then_some(t),
                    &result,
                    difficulty,
                    edges[k],
                    provoked,
                    readied,
                )
            });
            any_fail |= tier == Tier::Fail;
            any_crit |= tier == Tier::Critical;
            if let Some(line) = ab.damage {
                self.damage(a, t, line.get(tier), ev);
            }
            if ab.defense.is_some() && t != a {
                self.struck(t, tier, !ab.ranged, ev);
            }
            if ab.detects_invisible && tier >= Tier::Success {
                self.remove_conditions(t, |c| c.kind == ConditionKind::Invisible, "detected", ev);
            }
            if ab.breaks_grabs && tier >= Tier::Success {
                for h in [self.holding(t), self.held_by(t)].into_iter().flatten() {
                    self.end_hold(h.id, "separated by force", ev);
                }
            }
            self.apply_effects(a, ab, t, tier, ev);
        }
        // One check gives at most 1 Heat, however many targets (AND-26).
        if any_fail && self.active(a) {
            self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
        }
        if any_crit {
            self.signature(a, Signature::ScoresCritical, ev);
        }
        if !provoked && !readied {
            self.after_attack(dice, a, ab, ev)?;
        }
        Ok(())
    }

    fn apply_effects(&mut self, a: usize, ab: &Ability, t: usize, tier: Tier, ev: &mut Events) {
        for c in &ab.conditions {
            if tier < c.min_tier {
                continue;
            }
            let bearer = if c.on_self { a } else { t };
            // A hold keeps its two from hiding, whatever tries to hide them (AND-35).
            let revealed =
                c.condition == ConditionKind::Hidden && self.hold_reveals(bearer).is_some();
            if !self.active(bearer) || revealed {
                continue;
            }
            if c.condition == ConditionKind::Exhaustion {
                self.exhaust(bearer, c.amount, ev);
                continue;
            }
            let mut cond = self.new_condition(
                bearer,
                c.condition,
                c.duration.unwrap_or(Duration::UntilRemoved),
                Some(a),
            );
            cond.source_rank = ab.rank;
            cond.help = c.help;
            cond.save = c.save.clone();
            cond.shake_off = c.shake_off;
            self.add_condition(bearer, cond, ev);
        }
    }

    /// What an attack's final tier does to its target, for abilities and grabs alike (a grab
    /// is made «по обычным правилам атаки», AND-41): a melee miss is the Duelist's moment
    /// (AND-27), a critical success ends Invisible (AND-23, AND-40).
    pub(crate) fn struck(&mut self, t: usize, tier: Tier, melee: bool, ev: &mut Events) {
        if melee && tier == Tier::Fail {
            self.signature(t, Signature::MissedByMelee, ev);
        }
        if tier == Tier::Critical && self.has(t, ConditionKind::Invisible) {
            self.remove_conditions(
                t,
                |c| c.kind == ConditionKind::Invisible,
                "a critical success of an attack against it",
                ev,
            );
        }
    }

    // ----- commands -----

    /// Applies one command (validate, then roll, then change).
    pub fn apply<D: Dice>(
        &mut self,
        command: &Command,
        dice: &mut D,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let a = self.find(command.actor())?;
        match command {
            Command::StartTurn { .. } => self.take_turn(a, ev)?,
            Command::EndTurn { .. } => return self.finish_turn(a, ev),
            Command::UseAbility {
                ability,
                targets,
                at,
                ..
            } => {
                let k = ability_index(&self.roster, a, ability, &self.fighters[a].id)?;
                self.require_resource(a, self.roster[a].abilities[k].kind)?;
                let mut ts = Targets::new();
                for t in targets {
                    ts.push(self.find(t)?);
                }
                self.use_ability(dice, a, k, (&ts, *at), ev)?;
            }
            Command::Improvise {
                skill,
                target,
                defense,
                difficulty,
                damage,
                ranged,
                range,
                ..
            } => {
                let t = target.as_deref().map(|t| self.find(t)).transpose()?;
                let attempt = improvised::Attempt {
                    skill,
                    target: t,
                    defense: *defense,
                    difficulty: *difficulty,
                    damage: *damage,
                    ranged: *ranged,
                    range: *range,
                };
                self.improvise(dice, a, &attempt, ev)?;
            }
            Command::Grab { target, .. } => {
                let t = self.find(target)?;
                self.grab(dice, a, t, ev)?;
            }
            Command::Escape { skill, .. } => self.escape(dice, a, skill, ev)?,
            Command::Release { .. } => {
                self.require_active(a)?;
                let Some(h) = self.holding(a) else {
                    return Err(err(
                        "AND-42",
                        format!("{} holds no grab", self.fighters[a].id),
                    ));
                };
                self.end_hold(h.id, "released", ev);
            }
            Command::Hide { against, .. } => self.hide(dice, a, against.as_deref(), ev)?,
            Command::Seek { target, .. } => {
                let t = self.find(target)?;
                self.seek(dice, a, t, ev)?;
            }
            Command::Reveal { .. } => {
                self.require_active(a)?;
                if !self.has(a, ConditionKind::Hidden) {
                    return Err(err(
                        "AND-35",
                        format!("{} is not Hidden", self.fighters[a].id),
                    ));
                }
                self.remove_conditions(
                    a,
                    |c| c.kind == ConditionKind::Hidden,
                    "gave itself away",
                    ev,
                );
            }
            Command::Move { to, .. } => self.do_move(dice, a, *to, MoveMode::Move, ev)?,
            Command::Step { to, .. } => self.do_move(dice, a, *to, MoveMode::Step, ev)?,
            Command::ExtraMove { to, .. } => self.do_move(dice, a, *to, MoveMode::ExtraMove, ev)?,
            Command::Reload { artifact, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let k = self.roster[a]
                    .artifacts
                    .iter()
                    .position(|x| &x.id == artifact)
                    .ok_or_else(|| {
                        err(
                            "AND-12",
                            format!("{} has no artifact {artifact:?}", self.fighters[a].id),
                        )
                    })?;
                self.reload(a, k, ev)?;
            }
            Command::HelpAlly {
                ally, condition, ..
            } => {
                let t = self.find(ally)?;
                self.require_resource(a, ActionKind::Maneuver)?;
                if t == a || self.fighters[t].side != self.fighters[a].side || !self.active(t) {
                    return Err(err("AND-12", format!("{ally} is not another active ally")));
                }
                let kind = *condition;
                if !self.fighters[t]
                    .conditions
                    .iter()
                    .any(|c| c.kind == kind && c.help)
                {
                    return Err(err(
                        "AND-12",
                        format!("{ally} bears no {kind:?} that its effect lets an ally remove"),
                    ));
                }
                self.spend(a, ActionKind::Maneuver);
                self.remove_conditions(t, |c| c.kind == kind && c.help, "removed by Help Ally", ev);
            }
            Command::SavingThrow { condition, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let kind = *condition;
                let save = self.fighters[a]
                    .conditions
                    .iter()
                    .find(|c| c.kind == kind && c.save.is_some())
                    .and_then(|c| c.save.clone())
                    .ok_or_else(|| {
                        err(
                            "AND-12",
                            format!(
                                "{} bears no {kind:?} whose effect allows a saving throw",
                                self.fighters[a].id
                            ),
                        )
                    })?;
                self.spend(a, ActionKind::Maneuver);
                let edge = self.check_edge(a);
                let spec = self.spec(self.skill(a, &save.skill), save.difficulty, edge);
                let result = check(dice, &spec)?;
                ev.emit(|| {
                    self.record_check(
                        a,
                        Purpose::SavingThrow { condition: kind },
                        None,
                        &result,
                        save.difficulty,
                        edge,
                        false,
                        false,
                    )
                });
                if result.tier >= save.min_tier {
                    self.remove_conditions(
                        a,
                        |c| c.kind == kind && c.save.is_some(),
                        "saving throw",
                        ev,
                    );
                }
                if result.tier == Tier::Fail {
                    self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
                }
            }
            Command::ShakeOff { condition, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let kind = *condition;
                if kind == ConditionKind::Grabbed {
                    return Err(err(
                        "AND-44",
                        "a grab is not bonds: Shake Off is not enough, Escape (an action) instead",
                    ));
                }
                if !self.fighters[a]
                    .conditions
                    .iter()
                    .any(|c| c.kind == kind && c.shake_off)
                {
                    return Err(err(
                        "AND-12",
                        format!(
                            "{} bears no {kind:?} that can be shaken off",
                            self.fighters[a].id
                        ),
                    ));
                }
                self.spend(a, ActionKind::Maneuver);
                self.remove_conditions(a, |c| c.kind == kind && c.shake_off, "shaken off", ev);
            }
            Command::Ready {
                ability, trigger, ..
            } => {
                self.require_resource(a, ActionKind::Action)?;
                let ab = self.ability(a, ability)?;
                if ab.aim != Aim::Enemy || ab.kind != ActionKind::Action || ab.area.is_some() {
                    return Err(err(
                        "AND-11",
                        format!(
                            "{ability} is not an action aimed at enemies (areas are aimed at points) and cannot be readied"
                        ),
                    ));
                }
                self.spend(a, ActionKind::Action);
                self.fighters[a].ready = Some(Readied {
                    ability: ability.clone(),
                    trigger: *trigger,
                });
                ev.emit(|| Event::ReadyDeclared {
                    id: self.fighters[a].id.clone(),
                    ability: ability.clone(),
                    trigger: *trigger,
                });
            }
            Command::AccomplishmentHeat { .. } => self.accomplishment_heat(a, ev)?,
            Command::AccomplishmentRemove { condition, .. } => {
                self.require_accomplishment(a)?;
                let kind = *condition;
                if kind == ConditionKind::Exhaustion {
                    return Err(err(
                        "AND-37",
                        "Exhaustion is removed only by its source's condition (long rest, medical aid), never by an Accomplishment Point",
                    ));
                }
                if !self.has(a, kind) {
                    return Err(err(
                        "AND-38",
                        format!("{} does not bear {kind:?}", self.fighters[a].id),
                    ));
                }
                self.spend_point(a, Benefit::RemoveCondition, ev);
                self.remove_conditions(
                    a,
                    |c| c.kind == kind,
                    "removed by an Accomplishment Point",
                    ev,
                );
            }
            Command::AccomplishmentRestore { .. } => self.accomplishment_restore(a, ev)?,
        }
        self.settle(ev);
        Ok(())
    }

    /// StartTurn for `a` (AND-07).
    fn take_turn(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(err("AND-48", "the combat is over"));
        }
        self.start_turn(a, ev)
    }

    /// EndTurn for `a`.
    fn finish_turn(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        if self.phase != (Phase::Turn { actor: a }) {
            return Err(err(
                "AND-07",
                format!("it is not {}'s turn", self.fighters[a].id),
            ));
        }
        self.end_turn(a, ev);
        Ok(())
    }

    /// UseAbility of ability `k` by `a` on `targets`, once `a` has the resource for it.
    fn use_ability<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        (targets, at): (&[usize], Option<[i64; 2]>),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.roster[a].abilities[k].area.is_some() {
            return self.use_area(dice, a, k, (targets, at), ev);
        }
        if at.is_some() {
            return Err(err(
                "AND-01",
                format!(
                    "{} is not an area ability: it takes targets, not a point (at)",
                    self.roster[a].abilities[k].id
                ),
            ));
        }
        self.validate_use(a, k, targets)?;
        let ab = &self.roster[a].abilities[k];
        let (kind, ranged_attack) = (ab.kind, ab.ranged && ab.defense.is_some());
        self.spend(a, kind);
        if ranged_attack {
            let pos = self.fighters[a].position;
            // A provoked attack may have taken the attacker out of the fight, or out of
            // reach of its targets; with none, nothing changed.
            if self.provoke(dice, a, pos, None, ev)?
                && (!self.active(a) || self.validate_use(a, k, targets).is_err())
            {
                return Ok(());
            }
        }
        self.perform(dice, a, k, targets, (false, false), ev)
    }

    /// Reload of artifact `k` of `a`, once `a` has its maneuver (AND-12).
    fn reload(&mut self, a: usize, k: usize, ev: &mut Events) -> Result<(), RuleError> {
        let full = self.roster[a].artifacts[k].reload;
        if self.fighters[a].charges[k] >= full {
            return Err(err(
                "AND-12",
                format!("{} is already loaded", self.roster[a].artifacts[k].id),
            ));
        }
        self.spend(a, ActionKind::Maneuver);
        self.fighters[a].charges[k] = full;
        ev.emit(|| Event::Reloaded {
            id: self.fighters[a].id.clone(),
            artifact: self.roster[a].artifacts[k].id.clone(),
            charges: full,
        });
        Ok(())
    }

    /// Two Heat for an Accomplishment Point, once per scene (AND-29).
    fn accomplishment_heat(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        self.require_accomplishment(a)?;
        if self.fighters[a].accomplishment_heat_used {
            return Err(err(
                "AND-29",
                "Accomplishment Points become Heat only once per combat scene",
            ));
        }
        self.spend_point(a, Benefit::Heat, ev);
        self.fighters[a].accomplishment_heat_used = true;
        self.gain_heat(a, 2, HeatReason::Accomplishment, ev);
        Ok(())
    }

    /// Main stress restored for an Accomplishment Point (AND-47).
    fn accomplishment_restore(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        self.require_accomplishment(a)?;
        if self.fighters[a].main_stress == 0 {
            return Err(err(
                "AND-47",
                format!("{} has no main stress to restore", self.fighters[a].id),
            ));
        }
        self.spend_point(a, Benefit::RestoreStress, ev);
        self.fighters[a].main_stress = 0;
        ev.emit(|| Event::StressRestored {
            id: self.fighters[a].id.clone(),
            main_stress: 0,
        });
        Ok(())
    }

    fn require_accomplishment(&self, a: usize) -> Result<(), RuleError> {
        self.require_active(a)?;
        let f = &self.fighters[a];
        if f.side != Side::Heroes {
            return Err(err("AND-38", "only heroes spend Accomplishment Points"));
        }
        if f.accomplishment_points == 0 {
            return Err(err(
                "AND-38",
                format!("{} has no Accomplishment Points", f.id),
            ));
        }
        Ok(())
    }

    fn spend_point(&mut self, a: usize, benefit: Benefit, ev: &mut Events) {
        let f = &mut self.fighters[a];
        f.accomplishment_points -= 1;
        ev.emit(|| Event::AccomplishmentSpent {
            id: f.id.clone(),
            benefit,
            left: f.accomplishment_points,
        });
    }

    /// The active enemy of `a` with the best Perception (value, then rank, then order).
    pub fn best_observer(&self, a: usize) -> Option<usize> {
        (0..self.fighters.len())
            .filter(|&o| self.fighters[o].side != self.fighters[a].side && self.active(o))
            .max_by_key(|&o| {
                let s = self.prepared.engine_skills[o].perception;
                (s.value, s.rank, std::cmp::Reverse(o))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::{dist2, dist2_saturating, within, MAX_COORD};

    /// AND-01: distances are exact squared metres anywhere within the bounds, and do not
    /// wrap beyond them.
    #[test]
    fn squared_distance_is_exact_within_the_bounds() {
        let wide = |a: [i64; 2], b: [i64; 2]| {
            let dx = i128::from(a[0]) - i128::from(b[0]);
            let dy = i128::from(a[1]) - i128::from(b[1]);
            dx * dx + dy * dy
        };
        let m = MAX_COORD;
        let points = [[0, 0], [3, 4], [-m, -m], [m, m], [m, -m], [-7, m], [12, -5]];
        for a in points {
            for b in points {
                assert_eq!(dist2(a, b), wide(a, b), "{a:?} {b:?}");
            }
        }
        assert_eq!(dist2([0, 0], [3, 4]), 25);
        assert_eq!(dist2([i64::MIN, i64::MIN], [i64::MAX, i64::MAX]), i128::MAX);
    }

    /// AND-01: the 64-bit reach test answers as the exact squared distance does, within the
    /// bounds and far beyond them (where it saturates), for every reach up to `u32::MAX`.
    #[test]
    fn reach_is_decided_as_by_the_exact_distance() {
        let m = MAX_COORD;
        let points = [
            [0, 0],
            [3, 4],
            [-m, -m],
            [m, m],
            [-7, m],
            [i64::MIN, 0],
            [i64::MAX, i64::MAX],
            [i64::MIN, i64::MIN],
            [1 << 32, 0],
            [0, -(1 << 32)],
        ];
        let reaches = [0, 1, 4, 5, 100, 1 << 31, u32::MAX - 1, u32::MAX];
        for a in points {
            for b in points {
                for r in reaches {
                    let exact = dist2(a, b) <= i128::from(r) * i128::from(r);
                    assert_eq!(within(a, b, r), exact, "{a:?} {b:?} {r}");
                }
            }
        }
        assert_eq!(dist2_saturating([0, 0], [3, 4]), 25);
        assert!(within([0, 0], [3, 4], 5) && !within([0, 0], [3, 4], 4));
        assert!(!within([0, 0], [1 << 32, 0], u32::MAX));
        assert!(within([0, 0], [i64::from(u32::MAX), 0], u32::MAX));
    }
}
