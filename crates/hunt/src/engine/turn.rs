//! One turn's resolution in the encounter: the declarations turned into the resolution's
//! specs ([`build`]), the exchange resolved, and its effects applied to the state.

use fray_dice::{Dice, EventLog, Few, RuleError, Transcript};

use crate::engine::breakdown::{faces, terms};
use crate::engine::{
    stats_of, Ending, Event, Extraneous, Hidden, State, Status, WeaponState, WeaponStatus,
};
use crate::resolve::{
    resolve_fresh, stat_test, ExchangeContext, FighterOutcome, FighterSpec, StrikeOutcome,
    StrikeSpec,
};
use crate::setup::Side;
use crate::setup::{wound_name, AttackKind, Distance, Tactic};

fn crit_names(c: &crate::resolve::Criticals) -> Vec<String> {
    let mut v = Vec::new();
    if c.fall {
        v.push("fall".to_owned());
    }
    if c.weapon_lost {
        v.push("weapon_lost".to_owned());
    }
    if c.stun {
        v.push("stun".to_owned());
    }
    if c.bleeding {
        v.push("bleeding".to_owned());
    }
    v
}

/// Room kept on the stack for the fighters and strikes of one exchange: a duel's.
const INLINE: usize = 2;

struct Built {
    /// Fighter index of each spec.
    who: Few<usize, INLINE>,
    fighters: Few<FighterSpec, INLINE>,
    strikes: Few<StrikeSpec, INLINE>,
    /// Index of the weapon each fighter's declaration names, if any (looked up once).
    weapon_of: Few<Option<usize>, INLINE>,
    /// Each strike's (Fall, ambush) Attack dice: `attack_bonus` in parts, for the log.
    situational: Few<(i32, i32), INLINE>,
}

/// Whether a weapon in play can strike at `at` (HUNT-05, HUNT-06, HUNT-27).
pub(crate) fn strikes_from(w: &WeaponState, at: Distance) -> bool {
    w.status == WeaponStatus::Ready
        && (w.weapon.kind != AttackKind::Melee || at == Distance::Near)
        && w.weapon.reach()[at.index()] > 0
        && !(w.weapon.kind == AttackKind::Ranged && w.weapon.ammo == Some(0))
}

/// Inlined into its one caller, so that the lists (arrays) are filled in place, not moved.
#[inline]
fn build(state: &State) -> Built {
    let mut built = Built {
        who: Few::new(),
        fighters: Few::new(),
        strikes: Few::new(),
        weapon_of: Few::new(),
        situational: Few::new(),
    };
    for i in (0..state.fighters.len()).filter(|&i| state.fighters[i].active()) {
        built.who.push(i);
    }
    let who = &built.who;
    let spec_of = |i: usize| who.iter().position(|&w| w == i).expect("active") as u8;
    // An ambush «не работает, если противник использует тактику шквальный огонь» (HUNT-21).
    let barrage_against = |side: Side| {
        who.iter().any(|&i| {
            state.fighters[i].side != side
                && state.declarations[i]
                    .as_ref()
                    .is_some_and(|d| d.tactic == Tactic::BarrageFire)
        })
    };
    for &i in who.iter() {
        let f = &state.fighters[i];
        let d = state.declarations[i].as_ref().expect("all declared");
        let weapon = d.weapon.as_ref().and_then(|n| f.weapon(n));
        built.weapon_of.push(weapon);
        let loaded = weapon
            .and_then(|w| f.weapons[w].weapon.ammo)
            .map_or(true, |a| a >= 2);
        built.fighters.push(FighterSpec {
            side: f.side.index(),
            defense: d.defense,
            tactic: if d.action.is_some() && f.hidden.is_none() {
                Tactic::None
            } else {
                d.tactic
            },
            experience: f.base.experience,
            endurance: state.endurance(i),
            defense_bonus: if f.fallen { -1 } else { 0 },
            hidden: f.hidden.is_some(),
            hide_margin: f.hidden.map_or(0, |h| h.margin),
            direction: f.direction,
            trap_immune: f.trap_immune,
            // First aid during the turn stops the bleeding before the turn's end (HUNT-23).
            bleeding: if d.action == Some(Extraneous::FirstAid) && state.first_aid_stops_bleeding {
                0
            } else {
                f.bleeding
            },
            barrage_loaded: loaded,
            lure: d.lure,
        });
        // The weapon's kind and reach; a pursuit that cannot strike from here (HUNT-15) rolls
        // its Attack as a melee strike that reaches nowhere: it only decides the chase.
        let (kind, thresholds) = match weapon {
            Some(w)
                if d.tactic != Tactic::Pursue || strikes_from(&f.weapons[w], state.distance) =>
            {
                let ws = &f.weapons[w].weapon;
                (ws.kind, ws.reach())
            }
            _ if d.tactic == Tactic::Pursue => (AttackKind::Melee, [0; 3]),
            _ => continue,
        };
        let parts = state.allocations(i, d).unwrap_or_default();
        // The first strike of a surprise (HUNT-03) or an ambush (HUNT-21), this turn only.
        let ahead = state.first_strike == Some(f.side);
        let void = state.ambush_bonus && barrage_against(f.side);
        for (k, (t, attack, damage)) in parts.iter(state).enumerate() {
            if attack + damage == 0 {
                continue;
            }
            let fall = -i32::from(k == 0 && f.fallen && kind == AttackKind::Melee);
            let ambush = i32::from(k == 0 && ahead && state.ambush_bonus && !void);
            let bonus = fall + ambush;
            built.situational.push((fall, ambush));
            built.strikes.push(StrikeSpec {
                attacker: spec_of(i),
                target: spec_of(t),
                kind,
                attack,
                damage,
                thresholds,
                attack_bonus: bonus,
                first: ahead && !void,
                blind: state.fighters[t].hidden.is_some(),
            });
        }
    }
    built
}

