//! The encounter engine: turns, actions, attacks, stunts, damage, grenades and jams
//! (AGE-08 … AGE-21), with scripted dice.

mod common;

use common::*;
use fray_age::{AttackAction, Capacity, Condition, Event, Injury, MoveKind};
use serde_json::json;

fn attacks(events: &[Event]) -> Vec<(AttackAction, i32, i32, bool, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                action,
                roll,
                defense,
                hit,
                stunt_points,
                ..
            } => Some((*action, roll.total, *defense, *hit, *stunt_points)),
            _ => None,
        })
        .collect()
}

fn damage(events: &[Event]) -> Vec<(i32, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Damage { outcome, .. } => {
                Some((outcome.raw, outcome.toughness, outcome.fortune_lost))
            }
            _ => None,
        })
        .collect()
}

fn turn_started(events: &[Event], name: &str) -> bool {
    events
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { name: n } if &**n == name))
}

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

/// AGE-12: defense is ten plus dexterity plus shield.
#[test]
fn age_12_defense_is_ten_plus_dexterity_plus_shield() {
    let mut s = duel_with(|v| v["characters"][1]["shield"] = json!(true));
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 2, 3],
    );
    assert_eq!(attacks(&ev)[0].2, 10 + 1 + 2, "shield +2 against blows");
    let mut s = duel_with(|v| v["characters"][1]["shield"] = json!(true));
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
    assert_eq!(
        attacks(&ev)[0].2,
        10 + 1 + 3,
        "shield +3 against ballistic attacks"
    );
    // Attacks use Fighting + focus in melee, Accuracy + focus at range: both 2 + 2 here.
    assert_eq!(attacks(&ev)[0].1, 1 + 2 + 3 + 2 + 2);
    // No attacking yourself.
    let mut s = duel();
    refused(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "A"}),
        "AGE-12",
    );
}

/// AGE-13: light melee damage str or dex setting.
#[test]
fn age_13_light_melee_damage_str_or_dex_setting() {
    let edit = |v: &mut serde_json::Value| {
        v["characters"][0]["abilities"]["dexterity"] = json!(4);
        v["characters"][0]["abilities"]["strength"] = json!(1);
    };
    // Canon: knife 1d6 [3] + the better of Str 1 / Dex 4 = 7 − Con 1.
    let mut s = duel_with(edit);
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 3],
    );
    assert_eq!(damage(&ev), [(7, 1, 6)]);
    // The house rule: Str only.
    let mut s = duel_with(|v| {
        edit(v);
        v["rules"] = json!({"light_melee_damage": "strength_only"});
    });
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 3],
    );
    assert_eq!(damage(&ev), [(4, 1, 3)]);
    // Rifle at range: 3d6 + Per 1; empty-handed: 1d3 + Str.
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 1, 2, 3],
    );
    assert_eq!(damage(&ev), [(7, 1, 6)]);
    // A bow without stated damage is refused at setup.
    let mut v = duel_json();
    v["characters"][0]["weapons"][0] = json!({"name": "bow", "kind": "bow"});
    let err = fray_dice::Session::<fray_age::Age>::start(setup(v), 1, 0).unwrap_err();
    assert_eq!(err.rule, "AGE-13");
}

/// AGE-14: armour adds to toughness and its penalty hits dex and speed.
#[test]
fn age_14_armour_adds_to_toughness_and_its_penalty_hits_dex_and_speed() {
    let mut s = duel_with(|v| v["characters"][1]["armour"] = json!("heavy"));
    let b = who(&s, "B");
    // Speed 10 + Dex 1 − 3.
    assert_eq!(s.combatants[b].base_speed, 8);
    // Knife 1d6 [6] + 2 = 8 − (Con 1 + 6) = 1.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 6],
    );
    assert_eq!(damage(&ev), [(8, 7, 1)]);
    // A Dexterity test carries the −3; a Strength test does not.
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "B", "ability": "dexterity", "tn": 11}),
        &[3, 3, 3],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if roll.total == 9 + 1 - 3));
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "B", "ability": "strength", "tn": 11}),
        &[3, 3, 3],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if roll.total == 9 + 1));
    // A shield does not raise Toughness.
    let mut s = duel_with(|v| v["characters"][1]["shield"] = json!(true));
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 6],
    );
    assert_eq!(damage(&ev)[0].1, 1);
}

