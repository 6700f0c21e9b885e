//! Setup refusals and lint warnings (issue 19): each refusal names the JSON path, what was
//! found and what is allowed; each warning names the path and why the value is suspicious.

mod common;

use common::{fighter, plus_ability, with};
use fray_andromeda::{Andromeda, Setup};
use fray_dice::Catalog;
use serde_json::{json, Value};

/// The two-fighter duel as JSON, with `edit` applied.
fn duel_with(edit: impl Fn(&mut Value)) -> Value {
    let mut v = json!({ "participants": [
        fighter("a", "heroes", [0, 0]),
        fighter("b", "enemies", [1, 0]),
    ]});
    edit(&mut v);
    v
}

/// The refusal of `setup` as "RULE: message".
fn refused(setup: Value) -> String {
    let setup: Setup = serde_json::from_value(setup).expect("parses");
    let e = setup.validate().expect_err("refused");
    format!("{}: {}", e.rule, e.message)
}

/// The warnings of `setup` (which must be accepted) as "path: found: why" lines.
fn warned(setup: Value) -> Vec<String> {
    let setup: Setup = serde_json::from_value(setup).expect("parses");
    setup.validate().expect("accepted");
    Andromeda::warnings(&setup)
        .into_iter()
        .map(|w| w.to_string())
        .collect()
}

fn has(lines: &[String], path: &str, why: &str) -> bool {
    lines.iter().any(|l| l.starts_with(path) && l.contains(why))
}

#[test]
fn the_duel_the_demo_and_every_example_setup_are_clean() {
    assert_eq!(warned(duel_with(|_| {})), Vec::<String>::new());
    let demo = Andromeda::demo_setup();
    assert!(Andromeda::warnings(&demo).is_empty());
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/setups/andromeda"
    );
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let w = warned(serde_json::from_str(&text).unwrap());
        assert!(w.is_empty(), "{}: {w:?}", path.display());
    }
}

// ----- refusals -----

#[test]
fn names_are_non_empty_and_unique_ignoring_case() {
    let e = refused(duel_with(|v| v["participants"][1]["id"] = "".into()));
    assert!(
        e.contains("participants[1].id: found \"\", allowed a non-empty participant id"),
        "{e}"
    );
    let e = refused(duel_with(|v| v["participants"][1]["id"] = "A".into()));
    assert!(
        e.contains("participants[1].id: \"A\" differs only in case from participants[0].id \"a\"")
            && e.contains("unique ignoring case"),
        "{e}"
    );
    let e = refused(duel_with(|v| {
        v["participants"][0]["name"] = "Hunter".into();
        v["participants"][1]["name"] = "hunter".into();
    }));
    assert!(
        e.contains("participants[1].name: \"hunter\" differs only in case from participants[0].name \"Hunter\""),
        "{e}"
    );
    let e = refused(duel_with(|v| v["participants"][0]["name"] = " ".into()));
    assert!(e.contains("participants[0].name: found \" \""), "{e}");
    let e = refused(duel_with(|v| {
        v["participants"][0]["abilities"][1]["id"] = "HIT".into()
    }));
    assert!(
        e.contains("participants[0].abilities[1].id: \"HIT\" differs only in case from participants[0].abilities[0].id \"hit\""),
        "{e}"
    );
}

// AND-02, AND-08, AND-01: a participant's numbers name their path and range.
#[test]
fn participant_numbers_are_bounded_at_their_path() {
    let cases: [(&str, Value, &str); 7] = [
        ("rank", 7.into(), "AND-02: participants[0].rank: found 7, allowed 1..=4"),
        ("turns", 0.into(), "AND-08: participants[0].turns: found 0, allowed 1..=10"),
        (
            "position",
            json!([0, 2_000_000_000i64]),
            "AND-01: participants[0].position[1]: found 2000000000, allowed -1000000000..=1000000000",
        ),
        ("speed", 1_000_000.into(), "AND-02: participants[0].speed: found 1000000, allowed 0..=100000"),
        ("exhaustion", 21.into(), "AND-37: participants[0].exhaustion: found 21, allowed 0..=20"),
        (
            "accomplishment_points",
            1000.into(),
            "AND-29: participants[0].accomplishment_points: found 1000, allowed 0..=100",
        ),
        (
            "skills",
            json!({"melee": {"value": 99, "rank": 2}}),
            "AND-16: participants[0].skills.melee.value: found 99, allowed -20..=20",
        ),
    ];
    for (key, value, message) in cases {
        let e = refused(duel_with(|v| v["participants"][0][key] = value.clone()));
        assert_eq!(e, message);
    }
}

