//! Stunts after a hit (AGE-20, AGE-21) with scripted dice: bursts, spending, Lightning
//! Attack, Momentum and Take Cover.

mod common;

use common::*;
use fray_age::{AttackAction, Event, Injury};
use serde_json::json;

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
