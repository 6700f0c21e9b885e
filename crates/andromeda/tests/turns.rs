//! Sides, turn order, resources and the field (AND-01 … AND-14).

mod common;

use common::*;
use fray_andromeda::{ConditionKind, Event, Phase, Side, Status};
use serde_json::json;

fn side_slot(t: &T) -> Option<Side> {
    match t.state.phase {
        Phase::Choosing { side } => Some(side),
        _ => None,
    }
}

#[test]
fn and_01_distances_are_metres_compared_exactly() {
    // AND-01: no grid; straight-line metres. A 2 m reach hits at √2 m but not at √5 m.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 1]),
            fighter("c", "enemies", [2, 1]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    assert_eq!(t.fail(use_("a", "hit", &["c"])), "AND-01");
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [0, 2_000_000_000i64]})),
        "AND-01"
    );
    t.ok(use_("a", "hit", &["b"]), &[4, 4]);
}

#[test]
fn and_02_speed_by_rank() {
    // AND-02: rank 1 → 10 m, 2 → 30 m, 3 → 100 m, 4 → 300 m.
    let parts = (1..=4)
        .map(|r| {
            with(
                fighter(&format!("h{r}"), "heroes", [0, 0]),
                json!({"rank": r}),
            )
        })
        .chain([fighter("e", "enemies", [500, 0])])
        .collect();
    let t = T::new(setup_of(parts, json!({})));
    let speeds: Vec<u32> = (0..4).map(|i| t.state.speed(i)).collect();
    assert_eq!(speeds, [10, 30, 100, 300]);
}

#[test]
fn and_03_move_extra_move_and_step() {
    // AND-03: Move and Extra Move cover up to speed; Step ⌊speed/3⌋ and provokes nothing.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [31, 0]})),
        "AND-03"
    );
    t.ok(json!({"type": "move", "actor": "a", "to": [0, 30]}), &[]);
    t.ok(
        json!({"type": "extra_move", "actor": "a", "to": [18, 54]}),
        &[],
    ); // 30 m exactly
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(
        t.fail(json!({"type": "step", "actor": "b", "to": [12, 0]})),
        "AND-03"
    );
    let ev = t.ok(json!({"type": "step", "actor": "b", "to": [11, 0]}), &[]);
    assert!(matches!(ev[0], Event::Moved { .. }));
}

#[test]
fn and_04_two_sides_only() {
    // AND-04: heroes and enemies; a combat needs both; any NPC is on the enemy side.
    let only = serde_json::from_value::<fray_andromeda::Setup>(json!({
        "participants": [fighter("a", "heroes", [0, 0])]
    }))
    .unwrap();
    let err = fray_andromeda::State::start(
        &only,
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::quiet(),
    )
    .unwrap_err();
    assert_eq!(err.rule, "AND-04");
    assert!(serde_json::from_value::<fray_andromeda::Setup>(json!({
        "participants": [fighter("a", "third_faction", [0, 0])]
    }))
    .is_err());
}

#[test]
fn and_05_opening_default_ambush_contested() {
    // AND-05: heroes by default; enemies when ambushed; contested → the opposed winner's side.
    assert_eq!(side_slot(&T::new(duel())), Some(Side::Heroes));
    let parts = || {
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
        ]
    };
    let ambush = T::new(setup_of(parts(), json!({"opening": {"type": "ambush"}})));
    assert_eq!(side_slot(&ambush), Some(Side::Enemies));
    let contested = json!({"opening": {"type": "contested", "hero": "a", "hero_skill": "agility",
        "enemy": "b", "enemy_skill": "perception"}});
    // The enemy rolls first (initiator): 8+8+2 = 18 vs hero 1+1+2 = 4 → enemies open.
    let e = T::with_dice(setup_of(parts(), contested.clone()), &[8, 8, 1, 1]);
    assert_eq!(side_slot(&e), Some(Side::Enemies));
    // 1+1+2 vs 8+8+2 → heroes open.
    let h = T::with_dice(setup_of(parts(), contested.clone()), &[1, 1, 8, 8]);
    assert_eq!(side_slot(&h), Some(Side::Heroes));
    // A full tie keeps the status quo: heroes open.
    let tie = T::with_dice(setup_of(parts(), contested), &[4, 4, 4, 4]);
    assert_eq!(side_slot(&tie), Some(Side::Heroes));
}

