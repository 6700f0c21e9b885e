//! Commands: one decision each, named by participants' names (JSON at the boundary).

use serde::{Deserialize, Serialize};

use crate::conditions::Condition;
use crate::resolve::StuntChoice;
use crate::setup::{Ability, Name};

/// Which sense a test relies on (AGE-30).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Sense {
    /// Neither.
    #[default]
    None,
    /// Sight: auto-fails when Blinded.
    Sight,
    /// Hearing: auto-fails when Deafened.
    Hearing,
}

fn yes() -> bool {
    true
}

/// One decision. `actor` is the participant whose turn it is, except for `interrupt`
/// (a readied action), `spend_stunts` (the attacker) and the GM commands `test`,
/// `apply_condition` and `remove_condition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Major: Fighting vs Defense, target within reach (AGE-10).
    MeleeAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: Accuracy vs Defense, needs sight and range (AGE-10).
    RangedAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: melee, +1 damage on a hit, −1 Defense until your next turn (AGE-10).
    HeavyAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: an attack that deals no damage itself but buys stunts (AGE-10).
    StuntAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: up to half Speed toward the target, then a melee attack (+1 after ≥ 4 m).
    Charge {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: throw the grenade in hand, or fire the grenade launcher in hand, at a point
    /// (AGE-19).
    ThrowGrenade {
        /// Who.
        actor: Name,
        /// The chosen point of detonation.
        at: i32,
        /// A TN the GM raised above the default.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tn: Option<i32>,
        /// On a miss the grenade flies past the point (else falls short): the GM's call.
        #[serde(default = "yes")]
        deviate_long: bool,
    },
    /// Major: +2 Defense until your next turn (AGE-10).
    Defend {
        /// Who.
        actor: Name,
    },
    /// Major: up to double Speed, and nothing else this turn (AGE-10); the turn stays open
    /// (anything but `end_turn` is refused under AGE-10).
    Run {
        /// Who.
        actor: Name,
        /// Where to.
        to: i32,
    },
    /// Major: first aid on a Dying ally within reach (AGE-26).
    FirstAid {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Minor: activate a talent, technology or item (AGE-11).
    Activate {
        /// Who.
        actor: Name,
        /// What.
        what: String,
    },
    /// Minor: +1 if the next action is an attack (AGE-11).
    Aim {
        /// Who.
        actor: Name,
    },
    /// Minor, before the major: +1 or +2 Defense and the same penalty to tests until the end
    /// of the round; never with Defend (AGE-11).
    GuardedStance {
        /// Who.
        actor: Name,
        /// 1 or 2.
        bonus: i32,
    },
    /// Minor: move up to Speed; standing up or dropping prone costs half Speed (AGE-11).
    Move {
        /// Who.
        actor: Name,
        /// Where to.
        to: i32,
        /// Stand up first.
        #[serde(default)]
        stand_up: bool,
        /// Drop prone at the end.
        #[serde(default)]
        drop_prone: bool,
        /// In free fall: push off and drift on (AGE-31).
        #[serde(default)]
        push: bool,
    },
    /// Minor: hold an attack on a target; `interrupt` releases it before your next turn.
    Ready {
        /// Who.
        actor: Name,
        /// Whom the held attack is for.
        target: Name,
    },
    /// Releases a readied attack, interrupting another's turn (AGE-11).
    Interrupt {
        /// Who readied it.
        actor: Name,
    },
    /// Free, after a successful melee attack: follow the retreating target up to Speed.
    Pursue {
        /// Who.
        actor: Name,
    },
    /// Minor: take a weapon or item in hand, stowing what was there (AGE-11).
    TakeUp {
        /// Who.
        actor: Name,
        /// The weapon's name.
        item: String,
    },
    /// Minor: clear the jam or reload the weapon in hand (AGE-18).
    Reload {
        /// Who.
        actor: Name,
    },
    /// Minor: until your next turn, Skirmish and Knock Prone against you need an opposed test.
    StandFirm {
        /// Who.
        actor: Name,
    },
    /// Spends the stunt points of the last attack (possibly none, except after a Stunt Attack).
    SpendStunts {
        /// The attacker.
        actor: Name,
        /// What to buy.
        #[serde(default)]
        stunts: Vec<StuntChoice>,
        /// Whom a Skirmish bought moves and which way (AGE-21); absent: the target, away
        /// from the attacker. Ignored when no Skirmish is bought.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skirmish: Option<SkirmishMove>,
    },
    /// Answers the damage flow's offer (AGE-15): the target, out of Fortune, takes the
    /// condition offered (Injured, then Wounded) to absorb 1d6 more, or declines and is taken
    /// out.
    Absorb {
        /// The target of the damage.
        actor: Name,
        /// Take the condition.
        take: bool,
    },
    /// Ends the turn.
    EndTurn {
        /// Who.
        actor: Name,
    },
    /// GM: a test outside the action economy (AGE-01, AGE-30).
    Test {
        /// Who rolls.
        actor: Name,
        /// The ability.
        ability: Ability,
        /// A focus applies.
        #[serde(default)]
        focus: bool,
        /// Circumstance modifier.
        #[serde(default)]
        modifier: i32,
        /// The TN, if any.
        #[serde(default)]
        tn: Option<i32>,
        /// The sense it relies on.
        #[serde(default)]
        sense: Sense,
    },
    /// GM: a condition befalls someone (following its chain).
    ApplyCondition {
        /// Whom.
        target: Name,
        /// What.
        condition: Condition,
    },
    /// GM: a condition ends.
    RemoveCondition {
        /// Whom.
        target: Name,
        /// What.
        condition: Condition,
    },
}

/// Who a Skirmish stunt moves (AGE-21).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Mover {
    /// The attack's target.
    #[default]
    Target,
    /// The attacker itself.
    Attacker,
}

/// Which way a Skirmish moves the one it moves, relative to the other party (AGE-21).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Away from the other party.
    #[default]
    Away,
    /// Toward the other party, stopping 1 m short of it.
    Toward,
}

/// Whom a Skirmish moves and which way: 2 m per SP (AGE-21), the attacker's choice.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct SkirmishMove {
    /// Who moves.
    pub moves: Mover,
    /// Which way.
    pub direction: Direction,
}

impl SkirmishMove {
    /// Every move a Skirmish may make, the default (the target, away) first.
    pub const ALL: [SkirmishMove; 4] = [
        SkirmishMove {
            moves: Mover::Target,
            direction: Direction::Away,
        },
        SkirmishMove {
            moves: Mover::Target,
            direction: Direction::Toward,
        },
        SkirmishMove {
            moves: Mover::Attacker,
            direction: Direction::Away,
        },
        SkirmishMove {
            moves: Mover::Attacker,
            direction: Direction::Toward,
        },
    ];
}

/// How an attack came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackAction {
    /// Melee Attack.
    Melee,
    /// Ranged Attack.
    Ranged,
    /// Heavy Attack.
    Heavy,
    /// Stunt Attack.
    Stunt,
    /// The attack of a Charge.
    Charge,
    /// A Lightning Attack stunt.
    Lightning,
    /// A readied attack released.
    Readied,
}
