//! The decision protocol through the registry, as the CLI and the bindings reach it: a policy
//! given as JSON, a chooser written outside Rust, and the readable-log entry points.

use fray::dice::{simulate_with, FirstOption, Lang, View};

fn age() -> fray::dice::Entry {
    fray::ruleset("age").expect("age is registered")
}

#[test]
fn a_chooser_that_takes_the_first_option_plays_as_first_option() {
    let entry = age();
    let setup = (entry.demo_setup)();
    let fns = entry.policy.expect("age is on the decision protocol");
    let mut calls = 0u64;
    let mut chooser = |options: &str, _state: &str| -> Result<String, String> {
        calls += 1;
        let options: serde_json::Value = serde_json::from_str(options).unwrap();
        let decider = options["decider"]["name"].as_str().unwrap().to_owned();
        let first = options["list"]
            .as_array()
            .unwrap()
            .iter()
            .find(|o| o["actor"] == decider.as_str() && o["kind"] != "game_master")
            .expect("the decider has an option");
        Ok(first["command"].to_string())
    };
    let by_chooser = (fns.simulate_chooser)(&setup, &mut chooser, 6, 3).unwrap();
    assert!(
        calls > 6,
        "the chooser decides every command ({calls} calls)"
    );
    let setup: fray::age::Setup = serde_json::from_str(&setup).unwrap();
    let native = simulate_with::<fray::age::Age, _>(&setup, &FirstOption, 6, 3, 2).unwrap();
    assert_eq!(by_chooser, native);
}

#[test]
fn a_failing_chooser_stops_the_simulation_naming_the_trial() {
    let entry = age();
    let fns = entry.policy.unwrap();
    let mut chooser = |_: &str, _: &str| -> Result<String, String> { Err("no idea".into()) };
    let e = (fns.simulate_chooser)(&(entry.demo_setup)(), &mut chooser, 5, 1).unwrap_err();
    assert_eq!(
        e.to_string(),
        "rule policy: trial 0: the policy failed: no idea",
        "the first trial's failure, with the chooser's message"
    );
    let mut illegal =
        |_: &str, _: &str| -> Result<String, String> { Ok("{\"type\":\"x\"}".into()) };
    let e = (fns.simulate_chooser)(&(entry.demo_setup)(), &mut illegal, 5, 1).unwrap_err();
    assert!(
        e.to_string().contains("chosen command"),
        "a command that does not parse is named: {e}"
    );
}

#[test]
fn a_policy_file_changes_the_fight_reproducibly() {
    let entry = age();
    let setup = (entry.demo_setup)();
    let fns = entry.policy.unwrap();
    let default = (fns.simulate)(&setup, &(fns.default)(), 400, 1, 2).unwrap();
    let plain = (entry.simulate)(&setup, 400, 1, 1, None).unwrap();
    assert_eq!(default, plain, "the default policy is the default tactic");
    let weakest = r#"{"party": {"target": "weakest"}, "opponents": {"target": "weakest"}}"#;
    let a = (fns.simulate)(&setup, weakest, 400, 1, 1).unwrap();
    let b = (fns.simulate)(&setup, weakest, 400, 1, 2).unwrap();
    assert_eq!(a, b, "thread count does not matter");
    assert_ne!(
        a.wins, default.wins,
        "another target priority, another fight"
    );
    let e = (fns.simulate)(&setup, r#"{"party": {"target": "tallest"}}"#, 10, 1, 1).unwrap_err();
    assert!(e.to_string().contains("party.target"), "{e}");
}

#[test]
fn rulesets_without_the_protocol_say_so_and_lines_default_to_describe() {
    for entry in fray::rulesets() {
        let mut encounter = (entry.start)(&(entry.demo_setup)(), entry.demo_seed, 0).unwrap();
        if entry.policy.is_none() {
            let e = encounter.options_json().unwrap_err();
            assert!(e.to_string().contains("not offered"), "{}: {e}", entry.id);
        } else {
            assert!(encounter
                .options_json()
                .unwrap()
                .starts_with("{\"decider\":"));
        }
        if let Some(command) = encounter.suggest_json() {
            encounter.apply_json(&command).unwrap();
        }
        let events: Vec<serde_json::Value> =
            serde_json::from_str(&encounter.events_json()).unwrap();
        let lines = encounter.lines(&View::game_master(Lang::En));
        assert_eq!(
            lines.len(),
            events.len(),
            "{}: the game master sees every event",
            entry.id
        );
        for (event, line) in events.iter().zip(&lines) {
            let shown = (entry.line)(&event.to_string(), &View::game_master(Lang::En)).unwrap();
            assert_eq!(shown.as_deref(), Some(line.as_str()), "{}", entry.id);
        }
    }
}