#[test]
fn and_06_opening_side_opens_every_round() {
    // AND-06: after an ambush the enemies open round 2 as well.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    assert_eq!(side_slot(&t), Some(Side::Heroes));
    t.ok(start("a"), &[]);
    let ev = t.ok(end("a"), &[]);
    assert!(ev.contains(&Event::RoundStarted { round: 2 }));
    assert_eq!(side_slot(&t), Some(Side::Enemies));
}

#[test]
fn and_07_alternation_side_choice_and_trailing_turns() {
    // AND-07: one at a time, the side picks; the larger side's rest act at the round's end.
    let mut t = T::new(setup_of(
        vec![
            fighter("h", "heroes", [0, 0]),
            fighter("e1", "enemies", [1, 0]),
            fighter("e2", "enemies", [1, 1]),
            fighter("e3", "enemies", [0, 1]),
        ],
        json!({}),
    ));
    let mut slots = Vec::new();
    // The enemy side chooses its order freely: e3 first.
    for id in ["h", "e3", "e1", "e2"] {
        slots.push(side_slot(&t).unwrap());
        t.ok(start(id), &[]);
        t.ok(end(id), &[]);
    }
    assert_eq!(
        slots,
        [Side::Heroes, Side::Enemies, Side::Enemies, Side::Enemies]
    );
    assert_eq!(t.state.round, 2);
    // Actions out of one's own turn are refused.
    t.ok(start("h"), &[]);
    assert_eq!(t.fail(use_("e1", "hit", &["h"])), "AND-07");
    assert_eq!(t.fail(end("e1")), "AND-07");
    assert_eq!(t.fail(start("e1")), "AND-07"); // h's turn is still running
}

#[test]
fn and_08_boss_takes_several_turns_as_ordinary_enemy_turns() {
    // AND-08: a boss with 2 turns is picked again when the enemy slot comes.
    let mut t = T::new(setup_of(
        vec![
            fighter("h1", "heroes", [0, 0]),
            fighter("h2", "heroes", [0, 1]),
            with(fighter("boss", "enemies", [1, 0]), json!({"turns": 2})),
        ],
        json!({}),
    ));
    for id in ["h1", "boss", "h2", "boss"] {
        t.ok(start(id), &[]);
        t.ok(end(id), &[]);
    }
    assert_eq!(t.state.round, 2);
    // With the heroes out of turns the boss takes its turns back to back.
    let mut t = T::new(setup_of(
        vec![
            fighter("h1", "heroes", [0, 0]),
            with(fighter("boss", "enemies", [1, 0]), json!({"turns": 2})),
        ],
        json!({}),
    ));
    for id in ["h1", "boss"] {
        t.ok(start(id), &[]);
        t.ok(end(id), &[]);
    }
    assert_eq!(side_slot(&t), Some(Side::Enemies));
    let ev = t.ok(start("boss"), &[]);
    assert!(ev.contains(&Event::TurnStarted {
        actor: "boss".into(),
        turns_left: 0
    }));
}

