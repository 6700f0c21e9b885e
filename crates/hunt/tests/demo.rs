//! The demo fight, replays and simulation.

use fray_dice::{simulate, AutoPlay, Catalog, Replay, ReplayError, Session};
use fray_hunt::*;

fn play(seed: u64) -> Session<Hunt> {
    let mut s = Session::<Hunt>::start(Hunt::demo_setup(), seed, 0).unwrap();
    while let Some(c) = Hunt::next_command(s.state()) {
        s.apply(c).unwrap();
    }
    s
}

#[test]
fn demo_shows_ambush_flight_to_far_hide_and_search() {
    // The demo setup on seed 70 (seed 7, the demo's, is pinned by the snapshots below and
    // ends in the first turns at Near): ambush, flight to Far, hiding, a search that finds,
    // a counterattack and a lure into the trap.
    assert_eq!(Hunt::DEMO_SEED, 7);
    let s = play(70);
    let ev: Vec<&Event> = s.events().collect();
    assert!(ev.iter().any(|e| matches!(e, Event::Trap { .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Ambushed { test, .. } if test.passed)));
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DistanceChanged {
            from: Distance::Medium,
            to: Distance::Far
        }
    )));
    assert!(ev.iter().any(|e| matches!(e, Event::Hid { .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Test { purpose, .. } if purpose == "search")));
    assert!(ev.iter().any(|e| matches!(e, Event::Found { .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::CounterattackWindow { .. })));
    assert!(s.state().ending.is_some());
}

#[test]
fn demo_fight_for_seed_7() {
    let s = play(7);
    let events: Vec<&Event> = s.events().collect();
    // The log's lines are pinned in tests/text.rs.
    insta::assert_json_snapshot!("demo_seed_7_events", events);
}

#[test]
fn demo_replay_verifies_and_an_edited_one_names_the_first_difference() {
    let s = play(7);
    let replay = s.replay();
    let report = replay.verify::<Hunt>().unwrap();
    assert_eq!(report.accepted, s.log().len());
    let text = replay.to_json();
    let mut edited = Replay::from_json(&text).unwrap();
    let index = edited
        .commands
        .iter()
        .position(|c| c.command["type"] == "declare" && c.command["fighter"] == "Hunter")
        .unwrap();
    edited.commands[index].command["defense"] = serde_json::json!(0);
    match edited.verify::<Hunt>() {
        Err(ReplayError::Mismatch(m)) => assert!(m.command.unwrap() > index),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn simulation_does_not_depend_on_threads() {
    let setup = Hunt::demo_setup();
    let one = simulate::<Hunt>(&setup, 200, 1, 1, None).unwrap();
    let two = simulate::<Hunt>(&setup, 200, 1, 2, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.trials, 200);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        200
    );
}

#[test]
fn every_event_has_a_readable_line() {
    for seed in 0..20 {
        let s = play(seed);
        for e in s.events() {
            let line = Hunt::describe(e);
            assert!(!line.is_empty() && !line.contains("{"), "{line}");
        }
        assert!(s.state().round <= s.state().max_rounds);
    }
}

#[test]
fn the_json_entry_works_like_the_command_line_uses_it() {
    let entry = fray_dice::Entry::of::<Hunt>();
    assert_eq!(
        (entry.id, entry.sides, entry.metric),
        ("hunt", &["hunter", "prey"][..], "wounds")
    );
    let tables = (entry.odds)(
        r#"{"distance":"far","hunter_tactic":"aimed_fire","hunter_attack":3,"prey_hidden":true}"#,
    )
    .unwrap();
    assert_eq!(tables[0].title, "hunter strikes prey");
    assert!((entry.odds)(r#"{"hunter_attack":"many"}"#).is_err());
    let mut enc = (entry.start)(&(entry.demo_setup)(), 7, 0).unwrap();
    let events = enc
        .apply_json(r#"{"type":"declare","fighter":"Prey","weapon":"knife","defense":2,"attack":3,"damage":3}"#)
        .unwrap();
    assert_eq!(
        events,
        r#"[{"type":"declared","fighter":"Prey","replaced":false}]"#
    );
    assert!(enc.apply_json(r#"{"type":"resolve"}"#).is_err());
    let line = (entry.describe)(r#"{"type":"escaped","fighter":"Prey"}"#).unwrap();
    assert_eq!(
        line,
        "Prey escapes: a successful Flee at Far distance (HUNT-14)"
    );
    let sim = (entry.simulate)(&(entry.demo_setup)(), 50, 1, 2, None).unwrap();
    assert_eq!(sim.trials, 50);
}