// AND-20, AND-28, AND-12, AND-26: an ability's numbers.
#[test]
fn ability_numbers_are_bounded_at_their_path() {
    let at = "participants[0].abilities[0]";
    let cases: [(&str, Value, String); 6] = [
        ("damage", "1/2/3/500".into(), format!("AND-20: {at}.damage: found 1/2/3/500 (a value of 500), allowed four values 0..=100")),
        ("cost", 5000.into(), format!("AND-28: {at}.cost: found 5000, allowed 0..=1000")),
        ("rank", 0.into(), format!("AND-28: {at}.rank: found 0, allowed 1..=4")),
        ("range", 1_000_000.into(), format!("AND-01: {at}.range: found 1000000, allowed 0..=100000")),
        ("max_targets", 0.into(), format!("AND-26: {at}.max_targets: found 0, allowed 1..=256")),
        ("skill", "piloting".into(), format!("setup: {at}.skill: found \"piloting\", allowed a skill of the participant (")),
    ];
    for (key, value, message) in cases {
        let e = refused(duel_with(|v| {
            v["participants"][0]["abilities"][0][key] = value.clone()
        }));
        assert!(e.starts_with(&message), "{e} / {message}");
    }
    // AND-12: Reload X is at least one use.
    let e = refused(duel_with(|v| {
        v["participants"][0]["artifacts"] = json!([{"id": "cell", "reload": 0}]);
    }));
    assert_eq!(
        e,
        "AND-12: participants[0].artifacts[0].reload: found 0, allowed 1..=100"
    );
    // AND-37: an ability's Exhaustion adds 1..=20.
    let e = refused(duel_with(|v| {
        v["participants"][0]["abilities"][0]["conditions"] =
            json!([{"condition": "exhaustion", "amount": 0}]);
    }));
    assert_eq!(
        e,
        format!("AND-37: {at}.conditions[0].amount: found 0, allowed 1..=20")
    );
    // AND-30: a condition names its duration.
    let e = refused(duel_with(|v| {
        v["participants"][0]["abilities"][0]["conditions"] = json!([{"condition": "vulnerable"}]);
    }));
    assert!(
        e.starts_with(&format!(
            "AND-30: {at}.conditions[0].duration: found none for Vulnerable, allowed a duration"
        )),
        "{e}"
    );
}

// AND-03, AND-16, AND-21, AND-46: settings that drive the rules are bounded.
#[test]
fn settings_are_bounded_at_their_path() {
    let cases: [(Value, &str); 6] = [
        (json!({"step_divisor": 0}), "AND-03: settings.step_divisor: found 0, allowed 1..=100"),
        (json!({"table": {"critical_from": 1000}}), "AND-16: settings.table.critical_from: found 1000, allowed -100..=100"),
        (json!({"table": {"cost_from": 14}}), "AND-16: settings.table: found 14 / 13 / 16, allowed cost_from <= success_from <= critical_from"),
        (json!({"advantage": {"method": "extra_dice", "dice": 9}}), "AND-21: settings.advantage.dice: found 9, allowed 0..=4"),
        (json!({"temp_stress_per_rank": 99}), "AND-46: settings.temp_stress_per_rank: found 99, allowed 0..=10"),
        (json!({"round_limit": 0}), "setup: settings.round_limit: found 0, allowed 1..=1000"),
    ];
    for (settings, message) in cases {
        assert_eq!(
            refused(duel_with(|v| v["settings"] = settings.clone())),
            message
        );
    }
}

// AND-04: both sides.
#[test]
fn and_04_one_side_only_is_refused_naming_the_missing_side() {
    let e = refused(duel_with(|v| {
        v["participants"][1]["side"] = "heroes".into()
    }));
    assert!(
        e.starts_with("AND-04: participants: found no participant on Enemies"),
        "{e}"
    );
}

