//! Every registered ruleset, reached by id through the facade's registry: odds, demo
//! setups, event descriptions, simulation summaries, encounters and replays (JSON text).

use std::sync::Mutex;

use fray_dice::{EncounterError, Entry, Lang, View, Viewer};
use pyo3::prelude::*;

use crate::batch::threads;
use crate::error::{guard, Fail, Res};

/// A registry entry: (id, version, sides, metric, odds keys, demo seed).
pub type EntryTuple = (
    &'static str,
    u32,
    Vec<&'static str>,
    &'static str,
    &'static str,
    u64,
);

/// An odds table: (title, [(label, numerator, denominator)]).
pub type TableTuple = (String, Vec<(String, u128, u128)>);

/// The entry of ruleset `id`, or an error listing the ids of this build.
pub fn entry(id: &str) -> Res<Entry> {
    guard(|| Ok(fray::ruleset(id)?))
}

/// The setup JSON to use: the given one, or the ruleset's demo setup.
pub fn setup_or_demo(entry: &Entry, setup: Option<&str>) -> Res<String> {
    match setup {
        Some(s) => Ok(s.to_owned()),
        None => guard(|| Ok((entry.demo_setup)())),
    }
}

/// Every ruleset of this build, in a stable order.
#[pyfunction]
fn rulesets() -> Vec<EntryTuple> {
    fray::rulesets()
        .into_iter()
        .map(|e| {
            (
                e.id,
                e.version,
                e.sides.to_vec(),
                e.metric,
                e.odds_keys,
                e.demo_seed,
            )
        })
        .collect()
}

/// Exact odds of a ruleset's odds spec (JSON object): [(title, [(label, num, den)])].
#[pyfunction]
fn ruleset_odds(py: Python<'_>, ruleset: &str, spec: &str) -> PyResult<Vec<TableTuple>> {
    let e = entry(ruleset)?;
    let tables = py.detach(|| guard(|| Ok((e.odds)(spec)?)))?;
    Ok(tables
        .into_iter()
        .map(|t| {
            let rows = t
                .rows
                .into_iter()
                .map(|r| (r.label, r.probability.numerator, r.probability.denominator))
                .collect();
            (t.title, rows)
        })
        .collect())
}

/// The ruleset's demo setup as JSON.
#[pyfunction]
fn demo_setup(ruleset: &str) -> PyResult<String> {
    let e = entry(ruleset)?;
    Ok(setup_or_demo(&e, None)?)
}

/// Every error and warning about a setup (the demo's when none), in language `lang`, as a
/// JSON list.
#[pyfunction]
#[pyo3(signature = (ruleset, setup, lang))]
fn check(py: Python<'_>, ruleset: &str, setup: Option<&str>, lang: &str) -> PyResult<String> {
    let e = entry(ruleset)?;
    let lang = language(lang)?;
    let text = setup_or_demo(&e, setup)?;
    let findings = py.detach(|| fray_dice::check_setup_in(&e, &text, lang));
    Ok(serde_json::to_string(&findings).expect("findings serialize"))
}

/// One readable line for an event given as JSON.
#[pyfunction]
fn describe(ruleset: &str, event: &str) -> PyResult<String> {
    let e = entry(ruleset)?;
    Ok(guard(|| Ok((e.describe)(event)?))?)
}

/// Simulates `trials` fights (trial i on stream i) with the default tactic; the summary as JSON.
#[pyfunction]
#[pyo3(signature = (ruleset, setup, trials, seed, threads_wanted))]
fn simulate(
    py: Python<'_>,
    ruleset: &str,
    setup: Option<&str>,
    trials: u64,
    seed: u64,
    threads_wanted: usize,
) -> PyResult<String> {
    let e = entry(ruleset)?;
    let setup = setup_or_demo(&e, setup)?;
    let workers = threads(threads_wanted);
    let summary = py.detach(|| guard(|| Ok((e.simulate)(&setup, trials, seed, workers, None)?)))?;
    Ok(serde_json::to_string(&summary)
        .map_err(|e| Fail::Internal(format!("summary to JSON: {e}")))?)
}

