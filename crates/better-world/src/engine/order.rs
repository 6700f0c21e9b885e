//! Initiative levels, order within a level, rounds and newcomers (BW-04 … BW-07, BW-10).

use fray_dice::{Dice, Few, RuleError};

use super::{check_end, members, no, start_round, Event, Events, Phase, Set, State, Status};
use crate::initiative::{initiative_level, insert_by_dice, shuffle, OrderMethod};
use crate::setup::JoinMethod;
use fray_dice::msg;

/// Rolls the initiative level of each of `who`, in that order (BW-04 … BW-06). Returns
/// `(level, character)` by level, ascending, and within a level in rolling order: one small
/// list per call (on the stack for up to 8) rather than a map of lists.
fn roll_levels<D: Dice>(
    state: &mut State,
    dice: &mut D,
    who: impl IntoIterator<Item = usize>,
    events: &mut Events,
) -> Result<Few<(u32, usize), 8>, RuleError> {
    let mut fresh = Few::new();
    for i in who {
        let f = state.f(i);
        let stat = f.character.aspect(state.settings.initiative_aspect);
        let k = if f.struck_first {
            state.settings.first_strike_k
        } else {
            f.character.initiative.k()
        };
        let (ones, level) = initiative_level(dice, stat, k)?;
        state.fighters[i].level = Some(level);
        events.emit(|| Event::InitiativeRolled {
            actor: state.who(i),
            aspect: state.settings.initiative_aspect,
            stat,
            modifier: state.f(i).character.initiative,
            first_strike: state.f(i).struck_first,
            modifier_k: k,
            ones,
            level,
        });
        fresh.push((level, i));
    }
    // Stable: rolling order stays within a level.
    fresh.sort_by_key(|&(level, _)| level);
    Ok(fresh)
}

/// The levels of [`roll_levels`], highest first, each with its characters in rolling order.
fn by_level(fresh: &[(u32, usize)]) -> impl Iterator<Item = (u32, &[(u32, usize)])> {
    fresh
        .chunk_by(|a, b| a.0 == b.0)
        .rev()
        .map(|group| (group[0].0, group))
}

/// Places `newcomers` on `level` after `queue` by the dice method (BW-07a), logging each.
fn place_by_dice<D: Dice>(
    state: &State,
    dice: &mut D,
    level: u32,
    queue: &mut Vec<usize>,
    newcomers: impl IntoIterator<Item = usize>,
    events: &mut Events,
) -> Result<(), RuleError> {
    for i in newcomers {
        queue.push(i);
        let placed = queue.len() - 1;
        if placed == 0 {
            continue;
        }
        let ones = insert_by_dice(dice, queue, placed)?;
        events.emit(|| Event::Placed {
            actor: state.who(i),
            level,
            k: placed as u32,
            ones,
        });
    }
    Ok(())
}

fn shuffle_level<D: Dice>(
    state: &State,
    dice: &mut D,
    level: u32,
    queue: &mut [usize],
    events: &mut Events,
) -> Result<(), RuleError> {
    shuffle(dice, queue)?;
    events.emit(|| Event::Shuffled {
        level,
        order: queue.iter().map(|&i| state.who(i)).collect(),
    });
    Ok(())
}

pub(super) fn roll_initiative<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let who: Set = (0..state.fighters.len())
        .filter(|&i| state.f(i).status == Status::Active)
        .fold(0, |set, i| set | 1 << i);
    let fresh = roll_levels(state, dice, members(who), events)?;
    for (level, group) in by_level(&fresh) {
        let characters = group.iter().map(|&(_, i)| i);
        let mut queue = Vec::with_capacity(group.len());
        match state.settings.order_method {
            OrderMethod::Dice => {
                place_by_dice(state, dice, level, &mut queue, characters, events)?;
            }
            OrderMethod::Cards => {
                queue.extend(characters);
                if queue.len() > 1 {
                    shuffle_level(state, dice, level, &mut queue, events)?;
                }
            }
        }
        state.levels.insert(level, queue);
    }
    state.rebuild_order();
    events.emit(|| Event::OrderSet {
        order: state.order_names(),
    });
    start_round(state, events);
    Ok(())
}

/// Starts the next round.
pub(crate) fn next_round(state: &mut State, events: &mut Events) -> Result<(), RuleError> {
    if state.phase != Phase::BetweenRounds {
        return Err(no("BW-08", || msg!("bw-refuse-round-running")));
    }
    let next = state.round + 1;
    let due = state.fighters.iter().find(|f| {
        f.status == Status::Reserve && f.character.joins_round.is_some_and(|r| r <= next)
    });
    if let Some(f) = due {
        return Err(no("BW-10", || {
            msg!(
                "bw-refuse-join-due",
                name = &*f.character.name,
                round = f.character.joins_round.unwrap_or(next)
            )
        }));
    }
    start_round(state, events);
    check_end(state, events);
    Ok(())
}

pub(super) fn join<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actors: &[usize],
    events: &mut Events,
) -> Result<(), RuleError> {
    for &a in actors {
        state.fighters[a].status = Status::Active;
    }
    let fresh = roll_levels(state, dice, actors.iter().copied(), events)?;
    let mut used = state.settings.order_method;
    for (level, group) in by_level(&fresh) {
        let newcomers = group.iter().map(|&(_, i)| i);
        let mut queue = state.levels.remove(&level).unwrap_or_default();
        let method = match state.settings.join_method {
            _ if queue.is_empty() => state.settings.order_method,
            JoinMethod::Auto if group.len() < queue.len() => OrderMethod::Dice,
            JoinMethod::Auto | JoinMethod::Cards => OrderMethod::Cards,
            JoinMethod::Dice => OrderMethod::Dice,
        };
        used = method;
        match method {
            OrderMethod::Dice => place_by_dice(state, dice, level, &mut queue, newcomers, events)?,
            OrderMethod::Cards => {
                queue.extend(newcomers);
                if queue.len() > 1 {
                    shuffle_level(state, dice, level, &mut queue, events)?;
                }
            }
        }
        state.levels.insert(level, queue);
    }
    state.rebuild_order();
    events.emit(|| Event::Joined {
        actors: by_level(&fresh)
            .flat_map(|(_, group)| group)
            .map(|&(_, i)| state.who(i))
            .collect(),
        method: used,
    });
    events.emit(|| Event::OrderSet {
        order: state.order_names(),
    });
    Ok(())
}
