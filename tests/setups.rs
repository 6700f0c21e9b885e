//! Every example setup under `examples/setups/<ruleset>/` starts and simulates cleanly, each
//! ruleset has at least three, and the README lists them all (issue 19).

use std::path::{Path, PathBuf};

const TRIALS: u64 = 100;

fn setups_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/setups")
}

/// The JSON files of one ruleset's folder, sorted.
fn files_of(id: &str) -> Vec<PathBuf> {
    let dir = setups_dir().join(id);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_example_setup_starts_and_simulates_without_stops() {
    for entry in fray::rulesets() {
        for file in files_of(entry.id) {
            let name = file.display().to_string();
            let setup = std::fs::read_to_string(&file).expect("readable");
            // Pretty-printed, two spaces a level (the keys keep a reader's order, not sorted).
            assert!(
                setup.starts_with("{\n  \"") && setup.ends_with("}\n"),
                "{name} is not pretty-printed"
            );
            (entry.start)(&setup, 1, 0).unwrap_or_else(|e| panic!("{name} does not start: {e}"));
            let summary = (entry.simulate)(&setup, TRIALS, 1, 1, None)
                .unwrap_or_else(|e| panic!("{name} does not simulate: {e}"));
            assert_eq!(summary.trials, TRIALS, "{name}");
            assert_eq!(summary.cut_off, 0, "{name}: fights cut off");
            let stem = file.file_stem().unwrap().to_string_lossy();
            if !stem.contains("round-limit") {
                assert_eq!(
                    summary.round_limit, 0,
                    "{name}: fights stopped by the round limit"
                );
            }
            let decided: u64 = summary.wins.iter().sum();
            assert!(decided > 0, "{name}: no side ever wins");
        }
    }
}

#[test]
fn every_ruleset_has_at_least_three_example_setups() {
    for entry in fray::rulesets() {
        let n = files_of(entry.id).len();
        assert!(n >= 3, "{} has {n} example setups", entry.id);
    }
}

#[test]
fn the_readme_lists_every_example_setup() {
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    for entry in fray::rulesets() {
        for file in files_of(entry.id) {
            let listed = format!(
                "`examples/setups/{}/{}`",
                entry.id,
                file.file_name().unwrap().to_string_lossy()
            );
            assert!(readme.contains(&listed), "README.md does not list {listed}");
        }
    }
}
