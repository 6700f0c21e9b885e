//! Turns and the actions of a turn (AGE-08 … AGE-11) with scripted dice: slots, initiative,
//! melee and Charge, Heavy and Stunt Attacks, Defend, Run, Aim, Guarded Stance, moves, Ready,
//! Pursue, Take Up and Stand Firm.

mod common;

use common::*;
use fray_age::{AttackAction, Condition, Event, MoveKind};
use serde_json::json;

/// AGE-08: a turn is one major and one minor or two minors.
#[test]
fn age_08_a_turn_is_one_major_and_one_minor_or_two_minors() {
    let mut s = duel();
    // A misses: 1+1+[2] + Fighting 2 + Light Blades 2 = 8 vs Defense 11.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert_eq!(attacks(&ev), [(AttackAction::Melee, 8, 11, false, 0)]);
    // A second major action is refused.
    let e = refused(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        "AGE-08",
    );
    assert!(e.message.contains("major"), "{}", e.message);
    // B cannot act in A's turn.
    refused(&mut s, json!({"type": "aim", "actor": "B"}), "AGE-08");
    // The minor action ends A's turn; B's begins.
    let ev = ok(&mut s, json!({"type": "aim", "actor": "A"}), &[]);
    assert!(turn_started(&ev, "B"));
    // Two minor actions make a turn too; then no major is left (the turn ends by itself).
    ok(&mut s, json!({"type": "stand_firm", "actor": "B"}), &[]);
    let ev = ok(&mut s, json!({"type": "move", "actor": "B", "to": 3}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { round: 2, .. })));
    assert!(turn_started(&ev, "A"));
    // Minor, then major is fine.
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[1, 2, 3],
    );
    assert_eq!(attacks(&ev)[0].0, AttackAction::Ranged);
    assert!(turn_started(&ev, "B"));
}

/// AGE-09: initiative order and tie breaks.
#[test]
fn age_09_initiative_order_and_tie_breaks() {
    let v = json!({"characters": [
        {"name": "X", "side": 0, "fortune": 5, "abilities": {"dexterity": 3}},
        {"name": "Y", "side": 0, "fortune": 5, "abilities": {"dexterity": 1}, "foci": ["Initiative"]},
        {"name": "Z", "side": 1, "fortune": 5, "abilities": {"dexterity": 1}, "armour": "medium"},
        {"name": "P", "side": 1, "fortune": 5, "abilities": {"dexterity": 0}},
        {"name": "Q", "side": 1, "fortune": 5, "abilities": {"dexterity": 0}}
    ]});
    // X 9+3 = 12; Y 10+1+2 = 13; Z 13+1−2 = 12 (armour penalty); P and Q 6+0: a roll-off,
    // Q rolls 5 against P's 2.
    let (state, events) = start_with(
        &setup(v),
        &[3, 3, 3, 4, 4, 2, 6, 6, 1, 2, 2, 2, 1, 2, 3, 2, 5],
    );
    let totals: Vec<i32> = events
        .iter()
        .filter_map(|e| match e {
            Event::Initiative { total, .. } => Some(*total),
            _ => None,
        })
        .collect();
    assert_eq!(totals, [12, 13, 12, 6, 6]);
    let order: Vec<&str> = state
        .order
        .iter()
        .map(|&i| &*state.combatants[i].name)
        .collect();
    // X beats Z on the tie by Dexterity; Q beats P on the roll-off.
    assert_eq!(order, ["Y", "X", "Z", "Q", "P"]);
    // X rolled doubles (3, 3, 3): initiative earns no stunt points.
    assert_eq!(state.stunt_points_earned, 0);
    assert!(state.pending.is_none());
}

/// AGE-10: melee needs reach and charge moves then strikes.
#[test]
fn age_10_melee_needs_reach_and_charge_moves_then_strikes() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(6));
    refused(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        "AGE-10",
    );
    refused(
        &mut s,
        json!({"type": "heavy_attack", "actor": "A", "target": "B"}),
        "AGE-10",
    );
    // Charge: half of Speed 12 = 6; stops 1 m short after 5 m (≥ 4 m: +1).
    // 3+2+[4] + 2 + 2 + 1 = 14 vs 11: a hit; knife 1d6 [3] + 2 = 5 − Con 1 = 4 from Fortune.
    let ev = ok(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        &[3, 2, 4, 3],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            from: 0,
            to: 5,
            how: MoveKind::Charge,
            ..
        }
    )));
    assert_eq!(attacks(&ev), [(AttackAction::Charge, 14, 11, true, 0)]);
    assert_eq!(damage(&ev), [(5, 1, 4)]);
    assert_eq!(s.combatants[1].fortune, 6);
    // A short charge (under 4 m) has no bonus.
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(3));
    let ev = ok(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        &[3, 2, 4, 3],
    );
    assert_eq!(attacks(&ev)[0].1, 13);
    // Too far to reach with half Speed.
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(9));
    refused(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        "AGE-10",
    );
    // Not while Prone (AGE-27).
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(6));
    ok(
        &mut s,
        json!({"type": "apply_condition", "target": "A", "condition": "prone"}),
        &[],
    );
    refused(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        "AGE-27",
    );
}

