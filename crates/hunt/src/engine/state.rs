use super::*;

/// What became of a fighter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Fighting.
    #[default]
    Active,
    /// Killed (4 failed Endurance tests in one turn).
    Dead,
    /// Fled from Far.
    Escaped,
    /// Hid and was not found in time: the trail is lost.
    TrailLost,
}

/// A weapon in play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponStatus {
    /// In hand.
    #[default]
    Ready,
    /// On the ground after a 3-3/4-4 (HUNT-12).
    Dropped,
    /// Lost for good.
    Lost,
}

/// A carried weapon and its state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WeaponState {
    /// The weapon (its `ammo` and `spare` are current).
    pub weapon: Weapon,
    /// Ready, dropped or lost.
    pub status: WeaponStatus,
}

/// A fighter hiding (HUNT-20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    /// The hide test's margin, which a search must beat.
    pub margin: i32,
    /// Turns of searching left; `None` when it was bleeding as it hid (search goes on).
    pub turns_left: Option<u32>,
}

/// A fighter in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    /// Name.
    pub name: Arc<str>,
    /// Side.
    pub side: Side,
    /// Stats before wounds.
    pub base: Stats,
    /// Weapons.
    pub weapons: Vec<WeaponState>,
    /// Crossfire direction.
    pub direction: u32,
    /// Fighting, dead, escaped or gone.
    pub status: Status,
    /// Failed Endurance tests of each turn that wounded it.
    pub wounds: Vec<u32>,
    /// Bleeding wounds: damage points at the end of every turn.
    pub bleeding: u32,
    /// Fell last turn: no tactic, −1 Defense, −1 melee Attack this turn.
    pub fallen: bool,
    /// Stunned last turn by this many doubles: no tactic, combat potential reduced.
    pub stunned: u32,
    /// Hiding.
    pub hidden: Option<Hidden>,
    /// Passed a test against the trap: never caught again.
    pub trap_immune: bool,
    /// Searches in a row that found nobody (the default tactic gives up after
    /// [`crate::TacticSettings::give_up_after`]).
    pub searches_failed: u32,
    /// Damage points its landed strikes dealt (for the standing; HUNT-11).
    #[serde(default)]
    pub damage_dealt: u32,
    /// Damage points it took: strikes, trap and bleeding (HUNT-11, HUNT-14, HUNT-12).
    #[serde(default)]
    pub damage_taken: u32,
    /// Rounds of ammunition fired (HUNT-27).
    #[serde(default)]
    pub ammo_spent: u32,
    /// The round it left the fight in (died, escaped or lost its trail).
    #[serde(default)]
    pub out_round: Option<u32>,
}

impl Fighter {
    pub(crate) fn active(&self) -> bool {
        self.status == Status::Active
    }

    #[inline]
    pub(crate) fn weapon(&self, name: &str) -> Option<usize> {
        self.weapons
            .iter()
            .position(|w| same_name(&w.weapon.name, name))
    }
}

/// How the encounter ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The winning side, if any.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: String,
}

/// The game master's view of the encounter (the log is the players' view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// Current turn, from 1.
    pub round: u32,
    /// Distance this turn.
    pub distance: Distance,
    /// Every fighter.
    pub fighters: Vec<Fighter>,
    /// This turn's declarations, by fighter index (secret until resolution).
    pub declarations: Vec<Option<Declaration>>,
    /// The counterattack window is open: declarations are locked, counterattackers may re-split.
    pub window: bool,
    /// Counterattackers entitled to re-split, and whether they did.
    pub resplits: Vec<Option<bool>>,
    /// A counterattacker's first declaration once it has re-split (HUNT-19: «написать
    /// первоначальное распределение»), by fighter index; revealed beside the re-split.
    pub initial: Vec<Option<Declaration>>,
    /// The side that strikes first in round 1 (surprise or ambush).
    pub first_strike: Option<Side>,
    /// The prey's ambush bonus (+1 Attack in round 1) is pending.
    pub ambush_bonus: bool,
    /// The side caught unaware: no tactic in round 1.
    pub surprised: Option<Side>,
    /// The location has a trap.
    pub trap: bool,
    /// Resolution settings.
    pub rules: Rules,
    /// Wound table.
    pub wound_table: Vec<Penalty>,
    /// Wound penalties add up.
    pub accumulate_wounds: bool,
    /// First aid stops bleeding.
    pub first_aid_stops_bleeding: bool,
    /// Round limit.
    pub max_rounds: u32,
    /// A fighter whose wounds bring its Endurance to 0 dies (HUNT-13).
    pub zero_endurance_dies: bool,
    /// The default tactic gives up a search after this many failed ones (HUNT-20).
    pub give_up_after: u32,
    /// Set once the encounter is over.
    pub ending: Option<Ending>,
}

/// The table row of a wound of `w` failed tests (the last row for more); none for 0.
fn wound_row(table: &[Penalty], w: u32) -> Option<&Penalty> {
    let level = (w as usize).min(table.len());
    table.get(level.wrapping_sub(1))
}

/// [`State::stats`] of a fighter, given the state's wound table and rule (HUNT-13): the
/// engine borrows the fighter mutably while it reads them.
pub(crate) fn stats_of(f: &Fighter, table: &[Penalty], accumulate: bool) -> Stats {
    if accumulate {
        f.wounds
            .iter()
            .filter_map(|&w| wound_row(table, w))
            .fold(f.base, |s, p| s.minus(p))
    } else {
        let worst = f.wounds.iter().copied().max().unwrap_or(0);
        wound_row(table, worst).map_or(f.base, |p| f.base.minus(p))
    }
}

