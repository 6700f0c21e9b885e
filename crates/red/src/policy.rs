//! The default policy: the tactic that plays RED fights, with its knobs as data ([`Tactic`]
//! per side, [`RedPolicy`] for both), and its answer to the one pending choice, whether to
//! evade a ranged attack (RED-33).
//!
//! The tactic: one legal command at a time, a pure function of the state.
//!
//! Get up if prone; stabilize a dying ally within reach; pick the nearest enemy still
//! standing; keep a usable weapon in hand (reload, drop an empty one, draw another, or fall
//! back to Brawling); an `ambush` character opens round 1 with a delayed attack triggered by
//! its target moving (or, when the target has already acted this round, by the end of the
//! next participant's turn); ranged fighters first step to the range band with the lowest DV they
//! can reach, prefer autofire when the weapon has the rounds, and take a second ROF 2 shot;
//! melee fighters close in (running if needed) and strike; then end the turn.

use serde::{Deserialize, Serialize};

use crate::engine::{AttackOrder, Command, Fighter, FireMode, State, Trigger};
use crate::resolve::Wound;
use crate::setup::Holding;
use crate::Red;

/// Whom a side attacks and moves toward. Enemies still standing always come before
/// Mortally Wounded ones (RED-44: those fight on).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TargetPriority {
    /// The nearest enemy (ties: setup order).
    #[default]
    Nearest,
    /// The enemy with the fewest HP (ties: the nearest).
    Weakest,
    /// The enemy with the most HP (ties: the nearest).
    Strongest,
}

/// How a side answers "evade this ranged attack?" (RED-33).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EvadeChoice {
    /// Evade when DEX + Evasion + 5.5 (the d10's mean) beats the DV.
    #[default]
    WhenBetter,
    /// Always evade.
    Always,
    /// Never evade: the DV stands.
    Never,
}

/// The knobs of one side's tactic; every field is optional in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Tactic {
    /// Whom to attack.
    pub target: TargetPriority,
    /// Whether to evade ranged attacks.
    pub evade: EvadeChoice,
    /// Stabilize a Mortally Wounded ally within reach before fighting (true).
    pub stabilize: bool,
    /// Open round 1 with the delayed attack of a character marked `ambush` (true).
    pub ambush: bool,
}

impl Tactic {
    /// The default tactic.
    pub const DEFAULT: Tactic = Tactic {
        target: TargetPriority::Nearest,
        evade: EvadeChoice::WhenBetter,
        stabilize: true,
        ambush: true,
    };
}

impl Default for Tactic {
    fn default() -> Self {
        Tactic::DEFAULT
    }
}

/// The RED policy: one [`Tactic`] per side. JSON: `{"side_a": {...}, "side_b": {...}}`,
/// each optional (`{"side_b": {"target": "weakest"}}`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct RedPolicy {
    /// Side 0.
    pub side_a: Tactic,
    /// Side 1.
    pub side_b: Tactic,
}

impl RedPolicy {
    /// The default policy: the default tactic on both sides.
    pub const DEFAULT: RedPolicy = RedPolicy {
        side_a: Tactic::DEFAULT,
        side_b: Tactic::DEFAULT,
    };

    /// The tactic of side `side`.
    pub fn side(&self, side: u8) -> &Tactic {
        if side == 0 {
            &self.side_a
        } else {
            &self.side_b
        }
    }

    /// The command this policy plays next, computed directly (the crate's property tests
    /// check it is always among the options), or `None` when the fight is over.
    pub fn command(&self, state: &State) -> Option<Command> {
        next_command_with(state, self)
    }
}

fray_dice::direct_policy!(RedPolicy => Red);

