//! Shared helpers for the engine tests: a small duel setup and scripted commands.
#![allow(dead_code)]

use fray_age::{Age, AttackAction, Command, Event, Name, Setup, State};
use fray_dice::{EventLog, Rng, RuleError, Ruleset, Scripted};
use serde_json::{json, Value};

/// A (side 0, at 0 m): Fighting 2, Accuracy 2, Dex 2 (Defense 12), Con 2, Str 2, Per 1,
/// Fortune 10, wields a knife (Light Blades focus), carries a rifle (Rifles focus) and one
/// grenade. B (side 1, at 1 m): Fighting 1, Dex 1 (Defense 11), Con 1, Str 1, Fortune 10,
/// wields a club (heavy melee), carries a pistol.
pub fn duel_json() -> Value {
    json!({
        "characters": [
            {
                "name": "A", "side": 0, "fortune": 10,
                "abilities": {"fighting": 2, "accuracy": 2, "dexterity": 2, "constitution": 2,
                              "strength": 2, "perception": 1, "intelligence": 1},
                "foci": ["Rifles", "Light Blades", "Throwing"],
                "weapons": [
                    {"name": "knife", "kind": "light_melee", "focus": "Light Blades"},
                    {"name": "rifle", "kind": "rifle", "focus": "Rifles"},
                    {"name": "grenade", "kind": "grenade", "focus": "Throwing"}
                ],
                "wielding": "knife",
                "position": 0
            },
            {
                "name": "B", "side": 1, "fortune": 10,
                "abilities": {"fighting": 1, "dexterity": 1, "constitution": 1, "strength": 1},
                "weapons": [
                    {"name": "club", "kind": "heavy_melee"},
                    {"name": "pistol", "kind": "pistol"}
                ],
                "wielding": "club",
                "position": 1
            }
        ]
    })
}

/// The duel, changed by `edit`, with A first.
pub fn duel_with(edit: impl FnOnce(&mut Value)) -> State {
    let mut v = duel_json();
    edit(&mut v);
    start_with(&setup(v), &[5, 5, 5, 1, 1, 2]).0
}

/// Parses a setup.
/// The names an event lists, as plain strings to compare with literals.
pub fn names(list: &[Name]) -> Vec<&str> {
    list.iter().map(|n| &**n).collect()
}

pub fn setup(v: Value) -> Setup {
    serde_json::from_value(v).expect("setup JSON fits")
}

/// Starts with scripted initiative dice (3 per character, in setup order).
pub fn start_with(setup: &Setup, dice: &[u32]) -> (State, Vec<Event>) {
    let mut s = Scripted::new(dice.to_vec());
    let mut events = EventLog::recording();
    let state = Age::start(setup, &mut s, &mut events).expect("setup starts");
    assert_eq!(s.remaining(), 0, "unused initiative dice");
    (state, events.into_vec())
}

/// The duel with A first (A rolls 15 + 2, B rolls 4 + 1).
pub fn duel() -> State {
    start_with(&setup(duel_json()), &[5, 5, 5, 1, 1, 2]).0
}

/// Parses a command.
pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v).expect("command JSON fits")
}

/// Applies a command with exactly these dice (all must be used when it succeeds).
pub fn run(state: &mut State, command: Value, dice: &[u32]) -> Result<Vec<Event>, RuleError> {
    let mut s = Scripted::new(dice.to_vec());
    let mut events = EventLog::recording();
    Age::apply(state, &cmd(command), &mut s, &mut events)?;
    assert_eq!(s.remaining(), 0, "unused scripted dice");
    Ok(events.into_vec())
}

/// Applies a command that must succeed.
pub fn ok(state: &mut State, command: Value, dice: &[u32]) -> Vec<Event> {
    run(state, command.clone(), dice).unwrap_or_else(|e| panic!("{command} refused: {e}"))
}

