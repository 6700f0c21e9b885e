//! Legal options and their previews: the decision protocol of `fray_dice` for RED.
//!
//! [`options`] lists who decides and every command `apply` accepts now. Candidates are built
//! from the state and each is kept only if the one rule path, `apply` on a copy, accepts it:
//! the list and the engine cannot disagree on what is legal. Numeric and free fields (where
//! to move, a skill check's DV and turns, a note) are parametrised options with their bounds
//! ([`fray_dice::Param`]); a delayed action's trigger is a parameter listing every trigger
//! that fits.
//!
//! Decision point (a pending choice the engine waits for):
//! - **Whether to evade** a ranged attack (RED-33, «может … противопоставить» DEX + Evasion +
//!   1d10 to the DV): when the defender may evade (REF ≥ 8, standing, no injury that forbids
//!   it) and neither the attack nor the character's `evade` setting answers in advance, the
//!   attack waits; the defender answers with `evade` (`true`: the opposed roll; `false`: the
//!   DV stands). Attacks fired by a delay (RED-10) take the character's `evade` or the
//!   default rule without waiting, so a delay never leaves another's turn hanging.
//!
//! `join` (a newcomer, RED-03) takes a whole character sheet and is not listed; it stays a
//! command of the caller.

use fray_dice::{
    Decide, Decider, EventLog, LegalOption, OddsTable, OptionKind, Options, Param, Rng, RuleError,
    MAX_COMBATANTS,
};
use serde_json::Value;

use crate::catalog::odds_tables;
use crate::engine::{
    apply, attack_spec, Aim, Command, FireMode, Leaving, MoveMode, State, Trigger, Unarmed,
};
use crate::setup::Holding;
use crate::Red;

/// Whether `apply` accepts `command` in `state` (tried on a copy; any dice will do, since
/// every refusal comes before the first die).
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
}

fn turn(actor: &str, label: String, action: &str) -> LegalOption<String> {
    LegalOption::new(OptionKind::TurnAction, actor, label, action)
}

const STATS: [&str; 8] = ["ref", "dex", "body", "will", "move", "tech", "int", "cool"];
const MODES: [MoveMode; 5] = [
    MoveMode::Walk,
    MoveMode::Swim,
    MoveMode::Climb,
    MoveMode::RunningJump,
    MoveMode::StandingJump,
];
const AIMS: [Aim; 4] = [Aim::None, Aim::Head, Aim::Item, Aim::Leg];
/// Metres (or squares) tried on each side of a mover: more than any MOVE allows in a turn.
const MOVE_SCAN: i32 = 64;
const MAX_DV: i64 = crate::resolve::MAX_MAGNITUDE as i64;

/// Who decides now and every legal command (see the module docs).
pub fn options(state: &State) -> Options<Command> {
    if state.finished.is_some() {
        return Options {
            decider: Decider::Nobody,
            list: Vec::new(),
        };
    }
    let mut state_eq;
    let state = if state.equipped() {
        state
    } else {
        state_eq = state.clone();
        state_eq.equip();
        &state_eq
    };
    let mut list = List {
        state,
        out: Vec::new(),
    };
    if let Some(p) = &state.pending {
        let d = p.defender;
        let name = state.fighters[d].name.to_string();
        let attacker = &state.fighters[p.attacker].name;
        for evade in [true, false] {
            let label = if evade {
                format!("evade {attacker}'s attack")
            } else {
                format!("let the DV stand against {attacker}'s attack")
            };
            let option = LegalOption::new(OptionKind::PendingChoice, &*name, label, "evade")
                .target(&**attacker);
            list.add(option, Command::Evade { actor: d, evade });
        }
        return Options {
            decider: Decider::participant(name, state.fighters[d].side),
            list: list.out,
        };
    }
    let a = state.actor();
    turn_options(&mut list, a);
    let f = &state.fighters[a];
    Options {
        decider: Decider::participant(f.name.to_string(), f.side),
        list: list.out,
    }
}

