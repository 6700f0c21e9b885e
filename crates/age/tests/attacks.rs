//! Attacks and their damage (AGE-12 … AGE-18) with scripted dice: Defense, damage dice,
//! armour, the damage flow, decompression, range and jams.

mod common;

use common::*;
use fray_age::{Capacity, Condition, Event};
use serde_json::json;

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
