use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::dist::Ratio;
use crate::erased::{
    parse_json, start_json, start_json_deciding, verify_json, Encounter, EncounterError,
};
use crate::error::RuleError;
use crate::protocol::DefaultPolicy;
use crate::session::{AutoPlay, ReplayError, ReplayReport};
use crate::sim::{run_trial_standing_with, simulate, simulate_range, simulate_with, SimSummary};
use crate::text::{summary_lines, Lang, Texts, View};

/// One row of an odds table: a labelled outcome and its exact probability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddsRow {
    /// The outcome ("Success", "7 damage", "critical injury" …).
    pub label: String,
    /// Its exact probability.
    pub probability: Ratio,
}

/// A titled list of exact probabilities, as `fray odds` prints it and bindings return it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OddsTable {
    /// What the table is about ("final tier", "damage after armour" …).
    pub title: String,
    /// The rows in display order.
    pub rows: Vec<OddsRow>,
}

impl OddsTable {
    /// An empty table titled `title`.
    pub fn new(title: impl Into<String>) -> Self {
        OddsTable {
            title: title.into(),
            rows: Vec::new(),
        }
    }

    /// Appends a row.
    pub fn row(mut self, label: impl Into<String>, probability: Ratio) -> Self {
        self.rows.push(OddsRow {
            label: label.into(),
            probability,
        });
        self
    }
}

/// What a ruleset offers the command line and the bindings beyond its engine: exact odds
/// from a spec, the built-in demo scenario, and a readable line per event.
pub trait Catalog: AutoPlay + Sized + 'static
where
    Self::Setup: Send + Sync,
    Self::Command: Send,
    Self::Event: Send,
    Self::State: Send,
{
    /// The odds query; every field has a default so `fray odds <id> key=value …` may give
    /// only some of them.
    type OddsSpec: DeserializeOwned + Serialize + Default;
    /// One line listing the odds spec's keys, for `--help` and error messages.
    const ODDS_KEYS: &'static str;
    /// The seed `fray demo` uses unless told otherwise.
    const DEMO_SEED: u64;

    /// Exact odds for a spec, as one or more tables.
    fn odds(spec: &Self::OddsSpec) -> Result<Vec<OddsTable>, RuleError>;
    /// The built-in demonstration scenario.
    fn demo_setup() -> Self::Setup;
    /// One readable line for an event of the log, in English for the game master.
    fn describe(event: &Self::Event) -> String;

    /// The ruleset's messages in every language ([`Texts`]); the common ones only until the
    /// ruleset has its own.
    fn texts() -> &'static Texts {
        Texts::common()
    }

    /// The line `view`'s reader sees for `event`, in `view.lang`; `None` when the event is
    /// not shown to that reader (a secret declaration, for a player). Text is made here, from
    /// the event, never stored.
    fn line(event: &Self::Event, view: &View) -> Option<String> {
        let _ = view;
        Some(Self::describe(event))
    }

    /// A refusal as its reader sees it in `lang`: the rule ID and the explanation.
    fn refusal(error: &RuleError, lang: Lang) -> String {
        let texts = Self::texts();
        texts.get(
            lang,
            &crate::msg!(
                "refused",
                rule = error.rule.as_str(),
                message = error.message_in(texts, lang)
            ),
        )
    }

    /// The end-of-fight summary: one line per participant, in `lang`.
    fn summary(state: &Self::State, lang: Lang) -> Vec<String> {
        summary_lines(Self::texts(), lang, &Self::standing(state))
    }

    /// Legal but suspicious values of a setup that passed validation (a weapon that can never
    /// damage, a character that can never be hurt …): `fray check` prints them, `simulate`
    /// warns with them. None unless the ruleset has a lint.
    fn warnings(setup: &Self::Setup) -> Vec<SetupWarning> {
        let _ = setup;
        Vec::new()
    }
}

/// A legal but suspicious value in a setup (issue 19): where it is, what was found, and why
/// it is suspicious.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetupWarning {
    /// The JSON path of the value, as setup errors name it (`characters[1].weapons[0].damage`).
    pub path: String,
    /// What was found there ("threshold 7").
    pub found: String,
    /// Why it is suspicious ("a d6 never reaches 7: the weapon can never damage").
    pub why: String,
}

