//! Replay files: `fray::verify_replay` on fuzzed JSON, and on a real demo replay (of every
//! registered ruleset) with fuzzed edits. Never a panic; an edited digest is reported as a
//! mismatch naming exactly the edited command (or the start), or as invalid (the overall
//! digest); a reordered replay never reports a mismatch before the first moved command; an
//! edit that leaves the inputs as they were never verifies with other digests.
//!
//! Input: `[mode/ruleset byte] rest`. Mode 0: `rest` is the replay text. Mode 1: `rest` is
//! triples (offset lo, offset hi, byte) written over the demo replay's text. Mode 2: `rest`
//! picks a digest and a hex digit to change. Mode 3: `rest` picks two commands to swap.
#![no_main]

use std::sync::OnceLock;

use fray::dice::{Replay, ReplayError};
use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/checks.rs"]
mod checks;

/// One demo replay per registered ruleset: the demo setup on its demo seed, 12 commands of
/// the default tactic (short, so verifying stays fast).
fn demos() -> &'static [Replay] {
    static DEMOS: OnceLock<Vec<Replay>> = OnceLock::new();
    DEMOS.get_or_init(|| {
        fray::rulesets()
            .iter()
            .map(|entry| {
                let mut encounter = (entry.start)(&(entry.demo_setup)(), entry.demo_seed, 0)
                    .expect("demo setup starts");
                for _ in 0..12 {
                    if !checks::apply_suggested(encounter.as_mut()) {
                        break;
                    }
                }
                Replay::from_json(&encounter.replay_json()).expect("own replay parses")
            })
            .collect()
    })
}

fn same_inputs(a: &Replay, b: &Replay) -> bool {
    (
        a.format,
        &a.ruleset,
        a.ruleset_version,
        a.seed,
        a.stream,
        &a.setup,
    ) == (
        b.format,
        &b.ruleset,
        b.ruleset_version,
        b.seed,
        b.stream,
        &b.setup,
    ) && a.commands.len() == b.commands.len()
        && a.commands
            .iter()
            .zip(&b.commands)
            .all(|(x, y)| x.command == y.command)
}

fn same_digests(a: &Replay, b: &Replay) -> bool {
    a.start_digest == b.start_digest
        && a.events_digest == b.events_digest
        && a.commands
            .iter()
            .zip(&b.commands)
            .all(|(x, y)| x.digest == y.digest)
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let demos = demos();
    let original = &demos[usize::from(first / 4) % demos.len()];
    match first % 4 {
        0 => {
            if let Ok(text) = std::str::from_utf8(rest) {
                let _ = fray::verify_replay(text);
            }
        }
        1 => {
            let mut bytes = original.to_json().into_bytes();
            for edit in rest.chunks_exact(3) {
                let at = (usize::from(edit[0]) | usize::from(edit[1]) << 8) % bytes.len();
                bytes[at] = edit[2];
            }
            let Ok(text) = std::str::from_utf8(&bytes) else {
                return;
            };
            if fray::verify_replay(text).is_ok() {
                let edited = Replay::from_json(text).expect("a verified replay parses");
                if same_inputs(&edited, original) {
                    assert!(
                        same_digests(&edited, original),
                        "an edited digest verified:\n{text}"
                    );
                }
            }
        }
        2 => {
            let mut edited = original.clone();
            let [which, at, digit, ..] = rest else {
                return;
            };
            let which = usize::from(*which) % (edited.commands.len() + 2);
            let digest = match which {
                0 => &mut edited.start_digest,
                1 => &mut edited.events_digest,
                i => &mut edited.commands[i - 2].digest,
            };
            let mut chars: Vec<char> = digest.chars().collect();
            if chars.is_empty() {
                return;
            }
            let at = usize::from(*at) % chars.len();
            let new = char::from(b"0123456789abcdefXg:-"[usize::from(*digit) % 20]);
            if chars[at] == new {
                return;
            }
            chars[at] = new;
            *digest = chars.into_iter().collect();
            let result = fray::verify_replay(&edited.to_json());
            match (which, &result) {
                (0, Err(ReplayError::Mismatch(m))) if m.command.is_none() => {}
                (1, Err(ReplayError::Invalid(_))) => {}
                (i, Err(ReplayError::Mismatch(m))) if i >= 2 && m.command == Some(i - 2) => {}
                _ => panic!("edited digest #{which} gave {result:?}"),
            }
        }
        _ => {
            let mut edited = original.clone();
            let n = edited.commands.len();
            let [i, j, ..] = rest else {
                return;
            };
            if n == 0 {
                return;
            }
            let (i, j) = (usize::from(*i) % n, usize::from(*j) % n);
            edited.commands.swap(i, j);
            if let Err(ReplayError::Mismatch(m)) = fray::verify_replay(&edited.to_json()) {
                assert!(
                    m.command.is_some_and(|k| k >= i.min(j)),
                    "commands {i} and {j} swapped, mismatch reported at {:?}",
                    m.command
                );
            }
        }
    }
});
