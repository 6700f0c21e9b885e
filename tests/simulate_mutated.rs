//! Every setup that a ruleset accepts simulates (issues 19 and 23): the demo setup and every
//! example setup, mutated at random (numbers nudged or made extreme, booleans flipped, strings
//! swapped, keys dropped or added, lists shrunk or grown), either are refused at start or play
//! whole fights with the default policy — no illegal command, no error mid-run, no panic, no
//! fight cut off at the command cap (every round limit is bounded well below it).
//!
//! `scripts/bench` runs this test on a release build with `FRAY_TRIAL_BUDGET_MS=50`: then each
//! accepted setup plays 100 trials, each on its own and timed; a slower one fails, and the
//! slowest is printed.
//! Nothing is timed in the ordinary test run.

#[path = "support/mutate.rs"]
mod mutate;

use std::cell::RefCell;
use std::path::Path;
use std::time::{Duration, Instant};

use mutate::Choices;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;

/// Trials played per mutated setup in the test run, and when timed by `scripts/bench` in
/// release mode (issue 19: every accepted setup simulates 100 trials).
const TRIALS: u64 = 6;
const TIMED_TRIALS: u64 = 100;

/// The setups mutations start from: the demo, then the example setups in file order.
fn bases(entry: &fray::dice::Entry) -> Vec<(String, Value)> {
    let mut out = vec![(
        "demo".to_owned(),
        serde_json::from_str(&(entry.demo_setup)()).expect("demo is JSON"),
    )];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/setups")
        .join(entry.id);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| f.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("an example setup");
        let name = file
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        out.push((
            name,
            serde_json::from_str(&text).expect("an example is JSON"),
        ));
    }
    out
}

/// The slowest trial seen when timing: how long, and what it was.
type Slowest = RefCell<(Duration, String)>;

fn check(
    entry: &fray::dice::Entry,
    (base, setup): &(String, Value),
    seed: u64,
    edits: &[Vec<u8>],
    timing: Option<(Duration, &Slowest)>,
) -> Result<bool, TestCaseError> {
    let mut pool = Vec::new();
    mutate::strings(setup, &mut pool);
    let mut setup = setup.clone();
    for edit in edits {
        mutate::mutate(&mut setup, &mut Choices::new(edit), &pool);
    }
    let text = setup.to_string();
    if (entry.start)(&text, seed, 0).is_err() {
        return Ok(false);
    }
    let failed = |e: fray::dice::EncounterError| {
        TestCaseError::fail(format!(
            "{} ({base}): an accepted setup failed mid-run: {e}\n{text}",
            entry.id
        ))
    };
    let mut summaries = Vec::new();
    match timing {
        None => summaries.push((entry.simulate)(&text, TRIALS, seed, 1, None).map_err(failed)?),
        Some((budget, slowest)) => {
            for stream in 0..TIMED_TRIALS {
                let run = || {
                    let started = Instant::now();
                    let summary = (entry.simulate_range)(&text, stream, 1, seed, 1);
                    (summary, started.elapsed())
                };
                let (summary, mut took) = run();
                let summary = summary.map_err(failed)?;
                // The trial replays exactly, so a slow time is measured again: the least of
                // three is the trial's cost, not a pause of a busy machine.
                for _ in 0..2 {
                    if took > budget {
                        took = took.min(run().1);
                    }
                }
                prop_assert!(
                    took <= budget,
                    "{} ({base}): trial {stream} of seed {seed} took {took:?}, over {budget:?}\n{text}",
                    entry.id
                );
                let mut s = slowest.borrow_mut();
                if took > s.0 {
                    *s = (
                        took,
                        format!("{} ({base}), seed {seed}, trial {stream}", entry.id),
                    );
                }
                summaries.push(summary);
            }
        }
    }
    let trials: u64 = summaries.iter().map(|s| s.trials).sum();
    let cut_off: u64 = summaries.iter().map(|s| s.cut_off).sum();
    prop_assert_eq!(
        trials,
        if timing.is_some() {
            TIMED_TRIALS
        } else {
            TRIALS
        }
    );
    prop_assert_eq!(
        cut_off,
        0,
        "{} ({}): fights cut off at the command cap\n{}",
        entry.id,
        base,
        text
    );
    Ok(true)
}

#[test]
fn every_accepted_mutated_setup_simulates_to_the_end() {
    let budget = std::env::var("FRAY_TRIAL_BUDGET_MS").ok().map(|ms| {
        Duration::from_millis(ms.parse().expect("FRAY_TRIAL_BUDGET_MS is a whole number"))
    });
    let slowest: Slowest = RefCell::new((Duration::ZERO, String::new()));
    let simulated = RefCell::new(vec![0u32; 5]);
    let rulesets: Vec<_> = fray::rulesets()
        .into_iter()
        .map(|entry| {
            let bases = bases(&entry);
            (entry, bases)
        })
        .collect();
    let cases = if budget.is_some() { 400 } else { 600 };
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        any::<u64>(),
        any::<prop::sample::Index>(),
        vec(vec(any::<u8>(), 2..10), 1..4),
    );
    runner
        .run(&strategy, |(seed, which, edits)| {
            for (i, (entry, bases)) in rulesets.iter().enumerate() {
                let base = &bases[which.index(bases.len())];
                if check(entry, base, seed, &edits, budget.map(|b| (b, &slowest)))? {
                    simulated.borrow_mut()[i] += 1;
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // A refused mutation tests only the refusal: enough must be accepted to test the engines
    // (one in six to one in twelve is, today, depending on the ruleset and the draw).
    for ((entry, _), &n) in rulesets.iter().zip(simulated.borrow().iter()) {
        assert!(
            n >= cases / 20,
            "{}: only {n} of {cases} mutated setups were accepted",
            entry.id
        );
    }
    if let Some(budget) = budget {
        let (took, what) = slowest.into_inner();
        println!(
            "slowest trial of {cases} mutated setups per ruleset: {:.2} ms ({what}); budget {} ms",
            took.as_secs_f64() * 1000.0,
            budget.as_millis()
        );
    }
}
