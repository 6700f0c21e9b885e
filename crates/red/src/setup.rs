//! What an encounter starts from: characters, weapons, armour, vehicles, tables and settings.

use std::collections::BTreeMap;

use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

use std::sync::Arc;

use crate::tables::Tables;

/// The published numbers and every **\[default\]** of the engine, each replaceable here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// **\[default\]** 100: the encounter ends undecided after this many rounds.
    pub max_rounds: u32,
    /// **\[default\]** RED-04: the initiative d10 follows RED-31 (critical 10s and 1s).
    pub critical_initiative: bool,
    /// RED-31 on checks and attacks (on in the published rules).
    pub critical_checks: bool,
    /// RED-34: penalty of an aimed shot (8).
    pub aimed_penalty: i32,
    /// RED-34: multiplier of head damage through armour (2).
    pub head_multiplier: u32,
    /// RED-42: sixes for a critical injury (2).
    pub crit_sixes: u32,
    /// RED-42: bonus damage of a critical injury (5).
    pub crit_bonus: u32,
    /// RED-33: REF needed to evade ranged attacks (8).
    pub evasion_ref: i32,
    /// RED-35: rounds one autofire or suppressive burst spends (10).
    pub autofire_rounds: u32,
    /// RED-44: Seriously Wounded penalty to all actions (2).
    pub seriously_penalty: i32,
    /// RED-44: Mortally Wounded penalty to all actions (4).
    pub mortally_penalty: i32,
    /// RED-44: Mortally Wounded MOVE loss (6).
    pub mortally_move: i32,
    /// **\[default\]** 2 m: reach of melee, grabs, stabilizing and boarding.
    pub reach: u32,
    /// **\[default\]** 15: DV of Stabilize (TECH + First Aid or Paramedic) on a mortally
    /// wounded character.
    pub stabilize_dv: i32,
    /// **\[default\]** 8: the Body-table row an aimed leg shot that gets through inflicts (Broken Leg).
    pub leg_injury: u32,
    /// **\[default\]** 4 m of MOVE cost per metre of standing jump (RED-12: half as far as a
    /// running jump, which costs 2).
    pub standing_jump_cost: u32,
    /// **\[default\]** false: a newcomer tied with someone already in the queue goes after
    /// them (RED-03); true puts it before.
    pub newcomer_wins_ties: bool,
    /// **\[default\]** false: an aimed shot at a held item makes the target drop it on any
    /// hit; true requires damage through armour.
    pub item_drop_needs_damage: bool,
    /// **\[default\]** false: positions are metres along the line of the fight. True: positions
    /// are grid squares of 2 m and a Move Action covers MOVE squares (RED-11); costs of
    /// RED-12 then count squares.
    pub grid: bool,
    /// **\[default\]** false: a second attack in one Action needs ROF 2 on both weapons.
    /// True lets a ROF 2 attack be followed by one single shot or blow with a ROF 1 weapon
    /// in the other hand (RED-06 speaks only of two ROF 2 weapons).
    pub mixed_rof: bool,
    /// **\[default\]** true: an aimed shot takes the whole Action, even with ROF 2. False
    /// lets a ROF 2 weapon aim twice.
    pub aimed_whole_action: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            max_rounds: 100,
            critical_initiative: true,
            critical_checks: true,
            aimed_penalty: 8,
            head_multiplier: 2,
            crit_sixes: 2,
            crit_bonus: 5,
            evasion_ref: 8,
            autofire_rounds: crate::AUTOFIRE_ROUNDS,
            seriously_penalty: 2,
            mortally_penalty: 4,
            mortally_move: 6,
            reach: 2,
            stabilize_dv: 15,
            leg_injury: 8,
            standing_jump_cost: 4,
            newcomer_wins_ties: false,
            item_drop_needs_damage: false,
            grid: false,
            mixed_rof: false,
            aimed_whole_action: true,
        }
    }
}

/// The eight stats the engine reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// REF: initiative and ranged attacks.
    #[serde(rename = "ref")]
    pub reflexes: i32,
    /// DEX: melee and evasion.
    pub dex: i32,
    /// BODY: HP, unarmed damage, death saves.
    pub body: i32,
    /// WILL: HP.
    pub will: i32,
    /// MOVE: MOVE × 2 metres per Move Action.
    #[serde(rename = "move")]
    pub move_: i32,
    /// TECH: Stabilize.
    #[serde(default)]
    pub tech: i32,
    /// INT: skills such as Perception.
    #[serde(default)]
    pub int: i32,
    /// COOL: Concentration against suppressive fire.
    #[serde(default)]
    pub cool: i32,
}

