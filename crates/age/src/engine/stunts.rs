//! Spending stunt points and what stunts do (AGE-11 Stand Firm, AGE-20, AGE-21).

use super::*;

/// A Stand Firm check against Skirmish or Knock Prone (AGE-11): the attacker's Strength
/// (Might) against the defender's better of Strength (Might) and Dexterity (Acrobatics).
/// Returns whether the stunt works (the attacker must win).
pub(crate) fn stand_firm_check<D: Dice>(
    state: &State,
    p: &Pending,
    stunt: &str,
    dice: &mut D,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let t = &state.combatants[p.target];
    if !t.stand_firm {
        return Ok(true);
    }
    let a = &state.combatants[p.attacker];
    let spec = |c: &Combatant, ability: i32, focus: &str, extra: i32| TestSpec {
        ability,
        focus: c.foci.iter().any(|f| f == focus),
        modifier: c.conditions.roll_penalty() - c.guarded + extra,
        tn: None,
        auto_fail: false,
    };
    let attacker = spec(a, a.abilities.strength, "Might", 0);
    let by_str = spec(t, t.abilities.strength, "Might", 0);
    let by_dex = spec(t, t.abilities.dexterity, "Acrobatics", t.armour.1);
    let defender = if by_dex.bonus() > by_str.bonus() {
        by_dex
    } else {
        by_str
    };
    let result = opposed(dice, &attacker, &defender)?;
    let works =
        result.winner == Some(0) || (result.winner.is_none() && !state.rules.stand_firm_tie_holds);
    events.emit(|| Event::StandFirm {
        stunt: stunt.into(),
        result,
        held: !works,
    });
    Ok(works)
}

pub(crate) fn spend_stunts<D: Dice>(
    state: &mut State,
    p: &Pending,
    actor: &str,
    stunts: &[StuntChoice],
    skirmish: SkirmishMove,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let me = find(state, actor)?;
    if me != p.attacker {
        return Err(refuse(
            "AGE-21",
            fray_dice::msg!(
                "age-refuse-stunt-owner",
                name = &*state.combatants[p.attacker].name
            ),
        ));
    }
    let automatic = p
        .weapon
        .is_some_and(|w| state.combatants[me].weapons[w].weapon.automatic)
        && !p.melee;
    let spent = state.rules.stunts.validate(stunts, p.points, automatic)?;
    if p.action == AttackAction::Stunt && spent == 0 {
        return Err(refuse(
            "AGE-10",
            fray_dice::msg!("age-refuse-stunt-attack-spend"),
        ));
    }
    let mut extra_d6 = 0u8;
    for choice in stunts {
        let def = state.rules.stunts.get(&choice.stunt).expect("validated");
        match def.effect {
            StuntEffect::LightningAttack => {
                if p.action == AttackAction::Lightning && !state.rules.lightning_chains {
                    return Err(refuse(
                        "AGE-21",
                        fray_dice::msg!("age-refuse-lightning-chain"),
                    ));
                }
                let t = match &choice.target {
                    Some(name) => Some(find(state, name)?),
                    None => None,
                };
                if t.is_some_and(|t| state.combatants[t].side == state.combatants[me].side) {
                    return Err(refuse(
                        "AGE-21",
                        fray_dice::msg!("age-refuse-lightning-target"),
                    ));
                }
            }
            StuntEffect::ExtraDamage { d6 } if choice.target.is_none() => {
                extra_d6 = extra_d6.saturating_add(d6)
            }
            _ if choice.target.is_some() => {
                return Err(refuse(
                    "AGE-21",
                    fray_dice::msg!("age-refuse-stunt-no-target", stunt = &*choice.stunt),
                ));
            }
            _ => {}
        }
    }
    state.pending = None;
    state.combatants[me].stunt_points_spent += u32::from(spent);
    events.emit(|| Event::StuntsSpent {
        attacker: state.combatants[me].name.clone(),
        stunts: stunts.to_vec(),
        spent,
        earned: p.points,
    });
    if deal_damage(state, p, extra_d6, dice, events)? {
        if let Some(a) = &mut state.absorbing {
            a.then = After::Stunts {
                hit: p.clone(),
                stunts: stunts.to_vec(),
                skirmish,
            };
        }
        return Ok(());
    }
    stunt_effects(state, p, stunts, skirmish, dice, events)
}

/// Where a Skirmish of `sp` SP takes `mover` (AGE-21): 2 m per SP away from `other` (when
/// both stand on the same metre, a target goes up the line and an attacker down it), or
/// toward it stopping 1 m short; never past the corridor's ends.
pub(crate) fn skirmish_to(
    state: &State,
    mover: usize,
    other: usize,
    direction: Direction,
    sp: i32,
    mover_is_target: bool,
) -> i32 {
    let (from, there) = (
        state.combatants[mover].position,
        state.combatants[other].position,
    );
    let reach = 2 * sp;
    let to = match direction {
        Direction::Away => {
            let up = from > there || (from == there && mover_is_target);
            if up {
                from + reach
            } else {
                from - reach
            }
        }
        Direction::Toward => {
            let gap = (there - from).abs() - 1;
            from + gap.clamp(0, reach) * (there - from).signum()
        }
    };
    match state.corridor {
        Some([lo, hi]) => to.clamp(lo, hi),
        None => to.clamp(-MAX_POSITION, MAX_POSITION),
    }
}

