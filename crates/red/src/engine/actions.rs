//! The other actions of a turn (RED-08 … RED-12): moving, running, drawing, reloading,
//! skills, stabilizing, grabs, delays and joining.

use super::*;

/// Run: the Action becomes a second move (RED-08).
pub(super) fn run(state: &mut State, actor: usize, ev: &mut Events) -> Result<(), RuleError> {
    require_action(state)?;
    if !state.turn.moved {
        return Err(refuse("RED-08", msg!("red-refuse-run-first")));
    }
    let metres = state.fighters[actor].move_allowance(&state.settings);
    state.turn.action_used = true;
    state.turn.budget += metres;
    ev.emit(|| Event::Ran {
        who: state.name(actor),
        metres,
    });
    Ok(())
}

/// An attack (RED-06, RED-07): at most two a turn.
pub(super) fn attack_action<D: Dice>(
    state: &mut State,
    actor: usize,
    order: &AttackOrder,
    dice: &mut D,
    ev: &mut Events,
    delayed: bool,
) -> Result<(), RuleError> {
    if state.turn.attacks >= 2 {
        return Err(refuse(
            "RED-07",
            msg!("red-refuse-two-attacks", name = state.name(actor)),
        ));
    }
    let prepared = prepare_attack(state, actor, order)?;
    account_attack(state, &prepared)?;
    if prepared.ask && !delayed {
        // RED-33: the defender chooses before any die is rolled.
        let defender = prepared.target;
        state.pending = Some(PendingEvasion::new(actor, order, prepared));
        ev.emit(|| Event::EvasionAsked {
            who: state.name(defender),
            attacker: state.name(actor),
        });
        return Ok(());
    }
    resolve_attack(state, &prepared, dice, ev, delayed)
}

/// Get up from prone (RED-13).
pub(super) fn get_up(state: &mut State, actor: usize, ev: &mut Events) -> Result<(), RuleError> {
    require_action(state)?;
    let f = &mut state.fighters[actor];
    if !f.prone {
        return Err(refuse(
            "RED-13",
            msg!("red-refuse-not-prone", name = &*f.name),
        ));
    }
    f.prone = false;
    state.turn.action_used = true;
    ev.emit(|| Event::GotUp {
        who: f.name.to_string(),
    });
    Ok(())
}

/// Draw a weapon at hand into free hands (RED-09).
pub(super) fn draw(
    state: &mut State,
    actor: usize,
    weapon: usize,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let w = weapon_at(state, actor, weapon)?;
    let name = state.name(actor);
    if w.holding != Holding::Holstered {
        return Err(refuse(
            "RED-09",
            msg!("red-refuse-not-at-hand", name = &name, weapon = &*w.name),
        ));
    }
    let need = state.tables.weapons[&*w.profile].hands;
    if need > state.fighters[actor].free_hands() {
        return Err(refuse(
            "RED-09",
            msg!(
                "red-refuse-no-hand-weapon",
                name = &name,
                weapon = &*w.name,
                need = need
            ),
        ));
    }
    let wname = w.name.clone();
    state.fighters[actor].weapons[weapon].holding = Holding::InHand;
    ev.emit(|| Event::Drew {
        who: name,
        weapon: wname.to_string(),
    });
    Ok(())
}

/// Drop a weapon in hand (RED-09).
pub(super) fn drop_weapon(
    state: &mut State,
    actor: usize,
    weapon: usize,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let w = weapon_at(state, actor, weapon)?;
    if w.holding != Holding::InHand {
        return Err(refuse(
            "RED-09",
            msg!(
                "red-refuse-not-in-hand",
                name = state.name(actor),
                weapon = &*w.name
            ),
        ));
    }
    let wname = w.name.clone();
    state.fighters[actor].weapons[weapon].holding = Holding::Dropped;
    ev.emit(|| Event::Dropped {
        who: state.name(actor),
        weapon: wname.to_string(),
        forced: false,
    });
    Ok(())
}

