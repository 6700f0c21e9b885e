//! What a fight starts from: setups `start` refuses, and (issue 17) a setup checked and
//! equipped once (`Red::prepare`), every fight starting from the prepared value; what
//! `start` refuses, `prepare` refuses alike.

mod common;

use std::sync::Arc;

use common::{fighter, setup};
use fray_dice::{AutoPlay, Catalog, EventLog, Rng, Ruleset, Scripted};
use fray_red::{start, Event, Red, Setup, State};
use serde_json::json;

/// Plays a started fight to its end with the default tactic; its last state and every event.
fn play(mut state: State, dice: &mut Rng, mut events: EventLog<Event>) -> (String, Vec<Event>) {
    while let Some(command) = Red::next_command(&state) {
        Red::apply(&mut state, &command, dice, &mut events).unwrap();
    }
    (serde_json::to_string(&state).unwrap(), events.into_vec())
}

/// Four fighters on a grid, with a melee fighter, an ambusher, armour, bonuses, a vehicle,
/// bare-d10 tie rerolls and no critical initiative: most of what `prepare` derives.
fn varied() -> Setup {
    let mut knife = fighter("Knife", 0, 0);
    knife.weapons = serde_json::from_value(json!([
        {"name": "machete", "profile": "medium_melee", "holding": "in_hand"},
        {"name": "pistol", "profile": "heavy_pistol"}
    ]))
    .unwrap();
    knife.armor.body = Some("kevlar".into());
    knife.bonuses = Arc::new([("melee".to_owned(), 2), ("initiative".to_owned(), 1)].into());
    let mut rifle = fighter("Rifle", 0, 2);
    rifle.weapons = serde_json::from_value(
        json!([{"name": "rifle", "profile": "assault_rifle", "holding": "in_hand"}]),
    )
    .unwrap();
    rifle.reserve = serde_json::from_value(json!({"rifle": {"basic": 30}})).unwrap();
    rifle.armor.head = Some("medium_armorjack".into());
    let mut lurker = fighter("Lurker", 1, 12);
    lurker.ambush = true;
    lurker.stats.reflexes = 8;
    let mut tank = fighter("Tank", 1, 14);
    tank.hp = Some(60);
    tank.armor.body = Some("flak".into());
    tank.evade = Some(false);
    let mut s = setup(vec![knife, rifle, lurker, tank]);
    s.settings.grid = true;
    s.settings.critical_initiative = false;
    s.settings.tie_reroll = fray_red::TieReroll::D10;
    s.vehicles = serde_json::from_value(json!([{"name": "van", "position": 6}])).unwrap();
    s
}

#[test]
fn fights_from_one_prepared_setup_are_the_fights_of_start() {
    for setup in [Red::demo_setup(), varied()] {
        // One prepared value for every fight: none may leave anything in it for the next.
        let prepared = Red::prepare(&setup).unwrap();
        let mut winners = [0; 3];
        for seed in 0..60 {
            let stream = seed % 3;
            let mut dice = Rng::new(seed, stream);
            let mut events = EventLog::recording();
            let state = Red::start_prepared(&prepared, &mut dice, &mut events).unwrap();
            let prepared_fight = play(state, &mut dice, events);
            let mut dice = Rng::new(seed, stream);
            let mut events = EventLog::recording();
            let state = start(&setup, &mut dice, &mut events).unwrap();
            let started_fight = play(state, &mut dice, events);
            assert_eq!(prepared_fight, started_fight, "seed {seed}");
            let over = prepared_fight.1.iter().rev().find_map(|e| match e {
                Event::FightOver { winner, .. } => Some(*winner),
                _ => None,
            });
            winners[over.expect("every fight ends").map_or(2, usize::from)] += 1;
        }
        // Fights that differ from seed to seed: the comparison saw real games.
        assert!(
            winners.iter().filter(|&&n| n > 0).count() >= 2,
            "{winners:?}"
        );
    }
}

/// A change to a setup that makes it invalid.
type Edit = Box<dyn Fn(&mut Setup)>;

#[test]
fn prepare_refuses_what_start_refuses_with_the_same_rule_and_message() {
    let base = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    let edits: Vec<(&str, Edit)> = vec![
        (
            "setup",
            Box::new(|s| Arc::make_mut(&mut s.characters).truncate(1)),
        ),
        (
            "setup",
            Box::new(|s| Arc::make_mut(&mut s.characters)[1].name = "a".into()),
        ),
        (
            "setup",
            Box::new(|s| Arc::make_mut(&mut s.characters)[0].stats.dex = 21),
        ),
        (
            "setup",
            Box::new(|s| {
                Arc::make_mut(&mut Arc::make_mut(&mut s.characters)[0].skills)
                    .insert("hacking".to_owned(), 3);
            }),
        ),
        (
            "setup",
            Box::new(|s| {
                Arc::make_mut(&mut s.characters)[1].weapons[0].profile = "laser".into();
            }),
        ),
        (
            "RED-36",
            Box::new(|s| Arc::make_mut(&mut s.characters)[0].weapons[0].loaded = Some(9)),
        ),
        (
            "RED-06",
            Box::new(|s| {
                let c = &mut Arc::make_mut(&mut s.characters)[0];
                c.weapons[0].profile = "assault_rifle".into();
                c.weapons.push(c.weapons[0].clone());
            }),
        ),
        ("setup", Box::new(|s| s.settings.reach = 0)),
        (
            "setup",
            Box::new(|s| {
                s.vehicles =
                    serde_json::from_value(json!([{"name": "van", "position": i32::MAX}])).unwrap();
            }),
        ),
        (
            "RED-32",
            Box::new(|s| Arc::make_mut(&mut s.tables).dv.bands.reverse()),
        ),
        (
            "RED-35",
            Box::new(|s| {
                let w = Arc::make_mut(&mut s.tables).weapons.get_mut("smg");
                w.unwrap().autofire = 1_000;
            }),
        ),
        (
            "RED-42",
            Box::new(|s| {
                Arc::make_mut(&mut s.tables).body_injuries.pop();
            }),
        ),
    ];
    for (rule, edit) in edits {
        let mut s = base.clone();
        edit(&mut s);
        let started = start(&s, &mut Scripted::new([]), &mut EventLog::quiet()).unwrap_err();
        let prepared = Red::prepare(&s).unwrap_err();
        assert_eq!(started.rule, rule, "{}", started.message);
        assert_eq!(
            (prepared.rule, prepared.message),
            (started.rule, started.message)
        );
    }
}

#[test]
fn start_refuses_bad_setups() {
    // Numbers out of bounds are refused, never overflowed.
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.characters)[0].modifier = i32::MAX;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.tables)
        .weapons
        .get_mut("assault_rifle")
        .unwrap()
        .autofire = 1_000;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "RED-35"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    s.settings.crit_bonus = u32::MAX;
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("A", 1, 10)]);
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let characters = std::sync::Arc::make_mut(&mut s.characters);
    characters[1].name = "B".into();
    characters[1].weapons[0].profile = "laser".into();
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "setup"
    );
    let mut s = setup(vec![fighter("A", 0, 0), fighter("B", 1, 10)]);
    std::sync::Arc::make_mut(&mut s.tables).body_injuries.pop();
    assert_eq!(
        start(&s, &mut Scripted::new([]), &mut EventLog::quiet())
            .unwrap_err()
            .rule,
        "RED-42"
    );
}
