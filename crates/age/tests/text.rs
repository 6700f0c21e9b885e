//! Issue 18 for AGE: the demo log in English and Russian, the lint over many seeds' logs,
//! the message files agreeing, totals recomputed from the printed terms, refusals in both
//! languages, and the summary.

use fray_age::{line, Age, Event, LOCALES, TEXTS};
use fray_dice::{
    demo_log_problems, missing_messages, play_demo, session_lines, Catalog, Lang, RuleError,
    Ruleset, Session, View,
};

fn log(session: &Session<Age>, lang: Lang) -> Vec<String> {
    session_lines(session, &View::game_master(lang))
}

/// Proper names the Russian log may show in Latin letters: the demo's people and gear.
const NAMES: &[&str] = &[
    "Sgt",
    "Okafor",
    "Pvt",
    "Lindqvist",
    "Mako",
    "Vex",
    "Kask",
    "rifle",
    "frag",
    "grenade",
    "knife",
    "pistol",
    "shock",
    "maul",
];

/// At least this many lines are read by the lint over 40 demo fights (it reads some).
const LINES: usize = 5000;

#[test]
fn the_message_files_agree_and_parse() {
    assert_eq!(missing_messages(&LOCALES), Vec::<String>::new());
    assert!(fray_dice::Texts::try_new(&LOCALES).is_ok());
}

#[test]
fn demo_log_in_english_and_russian() {
    let session = play_demo::<Age>(Age::DEMO_SEED, 0);
    insta::assert_snapshot!("demo_seed_7_log_en", log(&session, Lang::En).join("\n"));
    insta::assert_snapshot!("demo_seed_7_log_ru", log(&session, Lang::Ru).join("\n"));
}

#[test]
fn logs_of_many_seeds_are_clean_in_both_languages() {
    let (lines, problems) = demo_log_problems::<Age>(3, 0..40, &[], NAMES);
    assert_eq!(problems, Vec::<String>::new());
    assert!(lines > LINES, "{lines} lines read");
}