impl SetupWarning {
    /// A warning at `path`.
    pub fn new(path: impl Into<String>, found: impl Into<String>, why: impl Into<String>) -> Self {
        SetupWarning {
            path: path.into(),
            found: found.into(),
            why: why.into(),
        }
    }
}

impl std::fmt::Display for SetupWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}: {}", self.path, self.found, self.why)
    }
}

/// Starts an encounter from setup JSON, seed and stream.
pub type StartFn = fn(&str, u64, u64) -> Result<Box<dyn Encounter>, EncounterError>;
/// Optional progress callback of a simulation: told how many more trials finished.
pub type Progress<'a> = Option<&'a (dyn Fn(u64) + Sync)>;
/// Simulates a setup given as JSON: trials, seed, threads, progress.
pub type SimulateFn = fn(&str, u64, u64, usize, Progress) -> Result<SimSummary, EncounterError>;
/// Simulates trials `first .. first + trials` of a setup given as JSON: first, trials, seed,
/// threads.
pub type SimulateRangeFn = fn(&str, u64, u64, u64, usize) -> Result<SimSummary, EncounterError>;

/// A setup read once and played many times: trials `first .. first + trials` on the calling
/// thread, as [`Entry::simulate_range`] plays them with one thread.
pub trait PreparedSetup: Send {
    /// Plays trials `first .. first + trials` (trial *i* on stream *i*) and sums them up.
    fn simulate_range(&self, first: u64, trials: u64, seed: u64) -> Result<SimSummary, RuleError>;
}

/// [`PreparedSetup`] of ruleset `R`.
struct Prepared<R: AutoPlay>(R::Setup);

impl<R: AutoPlay> PreparedSetup for Prepared<R>
where
    R::Setup: Send + Sync,
{
    fn simulate_range(&self, first: u64, trials: u64, seed: u64) -> Result<SimSummary, RuleError> {
        simulate_range::<R>(&self.0, first, trials, seed, 1, None)
    }
}

/// Reads a setup given as JSON for [`PreparedSetup::simulate_range`].
pub type PrepareFn = fn(&str) -> Result<Box<dyn PreparedSetup>, EncounterError>;

/// A ruleset as the command line and the bindings see it: plain functions over JSON, so a
/// list of entries can hold every ruleset.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The ruleset id.
    pub id: &'static str,
    /// The ruleset version.
    pub version: u32,
    /// Side names.
    pub sides: &'static [&'static str],
    /// Name of the simulation metric.
    pub metric: &'static str,
    /// Keys the odds spec takes.
    pub odds_keys: &'static str,
    /// Default demo seed.
    pub demo_seed: u64,
    /// Starts an encounter from setup JSON.
    pub start: StartFn,
    /// Verifies a replay file given as JSON.
    pub verify: fn(&str) -> Result<ReplayReport, ReplayError>,
    /// Exact odds from a spec given as JSON.
    pub odds: fn(&str) -> Result<Vec<OddsTable>, EncounterError>,
    /// The demo setup as JSON.
    pub demo_setup: fn() -> String,
    /// Describes one event given as JSON.
    pub describe: fn(&str) -> Result<String, EncounterError>,
    /// Runs a simulation of a setup given as JSON.
    pub simulate: SimulateFn,
    /// Runs trials `first .. first + trials` of a setup given as JSON.
    pub simulate_range: SimulateRangeFn,
    /// Reads a setup given as JSON once, to play many ranges of trials of it.
    pub prepare: PrepareFn,
    /// Describes one event given as JSON for a reader: `None` when it is hidden from them.
    pub line: fn(&str, &View) -> Result<Option<String>, EncounterError>,
    /// Policies, for a ruleset on the decision protocol ([`Entry::with_protocol`]).
    pub policy: Option<PolicyFns>,
    /// The warnings ([`Catalog::warnings`]) of a setup given as JSON; an error when it does
    /// not parse.
    pub warnings: fn(&str) -> Result<Vec<SetupWarning>, EncounterError>,
    /// JSON Schemas of the setup, command and policy ([`Entry::with_schemas`]).
    pub schemas: Option<SchemaFns>,
    /// The ruleset's messages ([`Catalog::texts`]), so a tool holding only the entry can
    /// write a refusal in any language ([`RuleError::message_in`]) and name the tracks and
    /// counters of its standings (`track-KEY`, `counter-KEY`).
    pub texts: fn() -> &'static Texts,
}

