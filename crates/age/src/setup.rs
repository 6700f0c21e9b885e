//! The setup: characters, weapons and the replaceable rules (serde types that cross to C, C#
//! and Python as JSON), and their validation.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::conditions::Conditions;
use crate::engine::SIDES;
use crate::resolve::{
    ArmourKind, AttackKind, DamageDice, DamageFlow, LightMeleeDamage, RangeBand, StuntTable,
};
use fray_dice::RuleError;

fn err(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// The nine abilities.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Abilities {
    /// Ranged attacks.
    #[schemars(range(min = -50, max = 50))]
    pub accuracy: i32,
    /// Talking.
    #[schemars(range(min = -50, max = 50))]
    pub communication: i32,
    /// Toughness, and the clock of the Dying.
    #[schemars(range(min = -50, max = 50))]
    pub constitution: i32,
    /// Defense, initiative, speed.
    #[schemars(range(min = -50, max = 50))]
    pub dexterity: i32,
    /// Melee attacks.
    #[schemars(range(min = -50, max = 50))]
    pub fighting: i32,
    /// First aid.
    #[schemars(range(min = -50, max = 50))]
    pub intelligence: i32,
    /// Firearm damage, senses.
    #[schemars(range(min = -50, max = 50))]
    pub perception: i32,
    /// Melee damage, Stand Firm.
    #[schemars(range(min = -50, max = 50))]
    pub strength: i32,
    /// Nerve.
    #[schemars(range(min = -50, max = 50))]
    pub willpower: i32,
}

/// An ability, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Ability {
    /// Accuracy.
    Accuracy,
    /// Communication.
    Communication,
    /// Constitution.
    Constitution,
    /// Dexterity (armour penalty applies, AGE-14).
    Dexterity,
    /// Fighting.
    Fighting,
    /// Intelligence.
    Intelligence,
    /// Perception.
    Perception,
    /// Strength.
    Strength,
    /// Willpower.
    Willpower,
}

impl Abilities {
    /// The score of `a`.
    pub fn get(&self, a: Ability) -> i32 {
        match a {
            Ability::Accuracy => self.accuracy,
            Ability::Communication => self.communication,
            Ability::Constitution => self.constitution,
            Ability::Dexterity => self.dexterity,
            Ability::Fighting => self.fighting,
            Ability::Intelligence => self.intelligence,
            Ability::Perception => self.perception,
            Ability::Strength => self.strength,
            Ability::Willpower => self.willpower,
        }
    }
}

fn one() -> u32 {
    1
}

/// A participant's name, in setups, state, commands and events. Shared, so a command or
/// event naming someone costs a reference count rather than a copy of the name; it reads
/// and writes as a plain JSON string.
pub type Name = Arc<str>;

/// A weapon or grenade a character carries.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Its name, as `take_up` names it.
    pub name: String,
    /// Its attack type (AGE-13).
    pub kind: AttackKind,
    /// Damage dice instead of the table's (required for bows and thrown weapons).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<DamageDice>,
    /// A flat damage bonus or penalty.
    #[serde(default)]
    pub damage_bonus: i32,
    /// Range instead of the table's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<RangeBand>,
    /// The focus that applies to attacks with it ("Rifles").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub focus: Option<String>,
    /// Armour counts 2 lower; misses by the hull risk decompression (AGE-16).
    #[serde(default)]
    pub armour_piercing: bool,
    /// Skips Toughness (AGE-15).
    #[serde(default)]
    pub penetrating: bool,
    /// Ignores the first jam (AGE-18).
    #[serde(default)]
    pub high_capacity: bool,
    /// May use the (auto) stunts (AGE-20).
    #[serde(default)]
    pub automatic: bool,
    /// How many (grenades are used up).
    #[serde(default = "one")]
    pub count: u32,
}

