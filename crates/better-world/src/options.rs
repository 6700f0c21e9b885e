//! Legal options and their previews: the decision protocol of `fray_dice` for Better World.
//!
//! [`options`] lists who decides and the commands `apply` accepts now. Candidates are built
//! from the state and each is kept only if the one rule path, `apply` on a copy, accepts it
//! (every refusal comes before the first die), so the list and the engine cannot disagree.
//! An attack's situational `bonus` / `extra` (0–10K), its `aspect` (those its weapon
//! allows, or the best) and its `restraint` are parameters; a move's destination is a range.
//!
//! Decision points:
//! - **The turn** (BW-12): the acting character's actions, and in the First Strike phase
//!   every First Striker's attacks or `pass` (BW-09).
//! - **Opportunity attack** (BW-26), a pending choice: a move out of or past an enemy's
//!   reach waits, and each enemy it provoked, lowest index first, answers `opportunity`
//!   with `attack: true` (a melee attack with +1K extra difficulty) or `false`.
//! - **Letting go** (BW-21): a conscious Dying character may faint at any time (`let_go`,
//!   listed as a reaction out of its turn).
//! - **Joining** (BW-10): between rounds the game master joins the newcomers due, or
//!   starts the next round.
//!
//! Not enumerated (accepted by `apply`, described here instead): a Long Burst is offered at
//! each single enemy and at the cone the default tactic picks, not at every subset; a Join
//! is offered for the newcomers due and for each waiting character alone; restraint is
//! offered as off, one less, or at most 0–3 (any `reduce`/`cap` value is accepted).

use fray_dice::{
    Decide, Decider, EventLog, LegalOption, OddsTable, OptionKind, Options, Param, Rng, RuleError,
};
use serde_json::{json, Value};

use crate::catalog::{attack_tables, check_table, BetterWorld};
use crate::engine::{apply, first_strikers, Command, Phase, Rolls, State, Status, Strike};
use crate::policy::BwPolicy;
use crate::resolve::Restraint;
use crate::setup::Settings;
use crate::tables::Aspect;

/// Whether `apply` accepts `command` in `state` (tried on a copy; any dice will do).
/// Refusals are left unwritten ([`crate::text::probing`]): only acceptance is kept.
fn accepted(state: &State, command: &Command) -> bool {
    let mut copy = state.clone();
    crate::text::probing(|| {
        apply(
            &mut copy,
            command,
            &mut Rng::new(0, 0),
            &mut EventLog::quiet(),
        )
        .is_ok()
    })
}

/// Collects options, keeping those `apply` accepts.
struct List<'a> {
    state: &'a State,
    out: Vec<LegalOption<Command>>,
}

impl List<'_> {
    fn add(&mut self, option: LegalOption<String>, command: Command) -> bool {
        let ok = accepted(self.state, &command);
        if ok {
            self.out.push(option.with(command));
        }
        ok
    }

    fn name(&self, i: usize) -> String {
        self.state.fighters[i].character.name.to_string()
    }
}

const ASPECTS: [Aspect; 8] = [
    Aspect::Reflexes,
    Aspect::Training,
    Aspect::Constitution,
    Aspect::Coordination,
    Aspect::SleightOfHand,
    Aspect::Perception,
    Aspect::Concentration,
    Aspect::MuscleMemory,
];

fn value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).expect("serializes")
}

/// The restraints an option offers (any `reduce`/`cap` value is accepted).
fn restraints() -> Vec<Value> {
    let mut v = vec![value(&Restraint::Off), value(&Restraint::Reduce { by: 1 })];
    v.extend((0..=3).map(|at| value(&Restraint::Cap { at })));
    v
}

