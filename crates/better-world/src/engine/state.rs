//! The encounter state: characters in the fight, engagements, the turn (BW-04 … BW-40).

use super::*;

/// A character named in an event: its index and its name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    /// Index in the setup's `characters`.
    pub id: usize,
    /// Name.
    pub name: String,
}

/// Where a character stands in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not in yet: joins at the start of a round (BW-10).
    Reserve,
    /// In the fight (possibly Dying).
    Active,
    /// Left the fight after a round out of combat (BW-11).
    Left,
    /// Dead (BW-20).
    Dead,
}

/// A character during the encounter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// The setup data (weapons carry their ammunition).
    pub character: Character,
    /// Hits left (BW-17).
    pub hits: i32,
    /// In, out, dead.
    pub status: Status,
    /// Conscious (false when Dying and fainted, BW-21).
    pub conscious: bool,
    /// Initiative level, once rolled (BW-06).
    pub level: Option<u32>,
    /// Index of the weapon in hand; `None` = fists.
    pub wielded: Option<usize>,
    /// Weapons on the floor (BW-27): where each lies.
    pub dropped: Vec<Dropped>,
    /// Direction (−1, 0, +1) of its most recent move, in this turn or an earlier one: the
    /// «предшествующее движение» of a Quick Shot (BW-36).
    pub last_move: i8,
    /// After-effect waiting for the next turn (BW-19).
    pub shock: Shock,
    /// Defensive Stance: +1K against the next melee attack (BW-30).
    pub stance: bool,
    /// Full Defense: +1K against melee until the next own turn (BW-30).
    pub full_defense: bool,
    /// Reaction: +1K against ranged attacks until the next own turn (BW-37).
    pub reaction: bool,
    /// Whom this character holds (BW-28).
    pub holding: Option<usize>,
    /// Who holds this character (BW-28).
    pub held_by: Option<usize>,
    /// The round in which it declared leaving (BW-11).
    pub withdrawing: Option<u32>,
    /// Made (or passed) its First Strike (BW-09).
    pub first_strike_done: bool,
    /// Struck first: initiative bonus is the First Strike K (BW-09).
    pub struck_first: bool,
    /// Rounds spent unconscious and Dying, for the hourly loss (BW-21).
    pub unconscious_rounds: u32,
    /// Rounds of counted ammunition (and throws) it spent: the sum of its `AmmoSpent`.
    #[serde(default)]
    pub ammo_spent: u32,
    /// Damage its attacks dealt (after armour and restraint, BW-16, BW-31).
    #[serde(default)]
    pub damage_dealt: u32,
    /// Damage it took: from attacks and from its own failed Disarm or Grapple (BW-27,
    /// BW-28); not the hits a Dying character loses by bleeding (BW-21).
    #[serde(default)]
    pub damage_taken: u32,
    /// The round it went down in (Dying or dead), when it did; 0 is the First Strike.
    #[serde(default)]
    pub defeated_round: Option<u32>,
}

/// A weapon knocked out of its owner's hands (BW-27): «падает в паре метров».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dropped {
    /// Index of the weapon in its owner's `weapons`.
    pub weapon: usize,
    /// Where it lies on the scene's line, in metres.
    pub at: i32,
}

/// Two characters fighting hand to hand, and the 90° sectors they stand in (BW-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// Who closed in.
    pub attacker: usize,
    /// On whom.
    pub target: usize,
    /// The attacker's sector around the target (0 front, 1 right, 2 back, 3 left).
    pub sector: u8,
    /// The target's sector around the attacker.
    pub back: u8,
}

/// The phase of the encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// First Strikes before initiative (BW-09).
    FirstStrike,
    /// A round is being played.
    Round,
    /// Between rounds: newcomers may join (BW-10).
    BetweenRounds,
    /// Over.
    Over,
}

/// The current turn's budget (BW-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Index into the order.
    pub slot: usize,
    /// Who acts.
    pub actor: usize,
    /// Main action (ОД) spent.
    pub main: bool,
    /// Additional action (ДД) spent.
    pub additional: bool,
    /// Minor actions (НД) spent.
    pub minor: u32,
    /// A burst was fired this turn (no Quick Shot after it, BW-36).
    pub burst: bool,
    /// Direction (−1, 0, +1) of this turn's main attack, for Quick Shot (BW-36).
    pub direction: i8,
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Rule settings.
    pub settings: Settings,
    /// Everyone.
    pub fighters: Vec<Fighter>,
    /// Phase.
    pub phase: Phase,
    /// Round number (0 before the first round).
    pub round: u32,
    /// Initiative queues per level (BW-06, BW-07); turns go from the highest level down.
    pub levels: BTreeMap<u32, Vec<usize>>,
    /// The turn order of the round, highest level first.
    pub order: Vec<usize>,
    /// The turn being played.
    pub turn: Option<Turn>,
    /// Melee engagements.
    pub engagements: Vec<Engagement>,
    /// Winning side once over (`None` for a draw or while going on).
    pub winner: Option<u8>,
    /// Total damage dealt so far (the simulation metric).
    pub wounds_dealt: u64,
    /// A move waiting for the opportunity attacks it provoked to be taken or declined
    /// (BW-26): the pending decision of [`Provoked::decider`].
    #[serde(default)]
    pub pending: Option<Provoked>,
}
