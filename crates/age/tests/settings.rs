//! Every [default] is replaceable from the setup: the settings in `rules` and per character.

mod common;

use common::*;
use fray_age::{Age, Event, StuntChoice, StuntTable};
use fray_dice::{EventLog, Ruleset, Scripted};
use serde_json::{json, Value};

/// AGE-12: the Defense base and a character's own Defense are data.
#[test]
fn age_12_defense_base_and_override() {
    let mut s = duel_with(|v| v["rules"] = json!({"defense_base": 8}));
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert!(matches!(&ev[0], Event::Attack { defense: 9, .. }));
    let mut s = duel_with(|v| v["characters"][1]["defense"] = json!(15));
    let ev = ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[1, 1, 2],
    );
    assert!(matches!(&ev[0], Event::Attack { defense: 15, .. }));
}

/// AGE-09: initiative's ability, armour penalty and focus are data.
#[test]
fn age_09_initiative_rule_is_data() {
    let mut v = duel_json();
    v["rules"] =
        json!({"initiative": {"ability": "perception", "armour_penalty": false, "focus": null}});
    v["characters"][1]["abilities"]["perception"] = json!(9);
    // A: 3 + Per 1 = 4; B: 3 + 9 = 12 → B first.
    let (s, events) = start_with(&setup(v), &[1, 1, 1, 1, 1, 1]);
    assert!(matches!(&events[0], Event::Initiative { total: 4, .. }));
    assert_eq!(&*s.combatants[s.order[0]].name, "B");
}

/// AGE-27: the crawling divisor is data.
#[test]
fn age_27_crawl_speed_is_data() {
    let mut s = duel_with(|v| v["rules"] = json!({"crawl_divisor": 4}));
    ok(
        &mut s,
        json!({"type": "apply_condition", "target": "A", "condition": "prone"}),
        &[],
    );
    // Speed 12 ÷ 4 = 3.
    refused(
        &mut s,
        json!({"type": "move", "actor": "A", "to": -4}),
        "AGE-27",
    );
    ok(&mut s, json!({"type": "move", "actor": "A", "to": -3}), &[]);
}

/// AGE-11: whether a tied Stand Firm test holds is data.
#[test]
fn age_11_stand_firm_tie_is_data() {
    for (holds, prone) in [(true, false), (false, true)] {
        let mut s = duel_with(|v| {
            v["rules"] = json!({"stand_firm_tie_holds": holds});
            v["characters"][1]["abilities"]["strength"] = json!(2);
        });
        ok(&mut s, json!({"type": "end_turn", "actor": "A"}), &[]);
        ok(&mut s, json!({"type": "stand_firm", "actor": "B"}), &[]);
        ok(&mut s, json!({"type": "end_turn", "actor": "B"}), &[]);
        ok(
            &mut s,
            json!({"type": "melee_attack", "actor": "A", "target": "B"}),
            &[4, 4, 4],
        );
        // Damage [1]; then Str 2 vs Str 2 with the same dice: a full tie.
        let ev = ok(
            &mut s,
            json!({"type": "spend_stunts", "actor": "A", "stunts": [{"stunt": "knock_prone", "points": 2}]}),
            &[1, 3, 4, 5, 4, 3, 5],
        );
        assert!(ev
            .iter()
            .any(|e| matches!(e, Event::StandFirm { held, .. } if *held == holds)));
        assert_eq!(s.combatants[1].conditions.prone, prone);
    }
}

/// AGE-19: grenade damage once for all (default) or once per target.
#[test]
fn age_19_grenade_damage_per_target_is_data() {
    let mut v = duel_json();
    v["rules"] = json!({"grenade_damage_per_target": true});
    v["characters"][1]["position"] = json!(10);
    v["characters"].as_array_mut().unwrap().push(json!(
        {"name": "C", "side": 1, "fortune": 20, "position": 11}
    ));
    let (mut s, _) = start_with(&setup(v), &[5, 5, 5, 1, 1, 2, 1, 1, 1]);
    ok(
        &mut s,
        json!({"type": "take_up", "actor": "A", "item": "grenade"}),
        &[],
    );
    let ev = ok(
        &mut s,
        json!({"type": "throw_grenade", "actor": "A", "at": 10}),
        &[3, 3, 3, 1, 1, 1, 6, 6, 6],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Grenade { damage: None, .. })));
    let raws: Vec<i32> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Damage { outcome, .. } => Some(outcome.raw),
            _ => None,
        })
        .collect();
    assert_eq!(raws, [3, 18]);
}

/// AGE-21: a stunt row may be marked repeatable.
#[test]
fn age_21_repeatable_stunts_are_data() {
    let mut table = StuntTable::default();
    let buy = |stunt: &str| StuntChoice {
        stunt: stunt.into(),
        points: 2,
        target: None,
    };
    let twice = [buy("vicious_blow"), buy("vicious_blow")];
    assert_eq!(table.validate(&twice, 6, false).unwrap_err().rule, "AGE-21");
    table
        .0
        .iter_mut()
        .find(|d| &*d.name == "vicious_blow")
        .unwrap()
        .repeatable = true;
    assert_eq!(table.validate(&twice, 6, false).unwrap(), 4);
    // Through the setup: two Vicious Blows add 2d6.
    let mut s = duel_with(|v| {
        let mut rows = serde_json::to_value(StuntTable::default()).unwrap();
        rows[6]["repeatable"] = json!(true);
        v["rules"] = json!({"stunts": rows});
    });
    ok(
        &mut s,
        json!({"type": "melee_attack", "actor": "A", "target": "B"}),
        &[4, 4, 4],
    );
    let ev = ok(
        &mut s,
        json!({"type": "spend_stunts", "actor": "A", "stunts": [
            {"stunt": "vicious_blow", "points": 2}, {"stunt": "vicious_blow", "points": 2}]}),
        &[1, 2, 3],
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::Damage { outcome, .. } if outcome.raw == 1 + 2 + 2 + 3)));
}

