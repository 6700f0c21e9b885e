//! The encounter engine: initiative, turns and actions, attacks and stunts, damage and
//! conditions (AGE-08 … AGE-31).

use fray_dice::{Dice, EventLog, RuleError, Ruleset};

use crate::combat::{
    absorb, absorb_offer, attack, decompression_check, pay_damage, range_modifier, roll_damage,
    throw_grenade, AttackKind, AttackSpec, Capacity, DamageAbility, DamageDice, DamageOutcome,
    DamageSpec, GrenadeSpec, RangeBand, Soak, StuntChoice, StuntEffect, Vitals, GRENADE_RADIUS,
    SHIELD_DEFENSE,
};
use crate::conditions::{Condition, Injury};
use crate::model::{
    Ability, Absorbing, After, AttackAction, Combatant, Command, Event, MoveKind, Pending, Readied,
    Setup, State, TakenOut, Turn, WeaponState,
};
use crate::test::{opposed, test, TestSpec};
use crate::Age;

type Events = EventLog<Event>;

fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// Side names.
pub(crate) const SIDES: [&str; 2] = ["party", "opponents"];

impl Ruleset for Age {
    const ID: &'static str = "age";
    const VERSION: u32 = 2;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;

    fn start<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        events: &mut Events,
    ) -> Result<State, RuleError> {
        start(setup, dice, events)
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut Events,
    ) -> Result<(), RuleError> {
        apply(state, command, dice, events)
    }
}

/// Positions (metres on the line) stay within ± this many metres.
pub const MAX_POSITION: i32 = 1_000_000;
/// Target numbers, Defense values, damage bonuses and other numeric settings stay within ±
/// this, so sums of them never overflow.
pub const MAX_SETTING: u32 = 1000;

pub(crate) fn check_position(at: i32) -> Result<(), RuleError> {
    if at.unsigned_abs() > MAX_POSITION as u32 {
        return Err(err(
            "setup",
            format!("position {at} m is beyond ±{MAX_POSITION} m"),
        ));
    }
    Ok(())
}

fn validate_setup(setup: &Setup) -> Result<(), RuleError> {
    let chars = &setup.characters;
    fray_dice::check_combatants(chars.len(), fray_dice::MAX_COMBATANTS)?;
    for side in 0..2u8 {
        if !chars.iter().any(|c| c.side == side) {
            return Err(err(
                "setup",
                format!(
                    "side {side} ({}) has nobody; each side needs at least one character",
                    SIDES[side as usize]
                ),
            ));
        }
    }
    if let Some([lo, hi]) = setup.corridor {
        check_position(lo)?;
        check_position(hi)?;
        if lo > hi {
            return Err(err(
                "setup",
                "the corridor's first end must not lie past its second",
            ));
        }
    }
    for (i, c) in chars.iter().enumerate() {
        check_position(c.position)?;
        let a = c.abilities;
        let scores = [
            a.accuracy,
            a.communication,
            a.constitution,
            a.dexterity,
            a.fighting,
            a.intelligence,
            a.perception,
            a.strength,
            a.willpower,
        ];
        if scores.iter().any(|s| s.unsigned_abs() > 50) || !(0..=10_000).contains(&c.fortune) {
            return Err(err(
                "setup",
                format!(
                    "{}: abilities must lie in −50..=50 and Fortune in 0..=10000",
                    c.name
                ),
            ));
        }
        if c.defense.is_some_and(|d| d.unsigned_abs() > MAX_SETTING)
            || c.weapons
                .iter()
                .any(|w| w.damage_bonus.unsigned_abs() > MAX_SETTING)
        {
            return Err(err(
                "setup",
                format!(
                    "{}: defense and weapon damage bonuses must lie within ±{MAX_SETTING}",
                    c.name
                ),
            ));
        }
        if c.speed.is_some_and(|s| !(0..=1000).contains(&s)) {
            return Err(err(
                "setup",
                format!("{}: speed must lie in 0..=1000", c.name),
            ));
        }
        if c.side > 1 {
            return Err(err(
                "setup",
                format!(
                    "{}: side must be 0 (party) or 1 (opponents), not {}",
                    c.name, c.side
                ),
            ));
        }
        if chars[..i].iter().any(|o| o.name == c.name) {
            return Err(err(
                "setup",
                format!(
                    "two characters are named '{}'; names must be unique",
                    c.name
                ),
            ));
        }
        for w in &c.weapons {
            if w.damage.is_none() && w.kind.damage_dice(false).is_none() {
                return Err(err(
                    "AGE-13",
                    format!(
                        "{}'s {}: the source gives no damage for {:?}; state `damage`",
                        c.name, w.name, w.kind
                    ),
                ));
            }
            if let Some(d) = w.damage {
                if d.sides == 0 {
                    return Err(err(
                        "AGE-13",
                        format!("{}'s {}: a die needs at least 1 side", c.name, w.name),
                    ));
                }
            }
        }
        if let Some(w) = &c.wielding {
            if !c.weapons.iter().any(|x| &x.name == w) {
                return Err(err(
                    "setup",
                    format!("{} wields '{w}', which is not among its weapons", c.name),
                ));
            }
        }
    }
    let r = &setup.rules;
    if r.max_rounds == 0 {
        return Err(err("setup", "max_rounds must be at least 1"));
    }
    let numbers = [r.first_aid_tn, r.grenade_tn, r.death_at, r.defense_base];
    if numbers.iter().any(|n| n.unsigned_abs() > MAX_SETTING)
        || !(1..=100).contains(&r.crawl_divisor)
        || r.melee_reach > MAX_POSITION as u32
    {
        return Err(err(
            "setup",
            format!(
                "rules: first_aid_tn, grenade_tn, death_at and defense_base must lie within ±{MAX_SETTING}, crawl_divisor in 1..=100, melee_reach at most {MAX_POSITION} m"
            ),
        ));
    }
    Ok(())
}

/// Starts an encounter: validates the setup, rolls initiative (AGE-09) and opens round 1.
pub(crate) fn start<D: Dice>(
    setup: &Setup,
    dice: &mut D,
    events: &mut Events,
) -> Result<State, RuleError> {
    validate_setup(setup)?;
    let mut combatants = Vec::with_capacity(setup.characters.len());
    let mut rolls = Vec::with_capacity(setup.characters.len());
    for c in &setup.characters {
        let (rating, penalty) = c.armour.stats();
        let weapons: Vec<WeaponState> = c
            .weapons
            .iter()
            .map(|w| WeaponState {
                weapon: w.clone(),
                jammed: false,
                high_capacity_used: false,
                count: w.count,
            })
            .collect();
        let in_hand = c
            .wielding
            .as_ref()
            .and_then(|n| c.weapons.iter().position(|w| &w.name == n));
        let rule = &setup.rules.initiative;
        let focus = rule.focus.as_ref().is_some_and(|f| c.foci.contains(f));
        let roll = test(
            dice,
            &TestSpec {
                ability: c.abilities.get(rule.ability),
                focus,
                modifier: c.conditions.roll_penalty()
                    + if rule.armour_penalty { penalty } else { 0 },
                tn: None,
                auto_fail: false,
            },
        )?;
        events.emit(|| Event::Initiative {
            name: c.name.clone(),
            dice: roll.dice,
            total: roll.total,
        });
        rolls.push(roll.total);
        combatants.push(Combatant {
            name: c.name.clone(),
            side: c.side,
            abilities: c.abilities,
            foci: c.foci.clone(),
            fortune: c.fortune,
            armour: (rating, penalty),
            shield: c.shield,
            striking_style: c.striking_style,
            base_speed: c.speed.unwrap_or(10 + c.abilities.dexterity + penalty),
            base_defense: c
                .defense
                .unwrap_or(setup.rules.defense_base + c.abilities.dexterity),
            weapons,
            in_hand,
            position: c.position,
            near_hull: c.near_hull,
            free_fall_mobility: c.free_fall_mobility,
            conditions: c.conditions,
            initiative: roll.total,
            initiative_rank: 0,
            taken_out: false,
            dead: false,
            defend: 0,
            heavy_penalty: 0,
            guarded: 0,
            weave: 0,
            cover: 0,
            stand_firm: false,
            readied: None,
            drift: 0,
        });
    }
    // Order: initiative, then Dexterity, then roll-offs (1d6 each, repeated for ties).
    let mut order: Vec<usize> = (0..combatants.len()).collect();
    let key = |i: usize| (combatants[i].initiative, combatants[i].abilities.dexterity);
    order.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
    let mut start_at = 0;
    while start_at < order.len() {
        let mut end = start_at + 1;
        while end < order.len() && key(order[end]) == key(order[start_at]) {
            end += 1;
        }
        roll_off(&mut order[start_at..end], dice)?;
        start_at = end;
    }
    for (rank, &i) in order.iter().enumerate() {
        combatants[i].initiative_rank = rank as u32;
    }
    let mut state = State {
        rules: setup.rules.clone(),
        free_fall: setup.free_fall,
        corridor: setup.corridor,
        combatants,
        order,
        round: 0,
        turn_index: 0,
        turn: Turn::default(),
        pending: None,
        absorbing: None,
        decompressed: false,
        stunt_points_earned: 0,
        over: false,
        winner: None,
    };
    if !check_end(&mut state, events) {
        new_round(&mut state, dice, events)?;
    }
    Ok(state)
}

