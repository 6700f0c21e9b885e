//! The encounter engine: initiative, the fixed queue, turns, every action of RED-08, delays,
//! movement, ammunition, damage and wounds.

use std::collections::BTreeMap;
use std::sync::Arc;

use fray_dice::{Dice, EventLog, RuleError, Transcript};

mod hands;
mod initiative;
pub(crate) mod injury;

use hands::drop_hand;
use initiative::{break_ties, roll_initiative};
use injury::inflict_injury;

/// Where the engine's events go (recorded by sessions, dropped unbuilt by simulation).
type Events = EventLog<Event>;
use serde::{Deserialize, Serialize};

use crate::resolve::{
    attack, check, death_save, hp_max, roll_d10, wound_state, AttackSpec, CheckSpec, DamageSpec,
    Defense, Wound, D10,
};
use crate::setup::{At, CharacterSetup, Holding, Reserve, Settings, Setup, Stats, TieReroll};
use crate::tables::{unarmed_dice, DvTable, InjuryEffect, Tables, WeaponKind, WeaponProfile};

/// Where a hit lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    /// Head: head armour, damage through it doubled (aimed shots only).
    Head,
    /// Body: everything else.
    Body,
}

/// An aimed shot (RED-34): −8 to hit.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Aim {
    /// A normal attack at the body.
    #[default]
    None,
    /// The head: head armour, damage through it doubled.
    Head,
    /// A held item: on a hit the target drops what it holds (**\[default\]** whether or not
    /// damage gets through).
    Item,
    /// A leg: a hit that gets through inflicts the Broken Leg injury (**\[default\]**,
    /// `settings.leg_injury`).
    Leg,
}

/// Single attack or autofire (RED-35).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum FireMode {
    /// One shot or blow.
    #[default]
    Single,
    /// A 10-round burst against the autofire DV; damage 2d6 × multiplier.
    Autofire,
}

/// Unarmed fighting styles (RED-37, RED-38).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unarmed {
    /// Brawling: full SP applies.
    Brawling,
    /// Martial Arts: ignores half of the SP.
    MartialArts,
}

/// What an attack is: target, weapon (or unarmed style), mode, aim, and the defender's
/// evasion choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AttackOrder {
    target: usize,
    weapon: Option<usize>,
    unarmed: Option<Unarmed>,
    mode: FireMode,
    aim: Aim,
    evade: Option<bool>,
}

impl AttackOrder {
    /// The default tactic's attack: with the weapon, or Brawling without one; not aimed,
    /// evasion left to the defender.
    pub(crate) fn plain(target: usize, weapon: Option<usize>, mode: FireMode) -> AttackOrder {
        AttackOrder {
            target,
            weapon,
            unarmed: weapon.is_none().then_some(Unarmed::Brawling),
            mode,
            aim: Aim::None,
            evade: None,
        }
    }

    /// The attack command of `actor` with this order.
    pub(crate) fn command(self, actor: usize) -> Command {
        Command::Attack {
            actor,
            target: self.target,
            weapon: self.weapon,
            unarmed: self.unarmed,
            mode: self.mode,
            aim: self.aim,
            evade: self.evade,
        }
    }
}

/// When a delayed action fires (RED-10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Trigger {
    /// "After Gina's turn".
    AfterTurn {
        /// Index of the participant whose turn ends.
        of: usize,
    },
    /// "As soon as he moves": after any Move Action movement of that participant.
    Moves {
        /// Index of the participant watched.
        who: usize,
    },
}

/// How a participant moves (RED-12).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// Walk or run: 1 m of MOVE per metre.
    #[default]
    Walk,
    /// Swim: 2 m per metre.
    Swim,
    /// Climb: 2 m per metre.
    Climb,
    /// Running jump: 2 m per metre.
    RunningJump,
    /// Standing jump: half as far as running (**\[default\]** 4 m per metre).
    StandingJump,
}

/// Why a participant left the fight (RED-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Leaving {
    /// Ran away.
    Flee,
    /// Gave up.
    Surrender,
}

/// One decision. `actor` must be the participant whose turn it is (RED-03), except `join`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Move Action movement to a position (RED-05, RED-11, RED-12); may be split.
    Move {
        /// Who.
        actor: usize,
        /// Destination, metres.
        to: i32,
        /// How.
        #[serde(default)]
        mode: MoveMode,
    },
    /// Run: the Action becomes a second move, after moving this turn (RED-08).
    Run {
        /// Who.
        actor: usize,
    },
    /// Attack (RED-06, RED-07, RED-32 … RED-38).
    Attack {
        /// Who.
        actor: usize,
        /// Index of the target.
        target: usize,
        /// Weapon index; absent for unarmed.
        #[serde(default)]
        weapon: Option<usize>,
        /// Unarmed style.
        #[serde(default)]
        unarmed: Option<Unarmed>,
        /// Single or autofire.
        #[serde(default)]
        mode: FireMode,
        /// Aimed shot.
        #[serde(default)]
        aim: Aim,
        /// Defender's evasion choice.
        #[serde(default)]
        evade: Option<bool>,
    },
    /// Suppressive fire: 10 rounds, the whole Action (RED-35).
    Suppress {
        /// Who.
        actor: usize,
        /// Weapon index (an autofire weapon).
        weapon: usize,
    },
    /// Reload fully with one ammo type (RED-08, RED-36).
    Reload {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
        /// Ammo type; the one loaded when absent.
        #[serde(default)]
        ammo: Option<String>,
    },
    /// Use a skill: a short task, or a long one over `turns` turns (RED-08).
    UseSkill {
        /// Who.
        actor: usize,
        /// Stat name ("int", "tech" …).
        stat: String,
        /// Skill name.
        skill: String,
        /// DV.
        dv: i32,
        /// Turns the task takes (1: a short task).
        #[serde(default = "one")]
        turns: u32,
    },
    /// Stabilize a mortally wounded character (RED-08, RED-45).
    Stabilize {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Grab and hold, break a hold, or snatch an item from the target's hand (RED-08).
    Grab {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
        /// Index of a weapon in the target's hand to take instead of holding the target.
        #[serde(default)]
        item: Option<usize>,
    },
    /// Choke the grabbed character (RED-08).
    Choke {
        /// Who.
        actor: usize,
    },
    /// Throw the grabbed character down (RED-08). Throwing an object is an `attack` with a
    /// thrown weapon (a profile on the `thrown` DV row, such as `grenade`).
    Throw {
        /// Who.
        actor: usize,
    },
    /// Use the grabbed character as a human shield (RED-08).
    HumanShield {
        /// Who.
        actor: usize,
    },
    /// Take or stow a shield: always an Action (RED-08, RED-09).
    Shield {
        /// Who.
        actor: usize,
        /// Take it in hand (true) or stow it (false).
        take: bool,
    },
    /// Get up from prone (RED-13).
    GetUp {
        /// Who.
        actor: usize,
    },
    /// Use an object; holstering a weapon is this Action (RED-09).
    UseObject {
        /// Who.
        actor: usize,
        /// Weapon to holster, if that is the use.
        #[serde(default)]
        holster: Option<usize>,
        /// What is done, for the log.
        #[serde(default)]
        note: String,
    },
    /// Delay: declare an action (with its target) and its trigger; lost if the trigger
    /// does not come this round (RED-10). The action is any Action command of the same
    /// actor except movement, Run, vehicle starts and another Delay.
    Delay {
        /// Who.
        actor: usize,
        /// The action to take when the trigger comes.
        action: Box<Command>,
        /// When.
        trigger: Trigger,
    },
    /// Board a vehicle (RED-08).
    Board {
        /// Who.
        actor: usize,
        /// Vehicle index.
        vehicle: usize,
    },
    /// Start the vehicle one drives: the driver moves to the front of the queue (RED-03).
    StartVehicle {
        /// Who.
        actor: usize,
    },
    /// A driving maneuver: REF + Drive Land Vehicle against a DV (RED-08).
    Maneuver {
        /// Who.
        actor: usize,
        /// DV of the maneuver.
        dv: i32,
    },
    /// Leave a vehicle: free, counts as movement (RED-09).
    LeaveVehicle {
        /// Who.
        actor: usize,
    },
    /// A NET action, spent instead of the Action by a Netrunner (RED-08).
    NetAction {
        /// Who.
        actor: usize,
        /// What, for the log.
        what: String,
    },
    /// Draw a weapon at hand into free hands: free (RED-09).
    Draw {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
    },
    /// Drop a weapon: free (RED-09).
    Drop {
        /// Who.
        actor: usize,
        /// Weapon index.
        weapon: usize,
    },
    /// The defender's answer to a ranged attack waiting on it (RED-33 «may instead oppose
    /// with DEX + Evasion + 1d10»): `evade: true` opposes the roll, `false` lets the DV stand.
    Evade {
        /// Index of the defender.
        actor: usize,
        /// Whether to evade.
        evade: bool,
    },
    /// End the turn.
    EndTurn {
        /// Who.
        actor: usize,
    },
    /// A newcomer joins: rolls initiative and takes its place (RED-03).
    Join {
        /// The newcomer.
        character: Box<CharacterSetup>,
    },
    /// Flee or surrender: leave the fight (RED-01).
    Leave {
        /// Who.
        actor: usize,
        /// How.
        how: Leaving,
    },
}

fn one() -> u32 {
    1
}

fn two() -> u32 {
    2
}

/// The defence an attack met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DefenseRoll {
    /// The range DV.
    Dv {
        /// DV.
        dv: i32,
    },
    /// The defender's evasion roll.
    Evasion {
        /// Defender's d10.
        roll: D10,
        /// Defender's total.
        total: i32,
    },
}