/// Every legal command for whoever decides now.
pub fn options(state: &State) -> Options<Command> {
    let mut list = List {
        state,
        out: Vec::new(),
    };
    let who = |i: usize| {
        let c = &state.fighters[i].character;
        Decider::participant(c.name.to_string(), c.side)
    };
    if state.phase == Phase::Over {
        return Options {
            decider: Decider::Nobody,
            list: Vec::new(),
        };
    }
    if let Some(e) = state.pending.and_then(|p| p.decider()) {
        let mover = list.name(state.pending.map_or(e, |p| p.mover));
        let me = list.name(e);
        for (attack, label, action) in [
            (
                true,
                format!("opportunity attack on {mover}"),
                "opportunity_attack",
            ),
            (false, format!("let {mover} go"), "decline_opportunity"),
        ] {
            let o = LegalOption::new(OptionKind::PendingChoice, me.as_str(), label, action)
                .target(mover.as_str());
            list.add(o, Command::Opportunity { actor: e, attack });
        }
        return Options {
            decider: who(e),
            list: list.out,
        };
    }
    let decider = match state.phase {
        Phase::FirstStrike => {
            let strikers: Vec<usize> = first_strikers(state).collect();
            for &a in &strikers {
                turn_options(&mut list, a);
            }
            strikers.first().map_or(Decider::GameMaster, |&a| who(a))
        }
        Phase::Round => match state.turn {
            Some(t) => {
                turn_options(&mut list, t.actor);
                who(t.actor)
            }
            None => Decider::GameMaster,
        },
        Phase::BetweenRounds => {
            between_rounds(&mut list);
            Decider::GameMaster
        }
        Phase::Over => Decider::Nobody,
    };
    // A conscious Dying character may let go at any time (BW-21).
    let actor = state.turn.map(|t| t.actor);
    for i in 0..state.fighters.len() {
        if Some(i) != actor && state.phase != Phase::BetweenRounds {
            let o = LegalOption::new(
                OptionKind::Reaction,
                list.name(i),
                "let go and faint",
                "let_go",
            );
            list.add(o, Command::LetGo { actor: i });
        }
    }
    Options {
        decider,
        list: list.out,
    }
}

fn between_rounds(list: &mut List) {
    let state = list.state;
    let next = state.round + 1;
    let reserves: Vec<usize> = (0..state.fighters.len())
        .filter(|&i| state.fighters[i].status == Status::Reserve)
        .collect();
    let due: Vec<usize> = reserves
        .iter()
        .copied()
        .filter(|&i| {
            state.fighters[i]
                .character
                .joins_round
                .is_some_and(|r| r <= next)
        })
        .collect();
    let gm = |label: String, action: &str| {
        LegalOption::new(OptionKind::GameMaster, "game master", label, action)
    };
    if due.len() > 1 {
        let names: Vec<String> = due.iter().map(|&i| list.name(i)).collect();
        list.add(
            gm(format!("join {}", names.join(", ")), "join"),
            Command::Join { actors: due },
        );
    }
    for i in reserves {
        let o = gm(format!("join {}", list.name(i)), "join");
        list.add(o, Command::Join { actors: vec![i] });
    }
    list.add(gm("next round".into(), "next_round"), Command::NextRound);
}

