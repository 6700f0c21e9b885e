//! The committed JSON Schemas against the Rust types (issue 19): `schemas/<ruleset>.setup.json`,
//! `.command.json` and, where the ruleset has a policy type, `.policy.json` are what
//! `schemars` makes of the types today. `FRAY_BLESS_SCHEMAS=1 cargo test -p fray --test
//! schemas` rewrites them.

use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schemas")
}

/// Every (file name, text) the build makes.
fn generated() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for entry in fray::rulesets() {
        let schemas = entry
            .schemas
            .unwrap_or_else(|| panic!("{} has no schemas", entry.id));
        files.push((format!("{}.setup.json", entry.id), (schemas.setup)()));
        files.push((format!("{}.command.json", entry.id), (schemas.command)()));
        if let Some(policy) = schemas.policy {
            files.push((format!("{}.policy.json", entry.id), policy()));
        }
    }
    files
}

#[test]
fn committed_schemas_match_the_types() {
    let bless = std::env::var_os("FRAY_BLESS_SCHEMAS").is_some_and(|v| v == "1");
    let files = generated();
    if bless {
        std::fs::create_dir_all(dir()).unwrap();
        for (name, text) in &files {
            std::fs::write(dir().join(name), text).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (name, text) in &files {
        let committed = std::fs::read_to_string(dir().join(name)).unwrap_or_default();
        if &committed != text {
            stale.push(name.clone());
        }
    }
    assert!(
        stale.is_empty(),
        "schemas/ is out of date for {stale:?}: FRAY_BLESS_SCHEMAS=1 cargo test -p fray --test schemas"
    );
    // No file in schemas/ that the build does not make (a renamed ruleset, a dropped policy).
    let mut extra = Vec::new();
    for item in std::fs::read_dir(dir()).unwrap() {
        let name = item.unwrap().file_name().to_string_lossy().into_owned();
        if !files.iter().any(|(n, _)| *n == name) {
            extra.push(name);
        }
    }
    assert!(
        extra.is_empty(),
        "schemas/ has files no type makes: {extra:?}"
    );
}

#[test]
fn every_ruleset_has_setup_and_command_schemas_and_age_a_policy_schema() {
    let files = generated();
    for id in ["andromeda", "red", "age", "better-world", "hunt"] {
        for kind in ["setup", "command"] {
            let name = format!("{id}.{kind}.json");
            let (_, text) = files.iter().find(|(n, _)| *n == name).expect(&name);
            let schema: serde_json::Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
                "{name}"
            );
        }
    }
    assert!(files.iter().any(|(n, _)| n == "age.policy.json"));
}

#[test]
fn setup_schemas_allow_a_schema_key_and_parsing_ignores_it() {
    for entry in fray::rulesets() {
        let schema: serde_json::Value =
            serde_json::from_str(&(entry.schemas.unwrap().setup)()).unwrap();
        assert_eq!(
            schema["properties"]["$schema"]["type"], "string",
            "{}",
            entry.id
        );
        let mut setup: serde_json::Value = serde_json::from_str(&(entry.demo_setup)()).unwrap();
        setup["$schema"] = format!("../../schemas/{}.setup.json", entry.id).into();
        let text = setup.to_string();
        assert!((entry.start)(&text, 1, 0).is_ok(), "{}", entry.id);
        // Any other unknown key is still refused, naming it.
        setup["$schemas"] = "typo".into();
        let refused = (entry.start)(&setup.to_string(), 1, 0)
            .err()
            .expect(entry.id);
        assert!(
            refused.to_string().contains("$schemas"),
            "{}: {refused}",
            entry.id
        );
    }
}
