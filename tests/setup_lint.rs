//! Mutated setups (issue 19): every example setup with one value changed to something a
//! designer might type by mistake. Each mutation is either refused at setup with a message
//! that names where (the changed field's JSON path, or the object that holds it), or accepted — and then it simulates without an error, and the
//! ruleset's lint does not fail on it. The nonsense cases of the issue are pinned by name.

use fray_dice::Entry;
use serde_json::Value;

fn entry(id: &str) -> Entry {
    fray::rulesets().into_iter().find(|e| e.id == id).unwrap()
}

fn examples(id: &str) -> Vec<(String, Value)> {
    let dir = format!("{}/examples/setups/{id}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (
                p.display().to_string(),
                serde_json::from_str(&text).unwrap(),
            )
        })
        .collect()
}

/// Every (path, pointer) of a number or a `name` string, in file order.
fn leaves(value: &Value, pointer: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let p = format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1"));
                if k == "name" && v.is_string() {
                    out.push(p.clone());
                }
                leaves(v, p, out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{pointer}/{i}"), out);
            }
        }
        Value::Number(_) => out.push(pointer),
        _ => {}
    }
}

/// The JSON path of a JSON pointer, as refusals write it: `/fighters/0/stats/agility` is
/// `fighters[0].stats.agility`.
fn json_path(pointer: &str) -> String {
    let mut path = String::new();
    for part in pointer.split('/').skip(1) {
        let part = part.replace("~1", "/").replace("~0", "~");
        if part.parse::<usize>().is_ok() {
            path.push_str(&format!("[{part}]"));
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&part);
        }
    }
    path
}

/// Whether a refusal of a change at `pointer` names where: the changed field, the object or
/// list that holds it (a rule over several fields names their owner), never only the top.
fn names_the_place(message: &str, pointer: &str) -> bool {
    let mut parts: Vec<&str> = pointer.split('/').collect();
    while parts.len() > 1 {
        if message.contains(&json_path(&parts.join("/"))) {
            return true;
        }
        parts.pop();
    }
    false
}

/// The values a numeric leaf is changed to.
fn bad_numbers() -> Vec<Value> {
    vec![
        (-1).into(),
        0.into(),
        7.into(),
        99.into(),
        1_000_000.into(),
        serde_json::json!(2.5),
    ]
}

/// Runs every mutation of every example of `id`; returns (refused, accepted).
fn mutate_all(id: &str) -> (usize, usize) {
    let entry = entry(id);
    let (mut refused, mut accepted) = (0, 0);
    for (file, setup) in examples(id) {
        let mut points = Vec::new();
        leaves(&setup, String::new(), &mut points);
        // At most a dozen leaves per file, spread over it, keep the test quick.
        let step = (points.len() / 12).max(1);
        for pointer in points.iter().step_by(step) {
            let original = setup.pointer(pointer).unwrap().clone();
            let values = if original.is_string() {
                vec!["".into(), original.as_str().unwrap().to_uppercase().into()]
            } else {
                bad_numbers()
            };
            for bad in values {
                let mut mutated = setup.clone();
                *mutated.pointer_mut(pointer).unwrap() = bad.clone();
                let text = mutated.to_string();
                let what = format!("{file} {pointer} = {bad}");
                match (entry.start)(&text, 1, 0) {
                    Err(e) => {
                        let message = e.to_string();
                        assert!(
                            names_the_place(&message, pointer),
                            "{what}: the refusal does not name where: {message}"
                        );
                        refused += 1;
                    }
                    Ok(_) => {
                        (entry.warnings)(&text).unwrap_or_else(|e| panic!("{what}: lint: {e}"));
                        let summary = (entry.simulate)(&text, 20, 1, 1, None)
                            .unwrap_or_else(|e| panic!("{what}: accepted but fails: {e}"));
                        assert_eq!(summary.trials, 20, "{what}");
                        accepted += 1;
                    }
                }
            }
        }
    }
    (refused, accepted)
}

macro_rules! mutations {
    ($($test:ident: $id:literal),* $(,)?) => {$(
        #[test]
        fn $test() {
            let (refused, accepted) = mutate_all($id);
            assert!(refused + accepted >= 40, "{}: only {} mutations", $id, refused + accepted);
            assert!(refused > 0, "{}: no mutation was refused", $id);
        }
    )*};
}

