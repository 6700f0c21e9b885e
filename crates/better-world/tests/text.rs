//! Issue 18 for Better World: the demo log in English and Russian, the lint over many
//! seeds' logs, the message files agreeing, both pools and the damage recomputed from the
//! printed terms, refusals in both languages, and the summary.

use fray_better_world::*;
use fray_dice::{
    demo_log_problems, missing_messages, play_demo, session_lines, Catalog, Lang, Ruleset, Session,
    View,
};

fn log(session: &Session<BetterWorld>, lang: Lang) -> Vec<String> {
    session_lines(session, &View::game_master(lang))
}

/// Proper names the Russian log may show in Latin letters: the demo's people and gear.
const NAMES: &[&str] = &[
    "Viper",
    "Lynx",
    "Guard",
    "Sasha",
    "Bear",
    "Gatekeeper",
    "Booth",
    "guard",
    "Kedr",
    "SMG",
    "Norinco",
    "pistol",
    "baton",
];

/// At least this many lines are read by the lint over 40 demo fights (it reads some).
const LINES: usize = 15000;

#[test]
fn the_message_files_agree_and_parse() {
    assert_eq!(missing_messages(&LOCALES), Vec::<String>::new());
    assert!(fray_dice::Texts::try_new(&LOCALES).is_ok());
}

#[test]
fn demo_log_in_english_and_russian() {
    let session = play_demo::<BetterWorld>(BetterWorld::DEMO_SEED, 0);
    insta::assert_snapshot!("demo_seed_7_log_en", log(&session, Lang::En).join("\n"));
    insta::assert_snapshot!("demo_seed_7_log_ru", log(&session, Lang::Ru).join("\n"));
}

#[test]
fn logs_of_many_seeds_are_clean_in_both_languages() {
    let (lines, problems) = demo_log_problems::<BetterWorld>(3, 0..40, &[], NAMES);
    assert_eq!(problems, Vec::<String>::new());
    assert!(lines > LINES, "{lines} lines read");
}

/// `"Perception 3 + Long Burst 2 = 5K → 2 ones"`: the sum of the terms, the K, the ones.
fn pool(text: &str) -> (u32, u32, u32) {
    let (terms, rest) = text.rsplit_once(" = ").unwrap();
    let sum = terms
        .split(" + ")
        .map(|t| t.rsplit(' ').next().unwrap().parse::<u32>().unwrap_or(0))
        .sum();
    let (k, ones) = rest.split_once("K → ").unwrap();
    let ones = ones.split(' ').next().unwrap().parse().unwrap();
    (sum, k.parse().unwrap(), ones)
}