/// The turn actions of `a` (its turn, or its First Strike).
fn turn_options(list: &mut List, a: usize) {
    let state = list.state;
    let me = list.name(a);
    let turn = |label: String, action: &str| {
        LegalOption::new(OptionKind::TurnAction, me.as_str(), label, action)
    };
    let n = state.fighters.len();
    let weapons = state.fighters[a].character.weapons.len();
    type Make = fn(Strike) -> Command;
    let kinds: [(&str, &str, &str, Make); 6] = [
        ("attack", "attack", "Main action", Command::Attack),
        (
            "quick strike at",
            "quick_strike",
            "Additional action",
            Command::QuickStrike,
        ),
        (
            "feinting strike at",
            "feint_strike",
            "Full action",
            Command::FeintStrike,
        ),
        (
            "quick shot at",
            "quick_shot",
            "Additional action",
            Command::QuickShot,
        ),
        (
            "aimed shot at",
            "aimed_shot",
            "Full action",
            Command::AimedShot,
        ),
        (
            "short burst at",
            "short_burst",
            "Main action",
            Command::ShortBurst,
        ),
    ];
    for t in (0..n).filter(|&t| t != a) {
        let target = list.name(t);
        for &(verb, action, cost, make) in &kinds {
            for weapon in std::iter::once(None).chain((0..weapons).map(Some)) {
                let s = Strike {
                    actor: a,
                    target: t,
                    weapon,
                    ..Strike::default()
                };
                if !accepted(state, &make(s.clone())) {
                    continue;
                }
                let aspects: Vec<Value> = std::iter::once(Value::Null)
                    .chain(
                        ASPECTS
                            .iter()
                            .filter(|&&x| {
                                accepted(
                                    state,
                                    &make(Strike {
                                        aspect: Some(x),
                                        ..s.clone()
                                    }),
                                )
                            })
                            .map(value),
                    )
                    .collect();
                let using = state.fighters[a]
                    .character
                    .weapons
                    .get(weapon.or(state.fighters[a].wielded).unwrap_or(usize::MAX))
                    .map_or_else(|| "bare hands".to_string(), |w| w.name.to_string());
                let o = turn(format!("{verb} {target}"), action)
                    .target(target.as_str())
                    .using(using)
                    .cost(cost)
                    .param(Param::range("bonus", 0, 10))
                    .param(Param::range("extra", 0, 10))
                    .param(Param::one_of("aspect", aspects))
                    .param(Param::one_of("restraint", restraints()));
                list.add(o, make(s));
            }
        }
        for (label, action, cost, command) in [
            (
                "disarm",
                "disarm",
                "Main action",
                Command::Disarm {
                    actor: a,
                    target: t,
                },
            ),
            (
                "grapple",
                "grapple",
                "Full action",
                Command::Grapple {
                    actor: a,
                    target: t,
                },
            ),
        ] {
            let o = turn(format!("{label} {target}"), action)
                .target(target.as_str())
                .cost(cost);
            list.add(o, command);
        }
        let burst = turn(format!("long burst at {target}"), "long_burst")
            .target(target.as_str())
            .cost("Full action")
            .param(Param::range("bonus", 0, 10))
            .param(Param::range("extra", 0, 10))
            .param(Param::one_of("restraint", restraints()));
        list.add(
            burst,
            Command::LongBurst(crate::engine::Spray {
                actor: a,
                targets: vec![t],
                ..Default::default()
            }),
        );
    }
    // The cone the default tactic would fire at, when it holds more than one target.
    if let Some(Command::LongBurst(s)) = BwPolicy::DEFAULT.command(state) {
        if s.actor == a && s.targets.len() > 1 {
            let names: Vec<String> = s.targets.iter().map(|&t| list.name(t)).collect();
            let mut o = turn(format!("long burst at {}", names.join(", ")), "long_burst")
                .cost("Full action");
            for name in names {
                o = o.target(name);
            }
            list.add(o, Command::LongBurst(s));
        }
    }
    move_options(list, a);
    let simple: [(&str, &str, &str, Command); 12] = [
        (
            "Defensive Stance",
            "defensive_stance",
            "Additional action",
            Command::DefensiveStance { actor: a },
        ),
        (
            "Full Defense",
            "full_defense",
            "Full action",
            Command::FullDefense { actor: a },
        ),
        (
            "Reaction",
            "reaction",
            "Additional action",
            Command::Reaction { actor: a },
        ),
        (
            "reload",
            "reload",
            "Additional action",
            Command::Reload { actor: a },
        ),
        (
            "pick up a weapon",
            "pick_up",
            "Additional action",
            Command::PickUp {
                actor: a,
                weapon: None,
            },
        ),
        (
            "break free",
            "break_free",
            "Main action",
            Command::BreakFree { actor: a },
        ),
        (
            "release the hold",
            "release",
            "Minor action",
            Command::Release { actor: a },
        ),
        (
            "withdraw from the fight",
            "withdraw",
            "Minor action",
            Command::Withdraw { actor: a },
        ),
        (
            "let go and faint",
            "let_go",
            "Minor action",
            Command::LetGo { actor: a },
        ),
        (
            "pass on the First Strike",
            "pass",
            "",
            Command::Pass { actor: a },
        ),
        (
            "end the turn",
            "end_turn",
            "",
            Command::EndTurn { actor: a },
        ),
        ("", "", "", Command::NextRound),
    ];
    for (label, action, cost, command) in simple {
        if action.is_empty() {
            continue;
        }
        let mut o = turn(label.to_string(), action);
        if !cost.is_empty() {
            o = o.cost(cost);
        }
        list.add(o, command);
    }
    for w in 0..weapons {
        let o = turn("pick up a weapon".into(), "pick_up").cost("Additional action");
        list.add(
            o,
            Command::PickUp {
                actor: a,
                weapon: Some(w),
            },
        );
    }
}

