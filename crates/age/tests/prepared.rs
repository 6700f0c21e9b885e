//! A prepared setup (issue 17): `prepare` checks a setup once and every fight borrows the
//! result, so a fight started from a shared `Prepared` must be the fight `start` plays, and
//! a setup `start` refuses must be refused by `prepare` with the same rule and message.

mod common;

use common::*;
use fray_age::{Age, Event, Setup};
use fray_dice::{AutoPlay, Catalog, EventLog, Rng, Ruleset, Scripted, Session};
use serde_json::{json, Value};

/// Every event of a fight started by [`Session::start`] (a fresh `prepare` each time) and
/// played to its end by the default tactic.
fn started(setup: &Setup, seed: u64) -> Vec<Event> {
    let mut session = Session::<Age>::start(setup.clone(), seed, 0).expect("setup starts");
    while let Some(command) = Age::next_command(session.state()) {
        session
            .apply(command)
            .expect("the tactic's command is legal");
    }
    session.events().cloned().collect()
}

/// The same fight from a `Prepared` made once and shared by every seed.
fn from_prepared(prepared: &fray_age::Prepared, seed: u64) -> Vec<Event> {
    let mut dice = Rng::new(seed, 0);
    let mut events = EventLog::recording();
    let mut state = Age::start_prepared(prepared, &mut dice, &mut events).expect("starts");
    while let Some(command) = Age::next_command(&state) {
        Age::apply(&mut state, &command, &mut dice, &mut events).expect("legal");
    }
    events.into_vec()
}

/// AGE-09: one `Prepared` plays every seed exactly as `start` does (initiative, roll-offs,
/// conditions at the start, a side already out), on the demo, the duel and random setups.
#[test]
fn age_09_a_shared_prepared_plays_every_seed_as_start_does() {
    let mut setups = vec![Age::demo_setup(), setup(duel_json())];
    let mut rng = Rng::new(17, 0);
    setups.extend((0..40).map(|_| setup(random_setup(&mut rng))));
    let mut prepared_setups = 0;
    for s in &setups {
        let prepared = match Age::prepare(s) {
            Ok(p) => p,
            Err(e) => {
                // A random setup may name a focus no weapon of it uses (AGE-01).
                let started = Session::<Age>::start(s.clone(), 0, 0).map(|_| ());
                assert_eq!(started, Err(e));
                continue;
            }
        };
        prepared_setups += 1;
        for seed in 0..20 {
            let events = from_prepared(&prepared, seed);
            assert!(matches!(events[0], Event::Initiative { .. }));
            assert_eq!(events, started(s, seed), "seed {seed}");
        }
    }
    assert!(
        prepared_setups >= 15,
        "only {prepared_setups} setups prepared"
    );
}

/// A setup of the duel with `edit` applied.
fn duel_edited(edit: impl FnOnce(&mut Value)) -> Setup {
    let mut v = duel_json();
    edit(&mut v);
    setup(v)
}

/// AGE-01, AGE-13, AGE-21 and the setup checks: what `start` refuses, `prepare` refuses with
/// the same rule and message, before any die is rolled.
#[test]
fn age_01_prepare_refuses_what_start_refuses() {
    let cases: Vec<(Setup, &str, &str)> = vec![
        (
            duel_edited(|v| v["characters"][1]["side"] = json!(2)),
            "setup",
            "characters[1].side: found 2, allowed 0 (party) or 1 (opponents)",
        ),
        (
            duel_edited(|v| v["characters"][1]["side"] = json!(0)),
            "setup",
            "characters: found nobody on side 1 (opponents), allowed at least one character per side",
        ),
        (
            duel_edited(|v| v["characters"][1]["name"] = json!("a")),
            "setup",
            "characters[1].name: \"a\" differs only in case from characters[0].name \"A\"; names must be unique ignoring case",
        ),
        (
            duel_edited(|v| v["characters"][1]["foci"] = json!(["Rifle"])),
            "AGE-01",
            "characters[1].foci[0]: found \"Rifle\", allowed a focus a rule or a weapon uses: Initiative, Medicine, Might, Acrobatics, Light Blades, Rifles, Throwing",
        ),
        (
            duel_edited(|v| {
                v["characters"][1]["weapons"][1] = json!({"name": "bow", "kind": "bow"})
            }),
            "AGE-13",
            "characters[1].weapons[1].damage: found none for kind \"bow\", allowed damage dice such as {\"count\": 1, \"sides\": 6} (the source gives no damage for it)",
        ),
        (
            duel_edited(|v| v["characters"][0]["wielding"] = json!("sword")),
            "setup",
            "characters[0].wielding: found \"sword\", allowed one of its weapons: knife, rifle, grenade",
        ),
        (
            duel_edited(|v| v["rules"] = json!({"max_rounds": 0})),
            "setup",
            "rules.max_rounds: found 0, allowed at least 1",
        ),
        (
            duel_edited(|v| {
                v["rules"] = json!({"stunts": [{"name": "skirmish", "min": 0, "repeatable": true,
                                               "effect": {"type": "skirmish"}}]})
            }),
            "AGE-21",
            "rules.stunts[0].min: found 0 on a repeatable stunt ('skirmish'), allowed at least 1 SP",
        ),
    ];
    for (s, rule, message) in cases {
        let e = Age::prepare(&s).expect_err(message);
        assert_eq!(e.rule, rule, "{message}");
        assert_eq!(e.message, message);
        let mut dice = Scripted::new([]);
        let started = Age::start(&s, &mut dice, &mut EventLog::quiet()).expect_err(message);
        assert_eq!(started, e);
    }
}