/// What the tactic does next, for the participant whose turn it is: a command without its
/// actor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    EndTurn,
    /// The defender's answer to a pending ranged attack (RED-33).
    Evade {
        defender: usize,
        evade: bool,
    },
    GetUp,
    Stabilize {
        target: usize,
    },
    /// A plain attack: with the weapon, or Brawling without one.
    Attack {
        target: usize,
        weapon: Option<usize>,
        mode: FireMode,
    },
    /// A single plain attack held until the trigger.
    Delay {
        target: usize,
        weapon: Option<usize>,
        trigger: Trigger,
    },
    Move {
        to: i32,
    },
    Run,
    Reload {
        weapon: usize,
    },
    Draw {
        weapon: usize,
    },
    Drop {
        weapon: usize,
    },
}

impl Decision {
    /// The command of `actor` this decision stands for.
    pub(crate) fn command(self, actor: usize) -> Command {
        let attack = |target, weapon, mode| AttackOrder::plain(target, weapon, mode).command(actor);
        match self {
            Decision::EndTurn => Command::EndTurn { actor },
            Decision::Evade { defender, evade } => Command::Evade {
                actor: defender,
                evade,
            },
            Decision::GetUp => Command::GetUp { actor },
            Decision::Stabilize { target } => Command::Stabilize { actor, target },
            Decision::Attack {
                target,
                weapon,
                mode,
            } => attack(target, weapon, mode),
            Decision::Delay {
                target,
                weapon,
                trigger,
            } => Command::Delay {
                actor,
                action: Box::new(attack(target, weapon, FireMode::Single)),
                trigger,
            },
            Decision::Move { to } => Command::Move {
                actor,
                to,
                mode: Default::default(),
            },
            Decision::Run => Command::Run { actor },
            Decision::Reload { weapon } => Command::Reload {
                actor,
                weapon,
                ammo: None,
            },
            Decision::Draw { weapon } => Command::Draw { actor, weapon },
            Decision::Drop { weapon } => Command::Drop { actor, weapon },
        }
    }
}

/// The default tactic's next command, or `None` when the fight is over.
pub fn next_command(state: &State) -> Option<Command> {
    next_command_with(state, &RedPolicy::DEFAULT)
}

/// The next command under `policy`, or `None` when the fight is over.
pub(crate) fn next_command_with(state: &State, policy: &RedPolicy) -> Option<Command> {
    decide(state, policy).map(|d| d.command(state.actor()))
}

