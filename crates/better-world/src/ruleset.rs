//! The `Ruleset`, `AutoPlay` and `Catalog` implementations: default tactic, outcome, odds
//! tables, the demo and readable log lines.

use fray_dice::{
    AutoPlay, Catalog, Dice, Ending, EventLog, OddsTable, RuleError, Ruleset, TrialOutcome,
};
use serde::{Deserialize, Serialize};

use crate::check::{check_odds, damage_odds, AttackSpec, CheckSpec, Restraint, TieRule};
use crate::engine::{
    self, first_strikers, members, Action, Command, Defence, Event, Phase, Set, SkipReason, Spray,
    State, Status, Strike, Turn,
};
use crate::health::{HealthTrack, Shock};
use crate::initiative::InitiativeModifier;
use crate::setup::{Armour, Burst, Character, Settings, Setup, Style, Weapon, MAX_CHARACTERS};
use crate::tables::{Aspect, Cover, CoverTable, Distance, DistanceTable, WeaponKind};

/// The Better World ruleset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BetterWorld;

impl Ruleset for BetterWorld {
    const ID: &'static str = "better-world";
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
        engine::start(setup, dice, events)
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        engine::apply(state, command, dice, events)
    }
}

fn strike(actor: usize, target: usize) -> Strike {
    Strike {
        actor,
        target,
        ..Strike::default()
    }
}

/// What the default tactic does next, by index: [`AutoPlay::next_command`] turns it into a
/// command, [`AutoPlay::play_next`] acts on it directly (no command built, no list of
/// targets allocated).
#[derive(Clone, Copy, Debug)]
enum Decision {
    /// A single-target attack: Attack, Quick Strike, Quick Shot or Short Burst.
    Strike(Action, usize, usize),
    /// A Long Burst at the enemies of this cone (see [`cone`]).
    LongBurst(usize, Set),
    Grapple(usize, usize),
    BreakFree(usize),
    LetGo(usize),
    Reaction(usize),
    Reload(usize),
    PickUp(usize),
    Move {
        actor: usize,
        to: i32,
        sprint: bool,
        engage: Option<usize>,
    },
    Pass(usize),
    EndTurn(usize),
    /// Newcomers join.
    Join(Set),
    NextRound,
}

impl Decision {
    /// The command that makes this move.
    fn command(self, state: &State) -> Command {
        match self {
            Decision::Strike(action, a, t) => {
                let s = strike(a, t);
                match action {
                    Action::QuickStrike => Command::QuickStrike(s),
                    Action::QuickShot => Command::QuickShot(s),
                    Action::ShortBurst => Command::ShortBurst(s),
                    _ => Command::Attack(s),
                }
            }
            Decision::LongBurst(actor, cone) => {
                let mut buf = [0; MAX_CHARACTERS];
                Command::LongBurst(Spray {
                    actor,
                    targets: aim(state, actor, cone, &mut buf).to_vec(),
                    ..Spray::default()
                })
            }
            Decision::Grapple(actor, target) => Command::Grapple { actor, target },
            Decision::BreakFree(actor) => Command::BreakFree { actor },
            Decision::LetGo(actor) => Command::LetGo { actor },
            Decision::Reaction(actor) => Command::Reaction { actor },
            Decision::Reload(actor) => Command::Reload { actor },
            Decision::PickUp(actor) => Command::PickUp {
                actor,
                weapon: None,
            },
            Decision::Move {
                actor,
                to,
                sprint,
                engage,
            } => Command::Move {
                actor,
                to,
                sprint,
                engage,
                sector: None,
            },
            Decision::Pass(actor) => Command::Pass { actor },
            Decision::EndTurn(actor) => Command::EndTurn { actor },
            Decision::Join(set) => Command::Join {
                actors: members(set).collect(),
            },
            Decision::NextRound => Command::NextRound,
        }
    }
}

/// Standing enemies of `a`, in index order.
fn foes(state: &State, a: usize) -> impl Iterator<Item = usize> + '_ {
    let side = state.fighters[a].character.side;
    (0..state.fighters.len())
        .filter(move |&i| state.fighters[i].character.side != side && state.standing(i))
}

