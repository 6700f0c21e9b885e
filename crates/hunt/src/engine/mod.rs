use std::sync::Arc;

use fray_dice::{msg, same_name, Dice, EventLog, RuleError};
use serde::{Deserialize, Serialize};

use crate::resolve::{roll_sum, stat_test, TestRoll};
use crate::setup::{AttackKind, Distance, Penalty, Rules, Tactic};
use crate::setup::{FighterSetup, Opening, Setup, Side, Stats, Weapon};
use turn::{resolve_turn, strikes_from};

mod breakdown;
mod command;
mod declare;
mod event;
mod state;
pub(crate) mod turn;

pub use command::*;
pub(crate) use declare::*;
pub use event::*;
pub use state::*;

/// A refusal written from message `m` of Hunt's texts: English in `message`, any language
/// through `RuleError::message_in`. Out of line, so that the checks that pass (the usual
/// case, run for every candidate of the default tactic) carry no formatting code.
#[cold]
#[inline(never)]
fn no(rule: &'static str, m: fray_dice::Message) -> RuleError {
    if crate::text::is_probing() {
        // Nobody reads it: `options` keeps only whether the declaration is legal.
        return RuleError::new(rule, String::new());
    }
    RuleError::text(rule, &crate::text::TEXTS, m)
}

/// How a check answers a broken rule: [`Refuse`] writes the refusal (the engine's commands),
/// [`Probe`] only says no (the default tactic's candidates), so one implementation of each
/// rule serves both and a candidate that fails formats nothing.
pub(crate) trait Verdict {
    /// What a broken rule gives.
    type No;
    /// Rule `rule` is broken; `m` writes its message, if this verdict needs one.
    fn no(rule: &'static str, m: impl FnOnce() -> fray_dice::Message) -> Self::No;
}

/// The engine's verdict: the refusal, in every language.
pub(crate) struct Refuse;

impl Verdict for Refuse {
    type No = RuleError;
    #[inline]
    fn no(rule: &'static str, m: impl FnOnce() -> fray_dice::Message) -> RuleError {
        no(rule, m())
    }
}

/// The default tactic's verdict: only whether the candidate is legal.
pub(crate) struct Probe;

impl Verdict for Probe {
    type No = ();
    #[inline(always)]
    fn no(_: &'static str, _: impl FnOnce() -> fray_dice::Message) {}
}

/// Each fighter's state, Endurance, wounds, bleeding, ammunition and damage, for the summary
/// and the per-combatant statistics.
pub(crate) fn standings(state: &State) -> Vec<fray_dice::Standing> {
    use fray_dice::{Counter, Standing, Track};
    let deadly = state.rules.deadly_failures;
    state
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let worst = f.wounds.iter().copied().max().unwrap_or(0);
            let counter = |key, value: u32| Counter {
                key,
                value: i64::from(value),
            };
            Standing {
                name: f.name.to_string(),
                side: usize::from(f.side.index()),
                up: f.active(),
                // HUNT-13: the worst wound of any one turn names the state.
                state: match f.status {
                    Status::Dead => "dead",
                    Status::Escaped => "escaped",
                    Status::TrailLost => "trail-lost",
                    Status::Active => match crate::setup::wound_name(worst, deadly) {
                        "unhurt" => "unhurt",
                        "light wound" => "light-wound",
                        "heavy wound" => "heavy-wound",
                        _ => "maimed",
                    },
                },
                tracks: vec![Track {
                    key: "endurance",
                    now: i64::from(state.endurance(i)),
                    max: i64::from(f.base.endurance),
                }],
                counters: vec![
                    counter("wounds", f.wounds.len() as u32),
                    counter("bleeding", f.bleeding),
                    counter("ammo_spent", f.ammo_spent),
                    counter("damage_dealt", f.damage_dealt),
                    counter("damage_taken", f.damage_taken),
                ],
                defeated_round: f.out_round.filter(|_| f.status == Status::Dead),
            }
        })
        .collect()
}

/// Checks a setup and builds the state its fights start from, before the opening.
pub(crate) fn start_state(setup: &Setup) -> Result<State, RuleError> {
    crate::setup::validate_setup(setup)?;
    let fighters = setup
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f): (usize, &FighterSetup)| Fighter {
            name: f.name.clone(),
            side: f.side,
            base: f.stats,
            weapons: f
                .weapons
                .iter()
                .map(|w| {
                    let mut w = w.clone();
                    if w.magazine.is_none() {
                        w.magazine = w.ammo;
                    }
                    WeaponState {
                        weapon: w,
                        status: WeaponStatus::Ready,
                    }
                })
                .collect(),
            direction: f.direction.unwrap_or(1000 + i as u32),
            status: Status::Active,
            wounds: Vec::new(),
            bleeding: 0,
            fallen: false,
            stunned: 0,
            hidden: None,
            trap_immune: false,
            searches_failed: 0,
            damage_dealt: 0,
            damage_taken: 0,
            ammo_spent: 0,
            out_round: None,
        })
        .collect::<Vec<_>>();
    let n = fighters.len();
    Ok(State {
        round: 1,
        distance: Distance::Medium,
        fighters,
        declarations: vec![None; n],
        window: false,
        resplits: vec![None; n],
        initial: vec![None; n],
        first_strike: None,
        ambush_bonus: false,
        surprised: None,
        trap: setup.location.trap,
        rules: setup.rules,
        wound_table: setup.wound_table.clone(),
        accumulate_wounds: setup.accumulate_wounds,
        first_aid_stops_bleeding: setup.first_aid_stops_bleeding,
        max_rounds: setup.max_rounds,
        zero_endurance_dies: setup.zero_endurance_dies,
        give_up_after: setup.tactic.give_up_after,
        ending: None,
    })
}

