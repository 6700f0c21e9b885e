//! Setup, commands, events and state of the encounter engine: serde types that cross to C,
//! C# and Python as JSON.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::combat::{
    ArmourKind, AttackKind, Capacity, DamageDice, DamageFlow, DamageOutcome, DamageSpec,
    GrenadeResult, LightMeleeDamage, RangeBand, StuntChoice, StuntTable,
};
use crate::conditions::{Condition, Conditions};
use crate::test::{OpposedResult, TestResult};

/// The nine abilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Abilities {
    /// Ranged attacks.
    pub accuracy: i32,
    /// Talking.
    pub communication: i32,
    /// Toughness, and the clock of the Dying.
    pub constitution: i32,
    /// Defense, initiative, speed.
    pub dexterity: i32,
    /// Melee attacks.
    pub fighting: i32,
    /// First aid.
    pub intelligence: i32,
    /// Firearm damage, senses.
    pub perception: i32,
    /// Melee damage, Stand Firm.
    pub strength: i32,
    /// Nerve.
    pub willpower: i32,
}

/// An ability, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    pub foci: Arc<[String]>,
    /// Fortune.
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
    pub weapons: Vec<Arc<Weapon>>,
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        }
    }
}

/// What an encounter starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Everyone in the fight.
    pub characters: Vec<Character>,
    /// Settings; omitted fields take their defaults. Shared
    /// with every encounter started from this setup.
    #[serde(default)]
    pub rules: Arc<Rules>,
    /// The fight is in free fall (AGE-31).
    #[serde(default)]
    pub free_fall: bool,
    /// The ends of the corridor (bulkheads) where drifting bodies stop (AGE-31).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub corridor: Option<[i32; 2]>,
}

/// Which sense a test relies on (AGE-30).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sense {
    /// Neither.
    #[default]
    None,
    /// Sight: auto-fails when Blinded.
    Sight,
    /// Hearing: auto-fails when Deafened.
    Hearing,
}

fn yes() -> bool {
    true
}