/// AGE-10: heavy attack adds damage and lowers defense.
#[test]
fn age_10_heavy_attack_adds_damage_and_lowers_defense() {
    let mut s = duel();
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    // B: 4+5+[3] + 1 = 13 vs A's 12: hit; club 2d6 [2,3] + Str 1 + 1 = 7 − Con 2 = 5.
    let ev = ok(
        &mut s,
        json!({"type": "heavy_attack", "actor": "B", "target": "A"}),
        &[4, 5, 3, 2, 3],
    );
    assert_eq!(attacks(&ev), [(AttackAction::Heavy, 13, 12, true, 0)]);
    assert_eq!(damage(&ev), [(7, 2, 5)]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // B's Defense is 11 − 1 until B's next turn.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert_eq!(attacks(&ev)[0].2, 10);
}

/// AGE-10: stunt attack deals no damage but must buy a stunt.
#[test]
fn age_10_stunt_attack_deals_no_damage_but_must_buy_a_stunt() {
    let mut s = duel();
    // 2+3+[6] + 4 = 15 vs 11: a hit without doubles still earns 1 SP.
    let ev = ok(
        &mut s,
        json!({"type": "stunt_attack", "actor": "A", "target": "B"}),
        &[2, 3, 6],
    );
    assert_eq!(attacks(&ev), [(AttackAction::Stunt, 15, 11, true, 1)]);
    refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": []}),
        "AGE-10",
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "skirmish", "points": 1}]}),
        &[],
    );
    assert!(
        damage(&ev).is_empty(),
        "a stunt attack deals no damage itself"
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            to: 3,
            how: MoveKind::Skirmish,
            ..
        }
    )));
    // With doubles it earns the Drama Die on top, and a damaging stunt still deals damage.
    let mut s = duel();
    let ev = ok(
        &mut s,
        json!({"type": "stunt_attack", "actor": "A", "target": "B"}),
        &[4, 4, 2],
    );
    assert_eq!(attacks(&ev)[0].4, 3);
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "vicious_blow", "points": 2}]}),
        &[5],
    );
    assert_eq!(
        damage(&ev),
        [(5, 1, 4)],
        "only the stunt's 1d6, no weapon damage"
    );
}

/// AGE-10: defend and run.
#[test]
fn age_10_defend_and_run() {
    let mut s = duel();
    let ev = ok(&mut s, json!({"type": "defend", "actor": "A"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DefenseBonus { bonus: 2, .. })));
    // Guarded Stance is declared before the major action, and never with Defend.
    refused(
        &mut s,
        json!({"type": "guarded_stance", "actor": "A", "bonus": 1}),
        "AGE-11",
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "B", "target": "A"}),
        &[1, 2, 3],
    );
    assert_eq!(attacks(&ev)[0].2, 14, "10 + Dex 2 + Defend 2");
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // Run: up to double Speed (24 m), and nothing else, not even a minor action.
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -25}),
        "AGE-10",
    );
    ok(&mut s, json!({"type": "run", "actor": "A", "to": -24}), &[]);
    refused(&mut s, json!({"type": "aim", "actor": "A"}), "AGE-10");
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -20}),
        "AGE-10",
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    // Run must be the whole turn.
    ok(&mut s, json!({"type": "aim", "actor": "B"}), &[]);
    refused(
        &mut s,
        json!({"type": "run", "actor": "B", "to": 5}),
        "AGE-10",
    );
}

/// AGE-11: aim guarded stance and move.
#[test]
fn age_11_aim_guarded_stance_and_move() {
    let mut s = duel();
    ok(&mut s, json!({"type": "aim", "actor": "A"}), &[]);
    // 1+2+[3] + 4 + Aim 1 = 11 vs 11.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 2, 3, 1],
    );
    assert_eq!(attacks(&ev)[0].1, 11);
    // B: Guarded Stance +2: B's Defense 13 and B's tests −2 until the end of the round.
    let ev = ok(
        &mut s,
        json!({"type": "guarded_stance", "actor": "B", "bonus": 2}),
        &[],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DefenseBonus { bonus: 2, .. })));
    refused(&mut s, json!({"type": "defend", "actor": "B"}), "AGE-11");
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "B", "target": "A"}),
        &[3, 4, 5],
    );
    assert_eq!(attacks(&ev)[0].1, 12 + 1 - 2);
    // Guarded Stance gives +1 or +2 only.
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    refused(
        &mut s,
        json!({"type": "guarded_stance", "actor": "B", "bonus": 3}),
        "AGE-11",
    );
    // Move: up to Speed (B: 10 + 1 = 11 m).
    refused(
        &mut s,
        json!({"type": "move", "actor": "B", "to": 13}),
        "AGE-11",
    );
    ok(&mut s, json!({"type": "move", "actor": "B", "to": 12}), &[]);
}

