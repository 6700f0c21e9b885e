//! Issue 18 for RED's refusals: every `red-refuse-*` message is used by the engine and reads
//! in both languages, and real refusals of each rule family come out in Russian.

use fray_dice::{lint_line, Catalog, Lang, Session};
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
