//! The encounter engine, rule by rule, with scripted dice.

mod common;

use common::{begin, cmd, fighter, refuse, run, setup};
use fray_dice::{EventLog, Scripted};
use fray_red::{start, Event, Location, Wound};
use serde_json::json;

/// A (side 0) at 0 m and B (side 1) at 10 m; A acts first (12 vs 10).
fn duel() -> fray_red::State {
    let s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    begin(&s, &[5, 3]).0
}

fn shoot(target: usize) -> fray_red::Command {
    cmd(json!({"type": "attack", "actor": 0, "target": target, "weapon": 0}))
}

#[test]
fn red_01_and_red_44_the_mortally_wounded_act_and_the_fight_ends_when_a_side_cannot() {
    // RED-44 (the source: «смертельное ранение уменьшают Скорость» — it slows, it does not
    // stop): a Mortally Wounded character acts, with −4, and makes death saves; the fight
    // ends when a side has no one able to act (RED-01).
    let mut b = fighter("B", 1, 10);
    b.hp = Some(5);
    let s = setup(vec![fighter("A", 0, 0), b]);
    let mut st = begin(&s, &[5, 3]).0;
    // 12 + 6 = 18 vs DV 15: hit for 3d6 = 4+5+3 = 12 → B at −7.
    let ev = run(&mut st, shoot(1), &[6, 4, 5, 3]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Wounded {
            state: Wound::Mortally,
            ..
        }
    )));
    assert!(st.finished.is_none(), "B is dying but still in the fight");
    // B's turn: death save 3 < BODY 6, then B shoots back at 7 + 5 − 4 + 2 = 10.
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[3]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DeathSave { success: true, .. })));
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 1, "target": 0, "weapon": 0})),
        &[2],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 10,
            hit: false,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // A's next turn ends; B's death save: 8 + 1 ≥ 6 fails: B dies and A's side wins.
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[8]);
    assert!(ev.iter().any(|e| matches!(e, Event::Died { .. })));
    assert!(matches!(
        ev.last(),
        Some(Event::FightOver {
            winner: Some(0),
            ..
        })
    ));
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "end_turn", "actor": 0}))).rule,
        "RED-01"
    );

    // `mortally_wounded_act: false`: HP < 1 takes B out and ends the fight at once.
    let mut s2 = s.clone();
    s2.settings.mortally_wounded_act = false;
    let mut st = begin(&s2, &[5, 3]).0;
    let ev = run(&mut st, shoot(1), &[6, 4, 5, 3]);
    assert!(matches!(
        ev.last(),
        Some(Event::FightOver {
            winner: Some(0),
            ..
        })
    ));
    // With someone else still standing, the dying one's turn is its death save alone.
    let mut s3 = setup(vec![
        fighter("A", 0, 0),
        s.characters[1].clone(),
        fighter("C", 1, 30),
    ]);
    s3.settings.mortally_wounded_act = false;
    let mut st = begin(&s3, &[7, 5, 3]).0;
    run(&mut st, shoot(1), &[6, 4, 5, 3]);
    assert!(st.finished.is_none());
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[3]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DeathSave { success: true, .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TurnEnded { who } if who == "B")));
    assert_eq!(st.actor(), 2, "C acts next");

    // Surrender ends it too.
    let mut st = duel();
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "leave", "actor": 1, "how": "surrender"})),
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::FightOver {
            winner: Some(0),
            ..
        }
    )));
}

#[test]
fn red_02_ties_are_rerolled_among_the_tied_only_until_ordered() {
    // RED-02: initiative = REF + 1d10, highest first; only the tied reroll, until ordered.
    // «При равенстве перебрасывают»: by default they reroll the initiative (REF + d10).
    let s = setup(vec![
        fighter("A", 0, 0),
        fighter("B", 1, 10),
        fighter("C", 1, 12),
    ]);
    // A 12, B 13, C 12: A and C reroll 7+4 / 7+4 (still tied), then 7+2 / 7+7: C before A.
    let (st, ev) = begin(&s, &[5, 6, 5, 4, 4, 2, 7]);
    let rerolls: Vec<(String, u32, i32)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::TieReroll {
                who, roll, total, ..
            } => Some((who.clone(), *roll, *total)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rerolls,
        [("A", 4, 11), ("C", 4, 11), ("A", 2, 9), ("C", 7, 14)].map(|(w, r, t)| (
            w.to_owned(),
            r,
            t
        ))
    );
    assert_eq!(st.queue, [1, 2, 0]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Initiative { who, total: 13, .. } if who == "B")));
    // Initiative = REF + 1d10.
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Initiative { who, reflexes: 7, total: 12, .. } if who == "A")));
}