fn turn_options(list: &mut List, a: usize) {
    let state = list.state;
    let f = &state.fighters[a];
    let me = f.name.to_string();
    let n = state.fighters.len();
    let name = |i: usize| state.fighters[i].name.to_string();
    // Actions a delay may hold: collected while listing, offered with their triggers last.
    let mut delayable: Vec<(String, Command)> = Vec::new();

    for mode in MODES {
        move_options(list, a, mode);
    }
    let simple = [
        (
            Command::Run { actor: a },
            "run",
            "run (MOVE again)",
            "action",
        ),
        (Command::GetUp { actor: a }, "get_up", "get up", "action"),
        (Command::Choke { actor: a }, "choke", "choke", "action"),
        (Command::Throw { actor: a }, "throw", "throw", "action"),
        (
            Command::HumanShield { actor: a },
            "human_shield",
            "use as a human shield",
            "action",
        ),
        (
            Command::StartVehicle { actor: a },
            "start_vehicle",
            "start the vehicle",
            "move action",
        ),
        (
            Command::LeaveVehicle { actor: a },
            "leave_vehicle",
            "leave the vehicle",
            "move action",
        ),
        (
            Command::Shield {
                actor: a,
                take: true,
            },
            "shield",
            "take up the shield",
            "free",
        ),
        (
            Command::Shield {
                actor: a,
                take: false,
            },
            "shield",
            "put down the shield",
            "free",
        ),
    ];
    for (command, key, label, cost) in simple {
        let delay = matches!(
            command,
            Command::Choke { .. } | Command::Throw { .. } | Command::HumanShield { .. }
        );
        if list.add(turn(&me, label.to_owned(), key).cost(cost), command.clone()) && delay {
            delayable.push((label.to_owned(), command));
        }
    }
    for t in 0..n {
        if t == a {
            continue;
        }
        let target = name(t);
        let styles: Vec<(Option<usize>, Option<Unarmed>, String)> = (0..f.weapons.len())
            .map(|w| (Some(w), None, f.weapons[w].name.to_string()))
            .chain([
                (None, Some(Unarmed::Brawling), "brawling".to_owned()),
                (None, Some(Unarmed::MartialArts), "martial arts".to_owned()),
            ])
            .collect();
        for (weapon, unarmed, using) in &styles {
            for mode in [FireMode::Single, FireMode::Autofire] {
                for aim in AIMS {
                    let command = Command::Attack {
                        actor: a,
                        target: t,
                        weapon: *weapon,
                        unarmed: *unarmed,
                        mode,
                        aim,
                        evade: None,
                    };
                    let what = match (mode, aim) {
                        (FireMode::Autofire, _) => "autofire at".to_owned(),
                        (_, Aim::None) => "attack".to_owned(),
                        (_, aim) => format!("aimed shot ({}) at", aim_name(aim)),
                    };
                    let label = format!("{what} {target} with {using}");
                    if !accepted(state, &command) {
                        // Out of reach now, it may still be held for a trigger (RED-10):
                        // `delay_options` keeps it where `apply` takes the delay.
                        delayable.push((label, command));
                        continue;
                    }
                    // The defender's answer given in advance: `false` always fits,
                    // `true` only where the defender may evade.
                    let with = |e| Command::Attack {
                        actor: a,
                        target: t,
                        weapon: *weapon,
                        unarmed: *unarmed,
                        mode,
                        aim,
                        evade: Some(e),
                    };
                    let answers: Vec<Value> = [false, true]
                        .into_iter()
                        .filter(|&e| accepted(state, &with(e)))
                        .map(Value::Bool)
                        .collect();
                    let mut option = turn(&me, label.clone(), "attack")
                        .target(&target)
                        .using(using)
                        .cost("action");
                    if !answers.is_empty() {
                        option = option.param(Param::one_of("evade", answers).optional());
                    }
                    list.out.push(option.with(command.clone()));
                    delayable.push((label, command));
                }
            }
        }
        let stab = Command::Stabilize {
            actor: a,
            target: t,
        };
        if list.add(
            turn(&me, format!("stabilize {target}"), "stabilize")
                .target(&target)
                .cost("action"),
            stab.clone(),
        ) {
            delayable.push((format!("stabilize {target}"), stab));
        }
        let grab = Command::Grab {
            actor: a,
            target: t,
            item: None,
        };
        if accepted(state, &grab) {
            let items: Vec<Value> = (0..state.fighters[t].weapons.len())
                .filter(|&w| {
                    accepted(
                        state,
                        &Command::Grab {
                            actor: a,
                            target: t,
                            item: Some(w),
                        },
                    )
                })
                .map(Value::from)
                .collect();
            let mut option = turn(&me, format!("grab {target}"), "grab")
                .target(&target)
                .cost("action");
            if !items.is_empty() {
                option = option.param(Param::one_of("item", items).optional());
            }
            list.out.push(option.with(grab.clone()));
            delayable.push((format!("grab {target}"), grab));
        }
    }
    for w in 0..f.weapons.len() {
        let weapon = f.weapons[w].name.to_string();
        let sup = Command::Suppress {
            actor: a,
            weapon: w,
        };
        if list.add(
            turn(&me, format!("suppressive fire with {weapon}"), "suppress")
                .using(&weapon)
                .cost("action"),
            sup.clone(),
        ) {
            delayable.push((format!("suppressive fire with {weapon}"), sup));
        }
        let reload = Command::Reload {
            actor: a,
            weapon: w,
            ammo: None,
        };
        if accepted(state, &reload) {
            let ammo: Vec<Value> = reload_ammo(state, a, w)
                .into_iter()
                .filter(|k| {
                    accepted(
                        state,
                        &Command::Reload {
                            actor: a,
                            weapon: w,
                            ammo: Some(k.clone()),
                        },
                    )
                })
                .map(Value::String)
                .collect();
            let mut option = turn(&me, format!("reload {weapon}"), "reload")
                .using(&weapon)
                .cost("action");
            if !ammo.is_empty() {
                option = option.param(Param::one_of("ammo", ammo).optional());
            }
            list.out.push(option.with(reload.clone()));
            delayable.push((format!("reload {weapon}"), reload));
        }
        list.add(
            turn(&me, format!("draw {weapon}"), "draw")
                .using(&weapon)
                .cost("free"),
            Command::Draw {
                actor: a,
                weapon: w,
            },
        );
        list.add(
            turn(&me, format!("drop {weapon}"), "drop")
                .using(&weapon)
                .cost("free"),
            Command::Drop {
                actor: a,
                weapon: w,
            },
        );
    }
    for v in 0..state.vehicles.len() {
        let vehicle = state.vehicles[v].name.clone();
        list.add(
            turn(&me, format!("board {vehicle}"), "board")
                .using(&vehicle)
                .cost("move action"),
            Command::Board {
                actor: a,
                vehicle: v,
            },
        );
    }
    let maneuver = Command::Maneuver { actor: a, dv: 15 };
    if list.add(
        turn(&me, "maneuver the vehicle".to_owned(), "maneuver")
            .cost("action")
            .param(Param::range("dv", -MAX_DV, MAX_DV)),
        maneuver.clone(),
    ) {
        delayable.push(("maneuver the vehicle".to_owned(), maneuver));
    }
    let net = Command::NetAction {
        actor: a,
        what: "net action".to_owned(),
    };
    if list.add(
        turn(&me, "NET action".to_owned(), "net_action")
            .cost("NET action")
            .param(Param::text("what")),
        net.clone(),
    ) {
        delayable.push(("NET action".to_owned(), net));
    }
    skill_options(list, a, &mut delayable);
    let object = Command::UseObject {
        actor: a,
        holster: None,
        note: String::new(),
    };
    if accepted(state, &object) {
        let holster: Vec<Value> = (0..f.weapons.len())
            .filter(|&w| f.weapons[w].holding == Holding::InHand)
            .filter(|&w| {
                accepted(
                    state,
                    &Command::UseObject {
                        actor: a,
                        holster: Some(w),
                        note: String::new(),
                    },
                )
            })
            .map(Value::from)
            .collect();
        let mut option = turn(&me, "use an object".to_owned(), "use_object")
            .cost("action")
            .param(Param::text("note"));
        if !holster.is_empty() {
            option = option.param(Param::one_of("holster", holster).optional());
        }
        list.out.push(option.with(object.clone()));
        delayable.push(("use an object".to_owned(), object));
    }
    delay_options(list, a, delayable);
    list.add(
        turn(&me, "end the turn".to_owned(), "end_turn"),
        Command::EndTurn { actor: a },
    );
    for how in [Leaving::Flee, Leaving::Surrender] {
        let label = match how {
            Leaving::Flee => "flee",
            Leaving::Surrender => "surrender",
        };
        list.add(
            LegalOption::new(OptionKind::GameMaster, &*me, label.to_owned(), "leave"),
            Command::Leave { actor: a, how },
        );
    }
}