/// Orders a group tied on initiative and Dexterity by repeated 1d6 roll-offs (AGE-09); after
/// 8 tied roll-offs setup order decides.
fn roll_off<D: Dice>(group: &mut [usize], dice: &mut D) -> Result<(), RuleError> {
    if group.len() < 2 {
        return Ok(());
    }
    for _ in 0..8 {
        let mut rolled = Vec::with_capacity(group.len());
        for &i in group.iter() {
            rolled.push((dice.roll(6)?, i));
        }
        rolled.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let distinct = rolled.windows(2).all(|w| w[0].0 != w[1].0);
        if distinct {
            for (slot, (_, i)) in group.iter_mut().zip(rolled) {
                *slot = i;
            }
            return Ok(());
        }
    }
    Ok(())
}

pub(crate) fn standing(c: &Combatant) -> bool {
    !c.dead && !c.taken_out && c.conditions.can_act()
}

/// Ends the encounter when a side has nobody standing, or at the round limit.
fn check_end(state: &mut State, events: &mut Events) -> bool {
    if state.over {
        return true;
    }
    // Damage still waiting for its target's answer decides nothing yet.
    if state.absorbing.is_some() {
        return false;
    }
    let up = |side: u8| {
        state
            .combatants
            .iter()
            .any(|c| c.side == side && standing(c))
    };
    let (a, b) = (up(0), up(1));
    let winner = match (a, b) {
        (true, true) if state.round <= state.rules.max_rounds => return false,
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    };
    state.over = true;
    state.winner = winner;
    state.pending = None;
    events.emit(|| Event::EncounterEnded {
        winner: winner.map(|w| SIDES[usize::from(w)].to_owned()),
        rounds: state.round.min(state.rules.max_rounds),
    });
    true
}

fn new_round<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    for c in &mut state.combatants {
        c.guarded = 0;
    }
    state.round += 1;
    if check_end(state, events) {
        return Ok(());
    }
    let cs = &state.combatants;
    state.order.sort_by(|&a, &b| {
        (cs[b].initiative, cs[b].abilities.dexterity)
            .cmp(&(cs[a].initiative, cs[a].abilities.dexterity))
            .then(cs[a].initiative_rank.cmp(&cs[b].initiative_rank))
    });
    events.emit(|| Event::RoundStarted {
        round: state.round,
        order: state
            .order
            .iter()
            .map(|&i| state.combatants[i].name.clone())
            .collect(),
    });
    state.turn_index = 0;
    begin_turn(state, dice, events)
}

/// Starts the turn at `turn_index`, skipping those who cannot act, until someone can.
fn begin_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    loop {
        if state.turn_index >= state.order.len() {
            return new_round(state, dice, events);
        }
        let i = state.order[state.turn_index];
        state.turn = Turn {
            actor: i,
            ..Turn::default()
        };
        let death_at = state.rules.death_at;
        let corridor = state.corridor;
        let c = &mut state.combatants[i];
        if c.dead {
            state.turn_index += 1;
            continue;
        }
        c.defend = 0;
        c.heavy_penalty = 0;
        c.weave = 0;
        c.cover = 0;
        c.stand_firm = false;
        if c.readied.take().is_some() {
            events.emit(|| Event::ReadyLost {
                name: c.name.clone(),
            });
        }
        if c.conditions.injury == Injury::Dying {
            c.abilities.constitution -= 1;
            events.emit(|| Event::DyingTick {
                name: c.name.clone(),
                constitution: c.abilities.constitution,
            });
            if c.abilities.constitution <= death_at {
                c.dead = true;
                c.taken_out = true;
                events.emit(|| Event::Died {
                    name: c.name.clone(),
                });
            }
        }
        if c.drift != 0 && !c.dead {
            let from = c.position;
            let [lo, hi] = corridor.unwrap_or([-MAX_POSITION, MAX_POSITION]);
            let mut to = from + c.drift;
            if to <= lo || to >= hi {
                to = to.clamp(lo, hi);
                c.drift = 0;
            }
            c.position = to;
            events.emit(|| Event::Moved {
                name: c.name.clone(),
                from,
                to,
                how: MoveKind::Drift,
            });
        }
        if check_end(state, events) {
            return Ok(());
        }
        let c = &state.combatants[i];
        let reason = if c.dead {
            Some("dead")
        } else if c.taken_out {
            Some("taken out")
        } else if !c.conditions.can_act() {
            Some("helpless")
        } else {
            None
        };
        match reason {
            Some(reason) => {
                if !c.dead {
                    events.emit(|| Event::TurnSkipped {
                        name: c.name.clone(),
                        reason: reason.to_owned(),
                    });
                }
                state.turn_index += 1;
            }
            None => {
                events.emit(|| Event::TurnStarted {
                    name: c.name.clone(),
                });
                return Ok(());
            }
        }
    }
}

fn end_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let name = state.combatants[state.turn.actor].name.clone();
    events.emit(|| Event::TurnEnded { name });
    state.turn_index += 1;
    if check_end(state, events) {
        return Ok(());
    }
    begin_turn(state, dice, events)
}

/// Ends the turn by itself once nothing is left to do: no action left and no Pursue open.
fn maybe_end_turn<D: Dice>(
    state: &mut State,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.over || state.pending.is_some() || state.absorbing.is_some() {
        return Ok(());
    }
    if !standing(&state.combatants[state.turn.actor]) {
        return end_turn(state, dice, events);
    }
    let t = &state.turn;
    // After Run the turn stays open so that anything else is refused under AGE-10; the
    // actor ends it.
    let spent = t.minors_used >= 2 || (t.major_used && t.minors_used >= 1);
    if spent && pursue_target(state).is_none() {
        end_turn(state, dice, events)?;
    }
    Ok(())
}

pub(crate) fn find(state: &State, name: &str) -> Result<usize, RuleError> {
    state
        .combatants
        .iter()
        .position(|c| *c.name == *name)
        .ok_or_else(|| err("command", format!("nobody is named '{name}'")))
}

/// The actor of a turn-bound command must be the one whose turn it is and able to act.
fn actor_on_turn(state: &State, name: &str) -> Result<usize, RuleError> {
    let i = find(state, name)?;
    if state.turn.actor != i {
        return Err(err(
            "AGE-08",
            format!(
                "it is {}'s turn, not {name}'s",
                state.combatants[state.turn.actor].name
            ),
        ));
    }
    Ok(i)
}

/// The two kinds of action slot in a turn.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The major action.
    Major,
    /// A minor action.
    Minor,
}