/// The JSON Schemas of a ruleset's inputs, generated from its Rust types (pretty JSON, one
/// trailing newline: the text committed under `schemas/`).
#[derive(Clone, Copy)]
pub struct SchemaFns {
    /// The setup's schema; it allows a top-level `"$schema"`, which parsing ignores.
    pub setup: fn() -> String,
    /// One command's schema.
    pub command: fn() -> String,
    /// The policy's schema, for a ruleset with a policy type ([`Entry::with_policy_schema`]).
    pub policy: Option<fn() -> String>,
}

/// The schema of `T` as committed: pretty JSON with a trailing newline.
fn schema_text<T: schemars::JsonSchema>(allow_schema_key: bool) -> String {
    let mut schema = serde_json::to_value(schemars::schema_for!(T)).expect("schemas are JSON");
    if allow_schema_key {
        // Editors read `"$schema"` to find the schema; parsing drops it ([`parse_json`]).
        if let Some(properties) = schema
            .get_mut("properties")
            .and_then(serde_json::Value::as_object_mut)
        {
            properties.insert(
                "$schema".into(),
                serde_json::json!({
                    "description": "The schema this file follows (for editors); ignored by Fray.",
                    "type": "string"
                }),
            );
        }
    }
    let mut text = serde_json::to_string_pretty(&schema).expect("schemas are JSON");
    text.push('\n');
    text
}

