//! Warnings about legal but suspicious setups (issue 19): values that pass setup validation
//! but make a rule unreachable — an ability that can never hurt, a participant that can
//! never be hurt or never act, a fight no side can win, a setting that switches a rule off,
//! a damage line or speed table that decreases.

use fray_dice::SetupWarning;

use crate::resolve::{AdvantageMethod, DamageLine, Tier};
use crate::setup::{Ability, Aim, ConditionKind, ParticipantSetup, Setup, Side};

/// Every warning about `setup`: settings first, then participant by participant, then the
/// fight as a whole.
pub fn warnings(setup: &Setup) -> Vec<SetupWarning> {
    let mut found = Vec::new();
    settings(setup, &mut found);
    let list = &setup.participants;
    let mut unhurtable = [false; 2];
    for (i, p) in list.iter().enumerate() {
        let at = |field: &str| format!("participants[{i}].{field}");
        // AND-37: max main stress rank × 5 − X; at 0 the participant is out at once.
        if p.exhaustion >= p.rank * 5 {
            found.push(SetupWarning::new(
                at("exhaustion"),
                format!("exhaustion {} at rank {}", p.exhaustion, p.rank),
                format!(
                    "main stress max rank × 5 − exhaustion is 0: {} is out from the start and can never act",
                    p.id
                ),
            ));
        }
        if !p.abilities.iter().any(aims_at_enemies) && !p.tactic.grab {
            found.push(SetupWarning::new(
                at("abilities"),
                "no ability aimed at enemies",
                format!(
                    "{} can never attack: the default tactic only moves it (AND-11)",
                    p.id
                ),
            ));
        }
        for (k, ab) in p.abilities.iter().enumerate() {
            ability(
                setup,
                p,
                ab,
                &format!("participants[{i}].abilities[{k}]"),
                &mut found,
            );
        }
        let foes: Vec<&ParticipantSetup> = list.iter().filter(|q| q.side != p.side).collect();
        if p.exhaustion < p.rank * 5 && !foes.iter().any(|q| can_hurt(setup, q, p)) {
            unhurtable[p.side.index()] = true;
            found.push(SetupWarning::new(
                format!("participants[{i}]"),
                format!("{} against every {:?} ability", p.id, p.side.other()),
                format!(
                    "no ability of the {:?} can ever deal it damage or Exhaustion (AND-17, AND-20): {} can never be hurt, so the {:?} can never win",
                    p.side.other(),
                    p.id,
                    p.side.other()
                ),
            ));
        }
    }
    if unhurtable == [true, true] {
        found.push(SetupWarning::new(
            "participants",
            "someone on each side can never be hurt",
            "a fight no side can win: every fight ends undecided at settings.round_limit",
        ));
    }
    found
}

/// Whether `ab` is used on enemies: aimed at them, or an area (which catches anyone).
fn aims_at_enemies(ab: &Ability) -> bool {
    ab.aim == Aim::Enemy || ab.area.is_some()
}

/// The totals a check of skill value `value` can reach: 2d8 (kept two of any number of d8)
/// plus the value, plus or minus a flat advantage bonus.
fn totals(setup: &Setup, value: i32) -> std::ops::RangeInclusive<i32> {
    let flat = match setup.settings.advantage {
        AdvantageMethod::Flat { bonus } => bonus.abs(),
        AdvantageMethod::ExtraDice { .. } => 0,
    };
    (2 + value - flat)..=(16 + value + flat)
}

/// Whether some use of one of `attacker`'s abilities can deal `target` damage or
/// Exhaustion: a reachable total whose tier, shifted by rank against the target's defense
/// (or the task rank) and clamped, picks a non-zero damage or an Exhaustion effect.
fn can_hurt(setup: &Setup, attacker: &ParticipantSetup, target: &ParticipantSetup) -> bool {
    attacker
        .abilities
        .iter()
        .filter(|ab| aims_at_enemies(ab))
        .any(|ab| {
            let exhausts = |tier: Tier| {
                ab.conditions.iter().any(|c| {
                    c.condition == ConditionKind::Exhaustion && !c.on_self && tier >= c.min_tier
                })
            };
            let Some(skill) = ab.skill.as_ref().and_then(|s| attacker.skills.get(s)) else {
                // No check: its effects simply happen, whatever their `min_tier` (AND-40).
                return ab
                    .conditions
                    .iter()
                    .any(|c| c.condition == ConditionKind::Exhaustion && !c.on_self);
            };
            let difficulty = ab.defense.map_or(ab.difficulty, |d| target.defense(d));
            let shift = i64::from(skill.rank) - i64::from(difficulty);
            totals(setup, skill.value).any(|total| {
                let base = setup.settings.table.tier(total);
                let tier = Tier::clamped(base as i64 + shift);
                ab.damage.is_some_and(|line| line.get(tier) > 0) || exhausts(tier)
            })
        })
}

fn decreasing(line: &DamageLine) -> bool {
    line.0.windows(2).any(|w| w[1] < w[0])
}

