//! The default tactic plays varied setups to their end with legal commands only.

mod common;

use common::*;
use fray_andromeda::{simulate, Andromeda, Setup};
use fray_dice::{run_trial, AutoPlay};
use serde_json::json;

fn kitchen_sink(settings: serde_json::Value, opening: serde_json::Value) -> Setup {
    let roar = json!({"id": "roar", "skill": "will", "defense": "will", "damage": "0/1/1/2",
        "range": 12, "max_targets": 3, "cost": 1, "rank": 2,
        "conditions": [{"condition": "weakened", "duration": "end_of_next_turn", "help": true,
            "save": {"skill": "will", "difficulty": 2}},
            {"condition": "exhaustion", "amount": 1, "min_tier": "critical"}]});
    let cloak = json!({"id": "cloak", "aim": "self_only", "rank": 2,
        "conditions": [{"condition": "invisible", "duration": "end_of_round"}]});
    let scan = json!({"id": "scan", "skill": "perception", "range": 40, "ranged": true,
        "detects_invisible": true});
    let rifle = json!({"id": "rifle", "skill": "shooting", "defense": "control",
        "damage": "1/2/3/5", "ranged": true, "range": 40, "artifact": "mag", "two_handed": true});
    setup_of(
        vec![
            with(
                plus_ability(fighter("h1", "heroes", [0, 0]), roar.clone()),
                json!({"tactic": {"grab": true}, "accomplishment_points": 2}),
            ),
            with(
                plus_ability(
                    plus_ability(fighter("h2", "heroes", [0, 3]), rifle),
                    cloak.clone(),
                ),
                json!({"tactic": {"hide": true}, "style": "ranged", "accomplishment_points": 1,
                    "artifacts": [{"id": "mag", "reload": 2}]}),
            ),
            with(
                plus_ability(
                    plus_ability(fighter("boss", "enemies", [25, 0]), roar),
                    scan,
                ),
                json!({"turns": 3, "rank": 3, "tactic": {"grab": true},
                    "archetype": {"name": "Vanguard", "strong": "fortitude", "medium": "will", "weak": "control"}}),
            ),
            with(
                plus_ability(fighter("m1", "enemies", [30, 5]), cloak),
                json!({"rank": 1, "style": "ranged", "tactic": {"hide": true}}),
            ),
        ],
        json!({"settings": settings, "opening": opening}),
    )
}

#[test]
fn varied_setups_play_to_the_end() {
    let variants = [
        kitchen_sink(json!({}), json!({"type": "default"})),
        kitchen_sink(json!({"enemy_heat": true}), json!({"type": "ambush"})),
        kitchen_sink(
            json!({"advantage": {"method": "flat", "bonus": 2}, "round_limit": 6}),
            json!({"type": "contested", "hero": "h2", "hero_skill": "stealth",
                "enemy": "m1", "enemy_skill": "perception"}),
        ),
    ];
    for (v, setup) in variants.iter().enumerate() {
        for stream in 0..60 {
            let outcome = run_trial::<Andromeda>(setup, 11, stream)
                .unwrap_or_else(|e| panic!("variant {v} stream {stream}: {e}"));
            assert!(outcome.rounds >= 1);
        }
    }
    // The round limit ends a fight undecided.
    let summary = simulate(&variants[2], 40, 3, 1).unwrap();
    assert_eq!(summary.trials, 40);
    assert!(summary.rounds.keys().all(|&r| r <= 6));
}

#[test]
fn simulate_wrapper_matches_across_threads() {
    let setup = <Andromeda as fray_dice::Catalog>::demo_setup();
    let one = simulate(&setup, 200, 9, 1).unwrap();
    let two = simulate(&setup, 200, 9, 2).unwrap();
    assert_eq!(one, two);
    assert_eq!(one.wins.len(), Andromeda::SIDES.len());
}

