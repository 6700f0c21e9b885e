//! Issue 18 for Hunt: the demo log in English and Russian, the lint over many seeds' logs,
//! the message files agreeing, the printed arithmetic recomputed, refusals in both
//! languages, and the summary.

use fray_dice::{
    demo_log_problems, missing_messages, play_demo, session_lines, Catalog, Lang, Ruleset, Session,
    Texts, View,
};
use fray_hunt::{line, Event, Hunt, LOCALES, TEXTS};

fn log(s: &Session<Hunt>, view: &View) -> Vec<String> {
    session_lines(s, view)
}

/// Proper names the Russian log may show in Latin letters: the demo's fighters, their
/// weapons and the location (names from the setup, not words of the log).
const NAMES: &[&str] = &[
    "Hunter", "Prey", "rifle", "knife", "pistol", "pine", "forest",
];

/// At least this many lines are read by the lint over 40 demo fights (it reads some).
const LINES: usize = 13000;

#[test]
fn the_message_files_agree_and_parse() {
    assert_eq!(missing_messages(&LOCALES), Vec::<String>::new());
    assert!(Texts::try_new(&LOCALES).is_ok());
}

#[test]
fn demo_log_in_english_and_russian() {
    let s = play_demo::<Hunt>(Hunt::DEMO_SEED, 0);
    let en = log(&s, &View::game_master(Lang::En));
    let ru = log(&s, &View::game_master(Lang::Ru));
    insta::assert_snapshot!("demo_seed_7_log_en", en.join("\n"));
    insta::assert_snapshot!("demo_seed_7_log_ru", ru.join("\n"));
}

/// Seed 70 (tests/demo.rs): an ambush, a flight to Far, a hide, searches, a counterattack and
/// the trap — the lines the demo on seed 7 never reaches.
#[test]
fn hide_search_and_trap_log_in_english_and_russian() {
    let s = play_demo::<Hunt>(70, 0);
    insta::assert_snapshot!(
        "seed_70_log_en",
        log(&s, &View::game_master(Lang::En)).join("\n")
    );
    insta::assert_snapshot!(
        "seed_70_log_ru",
        log(&s, &View::game_master(Lang::Ru)).join("\n")
    );
}

#[test]
fn logs_of_many_seeds_are_clean_in_both_languages() {
    let (lines, problems) = demo_log_problems::<Hunt>(3, 0..40, &["Hunter", "Prey"], NAMES);
    assert_eq!(problems, Vec::<String>::new());
    assert!(lines > LINES, "{lines} lines read");
}

/// The shared check reads what it is given: without the names allowed in Latin letters, the
/// Russian lines that name the fighters are reported, each naming its language and reader,
/// and no English line is.
#[test]
fn the_log_check_reports_latin_names_in_russian_lines() {
    let (lines, problems) = demo_log_problems::<Hunt>(3, 0..2, &["Prey"], &[]);
    assert!(lines > 100, "{lines} lines read");
    assert!(!problems.is_empty());
    for p in &problems {
        assert!(p.starts_with("hunt stream "), "{p}");
        assert!(p.contains(", ru, "), "{p}");
        assert!(p.contains("Hunter") || p.contains("Prey"), "{p}");
    }
    assert!(problems.iter().any(|p| p.contains("Participant(\"Prey\")")));
}

/// "a + b + c = total": the faces add up to the total printed.
fn sum_checks(expr: &str) -> bool {
    let Some((terms, total)) = expr.rsplit_once(" = ") else {
        return true;
    };
    let Ok(total) = total.trim().parse::<u32>() else {
        return true;
    };
    let faces: Option<Vec<u32>> = terms.split('+').map(|f| f.trim().parse().ok()).collect();
    faces.map_or(true, |f| f.iter().sum::<u32>() == total)
}

/// The dice count printed ("2 + 1 Flee − 2 Barrage Fire = 1 die") is its terms' sum.
fn count_checks(expr: &str) -> i64 {
    let mut sum = 0i64;
    let mut sign = 1;
    for word in expr.split(' ') {
        match word {
            "+" => sign = 1,
            "−" => sign = -1,
            w => {
                if let Ok(n) = w.parse::<i64>() {
                    sum += sign * n;
                    sign = 0;
                }
            }
        }
    }
    sum
}

