//! Defenses, conditions, durations, Hidden and Invisible (AND-19, AND-23, AND-30 … AND-40).

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Defense, Edge, Event, Tier};
use serde_json::json;

fn edge_of(ev: &[Event]) -> Edge {
    match first_check(ev) {
        Event::Check { edge, .. } => *edge,
        _ => unreachable!(),
    }
}

/// An ability that puts `condition` on the target for `duration` on any tier.
fn inflict(id: &str, condition: &str, duration: &str) -> serde_json::Value {
    json!({"id": id, "skill": "shooting", "defense": "control", "range": 30,
        "conditions": [{"condition": condition, "duration": duration, "min_tier": "fail"}]})
}

#[test]
fn and_19_defenses_by_archetype_profile() {
    // AND-19: strong = rank + 1, medium = rank, weak = rank − 1.
    let mut t = T::new(duel());
    let b = t.i("b");
    assert_eq!(t.state.defense(b, Defense::Fortitude), 3);
    assert_eq!(t.state.defense(b, Defense::Control), 2);
    assert_eq!(t.state.defense(b, Defense::Will), 1);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[5, 5]);
    assert!(matches!(
        first_check(&ev),
        Event::Check {
            difficulty: 3,
            shift: -1,
            ..
        }
    ));
    // A profile naming one defense twice is refused.
    let bad = setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"archetype": {"name": "X", "strong": "will", "medium": "will", "weak": "control"}}),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    );
    let e = fray_andromeda::State::start(
        &bad,
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::quiet(),
    )
    .unwrap_err();
    assert_eq!(e.rule, "AND-19");
}