/// One thing that happened. Participants are named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// RED-02 initiative.
    Initiative {
        /// Who.
        who: String,
        /// REF after armour penalty.
        reflexes: i32,
        /// The `initiative` bonus.
        bonus: i32,
        /// The d10.
        roll: D10,
        /// REF + bonus + d10.
        total: i32,
    },
    /// RED-02 tie-break reroll among the tied (`settings.tie_reroll`).
    TieReroll {
        /// Who.
        who: String,
        /// The d10.
        roll: u32,
        /// Its critical die (RED-04, rerolling the initiative): `+n`, `-n` or 0.
        #[serde(default)]
        extra: i32,
        /// What orders the tied: REF + bonus + d10, or the bare d10.
        #[serde(default)]
        total: i32,
    },
    /// The queue, first to last.
    Order {
        /// Names in order.
        queue: Vec<String>,
    },
    /// A round begins.
    RoundStarted {
        /// Round number (1-based).
        round: u32,
    },
    /// A round ends.
    RoundEnded {
        /// Round number.
        round: u32,
    },
    /// A turn begins.
    TurnStarted {
        /// Who.
        who: String,
    },
    /// A turn ends.
    TurnEnded {
        /// Who.
        who: String,
    },
    /// RED-45 death save.
    DeathSave {
        /// Who.
        who: String,
        /// The d10.
        roll: u32,
        /// Penalty added.
        penalty: i32,
        /// BODY to roll under.
        body: i32,
        /// Survived.
        success: bool,
    },
    /// Died.
    Died {
        /// Who.
        who: String,
    },
    /// Moved.
    Moved {
        /// Who.
        who: String,
        /// From, metres.
        from: i32,
        /// To, metres.
        to: i32,
        /// How.
        mode: MoveMode,
        /// Movement spent (metres, or squares on a grid).
        cost: u32,
        /// Movement left this turn.
        left: u32,
    },
    /// Ran: a second move.
    Ran {
        /// Who.
        who: String,
        /// Movement added (metres, or squares on a grid).
        metres: u32,
    },
    /// A ranged attack waits for its defender's choice (RED-33).
    EvasionAsked {
        /// The defender, who decides.
        who: String,
        /// The attacker.
        attacker: String,
    },
    /// The defender's choice (RED-33).
    EvasionChosen {
        /// The defender.
        who: String,
        /// Evades (an opposed roll) or lets the DV stand.
        evades: bool,
    },
    /// An attack roll.
    Attack {
        /// Attacker.
        who: String,
        /// Target.
        target: String,
        /// Weapon or unarmed style.
        weapon: String,
        /// Mode.
        mode: FireMode,
        /// Aim.
        aim: Aim,
        /// Attacker's d10.
        roll: D10,
        /// Attacker's total.
        total: i32,
        /// The defence.
        defense: DefenseRoll,
        /// Hit.
        hit: bool,
        /// Total minus defence.
        margin: i32,
        /// Damage multiplier (autofire).
        multiplier: u32,
        /// Rounds left in the weapon after the shot.
        rounds_left: Option<u32>,
        /// A delayed action firing.
        delayed: bool,
    },
    /// Damage of a hit.
    Damage {
        /// Who took it.
        who: String,
        /// Where.
        location: Location,
        /// The d6s.
        dice: Vec<u32>,
        /// Autofire multiplier.
        multiplier: u32,
        /// Dice × multiplier.
        raw: u32,
        /// SP of the location before the hit.
        sp: i32,
        /// SP that applied (halved for melee).
        effective_sp: i32,
        /// HP through the armour (after head doubling).
        through: u32,
        /// Critical bonus.
        bonus: u32,
        /// HP lost.
        hp_loss: u32,
        /// HP after.
        hp: i32,
    },
    /// Armour ablated by a penetrating hit (RED-40).
    Ablated {
        /// Whose.
        who: String,
        /// Where.
        location: Location,
        /// New SP.
        sp: i32,
    },
    /// A critical injury (RED-42).
    CriticalInjury {
        /// Who.
        who: String,
        /// Table.
        table: Location,
        /// 2d6 roll (0 when inflicted without a roll, as by an aimed leg shot).
        roll: u32,
        /// Name.
        name: String,
        /// Effect.
        effect: String,
    },
    /// The wound state changed (RED-44).
    Wounded {
        /// Who.
        who: String,
        /// New state.
        state: Wound,
    },
    /// A shield took a hit.
    ShieldHit {
        /// Whose shield.
        who: String,
        /// Damage taken.
        damage: u32,
        /// Shield HP left.
        hp: i32,
        /// Destroyed.
        broken: bool,
    },
    /// Direct damage (choke, throw).
    Hurt {
        /// Who.
        who: String,
        /// By whom.
        by: String,
        /// What.
        how: String,
        /// HP lost.
        damage: u32,
        /// HP after.
        hp: i32,
    },
    /// Drew a weapon (free).
    Drew {
        /// Who.
        who: String,
        /// Weapon.
        weapon: String,
    },
    /// Dropped a weapon.
    Dropped {
        /// Who.
        who: String,
        /// Weapon.
        weapon: String,
        /// Made to drop it (aimed shot, injury).
        forced: bool,
    },
    /// Holstered a weapon (an Action).
    Holstered {
        /// Who.
        who: String,
        /// Weapon.
        weapon: String,
    },
    /// Used an object.
    UsedObject {
        /// Who.
        who: String,
        /// What.
        note: String,
    },
    /// Reloaded (RED-36).
    Reloaded {
        /// Who.
        who: String,
        /// Weapon.
        weapon: String,
        /// Ammo type.
        ammo: String,
        /// Rounds now loaded.
        rounds: u32,
    },
    /// A skill check (skills, maneuvers, concentration against suppression).
    SkillCheck {
        /// Who.
        who: String,
        /// Skill.
        skill: String,
        /// d10.
        roll: D10,
        /// Total.
        total: i32,
        /// DV (or the opposing total).
        dv: i32,
        /// Success.
        success: bool,
    },
    /// A turn of a long task.
    TaskProgress {
        /// Who.
        who: String,
        /// Skill.
        skill: String,
        /// Turns done.
        done: u32,
        /// Turns needed.
        turns: u32,
    },
    /// A Stabilize attempt.
    Stabilize {
        /// Who.
        who: String,
        /// Whom.
        target: String,
        /// d10.
        roll: D10,
        /// Total.
        total: i32,
        /// DV.
        dv: i32,
        /// Stabilized.
        success: bool,
    },
    /// A grab (or an attempt to break one).
    Grab {
        /// Who.
        who: String,
        /// Whom.
        target: String,
        /// Attacker's total.
        total: i32,
        /// Defender's total.
        defense: i32,
        /// Succeeded.
        success: bool,
        /// It was an escape from the target's hold.
        escape: bool,
        /// The item snatched, when that was the aim.
        item: Option<String>,
    },
    /// Grabbed character thrown down.
    Thrown {
        /// Who.
        who: String,
        /// Whom.
        target: String,
    },
    /// Holds the grabbed character as a human shield.
    HumanShield {
        /// Who.
        who: String,
        /// Whom.
        target: String,
    },
    /// A hit redirected to the human shield.
    Shielded {
        /// Who was aimed at.
        who: String,
        /// Who took it.
        by: String,
    },
    /// Took or stowed a shield.
    ShieldHeld {
        /// Who.
        who: String,
        /// In hand now.
        in_hand: bool,
    },
    /// Got up.
    GotUp {
        /// Who.
        who: String,
    },
    /// Fell prone.
    FellProne {
        /// Who.
        who: String,
    },
    /// Suppressive fire (RED-35).
    Suppress {
        /// Who.
        who: String,
        /// Weapon.
        weapon: String,
        /// d10.
        roll: D10,
        /// Total others must beat.
        total: i32,
        /// Rounds left.
        rounds_left: u32,
    },
    /// Pinned down by suppressive fire: next turn's Move Action goes to taking cover.
    Suppressed {
        /// Who.
        who: String,
    },
    /// A delayed action declared (RED-10).
    DelayDeclared {
        /// Who.
        who: String,
        /// The delayed action's command type ("attack", "reload" …).
        action: String,
        /// Its target, if it has one.
        target: Option<String>,
        /// Trigger.
        trigger: Trigger,
        /// Whom the trigger watches.
        watching: String,
    },
    /// The trigger came: the delayed action happens now.
    DelayTriggered {
        /// Who.
        who: String,
    },
    /// The trigger came but the action could not be made.
    DelayLost {
        /// Who.
        who: String,
        /// Why.
        reason: String,
    },
    /// The round ended before the trigger: the action is lost.
    DelayLapsed {
        /// Who.
        who: String,
    },
    /// Boarded a vehicle.
    Boarded {
        /// Who.
        who: String,
        /// Vehicle.
        vehicle: String,
        /// Is its driver.
        driver: bool,
    },
    /// Started a vehicle and moved to the front of the queue (RED-03).
    VehicleStarted {
        /// Who.
        who: String,
        /// Vehicle.
        vehicle: String,
        /// The queue now.
        queue: Vec<String>,
    },
    /// Left a vehicle.
    LeftVehicle {
        /// Who.
        who: String,
        /// Vehicle.
        vehicle: String,
    },
    /// A NET action.
    NetAction {
        /// Who.
        who: String,
        /// What.
        what: String,
        /// NET actions left this turn.
        left: u32,
    },
    /// A newcomer took its place in the queue (RED-03).
    Joined {
        /// Who.
        who: String,
        /// Initiative total.
        initiative: i32,
        /// The queue now.
        queue: Vec<String>,
    },
    /// Fled or surrendered.
    Left {
        /// Who.
        who: String,
        /// How.
        how: Leaving,
    },
    /// The fight is over.
    FightOver {
        /// Winning side index; none for a draw or the round limit.
        winner: Option<u8>,
        /// Why it ended.
        reason: String,
    },
}

/// A piece of armour being worn, with its current (ablated) SP.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmorPiece {
    /// Table name.
    pub name: Arc<str>,
    /// Current SP.
    pub sp: i32,
    /// Penalty to REF, DEX and MOVE.
    pub penalty: i32,
}

/// A weapon as carried now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Weapon {
    /// Name.
    pub name: Arc<str>,
    /// Weapon-table key.
    pub profile: Arc<str>,
    /// Rounds loaded.
    pub loaded: u32,
    /// Ammo type loaded.
    pub ammo: Arc<str>,
    /// Where it is.
    pub holding: Holding,
    /// Its profile, looked up once.
    #[serde(skip)]
    pub(crate) kit: Derived<Kit>,
}

/// Data the engine derives from the rest of the state once, instead of by name at every
/// decision: never serialized, and never a difference between two states of its own.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Derived<T>(pub(crate) T);

impl<T> PartialEq for Derived<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Derived<T> {}

/// What attacks and the tactic read of a weapon's profile, with its owner's skill at it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Kit {
    pub(crate) melee: bool,
    pub(crate) damage: u32,
    pub(crate) rof: u32,
    /// Autofire multiplier cap (0: no autofire).
    pub(crate) autofire: u32,
    pub(crate) hands: u32,
    /// Spends rounds: a magazine above 0 (RED-36). A ranged weapon with magazine 0 needs
    /// no ammunition: it fires without spending any, and is never reloaded.
    pub(crate) needs_ammo: bool,
    /// Where the single-shot and autofire DV rows start in the state's `rows`.
    pub(crate) single_row: Option<usize>,
    pub(crate) auto_row: Option<usize>,
    /// The owner's skill of single attacks with it (level plus bonus).
    pub(crate) skill: i32,
}

impl Kit {
    /// Copies the profile's numbers, and its DV rows to the end of `rows`.
    fn new(p: &WeaponProfile, skill: i32, tables: &Tables, rows: &mut Vec<Option<i32>>) -> Kit {
        let mut row = |name: &Option<String>| {
            let cells = tables.dv.rows.get(name.as_deref()?)?;
            rows.extend_from_slice(cells);
            Some(rows.len() - cells.len())
        };
        Kit {
            melee: p.kind == WeaponKind::Melee,
            damage: p.damage,
            rof: p.rof,
            autofire: p.autofire,
            hands: p.hands,
            needs_ammo: p.magazine > 0,
            single_row: row(&p.dv_row),
            auto_row: row(&p.autofire_row),
            skill,
        }
    }
}

/// A fighter's skills and bonuses that every attack reads, summed once: neither changes
/// during a fight.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sheet {
    pub(crate) evasion: i32,
    pub(crate) brawling: i32,
    pub(crate) martial_arts: i32,
    pub(crate) autofire: i32,
    pub(crate) ranged: i32,
    pub(crate) melee: i32,
    pub(crate) initiative: i32,
}

impl Sheet {
    /// [`Fighter::skill`] of the four skills and [`Fighter::bonus`] of `ranged`, `melee` and
    /// `initiative`, in one pass over each map instead of a lookup per name.
    fn of(f: &Fighter) -> Sheet {
        let mut sheet = Sheet::default();
        for (maps_skills, map) in [(true, &f.skills), (false, &f.bonuses)] {
            for (name, &v) in map.iter() {
                match name.as_str() {
                    "evasion" => sheet.evasion += v,
                    "brawling" => sheet.brawling += v,
                    "martial_arts" => sheet.martial_arts += v,
                    "autofire" => sheet.autofire += v,
                    "ranged" if !maps_skills => sheet.ranged += v,
                    "melee" if !maps_skills => sheet.melee += v,
                    "initiative" if !maps_skills => sheet.initiative += v,
                    _ => {}
                }
            }
        }
        sheet
    }
}

/// A fighter's counts for its standing ([`fray_dice::Standing`]): the fight never reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Rounds fired: single shots, bursts and suppressive fire (RED-35, RED-36).
    pub ammo_spent: u32,
    /// HP this fighter's attacks, chokes and throws took from others.
    pub damage_dealt: u32,
    /// HP lost, whoever or whatever took it (a reopened wound too).
    pub damage_taken: u32,
    /// The round it stopped being able to fight (dead, gone, or out at HP < 1).
    pub out_round: Option<u32>,
}

impl Tally {
    fn is_zero(&self) -> bool {
        *self == Tally::default()
    }
}

/// A long task under way.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// Stat.
    pub stat: String,
    /// Skill.
    pub skill: String,
    /// DV.
    pub dv: i32,
    /// Turns needed.
    pub turns: u32,
    /// Turns done.
    pub done: u32,
}

/// A critical injury suffered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InjuryTaken {
    /// Table.
    pub table: Location,
    /// Name.
    pub name: String,
}

