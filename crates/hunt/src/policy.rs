//! The default policy: the tactic that plays Hunt fights, with its knobs as data
//! ([`SideTactic`] per side, [`HuntPolicy`] for both), and its answer to the counterattack
//! re-split (HUNT-19).

use serde::{Deserialize, Serialize};

use crate::engine::{Command, Declaration, Extraneous, Parts, Probe, Resplit, State, WeaponStatus};
use crate::setup::Side;
use crate::setup::{AttackKind, Distance, Tactic};
use crate::Hunt;

/// Whom a side attacks among the opponents in sight.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The first in the setup's order.
    #[default]
    First,
    /// The one with the least Endurance left after its wounds (ties: setup order).
    Weakest,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SideTactic {
    /// Whom to attack (HUNT-24: one target per declaration).
    pub target: TargetPriority,
    /// HUNT-20: give up a search after this many failed ones in a row; `null` (the default)
    /// takes the setup's `tactic.give_up_after`.
    pub give_up_after: Option<u32>,
    /// HUNT-21: a hidden fighter whose blood trail makes the search endless attacks from
    /// ambush rather than wait to be found (true).
    pub ambush: bool,
    /// HUNT-14: a fleeing fighter lures its pursuers into the location's trap (true).
    pub lure: bool,
    /// HUNT-19: a counterattacker re-splits after seeing the Attack dice aimed at it (true);
    /// false keeps its first split.
    pub resplit: bool,
}

impl SideTactic {
    /// The default tactic.
    pub const DEFAULT: SideTactic = SideTactic {
        target: TargetPriority::First,
        give_up_after: None,
        ambush: true,
        lure: true,
        resplit: true,
    };
}

impl Default for SideTactic {
    fn default() -> Self {
        SideTactic::DEFAULT
    }
}

/// The Hunt policy: one [`SideTactic`] per side. JSON: `{"hunter": {...}, "prey": {...}}`,
/// each optional (`{"prey": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct HuntPolicy {
    /// The hunters' tactic.
    pub hunter: SideTactic,
    /// The prey's tactic.
    pub prey: SideTactic,
}

impl HuntPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: HuntPolicy = HuntPolicy {
        hunter: SideTactic::DEFAULT,
        prey: SideTactic::DEFAULT,
    };

    /// The tactic of `side`.
    pub fn side(&self, side: Side) -> &SideTactic {
        match side {
            Side::Hunter => &self.hunter,
            Side::Prey => &self.prey,
        }
    }

    /// The command this policy plays next, computed directly (the crate's property tests
    /// check it is always among the options), or `None` when the fight is over: the first
    /// waiting fighter's declaration, a counterattacker's re-split, else `Resolve`.
    pub fn command(&self, state: &State) -> Option<Command> {
        if state.ending.is_some() {
            return None;
        }
        if state.window {
            let pending = (0..state.fighters.len()).find(|&i| {
                state.resplits[i] == Some(false) && self.side(state.fighters[i].side).resplit
            });
            return Some(match pending {
                Some(i) => Command::Resplit(resplit(state, i)),
                None => Command::Resolve,
            });
        }
        Some(match state.still_waiting().next() {
            Some(i) => Command::Declare(declaration(state, i, self.side(state.fighters[i].side))),
            None => Command::Resolve,
        })
    }
}

fray_dice::direct_policy!(HuntPolicy => Hunt);

impl fray_dice::DefaultPolicy for Hunt {
    type Policy = HuntPolicy;
}

/// The default tactic's split: Attack first, then Damage, the rest on Defense, within caps.
fn split(pool: u32, agility: u32, cap: u32) -> (u32, u32, u32) {
    let a = agility.min(pool.div_ceil(3));
    let g = cap.min((pool - a).div_ceil(2));
    let d = agility.min(pool - a - g);
    (d, a, g)
}

