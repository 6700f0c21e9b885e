//! The commands of an encounter (RED-05 … RED-12) and what an attack names.

use super::*;

/// Where a hit lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Head: head armour, damage through it doubled (aimed shots only).
    Head,
    /// Body: everything else.
    Body,
}

/// An aimed shot (RED-34): −8 to hit.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// A normal attack at the body.
    #[default]
    None,
    /// The head: head armour, damage through it doubled.
    Head,
    /// A held item: on a hit the target drops what it holds (**\[default\]** whether or not
    /// damage gets through).
    Item,
    /// A leg: a hit that gets through inflicts the Broken Leg injury (**\[default\]**,
    /// `settings.leg_injury`).
    Leg,
}

/// Single attack or autofire (RED-35).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FireMode {
    /// One shot or blow.
    #[default]
    Single,
    /// A 10-round burst against the autofire DV; damage 2d6 × multiplier.
    Autofire,
}

/// Unarmed fighting styles (RED-37, RED-38).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unarmed {
    /// Brawling: full SP applies.
    Brawling,
    /// Martial Arts: ignores half of the SP.
    MartialArts,
}

/// What an attack is: target, weapon (or unarmed style), mode, aim, and the defender's
/// evasion choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttackOrder {
    pub(super) target: usize,
    pub(super) weapon: Option<usize>,
    pub(super) unarmed: Option<Unarmed>,
    pub(super) mode: FireMode,
    pub(super) aim: Aim,
    pub(super) evade: Option<bool>,
}

impl AttackOrder {
    /// The default tactic's attack: with the weapon, or Brawling without one; not aimed,
    /// evasion left to the defender.
    pub(crate) fn plain(target: usize, weapon: Option<usize>, mode: FireMode) -> AttackOrder {
        AttackOrder {
            target,
            weapon,
            unarmed: weapon.is_none().then_some(Unarmed::Brawling),
            mode,
            aim: Aim::None,
            evade: None,
        }
    }

    /// The actor and the order of an attack command (`None` for any other command).
    pub(crate) fn of(command: &Command) -> Option<(usize, AttackOrder)> {
        let Command::Attack {
            actor,
            target,
            weapon,
            unarmed,
            mode,
            aim,
            evade,
        } = *command
        else {
            return None;
        };
        let order = AttackOrder {
            target,
            weapon,
            unarmed,
            mode,
            aim,
            evade,
        };
        Some((actor, order))
    }

    /// The attack command of `actor` with this order.
    pub(crate) fn command(self, actor: usize) -> Command {
        Command::Attack {
            actor,
            target: self.target,
            weapon: self.weapon,
            unarmed: self.unarmed,
            mode: self.mode,
            aim: self.aim,
            evade: self.evade,
        }
    }
}

/// When a delayed action fires (RED-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// "After Gina's turn".
    AfterTurn {
        /// Index of the participant whose turn ends.
        of: usize,
    },
    /// "As soon as he moves": after any Move Action movement of that participant.
    Moves {
        /// Index of the participant watched.
        who: usize,
    },
}

/// How a participant moves (RED-12).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// Walk or run: 1 m of MOVE per metre.
    #[default]
    Walk,
    /// Swim: 2 m per metre.
    Swim,
    /// Climb: 2 m per metre.
    Climb,
    /// Running jump: 2 m per metre.
    RunningJump,
    /// Standing jump: half as far as running (**\[default\]** 4 m per metre).
    StandingJump,
}

/// Why a participant left the fight (RED-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Leaving {
    /// Ran away.
    Flee,
    /// Gave up.
    Surrender,
}

