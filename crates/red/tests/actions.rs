//! The encounter engine, rule by rule, with scripted dice: the actions of RED-08 and RED-09,
//! movement (RED-11 … RED-13) and plain bonuses on checks (RED-30).

mod common;

use common::{begin, cmd, duel, fighter, refuse, run, setup, shoot};
use fray_red::Event;
use serde_json::json;

#[test]
fn red_08_run_reload_skill_and_object_actions() {
    // Run: only after moving; a second Move Action's worth of metres.
    let mut st = duel();
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "run", "actor": 0}))).rule,
        "RED-08"
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -10})),
        &[],
    );
    let ev = run(&mut st, cmd(json!({"type": "run", "actor": 0})), &[]);
    assert!(matches!(&ev[0], Event::Ran { metres: 10, .. }));
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -20})),
        &[],
    );
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": -21}))).rule,
        "RED-11"
    );

    // Use a Skill: short task (INT 0 + perception 0 + 8 vs 7), long task over two turns.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(
            json!({"type": "use_skill", "actor": 0, "stat": "tech", "skill": "first_aid", "dv": 9}),
        ),
        &[2],
    );
    assert!(matches!(
        &ev[0],
        Event::SkillCheck {
            total: 10,
            success: true,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let long = json!({"type": "use_skill", "actor": 0, "stat": "tech", "skill": "electronics", "dv": 15, "turns": 2});
    let ev = run(&mut st, cmd(long.clone()), &[]);
    assert!(matches!(
        &ev[0],
        Event::TaskProgress {
            done: 1,
            turns: 2,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(&mut st, cmd(long), &[9]);
    assert!(matches!(
        &ev[0],
        Event::SkillCheck {
            total: 14,
            success: false,
            ..
        }
    ));
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "use_skill", "actor": 0, "stat": "luck", "skill": "x", "dv": 9}))
        )
        .rule,
        "RED-05"
    );

    // Use an Object: holstering is an Action.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "use_object", "actor": 0, "holster": 0})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Holstered { .. }));
    assert!(st.turn.action_used);
    assert_eq!(refuse(&mut st, shoot(1)).rule, "RED-09");

    // NET actions only for Netrunners, spent instead of the Action.
    let mut a = fighter("A", 0, 0);
    a.net_actions = 2;
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    run(
        &mut st,
        cmd(json!({"type": "net_action", "actor": 0, "what": "scanner"})),
        &[],
    );
    let ev = run(
        &mut st,
        cmd(json!({"type": "net_action", "actor": 0, "what": "zap"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::NetAction { left: 0, .. }));
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "net_action", "actor": 0, "what": "x"}))
        )
        .rule,
        "RED-08"
    );
    assert_eq!(refuse(&mut st, shoot(1)).rule, "RED-05");
    let mut st = duel();
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "net_action", "actor": 0, "what": "x"}))
        )
        .rule,
        "RED-08"
    );
}

#[test]
fn red_08_grab_choke_throw_human_shield_and_shield() {
    let mut b = fighter("B", 1, 1);
    b.weapons.clear();
    let mut a = fighter("A", 0, 0);
    a.weapons.clear();
    a.shield = Some(10);
    let c = fighter("C", 1, 20);
    let mut st = begin(&setup(vec![a, b, c]), &[7, 5, 3]).0;
    // Grab: DEX 6 + brawling 3 + 5 = 14 vs 6 + 3 + 4 = 13.
    let ev = run(
        &mut st,
        cmd(json!({"type": "grab", "actor": 0, "target": 1})),
        &[5, 4],
    );
    assert!(matches!(
        &ev[0],
        Event::Grab {
            total: 14,
            defense: 13,
            success: true,
            escape: false,
            ..
        }
    ));
    assert_eq!(st.fighters[1].grabbed_by, Some(0));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    // The held one cannot move; breaking free is a Grab against the holder (fails on a tie).
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 5}))).rule,
        "RED-08"
    );
    let ev = run(
        &mut st,
        cmd(json!({"type": "grab", "actor": 1, "target": 0})),
        &[5, 5],
    );
    assert!(matches!(
        &ev[0],
        Event::Grab {
            success: false,
            escape: true,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    // Choke: BODY damage, past armour.
    let ev = run(&mut st, cmd(json!({"type": "choke", "actor": 0})), &[]);
    assert!(matches!(
        &ev[0],
        Event::Hurt {
            damage: 6,
            hp: 34,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    // Human shield: C's shot at A lands on B.
    run(
        &mut st,
        cmd(json!({"type": "human_shield", "actor": 0})),
        &[],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // C at 20 m: DV 20; 12 + 9 = 21 hits; 3d6 = 2+2+2 = 6 to B.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 2, "target": 0, "weapon": 0})),
        &[9, 2, 2, 2],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Shielded { who, by } if who == "A" && by == "B")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damage { who, hp: 28, .. } if who == "B")));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    // Throw: BODY damage, prone, the hold ends.
    let ev = run(&mut st, cmd(json!({"type": "throw", "actor": 0})), &[]);
    assert!(ev.iter().any(|e| matches!(e, Event::FellProne { .. })));
    assert!(st.fighters[1].prone && st.fighters[0].grabbing.is_none());
    assert_eq!(st.fighters[1].hp, 22);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "choke", "actor": 0}))).rule,
        "RED-05"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "choke", "actor": 0}))).rule,
        "RED-08"
    );
    // A shield takes an Action to take up, and then takes hits.
    run(
        &mut st,
        cmd(json!({"type": "shield", "actor": 0, "take": true})),
        &[],
    );
    assert!(st.turn.action_used);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 2, "target": 0, "weapon": 0})),
        &[9, 3, 3, 3],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ShieldHit {
            damage: 9,
            hp: 1,
            broken: false,
            ..
        }
    )));
    assert_eq!(st.fighters[0].hp, 40);
}

