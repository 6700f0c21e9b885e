//! Turn resources, conditions, stress and defeat, and the order of turns and rounds.

use super::*;

impl State {
    // ----- validation helpers -----

    pub(super) fn require_active(&self, i: usize) -> Result<(), RuleError> {
        if self.is_over() {
            return Err(err("AND-48", msg!("and-refuse-over")));
        }
        if !self.active(i) {
            return Err(err(
                "AND-09",
                msg!(
                    "and-refuse-cannot-act",
                    who = self.fighters[i].id.as_ref(),
                    status = key(&self.fighters[i].status)
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn require_resource(&self, i: usize, kind: ActionKind) -> Result<(), RuleError> {
        self.require_active(i)?;
        let f = &self.fighters[i];
        let on_turn = self.phase == Phase::Turn { actor: i };
        match kind {
            ActionKind::Action | ActionKind::Maneuver if !on_turn => Err(err(
                "AND-07",
                msg!("and-refuse-off-turn", who = f.id.as_ref()),
            )),
            ActionKind::Action if !f.action => Err(err(
                "AND-10",
                msg!("and-refuse-action-spent", who = f.id.as_ref()),
            )),
            ActionKind::Maneuver if !f.maneuver => Err(err(
                "AND-10",
                msg!("and-refuse-maneuver-spent", who = f.id.as_ref()),
            )),
            ActionKind::Reaction if !f.reaction => Err(err(
                "AND-10",
                msg!("and-refuse-reaction-spent", who = f.id.as_ref()),
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn spend(&mut self, i: usize, kind: ActionKind) {
        let f = &mut self.fighters[i];
        match kind {
            ActionKind::Action => f.action = false,
            ActionKind::Maneuver => f.maneuver = false,
            ActionKind::Reaction => f.reaction = false,
            ActionKind::Free => {}
        }
    }

    /// Whether `a` may attack `t`: what [`State::require_enemy_target`] checks, as a yes or
    /// no for the callers that skip whom they may not attack.
    pub(crate) fn attackable(&self, a: usize, t: usize) -> bool {
        self.fighters[t].side != self.fighters[a].side
            && self.active(t)
            && !self.has(t, ConditionKind::Hidden)
    }

    pub(super) fn require_enemy_target(
        &self,
        a: usize,
        t: usize,
        rule: &'static str,
    ) -> Result<(), RuleError> {
        match self.enemy_target_refusal(a, t) {
            None => Ok(()),
            Some(why) => Err(self.target_error(a, t, rule, why)),
        }
    }

    /// Why `a` may not attack `t`, if it may not: one side, out of the fight, or Hidden.
    pub(super) fn enemy_target_refusal(&self, a: usize, t: usize) -> Option<TargetRefusal> {
        if self.fighters[t].side == self.fighters[a].side {
            Some(TargetRefusal::NotEnemy)
        } else if !self.active(t) {
            Some(TargetRefusal::Out)
        } else if self.has(t, ConditionKind::Hidden) {
            Some(TargetRefusal::Hidden)
        } else {
            None
        }
    }

    /// The refusal `why` of `a` attacking `t` (under `rule` when they are on one side).
    #[cold]
    pub(super) fn target_error(
        &self,
        a: usize,
        t: usize,
        rule: &'static str,
        why: TargetRefusal,
    ) -> RuleError {
        let (me, them) = (self.fighters[a].id.as_ref(), self.fighters[t].id.as_ref());
        match why {
            TargetRefusal::NotEnemy => {
                err(rule, msg!("and-refuse-not-enemy", target = them, who = me))
            }
            TargetRefusal::Out => err("AND-48", msg!("and-refuse-out", target = them)),
            TargetRefusal::Hidden => err("AND-35", msg!("and-refuse-hidden-target", target = them)),
        }
    }

    // ----- mutation helpers -----

    pub(super) fn gain_heat(&mut self, i: usize, amount: u32, reason: HeatReason, ev: &mut Events) {
        if !self.uses_heat(i) {
            return;
        }
        let f = &mut self.fighters[i];
        f.heat = f.heat.saturating_add(amount);
        f.heat_gained = f.heat_gained.saturating_add(amount);
        ev.emit(|| Event::HeatGained {
            id: f.id.clone(),
            amount,
            reason,
            heat: f.heat,
        });
    }

    pub(super) fn signature(&mut self, i: usize, moment: Signature, ev: &mut Events) {
        if self.roster[i].archetype.signature == moment
            && moment != Signature::None
            && !self.fighters[i].signature_used
            && self.active(i)
        {
            self.fighters[i].signature_used = true;
            self.gain_heat(i, 1, HeatReason::Signature, ev);
        }
    }

    pub(super) fn add_condition(&mut self, i: usize, c: Condition, ev: &mut Events) {
        ev.emit(|| Event::ConditionApplied {
            id: self.fighters[i].id.clone(),
            condition: c.kind,
            duration: c.duration,
            source: c.source.clone(),
        });
        let kind = c.kind;
        self.fighters[i].conditions.push(c);
        if matches!(kind, ConditionKind::Grabbed | ConditionKind::Immobilized) {
            if let Some(h) = self.holding(i) {
                self.end_hold(h.id, "the grabber became Grabbed or Immobilized", ev);
            }
        }
        if kind == ConditionKind::Hidden {
            self.signature(i, Signature::EntersHidden, ev);
        }
    }

    pub(super) fn new_condition(
        &self,
        i: usize,
        kind: ConditionKind,
        duration: Duration,
        source: Option<usize>,
    ) -> Condition {
        Condition {
            kind,
            duration,
            applied_turn: self.fighters[i].turns_taken,
            source: source.map(|s| self.fighters[s].id.clone()),
            source_rank: 0,
            hold: None,
            help: false,
            save: None,
            shake_off: false,
        }
    }

    /// Removes every condition of `i` matching `pred`; a removed Grabbed ends its hold.
    pub(super) fn remove_conditions(
        &mut self,
        i: usize,
        pred: impl Fn(&Condition) -> bool,
        reason: &str,
        ev: &mut Events,
    ) {
        let f = &mut self.fighters[i];
        if f.conditions.is_empty() {
            return;
        }
        let mut removed_grabbed = false;
        // Whether the condition remains (another source holds it) is known only once every
        // removal is done: the ended ones are collected, when recording, and told after.
        let recording = ev.is_recording();
        let mut ended: Vec<(ConditionKind, Option<Id>)> = Vec::new();
        f.conditions.retain(|c| {
            let remove = pred(c);
            if remove {
                removed_grabbed |= c.kind == ConditionKind::Grabbed;
                if recording {
                    ended.push((c.kind, c.source.clone()));
                }
            }
            !remove
        });
        for (condition, source) in ended {
            let remains = f.conditions.iter().any(|c| c.kind == condition);
            ev.emit(|| Event::ConditionEnded {
                id: f.id.clone(),
                condition,
                source,
                remains,
                reason: reason.into(),
            });
        }
        if removed_grabbed {
            if let Some(h) = self.held_by(i) {
                self.end_hold(h.id, reason, ev);
            }
        }
    }

    pub(super) fn fill_and_defeat(&mut self, i: usize, ev: &mut Events) {
        let max = self.main_max(i);
        let f = &mut self.fighters[i];
        f.main_stress = max;
        f.temp_stress = f.temp_max;
        self.defeat(i, ev);
    }

    pub(super) fn defeat(&mut self, i: usize, ev: &mut Events) {
        if !self.active(i) {
            return;
        }
        let status = match self.fighters[i].side {
            Side::Heroes => Status::Unconscious,
            Side::Enemies => Status::Dead,
        };
        self.fighters[i].status = status;
        self.fighters[i].ready = None;
        self.fighters[i].defeated_round = Some(self.round);
        ev.emit(|| Event::Defeated {
            id: self.fighters[i].id.clone(),
            status,
        });
        if let Some(h) = self.holding(i) {
            self.end_hold(h.id, "the grabber is out of the fight", ev);
        }
        if let Some(h) = self.held_by(i) {
            self.end_hold(h.id, "the target is out of the fight", ev);
        }
    }

    /// `by`'s ability deals `amount` to `i`: temporary boxes fill first, then main boxes
    /// (AND-45, AND-46); full → defeat (AND-48).
    pub(super) fn damage(&mut self, by: usize, i: usize, amount: u32, ev: &mut Events) {
        if amount == 0 || !self.active(i) {
            return;
        }
        let max = self.main_max(i);
        let f = &mut self.fighters[i];
        let to_temp = amount.min(f.temp_max - f.temp_stress);
        let (temp_before, main_before) = (f.temp_stress, f.main_stress);
        f.temp_stress += to_temp;
        f.main_stress = f.main_stress.saturating_add(amount - to_temp).min(max);
        let filled = to_temp + f.main_stress.saturating_sub(main_before);
        f.damage_taken += filled;
        self.fighters[by].damage_dealt += filled;
        let f = &self.fighters[i];
        ev.emit(|| Event::Damaged {
            id: f.id.clone(),
            amount,
            temp_before,
            temp_stress: f.temp_stress,
            temp_max: f.temp_max,
            main_before,
            main_stress: f.main_stress,
            main_max: max,
        });
        if f.temp_stress == f.temp_max && f.main_stress >= max {
            self.defeat(i, ev);
        }
    }

    pub(super) fn exhaust(&mut self, i: usize, amount: u32, ev: &mut Events) {
        if !self.active(i) {
            return;
        }
        self.fighters[i].exhaustion = self.fighters[i].exhaustion.saturating_add(amount);
        let max = self.main_max(i);
        ev.emit(|| Event::Exhausted {
            id: self.fighters[i].id.clone(),
            amount,
            total: self.fighters[i].exhaustion,
            main_max: max,
        });
        if self.fighters[i].main_stress >= max {
            self.fill_and_defeat(i, ev);
        }
    }

    pub(super) fn check_over(&mut self, ev: &mut Events) -> bool {
        if self.is_over() {
            return true;
        }
        let heroes = self.side_alive(Side::Heroes);
        let enemies = self.side_alive(Side::Enemies);
        if heroes && enemies {
            return false;
        }
        let winner = match (heroes, enemies) {
            (true, false) => Some(Side::Heroes),
            (false, true) => Some(Side::Enemies),
            _ => None,
        };
        self.end_combat(winner, ev);
        true
    }

    /// End of combat: Heat burns (AND-24); scene conditions and temporary boxes go.
    pub(super) fn end_combat(&mut self, winner: Option<Side>, ev: &mut Events) {
        for i in 0..self.fighters.len() {
            let heat = self.fighters[i].heat;
            if heat > 0 {
                self.fighters[i].heat = 0;
                ev.emit(|| Event::HeatBurned {
                    id: self.fighters[i].id.clone(),
                    amount: heat,
                });
            }
            self.fighters[i].temp_stress = 0;
            self.fighters[i].temp_max = 0;
            self.fighters[i].ready = None;
            self.remove_conditions(
                i,
                |c| matches!(c.duration, Duration::EndOfScene | Duration::EndOfRound),
                "the scene ended",
                ev,
            );
        }
        self.phase = Phase::Over { winner };
        self.pending = None;
        ev.emit(|| Event::CombatEnded {
            winner,
            rounds: self.round,
        });
    }

    // ----- turn order -----

    pub(super) fn start_turn(&mut self, i: usize, ev: &mut Events) -> Result<(), RuleError> {
        let Phase::Choosing { side } = self.phase else {
            return Err(match self.phase {
                Phase::Turn { actor } => err(
                    "AND-07",
                    msg!(
                        "and-refuse-turn-running",
                        who = self.fighters[actor].id.as_ref()
                    ),
                ),
                _ => err("AND-48", msg!("and-refuse-over")),
            });
        };
        let f = &self.fighters[i];
        if f.side != side {
            return Err(err(
                "AND-09",
                msg!(
                    "and-refuse-wrong-side",
                    side = key(&side),
                    who = f.id.as_ref(),
                    own = key(&f.side)
                ),
            ));
        }
        if f.status != Status::Active {
            return Err(err(
                "AND-09",
                msg!(
                    "and-refuse-cannot-turn",
                    who = f.id.as_ref(),
                    status = key(&f.status)
                ),
            ));
        }
        if f.turns_left == 0 {
            return Err(err(
                "AND-09",
                msg!("and-refuse-no-turns", who = f.id.as_ref()),
            ));
        }
        let f = &mut self.fighters[i];
        f.turns_left -= 1;
        f.turns_taken += 1;
        f.action = true;
        f.maneuver = true;
        f.reaction = true;
        ev.emit(|| Event::TurnStarted {
            actor: f.id.clone(),
            turns_left: f.turns_left,
        });
        if f.ready.take().is_some() {
            ev.emit(|| Event::ReadyLapsed { id: f.id.clone() });
        }
        self.phase = Phase::Turn { actor: i };
        self.last_side = Some(side);
        self.remove_conditions(
            i,
            |c| c.duration == Duration::StartOfNextTurn,
            "expired at the start of its turn",
            ev,
        );
        self.gain_heat(i, 1, HeatReason::TurnStart, ev);
        Ok(())
    }

    pub(super) fn end_turn(&mut self, i: usize, ev: &mut Events) {
        let taken = self.fighters[i].turns_taken;
        ev.emit(|| Event::TurnEnded {
            actor: self.fighters[i].id.clone(),
        });
        self.remove_conditions(
            i,
            |c| c.duration == Duration::EndOfNextTurn && c.applied_turn < taken,
            "expired at the end of its turn",
            ev,
        );
        self.advance(ev);
    }

    /// Picks the next slot: the other side if it has turns, else this side (trailing turns),
    /// else a new round opened by the opening side (AND-06, AND-07).
    pub(super) fn advance(&mut self, ev: &mut Events) {
        if self.check_over(ev) {
            return;
        }
        let last = self.last_side.unwrap_or(self.opening);
        let next = if self.side_has_turns(last.other()) {
            Some(last.other())
        } else if self.side_has_turns(last) {
            Some(last)
        } else {
            None
        };
        if let Some(side) = next {
            self.phase = Phase::Choosing { side };
            return;
        }
        ev.emit(|| Event::RoundEnded { round: self.round });
        for i in 0..self.fighters.len() {
            self.remove_conditions(
                i,
                |c| c.duration == Duration::EndOfRound,
                "expired at the end of the round",
                ev,
            );
        }
        if self.round >= self.settings.round_limit {
            self.end_combat(None, ev);
            return;
        }
        self.round += 1;
        for i in 0..self.fighters.len() {
            self.fighters[i].turns_left = self.roster[i].turns;
        }
        self.last_side = None;
        self.phase = Phase::Choosing { side: self.opening };
        ev.emit(|| Event::RoundStarted { round: self.round });
    }

    /// After a command: a wiped side ends the combat; a defeated actor's turn ends once no
    /// reaction is pending (the interrupted action goes on after its answer).
    pub(super) fn settle(&mut self, ev: &mut Events) {
        if self.check_over(ev) || self.pending.is_some() {
            return;
        }
        if let Phase::Turn { actor } = self.phase {
            if !self.active(actor) {
                self.end_turn(actor, ev);
            }
        }
    }
}