/// A participant as the setup gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Character {
    /// Unique name; commands name participants by it.
    pub name: Name,
    /// 0 = party, 1 = opponents.
    pub side: u8,
    /// Ability scores.
    #[serde(default)]
    pub abilities: Abilities,
    /// Foci ("Rifles", "Initiative", "Might", "Acrobatics", "Throwing", "Medicine" …).
    #[serde(default)]
    pub foci: Vec<String>,
    /// Fortune.
    #[schemars(range(min = 0, max = 10000))]
    pub fortune: i32,
    /// Armour type (AGE-14).
    #[serde(default)]
    pub armour: ArmourKind,
    /// A shield: +2 Defense against blows, +3 against ballistic attacks (AGE-14).
    #[serde(default)]
    pub shield: bool,
    /// Striking Style (Novice): unarmed 1d6 + Str (AGE-13).
    #[serde(default)]
    pub striking_style: bool,
    /// Speed in metres; \[default\] 10 + Dexterity + armour penalty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<i32>,
    /// Defense before shield and action bonuses; \[default\] `rules.defense_base` + Dexterity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<i32>,
    /// What it carries (shared with each fight's copy, which only adds its own state).
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// The weapon in hand at the start (by name); none: empty-handed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wielding: Option<String>,
    /// Position on the line of the fight, in metres.
    #[serde(default)]
    pub position: i32,
    /// Stands by the outer hull: armour-piercing misses risk decompression (AGE-16).
    #[serde(default)]
    pub near_hull: bool,
    /// Handholds, mag boots or a thruster pack: able to move in free fall (AGE-31).
    #[serde(default)]
    pub free_fall_mobility: bool,
    /// Conditions at the start.
    #[serde(default)]
    pub conditions: Conditions,
}

/// Initiative (AGE-09, a \[default\]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct InitiativeRule {
    /// The ability added to 3d6 (Dexterity).
    pub ability: Ability,
    /// Subtract the armour penalty.
    pub armour_penalty: bool,
    /// The focus that adds +2.
    pub focus: Option<String>,
}

impl Default for InitiativeRule {
    fn default() -> Self {
        InitiativeRule {
            ability: Ability::Dexterity,
            armour_penalty: true,
            focus: Some("Initiative".to_owned()),
        }
    }
}

/// What Taken Out means in this encounter (\[default\]: Dying and Unconscious).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TakenOut {
    /// Dying and Unconscious: the clock of AGE-26 runs.
    #[default]
    Dying,
    /// Unconscious only.
    Unconscious,
    /// Dead at once.
    Dead,
}

/// The replaceable settings of an encounter; every field is a documented \[default\].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// Rounds before the encounter is called a draw (100).
    pub max_rounds: u32,
    /// Initiative (AGE-09).
    pub initiative: InitiativeRule,
    /// Damage after Toughness (AGE-15).
    pub damage_flow: DamageFlow,
    /// What Taken Out does.
    pub taken_out: TakenOut,
    /// The stunt table (AGE-21).
    pub stunts: StuntTable,
    /// Light melee damage ability (AGE-13): canon Str or Dex.
    pub light_melee_damage: LightMeleeDamage,
    /// Melee reach in metres (2, AGE-12).
    pub melee_reach: u32,
    /// SP a hitting Stunt Attack earns before doubles add the Drama Die (1, AGE-10).
    pub stunt_attack_points: u8,
    /// TN of first aid on the Dying: Intelligence (Medicine) (11, AGE-26).
    pub first_aid_tn: i32,
    /// TN of a grenade throw (11, AGE-19; a command may raise it).
    pub grenade_tn: i32,
    /// Constitution at which the Dying die (−3, AGE-26).
    pub death_at: i32,
    /// Defense before Dexterity, shields and bonuses (10, AGE-12).
    pub defense_base: i32,
    /// Crawling while Prone divides Speed by this (2, AGE-27).
    pub crawl_divisor: i32,
    /// A full tie of a Stand Firm test means the defender holds (true, AGE-11).
    pub stand_firm_tie_holds: bool,
    /// Roll a grenade's damage once per creature caught instead of once for all (false).
    pub grenade_damage_per_target: bool,
    /// The stunt points of a Lightning Attack's own hit may buy another Lightning Attack
    /// (true; the source does not say, AGE-21).
    pub lightning_chains: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            max_rounds: 100,
            initiative: InitiativeRule::default(),
            damage_flow: DamageFlow::default(),
            taken_out: TakenOut::default(),
            stunts: StuntTable::default(),
            light_melee_damage: LightMeleeDamage::default(),
            melee_reach: 2,
            stunt_attack_points: 1,
            first_aid_tn: 11,
            grenade_tn: 11,
            death_at: -3,
            defense_base: 10,
            crawl_divisor: 2,
            stand_firm_tie_holds: true,
            grenade_damage_per_target: false,
            lightning_chains: true,
        }
    }
}

