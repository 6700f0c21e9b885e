//! What an encounter starts from: settings, the opening and the participants, all data.

use std::collections::BTreeMap;
use std::sync::Arc;

use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

use crate::area::Area;
use crate::check::{AdvantageMethod, DamageLine, OutcomeTable, Tier};

/// The two sides (AND-04).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The player characters.
    Heroes,
    /// Every NPC on the scene, whatever its faction.
    Enemies,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::Heroes => Side::Enemies,
            Side::Enemies => Side::Heroes,
        }
    }

    /// 0 for heroes, 1 for enemies (the index of [`fray_dice::AutoPlay::SIDES`]).
    pub fn index(self) -> usize {
        match self {
            Side::Heroes => 0,
            Side::Enemies => 1,
        }
    }
}

/// The three defenses (AND-19).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Defense {
    /// Стойкость: what can only be endured.
    Fortitude,
    /// Контроль: what can be outplayed.
    Control,
    /// Воля: what strikes the mind directly.
    Will,
}

/// The archetype's signature moment that gives +1 Heat once per combat (AND-27).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Signature {
    /// No signature moment.
    #[default]
    None,
    /// A melee attack against it ends in Fail (the Duelist).
    MissedByMelee,
    /// It becomes Hidden (the Shadow).
    EntersHidden,
    /// Its check ends in a Critical Success.
    ScoresCritical,
    /// It grabs someone.
    GrabsTarget,
}

/// An archetype: the defense profile, temporary stress and signature moment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Archetype {
    /// Display name ("Duelist", "Vanguard" …).
    pub name: String,
    /// The strong defense: rank + 1.
    pub strong: Defense,
    /// The medium defense: rank.
    pub medium: Defense,
    /// The weak defense: rank − 1.
    pub weak: Defense,
    /// Temporary stress boxes per rank; `None` → the setting for this archetype name.
    #[serde(default)]
    pub temp_stress_per_rank: Option<u32>,
    /// The signature moment (AND-27).
    #[serde(default)]
    pub signature: Signature,
}

/// A skill: its value (added to 2d8) and its rank (compared with difficulty).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Skill {
    /// Added to the roll.
    pub value: i32,
    /// Compared with the task rank or defense.
    pub rank: i32,
}

/// What an ability or command costs in turn resources (AND-10, AND-11).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// The turn's action.
    #[default]
    Action,
    /// The turn's maneuver.
    Maneuver,
    /// The reaction (usable outside one's own turn).
    Reaction,
    /// A free action (any number, any time).
    Free,
}

/// Who an ability is aimed at.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// One or more enemies.
    #[default]
    Enemy,
    /// One or more allies (or itself).
    Ally,
    /// Only the user.
    SelfOnly,
}

/// The conditions of the chapter (AND-31 … AND-37).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ConditionKind {
    /// Attacks against it have advantage.
    Vulnerable,
    /// Disadvantage on all its checks.
    Weakened,
    /// Speed 0.
    Immobilized,
    /// Speed 0; disadvantage on attacks against anyone but the grabber.
    Grabbed,
    /// Cannot be attacked; broken when it gives itself away.
    Hidden,
    /// Attacks against it have disadvantage.
    Invisible,
    /// Lowers maximum main stress by its amount; stacks.
    Exhaustion,
}

/// How long a condition lasts; always set by the effect (AND-30).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    /// Until the start of the bearer's next turn.
    StartOfNextTurn,
    /// Until the end of the bearer's next turn.
    EndOfNextTurn,
    /// Until the end of the round.
    EndOfRound,
    /// Until the end of the scene (the combat).
    EndOfScene,
    /// Until a removal condition or effect ends it.
    UntilRemoved,
    /// While a grab lasts (set by the grab rules, not by abilities).
    WhileGrab,
}

