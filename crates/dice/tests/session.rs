//! Sessions, replay files and simulation, driven by a tiny ruleset that lives in this test.

use fray_dice::{
    simulate, AutoPlay, Dice, EventLog, Replay, ReplayError, RuleError, Ruleset, Scripted, Session,
    TrialOutcome,
};
use serde::{Deserialize, Serialize};

/// Two duellists take turns; an attack hits on a d6 of 4+ and deals 1d4.
struct Duel;

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Setup {
    health: [i64; 2],
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Command {
    Attack { by: usize },
    Wait { by: usize },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Event {
    Started { first: usize },
    Hit { by: usize, roll: u32, damage: u32 },
    Miss { by: usize, roll: u32 },
    Waited { by: usize },
}

#[derive(Clone, Debug, Serialize)]
struct State {
    health: [i64; 2],
    turn: usize,
    rounds: u32,
}

impl Ruleset for Duel {
    const ID: &'static str = "duel";
    const VERSION: u32 = 1;
    type Setup = Setup;
    type Command = Command;
    type Event = Event;
    type State = State;

    type Prepared = Setup;

    fn prepare(setup: &Setup) -> Result<Setup, RuleError> {
        if setup.health.iter().any(|&h| h <= 0) {
            return Err(RuleError::new("setup", "health must be positive"));
        }
        Ok(setup.clone())
    }

    fn start_prepared<D: Dice>(
        setup: &Setup,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<State, RuleError> {
        let first = (dice.roll(2)? - 1) as usize;
        events.emit(|| Event::Started { first });
        Ok(State {
            health: setup.health,
            turn: first,
            rounds: 0,
        })
    }

    fn apply<D: Dice>(
        state: &mut State,
        command: &Command,
        dice: &mut D,
        events: &mut EventLog<Event>,
    ) -> Result<(), RuleError> {
        let by = match *command {
            Command::Attack { by } | Command::Wait { by } => by,
        };
        if by != state.turn {
            return Err(RuleError::new(
                "DUEL-1",
                format!("it is duellist {}'s turn, not {by}'s", state.turn),
            ));
        }
        if state.health.iter().any(|&h| h <= 0) {
            return Err(RuleError::new("DUEL-2", "the duel is over"));
        }
        let event = match command {
            Command::Wait { .. } => Event::Waited { by },
            Command::Attack { .. } => {
                let roll = dice.roll(6)?;
                if roll >= 4 {
                    let damage = dice.roll(4)?;
                    state.health[1 - by] -= i64::from(damage);
                    Event::Hit { by, roll, damage }
                } else {
                    Event::Miss { by, roll }
                }
            }
        };
        state.turn = 1 - by;
        state.rounds += u32::from(by == 1);
        events.emit(|| event);
        Ok(())
    }
}

impl AutoPlay for Duel {
    const SIDES: &'static [&'static str] = &["left", "right"];
    const METRIC: &'static str = "turns";
    fn next_command(state: &State) -> Option<Command> {
        (state.health.iter().all(|&h| h > 0)).then_some(Command::Attack { by: state.turn })
    }
    fn outcome(state: &State) -> TrialOutcome {
        TrialOutcome {
            end: fray_dice::Ending::Finished,
            winner: state
                .health
                .iter()
                .position(|&h| h <= 0)
                .map(|loser| (1 - loser) as u8),
            rounds: state.rounds,
            health: state.health,
            metric: i64::from(state.rounds),
        }
    }
}

fn fight(seed: u64) -> Session<Duel> {
    let mut session = Session::<Duel>::start(Setup { health: [6, 6] }, seed, 0).unwrap();
    while let Some(command) = Duel::next_command(session.state()) {
        session.apply(command).unwrap();
    }
    session
}

#[test]
fn a_rejected_command_changes_nothing() {
    let mut session = fight(3);
    let mut session2 = Session::<Duel>::start(Setup { health: [6, 6] }, 3, 0).unwrap();
    let turn = session2.state().turn;
    let before = (
        serde_json::to_string(session2.state()).unwrap(),
        session2.dice_position(),
        session2.log().len(),
    );
    let err = session2
        .apply(Command::Attack { by: 1 - turn })
        .unwrap_err();
    assert_eq!(err.rule, "DUEL-1");
    let after = (
        serde_json::to_string(session2.state()).unwrap(),
        session2.dice_position(),
        session2.log().len(),
    );
    assert_eq!(before, after);
    // After the end, every command is refused and nothing moves either.
    let position = session.dice_position();
    assert_eq!(
        session
            .apply(Command::Wait {
                by: session.state().turn
            })
            .unwrap_err()
            .rule,
        "DUEL-2"
    );
    assert_eq!(session.dice_position(), position);
}

#[test]
fn a_replay_file_reproduces_the_fight_event_for_event() {
    let session = fight(11);
    let replay = session.replay();
    let text = replay.to_json();
    let report = Replay::from_json(&text).unwrap().verify::<Duel>().unwrap();
    let events: Vec<serde_json::Value> = session
        .events()
        .map(|e| serde_json::to_value(e).unwrap())
        .collect();
    assert_eq!(report.events, events);
    assert_eq!(report.accepted, session.log().len());
    assert_eq!(report.rejected, 0);
    assert_eq!(report.events_digest, replay.events_digest);
}

#[test]
fn an_edited_replay_names_the_first_differing_command() {
    let mut replay = fight(11).replay();
    assert!(replay.commands.len() > 4);
    // Swapping the seed changes the very start.
    let mut reseeded = replay.clone();
    reseeded.seed += 1;
    assert!(
        matches!(reseeded.verify::<Duel>(), Err(ReplayError::Mismatch(m)) if m.command.is_none() || m.command.is_some())
    );
    // Turning command #3 into a wait makes it a different step, and the error names index 2.
    let by = replay.commands[2].command["by"].clone();
    replay.commands[2].command = serde_json::json!({"type": "wait", "by": by});
    match replay.verify::<Duel>() {
        Err(ReplayError::Mismatch(m)) => assert_eq!(m.command, Some(2)),
        other => panic!("expected a mismatch, got {other:?}"),
    }
}

#[test]
fn refused_commands_in_a_recorded_stream_are_refused_again() {
    let setup = Setup { health: [3, 3] };
    let first = Session::<Duel>::start(setup.clone(), 5, 0)
        .unwrap()
        .state()
        .turn;
    let commands = vec![
        Command::Attack { by: 1 - first },
        Command::Attack { by: first },
        Command::Wait { by: first },
        Command::Attack { by: 1 - first },
    ];
    let replay = Replay::record::<Duel>(&setup, 5, 0, &commands).unwrap();
    assert_eq!(replay.commands[0].digest, "rejected:DUEL-1");
    assert_eq!(replay.commands[2].digest, "rejected:DUEL-1");
    let report = replay.verify::<Duel>().unwrap();
    assert_eq!((report.accepted, report.rejected), (2, 2));
}

#[test]
fn replays_for_another_ruleset_or_format_are_invalid() {
    let mut replay = fight(1).replay();
    replay.ruleset = "hunt".into();
    assert!(matches!(
        replay.verify::<Duel>(),
        Err(ReplayError::Invalid(_))
    ));
    let mut replay = fight(1).replay();
    replay.format = 99;
    assert!(replay
        .verify::<Duel>()
        .unwrap_err()
        .to_string()
        .contains("format 99"));
    assert!(Replay::from_json("{\"format\": 1}").is_err());
}

#[test]
fn scripted_dice_drive_an_exact_branch() {
    let mut start = EventLog::recording();
    let mut state = Duel::start(
        &Setup { health: [2, 2] },
        &mut Scripted::new([1]),
        &mut start,
    )
    .unwrap();
    assert_eq!(start.into_vec(), vec![Event::Started { first: 0 }]);
    let mut events = EventLog::recording();
    Duel::apply(
        &mut state,
        &Command::Attack { by: 0 },
        &mut Scripted::new([4, 2]),
        &mut events,
    )
    .unwrap();
    assert_eq!(
        events.into_vec(),
        vec![Event::Hit {
            by: 0,
            roll: 4,
            damage: 2
        }]
    );
    assert_eq!(state.health, [2, 0]);
}

#[test]
fn simulation_does_not_depend_on_the_thread_count() {
    let setup = Setup { health: [6, 6] };
    let one = simulate::<Duel>(&setup, 2_000, 9, 1, None).unwrap();
    let two = simulate::<Duel>(&setup, 2_000, 9, 2, None).unwrap();
    let seven = simulate::<Duel>(&setup, 2_000, 9, 7, None).unwrap();
    assert_eq!(one, two);
    assert_eq!(one, seven);
    assert_eq!(one.trials, 2_000);
    assert_eq!(
        one.wins.iter().sum::<u64>() + one.draws + one.round_limit + one.cut_off,
        2_000
    );
    // Trial i is stream i: the first trial alone equals a session on stream 0.
    let first = simulate::<Duel>(&setup, 1, 9, 1, None).unwrap();
    let winner = Duel::outcome(fight(9).state()).winner.unwrap();
    assert_eq!(first.wins[usize::from(winner)], 1);
}

#[test]
fn a_trial_still_going_at_the_command_cap_is_cut_off_not_a_draw() {
    // 1d4 a hit cannot wear down 2^40 health in MAX_TRIAL_COMMANDS attacks.
    let endless = Setup {
        health: [1 << 40, 1 << 40],
    };
    let summary = simulate::<Duel>(&endless, 3, 1, 2, None).unwrap();
    assert_eq!(
        (summary.cut_off, summary.draws, summary.round_limit),
        (3, 0, 0)
    );
    assert_eq!(summary.wins, [0, 0]);
    let mut out = [TrialOutcome::default(); 1];
    fray_dice::simulate_into::<Duel>(&endless, 1, 0, &mut out, 1).unwrap();
    assert_eq!(out[0].end, fray_dice::Ending::CommandCap);
    assert_eq!(out[0].winner, None);
}

#[test]
fn the_last_stream_can_be_simulated_and_past_it_is_refused() {
    let setup = Setup { health: [6, 6] };
    let mut one = [TrialOutcome::default(); 1];
    fray_dice::simulate_into::<Duel>(&setup, 9, u64::MAX, &mut one, 4).unwrap();
    assert_eq!(
        one[0],
        fray_dice::run_trial::<Duel>(&setup, 9, u64::MAX).unwrap()
    );
    let mut two = [TrialOutcome::default(); 2];
    let err = fray_dice::simulate_into::<Duel>(&setup, 9, u64::MAX, &mut two, 1).unwrap_err();
    assert!(err.message.contains("past the last stream"), "{err}");
    assert_eq!(
        two,
        [TrialOutcome::default(); 2],
        "a refused range plays nothing"
    );
}

#[test]
fn a_setup_of_the_wrong_type_is_refused_at_its_json_path() {
    let err = fray_dice::parse_json::<Setup>(r#"{"health": [6, 2.5]}"#, "setup").unwrap_err();
    assert_eq!(err.kind(), fray_dice::ErrorKind::Parse);
    assert!(
        err.message()
            .starts_with("the setup JSON is not valid at health[1]: invalid type: floating point `2.5`, expected i64"),
        "{err}"
    );
    // Syntax errors have a line and column, not a path.
    let err = fray_dice::parse_json::<Setup>(r#"{"health": [6, "#, "setup").unwrap_err();
    assert!(
        err.message().starts_with("the setup JSON is not valid: "),
        "{err}"
    );
    assert!(err.message().contains("line 1"), "{err}");
    let err = fray_dice::parse_json::<Setup>(r#"{"health": [6, 6]} x"#, "setup").unwrap_err();
    assert!(err.message().contains("trailing characters"), "{err}");
}
