//! The Rust reference for the cross-language conformance check: plays every registered
//! ruleset's demo (demo seed, stream 0) with the default tactic through the dice core's JSON
//! encounter surface — not through the C ABI — and writes the events JSON of each fight to
//! `<OUT_DIR>/<ruleset>.rust.json`. The C, C++ and C# clients write the same fights through
//! libfray; `scripts/test-native` compares the files byte for byte.
//!
//!     cargo run -q -p fray-ffi --example conformance -- OUT_DIR

use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).expect("usage: conformance OUT_DIR"));
    std::fs::create_dir_all(&dir).expect("the output directory can be made");
    for entry in fray_facade::rulesets() {
        let setup = (entry.demo_setup)();
        let mut fight = (entry.start)(&setup, entry.demo_seed, 0)
            .unwrap_or_else(|e| panic!("{}: the demo setup is refused: {e}", entry.id));
        let mut commands = 0;
        while let Some(command) = fight.suggest_json() {
            fight
                .apply_json(&command)
                .unwrap_or_else(|e| panic!("{}: the tactic's command is refused: {e}", entry.id));
            commands += 1;
        }
        let path = dir.join(format!("{}.rust.json", entry.id));
        std::fs::write(&path, fight.events_json()).expect("the events file can be written");
        println!("{}: {commands} commands → {}", entry.id, path.display());
    }
}