#[test]
fn red_02_the_tied_reroll_their_initiative_or_with_the_setting_a_bare_d10() {
    // A (REF 8) rolls 4, B (REF 7) rolls 5: tied at 12. Both reroll a 5.
    let mut a = fighter("A", 0, 0);
    a.stats.reflexes = 8;
    let mut s = setup(vec![a, fighter("B", 1, 10)]);
    // Default: the initiative again, 8 + 5 = 13 against 7 + 5 = 12: A first.
    let (st, ev) = begin(&s, &[4, 5, 5, 5]);
    assert_eq!(st.queue, [0, 1]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TieReroll { who, roll: 5, total: 13, .. } if who == "A")));
    // The initiative's d10 explodes on a reroll too (RED-04): 10 then 3 → 8 + 13 = 21.
    let (st, _) = begin(&s, &[4, 5, 1, 2, 10, 3]);
    assert_eq!(st.queue, [1, 0], "1 − 2 → 6 for A; 10 + 3 → 20 for B");
    // `tie_reroll: d10`: a bare d10, 5 against 5 is still a tie; then 3 against 9: B first.
    s.settings.tie_reroll = fray_red::TieReroll::D10;
    let (st, ev) = begin(&s, &[4, 5, 5, 5, 3, 9]);
    assert_eq!(st.queue, [1, 0]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TieReroll { who, roll: 9, total: 9, .. } if who == "B")));
}

#[test]
fn red_03_fixed_queue_out_of_order_refused_driver_to_front_newcomer_takes_place() {
    let mut st = duel();
    let e = refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 8})));
    assert_eq!(e.rule, "RED-03");
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { round: 2 })));
    assert_eq!(st.actor(), 0, "the queue starts again from the top");

    // A vehicle: C (last) boards in round 1 and starts it in round 2 → goes to the front.
    let mut s = setup(vec![
        fighter("A", 0, 0),
        fighter("B", 1, 10),
        fighter("C", 1, 20),
    ]);
    s.vehicles = serde_json::from_value(json!([{"name": "van", "position": 21}])).unwrap();
    let mut st = begin(&s, &[7, 5, 3]).0;
    assert_eq!(st.queue, [0, 1, 2]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "board", "actor": 2, "vehicle": 0})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Boarded { driver: true, .. }));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "start_vehicle", "actor": 2})),
        &[],
    );
    assert!(matches!(&ev[0], Event::VehicleStarted { queue, .. } if queue == &["C", "A", "B"]));
    assert_eq!(st.queue, [2, 0, 1]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { round: 3 })));
    assert_eq!(st.actor(), 2, "the driver now leads the queue");

    // A newcomer rolls and takes its place; a tie puts it after the one already there.
    let mut st = duel();
    let newcomer = fighter("N", 1, 30);
    let ev = run(
        &mut st,
        cmd(json!({"type": "join", "character": newcomer})),
        &[3],
    );
    assert!(
        matches!(ev.last(), Some(Event::Joined { queue, initiative: 10, .. }) if queue == &["A", "B", "N"])
    );
    let newcomer = fighter("M", 0, 30);
    run(
        &mut st,
        cmd(json!({"type": "join", "character": newcomer})),
        &[9],
    );
    assert_eq!(st.queue, [3, 0, 1, 2]);
    assert_eq!(st.actor(), 0, "A keeps its turn; M acts from next round");
}

#[test]
fn red_04_initiative_d10_explodes_by_default_and_can_be_turned_off() {
    // RED-04 [default]: the initiative d10 follows RED-31 (10 then 6 → 16).
    let s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    let (st, _) = begin(&s, &[10, 6, 3]);
    assert_eq!(st.fighters[0].initiative, 23);
    let mut s = s;
    s.settings.critical_initiative = false;
    let (st, _) = begin(&s, &[10, 3]);
    assert_eq!(st.fighters[0].initiative, 17);
}

