//! Commands: one decision by a participant, and its parts.

use super::*;

/// Common fields of an attack command.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Strike {
    /// Who attacks.
    pub actor: usize,
    /// Whom.
    pub target: usize,
    /// Which weapon (index); `None` = the one in hand.
    pub weapon: Option<usize>,
    /// Which aspect; `None` = the best allowed (BW-23, BW-32).
    pub aspect: Option<Aspect>,
    /// Situational bonus K (BW-03), at most 10.
    pub bonus: u32,
    /// Situational extra difficulty K (BW-03, BW-33), at most 10.
    pub extra: u32,
    /// Restraint (BW-31).
    pub restraint: Restraint,
}

/// A Long Burst at several targets in a cone (BW-40).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Spray {
    /// Who fires.
    pub actor: usize,
    /// Targets in the cone, all in one direction.
    pub targets: Vec<usize>,
    /// Which weapon; `None` = the one in hand.
    pub weapon: Option<usize>,
    /// Which aspect; `None` = the best allowed.
    pub aspect: Option<Aspect>,
    /// Situational bonus K.
    pub bonus: u32,
    /// Situational extra difficulty K.
    pub extra: u32,
    /// Restraint.
    pub restraint: Restraint,
}

/// One decision by a participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Attack (ОД, BW-14): melee if engaged with the target, else ranged.
    Attack(Strike),
    /// Quick Strike (ДД, BW-30): melee, +2K extra difficulty.
    QuickStrike(Strike),
    /// Feinting Strike (ПД, BW-30): melee, +1K.
    FeintStrike(Strike),
    /// Quick Shot (ДД, BW-36): ranged, +2K (+3K off direction), not after a burst.
    QuickShot(Strike),
    /// Aimed Shot (ПД, BW-38): ranged, +1K.
    AimedShot(Strike),
    /// Short Burst (ОД, BW-39).
    ShortBurst(Strike),
    /// Long Burst (ПД, BW-40).
    LongBurst(Spray),
    /// Disarm (ОД, BW-27).
    Disarm {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Grapple (ПД, BW-28).
    Grapple {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Break Free (ОД, BW-29).
    BreakFree {
        /// Who.
        actor: usize,
    },
    /// Let go of the held target (НД).
    Release {
        /// Who.
        actor: usize,
    },
    /// Defensive Stance (ДД, BW-30).
    DefensiveStance {
        /// Who.
        actor: usize,
    },
    /// Full Defense (ПД, BW-30).
    FullDefense {
        /// Who.
        actor: usize,
    },
    /// Reaction (ДД, BW-37): only in cover.
    Reaction {
        /// Who.
        actor: usize,
    },
    /// Move (ДД) or Sprint (ПД) to a position (BW-13); may engage a target in melee.
    Move {
        /// Who.
        actor: usize,
        /// Where to, in metres.
        to: i32,
        /// Sprint (ПД) rather than Move (ДД).
        #[serde(default)]
        sprint: bool,
        /// Close into melee with this enemy.
        #[serde(default)]
        engage: Option<usize>,
        /// The 90° sector around the target (0–3); default the first free.
        #[serde(default)]
        sector: Option<u8>,
    },
    /// Reload the weapon in hand (ДД).
    Reload {
        /// Who.
        actor: usize,
    },
    /// Pick up one's own weapon from the floor within reach (ДД, BW-27); it is then in hand.
    PickUp {
        /// Who.
        actor: usize,
        /// Which weapon (index); `None` = the nearest on the floor.
        #[serde(default)]
        weapon: Option<usize>,
    },
    /// Declare leaving the fight (НД, BW-11).
    Withdraw {
        /// Who.
        actor: usize,
    },
    /// A conscious Dying character faints (BW-21): НД on its own turn, free at any time.
    LetGo {
        /// Who.
        actor: usize,
    },
    /// Decline the First Strike (BW-09).
    Pass {
        /// Who.
        actor: usize,
    },
    /// End the turn.
    EndTurn {
        /// Who.
        actor: usize,
    },
    /// Take (`attack`) or decline the opportunity attack a move offers (BW-26): the
    /// pending decision of the enemy it provoked, lowest index first.
    Opportunity {
        /// Who may attack.
        actor: usize,
        /// Take it (true) or let the mover go (false).
        attack: bool,
    },
    /// Newcomers join at the start of the next round (BW-10).
    Join {
        /// Who joins.
        actors: Vec<usize>,
    },
    /// Start the next round.
    NextRound,
}

/// Which action an attack or contest event came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Attack.
    Attack,
    /// Quick Strike.
    QuickStrike,
    /// Feinting Strike.
    FeintStrike,
    /// Quick Shot.
    QuickShot,
    /// Aimed Shot.
    AimedShot,
    /// Short Burst.
    ShortBurst,
    /// Long Burst.
    LongBurst,
    /// Opportunity attack.
    Opportunity,
    /// Disarm.
    Disarm,
    /// Grapple.
    Grapple,
    /// Break Free.
    BreakFree,
}

/// Why a turn was skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// Dead (BW-08).
    Dead,
    /// Unconscious (BW-21).
    Unconscious,
    /// Concussion (BW-19).
    Concussion,
}

/// A defence option taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defence {
    /// Defensive Stance.
    Stance,
    /// Full Defense.
    FullDefense,
    /// Reaction.
    Reaction,
}
