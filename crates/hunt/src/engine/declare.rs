use super::*;
use fray_dice::msg;

/// The parts of a declaration's attack (HUNT-24), as checked by [`State::allocations`]:
/// nothing or one target, or a split whose target names are looked up again when walked.
/// Validation runs for every command and every candidate of the default tactic, so this
/// stays small and copies nothing.
#[derive(Clone, Copy)]
pub(crate) enum Parts<'a> {
    One(Option<(usize, u32, u32)>),
    Split(&'a [Allocation]),
}

impl Default for Parts<'_> {
    fn default() -> Self {
        Parts::One(None)
    }
}

impl<'a> Parts<'a> {
    /// Attack and Damage dice over all parts, summed in u64: a declaration's numbers come
    /// from JSON and may be anything.
    fn totals(self) -> (u64, u64) {
        match self {
            Parts::One(part) => part.map_or((0, 0), |(_, a, g)| (u64::from(a), u64::from(g))),
            Parts::Split(split) => split.iter().fold((0, 0), |(a, g), p| {
                (a + u64::from(p.attack), g + u64::from(p.damage))
            }),
        }
    }

    /// (target, attack, damage) of each part, in the declaration's order.
    pub(crate) fn iter<'s>(self, state: &'s State) -> PartsIter<'s>
    where
        'a: 's,
    {
        PartsIter { parts: self, state }
    }
}

/// [`Parts::iter`]: one `match` per step (a chain of the two shapes costs more, and the
/// usual declaration has one part).
pub(crate) struct PartsIter<'s> {
    parts: Parts<'s>,
    state: &'s State,
}

impl Iterator for PartsIter<'_> {
    type Item = (usize, u32, u32);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.parts {
            Parts::One(part) => part.take(),
            Parts::Split(split) => {
                let (a, rest) = split.split_first()?;
                *split = rest;
                let t = self.state.index(&a.target).expect("checked by allocations");
                Some((t, a.attack, a.damage))
            }
        }
    }
}