#[test]
fn red_05_move_action_and_action_in_any_order_with_split_movement() {
    let mut st = duel();
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 3})),
        &[],
    );
    // 7 m: pistol DV 15; 12 + 3 = 15 is a tie: a miss.
    let ev = run(&mut st, shoot(1), &[3]);
    assert!(matches!(
        &ev[0],
        Event::Attack {
            hit: false,
            total: 15,
            ..
        }
    ));
    // The rest of the Move Action after the Action: 7 m of 10 left.
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": -4})),
        &[],
    );
    assert!(matches!(
        &ev[0],
        Event::Moved {
            cost: 7,
            left: 0,
            ..
        }
    ));
    // One Action per turn: no reload now.
    let e = refuse(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0})),
    );
    assert_eq!(e.rule, "RED-05");
}

#[test]
fn red_06_rof_2_splits_the_action_and_two_hands_attack_once_each() {
    // RED-06: ROF 2 splits the Action itself: move, shoot, move, shoot, move.
    let mut st = duel();
    // move, shoot, move, shoot, move
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 2})),
        &[],
    );
    run(&mut st, shoot(1), &[2]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 4})),
        &[],
    );
    run(&mut st, shoot(1), &[1, 1]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 0, "to": 6})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Moved { left: 4, .. }));
    assert_eq!(st.turn.attacks, 2);

    // A pistol in one hand and a machete in the other: one attack with each.
    let mut a = fighter("A", 0, 0);
    a.weapons.push(
        serde_json::from_value(
            json!({"name": "machete", "profile": "medium_melee", "holding": "in_hand"}),
        )
        .unwrap(),
    );
    let mut st = begin(&setup(vec![a, fighter("B", 1, 1)]), &[5, 3]).0;
    run(&mut st, shoot(1), &[1, 1]);
    // Machete: DEX 6 + melee 4 = 10 + 3 vs B's DEX 6 + evasion 4 = 10 + 5: miss.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 1})),
        &[3, 5],
    );
    assert!(matches!(&ev[0], Event::Attack { hit: false, weapon, .. } if weapon == "machete"));

    // A ROF 2 first shot cannot be followed by an autofire burst.
    let mut a = fighter("A", 0, 0);
    a.weapons.push(
        serde_json::from_value(json!({"name": "smg", "profile": "smg", "holding": "in_hand"}))
            .unwrap(),
    );
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    run(&mut st, shoot(1), &[2]);
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 1, "mode": "autofire"})),
    );
    assert_eq!(e.rule, "RED-06");
}

#[test]
fn red_07_never_more_than_two_attacks_and_never_two_rof_1_weapons() {
    let mut st = duel();
    run(&mut st, shoot(1), &[2]);
    run(&mut st, shoot(1), &[2]);
    let e = refuse(&mut st, shoot(1));
    assert_eq!(e.rule, "RED-07");

    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(json!([
        {"name": "left", "profile": "very_heavy_pistol", "holding": "in_hand"},
        {"name": "right", "profile": "very_heavy_pistol", "holding": "in_hand"}
    ]))
    .unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    run(&mut st, shoot(1), &[2]);
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 1})),
    );
    assert_eq!(e.rule, "RED-07");
}

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
fn red_08_stabilize_and_red_45_death_saves_grow_until_stabilized() {
    let mut b = fighter("B", 1, 2);
    b.hp = Some(5);
    let c = fighter("C", 1, 3);
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b, c]), &[7, 5, 3]).0;
    // A drops B to −4: 12 + 8 = 20 vs DV 13; 3d6 = 3+3+3.
    run(&mut st, shoot(1), &[8, 3, 3, 3]);
    assert_eq!(st.fighters[1].hp, -4);
    // B's turn opens with a death save: 3 + 0 < BODY 6.
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[3]);
    assert!(!st.turn.action_used && st.actor() == 1);
    let last = st.fighters[1].death_saves;
    assert_eq!(last, 1);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // C stabilizes B: TECH 5 + first aid 3 + 8 = 16 vs 15.
    assert_eq!(
        refuse(
            &mut st,
            cmd(json!({"type": "stabilize", "actor": 2, "target": 0}))
        )
        .rule,
        "RED-45"
    );
    let ev = run(
        &mut st,
        cmd(json!({"type": "stabilize", "actor": 2, "target": 1})),
        &[8],
    );
    assert!(matches!(
        &ev[0],
        Event::Stabilize {
            total: 16,
            dv: 15,
            success: true,
            ..
        }
    ));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    assert!(
        st.fighters[1].stabilized,
        "no more death saves: the turn began without a die"
    );
}

