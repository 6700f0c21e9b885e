//! The `fray` binary as a user runs it: outputs, exit codes, one-line errors.

use std::process::{Command, Output};

fn fray(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .env("TMPDIR", std::env::temp_dir())
        .output()
        .expect("the fray binary runs")
}

fn stdout(args: &[&str]) -> String {
    let out = fray(args);
    assert!(
        out.status.success(),
        "fray {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_seeded_roll_repeats_and_another_stream_differs() {
    let first = stdout(&["roll", "3d8kh2+2", "--seed", "42"]);
    assert_eq!(first, stdout(&["roll", "3d8kh2+2", "--seed", "42"]));
    assert_ne!(
        first,
        stdout(&["roll", "3d8kh2+2", "--seed", "42", "--stream", "1"])
    );
    insta::assert_snapshot!(first);
}

#[test]
fn an_unseeded_roll_prints_the_seed_that_repeats_it() {
    let out = stdout(&["roll", "4d6dl1"]);
    let repeat = out
        .lines()
        .find(|l| l.starts_with("repeat: "))
        .expect("a repeat line");
    let seed = repeat
        .split("--seed ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let again = stdout(&["roll", "4d6dl1", "--seed", seed]);
    assert_eq!(out, again);
}

#[test]
fn json_roll_shows_kept_and_dropped_dice() {
    let out: serde_json::Value =
        serde_json::from_str(&stdout(&["roll", "4d6dl1", "--seed", "1", "--json"])).unwrap();
    let fates: Vec<&str> = out["transcript"]["dice"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["fate"].as_str().unwrap())
        .collect();
    assert_eq!(fates.iter().filter(|f| **f == "dropped").count(), 1);
    assert_eq!(out["seed"], 1);
}

#[test]
fn odds_of_3d8kh2_show_11_in_256_for_16() {
    let out = stdout(&["odds", "3d8kh2"]);
    let row = out
        .lines()
        .find(|l| l.trim_start().starts_with("16 "))
        .unwrap();
    assert!(row.contains("11/256"), "{row}");
    assert!(out.contains("mean 10.9688"));
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["odds", "3d8kh2", "--json"])).unwrap();
    let last = json["outcomes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["value"].as_i64(), last["probability"].as_str()),
        (Some(16), Some("11/256"))
    );
}