/// The tactic's next decision, or `None` when the fight is over.
fn decide(state: &State, policy: &RedPolicy) -> Option<Decision> {
    if state.finished.is_some() {
        return None;
    }
    if !state.equipped() {
        return decide_unequipped(state, policy);
    }
    if let Some(p) = &state.pending {
        let defender = p.defender;
        let evade = match policy.side(state.fighters[defender].side).evade {
            EvadeChoice::Always => true,
            EvadeChoice::Never => false,
            EvadeChoice::WhenBetter => crate::engine::evasion_pays(state),
        };
        return Some(Decision::Evade { defender, evade });
    }
    let a = state.actor();
    let f = &state.fighters[a];
    let tactic: &Tactic = policy.side(f.side);
    let t = &state.turn;
    let s = &state.settings;
    let end = Some(Decision::EndTurn);
    if f.prone {
        return if t.action_used {
            end
        } else {
            Some(Decision::GetUp)
        };
    }
    if tactic.stabilize && !t.action_used && f.standing() {
        // The first dying ally within reach.
        for (i, g) in state.fighters.iter().enumerate() {
            if i != a
                && g.side == f.side
                && g.present()
                && g.wound() == Wound::Mortally
                && !g.stabilized
                && state.metres(g.position, f.position) <= s.reach
            {
                return Some(Decision::Stabilize { target: i });
            }
        }
    }
    // An enemy still standing (by the priority; ties to the nearest, then the first), else
    // one still able to fight (Mortally Wounded, RED-44): the fight goes on while one is.
    let mut best: Option<((bool, i32, u32), usize)> = None;
    for (i, g) in state.fighters.iter().enumerate() {
        if g.side == f.side || !g.able(s) {
            continue;
        }
        let hp = match tactic.target {
            TargetPriority::Nearest => 0,
            TargetPriority::Weakest => g.hp,
            TargetPriority::Strongest => -g.hp,
        };
        let key = (!g.standing(), hp, g.position.abs_diff(f.position));
        if best.map_or(true, |(k, _)| key < k) {
            best = Some((key, i));
        }
    }
    let (_, target) = best?;
    let weapon = match choose_weapon(state, a) {
        Choice::Use(w) => w,
        Choice::Do(cmd) => return Some(cmd),
        Choice::Wait => return end,
    };
    if tactic.ambush
        && f.ambush
        && state.round == 1
        && !t.action_used
        && !state.delays.iter().any(|d| d.actor == a)
    {
        return Some(Decision::Delay {
            target,
            weapon,
            trigger: ambush_trigger(state, target),
        });
    }
    let kit = weapon.map(|w| f.weapons[w].kit.0);
    let rof = kit.map_or(2, |k| k.rof);
    let ranged = kit.is_some_and(|k| !k.melee);
    let tpos = state.fighters[target].position;
    let dir = (tpos - f.position).signum();
    let left = t.budget.saturating_sub(t.spent);
    let can_move = f.grabbed_by.is_none() && f.vehicle.is_none() && left > 0 && dir != 0;
    let attack = |mode: FireMode| Decision::Attack {
        target,
        weapon,
        mode,
    };
    let may_attack = !t.action_used && t.attacks == 0;
    let second = t.attacks == 1 && t.attack_rof == 2 && rof == 2;
    if ranged {
        if !may_attack && !second {
            // Nothing left to shoot this turn (a ranged fighter moves only to shoot).
            return end;
        }
        let k = kit.expect("ranged has a kit");
        let w = &f.weapons[weapon.expect("ranged has a weapon")];
        let autofire = k.autofire > 0 && w.loaded >= s.autofire_rounds && may_attack;
        let dv = &state.tables.dv;
        let single_row = k.single_row.map(|at| state.row(at));
        let auto_row = k.auto_row.map(|at| state.row(at));
        // The range band of a position (none: out of range), looked up once for both rows.
        let band_at = |pos: i32| dv.band(state.metres(pos, tpos));
        let dv_in = |row: Option<&[Option<i32>]>, band: Option<usize>| row?.get(band?).copied()?;
        let best = |band: Option<usize>| {
            let single = dv_in(single_row, band);
            let auto = if autofire {
                dv_in(auto_row, band)
            } else {
                None
            };
            match (auto, single) {
                (Some(a), _) => Some((a, FireMode::Autofire)),
                (None, Some(s)) => Some((s, FireMode::Single)),
                _ => None,
            }
        };
        let band_here = band_at(f.position);
        if can_move && !t.moved && may_attack {
            let here = best(band_here);
            let reach_max = (left as i32).min(f.position.abs_diff(tpos) as i32 - 1);
            let mut pick: Option<(i32, i32)> = None;
            let gap = f.position.abs_diff(tpos) as i32;
            let unit = state.metres(0, 1) as i32;
            let mut k = 1;
            while k <= reach_max {
                let pos = f.position + dir * k;
                let band = band_at(pos);
                if let Some((dv, _)) = best(band) {
                    match pick {
                        Some((d, _)) if d <= dv => {}
                        _ => pick = Some((dv, pos)),
                    }
                }
                // The DVs depend on the range band alone, so the next position that can do
                // better is the first one in a nearer band: metres = unit × (gap − k) within
                // that band's upper bound.
                let nearer = match band {
                    Some(0) => break,
                    Some(b) => dv.bands[b - 1],
                    None => dv.bands[dv.bands.len() - 1],
                };
                k = (k + 1).max(gap - (nearer / unit as u32) as i32);
            }
            let better = match (here, pick) {
                (Some((h, _)), Some((d, _))) => d < h,
                (None, Some(_)) => true,
                _ => false,
            };
            if better {
                let (_, pos) = pick.expect("better implies a pick");
                return Some(Decision::Move { to: pos });
            }
            if here.is_none() && reach_max > 0 {
                return Some(Decision::Move {
                    to: f.position + dir * reach_max,
                });
            }
        }
        return match best(band_here) {
            Some((_, mode)) if may_attack => Some(attack(mode)),
            Some(_)
                if second
                    && (w.loaded >= 1 || !k.needs_ammo)
                    && dv_in(single_row, band_here).is_some() =>
            {
                Some(attack(FireMode::Single))
            }
            _ => end,
        };
    }
    if state.metres(f.position, tpos) > s.reach {
        if can_move {
            // Next to the target, or onto its square when the reach is shorter than one
            // step of position (a grid square is 2 m).
            let next_to = i32::from(s.reach >= state.metres(0, 1));
            let step = (f.position.abs_diff(tpos) as i32 - next_to).min(left as i32);
            return Some(Decision::Move {
                to: f.position + dir * step,
            });
        }
        if !t.action_used && t.moved && f.move_allowance(s) > 0 {
            return Some(Decision::Run);
        }
        return end;
    }
    if may_attack || second {
        return Some(attack(FireMode::Single));
    }
    end
}