#[test]
fn red_45_death_save_penalty_grows_and_a_failure_kills() {
    let mut b = fighter("B", 1, 2);
    b.hp = Some(5);
    let mut st = begin(
        &setup(vec![fighter("A", 0, 0), b, fighter("C", 1, 30)]),
        &[7, 5, 3],
    )
    .0;
    run(&mut st, shoot(1), &[8, 3, 3, 3]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DeathSave {
            roll: 4,
            penalty: 0,
            success: true,
            ..
        }
    )));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    // Round 2: 5 + 1 is not under BODY 6 any more.
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[5]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DeathSave {
            roll: 5,
            penalty: 1,
            success: false,
            ..
        }
    )));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Died { who } if who == "B")));
    assert!(st.fighters[1].dead);
    assert_eq!(st.actor(), 2, "the dead are skipped");
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
fn red_10_delay_fires_on_its_trigger_or_lapses_at_the_end_of_the_round() {
    // RED-10: a declared action with a target and a trigger; lost at the end of the round.
    let s = setup(vec![
        fighter("A", 0, 0),
        fighter("B", 1, 10),
        fighter("C", 1, 12),
    ]);
    let mut st = begin(&s, &[7, 5, 3]).0;
    // A: "shoot B as soon as B moves".
    let delay = json!({"type": "delay", "actor": 0,
        "action": {"type": "attack", "actor": 0, "target": 1, "weapon": 0},
        "trigger": {"type": "moves", "who": 1}});
    let ev = run(&mut st, cmd(delay.clone()), &[]);
    assert!(matches!(&ev[0], Event::DelayDeclared { watching, .. } if watching == "B"));
    assert!(st.turn.action_used);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    // B moves to 6 m: A fires at once (12 + 2 = 14 vs DV 13 at 6 m: hit, 3d6 = 1+1+1).
    let ev = run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 6})),
        &[2, 1, 1, 1],
    );
    assert!(matches!(&ev[1], Event::DelayTriggered { who } if who == "A"));
    assert!(matches!(
        &ev[2],
        Event::Attack {
            delayed: true,
            hit: true,
            ..
        }
    ));
    assert_eq!(st.fighters[1].hp, 37);
    assert!(st.delays.is_empty());

    // "After C's turn" but the round ends first for a trigger on someone who already acted.
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(&mut st, cmd(delay), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DelayLapsed { who } if who == "A")));
    assert!(st.delays.is_empty());

    // After C's turn: fires when C ends its turn.
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "attack", "actor": 0, "target": 2, "weapon": 0}, "trigger": {"type": "after_turn", "of": 2}})),
        &[],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 2})), &[2]);
    let fired = ev
        .iter()
        .position(|e| matches!(e, Event::DelayTriggered { .. }))
        .unwrap();
    let ended = ev
        .iter()
        .position(|e| matches!(e, Event::RoundEnded { .. }))
        .unwrap();
    assert!(fired < ended);
    // A delay cannot watch oneself.
    let mut st = begin(&s, &[7, 5, 3]).0;
    let e = refuse(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "attack", "actor": 0, "target": 2, "weapon": 0}, "trigger": {"type": "moves", "who": 0}})),
    );
    assert_eq!(e.rule, "RED-10");
    // Movement cannot be delayed; another's action cannot be held.
    let e = refuse(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "move", "actor": 0, "to": 3},
        "trigger": {"type": "moves", "who": 1}})),
    );
    assert_eq!(e.rule, "RED-10");
    let e = refuse(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "reload", "actor": 1, "weapon": 0},
        "trigger": {"type": "moves", "who": 1}})),
    );
    assert_eq!(e.rule, "RED-10");

    // Any Action can wait: A will reload its emptied pistol after B's turn.
    let mut a = fighter("A", 0, 0);
    a.weapons[0].loaded = Some(0);
    let mut st = begin(
        &setup(vec![a, fighter("B", 1, 10), fighter("C", 1, 12)]),
        &[7, 5, 3],
    )
    .0;
    let ev = run(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "reload", "actor": 0, "weapon": 0},
        "trigger": {"type": "after_turn", "of": 1}})),
        &[],
    );
    assert!(
        matches!(&ev[0], Event::DelayDeclared { action, target: None, .. } if action == "reload")
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Reloaded { rounds: 8, .. })));
    assert_eq!(st.actor(), 2, "C's turn goes on as usual");
    assert!(!st.turn.action_used);
    // A delayed attack that is no longer legal when the trigger comes is lost.
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(
        &mut st,
        cmd(json!({"type": "delay", "actor": 0,
        "action": {"type": "attack", "actor": 0, "target": 1, "unarmed": "brawling"},
        "trigger": {"type": "after_turn", "of": 1}})),
        &[],
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DelayLost { reason, .. } if reason.contains("RED-37"))));
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
fn red_14_and_red_41_armour_penalty_and_mortal_wounds_lower_move_ref_dex() {
    let mut a = fighter("A", 0, 0);
    a.armor.body = Some("medium_armorjack".into());
    let (st, ev) = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 2]);
    // RED-41: REF 7 − 2 for initiative, MOVE 5 − 2 = 3 → 6 m.
    assert!(matches!(
        &ev[0],
        Event::Initiative {
            reflexes: 5,
            total: 10,
            ..
        }
    ));
    let a = &st.fighters[0];
    assert_eq!(
        (a.reflexes(), a.dex(), a.move_stat(&st.settings)),
        (5, 4, 3)
    );
    assert_eq!(a.move_metres(&st.settings), 6);
    // RED-14 / RED-44: Mortally Wounded takes 6 more MOVE, "minimum 1" (`move_floor`).
    let mut b = fighter("B", 1, 1);
    b.hp = Some(1);
    let mut s = setup(vec![fighter("A", 0, 0), b, fighter("C", 1, 30)]);
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(&mut st, shoot(1), &[8, 1, 1, 1]);
    assert_eq!(
        st.fighters[1].move_stat(&st.settings),
        1,
        "5 − 6 stops at 1"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[2]);
    assert_eq!(st.turn.budget, 2);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 4}))).rule,
        "RED-11"
    );
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 3})),
        &[],
    );
    // `move_floor: 0`: the wound takes MOVE to 0.
    s.settings.move_floor = 0;
    let mut st = begin(&s, &[7, 5, 3]).0;
    run(&mut st, shoot(1), &[8, 1, 1, 1]);
    assert_eq!(st.fighters[1].move_stat(&st.settings), 0);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[2]);
    assert_eq!(st.turn.budget, 0);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 2}))).rule,
        "RED-11"
    );
    // A MOVE the sheet sets at 0 stays 0 whatever the floor.
    let mut c = fighter("A", 0, 0);
    c.stats.move_ = 0;
    let st = begin(&setup(vec![c, fighter("B", 1, 10)]), &[5, 3]).0;
    assert_eq!(st.fighters[0].move_stat(&st.settings), 0);
}