fn aim_name(aim: Aim) -> &'static str {
    match aim {
        Aim::None => "body",
        Aim::Head => "head",
        Aim::Item => "held item",
        Aim::Leg => "leg",
    }
}

/// The ammunition types of `w`'s calibre in the reserve.
fn reload_ammo(state: &State, a: usize, w: usize) -> Vec<String> {
    let f = &state.fighters[a];
    let weapon = &f.weapons[w];
    let Some(p) = state.tables.weapons.get(&*weapon.profile) else {
        return Vec::new();
    };
    let calibre = p.calibre.as_deref().unwrap_or(&weapon.profile);
    f.reserve
        .get(calibre)
        .map(|m| m.keys().map(|k| k.to_string()).collect())
        .unwrap_or_default()
}

/// Moves in `mode`: one option per unbroken run of accepted positions on each side.
fn move_options(list: &mut List, a: usize, mode: MoveMode) {
    let state = list.state;
    let f = &state.fighters[a];
    let me = f.name.to_string();
    let at = f.position;
    let mode_name = match mode {
        MoveMode::Walk => "move",
        MoveMode::Swim => "swim",
        MoveMode::Climb => "climb",
        MoveMode::RunningJump => "running jump",
        MoveMode::StandingJump => "standing jump",
    };
    for dir in [-1, 1] {
        let mut run: Option<(i32, i32)> = None;
        let flush = |list: &mut List, run: &mut Option<(i32, i32)>| {
            if let Some((x, y)) = run.take() {
                let (lo, hi) = (x.min(y), x.max(y));
                let option = turn(&me, format!("{mode_name} to {lo} … {hi}"), "move")
                    .cost("move action")
                    .param(Param::range("to", lo.into(), hi.into()));
                list.out.push(option.with(Command::Move {
                    actor: a,
                    to: x,
                    mode,
                }));
            }
        };
        for k in 1..=MOVE_SCAN {
            let to = at.saturating_add(dir * k);
            if accepted(state, &Command::Move { actor: a, to, mode }) {
                run = Some(run.map_or((to, to), |(x, _)| (x, to)));
            } else {
                flush(list, &mut run);
            }
        }
        flush(list, &mut run);
    }
}

