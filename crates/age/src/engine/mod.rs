//! The encounter engine: initiative, turns and actions, attacks and stunts, damage and
//! conditions (AGE-08 … AGE-31). `mod.rs` holds the start and the one `apply`; the rules live in `turn` (rounds, turns, action slots, movement), `attack`
//! (attacks, damage and the offer to absorb it), `stunts` (spending stunt points) and
//! `actions` (every other action of a turn).

mod actions;
mod attack;
mod command;
mod event;
mod state;
mod stunts;
mod turn;

pub use command::{AttackAction, Command, Direction, Mover, Sense, SkirmishMove};
pub use event::{DamageRoll, Event, Modifiers, MoveKind, Terms};
pub use state::{Absorbing, After, Combatant, Pending, Readied, State, Turn, WeaponState};

pub(crate) use actions::*;
pub(crate) use attack::*;
pub(crate) use stunts::*;
pub(crate) use turn::*;

use std::sync::Arc;

use fray_dice::{Counter, Dice, EventLog, RuleError, Standing, Track};

use crate::conditions::{Condition, Injury};
use crate::resolve::{
    absorb, absorb_offer, attack, decompression_check, opposed, pay_damage, range_modifier,
    roll_damage_faces, test, throw_grenade, AttackKind, AttackSpec, Capacity, DamageAbility,
    DamageDice, DamageOutcome, DamageSpec, GrenadeSpec, RangeBand, Soak, StuntChoice, StuntEffect,
    TestSpec, Vitals, GRENADE_RADIUS, SHIELD_DEFENSE,
};
use crate::setup::{
    check_position, validate_setup, Ability, Setup, TakenOut, MAX_POSITION, MAX_SETTING,
};

type Events = EventLog<Event>;

/// A refusal written from a message of `locales/*.ftl`, so it reads in every language.
#[cold]
fn refuse(rule: &'static str, message: fray_dice::Message) -> RuleError {
    crate::text::refusal(rule, message)
}

/// Side names.
pub(crate) const SIDES: [&str; 2] = ["party", "opponents"];

/// Each combatant's state, Fortune and stunt points spent, for the summary.
pub(crate) fn standings(state: &State) -> Vec<Standing> {
    state
        .combatants
        .iter()
        .map(|c| Standing {
            name: c.name.to_string(),
            side: usize::from(c.side),
            up: standing(c),
            state: if c.dead {
                "dead"
            } else if c.conditions.injury == Injury::Dying {
                "dying"
            } else if c.taken_out || !c.conditions.can_act() {
                "taken-out"
            } else {
                "standing"
            },
            tracks: vec![Track {
                key: "fortune",
                now: i64::from(c.fortune),
                max: i64::from(c.fortune_max),
            }],
            counters: vec![Counter {
                key: "stunt-points",
                value: i64::from(c.stunt_points_spent),
            }],
            defeated_round: c.out_round,
        })
        .collect()
}

/// Validates a setup and builds the state its fights start from, before any roll: the
/// combatants with their weapons, and each one's initiative test (AGE-09), in setup order.
pub(crate) fn start_state(setup: &Setup) -> Result<(State, Vec<Terms>), RuleError> {
    validate_setup(setup)?;
    let rule = &setup.rules.initiative;
    let mut combatants = Vec::with_capacity(setup.characters.len());
    let mut initiative = Vec::with_capacity(setup.characters.len());
    for c in &setup.characters {
        let (rating, penalty) = c.armour.stats();
        let weapons: Vec<WeaponState> = c
            .weapons
            .iter()
            .map(|w| WeaponState {
                weapon: Arc::new(w.clone()),
                jammed: false,
                high_capacity_used: false,
                count: w.count,
            })
            .collect();
        let in_hand = c
            .wielding
            .as_ref()
            .and_then(|n| c.weapons.iter().position(|w| &w.name == n));
        initiative.push(Terms {
            ability: rule.ability,
            score: c.abilities.get(rule.ability),
            focus: rule.focus.as_ref().is_some_and(|f| c.foci.contains(f)),
            modifiers: Modifiers {
                conditions: c.conditions.roll_penalty(),
                armour: if rule.armour_penalty { penalty } else { 0 },
                ..Modifiers::default()
            },
        });
        combatants.push(Combatant {
            name: c.name.clone(),
            side: c.side,
            abilities: c.abilities,
            foci: c.foci.as_slice().into(),
            fortune: c.fortune,
            fortune_max: c.fortune,
            stunt_points_spent: 0,
            out_round: None,
            armour: (rating, penalty),
            shield: c.shield,
            striking_style: c.striking_style,
            base_speed: c.speed.unwrap_or(10 + c.abilities.dexterity + penalty),
            base_defense: c
                .defense
                .unwrap_or(setup.rules.defense_base + c.abilities.dexterity),
            weapons,
            in_hand,
            position: c.position,
            near_hull: c.near_hull,
            free_fall_mobility: c.free_fall_mobility,
            conditions: c.conditions,
            initiative: 0,
            initiative_rank: 0,
            taken_out: false,
            dead: false,
            defend: 0,
            heavy_penalty: 0,
            guarded: 0,
            weave: 0,
            cover: 0,
            stand_firm: false,
            readied: None,
            aimed: false,
            drift: 0,
        });
    }
    let state = State {
        rules: Arc::new(setup.rules.clone()),
        free_fall: setup.free_fall,
        corridor: setup.corridor,
        combatants,
        order: Vec::new(),
        round: 0,
        turn_index: 0,
        turn: Turn::default(),
        pending: None,
        absorbing: None,
        decompressed: false,
        stunt_points_earned: 0,
        over: false,
        winner: None,
    };
    Ok((state, initiative))
}

