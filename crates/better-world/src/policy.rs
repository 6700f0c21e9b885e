//! The default policy: the tactic that plays Better World fights, with its knobs as data
//! ([`Tactic`] per side, [`BwPolicy`] for both), and its answer to the pending opportunity
//! attacks (BW-26).
//!
//! The tactic: First Strikes are taken when an attack is possible; a held character tries
//! to Break Free; a conscious Dying character lets go; a disarmed character picks its weapon
//! up when it lies within reach; in melee a `grappler` grapples, everyone else attacks and
//! then Quick-Strikes; with a loaded ranged weapon a character first steps into better cover
//! when the scene has some within a Move (out of every enemy's reach, `take_cover`), then
//! fires a Long Burst when two or more enemies are in one direction, else a Short Burst,
//! else a single shot, then takes Reaction in cover (not while engaged, `reaction`) or a
//! Quick Shot; an empty gun is reloaded; without ammunition or a ranged weapon it closes in
//! on the preferred enemy (`target`) that has a free sector (and waits when it has none
//! around itself). Newcomers join at their `joins_round`. Offered an opportunity attack it
//! takes it (`opportunity_attacks`). It never trades its Main action (`main_as_additional`).

use serde::{Deserialize, Serialize};

use crate::catalog::BetterWorld;
use crate::engine::{
    self, first_strikers, members, Action, Command, Phase, Set, Spray, State, Status, Strike, Turn,
};
use crate::setup::{Style, MAX_CHARACTERS};
use crate::tables::Cover;

