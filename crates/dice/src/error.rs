use std::fmt;

/// What went wrong, in a form callers can branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A die or pool that cannot exist (a d0, a pool of zero dice, an explosion that never stops).
    InvalidDice,
    /// Dice notation that does not parse; the message names the column.
    Parse,
    /// A documented limit was exceeded (dice per roll, explosion depth, support size …).
    Limit,
    /// Integer arithmetic overflowed.
    Overflow,
    /// A scripted dice source ran out of values or holds a value that does not fit the die.
    Script,
    /// A replay file is malformed or was made by another ruleset or format.
    Replay,
    /// A ruleset id that this build does not have.
    UnknownRuleset,
}

/// The error type of `fray-dice`: a kind to branch on and a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// Builds an error of `kind` with a human-readable `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human-readable explanation.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A command or setup that a ruleset refuses, naming the rule it breaks.
///
/// `rule` is a rule ID documented in the repository's `docs/rules/` ("AND-17"), or a short
/// tag such as `"setup"` or `"dice"` when no numbered rule applies.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct RuleError {
    /// The rule ID that the command breaks.
    pub rule: String,
    /// What was wrong and what would have been allowed.
    pub message: String,
}

impl RuleError {
    /// A refusal under `rule` with an explanation.
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for RuleError {}

impl From<Error> for RuleError {
    fn from(e: Error) -> Self {
        RuleError::new("dice", e.message)
    }
}