/// One participant during the fight. Names and the maps it only reads are shared with its
/// [`CharacterSetup`] (`Arc`, the same JSON); the reserve is copied on its first reload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name.
    pub name: Arc<str>,
    /// Side.
    pub side: u8,
    /// Stats.
    pub stats: Stats,
    /// Skills.
    pub skills: Arc<BTreeMap<String, i32>>,
    /// Current HP.
    pub hp: i32,
    /// Maximum HP.
    pub hp_max: i32,
    /// Weapons.
    pub weapons: Vec<Weapon>,
    /// Head armour.
    pub head: Option<ArmorPiece>,
    /// Body armour.
    pub body: Option<ArmorPiece>,
    /// Spare ammunition: calibre → type → rounds.
    pub reserve: Arc<Reserve>,
    /// Position, metres.
    pub position: i32,
    /// Modifier to every check.
    pub modifier: i32,
    /// Plain modifiers by skill name, or `initiative` / `ranged` / `melee`.
    pub bonuses: Arc<BTreeMap<String, i32>>,
    /// Initiative total.
    pub initiative: i32,
    /// Prone.
    pub prone: bool,
    /// Dead.
    pub dead: bool,
    /// Fled or surrendered.
    pub left: Option<Leaving>,
    /// Death saves made (each adds 1 to the penalty, RED-45).
    pub death_saves: i32,
    /// Stabilized: no more death saves.
    pub stabilized: bool,
    /// Critical injuries suffered.
    pub injuries: Vec<InjuryTaken>,
    /// Sum of the injuries' modifiers.
    pub effects: InjuryEffect,
    /// Whom this one holds.
    pub grabbing: Option<usize>,
    /// Who holds this one.
    pub grabbed_by: Option<usize>,
    /// Using the grabbed character as a human shield.
    pub human_shield: bool,
    /// Shield HP, if one is carried.
    pub shield: Option<i32>,
    /// Shield in hand.
    pub shield_in_hand: bool,
    /// NET actions per turn.
    pub net_actions: u32,
    /// Evasion choice.
    pub evade: Option<bool>,
    /// Tactic hint: open with a delayed attack.
    pub ambush: bool,
    /// Loses the Action of the next turn (Spinal Injury).
    pub lose_action: bool,
    /// Loses the Move Action of the next turn (Damaged or Lost Ear after moving too far).
    #[serde(default)]
    pub lose_move: bool,
    /// Hands that can still hold something: 2, one less for each arm or hand a critical
    /// injury took (RED-42).
    #[serde(default = "two")]
    pub hands: u32,
    /// Modifier of attacks with each of those hands, soundest first (RED-42 Crushed
    /// Fingers): weapons in hand take the soundest hands in index order, since passing a
    /// weapon to the other hand is free (RED-09).
    #[serde(default, skip_serializing_if = "hands::sound")]
    pub hand_modifiers: [i32; 2],
    /// What the fighter spent, dealt and took, for its standing (nothing reads it).
    #[serde(default, skip_serializing_if = "Tally::is_zero")]
    pub tally: Tally,
    /// Pinned by suppressive fire: the next Move Action is spent.
    pub suppressed: bool,
    /// Vehicle aboard.
    pub vehicle: Option<usize>,
    /// Long task under way.
    pub task: Option<Task>,
    /// Skills and bonuses attacks read, summed once.
    #[serde(skip)]
    pub(crate) sheet: Derived<Sheet>,
}

impl Fighter {
    /// A fighter as the setup describes it, its gear looked up in `tables` (DV rows copied
    /// to `rows`). The setup has been validated against the tables.
    fn new(c: &CharacterSetup, tables: &Tables, rows: &mut Vec<Option<i32>>) -> Self {
        let piece = |name: &Option<Arc<str>>| {
            name.as_ref().map(|n| {
                let a = tables.armor[&**n];
                ArmorPiece {
                    name: n.clone(),
                    sp: a.sp,
                    penalty: a.penalty,
                }
            })
        };
        let max = c.hp.unwrap_or_else(|| hp_max(c.stats.body, c.stats.will));
        let mut f = Fighter {
            name: c.name.clone(),
            side: c.side,
            stats: c.stats,
            skills: c.skills.clone(),
            hp: max,
            hp_max: max,
            weapons: Vec::with_capacity(c.weapons.len()),
            head: piece(&c.armor.head),
            body: piece(&c.armor.body),
            reserve: c.reserve.clone(),
            position: c.position,
            modifier: c.modifier,
            bonuses: c.bonuses.clone(),
            initiative: 0,
            prone: c.prone,
            dead: false,
            left: None,
            death_saves: 0,
            stabilized: false,
            injuries: Vec::new(),
            effects: InjuryEffect::default(),
            grabbing: None,
            grabbed_by: None,
            human_shield: false,
            shield: c.shield,
            shield_in_hand: false,
            net_actions: c.net_actions,
            evade: c.evade,
            ambush: c.ambush,
            lose_action: false,
            lose_move: false,
            hands: 2,
            hand_modifiers: [0; 2],
            tally: Tally::default(),
            suppressed: false,
            vehicle: None,
            task: None,
            sheet: Derived::default(),
        };
        for w in &c.weapons {
            let p = &tables.weapons[&*w.profile];
            let kit = Kit::new(p, f.skill(&p.skill), tables, rows);
            f.weapons.push(Weapon {
                name: w.name.clone(),
                profile: w.profile.clone(),
                loaded: w.loaded.unwrap_or(p.magazine),
                ammo: w.ammo.clone(),
                holding: w.holding,
                kit: Derived(kit),
            });
        }
        f.sheet = Derived(Sheet::of(&f));
        f
    }

    /// Derives the sheet and the weapons' kits again (a fighter read back from JSON has
    /// none); a weapon whose profile the tables lack keeps an empty kit.
    fn equip(&mut self, tables: &Tables, rows: &mut Vec<Option<i32>>) {
        self.sheet = Derived(Sheet::of(self));
        for w in 0..self.weapons.len() {
            if let Some(p) = tables.weapons.get(&*self.weapons[w].profile) {
                let kit = Kit::new(p, self.skill(&p.skill), tables, rows);
                self.weapons[w].kit = Derived(kit);
            }
        }
    }

    /// Still in the fight: alive and present.
    pub fn present(&self) -> bool {
        !self.dead && self.left.is_none()
    }

    /// Able to fight: present with HP ≥ 1.
    pub fn standing(&self) -> bool {
        self.present() && self.hp >= 1
    }

    /// Able to act and counting for its side (RED-01, RED-44): present, and standing unless
    /// `settings.mortally_wounded_act` lets a Mortally Wounded character act.
    pub fn able(&self, s: &Settings) -> bool {
        self.present() && (self.hp >= 1 || s.mortally_wounded_act)
    }

    /// RED-41: the worst penalty of the armour worn.
    pub fn armor_penalty(&self) -> i32 {
        [&self.head, &self.body]
            .into_iter()
            .flatten()
            .map(|a| a.penalty)
            .max()
            .unwrap_or(0)
    }

    /// REF after the armour penalty.
    pub fn reflexes(&self) -> i32 {
        self.stats.reflexes - self.armor_penalty()
    }

    /// DEX after the armour penalty.
    pub fn dex(&self) -> i32 {
        self.stats.dex - self.armor_penalty()
    }

    /// Current wound state (RED-44).
    pub fn wound(&self) -> Wound {
        wound_state(self.hp, self.hp_max)
    }

    /// Penalty of the wound state to all actions (RED-44), as a modifier.
    fn wound_modifier(&self, s: &Settings) -> i32 {
        match self.wound() {
            Wound::Seriously => -s.seriously_penalty,
            Wound::Mortally => -s.mortally_penalty,
            _ => 0,
        }
    }

    /// Modifier to every check: the character's own, wounds and injuries.
    fn check_modifier(&self, s: &Settings) -> i32 {
        self.modifier + self.wound_modifier(s) + self.effects.all
    }

    /// MOVE after armour (RED-41), Mortally Wounded (RED-44) and injuries (RED-14).
    /// Wounds and injuries never take it below `settings.move_floor` ("minimum 1").
    pub fn move_stat(&self, s: &Settings) -> i32 {
        let mortal = if self.wound() == Wound::Mortally {
            s.mortally_move
        } else {
            0
        };
        let base = (self.stats.move_ - self.armor_penalty()).max(0);
        (base - mortal + self.effects.move_).max(base.min(s.move_floor))
    }

    /// Metres of one Move Action: MOVE × 2 (RED-11).
    pub fn move_metres(&self, s: &Settings) -> u32 {
        self.move_stat(s) as u32 * 2
    }

    /// One Move Action in position units: MOVE × 2 metres, or MOVE squares on a grid (RED-11).
    pub fn move_allowance(&self, s: &Settings) -> u32 {
        if s.grid {
            self.move_stat(s) as u32
        } else {
            self.move_metres(s)
        }
    }

    /// Skill level plus any bonus under its name (0 when untrained).
    pub fn skill(&self, name: &str) -> i32 {
        self.skills.get(name).copied().unwrap_or(0) + self.bonus(name)
    }

    /// The plain bonus under `key` (0 when none).
    pub fn bonus(&self, key: &str) -> i32 {
        self.bonuses.get(key).copied().unwrap_or(0)
    }

    pub(crate) fn hands_used(&self) -> u32 {
        let weapons: u32 = self
            .weapons
            .iter()
            .filter(|w| w.holding == Holding::InHand)
            .map(|w| w.kit.0.hands)
            .sum();
        weapons + u32::from(self.shield_in_hand) + u32::from(self.grabbing.is_some())
    }

    fn death_penalty(&self) -> i32 {
        self.death_saves + self.effects.death_save
    }

    fn evasion_base(&self, s: &Settings) -> i32 {
        let evasion = if self.effects.no_evade {
            0
        } else {
            self.sheet.0.evasion
        };
        self.dex() + evasion + self.check_modifier(s)
    }
}

/// A vehicle now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vehicle {
    /// Name.
    pub name: String,
    /// Position.
    pub position: i32,
    /// Driver.
    pub driver: Option<usize>,
    /// Started.
    pub started: bool,
}

/// What the acting participant has spent this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// Movement available (MOVE × 2 metres, or MOVE squares on a grid; Run adds as much again).
    pub budget: u32,
    /// Movement spent (metres, or squares on a grid), RED-12 costs included.
    pub spent: u32,
    /// Metres actually moved.
    pub walked: u32,
    /// Moved (or left a vehicle) this turn.
    pub moved: bool,
    /// The Action is spent.
    pub action_used: bool,
    /// Attacks made (never more than two, RED-07).
    pub attacks: u32,
    /// ROF of the Action's attacks: 2 allows a second one (RED-06).
    pub attack_rof: u32,
    /// NET actions spent.
    pub net_used: u32,
}

/// A delayed action waiting for its trigger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delay {
    /// Who waits.
    pub actor: usize,
    /// The action.
    pub action: Command,
    /// When.
    pub trigger: Trigger,
    /// The round it was declared (it lapses at that round's end).
    pub round: u32,
}

/// How the fight ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Winning side.
    pub winner: Option<u8>,
    /// Why.
    pub reason: String,
}

/// A ranged attack made and accounted for, its dice not yet rolled: the defender decides
/// whether to evade (RED-33) with [`Command::Evade`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingEvasion {
    /// Index of the attacker.
    pub attacker: usize,
    /// Index of the defender, who decides.
    pub defender: usize,
    /// The attack (a [`Command::Attack`] without an `evade`).
    pub attack: Command,
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Tables in use (the setup's, shared).
    pub tables: Arc<Tables>,
    /// Settings in use.
    pub settings: Settings,
    /// Participants (setup order, newcomers appended).
    pub fighters: Vec<Fighter>,
    /// Vehicles.
    pub vehicles: Vec<Vehicle>,
    /// Initiative queue: fighter indices, first to last (RED-02, RED-03).
    pub queue: Vec<usize>,
    /// Position in the queue of the acting participant.
    pub current: usize,
    /// Where the round goes on after a driver moved to the front mid-round (RED-03).
    pub resume: Option<usize>,
    /// Round number, from 1.
    pub round: u32,
    /// The acting participant's spending this turn.
    pub turn: TurnState,
    /// Delayed actions waiting.
    pub delays: Vec<Delay>,
    /// Set when the fight is over.
    pub finished: Option<Finish>,
    /// Critical injuries so far (the simulation metric).
    pub critical_injuries: u32,
    /// A ranged attack waiting for its defender to choose whether to evade (RED-33).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<PendingEvasion>,
    /// The fighters' DV rows, copied once.
    #[serde(skip)]
    pub(crate) gear: Derived<Gear>,
}

/// The derived data of a state: whether its fighters' sheets and kits are there, and the
/// DV rows their kits point into (the tables' rows, copied when the fighter entered).
#[derive(Clone, Debug, Default)]
pub(crate) struct Gear {
    equipped: bool,
    /// Shared with the setup's other fights until a newcomer joins.
    rows: Arc<Vec<Option<i32>>>,
}

impl State {
    /// The participant whose turn it is (the last one to act once the fight is over).
    pub fn actor(&self) -> usize {
        self.queue[self.current]
    }

    fn name(&self, i: usize) -> String {
        self.fighters[i].name.to_string()
    }

    /// Metres between two positions (squares count 2 m on a grid).
    pub fn metres(&self, a: i32, b: i32) -> u32 {
        let d = a.abs_diff(b);
        if self.settings.grid {
            d.saturating_mul(2)
        } else {
            d
        }
    }

    /// The DV row a kit points to.
    #[inline]
    pub(crate) fn row(&self, at: usize) -> &[Option<i32>] {
        &self.gear.0.rows[at..at + self.tables.dv.bands.len()]
    }

