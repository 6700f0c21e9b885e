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
