//! The encounter engine: initiative, turns, actions, attacks, specials (BW-04 … BW-40).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use fray_dice::{msg, Dice, EventLog, Message, RuleError};

mod attack;
mod command;
mod event;
mod moves;
mod opportunity;
mod order;
mod preview;
mod scene;
mod state;
mod turn;

use attack::*;
pub use command::*;
pub use event::*;
use moves::*;
pub use state::*;
use turn::*;

pub use opportunity::Provoked;
pub(crate) use preview::{rolls, Rolls};

pub(crate) use order::next_round;
use order::{join, roll_initiative};
pub(crate) use scene::{cover_spot, weapon_within_reach};

/// Where the engine's events go (recorded by sessions, dropped unbuilt by simulation).
type Events = EventLog<Event>;
use serde::{Deserialize, Serialize};

use crate::health::{HealthState, Shock};
use crate::initiative::OrderMethod;
use crate::resolve::{
    check, damage, roll_k, AttackSpec, CheckResult, CheckSpec, Restraint, MAX_POOL,
};
use crate::setup::{Character, FirearmInMelee, Settings, Setup, Weapon};
use crate::tables::{Aspect, Cover, Distance, WeaponKind};

/// Bare hands: the weapon of anyone holding none.
static FISTS: LazyLock<Weapon> = LazyLock::new(Weapon::default);

/// A refusal written from message `m` (`bw-refuse-*`, English and Russian). Cold and out of
/// line: the optimiser then keeps the checks on the way lean.
/// `m` writes the message only when someone will read it: not while `options` probes
/// ([`crate::text::probing`]), so a refused candidate builds nothing.
#[cold]
#[inline(never)]
fn no(rule: &'static str, m: impl FnOnce() -> Message) -> RuleError {
    crate::text::refusal_with(rule, m)
}

/// How an attack is resolved.
#[derive(Clone, Copy, Debug)]
struct Plan {
    actor: usize,
    target: usize,
    weapon: Option<usize>,
    aspect: Aspect,
    melee: bool,
    action: Action,
    /// Weapon effectiveness the hit adds (0 for a gun used as a blow, BW-22).
    effectiveness: u32,
    /// Rounds the attack fires (0 for a blow).
    rounds: u32,
    pool: u32,
    /// What the pool is made of (its total, capped, is `pool`).
    terms: PoolTerms,
    /// The extra difficulty (action, situation, wounds); the defence adds the rest.
    extra: DifficultyTerms,
    comfortable: Distance,
    first_strike: bool,
    restraint: Restraint,
}

// The small checks and lookups below run on every command. Several are
// `#[inline(always)]`: their refusal messages make them look big to the optimiser, but what
// runs is a few instructions, and a call costs more than the check.
impl State {
    fn who(&self, i: usize) -> Who {
        Who {
            id: i,
            name: self.fighters[i].character.name.to_string(),
        }
    }

    #[inline(always)]
    fn f(&self, i: usize) -> &Fighter {
        &self.fighters[i]
    }

    /// In the fight and on its feet (hits ≥ 1): what victory and targeting count.
    #[inline(always)]
    pub fn standing(&self, i: usize) -> bool {
        let f = &self.fighters[i];
        f.status == Status::Active && f.hits >= 1
    }

    /// In the fight and conscious: may act.
    #[inline(always)]
    pub fn can_act(&self, i: usize) -> bool {
        let f = &self.fighters[i];
        f.status == Status::Active && f.conscious
    }

    /// The health state of a character.
    #[inline(always)]
    pub fn health_state(&self, i: usize) -> HealthState {
        if self.fighters[i].status == Status::Dead {
            return HealthState::Dead;
        }
        self.settings.health.state(self.fighters[i].hits)
    }

    /// The extra difficulty of an action by `i`: the action's own K, the situation's, and
    /// `i`'s wounds (BW-18, BW-21).
    #[inline(always)]
    fn extra_terms(&self, i: usize, action: u32, situational: u32) -> DifficultyTerms {
        let wound_state = self.health_state(i);
        DifficultyTerms {
            action,
            situational,
            wounds: self.settings.health.wound_difficulty(wound_state),
            wound_state,
            ..DifficultyTerms::default()
        }
    }