/// Starts an encounter from the state [`start_state`] built: rolls initiative (AGE-09) and
/// opens round 1.
pub(crate) fn open<D: Dice>(
    mut state: State,
    initiative: &[Terms],
    dice: &mut D,
    events: &mut Events,
) -> Result<State, RuleError> {
    for (c, terms) in state.combatants.iter_mut().zip(initiative) {
        let roll = test(dice, &terms.spec(None))?;
        events.emit(|| Event::Initiative {
            name: c.name.clone(),
            dice: roll.dice,
            total: roll.total,
            terms: *terms,
        });
        c.initiative = roll.total;
    }
    // Order: initiative, then Dexterity, then roll-offs (1d6 each, repeated for ties).
    let combatants = &mut state.combatants;
    let mut order: Vec<usize> = (0..combatants.len()).collect();
    let key = |i: usize| (combatants[i].initiative, combatants[i].abilities.dexterity);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    let mut start_at = 0;
    while start_at < order.len() {
        let mut end = start_at + 1;
        while end < order.len() && key(order[end]) == key(order[start_at]) {
            end += 1;
        }
        roll_off(&mut order[start_at..end], dice)?;
        start_at = end;
    }
    for (rank, &i) in order.iter().enumerate() {
        combatants[i].initiative_rank = rank as u32;
    }
    state.order = order;
    if !check_end(&mut state, events) {
        new_round(&mut state, dice, events)?;
    }
    Ok(state)
}

/// Orders a group tied on initiative and Dexterity by repeated 1d6 roll-offs (AGE-09); after
/// 8 tied roll-offs setup order decides.
fn roll_off<D: Dice>(group: &mut [usize], dice: &mut D) -> Result<(), RuleError> {
    if group.len() < 2 {
        return Ok(());
    }
    for _ in 0..8 {
        let mut rolled = Vec::with_capacity(group.len());
        for &i in group.iter() {
            rolled.push((dice.roll(6)?, i));
        }
        rolled.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let distinct = rolled.windows(2).all(|w| w[0].0 != w[1].0);
        if distinct {
            for (slot, (_, i)) in group.iter_mut().zip(rolled) {
                *slot = i;
            }
            return Ok(());
        }
    }
    Ok(())
}

