use super::*;

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Where some of a roll's dice came from: one part of a Defense, Attack or Damage count.
/// The parts of a count add up to the dice rolled, unless they add up below zero: then no
/// die is rolled and the opponent gets the difference (HUNT-08).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceTerm {
    /// What adds (or takes) the dice.
    pub source: DiceSource,
    /// Dice added; negative when taken.
    pub dice: i32,
    /// For dice handed over (HUNT-08): the fighter they come from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
}

impl DiceTerm {
    pub(crate) fn new(source: DiceSource, dice: i32) -> Self {
        DiceTerm {
            source,
            dice,
            from: None,
        }
    }
}

/// The source of a [`DiceTerm`], each with the rule that adds it ([`DiceSource::rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiceSource {
    /// The declared split (HUNT-06).
    Split,
    /// A Fall last turn: −1 Defense, −1 melee Attack (HUNT-12).
    Fall,
    /// The ambush's first strike: +1 Attack (HUNT-21).
    Ambush,
    /// Flee: +1 Defense, −1 Attack, −1 Damage (HUNT-14).
    Flee,
    /// Pursue: −1 Defense (HUNT-15).
    Pursue,
    /// Both pursue: +1 Attack, −1 Defense more (HUNT-15).
    BothPursue,
    /// Take Cover: the margin dice taken from Attack (HUNT-16).
    TakeCover,
    /// Aimed Fire: +2 Attack, +1 Damage (HUNT-17).
    AimedFire,
    /// Onslaught: +1 Attack, +2 Damage, −2 Defense (HUNT-18).
    Onslaught,
    /// Barrage Fire: +2 Attack, +2 Damage, −2 Defense (HUNT-22; −2 Defense only without
    /// the ammunition for it).
    BarrageFire,
    /// Dice the opponent's tactic pushed below zero, handed over (HUNT-08).
    Handed,
    /// Hidden: the Defense roll is Experience + 3 dice (HUNT-20) — the Experience part.
    Experience,
    /// Hidden: the 3 dice added to Experience (HUNT-20).
    Hidden,
}

impl DiceSource {
    /// The rule that adds these dice.
    pub fn rule(self) -> &'static str {
        match self {
            DiceSource::Split => "HUNT-06",
            DiceSource::Fall => "HUNT-12",
            DiceSource::Ambush => "HUNT-21",
            DiceSource::Flee => "HUNT-14",
            DiceSource::Pursue | DiceSource::BothPursue => "HUNT-15",
            DiceSource::TakeCover => "HUNT-16",
            DiceSource::AimedFire => "HUNT-17",
            DiceSource::Onslaught => "HUNT-18",
            DiceSource::BarrageFire => "HUNT-22",
            DiceSource::Handed => "HUNT-08",
            DiceSource::Experience | DiceSource::Hidden => "HUNT-20",
        }
    }
}

/// Endurance tests for some damage points (HUNT-13): each test's roll against the stat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnduranceTests {
    /// The Endurance tested (after earlier turns' wounds).
    pub endurance: u32,
    /// Each test's roll, in order; a roll above `endurance` fails. Fewer than the damage
    /// points when the failures already kill (HUNT-13).
    pub rolls: Vec<u32>,
    /// Tests failed.
    pub failed: u32,
}

