//! Golden replay files (issue 11, cross-language conformance).
//!
//! `examples/replays/<ruleset>/*.json` are fights recorded with `Replay::record`, refused
//! commands included; `examples/replays/DIGESTS` lists each file with its events digest and
//! its accepted and refused command counts; `examples/replays/TAMPERED` lists edited copies
//! that must be reported as mismatches at a given command. The CLI, C, C# and Python suites
//! check the same files against the same manifests, so every language must agree.
//!
//! `cargo test -p fray --test replays` verifies the files, the manifests and the README's
//! generated section; `FRAY_BLESS_REPLAYS=1 cargo test -p fray --test replays` rewrites them
//! all from the plans below (deterministically: fixed seeds, the default tactic).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use fray::dice::{Catalog, Replay, ReplayError, RuleError, Session, MAX_TRIAL_COMMANDS};
use serde_json::{json, Value};

fn replays_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/replays")
}

/// Rewrites the files first when `FRAY_BLESS_REPLAYS=1`; every test calls it, and the others
/// wait until the rewrite is done before reading.
fn files_ready() {
    static BLESS: std::sync::Once = std::sync::Once::new();
    BLESS.call_once(|| {
        if std::env::var_os("FRAY_BLESS_REPLAYS").is_some_and(|v| v == "1") {
            bless();
        }
    });
}

// ---------------------------------------------------------------------------------------------
// The plans: which fights each ruleset ships
// ---------------------------------------------------------------------------------------------

