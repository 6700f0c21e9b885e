//! `Ruleset::standing` (issues 18 and 22): HP, wound state and counts after a scripted
//! fight, against values worked out by hand.

mod common;

use common::{begin, cmd, fighter, run, setup};
use fray_dice::{Counter, Ruleset, Standing, Track};
use fray_red::Red;
use serde_json::json;

fn standing(
    name: &str,
    side: usize,
    up: bool,
    state: &'static str,
    hp: i64,
    [ammo, dealt, taken, injuries]: [i64; 4],
    defeated_round: Option<u32>,
) -> Standing {
    Standing {
        name: name.into(),
        side,
        up,
        state,
        tracks: vec![Track {
            key: "hp",
            now: hp,
            max: 40,
        }],
        counters: [
            ("ammo_spent", ammo),
            ("damage_dealt", dealt),
            ("damage_taken", taken),
            ("critical_injuries", injuries),
        ]
        .into_iter()
        .map(|(key, value)| Counter { key, value })
        .collect(),
        defeated_round,
    }
}

#[test]
fn red_44_the_standing_after_a_scripted_fight_is_the_hand_count() {
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    // RED-44: HP < 1 takes a character out, so the fight ends with B's fall.
    s.settings.mortally_wounded_act = false;
    let (mut st, _) = begin(&s, &[5, 3]);
    let shoot = |actor: usize, target: usize| {
        cmd(json!({"type": "attack", "actor": actor, "target": target, "weapon": 0}))
    };
    let end = |actor: usize| cmd(json!({"type": "end_turn", "actor": actor}));
    // Round 1. A: 7 + 5 + 5 = 17 vs DV 15; 6+6+1 = 13 + 5 (critical, 2d6 = 4+4: Broken Leg).
    run(&mut st, shoot(0, 1), &[5, 6, 6, 1, 4, 4]);
    run(&mut st, end(0), &[]);
    // B: 17 hits for 1+1+2 = 4.
    run(&mut st, shoot(1, 0), &[5, 1, 1, 2]);
    assert_eq!(
        Red::standing(&st),
        [
            standing("A", 0, true, "lightly-wounded", 36, [1, 18, 4, 0], None),
            standing("B", 1, true, "lightly-wounded", 22, [1, 4, 18, 1], None),
        ]
    );
    run(&mut st, end(1), &[]);
    // Round 2. A: 6+6+6 = 18 + 5 = 23 more (2d6 = 4+4 again): B at −1 HP, out.
    run(&mut st, shoot(0, 1), &[5, 6, 6, 6, 4, 4]);
    assert!(st.finished.is_some());
    assert_eq!(
        Red::standing(&st),
        [
            standing("A", 0, true, "lightly-wounded", 36, [2, 41, 4, 0], None),
            standing(
                "B",
                1,
                false,
                "mortally-wounded",
                -1,
                [1, 4, 41, 2],
                Some(2)
            ),
        ]
    );
}