fn first_of(state: &State, side: Side) -> usize {
    state
        .fighters
        .iter()
        .position(|f| f.side == side)
        .expect("validated: both sides present")
}

/// Opens a fight from its checked setup and starting state: the opening (HUNT-01 …
/// HUNT-05) and the first round.
pub(crate) fn open<D: Dice>(
    setup: &Setup,
    mut state: State,
    dice: &mut D,
    events: &mut EventLog<Event>,
) -> Result<State, RuleError> {
    events.emit(|| Event::Started {
        fighters: state
            .fighters
            .iter()
            .map(|f| (f.name.to_string(), f.side))
            .collect(),
        location: setup.location.name.clone(),
        trap: state.trap,
    });
    let hunter = first_of(&state, Side::Hunter);
    let prey = first_of(&state, Side::Prey);
    match setup.opening {
        Opening::Open { distance } => state.distance = distance,
        Opening::Search {
            hunter_distance,
            prey_distance,
            search_dice,
            precaution_dice,
        } => {
            // HUNT-04: a prey forcing Near is refused by setup validation.
            let s = search_dice.unwrap_or(state.fighters[hunter].base.experience);
            let p = precaution_dice.unwrap_or(state.fighters[prey].base.experience);
            // The faces are transcribed only for a log that records them.
            let mut ts = events.is_recording().then(fray_dice::Transcript::new);
            let search = roll_sum(dice, s, "search", ts.as_mut())?;
            let mut tp = events.is_recording().then(fray_dice::Transcript::new);
            let precautions = roll_sum(dice, p, "precautions", tp.as_mut())?;
            let surprised = search > precautions;
            let faces = |t: Option<fray_dice::Transcript>| -> Vec<u32> {
                t.map(|t| t.dice.iter().map(|d| d.value).collect())
                    .unwrap_or_default()
            };
            events.emit(|| Event::Searched {
                search,
                search_faces: faces(ts),
                precautions,
                precaution_faces: faces(tp),
                surprised,
            });
            if surprised {
                state.distance = hunter_distance;
                state.surprised = Some(Side::Prey);
                state.first_strike = Some(Side::Hunter);
            } else {
                state.distance = prey_distance.unwrap_or(hunter_distance);
            }
        }
        Opening::Ambush { prey_distance } => {
            let test = stat_test(
                dice,
                state.fighters[prey].base.experience,
                state.rules.test_dice,
                "ambush",
                None,
            )?;
            events.emit(|| Event::Ambushed {
                fighter: state.fighters[prey].name.to_string(),
                test,
            });
            if test.passed {
                state.distance = prey_distance;
                state.first_strike = Some(Side::Prey);
                state.ambush_bonus = true;
            } else {
                state.distance = Distance::from_d6(dice.roll(6)?);
            }
        }
    }
    events.emit(|| Event::Round {
        round: 1,
        distance: state.distance,
    });
    Ok(state)
}

/// Applies one command: a declaration, a re-split or the exchange's resolution.
pub(crate) fn apply<D: Dice>(
    state: &mut State,
    command: &Command,
    dice: &mut D,
    events: &mut EventLog<Event>,
) -> Result<(), RuleError> {
    if let Some(e) = &state.ending {
        return Err(no(
            "ended",
            msg!(
                "hunt-refuse-over",
                reason = crate::text::reason_key(&e.reason)
            ),
        ));
    }
    match command {
        Command::Declare(d) => {
            let i = state.check_declaration(d)?;
            state.declare(i, d.clone(), events);
            Ok(())
        }
        Command::Resplit(r) => {
            let (i, new, first) = state.resplit_declaration(r)?;
            // The first split stays on record (HUNT-19); a second re-split keeps it.
            if first.is_some() {
                state.initial[i] = first;
            }
            state.declarations[i] = Some(new);
            state.resplits[i] = Some(true);
            events.emit(|| Event::Resplit {
                fighter: r.fighter.to_string(),
            });
            Ok(())
        }
        Command::Resolve => state.resolve_exchange(dice, events),
    }
}
