//! Shared builders for engine tests.
#![allow(dead_code)]

use fray_better_world::*;
use fray_dice::{EventLog, RuleError, Scripted};

/// A plain fighter: Training 2, Constitution 2, Coordination 1, Perception 2, Muscle Memory 1.
pub fn fighter(name: &str, side: u8, position: i32, reflexes: u32) -> Character {
    use Aspect::*;
    Character {
        name: name.into(),
        side,
        position,
        aspects: [
            (Reflexes, reflexes),
            (Training, 2),
            (Constitution, 2),
            (Coordination, 1),
            (Perception, 2),
            (MuscleMemory, 1),
        ]
        .into_iter()
        .collect(),
        ..Character::default()
    }
}

pub fn pistol() -> Weapon {
    Weapon {
        name: "pistol".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        bonus: 1,
        comfortable: Distance::Near,
        ammo: Some(8),
        magazine: 8,
        spare_magazines: 1,
        ..Weapon::default()
    }
}

pub fn smg() -> Weapon {
    Weapon {
        name: "smg".into(),
        kind: WeaponKind::Firearm,
        effectiveness: 2,
        comfortable: Distance::Medium,
        ammo: Some(20),
        magazine: 20,
        short_burst: Some(Burst {
            rounds: 3,
            bonus: 1,
        }),
        long_burst: Some(Burst {
            rounds: 10,
            bonus: 2,
        }),
        ..Weapon::default()
    }
}

pub fn knife() -> Weapon {
    Weapon {
        name: "knife".into(),
        kind: WeaponKind::Knife,
        effectiveness: 1,
        ..Weapon::default()
    }
}

pub fn setup(characters: Vec<Character>) -> Setup {
    Setup {
        settings: Settings::default(),
        characters,
    }
}

/// Starts with exactly these dice (all must be used).
pub fn started(setup: &Setup, dice: &[u32]) -> (State, Vec<Event>) {
    let mut d = Scripted::new(dice.iter().copied());
    let mut events = EventLog::recording();
    let state = start(setup, &mut d, &mut events).expect("setup accepted");
    assert_eq!(d.remaining(), 0, "start left dice unused");
    (state, events.into_vec())
}

/// Applies a command with exactly these dice (all must be used when it succeeds).
pub fn run(state: &mut State, command: Command, dice: &[u32]) -> Result<Vec<Event>, RuleError> {
    let mut d = Scripted::new(dice.iter().copied());
    let before = state.clone();
    let mut events = EventLog::recording();
    let out = apply(state, &command, &mut d, &mut events);
    match &out {
        Ok(()) => assert_eq!(d.remaining(), 0, "{command:?} left dice unused"),
        Err(_) => assert_eq!(*state, before, "a refused command changed the state"),
    }
    out.map(|()| events.into_vec())
}

pub fn strike(actor: usize, target: usize) -> Strike {
    Strike {
        actor,
        target,
        ..Strike::default()
    }
}

pub fn end(actor: usize) -> Command {
    Command::EndTurn { actor }
}

pub fn engage(actor: usize, to: i32, target: usize) -> Command {
    Command::Move {
        actor,
        to,
        sprint: false,
        engage: Some(target),
        sector: None,
    }
}

pub fn attacks(events: &[Event]) -> Vec<(Action, u32, u32, CheckResult, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked {
                action,
                pool,
                difficulty,
                result,
                automatic,
                ..
            } => Some((*action, *pool, *difficulty, *result, *automatic)),
            _ => None,
        })
        .collect()
}

/// The rule a refused command breaks; every refusal of the engine is written from a
/// message, so it reads in Russian too (issue 18).
pub fn rule(r: Result<Vec<Event>, RuleError>) -> String {
    let e = r.expect_err("the command should be refused");
    assert!(e.text.is_some(), "English only: {e}");
    e.rule.to_string()
}

pub fn has(events: &[Event], f: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(f)
}
