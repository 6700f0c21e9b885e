//! The default policy: the tactic that plays RED fights ([`crate::tactic`]), with its knobs
//! as data ([`Tactic`] per side, [`RedPolicy`] for both), and its answer to the one pending
//! choice, whether to evade a ranged attack (RED-33).

use fray_dice::{Options, Policy};
use serde::{Deserialize, Serialize};

use crate::engine::{Command, State};
use crate::Red;

/// Whom a side attacks and moves toward. Enemies still standing always come before
/// Mortally Wounded ones (RED-44: those fight on).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The nearest enemy (ties: setup order).
    #[default]
    Nearest,
    /// The enemy with the fewest HP (ties: the nearest).
    Weakest,
    /// The enemy with the most HP (ties: the nearest).
    Strongest,
}

/// How a side answers "evade this ranged attack?" (RED-33).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EvadeChoice {
    /// Evade when DEX + Evasion + 5.5 (the d10's mean) beats the DV.
    #[default]
    WhenBetter,
    /// Always evade.
    Always,
    /// Never evade: the DV stands.
    Never,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack.
    pub target: TargetPriority,
    /// Whether to evade ranged attacks.
    pub evade: EvadeChoice,
    /// Stabilize a Mortally Wounded ally within reach before fighting (true).
    pub stabilize: bool,
    /// Open round 1 with the delayed attack of a character marked `ambush` (true).
    pub ambush: bool,
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::Nearest,
        evade: EvadeChoice::WhenBetter,
        stabilize: true,
        ambush: true,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The RED policy: one [`Tactic`] per side. JSON: `{"side_a": {...}, "side_b": {...}}`,
/// each optional (`{"side_b": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct RedPolicy {
    /// Side 0.
    pub side_a: Tactic,
    /// Side 1.
    pub side_b: Tactic,
}

impl RedPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: RedPolicy = RedPolicy {
        side_a: Tactic::DEFAULT,
        side_b: Tactic::DEFAULT,
    };

    /// The tactic of side `side`.
    pub fn side(&self, side: u8) -> &Tactic {
        if side == 0 {
            &self.side_a
        } else {
            &self.side_b
        }
    }

    /// The command this policy plays next, computed directly (the crate's property tests
    /// check it is always among the options), or `None` when the fight is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        crate::tactic::next_command_with(state, self)
    }
}

impl Policy<Red> for RedPolicy {
    fn choose(&self, state: &State, options: &Options<Command>) -> Option<Command> {
        let command = self.command(state)?;
        if options.admits(&command) {
            Some(command)
        } else {
            options.for_decider().next().map(|o| o.command.clone())
        }
    }

    fn next(&self, state: &State) -> Option<Command> {
        self.command(state)
    }
}