/// Whether the current turn still has room for an action (AGE-08, AGE-10 Run).
pub(crate) fn slot_check(turn: &Turn, slot: Slot) -> Result<(), RuleError> {
    if turn.ran {
        return Err(err(
            "AGE-10",
            "after Run no other action is allowed this turn, not even a minor one",
        ));
    }
    match slot {
        Slot::Major if turn.major_used => Err(err(
            "AGE-08",
            "the major action of this turn is already used (a turn is 1 major + 1 minor, or 2 minor)",
        )),
        Slot::Major if turn.minors_used >= 2 => Err(err(
            "AGE-08",
            "two minor actions were taken, so no major action is left this turn",
        )),
        Slot::Minor if turn.minors_used >= 2 || (turn.major_used && turn.minors_used >= 1) => Err(err(
            "AGE-08",
            "no minor action is left this turn (a turn is 1 major + 1 minor, or 2 minor)",
        )),
        _ => Ok(()),
    }
}

fn use_slot(turn: &mut Turn, slot: Slot) {
    match slot {
        Slot::Major => turn.major_used = true,
        Slot::Minor => turn.minors_used += 1,
    }
}

/// The weapon used for an attack of this kind, and its attack type: melee uses the melee
/// weapon in hand, fists when empty-handed, and a held firearm as an improvised club.
pub(crate) fn weapon_for(
    c: &Combatant,
    melee: bool,
) -> Result<(Option<usize>, AttackKind), RuleError> {
    let held = c.in_hand.map(|i| (i, c.weapons[i].weapon.kind));
    if melee {
        return Ok(match held {
            None => (None, AttackKind::Unarmed),
            Some((i, k)) if k.is_melee() => (Some(i), k),
            Some((i, _)) => (Some(i), AttackKind::Improvised),
        });
    }
    match held {
        Some((_, k)) if k.is_explosive() => Err(err(
            "AGE-19",
            "grenades are thrown or launched with throw_grenade, at a point",
        )),
        Some((i, k)) if !k.is_melee() => Ok((Some(i), k)),
        _ => Err(err(
            "AGE-10",
            format!("{} holds no ranged weapon (take one up first)", c.name),
        )),
    }
}

pub(crate) fn weapon_name(c: &Combatant, w: Option<usize>) -> String {
    w.map_or_else(
        || "unarmed".to_owned(),
        |i| c.weapons[i].weapon.name.clone(),
    )
}

fn has_focus(c: &Combatant, focus: &Option<String>) -> bool {
    focus.as_ref().is_some_and(|f| c.foci.contains(f))
}

/// Defense against an attack (AGE-12 \[default\]): base (10 + Dex) + shield + action bonuses.
fn defense(t: &Combatant, melee: bool) -> i32 {
    let shield = match (t.shield, melee) {
        (false, _) => 0,
        (true, true) => SHIELD_DEFENSE.0,
        (true, false) => SHIELD_DEFENSE.1,
    };
    t.base_defense + shield + t.defend + t.guarded + t.weave + if melee { 0 } else { t.cover }
        - t.heavy_penalty
}

pub(crate) fn distance(state: &State, a: usize, b: usize) -> u32 {
    state.combatants[a]
        .position
        .abs_diff(state.combatants[b].position)
}

pub(crate) fn weapon_range(c: &Combatant, w: Option<usize>, kind: AttackKind) -> Option<RangeBand> {
    w.and_then(|i| c.weapons[i].weapon.range)
        .or_else(|| kind.range(c.abilities.strength))
}

/// A planned attack, validated before any die is drawn.
pub(crate) struct Plan {
    pub(crate) attacker: usize,
    pub(crate) target: usize,
    pub(crate) action: AttackAction,
    pub(crate) weapon: Option<usize>,
    pub(crate) spec: AttackSpec,
}

/// The attack an attack command (or `interrupt`) would roll, validated, and for a Charge
/// where the charger ends up; `None` for a command that is no attack on a target. Both
/// `apply` and the previews plan through here.
pub(crate) fn attack_plan(
    state: &State,
    command: &Command,
) -> Result<Option<(Plan, Option<i32>)>, RuleError> {
    let (me, target, action) = match command {
        Command::MeleeAttack { actor, target } => (actor, target, AttackAction::Melee),
        Command::HeavyAttack { actor, target } => (actor, target, AttackAction::Heavy),
        Command::RangedAttack { actor, target } => (actor, target, AttackAction::Ranged),
        Command::StuntAttack { actor, target } => (actor, target, AttackAction::Stunt),
        Command::Charge { actor, target } => (actor, target, AttackAction::Charge),
        Command::Interrupt { actor } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            let Some(readied) = &c.readied else {
                return Err(err("AGE-11", format!("{actor} holds no readied action")));
            };
            let melee = weapon_for(c, false).is_err();
            let plan = plan_attack(
                state,
                i,
                readied.target,
                AttackAction::Readied,
                melee,
                0,
                None,
            )?;
            return Ok(Some((plan, None)));
        }
        _ => return Ok(None),
    };
    let me = find(state, me)?;
    let t = find(state, target)?;
    let c = &state.combatants[me];
    let plan = match action {
        AttackAction::Melee | AttackAction::Heavy => {
            plan_attack(state, me, t, action, true, 0, None)?
        }
        AttackAction::Ranged => plan_attack(state, me, t, action, false, 0, None)?,
        AttackAction::Stunt => {
            let melee =
                weapon_for(c, false).is_err() || distance(state, me, t) <= state.rules.melee_reach;
            plan_attack(state, me, t, action, melee, 0, None)?
        }
        _ => {
            if let Some((rule, why)) = c.conditions.run_forbidden_by() {
                return Err(err(rule, format!("{} is {why}: no Charge", c.name)));
            }
            free_fall_check(state, me)?;
            let to = approach(state, me, t, speed(state, c) / 2);
            let moved = to.abs_diff(c.position);
            let dist = to.abs_diff(state.combatants[t].position);
            let bonus = i32::from(moved >= 4);
            let plan = plan_attack(state, me, t, action, true, bonus, Some(dist))?;
            return Ok(Some((plan, Some(to))));
        }
    };
    Ok(Some((plan, None)))
}

/// How far a Move may go (AGE-11, AGE-27): Speed, or what is left of it after standing up
/// or dropping prone (half Speed, rounded down, each).
pub(crate) fn move_budget(state: &State, c: &Combatant, stand_up: bool, drop_prone: bool) -> i32 {
    if stand_up || drop_prone {
        let mut standing = c.conditions;
        standing.prone = false;
        let s = standing.speed(c.base_speed);
        s - s / 2
    } else {
        speed(state, c)
    }
}

fn plan_attack(
    state: &State,
    attacker: usize,
    target: usize,
    action: AttackAction,
    melee: bool,
    extra_modifier: i32,
    from_distance: Option<u32>,
) -> Result<Plan, RuleError> {
    let a = &state.combatants[attacker];
    let t = &state.combatants[target];
    if attacker == target {
        return Err(err("AGE-12", "an attacker cannot target itself"));
    }
    if t.side == a.side {
        return Err(err(
            "AGE-12",
            format!("{} is on the same side as {}", t.name, a.name),
        ));
    }
    if t.taken_out {
        return Err(err(
            "AGE-12",
            format!("{} is already out of the fight", t.name),
        ));
    }
    let dist = from_distance.unwrap_or_else(|| distance(state, attacker, target));
    let (weapon, kind) = weapon_for(a, melee)?;
    let mut modifier = a.conditions.roll_penalty() - a.guarded + extra_modifier;
    if state.turn.aimed && state.turn.actor == attacker {
        modifier += 1;
    }
    let range = if melee {
        if dist > state.rules.melee_reach {
            return Err(err(
                "AGE-10",
                format!(
                    "{} is {dist} m away; melee needs the target within {} m",
                    t.name, state.rules.melee_reach
                ),
            ));
        }
        None
    } else {
        if a.conditions.blinded {
            return Err(err(
                "AGE-30",
                format!("{} is Blinded; a ranged attack needs sight", a.name),
            ));
        }
        let w = &a.weapons[weapon.unwrap_or(0)];
        if w.jammed {
            return Err(err(
                "AGE-18",
                format!(
                    "{}'s {} is jammed or empty; reload first (a minor action)",
                    a.name, w.weapon.name
                ),
            ));
        }
        let band = weapon_range(a, weapon, kind).unwrap_or(RangeBand { normal: 0, max: 0 });
        range_modifier(band, dist)?;
        Some(band)
    };
    if t.conditions.has(Condition::Prone) {
        modifier += if melee { 1 } else { -1 };
    }
    let w = weapon.map(|i| &a.weapons[i]);
    let focus = match (w, kind) {
        (Some(w), k) if k != AttackKind::Improvised => has_focus(a, &w.weapon.focus),
        _ => false,
    };
    Ok(Plan {
        attacker,
        target,
        action,
        weapon,
        spec: AttackSpec {
            ability: if melee {
                a.abilities.fighting
            } else {
                a.abilities.accuracy
            },
            focus,
            modifier,
            defense: defense(t, melee),
            range,
            distance: dist,
            firearm: kind.is_firearm() && !melee,
            high_capacity: w.is_some_and(|w| w.weapon.high_capacity && !w.high_capacity_used),
        },
    })
}

