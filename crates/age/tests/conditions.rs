//! Conditions: chains and effects (AGE-22 … AGE-31).

mod common;

use common::*;
use fray_age::{Condition, Conditions, Event, Fatigue, Injury};
use serde_json::json;

fn apply(s: &mut fray_age::State, who: &str, c: &str) -> Vec<Event> {
    ok(
        s,
        json!({"type": "apply_condition", "target": who, "condition": c}),
        &[],
    )
}

fn reached(ev: &[Event]) -> Condition {
    match &ev[0] {
        Event::ConditionGained { reached, .. } => *reached,
        e => panic!("{e:?}"),
    }
}

/// AGE-22: fatigued forbids run and charge and again is exhausted.
#[test]
fn age_22_fatigued_forbids_run_and_charge_and_again_is_exhausted() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(6));
    assert_eq!(
        reached(&apply(&mut s, "A", "fatigued")),
        Condition::Fatigued
    );
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -10}),
        "AGE-22",
    );
    refused(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        "AGE-22",
    );
    // Speed is unchanged while only Fatigued.
    ok(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -12}),
        &[],
    );
    assert_eq!(
        reached(&apply(&mut s, "A", "fatigued")),
        Condition::Exhausted
    );
}

/// AGE-23: exhausted halves speed and again is helpless.
#[test]
fn age_23_exhausted_halves_speed_and_again_is_helpless() {
    let mut s = duel();
    assert_eq!(
        reached(&apply(&mut s, "A", "exhausted")),
        Condition::Exhausted
    );
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -5}),
        "AGE-23",
    );
    // Speed 12 → 6.
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -7}),
        "AGE-11",
    );
    ok(&mut s, json!({"type": "move", "actor": "A", "to": -6}), &[]);
    // Fatigued again (or Exhausted again) → Helpless: no actions; A's turn ends.
    let ev = apply(&mut s, "A", "fatigued");
    assert_eq!(reached(&ev), Condition::Helpless);
    assert!(!s.combatants[0].conditions.can_act());
    // A was the party's only member: Helpless, the party has lost.
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EncounterEnded { winner: Some(w), .. } if w == "opponents")));
}

/// AGE-24: injured is minus one and fatigued and again wounded.
#[test]
fn age_24_injured_is_minus_one_and_fatigued_and_again_wounded() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(6));
    apply(&mut s, "A", "injured");
    refused(
        &mut s,
        json!({"type": "charge", "actor": "A", "target": "B"}),
        "AGE-22",
    );
    // −1 to every roll: a Strength test 3+3+[3] + 2 − 1.
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "A", "ability": "strength"}),
        &[3, 3, 3],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if roll.total == 10));
    assert_eq!(reached(&apply(&mut s, "A", "injured")), Condition::Wounded);
}

/// AGE-25: wounded is minus two exhausted half speed and again dying.
#[test]
fn age_25_wounded_is_minus_two_exhausted_half_speed_and_again_dying() {
    let mut s = duel();
    apply(&mut s, "A", "wounded");
    let c = &s.combatants[0].conditions;
    assert!(c.has(Condition::Exhausted));
    assert_eq!(c.roll_penalty(), -2);
    assert_eq!(c.speed(12), 6, "halved once, not twice");
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "A", "ability": "strength"}),
        &[3, 3, 3],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if roll.total == 9));
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -5}),
        "AGE-23",
    );
    // Injured again (or Wounded again) → Dying.
    assert_eq!(reached(&apply(&mut s, "A", "injured")), Condition::Dying);
    let mut c = Conditions::default();
    c.add(Condition::Wounded);
    assert_eq!(c.add(Condition::Wounded), Condition::Dying);
}

/// AGE-26: dying loses constitution each turn and dies at minus three.
#[test]
fn age_26_dying_loses_constitution_each_turn_and_dies_at_minus_three() {
    // B (Con 1) dying: 0, −1, −2, −3 → dead at the start of its fourth turn.
    let mut s = duel();
    apply(&mut s, "B", "dying");
    let mut ticks = Vec::new();
    let mut died = false;
    for _ in 0..4 {
        let ev = ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
        for e in &ev {
            match e {
                Event::DyingTick { constitution, .. } => ticks.push(*constitution),
                Event::Died { .. } => died = true,
                _ => {}
            }
        }
        if died {
            break;
        }
        ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    }
    assert_eq!(ticks, [0, -1, -2, -3]);
    assert!(died && s.combatants[1].dead && s.over);
    // First aid on the Dying: Intelligence (Medicine) vs 11 → Helpless, Unconscious, Wounded.
    let mut v = duel_json();
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "M", "side": 0, "fortune": 3, "position": 1, "abilities": {"intelligence": 3},
         "foci": ["Medicine"]}
    ));
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2, 4, 4, 4]);
    apply(&mut s, "A", "dying");
    refused(
        &mut s,
        json!({"type": "first_aid", "actor": "A", "target": "B"}),
        "AGE-26",
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    // M: 2+2+[3] + 3 + 2 = 12 ≥ 11.
    let ev = ok(
        &mut s,
        json!({"type": "first_aid", "actor": "M", "target": "A"}),
        &[2, 2, 3],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::FirstAid { roll, .. } if roll.success)));
    let c = &s.combatants[0].conditions;
    assert_eq!(c.injury, Injury::Wounded);
    assert!(c.helpless && c.unconscious);
}