#[test]
fn and_30_durations_hang_on_the_bearers_turns() {
    // AND-30: start/end of the bearer's next turn, end of round, end of scene, until removed.
    let b = [
        inflict("mark-start", "vulnerable", "start_of_next_turn"),
        inflict("mark-end", "weakened", "end_of_next_turn"),
        inflict("mark-round", "immobilized", "end_of_round"),
        inflict("mark-scene", "invisible", "end_of_scene"),
    ]
    .into_iter()
    .fold(
        with(fighter("b", "enemies", [10, 0]), json!({"turns": 4})),
        plus_ability,
    );
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("a2", "heroes", [0, 1]),
            b,
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    // Round 1 slots: b, a2, b, a, b, b.
    t.ok(start("b"), &[]);
    t.ok(use_("b", "mark-start", &["a"]), &[4, 4]);
    t.ok(end("b"), &[]);
    t.ok(start("a2"), &[]);
    t.ok(end("a2"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "mark-end", &["a"]), &[4, 4, 4]); // a is still Vulnerable: advantage
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert!(!t.has("a", ConditionKind::Vulnerable)); // ended at the start of a's turn
    assert!(t.has("a", ConditionKind::Weakened)); // lasts through a's next turn …
    let ev = t.ok(end("a"), &[]);
    assert!(!t.has("a", ConditionKind::Weakened)); // … to its end
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConditionEnded {
            condition: ConditionKind::Weakened,
            ..
        }
    )));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "mark-round", &["a"]), &[4, 4]);
    t.ok(end("b"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "mark-scene", &["a"]), &[4, 4]);
    assert!(t.has("a", ConditionKind::Immobilized));
    let ev = t.ok(end("b"), &[]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConditionEnded { condition: ConditionKind::Immobilized, reason, .. } if reason.contains("round")
    )));
    assert_eq!(t.state.round, 2);
    assert!(t.has("a", ConditionKind::Invisible)); // end of scene: still here in round 2
                                                   // A self-applied "until the end of your next turn" outlasts the current turn.
    let mut s = T::new(setup_of(
        vec![
            plus_ability(
                fighter("a", "heroes", [0, 0]),
                json!({"id": "focus", "aim": "self_only", "conditions": [
                    {"condition": "vulnerable", "duration": "end_of_next_turn", "on_self": true}]}),
            ),
            fighter("b", "enemies", [10, 0]),
        ],
        json!({}),
    ));
    s.ok(start("a"), &[]);
    s.ok(use_("a", "focus", &[]), &[]);
    s.ok(end("a"), &[]);
    assert!(s.has("a", ConditionKind::Vulnerable));
    s.ok(start("b"), &[]);
    s.ok(end("b"), &[]);
    s.ok(start("a"), &[]);
    assert!(s.has("a", ConditionKind::Vulnerable));
    s.ok(end("a"), &[]);
    assert!(!s.has("a", ConditionKind::Vulnerable));
    // No default duration: an effect without one is refused.
    let bad = setup_of(
        vec![
            plus_ability(
                fighter("a", "heroes", [0, 0]),
                json!({"id": "x", "skill": "melee", "conditions": [{"condition": "weakened"}]}),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    );
    let e = fray_andromeda::State::start(
        &bad,
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::quiet(),
    )
    .unwrap_err();
    assert_eq!(e.rule, "AND-30");
}

#[test]
fn and_31_vulnerable_gives_advantage_against_it() {
    // AND-31: attacks against a Vulnerable bearer have advantage (3d8 keep best 2).
    let mut t = T::new(setup_of(
        vec![
            plus_ability(
                fighter("a", "heroes", [0, 0]),
                inflict("expose", "vulnerable", "end_of_scene"),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t.ok(use_("a", "expose", &["b"]), &[4, 4]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[1, 8, 7]);
    assert_eq!(edge_of(&ev), Edge::Advantage);
    assert!(matches!(first_check(&ev), Event::Check { total: 18, .. }));
}

#[test]
fn and_32_weakened_gives_disadvantage_on_all_checks() {
    // AND-32: attacks and other checks (here an opposed Hide) of the bearer have disadvantage.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(
                fighter("b", "enemies", [1, 0]),
                inflict("sap", "weakened", "end_of_scene"),
            ),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "sap", &["a"]), &[4, 4]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[8, 8, 1]);
    assert_eq!(edge_of(&ev), Edge::Disadvantage);
    assert!(matches!(
        first_check(&ev),
        Event::Check { kept: [1, 8], .. }
    ));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // Hide: a rolls three dice (disadvantage), b two.
    let ev = t.ok(json!({"type": "hide", "actor": "a"}), &[8, 8, 1, 1, 1]);
    assert!(matches!(
        &ev[0],
        Event::Opposed {
            initiator_total: 12,
            ..
        }
    ));
}

#[test]
fn and_33_immobilized_has_speed_zero() {
    // AND-33: an Immobilized bearer cannot move.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(
                fighter("b", "enemies", [1, 0]),
                inflict("pin", "immobilized", "end_of_scene"),
            ),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "pin", &["a"]), &[4, 4]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(t.state.speed(0), 0);
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [0, 5]})),
        "AND-33"
    );
    assert_eq!(
        t.fail(json!({"type": "step", "actor": "a", "to": [0, 1]})),
        "AND-33"
    );
}

#[test]
fn and_34_grabbed_speed_zero_and_disadvantage_except_on_grabber() {
    // AND-34: Grabbed → speed 0; its attacks on anyone but the grabber have disadvantage.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
            fighter("c", "enemies", [0, 1]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(
        json!({"type": "grab", "actor": "b", "target": "a"}),
        &[8, 8],
    );
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [0, 5]})),
        "AND-34"
    );
    let ev = t.ok(use_("a", "hit", &["c"]), &[4, 4, 4]);
    assert_eq!(edge_of(&ev), Edge::Disadvantage);
    t.ok(end("a"), &[]);
    t.ok(start("c"), &[]);
    t.ok(end("c"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[4, 4]);
    assert_eq!(edge_of(&ev), Edge::Normal);
}

