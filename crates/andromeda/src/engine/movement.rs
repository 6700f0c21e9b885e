//! Movement (AND-02, AND-03, AND-33, AND-34, AND-42): Move, Step and Extra Move, a grabber
//! dragging its target, and the provoked attacks and readied actions a movement sets off
//! (offered as pending decisions, `reactions`).

use fray_dice::{msg, RuleError};

use super::{err, within, Event, Events, MoveMode, State, Then, Trigger, MAX_COORD};
use crate::setup::{ActionKind, ConditionKind, Style};

impl State {
    /// The enemies of `a` who do not know where it is while it is Hidden (AND-35): all of
    /// them but `except` (the one it holds, who knows); none when it is not Hidden.
    fn unaware_of(&self, a: usize, except: Option<usize>) -> Vec<super::Id> {
        if !self.has(a, ConditionKind::Hidden) {
            return Vec::new();
        }
        let side = self.fighters[a].side;
        (0..self.fighters.len())
            .filter(|&i| self.fighters[i].side != side && Some(i) != except)
            .map(|i| self.fighters[i].id.clone())
            .collect()
    }

    pub(super) fn do_move(
        &mut self,
        a: usize,
        to: [i64; 2],
        mode: MoveMode,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let kind = if mode == MoveMode::ExtraMove {
            ActionKind::Action
        } else {
            ActionKind::Maneuver
        };
        self.require_resource(a, kind)?;
        if to
            .iter()
            .any(|c| c.unsigned_abs() > MAX_COORD.unsigned_abs())
        {
            return Err(err("AND-01", msg!("and-refuse-bounds", max = MAX_COORD)));
        }
        let speed = self.speed(a);
        if speed == 0 {
            let (rule, why) = if self.has(a, ConditionKind::Grabbed) {
                ("AND-34", "grabbed")
            } else {
                ("AND-33", "immobilized")
            };
            return Err(err(
                rule,
                msg!(
                    "and-refuse-speed-zero",
                    who = self.fighters[a].id.as_ref(),
                    condition = why
                ),
            ));
        }
        if self.holding(a).is_some() && mode != MoveMode::Step {
            return Err(err("AND-42", msg!("and-refuse-holding-step")));
        }
        let limit = if mode == MoveMode::Step {
            speed / self.settings.step_divisor
        } else {
            speed
        };
        let from = self.fighters[a].position;
        if !within(from, to, limit) {
            return Err(err(
                "AND-03",
                msg!(
                    "and-refuse-too-far",
                    who = self.fighters[a].id.as_ref(),
                    limit = limit
                ),
            ));
        }
        self.spend(a, kind);
        if mode != MoveMode::Step && self.roster[a].style == Style::Ranged {
            if let Some(e) = self.next_provoked(a, Some(to), 0) {
                self.offer_provoked(e, a, Some(to), false, Then::Move { from, to, mode });
                return Ok(());
            }
        }
        self.arrive(a, from, to, mode, ev);
        Ok(())
    }

    /// `a` arrives at `to` (dragging the one it holds), and the readied actions its arrival
    /// triggers are offered.
    pub(super) fn arrive(
        &mut self,
        a: usize,
        from: [i64; 2],
        to: [i64; 2],
        mode: MoveMode,
        ev: &mut Events,
    ) {
        self.fighters[a].position = to;
        ev.emit(|| Event::Moved {
            id: self.fighters[a].id.clone(),
            mode,
            from,
            to,
            hidden_from: self.unaware_of(a, None),
        });
        if let Some(h) = self.holding(a) {
            let t = h.target;
            let tf = self.fighters[t].position;
            let tt = [tf[0] + to[0] - from[0], tf[1] + to[1] - from[1]];
            self.fighters[t].position = tt;
            ev.emit(|| Event::Moved {
                id: self.fighters[t].id.clone(),
                mode: MoveMode::Dragged,
                from: tf,
                to: tt,
                // Where the dragged one goes, its Hidden grabber goes: the grabber's secret.
                hidden_from: self.unaware_of(a, Some(t)),
            });
        }
        self.offer_ready(a, Trigger::EnemyMovesIntoRange, Some(from), 0);
    }
}
