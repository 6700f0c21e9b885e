//! Heat and Accomplishment Points (AND-24 … AND-29).

mod common;

use common::*;
use fray_andromeda::{Event, HeatReason};
use serde_json::json;

#[test]
fn and_24_heat_starts_at_zero_and_burns_at_the_end() {
    // AND-24: 0 at the start, no maximum, unused Heat burns off when combat ends.
    let slay =
        json!({"id": "slay", "skill": "melee", "defense": "fortitude", "damage": "30/30/30/30"});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), slay),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    assert!(t.state.fighters.iter().all(|f| f.heat == 0));
    t.ok(start("a"), &[]);
    let ev = t.ok(use_("a", "slay", &["b"]), &[5, 5]);
    assert!(ev.contains(&Event::HeatBurned {
        id: "a".into(),
        amount: 1
    }));
    assert_eq!(t.heat("a"), 0);
    assert!(matches!(ev.last(), Some(Event::CombatEnded { .. })));
}

#[test]
fn and_25_one_heat_at_the_start_of_each_own_turn() {
    // AND-25: +1 Heat at the start of each of your turns (each boss turn too, when enemies
    // use Heat).
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            with(fighter("b", "enemies", [1, 0]), json!({"turns": 2})),
        ],
        json!({"settings": {"enemy_heat": true}}),
    ));
    let ev = t.ok(start("a"), &[]);
    assert!(ev.contains(&Event::HeatGained {
        id: "a".into(),
        amount: 1,
        reason: HeatReason::TurnStart,
        heat: 1
    }));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(t.heat("b"), 2);
    assert_eq!(t.heat("a"), 1);
    // By default Heat is the heroes' resource: enemies gain none.
    let mut d = T::new(duel());
    d.ok(start("a"), &[]);
    d.ok(end("a"), &[]);
    let ev = d.ok(start("b"), &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::HeatGained { .. })));
    assert_eq!(d.heat("b"), 0);
}

#[test]
fn and_26_failed_check_gives_one_heat_even_against_many_targets() {
    // AND-26: +1 Heat when the final outcome is Fail; at most 1 per check.
    let blast = json!({"id": "blast", "skill": "shooting", "defense": "fortitude", "damage": "0/1/1/2",
        "ranged": true, "range": 30, "max_targets": 2});
    let mut t = T::new(setup_of(
        vec![
            plus_ability(fighter("a", "heroes", [0, 0]), blast),
            fighter("b", "enemies", [10, 0]),
            fighter("c", "enemies", [10, 5]),
        ],
        json!({"settings": {"enemy_heat": true}}),
    ));
    t.ok(start("a"), &[]);
    // 1+1+3 = 5 Fail, −1 → Fail against both targets.
    let ev = t.ok(use_("a", "blast", &["b", "c"]), &[1, 1]);
    let fails = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Check {
                    tier: fray_andromeda::Tier::Fail,
                    ..
                }
            )
        })
        .count();
    assert_eq!(fails, 2);
    assert_eq!(t.heat("a"), 2); // 1 for the turn + 1 for the failed check
                                // A success gives none; the Fail is judged after the shift (Cost shifted down → Fail).
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    let before = t.heat("b");
    t.ok(use_("b", "shot", &["a"]), &[8, 8]); // control 2 vs rank 2: Critical
    assert_eq!(t.heat("b"), before);
    t.ok(json!({"type": "move", "actor": "b", "to": [1, 0]}), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("c"), &[]);
    t.ok(json!({"type": "move", "actor": "c", "to": [1, 1]}), &[]);
    // hit vs Fortitude 3: 4+4+3 = 11 Cost, −1 → Fail → Heat.
    t.ok(use_("c", "hit", &["a"]), &[4, 4]);
    assert_eq!(t.heat("c"), 2);
}

