//! The encounter engine: initiative, turns, actions, attacks, specials (BW-04 … BW-40).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use fray_dice::{Dice, EventLog, RuleError};

mod opportunity;
mod order;
mod preview;
mod scene;

pub use opportunity::Provoked;
pub(crate) use preview::{rolls, Rolls};

pub(crate) use order::next_round;
use order::{join, roll_initiative};
pub(crate) use scene::{cover_spot, weapon_within_reach};

/// Where the engine's events go (recorded by sessions, dropped unbuilt by simulation).
type Events = EventLog<Event>;
use serde::{Deserialize, Serialize};

use crate::check::{
    check, damage, roll_k, AttackSpec, CheckResult, CheckSpec, Restraint, MAX_POOL,
};
use crate::health::{HealthState, Shock};
use crate::initiative::OrderMethod;
use crate::setup::{Character, FirearmInMelee, Settings, Setup, Weapon};
use crate::tables::{Aspect, Cover, Distance, WeaponKind};

/// A character named in an event: its index and its name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Who {
    /// Index in the setup's `characters`.
    pub id: usize,
    /// Name.
    pub name: String,
}

/// Where a character stands in the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Not in yet: joins at the start of a round (BW-10).
    Reserve,
    /// In the fight (possibly Dying).
    Active,
    /// Left the fight after a round out of combat (BW-11).
    Left,
    /// Dead (BW-20).
    Dead,
}

/// A character during the encounter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// The setup data (weapons carry their ammunition).
    pub character: Character,
    /// Hits left (BW-17).
    pub hits: i32,
    /// In, out, dead.
    pub status: Status,
    /// Conscious (false when Dying and fainted, BW-21).
    pub conscious: bool,
    /// Initiative level, once rolled (BW-06).
    pub level: Option<u32>,
    /// Index of the weapon in hand; `None` = fists.
    pub wielded: Option<usize>,
    /// Weapons on the floor (BW-27): where each lies.
    pub dropped: Vec<Dropped>,
    /// Direction (−1, 0, +1) of its most recent move, in this turn or an earlier one: the
    /// «предшествующее движение» of a Quick Shot (BW-36).
    pub last_move: i8,
    /// After-effect waiting for the next turn (BW-19).
    pub shock: Shock,
    /// Defensive Stance: +1K against the next melee attack (BW-30).
    pub stance: bool,
    /// Full Defense: +1K against melee until the next own turn (BW-30).
    pub full_defense: bool,
    /// Reaction: +1K against ranged attacks until the next own turn (BW-37).
    pub reaction: bool,
    /// Whom this character holds (BW-28).
    pub holding: Option<usize>,
    /// Who holds this character (BW-28).
    pub held_by: Option<usize>,
    /// The round in which it declared leaving (BW-11).
    pub withdrawing: Option<u32>,
    /// Made (or passed) its First Strike (BW-09).
    pub first_strike_done: bool,
    /// Struck first: initiative bonus is the First Strike K (BW-09).
    pub struck_first: bool,
    /// Rounds spent unconscious and Dying, for the hourly loss (BW-21).
    pub unconscious_rounds: u32,
    /// Rounds of counted ammunition (and throws) it spent: the sum of its `AmmoSpent`.
    #[serde(default)]
    pub ammo_spent: u32,
    /// Damage its attacks dealt (after armour and restraint, BW-16, BW-31).
    #[serde(default)]
    pub damage_dealt: u32,
    /// Damage it took: from attacks and from its own failed Disarm or Grapple (BW-27,
    /// BW-28); not the hits a Dying character loses by bleeding (BW-21).
    #[serde(default)]
    pub damage_taken: u32,
    /// The round it went down in (Dying or dead), when it did; 0 is the First Strike.
    #[serde(default)]
    pub defeated_round: Option<u32>,
}

/// A weapon knocked out of its owner's hands (BW-27): «падает в паре метров».
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dropped {
    /// Index of the weapon in its owner's `weapons`.
    pub weapon: usize,
    /// Where it lies on the scene's line, in metres.
    pub at: i32,
}

/// Two characters fighting hand to hand, and the 90° sectors they stand in (BW-24).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Engagement {
    /// Who closed in.
    pub attacker: usize,
    /// On whom.
    pub target: usize,
    /// The attacker's sector around the target (0 front, 1 right, 2 back, 3 left).
    pub sector: u8,
    /// The target's sector around the attacker.
    pub back: u8,
}

/// The phase of the encounter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// First Strikes before initiative (BW-09).
    FirstStrike,
    /// A round is being played.
    Round,
    /// Between rounds: newcomers may join (BW-10).
    BetweenRounds,
    /// Over.
    Over,
}

/// The current turn's budget (BW-12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Index into the order.
    pub slot: usize,
    /// Who acts.
    pub actor: usize,
    /// Main action (ОД) spent.
    pub main: bool,
    /// Additional action (ДД) spent.
    pub additional: bool,
    /// Minor actions (НД) spent.
    pub minor: u32,
    /// A burst was fired this turn (no Quick Shot after it, BW-36).
    pub burst: bool,
    /// Direction (−1, 0, +1) of this turn's main attack, for Quick Shot (BW-36).
    pub direction: i8,
}

/// Everything the engine needs to go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Rule settings.
    pub settings: Settings,
    /// Everyone.
    pub fighters: Vec<Fighter>,
    /// Phase.
    pub phase: Phase,
    /// Round number (0 before the first round).
    pub round: u32,
    /// Initiative queues per level (BW-06, BW-07); turns go from the highest level down.
    pub levels: BTreeMap<u32, Vec<usize>>,
    /// The turn order of the round, highest level first.
    pub order: Vec<usize>,
    /// The turn being played.
    pub turn: Option<Turn>,
    /// Melee engagements.
    pub engagements: Vec<Engagement>,
    /// Winning side once over (`None` for a draw or while going on).
    pub winner: Option<u8>,
    /// Total damage dealt so far (the simulation metric).
    pub wounds_dealt: u64,
    /// A move waiting for the opportunity attacks it provoked to be taken or declined
    /// (BW-26): the pending decision of [`Provoked::decider`].
    #[serde(default)]
    pub pending: Option<Provoked>,
}

/// Common fields of an attack command.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Strike {
    /// Who attacks.
    pub actor: usize,
    /// Whom.
    pub target: usize,
    /// Which weapon (index); `None` = the one in hand.
    pub weapon: Option<usize>,
    /// Which aspect; `None` = the best allowed (BW-23, BW-32).
    pub aspect: Option<Aspect>,
    /// Situational bonus K (BW-03), at most 10.
    pub bonus: u32,
    /// Situational extra difficulty K (BW-03, BW-33), at most 10.
    pub extra: u32,
    /// Restraint (BW-31).
    pub restraint: Restraint,
}

/// A Long Burst at several targets in a cone (BW-40).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Spray {
    /// Who fires.
    pub actor: usize,
    /// Targets in the cone, all in one direction.
    pub targets: Vec<usize>,
    /// Which weapon; `None` = the one in hand.
    pub weapon: Option<usize>,
    /// Which aspect; `None` = the best allowed.
    pub aspect: Option<Aspect>,
    /// Situational bonus K.
    pub bonus: u32,
    /// Situational extra difficulty K.
    pub extra: u32,
    /// Restraint.
    pub restraint: Restraint,
}

/// One decision by a participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// Attack (ОД, BW-14): melee if engaged with the target, else ranged.
    Attack(Strike),
    /// Quick Strike (ДД, BW-30): melee, +2K extra difficulty.
    QuickStrike(Strike),
    /// Feinting Strike (ПД, BW-30): melee, +1K.
    FeintStrike(Strike),
    /// Quick Shot (ДД, BW-36): ranged, +2K (+3K off direction), not after a burst.
    QuickShot(Strike),
    /// Aimed Shot (ПД, BW-38): ranged, +1K.
    AimedShot(Strike),
    /// Short Burst (ОД, BW-39).
    ShortBurst(Strike),
    /// Long Burst (ПД, BW-40).
    LongBurst(Spray),
    /// Disarm (ОД, BW-27).
    Disarm {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Grapple (ПД, BW-28).
    Grapple {
        /// Who.
        actor: usize,
        /// Whom.
        target: usize,
    },
    /// Break Free (ОД, BW-29).
    BreakFree {
        /// Who.
        actor: usize,
    },
    /// Let go of the held target (НД).
    Release {
        /// Who.
        actor: usize,
    },
    /// Defensive Stance (ДД, BW-30).
    DefensiveStance {
        /// Who.
        actor: usize,
    },
    /// Full Defense (ПД, BW-30).
    FullDefense {
        /// Who.
        actor: usize,
    },
    /// Reaction (ДД, BW-37): only in cover.
    Reaction {
        /// Who.
        actor: usize,
    },
    /// Move (ДД) or Sprint (ПД) to a position (BW-13); may engage a target in melee.
    Move {
        /// Who.
        actor: usize,
        /// Where to, in metres.
        to: i32,
        /// Sprint (ПД) rather than Move (ДД).
        #[serde(default)]
        sprint: bool,
        /// Close into melee with this enemy.
        #[serde(default)]
        engage: Option<usize>,
        /// The 90° sector around the target (0–3); default the first free.
        #[serde(default)]
        sector: Option<u8>,
    },
    /// Reload the weapon in hand (ДД).
    Reload {
        /// Who.
        actor: usize,
    },
    /// Pick up one's own weapon from the floor within reach (ДД, BW-27); it is then in hand.
    PickUp {
        /// Who.
        actor: usize,
        /// Which weapon (index); `None` = the nearest on the floor.
        #[serde(default)]
        weapon: Option<usize>,
    },
    /// Declare leaving the fight (НД, BW-11).
    Withdraw {
        /// Who.
        actor: usize,
    },
    /// A conscious Dying character faints (BW-21): НД on its own turn, free at any time.
    LetGo {
        /// Who.
        actor: usize,
    },
    /// Decline the First Strike (BW-09).
    Pass {
        /// Who.
        actor: usize,
    },
    /// End the turn.
    EndTurn {
        /// Who.
        actor: usize,
    },
    /// Take (`attack`) or decline the opportunity attack a move offers (BW-26): the
    /// pending decision of the enemy it provoked, lowest index first.
    Opportunity {
        /// Who may attack.
        actor: usize,
        /// Take it (true) or let the mover go (false).
        attack: bool,
    },
    /// Newcomers join at the start of the next round (BW-10).
    Join {
        /// Who joins.
        actors: Vec<usize>,
    },
    /// Start the next round.
    NextRound,
}

