//! The state of an encounter: combatants, the turn, and what the engine waits for.

use std::sync::Arc;

use serde::Serialize;

use crate::conditions::{Condition, Conditions};
use crate::engine::{AttackAction, SkirmishMove};
use crate::resolve::{DamageOutcome, DamageSpec, StuntChoice};
use crate::setup::{Abilities, Name, Rules, Weapon};

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
    /// Fortune at the start.
    pub fortune_max: i32,
    /// Stunt points it spent (AGE-21).
    pub stunt_points_spent: u32,
    /// The round it was taken out in.
    pub out_round: Option<u32>,
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
    /// Aimed: +1 to its next action if that is an attack (AGE-11); the bonus outlasts the
    /// end of the turn («Если следующее действие после этого — … атака: +1») and any other
    /// action loses it.
    pub aimed: bool,
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
    /// Took Guarded Stance.
    pub guarded: bool,
    /// Hit this target in melee this turn (for Pursue).
    pub melee_hit: Option<usize>,
    /// Pursued already.
    pub pursued: bool,
    /// Pushed away by the actor's own Skirmish this turn (the default policy does not then
    /// chase it).
    pub pushed: Option<usize>,
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
        /// How a Skirmish bought moves (AGE-21).
        skirmish: SkirmishMove,
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
