//! Warnings about legal but suspicious setups (issue 19): values that pass setup validation
//! but make a rule unreachable.

use fray_dice::SetupWarning;

use crate::resolve::AttackKind;
use crate::setup::Setup;

fn melee(kind: AttackKind) -> bool {
    matches!(
        kind,
        AttackKind::Unarmed
            | AttackKind::Improvised
            | AttackKind::LightMelee
            | AttackKind::HeavyMelee
    )
}

/// Every warning about `setup`, in the order of the file.
pub fn warnings(setup: &Setup) -> Vec<SetupWarning> {
    let mut found = Vec::new();
    let rules = &setup.rules;
    let melee_users: Vec<usize> = setup
        .characters
        .iter()
        .enumerate()
        .filter(|(_, c)| c.weapons.iter().any(|w| melee(w.kind)))
        .map(|(i, _)| i)
        .collect();
    // AGE-12: melee reaches foes within `melee_reach` metres; 0 leaves only foes standing on
    // the very same metre.
    if rules.melee_reach == 0 && !melee_users.is_empty() {
        found.push(SetupWarning::new(
            "rules.melee_reach",
            "melee_reach 0",
            format!(
                "{} characters carry melee weapons, which then reach only a foe at the same position",
                melee_users.len()
            ),
        ));
    }
    for (i, c) in setup.characters.iter().enumerate() {
        for (k, w) in c.weapons.iter().enumerate() {
            let at = |field: &str| format!("characters[{i}].weapons[{k}].{field}");
            if w.count == 0 {
                found.push(SetupWarning::new(
                    at("count"),
                    "count 0",
                    format!("{} has none of {}: it can never be used", c.name, w.name),
                ));
            }
            if let Some(d) = w.damage {
                // The most the dice and the bonus can reach, before any ability is added.
                let most = i64::from(d.count) * i64::from(d.sides) + i64::from(w.damage_bonus);
                if d.count == 0 || d.sides == 0 || most <= 0 {
                    found.push(SetupWarning::new(
                        at("damage"),
                        format!("{}d{} {:+}", d.count, d.sides, w.damage_bonus),
                        format!("{} rolls no positive damage before abilities", w.name),
                    ));
                }
            }
        }
        if let Some(wielding) = &c.wielding {
            if !c.weapons.iter().any(|w| &w.name == wielding) {
                found.push(SetupWarning::new(
                    format!("characters[{i}].wielding"),
                    format!("{wielding:?}"),
                    format!("{} carries no weapon of that name", c.name),
                ));
            }
        }
    }
    found
}