    /// Whether `a` and `b` are fighting hand to hand.
    #[inline(always)]
    pub fn engaged(&self, a: usize, b: usize) -> bool {
        self.engagements
            .iter()
            .any(|e| (e.attacker == a && e.target == b) || (e.attacker == b && e.target == a))
    }

    /// Everyone engaged with `i`, ascending.
    pub fn engaged_with(&self, i: usize) -> Vec<usize> {
        let mut v: Vec<usize> = self.partners(i).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Everyone engaged with `i`, in engagement order (a pair listed twice would repeat):
    /// the allocation-free form of [`State::engaged_with`] for the hot paths.
    pub(crate) fn partners(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.sectors_around(i).map(|(o, _)| o)
    }

    /// How many different characters engaged with `i` pass `keep`.
    pub(crate) fn count_engaged(&self, i: usize, keep: impl Fn(usize) -> bool) -> usize {
        self.partners(i)
            .enumerate()
            .filter(|&(k, o)| keep(o) && !self.partners(i).take(k).any(|p| p == o))
            .count()
    }

    /// Everyone engaged with `i`, with the sector each stands in around `i`.
    fn sectors_around(&self, i: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.engagements.iter().filter_map(move |e| {
            if e.target == i {
                Some((e.attacker, e.sector))
            } else if e.attacker == i {
                Some((e.target, e.back))
            } else {
                None
            }
        })
    }

    #[inline(always)]
    fn distance(&self, a: usize, b: usize) -> u32 {
        self.f(a)
            .character
            .position
            .abs_diff(self.f(b).character.position)
    }

    #[inline(always)]
    fn enemies(&self, a: usize, b: usize) -> bool {
        self.f(a).character.side != self.f(b).character.side
    }

    #[inline(always)]
    fn weapon(&self, i: usize, choice: Option<usize>) -> Result<Option<usize>, RuleError> {
        let f = self.f(i);
        match choice {
            None => Ok(f.wielded),
            Some(w) if w >= f.character.weapons.len() => Err(no("BW-14", || {
                msg!(
                    "bw-refuse-no-weapon",
                    name = &*f.character.name,
                    weapon = w,
                    count = f.character.weapons.len()
                )
            })),
            Some(w) if f.dropped.iter().any(|d| d.weapon == w) => Err(no("BW-27", || {
                msg!(
                    "bw-refuse-weapon-dropped",
                    name = &*f.character.name,
                    weapon = &*f.character.weapons[w].name
                )
            })),
            Some(w) => Ok(Some(w)),
        }
    }

    #[inline(always)]
    fn weapon_data(&self, i: usize, w: Option<usize>) -> &Weapon {
        match w {
            Some(w) => &self.f(i).character.weapons[w],
            None => &FISTS,
        }
    }

    #[inline(always)]
    fn aspects_for(&self, i: usize, w: Option<usize>, melee: bool) -> &[Aspect] {
        let weapon = self.weapon_data(i, w);
        if let Some(list) = &weapon.aspects {
            if melee != weapon.kind.is_ranged() {
                return list;
            }
        }
        if melee {
            weapon.kind.melee_aspects()
        } else {
            weapon.kind.ranged_aspects()
        }
    }

    /// How `i`'s weapon `w` strikes hand to hand (BW-22, BW-23): pool bonus,
    /// effectiveness, and rounds it fires (a loaded gun shooting point-blank, by setting).
    #[inline(always)]
    fn in_melee(&self, i: usize, w: Option<usize>) -> (u32, u32, u32) {
        let weapon = self.weapon_data(i, w);
        if !weapon.kind.blunt_in_melee() {
            return (weapon.bonus, weapon.effectiveness, 0);
        }
        let shoots = weapon.kind == WeaponKind::Firearm
            && self.settings.firearm_in_melee == FirearmInMelee::Shot
            && weapon.ammo != Some(0);
        if shoots {
            (0, weapon.effectiveness, 1)
        } else {
            (0, 0, 0)
        }
    }

    #[inline(always)]
    fn best_aspect(&self, i: usize, list: &[Aspect]) -> Aspect {
        let c = &self.f(i).character;
        let mut best = (list[0], c.aspect(list[0]));
        for &a in list {
            let v = c.aspect(a);
            if v > best.1 {
                best = (a, v);
            }
        }
        best.0
    }

    #[inline(always)]
    fn pick_aspect(
        &self,
        i: usize,
        w: Option<usize>,
        melee: bool,
        chosen: Option<Aspect>,
    ) -> Result<Aspect, RuleError> {
        let list = self.aspects_for(i, w, melee);
        if list.is_empty() {
            return Err(no("BW-32", || msg!("bw-refuse-no-ranged")));
        }
        match chosen {
            None => Ok(self.best_aspect(i, list)),
            Some(a) if list.contains(&a) => Ok(a),
            Some(a) => Err(no(if melee { "BW-23" } else { "BW-32" }, || {
                crate::text::with_aspects(
                    crate::text::with_aspects(Message::new("bw-refuse-aspect"), "aspect", &[a]),
                    "allowed",
                    list,
                )
            })),
        }
    }

    #[inline(always)]
    fn outnumbering(&self, target: usize) -> u32 {
        // One pass over the attackers: how many, the first two sectors, and whether the
        // target is lone (no attacker also fights an ally of the target).
        let (mut count, mut sectors) = (0, [0u8; 2]);
        for (a, sector) in self.sectors_around(target) {
            if !(self.enemies(a, target) && self.can_act(a)) {
                continue;
            }
            if self
                .partners(a)
                .any(|o| o != target && !self.enemies(o, target))
            {
                return 0;
            }
            if let Some(s) = sectors.get_mut(count) {
                *s = sector;
            }
            count += 1;
        }
        let opposite = count == 2 && (sectors[0] + 2) % 4 == sectors[1];
        self.settings.outnumbering.bonus(count as u32, opposite)
    }

    /// Melee defence (BW-23, BW-30): the defender's best aspect, its armour's defence bonus,
    /// Defensive Stance and Full Defense, on top of `extra`.
    #[inline(always)]
    fn melee_defence(&self, target: usize, extra: DifficultyTerms) -> DifficultyTerms {
        let t = self.f(target);
        let list = self.aspects_for(target, t.wielded, true);
        let best = self.best_aspect(target, list);
        DifficultyTerms {
            aspect: Some(best),
            aspect_value: t.character.aspect(best),
            armour: t.character.armour.defence_bonus,
            stance: u32::from(t.stance),
            full_defense: u32::from(t.full_defense),
            ..extra
        }
    }

    /// Ranged defence (BW-33 … BW-35, BW-37): distance, levels past the comfortable range,
    /// cover and Reaction, on top of `extra`.
    #[inline(always)]
    fn ranged_defence(
        &self,
        target: usize,
        level: Distance,
        comfortable: Distance,
        extra: DifficultyTerms,
    ) -> DifficultyTerms {
        let t = self.f(target);
        let reaction = t.reaction
            && t.character.cover != Cover::None
            && self.partners(target).next().is_none();
        let table = &self.settings.distances;
        let distance = table.difficulty[level as usize];
        DifficultyTerms {
            distance,
            range: table.difficulty(level, comfortable) - distance,
            cover: t.character.cover,
            cover_k: self.settings.cover.difficulty(t.character.cover),
            reaction: u32::from(reaction),
            ..extra
        }
    }

    /// The whole difficulty of `plan`'s attack on its target, and the distance level of a
    /// ranged one.
    #[inline(always)]
    fn defence(&self, plan: &Plan) -> (DifficultyTerms, Option<Distance>) {
        let target = plan.target;
        if plan.melee {
            (self.melee_defence(target, plan.extra), None)
        } else {
            let level = self
                .settings
                .distances
                .level(self.distance(plan.actor, target));
            (
                self.ranged_defence(target, level, plan.comfortable, plan.extra),
                Some(level),
            )
        }
    }

    fn order_names(&self) -> Vec<Who> {
        self.order.iter().map(|&i| self.who(i)).collect()
    }

    fn rebuild_order(&mut self) {
        self.order.clear();
        for queue in self.levels.values().rev() {
            self.order.extend_from_slice(queue);
        }
    }
}

/// Each character's state, health and counts, for the fight summary and the per-combatant
/// statistics: the state key is its health state's name (`healthy` … `dead`, as in
/// events), or `left` / `reserve`.
pub(crate) fn standings(state: &State) -> Vec<fray_dice::Standing> {
    use fray_dice::{Counter, Track};
    let max = i64::from(state.settings.health.max());
    (0..state.fighters.len())
        .map(|i| {
            let f = state.f(i);
            let key = match f.status {
                Status::Left => "left",
                Status::Reserve => "reserve",
                _ => match state.health_state(i) {
                    HealthState::Healthy => "healthy",
                    HealthState::LightlyWounded => "lightly_wounded",
                    HealthState::Wounded => "wounded",
                    HealthState::BadlyWounded => "badly_wounded",
                    HealthState::Dying => "dying",
                    HealthState::Dead => "dead",
                },
            };
            fray_dice::Standing {
                name: f.character.name.to_string(),
                side: usize::from(f.character.side),
                up: state.can_act(i) && f.hits >= 1,
                state: key,
                tracks: vec![Track {
                    key: "health",
                    now: i64::from(f.hits),
                    max,
                }],
                counters: vec![
                    Counter {
                        key: "ammo_spent",
                        value: i64::from(f.ammo_spent),
                    },
                    Counter {
                        key: "damage_dealt",
                        value: i64::from(f.damage_dealt),
                    },
                    Counter {
                        key: "damage_taken",
                        value: i64::from(f.damage_taken),
                    },
                ],
                defeated_round: f.defeated_round,
            }
        })
        .collect()
}

#[inline]
fn check_actor(state: &State, actor: usize) -> Result<(), RuleError> {
    if actor >= state.fighters.len() {
        return Err(no("setup", || {
            msg!("bw-refuse-no-character", index = actor)
        }));
    }
    Ok(())
}

/// Action cost per BW-12.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cost {
    Main,
    Additional,
    Full,
    Minor,
    /// Out of turn: costs nothing.
    None,
}

