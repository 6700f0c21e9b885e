//! The demo fight, replay files and simulation.

use fray_dice::{simulate, AutoPlay, Catalog, ReplayError, Session};
use fray_red::{Event, FireMode, Red};

fn demo() -> Session<Red> {
    let mut s = Session::<Red>::start(Red::demo_setup(), Red::DEMO_SEED, 0).unwrap();
    while let Some(c) = Red::next_command(s.state()) {
        s.apply(c).unwrap();
    }
    s
}

#[test]
fn demo_seed_7_is_pinned() {
    assert_eq!(Red::DEMO_SEED, 7);
    let s = demo();
    let events: Vec<&Event> = s.events().collect();
    // The readable log, in both languages, is pinned by `tests/text.rs`.
    insta::assert_json_snapshot!("demo_seed_7_events", events);
}

#[test]
fn demo_shows_autofire_kevlar_delay_and_a_critical_injury() {
    let s = demo();
    let ev: Vec<&Event> = s.events().collect();
    assert!(ev.iter().any(|e| matches!(e,
        Event::Attack { who, mode: FireMode::Autofire, hit: true, multiplier, .. }
            if who == "Solo" && *multiplier > 1)));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damage { who, sp: 7, .. } if who == "Razor")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DelayDeclared { who, .. } if who == "Dice")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DelayTriggered { who } if who == "Dice")));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Attack { delayed: true, .. })));
    assert!(ev.iter().any(|e| matches!(e, Event::CriticalInjury { .. })));
    let f = s.state().finished.as_ref().expect("the demo ends");
    assert!(f.winner.is_some());
    assert!(s.state().critical_injuries >= 1);
}

#[test]
fn demo_replay_verifies_and_an_edited_replay_names_the_first_difference() {
    let s = demo();
    let replay = s.replay();
    let report = replay.verify::<Red>().unwrap();
    assert_eq!(report.accepted, s.log().len());
    assert_eq!(report.rejected, 0);
    // Turn the first autofire burst into a single shot.
    let index = replay
        .commands
        .iter()
        .position(|c| c.command["mode"] == "autofire")
        .unwrap();
    let mut edited = replay.clone();
    edited.commands[index].command["mode"] = serde_json::json!("single");
    match edited.verify::<Red>() {
        Err(ReplayError::Mismatch(m)) => assert_eq!(m.command, Some(index)),
        other => panic!("expected a mismatch, got {other:?}"),
    }
    // The JSON round trip verifies too.
    let text = replay.to_json();
    let back = fray_dice::Replay::from_json(&text).unwrap();
    assert!(back.verify::<Red>().is_ok());
}

#[test]
fn simulation_is_deterministic_and_thread_count_independent() {
    let setup = Red::demo_setup();
    let one = simulate::<Red>(&setup, 400, 1, 1, None).unwrap();
    let two = simulate::<Red>(&setup, 400, 1, 2, None).unwrap();
    let again = simulate::<Red>(&setup, 400, 1, 2, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(two, again);
    assert_eq!(one.trials, 400);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        400
    );
    assert!(
        one.metric_total > 0,
        "critical injuries happen over 400 fights"
    );
}

