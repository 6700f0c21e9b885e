//! The grab lifecycle, stress and defeat (AND-41 … AND-48).

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Duration, Edge, Event, GrabEffect, Phase, Side, Status};
use serde_json::json;

fn grab(a: &str, t: &str) -> serde_json::Value {
    json!({"type": "grab", "actor": a, "target": t})
}

/// a (might 3, rank 2) next to a soft b (Fortitude 1: shift +1) and a normal c (Fortitude 3).
fn arena() -> T {
    T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            soft("b", "enemies", [1, 0]),
            fighter("c", "enemies", [0, 1]),
        ],
        json!({}),
    ))
}

fn effect(ev: &[Event]) -> Option<GrabEffect> {
    ev.iter().find_map(|e| match e {
        Event::GrabStarted { effect, .. } => Some(*effect),
        _ => None,
    })
}

fn durations(t: &T, id: &str, kind: ConditionKind) -> Vec<Duration> {
    t.state.fighters[t.i(id)]
        .conditions
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.duration)
        .collect()
}

#[test]
fn and_41_grab_table_in_the_engine() {
    // AND-41: Might vs Fortitude as an attack; the table instead of damage.
    // Critical: 5+5+3 = 13 Success, +1 → Critical: b Grabbed and Vulnerable while held.
    let mut t = arena();
    t.ok(start("a"), &[]);
    let ev = t.ok(grab("a", "b"), &[5, 5]);
    assert_eq!(effect(&ev), Some(GrabEffect::GrabbedAndVulnerable));
    assert_eq!(
        durations(&t, "b", ConditionKind::Grabbed),
        [Duration::WhileGrab]
    );
    assert_eq!(
        durations(&t, "b", ConditionKind::Vulnerable),
        [Duration::WhileGrab]
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::Damaged { .. })));
    // Success: 4+3+3 = 10 Cost, +1 → Success: Grabbed only.
    let mut t = arena();
    t.ok(start("a"), &[]);
    assert_eq!(
        effect(&t.ok(grab("a", "b"), &[4, 3])),
        Some(GrabEffect::Grabbed)
    );
    assert!(!t.has("b", ConditionKind::Vulnerable));
    // Success at a Cost: 1+1+3 = 5 Fail, +1 → Cost: the grabber is Vulnerable while holding.
    let mut t = arena();
    t.ok(start("a"), &[]);
    assert_eq!(
        effect(&t.ok(grab("a", "b"), &[1, 1])),
        Some(GrabEffect::GrabbedGrabberVulnerable)
    );
    assert_eq!(
        durations(&t, "a", ConditionKind::Vulnerable),
        [Duration::WhileGrab]
    );
    // Fail against c (Fortitude 3, −1): no grab, a Vulnerable until the start of its next turn.
    let mut t = arena();
    t.ok(start("a"), &[]);
    let ev = t.ok(grab("a", "c"), &[1, 1]);
    assert!(ev.iter().any(|e| matches!(e, Event::GrabFailed { .. })));
    assert_eq!(
        durations(&t, "a", ConditionKind::Vulnerable),
        [Duration::StartOfNextTurn]
    );
    assert!(t.state.holds.is_empty());
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("c"), &[]);
    t.ok(end("c"), &[]);
    t.ok(start("a"), &[]);
    assert!(!t.has("a", ConditionKind::Vulnerable));
    // Out of reach is refused.
    let mut far = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [3, 0]),
        ],
        json!({}),
    ));
    far.ok(start("a"), &[]);
    assert_eq!(far.fail(grab("a", "b")), "AND-01");
}

#[test]
fn and_42_holding_one_target_step_only_disadvantage_elsewhere_free_release() {
    // AND-42: no action to keep; one target; no two-handed gear; Step only, dragging the
    // target; attacks on others at disadvantage; release as a free action.
    let greatsword = json!({"id": "greatsword", "skill": "melee", "defense": "fortitude",
        "damage": "2/3/4/6", "two_handed": true});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), greatsword),
            soft("b", "enemies", [1, 0]),
            fighter("c", "enemies", [0, 1]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t.ok(grab("a", "b"), &[4, 3]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("c"), &[]);
    t.ok(end("c"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(t.state.holds.len(), 1); // held across turns with no action spent
    assert_eq!(t.fail(grab("a", "c")), "AND-42");
    assert_eq!(t.fail(use_("a", "greatsword", &["b"])), "AND-42");
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [0, 5]})),
        "AND-42"
    );
    assert_eq!(
        t.fail(json!({"type": "extra_move", "actor": "a", "to": [0, 5]})),
        "AND-42"
    );
    let ev = t.ok(json!({"type": "step", "actor": "a", "to": [-5, 0]}), &[]);
    assert!(ev.contains(&Event::Moved {
        id: "b".into(),
        mode: fray_andromeda::MoveMode::Dragged,
        from: [1, 0],
        to: [-4, 0],
        hidden_from: vec![]
    }));
    // c is now out of reach; attack b normally, then check c at disadvantage from close by.
    let ev = t.ok(use_("a", "hit", &["b"]), &[4, 4]);
    assert!(matches!(
        first_check(&ev),
        Event::Check {
            edge: Edge::Normal,
            ..
        }
    ));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("c"), &[]);
    t.ok(json!({"type": "move", "actor": "c", "to": [-5, 1]}), &[]);
    t.ok(end("c"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["c"]), &[4, 4, 4]);
    assert!(matches!(
        first_check(&ev),
        Event::Check {
            edge: Edge::Disadvantage,
            ..
        }
    ));
    // Release: free, even with no action left.
    let ev = t.ok(json!({"type": "release", "actor": "a"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::GrabEnded { reason, .. } if reason == "released")));
    assert!(!t.has("b", ConditionKind::Grabbed));
    assert_eq!(t.fail(json!({"type": "release", "actor": "a"})), "AND-42");
}