/// Which action an attack or contest event came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// Attack.
    Attack,
    /// Quick Strike.
    QuickStrike,
    /// Feinting Strike.
    FeintStrike,
    /// Quick Shot.
    QuickShot,
    /// Aimed Shot.
    AimedShot,
    /// Short Burst.
    ShortBurst,
    /// Long Burst.
    LongBurst,
    /// Opportunity attack.
    Opportunity,
    /// Disarm.
    Disarm,
    /// Grapple.
    Grapple,
    /// Break Free.
    BreakFree,
}

/// Why a turn was skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// Dead (BW-08).
    Dead,
    /// Unconscious (BW-21).
    Unconscious,
    /// Concussion (BW-19).
    Concussion,
}

/// A defence option taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Defence {
    /// Defensive Stance.
    Stance,
    /// Full Defense.
    FullDefense,
    /// Reaction.
    Reaction,
}

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The encounter began.
    Started {
        /// Everyone, reserves included.
        characters: Vec<Who>,
        /// Who may make a First Strike (BW-09).
        first_strikers: Vec<Who>,
    },
    /// An initiative level was rolled (BW-04 … BW-06).
    InitiativeRolled {
        /// Who.
        actor: Who,
        /// The stat (BW-04).
        stat: u32,
        /// Modifier K rolled (BW-05, BW-09).
        modifier_k: u32,
        /// Ones on them.
        ones: u32,
        /// The level (BW-06).
        level: u32,
    },
    /// Placed on its level by the dice method (BW-07a).
    Placed {
        /// Who.
        actor: Who,
        /// Level.
        level: u32,
        /// K rolled (characters already placed).
        k: u32,
        /// Ones: places from the end.
        ones: u32,
    },
    /// A level was shuffled by the card method (BW-07b).
    Shuffled {
        /// Level.
        level: u32,
        /// The new order of that level.
        order: Vec<Who>,
    },
    /// The turn order now.
    OrderSet {
        /// Highest level first.
        order: Vec<Who>,
    },
    /// Newcomers joined (BW-10).
    Joined {
        /// Who.
        actors: Vec<Who>,
        /// How they were placed.
        method: OrderMethod,
    },
    /// A round began.
    RoundStarted {
        /// Its number.
        round: u32,
    },
    /// A round ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// A turn began.
    TurnStarted {
        /// Who acts.
        actor: Who,
    },
    /// A turn was skipped.
    TurnSkipped {
        /// Whose.
        actor: Who,
        /// Why.
        reason: SkipReason,
    },
    /// Pain Shock took the Main action (BW-19).
    MainActionLost {
        /// Whose.
        actor: Who,
    },
    /// Holding a grapple spent the Additional action (BW-28).
    GrappleMaintained {
        /// Who holds.
        actor: Who,
        /// Whom.
        target: Who,
    },
    /// A conscious Dying character lost a hit at the start of its turn (BW-21).
    Bleeding {
        /// Who.
        actor: Who,
        /// Hits now.
        hits: i32,
    },
    /// Someone moved (BW-13).
    Moved {
        /// Who.
        actor: Who,
        /// From metres.
        from: i32,
        /// To metres.
        to: i32,
        /// Sprint.
        sprint: bool,
    },
    /// A move changed a character's cover (BW-35).
    CoverChanged {
        /// Who.
        actor: Who,
        /// The cover where it stands now.
        cover: Cover,
    },
    /// A weapon was picked up from the floor (BW-27).
    PickedUp {
        /// Who.
        actor: Who,
        /// Weapon name.
        weapon: String,
    },
    /// Closed into melee (BW-24).
    Engaged {
        /// Who.
        actor: Who,
        /// With whom.
        target: Who,
        /// Sector around the target.
        sector: u8,
    },
    /// An enemy let a mover go without its opportunity attack (BW-26).
    OpportunityDeclined {
        /// Who let the mover go.
        actor: Who,
        /// The mover.
        target: Who,
    },
    /// Left melee.
    Disengaged {
        /// Who.
        actor: Who,
        /// From whom.
        target: Who,
    },
    /// An attack roll (BW-14; ranged BW-33; Long Burst repeats it per target with one roll).
    Attacked {
        /// Attacker.
        actor: Who,
        /// Target.
        target: Who,
        /// Which action.
        action: Action,
        /// Melee rules (BW-22) or ranged.
        melee: bool,
        /// The attacker's aspect.
        aspect: Aspect,
        /// The distance level, for ranged attacks.
        distance: Option<Distance>,
        /// Pool K.
        pool: u32,
        /// Difficulty K.
        difficulty: u32,
        /// The roll.
        result: CheckResult,
        /// Succeeded whatever the dice (a held target, BW-28).
        automatic: bool,
        /// A First Strike (BW-09).
        first_strike: bool,
    },
    /// An opposed check of a special action (BW-27 … BW-29).
    Contested {
        /// Who.
        actor: Who,
        /// Against whom.
        target: Who,
        /// Which.
        action: Action,
        /// Pool K.
        pool: u32,
        /// Difficulty K.
        difficulty: u32,
        /// The roll.
        result: CheckResult,
    },
    /// Damage taken (BW-15, BW-16, BW-31).
    Damaged {
        /// Who.
        target: Who,
        /// Trivial damage.
        trivial: u32,
        /// Effective damage.
        effective: u32,
        /// Dealt after restraint.
        dealt: u32,
        /// Hits left.
        hits: i32,
        /// State now.
        state: HealthState,
    },
    /// Pain Shock or Concussion (BW-19).
    Shocked {
        /// Who.
        target: Who,
        /// Which.
        shock: Shock,
    },
    /// Dying (BW-21).
    Dying {
        /// Who.
        actor: Who,
        /// Stayed conscious.
        conscious: bool,
    },
    /// Fainted (BW-21).
    Fainted {
        /// Who.
        actor: Who,
    },
    /// Died (BW-20).
    Died {
        /// Who.
        actor: Who,
    },
    /// A weapon fell (BW-27).
    Disarmed {
        /// Who knocked it away.
        actor: Who,
        /// Whose.
        target: Who,
        /// Weapon name.
        weapon: String,
        /// Where it landed, 1–8 clockwise from north, a couple of metres away.
        direction: u32,
    },
    /// Held (BW-28).
    Grappled {
        /// Who holds.
        actor: Who,
        /// Whom.
        target: Who,
    },
    /// A hold ended (BW-28, BW-29).
    Released {
        /// Who held.
        actor: Who,
        /// Who is free.
        target: Who,
    },
    /// A defence option (BW-30, BW-37).
    Defending {
        /// Who.
        actor: Who,
        /// Which.
        defence: Defence,
    },
    /// Reaction lost on entering melee (BW-37).
    ReactionLost {
        /// Who.
        actor: Who,
    },
    /// Rounds spent (BW-39, BW-40) or a shot fired.
    AmmoSpent {
        /// Who.
        actor: Who,
        /// Weapon.
        weapon: String,
        /// Rounds.
        rounds: u32,
        /// Left in it.
        left: u32,
    },
    /// Reloaded.
    Reloaded {
        /// Who.
        actor: Who,
        /// Weapon.
        weapon: String,
        /// Rounds now.
        ammo: u32,
    },
    /// Declared leaving (BW-11).
    Withdrawing {
        /// Who.
        actor: Who,
    },
    /// Attacked while leaving: still in the fight (BW-11).
    WithdrawalBroken {
        /// Who.
        actor: Who,
    },
    /// Left the fight (BW-11).
    Left {
        /// Who.
        actor: Who,
    },
    /// Passed on the First Strike.
    Passed {
        /// Who.
        actor: Who,
    },
    /// A turn ended.
    TurnEnded {
        /// Whose.
        actor: Who,
    },
    /// The encounter is over.
    Ended {
        /// Winning side, `None` for a draw.
        winner: Option<u8>,
        /// Rounds played.
        rounds: u32,
    },
}

/// Bare hands: the weapon of anyone holding none.
static FISTS: LazyLock<Weapon> = LazyLock::new(Weapon::default);

