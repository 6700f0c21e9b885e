//! The default policy: the tactic that plays AGE fights, with its knobs as data
//! ([`Tactic`] per side, [`AgePolicy`] for both), and its answers to the pending choices.

use serde::{Deserialize, Serialize};

use crate::engine::{approach, pursue_target, slot_free, speed, Slot};
use crate::engine::{Combatant, Command, Pending, State};
use crate::resolve::{AttackKind, StuntChoice, GRENADE_RADIUS};
use crate::Age;

/// Whom a side attacks and moves toward.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The nearest opponent (ties: setup order).
    #[default]
    Nearest,
    /// The opponent with the least Fortune left (ties: the nearest).
    Weakest,
    /// The opponent whose weapon in hand hits hardest: twice its attack ability plus the
    /// damage dice's count × (sides + 1), twice the mean (ties: the nearest).
    MostDangerous,
}

/// How a side spends stunt points (AGE-21).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum StuntPreference {
    /// Lethal Blow (5), Lightning Attack (2), Knock Prone (2, melee) or Vicious Blow (2),
    /// then Skirmish (melee, without a Lightning Attack), Duck and Weave and Momentum.
    #[default]
    Damage,
    /// Duck and Weave (up to 3) first, then Knock Prone (melee), then Momentum.
    Defense,
    /// Forgo them (a Stunt Attack, which must spend, buys as `damage` does).
    None,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack.
    pub target: TargetPriority,
    /// Take Injured / Wounded to absorb damage past Fortune (AGE-15) rather than be taken
    /// out (true).
    pub absorb: bool,
    /// How to spend stunt points.
    pub stunts: StuntPreference,
    /// Throw grenades at two or more foes clear of friends (true).
    pub grenades: bool,
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::Nearest,
        absorb: true,
        stunts: StuntPreference::Damage,
        grenades: true,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The AGE policy: one [`Tactic`] per side. JSON: `{"party": {...}, "opponents": {...}}`,
/// each optional (`{"opponents": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct AgePolicy {
    /// Side 0.
    pub party: Tactic,
    /// Side 1.
    pub opponents: Tactic,
}

impl AgePolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: AgePolicy = AgePolicy {
        party: Tactic::DEFAULT,
        opponents: Tactic::DEFAULT,
    };

    /// The tactic of side `side`.
    pub fn side(&self, side: u8) -> &Tactic {
        if side == 0 {
            &self.party
        } else {
            &self.opponents
        }
    }

    /// The command this policy plays next, computed directly (without listing the options;
    /// the crate's property tests check it is always among them), or `None` when the fight
    /// is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        if state.over {
            return None;
        }
        if let Some(a) = &state.absorbing {
            let t = &state.combatants[a.target];
            return Some(Command::Absorb {
                actor: t.name.clone(),
                take: self.side(t.side).absorb,
            });
        }
        if let Some(p) = &state.pending {
            let a = &state.combatants[p.attacker];
            return Some(Command::SpendStunts {
                actor: a.name.clone(),
                stunts: choose_stunts(state, p, self.side(a.side).stunts),
                skirmish: None,
            });
        }
        let me = state.turn.actor;
        Some(tactic(state, self.side(state.combatants[me].side)))
    }
}

fray_dice::direct_policy!(AgePolicy => Age);

fn enemies(state: &State, me: usize) -> impl Iterator<Item = usize> + '_ {
    let side = state.combatants[me].side;
    (0..state.combatants.len()).filter(move |&i| {
        let c = &state.combatants[i];
        c.side != side && !c.taken_out && !c.dead
    })
}

fn nearest_enemy(state: &State, me: usize) -> Option<usize> {
    let pos = state.combatants[me].position;
    enemies(state, me).min_by_key(|&i| (state.combatants[i].position.abs_diff(pos), i))
}

/// Twice the mean damage of `c`'s weapon in hand plus twice its attack ability: what
/// [`TargetPriority::MostDangerous`] ranks by.
fn danger(c: &Combatant) -> i64 {
    let held = c.in_hand.map(|i| &c.weapons[i].weapon);
    let kind = held.map_or(AttackKind::Unarmed, |w| w.kind);
    let dice = held
        .and_then(|w| w.damage)
        .or_else(|| kind.damage_dice(c.striking_style))
        .map_or(0, |d| i64::from(d.count) * (i64::from(d.sides) + 1));
    let ability = if kind.is_melee() {
        c.abilities.fighting
    } else {
        c.abilities.accuracy
    };
    dice + 2 * i64::from(ability)
}

