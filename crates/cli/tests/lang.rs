//! The language of fight logs from the command line: `--lang`, then `FRAY_LANG`, then the
//! POSIX locale; an unknown language is one line and exit 2, never a silent fallback.

use std::process::Command;

fn fray(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fray"));
    command.args(args);
    for key in ["FRAY_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
        command.env_remove(key);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    let out = command.output().expect("fray runs");
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn an_unknown_language_is_one_line_and_exit_2() {
    let dir = std::env::temp_dir().to_string_lossy().into_owned();
    let (code, out, err) = fray(&["demo", "age", "--lang", "de", "--out", &dir], &[]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "fray: --lang: unknown language \"de\": Fray writes en and ru\n"
    );
    let (code, _, err) = fray(&["demo", "age", "--out", &dir], &[("FRAY_LANG", "klingon")]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "fray: --lang: FRAY_LANG: unknown language \"klingon\": Fray writes en and ru\n"
    );
}

#[test]
fn the_flag_the_variable_and_the_locale_choose_the_same_language() {
    let dir = std::env::temp_dir().to_string_lossy().into_owned();
    let flag = fray(&["demo", "hunt", "--lang", "ru", "--out", &dir], &[]);
    let var = fray(&["demo", "hunt", "--out", &dir], &[("FRAY_LANG", "ru")]);
    let locale = fray(&["demo", "hunt", "--out", &dir], &[("LANG", "ru_RU.UTF-8")]);
    let english = fray(&["demo", "hunt", "--out", &dir], &[("LANG", "de_DE.UTF-8")]);
    assert_eq!(flag.0, 0, "{}", flag.2);
    assert_eq!(flag.1, var.1);
    assert_eq!(flag.1, locale.1);
    let plain = fray(&["demo", "hunt", "--out", &dir], &[]);
    assert_eq!(
        english.1, plain.1,
        "a locale Fray does not write falls back to English"
    );
    // The flag wins over the variable.
    let both = fray(
        &["demo", "hunt", "--lang", "en", "--out", &dir],
        &[("FRAY_LANG", "ru")],
    );
    assert_eq!(both.1, plain.1);
}

#[test]
fn as_a_participant_the_log_keeps_the_others_secrets() {
    let dir = std::env::temp_dir().to_string_lossy().into_owned();
    let args = ["demo", "hunt", "--seed", "70", "--out", dir.as_str()];
    let gm = fray(&args, &[]);
    let mut as_hunter = args.to_vec();
    as_hunter.extend(["--as", "Hunter"]);
    let hunter = fray(&as_hunter, &[]);
    let mut as_prey = args.to_vec();
    as_prey.extend(["--as", "Prey"]);
    let prey = fray(&as_prey, &[]);
    assert_eq!(gm.0, 0, "{}", gm.2);
    assert_eq!(gm.1, prey.1, "the prey's own secrets are shown to it");
    assert!(gm.1.contains("Prey tries to hide: Experience 4: rolled"));
    assert!(!hunter.1.contains("Prey tries to hide: Experience"));
    assert!(hunter
        .1
        .contains("Prey tries to hide (the roll is kept secret)"));
    // HUNT-19: the counterattack stays the prey's secret until the exchange is resolved.
    assert!(gm.1.contains("Prey counterattacks and learns:"));
    assert!(!hunter.1.contains("Prey counterattacks"));
}
