//! What answers an action off its actor's turn: readied actions (AND-11) and provoked
//! attacks (AND-14).

use fray_dice::{Dice, RuleError};

use super::{ability_index, within, Event, Events, State, Trigger};
use crate::setup::{Ability, ActionKind, Aim};

impl State {
    /// Readied actions triggered by an enemy's attack (AND-11); they trigger nothing further.
    pub(super) fn after_attack<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        ab: &Ability,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if ab.aim == Aim::Enemy {
            self.fire_ready(dice, a, Trigger::EnemyAttacks, None, ev)?;
        }
        Ok(())
    }

    pub(super) fn fire_ready<D: Dice>(
        &mut self,
        dice: &mut D,
        mover: usize,
        trigger: Trigger,
        from: Option<[i64; 2]>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if self.fighters.iter().all(|f| f.ready.is_none()) {
            return Ok(());
        }
        for r in 0..self.fighters.len() {
            if !self.active(mover) {
                break;
            }
            let Some(ready) = self.fighters[r].ready.clone() else {
                continue;
            };
            if ready.trigger != trigger
                || self.fighters[r].side == self.fighters[mover].side
                || !self.active(r)
                || !self.fighters[r].reaction
            {
                continue;
            }
            let Ok(k) = ability_index(&self.roster, r, &ready.ability, &self.fighters[r].id) else {
                continue;
            };
            // "Into range": the mover must have started the movement out of reach.
            let range = self.roster[r].abilities[k].range;
            let was_in_range = from.is_some_and(|p| within(p, self.fighters[r].position, range));
            if was_in_range || self.validate_use(r, k, &[mover]).is_err() {
                continue;
            }
            self.fighters[r].ready = None;
            self.fighters[r].reaction = false;
            ev.emit(|| Event::ReadyTriggered {
                id: self.fighters[r].id.clone(),
                target: self.fighters[mover].id.clone(),
            });
            self.perform(dice, r, k, &[mover], (false, true), ev)?;
        }
        Ok(())
    }

    /// Provoked attacks against `a` by every enemy engaging it in melee (AND-14). A provoked
    /// attack is a free action with the provoker's first affordable melee attack
    /// (**\[default\]**); it is made whenever allowed.
    pub(super) fn provoke<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        from: [i64; 2],
        leaving_to: Option<[i64; 2]>,
        ev: &mut Events,
    ) -> Result<bool, RuleError> {
        let mut any = false;
        for e in 0..self.fighters.len() {
            if !self.active(a) {
                break;
            }
            if self.fighters[e].side == self.fighters[a].side || !self.active(e) {
                continue;
            }
            if !self.attackable(e, a) {
                continue;
            }
            let Some(k) = self.melee_attack(e) else {
                continue;
            };
            let range = self.roster[e].abilities[k].range;
            let epos = self.fighters[e].position;
            let engaged = within(epos, from, range);
            let provoked = match leaving_to {
                None => engaged,
                Some(to) => engaged && !within(epos, to, range),
            };
            if !provoked || self.validate_use(e, k, &[a]).is_err() {
                continue;
            }
            ev.emit(|| Event::Provoked {
                by: self.fighters[e].id.clone(),
                against: self.fighters[a].id.clone(),
                why: if leaving_to.is_some() {
                    "left melee reach".into()
                } else {
                    "ranged attack in melee".into()
                },
            });
            self.perform(dice, e, k, &[a], (true, false), ev)?;
            any = true;
        }
        Ok(any)
    }

    /// The index of the first melee attack of `e` that it can afford and that needs no
    /// artifact charge.
    pub fn melee_attack(&self, e: usize) -> Option<usize> {
        self.roster[e].abilities.iter().position(|ab| {
            !ab.ranged
                && ab.defense.is_some()
                && ab.aim == Aim::Enemy
                && matches!(ab.kind, ActionKind::Action)
                && self.cost(e, ab) <= self.fighters[e].heat
                && ab.artifact.is_none()
                && ab.area.is_none()
                && !(ab.two_handed && self.holding(e).is_some())
        })
    }
}
