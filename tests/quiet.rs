//! Simulation runs engines quiet (`EventLog::quiet`: no event is built) and plays through
//! `AutoPlay::play_next`, which a ruleset may override to act on its tactic's decision
//! without building the command; sessions record, and play `next_command` then `apply`.
//! The game must not notice: for many seeds and every ruleset, the two are in the same
//! state with the same dice position after every single move, and `run_trial` (the
//! simulation path) gives the recorded session's outcome.

use fray::dice::{run_trial, AutoPlay, Catalog, EventLog, Rng, Session, MAX_TRIAL_COMMANDS};

fn same_game_quiet_and_recorded<C: AutoPlay>(setup: C::Setup) {
    for seed in 0..24 {
        let stream = seed % 5;
        let mut session =
            Session::<C>::start(setup.clone(), seed, stream).expect("the demo starts");
        let mut dice = Rng::new(seed, stream);
        let mut quiet = EventLog::quiet();
        let mut state = C::start(&setup, &mut dice, &mut quiet).expect("the demo starts");
        let json = |state: &C::State| serde_json::to_string(state).expect("state serializes");
        for step in 0..MAX_TRIAL_COMMANDS {
            assert_eq!(
                json(&state),
                json(session.state()),
                "{} seed {seed}: states differ before move {step}",
                C::ID
            );
            assert_eq!(
                dice.word_pos(),
                session.dice_position(),
                "{} seed {seed}: dice differ before move {step}",
                C::ID
            );
            let played =
                C::play_next(&mut state, &mut dice, &mut quiet).expect("the tactic is legal");
            match C::next_command(session.state()) {
                Some(command) => {
                    assert!(played, "{} seed {seed}: play_next stopped early", C::ID);
                    session.apply(command).expect("the tactic is legal");
                }
                None => {
                    assert!(!played, "{} seed {seed}: play_next played on", C::ID);
                    break;
                }
            }
        }
        assert!(session.events().count() > 0, "{}: nothing recorded", C::ID);
        assert!(quiet.into_vec().is_empty(), "a quiet log kept events");
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
fn andromeda_areas_play_the_same_game_quiet_and_recorded() {
    // AND-01/26: the demo with area abilities (a quake cone for the Warden, a grenade for
    // the drone): both paths agree.
    let mut setup: serde_json::Value =
        serde_json::from_str(fray::andromeda::DEMO_SETUP).expect("the demo parses");
    let parts = setup["participants"].as_array_mut().expect("participants");
    for p in parts.iter_mut() {
        let id = p["id"].as_str().unwrap_or_default().to_owned();
        let abilities = p["abilities"].as_array_mut().expect("abilities");
        match id.as_str() {
            "warden" => abilities.push(serde_json::json!({
                "id": "quake", "skill": "might", "defense": "fortitude", "damage": "1/1/2/3",
                "area": {"shape": "cone", "length": 12}})),
            "drone" => abilities.insert(
                0,
                serde_json::json!({
                "id": "grenade", "skill": "shooting", "defense": "fortitude",
                "damage": "1/2/2/3", "ranged": true, "range": 20,
                "area": {"shape": "circle", "diameter": 6}}),
            ),
            _ => {}
        }
    }
    let setup: fray::andromeda::Setup = serde_json::from_value(setup).expect("a valid setup");
    same_game_quiet_and_recorded::<fray::andromeda::Andromeda>(setup);
}

#[test]
fn red_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::red::Red>(fray::red::Red::demo_setup());
}

#[test]
fn red_plays_the_same_game_quiet_and_recorded_under_its_other_readings() {
    // RED-44 `mortally_wounded_act` off (dying turns are death saves alone), RED-02 ties
    // broken by a bare d10, RED-14 wounds free to take MOVE to 0.
    let mut setup = fray::red::Red::demo_setup();
    setup.settings.mortally_wounded_act = false;
    setup.settings.tie_reroll = fray::red::TieReroll::D10;
    setup.settings.move_floor = 0;
    same_game_quiet_and_recorded::<fray::red::Red>(setup);
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
fn better_world_plays_issue_23_readings_the_same_quiet_and_recorded() {
    // Cover zones (BW-35), guns fired point-blank (BW-22), the Main -> Additional trade
    // (BW-12), Dying characters who stay conscious (BW-21) and a short attention zone
    // (BW-11): every rule both paths share.
    use fray::better_world::{BetterWorld, Cover, CoverZone, FirearmInMelee};
    let mut setup = BetterWorld::demo_setup();
    let s = &mut setup.settings;
    s.cover_zones = vec![
        CoverZone {
            from: 2,
            to: 6,
            cover: Cover::Heavy,
        },
        CoverZone {
            from: 17,
            to: 20,
            cover: Cover::Normal,
        },
    ];
    s.firearm_in_melee = FirearmInMelee::Shot;
    s.main_as_additional = true;
    s.attention_metres = 5;
    for c in &mut setup.characters {
        c.stays_conscious = true;
    }
    same_game_quiet_and_recorded::<BetterWorld>(setup);
}

#[test]
fn hunt_plays_the_same_game_quiet_and_recorded() {
    same_game_quiet_and_recorded::<fray::hunt::Hunt>(fray::hunt::Hunt::demo_setup());
}