/// How an illegal command is made from the command the default tactic is about to play.
#[derive(Clone, Copy)]
enum Edit {
    /// The tactic's command with one field replaced (only where the command has that field).
    Set(&'static str, fn() -> Value),
    /// A command of its own, made from the tactic's (its actor, say), or `None` where the
    /// tactic's command does not suit.
    Make(fn(&Value) -> Option<Value>),
}

/// An illegal command mixed into the default tactic's stream: inserted before the first
/// tactic command, at or after `from`, for which it is refused under `rule`. Requiring the
/// rule keeps the `kind` label honest.
#[derive(Clone, Copy)]
struct Illegal {
    from: usize,
    kind: &'static str,
    edit: Edit,
    rule: &'static str,
}

/// What one ruleset ships besides its demo: the illegal commands of `refusals.json` and the
/// setup change of `modified.json`.
struct Plan {
    id: &'static str,
    refusals: [Illegal; 4],
    modified: &'static str,
    modify: fn(&mut Value),
}

const OUT_OF_TURN: &str = "out-of-turn actor";
const UNKNOWN_TARGET: &str = "unknown target";
const UNKNOWN_GEAR: &str = "wrong shape: names gear or an ability the actor lacks";
const WRONG_MOMENT: &str = "wrong kind: a command the moment does not allow";

/// Removes the last combatant of the setup's list `list`.
fn drop_last(setup: &mut Value, list: &str) {
    setup[list]
        .as_array_mut()
        .expect("the setup has a list of combatants")
        .pop();
}

fn plans() -> Vec<Plan> {
    vec![
        Plan {
            id: "andromeda",
            refusals: [
                Illegal {
                    from: 2,
                    kind: OUT_OF_TURN,
                    edit: Edit::Set("actor", || json!("mira")),
                    rule: "AND-07",
                },
                Illegal {
                    from: 5,
                    kind: UNKNOWN_TARGET,
                    edit: Edit::Set("targets", || json!(["nobody"])),
                    rule: "AND-09",
                },
                Illegal {
                    from: 9,
                    kind: UNKNOWN_GEAR,
                    edit: Edit::Set("ability", || json!("no-such-ability")),
                    rule: "AND-11",
                },
                Illegal {
                    from: 14,
                    kind: WRONG_MOMENT,
                    // Letting go of a grab the actor does not hold.
                    edit: Edit::Make(|next| {
                        (next["type"] == "use_ability")
                            .then(|| json!({"type": "release", "actor": next["actor"]}))
                    }),
                    rule: "AND-42",
                },
            ],
            modified: "the demo setup without its last participant (the gun drone)",
            modify: |s| drop_last(s, "participants"),
        },
        Plan {
            id: "red",
            refusals: [
                Illegal {
                    from: 1,
                    kind: OUT_OF_TURN,
                    edit: Edit::Set("actor", || json!(1)),
                    rule: "RED-03",
                },
                Illegal {
                    from: 4,
                    kind: UNKNOWN_TARGET,
                    edit: Edit::Set("target", || json!(9)),
                    rule: "RED-08",
                },
                Illegal {
                    from: 8,
                    kind: UNKNOWN_GEAR,
                    edit: Edit::Set("weapon", || json!(7)),
                    rule: "RED-08",
                },
                Illegal {
                    from: 12,
                    kind: WRONG_MOMENT,
                    // Running before moving this turn.
                    edit: Edit::Make(|next| {
                        let actor = next.get("actor")?;
                        Some(json!({"type": "run", "actor": actor}))
                    }),
                    rule: "RED-08",
                },
            ],
            modified: "the demo setup without its last character (Dice): a duel",
            modify: |s| drop_last(s, "characters"),
        },
        Plan {
            id: "age",
            refusals: [
                Illegal {
                    from: 1,
                    kind: OUT_OF_TURN,
                    edit: Edit::Set("actor", || json!("Vex")),
                    rule: "AGE-08",
                },
                Illegal {
                    from: 3,
                    kind: UNKNOWN_TARGET,
                    edit: Edit::Set("target", || json!("Nobody")),
                    rule: "command",
                },
                Illegal {
                    from: 3,
                    kind: UNKNOWN_GEAR,
                    edit: Edit::Set("item", || json!("no-such-item")),
                    rule: "AGE-11",
                },
                Illegal {
                    from: 8,
                    kind: WRONG_MOMENT,
                    // Spending stunt points nobody rolled.
                    edit: Edit::Make(|next| {
                        let actor = next.get("actor")?;
                        Some(json!({"type": "spend_stunts", "actor": actor,
                                    "stunts": [{"points": 1, "stunt": "duck_and_weave"}]}))
                    }),
                    rule: "AGE-21",
                },
            ],
            modified: "the demo setup without its last character (Kask)",
            modify: |s| drop_last(s, "characters"),
        },
        Plan {
            id: "better-world",
            refusals: [
                Illegal {
                    from: 1,
                    kind: OUT_OF_TURN,
                    edit: Edit::Set("actor", || json!(2)),
                    rule: "BW-08",
                },
                Illegal {
                    from: 4,
                    kind: UNKNOWN_TARGET,
                    edit: Edit::Set("target", || json!(9)),
                    rule: "setup",
                },
                Illegal {
                    from: 8,
                    kind: UNKNOWN_GEAR,
                    edit: Edit::Set("weapon", || json!(7)),
                    rule: "BW-14",
                },
                Illegal {
                    from: 12,
                    kind: WRONG_MOMENT,
                    // Breaking free while nobody holds the actor.
                    edit: Edit::Make(|next| {
                        let actor = next.get("actor")?;
                        Some(json!({"type": "break_free", "actor": actor}))
                    }),
                    rule: "BW-29",
                },
            ],
            modified:
                "the demo setup without its last character (the booth guard who joins in round 2)",
            modify: |s| drop_last(s, "characters"),
        },
        Plan {
            id: "hunt",
            refusals: [
                Illegal {
                    from: 1,
                    kind: OUT_OF_TURN,
                    // Re-splitting while no counterattack window is open.
                    edit: Edit::Make(|_| {
                        Some(json!({"type": "resplit", "fighter": "Hunter", "defense": 2,
                                    "attack": 3, "damage": 3, "split": []}))
                    }),
                    rule: "HUNT-19",
                },
                Illegal {
                    from: 3,
                    kind: UNKNOWN_TARGET,
                    edit: Edit::Set("target", || json!("Nobody")),
                    rule: "HUNT-24",
                },
                Illegal {
                    from: 6,
                    kind: UNKNOWN_GEAR,
                    edit: Edit::Set("weapon", || json!("no-such-weapon")),
                    rule: "HUNT-06",
                },
                Illegal {
                    from: 9,
                    kind: WRONG_MOMENT,
                    // Resolving the exchange before everyone has declared.
                    edit: Edit::Make(|next| {
                        (next["type"] == "declare").then(|| json!({"type": "resolve"}))
                    }),
                    rule: "HUNT-06",
                },
            ],
            modified: "the demo setup with the prey starting far from the hunter",
            modify: |s| s["opening"]["prey_distance"] = json!("far"),
        },
    ]
}

/// The fights every ruleset ships, one file each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fight {
    /// The demo setup at the ruleset's `DEMO_SEED`, stream 0, to the end.
    Demo,
    /// Another seed and stream, with the plan's illegal commands mixed in.
    Refusals,
    /// The plan's modified setup, to the end.
    Modified,
    /// The demo setup on another seed and stream, stopped part-way.
    Partial,
}

