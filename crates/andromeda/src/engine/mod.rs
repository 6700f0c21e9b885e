//! Layer 2: the encounter engine (AND-01 … AND-48): starting a fight and the lookups here,
//! the rest in the files below.

use std::sync::Arc;

use fray_dice::{msg, same_name, Dice, EventLog, Few, RuleError};

use crate::text::key;
use serde::{Deserialize, Serialize};

use crate::prepared::{prepare, AbilityFacts, Prepared};
use crate::resolve::{
    check, dice_needed, keep_from, opposed_winner, roll_total, CheckResult, CheckSpec, DamageLine,
    Decider, Edge, GrabEffect, KeptRoll, OutcomeTable, Tier, DIE_SIDES, MAX_CHECK_DICE,
};
use crate::setup::{
    Ability, ActionKind, Aim, ConditionKind, Defense, Duration, Id, Opening, ParticipantSetup,
    SaveSpec, Settings, Setup, Side, Signature, Skill,
};

// `state` (its types), `event`, `command` (and `apply`), `turn` (resources, conditions,
// stress, turn order), `ability` (checks and abilities), and one file per family of actions.
mod ability;
mod area;
mod command;
mod event;
mod grab;
mod hide;
mod improvised;
mod movement;
mod reactions;
mod state;
mod turn;

pub(crate) use ability::CheckRecord;
pub use command::Command;
pub(crate) use command::{Resolved, Targets};
pub use event::{Against, Benefit, EdgeSource, Event, HeatReason, MoveMode, Purpose, Terms};
pub use reactions::{Offer, Pending, Then};
pub use state::{Condition, Fighter, Hold, Phase, Readied, State, Status, Trigger};

fn improvised_range() -> u32 {
    2
}

/// A refusal under `rule`, written from message `message` of the ruleset's files. Cold: the
/// checks on the way stay lean.
#[cold]
fn err(rule: &'static str, message: fray_dice::Message) -> RuleError {
    crate::text::refusal(rule, message)
}

/// Why a use of an ability is refused ([`State::validate_use`]); written out only when the
/// refusal reaches someone.
#[derive(Clone, Copy, Debug)]
enum UseRefusal {
    /// An area ability named targets (AND-01).
    Area,
    /// Not enough Heat (AND-28).
    Heat,
    /// Its artifact has no charge (AND-12).
    Empty,
    /// Two-handed while holding a grab (AND-42).
    BothHands,
    /// A self-only ability aimed at someone else (AND-11).
    SelfOnly,
    /// Too few or too many targets: how many were named (AND-26).
    TargetCount(usize),
    /// A target named twice (AND-26).
    Twice,
    /// This target may not be attacked.
    Target(usize, TargetRefusal),
    /// This target is not an active ally (AND-11).
    NotAlly(usize),
    /// This target is out of reach (AND-01).
    OutOfRange(usize),
}

/// Why an enemy may not be attacked ([`State::require_enemy_target`]).
#[derive(Clone, Copy, Debug)]
enum TargetRefusal {
    /// On the attacker's side.
    NotEnemy,
    /// Out of the fight (AND-48).
    Out,
    /// Hidden (AND-35).
    Hidden,
}

/// Largest absolute coordinate in metres, so squared distances never overflow.
pub const MAX_COORD: i64 = 1_000_000_000;

/// Squared distance in square metres (exact; no square roots, AND-01). Each offset is below
/// 2^64, so each square is one 64×64-bit multiply; the sum is exact for any positions
/// within [`MAX_COORD`] and saturates far beyond it.
pub fn dist2(a: [i64; 2], b: [i64; 2]) -> i128 {
    let dx = u128::from(a[0].abs_diff(b[0]));
    let dy = u128::from(a[1].abs_diff(b[1]));
    i128::try_from((dx * dx).saturating_add(dy * dy)).unwrap_or(i128::MAX)
}

/// [`dist2`] in 64 bits, saturating: exact for positions within [`MAX_COORD`], and a
/// saturated distance is still beyond every reach (a `u32` squared is below `u64::MAX`), so
/// comparing it with a reach answers as [`dist2`] does, at one machine word.
pub(crate) fn dist2_saturating(a: [i64; 2], b: [i64; 2]) -> u64 {
    let (dx, dy) = (a[0].abs_diff(b[0]), a[1].abs_diff(b[1]));
    dx.saturating_mul(dx).saturating_add(dy.saturating_mul(dy))
}

