//! Legal options and their previews: the decision protocol of `fray_dice` for Andromeda.
//!
//! [`options`] lists who decides and the commands `apply` accepts now. Candidates are built
//! from the state and each is kept only if the one rule path, `apply` on a copy, accepts it:
//! a list and the engine cannot disagree on what is legal.
//!
//! - **Who decides**: while a side picks its actor (AND-07), the side's first member that
//!   may still act speaks for it (its `start_turn` options name each member it may pick);
//!   during a turn, the actor. Reaction and free abilities of the others (AND-13) follow as
//!   [`OptionKind::Reaction`].
//! - **Points**: a move's `to` and an area's `at` are points on the plane, which the
//!   protocol's one-dimensional parameters cannot bound, so the list carries representative
//!   points: a move towards each other participant as far as the move allows (or up to it),
//!   and an area aimed at each participant's position, plus the default tactic's own point.
//!   `apply` accepts any other point within the same limits (the option's label says the
//!   limit).
//! - **Improvised checks** (AND-11) take any skill and task rank: one option per skill on
//!   the sheet, its `skill` (any name: a missing skill rolls at 0) and `difficulty` (task
//!   ranks 0 … 4 listed) parameters; improvised attacks are left to the command
//!   (their damage line is made up by the player).
//! - **Pending decisions**: while a provoked attack (AND-14) or a readied action (AND-11) is
//!   offered ([`State::pending`]), its decider is the enemy provoked (or the one whose
//!   action is readied) and its answers are all there is, as [`OptionKind::PendingChoice`]:
//!   `provoked_attack` with each melee attack it may make, or without one to let the
//!   provoker go; `readied` firing, or holding the action for a later trigger.

use fray_dice::{
    Catalog, Decide, Decider, EventLog, LegalOption, OddsTable, OptionKind, Options, Param, Rng,
    RuleError,
};

use crate::catalog::OddsSpec;
use crate::engine::{dist2, Command, Offer, Pending, Phase, State, Trigger};
use crate::resolve::AdvantageMethod;
use crate::setup::{ActionKind, Aim, ConditionKind, Defense, Id};
use crate::Andromeda;

/// The task ranks an improvised check's parameter offers (ranks 0 … 4, AND-17).
const MAX_TASK_RANK: i64 = 4;

const CONDITIONS: [ConditionKind; 7] = [
    ConditionKind::Vulnerable,
    ConditionKind::Weakened,
    ConditionKind::Immobilized,
    ConditionKind::Grabbed,
    ConditionKind::Hidden,
    ConditionKind::Invisible,
    ConditionKind::Exhaustion,
];

/// Whether `apply` accepts `command` in `state` (tried on a copy; any dice will do, since
/// every refusal comes before the first die).
fn accepted(state: &State, command: &Command) -> bool {
    let mut copy = state.clone();
    copy.apply(command, &mut Rng::new(0, 0), &mut EventLog::quiet())
        .is_ok()
}

/// Collects options, keeping those `apply` accepts.
struct List<'a> {
    state: &'a State,
    out: Vec<LegalOption<Command>>,
}

impl List<'_> {
    fn add(&mut self, option: LegalOption<String>, command: Command) {
        if accepted(self.state, &command) {
            self.out.push(option.with(command));
        }
    }
}

fn opt(kind: OptionKind, actor: &str, label: String, action: &str) -> LegalOption<String> {
    LegalOption::new(kind, actor, label, action)
}

fn cost_of(kind: ActionKind) -> &'static str {
    match kind {
        ActionKind::Action => "action",
        ActionKind::Maneuver => "maneuver",
        ActionKind::Reaction => "reaction",
        ActionKind::Free => "free action",
    }
}

/// Builds a move command of one kind.
type MakeMove = fn(Id, [i64; 2]) -> Command;