#[test]
fn red_08_grab_can_snatch_an_item_and_throw_covers_thrown_objects() {
    let mut a = fighter("A", 0, 0);
    a.weapons.clear();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 1)]), &[5, 3]).0;
    // DEX 6 + brawling 3 + 5 = 14 vs 13: A takes B's pistol.
    let ev = run(
        &mut st,
        cmd(json!({"type": "grab", "actor": 0, "target": 1, "item": 0})),
        &[5, 4],
    );
    assert!(matches!(&ev[0], Event::Grab { success: true, item: Some(i), .. } if i == "pistol"));
    assert_eq!(st.fighters[0].weapons.len(), 1);
    assert_eq!(
        st.fighters[1].weapons[0].holding,
        fray_red::Holding::Dropped
    );
    assert!(
        st.fighters[1].grabbed_by.is_none(),
        "snatching is not holding"
    );

    // Throwing an object: a grenade on the thrown DV row (7–12 m: 15).
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(
        json!([{"name": "grenade", "profile": "grenade", "holding": "in_hand"}]),
    )
    .unwrap();
    a.reserve = serde_json::from_value(json!({"grenade": {"basic": 2}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    let ev = run(&mut st, shoot(1), &[9, 1, 1, 1, 1, 1, 2]);
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 16,
            hit: true,
            rounds_left: Some(0),
            ..
        }
    ));
    assert!(ev.iter().any(|e| matches!(e, Event::Damage { raw: 7, .. })));
}

#[test]
fn red_08_a_snatched_weapon_fires_with_its_new_holders_skill() {
    let mut a = fighter("A", 0, 0);
    a.weapons.clear();
    a.skills = serde_json::from_value(json!({"handgun": 1, "brawling": 3})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 1)]), &[5, 3]).0;
    run(
        &mut st,
        cmd(json!({"type": "grab", "actor": 0, "target": 1, "item": 0})),
        &[5, 4],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // A's REF 7 + A's handgun 1 + 6 = 14 vs DV 13 (B's handgun 5 would make it 18).
    let ev = run(&mut st, shoot(1), &[6, 1, 1, 1]);
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 14,
            hit: true,
            ..
        }
    ));
}

#[test]
fn red_08_vehicle_actions_and_red_09_leaving_is_movement() {
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    s.vehicles = serde_json::from_value(json!([{"name": "bike", "position": 1}])).unwrap();
    let mut st = begin(&s, &[5, 3]).0;
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "start_vehicle", "actor": 0}))).rule,
        "RED-03"
    );
    run(
        &mut st,
        cmd(json!({"type": "board", "actor": 0, "vehicle": 0})),
        &[],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "board", "actor": 1, "vehicle": 0}))
        )
        .rule,
        "RED-08"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "maneuver", "actor": 0, "dv": 10}))
        )
        .rule,
        "RED-08"
    );
    run(
        &mut st,
        cmd(json!({"type": "start_vehicle", "actor": 0})),
        &[],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // REF 7 + 0 + 5 = 12 vs DV 10.
    let ev = run(
        &mut st,
        cmd(json!({"type": "maneuver", "actor": 0, "dv": 10})),
        &[5],
    );
    assert!(matches!(
        &ev[0],
        Event::SkillCheck {
            total: 12,
            success: true,
            ..
        }
    ));
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": 3}))).rule,
        "RED-09"
    );
    run(
        &mut st,
        cmd(json!({"type": "leave_vehicle", "actor": 0})),
        &[],
    );
    assert!(st.turn.moved, "leaving a vehicle is movement");
    assert!(st.fighters[0].vehicle.is_none());
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "leave_vehicle", "actor": 0}))).rule,
        "RED-09"
    );
}

