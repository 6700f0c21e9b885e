//! `Ruleset::standing` after a scripted fight, against hand-computed values.

mod common;

use common::*;
use fray_dice::{Counter, Ruleset, Standing, Track};
use fray_hunt::*;

const NO: Tactic = Tactic::None;

fn counters(list: [(&'static str, i64); 5]) -> Vec<Counter> {
    list.iter()
        .map(|&(key, value)| Counter { key, value })
        .collect()
}

#[test]
fn hunt_13_standing_after_a_scripted_fight() {
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    // Turn 1: H shoots (Attack 1 > Defense 0), Damage 4 5 6 ≥ 4: 3 points (HUNT-11); P fails
    // three Endurance tests (6 > 3): maimed (HUNT-13), Endurance 3 − 2 = 1. One round fired.
    turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 3, NO),
        decl("P", None, 0, 0, 0, NO),
        &[1, 4, 5, 6, 6, 6, 6],
    );
    let mid = Hunt::standing(&st);
    assert_eq!(mid[1].state, "maimed");
    assert_eq!(
        mid[1].tracks,
        [Track {
            key: "endurance",
            now: 1,
            max: 3
        }]
    );
    // Turn 2: one more point, a failed test (6 > 1): a light wound that leaves Endurance 0,
    // so P dies at the end of round 2 (HUNT-13 [default]).
    turn(
        &mut st,
        decl("H", Some("rifle"), 0, 1, 1, NO),
        decl("P", None, 0, 0, 0, NO),
        &[1, 6, 6],
    );
    let standing = Hunt::standing(&st);
    assert_eq!(
        standing,
        vec![
            Standing {
                name: "H".into(),
                side: 0,
                up: true,
                state: "unhurt",
                tracks: vec![Track {
                    key: "endurance",
                    now: 3,
                    max: 3
                }],
                // HUNT-27: two shots, one round each.
                counters: counters([
                    ("wounds", 0),
                    ("bleeding", 0),
                    ("ammo_spent", 2),
                    ("damage_dealt", 4),
                    ("damage_taken", 0),
                ]),
                defeated_round: None,
            },
            Standing {
                name: "P".into(),
                side: 1,
                up: false,
                state: "dead",
                tracks: vec![Track {
                    key: "endurance",
                    now: 0,
                    max: 3
                }],
                counters: counters([
                    ("wounds", 2),
                    ("bleeding", 0),
                    ("ammo_spent", 0),
                    ("damage_dealt", 0),
                    ("damage_taken", 4),
                ]),
                defeated_round: Some(2),
            },
        ]
    );
}

#[test]
fn hunt_12_bleeding_is_shown_and_an_escape_is_not_a_defeat() {
    // HUNT-12: open bleeding wounds are a counter; HUNT-05: a fighter that fled from Far is
    // gone but was not taken out.
    let (mut st, _) = start(&setup(Distance::Near), &[]);
    st.fighters[1].bleeding = 2;
    let before = Hunt::standing(&st);
    assert_eq!(
        before[1].counters[1],
        Counter {
            key: "bleeding",
            value: 2
        }
    );
    st.fighters[1].status = Status::Escaped;
    st.fighters[1].out_round = Some(1);
    let s = Hunt::standing(&st);
    assert_eq!(
        (s[1].state, s[1].up, s[1].defeated_round),
        ("escaped", false, None)
    );
}