/// [`decide`] for a state read back from JSON: derives the kits the tactic reads first
/// (out of line: simulation never needs it).
#[cold]
fn decide_unequipped(state: &State, policy: &RedPolicy) -> Option<Decision> {
    let mut equipped = state.clone();
    equipped.equip();
    decide(&equipped, policy)
}

/// "As soon as the target moves" when the target still acts this round; otherwise "after
/// the next participant's turn", so the delay can fire before it lapses (RED-10).
fn ambush_trigger(state: &State, target: usize) -> Trigger {
    let later = &state.queue[state.current + 1..];
    if later.contains(&target) {
        return Trigger::Moves { who: target };
    }
    match later.iter().find(|&&i| state.fighters[i].present()) {
        Some(&next) => Trigger::AfterTurn { of: next },
        None => Trigger::Moves { who: target },
    }
}

enum Choice {
    Use(Option<usize>),
    Do(Decision),
    Wait,
}

/// Fires or strikes now: melee, needing no ammunition (RED-36), or loaded.
fn usable(f: &Fighter, w: usize) -> bool {
    let weapon = &f.weapons[w];
    weapon.kit.0.melee || !weapon.kit.0.needs_ammo || weapon.loaded > 0
}

fn has_spare(state: &State, f: &Fighter, w: usize) -> bool {
    let weapon = &f.weapons[w];
    let p = &state.tables.weapons[&*weapon.profile];
    let calibre = p.calibre.as_deref().unwrap_or(&weapon.profile);
    p.magazine > 0
        && f.reserve
            .get(calibre)
            .and_then(|m| m.get(&*weapon.ammo))
            .is_some_and(|&n| n > 0)
}

/// Which weapon to fight with, or the free/Action step that gets one ready.
fn choose_weapon(state: &State, a: usize) -> Choice {
    let f = &state.fighters[a];
    let t = &state.turn;
    let in_hand = || (0..f.weapons.len()).filter(|&w| f.weapons[w].holding == Holding::InHand);
    if let Some(w) = in_hand().find(|&w| usable(f, w)) {
        return Choice::Use(Some(w));
    }
    if let Some(w) = in_hand().find(|&w| has_spare(state, f, w)) {
        return if t.action_used {
            Choice::Wait
        } else {
            Choice::Do(Decision::Reload { weapon: w })
        };
    }
    // Only what the hands left can hold (RED-42 takes arms and hands).
    let holstered = (0..f.weapons.len()).find(|&w| {
        let weapon = &f.weapons[w];
        weapon.holding == Holding::Holstered && usable(f, w) && weapon.kit.0.hands <= f.hands
    });
    if let Some(w) = holstered {
        let need = f.weapons[w].kit.0.hands;
        if need <= f.free_hands() {
            return Choice::Do(Decision::Draw { weapon: w });
        }
        if let Some(empty) = in_hand().next() {
            return Choice::Do(Decision::Drop { weapon: empty });
        }
    }
    Choice::Use(None)
}
