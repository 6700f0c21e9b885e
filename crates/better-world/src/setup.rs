//! Setup data: settings, characters, weapons and armour (all serde, all replaceable).

use std::fmt;
use std::sync::Arc;

use fray_dice::fields::{path, refuse, unique_names, within};
use fray_dice::RuleError;
use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::health::HealthTrack;
use crate::initiative::{InitiativeModifier, OrderMethod};
use crate::resolve::{TieRule, MAX_POOL};
use crate::tables::{
    Aspect, Cover, CoverTable, Distance, DistanceTable, OutnumberingTable, WeaponKind,
};

/// How newcomers are placed on a level that already has characters (BW-10).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum JoinMethod {
    /// **\[default\]** Few newcomers (fewer than the characters already on that level) are
    /// inserted by the dice method keeping the old order; otherwise everyone on the level is
    /// reshuffled by the card method.
    #[default]
    Auto,
    /// Always insert newcomers by the dice method.
    Dice,
    /// Always reshuffle the whole level by the card method.
    Cards,
}

/// How a gun (or a bow, or a grenade) attacks hand to hand (BW-22: «атака будет
/// совершаться по правилам рукопашного боя»).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FirearmInMelee {
    /// A blow with it: melee aspects, no ammunition spent or needed, the damage of a blow
    /// (trivial damage, no weapon effectiveness).
    Blow,
    /// **\[default\]** The gun is fired («возможно применение огнестрельного оружия»)
    /// while loaded: a melee check (melee aspects against the defender's, no accuracy
    /// bonus: «Преимущество точности дальнобойного оружия не будет работать»), one round
    /// spent, the gun's effectiveness; an empty gun strikes as a blow.
    #[default]
    Shot,
}

/// A stretch of the scene's line that gives cover to whoever stands in it (BW-35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CoverZone {
    /// First metre of the stretch.
    #[schemars(range(min = -100000, max = 100000))]
    pub from: i32,
    /// Last metre (inclusive).
    #[schemars(range(min = -100000, max = 100000))]
    pub to: i32,
    /// The cover it gives.
    pub cover: Cover,
}

/// At most this many cover zones in a scene.
pub const MAX_COVER_ZONES: usize = 64;

/// The longest fight the round limit allows (`settings.max_rounds`).
pub const MAX_ROUNDS: u32 = 1000;

