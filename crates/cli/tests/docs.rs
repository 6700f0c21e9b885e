//! The `fray` commands of the guides run as written. In `docs/guide/*.md`:
//! - a ```` ```console ```` block holds `$ fray …` lines, each followed by its exact output
//!   (stdout on success; on failure the one stderr line, and the exit code must be 2);
//! - a ```` ```sh ```` block holds `fray …` lines that must succeed, or be refused with exit
//!   code 2 and one stderr line when written `fray … || echo …`.
//!
//! Commands run in a scratch folder laid out like the repository root (copies of
//! `examples/replays/` and `docs/guide/fights/`), so a guide can write files (`--out .`) and
//! read the golden replays and fight files by the paths a user types from a clone.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("scratch folder");
    for entry in fs::read_dir(from).expect("readable folder") {
        let entry = entry.expect("folder entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fray-docs-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_tree(
        &root().join("examples/replays"),
        &dir.join("examples/replays"),
    );
    copy_tree(
        &root().join("docs/guide/fights"),
        &dir.join("docs/guide/fights"),
    );
    dir
}

/// Splits a command line as a POSIX shell would for these simple cases: whitespace between
/// words, single quotes around a word, a `#` comment after whitespace.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            '#' if !quoted && !started => break,
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(!quoted, "unbalanced quote in {line:?}");
    if started {
        out.push(word);
    }
    out
}

struct Block {
    lang: String,
    lines: Vec<String>,
    at: String,
}

fn blocks(file: &Path) -> Vec<Block> {
    let text = fs::read_to_string(file).expect("guide readable");
    let name = file.file_name().unwrap().to_string_lossy().into_owned();
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (n, line) in text.lines().enumerate() {
        if let Some(fence) = line.strip_prefix("```") {
            match current.take() {
                Some(block) => out.push(block),
                None => {
                    current = Some(Block {
                        lang: fence.trim().to_owned(),
                        lines: Vec::new(),
                        at: format!("{name}:{}", n + 1),
                    })
                }
            }
        } else if let Some(block) = current.as_mut() {
            block.lines.push(line.to_owned());
        }
    }
    assert!(current.is_none(), "{name}: a code block is not closed");
    out
}

fn run(dir: &Path, args: &[String]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fray"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the fray binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn guides() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root().join("docs/guide"))
        .expect("docs/guide")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

/// (command words, expected output) of a console block.
fn console_steps(block: &Block) -> Vec<(Vec<String>, String)> {
    let mut steps: Vec<(Vec<String>, String)> = Vec::new();
    for line in &block.lines {
        if let Some(command) = line.strip_prefix("$ ") {
            steps.push((words(command), String::new()));
        } else {
            let (_, expected) = steps
                .last_mut()
                .unwrap_or_else(|| panic!("{}: output before any `$` line", block.at));
            expected.push_str(line);
            expected.push('\n');
        }
    }
    steps
}

#[test]
fn console_blocks_print_what_the_guides_show() {
    let dir = scratch("console");
    let mut checked = 0;
    for guide in guides() {
        for block in blocks(&guide).iter().filter(|b| b.lang == "console") {
            for (words, expected) in console_steps(block) {
                assert_eq!(
                    words.first().map(String::as_str),
                    Some("fray"),
                    "{}",
                    block.at
                );
                let (code, stdout, stderr) = run(&dir, &words[1..]);
                let shown = if code == 0 {
                    stdout
                } else {
                    assert_eq!(code, 2, "{}: {words:?} exits with {code}", block.at);
                    assert_eq!(
                        stderr.lines().count(),
                        1,
                        "{}: errors are one line",
                        block.at
                    );
                    stderr
                };
                assert_eq!(shown, expected, "{}: `{}`", block.at, words.join(" "));
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 4,
        "only {checked} console commands found in the guides"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn sh_blocks_of_fray_commands_succeed() {
    let dir = scratch("sh");
    let mut checked = 0;
    for guide in guides() {
        for block in blocks(&guide).iter().filter(|b| b.lang == "sh") {
            for line in &block.lines {
                // `fray … || echo …` shows a command that must be refused (exit code 2).
                let (command, refused) = match line.split_once(" || ") {
                    Some((command, _)) => (command, true),
                    None => (line.as_str(), false),
                };
                let words = words(command);
                if words.first().map(String::as_str) != Some("fray") {
                    continue;
                }
                let (code, stdout, stderr) = run(&dir, &words[1..]);
                if refused {
                    assert_eq!(code, 2, "{}: `{command}` should be refused", block.at);
                    assert_eq!(
                        stderr.lines().count(),
                        1,
                        "{}: errors are one line",
                        block.at
                    );
                } else {
                    assert_eq!(code, 0, "{}: `{line}` failed: {stderr}", block.at);
                    assert!(!stdout.is_empty(), "{}: `{line}` printed nothing", block.at);
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} sh commands found in the guides"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn the_word_splitter_reads_quotes_and_comments() {
    assert_eq!(
        words("fray roll '6d6>=5' --seed 3   # counts successes"),
        ["fray", "roll", "6d6>=5", "--seed", "3"]
    );
    assert_eq!(words("fray roll 'a b'"), ["fray", "roll", "a b"]);
}