fn number_after(text: &str, label: &str) -> i64 {
    let (_, rest) = text.split_once(label).unwrap();
    rest.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

/// Every attack and contest line: each pool's printed terms sum to its printed K, the
/// printed ones are compared as printed, and the result, bonus units and deficit follow
/// from them (a tie goes to the one who acts, BW-02's default). Every damage line: trivial +
/// weapon − armour (never below 0) is the effective damage, the trivial damage is the
/// preceding hit's bonus units (BW-15, BW-16), and the hits fall by it.
#[test]
fn printed_terms_recompute_to_the_printed_result() {
    let (mut checks, mut damages) = (0, 0);
    for stream in 0..20 {
        let session = play_demo::<BetterWorld>(5, stream);
        let mut last_bonus = None;
        for l in log(&session, Lang::En) {
            if let Some((left, right)) = l.split_once(" vs defence: ").or_else(|| {
                l.contains(" — ")
                    .then(|| l.split_once(" vs "))
                    .flatten()
                    .map(|(a, b)| (a, b.split_once(": ").unwrap().1))
            }) {
                let (sum, k, ones) = pool(left.rsplit_once(": ").unwrap().1);
                assert_eq!(sum, k, "{l}");
                let (against, verdict) = right.split_once("; ").unwrap();
                let (dsum, dk, dones) = pool(against);
                assert_eq!(dsum, dk, "{l}");
                let words: Vec<&str> = verdict.split(' ').collect();
                assert_eq!(words[0].parse::<u32>().unwrap(), ones, "{l}");
                assert_eq!(
                    words[2].trim_end_matches(':').parse::<u32>().unwrap(),
                    dones,
                    "{l}"
                );
                let success = ["hit", "success", "automatic"]
                    .iter()
                    .any(|w| words[3].starts_with(w));
                if l.contains("automatic") {
                    assert!(success, "{l}");
                } else {
                    assert_eq!(words[1] != "<", success, "{l}");
                    assert_eq!(
                        words[1],
                        match ones.cmp(&dones) {
                            std::cmp::Ordering::Less => "<",
                            std::cmp::Ordering::Equal => "=",
                            std::cmp::Ordering::Greater => ">",
                        },
                        "{l}"
                    );
                }
                if success {
                    let bonus = number_after(verdict, ", ");
                    assert_eq!(bonus, i64::from(ones.saturating_sub(dones)), "{l}");
                    last_bonus = Some(bonus);
                } else {
                    assert_eq!(
                        number_after(verdict, "deficit "),
                        i64::from(dones - ones),
                        "{l}"
                    );
                    last_bonus = None;
                }
                checks += 1;
            } else if l.contains(": trivial damage ") {
                let trivial = number_after(&l, "trivial damage ");
                let weapon = number_after(&l, "+ weapon ");
                let armour = number_after(&l, "− armour ");
                let effective = number_after(&l, "= effective damage ");
                assert_eq!((trivial + weapon - armour).max(0), effective, "{l}");
                assert_eq!(Some(trivial), last_bonus.take(), "{l}");
                let dealt = if l.contains("restrained to ") {
                    number_after(&l, "restrained to ")
                } else {
                    effective
                };
                let before = number_after(&l, "hits ");
                let after = number_after(&l, &format!("hits {before} → "));
                assert_eq!(before - dealt, after, "{l}");
                damages += 1;
            }
        }
    }
    assert!(
        checks > 200 && damages > 50,
        "{checks} checks, {damages} damages"
    );
}

/// A fallen character is silent after the round it fell in (BW-08: it misses its later
/// turn that round, and the log says so once).
#[test]
fn the_fallen_are_silent_after_their_round() {
    let session = play_demo::<BetterWorld>(BetterWorld::DEMO_SEED, 0);
    let mut round = 0;
    let mut fell: std::collections::BTreeMap<String, u32> = Default::default();
    for e in session.events() {
        match e {
            Event::RoundStarted { round: r } => round = *r,
            Event::Dying { actor, .. } | Event::Died { actor } => {
                fell.entry(actor.name.clone()).or_insert(round);
            }
            Event::TurnSkipped { actor, reason } if *reason != SkipReason::Concussion => {
                assert_eq!(fell.get(&actor.name), Some(&round), "{}", actor.name);
            }
            _ => {}
        }
    }
    assert_eq!(fell.len(), 4, "{fell:?}");
}

#[test]
fn the_summary_names_state_hits_spending_and_the_round_of_the_fall() {
    let session = play_demo::<BetterWorld>(BetterWorld::DEMO_SEED, 0);
    let standings = BetterWorld::standing(session.state());
    assert_eq!(standings.len(), 6);
    let fired: u32 = session
        .events()
        .filter_map(|e| match e {
            Event::AmmoSpent { rounds, .. } => Some(*rounds),
            _ => None,
        })
        .sum();
    let counted: i64 = standings.iter().map(|s| s.counters[0].value).sum();
    assert_eq!(counted, i64::from(fired));
    let en = BetterWorld::summary(session.state(), Lang::En);
    let ru = BetterWorld::summary(session.state(), Lang::Ru);
    assert!(en[0].starts_with("Viper: "), "{en:?}");
    for (s, (en, ru)) in standings.iter().zip(en.iter().zip(&ru)) {
        assert!(en.contains(&format!("hits {}/6", s.tracks[0].now)), "{en}");
        assert!(ru.contains(&format!("хиты {}/6", s.tracks[0].now)), "{ru}");
        match s.defeated_round {
            Some(r) => {
                assert!(en.ends_with(&format!("down since round {r}")), "{en}");
                assert!(ru.ends_with(&format!("из строя с раунда {r}")), "{ru}");
            }
            None => assert!(!en.contains("down since"), "{en}"),
        }
    }
}