const FIGHTS: [Fight; 4] = [
    Fight::Demo,
    Fight::Refusals,
    Fight::Modified,
    Fight::Partial,
];
/// Where `partial.json` stops.
const PARTIAL_COMMANDS: usize = 12;

impl Fight {
    fn file(self) -> &'static str {
        match self {
            Fight::Demo => "demo.json",
            Fight::Refusals => "refusals.json",
            Fight::Modified => "modified.json",
            Fight::Partial => "partial.json",
        }
    }

    fn from_file(name: &str) -> Option<Fight> {
        FIGHTS.into_iter().find(|f| f.file() == name)
    }

    /// Seed and stream (the demo's seed is the ruleset's `DEMO_SEED`).
    fn dice(self, demo_seed: u64) -> (u64, u64) {
        match self {
            Fight::Demo => (demo_seed, 0),
            Fight::Refusals => (2026, 3),
            Fight::Modified => (11, 1),
            Fight::Partial => (99, 7),
        }
    }

    fn describe(self, plan: &Plan) -> String {
        match self {
            Fight::Demo => "the demo setup at its `DEMO_SEED`, stream 0, played to the end by the default tactic".into(),
            Fight::Refusals => "the demo setup, the default tactic with illegal commands mixed into its input, each recorded as refused and refused again (under the same rule) on replay".into(),
            Fight::Modified => format!("{}, played to the end by the default tactic", plan.modified),
            Fight::Partial => format!("the demo setup, stopped after {PARTIAL_COMMANDS} commands with the fight unfinished"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------------------------

/// Runs `$body` with `$C` the ruleset type of id `$id`: the one place that names them.
macro_rules! by_ruleset {
    ($id:expr, $C:ident => $body:expr) => {
        match $id {
            "andromeda" => {
                type $C = fray::andromeda::Andromeda;
                $body
            }
            "red" => {
                type $C = fray::red::Red;
                $body
            }
            "age" => {
                type $C = fray::age::Age;
                $body
            }
            "better-world" => {
                type $C = fray::better_world::BetterWorld;
                $body
            }
            "hunt" => {
                type $C = fray::hunt::Hunt;
                $body
            }
            other => panic!("tests/replays.rs does not know the ruleset type of '{other}'"),
        }
    };
}

// ---------------------------------------------------------------------------------------------

impl Edit {
    /// The illegal command made from the tactic's `next`, or `None` when `next` lacks the field.
    fn apply(self, next: &Value) -> Option<Value> {
        match self {
            Edit::Set(field, value) => {
                let mut command = next.clone();
                let slot = command.get_mut(field)?;
                *slot = value();
                Some(command)
            }
            Edit::Make(make) => make(next),
        }
    }
}

/// Plays the default tactic from `setup`, inserting each of `illegal` (in order) where it is
/// refused under its rule, for at most `limit` tactic commands; records the whole input.
fn record<C: Catalog + Clone>(
    setup: &Value,
    (seed, stream): (u64, u64),
    illegal: &[Illegal],
    limit: usize,
) -> Replay
where
    C::Setup: Send + Sync,
    C::Command: Send,
    C::Event: Send,
    C::State: Send,
{
    let setup: C::Setup = serde_json::from_value(setup.clone()).expect("the setup fits");
    let mut session = Session::<C>::start(setup.clone(), seed, stream).expect("the setup starts");
    let mut input = Vec::new();
    let mut pending = illegal.iter().peekable();
    // The last refusal under another rule than the pending command's, for the failure message.
    let mut other_rule = None;
    for step in 0..limit.min(MAX_TRIAL_COMMANDS) {
        let Some(next) = C::next_command(session.state()) else {
            break;
        };
        let next_json = serde_json::to_value(&next).expect("commands serialize");
        while let Some(bad) = pending.peek() {
            let Some(command) = bad.edit.apply(&next_json).filter(|_| step >= bad.from) else {
                break;
            };
            let command: C::Command = serde_json::from_value(command).unwrap_or_else(|e| {
                panic!("{}: the {} command does not parse: {e}", C::ID, bad.kind)
            });
            match session.clone().apply(command.clone()) {
                Err(RuleError { rule, .. }) if rule == bad.rule => {
                    input.push(command);
                    pending.next();
                    other_rule = None;
                }
                Err(e) => {
                    other_rule = Some(e.to_string());
                    break;
                }
                Ok(_) => break,
            }
        }
        session
            .apply(next.clone())
            .expect("the tactic's commands are legal");
        input.push(next);
    }
    if let Some(bad) = pending.next() {
        panic!(
            "{}: no tactic command from #{} on lets the {} command be refused under {} \
             (last refused as {other_rule:?})",
            C::ID,
            bad.from,
            bad.kind,
            bad.rule
        );
    }
    Replay::record::<C>(&setup, seed, stream, &input).expect("the setup starts")
}

/// Records `fight` of the plan's ruleset.
fn record_fight(plan: &Plan, fight: Fight) -> Replay {
    let entry = fray::ruleset(plan.id).expect("the plan's ruleset is registered");
    let mut setup: Value =
        serde_json::from_str(&(entry.demo_setup)()).expect("the demo setup is JSON");
    let (illegal, limit): (&[Illegal], usize) = match fight {
        Fight::Refusals => (&plan.refusals, usize::MAX),
        Fight::Partial => (&[], PARTIAL_COMMANDS),
        Fight::Demo | Fight::Modified => (&[], usize::MAX),
    };
    if fight == Fight::Modified {
        (plan.modify)(&mut setup);
    }
    let dice = fight.dice(entry.demo_seed);
    by_ruleset!(plan.id, C => record::<C>(&setup, dice, illegal, limit))
}

/// The file text: the head fields and the setup on one line each, then one line per
/// command, so that a diff or a hand edit touches exactly the command it is about.
fn file_text(replay: &Replay) -> String {
    let line = |v: &Value| serde_json::to_string(v).expect("JSON values serialize");
    let mut text = format!(
        "{{\n  \"format\": {},\n  \"ruleset\": {},\n  \"ruleset_version\": {},\n  \"seed\": {},\n  \"stream\": {},\n  \"setup\": {},\n  \"start_digest\": {},\n  \"commands\": [",
        replay.format,
        line(&json!(replay.ruleset)),
        replay.ruleset_version,
        replay.seed,
        replay.stream,
        line(&replay.setup),
        line(&json!(replay.start_digest)),
    );
    for (i, step) in replay.commands.iter().enumerate() {
        let sep = if i == 0 { "" } else { "," };
        let step = json!({"command": step.command, "digest": step.digest});
        write!(text, "{sep}\n    {}", line(&step)).expect("writing to a String");
    }
    write!(
        text,
        "\n  ],\n  \"events_digest\": {}\n}}\n",
        line(&json!(replay.events_digest))
    )
    .expect("writing to a String");
    let back = Replay::from_json(&text).expect("the written file parses");
    assert_eq!(
        &back, replay,
        "the file text holds every field of the replay"
    );
    text
}

// ---------------------------------------------------------------------------------------------
// Manifests and the README
// ---------------------------------------------------------------------------------------------

/// One line of DIGESTS: `PATH DIGEST accepted=N refused=N`.
#[derive(Debug, PartialEq, Eq)]
struct Golden {
    path: String,
    digest: String,
    accepted: usize,
    refused: usize,
}

impl Golden {
    fn line(&self) -> String {
        format!(
            "{} {} accepted={} refused={}",
            self.path, self.digest, self.accepted, self.refused
        )
    }

    fn parse(line: &str) -> Golden {
        let fields: Vec<&str> = line.split(' ').collect();
        let count = |field: &str, key: &str| -> usize {
            field
                .strip_prefix(key)
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("DIGESTS line {line:?}: expected {key}N"))
        };
        match fields[..] {
            [path, digest, accepted, refused] => Golden {
                path: path.to_owned(),
                digest: digest.to_owned(),
                accepted: count(accepted, "accepted="),
                refused: count(refused, "refused="),
            },
            _ => panic!("DIGESTS line {line:?} does not have four fields"),
        }
    }
}

/// Every ruleset directory's JSON files, as paths relative to the replays directory, sorted.
fn golden_paths() -> Vec<String> {
    let mut paths = Vec::new();
    for entry in fray::rulesets() {
        let dir = replays_dir().join(entry.id);
        let Ok(files) = fs::read_dir(&dir) else {
            continue;
        };
        for file in files {
            let name = file.expect("a readable directory").file_name();
            let name = name.to_str().expect("UTF-8 file names");
            if name.ends_with(".json") {
                paths.push(format!("{}/{name}", entry.id));
            }
        }
    }
    paths.sort();
    paths
}

fn read(path: &str) -> String {
    let full = replays_dir().join(path);
    fs::read_to_string(&full).unwrap_or_else(|e| panic!("cannot read {}: {e}", full.display()))
}

fn plan(id: &str) -> Plan {
    plans()
        .into_iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("ruleset '{id}' has no golden replay plan in tests/replays.rs"))
}

const README_BEGIN: &str = "<!-- BEGIN generated by tests/replays.rs: FRAY_BLESS_REPLAYS=1 -->";
const README_END: &str = "<!-- END generated -->";

/// The README's list of files, made from the files themselves (counts, digests, and each
/// refused command with the refusal it gets now) and the plans' descriptions.
fn readme_section(paths: &[String]) -> String {
    let mut out = String::new();
    let mut last_id = "";
    for path in paths {
        let (id, name) = path.split_once('/').expect("ruleset/file paths");
        let plan = plan(id);
        let fight = Fight::from_file(name)
            .unwrap_or_else(|| panic!("{path}: not one of the planned fights"));
        let replay = Replay::from_json(&read(path)).expect("a golden file parses");
        let report = fray::verify_replay(&read(path)).expect("a golden file verifies");
        if id != last_id {
            writeln!(out, "\n### {id}\n").expect("writing to a String");
            last_id = id;
        }
        writeln!(
            out,
            "- `{path}`: {}. Seed {}, stream {}; {} commands applied, {} refused; events digest `{}`.",
            fight.describe(&plan),
            replay.seed,
            replay.stream,
            report.accepted,
            report.rejected,
            report.events_digest
        )
        .expect("writing to a String");
        let refusals = refusals(&replay);
        if fight == Fight::Refusals {
            assert_eq!(
                refusals.len(),
                plan.refusals.len(),
                "{path}: the file's refusals are not the plan's; bless again"
            );
        }
        for (n, (index, command, why)) in refusals.iter().enumerate() {
            let kind = if fight == Fight::Refusals {
                plan.refusals[n].kind
            } else {
                "refused"
            };
            writeln!(
                out,
                "  - command #{} ({kind}): `{command}` is refused, {why}",
                index + 1
            )
            .expect("writing to a String");
        }
    }
    out
}

/// The refused commands of a replay: index, command JSON and the refusal, obtained by
/// playing the file through the registry's JSON surface (as the bindings do).
fn refusals(replay: &Replay) -> Vec<(usize, String, String)> {
    let entry = fray::ruleset(&replay.ruleset).expect("a registered ruleset");
    let mut encounter = (entry.start)(&replay.setup.to_string(), replay.seed, replay.stream)
        .expect("the setup starts");
    let mut out = Vec::new();
    for (index, step) in replay.commands.iter().enumerate() {
        let command = step.command.to_string();
        if let Err(e) = encounter.apply_json(&command) {
            assert_eq!(
                format!("rejected:{}", rule_of(&e)),
                step.digest,
                "command #{} is refused under the rule its file records",
                index + 1
            );
            out.push((index, command, e.to_string()));
        }
    }
    out
}

fn rule_of(e: &fray::dice::EncounterError) -> String {
    match e {
        fray::dice::EncounterError::Rule(r) => r.rule.to_string(),
        other => panic!("a golden command is not a rule refusal: {other}"),
    }
}

fn replace_section(readme: &str, section: &str) -> String {
    let (head, rest) = readme
        .split_once(README_BEGIN)
        .expect("the README has the BEGIN marker");
    let (_, tail) = rest
        .split_once(README_END)
        .expect("the README has the END marker");
    format!("{head}{README_BEGIN}\n{section}\n{README_END}{tail}")
}

/// Writes every golden file, DIGESTS, TAMPERED and the README's section.
fn bless() {
    let dir = replays_dir();
    let mut digests = String::new();
    for plan in plans() {
        let ruleset_dir = dir.join(plan.id);
        fs::create_dir_all(&ruleset_dir).expect("can create the ruleset directory");
        for fight in FIGHTS {
            let replay = record_fight(&plan, fight);
            let report =
                fray::verify_replay(&replay.to_json()).expect("a fresh recording verifies");
            fs::write(ruleset_dir.join(fight.file()), file_text(&replay)).expect("can write");
            let golden = Golden {
                path: format!("{}/{}", plan.id, fight.file()),
                digest: report.events_digest,
                accepted: report.accepted,
                refused: report.rejected,
            };
            writeln!(digests, "{}", golden.line()).expect("writing to a String");
        }
    }
    fs::write(dir.join("DIGESTS"), digests).expect("can write DIGESTS");
    let tampered_dir = dir.join("tampered");
    fs::create_dir_all(&tampered_dir).expect("can create the tampered directory");
    let mut tampered = String::new();
    for (name, path, edit) in TAMPERED_FILES {
        let original = Replay::from_json(&read(path)).expect("a golden file parses");
        let (copy, expected) = edit(&original);
        assert_eq!(
            first_difference(&copy),
            expected,
            "{name}: the oracle agrees"
        );
        fs::write(tampered_dir.join(name), file_text(&copy)).expect("can write");
        let at = expected.map_or("start".to_owned(), |i| i.to_string());
        writeln!(tampered, "tampered/{name} {at}").expect("writing to a String");
    }
    fs::write(dir.join("TAMPERED"), tampered).expect("can write TAMPERED");
    let readme_path = dir.join("README.md");
    let readme = fs::read_to_string(&readme_path).expect("the README exists");
    let section = readme_section(&golden_paths());
    fs::write(&readme_path, replace_section(&readme, &section)).expect("can write the README");
}

// ---------------------------------------------------------------------------------------------
// Edited copies
// ---------------------------------------------------------------------------------------------

/// An edit of a replay file and where its first mismatch must be (`None`: the start).
type Tamper = fn(&Replay) -> (Replay, Option<usize>);

/// The edited copies shipped in `tampered/` for the other languages: name, source, edit.
const TAMPERED_FILES: [(&str, &str, Tamper); 4] = [
    ("andromeda-reseeded.json", "andromeda/demo.json", reseed),
    ("age-reseeded.json", "age/demo.json", reseed),
    ("hunt-swapped.json", "hunt/demo.json", swap_commands),
    ("red-retargeted.json", "red/refusals.json", change_a_field),
];

/// The first step whose recorded digest differs from what playing the file's inputs records
/// afresh, an oracle independent of `Replay::verify`: `Some(None)` for the start,
/// `Some(Some(i))` for command `i`, `None` when nothing differs.
fn first_difference_or_none(replay: &Replay) -> Option<Option<usize>> {
    let fresh = by_ruleset!(replay.ruleset.as_str(), C => rerecord::<C>(replay));
    if fresh.start_digest != replay.start_digest {
        return Some(None);
    }
    (0..replay.commands.len())
        .find(|&i| fresh.commands[i].digest != replay.commands[i].digest)
        .map(Some)
}

/// The index of the first differing command when the start agrees and some command differs.
fn differs(replay: &Replay) -> Option<usize> {
    first_difference_or_none(replay).flatten()
}

/// Where an edited replay first differs (`None`: the start); it must differ somewhere.
fn first_difference(replay: &Replay) -> Option<usize> {
    first_difference_or_none(replay)
        .unwrap_or_else(|| panic!("{}: the edit changes no step", replay.ruleset))
}

fn rerecord<C: Catalog>(replay: &Replay) -> Replay
where
    C::Setup: Send + Sync,
    C::Command: Send,
    C::Event: Send,
    C::State: Send,
{
    let setup: C::Setup = serde_json::from_value(replay.setup.clone()).expect("the setup fits");
    let commands: Vec<C::Command> = replay
        .commands
        .iter()
        .map(|s| serde_json::from_value(s.command.clone()).expect("the command fits"))
        .collect();
    Replay::record::<C>(&setup, replay.seed, replay.stream, &commands).expect("the setup starts")
}

/// Swaps the first two neighbouring accepted steps (command and digest, as a reordering by
/// hand would) whose order matters: two declarations that may come in either order do not.
fn swap_commands(replay: &Replay) -> (Replay, Option<usize>) {
    let accepted = |i: usize| !replay.commands[i].digest.starts_with("rejected:");
    for i in 0..replay.commands.len() - 1 {
        if !accepted(i) || !accepted(i + 1) {
            continue;
        }
        let mut copy = replay.clone();
        copy.commands.swap(i, i + 1);
        if let Some(at) = differs(&copy) {
            assert!(
                at == i || at == i + 1,
                "a swap at #{i} differs first at #{at}"
            );
            return (copy, Some(at));
        }
    }
    panic!(
        "{}: no two neighbouring commands may be swapped",
        replay.ruleset
    )
}

/// Points the middle accepted command's actor (or fighter, or target) at a participant that
/// does not exist, so the command is now refused where the file says it was applied.
fn change_a_field(replay: &Replay) -> (Replay, Option<usize>) {
    let accepted: Vec<usize> = (0..replay.commands.len())
        .filter(|&i| !replay.commands[i].digest.starts_with("rejected:"))
        .collect();
    let mut copy = replay.clone();
    for &i in &accepted[accepted.len() / 2..] {
        let command = &mut copy.commands[i].command;
        if let Some(field) = ["actor", "fighter", "target"]
            .into_iter()
            .find(|f| command.get(f).is_some_and(|v| !v.is_null()))
        {
            command[field] = if command[field].is_u64() {
                json!(99)
            } else {
                json!("Nobody")
            };
            return (copy, Some(i));
        }
    }
    panic!(
        "{}: no accepted command names a participant",
        replay.ruleset
    )
}

/// Another seed: other dice from the first roll on.
fn reseed(replay: &Replay) -> (Replay, Option<usize>) {
    let mut copy = replay.clone();
    copy.seed += 1;
    let expected = first_difference(&copy);
    (copy, expected)
}

/// Asserts that verifying `copy` reports a mismatch at `expected`, named in the message.
fn assert_mismatch(copy: &Replay, expected: Option<usize>, what: &str) {
    let err = fray::verify_replay(&copy.to_json()).expect_err(what);
    let ReplayError::Mismatch(m) = &err else {
        panic!("{what}: expected a mismatch, got {err}");
    };
    assert_eq!(m.command, expected, "{what}: {err}");
    let named = match expected {
        Some(i) => format!("at command #{} (index {i})", i + 1),
        None => "at the start".to_owned(),
    };
    assert!(
        err.to_string().contains(&named),
        "{what}: {err} does not say {named:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

#[test]
fn golden_replays_verify_and_match_the_manifest_and_readme() {
    files_ready();
    let manifest = read("DIGESTS");
    let listed: Vec<Golden> = manifest.lines().map(Golden::parse).collect();
    let paths = golden_paths();
    let mut listed_paths: Vec<&str> = listed.iter().map(|g| g.path.as_str()).collect();
    listed_paths.sort_unstable();
    assert_eq!(
        listed_paths, paths,
        "DIGESTS lists exactly the golden files"
    );
    for golden in &listed {
        let text = read(&golden.path);
        let replay = Replay::from_json(&text).expect("a golden file parses");
        let report = fray::verify_replay(&text).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (re-bless only if the change is meant)",
                golden.path
            )
        });
        assert_eq!(
            report.events_digest, replay.events_digest,
            "{}",
            golden.path
        );
        assert_eq!(
            Golden {
                path: golden.path.clone(),
                digest: report.events_digest,
                accepted: report.accepted,
                refused: report.rejected,
            },
            *golden,
            "the report of {} is its DIGESTS line",
            golden.path
        );
        let (id, name) = golden.path.split_once('/').expect("ruleset/file paths");
        assert_eq!(replay.ruleset, id, "{}", golden.path);
        let fight = Fight::from_file(name).expect("a planned fight");
        assert_eq!(
            (replay.seed, replay.stream),
            fight.dice(fray::ruleset(id).expect("registered").demo_seed),
            "{}",
            golden.path
        );
        assert_eq!(
            text,
            file_text(&replay),
            "{}: the file is written as bless writes it",
            golden.path
        );
        match fight {
            Fight::Refusals => {
                assert_eq!(golden.refused, plan(id).refusals.len(), "{}", golden.path)
            }
            Fight::Partial => assert_eq!(golden.accepted, PARTIAL_COMMANDS, "{}", golden.path),
            Fight::Demo | Fight::Modified => assert_eq!(golden.refused, 0, "{}", golden.path),
        }
    }
    let readme = read("README.md");
    assert_eq!(
        readme,
        replace_section(&readme, &readme_section(&paths)),
        "the README's generated section is out of date: FRAY_BLESS_REPLAYS=1"
    );
}

