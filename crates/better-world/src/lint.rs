//! Warnings about legal but suspicious setups (issue 19): values that pass setup validation
//! but make a rule unreachable, a weapon useless or a fight unwinnable.

use fray_dice::SetupWarning;

use crate::resolve::MAX_POOL;
use crate::setup::{Character, FirearmInMelee, Setup, Weapon};
use crate::tables::{Aspect, WeaponKind};

/// The best value among `list` for `c` (0 for an empty list).
fn best(c: &Character, list: &[Aspect]) -> u32 {
    list.iter().map(|&a| c.aspect(a)).max().unwrap_or(0)
}

/// The most effective damage `c` can deal with `w` in one attack (BW-15, BW-16): every die
/// of the largest pool showing 1 against a difficulty of all 0, plus the weapon's
/// effectiveness; before the target's armour.
fn most_damage(setup: &Setup, c: &Character, w: &Weapon) -> u32 {
    let s = &setup.settings;
    let extra = s.first_strike_k + 1; // a First Strike, and the +1K of a Feint or Aimed Shot
    let mut most = 0;
    if w.kind.is_ranged() {
        let list = w.aspects.as_deref().unwrap_or(w.kind.ranged_aspects());
        let burst = [w.short_burst, w.long_burst]
            .iter()
            .flatten()
            .map(|b| b.bonus)
            .max()
            .unwrap_or(0);
        if !list.is_empty() {
            let pool = (best(c, list) + w.bonus + burst + extra).min(MAX_POOL);
            most = pool + w.effectiveness;
        }
    }
    // BW-22, BW-23: hand to hand, a gun loses its accuracy bonus, and deals its
    // effectiveness only when fired.
    let blunt = w.kind.blunt_in_melee();
    let list = match &w.aspects {
        Some(list) if !w.kind.is_ranged() => list.as_slice(),
        _ => w.kind.melee_aspects(),
    };
    let o = &s.outnumbering;
    let crowd = [o.two_same_side, o.two_opposite, o.three, o.four]
        .into_iter()
        .max()
        .unwrap_or(0);
    let bonus = if blunt { 0 } else { w.bonus };
    let pool = (best(c, list) + bonus + crowd + extra).min(MAX_POOL);
    let fired = w.kind == WeaponKind::Firearm && s.firearm_in_melee == FirearmInMelee::Shot;
    let effectiveness = if blunt && !fired { 0 } else { w.effectiveness };
    most.max(pool + effectiveness)
}

/// The most damage `c` can deal with anything it holds or its fists.
fn most_damage_of(setup: &Setup, c: &Character) -> u32 {
    c.weapons
        .iter()
        .chain(std::iter::once(&Weapon::default()))
        .map(|w| most_damage(setup, c, w))
        .max()
        .unwrap_or(0)
}

/// Every warning about `setup`, in the order of the file.
pub fn warnings(setup: &Setup) -> Vec<SetupWarning> {
    let mut found = Vec::new();
    settings(setup, &mut found);
    let chars = &setup.characters;
    let enemies = |i: usize| {
        chars
            .iter()
            .enumerate()
            .filter(move |&(j, o)| j != i && o.side != chars[i].side)
            .map(|(_, o)| o)
    };
    let mut hurtable = 0;
    for (i, c) in chars.iter().enumerate() {
        let at = |field: &str| format!("characters[{i}].{field}");
        let least_armour = enemies(i).map(|o| o.armour.effectiveness).min();
        // BW-16: damage past armour is what hurts.
        for (k, w) in c.weapons.iter().enumerate() {
            let most = most_damage(setup, c, w);
            if let Some(armour) = least_armour.filter(|&a| most <= a) {
                found.push(SetupWarning::new(
                    format!("characters[{i}].weapons[{k}].effectiveness"),
                    format!("effectiveness {}, at most {most} damage", w.effectiveness),
                    format!(
                        "{}'s {} never gets past the least enemy armour ({armour}): it can never damage",
                        c.name, w.name
                    ),
                ));
            }
        }
        let threat = enemies(i).map(|o| most_damage_of(setup, o)).max();
        match threat {
            Some(most) if most <= c.armour.effectiveness => found.push(SetupWarning::new(
                at("armour.effectiveness"),
                format!("effectiveness {}", c.armour.effectiveness),
                format!(
                    "no enemy attack deals more than {most} before armour: {} can never be hurt",
                    c.name
                ),
            )),
            Some(_) => hurtable += 1,
            None => {}
        }
        // BW-21: a Dying character faints unless it stays conscious.
        if c.hits.is_some_and(|h| h < 1) && !c.stays_conscious {
            found.push(SetupWarning::new(
                at("hits"),
                format!("hits {}", c.hits.unwrap_or(0)),
                format!(
                    "{} starts Dying and unconscious (stays_conscious false): it can never act",
                    c.name
                ),
            ));
        }
        // BW-10: the fight is decided at once when no enemy is up and none is waiting.
        if let Some(r) = c.joins_round {
            let opposed =
                enemies(i).any(|o| o.joins_round.is_some() || o.hits.map_or(true, |h| h > 0));
            if !opposed {
                found.push(SetupWarning::new(
                    at("joins_round"),
                    format!("joins_round {r}"),
                    format!(
                        "no enemy of {} is up or waiting: the fight ends before round {r}, so it can never join",
                        c.name
                    ),
                ));
            }
        }
    }
    if hurtable == 0 && chars.iter().any(|c| enemies_exist(chars, c)) {
        found.push(SetupWarning::new(
            "characters",
            format!("{} characters", chars.len()),
            "nobody can be hurt by an enemy: no side can win, every fight is a draw at settings.max_rounds",
        ));
    }
    for side in 0..2u8 {
        if !chars.iter().any(|c| c.side == side) {
            found.push(SetupWarning::new(
                "characters",
                format!("nobody on side {side}"),
                format!(
                    "side {side} has no characters: side {} wins before a blow is struck",
                    1 - side
                ),
            ));
        }
    }
    found
}

