//! Attacks and their damage (AGE-10, AGE-12 … AGE-19): planning, rolling, dealing damage and
//! the target's offer to absorb it with a condition (AGE-15).

use super::*;

/// The weapon in hand that makes a ranged attack (not melee, not explosive), if any: the one
/// rule behind [`weapon_for`]'s ranged case and the probes that only ask whether there is one.
pub(crate) fn ranged_in_hand(c: &Combatant) -> Option<(usize, AttackKind)> {
    let i = c.in_hand?;
    let k = c.weapons[i].weapon.kind;
    (!k.is_melee() && !k.is_explosive()).then_some((i, k))
}

/// The weapon used for an attack of this kind, and its attack type: melee uses the melee
/// weapon in hand, fists when empty-handed, and a held firearm as an improvised club.
pub(crate) fn weapon_for(
    c: &Combatant,
    melee: bool,
) -> Result<(Option<usize>, AttackKind), RuleError> {
    let held = c.in_hand.map(|i| (i, c.weapons[i].weapon.kind));
    if melee {
        return Ok(match held {
            None => (None, AttackKind::Unarmed),
            Some((i, k)) if k.is_melee() => (Some(i), k),
            Some((i, _)) => (Some(i), AttackKind::Improvised),
        });
    }
    if let Some((i, k)) = ranged_in_hand(c) {
        return Ok((Some(i), k));
    }
    match held {
        Some((_, k)) if k.is_explosive() => Err(refuse(
            "AGE-19",
            fray_dice::msg!("age-refuse-grenade-attack"),
        )),
        _ => Err(refuse(
            "AGE-10",
            fray_dice::msg!("age-refuse-no-ranged", name = &*c.name),
        )),
    }
}

pub(crate) fn weapon_name(c: &Combatant, w: Option<usize>) -> String {
    w.map_or_else(
        || "unarmed".to_owned(),
        |i| c.weapons[i].weapon.name.clone(),
    )
}

pub(crate) fn has_focus(c: &Combatant, focus: &Option<String>) -> bool {
    focus.as_ref().is_some_and(|f| c.foci.contains(f))
}

/// Defense against an attack (AGE-12 \[default\]): base (10 + Dex) + shield + action bonuses.
pub(crate) fn defense(t: &Combatant, melee: bool) -> i32 {
    let shield = match (t.shield, melee) {
        (false, _) => 0,
        (true, true) => SHIELD_DEFENSE.0,
        (true, false) => SHIELD_DEFENSE.1,
    };
    t.base_defense + shield + t.defend + t.guarded + t.weave + if melee { 0 } else { t.cover }
        - t.heavy_penalty
}

pub(crate) fn distance(state: &State, a: usize, b: usize) -> u32 {
    state.combatants[a]
        .position
        .abs_diff(state.combatants[b].position)
}

pub(crate) fn weapon_range(c: &Combatant, w: Option<usize>, kind: AttackKind) -> Option<RangeBand> {
    w.and_then(|i| c.weapons[i].weapon.range)
        .or_else(|| kind.range(c.abilities.strength))
}

/// A planned attack, validated before any die is drawn.
pub(crate) struct Plan {
    pub(crate) terms: Terms,
    pub(crate) attacker: usize,
    pub(crate) target: usize,
    pub(crate) action: AttackAction,
    pub(crate) weapon: Option<usize>,
    pub(crate) spec: AttackSpec,
}

