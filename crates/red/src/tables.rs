//! The data tables of RED-32, RED-38 … RED-42, with the rules' defaults. Every table is serde
//! data: a setup may replace any of them wholesale.

use std::collections::BTreeMap;

use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

/// The range-band DV table of RED-32: band upper bounds in metres and one row per weapon type.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DvTable {
    /// Upper bound (inclusive, metres) of each band, ascending: 6, 12, 25, 50, 100, 200, 400, 800.
    pub bands: Vec<u32>,
    /// One DV per band for each row ("pistol", "assault_rifle_autofire" …); `null` means out
    /// of range.
    pub rows: BTreeMap<String, Vec<Option<i32>>>,
}

impl Default for DvTable {
    fn default() -> Self {
        let x = None;
        let row = |v: [Option<i32>; 8]| v.to_vec();
        let s = Some;
        let rows = [
            (
                "pistol",
                row([s(13), s(15), s(20), s(25), s(30), s(30), x, x]),
            ),
            (
                "smg",
                row([s(15), s(13), s(15), s(20), s(25), s(25), s(30), x]),
            ),
            (
                "shotgun",
                row([s(13), s(15), s(20), s(25), s(30), s(35), x, x]),
            ),
            (
                "assault_rifle",
                row([s(17), s(16), s(15), s(13), s(15), s(20), s(25), s(30)]),
            ),
            (
                "sniper_rifle",
                row([s(30), s(25), s(25), s(20), s(15), s(16), s(17), s(20)]),
            ),
            ("bow", row([s(15), s(13), s(15), s(17), s(20), s(22), x, x])),
            (
                "grenade_launcher",
                row([s(16), s(15), s(15), s(17), s(20), s(22), s(25), x]),
            ),
            (
                "rocket_launcher",
                row([s(17), s(16), s(15), s(15), s(20), s(20), s(25), s(30)]),
            ),
            ("thrown", row([s(16), s(15), s(15), x, x, x, x, x])),
            (
                "smg_autofire",
                row([s(20), s(17), s(20), s(25), s(30), x, x, x]),
            ),
            (
                "assault_rifle_autofire",
                row([s(22), s(20), s(17), s(20), s(25), x, x, x]),
            ),
        ];
        DvTable {
            bands: vec![6, 12, 25, 50, 100, 200, 400, 800],
            rows: rows.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
        }
    }
}

impl DvTable {
    /// The band index of a distance, or `None` beyond the last band.
    pub fn band(&self, distance: u32) -> Option<usize> {
        self.bands.iter().position(|&upper| distance <= upper)
    }

