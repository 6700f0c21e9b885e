//! `Ruleset::standing` after a scripted fight, against values worked out by hand.

mod common;

use common::{end, fighter, setup_of, soft, start, use_, with, T};
use fray_andromeda::Andromeda;
use fray_dice::{Counter, Ruleset, Standing, Track};
use serde_json::json;

fn counters(values: [(&'static str, i64); 5]) -> Vec<Counter> {
    values
        .into_iter()
        .map(|(key, value)| Counter { key, value })
        .collect()
}

// AND-45, AND-46, AND-37, AND-25, AND-48: boxes filled (temporary first), Heat from turn
// starts, Exhaustion lowering main stress, defeat and its round.
#[test]
fn standing_after_a_scripted_fight_matches_the_hand_count() {
    // b: weak Fortitude 1 and Exhaustion 8, so main stress max 10 − 8 = 2 and 4 temporary.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            with(soft("b", "enemies", [1, 0]), json!({"exhaustion": 8})),
        ],
        json!({}),
    ));
    // Round 1: a (melee rank 2 vs Fortitude 1: +1) rolls 16 + 3 → Critical, 5 damage: 4
    // temporary boxes and 1 main. b (rank 2 vs Fortitude 3: −1) rolls 2 + 3 → Fail, 1
    // damage to a's temporary boxes.
    t.ok(start("a"), &[]);
    t.ok(use_("a", "hit", &["b"]), &[8, 8]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "hit", &["a"]), &[1, 1]);
    t.ok(end("b"), &[]);
    // Round 2: 5 more damage, of which 1 box is left to fill: b is dead.
    t.ok(start("a"), &[]);
    t.ok(use_("a", "hit", &["b"]), &[8, 8]);
    assert!(t.state.is_over());
    // Unused Heat burns off at the end (AND-24) and temporary boxes vanish (AND-46): the
    // standing keeps the Heat gained and the main stress.
    let standing = Andromeda::standing(&t.state);
    assert_eq!(
        standing,
        vec![
            Standing {
                name: "a".into(),
                side: 0,
                up: true,
                state: "active",
                tracks: vec![Track {
                    key: "main_stress",
                    now: 0,
                    max: 10
                },],
                counters: counters([
                    ("heat_gained", 2),
                    ("accomplishment_points", 0),
                    ("exhaustion", 0),
                    ("damage_dealt", 6),
                    ("damage_taken", 1),
                ]),
                defeated_round: None,
            },
            Standing {
                name: "b".into(),
                side: 1,
                up: false,
                state: "dead",
                tracks: vec![Track {
                    key: "main_stress",
                    now: 2,
                    max: 2
                },],
                counters: counters([
                    ("heat_gained", 0),
                    ("accomplishment_points", 0),
                    ("exhaustion", 8),
                    ("damage_dealt", 1),
                    ("damage_taken", 6),
                ]),
                defeated_round: Some(2),
            },
        ]
    );
}
