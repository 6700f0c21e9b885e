//! Checks and abilities: validating a use, rolling once, applying damage and effects.

use super::*;

/// What [`State::record_check`] needs besides the result.
pub(crate) struct CheckRecord<'a> {
    pub(crate) actor: usize,
    pub(crate) purpose: Purpose,
    pub(crate) target: Option<usize>,
    pub(crate) skill_name: &'a str,
    pub(crate) skill: Skill,
    pub(crate) difficulty: i32,
    pub(crate) against: Against,
    pub(crate) edge: Edge,
    pub(crate) provoked: bool,
    pub(crate) readied: bool,
}

impl State {
    // ----- checks -----

    /// The event of check `result` by `a`, rolled with `skill` (named `skill_name`) on
    /// `target`: the dice, every term and what the rank was compared with (issue 18).
    pub(super) fn record_check(&self, c: CheckRecord<'_>, result: &CheckResult) -> Event {
        let a = c.actor;
        let kept = i32::from(result.roll.kept[0]) + i32::from(result.roll.kept[1]);
        let attack = matches!(c.against, Against::Defense { .. });
        Event::Check {
            actor: self.fighters[a].id.clone(),
            purpose: c.purpose,
            target: c.target.map(|t| self.fighters[t].id.clone()),
            dice: result.roll.rolled().to_vec(),
            kept: result.roll.kept,
            total: result.roll.total,
            terms: Terms {
                skill: c.skill_name.to_owned(),
                value: c.skill.value,
                rank: c.skill.rank,
                modifier: result.roll.total - kept - c.skill.value,
                edge_from: self.edge_sources(a, c.target.filter(|_| attack)),
            },
            difficulty: c.difficulty,
            against: c.against,
            table: self.settings.table,
            edge: c.edge,
            base: result.base,
            shift: result.shift,
            tier: result.tier,
            provoked: c.provoked,
            readied: c.readied,
        }
    }

    pub(super) fn spec(&self, skill: Skill, difficulty: i32, edge: Edge) -> CheckSpec {
        CheckSpec {
            skill_value: skill.value,
            skill_rank: skill.rank,
            difficulty,
            edge,
            table: self.settings.table,
            advantage: self.settings.advantage,
        }
    }

    /// An opposed check; returns whether the initiator won. The initiator who loses gains
    /// Heat when the setting says so (AND-22, AND-26).
    pub(super) fn opposed<D: Dice>(
        &mut self,
        dice: &mut D,
        purpose: &str,
        initiator: (usize, Skill, &str),
        opponent: (usize, Skill, &str),
        heat: bool,
        ev: &mut Events,
    ) -> Result<bool, RuleError> {
        let (a, sa, name_a) = initiator;
        let (b, sb, name_b) = opponent;
        let method = self.settings.advantage;
        let (ea, eb) = (self.check_edge(a), self.check_edge(b));
        let ra = roll_total(dice, sa.value, ea, &method)?;
        let rb = roll_total(dice, sb.value, eb, &method)?;
        let terms = |i: usize, s: Skill, name: &str, r: &KeptRoll| Terms {
            skill: name.to_owned(),
            value: s.value,
            rank: s.rank,
            modifier: r.total - i32::from(r.kept[0]) - i32::from(r.kept[1]) - s.value,
            edge_from: self.edge_sources(i, None),
        };
        let (wins, decided_by) = opposed_winner(ra.total, sa.rank, rb.total, sb.rank);
        ev.emit(|| Event::Opposed {
            purpose: purpose.into(),
            initiator: self.fighters[a].id.clone(),
            opponent: self.fighters[b].id.clone(),
            initiator_dice: ra.rolled().to_vec(),
            initiator_kept: ra.kept,
            initiator_edge: ea,
            initiator_terms: terms(a, sa, name_a, &ra),
            initiator_total: ra.total,
            opponent_dice: rb.rolled().to_vec(),
            opponent_kept: rb.kept,
            opponent_edge: eb,
            opponent_terms: terms(b, sb, name_b, &rb),
            opponent_total: rb.total,
            initiator_wins: wins,
            decided_by,
        });
        if heat && !wins && self.settings.opposed_loss_heats {
            self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
        }
        Ok(wins)
    }

    // ----- abilities -----

    /// Validates using ability `k` of `a` on `targets` (not resources).
    pub(super) fn validate_use(
        &self,
        a: usize,
        k: usize,
        targets: &[usize],
    ) -> Result<(), RuleError> {
        let ab = &self.roster[a].abilities[k];
        match self.use_refusal(a, k, targets) {
            None => Ok(()),
            Some(why) => Err(self.use_error(a, ab, why)),
        }
    }