/// A refusal. Cold: the optimiser then keeps the checks on the way lean.
#[cold]
fn err(rule: &'static str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// How an attack is resolved.
#[derive(Clone, Copy, Debug)]
struct Plan {
    actor: usize,
    target: usize,
    weapon: Option<usize>,
    aspect: Aspect,
    melee: bool,
    action: Action,
    /// Weapon effectiveness the hit adds (0 for a gun used as a blow, BW-22).
    effectiveness: u32,
    /// Rounds the attack fires (0 for a blow).
    rounds: u32,
    pool: u32,
    extra: u32,
    comfortable: Distance,
    first_strike: bool,
    restraint: Restraint,
}

// The small checks and lookups below run on every command. Several are
// `#[inline(always)]`: their refusal messages make them look big to the optimiser, but what
// runs is a few instructions, and a call costs more than the check.
impl State {
    fn who(&self, i: usize) -> Who {
        Who {
            id: i,
            name: self.fighters[i].character.name.to_string(),
        }
    }

    #[inline(always)]
    fn f(&self, i: usize) -> &Fighter {
        &self.fighters[i]
    }

    /// In the fight and on its feet (hits ≥ 1): what victory and targeting count.
    #[inline(always)]
    pub fn standing(&self, i: usize) -> bool {
        let f = &self.fighters[i];
        f.status == Status::Active && f.hits >= 1
    }

    /// In the fight and conscious: may act.
    #[inline(always)]
    pub fn can_act(&self, i: usize) -> bool {
        let f = &self.fighters[i];
        f.status == Status::Active && f.conscious
    }

    /// The health state of a character.
    #[inline(always)]
    pub fn health_state(&self, i: usize) -> HealthState {
        if self.fighters[i].status == Status::Dead {
            return HealthState::Dead;
        }
        self.settings.health.state(self.fighters[i].hits)
    }

    #[inline(always)]
    fn wound_k(&self, i: usize) -> u32 {
        self.settings.health.wound_difficulty(self.health_state(i))
    }

    /// Whether `a` and `b` are fighting hand to hand.
    #[inline(always)]
    pub fn engaged(&self, a: usize, b: usize) -> bool {
        self.engagements
            .iter()
            .any(|e| (e.attacker == a && e.target == b) || (e.attacker == b && e.target == a))
    }

    /// Everyone engaged with `i`, ascending.
    pub fn engaged_with(&self, i: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self.partners(i).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Everyone engaged with `i`, in engagement order (a pair listed twice would repeat):
    /// the allocation-free form of [`State::engaged_with`] for the hot paths.
    pub(crate) fn partners(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.sectors_around(i).map(|(o, _)| o)
    }

    /// How many different characters engaged with `i` pass `keep`.
    pub(crate) fn count_engaged(&self, i: usize, keep: impl Fn(usize) -> bool) -> usize {
        self.partners(i)
            .enumerate()
            .filter(|&(k, o)| keep(o) && !self.partners(i).take(k).any(|p| p == o))
            .count()
    }

    /// Everyone engaged with `i`, with the sector each stands in around `i`.
    fn sectors_around(&self, i: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.engagements.iter().filter_map(move |e| {
            if e.target == i {
                Some((e.attacker, e.sector))
            } else if e.attacker == i {
                Some((e.target, e.back))
            } else {
                None
            }
        })
    }

    #[inline(always)]
    fn distance(&self, a: usize, b: usize) -> u32 {
        self.f(a)
            .character
            .position
            .abs_diff(self.f(b).character.position)
    }

    #[inline(always)]
    fn enemies(&self, a: usize, b: usize) -> bool {
        self.f(a).character.side != self.f(b).character.side
    }

    #[inline(always)]
    fn weapon(&self, i: usize, choice: Option<usize>) -> Result<Option<usize>, RuleError> {
        let f = self.f(i);
        match choice {
            None => Ok(f.wielded),
            Some(w) if w >= f.character.weapons.len() => Err(err(
                "BW-14",
                format!(
                    "{} has no weapon #{w} (it carries {})",
                    f.character.name,
                    f.character.weapons.len()
                ),
            )),
            Some(w) if f.dropped.iter().any(|d| d.weapon == w) => Err(err(
                "BW-27",
                format!(
                    "{}'s {} lies on the floor after a disarm",
                    f.character.name, f.character.weapons[w].name
                ),
            )),
            Some(w) => Ok(Some(w)),
        }
    }

    #[inline(always)]
    fn weapon_data(&self, i: usize, w: Option<usize>) -> &Weapon {
        match w {
            Some(w) => &self.f(i).character.weapons[w],
            None => &FISTS,
        }
    }

    #[inline(always)]
    fn aspects_for(&self, i: usize, w: Option<usize>, melee: bool) -> &[Aspect] {
        let weapon = self.weapon_data(i, w);
        if let Some(list) = &weapon.aspects {
            if melee != weapon.kind.is_ranged() {
                return list;
            }
        }
        if melee {
            weapon.kind.melee_aspects()
        } else {
            weapon.kind.ranged_aspects()
        }
    }

    /// How `i`'s weapon `w` strikes hand to hand (BW-22, BW-23): pool bonus,
    /// effectiveness, and rounds it fires (a loaded gun shooting point-blank, by setting).
    #[inline(always)]
    fn in_melee(&self, i: usize, w: Option<usize>) -> (u32, u32, u32) {
        let weapon = self.weapon_data(i, w);
        if !weapon.kind.blunt_in_melee() {
            return (weapon.bonus, weapon.effectiveness, 0);
        }
        let shoots = weapon.kind == WeaponKind::Firearm
            && self.settings.firearm_in_melee == FirearmInMelee::Shot
            && weapon.ammo != Some(0);
        if shoots {
            (0, weapon.effectiveness, 1)
        } else {
            (0, 0, 0)
        }
    }

    #[inline(always)]
    fn best_aspect(&self, i: usize, list: &[Aspect]) -> Aspect {
        let c = &self.f(i).character;
        let mut best = (list[0], c.aspect(list[0]));
        for &a in list {
            let v = c.aspect(a);
            if v > best.1 {
                best = (a, v);
            }
        }
        best.0
    }

    #[inline(always)]
    fn pick_aspect(
        &self,
        i: usize,
        w: Option<usize>,
        melee: bool,
        chosen: Option<Aspect>,
    ) -> Result<Aspect, RuleError> {
        let list = self.aspects_for(i, w, melee);
        if list.is_empty() {
            return Err(err("BW-32", "this weapon cannot attack at range"));
        }
        match chosen {
            None => Ok(self.best_aspect(i, list)),
            Some(a) if list.contains(&a) => Ok(a),
            Some(a) => Err(err(
                if melee { "BW-23" } else { "BW-32" },
                format!("{a:?} cannot be used with this weapon; allowed: {list:?}"),
            )),
        }
    }

    #[inline(always)]
    fn outnumbering(&self, target: usize) -> u32 {
        // One pass over the attackers: how many, the first two sectors, and whether the
        // target is lone (no attacker also fights an ally of the target).
        let (mut count, mut sectors) = (0, [0u8; 2]);
        for (a, sector) in self.sectors_around(target) {
            if !(self.enemies(a, target) && self.can_act(a)) {
                continue;
            }
            if self
                .partners(a)
                .any(|o| o != target && !self.enemies(o, target))
            {
                return 0;
            }
            if let Some(s) = sectors.get_mut(count) {
                *s = sector;
            }
            count += 1;
        }
        let opposite = count == 2 && (sectors[0] + 2) % 4 == sectors[1];
        self.settings.outnumbering.bonus(count as u32, opposite)
    }

    #[inline(always)]
    fn melee_defence(&self, target: usize) -> u32 {
        let t = self.f(target);
        let list = self.aspects_for(target, t.wielded, true);
        let best = self.best_aspect(target, list);
        t.character.aspect(best)
            + t.character.armour.defence_bonus
            + u32::from(t.stance)
            + u32::from(t.full_defense)
    }

    #[inline(always)]
    fn ranged_defence(&self, target: usize, level: Distance, comfortable: Distance) -> u32 {
        let t = self.f(target);
        let reaction = t.reaction
            && t.character.cover != Cover::None
            && self.partners(target).next().is_none();
        self.settings.distances.difficulty(level, comfortable)
            + self.settings.cover.difficulty(t.character.cover)
            + u32::from(reaction)
    }

    fn order_names(&self) -> Vec<Who> {
        self.order.iter().map(|&i| self.who(i)).collect()
    }

    fn rebuild_order(&mut self) {
        self.order.clear();
        for queue in self.levels.values().rev() {
            self.order.extend_from_slice(queue);
        }
    }
}

/// Each character's state, health and counts, for the fight summary and the per-combatant
/// statistics: the state key is its health state's name (`healthy` … `dead`, as in
/// events), or `left` / `reserve`.
pub(crate) fn standings(state: &State) -> Vec<fray_dice::Standing> {
    use fray_dice::{Counter, Track};
    let max = i64::from(state.settings.health.max());
    (0..state.fighters.len())
        .map(|i| {
            let f = state.f(i);
            let key = match f.status {
                Status::Left => "left",
                Status::Reserve => "reserve",
                _ => match state.health_state(i) {
                    HealthState::Healthy => "healthy",
                    HealthState::LightlyWounded => "lightly_wounded",
                    HealthState::Wounded => "wounded",
                    HealthState::BadlyWounded => "badly_wounded",
                    HealthState::Dying => "dying",
                    HealthState::Dead => "dead",
                },
            };
            fray_dice::Standing {
                name: f.character.name.to_string(),
                side: usize::from(f.character.side),
                up: state.can_act(i) && f.hits >= 1,
                state: key,
                tracks: vec![Track {
                    key: "health",
                    now: i64::from(f.hits),
                    max,
                }],
                counters: vec![
                    Counter {
                        key: "ammo_spent",
                        value: i64::from(f.ammo_spent),
                    },
                    Counter {
                        key: "damage_dealt",
                        value: i64::from(f.damage_dealt),
                    },
                    Counter {
                        key: "damage_taken",
                        value: i64::from(f.damage_taken),
                    },
                ],
                defeated_round: f.defeated_round,
            }
        })
        .collect()
}

#[inline]
fn check_actor(state: &State, actor: usize) -> Result<(), RuleError> {
    if actor >= state.fighters.len() {
        return Err(err("setup", format!("there is no character #{actor}")));
    }
    Ok(())
}

/// Action cost per BW-12.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cost {
    Main,
    Additional,
    Full,
    Minor,
    /// Out of turn: costs nothing.
    None,
}

#[inline(always)]
fn afford(state: &State, actor: usize, cost: Cost) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return Ok(());
    }
    let turn = state
        .turn
        .ok_or_else(|| err("BW-08", "no turn is being played"))?;
    let f = state.f(actor);
    let dying = f.hits < 1;
    match cost {
        Cost::Main | Cost::Full if dying => Err(err(
            "BW-21",
            format!(
                "{} is Dying: no Main action (and so no Full action)",
                f.character.name
            ),
        )),
        Cost::Main if turn.main => Err(err(
            "BW-12",
            "the Main action (ОД) of this turn is already spent (or lost to Pain Shock)",
        )),
        Cost::Additional
            if turn.additional && !(state.settings.main_as_additional && !turn.main && !dying) =>
        {
            Err(err(
                "BW-12",
                "the Additional action (ДД) of this turn is already spent",
            ))
        }
        Cost::Full if turn.main || turn.additional => Err(err(
            "BW-12",
            "a Full action (ПД) needs both the Main and the Additional action unspent",
        )),
        Cost::Minor if turn.minor >= state.settings.max_minor => Err(err(
            "BW-12",
            format!(
                "at most {} Minor actions (НД) per turn",
                state.settings.max_minor
            ),
        )),
        _ => Ok(()),
    }
}