#[test]
fn and_35_hidden_cannot_be_attacked_and_breaks_when_it_attacks() {
    // AND-35: enemies cannot attack a Hidden bearer; attacking gives it away.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    // stealth 3: 8+8+3 = 19 vs perception 2: 1+1+2 = 4.
    t.ok(
        json!({"type": "hide", "actor": "a", "against": "b"}),
        &[8, 8, 1, 1],
    );
    assert!(t.has("a", ConditionKind::Hidden));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(t.fail(use_("b", "hit", &["a"])), "AND-35");
    assert_eq!(
        t.fail(json!({"type": "grab", "actor": "b", "target": "a"})),
        "AND-35"
    );
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[4, 4]);
    assert!(matches!(
        &ev[0],
        Event::ConditionEnded {
            condition: ConditionKind::Hidden,
            ..
        }
    ));
    assert!(!t.has("a", ConditionKind::Hidden));
    // Revealing oneself (a free action) ends it too.
    let mut r = T::new(duel());
    r.ok(start("a"), &[]);
    r.ok(json!({"type": "hide", "actor": "a"}), &[8, 8, 1, 1]);
    r.ok(json!({"type": "reveal", "actor": "a"}), &[]);
    assert!(!r.has("a", ConditionKind::Hidden));
    assert_eq!(r.fail(json!({"type": "reveal", "actor": "a"})), "AND-35");
}

fn cloak() -> serde_json::Value {
    json!({"id": "cloak", "aim": "self_only", "rank": 3,
        "conditions": [{"condition": "invisible", "duration": "until_removed"}]})
}

#[test]
fn and_36_invisible_gives_disadvantage_but_can_be_attacked() {
    // AND-36: attacks against an Invisible bearer have disadvantage; it can be attacked.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(fighter("b", "enemies", [1, 0]), cloak()),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "cloak", &[]), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[8, 7, 2]);
    assert_eq!(edge_of(&ev), Edge::Disadvantage);
    assert!(matches!(
        first_check(&ev),
        Event::Check { kept: [2, 7], .. }
    ));
    assert!(t.has("b", ConditionKind::Invisible));
}

#[test]
fn and_23_critical_attack_removes_invisible() {
    // AND-23: a critical success of an attack on an Invisible target removes Invisible.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(fighter("b", "enemies", [5, 0]), cloak()),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "cloak", &[]), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // shot vs Control 2, rank 2: 8+8+3 = 19 Critical, even with the worst two of [8, 8, 8].
    let ev = t.ok(use_("a", "shot", &["b"]), &[8, 8, 8]);
    assert_eq!(tier_of(first_check(&ev)), Tier::Critical);
    assert!(!t.has("b", ConditionKind::Invisible));
}

#[test]
fn and_37_exhaustion_lowers_the_maximum_and_stacks() {
    // AND-37: max main stress = rank × 5 − X; stacks; max at or below the stress taken → out;
    // never removed by an Accomplishment Point.
    let drain = json!({"id": "drain", "skill": "shooting", "defense": "control",
        "range": 30, "damage": "0/0/0/0",
        "conditions": [{"condition": "exhaustion", "amount": 4, "min_tier": "fail"}]});
    let mut t = T::new(setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"exhaustion": 2, "accomplishment_points": 2}),
            ),
            plus_ability(fighter("b", "enemies", [1, 0]), drain),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    assert_eq!(t.state.main_max(0), 8);
    t.ok(start("b"), &[]);
    let ev = t.ok(use_("b", "drain", &["a"]), &[4, 4]);
    assert!(ev.contains(&Event::Exhausted {
        id: "a".into(),
        amount: 4,
        total: 6,
        main_max: 4
    }));
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(
        t.fail(json!({"type": "accomplishment_remove", "actor": "a", "condition": "exhaustion"})),
        "AND-37"
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "hit", &["a"]), &[8, 8]); // 19 crit, −1 → Success: 3
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "hit", &["a"]), &[5, 5]); // Success −1 → Cost: 2 (temp 4, main 1)
    let a = &t.state.fighters[0];
    assert_eq!((a.temp_stress, a.main_stress), (4, 1));
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    // Another drain: max 4 → 0, at or below the 1 main box taken: the bearer fills up, out.
    let ev = t.ok(use_("b", "drain", &["a"]), &[4, 4]);
    assert!(ev.iter().any(|e| matches!(e, Event::Defeated { .. })));
    assert_eq!(t.state.main_max(0), 0);
}