/// One decision. `actor` is the participant whose turn it is, except for `interrupt`
/// (a readied action), `spend_stunts` (the attacker) and the GM commands `test`,
/// `apply_condition` and `remove_condition`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Major: Fighting vs Defense, target within reach (AGE-10).
    MeleeAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: Accuracy vs Defense, needs sight and range (AGE-10).
    RangedAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: melee, +1 damage on a hit, −1 Defense until your next turn (AGE-10).
    HeavyAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: an attack that deals no damage itself but buys stunts (AGE-10).
    StuntAttack {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: up to half Speed toward the target, then a melee attack (+1 after ≥ 4 m).
    Charge {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Major: throw the grenade in hand, or fire the grenade launcher in hand, at a point
    /// (AGE-19).
    ThrowGrenade {
        /// Who.
        actor: Name,
        /// The chosen point of detonation.
        at: i32,
        /// A TN the GM raised above the default.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tn: Option<i32>,
        /// On a miss the grenade flies past the point (else falls short): the GM's call.
        #[serde(default = "yes")]
        deviate_long: bool,
    },
    /// Major: +2 Defense until your next turn (AGE-10).
    Defend {
        /// Who.
        actor: Name,
    },
    /// Major: up to double Speed, and nothing else this turn (AGE-10); the turn stays open
    /// (anything but `end_turn` is refused under AGE-10).
    Run {
        /// Who.
        actor: Name,
        /// Where to.
        to: i32,
    },
    /// Major: first aid on a Dying ally within reach (AGE-26).
    FirstAid {
        /// Who.
        actor: Name,
        /// Whom.
        target: Name,
    },
    /// Minor: activate a talent, technology or item (AGE-11).
    Activate {
        /// Who.
        actor: Name,
        /// What.
        what: String,
    },
    /// Minor: +1 if the next action is an attack (AGE-11).
    Aim {
        /// Who.
        actor: Name,
    },
    /// Minor, before the major: +1 or +2 Defense and the same penalty to tests until the end
    /// of the round; never with Defend (AGE-11).
    GuardedStance {
        /// Who.
        actor: Name,
        /// 1 or 2.
        bonus: i32,
    },
    /// Minor: move up to Speed; standing up or dropping prone costs half Speed (AGE-11).
    Move {
        /// Who.
        actor: Name,
        /// Where to.
        to: i32,
        /// Stand up first.
        #[serde(default)]
        stand_up: bool,
        /// Drop prone at the end.
        #[serde(default)]
        drop_prone: bool,
        /// In free fall: push off and drift on (AGE-31).
        #[serde(default)]
        push: bool,
    },
    /// Minor: hold an attack on a target; `interrupt` releases it before your next turn.
    Ready {
        /// Who.
        actor: Name,
        /// Whom the held attack is for.
        target: Name,
    },
    /// Releases a readied attack, interrupting another's turn (AGE-11).
    Interrupt {
        /// Who readied it.
        actor: Name,
    },
    /// Free, after a successful melee attack: follow the retreating target up to Speed.
    Pursue {
        /// Who.
        actor: Name,
    },
    /// Minor: take a weapon or item in hand, stowing what was there (AGE-11).
    TakeUp {
        /// Who.
        actor: Name,
        /// The weapon's name.
        item: String,
    },
    /// Minor: clear the jam or reload the weapon in hand (AGE-18).
    Reload {
        /// Who.
        actor: Name,
    },
    /// Minor: until your next turn, Skirmish and Knock Prone against you need an opposed test.
    StandFirm {
        /// Who.
        actor: Name,
    },
    /// Spends the stunt points of the last attack (possibly none, except after a Stunt Attack).
    SpendStunts {
        /// The attacker.
        actor: Name,
        /// What to buy.
        #[serde(default)]
        stunts: Vec<StuntChoice>,
    },
    /// Answers the damage flow's offer (AGE-15): the target, out of Fortune, takes the
    /// condition offered (Injured, then Wounded) to absorb 1d6 more, or declines and is taken
    /// out.
    Absorb {
        /// The target of the damage.
        actor: Name,
        /// Take the condition.
        take: bool,
    },
    /// Ends the turn.
    EndTurn {
        /// Who.
        actor: Name,
    },
    /// GM: a test outside the action economy (AGE-01, AGE-30).
    Test {
        /// Who rolls.
        actor: Name,
        /// The ability.
        ability: Ability,
        /// A focus applies.
        #[serde(default)]
        focus: bool,
        /// Circumstance modifier.
        #[serde(default)]
        modifier: i32,
        /// The TN, if any.
        #[serde(default)]
        tn: Option<i32>,
        /// The sense it relies on.
        #[serde(default)]
        sense: Sense,
    },
    /// GM: a condition befalls someone (following its chain).
    ApplyCondition {
        /// Whom.
        target: Name,
        /// What.
        condition: Condition,
    },
    /// GM: a condition ends.
    RemoveCondition {
        /// Whom.
        target: Name,
        /// What.
        condition: Condition,
    },
}

/// How an attack came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackAction {
    /// Melee Attack.
    Melee,
    /// Ranged Attack.
    Ranged,
    /// Heavy Attack.
    Heavy,
    /// Stunt Attack.
    Stunt,
    /// The attack of a Charge.
    Charge,
    /// A Lightning Attack stunt.
    Lightning,
    /// A readied attack released.
    Readied,
}

