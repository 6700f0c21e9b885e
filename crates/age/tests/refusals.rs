//! Command refusals are written from the message files (issue 18): they read in English and
//! in Russian, in the source's own terms, and none is English-only.

mod common;

use common::*;
use fray_age::TEXTS;
use fray_dice::Lang;
use serde_json::json;

#[test]
fn age_27_run_while_prone_is_refused_in_both_languages() {
    // AGE-27: «Нельзя в состоянии Лёжа» (Run).
    let mut s = duel_with(|v| v["characters"][0]["conditions"] = json!({"prone": true}));
    let e = refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": 5}),
        "AGE-27",
    );
    assert_eq!(e.message, "A is Prone: no Run");
    assert_eq!(e.message_in(&TEXTS, Lang::Ru), "A: Лёжа — Бег невозможен");
}

#[test]
fn age_26_first_aid_on_the_not_dying_reads_in_russian() {
    let mut s = duel();
    let e = refused(
        &mut s,
        json!({"type": "first_aid", "actor": "A", "target": "B"}),
        "AGE-26",
    );
    assert_eq!(e.message, "first aid here is for the Dying; B is not Dying");
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "первая помощь здесь — для тех, кто Умирает; B не Умирает"
    );
}

#[test]
fn age_21_spending_without_stunt_points_reads_in_russian() {
    let mut s = duel();
    let e = refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": []}),
        "AGE-21",
    );
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "тратить нечего: ОП дают только успешная атака с дублем"
    );
}

/// Every refusal of a command comes from a message of `locales/*.ftl`: the engine builds no
/// English-only `RuleError` (setup validation, which names JSON paths, is not a command).
#[test]
fn no_command_refusal_is_english_only() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/engine");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            assert!(
                !line.contains("RuleError::new") && !line.contains("Err(err("),
                "{}:{}: {line}",
                path.display(),
                n + 1
            );
        }
    }
}