    /// Whether the derived data is there (a state read back from JSON has none).
    pub(crate) fn equipped(&self) -> bool {
        self.gear.0.equipped
    }

    /// Derives the fighters' sheets and kits again.
    pub(crate) fn equip(&mut self) {
        let mut rows = Vec::new();
        for f in &mut self.fighters {
            f.equip(&self.tables, &mut rows);
        }
        self.gear = Derived(Gear {
            equipped: true,
            rows: Arc::new(rows),
        });
    }

    fn queue_names(&self) -> Vec<String> {
        self.queue.iter().map(|&i| self.name(i)).collect()
    }
}

fn err(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// Starts an encounter: validates the setup, rolls initiative (RED-02) and begins round 1.
pub fn start<D: Dice>(setup: &Setup, dice: &mut D, ev: &mut Events) -> Result<State, RuleError> {
    fray_dice::check_combatants(setup.characters.len(), fray_dice::MAX_COMBATANTS)?;
    setup.tables.validate()?;
    setup.settings.validate()?;
    for (i, v) in setup.vehicles.iter().enumerate() {
        crate::resolve::bounded(
            "setup",
            format_args!("vehicles[{i}].position"),
            i64::from(v.position),
        )?;
    }
    if setup.characters.len() < 2 {
        return Err(err("setup", "a fight needs at least two characters"));
    }
    // Validated and equipped here, per fight: no state outlives a `start`, so what it does
    // never depends on what the thread ran before.
    let cast = Cast::of(&setup.characters, &setup.tables)?;
    let mut state = State {
        tables: Arc::clone(&setup.tables),
        settings: setup.settings.clone(),
        fighters: cast.fighters,
        vehicles: setup
            .vehicles
            .iter()
            .map(|v| Vehicle {
                name: v.name.clone(),
                position: v.position,
                driver: None,
                started: false,
            })
            .collect(),
        queue: Vec::new(),
        current: 0,
        resume: None,
        round: 1,
        turn: TurnState::default(),
        delays: Vec::new(),
        finished: None,
        critical_injuries: 0,
        pending: None,
        gear: Derived(Gear {
            equipped: true,
            rows: cast.rows,
        }),
    };
    for i in 0..state.fighters.len() {
        roll_initiative(&mut state, i, dice, ev)?;
    }
    let mut order: Vec<usize> = (0..state.fighters.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(state.fighters[i].initiative));
    let mut queue = Vec::with_capacity(order.len());
    let mut k = 0;
    while k < order.len() {
        let score = state.fighters[order[k]].initiative;
        let end = order[k..]
            .iter()
            .position(|&i| state.fighters[i].initiative != score)
            .map_or(order.len(), |p| k + p);
        break_ties(&state, &order[k..end], dice, ev, &mut queue)?;
        k = end;
    }
    state.queue = queue;
    ev.emit(|| Event::Order {
        queue: state.queue_names(),
    });
    ev.emit(|| Event::RoundStarted { round: 1 });
    check_finish(&mut state, ev);
    if state.finished.is_none() {
        state.current = usize::MAX;
        advance(&mut state, dice, ev)?;
    }
    Ok(state)
}

/// What every fight of a setup starts from: its characters, validated against its tables,
/// as fighters with their derived data, and the DV rows their kits point into.
struct Cast {
    fighters: Vec<Fighter>,
    rows: Arc<Vec<Option<i32>>>,
}

impl Cast {
    fn of(characters: &[CharacterSetup], tables: &Tables) -> Result<Cast, RuleError> {
        for (i, c) in characters.iter().enumerate() {
            c.validate_at(tables, At::Setup(i))?;
            if let Some(j) = characters[..i]
                .iter()
                .position(|o| crate::setup::same_name(&o.name, &c.name))
            {
                let o = &characters[j].name;
                let how = if *o == c.name {
                    "is the same as"
                } else {
                    "differs only in case from"
                };
                return Err(err(
                    "setup",
                    format!(
                        "characters[{i}].name: found '{}', which {how} characters[{j}].name '{o}'; names must be unique ignoring case",
                        c.name
                    ),
                ));
            }
        }
        // At most two DV rows per weapon: room for them all at once.
        let weapons: usize = characters.iter().map(|c| c.weapons.len()).sum();
        let mut rows = Vec::with_capacity(2 * weapons * tables.dv.bands.len());
        let fighters = characters
            .iter()
            .map(|c| Fighter::new(c, tables, &mut rows))
            .collect();
        Ok(Cast {
            fighters,
            rows: Arc::new(rows),
        })
    }
}

/// Ends the fight when a side has no one able to act (RED-01, RED-44: [`Fighter::able`];
/// checked after every step: one pass over the fighters, the ending itself out of line).
#[inline]
fn check_finish(state: &mut State, ev: &mut Events) {
    if state.finished.is_some() {
        return;
    }
    let mut standing = [false; 2];
    for f in &mut state.fighters {
        if f.able(&state.settings) {
            if f.side < 2 {
                standing[usize::from(f.side)] = true;
            }
        } else if f.tally.out_round.is_none() {
            f.tally.out_round = Some(state.round);
        }
    }
    if standing == [true; 2] {
        return;
    }
    finish(state, standing, ev);
}

#[cold]
fn finish(state: &mut State, [a, b]: [bool; 2], ev: &mut Events) {
    let winner = match (a, b) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    };
    let finish = Finish {
        winner,
        reason: "one side has no one left able to fight".to_owned(),
    };
    ev.emit(|| Event::FightOver {
        winner,
        reason: finish.reason.clone(),
    });
    state.finished = Some(finish);
}

/// Moves the queue on to the next participant who can act, ending rounds (RED-03, RED-10)
/// and starting turns with death saves (RED-45).
fn advance<D: Dice>(state: &mut State, dice: &mut D, ev: &mut Events) -> Result<(), RuleError> {
    loop {
        if state.finished.is_some() {
            return Ok(());
        }
        state.current = match state.resume.take() {
            Some(next) => next,
            None => state.current.wrapping_add(1),
        };
        if state.current >= state.queue.len() {
            if state.current != 0 {
                end_round(state, ev);
                if state.finished.is_some() {
                    return Ok(());
                }
            }
            state.current = 0;
        }
        let a = state.actor();
        if !state.fighters[a].present() {
            continue;
        }
        if begin_turn(state, a, dice, ev)? {
            return Ok(());
        }
        check_finish(state, ev);
    }
}

fn end_round(state: &mut State, ev: &mut Events) {
    let round = state.round;
    // Most rounds end with no delay waiting: nothing to sort out then.
    if state.delays.iter().any(|d| d.round <= round) {
        let (lapsed, kept): (Vec<Delay>, Vec<Delay>) =
            state.delays.drain(..).partition(|d| d.round <= round);
        state.delays = kept;
        for d in lapsed {
            ev.emit(|| Event::DelayLapsed {
                who: state.name(d.actor),
            });
        }
    }
    ev.emit(|| Event::RoundEnded { round });
    if round >= state.settings.max_rounds {
        state.current = 0;
        let reason = format!("round limit of {} reached", state.settings.max_rounds);
        ev.emit(|| Event::FightOver {
            winner: None,
            reason: reason.clone(),
        });
        state.finished = Some(Finish {
            winner: None,
            reason,
        });
        return;
    }
    state.round += 1;
    ev.emit(|| Event::RoundStarted { round: state.round });
}