impl State {
    /// The (target, attack, damage) parts of a declaration, or why they are wrong.
    #[inline(always)]
    pub(crate) fn allocations<'d>(
        &self,
        i: usize,
        d: &'d Declaration,
    ) -> Result<Parts<'d>, RuleError> {
        if !d.split.is_empty() {
            if d.attack != 0 || d.damage != 0 || d.target.is_some() {
                return Err(no("HUNT-24", msg!("hunt-refuse-split-or-target")));
            }
            for (k, a) in d.split.iter().enumerate() {
                self.target(i, &a.target)?;
                // One name, one fighter: a repeated name is a repeated target.
                if d.split[..k].iter().any(|b| same_name(&b.target, &a.target)) {
                    return Err(no(
                        "HUNT-24",
                        msg!("hunt-refuse-twice", target = &*a.target),
                    ));
                }
            }
            return Ok(Parts::Split(&d.split));
        }
        if d.attack == 0 && d.damage == 0 {
            // A target named without dice must still be an opponent: what the options list.
            if let Some(name) = &d.target {
                self.target(i, name)?;
            }
            return Ok(Parts::One(None));
        }
        let t = match &d.target {
            Some(name) => self.target(i, name)?,
            None => {
                let mut ops = self.opponents(i);
                match (ops.next(), ops.next()) {
                    (Some(t), None) => t,
                    _ => return Err(no("HUNT-24", msg!("hunt-refuse-name-target"))),
                }
            }
        };
        Ok(Parts::One(Some((t, d.attack, d.damage))))
    }

    #[inline(always)]
    fn target(&self, i: usize, name: &str) -> Result<usize, RuleError> {
        let t = self
            .index(name)
            .ok_or_else(|| no("HUNT-24", msg!("hunt-refuse-no-fighter", name = name)))?;
        if self.fighters[t].side == self.fighters[i].side || !self.fighters[t].active() {
            return Err(no("HUNT-24", msg!("hunt-refuse-not-opponent", name = name)));
        }
        Ok(t)
    }

    /// Checks a declaration against caps, pool, distance and state; says which rule it breaks.
    pub fn validate(&self, d: &Declaration) -> Result<(), RuleError> {
        self.validate_for(self.declarant(d)?, d)
    }

    /// The index of the fighter a declaration names.
    fn declarant(&self, d: &Declaration) -> Result<usize, RuleError> {
        self.index(&d.fighter).ok_or_else(|| {
            no(
                "HUNT-06",
                msg!("hunt-refuse-no-fighter", name = &*d.fighter),
            )
        })
    }

    /// [`State::validate`] for a declaration already known to be fighter `i`'s, so callers
    /// that know the index (the engine, the default tactic) skip the name lookup.
    pub(crate) fn validate_for(&self, i: usize, d: &Declaration) -> Result<(), RuleError> {
        self.validate_with(i, d, self.stats(i), self.pool(i))
    }

    /// [`State::validate_for`] given fighter `i`'s [`State::stats`] and [`State::pool`], which
    /// the default tactic has already computed for all its candidates.
    pub(crate) fn validate_with(
        &self,
        i: usize,
        d: &Declaration,
        stats: Stats,
        pool: u32,
    ) -> Result<(), RuleError> {
        let f = &self.fighters[i];
        match f.status {
            Status::Active => {}
            Status::Dead => return Err(no("HUNT-13", msg!("hunt-refuse-dead", name = &*f.name))),
            Status::Escaped => {
                return Err(no("HUNT-14", msg!("hunt-refuse-escaped", name = &*f.name)))
            }
            Status::TrailLost => {
                return Err(no("HUNT-20", msg!("hunt-refuse-gone", name = &*f.name)))
            }
        }
        let parts = self.allocations(i, d)?;
        let weapon = match &d.weapon {
            Some(name) => Some(f.weapon(name).ok_or_else(|| {
                no(
                    "HUNT-06",
                    msg!("hunt-refuse-no-weapon", name = &*f.name, weapon = &**name),
                )
            })?),
            None => None,
        };
        self.validate_resolved(i, d, parts, weapon, stats, pool)
    }

    /// The rest of [`State::validate_with`] once the declaration's names are resolved:
    /// `parts` are its [`State::allocations`] and `weapon` the index of the weapon it names.
    /// The default tactic, which builds its candidates from indices (an active fighter's own
    /// weapon, opponents still in the fight), starts here: the name checks hold by
    /// construction.
    pub(crate) fn validate_resolved(
        &self,
        i: usize,
        d: &Declaration,
        parts: Parts<'_>,
        weapon: Option<usize>,
        stats: Stats,
        pool: u32,
    ) -> Result<(), RuleError> {
        self.judge_resolved::<Refuse>(i, d, parts, weapon, stats, pool)
    }

    /// [`State::validate_resolved`], answering a broken rule as `V` says: [`Refuse`] writes
    /// the refusal, [`Probe`] (the default tactic's candidates) only says no and formats
    /// nothing. The one implementation of the declaration rules.
    pub(crate) fn judge_resolved<V: Verdict>(
        &self,
        i: usize,
        d: &Declaration,
        parts: Parts<'_>,
        weapon: Option<usize>,
        stats: Stats,
        pool: u32,
    ) -> Result<(), V::No> {
        let f = &self.fighters[i];
        let weapon = weapon.map(|w| &f.weapons[w]);
        let (attack, damage) = parts.totals();
        let attacking = attack + damage > 0;
        let near = self.distance == Distance::Near;
        let tactic = d.tactic;
        if let Some(action) = d.action {
            if attacking {
                return Err(V::no("HUNT-23", || {
                    msg!("hunt-refuse-extraneous-no-attack")
                }));
            }
            if tactic != Tactic::None && !(tactic == Tactic::Hide && f.hidden.is_some()) {
                return Err(V::no("HUNT-23", || {
                    msg!("hunt-refuse-extraneous-no-tactic")
                }));
            }
            if d.defense > pool / 2 {
                return Err(V::no("HUNT-23", || {
                    msg!(
                        "hunt-refuse-extraneous-defense",
                        half = pool / 2,
                        pool = pool,
                        asked = d.defense
                    )
                }));
            }
            if action == Extraneous::Reload {
                let has = f.weapons.iter().any(|w| {
                    w.status == WeaponStatus::Ready
                        && w.weapon.ammo.is_some()
                        && w.weapon.spare > 0
                        && d.weapon.as_ref().map_or(true, |n| *n == w.weapon.name)
                });
                if !has {
                    return Err(V::no("HUNT-27", || msg!("hunt-refuse-no-reload")));
                }
            }
        }
        // An ambush strikes at the distance it picks (HUNT-21); every other attack at this one.
        let at = match tactic {
            Tactic::Ambush => d.distance.unwrap_or(self.distance),
            _ => self.distance,
        };
        // HUNT-15: a pursuit is decided by the pursuer's Attack roll against the opponent's
        // Defense, so a pursuer whose weapon cannot strike from here (none, a melee weapon
        // off Near, out of reach or empty) still rolls Attack dice: only to close in.
        let strikes_here = weapon.is_some_and(|w| strikes_from(w, at));
        let chase = attacking
            && tactic == Tactic::Pursue
            && !strikes_here
            && weapon.map_or(true, |w| w.status == WeaponStatus::Ready);
        if chase {
            if damage > 0 {
                return Err(V::no("HUNT-15", || msg!("hunt-refuse-chase-no-damage")));
            }
            for (t, _, _) in parts.iter(self) {
                if self.fighters[t].hidden.is_some() {
                    return Err(V::no("HUNT-20", || {
                        msg!("hunt-refuse-pursue-hidden", name = &*self.fighters[t].name)
                    }));
                }
            }
        }
        if attacking && !chase {
            let Some(w) = weapon else {
                return Err(V::no("HUNT-06", || msg!("hunt-refuse-needs-weapon")));
            };
            if w.status != WeaponStatus::Ready {
                return Err(V::no("HUNT-12", || {
                    msg!(
                        "hunt-refuse-weapon-down",
                        weapon = &*w.weapon.name,
                        status = crate::text::key(w.status)
                    )
                }));
            }
            if w.weapon.kind == AttackKind::Melee && at != Distance::Near {
                return Err(V::no("HUNT-06", || {
                    msg!("hunt-refuse-melee-near", distance = at.name())
                }));
            }
            if w.weapon.reach()[at.index()] == 0 {
                return Err(V::no("HUNT-05", || {
                    msg!(
                        "hunt-refuse-reach",
                        weapon = &*w.weapon.name,
                        distance = at.name()
                    )
                }));
            }
            if w.weapon.kind == AttackKind::Ranged && w.weapon.ammo == Some(0) {
                return Err(V::no("HUNT-27", || {
                    msg!("hunt-refuse-empty", weapon = &*w.weapon.name)
                }));
            }
            for (t, _, _) in parts.iter(self) {
                if self.fighters[t].hidden.is_some() && w.weapon.kind != AttackKind::Ranged {
                    return Err(V::no("HUNT-20", || {
                        msg!("hunt-refuse-hidden-ranged", name = &*self.fighters[t].name)
                    }));
                }
            }
            if matches!(tactic, Tactic::Hide | Tactic::Search) {
                return Err(V::no("HUNT-20", || {
                    msg!("hunt-refuse-tactic-no-attack", tactic = tactic.name())
                }));
            }
        }
        if f.hidden.is_some()
            && tactic != Tactic::Ambush
            && (attacking || !(tactic == Tactic::Hide || d.action.is_some()))
        {
            return Err(V::no("HUNT-20", || msg!("hunt-refuse-hidden-stays")));
        }
        if d.lure && !(tactic == Tactic::Flee && self.trap) {
            return Err(V::no("HUNT-14", || msg!("hunt-refuse-lure")));
        }
        if d.give_up {
            if attacking || tactic != Tactic::None || d.action.is_some() {
                return Err(V::no("HUNT-20", || msg!("hunt-refuse-give-up-alone")));
            }
            if !self.opponents(i).any(|j| self.fighters[j].hidden.is_some()) {
                return Err(V::no("HUNT-20", || msg!("hunt-refuse-give-up-nobody")));
            }
        }
        // Caps and pool (HUNT-06).
        if d.defense > stats.agility {
            return Err(V::no("HUNT-06", || {
                msg!(
                    "hunt-refuse-defense-cap",
                    dice = d.defense,
                    cap = stats.agility
                )
            }));
        }
        if attack > u64::from(stats.agility) {
            return Err(V::no("HUNT-06", || {
                msg!("hunt-refuse-attack-cap", dice = attack, cap = stats.agility)
            }));
        }
        if attacking {
            let ranged = weapon.is_some_and(|w| w.weapon.kind == AttackKind::Ranged);
            let cap = if ranged {
                stats.marksmanship
            } else {
                stats.strength
            };
            if damage > u64::from(cap) {
                return Err(V::no("HUNT-06", || {
                    msg!(
                        "hunt-refuse-damage-cap",
                        dice = damage,
                        cap = cap,
                        ranged = if ranged { "yes" } else { "no" }
                    )
                }));
            }
        }
        let spent = u64::from(d.defense) + attack + damage;
        if spent > u64::from(pool) {
            let crowded = near && pool < f.base.potential.saturating_sub(f.stunned);
            return Err(V::no("HUNT-06", || {
                msg!(
                    "hunt-refuse-pool",
                    spent = spent,
                    pool = pool,
                    stunned = f.stunned,
                    crowded = if crowded { "yes" } else { "no" }
                )
            }));
        }
        // Tactics.
        if tactic != Tactic::None {
            let staying_hidden = tactic == Tactic::Hide && f.hidden.is_some();
            if f.fallen && !staying_hidden {
                return Err(V::no("HUNT-12", || {
                    msg!("hunt-refuse-fell", name = &*f.name)
                }));
            }
            if f.stunned > 0 && !staying_hidden {
                return Err(V::no("HUNT-12", || {
                    msg!("hunt-refuse-stunned", name = &*f.name)
                }));
            }
            if self.round == 1 && self.surprised == Some(f.side) {
                return Err(V::no("HUNT-03", || {
                    msg!("hunt-refuse-unaware", name = &*f.name)
                }));
            }
        }
        let ranged_weapon = weapon.is_some_and(|w| w.weapon.kind == AttackKind::Ranged);
        match tactic {
            Tactic::Onslaught => {
                if !near {
                    return Err(V::no("HUNT-18", || msg!("hunt-refuse-onslaught-near")));
                }
                if !attacking || weapon.is_some_and(|w| w.weapon.kind != AttackKind::Melee) {
                    return Err(V::no("HUNT-18", || msg!("hunt-refuse-onslaught-melee")));
                }
            }
            Tactic::Counterattack if !near => {
                return Err(V::no("HUNT-19", || msg!("hunt-refuse-counterattack-near")));
            }
            Tactic::Hide if near && f.hidden.is_none() => {
                return Err(V::no("HUNT-20", || msg!("hunt-refuse-hide-near")));
            }
            Tactic::AimedFire if !(attacking && ranged_weapon) => {
                return Err(V::no("HUNT-17", || msg!("hunt-refuse-aimed-ranged")));
            }
            Tactic::BarrageFire if !(attacking && ranged_weapon) => {
                return Err(V::no("HUNT-22", || msg!("hunt-refuse-barrage-ranged")));
            }
            Tactic::Ambush if f.hidden.is_none() => {
                return Err(V::no("HUNT-21", || msg!("hunt-refuse-ambush-hidden")));
            }
            Tactic::Ambush if !attacking => {
                return Err(V::no("HUNT-21", || msg!("hunt-refuse-ambush-attack")));
            }
            Tactic::Search if !self.opponents(i).any(|j| self.fighters[j].hidden.is_some()) => {
                return Err(V::no("HUNT-20", || msg!("hunt-refuse-search-nobody")));
            }
            _ => {}
        }
        Ok(())
    }
}

