use std::sync::Arc;

use fray_dice::{same_name, Dice, EventLog, RuleError, Ruleset};
use serde::{Deserialize, Serialize};

use crate::model::{AttackKind, Distance, Penalty, Rules, Tactic};
use crate::resolve::{roll_sum, stat_test, TestRoll};
use crate::setup::{FighterSetup, Opening, Setup, Side, Stats, Weapon};
use crate::turn::{resolve_turn, strikes_from};

/// The Hunt ruleset («Охота»): see the crate docs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Hunt;

/// Part of a split aimed at one target (HUNT-24).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Allocation {
    /// The target's name.
    pub target: Arc<str>,
    /// Attack dice on it.
    #[serde(default)]
    pub attack: u32,
    /// Damage dice on it.
    #[serde(default)]
    pub damage: u32,
}

/// An action that keeps a fighter from fighting (HUNT-23).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Extraneous {
    /// Refill the named (or first) weapon's magazine from its spare rounds.
    Reload,
    /// Bandage: **\[default\]** stops bleeding.
    FirstAid,
    /// Anything else (rigging gear …): no effect beyond the restrictions.
    Other,
}

/// A fighter's secret declaration for one turn (HUNT-06).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Declaration {
    /// Who declares. Names are shared with the state (`Arc`), so the default tactic's
    /// commands copy no strings; each serializes as a plain string.
    pub fighter: Arc<str>,
    /// Weapon used (needed to attack; for a reload, the weapon reloaded).
    #[serde(default)]
    pub weapon: Option<Arc<str>>,
    /// Defense dice (≤ Agility).
    #[serde(default)]
    pub defense: u32,
    /// Attack dice (≤ Agility) on `target`.
    #[serde(default)]
    pub attack: u32,
    /// Damage dice (≤ Strength in melee, ≤ Marksmanship ranged) on `target`.
    #[serde(default)]
    pub damage: u32,
    /// Target of `attack`/`damage`; may be left out when there is one opponent.
    #[serde(default)]
    pub target: Option<Arc<str>>,
    /// Attack and Damage divided among several targets (HUNT-24), instead of `attack`,
    /// `damage` and `target`.
    #[serde(default)]
    pub split: Vec<Allocation>,
    /// The tactic.
    #[serde(default)]
    pub tactic: Tactic,
    /// An Extraneous action instead of fighting.
    #[serde(default)]
    pub action: Option<Extraneous>,
    /// With Search: the distance the fight goes on at if the hider is found. With Ambush:
    /// the distance the ambusher picks (default: the current one).
    #[serde(default)]
    pub distance: Option<Distance>,
    /// With Flee, where the location has a trap: try to lure the pursuers into it (HUNT-14,
    /// «можно постараться заманить в нее противника» — a choice, not automatic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lure: bool,
    /// Give up the search (HUNT-20): no attack, no tactic; a hidden opponent whose every
    /// searcher gives up is lost at the end of the turn.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub give_up: bool,
}

impl Declaration {
    /// An empty declaration for `fighter` (all dice 0, no tactic).
    pub fn new(fighter: impl Into<Arc<str>>) -> Self {
        Declaration {
            fighter: fighter.into(),
            weapon: None,
            defense: 0,
            attack: 0,
            damage: 0,
            target: None,
            split: Vec::new(),
            tactic: Tactic::None,
            action: None,
            distance: None,
            lure: false,
            give_up: false,
        }
    }
}

/// A counterattacker's new split after seeing its opponents' Attack dice (HUNT-19).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Resplit {
    /// The counterattacker.
    pub fighter: Arc<str>,
    /// New Defense dice.
    #[serde(default)]
    pub defense: u32,
    /// New Attack dice.
    #[serde(default)]
    pub attack: u32,
    /// New Damage dice.
    #[serde(default)]
    pub damage: u32,
    /// New division among targets, if the declaration used one.
    #[serde(default)]
    pub split: Vec<Allocation>,
}

/// One decision sent to the game master.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Declare (or replace a declaration) for this turn.
    Declare(Declaration),
    /// A counterattacker re-splits while the counterattack window is open.
    Resplit(Resplit),
    /// Resolve the exchange once every fighter has declared (first opening the counterattack
    /// window when someone counterattacks).
    Resolve,
}

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

/// What a counterattacker sees: one opponent's Attack dice on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenAttack {
    /// The opponent.
    pub opponent: String,
    /// Attack dice it put on the counterattacker.
    pub attack: u32,
}

