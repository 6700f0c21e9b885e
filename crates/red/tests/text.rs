//! Issue 18 for RED: the demo log in English and Russian, the lint over many seeds' logs,
//! the message files agreeing, totals recomputed from the printed terms, refusals in both
//! languages, and the summary.

use fray_dice::{
    demo_log_problems, missing_messages, play_demo, session_lines, Catalog, Lang, RuleError,
    Ruleset, Session, View,
};
use fray_red::{line, Event, Red, LOCALES, TEXTS};

fn log(session: &Session<Red>, lang: Lang) -> Vec<String> {
    session_lines(session, &View::game_master(lang))
}

/// Proper names the Russian log may show in Latin letters: the demo's people.
const NAMES: &[&str] = &["Solo", "Razor", "Dice"];

/// At least this many lines are read by the lint over 40 demo fights (it reads some).
const LINES: usize = 6000;

#[test]
fn the_message_files_agree_and_parse() {
    assert_eq!(missing_messages(&LOCALES), Vec::<String>::new());
    assert!(fray_dice::Texts::try_new(&LOCALES).is_ok());
}

#[test]
fn demo_log_in_english_and_russian() {
    let session = play_demo::<Red>(Red::DEMO_SEED, 0);
    insta::assert_snapshot!("demo_seed_7_log_en", log(&session, Lang::En).join("\n"));
    insta::assert_snapshot!("demo_seed_7_log_ru", log(&session, Lang::Ru).join("\n"));
}

#[test]
fn logs_of_many_seeds_are_clean_in_both_languages() {
    let (lines, problems) = demo_log_problems::<Red>(3, 0..40, &[], NAMES);
    assert_eq!(problems, Vec::<String>::new());
    assert!(lines > LINES, "{lines} lines read");
}

/// The sum of "REF 8 + Handgun 5 − armour 2 + d10 1 − critical d10 7": the numbers with the
/// sign before them (a word between a sign and its number is the term's name).
fn sum(terms: &str) -> i32 {
    let mut total = 0;
    let mut sign = 1;
    for word in terms.split(' ') {
        match word {
            "+" => sign = 1,
            "−" => sign = -1,
            w => {
                if let Ok(n) = w.parse::<i32>() {
                    total += sign * n;
                }
            }
        }
    }
    total
}