/// Verifies a replay file given as JSON; the report as JSON.
#[pyfunction]
fn verify_replay(py: Python<'_>, replay: &str) -> PyResult<String> {
    let report = py.detach(|| guard(|| Ok(fray::verify_replay(replay)?)))?;
    Ok(serde_json::to_string(&report)
        .map_err(|e| Fail::Internal(format!("report to JSON: {e}")))?)
}

/// A running encounter of any ruleset, driven by JSON text.
#[pyclass(module = "fray._fray")]
pub struct Encounter {
    inner: Mutex<Box<dyn fray_dice::Encounter>>,
    /// The language of refusal messages.
    lang: Mutex<Lang>,
    entry: Entry,
    seed: u64,
    stream: u64,
}

impl Encounter {
    fn with<T>(&self, f: impl FnOnce(&mut dyn fray_dice::Encounter) -> Res<T>) -> PyResult<T> {
        let mut inner = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        Ok(guard(|| f(inner.as_mut()))?)
    }
}

#[pymethods]
impl Encounter {
    /// Starts an encounter of `ruleset` from setup JSON (None: the demo setup) on dice
    /// (seed, stream).
    #[new]
    #[pyo3(signature = (ruleset, setup, seed, stream))]
    fn new(ruleset: &str, setup: Option<&str>, seed: u64, stream: u64) -> PyResult<Self> {
        let e = entry(ruleset)?;
        let setup = setup_or_demo(&e, setup)?;
        let inner = guard(|| Ok((e.start)(&setup, seed, stream)?))?;
        Ok(Encounter {
            inner: Mutex::new(inner),
            lang: Mutex::new(Lang::En),
            entry: e,
            seed,
            stream,
        })
    }

    /// The ruleset id.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.entry.id
    }

    /// The dice seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The dice stream.
    #[getter]
    fn stream(&self) -> u64 {
        self.stream
    }

    /// Applies a command (JSON); its events as a JSON array. A refused command changes nothing;
    /// its message is in the encounter's language (`set_language`).
    fn apply(&self, command: &str) -> PyResult<String> {
        let lang = *self.lang.lock().unwrap_or_else(|p| p.into_inner());
        self.with(|e| match e.apply_json(command) {
            Ok(events) => Ok(events),
            Err(EncounterError::Rule(mut rule)) if lang != Lang::En => {
                rule.message = e.refusal_message(&rule, lang);
                Err(EncounterError::Rule(rule).into())
            }
            Err(other) => Err(other.into()),
        })
    }

    /// Sets the language of refusal messages ("en" or "ru").
    fn set_language(&self, lang: &str) -> PyResult<()> {
        let lang = language(lang)?;
        *self.lang.lock().unwrap_or_else(|p| p.into_inner()) = lang;
        Ok(())
    }

    /// Who decides now and every legal command, as JSON.
    fn options(&self) -> PyResult<String> {
        self.with(|e| Ok(e.options_json()?))
    }

    /// The exact odds of a command (JSON) as a JSON list of tables; applies nothing.
    fn preview(&self, command: &str) -> PyResult<String> {
        self.with(|e| Ok(e.preview_json(command)?))
    }

    /// The log as readable lines in `lang`, as `viewer` sees it (None: the game master).
    #[pyo3(signature = (lang, viewer))]
    fn lines(&self, lang: &str, viewer: Option<String>) -> PyResult<Vec<String>> {
        let view = View {
            lang: language(lang)?,
            viewer: viewer.map_or(Viewer::GameMaster, Viewer::Participant),
        };
        self.with(|e| Ok(e.lines(&view)))
    }

    /// What each participant has now, as JSON.
    fn standing(&self) -> PyResult<String> {
        self.with(|e| Ok(e.standing_json()))
    }

    /// The summary: one line per participant, in `lang`.
    fn summary(&self, lang: &str) -> PyResult<Vec<String>> {
        let lang = language(lang)?;
        self.with(|e| Ok(e.summary(lang)))
    }

    /// The default tactic's next command (JSON), or None when the encounter is over.
    fn suggest(&self) -> PyResult<Option<String>> {
        self.with(|e| Ok(e.suggest_json()))
    }

    /// The state as JSON.
    fn state(&self) -> PyResult<String> {
        self.with(|e| Ok(e.state_json()))
    }

    /// Every event so far (start included) as a JSON array.
    fn events(&self) -> PyResult<String> {
        self.with(|e| Ok(e.events_json()))
    }

    /// The replay file as JSON.
    fn replay(&self) -> PyResult<String> {
        self.with(|e| Ok(e.replay_json()))
    }

    /// One readable line for an event given as JSON.
    fn describe(&self, event: &str) -> PyResult<String> {
        let describe = self.entry.describe;
        Ok(guard(|| Ok(describe(event)?))?)
    }
}

