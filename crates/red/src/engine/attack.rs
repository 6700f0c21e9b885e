//! Attacks end to end (RED-30 … RED-42): preparing one, spending rounds, the roll, damage,
//! wounds, and suppressive fire.

use super::*;

/// What an attack will do, worked out before any die is drawn.
#[derive(Clone, Debug)]
pub(crate) struct PreparedAttack {
    pub(super) actor: usize,
    pub(super) target: usize,
    pub(super) recipient: usize,
    pub(super) weapon: Option<usize>,
    /// The unarmed style's name, when `weapon` is none.
    pub(super) style: &'static str,
    pub(super) mode: FireMode,
    pub(super) aim: Aim,
    pub(super) rof: u32,
    pub(super) rounds: u32,
    pub(super) spec: AttackSpec,
    pub(super) location: Location,
    /// The defender may evade and nobody has said whether it does (RED-33).
    pub(super) ask: bool,
    /// The attack base, term by term (`spec.attack` is its sum).
    pub(super) terms: Terms,
    /// The defender's DEX + Evasion, term by term, when it opposes the roll.
    pub(super) defense_terms: Terms,
    /// Metres to the target.
    pub(super) distance: u32,
    /// What the defender of a ranged attack may answer (RED-33); none for melee, which is
    /// always opposed (RED-37).
    pub(super) evasion: Option<Evasion>,
}

/// The two defences against a ranged attack (RED-33), between which the defender chooses.
#[derive(Clone, Copy, Debug)]
pub(super) struct Evasion {
    /// The range DV: the defence of one who does not evade.
    dv: i32,
    /// May evade: REF after armour at least `settings.evasion_ref`, standing, and no injury
    /// that forbids it.
    eligible: bool,
    /// DEX + Evasion, term by term: the defence of one who evades.
    terms: Terms,
}

impl PreparedAttack {
    /// The weapon's name, or the unarmed style's.
    pub(super) fn label<'s>(&self, state: &'s State) -> &'s str {
        match self.weapon {
            Some(w) => &state.fighters[self.actor].weapons[w].name,
            None => self.style,
        }
    }

    /// The skill the attack uses, as a setup key.
    pub(super) fn skill<'s>(&self, state: &'s State) -> &'s str {
        match self.weapon {
            _ if self.mode == FireMode::Autofire => "autofire",
            Some(w) => {
                let profile = &state.fighters[self.actor].weapons[w].profile;
                state
                    .tables
                    .weapons
                    .get(&**profile)
                    .map_or("", |p| &p.skill)
            }
            None => self.style,
        }
    }

    /// The DV row of a ranged attack (empty for melee).
    pub(super) fn row<'s>(&self, state: &'s State) -> &'s str {
        let profile = self
            .weapon
            .map(|w| &state.fighters[self.actor].weapons[w].profile)
            .and_then(|p| state.tables.weapons.get(&**p));
        match profile {
            Some(p) if p.kind == WeaponKind::Ranged => {
                let row = if self.mode == FireMode::Autofire {
                    &p.autofire_row
                } else {
                    &p.dv_row
                };
                row.as_deref().unwrap_or_default()
            }
            _ => "",
        }
    }
}

