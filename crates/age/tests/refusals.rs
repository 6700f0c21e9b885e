//! Command refusals are written from the message files (issue 18): they read in English and
//! in Russian, in the source's own terms, and none is English-only.

mod common;

use common::*;
use fray_age::{LOCALES, TEXTS};
use fray_dice::{lint_line, Lang};
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

/// The text of every `.rs` file under this crate's `src/`.
fn sources() -> String {
    fn walk(dir: &std::path::Path, out: &mut String) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "rs") {
                out.push_str(&std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = String::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut out,
    );
    out
}

/// The `$variables` message `id` uses in the Fluent file `source`: its first line and the
/// lines after it that do not start a new entry (indented, or a selector's closing `}`).
fn variables(source: &str, id: &str) -> Vec<String> {
    let mut lines = source
        .lines()
        .skip_while(|l| !l.starts_with(&format!("{id} =")));
    let first = lines.next().unwrap_or_else(|| panic!("{id} not found"));
    let body = std::iter::once(first)
        .chain(lines.take_while(|l| l.starts_with(' ') || l.starts_with('}')))
        .collect::<Vec<_>>()
        .join("\n");
    let mut vars: Vec<String> = body
        .split('$')
        .skip(1)
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect()
        })
        .collect();
    vars.sort();
    vars.dedup();
    vars
}

#[test]
fn every_refusal_message_is_used_and_reads_in_both_languages() {
    let sources = sources();
    let ids: Vec<String> = fray_dice::message_ids(LOCALES[0].1)
        .into_iter()
        .filter(|id| id.starts_with(PREFIX))
        .collect();
    assert!(ids.len() >= MIN_REFUSALS, "{} refusal messages", ids.len());
    for id in &ids {
        assert!(
            sources.contains(&format!("\"{id}\"")),
            "{id} is in the message files but no refusal uses it"
        );
        for n in [1, 2, 5, 21] {
            for (lang, source) in LOCALES {
                let mut m = fray_dice::Message::new(id.as_str());
                for v in variables(source, id) {
                    m = m.arg(v, n);
                }
                let text = TEXTS.get(lang, &m);
                let problems = lint_line(&text, lang, TYPED);
                assert!(
                    problems.is_empty(),
                    "{id} ({lang}, {n}): {text:?}: {problems:?}"
                );
            }
        }
    }
    // And the other way: every id the sources name is in the files.
    for piece in sources.split(&format!("\"{PREFIX}")).skip(1) {
        let id = format!("{PREFIX}{}", piece.split('"').next().unwrap_or(""));
        assert!(ids.contains(&id), "the sources use {id}, the files lack it");
    }
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