/// Rolls a planned attack; on a hit with stunt points the attack waits for `spend_stunts`,
/// else damage follows at once.
fn execute_attack<D: Dice>(
    state: &mut State,
    plan: Plan,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let result = attack(dice, &plan.spec)?;
    let melee = plan.spec.range.is_none();
    let mut points = result.roll.stunt_points;
    if plan.action == AttackAction::Stunt && result.hit {
        points = points.saturating_add(state.rules.stunt_attack_points);
    }
    let a = &state.combatants[plan.attacker];
    events.emit(|| Event::Attack {
        attacker: a.name.clone(),
        target: state.combatants[plan.target].name.clone(),
        action: plan.action,
        weapon: weapon_name(a, plan.weapon),
        roll: result.roll,
        defense: plan.spec.defense,
        hit: result.hit,
        stunt_points: points,
    });
    if state.turn.actor == plan.attacker {
        state.turn.aimed = false;
    }
    if plan.action == AttackAction::Heavy {
        state.combatants[plan.attacker].heavy_penalty = 1;
    }
    if !result.hit {
        let attacker = &mut state.combatants[plan.attacker];
        if let Some(wi) = plan.weapon {
            let w = &mut attacker.weapons[wi];
            match result.capacity {
                Capacity::Ready => {}
                Capacity::Ignored => w.high_capacity_used = true,
                Capacity::Jammed => w.jammed = true,
            }
            if result.capacity != Capacity::Ready {
                events.emit(|| Event::Capacity {
                    name: attacker.name.clone(),
                    weapon: w.weapon.name.clone(),
                    result: result.capacity,
                });
            }
            if w.weapon.armour_piercing && !melee && state.combatants[plan.target].near_hull {
                let (die, decompressed) = decompression_check(dice)?;
                state.decompressed |= decompressed;
                events.emit(|| Event::Decompression { die, decompressed });
            }
        }
        return Ok(());
    }
    if melee && state.turn.actor == plan.attacker {
        state.turn.melee_hit = Some(plan.target);
    }
    state.stunt_points_earned += u32::from(points);
    let pending = Pending {
        attacker: plan.attacker,
        target: plan.target,
        points,
        action: plan.action,
        weapon: plan.weapon,
        melee,
    };
    if points > 0 {
        state.pending = Some(pending);
    } else {
        // A pause to absorb has nothing more to do after it.
        deal_damage(state, &pending, 0, dice, events)?;
    }
    Ok(())
}

/// Rolls and applies the damage of a hit (AGE-13 … AGE-16). `true`: the target must answer
/// an offer to absorb first ([`harm`]).
fn deal_damage<D: Dice>(
    state: &mut State,
    hit: &Pending,
    extra_d6: u8,
    dice: &mut D,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let a = &state.combatants[hit.attacker];
    let (weapon, kind) = weapon_for(a, hit.melee)?;
    let w = weapon.map(|i| &a.weapons[i].weapon);
    let stunt_only = hit.action == AttackAction::Stunt;
    if stunt_only && extra_d6 == 0 {
        return Ok(false);
    }
    let ability = match kind.damage_ability(state.rules.light_melee_damage) {
        DamageAbility::Strength => a.abilities.strength,
        DamageAbility::StrengthOrDexterity => a.abilities.strength.max(a.abilities.dexterity),
        DamageAbility::Perception => a.abilities.perception,
        DamageAbility::None => 0,
    };
    let dice_spec = w
        .filter(|_| kind != AttackKind::Improvised)
        .and_then(|w| w.damage)
        .or_else(|| kind.damage_dice(a.striking_style))
        .unwrap_or(DamageDice { count: 1, sides: 6 });
    let heavy = i32::from(hit.action == AttackAction::Heavy);
    let spec = if stunt_only {
        DamageSpec {
            dice: DamageDice { count: 0, sides: 6 },
            bonus: 0,
            extra_d6,
        }
    } else {
        DamageSpec {
            dice: dice_spec,
            bonus: ability
                + heavy
                + w.filter(|_| kind != AttackKind::Improvised)
                    .map_or(0, |w| w.damage_bonus),
            extra_d6,
        }
    };
    let raw = roll_damage(dice, &spec)?;
    let soak = Soak {
        constitution: state.combatants[hit.target].abilities.constitution,
        armour: state.combatants[hit.target].armour.0,
        penetrating: w.is_some_and(|w| w.penetrating) && kind != AttackKind::Improvised,
        armour_piercing: w.is_some_and(|w| w.armour_piercing) && kind != AttackKind::Improvised,
    };
    Ok(harm(state, hit.target, raw, &soak, events))
}

/// Runs damage through the flow (AGE-15). When Fortune runs out and a condition may absorb
/// the rest, the target decides: the engine stops (`State::absorbing`, answered by
/// `Command::Absorb`) and returns `true`; the caller records what it still has to do.
fn harm(state: &mut State, target: usize, raw: i32, soak: &Soak, events: &mut Events) -> bool {
    let t = &mut state.combatants[target];
    let (outcome, left) = pay_damage(
        raw,
        soak,
        Vitals {
            fortune: t.fortune,
            injury: t.conditions.injury,
        },
    );
    t.fortune = outcome.after.fortune;
    match absorb_offer(&outcome, left, &state.rules.damage_flow) {
        Some(offer) => {
            state.absorbing = Some(Absorbing {
                target,
                offer,
                outcome,
                left,
                interrupt: false,
                then: After::Nothing,
            });
            true
        }
        None => {
            settle_damage(state, target, outcome, left, events);
            false
        }
    }
}

/// Answers an offer to absorb (AGE-15): takes the condition (rolling what it absorbs) and
/// goes on to the next offer, or declines; then records the damage and finishes the command
/// the damage interrupted.
fn resume_absorb<D: Dice>(
    state: &mut State,
    mut a: Absorbing,
    take: bool,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if take {
        let flow = state.rules.damage_flow;
        a.left = absorb(dice, &mut a.outcome, a.left, a.offer, &flow)?;
        if let Some(offer) = absorb_offer(&a.outcome, a.left, &flow) {
            a.offer = offer;
            state.absorbing = Some(a);
            return Ok(());
        }
    }
    settle_damage(state, a.target, a.outcome, a.left, events);
    match a.then {
        After::Nothing => {}
        After::Stunts { hit, stunts } => stunt_effects(state, &hit, &stunts, dice, events)?,
        After::Grenade {
            rest,
            shared,
            damage,
            penetrating,
            armour_piercing,
        } => grenade_damage(
            state,
            &rest,
            shared,
            &damage,
            (penetrating, armour_piercing),
            dice,
            events,
        )?,
    }
    // As the interrupted command would have ended.
    if a.interrupt {
        if !check_end(state, events) {
            maybe_end_turn(state, dice, events)?;
        }
    } else {
        maybe_end_turn(state, dice, events)?;
        check_end(state, events);
    }
    Ok(())
}

