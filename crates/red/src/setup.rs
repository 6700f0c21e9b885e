//! What an encounter starts from: characters, weapons, armour, vehicles, tables and settings.

use std::collections::BTreeMap;

use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

use std::sync::Arc;

use crate::tables::Tables;

/// The published numbers and every **\[default\]** of the engine, each replaceable here.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// **\[default\]** 100: the encounter ends undecided after this many rounds (1 … 1000).
    #[schemars(range(min = 1, max = 1000))]
    pub max_rounds: u32,
    /// **\[default\]** RED-04: the initiative d10 follows RED-31 (critical 10s and 1s).
    pub critical_initiative: bool,
    /// RED-31 on checks and attacks (on in the published rules).
    pub critical_checks: bool,
    /// RED-34: penalty of an aimed shot (8).
    #[schemars(range(min = 0, max = 100))]
    pub aimed_penalty: i32,
    /// RED-34: multiplier of head damage through armour (2).
    #[schemars(range(min = 0, max = 100))]
    pub head_multiplier: u32,
    /// RED-42: sixes for a critical injury (2).
    #[schemars(range(min = 0, max = 100))]
    pub crit_sixes: u32,
    /// RED-42: bonus damage of a critical injury (5).
    #[schemars(range(min = 0, max = 100))]
    pub crit_bonus: u32,
    /// RED-33: REF needed to evade ranged attacks (8).
    #[schemars(range(min = 0, max = 100))]
    pub evasion_ref: i32,
    /// RED-35: rounds one autofire or suppressive burst spends (10).
    #[schemars(range(min = 0, max = 100))]
    pub autofire_rounds: u32,
    /// RED-44: Seriously Wounded penalty to all actions (2).
    #[schemars(range(min = 0, max = 100))]
    pub seriously_penalty: i32,
    /// RED-44: Mortally Wounded penalty to all actions (4).
    #[schemars(range(min = 0, max = 100))]
    pub mortally_penalty: i32,
    /// RED-44: Mortally Wounded MOVE loss (6).
    #[schemars(range(min = 0, max = 100))]
    pub mortally_move: i32,
    /// **\[default\]** 2 m: reach of melee, grabs, stabilizing and boarding.
    #[schemars(range(min = 1, max = 100))]
    pub reach: u32,
    /// **\[default\]** 15: DV of Stabilize (TECH + First Aid or Paramedic) on a mortally
    /// wounded character.
    #[schemars(range(min = 0, max = 100))]
    pub stabilize_dv: i32,
    /// **\[default\]** 8: the Body-table row an aimed leg shot that gets through inflicts (Broken Leg).
    #[schemars(range(min = 2, max = 12))]
    pub leg_injury: u32,
    /// **\[default\]** 4 m of MOVE cost per metre of standing jump (RED-12: half as far as a
    /// running jump, which costs 2).
    #[schemars(range(min = 1, max = 100))]
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
    /// **\[default\]** RED-02 «При равенстве перебрасывают»: what the tied reroll.
    /// `initiative` (default): the whole initiative, REF + bonus + 1d10 (the d10 as in
    /// RED-04), compared among the tied; `d10`: a bare d10 as a tie-break.
    pub tie_reroll: TieReroll,
    /// **\[default\]** true (RED-44): a Mortally Wounded character (HP < 1) still acts, with
    /// the penalties, and counts for its side: the fight ends when a side has no one alive
    /// and present. False: HP < 1 takes a character out: its turns are only death saves and
    /// the fight ends when a side has no one at HP ≥ 1.
    pub mortally_wounded_act: bool,
    /// **\[default\]** 1 (RED-14, RED-42, RED-44: "MOVE … (minimum 1)"): wounds and
    /// critical injuries never take MOVE below this (a MOVE already lower, from the sheet or
    /// armour, stays). 0 lets them take it to 0.
    #[schemars(range(min = 0, max = 20))]
    pub move_floor: i32,
    /// **\[default\]** false (RED-42 Crushed Fingers, "−4 to attacks with that hand"): an
    /// injury's `hand` modifier weighs on the attacks made with the hurt hand only. True
    /// makes it a modifier to every ranged and melee attack (as RED version 3 did).
    pub hand_injury_every_attack: bool,
}

/// What tied initiatives reroll (RED-02, `settings.tie_reroll`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TieReroll {
    /// The initiative again: REF + bonus + 1d10.
    #[default]
    Initiative,
    /// A bare d10.
    D10,
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
            tie_reroll: TieReroll::Initiative,
            mortally_wounded_act: true,
            move_floor: 1,
            hand_injury_every_attack: false,
        }
    }
}

