//! Opportunity attacks (BW-26) as pending decisions: a move that leaves or passes an
//! enemy's reach stops before the mover goes, and each enemy it provoked (lowest index
//! first) answers `opportunity` — attack with +1K extra difficulty, or let it go. Then the
//! move is made (if the mover can still act).

use fray_dice::{Dice, RuleError};
use serde::{Deserialize, Serialize};

use super::{
    cap, check_actor, finish_action, members, no, release_holds, resolve_strike, scene, spend_ammo,
    Action, Cost, Engagement, Event, Events, Plan, PoolTerms, Set, State, Status,
};
use crate::resolve::Restraint;
use fray_dice::msg;

/// A move waiting for the opportunity attacks it provoked (BW-26).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provoked {
    /// Who moves.
    pub mover: usize,
    /// From where.
    pub from: i32,
    /// To where.
    pub to: i32,
    /// A Sprint (ПД) rather than a Move (ДД).
    pub sprint: bool,
    /// The enemy the move engages.
    pub engage: Option<usize>,
    /// The sectors the engagement takes around the target and around the mover.
    pub sectors: Option<(u8, u8)>,
    /// The damage dealt in the fight before the move (to tell whether it hurt anyone).
    pub wounds: u64,
    /// The enemies still to answer, as bits (bit `i` = character `i`); the lowest decides.
    pub left: u64,
}

impl Provoked {
    /// The enemy whose answer the move waits for.
    pub fn decider(&self) -> Option<usize> {
        members(self.left).next()
    }
}

/// The refusal of any other command while a move waits for an answer.
#[cold]
pub(super) fn waiting(state: &State, p: &Provoked) -> RuleError {
    let e = p.decider().unwrap_or(p.mover);
    no("BW-26", || {
        msg!(
            "bw-refuse-opportunity-waiting",
            enemy = &*state.f(e).character.name,
            mover = &*state.f(p.mover).character.name
        )
    })
}

/// Goes on with a provoked move: waits for the next enemy that can still attack, or makes
/// the move when none is left (or the mover can no longer act).
pub(super) fn go_on<D: Dice>(
    state: &mut State,
    dice: &mut D,
    mut p: Provoked,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.can_act(p.mover) {
        let able: Set = members(p.left)
            .filter(|&e| state.can_act(e))
            .fold(0, |set, e| set | 1 << e);
        if able != 0 {
            p.left = able;
            state.pending = Some(p);
            return Ok(());
        }
    }
    state.pending = None;
    complete(state, dice, &p, events)
}

/// The answer of `actor` to the opportunity attack it was offered.
pub(super) fn answer<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    attack: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_actor(state, actor)?;
    let Some(mut p) = state.pending else {
        return Err(no("BW-26", || msg!("bw-refuse-no-opportunity")));
    };
    if p.decider() != Some(actor) {
        return Err(waiting(state, &p));
    }
    p.left &= p.left - 1;
    let mover = p.mover;
    if attack {
        let plan = plan(state, actor, mover);
        let (w, rounds) = (plan.weapon, plan.rounds);
        spend_ammo(state, actor, w, rounds, events);
        // Kept pending while the attack resolves: nothing in it reads `pending`.
        resolve_strike(state, dice, &plan, events)?;
    } else {
        events.emit(|| Event::OpportunityDeclined {
            actor: state.who(actor),
            target: state.who(mover),
        });
    }
    go_on(state, dice, p, events)
}

/// The opportunity attack of `actor` on `mover`: a melee attack with the weapon in hand and
/// +1K extra difficulty (BW-26).
pub(super) fn plan(state: &State, actor: usize, mover: usize) -> Plan {
    let w = state.f(actor).wielded;
    let aspect = state.best_aspect(actor, state.aspects_for(actor, w, true));
    let (bonus, effectiveness, rounds) = state.in_melee(actor, w);
    let terms = PoolTerms {
        aspect: state.f(actor).character.aspect(aspect),
        weapon: bonus,
        ..PoolTerms::default()
    };
    Plan {
        actor,
        target: mover,
        weapon: w,
        aspect,
        melee: true,
        action: Action::Opportunity,
        effectiveness,
        rounds,
        pool: cap(terms.total()),
        terms,
        extra: state.extra_terms(actor, 1, 0),
        comfortable: state.weapon_data(actor, w).comfortable,
        first_strike: false,
        restraint: Restraint::Off,
    }
}

/// Makes the move once every opportunity attack is answered.
fn complete<D: Dice>(
    state: &mut State,
    dice: &mut D,
    p: &Provoked,
    events: &mut Events,
) -> Result<(), RuleError> {
    let Provoked {
        mover: actor,
        from,
        to,
        sprint,
        engage,
        sectors,
        wounds,
        ..
    } = *p;
    if state.can_act(actor) {
        let reach = state.settings.distances.melee_below as i32;
        let leaving: Set = state
            .partners(actor)
            .filter(|&o| (to - state.f(o).character.position).abs() >= reach)
            .fold(0, |set, o| set | 1 << o);
        for o in members(leaving) {
            state.engagements.retain(|e| {
                !((e.attacker == actor && e.target == o) || (e.attacker == o && e.target == actor))
            });
            if state.f(actor).holding == Some(o) || state.f(actor).held_by == Some(o) {
                release_holds(state, actor, events);
            }
            events.emit(|| Event::Disengaged {
                actor: state.who(actor),
                target: state.who(o),
            });
        }
        state.fighters[actor].character.position = to;
        events.emit(|| Event::Moved {
            actor: state.who(actor),
            from,
            to,
            sprint,
        });
        if to != from {
            scene::moved(state, actor, (to - from).signum() as i8, events);
        }
        if let (Some(t), Some((sector, back))) = (engage, sectors) {
            if state.f(t).status == Status::Active {
                state.engagements.push(Engagement {
                    attacker: actor,
                    target: t,
                    sector,
                    back,
                });
                events.emit(|| Event::Engaged {
                    actor: state.who(actor),
                    target: state.who(t),
                    sector,
                });
                for x in [actor, t] {
                    if state.f(x).reaction {
                        state.fighters[x].reaction = false;
                        events.emit(|| Event::ReactionLost {
                            actor: state.who(x),
                        });
                    }
                }
            }
        }
    }
    let hurt = state.wounds_dealt != wounds;
    let cost = if sprint { Cost::Full } else { Cost::Additional };
    finish_action(state, dice, (actor, cost), false, hurt, events)
}
