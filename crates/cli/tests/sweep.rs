//! `fray sweep` and `fray setup` from the command line (issue 22, issue 19).

use std::process::{Command, Output};

use serde_json::Value;

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .output()
        .expect("fray runs")
}

fn stdout(args: &[&str]) -> String {
    let out = fray(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_point_of_a_sweep_equals_a_plain_simulation_of_that_setup() {
    let rows: Value = serde_json::from_str(&stdout(&[
        "sweep",
        "red",
        "--vary",
        "settings.max_rounds=2,6",
        "--trials",
        "300",
        "--seed",
        "4",
        "--threads",
        "2",
        "--json",
    ]))
    .unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let dir = std::env::temp_dir().join(format!("fray-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (row, rounds) in rows.iter().zip([2, 6]) {
        assert_eq!(row["values"]["settings.max_rounds"], rounds);
        let mut setup: Value = serde_json::from_str(&stdout(&["setup", "red"])).unwrap();
        setup["settings"]["max_rounds"] = rounds.into();
        let path = dir.join(format!("red-{rounds}.json"));
        std::fs::write(&path, setup.to_string()).unwrap();
        let plain: Value = serde_json::from_str(&stdout(&[
            "simulate",
            "red",
            "--setup",
            path.to_str().unwrap(),
            "--trials",
            "300",
            "--seed",
            "4",
            "--threads",
            "1",
            "--json",
        ]))
        .unwrap();
        assert_eq!(row["summary"], plain, "max_rounds {rounds}");
    }
    // The first point is the baseline: its change is zero; the second's is its rate minus
    // the first's.
    let rate = |r: &Value| r["sides"][0]["rate"].as_f64().unwrap();
    assert_eq!(rows[0]["sides"][0]["change"].as_f64(), Some(0.0));
    let change = rows[1]["sides"][0]["change"].as_f64().unwrap();
    assert!((change - (rate(&rows[1]) - rate(&rows[0]))).abs() < 1e-12);
    let (low, high) = (
        rows[1]["sides"][0]["change_low"].as_f64().unwrap(),
        rows[1]["sides"][0]["change_high"].as_f64().unwrap(),
    );
    assert!(low <= change && change <= high);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_two_path_sweep_is_a_grid_and_csv_has_a_row_per_point() {
    let csv = stdout(&[
        "sweep",
        "red",
        "--vary",
        "settings.max_rounds=1..=3",
        "--vary",
        "settings.max_rounds=4,5",
        "--trials",
        "50",
        "--csv",
    ]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 1 + 3 * 2);
    assert!(lines[0].starts_with("settings.max_rounds,settings.max_rounds,trials,"));
    assert!(lines[1].starts_with("1,4,50,"), "{}", lines[1]);
}

#[test]
fn a_bad_sweep_is_one_line_and_exit_2() {
    for (args, message) in [
        (
            vec![
                "sweep",
                "red",
                "--vary",
                "nosuch.field=1,2",
                "--trials",
                "10",
            ],
            "fray: --vary nosuch.field: the setup has no such value",
        ),
        (
            vec!["sweep", "red", "--vary", "settings.max_rounds=9..1"],
            "allowed: 1 to 400",
        ),
        (
            vec!["sweep", "red", "--vary", "settings.max_rounds=[1,2"],
            "is not a JSON value",
        ),
    ] {
        let out = fray(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn setup_prints_the_demo_setup_that_simulate_plays() {
    for id in ["andromeda", "red", "age", "better-world", "hunt"] {
        let printed: Value = serde_json::from_str(&stdout(&["setup", id])).unwrap();
        let demo: Value = serde_json::from_str(&(fray::ruleset(id).unwrap().demo_setup)()).unwrap();
        assert_eq!(printed, demo, "{id}");
    }
}

#[test]
fn precision_stops_at_the_same_count_on_any_thread_count_and_equals_a_plain_run() {
    let run = |threads: &str| -> Value {
        serde_json::from_str(&stdout(&[
            "simulate",
            "hunt",
            "--precision",
            "0.008",
            "--seed",
            "2",
            "--threads",
            threads,
            "--json",
        ]))
        .unwrap()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let trials = one["trials"].as_u64().unwrap();
    assert!(trials % 10_000 == 0 && trials > 10_000, "{trials}");
    // Blocks merged equal one plain run of that many trials.
    let plain: Value = serde_json::from_str(&stdout(&[
        "simulate",
        "hunt",
        "--trials",
        &trials.to_string(),
        "--seed",
        "2",
        "--json",
    ]))
    .unwrap();
    assert_eq!(one, plain);
    let bad = fray(&["simulate", "hunt", "--precision", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn the_readme_policy_file_plays_another_game() {
    let policy = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/policies/age-weakest-first.json"
    );
    let run = |extra: &[&str]| -> Value {
        let mut args = vec!["simulate", "age", "--trials", "400", "--json"];
        args.extend_from_slice(extra);
        serde_json::from_str(&stdout(&args)).unwrap()
    };
    let other = run(&["--policy", policy]);
    assert_eq!(other["trials"], 400);
    assert_ne!(other["wins"], run(&[])["wins"]);
}