#[inline(always)]
fn spend(state: &mut State, cost: Cost) {
    if let Some(t) = state.turn.as_mut() {
        match cost {
            Cost::Main => t.main = true,
            // The second Additional action of a turn is the traded Main (afford allowed it).
            Cost::Additional if t.additional => t.main = true,
            Cost::Additional => t.additional = true,
            Cost::Full => {
                t.main = true;
                t.additional = true;
            }
            Cost::Minor => t.minor += 1,
            Cost::None => {}
        }
    }
}

/// Checks that `actor` may act now: its turn (or its First Strike), conscious, not held
/// (unless `held_ok`), not leaving (unless `peaceful`).
#[inline(always)]
fn check_turn(state: &State, actor: usize, held_ok: bool, peaceful: bool) -> Result<(), RuleError> {
    check_actor(state, actor)?;
    let f = state.f(actor);
    match state.phase {
        Phase::Over => return Err(err("encounter", "the encounter is over")),
        Phase::BetweenRounds => {
            return Err(err(
                "BW-08",
                "no turn is being played: the round is over (join newcomers, then next_round)",
            ))
        }
        Phase::FirstStrike => {
            if !is_first_striker(state, actor) {
                return Err(err(
                    "BW-09",
                    format!(
                        "{} has no First Strike to make; only {:?} may act before initiative",
                        f.character.name,
                        first_strikers(state).collect::<Vec<_>>()
                    ),
                ));
            }
        }
        Phase::Round => {
            let turn = state
                .turn
                .ok_or_else(|| err("BW-08", "no turn is being played"))?;
            if turn.actor != actor {
                return Err(err(
                    "BW-08",
                    format!(
                        "it is {}'s turn; {} is frozen until then",
                        state.f(turn.actor).character.name,
                        f.character.name
                    ),
                ));
            }
        }
    }
    if !held_ok {
        if let Some(h) = f.held_by {
            return Err(err(
                "BW-28",
                format!(
                    "{} is held by {} and may do nothing but Break Free",
                    f.character.name,
                    state.f(h).character.name
                ),
            ));
        }
    }
    if !peaceful && f.withdrawing.is_some() {
        return Err(err(
            "BW-11",
            format!(
                "{} is leaving the fight: no combat actions",
                f.character.name
            ),
        ));
    }
    Ok(())
}

pub(crate) fn is_first_striker(state: &State, i: usize) -> bool {
    let f = state.f(i);
    f.character.first_strike && !f.first_strike_done && f.status == Status::Active
}

/// Those with a First Strike still to make, by index (lazily: the tactic wants the first).
pub(crate) fn first_strikers(state: &State) -> impl Iterator<Item = usize> + '_ {
    (0..state.fighters.len()).filter(|&i| is_first_striker(state, i))
}

#[inline(always)]
fn check_target(state: &State, actor: usize, target: usize) -> Result<(), RuleError> {
    check_actor(state, target)?;
    if !state.enemies(actor, target) {
        return Err(err("BW-14", "attacks and special actions target an enemy"));
    }
    if state.f(target).status != Status::Active {
        return Err(err(
            "BW-08",
            format!("{} is not in the fight", state.f(target).character.name),
        ));
    }
    Ok(())
}

#[inline]
fn cap(v: u32) -> u32 {
    v.min(MAX_POOL)
}

#[inline]
fn limit_situational(bonus: u32, extra: u32) -> Result<(), RuleError> {
    if bonus > 10 || extra > 10 {
        return Err(err(
            "BW-03",
            "situational bonus and extra difficulty are at most 10K",
        ));
    }
    Ok(())
}

/// Plans a single-target attack: legality and pool, no dice.
#[inline(always)]
fn plan_strike(state: &State, s: &Strike, action: Action) -> Result<(Plan, Cost), RuleError> {
    check_turn(state, s.actor, false, false)?;
    check_target(state, s.actor, s.target)?;
    limit_situational(s.bonus, s.extra)?;
    let w = state.weapon(s.actor, s.weapon)?;
    let weapon = state.weapon_data(s.actor, w);
    let engaged = state.engaged(s.actor, s.target);
    let first_strike = state.phase == Phase::FirstStrike;
    let (cost, melee_only, ranged_only) = match action {
        Action::Attack => (Cost::Main, false, false),
        Action::QuickStrike => (Cost::Additional, true, false),
        Action::FeintStrike => (Cost::Full, true, false),
        Action::QuickShot => (Cost::Additional, false, true),
        Action::AimedShot => (Cost::Full, false, true),
        Action::ShortBurst => (Cost::Main, false, true),
        _ => (Cost::Main, false, false),
    };
    if first_strike && matches!(action, Action::QuickStrike | Action::QuickShot) {
        return Err(err(
            "BW-09",
            "a First Strike is a full attack, not a quick one",
        ));
    }
    afford(state, s.actor, cost)?;
    let melee = engaged;
    if melee && ranged_only {
        return Err(err(
            "BW-22",
            "at melee range a firearm attacks by melee rules: use attack, not a shot or burst",
        ));
    }
    if !melee {
        if melee_only || !weapon.kind.is_ranged() {
            return Err(err(
                "BW-14",
                format!(
                    "a melee attack needs {} engaged in melee first (move with engage)",
                    state.f(s.target).character.name
                ),
            ));
        }
        if state.distance(s.actor, s.target) < state.settings.distances.melee_below {
            return Err(err(
                "BW-32",
                "ranged attacks start at 2 m; closer, engage in melee",
            ));
        }
    }
    let aspect = state.pick_aspect(s.actor, w, melee, s.aspect)?;
    let c = &state.f(s.actor).character;
    let mut pool = c.aspect(aspect) + s.bonus;
    let (effectiveness, mut rounds) = if melee {
        let (bonus, effectiveness, rounds) = state.in_melee(s.actor, w);
        pool += bonus + state.outnumbering(s.target);
        (effectiveness, rounds)
    } else {
        pool += weapon.bonus;
        (weapon.effectiveness, 1)
    };
    let mut extra = s.extra;
    let mut comfortable = weapon.comfortable;
    let turn = state.turn;
    match action {
        Action::QuickStrike => extra += 2,
        Action::FeintStrike | Action::AimedShot => pool += 1,
        Action::QuickShot => {
            if turn.is_some_and(|t| t.burst) {
                return Err(err("BW-36", "no Quick Shot after a burst in the same turn"));
            }
            // «в том же направлении, что и основная атака или предшествующее движение»
            let dir = direction(state, s.actor, s.target);
            let moved = state.f(s.actor).last_move;
            let same = dir != 0 && (moved == dir || turn.is_some_and(|t| t.direction == dir));
            extra += if same { 2 } else { 3 };
        }
        Action::ShortBurst => {
            let b = weapon
                .short_burst
                .ok_or_else(|| err("BW-39", format!("{} has no Short Burst", weapon.name)))?;
            // Uncounted ammunition (`None`) never runs out.
            if let Some(ammo) = weapon.ammo.filter(|&a| a < b.rounds) {
                return Err(err(
                    "BW-39",
                    format!(
                        "a Short Burst needs {} rounds; {} has {ammo}",
                        b.rounds, weapon.name
                    ),
                ));
            }
            pool += b.bonus;
            rounds = b.rounds;
            comfortable = comfortable.min(state.settings.short_burst_range);
        }
        _ => {}
    }
    if !melee && action != Action::ShortBurst && weapon.ammo == Some(0) {
        return Err(err(
            "BW-14",
            format!("{} is empty: reload (ДД) first", weapon.name),
        ));
    }
    if first_strike {
        pool += state.settings.first_strike_k;
    }
    extra += state.wound_k(s.actor);
    Ok((
        Plan {
            actor: s.actor,
            target: s.target,
            weapon: w,
            aspect,
            melee,
            action,
            effectiveness,
            rounds,
            pool: cap(pool),
            extra,
            comfortable,
            first_strike,
            restraint: s.restraint,
        },
        cost,
    ))
}