#[inline(always)]
fn afford(state: &State, actor: usize, cost: Cost) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return Ok(());
    }
    let turn = state
        .turn
        .ok_or_else(|| no("BW-08", || msg!("bw-refuse-no-turn")))?;
    let f = state.f(actor);
    let dying = f.hits < 1;
    match cost {
        Cost::Main | Cost::Full if dying => Err(no("BW-21", || {
            msg!("bw-refuse-dying-main", name = &*f.character.name)
        })),
        Cost::Main if turn.main => Err(no("BW-12", || msg!("bw-refuse-main-spent"))),
        Cost::Additional
            if turn.additional && !(state.settings.main_as_additional && !turn.main && !dying) =>
        {
            Err(no("BW-12", || msg!("bw-refuse-additional-spent")))
        }
        Cost::Full if turn.main || turn.additional => {
            Err(no("BW-12", || msg!("bw-refuse-full-needs-both")))
        }
        Cost::Minor if turn.minor >= state.settings.max_minor => Err(no("BW-12", || {
            msg!("bw-refuse-minor-spent", max = state.settings.max_minor)
        })),
        _ => Ok(()),
    }
}

#[inline(always)]
fn spend(state: &mut State, cost: Cost) {
    if let Some(t) = state.turn.as_mut() {
        match cost {
            Cost::Main => t.main = true,
            // The second Additional action of a turn is the traded Main (afford allowed it).
            Cost::Additional if t.additional => t.main = true,
            Cost::Additional => t.additional = true,
            Cost::Full => {
                t.main = true;
                t.additional = true;
            }
            Cost::Minor => t.minor += 1,
            Cost::None => {}
        }
    }
}