/// AGE-15: damage flows into injured wounded and taken out.
#[test]
fn age_15_damage_flows_into_injured_wounded_and_taken_out() {
    let mut s = duel_with(|v| v["characters"][1]["fortune"] = json!(2));
    // Knife 1d6 [6] + 2 = 8 − 1 = 7: Fortune 2, Injured absorbs [1], Wounded absorbs [1], 3
    // left: taken out — Dying and Unconscious by default.
    // The target decides each absorption (AGE-15): the engine waits for `absorb`.
    let mut ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 6],
    );
    assert_eq!(
        s.absorbing.as_ref().map(|a| a.offer),
        Some(Condition::Injured)
    );
    ev.extend(ok(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        &[1],
    ));
    assert_eq!(
        s.absorbing.as_ref().map(|a| a.offer),
        Some(Condition::Wounded)
    );
    ev.extend(ok(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        &[1],
    ));
    assert!(s.absorbing.is_none());
    let gained: Vec<Condition> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ConditionGained { reached, .. } => Some(*reached),
            _ => None,
        })
        .collect();
    assert_eq!(
        gained,
        [
            Condition::Injured,
            Condition::Wounded,
            Condition::Dying,
            Condition::Unconscious
        ]
    );
    assert!(ev.iter().any(|e| matches!(e, Event::TakenOut { .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EncounterEnded { winner: Some(w), .. } if w == "party")));
    // Taken Out is data: "dead".
    let mut s = duel_with(|v| {
        v["characters"][1]["fortune"] = json!(0);
        v["rules"] = json!({"taken_out": "dead", "damage_flow": {"use_conditions": false}});
    });
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 5, 4, 6],
    );
    assert!(ev.iter().any(|e| matches!(e, Event::Died { .. })));
}

/// AGE-16: armour piercing miss by the hull risks decompression.
#[test]
fn age_16_armour_piercing_miss_by_the_hull_risks_decompression() {
    let mut s = duel_with(|v| {
        v["characters"][0]["weapons"][1]["armour_piercing"] = json!(true);
        v["characters"][1]["near_hull"] = json!(true);
        v["characters"][1]["armour"] = json!("medium");
    });
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    // A miss (1+1+[2] + 4 = 8 vs 11), then the d6 shows 2: decompression.
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2, 2],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Decompression {
            die: 2,
            decompressed: true
        }
    )));
    assert!(s.decompressed);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // A hit: armour 4 counts as 2 → Toughness 1 + 2; 3d6 [6,6,6]... with 4+5+[6] = 19.
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[4, 5, 6, 1, 1, 1],
    );
    assert_eq!(damage(&ev), [(4, 3, 1)]);
}

/// AGE-17: range penalty and out of reach.
#[test]
fn age_17_range_penalty_and_out_of_reach() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(60));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "B", "item": "pistol"}),
        &[],
    );
    // 60 m with a pistol (50/75): −2. 4+4+[4] + 0 − 2 = 10 vs 12: a miss.
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        &[4, 5, 3],
    );
    assert_eq!(attacks(&ev)[0].1, 12 - 2);
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(76));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "B", "item": "pistol"}),
        &[],
    );
    refused(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        "AGE-17",
    );
}

/// AGE-18: jam on drama six then reload.
#[test]
fn age_18_jam_on_drama_six_then_reload() {
    let mut s = duel();
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "B", "item": "pistol"}),
        &[],
    );
    // B: 1+2+[6] + 0 = 9 vs 12: a miss with a 6 on the Drama Die: jammed.
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        &[1, 2, 6],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Jammed,
            ..
        }
    )));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    refused(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        "AGE-18",
    );
    ok(&mut s, json!({"type": "reload", "actor": "B"}), &[]);
    refused(&mut s, json!({"type": "reload", "actor": "B"}), "AGE-18");
    ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        &[1, 2, 3],
    );
    // High Capacity ignores the first jam only.
    let mut s = duel_with(|v| v["characters"][1]["weapons"][1]["high_capacity"] = json!(true));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "B", "item": "pistol"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        &[1, 2, 6],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Ignored,
            ..
        }
    )));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "B", "target": "A"}),
        &[1, 2, 6],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Jammed,
            ..
        }
    )));
}

