//! The documentation in `docs/` against the code: every rule ID a test names is documented in
//! `docs/rules/`, every documented ID is named by some test, every rule entry says what the
//! engine does and which passage of the source it follows, the index links resolve, and no
//! file a user reads points outside the repository.
//!
//! Test files are found the way the project has always counted rule coverage: Rust files
//! under a `tests/` directory, and any Rust file containing `#[test]` or `proptest!`. IDs are
//! matched as whole words (`grep -w`). This file names no rule ID itself.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The rule-ID prefixes, one per ruleset file in `docs/rules/`.
const RULESETS: [(&str, &str); 5] = [
    ("andromeda", "AND"),
    ("red", "RED"),
    ("age", "AGE"),
    ("better-world", "BW"),
    ("hunt", "HUNT"),
];

/// Directories that are build output, caches or local environments, never sources.
const SKIP_DIRS: [&str; 10] = [
    "target",
    ".git",
    ".venv",
    "build",
    "corpus",
    "artifacts",
    "node_modules",
    "__pycache__",
    ".ipynb_checkpoints",
    ".pytest_cache",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !SKIP_DIRS.contains(&name.as_ref()) {
                walk(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// Whole-word rule IDs (`PREFIX-digits`) in `text`, with a known prefix.
fn rule_ids(text: &str) -> BTreeSet<String> {
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut found = BTreeSet::new();
    for (_, prefix) in RULESETS {
        let needle = format!("{prefix}-");
        let mut from = 0;
        while let Some(at) = text[from..].find(&needle) {
            let start = from + at;
            let digits_from = start + needle.len();
            let mut end = digits_from;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            let before_ok = start == 0 || !word(bytes[start - 1]);
            let after_ok = end == bytes.len() || !word(bytes[end]);
            if end > digits_from && before_ok && after_ok {
                found.insert(text[start..end].to_owned());
            }
            from = digits_from;
        }
    }
    found
}

/// The Rust test code of the repository: path and text.
fn test_sources() -> Vec<(String, String)> {
    let mut files = Vec::new();
    walk(&root(), &mut files);
    let this = root().join("tests").join("docs.rs");
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && *p != this)
        .filter_map(|p| {
            let text = fs::read_to_string(&p).ok()?;
            let rel = relative(&p);
            let under_tests = rel.split('/').rev().skip(1).any(|c| c == "tests");
            (under_tests || text.contains("#[test]") || text.contains("proptest!"))
                .then_some((rel, text))
        })
        .collect()
}

/// One `### ID title` entry of a rules file: its ID and its body lines.
struct Entry {
    id: String,
    body: Vec<String>,
}

fn rule_entries(ruleset: &str) -> Vec<Entry> {
    let path = root().join("docs/rules").join(format!("{ruleset}.md"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", relative(&path)));
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            let id = heading.split_whitespace().next().unwrap_or("").to_owned();
            entries.push(Entry {
                id,
                body: Vec::new(),
            });
        } else if let Some(entry) = entries.last_mut() {
            entry.body.push(line.to_owned());
        }
    }
    entries
}

fn documented_ids() -> BTreeSet<String> {
    RULESETS
        .iter()
        .flat_map(|(ruleset, _)| rule_entries(ruleset))
        .map(|e| e.id)
        .collect()
}

#[test]
fn every_rule_id_named_in_a_test_is_documented() {
    let documented = documented_ids();
    let mut missing = Vec::new();
    for (path, text) in test_sources() {
        for id in rule_ids(&text) {
            if !documented.contains(&id) {
                missing.push(format!("{id} (named in {path})"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule IDs named in tests but absent from docs/rules/: {missing:?}"
    );
}

/// A rule ID in an engine's code (a refusal, an event, a modifier's source) that the rules
/// file does not have is a typo a player would read: each ruleset crate names only its own,
/// documented IDs.
#[test]
fn every_rule_id_in_an_engine_is_its_own_and_documented() {
    let documented = documented_ids();
    let mut wrong = Vec::new();
    for (ruleset, prefix) in RULESETS {
        let mut files = Vec::new();
        walk(&root().join("crates").join(ruleset).join("src"), &mut files);
        assert!(!files.is_empty(), "crates/{ruleset}/src has no files");
        for path in files {
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            for id in rule_ids(&text) {
                let own = id.split_once('-').is_some_and(|(p, _)| p == prefix);
                if !own || !documented.contains(&id) {
                    wrong.push(format!("{id} in {}", relative(&path)));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "rule IDs in engine code that are another ruleset's or absent from docs/rules/: {wrong:?}"
    );
}

#[test]
fn every_documented_rule_id_is_named_in_a_test() {
    let tested: BTreeSet<String> = test_sources()
        .iter()
        .flat_map(|(_, text)| rule_ids(text))
        .collect();
    let untested: Vec<_> = documented_ids().difference(&tested).cloned().collect();
    assert!(
        untested.is_empty(),
        "rule IDs documented in docs/rules/ but named by no test: {untested:?}"
    );
}

#[test]
fn each_rules_file_has_its_own_ids_once_each_in_order() {
    for (ruleset, prefix) in RULESETS {
        let ids: Vec<String> = rule_entries(ruleset).into_iter().map(|e| e.id).collect();
        assert!(!ids.is_empty(), "docs/rules/{ruleset}.md documents no rule");
        let numbers: Vec<u32> = ids
            .iter()
            .map(|id| {
                let n = id
                    .strip_prefix(prefix)
                    .and_then(|r| r.strip_prefix('-'))
                    .unwrap_or_else(|| panic!("docs/rules/{ruleset}.md: {id:?} is not {prefix}-N"));
                n.parse()
                    .unwrap_or_else(|_| panic!("docs/rules/{ruleset}.md: {id:?} has no number"))
            })
            .collect();
        assert!(
            numbers.windows(2).all(|w| w[0] < w[1]),
            "docs/rules/{ruleset}.md: IDs out of order or repeated: {ids:?}"
        );
    }
}

#[test]
fn each_rule_entry_says_what_the_engine_does_and_quotes_its_source() {
    for (ruleset, _) in RULESETS {
        for entry in rule_entries(ruleset) {
            let at = format!("docs/rules/{ruleset}.md {}", entry.id);
            let has_engine = entry.body.iter().any(|l| l.starts_with("- **Engine:**"));
            assert!(has_engine, "{at}: no '- **Engine:**' line");
            let sources: Vec<&String> = entry
                .body
                .iter()
                .filter(|l| l.starts_with("- **Source:**"))
                .collect();
            assert!(!sources.is_empty(), "{at}: no '- **Source:**' line");
            for line in sources {
                let (quote, translation) = source_quote(line)
                    .unwrap_or_else(|| panic!("{at}: expected «Russian» — English in {line:?}"));
                assert!(
                    quote
                        .chars()
                        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c))),
                    "{at}: the quote is not Russian: {quote:?}"
                );
                assert!(
                    translation.chars().any(|c| c.is_ascii_alphabetic()),
                    "{at}: no English translation after the quote"
                );
            }
        }
    }
}

/// `«quote» — translation` of a Source line: the quote runs to the last `» — `, so
/// guillemets inside the quoted text stay part of it.
fn source_quote(line: &str) -> Option<(&str, &str)> {
    let open = line.find('«')?;
    let close = line.rfind("» — ")?;
    (close > open).then(|| {
        (
            &line[open + '«'.len_utf8()..close],
            &line[close + "» — ".len()..],
        )
    })
}

/// With `FRAY_SOURCES` set to a folder of the Russian source texts, every quote must be
/// copied from them exactly. A user's clone has no such folder, so the check is opt-in.
#[test]
fn quotes_are_copied_exactly_when_the_sources_are_at_hand() {
    let Some(dir) = std::env::var_os("FRAY_SOURCES") else {
        eprintln!("FRAY_SOURCES not set: the quotes are not compared with the source texts");
        return;
    };
    let mut files = Vec::new();
    walk(Path::new(&dir), &mut files);
    let sources: String = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter_map(|p| fs::read_to_string(p).ok())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!sources.is_empty(), "FRAY_SOURCES has no .txt files");
    for (ruleset, _) in RULESETS {
        for entry in rule_entries(ruleset) {
            for line in entry.body.iter().filter(|l| l.starts_with("- **Source:**")) {
                let (quote, _) = source_quote(line).expect("checked by the entry test");
                assert!(
                    sources.contains(quote),
                    "docs/rules/{ruleset}.md {}: not in the sources verbatim: {quote:?}",
                    entry.id
                );
            }
        }
    }
}

#[test]
fn the_docs_index_links_resolve() {
    let docs = root().join("docs");
    let mut files = Vec::new();
    walk(&docs, &mut files);
    files.push(root().join("README.md"));
    files.push(root().join("CHANGELOG.md"));
    let mut broken = Vec::new();
    for file in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", relative(file)));
        for target in markdown_links(&text) {
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let path = target.split('#').next().unwrap_or("");
            let resolved = file.parent().expect("a file has a folder").join(path);
            if !resolved.exists() {
                broken.push(format!("{} -> {target}", relative(file)));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to files that do not exist: {broken:?}"
    );
}

/// Targets of inline Markdown links `[text](target)`.
fn markdown_links(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        match after.find(')') {
            Some(end) if !after[..end].contains(char::is_whitespace) => out.push(&after[..end]),
            _ => {}
        }
        rest = after;
    }
    out
}

#[test]
fn every_ruleset_and_guide_is_in_the_docs_index() {
    let index = fs::read_to_string(root().join("docs/README.md")).expect("docs/README.md");
    let mut wanted: Vec<String> = RULESETS
        .iter()
        .map(|(r, _)| format!("rules/{r}.md"))
        .collect();
    for page in [
        "guide/designer.md",
        "guide/tool-maker.md",
        "guide/game-master.md",
        "determinism.md",
        "replay-format.md",
    ] {
        assert!(
            root().join("docs").join(page).exists(),
            "docs/{page} is missing"
        );
        wanted.push(page.to_owned());
    }
    for page in wanted {
        assert!(
            index.contains(&format!("]({page})")),
            "docs/README.md does not link {page}"
        );
    }
}

/// The folder of source documents sits next to the repository on the authors' machines
/// only; a file a user reads must not send them there. Test harness code (under `tests/`,
/// `test/` or `scripts/`) may read the sources for its checks.
#[test]
fn no_file_a_user_reads_points_outside_the_repository() {
    let mut files = Vec::new();
    walk(&root(), &mut files);
    let needle = concat!("..", "/shared").as_bytes();
    let mut offenders = Vec::new();
    for file in files {
        let rel = relative(&file);
        let harness = rel
            .split('/')
            .rev()
            .skip(1)
            .any(|c| c == "tests" || c == "test" || c == "scripts");
        if harness {
            continue;
        }
        let Ok(bytes) = fs::read(&file) else { continue };
        if bytes.windows(needle.len()).any(|w| w == needle) {
            offenders.push(rel);
        }
    }
    assert!(
        offenders.is_empty(),
        "files that point outside the repository (link docs/ instead): {offenders:?}"
    );
}

/// C, C++ and C# in the guides are excerpts of files the native suite compiles and runs:
/// each such block follows an `<!-- excerpt: PATH -->` line and appears in PATH verbatim.
#[test]
fn native_code_in_the_docs_is_an_excerpt_of_compiled_code() {
    let mut files = Vec::new();
    walk(&root().join("docs"), &mut files);
    let mut checked = 0;
    for file in files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
    {
        let text = fs::read_to_string(file).expect("readable page");
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let lang = lines[i].strip_prefix("```").map(str::trim);
            let Some(lang) = lang.filter(|l| !l.is_empty()) else {
                i += 1;
                continue;
            };
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].starts_with("```"))
                .unwrap_or_else(|| panic!("{}:{}: block not closed", relative(file), i + 1));
            if ["c", "cpp", "csharp"].contains(&lang) {
                let at = format!("{}:{}", relative(file), i + 1);
                let source = i
                    .checked_sub(1)
                    .and_then(|p| lines[p].strip_prefix("<!-- excerpt: "))
                    .and_then(|l| l.strip_suffix(" -->"))
                    .unwrap_or_else(|| {
                        panic!("{at}: a {lang} block must follow <!-- excerpt: PATH -->")
                    });
                let compiled = fs::read_to_string(root().join(source))
                    .unwrap_or_else(|e| panic!("{at}: {source}: {e}"));
                let excerpt = lines[i + 1..end].join("\n");
                assert!(
                    compiled.contains(&excerpt),
                    "{at}: the block is no longer in {source}, line for line"
                );
                checked += 1;
            }
            i = end + 1;
        }
    }
    assert!(checked >= 4, "only {checked} native excerpts found");
}
