//! Moving and engaging (BW-13, BW-24, BW-26).

use super::*;

/// Opportunity attacks on a mover (BW-26): from enemies it leaves or passes in reach.
pub(super) fn opportunity_attackers(
    state: &State,
    actor: usize,
    to: i32,
    engage: Option<usize>,
) -> Set {
    if !state.settings.opportunity_attacks {
        return 0;
    }
    let from = state.f(actor).character.position;
    let (lo, hi) = (from.min(to), from.max(to));
    let reach = state.settings.distances.melee_below as i32;
    let attacks = |e: usize| {
        if !state.enemies(e, actor) || !state.can_act(e) || state.f(e).hits < 1 {
            return false;
        }
        if state.f(e).held_by.is_some() || Some(e) == engage {
            return false;
        }
        let p = state.f(e).character.position;
        if state.engaged(e, actor) {
            return (to - p).abs() >= reach;
        }
        let nearest = p.clamp(lo, hi);
        (nearest - p).abs() < reach
    };
    (0..state.fighters.len())
        .filter(|&e| attacks(e))
        .fold(0, |set, e| set | 1 << e)
}

/// Who stands engaged around `i`: how many, how many of them are its enemies, and the
/// sectors 0–3 they take (bit `s` for sector `s`). One pass, no list.
pub(super) fn crowd(state: &State, i: usize) -> (usize, usize, u8) {
    state
        .sectors_around(i)
        .fold((0, 0, 0), |(around, enemies, taken), (o, sector)| {
            (
                around + 1,
                enemies + usize::from(state.enemies(o, i)),
                taken | 1u8.checked_shl(u32::from(sector)).unwrap_or(0),
            )
        })
}

/// The first sector 0–3 not in `taken` (see [`crowd`]).
pub(super) fn free_sector(taken: u8) -> Option<u8> {
    (0..4u8).find(|s| taken & 1 << s == 0)
}

pub(super) fn validate_engage(
    state: &State,
    actor: usize,
    target: usize,
    to: i32,
    sector: Option<u8>,
) -> Result<(u8, u8), RuleError> {
    check_target(state, actor, target)?;
    if state.engaged(actor, target) {
        return Err(no("BW-24", || msg!("bw-refuse-already-engaged")));
    }
    if (to - state.f(target).character.position).abs()
        >= state.settings.distances.melee_below as i32
    {
        return Err(no("BW-13", || {
            msg!(
                "bw-refuse-engage-reach",
                metres = state.settings.distances.melee_below
            )
        }));
    }
    let (around, attackers, taken) = crowd(state, target);
    let cap = state.settings.melee_cap as usize;
    if around >= cap || attackers >= cap {
        return Err(no("BW-24", || {
            msg!(
                "bw-refuse-crowded",
                name = &*state.f(target).character.name,
                around = around,
                cap = cap,
                cramped = if cap < 4 { "yes" } else { "no" }
            )
        }));
    }
    let s = match sector {
        Some(s) if s > 3 => return Err(no("BW-24", || msg!("bw-refuse-sector-range"))),
        Some(s) if taken & 1 << s != 0 => {
            return Err(no("BW-24", || msg!("bw-refuse-sector-taken", sector = s)))
        }
        Some(s) => s,
        None => {
            free_sector(taken).ok_or_else(|| no("BW-24", || msg!("bw-refuse-no-free-sector")))?
        }
    };
    let (around_actor, _, taken_by_others) = crowd(state, actor);
    if around_actor >= cap {
        return Err(no("BW-24", || msg!("bw-refuse-mover-crowded")));
    }
    let back = free_sector(taken_by_others)
        .ok_or_else(|| no("BW-24", || msg!("bw-refuse-no-free-sector")))?;
    Ok((s, back))
}

pub(crate) fn do_move<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    (to, sprint): (i32, bool),
    (engage, sector): (Option<usize>, Option<u8>),
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    if state.phase == Phase::FirstStrike {
        return Err(no("BW-09", || msg!("bw-refuse-first-strike-only")));
    }
    if engage.is_none() && sector.is_some() {
        return Err(no("BW-24", || msg!("bw-refuse-sector-without-engage")));
    }
    let cost = if sprint { Cost::Full } else { Cost::Additional };
    afford(state, actor, cost)?;
    let from = state.f(actor).character.position;
    let metres = if sprint {
        state.settings.sprint_metres
    } else {
        state.settings.move_metres
    };
    if from.abs_diff(to) > metres {
        return Err(no("BW-13", || {
            msg!(
                "bw-refuse-move-too-far",
                mode = if sprint { "sprint" } else { "move" },
                metres = metres,
                asked = from.abs_diff(to)
            )
        }));
    }
    if to.unsigned_abs() > 100_000 {
        return Err(no("BW-13", || msg!("bw-refuse-position-range")));
    }
    let sectors = match engage {
        Some(t) => {
            if state.f(actor).withdrawing.is_some() {
                return Err(no("BW-11", || msg!("bw-refuse-leaving-engage")));
            }
            Some(validate_engage(state, actor, t, to, sector)?)
        }
        None => None,
    };
    // Dice from here on (the opportunity attacks, each the attacker's pending decision).
    let provoked = Provoked {
        mover: actor,
        from,
        to,
        sprint,
        engage,
        sectors,
        wounds: state.wounds_dealt,
        left: opportunity_attackers(state, actor, to, engage),
    };
    opportunity::go_on(state, dice, provoked, events)
}