/// AGE-19: grenades need take up and hit everyone within five metres.
#[test]
fn age_19_grenades_need_take_up_and_hit_everyone_within_five_metres() {
    let mut v = duel_json();
    v["characters"][1]["position"] = json!(10);
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "C", "side": 1, "fortune": 3, "position": 16}
    ));
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "D", "side": 0, "fortune": 3, "position": 7}
    ));
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2, 1, 1, 3, 2, 2, 2]);
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        "AGE-19",
    );
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "grenade"}),
        &[],
    );
    // The GM may raise the TN, never lower it.
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10, "tn": 9}),
        "AGE-19",
    );
    // 2+2+[4] + Acc 2 + Throwing 2 = 12 ≥ 11: bursts at 10; 3d6 [4,4,4] = 12 to B (10 m),
    // D (7 m, a friend) but not C (16 m). B: 12 − 1, Fortune 10, Injured absorbs [1];
    // D: 12 − 0, Fortune 3, Injured [1] and Wounded [1] absorb, taken out.
    // Each target out of Fortune answers the offer to absorb in turn (AGE-15).
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        &[2, 2, 4, 4, 4, 4],
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        &[1],
    );
    refused(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        "AGE-15",
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "D", "take": true}),
        &[1],
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "D", "take": true}),
        &[1],
    );
    assert!(s.absorbing.is_none());
    assert!(s.combatants[3].taken_out);
    let Some(Event::Grenade {
        result,
        damage,
        caught,
        ..
    }) = ev.iter().find(|e| matches!(e, Event::Grenade { .. }))
    else {
        panic!("no grenade event");
    };
    assert_eq!((result.detonation, *damage), (10, Some(12)));
    assert_eq!(names(caught), ["B", "D"]);
    assert_eq!(s.combatants[0].weapons[2].count, 0);
    assert_eq!(s.combatants[0].in_hand, None);
    // A miss deviates 1d6 m.
    let mut v = duel_json();
    v["characters"][1]["position"] = json!(10);
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "grenade"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        &[1, 1, 2, 3, 1, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Grenade { result, caught, .. }
        if result.deviation == 3 && result.detonation == 13 && names(caught) == ["B"])));
}

/// AGE-20: automatic weapons may buy burst stunts.
#[test]
fn age_20_automatic_weapons_may_buy_burst_stunts() {
    let mut s = duel_with(|v| v["characters"][0]["weapons"][1]["automatic"] = json!(true));
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    // 3 SP: Short Burst (1) is allowed with the automatic rifle: 3d6 + Per + 1d6.
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "short_burst", "points": 1}]}),
        &[1, 1, 1, 6],
    );
    assert_eq!(damage(&ev)[0].0, 1 + 1 + 1 + 1 + 6);
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "short_burst", "points": 1}]}),
        "AGE-20",
    );
}

/// AGE-21: stunts after a hit spending checked and lightning attack.
#[test]
fn age_21_stunts_after_a_hit_spending_checked_and_lightning_attack() {
    let mut s = duel();
    // 1+1+[2] fails: no SP to spend.
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": []}),
        "AGE-21",
    );
    let mut s = duel();
    // 1+1+[2] + 4 + ... = 8 misses; use 5+5+[2] = 16: a hit with 2 SP.
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[5, 5, 2],
    );
    // Until the SP are spent nothing else may happen.
    refused(&mut s, json!({"type": "aim", "actor": "A"}), "AGE-21");
    // Spending 3 SP with 2 is refused, and changes nothing.
    refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [
            {"stunt": "knock_prone", "points": 2}, {"stunt": "skirmish", "points": 1}]}),
        "AGE-21",
    );
    refused(
        &mut s,
        json!({"type": "spend_stunts", "actor": "B", "stunts": []}),
        "AGE-21",
    );
    // Lightning Attack: damage of the first hit [3] + 2 − 1 = 4, then a second attack
    // 2+3+[1] + 4 = 10 < 11: a miss.
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "lightning_attack", "points": 2}]}),
        &[3, 2, 3, 1],
    );
    assert_eq!(damage(&ev), [(5, 1, 4)]);
    assert_eq!(attacks(&ev), [(AttackAction::Lightning, 10, 11, false, 0)]);
    // Vicious Blow adds 1d6, Duck and Weave adds Defense to the attacker, Momentum initiative.
    let mut s = duel();
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[6, 6, 6],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [
            {"stunt": "vicious_blow", "points": 2}, {"stunt": "duck_and_weave", "points": 2},
            {"stunt": "momentum", "points": 2}]}),
        &[1, 1],
    );
    assert_eq!(damage(&ev)[0].0, 1 + 1 + 2);
    assert_eq!(s.combatants[0].weave, 2);
    assert_eq!(s.combatants[0].initiative, 17 + 6);
    assert_eq!(s.stunt_points_earned, 6);
    assert_eq!(s.combatants[1].conditions.injury, Injury::None);
}