fn ability(
    setup: &Setup,
    owner: &ParticipantSetup,
    ab: &Ability,
    at: &str,
    found: &mut Vec<SetupWarning>,
) {
    if let Some(line) = &ab.damage {
        let other_effect = !ab.conditions.is_empty() || ab.breaks_grabs || ab.detects_invisible;
        if line.0 == [0; 4] && !other_effect {
            found.push(SetupWarning::new(
                format!("{at}.damage"),
                format!("damage {line} and no other effect"),
                format!(
                    "{} deals nothing at any outcome: it can never hurt (AND-20)",
                    ab.id
                ),
            ));
        }
        // AND-20: the line is fail / cost / success / crit, e.g. 1/2/3/5.
        if decreasing(line) {
            found.push(SetupWarning::new(
                format!("{at}.damage"),
                format!("damage {line}"),
                "a better outcome deals less damage: the line is fail/cost/success/crit (AND-20), like 1/2/3/5",
            ));
        }
    }
    if ab.range == 0 && ab.area.is_none() && ab.aim != Aim::SelfOnly {
        found.push(SetupWarning::new(
            format!("{at}.range"),
            "range 0",
            format!(
                "{} reaches only someone standing on the user's own point",
                ab.id
            ),
        ));
    }
    // AND-24: Heat is a hero's resource; enemies pay nothing unless settings.enemy_heat.
    if owner.side == Side::Enemies && !setup.settings.enemy_heat && ab.cost > 0 {
        found.push(SetupWarning::new(
            format!("{at}.cost"),
            format!("cost {} on an enemy", ab.cost),
            "enemies pay no Heat unless settings.enemy_heat is true: the cost is never paid",
        ));
    }
    for (c, effect) in ab.conditions.iter().enumerate() {
        if let Some(save) = &effect.save {
            if !setup
                .participants
                .iter()
                .any(|p| p.skills.contains_key(&save.skill))
            {
                found.push(SetupWarning::new(
                    format!("{at}.conditions[{c}].save.skill"),
                    format!("{:?}", save.skill),
                    "no participant has this skill: every saving throw rolls it at value 0, rank 0 (AND-12)",
                ));
            }
        }
    }
}

/// Settings that switch a rule off or invert a table.
fn settings(setup: &Setup, found: &mut Vec<SetupWarning>) {
    let s = &setup.settings;
    match s.advantage {
        AdvantageMethod::ExtraDice { dice: 0 } | AdvantageMethod::Flat { bonus: 0 } => {
            found.push(SetupWarning::new(
                "settings.advantage",
                format!("{:?}", s.advantage),
                "advantage and disadvantage change nothing: Vulnerable, Weakened, Invisible and a grab's disadvantage have no effect (AND-21)",
            ))
        }
        AdvantageMethod::Flat { bonus } if bonus < 0 => found.push(SetupWarning::new(
            "settings.advantage.bonus",
            format!("bonus {bonus}"),
            "a negative bonus makes advantage a penalty and disadvantage a bonus (AND-21)",
        )),
        _ => {}
    }
    // AND-16: which base outcomes any check of the scene can reach (a missing skill rolls 0).
    let values = setup
        .participants
        .iter()
        .flat_map(|p| p.skills.values().map(|k| k.value))
        .chain([0]);
    let (lo, hi) = values.fold((i32::MAX, i32::MIN), |(lo, hi), v| {
        (
            lo.min(*totals(setup, v).start()),
            hi.max(*totals(setup, v).end()),
        )
    });
    let t = &s.table;
    let unreachable = [
        (
            t.critical_from > hi,
            "critical_from",
            t.critical_from,
            format!("no check reaches it (the best total is {hi}): a Critical comes only from a rank shift"),
        ),
        (
            t.cost_from <= lo,
            "cost_from",
            t.cost_from,
            format!("every total reaches it (the lowest is {lo}): a Fail, and its Heat, come only from a rank shift (AND-26)"),
        ),
        (
            t.cost_from == t.success_from,
            "success_from",
            t.success_from,
            "equal to cost_from: no total is a Success at a Cost".into(),
        ),
        (
            t.success_from == t.critical_from,
            "critical_from",
            t.critical_from,
            "equal to success_from: no total is a Success".into(),
        ),
    ];
    for (hit, key, value, why) in unreachable {
        if hit {
            found.push(SetupWarning::new(
                format!("settings.table.{key}"),
                format!("{key} {value}"),
                why,
            ));
        }
    }
    if s.speeds.windows(2).any(|w| w[1] < w[0]) {
        found.push(SetupWarning::new(
            "settings.speeds",
            format!("{:?}", s.speeds),
            "a higher rank is slower: the speeds by rank grow, 10/30/100/300 m (AND-02)",
        ));
    }
    let fastest = setup
        .participants
        .iter()
        .map(|p| {
            p.speed
                .unwrap_or(s.speeds[(p.rank as usize).clamp(1, 4) - 1])
        })
        .max()
        .unwrap_or(0);
    if fastest > 0 && fastest / s.step_divisor == 0 {
        found.push(SetupWarning::new(
            "settings.step_divisor",
            format!(
                "step_divisor {} with the fastest speed {fastest} m",
                s.step_divisor
            ),
            "a Step covers 0 m for everyone: the Step maneuver can never move (AND-03)",
        ));
    }
    if s.grab_reach == 0 && setup.participants.iter().any(|p| p.tactic.grab) {
        found.push(SetupWarning::new(
            "settings.grab_reach",
            "grab_reach 0",
            "a grab reaches only someone on the grabber's own point (AND-41)",
        ));
    }
}