#[test]
fn every_ruleset_ships_every_planned_fight() {
    files_ready();
    let paths = golden_paths();
    for entry in fray::rulesets() {
        let files: Vec<&String> = paths
            .iter()
            .filter(|p| p.starts_with(&format!("{}/", entry.id)))
            .collect();
        assert!(
            files.len() >= 3,
            "{}: {} golden replays, want at least 3",
            entry.id,
            files.len()
        );
        for fight in FIGHTS {
            let path = format!("{}/{}", entry.id, fight.file());
            assert!(files.contains(&&path), "{path} is missing");
        }
    }
    let ids: Vec<&str> = fray::rulesets().iter().map(|e| e.id).collect();
    let planned: Vec<&str> = plans().iter().map(|p| p.id).collect();
    assert_eq!(
        planned, ids,
        "a plan for every registered ruleset, in registry order"
    );
}

#[test]
fn refusals_are_of_the_planned_kinds_and_rules() {
    files_ready();
    for plan in plans() {
        let path = format!("{}/{}", plan.id, Fight::Refusals.file());
        let replay = Replay::from_json(&read(&path)).expect("a golden file parses");
        let refused: Vec<(usize, String, String)> = refusals(&replay);
        let rules: Vec<String> = refused
            .iter()
            .map(|(i, _, _)| replay.commands[*i].digest.clone())
            .collect();
        let planned: Vec<String> = plan
            .refusals
            .iter()
            .map(|r| format!("rejected:{}", r.rule))
            .collect();
        assert_eq!(rules, planned, "{path}");
        // Refusals sit between accepted commands, not all at one end.
        let last = replay.commands.len() - 1;
        assert!(
            refused.iter().all(|(i, _, _)| *i > 0 && *i < last),
            "{path}: {refused:?}"
        );
    }
}