/// What a counterattacker sees: one opponent's Attack dice on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenAttack {
    /// The opponent.
    pub opponent: String,
    /// Attack dice it put on the counterattacker.
    pub attack: u32,
}

impl State {
    /// A fighter's index by name.
    #[inline]
    pub fn index(&self, name: &str) -> Option<usize> {
        self.fighters.iter().position(|f| same_name(&f.name, name))
    }

    /// A fighter's stats after its wounds (HUNT-13).
    #[inline]
    pub fn stats(&self, i: usize) -> Stats {
        stats_of(&self.fighters[i], &self.wound_table, self.accumulate_wounds)
    }

    /// [`State::stats`]'s Endurance alone, for resolution, which needs no other stat that
    /// wounds lower: a quarter of the work. The walk stops once Endurance is 0 (no later
    /// wound can lower it), which a long-wounded fighter reaches early.
    #[inline]
    pub(crate) fn endurance(&self, i: usize) -> u32 {
        let f = &self.fighters[i];
        let less = |e: u32, p: &Penalty| e.saturating_sub(p.endurance);
        if self.accumulate_wounds {
            let mut e = f.base.endurance;
            for p in f.wounds.iter().filter_map(|&w| self.wound_row(w)) {
                e = less(e, p);
                if e == 0 {
                    break;
                }
            }
            e
        } else {
            let worst = f.wounds.iter().copied().max().unwrap_or(0);
            self.wound_row(worst)
                .map_or(f.base.endurance, |p| less(f.base.endurance, p))
        }
    }

    /// The table row of a wound of `w` failed tests (the last row for more); none for 0.
    fn wound_row(&self, w: u32) -> Option<&Penalty> {
        wound_row(&self.wound_table, w)
    }

    /// Indices of fighter `i`'s opponents still in the fight.
    pub(crate) fn opponents(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.fighters[i].side;
        (0..self.fighters.len())
            .filter(move |&j| self.fighters[j].side != side && self.fighters[j].active())
    }

    /// Combat potential this turn: minus a Stun's doubles (HUNT-12) and one die per melee
    /// opponent after the first at Near (HUNT-26).
    pub fn pool(&self, i: usize) -> u32 {
        let f = &self.fighters[i];
        let mut pool = f.base.potential.saturating_sub(f.stunned);
        if self.distance == Distance::Near {
            let melee = self.opponents(i).filter(|&j| self.in_melee_with(j)).count() as u32;
            pool = pool.saturating_sub(melee.saturating_sub(1));
        }
        pool
    }

    /// HUNT-26 «сражается в ближнем бою с несколькими противниками»: an opponent (at Near)
    /// fights the fighter hand to hand when it is in sight and holds a melee weapon ready.
    /// (The split is declared before anyone's attack is known, so the count cannot wait for
    /// the declarations.)
    fn in_melee_with(&self, j: usize) -> bool {
        let o = &self.fighters[j];
        o.hidden.is_none()
            && o.weapons
                .iter()
                .any(|w| w.status == WeaponStatus::Ready && w.weapon.kind == AttackKind::Melee)
    }

    /// Declared opponents of counterattacker `c` that do not counterattack themselves: the
    /// ones whose Attack dice it learns (HUNT-19).
    fn seen_by(&self, c: usize) -> impl Iterator<Item = usize> + '_ {
        let side = self.fighters[c].side;
        (0..self.fighters.len()).filter(move |&o| {
            self.fighters[o].side != side
                && self.declarations[o]
                    .as_ref()
                    .is_some_and(|od| od.tactic != Tactic::Counterattack)
        })
    }

    /// Fighter `c` declared a counterattack and sees some opponent's Attack dice, so the
    /// window opens for it.
    #[inline]
    pub(super) fn counterattacks(&self, c: usize) -> bool {
        self.declarations[c]
            .as_ref()
            .is_some_and(|d| d.tactic == Tactic::Counterattack)
            && self.seen_by(c).next().is_some()
    }

    /// What counterattacker `c` sees: each such opponent's Attack dice on it (0 if none).
    pub(super) fn seen_attacks(&self, c: usize) -> Vec<SeenAttack> {
        self.seen_by(c)
            .map(|o| {
                let od = self.declarations[o]
                    .as_ref()
                    .expect("seen opponents declared");
                let attack = self
                    .allocations(o, od)
                    .unwrap_or_default()
                    .iter(self)
                    .filter(|p| p.0 == c)
                    .map(|p| p.1)
                    .sum();
                SeenAttack {
                    opponent: self.fighters[o].name.to_string(),
                    attack,
                }
            })
            .collect()
    }

    /// What one side may know before resolution: the other side's declarations blanked
    /// (only the fact that they were sent remains) and its hide margins hidden.
    pub fn view_for(&self, side: Side) -> State {
        let mut v = self.clone();
        for ((f, d), first) in v
            .fighters
            .iter_mut()
            .zip(v.declarations.iter_mut())
            .zip(v.initial.iter_mut())
        {
            if f.side == side {
                continue;
            }
            *first = None;
            if let Some(d) = d {
                *d = Declaration::new(f.name.clone());
            }
            if let Some(h) = &mut f.hidden {
                h.margin = 0;
            }
        }
        v
    }

    /// Fighters that must declare this turn and have not yet.
    pub fn waiting(&self) -> Vec<usize> {
        self.still_waiting().collect()
    }

    /// [`State::waiting`] without collecting, for the default tactic's hot path.
    pub(crate) fn still_waiting(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.fighters.len())
            .filter(|&i| self.fighters[i].active() && self.declarations[i].is_none())
    }
}
