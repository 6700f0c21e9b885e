//! The encounter engine: initiative, the fixed queue, turns, every action of RED-08, delays,
//! movement, ammunition, damage and wounds.

use std::collections::BTreeMap;
use std::sync::Arc;

use fray_dice::{msg, Dice, EventLog, RuleError, Transcript};

mod actions;
mod attack;
mod command;
mod event;
mod hands;
mod initiative;
pub(crate) mod injury;
mod state;

use actions::*;
use attack::*;
pub use command::*;
pub use event::*;
pub use state::*;

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

/// A refusal written from RED's message `red-refuse-<id>` (English and Russian). Cold and
/// out of line: the checks that pass carry no formatting code.
#[cold]
#[inline(never)]
fn refuse(rule: &'static str, message: fray_dice::Message) -> RuleError {
    crate::text::refusal(rule, message)
}

/// Starts an encounter: validates the setup, rolls initiative (RED-02) and begins round 1.
pub fn start<D: Dice>(setup: &Setup, dice: &mut D, ev: &mut Events) -> Result<State, RuleError> {
    open(crate::setup::Prepared::new(setup)?.into_state(), dice, ev)
}

/// The state every fight of `setup` starts from, before any die: the whole setup checked
/// (a [`crate::Prepared`] is made only from it) and its characters equipped as fighters.
pub(crate) fn checked_state(setup: &Setup) -> Result<State, RuleError> {
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
        return Err(refuse("setup", msg!("red-refuse-two-characters")));
    }
    let cast = Cast::of(&setup.characters, &setup.tables)?;
    Ok(State {
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
    })
}

/// Opens a fight from its starting state ([`checked_state`]): rolls initiative (RED-02),
/// orders the queue and begins round 1. What each fight rolls, and nothing it could check
/// once for all.
pub(crate) fn open<D: Dice>(
    mut state: State,
    dice: &mut D,
    ev: &mut Events,
) -> Result<State, RuleError> {
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
        }
        fray_dice::fields::unique_names(
            "name",
            (characters.iter().enumerate()).map(|(i, c)| {
                (
                    fray_dice::fields::path(move |f| write!(f, "characters[{i}].name")),
                    &*c.name,
                )
            }),
        )?;
        let mut rows = Vec::new();
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
        winners: winner.map_or_else(Vec::new, |w| {
            let s = &state.settings;
            state
                .fighters
                .iter()
                .filter(|f| f.side == w && f.able(s))
                .map(|f| f.name.to_string())
                .collect()
        }),
        round: state.round,
        round_limit: false,
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
            winners: Vec::new(),
            round,
            round_limit: true,
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
    refuse(
        "RED-05",
        msg!("red-refuse-action-spent", name = state.name(state.actor())),
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
    refuse(
        "RED-08",
        msg!(
            "red-refuse-no-participant",
            target = target,
            count = state.fighters.len()
        ),
    )
}