pub(super) fn end_turn<D: Dice>(
    state: &mut State,
    actor: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    if state.finished.is_some() {
        return Ok(());
    }
    let over = state.fighters[actor].effects.moving_hurts_over;
    if over > 0 && state.turn.walked > over {
        let damage = state.settings.crit_bonus;
        let name = state.name(actor);
        ev.emit(|| Event::Hurt {
            who: name.clone(),
            by: name,
            how: "reopened critical injury".to_owned(),
            damage,
            hp: state.fighters[actor].hp.saturating_sub(damage as i32),
            hp_max: state.fighters[actor].hp_max,
        });
        lose_hp(state, actor, damage, ev);
        check_finish(state, ev);
    }
    let over = state.fighters[actor].effects.moving_loses_move_over;
    if over > 0 && state.turn.walked > over {
        state.fighters[actor].lose_move = true;
    }
    ev.emit(|| Event::TurnEnded {
        who: state.name(actor),
    });
    fire_triggers(state, |t| *t == Trigger::AfterTurn { of: actor }, dice, ev)?;
    check_finish(state, ev);
    advance(state, dice, ev)
}

pub(super) fn weapon_at(state: &State, actor: usize, w: usize) -> Result<&Weapon, RuleError> {
    let f = &state.fighters[actor];
    f.weapons.get(w).ok_or_else(|| no_weapon(f, w))
}

#[cold]
pub(super) fn no_weapon(f: &Fighter, w: usize) -> RuleError {
    refuse(
        "RED-08",
        msg!(
            "red-refuse-no-weapon",
            name = &*f.name,
            index = w,
            count = f.weapons.len()
        ),
    )
}

pub(super) fn driven(state: &State, actor: usize) -> Result<usize, RuleError> {
    let f = &state.fighters[actor];
    match f.vehicle {
        Some(v) if state.vehicles[v].driver == Some(actor) => Ok(v),
        _ => Err(refuse(
            "RED-03",
            msg!("red-refuse-not-driving", name = &*f.name),
        )),
    }
}

pub(super) fn do_move<D: Dice>(
    state: &mut State,
    actor: usize,
    to: i32,
    mode: MoveMode,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let f = &state.fighters[actor];
    if f.prone {
        return Err(refuse(
            "RED-13",
            msg!("red-refuse-prone-move", name = &*f.name),
        ));
    }
    if f.grabbed_by.is_some() {
        return Err(refuse("RED-08", msg!("red-refuse-held", name = &*f.name)));
    }
    if f.vehicle.is_some() {
        return Err(refuse("RED-09", msg!("red-refuse-aboard", name = &*f.name)));
    }
    let distance = f.position.abs_diff(to);
    if distance == 0 {
        return Err(refuse(
            "RED-11",
            msg!("red-refuse-already-at", name = &*f.name, to = to),
        ));
    }
    let per_metre = match mode {
        MoveMode::Walk => 1,
        MoveMode::Swim | MoveMode::Climb | MoveMode::RunningJump => 2,
        MoveMode::StandingJump => state.settings.standing_jump_cost,
    };
    let cost = distance.saturating_mul(per_metre);
    let left = state.turn.budget.saturating_sub(state.turn.spent);
    if cost > left {
        let rule = if mode == MoveMode::Walk {
            "RED-11"
        } else {
            "RED-12"
        };
        let mode = match mode {
            MoveMode::Walk => "walk",
            MoveMode::Swim => "swim",
            MoveMode::Climb => "climb",
            MoveMode::RunningJump => "running_jump",
            MoveMode::StandingJump => "standing_jump",
        };
        return Err(refuse(
            rule,
            msg!(
                "red-refuse-move-cost",
                distance = distance,
                mode = mode,
                cost = cost,
                name = &*f.name,
                left = left
            ),
        ));
    }
    let from = f.position;
    state.fighters[actor].position = to;
    state.turn.spent += cost;
    state.turn.walked += state.metres(from, to);
    state.turn.moved = true;
    ev.emit(|| Event::Moved {
        who: state.name(actor),
        from,
        to,
        mode,
        cost,
        left: left - cost,
        grid: state.settings.grid,
    });
    fire_triggers(state, |t| *t == Trigger::Moves { who: actor }, dice, ev)
}