/// The leading number of `text` ("22 vs DV 17 …" → 22).
fn leading(text: &str) -> i32 {
    text.split(|c: char| !c.is_ascii_digit() && c != '-')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// RED-30: every roll line's printed terms add up to its printed total, and the printed
/// comparison gives the printed result — beating the DV or the defender's total hits, a
/// tie misses and says so.
#[test]
fn red_30_printed_terms_sum_to_the_printed_total() {
    let mut checked = 0;
    for stream in 0..20 {
        let session = play_demo::<Red>(5, stream);
        for e in session.events() {
            let l = line(e, &View::game_master(Lang::En)).unwrap_or_default();
            let (hit, against_total) = match e {
                Event::Attack { hit, defense, .. } => (
                    *hit,
                    matches!(defense, fray_red::DefenseRoll::Evasion { .. }),
                ),
                Event::Initiative { .. } | Event::TieReroll { .. } | Event::Stabilize { .. } => {
                    (false, false)
                }
                _ => continue,
            };
            let roll = l.split_once(": ").unwrap().1;
            let (terms, rest) = roll.split_once(" = ").unwrap();
            let total = leading(rest);
            assert_eq!(sum(terms), total, "{l}");
            if let Event::Attack { .. } = e {
                let against = if against_total {
                    let evasion = rest.split_once("evasion ").unwrap().1;
                    let (terms, rest) = evasion.split_once(" = ").unwrap();
                    let value = leading(rest);
                    assert_eq!(sum(terms), value, "{l}");
                    value
                } else {
                    leading(rest.split_once("vs DV ").unwrap().1)
                };
                assert_eq!(hit, total > against, "{l}");
                assert_eq!(l.contains("→ hit"), hit, "{l}");
                assert_eq!(
                    l.contains("a tie goes to the defender"),
                    total == against,
                    "{l}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 200, "{checked} lines checked");
}

/// RED-40: a damage line's chain (dice → autofire × → − SP → head × → + critical) holds at
/// every "=", and its HP before and after differ by the HP lost.
#[test]
fn red_40_damage_lines_recompute() {
    let mut checked = 0;
    for stream in 0..20 {
        let session = play_demo::<Red>(5, stream);
        for e in session.events() {
            let Event::Damage { hp_loss, dice, .. } = e else {
                continue;
            };
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            let (chain, hp) = l.split_once(": ").unwrap().1.rsplit_once("; ").unwrap();
            let chain = chain.split(" ≤ ").next().unwrap();
            let mut acc: Option<i64> = None;
            let mut op: Option<&str> = None;
            let mut expect = false;
            for word in chain.split(' ') {
                let w = word.trim_matches(|c| c == '(' || c == ')' || c == ',');
                match w {
                    "+" | "−" | "×" => op = Some(w),
                    "=" => expect = true,
                    _ => {
                        let Ok(n) = w.parse::<i64>() else { continue };
                        if expect {
                            assert_eq!(acc, Some(n), "{l}");
                            expect = false;
                        } else if let Some(o) = op.take() {
                            let a = acc.unwrap();
                            acc = Some(match o {
                                "+" => a + n,
                                "−" => a - n,
                                _ => a * n,
                            });
                        } else if acc.is_none() || word.starts_with('(') {
                            // The first face starts the sum.
                            acc = Some(n);
                        }
                    }
                }
            }
            assert!(!dice.is_empty());
            let numbers: Vec<i64> = hp
                .replace('−', "-")
                .split(|c: char| !c.is_ascii_digit() && c != '-')
                .filter_map(|w| w.parse().ok())
                .collect();
            if numbers.len() == 3 {
                assert_eq!(numbers[0] - numbers[1], i64::from(*hp_loss), "{l}");
            } else {
                assert_eq!(*hp_loss, 0, "{l}");
            }
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} damage lines checked");
}

/// RED-45: HP lost undoes a stabilization, which has no event of its own: the damage line
/// of one already Mortally Wounded says death saves come every turn, so the death save that
/// follows can be checked. In the demo, Dice stabilizes Razor in round 5 and Solo's burst
/// in round 10 undoes it.
#[test]
fn red_45_hp_lost_while_mortally_wounded_says_death_saves_come_again() {
    let session = play_demo::<Red>(Red::DEMO_SEED, 0);
    let events: Vec<&Event> = session.events().collect();
    let stabilized = events
        .iter()
        .position(
            |e| matches!(e, Event::Stabilize { target, success: true, .. } if target == "Razor"),
        )
        .expect("Dice stabilizes Razor");
    let (hit, damage) = (events.iter().enumerate().skip(stabilized))
        .find(|(_, e)| matches!(e, Event::Damage { who, .. } if who == "Razor"))
        .expect("Razor is hit again");
    let read = |lang| line(damage, &View::game_master(lang)).unwrap();
    assert!(
        read(Lang::En).ends_with(
            "HP −12 → −33 (max 35), still Mortally Wounded: death saves every turn \
             (losing HP undoes a stabilization)"
        ),
        "{}",
        read(Lang::En)
    );
    assert!(read(Lang::Ru).contains("потеря ПЗ отменяет стабилизацию"));
    assert!(events[hit..]
        .iter()
        .any(|e| matches!(e, Event::DeathSave { who, .. } if who == "Razor")));
    // Hits on one not yet Mortally Wounded read as before.
    for &e in &events[..stabilized] {
        if let Event::Damage { .. } = e {
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            assert!(!l.contains("still Mortally Wounded"), "{l}");
        }
    }
}

#[test]
fn refusals_read_in_both_languages() {
    let mut session = Session::<Red>::start(Red::demo_setup(), 7, 0).unwrap();
    let state = session.state();
    let actor = state.actor();
    let other = (0..state.fighters.len()).find(|&i| i != actor).unwrap();
    let (me, them) = (
        state.fighters[actor].name.to_string(),
        state.fighters[other].name.to_string(),
    );
    let e: RuleError = session
        .apply(
            serde_json::from_value(serde_json::json!({"type": "end_turn", "actor": other}))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "RED-03");
    assert_eq!(
        Red::refusal(&e, Lang::En),
        format!(
            "refused (RED-03): it is {me}'s turn, not {them}'s: the initiative queue never changes"
        )
    );
    assert_eq!(
        Red::refusal(&e, Lang::Ru),
        format!("отказ (RED-03): сейчас ход {me}, а не {them}: очередь инициативы не меняется")
    );
    // RED-37: a melee attack on someone out of reach, in the actor's own turn.
    let target = (0..session.state().fighters.len())
        .find(|&i| session.state().fighters[i].side != session.state().fighters[actor].side)
        .unwrap();
    let e = session
        .apply(
            serde_json::from_value(serde_json::json!(
                {"type": "attack", "actor": actor, "target": target, "unarmed": "brawling"}
            ))
            .unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "RED-37");
    let t = session.state().fighters[target].name.to_string();
    assert_eq!(e.message, format!("{t} is 20 m away; melee reaches 2 m"));
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        format!("{t} в 20 м; ближний бой достаёт на 2 м")
    );
}

#[test]
fn the_summary_names_wound_state_hp_and_what_each_spent() {
    let session = play_demo::<Red>(Red::DEMO_SEED, 0);
    let standings = Red::standing(session.state());
    assert_eq!(standings.len(), 3);
    let en = Red::summary(session.state(), Lang::En);
    assert!(en[0].starts_with("Solo: "), "{en:?}");
    assert!(en
        .iter()
        .all(|l| l.contains("; HP ") && l.contains("rounds fired ")));
    let ru = Red::summary(session.state(), Lang::Ru);
    assert!(ru
        .iter()
        .all(|l| l.contains("; ПЗ ") && l.contains("выпущено патронов ")));
}