/// Applies one command (validation first, then dice, then changes).
pub(crate) fn apply<D: Dice>(
    state: &mut State,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.over {
        return Err(refuse("AGE-08", fray_dice::msg!("age-refuse-over")));
    }
    if let Some(a) = &state.absorbing {
        let Command::Absorb { actor, take } = command else {
            return Err(refuse(
                "AGE-15",
                fray_dice::msg!(
                    "age-refuse-absorb-first",
                    name = &*state.combatants[a.target].name,
                    condition = condition_name(a.offer)
                ),
            ));
        };
        let target = a.target;
        if find(state, actor)? != target {
            return Err(refuse(
                "AGE-15",
                fray_dice::msg!(
                    "age-refuse-absorb-whose",
                    name = &*state.combatants[target].name
                ),
            ));
        }
        let a = state.absorbing.take().expect("checked above");
        resume_absorb(state, a, *take, dice, events)?;
        return Ok(());
    }
    if let Some(p) = &state.pending {
        let Command::SpendStunts {
            actor,
            stunts,
            skirmish,
        } = command
        else {
            return Err(refuse(
                "AGE-21",
                fray_dice::msg!(
                    "age-refuse-spend-first",
                    attacker = &*state.combatants[p.attacker].name
                ),
            ));
        };
        let p = p.clone();
        let skirmish = skirmish.unwrap_or_default();
        spend_stunts(state, &p, actor, stunts, skirmish, dice, events)?;
        maybe_end_turn(state, dice, events)?;
        check_end(state, events);
        return Ok(());
    }
    match command {
        Command::SpendStunts { .. } => {
            return Err(refuse(
                "AGE-21",
                fray_dice::msg!("age-refuse-no-stunt-points"),
            ));
        }
        Command::Absorb { .. } => {
            return Err(refuse(
                "AGE-15",
                fray_dice::msg!("age-refuse-nothing-to-absorb"),
            ));
        }
        Command::Test {
            actor,
            ability,
            focus,
            modifier,
            tn,
            sense,
        } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            let limit = MAX_SETTING as i32;
            if modifier.unsigned_abs() > MAX_SETTING
                || tn.is_some_and(|t| t.unsigned_abs() > MAX_SETTING)
            {
                return Err(refuse(
                    "AGE-01",
                    fray_dice::msg!("age-refuse-test-limits", limit = limit),
                ));
            }
            let auto_fail = match sense {
                crate::engine::Sense::Sight => c.conditions.blinded,
                crate::engine::Sense::Hearing => c.conditions.deafened,
                crate::engine::Sense::None => false,
            };
            let armour = if *ability == Ability::Dexterity {
                c.armour.1
            } else {
                0
            };
            let terms = Terms {
                ability: *ability,
                score: c.abilities.get(*ability),
                focus: *focus,
                modifiers: Modifiers {
                    circumstance: *modifier,
                    conditions: c.conditions.roll_penalty(),
                    guarded_stance: -c.guarded,
                    armour,
                    ..Modifiers::default()
                },
            };
            let spec = TestSpec {
                auto_fail,
                ..terms.spec(*tn)
            };
            let roll = test(dice, &spec)?;
            events.emit(|| Event::Test {
                name: c.name.clone(),
                ability: *ability,
                roll,
                terms,
                tn: *tn,
            });
            return Ok(());
        }
        Command::ApplyCondition { target, condition } => {
            let i = find(state, target)?;
            let c = &mut state.combatants[i];
            let reached = c.conditions.add(*condition);
            events.emit(|| Event::ConditionGained {
                name: c.name.clone(),
                condition: *condition,
                reached,
            });
            if !check_end(state, events) && state.turn.actor == i {
                maybe_end_turn(state, dice, events)?;
            }
            return Ok(());
        }
        Command::RemoveCondition { target, condition } => {
            let i = find(state, target)?;
            let c = &mut state.combatants[i];
            c.conditions.remove(*condition);
            events.emit(|| Event::ConditionRemoved {
                name: c.name.clone(),
                condition: *condition,
            });
            return Ok(());
        }
        Command::Interrupt { actor } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            if c.readied.is_none() {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-no-readied", name = &**actor),
                ));
            }
            if state.turn.actor == i {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-interrupt-own"),
                ));
            }
            if !standing(c) {
                return Err(refuse(
                    "AGE-28",
                    fray_dice::msg!("age-refuse-cannot-act", name = &**actor),
                ));
            }
            let (plan, _) = attack_plan(state, command)?.expect("an interrupt plans an attack");
            state.combatants[i].readied = None;
            execute_attack(state, plan, dice, events)?;
            if let Some(a) = &mut state.absorbing {
                a.interrupt = true;
            }
            if !check_end(state, events) {
                maybe_end_turn(state, dice, events)?;
            }
            return Ok(());
        }
        _ => {}
    }
    let actor_name = actor_of(command);
    let me = actor_on_turn(state, actor_name)?;
    turn_command(state, me, command, dice, events)?;
    if !matches!(command, Command::Aim { .. } | Command::EndTurn { .. }) && !is_attack(command) {
        // AGE-11: Aim helps only if the very next action is an attack (attacks use it up
        // themselves); ending the turn is no action, so the bonus waits for the next turn.
        state.combatants[me].aimed = false;
    }
    if !state.over {
        maybe_end_turn(state, dice, events)?;
    }
    check_end(state, events);
    Ok(())
}

fn is_attack(command: &Command) -> bool {
    matches!(
        command,
        Command::MeleeAttack { .. }
            | Command::RangedAttack { .. }
            | Command::HeavyAttack { .. }
            | Command::StuntAttack { .. }
            | Command::Charge { .. }
            | Command::ThrowGrenade { .. }
    )
}

fn actor_of(command: &Command) -> &str {
    match command {
        Command::MeleeAttack { actor, .. }
        | Command::RangedAttack { actor, .. }
        | Command::HeavyAttack { actor, .. }
        | Command::StuntAttack { actor, .. }
        | Command::Charge { actor, .. }
        | Command::ThrowGrenade { actor, .. }
        | Command::Defend { actor }
        | Command::Run { actor, .. }
        | Command::FirstAid { actor, .. }
        | Command::Activate { actor, .. }
        | Command::Aim { actor }
        | Command::GuardedStance { actor, .. }
        | Command::Move { actor, .. }
        | Command::Ready { actor, .. }
        | Command::Interrupt { actor }
        | Command::Pursue { actor }
        | Command::TakeUp { actor, .. }
        | Command::Reload { actor }
        | Command::StandFirm { actor }
        | Command::SpendStunts { actor, .. }
        | Command::Absorb { actor, .. }
        | Command::EndTurn { actor }
        | Command::Test { actor, .. } => actor,
        Command::ApplyCondition { target, .. } | Command::RemoveCondition { target, .. } => target,
    }
}