/// AGE-12, AGE-26: numeric settings are bounded at setup, so no sum of them can overflow
/// (a defense_base of i32::MAX once overflowed while the encounter started).
#[test]
fn age_12_numeric_settings_out_of_bounds_are_refused() {
    let start = |v: serde_json::Value| {
        fray_dice::Session::<fray_age::Age>::start(setup(v), 1, 0).map(|_| ())
    };
    for (key, value) in [
        ("defense_base", json!(i32::MAX)),
        ("first_aid_tn", json!(-1001)),
        ("crawl_divisor", json!(0)),
    ] {
        let mut v = duel_json();
        v["rules"] = json!({ key: value });
        let e = start(v).expect_err(key);
        assert_eq!(e.rule, "setup", "{key}");
        assert!(e.message.contains(key), "{key}: {e}");
    }
    let mut v = duel_json();
    v["characters"][0]["defense"] = json!(1001);
    assert_eq!(start(v).unwrap_err().rule, "setup");
    let mut v = duel_json();
    v["rules"] = json!({"defense_base": 1000, "crawl_divisor": 100});
    v["characters"][0]["defense"] = json!(-1000);
    assert!(start(v).is_ok());
}

/// AGE-21: the stunt table is a price list: a repeatable stunt at 0 SP (bought without end),
/// a row costing more at least than at most, or two rows of one name are refused.
#[test]
fn age_21_the_stunt_table_is_validated() {
    let start = |rows: Value| {
        let mut v = duel_json();
        v["rules"] = json!({"stunts": rows});
        let setup: fray_age::Setup = serde_json::from_value(v).unwrap();
        Age::start(
            &setup,
            &mut Scripted::new([5, 5, 5, 1, 1, 2]),
            &mut EventLog::quiet(),
        )
    };
    let free = json!([{"name": "big_hit", "min": 0, "max": 3, "repeatable": true,
                       "effect": {"type": "extra_damage", "d6": 3}}]);
    let e = start(free).unwrap_err();
    assert_eq!(e.rule, "AGE-21");
    assert!(e.message.contains("rules.stunts[0].min: found 0"), "{e}");
    assert!(e.message.contains("at least 1 SP"), "{e}");
    let upside_down =
        json!([{"name": "skirmish", "min": 3, "max": 2, "effect": {"type": "skirmish"}}]);
    assert!(start(upside_down)
        .unwrap_err()
        .message
        .contains("rules.stunts[0].max: found 2 with min 3, allowed at least min"));
    let twice = json!([
        {"name": "skirmish", "min": 1, "effect": {"type": "skirmish"}},
        {"name": "skirmish", "min": 2, "effect": {"type": "skirmish"}}
    ]);
    assert!(start(twice)
        .unwrap_err()
        .message
        .contains("rules.stunts[1]"));
    // A free stunt bought once per attack is fine, and so is the default table.
    let once = json!([{"name": "feint", "min": 0, "max": 0, "effect": {"type": "momentum"}}]);
    assert!(start(once).is_ok());
}

/// AGE-21: whether the SP of a Lightning Attack's own hit buy another Lightning Attack is a
/// setting (`rules.lightning_chains`, true).
#[test]
fn age_21_lightning_chains_is_a_setting() {
    let chain = |allowed: bool| {
        let mut s = duel_with(|v| v["rules"] = json!({"lightning_chains": allowed}));
        // 3+3+[5] + 4 = 15 ≥ 11 with doubles: 5 SP; a Lightning Attack (2 SP).
        ok(
            &mut s,
            json!({"type": "melee_attack", "actor": "A", "target": "B"}),
            &[3, 3, 5],
        );
        // Knife [1] + 2 − 1 = 2 from Fortune; the second attack 4+4+[6] + 4 = 18: 6 SP.
        ok(
            &mut s,
            json!({"type": "spend_stunts", "actor": "A",
                   "stunts": [{"stunt": "lightning_attack", "points": 2}]}),
            &[1, 4, 4, 6],
        );
        assert_eq!(s.pending.as_ref().map(|p| p.points), Some(6));
        let again = json!({"type": "spend_stunts", "actor": "A",
                           "stunts": [{"stunt": "lightning_attack", "points": 2}]});
        let admitted = fray_age::options(&s).admits(&common::cmd(again.clone()));
        (s, again, admitted)
    };
    let (mut s, again, admitted) = chain(true);
    assert!(admitted);
    // Knife [2] + 2 − 1 = 3; the third attack misses: 1+2+[3] + 4 = 10 < 11.
    ok(&mut s, again, &[2, 1, 2, 3]);
    let (mut s, again, admitted) = chain(false);
    assert!(!admitted);
    refused(&mut s, again, "AGE-21");
}
