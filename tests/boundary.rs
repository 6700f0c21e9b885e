//! Property tests across the JSON boundary, for every ruleset registered in the facade: random
//! (mostly illegal) command sequences, built by mutating the ruleset's own suggested commands
//! (numbers, ids, type tags, shapes) and mixing in junk, on demo setups that are sometimes
//! mutated too. Every command is either applied (its events appended to the log, nothing
//! else) or refused with state_json, events_json and dice_position exactly as before; the
//! session's replay then verifies and reproduces every event and the events digest.

#[path = "support/checks.rs"]
mod checks;
#[path = "support/mutate.rs"]
mod mutate;

use mutate::Choices;
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

#[derive(Clone, Debug)]
enum Step {
    /// The default tactic's command, which must be accepted.
    Suggested,
    /// The suggested command with one node mutated by these bytes.
    Mutated(Vec<u8>),
    /// Junk text built from these bytes.
    Junk(Vec<u8>),
    /// Up to this many suggested commands in a row.
    Play(u8),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => Just(Step::Suggested),
        5 => vec(any::<u8>(), 2..12).prop_map(Step::Mutated),
        1 => vec(any::<u8>(), 1..16).prop_map(Step::Junk),
        1 => (1u8..30).prop_map(Step::Play),
    ]
}

/// Plays `steps` on `entry`'s demo setup (mutated by `setup_edits`, if it still starts).
fn session(entry: &fray::dice::Entry, seed: u64, setup_edits: &[Vec<u8>], steps: &[Step]) {
    let demo: Value = serde_json::from_str(&(entry.demo_setup)()).expect("demo is JSON");
    let mut pool = Vec::new();
    mutate::strings(&demo, &mut pool);
    let mut setup = demo.clone();
    for edit in setup_edits {
        mutate::mutate(&mut setup, &mut Choices::new(edit), &pool);
    }
    let started = checks::start(entry, &setup.to_string(), seed, seed % 3);
    let mut encounter = match started {
        Some(Ok(encounter)) => encounter,
        // A refused mutated setup is fine; the demo itself must start.
        None | Some(Err(_)) if !setup_edits.is_empty() => {
            (entry.start)(&demo.to_string(), seed, seed % 3).expect("the demo setup starts")
        }
        Some(Err(e)) => panic!("{}: the demo setup was refused: {e}", entry.id),
        None => panic!("{}: the demo setup matches a known finding", entry.id),
    };
    let encounter = encounter.as_mut();
    for step in steps {
        match step {
            Step::Suggested => {
                checks::apply_suggested(encounter);
            }
            Step::Mutated(bytes) => {
                let Some(command) = encounter.suggest_json() else {
                    continue;
                };
                let mut value: Value = serde_json::from_str(&command).expect("command is JSON");
                mutate::strings(&value, &mut pool);
                mutate::mutate(&mut value, &mut Choices::new(bytes), &pool);
                let _ = checks::apply_checked(encounter, &value.to_string());
            }
            Step::Junk(bytes) => {
                let text = mutate::junk(&mut Choices::new(bytes), &pool);
                let _ = checks::apply_checked(encounter, &text);
            }
            Step::Play(n) => {
                for _ in 0..*n {
                    if !checks::apply_suggested(encounter) {
                        break;
                    }
                }
            }
        }
    }
    checks::check_replay(encounter);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn commands_apply_or_leave_no_trace_and_replays_reproduce_the_digest(
        seed in any::<u64>(),
        steps in vec(step(), 1..40),
    ) {
        for entry in fray::rulesets() {
            session(&entry, seed, &[], &steps);
        }
    }

    #[test]
    fn mutated_setups_start_or_are_refused_and_then_obey_the_same_rules(
        seed in any::<u64>(),
        setup_edits in vec(vec(any::<u8>(), 2..10), 1..4),
        steps in vec(step(), 1..20),
    ) {
        for entry in fray::rulesets() {
            session(&entry, seed, &setup_edits, &steps);
        }
    }
}
