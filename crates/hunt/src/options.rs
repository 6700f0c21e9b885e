//! The decision protocol ([`fray_dice::Decide`]): what the game master may accept now, and
//! the exact odds of a declaration.
//!
//! Hunt's declarations are simultaneous and secret, so the decider is always the game master
//! ([`Decider::GameMaster`]); each option names the fighter it is for (`actor`). Decision
//! points:
//! - **a declaration** (HUNT-06) for each fighter still in the fight, the waiting ones first,
//!   then replacements of those already sent. A dice split is one option per shape (weapon,
//!   target, tactic, Extraneous action, lure, give-up, ambush distance) and per box of dice:
//!   its `defense`, `attack` and `damage` [`Param`]s are ranges, and every split inside them
//!   is accepted. The boxes together are exactly the splits the caps and the combat
//!   potential allow (the sum of the three is not a box, so a shape may need several).
//! - **a counterattacker's re-split** (HUNT-19), a pending choice while the counterattack
//!   window is open, boxed the same way.
//! - **`Resolve`**, once nobody is waiting (first in the list then).
//!
//! Not listed (still accepted by `apply`): the `split` form of a declaration (HUNT-24
//! divisions among several targets), whose lists of allocations no parameter describes.
//! With one opponent its single-target form is listed.

use fray_dice::RuleError;
use fray_dice::{Catalog, Decide, Decider, LegalOption, OddsTable, OptionKind, Options, Param};
use serde_json::Value;

use crate::catalog::OddsSpec;
use crate::engine::{Command, Declaration, Extraneous, Resplit, State, WeaponStatus};
use crate::setup::Side;
use crate::setup::{AttackKind, Distance, Tactic};
use crate::Hunt;

const TACTICS: [Tactic; 11] = [
    Tactic::None,
    Tactic::Flee,
    Tactic::Pursue,
    Tactic::TakeCover,
    Tactic::AimedFire,
    Tactic::Onslaught,
    Tactic::Counterattack,
    Tactic::Hide,
    Tactic::BarrageFire,
    Tactic::Search,
    Tactic::Ambush,
];

const ACTIONS: [Option<Extraneous>; 4] = [
    None,
    Some(Extraneous::Reload),
    Some(Extraneous::FirstAid),
    Some(Extraneous::Other),
];

/// One box of dice: inclusive ranges of Defense, Attack and Damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct DiceBox {
    defense: (u32, u32),
    attack: (u32, u32),
    damage: (u32, u32),
}

/// The splits `d ≤ dc, a ≤ ac, g ≤ gc, d + a + g ≤ pool` (with `a + g ≥ 1` when `strike`,
/// else `a = g = 0`) as boxes; adjacent Defense values with the same Attack/Damage rows
/// share a box.
fn boxes(dc: u32, ac: u32, gc: u32, pool: u32, strike: bool) -> Vec<DiceBox> {
    type Rows = Vec<((u32, u32), (u32, u32))>;
    let rows_for = |d: u32| -> Rows {
        let rest = pool - d;
        if !strike {
            return vec![((0, 0), (0, 0))];
        }
        let mut rows: Rows = Vec::new();
        for a in 0..=ac.min(rest) {
            // The a = 0 row needs a Damage die (else it is no strike).
            let lo = u32::from(a == 0);
            let hi = gc.min(rest - a);
            if lo > hi {
                continue;
            }
            match rows.last_mut() {
                Some((att, dmg)) if *dmg == (lo, hi) && att.1 + 1 == a => att.1 = a,
                _ => rows.push(((a, a), (lo, hi))),
            }
        }
        rows
    };
    let mut runs: Vec<((u32, u32), Rows)> = Vec::new();
    for d in 0..=dc.min(pool) {
        let rows = rows_for(d);
        if rows.is_empty() {
            continue;
        }
        match runs.last_mut() {
            Some((span, prev)) if *prev == rows && span.1 + 1 == d => span.1 = d,
            _ => runs.push(((d, d), rows)),
        }
    }
    runs.into_iter()
        .flat_map(|(defense, rows)| {
            rows.into_iter().map(move |(attack, damage)| DiceBox {
                defense,
                attack,
                damage,
            })
        })
        .collect()
}

fn names(list: impl IntoIterator<Item = Option<String>>) -> Vec<Value> {
    list.into_iter()
        .map(|n| n.map_or(Value::Null, Value::String))
        .collect()
}

fn free_distance() -> Param {
    Param::one_of(
        "distance",
        vec![
            Value::Null,
            Value::from("near"),
            Value::from("medium"),
            Value::from("far"),
        ],
    )
}

fn dice_params(b: &DiceBox) -> [Param; 3] {
    let r = |field: &str, (lo, hi): (u32, u32)| Param::range(field, i64::from(lo), i64::from(hi));
    [
        r("defense", b.defense),
        r("attack", b.attack),
        r("damage", b.damage),
    ]
}

