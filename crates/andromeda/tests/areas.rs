//! Areas (AND-01, AND-26): «Размер круга всегда указывает его диаметр»; one check compared
//! with everyone inside, allies too.

mod common;

use common::*;
use fray_andromeda::{Andromeda, Command, Event, HeatReason, State};
use fray_dice::AutoPlay;
use serde_json::{json, Value};

/// `a` (hero, at the origin) with a grenade: a 4 m circle placed within 20 m.
fn grenadier(extra: Value) -> Value {
    plus_ability(
        fighter("a", "heroes", [0, 0]),
        with(
            json!({"id": "grenade", "skill": "shooting", "defense": "fortitude",
                   "damage": "1/2/3/4", "ranged": true, "range": 20,
                   "area": {"shape": "circle", "diameter": 4}}),
            extra,
        ),
    )
}

fn aim(ability: &str, at: [i64; 2]) -> Value {
    json!({"type": "use_ability", "actor": "a", "ability": ability, "at": at})
}

fn checked(ev: &[Event]) -> Vec<String> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Check {
                target: Some(t), ..
            } => Some(t.to_string()),
            _ => None,
        })
        .collect()
}

fn damaged(ev: &[Event], who: &str) -> u32 {
    ev.iter()
        .filter_map(|e| match e {
            Event::Damaged { id, amount, .. } if &**id == who => Some(*amount),
            _ => None,
        })
        .sum()
}