/// A saving throw that removes a condition: a check of `skill` against `difficulty`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SaveSpec {
    /// The skill rolled.
    pub skill: String,
    /// Task rank.
    pub difficulty: i32,
    /// Lowest final tier that removes the condition (**\[default\]** Success).
    #[serde(default = "success")]
    pub min_tier: Tier,
}

fn success() -> Tier {
    Tier::Success
}

/// A condition an ability applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionEffect {
    /// Which condition.
    pub condition: ConditionKind,
    /// How long; required for every condition but Exhaustion (AND-30).
    #[serde(default)]
    pub duration: Option<Duration>,
    /// Exhaustion X: the amount added (AND-37); ignored for other conditions.
    #[serde(default = "one")]
    pub amount: u32,
    /// Lowest final tier of the ability's check that applies it (**\[default\]** Success);
    /// ignored by abilities without a check.
    #[serde(default = "success")]
    pub min_tier: Tier,
    /// Applied to the user instead of the target.
    #[serde(default)]
    pub on_self: bool,
    /// Whether an ally's Help Ally maneuver removes it (AND-12).
    #[serde(default)]
    pub help: bool,
    /// Whether a Saving Throw maneuver can remove it, and how (AND-12).
    #[serde(default)]
    pub save: Option<SaveSpec>,
    /// Whether the Shake Off maneuver removes it (bonds and the like; AND-12).
    #[serde(default)]
    pub shake_off: bool,
}

fn one() -> u32 {
    1
}

fn default_range() -> u32 {
    2
}

fn default_max_targets() -> u32 {
    1
}

/// An identifier of a participant, ability or artifact, in setups, state, commands and
/// events. Shared, so a command or event naming someone costs a reference count rather
/// than a copy of the name; it reads and writes as a plain JSON string.
pub type Id = Arc<str>;

/// An ability, weapon or other effect (AND-11, AND-18, AND-20, AND-28).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    /// Identifier used by commands.
    pub id: Id,
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// Base Heat cost (AND-28).
    #[serde(default)]
    pub cost: u32,
    /// Ability rank (AND-28).
    #[serde(default = "one")]
    pub rank: u32,
    /// Resource spent (AND-10).
    #[serde(default)]
    pub kind: ActionKind,
    /// Who it is aimed at.
    #[serde(default)]
    pub aim: Aim,
    /// The skill rolled; `None` → no check, the effects simply happen (e.g. Invisible, AND-40).
    #[serde(default)]
    pub skill: Option<String>,
    /// For an attack: the defense targeted (AND-18).
    #[serde(default)]
    pub defense: Option<Defense>,
    /// For a check without a defense: the task rank.
    #[serde(default)]
    pub difficulty: i32,
    /// Damage line (AND-20).
    #[serde(default)]
    pub damage: Option<DamageLine>,
    /// A ranged attack (AND-14); otherwise melee.
    #[serde(default)]
    pub ranged: bool,
    /// Reach or range in metres (**\[default\]** 2 m).
    #[serde(default = "default_range")]
    pub range: u32,
    /// Most targets compared with one roll (area effects; AND-26).
    #[serde(default = "default_max_targets")]
    pub max_targets: u32,
    /// Needs both hands: unusable while holding a grab (AND-42).
    #[serde(default)]
    pub two_handed: bool,
    /// The artifact whose charge it uses (Reload X; AND-12).
    #[serde(default)]
    pub artifact: Option<Id>,
    /// Conditions it applies.
    #[serde(default)]
    pub conditions: Vec<ConditionEffect>,
    /// On its minimum tier, removes Invisible from the target: a detection check made against
    /// the rank of the ability that gave invisibility (AND-40).
    #[serde(default)]
    pub detects_invisible: bool,
    /// On Success or better, separates the target from any grab by force (AND-43).
    #[serde(default)]
    pub breaks_grabs: bool,
    /// An area effect (AND-01): used on a point (`at`) instead of on targets, it affects
    /// everyone inside, allies and its user too, with one roll (AND-26).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub area: Option<Area>,
}

