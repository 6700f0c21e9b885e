//! Simulation runs engines quiet (`EventLog::quiet`: no event is built), sessions record.
//! The game must not notice: for many seeds and every ruleset, playing the demo to its end
//! both ways gives the same final state, the same dice position and the same outcome, and
//! `run_trial` (the simulation path) agrees with the recorded session.

use fray::dice::{run_trial, AutoPlay, Catalog, EventLog, Rng, Session, MAX_TRIAL_COMMANDS};

/// Plays `setup` quietly on (seed, stream): final state JSON and words drawn.
fn quiet_play<R: AutoPlay>(setup: &R::Setup, seed: u64, stream: u64) -> (String, u128) {
    let mut dice = Rng::new(seed, stream);
    let mut quiet = EventLog::quiet();
    let mut state = R::start(setup, &mut dice, &mut quiet).expect("the demo starts");
    for _ in 0..MAX_TRIAL_COMMANDS {
        let Some(command) = R::next_command(&state) else {
            break;
        };
        R::apply(&mut state, &command, &mut dice, &mut quiet).expect("the tactic is legal");
    }
    assert!(quiet.into_vec().is_empty(), "a quiet log kept events");
    let json = serde_json::to_string(&state).expect("state serializes");
    (json, dice.word_pos())
}

fn same_game_quiet_and_recorded<C: AutoPlay>(setup: C::Setup) {
    for seed in 0..24 {
        let stream = seed % 5;
        let mut session =
            Session::<C>::start(setup.clone(), seed, stream).expect("the demo starts");
        while let Some(command) = C::next_command(session.state()) {
            session.apply(command).expect("the tactic is legal");
        }
        assert!(session.events().count() > 0, "{}: nothing recorded", C::ID);
        let recorded = serde_json::to_string(session.state()).expect("state serializes");
        let (quiet, words) = quiet_play::<C>(&setup, seed, stream);
        assert_eq!(
            quiet,
            recorded,
            "{} seed {seed}: final states differ",
            C::ID
        );
        assert_eq!(words, session.dice_position(), "{} seed {seed}", C::ID);
        assert_eq!(
            run_trial::<C>(&setup, seed, stream).expect("the trial runs"),
            C::outcome(session.state()),
            "{} seed {seed}: outcomes differ",
            C::ID
        );
    }
}

#[test]
fn andromeda_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::andromeda::Andromeda>(
        fray::andromeda::Andromeda::demo_setup(),
    );
}

#[test]
fn red_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::red::Red>(fray::red::Red::demo_setup());
}

#[test]
fn age_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::age::Age>(fray::age::Age::demo_setup());
}

#[test]
fn better_world_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::better_world::BetterWorld>(
        fray::better_world::BetterWorld::demo_setup(),
    );
}

#[test]
fn hunt_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::hunt::Hunt>(fray::hunt::Hunt::demo_setup());
}
