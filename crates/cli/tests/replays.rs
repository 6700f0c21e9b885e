//! The golden replay files (`examples/replays`, made by the root `tests/replays.rs`) through
//! the `fray replay` command: every file listed in DIGESTS verifies with the listed digest and
//! counts, and every file listed in TAMPERED fails with one line naming the command.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn replays_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/replays")
}

fn manifest(name: &str) -> Vec<Vec<String>> {
    let path = replays_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let lines: Vec<Vec<String>> = text
        .lines()
        .map(|l| l.split(' ').map(str::to_owned).collect())
        .collect();
    assert!(!lines.is_empty(), "{name} lists no file");
    lines
}

fn replay(path: &str, json: bool) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fray"));
    command.arg("replay").arg(replays_dir().join(path));
    if json {
        command.arg("--json");
    }
    command.output().expect("the fray binary runs")
}

#[test]
fn every_golden_replay_reports_its_manifest_digest_and_counts() {
    let lines = manifest("DIGESTS");
    for line in &lines {
        let [path, digest, accepted, refused] = &line[..] else {
            panic!("DIGESTS line {line:?} does not have four fields");
        };
        let out = replay(path, true);
        assert!(
            out.status.success(),
            "fray replay {path} --json failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let report: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("--json prints JSON");
        assert_eq!(report["events_digest"], digest.as_str(), "{path}");
        assert_eq!(
            format!("accepted={}", report["accepted"]),
            *accepted,
            "{path}"
        );
        assert_eq!(
            format!("refused={}", report["rejected"]),
            *refused,
            "{path}"
        );
        assert_eq!(report["ruleset"], path.split('/').next().unwrap(), "{path}");
    }
    // Four fights for each of the five rulesets.
    assert!(lines.len() >= 15, "DIGESTS lists {} files", lines.len());
}

#[test]
fn the_plain_output_says_ok_with_the_counts_and_digest() {
    let line = &manifest("DIGESTS")[1];
    let (path, digest) = (&line[0], &line[1]);
    let out = replay(path, false);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    let refused = line[3].trim_start_matches("refused=");
    assert!(stdout.starts_with("ok: "), "{stdout}");
    assert!(
        stdout.contains(&format!("{refused} refused as recorded")),
        "{stdout}"
    );
    assert!(
        stdout.trim_end().ends_with(&format!("digest {digest}")),
        "{stdout}"
    );
}

#[test]
fn a_tampered_replay_exits_2_with_one_line_naming_the_command() {
    for line in manifest("TAMPERED") {
        let [path, at] = &line[..] else {
            panic!("TAMPERED line {line:?} does not have two fields");
        };
        let named = match at.as_str() {
            "start" => "replay mismatch at the start".to_owned(),
            index => {
                let i: usize = index.parse().expect("an index or 'start'");
                format!("replay mismatch at command #{} (index {i})", i + 1)
            }
        };
        let out = replay(path, true);
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(out.stdout.is_empty(), "{path}: no report on a mismatch");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            stderr.lines().count(),
            1,
            "{path}: one line, got {stderr:?}"
        );
        assert!(
            stderr.starts_with(&format!("fray: {named}: expected ")),
            "{path}: {stderr:?} does not name {named:?}"
        );
    }
}

/// A verbose replay shows each refused command where it was given, with its number, rule ID
/// and message, in the chosen language: the game master sees why, not only `rejected:RULE`.
#[test]
fn a_verbose_replay_shows_each_refusal_where_it_was_given() {
    let run = |lang: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_fray"))
            .args(["--lang", lang, "replay", "--verbose"])
            .arg(replays_dir().join("hunt/refusals.json"))
            .env_remove("FRAY_LANG")
            .output()
            .expect("the fray binary runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let en = run("en");
    let refused: Vec<&str> = en.lines().filter(|l| l.contains(" refused — ")).collect();
    assert_eq!(
        refused,
        [
            "command #2 refused — HUNT-19: Hunter may not re-split: only a counterattacker, once the window is open",
            "command #5 refused — HUNT-24: there is no fighter named Nobody",
            "command #9 refused — HUNT-06: Hunter carries no weapon named no-such-weapon",
            "command #13 refused — HUNT-06: waiting for the declaration of Hunter, Prey",
        ]
    );
    // Before the events of the command that follows it: the first stands in round 1.
    let lines: Vec<&str> = en.lines().collect();
    let at = |needle: &str| lines.iter().position(|l| l.contains(needle)).unwrap();
    assert!(at("command #2 refused") < at("Turn 2"));
    let ru = run("ru");
    assert!(ru.contains("команда №5 — отказ, HUNT-24: нет персонажа по имени Nobody"));
    assert_eq!(ru.matches(" — отказ, ").count(), 4);
}
