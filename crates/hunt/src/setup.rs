use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// The three fighting distances (HUNT-05). Melee is possible only at Near.
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
    /// Melee possible.
    #[default]
    Near,
    /// Shooting only.
    Medium,
    /// Shooting only; fleeing successfully from here is an escape.
    Far,
}

impl Distance {
    /// Index 0 (Near), 1 (Medium), 2 (Far), for per-distance tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The distance one step further (`+1`) or closer (`-1`), clamped to Near..=Far.
    pub fn step(self, delta: i32) -> Distance {
        match (self as i32 + delta).clamp(0, 2) {
            0 => Distance::Near,
            1 => Distance::Medium,
            _ => Distance::Far,
        }
    }

    /// The distance shown by one d6 when it must be random (HUNT-21 failed ambush):
    /// 1–2 Near, 3–4 Medium, 5–6 Far.
    pub fn from_d6(face: u32) -> Distance {
        match face {
            0..=2 => Distance::Near,
            3..=4 => Distance::Medium,
            _ => Distance::Far,
        }
    }

    /// Lower-case name, for log lines.
    pub fn name(self) -> &'static str {
        match self {
            Distance::Near => "near",
            Distance::Medium => "medium",
            Distance::Far => "far",
        }
    }
}

/// Melee or ranged: decides the Damage cap (Strength or Marksmanship) and where the weapon
/// may be used (HUNT-06).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum AttackKind {
    /// Hand to hand; only at Near.
    #[default]
    Melee,
    /// Shooting or throwing.
    Ranged,
}

/// One tactic per turn per fighter (HUNT-14 … HUNT-22), plus the search of HUNT-20.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Tactic {
    /// No tactic.
    #[default]
    None,
    /// HUNT-14: +1 Defense, −1 Attack, −1 Damage; opens distance; may spring a trap.
    Flee,
    /// HUNT-15: −1 Defense; closes distance.
    Pursue,
    /// HUNT-16: Experience test; margin d6 added to Defense (against shooting), taken from Attack.
    TakeCover,
    /// HUNT-17: strikes second; +2 Attack, +1 Damage with a ranged weapon.
    AimedFire,
    /// HUNT-18: melee at Near; +1 Attack, +2 Damage, −2 Defense.
    Onslaught,
    /// HUNT-19: at Near; re-split after seeing the opponent's Attack dice; strikes second.
    Counterattack,
    /// HUNT-20: not at Near; no attack; Experience test to hide.
    Hide,
    /// HUNT-22: double ammunition; +2 Attack, +2 Damage, −2 Defense.
    BarrageFire,
    /// HUNT-20: look for a hidden opponent with an Experience test instead of shooting blindly.
    Search,
    /// HUNT-21: a hidden fighter attacks from hiding instead of waiting to be found:
    /// Experience test; pass → it strikes first, at the distance it picks, +1 Attack die;
    /// fail → the fight goes on at a random distance.
    Ambush,
}

impl Tactic {
    /// Snake-case name, for log lines and errors.
    pub fn name(self) -> &'static str {
        match self {
            Tactic::None => "none",
            Tactic::Flee => "flee",
            Tactic::Pursue => "pursue",
            Tactic::TakeCover => "take_cover",
            Tactic::AimedFire => "aimed_fire",
            Tactic::Onslaught => "onslaught",
            Tactic::Counterattack => "counterattack",
            Tactic::Hide => "hide",
            Tactic::BarrageFire => "barrage_fire",
            Tactic::Search => "search",
            Tactic::Ambush => "ambush",
        }
    }
}

/// How doubles on the Damage dice are counted (HUNT-12).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TripleRule {
    /// **\[default\]** a value showing on two or more dice is one double (a triple is one double).
    #[default]
    OneDouble,
    /// Every two dice of one value are a double (a quadruple is two doubles, a triple one).
    Pairs,
}

/// How a hidden fighter's Defense roll reads "Experience + 3 dice" (HUNT-20).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum HideRoll {
    /// **\[default\]** Experience + [`Rules::hide_dice`] dice are rolled.
    #[default]
    ExperienceDice,
    /// Experience is added, as a number, to a roll of [`Rules::hide_dice`] dice.
    ExperienceValue,
}

/// What a search must reach to find a hidden fighter (HUNT-20, «нужно пройти с лучшим
/// результатом, чем спрятавшийся персонаж»).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum SearchRule {
    /// **\[default\]** a passed search whose margin is at least the hide's margin finds it: a
    /// tie goes to the searcher, so an equally experienced searcher can always find a hider
    /// (the bleeding clause «какое угодно количество ходов» presumes a search that can win).
    #[default]
    AtLeastEqual,
    /// The literal «лучшим»: the search's margin must be greater than the hide's, so a hide
    /// on the hider's best roll can never be found by a searcher of equal Experience.
    Better,
}

