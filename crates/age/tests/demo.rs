//! The demo boarding action, replays, simulation and the odds tables: snapshots and checks.

use fray_age::{odds_tables, Age, AttackAction, Capacity, Condition, Event, OddsSpec};
use fray_dice::{simulate, AutoPlay, Catalog, Entry, ReplayError, Ruleset, Session};

fn play(seed: u64, stream: u64) -> Session<Age> {
    let mut session = Session::<Age>::start(Age::demo_setup(), seed, stream).unwrap();
    while let Some(command) = Age::next_command(session.state()) {
        session.apply(command).unwrap();
    }
    session
}

#[test]
fn demo_seed_7_shows_stunts_a_jam_and_a_condition_chain() {
    assert_eq!(Age::DEMO_SEED, 7);
    assert_eq!(Age::ID, "age");
    let session = play(Age::DEMO_SEED, 0);
    let events: Vec<&Event> = session.events().collect();
    let spent: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            Event::StuntsSpent { stunts, .. } => Some(stunts.iter().map(|s| &*s.stunt)),
            _ => None,
        })
        .flatten()
        .collect();
    for stunt in [
        "lightning_attack",
        "knock_prone",
        "lethal_blow",
        "duck_and_weave",
    ] {
        assert!(spent.contains(&stunt), "{stunt} not in {spent:?}");
    }
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Attack {
            action: AttackAction::Lightning,
            ..
        }
    )));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Capacity {
            result: Capacity::Jammed,
            ..
        }
    )));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Minor { action, .. } if action == "reload")));
    // Injured → Wounded → Dying for one character, then the Dying clock.
    let chain: Vec<Condition> = events
        .iter()
        .filter_map(|e| match e {
            Event::ConditionGained { name, reached, .. } if &**name == "Pvt. Lindqvist" => {
                Some(*reached)
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        chain,
        [
            Condition::Injured,
            Condition::Wounded,
            Condition::Dying,
            Condition::Unconscious
        ]
    );
    assert!(events.iter().any(|e| matches!(e, Event::DyingTick { .. })));
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Grenade { result, .. } if result.deviation > 0)));
    assert!(session.state().over);
}

#[test]
fn demo_seed_7_snapshot() {
    let session = play(Age::DEMO_SEED, 0);
    let events: Vec<&Event> = session.events().collect();
    insta::assert_json_snapshot!("demo_seed_7_events", events);
}