/// Checks that `actor` may act now: its turn (or its First Strike), conscious, not held
/// (unless `held_ok`), not leaving (unless `peaceful`).
#[inline(always)]
fn check_turn(state: &State, actor: usize, held_ok: bool, peaceful: bool) -> Result<(), RuleError> {
    check_actor(state, actor)?;
    let f = state.f(actor);
    match state.phase {
        Phase::Over => return Err(no("encounter", || msg!("bw-refuse-over"))),
        Phase::BetweenRounds => return Err(no("BW-08", || msg!("bw-refuse-between-rounds"))),
        Phase::FirstStrike => {
            if !is_first_striker(state, actor) {
                return Err(no_first_strike(state, actor));
            }
        }
        Phase::Round => {
            let turn = state
                .turn
                .ok_or_else(|| no("BW-08", || msg!("bw-refuse-no-turn")))?;
            if turn.actor != actor {
                return Err(no("BW-08", || {
                    msg!(
                        "bw-refuse-not-your-turn",
                        actor = &*state.f(turn.actor).character.name,
                        name = &*f.character.name
                    )
                }));
            }
        }
    }
    if !held_ok {
        if let Some(h) = f.held_by {
            return Err(no("BW-28", || {
                msg!(
                    "bw-refuse-held",
                    name = &*f.character.name,
                    holder = &*state.f(h).character.name
                )
            }));
        }
    }
    if !peaceful && f.withdrawing.is_some() {
        return Err(no("BW-11", || {
            msg!("bw-refuse-leaving", name = &*f.character.name)
        }));
    }
    Ok(())
}

