//! The state of an encounter: participants, their conditions, grabs and the phase.

use super::*;

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
    /// The provoked attack or readied action offered now (AND-11, AND-14): until its
    /// decider answers, every other command is refused.
    pub pending: Option<Pending>,
}