/// Every rule setting of an encounter; each field has the documented default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Tie rule of checks (BW-02).
    pub tie: TieRule,
    /// Health blocks, wound penalties, shock and death thresholds (BW-17 … BW-21).
    pub health: HealthTrack,
    /// Distance levels (BW-34).
    pub distances: DistanceTable,
    /// Cover (BW-35).
    pub cover: CoverTable,
    /// Outnumbering bonuses (BW-25).
    pub outnumbering: OutnumberingTable,
    /// The aspect initiative uses (BW-04): Reflexes.
    pub initiative_aspect: Aspect,
    /// Order within one initiative level (BW-07): the dice method.
    pub order_method: OrderMethod,
    /// How newcomers join (BW-10).
    pub join_method: JoinMethod,
    /// At most this many melee attackers on one target (BW-24): 4; lower for cramped space.
    #[schemars(range(min = 1, max = 4))]
    pub melee_cap: u32,
    /// Metres of a Move (BW-13): 4.
    #[schemars(range(min = 0, max = 1000))]
    pub move_metres: u32,
    /// Metres of a Sprint (BW-13): 12.
    #[schemars(range(min = 0, max = 1000))]
    pub sprint_metres: u32,
    /// Minor actions per turn (BW-12) **\[default\]** 3 ("common sense").
    #[schemars(range(min = 0, max = 10))]
    pub max_minor: u32,
    /// Bonus K of a First Strike, and its initiative bonus afterwards (BW-09): 1.
    #[schemars(range(min = 0, max = 10))]
    pub first_strike_k: u32,
    /// Cover good enough for a First Strike without surprise (BW-09) **\[default\]** normal.
    pub first_strike_cover: Cover,
    /// Farthest level a Short Burst is effective at (BW-39): Medium.
    pub short_burst_range: Distance,
    /// Farthest level a Long Burst is effective at (BW-40): Near ("strictly closer than
    /// Medium").
    pub long_burst_range: Distance,
    /// Most targets in one Long Burst cone (BW-40) **\[default\]** 3.
    #[schemars(range(min = 1, max = 64))]
    pub long_burst_max_targets: u32,
    /// Whether the engine makes opportunity attacks for everyone who may (BW-26)
    /// **\[default\]** true.
    pub opportunity_attacks: bool,
    /// Rounds in an hour, for the unconscious Dying losing 1 hit per hour (BW-21): 1200.
    #[schemars(range(min = 1, max = 100000))]
    pub rounds_per_hour: u32,
    /// The encounter ends as a draw after this many rounds **\[default\]** 100; 1 to 1000.
    #[schemars(range(min = 1, max = 1000))]
    pub max_rounds: u32,
    /// How a gun attacks in melee (BW-22) **\[default\]** a shot by melee rules.
    pub firearm_in_melee: FirearmInMelee,
    /// Whether an unspent Main action may be spent as a second Additional action (BW-12)
    /// **\[default\]** false: the source lists one of each and no trade.
    pub main_as_additional: bool,
    /// A leaving character is out of the enemy's attention (BW-11) when no enemy able to
    /// act stands within this many metres **\[default\]** 30 (past Medium range); 0
    /// drops the condition.
    #[schemars(range(min = 0, max = 100000))]
    pub attention_metres: u32,
    /// Cover on the scene's line (BW-35): where a character stands decides its cover
    /// **\[default\]** none (open ground everywhere, apart from each character's own
    /// starting `cover`).
    #[schemars(length(max = 64))]
    pub cover_zones: Vec<CoverZone>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            tie: TieRule::ActorWins,
            health: HealthTrack::default(),
            distances: DistanceTable::default(),
            cover: CoverTable::default(),
            outnumbering: OutnumberingTable::default(),
            initiative_aspect: Aspect::Reflexes,
            order_method: OrderMethod::Dice,
            join_method: JoinMethod::Auto,
            melee_cap: 4,
            move_metres: 4,
            sprint_metres: 12,
            max_minor: 3,
            first_strike_k: 1,
            first_strike_cover: Cover::Normal,
            short_burst_range: Distance::Medium,
            long_burst_range: Distance::Near,
            long_burst_max_targets: 3,
            opportunity_attacks: true,
            rounds_per_hour: 1200,
            max_rounds: 100,
            firearm_in_melee: FirearmInMelee::Shot,
            main_as_additional: false,
            attention_metres: 30,
            cover_zones: Vec::new(),
        }
    }
}

/// A burst mode of a weapon (BW-39, BW-40).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Burst {
    /// Rounds spent.
    #[schemars(range(min = 1, max = 1000))]
    pub rounds: u32,
    /// Bonus K added to the attack pool.
    #[schemars(range(min = 0, max = 10))]
    pub bonus: u32,
}

/// A weapon (data).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Weapon {
    /// Name for the log (shared, so a fight's copy costs no allocation).
    pub name: Arc<str>,
    /// Kind: decides aspects and whether it shoots.
    pub kind: WeaponKind,
    /// Effectiveness added to damage (BW-16).
    #[schemars(range(min = 0, max = 100))]
    pub effectiveness: u32,
    /// Advantage K added to the attack pool (BW-03); not in melee for ranged weapons (BW-22).
    #[schemars(range(min = 0, max = 10))]
    pub bonus: u32,
    /// Comfortable range (BW-34).
    pub comfortable: Distance,
    /// Aspects usable with it, overriding the kind's list (BW-23, BW-32).
    pub aspects: Option<Vec<Aspect>>,
    /// Rounds loaded (thrown weapons: how many); `None` = not counted.
    pub ammo: Option<u32>,
    /// Rounds a reload puts in.
    pub magazine: u32,
    /// Spare magazines.
    pub spare_magazines: u32,
    /// Short Burst (КО).
    pub short_burst: Option<Burst>,
    /// Long Burst (ДО).
    pub long_burst: Option<Burst>,
}

impl Default for Weapon {
    fn default() -> Self {
        Weapon {
            name: "fists".into(),
            kind: WeaponKind::Unarmed,
            effectiveness: 0,
            bonus: 0,
            comfortable: Distance::Near,
            aspects: None,
            ammo: None,
            magazine: 0,
            spare_magazines: 0,
            short_burst: None,
            long_burst: None,
        }
    }
}

/// Armour (data).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Armour {
    /// Effectiveness subtracted from damage (BW-16).
    #[schemars(range(min = 0, max = 100))]
    pub effectiveness: u32,
    /// Advantage K added to melee defence (BW-03).
    #[schemars(range(min = 0, max = 10))]
    pub defence_bonus: u32,
}