#[inline(always)]
fn direction(state: &State, from: usize, to: usize) -> i8 {
    let d = state.f(to).character.position - state.f(from).character.position;
    d.signum() as i8
}

#[inline(always)]
fn spend_ammo(state: &mut State, actor: usize, w: Option<usize>, rounds: u32, events: &mut Events) {
    let Some(w) = w else { return };
    let weapon = &mut state.fighters[actor].character.weapons[w];
    if let Some(ammo) = weapon.ammo.as_mut() {
        *ammo = ammo.saturating_sub(rounds);
        let left = *ammo;
        state.fighters[actor].ammo_spent += rounds;
        events.emit(|| Event::AmmoSpent {
            actor: state.who(actor),
            weapon: state.weapon_data(actor, Some(w)).name.to_string(),
            rounds,
            left,
        });
    }
}

/// Rolls the defence of one target against an attack whose pool already rolled `ones`.
#[inline(always)]
fn resolve_against<D: Dice>(
    state: &mut State,
    dice: &mut D,
    plan: &Plan,
    ones: u32,
    events: &mut Events,
) -> Result<(), RuleError> {
    let target = plan.target;
    let (base, distance) = if plan.melee {
        (state.melee_defence(target), None)
    } else {
        let level = state
            .settings
            .distances
            .level(state.distance(plan.actor, target));
        (
            state.ranged_defence(target, level, plan.comfortable),
            Some(level),
        )
    };
    let difficulty = cap(base + plan.extra);
    let t = state.f(target);
    let automatic = plan.melee && (t.held_by.is_some() || !t.conscious);
    let difficulty_ones = roll_k(dice, difficulty)?;
    let result = crate::check::judge(ones, difficulty_ones, state.settings.tie, automatic);
    if plan.melee {
        state.fighters[target].stance = false;
    }
    events.emit(|| Event::Attacked {
        actor: state.who(plan.actor),
        target: state.who(target),
        action: plan.action,
        melee: plan.melee,
        aspect: plan.aspect,
        distance,
        pool: plan.pool,
        difficulty,
        result,
        automatic,
        first_strike: plan.first_strike,
    });
    if state.enemies(plan.actor, target) && state.f(target).withdrawing.is_some() {
        state.fighters[target].withdrawing = None;
        events.emit(|| Event::WithdrawalBroken {
            actor: state.who(target),
        });
    }
    if result.success {
        let spec = AttackSpec {
            check: CheckSpec::default(),
            weapon: plan.effectiveness,
            armour: state.f(target).character.armour.effectiveness,
            restraint: plan.restraint,
        };
        let hit = damage(&result, &spec);
        state.fighters[plan.actor].damage_dealt += hit.dealt;
        take_damage(state, target, hit.trivial, hit.effective, hit.dealt, events);
    }
    Ok(())
}

#[inline(always)]
fn resolve_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    plan: &Plan,
    events: &mut Events,
) -> Result<(), RuleError> {
    let ones = roll_k(dice, plan.pool)?;
    resolve_against(state, dice, plan, ones, events)
}

fn release_holds(state: &mut State, i: usize, events: &mut Events) {
    if let Some(t) = state.fighters[i].holding.take() {
        state.fighters[t].held_by = None;
        events.emit(|| Event::Released {
            actor: state.who(i),
            target: state.who(t),
        });
    }
    if let Some(h) = state.fighters[i].held_by.take() {
        state.fighters[h].holding = None;
        events.emit(|| Event::Released {
            actor: state.who(h),
            target: state.who(i),
        });
    }
}

fn drop_engagements(state: &mut State, i: usize) {
    state
        .engagements
        .retain(|e| e.attacker != i && e.target != i);
}

/// Applies damage (BW-17 … BW-21).
#[inline(always)]
fn take_damage(
    state: &mut State,
    target: usize,
    trivial: u32,
    effective: u32,
    dealt: u32,
    events: &mut Events,
) {
    let track = state.settings.health;
    let before = state.f(target).hits;
    let (hits, killed) = track.take(before, dealt);
    let round = state.round;
    let f = &mut state.fighters[target];
    f.hits = hits;
    f.damage_taken += dealt;
    if (killed || hits < 1) && f.defeated_round.is_none() {
        f.defeated_round = Some(round);
    }
    state.wounds_dealt += u64::from(dealt);
    if killed {
        state.fighters[target].status = Status::Dead;
        state.fighters[target].conscious = false;
    }
    events.emit(|| Event::Damaged {
        target: state.who(target),
        trivial,
        effective,
        dealt,
        hits,
        state: state.health_state(target),
    });
    if killed {
        events.emit(|| Event::Died {
            actor: state.who(target),
        });
        release_holds(state, target, events);
        drop_engagements(state, target);
        return;
    }
    if hits < 1 && before >= 1 {
        let conscious = state.f(target).character.stays_conscious;
        state.fighters[target].conscious = conscious;
        events.emit(|| Event::Dying {
            actor: state.who(target),
            conscious,
        });
        if !conscious {
            release_holds(state, target, events);
            drop_engagements(state, target);
            return;
        }
    }
    let shock = track.shock(dealt);
    if shock != Shock::None {
        let f = &mut state.fighters[target];
        f.shock = f.shock.max(shock);
        events.emit(|| Event::Shocked {
            target: state.who(target),
            shock,
        });
    }
}

fn opposed_aspect(state: &State, i: usize, list: &[Aspect]) -> u32 {
    state.f(i).character.aspect(state.best_aspect(i, list))
}

fn contest<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    target: usize,
    action: Action,
    (pool, difficulty): (u32, u32),
    events: &mut Events,
) -> Result<CheckResult, RuleError> {
    let spec = CheckSpec {
        pool: cap(pool),
        difficulty: cap(difficulty),
        tie: state.settings.tie,
        automatic: false,
    };
    let result = check(dice, &spec)?;
    events.emit(|| Event::Contested {
        actor: state.who(actor),
        target: state.who(target),
        action,
        pool: spec.pool,
        difficulty: spec.difficulty,
        result,
    });
    if !result.success && matches!(action, Action::Disarm | Action::Grapple) {
        take_damage(state, actor, 0, result.deficit, result.deficit, events);
    }
    Ok(result)
}

const GRAPPLE: [Aspect; 2] = [Aspect::MuscleMemory, Aspect::Constitution];

fn start_round(state: &mut State, events: &mut Events) {
    state.round += 1;
    state.phase = Phase::Round;
    state.turn = None;
    events.emit(|| Event::RoundStarted { round: state.round });
    advance(state, 0, events);
}

/// Starts the next able character's turn from order slot `from`, or ends the round.
#[inline(always)]
fn advance(state: &mut State, from: usize, events: &mut Events) {
    let mut slot = from;
    while slot < state.order.len() {
        let i = state.order[slot];
        slot += 1;
        match state.f(i).status {
            Status::Dead => {
                events.emit(|| Event::TurnSkipped {
                    actor: state.who(i),
                    reason: SkipReason::Dead,
                });
                continue;
            }
            Status::Active => {}
            _ => continue,
        }
        if !state.f(i).conscious {
            events.emit(|| Event::TurnSkipped {
                actor: state.who(i),
                reason: SkipReason::Unconscious,
            });
            continue;
        }
        {
            let f = &mut state.fighters[i];
            f.full_defense = false;
            f.reaction = false;
        }
        if state.f(i).shock == Shock::Concussion {
            state.fighters[i].shock = Shock::None;
            events.emit(|| Event::TurnSkipped {
                actor: state.who(i),
                reason: SkipReason::Concussion,
            });
            continue;
        }
        events.emit(|| Event::TurnStarted {
            actor: state.who(i),
        });
        let mut turn = Turn {
            slot: slot - 1,
            actor: i,
            main: false,
            additional: false,
            minor: 0,
            burst: false,
            direction: 0,
        };
        if state.f(i).hits < 1 {
            // Conscious and Dying: a hit lost at the start of each own turn (BW-21).
            let (hits, killed) = state.settings.health.take(state.f(i).hits, 1);
            state.fighters[i].hits = hits;
            events.emit(|| Event::Bleeding {
                actor: state.who(i),
                hits,
            });
            if killed {
                state.fighters[i].status = Status::Dead;
                state.fighters[i].conscious = false;
                events.emit(|| Event::Died {
                    actor: state.who(i),
                });
                release_holds(state, i, events);
                drop_engagements(state, i);
                continue;
            }
        }
        if state.f(i).shock == Shock::PainShock {
            state.fighters[i].shock = Shock::None;
            turn.main = true;
            events.emit(|| Event::MainActionLost {
                actor: state.who(i),
            });
        }
        if let Some(t) = state.f(i).holding {
            turn.additional = true;
            events.emit(|| Event::GrappleMaintained {
                actor: state.who(i),
                target: state.who(t),
            });
        }
        state.turn = Some(turn);
        return;
    }
    end_round(state, events);
}

