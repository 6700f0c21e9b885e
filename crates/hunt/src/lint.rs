//! Warnings about legal but suspicious setups (issue 19): values that pass setup validation
//! but make a rule unreachable — a weapon that can never damage, a fighter that can never be
//! hurt or never pass a test, a magazine that can never be loaded.

use fray_dice::SetupWarning;

use crate::setup::Setup;

/// Every warning about `setup`, in the order of the file.
pub fn warnings(setup: &Setup) -> Vec<SetupWarning> {
    let mut found = Vec::new();
    let dice = setup.rules.test_dice;
    // A stat test passes when the sum of `test_dice` d6 is at most the stat (HUNT-02).
    let highest = 6 * dice;
    for (i, f) in setup.fighters.iter().enumerate() {
        let at = |field: &str| format!("fighters[{i}].{field}");
        let s = &f.stats;
        // HUNT-13: one Endurance test per damage point; passing every one is never wounded.
        if s.endurance >= highest {
            found.push(SetupWarning::new(
                at("stats.endurance"),
                format!("endurance {} under {dice}d6 tests", s.endurance),
                format!("every Endurance test passes (the most {dice}d6 rolls is {highest}): {} can never be hurt", f.name),
            ));
        }
        if s.experience < dice {
            found.push(SetupWarning::new(
                at("stats.experience"),
                format!("experience {} under {dice}d6 tests", s.experience),
                format!("no Experience test can pass (the least {dice}d6 rolls is {dice}): {} can never take cover, hide or spot a trap", f.name),
            ));
        }
        if s.potential == 0 {
            found.push(SetupWarning::new(
                at("stats.potential"),
                "potential 0",
                format!(
                    "{} has no dice to split among Defense, Attack and Damage: it can never act",
                    f.name
                ),
            ));
        }
        if s.agility == 0 {
            found.push(SetupWarning::new(
                at("stats.agility"),
                "agility 0",
                format!(
                    "Agility caps Defense and Attack dice: {} can never attack or defend",
                    f.name
                ),
            ));
        }
        for (k, w) in f.weapons.iter().enumerate() {
            let at = |field: &str| format!("fighters[{i}].weapons[{k}].{field}");
            // HUNT-11: a Damage die (d6) at or above the threshold is one damage point.
            let reach = w.reach();
            if reach.iter().all(|&t| t == 0 || t > 6) {
                let field = if w.thresholds.is_some() {
                    "thresholds"
                } else {
                    "threshold"
                };
                found.push(SetupWarning::new(
                    at(field),
                    format!("{field} {:?}", reach),
                    format!(
                        "a d6 never reaches a threshold over 6: {} can never damage",
                        w.name
                    ),
                ));
            }
            // HUNT-27: ammunition.
            if w.magazine == Some(0) && w.spare > 0 {
                found.push(SetupWarning::new(
                    at("magazine"),
                    format!("magazine 0 with {} spare rounds", w.spare),
                    "a reload fills up to the magazine: the spare rounds can never be loaded",
                ));
            }
            if let (Some(ammo), Some(magazine)) = (w.ammo, w.magazine) {
                if ammo > magazine {
                    found.push(SetupWarning::new(
                        at("ammo"),
                        format!("ammo {ammo} over magazine {magazine}"),
                        "the weapon starts with more rounds loaded than it can hold",
                    ));
                }
            }
            if w.ammo == Some(0) && w.spare == 0 {
                found.push(SetupWarning::new(
                    at("ammo"),
                    "ammo 0 and no spare rounds",
                    format!("{} can never fire", w.name),
                ));
            }
        }
    }
    found
}
