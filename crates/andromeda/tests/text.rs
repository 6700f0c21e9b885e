//! Issue 18 for Andromeda: the demo log in English and Russian, the lint over many seeds'
//! logs, the message files agreeing, totals recomputed from the printed terms, the views
//! (AND-35 Hidden), the pending-decision prompts, refusals in both languages, the summary.

mod common;

use common::*;
use fray_andromeda::{line, prompt, Andromeda, Event, LOCALES, TEXTS};
use fray_dice::{
    demo_log_problems, missing_messages, play_demo, session_lines, Catalog, Lang, Ruleset, Session,
    View,
};
use serde_json::json;

fn log(session: &Session<Andromeda>, lang: Lang) -> Vec<String> {
    session_lines(session, &View::game_master(lang))
}

/// Proper names the Russian log may show in Latin letters: the demo's people, abilities and
/// artifacts, as its setup names them.
const NAMES: &[&str] = &[
    "vera", "mira", "warden", "drone", "Vera", "Duelist", "Mira", "Shadow", "Iron", "Warden",
    "Gun", "Drone", "Riposte", "Flurry", "Blade", "Needle", "Pistol", "Dagger", "Crushing", "Fist",
    "Dread", "Roar", "Blaster", "cell", "needler",
];

/// At least this many lines are read by the lint over 40 demo fights (it reads some).
const LINES: usize = 9000;

#[test]
fn the_message_files_agree_and_parse() {
    assert_eq!(missing_messages(&LOCALES), Vec::<String>::new());
    assert!(fray_dice::Texts::try_new(&LOCALES).is_ok());
}

#[test]
fn demo_log_in_english_and_russian() {
    let session = play_demo::<Andromeda>(Andromeda::DEMO_SEED, 0);
    insta::assert_snapshot!("demo_seed_7_log_en", log(&session, Lang::En).join("\n"));
    insta::assert_snapshot!("demo_seed_7_log_ru", log(&session, Lang::Ru).join("\n"));
}

#[test]
fn logs_of_many_seeds_are_clean_in_both_languages() {
    let (lines, problems) = demo_log_problems::<Andromeda>(3, 0..40, &[], NAMES);
    assert_eq!(problems, Vec::<String>::new());
    assert!(lines > LINES, "{lines} lines read");
}

/// The sum of "3 + 2 + Melee 3 − disadvantage 2": each number with the sign before it (a
/// word between a sign and its number is the term's name).
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

/// "−2" → -2, "+1" → 1, "13" → 13.
fn number(text: &str) -> i32 {
    let t = text.trim().replace('−', "-").replace('+', "");
    t.parse()
        .unwrap_or_else(|_| panic!("not a number: {text:?}"))
}

