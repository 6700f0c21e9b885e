//! Hiding and seeking (AND-35, AND-39).

use fray_dice::{msg, Dice, RuleError};

use super::{err, Events, State};
use crate::setup::{ActionKind, ConditionKind, Duration};

impl State {
    /// Why a hold keeps `a` from hiding, if it does. Hidden means «противники не знают, где
    /// находится цель»: the grabber holding the Grabbed one knows where it is (AND-34, AND-35),
    /// and so does the one it holds, unless `settings.grabber_can_hide`.
    pub(crate) fn hold_reveals(&self, a: usize) -> Option<&'static str> {
        if self.held_by(a).is_some() {
            Some("it is Grabbed, and its grabber holds it")
        } else if self.holding(a).is_some() && !self.settings.grabber_can_hide {
            Some("it is holding a grab, and the one it holds knows where it is")
        } else {
            None
        }
    }

    /// Hide by `a`, opposed by `against` or else the most perceptive enemy (AND-39).
    pub(super) fn hide<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        against: Option<&str>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_resource(a, ActionKind::Action)?;
        if self.has(a, ConditionKind::Hidden) {
            return Err(err(
                "AND-39",
                msg!(
                    "and-refuse-already-hidden",
                    who = self.fighters[a].id.as_ref()
                ),
            ));
        }
        if self.hold_reveals(a).is_some() {
            return Err(err(
                "AND-35",
                msg!(
                    "and-refuse-cannot-hide",
                    who = self.fighters[a].id.as_ref(),
                    why = if self.held_by(a).is_some() {
                        "grabbed"
                    } else {
                        "holding"
                    }
                ),
            ));
        }
        let o = match against {
            Some(id) => {
                let o = self.find(id)?;
                if self.fighters[o].side == self.fighters[a].side || !self.active(o) {
                    return Err(err("AND-39", msg!("and-refuse-not-active-enemy", id = id)));
                }
                o
            }
            None => self
                .best_observer(a)
                .ok_or_else(|| err("AND-39", msg!("and-refuse-no-enemy")))?,
        };
        self.spend(a, ActionKind::Action);
        let stealth = self.prepared.engine_skills[a].stealth;
        let perception = self.prepared.engine_skills[o].perception;
        let settings = std::sync::Arc::clone(&self.settings);
        let n = &settings.skill_names;
        let (me, them) = ((a, stealth, &*n.stealth), (o, perception, &*n.perception));
        if self.opposed(dice, "hide", me, them, true, ev)? {
            let c = self.new_condition(a, ConditionKind::Hidden, Duration::UntilRemoved, None);
            self.add_condition(a, c, ev);
        }
        Ok(())
    }

    /// Seek of the Hidden `t` by `a` (AND-39).
    pub(super) fn seek<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        t: usize,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_resource(a, ActionKind::Action)?;
        if self.fighters[t].side == self.fighters[a].side
            || !self.active(t)
            || !self.has(t, ConditionKind::Hidden)
        {
            return Err(err(
                "AND-39",
                msg!(
                    "and-refuse-not-hidden-enemy",
                    target = self.fighters[t].id.as_ref()
                ),
            ));
        }
        self.spend(a, ActionKind::Action);
        let perception = self.prepared.engine_skills[a].perception;
        let stealth = self.prepared.engine_skills[t].stealth;
        let settings = std::sync::Arc::clone(&self.settings);
        let n = &settings.skill_names;
        let (me, them) = ((a, perception, &*n.perception), (t, stealth, &*n.stealth));
        if self.opposed(dice, "seek", me, them, true, ev)? {
            self.remove_conditions(t, |c| c.kind == ConditionKind::Hidden, "found", ev);
        }
        Ok(())
    }
}
