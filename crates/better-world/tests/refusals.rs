//! Illegal commands through a `Session`: refused under the rule they break, and nothing
//! changes — not the state JSON, not the dice position, not the log.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::{lint_line, Catalog, Lang, Session};

fn refused(session: &mut Session<BetterWorld>, command: Command, expected: &str) {
    let state = serde_json::to_string(session.state()).unwrap();
    let position = session.dice_position();
    let log = session.log().len();
    let err = session.apply(command).expect_err("refused");
    assert_eq!(err.rule, expected, "{}", err.message);
    assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
    assert_eq!(session.dice_position(), position);
    assert_eq!(session.log().len(), log);
    // Every refusal is written from a message, so it reads in Russian too.
    let ru = err.message_in(&TEXTS, Lang::Ru);
    assert!(
        err.text.is_some(),
        "{} is English only: {}",
        err.rule,
        err.message
    );
    assert!(lint_line(&ru, Lang::Ru, &NAMES).is_empty(), "{ru}");
}

/// The names the refusals below show in Latin letters.
const NAMES: [&str; 8] = ["A", "B", "C", "T", "M4", "pistol", "smg", "knife"];

/// `command` is refused under `rule` with this Russian message.
fn refused_ru(session: &mut Session<BetterWorld>, command: Command, rule: &str, ru: &str) {
    let err = session.apply(command).expect_err("refused");
    assert_eq!(err.rule, rule, "{}", err.message);
    assert_eq!(err.message_in(&TEXTS, Lang::Ru), ru, "{}", err.message);
    assert_eq!(
        BetterWorld::refusal(&err, Lang::Ru),
        format!("отказ ({rule}): {ru}")
    );
}

fn shooter(name: &str, side: u8, position: i32, reflexes: u32) -> Character {
    let mut c = fighter(name, side, position, reflexes);
    c.weapons = vec![pistol()];
    c
}

#[test]
fn bw_12_two_main_actions_and_a_full_after_the_additional() {
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut session = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap();
    session.apply(Command::Attack(strike(0, 1))).unwrap();
    refused(&mut session, Command::Attack(strike(0, 1)), "BW-12");
    let mut session = Session::<BetterWorld>::start(s, 1, 0).unwrap();
    session
        .apply(Command::Move {
            actor: 0,
            to: 3,
            sprint: false,
            engage: None,
            sector: None,
        })
        .unwrap();
    refused(&mut session, Command::AimedShot(strike(0, 1)), "BW-12");
    refused(&mut session, Command::Attack(strike(1, 0)), "BW-08");
}

#[test]
fn bw_24_a_fifth_melee_attacker() {
    let spots = [8, 12, 9, 11, 7];
    let mut chars: Vec<Character> = (0..5)
        .map(|i| fighter(&format!("M{i}"), 0, spots[i], 10 - i as u32))
        .collect();
    chars.push(fighter("T", 1, 10, 1));
    let mut session = Session::<BetterWorld>::start(setup(chars), 3, 0).unwrap();
    for (i, to) in [(0, 9), (1, 11), (2, 9), (3, 11)] {
        session.apply(engage(i, to, 5)).unwrap();
        session.apply(end(i)).unwrap();
    }
    refused(&mut session, engage(4, 9, 5), "BW-24");
}

#[test]
fn bw_10_a_newcomer_joining_mid_round() {
    let mut late = shooter("C", 1, 30, 2);
    late.joins_round = Some(2);
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2), late]);
    let mut session = Session::<BetterWorld>::start(s, 5, 0).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
    session.apply(end(0)).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
    session.apply(end(1)).unwrap();
    session.apply(Command::Join { actors: vec![2] }).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
}