/// The default tactic: the first legal declaration among its candidates, in order of
/// preference (else an empty one). Each candidate is checked as it is built, so the less
/// preferred ones are never built when an earlier one is legal. The one returned is
/// validated again in full when it is played, in every build.
fn declaration(state: &State, i: usize, tactic: &SideTactic) -> Declaration {
    let f = &state.fighters[i];
    let stats = state.stats(i);
    let pool = state.pool(i);
    let name = &f.name;
    // A candidate's legality. It is built from indices (its weapon `w` and target `t`, an
    // opponent still in the fight), so it is checked from them, without looking names up.
    let legal = |d: &Declaration, aim: Option<(usize, usize)>| {
        let parts = match aim {
            Some((_, t)) if d.attack != 0 || d.damage != 0 => {
                Parts::One(Some((t, d.attack, d.damage)))
            }
            _ => Parts::One(None),
        };
        let weapon = aim.map(|(w, _)| w);
        let ok = state
            .judge_resolved::<Probe>(i, d, parts, weapon, stats, pool)
            .is_ok();
        debug_assert_eq!(ok, state.validate_with(i, d, stats, pool).is_ok());
        ok
    };
    let ready = |kind: AttackKind| {
        f.weapons.iter().position(|w| {
            w.status == WeaponStatus::Ready
                && w.weapon.kind == kind
                && w.weapon.reach()[state.distance.index()] > 0
                && w.weapon.ammo != Some(0)
        })
    };
    if f.hidden.is_some() {
        if f.bleeding > 0 && state.first_aid_stops_bleeding {
            let mut d = Declaration::new(name.clone());
            d.action = Some(Extraneous::FirstAid);
            d.defense = stats.agility.min(pool / 2);
            if legal(&d, None) {
                return d;
            }
        }
        // A blood trail lets the search go on for ever: rather than wait to be found, the
        // prey attacks from ambush (HUNT-21) with what it holds, melee at Near first.
        let endless = tactic.ambush && f.hidden.is_some_and(|h| h.turns_left.is_none());
        if let (true, Some(t)) = (endless, state.opponents(i).next()) {
            let melee = f.weapons.iter().position(|w| {
                w.status == WeaponStatus::Ready && w.weapon.kind == AttackKind::Melee
            });
            let shot = || {
                f.weapons.iter().position(|w| {
                    w.status == WeaponStatus::Ready
                        && w.weapon.kind == AttackKind::Ranged
                        && w.weapon.reach()[state.distance.index()] > 0
                        && w.weapon.ammo != Some(0)
                })
            };
            let pick = match melee {
                Some(w) => Some((w, Distance::Near)),
                None => shot().map(|w| (w, state.distance)),
            };
            if let Some((w, at)) = pick {
                let ranged = f.weapons[w].weapon.kind == AttackKind::Ranged;
                let cap = if ranged {
                    stats.marksmanship
                } else {
                    stats.strength
                };
                let (def, att, dmg) = split(pool, stats.agility, cap);
                let mut d = Declaration::new(name.clone());
                d.weapon = Some(f.weapons[w].weapon.name.clone());
                d.defense = def;
                d.attack = att;
                d.damage = dmg;
                d.target = Some(state.fighters[t].name.clone());
                d.tactic = Tactic::Ambush;
                d.distance = Some(at);
                if legal(&d, Some((w, t))) {
                    return d;
                }
            }
        }
        let mut d = Declaration::new(name.clone());
        d.tactic = Tactic::Hide;
        if legal(&d, None) {
            return d;
        }
        d.tactic = Tactic::None;
        return d;
    }
    // One walk over the opponents still in the fight: the first, the first in sight.
    let (mut first_opponent, mut target) = (None, None);
    for j in state.opponents(i) {
        first_opponent.get_or_insert(j);
        if state.fighters[j].hidden.is_none() {
            target = match (target, tactic.target) {
                (None, _) => Some(j),
                (Some(t), TargetPriority::Weakest) if state.endurance(j) < state.endurance(t) => {
                    Some(j)
                }
                (t, _) => t,
            };
        }
    }
    let all_hidden = target.is_none();
    if let (Some(_), true) = (first_opponent, all_hidden) {
        // The trail is cold: give up after so many failed searches (HUNT-20).
        if f.searches_failed >= tactic.give_up_after.unwrap_or(state.give_up_after) {
            let mut d = Declaration::new(name.clone());
            d.give_up = true;
            d.defense = stats.agility.min(pool);
            if legal(&d, None) {
                return d;
            }
        }
    }
    if let (Some(hider), true) = (first_opponent, all_hidden) {
        if state.round % 2 == 0 {
            // Every other turn a blind shot (HUNT-20), if a loaded gun reaches.
            if let Some(w) = ready(AttackKind::Ranged) {
                let (def, att, dmg) = split(pool, stats.agility, stats.marksmanship);
                let mut d = Declaration::new(name.clone());
                d.weapon = Some(f.weapons[w].weapon.name.clone());
                d.defense = def;
                d.attack = att;
                d.damage = dmg;
                d.target = Some(state.fighters[hider].name.clone());
                if legal(&d, Some((w, hider))) {
                    return d;
                }
            }
        }
        let mut d = Declaration::new(name.clone());
        d.tactic = Tactic::Search;
        d.defense = stats.agility.min(pool);
        d.distance = Some(
            if ready(AttackKind::Ranged).is_some()
                || f.weapons
                    .iter()
                    .any(|w| w.weapon.kind == AttackKind::Ranged)
            {
                Distance::Medium
            } else {
                Distance::Near
            },
        );
        if legal(&d, None) {
            return d;
        }
    }
    let near = state.distance == Distance::Near;
    let first = state.round == 1 && state.first_strike == Some(f.side);
    if f.weapons.iter().any(|w| w.status == WeaponStatus::Dropped) {
        // Stand and pick it up (HUNT-12): no flight, no pursuit, no other weapon.
        let mut d = Declaration::new(name.clone());
        d.defense = stats.agility.min(pool);
        if legal(&d, None) {
            return d;
        }
    }
    if f.side == Side::Prey && state.distance == Distance::Far && !first {
        let mut d = Declaration::new(name.clone());
        d.tactic = Tactic::Hide;
        d.defense = stats.agility.min(pool);
        if legal(&d, None) {
            return d;
        }
    }
    let weapon = if near {
        ready(AttackKind::Melee).or_else(|| ready(AttackKind::Ranged))
    } else {
        ready(AttackKind::Ranged)
    };
    let wounded = !f.wounds.is_empty() || f.bleeding > 0;
    if let (Some(wi), Some(t)) = (weapon, target) {
        let w = &f.weapons[wi];
        let ranged = w.weapon.kind == AttackKind::Ranged;
        let cap = if ranged {
            stats.marksmanship
        } else {
            stats.strength
        };
        let (def, att, dmg) = split(pool, stats.agility, cap);
        let mut d = Declaration::new(name.clone());
        d.weapon = Some(w.weapon.name.clone());
        d.defense = def;
        d.attack = att;
        d.damage = dmg;
        d.target = Some(state.fighters[t].name.clone());
        d.tactic = match (f.side, state.distance) {
            _ if first => Tactic::None,
            (Side::Prey, Distance::Medium | Distance::Far) => Tactic::Flee,
            (Side::Prey, Distance::Near) if wounded => Tactic::Flee,
            (Side::Prey, Distance::Near) => Tactic::Counterattack,
            (Side::Hunter, Distance::Far) => Tactic::AimedFire,
            (Side::Hunter, Distance::Medium) => Tactic::Pursue,
            (Side::Hunter, Distance::Near)
                if ranged && state.round > 1 && w.weapon.ammo.map_or(true, |a| a >= 3) =>
            {
                Tactic::BarrageFire
            }
            (Side::Hunter, Distance::Near) if !ranged => Tactic::Onslaught,
            (Side::Hunter, Distance::Near) => Tactic::None,
        };
        // Luring is a choice (HUNT-14): the default prey tries wherever a trap is set.
        d.lure = d.tactic == Tactic::Flee && state.trap && tactic.lure;
        if legal(&d, Some((wi, t))) {
            return d;
        }
        // The same attack without its tactic.
        d.tactic = Tactic::None;
        d.lure = false;
        if legal(&d, Some((wi, t))) {
            return d;
        }
    }
    // Empty or out of reach: reload if possible, else run.
    if f.weapons
        .iter()
        .any(|w| w.status == WeaponStatus::Ready && w.weapon.ammo == Some(0) && w.weapon.spare > 0)
    {
        let mut d = Declaration::new(name.clone());
        d.action = Some(Extraneous::Reload);
        d.defense = stats.agility.min(pool / 2);
        if legal(&d, None) {
            return d;
        }
    }
    // Nothing reaches from here: the hunter closes in, its Attack dice rolled only for the
    // chase (HUNT-15); the prey runs.
    if let (Side::Hunter, false, Some(t)) = (f.side, near, target) {
        let att = stats.agility.min(pool.div_ceil(2));
        let mut d = Declaration::new(name.clone());
        d.weapon = f
            .weapons
            .iter()
            .find(|w| w.status == WeaponStatus::Ready)
            .map(|w| w.weapon.name.clone());
        d.attack = att;
        d.defense = stats.agility.min(pool - att);
        d.target = Some(state.fighters[t].name.clone());
        d.tactic = Tactic::Pursue;
        // Rare (a hunter with nothing that reaches): the full check.
        if state.validate_with(i, &d, stats, pool).is_ok() {
            return d;
        }
    }
    let mut d = Declaration::new(name.clone());
    d.tactic = match (f.side, near) {
        (Side::Hunter, false) => Tactic::Pursue,
        _ => Tactic::Flee,
    };
    d.lure = d.tactic == Tactic::Flee && state.trap && tactic.lure;
    d.defense = stats.agility.min(pool);
    if legal(&d, None) {
        return d;
    }
    d.lure = false;
    // Stand and defend, else nothing at all.
    d.tactic = Tactic::None;
    if legal(&d, None) {
        return d;
    }
    d.defense = 0;
    d
}