    /// The DV of `row` at `distance` metres; an error naming RED-32 when the row is unknown or
    /// the target is out of that weapon's range.
    pub fn dv(&self, row: &str, distance: u32) -> Result<i32, RuleError> {
        let cells = self.rows.get(row).ok_or_else(|| {
            RuleError::new(
                "RED-32",
                format!(
                    "the DV table has no row '{row}' (rows: {})",
                    self.rows.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            )
        })?;
        self.dv_in(cells, distance)
            .ok_or_else(|| Self::out_of_range(row, distance))
    }

    /// The DV of `row` at `distance` metres, `None` when the row is unknown or the target out
    /// of its range: the cheap test of [`DvTable::dv`], for the engine's probes.
    pub(crate) fn dv_at(&self, row: &str, distance: u32) -> Option<i32> {
        self.rows
            .get(row)
            .and_then(|cells| self.dv_in(cells, distance))
    }

    /// The refusal of a target beyond the range of `row` (its name in each language).
    #[cold]
    #[inline(never)]
    pub(crate) fn out_of_range(row: &str, distance: u32) -> RuleError {
        crate::text::refusal(
            "RED-32",
            crate::text::with_named(
                fray_dice::msg!("red-refuse-out-of-range", distance = distance),
                "row",
                "red-row",
                row,
            ),
        )
    }

    /// The DV of a row's `cells` at `distance` metres, or `None` out of range.
    pub(crate) fn dv_in(&self, cells: &[Option<i32>], distance: u32) -> Option<i32> {
        self.band(distance)
            .and_then(|b| cells.get(b).copied().flatten())
    }

    fn validate(&self) -> Result<(), RuleError> {
        if self.bands.is_empty() || self.bands.windows(2).any(|w| w[0] >= w[1]) {
            return Err(RuleError::new(
                "RED-32",
                "DV table bands must be a non-empty, strictly ascending list of metres",
            ));
        }
        for (name, cells) in &self.rows {
            for dv in cells.iter().flatten() {
                crate::resolve::bounded(
                    "RED-32",
                    format_args!("a DV of row '{name}'"),
                    i64::from(*dv),
                )?;
            }
            if cells.len() != self.bands.len() {
                return Err(RuleError::new(
                    "RED-32",
                    format!(
                        "DV row '{name}' has {} cells but there are {} bands",
                        cells.len(),
                        self.bands.len()
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// How a weapon attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    /// Shot or thrown against the DV table (RED-32).
    Ranged,
    /// Swung against the defender's evasion (RED-37); ignores half of the SP (RED-38).
    Melee,
}

/// One weapon type of RED-39 (damage dice, ROF, magazine, autofire cap, hands, skill, DV rows).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WeaponProfile {
    /// Ranged or melee.
    pub kind: WeaponKind,
    /// Damage dice (d6).
    pub damage: u32,
    /// Rate of fire: 1 or 2 attacks per Action (RED-06).
    pub rof: u32,
    /// Magazine size; 0 for weapons that need no ammunition.
    #[serde(default)]
    pub magazine: u32,
    /// Autofire multiplier cap (RED-35); 0 when the weapon cannot autofire.
    #[serde(default)]
    pub autofire: u32,
    /// Hands needed to hold it.
    #[serde(default = "one")]
    pub hands: u32,
    /// Skill of single attacks ("handgun", "shoulder_arms", "melee_weapon" …).
    pub skill: String,
    /// DV table row of single shots (ranged weapons).
    #[serde(default)]
    pub dv_row: Option<String>,
    /// DV table row of autofire.
    #[serde(default)]
    pub autofire_row: Option<String>,
    /// Ammunition calibre, the key of a character's reserve (ranged weapons with a magazine).
    #[serde(default)]
    pub calibre: Option<String>,
}

fn one() -> u32 {
    1
}

impl WeaponProfile {
    fn ranged(damage: u32, rof: u32, magazine: u32, skill: &str, row: &str, calibre: &str) -> Self {
        WeaponProfile {
            kind: WeaponKind::Ranged,
            damage,
            rof,
            magazine,
            autofire: 0,
            hands: 1,
            skill: skill.to_owned(),
            dv_row: Some(row.to_owned()),
            autofire_row: None,
            calibre: Some(calibre.to_owned()),
        }
    }

    fn melee(damage: u32, rof: u32, hands: u32) -> Self {
        WeaponProfile {
            kind: WeaponKind::Melee,
            damage,
            rof,
            magazine: 0,
            autofire: 0,
            hands,
            skill: "melee_weapon".to_owned(),
            dv_row: None,
            autofire_row: None,
            calibre: None,
        }
    }

    fn autofire(mut self, cap: u32, row: &str) -> Self {
        self.autofire = cap;
        self.autofire_row = Some(row.to_owned());
        self
    }

    fn hands(mut self, hands: u32) -> Self {
        self.hands = hands;
        self
    }
}

/// The default weapon table of RED-39, keyed by profile name.
pub fn default_weapons() -> BTreeMap<String, WeaponProfile> {
    use WeaponProfile as W;
    let list = [
        (
            "medium_pistol",
            W::ranged(2, 2, 12, "handgun", "pistol", "medium_pistol"),
        ),
        (
            "heavy_pistol",
            W::ranged(3, 2, 8, "handgun", "pistol", "heavy_pistol"),
        ),
        (
            "very_heavy_pistol",
            W::ranged(4, 1, 8, "handgun", "pistol", "very_heavy_pistol"),
        ),
        (
            "smg",
            W::ranged(2, 1, 30, "handgun", "smg", "medium_pistol").autofire(3, "smg_autofire"),
        ),
        (
            "heavy_smg",
            W::ranged(3, 1, 40, "handgun", "smg", "heavy_pistol")
                .autofire(3, "smg_autofire")
                .hands(2),
        ),
        (
            "shotgun",
            W::ranged(5, 1, 4, "shoulder_arms", "shotgun", "slug").hands(2),
        ),
        (
            "assault_rifle",
            W::ranged(5, 1, 25, "shoulder_arms", "assault_rifle", "rifle")
                .autofire(4, "assault_rifle_autofire")
                .hands(2),
        ),
        (
            "sniper_rifle",
            W::ranged(5, 1, 4, "shoulder_arms", "sniper_rifle", "rifle").hands(2),
        ),
        (
            "bow",
            W::ranged(4, 1, 1, "archery", "bow", "arrow").hands(2),
        ),
        (
            "grenade_launcher",
            W::ranged(6, 1, 2, "heavy_weapons", "grenade_launcher", "grenade").hands(2),
        ),
        (
            "rocket_launcher",
            W::ranged(8, 1, 1, "heavy_weapons", "rocket_launcher", "rocket").hands(2),
        ),
        (
            "grenade",
            W::ranged(6, 1, 1, "athletics", "thrown", "grenade"),
        ),
        ("light_melee", W::melee(1, 2, 1)),
        ("medium_melee", W::melee(2, 2, 1)),
        ("heavy_melee", W::melee(3, 2, 2)),
        ("very_heavy_melee", W::melee(4, 1, 2)),
    ];
    list.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
}

/// One armour type of RED-40: stopping power and the penalty of RED-41.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArmorProfile {
    /// Stopping power when new.
    pub sp: i32,
    /// Penalty (a positive number) to REF, DEX and MOVE while worn.
    #[serde(default)]
    pub penalty: i32,
}

/// The default armour table of RED-40.
pub fn default_armor() -> BTreeMap<String, ArmorProfile> {
    [
        ("leathers", 4, 0),
        ("kevlar", 7, 0),
        ("light_armorjack", 11, 0),
        ("bodyweight", 11, 0),
        ("medium_armorjack", 12, 2),
        ("heavy_armorjack", 13, 2),
        ("flak", 15, 4),
        ("metalgear", 18, 4),
    ]
    .into_iter()
    .map(|(k, sp, penalty)| (k.to_owned(), ArmorProfile { sp, penalty }))
    .collect()
}

/// Most SP an armour table may give (published armour stops at 18).
const MAX_SP: i64 = 1000;

/// The lasting game effect of a critical injury, as plain modifiers.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, default)]
pub struct InjuryEffect {
    /// Modifier to every check.
    pub all: i32,
    /// Modifier to ranged attacks.
    pub ranged: i32,
    /// Modifier to melee attacks.
    pub melee: i32,
    /// Modifier to attacks with the injured hand only (Crushed Fingers: −4). The hand hurt
    /// is the weapon hand (the one a lost hand would be); a second such injury takes the
    /// other. `settings.hand_injury_every_attack` makes it a modifier to every attack.
    pub hand: i32,
    /// Modifier to MOVE.
    #[serde(rename = "move")]
    pub move_: i32,
    /// Added to the base death-save penalty.
    pub death_save: i32,
    /// Modifier to Perception checks (sight or hearing: the engine does not tell them
    /// apart).
    pub perception: i32,
    /// Modifier to checks of skills that need speech (conversation, persuasion …).
    pub speech: i32,
    /// Cannot speak: checks of skills that need speech are refused.
    pub mute: bool,
    /// Aimed head shots multiply the damage through armour by at least this (0: the
    /// setting alone; Cracked Skull: 3).
    pub head_multiplier: u32,
    /// The weapon hand drops what it holds (the first weapon in hand, else the shield, else
    /// a grab is let go).
    pub drop_held: bool,
    /// An arm or a hand is lost or broken: what its hand held drops and the hand can hold
    /// nothing more (two hands at the start).
    pub lose_hand: bool,
    /// Loses the Action of the next turn.
    pub lose_action: bool,
    /// Can no longer evade (RED-33 and RED-37 defence roll without Evasion).
    pub no_evade: bool,
    /// Moving more than this many metres in a turn reopens the wound: the critical bonus
    /// damage again at the end of that turn (0: never).
    pub moving_hurts_over: u32,
    /// Moving more than this many metres in a turn costs the Move Action of the next turn
    /// (0: never).
    pub moving_loses_move_over: u32,
}

/// One row of a critical-injury table (RED-42).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Injury {
    /// The 2d6 result (2 … 12).
    pub roll: u32,
    /// Its name.
    pub name: String,
    /// What it does, for people.
    pub effect: String,
    /// What it does, for the engine.
    #[serde(default)]
    pub modifiers: InjuryEffect,
}

fn injury(roll: u32, name: &str, effect: &str, modifiers: InjuryEffect) -> Injury {
    Injury {
        roll,
        name: name.to_owned(),
        effect: effect.to_owned(),
        modifiers,
    }
}

fn fx() -> InjuryEffect {
    InjuryEffect::default()
}

fn hurts() -> InjuryEffect {
    InjuryEffect {
        moving_hurts_over: 4,
        ..fx()
    }
}

/// The default 2d6 Body critical-injury table (RED-42).
pub fn default_body_injuries() -> Vec<Injury> {
    let ds = InjuryEffect {
        death_save: 1,
        ..fx()
    };
    vec![
        injury(
            2,
            "Dismembered Arm",
            "The arm is gone; whatever its hand held drops, and it holds nothing more. Death-save penalty +1.",
            InjuryEffect {
                lose_hand: true,
                ..ds
            },
        ),
        injury(
            3,
            "Dismembered Hand",
            "The hand is gone; whatever it held drops, and it holds nothing more. Death-save penalty +1.",
            InjuryEffect {
                lose_hand: true,
                ..ds
            },
        ),
        injury(
            4,
            "Collapsed Lung",
            "-2 MOVE (minimum 1). Death-save penalty +1.",
            InjuryEffect { move_: -2, ..ds },
        ),
        injury(
            5,
            "Broken Ribs",
            "Moving more than 4 m in a turn re-inflicts the critical bonus damage.",
            hurts(),
        ),
        injury(
            6,
            "Broken Arm",
            "The arm cannot be used; whatever its hand held drops.",
            InjuryEffect {
                lose_hand: true,
                ..fx()
            },
        ),
        injury(
            7,
            "Foreign Object",
            "Moving more than 4 m in a turn re-inflicts the critical bonus damage.",
            hurts(),
        ),
        injury(
            8,
            "Broken Leg",
            "-4 MOVE (minimum 1).",
            InjuryEffect { move_: -4, ..fx() },
        ),
        injury(
            9,
            "Torn Muscle",
            "-2 to melee attacks.",
            InjuryEffect { melee: -2, ..fx() },
        ),
        injury(
            10,
            "Spinal Injury",
            "No Action next turn (the Move Action remains). Death-save penalty +1.",
            InjuryEffect {
                lose_action: true,
                ..ds
            },
        ),
        injury(
            11,
            "Crushed Fingers",
            "-4 to attacks with that hand.",
            InjuryEffect { hand: -4, ..fx() },
        ),
        injury(
            12,
            "Dismembered Leg",
            "The leg is gone: -6 MOVE (minimum 1), cannot evade. Death-save penalty +1.",
            InjuryEffect {
                move_: -6,
                no_evade: true,
                ..ds
            },
        ),
    ]
}

/// The default 2d6 Head critical-injury table (RED-42).
pub fn default_head_injuries() -> Vec<Injury> {
    let ds = InjuryEffect {
        death_save: 1,
        ..fx()
    };
    vec![
        injury(
            2,
            "Lost Eye",
            "-4 to ranged attacks and Perception. Death-save penalty +1.",
            InjuryEffect {
                ranged: -4,
                perception: -4,
                ..ds
            },
        ),
        injury(
            3,
            "Brain Injury",
            "-2 to all actions. Death-save penalty +1.",
            InjuryEffect { all: -2, ..ds },
        ),
        injury(
            4,
            "Damaged Eye",
            "-2 to ranged attacks and Perception.",
            InjuryEffect {
                ranged: -2,
                perception: -2,
                ..fx()
            },
        ),
        injury(
            5,
            "Concussion",
            "-2 to all actions.",
            InjuryEffect { all: -2, ..fx() },
        ),
        injury(
            6,
            "Broken Jaw",
            "-4 to checks of skills that need speech.",
            InjuryEffect {
                speech: -4,
                ..fx()
            },
        ),
        injury(
            7,
            "Foreign Object",
            "Moving more than 4 m in a turn re-inflicts the critical bonus damage.",
            hurts(),
        ),
        injury(8, "Whiplash", "Death-save penalty +1.", ds),
        injury(
            9,
            "Cracked Skull",
            "Aimed shots to the head multiply the damage through armour by 3. Death-save penalty +1.",
            InjuryEffect {
                head_multiplier: 3,
                ..ds
            },
        ),
        injury(
            10,
            "Damaged Ear",
            "-2 to Perception; moving more than 4 m in a turn costs the next turn's Move Action.",
            InjuryEffect {
                perception: -2,
                moving_loses_move_over: 4,
                ..fx()
            },
        ),
        injury(
            11,
            "Crushed Windpipe",
            "Cannot speak: no checks of skills that need speech. Death-save penalty +1.",
            InjuryEffect { mute: true, ..ds },
        ),
        injury(
            12,
            "Lost Ear",
            "-4 to Perception; moving more than 4 m in a turn costs the next turn's Move Action. Death-save penalty +1.",
            InjuryEffect {
                perception: -4,
                moving_loses_move_over: 4,
                ..ds
            },
        ),
    ]
}

/// Every table an encounter uses; each field defaults to the rules' table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Tables {
    /// RED-32 range bands and DVs.
    pub dv: DvTable,
    /// RED-39 weapon types.
    pub weapons: BTreeMap<String, WeaponProfile>,
    /// RED-40 armour types.
    pub armor: BTreeMap<String, ArmorProfile>,
    /// RED-42 Body critical injuries (2d6).
    pub body_injuries: Vec<Injury>,
    /// RED-42 Head critical injuries (2d6).
    pub head_injuries: Vec<Injury>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables {
            dv: DvTable::default(),
            weapons: default_weapons(),
            armor: default_armor(),
            body_injuries: default_body_injuries(),
            head_injuries: default_head_injuries(),
        }
    }
}

impl Tables {
    /// Checks the tables are usable: bands ascending, rows the right length, weapon rows
    /// present, injury tables covering 2 … 12.
    pub fn validate(&self) -> Result<(), RuleError> {
        self.dv.validate()?;
        for (name, a) in &self.armor {
            crate::setup::in_range(
                "RED-40",
                format_args!("tables.armor.{name}.sp"),
                a.sp.into(),
                0,
                MAX_SP,
            )?;
            crate::setup::in_range(
                "RED-41",
                format_args!("tables.armor.{name}.penalty"),
                a.penalty.into(),
                0,
                crate::setup::MAX_STAT,
            )?;
        }
        for (name, w) in &self.weapons {
            use crate::setup::in_range;
            in_range(
                "RED-35",
                format_args!("tables.weapons.{name}.autofire"),
                w.autofire.into(),
                0,
                crate::MAX_MULTIPLIER.into(),
            )?;
            in_range(
                "RED-36",
                format_args!("tables.weapons.{name}.magazine"),
                w.magazine.into(),
                0,
                crate::MAX_MAGNITUDE.into(),
            )?;
            in_range(
                "RED-06",
                format_args!("tables.weapons.{name}.rof"),
                w.rof.into(),
                1,
                2,
            )?;
            in_range(
                "RED-06",
                format_args!("tables.weapons.{name}.hands"),
                w.hands.into(),
                1,
                2,
            )?;
            in_range(
                "RED-39",
                format_args!("tables.weapons.{name}.damage"),
                w.damage.into(),
                1,
                crate::MAX_DAMAGE_DICE.into(),
            )?;
            for row in w.dv_row.iter().chain(&w.autofire_row) {
                if !self.dv.rows.contains_key(row) {
                    return Err(RuleError::new(
                        "RED-32",
                        format!(
                            "tables.weapons.{name}: DV row '{row}', which the DV table lacks; allowed: {}",
                            self.dv.rows.keys().map(String::as_str).collect::<Vec<_>>().join(", ")
                        ),
                    ));
                }
            }
            if w.kind == WeaponKind::Ranged && w.dv_row.is_none() {
                return Err(RuleError::new(
                    "RED-32",
                    format!("tables.weapons.{name}.dv_row: found none; a ranged weapon needs one"),
                ));
            }
            if w.autofire > 0 && (w.autofire_row.is_none() || w.magazine < crate::AUTOFIRE_ROUNDS) {
                return Err(RuleError::new(
                    "RED-35",
                    format!(
                        "tables.weapons.{name}: autofire {} needs an autofire_row and a magazine of at least {} rounds (found {})",
                        w.autofire,
                        crate::AUTOFIRE_ROUNDS,
                        w.magazine
                    ),
                ));
            }
        }
        for (what, table) in [("body", &self.body_injuries), ("head", &self.head_injuries)] {
            for i in table {
                let m = i.modifiers;
                for (field, v) in [
                    ("all", m.all),
                    ("ranged", m.ranged),
                    ("melee", m.melee),
                    ("hand", m.hand),
                    ("move", m.move_),
                    ("death_save", m.death_save),
                    ("perception", m.perception),
                    ("speech", m.speech),
                ] {
                    // Each injury adds to the sum: small per row, so many stay in bounds.
                    crate::setup::in_range(
                        "RED-42",
                        format_args!("tables.{what}_injuries[roll {}].modifiers.{field}", i.roll),
                        v.into(),
                        -crate::setup::MAX_MODIFIER,
                        crate::setup::MAX_MODIFIER,
                    )?;
                }
                crate::setup::in_range(
                    "RED-42",
                    format_args!(
                        "tables.{what}_injuries[roll {}].modifiers.head_multiplier",
                        i.roll
                    ),
                    m.head_multiplier.into(),
                    0,
                    crate::MAX_MULTIPLIER.into(),
                )?;
                if m.moving_hurts_over.max(m.moving_loses_move_over) > crate::MAX_MAGNITUDE as u32 {
                    return Err(RuleError::new(
                        "RED-42",
                        format!("'{}': moving_hurts_over is too large", i.name),
                    ));
                }
            }
            for roll in 2..=12 {
                if table.iter().filter(|i| i.roll == roll).count() != 1 {
                    return Err(RuleError::new(
                        "RED-42",
                        format!("the {what} critical-injury table needs exactly one row for each 2d6 result 2 … 12 (roll {roll})"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The injury of a 2d6 roll on the head or body table.
    pub fn injury(&self, head: bool, roll: u32) -> Option<&Injury> {
        let table = if head {
            &self.head_injuries
        } else {
            &self.body_injuries
        };
        table.iter().find(|i| i.roll == roll)
    }
}

/// RED-38 unarmed damage dice by BODY: ≤ 4 → 1d6, 5–6 → 2d6, 7–10 → 3d6, 11+ → 4d6.
pub fn unarmed_dice(body: i32) -> u32 {
    match body {
        i32::MIN..=4 => 1,
        5..=6 => 2,
        7..=10 => 3,
        _ => 4,
    }
}