// AND-05: a contested opening names real participants and skills.
#[test]
fn and_05_contested_opening_names_its_path() {
    let e = refused(duel_with(|v| {
        v["opening"] = json!({"type": "contested", "hero": "a", "hero_skill": "piloting",
                              "enemy": "b", "enemy_skill": "melee"});
    }));
    assert_eq!(
        e,
        "AND-05: opening.hero_skill: found \"piloting\", allowed a skill of a"
    );
}

// ----- warnings -----

// AND-20: a line that deals nothing and does nothing else can never hurt.
#[test]
fn and_20_a_zero_damage_line_can_never_hurt() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["abilities"][1]["damage"] = "0/0/0/0".into();
    }));
    assert!(
        has(
            &w,
            "participants[0].abilities[1].damage",
            "it can never hurt"
        ),
        "{w:?}"
    );
}

// AND-20: fail / cost / success / crit grows; 5/3/2/1 is inverted.
#[test]
fn and_20_a_decreasing_damage_line_is_warned() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["abilities"][0]["damage"] = "5/3/2/1".into();
    }));
    assert!(
        has(
            &w,
            "participants[0].abilities[0].damage: damage 5/3/2/1",
            "a better outcome deals less"
        ),
        "{w:?}"
    );
}

// AND-17, AND-20: rank 0 against Fortitude 3 shifts every outcome to Fail (−3), and a
// line with 0 on Fail then never hurts: the hero can never be hurt, the enemies never win.
#[test]
fn and_17_a_participant_no_enemy_can_hurt_is_warned() {
    let w = warned(duel_with(|v| {
        let b = &mut v["participants"][1];
        b["skills"]["melee"]["rank"] = 0.into();
        b["abilities"] = json!([{"id": "hit", "skill": "melee", "defense": "fortitude",
                                 "damage": "0/2/3/5"}]);
    }));
    assert!(
        has(
            &w,
            "participants[0]",
            "a can never be hurt, so the Enemies can never win"
        ),
        "{w:?}"
    );
    assert!(
        !w.iter().any(|l| l.starts_with("participants[1]:")),
        "{w:?}"
    );
}

// AND-37: Exhaustion from an ability hurts even at 0 damage.
#[test]
fn and_37_exhaustion_counts_as_hurting() {
    let w = warned(duel_with(|v| {
        let b = &mut v["participants"][1];
        b["skills"]["melee"]["rank"] = 0.into();
        b["abilities"] = json!([{"id": "drain", "skill": "melee", "defense": "will",
                                 "damage": "0/0/0/0",
                                 "conditions": [{"condition": "exhaustion", "amount": 1,
                                                 "min_tier": "fail"}]}]);
    }));
    assert!(!w.iter().any(|l| l.contains("can never be hurt")), "{w:?}");
}

#[test]
fn a_fight_no_side_can_win_is_warned() {
    let w = warned(duel_with(|v| {
        for p in v["participants"].as_array_mut().unwrap() {
            p["abilities"] = json!([{"id": "tap", "skill": "melee", "defense": "will",
                                     "damage": "0/0/0/0",
                                     "conditions": [{"condition": "vulnerable",
                                                     "duration": "end_of_next_turn"}]}]);
        }
    }));
    assert!(has(&w, "participants:", "a fight no side can win"), "{w:?}");
}

// AND-37: Exhaustion at rank × 5 leaves no main stress: out before acting.
#[test]
fn and_37_exhaustion_at_rank_times_five_never_acts() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["exhaustion"] = 10.into()
    }));
    assert!(
        has(&w, "participants[0].exhaustion", "can never act"),
        "{w:?}"
    );
}

// AND-11: nothing aimed at enemies and no grab hint: the participant never attacks.
#[test]
fn and_11_no_attack_never_acts() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["abilities"] = json!([{"id": "rest", "aim": "self_only"}]);
    }));
    assert!(
        has(&w, "participants[0].abilities", "can never attack"),
        "{w:?}"
    );
}

// AND-01: range 0 reaches only the user's own point.
#[test]
fn and_01_range_zero_is_warned() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["abilities"][1]["range"] = 0.into()
    }));
    assert!(
        has(&w, "participants[0].abilities[1].range", "own point"),
        "{w:?}"
    );
}