#[test]
fn and_43_grab_breaks_when_grabber_is_immobilized_defeated_or_separated() {
    // AND-43: the grabber Immobilized (or Grabbed), out of the fight, or separated by force.
    let pin = json!({"id": "pin", "skill": "shooting", "defense": "control", "range": 30,
        "conditions": [{"condition": "immobilized", "duration": "end_of_scene", "min_tier": "fail"}]});
    let shove = json!({"id": "shove", "skill": "might", "defense": "fortitude", "range": 30,
        "breaks_grabs": true});
    let slay = json!({"id": "slay", "skill": "melee", "defense": "fortitude", "range": 30,
        "damage": "30/30/30/30"});
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            soft("b", "enemies", [1, 0]),
            plus_ability(
                plus_ability(plus_ability(fighter("c", "enemies", [0, 1]), pin), shove),
                slay,
            ),
            fighter("d", "heroes", [5, 5]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t.ok(grab("a", "b"), &[4, 3]);
    t.ok(end("a"), &[]);
    t.ok(start("c"), &[]);
    let ev = t.ok(use_("c", "pin", &["a"]), &[4, 4]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::GrabEnded { reason, .. } if reason.contains("Immobilized"))));
    assert!(!t.has("b", ConditionKind::Grabbed));
    t.ok(end("c"), &[]);
    // d grabs b, then c shoves them apart.
    t.ok(start("d"), &[]);
    t.ok(json!({"type": "move", "actor": "d", "to": [1, 1]}), &[]);
    t.ok(grab("d", "b"), &[4, 3]);
    t.ok(end("d"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("c"), &[]);
    // might 3 rank 2 vs d's Fortitude 3: 8+8+3 = 19 Critical −1 → Success: separated.
    let ev = t.ok(use_("c", "shove", &["d"]), &[8, 8]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::GrabEnded { reason, .. } if reason == "separated by force")));
    t.ok(end("c"), &[]);
    // d grabs again; c knocks d out: the grab breaks.
    t.ok(start("d"), &[]);
    t.ok(grab("d", "b"), &[4, 3]);
    t.ok(end("d"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("c"), &[]);
    let ev = t.ok(use_("c", "slay", &["d"]), &[4, 4]);
    assert!(ev.contains(&Event::Defeated {
        id: "d".into(),
        status: Status::Unconscious
    }));
    assert!(t.state.holds.is_empty());
    assert!(!t.has("b", ConditionKind::Grabbed));
}