fn end_round(state: &mut State, events: &mut Events) {
    state.turn = None;
    let round = state.round;
    events.emit(|| Event::RoundEnded { round });
    let mut someone_left = false;
    for i in 0..state.fighters.len() {
        let f = state.f(i);
        if f.status == Status::Active
            && f.withdrawing.is_some_and(|r| r < round)
            && scene::unobserved(state, i)
        {
            state.fighters[i].status = Status::Left;
            state.fighters[i].withdrawing = None;
            someone_left = true;
            for q in state.levels.values_mut() {
                q.retain(|&x| x != i);
            }
            events.emit(|| Event::Left {
                actor: state.who(i),
            });
        }
        let f = state.f(i);
        if f.status == Status::Active && !f.conscious && f.hits < 1 {
            state.fighters[i].unconscious_rounds += 1;
            if state.f(i).unconscious_rounds % state.settings.rounds_per_hour == 0 {
                let (hits, killed) = state.settings.health.take(state.f(i).hits, 1);
                state.fighters[i].hits = hits;
                events.emit(|| Event::Bleeding {
                    actor: state.who(i),
                    hits,
                });
                if killed {
                    state.fighters[i].status = Status::Dead;
                    events.emit(|| Event::Died {
                        actor: state.who(i),
                    });
                }
            }
        }
    }
    // The order only changes when someone left (joining rebuilds it itself).
    if someone_left {
        state.levels.retain(|_, q| !q.is_empty());
        state.rebuild_order();
    }
    state.phase = Phase::BetweenRounds;
    if state.round >= state.settings.max_rounds {
        finish(state, None, events);
    }
}

fn finish(state: &mut State, winner: Option<u8>, events: &mut Events) {
    state.phase = Phase::Over;
    state.turn = None;
    state.winner = winner;
    events.emit(|| Event::Ended {
        winner,
        rounds: state.round,
    });
}

/// Ends the encounter when a side has no one standing and no one to come.
#[inline(always)]
fn check_end(state: &mut State, events: &mut Events) {
    if state.phase == Phase::Over {
        return;
    }
    let alive = |side: u8| {
        state.fighters.iter().any(|f| {
            f.character.side == side
                && (f.status == Status::Reserve || (f.status == Status::Active && f.hits >= 1))
        })
    };
    match (alive(0), alive(1)) {
        (true, true) => {}
        (true, false) => finish(state, Some(0), events),
        (false, true) => finish(state, Some(1), events),
        (false, false) => finish(state, None, events),
    }
}

/// Starts an encounter: validates the setup, opens First Strikes or rolls initiative.
pub fn start<D: Dice>(
    setup: &Setup,
    dice: &mut D,
    events: &mut Events,
) -> Result<State, RuleError> {
    setup.validate()?;
    let fighters = setup
        .characters
        .iter()
        .map(|c| Fighter {
            character: Character {
                // Its own cover at the start, or the scene's there if better (BW-35).
                cover: c.cover.max(setup.settings.cover_at(c.position)),
                ..c.clone()
            },
            hits: c.hits.unwrap_or(setup.settings.health.max()),
            status: if c.joins_round.is_some() {
                Status::Reserve
            } else {
                Status::Active
            },
            conscious: c.hits.map_or(true, |h| h >= 1) || c.stays_conscious,
            level: None,
            wielded: if c.weapons.is_empty() { None } else { Some(0) },
            dropped: Vec::new(),
            last_move: 0,
            shock: Shock::None,
            stance: false,
            full_defense: false,
            reaction: false,
            holding: None,
            held_by: None,
            withdrawing: None,
            first_strike_done: false,
            struck_first: false,
            unconscious_rounds: 0,
            ammo_spent: 0,
            damage_dealt: 0,
            damage_taken: 0,
            defeated_round: None,
        })
        .collect();
    let mut state = State {
        settings: setup.settings.clone(),
        fighters,
        phase: Phase::FirstStrike,
        round: 0,
        levels: BTreeMap::new(),
        // Room for everyone, so rebuilding the order never reallocates.
        order: Vec::with_capacity(setup.characters.len()),
        turn: None,
        engagements: Vec::new(),
        winner: None,
        wounds_dealt: 0,
        pending: None,
    };
    events.emit(|| Event::Started {
        characters: (0..state.fighters.len()).map(|i| state.who(i)).collect(),
        first_strikers: first_strikers(&state).map(|i| state.who(i)).collect(),
    });
    if first_strikers(&state).next().is_none() {
        roll_initiative(&mut state, dice, events)?;
    }
    check_end(&mut state, events);
    Ok(state)
}

/// After a First Strike (or a pass): when none is left, roll initiative.
fn after_first_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    struck: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    state.fighters[actor].first_strike_done = true;
    state.fighters[actor].struck_first = struck;
    check_end(state, events);
    if state.phase == Phase::FirstStrike && first_strikers(state).next().is_none() {
        roll_initiative(state, dice, events)?;
    }
    Ok(())
}

/// Spends the action's cost and goes on: the First Strikes, the end of the encounter (only
/// when the action `hurt` someone: nothing else in an action takes anyone off their feet),
/// the next turn when the actor can no longer act.
#[inline(always)]
fn finish_action<D: Dice>(
    state: &mut State,
    dice: &mut D,
    (actor, cost): (usize, Cost),
    struck: bool,
    hurt: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return after_first_strike(state, dice, actor, struck, events);
    }
    spend(state, cost);
    if hurt {
        check_end(state, events);
    }
    if state.phase == Phase::Round {
        if let Some(turn) = state.turn {
            if !state.can_act(turn.actor) {
                advance(state, turn.slot + 1, events);
                check_end(state, events);
            }
        }
    }
    Ok(())
}

/// A set of character indices as bits (bit `i` = character `i`): a setup has at most
/// [`MAX_CHARACTERS`](crate::MAX_CHARACTERS) = 64, and the hot paths need no allocation.
pub(crate) type Set = u64;

/// The members of `set`, ascending.
pub(crate) fn members(mut set: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// Opportunity attacks on a mover (BW-26): from enemies it leaves or passes in reach.
fn opportunity_attackers(state: &State, actor: usize, to: i32, engage: Option<usize>) -> Set {
    if !state.settings.opportunity_attacks {
        return 0;
    }
    let from = state.f(actor).character.position;
    let (lo, hi) = (from.min(to), from.max(to));
    let reach = state.settings.distances.melee_below as i32;
    let attacks = |e: usize| {
        if !state.enemies(e, actor) || !state.can_act(e) || state.f(e).hits < 1 {
            return false;
        }
        if state.f(e).held_by.is_some() || Some(e) == engage {
            return false;
        }
        let p = state.f(e).character.position;
        if state.engaged(e, actor) {
            return (to - p).abs() >= reach;
        }
        let nearest = p.clamp(lo, hi);
        (nearest - p).abs() < reach
    };
    (0..state.fighters.len())
        .filter(|&e| attacks(e))
        .fold(0, |set, e| set | 1 << e)
}

/// Who stands engaged around `i`: how many, how many of them are its enemies, and the
/// sectors 0–3 they take (bit `s` for sector `s`). One pass, no list.
fn crowd(state: &State, i: usize) -> (usize, usize, u8) {
    state
        .sectors_around(i)
        .fold((0, 0, 0), |(around, enemies, taken), (o, sector)| {
            (
                around + 1,
                enemies + usize::from(state.enemies(o, i)),
                taken | 1u8.checked_shl(u32::from(sector)).unwrap_or(0),
            )
        })
}

/// The first sector 0–3 not in `taken` (see [`crowd`]).
fn free_sector(taken: u8) -> Option<u8> {
    (0..4u8).find(|s| taken & 1 << s == 0)
}

fn validate_engage(
    state: &State,
    actor: usize,
    target: usize,
    to: i32,
    sector: Option<u8>,
) -> Result<(u8, u8), RuleError> {
    check_target(state, actor, target)?;
    if state.engaged(actor, target) {
        return Err(err("BW-24", "already engaged with that target"));
    }
    if (to - state.f(target).character.position).abs()
        >= state.settings.distances.melee_below as i32
    {
        return Err(err(
            "BW-13",
            format!(
                "to engage, end the move within {} m of the target",
                state.settings.distances.melee_below
            ),
        ));
    }
    let (around, attackers, taken) = crowd(state, target);
    let cap = state.settings.melee_cap as usize;
    if around >= cap || attackers >= cap {
        return Err(err(
            "BW-24",
            format!(
                "{} already has {} in melee around it; at most {cap} (one per 90° sector{})",
                state.f(target).character.name,
                around,
                if cap < 4 {
                    ", fewer in cramped space"
                } else {
                    ""
                }
            ),
        ));
    }
    let s = match sector {
        Some(s) if s > 3 => return Err(err("BW-24", "sectors are 0 (front), 1, 2 (back), 3")),
        Some(s) if taken & 1 << s != 0 => {
            return Err(err(
                "BW-24",
                format!("sector {s} around the target is taken"),
            ))
        }
        Some(s) => s,
        None => free_sector(taken).ok_or_else(|| err("BW-24", "no free sector"))?,
    };
    let (around_actor, _, taken_by_others) = crowd(state, actor);
    if around_actor >= cap {
        return Err(err("BW-24", "no free sector around the mover"));
    }
    let back = free_sector(taken_by_others).ok_or_else(|| err("BW-24", "no free sector"))?;
    Ok((s, back))
}

pub(crate) fn do_move<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    (to, sprint): (i32, bool),
    (engage, sector): (Option<usize>, Option<u8>),
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    if state.phase == Phase::FirstStrike {
        return Err(err(
            "BW-09",
            "before initiative only the First Strike attack is allowed",
        ));
    }
    if engage.is_none() && sector.is_some() {
        return Err(err(
            "BW-24",
            "a sector is chosen only by a move that engages someone (give `engage`)",
        ));
    }
    let cost = if sprint { Cost::Full } else { Cost::Additional };
    afford(state, actor, cost)?;
    let from = state.f(actor).character.position;
    let metres = if sprint {
        state.settings.sprint_metres
    } else {
        state.settings.move_metres
    };
    if from.abs_diff(to) > metres {
        return Err(err(
            "BW-13",
            format!(
                "a {} covers at most {metres} m; {} m asked",
                if sprint { "Sprint" } else { "Move" },
                from.abs_diff(to)
            ),
        ));
    }
    if to.unsigned_abs() > 100_000 {
        return Err(err("BW-13", "positions are within ±100000 m"));
    }
    let sectors = match engage {
        Some(t) => {
            if state.f(actor).withdrawing.is_some() {
                return Err(err("BW-11", "a character leaving the fight cannot engage"));
            }
            Some(validate_engage(state, actor, t, to, sector)?)
        }
        None => None,
    };
    // Dice from here on (the opportunity attacks, each the attacker's pending decision).
    let provoked = Provoked {
        mover: actor,
        from,
        to,
        sprint,
        engage,
        sectors,
        wounds: state.wounds_dealt,
        left: opportunity_attackers(state, actor, to, engage),
    };
    opportunity::go_on(state, dice, provoked, events)
}

