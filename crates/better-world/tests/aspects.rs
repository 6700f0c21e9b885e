//! `Aspects` is a fixed array standing in for the map it replaced: same JSON, same Debug,
//! same errors, explicit zeros kept.

use std::collections::BTreeMap;

use fray_better_world::{Aspect, Aspects, Character};

const INPUTS: [&str; 6] = [
    r#"{}"#,
    r#"{"reflexes":3,"perception":0}"#,
    r#"{"muscle_memory":2,"reflexes":1,"training":4}"#,
    r#"{"training":1,"training":5}"#,
    r#"{"agility":2}"#,
    r#"[1,2]"#,
];

#[test]
fn aspects_read_and_write_like_the_map() {
    for text in INPUTS {
        let map: Result<BTreeMap<Aspect, u32>, _> = serde_json::from_str(text);
        let ours: Result<Aspects, _> = serde_json::from_str(text);
        match (map, ours) {
            (Ok(map), Ok(ours)) => {
                assert_eq!(
                    serde_json::to_string(&ours).unwrap(),
                    serde_json::to_string(&map).unwrap(),
                    "{text}"
                );
                assert_eq!(format!("{ours:?}"), format!("{map:?}"), "{text}");
                for a in Aspect::ALL {
                    assert_eq!(ours.get(a), map.get(&a).copied(), "{text} {a:?}");
                    assert_eq!(ours.value(a), map.get(&a).copied().unwrap_or(0));
                }
                let collected: Aspects = map.iter().map(|(&a, &k)| (a, k)).collect();
                assert_eq!(collected, ours);
            }
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{text}"),
            (a, b) => panic!("{text}: map {a:?}, aspects {b:?}"),
        }
    }
}

#[test]
fn a_character_keeps_an_aspect_given_as_zero() {
    let mut c = Character::default();
    assert_eq!(c.aspects.insert(Aspect::Perception, 0), None);
    assert_eq!(c.aspects.insert(Aspect::Perception, 2), Some(0));
    c.aspects.insert(Aspect::Reflexes, 0);
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(
        json["aspects"],
        serde_json::json!({"reflexes": 0, "perception": 2})
    );
    let back: Character = serde_json::from_value(json).unwrap();
    assert_eq!(back, c);
    assert_eq!(back.aspect(Aspect::Training), 0);
}