/// The attack an attack command (or `interrupt`) would roll, validated, and for a Charge
/// where the charger ends up; `None` for a command that is no attack on a target. Both
/// `apply` and the previews plan through here.
pub(crate) fn attack_plan(
    state: &State,
    command: &Command,
) -> Result<Option<(Plan, Option<i32>)>, RuleError> {
    let (me, target, action) = match command {
        Command::MeleeAttack { actor, target } => (actor, target, AttackAction::Melee),
        Command::HeavyAttack { actor, target } => (actor, target, AttackAction::Heavy),
        Command::RangedAttack { actor, target } => (actor, target, AttackAction::Ranged),
        Command::StuntAttack { actor, target } => (actor, target, AttackAction::Stunt),
        Command::Charge { actor, target } => (actor, target, AttackAction::Charge),
        Command::Interrupt { actor } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            let Some(readied) = &c.readied else {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-no-readied", name = &**actor),
                ));
            };
            let melee = ranged_in_hand(c).is_none();
            let plan = plan_attack(
                state,
                i,
                readied.target,
                AttackAction::Readied,
                melee,
                0,
                None,
            )?;
            return Ok(Some((plan, None)));
        }
        _ => return Ok(None),
    };
    let me = find(state, me)?;
    let t = find(state, target)?;
    let c = &state.combatants[me];
    let plan = match action {
        AttackAction::Melee | AttackAction::Heavy => {
            plan_attack(state, me, t, action, true, 0, None)?
        }
        AttackAction::Ranged => plan_attack(state, me, t, action, false, 0, None)?,
        AttackAction::Stunt => {
            let melee =
                ranged_in_hand(c).is_none() || distance(state, me, t) <= state.rules.melee_reach;
            plan_attack(state, me, t, action, melee, 0, None)?
        }
        _ => {
            if let Some((rule, why)) = c.conditions.run_forbidden_by() {
                return Err(refuse(
                    rule,
                    fray_dice::msg!("age-refuse-no-charge", name = &*c.name, condition = why),
                ));
            }
            free_fall_check(state, me)?;
            let to = approach(state, me, t, speed(state, c) / 2);
            let moved = to.abs_diff(c.position);
            let dist = to.abs_diff(state.combatants[t].position);
            let bonus = i32::from(moved >= 4);
            let plan = plan_attack(state, me, t, action, true, bonus, Some(dist))?;
            return Ok(Some((plan, Some(to))));
        }
    };
    Ok(Some((plan, None)))
}

pub(crate) fn plan_attack(
    state: &State,
    attacker: usize,
    target: usize,
    action: AttackAction,
    melee: bool,
    extra_modifier: i32,
    from_distance: Option<u32>,
) -> Result<Plan, RuleError> {
    let a = &state.combatants[attacker];
    let t = &state.combatants[target];
    if attacker == target {
        return Err(refuse("AGE-12", fray_dice::msg!("age-refuse-self")));
    }
    if t.side == a.side {
        return Err(refuse(
            "AGE-12",
            fray_dice::msg!(
                "age-refuse-same-side",
                target = &*t.name,
                attacker = &*a.name
            ),
        ));
    }
    if t.taken_out {
        return Err(refuse(
            "AGE-12",
            fray_dice::msg!("age-refuse-out-of-fight", target = &*t.name),
        ));
    }
    let dist = from_distance.unwrap_or_else(|| distance(state, attacker, target));
    let (weapon, kind) = weapon_for(a, melee)?;
    let mut modifiers = Modifiers {
        conditions: a.conditions.roll_penalty(),
        guarded_stance: -a.guarded,
        charge: extra_modifier,
        // AGE-11 Aim, kept from an earlier turn when it was the aimer's last action.
        aim: i32::from(a.aimed),
        ..Modifiers::default()
    };
    let range = if melee {
        if dist > state.rules.melee_reach {
            return Err(refuse(
                "AGE-10",
                fray_dice::msg!(
                    "age-refuse-out-of-reach",
                    target = &*t.name,
                    distance = dist,
                    reach = state.rules.melee_reach
                ),
            ));
        }
        None
    } else {
        if a.conditions.blinded {
            return Err(refuse(
                "AGE-30",
                fray_dice::msg!("age-refuse-blinded", name = &*a.name),
            ));
        }
        let w = &a.weapons[weapon.unwrap_or(0)];
        if w.jammed {
            return Err(refuse(
                "AGE-18",
                fray_dice::msg!(
                    "age-refuse-jammed",
                    name = &*a.name,
                    weapon = w.weapon.name.as_str()
                ),
            ));
        }
        let band = weapon_range(a, weapon, kind).unwrap_or(RangeBand { normal: 0, max: 0 });
        range_modifier(band, dist)?;
        Some(band)
    };
    if t.conditions.has(Condition::Prone) {
        modifiers.prone_target = if melee { 1 } else { -1 };
    }
    let modifier = modifiers.sum();
    let w = weapon.map(|i| &a.weapons[i]);
    let focus = match (w, kind) {
        (Some(w), k) if k != AttackKind::Improvised => has_focus(a, &w.weapon.focus),
        _ => false,
    };
    let ability = if melee {
        Ability::Fighting
    } else {
        Ability::Accuracy
    };
    Ok(Plan {
        terms: Terms {
            ability,
            score: a.abilities.get(ability),
            focus,
            modifiers,
        },
        attacker,
        target,
        action,
        weapon,
        spec: AttackSpec {
            ability: if melee {
                a.abilities.fighting
            } else {
                a.abilities.accuracy
            },
            focus,
            modifier,
            defense: defense(t, melee),
            range,
            distance: dist,
            firearm: kind.is_firearm() && !melee,
            high_capacity: w.is_some_and(|w| w.weapon.high_capacity && !w.high_capacity_used),
        },
    })
}