impl State {
    /// A declaration checked as [`Command::Declare`] checks it: the declarant's index.
    pub(crate) fn check_declaration(&self, d: &Declaration) -> Result<usize, RuleError> {
        if self.window {
            return Err(no("HUNT-19", msg!("hunt-refuse-locked")));
        }
        let i = self.declarant(d)?;
        self.validate_for(i, d)?;
        Ok(i)
    }

    /// A counterattacker's re-split checked (HUNT-19): its index, the declaration it makes of
    /// its own, and its first declaration when this is its first re-split.
    pub(crate) fn resplit_declaration(
        &self,
        r: &Resplit,
    ) -> Result<(usize, Declaration, Option<Declaration>), RuleError> {
        let i = self.index(&r.fighter).ok_or_else(|| {
            no(
                "HUNT-19",
                msg!("hunt-refuse-no-fighter", name = &*r.fighter),
            )
        })?;
        if !self.window || self.resplits[i].is_none() {
            return Err(no(
                "HUNT-19",
                msg!("hunt-refuse-no-resplit", name = &*r.fighter),
            ));
        }
        let old = self.declarations[i].as_ref().expect("declared");
        let first = self.initial[i].is_none().then(|| old.clone());
        let mut new = old.clone();
        new.defense = r.defense;
        if old.split.is_empty() {
            if !r.split.is_empty() {
                return Err(no("HUNT-19", msg!("hunt-refuse-resplit-one")));
            }
            new.attack = r.attack;
            new.damage = r.damage;
            if new.target.is_none() && (r.attack != 0 || r.damage != 0) {
                new.target = self
                    .allocations(i, old)
                    .ok()
                    .and_then(|p| p.iter(self).next())
                    .map(|p| self.fighters[p.0].name.clone());
            }
        } else {
            if r.attack != 0 || r.damage != 0 {
                return Err(no("HUNT-19", msg!("hunt-refuse-resplit-split")));
            }
            new.split = r.split.clone();
        }
        if new.weapon.is_none() && (new.attack != 0 || new.damage != 0) {
            return Err(no("HUNT-06", msg!("hunt-refuse-resplit-weapon")));
        }
        self.validate_for(i, &new)?;
        Ok((i, new, first))
    }