pub(super) fn prepare_attack(
    state: &State,
    actor: usize,
    order: &AttackOrder,
) -> Result<PreparedAttack, RuleError> {
    let s = &state.settings;
    let target = target_index(state, order.target)?;
    let a = &state.fighters[actor];
    let t = &state.fighters[target];
    if target == actor {
        return Err(refuse("RED-08", msg!("red-refuse-self", name = &*a.name)));
    }
    if !t.present() {
        return Err(refuse("RED-08", msg!("red-refuse-gone", name = &*t.name)));
    }
    let distance = state.metres(a.position, t.position);
    let (kind, dice_n, rof, skill, half_sp, style, kit) = match (order.weapon, order.unarmed) {
        (Some(w), None) => {
            let weapon = weapon_at(state, actor, w)?;
            if weapon.holding != Holding::InHand {
                return Err(refuse(
                    "RED-09",
                    msg!(
                        "red-refuse-draw-first",
                        name = &*a.name,
                        weapon = &*weapon.name
                    ),
                ));
            }
            let k = &weapon.kit.0;
            let kind = if k.melee {
                WeaponKind::Melee
            } else {
                WeaponKind::Ranged
            };
            (kind, k.damage, k.rof, k.skill, k.melee, "", Some(k))
        }
        (None, Some(style)) => {
            let (name, skill, half) = match style {
                Unarmed::Brawling => ("brawling", a.sheet.0.brawling, false),
                Unarmed::MartialArts => ("martial_arts", a.sheet.0.martial_arts, true),
            };
            (
                WeaponKind::Melee,
                unarmed_dice(a.stats.body),
                2,
                skill,
                half,
                name,
                None,
            )
        }
        _ => return Err(refuse("RED-08", msg!("red-refuse-weapon-or-style"))),
    };
    let autofire = order.mode == FireMode::Autofire;
    let mut aimed = 0;
    if order.aim != Aim::None {
        if autofire {
            return Err(refuse("RED-34", msg!("red-refuse-aimed-autofire")));
        }
        aimed = -s.aimed_penalty;
    }
    let mut evasion = None;
    let mut defense_terms = Terms::default();
    let (terms, defense, rounds, dice_n, cap) = match kind {
        WeaponKind::Ranged => {
            let k = kit.expect("ranged attacks have a weapon");
            let weapon = &a.weapons[order.weapon.expect("ranged attacks have a weapon")];
            let (row, rounds, skill, dice_n, cap) = if autofire {
                if k.autofire == 0 {
                    return Err(refuse(
                        "RED-35",
                        msg!("red-refuse-no-autofire", weapon = &*weapon.name),
                    ));
                }
                (
                    k.auto_row.expect("validated"),
                    s.autofire_rounds,
                    a.sheet.0.autofire,
                    2,
                    k.autofire,
                )
            } else {
                (k.single_row.expect("validated"), 1, skill, dice_n, 0)
            };
            // RED-36: a weapon without a magazine spends nothing.
            let rounds = if k.needs_ammo { rounds } else { 0 };
            if weapon.loaded < rounds {
                return Err(refuse(
                    "RED-36",
                    msg!(
                        "red-refuse-rounds",
                        name = &*a.name,
                        weapon = &*weapon.name,
                        loaded = weapon.loaded,
                        rounds = rounds
                    ),
                ));
            }
            let Some(dv) = state.tables.dv.dv_in(state.row(row), distance) else {
                let p = &state.tables.weapons[&*weapon.profile];
                let name = if autofire { &p.autofire_row } else { &p.dv_row };
                return Err(DvTable::out_of_range(
                    name.as_deref().unwrap_or_default(),
                    distance,
                ));
            };
            let mut terms = a.terms(s, Stat::Ref, skill);
            terms.injury += a.effects.ranged + a.hand_modifier(order.weapon);
            terms.modifier += a.sheet.0.ranged;
            terms.aimed = aimed;
            evasion = Some(Evasion {
                dv,
                eligible: t.reflexes() >= s.evasion_ref && !t.effects.no_evade && t.standing(),
                terms: t.evasion_terms(s),
            });
            // The defence is the defender's answer's: set below.
            (terms, Defense::Dv { dv }, rounds, dice_n, cap)
        }
        WeaponKind::Melee => {
            if autofire {
                return Err(refuse("RED-35", msg!("red-refuse-melee-autofire")));
            }
            if distance > s.reach {
                return Err(refuse(
                    "RED-37",
                    msg!(
                        "red-refuse-melee-reach",
                        name = &*t.name,
                        distance = distance,
                        reach = s.reach
                    ),
                ));
            }
            let mut terms = a.terms(s, Stat::Dex, skill);
            terms.injury += a.effects.melee + a.hand_modifier(order.weapon);
            terms.modifier += a.sheet.0.melee;
            terms.aimed = aimed;
            defense_terms = t.evasion_terms(s);
            (
                terms,
                Defense::Opposed {
                    base: defense_terms.sum(),
                },
                0,
                dice_n,
                0,
            )
        }
    };
    let recipient = match (kind, t.human_shield, t.grabbing) {
        (WeaponKind::Ranged, true, Some(v)) => v,
        _ => target,
    };
    let location = if order.aim == Aim::Head && recipient == target {
        Location::Head
    } else {
        Location::Body
    };
    let r = &state.fighters[recipient];
    let sp = match location {
        Location::Head => r.head.as_ref(),
        Location::Body => r.body.as_ref(),
    }
    .map_or(0, |p| p.sp);
    let spec = AttackSpec {
        attack: terms.sum(),
        defense,
        autofire_cap: cap,
        damage: DamageSpec {
            dice: dice_n,
            multiplier: 1,
            sp,
            half_sp,
            head_multiplier: if location == Location::Head {
                // RED-42 Cracked Skull: at least its multiplier.
                s.head_multiplier.max(r.effects.head_multiplier)
            } else {
                1
            },
            crit_sixes: s.crit_sixes,
            crit_bonus: s.crit_bonus,
        },
        critical: s.critical_checks,
    };
    let mut prepared = PreparedAttack {
        actor,
        target,
        recipient,
        weapon: order.weapon,
        style,
        mode: order.mode,
        aim: order.aim,
        rof: if autofire || (order.aim != Aim::None && s.aimed_whole_action) {
            1
        } else {
            rof
        },
        rounds,
        spec,
        location,
        ask: false,
        terms,
        defense_terms,
        distance,
        evasion,
    };
    prepared.answer(state, order.evade)?;
    Ok(prepared)
}