/// The events of an exchange before its effects: declarations revealed, tests, Defense
/// rolls, strikes in order, traps, bleeding. Only a recording log needs them.
fn emit_exchange(
    state: &State,
    built: &Built,
    fout: &[FighterOutcome],
    sout: &[StrikeOutcome],
    transcript: &Transcript,
    events: &mut EventLog<Event>,
) {
    let name = |k: usize| state.fighters[built.who[k]].name.to_string();
    let (specs, strikes): (&[FighterSpec], &[StrikeSpec]) = (&built.fighters, &built.strikes);
    let mut faces = faces(
        &state.rules,
        state.trap,
        specs,
        strikes,
        fout,
        sout,
        transcript,
    );
    let mut terms = terms(state, &built.who, specs, strikes, fout, &built.situational);
    for &i in built.who.iter() {
        events.emit(|| Event::Revealed {
            declaration: state.declarations[i].clone().expect("declared"),
            initial: state.initial[i].clone(),
        });
    }
    for (k, o) in fout.iter().enumerate() {
        for (purpose, t) in [("hide", o.hide), ("cover", o.cover), ("search", o.search)] {
            if let Some(test) = t {
                events.emit(|| Event::Test {
                    fighter: name(k),
                    purpose: purpose.to_owned(),
                    test,
                });
            }
        }
    }
    for (k, o) in fout.iter().enumerate() {
        events.emit(|| Event::Defense {
            fighter: name(k),
            dice: o.defense_dice,
            total: o.defense_roll,
            cover_dice: o.cover_dice,
            cover_total: o.cover_roll,
            terms: std::mem::take(&mut terms.defense[k]),
            faces: std::mem::take(&mut faces.defense[k]),
            cover_faces: std::mem::take(&mut faces.cover[k]),
            experience_added: terms.experience_added[k],
        });
    }
    let mut by_order: Vec<usize> = (0..sout.len()).collect();
    by_order.sort_by_key(|&k| (sout[k].order, k));
    for k in by_order {
        let s = &built.strikes[k];
        let o = &sout[k];
        let attacker = built.who[usize::from(s.attacker)];
        let target = &fout[usize::from(s.target)];
        let cover = if s.kind == AttackKind::Ranged {
            target.cover_roll
        } else {
            0
        };
        let threshold = match s.thresholds[o.distance.index()] {
            0 => 0,
            t => t + u32::from(s.blind),
        };
        events.emit(|| Event::Strike {
            attacker: name(usize::from(s.attacker)),
            target: name(usize::from(s.target)),
            // A pursuit that cannot strike (HUNT-15, reaching nowhere) shows no weapon.
            weapon: match built.weapon_of[usize::from(s.attacker)] {
                Some(w) if s.thresholds != [0; 3] => {
                    state.fighters[attacker].weapons[w].weapon.name.to_string()
                }
                _ => String::new(),
            },
            order: o.order,
            distance: o.distance,
            attack_dice: o.attack_dice,
            attack_terms: std::mem::take(&mut terms.attack[k]),
            attack_faces: std::mem::take(&mut faces.attack[k]),
            blind: s.blind,
            attack_total: o.attack_total,
            defense_roll: target.defense_roll,
            cover,
            crossfire: (target.defense_roll + cover).saturating_sub(o.defense_total),
            defense_total: o.defense_total,
            hit: o.hit,
            landed: o.landed,
            damage_terms: std::mem::take(&mut terms.damage[k]),
            damage_dice: o.damage_values().collect(),
            threshold,
            points: o.points,
            criticals: if o.landed {
                crit_names(&o.criticals())
            } else {
                Vec::new()
            },
            doubles: if o.landed { o.doubles } else { 0 },
            failures: o.failures,
            endurance: std::mem::take(&mut faces.endurance[k]),
        });
    }
    for (k, o) in fout.iter().enumerate() {
        let Some(trap) = o.trap else { continue };
        for (j, v) in fout.iter().enumerate() {
            let spec = &built.fighters[j];
            if spec.side == built.fighters[k].side
                || spec.trap_immune
                || !matches!(spec.tactic, Tactic::Pursue | Tactic::Onslaught)
            {
                continue;
            }
            let caught_failed = v.caught.is_some_and(|t| !t.passed);
            events.emit(|| Event::Trap {
                fleer: name(k),
                test: trap.test,
                total: trap.total,
                faces: faces.trap[k].clone(),
                victim: name(j),
                defense: v.defense_roll,
                caught: v.caught,
                points: if caught_failed {
                    state.rules.trap_damage
                } else {
                    0
                },
                endurance: if caught_failed {
                    faces.trapped[j].clone()
                } else {
                    Default::default()
                },
            });
        }
    }
    for (k, o) in fout.iter().enumerate() {
        if o.bled > 0 {
            events.emit(|| Event::Bled {
                fighter: name(k),
                points: o.bled,
                endurance: std::mem::take(&mut faces.bled[k]),
            });
        }
    }
}