impl SearchRule {
    /// Whether a search with `margin` (a passed test) finds a hide of `hide_margin`.
    #[inline]
    pub fn finds(self, margin: i32, hide_margin: i32) -> bool {
        match self {
            SearchRule::AtLeastEqual => margin >= hide_margin,
            SearchRule::Better => margin > hide_margin,
        }
    }
}

/// The numbers resolution needs beyond the declarations; every field is a documented default
/// that a setup may replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// HUNT-02 **\[default\] 1**: d6 rolled (and summed) for a stat test; pass when ≤ the stat.
    #[schemars(range(min = 1, max = 10))]
    pub test_dice: u32,
    /// HUNT-12 **\[default\] one double per value**: how triples count.
    pub triples: TripleRule,
    /// HUNT-13: failed Endurance tests in one turn that kill (4).
    #[schemars(range(min = 1, max = 10))]
    pub deadly_failures: u32,
    /// HUNT-14 **\[default\] 1**: damage points a sprung trap deals on a failed Experience test.
    #[schemars(range(min = 0, max = 10))]
    pub trap_damage: u32,
    /// HUNT-20: dice added to Experience for a hidden fighter's Defense roll (3).
    #[schemars(range(min = 0, max = 10))]
    pub hide_dice: u32,
    /// HUNT-20 **\[default\] Experience + 3 dice**: how the hidden Defense roll is read.
    pub hide_roll: HideRoll,
    /// HUNT-20: turns the opponent may search before the trail is lost (3).
    #[schemars(range(min = 1, max = 100))]
    pub hide_turns: u32,
    /// HUNT-25: taken from the Defense total per extra shooting direction (3).
    #[schemars(range(min = 0, max = 100))]
    pub crossfire_penalty: u32,
    /// HUNT-20 **\[default\] at least equal**: what a search's margin must reach.
    pub search: SearchRule,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            test_dice: 1,
            triples: TripleRule::OneDouble,
            deadly_failures: 4,
            trap_damage: 1,
            hide_dice: 3,
            hide_roll: HideRoll::ExperienceDice,
            hide_turns: 3,
            crossfire_penalty: 3,
            search: SearchRule::AtLeastEqual,
        }
    }
}

impl Rules {
    /// The largest value of each numeric setting: what the rules can use, so that no setting
    /// makes a loop (dice, tests, damage points) long. `(field, lowest, highest, value)`.
    pub fn bounds(&self) -> [(&'static str, u32, u32, u32); 6] {
        [
            ("test_dice", 1, 10, self.test_dice),
            ("deadly_failures", 1, 10, self.deadly_failures),
            ("trap_damage", 0, 10, self.trap_damage),
            ("hide_dice", 0, 10, self.hide_dice),
            ("hide_turns", 1, 100, self.hide_turns),
            ("crossfire_penalty", 0, 100, self.crossfire_penalty),
        ]
    }

    /// The first setting out of its [`Rules::bounds`], as "`field`: found v, allowed lo..=hi".
    pub fn check(&self) -> Result<(), String> {
        for (field, lo, hi, v) in self.bounds() {
            if !(lo..=hi).contains(&v) {
                return Err(format!("{field}: found {v}, allowed {lo}..={hi}"));
            }
        }
        Ok(())
    }
}

/// Stat penalties of one wound level (HUNT-13), subtracted from the fighter's stats.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Penalty {
    /// Endurance lost.
    pub endurance: u32,
    /// Strength lost.
    pub strength: u32,
    /// Agility lost.
    pub agility: u32,
    /// Marksmanship lost.
    pub marksmanship: u32,
}

/// The wound table of HUNT-13: penalties for 1, 2 and 3 failed Endurance tests in one turn
/// (4 kill, see [`Rules::deadly_failures`]).
pub fn default_wound_table() -> Vec<Penalty> {
    vec![
        Penalty {
            endurance: 1,
            ..Penalty::default()
        },
        Penalty {
            endurance: 2,
            strength: 1,
            ..Penalty::default()
        },
        Penalty {
            endurance: 2,
            strength: 1,
            agility: 2,
            marksmanship: 2,
        },
    ]
}

