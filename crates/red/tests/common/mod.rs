//! Shared builders for the RED tests.
#![allow(dead_code)]

use fray_dice::{EventLog, RuleError, Scripted};
use fray_red::{apply, start, CharacterSetup, Command, Event, Setup, State};
use serde_json::json;

/// A plain character: REF 7, DEX 6, BODY 6, WILL 6 (40 HP), MOVE 5, a heavy pistol in hand.
pub fn fighter(name: &str, side: u8, position: i32) -> CharacterSetup {
    serde_json::from_value(json!({
        "name": name, "side": side, "position": position,
        "stats": {"ref": 7, "dex": 6, "body": 6, "will": 6, "move": 5, "tech": 5, "cool": 5},
        "skills": {"handgun": 5, "evasion": 4, "brawling": 3, "autofire": 4,
                   "shoulder_arms": 4, "melee_weapon": 4, "first_aid": 3, "martial_arts": 3},
        "weapons": [{"name": "pistol", "profile": "heavy_pistol", "holding": "in_hand"}],
        "reserve": {"heavy_pistol": {"basic": 16}}
    }))
    .unwrap()
}

/// A setup with default tables and settings.
pub fn setup(characters: Vec<CharacterSetup>) -> Setup {
    serde_json::from_value(json!({ "characters": characters })).unwrap()
}

/// Starts with scripted initiative d10s.
pub fn begin(setup: &Setup, rolls: &[u32]) -> (State, Vec<Event>) {
    let mut events = EventLog::recording();
    let state = start(
        setup,
        &mut Scripted::new(rolls.iter().copied()),
        &mut events,
    )
    .unwrap();
    (state, events.into_vec())
}

/// Applies a command with scripted dice, insisting every scripted die is used.
pub fn run(state: &mut State, cmd: Command, rolls: &[u32]) -> Vec<Event> {
    let mut dice = Scripted::new(rolls.iter().copied());
    let mut events = EventLog::recording();
    apply(state, &cmd, &mut dice, &mut events).unwrap_or_else(|e| panic!("{cmd:?} refused: {e}"));
    assert_eq!(dice.remaining(), 0, "unused scripted dice after {cmd:?}");
    events.into_vec()
}

/// Applies a command expected to be refused; checks nothing changed and returns the rule.
pub fn refuse(state: &mut State, cmd: Command) -> RuleError {
    let before = serde_json::to_string(&*state).unwrap();
    let mut dice = Scripted::new([]);
    let e = apply(state, &cmd, &mut dice, &mut EventLog::quiet())
        .expect_err("the command should be refused");
    assert_eq!(
        before,
        serde_json::to_string(&*state).unwrap(),
        "a refusal changed the state"
    );
    e
}

/// Parses a command from JSON.
pub fn cmd(v: serde_json::Value) -> Command {
    serde_json::from_value(v).unwrap()
}

/// A (side 0) at 0 m and B (side 1) at 10 m; A acts first (12 vs 10).
pub fn duel() -> State {
    let s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    begin(&s, &[5, 3]).0
}

/// A's attack with its first weapon on `target`.
pub fn shoot(target: usize) -> Command {
    cmd(json!({"type": "attack", "actor": 0, "target": target, "weapon": 0}))
}