/// What a ruleset on the decision protocol adds to its [`Entry`]: its policy type over JSON.
#[derive(Clone, Copy)]
pub struct PolicyFns {
    /// The default policy as JSON (every field present): a template to edit.
    pub default: fn() -> String,
    /// Simulates a setup given as JSON with a policy given as JSON: setup, policy, trials,
    /// seed, threads.
    pub simulate: fn(&str, &str, u64, u64, usize) -> Result<SimSummary, EncounterError>,
    /// Simulates a setup given as JSON with choices made by `chooser` — given the options
    /// and the state as JSON, it returns the command as JSON — on one thread: the slow path
    /// for policies written outside Rust (a Python callable). Setup, chooser, trials, seed.
    pub simulate_chooser: fn(&str, Chooser<'_>, u64, u64) -> Result<SimSummary, EncounterError>,
}

/// A policy written outside Rust: options and state in, the chosen command out, all JSON.
/// An `Err` stops the simulation with that message.
pub type Chooser<'a> = &'a mut dyn FnMut(&str, &str) -> Result<String, String>;

/// [`Chooser`] as a [`Policy`]: the first failure is kept and ends the trial.
struct ChooserPolicy<'a, 'b> {
    chooser: std::cell::RefCell<Chooser<'a>>,
    failure: &'b std::cell::RefCell<Option<String>>,
}

impl<R: crate::protocol::Decide> crate::protocol::Policy<R> for ChooserPolicy<'_, '_> {
    fn choose(
        &self,
        state: &R::State,
        options: &crate::protocol::Options<R::Command>,
    ) -> Option<R::Command> {
        let options = serde_json::to_string(options).expect("options serialize to JSON");
        let state = serde_json::to_string(state).expect("states serialize to JSON");
        let chosen = (self.chooser.borrow_mut())(&options, &state).and_then(|command| {
            parse_json::<R::Command>(&command, "chosen command").map_err(|e| e.to_string())
        });
        match chosen {
            Ok(command) => Some(command),
            Err(message) => {
                self.failure.borrow_mut().get_or_insert(message);
                None
            }
        }
    }
}

impl Entry {
    /// The entry of ruleset `C`.
    pub fn of<C: Catalog>() -> Entry
    where
        C::Setup: Send + Sync,
        C::Command: Send,
        C::Event: Send,
        C::State: Send,
    {
        Entry {
            id: C::ID,
            version: C::VERSION,
            sides: C::SIDES,
            metric: C::METRIC,
            odds_keys: C::ODDS_KEYS,
            demo_seed: C::DEMO_SEED,
            start: start_json::<C>,
            verify: verify_json::<C>,
            odds: |spec| {
                let spec: C::OddsSpec =
                    parse_json(spec, "odds spec").map_err(EncounterError::InvalidInput)?;
                C::odds(&spec).map_err(EncounterError::Rule)
            },
            demo_setup: || {
                serde_json::to_string(&C::demo_setup()).expect("setups serialize to JSON")
            },
            describe: |event| {
                let event: C::Event =
                    parse_json(event, "event").map_err(EncounterError::InvalidInput)?;
                Ok(C::describe(&event))
            },
            simulate: |setup, trials, seed, threads, progress| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                simulate::<C>(&setup, trials, seed, threads, progress).map_err(EncounterError::Rule)
            },
            simulate_range: |setup, first, trials, seed, threads| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                simulate_range::<C>(&setup, first, trials, seed, threads, None)
                    .map_err(EncounterError::Rule)
            },
            prepare: |setup| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                Ok(Box::new(Prepared::<C>(setup)))
            },
            line: |event, view| {
                let event: C::Event =
                    parse_json(event, "event").map_err(EncounterError::InvalidInput)?;
                Ok(C::line(&event, view))
            },
            policy: None,
            warnings: |setup| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                Ok(C::warnings(&setup))
            },
            schemas: None,
            texts: C::texts,
        }
    }

    /// This entry with the JSON Schemas of `C`'s setup and command.
    pub fn with_schemas<C>(mut self) -> Entry
    where
        C: Catalog,
        C::Setup: Send + Sync + schemars::JsonSchema,
        C::Command: Send + schemars::JsonSchema,
        C::Event: Send,
        C::State: Send,
    {
        self.schemas = Some(SchemaFns {
            setup: || schema_text::<C::Setup>(true),
            command: || schema_text::<C::Command>(false),
            policy: self.schemas.and_then(|s| s.policy),
        });
        self
    }

    /// This entry with the JSON Schema of `C`'s policy; after [`Entry::with_schemas`].
    pub fn with_policy_schema<C>(mut self) -> Entry
    where
        C: DefaultPolicy,
        C::Policy: schemars::JsonSchema,
    {
        if let Some(schemas) = &mut self.schemas {
            schemas.policy = Some(|| schema_text::<C::Policy>(true));
        }
        self
    }

    /// This entry with the decision protocol of `C`: encounters that answer options and
    /// previews, and policies read from JSON.
    pub fn with_protocol<C>(mut self) -> Entry
    where
        C: Catalog + DefaultPolicy,
        C::Setup: Send + Sync,
        C::Command: Send,
        C::Event: Send,
        C::State: Send,
    {
        self.start = start_json_deciding::<C>;
        self.policy = Some(PolicyFns {
            default: || {
                serde_json::to_string_pretty(&C::Policy::default())
                    .expect("policies serialize to JSON")
            },
            simulate: |setup, policy, trials, seed, threads| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                let policy: C::Policy =
                    parse_json(policy, "policy").map_err(EncounterError::InvalidInput)?;
                simulate_with::<C, _>(&setup, &policy, trials, seed, threads)
                    .map_err(EncounterError::Rule)
            },
            simulate_chooser: |setup, chooser, trials, seed| {
                let setup: C::Setup =
                    parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
                let failure = std::cell::RefCell::new(None);
                let policy = ChooserPolicy {
                    chooser: std::cell::RefCell::new(chooser),
                    failure: &failure,
                };
                let mut summary = SimSummary::new(C::SIDES.len());
                for stream in 0..trials {
                    let (outcome, standings) =
                        run_trial_standing_with::<C, _>(&setup, &policy, seed, stream)
                            .map_err(EncounterError::Rule)?;
                    if let Some(message) = failure.borrow_mut().take() {
                        return Err(EncounterError::Rule(RuleError::new(
                            "policy",
                            format!("trial {stream}: the policy failed: {message}"),
                        )));
                    }
                    summary.record(&outcome);
                    summary.record_standings(&standings);
                }
                Ok(summary)
            },
        });
        self
    }
}