impl PreparedAttack {
    /// Sets the defence of a ranged attack from the defender's answer (RED-33). `Some` is
    /// the answer given (evading is refused to one who may not); with `None`, the defender's
    /// setup `evade` answers while it may evade, and otherwise the attack waits for the
    /// defender ([`PreparedAttack::ask`]) holding the default rule's defence meanwhile:
    /// evade when DEX + Evasion + 5.5 (the d10's mean) beats the DV.
    pub(super) fn answer(&mut self, state: &State, answer: Option<bool>) -> Result<(), RuleError> {
        let Some(e) = self.evasion else {
            return Ok(());
        };
        let t = &state.fighters[self.target];
        // The setup's `evade` is a standing preference: it applies while the target may
        // evade (REF can fall and a lost leg forbids it mid-fight); only an explicit
        // `evade: true` in the command is refused when it may not.
        let choice = answer.or(t.evade.filter(|_| e.eligible));
        self.ask = e.eligible && choice.is_none();
        let base = e.terms.sum();
        let evades = match choice {
            Some(true) if !e.eligible => return Err(cannot_evade(state, self.target)),
            Some(choice) => choice,
            None => e.eligible && 2 * base + 11 > 2 * e.dv,
        };
        (self.spec.defense, self.defense_terms) = if evades {
            (Defense::Opposed { base }, e.terms)
        } else {
            (Defense::Dv { dv: e.dv }, Terms::default())
        };
        Ok(())
    }
}

#[cold]
fn cannot_evade(state: &State, target: usize) -> RuleError {
    let t = &state.fighters[target];
    refuse(
        "RED-33",
        msg!(
            "red-refuse-no-evade",
            name = &*t.name,
            need = state.settings.evasion_ref,
            has = t.reflexes()
        ),
    )
}

/// RED-05 … RED-07: whether this attack fits the turn, and spending for it.
pub(super) fn account_attack(state: &mut State, p: &PreparedAttack) -> Result<(), RuleError> {
    let t = &state.turn;
    let name = &state.fighters[p.actor].name;
    if t.attacks >= 2 {
        return Err(refuse(
            "RED-07",
            msg!("red-refuse-two-attacks", name = &**name),
        ));
    }
    if t.attacks == 0 {
        require_action(state)?;
    } else if t.attack_rof < 2 {
        return Err(refuse("RED-07", msg!("red-refuse-rof-one", name = &**name)));
    } else if p.rof < 2
        && !(state.settings.mixed_rof && p.mode == FireMode::Single && p.aim == Aim::None)
    {
        return Err(refuse(
            "RED-06",
            msg!("red-refuse-second-rof", weapon = p.label(state)),
        ));
    }
    state.turn.action_used = true;
    state.turn.attacks += 1;
    state.turn.attack_rof = if state.turn.attacks == 1 { p.rof } else { 0 };
    Ok(())
}