/// Name of a wound level by failed tests in one turn.
pub fn wound_name(failures: u32, deadly: u32) -> &'static str {
    match failures {
        0 => "unhurt",
        f if f >= deadly => "dead",
        1 => "light wound",
        2 => "heavy wound",
        _ => "maimed",
    }
}

/// Which side a fighter is on: the hunter's (side 0) or the prey's (side 1).
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
pub enum Side {
    /// Side 0.
    #[default]
    Hunter,
    /// Side 1.
    Prey,
}

impl Side {
    /// 0 or 1.
    pub fn index(self) -> u8 {
        self as u8
    }

    /// "hunter" or "prey".
    pub fn name(self) -> &'static str {
        match self {
            Side::Hunter => "hunter",
            Side::Prey => "prey",
        }
    }
}

/// The six stats of a fighter.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Stats {
    /// Experience: Take Cover, Hide, Search, traps, ambushes.
    #[schemars(range(min = 0, max = 20))]
    pub experience: u32,
    /// Endurance: one test per damage point.
    #[schemars(range(min = 0, max = 20))]
    pub endurance: u32,
    /// Strength: caps melee Damage dice.
    #[schemars(range(min = 0, max = 20))]
    pub strength: u32,
    /// Agility: caps Defense and Attack dice.
    #[schemars(range(min = 0, max = 20))]
    pub agility: u32,
    /// Marksmanship: caps ranged Damage dice.
    #[schemars(range(min = 0, max = 20))]
    pub marksmanship: u32,
    /// Combat potential: the dice split among Defense, Attack and Damage each turn.
    #[schemars(range(min = 0, max = 20))]
    pub potential: u32,
}

impl Stats {
    /// The stats after a wound penalty, never below zero.
    pub fn minus(self, p: &Penalty) -> Stats {
        Stats {
            endurance: self.endurance.saturating_sub(p.endurance),
            strength: self.strength.saturating_sub(p.strength),
            agility: self.agility.saturating_sub(p.agility),
            marksmanship: self.marksmanship.saturating_sub(p.marksmanship),
            ..self
        }
    }
}

/// A weapon: its kind, its damage threshold (HUNT-11), how far it reaches and its ammunition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    /// Unique among the fighter's weapons. Shared, not copied, by the declarations that
    /// name it (serialized as a plain string).
    pub name: Arc<str>,
    /// Melee or ranged.
    pub kind: AttackKind,
    /// A Damage die at or above this is one damage point.
    #[serde(default = "default_threshold")]
    pub threshold: u32,
    /// Farthest distance it reaches (melee weapons: Near only, whatever is written).
    #[serde(default = "far")]
    pub range: Distance,
    /// Per-distance thresholds (Near, Medium, Far) replacing `threshold`/`range`; 0 = out of reach.
    #[serde(default)]
    pub thresholds: Option<[u32; 3]>,
    /// Rounds loaded; `None` = needs no ammunition (HUNT-27).
    #[serde(default)]
    pub ammo: Option<u32>,
    /// Capacity a reload fills up to (default: the starting `ammo`).
    #[serde(default)]
    pub magazine: Option<u32>,
    /// Spare rounds for reloading (an Extraneous action, HUNT-23).
    #[serde(default)]
    pub spare: u32,
}

fn default_threshold() -> u32 {
    4
}

fn far() -> Distance {
    Distance::Far
}

impl Weapon {
    /// Damage threshold at Near, Medium, Far (0 = out of reach).
    pub fn reach(&self) -> [u32; 3] {
        if let Some(t) = self.thresholds {
            return t;
        }
        let last = match self.kind {
            AttackKind::Melee => Distance::Near,
            AttackKind::Ranged => self.range,
        };
        let mut out = [0; 3];
        for (i, slot) in out.iter_mut().enumerate() {
            if i <= last.index() {
                *slot = self.threshold;
            }
        }
        out
    }
}

/// One fighter of the setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FighterSetup {
    /// Unique name, used in commands (shared with the encounter's state and commands;
    /// serialized as a plain string).
    pub name: Arc<str>,
    /// Hunter or prey.
    pub side: Side,
    /// Stats.
    pub stats: Stats,
    /// Weapons carried.
    #[serde(default)]
    pub weapons: Vec<Weapon>,
    /// Shooting direction for crossfire (HUNT-25); default: each fighter its own.
    #[serde(default)]
    pub direction: Option<u32>,
}