/// Rolls a planned attack; on a hit with stunt points the attack waits for `spend_stunts`,
/// else damage follows at once.
pub(crate) fn execute_attack<D: Dice>(
    state: &mut State,
    plan: Plan,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let result = attack(dice, &plan.spec)?;
    let melee = plan.spec.range.is_none();
    let mut points = result.roll.stunt_points;
    if plan.action == AttackAction::Stunt && result.hit {
        points = points.saturating_add(state.rules.stunt_attack_points);
    }
    let a = &state.combatants[plan.attacker];
    events.emit(|| Event::Attack {
        attacker: a.name.clone(),
        target: state.combatants[plan.target].name.clone(),
        action: plan.action,
        weapon: weapon_name(a, plan.weapon),
        roll: result.roll,
        terms: Terms {
            modifiers: Modifiers {
                range: result.range_modifier,
                ..plan.terms.modifiers
            },
            ..plan.terms
        },
        defense: plan.spec.defense,
        hit: result.hit,
        stunt_points: points,
    });
    state.combatants[plan.attacker].aimed = false;
    if plan.action == AttackAction::Heavy {
        state.combatants[plan.attacker].heavy_penalty = 1;
    }
    if !result.hit {
        let attacker = &mut state.combatants[plan.attacker];
        if let Some(wi) = plan.weapon {
            let w = &mut attacker.weapons[wi];
            match result.capacity {
                Capacity::Ready => {}
                Capacity::Ignored => w.high_capacity_used = true,
                Capacity::Jammed => w.jammed = true,
            }
            if result.capacity != Capacity::Ready {
                events.emit(|| Event::Capacity {
                    name: attacker.name.clone(),
                    weapon: w.weapon.name.clone(),
                    result: result.capacity,
                });
            }
            if w.weapon.armour_piercing && !melee && state.combatants[plan.target].near_hull {
                let (die, decompressed) = decompression_check(dice)?;
                state.decompressed |= decompressed;
                events.emit(|| Event::Decompression { die, decompressed });
            }
        }
        return Ok(());
    }
    if melee && state.turn.actor == plan.attacker {
        state.turn.melee_hit = Some(plan.target);
    }
    state.stunt_points_earned += u32::from(points);
    let pending = Pending {
        attacker: plan.attacker,
        target: plan.target,
        points,
        action: plan.action,
        weapon: plan.weapon,
        melee,
    };
    if points > 0 {
        state.pending = Some(pending);
    } else {
        // A pause to absorb has nothing more to do after it.
        deal_damage(state, &pending, 0, dice, events)?;
    }
    Ok(())
}

