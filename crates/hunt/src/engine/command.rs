use super::*;

/// Part of a split aimed at one target (HUNT-24).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Allocation {
    /// The target's name.
    pub target: Arc<str>,
    /// Attack dice on it.
    #[serde(default)]
    pub attack: u32,
    /// Damage dice on it.
    #[serde(default)]
    pub damage: u32,
}

/// An action that keeps a fighter from fighting (HUNT-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Extraneous {
    /// Refill the named (or first) weapon's magazine from its spare rounds.
    Reload,
    /// Bandage: **\[default\]** stops bleeding.
    FirstAid,
    /// Anything else (rigging gear …): no effect beyond the restrictions.
    Other,
}

/// A fighter's secret declaration for one turn (HUNT-06).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// Who declares. Names are shared with the state (`Arc`), so the default tactic's
    /// commands copy no strings; each serializes as a plain string.
    pub fighter: Arc<str>,
    /// Weapon used (needed to attack; for a reload, the weapon reloaded).
    #[serde(default)]
    pub weapon: Option<Arc<str>>,
    /// Defense dice (≤ Agility).
    #[serde(default)]
    pub defense: u32,
    /// Attack dice (≤ Agility) on `target`.
    #[serde(default)]
    pub attack: u32,
    /// Damage dice (≤ Strength in melee, ≤ Marksmanship ranged) on `target`.
    #[serde(default)]
    pub damage: u32,
    /// Target of `attack`/`damage`; may be left out when there is one opponent.
    #[serde(default)]
    pub target: Option<Arc<str>>,
    /// Attack and Damage divided among several targets (HUNT-24), instead of `attack`,
    /// `damage` and `target`.
    #[serde(default)]
    pub split: Vec<Allocation>,
    /// The tactic.
    #[serde(default)]
    pub tactic: Tactic,
    /// An Extraneous action instead of fighting.
    #[serde(default)]
    pub action: Option<Extraneous>,
    /// With Search: the distance the fight goes on at if the hider is found. With Ambush:
    /// the distance the ambusher picks (default: the current one).
    #[serde(default)]
    pub distance: Option<Distance>,
    /// With Flee, where the location has a trap: try to lure the pursuers into it (HUNT-14,
    /// «можно постараться заманить в нее противника» — a choice, not automatic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lure: bool,
    /// Give up the search (HUNT-20): no attack, no tactic; a hidden opponent whose every
    /// searcher gives up is lost at the end of the turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub give_up: bool,
}

impl Declaration {
    /// An empty declaration for `fighter` (all dice 0, no tactic).
    pub fn new(fighter: impl Into<Arc<str>>) -> Self {
        Declaration {
            fighter: fighter.into(),
            weapon: None,
            defense: 0,
            attack: 0,
            damage: 0,
            target: None,
            split: Vec::new(),
            tactic: Tactic::None,
            action: None,
            distance: None,
            lure: false,
            give_up: false,
        }
    }
}

/// A counterattacker's new split after seeing its opponents' Attack dice (HUNT-19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Resplit {
    /// The counterattacker.
    pub fighter: Arc<str>,
    /// New Defense dice.
    #[serde(default)]
    pub defense: u32,
    /// New Attack dice.
    #[serde(default)]
    pub attack: u32,
    /// New Damage dice.
    #[serde(default)]
    pub damage: u32,
    /// New division among targets, if the declaration used one.
    #[serde(default)]
    pub split: Vec<Allocation>,
}

/// One decision sent to the game master.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Declare (or replace a declaration) for this turn.
    Declare(Declaration),
    /// A counterattacker re-splits while the counterattack window is open.
    Resplit(Resplit),
    /// Resolve the exchange once every fighter has declared (first opening the counterattack
    /// window when someone counterattacks).
    Resolve,
}