#[test]
fn and_09_wrong_side_spent_or_defeated_actor_is_an_error() {
    // AND-09: picking the wrong side, an actor with no turns left, or a defeated actor.
    let mut t = T::new(setup_of(
        vec![
            fighter("h1", "heroes", [0, 0]),
            fighter("h2", "heroes", [0, 1]),
            fighter("h3", "heroes", [0, 2]),
            fighter("e1", "enemies", [1, 0]),
            fighter("e2", "enemies", [1, 1]),
        ],
        json!({}),
    ));
    assert_eq!(t.fail(start("e1")), "AND-09");
    t.ok(start("h1"), &[]);
    t.ok(end("h1"), &[]);
    t.ok(start("e1"), &[]);
    t.ok(end("e1"), &[]);
    assert_eq!(t.fail(start("h1")), "AND-09"); // no turns left
    t.ok(start("h2"), &[]);
    t.ok(end("h2"), &[]);
    assert_eq!(t.fail(start("e1")), "AND-09"); // no turns left
    let e2 = t.i("e2");
    t.state.fighters[e2].status = Status::Dead;
    assert_eq!(t.fail(start("e2")), "AND-09"); // defeated
    assert_eq!(t.fail(start("nobody")), "AND-09");
}

#[test]
fn and_10_one_action_maneuver_reaction_per_turn_refreshed_on_own_turn() {
    // AND-10: spending a spent resource is an error; all refresh at the start of own turn.
    let mut t = T::new(duel());
    t.ok(start("a"), &[]);
    t.ok(use_("a", "hit", &["b"]), &[1, 1]);
    assert_eq!(t.fail(use_("a", "hit", &["b"])), "AND-10");
    assert_eq!(t.fail(json!({"type": "hide", "actor": "a"})), "AND-10");
    t.ok(json!({"type": "move", "actor": "a", "to": [0, 1]}), &[]);
    assert_eq!(
        t.fail(json!({"type": "move", "actor": "a", "to": [0, 2]})),
        "AND-10"
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    let a = t.i("a");
    let f = &t.state.fighters[a];
    assert!(f.action && f.maneuver && f.reaction);
}

#[test]
fn and_11_ready_fires_on_trigger_with_the_reaction_and_lapses() {
    // AND-11: Ready (action) names a trigger; until the start of the next turn the
    // reaction performs the readied action when it happens.
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [10, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    t.ok(
        json!({"type": "ready", "actor": "a", "ability": "hit", "trigger": "enemy_moves_into_range"}),
        &[],
    );
    assert_eq!(t.fail(use_("a", "hit", &["b"])), "AND-10"); // Ready took the action
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    // The move stops for a's decision (a pending choice); a fires.
    assert!(t
        .ok(json!({"type": "move", "actor": "b", "to": [1, 0]}), &[])
        .iter()
        .any(|e| matches!(e, Event::Moved { .. })));
    let ev = t.ok(
        json!({"type": "readied", "actor": "a", "fire": true}),
        &[5, 5],
    );
    assert!(ev.contains(&Event::ReadyTriggered {
        id: "a".into(),
        target: "b".into()
    }));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Check { readied: true, actor, .. } if &**actor == "a")));
    assert!(!t.state.fighters[t.i("a")].reaction);
    assert!(t.state.fighters[t.i("a")].ready.is_none());
    // Moving about inside the range is not moving into it.
    let mut inside = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    inside.ok(start("a"), &[]);
    inside.ok(
        json!({"type": "ready", "actor": "a", "ability": "hit", "trigger": "enemy_moves_into_range"}),
        &[],
    );
    inside.ok(end("a"), &[]);
    inside.ok(start("b"), &[]);
    let ev = inside.ok(json!({"type": "step", "actor": "b", "to": [0, 1]}), &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::ReadyTriggered { .. })));
    // Declared again, an unused Ready lapses at the start of the next turn.
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(
        json!({"type": "ready", "actor": "a", "ability": "hit", "trigger": "enemy_attacks"}),
        &[],
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    let ev = t.ok(start("a"), &[]);
    assert!(ev.contains(&Event::ReadyLapsed { id: "a".into() }));
}

