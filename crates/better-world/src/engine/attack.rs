//! Attacks and contests: planning, rolling, damage (BW-14 … BW-40).

use super::*;

#[inline]
pub(super) fn cap(v: u32) -> u32 {
    v.min(MAX_POOL)
}

/// BW-32: a ranged attack closer than melee distance.
#[cold]
fn too_close(state: &State) -> RuleError {
    no("BW-32", || {
        msg!(
            "bw-refuse-too-close",
            metres = state.settings.distances.melee_below
        )
    })
}

#[inline]
pub(super) fn limit_situational(bonus: u32, extra: u32) -> Result<(), RuleError> {
    if bonus > 10 || extra > 10 {
        return Err(no("BW-03", || msg!("bw-refuse-situational")));
    }
    Ok(())
}

/// Plans a single-target attack: legality and pool, no dice.
#[inline(always)]
pub(super) fn plan_strike(
    state: &State,
    s: &Strike,
    action: Action,
) -> Result<(Plan, Cost), RuleError> {
    check_turn(state, s.actor, false, false)?;
    check_target(state, s.actor, s.target)?;
    limit_situational(s.bonus, s.extra)?;
    let w = state.weapon(s.actor, s.weapon)?;
    let weapon = state.weapon_data(s.actor, w);
    let engaged = state.engaged(s.actor, s.target);
    let first_strike = state.phase == Phase::FirstStrike;
    let (cost, melee_only, ranged_only) = match action {
        Action::Attack => (Cost::Main, false, false),
        Action::QuickStrike => (Cost::Additional, true, false),
        Action::FeintStrike => (Cost::Full, true, false),
        Action::QuickShot => (Cost::Additional, false, true),
        Action::AimedShot => (Cost::Full, false, true),
        Action::ShortBurst => (Cost::Main, false, true),
        _ => (Cost::Main, false, false),
    };
    if first_strike && matches!(action, Action::QuickStrike | Action::QuickShot) {
        return Err(no("BW-09", || msg!("bw-refuse-quick-first-strike")));
    }
    afford(state, s.actor, cost)?;
    let melee = engaged;
    if melee && ranged_only {
        return Err(no("BW-22", || msg!("bw-refuse-firearm-in-melee")));
    }
    if !melee {
        if melee_only || !weapon.kind.is_ranged() {
            return Err(no("BW-14", || {
                msg!(
                    "bw-refuse-engage-first",
                    target = &*state.f(s.target).character.name
                )
            }));
        }
        if state.distance(s.actor, s.target) < state.settings.distances.melee_below {
            return Err(too_close(state));
        }
    }
    let aspect = state.pick_aspect(s.actor, w, melee, s.aspect)?;
    let c = &state.f(s.actor).character;
    let mut terms = PoolTerms {
        aspect: c.aspect(aspect),
        situational: s.bonus,
        ..PoolTerms::default()
    };
    let (effectiveness, mut rounds) = if melee {
        let (bonus, effectiveness, rounds) = state.in_melee(s.actor, w);
        terms.weapon = bonus;
        terms.outnumbering = state.outnumbering(s.target);
        (effectiveness, rounds)
    } else {
        terms.weapon = weapon.bonus;
        (weapon.effectiveness, 1)
    };
    let mut action_k = 0;
    let mut comfortable = weapon.comfortable;
    let turn = state.turn;
    match action {
        Action::QuickStrike => action_k = 2,
        Action::FeintStrike | Action::AimedShot => terms.aimed = 1,
        Action::QuickShot => {
            if turn.is_some_and(|t| t.burst) {
                return Err(no("BW-36", || msg!("bw-refuse-quick-after-burst")));
            }
            // «в том же направлении, что и основная атака или предшествующее движение»
            let dir = direction(state, s.actor, s.target);
            let moved = state.f(s.actor).last_move;
            let same = dir != 0 && (moved == dir || turn.is_some_and(|t| t.direction == dir));
            action_k = if same { 2 } else { 3 };
        }
        Action::ShortBurst => {
            let b = weapon.short_burst.ok_or_else(|| {
                no("BW-39", || {
                    msg!("bw-refuse-no-short-burst", weapon = &*weapon.name)
                })
            })?;
            // Uncounted ammunition (`None`) never runs out.
            if let Some(ammo) = weapon.ammo.filter(|&a| a < b.rounds) {
                return Err(no("BW-39", || {
                    msg!(
                        "bw-refuse-short-burst-ammo",
                        rounds = b.rounds,
                        weapon = &*weapon.name,
                        ammo = ammo
                    )
                }));
            }
            terms.burst = b.bonus;
            rounds = b.rounds;
            comfortable = comfortable.min(state.settings.short_burst_range);
        }
        _ => {}
    }
    if !melee && action != Action::ShortBurst && weapon.ammo == Some(0) {
        return Err(no("BW-14", || {
            msg!("bw-refuse-empty", weapon = &*weapon.name)
        }));
    }
    if first_strike {
        terms.first_strike = state.settings.first_strike_k;
    }
    let extra = state.extra_terms(s.actor, action_k, s.extra);
    Ok((
        Plan {
            actor: s.actor,
            target: s.target,
            weapon: w,
            aspect,
            melee,
            action,
            effectiveness,
            rounds,
            pool: cap(terms.total()),
            terms,
            extra,
            comfortable,
            first_strike,
            restraint: s.restraint,
        },
        cost,
    ))
}

