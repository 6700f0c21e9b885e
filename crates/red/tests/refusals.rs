//! Issue 18 for RED's refusals: every `red-refuse-*` message is used by the engine and reads
//! in both languages, and real refusals of each rule family come out in Russian.

use fray_dice::{Catalog, Lang, Session};
use fray_red::{Red, LOCALES, TEXTS};
use serde_json::json;

/// `command` (JSON) is refused under `rule` with this Russian message, and the English one
/// is written from the same message.
fn refused_ru(session: &mut Session<Red>, command: serde_json::Value, rule: &str, ru: &str) {
    let e = session
        .apply(serde_json::from_value(command).unwrap())
        .expect_err("refused");
    assert_eq!(e.rule, rule, "{}", e.message);
    assert!(e.text.is_some(), "English only: {e}");
    assert_eq!(e.message_in(&TEXTS, Lang::Ru), ru, "{}", e.message);
    assert_eq!(Red::refusal(&e, Lang::Ru), format!("отказ ({rule}): {ru}"));
}

#[test]
fn refusals_of_every_rule_family_read_in_russian() {
    let mut session = Session::<Red>::start(Red::demo_setup(), 7, 0).unwrap();
    let actor = session.state().actor();
    let me = session.state().fighters[actor].name.to_string();
    // RED-08, moving: a Run is the second move.
    refused_ru(
        &mut session,
        json!({"type": "run", "actor": actor}),
        "RED-08",
        "Бег — второе перемещение: он возможен только после перемещения в этот ход",
    );
    // RED-08, RED-03, RED-09: vehicles.
    refused_ru(
        &mut session,
        json!({"type": "board", "actor": actor, "vehicle": 0}),
        "RED-08",
        "нет транспорта №0",
    );
    refused_ru(
        &mut session,
        json!({"type": "start_vehicle", "actor": actor}),
        "RED-03",
        &format!("{me} не за рулём"),
    );
    refused_ru(
        &mut session,
        json!({"type": "leave_vehicle", "actor": actor}),
        "RED-09",
        &format!("{me} не в транспорте"),
    );
    // RED-08, NET actions.
    refused_ru(
        &mut session,
        json!({"type": "net_action", "actor": actor, "what": "scan"}),
        "RED-08",
        &format!("{me} не Нетраннер: действий в Сети нет"),
    );
    // RED-10, delays.
    refused_ru(
        &mut session,
        json!({"type": "delay", "actor": actor,
               "action": {"type": "end_turn", "actor": actor},
               "trigger": {"type": "after_turn", "of": (actor + 1) % 3}}),
        "RED-10",
        "отложить можно действие (атаку, перезарядку, навык, стабилизацию, захват …), но не \
         перемещение, Бег, запуск транспорта, другое отложенное действие или конец хода",
    );
}

#[test]
fn red_32_a_target_out_of_range_names_the_row_in_each_language() {
    let tables = fray_red::Tables::default();
    let e = tables.dv.dv("assault_rifle", 100_000).unwrap_err();
    assert_eq!(e.rule, "RED-32");
    assert_eq!(
        e.message,
        "100000 m is out of range for the 'assault rifle' DV row"
    );
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "100000 м — вне дальности строки СЛ «штурмовая винтовка»"
    );
}

const PREFIX: &str = "red-refuse-";
const MIN_REFUSALS: usize = 70;
/// Values a command takes, which a refusal lists as they are typed: the stat keys.
const TYPED: &[&str] = &["ref", "dex", "body", "will", "move", "tech", "int", "cool"];

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
    let mut session = Session::<Red>::start(Red::demo_setup(), 7, 0).unwrap();
    assert!(!fray_red::options(session.state()).list.is_empty());
    let actor = session.state().actor();
    refused_ru(
        &mut session,
        json!({"type": "board", "actor": actor, "vehicle": 0}),
        "RED-08",
        "нет транспорта №0",
    );
}