/// Starts `a`'s turn; false when a failed death save ends it before it begins.
fn begin_turn<D: Dice>(
    state: &mut State,
    a: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<bool, RuleError> {
    let budget = state.fighters[a].move_allowance(&state.settings);
    let mut turn = TurnState {
        budget,
        ..TurnState::default()
    };
    let f = &mut state.fighters[a];
    if f.suppressed {
        f.suppressed = false;
        turn.spent = turn.budget;
        turn.moved = true;
    }
    if f.lose_action {
        f.lose_action = false;
        turn.action_used = true;
    }
    if f.lose_move {
        // RED-42 (Damaged or Lost Ear): no Move Action this turn, so no Run either.
        f.lose_move = false;
        turn.spent = turn.budget;
    }
    let dying = f.wound() == Wound::Mortally && !f.stabilized;
    let (body, penalty) = (f.stats.body, f.death_penalty());
    state.turn = turn;
    ev.emit(|| Event::TurnStarted { who: state.name(a) });
    if dying {
        let save = death_save(dice, body, penalty, None)?;
        ev.emit(|| Event::DeathSave {
            who: state.name(a),
            roll: save.roll,
            penalty: save.penalty,
            body,
            success: save.success,
        });
        if save.success {
            state.fighters[a].death_saves += 1;
        } else {
            state.fighters[a].dead = true;
            ev.emit(|| Event::Died { who: state.name(a) });
            release_holds(state, a);
            return Ok(false);
        }
    }
    if !state.fighters[a].able(&state.settings) {
        // `mortally_wounded_act` off: the death save was the whole turn.
        ev.emit(|| Event::TurnEnded { who: state.name(a) });
        fire_triggers(state, |t| *t == Trigger::AfterTurn { of: a }, dice, ev)?;
        return Ok(false);
    }
    Ok(true)
}

fn release_holds(state: &mut State, a: usize) {
    if let Some(v) = state.fighters[a].grabbing.take() {
        state.fighters[v].grabbed_by = None;
    }
    state.fighters[a].human_shield = false;
    if let Some(g) = state.fighters[a].grabbed_by.take() {
        state.fighters[g].grabbing = None;
        state.fighters[g].human_shield = false;
    }
}

fn actor_of(cmd: &Command) -> Option<usize> {
    use Command as C;
    Some(match cmd {
        C::Move { actor, .. }
        | C::Run { actor }
        | C::Attack { actor, .. }
        | C::Suppress { actor, .. }
        | C::Reload { actor, .. }
        | C::UseSkill { actor, .. }
        | C::Stabilize { actor, .. }
        | C::Grab { actor, .. }
        | C::Choke { actor }
        | C::Throw { actor }
        | C::HumanShield { actor }
        | C::Shield { actor, .. }
        | C::GetUp { actor }
        | C::UseObject { actor, .. }
        | C::Delay { actor, .. }
        | C::Board { actor, .. }
        | C::StartVehicle { actor }
        | C::Maneuver { actor, .. }
        | C::LeaveVehicle { actor }
        | C::NetAction { actor, .. }
        | C::Draw { actor, .. }
        | C::Drop { actor, .. }
        | C::EndTurn { actor }
        | C::Evade { actor, .. }
        | C::Leave { actor, .. } => *actor,
        C::Join { .. } => return None,
    })
}

// The checks every action makes stay small enough to inline; their refusals are built out
// of line.

fn require_action(state: &State) -> Result<(), RuleError> {
    if state.turn.action_used {
        return Err(action_spent(state));
    }
    Ok(())
}

#[cold]
fn action_spent(state: &State) -> RuleError {
    err(
        "RED-05",
        format!(
            "{} has already spent this turn's Action (a turn is one Move Action and one Action)",
            state.name(state.actor())
        ),
    )
}

fn target_index(state: &State, target: usize) -> Result<usize, RuleError> {
    if target >= state.fighters.len() {
        return Err(no_participant(state, target));
    }
    Ok(target)
}

#[cold]
fn no_participant(state: &State, target: usize) -> RuleError {
    err(
        "RED-08",
        format!(
            "there is no participant #{target} (there are {})",
            state.fighters.len()
        ),
    )
}

fn within_reach(state: &State, a: usize, b: usize, what: &str) -> Result<(), RuleError> {
    let d = state.metres(state.fighters[a].position, state.fighters[b].position);
    if d > state.settings.reach {
        return Err(err(
            "RED-08",
            format!(
                "{what} needs {} within {} m; {} is {d} m away",
                state.name(b),
                state.settings.reach,
                state.name(b)
            ),
        ));
    }
    Ok(())
}

/// Applies one command; refuses it (changing nothing) when it breaks a rule.
pub fn apply<D: Dice>(
    state: &mut State,
    cmd: &Command,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    if state.pending.is_some() || matches!(cmd, Command::Evade { .. }) {
        return answer_evasion(state, cmd, dice, ev);
    }
    admit(state, actor_of(cmd))?;
    match cmd {
        Command::EndTurn { actor } => return end_turn(state, *actor, dice, ev),
        Command::Leave { actor, how } => {
            state.fighters[*actor].left = Some(*how);
            release_holds(state, *actor);
            ev.emit(|| Event::Left {
                who: state.name(*actor),
                how: *how,
            });
            check_finish(state, ev);
            return end_turn(state, *actor, dice, ev);
        }
        Command::Join { character } => join(state, character, dice, ev)?,
        _ => perform(state, cmd, dice, ev, false)?,
    }
    let ends_task = !matches!(
        cmd,
        Command::UseSkill { .. }
            | Command::Draw { .. }
            | Command::Drop { .. }
            | Command::Move { .. }
            | Command::Join { .. }
    );
    settle(state, actor_of(cmd).filter(|_| ends_task), dice, ev)
}

/// The defender's [`Command::Evade`] to the attack waiting on it (RED-33): the attack's dice
/// are rolled now, against the DV or the defender's opposed roll. Any other command waits.
fn answer_evasion<D: Dice>(
    state: &mut State,
    cmd: &Command,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    if !state.equipped() {
        state.equip();
    }
    if let Some(f) = &state.finished {
        return Err(fight_over(f));
    }
    let Some(p) = &state.pending else {
        return Err(err(
            "RED-33",
            "no ranged attack is waiting for an evasion choice",
        ));
    };
    let (defender, attacker) = (p.defender, p.attacker);
    let evade = match cmd {
        Command::Evade { actor, evade } if *actor == defender => *evade,
        _ => return Err(awaiting_evasion(state, defender, attacker)),
    };
    let Command::Attack {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        ..
    } = p.attack
    else {
        unreachable!("a pending evasion holds an attack")
    };
    let order = AttackOrder {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        evade: Some(evade),
    };
    // Refused (evading without REF 8): nothing changes, the attack keeps waiting.
    let prepared = prepare_attack(state, attacker, &order)?;
    state.pending = None;
    ev.emit(|| Event::EvasionChosen {
        who: state.name(defender),
        evades: evade,
    });
    resolve_attack(state, &prepared, dice, ev, false)?;
    settle(state, None, dice, ev)
}

/// Whether the defender of the pending ranged attack does better evading: DEX + Evasion +
/// 5.5 (the d10's mean) beats the DV (what the default tactic answers, RED-33).
pub(crate) fn evasion_pays(state: &State) -> bool {
    let Some(p) = &state.pending else {
        return false;
    };
    let Command::Attack {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        ..
    } = p.attack
    else {
        return false;
    };
    let order = AttackOrder {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        evade: None,
    };
    // With no answer given, the attack's defence is the rule's.
    prepare_attack(state, p.attacker, &order)
        .is_ok_and(|prepared| matches!(prepared.spec.defense, Defense::Opposed { .. }))
}

/// The attack `command` would roll (an attack, or the answer to a pending one), for its
/// preview; `None` for a command that makes no attack roll.
pub(crate) fn attack_spec(
    state: &State,
    command: &Command,
) -> Result<Option<AttackSpec>, RuleError> {
    let (actor, attack, evade) = match (command, &state.pending) {
        (Command::Evade { evade, .. }, Some(p)) => (p.attacker, &p.attack, Some(*evade)),
        (Command::Attack { actor, .. }, None) => (*actor, command, None),
        _ => return Ok(None),
    };
    let Command::Attack {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        evade: given,
        ..
    } = *attack
    else {
        return Ok(None);
    };
    let order = AttackOrder {
        target,
        weapon,
        unarmed,
        mode,
        aim,
        evade: evade.or(given),
    };
    prepare_attack(state, actor, &order).map(|p| Some(p.spec))
}

#[cold]
fn awaiting_evasion(state: &State, defender: usize, attacker: usize) -> RuleError {
    err(
        "RED-33",
        format!(
            "{} must first choose whether to evade {}'s attack (evade, actor {defender})",
            state.name(defender),
            state.name(attacker)
        ),
    )
}

/// What every command is checked for first: the fight goes on, and it is `actor`'s turn.
#[inline]
fn admit(state: &mut State, actor: Option<usize>) -> Result<(), RuleError> {
    if !state.equipped() {
        state.equip();
    }
    if let Some(f) = &state.finished {
        return Err(fight_over(f));
    }
    if let Some(actor) = actor {
        if actor >= state.fighters.len() || actor != state.actor() {
            return Err(not_their_turn(state, actor));
        }
    }
    Ok(())
}

#[cold]
fn fight_over(f: &Finish) -> RuleError {
    err(
        "RED-01",
        format!("the fight is over ({}); no more commands", f.reason),
    )
}

#[cold]
fn not_their_turn(state: &State, actor: usize) -> RuleError {
    if actor >= state.fighters.len() {
        return err("RED-03", format!("there is no participant #{actor}"));
    }
    err(
        "RED-03",
        format!(
            "it is {}'s turn, not {}'s: the initiative queue never changes",
            state.name(state.actor()),
            state.name(actor)
        ),
    )
}

/// After a command that does not end the turn: a long task of `task_ended_by` is abandoned,
/// the fight may be over, and the queue moves on if the actor is gone.
fn settle<D: Dice>(
    state: &mut State,
    task_ended_by: Option<usize>,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    if let Some(a) = task_ended_by {
        state.fighters[a].task = None;
    }
    check_finish(state, ev);
    if state.finished.is_none() && !state.fighters[state.actor()].able(&state.settings) {
        advance(state, dice, ev)?;
    }
    Ok(())
}

/// Every command but ending the turn, leaving and joining: what a turn or a delayed action
/// (RED-10) does. `delayed` marks attacks made by a delay.
fn perform<D: Dice>(
    state: &mut State,
    cmd: &Command,
    dice: &mut D,
    ev: &mut Events,
    delayed: bool,
) -> Result<(), RuleError> {
    match cmd {
        Command::Move { actor, to, mode } => do_move(state, *actor, *to, *mode, dice, ev)?,
        Command::Run { actor } => run(state, *actor, ev)?,
        Command::Attack {
            actor,
            target,
            weapon,
            unarmed,
            mode,
            aim,
            evade,
        } => {
            let order = AttackOrder {
                target: *target,
                weapon: *weapon,
                unarmed: *unarmed,
                mode: *mode,
                aim: *aim,
                evade: *evade,
            };
            attack_action(state, *actor, &order, dice, ev, delayed)?;
        }
        Command::Suppress { actor, weapon } => suppress(state, *actor, *weapon, dice, ev)?,
        Command::Reload {
            actor,
            weapon,
            ammo,
        } => reload(state, *actor, *weapon, ammo.as_deref(), ev)?,
        Command::UseSkill {
            actor,
            stat,
            skill,
            dv,
            turns,
        } => use_skill(state, *actor, stat, skill, *dv, *turns, dice, ev)?,
        Command::Stabilize { actor, target } => stabilize(state, *actor, *target, dice, ev)?,
        Command::Grab {
            actor,
            target,
            item,
        } => grab(state, *actor, *target, *item, dice, ev)?,
        Command::Choke { actor } | Command::Throw { actor } | Command::HumanShield { actor } => {
            hold_action(state, *actor, cmd, ev)?
        }
        Command::Shield { actor, take } => {
            require_action(state)?;
            let free = state.fighters[*actor].free_hands();
            let f = &mut state.fighters[*actor];
            if f.shield.is_none() {
                return Err(err("RED-08", format!("{} carries no shield", f.name)));
            }
            if *take == f.shield_in_hand {
                return Err(err(
                    "RED-08",
                    format!(
                        "{}'s shield is already {}",
                        f.name,
                        if *take { "in hand" } else { "stowed" }
                    ),
                ));
            }
            if *take && free == 0 {
                return Err(err(
                    "RED-09",
                    format!("{} has no free hand for the shield", f.name),
                ));
            }
            f.shield_in_hand = *take;
            state.turn.action_used = true;
            ev.emit(|| Event::ShieldHeld {
                who: f.name.to_string(),
                in_hand: *take,
            });
        }
        Command::GetUp { actor } => get_up(state, *actor, ev)?,
        Command::UseObject {
            actor,
            holster,
            note,
        } => {
            require_action(state)?;
            let name = state.name(*actor);
            match holster {
                Some(w) => {
                    let weapon = weapon_at(state, *actor, *w)?;
                    if weapon.holding != Holding::InHand {
                        return Err(err(
                            "RED-09",
                            format!("{name}'s {} is not in hand", weapon.name),
                        ));
                    }
                    let wname = weapon.name.clone();
                    state.fighters[*actor].weapons[*w].holding = Holding::Holstered;
                    ev.emit(|| Event::Holstered {
                        who: name,
                        weapon: wname.to_string(),
                    });
                }
                None => ev.emit(|| Event::UsedObject {
                    who: name,
                    note: note.clone(),
                }),
            }
            state.turn.action_used = true;
        }
        Command::Delay {
            actor,
            action,
            trigger,
        } => declare_delay(state, *actor, action, *trigger, ev)?,
        Command::Board { actor, vehicle } => {
            require_action(state)?;
            let v = state
                .vehicles
                .get(*vehicle)
                .ok_or_else(|| err("RED-08", format!("there is no vehicle #{vehicle}")))?;
            let f = &state.fighters[*actor];
            if f.vehicle.is_some() {
                return Err(err("RED-08", format!("{} is already aboard", f.name)));
            }
            let d = state.metres(f.position, v.position);
            if d > state.settings.reach {
                return Err(err(
                    "RED-08",
                    format!(
                        "{} is {d} m from the {}; boarding needs {} m",
                        f.name, v.name, state.settings.reach
                    ),
                ));
            }
            let driver = v.driver.is_none();
            let vname = v.name.clone();
            if driver {
                state.vehicles[*vehicle].driver = Some(*actor);
            }
            state.fighters[*actor].vehicle = Some(*vehicle);
            state.turn.action_used = true;
            ev.emit(|| Event::Boarded {
                who: state.name(*actor),
                vehicle: vname,
                driver,
            });
        }
        Command::StartVehicle { actor } => {
            require_action(state)?;
            let v = driven(state, *actor)?;
            if state.vehicles[v].started {
                return Err(err("RED-08", "the vehicle is already running"));
            }
            state.vehicles[v].started = true;
            state.turn.action_used = true;
            // RED-03: the driver goes to the front; those after keep their indices, so the
            // round goes on with whoever was next.
            let pos = state.current;
            let who = state.queue.remove(pos);
            state.queue.insert(0, who);
            state.current = 0;
            state.resume = Some(pos + 1);
            ev.emit(|| Event::VehicleStarted {
                who: state.name(*actor),
                vehicle: state.vehicles[v].name.clone(),
                queue: state.queue_names(),
            });
        }
        Command::Maneuver { actor, dv } => {
            require_action(state)?;
            let v = driven(state, *actor)?;
            if !state.vehicles[v].started {
                return Err(err("RED-08", "start the vehicle before maneuvering"));
            }
            let f = &state.fighters[*actor];
            let base =
                f.reflexes() + f.skill("drive_land_vehicle") + f.check_modifier(&state.settings);
            let r = check(
                dice,
                &CheckSpec {
                    base,
                    dv: *dv,
                    critical: state.settings.critical_checks,
                },
                None,
            )?;
            state.turn.action_used = true;
            ev.emit(|| Event::SkillCheck {
                who: state.name(*actor),
                skill: "drive_land_vehicle".to_owned(),
                roll: r.roll,
                total: r.total,
                dv: *dv,
                success: r.success,
            });
        }
        Command::LeaveVehicle { actor } => {
            let v = state.fighters[*actor].vehicle.ok_or_else(|| {
                err(
                    "RED-09",
                    format!("{} is not aboard a vehicle", state.name(*actor)),
                )
            })?;
            if state.vehicles[v].driver == Some(*actor) {
                state.vehicles[v].driver = None;
            }
            state.fighters[*actor].vehicle = None;
            state.turn.moved = true;
            ev.emit(|| Event::LeftVehicle {
                who: state.name(*actor),
                vehicle: state.vehicles[v].name.clone(),
            });
        }
        Command::NetAction { actor, what } => {
            let f = &state.fighters[*actor];
            if f.net_actions == 0 {
                return Err(err(
                    "RED-08",
                    format!("{} is not a Netrunner: no NET actions", f.name),
                ));
            }
            if state.turn.net_used == 0 {
                require_action(state)?;
            }
            if state.turn.net_used >= f.net_actions {
                return Err(err(
                    "RED-08",
                    format!(
                        "{} has spent all {} NET actions this turn",
                        f.name, f.net_actions
                    ),
                ));
            }
            state.turn.net_used += 1;
            state.turn.action_used = true;
            ev.emit(|| Event::NetAction {
                who: f.name.to_string(),
                what: what.clone(),
                left: f.net_actions - state.turn.net_used,
            });
        }
        Command::Draw { actor, weapon } => draw(state, *actor, *weapon, ev)?,
        Command::Drop { actor, weapon } => drop_weapon(state, *actor, *weapon, ev)?,
        Command::EndTurn { .. }
        | Command::Leave { .. }
        | Command::Join { .. }
        | Command::Evade { .. } => {
            return Err(err(
                "RED-10",
                "ending a turn, leaving, joining or evading cannot be a delayed action",
            ))
        }
    }
    Ok(())
}

/// Run: the Action becomes a second move (RED-08).
fn run(state: &mut State, actor: usize, ev: &mut Events) -> Result<(), RuleError> {
    require_action(state)?;
    if !state.turn.moved {
        return Err(err(
            "RED-08",
            "Run is a second move: it is only allowed after moving this turn",
        ));
    }
    let metres = state.fighters[actor].move_allowance(&state.settings);
    state.turn.action_used = true;
    state.turn.budget += metres;
    ev.emit(|| Event::Ran {
        who: state.name(actor),
        metres,
    });
    Ok(())
}

/// An attack (RED-06, RED-07): at most two a turn.
fn attack_action<D: Dice>(
    state: &mut State,
    actor: usize,
    order: &AttackOrder,
    dice: &mut D,
    ev: &mut Events,
    delayed: bool,
) -> Result<(), RuleError> {
    if state.turn.attacks >= 2 {
        return Err(err(
            "RED-07",
            format!(
                "{} has made two attacks this turn; never more than two",
                state.name(actor)
            ),
        ));
    }
    let prepared = prepare_attack(state, actor, order)?;
    account_attack(state, &prepared)?;
    if prepared.ask && !delayed {
        // RED-33: the defender chooses before any die is rolled.
        state.pending = Some(PendingEvasion {
            attacker: actor,
            defender: prepared.target,
            attack: order.command(actor),
        });
        ev.emit(|| Event::EvasionAsked {
            who: state.name(prepared.target),
            attacker: state.name(actor),
        });
        return Ok(());
    }
    resolve_attack(state, &prepared, dice, ev, delayed)
}

/// Get up from prone (RED-13).
fn get_up(state: &mut State, actor: usize, ev: &mut Events) -> Result<(), RuleError> {
    require_action(state)?;
    let f = &mut state.fighters[actor];
    if !f.prone {
        return Err(err("RED-13", format!("{} is not prone", f.name)));
    }
    f.prone = false;
    state.turn.action_used = true;
    ev.emit(|| Event::GotUp {
        who: f.name.to_string(),
    });
    Ok(())
}

/// Draw a weapon at hand into free hands (RED-09).
fn draw(state: &mut State, actor: usize, weapon: usize, ev: &mut Events) -> Result<(), RuleError> {
    let w = weapon_at(state, actor, weapon)?;
    let name = state.name(actor);
    if w.holding != Holding::Holstered {
        return Err(err(
            "RED-09",
            format!("{name}'s {} is not at hand to draw", w.name),
        ));
    }
    let need = state.tables.weapons[&*w.profile].hands;
    if need > state.fighters[actor].free_hands() {
        return Err(err(
            "RED-09",
            format!("{name} has no free hand for the {} (needs {need})", w.name),
        ));
    }
    let wname = w.name.clone();
    state.fighters[actor].weapons[weapon].holding = Holding::InHand;
    ev.emit(|| Event::Drew {
        who: name,
        weapon: wname.to_string(),
    });
    Ok(())
}

/// Drop a weapon in hand (RED-09).
fn drop_weapon(
    state: &mut State,
    actor: usize,
    weapon: usize,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let w = weapon_at(state, actor, weapon)?;
    if w.holding != Holding::InHand {
        return Err(err(
            "RED-09",
            format!("{}'s {} is not in hand", state.name(actor), w.name),
        ));
    }
    let wname = w.name.clone();
    state.fighters[actor].weapons[weapon].holding = Holding::Dropped;
    ev.emit(|| Event::Dropped {
        who: state.name(actor),
        weapon: wname.to_string(),
        forced: false,
    });
    Ok(())
}

fn end_turn<D: Dice>(
    state: &mut State,
    actor: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    if state.finished.is_some() {
        return Ok(());
    }
    let over = state.fighters[actor].effects.moving_hurts_over;
    if over > 0 && state.turn.walked > over {
        let damage = state.settings.crit_bonus;
        let name = state.name(actor);
        ev.emit(|| Event::Hurt {
            who: name.clone(),
            by: name,
            how: "reopened critical injury".to_owned(),
            damage,
            hp: state.fighters[actor].hp.saturating_sub(damage as i32),
        });
        lose_hp(state, actor, damage, ev);
        check_finish(state, ev);
    }
    let over = state.fighters[actor].effects.moving_loses_move_over;
    if over > 0 && state.turn.walked > over {
        state.fighters[actor].lose_move = true;
    }
    ev.emit(|| Event::TurnEnded {
        who: state.name(actor),
    });
    fire_triggers(state, |t| *t == Trigger::AfterTurn { of: actor }, dice, ev)?;
    check_finish(state, ev);
    advance(state, dice, ev)
}

fn weapon_at(state: &State, actor: usize, w: usize) -> Result<&Weapon, RuleError> {
    let f = &state.fighters[actor];
    f.weapons.get(w).ok_or_else(|| no_weapon(f, w))
}

#[cold]
fn no_weapon(f: &Fighter, w: usize) -> RuleError {
    err(
        "RED-08",
        format!(
            "{} has no weapon #{w} (carries {})",
            f.name,
            f.weapons.len()
        ),
    )
}

fn driven(state: &State, actor: usize) -> Result<usize, RuleError> {
    let f = &state.fighters[actor];
    match f.vehicle {
        Some(v) if state.vehicles[v].driver == Some(actor) => Ok(v),
        _ => Err(err(
            "RED-03",
            format!("{} is not driving a vehicle", f.name),
        )),
    }
}

fn do_move<D: Dice>(
    state: &mut State,
    actor: usize,
    to: i32,
    mode: MoveMode,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let f = &state.fighters[actor];
    if f.prone {
        return Err(err(
            "RED-13",
            format!(
                "{} is prone and cannot move: Get Up first (an Action)",
                f.name
            ),
        ));
    }
    if f.grabbed_by.is_some() {
        return Err(err(
            "RED-08",
            format!("{} is held by a grab and cannot move", f.name),
        ));
    }
    if f.vehicle.is_some() {
        return Err(err(
            "RED-09",
            format!("{} is aboard a vehicle: leave it first", f.name),
        ));
    }
    let distance = f.position.abs_diff(to);
    if distance == 0 {
        return Err(err("RED-11", format!("{} is already at {to} m", f.name)));
    }
    let per_metre = match mode {
        MoveMode::Walk => 1,
        MoveMode::Swim | MoveMode::Climb | MoveMode::RunningJump => 2,
        MoveMode::StandingJump => state.settings.standing_jump_cost,
    };
    let cost = distance.saturating_mul(per_metre);
    let left = state.turn.budget.saturating_sub(state.turn.spent);
    if cost > left {
        let rule = if mode == MoveMode::Walk {
            "RED-11"
        } else {
            "RED-12"
        };
        return Err(err(
            rule,
            format!(
                "{} m by {mode:?} costs {cost} m of MOVE; {} has {left} m left this turn",
                distance, f.name
            ),
        ));
    }
    let from = f.position;
    state.fighters[actor].position = to;
    state.turn.spent += cost;
    state.turn.walked += state.metres(from, to);
    state.turn.moved = true;
    ev.emit(|| Event::Moved {
        who: state.name(actor),
        from,
        to,
        mode,
        cost,
        left: left - cost,
    });
    fire_triggers(state, |t| *t == Trigger::Moves { who: actor }, dice, ev)
}

/// What an attack will do, worked out before any die is drawn.
struct Prepared {
    actor: usize,
    target: usize,
    recipient: usize,
    weapon: Option<usize>,
    /// The unarmed style's name, when `weapon` is none.
    style: &'static str,
    mode: FireMode,
    aim: Aim,
    rof: u32,
    rounds: u32,
    spec: AttackSpec,
    location: Location,
    /// The defender may evade and nobody has said whether it does (RED-33).
    ask: bool,
}

impl Prepared {
    /// The weapon's name, or the unarmed style's.
    fn label<'s>(&self, state: &'s State) -> &'s str {
        match self.weapon {
            Some(w) => &state.fighters[self.actor].weapons[w].name,
            None => self.style,
        }
    }
}