impl Stats {
    /// A stat by name ("ref", "dex", "body", "will", "move", "tech", "int", "cool").
    pub fn get(&self, name: &str) -> Option<i32> {
        Some(match name {
            "ref" => self.reflexes,
            "dex" => self.dex,
            "body" => self.body,
            "will" => self.will,
            "move" => self.move_,
            "tech" => self.tech,
            "int" => self.int,
            "cool" => self.cool,
            _ => return None,
        })
    }
}

/// Spare ammunition: calibre → ammo type → rounds. The names are shared (`Arc`, the same
/// JSON), so the copy a fighter makes at its first reload allocates no string.
pub type Reserve = BTreeMap<Arc<str>, BTreeMap<Arc<str>, u32>>;

/// Where a weapon is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holding {
    /// At hand (holster, belt, sling): drawing it is free (RED-09).
    #[default]
    Holstered,
    /// In hand, ready.
    InHand,
    /// On the floor, out of the fight.
    Dropped,
}

/// A weapon a character carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSetup {
    /// Its name in the log.
    pub name: Arc<str>,
    /// Key into the weapon table (`tables.weapons`).
    pub profile: Arc<str>,
    /// Rounds loaded at the start; a full magazine when absent.
    #[serde(default)]
    pub loaded: Option<u32>,
    /// Ammunition type loaded (a key of the reserve for the weapon's calibre).
    #[serde(default = "basic")]
    pub ammo: Arc<str>,
    /// Where it starts.
    #[serde(default)]
    pub holding: Holding,
}

fn basic() -> Arc<str> {
    Arc::from("basic")
}

/// Armour worn per location (RED-40): keys into `tables.armor`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmorSetup {
    /// Head armour.
    #[serde(default)]
    pub head: Option<Arc<str>>,
    /// Body armour.
    #[serde(default)]
    pub body: Option<Arc<str>>,
}

/// One participant. Names and the maps the fight only reads are shared (`Arc`, the same
/// JSON) with every fighter started from it, so a simulated fight copies none of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterSetup {
    /// Unique name, used in the log.
    pub name: Arc<str>,
    /// Side index: 0 or 1 (see [`crate::Red`]'s `SIDES`).
    pub side: u8,
    /// Stats.
    pub stats: Stats,
    /// Skill levels by name ("handgun", "autofire", "evasion", "brawling", "first_aid" …);
    /// missing skills are 0.
    #[serde(default)]
    pub skills: Arc<BTreeMap<String, i32>>,
    /// Maximum HP; RED-43 (10 + 5 × ⌈(BODY + WILL) / 2⌉) when absent.
    #[serde(default)]
    pub hp: Option<i32>,
    /// Weapons carried.
    #[serde(default)]
    pub weapons: Vec<WeaponSetup>,
    /// Armour worn.
    #[serde(default)]
    pub armor: ArmorSetup,
    /// Spare ammunition: calibre → ammo type → rounds.
    #[serde(default)]
    pub reserve: Arc<Reserve>,
    /// Position along the line of the fight, in metres.
    #[serde(default)]
    pub position: i32,
    /// A plain modifier to every check (role abilities, cover, drugs …).
    #[serde(default)]
    pub modifier: i32,
    /// Role abilities and gear as plain modifiers: a skill name adds to every check with
    /// that skill; `"initiative"`, `"ranged"` and `"melee"` add to initiative, ranged and
    /// melee attacks.
    #[serde(default)]
    pub bonuses: Arc<BTreeMap<String, i32>>,
    /// Starts prone.
    #[serde(default)]
    pub prone: bool,
    /// HP of a carried shield, not in hand at the start.
    #[serde(default)]
    pub shield: Option<i32>,
    /// NET actions per turn (a Netrunner); 0 for everyone else.
    #[serde(default)]
    pub net_actions: u32,
    /// Evasion choice against ranged attacks (RED-33): always, never, or **\[default\]** when
    /// absent: evade when eligible and DEX + Evasion + 5.5 beats the DV.
    #[serde(default)]
    pub evade: Option<bool>,
    /// Tactic hint: on its first turn the default tactic delays an attack on its target,
    /// triggered when that target moves.
    #[serde(default)]
    pub ambush: bool,
}