/// AGE-21: Momentum raises initiative for the next round; Take Cover guards against shots.
#[test]
fn age_21_momentum_reorders_the_next_round_and_take_cover_guards_against_shots() {
    let mut s = duel();
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    // B (initiative 5): 6+6+[6] + 1 = 19 vs 12: 6 SP; Momentum 3 → 14; Take Cover 3.
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "B", "target": "A"}),
        &[6, 6, 6],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "B", "stunts": [
            {"stunt": "momentum", "points": 3}, {"stunt": "take_cover", "points": 3}]}),
        &[1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Momentum { initiative: 14, .. })));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DefenseBonus {
            bonus: 3,
            ranged_only: true,
            ..
        }
    )));
    // Still 17 vs 14: A keeps the lead; a second Momentum (3 SP more) would pass it.
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { order, .. } if names(order) == ["A", "B"])));
    // Until B's next turn: against A's rifle B's Defense is 11 + 3; against blows still 11.
    let mut melee = s.clone();
    let ev = ok(
        &mut melee,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert_eq!(attacks(&ev)[0].2, 11);
    let ev = ok(
        &mut s,
        json!({"type": "activate", "actor": "A", "what": "comms"}),
        &[],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Minor { action, .. } if action == "activate")));
    let ev = ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Minor { action, .. } if action == "take_up")));
    // Two minors ended A's turn; B's turn (cover ends); then A shoots in round 3.
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert_eq!(attacks(&ev)[0].2, 11, "Take Cover ended at B's next turn");
    let mut s = duel_with(|v| v["characters"][0]["abilities"]["dexterity"] = json!(-4));
    // A: 15 − 4 = 11 initiative; B 5. B's Momentum 3 × 3 SP = +9 → 14 passes A.
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "B", "target": "A"}),
        &[6, 6, 6],
    );
    ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "B", "stunts": [{"stunt": "momentum", "points": 3}]}),
        &[1, 1],
    );
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::RoundStarted { order, .. } if names(order) == ["B", "A"])));
    // Take Cover: +3 against A's rifle while it lasts.
    let mut s = duel_with(|v| v["characters"][0]["wielding"] = json!("rifle"));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "B", "target": "A"}),
        &[6, 6, 6],
    );
    ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "B", "stunts": [{"stunt": "take_cover", "points": 3}]}),
        &[1, 1],
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert_eq!(attacks(&ev)[0].2, 14);
}

/// AGE-19: a grenade launcher fires at rifle range without Take Up and jams like a firearm.
#[test]
fn age_19_grenade_launcher_uses_rifle_range_and_capacity() {
    let mut s = duel_with(|v| {
        v["characters"][0]["weapons"][1] =
            json!({"name": "launcher", "kind": "grenade_launcher", "focus": "Rifles"});
        v["characters"][0]["wielding"] = json!("launcher");
        v["characters"][1]["position"] = json!(250);
    });
    refused(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        "AGE-19",
    );
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 301}),
        "AGE-17",
    );
    // 250 m: −2. 4+4+[5] + 4 − 2 = 15 ≥ 11; 3d6 [1,1,1] = 3 − Con 1.
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250}),
        &[4, 4, 5, 1, 1, 1],
    );
    assert!(ev.iter().any(
        |e| matches!(e, Event::Grenade { damage: Some(3), caught, .. } if names(caught) == ["B"])
    ));
    assert_eq!(
        s.combatants[0].in_hand,
        Some(1),
        "the launcher stays in hand"
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // TN raised to 15: 1+1+[6] + 2 = 10 misses with a 6 on the Drama Die: deviation, jam.
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250, "tn": 15}),
        &[1, 1, 6, 3, 1, 1, 1],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Jammed,
            ..
        }
    )));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250}),
        "AGE-18",
    );
    ok(&mut s, json!({"type": "reload", "actor": "A"}), &[]);
}
