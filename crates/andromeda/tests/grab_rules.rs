//! A grab is an attack, and a hold keeps its two from hiding (AND-23, AND-27, AND-34,
//! AND-35, AND-39, AND-41).

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Event, HeatReason};
use serde_json::json;

fn grab(a: &str, t: &str) -> serde_json::Value {
    json!({"type": "grab", "actor": a, "target": t})
}

/// An ambush: the enemy `b` at 1 m grabs the hero `a`; `c` is another enemy far away.
fn held(settings: serde_json::Value, a_patch: serde_json::Value) -> T {
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), a_patch),
            fighter("b", "enemies", [1, 0]),
            fighter("c", "enemies", [9, 0]),
        ],
        json!({"opening": {"type": "ambush"}, "settings": settings}),
    ));
    t.ok(start("b"), &[]);
    // might 3, rank 2 vs Fortitude 3: 8+8+3 = 19 Critical, shifted −1 → Success.
    t.ok(grab("b", "a"), &[8, 8]);
    assert!(t.has("a", ConditionKind::Grabbed));
    t
}

#[test]
fn and_34_and_35_the_grabbed_cannot_hide() {
    // AND-34/35/39: Hidden means «противники не знают, где находится цель»; the grabber
    // holding it knows. Hide is refused, changing nothing and rolling nothing.
    let mut t = held(json!({}), json!({}));
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(t.fail(json!({"type": "hide", "actor": "a"})), "AND-35");
    assert_eq!(
        t.fail(json!({"type": "hide", "actor": "a", "against": "c"})),
        "AND-35"
    );
    // An ability that would hide it does not either, while the hold lasts.
    let mut u = held(
        json!({}),
        json!({"abilities": [{"id": "smoke", "aim": "self_only",
            "conditions": [{"condition": "hidden", "duration": "until_removed"}]}]}),
    );
    u.ok(end("b"), &[]);
    u.ok(start("a"), &[]);
    let ev = u.ok(use_("a", "smoke", &[]), &[]);
    assert!(!ev
        .iter()
        .any(|e| matches!(e, Event::ConditionApplied { .. })));
    assert!(!u.has("a", ConditionKind::Hidden));
    // Released (a free action, AND-42), it may hide.
    u.ok(end("a"), &[]);
    u.ok(start("c"), &[]);
    u.ok(end("c"), &[]);
    u.ok(start("b"), &[]);
    u.ok(json!({"type": "release", "actor": "b"}), &[]);
    u.ok(end("b"), &[]);
    u.ok(start("a"), &[]);
    u.ok(use_("a", "smoke", &[]), &[]);
    assert!(u.has("a", ConditionKind::Hidden));
}

#[test]
fn and_35_and_42_the_grabber_cannot_hide_unless_the_setting_allows() {
    // AND-35/42: the one held knows where its grabber is; settings.grabber_can_hide lets a
    // grabber hide all the same.
    let mut t = held(json!({}), json!({}));
    assert_eq!(t.fail(json!({"type": "hide", "actor": "b"})), "AND-10"); // action spent
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("c"), &[]);
    t.ok(end("c"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(t.fail(json!({"type": "hide", "actor": "b"})), "AND-35");
    let mut u = held(json!({"grabber_can_hide": true}), json!({}));
    u.ok(end("b"), &[]);
    u.ok(start("a"), &[]);
    u.ok(end("a"), &[]);
    u.ok(start("c"), &[]);
    u.ok(end("c"), &[]);
    u.ok(start("b"), &[]);
    // stealth 3: 8+8+3 = 19 vs a's perception 2: 1+1+2 = 4.
    u.ok(
        json!({"type": "hide", "actor": "b", "against": "a"}),
        &[8, 8, 1, 1],
    );
    assert!(u.has("b", ConditionKind::Hidden));
}

#[test]
fn and_41_and_27_a_failed_grab_is_a_melee_miss_on_the_duelist() {
    // AND-41: a grab is made «по обычным правилам атаки»; AND-27: a melee attack that misses
    // the Duelist gives it its once-per-combat Heat. Grab Fail: 1+1+3 = 5.
    let mut t = T::new(setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"archetype": {"name": "Duelist", "strong": "fortitude",
                    "medium": "control", "weak": "will", "signature": "missed_by_melee"}}),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    let ev = t.ok(grab("b", "a"), &[1, 1]);
    assert!(ev.iter().any(|e| matches!(e, Event::GrabFailed { .. })));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HeatGained { id, reason: HeatReason::Signature, .. } if &**id == "a"
    )));
    assert_eq!(t.heat("a"), 1);
}

#[test]
fn and_41_and_23_a_critical_grab_ends_invisible() {
    // AND-41 with AND-23/40: a grab's critical success is an attack's critical success, so
    // it ends Invisible. b is Invisible (disadvantage: the worst two of three dice).
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(
                soft("b", "enemies", [1, 0]),
                json!({"id": "cloak", "aim": "self_only",
                    "conditions": [{"condition": "invisible", "duration": "until_removed"}]}),
            ),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "cloak", &[]), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // might 3, rank 2 vs Fortitude 1: 8+8+3 = 19 Critical, +1 → Critical.
    let ev = t.ok(grab("a", "b"), &[8, 8, 8]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::ConditionEnded {
            condition: ConditionKind::Invisible,
            ..
        }
    )));
    assert!(!t.has("b", ConditionKind::Invisible));
    assert!(t.has("b", ConditionKind::Grabbed) && t.has("b", ConditionKind::Vulnerable));
}

#[test]
fn and_31_and_41_a_condition_held_twice_says_which_source_ended() {
    // AND-31/41: a is Vulnerable from c's expose (until the end of the round) and from b's
    // critical grab (while it lasts). The first to end names its source and says the
    // condition remains; the last says it is gone.
    let mut t = T::new(setup_of(
        vec![
            soft("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
            plus_ability(
                fighter("c", "enemies", [0, 1]),
                json!({"id": "expose", "skill": "melee", "conditions": [
                    {"condition": "vulnerable", "duration": "end_of_round", "min_tier": "fail"}]}),
            ),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("c"), &[]);
    t.ok(use_("c", "expose", &["a"]), &[1, 1]);
    t.ok(end("c"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    // might 3, rank 2 vs Fortitude 1, with advantage (a is Vulnerable): 8+8+3 → Critical.
    t.ok(grab("b", "a"), &[8, 8, 1]);
    assert!(t.has("a", ConditionKind::Grabbed));
    let ev = t.ok(end("b"), &[]);
    let ended: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::ConditionEnded { .. }))
        .collect();
    assert_eq!(ended.len(), 1);
    assert!(matches!(
        ended[0],
        Event::ConditionEnded { condition: ConditionKind::Vulnerable, source: Some(s), remains: true, .. }
            if &**s == "c"
    ));
    assert_eq!(
        fray_andromeda::describe(ended[0]),
        "a's Vulnerable from c ends (expired at the end of the round); a is still Vulnerable from another source"
    );
    assert!(t.has("a", ConditionKind::Vulnerable));
    t.ok(start("b"), &[]);
    let ev = t.ok(json!({"type": "release", "actor": "b"}), &[]);
    let lines: Vec<String> = ev
        .iter()
        .filter(|e| matches!(e, Event::ConditionEnded { .. }))
        .map(fray_andromeda::describe)
        .collect();
    assert_eq!(
        lines,
        [
            "a is no longer Grabbed from b (the grab ended)",
            "a is no longer Vulnerable from b (the grab ended)",
        ]
    );
    assert!(!t.has("a", ConditionKind::Vulnerable));
}
