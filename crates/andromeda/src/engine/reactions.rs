//! What answers an action off its actor's turn: provoked attacks (AND-14) and readied
//! actions (AND-11). Both are choices the rules give to a participant («Провоцированную
//! атаку можно совершить», «сможете потратить реакцию»), so the engine offers each as a
//! pending decision ([`State::pending`]): the action that set it off stops, the one offered
//! answers (`provoked_attack`, `readied`), the next one it concerns is offered in setup
//! order, and once nobody is left the action goes on.

use fray_dice::{msg, Dice, RuleError};
use serde::Serialize;

use super::{ability_index, err, within, Event, Events, MoveMode, State, Trigger};
use crate::prepared::AbilityFacts;
use crate::setup::{Ability, ActionKind, Aim, Skill};

/// A reaction the engine offers now and waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// Who decides (an index of [`State::fighters`]): the enemy provoked, or the one whose
    /// readied action the trigger met.
    pub decider: usize,
    /// Whom the reaction strikes: the one who provoked, or the enemy that met the trigger.
    pub against: usize,
    /// What is offered.
    pub offer: Offer,
}

/// What a [`Pending`] decision offers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Offer {
    /// A provoked attack (AND-14), a free action: by a ranged attack in melee
    /// (`leaving_to` none), or by leaving melee reach for `leaving_to`.
    ProvokedAttack {
        /// Where the one provoking is going, when it leaves melee reach.
        leaving_to: Option<[i64; 2]>,
        /// Whether an earlier enemy took its provoked attack (the action is checked again).
        taken: bool,
        /// The provoking action, made once every provoked attack is answered.
        #[serde(skip)]
        then: Then,
    },
    /// A readied action whose trigger came (AND-11): firing spends the reaction.
    Readied {
        /// The trigger met.
        trigger: Trigger,
        /// Where the mover started, for [`Trigger::EnemyMovesIntoRange`].
        from: Option<[i64; 2]>,
    },
}

/// The action that provoked attacks interrupted, by indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    /// Ability `ability` of the provoker (a ranged attack) on `targets`.
    Ability {
        /// Its index on the provoker's sheet.
        ability: usize,
        /// Its targets.
        targets: Vec<usize>,
    },
    /// An area ability aimed at `at`: whoever is inside once the provoked attacks are done.
    Area {
        /// Its index on the provoker's sheet.
        ability: usize,
        /// The point aimed at.
        at: [i64; 2],
    },
    /// An improvised ranged attack (AND-11).
    Improvised {
        /// The attempt as an ability.
        ability: Box<Ability>,
        /// The skill it rolls.
        skill: Skill,
        /// Its target.
        target: usize,
    },
    /// A Move or Extra Move from `from` to `to`.
    Move {
        /// From.
        from: [i64; 2],
        /// To.
        to: [i64; 2],
        /// Move or Extra Move.
        mode: MoveMode,
    },
}

impl State {
    /// The refusal of any command but the answer while a reaction is offered.
    #[cold]
    pub(super) fn waiting(&self, p: &Pending) -> RuleError {
        let (who, whom) = (&self.fighters[p.decider].id, &self.fighters[p.against].id);
        match p.offer {
            Offer::ProvokedAttack { .. } => err(
                "AND-14",
                msg!(
                    "and-refuse-wait-provoked",
                    who = who.as_ref(),
                    whom = whom.as_ref()
                ),
            ),
            Offer::Readied { .. } => err(
                "AND-11",
                msg!(
                    "and-refuse-wait-ready",
                    who = who.as_ref(),
                    whom = whom.as_ref()
                ),
            ),
        }
    }

    // ----- readied actions (AND-11) -----

    /// Readied actions triggered by an enemy's attack (AND-11).
    pub(super) fn after_attack(&mut self, a: usize, ab: &Ability) {
        if ab.aim == Aim::Enemy {
            self.offer_ready(a, Trigger::EnemyAttacks, None, 0);
        }
    }