/// BW-09: `actor` has no First Strike to make; the message names those who have.
#[cold]
fn no_first_strike(state: &State, actor: usize) -> RuleError {
    let strikers: Vec<&str> = first_strikers(state)
        .map(|i| &*state.f(i).character.name)
        .collect();
    no("BW-09", || {
        msg!(
            "bw-refuse-no-first-strike",
            name = &*state.f(actor).character.name,
            strikers = strikers.join(", ")
        )
    })
}

pub(crate) fn is_first_striker(state: &State, i: usize) -> bool {
    let f = state.f(i);
    f.character.first_strike && !f.first_strike_done && f.status == Status::Active
}

/// Those with a First Strike still to make, by index (lazily: the tactic wants the first).
pub(crate) fn first_strikers(state: &State) -> impl Iterator<Item = usize> + '_ {
    (0..state.fighters.len()).filter(|&i| is_first_striker(state, i))
}

#[inline(always)]
fn check_target(state: &State, actor: usize, target: usize) -> Result<(), RuleError> {
    check_actor(state, target)?;
    if !state.enemies(actor, target) {
        return Err(no("BW-14", || msg!("bw-refuse-not-enemy")));
    }
    if state.f(target).status != Status::Active {
        return Err(no("BW-08", || {
            msg!(
                "bw-refuse-not-in-fight",
                name = &*state.f(target).character.name
            )
        }));
    }
    Ok(())
}

/// Starts an encounter: validates the setup, opens First Strikes or rolls initiative.
pub fn start<D: Dice>(
    setup: &Setup,
    dice: &mut D,
    events: &mut Events,
) -> Result<State, RuleError> {
    setup.validate()?;
    let fighters = setup
        .characters
        .iter()
        .map(|c| Fighter {
            character: Character {
                // Its own cover at the start, or the scene's there if better (BW-35).
                cover: c.cover.max(setup.settings.cover_at(c.position)),
                ..c.clone()
            },
            hits: c.hits.unwrap_or(setup.settings.health.max()),
            status: if c.joins_round.is_some() {
                Status::Reserve
            } else {
                Status::Active
            },
            conscious: c.hits.map_or(true, |h| h >= 1) || c.stays_conscious,
            level: None,
            wielded: if c.weapons.is_empty() { None } else { Some(0) },
            dropped: Vec::new(),
            last_move: 0,
            shock: Shock::None,
            stance: false,
            full_defense: false,
            reaction: false,
            holding: None,
            held_by: None,
            withdrawing: None,
            first_strike_done: false,
            struck_first: false,
            unconscious_rounds: 0,
            ammo_spent: 0,
            damage_dealt: 0,
            damage_taken: 0,
            defeated_round: None,
        })
        .collect();
    let mut state = State {
        settings: setup.settings.clone(),
        fighters,
        phase: Phase::FirstStrike,
        round: 0,
        levels: BTreeMap::new(),
        // Room for everyone, so rebuilding the order never reallocates.
        order: Vec::with_capacity(setup.characters.len()),
        turn: None,
        engagements: Vec::new(),
        winner: None,
        wounds_dealt: 0,
        pending: None,
    };
    events.emit(|| Event::Started {
        characters: (0..state.fighters.len()).map(|i| state.who(i)).collect(),
        first_strikers: first_strikers(&state).map(|i| state.who(i)).collect(),
    });
    if first_strikers(&state).next().is_none() {
        roll_initiative(&mut state, dice, events)?;
    }
    check_end(&mut state, events);
    Ok(state)
}

