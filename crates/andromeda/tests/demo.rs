//! The demo fight, replays, simulation and the catalog surface.

use fray_andromeda::{describe, Andromeda, Event, OddsSpec, Purpose};
use fray_dice::{simulate, AutoPlay, Catalog, Entry, ReplayError, Session};

fn play(seed: u64) -> Session<Andromeda> {
    let mut session = Session::<Andromeda>::start(Andromeda::demo_setup(), seed, 0).unwrap();
    while let Some(command) = Andromeda::next_command(session.state()) {
        session.apply(command).unwrap();
    }
    session
}

#[test]
fn demo_seed_7_shows_grab_hidden_and_heat_ability() {
    assert_eq!(Andromeda::DEMO_SEED, 7);
    let s = play(Andromeda::DEMO_SEED);
    let events: Vec<&Event> = s.events().collect();
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::GrabStarted { grabber, .. } if &**grabber == "warden")));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::ConditionApplied { id, condition: fray_andromeda::ConditionKind::Hidden, .. } if &**id == "mira"
    )));
    assert!(events.iter().any(
        |e| matches!(e, Event::HeatSpent { id, amount, .. } if &**id == "vera" && *amount > 0)
    ));
    // The boss takes two turns in a round.
    let boss_turns_round_1 = events
        .iter()
        .take_while(|e| !matches!(e, Event::RoundEnded { .. }))
        .filter(|e| matches!(e, Event::TurnStarted { actor, .. } if &**actor == "warden"))
        .count();
    assert_eq!(boss_turns_round_1, 2);
    assert!(matches!(events.last(), Some(Event::CombatEnded { .. })));
    assert!(s.state().is_over());
}

#[test]
fn demo_seed_7_events_snapshot() {
    let s = play(7);
    let events: Vec<&Event> = s.events().collect();
    insta::assert_json_snapshot!("demo_seed_7_events", events);
    let log: Vec<String> = s.events().map(describe).collect();
    insta::assert_snapshot!("demo_seed_7_log", log.join("\n"));
}

#[test]
fn demo_replay_verifies_and_an_edited_replay_names_the_command() {
    let s = play(7);
    let replay = s.replay();
    let report = replay.verify::<Andromeda>().unwrap();
    assert_eq!(report.accepted, s.log().len());
    // Edit the first attack's target ability: the mismatch names that command.
    let mut edited = replay.clone();
    let index = s
        .log()
        .iter()
        .position(|(c, _)| matches!(c, fray_andromeda::Command::UseAbility { .. }))
        .unwrap();
    edited.commands[index].command["ability"] = serde_json::json!("blade");
    match edited.verify::<Andromeda>() {
        Err(ReplayError::Mismatch(m)) => assert_eq!(m.command, Some(index)),
        other => panic!("expected a mismatch, got {other:?}"),
    }
    // JSON round trip of the replay file.
    let text = replay.to_json();
    assert!(fray_dice::verify_json::<Andromeda>(&text).is_ok());
}

#[test]
fn simulation_is_thread_count_independent() {
    let setup = Andromeda::demo_setup();
    let one = simulate::<Andromeda>(&setup, 300, 1, 1, None).unwrap();
    let two = simulate::<Andromeda>(&setup, 300, 1, 2, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.trials, 300);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        300
    );
    assert!(one.metric_total > 0, "heroes gain Heat");
    assert_eq!(Andromeda::METRIC, "heat gained");
    assert_eq!(Andromeda::SIDES, ["heroes", "enemies"]);
}

#[test]
fn catalog_odds_and_entry() {
    let spec: OddsSpec = serde_json::from_value(serde_json::json!({
        "skill_value": 3, "defense": 3, "edge": "advantage", "damage": "1/2/3/5",
        "grab": true, "opponent_value": 2
    }))
    .unwrap();
    let tables = Andromeda::odds(&spec).unwrap();
    assert_eq!(tables.len(), 5);
    assert_eq!(tables[0].rows.len(), 4);
    insta::assert_json_snapshot!("catalog_odds", tables);
    let entry = Entry::of::<Andromeda>();
    assert_eq!(entry.id, "andromeda");
    let mut enc = (entry.start)(&(entry.demo_setup)(), 7, 0).unwrap();
    let suggestion = enc.suggest_json().unwrap();
    assert!(enc.apply_json(&suggestion).is_ok());
    assert!(serde_json::from_str::<OddsSpec>("{\"bogus\": 1}").is_err());
}

#[test]
fn every_event_kind_describes_in_one_line() {
    for e in play(7).events() {
        let line = describe(e);
        assert!(!line.is_empty() && !line.contains('\n'));
    }
    let check = play(7)
        .events()
        .find(|e| {
            matches!(
                e,
                Event::Check {
                    purpose: Purpose::Grab,
                    ..
                }
            )
        })
        .cloned()
        .unwrap();
    assert!(describe(&check).contains("grab"));
}

#[test]
fn json_inputs_refuse_unknown_fields_and_round_trip() {
    use fray_andromeda::{Command, Setup};
    assert!(serde_json::from_str::<Command>(r#"{"type":"start_turn","actor":"a"}"#).is_ok());
    assert!(serde_json::from_str::<Command>(r#"{"type":"start_turn","actor":"a","x":1}"#).is_err());
    let setup = Andromeda::demo_setup();
    let text = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&text).unwrap(), setup);
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["participants"][0]["wings"] = serde_json::json!(2);
    assert!(serde_json::from_value::<Setup>(v).is_err());
}
