//! What an encounter starts from: settings, the opening and the participants, all data.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use fray_dice::fields::{refuse, unique_names, within};
use fray_dice::RuleError;
use serde::{Deserialize, Serialize};

use crate::area::Area;
use crate::resolve::{AdvantageMethod, DamageLine, OutcomeTable, Tier};

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
    #[schemars(range(min = 0, max = limits::TEMP_STRESS_PER_RANK))]
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
    #[schemars(range(min = -limits::SKILL_VALUE, max = limits::SKILL_VALUE))]
    pub value: i32,
    /// Compared with the task rank or defense.
    #[schemars(range(min = 0, max = limits::RANK))]
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
    #[schemars(range(min = 0, max = limits::RANK))]
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
    #[schemars(range(min = 1, max = limits::EXHAUSTION))]
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
    #[schemars(range(min = 0, max = limits::COST))]
    pub cost: u32,
    /// Ability rank (AND-28).
    #[serde(default = "one")]
    #[schemars(range(min = 1, max = limits::ABILITY_RANK))]
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
    #[schemars(range(min = 0, max = limits::RANK))]
    pub difficulty: i32,
    /// Damage line (AND-20).
    #[serde(default)]
    pub damage: Option<DamageLine>,
    /// A ranged attack (AND-14); otherwise melee.
    #[serde(default)]
    pub ranged: bool,
    /// Reach or range in metres (**\[default\]** 2 m).
    #[serde(default = "default_range")]
    #[schemars(range(min = 0, max = limits::METRES))]
    pub range: u32,
    /// Most targets compared with one roll (area effects; AND-26).
    #[serde(default = "default_max_targets")]
    #[schemars(range(min = 1, max = fray_dice::MAX_COMBATANTS))]
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
    #[schemars(range(min = 1, max = limits::RELOAD))]
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
    #[schemars(range(min = 1, max = 4))]
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
    #[schemars(range(min = 1, max = MAX_TURNS))]
    pub turns: u32,
    /// Position in metres.
    #[serde(default)]
    pub position: [i64; 2],
    /// Speed override in metres; `None` → by rank (AND-02).
    #[serde(default)]
    #[schemars(range(min = 0, max = limits::METRES))]
    pub speed: Option<u32>,
    /// Style for provoked attacks.
    #[serde(default)]
    pub style: Style,
    /// Accomplishment Points held (heroes).
    #[serde(default)]
    #[schemars(range(min = 0, max = limits::POINTS))]
    pub accomplishment_points: u32,
    /// Exhaustion carried in from earlier scenes (AND-37).
    #[serde(default)]
    #[schemars(range(min = 0, max = limits::EXHAUSTION))]
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
    #[schemars(range(min = 1, max = limits::STEP_DIVISOR))]
    pub step_divisor: u32,
    /// Temporary stress per rank (AND-46).
    #[schemars(range(min = 0, max = limits::TEMP_STRESS_PER_RANK))]
    pub temp_stress_per_rank: u32,
    /// Temporary stress per rank of the heavy archetypes (AND-46).
    #[schemars(range(min = 0, max = limits::TEMP_STRESS_PER_RANK))]
    pub heavy_temp_stress_per_rank: u32,
    /// Archetype names (case-insensitive) that use the heavy temporary stress.
    #[serde(default = "default_heavy")]
    pub heavy_archetypes: Vec<String>,
    /// Rounds before the encounter ends undecided (**\[default\]** 100; 1..=1000, and at
    /// most [`MAX_TURNS_PER_FIGHT`] turns in all).
    #[schemars(range(min = 1, max = MAX_ROUND_LIMIT))]
    pub round_limit: u32,
    /// Whether an opposed check lost by its initiator counts as a failed check for Heat
    /// (**\[default\]** true).
    pub opposed_loss_heats: bool,
    /// Whether enemies gain and spend Heat like heroes (**\[default\]** false: the source
    /// makes Heat a hero's resource, so enemies gain none and their abilities cost none).
    pub enemy_heat: bool,
    /// Reach of the Grab action in metres (**\[default\]** 2 m).
    #[schemars(range(min = 0, max = limits::METRES))]
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

