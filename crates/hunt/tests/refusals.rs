//! Issue 18 for Hunt's refusals: every `hunt-refuse-*` message is used by the engine and
//! reads in both languages, and real refusals of each rule family come out in Russian.

mod common;

use common::*;
use fray_dice::{Catalog, Lang, Session};
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