/// How the fight starts (HUNT-03, HUNT-04, HUNT-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Opening {
    /// Both sides aware, at a given distance.
    Open {
        /// Starting distance.
        distance: Distance,
    },
    /// The hunter found the prey: search roll against precautions roll (HUNT-03, HUNT-04).
    Search {
        /// Distance the hunter prefers.
        hunter_distance: Distance,
        /// Distance the prey picks if not caught unaware (`None`: the hunter's).
        #[serde(default)]
        prey_distance: Option<Distance>,
        /// **\[default\] the first hunter's Experience**: d6 of the search roll.
        #[serde(default)]
        search_dice: Option<u32>,
        /// **\[default\] the first prey's Experience**: d6 of the precautions roll.
        #[serde(default)]
        precaution_dice: Option<u32>,
    },
    /// The prey attacks from ambush (HUNT-21).
    Ambush {
        /// Distance the prey picks if its Experience test passes.
        prey_distance: Distance,
    },
}

impl Default for Opening {
    fn default() -> Self {
        Opening::Open {
            distance: Distance::Medium,
        }
    }
}

/// The place of the fight.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Location {
    /// Shown in the log.
    pub name: String,
    /// A trap is set here (HUNT-14).
    pub trap: bool,
}

/// Everything an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The fighters; at least one per side.
    pub fighters: Vec<FighterSetup>,
    /// Where.
    #[serde(default)]
    pub location: Location,
    /// How it starts.
    #[serde(default)]
    pub opening: Opening,
    /// Resolution settings (defaults documented on [`Rules`]).
    #[serde(default)]
    pub rules: Rules,
    /// HUNT-13 wound table: penalties for 1, 2, 3 failed tests in one turn.
    #[serde(default = "default_wound_table")]
    pub wound_table: Vec<Penalty>,
    /// HUNT-13 **\[default\] true**: penalties of wounds from separate turns add up; `false`
    /// keeps only the worst wound's penalties.
    #[serde(default = "yes")]
    pub accumulate_wounds: bool,
    /// HUNT-23 **\[default\] true**: first aid (an Extraneous action) stops bleeding.
    #[serde(default = "yes")]
    pub first_aid_stops_bleeding: bool,
    /// HUNT-13 **\[default\] true**: a fighter whose wounds bring its Endurance to 0 is dead
    /// (at the end of that turn); `false`: it fights on, failing every Endurance test, and only
    /// `rules.deadly_failures` failures in one turn kill.
    #[serde(default = "yes")]
    pub zero_endurance_dies: bool,
    /// **\[default\] 100** (1..=1000): the encounter ends after this many rounds.
    #[serde(default = "hundred")]
    #[schemars(range(min = 1, max = 1000))]
    pub max_rounds: u32,
    /// The default tactic's knobs (not rules: a player may decide otherwise).
    #[serde(default)]
    pub tactic: TacticSettings,
}

/// Knobs of the default tactic ([`fray_dice::AutoPlay`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TacticSettings {
    /// HUNT-20 **\[default\] 6** (1..=1000): a searcher gives up (declares `give_up`, the
    /// trail is lost) after this many failed searches in a row. Only a bleeding hider can be
    /// searched for that long («какое угодно количество ходов»); others are lost after
    /// `rules.hide_turns`.
    #[schemars(range(min = 1, max = 1000))]
    pub give_up_after: u32,
}

impl Default for TacticSettings {
    fn default() -> Self {
        TacticSettings { give_up_after: 6 }
    }
}

fn yes() -> bool {
    true
}

fn hundred() -> u32 {
    100
}

fn refused(message: String) -> fray_dice::RuleError {
    fray_dice::RuleError::new("setup", message)
}

/// A name must be non-empty and unique ignoring case among `names` before it: commands name
/// fighters and weapons by it, and two that differ only in case read as one to a player.
fn check_name<'a>(
    path: &dyn Fn(&mut std::fmt::Formatter<'_>, usize) -> std::fmt::Result,
    names: impl Iterator<Item = &'a str>,
) -> Result<(), fray_dice::RuleError> {
    // The paths are written only for a refusal: every start checks the names.
    let at = |i| fray_dice::fields::path(move |f| path(f, i));
    fray_dice::fields::unique_names("name", names.enumerate().map(|(i, n)| (at(i), n)))
}