/// An attack on one target: plan, roll, resolve, finish. A fight makes dozens, so the whole
/// path is inlined into this one function (calls and their error plumbing cost more than
/// most of the steps).
#[inline(always)]
pub(crate) fn do_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    s: &Strike,
    action: Action,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (plan, cost) = plan_strike(state, s, action)?;
    let wounds = state.wounds_dealt;
    if let Some(w) = plan.weapon {
        state.fighters[s.actor].wielded = Some(w);
    }
    if plan.rounds > 0 {
        spend_ammo(state, s.actor, plan.weapon, plan.rounds, events);
    }
    resolve_strike(state, dice, &plan, events)?;
    let dir = direction(state, s.actor, s.target);
    if let Some(t) = state.turn.as_mut() {
        if action == Action::ShortBurst {
            t.burst = true;
        }
        if matches!(cost, Cost::Main | Cost::Full) {
            t.direction = dir;
        }
    }
    let hurt = state.wounds_dealt != wounds;
    finish_action(state, dice, (s.actor, cost), true, hurt, events)
}

/// A Long Burst; `targets` stand for `s.targets`, so the tactic can pass them from the stack.
pub(crate) fn do_long_burst<D: Dice>(
    state: &mut State,
    dice: &mut D,
    s: &Spray,
    targets: &[usize],
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, s.actor, false, false)?;
    limit_situational(s.bonus, s.extra)?;
    afford(state, s.actor, Cost::Full)?;
    let max = state.settings.long_burst_max_targets as usize;
    if targets.is_empty() || targets.len() > max {
        return Err(err(
            "BW-40",
            format!("a Long Burst takes 1 to {max} targets in its cone"),
        ));
    }
    let mut seen: Set = 0;
    let mut dir = 0i8;
    for &t in targets {
        check_target(state, s.actor, t)?;
        // `t` is a character's index (checked above), so below 64.
        if seen & 1 << t != 0 {
            return Err(err("BW-40", "each target once"));
        }
        seen |= 1 << t;
        if state.engaged(s.actor, t) {
            return Err(err(
                "BW-22",
                "no bursts at someone engaged with you in melee",
            ));
        }
        if state.distance(s.actor, t) < state.settings.distances.melee_below {
            return Err(err("BW-32", "ranged attacks start at 2 m"));
        }
        let d = direction(state, s.actor, t);
        if dir != 0 && d != dir {
            return Err(err(
                "BW-40",
                "every Long Burst target must be in the one narrow cone (the same direction)",
            ));
        }
        dir = d;
    }
    let w = state.weapon(s.actor, s.weapon)?;
    let weapon = state.weapon_data(s.actor, w);
    let b = weapon
        .long_burst
        .ok_or_else(|| err("BW-40", format!("{} has no Long Burst", weapon.name)))?;
    // Uncounted ammunition (`None`) never runs out.
    if let Some(ammo) = weapon.ammo.filter(|&a| a < b.rounds) {
        return Err(err(
            "BW-40",
            format!(
                "a Long Burst needs {} rounds; {} has {ammo}",
                b.rounds, weapon.name
            ),
        ));
    }
    let (bonus, comfortable) = (weapon.bonus, weapon.comfortable);
    let aspect = state.pick_aspect(s.actor, w, false, s.aspect)?;
    let first_strike = state.phase == Phase::FirstStrike;
    let mut pool = state.f(s.actor).character.aspect(aspect) + bonus + b.bonus + s.bonus;
    if first_strike {
        pool += state.settings.first_strike_k;
    }
    let extra = s.extra + state.wound_k(s.actor);
    if let Some(w) = w {
        state.fighters[s.actor].wielded = Some(w);
    }
    spend_ammo(state, s.actor, w, b.rounds, events);
    let wounds = state.wounds_dealt;
    let ones = roll_k(dice, cap(pool))?;
    for &t in targets {
        if state.f(t).status != Status::Active {
            continue;
        }
        let plan = Plan {
            actor: s.actor,
            target: t,
            weapon: w,
            aspect,
            melee: false,
            action: Action::LongBurst,
            effectiveness: state.weapon_data(s.actor, w).effectiveness,
            rounds: 0,
            pool: cap(pool),
            extra,
            comfortable: comfortable.min(state.settings.long_burst_range),
            first_strike,
            restraint: s.restraint,
        };
        resolve_against(state, dice, &plan, ones, events)?;
    }
    if let Some(t) = state.turn.as_mut() {
        t.burst = true;
        t.direction = dir;
    }
    let hurt = state.wounds_dealt != wounds;
    finish_action(state, dice, (s.actor, Cost::Full), true, hurt, events)
}

fn need_engaged(
    state: &State,
    actor: usize,
    target: usize,
    rule: &'static str,
) -> Result<(), RuleError> {
    if !state.engaged(actor, target) {
        return Err(err(
            rule,
            format!(
                "{} must be engaged in melee with {} first",
                state.f(actor).character.name,
                state.f(target).character.name
            ),
        ));
    }
    Ok(())
}

#[inline]
fn only_in_rounds(state: &State) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return Err(err(
            "BW-09",
            "before initiative only the First Strike attack is allowed",
        ));
    }
    Ok(())
}

/// Disarm's opposed check (BW-27): the actor's best melee aspect against the target's with
/// the weapon it holds, +2K extra difficulty.
fn disarm_terms(state: &State, actor: usize, target: usize) -> (u32, u32) {
    let mine = state.aspects_for(actor, state.f(actor).wielded, true);
    let theirs = state.aspects_for(target, state.f(target).wielded, true);
    let pool = opposed_aspect(state, actor, mine);
    (
        pool,
        opposed_aspect(state, target, theirs) + 2 + state.wound_k(actor),
    )
}

/// Grapple's opposed check (BW-28): +2K extra difficulty.
fn grapple_terms(state: &State, actor: usize, target: usize) -> (u32, u32) {
    let pool = opposed_aspect(state, actor, &GRAPPLE);
    (
        pool,
        opposed_aspect(state, target, &GRAPPLE) + 2 + state.wound_k(actor),
    )
}

/// Break Free's opposed check (BW-29): +1K extra difficulty against the holder.
fn break_free_terms(state: &State, actor: usize, holder: usize) -> (u32, u32) {
    let pool = opposed_aspect(state, actor, &GRAPPLE);
    (
        pool,
        opposed_aspect(state, holder, &GRAPPLE) + 1 + state.wound_k(actor),
    )
}