/// A grenade's damage to each creature caught, in order (AGE-19); stops at an offer to
/// absorb and records the rest.
fn grenade_damage<D: Dice>(
    state: &mut State,
    caught: &[usize],
    shared: Option<i32>,
    grenade: &DamageSpec,
    (penetrating, armour_piercing): (bool, bool),
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    for (k, &i) in caught.iter().enumerate() {
        let t = &state.combatants[i];
        let soak = Soak {
            constitution: t.abilities.constitution,
            armour: t.armour.0,
            penetrating,
            armour_piercing,
        };
        let raw = match shared {
            Some(raw) => raw,
            None => roll_damage(dice, grenade)?,
        };
        if harm(state, i, raw, &soak, events) {
            if let Some(a) = &mut state.absorbing {
                a.then = After::Grenade {
                    rest: caught[k + 1..].to_vec(),
                    shared,
                    damage: *grenade,
                    penetrating,
                    armour_piercing,
                };
            }
            return Ok(());
        }
    }
    Ok(())
}

/// Records where one hit's damage went: the event, the conditions taken, Taken Out.
fn settle_damage(
    state: &mut State,
    target: usize,
    mut outcome: DamageOutcome,
    left: i32,
    events: &mut Events,
) {
    outcome.taken_out = left > 0;
    let t = &mut state.combatants[target];
    events.emit(|| Event::Damage {
        target: t.name.clone(),
        outcome,
    });
    if outcome.injured_absorbed.is_some() {
        let reached = t.conditions.add(Condition::Injured);
        events.emit(|| Event::ConditionGained {
            name: t.name.clone(),
            condition: Condition::Injured,
            reached,
        });
    }
    if outcome.wounded_absorbed.is_some() {
        let reached = t.conditions.add(Condition::Wounded);
        events.emit(|| Event::ConditionGained {
            name: t.name.clone(),
            condition: Condition::Wounded,
            reached,
        });
    }
    if outcome.taken_out && !t.taken_out {
        t.taken_out = true;
        events.emit(|| Event::TakenOut {
            name: t.name.clone(),
        });
        let taken_out = state.rules.taken_out;
        let t = &mut state.combatants[target];
        match taken_out {
            TakenOut::Dying => {
                let reached = t.conditions.add(Condition::Dying);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Dying,
                    reached,
                });
                let reached = t.conditions.add(Condition::Unconscious);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Unconscious,
                    reached,
                });
            }
            TakenOut::Unconscious => {
                let reached = t.conditions.add(Condition::Unconscious);
                events.emit(|| Event::ConditionGained {
                    name: t.name.clone(),
                    condition: Condition::Unconscious,
                    reached,
                });
            }
            TakenOut::Dead => {
                t.dead = true;
                events.emit(|| Event::Died {
                    name: t.name.clone(),
                });
            }
        }
    }
}

/// The display name of a condition offered.
fn condition_name(c: Condition) -> &'static str {
    match c {
        Condition::Injured => "Injured",
        _ => "Wounded",
    }
}

fn move_to(state: &mut State, who: usize, to: i32, how: MoveKind, events: &mut Events) {
    let c = &mut state.combatants[who];
    let from = c.position;
    if from != to {
        c.position = to;
        events.emit(|| Event::Moved {
            name: c.name.clone(),
            from,
            to,
            how,
        });
    }
}

/// Speed after armour and conditions.
pub(crate) fn speed(state: &State, c: &Combatant) -> i32 {
    c.conditions
        .speed_crawling(c.base_speed, state.rules.crawl_divisor)
}

pub(crate) fn free_fall_check(state: &State, who: usize) -> Result<(), RuleError> {
    let c = &state.combatants[who];
    if state.free_fall && !c.free_fall_mobility {
        return Err(err(
            "AGE-31",
            format!("{} is in free fall without handholds, mag boots or a thruster pack; only a push is possible", c.name),
        ));
    }
    Ok(())
}

/// The target a Pursue would follow, if one is open (AGE-11).
pub(crate) fn pursue_target(state: &State) -> Option<usize> {
    let t = &state.turn;
    let target = t.melee_hit?;
    let c = &state.combatants[target];
    (!t.pursued
        && !c.taken_out
        && distance(state, t.actor, target) > state.rules.melee_reach
        && speed(state, &state.combatants[t.actor]) > 0)
        .then_some(target)
}

/// Where a move of at most `budget` metres toward `target` ends, stopping 1 m short.
pub(crate) fn approach(state: &State, who: usize, target: usize, budget: i32) -> i32 {
    let from = state.combatants[who].position;
    let to = state.combatants[target].position;
    let gap = (to - from).abs() - 1;
    let step = gap.clamp(0, budget.max(0));
    from + step * (to - from).signum()
}

/// Applies one command (validation first, then dice, then changes).
pub(crate) fn apply<D: Dice>(
    state: &mut State,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    if state.over {
        return Err(err("AGE-08", "the encounter is over"));
    }
    if let Some(a) = &state.absorbing {
        let Command::Absorb { actor, take } = command else {
            return Err(err(
                "AGE-15",
                format!(
                    "{} must first say whether to take {} to absorb damage (absorb)",
                    state.combatants[a.target].name,
                    condition_name(a.offer)
                ),
            ));
        };
        let a = a.clone();
        if find(state, actor)? != a.target {
            return Err(err(
                "AGE-15",
                format!(
                    "the choice to absorb damage is {}'s",
                    state.combatants[a.target].name
                ),
            ));
        }
        state.absorbing = None;
        resume_absorb(state, a, *take, dice, events)?;
        return Ok(());
    }
    if let Some(p) = &state.pending {
        let Command::SpendStunts { actor, stunts } = command else {
            return Err(err(
                "AGE-21",
                format!(
                    "{} must spend (or forgo) the stunt points of the last attack first",
                    state.combatants[p.attacker].name
                ),
            ));
        };
        let p = p.clone();
        spend_stunts(state, &p, actor, stunts, dice, events)?;
        maybe_end_turn(state, dice, events)?;
        check_end(state, events);
        return Ok(());
    }
    match command {
        Command::SpendStunts { .. } => {
            return Err(err("AGE-21", "there are no stunt points to spend: stunts follow a successful attack with doubles"));
        }
        Command::Absorb { .. } => {
            return Err(err(
                "AGE-15",
                "no damage is waiting to be absorbed: the offer follows damage past Fortune",
            ));
        }
        Command::Test {
            actor,
            ability,
            focus,
            modifier,
            tn,
            sense,
        } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            let limit = MAX_SETTING as i32;
            if modifier.unsigned_abs() > MAX_SETTING
                || tn.is_some_and(|t| t.unsigned_abs() > MAX_SETTING)
            {
                return Err(err(
                    "AGE-01",
                    format!("a test's modifier and TN must lie within ±{limit}"),
                ));
            }
            let auto_fail = match sense {
                crate::model::Sense::Sight => c.conditions.blinded,
                crate::model::Sense::Hearing => c.conditions.deafened,
                crate::model::Sense::None => false,
            };
            let armour = if *ability == Ability::Dexterity {
                c.armour.1
            } else {
                0
            };
            let spec = TestSpec {
                ability: c.abilities.get(*ability),
                focus: *focus,
                modifier: modifier + c.conditions.roll_penalty() - c.guarded + armour,
                tn: *tn,
                auto_fail,
            };
            let roll = test(dice, &spec)?;
            events.emit(|| Event::Test {
                name: c.name.clone(),
                ability: *ability,
                roll,
            });
            return Ok(());
        }
        Command::ApplyCondition { target, condition } => {
            let i = find(state, target)?;
            let c = &mut state.combatants[i];
            let reached = c.conditions.add(*condition);
            events.emit(|| Event::ConditionGained {
                name: c.name.clone(),
                condition: *condition,
                reached,
            });
            if !check_end(state, events) && state.turn.actor == i {
                maybe_end_turn(state, dice, events)?;
            }
            return Ok(());
        }
        Command::RemoveCondition { target, condition } => {
            let i = find(state, target)?;
            let c = &mut state.combatants[i];
            c.conditions.remove(*condition);
            events.emit(|| Event::ConditionRemoved {
                name: c.name.clone(),
                condition: *condition,
            });
            return Ok(());
        }
        Command::Interrupt { actor } => {
            let i = find(state, actor)?;
            let c = &state.combatants[i];
            if c.readied.is_none() {
                return Err(err("AGE-11", format!("{actor} holds no readied action")));
            }
            if state.turn.actor == i {
                return Err(err(
                    "AGE-11",
                    "a readied action interrupts another's turn, not your own",
                ));
            }
            if !standing(c) {
                return Err(err("AGE-28", format!("{actor} cannot act")));
            }
            let (plan, _) = attack_plan(state, command)?.expect("an interrupt plans an attack");
            state.combatants[i].readied = None;
            execute_attack(state, plan, dice, events)?;
            if let Some(a) = &mut state.absorbing {
                a.interrupt = true;
            }
            if !check_end(state, events) {
                maybe_end_turn(state, dice, events)?;
            }
            return Ok(());
        }
        _ => {}
    }
    let actor_name = actor_of(command);
    let me = actor_on_turn(state, actor_name)?;
    turn_command(state, me, command, dice, events)?;
    if state.turn.actor == me && !matches!(command, Command::Aim { .. }) && !is_attack(command) {
        // Aim only helps if the very next action is an attack.
        state.turn.aimed = false;
    }
    if !state.over {
        maybe_end_turn(state, dice, events)?;
    }
    check_end(state, events);
    Ok(())
}