/// An artifact with Reload X: X uses, then a Reload maneuver (AND-12, **\[default\]** X is the
/// number of uses between reloads).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Artifact {
    /// Identifier used by abilities and commands.
    pub id: Id,
    /// X of Reload X.
    pub reload: u32,
}

/// Fighting style for provoked attacks (AND-14).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    /// Fights in melee.
    #[default]
    Melee,
    /// A ranged character: leaving a melee enemy's reach by Move provokes.
    Ranged,
}

/// Hints for the default tactic.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields, default)]
pub struct TacticHints {
    /// Grab an enemy in reach when holding no one.
    pub grab: bool,
    /// Try to become Hidden when not Hidden.
    pub hide: bool,
}

/// A participant as data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ParticipantSetup {
    /// Identifier used by commands.
    pub id: Id,
    /// Display name (defaults to the id).
    #[serde(default)]
    pub name: Option<String>,
    /// Side.
    pub side: Side,
    /// Character rank, 1..=4.
    pub rank: u32,
    /// Archetype.
    pub archetype: Archetype,
    /// Skills by name ("might", "agility", "stealth", "perception", …).
    #[serde(default)]
    pub skills: BTreeMap<String, Skill>,
    /// Abilities, weapons and attacks.
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// Artifacts with Reload X.
    #[serde(default)]
    pub artifacts: Vec<Artifact>,
    /// Turns per round (bosses have several; AND-08).
    #[serde(default = "one")]
    pub turns: u32,
    /// Position in metres.
    #[serde(default)]
    pub position: [i64; 2],
    /// Speed override in metres; `None` → by rank (AND-02).
    #[serde(default)]
    pub speed: Option<u32>,
    /// Style for provoked attacks.
    #[serde(default)]
    pub style: Style,
    /// Accomplishment Points held (heroes).
    #[serde(default)]
    pub accomplishment_points: u32,
    /// Exhaustion carried in from earlier scenes (AND-37).
    #[serde(default)]
    pub exhaustion: u32,
    /// Default-tactic hints.
    #[serde(default)]
    pub tactic: TacticHints,
}

impl ParticipantSetup {
    /// The display name.
    pub fn display(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }

    /// The value of defense `d`: the rank, one more for the archetype's strong defense, one
    /// less for its weak one (AND-19).
    pub fn defense(&self, d: Defense) -> i32 {
        let rank = self.rank as i32;
        if self.archetype.strong == d {
            rank + 1
        } else if self.archetype.weak == d {
            rank - 1
        } else {
            rank
        }
    }
}

/// Who opens the combat (AND-05).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Opening {
    /// Heroes open.
    #[default]
    Default,
    /// The heroes were ambushed: enemies open.
    Ambush,
    /// An opposed check between a hero and an enemy; the winner's side opens.
    Contested {
        /// The hero entering the clash.
        hero: String,
        /// The hero's skill.
        hero_skill: String,
        /// The enemy set against it.
        enemy: String,
        /// The enemy's skill.
        enemy_skill: String,
    },
}

fn default_speeds() -> [u32; 4] {
    [10, 30, 100, 300]
}

fn default_heavy() -> Vec<String> {
    ["vanguard", "colossus", "авангард", "колосс"]
        .map(String::from)
        .to_vec()
}