/// A language code ("en", "ru"), or `fray.InvalidInput` naming the ones Fray writes.
fn language(code: &str) -> Res<Lang> {
    Lang::parse(code).map_err(Fail::from)
}

/// One readable line for an event given as JSON, in `lang`, as `viewer` sees it (None: the
/// game master); None when the event is hidden from that viewer.
#[pyfunction]
#[pyo3(signature = (ruleset, event, lang, viewer))]
fn line(
    ruleset: &str,
    event: &str,
    lang: &str,
    viewer: Option<String>,
) -> PyResult<Option<String>> {
    let e = entry(ruleset)?;
    let view = View {
        lang: language(lang)?,
        viewer: viewer.map_or(Viewer::GameMaster, Viewer::Participant),
    };
    Ok(guard(|| Ok((e.line)(event, &view)?))?)
}

/// Simulates with a policy: `policy` is the ruleset's policy as JSON, or a callable given
/// (options JSON, state JSON) that returns the command JSON (one thread, slow). The summary
/// as JSON.
#[pyfunction]
#[pyo3(signature = (ruleset, setup, policy, trials, seed, threads_wanted))]
fn simulate_policy(
    py: Python<'_>,
    ruleset: &str,
    setup: Option<&str>,
    policy: &Bound<'_, PyAny>,
    trials: u64,
    seed: u64,
    threads_wanted: usize,
) -> PyResult<String> {
    let e = entry(ruleset)?;
    let setup = setup_or_demo(&e, setup)?;
    let fns = fray::policies(&e).map_err(|e| Fail::Invalid(e.to_string()))?;
    let summary = if let Ok(json) = policy.extract::<String>() {
        let workers = threads(threads_wanted);
        py.detach(|| guard(|| Ok((fns.simulate)(&setup, &json, trials, seed, workers)?)))?
    } else if policy.is_callable() {
        let mut raised: Option<PyErr> = None;
        let mut chooser = |options: &str, state: &str| -> Result<String, String> {
            match policy
                .call1((options, state))
                .and_then(|r| r.extract::<String>())
            {
                Ok(command) => Ok(command),
                Err(err) => {
                    let text = err.to_string();
                    raised.get_or_insert(err);
                    Err(text)
                }
            }
        };
        let result = guard(|| Ok((fns.simulate_chooser)(&setup, &mut chooser, trials, seed)?));
        if let Some(err) = raised {
            return Err(err);
        }
        result?
    } else {
        return Err(Fail::Invalid(
            "policy must be the policy's JSON text or a callable (options, state) -> command"
                .to_owned(),
        )
        .into());
    };
    Ok(serde_json::to_string(&summary)
        .map_err(|e| Fail::Internal(format!("summary to JSON: {e}")))?)
}

/// The ruleset's default policy as JSON (every knob present), or None for a ruleset that is
/// not on the decision protocol yet.
#[pyfunction]
fn default_policy(ruleset: &str) -> PyResult<Option<String>> {
    let e = entry(ruleset)?;
    Ok(e.policy.map(|p| (p.default)()))
}

/// Adds the registry functions and the encounter class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Encounter>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(ruleset_odds, m)?)?;
    m.add_function(wrap_pyfunction!(demo_setup, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(verify_replay, m)?)?;
    m.add_function(wrap_pyfunction!(line, m)?)?;
    m.add_function(wrap_pyfunction!(simulate_policy, m)?)?;
    m.add_function(wrap_pyfunction!(default_policy, m)?)?;
    Ok(())
}