/// A short label for a declaration's shape.
fn label(state: &State, d: &Declaration) -> String {
    let mut s = d.fighter.to_string();
    if let Some(a) = d.action {
        let what = match a {
            Extraneous::Reload => "reloads",
            Extraneous::FirstAid => "gives first aid",
            Extraneous::Other => "busies itself",
        };
        s.push_str(&format!(": {what}"));
    }
    if d.give_up {
        s.push_str(": gives up the search");
    }
    if let (Some(w), Some(t)) = (&d.weapon, &d.target) {
        if d.attack + d.damage > 0 {
            s.push_str(&format!(": {w} at {t}"));
        }
    }
    if d.tactic != Tactic::None {
        s.push_str(&format!(", {}", d.tactic.name().replace('_', " ")));
    }
    if d.lure {
        s.push_str(" (luring into the trap)");
    }
    if let (Tactic::Ambush, Some(at)) = (d.tactic, d.distance) {
        s.push_str(&format!(" at {}", at.name()));
    }
    let _ = state;
    s
}

/// Every declaration fighter `i` may send, as options.
fn declarations(state: &State, i: usize, list: &mut Vec<LegalOption<Command>>) {
    let f = &state.fighters[i];
    let stats = state.stats(i);
    let pool = state.pool(i);
    let opponents: Vec<usize> = state.opponents(i).collect();
    let weapon_names: Vec<Option<String>> = std::iter::once(None)
        .chain(f.weapons.iter().map(|w| Some(w.weapon.name.to_string())))
        .collect();
    let ok = |d: &Declaration| crate::text::probing(|| state.validate_for(i, d).is_ok());
    let base = |tactic: Tactic| {
        let mut d = Declaration::new(f.name.clone());
        d.tactic = tactic;
        d
    };
    let opponent_names = || {
        names(
            std::iter::once(None).chain(
                opponents
                    .iter()
                    .map(|&j| Some(state.fighters[j].name.to_string())),
            ),
        )
    };
    // Without a strike: weapon and target only named (each must exist), Defense alone.
    for tactic in TACTICS {
        for action in ACTIONS {
            for lure in [false, true] {
                for give_up in [false, true] {
                    let mut d = base(tactic);
                    d.action = action;
                    d.lure = lure;
                    d.give_up = give_up;
                    let weapons: Vec<Option<String>> = weapon_names
                        .iter()
                        .filter(|w| {
                            let mut e = d.clone();
                            e.weapon = w.as_deref().map(Into::into);
                            ok(&e)
                        })
                        .cloned()
                        .collect();
                    let Some(first) = weapons.first() else {
                        continue;
                    };
                    d.weapon = first.as_deref().map(Into::into);
                    let dc = stats
                        .agility
                        .min(if action.is_some() { pool / 2 } else { pool });
                    let mut o = LegalOption::new(
                        OptionKind::TurnAction,
                        f.name.to_string(),
                        label(state, &d),
                        match (action, give_up) {
                            (Some(_), _) => "declare_action",
                            (None, true) => "declare_give_up",
                            _ => "declare_defense",
                        },
                    )
                    .param(Param::range("defense", 0, i64::from(dc)))
                    .param(Param::one_of("weapon", names(weapons)))
                    .param(Param::one_of("target", opponent_names()))
                    .param(free_distance());
                    if tactic != Tactic::None {
                        o = o.cost(format!("tactic: {}", tactic.name().replace('_', " ")));
                    }
                    list.push(o.with(Command::Declare(d)));
                }
            }
        }
    }
    // A strike (or a chase, HUNT-15): per weapon (none only for a chase), target, tactic.
    let single = opponents.len() == 1;
    for (w, weapon) in weapon_names.iter().enumerate() {
        for &t in &opponents {
            for tactic in TACTICS {
                let ats: &[Option<Distance>] = if tactic == Tactic::Ambush {
                    &[
                        None,
                        Some(Distance::Near),
                        Some(Distance::Medium),
                        Some(Distance::Far),
                    ]
                } else {
                    &[None]
                };
                for &at in ats {
                    for lure in [false, true] {
                        let mut d = base(tactic);
                        d.weapon = weapon.as_deref().map(Into::into);
                        d.target = Some(state.fighters[t].name.clone());
                        d.lure = lure;
                        d.distance = at;
                        let state_weapon = w.checked_sub(1).map(|k| &f.weapons[k]);
                        let at_distance = at.unwrap_or(state.distance);
                        let strikes = state_weapon
                            .is_some_and(|s| crate::engine::turn::strikes_from(s, at_distance));
                        let chase = tactic == Tactic::Pursue
                            && !strikes
                            && state_weapon.map_or(true, |s| s.status == WeaponStatus::Ready);
                        let ranged =
                            state_weapon.is_some_and(|s| s.weapon.kind == AttackKind::Ranged);
                        let gc = if chase {
                            0
                        } else if ranged {
                            stats.marksmanship
                        } else {
                            stats.strength
                        };
                        let ac = stats.agility;
                        let mut probe = d.clone();
                        if ac > 0 {
                            probe.attack = 1;
                        } else {
                            probe.damage = 1;
                        }
                        if pool == 0 || (ac == 0 && gc == 0) || !ok(&probe) {
                            continue;
                        }
                        for b in boxes(stats.agility, ac, gc, pool, true) {
                            let mut c = d.clone();
                            c.defense = b.defense.0;
                            c.attack = b.attack.0;
                            c.damage = b.damage.0;
                            let mut o = LegalOption::new(
                                OptionKind::TurnAction,
                                f.name.to_string(),
                                label(state, &c),
                                if chase {
                                    "declare_chase"
                                } else {
                                    "declare_attack"
                                },
                            )
                            .target(state.fighters[t].name.to_string());
                            if let Some(n) = weapon {
                                o = o.using(n.clone());
                            }
                            for p in dice_params(&b) {
                                o = o.param(p);
                            }
                            if single {
                                // One opponent: naming it or not is the same declaration.
                                o = o.param(Param::one_of("target", opponent_names()));
                            }
                            if tactic != Tactic::Ambush {
                                o = o.param(free_distance());
                            }
                            if tactic != Tactic::None {
                                o = o.cost(format!("tactic: {}", tactic.name().replace('_', " ")));
                            }
                            list.push(o.with(Command::Declare(c)));
                        }
                    }
                }
            }
        }
    }
}