/// The opponent `me` goes for under `priority`.
fn pick_target(state: &State, me: usize, priority: TargetPriority) -> Option<usize> {
    let pos = state.combatants[me].position;
    let near = |i: usize| state.combatants[i].position.abs_diff(pos);
    match priority {
        TargetPriority::Nearest => nearest_enemy(state, me),
        TargetPriority::Weakest => {
            enemies(state, me).min_by_key(|&i| (state.combatants[i].fortune, near(i), i))
        }
        TargetPriority::MostDangerous => enemies(state, me)
            .min_by_key(|&i| (std::cmp::Reverse(danger(&state.combatants[i])), near(i), i)),
    }
}

/// Buys stunts in a fixed order of preference ([`StuntPreference`]), only from rows the table
/// has and at costs it allows.
fn choose_stunts(state: &State, p: &Pending, preference: StuntPreference) -> Vec<StuntChoice> {
    let table = &state.rules.stunts;
    let mut left = p.points;
    let mut out: Vec<StuntChoice> = Vec::new();
    let buy = |out: &mut Vec<StuntChoice>, left: &mut u8, name: &str, points: u8| {
        let fits = table.get(name).is_some_and(|d| {
            !d.automatic_only && points >= d.min && d.max.map_or(true, |m| points <= m)
        });
        if fits && points <= *left && points > 0 && !out.iter().any(|c| *c.stunt == *name) {
            out.push(StuntChoice {
                stunt: name.into(),
                points,
                target: None,
            });
            *left -= points;
        }
    };
    let must_spend = p.action == crate::engine::AttackAction::Stunt;
    match preference {
        StuntPreference::None if !must_spend => return out,
        StuntPreference::Defense => {
            let some = left.min(3);
            buy(&mut out, &mut left, "duck_and_weave", some);
            if p.melee {
                buy(&mut out, &mut left, "knock_prone", 2);
            }
            let some = left.min(3);
            buy(&mut out, &mut left, "momentum", some);
            if !out.is_empty() || !must_spend {
                return out;
            }
        }
        _ => {}
    }
    buy(&mut out, &mut left, "lethal_blow", 5);
    // AGE-21: whether a Lightning Attack's own hit may buy another is a setting.
    let chain = p.action != crate::engine::AttackAction::Lightning || state.rules.lightning_chains;
    if chain {
        buy(&mut out, &mut left, "lightning_attack", 2);
    }
    if p.melee {
        buy(&mut out, &mut left, "knock_prone", 2);
    } else {
        buy(&mut out, &mut left, "vicious_blow", 2);
    }
    let lightning = out.iter().any(|c| &*c.stunt == "lightning_attack");
    if p.melee && !lightning {
        let all = left;
        buy(&mut out, &mut left, "skirmish", all);
    }
    let some = left.min(3);
    buy(&mut out, &mut left, "duck_and_weave", some);
    let some = left.min(3);
    buy(&mut out, &mut left, "momentum", some);
    out
}

/// Where to aim the explosive `g`: the foe whose point catches the most foes (two at least
/// for a hand grenade, which is used up) and no friend within 8 m.
fn grenade_point(state: &State, me: usize, g: usize) -> Option<i32> {
    let c = &state.combatants[me];
    let w = &c.weapons[g].weapon;
    let band = w.range.or_else(|| w.kind.range(c.abilities.strength))?;
    let least = if w.kind == AttackKind::Grenade { 2 } else { 1 };
    let mut best: Option<(usize, i32)> = None;
    for e in enemies(state, me) {
        let at = state.combatants[e].position;
        if c.position.abs_diff(at) > band.max {
            continue;
        }
        let near = |i: &usize| state.combatants[*i].position.abs_diff(at) <= GRENADE_RADIUS + 3;
        let allies = (0..state.combatants.len())
            .filter(|&i| state.combatants[i].side == c.side && !state.combatants[i].dead)
            .filter(near)
            .count();
        let caught = enemies(state, me)
            .filter(|i| state.combatants[*i].position.abs_diff(at) <= GRENADE_RADIUS)
            .count();
        if allies == 0 && caught >= least && best.map_or(true, |(n, _)| caught > n) {
            best = Some((caught, at));
        }
    }
    best.map(|(_, at)| at)
}

