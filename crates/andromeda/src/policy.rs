//! The default policy: the tactic that plays Andromeda fights (see the crate docs'
//! "Default tactic"), with its knobs as data ([`Tactic`] per side, [`AndromedaPolicy`] for
//! both).

use fray_dice::{DefaultPolicy, Options, Policy};
use serde::{Deserialize, Serialize};

use crate::engine::{Command, State};
use crate::setup::Side;
use crate::{tactic, Andromeda};

/// Whom a side attacks (and grabs) among the enemies it can reach.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The first in setup order.
    #[default]
    SetupOrder,
    /// The nearest (ties: setup order).
    Nearest,
    /// The one with the fewest free stress boxes, temporary and main (ties: setup order).
    Weakest,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack when the best attack could go to several (equal expected damage) and
    /// which to take first for an ability with several targets.
    pub target: TargetPriority,
    /// Follow each participant's `tactic` hints (`grab`, `hide`) (true).
    pub hints: bool,
    /// A hero spends an Accomplishment Point to restore main stress at half or worse
    /// (AND-47) (true).
    pub restore_stress: bool,
    /// A hero spends an Accomplishment Point for the Heat an ability lacks (AND-29) (true).
    pub accomplishment_heat: bool,
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::SetupOrder,
        hints: true,
        restore_stress: true,
        accomplishment_heat: true,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The Andromeda policy: one [`Tactic`] per side. JSON: `{"heroes": {...}, "enemies":
/// {...}}`, each optional (`{"heroes": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct AndromedaPolicy {
    /// The heroes' tactic.
    pub heroes: Tactic,
    /// The enemies' tactic.
    pub enemies: Tactic,
}

impl AndromedaPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: AndromedaPolicy = AndromedaPolicy {
        heroes: Tactic::DEFAULT,
        enemies: Tactic::DEFAULT,
    };

    /// The tactic of `side`.
    pub fn side(&self, side: Side) -> &Tactic {
        match side {
            Side::Heroes => &self.heroes,
            Side::Enemies => &self.enemies,
        }
    }

    /// The command this policy plays next, computed directly (without listing the options;
    /// the crate's property tests check it is always among them), or `None` when the fight
    /// is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        tactic::next_command(state, self)
    }
}

impl Policy<Andromeda> for AndromedaPolicy {
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

impl DefaultPolicy for Andromeda {
    type Policy = AndromedaPolicy;
}

/// The default tactic's next command (what [`fray_dice::AutoPlay::next_command`] plays).
pub(crate) fn default_command(state: &State) -> Option<Command> {
    AndromedaPolicy::DEFAULT.command(state)
}