/// The eight stats the engine reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    /// REF: initiative and ranged attacks.
    #[schemars(range(min = 0, max = 20))]
    #[serde(rename = "ref")]
    pub reflexes: i32,
    /// DEX: melee and evasion.
    #[schemars(range(min = 0, max = 20))]
    pub dex: i32,
    /// BODY: HP, unarmed damage, death saves.
    #[schemars(range(min = 0, max = 20))]
    pub body: i32,
    /// WILL: HP.
    #[schemars(range(min = 0, max = 20))]
    pub will: i32,
    /// MOVE: MOVE × 2 metres per Move Action.
    #[schemars(range(min = 0, max = 20))]
    #[serde(rename = "move")]
    pub move_: i32,
    /// TECH: Stabilize.
    #[schemars(range(min = 0, max = 20))]
    #[serde(default)]
    pub tech: i32,
    /// INT: skills such as Perception.
    #[schemars(range(min = 0, max = 20))]
    #[serde(default)]
    pub int: i32,
    /// COOL: Concentration against suppressive fire.
    #[schemars(range(min = 0, max = 20))]
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
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CharacterSetup {
    /// Unique name, used in the log.
    pub name: Arc<str>,
    /// Side index: 0 or 1 (see [`crate::Red`]'s `SIDES`).
    pub side: u8,
    /// Stats.
    pub stats: Stats,
    /// Skill levels by name ("handgun", "autofire", "evasion", "brawling", "first_aid" …);
    /// missing skills are 0. A name that is neither a published skill ([`SKILLS`]) nor one
    /// the weapon table names is refused.
    #[serde(default)]
    pub skills: Arc<BTreeMap<String, i32>>,
    /// Maximum HP; RED-43 (10 + 5 × ⌈(BODY + WILL) / 2⌉) when absent.
    #[schemars(range(min = 1, max = 1000))]
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
    #[schemars(range(min = -1000000, max = 1000000))]
    #[serde(default)]
    pub position: i32,
    /// A plain modifier to every check (role abilities, cover, drugs …).
    #[schemars(range(min = -50, max = 50))]
    #[serde(default)]
    pub modifier: i32,
    /// Role abilities and gear as plain modifiers: a skill name adds to every check with
    /// that skill; `"initiative"`, `"ranged"` and `"melee"` add to initiative, ranged and
    /// melee attacks. Any other key is refused.
    #[serde(default)]
    pub bonuses: Arc<BTreeMap<String, i32>>,
    /// Starts prone.
    #[serde(default)]
    pub prone: bool,
    /// HP of a carried shield, not in hand at the start.
    #[schemars(range(min = 1, max = 1000))]
    #[serde(default)]
    pub shield: Option<i32>,
    /// NET actions per turn (a Netrunner); 0 for everyone else.
    #[schemars(range(min = 0, max = 100))]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VehicleSetup {
    /// Its name.
    pub name: String,
    /// Where it stands, metres.
    pub position: i32,
}

/// Everything an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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

/// Refuses `value` outside `lo ..= hi`, naming the field's JSON path.
pub(crate) fn in_range(
    rule: &'static str,
    path: impl std::fmt::Display,
    value: i64,
    lo: i64,
    hi: i64,
) -> Result<(), RuleError> {
    if (lo..=hi).contains(&value) {
        return Ok(());
    }
    Err(fray_dice::fields::refuse(
        rule,
        &path,
        value,
        format_args!("{lo}..={hi}"),
    ))
}

/// Stats (REF, DEX, BODY …): published sheets run 2 … 8 (10 with help); 0 … 20 leaves room
/// and keeps every sum of a check far inside the engine's bounds.
pub const MAX_STAT: i64 = 20;
/// Skill levels (published 0 … 10).
pub const MAX_SKILL: i64 = 20;
/// Plain modifiers and bonuses (±).
pub const MAX_MODIFIER: i64 = 50;
/// Hit points of a character or a shield.
pub const MAX_HP: i64 = 1000;