/// HUNT-21 from hiding: each hidden fighter that declared an ambush tests Experience before
/// the exchange's dice. Pass: it leaves hiding, the distance becomes the one it picked, and
/// it strikes first with +1 Attack; fail: it leaves hiding and the distance is random (1d6
/// as the failed opening ambush), a normal exchange.
fn ambushes<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut EventLog<Event>,
) -> Result<(), RuleError> {
    for i in 0..state.fighters.len() {
        let f = &state.fighters[i];
        let Some(d) = state.declarations[i].as_ref() else {
            continue;
        };
        if !f.active() || f.hidden.is_none() || d.tactic != Tactic::Ambush {
            continue;
        }
        let picked = d.distance.unwrap_or(state.distance);
        let test = stat_test(
            dice,
            f.base.experience,
            state.rules.test_dice,
            "ambush",
            None,
        )?;
        events.emit(|| Event::Ambushed {
            fighter: state.fighters[i].name.to_string(),
            test,
        });
        let to = if test.passed {
            state.first_strike = Some(f.side);
            state.ambush_bonus = true;
            picked
        } else {
            Distance::from_d6(dice.roll(6)?)
        };
        state.fighters[i].hidden = None;
        if to != state.distance {
            events.emit(|| Event::DistanceChanged {
                from: state.distance,
                to,
            });
            state.distance = to;
        }
    }
    Ok(())
}