/// How someone moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveKind {
    /// Move.
    Move,
    /// Run.
    Run,
    /// Charge.
    Charge,
    /// Pursue.
    Pursue,
    /// Pushed by Skirmish.
    Skirmish,
    /// Pushed off in free fall.
    Push,
    /// Drifting in free fall.
    Drift,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// Initiative rolled (AGE-09).
    Initiative {
        /// Who.
        name: Name,
        /// The 3d6.
        dice: [u8; 3],
        /// The result.
        total: i32,
    },
    /// A round began, with the turn order.
    RoundStarted {
        /// The round number.
        round: u32,
        /// Names in turn order.
        order: Vec<Name>,
    },
    /// A turn began.
    TurnStarted {
        /// Whose.
        name: Name,
    },
    /// A turn passed without actions.
    TurnSkipped {
        /// Whose.
        name: Name,
        /// Why.
        reason: String,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        name: Name,
    },
    /// A Dying character lost Constitution (AGE-26).
    DyingTick {
        /// Who.
        name: Name,
        /// Constitution now.
        constitution: i32,
    },
    /// A character died.
    Died {
        /// Who.
        name: Name,
    },
    /// A readied action was not used in time.
    ReadyLost {
        /// Whose.
        name: Name,
    },
    /// Someone moved.
    Moved {
        /// Who.
        name: Name,
        /// From.
        from: i32,
        /// To.
        to: i32,
        /// How.
        how: MoveKind,
    },
    /// An attack roll.
    Attack {
        /// Who.
        attacker: Name,
        /// Whom.
        target: Name,
        /// Which action.
        action: AttackAction,
        /// With what ("unarmed" when empty-handed).
        weapon: String,
        /// The roll.
        roll: TestResult,
        /// The Defense it had to reach.
        defense: i32,
        /// Hit.
        hit: bool,
        /// Stunt points earned.
        stunt_points: u8,
    },
    /// The capacity rule struck (AGE-18).
    Capacity {
        /// Whose weapon.
        name: Name,
        /// Which weapon.
        weapon: String,
        /// Jammed, or ignored by High Capacity.
        result: Capacity,
    },
    /// A missed armour-piercing shot by the hull (AGE-16).
    Decompression {
        /// The d6.
        die: u8,
        /// 1–2: the compartment decompresses.
        decompressed: bool,
    },
    /// Stunts bought (AGE-21).
    StuntsSpent {
        /// Who.
        attacker: Name,
        /// What.
        stunts: Vec<StuntChoice>,
        /// SP spent.
        spent: u8,
        /// SP earned.
        earned: u8,
    },
    /// A Stand Firm test against Skirmish or Knock Prone (AGE-11).
    StandFirm {
        /// The stunt.
        stunt: Name,
        /// Attacker's Strength (Might) vs defender's best.
        result: OpposedResult,
        /// The defender held: the stunt has no effect.
        held: bool,
    },
    /// Damage dealt and where it went (AGE-15).
    Damage {
        /// Whom.
        target: Name,
        /// The flow.
        outcome: DamageOutcome,
    },
    /// A condition gained, following its chain.
    ConditionGained {
        /// Who.
        name: Name,
        /// The condition that befell.
        condition: Condition,
        /// Where the chain ended up.
        reached: Condition,
    },
    /// A condition ended.
    ConditionRemoved {
        /// Who.
        name: Name,
        /// Which.
        condition: Condition,
    },
    /// Someone is out of the fight.
    TakenOut {
        /// Who.
        name: Name,
    },
    /// A Defense bonus (Defend, Guarded Stance, Duck and Weave, Take Cover).
    DefenseBonus {
        /// Who.
        name: Name,
        /// How much.
        bonus: i32,
        /// Only against ranged attacks.
        ranged_only: bool,
        /// Why.
        source: String,
    },
    /// Initiative raised by Momentum.
    Momentum {
        /// Who.
        name: Name,
        /// Initiative now.
        initiative: i32,
    },
    /// A minor action with no roll (Aim, Activate, Ready, Stand Firm, Take Up, Reload).
    Minor {
        /// Who.
        name: Name,
        /// Which action.
        action: String,
        /// Its detail (item, target …).
        detail: String,
    },
    /// A grenade went off (AGE-19).
    Grenade {
        /// Thrower.
        thrower: Name,
        /// The throw and the point of detonation.
        result: GrenadeResult,
        /// Damage to all within 5 m (none when rolled per target: see the damage events).
        damage: Option<i32>,
        /// Who was caught.
        caught: Vec<Name>,
    },
    /// A lightning attack had no target left in reach.
    LightningLost {
        /// Who.
        attacker: Name,
    },
    /// First aid on the Dying (AGE-26).
    FirstAid {
        /// Medic.
        medic: Name,
        /// Patient.
        target: Name,
        /// The test.
        roll: TestResult,
    },
    /// A GM-called test.
    Test {
        /// Who.
        name: Name,
        /// The ability.
        ability: Ability,
        /// The roll.
        roll: TestResult,
    },
    /// The encounter ended.
    EncounterEnded {
        /// The winning side's name, or none for a draw.
        winner: Option<String>,
        /// Rounds played.
        rounds: u32,
    },
}

/// A weapon and its wear.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WeaponState {
    /// The weapon.
    pub weapon: Arc<Weapon>,
    /// Jammed or empty until a Reload.
    pub jammed: bool,
    /// High Capacity's free pass is used.
    pub high_capacity_used: bool,
    /// How many are left.
    pub count: u32,
}

/// A readied attack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Readied {
    /// For whom.
    pub target: usize,
}