/// Tunable rules: every **\[default\]** of the crate that is not per-character data.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    /// Outcome table (AND-16).
    pub table: OutcomeTable,
    /// Advantage method (AND-21).
    pub advantage: AdvantageMethod,
    /// Speed by rank 1..=4 in metres (AND-02).
    #[serde(default = "default_speeds")]
    pub speeds: [u32; 4],
    /// Step covers ⌊speed / step_divisor⌋ metres (AND-03).
    pub step_divisor: u32,
    /// Temporary stress per rank (AND-46).
    pub temp_stress_per_rank: u32,
    /// Temporary stress per rank of the heavy archetypes (AND-46).
    pub heavy_temp_stress_per_rank: u32,
    /// Archetype names (case-insensitive) that use the heavy temporary stress.
    #[serde(default = "default_heavy")]
    pub heavy_archetypes: Vec<String>,
    /// Rounds before the encounter ends undecided (**\[default\]** 100; 1..=1000, and at
    /// most [`MAX_TURNS_PER_FIGHT`] turns in all).
    pub round_limit: u32,
    /// Whether an opposed check lost by its initiator counts as a failed check for Heat
    /// (**\[default\]** true).
    pub opposed_loss_heats: bool,
    /// Whether enemies gain and spend Heat like heroes (**\[default\]** false: the source
    /// makes Heat a hero's resource, so enemies gain none and their abilities cost none).
    pub enemy_heat: bool,
    /// Reach of the Grab action in metres (**\[default\]** 2 m).
    pub grab_reach: u32,
    /// Whether a participant has its reaction before its first turn (**\[default\]** true:
    /// «в начале вашего хода действие, маневр и реакция обновляются» — they are renewed, so
    /// one enters the combat with them; an ambush only gives the enemies the first turns).
    /// `false`: the reaction comes with the first turn, so the ambushed cannot react in
    /// round 1 before they act (AND-10, AND-13).
    pub reaction_before_first_turn: bool,
    /// Whether an area reaches the user's Hidden enemies inside it (**\[default\]** false:
    /// «противники … не могут её атаковать» — an area is an attack too; AND-01, AND-35).
    pub areas_reach_hidden: bool,
    /// Whether a grabber may become Hidden while it holds someone (**\[default\]** false:
    /// the one it holds knows where it is; AND-35, AND-42). The Grabbed never may (AND-34).
    pub grabber_can_hide: bool,
    /// Skill names the engine rolls by itself.
    pub skill_names: SkillNames,
}

/// Names of the skills that the Grab, Escape, Hide and Seek rules roll (AND-39, AND-41,
/// AND-44). A participant without the skill rolls it at value 0, rank 0 (**\[default\]**).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, default)]
pub struct SkillNames {
    /// Мощь.
    pub might: String,
    /// Ловкость.
    pub agility: String,
    /// Сокрытие.
    pub stealth: String,
    /// Наблюдательность.
    pub perception: String,
}

impl Default for SkillNames {
    fn default() -> Self {
        SkillNames {
            might: "might".into(),
            agility: "agility".into(),
            stealth: "stealth".into(),
            perception: "perception".into(),
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            table: OutcomeTable::default(),
            advantage: AdvantageMethod::default(),
            speeds: default_speeds(),
            step_divisor: 3,
            temp_stress_per_rank: 2,
            heavy_temp_stress_per_rank: 3,
            heavy_archetypes: default_heavy(),
            round_limit: 100,
            opposed_loss_heats: true,
            enemy_heat: false,
            grab_reach: 2,
            grabber_can_hide: false,
            areas_reach_hidden: false,
            reaction_before_first_turn: true,
            skill_names: SkillNames::default(),
        }
    }
}

/// Everything an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Tunable rules, shared with every encounter started from this setup like the
    /// participants.
    #[serde(default)]
    pub settings: Arc<Settings>,
    /// Who opens.
    #[serde(default)]
    pub opening: Opening,
    /// Every participant, heroes and enemies, in display order. Shared with every encounter
    /// started from this setup (a simulation starts one per trial) instead of copied.
    #[serde(with = "shared_list")]
    #[schemars(with = "Vec<ParticipantSetup>")]
    pub participants: Arc<Vec<ParticipantSetup>>,
    /// What the fights started from this setup derive from it, built once.
    #[serde(skip)]
    pub(crate) prepared: crate::prepared::PreparedCell,
}