#[test]
fn red_09_free_draw_and_drop_holster_and_shield_cost_the_action() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(json!([
        {"name": "rifle", "profile": "assault_rifle"},
        {"name": "pistol", "profile": "heavy_pistol", "holding": "in_hand"}
    ]))
    .unwrap();
    a.shield = Some(10);
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    // Two hands needed, one is busy.
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "draw", "actor": 0, "weapon": 0}))
        )
        .rule,
        "RED-09"
    );
    run(
        &mut st,
        cmd(json!({"type": "drop", "actor": 0, "weapon": 1})),
        &[],
    );
    run(
        &mut st,
        cmd(json!({"type": "draw", "actor": 0, "weapon": 0})),
        &[],
    );
    assert!(!st.turn.action_used, "drawing and dropping are free");
    // The dropped pistol is not at hand any more.
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "draw", "actor": 0, "weapon": 1}))
        )
        .rule,
        "RED-09"
    );
    // No hand for the shield while the rifle is held.
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "shield", "actor": 0, "take": true}))
        )
        .rule,
        "RED-09"
    );
    run(
        &mut st,
        cmd(json!({"type": "use_object", "actor": 0, "holster": 0})),
        &[],
    );
    assert!(st.turn.action_used, "holstering is an Action");
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "shield", "actor": 0, "take": true})),
        &[],
    );
    assert!(
        st.turn.action_used,
        "a shield is never free to take in hand"
    );
}

#[test]
fn red_11_a_move_action_covers_move_times_two_metres() {
    let mut st = duel();
    assert_eq!(st.turn.budget, 10);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": -11}))).rule,
        "RED-11"
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -6})),
        &[],
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -2})),
        &[],
    );
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": -1}))).rule,
        "RED-11"
    );
}

#[test]
fn red_11_on_a_grid_a_move_action_is_move_squares_of_two_metres() {
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 5)]);
    s.settings.grid = true;
    let mut st = begin(&s, &[5, 3]).0;
    assert_eq!(st.turn.budget, 5, "MOVE 5: five squares");
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": -6}))).rule,
        "RED-11"
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -2})),
        &[],
    );
    // Now 7 squares = 14 m from B: pistol DV 20 (13–25 m); 12 + 8 = 20 is a tie.
    let ev = run(&mut st, shoot(1), &[8]);
    assert!(matches!(
        &ev[0],
        Event::Attack {
            defense: fray_red::DefenseRoll::Dv { dv: 20 },
            hit: false,
            ..
        }
    ));
    // Melee reach 2 m is one square.
    assert_eq!(st.metres(0, 1), 2);
}

#[test]
fn red_12_swim_climb_and_jumps_cost_more() {
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -3, "mode": "swim"})),
        &[],
    );
    assert!(matches!(
        &ev[0],
        Event::Moved {
            cost: 6,
            left: 4,
            ..
        }
    ));
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "move", "actor": 0, "to": -6, "mode": "climb"}))
        )
        .rule,
        "RED-12"
    );
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -4, "mode": "standing_jump"})),
        &[],
    );
    assert!(matches!(
        &ev[0],
        Event::Moved {
            cost: 4,
            left: 0,
            ..
        }
    ));
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 5, "mode": "running_jump"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Moved { cost: 10, .. }));
}

#[test]
fn red_13_prone_cannot_move_until_get_up() {
    // RED-13: no movement while prone; Get Up is an Action.
    let mut a = fighter("A", 0, 0);
    a.prone = true;
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 0, "to": 2}))).rule,
        "RED-13"
    );
    run(&mut st, cmd(json!({"type": "get_up", "actor": 0})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 2})),
        &[],
    );
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "get_up", "actor": 0}))).rule,
        "RED-05"
    );
}

#[test]
fn red_30_role_bonuses_are_plain_modifiers_on_checks() {
    // RED-30: STAT + SKILL + 1d10 + modifiers; bonuses by skill name, initiative and ranged.
    let mut a = fighter("A", 0, 0);
    a.bonuses =
        serde_json::from_value(json!({"initiative": 3, "handgun": 2, "ranged": 1})).unwrap();
    a.modifier = -1;
    let (mut st, ev) = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]);
    assert!(matches!(
        &ev[0],
        Event::Initiative {
            bonus: 3,
            total: 15,
            ..
        }
    ));
    // REF 7 + handgun 5 + 2 + ranged 1 − 1 + 2 = 16 vs DV 15: hit.
    let ev = run(&mut st, shoot(1), &[2, 1, 1, 1]);
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 16,
            hit: true,
            ..
        }
    ));
}
