//! The default policy: the tactic that plays Andromeda fights (see the crate docs'
//! "Default tactic"), with its knobs as data ([`Tactic`] per side, [`AndromedaPolicy`] for
//! both), and the tactic itself: a simple, deterministic policy that only issues legal
//! commands.

use fray_dice::{DefaultPolicy, Few, Options, Policy};
use serde::{Deserialize, Serialize};

use crate::area::Area;
use crate::engine::{
    dist2, dist2_saturating, reaches, within, Command, Offer, Pending, Phase, Resolved, State,
    Targets,
};
use crate::setup::{ActionKind, Aim, ConditionKind, Side};
use crate::Andromeda;

/// Whom a side attacks (and grabs) among the enemies it can reach.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The first in setup order.
    #[default]
    SetupOrder,
    /// The nearest (ties: setup order).
    Nearest,
    /// The one with the fewest free stress boxes, temporary and main (ties: setup order).
    Weakest,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack when the best attack could go to several (equal expected damage) and
    /// which to take first for an ability with several targets.
    pub target: TargetPriority,
    /// Follow each participant's `tactic` hints (`grab`, `hide`) (true).
    pub hints: bool,
    /// A hero spends an Accomplishment Point to restore main stress at half or worse
    /// (AND-47) (true).
    pub restore_stress: bool,
    /// A hero spends an Accomplishment Point for the Heat an ability lacks (AND-29) (true).
    pub accomplishment_heat: bool,
    /// Which reactions the rules offer the side takes (AND-11, AND-14) (`always`).
    pub reactions: Reactions,
}

/// Which of the reactions the rules offer (pending decisions) a side takes.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Reactions {
    /// Every provoked attack (AND-14), made with the first affordable melee attack that
    /// needs no artifact charge (the provoker is let go when that one cannot reach), and
    /// every readied action at the first trigger it can answer (AND-11).
    #[default]
    Always,
    /// Provoked attacks as `always`; readied actions are held.
    ProvokedOnly,
    /// Readied actions as `always`; provokers are let go.
    ReadiedOnly,
    /// None: provokers are let go and readied actions held.
    Never,
}

impl Reactions {
    /// Whether provoked attacks are taken.
    pub fn provoked(self) -> bool {
        matches!(self, Reactions::Always | Reactions::ProvokedOnly)
    }

