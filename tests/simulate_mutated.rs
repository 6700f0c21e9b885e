//! Every setup that a ruleset accepts simulates (issues 19 and 23): demo setups mutated at
//! random (numbers nudged or made extreme, booleans flipped, strings swapped, keys dropped or
//! added, lists shrunk or grown) either are refused at start or play whole fights with the
//! default tactic — no illegal command, no error mid-run, no panic, no fight cut off at the
//! command cap (every round limit is bounded well below it).

#[path = "support/mutate.rs"]
mod mutate;

use mutate::Choices;
use proptest::collection::vec;
use proptest::prelude::*;
use serde_json::Value;

fn check(entry: &fray::dice::Entry, seed: u64, edits: &[Vec<u8>]) -> Result<(), TestCaseError> {
    let demo: Value = serde_json::from_str(&(entry.demo_setup)()).expect("demo is JSON");
    let mut pool = Vec::new();
    mutate::strings(&demo, &mut pool);
    let mut setup = demo;
    for edit in edits {
        mutate::mutate(&mut setup, &mut Choices::new(edit), &pool);
    }
    let text = setup.to_string();
    if (entry.start)(&text, seed, 0).is_err() {
        return Ok(());
    }
    let summary = (entry.simulate)(&text, 6, seed, 1, None).map_err(|e| {
        TestCaseError::fail(format!(
            "{}: an accepted setup failed mid-run: {e}\n{text}",
            entry.id
        ))
    })?;
    prop_assert_eq!(summary.trials, 6);
    prop_assert_eq!(
        summary.cut_off,
        0,
        "{}: fights cut off at the command cap\n{}",
        entry.id,
        text
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_accepted_mutated_setup_simulates_to_the_end(
        seed in any::<u64>(),
        edits in vec(vec(any::<u8>(), 2..10), 1..4),
    ) {
        for entry in fray::rulesets() {
            check(&entry, seed, &edits)?;
        }
    }
}