#[inline(always)]
pub(super) fn direction(state: &State, from: usize, to: usize) -> i8 {
    let d = state.f(to).character.position - state.f(from).character.position;
    d.signum() as i8
}

#[inline(always)]
pub(super) fn spend_ammo(
    state: &mut State,
    actor: usize,
    w: Option<usize>,
    rounds: u32,
    events: &mut Events,
) {
    let Some(w) = w else { return };
    let weapon = &mut state.fighters[actor].character.weapons[w];
    if let Some(ammo) = weapon.ammo.as_mut() {
        *ammo = ammo.saturating_sub(rounds);
        let left = *ammo;
        state.fighters[actor].ammo_spent += rounds;
        events.emit(|| Event::AmmoSpent {
            actor: state.who(actor),
            weapon: state.weapon_data(actor, Some(w)).name.to_string(),
            rounds,
            left,
        });
    }
}

/// Rolls the defence of one target against an attack whose pool already rolled `ones`.
#[inline(always)]
pub(super) fn resolve_against<D: Dice>(
    state: &mut State,
    dice: &mut D,
    plan: &Plan,
    ones: u32,
    events: &mut Events,
) -> Result<(), RuleError> {
    let target = plan.target;
    let (difficulty_terms, distance) = state.defence(plan);
    let difficulty = cap(difficulty_terms.total());
    let t = state.f(target);
    let automatic = plan.melee && (t.held_by.is_some() || !t.conscious);
    let difficulty_ones = roll_k(dice, difficulty)?;
    let result = crate::resolve::judge(ones, difficulty_ones, state.settings.tie, automatic);
    if plan.melee {
        state.fighters[target].stance = false;
    }
    events.emit(|| Event::Attacked {
        actor: state.who(plan.actor),
        target: state.who(target),
        action: plan.action,
        melee: plan.melee,
        aspect: plan.aspect,
        distance,
        pool: plan.pool,
        pool_terms: plan.terms,
        difficulty,
        difficulty_terms,
        result,
        automatic,
        first_strike: plan.first_strike,
    });
    if state.enemies(plan.actor, target) && state.f(target).withdrawing.is_some() {
        state.fighters[target].withdrawing = None;
        events.emit(|| Event::WithdrawalBroken {
            actor: state.who(target),
        });
    }
    if result.success {
        let spec = AttackSpec {
            check: CheckSpec::default(),
            weapon: plan.effectiveness,
            armour: state.f(target).character.armour.effectiveness,
            restraint: plan.restraint,
        };
        let hit = damage(&result, &spec);
        state.fighters[plan.actor].damage_dealt += hit.dealt;
        let blow = Blow {
            trivial: hit.trivial,
            weapon: spec.weapon,
            armour: spec.armour,
            deficit: false,
            effective: hit.effective,
            dealt: hit.dealt,
        };
        take_damage(state, target, blow, events);
    }
    Ok(())
}