    /// Whether readied actions fire.
    pub fn readied(self) -> bool {
        matches!(self, Reactions::Always | Reactions::ReadiedOnly)
    }
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::SetupOrder,
        hints: true,
        restore_stress: true,
        accomplishment_heat: true,
        reactions: Reactions::Always,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The Andromeda policy: one [`Tactic`] per side. JSON: `{"heroes": {...}, "enemies":
/// {...}}`, each optional (`{"heroes": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct AndromedaPolicy {
    /// The heroes' tactic.
    pub heroes: Tactic,
    /// The enemies' tactic.
    pub enemies: Tactic,
}

impl AndromedaPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: AndromedaPolicy = AndromedaPolicy {
        heroes: Tactic::DEFAULT,
        enemies: Tactic::DEFAULT,
    };

    /// The tactic of `side`.
    pub fn side(&self, side: Side) -> &Tactic {
        match side {
            Side::Heroes => &self.heroes,
            Side::Enemies => &self.enemies,
        }
    }

    /// The command this policy plays next, computed directly (without listing the options;
    /// the crate's property tests check it is always among them), or `None` when the fight
    /// is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        next_command(state, self)
    }
}

impl Policy<Andromeda> for AndromedaPolicy {
    fn choose(&self, state: &State, options: &Options<Command>) -> Option<Command> {
        let command = self.command(state)?;
        if options.admits(&command) {
            Some(command)
        } else {
            options.for_decider().next().map(|o| o.command.clone())
        }
    }

    fn next(&self, state: &State) -> Option<Command> {
        self.command(state)
    }
}

impl DefaultPolicy for Andromeda {
    type Policy = AndromedaPolicy;
}

/// The default tactic's next command (what [`fray_dice::AutoPlay::next_command`] plays).
pub(crate) fn default_command(state: &State) -> Option<Command> {
    AndromedaPolicy::DEFAULT.command(state)
}

// ----- the tactic -----

/// Smallest `d` with `d * d >= n` (integer binary search; coordinates are bounded by
/// [`crate::MAX_COORD`], so `n` < 2^63 and `d` < 2^33).
fn isqrt_ceil(n: i128) -> i128 {
    // 2^ceil(bits/2) squared is at least n: the search starts from that bound.
    let bits = 128 - n.max(1).leading_zeros();
    let (mut lo, mut hi) = (0i128, 1i128 << bits.div_ceil(2));
    while lo < hi {
        let mid = (lo + hi) / 2;
        if mid * mid >= n {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// The next command of `policy`, or `None` when the combat is over.
pub(crate) fn next_command(state: &State, policy: &AndromedaPolicy) -> Option<Command> {
    decide(state, policy).map(|decision| decision.command(state))
}

/// The policy's next command, by index.
fn decide(state: &State, policy: &AndromedaPolicy) -> Option<Resolved> {
    if let Some(p) = &state.pending {
        let tactic = policy.side(state.fighters[p.decider].side);
        return Some(answer(state, p, tactic.reactions));
    }
    match state.phase {
        Phase::Over { .. } => None,
        Phase::Choosing { side } => pick_actor(state, side),
        Phase::Turn { actor } => Some(plan(state, actor, policy.side(state.fighters[actor].side))),
    }
}

/// The answer to the reaction offered, as [`Reactions`] says.
fn answer(state: &State, p: &Pending, reactions: Reactions) -> Resolved {
    let (e, a) = (p.decider, p.against);
    match p.offer {
        Offer::ProvokedAttack { leaving_to, .. } => Resolved::ProvokedAttack {
            actor: e,
            ability: state
                .melee_attack(e)
                .filter(|&k| reactions.provoked() && state.provoked_with(e, a, k, leaving_to)),
        },
        Offer::Readied { .. } => Resolved::Readied {
            actor: e,
            fire: reactions.readied(),
        },
    }
}

/// The free stress boxes of `t` (temporary and main): what [`TargetPriority::Weakest`]
/// compares.
fn free_boxes(state: &State, t: usize) -> u32 {
    let f = &state.fighters[t];
    (f.temp_max - f.temp_stress) + state.main_max(t).saturating_sub(f.main_stress)
}

/// `enemies` (in setup order) in the order of `priority`; ties keep setup order.
fn prioritise(state: &State, enemies: &mut [(usize, u64)], priority: TargetPriority) {
    match priority {
        TargetPriority::SetupOrder => {}
        TargetPriority::Nearest => enemies.sort_by_key(|&(t, d2)| (d2, t)),
        TargetPriority::Weakest => enemies.sort_by_key(|&(t, _)| (free_boxes(state, t), t)),
    }
}

/// The side plays its members in setup order; a boss with several turns is picked again
/// while it has turns left.
fn pick_actor(state: &State, side: Side) -> Option<Resolved> {
    (0..state.fighters.len())
        .find(|&i| {
            let f = &state.fighters[i];
            f.side == side && state.active(i) && f.turns_left > 0
        })
        .map(Resolved::StartTurn)
}

/// Enemies `a` may attack, with their squared distance from `a`, in the order of the
/// tactic's target priority: worked out once per decision for all of `a`'s abilities.
fn attackable_enemies(state: &State, a: usize, priority: TargetPriority) -> Few<(usize, u64), 8> {
    let me = state.fighters[a].position;
    let mut enemies: Few<(usize, u64), 8> = (0..state.fighters.len())
        .filter(|&t| state.attackable(a, t))
        .map(|t| (t, dist2_saturating(me, state.fighters[t].position)))
        .collect();
    prioritise(state, &mut enemies, priority);
    enemies
}

/// Whether `a` can use its ability `k` as its action now: the Heat, a charge, free hands.
fn usable(state: &State, a: usize, k: usize) -> bool {
    let ab = &state.roster[a].abilities[k];
    let f = &state.fighters[a];
    ab.kind == ActionKind::Action
        && state.cost(a, ab) <= f.heat
        && (ab.artifact.is_none()
            || (state.facts(a, k).artifact).is_some_and(|slot| f.charges[slot] > 0))
        && !(ab.two_handed && state.holding(a).is_some())
}

/// The best attack now (on `only`, if given): highest expected damage, then the first listed
/// (targets in the order of `priority`). An attack is scored only when there is a choice: a
/// lone candidate wins whatever its score.
fn best_attack(
    state: &State,
    a: usize,
    only: Option<usize>,
    priority: TargetPriority,
) -> Option<Resolved> {
    let enemies = attackable_enemies(state, a, priority);
    if enemies.is_empty() {
        return None;
    }
    let score = |k: usize, targets: &[usize]| -> u128 {
        let (Some(defense), table) = (
            state.roster[a].abilities[k].defense,
            &state.prepared.expected[a][k],
        ) else {
            return 0;
        };
        targets
            .iter()
            .map(|&t| table.get(state.defense(t, defense), state.attack_edge(a, t)))
            .sum()
    };
    // (ability, its targets, its point if an area, its score once computed)
    type Choice = (usize, Targets, Option<[i64; 2]>, Option<u128>);
    let mut best: Option<Choice> = None;
    for k in 0..state.roster[a].abilities.len() {
        let ab = &state.roster[a].abilities[k];
        if ab.aim != Aim::Enemy || ab.defense.is_none() || !usable(state, a, k) {
            continue;
        }
        if let Some(area) = ab.area {
            // Aimed at an enemy, never where an ally (or the user) would be caught; the
            // point catching the most expected damage, then the first.
            if only.is_some() {
                continue;
            }
            let reach = if area.from_user() {
                area_reach(&area)
            } else {
                ab.range
            };
            for &(t, d2) in enemies.iter() {
                if !reaches(d2, reach) || (area.from_user() && d2 == 0) {
                    continue;
                }
                let at = state.fighters[t].position;
                let inside = state.inside(a, &area, at);
                let side = state.fighters[a].side;
                if inside.is_empty() || inside.iter().any(|&i| state.fighters[i].side == side) {
                    continue;
                }
                let this = score(k, &inside);
                let better = match &mut best {
                    None => true,
                    Some((best_k, best_targets, _, best_score)) => {
                        this > *best_score.get_or_insert_with(|| score(*best_k, best_targets))
                    }
                };
                if better {
                    best = Some((k, inside, Some(at), Some(this)));
                }
            }
            continue;
        }
        // The first within its range, as many as it has targets; of those, `only`.
        let targets: Targets = enemies
            .iter()
            .filter(|&&(_, d2)| reaches(d2, ab.range))
            .map(|&(t, _)| t)
            .take(ab.max_targets as usize)
            .filter(|&t| only.map_or(true, |o| o == t))
            .collect();
        if targets.is_empty() {
            continue;
        }
        match &mut best {
            None => best = Some((k, targets, None, None)),
            Some((best_k, best_targets, _, best_score)) => {
                let to_beat = *best_score.get_or_insert_with(|| score(*best_k, best_targets));
                let this = score(k, &targets);
                if this > to_beat {
                    best = Some((k, targets, None, Some(this)));
                }
            }
        }
    }
    best.map(|(k, targets, at, _)| Resolved::UseAbility {
        actor: a,
        ability: k,
        // An area is aimed at its point; whoever is inside is its receivers.
        targets: if at.is_some() {
            Targets::new()
        } else {
            targets
        },
        at,
    })
}

/// How far from its user a line or cone reaches.
fn area_reach(area: &Area) -> u32 {
    match *area {
        Area::Circle { diameter } => diameter / 2,
        Area::Line { length, .. } | Area::Cone { length } => length,
    }
}

/// A self-only ability whose conditions are not all on its user yet (e.g. Invisible).
fn self_buff(state: &State, a: usize) -> Option<Resolved> {
    (0..state.roster[a].abilities.len()).find_map(|k| {
        let ab = &state.roster[a].abilities[k];
        let missing = ab
            .conditions
            .iter()
            .any(|c| c.condition != ConditionKind::Exhaustion && !state.has(a, c.condition));
        let buff = ab.aim == Aim::SelfOnly && ab.area.is_none() && usable(state, a, k) && missing;
        buff.then(|| Resolved::UseAbility {
            actor: a,
            ability: k,
            targets: Targets::new(),
            at: None,
        })
    })
}

/// Where to go to bring the nearest attackable enemy within the reach `a` wants, at most
/// `limit` metres.
fn approach(state: &State, a: usize, limit: u32) -> Option<[i64; 2]> {
    let me = state.fighters[a].position;
    let t = (0..state.fighters.len())
        .filter(|&t| state.attackable(a, t))
        .min_by_key(|&t| (dist2(me, state.fighters[t].position), t))?;
    let reach = wanted_reach(state, a);
    let there = state.fighters[t].position;
    if within(me, there, reach) {
        return None;
    }
    let d = isqrt_ceil(dist2(me, there));
    let dx = i128::from(there[0]) - i128::from(me[0]);
    let dy = i128::from(there[1]) - i128::from(me[1]);
    let point = |travel: i128| {
        [
            me[0] + (dx * travel / d) as i64,
            me[1] + (dy * travel / d) as i64,
        ]
    };
    // Stop a metre short of the reach, stepping further while rounding leaves it short.
    let limit = i128::from(limit).min(d);
    let mut travel = limit.min(d - i128::from(reach.saturating_sub(1)));
    if travel <= 0 {
        return None;
    }
    while travel < limit && !within(point(travel), there, reach) {
        travel += 1;
    }
    let to = point(travel);
    (to != me).then_some(to)
}

/// The reach the actor wants: its longest usable attack (or the grab reach).
fn wanted_reach(state: &State, a: usize) -> u32 {
    let mut reach = (0..state.roster[a].abilities.len())
        .filter(|&k| {
            let ab = &state.roster[a].abilities[k];
            ab.aim == Aim::Enemy && ab.defense.is_some() && usable(state, a, k)
        })
        .map(|k| {
            let ab = &state.roster[a].abilities[k];
            match &ab.area {
                Some(area) if area.from_user() => area_reach(area),
                _ => ab.range,
            }
        })
        .max()
        .unwrap_or(state.settings.grab_reach);
    if state.roster[a].tactic.grab && state.holding(a).is_none() {
        reach = reach.min(state.settings.grab_reach);
    }
    reach
}

fn plan(state: &State, a: usize, tactic: &Tactic) -> Resolved {
    let f = &state.fighters[a];
    let mut hints = state.roster[a].tactic;
    if !tactic.hints {
        hints.grab = false;
        hints.hide = false;
    }
    let priority = tactic.target;
    // Free: an Accomplishment Point restores a badly hurt hero, or buys the Heat for an
    // ability just out of reach.
    if f.side == Side::Heroes && f.accomplishment_points > 0 {
        let max = state.main_max(a);
        if tactic.restore_stress && f.main_stress > 0 && f.main_stress * 2 >= max {
            return Resolved::AccomplishmentRestore(a);
        }
        if tactic.accomplishment_heat
            && !f.accomplishment_heat_used
            && f.action
            && state.roster[a].abilities.iter().any(|ab| {
                let c = state.cost(a, ab);
                c > f.heat && c <= f.heat + 2
            })
        {
            return Resolved::AccomplishmentHeat(a);
        }
    }
    if f.action {
        if let Some(hold) = state.held_by(a) {
            // Striking the grabber has no disadvantage; escape when that is not possible.
            if let Some(c) = best_attack(state, a, Some(hold.grabber), priority) {
                return c;
            }
            let own = state.prepared.engine_skills[a];
            let (might, agility) = (own.might, own.agility);
            return Resolved::Escape {
                actor: a,
                agility: (agility.value, agility.rank) > (might.value, might.rank),
            };
        }
        if hints.hide
            && !state.has(a, ConditionKind::Hidden)
            && state.hold_reveals(a).is_none()
            && state.best_observer(a).is_some()
        {
            return Resolved::Hide(a);
        }
        if hints.grab && state.holding(a).is_none() && !state.has(a, ConditionKind::Immobilized) {
            let me = f.position;
            let mut grabbable: Few<(usize, u64), 8> = (0..state.fighters.len())
                .filter(|&t| {
                    state.fighters[t].side != f.side
                        && state.active(t)
                        && !state.has(t, ConditionKind::Hidden)
                        && state.held_by(t).is_none()
                        && within(me, state.fighters[t].position, state.settings.grab_reach)
                })
                .map(|t| (t, dist2_saturating(me, state.fighters[t].position)))
                .collect();
            prioritise(state, &mut grabbable, priority);
            if let Some(&(t, _)) = grabbable.first() {
                return Resolved::Grab {
                    actor: a,
                    target: t,
                };
            }
        }
        if let Some(c) = best_attack(state, a, None, priority) {
            return c;
        }
    }
    if f.maneuver {
        if let Some(k) = (0..state.roster[a].artifacts.len())
            .find(|&k| f.charges[k] < state.roster[a].artifacts[k].reload && f.charges[k] == 0)
        {
            return Resolved::Reload {
                actor: a,
                artifact: k,
            };
        }
        let speed = state.speed(a);
        if speed > 0 {
            let holding = state.holding(a).is_some();
            let limit = if holding {
                speed / state.settings.step_divisor
            } else {
                speed
            };
            if !holding {
                if let Some(to) = approach(state, a, limit) {
                    return Resolved::Move {
                        actor: a,
                        to,
                        extra: false,
                    };
                }
            }
        }
    }
    if f.action {
        if let Some(c) = self_buff(state, a) {
            return c;
        }
        let hidden_enemy = (0..state.fighters.len()).find(|&t| {
            state.fighters[t].side != f.side
                && state.active(t)
                && state.has(t, ConditionKind::Hidden)
        });
        let visible_enemy = (0..state.fighters.len()).any(|t| {
            state.fighters[t].side != f.side
                && state.active(t)
                && !state.has(t, ConditionKind::Hidden)
        });
        if let (Some(t), false) = (hidden_enemy, visible_enemy) {
            return Resolved::Seek {
                actor: a,
                target: t,
            };
        }
        let speed = state.speed(a);
        if speed > 0 && state.holding(a).is_none() {
            if let Some(to) = approach(state, a, speed) {
                return Resolved::Move {
                    actor: a,
                    to,
                    extra: true,
                };
            }
        }
    }
    Resolved::EndTurn(a)
}

#[cfg(test)]
mod tests {
    use super::isqrt_ceil;

    #[test]
    fn integer_square_root_rounds_up() {
        assert_eq!(isqrt_ceil(0), 0);
        assert_eq!(isqrt_ceil(1), 1);
        assert_eq!(isqrt_ceil(2), 2);
        assert_eq!(isqrt_ceil(16), 4);
        assert_eq!(isqrt_ceil(17), 5);
        let big = 8_000_000_000_000_000_000i128;
        let r = isqrt_ceil(big);
        assert!(r * r >= big && (r - 1) * (r - 1) < big);
    }
}