#[test]
fn bw_25_settings_that_would_overflow_a_pool_are_refused() {
    // BW-25, BW-09: bonus settings are bounded at setup, so no attack of the default tactic
    // can be refused for a pool over 60K (an outnumbering bonus of u32::MAX once made one).
    let base = || setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut s = base();
    s.settings.outnumbering.four = u32::MAX;
    assert_eq!(
        Session::<BetterWorld>::start(s, 1, 0).unwrap_err().rule,
        "BW-25"
    );
    let mut s = base();
    s.settings.first_strike_k = 11;
    let e = Session::<BetterWorld>::start(s, 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-09");
    assert!(
        e.message
            .starts_with("settings.first_strike_k: found 11, allowed 0..=10"),
        "{e}"
    );
    let mut s = base();
    s.settings.first_strike_k = 10;
    s.settings.max_minor = 10;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
    let mut s = base();
    s.settings.max_minor = 11;
    let e = Session::<BetterWorld>::start(s, 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-12");
    assert!(
        e.message
            .starts_with("settings.max_minor: found 11, allowed 0..=10"),
        "{e}"
    );
}

#[test]
fn bw_12_spare_magazines_of_no_rounds_are_refused() {
    // BW-12: a reload puts `magazine` rounds in; spare magazines of 0 rounds could never be
    // loaded, and the default tactic (reloading an empty weapon) was refused.
    let mut s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    s.characters[0].weapons[0].spare_magazines = 2;
    s.characters[0].weapons[0].magazine = 0;
    let e = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-12");
    assert!(e.message.contains("at least 1"), "{e}");
    s.characters[0].weapons[0].magazine = 1;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
}

#[test]
fn bw_13_a_melee_reach_of_zero_is_refused() {
    // BW-13: melee is "closer than melee_below metres"; 0 m would make engaging impossible,
    // and the default tactic's engaging move was refused.
    let mut s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    s.settings.distances.melee_below = 0;
    let e = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-13");
    s.settings.distances.melee_below = 1;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
}

#[test]
fn refusals_of_every_rule_family_read_in_russian() {
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut session = Session::<BetterWorld>::start(s, 1, 0).unwrap();
    // BW-08, whose turn it is.
    refused_ru(
        &mut session,
        Command::Attack(strike(1, 0)),
        "BW-08",
        "сейчас ход A; до тех пор B не действует",
    );
    // BW-13, how far a move goes.
    let far = Command::Move {
        actor: 0,
        to: 100,
        sprint: false,
        engage: None,
        sector: None,
    };
    refused_ru(
        &mut session,
        far,
        "BW-13",
        "Перемещение — не больше 4 м; запрошено 100 м",
    );
    // BW-32, the aspects a weapon allows, named in Russian.
    let mut trained = strike(0, 1);
    trained.aspect = Some(Aspect::Training);
    refused_ru(
        &mut session,
        Command::Attack(trained),
        "BW-32",
        "Аспект «Тренировка» не подходит для этого оружия; подходят: Восприятие, Концентрация",
    );
    // BW-03, the situational bonus.
    let mut lucky = strike(0, 1);
    lucky.bonus = 11;
    refused_ru(
        &mut session,
        Command::Attack(lucky),
        "BW-03",
        "ситуативный бонус и дополнительная сложность — не больше 10К",
    );
    // BW-39, the weapon's bursts.
    refused_ru(
        &mut session,
        Command::ShortBurst(strike(0, 1)),
        "BW-39",
        "у оружия нет Короткой очереди: pistol",
    );
    // BW-37, Reaction needs cover.
    refused_ru(
        &mut session,
        Command::Reaction { actor: 0 },
        "BW-37",
        "Реакция возможна только при наличии укрытия",
    );
    // BW-29, BW-26, BW-10: holds, opportunity attacks, newcomers.
    refused_ru(
        &mut session,
        Command::BreakFree { actor: 0 },
        "BW-29",
        "Освобождение возможно только для персонажа в Захвате",
    );
    refused_ru(
        &mut session,
        Command::Opportunity {
            actor: 0,
            attack: true,
        },
        "BW-26",
        "сейчас Атака по возможности не предлагается: её даёт только перемещение противника \
         из зоны ближнего боя или мимо неё",
    );
    refused_ru(
        &mut session,
        Command::Join { actors: vec![1] },
        "BW-10",
        "новые персонажи вступают в бой только в начале нового раунда, а не во время раунда",
    );
    // BW-12, the action economy.
    session.apply(Command::Attack(strike(0, 1))).unwrap();
    refused_ru(
        &mut session,
        Command::Attack(strike(0, 1)),
        "BW-12",
        "Основное Действие (ОД) этого хода уже потрачено (или потеряно из-за Болевого Шока)",
    );
}

#[test]
fn bw_24_a_crowded_target_reads_in_russian() {
    let spots = [8, 12, 9, 11, 7];
    let mut chars: Vec<Character> = (0..5)
        .map(|i| fighter(&format!("M{i}"), 0, spots[i], 10 - i as u32))
        .collect();
    chars.push(fighter("T", 1, 10, 1));
    let mut session = Session::<BetterWorld>::start(setup(chars), 3, 0).unwrap();
    for (i, to) in [(0, 9), (1, 11), (2, 9), (3, 11)] {
        session.apply(engage(i, to, 5)).unwrap();
        session.apply(end(i)).unwrap();
    }
    refused_ru(
        &mut session,
        engage(4, 9, 5),
        "BW-24",
        "T: в ближнем бою вокруг уже 4; не больше 4 (по одному на сектор в 90°)",
    );
}

const PREFIX: &str = "bw-refuse-";
const MIN_REFUSALS: usize = 70;
/// Values a command takes, which a refusal lists as they are typed: none.
const TYPED: &[&str] = &[];

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
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut session = Session::<BetterWorld>::start(s, 1, 0).unwrap();
    assert!(!options(session.state()).list.is_empty());
    refused_ru(
        &mut session,
        Command::Attack(strike(1, 0)),
        "BW-08",
        "сейчас ход A; до тех пор B не действует",
    );
}