/// Serde for a shared list: the plain JSON list it holds.
pub(crate) mod shared_list {
    use std::sync::Arc;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer, T: Serialize>(
        list: &Arc<Vec<T>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        list.as_slice().serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
        deserializer: D,
    ) -> Result<Arc<Vec<T>>, D::Error> {
        Vec::deserialize(deserializer).map(Arc::new)
    }
}

/// Largest `settings.round_limit`.
pub const MAX_ROUND_LIMIT: u32 = 1000;

/// Most turns per round of one participant (AND-08).
pub const MAX_TURNS: u32 = 10;

/// Most turns one fight may hold (`settings.round_limit` × the turns of a round): at the few
/// commands a turn takes, a fight stopped by its round limit stays far below the
/// simulation's command cap.
pub const MAX_TURNS_PER_FIGHT: u64 = 10_000;

fn setup_error(rule: &'static str, message: String) -> RuleError {
    RuleError::new(rule, message)
}

impl Setup {
    /// Refuses setups the rules cannot run.
    pub fn validate(&self) -> Result<(), RuleError> {
        self.validate_shared()?;
        self.validate_opening()
    }

    /// The checks of the settings and participants: the parts encounters share.
    pub(crate) fn validate_shared(&self) -> Result<(), RuleError> {
        fray_dice::check_combatants(self.participants.len(), fray_dice::MAX_COMBATANTS)?;
        let s = &self.settings;
        s.table
            .validate()
            .map_err(|e| setup_error("AND-16", e.message().to_owned()))?;
        s.advantage
            .validate()
            .map_err(|e| setup_error("AND-21", e.message().to_owned()))?;
        if s.step_divisor == 0 {
            return Err(setup_error(
                "AND-03",
                "step_divisor must be at least 1".into(),
            ));
        }
        if !(1..=MAX_ROUND_LIMIT).contains(&s.round_limit) {
            return Err(setup_error(
                "setup",
                format!(
                    "settings.round_limit must be 1..={MAX_ROUND_LIMIT} (got {})",
                    s.round_limit
                ),
            ));
        }
        for side in [Side::Heroes, Side::Enemies] {
            if !self.participants.iter().any(|p| p.side == side) {
                return Err(setup_error(
                    "AND-04",
                    format!("a combat needs both sides; no participant is on {side:?}"),
                ));
            }
        }
        for (i, p) in self.participants.iter().enumerate() {
            if self.participants[..i].iter().any(|q| q.id == p.id) {
                return Err(setup_error(
                    "setup",
                    format!("two participants share the id {:?}", p.id),
                ));
            }
            if p.position
                .iter()
                .any(|c| c.unsigned_abs() > crate::engine::MAX_COORD.unsigned_abs())
            {
                return Err(setup_error(
                    "AND-01",
                    format!(
                        "{}: positions are metres within ±{} on each axis",
                        p.id,
                        crate::engine::MAX_COORD
                    ),
                ));
            }
            if !(1..=4).contains(&p.rank) {
                return Err(setup_error(
                    "AND-02",
                    format!("{}: rank must be 1..=4 (got {})", p.id, p.rank),
                ));
            }
            if !(1..=MAX_TURNS).contains(&p.turns) {
                return Err(setup_error(
                    "AND-08",
                    format!(
                        "participants[{i}].turns ({}): turns per round must be 1..={MAX_TURNS} (got {})",
                        p.id, p.turns
                    ),
                ));
            }
            let a = &p.archetype;
            if a.strong == a.medium || a.medium == a.weak || a.strong == a.weak {
                return Err(setup_error(
                    "AND-19",
                    format!(
                        "{}: the archetype must make each defense strong, medium or weak exactly once",
                        p.id
                    ),
                ));
            }
            for ab in &p.abilities {
                if p.abilities.iter().filter(|b| b.id == ab.id).count() > 1 {
                    return Err(setup_error(
                        "setup",
                        format!("{}: two abilities share the id {:?}", p.id, ab.id),
                    ));
                }
                if let Some(skill) = &ab.skill {
                    if !p.skills.contains_key(skill) {
                        return Err(setup_error(
                            "setup",
                            format!(
                                "{}: ability {:?} rolls unknown skill {skill:?}",
                                p.id, ab.id
                            ),
                        ));
                    }
                }
                if ab.skill.is_none()
                    && (ab.damage.is_some() || ab.defense.is_some() || ab.detects_invisible)
                {
                    return Err(setup_error(
                        "AND-20",
                        format!("{}: ability {:?} deals damage, targets a defense or detects without a check; give it a skill", p.id, ab.id),
                    ));
                }
                if let Some(problem) = ab.area.as_ref().and_then(Area::problem) {
                    return Err(setup_error(
                        "AND-01",
                        format!("{}: ability {:?}: {problem}", p.id, ab.id),
                    ));
                }
                if ab.max_targets == 0 {
                    return Err(setup_error(
                        "AND-26",
                        format!("{}: ability {:?} needs max_targets >= 1", p.id, ab.id),
                    ));
                }
                if let Some(art) = &ab.artifact {
                    if !p.artifacts.iter().any(|x| &x.id == art) {
                        return Err(setup_error(
                            "AND-12",
                            format!(
                                "{}: ability {:?} uses unknown artifact {art:?}",
                                p.id, ab.id
                            ),
                        ));
                    }
                }
                for c in &ab.conditions {
                    if c.condition != ConditionKind::Exhaustion && c.duration.is_none() {
                        return Err(setup_error(
                            "AND-30",
                            format!(
                                "{}: ability {:?} applies {:?} without a duration; conditions have no default duration, the effect must set one",
                                p.id, ab.id, c.condition
                            ),
                        ));
                    }
                    if c.duration == Some(Duration::WhileGrab) {
                        return Err(setup_error(
                            "AND-41",
                            format!(
                                "{}: ability {:?}: while_grab is set only by grabs",
                                p.id, ab.id
                            ),
                        ));
                    }
                    if c.condition == ConditionKind::Grabbed {
                        return Err(setup_error(
                            "AND-41",
                            format!(
                                "{}: ability {:?}: Grabbed comes only from the Grab action",
                                p.id, ab.id
                            ),
                        ));
                    }
                }
            }
        }
        // Every turn is a few commands: the rounds times the turns of a round must stay
        // well inside what one simulated trial may play, so the round limit, not the
        // command cap, ends a fight that nobody can win.
        let turns: u64 = self.participants.iter().map(|p| u64::from(p.turns)).sum();
        if turns * u64::from(s.round_limit) > MAX_TURNS_PER_FIGHT {
            return Err(setup_error(
                "setup",
                format!(
                    "settings.round_limit ({}) × the turns of a round ({turns}) must be at most {MAX_TURNS_PER_FIGHT}; lower settings.round_limit",
                    s.round_limit
                ),
            ));
        }
        Ok(())
    }

    /// The checks of the opening, which names participants and skills.
    pub(crate) fn validate_opening(&self) -> Result<(), RuleError> {
        if let Opening::Contested {
            hero,
            hero_skill,
            enemy,
            enemy_skill,
        } = &self.opening
        {
            for (id, skill, side) in [
                (hero, hero_skill, Side::Heroes),
                (enemy, enemy_skill, Side::Enemies),
            ] {
                let p = self
                    .participants
                    .iter()
                    .find(|p| *p.id == **id && p.side == side)
                    .ok_or_else(|| {
                        setup_error(
                            "AND-05",
                            format!("contested opening: no {side:?} participant {id:?}"),
                        )
                    })?;
                if !p.skills.contains_key(skill) {
                    return Err(setup_error(
                        "AND-05",
                        format!("contested opening: {id} has no skill {skill:?}"),
                    ));
                }
            }
        }
        Ok(())
    }
}
