//! Rounds and turns (AGE-08, AGE-09): the order, the action slots, the end of a turn and of
//! the fight; movement helpers (AGE-11, AGE-27, AGE-31).

use super::*;

pub(crate) fn standing(c: &Combatant) -> bool {
    !c.dead && !c.taken_out && c.conditions.can_act()
}

/// Ends the encounter when a side has nobody standing, or at the round limit.
pub(crate) fn check_end(state: &mut State, events: &mut Events) -> bool {
    if state.over {
        return true;
    }
    // Damage still waiting for its target's answer decides nothing yet.
    if state.absorbing.is_some() {
        return false;
    }
    let up = |side: u8| {
        state
            .combatants
            .iter()
            .any(|c| c.side == side && standing(c))
    };
    let (a, b) = (up(0), up(1));
    let winner = match (a, b) {
        (true, true) if state.round <= state.rules.max_rounds => return false,
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    };
    state.over = true;
    state.winner = winner;
    state.pending = None;
    events.emit(|| Event::EncounterEnded {
        winner: winner.map(|w| SIDES[usize::from(w)].to_owned()),
        rounds: state.round.min(state.rules.max_rounds),
    });
    true
}

pub(crate) fn new_round<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    for c in &mut state.combatants {
        c.guarded = 0;
    }
    state.round += 1;
    if check_end(state, events) {
        return Ok(());
    }
    let cs = &state.combatants;
    state.order.sort_by(|&a, &b| {
        (cs[b].initiative, cs[b].abilities.dexterity)
            .cmp(&(cs[a].initiative, cs[a].abilities.dexterity))
            .then(cs[a].initiative_rank.cmp(&cs[b].initiative_rank))
    });
    events.emit(|| Event::RoundStarted {
        round: state.round,
        order: state
            .order
            .iter()
            .map(|&i| state.combatants[i].name.clone())
            .collect(),
    });
    state.turn_index = 0;
    begin_turn(state, dice, events)
}

/// Starts the turn at `turn_index`, skipping those who cannot act, until someone can.
pub(crate) fn begin_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    loop {
        if state.turn_index >= state.order.len() {
            return new_round(state, dice, events);
        }
        let i = state.order[state.turn_index];
        state.turn = Turn {
            actor: i,
            ..Turn::default()
        };
        let death_at = state.rules.death_at;
        let round = state.round;
        let corridor = state.corridor;
        let c = &mut state.combatants[i];
        if c.dead {
            state.turn_index += 1;
            continue;
        }
        c.defend = 0;
        c.heavy_penalty = 0;
        c.weave = 0;
        c.cover = 0;
        c.stand_firm = false;
        if c.readied.take().is_some() {
            events.emit(|| Event::ReadyLost {
                name: c.name.clone(),
            });
        }
        if c.conditions.injury == Injury::Dying {
            c.abilities.constitution -= 1;
            events.emit(|| Event::DyingTick {
                name: c.name.clone(),
                constitution: c.abilities.constitution,
            });
            if c.abilities.constitution <= death_at {
                c.dead = true;
                c.taken_out = true;
                c.out_round.get_or_insert(round);
                events.emit(|| Event::Died {
                    name: c.name.clone(),
                });
            }
        }
        if c.drift != 0 && !c.dead {
            let from = c.position;
            let [lo, hi] = corridor.unwrap_or([-MAX_POSITION, MAX_POSITION]);
            let mut to = from + c.drift;
            if to <= lo || to >= hi {
                to = to.clamp(lo, hi);
                c.drift = 0;
            }
            c.position = to;
            events.emit(|| Event::Moved {
                name: c.name.clone(),
                from,
                to,
                how: MoveKind::Drift,
            });
        }
        if check_end(state, events) {
            return Ok(());
        }
        let c = &state.combatants[i];
        let reason = if c.dead {
            Some("dead")
        } else if c.taken_out {
            Some("taken out")
        } else if !c.conditions.can_act() {
            Some("helpless")
        } else {
            None
        };
        match reason {
            Some(reason) => {
                if !c.dead {
                    events.emit(|| Event::TurnSkipped {
                        name: c.name.clone(),
                        reason: reason.to_owned(),
                    });
                }
                state.turn_index += 1;
            }
            None => {
                events.emit(|| Event::TurnStarted {
                    name: c.name.clone(),
                });
                return Ok(());
            }
        }
    }
}

pub(crate) fn end_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = state.combatants[state.turn.actor].name.clone();
    events.emit(|| Event::TurnEnded { name });
    state.turn_index += 1;
    if check_end(state, events) {
        return Ok(());
    }
    begin_turn(state, dice, events)
}

/// Ends the turn by itself once nothing is left to do: no action left and no Pursue open.
pub(crate) fn maybe_end_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.over || state.pending.is_some() || state.absorbing.is_some() {
        return Ok(());
    }
    if !standing(&state.combatants[state.turn.actor]) {
        return end_turn(state, dice, events);
    }
    let t = &state.turn;
    // After Run the turn stays open so that anything else is refused under AGE-10; the
    // actor ends it.
    let spent = t.minors_used >= 2 || (t.major_used && t.minors_used >= 1);
    if spent && pursue_target(state).is_none() {
        end_turn(state, dice, events)?;
    }
    Ok(())
}

