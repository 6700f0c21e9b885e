//! Encounters driven by JSON, for every registered ruleset (picked by the first byte).
//!
//! Input: `[ruleset/mode byte] [seed byte] chunk (0xFF chunk)*`. Mode 0 starts from the
//! ruleset's demo setup, mode 1 from the demo setup with mutations chosen by the first chunk,
//! mode 2 from the first chunk as setup JSON. Each further chunk is one step: `0x00` applies
//! the default tactic's command (which must be accepted), `0x01 …` applies it mutated by the
//! bytes that follow, `0x02` plays up to 50 suggested commands, anything else is applied as
//! command text. Checked: a refused command leaves state_json, events_json and dice_position
//! unchanged; an accepted one appends exactly its events; the session's replay verifies and
//! reproduces every event.
#![no_main]

use fray::dice::Encounter;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

#[path = "../../tests/support/checks.rs"]
mod checks;
#[path = "../../tests/support/mutate.rs"]
mod mutate;

use mutate::Choices;

fuzz_target!(|data: &[u8]| {
    let rulesets = fray::rulesets();
    let [first, seed, rest @ ..] = data else {
        return;
    };
    let entry = rulesets[usize::from(*first) % rulesets.len()];
    let mode = usize::from(*first) / rulesets.len() % 3;
    let mut chunks = rest.split(|&b| b == 0xFF);
    let demo = (entry.demo_setup)();
    let mut pool = Vec::new();
    let demo_value: Value = serde_json::from_str(&demo).expect("demo setup is JSON");
    mutate::strings(&demo_value, &mut pool);
    let setup = match mode {
        0 => demo,
        1 => {
            let mut c = Choices::new(chunks.next().unwrap_or_default());
            let mut value = demo_value;
            while !c.is_empty() {
                mutate::mutate(&mut value, &mut c, &pool);
            }
            value.to_string()
        }
        _ => match std::str::from_utf8(chunks.next().unwrap_or_default()) {
            Ok(text) => text.to_owned(),
            Err(_) => return,
        },
    };
    let Some(Ok(mut encounter)) = checks::start(&entry, &setup, u64::from(*seed), 0) else {
        return;
    };
    let encounter: &mut dyn Encounter = encounter.as_mut();
    for chunk in chunks {
        match chunk {
            [0] => {
                checks::apply_suggested(encounter);
            }
            [1, choices @ ..] => {
                let Some(command) = encounter.suggest_json() else {
                    continue;
                };
                let mut value: Value = serde_json::from_str(&command).expect("command is JSON");
                mutate::strings(&value, &mut pool);
                let mut c = Choices::new(choices);
                mutate::mutate(&mut value, &mut c, &pool);
                let _ = checks::apply_checked(encounter, &value.to_string());
            }
            [2] => {
                for _ in 0..50 {
                    if !checks::apply_suggested(encounter) {
                        break;
                    }
                }
            }
            text => {
                let _ = checks::apply_checked(encounter, &String::from_utf8_lossy(text));
            }
        }
    }
    checks::check_replay(encounter);
});