#[test]
fn red_33_evasion_needs_ref_8_and_rolls_dex_plus_evasion() {
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "evade": true})),
    );
    assert_eq!(e.rule, "RED-33");
    let mut b = fighter("B", 1, 10);
    b.stats.reflexes = 8;
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // B evades: DEX 6 + Evasion 4 + 4 = 14 against A's 12 + 2 = 14: the defender wins the tie.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "evade": true})),
        &[2, 4],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            defense: fray_red::DefenseRoll::Evasion { total: 14, .. },
            hit: false,
            ..
        }
    ));
}

#[test]
fn red_34_aimed_head_shot_minus_8_head_armour_doubled() {
    let mut b = fighter("B", 1, 5);
    b.armor.head = Some("kevlar".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 12 − 8 + 9 = 13 vs DV 13 at 5 m: a tie misses; 10+4 hits.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "head"})),
        &[9],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            total: 13,
            hit: false,
            ..
        }
    ));
    let mut st = begin(
        &setup(vec![fighter("A", 0, 0), {
            let mut b = fighter("B", 1, 5);
            b.armor.head = Some("kevlar".into());
            b
        }]),
        &[5, 3],
    )
    .0;
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "head"})),
        &[10, 4, 5, 4, 3],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            location: Location::Head,
            raw: 12,
            sp: 7,
            through: 10,
            ..
        }
    )));
    assert_eq!(st.fighters[1].hp, 30);
    // Aimed at a held item: the target drops it.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "item"})),
        &[10, 9, 1, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Dropped { forced: true, .. })));
    // Aimed at a leg: through armour → Broken Leg.
    let mut st = duel();
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "leg"})),
        &[10, 9, 2, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Broken Leg")));
    assert_eq!(st.fighters[1].move_stat(&st.settings), 1);
}

