//! What the engine reports: every event of an encounter, for the log and replays.

use super::*;

/// A stat a check adds (RED-30), by its setup key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stat {
    /// REF.
    #[default]
    Ref,
    /// DEX.
    Dex,
    /// BODY.
    Body,
    /// WILL.
    Will,
    /// MOVE.
    Move,
    /// TECH.
    Tech,
    /// INT.
    Int,
    /// COOL.
    Cool,
    /// No stat: a bare d10 (`settings.tie_reroll: "d10"`).
    None,
}

impl Stat {
    /// The stat named by a setup key ("ref", "dex" …).
    pub fn parse(key: &str) -> Option<Stat> {
        Some(match key {
            "ref" => Stat::Ref,
            "dex" => Stat::Dex,
            "body" => Stat::Body,
            "will" => Stat::Will,
            "move" => Stat::Move,
            "tech" => Stat::Tech,
            "int" => Stat::Int,
            "cool" => Stat::Cool,
            _ => return None,
        })
    }
}

/// What a check adds to its d10 (RED-30), term by term, so that a reader can add them up:
/// `sum()` is the base the d10 is added to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Terms {
    /// The stat added.
    pub stat: Stat,
    /// Its value on the sheet (before the armour penalty).
    pub stat_value: i32,
    /// The skill's level plus its bonus (the skill's name is the event's).
    pub skill: i32,
    /// RED-41 armour penalty to REF and DEX (0 or less).
    pub armor: i32,
    /// RED-44 wound penalty: Seriously −2, Mortally −4 (0 or less).
    pub wound: i32,
    /// RED-42 critical injuries: to all actions, to this kind of check, to this hand.
    pub injury: i32,
    /// RED-34 aimed shot (−8 by default; 0 when not aimed).
    pub aimed: i32,
    /// The character's own `modifier` and its `bonuses` for this kind of check.
    pub modifier: i32,
}

impl Terms {
    /// The base the d10 is added to.
    pub fn sum(&self) -> i32 {
        self.stat_value
            + self.skill
            + self.armor
            + self.wound
            + self.injury
            + self.aimed
            + self.modifier
    }
}

/// The defence an attack met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DefenseRoll {
    /// The range DV (RED-32): the attack's DV row at the range band of its distance.
    Dv {
        /// DV.
        dv: i32,
    },
    /// The defender's evasion roll (RED-33, RED-37).
    Evasion {
        /// Defender's d10.
        roll: D10,
        /// Defender's total.
        total: i32,
        /// DEX + Evasion + modifiers, term by term.
        #[serde(default)]
        terms: Terms,
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
        /// The RED-41 armour penalty already taken from `reflexes` (0 or less).
        #[serde(default)]
        armor: i32,
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
        /// REF after the armour penalty (0 for a bare d10).
        #[serde(default)]
        reflexes: i32,
        /// The `initiative` bonus (0 for a bare d10).
        #[serde(default)]
        bonus: i32,
        /// The RED-41 armour penalty already taken from `reflexes` (0 or less).
        #[serde(default)]
        armor: i32,
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
        /// Positions and movement are 2 m squares (`settings.grid`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        grid: bool,
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
        /// What the d10 is added to: STAT + skill + modifiers, term by term.
        #[serde(default)]
        terms: Terms,
        /// The skill the attack uses (a setup key: `handgun`, `autofire` …).
        #[serde(default)]
        skill: String,
        /// The defence.
        defense: DefenseRoll,
        /// The DV row the range DV comes from (`pistol`, `assault_rifle_autofire` …);
        /// empty for melee.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        row: String,
        /// Distance to the target (metres, or squares on a grid).
        #[serde(default)]
        distance: u32,
        /// Hit.
        hit: bool,
        /// Total minus defence.
        margin: i32,
        /// Damage multiplier (autofire).
        multiplier: u32,
        /// The weapon's autofire multiplier cap (RED-35); 0 for a single attack.
        #[serde(default)]
        cap: u32,
        /// Rounds the attack spent (RED-35, RED-36).
        #[serde(default)]
        spent: u32,
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
        /// Multiplier of the damage through armour: 2 on the head (3 with a Cracked
        /// Skull), else 1 (RED-34, RED-40).
        #[serde(default = "one")]
        head_multiplier: u32,
        /// HP through the armour (after head doubling).
        through: u32,
        /// Critical bonus.
        bonus: u32,
        /// HP lost.
        hp_loss: u32,
        /// HP after.
        hp: i32,
        /// Maximum HP.
        #[serde(default)]
        hp_max: i32,
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
        /// Its penalty to all actions (RED-44): 0, −2 or −4 by default.
        #[serde(default)]
        penalty: i32,
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
        /// Maximum HP.
        #[serde(default)]
        hp_max: i32,
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
        /// What the d10 is added to, term by term.
        #[serde(default)]
        terms: Terms,
        /// `dv` is an attacker's total that a tie holds against (resisting suppressive
        /// fire): success is `total ≥ dv`; otherwise success is beating the DV.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        resists: bool,
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
        /// TECH + the better of First Aid and Paramedic + modifiers.
        #[serde(default)]
        terms: Terms,
        /// The skill used (`first_aid` or `paramedic`).
        #[serde(default)]
        skill: String,
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
        /// Attacker's d10.
        #[serde(default)]
        roll: D10,
        /// Attacker's DEX + Brawling + modifiers.
        #[serde(default)]
        terms: Terms,
        /// Defender's d10.
        #[serde(default)]
        defense_roll: D10,
        /// Defender's DEX + Brawling + modifiers.
        #[serde(default)]
        defense_terms: Terms,
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
        /// REF + Autofire + modifiers.
        #[serde(default)]
        terms: Terms,
        /// Rounds spent.
        #[serde(default)]
        spent: u32,
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
        /// Who is still in the fight on the winning side (none without a winner).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        winners: Vec<String>,
        /// The round it ended in.
        #[serde(default)]
        round: u32,
        /// It ended at the round limit (`settings.max_rounds`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        round_limit: bool,
    },
}

fn one() -> u32 {
    1
}
