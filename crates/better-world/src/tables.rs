//! Tables as data: distance levels, cover, bursts, outnumbering and aspects by weapon
//! (BW-23 … BW-25, BW-32 … BW-35, BW-39, BW-40).

use serde::{Deserialize, Serialize};

/// A character aspect (stat) that checks roll as K.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Aspect {
    /// Рефлексы: initiative by default (BW-04).
    Reflexes,
    /// Тренировка.
    Training,
    /// Телосложение.
    Constitution,
    /// Координация.
    Coordination,
    /// Ловкость рук.
    SleightOfHand,
    /// Восприятие.
    Perception,
    /// Концентрация.
    Concentration,
    /// Мышечная память.
    MuscleMemory,
}

impl Aspect {
    /// Every aspect, in declaration (and serialization) order.
    pub const ALL: [Aspect; 8] = [
        Aspect::Reflexes,
        Aspect::Training,
        Aspect::Constitution,
        Aspect::Coordination,
        Aspect::SleightOfHand,
        Aspect::Perception,
        Aspect::Concentration,
        Aspect::MuscleMemory,
    ];
}

/// What a weapon is, which decides its aspects (BW-23, BW-32) and whether it shoots.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    /// Fists and feet.
    #[default]
    Unarmed,
    /// Swords, sabres, rapiers.
    Fencing,
    /// Knuckle-dusters, axes, clubs: improvised or heavy.
    Heavy,
    /// Knives in melee.
    Knife,
    /// Guns.
    Firearm,
    /// A thrown knife.
    ThrownKnife,
    /// A grenade.
    Grenade,
    /// A bow.
    Bow,
}

impl WeaponKind {
    /// Whether the weapon attacks at range (from 2 m).
    pub fn is_ranged(self) -> bool {
        matches!(
            self,
            WeaponKind::Firearm | WeaponKind::ThrownKnife | WeaponKind::Grenade | WeaponKind::Bow
        )
    }

    /// Whether it fights hand to hand by melee rules without its accuracy advantage
    /// (BW-22): a gun (fired or struck with, `settings.firearm_in_melee`), a bow or a
    /// grenade (a blow). A thrown knife held in hand is a knife (BW-23), so it is not one
    /// of these.
    pub fn blunt_in_melee(self) -> bool {
        self.is_ranged() && self != WeaponKind::ThrownKnife
    }

    /// Aspects for attacking with it in melee (BW-23: a thrown knife held in hand is a
    /// knife; a firearm in melee uses the unarmed list, BW-22 **\[default\]**).
    pub fn melee_aspects(self) -> &'static [Aspect] {
        use Aspect::*;
        match self {
            WeaponKind::Fencing => &[Training, Coordination],
            WeaponKind::Heavy => &[Training, Constitution],
            WeaponKind::Knife | WeaponKind::ThrownKnife => &[Training, Coordination, SleightOfHand],
            _ => &[Training, Constitution, Coordination],
        }
    }

    /// Aspects for attacking with it at range (BW-32); empty for melee weapons.
    pub fn ranged_aspects(self) -> &'static [Aspect] {
        use Aspect::*;
        match self {
            WeaponKind::Firearm => &[Perception, Concentration],
            WeaponKind::ThrownKnife => &[Training, SleightOfHand, Coordination],
            WeaponKind::Grenade | WeaponKind::Bow => &[Training],
            _ => &[],
        }
    }
}

/// A distance level (BW-34). Levels are ordered: each step past a weapon's comfortable
/// range costs +1K.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Distance {
    /// Ближняя.
    #[default]
    Near,
    /// Средняя.
    Medium,
    /// Дальняя.
    Far,
    /// Extreme: past Far.
    Extreme,
}

impl Distance {
    fn index(self) -> u32 {
        self as u32
    }
}

