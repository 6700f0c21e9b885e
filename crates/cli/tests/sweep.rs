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

#[test]
fn a_points_change_has_the_paired_interval_of_its_trials_on_the_same_streams() {
    // 12 trials: 12 blocks of one trial, so the paired interval is the one of the 12 paired
    // trials, computed here by hand from each trial played alone (trial i on stream i).
    let duel = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/hunt/duel.json"
    );
    let rows: Value = serde_json::from_str(&stdout(&[
        "sweep",
        "hunt",
        "--setup",
        duel,
        "--vary",
        "fighters[0].stats.marksmanship=1,6",
        "--trials",
        "12",
        "--seed",
        "2",
        "--json",
    ]))
    .unwrap();
    let entry = fray::ruleset("hunt").unwrap();
    let mut setup: Value = serde_json::from_str(&std::fs::read_to_string(duel).unwrap()).unwrap();
    let mut per_trial = |marksmanship: i64| -> Vec<f64> {
        setup["fighters"][0]["stats"]["marksmanship"] = marksmanship.into();
        (0..12)
            .map(|i| {
                let one = (entry.simulate_range)(&setup.to_string(), i, 1, 2, 1).unwrap();
                one.wins[0] as f64
            })
            .collect()
    };
    let (base, six) = (per_trial(1), per_trial(6));
    let d: Vec<f64> = six.iter().zip(&base).map(|(a, b)| a - b).collect();
    let mean = d.iter().sum::<f64>() / 12.0;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 11.0).sqrt();
    // Student's t, 11 degrees of freedom, 97.5 %.
    let half = 2.200_985_160 * sd / 12f64.sqrt();
    let hunter = &rows[1]["sides"][0];
    assert!(sd > 0.0, "the case must have some spread: {d:?}");
    assert!((hunter["change"].as_f64().unwrap() - mean).abs() < 1e-12);
    assert!((hunter["change_low"].as_f64().unwrap() - (mean - half).max(-1.0)).abs() < 1e-12);
    assert!((hunter["change_high"].as_f64().unwrap() - (mean + half).min(1.0)).abs() < 1e-12);
    // The baseline's change is exactly zero, with no width.
    let first = &rows[0]["sides"][0];
    for key in ["change", "change_low", "change_high"] {
        assert_eq!(first[key].as_f64(), Some(0.0), "{key}");
    }
    // The unpaired (Newcombe) interval is kept beside it.
    assert!(hunter["change_unpaired_low"].as_f64() < Some(0.0));
}
