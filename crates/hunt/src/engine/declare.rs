use super::*;

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
                return Err(err(
                    "HUNT-24",
                    "give either attack/damage/target or a split among targets, not both",
                ));
            }
            for (k, a) in d.split.iter().enumerate() {
                self.target(i, &a.target)?;
                // One name, one fighter: a repeated name is a repeated target.
                if d.split[..k].iter().any(|b| same_name(&b.target, &a.target)) {
                    return Err(err(
                        "HUNT-24",
                        format!("{} appears twice in the split", a.target),
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
                    _ => {
                        return Err(err(
                            "HUNT-24",
                            "several opponents: name the target, or divide attack and damage among them with a split",
                        ))
                    }
                }
            }
        };
        Ok(Parts::One(Some((t, d.attack, d.damage))))
    }

    #[inline(always)]
    fn target(&self, i: usize, name: &str) -> Result<usize, RuleError> {
        let t = self
            .index(name)
            .ok_or_else(|| refuse("HUNT-24", format_args!("there is no fighter named {name}")))?;
        if self.fighters[t].side == self.fighters[i].side || !self.fighters[t].active() {
            return Err(refuse(
                "HUNT-24",
                format_args!("{name} is not an opponent still in the fight"),
            ));
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
            refuse(
                "HUNT-06",
                format_args!("there is no fighter named {}", d.fighter),
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
            Status::Dead => return Err(refuse("HUNT-13", format_args!("{} is dead", f.name))),
            Status::Escaped => {
                return Err(refuse("HUNT-14", format_args!("{} has escaped", f.name)))
            }
            Status::TrailLost => {
                return Err(refuse(
                    "HUNT-20",
                    format_args!("{} is gone: the trail was lost", f.name),
                ))
            }
        }
        let parts = self.allocations(i, d)?;
        let weapon = match &d.weapon {
            Some(name) => Some(f.weapon(name).ok_or_else(|| {
                refuse(
                    "HUNT-06",
                    format_args!("{} carries no weapon named {name}", f.name),
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
        let f = &self.fighters[i];
        let weapon = weapon.map(|w| &f.weapons[w]);
        let (attack, damage) = parts.totals();
        let attacking = attack + damage > 0;
        let near = self.distance == Distance::Near;
        let tactic = d.tactic;
        if let Some(action) = d.action {
            if attacking {
                return Err(err("HUNT-23", "an Extraneous action allows no attack"));
            }
            if tactic != Tactic::None && !(tactic == Tactic::Hide && f.hidden.is_some()) {
                return Err(err("HUNT-23", "an Extraneous action allows no tactic"));
            }
            if d.defense > pool / 2 {
                return Err(refuse(
                    "HUNT-23",
                    format_args!(
                        "an Extraneous action allows at most half the combat potential on Defense: {} of {pool}, asked {}",
                        pool / 2,
                        d.defense
                    ),
                ));
            }
            if action == Extraneous::Reload {
                let has = f.weapons.iter().any(|w| {
                    w.status == WeaponStatus::Ready
                        && w.weapon.ammo.is_some()
                        && w.weapon.spare > 0
                        && d.weapon.as_ref().map_or(true, |n| *n == w.weapon.name)
                });
                if !has {
                    return Err(err(
                        "HUNT-27",
                        "no weapon in hand with spare rounds to reload",
                    ));
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
                return Err(err(
                    "HUNT-15",
                    "this pursuit cannot strike (no weapon reaches from here): its Attack dice only close the distance, Damage must be 0",
                ));
            }
            for (t, _, _) in parts.iter(self) {
                if self.fighters[t].hidden.is_some() {
                    return Err(refuse(
                        "HUNT-20",
                        format_args!(
                            "{} is hidden: there is nobody in sight to pursue",
                            self.fighters[t].name
                        ),
                    ));
                }
            }
        }
        if attacking && !chase {
            let Some(w) = weapon else {
                return Err(err(
                    "HUNT-06",
                    "an attack needs a weapon: name it in `weapon`",
                ));
            };
            if w.status != WeaponStatus::Ready {
                return Err(err(
                    "HUNT-12",
                    format!(
                        "the {} is {:?}: it cannot be used this turn",
                        w.weapon.name, w.status
                    )
                    .to_lowercase(),
                ));
            }
            if w.weapon.kind == AttackKind::Melee && at != Distance::Near {
                return Err(refuse(
                    "HUNT-06",
                    format_args!(
                        "a melee attack is possible only at Near, the distance is {}",
                        at.name()
                    ),
                ));
            }
            if w.weapon.reach()[at.index()] == 0 {
                return Err(refuse(
                    "HUNT-05",
                    format_args!(
                        "the {} does not reach at {} distance",
                        w.weapon.name,
                        at.name()
                    ),
                ));
            }
            if w.weapon.kind == AttackKind::Ranged && w.weapon.ammo == Some(0) {
                return Err(refuse(
                    "HUNT-27",
                    format_args!(
                        "the {} is empty: reload it (an Extraneous action)",
                        w.weapon.name
                    ),
                ));
            }
            for (t, _, _) in parts.iter(self) {
                if self.fighters[t].hidden.is_some() && w.weapon.kind != AttackKind::Ranged {
                    return Err(refuse(
                        "HUNT-20",
                        format_args!(
                            "{} is hidden: only a blind ranged attack can reach it",
                            self.fighters[t].name
                        ),
                    ));
                }
            }
            if matches!(tactic, Tactic::Hide | Tactic::Search) {
                return Err(refuse(
                    "HUNT-20",
                    format_args!("{} allows no attack this turn", tactic.name()),
                ));
            }
        }
        if f.hidden.is_some()
            && tactic != Tactic::Ambush
            && (attacking || !(tactic == Tactic::Hide || d.action.is_some()))
        {
            return Err(err(
                "HUNT-20",
                "a hidden fighter stays hidden (the hide tactic, no attack, or an Extraneous action) or attacks from ambush (the ambush tactic)",
            ));
        }
        if d.lure && !(tactic == Tactic::Flee && self.trap) {
            return Err(err(
                "HUNT-14",
                "luring into a trap needs the flee tactic and a trap set in the location",
            ));
        }
        if d.give_up {
            if attacking || tactic != Tactic::None || d.action.is_some() {
                return Err(err(
                    "HUNT-20",
                    "giving up the search allows no attack, no tactic and no Extraneous action",
                ));
            }
            if !self.opponents(i).any(|j| self.fighters[j].hidden.is_some()) {
                return Err(err(
                    "HUNT-20",
                    "nobody is hidden: there is no search to give up",
                ));
            }
        }
        // Caps and pool (HUNT-06).
        if d.defense > stats.agility {
            return Err(refuse(
                "HUNT-06",
                format_args!(
                    "Defense {} is over the Agility cap of {}",
                    d.defense, stats.agility
                ),
            ));
        }
        if attack > u64::from(stats.agility) {
            return Err(refuse(
                "HUNT-06",
                format_args!(
                    "Attack {attack} is over the Agility cap of {}",
                    stats.agility
                ),
            ));
        }
        if attacking {
            let ranged = weapon.is_some_and(|w| w.weapon.kind == AttackKind::Ranged);
            let (cap, what) = if ranged {
                (stats.marksmanship, "Marksmanship (ranged)")
            } else {
                (stats.strength, "Strength (melee)")
            };
            if damage > u64::from(cap) {
                return Err(refuse(
                    "HUNT-06",
                    format_args!("Damage {damage} is over the {what} cap of {cap}"),
                ));
            }
        }
        let spent = u64::from(d.defense) + attack + damage;
        if spent > u64::from(pool) {
            let mut why = format!("{spent} dice declared, the combat potential is {pool}");
            if f.stunned > 0 {
                why.push_str(&format!(" (HUNT-12: stunned, −{})", f.stunned));
            }
            if near && pool < f.base.potential.saturating_sub(f.stunned) {
                why.push_str(" (HUNT-26: −1 per melee opponent after the first)");
            }
            return Err(err("HUNT-06", why));
        }
        // Tactics.
        if tactic != Tactic::None {
            let staying_hidden = tactic == Tactic::Hide && f.hidden.is_some();
            if f.fallen && !staying_hidden {
                return Err(refuse(
                    "HUNT-12",
                    format_args!("{} fell last turn: no tactic this turn", f.name),
                ));
            }
            if f.stunned > 0 && !staying_hidden {
                return Err(refuse(
                    "HUNT-12",
                    format_args!("{} is stunned: no tactic this turn", f.name),
                ));
            }
            if self.round == 1 && self.surprised == Some(f.side) {
                return Err(refuse(
                    "HUNT-03",
                    format_args!(
                        "{} was caught unaware: no tactic in the first round",
                        f.name
                    ),
                ));
            }
        }
        let ranged_weapon = weapon.is_some_and(|w| w.weapon.kind == AttackKind::Ranged);
        match tactic {
            Tactic::Onslaught => {
                if !near {
                    return Err(err("HUNT-18", "Onslaught is possible only at Near"));
                }
                if !attacking || weapon.is_some_and(|w| w.weapon.kind != AttackKind::Melee) {
                    return Err(err("HUNT-18", "Onslaught needs a melee attack"));
                }
            }
            Tactic::Counterattack if !near => {
                return Err(err("HUNT-19", "Counterattack is possible only at Near"));
            }
            Tactic::Hide if near && f.hidden.is_none() => {
                return Err(err("HUNT-20", "one cannot hide at Near"));
            }
            Tactic::AimedFire if !(attacking && ranged_weapon) => {
                return Err(err("HUNT-17", "Aimed Fire needs a ranged attack"));
            }
            Tactic::BarrageFire if !(attacking && ranged_weapon) => {
                return Err(err("HUNT-22", "Barrage Fire needs a ranged attack"));
            }
            Tactic::Ambush if f.hidden.is_none() => {
                return Err(err(
                    "HUNT-21",
                    "only a hidden fighter can attack from ambush",
                ));
            }
            Tactic::Ambush if !attacking => {
                return Err(err(
                    "HUNT-21",
                    "an ambush is an attack: declare a weapon and Attack dice",
                ));
            }
            Tactic::Search if !self.opponents(i).any(|j| self.fighters[j].hidden.is_some()) => {
                return Err(err(
                    "HUNT-20",
                    "nobody is hidden: there is nothing to search for",
                ));
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
            return Err(err(
                "HUNT-19",
                "declarations are locked while the counterattack window is open; only a counterattacker may re-split",
            ));
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
            err(
                "HUNT-19",
                format!("there is no fighter named {}", r.fighter),
            )
        })?;
        if !self.window || self.resplits[i].is_none() {
            return Err(err(
                "HUNT-19",
                format!(
                    "{} may not re-split: only a counterattacker, once the window is open",
                    r.fighter
                ),
            ));
        }
        let old = self.declarations[i].as_ref().expect("declared");
        let first = self.initial[i].is_none().then(|| old.clone());
        let mut new = old.clone();
        new.defense = r.defense;
        if old.split.is_empty() {
            if !r.split.is_empty() {
                return Err(err(
                    "HUNT-19",
                    "the declaration had one target: give attack and damage",
                ));
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
                return Err(err(
                    "HUNT-19",
                    "the declaration had a split: re-split it with `split`",
                ));
            }
            new.split = r.split.clone();
        }
        if new.weapon.is_none() && (new.attack != 0 || new.damage != 0) {
            return Err(err(
                "HUNT-06",
                "an attack needs a weapon: the declaration named none",
            ));
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
            return Err(err(
                "HUNT-06",
                format!("waiting for the declaration of {}", names.join(", ")),
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