/// A participant during the fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Combatant {
    /// Name.
    pub name: Name,
    /// Side.
    pub side: u8,
    /// Abilities; Constitution falls while Dying.
    pub abilities: Abilities,
    /// Foci.
    pub foci: Arc<[String]>,
    /// Fortune left.
    pub fortune: i32,
    /// Armour rating and penalty.
    pub armour: (i32, i32),
    /// Shield.
    pub shield: bool,
    /// Striking Style.
    pub striking_style: bool,
    /// Speed before conditions.
    pub base_speed: i32,
    /// Defense before shield and action bonuses.
    pub base_defense: i32,
    /// Weapons.
    pub weapons: Vec<WeaponState>,
    /// Index of the weapon in hand.
    pub in_hand: Option<usize>,
    /// Position.
    pub position: i32,
    /// By the hull.
    pub near_hull: bool,
    /// Free-fall mobility.
    pub free_fall_mobility: bool,
    /// Conditions.
    pub conditions: Conditions,
    /// Initiative.
    pub initiative: i32,
    /// Place in the first round's order (ties and roll-offs settled); breaks later ties.
    pub initiative_rank: u32,
    /// Out of the fight.
    pub taken_out: bool,
    /// Dead.
    pub dead: bool,
    /// Defense from Defend, until its next turn.
    pub defend: i32,
    /// Defense lost to a Heavy Attack, until its next turn.
    pub heavy_penalty: i32,
    /// Guarded Stance, until the end of the round.
    pub guarded: i32,
    /// Duck and Weave, until its next turn.
    pub weave: i32,
    /// Take Cover (against ranged), until its next turn.
    pub cover: i32,
    /// Stand Firm, until its next turn.
    pub stand_firm: bool,
    /// A held attack.
    pub readied: Option<Readied>,
    /// Free-fall drift per turn.
    pub drift: i32,
}

/// What the acting participant has done this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// Whose turn (index).
    pub actor: usize,
    /// The major action is used (or held by Ready).
    pub major_used: bool,
    /// Minor actions used.
    pub minors_used: u8,
    /// Ran: nothing else.
    pub ran: bool,
    /// Took Defend.
    pub defended: bool,
    /// Aimed, and the next action is not yet taken.
    pub aimed: bool,
    /// Took Guarded Stance.
    pub guarded: bool,
    /// Hit this target in melee this turn (for Pursue).
    pub melee_hit: Option<usize>,
    /// Pursued already.
    pub pursued: bool,
}

/// An attack waiting for its stunt points to be spent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// Attacker.
    pub attacker: usize,
    /// Target.
    pub target: usize,
    /// SP earned.
    pub points: u8,
    /// Which action.
    pub action: AttackAction,
    /// Weapon index (none: unarmed).
    pub weapon: Option<usize>,
    /// Melee.
    pub melee: bool,
}

/// Damage waiting for its target to take a condition or not (AGE-15).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Absorbing {
    /// The target, who decides.
    pub target: usize,
    /// The condition offered: Injured, or Wounded.
    pub offer: Condition,
    /// The damage flow so far (Toughness and Fortune paid).
    pub outcome: DamageOutcome,
    /// Damage still to absorb; what is left after the last answer takes the target out.
    pub left: i32,
    /// A readied attack caused it: the end of the fight is checked before the turn's end.
    pub interrupt: bool,
    /// What the command that dealt the damage still has to do.
    pub then: After,
}

/// The rest of a command interrupted by an offer to absorb damage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum After {
    /// Nothing.
    Nothing,
    /// The effects of the stunts bought with the hit (AGE-21).
    Stunts {
        /// The hit.
        hit: Pending,
        /// The stunts bought.
        stunts: Vec<StuntChoice>,
    },
    /// The grenade's damage to the others it caught (AGE-19).
    Grenade {
        /// Who is still to be harmed, in order.
        rest: Vec<usize>,
        /// One damage roll for all, or `None`: a roll each.
        shared: Option<i32>,
        /// The damage roll.
        damage: DamageSpec,
        /// Penetrating.
        penetrating: bool,
        /// Armour-piercing.
        armour_piercing: bool,
    },
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct State {
    /// Settings.
    pub rules: Arc<Rules>,
    /// Free fall.
    pub free_fall: bool,
    /// Corridor ends.
    pub corridor: Option<[i32; 2]>,
    /// Participants in setup order.
    pub combatants: Vec<Combatant>,
    /// Turn order for this round (indices).
    pub order: Vec<usize>,
    /// Round number (1-based).
    pub round: u32,
    /// Position in `order`.
    pub turn_index: usize,
    /// The current turn.
    pub turn: Turn,
    /// Stunts waiting to be spent.
    pub pending: Option<Pending>,
    /// Damage waiting for its target's answer (AGE-15).
    pub absorbing: Option<Absorbing>,
    /// The compartment decompressed.
    pub decompressed: bool,
    /// Stunt points earned by everyone (the simulation metric).
    pub stunt_points_earned: u32,
    /// Finished.
    pub over: bool,
    /// The winner.
    pub winner: Option<u8>,
}