pub(super) fn resolve_attack<D: Dice>(
    state: &mut State,
    p: &PreparedAttack,
    dice: &mut D,
    ev: &mut Events,
    delayed: bool,
) -> Result<(), RuleError> {
    // The transcript only feeds the damage event: a quiet log needs none.
    let mut transcript = ev.is_recording().then(Transcript::new);
    let result = attack(dice, &p.spec, transcript.as_mut())?;
    let rounds_left = p.weapon.and_then(|w| {
        let f = &mut state.fighters[p.actor];
        f.tally.ammo_spent += p.rounds;
        let weapon = &mut f.weapons[w];
        (p.rounds > 0).then(|| {
            weapon.loaded -= p.rounds;
            weapon.loaded
        })
    });
    let defense = match (p.spec.defense, result.defense_roll) {
        (Defense::Opposed { .. }, Some(roll)) => DefenseRoll::Evasion {
            roll,
            total: result.defense_total,
            terms: p.defense_terms,
        },
        _ => DefenseRoll::Dv {
            dv: result.defense_total,
        },
    };
    ev.emit(|| Event::Attack {
        who: state.name(p.actor),
        target: state.name(p.target),
        weapon: p.label(state).to_owned(),
        mode: p.mode,
        aim: p.aim,
        roll: result.roll,
        total: result.total,
        terms: p.terms,
        skill: p.skill(state).to_owned(),
        defense,
        row: if matches!(defense, DefenseRoll::Dv { .. }) {
            p.row(state).to_owned()
        } else {
            String::new()
        },
        distance: p.distance,
        hit: result.hit,
        margin: result.margin,
        multiplier: result.multiplier,
        cap: p.spec.autofire_cap,
        spent: p.rounds,
        rounds_left,
        delayed,
    });
    let Some(dmg) = result.damage else {
        return Ok(());
    };
    let r = p.recipient;
    if r != p.target {
        ev.emit(|| Event::Shielded {
            who: state.name(p.target),
            by: state.name(r),
        });
    }
    if p.aim == Aim::Item && (dmg.penetrated || !state.settings.item_drop_needs_damage) {
        drop_hand(state, p.target, ev);
    }
    if state.fighters[r].shield_in_hand {
        let f = &mut state.fighters[r];
        let hp = f.shield.unwrap_or(0) - dmg.raw as i32;
        let broken = hp <= 0;
        f.shield = if broken { None } else { Some(hp) };
        f.shield_in_hand = !broken;
        ev.emit(|| Event::ShieldHit {
            who: f.name.to_string(),
            damage: dmg.raw,
            hp: hp.max(0),
            broken,
        });
        return Ok(());
    }
    let sp_before = match p.location {
        Location::Head => state.fighters[r].head.as_ref(),
        Location::Body => state.fighters[r].body.as_ref(),
    }
    .map_or(0, |a| a.sp);
    let hp_after = state.fighters[r].hp.saturating_sub(dmg.hp_loss as i32);
    ev.emit(|| Event::Damage {
        who: state.name(r),
        location: p.location,
        dice: transcript.map_or_else(Vec::new, |t| {
            t.dice
                .iter()
                .filter(|d| d.label == "damage")
                .map(|d| d.value)
                .collect()
        }),
        multiplier: result.multiplier,
        raw: dmg.raw,
        sp: sp_before,
        effective_sp: dmg.effective_sp,
        head_multiplier: p.spec.damage.head_multiplier,
        through: dmg.through,
        bonus: dmg.hp_loss - dmg.through,
        hp_loss: dmg.hp_loss,
        hp: hp_after,
        hp_max: state.fighters[r].hp_max,
    });
    let dealt = &mut state.fighters[p.actor].tally.damage_dealt;
    *dealt = dealt.saturating_add(dmg.hp_loss);
    lose_hp(state, r, dmg.hp_loss, ev);
    if dmg.penetrated {
        let f = &mut state.fighters[r];
        let piece = match p.location {
            Location::Head => f.head.as_mut(),
            Location::Body => f.body.as_mut(),
        };
        if let Some(piece) = piece {
            if piece.sp > 0 {
                piece.sp -= 1;
                ev.emit(|| Event::Ablated {
                    who: f.name.to_string(),
                    location: p.location,
                    sp: piece.sp,
                });
            }
        }
    }
    if dmg.critical {
        inflict_injury(
            state,
            r,
            p.location == Location::Head,
            dmg.injury_roll,
            dmg.injury_roll,
            ev,
        );
    }
    if p.aim == Aim::Leg && dmg.penetrated {
        let roll = state.settings.leg_injury;
        inflict_injury(state, r, false, roll, 0, ev);
    }
    Ok(())
}