/// Whom a side attacks and closes in on.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The nearest standing enemy (in melee: the lowest-numbered one engaged; ties: setup
    /// order).
    #[default]
    Nearest,
    /// The standing enemy with the fewest hits left (ties: the nearest, then setup order).
    Weakest,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack.
    pub target: TargetPriority,
    /// Take the opportunity attacks enemies offer by moving (BW-26) (true).
    pub opportunity_attacks: bool,
    /// A shooter steps into better cover within a Move first (BW-35) (true).
    pub take_cover: bool,
    /// A shooter in cover takes Reaction with its Additional action (BW-37) (true).
    pub reaction: bool,
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::Nearest,
        opportunity_attacks: true,
        take_cover: true,
        reaction: true,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The Better World policy: one [`Tactic`] per side. JSON: `{"attackers": {...},
/// "defenders": {...}}`, each optional (`{"defenders": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct BwPolicy {
    /// Side 0.
    pub attackers: Tactic,
    /// Side 1 (and any later side).
    pub defenders: Tactic,
}

impl BwPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: BwPolicy = BwPolicy {
        attackers: Tactic::DEFAULT,
        defenders: Tactic::DEFAULT,
    };

    /// The tactic of side `side`.
    pub fn side(&self, side: u8) -> &Tactic {
        if side == 0 {
            &self.attackers
        } else {
            &self.defenders
        }
    }

    /// The command this policy plays next, computed directly (without listing the options;
    /// the crate's property tests check it is always among them), or `None` when the fight
    /// is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        decide(state, self).map(|d| d.command(state))
    }
}

fray_dice::direct_policy!(BwPolicy => BetterWorld);

fn strike(actor: usize, target: usize) -> Strike {
    Strike {
        actor,
        target,
        ..Strike::default()
    }
}

/// What the tactic does next, by index; [`Decision::command`] makes it a command.
#[derive(Clone, Copy, Debug)]
enum Decision {
    /// A single-target attack: Attack, Quick Strike, Quick Shot or Short Burst.
    Strike(Action, usize, usize),
    /// A Long Burst at the enemies of this cone (see [`cone`]).
    LongBurst(usize, Set),
    Grapple(usize, usize),
    BreakFree(usize),
    LetGo(usize),
    Reaction(usize),
    Reload(usize),
    PickUp(usize),
    Move {
        actor: usize,
        to: i32,
        sprint: bool,
        engage: Option<usize>,
    },
    Pass(usize),
    EndTurn(usize),
    /// Take (true) or decline an opportunity attack (BW-26).
    Opportunity(usize, bool),
    /// Newcomers join.
    Join(Set),
    NextRound,
}

impl Decision {
    /// The command that makes this move.
    fn command(self, state: &State) -> Command {
        match self {
            Decision::Strike(action, a, t) => {
                let s = strike(a, t);
                match action {
                    Action::QuickStrike => Command::QuickStrike(s),
                    Action::QuickShot => Command::QuickShot(s),
                    Action::ShortBurst => Command::ShortBurst(s),
                    _ => Command::Attack(s),
                }
            }
            Decision::LongBurst(actor, cone) => {
                let mut buf = [0; MAX_CHARACTERS];
                Command::LongBurst(Spray {
                    actor,
                    targets: aim(state, actor, cone, &mut buf).to_vec(),
                    ..Spray::default()
                })
            }
            Decision::Grapple(actor, target) => Command::Grapple { actor, target },
            Decision::BreakFree(actor) => Command::BreakFree { actor },
            Decision::LetGo(actor) => Command::LetGo { actor },
            Decision::Reaction(actor) => Command::Reaction { actor },
            Decision::Reload(actor) => Command::Reload { actor },
            Decision::PickUp(actor) => Command::PickUp {
                actor,
                weapon: None,
            },
            Decision::Move {
                actor,
                to,
                sprint,
                engage,
            } => Command::Move {
                actor,
                to,
                sprint,
                engage,
                sector: None,
            },
            Decision::Pass(actor) => Command::Pass { actor },
            Decision::EndTurn(actor) => Command::EndTurn { actor },
            Decision::Opportunity(actor, attack) => Command::Opportunity { actor, attack },
            Decision::Join(set) => Command::Join {
                actors: members(set).collect(),
            },
            Decision::NextRound => Command::NextRound,
        }
    }
}

/// Standing enemies of `a`, in index order.
fn foes(state: &State, a: usize) -> impl Iterator<Item = usize> + '_ {
    let side = state.fighters[a].character.side;
    (0..state.fighters.len())
        .filter(move |&i| state.fighters[i].character.side != side && state.standing(i))
}

/// Nearness to `a`, ties by index: the tactic's order of preference among enemies.
fn nearness(state: &State, a: usize, i: usize) -> (u32, usize) {
    let pos = state.fighters[a].character.position;
    (state.fighters[i].character.position.abs_diff(pos), i)
}

/// The standing enemy of `a` that passes `keep` and the tactic prefers: the nearest, or
/// the one with the fewest hits left (ties: the nearest); further ties by index. One pass,
/// no allocation, since the tactic asks on nearly every decision.
fn nearest_foe(
    state: &State,
    tactic: &Tactic,
    a: usize,
    keep: impl Fn(usize) -> bool,
) -> Option<usize> {
    let me = &state.fighters[a].character;
    let mut best: Option<((i32, u32), usize)> = None;
    for (i, f) in state.fighters.iter().enumerate() {
        if f.character.side != me.side && f.status == Status::Active && f.hits >= 1 && keep(i) {
            let d = f.character.position.abs_diff(me.position);
            let key = match tactic.target {
                TargetPriority::Nearest => (0, d),
                TargetPriority::Weakest => (f.hits, d),
            };
            if best.map_or(true, |(b, _)| key < b) {
                best = Some((key, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// The enemies a Long Burst from `a` towards `t` may hit: standing, in that direction, at
/// range and not in melee with `a`.
fn cone(state: &State, a: usize, t: usize) -> Set {
    let pos = state.fighters[a].character.position;
    let dir = (state.fighters[t].character.position - pos).signum();
    let reach = state.settings.distances.melee_below;
    foes(state, a)
        .filter(|&o| {
            let p = state.fighters[o].character.position;
            (p - pos).signum() == dir && p.abs_diff(pos) >= reach && !state.engaged(a, o)
        })
        .fold(0, |set, o| set | 1 << o)
}

/// How many targets a Long Burst at `cone` takes: at most `long_burst_max_targets`.
fn cone_size(state: &State, cone: Set) -> usize {
    (cone.count_ones() as usize).min(state.settings.long_burst_max_targets as usize)
}

/// The targets of a Long Burst from `a` at `cone`: nearest first (ties by index), at most
/// `long_burst_max_targets`, written into `buf`.
fn aim<'b>(
    state: &State,
    a: usize,
    cone: Set,
    buf: &'b mut [usize; MAX_CHARACTERS],
) -> &'b [usize] {
    let mut n = 0;
    for o in members(cone) {
        buf[n] = o;
        n += 1;
    }
    // Keys are unique (ties go by index), so an unstable sort gives the one order.
    buf[..n].sort_unstable_by_key(|&o| nearness(state, a, o));
    &buf[..cone_size(state, cone)]
}

/// The default tactic's attack or approach for `a` with the budget `turn`.
fn choose(state: &State, tactic: &Tactic, a: usize, turn: &Turn) -> Decision {
    let s = &state.settings;
    let f = &state.fighters[a];
    let end = Decision::EndTurn(a);
    if f.held_by.is_some() {
        return if !turn.main && f.hits >= 1 {
            Decision::BreakFree(a)
        } else {
            end
        };
    }
    if f.hits < 1 {
        return if turn.minor < s.max_minor {
            Decision::LetGo(a)
        } else {
            end
        };
    }
    // With the Main and the Additional action spent every option below is to end the turn.
    if f.withdrawing.is_some() || (turn.main && turn.additional) {
        return end;
    }
    // A knocked-away weapon within reach comes back to hand first (BW-27).
    if f.wielded.is_none() && !turn.additional && engine::weapon_within_reach(state, a) {
        return Decision::PickUp(a);
    }
    // The lowest-numbered standing enemy in melee (the one held, when holding someone).
    let engaged = state
        .partners(a)
        .filter(|&o| {
            state.fighters[o].character.side != f.character.side
                && state.standing(o)
                && f.holding.map_or(true, |h| o == h)
        })
        .min_by_key(|&o| match tactic.target {
            TargetPriority::Nearest => (0, o),
            TargetPriority::Weakest => (state.fighters[o].hits, o),
        });
    if let Some(t) = engaged {
        let full_free = !turn.main && !turn.additional;
        if f.character.style == Style::Grappler
            && f.holding.is_none()
            && full_free
            && state.fighters[t].held_by.is_none()
        {
            return Decision::Grapple(a, t);
        }
        if !turn.main {
            return Decision::Strike(Action::Attack, a, t);
        }
        if !turn.additional {
            return Decision::Strike(Action::QuickStrike, a, t);
        }
        return end;
    }
    let Some(t) = nearest_foe(state, tactic, a, |_| true) else {
        return end;
    };
    let pos = f.character.position;
    let reach = s.distances.melee_below;
    let dist = |i: usize| state.fighters[i].character.position.abs_diff(pos);
    let shooting = match f.wielded.map(|w| &f.character.weapons[w]) {
        Some(w)
            if w.kind.is_ranged()
                && dist(t) >= reach
                && (w.ammo.unwrap_or(u32::MAX) > 0 || w.spare_magazines > 0) =>
        {
            Some(w)
        }
        _ => None,
    };
    if let Some(weapon) = shooting {
        let ammo = weapon.ammo.unwrap_or(u32::MAX);
        // Step into better cover first when the scene has some within a Move (BW-35).
        if tactic.take_cover
            && !turn.additional
            && state.phase == Phase::Round
            && state.partners(a).next().is_none()
        {
            if let Some(to) = engine::cover_spot(state, a) {
                return Decision::Move {
                    actor: a,
                    to,
                    sprint: false,
                    engage: None,
                };
            }
        }
        if ammo == 0 {
            return if !turn.additional && weapon.spare_magazines > 0 {
                Decision::Reload(a)
            } else {
                end
            };
        }
        if !turn.main {
            if let Some(b) = weapon.long_burst {
                if ammo >= b.rounds && !turn.additional {
                    let cone = cone(state, a, t);
                    if cone_size(state, cone) >= 2 {
                        return Decision::LongBurst(a, cone);
                    }
                }
            }
            if let Some(b) = weapon.short_burst {
                if ammo >= b.rounds {
                    return Decision::Strike(Action::ShortBurst, a, t);
                }
            }
            return Decision::Strike(Action::Attack, a, t);
        }
        if !turn.additional {
            // Reaction needs cover and is lost in melee (BW-37): engaged with a Dying
            // enemy who stays conscious, there is none to take.
            if tactic.reaction
                && f.character.cover != Cover::None
                && !f.reaction
                && state.partners(a).next().is_none()
            {
                return Decision::Reaction(a);
            }
            if !turn.burst && state.phase == Phase::Round {
                return Decision::Strike(Action::QuickShot, a, t);
            }
        }
        return end;
    }
    // Close in: the nearest enemy with a free place around it.
    let cap = s.melee_cap as usize;
    let room = |o: usize| {
        let side = state.fighters[o].character.side;
        state.count_engaged(o, |x| state.fighters[x].character.side != side) < cap
            && state.count_engaged(o, |_| true) < cap
    };
    // No free sector around itself (BW-24: e.g. held up by a Dying enemy who stays
    // conscious, in cramped space): it waits.
    if state.count_engaged(a, |_| true) >= cap {
        return end;
    }
    // The nearest enemy overall is the nearest with room when it has room (same ties):
    // one scan instead of two on most turns of a big fight.
    let t = if room(t) {
        t
    } else {
        let Some(t) = nearest_foe(state, tactic, a, room) else {
            return end;
        };
        t
    };
    let p = state.fighters[t].character.position;
    let dir = (p - pos).signum();
    let dest = p - dir * (reach as i32 - 1).max(0);
    let need = dest.abs_diff(pos);
    let engage = Some(t);
    if need <= s.move_metres && !turn.additional {
        return Decision::Move {
            actor: a,
            to: dest,
            sprint: false,
            engage,
        };
    }
    let full_free = !turn.main && !turn.additional;
    if need <= s.sprint_metres && full_free {
        return Decision::Move {
            actor: a,
            to: dest,
            sprint: true,
            engage,
        };
    }
    // A setting of 0 m moves nobody: no point in moving.
    if full_free && s.sprint_metres > 0 {
        return Decision::Move {
            actor: a,
            to: pos + dir * s.sprint_metres as i32,
            sprint: true,
            engage: None,
        };
    }
    if !turn.additional && s.move_metres > 0 {
        return Decision::Move {
            actor: a,
            to: pos + dir * s.move_metres as i32,
            sprint: false,
            engage: None,
        };
    }
    end
}

/// The policy's next move, `None` once the encounter is over.
#[inline(always)]
fn decide(state: &State, policy: &BwPolicy) -> Option<Decision> {
    if let Some(p) = &state.pending {
        let e = p.decider()?;
        let attack = policy
            .side(state.fighters[e].character.side)
            .opportunity_attacks;
        return Some(Decision::Opportunity(e, attack));
    }
    match state.phase {
        Phase::Over => None,
        Phase::FirstStrike => {
            let a = first_strikers(state).next()?;
            let fresh = Turn {
                slot: 0,
                actor: a,
                main: false,
                additional: false,
                minor: 0,
                burst: false,
                direction: 0,
            };
            let tactic = policy.side(state.fighters[a].character.side);
            Some(match choose(state, tactic, a, &fresh) {
                d @ (Decision::Strike(Action::Attack | Action::ShortBurst, ..)
                | Decision::LongBurst(..)) => d,
                _ => Decision::Pass(a),
            })
        }
        Phase::BetweenRounds => {
            let next = state.round + 1;
            let joins = |i: &usize| {
                let f = &state.fighters[*i];
                f.status == Status::Reserve && f.character.joins_round.is_some_and(|r| r <= next)
            };
            let joining: Set = (0..state.fighters.len())
                .filter(joins)
                .fold(0, |set, i| set | 1 << i);
            Some(if joining == 0 {
                Decision::NextRound
            } else {
                Decision::Join(joining)
            })
        }
        Phase::Round => {
            let turn = state.turn.as_ref()?;
            let tactic = policy.side(state.fighters[turn.actor].character.side);
            Some(choose(state, tactic, turn.actor, turn))
        }
    }
}
