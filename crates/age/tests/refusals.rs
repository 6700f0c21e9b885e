//! Command refusals are written from the message files (issue 18): they read in English and
//! in Russian, in the source's own terms, and none is English-only.

mod common;

use common::*;
use fray_age::{LOCALES, TEXTS};
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

/// `command` is refused under `rule`; its message in Russian.
fn russian(state: &mut fray_age::State, command: serde_json::Value, rule: &str) -> String {
    let e = refused(state, command, rule);
    assert!(e.text.is_some(), "English only: {e}");
    e.message_in(&TEXTS, Lang::Ru)
}

#[test]
fn age_17_out_of_range_reads_in_russian() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(76));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "B", "item": "pistol"}),
        &[],
    );
    let command = json!({"type": "ranged_attack", "actor": "B", "target": "A"});
    let e = refused(&mut s, command.clone(), "AGE-17");
    assert_eq!(
        e.message,
        "the target is 76 m away, beyond the maximum range of 75 m"
    );
    assert_eq!(
        russian(&mut s, command, "AGE-17"),
        "цель в 76 м — дальше предельной дальности 75 м"
    );
}

#[test]
fn age_20_and_21_stunt_purchases_read_in_russian() {
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    let spend =
        |stunts: serde_json::Value| json!({"type": "spend_stunts", "actor": "A", "stunts": stunts});
    // AGE-20: the stunt is named in each language.
    let burst = spend(json!([{"stunt": "short_burst", "points": 1}]));
    let e = refused(&mut s, burst.clone(), "AGE-20");
    assert_eq!(e.message, "'Short Burst' needs an automatic weapon");
    assert_eq!(
        russian(&mut s, burst, "AGE-20"),
        "для приёма «Короткая очередь» нужно автоматическое оружие"
    );
    // AGE-21: the table, the cost, once per attack, the points earned.
    assert_eq!(
        russian(
            &mut s,
            spend(json!([{"stunt": "fly", "points": 1}])),
            "AGE-21"
        ),
        "в таблице приёмов нет приёма «fly»"
    );
    assert_eq!(
        russian(
            &mut s,
            spend(json!([{"stunt": "knock_prone", "points": 1}])),
            "AGE-21"
        ),
        "приём «Сбить с ног» стоит 2 ОП, а не 1"
    );
    assert_eq!(
        russian(
            &mut s,
            spend(
                json!([{"stunt": "knock_prone", "points": 2}, {"stunt": "knock_prone", "points": 2}])
            ),
            "AGE-21"
        ),
        "приём «Сбить с ног» покупают не больше одного раза за атаку"
    );
    assert_eq!(
        russian(
            &mut s,
            spend(
                json!([{"stunt": "knock_prone", "points": 2}, {"stunt": "skirmish", "points": 4}])
            ),
            "AGE-21"
        ),
        "тратится 6 ОП, а получено только 5"
    );
}

#[test]
fn advanced_tests_are_refused_in_both_languages() {
    let spec = fray_age::AdvancedSpec {
        threshold: 0,
        ..fray_age::AdvancedSpec::default()
    };
    let e = fray_age::expected_rolls(&spec).unwrap_err();
    assert_eq!(e.rule, "AGE-06");
    assert_eq!(e.message, "the success threshold is 0; allowed 1 ..= 2000");
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "порог успеха — 0; допустимо от 1 до 2000"
    );
}

const PREFIX: &str = "age-refuse-";
const MIN_REFUSALS: usize = 60;
/// Names a caller types, which the English messages give as they are typed: a command, a
/// setting, the advanced test's field and question.
const TYPED: &[&str] = &[
    "throw_grenade",
    "lightning_chains",
    "max_rolls",
    "finish_within",
];

// --- The refusal messages (issue 18): used by the engine, complete, clean in both languages.

#[test]
fn every_refusal_message_is_used_and_reads_in_both_languages() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (ids, problems) =
        fray_dice::refusal_message_problems(&src, &LOCALES, &TEXTS, PREFIX, TYPED);
    assert!(ids >= MIN_REFUSALS, "{ids} refusal messages");
    assert_eq!(problems, Vec::<String>::new());
}

#[test]
fn options_probe_without_text_and_leave_refusals_written() {
    // `options` tries every candidate on a copy with the refusals' text left unwritten;
    // afterwards a refusal is written in full again, on the same thread.
    let mut s = duel();
    assert!(!fray_age::options(&s).list.is_empty());
    let e = refused(
        &mut s,
        json!({"type": "first_aid", "actor": "A", "target": "B"}),
        "AGE-26",
    );
    assert_eq!(e.message, "first aid here is for the Dying; B is not Dying");
}