/// HP loss with its wound-state consequences (RED-44); HP never rises here.
pub(super) fn lose_hp(state: &mut State, who: usize, amount: u32, ev: &mut Events) {
    if amount == 0 {
        return;
    }
    let f = &mut state.fighters[who];
    let before = f.wound();
    f.tally.damage_taken = f.tally.damage_taken.saturating_add(amount);
    f.hp = f.hp.saturating_sub(amount as i32);
    f.stabilized = false;
    let after = f.wound();
    if after != before {
        ev.emit(|| Event::Wounded {
            who: f.name.to_string(),
            state: after,
            penalty: f.wound_modifier(&state.settings),
        });
    }
    if after == Wound::Mortally && before != Wound::Mortally {
        release_holds(state, who);
    }
}

pub(super) fn suppress<D: Dice>(
    state: &mut State,
    actor: usize,
    weapon: usize,
    dice: &mut D,
    ev: &mut Events,
) -> Result<(), RuleError> {
    let s = state.settings.clone();
    let w = weapon_at(state, actor, weapon)?;
    let p = &state.tables.weapons[&*w.profile];
    if w.holding != Holding::InHand {
        return Err(refuse(
            "RED-09",
            msg!("red-refuse-not-in-hand-bare", weapon = &*w.name),
        ));
    }
    if p.autofire == 0 {
        return Err(refuse(
            "RED-35",
            msg!("red-refuse-no-suppress", weapon = &*w.name),
        ));
    }
    if w.loaded < s.autofire_rounds {
        return Err(refuse(
            "RED-36",
            msg!(
                "red-refuse-suppress-rounds",
                weapon = &*w.name,
                loaded = w.loaded,
                need = s.autofire_rounds
            ),
        ));
    }
    let row = p.autofire_row.clone().expect("validated");
    let label = w.name.clone();
    let prepared = PreparedAttack {
        actor,
        target: actor,
        recipient: actor,
        weapon: Some(weapon),
        style: "",
        mode: FireMode::Autofire,
        aim: Aim::None,
        rof: 1,
        rounds: s.autofire_rounds,
        spec: AttackSpec::default(),
        location: Location::Body,
        ask: false,
        terms: Terms::default(),
        defense_terms: Terms::default(),
        distance: 0,
        evasion: None,
    };
    account_attack(state, &prepared)?;
    let a = &state.fighters[actor];
    let terms = a.terms(&s, Stat::Ref, a.skill("autofire"));
    let base = terms.sum();
    let pos = a.position;
    let side = a.side;
    let roll = roll_d10(dice, s.critical_checks, "suppressive fire", None)?;
    let total = base + roll.value;
    let f = &mut state.fighters[actor];
    f.weapons[weapon].loaded -= s.autofire_rounds;
    f.tally.ammo_spent += s.autofire_rounds;
    ev.emit(|| Event::Suppress {
        who: f.name.to_string(),
        weapon: label.to_string(),
        roll,
        total,
        rounds_left: f.weapons[weapon].loaded,
        terms,
        spent: s.autofire_rounds,
    });
    for i in 0..state.fighters.len() {
        let t = &state.fighters[i];
        if t.side == side
            || !t.standing()
            || state
                .tables
                .dv
                .dv_at(&row, state.metres(t.position, pos))
                .is_none()
        {
            continue;
        }
        let terms = t.terms(&s, Stat::Will, t.skill("concentration"));
        let base = terms.sum();
        let r = check(
            dice,
            &CheckSpec {
                base,
                dv: total - 1,
                critical: s.critical_checks,
            },
            None,
        )?;
        // The defender wins ties: holding firm needs total >= the suppressor's.
        ev.emit(|| Event::SkillCheck {
            who: t.name.to_string(),
            skill: "concentration".to_owned(),
            roll: r.roll,
            total: r.total,
            dv: total,
            success: r.success,
            terms,
            resists: true,
        });
        if !r.success {
            state.fighters[i].suppressed = true;
            ev.emit(|| Event::Suppressed { who: state.name(i) });
        }
    }
    Ok(())
}