    /// Records fighter `i`'s declaration, already validated.
    #[inline(always)]
    pub(crate) fn declare(&mut self, i: usize, d: Declaration, events: &mut EventLog<Event>) {
        let replaced = self.declarations[i].is_some();
        events.emit(|| Event::Declared {
            fighter: d.fighter.to_string(),
            replaced,
        });
        self.declarations[i] = Some(d);
    }

    /// [`Command::Resolve`] (the encounter is not over).
    pub(crate) fn resolve_exchange<D: Dice>(
        &mut self,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        self.check_resolve()?;
        self.resolve_declared(dice, events)
    }

    /// Refuses [`Command::Resolve`] while some fighter has not declared (the window, once
    /// open, always resolves).
    pub(crate) fn check_resolve(&self) -> Result<(), RuleError> {
        if self.still_waiting().next().is_some() {
            let names: Vec<&str> = self
                .still_waiting()
                .map(|i| &*self.fighters[i].name)
                .collect();
            return Err(no(
                "HUNT-06",
                msg!("hunt-refuse-waiting", names = names.join(", ")),
            ));
        }
        Ok(())
    }

    /// [`State::resolve_exchange`] once nobody is waiting to declare.
    #[inline]
    pub(crate) fn resolve_declared<D: Dice>(
        &mut self,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        if !self.window {
            for c in 0..self.fighters.len() {
                if self.counterattacks(c) {
                    self.window = true;
                    self.resplits[c] = Some(false);
                    events.emit(|| Event::CounterattackWindow {
                        fighter: self.fighters[c].name.to_string(),
                        sees: self.seen_attacks(c),
                    });
                }
            }
            if self.window {
                return Ok(());
            }
        }
        resolve_turn(self, dice, events)
    }
}