/// After a First Strike (or a pass): when none is left, roll initiative.
fn after_first_strike<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    struck: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    state.fighters[actor].first_strike_done = true;
    state.fighters[actor].struck_first = struck;
    check_end(state, events);
    if state.phase == Phase::FirstStrike && first_strikers(state).next().is_none() {
        roll_initiative(state, dice, events)?;
    }
    Ok(())
}

/// Spends the action's cost and goes on: the First Strikes, the end of the encounter (only
/// when the action `hurt` someone: nothing else in an action takes anyone off their feet),
/// the next turn when the actor can no longer act.
#[inline(always)]
fn finish_action<D: Dice>(
    state: &mut State,
    dice: &mut D,
    (actor, cost): (usize, Cost),
    struck: bool,
    hurt: bool,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.phase == Phase::FirstStrike {
        return after_first_strike(state, dice, actor, struck, events);
    }
    spend(state, cost);
    if hurt {
        check_end(state, events);
    }
    if state.phase == Phase::Round {
        if let Some(turn) = state.turn {
            if !state.can_act(turn.actor) {
                advance(state, turn.slot + 1, events);
                check_end(state, events);
            }
        }
    }
    Ok(())
}

/// A set of character indices as bits (bit `i` = character `i`): a setup has at most
/// [`MAX_CHARACTERS`](crate::MAX_CHARACTERS) = 64, and the hot paths need no allocation.
pub(crate) type Set = u64;

/// The members of `set`, ascending.
pub(crate) fn members(mut set: Set) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}

