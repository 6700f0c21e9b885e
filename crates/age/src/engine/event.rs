//! Events: one thing that happened each.

use serde::{Deserialize, Serialize};

use crate::conditions::Condition;
use crate::engine::AttackAction;
use crate::resolve::{
    Capacity, DamageOutcome, GrenadeResult, OpposedResult, StuntChoice, TestResult,
};
use crate::setup::{Ability, Name};

/// How someone moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Move.
    Move,
    /// Run.
    Run,
    /// Charge.
    Charge,
    /// Pursue.
    Pursue,
    /// Pushed by Skirmish.
    Skirmish,
    /// Pushed off in free fall.
    Push,
    /// Drifting in free fall.
    Drift,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Initiative rolled (AGE-09).
    Initiative {
        /// Who.
        name: Name,
        /// The 3d6.
        dice: [u8; 3],
        /// The result.
        total: i32,
    },
    /// A round began, with the turn order.
    RoundStarted {
        /// The round number.
        round: u32,
        /// Names in turn order.
        order: Vec<Name>,
    },
    /// A turn began.
    TurnStarted {
        /// Whose.
        name: Name,
    },
    /// A turn passed without actions.
    TurnSkipped {
        /// Whose.
        name: Name,
        /// Why.
        reason: String,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        name: Name,
    },
    /// A Dying character lost Constitution (AGE-26).
    DyingTick {
        /// Who.
        name: Name,
        /// Constitution now.
        constitution: i32,
    },
    /// A character died.
    Died {
        /// Who.
        name: Name,
    },
    /// A readied action was not used in time.
    ReadyLost {
        /// Whose.
        name: Name,
    },
    /// Someone moved.
    Moved {
        /// Who.
        name: Name,
        /// From.
        from: i32,
        /// To.
        to: i32,
        /// How.
        how: MoveKind,
    },
    /// An attack roll.
    Attack {
        /// Who.
        attacker: Name,
        /// Whom.
        target: Name,
        /// Which action.
        action: AttackAction,
        /// With what ("unarmed" when empty-handed).
        weapon: String,
        /// The roll.
        roll: TestResult,
        /// The Defense it had to reach.
        defense: i32,
        /// Hit.
        hit: bool,
        /// Stunt points earned.
        stunt_points: u8,
    },
    /// The capacity rule struck (AGE-18).
    Capacity {
        /// Whose weapon.
        name: Name,
        /// Which weapon.
        weapon: String,
        /// Jammed, or ignored by High Capacity.
        result: Capacity,
    },
    /// A missed armour-piercing shot by the hull (AGE-16).
    Decompression {
        /// The d6.
        die: u8,
        /// 1–2: the compartment decompresses.
        decompressed: bool,
    },
    /// Stunts bought (AGE-21).
    StuntsSpent {
        /// Who.
        attacker: Name,
        /// What.
        stunts: Vec<StuntChoice>,
        /// SP spent.
        spent: u8,
        /// SP earned.
        earned: u8,
    },
    /// A Stand Firm test against Skirmish or Knock Prone (AGE-11).
    StandFirm {
        /// The stunt.
        stunt: Name,
        /// Attacker's Strength (Might) vs defender's best.
        result: OpposedResult,
        /// The defender held: the stunt has no effect.
        held: bool,
    },
    /// Damage dealt and where it went (AGE-15).
    Damage {
        /// Whom.
        target: Name,
        /// The flow.
        outcome: DamageOutcome,
    },
    /// A condition gained, following its chain.
    ConditionGained {
        /// Who.
        name: Name,
        /// The condition that befell.
        condition: Condition,
        /// Where the chain ended up.
        reached: Condition,
    },
    /// A condition ended.
    ConditionRemoved {
        /// Who.
        name: Name,
        /// Which.
        condition: Condition,
    },
    /// Someone is out of the fight.
    TakenOut {
        /// Who.
        name: Name,
    },
    /// A Defense bonus (Defend, Guarded Stance, Duck and Weave, Take Cover).
    DefenseBonus {
        /// Who.
        name: Name,
        /// How much.
        bonus: i32,
        /// Only against ranged attacks.
        ranged_only: bool,
        /// Why.
        source: String,
    },
    /// Initiative raised by Momentum.
    Momentum {
        /// Who.
        name: Name,
        /// Initiative now.
        initiative: i32,
    },
    /// A minor action with no roll (Aim, Activate, Ready, Stand Firm, Take Up, Reload).
    Minor {
        /// Who.
        name: Name,
        /// Which action.
        action: String,
        /// Its detail (item, target …).
        detail: String,
    },
    /// A grenade went off (AGE-19).
    Grenade {
        /// Thrower.
        thrower: Name,
        /// The throw and the point of detonation.
        result: GrenadeResult,
        /// Damage to all within 5 m (none when rolled per target: see the damage events).
        damage: Option<i32>,
        /// Who was caught.
        caught: Vec<Name>,
    },
    /// A lightning attack had no target left in reach.
    LightningLost {
        /// Who.
        attacker: Name,
    },
    /// First aid on the Dying (AGE-26).
    FirstAid {
        /// Medic.
        medic: Name,
        /// Patient.
        target: Name,
        /// The test.
        roll: TestResult,
    },
    /// A GM-called test.
    Test {
        /// Who.
        name: Name,
        /// The ability.
        ability: Ability,
        /// The roll.
        roll: TestResult,
    },
    /// The encounter ended.
    EncounterEnded {
        /// The winning side's name, or none for a draw.
        winner: Option<String>,
        /// Rounds played.
        rounds: u32,
    },
}