/// Bounds of the other numeric setup fields (issue 19). The source gives no numbers for
/// most of them; each bound is far beyond what a scene uses and keeps every value the
/// engine meets inside the range it was written for.
pub mod limits {
    /// A skill value added to 2d8: −20..=20 (beyond it one value decides every check).
    pub const SKILL_VALUE: i32 = 20;
    /// A skill rank, task rank or save difficulty: 0..=10 (defenses are rank ± 1 ≤ 5, and a
    /// shift beyond 3 tiers is clamped, AND-17).
    pub const RANK: i32 = 10;
    /// An ability's rank (AND-28): 1..=4, the character ranks.
    pub const ABILITY_RANK: u32 = 4;
    /// An ability's base Heat cost (AND-28): 0..=1000 (Heat has no maximum; a fight holds
    /// at most [`super::MAX_TURNS_PER_FIGHT`] turns).
    pub const COST: u32 = 1000;
    /// A reach, range or speed in metres: 0..=100 000.
    pub const METRES: u32 = 100_000;
    /// One value of a damage line (AND-20): 0..=100 (a stress track holds at most 60 boxes).
    pub const DAMAGE: u32 = 100;
    /// Exhaustion, carried or applied (AND-37): up to 20, the largest main stress (rank 4 × 5).
    pub const EXHAUSTION: u32 = 20;
    /// Reload X (AND-12): 1..=100 uses.
    pub const RELOAD: u32 = 100;
    /// Accomplishment Points held: 0..=100.
    pub const POINTS: u32 = 100;
    /// Temporary stress boxes per rank (AND-46): 0..=10.
    pub const TEMP_STRESS_PER_RANK: u32 = 10;
    /// `settings.step_divisor` (AND-03): 1..=100.
    pub const STEP_DIVISOR: u32 = 100;
    /// An outcome-table threshold (AND-16): −100..=100.
    pub const TABLE: i32 = 100;
    /// A flat advantage bonus (AND-21): −20..=20.
    pub const FLAT_BONUS: i32 = 20;
}