fn prepare_attack(state: &State, actor: usize, order: &AttackOrder) -> Result<Prepared, RuleError> {
    let s = &state.settings;
    let target = target_index(state, order.target)?;
    let a = &state.fighters[actor];
    let t = &state.fighters[target];
    if target == actor {
        return Err(err("RED-08", format!("{} cannot attack themself", a.name)));
    }
    if !t.present() {
        return Err(err(
            "RED-08",
            format!("{} is no longer in the fight", t.name),
        ));
    }
    let distance = state.metres(a.position, t.position);
    let (kind, dice_n, rof, skill, half_sp, style, kit) = match (order.weapon, order.unarmed) {
        (Some(w), None) => {
            let weapon = weapon_at(state, actor, w)?;
            if weapon.holding != Holding::InHand {
                return Err(err(
                    "RED-09",
                    format!("{}'s {} is not in hand: draw it first", a.name, weapon.name),
                ));
            }
            let k = &weapon.kit.0;
            let kind = if k.melee {
                WeaponKind::Melee
            } else {
                WeaponKind::Ranged
            };
            (kind, k.damage, k.rof, k.skill, k.melee, "", Some(k))
        }
        (None, Some(style)) => {
            let (name, skill, half) = match style {
                Unarmed::Brawling => ("brawling", a.sheet.0.brawling, false),
                Unarmed::MartialArts => ("martial_arts", a.sheet.0.martial_arts, true),
            };
            (
                WeaponKind::Melee,
                unarmed_dice(a.stats.body),
                2,
                skill,
                half,
                name,
                None,
            )
        }
        _ => {
            return Err(err(
                "RED-08",
                "an attack names either a weapon or an unarmed style, not both or neither",
            ))
        }
    };
    let autofire = order.mode == FireMode::Autofire;
    let mut modifier = a.check_modifier(s);
    if order.aim != Aim::None {
        if autofire {
            return Err(err(
                "RED-34",
                "an aimed shot is a single attack, not autofire",
            ));
        }
        modifier -= s.aimed_penalty;
    }
    let mut ask = false;
    let (attack_base, defense, rounds, dice_n, cap) = match kind {
        WeaponKind::Ranged => {
            let k = kit.expect("ranged attacks have a weapon");
            let weapon = &a.weapons[order.weapon.expect("ranged attacks have a weapon")];
            let (row, rounds, skill, dice_n, cap) = if autofire {
                if k.autofire == 0 {
                    return Err(err(
                        "RED-35",
                        format!("{} cannot fire on autofire", weapon.name),
                    ));
                }
                (
                    k.auto_row.expect("validated"),
                    s.autofire_rounds,
                    a.sheet.0.autofire,
                    2,
                    k.autofire,
                )
            } else {
                (k.single_row.expect("validated"), 1, skill, dice_n, 0)
            };
            // RED-36: a weapon without a magazine spends nothing.
            let rounds = if k.needs_ammo { rounds } else { 0 };
            if weapon.loaded < rounds {
                return Err(err(
                    "RED-36",
                    format!(
                        "{}'s {} has {} rounds loaded; this needs {rounds}: reload",
                        a.name, weapon.name, weapon.loaded
                    ),
                ));
            }
            let Some(dv) = state.tables.dv.dv_in(state.row(row), distance) else {
                let p = &state.tables.weapons[&*weapon.profile];
                let name = if autofire { &p.autofire_row } else { &p.dv_row };
                return Err(DvTable::out_of_range(
                    name.as_deref().unwrap_or_default(),
                    distance,
                ));
            };
            let base = a.reflexes()
                + skill
                + modifier
                + a.effects.ranged
                + a.sheet.0.ranged
                + a.hand_modifier(order.weapon);
            let eligible = t.reflexes() >= s.evasion_ref && !t.effects.no_evade && t.standing();
            let evade_base = t.evasion_base(s);
            let choice = order.evade.or(t.evade);
            ask = eligible && choice.is_none();
            let evades = match choice {
                Some(true) if !eligible => {
                    return Err(err(
                        "RED-33",
                        format!(
                            "{} cannot evade ranged attacks: it needs REF {} (has {})",
                            t.name,
                            s.evasion_ref,
                            t.reflexes()
                        ),
                    ))
                }
                Some(choice) => choice,
                None => eligible && 2 * evade_base + 11 > 2 * dv,
            };
            let defense = if evades {
                Defense::Opposed { base: evade_base }
            } else {
                Defense::Dv { dv }
            };
            (base, defense, rounds, dice_n, cap)
        }
        WeaponKind::Melee => {
            if autofire {
                return Err(err("RED-35", "melee attacks cannot autofire"));
            }
            if distance > s.reach {
                return Err(err(
                    "RED-37",
                    format!(
                        "{} is {distance} m away; melee reaches {} m",
                        t.name, s.reach
                    ),
                ));
            }
            let base = a.dex()
                + skill
                + modifier
                + a.effects.melee
                + a.sheet.0.melee
                + a.hand_modifier(order.weapon);
            (
                base,
                Defense::Opposed {
                    base: t.evasion_base(s),
                },
                0,
                dice_n,
                0,
            )
        }
    };
    let recipient = match (kind, t.human_shield, t.grabbing) {
        (WeaponKind::Ranged, true, Some(v)) => v,
        _ => target,
    };
    let location = if order.aim == Aim::Head && recipient == target {
        Location::Head
    } else {
        Location::Body
    };
    let r = &state.fighters[recipient];
    let sp = match location {
        Location::Head => r.head.as_ref(),
        Location::Body => r.body.as_ref(),
    }
    .map_or(0, |p| p.sp);
    let spec = AttackSpec {
        attack: attack_base,
        defense,
        autofire_cap: cap,
        damage: DamageSpec {
            dice: dice_n,
            multiplier: 1,
            sp,
            half_sp,
            head_multiplier: if location == Location::Head {
                // RED-42 Cracked Skull: at least its multiplier.
                s.head_multiplier.max(r.effects.head_multiplier)
            } else {
                1
            },
            crit_sixes: s.crit_sixes,
            crit_bonus: s.crit_bonus,
        },
        critical: s.critical_checks,
    };
    Ok(Prepared {
        actor,
        target,
        recipient,
        weapon: order.weapon,
        style,
        mode: order.mode,
        aim: order.aim,
        rof: if autofire || (order.aim != Aim::None && s.aimed_whole_action) {
            1
        } else {
            rof
        },
        rounds,
        spec,
        location,
        ask,
    })
}