    /// The ability `r`'s readied action would strike `mover` with, when `trigger` (by a
    /// movement from `from`) sets it off: the trigger it named, an enemy, its reaction at
    /// hand, the ability usable on the mover and, for "into range", a mover that started
    /// the movement out of reach.
    fn readied_against(
        &self,
        r: usize,
        mover: usize,
        trigger: Trigger,
        from: Option<[i64; 2]>,
    ) -> Option<usize> {
        let f = &self.fighters[r];
        let ready = f.ready.as_ref()?;
        if ready.trigger != trigger
            || f.side == self.fighters[mover].side
            || !self.active(r)
            || !f.reaction
        {
            return None;
        }
        let k = ability_index(&self.roster, r, &ready.ability, &f.id).ok()?;
        let range = self.roster[r].abilities[k].range;
        let was_in_range = from.is_some_and(|p| within(p, f.position, range));
        (!was_in_range && self.may_use(r, k, &[mover])).then_some(k)
    }

    /// Offers the readied action of the first participant from `start` on that `trigger`
    /// by `mover` sets off, if any (and the mover is still in the fight).
    pub(super) fn offer_ready(
        &mut self,
        mover: usize,
        trigger: Trigger,
        from: Option<[i64; 2]>,
        start: usize,
    ) {
        if !self.active(mover) {
            return;
        }
        let next = (start..self.fighters.len())
            .find(|&r| self.readied_against(r, mover, trigger, from).is_some());
        if let Some(r) = next {
            self.pending = Some(Pending {
                decider: r,
                against: mover,
                offer: Offer::Readied { trigger, from },
            });
        }
    }

    /// `r`'s answer to its readied action offered: fire it now (the reaction spent, a
    /// readied action triggers nothing further), or hold it for a later trigger.
    pub(super) fn answer_ready<D: Dice>(
        &mut self,
        dice: &mut D,
        r: usize,
        fire: bool,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let (mover, trigger, from) = match self.pending {
            Some(Pending {
                decider,
                against,
                offer: Offer::Readied { trigger, from },
            }) if decider == r => (against, trigger, from),
            Some(ref p) => return Err(self.waiting(p)),
            None => {
                return Err(err(
                    "AND-11",
                    msg!(
                        "and-refuse-no-ready-now",
                        who = self.fighters[r].id.as_ref()
                    ),
                ))
            }
        };
        let k = self
            .readied_against(r, mover, trigger, from)
            .ok_or_else(|| err("AND-11", msg!("and-refuse-ready-gone")))?;
        self.pending = None;
        if fire {
            self.fighters[r].ready = None;
            self.fighters[r].reaction = false;
            ev.emit(|| Event::ReadyTriggered {
                id: self.fighters[r].id.clone(),
                target: self.fighters[mover].id.clone(),
            });
            self.perform(dice, r, k, &[mover], (false, true), ev)?;
        } else {
            ev.emit(|| Event::ReadyHeld {
                id: self.fighters[r].id.clone(),
                target: self.fighters[mover].id.clone(),
            });
        }
        self.offer_ready(mover, trigger, from, r + 1);
        Ok(())
    }

    // ----- provoked attacks (AND-14) -----

    /// Whether `e` may make its provoked attack on `a` with its ability `k`: a melee attack
    /// action without an area, usable on `a` where it stands (Heat, charge, hands, reach)
    /// and, when `a` leaves for `leaving_to`, not reaching it there.
    pub(crate) fn provoked_with(
        &self,
        e: usize,
        a: usize,
        k: usize,
        leaving_to: Option<[i64; 2]>,
    ) -> bool {
        let ab = &self.roster[e].abilities[k];
        !ab.ranged
            && ab.defense.is_some()
            && ab.aim == Aim::Enemy
            && ab.kind == ActionKind::Action
            && ab.area.is_none()
            && leaving_to.map_or(true, |to| !within(self.fighters[e].position, to, ab.range))
            && self.may_use(e, k, &[a])
    }

