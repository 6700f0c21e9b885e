//! Rust errors as the package's exceptions (`fray.errors`), and the panic boundary.

use std::panic::{catch_unwind, AssertUnwindSafe};

use fray_dice::{EncounterError, ReplayError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// Why a call failed, before it becomes a Python exception.
#[derive(Debug)]
pub enum Fail {
    /// Malformed or out-of-range input: `fray.InvalidInput`.
    Invalid(String),
    /// A ruleset refused a setup or command: `fray.RuleError` with the rule ID.
    Rule {
        /// The rule ID ("AND-17", "setup" …).
        rule: String,
        /// What was wrong and what is allowed.
        message: String,
    },
    /// A replay came out differently: `fray.ReplayMismatch`.
    Mismatch {
        /// The 0-based index of the first differing command (`None`: the start).
        command: Option<usize>,
        /// The digest in the file.
        expected: String,
        /// The digest produced now.
        actual: String,
        /// The readable message.
        message: String,
    },
    /// A panic inside Rust (a bug): `fray.FrayError`.
    Internal(String),
}

/// Shorthand for results of this crate.
pub type Res<T> = Result<T, Fail>;

impl From<fray_dice::Error> for Fail {
    fn from(e: fray_dice::Error) -> Self {
        Fail::Invalid(e.message().to_owned())
    }
}

impl From<fray_dice::RuleError> for Fail {
    fn from(e: fray_dice::RuleError) -> Self {
        Fail::Rule {
            message: e.to_string(),
            rule: e.rule.to_string(),
        }
    }
}

impl From<EncounterError> for Fail {
    fn from(e: EncounterError) -> Self {
        match e {
            EncounterError::InvalidInput(e) => e.into(),
            EncounterError::Rule(e) => e.into(),
        }
    }
}

impl From<ReplayError> for Fail {
    fn from(e: ReplayError) -> Self {
        let message = e.to_string();
        match e {
            ReplayError::Invalid(e) => Fail::Invalid(format!("invalid replay: {}", e.message())),
            ReplayError::Setup(e) => Fail::Rule {
                rule: e.rule.to_string(),
                message,
            },
            ReplayError::Mismatch(m) => Fail::Mismatch {
                command: m.command,
                expected: m.expected,
                actual: m.actual,
                message,
            },
        }
    }
}

impl From<Fail> for PyErr {
    fn from(fail: Fail) -> PyErr {
        Python::attach(|py| match build(py, fail) {
            Ok(err) | Err(err) => err,
        })
    }
}

/// Builds the exception object from `fray.errors`.
fn build(py: Python<'_>, fail: Fail) -> PyResult<PyErr> {
    let errors = py.import("fray.errors")?;
    let (name, args) = match fail {
        Fail::Invalid(message) => ("InvalidInput", PyTuple::new(py, [message])?),
        Fail::Rule { rule, message } => ("RuleError", PyTuple::new(py, [message, rule])?),
        Fail::Mismatch {
            command,
            expected,
            actual,
            message,
        } => (
            "ReplayMismatch",
            (message, command, expected, actual).into_pyobject(py)?,
        ),
        Fail::Internal(message) => ("FrayError", PyTuple::new(py, [message])?),
    };
    let value = errors.getattr(name)?.call1(args)?;
    Ok(PyErr::from_value(value))
}

/// Runs `f`, turning a panic into [`Fail::Internal`] so it never unwinds into Python.
pub fn guard<T>(f: impl FnOnce() -> Res<T>) -> Res<T> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        Err(Fail::Internal(format!(
            "internal error in fray (a bug; please report it with the input): {what}"
        )))
    })
}

/// Refuses a batch larger than `max` items.
pub fn check_len(n: u64, max: u64, what: &str) -> Res<usize> {
    if n > max {
        return Err(Fail::Invalid(format!(
            "{what} must be at most {max} per call (got {n}); split the work into blocks of \
             trial ids (trial i always uses stream i, so blocks add up to the same result)"
        )));
    }
    usize::try_from(n).map_err(|_| Fail::Invalid(format!("{what} {n} does not fit in memory")))
}
