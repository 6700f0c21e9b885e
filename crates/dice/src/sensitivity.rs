//! The variants `fray sensitivity` and Python's `fray.sensitivity` play: a setup with one
//! element at a time removed, or replaced by a given substitute. One enumeration for both, so
//! the two list the same variants in the same order (object keys in sorted order, the order
//! `serde_json` keeps them in, whatever order the caller's JSON had).
//!
//! The elements are found in the setup JSON itself, whatever the ruleset: every element of
//! every array of objects or strings (participants, their weapons, abilities, foci …),
//! labelled by its `name` (or the string itself).

use serde_json::Value;

/// At most this many variants in one run.
pub const MAX_VARIANTS: usize = 400;

/// A path like `fighters[1].stats.agility` as a JSON pointer (`/fighters/1/stats/agility`),
/// or an error quoting the path.
pub fn pointer(path: &str) -> Result<String, String> {
    let bad = || format!("{path:?} is not a path like fighters[1].stats.agility");
    let mut out = String::new();
    for part in path.split('.') {
        let (key, rest) = part
            .split_once('[')
            .map_or((part, None), |(k, r)| (k, Some(r)));
        if key.is_empty() {
            return Err(bad());
        }
        out.push('/');
        out.push_str(&key.replace('~', "~0").replace('/', "~1"));
        if let Some(rest) = rest {
            for index in rest.split('[') {
                let index: usize = index
                    .strip_suffix(']')
                    .and_then(|i| i.parse().ok())
                    .ok_or_else(bad)?;
                out.push_str(&format!("/{index}"));
            }
        }
    }
    Ok(out)
}

/// One element's change: removed, or replaced by a substitute.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The element's path, `fighters[2].weapons[0]`.
    pub path: String,
    /// Its name (or `#index`; a substitute for a path that is not an element: the path).
    pub label: String,
    /// `None`: removed; `Some`: replaced by this value.
    pub substitute: Option<Value>,
    /// Where the element is, as a JSON pointer.
    pub pointer: String,
}

impl Variant {
    /// `"removed"` or `"replaced"`.
    pub fn action(&self) -> &'static str {
        if self.substitute.is_some() {
            "replaced"
        } else {
            "removed"
        }
    }

    /// `base` with this variant's change. `base` must be the setup the variant was found in.
    pub fn apply(&self, base: &Value) -> Value {
        let mut setup = base.clone();
        match &self.substitute {
            Some(value) => {
                *setup
                    .pointer_mut(&self.pointer)
                    .expect("variants are checked against their setup") = value.clone();
            }
            None => {
                let (array, index) = self.pointer.rsplit_once('/').expect("element pointers");
                let index: usize = index.parse().expect("element pointers end in an index");
                setup
                    .pointer_mut(array)
                    .and_then(Value::as_array_mut)
                    .expect("elements are found in the setup")
                    .remove(index);
            }
        }
        setup
    }
}

/// Every element of every array of objects or strings in `value`, depth first.
fn elements(value: &Value, path: &str, pointer: &str, out: &mut Vec<Variant>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let sub = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                let ptr = format!("{pointer}/{}", key.replace('~', "~0").replace('/', "~1"));
                elements(v, &sub, &ptr, out);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let (sub, ptr) = (format!("{path}[{i}]"), format!("{pointer}/{i}"));
                let label = match item {
                    Value::Object(o) => o
                        .get("name")
                        .and_then(Value::as_str)
                        .map_or_else(|| format!("#{i}"), str::to_owned),
                    Value::String(s) => s.clone(),
                    _ => continue,
                };
                out.push(Variant {
                    path: sub.clone(),
                    label,
                    substitute: None,
                    pointer: ptr.clone(),
                });
                elements(item, &sub, &ptr, out);
            }
        }
        _ => {}
    }
}

