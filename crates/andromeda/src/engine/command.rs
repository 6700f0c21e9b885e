//! Commands in, and their application: the one rule path of every command.

use super::*;

/// One decision. Every command names its `actor`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    /// The side whose slot it is picks `actor` to take a turn (AND-07).
    StartTurn {
        /// Who.
        actor: Id,
    },
    /// Ends the running turn.
    EndTurn {
        /// Who.
        actor: Id,
    },
    /// Uses an ability (an attack, a check, or an effect without a check).
    UseAbility {
        /// Who.
        actor: Id,
        /// Which ability.
        ability: Id,
        /// Targets (none for self-only and area abilities).
        #[serde(default)]
        targets: Vec<Id>,
        /// The point an area ability is aimed at (AND-01): a circle's centre, within the
        /// ability's range; the direction of a line or cone.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<[i64; 2]>,
    },
    /// An improvised skill check or attack (action, AND-11): «Любая активная попытка в бою
    /// может решаться проверкой навыка». With a `target`, an attack on that enemy's
    /// `defense`, dealing `damage` by its final tier; without, a check against the task rank
    /// `difficulty`. A skill the actor lacks rolls at value 0, rank 0.
    Improvise {
        /// Who.
        actor: Id,
        /// The skill rolled.
        skill: String,
        /// The enemy attacked; none for a plain check.
        #[serde(default)]
        target: Option<Id>,
        /// The defense an attack targets (AND-18); required with a target.
        #[serde(default)]
        defense: Option<Defense>,
        /// The task rank of a plain check (AND-17).
        #[serde(default)]
        difficulty: i32,
        /// The damage line of an attack (AND-20).
        #[serde(default)]
        damage: Option<DamageLine>,
        /// A ranged attack (provokes in melee, AND-14); otherwise melee.
        #[serde(default)]
        ranged: bool,
        /// Reach in metres (**\[default\]** 2 m, as an ability's).
        #[serde(default = "improvised_range")]
        range: u32,
    },
    /// Grab (action, AND-41).
    Grab {
        /// Who.
        actor: Id,
        /// Whom.
        target: Id,
    },
    /// Escape a grab (action, AND-44) with might or agility.
    Escape {
        /// Who.
        actor: Id,
        /// The skill: the might or agility skill name.
        skill: String,
    },
    /// Release a held grab (free action, AND-42).
    Release {
        /// Who.
        actor: Id,
    },
    /// Try to become Hidden (action, AND-39).
    Hide {
        /// Who.
        actor: Id,
        /// The enemy whose Perception opposes; default the most perceptive active enemy.
        #[serde(default)]
        against: Option<Id>,
    },
    /// Look for a Hidden enemy (action, AND-39).
    Seek {
        /// Who.
        actor: Id,
        /// The hidden one.
        target: Id,
    },
    /// Give away one's position: Hidden ends (free, AND-35).
    Reveal {
        /// Who.
        actor: Id,
    },
    /// Move maneuver (AND-03).
    Move {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Step maneuver: a third of speed, provokes nothing (AND-03).
    Step {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Extra Move action (AND-03).
    ExtraMove {
        /// Who.
        actor: Id,
        /// Where to.
        to: [i64; 2],
    },
    /// Reload an artifact (maneuver, AND-12).
    Reload {
        /// Who.
        actor: Id,
        /// Which artifact.
        artifact: Id,
    },
    /// Remove a condition from an ally, if the effect allows help (maneuver, AND-12).
    HelpAlly {
        /// Who.
        actor: Id,
        /// Whom.
        ally: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Saving Throw against one's own condition (maneuver, AND-12).
    SavingThrow {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Shake off a lasting effect such as bonds (maneuver, AND-12; never a grab, AND-44).
    ShakeOff {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Ready an ability until the start of the next turn (action, AND-11).
    Ready {
        /// Who.
        actor: Id,
        /// The ability (an action aimed at enemies).
        ability: Id,
        /// When it fires.
        trigger: Trigger,
    },
    /// Spend an Accomplishment Point for +2 Heat, once per scene (AND-29).
    AccomplishmentHeat {
        /// Who.
        actor: Id,
    },
    /// Spend an Accomplishment Point to remove one own condition, not Exhaustion (AND-38).
    AccomplishmentRemove {
        /// Who.
        actor: Id,
        /// Which condition.
        condition: ConditionKind,
    },
    /// Spend an Accomplishment Point to restore main stress (AND-47).
    AccomplishmentRestore {
        /// Who.
        actor: Id,
    },
    /// The answer to a provoked attack offered (AND-14, a pending decision): attack the
    /// provoker with `ability` (a free action), or let it go (no `ability`).
    ProvokedAttack {
        /// The enemy provoked.
        actor: Id,
        /// The melee attack to make; none to let the provoker go.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ability: Option<Id>,
    },
    /// The answer to a readied action whose trigger came (AND-11, a pending decision):
    /// `fire` spends the reaction and performs it now; otherwise it stays readied for a
    /// later trigger.
    Readied {
        /// Whose readied action.
        actor: Id,
        /// Fire it now.
        fire: bool,
    },
}

impl Command {
    /// The participant the command is for.
    pub fn actor(&self) -> &str {
        match self {
            Command::StartTurn { actor }
            | Command::EndTurn { actor }
            | Command::UseAbility { actor, .. }
            | Command::Improvise { actor, .. }
            | Command::Grab { actor, .. }
            | Command::Escape { actor, .. }
            | Command::Release { actor }
            | Command::Hide { actor, .. }
            | Command::Seek { actor, .. }
            | Command::Reveal { actor }
            | Command::Move { actor, .. }
            | Command::Step { actor, .. }
            | Command::ExtraMove { actor, .. }
            | Command::Reload { actor, .. }
            | Command::HelpAlly { actor, .. }
            | Command::SavingThrow { actor, .. }
            | Command::ShakeOff { actor, .. }
            | Command::Ready { actor, .. }
            | Command::AccomplishmentHeat { actor }
            | Command::AccomplishmentRemove { actor, .. }
            | Command::AccomplishmentRestore { actor }
            | Command::ProvokedAttack { actor, .. }
            | Command::Readied { actor, .. } => actor,
        }
    }
}

/// One of the commands the default tactic gives, with participants, abilities and artifacts
/// as indices while the tactic works it out; [`Resolved::command`] names them for `apply`.
#[derive(Clone, Debug)]
pub(crate) enum Resolved {
    StartTurn(usize),
    EndTurn(usize),
    UseAbility {
        actor: usize,
        ability: usize,
        targets: Targets,
        at: Option<[i64; 2]>,
    },
    /// Move (the maneuver) or, if `extra`, Extra Move (the action).
    Move {
        actor: usize,
        to: [i64; 2],
        extra: bool,
    },
    Grab {
        actor: usize,
        target: usize,
    },
    /// Escape with the agility skill, or else with might.
    Escape {
        actor: usize,
        agility: bool,
    },
    /// Hide from the most perceptive enemy.
    Hide(usize),
    Seek {
        actor: usize,
        target: usize,
    },
    Reload {
        actor: usize,
        artifact: usize,
    },
    AccomplishmentHeat(usize),
    AccomplishmentRestore(usize),
    /// The answer to a provoked attack offered: with this ability, or none.
    ProvokedAttack {
        actor: usize,
        ability: Option<usize>,
    },
    /// The answer to a readied action offered.
    Readied {
        actor: usize,
        fire: bool,
    },
}

/// The targets of one ability use, on the stack up to [`INLINE_TARGETS`].
pub(crate) type Targets = Few<usize, INLINE_TARGETS>;

impl Resolved {
    /// The command this is.
    pub(crate) fn command(&self, state: &State) -> Command {
        let id = |i: usize| state.fighters[i].id.clone();
        match self {
            Resolved::StartTurn(a) => Command::StartTurn { actor: id(*a) },
            Resolved::EndTurn(a) => Command::EndTurn { actor: id(*a) },
            Resolved::UseAbility {
                actor,
                ability,
                targets,
                at,
            } => Command::UseAbility {
                actor: id(*actor),
                ability: state.roster[*actor].abilities[*ability].id.clone(),
                targets: targets.iter().map(|&t| id(t)).collect(),
                at: *at,
            },
            Resolved::Move { actor, to, extra } => {
                let (actor, to) = (id(*actor), *to);
                if *extra {
                    Command::ExtraMove { actor, to }
                } else {
                    Command::Move { actor, to }
                }
            }
            Resolved::Grab { actor, target } => Command::Grab {
                actor: id(*actor),
                target: id(*target),
            },
            Resolved::Escape { actor, agility } => {
                let names = &state.settings.skill_names;
                Command::Escape {
                    actor: id(*actor),
                    skill: if *agility {
                        names.agility.clone()
                    } else {
                        names.might.clone()
                    },
                }
            }
            Resolved::Hide(actor) => Command::Hide {
                actor: id(*actor),
                against: None,
            },
            Resolved::Seek { actor, target } => Command::Seek {
                actor: id(*actor),
                target: id(*target),
            },
            Resolved::Reload { actor, artifact } => Command::Reload {
                actor: id(*actor),
                artifact: state.roster[*actor].artifacts[*artifact].id.clone(),
            },
            Resolved::AccomplishmentHeat(actor) => {
                Command::AccomplishmentHeat { actor: id(*actor) }
            }
            Resolved::AccomplishmentRestore(actor) => {
                Command::AccomplishmentRestore { actor: id(*actor) }
            }
            Resolved::ProvokedAttack { actor, ability } => Command::ProvokedAttack {
                actor: id(*actor),
                ability: ability.map(|k| state.roster[*actor].abilities[k].id.clone()),
            },
            Resolved::Readied { actor, fire } => Command::Readied {
                actor: id(*actor),
                fire: *fire,
            },
        }
    }
}

impl State {
    // ----- commands -----

    /// Applies one command (validate, then roll, then change).
    pub fn apply<D: Dice>(
        &mut self,
        command: &Command,
        dice: &mut D,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let a = self.find(command.actor())?;
        if let Some(p) = &self.pending {
            if !matches!(
                (command, &p.offer),
                (Command::ProvokedAttack { .. }, Offer::ProvokedAttack { .. })
                    | (Command::Readied { .. }, Offer::Readied { .. })
            ) {
                return Err(self.waiting(p));
            }
        }
        match command {
            Command::StartTurn { .. } => self.take_turn(a, ev)?,
            Command::EndTurn { .. } => return self.finish_turn(a, ev),
            Command::UseAbility {
                ability,
                targets,
                at,
                ..
            } => {
                let k = ability_index(&self.roster, a, ability, &self.fighters[a].id)?;
                self.require_resource(a, self.roster[a].abilities[k].kind)?;
                let mut ts = Targets::new();
                for t in targets {
                    ts.push(self.find(t)?);
                }
                self.use_ability(dice, a, k, (&ts, *at), ev)?;
            }
            Command::Improvise {
                skill,
                target,
                defense,
                difficulty,
                damage,
                ranged,
                range,
                ..
            } => {
                let t = target.as_deref().map(|t| self.find(t)).transpose()?;
                let attempt = improvised::Attempt {
                    skill,
                    target: t,
                    defense: *defense,
                    difficulty: *difficulty,
                    damage: *damage,
                    ranged: *ranged,
                    range: *range,
                };
                self.improvise(dice, a, &attempt, ev)?;
            }
            Command::Grab { target, .. } => {
                let t = self.find(target)?;
                self.grab(dice, a, t, ev)?;
            }
            Command::Escape { skill, .. } => self.escape(dice, a, skill, ev)?,
            Command::Release { .. } => {
                self.require_active(a)?;
                let Some(h) = self.holding(a) else {
                    return Err(err(
                        "AND-42",
                        msg!("and-refuse-no-grab", who = self.fighters[a].id.as_ref()),
                    ));
                };
                self.end_hold(h.id, "released", ev);
            }
            Command::Hide { against, .. } => self.hide(dice, a, against.as_deref(), ev)?,
            Command::Seek { target, .. } => {
                let t = self.find(target)?;
                self.seek(dice, a, t, ev)?;
            }
            Command::Reveal { .. } => {
                self.require_active(a)?;
                if !self.has(a, ConditionKind::Hidden) {
                    return Err(err(
                        "AND-35",
                        msg!("and-refuse-not-hidden", who = self.fighters[a].id.as_ref()),
                    ));
                }
                self.remove_conditions(
                    a,
                    |c| c.kind == ConditionKind::Hidden,
                    "gave itself away",
                    ev,
                );
            }
            Command::Move { to, .. } => self.do_move(a, *to, MoveMode::Move, ev)?,
            Command::Step { to, .. } => self.do_move(a, *to, MoveMode::Step, ev)?,
            Command::ExtraMove { to, .. } => self.do_move(a, *to, MoveMode::ExtraMove, ev)?,
            Command::Reload { artifact, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let k = self.roster[a]
                    .artifacts
                    .iter()
                    .position(|x| &x.id == artifact)
                    .ok_or_else(|| {
                        err(
                            "AND-12",
                            msg!(
                                "and-refuse-no-artifact",
                                who = self.fighters[a].id.as_ref(),
                                artifact = artifact.as_ref()
                            ),
                        )
                    })?;
                self.reload(a, k, ev)?;
            }
            Command::HelpAlly {
                ally, condition, ..
            } => {
                let t = self.find(ally)?;
                self.require_resource(a, ActionKind::Maneuver)?;
                if t == a || self.fighters[t].side != self.fighters[a].side || !self.active(t) {
                    return Err(err(
                        "AND-12",
                        msg!("and-refuse-not-ally", ally = ally.as_ref()),
                    ));
                }
                let kind = *condition;
                if !self.fighters[t]
                    .conditions
                    .iter()
                    .any(|c| c.kind == kind && c.help)
                {
                    return Err(err(
                        "AND-12",
                        msg!(
                            "and-refuse-help-none",
                            ally = ally.as_ref(),
                            condition = key(&kind)
                        ),
                    ));
                }
                self.spend(a, ActionKind::Maneuver);
                self.remove_conditions(t, |c| c.kind == kind && c.help, "removed by Help Ally", ev);
            }
            Command::SavingThrow { condition, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let kind = *condition;
                let save = self.fighters[a]
                    .conditions
                    .iter()
                    .find(|c| c.kind == kind && c.save.is_some())
                    .and_then(|c| c.save.clone())
                    .ok_or_else(|| {
                        err(
                            "AND-12",
                            msg!(
                                "and-refuse-save-none",
                                who = self.fighters[a].id.as_ref(),
                                condition = key(&kind)
                            ),
                        )
                    })?;
                self.spend(a, ActionKind::Maneuver);
                let edge = self.check_edge(a);
                let skill = self.skill(a, &save.skill);
                let spec = self.spec(skill, save.difficulty, edge);
                let result = check(dice, &spec)?;
                ev.emit(|| {
                    let record = CheckRecord {
                        actor: a,
                        purpose: Purpose::SavingThrow { condition: kind },
                        target: None,
                        skill_name: &save.skill,
                        skill,
                        difficulty: save.difficulty,
                        against: Against::Task,
                        edge,
                        provoked: false,
                        readied: false,
                    };
                    self.record_check(record, &result)
                });
                if result.tier >= save.min_tier {
                    self.remove_conditions(
                        a,
                        |c| c.kind == kind && c.save.is_some(),
                        "saving throw",
                        ev,
                    );
                }
                if result.tier == Tier::Fail {
                    self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
                }
            }
            Command::ShakeOff { condition, .. } => {
                self.require_resource(a, ActionKind::Maneuver)?;
                let kind = *condition;
                if kind == ConditionKind::Grabbed {
                    return Err(err("AND-44", msg!("and-refuse-shake-grab")));
                }
                if !self.fighters[a]
                    .conditions
                    .iter()
                    .any(|c| c.kind == kind && c.shake_off)
                {
                    return Err(err(
                        "AND-12",
                        msg!(
                            "and-refuse-shake-none",
                            who = self.fighters[a].id.as_ref(),
                            condition = key(&kind)
                        ),
                    ));
                }
                self.spend(a, ActionKind::Maneuver);
                self.remove_conditions(a, |c| c.kind == kind && c.shake_off, "shaken off", ev);
            }
            Command::Ready {
                ability, trigger, ..
            } => {
                self.require_resource(a, ActionKind::Action)?;
                let ab = self.ability(a, ability)?;
                if ab.aim != Aim::Enemy || ab.kind != ActionKind::Action || ab.area.is_some() {
                    return Err(err(
                        "AND-11",
                        msg!("and-refuse-not-readyable", ability = ability.as_ref()),
                    ));
                }
                self.spend(a, ActionKind::Action);
                self.fighters[a].ready = Some(Readied {
                    ability: ability.clone(),
                    trigger: *trigger,
                });
                ev.emit(|| Event::ReadyDeclared {
                    id: self.fighters[a].id.clone(),
                    ability: ability.clone(),
                    name: self
                        .ability(a, ability)
                        .ok()
                        .and_then(|ab| ab.name.clone())
                        .unwrap_or_else(|| ability.to_string()),
                    trigger: *trigger,
                });
            }
            Command::AccomplishmentHeat { .. } => self.accomplishment_heat(a, ev)?,
            Command::AccomplishmentRemove { condition, .. } => {
                self.require_accomplishment(a)?;
                let kind = *condition;
                if kind == ConditionKind::Exhaustion {
                    return Err(err("AND-37", msg!("and-refuse-exhaustion-stays")));
                }
                if !self.has(a, kind) {
                    return Err(err(
                        "AND-38",
                        msg!(
                            "and-refuse-not-bearing",
                            who = self.fighters[a].id.as_ref(),
                            condition = key(&kind)
                        ),
                    ));
                }
                self.spend_point(a, Benefit::RemoveCondition, ev);
                self.remove_conditions(
                    a,
                    |c| c.kind == kind,
                    "removed by an Accomplishment Point",
                    ev,
                );
            }
            Command::AccomplishmentRestore { .. } => self.accomplishment_restore(a, ev)?,
            Command::ProvokedAttack { ability, .. } => {
                self.answer_provoked(dice, a, ability.as_deref(), ev)?
            }
            Command::Readied { fire, .. } => self.answer_ready(dice, a, *fire, ev)?,
        }
        self.settle(ev);
        Ok(())
    }

    /// StartTurn for `a` (AND-07).
    pub(super) fn take_turn(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(err("AND-48", msg!("and-refuse-over")));
        }
        self.start_turn(a, ev)
    }

    /// EndTurn for `a`.
    pub(super) fn finish_turn(&mut self, a: usize, ev: &mut Events) -> Result<(), RuleError> {
        if self.phase != (Phase::Turn { actor: a }) {
            return Err(err(
                "AND-07",
                msg!(
                    "and-refuse-not-your-turn",
                    who = self.fighters[a].id.as_ref()
                ),
            ));
        }
        self.end_turn(a, ev);
        Ok(())
    }

    /// UseAbility of ability `k` by `a` on `targets`, once `a` has the resource for it.
    pub(super) fn use_ability<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        (targets, at): (&[usize], Option<[i64; 2]>),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.roster[a].abilities[k].area.is_some() {
            return self.use_area(dice, a, k, (targets, at), ev);
        }
        if at.is_some() {
            return Err(err(
                "AND-01",
                msg!(
                    "and-refuse-not-area",
                    ability = self.roster[a].abilities[k].id.as_ref()
                ),
            ));
        }
        self.validate_use(a, k, targets)?;
        let ab = &self.roster[a].abilities[k];
        let (kind, ranged_attack) = (ab.kind, ab.ranged && ab.defense.is_some());
        self.spend(a, kind);
        if ranged_attack {
            if let Some(e) = self.next_provoked(a, None, 0) {
                let then = Then::Ability {
                    ability: k,
                    targets: targets.to_vec(),
                };
                self.offer_provoked(e, a, None, false, then);
                return Ok(());
            }
        }
        self.perform(dice, a, k, targets, (false, false), ev)
    }

    /// Reload of artifact `k` of `a`, once `a` has its maneuver (AND-12).
    pub(super) fn reload(&mut self, a: usize, k: usize, ev: &mut Events) -> Result<(), RuleError> {
        let full = self.roster[a].artifacts[k].reload;
        if self.fighters[a].charges[k] >= full {
            return Err(err(
                "AND-12",
                msg!(
                    "and-refuse-loaded",
                    artifact = self.roster[a].artifacts[k].id.as_ref()
                ),
            ));
        }
        self.spend(a, ActionKind::Maneuver);
        self.fighters[a].charges[k] = full;
        ev.emit(|| Event::Reloaded {
            id: self.fighters[a].id.clone(),
            artifact: self.roster[a].artifacts[k].id.clone(),
            charges: full,
            max: full,
        });
        Ok(())
    }

    /// Two Heat for an Accomplishment Point, once per scene (AND-29).
    pub(super) fn accomplishment_heat(
        &mut self,
        a: usize,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_accomplishment(a)?;
        if self.fighters[a].accomplishment_heat_used {
            return Err(err("AND-29", msg!("and-refuse-heat-once")));
        }
        self.spend_point(a, Benefit::Heat, ev);
        self.fighters[a].accomplishment_heat_used = true;
        self.gain_heat(a, 2, HeatReason::Accomplishment, ev);
        Ok(())
    }

    /// Main stress restored for an Accomplishment Point (AND-47).
    pub(super) fn accomplishment_restore(
        &mut self,
        a: usize,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_accomplishment(a)?;
        if self.fighters[a].main_stress == 0 {
            return Err(err(
                "AND-47",
                msg!(
                    "and-refuse-no-main-stress",
                    who = self.fighters[a].id.as_ref()
                ),
            ));
        }
        self.spend_point(a, Benefit::RestoreStress, ev);
        let before = self.fighters[a].main_stress;
        self.fighters[a].main_stress = 0;
        ev.emit(|| Event::StressRestored {
            id: self.fighters[a].id.clone(),
            before,
            main_stress: 0,
            main_max: self.main_max(a),
        });
        Ok(())
    }

    pub(super) fn require_accomplishment(&self, a: usize) -> Result<(), RuleError> {
        self.require_active(a)?;
        let f = &self.fighters[a];
        if f.side != Side::Heroes {
            return Err(err("AND-38", msg!("and-refuse-heroes-only")));
        }
        if f.accomplishment_points == 0 {
            return Err(err(
                "AND-38",
                msg!("and-refuse-no-points", who = f.id.as_ref()),
            ));
        }
        Ok(())
    }

    pub(super) fn spend_point(&mut self, a: usize, benefit: Benefit, ev: &mut Events) {
        let f = &mut self.fighters[a];
        f.accomplishment_points -= 1;
        ev.emit(|| Event::AccomplishmentSpent {
            id: f.id.clone(),
            benefit,
            left: f.accomplishment_points,
        });
    }

    /// The active enemy of `a` with the best Perception (value, then rank, then order).
    pub fn best_observer(&self, a: usize) -> Option<usize> {
        (0..self.fighters.len())
            .filter(|&o| self.fighters[o].side != self.fighters[a].side && self.active(o))
            .max_by_key(|&o| {
                let s = self.prepared.engine_skills[o].perception;
                (s.value, s.rank, std::cmp::Reverse(o))
            })
    }
}