#[inline(always)]
pub(super) fn resolve_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    plan: &Plan,
    events: &mut Events,
) -> Result<(), RuleError> {
    let ones = roll_k(dice, plan.pool)?;
    resolve_against(state, dice, plan, ones, events)
}

pub(super) fn release_holds(state: &mut State, i: usize, events: &mut Events) {
    if let Some(t) = state.fighters[i].holding.take() {
        state.fighters[t].held_by = None;
        events.emit(|| Event::Released {
            actor: state.who(i),
            target: state.who(t),
        });
    }
    if let Some(h) = state.fighters[i].held_by.take() {
        state.fighters[h].holding = None;
        events.emit(|| Event::Released {
            actor: state.who(h),
            target: state.who(i),
        });
    }
}

pub(super) fn drop_engagements(state: &mut State, i: usize) {
    state
        .engagements
        .retain(|e| e.attacker != i && e.target != i);
}

/// One blow's damage, as its event shows it (BW-15, BW-16, BW-31).
#[derive(Clone, Copy)]
pub(super) struct Blow {
    pub(super) trivial: u32,
    pub(super) weapon: u32,
    pub(super) armour: u32,
    /// The deficit of a failed Disarm or Grapple, which ignores armour.
    pub(super) deficit: bool,
    pub(super) effective: u32,
    pub(super) dealt: u32,
}

/// Applies damage (BW-17 … BW-21).
#[inline(always)]
pub(super) fn take_damage(state: &mut State, target: usize, blow: Blow, events: &mut Events) {
    let Blow {
        trivial,
        weapon,
        armour,
        deficit,
        effective,
        dealt,
    } = blow;
    let track = state.settings.health;
    let before = state.f(target).hits;
    let was = state.health_state(target);
    let (hits, killed) = track.take(before, dealt);
    let round = state.round;
    let f = &mut state.fighters[target];
    f.hits = hits;
    f.damage_taken += dealt;
    if (killed || hits < 1) && f.defeated_round.is_none() {
        f.defeated_round = Some(round);
    }
    state.wounds_dealt += u64::from(dealt);
    if killed {
        state.fighters[target].status = Status::Dead;
        state.fighters[target].conscious = false;
    }
    events.emit(|| Event::Damaged {
        target: state.who(target),
        trivial,
        weapon,
        armour,
        deficit,
        effective,
        dealt,
        before,
        hits,
        max: track.max(),
        was,
        state: state.health_state(target),
    });
    if killed {
        events.emit(|| Event::Died {
            actor: state.who(target),
        });
        release_holds(state, target, events);
        drop_engagements(state, target);
        return;
    }
    if hits < 1 && before >= 1 {
        let conscious = state.f(target).character.stays_conscious;
        state.fighters[target].conscious = conscious;
        events.emit(|| Event::Dying {
            actor: state.who(target),
            conscious,
        });
        if !conscious {
            release_holds(state, target, events);
            drop_engagements(state, target);
            return;
        }
    }
    let shock = track.shock(dealt);
    if shock != Shock::None {
        let f = &mut state.fighters[target];
        f.shock = f.shock.max(shock);
        events.emit(|| Event::Shocked {
            target: state.who(target),
            shock,
        });
    }
}

/// An opposed check's terms: the actor's aspect and its value, and the difficulty.
pub(super) type Opposed = (Aspect, u32, DifficultyTerms);

