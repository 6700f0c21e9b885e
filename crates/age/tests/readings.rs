//! Issue 23 readings of the source, pinned with scripted dice: Aim lasting past the end of a
//! turn (AGE-11) and Skirmish moving either party either way (AGE-21).

mod common;

use common::*;
use fray_age::{options, AttackAction, Command, Event, MoveKind};
use serde_json::json;

fn attack_totals(events: &[Event]) -> Vec<(AttackAction, i32, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Attack {
                action, roll, hit, ..
            } => Some((*action, roll.total, *hit)),
            _ => None,
        })
        .collect()
}

fn moves(events: &[Event]) -> Vec<(&str, i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Moved {
                name,
                from,
                to,
                how: MoveKind::Skirmish,
            } => Some((&**name, *from, *to)),
            _ => None,
        })
        .collect()
}

/// AGE-11 «Если следующее действие после этого — ближняя или дистанционная атака: +1»: an
/// Aim taken as the last action of a turn still gives +1 to an attack that opens the next.
#[test]
fn age_11_aim_survives_the_end_of_the_turn() {
    let mut s = duel();
    ok(&mut s, json!({"type": "defend", "actor": "A"}), &[]);
    // Defend + Aim spend A's turn; it ends by itself and B's begins.
    let ev = ok(&mut s, json!({"type": "aim", "actor": "A"}), &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::TurnStarted { name } if &**name == "B")));
    assert!(s.combatants[who(&s, "A")].aimed, "the Aim is kept");
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // Round 2: 1+2+[3] + Fighting 2 + focus 2 + Aim 1 = 11 vs Defense 11: a hit (10 would
    // miss); knife 1d6 [1] + 2.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 2, 3, 1],
    );
    assert_eq!(attack_totals(&ev), [(AttackAction::Melee, 11, true)]);
    assert!(!s.combatants[who(&s, "A")].aimed, "the attack used it up");
}

/// AGE-11: ending the turn is no action, so the Aim waits; any other action loses it.
#[test]
fn age_11_aim_is_lost_to_any_other_next_action() {
    let mut s = duel();
    ok(&mut s, json!({"type": "aim", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    assert!(s.combatants[who(&s, "A")].aimed);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    // A's next action is Stand Firm, not an attack: the Aim is gone.
    ok(&mut s, json!({"type": "stand_firm", "actor": "A"}), &[]);
    assert!(!s.combatants[who(&s, "A")].aimed);
    // 1+2+[3] + 4 = 10 vs 11: a miss without the +1.
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 2, 3],
    );
    assert_eq!(attack_totals(&ev), [(AttackAction::Melee, 10, false)]);
}

/// The duel with B 2 m from A and A's knife hit waiting: 3+3+[5] + 4 = 15, 5 SP.
fn hit_at_two_metres() -> fray_age::State {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(2));
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    s
}

fn skirmish(moves: &str, direction: &str, points: u8) -> serde_json::Value {
    json!({"type": "spend_stunts", "actor": "A",
           "stunts": [{"stunt": "skirmish", "points": points}],
           "skirmish": {"moves": moves, "direction": direction}})
}

/// AGE-21 Skirmish («Стычка»): 2 m per SP for the attacker or the target, toward or away
/// from the other, as the attacker chooses; toward stops 1 m short of the other.
#[test]
fn age_21_skirmish_moves_either_party_either_way() {
    // The knife's damage die is [4] in each case: 4 + 2 − Toughness 1 = 5.
    let cases = [
        ("attacker", "away", 2, ("A", 0, -4)),
        ("target", "away", 2, ("B", 2, 6)),
        ("target", "toward", 2, ("B", 2, 1)),
        ("attacker", "toward", 3, ("A", 0, 1)),
    ];
    for (mover, direction, points, expected) in cases {
        let mut s = hit_at_two_metres();
        let command = skirmish(mover, direction, points);
        let o = options(&s);
        assert!(o.admits(&cmd(command.clone())), "{command} is an option");
        let ev = ok(&mut s, command, &[4]);
        assert_eq!(moves(&ev), [expected], "{mover} {direction}");
    }
    // Without the field the target is pushed away, as before.
    let mut s = hit_at_two_metres();
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "skirmish", "points": 1}]}),
        &[4],
    );
    assert_eq!(moves(&ev), [("B", 2, 4)]);
    // A move that is not a Skirmish's is ignored when no Skirmish is bought.
    let mut s = hit_at_two_metres();
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [],
               "skirmish": {"moves": "attacker", "direction": "away"}}),
        &[4],
    );
    assert!(moves(&ev).is_empty());
    // An unknown mover is refused when the command is read.
    let bad: Result<Command, _> = serde_json::from_value(json!({"type": "spend_stunts",
        "actor": "A", "stunts": [], "skirmish": {"moves": "everyone", "direction": "away"}}));
    assert!(bad.is_err());
}

/// AGE-11 Stand Firm resists a Skirmish that moves the one who stands firm, not one that
/// moves the attacker: no opposed test is rolled then.
#[test]
fn age_11_stand_firm_does_not_hold_the_attacker_in_place() {
    let mut s = duel_with(|v| v["characters"][1]["position"] = json!(2));
    ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
    ok(&mut s, json!({"type": "stand_firm", "actor": "B"}), &[]);
    ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[3, 3, 5],
    );
    // Only the damage die: no Strength (Might) test.
    let ev = ok(&mut s, skirmish("attacker", "away", 1), &[4]);
    assert_eq!(moves(&ev), [("A", 0, -2)]);
    assert!(!ev.iter().any(|e| matches!(e, Event::StandFirm { .. })));
}