/// One thing that happened. Before resolution events carry no declaration contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The fight begins.
    Started {
        /// Fighters as (name, side).
        fighters: Vec<(String, Side)>,
        /// Where.
        location: String,
        /// A trap is set.
        trap: bool,
    },
    /// The hunter's search against the prey's precautions (HUNT-03, HUNT-04).
    Searched {
        /// Search roll total.
        search: u32,
        /// Precautions roll total.
        precautions: u32,
        /// The prey is caught unaware.
        surprised: bool,
    },
    /// The prey's ambush test (HUNT-21).
    Ambushed {
        /// Who ambushes.
        fighter: String,
        /// Its Experience test.
        test: TestRoll,
    },
    /// A turn begins.
    Round {
        /// Turn number.
        round: u32,
        /// Distance of this turn.
        distance: Distance,
    },
    /// A fighter has sent its declaration (contents secret until resolution).
    Declared {
        /// Who.
        fighter: String,
        /// It replaced an earlier declaration.
        replaced: bool,
    },
    /// Declarations are locked; a counterattacker learns its opponents' Attack dice (HUNT-19).
    CounterattackWindow {
        /// The counterattacker.
        fighter: String,
        /// Attack dice aimed at it.
        sees: Vec<SeenAttack>,
    },
    /// A counterattacker re-split (contents secret until resolution).
    Resplit {
        /// Who.
        fighter: String,
    },
    /// A declaration made public at resolution.
    Revealed {
        /// The declaration as resolved.
        declaration: Declaration,
        /// A counterattacker that re-split: its first declaration (HUNT-19).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        initial: Option<Declaration>,
    },
    /// A pre-roll Experience test: "cover", "hide" or "search".
    Test {
        /// Who.
        fighter: String,
        /// Which test.
        purpose: String,
        /// The roll.
        test: TestRoll,
    },
    /// A fighter's Defense roll.
    Defense {
        /// Who.
        fighter: String,
        /// Dice after tactics.
        dice: u32,
        /// Total.
        total: u32,
        /// Cover dice (against shooting).
        cover_dice: u32,
        /// Their total.
        cover_total: u32,
    },
    /// One strike.
    Strike {
        /// Attacker.
        attacker: String,
        /// Target.
        target: String,
        /// Weapon used.
        weapon: String,
        /// Position in the order (equal = simultaneous).
        order: u8,
        /// Distance it was struck at.
        distance: Distance,
        /// Attack dice after tactics.
        attack_dice: u32,
        /// Attack total.
        attack_total: u32,
        /// Target's Defense total against it.
        defense_total: u32,
        /// Attack > Defense (and in reach).
        hit: bool,
        /// The hit was struck (its attacker was not killed first).
        landed: bool,
        /// Damage dice, highest first.
        damage_dice: Vec<u32>,
        /// Damage points.
        points: u32,
        /// Critical effects ("fall", "weapon_lost", "stun", "bleeding").
        criticals: Vec<String>,
        /// Endurance tests the target failed.
        failures: u32,
    },
    /// A trap sprang (HUNT-14).
    Trap {
        /// The fleeing fighter.
        fleer: String,
        /// Its Experience test.
        test: TestRoll,
        /// Margin dice total.
        total: u32,
        /// The pursuer it was aimed at.
        victim: String,
        /// Caught: its Experience test.
        caught: Option<TestRoll>,
    },
    /// Bleeding at the end of the turn.
    Bled {
        /// Who.
        fighter: String,
        /// Damage points.
        points: u32,
    },
    /// The wound of this turn (HUNT-13).
    Wounded {
        /// Who.
        fighter: String,
        /// Failed Endurance tests this turn.
        failures: u32,
        /// "light wound", "heavy wound", "maimed" or "dead".
        level: String,
    },
    /// A fighter died.
    Died {
        /// Who.
        fighter: String,
    },
    /// The distance changed at the end of the turn.
    DistanceChanged {
        /// Before.
        from: Distance,
        /// After.
        to: Distance,
    },
    /// A fighter fled from Far and is gone.
    Escaped {
        /// Who.
        fighter: String,
    },
    /// A fighter hid (HUNT-20).
    Hid {
        /// Who.
        fighter: String,
        /// Turns the opponent has to find it (`None`: no limit, it bleeds).
        turns: Option<u32>,
    },
    /// A hidden fighter was found.
    Found {
        /// The hider.
        fighter: String,
        /// The searcher.
        by: String,
        /// Distance the fight goes on at.
        distance: Distance,
    },
    /// A hidden fighter was not found in time.
    TrailLost {
        /// The hider.
        fighter: String,
    },
    /// A weapon dropped, picked up or lost (HUNT-12).
    WeaponChanged {
        /// Whose.
        fighter: String,
        /// Which.
        weapon: String,
        /// New status.
        status: WeaponStatus,
    },
    /// Ammunition used or reloaded (HUNT-27).
    Ammo {
        /// Whose.
        fighter: String,
        /// Which weapon.
        weapon: String,
        /// Rounds left in it.
        left: u32,
        /// Spare rounds left.
        spare: u32,
    },
    /// Bleeding stopped by first aid.
    Bandaged {
        /// Who.
        fighter: String,
    },
    /// The encounter is over.
    Ended {
        /// The winner, if any.
        winner: Option<Side>,
        /// Why.
        reason: String,
    },
}

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