/// The index of the participant named `name`.
pub(crate) fn find(state: &State, name: &str) -> Result<usize, RuleError> {
    // Commands share the state's names, so the address settles most lookups.
    state
        .combatants
        .iter()
        .position(|c| fray_dice::same_name(&c.name, name))
        .ok_or_else(|| refuse("command", fray_dice::msg!("age-refuse-nobody", name = name)))
}

/// The actor of a turn-bound command must be the one whose turn it is and able to act.
pub(crate) fn actor_on_turn(state: &State, name: &str) -> Result<usize, RuleError> {
    let i = find(state, name)?;
    if state.turn.actor != i {
        return Err(refuse(
            "AGE-08",
            fray_dice::msg!(
                "age-refuse-not-your-turn",
                actor = &*state.combatants[state.turn.actor].name,
                name = name
            ),
        ));
    }
    Ok(i)
}

/// The two kinds of action slot in a turn.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The major action.
    Major,
    /// A minor action.
    Minor,
}

/// The rule and message that refuse `slot` this turn (AGE-08, AGE-10 Run), or `None` when
/// it is free: the one rule behind [`slot_check`] and [`slot_free`].
fn slot_taken(turn: &Turn, slot: Slot) -> Option<(&'static str, &'static str)> {
    if turn.ran {
        return Some(("AGE-10", "age-refuse-ran"));
    }
    match slot {
        Slot::Major if turn.major_used => Some(("AGE-08", "age-refuse-major-used")),
        Slot::Major if turn.minors_used >= 2 => Some(("AGE-08", "age-refuse-two-minors")),
        Slot::Minor if turn.minors_used >= 2 || (turn.major_used && turn.minors_used >= 1) => {
            Some(("AGE-08", "age-refuse-no-minor"))
        }
        _ => None,
    }
}

pub(crate) fn slot_check(turn: &Turn, slot: Slot) -> Result<(), RuleError> {
    match slot_taken(turn, slot) {
        Some((rule, id)) => Err(refuse(rule, fray_dice::Message::new(id))),
        None => Ok(()),
    }
}

/// Whether `slot` is free this turn, without building a refusal: the policy's probe.
pub(crate) fn slot_free(turn: &Turn, slot: Slot) -> bool {
    slot_taken(turn, slot).is_none()
}

pub(crate) fn use_slot(turn: &mut Turn, slot: Slot) {
    match slot {
        Slot::Major => turn.major_used = true,
        Slot::Minor => turn.minors_used += 1,
    }
}

/// How far a Move may go (AGE-11, AGE-27): Speed, or what is left of it after standing up
/// or dropping prone (half Speed, rounded down, each).
pub(crate) fn move_budget(state: &State, c: &Combatant, stand_up: bool, drop_prone: bool) -> i32 {
    if stand_up || drop_prone {
        let mut standing = c.conditions;
        standing.prone = false;
        let s = standing.speed(c.base_speed);
        s - s / 2
    } else {
        speed(state, c)
    }
}

pub(crate) fn move_to(state: &mut State, who: usize, to: i32, how: MoveKind, events: &mut Events) {
    let c = &mut state.combatants[who];
    let from = c.position;
    if from != to {
        c.position = to;
        events.emit(|| Event::Moved {
            name: c.name.clone(),
            from,
            to,
            how,
        });
    }
}

/// Speed after armour and conditions.
pub(crate) fn speed(state: &State, c: &Combatant) -> i32 {
    c.conditions
        .speed_crawling(c.base_speed, state.rules.crawl_divisor)
}

pub(crate) fn free_fall_check(state: &State, who: usize) -> Result<(), RuleError> {
    let c = &state.combatants[who];
    if state.free_fall && !c.free_fall_mobility {
        return Err(refuse(
            "AGE-31",
            fray_dice::msg!("age-refuse-free-fall", name = &*c.name),
        ));
    }
    Ok(())
}

/// The target a Pursue would follow, if one is open (AGE-11).
pub(crate) fn pursue_target(state: &State) -> Option<usize> {
    let t = &state.turn;
    let target = t.melee_hit?;
    let c = &state.combatants[target];
    (!t.pursued
        && !c.taken_out
        && distance(state, t.actor, target) > state.rules.melee_reach
        && speed(state, &state.combatants[t.actor]) > 0)
        .then_some(target)
}

/// Where a move of at most `budget` metres toward `target` ends, stopping 1 m short.
pub(crate) fn approach(state: &State, who: usize, target: usize, budget: i32) -> i32 {
    let from = state.combatants[who].position;
    let to = state.combatants[target].position;
    let gap = (to - from).abs() - 1;
    let step = gap.clamp(0, budget.max(0));
    from + step * (to - from).signum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The policy's probe and the engine's check are one rule: they agree on every turn.
    #[test]
    fn slot_free_agrees_with_slot_check() {
        let mut seen = [0; 2];
        for ran in [false, true] {
            for major_used in [false, true] {
                for minors_used in 0..=3 {
                    let turn = Turn {
                        ran,
                        major_used,
                        minors_used,
                        ..Turn::default()
                    };
                    for slot in [Slot::Major, Slot::Minor] {
                        let free = slot_free(&turn, slot);
                        assert_eq!(free, slot_check(&turn, slot).is_ok(), "{turn:?}");
                        seen[usize::from(free)] += 1;
                    }
                }
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
    }
}