#[test]
fn and_38_accomplishment_point_removes_one_own_condition() {
    // AND-38: a hero spends 1 point to remove a condition from itself, at once; not enemies.
    let mut t = T::new(setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"accomplishment_points": 1}),
            ),
            plus_ability(
                fighter("b", "enemies", [1, 0]),
                inflict("sap", "weakened", "end_of_scene"),
            ),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "sap", &["a"]), &[4, 4]);
    assert_eq!(
        t.fail(json!({"type": "accomplishment_remove", "actor": "b", "condition": "weakened"})),
        "AND-38"
    );
    // Off its turn, as a free action.
    t.ok(
        json!({"type": "accomplishment_remove", "actor": "a", "condition": "weakened"}),
        &[],
    );
    assert!(!t.has("a", ConditionKind::Weakened));
    assert_eq!(
        t.fail(json!({"type": "accomplishment_remove", "actor": "a", "condition": "weakened"})),
        "AND-38"
    );
}

#[test]
fn and_39_hide_and_seek_are_opposed_actions() {
    // AND-39: Hide = action + Stealth vs Perception; Seek = action + Perception vs Stealth.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    // Lose: 1+1+3 = 5 vs 8+8+2 = 18 → not Hidden, the action is spent.
    let ev = t.ok(json!({"type": "hide", "actor": "a"}), &[1, 1, 8, 8]);
    assert!(matches!(
        &ev[0],
        Event::Opposed {
            initiator_wins: false,
            ..
        }
    ));
    assert!(!t.has("a", ConditionKind::Hidden));
    assert_eq!(t.fail(json!({"type": "hide", "actor": "a"})), "AND-10");
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(
        t.fail(json!({"type": "seek", "actor": "b", "target": "a"})),
        "AND-39"
    );
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(json!({"type": "hide", "actor": "a"}), &[8, 8, 1, 1]);
    assert!(t.has("a", ConditionKind::Hidden));
    assert_eq!(t.fail(json!({"type": "hide", "actor": "a"})), "AND-10");
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    // Seek: perception 2: 8+8+2 = 18 vs stealth 3: 1+1+3 = 5 → found.
    t.ok(
        json!({"type": "seek", "actor": "b", "target": "a"}),
        &[8, 8, 1, 1],
    );
    assert!(!t.has("a", ConditionKind::Hidden));
}

#[test]
fn and_40_invisible_from_an_ability_without_check_and_detection_against_its_rank() {
    // AND-40: no dice for Invisible; it does not break by itself; detection rolls against the
    // rank of the ability that gave it.
    let detect = json!({"id": "scan", "skill": "perception", "ranged": true, "range": 30,
        "detects_invisible": true});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), detect),
            plus_ability(fighter("b", "enemies", [1, 0]), cloak()),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "cloak", &[]), &[]); // no dice drawn
    t.ok(json!({"type": "move", "actor": "b", "to": [5, 0]}), &[]);
    t.ok(end("b"), &[]);
    assert!(t.has("b", ConditionKind::Invisible));
    t.ok(start("a"), &[]);
    // Perception rank 2 vs cloak rank 3: 5+5+2 = 12 Cost, −1 → Fail: still invisible.
    let ev = t.ok(use_("a", "scan", &["b"]), &[5, 5]);
    assert!(matches!(
        first_check(&ev),
        Event::Check { difficulty: 3, .. }
    ));
    assert!(t.has("b", ConditionKind::Invisible));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // 8+8+2 = 18 Critical, −1 → Success: detected.
    t.ok(use_("a", "scan", &["b"]), &[8, 8]);
    assert!(!t.has("b", ConditionKind::Invisible));
}