#[test]
fn edited_copies_are_mismatches_naming_the_first_differing_command() {
    files_ready();
    for path in golden_paths() {
        let replay = Replay::from_json(&read(&path)).expect("a golden file parses");
        for (what, edit) in [
            ("swapped", swap_commands as Tamper),
            ("field changed", change_a_field),
            ("reseeded", reseed),
        ] {
            let (copy, expected) = edit(&replay);
            assert_eq!(
                first_difference(&copy),
                expected,
                "{path} {what}: the oracle agrees"
            );
            assert_mismatch(&copy, expected, &format!("{path} {what}"));
        }
    }
}

#[test]
fn a_refusal_made_legal_is_a_mismatch_at_that_command() {
    files_ready();
    for plan in plans() {
        let path = format!("{}/{}", plan.id, Fight::Refusals.file());
        let replay = Replay::from_json(&read(&path)).expect("a golden file parses");
        let i = (0..replay.commands.len())
            .find(|&i| replay.commands[i].digest.starts_with("rejected:"))
            .expect("a refused command");
        // The command the tactic played right after the refusal, played in its place.
        let mut copy = replay.clone();
        copy.commands[i].command = replay.commands[i + 1].command.clone();
        assert_mismatch(
            &copy,
            Some(i),
            &format!("{path}: refusal #{} made legal", i + 1),
        );
    }
}

