//! The encounter engine, rule by rule, with scripted dice: initiative, the fixed queue and
//! the turn (RED-01 … RED-07), delays (RED-10) and how a fight ends.

mod common;

use common::{begin, cmd, duel, fighter, refuse, run, setup, shoot};
use fray_red::{Event, Wound};
use serde_json::json;

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