/// The re-splits counterattacker `i` may make (HUNT-19).
fn resplits(state: &State, i: usize, list: &mut Vec<LegalOption<Command>>) {
    let Some(old) = state.declarations[i].as_ref() else {
        return;
    };
    if !old.split.is_empty() {
        return;
    }
    let stats = state.stats(i);
    let pool = state.pool(i);
    let f = &state.fighters[i];
    let resplit = |d: u32, a: u32, g: u32| Resplit {
        fighter: f.name.clone(),
        defense: d,
        attack: a,
        damage: g,
        split: Vec::new(),
    };
    let ok = |r: &Resplit| crate::text::probing(|| state.resplit_declaration(r).is_ok());
    let ranged = old
        .weapon
        .as_ref()
        .and_then(|n| f.weapon(n))
        .is_some_and(|w| f.weapons[w].weapon.kind == AttackKind::Ranged);
    let gc = if ranged {
        stats.marksmanship
    } else {
        stats.strength
    };
    let ac = stats.agility;
    let strike_probe = if ac > 0 {
        resplit(0, 1, 0)
    } else {
        resplit(0, 0, 1)
    };
    let mut all = Vec::new();
    if ok(&resplit(0, 0, 0)) {
        all.extend(boxes(stats.agility, 0, 0, pool, false));
    }
    if pool > 0 && ac.max(gc) > 0 && ok(&strike_probe) {
        all.extend(boxes(stats.agility, ac, gc, pool, true));
    }
    for b in all {
        let mut o = LegalOption::new(
            OptionKind::PendingChoice,
            f.name.to_string(),
            format!("{}: re-split the counterattack", f.name),
            "resplit",
        );
        for p in dice_params(&b) {
            o = o.param(p);
        }
        list.push(o.with(Command::Resplit(resplit(
            b.defense.0,
            b.attack.0,
            b.damage.0,
        ))));
    }
}

fn resolve_option() -> LegalOption<Command> {
    LegalOption::new(
        OptionKind::GameMaster,
        "game master",
        "resolve the exchange",
        "resolve",
    )
    .with(Command::Resolve)
}