#[test]
fn a_command_that_does_not_fit_the_ruleset_is_invalid_naming_it() {
    files_ready();
    let replay = Replay::from_json(&read("red/demo.json")).expect("a golden file parses");
    let mut copy = replay.clone();
    copy.commands[2].command["actor"] = json!("zero");
    let err = fray::verify_replay(&copy.to_json()).expect_err("a string actor");
    assert!(matches!(err, ReplayError::Invalid(_)), "{err}");
    assert!(
        err.to_string().contains("command #3 does not fit red"),
        "{err}"
    );
}

#[test]
fn the_tampered_files_are_mismatches_where_the_manifest_says() {
    files_ready();
    let manifest = read("TAMPERED");
    let lines: Vec<&str> = manifest.lines().collect();
    assert_eq!(
        lines.len(),
        TAMPERED_FILES.len(),
        "TAMPERED lists every tampered file"
    );
    for ((name, source, edit), line) in TAMPERED_FILES.iter().zip(lines) {
        let original = Replay::from_json(&read(source)).expect("a golden file parses");
        let (copy, expected) = edit(&original);
        let at = expected.map_or("start".to_owned(), |i| i.to_string());
        assert_eq!(
            line,
            format!("tampered/{name} {at}"),
            "TAMPERED line for {name}"
        );
        let text = read(&format!("tampered/{name}"));
        assert_eq!(text, file_text(&copy), "tampered/{name} is {source} edited");
        assert_mismatch(&copy, expected, name);
    }
}