/// AGE-11: standing up and dropping prone cost half speed.
#[test]
fn age_11_standing_up_and_dropping_prone_cost_half_speed() {
    let mut s = duel();
    // A's Speed 12: dropping prone leaves 6 m of movement.
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -7, "drop_prone": true}),
        "AGE-11",
    );
    let ev = ok(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -6, "drop_prone": true}),
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConditionGained {
            condition: Condition::Prone,
            ..
        }
    )));
    // Prone: crawling at half Speed (6 m).
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -13}),
        "AGE-27",
    );
    ok(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -12}),
        &[],
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // Standing up costs half Speed: 6 m left.
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -19, "stand_up": true}),
        "AGE-27",
    );
    let ev = ok(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -18, "stand_up": true}),
        &[],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConditionRemoved {
            condition: Condition::Prone,
            ..
        }
    )));
    assert!(!s.combatants[0].conditions.prone);
}

/// AGE-11: ready interrupts before the next turn or is lost.
#[test]
fn age_11_ready_interrupts_before_the_next_turn_or_is_lost() {
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "ready", "actor": "A", "target": "B"}),
        &[],
    );
    // The readied action ended A's turn; in B's turn A strikes first: 6+5+[4] + 4 = 19 hit,
    // knife 1d6 [2] + 2 = 4 − 1 = 3.
    refused(&mut s, json!({"type": "interrupt", "actor": "B"}), "AGE-11");
    let ev = ok(
        &mut s,
        json!({"type": "interrupt", "actor": "A"}),
        &[6, 5, 4, 2],
    );
    assert_eq!(attacks(&ev)[0].0, AttackAction::Readied);
    assert_eq!(damage(&ev), [(4, 1, 3)]);
    refused(&mut s, json!({"type": "interrupt", "actor": "A"}), "AGE-11");
    // Readied again and not used: lost at the start of A's next turn.
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    ok(
        &mut s,
        json!({"type": "ready", "actor": "A", "target": "B"}),
        &[],
    );
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    assert!(ev.iter().any(|e| matches!(e, Event::ReadyLost { .. })));
}

/// AGE-11: pursue follows a target pushed out of reach.
#[test]
fn age_11_pursue_follows_a_target_pushed_out_of_reach() {
    let mut s = duel();
    refused(&mut s, json!({"type": "pursue", "actor": "A"}), "AGE-11");
    // 4+4+[3] + 4 = 15: hit with doubles, 3 SP; Skirmish 3 pushes B 6 m away (1 → 7).
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[4, 4, 3],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "skirmish", "points": 3}]}),
        &[1],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            from: 1,
            to: 7,
            how: MoveKind::Skirmish,
            ..
        }
    )));
    let ev = ok(&mut s, json!({"type": "pursue", "actor": "A"}), &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            from: 0,
            to: 6,
            how: MoveKind::Pursue,
            ..
        }
    )));
    refused(&mut s, json!({"type": "pursue", "actor": "A"}), "AGE-11");
}

/// AGE-11: take up and stand firm.
#[test]
fn age_11_take_up_and_stand_firm() {
    let mut s = duel();
    refused(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "sword"}),
        "AGE-11",
    );
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    assert_eq!(s.combatants[0].in_hand, Some(1));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "stand_firm", "actor": "B"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // A hits with 4 SP and buys Knock Prone against B standing firm: Strength (Might)
    // 2 vs B's best of Str 1 / Dex 1. B wins the opposed test: no Prone, SP spent anyway.
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "knife"}),
        &[],
    );
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[4, 4, 4],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "knock_prone", "points": 2}]}),
        &[1, 1, 1, 1, 6, 6, 6],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::StandFirm { held: true, .. })));
    assert!(!s.combatants[1].conditions.prone);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::StuntsSpent {
            spent: 2,
            earned: 4,
            ..
        }
    )));
    // Without Stand Firm, Knock Prone just works (B's Stand Firm ended at its next turn).
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[4, 4, 4],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "knock_prone", "points": 2}]}),
        &[1],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::StandFirm { .. })));
    assert!(s.combatants[1].conditions.prone);
}