impl Settings {
    /// Checks every number is within what the rules can use; the error names the field
    /// (`settings.max_rounds`) and the allowed range.
    pub fn validate(&self) -> Result<(), RuleError> {
        let r = |name: &str, v: i64, lo: i64, hi: i64| {
            in_range("setup", format_args!("settings.{name}"), v, lo, hi)
        };
        r("max_rounds", self.max_rounds.into(), 1, 1000)?;
        r("reach", self.reach.into(), 1, 100)?;
        for (name, v) in [
            ("aimed_penalty", self.aimed_penalty),
            ("evasion_ref", self.evasion_ref),
            ("seriously_penalty", self.seriously_penalty),
            ("mortally_penalty", self.mortally_penalty),
            ("mortally_move", self.mortally_move),
            ("stabilize_dv", self.stabilize_dv),
        ] {
            r(name, v.into(), 0, 100)?;
        }
        let max = i64::from(crate::MAX_MULTIPLIER);
        for (name, v, lo) in [
            ("head_multiplier", self.head_multiplier, 0),
            ("crit_sixes", self.crit_sixes, 0),
            ("crit_bonus", self.crit_bonus, 0),
            ("autofire_rounds", self.autofire_rounds, 0),
            ("standing_jump_cost", self.standing_jump_cost, 1),
        ] {
            r(name, v.into(), lo, max)?;
        }
        r("leg_injury", self.leg_injury.into(), 2, 12)?;
        r("move_floor", self.move_floor.into(), 0, MAX_STAT)?;
        Ok(())
    }
}

/// The published skills (snake_case), the names `skills` and skill `bonuses` take besides
/// the skills the weapon table names. A misspelt key would otherwise be a skill of 0.
pub const SKILLS: [&str; 67] = [
    "accounting",
    "acting",
    "air_vehicle_tech",
    "animal_handling",
    "archery",
    "athletics",
    "autofire",
    "basic_tech",
    "brawling",
    "bribery",
    "bureaucracy",
    "business",
    "composition",
    "conceal_reveal_object",
    "concentration",
    "contortionist",
    "conversation",
    "criminology",
    "cryptography",
    "cybertech",
    "dance",
    "deduction",
    "demolitions",
    "drive_land_vehicle",
    "education",
    "electronics_security_tech",
    "endurance",
    "evasion",
    "first_aid",
    "forgery",
    "gamble",
    "handgun",
    "heavy_weapons",
    "human_perception",
    "interrogation",
    "land_vehicle_tech",
    "language",
    "leadership",
    "library_search",
    "lip_reading",
    "local_expert",
    "martial_arts",
    "melee_weapon",
    "paint_draw_sculpt",
    "paramedic",
    "perception",
    "personal_grooming",
    "persuasion",
    "photography_film",
    "pick_lock",
    "pick_pocket",
    "pilot_air_vehicle",
    "pilot_sea_vehicle",
    "play_instrument",
    "resist_torture_drugs",
    "riding",
    "science",
    "sea_vehicle_tech",
    "shoulder_arms",
    "stealth",
    "streetwise",
    "tactics",
    "tracking",
    "trading",
    "wardrobe_and_style",
    "weaponstech",
    "wilderness_survival",
];

/// Bonus keys that are not skills: initiative, ranged and melee attacks.
pub const BONUS_KEYS: [&str; 3] = ["initiative", "ranged", "melee"];

/// A published skill or one the weapon table names.
fn known_skill(name: &str, tables: &Tables) -> bool {
    SKILLS.binary_search(&name).is_ok() || tables.weapons.values().any(|w| w.skill == name)
}

/// The skills `known_skill` accepts, for a refusal.
#[cold]
fn allowed_skills(tables: &Tables) -> String {
    let mut all: Vec<&str> = SKILLS.to_vec();
    all.extend(tables.weapons.values().map(|w| w.skill.as_str()));
    all.sort_unstable();
    all.dedup();
    all.join(", ")
}

/// Keys of a table, for a refusal.
#[cold]
fn keys<'a>(names: impl Iterator<Item = &'a String>) -> String {
    names.map(String::as_str).collect::<Vec<_>>().join(", ")
}

/// Where a character sits in the input, for error messages: `characters[2]`, or the
/// newcomer of a `join` command.
#[derive(Clone, Copy, Debug)]
pub(crate) enum At {
    /// `characters[i]` of the setup.
    Setup(usize),
    /// `character` of a `join` command.
    Join,
}

impl std::fmt::Display for At {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            At::Setup(i) => write!(f, "characters[{i}]"),
            At::Join => f.write_str("character"),
        }
    }
}

impl CharacterSetup {
    /// Checks one character against the tables.
    pub fn validate(&self, tables: &Tables) -> Result<(), RuleError> {
        self.validate_at(tables, At::Join)
    }