/// Applies one command (validate, then roll, then change).
pub fn apply<D: Dice>(
    state: &mut State,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.phase == Phase::Over {
        return Err(err("encounter", "the encounter is over"));
    }
    if let Some(p) = &state.pending {
        if !matches!(command, Command::Opportunity { .. }) {
            return Err(opportunity::waiting(state, p));
        }
    }
    match command {
        Command::Attack(s) => do_strike(state, dice, s, Action::Attack, events)?,
        Command::QuickStrike(s) => do_strike(state, dice, s, Action::QuickStrike, events)?,
        Command::FeintStrike(s) => do_strike(state, dice, s, Action::FeintStrike, events)?,
        Command::QuickShot(s) => do_strike(state, dice, s, Action::QuickShot, events)?,
        Command::AimedShot(s) => do_strike(state, dice, s, Action::AimedShot, events)?,
        Command::ShortBurst(s) => do_strike(state, dice, s, Action::ShortBurst, events)?,
        Command::LongBurst(s) => do_long_burst(state, dice, s, &s.targets, events)?,
        Command::Disarm { actor, target } => {
            let (actor, target) = (*actor, *target);
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            check_target(state, actor, target)?;
            afford(state, actor, Cost::Main)?;
            need_engaged(state, actor, target, "BW-27")?;
            let Some(w) = state.f(target).wielded else {
                return Err(err("BW-27", "the target holds no weapon to knock away"));
            };
            let (pool, diff) = disarm_terms(state, actor, target);
            let wounds = state.wounds_dealt;
            let r = contest(
                state,
                dice,
                actor,
                target,
                Action::Disarm,
                (pool, diff),
                events,
            )?;
            if r.success {
                let direction = dice.roll(8)?;
                let f = &mut state.fighters[target];
                let at = f.character.position + scene::fall(direction);
                f.dropped.push(Dropped { weapon: w, at });
                f.wielded = None;
                let weapon = f.character.weapons[w].name.to_string();
                events.emit(|| Event::Disarmed {
                    actor: state.who(actor),
                    target: state.who(target),
                    weapon,
                    direction,
                });
            }
            let hurt = state.wounds_dealt != wounds;
            finish_action(state, dice, (actor, Cost::Main), false, hurt, events)?;
        }
        Command::Grapple { actor, target } => {
            let (actor, target) = (*actor, *target);
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            check_target(state, actor, target)?;
            afford(state, actor, Cost::Full)?;
            need_engaged(state, actor, target, "BW-28")?;
            if state.f(target).held_by.is_some() || state.f(actor).holding.is_some() {
                return Err(err(
                    "BW-28",
                    "one hold at a time: the target is held or the actor already holds someone",
                ));
            }
            let (pool, diff) = grapple_terms(state, actor, target);
            let wounds = state.wounds_dealt;
            let r = contest(
                state,
                dice,
                actor,
                target,
                Action::Grapple,
                (pool, diff),
                events,
            )?;
            if r.success && state.can_act(actor) && state.f(target).status == Status::Active {
                state.fighters[actor].holding = Some(target);
                state.fighters[target].held_by = Some(actor);
                events.emit(|| Event::Grappled {
                    actor: state.who(actor),
                    target: state.who(target),
                });
            }
            let hurt = state.wounds_dealt != wounds;
            finish_action(state, dice, (actor, Cost::Full), false, hurt, events)?;
        }
        Command::BreakFree { actor } => {
            let actor = *actor;
            check_turn(state, actor, true, true)?;
            only_in_rounds(state)?;
            let Some(h) = state.f(actor).held_by else {
                return Err(err("BW-29", "only a held character can Break Free"));
            };
            afford(state, actor, Cost::Main)?;
            let (pool, diff) = break_free_terms(state, actor, h);
            let r = contest(
                state,
                dice,
                actor,
                h,
                Action::BreakFree,
                (pool, diff),
                events,
            )?;
            if r.success {
                release_holds(state, actor, events);
            }
            finish_action(state, dice, (actor, Cost::Main), false, false, events)?;
        }
        Command::Release { actor } => {
            let actor = *actor;
            check_turn(state, actor, false, true)?;
            only_in_rounds(state)?;
            if state.f(actor).holding.is_none() {
                return Err(err("BW-28", "nobody is held by this character"));
            }
            afford(state, actor, Cost::Minor)?;
            release_holds(state, actor, events);
            finish_action(state, dice, (actor, Cost::Minor), false, false, events)?;
        }
        Command::DefensiveStance { actor } => {
            defend(state, dice, *actor, Defence::Stance, events)?;
        }
        Command::FullDefense { actor } => {
            defend(state, dice, *actor, Defence::FullDefense, events)?;
        }
        Command::Reaction { actor } => defend(state, dice, *actor, Defence::Reaction, events)?,
        Command::Move {
            actor,
            to,
            sprint,
            engage,
            sector,
        } => do_move(
            state,
            dice,
            *actor,
            (*to, *sprint),
            (*engage, *sector),
            events,
        )?,
        Command::Reload { actor } => reload(state, dice, *actor, events)?,
        Command::PickUp { actor, weapon } => scene::pick_up(state, dice, *actor, *weapon, events)?,
        Command::Withdraw { actor } => {
            let actor = *actor;
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            afford(state, actor, Cost::Minor)?;
            if state.partners(actor).next().is_some() || state.f(actor).holding.is_some() {
                return Err(err(
                    "BW-11",
                    "to leave, first get out of melee: an engaged character has the enemy's attention",
                ));
            }
            state.fighters[actor].withdrawing = Some(state.round);
            events.emit(|| Event::Withdrawing {
                actor: state.who(actor),
            });
            finish_action(state, dice, (actor, Cost::Minor), false, false, events)?;
        }
        Command::LetGo { actor } => {
            // Any time (BW-21): a Minor action on its own turn, free otherwise.
            let actor = *actor;
            check_actor(state, actor)?;
            let f = state.f(actor);
            if f.status != Status::Active || !f.conscious || f.hits >= 1 {
                return Err(err(
                    "BW-21",
                    "only a conscious Dying character can let go and faint",
                ));
            }
            let own_turn =
                state.phase == Phase::Round && state.turn.is_some_and(|t| t.actor == actor);
            let cost = if own_turn {
                afford(state, actor, Cost::Minor)?;
                Cost::Minor
            } else {
                Cost::None
            };
            state.fighters[actor].conscious = false;
            events.emit(|| Event::Fainted {
                actor: state.who(actor),
            });
            release_holds(state, actor, events);
            drop_engagements(state, actor);
            if state.phase == Phase::FirstStrike {
                check_end(state, events);
            } else {
                finish_action(state, dice, (actor, cost), false, false, events)?;
            }
        }
        Command::Pass { actor } => {
            let actor = *actor;
            check_actor(state, actor)?;
            if state.phase != Phase::FirstStrike || !is_first_striker(state, actor) {
                return Err(err(
                    "BW-09",
                    "only a character with a First Strike pending can pass on it",
                ));
            }
            events.emit(|| Event::Passed {
                actor: state.who(actor),
            });
            after_first_strike(state, dice, actor, false, events)?;
        }
        Command::EndTurn { actor } => end_turn(state, *actor, events)?,
        Command::Join { actors } => {
            if state.phase != Phase::BetweenRounds {
                return Err(err(
                    "BW-10",
                    "newcomers join only at the start of a new round, not during one",
                ));
            }
            if actors.is_empty() {
                return Err(err("BW-10", "name at least one newcomer"));
            }
            for (k, &a) in actors.iter().enumerate() {
                check_actor(state, a)?;
                if state.f(a).status != Status::Reserve || actors[..k].contains(&a) {
                    return Err(err(
                        "BW-10",
                        format!("{} is not waiting to join", state.f(a).character.name),
                    ));
                }
            }
            join(state, dice, actors, events)?;
        }
        Command::Opportunity { actor, attack } => {
            opportunity::answer(state, dice, *actor, *attack, events)?;
        }
        Command::NextRound => next_round(state, events)?,
    }
    Ok(())
}

/// Defensive Stance, Full Defense or Reaction (BW-30, BW-37).
pub(crate) fn defend<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    defence: Defence,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    only_in_rounds(state)?;
    let cost = match defence {
        Defence::FullDefense => Cost::Full,
        Defence::Stance | Defence::Reaction => Cost::Additional,
    };
    afford(state, actor, cost)?;
    if defence == Defence::Reaction {
        if state.f(actor).character.cover == Cover::None {
            return Err(err("BW-37", "Reaction needs cover"));
        }
        if state.partners(actor).next().is_some() {
            return Err(err("BW-37", "engaged in melee: no Reaction"));
        }
    }
    let f = &mut state.fighters[actor];
    match defence {
        Defence::Stance => f.stance = true,
        Defence::FullDefense => f.full_defense = true,
        Defence::Reaction => f.reaction = true,
    }
    events.emit(|| Event::Defending {
        actor: state.who(actor),
        defence,
    });
    finish_action(state, dice, (actor, cost), false, false, events)
}

/// Reloads the weapon in hand (ДД).
pub(crate) fn reload<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    only_in_rounds(state)?;
    afford(state, actor, Cost::Additional)?;
    let Some(w) = state.f(actor).wielded else {
        return Err(err("BW-12", "nothing in hand to reload"));
    };
    let weapon = &state.f(actor).character.weapons[w];
    match weapon.ammo {
        Some(a) if weapon.spare_magazines > 0 && a < weapon.magazine => {}
        _ => {
            return Err(err(
                "BW-12",
                format!(
                    "{} cannot be reloaded (full, no spare magazine, or no ammunition)",
                    weapon.name
                ),
            ))
        }
    }
    let weapon = &mut state.fighters[actor].character.weapons[w];
    weapon.ammo = Some(weapon.magazine);
    weapon.spare_magazines -= 1;
    let ammo = weapon.magazine;
    events.emit(|| Event::Reloaded {
        actor: state.who(actor),
        weapon: state.weapon_data(actor, Some(w)).name.to_string(),
        ammo,
    });
    finish_action(state, dice, (actor, Cost::Additional), false, false, events)
}

/// Ends `actor`'s turn and starts the next one (or ends the round).
pub(crate) fn end_turn(
    state: &mut State,
    actor: usize,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, true, true)?;
    only_in_rounds(state)?;
    events.emit(|| Event::TurnEnded {
        actor: state.who(actor),
    });
    let slot = state.turn.map_or(0, |t| t.slot);
    advance(state, slot + 1, events);
    // Passing turns takes nobody off their feet (those who bleed are down already);
    // only leaving at the end of the round can.
    if state.phase == Phase::BetweenRounds {
        check_end(state, events);
    }
    Ok(())
}
