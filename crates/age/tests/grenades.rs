//! Grenades and grenade launchers (AGE-19) with scripted dice.

mod common;

use common::*;
use fray_age::{Capacity, Event};
use serde_json::json;

/// AGE-19: grenades need take up and hit everyone within five metres.
#[test]
fn age_19_grenades_need_take_up_and_hit_everyone_within_five_metres() {
    let mut v = duel_json();
    v["characters"][1]["position"] = json!(10);
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "C", "side": 1, "fortune": 3, "position": 16}
    ));
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "D", "side": 0, "fortune": 3, "position": 7}
    ));
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2, 1, 1, 3, 2, 2, 2]);
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        "AGE-19",
    );
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "grenade"}),
        &[],
    );
    // The GM may raise the TN, never lower it.
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10, "tn": 9}),
        "AGE-19",
    );
    // 2+2+[4] + Acc 2 + Throwing 2 = 12 ≥ 11: bursts at 10; 3d6 [4,4,4] = 12 to B (10 m),
    // D (7 m, a friend) but not C (16 m). B: 12 − 1, Fortune 10, Injured absorbs [1];
    // D: 12 − 0, Fortune 3, Injured [1] and Wounded [1] absorb, taken out.
    // Each target out of Fortune answers the offer to absorb in turn (AGE-15).
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        &[2, 2, 4, 4, 4, 4],
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        &[1],
    );
    refused(
        &mut s,
        json!({"type": "absorb", "actor": "B", "take": true}),
        "AGE-15",
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "D", "take": true}),
        &[1],
    );
    ok(
        &mut s,
        json!({"type": "absorb", "actor": "D", "take": true}),
        &[1],
    );
    assert!(s.absorbing.is_none());
    assert!(s.combatants[3].taken_out);
    let Some(Event::Grenade {
        result,
        damage,
        caught,
        ..
    }) = ev.iter().find(|e| matches!(e, Event::Grenade { .. }))
    else {
        panic!("no grenade event");
    };
    assert_eq!((result.detonation, *damage), (10, Some(12)));
    assert_eq!(names(caught), ["B", "D"]);
    assert_eq!(s.combatants[0].weapons[2].count, 0);
    assert_eq!(s.combatants[0].in_hand, None);
    // A miss deviates 1d6 m.
    let mut v = duel_json();
    v["characters"][1]["position"] = json!(10);
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "grenade"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        &[1, 1, 2, 3, 1, 1, 1],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Grenade { result, caught, .. }
        if result.deviation == 3 && result.detonation == 13 && names(caught) == ["B"])));
}

/// AGE-19: a grenade launcher fires at rifle range without Take Up and jams like a firearm.
#[test]
fn age_19_grenade_launcher_uses_rifle_range_and_capacity() {
    let mut s = duel_with(|v| {
        v["characters"][0]["weapons"][1] =
            json!({"name": "launcher", "kind": "grenade_launcher", "focus": "Rifles"});
        v["characters"][0]["wielding"] = json!("launcher");
        v["characters"][1]["position"] = json!(250);
    });
    refused(
        &mut s,
        json!({"type": "ranged_attack", "actor": "A", "target": "B"}),
        "AGE-19",
    );
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 301}),
        "AGE-17",
    );
    // 250 m: −2. 4+4+[5] + 4 − 2 = 15 ≥ 11; 3d6 [1,1,1] = 3 − Con 1.
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250}),
        &[4, 4, 5, 1, 1, 1],
    );
    assert!(ev.iter().any(
        |e| matches!(e, Event::Grenade { damage: Some(3), caught, .. } if names(caught) == ["B"])
    ));
    assert_eq!(
        s.combatants[0].in_hand,
        Some(1),
        "the launcher stays in hand"
    );
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // TN raised to 15: 1+1+[6] + 2 = 10 misses with a 6 on the Drama Die: deviation, jam.
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250, "tn": 15}),
        &[1, 1, 6, 3, 1, 1, 1],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Jammed,
            ..
        }
    )));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    refused(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 250}),
        "AGE-18",
    );
    ok(&mut s, json!({"type": "reload", "actor": "A"}), &[]);
}