/// Who decides now and the legal commands (see the module docs).
pub fn options(state: &State) -> Options<Command> {
    let mut list = List {
        state,
        out: Vec::new(),
    };
    if let Some(p) = &state.pending {
        pending_options(&mut list, p);
        let f = &state.fighters[p.decider];
        return Options {
            decider: Decider::participant(&*f.id, f.side.index() as u8),
            list: list.out,
        };
    }
    let decider = match state.phase {
        Phase::Over { .. } => {
            return Options {
                decider: Decider::Nobody,
                list: Vec::new(),
            }
        }
        Phase::Choosing { side } => {
            let members: Vec<usize> = (0..state.fighters.len())
                .filter(|&i| state.fighters[i].side == side)
                .collect();
            for &i in &members {
                let id = &state.fighters[i].id;
                list.add(
                    opt(
                        OptionKind::TurnAction,
                        id,
                        format!("{id} takes the turn"),
                        "start_turn",
                    ),
                    Command::StartTurn { actor: id.clone() },
                );
            }
            let speaker = list
                .out
                .first()
                .and_then(|o| state.find(&o.actor).ok())
                .or_else(|| members.first().copied());
            off_turn(&mut list, None);
            speaker
        }
        Phase::Turn { actor } => {
            turn_options(&mut list, actor);
            off_turn(&mut list, Some(actor));
            Some(actor)
        }
    };
    let decider = decider.map_or(Decider::Nobody, |i| {
        let f = &state.fighters[i];
        Decider::participant(&*f.id, f.side.index() as u8)
    });
    Options {
        decider,
        list: list.out,
    }
}

/// The answers to the reaction offered (AND-11, AND-14): all its decider may do now.
fn pending_options(list: &mut List, p: &Pending) {
    let state = list.state;
    let (e, a) = (p.decider, p.against);
    let (me, whom) = (&state.fighters[e].id, &state.fighters[a].id);
    let kind = OptionKind::PendingChoice;
    match p.offer {
        Offer::ProvokedAttack { leaving_to, .. } => {
            for k in state.provoked_abilities(e, a, leaving_to) {
                let ab = &state.roster[e].abilities[k];
                let heat = state.cost(e, ab);
                let mut o = opt(
                    kind,
                    me,
                    format!("provoked attack on {whom} with {}", ab.id),
                    "provoked_attack",
                )
                .target(&**whom)
                .using(&*ab.id)
                .cost("free action");
                if heat > 0 {
                    o = o.cost(format!("{heat} Heat"));
                }
                let command = Command::ProvokedAttack {
                    actor: me.clone(),
                    ability: Some(ab.id.clone()),
                };
                list.add(o, command);
            }
            list.add(
                opt(
                    kind,
                    me,
                    format!("let {whom} go"),
                    "decline_provoked_attack",
                )
                .target(&**whom),
                Command::ProvokedAttack {
                    actor: me.clone(),
                    ability: None,
                },
            );
        }
        Offer::Readied { .. } => {
            let ability = state.fighters[e]
                .ready
                .as_ref()
                .map_or_else(String::new, |r| r.ability.to_string());
            list.add(
                opt(
                    kind,
                    me,
                    format!("fire the readied {ability} at {whom}"),
                    "fire_readied",
                )
                .target(&**whom)
                .using(&*ability)
                .cost("reaction"),
                Command::Readied {
                    actor: me.clone(),
                    fire: true,
                },
            );
            list.add(
                opt(
                    kind,
                    me,
                    format!("hold the readied {ability} for a later trigger"),
                    "hold_readied",
                )
                .target(&**whom),
                Command::Readied {
                    actor: me.clone(),
                    fire: false,
                },
            );
        }
    }
}