/// Rolls and applies the damage of a hit (AGE-13 … AGE-16). `true`: the target must answer
/// an offer to absorb first ([`harm`]).
pub(crate) fn deal_damage<D: Dice>(
    state: &mut State,
    hit: &Pending,
    extra_d6: u8,
    dice: &mut D,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let a = &state.combatants[hit.attacker];
    let (weapon, kind) = weapon_for(a, hit.melee)?;
    let w = weapon.map(|i| &a.weapons[i].weapon);
    let stunt_only = hit.action == AttackAction::Stunt;
    if stunt_only && extra_d6 == 0 {
        return Ok(false);
    }
    let ability = match kind.damage_ability(state.rules.light_melee_damage) {
        DamageAbility::Strength => a.abilities.strength,
        DamageAbility::StrengthOrDexterity => a.abilities.strength.max(a.abilities.dexterity),
        DamageAbility::Perception => a.abilities.perception,
        DamageAbility::None => 0,
    };
    let dice_spec = w
        .filter(|_| kind != AttackKind::Improvised)
        .and_then(|w| w.damage)
        .or_else(|| kind.damage_dice(a.striking_style))
        .unwrap_or(DamageDice { count: 1, sides: 6 });
    let heavy = i32::from(hit.action == AttackAction::Heavy);
    let spec = if stunt_only {
        DamageSpec {
            dice: DamageDice { count: 0, sides: 6 },
            bonus: 0,
            extra_d6,
        }
    } else {
        DamageSpec {
            dice: dice_spec,
            bonus: ability
                + heavy
                + w.filter(|_| kind != AttackKind::Improvised)
                    .map_or(0, |w| w.damage_bonus),
            extra_d6,
        }
    };
    let raw = roll_damage_emit(dice, &spec, hit.target, state, events)?;
    let soak = Soak {
        constitution: state.combatants[hit.target].abilities.constitution,
        armour: state.combatants[hit.target].armour.0,
        penetrating: w.is_some_and(|w| w.penetrating) && kind != AttackKind::Improvised,
        armour_piercing: w.is_some_and(|w| w.armour_piercing) && kind != AttackKind::Improvised,
    };
    Ok(harm(state, hit.target, raw, &soak, events))
}

/// Rolls damage as [`crate::roll_damage`] does, keeping the faces when `record` (a log shows them).
pub(crate) fn roll_damage_record<D: Dice>(
    dice: &mut D,
    spec: &DamageSpec,
    record: bool,
) -> Result<(i32, Option<DamageRoll>), RuleError> {
    let (mut faces, mut extra) = (Vec::new(), Vec::new());
    let total = roll_damage_faces(dice, spec, |is_extra, face| match (record, is_extra) {
        (false, _) => {}
        (true, false) => faces.push(face),
        (true, true) => extra.push(face),
    })?;
    let roll = record.then_some(DamageRoll {
        dice: spec.dice,
        faces,
        bonus: spec.bonus,
        extra,
        total,
    });
    Ok((total, roll))
}

/// Rolls damage for `target` and logs the roll.
fn roll_damage_emit<D: Dice>(
    dice: &mut D,
    spec: &DamageSpec,
    target: usize,
    state: &State,
    events: &mut Events,
) -> Result<i32, RuleError> {
    let (total, roll) = roll_damage_record(dice, spec, events.is_recording())?;
    if let Some(roll) = roll {
        events.emit(|| Event::DamageRolled {
            target: state.combatants[target].name.clone(),
            grenade: false,
            roll,
        });
    }
    Ok(total)
}

/// Runs damage through the flow (AGE-15). When Fortune runs out and a condition may absorb
/// the rest, the target decides: the engine stops (`State::absorbing`, answered by
/// `Command::Absorb`) and returns `true`; the caller records what it still has to do.
pub(crate) fn harm(
    state: &mut State,
    target: usize,
    raw: i32,
    soak: &Soak,
    events: &mut Events,
) -> bool {
    let t = &mut state.combatants[target];
    let (outcome, left) = pay_damage(
        raw,
        soak,
        Vitals {
            fortune: t.fortune,
            injury: t.conditions.injury,
        },
    );
    t.fortune = outcome.after.fortune;
    match absorb_offer(&outcome, left, &state.rules.damage_flow) {
        Some(offer) => {
            state.absorbing = Some(Absorbing {
                target,
                offer,
                outcome,
                left,
                interrupt: false,
                then: After::Nothing,
            });
            true
        }
        None => {
            settle_damage(state, target, outcome, left, events);
            false
        }
    }
}