fn skill_options(list: &mut List, a: usize, delayable: &mut Vec<(String, Command)>) {
    let state = list.state;
    let f = &state.fighters[a];
    let me = f.name.to_string();
    let sample = |stat: &str, skill: &str| Command::UseSkill {
        actor: a,
        stat: stat.to_owned(),
        skill: skill.to_owned(),
        dv: 15,
        turns: 1,
    };
    if !accepted(state, &sample("ref", "athletics")) {
        return;
    }
    let stats: Vec<Value> = STATS.iter().map(|s| Value::from(*s)).collect();
    // A mute fighter (RED-42) may not check a speech skill: its skills are listed instead.
    let skill = if f.effects.mute {
        let known: Vec<Value> = f
            .skills
            .keys()
            .filter(|k| accepted(state, &sample("ref", k)))
            .map(|k| Value::from(k.as_str()))
            .collect();
        Param::one_of("skill", known)
    } else {
        Param::text("skill")
    };
    let command = sample("ref", "athletics");
    let option = turn(&me, "skill check".to_owned(), "use_skill")
        .cost("action")
        .param(Param::one_of("stat", stats))
        .param(skill)
        .param(Param::range("dv", -MAX_DV, MAX_DV))
        .param(Param::range("turns", 1, 1000));
    list.out.push(option.with(command.clone()));
    delayable.push(("skill check".to_owned(), command));
}

/// Each delayable action, held until a trigger (RED-10): every trigger `apply` accepts.
fn delay_options(list: &mut List, a: usize, delayable: Vec<(String, Command)>) {
    let state = list.state;
    let n = state.fighters.len().min(MAX_COMBATANTS);
    let me = state.fighters[a].name.to_string();
    let triggers: Vec<Trigger> = (0..n)
        .flat_map(|i| [Trigger::AfterTurn { of: i }, Trigger::Moves { who: i }])
        .collect();
    for (label, action) in delayable {
        let delay = |trigger| Command::Delay {
            actor: a,
            action: Box::new(action.clone()),
            trigger,
        };
        let fits: Vec<Value> = triggers
            .iter()
            .filter(|&&t| accepted(state, &delay(t)))
            .map(|t| serde_json::to_value(t).expect("serializes"))
            .collect();
        let Some(first) = fits.first() else {
            continue;
        };
        let first: Trigger = serde_json::from_value(first.clone()).expect("a trigger");
        let option = turn(&me, format!("delay: {label}"), "delay")
            .cost("action")
            .param(Param::one_of("trigger", fits));
        list.out.push(option.with(delay(first)));
    }
}

/// The odds of `command` (an attack, or the answer to a pending one): what `fray odds red`
/// shows for the same attack; empty for a command that rolls no attack.
pub fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
    let mut copy = state.clone();
    if !copy.equipped() {
        copy.equip();
    }
    apply(
        &mut copy.clone(),
        command,
        &mut Rng::new(0, 0),
        &mut EventLog::quiet(),
    )?;
    match attack_spec(&copy, command)? {
        Some(spec) => odds_tables(&spec),
        None => Ok(Vec::new()),
    }
}

impl Decide for Red {
    fn options(state: &State) -> Options<Command> {
        options(state)
    }

    fn preview(state: &State, command: &Command) -> Result<Vec<OddsTable>, RuleError> {
        preview(state, command)
    }
}

impl fray_dice::DefaultPolicy for Red {
    type Policy = crate::policy::RedPolicy;
}