pub(crate) fn resolve_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut EventLog<Event>,
) -> Result<(), RuleError> {
    // Rare: only a hidden fighter may ambush, so one look at the flags first.
    if state.fighters.iter().any(|f| f.hidden.is_some()) {
        ambushes(state, dice, events)?;
    }
    let built = build(state);
    let ctx = ExchangeContext {
        distance: state.distance,
        trap: state.trap,
        rules: state.rules,
    };
    // Plain slices from here on: the lists are read many times.
    let (who, specs, strikes): (&[usize], &[FighterSpec], &[StrikeSpec]) =
        (&built.who, &built.fighters, &built.strikes);
    // The outcomes of a duel stay on the stack, made at their defaults where they lie.
    let (mut fout_duel, mut fout_more) = ([FighterOutcome::default(); INLINE], Vec::new());
    let fout = fitted(&mut fout_duel, &mut fout_more, specs.len());
    let (mut sout_duel, mut sout_more) = ([StrikeOutcome::default(); INLINE], Vec::new());
    let sout = fitted(&mut sout_duel, &mut sout_more, strikes.len());
    // A recording log shows every die (issue 18): only then are the dice transcribed.
    let mut transcript = events.is_recording().then(Transcript::new);
    let summary = resolve_fresh(dice, &ctx, specs, strikes, fout, sout, transcript.as_mut())?;
    if let Some(transcript) = &transcript {
        emit_exchange(state, &built, fout, sout, transcript, events);
    }
    let fout: &[FighterOutcome] = fout;
    // Apply: ammunition, actions, wounds, criticals, weapons, hiding, movement. The
    // declarations are taken out (the next turn starts with none) and the bleeding before
    // this turn is kept, the only parts of the old state read after it changes.
    let declarations = std::mem::take(&mut state.declarations);
    let mut bled_before = [false; crate::resolve::MAX_FIGHTERS];
    for (i, f) in state.fighters.iter().enumerate() {
        bled_before[i] = f.bleeding > 0;
    }
    for (k, &i) in who.iter().enumerate() {
        let d = declarations[i].as_ref().expect("declared");
        let used_weapon = built.weapon_of[k];
        let f = &mut state.fighters[i];
        let o = &fout[k];
        // Ammunition (HUNT-27, HUNT-22).
        let fired = strikes
            .iter()
            .any(|s| usize::from(s.attacker) == k && s.kind == AttackKind::Ranged);
        if let (true, Some(w)) = (fired, used_weapon) {
            let ws = &mut f.weapons[w].weapon;
            if let Some(a) = ws.ammo {
                let cost = if d.tactic == Tactic::BarrageFire {
                    2
                } else {
                    1
                };
                ws.ammo = Some(a.saturating_sub(cost));
                f.ammo_spent += a.min(cost);
                events.emit(|| Event::Ammo {
                    fighter: f.name.to_string(),
                    weapon: ws.name.to_string(),
                    before: a,
                    left: ws.ammo.unwrap_or(0),
                    spare: ws.spare,
                });
            }
        }
        match d.action {
            Some(Extraneous::Reload) => {
                if let Some(ws) = f.weapons.iter_mut().find(|w| {
                    w.status == WeaponStatus::Ready
                        && w.weapon.ammo.is_some()
                        && w.weapon.spare > 0
                        && d.weapon.as_ref().map_or(true, |n| *n == w.weapon.name)
                }) {
                    let w = &mut ws.weapon;
                    let cap = w.magazine.unwrap_or(0);
                    let have = w.ammo.unwrap_or(0);
                    let take = cap.saturating_sub(have).min(w.spare);
                    w.ammo = Some(have + take);
                    w.spare -= take;
                    events.emit(|| Event::Ammo {
                        fighter: f.name.to_string(),
                        weapon: w.name.to_string(),
                        before: have,
                        left: have + take,
                        spare: w.spare,
                    });
                }
            }
            Some(Extraneous::FirstAid) if state.first_aid_stops_bleeding && f.bleeding > 0 => {
                f.bleeding = 0;
                events.emit(|| Event::Bandaged {
                    fighter: f.name.to_string(),
                });
            }
            _ => {}
        }
        // Last turn's dropped weapon (HUNT-12): lost when fleeing or pursuing, kept on the
        // ground while another weapon is used, else picked up.
        let moving = matches!(d.tactic, Tactic::Flee | Tactic::Pursue);
        for (w, ws) in f.weapons.iter_mut().enumerate() {
            if ws.status != WeaponStatus::Dropped {
                continue;
            }
            let other = used_weapon.is_some_and(|u| u != w) && fired_or_struck(strikes, k);
            let new = if moving {
                WeaponStatus::Lost
            } else if other {
                WeaponStatus::Dropped
            } else {
                WeaponStatus::Ready
            };
            if new != ws.status {
                ws.status = new;
                events.emit(|| Event::WeaponChanged {
                    fighter: f.name.to_string(),
                    weapon: ws.weapon.name.to_string(),
                    status: new,
                });
            }
        }
        // Damage points for the standing: what this fighter's landed strikes dealt and
        // what it took (strikes, trap, bleeding).
        f.damage_taken += o.damage_taken;
        f.damage_dealt += strikes
            .iter()
            .zip(sout.iter())
            .filter(|(s, out)| usize::from(s.attacker) == k && out.landed)
            .map(|(_, out)| out.points)
            .sum::<u32>();
        // Effects of this turn's criticals, for next turn.
        let c = o.criticals();
        f.fallen = c.fall;
        f.stunned = if c.stun { o.stun_doubles } else { 0 };
        f.bleeding += o.new_bleeding;
        if c.weapon_lost {
            let drop = used_weapon
                .filter(|&w| f.weapons[w].status == WeaponStatus::Ready)
                .or_else(|| {
                    f.weapons
                        .iter()
                        .position(|w| w.status == WeaponStatus::Ready)
                });
            if let Some(w) = drop {
                f.weapons[w].status = WeaponStatus::Dropped;
                events.emit(|| Event::WeaponChanged {
                    fighter: f.name.to_string(),
                    weapon: f.weapons[w].weapon.name.to_string(),
                    status: WeaponStatus::Dropped,
                });
            }
        }
        if let Some(t) = o.caught {
            if t.passed {
                f.trap_immune = true;
            }
        }
        // Wounds (HUNT-13).
        if o.failures > 0 {
            let (table, accumulate) = (&state.wound_table, state.accumulate_wounds);
            let before = events
                .is_recording()
                .then(|| stats_of(f, table, accumulate));
            if !o.dead {
                f.wounds.push(o.failures);
            }
            events.emit(|| {
                let before = before.unwrap_or(f.base);
                Event::Wounded {
                    fighter: f.name.to_string(),
                    failures: o.failures,
                    level: wound_name(o.failures, state.rules.deadly_failures).to_owned(),
                    before,
                    after: if o.dead {
                        before
                    } else {
                        stats_of(f, table, accumulate)
                    },
                    max_endurance: f.base.endurance,
                }
            });
            if o.dead {
                f.status = Status::Dead;
                f.hidden = None;
                events.emit(|| Event::Died {
                    fighter: f.name.to_string(),
                    no_endurance: false,
                });
            }
        }
    }
    for (k, &i) in who.iter().enumerate() {
        let f = &mut state.fighters[i];
        if fout[k].search.is_some() {
            f.searches_failed = if fout[k].found {
                0
            } else {
                f.searches_failed.saturating_add(1)
            };
        }
        // HUNT-13 [default]: wounds that leave no Endurance kill, at the end of the turn.
        if state.zero_endurance_dies
            && f.active()
            && fout[k].failures > 0
            && state.endurance(i) == 0
        {
            let f = &mut state.fighters[i];
            f.status = Status::Dead;
            f.hidden = None;
            events.emit(|| Event::Died {
                fighter: f.name.to_string(),
                no_endurance: true,
            });
        }
    }
    // Movement (HUNT-05, HUNT-14, HUNT-15).
    if summary.distance != state.distance {
        events.emit(|| Event::DistanceChanged {
            from: state.distance,
            to: summary.distance,
        });
        state.distance = summary.distance;
    }
    for (k, &i) in who.iter().enumerate() {
        if fout[k].escaped && state.fighters[i].active() {
            state.fighters[i].status = Status::Escaped;
            events.emit(|| Event::Escaped {
                fighter: state.fighters[i].name.to_string(),
            });
        }
    }
    // Hiding and searching (HUNT-20).
    for (k, &i) in who.iter().enumerate() {
        if !state.fighters[i].active() {
            continue;
        }
        let o = &fout[k];
        let was_hidden = state.fighters[i].hidden.is_some();
        if !was_hidden {
            if let Some(t) = o.hide.filter(|t| t.passed) {
                let turns = if state.fighters[i].bleeding > 0 || bled_before[i] {
                    None
                } else {
                    Some(state.rules.hide_turns)
                };
                state.fighters[i].hidden = Some(Hidden {
                    margin: t.margin,
                    turns_left: turns,
                });
                events.emit(|| Event::Hid {
                    fighter: state.fighters[i].name.to_string(),
                    turns,
                });
            }
            continue;
        }
        if o.found {
            let hider = &specs[k];
            let by = who
                .iter()
                .enumerate()
                .find(|&(s, _)| {
                    specs[s].side != hider.side
                        && fout[s].search.is_some_and(|t| {
                            t.passed && state.rules.search.finds(t.margin, hider.hide_margin)
                        })
                })
                .map(|(_, &j)| j)
                .expect("found by someone");
            let picked = declarations[by]
                .as_ref()
                .and_then(|d| d.distance)
                .unwrap_or(state.distance);
            state.fighters[i].hidden = None;
            if picked != state.distance {
                events.emit(|| Event::DistanceChanged {
                    from: state.distance,
                    to: picked,
                });
                state.distance = picked;
            }
            events.emit(|| Event::Found {
                fighter: state.fighters[i].name.to_string(),
                by: state.fighters[by].name.to_string(),
                distance: picked,
            });
            continue;
        }
        // Every searcher gave up (HUNT-20): the trail is lost now.
        let given_up = state
            .opponents(i)
            .all(|j| declarations[j].as_ref().is_some_and(|d| d.give_up));
        if given_up {
            state.fighters[i].status = Status::TrailLost;
            state.fighters[i].hidden = None;
            events.emit(|| Event::TrailLost {
                fighter: state.fighters[i].name.to_string(),
            });
            continue;
        }
        let h = state.fighters[i].hidden.as_mut().expect("hidden");
        if let Some(left) = h.turns_left {
            let left = left.saturating_sub(1);
            h.turns_left = Some(left);
            if left == 0 {
                state.fighters[i].status = Status::TrailLost;
                state.fighters[i].hidden = None;
                events.emit(|| Event::TrailLost {
                    fighter: state.fighters[i].name.to_string(),
                });
            }
        }
    }
    for f in state.fighters.iter_mut() {
        if !f.active() && f.out_round.is_none() {
            f.out_round = Some(state.round);
        }
    }
    // Next turn, reusing the per-fighter vectors.
    state.declarations = declarations;
    state.declarations.fill(None);
    state.resplits.fill(None);
    state.initial.fill(None);
    state.window = false;
    state.surprised = None;
    state.first_strike = None;
    state.ambush_bonus = false;
    if let Some(ending) = ending(state) {
        events.emit(|| Event::Ended {
            winner: ending.winner,
            reason: ending.reason.clone(),
        });
        state.ending = Some(ending);
    } else {
        state.round += 1;
        events.emit(|| Event::Round {
            round: state.round,
            distance: state.distance,
        });
    }
    Ok(())
}