mutations! {
    andromeda_mutations_are_refused_or_simulate: "andromeda",
    red_mutations_are_refused_or_simulate: "red",
    age_mutations_are_refused_or_simulate: "age",
    better_world_mutations_are_refused_or_simulate: "better-world",
    hunt_mutations_are_refused_or_simulate: "hunt",
}

/// The warnings of `id`'s example `file` with `edit` applied, as "path: found: why" lines.
fn warned(id: &str, file: &str, edit: impl Fn(&mut Value)) -> Vec<String> {
    let (_, mut setup) = examples(id)
        .into_iter()
        .find(|(f, _)| f.ends_with(file))
        .unwrap();
    edit(&mut setup);
    let text = setup.to_string();
    assert!(
        (entry(id).start)(&text, 1, 0).is_ok(),
        "{id} {file} refused"
    );
    (entry(id).warnings)(&text)
        .unwrap()
        .into_iter()
        .map(|w| w.to_string())
        .collect()
}

#[test]
fn every_example_setup_has_no_lint_warning() {
    for id in ["andromeda", "red", "age", "better-world", "hunt"] {
        for (file, setup) in examples(id) {
            let w = (entry(id).warnings)(&setup.to_string()).unwrap();
            assert!(w.is_empty(), "{file}: {w:?}");
        }
    }
}

// HUNT-11: a Damage die is a d6, so a threshold of 7 or 99 never damages.
#[test]
fn hunt_threshold_7_and_99_never_damage() {
    for t in [7, 99] {
        let w = warned("hunt", "duel.json", |s| {
            for weapon in s["fighters"][0]["weapons"].as_array_mut().unwrap() {
                weapon["threshold"] = t.into();
                weapon.as_object_mut().unwrap().remove("thresholds");
            }
        });
        assert!(
            w.iter()
                .any(|l| l.starts_with("fighters[0].weapons[0].threshold")
                    && l.contains("never damage")),
            "{w:?}"
        );
    }
}

// HUNT-13 / HUNT-02: Endurance 6 under 1d6 tests passes every test.
#[test]
fn hunt_endurance_6_under_1d6_can_never_be_hurt() {
    let w = warned("hunt", "duel.json", |s| {
        s["fighters"][1]["stats"]["endurance"] = 6.into()
    });
    assert!(
        w.iter()
            .any(|l| l.starts_with("fighters[1].stats.endurance") && l.contains("never be hurt")),
        "{w:?}"
    );
}

// HUNT-02: Experience 0 under 1d6 tests never passes.
#[test]
fn hunt_experience_0_never_passes_a_test() {
    let w = warned("hunt", "duel.json", |s| {
        s["fighters"][0]["stats"]["experience"] = 0.into()
    });
    assert!(
        w.iter()
            .any(|l| l.starts_with("fighters[0].stats.experience")),
        "{w:?}"
    );
}

// HUNT-27: a magazine of 0 with spare rounds, and more loaded than the magazine holds.
#[test]
fn hunt_magazine_0_with_spares_and_ammo_over_magazine() {
    let w = warned("hunt", "duel.json", |s| {
        let weapon = &mut s["fighters"][0]["weapons"][0];
        weapon["magazine"] = 0.into();
        weapon["ammo"] = 0.into();
        weapon["spare"] = 5.into();
    });
    assert!(
        w.iter()
            .any(|l| l.starts_with("fighters[0].weapons[0].magazine")),
        "{w:?}"
    );
    let w = warned("hunt", "duel.json", |s| {
        let weapon = &mut s["fighters"][0]["weapons"][0];
        weapon["magazine"] = 2.into();
        weapon["ammo"] = 5.into();
    });
    assert!(
        w.iter()
            .any(|l| l.starts_with("fighters[0].weapons[0].ammo")),
        "{w:?}"
    );
}

// AGE-12: melee_reach 0 leaves melee weapons only foes on the same metre.
#[test]
fn age_melee_reach_0_is_warned() {
    let w = warned("age", "duel.json", |s| {
        if s.get("rules").is_none() {
            s["rules"] = serde_json::json!({});
        }
        s["rules"]["melee_reach"] = 0.into();
    });
    assert!(
        w.iter().any(|l| l.starts_with("rules.melee_reach")),
        "{w:?}"
    );
}

// A setup may name its schema; the lint and the engine ignore it.
#[test]
fn a_schema_key_is_accepted_everywhere() {
    for id in ["andromeda", "red", "age", "better-world", "hunt"] {
        let w = warned(id, "duel.json", |s| s["$schema"] = "x.json".into());
        assert!(w.is_empty(), "{id}: {w:?}");
    }
}
