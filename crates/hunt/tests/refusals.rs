//! Issue 18 for Hunt's refusals: every `hunt-refuse-*` message is used by the engine and
//! reads in both languages, and real refusals of each rule family come out in Russian.

mod common;

use common::*;
use fray_dice::{lint_line, Catalog, Lang, Session};
use fray_hunt::*;

const NO: Tactic = Tactic::None;

/// `command` is refused under `rule` with this Russian message, written from a message.
fn refused_ru(session: &mut Session<Hunt>, command: Command, rule: &str, ru: &str) {
    let e = session.apply(command).expect_err("refused");
    assert_eq!(e.rule, rule, "{}", e.message);
    assert!(e.text.is_some(), "English only: {e}");
    assert_eq!(e.message_in(&TEXTS, Lang::Ru), ru, "{}", e.message);
    assert_eq!(Hunt::refusal(&e, Lang::Ru), format!("отказ ({rule}): {ru}"));
}

#[test]
fn refusals_of_every_rule_family_read_in_russian() {
    let mut near = Session::<Hunt>::start(setup(Distance::Near), 1, 0).unwrap();
    // HUNT-06: caps, the weapon, the combat potential.
    refused_ru(
        &mut near,
        Command::Declare(decl("H", Some("knife"), 1, 4, 1, NO)),
        "HUNT-06",
        "Атака 4 больше Ловкости 3",
    );
    refused_ru(
        &mut near,
        Command::Declare(decl("H", Some("knife"), 3, 3, 3, NO)),
        "HUNT-06",
        "заявлено 9 кубов, а кубов боевого потенциала 8",
    );
    refused_ru(
        &mut near,
        Command::Declare(decl("H", None, 1, 1, 1, NO)),
        "HUNT-06",
        "для атаки нужно оружие: укажите, каким оружием атаковать",
    );
    refused_ru(
        &mut near,
        Command::Declare(decl("H", Some("axe"), 1, 1, 1, NO)),
        "HUNT-06",
        "у H нет оружия axe",
    );
    // HUNT-20: hiding.
    refused_ru(
        &mut near,
        Command::Declare(decl("H", None, 3, 0, 0, Tactic::Hide)),
        "HUNT-20",
        "затаиться на ближней дистанции нельзя",
    );
    // HUNT-06, HUNT-18, HUNT-19 at Medium: melee, Onslaught, Counterattack.
    let mut medium = Session::<Hunt>::start(setup(Distance::Medium), 1, 0).unwrap();
    refused_ru(
        &mut medium,
        Command::Declare(decl("H", Some("knife"), 1, 1, 1, NO)),
        "HUNT-06",
        "рукопашный бой возможен только на ближней дистанции, а дистанция средняя",
    );
    refused_ru(
        &mut medium,
        Command::Declare(decl("H", Some("rifle"), 1, 1, 1, Tactic::Onslaught)),
        "HUNT-18",
        "Натиск возможен только на ближней дистанции",
    );
    refused_ru(
        &mut medium,
        Command::Declare(decl("H", Some("rifle"), 1, 1, 1, Tactic::Counterattack)),
        "HUNT-19",
        "Контратака возможна только на ближней дистанции",
    );
}

#[test]
fn odds_situations_are_refused_in_both_languages() {
    let hidden = OddsSpec {
        prey_hidden: true,
        hunter_weapon: "melee".into(),
        ..OddsSpec::default()
    };
    let e = Hunt::odds(&hidden).unwrap_err();
    assert_eq!(e.rule, "HUNT-20");
    assert_eq!(
        e.message,
        "a hidden prey can be attacked only blindly, with a ranged weapon"
    );
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "жертву в укрытии можно атаковать только наугад, дистанционным оружием"
    );
    let spear = OddsSpec {
        hunter_weapon: "spear".into(),
        ..OddsSpec::default()
    };
    let e = Hunt::odds(&spear).unwrap_err();
    assert_eq!(e.rule, "HUNT-06");
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "вид оружия «spear» — не melee, ranged или none"
    );
}

const PREFIX: &str = "hunt-refuse-";
const MIN_REFUSALS: usize = 50;
/// Values a command or an odds situation takes, listed as they are typed: weapon kinds.
const TYPED: &[&str] = &["melee", "ranged", "none"];

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
    // `options` tries every candidate with the refusals' text left unwritten; afterwards a
    // refusal is written in full again, on the same thread.
    use fray_dice::Decide;
    let mut near = Session::<Hunt>::start(setup(Distance::Near), 1, 0).unwrap();
    assert!(!Hunt::options(near.state()).list.is_empty());
    refused_ru(
        &mut near,
        Command::Declare(decl("H", None, 3, 0, 0, Tactic::Hide)),
        "HUNT-20",
        "затаиться на ближней дистанции нельзя",
    );
}