/// How the default tactic plays a character.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Shoot with a ranged weapon, else close in and strike.
    #[default]
    Auto,
    /// Close in and grapple, then beat the held target.
    Grappler,
}

/// A character's aspect values in K: a map from [`Aspect`] to K that is stored as a fixed
/// array, because the engine reads aspects on every attack. Serializes exactly as the map of
/// the aspects given (an aspect given as 0 stays in the JSON); a missing aspect reads 0.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Aspects {
    /// Bit `a` set: aspect `a` was given.
    given: u8,
    /// K by aspect index; 0 where not given.
    values: [u32; 8],
}

impl Aspects {
    /// The value of an aspect (0 when missing).
    #[inline]
    pub fn value(&self, aspect: Aspect) -> u32 {
        self.values[aspect as usize]
    }

    /// The value of an aspect if it was given.
    pub fn get(&self, aspect: Aspect) -> Option<u32> {
        (self.given & 1 << aspect as u8 != 0).then(|| self.value(aspect))
    }

    /// Sets an aspect, returning its old value if it was given (like a map's `insert`).
    pub fn insert(&mut self, aspect: Aspect, k: u32) -> Option<u32> {
        let old = self.get(aspect);
        self.given |= 1 << aspect as u8;
        self.values[aspect as usize] = k;
        old
    }

    /// The aspects given, with their values, in [`Aspect`] order.
    pub fn iter(&self) -> impl Iterator<Item = (Aspect, u32)> + '_ {
        Aspect::ALL
            .into_iter()
            .filter_map(|a| self.get(a).map(|k| (a, k)))
    }
}

impl FromIterator<(Aspect, u32)> for Aspects {
    fn from_iter<I: IntoIterator<Item = (Aspect, u32)>>(iter: I) -> Self {
        let mut aspects = Aspects::default();
        for (a, k) in iter {
            aspects.insert(a, k);
        }
        aspects
    }
}

impl fmt::Debug for Aspects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

impl Serialize for Aspects {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

impl<'de> Deserialize<'de> for Aspects {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> Visitor<'de> for Visit {
            type Value = Aspects;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Aspects, M::Error> {
                let mut aspects = Aspects::default();
                while let Some((a, k)) = map.next_entry::<Aspect, u32>()? {
                    aspects.insert(a, k);
                }
                Ok(aspects)
            }
        }
        deserializer.deserialize_map(Visit)
    }
}

/// A character as the setup gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Character {
    /// Name for the log (shared, so a fight's copy costs no allocation).
    pub name: Arc<str>,
    /// Side: 0 (attackers) or 1 (defenders).
    #[schemars(range(min = 0, max = 1))]
    pub side: u8,
    /// Aspect values in K; a missing aspect is 0.
    #[schemars(with = "std::collections::BTreeMap<Aspect, u32>")]
    pub aspects: Aspects,
    /// Weapons; the first is in hand at the start. None = fists.
    #[schemars(length(max = 16))]
    pub weapons: Vec<Weapon>,
    /// Armour.
    pub armour: Armour,
    /// Starting hits (default: full health).
    pub hits: Option<i32>,
    /// Position on the scene's line, in metres.
    #[schemars(range(min = -100000, max = 100000))]
    pub position: i32,
    /// Cover the character stands in at the start (BW-35), on top of the scene's
    /// `cover_zones` there; once it moves, the zones alone decide.
    pub cover: Cover,
    /// Initiative modifier (BW-05).
    pub initiative: InitiativeModifier,
    /// Wants a First Strike (BW-09).
    pub first_strike: bool,
    /// Acts by surprise: allows a First Strike without good cover (BW-09).
    pub surprise: bool,
    /// Not in the fight at the start: joins at the start of this round (BW-10).
    #[schemars(range(min = 2, max = 1000))]
    pub joins_round: Option<u32>,
    /// When Dying, stays conscious (BW-21); otherwise faints.
    pub stays_conscious: bool,
    /// How the default tactic plays it.
    pub style: Style,
}

impl Default for Character {
    fn default() -> Self {
        Character {
            name: Arc::from(""),
            side: 0,
            aspects: Aspects::default(),
            weapons: Vec::new(),
            armour: Armour::default(),
            hits: None,
            position: 0,
            cover: Cover::None,
            initiative: InitiativeModifier::None,
            first_strike: false,
            surprise: false,
            joins_round: None,
            stays_conscious: false,
            style: Style::Auto,
        }
    }
}

impl Character {
    /// The value of an aspect (0 when missing).
    #[inline]
    pub fn aspect(&self, aspect: Aspect) -> u32 {
        self.aspects.value(aspect)
    }
}

