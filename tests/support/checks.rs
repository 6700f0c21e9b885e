//! Boundary invariants checked after every step by the property tests, the fuzz targets and
//! the concurrency stress test (the fuzz targets include this file by path).
#![allow(dead_code)]

use fray::dice::{Encounter, EncounterError, Error, ErrorKind};
use serde_json::Value;

#[path = "known.rs"]
pub mod known;

/// Starts `entry` from `setup`, unless the setup matches a known finding (see `known.rs`).
pub fn start(
    entry: &fray::dice::Entry,
    setup: &str,
    seed: u64,
    stream: u64,
) -> Option<Result<Box<dyn Encounter>, EncounterError>> {
    if known::setup(entry.id, setup).is_some() {
        return None;
    }
    Some((entry.start)(setup, seed, stream))
}

/// What a refused command must leave exactly as it was.
#[derive(Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// `state_json()`.
    pub state: String,
    /// `events_json()`.
    pub events: String,
    /// `dice_position()`.
    pub position: u128,
}

/// The encounter's state, log and dice position.
pub fn snapshot(encounter: &dyn Encounter) -> Snapshot {
    Snapshot {
        state: encounter.state_json(),
        events: encounter.events_json(),
        position: encounter.dice_position(),
    }
}

fn array(json: &str, what: &str) -> Vec<Value> {
    match serde_json::from_str(json) {
        Ok(Value::Array(items)) => items,
        other => panic!("{what} is not a JSON array: {other:?} from {json}"),
    }
}

/// Applies `command`. A refusal must leave state, log and dice untouched; an acceptance must
/// append exactly the returned events to the log.
pub fn apply_checked(
    encounter: &mut dyn Encounter,
    command: &str,
) -> Result<String, EncounterError> {
    if let Some(why) = known::command(encounter.ruleset(), command) {
        return Err(EncounterError::InvalidInput(Error::new(
            ErrorKind::Parse,
            format!("skipped, known finding: {why}"),
        )));
    }
    let before = snapshot(encounter);
    match encounter.apply_json(command) {
        Err(e) => {
            let after = snapshot(encounter);
            assert!(
                after == before,
                "{}: refused command {command:?} ({e}) changed the encounter:\nbefore {before:?}\nafter  {after:?}",
                encounter.ruleset()
            );
            Err(e)
        }
        Ok(events) => {
            // Both are compact JSON arrays, so the new log is the old one with the returned
            // events spliced on (a string comparison: no parsing on the hot fuzzing path).
            let expected = match (before.events.as_str(), events.as_str()) {
                (old, "[]") => old.to_owned(),
                ("[]", new) => new.to_owned(),
                (old, new) => format!("{},{}", &old[..old.len() - 1], &new[1..]),
            };
            assert!(
                encounter.events_json() == expected,
                "{}: after {command:?} the log is not the old log plus the returned events {events}",
                encounter.ruleset()
            );
            Ok(events)
        }
    }
}

/// The default tactic's next command, which must be accepted (simulation relies on it).
/// Returns `false` once the encounter is over. Cheap on purpose (no snapshots): the log is
/// checked as a whole by [`check_replay`].
pub fn apply_suggested(encounter: &mut dyn Encounter) -> bool {
    let Some(command) = encounter.suggest_json() else {
        return false;
    };
    if let Some(why) = known::command(encounter.ruleset(), &command) {
        panic!("the default tactic chose a command of a known finding ({why}): {command}");
    }
    if let Err(e) = encounter.apply_json(&command) {
        panic!(
            "{}: the default tactic's own command {command} was refused: {e}",
            encounter.ruleset()
        );
    }
    true
}

/// The session's replay file verifies through the facade, reproduces every event of the live
/// session, and reports the digest written in the file.
pub fn check_replay(encounter: &dyn Encounter) -> String {
    let replay = encounter.replay_json();
    let report = fray::verify_replay(&replay).unwrap_or_else(|e| {
        panic!(
            "{}: the session's own replay does not verify: {e}\n{replay}",
            encounter.ruleset()
        )
    });
    let file: Value = serde_json::from_str(&replay).expect("replay_json is JSON");
    assert_eq!(
        file["events_digest"].as_str(),
        Some(report.events_digest.as_str()),
        "replay digest differs from the file's"
    );
    assert_eq!(
        report.events,
        array(&encounter.events_json(), "events_json"),
        "{}: replaying gives other events than the live session",
        encounter.ruleset()
    );
    report.events_digest
}