/// Refuses a setup that breaks the rules or the engine (issue 19): each refusal names the
/// JSON path, what was found and what is allowed. Legal but suspicious values are warnings
/// ([`crate::lint`]).
pub(crate) fn validate_setup(setup: &Setup) -> Result<(), fray_dice::RuleError> {
    use crate::resolve::{MAX_FIGHTERS, MAX_STAT};
    let fighters = &setup.fighters;
    fray_dice::check_combatants(fighters.len(), MAX_FIGHTERS)?;
    for side in [Side::Hunter, Side::Prey] {
        if !fighters.iter().any(|f| f.side == side) {
            return Err(refused(format!(
                "fighters: found no {} (side {}), allowed at least one hunter and one prey",
                side.name(),
                side.index()
            )));
        }
    }
    check_name(
        &|f, i| write!(f, "fighters[{i}].name"),
        fighters.iter().map(|f| &*f.name),
    )?;
    for (i, f) in fighters.iter().enumerate() {
        let s = f.stats;
        for (field, v) in [
            ("experience", s.experience),
            ("endurance", s.endurance),
            ("strength", s.strength),
            ("agility", s.agility),
            ("marksmanship", s.marksmanship),
            ("potential", s.potential),
        ] {
            if v > MAX_STAT {
                return Err(refused(format!(
                    "fighters[{i}].stats.{field}: found {v}, allowed 0..={MAX_STAT}"
                )));
            }
        }
        check_name(
            &|f, k| write!(f, "fighters[{i}].weapons[{k}].name"),
            f.weapons.iter().map(|w| &*w.name),
        )?;
        for (k, w) in f.weapons.iter().enumerate() {
            // HUNT-11: a threshold of 0 at a distance means out of reach there.
            if w.reach().iter().all(|&t| t == 0) {
                let (field, found) = match w.thresholds {
                    Some(t) => ("thresholds", format!("{t:?}")),
                    None => ("threshold", w.threshold.to_string()),
                };
                return Err(refused(format!(
                    "fighters[{i}].weapons[{k}].{field}: found {found}, allowed a threshold of at least 1 at some distance (0 = out of reach)"
                )));
            }
        }
    }
    let r = &setup.rules;
    if let Err(why) = r.check() {
        return Err(refused(format!("rules.{why}")));
    }
    // Numbers that drive loops are bounded to what the rules can use (a trial stays short).
    for (field, lo, hi, v) in [
        ("max_rounds", 1, 1000, setup.max_rounds),
        ("tactic.give_up_after", 1, 1000, setup.tactic.give_up_after),
    ] {
        if !(lo..=hi).contains(&v) {
            return Err(refused(format!("{field}: found {v}, allowed {lo}..={hi}")));
        }
    }
    if let Opening::Search {
        hunter_distance,
        prey_distance,
        search_dice,
        precaution_dice,
    } = setup.opening
    {
        for (field, v) in [
            ("opening.search_dice", search_dice),
            ("opening.precaution_dice", precaution_dice),
        ] {
            if let Some(v) = v.filter(|&v| v > MAX_STAT) {
                return Err(refused(format!(
                    "{field}: found {v}, allowed 0..={MAX_STAT}"
                )));
            }
        }
        // HUNT-04: a prey not caught unaware chooses Far or Medium.
        if prey_distance == Some(Distance::Near) && hunter_distance != Distance::Near {
            return Err(fray_dice::RuleError::new(
                "HUNT-04",
                format!(
                    "opening.prey_distance: found near with hunter_distance {}, allowed far or medium (a prey that is not caught unaware may not force Near)",
                    hunter_distance.name()
                ),
            ));
        }
    }
    let rows = setup.wound_table.len();
    if rows > 10 {
        return Err(refused(format!(
            "wound_table: found {rows} rows, allowed at most 10"
        )));
    }
    // HUNT-13: one row per failed-test count below the deadly one.
    let needed = r.deadly_failures.saturating_sub(1);
    if (rows as u32) < needed {
        return Err(refused(format!(
            "wound_table: found {rows} rows, allowed at least {needed} (one per failed-test count below rules.deadly_failures {})",
            r.deadly_failures
        )));
    }
    Ok(())
}

/// A setup once checked, and the state each of its fights starts from before the opening's
/// rolls (HUNT-01 … HUNT-05): made only by [`crate::Hunt`]'s `prepare` (a single session
/// prepares too), so a simulation checks and builds them once, not once per fight.
#[derive(Clone, Debug)]
pub struct Prepared {
    setup: Setup,
    start: crate::engine::State,
}

impl Prepared {
    /// Validates `setup` and builds its fighters.
    pub(crate) fn new(setup: &Setup) -> Result<Prepared, fray_dice::RuleError> {
        Ok(Prepared {
            start: crate::engine::start_state(setup)?,
            setup: setup.clone(),
        })
    }

    /// The setup it was made from.
    pub(crate) fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The state its fights start from.
    pub(crate) fn start(&self) -> &crate::engine::State {
        &self.start
    }
}