/// Base difficulty of each distance level, and where the levels start in metres (BW-34).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DistanceTable {
    /// Difficulty K at Near, Medium, Far, Extreme. **\[default\]** 3, 4, 5, 6: with the +1K per
    /// level past the comfortable range this gives the seed's pistol example (5K at Medium,
    /// 7K at Far for a Near pistol).
    #[schemars(inner(range(min = 0, max = 30)))]
    pub difficulty: [u32; 4],
    /// The farthest metres still counted Near, Medium, Far; past the last is Extreme.
    /// **\[default\]** 10, 30, 100.
    #[schemars(inner(range(min = 0, max = 100000)))]
    pub bands: [u32; 3],
    /// Closer than this many metres is melee range, not ranged combat (BW-32: "from 2 m").
    #[schemars(range(min = 1, max = 100))]
    pub melee_below: u32,
}

impl Default for DistanceTable {
    fn default() -> Self {
        DistanceTable {
            difficulty: [3, 4, 5, 6],
            bands: [10, 30, 100],
            melee_below: 2,
        }
    }
}

impl DistanceTable {
    /// The level of a distance in metres.
    pub fn level(&self, metres: u32) -> Distance {
        if metres <= self.bands[0] {
            Distance::Near
        } else if metres <= self.bands[1] {
            Distance::Medium
        } else if metres <= self.bands[2] {
            Distance::Far
        } else {
            Distance::Extreme
        }
    }

    /// Base difficulty at `distance` for a weapon comfortable up to `comfortable`:
    /// the level's K plus 1K per level beyond (BW-34).
    #[inline]
    pub fn difficulty(&self, distance: Distance, comfortable: Distance) -> u32 {
        self.difficulty[distance as usize] + distance.index().saturating_sub(comfortable.index())
    }
}

/// How much of the body cover hides (BW-35).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Cover {
    /// In the open.
    #[default]
    None,
    /// About 25%: a bar counter, a car door.
    Light,
    /// About 50%: around a corner, from a trench.
    Normal,
    /// 75% or more: a loophole, a roof.
    Heavy,
}

/// Extra difficulty K of each cover (BW-35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CoverTable {
    /// K for none, light, normal, heavy: 0, 1, 2, 3.
    #[schemars(inner(range(min = 0, max = 15)))]
    pub difficulty: [u32; 4],
}

impl Default for CoverTable {
    fn default() -> Self {
        CoverTable {
            difficulty: [0, 1, 2, 3],
        }
    }
}

impl CoverTable {
    /// Extra difficulty of `cover`.
    #[inline]
    pub fn difficulty(&self, cover: Cover) -> u32 {
        self.difficulty[cover as usize]
    }
}

/// Ranged defence difficulty (BW-33 … BW-35): distance + beyond-range + cover + situational.
/// They add up.
#[inline]
pub fn ranged_difficulty(
    distances: &DistanceTable,
    covers: &CoverTable,
    distance: Distance,
    comfortable: Distance,
    cover: Cover,
    situational: u32,
) -> u32 {
    distances.difficulty(distance, comfortable) + covers.difficulty(cover) + situational
}

/// Bonus K to each melee attacker of a lone target, by how many attack it (BW-25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct OutnumberingTable {
    /// Two attackers from the same side: +1K.
    #[schemars(range(min = 0, max = 10))]
    pub two_same_side: u32,
    /// Two attackers from opposite sides: +2K.
    #[schemars(range(min = 0, max = 10))]
    pub two_opposite: u32,
    /// Three attackers: +2K.
    #[schemars(range(min = 0, max = 10))]
    pub three: u32,
    /// Four attackers: +3K.
    #[schemars(range(min = 0, max = 10))]
    pub four: u32,
}

impl Default for OutnumberingTable {
    fn default() -> Self {
        OutnumberingTable {
            two_same_side: 1,
            two_opposite: 2,
            three: 2,
            four: 3,
        }
    }
}

impl OutnumberingTable {
    /// The bonus for `attackers` on one lone target; `opposite` when two stand on opposite
    /// sides of it.
    #[inline]
    pub fn bonus(&self, attackers: u32, opposite: bool) -> u32 {
        match attackers {
            0 | 1 => 0,
            2 if opposite => self.two_opposite,
            2 => self.two_same_side,
            3 => self.three,
            _ => self.four,
        }
    }
}