/// Nearness to `a`, ties by index: the tactic's order of preference among enemies.
fn nearness(state: &State, a: usize, i: usize) -> (u32, usize) {
    let pos = state.fighters[a].character.position;
    (state.fighters[i].character.position.abs_diff(pos), i)
}

/// The nearest standing enemy of `a` that passes `keep` (ties by index): one pass, no
/// allocation, since the tactic asks on nearly every decision.
fn nearest_foe(state: &State, a: usize, keep: impl Fn(usize) -> bool) -> Option<usize> {
    let me = &state.fighters[a].character;
    let mut best: Option<(u32, usize)> = None;
    for (i, f) in state.fighters.iter().enumerate() {
        if f.character.side != me.side && f.status == Status::Active && f.hits >= 1 && keep(i) {
            let d = f.character.position.abs_diff(me.position);
            if best.map_or(true, |(nearest, _)| d < nearest) {
                best = Some((d, i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// The enemies a Long Burst from `a` towards `t` may hit: standing, in that direction, at
/// range and not in melee with `a`.
fn cone(state: &State, a: usize, t: usize) -> Set {
    let pos = state.fighters[a].character.position;
    let dir = (state.fighters[t].character.position - pos).signum();
    let reach = state.settings.distances.melee_below;
    foes(state, a)
        .filter(|&o| {
            let p = state.fighters[o].character.position;
            (p - pos).signum() == dir && p.abs_diff(pos) >= reach && !state.engaged(a, o)
        })
        .fold(0, |set, o| set | 1 << o)
}

/// How many targets a Long Burst at `cone` takes: at most `long_burst_max_targets`.
fn cone_size(state: &State, cone: Set) -> usize {
    (cone.count_ones() as usize).min(state.settings.long_burst_max_targets as usize)
}

/// The targets of a Long Burst from `a` at `cone`: nearest first (ties by index), at most
/// `long_burst_max_targets`, written into `buf`.
fn aim<'b>(
    state: &State,
    a: usize,
    cone: Set,
    buf: &'b mut [usize; MAX_CHARACTERS],
) -> &'b [usize] {
    let mut n = 0;
    for o in members(cone) {
        buf[n] = o;
        n += 1;
    }
    // Keys are unique (ties go by index), so an unstable sort gives the one order.
    buf[..n].sort_unstable_by_key(|&o| nearness(state, a, o));
    &buf[..cone_size(state, cone)]
}

/// The default tactic's attack or approach for `a` with the budget `turn`.
fn choose(state: &State, a: usize, turn: &Turn) -> Decision {
    let s = &state.settings;
    let f = &state.fighters[a];
    let end = Decision::EndTurn(a);
    if f.held_by.is_some() {
        return if !turn.main && f.hits >= 1 {
            Decision::BreakFree(a)
        } else {
            end
        };
    }
    if f.hits < 1 {
        return if turn.minor < s.max_minor {
            Decision::LetGo(a)
        } else {
            end
        };
    }
    // With the Main and the Additional action spent every option below is to end the turn.
    if f.withdrawing.is_some() || (turn.main && turn.additional) {
        return end;
    }
    // A knocked-away weapon within reach comes back to hand first (BW-27).
    if f.wielded.is_none() && !turn.additional && engine::weapon_within_reach(state, a) {
        return Decision::PickUp(a);
    }
    // The lowest-numbered standing enemy in melee (the one held, when holding someone).
    let engaged = state
        .partners(a)
        .filter(|&o| {
            state.fighters[o].character.side != f.character.side
                && state.standing(o)
                && f.holding.map_or(true, |h| o == h)
        })
        .min();
    if let Some(t) = engaged {
        let full_free = !turn.main && !turn.additional;
        if f.character.style == Style::Grappler
            && f.holding.is_none()
            && full_free
            && state.fighters[t].held_by.is_none()
        {
            return Decision::Grapple(a, t);
        }
        if !turn.main {
            return Decision::Strike(Action::Attack, a, t);
        }
        if !turn.additional {
            return Decision::Strike(Action::QuickStrike, a, t);
        }
        return end;
    }
    let Some(t) = nearest_foe(state, a, |_| true) else {
        return end;
    };
    let pos = f.character.position;
    let reach = s.distances.melee_below;
    let dist = |i: usize| state.fighters[i].character.position.abs_diff(pos);
    let shooting = match f.wielded.map(|w| &f.character.weapons[w]) {
        Some(w)
            if w.kind.is_ranged()
                && dist(t) >= reach
                && (w.ammo.unwrap_or(u32::MAX) > 0 || w.spare_magazines > 0) =>
        {
            Some(w)
        }
        _ => None,
    };
    if let Some(weapon) = shooting {
        let ammo = weapon.ammo.unwrap_or(u32::MAX);
        // Step into better cover first when the scene has some within a Move (BW-35).
        if !turn.additional && state.phase == Phase::Round && state.partners(a).next().is_none() {
            if let Some(to) = engine::cover_spot(state, a) {
                return Decision::Move {
                    actor: a,
                    to,
                    sprint: false,
                    engage: None,
                };
            }
        }
        if ammo == 0 {
            return if !turn.additional && weapon.spare_magazines > 0 {
                Decision::Reload(a)
            } else {
                end
            };
        }
        if !turn.main {
            if let Some(b) = weapon.long_burst {
                if ammo >= b.rounds && !turn.additional {
                    let cone = cone(state, a, t);
                    if cone_size(state, cone) >= 2 {
                        return Decision::LongBurst(a, cone);
                    }
                }
            }
            if let Some(b) = weapon.short_burst {
                if ammo >= b.rounds {
                    return Decision::Strike(Action::ShortBurst, a, t);
                }
            }
            return Decision::Strike(Action::Attack, a, t);
        }
        if !turn.additional {
            // Reaction needs cover and is lost in melee (BW-37): engaged with a Dying
            // enemy who stays conscious, there is none to take.
            if f.character.cover != Cover::None && !f.reaction && state.partners(a).next().is_none()
            {
                return Decision::Reaction(a);
            }
            if !turn.burst && state.phase == Phase::Round {
                return Decision::Strike(Action::QuickShot, a, t);
            }
        }
        return end;
    }
    // Close in: the nearest enemy with a free place around it.
    let cap = s.melee_cap as usize;
    let room = |o: usize| {
        let side = state.fighters[o].character.side;
        state.count_engaged(o, |x| state.fighters[x].character.side != side) < cap
            && state.count_engaged(o, |_| true) < cap
    };
    // No free sector around itself (BW-24: e.g. held up by a Dying enemy who stays
    // conscious, in cramped space): it waits.
    if state.count_engaged(a, |_| true) >= cap {
        return end;
    }
    // The nearest enemy overall is the nearest with room when it has room (same ties):
    // one scan instead of two on most turns of a big fight.
    let t = if room(t) {
        t
    } else {
        let Some(t) = nearest_foe(state, a, room) else {
            return end;
        };
        t
    };
    let p = state.fighters[t].character.position;
    let dir = (p - pos).signum();
    let dest = p - dir * (reach as i32 - 1).max(0);
    let need = dest.abs_diff(pos);
    let engage = Some(t);
    if need <= s.move_metres && !turn.additional {
        return Decision::Move {
            actor: a,
            to: dest,
            sprint: false,
            engage,
        };
    }
    let full_free = !turn.main && !turn.additional;
    if need <= s.sprint_metres && full_free {
        return Decision::Move {
            actor: a,
            to: dest,
            sprint: true,
            engage,
        };
    }
    // A setting of 0 m moves nobody: no point in moving.
    if full_free && s.sprint_metres > 0 {
        return Decision::Move {
            actor: a,
            to: pos + dir * s.sprint_metres as i32,
            sprint: true,
            engage: None,
        };
    }
    if !turn.additional && s.move_metres > 0 {
        return Decision::Move {
            actor: a,
            to: pos + dir * s.move_metres as i32,
            sprint: false,
            engage: None,
        };
    }
    end
}

/// The default tactic's next move, `None` once the encounter is over.
#[inline(always)]
fn decide(state: &State) -> Option<Decision> {
    match state.phase {
        Phase::Over => None,
        Phase::FirstStrike => {
            let a = first_strikers(state).next()?;
            let fresh = Turn {
                slot: 0,
                actor: a,
                main: false,
                additional: false,
                minor: 0,
                burst: false,
                direction: 0,
            };
            Some(match choose(state, a, &fresh) {
                d @ (Decision::Strike(Action::Attack | Action::ShortBurst, ..)
                | Decision::LongBurst(..)) => d,
                _ => Decision::Pass(a),
            })
        }
        Phase::BetweenRounds => {
            let next = state.round + 1;
            let joins = |i: &usize| {
                let f = &state.fighters[*i];
                f.status == Status::Reserve && f.character.joins_round.is_some_and(|r| r <= next)
            };
            let joining: Set = (0..state.fighters.len())
                .filter(joins)
                .fold(0, |set, i| set | 1 << i);
            Some(if joining == 0 {
                Decision::NextRound
            } else {
                Decision::Join(joining)
            })
        }
        Phase::Round => {
            let turn = state.turn.as_ref()?;
            Some(choose(state, turn.actor, turn))
        }
    }
}

/// Plays `decision` through the rule path of its command (the same checks in the same
/// order), without building the command. No decision is made once the encounter is over,
/// so `apply`'s first check (the encounter is over) holds here.
fn act<D: Dice>(
    state: &mut State,
    decision: Decision,
    dice: &mut D,
    events: &mut EventLog<Event>,
) -> Result<(), RuleError> {
    match decision {
        Decision::Strike(action, a, t) => {
            engine::do_strike(state, dice, &strike(a, t), action, events)
        }
        Decision::LongBurst(actor, cone) => {
            let mut buf = [0; MAX_CHARACTERS];
            let targets = aim(state, actor, cone, &mut buf);
            let spray = Spray {
                actor,
                ..Spray::default()
            };
            engine::do_long_burst(state, dice, &spray, targets, events)
        }
        Decision::Reaction(a) => engine::defend(state, dice, a, Defence::Reaction, events),
        Decision::Reload(a) => engine::reload(state, dice, a, events),
        Decision::Move {
            actor,
            to,
            sprint,
            engage,
        } => engine::do_move(state, dice, actor, (to, sprint), (engage, None), events),
        Decision::EndTurn(a) => engine::end_turn(state, a, events),
        Decision::NextRound => engine::next_round(state, events),
        // Once or twice a fight: through the command.
        _ => engine::apply(state, &decision.command(state), dice, events),
    }
}

impl AutoPlay for BetterWorld {
    const SIDES: &'static [&'static str] = &["attackers", "defenders"];
    const METRIC: &'static str = "wounds dealt";

    fn next_command(state: &State) -> Option<Command> {
        decide(state).map(|d| d.command(state))
    }

    fn play_next<D: Dice>(
        state: &mut State,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<bool, RuleError> {
        let Some(decision) = decide(state) else {
            return Ok(false);
        };
        act(state, decision, dice, events).map_err(|e| refused(state, decision, e))?;
        Ok(true)
    }

    fn outcome(state: &State) -> TrialOutcome {
        let mut health = [0i64; 2];
        for f in &state.fighters {
            if f.status != Status::Dead {
                health[usize::from(f.character.side.min(1))] += i64::from(f.hits.max(0));
            }
        }
        let stopped = matches!(state.phase, Phase::Over)
            && state.winner.is_none()
            && state.round >= state.settings.max_rounds;
        TrialOutcome {
            winner: state.winner,
            end: if stopped {
                Ending::RoundLimit
            } else {
                Ending::Finished
            },
            rounds: state.round,
            health,
            metric: i64::try_from(state.wounds_dealt).unwrap_or(i64::MAX),
        }
    }
}

/// A refusal of the tactic's move, naming its command as the default `play_next` does.
#[cold]
fn refused(state: &State, decision: Decision, e: RuleError) -> RuleError {
    let command = decision.command(state);
    RuleError::new(e.rule, format!("{command:?}: {}", e.message))
}

/// The odds query of `fray odds better-world key=value …`; every key has a default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OddsSpec {
    /// Actor's pool K (default 3).
    pub pool: u32,
    /// Difficulty K (default 3); ignored when `distance` is given.
    pub difficulty: u32,
    /// Ranged: the distance level; the difficulty then comes from the distance table.
    pub distance: Option<Distance>,
    /// Ranged: the weapon's comfortable range (default near).
    pub comfortable: Distance,
    /// Ranged: the target's cover (default none).
    pub cover: Cover,
    /// Extra difficulty K added on top (wounds, special actions, situation).
    pub extra: u32,
    /// Tie rule.
    pub tie: TieRule,
    /// The attack succeeds whatever the dice (held target).
    pub automatic: bool,
    /// Weapon effectiveness.
    pub weapon: u32,
    /// Armour effectiveness.
    pub armour: u32,
    /// Restraint: deal this much less (0 = none).
    pub restraint: u32,
    /// Also tabulate the dice method's odds for this many characters on one level (BW-07a).
    pub characters: Option<u32>,
}

impl Default for OddsSpec {
    fn default() -> Self {
        OddsSpec {
            pool: 3,
            difficulty: 3,
            distance: None,
            comfortable: Distance::Near,
            cover: Cover::None,
            extra: 0,
            tie: TieRule::ActorWins,
            automatic: false,
            weapon: 0,
            armour: 0,
            restraint: 0,
            characters: None,
        }
    }
}

impl OddsSpec {
    /// The attack this spec describes, with the difficulty from the default tables when a
    /// distance is given.
    pub fn attack_spec(&self) -> AttackSpec {
        let difficulty = match self.distance {
            Some(d) => crate::tables::ranged_difficulty(
                &DistanceTable::default(),
                &CoverTable::default(),
                d,
                self.comfortable,
                self.cover,
                self.extra,
            ),
            None => self.difficulty + self.extra,
        };
        AttackSpec {
            check: CheckSpec {
                pool: self.pool,
                difficulty,
                tie: self.tie,
                automatic: self.automatic,
            },
            weapon: self.weapon,
            armour: self.armour,
            restraint: if self.restraint == 0 {
                Restraint::Off
            } else {
                Restraint::Reduce { by: self.restraint }
            },
        }
    }
}

/// Exact odds tables for a spec: the check (success, bonus units, deficits) and the damage.
pub fn odds_tables(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
    let attack = spec.attack_spec();
    let c = attack.check;
    let odds = check_odds(&c)?;
    let mut check = OddsTable::new(format!(
        "check: {}K against {}K{}",
        c.pool,
        c.difficulty,
        if c.automatic {
            " (automatic success)"
        } else {
            ""
        }
    ))
    .row("success", odds.success);
    for (b, &p) in odds.bonus.iter().enumerate() {
        check = check.row(format!("success, {b} bonus"), p);
    }
    for (d, &p) in odds
        .deficit
        .iter()
        .enumerate()
        .filter(|(_, p)| p.numerator > 0)
    {
        check = check.row(format!("failure, deficit {d}"), p);
    }
    let dmg = damage_odds(&attack)?;
    let track = HealthTrack::default();
    let mut table = OddsTable::new(format!(
        "effective damage: weapon {}, armour {}{}",
        attack.weapon,
        attack.armour,
        if spec.restraint > 0 {
            format!(", restraint −{}", spec.restraint)
        } else {
            String::new()
        }
    ))
    .row("miss", dmg.miss);
    for (k, &p) in dmg
        .damage
        .iter()
        .enumerate()
        .filter(|(_, p)| p.numerator > 0)
    {
        let note = match track.shock(k as u32) {
            Shock::None => "",
            Shock::PainShock => " (Pain Shock)",
            Shock::Concussion => " (Concussion)",
        };
        table = table.row(format!("{k} damage{note}"), p);
    }
    let mut tables = vec![check, table];
    if let Some(n) = spec.characters {
        let odds = crate::initiative::dice_position_odds(n as usize)?;
        let mut t = OddsTable::new(format!(
            "dice method: {n} characters on one level, placed #i acts #j"
        ));
        for (i, row) in odds.iter().enumerate() {
            for (j, &p) in row.iter().enumerate() {
                t = t.row(format!("placed #{} acts #{}", i + 1, j + 1), p);
            }
        }
        tables.push(t);
    }
    Ok(tables)
}

fn character(name: &str, side: u8, position: i32, aspects: &[(Aspect, u32)]) -> Character {
    Character {
        name: name.into(),
        side,
        position,
        aspects: aspects.iter().copied().collect(),
        ..Character::default()
    }
}

fn pistol() -> Weapon {
    Weapon {
        name: "Norinco pistol".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        comfortable: Distance::Near,
        ammo: Some(8),
        magazine: 8,
        spare_magazines: 1,
        ..Weapon::default()
    }
}

/// The demo: an ambush in a car park. Two shooters, in light and normal cover, open with
/// First Strikes on three guards; a fourth guard runs out of the booth in round 2.
pub fn demo_setup() -> Setup {
    use Aspect::*;
    let mut viper = character(
        "Viper",
        0,
        0,
        &[
            (Reflexes, 3),
            (Perception, 3),
            (Training, 2),
            (Constitution, 2),
            (MuscleMemory, 2),
        ],
    );
    viper.weapons = vec![Weapon {
        name: "Kedr SMG".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        comfortable: Distance::Near,
        ammo: Some(20),
        magazine: 20,
        spare_magazines: 1,
        short_burst: Some(Burst {
            rounds: 3,
            bonus: 1,
        }),
        long_burst: Some(Burst {
            rounds: 10,
            bonus: 2,
        }),
        ..Weapon::default()
    }];
    viper.cover = Cover::Normal;
    viper.first_strike = true;
    viper.initiative = InitiativeModifier::Ambush;
    viper.armour = Armour {
        effectiveness: 1,
        defence_bonus: 0,
    };
    let mut lynx = character(
        "Lynx",
        0,
        3,
        &[
            (Reflexes, 3),
            (Perception, 3),
            (Training, 2),
            (Coordination, 2),
            (Constitution, 1),
        ],
    );
    lynx.weapons = vec![pistol()];
    lynx.cover = Cover::Light;
    lynx.first_strike = true;
    lynx.surprise = true;
    lynx.initiative = InitiativeModifier::Ambush;
    let guard = |name: &str, pos: i32| {
        let mut g = character(
            name,
            1,
            pos,
            &[
                (Reflexes, 2),
                (Perception, 2),
                (Training, 2),
                (Constitution, 2),
                (MuscleMemory, 1),
            ],
        );
        g.weapons = vec![pistol()];
        g.armour = Armour {
            effectiveness: 1,
            defence_bonus: 0,
        };
        g
    };
    let mut bear = character(
        "Bear",
        1,
        14,
        &[
            (Reflexes, 2),
            (Training, 3),
            (Constitution, 3),
            (MuscleMemory, 3),
        ],
    );
    bear.weapons = vec![Weapon {
        name: "baton".into(),
        kind: WeaponKind::Heavy,
        effectiveness: 1,
        ..Weapon::default()
    }];
    bear.style = Style::Grappler;
    bear.armour = Armour {
        effectiveness: 1,
        defence_bonus: 0,
    };
    let mut gate = guard("Gatekeeper", 16);
    gate.cover = Cover::Light;
    let mut late = guard("Booth guard", 24);
    late.joins_round = Some(2);
    late.initiative = InitiativeModifier::Initiates;
    Setup {
        settings: Settings::default(),
        characters: vec![viper, lynx, guard("Guard Sasha", 8), bear, gate, late],
    }
}

/// Display names for the log (issue 18: no Debug output in readable lines).
fn aspect_name(a: Aspect) -> &'static str {
    match a {
        Aspect::Reflexes => "Reflexes",
        Aspect::Training => "Training",
        Aspect::Constitution => "Constitution",
        Aspect::Coordination => "Coordination",
        Aspect::SleightOfHand => "Sleight of Hand",
        Aspect::Perception => "Perception",
        Aspect::Concentration => "Concentration",
        Aspect::MuscleMemory => "Muscle Memory",
    }
}

fn health_name(h: crate::health::HealthState) -> &'static str {
    use crate::health::HealthState::*;
    match h {
        Healthy => "Healthy",
        LightlyWounded => "Lightly Wounded",
        Wounded => "Wounded",
        BadlyWounded => "Badly Wounded",
        Dying => "Dying",
        Dead => "Dead",
    }
}

fn distance_name(d: Distance) -> &'static str {
    match d {
        Distance::Near => "Near",
        Distance::Medium => "Medium",
        Distance::Far => "Far",
        Distance::Extreme => "Extreme",
    }
}

