//! The header against its bindings: every function `include/fray.h` declares is bound by a
//! `DllImport` in `bindings/csharp/Fray.cs` (the test-only `fray_test_panic` in the C# test
//! program), the hostile C suite calls every one, and the C# `FrayResult` enum has every
//! `fray_result` code with its number.

use std::collections::BTreeSet;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `fray_…` names that start a parenthesis on declaration lines (not comments, not
/// macros) of the header.
fn header_functions(header: &str) -> BTreeSet<String> {
    header
        .lines()
        .filter(|l| !l.starts_with([' ', '*', '/', '#']) && !l.is_empty())
        .filter_map(|l| {
            let (before, _) = l.split_once('(')?;
            let name = before.rsplit([' ', '*']).next()?;
            name.starts_with("fray_").then(|| name.to_owned())
        })
        .collect()
}

/// The names after `static extern <type>` in C# sources.
fn dll_imports(source: &str) -> BTreeSet<String> {
    source
        .split("static extern ")
        .skip(1)
        .filter_map(|rest| {
            let after_type = rest.split_once(' ')?.1;
            let name: String = after_type
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            name.starts_with("fray_").then_some(name)
        })
        .collect()
}

#[test]
fn every_header_function_has_a_dll_import() {
    let header = header_functions(&read("include/fray.h"));
    assert!(header.len() >= 40, "found only {header:?}");
    assert!(header.contains("fray_encounter_ruleset"));
    let bound = dll_imports(&read("bindings/csharp/Fray.cs"));
    let tests = dll_imports(&read("bindings/csharp/tests/FrayTests.cs"));
    let missing: Vec<_> = header
        .iter()
        .filter(|f| {
            let test_only = f.as_str() == "fray_test_panic" && tests.contains(*f);
            !bound.contains(*f) && !test_only
        })
        .collect();
    assert!(missing.is_empty(), "Fray.cs binds none of {missing:?}");
    let extra: Vec<_> = bound.difference(&header).collect();
    assert!(
        extra.is_empty(),
        "Fray.cs imports functions the header lacks: {extra:?}"
    );
}

#[test]
fn the_hostile_c_suite_calls_every_header_function() {
    let suite = read("crates/ffi/tests/c/fray_hostile.c");
    let missing: Vec<_> = header_functions(&read("include/fray.h"))
        .into_iter()
        .filter(|f| !suite.contains(&format!("{f}(")) || !suite.contains(&format!("\"{f}\"")))
        .collect();
    assert!(
        missing.is_empty(),
        "fray_hostile.c does not call (and list in EXPORTS) {missing:?}"
    );
}

#[test]
fn the_csharp_result_enum_has_every_code() {
    let header = read("include/fray.h");
    let codes: Vec<i32> = header
        .lines()
        .filter_map(|l| l.trim().strip_prefix("FRAY_"))
        .filter_map(|l| l.split_once(" = "))
        .filter_map(|(_, n)| n.trim_end_matches(',').parse().ok())
        .collect();
    assert_eq!(codes, (0..16).collect::<Vec<_>>());
    let cs = read("bindings/csharp/Fray.cs");
    let start = cs.find("public enum FrayResult").expect("FrayResult");
    let body = &cs[start..start + cs[start..].find('}').unwrap()];
    let numbers: Vec<i32> = body
        .lines()
        .filter_map(|l| l.trim().split_once(" = "))
        .filter_map(|(_, n)| n.trim_end_matches(',').parse().ok())
        .collect();
    assert_eq!(numbers, codes);
}