/// One thing that happened. Before resolution events carry no declaration contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The fight begins.
    Started {
        /// Fighters as (name, side).
        fighters: Vec<(String, Side)>,
        /// Where.
        location: String,
        /// A trap is set.
        trap: bool,
    },
    /// The hunter's search against the prey's precautions (HUNT-03, HUNT-04).
    Searched {
        /// Search roll total.
        search: u32,
        /// The search dice's faces.
        #[serde(default)]
        search_faces: Vec<u32>,
        /// Precautions roll total.
        precautions: u32,
        /// The precaution dice's faces.
        #[serde(default)]
        precaution_faces: Vec<u32>,
        /// The prey is caught unaware.
        surprised: bool,
    },
    /// The prey's ambush test (HUNT-21).
    Ambushed {
        /// Who ambushes.
        fighter: String,
        /// Its Experience test.
        test: TestRoll,
    },
    /// A turn begins.
    Round {
        /// Turn number.
        round: u32,
        /// Distance of this turn.
        distance: Distance,
    },
    /// A fighter has sent its declaration (contents secret until resolution).
    Declared {
        /// Who.
        fighter: String,
        /// It replaced an earlier declaration.
        replaced: bool,
    },
    /// Declarations are locked; a counterattacker learns its opponents' Attack dice (HUNT-19).
    CounterattackWindow {
        /// The counterattacker.
        fighter: String,
        /// Attack dice aimed at it.
        sees: Vec<SeenAttack>,
    },
    /// A counterattacker re-split (contents secret until resolution).
    Resplit {
        /// Who.
        fighter: String,
    },
    /// A declaration made public at resolution.
    Revealed {
        /// The declaration as resolved.
        declaration: Declaration,
        /// A counterattacker that re-split: its first declaration (HUNT-19).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        initial: Option<Declaration>,
    },
    /// A pre-roll Experience test: "cover", "hide" or "search".
    Test {
        /// Who.
        fighter: String,
        /// Which test.
        purpose: String,
        /// The roll.
        test: TestRoll,
    },
    /// A fighter's Defense roll.
    Defense {
        /// Who.
        fighter: String,
        /// Dice after tactics.
        dice: u32,
        /// Total.
        total: u32,
        /// Cover dice (against shooting).
        cover_dice: u32,
        /// Their total.
        cover_total: u32,
        /// What makes up `dice`: the split, tactics, a Fall, dice handed over, hiding.
        #[serde(default)]
        terms: Vec<DiceTerm>,
        /// Each Defense die's face, in the order rolled (their sum is `total`, plus
        /// `experience_added`).
        #[serde(default)]
        faces: Vec<u32>,
        /// Each cover die's face (their sum is `cover_total`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cover_faces: Vec<u32>,
        /// Hidden, with `rules.hide_roll = "experience_value"`: Experience added to the
        /// roll (HUNT-20).
        #[serde(default, skip_serializing_if = "is_zero")]
        experience_added: u32,
    },
    /// One strike.
    Strike {
        /// Attacker.
        attacker: String,
        /// Target.
        target: String,
        /// Weapon used.
        weapon: String,
        /// Position in the order (equal = simultaneous).
        order: u8,
        /// Distance it was struck at.
        distance: Distance,
        /// Attack dice after tactics.
        attack_dice: u32,
        /// What makes up `attack_dice`.
        #[serde(default)]
        attack_terms: Vec<DiceTerm>,
        /// Each Attack die's face, in the order rolled.
        #[serde(default)]
        attack_faces: Vec<u32>,
        /// A blind shot at a hidden target: 1 off the Attack total (HUNT-20).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        blind: bool,
        /// Attack total.
        attack_total: u32,
        /// The target's Defense roll total.
        #[serde(default)]
        defense_roll: u32,
        /// The target's cover total added against a shot (HUNT-16).
        #[serde(default, skip_serializing_if = "is_zero")]
        cover: u32,
        /// Taken from the Defense for shooters from more directions (HUNT-25).
        #[serde(default, skip_serializing_if = "is_zero")]
        crossfire: u32,
        /// Target's Defense total against it: `defense_roll + cover − crossfire`, not below 0.
        defense_total: u32,
        /// Attack > Defense (and in reach).
        hit: bool,
        /// The hit was struck (its attacker was not killed first).
        landed: bool,
        /// What makes up the Damage dice rolled.
        #[serde(default)]
        damage_terms: Vec<DiceTerm>,
        /// Damage dice, highest first.
        damage_dice: Vec<u32>,
        /// The weapon's threshold at this distance (+1 for a blind shot): each Damage die at
        /// or above it is a damage point (HUNT-11). 0 when no weapon reaches.
        #[serde(default)]
        threshold: u32,
        /// Damage points.
        points: u32,
        /// Critical effects ("fall", "weapon_lost", "stun", "bleeding").
        criticals: Vec<String>,
        /// Doubles of all values on the Damage dice (a Stun's combat-potential loss).
        #[serde(default)]
        doubles: u32,
        /// Endurance tests the target failed.
        failures: u32,
        /// The target's Endurance tests, one per damage point (HUNT-13).
        #[serde(default)]
        endurance: EnduranceTests,
    },
    /// A trap sprang (HUNT-14).
    Trap {
        /// The fleeing fighter.
        fleer: String,
        /// Its Experience test.
        test: TestRoll,
        /// Margin dice total.
        total: u32,
        /// Each margin die's face.
        #[serde(default)]
        faces: Vec<u32>,
        /// The pursuer it was aimed at.
        victim: String,
        /// The victim's Defense total the trap roll must beat.
        #[serde(default)]
        defense: u32,
        /// Caught: its Experience test.
        caught: Option<TestRoll>,
        /// Caught and failed: damage points taken (HUNT-14).
        #[serde(default)]
        points: u32,
        /// Their Endurance tests.
        #[serde(default)]
        endurance: EnduranceTests,
    },
    /// Bleeding at the end of the turn.
    Bled {
        /// Who.
        fighter: String,
        /// Damage points.
        points: u32,
        /// Their Endurance tests.
        #[serde(default)]
        endurance: EnduranceTests,
    },
    /// The wound of this turn (HUNT-13).
    Wounded {
        /// Who.
        fighter: String,
        /// Failed Endurance tests this turn.
        failures: u32,
        /// "light wound", "heavy wound", "maimed" or "dead".
        level: String,
        /// Stats before this wound (after earlier ones).
        #[serde(default)]
        before: Stats,
        /// Stats from the next turn on (equal to `before` for a killing wound).
        #[serde(default)]
        after: Stats,
        /// Endurance without wounds: the track's maximum.
        #[serde(default)]
        max_endurance: u32,
    },
    /// A fighter died.
    Died {
        /// Who.
        fighter: String,
        /// Its wounds left it no Endurance (HUNT-13 default `zero_endurance_dies`), rather
        /// than the deadly number of failed tests in one turn.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        no_endurance: bool,
    },
    /// The distance changed at the end of the turn.
    DistanceChanged {
        /// Before.
        from: Distance,
        /// After.
        to: Distance,
    },
    /// A fighter fled from Far and is gone.
    Escaped {
        /// Who.
        fighter: String,
    },
    /// A fighter hid (HUNT-20).
    Hid {
        /// Who.
        fighter: String,
        /// Turns the opponent has to find it (`None`: no limit, it bleeds).
        turns: Option<u32>,
    },
    /// A hidden fighter was found.
    Found {
        /// The hider.
        fighter: String,
        /// The searcher.
        by: String,
        /// Distance the fight goes on at.
        distance: Distance,
    },
    /// A hidden fighter was not found in time.
    TrailLost {
        /// The hider.
        fighter: String,
    },
    /// A weapon dropped, picked up or lost (HUNT-12).
    WeaponChanged {
        /// Whose.
        fighter: String,
        /// Which.
        weapon: String,
        /// New status.
        status: WeaponStatus,
    },
    /// Ammunition used or reloaded (HUNT-27).
    Ammo {
        /// Whose.
        fighter: String,
        /// Which weapon.
        weapon: String,
        /// Rounds in it before.
        #[serde(default)]
        before: u32,
        /// Rounds left in it.
        left: u32,
        /// Spare rounds left.
        spare: u32,
    },
    /// Bleeding stopped by first aid.
    Bandaged {
        /// Who.
        fighter: String,
    },
    /// The encounter is over.
    Ended {
        /// The winner, if any.
        winner: Option<Side>,
        /// Why.
        reason: String,
    },
}