/// What an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Everyone in the fight.
    pub characters: Vec<Character>,
    /// Settings; omitted fields take their defaults. Shared
    /// with every encounter started from this setup.
    #[serde(default)]
    pub rules: Rules,
    /// The fight is in free fall (AGE-31).
    #[serde(default)]
    pub free_fall: bool,
    /// The ends of the corridor (bulkheads) where drifting bodies stop (AGE-31).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corridor: Option<[i32; 2]>,
}

/// Positions (metres on the line) stay within ± this many metres.
pub const MAX_POSITION: i32 = 1_000_000;

/// Target numbers, Defense values, damage bonuses and other numeric settings stay within ±
/// this, so sums of them never overflow.
pub const MAX_SETTING: u32 = 1000;

/// A position a command names (a Move, Run or grenade point) stays on the line.
pub(crate) fn check_position(at: i32) -> Result<(), RuleError> {
    if at.unsigned_abs() > MAX_POSITION as u32 {
        return Err(RuleError::text(
            "setup",
            &crate::text::TEXTS,
            fray_dice::msg!("age-refuse-position", at = at, max = MAX_POSITION),
        ));
    }
    Ok(())
}

/// A name must be non-empty and unique ignoring case among the names before it in `list`:
/// commands name participants and weapons by it, and two that differ only in case read as
/// one.
fn check_names<'a>(list: &str, names: impl Iterator<Item = &'a str>) -> Result<(), RuleError> {
    let paths = names
        .enumerate()
        .map(|(i, n)| (format!("{list}[{i}].name"), n));
    fray_dice::fields::unique_names("name", paths)
}

fn position_at(path: &str, at: i32) -> Result<(), RuleError> {
    if at.unsigned_abs() > MAX_POSITION as u32 {
        return Err(err(
            "setup",
            format!("{path}: found {at} m, allowed -{MAX_POSITION}..={MAX_POSITION} m"),
        ));
    }
    Ok(())
}

/// The foci a rule reads (AGE-01): the initiative focus (AGE-09), Medicine (first aid,
/// AGE-26), Might and Acrobatics (Stand Firm, AGE-11) and every weapon's focus in the
/// setup. A focus outside them is a misspelling the engine would silently ignore.
fn known_foci(setup: &Setup) -> Vec<&str> {
    let mut known: Vec<&str> = Vec::new();
    let engine = ["Medicine", "Might", "Acrobatics"];
    let weapons = setup
        .characters
        .iter()
        .flat_map(|c| c.weapons.iter().filter_map(|w| w.focus.as_deref()));
    for f in setup
        .rules
        .initiative
        .focus
        .as_deref()
        .into_iter()
        .chain(engine)
        .chain(weapons)
    {
        if !known.contains(&f) {
            known.push(f);
        }
    }
    known
}

