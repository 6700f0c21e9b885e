//! The actions of a turn (AGE-10, AGE-11, AGE-18, AGE-19, AGE-26, AGE-31).

use super::*;

pub(crate) fn minor_event(state: &State, me: usize, action: &str, detail: String) -> Event {
    Event::Minor {
        name: state.combatants[me].name.clone(),
        action: action.to_owned(),
        detail,
    }
}

pub(crate) fn turn_command<D: Dice>(
    state: &mut State,
    me: usize,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    match command {
        Command::MeleeAttack { .. }
        | Command::HeavyAttack { .. }
        | Command::RangedAttack { .. }
        | Command::StuntAttack { .. }
        | Command::Charge { .. } => {
            slot_check(&state.turn, Slot::Major)?;
            let (plan, charge_to) = attack_plan(state, command)?.expect("an attack command");
            use_slot(&mut state.turn, Slot::Major);
            if let Some(to) = charge_to {
                move_to(state, me, to, MoveKind::Charge, events);
            }
            execute_attack(state, plan, dice, events)
        }
        Command::ThrowGrenade {
            at,
            tn,
            deviate_long,
            ..
        } => {
            slot_check(&state.turn, Slot::Major)?;
            let c = &state.combatants[me];
            let Some(wi) = c
                .in_hand
                .filter(|&i| c.weapons[i].weapon.kind.is_explosive())
            else {
                return Err(refuse(
                    "AGE-19",
                    fray_dice::msg!("age-refuse-take-up-grenade", name = &*c.name),
                ));
            };
            let launcher = c.weapons[wi].weapon.kind == AttackKind::GrenadeLauncher;
            if launcher && c.weapons[wi].jammed {
                return Err(refuse(
                    "AGE-18",
                    fray_dice::msg!(
                        "age-refuse-jammed",
                        name = &*c.name,
                        weapon = c.weapons[wi].weapon.name.as_str()
                    ),
                ));
            }
            if c.weapons[wi].count == 0 {
                return Err(refuse(
                    "AGE-19",
                    fray_dice::msg!(
                        "age-refuse-none-left",
                        name = &*c.name,
                        item = c.weapons[wi].weapon.name.as_str()
                    ),
                ));
            }
            if c.conditions.blinded {
                return Err(refuse(
                    "AGE-30",
                    fray_dice::msg!("age-refuse-blinded", name = &*c.name),
                ));
            }
            check_position(*at)?;
            let base_tn = state.rules.grenade_tn;
            if tn.is_some_and(|t| t < base_tn) {
                return Err(refuse(
                    "AGE-19",
                    fray_dice::msg!("age-refuse-grenade-tn", tn = base_tn),
                ));
            }
            let w = &c.weapons[wi].weapon;
            let kind = w.kind;
            let band = weapon_range(c, Some(wi), kind).unwrap_or(RangeBand { normal: 0, max: 0 });
            let range = range_modifier(band, c.position.abs_diff(*at))?;
            let high_capacity = w.high_capacity && !c.weapons[wi].high_capacity_used;
            let mut terms = Terms {
                ability: Ability::Accuracy,
                score: c.abilities.accuracy,
                focus: has_focus(c, &w.focus),
                modifiers: Modifiers {
                    conditions: c.conditions.roll_penalty(),
                    guarded_stance: -c.guarded,
                    aim: i32::from(c.aimed),
                    ..Modifiers::default()
                },
            };
            let grenade_tn = tn.unwrap_or(base_tn);
            let spec = GrenadeSpec {
                ability: terms.score,
                focus: terms.focus,
                modifier: terms.modifiers.sum(),
                tn: grenade_tn,
                strength: c.abilities.strength,
                range: Some(band),
                from: c.position,
                at: *at,
                deviate_long: *deviate_long,
            };
            // throw_grenade adds the range band itself; the log shows it as a term.
            terms.modifiers.range = range;
            let dmg = w
                .damage
                .or(kind.damage_dice(false))
                .unwrap_or(DamageDice { count: 3, sides: 6 });
            let bonus = w.damage_bonus;
            let (ap, pen) = (w.armour_piercing, w.penetrating);
            use_slot(&mut state.turn, Slot::Major);
            state.combatants[me].aimed = false;
            let result = throw_grenade(dice, &spec)?;
            let grenade = DamageSpec {
                dice: dmg,
                bonus,
                extra_d6: 0,
            };
            let per_target = state.rules.grenade_damage_per_target;
            let mut shared_roll = None;
            let shared = if per_target {
                None
            } else {
                let (total, roll) = roll_damage_record(dice, &grenade, events.is_recording())?;
                shared_roll = roll;
                Some(total)
            };
            let c = &mut state.combatants[me];
            if launcher {
                let jam = !result.roll.success && result.roll.drama() == 6;
                if jam {
                    let w = &mut c.weapons[wi];
                    let capacity = if high_capacity {
                        w.high_capacity_used = true;
                        Capacity::Ignored
                    } else {
                        w.jammed = true;
                        Capacity::Jammed
                    };
                    events.emit(|| Event::Capacity {
                        name: c.name.clone(),
                        weapon: w.weapon.name.clone(),
                        result: capacity,
                    });
                }
            } else {
                c.weapons[wi].count -= 1;
                if c.weapons[wi].count == 0 {
                    c.in_hand = None;
                }
            }
            let caught: Vec<usize> = (0..state.combatants.len())
                .filter(|&i| {
                    let o = &state.combatants[i];
                    !o.dead && o.position.abs_diff(result.detonation) <= GRENADE_RADIUS
                })
                .collect();
            events.emit(|| Event::Grenade {
                thrower: state.combatants[me].name.clone(),
                result,
                terms,
                tn: grenade_tn,
                damage: shared,
                caught: caught
                    .iter()
                    .map(|&i| state.combatants[i].name.clone())
                    .collect(),
            });
            if let Some(roll) = shared_roll {
                events.emit(|| Event::DamageRolled {
                    target: state.combatants[me].name.clone(),
                    grenade: true,
                    roll,
                });
            }
            grenade_damage(state, &caught, shared, &grenade, (pen, ap), dice, events)?;
            Ok(())
        }
        Command::Defend { .. } => {
            slot_check(&state.turn, Slot::Major)?;
            if state.turn.guarded {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-defend-after-stance"),
                ));
            }
            use_slot(&mut state.turn, Slot::Major);
            state.turn.defended = true;
            let c = &mut state.combatants[me];
            c.defend = 2;
            events.emit(|| Event::DefenseBonus {
                name: c.name.clone(),
                bonus: 2,
                ranged_only: false,
                source: "defend".to_owned(),
            });
            Ok(())
        }
        Command::Run { to, .. } => {
            let t = &state.turn;
            if t.major_used || t.minors_used > 0 {
                return Err(refuse(
                    "AGE-10",
                    fray_dice::msg!("age-refuse-run-whole-turn"),
                ));
            }
            slot_check(t, Slot::Major)?;
            let c = &state.combatants[me];
            if let Some((rule, why)) = c.conditions.run_forbidden_by() {
                return Err(refuse(
                    rule,
                    fray_dice::msg!("age-refuse-no-run", name = &*c.name, condition = why),
                ));
            }
            free_fall_check(state, me)?;
            check_position(*to)?;
            let max = 2 * speed(state, c);
            if c.position.abs_diff(*to) > max as u32 {
                return Err(refuse(
                    "AGE-10",
                    fray_dice::msg!(
                        "age-refuse-run-too-far",
                        max = max,
                        distance = c.position.abs_diff(*to)
                    ),
                ));
            }
            state.turn.ran = true;
            state.turn.major_used = true;
            move_to(state, me, *to, MoveKind::Run, events);
            Ok(())
        }
        Command::FirstAid { target, .. } => {
            slot_check(&state.turn, Slot::Major)?;
            let t = find(state, target)?;
            if state.combatants[t].conditions.injury != Injury::Dying || state.combatants[t].dead {
                return Err(refuse(
                    "AGE-26",
                    fray_dice::msg!("age-refuse-aid-not-dying", target = &**target),
                ));
            }
            if distance(state, me, t) > state.rules.melee_reach {
                return Err(refuse(
                    "AGE-26",
                    fray_dice::msg!("age-refuse-aid-reach", target = &**target),
                ));
            }
            use_slot(&mut state.turn, Slot::Major);
            let c = &state.combatants[me];
            let terms = Terms {
                ability: Ability::Intelligence,
                score: c.abilities.intelligence,
                focus: c.foci.iter().any(|f| f == "Medicine"),
                modifiers: Modifiers {
                    conditions: c.conditions.roll_penalty(),
                    guarded_stance: -c.guarded,
                    ..Modifiers::default()
                },
            };
            let tn = state.rules.first_aid_tn;
            let roll = test(dice, &terms.spec(Some(tn)))?;
            events.emit(|| Event::FirstAid {
                medic: c.name.clone(),
                target: target.clone(),
                roll,
                terms,
                tn,
            });
            if roll.success {
                let p = &mut state.combatants[t];
                p.conditions.remove(Condition::Dying);
                events.emit(|| Event::ConditionRemoved {
                    name: p.name.clone(),
                    condition: Condition::Dying,
                });
                for cond in [
                    Condition::Helpless,
                    Condition::Unconscious,
                    Condition::Wounded,
                ] {
                    let reached = p.conditions.add(cond);
                    events.emit(|| Event::ConditionGained {
                        name: p.name.clone(),
                        condition: cond,
                        reached,
                    });
                }
            }
            Ok(())
        }
        Command::Activate { what, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            events.emit(|| minor_event(state, me, "activate", what.clone()));
            Ok(())
        }
        Command::Aim { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].aimed = true;
            events.emit(|| minor_event(state, me, "aim", String::new()));
            Ok(())
        }
        Command::GuardedStance { bonus, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            if !(1..=2).contains(bonus) {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-stance-bonus", bonus = *bonus),
                ));
            }
            if state.turn.major_used {
                return Err(refuse("AGE-11", fray_dice::msg!("age-refuse-stance-late")));
            }
            if state.turn.defended {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-stance-with-defend"),
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            state.turn.guarded = true;
            let c = &mut state.combatants[me];
            c.guarded = *bonus;
            events.emit(|| Event::DefenseBonus {
                name: c.name.clone(),
                bonus: *bonus,
                ranged_only: false,
                source: "guarded_stance".to_owned(),
            });
            Ok(())
        }
        Command::Move {
            to,
            stand_up,
            drop_prone,
            push,
            ..
        } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            check_position(*to)?;
            let dist = i64::from(c.position.abs_diff(*to));
            if *push {
                if !state.free_fall {
                    return Err(refuse(
                        "AGE-31",
                        fray_dice::msg!("age-refuse-push-free-fall"),
                    ));
                }
            } else if dist > 0 {
                free_fall_check(state, me)?;
            }
            let prone = c.conditions.has(Condition::Prone);
            if *stand_up && !prone {
                return Err(refuse(
                    "AGE-27",
                    fray_dice::msg!("age-refuse-not-prone", name = &*c.name),
                ));
            }
            if *stand_up && c.conditions.unconscious {
                return Err(refuse(
                    "AGE-28",
                    fray_dice::msg!("age-refuse-unconscious", name = &*c.name),
                ));
            }
            if *drop_prone && prone {
                return Err(refuse(
                    "AGE-27",
                    fray_dice::msg!("age-refuse-already-prone", name = &*c.name),
                ));
            }
            let budget = move_budget(state, c, *stand_up, *drop_prone);
            if dist > i64::from(budget) {
                return Err(refuse(
                    if prone { "AGE-27" } else { "AGE-11" },
                    fray_dice::msg!(
                        "age-refuse-move-too-far",
                        name = &*c.name,
                        budget = budget,
                        distance = dist
                    ),
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            if *stand_up {
                state.combatants[me].conditions.prone = false;
                events.emit(|| Event::ConditionRemoved {
                    name: state.combatants[me].name.clone(),
                    condition: Condition::Prone,
                });
            }
            let from = state.combatants[me].position;
            move_to(
                state,
                me,
                *to,
                if *push {
                    MoveKind::Push
                } else {
                    MoveKind::Move
                },
                events,
            );
            if *push {
                state.combatants[me].drift = *to - from;
            }
            if *drop_prone {
                let c = &mut state.combatants[me];
                let reached = c.conditions.add(Condition::Prone);
                events.emit(|| Event::ConditionGained {
                    name: c.name.clone(),
                    condition: Condition::Prone,
                    reached,
                });
            }
            Ok(())
        }
        Command::Ready { target, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            slot_check(&state.turn, Slot::Major)?;
            let t = find(state, target)?;
            if state.combatants[t].side == state.combatants[me].side {
                return Err(refuse(
                    "AGE-12",
                    fray_dice::msg!("age-refuse-ready-same-side", target = &**target),
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            use_slot(&mut state.turn, Slot::Major);
            state.combatants[me].readied = Some(Readied { target: t });
            events.emit(|| minor_event(state, me, "ready", target.to_string()));
            Ok(())
        }
        Command::Pursue { .. } => {
            let Some(t) = pursue_target(state) else {
                return Err(refuse("AGE-11", fray_dice::msg!("age-refuse-pursue")));
            };
            free_fall_check(state, me)?;
            let to = approach(state, me, t, speed(state, &state.combatants[me]));
            state.turn.pursued = true;
            move_to(state, me, to, MoveKind::Pursue, events);
            Ok(())
        }
        Command::TakeUp { item, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            let Some(wi) = c.weapons.iter().position(|w| &w.weapon.name == item) else {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!("age-refuse-no-item", name = &*c.name, item = item.as_str()),
                ));
            };
            if c.weapons[wi].count == 0 {
                return Err(refuse(
                    "AGE-11",
                    fray_dice::msg!(
                        "age-refuse-none-left",
                        name = &*c.name,
                        item = item.as_str()
                    ),
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].in_hand = Some(wi);
            events.emit(|| minor_event(state, me, "take_up", item.clone()));
            Ok(())
        }
        Command::Reload { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            let Some(wi) = c.in_hand.filter(|&i| c.weapons[i].jammed) else {
                return Err(refuse(
                    "AGE-18",
                    fray_dice::msg!("age-refuse-not-jammed", name = &*c.name),
                ));
            };
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].weapons[wi].jammed = false;
            let name = state.combatants[me].weapons[wi].weapon.name.clone();
            events.emit(|| minor_event(state, me, "reload", name));
            Ok(())
        }
        Command::StandFirm { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].stand_firm = true;
            events.emit(|| minor_event(state, me, "stand_firm", String::new()));
            Ok(())
        }
        Command::EndTurn { .. } => end_turn(state, dice, events),
        Command::SpendStunts { .. }
        | Command::Absorb { .. }
        | Command::Test { .. }
        | Command::ApplyCondition { .. }
        | Command::RemoveCondition { .. }
        | Command::Interrupt { .. } => Ok(()),
    }
}