/// Move (ДД) and Sprint (ПД), free or engaging each enemy in reach of the move.
fn move_options(list: &mut List, a: usize) {
    let state = list.state;
    let s: &Settings = &state.settings;
    let pos = i64::from(state.fighters[a].character.position);
    let me = list.name(a);
    let bound = 100_000i64;
    for (sprint, metres, label, cost) in [
        (false, s.move_metres, "move", "Additional action"),
        (true, s.sprint_metres, "sprint", "Full action"),
    ] {
        let m = i64::from(metres);
        let (lo, hi) = ((pos - m).max(-bound), (pos + m).min(bound));
        let o = LegalOption::new(OptionKind::TurnAction, me.as_str(), label, label)
            .cost(cost)
            .param(Param::range("to", lo, hi));
        list.add(
            o,
            Command::Move {
                actor: a,
                to: pos as i32,
                sprint,
                engage: None,
                sector: None,
            },
        );
        let reach = i64::from(s.distances.melee_below) - 1;
        for t in (0..state.fighters.len()).filter(|&t| t != a) {
            let p = i64::from(state.fighters[t].character.position);
            let (lo, hi) = (lo.max(p - reach), hi.min(p + reach));
            if lo > hi {
                continue;
            }
            let to = if pos <= p { lo } else { hi };
            let command = |sector: Option<u8>| Command::Move {
                actor: a,
                to: to as i32,
                sprint,
                engage: Some(t),
                sector,
            };
            if !accepted(state, &command(None)) {
                continue;
            }
            let sectors: Vec<Value> = std::iter::once(Value::Null)
                .chain(
                    (0..4u8)
                        .filter(|&x| accepted(state, &command(Some(x))))
                        .map(|x| json!(x)),
                )
                .collect();
            let target = list.name(t);
            let o = LegalOption::new(
                OptionKind::TurnAction,
                me.as_str(),
                format!("{label} to engage {target}"),
                "engage",
            )
            .target(target.as_str())
            .cost(cost)
            .param(Param::range("to", lo, hi))
            .param(Param::one_of("sector", sectors));
            list.add(o, command(None));
        }
    }
}

/// The exact odds of `command`: an attack's check and damage (as `fray odds better-world`
/// gives them for the same pool, difficulty, weapon, armour and restraint), a contest's
/// check; empty for a command that rolls nothing.
pub fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
    match crate::engine::rolls(state, command)? {
        Rolls::Attack(spec) => attack_tables(&spec),
        Rolls::Contest(c) => Ok(vec![check_table(&c)?]),
        Rolls::Nothing => Ok(Vec::new()),
    }
}

impl Decide for BetterWorld {
    fn options(state: &State) -> Options<Command> {
        options(state)
    }

    fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
        preview(state, command)
    }
}