    /// Whether `a` may use ability `k` on `targets` now (not resources): what
    /// [`State::validate_use`] accepts, without writing the refusal.
    pub(super) fn may_use(&self, a: usize, k: usize, targets: &[usize]) -> bool {
        self.use_refusal(a, k, targets).is_none()
    }

    /// Why [`State::validate_use`] refuses, if it does.
    fn use_refusal(&self, a: usize, k: usize, targets: &[usize]) -> Option<UseRefusal> {
        let ab = &self.roster[a].abilities[k];
        if ab.area.is_some() {
            // Aimed at a point (area::use_area), never at named targets.
            return Some(UseRefusal::Area);
        }
        self.refusal_as(a, ab, self.facts(a, k), targets)
    }

    /// Validates using `ab` (with what it rolls) of `a` on `targets` (not resources).
    pub(super) fn validate_as(
        &self,
        a: usize,
        ab: &Ability,
        facts: AbilityFacts,
        targets: &[usize],
    ) -> Result<(), RuleError> {
        match self.refusal_as(a, ab, facts, targets) {
            None => Ok(()),
            Some(why) => Err(self.use_error(a, ab, why)),
        }
    }

    /// Whether [`State::validate_as`] accepts, without writing the refusal.
    pub(super) fn may_use_as(
        &self,
        a: usize,
        ab: &Ability,
        facts: AbilityFacts,
        targets: &[usize],
    ) -> bool {
        self.refusal_as(a, ab, facts, targets).is_none()
    }

    /// The rules of using `ab`: why a use is refused, found without formatting anything
    /// (the reactions and the policy ask this often and only want yes or no).
    fn refusal_as(
        &self,
        a: usize,
        ab: &Ability,
        facts: AbilityFacts,
        targets: &[usize],
    ) -> Option<UseRefusal> {
        if self.cost(a, ab) > self.fighters[a].heat {
            return Some(UseRefusal::Heat);
        }
        if ab.artifact.is_some()
            && facts
                .artifact
                .map_or(0, |slot| self.fighters[a].charges[slot])
                == 0
        {
            return Some(UseRefusal::Empty);
        }
        if ab.two_handed && self.holding(a).is_some() {
            return Some(UseRefusal::BothHands);
        }
        // An area's receivers are whoever stands inside it (area::use_area).
        if ab.area.is_some() {
            return None;
        }
        match ab.aim {
            Aim::SelfOnly if !(targets.is_empty() || targets == [a]) => Some(UseRefusal::SelfOnly),
            Aim::SelfOnly => None,
            Aim::Enemy | Aim::Ally => {
                if targets.is_empty() || targets.len() > ab.max_targets as usize {
                    return Some(UseRefusal::TargetCount(targets.len()));
                }
                for (k, &t) in targets.iter().enumerate() {
                    if targets[..k].contains(&t) {
                        return Some(UseRefusal::Twice);
                    }
                    if ab.aim == Aim::Enemy {
                        if let Some(why) = self.enemy_target_refusal(a, t) {
                            return Some(UseRefusal::Target(t, why));
                        }
                    } else if self.fighters[t].side != self.fighters[a].side || !self.active(t) {
                        return Some(UseRefusal::NotAlly(t));
                    }
                    if !within(
                        self.fighters[a].position,
                        self.fighters[t].position,
                        ab.range,
                    ) {
                        return Some(UseRefusal::OutOfRange(t));
                    }
                }
                None
            }
        }
    }