#[test]
fn red_35_autofire_spends_ten_rounds_and_needs_an_autofire_weapon() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(json!([
        {"name": "rifle", "profile": "assault_rifle", "holding": "in_hand", "loaded": 12}
    ]))
    .unwrap();
    a.reserve =
        serde_json::from_value(json!({"rifle": {"basic": 30, "armor_piercing": 5}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 20)]), &[5, 3]).0;
    // REF 7 + autofire 4 + 9 = 20 vs DV 17 at 20 m: ×3; 2d6 = 2+3 → 15.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
        &[9, 2, 3],
    );
    assert!(matches!(
        &ev[0],
        Event::Attack {
            multiplier: 3,
            margin: 3,
            rounds_left: Some(2),
            ..
        }
    ));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            raw: 15,
            hp: 25,
            ..
        }
    )));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    // RED-36: 2 rounds are not a burst.
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
    );
    assert_eq!(e.rule, "RED-36");
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "mode": "autofire"})),
    );
    assert_eq!(e.rule, "RED-35");
}

#[test]
fn red_36_ammunition_empty_weapons_refuse_and_reload_refills_one_type() {
    let mut a = fighter("A", 0, 0);
    a.weapons[0].loaded = Some(1);
    a.reserve =
        serde_json::from_value(json!({"heavy_pistol": {"basic": 3, "armor_piercing": 8}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    run(&mut st, shoot(1), &[2]);
    assert_eq!(st.fighters[0].weapons[0].loaded, 0);
    let e = refuse(&mut st, shoot(1));
    assert_eq!(e.rule, "RED-36");
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 3, .. }));
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0, "ammo": "armor_piercing"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 8, ammo, .. } if ammo == "armor_piercing"));
    let f = &st.fighters[0];
    assert_eq!(
        f.reserve["heavy_pistol"]["basic"], 3,
        "the basic rounds went back"
    );
    assert_eq!(f.reserve["heavy_pistol"]["armor_piercing"], 0);
    assert_eq!(&*f.weapons[0].ammo, "armor_piercing");
}

#[test]
fn red_36_reloading_another_type_returns_the_old_rounds_even_without_a_reserve_entry() {
    let mut a = fighter("A", 0, 0);
    a.weapons[0].loaded = Some(2);
    a.reserve = serde_json::from_value(json!({"heavy_pistol": {"armor_piercing": 5}})).unwrap();
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    let ev = run(
        &mut st,
        cmd(json!({"type": "reload", "actor": 0, "weapon": 0, "ammo": "armor_piercing"})),
        &[],
    );
    assert!(matches!(&ev[0], Event::Reloaded { rounds: 5, ammo, .. } if ammo == "armor_piercing"));
    let f = &st.fighters[0];
    assert_eq!(
        f.reserve["heavy_pistol"]["basic"], 2,
        "a new entry for the old type"
    );
    assert_eq!(f.reserve["heavy_pistol"]["armor_piercing"], 0);
    assert_eq!(f.weapons[0].loaded, 5);
    assert_eq!(&*f.weapons[0].ammo, "armor_piercing");
}