#[test]
fn and_01_and_26_a_circle_affects_everyone_inside_with_one_roll() {
    // AND-01: a 4 m circle at (10, 0) reaches 2 m: b (10, 0), the ally c (11, 1) at √2 m and
    // e (12, 0) on the edge; d (13, 0) is outside. AND-26: one roll [1, 2], compared with
    // each: 1+2+3 = 6 Fail everywhere, one Heat only, and the Fail line's 1 damage each.
    let mut t = T::new(setup_of(
        vec![
            grenadier(json!({})),
            fighter("b", "enemies", [10, 0]),
            fighter("c", "heroes", [11, 1]),
            fighter("d", "enemies", [13, 0]),
            fighter("e", "enemies", [12, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    let ev = t.ok(aim("grenade", [10, 0]), &[1, 2]);
    assert_eq!(checked(&ev), ["b", "c", "e"]);
    for who in ["b", "c", "e"] {
        assert_eq!(damaged(&ev, who), 1, "{who}");
    }
    assert_eq!(damaged(&ev, "d"), 0);
    let failed = ev
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::HeatGained {
                    reason: HeatReason::FailedCheck,
                    ..
                }
            )
        })
        .count();
    assert_eq!(failed, 1);
}

#[test]
fn and_01_the_user_inside_its_own_circle_is_affected() {
    // AND-01: everyone inside, the user too: a circle at (1, 0) of 4 m covers a at the
    // origin and b at (1, 0). a's own check is against its own Fortitude 3.
    let mut t = T::new(setup_of(
        vec![
            grenadier(json!({"ranged": false})),
            fighter("b", "enemies", [1, 0]),
        ],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    let ev = t.ok(aim("grenade", [1, 0]), &[8, 8]);
    assert!(damaged(&ev, "a") > 0 && damaged(&ev, "b") > 0);
}

#[test]
fn and_01_lines_and_cones_start_at_the_user() {
    // A 10 m line 2 m wide aimed east hits b and c on it, not d beside it; a cone of 10 m
    // (as wide as its distance) aimed east hits b, c and d (at 6 m, 2 m aside) but not e.
    let line = json!({"id": "beam", "skill": "shooting", "defense": "control",
                      "damage": "1/2/3/4", "area": {"shape": "line", "length": 10, "width": 2}});
    let cone = json!({"id": "blast", "skill": "shooting", "defense": "control",
                      "damage": "1/2/3/4", "area": {"shape": "cone", "length": 10}});
    let parts = || {
        vec![
            plus_ability(
                plus_ability(fighter("a", "heroes", [0, 0]), line.clone()),
                cone.clone(),
            ),
            fighter("b", "enemies", [3, 0]),
            fighter("c", "enemies", [9, 1]),
            fighter("d", "enemies", [6, 2]),
            fighter("e", "enemies", [2, 3]),
        ]
    };
    let mut t = T::new(setup_of(parts(), json!({})));
    t.ok(start("a"), &[]);
    let ev = t.ok(aim("beam", [1, 0]), &[4, 4]);
    assert_eq!(checked(&ev), ["b", "c"]);
    let mut u = T::new(setup_of(parts(), json!({})));
    u.ok(start("a"), &[]);
    let ev = u.ok(aim("blast", [5, 0]), &[4, 4]);
    assert_eq!(checked(&ev), ["b", "c", "d"]);
    // A line or cone needs a direction.
    let mut v = T::new(setup_of(parts(), json!({})));
    v.ok(start("a"), &[]);
    assert_eq!(v.fail(aim("blast", [0, 0])), "AND-01");
}

#[test]
fn and_01_area_commands_are_refused_naming_what_is_wrong() {
    let mut t = T::new(setup_of(
        vec![grenadier(json!({})), fighter("b", "enemies", [10, 0])],
        json!({}),
    ));
    t.ok(start("a"), &[]);
    // Out of range (20 m), named targets, no point, a point for a targeted ability.
    assert_eq!(t.fail(aim("grenade", [21, 0])), "AND-01");
    assert_eq!(t.fail(use_("a", "grenade", &["b"])), "AND-01");
    assert_eq!(
        t.fail(json!({"type": "use_ability", "actor": "a", "ability": "grenade"})),
        "AND-01"
    );
    assert_eq!(
        t.fail(
            json!({"type": "use_ability", "actor": "a", "ability": "hit",
                      "targets": [], "at": [1, 0]})
        ),
        "AND-01"
    );
    assert_eq!(
        t.fail(json!({"type": "ready", "actor": "a", "ability": "grenade",
                      "trigger": "enemy_attacks"})),
        "AND-11"
    );
    // Nobody inside: the action is spent, nothing is rolled.
    let ev = t.ok(aim("grenade", [0, 15]), &[]);
    assert!(checked(&ev).is_empty());
    assert_eq!(t.fail(aim("grenade", [10, 0])), "AND-10");
}

#[test]
fn and_35_an_area_spares_hidden_enemies_unless_the_setting_says() {
    // AND-35 «не могут её атаковать»: b is Hidden inside the circle and is not affected;
    // with settings.areas_reach_hidden it is.
    for (reach, expected) in [(false, vec![]), (true, vec!["b".to_string()])] {
        let mut t = T::new(setup_of(
            vec![grenadier(json!({})), fighter("b", "enemies", [10, 0])],
            json!({"opening": {"type": "ambush"},
                   "settings": {"areas_reach_hidden": reach}}),
        ));
        t.ok(start("b"), &[]);
        t.ok(json!({"type": "hide", "actor": "b"}), &[8, 8, 1, 1]);
        t.ok(end("b"), &[]);
        t.ok(start("a"), &[]);
        let dice: &[u32] = if reach { &[4, 4] } else { &[] };
        let ev = t.ok(aim("grenade", [10, 0]), dice);
        assert_eq!(checked(&ev), expected);
    }
}

#[test]
fn and_01_area_sizes_are_validated_at_setup() {
    let bad = setup_of(
        vec![
            grenadier(json!({"area": {"shape": "circle", "diameter": 0}})),
            fighter("b", "enemies", [10, 0]),
        ],
        json!({}),
    );
    let e = State::start(
        &bad,
        &mut fray_dice::Scripted::new([]),
        &mut fray_dice::EventLog::recording(),
    )
    .expect_err("refused");
    assert_eq!(e.rule, "AND-01");
    assert!(
        e.message
            .contains("area.diameter: found 0, allowed 1..=10000"),
        "{e}"
    );
}

#[test]
fn the_default_tactic_aims_areas_away_from_its_allies() {
    // b and c are enemies 1 m apart, the ally d stands next to e: the grenade goes where it
    // catches b and c, never where it would catch d.
    let t = T::new(setup_of(
        vec![
            with(
                fighter("a", "heroes", [0, 0]),
                json!({"abilities": [{"id": "grenade", "skill": "shooting",
                    "defense": "fortitude", "damage": "5/5/5/5", "ranged": true, "range": 20,
                    "area": {"shape": "circle", "diameter": 4}}]}),
            ),
            fighter("e", "enemies", [5, 0]),
            fighter("d", "heroes", [5, 1]),
            fighter("b", "enemies", [15, 0]),
            fighter("c", "enemies", [16, 0]),
        ],
        json!({}),
    ));
    let mut state = t.state.clone();
    let mut dice = fray_dice::Scripted::new([]);
    let mut log = fray_dice::EventLog::quiet();
    let go = Andromeda::next_command(&state).expect("a turn to start");
    state.apply(&go, &mut dice, &mut log).unwrap();
    match Andromeda::next_command(&state) {
        Some(Command::UseAbility {
            ability,
            targets,
            at,
            ..
        }) => {
            assert_eq!(&*ability, "grenade");
            assert!(targets.is_empty());
            assert_eq!(at, Some([15, 0]));
        }
        other => panic!("expected the grenade, got {other:?}"),
    }
}