/// What an encounter starts from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Setup {
    /// Rule settings.
    pub settings: Settings,
    /// Everyone in the scene, reserves included.
    pub characters: Vec<Character>,
}

/// The most commands the default tactic makes in one character's turn (a Minor action,
/// the Main, two Additional with the trade, and the end of the turn), for the round limit.
const TURN_COMMANDS: usize = 5;

impl Settings {
    /// The cover of the scene at `position` (BW-35): the best zone there, none outside.
    #[inline]
    pub fn cover_at(&self, position: i32) -> Cover {
        self.cover_zones
            .iter()
            .filter(|z| (z.from..=z.to).contains(&position))
            .map(|z| z.cover)
            .max()
            .unwrap_or(Cover::None)
    }
}

/// At most this many characters in one encounter.
pub const MAX_CHARACTERS: usize = 64;

impl Setup {
    /// Refuses a setup that cannot be played, naming the rule and the field: its JSON path,
    /// what was found and what is allowed.
    pub fn validate(&self) -> Result<(), RuleError> {
        let s = &self.settings;
        fray_dice::check_combatants(self.characters.len(), MAX_CHARACTERS)?;
        s.health.validate()?;
        if self.characters.is_empty() {
            return Err(refuse(
                "setup",
                "characters",
                "empty",
                format_args!("1..={MAX_CHARACTERS} characters"),
            ));
        }
        // BW-24: one attacker per 90° sector at most.
        within("BW-24", "settings.melee_cap", s.melee_cap, 1..=4)?;
        within("BW-13", "settings.move_metres", s.move_metres, 0..=1000)?;
        within("BW-13", "settings.sprint_metres", s.sprint_metres, 0..=1000)?;
        within(
            "BW-13",
            "settings.distances.melee_below",
            s.distances.melee_below,
            1..=100,
        )?;
        within("BW-09", "settings.first_strike_k", s.first_strike_k, 0..=10)?;
        let o = &s.outnumbering;
        for (name, k) in [
            ("two_same_side", o.two_same_side),
            ("two_opposite", o.two_opposite),
            ("three", o.three),
            ("four", o.four),
        ] {
            within(
                "BW-25",
                format_args!("settings.outnumbering.{name}"),
                k,
                0..=10,
            )?;
        }
        within("BW-12", "settings.max_minor", s.max_minor, 0..=10)?;
        within(
            "BW-40",
            "settings.long_burst_max_targets",
            s.long_burst_max_targets,
            1..=MAX_CHARACTERS as u32,
        )?;
        within("setup", "settings.max_rounds", s.max_rounds, 1..=MAX_ROUNDS)?;
        // A round of the default tactic takes at most a few commands per character; the
        // round limit must stop a trial before the simulation's command cap does.
        let per_round = (TURN_COMMANDS * self.characters.len() + 2) as u64;
        let most = (fray_dice::MAX_TRIAL_COMMANDS as u64 / per_round).min(u64::from(MAX_ROUNDS));
        if u64::from(s.max_rounds) > most {
            return Err(refuse(
                "setup",
                "settings.max_rounds",
                s.max_rounds,
                format_args!("with {} characters 1..={most}", self.characters.len()),
            ));
        }
        within(
            "BW-21",
            "settings.rounds_per_hour",
            s.rounds_per_hour,
            1..=100_000,
        )?;
        within(
            "BW-11",
            "settings.attention_metres",
            s.attention_metres,
            0..=100_000,
        )?;
        if s.cover_zones.len() > MAX_COVER_ZONES {
            return Err(refuse(
                "BW-35",
                "settings.cover_zones",
                format_args!("{} zones", s.cover_zones.len()),
                format_args!("at most {MAX_COVER_ZONES}"),
            ));
        }
        for (i, z) in s.cover_zones.iter().enumerate() {
            within(
                "BW-35",
                format_args!("settings.cover_zones[{i}].from"),
                z.from,
                -100_000..=100_000,
            )?;
            within(
                "BW-35",
                format_args!("settings.cover_zones[{i}].to"),
                z.to,
                z.from..=100_000,
            )?;
        }
        // Pools are at most 60K: distance and cover difficulties stay small.
        for (k, &d) in s.distances.difficulty.iter().enumerate() {
            within(
                "BW-34",
                format_args!("settings.distances.difficulty[{k}]"),
                d,
                0..=MAX_POOL / 2,
            )?;
        }
        for (k, &d) in s.cover.difficulty.iter().enumerate() {
            within(
                "BW-35",
                format_args!("settings.cover.difficulty[{k}]"),
                d,
                0..=MAX_POOL / 4,
            )?;
        }
        // BW-34: the levels are ordered, so the bands that end them may not decrease.
        let bands = s.distances.bands;
        for k in 0..3 {
            let low = if k == 0 { 0 } else { bands[k - 1] };
            within(
                "BW-34",
                format_args!("settings.distances.bands[{k}]"),
                bands[k],
                low..=100_000,
            )?;
        }
        unique_names(
            "name",
            (self.characters.iter().enumerate())
                .map(|(i, c)| (path(move |f| write!(f, "characters[{i}].name")), &*c.name)),
        )?;
        for (i, c) in self.characters.iter().enumerate() {
            self.validate_character(i, c)?;
        }
        Ok(())
    }