/// A point from `from` towards `to`, at most `limit` metres away (rounded towards `from`).
fn toward(from: [i64; 2], to: [i64; 2], limit: u32) -> [i64; 2] {
    let d2 = dist2(from, to);
    let limit = i128::from(limit);
    if d2 <= limit * limit {
        return to;
    }
    // Smallest d with d * d >= d2, then the same fraction of each coordinate.
    let (mut lo, mut hi) = (0i128, 1i128 << 64);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if mid * mid >= d2 {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    let step = |a: i64, b: i64| a + ((i128::from(b) - i128::from(a)) * limit / lo) as i64;
    [step(from[0], to[0]), step(from[1], to[1])]
}

fn turn_options(list: &mut List, a: usize) {
    let state = list.state;
    let id = state.fighters[a].id.clone();
    let kind = OptionKind::TurnAction;
    abilities(list, a, kind);
    let name = |i: usize| state.fighters[i].id.clone();
    let others: Vec<usize> = (0..state.fighters.len())
        .filter(|&t| t != a && state.active(t))
        .collect();
    for &t in &others {
        let tid = name(t);
        list.add(
            opt(kind, &id, format!("grab {tid}"), "grab")
                .target(&*tid)
                .cost("action"),
            Command::Grab {
                actor: id.clone(),
                target: tid.clone(),
            },
        );
        list.add(
            opt(kind, &id, format!("seek {tid}"), "seek")
                .target(&*tid)
                .cost("action"),
            Command::Seek {
                actor: id.clone(),
                target: tid.clone(),
            },
        );
        list.add(
            opt(kind, &id, format!("hide from {tid}"), "hide")
                .target(&*tid)
                .cost("action"),
            Command::Hide {
                actor: id.clone(),
                against: Some(tid.clone()),
            },
        );
        for condition in CONDITIONS {
            list.add(
                opt(
                    kind,
                    &id,
                    format!("help {tid} with {condition:?}"),
                    "help_ally",
                )
                .target(&*tid)
                .cost("maneuver"),
                Command::HelpAlly {
                    actor: id.clone(),
                    ally: tid.clone(),
                    condition,
                },
            );
        }
    }
    list.add(
        opt(
            kind,
            &id,
            "hide from the most perceptive enemy".into(),
            "hide",
        )
        .cost("action"),
        Command::Hide {
            actor: id.clone(),
            against: None,
        },
    );
    let names = &state.settings.skill_names;
    for skill in [&names.might, &names.agility] {
        list.add(
            opt(kind, &id, format!("escape with {skill}"), "escape").cost("action"),
            Command::Escape {
                actor: id.clone(),
                skill: skill.clone(),
            },
        );
    }
    // Moves: towards each other participant, as far as each move goes.
    let speed = state.speed(a);
    let here = state.fighters[a].position;
    let moves: [(&str, u32, MakeMove); 3] = [
        ("move", speed, |actor, to| Command::Move { actor, to }),
        (
            "step",
            speed / state.settings.step_divisor.max(1),
            |actor, to| Command::Step { actor, to },
        ),
        ("extra_move", speed, |actor, to| Command::ExtraMove {
            actor,
            to,
        }),
    ];
    for (action, limit, make) in moves {
        for &t in &others {
            let to = toward(here, state.fighters[t].position, limit);
            if to == here {
                continue;
            }
            list.add(
                opt(
                    kind,
                    &id,
                    format!(
                        "{action} towards {} to ({}, {}) (any point within {limit} m)",
                        name(t),
                        to[0],
                        to[1]
                    ),
                    action,
                )
                .cost(if action == "extra_move" {
                    "action"
                } else {
                    "maneuver"
                }),
                make(id.clone(), to),
            );
        }
    }
    // The default tactic's own point (its approach, its area's aim) is listed too.
    match crate::policy::default_command(state) {
        Some(c @ (Command::Move { .. } | Command::Step { .. } | Command::ExtraMove { .. })) => {
            let action = match &c {
                Command::Move { .. } => "move",
                Command::Step { .. } => "step",
                _ => "extra_move",
            };
            list.add(
                opt(
                    kind,
                    &id,
                    format!("{action} as the default tactic would"),
                    action,
                )
                .cost(if action == "extra_move" {
                    "action"
                } else {
                    "maneuver"
                }),
                c,
            );
        }
        Some(c @ Command::UseAbility { at: Some(_), .. }) => {
            list.add(
                opt(
                    kind,
                    &id,
                    "area as the default tactic aims it".into(),
                    "use_ability",
                ),
                c,
            );
        }
        _ => {}
    }
    for art in &state.roster[a].artifacts {
        list.add(
            opt(kind, &id, format!("reload {}", art.id), "reload")
                .using(&*art.id)
                .cost("maneuver"),
            Command::Reload {
                actor: id.clone(),
                artifact: art.id.clone(),
            },
        );
    }
    for condition in CONDITIONS {
        list.add(
            opt(
                kind,
                &id,
                format!("saving throw vs {condition:?}"),
                "saving_throw",
            )
            .cost("maneuver"),
            Command::SavingThrow {
                actor: id.clone(),
                condition,
            },
        );
        list.add(
            opt(kind, &id, format!("shake off {condition:?}"), "shake_off").cost("maneuver"),
            Command::ShakeOff {
                actor: id.clone(),
                condition,
            },
        );
    }
    for ab in &state.roster[a].abilities {
        for trigger in [Trigger::EnemyMovesIntoRange, Trigger::EnemyAttacks] {
            list.add(
                opt(kind, &id, format!("ready {} ({trigger:?})", ab.id), "ready")
                    .using(&*ab.id)
                    .cost("action"),
                Command::Ready {
                    actor: id.clone(),
                    ability: ab.id.clone(),
                    trigger,
                },
            );
        }
    }
    for skill in state.roster[a].skills.keys() {
        let command = Command::Improvise {
            actor: id.clone(),
            skill: skill.clone(),
            target: None,
            defense: None,
            difficulty: 0,
            damage: None,
            ranged: false,
            range: 2,
        };
        list.add(
            opt(kind, &id, format!("improvised {skill} check"), "improvise")
                .cost("action")
                .param(Param::text("skill"))
                .param(Param::range("difficulty", 0, MAX_TASK_RANK)),
            command,
        );
    }
    free_actions(list, a, kind);
    list.add(
        opt(kind, &id, "end the turn".into(), "end_turn"),
        Command::EndTurn { actor: id.clone() },
    );
}

/// Free actions any participant may take at any time: release, reveal, Accomplishment
/// Points (AND-29, AND-38, AND-47).
fn free_actions(list: &mut List, a: usize, kind: OptionKind) {
    let id = list.state.fighters[a].id.clone();
    list.add(
        opt(kind, &id, "release the grab".into(), "release").cost("free action"),
        Command::Release { actor: id.clone() },
    );
    list.add(
        opt(kind, &id, "give away one's position".into(), "reveal").cost("free action"),
        Command::Reveal { actor: id.clone() },
    );
    list.add(
        opt(
            kind,
            &id,
            "Accomplishment Point for +2 Heat".into(),
            "accomplishment_heat",
        )
        .cost("Accomplishment Point"),
        Command::AccomplishmentHeat { actor: id.clone() },
    );
    list.add(
        opt(
            kind,
            &id,
            "Accomplishment Point to restore main stress".into(),
            "accomplishment_restore",
        )
        .cost("Accomplishment Point"),
        Command::AccomplishmentRestore { actor: id.clone() },
    );
    for condition in CONDITIONS {
        list.add(
            opt(
                kind,
                &id,
                format!("Accomplishment Point to remove {condition:?}"),
                "accomplishment_remove",
            )
            .cost("Accomplishment Point"),
            Command::AccomplishmentRemove {
                actor: id.clone(),
                condition,
            },
        );
    }
}

/// The abilities of `a`: on each single participant, on the first ones in range for
/// several targets, on itself, or aimed at each participant's position for an area.
fn abilities(list: &mut List, a: usize, kind: OptionKind) {
    let state = list.state;
    let id = state.fighters[a].id.clone();
    let on_turn = kind == OptionKind::TurnAction;
    let active: Vec<usize> = (0..state.fighters.len())
        .filter(|&t| state.active(t))
        .collect();
    for ab in &state.roster[a].abilities {
        if !on_turn && !matches!(ab.kind, ActionKind::Reaction | ActionKind::Free) {
            continue;
        }
        let cost = cost_of(ab.kind);
        let heat = state.cost(a, ab);
        let base = |label: String| {
            let o = opt(kind, &id, label, "use_ability")
                .using(&*ab.id)
                .cost(cost);
            if heat > 0 {
                o.cost(format!("{heat} Heat"))
            } else {
                o
            }
        };
        let command = |targets: Vec<Id>, at| Command::UseAbility {
            actor: id.clone(),
            ability: ab.id.clone(),
            targets,
            at,
        };
        if ab.area.is_some() {
            for &t in &active {
                let at = state.fighters[t].position;
                list.add(
                    base(format!(
                        "{} aimed at {} ({}, {})",
                        ab.id, state.fighters[t].id, at[0], at[1]
                    )),
                    command(Vec::new(), Some(at)),
                );
            }
            continue;
        }
        if ab.aim == Aim::SelfOnly {
            list.add(base(format!("{}", ab.id)), command(Vec::new(), None));
            continue;
        }
        for &t in &active {
            let tid = state.fighters[t].id.clone();
            list.add(
                base(format!("{} on {tid}", ab.id)).target(&*tid),
                command(vec![tid.clone()], None),
            );
        }
        if ab.max_targets > 1 {
            // Several targets: the first ones it reaches, in setup order.
            let side = state.fighters[a].side;
            let targets: Vec<_> = active
                .iter()
                .filter(|&&t| (ab.aim == Aim::Enemy) == (state.fighters[t].side != side))
                .filter(|&&t| {
                    crate::engine::within(
                        state.fighters[a].position,
                        state.fighters[t].position,
                        ab.range,
                    )
                })
                .take(ab.max_targets as usize)
                .map(|&t| state.fighters[t].id.clone())
                .collect();
            if targets.len() > 1 {
                let mut o = base(format!("{} on {}", ab.id, targets.join(", ")));
                for t in &targets {
                    o = o.target(&**t);
                }
                list.add(o, command(targets, None));
            }
        }
    }
}

/// What the others may do during a turn or a side's pick: their reaction and free
/// abilities (AND-13) and free actions.
fn off_turn(list: &mut List, actor: Option<usize>) {
    let state = list.state;
    for r in 0..state.fighters.len() {
        if Some(r) == actor || !state.active(r) {
            continue;
        }
        abilities(list, r, OptionKind::Reaction);
        free_actions(list, r, OptionKind::Reaction);
    }
}

fn odds_spec(state: &State, skill: crate::Skill, difficulty: i32, edge: crate::Edge) -> OddsSpec {
    let table = state.settings.table;
    let (advantage_dice, flat_bonus) = match state.settings.advantage {
        AdvantageMethod::ExtraDice { dice } => (dice, None),
        AdvantageMethod::Flat { bonus } => (1, Some(bonus)),
    };
    OddsSpec {
        skill_value: skill.value,
        skill_rank: skill.rank,
        difficulty,
        edge,
        damage: None,
        cost_from: table.cost_from,
        success_from: table.success_from,
        critical_from: table.critical_from,
        advantage_dice,
        flat_bonus,
        ..OddsSpec::default()
    }
}

/// The exact odds of `command`: for an ability, improvised attack, provoked attack or fired
/// readied action on one target, the final tier and damage as `fray odds andromeda` gives
/// them for that skill, defense, edge and damage line (one set of tables per target); for a
/// grab the grab table; nothing for a command that rolls no check against a target.
pub fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
    {
        let mut copy = state.clone();
        copy.apply(command, &mut Rng::new(0, 0), &mut EventLog::quiet())?;
    }
    let mut out = Vec::new();
    // A provoked attack or readied action strikes the one the pending decision names.
    let pending_target = state.pending.as_ref().map(|p| p.against);
    match command {
        Command::UseAbility {
            actor,
            ability,
            targets,
            ..
        } => {
            let targets = targets
                .iter()
                .map(|t| state.find(t))
                .collect::<Result<Vec<_>, _>>()?;
            out = ability_odds(state, state.find(actor)?, ability, &targets)?;
        }
        Command::ProvokedAttack {
            actor,
            ability: Some(ability),
        } => {
            let targets: Vec<usize> = pending_target.into_iter().collect();
            out = ability_odds(state, state.find(actor)?, ability, &targets)?;
        }
        Command::Readied { actor, fire: true } => {
            let a = state.find(actor)?;
            if let Some(ready) = &state.fighters[a].ready {
                let targets: Vec<usize> = pending_target.into_iter().collect();
                out = ability_odds(state, a, &ready.ability, &targets)?;
            }
        }
        Command::Improvise {
            actor,
            skill,
            target,
            defense,
            difficulty,
            damage,
            ..
        } => {
            let a = state.find(actor)?;
            let skill = state.skill(a, skill);
            let mut spec = match (target, defense) {
                (Some(t), Some(d)) => {
                    let t = state.find(t)?;
                    odds_spec(state, skill, state.defense(t, *d), state.attack_edge(a, t))
                }
                _ => odds_spec(state, skill, *difficulty, state.check_edge(a)),
            };
            spec.damage = *damage;
            out.extend(Andromeda::odds(&spec)?);
        }
        Command::Grab { actor, target } => {
            let (a, t) = (state.find(actor)?, state.find(target)?);
            let might = state.skill(a, &state.settings.skill_names.might);
            let mut spec = odds_spec(
                state,
                might,
                state.defense(t, Defense::Fortitude),
                state.attack_edge(a, t),
            );
            spec.grab = true;
            out.extend(Andromeda::odds(&spec)?);
        }
        _ => {}
    }
    Ok(out)
}

/// The odds of ability `ability` of `a` on each of `targets`: one set of tables per target,
/// nothing for an ability that rolls no attack.
fn ability_odds(
    state: &State,
    a: usize,
    ability: &str,
    targets: &[usize],
) -> Result<Vec<OddsTable>, RuleError> {
    let mut out = Vec::new();
    let ab = state.ability(a, ability)?;
    let (Some(skill_name), Some(defense)) = (ab.skill.as_deref(), ab.defense) else {
        return Ok(out);
    };
    let skill = state.skill(a, skill_name);
    for &t in targets {
        let mut spec = odds_spec(
            state,
            skill,
            state.defense(t, defense),
            state.attack_edge(a, t),
        );
        spec.damage = ab.damage;
        out.extend(Andromeda::odds(&spec)?);
    }
    Ok(out)
}

impl Decide for Andromeda {
    fn options(state: &State) -> Options<Command> {
        options(state)
    }

    fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
        preview(state, command)
    }
}