/// `b` within reach of `a` for what message `id` says: `"red-refuse-reach-stabilize"` or
/// `"red-refuse-reach-grab"`.
fn within_reach(state: &State, a: usize, b: usize, id: &'static str) -> Result<(), RuleError> {
    let d = state.metres(state.fighters[a].position, state.fighters[b].position);
    if d > state.settings.reach {
        return Err(refuse(
            "RED-08",
            msg!(
                id,
                target = state.name(b),
                reach = state.settings.reach,
                distance = d
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
        return Err(refuse("RED-33", msg!("red-refuse-no-evasion-waiting")));
    };
    let (defender, attacker) = (p.defender, p.attacker);
    let evade = match cmd {
        Command::Evade { actor, evade } if *actor == defender => *evade,
        _ => return Err(awaiting_evasion(state, defender, attacker)),
    };
    // Worked out when it was made: only the defence waits for the answer. Refused
    // (evading without REF 8): nothing changes, the attack keeps waiting.
    let mut attack = p.plan()?.clone();
    attack.answer(state, Some(evade))?;
    state.pending = None;
    ev.emit(|| Event::EvasionChosen {
        who: state.name(defender),
        evades: evade,
    });
    resolve_attack(state, &attack, dice, ev, false)?;
    settle(state, None, dice, ev)
}

/// Whether the defender of the pending ranged attack does better evading: DEX + Evasion +
/// 5.5 (the d10's mean) beats the DV (what the default tactic answers, RED-33).
pub(crate) fn evasion_pays(state: &State) -> bool {
    // Waiting, the attack holds the default rule's defence.
    let plan = state.pending.as_ref().and_then(|p| p.plan().ok());
    plan.is_some_and(|attack| matches!(attack.spec.defense, Defense::Opposed { .. }))
}

/// The attack `command` would roll (an attack, or the answer to a pending one), for its
/// preview; `None` for a command that makes no attack roll.
pub(crate) fn attack_spec(
    state: &State,
    command: &Command,
) -> Result<Option<AttackSpec>, RuleError> {
    let (attack, evade) = match (command, &state.pending) {
        (Command::Evade { evade, .. }, Some(p)) => (&p.attack, Some(*evade)),
        (Command::Attack { .. }, None) => (command, None),
        _ => return Ok(None),
    };
    let Some((actor, mut order)) = AttackOrder::of(attack) else {
        return Ok(None);
    };
    order.evade = evade.or(order.evade);
    prepare_attack(state, actor, &order).map(|p| Some(p.spec))
}

#[cold]
fn awaiting_evasion(state: &State, defender: usize, attacker: usize) -> RuleError {
    refuse(
        "RED-33",
        msg!(
            "red-refuse-evade-first",
            defender = state.name(defender),
            attacker = state.name(attacker),
            index = defender
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
    refuse(
        "RED-01",
        msg!("red-refuse-fight-over", reason = f.reason.as_str()),
    )
}

#[cold]
fn not_their_turn(state: &State, actor: usize) -> RuleError {
    if actor >= state.fighters.len() {
        return refuse(
            "RED-03",
            msg!("red-refuse-no-participant-bare", target = actor),
        );
    }
    refuse(
        "RED-03",
        msg!(
            "red-refuse-not-your-turn",
            actor = state.name(state.actor()),
            name = state.name(actor)
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
        Command::Attack { .. } => {
            let (actor, order) = AttackOrder::of(cmd).expect("an attack");
            attack_action(state, actor, &order, dice, ev, delayed)?;
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
                return Err(refuse(
                    "RED-08",
                    msg!("red-refuse-no-shield", name = &*f.name),
                ));
            }
            if *take == f.shield_in_hand {
                return Err(refuse(
                    "RED-08",
                    msg!(
                        if *take {
                            "red-refuse-shield-in-hand"
                        } else {
                            "red-refuse-shield-stowed"
                        },
                        name = &*f.name
                    ),
                ));
            }
            if *take && free == 0 {
                return Err(refuse(
                    "RED-09",
                    msg!("red-refuse-no-hand-shield", name = &*f.name),
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
                        return Err(refuse(
                            "RED-09",
                            msg!(
                                "red-refuse-not-in-hand",
                                name = name.as_str(),
                                weapon = &*weapon.name
                            ),
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
            let v = state.vehicles.get(*vehicle).ok_or_else(|| {
                refuse("RED-08", msg!("red-refuse-no-vehicle", vehicle = *vehicle))
            })?;
            let f = &state.fighters[*actor];
            if f.vehicle.is_some() {
                return Err(refuse(
                    "RED-08",
                    msg!("red-refuse-aboard-already", name = &*f.name),
                ));
            }
            let d = state.metres(f.position, v.position);
            if d > state.settings.reach {
                return Err(refuse(
                    "RED-08",
                    msg!(
                        "red-refuse-board-reach",
                        name = &*f.name,
                        distance = d,
                        vehicle = &*v.name,
                        reach = state.settings.reach
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
                return Err(refuse("RED-08", msg!("red-refuse-running")));
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
                return Err(refuse("RED-08", msg!("red-refuse-start-first")));
            }
            let f = &state.fighters[*actor];
            let terms = f.terms(&state.settings, Stat::Ref, f.skill("drive_land_vehicle"));
            let base = terms.sum();
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
                terms,
                resists: false,
            });
        }
        Command::LeaveVehicle { actor } => {
            let v = state.fighters[*actor].vehicle.ok_or_else(|| {
                refuse(
                    "RED-09",
                    msg!("red-refuse-not-aboard", name = state.name(*actor)),
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
                return Err(refuse(
                    "RED-08",
                    msg!("red-refuse-not-netrunner", name = &*f.name),
                ));
            }
            if state.turn.net_used == 0 {
                require_action(state)?;
            }
            if state.turn.net_used >= f.net_actions {
                return Err(refuse(
                    "RED-08",
                    msg!(
                        "red-refuse-net-spent",
                        name = &*f.name,
                        count = f.net_actions
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
        | Command::Evade { .. } => return Err(refuse("RED-10", msg!("red-refuse-delay-command"))),
    }
    Ok(())
}