#[test]
fn red_37_melee_needs_reach_and_red_38_melee_halves_sp() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(
        json!([{"name": "sword", "profile": "heavy_melee", "holding": "in_hand"}]),
    )
    .unwrap();
    let mut b = fighter("B", 1, 3);
    b.armor.body = Some("light_armorjack".into());
    let mut st = begin(&setup(vec![a.clone(), b.clone()]), &[5, 3]).0;
    let e = refuse(&mut st, shoot(1));
    assert_eq!(e.rule, "RED-37");
    b.position = 2;
    let mut st = begin(&setup(vec![a, b]), &[5, 3]).0;
    // DEX 6 + melee 4 + 8 = 18 vs DEX 6 + evasion 4 + 2 = 12; 3d6 = 4+4+4 = 12 vs SP 11 halved to 5.
    let ev = run(&mut st, shoot(1), &[8, 2, 4, 4, 4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            sp: 11,
            effective_sp: 5,
            through: 7,
            ..
        }
    )));
    // Martial Arts halves too; Brawling does not.
    // Brawling with BODY 6: 2d6, full (already ablated) SP 10.
    let ev = run(
        &mut st,
        cmd(json!({"type": "attack", "actor": 0, "target": 1, "unarmed": "brawling"})),
        &[8, 2, 4, 4],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Damage {
            effective_sp: 10,
            ..
        }
    )));
}

#[test]
fn red_40_ablation_only_on_penetrating_hits() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("kevlar".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 3d6 = 2+2+3 = 7 ≤ SP 7: nothing, no ablation.
    let ev = run(&mut st, shoot(1), &[5, 2, 2, 3]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Ablated { .. })));
    assert_eq!(st.fighters[1].hp, 40);
    // 3+3+3 = 9: 2 through, SP 7 → 6.
    let ev = run(&mut st, shoot(1), &[5, 3, 3, 3]);
    assert!(ev.iter().any(|e| matches!(e, Event::Ablated { sp: 6, .. })));
    assert_eq!(st.fighters[1].hp, 38);
    assert_eq!(st.fighters[1].body.as_ref().unwrap().sp, 6);
}

#[test]
fn red_42_critical_injury_in_the_engine_adds_five_and_applies_its_effect() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("flak".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // 6+6+1 = 13 ≤ SP 15 but two sixes: +5 to HP, 2d6 = 4+6 → Spinal Injury (no Action next turn).
    let ev = run(&mut st, shoot(1), &[5, 6, 6, 1, 4, 6]);
    assert!(ev.iter().any(
        |e| matches!(e, Event::CriticalInjury { roll: 10, name, .. } if name == "Spinal Injury")
    ));
    assert_eq!(st.fighters[1].hp, 35);
    assert_eq!(st.critical_injuries, 1);
    assert!(
        !ev.iter().any(|e| matches!(e, Event::Ablated { .. })),
        "bonus damage does not ablate"
    );
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    assert!(st.turn.action_used, "Spinal Injury: no Action this turn");
}

#[test]
fn red_44_wound_penalties_apply_to_actions() {
    let mut a = fighter("A", 0, 0);
    a.hp = Some(40);
    let mut st = begin(&setup(vec![a, fighter("B", 1, 10)]), &[5, 3]).0;
    st.fighters[0].hp = 19; // Seriously Wounded: −2.
    let ev = run(&mut st, shoot(1), &[2]);
    assert!(matches!(&ev[0], Event::Attack { total: 12, .. }));
    st.fighters[0].hp = 0; // Mortally Wounded: −4.
    let ev = run(&mut st, shoot(1), &[2]);
    assert!(matches!(&ev[0], Event::Attack { total: 10, .. }));
}

#[test]
fn start_refuses_bad_setups() {
    // Numbers out of bounds are refused, never overflowed.
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.characters)[0].modifier = i32::MAX;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.tables)
        .weapons
        .get_mut("assault_rifle")
        .unwrap()
        .autofire = 1_000;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "RED-35"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    s.settings.crit_bonus = u32::MAX;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("A", 1, 10)]);
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let characters = std::sync::Arc::make_mut(&mut s.characters);
    characters[1].name = "B".into();
    characters[1].weapons[0].profile = "laser".into();
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.tables).body_injuries.pop();
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "RED-42"
    );
}