    /// The abilities `e` may make its provoked attack on `a` with (none: not provoked).
    pub(crate) fn provoked_abilities(
        &self,
        e: usize,
        a: usize,
        leaving_to: Option<[i64; 2]>,
    ) -> impl Iterator<Item = usize> + '_ {
        let provoked = self.active(e) && self.fighters[e].side != self.fighters[a].side;
        (0..self.roster[e].abilities.len())
            .filter(move |&k| provoked && self.provoked_with(e, a, k, leaving_to))
    }

    /// The first enemy from `start` on that `a` provokes by a ranged attack in melee
    /// (`leaving_to` none) or by leaving melee reach, while `a` is still in the fight.
    pub(super) fn next_provoked(
        &self,
        a: usize,
        leaving_to: Option<[i64; 2]>,
        start: usize,
    ) -> Option<usize> {
        if !self.active(a) {
            return None;
        }
        (start..self.fighters.len())
            .find(|&e| self.provoked_abilities(e, a, leaving_to).next().is_some())
    }

    /// Stops the action `then` of `a` to offer `e` its provoked attack.
    pub(super) fn offer_provoked(
        &mut self,
        e: usize,
        a: usize,
        leaving_to: Option<[i64; 2]>,
        taken: bool,
        then: Then,
    ) {
        self.pending = Some(Pending {
            decider: e,
            against: a,
            offer: Offer::ProvokedAttack {
                leaving_to,
                taken,
                then,
            },
        });
    }

    /// `e`'s answer to its provoked attack offered: attack with `ability`, or let the
    /// provoker go (`None`). Then the next enemy provoked is offered its attack, or the
    /// provoking action goes on.
    pub(super) fn answer_provoked<D: Dice>(
        &mut self,
        dice: &mut D,
        e: usize,
        ability: Option<&str>,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        let (a, leaving_to) = match self.pending {
            Some(Pending {
                decider,
                against,
                offer: Offer::ProvokedAttack { leaving_to, .. },
            }) if decider == e => (against, leaving_to),
            Some(ref p) => return Err(self.waiting(p)),
            None => {
                return Err(err(
                    "AND-14",
                    msg!(
                        "and-refuse-no-provoked-now",
                        who = self.fighters[e].id.as_ref()
                    ),
                ))
            }
        };
        let k = match ability {
            None => None,
            Some(id) => {
                let k = ability_index(&self.roster, e, id, &self.fighters[e].id)?;
                if !self.provoked_with(e, a, k, leaving_to) {
                    return Err(err(
                        "AND-14",
                        msg!(
                            "and-refuse-provoked-ability",
                            ability = id,
                            who = self.fighters[e].id.as_ref(),
                            target = self.fighters[a].id.as_ref()
                        ),
                    ));
                }
                Some(k)
            }
        };
        let Some(Pending {
            offer: Offer::ProvokedAttack {
                mut taken, then, ..
            },
            ..
        }) = self.pending.take()
        else {
            unreachable!("matched above");
        };
        match k {
            Some(k) => {
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
                taken = true;
            }
            None => ev.emit(|| Event::ProvokedDeclined {
                by: self.fighters[e].id.clone(),
                against: self.fighters[a].id.clone(),
            }),
        }
        match self.next_provoked(a, leaving_to, e + 1) {
            Some(next) => {
                self.offer_provoked(next, a, leaving_to, taken, then);
                Ok(())
            }
            None => self.provoking_action(dice, a, taken, then, ev),
        }
    }

    /// The action of `a` that provoked attacks, once they are answered: lost if a provoked
    /// attack took `a` out of the fight, or (when one was `taken`) out of reach of its
    /// targets.
    fn provoking_action<D: Dice>(
        &mut self,
        dice: &mut D,
        a: usize,
        taken: bool,
        then: Then,
        ev: &mut Events,
    ) -> Result<(), RuleError> {
        if !self.active(a) {
            return Ok(());
        }
        match then {
            Then::Ability { ability, targets } => {
                if taken && !self.may_use(a, ability, &targets) {
                    return Ok(());
                }
                self.perform(dice, a, ability, &targets, (false, false), ev)
            }
            Then::Area { ability, at } => self.area_goes_off(dice, a, ability, at, ev),
            Then::Improvised {
                ability,
                skill,
                target,
            } => {
                let facts = AbilityFacts {
                    skill: Some(skill),
                    artifact: None,
                    improvised: true,
                };
                if taken && !self.may_use_as(a, &ability, facts, &[target]) {
                    return Ok(());
                }
                self.perform_as(dice, a, (&ability, facts), &[target], (false, false), ev)
            }
            Then::Move { from, to, mode } => {
                self.arrive(a, from, to, mode, ev);
                Ok(())
            }
        }
    }

    /// The index of the first melee attack of `e` that it can afford and that needs no
    /// artifact charge: the default policy's provoked attack.
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
