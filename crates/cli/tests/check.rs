//! `fray check <ruleset> SETUP` from the command line: its output and exit codes 0 (clean),
//! 1 (warnings only) and 2 (an error) (issue 19).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// Exit code, stdout and stderr of `fray check <id> <file>`.
fn check(id: &str, file: &Path) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .arg("check")
        .arg(id)
        .arg(file)
        .output()
        .expect("fray runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn example(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/setups")
        .join(path)
}

/// An example setup changed by `edit`, written to a file of this test's own.
fn edited(path: &str, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let mut value: Value =
        serde_json::from_str(&std::fs::read_to_string(example(path)).unwrap()).unwrap();
    edit(&mut value);
    written(name, &value.to_string())
}

fn written(name: &str, text: &str) -> PathBuf {
    let file = std::env::temp_dir().join(format!("fray-check-{}-{name}.json", std::process::id()));
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn a_clean_example_setup_exits_0_with_one_ok_line() {
    let (code, out, err) = check("red", &example("red/duel.json"));
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out,
        "ok: no errors or warnings (200 fights simulated, seed 1)\n"
    );
    assert_eq!(err, "");
}

#[test]
fn a_name_that_differs_only_in_case_is_refused_with_its_path() {
    // Hunt refuses it at setup (issue 19), naming the path.
    let file = edited("hunt/duel.json", "case", |v| {
        v["fighters"][1]["name"] = "ranger ostrova".into();
    });
    let (code, out, _) = check("hunt", &file);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.starts_with(
            "error: fighters[1].name: \"ranger ostrova\" differs only in case from fighters[0].name \"Ranger Ostrova\"; names must be unique ignoring case"
        ),
        "{out}"
    );
}

#[test]
fn an_empty_name_is_refused_with_its_path() {
    // RED refuses it at setup (issue 19), so it is an error, not a warning.
    let file = edited("red/duel.json", "empty", |v| {
        v["characters"][1]["name"] = " ".into();
    });
    let (code, out, _) = check("red", &file);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.starts_with(
            "error: characters[1].name: found \" \"; every character needs a name that is not empty\n"
        ),
        "{out}"
    );
}

#[test]
fn everyone_on_one_side_warns_and_the_simulation_calls_it_one_sided() {
    let file = edited("red/duel.json", "one-side", |v| {
        v["characters"][1]["side"] = 0.into();
    });
    let (code, out, _) = check("red", &file);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "warning: characters: everyone is on one side (0): nobody to fight",
            "warning: simulation: one-sided: side_a won 200 of 200 fights and no other side won any",
        ]
    );
}

#[test]
fn a_fight_stopped_by_the_round_limit_warns_how_many_and_that_nobody_won() {
    let file = edited("red/duel.json", "round-limit", |v| {
        v["settings"] = serde_json::json!({ "max_rounds": 1 });
    });
    let (code, out, _) = check("red", &file);
    assert_eq!(code, 1, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "warning: simulation: no side won any of 200 fights (a fight no side can win)",
            "warning: simulation: 200 of 200 fights stopped at the round limit",
        ]
    );
}

#[test]
fn a_refused_setup_exits_2_with_one_line_naming_the_field() {
    let file = edited("red/duel.json", "refused", |v| {
        v["settings"] = serde_json::json!({ "reach": 0 });
    });
    let (code, out, _) = check("red", &file);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out, "error: settings.reach: found 0, allowed 1..=100\n");
}

#[test]
fn a_value_of_the_wrong_type_exits_2_naming_its_path() {
    let file = edited("hunt/duel.json", "type", |v| {
        v["fighters"][1]["stats"]["agility"] = (-1).into();
    });
    let (code, out, _) = check("hunt", &file);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("error: the setup JSON is not valid at fighters[1].stats.agility: "),
        "{out}"
    );
}

#[test]
fn an_unparsable_file_exits_2_with_an_error_line() {
    let file = written("unparsable", "{\"fighters\": [");
    let (code, out, _) = check("hunt", &file);
    assert_eq!(code, 2, "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.starts_with("error: the setup JSON is not valid: "),
        "{out}"
    );
}

#[test]
fn an_unknown_ruleset_is_a_usage_error_on_stderr() {
    let (code, out, err) = check("chess", &example("red/duel.json"));
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert!(err.starts_with("fray: unknown ruleset 'chess'"), "{err}");
}

/// The README promises that `fray check` reports every example setup clean.
#[test]
fn every_example_setup_checks_clean() {
    let root = example("");
    let mut checked = 0;
    for dir in std::fs::read_dir(&root).unwrap() {
        let dir = dir.unwrap().path();
        let id = dir.file_name().unwrap().to_string_lossy().into_owned();
        for file in std::fs::read_dir(&dir).unwrap() {
            let file = file.unwrap().path();
            let (code, out, err) = check(&id, &file);
            assert_eq!(code, 0, "{}: {out}{err}", file.display());
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} example setups");
}
