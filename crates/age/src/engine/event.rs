//! Events: one thing that happened each.

use serde::{Deserialize, Serialize};

use crate::conditions::Condition;
use crate::engine::AttackAction;
use crate::resolve::{
    Capacity, DamageDice, DamageOutcome, GrenadeResult, OpposedResult, StuntChoice, TestResult,
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

fn zero(n: &i32) -> bool {
    *n == 0
}

/// What a 3d6 test added to its dice besides ability and focus, each with its source: the
/// breakdown a log line shows (zeros are left out of the JSON).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Modifiers {
    /// Injured −1, Wounded or Dying −2 (AGE-24, AGE-25).
    #[serde(skip_serializing_if = "zero")]
    pub conditions: i32,
    /// The armour penalty on a Dexterity test or initiative (AGE-14, AGE-09).
    #[serde(skip_serializing_if = "zero")]
    pub armour: i32,
    /// Guarded Stance's penalty to the stance-taker's tests (AGE-11).
    #[serde(skip_serializing_if = "zero")]
    pub guarded_stance: i32,
    /// Aim +1 (AGE-11).
    #[serde(skip_serializing_if = "zero")]
    pub aim: i32,
    /// Charge +1 after 4 m or more (AGE-10).
    #[serde(skip_serializing_if = "zero")]
    pub charge: i32,
    /// A Prone target: +1 in melee, −1 at range (AGE-27).
    #[serde(skip_serializing_if = "zero")]
    pub prone_target: i32,
    /// Beyond normal range −2 (AGE-17).
    #[serde(skip_serializing_if = "zero")]
    pub range: i32,
    /// A circumstance modifier the game master gave (AGE-01).
    #[serde(skip_serializing_if = "zero")]
    pub circumstance: i32,
}

impl Modifiers {
    /// Every modifier with its key and rule, in display order.
    pub fn terms(&self) -> [(&'static str, i32, &'static str); 8] {
        [
            ("circumstance", self.circumstance, "AGE-01"),
            ("conditions", self.conditions, "AGE-24"),
            ("armour", self.armour, "AGE-14"),
            ("guarded-stance", self.guarded_stance, "AGE-11"),
            ("aim", self.aim, "AGE-11"),
            ("charge", self.charge, "AGE-10"),
            ("prone-target", self.prone_target, "AGE-27"),
            ("range", self.range, "AGE-17"),
        ]
    }

    /// Their sum.
    pub fn sum(&self) -> i32 {
        self.terms().iter().map(|t| t.1).sum()
    }
}

/// What a 3d6 test rolled with: the ability and its score, whether a focus applied, the
/// modifiers, and the TN or Defense it had to reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Terms {
    /// The ability tested.
    pub ability: Ability,
    /// Its score.
    pub score: i32,
    /// A focus applied (+2, AGE-01).
    pub focus: bool,
    /// Everything else added.
    pub modifiers: Modifiers,
}

impl Terms {
    /// The test these terms make against `tn`.
    pub fn spec(&self, tn: Option<i32>) -> crate::resolve::TestSpec {
        crate::resolve::TestSpec {
            ability: self.score,
            focus: self.focus,
            modifier: self.modifiers.sum(),
            tn,
            auto_fail: false,
        }
    }
}

/// A damage roll as rolled (AGE-13, AGE-21): the weapon's dice, the fixed bonus and the
/// stunts' extra d6.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageRoll {
    /// The weapon's dice, e.g. 2d6.
    pub dice: DamageDice,
    /// Their faces.
    pub faces: Vec<u8>,
    /// The fixed part: ability (Strength, Perception …), Heavy Attack +1, the weapon's bonus.
    pub bonus: i32,
    /// The extra d6 of Vicious Blow, Lethal Blow or a burst.
    pub extra: Vec<u8>,
    /// The damage: dice + bonus + extra, never below 0.
    pub total: i32,
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
        /// What was added to the dice.
        terms: Terms,
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
        /// What was added to the dice.
        terms: Terms,
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
    /// A damage roll (AGE-13), before Toughness.
    DamageRolled {
        /// Who is to take it (a grenade's one roll for all: the thrower).
        target: Name,
        /// A grenade's one roll for everyone it caught (AGE-19).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        grenade: bool,
        /// The roll.
        roll: DamageRoll,
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
        /// What was added to the throw's dice.
        terms: Terms,
        /// The TN (11, or what the GM raised it to).
        tn: i32,
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
        /// What was added to the dice.
        terms: Terms,
        /// The TN.
        tn: i32,
    },
    /// A GM-called test.
    Test {
        /// Who.
        name: Name,
        /// The ability.
        ability: Ability,
        /// The roll.
        roll: TestResult,
        /// What was added to the dice.
        terms: Terms,
        /// The TN, if any.
        tn: Option<i32>,
    },
    /// The encounter ended.
    EncounterEnded {
        /// The winning side's name, or none for a draw.
        winner: Option<String>,
        /// Rounds played.
        rounds: u32,
    },
}