#[test]
fn bad_input_prints_one_line_and_exits_2() {
    for (args, expected) in [
        (vec!["roll", "3d"], "fray: column 3: expected the number of sides after 'd' but found end of expression\n"),
        (vec!["roll", "0d6"], "fray: column 1: a pool needs at least 1 die (got 0d)\n"),
        (vec!["roll", "1d0"], "fray: column 4: a die needs at least 1 side (got d0)\n"),
        (vec!["roll", "99999999d6"], "fray: 99999999 dice is over the limit of 10000 dice in one roll\n"),
        (vec!["roll", "1d1!"], "fray: explosion !>=1 on a d1 matches every face, so it could never stop\n"),
        (vec!["odds", "3d6", "x=1"], "fray: unexpected argument 'x=1': key=value pairs follow a ruleset id, not a dice expression\n"),
        (vec!["simulate", "chess"], "fray: unknown ruleset 'chess'; this build has: "),
        (vec!["replay", "/nonexistent/replay.json"], "fray: cannot read the replay file /nonexistent/replay.json: "),
        (vec!["frobnicate"], "fray: unrecognized subcommand 'frobnicate'\n"),
    ] {
        let out = fray(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with(expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn demo_shows_the_dice_and_its_seed() {
    let out = stdout(&["demo", "dice"]);
    assert!(out.contains("seed 330"));
    assert!(out.contains("[10! 8] = 18"), "{out}");
    assert!(out.contains("~1~"), "{out}");
    assert_eq!(out, stdout(&["demo", "dice"]));
}

#[test]
fn demo_of_every_ruleset_writes_replays_that_verify() {
    let dir = std::env::temp_dir().join(format!("fray-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = stdout(&["demo", "--out", dir.to_str().unwrap()]);
    for entry in fray::rulesets() {
        let path = dir.join(format!(
            "fray-demo-{}-seed{}.json",
            entry.id, entry.demo_seed
        ));
        assert!(out.contains(&path.display().to_string()), "{}", entry.id);
        let verified = stdout(&["replay", path.to_str().unwrap()]);
        assert!(
            verified.starts_with(&format!("ok: {} replay verified", entry.id)),
            "{verified}"
        );
        let simulated = stdout(&[
            "simulate",
            entry.id,
            "--trials",
            "300",
            "--seed",
            "1",
            "--threads",
            "1",
        ]);
        assert_eq!(
            simulated,
            stdout(&[
                "simulate",
                entry.id,
                "--trials",
                "300",
                "--seed",
                "1",
                "--threads",
                "2"
            ])
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_edited_replay_file_is_reported_naming_the_command() {
    let Some(entry) = fray::rulesets().into_iter().next() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("fray-cli-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    stdout(&["demo", entry.id, "--out", dir.to_str().unwrap()]);
    let path = dir.join(format!(
        "fray-demo-{}-seed{}.json",
        entry.id, entry.demo_seed
    ));
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    replay["commands"][1]["digest"] = "0000000000000000".into();
    std::fs::write(&path, replay.to_string()).unwrap();
    let out = fray(&["replay", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("fray: replay mismatch at command #2 (index 1)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_expression_starting_with_minus_rolls_and_has_odds() {
    let out = stdout(&["odds", "-1d6"]);
    assert!(out.contains("mean -3.5000"), "{out}");
    let roll = stdout(&["roll", "-1d6", "--seed", "3"]);
    // The repeat line puts the expression after `--`, and running it repeats the roll.
    let repeat = roll.lines().find(|l| l.starts_with("repeat: ")).unwrap();
    assert_eq!(repeat, "repeat: fray roll --seed 3 --stream 0 -- '-1d6'");
    assert_eq!(
        stdout(&["roll", "--seed", "3", "--stream", "0", "--", "-1d6"]),
        roll
    );
}

#[test]
fn big_odds_answer_exactly_and_large_tables_are_summarised() {
    let out = stdout(&["odds", "100d6"]);
    assert!(out.contains("501 values: the 10 most likely"), "{out}");
    assert!(out.contains("quantiles: min 100, 1% "), "{out}");
    // 350 is the most likely total of 100d6: the first row.
    let first = out.lines().nth(3).unwrap();
    assert!(first.trim_start().starts_with("350 "), "{first}");
    let all = stdout(&["odds", "100d6", "--all"]);
    let rows = all
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(rows, 501);
    let last = all
        .lines()
        .find(|l| l.trim_start().starts_with("600 "))
        .unwrap();
    assert!(
        last.contains(
            "1/653318623500070906096690267158057820537143710472954871543071966369497141477376"
        ),
        "{last}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&["odds", "1d1048576", "--json"])).unwrap();
    assert_eq!(json["values"], 1_048_576);
    assert!(json.get("outcomes").is_none());
    assert_eq!(json["quantiles"][3]["value"], 524_288);
}

#[test]
fn exploding_odds_show_the_unresolved_mass_and_mean_bounds() {
    let out = stdout(&["odds", "10d6!"]);
    assert!(
        out.contains("mean between 42.000000 and 42.000000"),
        "{out}"
    );
    assert!(out.contains("≈ 9.770e-21"), "{out}");
    let shallow = stdout(&["odds", "1d6!", "--depth", "1"]);
    assert!(
        shallow.contains("unresolved (explosions deeper than computed): 1/36"),
        "{shallow}"
    );
}

#[test]
fn odds_that_refuse_a_division_say_how_often_a_roll_fails() {
    let out = fray(&["odds", "1d6/(1d6-1d6)"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("with probability 1/6: a roll that meets it fails"),
        "{err}"
    );
}

/// Issue 17: `simulate age --policy FILE` plays another policy, reproducibly; a policy file
/// for a ruleset without the protocol, or with a wrong value, is refused in one line.
#[test]
fn simulate_age_takes_a_policy_file() {
    let dir = std::env::temp_dir().join(format!("fray-policy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weakest = dir.join("weakest.json");
    std::fs::write(
        &weakest,
        r#"{"opponents": {"target": "weakest", "absorb": false}}"#,
    )
    .unwrap();
    let default = dir.join("default.json");
    std::fs::write(&default, "{}").unwrap();
    let args = |policy: &std::path::Path| {
        let p = policy.to_str().unwrap().to_owned();
        stdout(&[
            "simulate",
            "age",
            "--trials",
            "300",
            "--threads",
            "2",
            "--policy",
            &p,
        ])
    };
    let plain = stdout(&["simulate", "age", "--trials", "300", "--threads", "1"]);
    assert_eq!(
        args(&default),
        plain,
        "the default policy is the default tactic"
    );
    let other = args(&weakest);
    assert_eq!(other, args(&weakest), "reproducible");
    // Line 2 is the first side's wins (line 1 is the table's header).
    assert_ne!(
        other.lines().nth(2),
        plain.lines().nth(2),
        "another win rate"
    );
    // Another ruleset's policy file is refused at the field it does not know.
    let p = weakest.to_str().unwrap();
    let out = fray(&["simulate", "red", "--trials", "3", "--policy", p]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("fray: invalid input: the policy JSON is not valid at ")
            && err.contains("expected `side_a` or `side_b`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