/// One decision. `actor` must be the participant whose turn it is (RED-03), except `join`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Move Action movement to a position (RED-05, RED-11, RED-12); may be split.
    Move {
        /// Who.
        actor: usize,
        /// Destination, metres.
        to: i32,
        /// How.
        #[serde(default)]
        mode: MoveMode,
    },
    /// Run: the Action becomes a second move, after moving this turn (RED-08).
    Run {
        /// Who.
        actor: usize,
    },
    /// Attack (RED-06, RED-07, RED-32 … RED-38).
    Attack {
        /// Who.
        actor: usize,
        /// Index of the target.
        target: usize,
        /// Weapon index; absent for unarmed.
        #[serde(default)]
        weapon: Option<usize>,
        /// Unarmed style.
        #[serde(default)]
        unarmed: Option<Unarmed>,
        /// Single or autofire.
        #[serde(default)]
        mode: FireMode,
        /// Aimed shot.
        #[serde(default)]
        aim: Aim,
        /// Defender's evasion choice.
        #[serde(default)]
        evade: Option<bool>,
    },
    /// Suppressive fire: 10 rounds, the whole Action (RED-35).
    Suppress {
        /// Who.
        actor: usize,
        /// Weapon index (an autofire weapon).
        weapon: usize,
    },
    /// Reload fully with one ammo type (RED-08, RED-36).
    Reload {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
        /// Ammo type; the one loaded when absent.
        #[serde(default)]
        ammo: Option<String>,
    },
    /// Use a skill: a short task, or a long one over `turns` turns (RED-08).
    UseSkill {
        /// Who.
        actor: usize,
        /// Stat name ("int", "tech" …).
        stat: String,
        /// Skill name.
        skill: String,
        /// DV.
        dv: i32,
        /// Turns the task takes (1: a short task).
        #[serde(default = "one")]
        turns: u32,
    },
    /// Stabilize a mortally wounded character (RED-08, RED-45).
    Stabilize {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Grab and hold, break a hold, or snatch an item from the target's hand (RED-08).
    Grab {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
        /// Index of a weapon in the target's hand to take instead of holding the target.
        #[serde(default)]
        item: Option<usize>,
    },
    /// Choke the grabbed character (RED-08).
    Choke {
        /// Who.
        actor: usize,
    },
    /// Throw the grabbed character down (RED-08). Throwing an object is an `attack` with a
    /// thrown weapon (a profile on the `thrown` DV row, such as `grenade`).
    Throw {
        /// Who.
        actor: usize,
    },
    /// Use the grabbed character as a human shield (RED-08).
    HumanShield {
        /// Who.
        actor: usize,
    },
    /// Take or stow a shield: always an Action (RED-08, RED-09).
    Shield {
        /// Who.
        actor: usize,
        /// Take it in hand (true) or stow it (false).
        take: bool,
    },
    /// Get up from prone (RED-13).
    GetUp {
        /// Who.
        actor: usize,
    },
    /// Use an object; holstering a weapon is this Action (RED-09).
    UseObject {
        /// Who.
        actor: usize,
        /// Weapon to holster, if that is the use.
        #[serde(default)]
        holster: Option<usize>,
        /// What is done, for the log.
        #[serde(default)]
        note: String,
    },
    /// Delay: declare an action (with its target) and its trigger; lost if the trigger
    /// does not come this round (RED-10). The action is any Action command of the same
    /// actor except movement, Run, vehicle starts and another Delay.
    Delay {
        /// Who.
        actor: usize,
        /// The action to take when the trigger comes.
        action: Box<Command>,
        /// When.
        trigger: Trigger,
    },
    /// Board a vehicle (RED-08).
    Board {
        /// Who.
        actor: usize,
        /// Vehicle index.
        vehicle: usize,
    },
    /// Start the vehicle one drives: the driver moves to the front of the queue (RED-03).
    StartVehicle {
        /// Who.
        actor: usize,
    },
    /// A driving maneuver: REF + Drive Land Vehicle against a DV (RED-08).
    Maneuver {
        /// Who.
        actor: usize,
        /// DV of the maneuver.
        dv: i32,
    },
    /// Leave a vehicle: free, counts as movement (RED-09).
    LeaveVehicle {
        /// Who.
        actor: usize,
    },
    /// A NET action, spent instead of the Action by a Netrunner (RED-08).
    NetAction {
        /// Who.
        actor: usize,
        /// What, for the log.
        what: String,
    },
    /// Draw a weapon at hand into free hands: free (RED-09).
    Draw {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
    },
    /// Drop a weapon: free (RED-09).
    Drop {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
    },
    /// The defender's answer to a ranged attack waiting on it (RED-33 «may instead oppose
    /// with DEX + Evasion + 1d10»): `evade: true` opposes the roll, `false` lets the DV stand.
    Evade {
        /// Index of the defender.
        actor: usize,
        /// Whether to evade.
        evade: bool,
    },
    /// End the turn.
    EndTurn {
        /// Who.
        actor: usize,
    },
    /// A newcomer joins: rolls initiative and takes its place (RED-03).
    Join {
        /// The newcomer.
        character: Box<CharacterSetup>,
    },
    /// Flee or surrender: leave the fight (RED-01).
    Leave {
        /// Who.
        actor: usize,
        /// How.
        how: Leaving,
    },
}

pub(super) fn one() -> u32 {
    1
}

pub(super) fn two() -> u32 {
    2
}