/// For every Defense and Strike line of 20 fights: the count's terms add up to the dice
/// rolled, the faces to the total, the comparison gives the printed result, the Damage dice
/// at or above the threshold are the printed points, the Endurance rolls above the stat are
/// the printed failures.
#[test]
fn printed_arithmetic_gives_the_printed_results() {
    let mut checked = 0;
    for stream in 0..20 {
        let s = play_demo::<Hunt>(5, stream);
        for e in s.events() {
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            match e {
                Event::Defense {
                    dice, total, terms, ..
                } => {
                    let (_, rest) = l.split_once(": ").unwrap();
                    let (count, rolled) = rest.split_once(" → ").unwrap();
                    if terms.len() > 1 && !count.contains("below 0") {
                        let (expr, _) = count.rsplit_once(" = ").unwrap();
                        assert_eq!(count_checks(expr), i64::from(*dice), "{l}");
                    }
                    let rolled = rolled.split(';').next().unwrap();
                    if !rolled.contains("Experience") {
                        assert!(sum_checks(rolled), "{l}");
                        assert!(rolled.ends_with(&total.to_string()), "{l}");
                    }
                    checked += 1;
                }
                Event::Strike {
                    attack_total,
                    defense_total,
                    hit,
                    points,
                    threshold,
                    damage_dice,
                    endurance,
                    weapon,
                    ..
                } if !weapon.is_empty() => {
                    let (_, rest) = l.split_once(": Attack ").unwrap();
                    let (count, rest) = rest.split_once(" → ").unwrap();
                    if !count.contains("below 0") && count.contains(" = ") {
                        let (expr, dice) = count.rsplit_once(" = ").unwrap();
                        let dice: i64 = dice.split(' ').next().unwrap().parse().unwrap();
                        assert_eq!(count_checks(expr), dice, "{l}");
                    }
                    let rolled = rest.split([' ', '>', '<']).next().unwrap();
                    let rolled_expr = rest.split(" > ").next().unwrap();
                    let rolled_expr = rolled_expr.split(" < ").next().unwrap();
                    let rolled_expr = rolled_expr.split(" = Defense").next().unwrap();
                    assert!(sum_checks(rolled_expr), "{l}");
                    assert!(!rolled.is_empty());
                    let shown = format!("Defense {defense_total}");
                    assert!(l.contains(&shown), "{l}");
                    let result = if attack_total > defense_total {
                        "> "
                    } else if attack_total < defense_total {
                        "< "
                    } else {
                        "= "
                    };
                    assert!(l.contains(&format!("{attack_total} {result}")), "{l}");
                    if *hit {
                        assert!(l.contains(": hit"), "{l}");
                        assert!(attack_total > defense_total, "HUNT-10: {l}");
                    } else {
                        assert!(!l.contains(": hit"), "{l}");
                    }
                    if *threshold > 0 && !damage_dice.is_empty() {
                        let over = damage_dice.iter().filter(|&&d| d >= *threshold).count();
                        assert_eq!(over as u32, *points, "HUNT-11: {l}");
                        assert!(l.contains(&format!("threshold {threshold}")), "{l}");
                    }
                    let failed = endurance
                        .rolls
                        .iter()
                        .filter(|&&r| r > endurance.endurance)
                        .count() as u32;
                    assert_eq!(failed, endurance.failed, "HUNT-13: {l}");
                    checked += 1;
                }
                _ => {}
            }
        }
    }
    assert!(checked > 200, "{checked} lines checked");
}

/// HUNT-08: a Flee's −1 Attack handed over shows as the opponent's Defense term, named.
#[test]
fn hunt_08_dice_handed_over_are_named() {
    let mut found = false;
    for stream in 0..40 {
        let s = play_demo::<Hunt>(3, stream);
        for e in s.events() {
            let Event::Defense { terms, dice, .. } = e else {
                continue;
            };
            if terms.iter().any(|t| t.from.is_some()) {
                let en = line(e, &View::game_master(Lang::En)).unwrap();
                let ru = line(e, &View::game_master(Lang::Ru)).unwrap();
                assert!(en.contains("handed over by "), "{en}");
                assert!(ru.contains("бонус от "), "{ru}");
                let sum: i32 = terms.iter().map(|t| t.dice).sum();
                assert_eq!(sum, *dice as i32, "{en}");
                found = true;
            }
        }
    }
    assert!(found, "some fight hands dice over");
}

#[test]
fn refusals_read_in_both_languages() {
    let mut s = Session::<Hunt>::start(Hunt::demo_setup(), 7, 0).unwrap();
    let bad: fray_hunt::Command = serde_json::from_str(
        r#"{"type":"declare","fighter":"Hunter","weapon":"rifle","defense":4}"#,
    )
    .unwrap();
    let e = s.apply(bad).unwrap_err();
    assert_eq!(e.rule, "HUNT-06");
    assert_eq!(
        Hunt::refusal(&e, Lang::En),
        "refused (HUNT-06): Defense 4 is over the Agility cap of 3"
    );
    assert_eq!(
        Hunt::refusal(&e, Lang::Ru),
        "отказ (HUNT-06): Защита 4 больше Ловкости 3"
    );
    assert_eq!(e.message_in(&TEXTS, Lang::Ru), "Защита 4 больше Ловкости 3");
}

#[test]
fn the_summary_names_state_endurance_and_what_was_spent() {
    let s = play_demo::<Hunt>(Hunt::DEMO_SEED, 0);
    let standings = Hunt::standing(s.state());
    assert_eq!(standings.len(), 2);
    let en = Hunt::summary(s.state(), Lang::En);
    let ru = Hunt::summary(s.state(), Lang::Ru);
    assert!(en[0].starts_with("Hunter: "), "{en:?}");
    assert!(en
        .iter()
        .all(|l| l.contains("Endurance ") && l.contains("rounds fired ")));
    assert!(ru
        .iter()
        .all(|l| l.contains("Выносливость ") && l.contains("израсходовано боеприпасов ")));
    for st in &standings {
        assert!(st.tracks[0].now <= st.tracks[0].max);
    }
}
