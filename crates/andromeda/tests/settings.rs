//! Settings and data paths: the replaceable defaults reach the engine.

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Event, HeatReason, Tier};
use serde_json::json;

#[test]
fn and_16_and_21_settings_replace_the_table_and_advantage_method() {
    // AND-16: settings.table; AND-21: settings.advantage (flat +3 instead of an extra die).
    let mut t = T::new(setup_of(
        vec![fighter("a", "heroes", [0, 0]), soft("b", "enemies", [5, 0])],
        json!({"settings": {"table": {"cost_from": 6, "success_from": 8, "critical_from": 30},
                            "advantage": {"method": "flat", "bonus": 3}}}),
    ));
    t.ok(start("a"), &[]);
    // shot vs Control 2, rank 2: 2+3+3 = 8 → Success under the custom table (Fail by default).
    let ev = t.ok(use_("a", "shot", &["b"]), &[2, 3]);
    assert_eq!(tier_of(first_check(&ev)), Tier::Success);
    let mut u = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            plus_ability(
                soft("b", "enemies", [1, 0]),
                json!({"id": "expose", "skill": "melee", "conditions": [
                    {"condition": "vulnerable", "duration": "end_of_scene", "min_tier": "fail"}]}),
            ),
        ],
        json!({"settings": {"advantage": {"method": "flat", "bonus": 3}},
               "opening": {"type": "ambush"}}),
    ));
    u.ok(start("b"), &[]);
    u.ok(use_("b", "expose", &["a"]), &[1, 1]); // a check against task rank 0
    assert!(u.has("a", ConditionKind::Vulnerable));
    u.ok(end("b"), &[]);
    u.ok(start("a"), &[]);
    // b attacks the Vulnerable a with the flat +3 and two dice only: 4+4+3+3.
    u.ok(end("a"), &[]);
    u.ok(start("b"), &[]);
    let ev = u.ok(use_("b", "hit", &["a"]), &[4, 4]);
    assert!(matches!(first_check(&ev), Event::Check { total: 14, .. }));
}

#[test]
fn and_27_other_signature_moments() {
    // AND-27: a critical success, or grabbing someone, when the archetype names it.
    let arch = |sig: &str| {
        json!({"archetype": {"name": "X", "strong": "fortitude", "medium": "control",
            "weak": "will", "signature": sig}})
    };
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), arch("scores_critical")),
            soft("b", "enemies", [5, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "shot", &["b"]), &[8, 8]);
    assert!(ev.contains(&Event::HeatGained {
        id: "a".into(),
        amount: 1,
        reason: HeatReason::Signature,
        heat: 2
    }));
    let mut g = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), arch("grabs_target")),
            soft("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    g.ok(start("a"), &[]);
    let ev = g.ok(
        json!({"type": "grab", "actor": "a", "target": "b"}),
        &[4, 4],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HeatGained {
            reason: HeatReason::Signature,
            ..
        }
    )));
}

#[test]
fn and_11_ally_abilities_and_the_opposed_heat_setting() {
    // AND-11: an ability aimed at allies affects an ally and refuses enemies.
    let veil = json!({"id": "veil", "aim": "ally", "range": 10,
        "conditions": [{"condition": "invisible", "duration": "end_of_round"}]});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), veil),
            fighter("a2", "heroes", [0, 5]),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"settings": {"opposed_loss_heats": false}}),
    ));
    t.ok(start("a"), &[]);
    assert_eq!(t.fail(use_("a", "veil", &["b"])), "AND-11");
    t.ok(use_("a", "veil", &["a2"]), &[]);
    assert!(t.has("a2", ConditionKind::Invisible));
    // With opposed_loss_heats off, a lost Hide gives no Heat.
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a2"), &[]);
    let heat = t.heat("a2");
    t.ok(json!({"type": "hide", "actor": "a2"}), &[1, 1, 8, 8]);
    assert_eq!(t.heat("a2"), heat);
}