/// Applies a command that must be refused under `rule`, and checks nothing changed.
pub fn refused(state: &mut State, command: Value, rule: &str) -> RuleError {
    let before = serde_json::to_string(state).unwrap();
    let mut s = Scripted::new([]);
    let e = Age::apply(
        &mut state.clone(),
        &cmd(command.clone()),
        &mut s,
        &mut EventLog::quiet(),
    )
    .expect_err("the command should be refused");
    assert_eq!(e.rule, rule, "{command}: {e}");
    // Through a clone above; the state itself must be untouched by validation too.
    let e2 = Age::apply(
        state,
        &cmd(command),
        &mut Scripted::new([]),
        &mut EventLog::quiet(),
    )
    .expect_err("refused");
    assert_eq!(e2, e);
    assert_eq!(serde_json::to_string(state).unwrap(), before);
    e
}

/// The index of a combatant.
pub fn who(state: &State, name: &str) -> usize {
    state
        .combatants
        .iter()
        .position(|c| *c.name == *name)
        .unwrap()
}

/// A random setup: 2 to 5 fighters on a short line, varied weapons, Fortune, conditions,
/// armour, free fall and stunt settings.
pub fn random_setup(rng: &mut Rng) -> Value {
    let weapons = [
        json!({"name": "knife", "kind": "light_melee", "focus": "Light Blades"}),
        json!({"name": "club", "kind": "heavy_melee"}),
        json!({"name": "pistol", "kind": "pistol", "high_capacity": true}),
        json!({"name": "rifle", "kind": "rifle", "automatic": true, "focus": "Rifles"}),
        json!({"name": "grenade", "kind": "grenade", "count": 2}),
        json!({"name": "launcher", "kind": "grenade_launcher"}),
    ];
    let n = 2 + rng.below(4) as usize;
    let mut characters = Vec::new();
    for i in 0..n {
        let side = if i < 2 { i as u32 } else { rng.below(2) };
        let mut carried = Vec::new();
        for w in &weapons {
            if rng.below(3) == 0 {
                carried.push(w.clone());
            }
        }
        let wielding = (!carried.is_empty() && rng.below(4) > 0)
            .then(|| carried[rng.below(carried.len() as u32) as usize]["name"].clone());
        let armour = ["none", "light", "medium"][rng.below(3) as usize];
        let injury = ["none", "none", "injured", "wounded"][rng.below(4) as usize];
        let mut c = json!({
            "name": format!("F{i}"),
            "side": side,
            "fortune": rng.below(14),
            "position": rng.below(30) as i32 - 15,
            "abilities": {
                "fighting": rng.below(4), "accuracy": rng.below(4), "dexterity": rng.below(4),
                "constitution": rng.below(3), "strength": rng.below(4), "perception": rng.below(3),
                "intelligence": rng.below(3)
            },
            "foci": ["Light Blades", "Rifles", "Medicine"],
            "armour": armour,
            "shield": rng.below(4) == 0,
            "near_hull": rng.below(4) == 0,
            "free_fall_mobility": rng.below(2) == 0,
            "weapons": carried,
            "conditions": {
                "prone": rng.below(5) == 0,
                "injury": injury,
                "slowed": rng.below(6) == 0,
                "blinded": rng.below(8) == 0
            }
        });
        if let Some(w) = wielding {
            c["wielding"] = w;
        }
        characters.push(c);
    }
    json!({
        "characters": characters,
        "free_fall": rng.below(5) == 0,
        "corridor": [-40, 40],
        "rules": {
            "max_rounds": 6,
            "stunt_attack_points": rng.below(3),
            "damage_flow": {"use_conditions": rng.below(5) > 0}
        }
    })
}

/// Each attack of `events`: action, total, Defense, hit, stunt points.
pub fn attacks(events: &[Event]) -> Vec<(AttackAction, i32, i32, bool, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                action,
                roll,
                defense,
                hit,
                stunt_points,
                ..
            } => Some((*action, roll.total, *defense, *hit, *stunt_points)),
            _ => None,
        })
        .collect()
}

/// Each damage dealt in `events`: raw, Toughness and Fortune lost.
pub fn damage(events: &[Event]) -> Vec<(i32, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage { outcome, .. } => {
                Some((outcome.raw, outcome.toughness, outcome.fortune_lost))
            }
            _ => None,
        })
        .collect()
}

/// Whether `events` start a turn of `name`.
pub fn turn_started(events: &[Event], name: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { name: n } if &**n == name))
}