/// Refuses `value` at `path` outside `lo..=hi`.
fn bounded<T: PartialOrd + fmt::Display>(
    rule: &'static str,
    path: impl fmt::Display,
    value: T,
    lo: T,
    hi: T,
) -> Result<(), RuleError> {
    within(rule, path, value, lo..=hi)
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
        self.settings.validate()?;
        for side in [Side::Heroes, Side::Enemies] {
            if !self.participants.iter().any(|p| p.side == side) {
                return Err(refuse(
                    "AND-04",
                    "participants",
                    format!("no participant on {side:?}"),
                    "a combat of both sides, heroes and enemies",
                ));
            }
        }
        let list = &self.participants;
        unique_names(
            "participant id",
            list.iter()
                .enumerate()
                .map(|(i, p)| (format!("participants[{i}].id"), &*p.id)),
        )?;
        unique_names(
            "participant name",
            list.iter()
                .enumerate()
                .filter_map(|(i, p)| Some((format!("participants[{i}].name"), p.name.as_deref()?))),
        )?;
        for (i, p) in list.iter().enumerate() {
            p.validate(&format!("participants[{i}]"))?;
        }
        // Every turn is a few commands: the rounds times the turns of a round must stay
        // well inside what one simulated trial may play, so the round limit, not the
        // command cap, ends a fight that nobody can win.
        let turns: u64 = list.iter().map(|p| u64::from(p.turns)).sum();
        let round_limit = self.settings.round_limit;
        if turns * u64::from(round_limit) > MAX_TURNS_PER_FIGHT {
            return Err(refuse(
                "setup",
                "settings.round_limit",
                format!("{round_limit} × the turns of a round ({turns})"),
                format!(
                    "at most {MAX_TURNS_PER_FIGHT} turns in all, so at most {} rounds here",
                    MAX_TURNS_PER_FIGHT / turns
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
            for (key, id, skill, side) in [
                ("hero", hero, hero_skill, Side::Heroes),
                ("enemy", enemy, enemy_skill, Side::Enemies),
            ] {
                let p = self
                    .participants
                    .iter()
                    .find(|p| *p.id == **id && p.side == side)
                    .ok_or_else(|| {
                        refuse(
                            "AND-05",
                            format!("opening.{key}"),
                            format!("{id:?}"),
                            format!("the id of a participant on {side:?}"),
                        )
                    })?;
                if !p.skills.contains_key(skill) {
                    return Err(refuse(
                        "AND-05",
                        format!("opening.{key}_skill"),
                        format!("{skill:?}"),
                        format!("a skill of {id}"),
                    ));
                }
            }
        }
        Ok(())
    }
}

impl Settings {
    /// Refuses settings outside their ranges.
    fn validate(&self) -> Result<(), RuleError> {
        use limits::*;
        let t = &self.table;
        for (key, v) in [
            ("cost_from", t.cost_from),
            ("success_from", t.success_from),
            ("critical_from", t.critical_from),
        ] {
            bounded("AND-16", format!("settings.table.{key}"), v, -TABLE, TABLE)?;
        }
        if !(t.cost_from <= t.success_from && t.success_from <= t.critical_from) {
            return Err(refuse(
                "AND-16",
                "settings.table",
                format!("{} / {} / {}", t.cost_from, t.success_from, t.critical_from),
                "cost_from <= success_from <= critical_from",
            ));
        }
        match self.advantage {
            AdvantageMethod::ExtraDice { dice } => bounded(
                "AND-21",
                "settings.advantage.dice",
                dice,
                0,
                crate::resolve::MAX_EXTRA_DICE,
            )?,
            AdvantageMethod::Flat { bonus } => bounded(
                "AND-21",
                "settings.advantage.bonus",
                bonus,
                -FLAT_BONUS,
                FLAT_BONUS,
            )?,
        }
        for (r, &speed) in self.speeds.iter().enumerate() {
            bounded("AND-02", format!("settings.speeds[{r}]"), speed, 0, METRES)?;
        }
        bounded(
            "AND-03",
            "settings.step_divisor",
            self.step_divisor,
            1,
            STEP_DIVISOR,
        )?;
        for (key, v) in [
            ("temp_stress_per_rank", self.temp_stress_per_rank),
            (
                "heavy_temp_stress_per_rank",
                self.heavy_temp_stress_per_rank,
            ),
        ] {
            bounded(
                "AND-46",
                format!("settings.{key}"),
                v,
                0,
                TEMP_STRESS_PER_RANK,
            )?;
        }
        bounded(
            "setup",
            "settings.round_limit",
            self.round_limit,
            1,
            MAX_ROUND_LIMIT,
        )?;
        bounded("AND-41", "settings.grab_reach", self.grab_reach, 0, METRES)
    }
}

impl ParticipantSetup {
    /// Refuses a participant whose values the rules cannot run; `at` is its JSON path.
    fn validate(&self, at: &str) -> Result<(), RuleError> {
        use limits::*;
        for (axis, &c) in self.position.iter().enumerate() {
            bounded(
                "AND-01",
                format!("{at}.position[{axis}]"),
                c,
                -crate::engine::MAX_COORD,
                crate::engine::MAX_COORD,
            )?;
        }
        bounded("AND-02", format!("{at}.rank"), self.rank, 1, 4)?;
        bounded("AND-08", format!("{at}.turns"), self.turns, 1, MAX_TURNS)?;
        if let Some(speed) = self.speed {
            bounded("AND-02", format!("{at}.speed"), speed, 0, METRES)?;
        }
        bounded(
            "AND-29",
            format!("{at}.accomplishment_points"),
            self.accomplishment_points,
            0,
            POINTS,
        )?;
        bounded(
            "AND-37",
            format!("{at}.exhaustion"),
            self.exhaustion,
            0,
            EXHAUSTION,
        )?;
        let a = &self.archetype;
        if a.strong == a.medium || a.medium == a.weak || a.strong == a.weak {
            return Err(refuse(
                "AND-19",
                format!("{at}.archetype"),
                format!(
                    "strong {:?}, medium {:?}, weak {:?}",
                    a.strong, a.medium, a.weak
                ),
                "each defense strong, medium or weak exactly once",
            ));
        }
        if let Some(per_rank) = a.temp_stress_per_rank {
            bounded(
                "AND-46",
                format!("{at}.archetype.temp_stress_per_rank"),
                per_rank,
                0,
                TEMP_STRESS_PER_RANK,
            )?;
        }
        for (name, s) in &self.skills {
            let at = format!("{at}.skills.{name}");
            bounded(
                "AND-16",
                format!("{at}.value"),
                s.value,
                -SKILL_VALUE,
                SKILL_VALUE,
            )?;
            bounded("AND-17", format!("{at}.rank"), s.rank, 0, RANK)?;
        }
        unique_names(
            "artifact id",
            self.artifacts
                .iter()
                .enumerate()
                .map(|(k, x)| (format!("{at}.artifacts[{k}].id"), &*x.id)),
        )?;
        for (k, x) in self.artifacts.iter().enumerate() {
            bounded(
                "AND-12",
                format!("{at}.artifacts[{k}].reload"),
                x.reload,
                1,
                RELOAD,
            )?;
        }
        unique_names(
            "ability id",
            self.abilities
                .iter()
                .enumerate()
                .map(|(k, ab)| (format!("{at}.abilities[{k}].id"), &*ab.id)),
        )?;
        unique_names(
            "ability name",
            self.abilities.iter().enumerate().filter_map(|(k, ab)| {
                Some((format!("{at}.abilities[{k}].name"), ab.name.as_deref()?))
            }),
        )?;
        for (k, ab) in self.abilities.iter().enumerate() {
            ab.validate(self, &format!("{at}.abilities[{k}]"))?;
        }
        Ok(())
    }
}

impl Ability {
    /// Refuses an ability the rules cannot run; `at` is its JSON path, `owner` its user.
    fn validate(&self, owner: &ParticipantSetup, at: &str) -> Result<(), RuleError> {
        use limits::*;
        bounded("AND-28", format!("{at}.cost"), self.cost, 0, COST)?;
        bounded("AND-28", format!("{at}.rank"), self.rank, 1, ABILITY_RANK)?;
        bounded(
            "AND-17",
            format!("{at}.difficulty"),
            self.difficulty,
            0,
            RANK,
        )?;
        bounded("AND-01", format!("{at}.range"), self.range, 0, METRES)?;
        bounded(
            "AND-26",
            format!("{at}.max_targets"),
            self.max_targets as usize,
            1,
            fray_dice::MAX_COMBATANTS,
        )?;
        if let Some(line) = &self.damage {
            if let Some(&v) = line.0.iter().find(|&&v| v > DAMAGE) {
                return Err(refuse(
                    "AND-20",
                    format!("{at}.damage"),
                    format!("{line} (a value of {v})"),
                    format!("four values 0..={DAMAGE}"),
                ));
            }
        }
        if let Some(skill) = &self.skill {
            if !owner.skills.contains_key(skill) {
                return Err(refuse(
                    "setup",
                    format!("{at}.skill"),
                    format!("{skill:?}"),
                    format!(
                        "a skill of the participant ({})",
                        owner.skills.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        } else if self.damage.is_some() || self.defense.is_some() || self.detects_invisible {
            return Err(refuse(
                "AND-20",
                format!("{at}.skill"),
                "none, with damage, a defense or detection",
                "a skill for an ability that deals damage, targets a defense or detects",
            ));
        }
        if let Some(problem) = self.area.as_ref().and_then(Area::problem) {
            return Err(RuleError::new("AND-01", format!("{at}.{problem}")));
        }
        if let Some(art) = &self.artifact {
            if !owner.artifacts.iter().any(|x| &x.id == art) {
                return Err(refuse(
                    "AND-12",
                    format!("{at}.artifact"),
                    format!("{art:?}"),
                    "the id of one of the participant's artifacts",
                ));
            }
        }
        for (c, effect) in self.conditions.iter().enumerate() {
            let at = format!("{at}.conditions[{c}]");
            let kind = effect.condition;
            if kind == ConditionKind::Exhaustion {
                bounded(
                    "AND-37",
                    format!("{at}.amount"),
                    effect.amount,
                    1,
                    EXHAUSTION,
                )?;
            } else if effect.duration.is_none() {
                return Err(refuse(
                    "AND-30",
                    format!("{at}.duration"),
                    format!("none for {kind:?}"),
                    "a duration: conditions have no default duration, the effect sets one",
                ));
            }
            if effect.duration == Some(Duration::WhileGrab) {
                return Err(refuse(
                    "AND-41",
                    format!("{at}.duration"),
                    "while_grab",
                    "any duration but while_grab, which only grabs set",
                ));
            }
            if kind == ConditionKind::Grabbed {
                return Err(refuse(
                    "AND-41",
                    format!("{at}.condition"),
                    "grabbed",
                    "any condition but grabbed, which only the Grab action gives",
                ));
            }
            if let Some(save) = &effect.save {
                bounded(
                    "AND-12",
                    format!("{at}.save.difficulty"),
                    save.difficulty,
                    0,
                    RANK,
                )?;
            }
        }
        Ok(())
    }
}