pub(super) fn reload(
    state: &mut State,
    actor: usize,
    weapon: usize,
    ammo: Option<&str>,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    weapon_at(state, actor, weapon)?;
    // Disjoint borrows: the tables and the weapon are read while the reserve changes.
    let Fighter {
        name,
        weapons,
        reserve,
        ..
    } = &mut state.fighters[actor];
    let w = &mut weapons[weapon];
    let p = &state.tables.weapons[&*w.profile];
    if p.magazine == 0 {
        return Err(refuse(
            "RED-36",
            msg!("red-refuse-no-ammo-needed", weapon = &*w.name),
        ));
    }
    if w.holding != Holding::InHand {
        return Err(refuse(
            "RED-36",
            msg!(
                "red-refuse-reload-in-hand",
                name = &**name,
                weapon = &*w.name
            ),
        ));
    }
    let calibre = p.calibre.as_deref().unwrap_or(&w.profile);
    let kind = ammo.unwrap_or(&w.ammo);
    let available = reserve
        .get(calibre)
        .and_then(|m| m.get(kind))
        .copied()
        .unwrap_or(0);
    if available == 0 {
        return Err(refuse(
            "RED-36",
            msg!(
                "red-refuse-no-spare",
                name = &**name,
                kind = kind,
                calibre = calibre,
                weapon = &*w.name
            ),
        ));
    }
    if kind == &*w.ammo && w.loaded == p.magazine {
        return Err(refuse(
            "RED-36",
            msg!("red-refuse-full", name = &**name, weapon = &*w.name),
        ));
    }
    // RED-08: a reload fills the magazine with one type; rounds of the old type go back.
    // The reserve is shared with the setup until the first reload copies it.
    let stock = Arc::make_mut(reserve)
        .get_mut(calibre)
        .expect("checked: it holds rounds");
    match stock.get_mut(&*w.ammo) {
        Some(n) => *n += w.loaded,
        None => {
            stock.insert(Arc::clone(&w.ammo), w.loaded);
        }
    }
    let have = stock.get_mut(kind).expect("checked: it holds rounds");
    let rounds = p.magazine.min(*have);
    *have -= rounds;
    w.loaded = rounds;
    if kind != &*w.ammo {
        w.ammo = kind.into();
    }
    state.turn.action_used = true;
    ev.emit(|| Event::Reloaded {
        who: name.to_string(),
        weapon: w.name.to_string(),
        ammo: w.ammo.to_string(),
        rounds,
    });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
pub(super) fn use_skill<D: Dice>(
    state: &mut State,
    actor: usize,
    stat: &str,
    skill: &str,
    dv: i32,
    turns: u32,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let f = &state.fighters[actor];
    let stat_value = f
        .stats
        .get(stat)
        .ok_or_else(|| refuse("RED-08", msg!("red-refuse-no-stat", stat = stat)))?;
    if turns == 0 || turns > 1000 {
        return Err(refuse("RED-08", msg!("red-refuse-task-turns")));
    }
    crate::resolve::bounded("RED-08", "the DV", i64::from(dv))?;
    let speech = injury::SPEECH_SKILLS.contains(&skill);
    if speech && f.effects.mute {
        return Err(refuse(
            "RED-42",
            msg!("red-refuse-mute", name = &*f.name, skill = skill),
        ));
    }
    let task = match &f.task {
        Some(t) if t.stat == stat && t.skill == skill && t.dv == dv && t.turns == turns => Task {
            done: t.done + 1,
            ..t.clone()
        },
        _ => Task {
            stat: stat.to_owned(),
            skill: skill.to_owned(),
            dv,
            turns,
            done: 1,
        },
    };
    state.turn.action_used = true;
    if task.done < task.turns {
        ev.emit(|| Event::TaskProgress {
            who: f.name.to_string(),
            skill: skill.to_owned(),
            done: task.done,
            turns,
        });
        state.fighters[actor].task = Some(task);
        return Ok(());
    }
    // RED-42: eye and ear injuries weigh on Perception, a broken jaw on speech.
    let injured = match skill {
        "perception" => f.effects.perception,
        _ if speech => f.effects.speech,
        _ => 0,
    };
    let _ = stat_value;
    let mut terms = f.terms(
        &state.settings,
        Stat::parse(stat).unwrap_or(Stat::None),
        f.skill(skill),
    );
    terms.injury += injured;
    let base = terms.sum();
    let r = check(
        dice,
        &CheckSpec {
            base,
            dv,
            critical: state.settings.critical_checks,
        },
        None,
    )?;
    ev.emit(|| Event::SkillCheck {
        who: f.name.to_string(),
        skill: skill.to_owned(),
        roll: r.roll,
        total: r.total,
        dv,
        success: r.success,
        terms,
        resists: false,
    });
    state.fighters[actor].task = None;
    Ok(())
}

pub(super) fn stabilize<D: Dice>(
    state: &mut State,
    actor: usize,
    target: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let target = target_index(state, target)?;
    let t = &state.fighters[target];
    if t.dead || t.wound() != Wound::Mortally || t.stabilized {
        return Err(refuse(
            "RED-45",
            msg!("red-refuse-stabilize-target", name = &*t.name),
        ));
    }
    within_reach(state, actor, target, "red-refuse-reach-stabilize")?;
    let f = &state.fighters[actor];
    let (first_aid, paramedic) = (f.skill("first_aid"), f.skill("paramedic"));
    let skill = if paramedic > first_aid {
        "paramedic"
    } else {
        "first_aid"
    };
    let terms = f.terms(&state.settings, Stat::Tech, first_aid.max(paramedic));
    let base = terms.sum();
    let dv = state.settings.stabilize_dv;
    let r = check(
        dice,
        &CheckSpec {
            base,
            dv,
            critical: state.settings.critical_checks,
        },
        None,
    )?;
    state.turn.action_used = true;
    if r.success {
        let t = &mut state.fighters[target];
        t.stabilized = true;
        t.death_saves = 0;
    }
    ev.emit(|| Event::Stabilize {
        who: state.name(actor),
        target: state.name(target),
        roll: r.roll,
        total: r.total,
        dv,
        success: r.success,
        terms,
        skill: skill.to_owned(),
    });
    Ok(())
}

pub(super) fn grab<D: Dice>(
    state: &mut State,
    actor: usize,
    target: usize,
    item: Option<usize>,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let target = target_index(state, target)?;
    if target == actor || !state.fighters[target].present() {
        return Err(refuse("RED-08", msg!("red-refuse-grab-whom")));
    }
    within_reach(state, actor, target, "red-refuse-reach-grab")?;
    let a = &state.fighters[actor];
    let escape = a.grabbed_by == Some(target) && item.is_none();
    if !escape {
        let need = match item {
            Some(w) => {
                let weapon = weapon_at(state, target, w)?;
                if weapon.holding != Holding::InHand {
                    return Err(refuse(
                        "RED-08",
                        msg!(
                            "red-refuse-snatch-not-in-hand",
                            name = state.name(target),
                            weapon = &*weapon.name
                        ),
                    ));
                }
                state.tables.weapons[&*weapon.profile].hands
            }
            None => {
                if a.grabbing.is_some() {
                    return Err(refuse(
                        "RED-08",
                        msg!("red-refuse-holds-someone", name = &*a.name),
                    ));
                }
                1
            }
        };
        if need > a.free_hands() {
            return Err(refuse(
                "RED-08",
                msg!("red-refuse-no-hand-grab", name = &*a.name),
            ));
        }
    }
    let s = &state.settings;
    let t = &state.fighters[target];
    let terms = a.terms(s, Stat::Dex, a.skill("brawling"));
    let defense_terms = t.terms(s, Stat::Dex, t.skill("brawling"));
    let ar = roll_d10(dice, s.critical_checks, "grab", None)?;
    let dr = roll_d10(dice, s.critical_checks, "grab defense", None)?;
    let (total, defense) = (terms.sum() + ar.value, defense_terms.sum() + dr.value);
    let success = total > defense;
    state.turn.action_used = true;
    let mut taken = None;
    if success {
        match (escape, item) {
            (true, _) => release_holds(state, actor),
            (false, Some(w)) => {
                let mut weapon = state.fighters[target].weapons[w].clone();
                state.fighters[target].weapons[w].holding = Holding::Dropped;
                weapon.holding = Holding::InHand;
                // Its kit came along; the skill at it is the new holder's.
                let p = &state.tables.weapons[&*weapon.profile];
                weapon.kit.0.skill = state.fighters[actor].skill(&p.skill);
                taken = Some(weapon.name.to_string());
                state.fighters[actor].weapons.push(weapon);
            }
            (false, None) => {
                state.fighters[actor].grabbing = Some(target);
                state.fighters[target].grabbed_by = Some(actor);
            }
        }
    }
    ev.emit(|| Event::Grab {
        who: state.name(actor),
        target: state.name(target),
        total,
        defense,
        roll: ar,
        terms,
        defense_roll: dr,
        defense_terms,
        success,
        escape,
        item: taken,
    });
    Ok(())
}

pub(super) fn hold_action(
    state: &mut State,
    actor: usize,
    cmd: &Command,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let victim = state.fighters[actor].grabbing.ok_or_else(|| {
        refuse(
            "RED-08",
            msg!("red-refuse-holds-no-one", name = state.name(actor)),
        )
    })?;
    state.turn.action_used = true;
    let body = state.fighters[actor].stats.body.max(0) as u32;
    // Both a choke and a throw deal BODY (a human shield deals nothing).
    if !matches!(cmd, Command::HumanShield { .. }) {
        let dealt = &mut state.fighters[actor].tally.damage_dealt;
        *dealt = dealt.saturating_add(body);
    }
    let (who, target) = (state.name(actor), state.name(victim));
    match cmd {
        Command::HumanShield { .. } => {
            state.fighters[actor].human_shield = true;
            ev.emit(|| Event::HumanShield { who, target });
        }
        Command::Choke { .. } => {
            ev.emit(|| Event::Hurt {
                who: target,
                by: who,
                how: "choke".to_owned(),
                damage: body,
                hp: state.fighters[victim].hp.saturating_sub(body as i32),
                hp_max: state.fighters[victim].hp_max,
            });
            lose_hp(state, victim, body, ev);
        }
        _ => {
            ev.emit(|| Event::Thrown {
                who: who.clone(),
                target: target.clone(),
            });
            ev.emit(|| Event::Hurt {
                who: target.clone(),
                by: who,
                how: "throw".to_owned(),
                damage: body,
                hp: state.fighters[victim].hp.saturating_sub(body as i32),
                hp_max: state.fighters[victim].hp_max,
            });
            release_holds(state, actor);
            state.fighters[victim].prone = true;
            ev.emit(|| Event::FellProne { who: target });
            lose_hp(state, victim, body, ev);
        }
    }
    Ok(())
}

pub(super) fn declare_delay(
    state: &mut State,
    actor: usize,
    action: &Command,
    trigger: Trigger,
    ev: &mut Events,
) -> Result<(), RuleError> {
    require_action(state)?;
    let watched = match trigger {
        Trigger::AfterTurn { of } => of,
        Trigger::Moves { who } => who,
    };
    if watched >= state.fighters.len() || watched == actor {
        return Err(refuse("RED-10", msg!("red-refuse-delay-watch")));
    }
    let target = match action {
        Command::Attack { target, .. }
        | Command::Stabilize { target, .. }
        | Command::Grab { target, .. } => Some(target_index(state, *target)?),
        Command::Suppress { .. }
        | Command::Reload { .. }
        | Command::UseSkill { .. }
        | Command::Choke { .. }
        | Command::Throw { .. }
        | Command::HumanShield { .. }
        | Command::Shield { .. }
        | Command::GetUp { .. }
        | Command::UseObject { .. }
        | Command::Maneuver { .. }
        | Command::NetAction { .. } => None,
        _ => return Err(refuse("RED-10", msg!("red-refuse-delay-action"))),
    };
    if actor_of(action) != Some(actor) {
        return Err(refuse("RED-10", msg!("red-refuse-delay-own")));
    }
    if state.delays.iter().any(|d| d.actor == actor) {
        return Err(refuse("RED-10", msg!("red-refuse-delay-one")));
    }
    // A weapon on the floor is out of the fight: an attack held with it could never fire.
    if let Command::Attack {
        weapon: Some(w), ..
    } = action
    {
        if weapon_at(state, actor, *w)?.holding == Holding::Dropped {
            return Err(refuse(
                "RED-09",
                msg!(
                    "red-refuse-delay-dropped",
                    name = state.name(actor),
                    weapon = &*state.fighters[actor].weapons[*w].name
                ),
            ));
        }
    }
    state.turn.action_used = true;
    state.delays.push(Delay {
        actor,
        action: action.clone(),
        trigger,
        round: state.round,
    });
    ev.emit(|| Event::DelayDeclared {
        who: state.name(actor),
        action: serde_json::to_value(action)
            .ok()
            .and_then(|v| v.get("type").and_then(|t| t.as_str()).map(str::to_owned))
            .unwrap_or_default(),
        target: target.map(|t| state.name(t)),
        trigger,
        watching: state.name(watched),
    });
    Ok(())
}

/// Fires every waiting delay whose trigger matches, in the order they were declared: the
/// delayed action is taken at once, out of turn, with its own fresh Action; if it is no
/// longer legal it is lost.
pub(super) fn fire_triggers<D: Dice>(
    state: &mut State,
    matches: impl Fn(&Trigger) -> bool,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let mut i = 0;
    while i < state.delays.len() {
        if !matches(&state.delays[i].trigger) || state.finished.is_some() {
            i += 1;
            continue;
        }
        let d = state.delays.remove(i);
        let who = state.name(d.actor);
        if !state.fighters[d.actor].able(&state.settings) {
            ev.emit(|| Event::DelayLost {
                who,
                reason: "no longer in the fight".to_owned(),
            });
            continue;
        }
        let Some(slot) = state.queue.iter().position(|&q| q == d.actor) else {
            continue;
        };
        let saved_current = std::mem::replace(&mut state.current, slot);
        let saved_turn = std::mem::take(&mut state.turn);
        let mut sub = ev.nested();
        sub.emit(|| Event::DelayTriggered { who: who.clone() });
        let result = perform(state, &d.action, dice, &mut sub, true);
        state.current = saved_current;
        state.turn = saved_turn;
        match result {
            Ok(()) => {
                ev.append(sub);
                check_finish(state, ev);
            }
            Err(e) => ev.emit(|| Event::DelayLost {
                who,
                reason: e.to_string(),
            }),
        }
    }
    Ok(())
}

pub(super) fn join<D: Dice>(
    state: &mut State,
    c: &CharacterSetup,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    c.validate(&state.tables)?;
    if let Some(f) = state
        .fighters
        .iter()
        .find(|f| fray_dice::fields::same_name(&f.name, &c.name))
    {
        return Err(RuleError::new(
            "setup",
            format!(
                "character.name: found '{}'; a participant named '{}' is already in the fight (names must be unique ignoring case)",
                c.name, f.name
            ),
        ));
    }
    let i = state.fighters.len();
    let f = Fighter::new(c, &state.tables, Arc::make_mut(&mut state.gear.0.rows));
    state.fighters.push(f);
    roll_initiative(state, i, dice, ev)?;
    let score = state.fighters[i].initiative;
    // Default: an equal already in the queue cannot reroll: the newcomer goes after it
    // (or before it with `newcomer_wins_ties`).
    let first = state.settings.newcomer_wins_ties;
    let pos = state
        .queue
        .iter()
        .position(|&q| {
            let other = state.fighters[q].initiative;
            other < score || (first && other == score)
        })
        .unwrap_or(state.queue.len());
    state.queue.insert(pos, i);
    if pos <= state.current {
        state.current += 1;
    }
    if let Some(r) = state.resume.as_mut() {
        if pos < *r {
            *r += 1;
        }
    }
    ev.emit(|| Event::Joined {
        who: state.name(i),
        initiative: score,
        queue: state.queue_names(),
    });
    Ok(())
}