/// Applies one command (validate, then roll, then change).
pub fn apply<D: Dice>(
    state: &mut State,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.phase == Phase::Over {
        return Err(no("encounter", || msg!("bw-refuse-over")));
    }
    if let Some(p) = &state.pending {
        if !matches!(command, Command::Opportunity { .. }) {
            return Err(opportunity::waiting(state, p));
        }
    }
    match command {
        Command::Attack(s) => do_strike(state, dice, s, Action::Attack, events)?,
        Command::QuickStrike(s) => do_strike(state, dice, s, Action::QuickStrike, events)?,
        Command::FeintStrike(s) => do_strike(state, dice, s, Action::FeintStrike, events)?,
        Command::QuickShot(s) => do_strike(state, dice, s, Action::QuickShot, events)?,
        Command::AimedShot(s) => do_strike(state, dice, s, Action::AimedShot, events)?,
        Command::ShortBurst(s) => do_strike(state, dice, s, Action::ShortBurst, events)?,
        Command::LongBurst(s) => do_long_burst(state, dice, s, &s.targets, events)?,
        Command::Disarm { actor, target } => {
            let (actor, target) = (*actor, *target);
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            check_target(state, actor, target)?;
            afford(state, actor, Cost::Main)?;
            need_engaged(state, actor, target, "BW-27")?;
            let Some(w) = state.f(target).wielded else {
                return Err(no("BW-27", || msg!("bw-refuse-nothing-to-disarm")));
            };
            let terms = disarm_terms(state, actor, target);
            let wounds = state.wounds_dealt;
            let r = contest(state, dice, actor, target, Action::Disarm, terms, events)?;
            if r.success {
                let direction = dice.roll(8)?;
                let f = &mut state.fighters[target];
                let at = f.character.position + scene::fall(direction);
                f.dropped.push(Dropped { weapon: w, at });
                f.wielded = None;
                let weapon = f.character.weapons[w].name.to_string();
                events.emit(|| Event::Disarmed {
                    actor: state.who(actor),
                    target: state.who(target),
                    weapon,
                    direction,
                });
            }
            let hurt = state.wounds_dealt != wounds;
            finish_action(state, dice, (actor, Cost::Main), false, hurt, events)?;
        }
        Command::Grapple { actor, target } => {
            let (actor, target) = (*actor, *target);
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            check_target(state, actor, target)?;
            afford(state, actor, Cost::Full)?;
            need_engaged(state, actor, target, "BW-28")?;
            if state.f(target).held_by.is_some() || state.f(actor).holding.is_some() {
                return Err(no("BW-28", || msg!("bw-refuse-one-hold")));
            }
            let terms = grapple_terms(state, actor, target);
            let wounds = state.wounds_dealt;
            let r = contest(state, dice, actor, target, Action::Grapple, terms, events)?;
            if r.success && state.can_act(actor) && state.f(target).status == Status::Active {
                state.fighters[actor].holding = Some(target);
                state.fighters[target].held_by = Some(actor);
                events.emit(|| Event::Grappled {
                    actor: state.who(actor),
                    target: state.who(target),
                });
            }
            let hurt = state.wounds_dealt != wounds;
            finish_action(state, dice, (actor, Cost::Full), false, hurt, events)?;
        }
        Command::BreakFree { actor } => {
            let actor = *actor;
            check_turn(state, actor, true, true)?;
            only_in_rounds(state)?;
            let Some(h) = state.f(actor).held_by else {
                return Err(no("BW-29", || msg!("bw-refuse-not-held")));
            };
            afford(state, actor, Cost::Main)?;
            let terms = break_free_terms(state, actor, h);
            let r = contest(state, dice, actor, h, Action::BreakFree, terms, events)?;
            if r.success {
                release_holds(state, actor, events);
            }
            finish_action(state, dice, (actor, Cost::Main), false, false, events)?;
        }
        Command::Release { actor } => {
            let actor = *actor;
            check_turn(state, actor, false, true)?;
            only_in_rounds(state)?;
            if state.f(actor).holding.is_none() {
                return Err(no("BW-28", || msg!("bw-refuse-holds-nobody")));
            }
            afford(state, actor, Cost::Minor)?;
            release_holds(state, actor, events);
            finish_action(state, dice, (actor, Cost::Minor), false, false, events)?;
        }
        Command::DefensiveStance { actor } => {
            defend(state, dice, *actor, Defence::Stance, events)?;
        }
        Command::FullDefense { actor } => {
            defend(state, dice, *actor, Defence::FullDefense, events)?;
        }
        Command::Reaction { actor } => defend(state, dice, *actor, Defence::Reaction, events)?,
        Command::Move {
            actor,
            to,
            sprint,
            engage,
            sector,
        } => do_move(
            state,
            dice,
            *actor,
            (*to, *sprint),
            (*engage, *sector),
            events,
        )?,
        Command::Reload { actor } => reload(state, dice, *actor, events)?,
        Command::PickUp { actor, weapon } => scene::pick_up(state, dice, *actor, *weapon, events)?,
        Command::Withdraw { actor } => {
            let actor = *actor;
            check_turn(state, actor, false, false)?;
            only_in_rounds(state)?;
            afford(state, actor, Cost::Minor)?;
            if state.partners(actor).next().is_some() || state.f(actor).holding.is_some() {
                return Err(no("BW-11", || msg!("bw-refuse-leave-engaged")));
            }
            state.fighters[actor].withdrawing = Some(state.round);
            events.emit(|| Event::Withdrawing {
                actor: state.who(actor),
            });
            finish_action(state, dice, (actor, Cost::Minor), false, false, events)?;
        }
        Command::LetGo { actor } => {
            // Any time (BW-21): a Minor action on its own turn, free otherwise.
            let actor = *actor;
            check_actor(state, actor)?;
            let f = state.f(actor);
            if f.status != Status::Active || !f.conscious || f.hits >= 1 {
                return Err(no("BW-21", || msg!("bw-refuse-let-go")));
            }
            let own_turn =
                state.phase == Phase::Round && state.turn.is_some_and(|t| t.actor == actor);
            let cost = if own_turn {
                afford(state, actor, Cost::Minor)?;
                Cost::Minor
            } else {
                Cost::None
            };
            state.fighters[actor].conscious = false;
            events.emit(|| Event::Fainted {
                actor: state.who(actor),
            });
            release_holds(state, actor, events);
            drop_engagements(state, actor);
            if state.phase == Phase::FirstStrike {
                check_end(state, events);
            } else {
                finish_action(state, dice, (actor, cost), false, false, events)?;
            }
        }
        Command::Pass { actor } => {
            let actor = *actor;
            check_actor(state, actor)?;
            if state.phase != Phase::FirstStrike || !is_first_striker(state, actor) {
                return Err(no("BW-09", || msg!("bw-refuse-pass")));
            }
            events.emit(|| Event::Passed {
                actor: state.who(actor),
            });
            after_first_strike(state, dice, actor, false, events)?;
        }
        Command::EndTurn { actor } => end_turn(state, *actor, events)?,
        Command::Join { actors } => {
            if state.phase != Phase::BetweenRounds {
                return Err(no("BW-10", || msg!("bw-refuse-join-mid-round")));
            }
            if actors.is_empty() {
                return Err(no("BW-10", || msg!("bw-refuse-join-nobody")));
            }
            for (k, &a) in actors.iter().enumerate() {
                check_actor(state, a)?;
                if state.f(a).status != Status::Reserve || actors[..k].contains(&a) {
                    return Err(no("BW-10", || {
                        msg!("bw-refuse-not-waiting", name = &*state.f(a).character.name)
                    }));
                }
            }
            join(state, dice, actors, events)?;
        }
        Command::Opportunity { actor, attack } => {
            opportunity::answer(state, dice, *actor, *attack, events)?;
        }
        Command::NextRound => next_round(state, events)?,
    }
    Ok(())
}