    /// The refusal `why` of `a` using `ab`, written out.
    #[cold]
    fn use_error(&self, a: usize, ab: &Ability, why: UseRefusal) -> RuleError {
        let (me, id) = (self.fighters[a].id.as_ref(), ab.id.as_ref());
        let name = |t: usize| self.fighters[t].id.as_ref();
        match why {
            UseRefusal::Area => err("AND-01", msg!("and-refuse-area-at", ability = id)),
            UseRefusal::Heat => err(
                "AND-28",
                msg!(
                    "and-refuse-heat-cost",
                    ability = id,
                    cost = self.cost(a, ab),
                    who = me,
                    heat = self.fighters[a].heat
                ),
            ),
            UseRefusal::Empty => err(
                "AND-12",
                msg!(
                    "and-refuse-empty",
                    artifact = ab.artifact.as_deref().unwrap_or_default()
                ),
            ),
            UseRefusal::BothHands => err(
                "AND-42",
                msg!("and-refuse-two-hands", ability = id, who = me),
            ),
            UseRefusal::SelfOnly => err("AND-11", msg!("and-refuse-self-only", ability = id)),
            UseRefusal::TargetCount(got) => err(
                "AND-26",
                msg!(
                    "and-refuse-target-count",
                    ability = id,
                    max = ab.max_targets,
                    got = got
                ),
            ),
            UseRefusal::Twice => err("AND-26", msg!("and-refuse-twice")),
            UseRefusal::Target(t, why) => self.target_error(a, t, "AND-18", why),
            UseRefusal::NotAlly(t) => err(
                "AND-11",
                msg!("and-refuse-not-active-ally", target = name(t)),
            ),
            UseRefusal::OutOfRange(t) => err(
                "AND-01",
                msg!(
                    "and-refuse-out-of-range",
                    target = name(t),
                    ability = id,
                    range = ab.range
                ),
            ),
        }
    }