#[test]
fn and_27_signature_moment_gives_heat_once_per_combat() {
    // AND-27: a melee attack missing the Duelist gives it +1 Heat, the first time only.
    let duelist = json!({"archetype": {"name": "Duelist", "strong": "control", "medium": "fortitude",
        "weak": "will", "signature": "missed_by_melee"}});
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), duelist),
            with(fighter("b", "enemies", [1, 0]), json!({"turns": 2})),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    // Duelist Fortitude is medium (2): 1+1+3 = 5 Fail.
    let ev = t.ok(use_("b", "hit", &["a"]), &[1, 1]);
    assert!(ev.contains(&Event::HeatGained {
        id: "a".into(),
        amount: 1,
        reason: HeatReason::Signature,
        heat: 1
    }));
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    let ev = t.ok(use_("b", "hit", &["a"]), &[1, 1]);
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::HeatGained {
            reason: HeatReason::Signature,
            ..
        }
    )));
    // The Shadow's moment: going Hidden.
    let shadow = json!({"archetype": {"name": "Shadow", "strong": "control", "medium": "will",
        "weak": "fortitude", "signature": "enters_hidden"}});
    let mut s = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), shadow),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    s.ok(start("a"), &[]);
    let ev = s.ok(json!({"type": "hide", "actor": "a"}), &[8, 8, 1, 1]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::HeatGained {
            reason: HeatReason::Signature,
            ..
        }
    )));
}

#[test]
fn and_28_current_cost_by_rank_difference_and_spending() {
    // AND-28: cost = base − (character rank − ability rank), never below 0, never raised.
    let nova = |rank: u32| {
        json!({"id": format!("nova{rank}"), "cost": 2, "rank": rank, "kind": "free",
            "skill": "shooting", "defense": "control", "damage": "1/2/3/4", "ranged": true, "range": 30})
    };
    let parts = |char_rank: u32| {
        vec![
            plus_ability(
                plus_ability(
                    with(
                        fighter("a", "heroes", [0, 0]),
                        json!({"rank": char_rank, "accomplishment_points": 1}),
                    ),
                    nova(1),
                ),
                nova(3),
            ),
            fighter("b", "enemies", [10, 0]),
        ]
    };
    let t2 = T::new(setup_of(parts(2), json!({})));
    let ab = |t: &T, id: &str| t.state.ability(0, id).unwrap().clone();
    assert_eq!(t2.state.cost(0, &ab(&t2, "nova1")), 1); // one rank above
    assert_eq!(t2.state.cost(0, &ab(&t2, "nova3")), 2); // below the ability: no change
    let t3 = T::new(setup_of(parts(3), json!({})));
    assert_eq!(t3.state.cost(0, &ab(&t3, "nova1")), 0); // two ranks above: free
    let t4 = T::new(setup_of(parts(4), json!({})));
    assert_eq!(t4.state.cost(0, &ab(&t4, "nova1")), 0); // never below 0
                                                        // Spending more than held is refused; repeats are allowed while Heat lasts.
    let mut t = T::new(setup_of(parts(2), json!({})));
    t.ok(start("a"), &[]); // Heat 1
    assert_eq!(t.fail(use_("a", "nova3", &["b"])), "AND-28");
    t.ok(json!({"type": "accomplishment_heat", "actor": "a"}), &[]); // Heat 3
    let ev = t.ok(use_("a", "nova1", &["b"]), &[5, 5]);
    assert!(ev.contains(&Event::HeatSpent {
        id: "a".into(),
        amount: 1,
        ability: "nova1".into(),
        name: "nova1".into(),
        heat: 2
    }));
    t.ok(use_("a", "nova1", &["b"]), &[5, 5]);
    t.ok(use_("a", "nova1", &["b"]), &[5, 5]);
    assert_eq!(t.heat("a"), 0);
    assert_eq!(t.fail(use_("a", "nova1", &["b"])), "AND-28");
    // Enemies do not use Heat by default: their abilities cost nothing.
    let e = T::new(setup_of(
        vec![
            fighter("h", "heroes", [0, 0]),
            plus_ability(fighter("e", "enemies", [1, 0]), nova(3)),
        ],
        json!({}),
    ));
    let ability = e.state.ability(1, "nova3").unwrap().clone();
    assert_eq!(e.state.cost(1, &ability), 0);
}

#[test]
fn and_29_accomplishment_point_for_two_heat_once_per_scene() {
    // AND-29: 1 Accomplishment Point → +2 Heat, once per combat, no action/maneuver/reaction.
    let mut t = T::new(setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"accomplishment_points": 3}),
            ),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    let ev = t.ok(json!({"type": "accomplishment_heat", "actor": "a"}), &[]);
    assert!(ev.contains(&Event::HeatGained {
        id: "a".into(),
        amount: 2,
        reason: HeatReason::Accomplishment,
        heat: 3
    }));
    let f = &t.state.fighters[0];
    assert!(f.action && f.maneuver && f.reaction);
    assert_eq!(f.accomplishment_points, 2);
    assert_eq!(
        t.fail(json!({"type": "accomplishment_heat", "actor": "a"})),
        "AND-29"
    );
}