pub(super) fn contest<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    target: usize,
    action: Action,
    (aspect, pool, terms): Opposed,
    events: &mut Events,
) -> Result<CheckResult, RuleError> {
    let spec = CheckSpec {
        pool: cap(pool),
        difficulty: cap(terms.total()),
        tie: state.settings.tie,
        automatic: false,
    };
    let result = check(dice, &spec)?;
    events.emit(|| Event::Contested {
        actor: state.who(actor),
        target: state.who(target),
        action,
        aspect,
        pool: spec.pool,
        difficulty: spec.difficulty,
        difficulty_terms: terms,
        result,
    });
    if !result.success && matches!(action, Action::Disarm | Action::Grapple) {
        let blow = Blow {
            trivial: 0,
            weapon: 0,
            armour: 0,
            deficit: true,
            effective: result.deficit,
            dealt: result.deficit,
        };
        take_damage(state, actor, blow, events);
    }
    Ok(result)
}

pub(super) const GRAPPLE: [Aspect; 2] = [Aspect::MuscleMemory, Aspect::Constitution];

/// An attack on one target: plan, roll, resolve, finish. A fight makes dozens, so the whole
/// path is inlined into this one function (calls and their error plumbing cost more than
/// most of the steps).
#[inline(always)]
pub(crate) fn do_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    s: &Strike,
    action: Action,
    events: &mut Events,
) -> Result<(), RuleError> {
    let (plan, cost) = plan_strike(state, s, action)?;
    let wounds = state.wounds_dealt;
    if let Some(w) = plan.weapon {
        state.fighters[s.actor].wielded = Some(w);
    }
    if plan.rounds > 0 {
        spend_ammo(state, s.actor, plan.weapon, plan.rounds, events);
    }
    resolve_strike(state, dice, &plan, events)?;
    let dir = direction(state, s.actor, s.target);
    if let Some(t) = state.turn.as_mut() {
        if action == Action::ShortBurst {
            t.burst = true;
        }
        if matches!(cost, Cost::Main | Cost::Full) {
            t.direction = dir;
        }
    }
    let hurt = state.wounds_dealt != wounds;
    finish_action(state, dice, (s.actor, cost), true, hurt, events)
}

/// A Long Burst; `targets` stand for `s.targets`, so the tactic can pass them from the stack.
pub(crate) fn do_long_burst<D: Dice>(
    state: &mut State,
    dice: &mut D,
    s: &Spray,
    targets: &[usize],
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, s.actor, false, false)?;
    limit_situational(s.bonus, s.extra)?;
    afford(state, s.actor, Cost::Full)?;
    let max = state.settings.long_burst_max_targets as usize;
    if targets.is_empty() || targets.len() > max {
        return Err(no("BW-40", || {
            msg!("bw-refuse-long-burst-targets", max = max)
        }));
    }
    let mut seen: Set = 0;
    let mut dir = 0i8;
    for &t in targets {
        check_target(state, s.actor, t)?;
        // `t` is a character's index (checked above), so below 64.
        if seen & 1 << t != 0 {
            return Err(no("BW-40", || msg!("bw-refuse-each-target-once")));
        }
        seen |= 1 << t;
        if state.engaged(s.actor, t) {
            return Err(no("BW-22", || msg!("bw-refuse-burst-in-melee")));
        }
        if state.distance(s.actor, t) < state.settings.distances.melee_below {
            return Err(too_close(state));
        }
        let d = direction(state, s.actor, t);
        if dir != 0 && d != dir {
            return Err(no("BW-40", || msg!("bw-refuse-cone")));
        }
        dir = d;
    }
    let w = state.weapon(s.actor, s.weapon)?;
    let weapon = state.weapon_data(s.actor, w);
    let b = weapon.long_burst.ok_or_else(|| {
        no("BW-40", || {
            msg!("bw-refuse-no-long-burst", weapon = &*weapon.name)
        })
    })?;
    // Uncounted ammunition (`None`) never runs out.
    if let Some(ammo) = weapon.ammo.filter(|&a| a < b.rounds) {
        return Err(no("BW-40", || {
            msg!(
                "bw-refuse-long-burst-ammo",
                rounds = b.rounds,
                weapon = &*weapon.name,
                ammo = ammo
            )
        }));
    }
    let (bonus, comfortable) = (weapon.bonus, weapon.comfortable);
    let aspect = state.pick_aspect(s.actor, w, false, s.aspect)?;
    let first_strike = state.phase == Phase::FirstStrike;
    let terms = PoolTerms {
        aspect: state.f(s.actor).character.aspect(aspect),
        weapon: bonus,
        burst: b.bonus,
        first_strike: if first_strike {
            state.settings.first_strike_k
        } else {
            0
        },
        situational: s.bonus,
        ..PoolTerms::default()
    };
    let pool = terms.total();
    let extra = state.extra_terms(s.actor, 0, s.extra);
    if let Some(w) = w {
        state.fighters[s.actor].wielded = Some(w);
    }
    spend_ammo(state, s.actor, w, b.rounds, events);
    let wounds = state.wounds_dealt;
    let ones = roll_k(dice, cap(pool))?;
    for &t in targets {
        if state.f(t).status != Status::Active {
            continue;
        }
        let plan = Plan {
            actor: s.actor,
            target: t,
            weapon: w,
            aspect,
            melee: false,
            action: Action::LongBurst,
            effectiveness: state.weapon_data(s.actor, w).effectiveness,
            rounds: 0,
            pool: cap(pool),
            terms,
            extra,
            comfortable: comfortable.min(state.settings.long_burst_range),
            first_strike,
            restraint: s.restraint,
        };
        resolve_against(state, dice, &plan, ones, events)?;
    }
    if let Some(t) = state.turn.as_mut() {
        t.burst = true;
        t.direction = dir;
    }
    let hurt = state.wounds_dealt != wounds;
    finish_action(state, dice, (s.actor, Cost::Full), true, hurt, events)
}

