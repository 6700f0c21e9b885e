//! Helpers shared by the engine tests: fighters as JSON, scripted command runs.
#![allow(dead_code)]

use fray_andromeda::{Command, Event, Setup, State};
use fray_dice::{EventLog, RuleError, Scripted};
use serde_json::{json, Value};

/// A rank-2 fighter: Fortitude 3 (strong), Control 2, Will 1; a melee `hit` and a ranged `shot`.
pub fn fighter(id: &str, side: &str, pos: [i64; 2]) -> Value {
    json!({
        "id": id, "side": side, "rank": 2,
        "archetype": {"name": "Test", "strong": "fortitude", "medium": "control", "weak": "will"},
        "skills": {
            "melee": {"value": 3, "rank": 2}, "might": {"value": 3, "rank": 2},
            "agility": {"value": 2, "rank": 2}, "stealth": {"value": 3, "rank": 2},
            "perception": {"value": 2, "rank": 2}, "shooting": {"value": 3, "rank": 2},
            "will": {"value": 2, "rank": 2}
        },
        "abilities": [
            {"id": "hit", "skill": "melee", "defense": "fortitude", "damage": "1/2/3/5"},
            {"id": "shot", "skill": "shooting", "defense": "control", "damage": "1/2/3/4",
             "ranged": true, "range": 30}
        ],
        "position": pos
    })
}

/// `base` with the keys of `patch` replaced.
pub fn with(mut base: Value, patch: Value) -> Value {
    for (k, v) in patch.as_object().expect("patch is an object") {
        base[k] = v.clone();
    }
    base
}

/// A setup of `parts` with `extra` top-level keys (settings, opening).
pub fn setup_of(parts: Vec<Value>, extra: Value) -> Setup {
    let mut v = json!({ "participants": parts });
    for (k, x) in extra.as_object().expect("object") {
        v[k] = x.clone();
    }
    serde_json::from_value(v).expect("valid setup")
}

/// A hero `a` at the origin against an enemy `b` one metre away.
pub fn duel() -> Setup {
    setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    )
}

pub fn cmd(v: Value) -> Command {
    serde_json::from_value(v).expect("valid command")
}

pub fn start(id: &str) -> Value {
    json!({"type": "start_turn", "actor": id})
}

pub fn end(id: &str) -> Value {
    json!({"type": "end_turn", "actor": id})
}

pub fn use_(id: &str, ability: &str, targets: &[&str]) -> Value {
    json!({"type": "use_ability", "actor": id, "ability": ability, "targets": targets})
}

/// An encounter driven by scripted dice.
pub struct T {
    pub state: State,
}

impl T {
    pub fn new(setup: Setup) -> T {
        T::with_dice(setup, &[])
    }

    pub fn with_dice(setup: Setup, dice: &[u32]) -> T {
        let mut d = Scripted::new(dice.iter().copied());
        let state = State::start(&setup, &mut d, &mut EventLog::recording()).expect("setup starts");
        assert_eq!(d.remaining(), 0, "start left scripted dice unused");
        T { state }
    }

    /// Applies a command that must succeed and use exactly `dice`.
    pub fn ok(&mut self, command: Value, dice: &[u32]) -> Vec<Event> {
        let mut d = Scripted::new(dice.iter().copied());
        let c = cmd(command);
        let mut events = EventLog::recording();
        self.state
            .apply(&c, &mut d, &mut events)
            .unwrap_or_else(|e| panic!("{c:?} refused: {e}"));
        assert_eq!(d.remaining(), 0, "{c:?} left scripted dice unused");
        events.into_vec()
    }

    /// Applies a command that must be refused; returns the rule and checks nothing changed.
    pub fn fail(&mut self, command: Value) -> String {
        let before = serde_json::to_string(&self.state).unwrap();
        let mut copy = self.state.clone();
        let mut d = Scripted::new([]);
        let e: RuleError = copy
            .apply(&cmd(command), &mut d, &mut EventLog::recording())
            .expect_err("command should be refused");
        // Validation happens before any mutation, so even the working copy is untouched.
        assert_eq!(serde_json::to_string(&copy).unwrap(), before);
        e.rule.to_string()
    }

    pub fn i(&self, id: &str) -> usize {
        self.state.find(id).unwrap()
    }

    pub fn heat(&self, id: &str) -> u32 {
        self.state.fighters[self.i(id)].heat
    }

    pub fn has(&self, id: &str, kind: fray_andromeda::ConditionKind) -> bool {
        self.state.has(self.i(id), kind)
    }
}

/// The first Check event.
pub fn first_check(events: &[Event]) -> &Event {
    events
        .iter()
        .find(|e| matches!(e, Event::Check { .. }))
        .expect("a check was made")
}

pub fn tier_of(e: &Event) -> fray_andromeda::Tier {
    match e {
        Event::Check { tier, .. } => *tier,
        _ => panic!("not a check"),
    }
}

/// Like [`fighter`] but with weak Fortitude (1), medium Control (2), strong Will (3).
pub fn soft(id: &str, side: &str, pos: [i64; 2]) -> Value {
    with(
        fighter(id, side, pos),
        json!({"archetype": {"name": "Soft", "strong": "will", "medium": "control", "weak": "fortitude"}}),
    )
}

/// `base` with an extra ability.
pub fn plus_ability(mut base: Value, ability: Value) -> Value {
    base["abilities"]
        .as_array_mut()
        .expect("abilities")
        .push(ability);
    base
}