/// AGE-27: prone effects.
#[test]
fn age_27_prone_effects() {
    let mut s = duel();
    apply(&mut s, "B", "prone");
    // Melee against a prone target +1: 1+1+[2] + 4 + 1 = 9.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert!(matches!(&ev[0], Event::Attack { roll, .. } if roll.total == 9));
    // Ranged −1.
    let mut s = duel();
    apply(&mut s, "B", "prone");
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert!(matches!(&ev[0], Event::Attack { roll, .. } if roll.total == 7));
    // No Run while Prone; standing is tested in the Move tests (AGE-11).
    apply(&mut s, "B", "prone");
    refused(
        &mut s,
        json!({"type": "run", "actor": "B", "to": 5}),
        "AGE-27",
    );
}

/// AGE-28: unconscious is prone and helpless and helpless takes no turn.
#[test]
fn age_28_unconscious_is_prone_and_helpless_and_helpless_takes_no_turn() {
    let mut c = Conditions::default();
    c.add(Condition::Unconscious);
    assert!(c.has(Condition::Prone) && c.has(Condition::Helpless) && !c.can_act());
    let mut v = duel_json();
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "E", "side": 1, "fortune": 3, "position": 9}
    ));
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2, 1, 1, 1]);
    apply(&mut s, "B", "helpless");
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TurnSkipped { name, .. } if &**name == "B")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { name } if &**name == "E")));
    // E falls Unconscious in its own turn: the turn ends, and with B Helpless the opponents
    // have nobody left standing.
    let ev = apply(&mut s, "E", "unconscious");
    assert!(s.combatants[2].conditions.has(Condition::Prone));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::EncounterEnded { winner: Some(w), .. } if w == "party")));
}

/// AGE-29: restrained and slowed.
#[test]
fn age_29_restrained_and_slowed() {
    let mut s = duel();
    apply(&mut s, "A", "restrained");
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -1}),
        "AGE-11",
    );
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -1}),
        "AGE-29",
    );
    ok(
        &mut s,
        json!({"type": "remove_condition", "target": "A", "condition": "restrained"}),
        &[],
    );
    apply(&mut s, "A", "slowed");
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -1}),
        "AGE-29",
    );
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -7}),
        "AGE-11",
    );
    ok(&mut s, json!({"type": "move", "actor": "A", "to": -6}), &[]);
    let mut c = Conditions::default();
    c.add(Condition::Slowed);
    assert_eq!(c.speed(11), 5, "÷ 2 rounded down");
}

/// AGE-30: blinded and deafened auto fail their senses.
#[test]
fn age_30_blinded_and_deafened_auto_fail_their_senses() {
    let mut s = duel();
    apply(&mut s, "A", "blinded");
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "A", "ability": "perception", "tn": 5, "sense": "sight"}),
        &[6, 6, 6],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if !roll.success));
    // Hearing still works; a ranged attack needs sight.
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "A", "ability": "perception", "tn": 5, "sense": "hearing"}),
        &[6, 6, 6],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if roll.success));
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "rifle"}),
        &[],
    );
    refused(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        "AGE-30",
    );
    apply(&mut s, "A", "deafened");
    let ev = ok(
        &mut s,
        json!({"type": "test", "actor": "A", "ability": "perception", "tn": 5, "sense": "hearing"}),
        &[6, 6, 6],
    );
    assert!(matches!(&ev[0], Event::Test { roll, .. } if !roll.success));
}

/// AGE-31: free fall needs handholds or a push that drifts.
#[test]
fn age_31_free_fall_needs_handholds_or_a_push_that_drifts() {
    let edit = |v: &mut serde_json::Value| {
        v["free_fall"] = json!(true);
        v["corridor"] = json!([-20, 20]);
        v["characters"][1]["free_fall_mobility"] = json!(true);
    };
    let mut s = duel_with(edit);
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -3}),
        "AGE-31",
    );
    refused(
        &mut s,
        json!({"type": "run", "actor": "A", "to": -3}),
        "AGE-31",
    );
    // A push: A flies 8 m and keeps drifting 8 m a turn until the bulkhead at −20.
    ok(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -8, "push": true}),
        &[],
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    // B has mag boots.
    ok(&mut s, json!({"type": "move", "actor": "B", "to": 5}), &[]);
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            from: -8,
            to: -16,
            ..
        }
    )));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    let ev = ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Moved {
            from: -16,
            to: -20,
            ..
        }
    )));
    assert_eq!(s.combatants[0].drift, 0, "stopped by the collision");
    // Outside free fall there is no push.
    let mut s = duel();
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -3, "push": true}),
        "AGE-31",
    );
}

#[test]
fn chains_only_move_forward_until_removed() {
    let mut c = Conditions::default();
    assert_eq!(c.add(Condition::Fatigued), Condition::Fatigued);
    assert_eq!(c.fatigue, Fatigue::Fatigued);
    c.add(Condition::Injured);
    // Injured implies Fatigued: another Fatigued makes Exhausted.
    assert_eq!(c.add(Condition::Fatigued), Condition::Exhausted);
    c.remove(Condition::Exhausted);
    assert_eq!(c.fatigue, Fatigue::None);
    assert_eq!(c.fatigue_level(), 1, "still Fatigued through Injured");
}