/// Refuses a setup that breaks the rules or the engine (issue 19): each refusal names the
/// JSON path, what was found and what is allowed.
pub(crate) fn validate_setup(setup: &Setup) -> Result<(), RuleError> {
    let chars = &setup.characters;
    fray_dice::check_combatants(chars.len(), fray_dice::MAX_COMBATANTS)?;
    for (i, c) in chars.iter().enumerate() {
        if c.side > 1 {
            return Err(err(
                "setup",
                format!(
                    "characters[{i}].side: found {}, allowed 0 (party) or 1 (opponents)",
                    c.side
                ),
            ));
        }
    }
    for side in 0..2u8 {
        if !chars.iter().any(|c| c.side == side) {
            return Err(err(
                "setup",
                format!(
                    "characters: found nobody on side {side} ({}), allowed at least one character per side",
                    SIDES[side as usize]
                ),
            ));
        }
    }
    check_names("characters", chars.iter().map(|c| &*c.name))?;
    if let Some([lo, hi]) = setup.corridor {
        position_at("corridor[0]", lo)?;
        position_at("corridor[1]", hi)?;
        if lo > hi {
            return Err(err(
                "setup",
                format!(
                    "corridor: found [{lo}, {hi}], allowed a first end at or before the second"
                ),
            ));
        }
    }
    let foci = known_foci(setup);
    for (i, c) in chars.iter().enumerate() {
        let at = |field: &str| format!("characters[{i}].{field}");
        position_at(&at("position"), c.position)?;
        let a = c.abilities;
        for (name, score) in [
            ("accuracy", a.accuracy),
            ("communication", a.communication),
            ("constitution", a.constitution),
            ("dexterity", a.dexterity),
            ("fighting", a.fighting),
            ("intelligence", a.intelligence),
            ("perception", a.perception),
            ("strength", a.strength),
            ("willpower", a.willpower),
        ] {
            if score.unsigned_abs() > 50 {
                return Err(err(
                    "setup",
                    format!(
                        "{}: found {score}, allowed -50..=50",
                        at(&format!("abilities.{name}"))
                    ),
                ));
            }
        }
        if !(0..=10_000).contains(&c.fortune) {
            return Err(err(
                "setup",
                format!("{}: found {}, allowed 0..=10000", at("fortune"), c.fortune),
            ));
        }
        if let Some(d) = c.defense.filter(|d| d.unsigned_abs() > MAX_SETTING) {
            return Err(err(
                "setup",
                format!(
                    "{}: found {d}, allowed -{MAX_SETTING}..={MAX_SETTING}",
                    at("defense")
                ),
            ));
        }
        if let Some(s) = c.speed.filter(|s| !(0..=1000).contains(s)) {
            return Err(err(
                "setup",
                format!("{}: found {s}, allowed 0..=1000", at("speed")),
            ));
        }
        check_names(&at("weapons"), c.weapons.iter().map(|w| w.name.as_str()))?;
        for (k, w) in c.weapons.iter().enumerate() {
            let at = |field: &str| format!("characters[{i}].weapons[{k}].{field}");
            if w.damage_bonus.unsigned_abs() > MAX_SETTING {
                return Err(err(
                    "setup",
                    format!(
                        "{}: found {}, allowed -{MAX_SETTING}..={MAX_SETTING}",
                        at("damage_bonus"),
                        w.damage_bonus
                    ),
                ));
            }
            if w.damage.is_none() && w.kind.damage_dice(false).is_none() {
                return Err(err(
                    "AGE-13",
                    format!(
                        "{}: found none for kind {}, allowed damage dice such as {{\"count\": 1, \"sides\": 6}} (the source gives no damage for it)",
                        at("damage"),
                        serde_json::to_string(&w.kind).unwrap_or_default()
                    ),
                ));
            }
            if let Some(d) = w.damage.filter(|d| d.sides == 0) {
                return Err(err(
                    "AGE-13",
                    format!(
                        "{}: found {}, allowed at least 1 side",
                        at("damage.sides"),
                        d.sides
                    ),
                ));
            }
        }
        for (k, f) in c.foci.iter().enumerate() {
            if !foci.contains(&f.as_str()) {
                return Err(err(
                    "AGE-01",
                    format!(
                        "{}: found {f:?}, allowed a focus a rule or a weapon uses: {}",
                        at(&format!("foci[{k}]")),
                        foci.join(", ")
                    ),
                ));
            }
        }
        if let Some(w) = &c.wielding {
            if !c.weapons.iter().any(|x| &x.name == w) {
                let names: Vec<&str> = c.weapons.iter().map(|x| x.name.as_str()).collect();
                return Err(err(
                    "setup",
                    format!(
                        "{}: found {w:?}, allowed one of its weapons: {}",
                        at("wielding"),
                        if names.is_empty() {
                            "(none)".to_owned()
                        } else {
                            names.join(", ")
                        }
                    ),
                ));
            }
        }
    }
    let r = &setup.rules;
    if r.max_rounds == 0 {
        return Err(err(
            "setup",
            "rules.max_rounds: found 0, allowed at least 1",
        ));
    }
    validate_stunts(&r.stunts)?;
    let limit = MAX_SETTING as i32;
    for (field, v, lo, hi) in [
        ("first_aid_tn", r.first_aid_tn, -limit, limit),
        ("grenade_tn", r.grenade_tn, -limit, limit),
        ("death_at", r.death_at, -limit, limit),
        ("defense_base", r.defense_base, -limit, limit),
        ("crawl_divisor", r.crawl_divisor, 1, 100),
    ] {
        if !(lo..=hi).contains(&v) {
            return Err(err(
                "setup",
                format!("rules.{field}: found {v}, allowed {lo}..={hi}"),
            ));
        }
    }
    if r.melee_reach > MAX_POSITION as u32 {
        return Err(err(
            "setup",
            format!(
                "rules.melee_reach: found {} m, allowed 0..={MAX_POSITION} m",
                r.melee_reach
            ),
        ));
    }
    Ok(())
}