/// Defensive Stance, Full Defense or Reaction (BW-30, BW-37).
pub(crate) fn defend<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    defence: Defence,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    only_in_rounds(state)?;
    let cost = match defence {
        Defence::FullDefense => Cost::Full,
        Defence::Stance | Defence::Reaction => Cost::Additional,
    };
    afford(state, actor, cost)?;
    if defence == Defence::Reaction {
        if state.f(actor).character.cover == Cover::None {
            return Err(no("BW-37", || msg!("bw-refuse-reaction-cover")));
        }
        if state.partners(actor).next().is_some() {
            return Err(no("BW-37", || msg!("bw-refuse-reaction-melee")));
        }
    }
    let f = &mut state.fighters[actor];
    match defence {
        Defence::Stance => f.stance = true,
        Defence::FullDefense => f.full_defense = true,
        Defence::Reaction => f.reaction = true,
    }
    events.emit(|| Event::Defending {
        actor: state.who(actor),
        defence,
    });
    finish_action(state, dice, (actor, cost), false, false, events)
}

/// Reloads the weapon in hand (ДД).
pub(crate) fn reload<D: Dice>(
    state: &mut State,
    dice: &mut D,
    actor: usize,
    events: &mut Events,
) -> Result<(), RuleError> {
    check_turn(state, actor, false, true)?;
    only_in_rounds(state)?;
    afford(state, actor, Cost::Additional)?;
    let Some(w) = state.f(actor).wielded else {
        return Err(no("BW-12", || msg!("bw-refuse-nothing-to-reload")));
    };
    let weapon = &state.f(actor).character.weapons[w];
    match weapon.ammo {
        Some(a) if weapon.spare_magazines > 0 && a < weapon.magazine => {}
        _ => {
            return Err(no("BW-12", || {
                msg!("bw-refuse-cannot-reload", weapon = &*weapon.name)
            }))
        }
    }
    let weapon = &mut state.fighters[actor].character.weapons[w];
    weapon.ammo = Some(weapon.magazine);
    weapon.spare_magazines -= 1;
    let ammo = weapon.magazine;
    events.emit(|| Event::Reloaded {
        actor: state.who(actor),
        weapon: state.weapon_data(actor, Some(w)).name.to_string(),
        ammo,
    });
    finish_action(state, dice, (actor, Cost::Additional), false, false, events)
}