/// The numbers of "a + b + Drama Die c + Ability n + focus 2 − term m = total" sum to the
/// total, and the comparison printed gives the result printed.
#[test]
fn printed_terms_sum_to_the_printed_total() {
    let mut checked = 0;
    for stream in 0..20 {
        let session = play_demo::<Age>(5, stream);
        for e in session.events() {
            let is_roll = matches!(
                e,
                Event::Attack { .. } | Event::Initiative { .. } | Event::Grenade { .. }
            );
            if !is_roll {
                continue;
            }
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            let roll = l.split_once(": ").map_or(l.as_str(), |(_, r)| r);
            let (terms, rest) = roll.split_once(" = ").unwrap();
            let mut sum = 0i32;
            let mut sign = 1;
            for word in terms.split(' ') {
                match word {
                    "+" => sign = 1,
                    "−" => sign = -1,
                    w => {
                        if let Ok(n) = w.parse::<i32>() {
                            sum += sign * n;
                        }
                    }
                }
            }
            let total: i32 = rest
                .split(|c: char| !c.is_ascii_digit() && c != '-')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(sum, total, "{l}");
            if let Some((_, cmp)) = rest.split_once(" ≥ ") {
                let value: i32 = cmp
                    .split(' ')
                    .nth(1)
                    .unwrap()
                    .trim_end_matches(':')
                    .parse()
                    .unwrap();
                assert!(total >= value, "{l}");
            }
            if let Some((_, cmp)) = rest.split_once(" < ") {
                let value: i32 = cmp
                    .split(' ')
                    .nth(1)
                    .unwrap()
                    .trim_end_matches(':')
                    .parse()
                    .unwrap();
                assert!(total < value, "{l}");
                assert!(l.contains("miss") || l.contains("failure"), "{l}");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} lines checked");
}

#[test]
fn refusals_read_in_both_languages() {
    let mut session = Session::<Age>::start(Age::demo_setup(), 7, 0).unwrap();
    let actor = session.state().combatants[session.state().turn.actor]
        .name
        .to_string();
    let other = session
        .state()
        .combatants
        .iter()
        .find(|c| *c.name != *actor)
        .unwrap()
        .name
        .to_string();
    let e: RuleError = session
        .apply(serde_json::from_value(serde_json::json!({"type": "aim", "actor": other})).unwrap())
        .unwrap_err();
    assert_eq!(e.rule, "AGE-08");
    assert_eq!(
        Age::refusal(&e, Lang::En),
        format!("refused (AGE-08): it is {actor}'s turn, not {other}'s")
    );
    assert_eq!(
        Age::refusal(&e, Lang::Ru),
        format!("отказ (AGE-08): сейчас ход {actor}, а не {other}")
    );
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        format!("сейчас ход {actor}, а не {other}")
    );
}

#[test]
fn the_summary_names_state_fortune_and_stunt_points() {
    let session = play_demo::<Age>(Age::DEMO_SEED, 0);
    let standings = Age::standing(session.state());
    assert_eq!(standings.len(), 5);
    let spent: i64 = standings.iter().map(|s| s.counters[0].value).sum();
    let bought: u32 = session
        .events()
        .filter_map(|e| match e {
            Event::StuntsSpent { spent, .. } => Some(u32::from(*spent)),
            _ => None,
        })
        .sum();
    assert_eq!(spent, i64::from(bought));
    for s in &standings {
        assert_eq!(s.tracks[0].key, "fortune");
        assert!(s.tracks[0].now <= s.tracks[0].max);
    }
    let en = Age::summary(session.state(), Lang::En);
    assert!(en[0].starts_with("Sgt. Okafor: "), "{en:?}");
    assert!(en
        .iter()
        .all(|l| l.contains("Fortune ") && l.contains("stunt points spent ")));
    let ru = Age::summary(session.state(), Lang::Ru);
    assert!(ru
        .iter()
        .all(|l| l.contains("Удача ") && l.contains("потрачено ОП ")));
}

/// AGE-10 / AGE-11 refusals a player meets first, written from the message files.
#[test]
fn reach_and_item_refusals_read_in_russian() {
    let mut session = Session::<Age>::start(Age::demo_setup(), 7, 0).unwrap();
    let state = session.state();
    let me = &state.combatants[state.turn.actor];
    let actor = me.name.to_string();
    let far = state
        .combatants
        .iter()
        .filter(|c| c.side != me.side)
        .max_by_key(|c| c.position.abs_diff(me.position))
        .unwrap();
    let (target, distance) = (far.name.to_string(), far.position.abs_diff(me.position));
    let e = session
        .apply(
            serde_json::from_value(
                serde_json::json!({"type": "melee_attack", "actor": actor, "target": target}),
            )
            .unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "AGE-10");
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        format!("{target} в {distance} м; для ближнего боя цель должна быть в пределах 2 м")
    );
    let e = session
        .apply(
            serde_json::from_value(
                serde_json::json!({"type": "take_up", "actor": actor, "item": "spoon"}),
            )
            .unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.message, format!("{actor} carries no 'spoon'"));
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        format!("у {actor} нет предмета «spoon»")
    );
}

/// The summary's standings name the round each combatant was taken out in.
#[test]
fn standings_name_the_round_of_defeat() {
    let session = play_demo::<Age>(Age::DEMO_SEED, 0);
    let rounds: Vec<Option<u32>> = Age::standing(session.state())
        .iter()
        .map(|s| s.defeated_round)
        .collect();
    // The demo log: Lindqvist and Mako fall in round 2, Okafor in round 4; Vex and Kask stand.
    assert_eq!(rounds, [Some(4), Some(2), Some(2), None, None]);
}