/// The stunt table (AGE-21) must make sense as a price list: unique names, `min ≤ max`, and
/// a repeatable stunt costs at least 1 SP (at 0 SP one attack could buy it without end).
pub(crate) fn validate_stunts(table: &StuntTable) -> Result<(), RuleError> {
    for (i, row) in table.0.iter().enumerate() {
        let at = |field: &str| format!("rules.stunts[{i}].{field}");
        if row.name.is_empty() || table.0[..i].iter().any(|o| o.name == row.name) {
            return Err(err(
                "AGE-21",
                format!(
                    "{}: found {:?}, allowed a name not empty and not used by an earlier row",
                    at("name"),
                    row.name
                ),
            ));
        }
        if row.max.is_some_and(|m| m < row.min) {
            return Err(err(
                "AGE-21",
                format!(
                    "{}: found {} with min {}, allowed at least min ('{}')",
                    at("max"),
                    row.max.unwrap_or(0),
                    row.min,
                    row.name
                ),
            ));
        }
        if row.repeatable && row.min == 0 {
            return Err(err(
                "AGE-21",
                format!(
                    "{}: found 0 on a repeatable stunt ('{}'), allowed at least 1 SP",
                    at("min"),
                    row.name
                ),
            ));
        }
    }
    Ok(())
}

/// A setup once checked, and the state each of its fights starts from before initiative is
/// rolled (AGE-09): made only by [`crate::Age`]'s `prepare` (a single session prepares too),
/// so a simulation checks the setup and builds its combatants once, not once per fight.
#[derive(Clone, Debug)]
pub struct Prepared {
    start: crate::engine::State,
    initiative: Vec<crate::engine::Terms>,
}

impl Prepared {
    /// Validates `setup` and builds its combatants.
    pub(crate) fn new(setup: &Setup) -> Result<Prepared, RuleError> {
        let (start, initiative) = crate::engine::start_state(setup)?;
        Ok(Prepared { start, initiative })
    }

    /// The state its fights start from.
    pub(crate) fn start(&self) -> &crate::engine::State {
        &self.start
    }

    /// Each combatant's initiative test, in setup order.
    pub(crate) fn initiative(&self) -> &[crate::engine::Terms] {
        &self.initiative
    }
}