/// A vehicle on the scene (RED-03, RED-08).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VehicleSetup {
    /// Its name.
    pub name: String,
    /// Where it stands, metres.
    pub position: i32,
}

/// Everything an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The participants, shared (`Arc`, the same JSON) by every encounter started from this
    /// setup: a simulation validates and equips them once per thread, not once per fight
    /// (`Arc::make_mut` to edit).
    pub characters: Arc<Vec<CharacterSetup>>,
    /// Vehicles on the scene.
    #[serde(default)]
    pub vehicles: Vec<VehicleSetup>,
    /// Data tables (default: the rules' tables), shared by every encounter started from this
    /// setup: a simulation starts thousands and copies none (`Arc::make_mut` to edit).
    #[serde(default)]
    pub tables: Arc<Tables>,
    /// Numbers and defaults.
    #[serde(default)]
    pub settings: Settings,
}

fn setup_err(message: String) -> RuleError {
    RuleError::new("setup", message)
}

impl Settings {
    /// Checks every number is within bounds.
    pub fn validate(&self) -> Result<(), RuleError> {
        for v in [
            self.aimed_penalty,
            self.evasion_ref,
            self.seriously_penalty,
            self.mortally_penalty,
            self.mortally_move,
            self.stabilize_dv,
        ] {
            crate::resolve::bounded("setup", "a setting", i64::from(v))?;
        }
        for v in [
            self.head_multiplier,
            self.crit_sixes,
            self.crit_bonus,
            self.autofire_rounds,
            self.standing_jump_cost,
        ] {
            if v > crate::MAX_MULTIPLIER {
                return Err(setup_err(format!(
                    "a setting is {v}; multipliers, bonuses and costs are at most {}",
                    crate::MAX_MULTIPLIER
                )));
            }
        }
        if self.reach > crate::MAX_MAGNITUDE as u32 || self.max_rounds > 1_000_000 {
            return Err(setup_err("reach or max_rounds is too large".to_owned()));
        }
        Ok(())
    }
}

impl CharacterSetup {
    /// Checks one character against the tables.
    pub fn validate(&self, tables: &Tables) -> Result<(), RuleError> {
        if self.side > 1 {
            return Err(setup_err(format!(
                "{}: side {} does not exist; sides are 0 and 1",
                self.name, self.side
            )));
        }
        if self.name.is_empty() {
            return Err(setup_err("every character needs a name".to_owned()));
        }
        let st = &self.stats;
        let numbers = [
            st.reflexes,
            st.dex,
            st.body,
            st.will,
            st.move_,
            st.tech,
            st.int,
            st.cool,
            self.position,
            self.modifier,
            self.hp.unwrap_or(1),
            self.shield.unwrap_or(0),
        ];
        let named = self.skills.values().chain(self.bonuses.values());
        for v in numbers.iter().chain(named) {
            crate::resolve::bounded(
                "setup",
                format_args!("a number of {}", self.name),
                i64::from(*v),
            )?;
        }
        if self.net_actions > 100 {
            return Err(setup_err(format!("{}: at most 100 NET actions", self.name)));
        }
        for piece in [&self.armor.head, &self.armor.body].into_iter().flatten() {
            if !tables.armor.contains_key(&**piece) {
                return Err(setup_err(format!(
                    "{}: armour '{piece}' is not in the armour table",
                    self.name
                )));
            }
        }
        let mut hands = 0;
        for w in &self.weapons {
            let profile = tables.weapons.get(&*w.profile).ok_or_else(|| {
                setup_err(format!(
                    "{}: weapon '{}' uses profile '{}', which the weapon table lacks",
                    self.name, w.name, w.profile
                ))
            })?;
            if w.loaded.unwrap_or(0) > profile.magazine {
                return Err(setup_err(format!(
                    "{}: weapon '{}' holds at most {} rounds",
                    self.name, w.name, profile.magazine
                )));
            }
            if w.holding == Holding::InHand {
                hands += profile.hands;
            }
        }
        if hands > 2 {
            return Err(RuleError::new(
                "RED-06",
                format!(
                    "{}: the weapons in hand need {hands} hands; there are two",
                    self.name
                ),
            ));
        }
        if self.hp.is_some_and(|hp| hp < 1) {
            return Err(setup_err(format!("{}: HP must be at least 1", self.name)));
        }
        Ok(())
    }
}