/// Answers an offer to absorb (AGE-15): takes the condition (rolling what it absorbs) and
/// goes on to the next offer, or declines; then records the damage and finishes the command
/// the damage interrupted.
pub(crate) fn resume_absorb<D: Dice>(
    state: &mut State,
    mut a: Absorbing,
    take: bool,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if take {
        let flow = state.rules.damage_flow;
        a.left = absorb(dice, &mut a.outcome, a.left, a.offer, &flow)?;
        if let Some(offer) = absorb_offer(&a.outcome, a.left, &flow) {
            a.offer = offer;
            state.absorbing = Some(a);
            return Ok(());
        }
    }
    settle_damage(state, a.target, a.outcome, a.left, events);
    match a.then {
        After::Nothing => {}
        After::Stunts {
            hit,
            stunts,
            skirmish,
        } => stunt_effects(state, &hit, &stunts, skirmish, dice, events)?,
        After::Grenade {
            rest,
            shared,
            damage,
            penetrating,
            armour_piercing,
        } => grenade_damage(
            state,
            &rest,
            shared,
            &damage,
            (penetrating, armour_piercing),
            dice,
            events,
        )?,
    }
    // As the interrupted command would have ended.
    if a.interrupt {
        if !check_end(state, events) {
            maybe_end_turn(state, dice, events)?;
        }
    } else {
        maybe_end_turn(state, dice, events)?;
        check_end(state, events);
    }
    Ok(())
}

/// A grenade's damage to each creature caught, in order (AGE-19); stops at an offer to
/// absorb and records the rest.
pub(crate) fn grenade_damage<D: Dice>(
    state: &mut State,
    caught: &[usize],
    shared: Option<i32>,
    grenade: &DamageSpec,
    (penetrating, armour_piercing): (bool, bool),
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    for (k, &i) in caught.iter().enumerate() {
        let t = &state.combatants[i];
        let soak = Soak {
            constitution: t.abilities.constitution,
            armour: t.armour.0,
            penetrating,
            armour_piercing,
        };
        let raw = match shared {
            Some(raw) => raw,
            None => roll_damage_emit(dice, grenade, i, state, events)?,
        };
        if harm(state, i, raw, &soak, events) {
            if let Some(a) = &mut state.absorbing {
                a.then = After::Grenade {
                    rest: caught[k + 1..].to_vec(),
                    shared,
                    damage: *grenade,
                    penetrating,
                    armour_piercing,
                };
            }
            return Ok(());
        }
    }
    Ok(())
}

/// Records where one hit's damage went: the event, the conditions taken, Taken Out.
pub(crate) fn settle_damage(
    state: &mut State,
    target: usize,
    mut outcome: DamageOutcome,
    left: i32,
    events: &mut Events,
) {
    outcome.taken_out = left > 0;
    let t = &mut state.combatants[target];
    events.emit(|| Event::Damage {
        target: t.name.clone(),
        outcome,
    });
    if outcome.injured_absorbed.is_some() {
        let reached = t.conditions.add(Condition::Injured);
        events.emit(|| Event::ConditionGained {
            name: t.name.clone(),
            condition: Condition::Injured,
            reached,
        });
    }
    if outcome.wounded_absorbed.is_some() {
        let reached = t.conditions.add(Condition::Wounded);
        events.emit(|| Event::ConditionGained {
            name: t.name.clone(),
            condition: Condition::Wounded,
            reached,
        });
    }
    if outcome.taken_out && !t.taken_out {
        t.taken_out = true;
        t.out_round = Some(state.round);
        events.emit(|| Event::TakenOut {
            name: t.name.clone(),
        });
        let taken_out = state.rules.taken_out;
        let t = &mut state.combatants[target];
        match taken_out {
            TakenOut::Dying => {
                let reached = t.conditions.add(Condition::Dying);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Dying,
                    reached,
                });
                let reached = t.conditions.add(Condition::Unconscious);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Unconscious,
                    reached,
                });
            }
            TakenOut::Unconscious => {
                let reached = t.conditions.add(Condition::Unconscious);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Unconscious,
                    reached,
                });
            }
            TakenOut::Dead => {
                t.dead = true;
                events.emit(|| Event::Died {
                    name: t.name.clone(),
                });
            }
        }
    }
}

/// The display name of a condition offered.
pub(crate) fn condition_name(c: Condition) -> &'static str {
    match c {
        Condition::Injured => "Injured",
        _ => "Wounded",
    }
}
