//! Settings and data paths: the replaceable defaults reach the engine.

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Event, HeatReason, State, Tier};
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

/// A setup with `settings` and two fighters, `b` with `turns` turns per round.
fn limited(settings: serde_json::Value, turns: u32) -> Result<State, fray_dice::RuleError> {
    let setup = setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            with(fighter("b", "enemies", [1, 0]), json!({ "turns": turns })),
        ],
        json!({ "settings": settings }),
    );
    State::start(
        &setup,
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::recording(),
    )
}

#[test]
fn round_limit_is_bounded_with_a_message_naming_the_field() {
    // The round limit (AND-30's "until end of round" needs rounds; a fight always ends) must
    // be 1..=1000: 0 is not silently 1, and a huge one would let the command cap stop fights.
    for bad in [0u32, 1001, u32::MAX] {
        let e = limited(json!({ "round_limit": bad }), 1).expect_err("refused");
        assert!(
            e.message.contains(&format!(
                "settings.round_limit: found {bad}, allowed 1..=1000"
            )),
            "{e}"
        );
    }
    assert!(limited(json!({ "round_limit": 1000 }), 1).is_ok());
    assert!(limited(json!({ "round_limit": 1 }), 1).is_ok());
}

#[test]
fn and_08_turns_and_rounds_together_are_bounded() {
    // AND-08: a boss's turns per round are 1..=10, named by their JSON path.
    let e = limited(json!({}), 11).expect_err("refused");
    assert_eq!(e.rule, "AND-08");
    assert!(e.message.contains("participants[1].turns"), "{e}");
    // 1000 rounds of 11 turns (1 + 10) are more turns than a fight may hold.
    let e = limited(json!({ "round_limit": 1000 }), 10).expect_err("refused");
    assert!(
        e.message
            .contains("settings.round_limit: found 1000 × the turns of a round (11)"),
        "{e}"
    );
    assert!(limited(json!({ "round_limit": 909 }), 10).is_ok());
}
