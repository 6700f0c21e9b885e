//! The demo fight, replays, simulation, JSON shapes and the odds snapshots.

use fray_better_world::*;
use fray_dice::{simulate, AutoPlay, Catalog, Entry, Replay, ReplayError, Session};

fn play(seed: u64) -> Session<BetterWorld> {
    let mut session = Session::<BetterWorld>::start(BetterWorld::demo_setup(), seed, 0).unwrap();
    while let Some(command) = BetterWorld::next_command(session.state()) {
        session.apply(command).unwrap();
    }
    session
}

#[test]
fn demo_seed_7_snapshot_and_features() {
    assert_eq!(BetterWorld::DEMO_SEED, 7);
    let session = play(BetterWorld::DEMO_SEED);
    let events: Vec<&Event> = session.events().collect();
    insta::assert_json_snapshot!("demo_seed_7_events", events);
    let any = |f: &dyn Fn(&Event) -> bool| events.iter().any(|e| f(e));
    // Two shooters open with First Strikes (one in light cover with surprise, one in normal).
    let strikers: Vec<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Attacked {
                actor,
                first_strike: true,
                ..
            } => Some(actor.id),
            _ => None,
        })
        .collect();
    assert!(
        strikers.contains(&0) && strikers.contains(&1),
        "{strikers:?}"
    );
    assert_eq!(BetterWorld::demo_setup().characters[0].cover, Cover::Normal);
    assert_eq!(BetterWorld::demo_setup().characters[1].cover, Cover::Light);
    // Three guards at the start, one joins in round 2.
    assert!(any(
        &|e| matches!(e, Event::Joined { actors, .. } if actors[0].name == "Booth guard")
    ));
    let joined_at = events
        .iter()
        .position(|e| matches!(e, Event::Joined { .. }))
        .unwrap();
    assert!(matches!(
        events[joined_at + 2..]
            .iter()
            .find(|e| matches!(e, Event::RoundStarted { .. })),
        Some(Event::RoundStarted { round: 2 })
    ));
    // A grapple and a long burst.
    assert!(any(&|e| matches!(e, Event::Grappled { .. })));
    assert!(any(&|e| matches!(
        e,
        Event::Attacked {
            action: Action::LongBurst,
            ..
        }
    )));
    assert!(any(&|e| matches!(e, Event::Ended { .. })));
}

#[test]
fn demo_replay_verifies_and_an_edit_is_caught() {
    let session = play(7);
    let replay = session.replay();
    let report = replay.verify::<BetterWorld>().unwrap();
    assert_eq!(report.accepted, session.log().len());
    let parsed = Replay::from_json(&replay.to_json()).unwrap();
    assert!(parsed.verify::<BetterWorld>().is_ok());
    // Change the first command that names a target: the mismatch names that command.
    let mut edited = replay.clone();
    let index = edited
        .commands
        .iter()
        .position(|s| s.command.get("type").and_then(|t| t.as_str()) == Some("attack"))
        .unwrap();
    edited.commands[index].command["extra"] = serde_json::json!(1);
    match edited.verify::<BetterWorld>() {
        Err(ReplayError::Mismatch(m)) => assert_eq!(m.command, Some(index)),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn simulation_is_thread_count_independent() {
    let setup = BetterWorld::demo_setup();
    let one = simulate::<BetterWorld>(&setup, 300, 1, 1, None).unwrap();
    let two = simulate::<BetterWorld>(&setup, 300, 1, 2, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.trials, 300);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        300
    );
    assert!(one.metric_total > 0);
}

#[test]
fn entry_and_json_shapes() {
    let entry = Entry::of::<BetterWorld>();
    assert_eq!(entry.id, "better-world");
    assert_eq!(entry.sides, ["attackers", "defenders"]);
    // The CLI's odds spec: only some keys.
    let tables = (entry.odds)(r#"{"pool":3,"distance":"medium","weapon":2,"armour":1}"#).unwrap();
    assert_eq!(tables[0].title, "check: 3K against 5K");
    assert!((entry.odds)(r#"{"pools":3}"#).is_err());
    // Commands read well and refuse unknown fields.
    let c: Command = serde_json::from_str(
        r#"{"type":"attack","actor":0,"target":2,"restraint":{"type":"reduce"}}"#,
    )
    .unwrap();
    assert!(matches!(
        c,
        Command::Attack(Strike {
            target: 2,
            restraint: Restraint::Reduce { by: 1 },
            ..
        })
    ));
    assert!(
        serde_json::from_str::<Command>(r#"{"type":"attack","actor":0,"target":2,"power":9}"#)
            .is_err()
    );
    let c: Command =
        serde_json::from_str(r#"{"type":"move","actor":3,"to":4,"engage":1}"#).unwrap();
    assert!(matches!(
        c,
        Command::Move {
            engage: Some(1),
            sprint: false,
            ..
        }
    ));
    // The demo setup round-trips through JSON and the encounter runs from JSON.
    let json = (entry.demo_setup)();
    let setup: Setup = serde_json::from_str(&json).unwrap();
    assert_eq!(setup, BetterWorld::demo_setup());
    assert!(serde_json::from_str::<Setup>(r#"{"characters":[],"rules":1}"#).is_err());
    let mut enc = (entry.start)(&json, 7, 0).unwrap();
    let next = enc.suggest_json().unwrap();
    enc.apply_json(&next).unwrap();
    let summary = (entry.simulate)(&json, 20, 3, 1, None).unwrap();
    assert_eq!(summary.trials, 20);
}

#[test]
fn odds_snapshots() {
    // P(success) for pools 1–8 against difficulties 1–8 (default tie rule).
    let mut grid = Vec::new();
    for pool in 1..=8 {
        let row: Vec<String> = (1..=8)
            .map(|difficulty| {
                check_odds(&CheckSpec {
                    pool,
                    difficulty,
                    ..CheckSpec::default()
                })
                .unwrap()
                .success
                .to_string()
            })
            .collect();
        grid.push(format!("{pool}K: {}", row.join(" ")));
    }
    insta::assert_snapshot!("pool_success_grid", grid.join("\n"));
    // Full tables: the pistol example at Medium, and a knife fight with armour.
    let pistol = OddsSpec {
        pool: 3,
        distance: Some(Distance::Medium),
        weapon: 2,
        armour: 1,
        ..OddsSpec::default()
    };
    let knife = OddsSpec {
        pool: 3,
        difficulty: 2,
        weapon: 1,
        armour: 1,
        restraint: 1,
        characters: Some(3),
        ..OddsSpec::default()
    };
    let tables = vec![odds_tables(&pistol).unwrap(), odds_tables(&knife).unwrap()];
    insta::assert_json_snapshot!("odds_tables", tables);
}