#[test]
fn and_12_maneuvers_reload_help_save_shake_off() {
    // AND-12: Reload (Reload X), Help Ally, Saving Throw, Shake Off — each only as allowed.
    let gun = json!({"abilities": [
        {"id": "gun", "skill": "shooting", "defense": "control", "damage": "1/2/3/4",
         "ranged": true, "range": 30, "artifact": "pistol"},
        {"id": "net", "skill": "shooting", "defense": "control", "ranged": true, "range": 30, "conditions": [
            {"condition": "immobilized", "duration": "until_removed", "help": true, "shake_off": true},
            {"condition": "weakened", "duration": "until_removed",
             "save": {"skill": "will", "difficulty": 2}}]}
    ], "artifacts": [{"id": "pistol", "reload": 1}]});
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), gun.clone()),
            fighter("ally", "heroes", [0, 1]),
            with(fighter("b", "enemies", [20, 0]), gun),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    assert_eq!(
        t.fail(json!({"type": "reload", "actor": "a", "artifact": "pistol"})),
        "AND-12"
    );
    t.ok(use_("a", "gun", &["b"]), &[4, 4]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(use_("b", "net", &["a"]), &[8, 8]); // Critical: both conditions land
    t.ok(end("b"), &[]);
    t.ok(start("ally"), &[]);
    assert_eq!(
        t.fail(json!({"type": "help_ally", "actor": "ally", "ally": "a", "condition": "weakened"})),
        "AND-12"
    );
    t.ok(
        json!({"type": "help_ally", "actor": "ally", "ally": "a", "condition": "immobilized"}),
        &[],
    );
    assert!(!t.has("a", ConditionKind::Immobilized));
    t.ok(end("ally"), &[]);
    t.ok(start("a"), &[]);
    assert_eq!(t.fail(use_("a", "gun", &["b"])), "AND-12"); // empty
    assert_eq!(
        t.fail(json!({"type": "shake_off", "actor": "a", "condition": "weakened"})),
        "AND-12"
    );
    // Saving throw: will 2 rank 2 vs 2 with disadvantage (Weakened): [8, 8, 1] keeps 8+1 → 11 Cost → stays.
    t.ok(
        json!({"type": "saving_throw", "actor": "a", "condition": "weakened"}),
        &[8, 8, 1],
    );
    assert!(t.has("a", ConditionKind::Weakened));
    assert_eq!(
        t.fail(json!({"type": "reload", "actor": "a", "artifact": "pistol"})),
        "AND-10"
    );
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("ally"), &[]);
    t.ok(end("ally"), &[]);
    t.ok(start("a"), &[]);
    let ev = t.ok(
        json!({"type": "reload", "actor": "a", "artifact": "pistol"}),
        &[],
    );
    assert!(ev.contains(&Event::Reloaded {
        id: "a".into(),
        artifact: "pistol".into(),
        charges: 1,
        max: 1
    }));
    // Shake Off removes what allows it: a fresh net, then shake off the immobilisation.
}

