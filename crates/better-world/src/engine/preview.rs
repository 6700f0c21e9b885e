//! What an attack would roll, without rolling: the pool, the defence and the damage terms
//! the engine would use, for the decision protocol's previews.

use fray_dice::RuleError;

use super::{apply, cap, no, plan_strike, Action, Command, Plan, State};
use crate::resolve::{AttackSpec, CheckSpec};
use fray_dice::msg;
use fray_dice::{EventLog, Rng};

/// What a command rolls: an attack (check and damage), a contest (check only), or nothing.
pub(crate) enum Rolls {
    /// An attack on one target.
    Attack(AttackSpec),
    /// An opposed check (Disarm, Grapple, Break Free): the pool against the difficulty.
    Contest(CheckSpec),
    /// No dice that a preview shows.
    Nothing,
}

/// The attack `plan` makes on its target: the difficulty as `resolve_against` builds it.
fn attack_of(state: &State, plan: &Plan) -> AttackSpec {
    let t = state.f(plan.target);
    AttackSpec {
        check: CheckSpec {
            pool: plan.pool,
            difficulty: cap(state.defence(plan).0.total()),
            tie: state.settings.tie,
            automatic: plan.melee && (t.held_by.is_some() || !t.conscious),
        },
        weapon: plan.effectiveness,
        armour: t.character.armour.effectiveness,
        restraint: plan.restraint,
    }
}

/// What `command` would roll in `state`; a refusal when `apply` refuses it.
pub(crate) fn rolls(state: &State, command: &Command) -> Result<Rolls, RuleError> {
    // The one rule path decides legality: tried on a copy (refusals come before any die).
    let mut copy = state.clone();
    apply(
        &mut copy,
        command,
        &mut Rng::new(0, 0),
        &mut EventLog::quiet(),
    )?;
    let strike = |s, action| -> Result<Rolls, RuleError> {
        let (plan, _) = plan_strike(state, s, action)?;
        Ok(Rolls::Attack(attack_of(state, &plan)))
    };
    match command {
        Command::Attack(s) => strike(s, Action::Attack),
        Command::QuickStrike(s) => strike(s, Action::QuickStrike),
        Command::FeintStrike(s) => strike(s, Action::FeintStrike),
        Command::QuickShot(s) => strike(s, Action::QuickShot),
        Command::AimedShot(s) => strike(s, Action::AimedShot),
        Command::ShortBurst(s) => strike(s, Action::ShortBurst),
        Command::Opportunity {
            actor,
            attack: true,
        } => {
            let mover = state.pending.map_or(0, |p| p.mover);
            Ok(Rolls::Attack(attack_of(
                state,
                &super::opportunity::plan(state, *actor, mover),
            )))
        }
        Command::Disarm { actor, target } => {
            let (_, pool, terms) = super::disarm_terms(state, *actor, *target);
            Ok(Rolls::Contest(contest(state, pool, terms.total())))
        }
        Command::Grapple { actor, target } => {
            let (_, pool, terms) = super::grapple_terms(state, *actor, *target);
            Ok(Rolls::Contest(contest(state, pool, terms.total())))
        }
        Command::BreakFree { actor } => {
            let h = state.f(*actor).held_by.unwrap_or(*actor);
            let (_, pool, terms) = super::break_free_terms(state, *actor, h);
            Ok(Rolls::Contest(contest(state, pool, terms.total())))
        }
        Command::LongBurst(_) => Err(no("BW-40", || msg!("bw-refuse-no-preview-long-burst"))),
        _ => Ok(Rolls::Nothing),
    }
}

fn contest(state: &State, pool: u32, difficulty: u32) -> CheckSpec {
    CheckSpec {
        pool: cap(pool),
        difficulty: cap(difficulty),
        tie: state.settings.tie,
        automatic: false,
    }
}