/// The `fray odds hunt` spec of fighter `i`'s declaration `d` against its (first) target:
/// the target's declaration if it is on record (the game master knows it), else the
/// target defending with all the dice its Agility and combat potential allow and no strike.
fn odds_spec(state: &State, i: usize, d: &Declaration) -> Option<OddsSpec> {
    let parts = state.allocations(i, d).ok()?;
    let t = parts
        .iter(state)
        .next()
        .map(|p| p.0)
        .or_else(|| state.opponents(i).next())?;
    let at = match d.tactic {
        Tactic::Ambush => d.distance.unwrap_or(state.distance),
        _ => state.distance,
    };
    let rules = &state.rules;
    let mut spec = OddsSpec {
        distance: at,
        test_dice: rules.test_dice,
        triples: rules.triples,
        hide_roll: rules.hide_roll,
        ..OddsSpec::default()
    };
    let weapon_of = |j: usize, d: &Declaration| -> (String, u32) {
        let f = &state.fighters[j];
        let w = d.weapon.as_ref().and_then(|n| f.weapon(n));
        match w.map(|w| &f.weapons[w]) {
            Some(w) if d.attack + d.damage > 0 && crate::engine::turn::strikes_from(w, at) => {
                let kind = match w.weapon.kind {
                    AttackKind::Melee => "melee",
                    AttackKind::Ranged => "ranged",
                };
                (kind.to_owned(), w.weapon.reach()[at.index()])
            }
            _ => ("none".to_owned(), 4),
        }
    };
    let own = weapon_of(i, d);
    let theirs = match state.declarations[t].as_ref() {
        Some(od) => {
            let (w, th) = weapon_of(t, od);
            (od.defense, od.attack, od.damage, w, th, od.tactic)
        }
        None => {
            let defense = state.stats(t).agility.min(state.pool(t));
            (defense, 0, 0, "none".to_owned(), 4, Tactic::None)
        }
    };
    let first = |j: usize| state.round == 1 && state.first_strike == Some(state.fighters[j].side);
    let (h, p) = if state.fighters[i].side == Side::Hunter {
        (i, t)
    } else {
        (t, i)
    };
    let mine = (d.defense, d.attack, d.damage, own.0, own.1, d.tactic);
    let (hd, pd) = if h == i {
        (mine, theirs)
    } else {
        (theirs, mine)
    };
    spec.hunter_defense = hd.0;
    spec.hunter_attack = hd.1;
    spec.hunter_damage = hd.2;
    spec.hunter_weapon = hd.3;
    spec.hunter_threshold = hd.4;
    spec.hunter_tactic = hd.5;
    spec.hunter_experience = state.stats(h).experience;
    spec.hunter_endurance = state.endurance(h);
    spec.hunter_first = first(h);
    spec.prey_defense = pd.0;
    spec.prey_attack = pd.1;
    spec.prey_damage = pd.2;
    spec.prey_weapon = pd.3;
    spec.prey_threshold = pd.4;
    spec.prey_tactic = pd.5;
    spec.prey_experience = state.stats(p).experience;
    spec.prey_endurance = state.endurance(p);
    spec.prey_ambush = first(p) && state.ambush_bonus;
    spec.prey_hidden = state.fighters[p].hidden.is_some() && pd.5 != Tactic::Ambush;
    if spec.prey_hidden && spec.hunter_weapon == "melee" {
        spec.hunter_weapon = "none".to_owned();
    }
    Some(spec)
}

impl Hunt {
    /// The `fray odds hunt` situation a declaration or re-split is previewed with
    /// ([`Decide::preview`] is `Hunt::odds` of it), or a refusal for an illegal command;
    /// `None` for a command that rolls nothing (`Resolve`, or nobody left to face).
    pub fn preview_spec(state: &State, command: &Command) -> Result<Option<OddsSpec>, RuleError> {
        if let Some(e) = &state.ending {
            return Err(RuleError::text(
                "ended",
                &crate::text::TEXTS,
                fray_dice::msg!(
                    "hunt-refuse-over",
                    reason = crate::text::reason_key(&e.reason)
                ),
            ));
        }
        match command {
            Command::Declare(d) => {
                let i = state.check_declaration(d)?;
                Ok(odds_spec(state, i, d))
            }
            Command::Resplit(r) => {
                let (i, d, _) = state.resplit_declaration(r)?;
                Ok(odds_spec(state, i, &d))
            }
            Command::Resolve => {
                state.check_resolve()?;
                Ok(None)
            }
        }
    }
}

impl Decide for Hunt {
    fn options(state: &State) -> Options<Command> {
        if state.ending.is_some() {
            return Options {
                decider: Decider::Nobody,
                list: Vec::new(),
            };
        }
        let mut list = Vec::new();
        if state.window {
            let entitled = |done: bool| {
                (0..state.fighters.len()).filter(move |&i| state.resplits[i] == Some(done))
            };
            for i in entitled(false) {
                resplits(state, i, &mut list);
            }
            list.push(resolve_option());
            for i in entitled(true) {
                resplits(state, i, &mut list);
            }
        } else {
            let waiting = state.waiting();
            if waiting.is_empty() {
                list.push(resolve_option());
            }
            for &i in &waiting {
                declarations(state, i, &mut list);
            }
            for i in 0..state.fighters.len() {
                if state.fighters[i].status == crate::engine::Status::Active
                    && !waiting.contains(&i)
                {
                    declarations(state, i, &mut list);
                }
            }
        }
        Options {
            decider: Decider::GameMaster,
            list,
        }
    }

    fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
        match Hunt::preview_spec(state, command)? {
            Some(spec) => <Hunt as Catalog>::odds(&spec),
            None => Ok(Vec::new()),
        }
    }
}