#[test]
fn red_35_suppressive_fire_spends_ten_rounds_and_pins_those_who_fail() {
    let mut a = fighter("A", 0, 0);
    a.weapons = serde_json::from_value(
        json!([{"name": "rifle", "profile": "assault_rifle", "holding": "in_hand"}]),
    )
    .unwrap();
    let s = setup(vec![a, fighter("B", 1, 10), fighter("C", 1, 20)]);
    let mut st = begin(&s, &[7, 5, 3]).0;
    // REF 7 + autofire 4 + 5 = 16; B: WILL 6 + 5 = 11 fails; C: 6 + (10+1) = 17 holds.
    let ev = run(
        &mut st,
        cmd(json!({"type": "suppress", "actor": 0, "weapon": 0})),
        &[5, 5, 10, 1],
    );
    assert!(matches!(
        &ev[0],
        Event::Suppress {
            total: 16,
            rounds_left: 15,
            ..
        }
    ));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Suppressed { who } if who == "B")));
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::Suppressed { who } if who == "C")));
    assert_eq!(st.turn.attacks, 1);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    // B's Move Action went to taking cover.
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "move", "actor": 1, "to": 9}))).rule,
        "RED-11"
    );
    let mut st = duel();
    let e = refuse(
        &mut st,
        cmd(json!({"type": "suppress", "actor": 0, "weapon": 0})),
    );
    assert_eq!(e.rule, "RED-35");
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
fn red_42_a_reopening_injury_hurts_again_after_moving_more_than_4_m() {
    let mut b = fighter("B", 1, 5);
    b.armor.body = Some("heavy_armorjack".into());
    let mut st = begin(&setup(vec![fighter("A", 0, 0), b]), &[5, 3]).0;
    // Two sixes, 2d6 = 3+2 → Broken Ribs.
    let ev = run(&mut st, shoot(1), &[5, 6, 6, 1, 3, 2]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CriticalInjury { name, .. } if name == "Broken Ribs")));
    assert_eq!(st.fighters[1].hp, 35);
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 10})),
        &[],
    );
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(matches!(
        &ev[0],
        Event::Hurt {
            damage: 5,
            hp: 30,
            ..
        }
    ));
    assert_eq!(st.fighters[1].hp, 30);
    // Four metres or less: no harm.
    run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
    run(
        &mut st,
        cmd(json!({"type": "move", "actor": 1, "to": 14})),
        &[],
    );
    let ev = run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Hurt { .. })));
}

#[test]
fn red_01_round_limit_ends_an_undecided_fight() {
    // RED-01 runs round after round; the [default] round limit guarantees an end.
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    s.settings.max_rounds = 2;
    let mut st = begin(&s, &[5, 3]).0;
    for _ in 0..3 {
        run(&mut st, cmd(json!({"type": "end_turn", "actor": 0})), &[]);
        run(&mut st, cmd(json!({"type": "end_turn", "actor": 1})), &[]);
        if st.finished.is_some() {
            break;
        }
    }
    let f = st.finished.clone().expect("finished");
    assert_eq!((f.winner, st.round), (None, 2));
    assert_eq!(st.actor(), 0);
    assert_eq!(
        refuse(&mut st, cmd(json!({"type": "end_turn", "actor": 0}))).rule,
        "RED-01"
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
fn red_06_mixed_rof_and_double_aimed_shots_are_settings() {
    // RED-06 with the ROF defaults replaced: a ROF 1 weapon after a ROF 2 shot, and two
    // aimed ROF 2 shots.
    let mut a = fighter("A", 0, 0);
    a.weapons.push(
        serde_json::from_value(
            json!({"name": "big pistol", "profile": "very_heavy_pistol", "holding": "in_hand"}),
        )
        .unwrap(),
    );
    let mut s = setup(vec![a, fighter("B", 1, 1)]);
    let mut st = begin(&s, &[5, 3]).0;
    run(&mut st, shoot(1), &[1, 1]);
    let second = json!({"type": "attack", "actor": 0, "target": 1, "weapon": 1});
    assert_eq!(refuse(&mut st, cmd(second.clone())).rule, "RED-06");
    s.settings.mixed_rof = true;
    let mut st = begin(&s, &[5, 3]).0;
    run(&mut st, shoot(1), &[1, 1]);
    run(&mut st, cmd(second), &[1, 1]);
    assert_eq!(st.turn.attacks, 2);

    let aimed = json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0, "aim": "head"});
    let mut st = begin(&s, &[5, 3]).0;
    run(&mut st, cmd(aimed.clone()), &[2]);
    assert_eq!(refuse(&mut st, cmd(aimed.clone())).rule, "RED-07");
    s.settings.aimed_whole_action = false;
    let mut st = begin(&s, &[5, 3]).0;
    run(&mut st, cmd(aimed.clone()), &[2]);
    run(&mut st, cmd(aimed), &[2]);
    assert_eq!(st.turn.attacks, 2);
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