fn is_attack(command: &Command) -> bool {
    matches!(
        command,
        Command::MeleeAttack { .. }
            | Command::RangedAttack { .. }
            | Command::HeavyAttack { .. }
            | Command::StuntAttack { .. }
            | Command::Charge { .. }
            | Command::ThrowGrenade { .. }
    )
}

fn actor_of(command: &Command) -> &str {
    match command {
        Command::MeleeAttack { actor, .. }
        | Command::RangedAttack { actor, .. }
        | Command::HeavyAttack { actor, .. }
        | Command::StuntAttack { actor, .. }
        | Command::Charge { actor, .. }
        | Command::ThrowGrenade { actor, .. }
        | Command::Defend { actor }
        | Command::Run { actor, .. }
        | Command::FirstAid { actor, .. }
        | Command::Activate { actor, .. }
        | Command::Aim { actor }
        | Command::GuardedStance { actor, .. }
        | Command::Move { actor, .. }
        | Command::Ready { actor, .. }
        | Command::Interrupt { actor }
        | Command::Pursue { actor }
        | Command::TakeUp { actor, .. }
        | Command::Reload { actor }
        | Command::StandFirm { actor }
        | Command::SpendStunts { actor, .. }
        | Command::Absorb { actor, .. }
        | Command::EndTurn { actor }
        | Command::Test { actor, .. } => actor,
        Command::ApplyCondition { target, .. } | Command::RemoveCondition { target, .. } => target,
    }
}

fn minor_event(state: &State, me: usize, action: &str, detail: String) -> Event {
    Event::Minor {
        name: state.combatants[me].name.clone(),
        action: action.to_owned(),
        detail,
    }
}