#[test]
fn and_44_escape_is_opposed_shake_off_is_not_enough_a_point_works() {
    // AND-44: action, Might or Agility vs the grabber's Might; Shake Off refused; an
    // Accomplishment Point (general removal) frees too.
    let mut t = T::new(setup_of(
        vec![
            with(
                soft("a", "heroes", [0, 0]),
                json!({"accomplishment_points": 1}),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(grab("b", "a"), &[4, 3]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(
        t.fail(json!({"type": "shake_off", "actor": "a", "condition": "grabbed"})),
        "AND-44"
    );
    assert_eq!(
        t.fail(json!({"type": "escape", "actor": "a", "skill": "melee"})),
        "AND-44"
    );
    // agility 2: 1+1+2 = 4 vs might 3: 8+8+3 = 19 → still held; Heat for the lost check.
    let heat = t.heat("a");
    t.ok(
        json!({"type": "escape", "actor": "a", "skill": "agility"}),
        &[1, 1, 8, 8],
    );
    assert!(t.has("a", ConditionKind::Grabbed));
    assert_eq!(t.heat("a"), heat + 1);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // Retry every turn: might 3: 8+8+3 = 19 vs 1+1+3 = 5 → free.
    let ev = t.ok(
        json!({"type": "escape", "actor": "a", "skill": "might"}),
        &[8, 8, 1, 1],
    );
    assert!(ev.iter().any(|e| matches!(e, Event::GrabEnded { .. })));
    assert!(!t.has("a", ConditionKind::Grabbed));
    assert_eq!(
        t.fail(json!({"type": "escape", "actor": "a", "skill": "might"})),
        "AND-10"
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(grab("b", "a"), &[4, 3]);
    // An Accomplishment Point removes Grabbed at once, off turn; the hold ends with it.
    t.ok(
        json!({"type": "accomplishment_remove", "actor": "a", "condition": "grabbed"}),
        &[],
    );
    assert!(t.state.holds.is_empty());
}

#[test]
fn and_45_and_46_damage_fills_boxes_temporary_first() {
    // AND-45: one box per point. AND-46: main = rank × 5; temporary 2 × rank, or 3 × rank for
    // Vanguard and Colossus, filled first.
    let t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            with(
                fighter("v", "heroes", [0, 1]),
                json!({"rank": 3, "archetype": {"name": "Vanguard", "strong": "fortitude",
                    "medium": "control", "weak": "will"}}),
            ),
            with(
                fighter("k", "enemies", [1, 0]),
                json!({"archetype": {"name": "Колосс", "strong": "fortitude",
                    "medium": "control", "weak": "will"}}),
            ),
        ],
        json!({}),
    ));
    let temp: Vec<u32> = t.state.fighters.iter().map(|f| f.temp_max).collect();
    assert_eq!(temp, [4, 9, 6]);
    assert_eq!(t.state.main_max(1), 15);
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    // 8+8+3 = 19 Critical −1 → Success: 3 damage.
    let ev = t.ok(use_("a", "hit", &["b"]), &[8, 8]);
    assert!(ev.contains(&Event::Damaged {
        id: "b".into(),
        amount: 3,
        temp_before: 0,
        temp_stress: 3,
        temp_max: 4,
        main_before: 0,
        main_stress: 0,
        main_max: 10
    }));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "hit", &["b"]), &[8, 8]);
    assert!(ev.contains(&Event::Damaged {
        id: "b".into(),
        amount: 3,
        temp_before: 3,
        temp_stress: 4,
        temp_max: 4,
        main_before: 0,
        main_stress: 2,
        main_max: 10
    }));
}

#[test]
fn and_47_main_stress_restored_at_scene_start_and_by_a_point() {
    // AND-47: the scene starts with empty main boxes up to the exhausted max; within it an
    // Accomplishment Point restores main stress.
    let mut t = T::with_dice(
        setup_of(
            vec![
                with(
                    fighter("a", "heroes", [0, 0]),
                    json!({"exhaustion": 3, "accomplishment_points": 1}),
                ),
                plus_ability(
                    fighter("b", "enemies", [1, 0]),
                    json!({"id": "maul", "skill": "melee", "defense": "fortitude", "damage": "6/6/6/6"}),
                ),
            ],
            json!({"opening": {"type": "ambush"}}),
        ),
        &[],
    );
    let a = &t.state.fighters[0];
    assert_eq!((a.main_stress, t.state.main_max(0)), (0, 7));
    assert_eq!(
        t.fail(json!({"type": "accomplishment_restore", "actor": "a"})),
        "AND-47"
    );
    t.ok(start("b"), &[]);
    t.ok(use_("b", "maul", &["a"]), &[4, 4]); // 4 temporary + 2 main
    assert_eq!(t.state.fighters[0].main_stress, 2);
    let ev = t.ok(json!({"type": "accomplishment_restore", "actor": "a"}), &[]);
    assert!(ev.contains(&Event::StressRestored {
        id: "a".into(),
        before: 2,
        main_stress: 0,
        main_max: 7
    }));
    assert_eq!(t.state.fighters[0].temp_stress, 4); // temporary boxes are not restored
}

#[test]
fn and_48_hero_falls_unconscious_enemy_dies_and_the_fight_ends() {
    // AND-48: all stress full → a hero is unconscious, an enemy dies for good.
    let slay =
        json!({"id": "slay", "skill": "melee", "defense": "fortitude", "damage": "14/14/14/14"});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), slay.clone()),
            fighter("a2", "heroes", [0, 1]),
            plus_ability(fighter("b", "enemies", [1, 0]), slay.clone()),
            fighter("c", "enemies", [1, 1]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    let ev = t.ok(use_("b", "slay", &["a"]), &[4, 4]);
    assert!(ev.contains(&Event::Defeated {
        id: "a".into(),
        status: Status::Unconscious
    }));
    t.ok(end("b"), &[]);
    assert_eq!(t.fail(start("a")), "AND-09");
    t.ok(start("a2"), &[]);
    t.ok(end("a2"), &[]);
    t.ok(start("c"), &[]);
    t.ok(end("c"), &[]);
    assert!(!t.state.is_over()); // a2 still stands
                                 // An enemy whose boxes all fill dies, and the last enemy down ends the fight.
    let mut u = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), slay),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    u.ok(start("a"), &[]);
    let ev = u.ok(use_("a", "slay", &["b"]), &[4, 4]);
    assert!(ev.contains(&Event::Defeated {
        id: "b".into(),
        status: Status::Dead
    }));
    assert_eq!(
        u.state.phase,
        Phase::Over {
            winner: Some(Side::Heroes)
        }
    );
    assert!(ev.contains(&Event::CombatEnded {
        winner: Some(Side::Heroes),
        rounds: 1
    }));
    assert_eq!(u.fail(end("a")), "AND-07");
    assert_eq!(u.fail(start("a")), "AND-48");
}