    /// Performs ability `k` of `a`, whose use was validated and whose resource was spent.
    pub(super) fn perform<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        targets: &[usize],
        how: (bool, bool),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let roster = Arc::clone(&self.roster);
        let (ab, facts) = (&roster[a].abilities[k], self.facts(a, k));
        self.perform_as(dice, a, (ab, facts), targets, how, ev)
    }

    /// Performs `ab` of `a` (a sheet's ability or an improvised one, with what it rolls):
    /// Heat and charges, then one roll compared with each receiver (AND-26).
    pub(super) fn perform_as<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        (ab, facts): (&Ability, AbilityFacts),
        targets: &[usize],
        how: (bool, bool),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let (provoked, readied) = how;
        let cost = self.cost(a, ab);
        if cost > 0 {
            self.fighters[a].heat -= cost;
            ev.emit(|| Event::HeatSpent {
                id: self.fighters[a].id.clone(),
                amount: cost,
                ability: ab.id.clone(),
                name: ab.name.clone().unwrap_or_else(|| ab.id.to_string()),
                heat: self.fighters[a].heat,
            });
        }
        if let (Some(art), Some(slot)) = (&ab.artifact, facts.artifact) {
            self.fighters[a].charges[slot] -= 1;
            ev.emit(|| Event::ChargeUsed {
                id: self.fighters[a].id.clone(),
                artifact: art.clone(),
                charges: self.fighters[a].charges[slot],
                max: self.roster[a].artifacts[slot].reload,
            });
        }
        if ab.aim == Aim::Enemy && self.has(a, ConditionKind::Hidden) {
            self.remove_conditions(
                a,
                |c| c.kind == ConditionKind::Hidden,
                "gave itself away by attacking",
                ev,
            );
        }
        let own = [a];
        let receivers = if targets.is_empty() && ab.area.is_none() {
            &own
        } else {
            targets
        };
        if receivers.is_empty() {
            // An area with nobody inside: paid for, compared with no one, so no check.
            return Ok(());
        }
        let Some(skill) = facts.skill else {
            // No check: the effects simply happen (AND-40 Invisible from an ability).
            for &t in receivers {
                self.apply_effects(a, ab, t, Tier::Critical, ev);
            }
            self.after_attack(a, ab);
            return Ok(());
        };
        // Every receiver's edge is fixed before the roll: effects on one target must not
        // change the edge against the next.
        let edge_on = |t: usize| {
            if ab.defense.is_some() && t != a {
                self.attack_edge(a, t)
            } else {
                self.check_edge(a)
            }
        };
        let mut inline = [Edge::Normal; INLINE_TARGETS];
        let spilled: Vec<Edge>;
        let edges: &[Edge] = if receivers.len() <= INLINE_TARGETS {
            for (slot, &t) in inline.iter_mut().zip(receivers) {
                *slot = edge_on(t);
            }
            &inline[..receivers.len()]
        } else {
            spilled = receivers.iter().map(|&t| edge_on(t)).collect();
            &spilled
        };
        let method = self.settings.advantage;
        let n = edges
            .iter()
            .map(|&e| dice_needed(e, &method))
            .max()
            .unwrap_or(2)
            .min(MAX_CHECK_DICE);
        let mut rolled = KeptRoll {
            count: n as u8,
            ..KeptRoll::default()
        };
        for slot in rolled.dice.iter_mut().take(n) {
            *slot = dice.roll(DIE_SIDES)? as u8;
        }
        let mut any_fail = false;
        let mut any_crit = false;
        for (k, &t) in receivers.iter().enumerate() {
            let invisibility = self.fighters[t]
                .conditions
                .iter()
                .filter(|c| c.kind == ConditionKind::Invisible)
                .map(|c| c.source_rank as i32)
                .max();
            let (difficulty, against) = match (ab.defense, invisibility) {
                (Some(d), _) => (self.defense(t, d), Against::Defense { defense: d }),
                (None, Some(rank)) if ab.detects_invisible => (rank, Against::Invisibility),
                (None, _) => (ab.difficulty, Against::Task),
            };
            let roll = keep_from(&rolled, skill.value, edges[k], &method);
            let base = self.settings.table.tier(roll.total);
            let shift = skill.rank.saturating_sub(difficulty);
            let result = CheckResult {
                roll,
                base,
                shift,
                tier: Tier::clamped(base as i64 + i64::from(shift)),
            };
            let tier = result.tier;
            ev.emit(|| {
                let record = CheckRecord {
                    actor: a,
                    purpose: if facts.improvised {
                        Purpose::Improvised {
                            skill: ab.skill.clone().unwrap_or_default(),
                        }
                    } else {
                        Purpose::Ability {
                            id: ab.id.clone(),
                            name: ab.name.clone().unwrap_or_else(|| ab.id.to_string()),
                        }
                    },
                    target: (t != a).then_some(t),
                    skill_name: ab.skill.as_deref().unwrap_or_default(),
                    skill,
                    difficulty,
                    against,
                    edge: edges[k],
                    provoked,
                    readied,
                };
                self.record_check(record, &result)
            });
            any_fail |= tier == Tier::Fail;
            any_crit |= tier == Tier::Critical;
            if let Some(line) = ab.damage {
                self.damage(a, t, line.get(tier), ev);
            }
            if ab.defense.is_some() && t != a {
                self.struck(t, tier, !ab.ranged, ev);
            }
            if ab.detects_invisible && tier >= Tier::Success {
                self.remove_conditions(t, |c| c.kind == ConditionKind::Invisible, "detected", ev);
            }
            if ab.breaks_grabs && tier >= Tier::Success {
                for h in [self.holding(t), self.held_by(t)].into_iter().flatten() {
                    self.end_hold(h.id, "separated by force", ev);
                }
            }
            self.apply_effects(a, ab, t, tier, ev);
        }
        // One check gives at most 1 Heat, however many targets (AND-26).
        if any_fail && self.active(a) {
            self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
        }
        if any_crit {
            self.signature(a, Signature::ScoresCritical, ev);
        }
        if !provoked && !readied {
            self.after_attack(a, ab);
        }
        Ok(())
    }

    pub(super) fn apply_effects(
        &mut self,
        a: usize,
        ab: &Ability,
        t: usize,
        tier: Tier,
        ev: &mut Events,
    ) {
        for c in &ab.conditions {
            if tier < c.min_tier {
                continue;
            }
            let bearer = if c.on_self { a } else { t };
            // A hold keeps its two from hiding, whatever tries to hide them (AND-35).
            let revealed =
                c.condition == ConditionKind::Hidden && self.hold_reveals(bearer).is_some();
            if !self.active(bearer) || revealed {
                continue;
            }
            if c.condition == ConditionKind::Exhaustion {
                self.exhaust(bearer, c.amount, ev);
                continue;
            }
            let mut cond = self.new_condition(
                bearer,
                c.condition,
                c.duration.unwrap_or(Duration::UntilRemoved),
                Some(a),
            );
            cond.source_rank = ab.rank;
            cond.help = c.help;
            cond.save = c.save.clone();
            cond.shake_off = c.shake_off;
            self.add_condition(bearer, cond, ev);
        }
    }

    /// What an attack's final tier does to its target, for abilities and grabs alike (a grab
    /// is made «по обычным правилам атаки», AND-41): a melee miss is the Duelist's moment
    /// (AND-27), a critical success ends Invisible (AND-23, AND-40).
    pub(crate) fn struck(&mut self, t: usize, tier: Tier, melee: bool, ev: &mut Events) {
        if melee && tier == Tier::Fail {
            self.signature(t, Signature::MissedByMelee, ev);
        }
        if tier == Tier::Critical && self.has(t, ConditionKind::Invisible) {
            self.remove_conditions(
                t,
                |c| c.kind == ConditionKind::Invisible,
                "a critical success of an attack against it",
                ev,
            );
        }
    }
}
