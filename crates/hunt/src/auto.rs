use fray_dice::{
    AutoPlay, Catalog, Dice, Ending, EventLog, OddsTable, Ratio, RuleError, Ruleset, TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::engine::{
    Command, Declaration, Event, Extraneous, Hunt, Parts, Resplit, State, Status, WeaponStatus,
};
use crate::model::{AttackKind, Distance, HideRoll, Rules, Tactic, TripleRule};
use crate::odds::{odds, StrikeOdds};
use crate::resolve::{DuelSide, DuelSpec, ExchangeContext, FighterSpec, StrikeSpec};
use crate::setup::{FighterSetup, Location, Opening, Setup, Side, Stats, TacticSettings, Weapon};

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
fn policy(state: &State, i: usize) -> Declaration {
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
            .validate_resolved(i, d, parts, weapon, stats, pool)
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
        let endless = f.hidden.is_some_and(|h| h.turns_left.is_none());
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
        if target.is_none() && state.fighters[j].hidden.is_none() {
            target = Some(j);
        }
    }
    let all_hidden = target.is_none();
    if let (Some(_), true) = (first_opponent, all_hidden) {
        // The trail is cold: give up after so many failed searches (HUNT-20).
        if f.searches_failed >= state.give_up_after {
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
        // Luring is a choice (HUNT-14): the default prey always tries where a trap is set.
        d.lure = d.tactic == Tactic::Flee && state.trap;
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
    d.lure = d.tactic == Tactic::Flee && state.trap;
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

/// The refusal of the default tactic's `command`, worded as `AutoPlay::play_next` words it.
#[cold]
fn refused(command: &Command, e: RuleError) -> RuleError {
    RuleError::new(e.rule, format!("{command:?}: {}", e.message))
}

/// The default re-split (HUNT-19): against a heavy attack move Damage dice to Defense,
/// against a light one Defense dice to Damage.
fn resplit_policy(state: &State, i: usize) -> Resplit {
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

impl AutoPlay for Hunt {
    const SIDES: &'static [&'static str] = &["hunter", "prey"];
    const METRIC: &'static str = "wounds";

    fn next_command(state: &State) -> Option<Command> {
        if state.ending.is_some() {
            return None;
        }
        if state.window {
            if let Some(i) = state.resplits.iter().position(|r| *r == Some(false)) {
                return Some(Command::Resplit(resplit_policy(state, i)));
            }
            return Some(Command::Resolve);
        }
        match state.still_waiting().next() {
            Some(i) => Some(Command::Declare(policy(state, i))),
            None => Some(Command::Resolve),
        }
    }

    /// Acts on the tactic's decision: its declaration is validated (as `apply` does) and
    /// recorded without being copied, and the rest is played as `apply` plays it.
    fn play_next<D: Dice>(
        state: &mut State,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<bool, RuleError> {
        if state.ending.is_some() {
            return Ok(false);
        }
        // The same decisions as `next_command`, in its order.
        if state.window {
            if state.resplits.contains(&Some(false)) {
                // Rare (a counterattack window): played through the command.
                let command = Self::next_command(state).expect("not over");
                Self::apply(state, &command, dice, events).map_err(|e| refused(&command, e))?;
                return Ok(true);
            }
            state
                .resolve_exchange(dice, events)
                .map_err(|e| refused(&Command::Resolve, e))?;
            return Ok(true);
        }
        let waiting = state.still_waiting().next();
        if let Some(i) = waiting {
            let d = policy(state, i);
            // The full check, names included, in release builds too: the tactic's own checks
            // start from indices, and a refusal here is a bug to report, not to record.
            if let Err(e) = state.validate_for(i, &d) {
                return Err(refused(&Command::Declare(d), e));
            }
            state.declare(i, d, events);
            return Ok(true);
        }
        // Nobody is waiting: `Resolve` without looking again.
        state
            .resolve_declared(dice, events)
            .map_err(|e| refused(&Command::Resolve, e))?;
        Ok(true)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        let mut wounds = 0i64;
        for (i, f) in state.fighters.iter().enumerate() {
            if f.status != Status::Dead {
                health[usize::from(f.side.index())] += i64::from(state.stats(i).endurance);
            } else {
                wounds += i64::from(state.rules.deadly_failures);
            }
            wounds += f.wounds.iter().map(|&w| i64::from(w)).sum::<i64>();
        }
        let winner = state.ending.as_ref().and_then(|e| e.winner);
        // Both sides still in the fight and no winner: only the round limit ends that.
        let stopped = state.ending.is_some() && winner.is_none() && state.round >= state.max_rounds;
        TrialOutcome {
            winner: winner.map(Side::index),
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric: wounds,
        }
    }
}

/// `fray odds hunt key=value …`: two declarations, flat so the command line can give them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OddsSpec {
    /// Distance of the exchange.
    pub distance: Distance,
    /// d6 per stat test (HUNT-02).
    pub test_dice: u32,
    /// How triples count (HUNT-12).
    pub triples: TripleRule,
    /// How a hidden Defense reads "Experience + 3 dice" (HUNT-20).
    pub hide_roll: HideRoll,
    /// Hunter's Defense dice.
    pub hunter_defense: u32,
    /// Hunter's Attack dice (0 with `hunter_weapon=none`).
    pub hunter_attack: u32,
    /// Hunter's Damage dice.
    pub hunter_damage: u32,
    /// "melee", "ranged" or "none".
    pub hunter_weapon: String,
    /// Hunter's weapon damage threshold.
    pub hunter_threshold: u32,
    /// Hunter's tactic.
    pub hunter_tactic: Tactic,
    /// Hunter's Experience.
    pub hunter_experience: u32,
    /// Hunter's Endurance.
    pub hunter_endurance: u32,
    /// Hunter strikes first (surprise).
    pub hunter_first: bool,
    /// Prey's Defense dice.
    pub prey_defense: u32,
    /// Prey's Attack dice.
    pub prey_attack: u32,
    /// Prey's Damage dice.
    pub prey_damage: u32,
    /// "melee", "ranged" or "none".
    pub prey_weapon: String,
    /// Prey's weapon damage threshold.
    pub prey_threshold: u32,
    /// Prey's tactic.
    pub prey_tactic: Tactic,
    /// Prey's Experience.
    pub prey_experience: u32,
    /// Prey's Endurance.
    pub prey_endurance: u32,
    /// Prey strikes first (ambush), with +1 Attack.
    pub prey_ambush: bool,
    /// Prey is hidden (Defense = Experience + 3 dice; the hunter shoots blind).
    pub prey_hidden: bool,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            distance: Distance::Near,
            test_dice: 1,
            triples: TripleRule::OneDouble,
            hide_roll: HideRoll::ExperienceDice,
            hunter_defense: 2,
            hunter_attack: 3,
            hunter_damage: 2,
            hunter_weapon: "ranged".into(),
            hunter_threshold: 4,
            hunter_tactic: Tactic::None,
            hunter_experience: 3,
            hunter_endurance: 3,
            hunter_first: false,
            prey_defense: 3,
            prey_attack: 2,
            prey_damage: 2,
            prey_weapon: "melee".into(),
            prey_threshold: 4,
            prey_tactic: Tactic::None,
            prey_experience: 3,
            prey_endurance: 3,
            prey_ambush: false,
            prey_hidden: false,
        }
    }
}

fn kind(s: &str) -> Result<Option<AttackKind>, RuleError> {
    match s {
        "melee" => Ok(Some(AttackKind::Melee)),
        "ranged" => Ok(Some(AttackKind::Ranged)),
        "none" | "" => Ok(None),
        other => Err(RuleError::new(
            "HUNT-06",
            format!("weapon kind '{other}' is not one of melee, ranged, none"),
        )),
    }
}

impl OddsSpec {
    /// The duel exchange this spec describes.
    pub fn to_duel(&self) -> Result<DuelSpec, RuleError> {
        let rules = Rules {
            test_dice: self.test_dice,
            triples: self.triples,
            hide_roll: self.hide_roll,
            ..Rules::default()
        };
        if !(1..=4).contains(&self.test_dice) {
            return Err(RuleError::new("HUNT-02", "test_dice must be 1..=4"));
        }
        let strike = |k: Option<AttackKind>, a, g, th: u32, first, bonus, blind| {
            k.map(|kind| StrikeSpec {
                kind,
                attack: a,
                damage: g,
                thresholds: [th.max(1); 3],
                attack_bonus: bonus,
                first,
                blind,
                ..StrikeSpec::default()
            })
        };
        let hk = kind(&self.hunter_weapon)?;
        let pk = kind(&self.prey_weapon)?;
        if self.prey_hidden && hk == Some(AttackKind::Melee) {
            return Err(RuleError::new(
                "HUNT-20",
                "a hidden prey can be attacked only blindly, with a ranged weapon",
            ));
        }
        Ok(DuelSpec {
            context: ExchangeContext {
                distance: self.distance,
                trap: false,
                rules,
            },
            sides: [
                DuelSide {
                    fighter: FighterSpec {
                        side: 0,
                        defense: self.hunter_defense,
                        tactic: self.hunter_tactic,
                        experience: self.hunter_experience,
                        endurance: self.hunter_endurance,
                        barrage_loaded: true,
                        direction: 0,
                        ..FighterSpec::default()
                    },
                    strike: strike(
                        hk,
                        self.hunter_attack,
                        self.hunter_damage,
                        self.hunter_threshold,
                        self.hunter_first,
                        0,
                        self.prey_hidden,
                    ),
                },
                DuelSide {
                    fighter: FighterSpec {
                        side: 1,
                        defense: self.prey_defense,
                        tactic: if self.prey_hidden {
                            Tactic::Hide
                        } else {
                            self.prey_tactic
                        },
                        experience: self.prey_experience,
                        endurance: self.prey_endurance,
                        hidden: self.prey_hidden,
                        barrage_loaded: true,
                        direction: 1,
                        ..FighterSpec::default()
                    },
                    strike: if self.prey_hidden {
                        None
                    } else {
                        strike(
                            pk,
                            self.prey_attack,
                            self.prey_damage,
                            self.prey_threshold,
                            self.prey_ambush,
                            i32::from(self.prey_ambush),
                            false,
                        )
                    },
                },
            ],
        })
    }
}

fn strike_table(title: &str, s: &StrikeOdds) -> OddsTable {
    let mut t = OddsTable::new(title)
        .row("hit", s.hit)
        .row("lands", s.lands);
    for (k, p) in s.damage.iter().enumerate() {
        t = t.row(format!("lands with {k} damage"), *p);
    }
    t = t
        .row("critical: fall (1-1/2-2)", s.fall)
        .row("critical: weapon lost (3-3/4-4)", s.weapon_lost)
        .row("critical: stun (5-5)", s.stun)
        .row("critical: bleeding (6-6)", s.bleeding);
    let names = ["light wound", "heavy wound", "maimed", "dead"];
    for (k, p) in s.failures.iter().enumerate().skip(1) {
        let last = k == s.failures.len() - 1;
        let label = if last {
            "dead".to_owned()
        } else {
            names
                .get(k - 1)
                .map_or(format!("{k} failed tests"), |n| (*n).to_owned())
        };
        t = t.row(label, *p);
    }
    t
}

fn line_table(title: &str, rows: &[(&str, Ratio)]) -> OddsTable {
    rows.iter()
        .fold(OddsTable::new(title), |t, (l, p)| t.row(*l, *p))
}

impl Catalog for Hunt {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str = "distance test_dice triples hide_roll hunter_{defense,attack,damage,weapon,threshold,tactic,experience,endurance,first} prey_{defense,attack,damage,weapon,threshold,tactic,experience,endurance,ambush,hidden}";
    const DEMO_SEED: u64 = 7;

    fn warnings(setup: &Setup) -> Vec<fray_dice::SetupWarning> {
        crate::lint::warnings(setup)
    }

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        let duel = spec.to_duel()?;
        let o = odds(&duel)?;
        let mut tables = Vec::new();
        if let Some(s) = &o.strikes[0] {
            tables.push(strike_table("hunter strikes prey", s));
        }
        if let Some(s) = &o.strikes[1] {
            tables.push(strike_table("prey strikes hunter", s));
        }
        tables.push(line_table(
            "distance",
            &[
                ("opens", o.opens),
                ("closes", o.closes),
                ("hunter escapes", o.escapes[0]),
                ("prey escapes", o.escapes[1]),
            ],
        ));
        Ok(tables)
    }

    fn demo_setup() -> Setup {
        let stats = |experience, endurance, strength, agility, marksmanship, potential| Stats {
            experience,
            endurance,
            strength,
            agility,
            marksmanship,
            potential,
        };
        Setup {
            fighters: vec![
                FighterSetup {
                    name: "Hunter".into(),
                    side: Side::Hunter,
                    stats: stats(4, 4, 3, 3, 4, 8),
                    weapons: vec![Weapon {
                        name: "rifle".into(),
                        kind: AttackKind::Ranged,
                        threshold: 4,
                        range: Distance::Far,
                        thresholds: Some([4, 4, 5]),
                        ammo: Some(5),
                        magazine: Some(5),
                        spare: 10,
                    }],
                    direction: None,
                },
                FighterSetup {
                    name: "Prey".into(),
                    side: Side::Prey,
                    stats: stats(4, 4, 3, 4, 2, 8),
                    weapons: vec![
                        Weapon {
                            name: "knife".into(),
                            kind: AttackKind::Melee,
                            threshold: 4,
                            range: Distance::Near,
                            thresholds: None,
                            ammo: None,
                            magazine: None,
                            spare: 0,
                        },
                        Weapon {
                            name: "pistol".into(),
                            kind: AttackKind::Ranged,
                            threshold: 5,
                            range: Distance::Medium,
                            thresholds: None,
                            ammo: Some(6),
                            magazine: Some(6),
                            spare: 6,
                        },
                    ],
                    direction: None,
                },
            ],
            location: Location {
                name: "pine forest".into(),
                trap: true,
            },
            opening: Opening::Ambush {
                prey_distance: Distance::Near,
            },
            rules: Rules::default(),
            wound_table: crate::model::default_wound_table(),
            accumulate_wounds: true,
            first_aid_stops_bleeding: true,
            zero_endurance_dies: true,
            max_rounds: 100,
            tactic: TacticSettings::default(),
        }
    }

    fn describe(event: &Event) -> String {
        crate::describe::describe(event)
    }
}