/// The variants of `base`: each element removed, except where a substitute `(path, value)`
/// replaces it; a substitute for any other path is a variant of its own, after the elements.
/// The error names a substitute path that is not a path or not in the setup (`substitute
/// PATH: the setup has no such value`), or says there are too many elements.
pub fn variants(base: &Value, substitutes: &[(String, Value)]) -> Result<Vec<Variant>, String> {
    let mut found = Vec::new();
    elements(base, "", "", &mut found);
    for (path, value) in substitutes {
        let pointer = pointer(path).map_err(|e| format!("substitute: {e}"))?;
        if base.pointer(&pointer).is_none() {
            return Err(format!("substitute {path}: the setup has no such value"));
        }
        match found.iter_mut().find(|v| v.pointer == pointer) {
            Some(v) => v.substitute = Some(value.clone()),
            None => found.push(Variant {
                path: path.clone(),
                label: path.clone(),
                substitute: Some(value.clone()),
                pointer,
            }),
        }
    }
    if found.len() > MAX_VARIANTS {
        return Err(format!(
            "the setup has {} elements to vary; at most {MAX_VARIANTS}",
            found.len()
        ));
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_become_pointers_and_bad_paths_are_named() {
        assert_eq!(
            pointer("fighters[1].stats.agility").unwrap(),
            "/fighters/1/stats/agility"
        );
        assert_eq!(pointer("grid[0][2]").unwrap(), "/grid/0/2");
        assert_eq!(pointer("a~b/c").unwrap(), "/a~0b~1c");
        for bad in ["", ".a", "a..b", "a[x]", "a[1", "a.[1]", "[0]", "a[1]x"] {
            assert_eq!(
                pointer(bad).unwrap_err(),
                format!("{bad:?} is not a path like fighters[1].stats.agility"),
                "{bad}"
            );
        }
    }

    #[test]
    fn every_element_of_arrays_of_objects_and_strings_is_a_variant() {
        let setup = json!({
            "fighters": [
                {"name": "A", "weapons": [{"name": "knife"}], "foci": ["Rifles"], "pos": [0, 1]},
                {"weapons": []}
            ],
            "settings": {"max_rounds": 5}
        });
        let v = variants(&setup, &[]).unwrap();
        let found: Vec<(&str, &str, &str)> = v
            .iter()
            .map(|v| (v.path.as_str(), v.label.as_str(), v.action()))
            .collect();
        assert_eq!(
            found,
            [
                ("fighters[0]", "A", "removed"),
                ("fighters[0].foci[0]", "Rifles", "removed"),
                ("fighters[0].weapons[0]", "knife", "removed"),
                ("fighters[1]", "#1", "removed"),
            ]
        );
        assert_eq!(v[2].apply(&setup)["fighters"][0]["weapons"], json!([]));
        assert_eq!(v[0].apply(&setup)["fighters"], json!([{"weapons": []}]));
        let subs = [
            ("fighters[0].weapons[0]".to_owned(), json!({"name": "axe"})),
            ("settings.max_rounds".to_owned(), json!(9)),
        ];
        let v = variants(&setup, &subs).unwrap();
        assert_eq!(v.len(), 5);
        assert_eq!(v[2].action(), "replaced");
        assert_eq!(
            v[2].apply(&setup)["fighters"][0]["weapons"][0]["name"],
            "axe"
        );
        assert_eq!(
            (v[4].path.as_str(), v[4].label.as_str()),
            ("settings.max_rounds", "settings.max_rounds")
        );
        assert_eq!(v[4].apply(&setup)["settings"]["max_rounds"], 9);
        let not_a_path = [("a..b".to_owned(), json!(1))];
        assert_eq!(
            variants(&setup, &not_a_path).unwrap_err(),
            "substitute: \"a..b\" is not a path like fighters[1].stats.agility"
        );
        let missing = [("settings.nothing".to_owned(), json!(1))];
        assert_eq!(
            variants(&setup, &missing).unwrap_err(),
            "substitute settings.nothing: the setup has no such value"
        );
    }

    #[test]
    fn too_many_elements_are_refused_with_the_count() {
        let setup = json!({ "names": vec!["x"; MAX_VARIANTS + 1] });
        assert_eq!(
            variants(&setup, &[]).unwrap_err(),
            format!("the setup has 401 elements to vary; at most {MAX_VARIANTS}")
        );
    }
}