/// An area attack on more targets than a move keeps on the stack: simulation's path
/// (`play_next`, by index) plays the same game as commands applied by name, move by move.
#[test]
fn a_wide_area_attack_plays_the_same_by_index_and_by_name() {
    let blast = json!({"id": "blast", "skill": "will", "defense": "will", "damage": "1/1/2/2",
        "range": 60, "max_targets": 6});
    let mut fighters = vec![plus_ability(fighter("h1", "heroes", [0, 0]), blast)];
    for i in 0..6 {
        fighters.push(fighter(&format!("e{i}"), "enemies", [10 + i, 3 * i]));
    }
    let setup = setup_of(fighters, json!({}));
    let mut wide_uses = 0;
    for stream in 0..8 {
        let mut session = fray_dice::Session::<Andromeda>::start(setup.clone(), 5, stream).unwrap();
        let mut dice = fray_dice::Rng::new(5, stream);
        let mut quiet = fray_dice::EventLog::quiet();
        let mut state =
            <Andromeda as fray_dice::Ruleset>::start(&setup, &mut dice, &mut quiet).unwrap();
        while let Some(command) = Andromeda::next_command(session.state()) {
            if let fray_andromeda::Command::UseAbility { targets, .. } = &command {
                wide_uses += usize::from(targets.len() > 4);
            }
            assert!(Andromeda::play_next(&mut state, &mut dice, &mut quiet).unwrap());
            session.apply(command).unwrap();
            assert_eq!(
                serde_json::to_string(&state).unwrap(),
                serde_json::to_string(session.state()).unwrap(),
                "stream {stream}"
            );
            assert_eq!(dice.word_pos(), session.dice_position(), "stream {stream}");
        }
        assert!(!Andromeda::play_next(&mut state, &mut dice, &mut quiet).unwrap());
    }
    assert!(wide_uses > 0, "the blast never took more than 4 targets");
}

/// `kitchen_sink` with an area ability on each side (a circle for h1, a line for the boss,
/// a cone for m1) and every setting that changes what is legal.
fn with_areas(settings: serde_json::Value) -> Setup {
    let mut setup = serde_json::to_value(kitchen_sink(settings, json!({"type": "default"})))
        .expect("setup serializes");
    let areas = [
        ("h1", json!({"shape": "circle", "diameter": 6}), 15),
        (
            "boss",
            json!({"shape": "line", "length": 20, "width": 2}),
            2,
        ),
        ("m1", json!({"shape": "cone", "length": 12}), 2),
    ];
    for p in setup["participants"].as_array_mut().expect("participants") {
        for (id, area, range) in &areas {
            if p["id"] == *id {
                p["abilities"].as_array_mut().expect("abilities").insert(
                    0,
                    json!({"id": "burst", "skill": "will", "defense": "fortitude",
                        "damage": "1/1/2/3", "ranged": true, "range": range, "area": area}),
                );
            }
        }
    }
    serde_json::from_value(setup).expect("a valid setup")
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// AND-01/35/10: over the settings that change what is legal (hiding while holding,
    /// areas reaching the Hidden, reactions before the first turn, Heat for enemies, reach,
    /// steps, round limits), the default tactic only gives legal commands: simulate fails
    /// on the first illegal one.
    #[test]
    fn the_tactic_stays_legal_over_the_settings_that_change_legality(
        grabber_can_hide: bool,
        areas_reach_hidden: bool,
        reaction_before_first_turn: bool,
        enemy_heat: bool,
        grab_reach in 0u32..6,
        step_divisor in 1u32..6,
        round_limit in 1u32..40,
        seed: u64,
    ) {
        let setup = with_areas(json!({
            "grabber_can_hide": grabber_can_hide, "areas_reach_hidden": areas_reach_hidden,
            "reaction_before_first_turn": reaction_before_first_turn, "enemy_heat": enemy_heat,
            "grab_reach": grab_reach, "step_divisor": step_divisor, "round_limit": round_limit,
        }));
        let summary = simulate(&setup, 6, seed, 1).expect("every command is legal");
        proptest::prop_assert_eq!(summary.cut_off, 0);
    }
}
