//! Improvised checks and attacks (AND-11): «Любая активная попытка в бою может решаться
//! проверкой навыка».

mod common;

use common::*;
use fray_andromeda::{Event, HeatReason, Purpose, Tier};
use serde_json::{json, Value};

fn improvise(patch: Value) -> Value {
    with(json!({"type": "improvise", "actor": "a"}), patch)
}

fn damage_to(ev: &[Event], who: &str) -> u32 {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damaged { id, amount, .. } if &**id == who => Some(*amount),
            _ => None,
        })
        .sum()
}

#[test]
fn and_11_an_improvised_check_against_a_task_rank() {
    // AND-11 with AND-16/17/26: a stealth check against task rank 3: 1+1+3 = 5 Fail,
    // shifted −1 (rank 2 < 3) → Fail, and a failed check gives 1 Heat.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    let ev = t.ok(
        improvise(json!({"skill": "stealth", "difficulty": 3})),
        &[1, 1],
    );
    assert!(matches!(
        first_check(&ev),
        Event::Check { purpose: Purpose::Improvised { skill }, target: None, difficulty: 3,
                       shift: -1, tier: Tier::Fail, .. } if skill == "stealth"
    ));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HeatGained {
            reason: HeatReason::FailedCheck,
            ..
        }
    )));
    assert_eq!(t.heat("a"), 2); // start of turn + the failed check
                                // It is the turn's action (AND-10).
    assert_eq!(
        t.fail(improvise(json!({"skill": "stealth", "difficulty": 3}))),
        "AND-10"
    );
}

#[test]
fn and_11_an_improvised_attack_deals_its_damage_line() {
    // AND-11 with AND-18/20: melee 3, rank 2 against b's Fortitude 3: 8+7+3 = 18 Critical,
    // shifted −1 → Success → the line's 3.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    let ev = t.ok(
        improvise(
            json!({"skill": "melee", "target": "b", "defense": "fortitude",
                         "damage": "1/2/3/5"}),
        ),
        &[8, 7],
    );
    assert_eq!(tier_of(first_check(&ev)), Tier::Success);
    assert_eq!(damage_to(&ev, "b"), 3);
    // A skill the sheet lacks rolls at value 0, rank 0: 8+8+0 = 16 Critical, shifted −2
    // against Control 2 → Success at a Cost.
    let mut u = T::new(duel());
    u.ok(start("a"), &[]);
    let ev = u.ok(
        improvise(
            json!({"skill": "throwing", "target": "b", "defense": "control",
                         "damage": "1/2/3/5"}),
        ),
        &[8, 8],
    );
    assert_eq!(tier_of(first_check(&ev)), Tier::SuccessAtACost);
    assert_eq!(damage_to(&ev, "b"), 2);
}

#[test]
fn and_14_an_improvised_ranged_attack_in_melee_provokes() {
    // AND-14: b engages a in melee; a's improvised shot stops for b's provoked attack, which
    // b takes first (1+1+3 = 5, Fail: 1 damage), then a's check (4+4+3 = 11 Cost vs
    // Control 2 → 2 damage).
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    let ev = t.ok(
        improvise(
            json!({"skill": "shooting", "target": "b", "defense": "control",
                         "damage": "1/2/3/4", "ranged": true, "range": 30}),
        ),
        &[],
    );
    assert!(ev.is_empty());
    let ev = t.ok(
        json!({"type": "provoked_attack", "actor": "b", "ability": "hit"}),
        &[1, 1, 4, 4],
    );
    assert!(matches!(&ev[0], Event::Provoked { .. }));
    assert_eq!(damage_to(&ev, "a"), 1);
    assert_eq!(damage_to(&ev, "b"), 2);
}

#[test]
fn and_11_improvised_attempts_are_refused_naming_what_is_wrong() {
    // Refusals change nothing and roll nothing (T::fail checks both).
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
            fighter("c", "enemies", [50, 0]),
            fighter("d", "heroes", [0, 1]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    // AND-18: an attack names the defense it targets; a check has no defense.
    assert_eq!(
        t.fail(improvise(json!({"skill": "melee", "target": "b"}))),
        "AND-18"
    );
    assert_eq!(
        t.fail(improvise(json!({"skill": "melee", "defense": "will"}))),
        "AND-18"
    );
    // AND-20: damage needs a target.
    assert_eq!(
        t.fail(improvise(json!({"skill": "melee", "damage": "1/2/3/5"}))),
        "AND-20"
    );
    // AND-01: out of reach; AND-18: not an enemy.
    assert_eq!(
        t.fail(improvise(
            json!({"skill": "melee", "target": "c", "defense": "will"})
        )),
        "AND-01"
    );
    assert_eq!(
        t.fail(improvise(
            json!({"skill": "melee", "target": "d", "defense": "will"})
        )),
        "AND-18"
    );
    // Off turn it is an action taken on one's own turn (AND-07).
    assert_eq!(
        t.fail(json!({"type": "improvise", "actor": "b", "skill": "melee"})),
        "AND-07"
    );
}
