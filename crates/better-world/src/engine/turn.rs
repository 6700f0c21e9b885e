//! Rounds and turns: their start, their end, and the end of the encounter.

use super::*;

pub(super) fn start_round(state: &mut State, events: &mut Events) {
    state.round += 1;
    state.phase = Phase::Round;
    state.turn = None;
    events.emit(|| Event::RoundStarted { round: state.round });
    advance(state, 0, events);
}

/// Starts the next able character's turn from order slot `from`, or ends the round.
#[inline(always)]
pub(super) fn advance(state: &mut State, from: usize, events: &mut Events) {
    let mut slot = from;
    while slot < state.order.len() {
        let i = state.order[slot];
        slot += 1;
        // A character that fell this round misses its later turn (BW-08) and the log says
        // so; in later rounds the fallen are silent (issue 18).
        let fell_now = state.f(i).defeated_round.map_or(true, |r| r == state.round);
        match state.f(i).status {
            Status::Dead => {
                if fell_now {
                    events.emit(|| Event::TurnSkipped {
                        actor: state.who(i),
                        reason: SkipReason::Dead,
                    });
                }
                continue;
            }
            Status::Active => {}
            _ => continue,
        }
        if !state.f(i).conscious {
            if fell_now {
                events.emit(|| Event::TurnSkipped {
                    actor: state.who(i),
                    reason: SkipReason::Unconscious,
                });
            }
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

pub(super) fn end_round(state: &mut State, events: &mut Events) {
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

pub(super) fn finish(state: &mut State, winner: Option<u8>, events: &mut Events) {
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
pub(super) fn check_end(state: &mut State, events: &mut Events) {
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