/// A turn of the tactic: pursue; stand up; clear jams; throw a grenade at two or more foes
/// clear of friends; take up the main weapon; aim, then shoot or strike the target its
/// priority picks; charge or move into reach; else end the turn.
fn tactic(state: &State, knobs: &Tactic) -> Command {
    let me = state.turn.actor;
    let c = &state.combatants[me];
    // Names are cloned only into the command chosen.
    let actor = || c.name.clone();
    let turn = &state.turn;
    let major = slot_free(turn, Slot::Major);
    let minor = slot_free(turn, Slot::Minor);
    let fresh = major && minor && turn.minors_used == 0;
    let mobile = !state.free_fall || c.free_fall_mobility;
    let end = || Command::EndTurn { actor: actor() };
    // Issue 23: a target this turn's Skirmish pushed away is not chased back.
    let chase = pursue_target(state).is_some_and(|t| turn.pushed != Some(t));
    if chase && mobile {
        return Command::Pursue { actor: actor() };
    }
    let Some(target) = pick_target(state, me, knobs.target) else {
        return end();
    };
    let target_name = || state.combatants[target].name.clone();
    if c.conditions.prone && !c.conditions.unconscious && minor && fresh {
        return Command::Move {
            actor: actor(),
            to: c.position,
            stand_up: true,
            drop_prone: false,
            push: false,
        };
    }
    let held = c.in_hand.map(|i| &c.weapons[i]);
    if held.is_some_and(|w| w.jammed) {
        return if minor {
            Command::Reload { actor: actor() }
        } else {
            end()
        };
    }
    let grenade = c
        .weapons
        .iter()
        .position(|w| w.weapon.kind.is_explosive() && w.count > 0 && !w.jammed);
    if let (Some(g), false, true) = (grenade, c.conditions.blinded, knobs.grenades) {
        if let Some(at) = grenade_point(state, me, g) {
            if c.in_hand == Some(g) && major {
                return Command::ThrowGrenade {
                    actor: actor(),
                    at,
                    tn: None,
                    deviate_long: true,
                };
            }
            if c.in_hand != Some(g) && fresh {
                return Command::TakeUp {
                    actor: actor(),
                    item: c.weapons[g].weapon.name.clone(),
                };
            }
        }
    }
    let primary = c
        .weapons
        .iter()
        .position(|w| !w.weapon.kind.is_explosive() && w.count > 0);
    let holds_grenade = held.is_some_and(|w| w.weapon.kind.is_explosive());
    if let Some(p) = primary {
        if (c.in_hand.is_none() || holds_grenade) && minor {
            return Command::TakeUp {
                actor: actor(),
                item: c.weapons[p].weapon.name.clone(),
            };
        }
    }
    let dist = c.position.abs_diff(state.combatants[target].position);
    let ranged = held.filter(|w| !w.weapon.kind.is_melee() && !w.weapon.kind.is_explosive());
    if let (Some(w), false) = (ranged, c.conditions.blinded) {
        let band = w
            .weapon
            .range
            .or_else(|| w.weapon.kind.range(c.abilities.strength));
        if band.is_some_and(|b| dist <= b.max) {
            if fresh && !c.aimed {
                return Command::Aim { actor: actor() };
            }
            if major {
                return Command::RangedAttack {
                    actor: actor(),
                    target: target_name(),
                };
            }
            return end();
        }
        return step_toward(state, me, target, minor && mobile);
    }
    let reach = state.rules.melee_reach;
    if dist <= reach {
        if fresh && !c.aimed {
            return Command::Aim { actor: actor() };
        }
        if major {
            let heavy = held.is_some_and(|w| w.weapon.kind == AttackKind::HeavyMelee);
            return if heavy {
                Command::HeavyAttack {
                    actor: actor(),
                    target: target_name(),
                }
            } else {
                Command::MeleeAttack {
                    actor: actor(),
                    target: target_name(),
                }
            };
        }
        return end();
    }
    if major && mobile && c.conditions.run_forbidden_by().is_none() {
        let to = approach(state, me, target, speed(state, c) / 2);
        if to.abs_diff(state.combatants[target].position) <= reach {
            return Command::Charge {
                actor: actor(),
                target: target_name(),
            };
        }
    }
    step_toward(state, me, target, minor && mobile)
}

fn step_toward(state: &State, me: usize, target: usize, can: bool) -> Command {
    let c: &Combatant = &state.combatants[me];
    let to = approach(state, me, target, speed(state, c));
    if can && to != c.position {
        Command::Move {
            actor: c.name.clone(),
            to,
            stand_up: false,
            drop_prone: false,
            push: false,
        }
    } else {
        Command::EndTurn {
            actor: c.name.clone(),
        }
    }
}

impl fray_dice::DefaultPolicy for crate::Age {
    type Policy = AgePolicy;
}