/// RED-05 … RED-07: whether this attack fits the turn, and spending for it.
fn account_attack(state: &mut State, p: &Prepared) -> Result<(), RuleError> {
    let t = &state.turn;
    let name = &state.fighters[p.actor].name;
    if t.attacks >= 2 {
        return Err(err(
            "RED-07",
            format!("{name} has made two attacks this turn; never more than two"),
        ));
    }
    if t.attacks == 0 {
        require_action(state)?;
    } else if t.attack_rof < 2 {
        return Err(err(
            "RED-07",
            format!("{name}'s Action went to a ROF 1 attack; a second attack needs ROF 2 (two ROF 1 weapons never fire with one Action)"),
        ));
    } else if p.rof < 2
        && !(state.settings.mixed_rof && p.mode == FireMode::Single && p.aim == Aim::None)
    {
        return Err(err(
            "RED-06",
            format!(
                "a second attack in one Action needs a ROF 2 weapon used singly; {} is not",
                p.label(state)
            ),
        ));
    }
    state.turn.action_used = true;
    state.turn.attacks += 1;
    state.turn.attack_rof = if state.turn.attacks == 1 { p.rof } else { 0 };
    Ok(())
}

fn resolve_attack<D: Dice>(
    state: &mut State,
    p: &Prepared,
    dice: &mut D,
    ev: &mut Events,
    delayed: bool,
) -> Result<(), RuleError> {
    // The transcript only feeds the damage event: a quiet log needs none.
    let mut transcript = ev.is_recording().then(Transcript::new);
    let result = attack(dice, &p.spec, transcript.as_mut())?;
    let rounds_left = p.weapon.and_then(|w| {
        let f = &mut state.fighters[p.actor];
        f.tally.ammo_spent += p.rounds;
        let weapon = &mut f.weapons[w];
        (p.rounds > 0).then(|| {
            weapon.loaded -= p.rounds;
            weapon.loaded
        })
    });
    let defense = match (p.spec.defense, result.defense_roll) {
        (Defense::Opposed { .. }, Some(roll)) => DefenseRoll::Evasion {
            roll,
            total: result.defense_total,
        },
        _ => DefenseRoll::Dv {
            dv: result.defense_total,
        },
    };
    ev.emit(|| Event::Attack {
        who: state.name(p.actor),
        target: state.name(p.target),
        weapon: p.label(state).to_owned(),
        mode: p.mode,
        aim: p.aim,
        roll: result.roll,
        total: result.total,
        defense,
        hit: result.hit,
        margin: result.margin,
        multiplier: result.multiplier,
        rounds_left,
        delayed,
    });
    let Some(dmg) = result.damage else {
        return Ok(());
    };
    let r = p.recipient;
    if r != p.target {
        ev.emit(|| Event::Shielded {
            who: state.name(p.target),
            by: state.name(r),
        });
    }
    if p.aim == Aim::Item && (dmg.penetrated || !state.settings.item_drop_needs_damage) {
        drop_hand(state, p.target, ev);
    }
    if state.fighters[r].shield_in_hand {
        let f = &mut state.fighters[r];
        let hp = f.shield.unwrap_or(0) - dmg.raw as i32;
        let broken = hp <= 0;
        f.shield = if broken { None } else { Some(hp) };
        f.shield_in_hand = !broken;
        ev.emit(|| Event::ShieldHit {
            who: f.name.to_string(),
            damage: dmg.raw,
            hp: hp.max(0),
            broken,
        });
        return Ok(());
    }
    let sp_before = match p.location {
        Location::Head => state.fighters[r].head.as_ref(),
        Location::Body => state.fighters[r].body.as_ref(),
    }
    .map_or(0, |a| a.sp);
    let hp_after = state.fighters[r].hp.saturating_sub(dmg.hp_loss as i32);
    ev.emit(|| Event::Damage {
        who: state.name(r),
        location: p.location,
        dice: transcript.map_or_else(Vec::new, |t| {
            t.dice
                .iter()
                .filter(|d| d.label == "damage")
                .map(|d| d.value)
                .collect()
        }),
        multiplier: result.multiplier,
        raw: dmg.raw,
        sp: sp_before,
        effective_sp: dmg.effective_sp,
        through: dmg.through,
        bonus: dmg.hp_loss - dmg.through,
        hp_loss: dmg.hp_loss,
        hp: hp_after,
    });
    let dealt = &mut state.fighters[p.actor].tally.damage_dealt;
    *dealt = dealt.saturating_add(dmg.hp_loss);
    lose_hp(state, r, dmg.hp_loss, ev);
    if dmg.penetrated {
        let f = &mut state.fighters[r];
        let piece = match p.location {
            Location::Head => f.head.as_mut(),
            Location::Body => f.body.as_mut(),
        };
        if let Some(piece) = piece {
            if piece.sp > 0 {
                piece.sp -= 1;
                ev.emit(|| Event::Ablated {
                    who: f.name.to_string(),
                    location: p.location,
                    sp: piece.sp,
                });
            }
        }
    }
    if dmg.critical {
        inflict_injury(
            state,
            r,
            p.location == Location::Head,
            dmg.injury_roll,
            dmg.injury_roll,
            ev,
        );
    }
    if p.aim == Aim::Leg && dmg.penetrated {
        let roll = state.settings.leg_injury;
        inflict_injury(state, r, false, roll, 0, ev);
    }
    Ok(())
}

/// HP loss with its wound-state consequences (RED-44); HP never rises here.
fn lose_hp(state: &mut State, who: usize, amount: u32, ev: &mut Events) {
    if amount == 0 {
        return;
    }
    let f = &mut state.fighters[who];
    let before = f.wound();
    f.tally.damage_taken = f.tally.damage_taken.saturating_add(amount);
    f.hp = f.hp.saturating_sub(amount as i32);
    f.stabilized = false;
    let after = f.wound();
    if after != before {
        ev.emit(|| Event::Wounded {
            who: f.name.to_string(),
            state: after,
        });
    }
    if after == Wound::Mortally && before != Wound::Mortally {
        release_holds(state, who);
    }
}

fn suppress<D: Dice>(
    state: &mut State,
    actor: usize,
    weapon: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let s = state.settings.clone();
    let w = weapon_at(state, actor, weapon)?;
    let p = &state.tables.weapons[&*w.profile];
    if w.holding != Holding::InHand {
        return Err(err("RED-09", format!("{} is not in hand", w.name)));
    }
    if p.autofire == 0 {
        return Err(err(
            "RED-35",
            format!("{} cannot lay down suppressive fire", w.name),
        ));
    }
    if w.loaded < s.autofire_rounds {
        return Err(err(
            "RED-36",
            format!(
                "{} has {} rounds; suppressive fire needs {}",
                w.name, w.loaded, s.autofire_rounds
            ),
        ));
    }
    let row = p.autofire_row.clone().expect("validated");
    let label = w.name.clone();
    let prepared = Prepared {
        actor,
        target: actor,
        recipient: actor,
        weapon: Some(weapon),
        style: "",
        mode: FireMode::Autofire,
        aim: Aim::None,
        rof: 1,
        rounds: s.autofire_rounds,
        spec: AttackSpec::default(),
        location: Location::Body,
        ask: false,
    };
    account_attack(state, &prepared)?;
    let a = &state.fighters[actor];
    let base = a.reflexes() + a.skill("autofire") + a.check_modifier(&s);
    let pos = a.position;
    let side = a.side;
    let roll = roll_d10(dice, s.critical_checks, "suppressive fire", None)?;
    let total = base + roll.value;
    let f = &mut state.fighters[actor];
    f.weapons[weapon].loaded -= s.autofire_rounds;
    f.tally.ammo_spent += s.autofire_rounds;
    ev.emit(|| Event::Suppress {
        who: f.name.to_string(),
        weapon: label.to_string(),
        roll,
        total,
        rounds_left: f.weapons[weapon].loaded,
    });
    for i in 0..state.fighters.len() {
        let t = &state.fighters[i];
        if t.side == side
            || !t.standing()
            || state
                .tables
                .dv
                .dv(&row, state.metres(t.position, pos))
                .is_err()
        {
            continue;
        }
        let base = t.stats.will + t.skill("concentration") + t.check_modifier(&s);
        let r = check(
            dice,
            &CheckSpec {
                base,
                dv: total - 1,
                critical: s.critical_checks,
            },
            None,
        )?;
        // The defender wins ties: holding firm needs total >= the suppressor's.
        ev.emit(|| Event::SkillCheck {
            who: t.name.to_string(),
            skill: "concentration".to_owned(),
            roll: r.roll,
            total: r.total,
            dv: total,
            success: r.success,
        });
        if !r.success {
            state.fighters[i].suppressed = true;
            ev.emit(|| Event::Suppressed { who: state.name(i) });
        }
    }
    Ok(())
}

