//! Area abilities (AND-01, AND-26): aimed at a point, they affect everyone inside the shape,
//! allies and the user too, with one roll compared with each of them.

use std::sync::Arc;

use fray_dice::{msg, Dice, RuleError};

use super::{err, within, Events, State, Targets, Then, MAX_COORD};
use crate::area::Area;
use crate::setup::ConditionKind;

impl State {
    /// Who is inside `area` aimed at `at` by `a`: every active participant within the
    /// shape, in setup order, but the user of a line or cone (its apex) and, unless
    /// `settings.areas_reach_hidden`, the user's Hidden enemies (AND-35).
    pub(crate) fn inside(&self, a: usize, area: &Area, at: [i64; 2]) -> Targets {
        let origin = self.fighters[a].position;
        (0..self.fighters.len())
            .filter(|&t| {
                let hidden_enemy = self.fighters[t].side != self.fighters[a].side
                    && self.has(t, ConditionKind::Hidden)
                    && !self.settings.areas_reach_hidden;
                self.active(t)
                    && !(area.from_user() && t == a)
                    && !hidden_enemy
                    && area.covers(origin, at, self.fighters[t].position)
            })
            .collect()
    }

    /// Whether `at` is a point `a` may aim its area ability `k` at (AND-01).
    pub(crate) fn area_point(&self, a: usize, k: usize, at: [i64; 2]) -> Result<(), RuleError> {
        let ab = &self.roster[a].abilities[k];
        let Some(area) = ab.area else {
            return Err(err(
                "AND-01",
                msg!("and-refuse-not-area-ability", ability = ab.id.as_ref()),
            ));
        };
        let me = self.fighters[a].position;
        if at
            .iter()
            .any(|c| c.unsigned_abs() > MAX_COORD.unsigned_abs())
        {
            return Err(err("AND-01", msg!("and-refuse-at-bounds", max = MAX_COORD)));
        }
        if area.from_user() {
            if at == me {
                return Err(err(
                    "AND-01",
                    msg!(
                        "and-refuse-direction",
                        ability = ab.id.as_ref(),
                        who = self.fighters[a].id.as_ref()
                    ),
                ));
            }
        } else if !within(me, at, ab.range) {
            return Err(err(
                "AND-01",
                msg!(
                    "and-refuse-circle-range",
                    ability = ab.id.as_ref(),
                    range = ab.range
                ),
            ));
        }
        Ok(())
    }

    /// Area ability `k` of `a` aimed at `at`, once `a` has the resource for it: validated,
    /// paid, provoked attacks for a ranged one in melee (AND-14), then one check compared
    /// with everyone inside (AND-26).
    pub(super) fn use_area<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        (targets, at): (&[usize], Option<[i64; 2]>),
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let roster = Arc::clone(&self.roster);
        let ab = &roster[a].abilities[k];
        if !targets.is_empty() {
            return Err(err(
                "AND-01",
                msg!("and-refuse-area-needs-point", ability = ab.id.as_ref()),
            ));
        }
        let at = at.ok_or_else(|| {
            err(
                "AND-01",
                msg!("and-refuse-area-give-point", ability = ab.id.as_ref()),
            )
        })?;
        self.area_point(a, k, at)?;
        let facts = self.facts(a, k);
        self.validate_as(a, ab, facts, &[])?;
        self.spend(a, ab.kind);
        if ab.ranged && ab.defense.is_some() {
            if let Some(e) = self.next_provoked(a, None, 0) {
                self.offer_provoked(e, a, None, false, Then::Area { ability: k, at });
                return Ok(());
            }
        }
        self.area_goes_off(dice, a, k, at, ev)
    }

    /// Area ability `k` of `a` goes off at `at`: one check compared with everyone inside
    /// now (AND-26).
    pub(super) fn area_goes_off<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        k: usize,
        at: [i64; 2],
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let roster = Arc::clone(&self.roster);
        let ab = &roster[a].abilities[k];
        let Some(area) = ab.area else {
            return Ok(());
        };
        let inside = self.inside(a, &area, at);
        self.perform_as(dice, a, (ab, self.facts(a, k)), &inside, (false, false), ev)
    }
}