fn name(w: &engine::Who) -> &str {
    &w.name
}

fn list(v: &[engine::Who]) -> String {
    v.iter().map(name).collect::<Vec<_>>().join(", ")
}

/// One readable line for an event.
pub fn describe(event: &Event) -> String {
    match event {
        Event::Started {
            characters,
            first_strikers,
        } => {
            let mut s = format!("The fight begins: {}.", list(characters));
            if !first_strikers.is_empty() {
                s.push_str(&format!(" First Strike for {}.", list(first_strikers)));
            }
            s
        }
        Event::InitiativeRolled {
            actor,
            stat,
            modifier_k,
            ones,
            level,
        } => format!(
            "{} rolls initiative: {stat} + {ones} (of {modifier_k}K) = level {level}.",
            name(actor)
        ),
        Event::Placed {
            actor,
            level,
            k,
            ones,
        } => format!(
            "{} is placed on level {level}: {ones} of {k}K, so {ones} place(s) from the end.",
            name(actor)
        ),
        Event::Shuffled { level, order } => {
            format!("Level {level} is shuffled: {}.", list(order))
        }
        Event::OrderSet { order } => format!("Turn order: {}.", list(order)),
        Event::Joined { actors, method } => {
            format!(
                "{} join(s) the fight ({} method).",
                list(actors),
                match method {
                    crate::initiative::OrderMethod::Dice => "dice",
                    crate::initiative::OrderMethod::Cards => "card",
                }
            )
        }
        Event::RoundStarted { round } => format!("— Round {round} —"),
        Event::RoundEnded { round } => format!("Round {round} ends."),
        Event::TurnStarted { actor } => format!("{}'s turn.", name(actor)),
        Event::TurnSkipped { actor, reason } => format!(
            "{} skips the turn ({}).",
            name(actor),
            match reason {
                SkipReason::Dead => "dead",
                SkipReason::Unconscious => "unconscious",
                SkipReason::Concussion => "concussion",
            }
        ),
        Event::MainActionLost { actor } => {
            format!("{} is in pain shock and loses the Main action.", name(actor))
        }
        Event::GrappleMaintained { actor, target } => format!(
            "{} spends the Additional action holding {}.",
            name(actor),
            name(target)
        ),
        Event::Bleeding { actor, hits } => {
            format!("{} bleeds: {hits} hit(s) left.", name(actor))
        }
        Event::Moved {
            actor,
            from,
            to,
            sprint,
        } => format!(
            "{} {} from {from} m to {to} m.",
            name(actor),
            if *sprint { "sprints" } else { "moves" }
        ),
        Event::CoverChanged { actor, cover } => format!(
            "{} is now {}.",
            name(actor),
            match cover {
                Cover::None => "in the open",
                Cover::Light => "in light cover",
                Cover::Normal => "in normal cover",
                Cover::Heavy => "in heavy cover",
            }
        ),
        Event::PickedUp { actor, weapon } => {
            format!("{} picks the {weapon} up from the floor.", name(actor))
        }
        Event::Engaged {
            actor,
            target,
            sector,
        } => format!(
            "{} closes in on {} (sector {sector}).",
            name(actor),
            name(target)
        ),
        Event::Disengaged { actor, target } => {
            format!("{} breaks away from {}.", name(actor), name(target))
        }
        Event::Attacked {
            actor,
            target,
            action,
            melee,
            aspect,
            distance,
            pool,
            difficulty,
            result,
            automatic,
            first_strike,
        } => {
            let how = match action {
                Action::Attack if *melee => "strikes at",
                Action::Attack => "shoots at",
                Action::QuickStrike => "quick-strikes at",
                Action::FeintStrike => "feints and strikes at",
                Action::QuickShot => "snaps a quick shot at",
                Action::AimedShot => "takes aim at",
                Action::ShortBurst => "fires a short burst at",
                Action::LongBurst => "sprays a long burst at",
                Action::Opportunity => "takes an opportunity swing at",
                _ => "attacks",
            };
            let at = distance.map_or(String::new(), |d| format!(" at {} range", distance_name(d)));
            format!(
                "{}{} {how} {}{at}: {} {}/{pool}K vs {}/{difficulty}K — {}{}.",
                if *first_strike { "First Strike! " } else { "" },
                name(actor),
                name(target),
                aspect_name(*aspect),
                result.ones,
                result.difficulty_ones,
                if result.success {
                    format!("hit, {} bonus", result.bonus)
                } else {
                    format!("miss by {}", result.deficit)
                },
                if *automatic { " (automatic)" } else { "" }
            )
        }
        Event::Contested {
            actor,
            target,
            action,
            pool,
            difficulty,
            result,
        } => format!(
            "{} tries to {} {}: {}/{pool}K vs {}/{difficulty}K — {}.",
            name(actor),
            match action {
                Action::Disarm => "disarm",
                Action::Grapple => "grapple",
                _ => "break free of",
            },
            name(target),
            result.ones,
            result.difficulty_ones,
            if result.success {
                "success".to_string()
            } else {
                format!("failure, deficit {}", result.deficit)
            }
        ),
        Event::Damaged {
            target,
            effective,
            dealt,
            hits,
            state,
            ..
        } => format!(
            "{} takes {dealt} damage{} — {hits} hit(s) left, {}.",
            name(target),
            if dealt != effective {
                format!(" (restrained from {effective})")
            } else {
                String::new()
            },
            health_name(*state)
        ),
        Event::Shocked { target, shock } => format!(
            "{} suffers {}.",
            name(target),
            match shock {
                Shock::Concussion => "a concussion and will skip the next turn",
                _ => "pain shock and will lose the next Main action",
            }
        ),
        Event::Dying { actor, conscious } => format!(
            "{} is dying{}.",
            name(actor),
            if *conscious {
                " but stays conscious"
            } else {
                " and falls unconscious"
            }
        ),
        Event::Fainted { actor } => format!("{} lets go and faints.", name(actor)),
        Event::Died { actor } => format!("{} is dead.", name(actor)),
        Event::Disarmed {
            actor,
            target,
            weapon,
            direction,
        } => format!(
            "{} knocks {}'s {weapon} away (it lands a couple of metres off, direction {direction}).",
            name(actor),
            name(target)
        ),
        Event::Grappled { actor, target } => {
            format!("{} has {} in a hold.", name(actor), name(target))
        }
        Event::Released { actor, target } => {
            format!("{} is free of {}'s hold.", name(target), name(actor))
        }
        Event::Defending { actor, defence } => format!(
            "{} takes {}.",
            name(actor),
            match defence {
                Defence::Stance => "a Defensive Stance",
                Defence::FullDefense => "Full Defense",
                Defence::Reaction => "Reaction",
            }
        ),
        Event::ReactionLost { actor } => {
            format!("{} is in melee and loses the Reaction bonus.", name(actor))
        }
        Event::AmmoSpent {
            actor,
            weapon,
            rounds,
            left,
        } => format!(
            "{} fires {rounds} round(s) from the {weapon} ({left} left).",
            name(actor)
        ),
        Event::Reloaded {
            actor,
            weapon,
            ammo,
        } => format!("{} reloads the {weapon} ({ammo} rounds).", name(actor)),
        Event::Withdrawing { actor } => {
            format!("{} tries to slip out of the fight.", name(actor))
        }
        Event::WithdrawalBroken { actor } => {
            format!("{} is under fire and cannot leave yet.", name(actor))
        }
        Event::Left { actor } => format!("{} has left the fight.", name(actor)),
        Event::Passed { actor } => format!("{} holds fire.", name(actor)),
        Event::TurnEnded { actor } => format!("{} ends the turn.", name(actor)),
        Event::Ended { winner, rounds } => match winner {
            Some(side) => format!(
                "The fight is over after {rounds} round(s): the {} win.",
                BetterWorld::SIDES[usize::from(*side).min(1)]
            ),
            None => format!("The fight is over after {rounds} round(s): nobody wins."),
        },
    }
}

impl Catalog for BetterWorld {
    type OddsSpec = OddsSpec;
    const ODDS_KEYS: &'static str =
        "pool difficulty distance comfortable cover extra tie automatic weapon armour restraint characters";
    const DEMO_SEED: u64 = 7;

    fn odds(spec: &OddsSpec) -> Result<Vec<OddsTable>, RuleError> {
        odds_tables(spec)
    }

    fn demo_setup() -> Setup {
        demo_setup()
    }

    fn describe(event: &Event) -> String {
        describe(event)
    }
}