fn reload(
    state: &mut State,
    actor: usize,
    weapon: usize,
    ammo: Option<&str>,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    weapon_at(state, actor, weapon)?;
    // Disjoint borrows: the tables and the weapon are read while the reserve changes.
    let Fighter {
        name,
        weapons,
        reserve,
        ..
    } = &mut state.fighters[actor];
    let w = &mut weapons[weapon];
    let p = &state.tables.weapons[&*w.profile];
    if p.magazine == 0 {
        return Err(err("RED-36", format!("{} takes no ammunition", w.name)));
    }
    if w.holding != Holding::InHand {
        return Err(err(
            "RED-36",
            format!("{name}'s {} must be in hand to reload", w.name),
        ));
    }
    let calibre = p.calibre.as_deref().unwrap_or(&w.profile);
    let kind = ammo.unwrap_or(&w.ammo);
    let available = reserve
        .get(calibre)
        .and_then(|m| m.get(kind))
        .copied()
        .unwrap_or(0);
    if available == 0 {
        return Err(err(
            "RED-36",
            format!(
                "{name} has no spare {kind} {calibre} rounds to reload the {}",
                w.name
            ),
        ));
    }
    if kind == &*w.ammo && w.loaded == p.magazine {
        return Err(err(
            "RED-36",
            format!("{name}'s {} is already full", w.name),
        ));
    }
    // RED-08: a reload fills the magazine with one type; rounds of the old type go back.
    // The reserve is shared with the setup until the first reload copies it.
    let stock = Arc::make_mut(reserve)
        .get_mut(calibre)
        .expect("checked: it holds rounds");
    match stock.get_mut(&*w.ammo) {
        Some(n) => *n += w.loaded,
        None => {
            stock.insert(Arc::clone(&w.ammo), w.loaded);
        }
    }
    let have = stock.get_mut(kind).expect("checked: it holds rounds");
    let rounds = p.magazine.min(*have);
    *have -= rounds;
    w.loaded = rounds;
    if kind != &*w.ammo {
        w.ammo = kind.into();
    }
    state.turn.action_used = true;
    ev.emit(|| Event::Reloaded {
        who: name.to_string(),
        weapon: w.name.to_string(),
        ammo: w.ammo.to_string(),
        rounds,
    });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn use_skill<D: Dice>(
    state: &mut State,
    actor: usize,
    stat: &str,
    skill: &str,
    dv: i32,
    turns: u32,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let f = &state.fighters[actor];
    let stat_value = f.stats.get(stat).ok_or_else(|| {
        err(
            "RED-08",
            format!("'{stat}' is not a stat (ref, dex, body, will, move, tech, int, cool)"),
        )
    })?;
    if turns == 0 || turns > 1000 {
        return Err(err("RED-08", "a task takes 1 to 1000 turns"));
    }
    crate::resolve::bounded("RED-08", "the DV", i64::from(dv))?;
    let speech = injury::SPEECH_SKILLS.contains(&skill);
    if speech && f.effects.mute {
        return Err(err(
            "RED-42",
            format!(
                "{} cannot speak (a critical injury): no {skill} check",
                f.name
            ),
        ));
    }
    let task = match &f.task {
        Some(t) if t.stat == stat && t.skill == skill && t.dv == dv && t.turns == turns => Task {
            done: t.done + 1,
            ..t.clone()
        },
        _ => Task {
            stat: stat.to_owned(),
            skill: skill.to_owned(),
            dv,
            turns,
            done: 1,
        },
    };
    state.turn.action_used = true;
    if task.done < task.turns {
        ev.emit(|| Event::TaskProgress {
            who: f.name.to_string(),
            skill: skill.to_owned(),
            done: task.done,
            turns,
        });
        state.fighters[actor].task = Some(task);
        return Ok(());
    }
    // RED-42: eye and ear injuries weigh on Perception, a broken jaw on speech.
    let injured = match skill {
        "perception" => f.effects.perception,
        _ if speech => f.effects.speech,
        _ => 0,
    };
    let base = stat_value + f.skill(skill) + f.check_modifier(&state.settings) + injured;
    let r = check(
        dice,
        &CheckSpec {
            base,
            dv,
            critical: state.settings.critical_checks,
        },
        None,
    )?;
    ev.emit(|| Event::SkillCheck {
        who: f.name.to_string(),
        skill: skill.to_owned(),
        roll: r.roll,
        total: r.total,
        dv,
        success: r.success,
    });
    state.fighters[actor].task = None;
    Ok(())
}

fn stabilize<D: Dice>(
    state: &mut State,
    actor: usize,
    target: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let target = target_index(state, target)?;
    let t = &state.fighters[target];
    if t.dead || t.wound() != Wound::Mortally || t.stabilized {
        return Err(err(
            "RED-45",
            format!(
                "{} is not a mortally wounded, unstabilized, living character",
                t.name
            ),
        ));
    }
    within_reach(state, actor, target, "Stabilize")?;
    let f = &state.fighters[actor];
    let base = f.stats.tech
        + f.skill("first_aid").max(f.skill("paramedic"))
        + f.check_modifier(&state.settings);
    let dv = state.settings.stabilize_dv;
    let r = check(
        dice,
        &CheckSpec {
            base,
            dv,
            critical: state.settings.critical_checks,
        },
        None,
    )?;
    state.turn.action_used = true;
    if r.success {
        let t = &mut state.fighters[target];
        t.stabilized = true;
        t.death_saves = 0;
    }
    ev.emit(|| Event::Stabilize {
        who: state.name(actor),
        target: state.name(target),
        roll: r.roll,
        total: r.total,
        dv,
        success: r.success,
    });
    Ok(())
}

fn grab<D: Dice>(
    state: &mut State,
    actor: usize,
    target: usize,
    item: Option<usize>,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let target = target_index(state, target)?;
    if target == actor || !state.fighters[target].present() {
        return Err(err("RED-08", "grab someone else who is still in the fight"));
    }
    within_reach(state, actor, target, "a grab")?;
    let a = &state.fighters[actor];
    let escape = a.grabbed_by == Some(target) && item.is_none();
    if !escape {
        let need = match item {
            Some(w) => {
                let weapon = weapon_at(state, target, w)?;
                if weapon.holding != Holding::InHand {
                    return Err(err(
                        "RED-08",
                        format!(
                            "{}'s {} is not in hand to snatch",
                            state.name(target),
                            weapon.name
                        ),
                    ));
                }
                state.tables.weapons[&*weapon.profile].hands
            }
            None => {
                if a.grabbing.is_some() {
                    return Err(err("RED-08", format!("{} already holds someone", a.name)));
                }
                1
            }
        };
        if need > a.free_hands() {
            return Err(err(
                "RED-08",
                format!("{} has no free hand to grab with", a.name),
            ));
        }
    }
    let s = &state.settings;
    let t = &state.fighters[target];
    let base = a.dex() + a.skill("brawling") + a.check_modifier(s);
    let dbase = t.dex() + t.skill("brawling") + t.check_modifier(s);
    let ar = roll_d10(dice, s.critical_checks, "grab", None)?;
    let dr = roll_d10(dice, s.critical_checks, "grab defense", None)?;
    let (total, defense) = (base + ar.value, dbase + dr.value);
    let success = total > defense;
    state.turn.action_used = true;
    let mut taken = None;
    if success {
        match (escape, item) {
            (true, _) => release_holds(state, actor),
            (false, Some(w)) => {
                let mut weapon = state.fighters[target].weapons[w].clone();
                state.fighters[target].weapons[w].holding = Holding::Dropped;
                weapon.holding = Holding::InHand;
                // Its kit came along; the skill at it is the new holder's.
                let p = &state.tables.weapons[&*weapon.profile];
                weapon.kit.0.skill = state.fighters[actor].skill(&p.skill);
                taken = Some(weapon.name.to_string());
                state.fighters[actor].weapons.push(weapon);
            }
            (false, None) => {
                state.fighters[actor].grabbing = Some(target);
                state.fighters[target].grabbed_by = Some(actor);
            }
        }
    }
    ev.emit(|| Event::Grab {
        who: state.name(actor),
        target: state.name(target),
        total,
        defense,
        success,
        escape,
        item: taken,
    });
    Ok(())
}

fn hold_action(
    state: &mut State,
    actor: usize,
    cmd: &Command,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let victim = state.fighters[actor].grabbing.ok_or_else(|| {
        err(
            "RED-08",
            format!("{} holds no one: Grab first", state.name(actor)),
        )
    })?;
    state.turn.action_used = true;
    let body = state.fighters[actor].stats.body.max(0) as u32;
    // Both a choke and a throw deal BODY (a human shield deals nothing).
    if !matches!(cmd, Command::HumanShield { .. }) {
        let dealt = &mut state.fighters[actor].tally.damage_dealt;
        *dealt = dealt.saturating_add(body);
    }
    let (who, target) = (state.name(actor), state.name(victim));
    match cmd {
        Command::HumanShield { .. } => {
            state.fighters[actor].human_shield = true;
            ev.emit(|| Event::HumanShield { who, target });
        }
        Command::Choke { .. } => {
            ev.emit(|| Event::Hurt {
                who: target,
                by: who,
                how: "choke".to_owned(),
                damage: body,
                hp: state.fighters[victim].hp.saturating_sub(body as i32),
            });
            lose_hp(state, victim, body, ev);
        }
        _ => {
            ev.emit(|| Event::Thrown {
                who: who.clone(),
                target: target.clone(),
            });
            ev.emit(|| Event::Hurt {
                who: target.clone(),
                by: who,
                how: "throw".to_owned(),
                damage: body,
                hp: state.fighters[victim].hp.saturating_sub(body as i32),
            });
            release_holds(state, actor);
            state.fighters[victim].prone = true;
            ev.emit(|| Event::FellProne { who: target });
            lose_hp(state, victim, body, ev);
        }
    }
    Ok(())
}

fn declare_delay(
    state: &mut State,
    actor: usize,
    action: &Command,
    trigger: Trigger,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let watched = match trigger {
        Trigger::AfterTurn { of } => of,
        Trigger::Moves { who } => who,
    };
    if watched >= state.fighters.len() || watched == actor {
        return Err(err(
            "RED-10",
            "a delay's trigger must watch another participant of the fight",
        ));
    }
    let target = match action {
        Command::Attack { target, .. }
        | Command::Stabilize { target, .. }
        | Command::Grab { target, .. } => Some(target_index(state, *target)?),
        Command::Suppress { .. }
        | Command::Reload { .. }
        | Command::UseSkill { .. }
        | Command::Choke { .. }
        | Command::Throw { .. }
        | Command::HumanShield { .. }
        | Command::Shield { .. }
        | Command::GetUp { .. }
        | Command::UseObject { .. }
        | Command::Maneuver { .. }
        | Command::NetAction { .. } => None,
        _ => {
            return Err(err(
                "RED-10",
                "a delay holds an Action (attack, reload, skill, stabilize, grab …), not movement, Run, a vehicle start, another delay or a turn's end",
            ))
        }
    };
    if actor_of(action) != Some(actor) {
        return Err(err(
            "RED-10",
            "the delayed action must be the delaying participant's own",
        ));
    }
    if state.delays.iter().any(|d| d.actor == actor) {
        return Err(err("RED-10", "only one delayed action may wait at a time"));
    }
    state.turn.action_used = true;
    state.delays.push(Delay {
        actor,
        action: action.clone(),
        trigger,
        round: state.round,
    });
    ev.emit(|| Event::DelayDeclared {
        who: state.name(actor),
        action: serde_json::to_value(action)
            .ok()
            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned))
            .unwrap_or_default(),
        target: target.map(|t| state.name(t)),
        trigger,
        watching: state.name(watched),
    });
    Ok(())
}

/// Fires every waiting delay whose trigger matches, in the order they were declared: the
/// delayed action is taken at once, out of turn, with its own fresh Action; if it is no
/// longer legal it is lost.
fn fire_triggers<D: Dice>(
    state: &mut State,
    matches: impl Fn(&Trigger) -> bool,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let mut i = 0;
    while i < state.delays.len() {
        if !matches(&state.delays[i].trigger) || state.finished.is_some() {
            i += 1;
            continue;
        }
        let d = state.delays.remove(i);
        let who = state.name(d.actor);
        if !state.fighters[d.actor].able(&state.settings) {
            ev.emit(|| Event::DelayLost {
                who,
                reason: "no longer in the fight".to_owned(),
            });
            continue;
        }
        let Some(slot) = state.queue.iter().position(|&q| q == d.actor) else {
            continue;
        };
        let saved_current = std::mem::replace(&mut state.current, slot);
        let saved_turn = std::mem::take(&mut state.turn);
        let mut sub = ev.nested();
        sub.emit(|| Event::DelayTriggered { who: who.clone() });
        let result = perform(state, &d.action, dice, &mut sub, true);
        state.current = saved_current;
        state.turn = saved_turn;
        match result {
            Ok(()) => {
                ev.append(sub);
                check_finish(state, ev);
            }
            Err(e) => ev.emit(|| Event::DelayLost {
                who,
                reason: e.to_string(),
            }),
        }
    }
    Ok(())
}

fn join<D: Dice>(
    state: &mut State,
    c: &CharacterSetup,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    c.validate(&state.tables)?;
    if let Some(f) = state
        .fighters
        .iter()
        .find(|f| crate::setup::same_name(&f.name, &c.name))
    {
        return Err(err(
            "setup",
            format!(
                "character.name: found '{}'; a participant named '{}' is already in the fight (names must be unique ignoring case)",
                c.name, f.name
            ),
        ));
    }
    let i = state.fighters.len();
    let f = Fighter::new(c, &state.tables, Arc::make_mut(&mut state.gear.0.rows));
    state.fighters.push(f);
    roll_initiative(state, i, dice, ev)?;
    let score = state.fighters[i].initiative;
    // Default: an equal already in the queue cannot reroll: the newcomer goes after it
    // (or before it with `newcomer_wins_ties`).
    let first = state.settings.newcomer_wins_ties;
    let pos = state
        .queue
        .iter()
        .position(|&q| {
            let other = state.fighters[q].initiative;
            other < score || (first && other == score)
        })
        .unwrap_or(state.queue.len());
    state.queue.insert(pos, i);
    if pos <= state.current {
        state.current += 1;
    }
    if let Some(r) = state.resume.as_mut() {
        if pos < *r {
            *r += 1;
        }
    }
    ev.emit(|| Event::Joined {
        who: state.name(i),
        initiative: score,
        queue: state.queue_names(),
    });
    Ok(())
}