#[test]
fn catalog_entry_round_trips_json() {
    let entry = fray_dice::Entry::of::<Red>();
    assert_eq!(entry.id, "red");
    assert_eq!(entry.sides, ["side_a", "side_b"]);
    assert_eq!(entry.metric, "critical injuries");
    let tables =
        (entry.odds)(r#"{"weapon":"heavy_pistol","distance":5,"armor":"kevlar"}"#).unwrap();
    assert!(!tables.is_empty());
    let mut enc = (entry.start)(&(entry.demo_setup)(), 7, 0).unwrap();
    while let Some(c) = enc.suggest_json() {
        enc.apply_json(&c).unwrap();
    }
    let verified = (entry.verify)(&enc.replay_json()).unwrap();
    assert_eq!(verified.ruleset, "red");
}

#[test]
fn illegal_commands_name_their_rule_and_change_nothing_in_a_session() {
    use serde_json::json;
    let character = |name: &str, side: u8, position: i32, loaded: u32| {
        json!({"name": name, "side": side, "position": position, "prone": true,
               "stats": {"ref": 7, "dex": 6, "body": 6, "will": 6, "move": 5},
               "skills": {"handgun": 5},
               "weapons": [{"name": "pistol", "profile": "heavy_pistol", "holding": "in_hand", "loaded": loaded}]})
    };
    let setup: fray_red::Setup = serde_json::from_value(json!({"characters": [
        character("A", 0, 0, 8), character("B", 1, 10, 0)
    ]}))
    .unwrap();
    let mut s = Session::<Red>::start(setup, 1, 0).unwrap();
    let first = s.state().actor();
    assert_eq!(first, 0, "seed 1 gives A the first turn");
    let other = 1 - first;
    let refused = |s: &mut Session<Red>, c: serde_json::Value| {
        let before = serde_json::to_string(s.state()).unwrap();
        let (pos, log) = (s.dice_position(), s.log().len());
        let e = s.apply(serde_json::from_value(c).unwrap()).unwrap_err();
        assert_eq!(before, serde_json::to_string(s.state()).unwrap());
        assert_eq!((pos, log), (s.dice_position(), s.log().len()));
        e.rule
    };
    // Acting out of initiative order.
    assert_eq!(
        refused(&mut s, json!({"type": "end_turn", "actor": other})),
        "RED-03"
    );
    // Moving while prone.
    assert_eq!(
        refused(&mut s, json!({"type": "move", "actor": first, "to": 3})),
        "RED-13"
    );
    let shot = json!({"type": "attack", "actor": 0, "target": 1, "weapon": 0});
    s.apply(serde_json::from_value(shot.clone()).unwrap())
        .unwrap();
    s.apply(serde_json::from_value(shot.clone()).unwrap())
        .unwrap();
    // A third attack.
    assert_eq!(refused(&mut s, shot), "RED-07");
    s.apply(serde_json::from_value(json!({"type": "end_turn", "actor": 0})).unwrap())
        .unwrap();
    // Firing an empty weapon.
    let b = s.state().actor();
    assert_eq!(b, 1);
    assert_eq!(
        refused(
            &mut s,
            json!({"type": "attack", "actor": 1, "target": 0, "weapon": 0})
        ),
        "RED-36"
    );
}

/// A state read back from its JSON carries none of the data the engine derives at start (the
/// fighters' kits and sheets): the tactic and the engine derive it again, and the fight goes
/// on exactly as the original does.
#[test]
fn a_state_read_back_from_json_plays_on_the_same() {
    use fray_dice::{EventLog, Rng, Ruleset};
    let setup = Red::demo_setup();
    for seed in 0..16 {
        let mut dice = Rng::new(seed, 0);
        let mut quiet = EventLog::quiet();
        let mut live = Red::start(&setup, &mut dice, &mut quiet).unwrap();
        for _ in 0..seed % 7 {
            let c = Red::next_command(&live).unwrap();
            Red::apply(&mut live, &c, &mut dice, &mut quiet).unwrap();
        }
        let json = serde_json::to_string(&live).unwrap();
        let mut back: fray_red::State = serde_json::from_str(&json).unwrap();
        let mut back_dice = dice.clone();
        while let Some(c) = Red::next_command(&live) {
            assert_eq!(Red::next_command(&back).as_ref(), Some(&c), "seed {seed}");
            Red::apply(&mut live, &c, &mut dice, &mut quiet).unwrap();
            Red::apply(&mut back, &c, &mut back_dice, &mut quiet).unwrap();
        }
        assert_eq!(Red::next_command(&back), None);
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&live).unwrap()
        );
    }
}
