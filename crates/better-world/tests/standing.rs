//! `Ruleset::standing` after a scripted fight: state keys, the health track and the counts
//! (issues 18, 22), checked against values computed by hand.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::{Counter, Ruleset, Standing, Track};

fn standing(
    name: &str,
    side: usize,
    up: bool,
    state: &'static str,
    hits: i64,
    [ammo, dealt, taken]: [i64; 3],
    defeated_round: Option<u32>,
) -> Standing {
    Standing {
        name: name.into(),
        side,
        up,
        state,
        tracks: vec![Track {
            key: "health",
            now: hits,
            max: 6,
        }],
        counters: vec![
            Counter {
                key: "ammo_spent",
                value: ammo,
            },
            Counter {
                key: "damage_dealt",
                value: dealt,
            },
            Counter {
                key: "damage_taken",
                value: taken,
            },
        ],
        defeated_round,
    }
}

#[test]
fn bw_17_bw_22_standing_after_a_scripted_fight() {
    // A (pistol, Reflexes 3) engages B (fists); both unarmoured, 6 hits in blocks 3/2/1.
    let mut a = fighter("A", 0, 0, 3);
    a.weapons = vec![pistol()];
    let b = fighter("B", 1, 3, 2);
    let (mut state, _) = started(&setup(vec![a, b]), &[]);
    let fresh = BetterWorld::standing(&state);
    assert_eq!(
        fresh[1],
        standing("B", 1, true, "healthy", 6, [0, 0, 0], None)
    );
    run(&mut state, engage(0, 2, 1), &[]).unwrap();
    // Round 1. BW-22: A fires point-blank, Training 2K 1 1 vs 0 0: 2 + 2 = 4 (B 6 → 2).
    run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    run(&mut state, end(0), &[]).unwrap();
    // B lost its Main action to Pain Shock (4 > 2, BW-19): a Quick Strike with its fists,
    // Training 2K 1 1 vs 2K + 2K (quick) + 1K (Wounded, BW-18) all 0: 2 + 0 = 2 (A 6 → 4).
    let refused = run(&mut state, Command::Attack(strike(1, 0)), &[]).unwrap_err();
    assert_eq!(refused.rule, "BW-12");
    run(
        &mut state,
        Command::QuickStrike(strike(1, 0)),
        &[1, 1, 0, 0, 0, 0, 0],
    )
    .unwrap();
    run(&mut state, end(1), &[]).unwrap();
    run(&mut state, Command::NextRound, &[]).unwrap();
    // Round 2: another shot for 4: B 2 → −2, Dying (above the −3 of death), unconscious.
    run(&mut state, Command::Attack(strike(0, 1)), &[1, 1, 0, 0]).unwrap();
    assert_eq!(state.winner, Some(0));
    assert_eq!(
        BetterWorld::standing(&state),
        vec![
            standing("A", 0, true, "lightly_wounded", 4, [2, 8, 2], None),
            standing("B", 1, false, "dying", -2, [0, 2, 8], Some(2)),
        ]
    );
}