/// AND-16, AND-17, AND-21: every check line's kept dice and terms add up to the printed
/// total, the total falls in the printed range of the printed base outcome, the printed rank
/// minus the printed defense or task rank is the printed shift, and the base shifted (and
/// clamped) is the printed result; with extra dice the kept two are the best (advantage) or
/// worst (disadvantage) of the printed faces.
#[test]
fn and_16_printed_terms_recompute_the_outcome() {
    let tiers = ["Fail", "Success at a Cost", "Success", "Critical Success"];
    let tier = |name: &str| tiers.iter().position(|t| *t == name).unwrap() as i32;
    let mut checked = 0;
    for stream in 0..20 {
        let session = play_demo::<Andromeda>(5, stream);
        for e in session.events() {
            let Event::Check { dice, .. } = e else {
                continue;
            };
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            let (roll, rest) = l.split_once(" = ").unwrap();
            let terms = roll.rsplit_once(": ").unwrap().1;
            let terms = terms.rsplit_once("keeps ").map_or(terms, |(_, t)| t);
            let (total, rest) = rest.split_once(" → ").unwrap();
            let total = number(total);
            assert_eq!(sum(terms), total, "{l}");
            // The base outcome and its range.
            let (base, rest) = rest.split_once(" (").unwrap();
            let (range, rest) = rest.split_once("); rank ").unwrap();
            let in_range = if let Some(h) = range.strip_prefix("≤ ") {
                total <= number(h)
            } else if let Some(lo) = range.strip_prefix("≥ ") {
                total >= number(lo)
            } else if let Some((lo, hi)) = range.split_once('–') {
                (number(lo)..=number(hi)).contains(&total)
            } else {
                total == number(range)
            };
            assert!(in_range, "{l}");
            // The shift: rank minus what it is compared with.
            let (rank, rest) = rest.split_once(" vs ").unwrap();
            let (against, rest) = rest.split_once(": ").unwrap();
            let against = number(against.rsplit_once(' ').unwrap().1);
            let (shift, result) = rest.split_once(" → ").unwrap();
            assert_eq!(number(rank) - against, number(shift), "{l}");
            let result = result.trim_end_matches(" (no further)");
            let expect = (tier(base) + number(shift)).clamp(0, 3);
            assert_eq!(tiers[expect as usize], result, "{l}");
            assert_eq!(
                l.ends_with("(no further)"),
                tier(base) + number(shift) != expect,
                "{l}"
            );
            // Extra dice: the kept two are the best or worst two of the printed faces.
            if dice.len() > 2 {
                let kept: Vec<i32> = terms.split(" + ").take(2).map(number).collect();
                let mut faces: Vec<i32> = dice.iter().map(|&d| i32::from(d)).collect();
                faces.sort_unstable();
                let best: i32 = faces[faces.len() - 2..].iter().sum();
                let worst: i32 = faces[..2].iter().sum();
                let want = if l.contains("with advantage") {
                    best
                } else {
                    worst
                };
                assert_eq!(kept.iter().sum::<i32>(), want, "{l}");
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked} check lines");
}

/// AND-22: an opposed line's two sides each add up, and the printed winner has the higher
/// printed total.
#[test]
fn and_22_opposed_lines_recompute() {
    let mut checked = 0;
    for stream in 0..40 {
        let session = play_demo::<Andromeda>(5, stream);
        for e in session.events() {
            let Event::Opposed {
                initiator,
                opponent,
                decided_by,
                ..
            } = e
            else {
                continue;
            };
            let l = line(e, &View::game_master(Lang::En)).unwrap();
            let (left, right) = l.split_once(" vs ").unwrap();
            let (a_terms, a_total) = left.split_once(" = ").unwrap();
            let (b_terms, rest) = right.split_once(" = ").unwrap();
            let (b_total, verdict) = rest.split_once(" → ").unwrap();
            let (a, b) = (number(a_total), number(b_total));
            assert_eq!(sum(a_terms.rsplit_once(": ").unwrap().1), a, "{l}");
            assert_eq!(sum(b_terms), b, "{l}");
            if *decided_by == fray_andromeda::Decider::Total {
                let winner = if a > b { initiator } else { opponent };
                assert!(verdict.starts_with(&format!("{winner} wins")), "{l}");
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} opposed lines");
}

/// AND-45, AND-46: a stress line's boxes before and after differ by the points filled.
#[test]
fn and_45_stress_lines_show_before_after_and_maximum() {
    let session = play_demo::<Andromeda>(Andromeda::DEMO_SEED, 0);
    let mut checked = 0;
    for e in session.events() {
        let Event::Damaged {
            amount,
            temp_before,
            temp_stress,
            main_before,
            main_stress,
            ..
        } = e
        else {
            continue;
        };
        let l = line(e, &View::game_master(Lang::En)).unwrap();
        assert!(
            l.contains(&format!("temporary {temp_before} → {temp_stress} of ")),
            "{l}"
        );
        let filled = (temp_stress - temp_before) + (main_stress - main_before);
        assert!(filled <= *amount, "{l}");
        assert_eq!(l.contains("find no free box"), filled < *amount, "{l}");
        checked += 1;
    }
    assert!(checked > 20);
}

fn hidden_fight() -> T {
    // a (heroes) hides from b, then moves: b's view must not show where a went.
    T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("ally", "heroes", [0, 5]),
            fighter("b", "enemies", [20, 0]),
        ],
        json!({}),
    ))
}

/// AND-35 «Противники не знают, где находится цель»: a Hidden participant's movement is not
/// in its enemies' view; it is in the game master's, its own and its allies'. Once it is
/// no longer Hidden its movement shows to everyone.
#[test]
fn and_35_a_hidden_participants_movement_is_kept_from_its_enemies() {
    let mut t = hidden_fight();
    t.ok(start("a"), &[]);
    let ev = t.ok(
        json!({"type": "hide", "actor": "a", "against": "b"}),
        &[8, 8, 1, 1],
    );
    assert!(t.has("a", fray_andromeda::ConditionKind::Hidden));
    // The hide check itself is public: b rolled against it.
    for e in &ev {
        assert!(line(e, &View::participant(Lang::En, "b")).is_some());
    }
    let ev = t.ok(json!({"type": "move", "actor": "a", "to": [3, 4]}), &[]);
    let moved = ev
        .iter()
        .find(|e| matches!(e, Event::Moved { .. }))
        .unwrap();
    assert!(matches!(moved, Event::Moved { hidden_from, .. } if hidden_from.len() == 1));
    for lang in Lang::ALL {
        assert_eq!(line(moved, &View::participant(lang, "b")), None);
        for viewer in [
            View::game_master(lang),
            View::participant(lang, "a"),
            View::participant(lang, "ally"),
        ] {
            assert!(line(moved, &viewer).unwrap().contains("(3, 4)"));
        }
    }
    assert_eq!(
        line(moved, &View::game_master(Lang::Ru)).unwrap(),
        "a перемещается из (0, 0) в (3, 4)"
    );
    // Revealed: the next movement is public.
    t.ok(json!({"type": "reveal", "actor": "a"}), &[]);
    t.ok(end("a"), &[]);
    for who in ["b", "ally"] {
        t.ok(start(who), &[]);
        t.ok(end(who), &[]);
    }
    t.ok(start("a"), &[]);
    let ev = t.ok(json!({"type": "move", "actor": "a", "to": [4, 4]}), &[]);
    let moved = ev
        .iter()
        .find(|e| matches!(e, Event::Moved { .. }))
        .unwrap();
    assert!(line(moved, &View::participant(Lang::En, "b")).is_some());
}

/// AND-14, AND-11: what a pending decision asks, in both languages.
#[test]
fn and_14_the_pending_decisions_read_as_questions() {
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    assert_eq!(prompt(&t.state, Lang::En), None);
    t.ok(use_("a", "shot", &["b"]), &[]);
    assert_eq!(
        prompt(&t.state, Lang::En).unwrap(),
        "b may make a provoked attack on a, who makes a ranged attack in melee: attack (a free action) or let a go"
    );
    assert_eq!(
        prompt(&t.state, Lang::Ru).unwrap(),
        "b может совершить провоцированную атаку по a (дальняя атака в ближнем бою): атаковать (свободное действие) или отпустить"
    );
    let ev = t.ok(json!({"type": "provoked_attack", "actor": "b"}), &[4, 4]);
    let declined = ev
        .iter()
        .find(|e| matches!(e, Event::ProvokedDeclined { .. }))
        .unwrap();
    assert_eq!(
        line(declined, &View::game_master(Lang::Ru)).unwrap(),
        "b отказывается от провоцированной атаки по a"
    );
}

#[test]
fn refusals_read_in_both_languages() {
    let mut session = Session::<Andromeda>::start(Andromeda::demo_setup(), 7, 0).unwrap();
    // AND-09: it is the heroes' slot; an enemy cannot start a turn.
    let e = session
        .apply(serde_json::from_value(json!({"type": "start_turn", "actor": "warden"})).unwrap())
        .unwrap_err();
    assert_eq!(e.rule, "AND-09");
    assert_eq!(
        Andromeda::refusal(&e, Lang::En),
        "refused (AND-09): it is the heroes side's slot; warden is on the enemies side"
    );
    assert_eq!(
        Andromeda::refusal(&e, Lang::Ru),
        "отказ (AND-09): сейчас очередь героев, а warden на стороне противников"
    );
    // AND-10: the action is spent.
    session
        .apply(serde_json::from_value(json!({"type": "start_turn", "actor": "vera"})).unwrap())
        .unwrap();
    session
        .apply(
            serde_json::from_value(json!({"type": "extra_move", "actor": "vera", "to": [5, 0]}))
                .unwrap(),
        )
        .unwrap();
    let e = session
        .apply(
            serde_json::from_value(json!({"type": "extra_move", "actor": "vera", "to": [6, 0]}))
                .unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.rule, "AND-10");
    assert_eq!(e.message, "vera has already spent its action this turn");
    assert_eq!(
        e.message_in(&TEXTS, Lang::Ru),
        "у vera действие в этом ходу уже потрачено"
    );
}

#[test]
fn the_summary_names_status_stress_and_what_each_spent() {
    let session = play_demo::<Andromeda>(Andromeda::DEMO_SEED, 0);
    let standings = Andromeda::standing(session.state());
    assert_eq!(standings.len(), 4);
    let en = Andromeda::summary(session.state(), Lang::En);
    assert_eq!(en.len(), 4);
    assert!(en[0].starts_with("Vera, Duelist: "), "{en:?}");
    assert!(en
        .iter()
        .all(|l| l.contains("; main stress ") && l.contains("Heat gained ")));
    let ru = Andromeda::summary(session.state(), Lang::Ru);
    assert!(ru
        .iter()
        .all(|l| l.contains("; основной стресс ") && l.contains("получено Накала ")));
}