    fn validate_character(&self, i: usize, c: &Character) -> Result<(), RuleError> {
        let s = &self.settings;
        let at = |field: &'static str| path(move |f| write!(f, "characters[{i}].{field}"));
        within("setup", at("side"), c.side, 0..=1)?;
        for (a, v) in c.aspects.iter() {
            let name = || {
                serde_json::to_value(a)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default()
            };
            within(
                "BW-02",
                path(|f| write!(f, "characters[{i}].aspects.{}", name())),
                v,
                0..=20,
            )?;
        }
        if c.weapons.len() > 16 {
            return Err(refuse(
                "setup",
                at("weapons"),
                format_args!("{} weapons", c.weapons.len()),
                "at most 16",
            ));
        }
        for (k, w) in c.weapons.iter().enumerate() {
            let wat = |field: &'static str| {
                path(move |f| write!(f, "characters[{i}].weapons[{k}].{field}"))
            };
            if w.aspects.as_ref().is_some_and(Vec::is_empty) {
                return Err(refuse(
                    "BW-23",
                    wat("aspects"),
                    "empty",
                    "at least one aspect, or leave `aspects` out to use its kind's",
                ));
            }
            if w.spare_magazines > 0 && w.magazine == 0 {
                return Err(refuse(
                    "BW-12",
                    wat("magazine"),
                    format_args!("0 with {} spare magazines", w.spare_magazines),
                    "at least 1 (rounds a reload puts in)",
                ));
            }
            within("BW-03", wat("bonus"), w.bonus, 0..=10)?;
            within("BW-16", wat("effectiveness"), w.effectiveness, 0..=100)?;
            for (mode, b) in [("short_burst", w.short_burst), ("long_burst", w.long_burst)] {
                if let Some(b) = b {
                    let burst = |field: &'static str| {
                        path(move |f| write!(f, "characters[{i}].weapons[{k}].{mode}.{field}"))
                    };
                    within("BW-39", burst("rounds"), b.rounds, 1..=1000)?;
                    within("BW-39", burst("bonus"), b.bonus, 0..=10)?;
                }
            }
        }
        within(
            "BW-03",
            at("armour.defence_bonus"),
            c.armour.defence_bonus,
            0..=10,
        )?;
        within(
            "BW-16",
            at("armour.effectiveness"),
            c.armour.effectiveness,
            0..=100,
        )?;
        if let Some(h) = c.hits {
            within(
                "BW-17",
                at("hits"),
                h,
                s.health.death_threshold..=s.health.max(),
            )?;
        }
        within("setup", at("position"), c.position, -100_000..=100_000)?;
        if let Some(r) = c.joins_round.filter(|r| !(2..=s.max_rounds).contains(r)) {
            return Err(refuse(
                "BW-10",
                at("joins_round"),
                r,
                format_args!(
                    "2 to settings.max_rounds ({}); leave it out to start in the fight",
                    s.max_rounds
                ),
            ));
        }
        if c.first_strike {
            if c.joins_round.is_some() {
                return Err(refuse(
                    "BW-09",
                    at("first_strike"),
                    "true for a newcomer (joins_round)",
                    "false: a newcomer cannot make a First Strike",
                ));
            }
            if !c.surprise && c.cover.max(s.cover_at(c.position)) < s.first_strike_cover {
                return Err(RuleError::new(
                    "BW-09",
                    format!(
                        "characters[{i}].first_strike: {} wants a First Strike without surprise and in {:?} cover; it needs surprise or {:?} cover or better",
                        c.name, c.cover, s.first_strike_cover
                    ),
                ));
            }
        }
        Ok(())
    }
}