fn turn_command<D: Dice>(
    state: &mut State,
    me: usize,
    command: &Command,
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    match command {
        Command::MeleeAttack { .. }
        | Command::HeavyAttack { .. }
        | Command::RangedAttack { .. }
        | Command::StuntAttack { .. }
        | Command::Charge { .. } => {
            slot_check(&state.turn, Slot::Major)?;
            let (plan, charge_to) = attack_plan(state, command)?.expect("an attack command");
            use_slot(&mut state.turn, Slot::Major);
            if let Some(to) = charge_to {
                move_to(state, me, to, MoveKind::Charge, events);
            }
            execute_attack(state, plan, dice, events)
        }
        Command::ThrowGrenade {
            at,
            tn,
            deviate_long,
            ..
        } => {
            slot_check(&state.turn, Slot::Major)?;
            let c = &state.combatants[me];
            let Some(wi) = c
                .in_hand
                .filter(|&i| c.weapons[i].weapon.kind.is_explosive())
            else {
                return Err(err(
                    "AGE-19",
                    format!(
                        "{} must Take Up a grenade (or hold a grenade launcher) first",
                        c.name
                    ),
                ));
            };
            let launcher = c.weapons[wi].weapon.kind == AttackKind::GrenadeLauncher;
            if launcher && c.weapons[wi].jammed {
                return Err(err(
                    "AGE-18",
                    format!(
                        "{}'s {} is jammed or empty; reload first (a minor action)",
                        c.name, c.weapons[wi].weapon.name
                    ),
                ));
            }
            if c.weapons[wi].count == 0 {
                return Err(err(
                    "AGE-19",
                    format!("{} has no {} left", c.name, c.weapons[wi].weapon.name),
                ));
            }
            if c.conditions.blinded {
                return Err(err(
                    "AGE-30",
                    format!("{} is Blinded; a ranged attack needs sight", c.name),
                ));
            }
            check_position(*at)?;
            let base_tn = state.rules.grenade_tn;
            if tn.is_some_and(|t| t < base_tn) {
                return Err(err(
                    "AGE-19",
                    format!("the GM may raise the grenade TN above {base_tn}, not lower it"),
                ));
            }
            let w = &c.weapons[wi].weapon;
            let kind = w.kind;
            let band = weapon_range(c, Some(wi), kind).unwrap_or(RangeBand { normal: 0, max: 0 });
            range_modifier(band, c.position.abs_diff(*at))?;
            let high_capacity = w.high_capacity && !c.weapons[wi].high_capacity_used;
            let spec = GrenadeSpec {
                ability: c.abilities.accuracy,
                focus: has_focus(c, &w.focus),
                modifier: c.conditions.roll_penalty() - c.guarded + i32::from(state.turn.aimed),
                tn: tn.unwrap_or(base_tn),
                strength: c.abilities.strength,
                range: Some(band),
                from: c.position,
                at: *at,
                deviate_long: *deviate_long,
            };
            let dmg = w
                .damage
                .or(kind.damage_dice(false))
                .unwrap_or(DamageDice { count: 3, sides: 6 });
            let bonus = w.damage_bonus;
            let (ap, pen) = (w.armour_piercing, w.penetrating);
            use_slot(&mut state.turn, Slot::Major);
            state.turn.aimed = false;
            let result = throw_grenade(dice, &spec)?;
            let grenade = DamageSpec {
                dice: dmg,
                bonus,
                extra_d6: 0,
            };
            let per_target = state.rules.grenade_damage_per_target;
            let shared = if per_target {
                None
            } else {
                Some(roll_damage(dice, &grenade)?)
            };
            let c = &mut state.combatants[me];
            if launcher {
                let jam = !result.roll.success && result.roll.drama() == 6;
                if jam {
                    let w = &mut c.weapons[wi];
                    let capacity = if high_capacity {
                        w.high_capacity_used = true;
                        Capacity::Ignored
                    } else {
                        w.jammed = true;
                        Capacity::Jammed
                    };
                    events.emit(|| Event::Capacity {
                        name: c.name.clone(),
                        weapon: w.weapon.name.clone(),
                        result: capacity,
                    });
                }
            } else {
                c.weapons[wi].count -= 1;
                if c.weapons[wi].count == 0 {
                    c.in_hand = None;
                }
            }
            let caught: Vec<usize> = (0..state.combatants.len())
                .filter(|&i| {
                    let o = &state.combatants[i];
                    !o.dead && o.position.abs_diff(result.detonation) <= GRENADE_RADIUS
                })
                .collect();
            events.emit(|| Event::Grenade {
                thrower: state.combatants[me].name.clone(),
                result,
                damage: shared,
                caught: caught
                    .iter()
                    .map(|&i| state.combatants[i].name.clone())
                    .collect(),
            });
            grenade_damage(state, &caught, shared, &grenade, (pen, ap), dice, events)?;
            Ok(())
        }
        Command::Defend { .. } => {
            slot_check(&state.turn, Slot::Major)?;
            if state.turn.guarded {
                return Err(err(
                    "AGE-11",
                    "Guarded Stance was taken this turn; Defend is not allowed with it",
                ));
            }
            use_slot(&mut state.turn, Slot::Major);
            state.turn.defended = true;
            let c = &mut state.combatants[me];
            c.defend = 2;
            events.emit(|| Event::DefenseBonus {
                name: c.name.clone(),
                bonus: 2,
                ranged_only: false,
                source: "defend".to_owned(),
            });
            Ok(())
        }
        Command::Run { to, .. } => {
            let t = &state.turn;
            if t.major_used || t.minors_used > 0 {
                return Err(err(
                    "AGE-10",
                    "Run must be the whole turn: no other action before or after it",
                ));
            }
            slot_check(t, Slot::Major)?;
            let c = &state.combatants[me];
            if let Some((rule, why)) = c.conditions.run_forbidden_by() {
                return Err(err(rule, format!("{} is {why}: no Run", c.name)));
            }
            free_fall_check(state, me)?;
            check_position(*to)?;
            let max = 2 * speed(state, c);
            if c.position.abs_diff(*to) > max as u32 {
                return Err(err(
                    "AGE-10",
                    format!(
                        "Run covers up to double Speed, {max} m, not {} m",
                        c.position.abs_diff(*to)
                    ),
                ));
            }
            state.turn.ran = true;
            state.turn.major_used = true;
            move_to(state, me, *to, MoveKind::Run, events);
            Ok(())
        }
        Command::FirstAid { target, .. } => {
            slot_check(&state.turn, Slot::Major)?;
            let t = find(state, target)?;
            if state.combatants[t].conditions.injury != Injury::Dying || state.combatants[t].dead {
                return Err(err(
                    "AGE-26",
                    format!("first aid here is for the Dying; {target} is not Dying"),
                ));
            }
            if distance(state, me, t) > state.rules.melee_reach {
                return Err(err(
                    "AGE-26",
                    format!("{target} is out of reach for first aid"),
                ));
            }
            use_slot(&mut state.turn, Slot::Major);
            let c = &state.combatants[me];
            let spec = TestSpec {
                ability: c.abilities.intelligence,
                focus: c.foci.iter().any(|f| f == "Medicine"),
                modifier: c.conditions.roll_penalty() - c.guarded,
                tn: Some(state.rules.first_aid_tn),
                auto_fail: false,
            };
            let roll = test(dice, &spec)?;
            events.emit(|| Event::FirstAid {
                medic: c.name.clone(),
                target: target.clone(),
                roll,
            });
            if roll.success {
                let p = &mut state.combatants[t];
                p.conditions.remove(Condition::Dying);
                events.emit(|| Event::ConditionRemoved {
                    name: p.name.clone(),
                    condition: Condition::Dying,
                });
                for cond in [
                    Condition::Helpless,
                    Condition::Unconscious,
                    Condition::Wounded,
                ] {
                    let reached = p.conditions.add(cond);
                    events.emit(|| Event::ConditionGained {
                        name: p.name.clone(),
                        condition: cond,
                        reached,
                    });
                }
            }
            Ok(())
        }
        Command::Activate { what, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            events.emit(|| minor_event(state, me, "activate", what.clone()));
            Ok(())
        }
        Command::Aim { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            state.turn.aimed = true;
            events.emit(|| minor_event(state, me, "aim", String::new()));
            Ok(())
        }
        Command::GuardedStance { bonus, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            if !(1..=2).contains(bonus) {
                return Err(err(
                    "AGE-11",
                    format!("Guarded Stance gives +1 or +2, not {bonus}"),
                ));
            }
            if state.turn.major_used {
                return Err(err(
                    "AGE-11",
                    "Guarded Stance must be declared before the major action",
                ));
            }
            if state.turn.defended {
                return Err(err(
                    "AGE-11",
                    "Guarded Stance is not allowed in a turn with Defend",
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            state.turn.guarded = true;
            let c = &mut state.combatants[me];
            c.guarded = *bonus;
            events.emit(|| Event::DefenseBonus {
                name: c.name.clone(),
                bonus: *bonus,
                ranged_only: false,
                source: "guarded_stance".to_owned(),
            });
            Ok(())
        }
        Command::Move {
            to,
            stand_up,
            drop_prone,
            push,
            ..
        } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            check_position(*to)?;
            let dist = i64::from(c.position.abs_diff(*to));
            if *push {
                if !state.free_fall {
                    return Err(err("AGE-31", "a push is for free fall only"));
                }
            } else if dist > 0 {
                free_fall_check(state, me)?;
            }
            let prone = c.conditions.has(Condition::Prone);
            if *stand_up && !prone {
                return Err(err("AGE-27", format!("{} is not Prone", c.name)));
            }
            if *stand_up && c.conditions.unconscious {
                return Err(err("AGE-28", format!("{} is Unconscious", c.name)));
            }
            if *drop_prone && prone {
                return Err(err("AGE-27", format!("{} is already Prone", c.name)));
            }
            let budget = move_budget(state, c, *stand_up, *drop_prone);
            if dist > i64::from(budget) {
                return Err(err(
                    if prone { "AGE-27" } else { "AGE-11" },
                    format!(
                        "{} can move {budget} m with this Move, not {dist} m",
                        c.name
                    ),
                ));
            }
            use_slot(&mut state.turn, Slot::Minor);
            if *stand_up {
                state.combatants[me].conditions.prone = false;
                events.emit(|| Event::ConditionRemoved {
                    name: state.combatants[me].name.clone(),
                    condition: Condition::Prone,
                });
            }
            let from = state.combatants[me].position;
            move_to(
                state,
                me,
                *to,
                if *push {
                    MoveKind::Push
                } else {
                    MoveKind::Move
                },
                events,
            );
            if *push {
                state.combatants[me].drift = *to - from;
            }
            if *drop_prone {
                let c = &mut state.combatants[me];
                let reached = c.conditions.add(Condition::Prone);
                events.emit(|| Event::ConditionGained {
                    name: c.name.clone(),
                    condition: Condition::Prone,
                    reached,
                });
            }
            Ok(())
        }
        Command::Ready { target, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            slot_check(&state.turn, Slot::Major)?;
            let t = find(state, target)?;
            if state.combatants[t].side == state.combatants[me].side {
                return Err(err("AGE-12", format!("{target} is on the same side")));
            }
            use_slot(&mut state.turn, Slot::Minor);
            use_slot(&mut state.turn, Slot::Major);
            state.combatants[me].readied = Some(Readied { target: t });
            events.emit(|| minor_event(state, me, "ready", target.to_string()));
            Ok(())
        }
        Command::Pursue { .. } => {
            let Some(t) = pursue_target(state) else {
                return Err(err(
                    "AGE-11",
                    "Pursue needs a successful melee attack this turn on a target now out of reach",
                ));
            };
            free_fall_check(state, me)?;
            let to = approach(state, me, t, speed(state, &state.combatants[me]));
            state.turn.pursued = true;
            move_to(state, me, to, MoveKind::Pursue, events);
            Ok(())
        }
        Command::TakeUp { item, .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            let Some(wi) = c.weapons.iter().position(|w| &w.weapon.name == item) else {
                return Err(err("AGE-11", format!("{} carries no '{item}'", c.name)));
            };
            if c.weapons[wi].count == 0 {
                return Err(err("AGE-11", format!("{} has no {item} left", c.name)));
            }
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].in_hand = Some(wi);
            events.emit(|| minor_event(state, me, "take_up", item.clone()));
            Ok(())
        }
        Command::Reload { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            let c = &state.combatants[me];
            let Some(wi) = c.in_hand.filter(|&i| c.weapons[i].jammed) else {
                return Err(err(
                    "AGE-18",
                    format!("{}'s weapon in hand is not jammed or empty", c.name),
                ));
            };
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].weapons[wi].jammed = false;
            let name = state.combatants[me].weapons[wi].weapon.name.clone();
            events.emit(|| minor_event(state, me, "reload", name));
            Ok(())
        }
        Command::StandFirm { .. } => {
            slot_check(&state.turn, Slot::Minor)?;
            use_slot(&mut state.turn, Slot::Minor);
            state.combatants[me].stand_firm = true;
            events.emit(|| minor_event(state, me, "stand_firm", String::new()));
            Ok(())
        }
        Command::EndTurn { .. } => end_turn(state, dice, events),
        Command::SpendStunts { .. }
        | Command::Absorb { .. }
        | Command::Test { .. }
        | Command::ApplyCondition { .. }
        | Command::RemoveCondition { .. }
        | Command::Interrupt { .. } => Ok(()),
    }
}