fn err(rule: &'static str, msg: impl Into<String>) -> RuleError {
    RuleError::new(rule, msg)
}

/// A refusal whose message is formatted: out of line, so that the checks that pass (the
/// usual case, run for every candidate of the default tactic) carry no formatting code.
#[cold]
#[inline(never)]
fn refuse(rule: &'static str, msg: std::fmt::Arguments) -> RuleError {
    RuleError::new(rule, msg.to_string())
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
        let f = &self.fighters[i];
        if self.accumulate_wounds {
            f.wounds
                .iter()
                .filter_map(|&w| self.wound_row(w))
                .fold(f.base, |s, p| s.minus(p))
        } else {
            let worst = f.wounds.iter().copied().max().unwrap_or(0);
            self.wound_row(worst).map_or(f.base, |p| f.base.minus(p))
        }
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
        let level = (w as usize).min(self.wound_table.len());
        self.wound_table.get(level.wrapping_sub(1))
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
    fn counterattacks(&self, c: usize) -> bool {
        self.declarations[c]
            .as_ref()
            .is_some_and(|d| d.tactic == Tactic::Counterattack)
            && self.seen_by(c).next().is_some()
    }

    /// What counterattacker `c` sees: each such opponent's Attack dice on it (0 if none).
    fn seen_attacks(&self, c: usize) -> Vec<SeenAttack> {
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

/// Each fighter's state, Endurance, wounds, bleeding, ammunition and damage, for the summary
/// and the per-combatant statistics.
pub(crate) fn standings(state: &State) -> Vec<fray_dice::Standing> {
    use fray_dice::{Counter, Standing, Track};
    let deadly = state.rules.deadly_failures;
    state
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let worst = f.wounds.iter().copied().max().unwrap_or(0);
            let counter = |key, value: u32| Counter {
                key,
                value: i64::from(value),
            };
            Standing {
                name: f.name.to_string(),
                side: usize::from(f.side.index()),
                up: f.active(),
                // HUNT-13: the worst wound of any one turn names the state.
                state: match f.status {
                    Status::Dead => "dead",
                    Status::Escaped => "escaped",
                    Status::TrailLost => "trail-lost",
                    Status::Active => match crate::model::wound_name(worst, deadly) {
                        "unhurt" => "unhurt",
                        "light wound" => "light-wound",
                        "heavy wound" => "heavy-wound",
                        _ => "maimed",
                    },
                },
                tracks: vec![Track {
                    key: "endurance",
                    now: i64::from(state.endurance(i)),
                    max: i64::from(f.base.endurance),
                }],
                counters: vec![
                    counter("wounds", f.wounds.len() as u32),
                    counter("bleeding", f.bleeding),
                    counter("ammo_spent", f.ammo_spent),
                    counter("damage_dealt", f.damage_dealt),
                    counter("damage_taken", f.damage_taken),
                ],
                defeated_round: f.out_round.filter(|_| f.status == Status::Dead),
            }
        })
        .collect()
}

