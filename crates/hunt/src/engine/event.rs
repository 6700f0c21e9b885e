use super::*;

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
        /// Precautions roll total.
        precautions: u32,
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
        /// Attack total.
        attack_total: u32,
        /// Target's Defense total against it.
        defense_total: u32,
        /// Attack > Defense (and in reach).
        hit: bool,
        /// The hit was struck (its attacker was not killed first).
        landed: bool,
        /// Damage dice, highest first.
        damage_dice: Vec<u32>,
        /// Damage points.
        points: u32,
        /// Critical effects ("fall", "weapon_lost", "stun", "bleeding").
        criticals: Vec<String>,
        /// Endurance tests the target failed.
        failures: u32,
    },
    /// A trap sprang (HUNT-14).
    Trap {
        /// The fleeing fighter.
        fleer: String,
        /// Its Experience test.
        test: TestRoll,
        /// Margin dice total.
        total: u32,
        /// The pursuer it was aimed at.
        victim: String,
        /// Caught: its Experience test.
        caught: Option<TestRoll>,
    },
    /// Bleeding at the end of the turn.
    Bled {
        /// Who.
        fighter: String,
        /// Damage points.
        points: u32,
    },
    /// The wound of this turn (HUNT-13).
    Wounded {
        /// Who.
        fighter: String,
        /// Failed Endurance tests this turn.
        failures: u32,
        /// "light wound", "heavy wound", "maimed" or "dead".
        level: String,
    },
    /// A fighter died.
    Died {
        /// Who.
        fighter: String,
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