/// The Lightning Attack bought, if any (the last one counts): `Some(None)` strikes the same
/// target or the nearest, `Some(Some(t))` the one named (checked by `spend_stunts`).
pub(crate) fn lightning_choice(state: &State, stunts: &[StuntChoice]) -> Option<Option<usize>> {
    let mut out = None;
    for c in stunts {
        let def = state.rules.stunts.get(&c.stunt);
        if def.is_some_and(|d| d.effect == StuntEffect::LightningAttack) {
            out = Some(
                c.target
                    .as_ref()
                    .and_then(|n| state.combatants.iter().position(|x| *x.name == **n)),
            );
        }
    }
    out
}

/// What the stunts bought with a hit do once its damage is dealt (AGE-11, AGE-21).
pub(crate) fn stunt_effects<D: Dice>(
    state: &mut State,
    p: &Pending,
    stunts: &[StuntChoice],
    skirmish: SkirmishMove,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let me = p.attacker;
    let lightning_target = lightning_choice(state, stunts);
    for choice in stunts {
        // The row's name is the choice's (rows are found by name): only the effect is copied.
        let effect = state
            .rules
            .stunts
            .get(&choice.stunt)
            .expect("validated")
            .effect;
        let name = &*choice.stunt;
        let sp = i32::from(choice.points);
        match effect {
            StuntEffect::Skirmish => {
                // AGE-21: «Стычка» moves the attacker or the target, 2 m per SP, toward or
                // away from the other, as the attacker chose; Stand Firm (AGE-11) only
                // resists a Skirmish that moves the one who stands firm.
                let moves_target = skirmish.moves == Mover::Target;
                let works = !state.combatants[p.target].taken_out
                    && (!moves_target || stand_firm_check(state, p, name, dice, events)?);
                if works {
                    let (mover, other) = if moves_target {
                        (p.target, me)
                    } else {
                        (me, p.target)
                    };
                    let to = skirmish_to(state, mover, other, skirmish.direction, sp, moves_target);
                    move_to(state, mover, to, MoveKind::Skirmish, events);
                    if state.turn.actor == me && skirmish.direction == Direction::Away {
                        state.turn.pushed = Some(p.target);
                    }
                }
            }
            StuntEffect::KnockProne => {
                let t = &state.combatants[p.target];
                if !t.taken_out
                    && !t.conditions.prone
                    && stand_firm_check(state, p, name, dice, events)?
                {
                    let t = &mut state.combatants[p.target];
                    let reached = t.conditions.add(Condition::Prone);
                    events.emit(|| Event::ConditionGained {
                        name: t.name.clone(),
                        condition: Condition::Prone,
                        reached,
                    });
                }
            }
            StuntEffect::DuckAndWeave | StuntEffect::TakeCover => {
                let c = &mut state.combatants[me];
                let ranged_only = effect == StuntEffect::TakeCover;
                if ranged_only {
                    c.cover = sp;
                } else {
                    c.weave = sp;
                }
                events.emit(|| Event::DefenseBonus {
                    name: c.name.clone(),
                    bonus: sp,
                    ranged_only,
                    source: name.to_owned(),
                });
            }
            StuntEffect::Momentum => {
                let c = &mut state.combatants[me];
                c.initiative += 3 * sp;
                events.emit(|| Event::Momentum {
                    name: c.name.clone(),
                    initiative: c.initiative,
                });
            }
            StuntEffect::LightningAttack | StuntEffect::ExtraDamage { .. } => {}
        }
    }
    if let Some(chosen) = lightning_target {
        // Unnamed: the same target if it is still up, else the nearest opponent in reach.
        let mut candidates: Vec<usize> = match chosen {
            Some(t) => vec![t],
            None if !state.combatants[p.target].taken_out => vec![p.target],
            None => (0..state.combatants.len()).collect(),
        };
        let here = state.combatants[me].position;
        candidates.sort_by_key(|&i| (state.combatants[i].position.abs_diff(here), i));
        // The first candidate it may attack; the others' refusals are never read.
        let plan = crate::text::probing(|| {
            candidates.into_iter().find_map(|t| {
                plan_attack(state, me, t, AttackAction::Lightning, p.melee, 0, None).ok()
            })
        });
        match plan {
            Some(plan) if standing(&state.combatants[me]) => {
                execute_attack(state, plan, dice, events)?
            }
            _ => events.emit(|| Event::LightningLost {
                attacker: state.combatants[me].name.clone(),
            }),
        }
    }
    Ok(())
}
