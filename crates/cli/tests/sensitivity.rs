//! `fray sensitivity` from the command line (issue 22).

use std::process::{Command, Output};

use serde_json::{json, Value};

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

/// The Hunt duel with a second hunter: the first made strong (every stat at least 6) and
/// carrying a spare blunt knife that is never the better weapon, the second weak (stats 2,
/// a knife only).
fn strong_and_weak() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/hunt/duel.json"
    ))
    .unwrap();
    let mut setup: Value = serde_json::from_str(&text).unwrap();
    let hunter = setup["fighters"][0].clone();
    let prey = setup["fighters"][1].clone();
    let mut strong = hunter.clone();
    strong["name"] = "Strong".into();
    for (_, v) in strong["stats"].as_object_mut().unwrap() {
        *v = v.as_i64().unwrap().max(6).into();
    }
    let mut blunt = hunter["weapons"][1].clone();
    blunt["name"] = "blunt knife".into();
    blunt["threshold"] = 6.into();
    strong["weapons"].as_array_mut().unwrap().push(blunt);
    let mut weak = hunter;
    weak["name"] = "Weak".into();
    for (k, v) in weak["stats"].as_object_mut().unwrap() {
        if k != "potential" {
            *v = 2.into();
        }
    }
    weak["weapons"] = json!([weak["weapons"][1]]);
    setup["fighters"] = json!([strong, weak, prey]);
    setup
}

fn write(name: &str, value: &Value) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-sensitivity-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, value.to_string()).unwrap();
    path
}

fn run(setup: &std::path::Path, extra: &[&str]) -> Value {
    let mut args = vec![
        "sensitivity",
        "hunt",
        "--setup",
        setup.to_str().unwrap(),
        "--trials",
        "600",
        "--seed",
        "3",
        "--json",
    ];
    args.extend_from_slice(extra);
    serde_json::from_str(&stdout(&args)).unwrap()
}

fn variant<'a>(report: &'a Value, path: &str) -> &'a Value {
    report["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["path"] == path)
        .unwrap_or_else(|| panic!("no variant {path}"))
}

#[test]
fn removing_the_strongest_fighter_ranks_first_and_a_useless_knife_changes_nothing() {
    let setup = strong_and_weak();
    let path = write("strong-weak.json", &setup);
    let report = run(&path, &["--threads", "2"]);
    let first = &report["variants"][0];
    assert_eq!(
        (
            first["rank"].as_u64(),
            first["path"].as_str(),
            first["label"].as_str()
        ),
        (Some(1), Some("fighters[0]"), Some("Strong"))
    );
    let hunter = &first["sides"][0];
    assert_eq!(hunter["side"], "hunter");
    // Its whole interval lies below that of removing the weak hunter.
    let weak = &variant(&report, "fighters[1]")["sides"][0];
    assert!(
        hunter["change_high"].as_f64() < weak["change_low"].as_f64(),
        "{hunter} {weak}"
    );
    // The blunt knife is never chosen: without it every trial plays the same dice the same
    // way, so the change is exactly zero and so is its interval.
    let blunt = variant(&report, "fighters[0].weapons[2]");
    assert_eq!(blunt["label"], "blunt knife");
    for side in blunt["sides"].as_array().unwrap() {
        assert_eq!(
            (
                side["change"].as_f64(),
                side["change_low"].as_f64(),
                side["change_high"].as_f64()
            ),
            (Some(0.0), Some(0.0), Some(0.0))
        );
    }
    assert_eq!(blunt["summary"]["wins"], report["baseline"]["wins"]);
    // The only prey cannot go: the ruleset refuses it, and the report says so.
    let skipped = report["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0]["path"], "fighters[2]");
    assert!(skipped[0]["reason"]
        .as_str()
        .unwrap()
        .contains("at least one hunter and one prey"));
    // The numbers do not depend on the threads.
    assert_eq!(report, run(&path, &["--threads", "1"]));
    // A variant's fights are a plain simulation of the setup without it, on the same streams.
    let mut without = setup.clone();
    without["fighters"].as_array_mut().unwrap().remove(0);
    let plain: Value = serde_json::from_str(&stdout(&[
        "simulate",
        "hunt",
        "--setup",
        write("without-strong.json", &without).to_str().unwrap(),
        "--trials",
        "600",
        "--seed",
        "3",
        "--json",
    ]))
    .unwrap();
    assert_eq!(first["summary"], plain);
    // Change = rate without it minus the setup's rate.
    let rate = |s: &Value| s["wins"][0].as_f64().unwrap() / 600.0;
    let change = hunter["change"].as_f64().unwrap();
    assert!((change - (rate(&plain) - rate(&report["baseline"]))).abs() < 1e-12);
}

#[test]
fn a_substitute_replaces_an_element_and_an_identical_one_changes_nothing() {
    let setup = strong_and_weak();
    let path = write("substitute.json", &setup);
    let same = format!("fighters[1]={}", setup["fighters"][1]);
    let report = run(
        &path,
        &[
            "--substitute",
            &same,
            "--substitute",
            "fighters[0].stats.marksmanship=1",
        ],
    );
    let weak = variant(&report, "fighters[1]");
    assert_eq!(weak["action"], "replaced");
    assert_eq!(weak["sides"][0]["change"].as_f64(), Some(0.0));
    let stat = variant(&report, "fighters[0].stats.marksmanship");
    assert_eq!(stat["action"], "replaced");
    assert_ne!(stat["summary"], report["baseline"]);
    let bad = fray(&[
        "sensitivity",
        "hunt",
        "--substitute",
        "fighters[9]=1",
        "--trials",
        "10",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8(bad.stderr).unwrap();
    assert_eq!(
        err.trim(),
        "fray: --substitute fighters[9]: the setup has no such value"
    );
}

#[test]
fn the_text_table_ranks_and_lists_what_was_skipped() {
    let path = write("text.json", &strong_and_weak());
    let text = stdout(&[
        "sensitivity",
        "hunt",
        "--setup",
        path.to_str().unwrap(),
        "--trials",
        "200",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("sensitivity hunt: 8 variants x 200 fights, seed 1"));
    assert!(
        lines[4]
            .trim_start()
            .starts_with("1  removed fighters[0] \"Strong\""),
        "{text}"
    );
    assert!(
        lines
            .last()
            .unwrap()
            .contains("skipped: removed fighters[2]"),
        "{text}"
    );
    let csv = stdout(&[
        "sensitivity",
        "hunt",
        "--setup",
        path.to_str().unwrap(),
        "--trials",
        "200",
        "--csv",
    ]);
    assert_eq!(csv.lines().count(), 1 + 8);
    assert!(csv.starts_with("rank,path,label,action,trials,hunter_wins,"));
}