/// A Stand Firm check against Skirmish or Knock Prone (AGE-11): the attacker's Strength
/// (Might) against the defender's better of Strength (Might) and Dexterity (Acrobatics).
/// Returns whether the stunt works (the attacker must win).
fn stand_firm_check<D: Dice>(
    state: &State,
    p: &Pending,
    stunt: &str,
    dice: &mut D,
    events: &mut Events,
) -> Result<bool, RuleError> {
    let t = &state.combatants[p.target];
    if !t.stand_firm {
        return Ok(true);
    }
    let a = &state.combatants[p.attacker];
    let spec = |c: &Combatant, ability: i32, focus: &str, extra: i32| TestSpec {
        ability,
        focus: c.foci.iter().any(|f| f == focus),
        modifier: c.conditions.roll_penalty() - c.guarded + extra,
        tn: None,
        auto_fail: false,
    };
    let attacker = spec(a, a.abilities.strength, "Might", 0);
    let by_str = spec(t, t.abilities.strength, "Might", 0);
    let by_dex = spec(t, t.abilities.dexterity, "Acrobatics", t.armour.1);
    let defender = if by_dex.bonus() > by_str.bonus() {
        by_dex
    } else {
        by_str
    };
    let result = opposed(dice, &attacker, &defender)?;
    let works =
        result.winner == Some(0) || (result.winner.is_none() && !state.rules.stand_firm_tie_holds);
    events.emit(|| Event::StandFirm {
        stunt: stunt.into(),
        result,
        held: !works,
    });
    Ok(works)
}

fn spend_stunts<D: Dice>(
    state: &mut State,
    p: &Pending,
    actor: &str,
    stunts: &[StuntChoice],
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let me = find(state, actor)?;
    if me != p.attacker {
        return Err(err(
            "AGE-21",
            format!(
                "the stunt points belong to {}",
                state.combatants[p.attacker].name
            ),
        ));
    }
    let automatic = p
        .weapon
        .is_some_and(|w| state.combatants[me].weapons[w].weapon.automatic)
        && !p.melee;
    let spent = state.rules.stunts.validate(stunts, p.points, automatic)?;
    if p.action == AttackAction::Stunt && spent == 0 {
        return Err(err(
            "AGE-10",
            "a Stunt Attack must spend at least 1 SP on stunts",
        ));
    }
    let mut extra_d6 = 0u8;
    for choice in stunts {
        let def = state.rules.stunts.get(&choice.stunt).expect("validated");
        match def.effect {
            StuntEffect::LightningAttack => {
                let t = match &choice.target {
                    Some(name) => Some(find(state, name)?),
                    None => None,
                };
                if t.is_some_and(|t| state.combatants[t].side == state.combatants[me].side) {
                    return Err(err("AGE-21", "a Lightning Attack targets an opponent"));
                }
            }
            StuntEffect::ExtraDamage { d6 } if choice.target.is_none() => {
                extra_d6 = extra_d6.saturating_add(d6)
            }
            _ if choice.target.is_some() => {
                return Err(err("AGE-21", format!("'{}' takes no target", choice.stunt)));
            }
            _ => {}
        }
    }
    state.pending = None;
    events.emit(|| Event::StuntsSpent {
        attacker: state.combatants[me].name.clone(),
        stunts: stunts.to_vec(),
        spent,
        earned: p.points,
    });
    if deal_damage(state, p, extra_d6, dice, events)? {
        if let Some(a) = &mut state.absorbing {
            a.then = After::Stunts {
                hit: p.clone(),
                stunts: stunts.to_vec(),
            };
        }
        return Ok(());
    }
    stunt_effects(state, p, stunts, dice, events)
}

/// The Lightning Attack bought, if any (the last one counts): `Some(None)` strikes the same
/// target or the nearest, `Some(Some(t))` the one named (checked by `spend_stunts`).
fn lightning_choice(state: &State, stunts: &[StuntChoice]) -> Option<Option<usize>> {
    let mut out = None;
    for c in stunts {
        let def = state.rules.stunts.get(&c.stunt);
        if def.is_some_and(|d| d.effect == StuntEffect::LightningAttack) {
            out = Some(
                c.target
                    .as_ref()
                    .and_then(|n| state.combatants.iter().position(|x| *x.name == **n)),
            );
        }
    }
    out
}

/// What the stunts bought with a hit do once its damage is dealt (AGE-11, AGE-21).
fn stunt_effects<D: Dice>(
    state: &mut State,
    p: &Pending,
    stunts: &[StuntChoice],
    dice: &mut D,
    events: &mut Events,
) -> Result<(), RuleError> {
    let me = p.attacker;
    let lightning_target = lightning_choice(state, stunts);
    for choice in stunts {
        // The row's name is the choice's (rows are found by name): only the effect is copied.
        let effect = state
            .rules
            .stunts
            .get(&choice.stunt)
            .expect("validated")
            .effect;
        let name = &*choice.stunt;
        let sp = i32::from(choice.points);
        match effect {
            StuntEffect::Skirmish => {
                if !state.combatants[p.target].taken_out
                    && stand_firm_check(state, p, name, dice, events)?
                {
                    let (a, t) = (
                        state.combatants[me].position,
                        state.combatants[p.target].position,
                    );
                    let dir = if t >= a { 1 } else { -1 };
                    let mut to = t + dir * 2 * sp;
                    if let Some([lo, hi]) = state.corridor {
                        to = to.clamp(lo, hi);
                    }
                    move_to(state, p.target, to, MoveKind::Skirmish, events);
                }
            }
            StuntEffect::KnockProne => {
                let t = &state.combatants[p.target];
                if !t.taken_out
                    && !t.conditions.prone
                    && stand_firm_check(state, p, name, dice, events)?
                {
                    let t = &mut state.combatants[p.target];
                    let reached = t.conditions.add(Condition::Prone);
                    events.emit(|| Event::ConditionGained {
                        name: t.name.clone(),
                        condition: Condition::Prone,
                        reached,
                    });
                }
            }
            StuntEffect::DuckAndWeave | StuntEffect::TakeCover => {
                let c = &mut state.combatants[me];
                let ranged_only = effect == StuntEffect::TakeCover;
                if ranged_only {
                    c.cover = sp;
                } else {
                    c.weave = sp;
                }
                events.emit(|| Event::DefenseBonus {
                    name: c.name.clone(),
                    bonus: sp,
                    ranged_only,
                    source: name.to_owned(),
                });
            }
            StuntEffect::Momentum => {
                let c = &mut state.combatants[me];
                c.initiative += 3 * sp;
                events.emit(|| Event::Momentum {
                    name: c.name.clone(),
                    initiative: c.initiative,
                });
            }
            StuntEffect::LightningAttack | StuntEffect::ExtraDamage { .. } => {}
        }
    }
    if let Some(chosen) = lightning_target {
        // Unnamed: the same target if it is still up, else the nearest opponent in reach.
        let mut candidates: Vec<usize> = match chosen {
            Some(t) => vec![t],
            None if !state.combatants[p.target].taken_out => vec![p.target],
            None => (0..state.combatants.len()).collect(),
        };
        let here = state.combatants[me].position;
        candidates.sort_by_key(|&i| (state.combatants[i].position.abs_diff(here), i));
        let plan = candidates.into_iter().find_map(|t| {
            plan_attack(state, me, t, AttackAction::Lightning, p.melee, 0, None).ok()
        });
        match plan {
            Some(plan) if standing(&state.combatants[me]) => {
                execute_attack(state, plan, dice, events)?
            }
            _ => events.emit(|| Event::LightningLost {
                attacker: state.combatants[me].name.clone(),
            }),
        }
    }
    Ok(())
}