    /// [`CharacterSetup::validate`], errors naming the character's place in the input.
    pub(crate) fn validate_at(&self, tables: &Tables, at: At) -> Result<(), RuleError> {
        if self.side > 1 {
            return Err(setup_err(format!(
                "{at}.side is {} ({}); sides are 0 and 1",
                self.side, self.name
            )));
        }
        if self.name.trim().is_empty() {
            return Err(setup_err(format!(
                "{at}.name: found {:?}; every character needs a name that is not empty",
                &*self.name
            )));
        }
        let st = &self.stats;
        for (name, v) in [
            ("ref", st.reflexes),
            ("dex", st.dex),
            ("body", st.body),
            ("will", st.will),
            ("move", st.move_),
            ("tech", st.tech),
            ("int", st.int),
            ("cool", st.cool),
        ] {
            in_range(
                "setup",
                format_args!("{at}.stats.{name}"),
                v.into(),
                0,
                MAX_STAT,
            )?;
        }
        for name in self.skills.keys() {
            if !known_skill(name, tables) {
                return Err(setup_err(format!(
                    "{at}.skills.{name}: found '{name}', which is not a skill; allowed: {}",
                    allowed_skills(tables)
                )));
            }
        }
        for name in self.bonuses.keys() {
            if !BONUS_KEYS.contains(&name.as_str()) && !known_skill(name, tables) {
                return Err(setup_err(format!(
                    "{at}.bonuses.{name}: found '{name}', which is neither a skill nor {}; allowed: {}, {}",
                    BONUS_KEYS.join(", "),
                    BONUS_KEYS.join(", "),
                    allowed_skills(tables)
                )));
            }
        }
        for (name, &v) in self.skills.iter() {
            in_range(
                "setup",
                format_args!("{at}.skills.{name}"),
                v.into(),
                0,
                MAX_SKILL,
            )?;
        }
        for (name, &v) in self.bonuses.iter() {
            in_range(
                "setup",
                format_args!("{at}.bonuses.{name}"),
                v.into(),
                -MAX_MODIFIER,
                MAX_MODIFIER,
            )?;
        }
        in_range(
            "setup",
            format_args!("{at}.modifier"),
            self.modifier.into(),
            -MAX_MODIFIER,
            MAX_MODIFIER,
        )?;
        crate::resolve::bounded("setup", format_args!("{at}.position"), self.position.into())?;
        if let Some(hp) = self.hp {
            in_range("setup", format_args!("{at}.hp"), hp.into(), 1, MAX_HP)?;
        }
        if let Some(hp) = self.shield {
            in_range("setup", format_args!("{at}.shield"), hp.into(), 1, MAX_HP)?;
        }
        in_range(
            "setup",
            format_args!("{at}.net_actions"),
            self.net_actions.into(),
            0,
            100,
        )?;
        for (where_, piece) in [("head", &self.armor.head), ("body", &self.armor.body)] {
            if let Some(piece) = piece {
                if !tables.armor.contains_key(&**piece) {
                    return Err(setup_err(format!(
                        "{at}.armor.{where_} is '{piece}', which the armour table lacks; allowed: {}",
                        keys(tables.armor.keys())
                    )));
                }
            }
        }
        let mut hands = 0;
        for (i, w) in self.weapons.iter().enumerate() {
            let profile = tables.weapons.get(&*w.profile).ok_or_else(|| {
                setup_err(format!(
                    "{at}.weapons[{i}].profile is '{}' ({}), which the weapon table lacks; allowed: {}",
                    w.profile,
                    w.name,
                    keys(tables.weapons.keys())
                ))
            })?;
            in_range(
                "RED-36",
                format_args!("{at}.weapons[{i}].loaded"),
                w.loaded.unwrap_or(0).into(),
                0,
                profile.magazine.into(),
            )?;
            if w.holding == Holding::InHand {
                hands += profile.hands;
            }
        }
        if hands > 2 {
            return Err(RuleError::new(
                "RED-06",
                format!("{at}.weapons: the weapons in hand need {hands} hands; there are two",),
            ));
        }
        Ok(())
    }
}

/// A setup checked, and what every fight from it starts from: its characters equipped as
/// fighters (skills and bonuses summed, weapon profiles and DV rows looked up, HP and armour
/// worked out), with the setup's tables and settings. Made only by [`crate::Red`]'s
/// `prepare`, which checks everything `start` checks, with the same rule IDs and messages,
/// so a simulation checks and builds once and each fight rolls only its dice.
#[derive(Clone, Debug)]
pub struct Prepared {
    start: crate::engine::State,
}

impl Prepared {
    /// Checks `setup` and builds its fighters.
    pub(crate) fn new(setup: &Setup) -> Result<Prepared, RuleError> {
        Ok(Prepared {
            start: crate::engine::checked_state(setup)?,
        })
    }

    /// The state its fights start from, before initiative.
    pub(crate) fn state(&self) -> &crate::engine::State {
        &self.start
    }

    /// [`Prepared::state`], taken.
    pub(crate) fn into_state(self) -> crate::engine::State {
        self.start
    }
}
