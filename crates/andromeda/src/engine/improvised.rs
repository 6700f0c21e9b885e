//! Improvised checks and attacks (AND-11): «Любая активная попытка в бою может решаться
//! проверкой навыка. Атака отличается от обычной проверки тем, что наносит урон по исходу
//! проверки.» An attempt the sheet does not list is an ability made up on the spot and
//! resolved by the same rules as the sheet's.

use std::sync::Arc;

use fray_dice::{msg, Dice, RuleError};

use super::{err, Events, State, Targets, Then};
use crate::prepared::AbilityFacts;
use crate::resolve::DamageLine;
use crate::setup::{Ability, ActionKind, Aim, Defense};

/// What an improvised attempt rolls, as the command gives it.
pub(super) struct Attempt<'a> {
    pub skill: &'a str,
    pub target: Option<usize>,
    pub defense: Option<Defense>,
    pub difficulty: i32,
    pub damage: Option<DamageLine>,
    pub ranged: bool,
    pub range: u32,
}

impl Attempt<'_> {
    /// The attempt as an ability: an action, free of Heat, with no artifact.
    fn ability(&self) -> Result<Ability, RuleError> {
        match (self.target, self.defense) {
            (Some(_), None) => return Err(err("AND-18", msg!("and-refuse-improvised-defense"))),
            (None, Some(_)) => return Err(err("AND-18", msg!("and-refuse-improvised-no-target"))),
            (Some(_), Some(_)) if self.difficulty != 0 => {
                return Err(err("AND-18", msg!("and-refuse-improvised-difficulty")))
            }
            (None, None) if self.damage.is_some() || self.ranged => {
                return Err(err("AND-20", msg!("and-refuse-improvised-damage")))
            }
            _ => {}
        }
        Ok(Ability {
            id: Arc::from("improvised"),
            name: None,
            cost: 0,
            rank: 1,
            kind: ActionKind::Action,
            aim: if self.target.is_some() {
                Aim::Enemy
            } else {
                Aim::SelfOnly
            },
            skill: Some(self.skill.to_owned()),
            defense: self.defense,
            difficulty: self.difficulty,
            damage: self.damage,
            ranged: self.ranged,
            range: self.range,
            max_targets: 1,
            two_handed: false,
            artifact: None,
            conditions: Vec::new(),
            detects_invisible: false,
            breaks_grabs: false,
            area: None,
        })
    }
}

impl State {
    /// An improvised check or attack by `a`: validated, the action spent, provoked attacks
    /// for a ranged attack in melee (AND-14), then one check as an ability's.
    pub(super) fn improvise<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        attempt: &Attempt<'_>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        self.require_resource(a, ActionKind::Action)?;
        let ab = attempt.ability()?;
        let facts = AbilityFacts {
            skill: Some(self.skill(a, attempt.skill)),
            artifact: None,
            improvised: true,
        };
        let targets: Targets = attempt.target.into_iter().collect();
        self.validate_as(a, &ab, facts, &targets)?;
        self.spend(a, ActionKind::Action);
        if let (true, Some(target)) = (ab.ranged, attempt.target) {
            if let Some(e) = self.next_provoked(a, None, 0) {
                let skill = self.skill(a, attempt.skill);
                let then = Then::Improvised {
                    ability: Box::new(ab),
                    skill,
                    target,
                };
                self.offer_provoked(e, a, None, false, then);
                return Ok(());
            }
        }
        self.perform_as(dice, a, (&ab, facts), &targets, (false, false), ev)
    }
}