fn enemies_exist(chars: &[Character], c: &Character) -> bool {
    chars.iter().any(|o| o.side != c.side)
}

/// A table whose entries should not decrease, warned where one does.
fn ordered(found: &mut Vec<SetupWarning>, path: &str, values: &[(&str, u32)], why: &str) {
    for pair in values.windows(2) {
        let ((a, x), (b, y)) = (pair[0], pair[1]);
        if y < x {
            found.push(SetupWarning::new(
                format!("{path}.{b}"),
                format!("{b} {y} below {a} {x}"),
                why.to_string(),
            ));
        }
    }
}

fn settings(setup: &Setup, found: &mut Vec<SetupWarning>) {
    let s = &setup.settings;
    // BW-12: withdraw, release, pick up and the other Minor actions need one.
    if s.max_minor == 0 {
        found.push(SetupWarning::new(
            "settings.max_minor",
            "max_minor 0",
            "no Minor action is ever possible (withdraw, release, pick_up …)",
        ));
    }
    // BW-13.
    if s.move_metres == 0 {
        found.push(SetupWarning::new(
            "settings.move_metres",
            "move_metres 0",
            "a Move goes nowhere: characters can close in only by sprinting",
        ));
    }
    if s.sprint_metres < s.move_metres {
        found.push(SetupWarning::new(
            "settings.sprint_metres",
            format!(
                "sprint_metres {} below move_metres {}",
                s.sprint_metres, s.move_metres
            ),
            "a Sprint (a Full action) goes less far than a Move",
        ));
    }
    // BW-34: a level no distance falls in.
    let d = &s.distances;
    if d.bands[0] < d.melee_below {
        found.push(SetupWarning::new(
            "settings.distances.bands[0]",
            format!(
                "bands[0] {} below melee_below {}",
                d.bands[0], d.melee_below
            ),
            "Near ends before ranged attacks begin: the Near level is unreachable",
        ));
    }
    for k in 1..3 {
        if d.bands[k] == d.bands[k - 1] {
            found.push(SetupWarning::new(
                format!("settings.distances.bands[{k}]"),
                format!("bands[{k}] {} equal to bands[{}]", d.bands[k], k - 1),
                format!("no distance falls in level {}: it is unreachable", k + 1),
            ));
        }
    }
    let dist: Vec<(String, u32)> = (0..4)
        .map(|k| (format!("[{k}]"), d.difficulty[k]))
        .collect();
    for pair in dist.windows(2) {
        if pair[1].1 < pair[0].1 {
            found.push(SetupWarning::new(
                format!("settings.distances.difficulty{}", pair[1].0),
                format!("{} below {}", pair[1].1, pair[0].1),
                "a farther distance level is easier to hit at than a nearer one",
            ));
        }
    }
    for k in 1..4 {
        if s.cover.difficulty[k] < s.cover.difficulty[k - 1] {
            found.push(SetupWarning::new(
                format!("settings.cover.difficulty[{k}]"),
                format!(
                    "{} below {}",
                    s.cover.difficulty[k],
                    s.cover.difficulty[k - 1]
                ),
                "better cover protects less than worse cover (BW-35)",
            ));
        }
    }
    let o = &s.outnumbering;
    let two = o.two_same_side.max(o.two_opposite);
    let crowd = "more attackers get a smaller outnumbering bonus (BW-25)";
    if o.three < two {
        found.push(SetupWarning::new(
            "settings.outnumbering.three",
            format!("three {} below two {two}", o.three),
            crowd,
        ));
    }
    if o.four < o.three {
        found.push(SetupWarning::new(
            "settings.outnumbering.four",
            format!("four {} below three {}", o.four, o.three),
            crowd,
        ));
    }
    let h = &s.health;
    ordered(
        found,
        "settings.health",
        &[
            ("wounded_k", h.wounded_k),
            ("badly_wounded_k", h.badly_wounded_k),
            ("dying_k", h.dying_k),
        ],
        "a worse wound state costs less difficulty than a lighter one (BW-18)",
    );
}