/// Whether the squared distance `d2` (from [`dist2_saturating`]) is within `metres`.
pub(crate) fn reaches(d2: u64, metres: u32) -> bool {
    d2 <= u64::from(metres) * u64::from(metres)
}

/// Whether `b` is within `metres` of `a`.
pub fn within(a: [i64; 2], b: [i64; 2], metres: u32) -> bool {
    reaches(dist2_saturating(a, b), metres)
}

type Events = EventLog<Event>;

/// Up to this many targets of one ability use are kept on the stack; more spill to the heap.
const INLINE_TARGETS: usize = 4;

/// The index of ability `id` of roster entry `i` (named `who` in the refusal).
fn ability_index(
    roster: &[ParticipantSetup],
    i: usize,
    id: &str,
    who: &str,
) -> Result<usize, RuleError> {
    roster[i]
        .abilities
        .iter()
        .position(|a| same_name(&a.id, id))
        .ok_or_else(|| err("AND-11", msg!("and-refuse-no-ability", who = who, id = id)))
}
impl State {
    /// Builds the state, emitting the start events (opening resolved, round 1 begun).
    pub fn start<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        ev: &mut Events,
    ) -> Result<State, RuleError> {
        let prepared = prepare(setup)?;
        let fighters = setup
            .participants
            .iter()
            .zip(&prepared.temp_max)
            .map(|(p, &temp_max)| Fighter {
                id: p.id.clone(),
                side: p.side,
                status: Status::Active,
                heat: 0,
                heat_gained: 0,
                signature_used: false,
                accomplishment_points: p.accomplishment_points,
                accomplishment_heat_used: false,
                temp_max,
                temp_stress: 0,
                main_stress: 0,
                exhaustion: p.exhaustion,
                conditions: Vec::new(),
                turns_left: p.turns,
                turns_taken: 0,
                action: false,
                maneuver: false,
                // AND-10/13: a reaction is at hand from the start of the combat, unless the
                // setting keeps it until the participant's first turn.
                reaction: setup.settings.reaction_before_first_turn,
                position: p.position,
                charges: p.artifacts.iter().map(|a| a.reload).collect(),
                ready: None,
                damage_dealt: 0,
                damage_taken: 0,
                defeated_round: None,
            })
            .collect();
        let mut state = State {
            settings: Arc::clone(&setup.settings),
            roster: Arc::clone(&setup.participants),
            prepared,
            fighters,
            round: 1,
            opening: Side::Heroes,
            phase: Phase::Choosing { side: Side::Heroes },
            last_side: None,
            holds: Vec::new(),
            next_hold: 0,
            pending: None,
        };
        // The contest's events follow CombatStarted, which needs its result.
        let mut contest = ev.nested();
        let (opening, how) = match &setup.opening {
            Opening::Default => (Side::Heroes, "default"),
            Opening::Ambush => (Side::Enemies, "ambush"),
            Opening::Contested {
                hero,
                hero_skill,
                enemy,
                enemy_skill,
            } => {
                let h = state.find(hero)?;
                let e = state.find(enemy)?;
                let (hs, es) = (state.skill(h, hero_skill), state.skill(e, enemy_skill));
                // Neither side acted first: the enemy is the initiator, so a full tie keeps
                // the status quo of AND-05, heroes open.
                let enemy_wins = state.opposed(
                    dice,
                    "opening",
                    (e, es, enemy_skill),
                    (h, hs, hero_skill),
                    false,
                    &mut contest,
                )?;
                (
                    if enemy_wins {
                        Side::Enemies
                    } else {
                        Side::Heroes
                    },
                    "contested",
                )
            }
        };
        state.opening = opening;
        state.phase = Phase::Choosing { side: opening };
        ev.emit(|| Event::CombatStarted {
            opening,
            how: how.into(),
        });
        ev.append(contest);
        for i in 0..state.fighters.len() {
            ev.emit(|| Event::Stress {
                id: state.fighters[i].id.clone(),
                name: state.roster[i].display().to_owned(),
                side: state.fighters[i].side,
                temp_max: state.fighters[i].temp_max,
                main_max: state.main_max(i),
            });
        }
        for i in 0..state.fighters.len() {
            if state.main_max(i) == 0 {
                state.fill_and_defeat(i, ev);
            }
        }
        ev.emit(|| Event::RoundStarted { round: 1 });
        state.check_over(ev);
        Ok(state)
    }

    // ----- lookups -----

    /// Index of the participant `id`.
    pub fn find(&self, id: &str) -> Result<usize, RuleError> {
        self.fighters
            .iter()
            .position(|f| same_name(&f.id, id))
            .ok_or_else(|| err("AND-09", msg!("and-refuse-no-participant", id = id)))
    }

    /// A skill of participant `i` (value 0, rank 0 when it lacks it).
    pub fn skill(&self, i: usize, name: &str) -> Skill {
        self.roster[i].skills.get(name).copied().unwrap_or_default()
    }

    /// The defense value of participant `i` (AND-19).
    pub fn defense(&self, i: usize, d: Defense) -> i32 {
        self.roster[i].defense(d)
    }

    /// Whether participant `i` bears `kind`.
    pub fn has(&self, i: usize, kind: ConditionKind) -> bool {
        self.fighters[i].conditions.iter().any(|c| c.kind == kind)
    }

    /// Current speed in metres (AND-02, AND-33, AND-34).
    pub fn speed(&self, i: usize) -> u32 {
        if self.has(i, ConditionKind::Grabbed) || self.has(i, ConditionKind::Immobilized) {
            return 0;
        }
        let p = &self.roster[i];
        p.speed
            .unwrap_or(self.settings.speeds[(p.rank as usize).clamp(1, 4) - 1])
    }

    /// Maximum main stress: rank × 5 − Exhaustion, never negative (AND-37, AND-46).
    pub fn main_max(&self, i: usize) -> u32 {
        (self.roster[i].rank * 5).saturating_sub(self.fighters[i].exhaustion)
    }

    /// Whether participant `i` is still fighting.
    pub fn active(&self, i: usize) -> bool {
        self.fighters[i].status == Status::Active
    }

    /// The hold in which `i` is the grabber.
    pub fn holding(&self, i: usize) -> Option<Hold> {
        self.holds.iter().copied().find(|h| h.grabber == i)
    }

    /// The hold in which `i` is the target.
    pub fn held_by(&self, i: usize) -> Option<Hold> {
        self.holds.iter().copied().find(|h| h.target == i)
    }

    /// Whether participant `i` gains and spends Heat (heroes; enemies only by setting).
    pub fn uses_heat(&self, i: usize) -> bool {
        self.fighters[i].side == Side::Heroes || self.settings.enemy_heat
    }

    /// Current Heat cost of an ability for participant `i` (AND-28).
    pub fn cost(&self, i: usize, ability: &Ability) -> u32 {
        if !self.uses_heat(i) {
            return 0;
        }
        let rank = self.roster[i].rank;
        let reduction = rank.saturating_sub(ability.rank);
        ability.cost.saturating_sub(reduction)
    }

    /// The ability `id` of participant `i`.
    pub fn ability(&self, i: usize, id: &str) -> Result<&Ability, RuleError> {
        let k = ability_index(&self.roster, i, id, &self.fighters[i].id)?;
        Ok(&self.roster[i].abilities[k])
    }

    /// The tunable rules this encounter plays by.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The participants as set up, in setup order (the index of [`State::fighters`]).
    pub fn roster(&self) -> &[ParticipantSetup] {
        &self.roster
    }

    /// What ability `k` of participant `i` rolls and uses, resolved once per setup.
    pub(crate) fn facts(&self, i: usize, k: usize) -> AbilityFacts {
        self.prepared.abilities[i][k]
    }

    /// Whether the side still has someone able to fight.
    pub fn side_alive(&self, side: Side) -> bool {
        (0..self.fighters.len()).any(|i| self.fighters[i].side == side && self.active(i))
    }

    pub(super) fn side_has_turns(&self, side: Side) -> bool {
        self.fighters
            .iter()
            .any(|f| f.side == side && f.status == Status::Active && f.turns_left > 0)
    }

    /// The edge of an attack by `a` on `t` (AND-21, AND-31, AND-32, AND-34, AND-36, AND-42).
    pub fn attack_edge(&self, a: usize, t: usize) -> Edge {
        let advantage = self.has(t, ConditionKind::Vulnerable);
        let grabbed_elsewhere =
            self.has(a, ConditionKind::Grabbed) && self.held_by(a).is_some_and(|h| h.grabber != t);
        let holding_elsewhere = self.holding(a).is_some_and(|h| h.target != t);
        let disadvantage = self.has(a, ConditionKind::Weakened)
            || grabbed_elsewhere
            || holding_elsewhere
            || self.has(t, ConditionKind::Invisible);
        Edge::from_sources(advantage, disadvantage)
    }

    /// Every source of advantage or disadvantage [`State::attack_edge`] (with `on` a
    /// target) or [`State::check_edge`] (without) counts, for the log: built only when an
    /// event is recorded, so simulation never pays for it.
    pub fn edge_sources(&self, a: usize, on: Option<usize>) -> Vec<EdgeSource> {
        let mut out = Vec::new();
        if let Some(t) = on {
            if self.has(t, ConditionKind::Vulnerable) {
                out.push(EdgeSource::TargetVulnerable);
            }
        }
        if self.has(a, ConditionKind::Weakened) {
            out.push(EdgeSource::Weakened);
        }
        if let Some(t) = on {
            if self.has(a, ConditionKind::Grabbed)
                && self.held_by(a).is_some_and(|h| h.grabber != t)
            {
                out.push(EdgeSource::GrabbedElsewhere);
            }
            if self.holding(a).is_some_and(|h| h.target != t) {
                out.push(EdgeSource::HoldingElsewhere);
            }
            if self.has(t, ConditionKind::Invisible) {
                out.push(EdgeSource::TargetInvisible);
            }
        }
        out
    }

    /// The edge of a check that is not an attack (AND-32).
    pub fn check_edge(&self, a: usize) -> Edge {
        Edge::from_sources(false, self.has(a, ConditionKind::Weakened))
    }

    /// Whether the combat is over.
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::{dist2, dist2_saturating, within, MAX_COORD};

    /// AND-01: distances are exact squared metres anywhere within the bounds, and do not
    /// wrap beyond them.
    #[test]
    fn squared_distance_is_exact_within_the_bounds() {
        let wide = |a: [i64; 2], b: [i64; 2]| {
            let dx = i128::from(a[0]) - i128::from(b[0]);
            let dy = i128::from(a[1]) - i128::from(b[1]);
            dx * dx + dy * dy
        };
        let m = MAX_COORD;
        let points = [[0, 0], [3, 4], [-m, -m], [m, m], [m, -m], [-7, m], [12, -5]];
        for a in points {
            for b in points {
                assert_eq!(dist2(a, b), wide(a, b), "{a:?} {b:?}");
            }
        }
        assert_eq!(dist2([0, 0], [3, 4]), 25);
        assert_eq!(dist2([i64::MIN, i64::MIN], [i64::MAX, i64::MAX]), i128::MAX);
    }

    /// AND-01: the 64-bit reach test answers as the exact squared distance does, within the
    /// bounds and far beyond them (where it saturates), for every reach up to `u32::MAX`.
    #[test]
    fn reach_is_decided_as_by_the_exact_distance() {
        let m = MAX_COORD;
        let points = [
            [0, 0],
            [3, 4],
            [-m, -m],
            [m, m],
            [-7, m],
            [i64::MIN, 0],
            [i64::MAX, i64::MAX],
            [i64::MIN, i64::MIN],
            [1 << 32, 0],
            [0, -(1 << 32)],
        ];
        let reaches = [0, 1, 4, 5, 100, 1 << 31, u32::MAX - 1, u32::MAX];
        for a in points {
            for b in points {
                for r in reaches {
                    let exact = dist2(a, b) <= i128::from(r) * i128::from(r);
                    assert_eq!(within(a, b, r), exact, "{a:?} {b:?} {r}");
                }
            }
        }
        assert_eq!(dist2_saturating([0, 0], [3, 4]), 25);
        assert!(within([0, 0], [3, 4], 5) && !within([0, 0], [3, 4], 4));
        assert!(!within([0, 0], [1 << 32, 0], u32::MAX));
        assert!(within([0, 0], [i64::from(u32::MAX), 0], u32::MAX));
    }
}
