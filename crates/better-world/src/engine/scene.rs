//! Where things are on the scene's line: cover that comes with a position (BW-35), weapons
//! on the floor (BW-27), and the enemy's attention zone (BW-11).

use fray_dice::{Dice, RuleError};

use super::{afford, check_turn, finish_action, no, only_in_rounds, Cost, Event, Events, State};
use fray_dice::msg;

/// After `actor` moved in direction `dir` (±1): its cover is the scene's where it stands
/// now (BW-35: cover is a place, not a trait: «отсутствие Укрытия означает, что персонаж
/// стоит на открытой местности»), and the move is the «предшествующее движение» of a Quick
/// Shot (BW-36).
pub(super) fn moved(state: &mut State, actor: usize, dir: i8, events: &mut Events) {
    let f = &mut state.fighters[actor];
    f.last_move = dir;
    let cover = state.settings.cover_at(f.character.position);
    if cover != f.character.cover {
        f.character.cover = cover;
        events.emit(|| Event::CoverChanged {
            actor: state.who(actor),
            cover,
            k: state.settings.cover.difficulty(cover),
        });
    }
}

/// Metres along the line a knocked-away weapon lands from its owner, for a d8 direction
/// 1–8 clockwise from north (BW-27: «падает в паре метров»): the line runs west (−) to
/// east (+), so north and south leave it where the owner stands.
pub(super) fn fall(direction: u32) -> i32 {
    match direction {
        2..=4 => 2,
        6..=8 => -2,
        _ => 0,
    }
}

/// Pick Up (ДД, BW-27) [default]: one's own weapon from the floor, within melee reach of
/// where it lies; it is then in hand.
pub(super) fn pick_up<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    weapon: Option<usize>,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    only_in_rounds(state)?;
    afford(state, actor, Cost::Additional)?;
    let f = state.f(actor);
    let pos = f.character.position;
    let found = match weapon {
        Some(w) => f.dropped.iter().position(|d| d.weapon == w),
        None => (0..f.dropped.len()).min_by_key(|&k| (f.dropped[k].at.abs_diff(pos), k)),
    };
    let Some(k) = found else {
        let name = &*f.character.name;
        return Err(no("BW-27", || match weapon {
            Some(w) => msg!("bw-refuse-not-dropped", name = name, weapon = w),
            None => msg!("bw-refuse-nothing-dropped", name = name),
        }));
    };
    let d = f.dropped[k];
    let reach = state.settings.distances.melee_below;
    if d.at.abs_diff(pos) >= reach {
        return Err(no("BW-27", || {
            msg!(
                "bw-refuse-dropped-far",
                weapon = &*f.character.weapons[d.weapon].name,
                at = d.at,
                distance = d.at.abs_diff(pos),
                reach = reach
            )
        }));
    }
    let f = &mut state.fighters[actor];
    f.dropped.remove(k);
    f.wielded = Some(d.weapon);
    events.emit(|| Event::PickedUp {
        actor: state.who(actor),
        weapon: state.f(actor).character.weapons[d.weapon].name.to_string(),
    });
    finish_action(state, dice, (actor, Cost::Additional), false, false, events)
}

/// Whether `i` is out of every enemy's attention zone (BW-11: «Вне зоны внимания
/// противника»): no enemy able to act within `settings.attention_metres` (0: always).
pub(super) fn unobserved(state: &State, i: usize) -> bool {
    let zone = state.settings.attention_metres;
    zone == 0
        || !(0..state.fighters.len()).any(|e| {
            state.enemies(e, i)
                && state.can_act(e)
                && state.fighters[e].hits >= 1
                && state.distance(e, i) <= zone
        })
}

/// Where the default tactic would step into better cover than `a` has (BW-35): the
/// nearest point of the best zone within a Move, ending out of every standing enemy's
/// reach (ties: the lower position). `None` when there is none.
pub(crate) fn cover_spot(state: &State, a: usize) -> Option<i32> {
    let s = &state.settings;
    let me = &state.fighters[a].character;
    let reach = s.distances.melee_below;
    let clear = |to: i32| {
        !(0..state.fighters.len()).any(|e| {
            state.enemies(e, a)
                && state.standing(e)
                && state.fighters[e].character.position.abs_diff(to) < reach
        })
    };
    s.cover_zones
        .iter()
        .filter(|z| z.cover > me.cover)
        .map(|z| (z.cover, me.position.clamp(z.from, z.to)))
        .filter(|&(_, to)| to.abs_diff(me.position) <= s.move_metres && clear(to))
        .min_by_key(|&(cover, to)| (std::cmp::Reverse(cover), to.abs_diff(me.position), to))
        .map(|(_, to)| to)
}

/// Whether `a` has a weapon of its own on the floor within reach (BW-27).
pub(crate) fn weapon_within_reach(state: &State, a: usize) -> bool {
    let f = &state.fighters[a];
    let reach = state.settings.distances.melee_below;
    f.dropped
        .iter()
        .any(|d| d.at.abs_diff(f.character.position) < reach)
}
