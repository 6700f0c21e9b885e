//! Warnings about legal but suspicious setups (issue 19): values that pass setup validation
//! but make a rule unreachable — a weapon that can never fire or never damage, a character
//! that can never be hurt or never reach anyone, a fight no side can win, a critical injury
//! no attack can roll.

use fray_dice::SetupWarning;

use crate::setup::{CharacterSetup, Setup};
use crate::tables::{unarmed_dice, WeaponKind};

/// One way of dealing damage: dice, the multiplier (autofire), whether armour is halved
/// (melee weapons and Martial Arts, RED-38) and damage that ignores armour (a choke or a
/// throw deals BODY, RED-08).
#[derive(Clone, Copy)]
struct Blow {
    dice: u32,
    multiplier: u32,
    half_sp: bool,
    direct: u32,
}

impl Blow {
    /// Can hurt a target whose thinner armour is `sp` (an aimed head shot picks the head):
    /// more raw damage than the SP that stops it, or a critical injury's bonus (RED-42).
    fn hurts(&self, sp: i32, setup: &Setup) -> bool {
        let s = &setup.settings;
        let sp = sp.max(0);
        let stops = if self.half_sp { sp - (sp + 1) / 2 } else { sp };
        let most = 6 * i64::from(self.dice) * i64::from(self.multiplier.max(1));
        self.direct > 0
            || most > i64::from(stops)
            || (s.crit_bonus > 0 && self.dice >= s.crit_sixes.max(1))
    }
}

/// The thinner armour of a character (0 without any).
fn thinnest_sp(c: &CharacterSetup, setup: &Setup) -> i32 {
    [&c.armor.head, &c.armor.body]
        .into_iter()
        .map(|piece| {
            piece
                .as_ref()
                .and_then(|n| setup.tables.armor.get(&**n))
                .map_or(0, |a| a.sp)
        })
        .min()
        .unwrap_or(0)
}

/// Every way `c` can deal damage: its weapons (each weapon's index with it), unarmed blows
/// and a choke.
fn blows(c: &CharacterSetup, setup: &Setup) -> Vec<(Option<usize>, Blow)> {
    let mut out = Vec::new();
    for (k, w) in c.weapons.iter().enumerate() {
        let Some(p) = setup.tables.weapons.get(&*w.profile) else {
            continue;
        };
        let melee = p.kind == WeaponKind::Melee;
        out.push((
            Some(k),
            Blow {
                dice: p.damage,
                multiplier: 1,
                half_sp: melee,
                direct: 0,
            },
        ));
        if p.autofire > 0 {
            // RED-35: autofire rolls 2d6 times the multiplier.
            out.push((
                Some(k),
                Blow {
                    dice: 2,
                    multiplier: p.autofire,
                    half_sp: false,
                    direct: 0,
                },
            ));
        }
    }
    let body = c.stats.body.max(0) as u32;
    out.push((
        None,
        Blow {
            dice: unarmed_dice(c.stats.body),
            multiplier: 1,
            half_sp: true,
            direct: body,
        },
    ));
    out
}