#[test]
fn demo_replay_verifies_and_an_edited_replay_names_the_first_difference() {
    let session = play(Age::DEMO_SEED, 0);
    let replay = session.replay();
    let report = replay.verify::<Age>().unwrap();
    assert_eq!(report.accepted, session.log().len());
    assert_eq!(report.rejected, 0);
    // Through JSON, too.
    let text = replay.to_json();
    let parsed = fray_dice::Replay::from_json(&text).unwrap();
    assert!(parsed.verify::<Age>().is_ok());
    // Edit the 5th command: an Aim becomes End Turn.
    let mut edited = replay.clone();
    let index = edited
        .commands
        .iter()
        .position(|s| s.command["type"] == "aim")
        .unwrap();
    edited.commands[index].command["type"] = "end_turn".into();
    match edited.verify::<Age>() {
        Err(ReplayError::Mismatch(m)) => assert_eq!(m.command, Some(index)),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn simulation_is_thread_count_independent_and_the_tactic_is_always_legal() {
    let setup = Age::demo_setup();
    let one = simulate::<Age>(&setup, 400, 1, 1, None).unwrap();
    let two = simulate::<Age>(&setup, 400, 1, 2, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.trials, 400);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        400
    );
    assert!(one.metric_total > 0, "stunt points are earned");
    assert_eq!(Age::SIDES, ["party", "opponents"]);
    assert_eq!(Age::METRIC, "stunt points earned");
    // The JSON entry the CLI and bindings use.
    let entry = Entry::of::<Age>();
    let tables = (entry.odds)(r#"{"ability": 2, "focus": true, "tn": 13}"#).unwrap();
    assert_eq!(tables.len(), 2);
    assert!(
        (entry.odds)(r#"{"abilty": 2}"#).is_err(),
        "unknown keys are refused"
    );
    let setup_json = (entry.demo_setup)();
    let mut encounter = (entry.start)(&setup_json, 7, 0).unwrap();
    let first = encounter.suggest_json().unwrap();
    encounter.apply_json(&first).unwrap();
}

#[test]
fn the_round_limit_ends_every_encounter() {
    // Two who never reach each other: a bow-less standoff ends in a draw at the limit.
    let setup: fray_age::Setup = serde_json::from_value(serde_json::json!({
        "characters": [
            {"name": "A", "side": 0, "fortune": 5, "conditions": {"restrained": true}},
            {"name": "B", "side": 1, "fortune": 5, "position": 50, "conditions": {"restrained": true}}
        ],
        "rules": {"max_rounds": 3}
    }))
    .unwrap();
    let mut session = Session::<Age>::start(setup, 1, 0).unwrap();
    let mut n = 0;
    while let Some(command) = Age::next_command(session.state()) {
        session.apply(command).unwrap();
        n += 1;
        assert!(n < 100);
    }
    let outcome = Age::outcome(session.state());
    assert_eq!((outcome.winner, outcome.rounds), (None, 3));
}

#[test]
fn odds_tables_snapshot() {
    let grid = [
        OddsSpec::default(),
        OddsSpec {
            ability: 2,
            focus: true,
            tn: 13,
            opponent: Some(3),
            ..OddsSpec::default()
        },
        OddsSpec {
            ability: 1,
            modifier: -2,
            tn: 15,
            threshold: 15,
            rolls: 12,
            ..OddsSpec::default()
        },
        OddsSpec {
            ability: 4,
            tn: 7,
            opponent: Some(4),
            opponent_focus: true,
            threshold: 0,
            ..OddsSpec::default()
        },
        OddsSpec {
            tn: 25,
            threshold: 5,
            rolls: 3,
            ..OddsSpec::default()
        },
    ];
    let tables: Vec<_> = grid.iter().map(|s| odds_tables(s).unwrap()).collect();
    insta::assert_json_snapshot!("odds_tables", tables);
}

#[test]
fn json_inputs_refuse_unknown_fields() {
    let bad: Result<fray_age::Command, _> =
        serde_json::from_str(r#"{"type": "aim", "actor": "A", "bonus": 1}"#);
    assert!(bad.is_err());
    let good: fray_age::Command = serde_json::from_str(r#"{"type": "aim", "actor": "A"}"#).unwrap();
    assert_eq!(
        serde_json::to_string(&good).unwrap(),
        r#"{"type":"aim","actor":"A"}"#
    );
    let mut setup = serde_json::to_value(Age::demo_setup()).unwrap();
    setup["characters"][0]["hit_points"] = 5.into();
    assert!(serde_json::from_value::<fray_age::Setup>(setup).is_err());
}

#[test]
fn a_recorded_replay_with_a_refused_command_verifies() {
    let setup = Age::demo_setup();
    let mut session = Session::<Age>::start(setup.clone(), 3, 0).unwrap();
    let mut commands = Vec::new();
    for _ in 0..6 {
        let c = Age::next_command(session.state()).unwrap();
        session.apply(c.clone()).unwrap();
        commands.push(c);
    }
    // A second major action, refused under AGE-08, in the middle of the stream.
    let actor = session.state().combatants[session.state().turn.actor]
        .name
        .clone();
    let bad: fray_age::Command = serde_json::from_value(serde_json::json!(
        {"type": "run", "actor": actor, "to": 99999}
    ))
    .unwrap();
    commands.push(bad);
    let replay = fray_dice::Replay::record::<Age>(&setup, 3, 0, &commands).unwrap();
    assert!(replay.commands[6].digest.starts_with("rejected:AGE-"));
    let report = replay.verify::<Age>().unwrap();
    assert_eq!((report.accepted, report.rejected), (6, 1));
}

#[test]
fn the_tactic_stays_legal_with_launchers_free_fall_and_conditions() {
    let mut setup = serde_json::to_value(Age::demo_setup()).unwrap();
    setup["characters"][0]["weapons"][1] =
        serde_json::json!({"name": "launcher", "kind": "grenade_launcher", "focus": "Rifles"});
    setup["characters"][1]["conditions"] = serde_json::json!({"blinded": true});
    setup["characters"][2]["conditions"] = serde_json::json!({"prone": true, "slowed": true});
    setup["characters"][3]["weapons"][0]["high_capacity"] = true.into();
    let setup: fray_age::Setup = serde_json::from_value(setup).unwrap();
    let summary = simulate::<Age>(&setup, 200, 9, 2, None).unwrap();
    assert_eq!(summary.trials, 200);
    let mut free_fall = Age::demo_setup();
    free_fall.free_fall = true;
    free_fall.characters[0].free_fall_mobility = true;
    let summary = simulate::<Age>(&free_fall, 200, 9, 2, None).unwrap();
    assert_eq!(summary.trials, 200);
}