fn start_state(setup: &Setup) -> Result<State, RuleError> {
    crate::setup::validate_setup(setup)?;
    let fighters = setup
        .fighters
        .iter()
        .enumerate()
        .map(|(i, f): (usize, &FighterSetup)| Fighter {
            name: f.name.clone(),
            side: f.side,
            base: f.stats,
            weapons: f
                .weapons
                .iter()
                .map(|w| {
                    let mut w = w.clone();
                    if w.magazine.is_none() {
                        w.magazine = w.ammo;
                    }
                    WeaponState {
                        weapon: w,
                        status: WeaponStatus::Ready,
                    }
                })
                .collect(),
            direction: f.direction.unwrap_or(1000 + i as u32),
            status: Status::Active,
            wounds: Vec::new(),
            bleeding: 0,
            fallen: false,
            stunned: 0,
            hidden: None,
            trap_immune: false,
            searches_failed: 0,
            damage_dealt: 0,
            damage_taken: 0,
            ammo_spent: 0,
            out_round: None,
        })
        .collect::<Vec<_>>();
    let n = fighters.len();
    Ok(State {
        round: 1,
        distance: Distance::Medium,
        fighters,
        declarations: vec![None; n],
        window: false,
        resplits: vec![None; n],
        initial: vec![None; n],
        first_strike: None,
        ambush_bonus: false,
        surprised: None,
        trap: setup.location.trap,
        rules: setup.rules,
        wound_table: setup.wound_table.clone(),
        accumulate_wounds: setup.accumulate_wounds,
        first_aid_stops_bleeding: setup.first_aid_stops_bleeding,
        max_rounds: setup.max_rounds,
        zero_endurance_dies: setup.zero_endurance_dies,
        give_up_after: setup.tactic.give_up_after,
        ending: None,
    })
}

fn first_of(state: &State, side: Side) -> usize {
    state
        .fighters
        .iter()
        .position(|f| f.side == side)
        .expect("validated: both sides present")
}

impl Ruleset for Hunt {
    const ID: &'static str = "hunt";
    const VERSION: u32 = 2;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;

    fn start<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        let mut state = start_state(setup)?;
        events.emit(|| Event::Started {
            fighters: state
                .fighters
                .iter()
                .map(|f| (f.name.to_string(), f.side))
                .collect(),
            location: setup.location.name.clone(),
            trap: state.trap,
        });
        let hunter = first_of(&state, Side::Hunter);
        let prey = first_of(&state, Side::Prey);
        match setup.opening {
            Opening::Open { distance } => state.distance = distance,
            Opening::Search {
                hunter_distance,
                prey_distance,
                search_dice,
                precaution_dice,
            } => {
                // HUNT-04: a prey forcing Near is refused by setup validation.
                let s = search_dice.unwrap_or(state.fighters[hunter].base.experience);
                let p = precaution_dice.unwrap_or(state.fighters[prey].base.experience);
                let search = roll_sum(dice, s, "search", None)?;
                let precautions = roll_sum(dice, p, "precautions", None)?;
                let surprised = search > precautions;
                events.emit(|| Event::Searched {
                    search,
                    precautions,
                    surprised,
                });
                if surprised {
                    state.distance = hunter_distance;
                    state.surprised = Some(Side::Prey);
                    state.first_strike = Some(Side::Hunter);
                } else {
                    state.distance = prey_distance.unwrap_or(hunter_distance);
                }
            }
            Opening::Ambush { prey_distance } => {
                let test = stat_test(
                    dice,
                    state.fighters[prey].base.experience,
                    state.rules.test_dice,
                    "ambush",
                    None,
                )?;
                events.emit(|| Event::Ambushed {
                    fighter: state.fighters[prey].name.to_string(),
                    test,
                });
                if test.passed {
                    state.distance = prey_distance;
                    state.first_strike = Some(Side::Prey);
                    state.ambush_bonus = true;
                } else {
                    state.distance = Distance::from_d6(dice.roll(6)?);
                }
            }
        }
        events.emit(|| Event::Round {
            round: 1,
            distance: state.distance,
        });
        Ok(state)
    }

    fn standing(state: &State) -> Vec<fray_dice::Standing> {
        standings(state)
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        if let Some(e) = &state.ending {
            return Err(err("ended", format!("the encounter is over: {}", e.reason)));
        }
        match command {
            Command::Declare(d) => {
                let i = state.check_declaration(d)?;
                state.declare(i, d.clone(), events);
                Ok(())
            }
            Command::Resplit(r) => {
                let (i, new, first) = state.resplit_declaration(r)?;
                // The first split stays on record (HUNT-19); a second re-split keeps it.
                if first.is_some() {
                    state.initial[i] = first;
                }
                state.declarations[i] = Some(new);
                state.resplits[i] = Some(true);
                events.emit(|| Event::Resplit {
                    fighter: r.fighter.to_string(),
                });
                Ok(())
            }
            Command::Resolve => state.resolve_exchange(dice, events),
        }
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