pub(super) fn need_engaged(
    state: &State,
    actor: usize,
    target: usize,
    rule: &'static str,
) -> Result<(), RuleError> {
    if !state.engaged(actor, target) {
        return Err(no(rule, || {
            msg!(
                "bw-refuse-not-engaged",
                actor = &*state.f(actor).character.name,
                target = &*state.f(target).character.name
            )
        }));
    }
    Ok(())
}

#[inline]
pub(super) fn only_in_rounds(state: &State) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return Err(no("BW-09", || msg!("bw-refuse-first-strike-only")));
    }
    Ok(())
}

/// The opposed check of `actor` against `target`, each with its best aspect of its list,
/// with `action_k` extra difficulty and the actor's wounds.
fn opposed(
    state: &State,
    (actor, mine): (usize, &[Aspect]),
    (target, theirs): (usize, &[Aspect]),
    action_k: u32,
) -> Opposed {
    let aspect = state.best_aspect(actor, mine);
    let defence = state.best_aspect(target, theirs);
    (
        aspect,
        state.f(actor).character.aspect(aspect),
        DifficultyTerms {
            aspect: Some(defence),
            aspect_value: state.f(target).character.aspect(defence),
            ..state.extra_terms(actor, action_k, 0)
        },
    )
}

/// Disarm's opposed check (BW-27): the actor's best melee aspect against the target's with
/// the weapon it holds, +2K extra difficulty.
pub(super) fn disarm_terms(state: &State, actor: usize, target: usize) -> Opposed {
    let mine = state.aspects_for(actor, state.f(actor).wielded, true);
    let theirs = state.aspects_for(target, state.f(target).wielded, true);
    opposed(state, (actor, mine), (target, theirs), 2)
}

/// Grapple's opposed check (BW-28): +2K extra difficulty.
pub(super) fn grapple_terms(state: &State, actor: usize, target: usize) -> Opposed {
    opposed(state, (actor, &GRAPPLE), (target, &GRAPPLE), 2)
}

/// Break Free's opposed check (BW-29): +1K extra difficulty against the holder.
pub(super) fn break_free_terms(state: &State, actor: usize, holder: usize) -> Opposed {
    opposed(state, (actor, &GRAPPLE), (holder, &GRAPPLE), 1)
}
