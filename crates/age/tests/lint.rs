//! Setup refusals (issue 19): each names the JSON path, what was found and what is allowed.

mod common;

use common::*;
use fray_age::Age;
use fray_dice::Session;
use serde_json::{json, Value};

/// The refusal of the duel changed by `edit`, as (rule, message).
fn refusal(edit: impl FnOnce(&mut Value)) -> (String, String) {
    let mut v = duel_json();
    edit(&mut v);
    let e = Session::<Age>::start(setup(v), 1, 0).expect_err("the setup should be refused");
    (e.rule.to_string(), e.message.to_string())
}

#[test]
fn setup_names_must_not_be_empty() {
    let (rule, m) = refusal(|v| v["characters"][1]["name"] = json!(""));
    assert_eq!(rule, "setup");
    assert_eq!(
        m,
        "characters[1].name: found \"\", allowed a non-empty name"
    );
}

#[test]
fn setup_names_must_be_unique_ignoring_case() {
    let (_, m) = refusal(|v| {
        v["characters"][0]["name"] = json!("Hunter");
        v["characters"][1]["name"] = json!("hunter");
    });
    assert_eq!(
        m,
        "characters[1].name: \"hunter\" differs only in case from characters[0].name \"Hunter\"; names must be unique ignoring case"
    );
    let (_, m) = refusal(|v| v["characters"][1]["name"] = json!("A"));
    assert_eq!(
        m,
        "characters[1].name: \"A\" repeats characters[0].name \"A\"; names must be unique ignoring case"
    );
}

#[test]
fn setup_weapon_names_must_be_unique_ignoring_case() {
    // AGE-13: `take_up` names the weapon.
    let (_, m) = refusal(|v| v["characters"][1]["weapons"][1]["name"] = json!("Club"));
    assert_eq!(
        m,
        "characters[1].weapons[1].name: \"Club\" differs only in case from characters[1].weapons[0].name \"club\"; names must be unique ignoring case"
    );
}

#[test]
fn setup_age_01_an_unknown_focus_is_refused_with_the_allowed_list() {
    // AGE-01: a misspelled focus used to be ignored: its +2 never applied.
    let (rule, m) = refusal(|v| v["characters"][0]["foci"] = json!(["Rifles", "Rilfes"]));
    assert_eq!(rule, "AGE-01");
    assert_eq!(
        m,
        "characters[0].foci[1]: found \"Rilfes\", allowed a focus a rule or a weapon uses: \
         Initiative, Medicine, Might, Acrobatics, Light Blades, Rifles, Throwing"
    );
    // The case matters to the engine, so it matters here.
    let (_, m) = refusal(|v| v["characters"][1]["foci"] = json!(["might"]));
    assert!(
        m.starts_with("characters[1].foci[0]: found \"might\""),
        "{m}"
    );
    // Every focus a rule reads is accepted, and a weapon's focus makes its name known.
    let mut v = duel_json();
    v["characters"][1]["foci"] = json!(["Initiative", "Medicine", "Might", "Acrobatics"]);
    v["characters"][1]["weapons"][1]["focus"] = json!("Pistols");
    v["characters"][0]["foci"] = json!(["Pistols"]);
    assert!(Session::<Age>::start(setup(v), 1, 0).is_ok());
}

#[test]
fn setup_abilities_and_numbers_name_the_field() {
    let (_, m) = refusal(|v| v["characters"][1]["abilities"]["dexterity"] = json!(51));
    assert_eq!(
        m,
        "characters[1].abilities.dexterity: found 51, allowed -50..=50"
    );
    let (_, m) = refusal(|v| v["characters"][0]["fortune"] = json!(10_001));
    assert_eq!(m, "characters[0].fortune: found 10001, allowed 0..=10000");
    let (_, m) = refusal(|v| v["characters"][0]["defense"] = json!(-1001));
    assert_eq!(
        m,
        "characters[0].defense: found -1001, allowed -1000..=1000"
    );
    let (_, m) = refusal(|v| v["characters"][0]["speed"] = json!(1001));
    assert_eq!(m, "characters[0].speed: found 1001, allowed 0..=1000");
    let (_, m) = refusal(|v| v["characters"][0]["weapons"][1]["damage_bonus"] = json!(1001));
    assert_eq!(
        m,
        "characters[0].weapons[1].damage_bonus: found 1001, allowed -1000..=1000"
    );
    let (_, m) = refusal(|v| v["characters"][1]["position"] = json!(1_000_001));
    assert_eq!(
        m,
        "characters[1].position: found 1000001 m, allowed -1000000..=1000000 m"
    );
}

#[test]
fn setup_sides_and_wielding_name_the_field() {
    let (_, m) = refusal(|v| v["characters"][1]["side"] = json!(2));
    assert_eq!(
        m,
        "characters[1].side: found 2, allowed 0 (party) or 1 (opponents)"
    );
    let (_, m) = refusal(|v| v["characters"][1]["side"] = json!(0));
    assert!(m.starts_with("characters: found nobody on side 1"), "{m}");
    let (_, m) = refusal(|v| v["characters"][1]["wielding"] = json!("knife"));
    assert_eq!(
        m,
        "characters[1].wielding: found \"knife\", allowed one of its weapons: club, pistol"
    );
}

#[test]
fn setup_age_13_damage_dice_name_the_field() {
    let (rule, m) = refusal(|v| {
        v["characters"][0]["weapons"][0] = json!({"name": "bow", "kind": "bow"});
        v["characters"][0]["wielding"] = json!("rifle");
        v["characters"][0]["foci"] = json!(["Rifles"]);
    });
    assert_eq!(rule, "AGE-13");
    assert!(
        m.starts_with("characters[0].weapons[0].damage: found none for kind \"bow\""),
        "{m}"
    );
    let (_, m) =
        refusal(|v| v["characters"][1]["weapons"][0]["damage"] = json!({"count": 1, "sides": 0}));
    assert_eq!(
        m,
        "characters[1].weapons[0].damage.sides: found 0, allowed at least 1 side"
    );
}

#[test]
fn setup_rules_name_the_field() {
    let (_, m) = refusal(|v| v["rules"] = json!({"max_rounds": 0}));
    assert_eq!(m, "rules.max_rounds: found 0, allowed at least 1");
    let (_, m) = refusal(|v| v["rules"] = json!({"crawl_divisor": 0}));
    assert_eq!(m, "rules.crawl_divisor: found 0, allowed 1..=100");
    let (_, m) = refusal(|v| v["rules"] = json!({"grenade_tn": 1001}));
    assert_eq!(m, "rules.grenade_tn: found 1001, allowed -1000..=1000");
    let (_, m) = refusal(|v| v["corridor"] = json!([5, -5]));
    assert_eq!(
        m,
        "corridor: found [5, -5], allowed a first end at or before the second"
    );
    // AGE-21: stunt rows.
    let (rule, m) = refusal(|v| {
        v["rules"] = json!({"stunts": [{"name": "", "min": 1, "effect": {"type": "skirmish"}}]})
    });
    assert_eq!(rule, "AGE-21");
    assert!(m.starts_with("rules.stunts[0].name: found \"\""), "{m}");
}