/// The default re-split (HUNT-19): against a heavy attack move Damage dice to Defense,
/// against a light one Defense dice to Damage.
fn resplit(state: &State, i: usize) -> Resplit {
    let d = state.declarations[i].as_ref().expect("declared");
    let stats = state.stats(i);
    let seen: u32 = state
        .declarations
        .iter()
        .enumerate()
        .filter(|(o, od)| {
            state.fighters[*o].side != state.fighters[i].side
                && od
                    .as_ref()
                    .is_some_and(|od| od.tactic != Tactic::Counterattack)
        })
        .filter_map(|(_, od)| od.as_ref())
        .filter(|od| od.target.as_ref().map_or(true, |t| *t == d.fighter))
        .map(|od| od.attack)
        .sum();
    let ranged = d
        .weapon
        .as_ref()
        .and_then(|n| {
            state.fighters[i]
                .weapons
                .iter()
                .find(|w| &w.weapon.name == n)
        })
        .is_some_and(|w| w.weapon.kind == AttackKind::Ranged);
    let cap = if ranged {
        stats.marksmanship
    } else {
        stats.strength
    };
    let (mut def, att, mut dmg) = (d.defense, d.attack, d.damage);
    if d.weapon.is_none() {
        // Nothing to strike with: keep the split.
    } else if seen > def {
        let m = (seen - def)
            .min(dmg.saturating_sub(1))
            .min(stats.agility - def.min(stats.agility));
        def += m;
        dmg -= m;
    } else if seen <= 1 {
        let m = def.min(cap.saturating_sub(dmg));
        def -= m;
        dmg += m;
    }
    Resplit {
        fighter: d.fighter.clone(),
        defense: def,
        attack: att,
        damage: dmg,
        split: d.split.clone(),
    }
}
