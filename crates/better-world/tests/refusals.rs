//! Illegal commands through a `Session`: refused under the rule they break, and nothing
//! changes — not the state JSON, not the dice position, not the log.

mod common;

use common::*;
use fray_better_world::*;
use fray_dice::Session;

fn refused(session: &mut Session<BetterWorld>, command: Command, expected: &str) {
    let state = serde_json::to_string(session.state()).unwrap();
    let position = session.dice_position();
    let log = session.log().len();
    let err = session.apply(command).expect_err("refused");
    assert_eq!(err.rule, expected, "{}", err.message);
    assert_eq!(serde_json::to_string(session.state()).unwrap(), state);
    assert_eq!(session.dice_position(), position);
    assert_eq!(session.log().len(), log);
}

fn shooter(name: &str, side: u8, position: i32, reflexes: u32) -> Character {
    let mut c = fighter(name, side, position, reflexes);
    c.weapons = vec![pistol()];
    c
}

#[test]
fn bw_12_two_main_actions_and_a_full_after_the_additional() {
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut session = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap();
    session.apply(Command::Attack(strike(0, 1))).unwrap();
    refused(&mut session, Command::Attack(strike(0, 1)), "BW-12");
    let mut session = Session::<BetterWorld>::start(s, 1, 0).unwrap();
    session
        .apply(Command::Move {
            actor: 0,
            to: 3,
            sprint: false,
            engage: None,
            sector: None,
        })
        .unwrap();
    refused(&mut session, Command::AimedShot(strike(0, 1)), "BW-12");
    refused(&mut session, Command::Attack(strike(1, 0)), "BW-08");
}

#[test]
fn bw_24_a_fifth_melee_attacker() {
    let spots = [8, 12, 9, 11, 7];
    let mut chars: Vec<Character> = (0..5)
        .map(|i| fighter(&format!("M{i}"), 0, spots[i], 10 - i as u32))
        .collect();
    chars.push(fighter("T", 1, 10, 1));
    let mut session = Session::<BetterWorld>::start(setup(chars), 3, 0).unwrap();
    for (i, to) in [(0, 9), (1, 11), (2, 9), (3, 11)] {
        session.apply(engage(i, to, 5)).unwrap();
        session.apply(end(i)).unwrap();
    }
    refused(&mut session, engage(4, 9, 5), "BW-24");
}

#[test]
fn bw_10_a_newcomer_joining_mid_round() {
    let mut late = shooter("C", 1, 30, 2);
    late.joins_round = Some(2);
    let s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2), late]);
    let mut session = Session::<BetterWorld>::start(s, 5, 0).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
    session.apply(end(0)).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
    session.apply(end(1)).unwrap();
    session.apply(Command::Join { actors: vec![2] }).unwrap();
    refused(&mut session, Command::Join { actors: vec![2] }, "BW-10");
}

#[test]
fn bw_25_settings_that_would_overflow_a_pool_are_refused() {
    // BW-25, BW-09: bonus settings are bounded at setup, so no attack of the default tactic
    // can be refused for a pool over 60K (an outnumbering bonus of u32::MAX once made one).
    let base = || setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    let mut s = base();
    s.settings.outnumbering.four = u32::MAX;
    assert_eq!(
        Session::<BetterWorld>::start(s, 1, 0).unwrap_err().rule,
        "BW-25"
    );
    let mut s = base();
    s.settings.first_strike_k = 11;
    let e = Session::<BetterWorld>::start(s, 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-09");
    assert!(
        e.message
            .starts_with("settings.first_strike_k: found 11, allowed 0..=10"),
        "{e}"
    );
    let mut s = base();
    s.settings.first_strike_k = 10;
    s.settings.max_minor = 10;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
    let mut s = base();
    s.settings.max_minor = 11;
    let e = Session::<BetterWorld>::start(s, 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-12");
    assert!(
        e.message
            .starts_with("settings.max_minor: found 11, allowed 0..=10"),
        "{e}"
    );
}

#[test]
fn bw_12_spare_magazines_of_no_rounds_are_refused() {
    // BW-12: a reload puts `magazine` rounds in; spare magazines of 0 rounds could never be
    // loaded, and the default tactic (reloading an empty weapon) was refused.
    let mut s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    s.characters[0].weapons[0].spare_magazines = 2;
    s.characters[0].weapons[0].magazine = 0;
    let e = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-12");
    assert!(e.message.contains("at least 1"), "{e}");
    s.characters[0].weapons[0].magazine = 1;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
}

#[test]
fn bw_13_a_melee_reach_of_zero_is_refused() {
    // BW-13: melee is "closer than melee_below metres"; 0 m would make engaging impossible,
    // and the default tactic's engaging move was refused.
    let mut s = setup(vec![shooter("A", 0, 0, 3), shooter("B", 1, 10, 2)]);
    s.settings.distances.melee_below = 0;
    let e = Session::<BetterWorld>::start(s.clone(), 1, 0).unwrap_err();
    assert_eq!(e.rule, "BW-13");
    s.settings.distances.melee_below = 1;
    assert!(Session::<BetterWorld>::start(s, 1, 0).is_ok());
}