/// Every warning about `setup`, in the order of the file.
pub fn warnings(setup: &Setup) -> Vec<SetupWarning> {
    let mut found = Vec::new();
    let cs = &setup.characters;
    let all: Vec<Vec<(Option<usize>, Blow)>> = cs.iter().map(|c| blows(c, setup)).collect();
    let sp: Vec<i32> = cs.iter().map(|c| thinnest_sp(c, setup)).collect();
    let foes = |i: usize| (0..cs.len()).filter(move |&j| cs[j].side != cs[i].side);
    // can_hurt[i][j]: someone i can hurt j.
    let can_hurt = |i: usize, j: usize| all[i].iter().any(|(_, b)| b.hurts(sp[j], setup));
    for (i, c) in cs.iter().enumerate() {
        let at = |field: &str| format!("characters[{i}].{field}");
        for (k, w) in c.weapons.iter().enumerate() {
            let Some(p) = setup.tables.weapons.get(&*w.profile) else {
                continue;
            };
            // RED-36: a magazine of 0 needs no ammunition; otherwise rounds must be loaded
            // or in the reserve for its calibre.
            if p.kind == WeaponKind::Ranged && p.magazine > 0 {
                let calibre = p.calibre.as_deref().unwrap_or(&w.profile);
                let spare: u64 = c
                    .reserve
                    .get(calibre)
                    .map_or(0, |m| m.values().map(|&n| u64::from(n)).sum());
                if w.loaded == Some(0) && spare == 0 {
                    found.push(SetupWarning::new(
                        at(&format!("weapons[{k}].loaded")),
                        format!("0 rounds loaded and no spare {calibre} rounds in the reserve"),
                        format!("{} can never fire (RED-36)", w.name),
                    ));
                }
            }
            // RED-40: damage at or under the SP does nothing.
            let mine: Vec<Blow> = all[i]
                .iter()
                .filter(|(w, _)| *w == Some(k))
                .map(|(_, b)| *b)
                .collect();
            let mut targets = foes(i).peekable();
            if targets.peek().is_some()
                && targets.all(|j| mine.iter().all(|b| !b.hurts(sp[j], setup)))
            {
                found.push(SetupWarning::new(
                    at(&format!("weapons[{k}].profile")),
                    format!(
                        "{} ({}d6) against armour of SP {} or more",
                        w.profile,
                        p.damage,
                        foes(i).map(|j| sp[j]).min().unwrap_or(0)
                    ),
                    format!(
                        "{} can never damage an opponent: its most damage never beats their armour (RED-40) and it rolls too few dice for a critical injury (RED-42)",
                        w.name
                    ),
                ));
            }
        }
        let mut attackers = foes(i).peekable();
        if attackers.peek().is_some() && attackers.all(|j| !can_hurt(j, i)) {
            found.push(SetupWarning::new(
                at("armor"),
                format!("SP {}", sp[i]),
                format!(
                    "no opponent can ever hurt {}: no weapon or blow of theirs beats this armour, none can roll a critical injury and none has BODY to choke",
                    c.name
                ),
            ));
        }
        // RED-11: MOVE × 2 m per Move Action; MOVE 0 after armour never moves.
        let penalty = [&c.armor.head, &c.armor.body]
            .into_iter()
            .filter_map(|p| setup.tables.armor.get(&**p.as_ref()?))
            .map(|a| a.penalty)
            .max()
            .unwrap_or(0);
        let ranged = c.weapons.iter().any(|w| {
            setup
                .tables
                .weapons
                .get(&*w.profile)
                .is_some_and(|p| p.kind == WeaponKind::Ranged)
        });
        let unit = if setup.settings.grid { 2 } else { 1 };
        let reach = i64::from(setup.settings.reach);
        let near = foes(i)
            .any(|j| (i64::from(cs[j].position) - i64::from(c.position)).abs() * unit <= reach);
        if c.stats.move_ - penalty <= 0 && !ranged && !near && foes(i).next().is_some() {
            found.push(SetupWarning::new(
                at("stats.move"),
                format!("MOVE {} after armour, no ranged weapon", c.stats.move_ - penalty),
                format!(
                    "{} can never move (RED-11) and no opponent starts within reach: it can act only if one comes to it",
                    c.name
                ),
            ));
        }
    }
    // A side wins when the other has no one left (RED-01): it must be able to hurt each of
    // them.
    let wins = |side: u8| {
        cs.iter().any(|c| c.side == side)
            && cs
                .iter()
                .enumerate()
                .filter(|(_, c)| c.side != side)
                .all(|(j, _)| {
                    cs.iter()
                        .enumerate()
                        .any(|(i, c)| c.side == side && can_hurt(i, j))
                })
    };
    let sides: Vec<u8> = {
        let mut s: Vec<u8> = cs.iter().map(|c| c.side).collect();
        s.sort_unstable();
        s.dedup();
        s
    };
    if sides.len() > 1 && sides.iter().all(|&s| !wins(s)) {
        found.push(SetupWarning::new(
            "characters",
            "no side can hurt every opponent",
            "a fight no side can win: each side has someone the other can never hurt (RED-40, RED-42)",
        ));
    }
    // RED-42: a critical injury needs `crit_sixes` sixes among the damage dice.
    let most_dice = all.iter().flatten().map(|(_, b)| b.dice).max().unwrap_or(0);
    if setup.settings.crit_sixes > most_dice && !cs.is_empty() {
        found.push(SetupWarning::new(
            "settings.crit_sixes",
            format!(
                "{} sixes; the most damage dice of any attack is {most_dice}",
                setup.settings.crit_sixes
            ),
            "critical injuries (RED-42) can never happen",
        ));
    }
    // RED-33: evading ranged attacks needs REF of at least `evasion_ref`.
    if i64::from(setup.settings.evasion_ref) > crate::setup::MAX_STAT {
        found.push(SetupWarning::new(
            "settings.evasion_ref",
            format!("REF {}", setup.settings.evasion_ref),
            format!(
                "no character can evade ranged attacks (RED-33): REF is at most {}",
                crate::setup::MAX_STAT
            ),
        ));
    }
    found
}