// AND-24: an enemy's cost is never paid unless enemy_heat.
#[test]
fn and_24_an_enemy_cost_without_enemy_heat_is_warned() {
    let w = warned(duel_with(|v| {
        v["participants"][1]["abilities"][0]["cost"] = 2.into()
    }));
    assert!(
        has(&w, "participants[1].abilities[0].cost", "never paid"),
        "{w:?}"
    );
    let w = warned(duel_with(|v| {
        v["participants"][1]["abilities"][0]["cost"] = 2.into();
        v["settings"] = json!({"enemy_heat": true});
    }));
    assert!(w.is_empty(), "{w:?}");
}

// AND-12: a save on a skill nobody has always rolls at 0.
#[test]
fn and_12_a_save_on_an_unknown_skill_is_warned() {
    let w = warned(duel_with(|v| {
        v["participants"][0]["abilities"][0]["conditions"] = json!([{
            "condition": "vulnerable", "duration": "until_removed",
            "save": {"skill": "resolve", "difficulty": 2}}]);
    }));
    assert!(
        has(
            &w,
            "participants[0].abilities[0].conditions[0].save.skill",
            "value 0, rank 0"
        ),
        "{w:?}"
    );
}

// AND-21: zero extra dice or a zero bonus switch advantage off; a negative bonus inverts it.
#[test]
fn and_21_advantage_that_changes_nothing_is_warned() {
    for advantage in [
        json!({"method": "extra_dice", "dice": 0}),
        json!({"method": "flat", "bonus": 0}),
    ] {
        let w = warned(duel_with(|v| {
            v["settings"] = json!({ "advantage": advantage })
        }));
        assert!(has(&w, "settings.advantage", "change nothing"), "{w:?}");
    }
    let w = warned(duel_with(|v| {
        v["settings"] = json!({"advantage": {"method": "flat", "bonus": -2}})
    }));
    assert!(has(&w, "settings.advantage.bonus", "a penalty"), "{w:?}");
}

// AND-16: thresholds no total reaches (or every total reaches) make a base outcome unreachable.
#[test]
fn and_16_unreachable_outcomes_are_warned() {
    let w = warned(duel_with(|v| {
        v["settings"] = json!({"table": {"critical_from": 40}})
    }));
    assert!(
        has(&w, "settings.table.critical_from", "the best total is 19"),
        "{w:?}"
    );
    let w = warned(duel_with(
        |v| {
            v["settings"] =
                json!({"table": {"cost_from": 2, "success_from": 13, "critical_from": 16}})
        },
    ));
    assert!(
        has(&w, "settings.table.cost_from", "the lowest is 2"),
        "{w:?}"
    );
    let w = warned(duel_with(
        |v| {
            v["settings"] =
                json!({"table": {"cost_from": 12, "success_from": 12, "critical_from": 16}})
        },
    ));
    assert!(
        has(
            &w,
            "settings.table.success_from",
            "no total is a Success at a Cost"
        ),
        "{w:?}"
    );
}

// AND-02: speeds by rank grow; AND-03: a Step that covers 0 m; AND-41: grab reach 0.
#[test]
fn and_02_03_41_settings_that_switch_a_rule_off_are_warned() {
    let w = warned(duel_with(|v| {
        v["settings"] = json!({"speeds": [300, 100, 30, 10]})
    }));
    assert!(
        has(&w, "settings.speeds", "a higher rank is slower"),
        "{w:?}"
    );
    let w = warned(duel_with(|v| v["settings"] = json!({"step_divisor": 100})));
    assert!(
        has(&w, "settings.step_divisor", "a Step covers 0 m"),
        "{w:?}"
    );
    let w = warned(duel_with(|v| {
        v["settings"] = json!({"grab_reach": 0});
        v["participants"][1] = with(
            v["participants"][1].clone(),
            json!({"tactic": {"grab": true}}),
        );
    }));
    assert!(has(&w, "settings.grab_reach", "own point"), "{w:?}");
}

#[test]
fn an_extra_ability_keeps_the_duel_clean() {
    // A support ability (0 damage, a condition) is not "can never hurt".
    let w = warned(duel_with(|v| {
        v["participants"][0] = plus_ability(
            v["participants"][0].clone(),
            json!({"id": "mark", "skill": "perception", "defense": "will", "damage": "0/0/0/0",
                   "conditions": [{"condition": "vulnerable", "duration": "end_of_next_turn"}]}),
        );
    }));
    assert!(w.is_empty(), "{w:?}");
}