/// AGE-11, AGE-05: a Stand Firm line shows both sides' dice and sums, and which step of the
/// opposed test decided a tie, in both languages.
#[test]
fn age_11_stand_firm_shows_both_rolls_and_the_tie_break() {
    use fray_age::{OpposedResult, TestResult, TieBreak};
    let roll = |dice: [u8; 3], total| TestResult {
        dice,
        total,
        success: true,
        doubles: false,
        stunt_points: 0,
    };
    let stand_firm = |first, second, decided_by, held| Event::StandFirm {
        stunt: "knock_prone".into(),
        result: OpposedResult {
            first,
            second,
            winner: if held { None } else { Some(0) },
            decided_by,
        },
        held,
    };
    let en = |e: &Event| line(e, &View::game_master(Lang::En)).unwrap();
    let ru = |e: &Event| line(e, &View::game_master(Lang::Ru)).unwrap();
    let by_drama_die = stand_firm(
        roll([3, 4, 5], 14),
        roll([2, 6, 4], 14),
        TieBreak::DramaDie,
        false,
    );
    assert_eq!(
        en(&by_drama_die),
        "Stand Firm against Knock Prone: the attacker's Strength (Might) 3 + 4 + Drama Die 5 \
         + 2 = 14 vs the target's Strength (Might) or Dexterity (Acrobatics) 2 + 6 + Drama Die \
         4 + 2 = 14; equal totals: the higher Drama Die wins — gives way"
    );
    assert_eq!(
        ru(&by_drama_die),
        "Устоять против приёма «Сбить с ног»: встречная Сила (Мощь) 3 + 4 + Куб Драмы 5 + 2 \
         = 14 против Силы (Мощь) или Ловкости (Акробатика) цели 2 + 6 + Куб Драмы 4 + 2 = 14; \
         суммы равны: выше Куб Драмы — не устоял"
    );
    // A penalty shows as a minus; a win on the total names no tie-break.
    let by_total = stand_firm(
        roll([1, 1, 2], 6),
        roll([6, 6, 1], 11),
        TieBreak::Total,
        true,
    );
    assert!(en(&by_total).ends_with("Drama Die 2 + 2 = 6 vs the target's Strength (Might) or Dexterity (Acrobatics) 6 + 6 + Drama Die 1 − 2 = 11 — holds"));
    let tie = stand_firm(
        roll([4, 5, 5], 14),
        roll([5, 4, 5], 14),
        TieBreak::Tie,
        true,
    );
    assert!(ru(&tie).ends_with("5 + 4 + Куб Драмы 5 + 0 = 14; ничья — устоял"));
}

/// AGE-01: a game master's test reads with its ability, every term and the TN, in both
/// languages.
#[test]
fn age_01_a_test_line_names_its_ability_and_terms() {
    use fray_age::{Ability, Modifiers, Terms, TestResult};
    let terms = Terms {
        ability: Ability::Dexterity,
        score: 2,
        focus: true,
        modifiers: Modifiers {
            circumstance: -1,
            ..Modifiers::default()
        },
    };
    let roll = TestResult {
        dice: [3, 4, 5],
        total: 15,
        success: true,
        doubles: false,
        stunt_points: 0,
    };
    let test = |tn| Event::Test {
        name: "Vex".into(),
        ability: Ability::Dexterity,
        roll,
        terms,
        tn,
    };
    let en = |e: &Event| line(e, &View::game_master(Lang::En)).unwrap();
    let ru = |e: &Event| line(e, &View::game_master(Lang::Ru)).unwrap();
    assert_eq!(
        en(&test(Some(13))),
        "Vex tests Dexterity: 3 + 4 + Drama Die 5 + Dexterity 2 + focus 2 − circumstance 1 = \
         15 ≥ TN 13: success"
    );
    assert_eq!(
        ru(&test(Some(13))),
        "Vex: проверка (Ловкость): 3 + 4 + Куб Драмы 5 + Ловкость 2 + фокус 2 − обстоятельства \
         1 = 15 ≥ СЛ 13: успех"
    );
    assert_eq!(
        ru(&test(None)),
        "Vex: проверка (Ловкость): 3 + 4 + Куб Драмы 5 + Ловкость 2 + фокус 2 − обстоятельства \
         1 = 15"
    );
}
