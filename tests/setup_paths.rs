//! A setup value of the wrong type is refused at its JSON path in every ruleset (issue 19):
//! the message says where (`fighters[1].stats.agility`), what was found and what is allowed.

use serde_json::Value;

/// The path (serde_path_to_error's style) and a pointer to the first integer leaf inside an
/// array of objects: a participant's number, in every ruleset's setup.
fn first_number_in_a_list(value: &Value, path: String, in_list: bool) -> Option<String> {
    match value {
        Value::Number(n) if in_list && n.is_u64() => Some(path),
        Value::Object(map) => map.iter().find_map(|(k, v)| {
            let p = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            first_number_in_a_list(v, p, in_list)
        }),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| first_number_in_a_list(v, format!("{path}[{i}]"), true)),
        _ => None,
    }
}

fn set(value: &mut Value, path: &str, to: Value) {
    let mut at = value;
    for part in path.split('.') {
        let (key, indices) = part
            .split_once('[')
            .map_or((part, ""), |(k, rest)| (k, rest));
        at = &mut at[key];
        for index in indices.split('[').filter(|s| !s.is_empty()) {
            at = &mut at[index.trim_end_matches(']').parse::<usize>().unwrap()];
        }
    }
    *at = to;
}

#[test]
fn a_number_of_the_wrong_type_is_refused_naming_its_path() {
    for entry in fray::rulesets() {
        let mut setup: Value = serde_json::from_str(&(entry.demo_setup)()).unwrap();
        let path = first_number_in_a_list(&setup, String::new(), false)
            .unwrap_or_else(|| panic!("{}: no number in a list", entry.id));
        set(&mut setup, &path, serde_json::json!(2.5));
        let err = match (entry.start)(&setup.to_string(), 1, 0) {
            Err(e) => e.to_string(),
            Ok(_) => panic!("{}: 2.5 at {path} was accepted", entry.id),
        };
        // Internally tagged enums hide what is inside them from the path: the path shown is
        // then the enum's, a prefix of the value's.
        let shown = err
            .split(" at ")
            .nth(1)
            .and_then(|rest| rest.split(':').next())
            .unwrap_or_else(|| panic!("{}: no path in {err:?}", entry.id));
        assert!(
            path.starts_with(shown) && shown.contains('['),
            "{}: {path} shown as {shown:?} in {err}",
            entry.id
        );
        assert!(err.contains("floating point `2.5`"), "{}: {err}", entry.id);
        assert!(err.contains("expected"), "{}: {err}", entry.id);
    }
}
