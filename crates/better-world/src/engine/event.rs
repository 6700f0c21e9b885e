//! Events: one thing that happened, with what decided it (issue 18: a UI or a player can
//! check every roll from the event alone).

use super::*;
use crate::initiative::InitiativeModifier;

/// What an attacker's pool is made of (BW-03): the terms add up to the pool (which is at
/// most [`MAX_POOL`](crate::MAX_POOL)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolTerms {
    /// The aspect's value (BW-14).
    pub aspect: u32,
    /// The weapon's advantage (BW-03; none for a gun in melee, BW-22).
    pub weapon: u32,
    /// A burst's bonus (BW-39, BW-40).
    pub burst: u32,
    /// Aimed Shot (BW-38) or Feinting Strike (BW-30): +1K.
    pub aimed: u32,
    /// Outnumbering a lone target in melee (BW-25).
    pub outnumbering: u32,
    /// First Strike (BW-09).
    pub first_strike: u32,
    /// The command's situational bonus (BW-03).
    pub situational: u32,
}

impl PoolTerms {
    /// The sum of the terms, before the pool's cap.
    pub fn total(&self) -> u32 {
        self.aspect
            + self.weapon
            + self.burst
            + self.aimed
            + self.outnumbering
            + self.first_strike
            + self.situational
    }
}

/// What a difficulty pool is made of: in melee the defender's aspect and defences, at range
/// distance and cover (BW-33), then the extra difficulty of the action, the situation and
/// the actor's wounds. The terms add up to the difficulty (at most
/// [`MAX_POOL`](crate::MAX_POOL)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DifficultyTerms {
    /// Melee and contests: the defender's aspect (BW-23; BW-27 … BW-29).
    pub aspect: Option<Aspect>,
    /// Its value.
    pub aspect_value: u32,
    /// The armour's melee defence bonus.
    pub armour: u32,
    /// Defensive Stance (BW-30).
    pub stance: u32,
    /// Full Defense (BW-30).
    pub full_defense: u32,
    /// Ranged: the distance level's K (BW-34).
    pub distance: u32,
    /// Ranged: +1K per level past the weapon's comfortable range (BW-34).
    pub range: u32,
    /// Ranged: the target's cover (BW-35).
    pub cover: Cover,
    /// Its K.
    pub cover_k: u32,
    /// Ranged: the target's Reaction (BW-37).
    pub reaction: u32,
    /// The action's extra difficulty: Quick Strike, Quick Shot, opportunity attack, Disarm,
    /// Grapple, Break Free (BW-26 … BW-30, BW-36).
    pub action: u32,
    /// The command's situational extra difficulty (BW-03).
    pub situational: u32,
    /// The actor's wounds (BW-18, BW-21).
    pub wounds: u32,
    /// The actor's health state that adds them.
    pub wound_state: HealthState,
}

impl DifficultyTerms {
    /// The sum of the terms, before the pool's cap.
    pub fn total(&self) -> u32 {
        self.aspect_value
            + self.armour
            + self.stance
            + self.full_defense
            + self.distance
            + self.range
            + self.cover_k
            + self.reaction
            + self.action
            + self.situational
            + self.wounds
    }
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
        /// The aspect the stat is (BW-04: Reflexes by default).
        aspect: Aspect,
        /// The stat (BW-04).
        stat: u32,
        /// The situation's modifier (BW-05); replaced by the First Strike's when `first_strike`.
        modifier: InitiativeModifier,
        /// Struck first: the modifier is the First Strike's K (BW-09).
        first_strike: bool,
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
        /// Its K against ranged attacks (BW-35).
        k: u32,
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
        /// Pool K (the sum of `pool_terms`, at most `MAX_POOL`).
        pool: u32,
        /// What the pool is made of.
        pool_terms: PoolTerms,
        /// Difficulty K (the sum of `difficulty_terms`, at most `MAX_POOL`).
        difficulty: u32,
        /// What the difficulty is made of.
        difficulty_terms: DifficultyTerms,
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
        /// The actor's aspect.
        aspect: Aspect,
        /// Pool K (its aspect, at most `MAX_POOL`).
        pool: u32,
        /// Difficulty K (the sum of `difficulty_terms`, at most `MAX_POOL`).
        difficulty: u32,
        /// What the difficulty is made of: the target's aspect, the action's and the wounds' K.
        difficulty_terms: DifficultyTerms,
        /// The roll.
        result: CheckResult,
    },
    /// Damage taken (BW-15, BW-16, BW-31).
    Damaged {
        /// Who.
        target: Who,
        /// Trivial damage: the attack's bonus units (BW-15).
        trivial: u32,
        /// Weapon effectiveness added (BW-16).
        weapon: u32,
        /// Armour effectiveness taken off (BW-16).
        armour: u32,
        /// The deficit of the actor's own failed Disarm or Grapple (BW-27, BW-28), which
        /// ignores armour: then `effective` is that deficit.
        deficit: bool,
        /// Effective damage.
        effective: u32,
        /// Dealt after restraint.
        dealt: u32,
        /// Hits before the blow.
        before: i32,
        /// Hits left.
        hits: i32,
        /// Full health: the sum of the blocks (BW-17).
        max: i32,
        /// State before the blow.
        was: HealthState,
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