/// `len` default values: the first `len` of `inline` if they fit, else `more`, grown to `len`.
#[inline]
fn fitted<'a, T: Copy + Default>(
    inline: &'a mut [T],
    more: &'a mut Vec<T>,
    len: usize,
) -> &'a mut [T] {
    if len <= inline.len() {
        &mut inline[..len]
    } else {
        more.resize(len, T::default());
        more
    }
}

fn fired_or_struck(strikes: &[StrikeSpec], k: usize) -> bool {
    strikes.iter().any(|s| usize::from(s.attacker) == k)
}

#[inline]
fn ending(state: &State) -> Option<Ending> {
    let active = |side: Side| state.fighters.iter().any(|f| f.side == side && f.active());
    let gone_alive = |side: Side| {
        state
            .fighters
            .iter()
            .any(|f| f.side == side && matches!(f.status, Status::Escaped | Status::TrailLost))
    };
    let (h, p) = (active(Side::Hunter), active(Side::Prey));
    let end = |winner: Option<Side>, reason: &str| {
        Some(Ending {
            winner,
            reason: reason.to_owned(),
        })
    };
    match (h, p) {
        (true, true) if state.round >= state.max_rounds => end(None, "round limit reached"),
        (true, true) => None,
        (true, false) if gone_alive(Side::Prey) => end(Some(Side::Prey), "the prey got away"),
        (true, false) => end(Some(Side::Hunter), "the prey is dead"),
        (false, true) if gone_alive(Side::Hunter) => end(Some(Side::Prey), "the hunter gave up"),
        (false, true) => end(Some(Side::Prey), "the hunter is dead"),
        (false, false) => end(None, "nobody is left standing"),
    }
}