#[test]
fn and_12_saving_throw_success_and_shake_off_remove() {
    // AND-12: a successful Saving Throw and a Shake Off remove the condition.
    let gun = json!({"abilities": [
        {"id": "net", "skill": "shooting", "defense": "control", "ranged": true, "range": 30, "conditions": [
            {"condition": "immobilized", "duration": "until_removed", "shake_off": true},
            {"condition": "weakened", "duration": "until_removed",
             "save": {"skill": "will", "difficulty": 2}}]}
    ]});
    let mut t = T::new(setup_of(
        vec![
            fighter("a", "heroes", [0, 0]),
            with(fighter("b", "enemies", [20, 0]), gun),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(use_("b", "net", &["a"]), &[8, 8]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    // will 2: [8, 8, 4] keeps the worst two 8+4 → 14 Success → removed.
    t.ok(
        json!({"type": "saving_throw", "actor": "a", "condition": "weakened"}),
        &[8, 8, 4],
    );
    assert!(!t.has("a", ConditionKind::Weakened));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(
        json!({"type": "shake_off", "actor": "a", "condition": "immobilized"}),
        &[],
    );
    assert!(!t.has("a", ConditionKind::Immobilized));
}

#[test]
fn and_13_reactions_only_for_abilities_that_say_so_and_ready() {
    // AND-13: no built-in reactions; a reaction ability is used off turn with the reaction.
    let parry = json!({"abilities": [
        {"id": "hit", "skill": "melee", "defense": "fortitude", "damage": "1/2/3/5"},
        {"id": "counter", "kind": "reaction", "skill": "melee", "defense": "fortitude", "damage": "1/1/2/3"}
    ]});
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), parry.clone()),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    // AND-10/13: before its first turn a has its reaction (the default)…
    let mut early = t.state.clone();
    let mut d = fray_dice::Scripted::new([4, 4]);
    early
        .apply(
            &cmd(use_("a", "counter", &["b"])),
            &mut d,
            &mut fray_dice::EventLog::quiet(),
        )
        .expect("the reaction is at hand before the first turn");
    assert!(!early.fighters[0].reaction);
    // …and, with settings.reaction_before_first_turn false, not yet.
    let mut late = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), parry.clone()),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"settings": {"reaction_before_first_turn": false}}),
    ));
    assert_eq!(late.fail(use_("a", "counter", &["b"])), "AND-10");
    t.ok(start("a"), &[]);
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    assert_eq!(t.fail(use_("a", "hit", &["b"])), "AND-07"); // an action, off turn
    t.ok(use_("a", "counter", &["b"]), &[4, 4]);
    assert_eq!(t.fail(use_("a", "counter", &["b"])), "AND-10");
}

#[test]
fn and_14_provoked_attacks_are_free_and_only_when_provoked() {
    // AND-14: a ranged attack in melee provokes; a ranged character leaving melee reach by
    // Move provokes, by Step not. Provoked attacks spend no reaction.
    let mut t = T::new(setup_of(
        vec![
            with(fighter("a", "heroes", [0, 0]), json!({"style": "ranged"})),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({"opening": {"type": "ambush"}}),
    ));
    t.ok(start("b"), &[]);
    t.ok(end("b"), &[]);
    let b = t.i("b");
    let reaction_before = t.state.fighters[b].reaction;
    t.ok(start("a"), &[]);
    // The shot stops for b's decision (a pending choice); b takes its provoked attack.
    assert!(t.ok(use_("a", "shot", &["b"]), &[]).is_empty());
    let provoked = json!({"type": "provoked_attack", "actor": "b", "ability": "hit"});
    let ev = t.ok(provoked.clone(), &[1, 1, 4, 4]);
    assert!(matches!(&ev[0], Event::Provoked { by, .. } if &**by == "b"));
    assert!(matches!(&ev[1], Event::Check { provoked: true, actor, .. } if &**actor == "b"));
    assert_eq!(t.state.fighters[b].reaction, reaction_before);
    // Step away: nothing provoked.
    let ev = t.ok(json!({"type": "step", "actor": "a", "to": [-9, 0]}), &[]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Provoked { .. })));
    t.ok(end("a"), &[]);
    t.ok(start("b"), &[]);
    t.ok(json!({"type": "move", "actor": "b", "to": [-8, 0]}), &[]);
    t.ok(end("b"), &[]);
    t.ok(start("a"), &[]);
    t.ok(json!({"type": "move", "actor": "a", "to": [-30, 0]}), &[]);
    let ev = t.ok(provoked, &[2, 2]);
    assert!(matches!(&ev[0], Event::Provoked { why, .. } if why == "left melee reach"));
    // A melee attack in melee provokes nothing.
    let mut m = T::new(duel());
    m.ok(start("a"), &[]);
    let ev = m.ok(use_("a", "hit", &["b"]), &[4, 4]);
    assert!(!ev.iter().any(|e| matches!(e, Event::Provoked { .. })));
}
