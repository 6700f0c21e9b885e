//! The grab (AND-41 … AND-44): taking hold, escaping, and a hold's end.

use fray_dice::{msg, Dice, RuleError};

use super::{err, within, Against, CheckRecord, Event, Events, Hold, Purpose, State, Trigger};
use crate::engine::HeatReason;
use crate::resolve::{check, GrabEffect, Tier};
use crate::setup::{ActionKind, ConditionKind, Defense, Duration, Signature};

impl State {
    /// Grab of `t` by `a` (AND-41 … AND-43).
    pub(super) fn grab<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        t: usize,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_resource(a, ActionKind::Action)?;
        self.require_enemy_target(a, t, "AND-41")?;
        if self.holding(a).is_some() {
            return Err(err(
                "AND-42",
                msg!(
                    "and-refuse-holds-already",
                    who = self.fighters[a].id.as_ref()
                ),
            ));
        }
        if self.held_by(t).is_some() {
            return Err(err(
                "AND-41",
                msg!(
                    "and-refuse-already-held",
                    target = self.fighters[t].id.as_ref()
                ),
            ));
        }
        if self.has(a, ConditionKind::Grabbed) || self.has(a, ConditionKind::Immobilized) {
            return Err(err("AND-43", msg!("and-refuse-held-cannot-grab")));
        }
        if !within(
            self.fighters[a].position,
            self.fighters[t].position,
            self.settings.grab_reach,
        ) {
            return Err(err(
                "AND-01",
                msg!(
                    "and-refuse-grab-reach",
                    target = self.fighters[t].id.as_ref(),
                    reach = self.settings.grab_reach
                ),
            ));
        }
        self.spend(a, ActionKind::Action);
        self.do_grab(dice, a, t, ev)?;
        Ok(())
    }

    /// Escape by `a` with `skill`, the might or agility skill name (AND-44).
    pub(super) fn escape<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        skill: &str,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_resource(a, ActionKind::Action)?;
        let names = &self.settings.skill_names;
        if skill != names.might && skill != names.agility {
            return Err(err(
                "AND-44",
                msg!(
                    "and-refuse-escape-skill",
                    might = names.might.as_str(),
                    agility = names.agility.as_str(),
                    skill = skill
                ),
            ));
        }
        let Some(h) = self.held_by(a) else {
            return Err(err(
                "AND-44",
                msg!("and-refuse-not-grabbed", who = self.fighters[a].id.as_ref()),
            ));
        };
        self.spend(a, ActionKind::Action);
        let settings = std::sync::Arc::clone(&self.settings);
        let name = skill;
        let skill = self.skill(a, name);
        let might = self.prepared.engine_skills[h.grabber].might;
        let (me, them) = (
            (a, skill, name),
            (h.grabber, might, settings.skill_names.might.as_str()),
        );
        if self.opposed(dice, "escape", me, them, true, ev)? {
            self.end_hold(h.id, "the target broke free", ev);
        }
        Ok(())
    }

    pub(super) fn do_grab<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        t: usize,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.has(a, ConditionKind::Hidden) {
            self.remove_conditions(
                a,
                |c| c.kind == ConditionKind::Hidden,
                "gave itself away by grabbing",
                ev,
            );
        }
        let edge = self.attack_edge(a, t);
        let difficulty = self.defense(t, Defense::Fortitude);
        let might = self.prepared.engine_skills[a].might;
        let result = check(dice, &self.spec(might, difficulty, edge))?;
        ev.emit(|| {
            let record = CheckRecord {
                actor: a,
                purpose: Purpose::Grab,
                target: Some(t),
                skill_name: &self.settings.skill_names.might,
                skill: might,
                difficulty,
                against: Against::Defense {
                    defense: Defense::Fortitude,
                },
                edge,
                provoked: false,
                readied: false,
            };
            self.record_check(record, &result)
        });
        // A grab is an attack: what follows an attack's tier follows it (AND-41).
        self.struck(t, result.tier, true, ev);
        let effect = GrabEffect::for_tier(result.tier);
        if effect == GrabEffect::GrabberExposed {
            ev.emit(|| Event::GrabFailed {
                grabber: self.fighters[a].id.clone(),
                target: self.fighters[t].id.clone(),
            });
            let c = self.new_condition(
                a,
                ConditionKind::Vulnerable,
                Duration::StartOfNextTurn,
                Some(a),
            );
            self.add_condition(a, c, ev);
        } else {
            let id = self.next_hold;
            self.next_hold += 1;
            self.holds.push(Hold {
                id,
                grabber: a,
                target: t,
            });
            ev.emit(|| Event::GrabStarted {
                grabber: self.fighters[a].id.clone(),
                target: self.fighters[t].id.clone(),
                effect,
            });
            let mut linked = vec![(t, ConditionKind::Grabbed)];
            match effect {
                GrabEffect::GrabbedAndVulnerable => linked.push((t, ConditionKind::Vulnerable)),
                GrabEffect::GrabbedGrabberVulnerable => linked.push((a, ConditionKind::Vulnerable)),
                _ => {}
            }
            for (bearer, kind) in linked {
                if self.holds.iter().all(|h| h.id != id) {
                    break;
                }
                let mut c = self.new_condition(bearer, kind, Duration::WhileGrab, Some(a));
                c.hold = Some(id);
                self.add_condition(bearer, c, ev);
            }
            self.signature(a, Signature::GrabsTarget, ev);
        }
        if result.tier == Tier::Fail {
            self.gain_heat(a, 1, HeatReason::FailedCheck, ev);
        }
        if result.tier == Tier::Critical {
            self.signature(a, Signature::ScoresCritical, ev);
        }
        self.offer_ready(a, Trigger::EnemyAttacks, None, 0);
        Ok(())
    }

    pub(super) fn end_hold(&mut self, hold: u32, reason: &str, ev: &mut Events) {
        let Some(pos) = self.holds.iter().position(|h| h.id == hold) else {
            return;
        };
        let h = self.holds.remove(pos);
        ev.emit(|| Event::GrabEnded {
            grabber: self.fighters[h.grabber].id.clone(),
            target: self.fighters[h.target].id.clone(),
            reason: reason.into(),
        });
        for i in [h.grabber, h.target] {
            self.remove_conditions(i, |c| c.hold == Some(hold), "the grab ended", ev);
        }
    }
}
