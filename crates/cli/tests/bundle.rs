//! Result bundles: `--bundle` on simulate and sweep, `fray rerun` (issue 22).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .output()
        .expect("fray runs")
}

fn dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-bundle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn ok(args: &[&str]) -> String {
    let out = fray(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn rerun(file: &Path) -> (Option<i32>, String, String) {
    let out = fray(&["rerun", file.to_str().unwrap()]);
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn edit(file: &Path, to: &Path, change: impl FnOnce(&mut Value)) {
    let mut bundle: Value = serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap();
    change(&mut bundle);
    std::fs::write(to, bundle.to_string()).unwrap();
}

#[test]
fn a_simulation_bundle_reruns_to_the_same_numbers_and_a_changed_one_does_not() {
    let file = dir().join("simulate.json");
    let printed = ok(&[
        "simulate",
        "hunt",
        "--trials",
        "300",
        "--seed",
        "5",
        "--json",
        "--bundle",
        file.to_str().unwrap(),
    ]);
    let bundle: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let entry = fray::ruleset("hunt").unwrap();
    assert_eq!(bundle["ruleset"], "hunt");
    assert_eq!(bundle["ruleset_version"], entry.version);
    assert_eq!(
        (bundle["seed"].as_u64(), bundle["trials"].as_u64()),
        (Some(5), Some(300))
    );
    let demo: Value = serde_json::from_str(&(entry.demo_setup)()).unwrap();
    assert_eq!(bundle["setup"], demo);
    assert_eq!(
        bundle["results"],
        serde_json::from_str::<Value>(&printed).unwrap()
    );
    let (code, out, _) = rerun(&file);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("same: "), "{out}");
    // Other numbers than the ones kept: exit 1.
    let changed = dir().join("changed.json");
    edit(&file, &changed, |b| {
        b["results"]["wins"][0] = (b["results"]["wins"][0].as_u64().unwrap() + 1).into()
    });
    let (code, out, _) = rerun(&changed);
    assert_eq!(code, Some(1));
    assert!(out.starts_with("differ: "), "{out}");
    // Another version of the ruleset: refused, one line naming both.
    let old = dir().join("old.json");
    let other = entry.version + 1;
    edit(&file, &old, |b| b["ruleset_version"] = other.into());
    let (code, _, err) = rerun(&old);
    assert_eq!(code, Some(2));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!("hunt version {other}"))
            && err.contains(&format!("this build has hunt version {}", entry.version)),
        "{err}"
    );
}

#[test]
fn sweep_and_policy_bundles_rerun_to_the_same_numbers() {
    let sweep = dir().join("sweep.json");
    ok(&[
        "sweep",
        "hunt",
        "--vary",
        "max_rounds=2,4",
        "--trials",
        "120",
        "--seed",
        "3",
        "--bundle",
        sweep.to_str().unwrap(),
    ]);
    let bundle: Value = serde_json::from_str(&std::fs::read_to_string(&sweep).unwrap()).unwrap();
    assert_eq!(bundle["command"], "sweep");
    assert_eq!(bundle["vary"][0]["path"], "max_rounds");
    assert_eq!(bundle["results"].as_array().unwrap().len(), 2);
    assert_eq!(rerun(&sweep).0, Some(0));
    let changed = dir().join("sweep-changed.json");
    edit(&sweep, &changed, |b| b["seed"] = 4.into());
    assert_eq!(rerun(&changed).0, Some(1), "another seed, other numbers");

    let policy = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/policies/age-weakest-first.json"
    );
    let file = dir().join("policy.json");
    ok(&[
        "simulate",
        "age",
        "--trials",
        "200",
        "--policy",
        policy,
        "--bundle",
        file.to_str().unwrap(),
    ]);
    let bundle: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let kept: Value = serde_json::from_str(&std::fs::read_to_string(policy).unwrap()).unwrap();
    assert_eq!(bundle["policy"], kept);
    assert_eq!(rerun(&file).0, Some(0));
    let (code, _, err) = rerun(Path::new("/nonexistent/bundle.json"));
    assert_eq!(code, Some(2));
    assert!(
        err.starts_with("fray: cannot read the bundle file"),
        "{err}"
    );
}
