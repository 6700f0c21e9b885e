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
    /// A language Fray does not write, or a message file that does not parse.
    Language,
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

/// A rule ID documented in the repository's `docs/rules/` ("AND-17"), or a short tag such as
/// `"setup"` or `"dice"` when no numbered rule applies. Always a compiled-in constant, so a
/// refusal never carries an ID made up at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct RuleId(&'static str);

impl RuleId {
    /// The ID `id`; rulesets declare theirs as constants.
    pub const fn new(id: &'static str) -> RuleId {
        RuleId(id)
    }

    /// The ID as text.
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

impl From<&'static str> for RuleId {
    fn from(id: &'static str) -> Self {
        RuleId(id)
    }
}

impl std::ops::Deref for RuleId {
    type Target = str;
    fn deref(&self) -> &str {
        self.0
    }
}

impl PartialEq<&str> for RuleId {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<str> for RuleId {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// A command or setup that a ruleset refuses, naming the rule it breaks.
///
/// `message` is English. A refusal built from a ruleset's messages ([`RuleError::text`]) also
/// keeps the message id and arguments, so a binding can write it in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RuleError {
    /// The rule ID that the command breaks.
    pub rule: RuleId,
    /// What was wrong and what would have been allowed, in English.
    pub message: String,
    /// The message the refusal was written from, for other languages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<Box<crate::text::Message>>,
}

impl RuleError {
    /// A refusal under `rule` with an explanation.
    pub fn new(rule: impl Into<RuleId>, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.into(),
            message: message.into(),
            text: None,
        }
    }

    /// A refusal under `rule` written from message `text` of a ruleset's `texts`: English in
    /// `message`, any language through [`RuleError::message_in`].
    pub fn text(
        rule: impl Into<RuleId>,
        texts: &crate::text::Texts,
        text: crate::text::Message,
    ) -> Self {
        RuleError {
            rule: rule.into(),
            message: texts.get(crate::text::Lang::En, &text),
            text: Some(Box::new(text)),
        }
    }

    /// The explanation in `lang`, from `texts` when the refusal was written from a message,
    /// else the English one.
    pub fn message_in(&self, texts: &crate::text::Texts, lang: crate::text::Lang) -> String {
        match &self.text {
            Some(text) if lang != crate::text::Lang::En => texts.get(lang, text),
            _ => self.message.clone(),
        }
    }

    /// The same refusal with `prefix` before its English message (the other languages keep
    /// the message alone).
    pub fn prefixed(mut self, prefix: &str) -> Self {
        self.message = format!("{prefix}{}", self.message);
        self
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

thread_local! {
    /// Set while [`probing`] runs.
    static PROBING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `probe`, which only asks whether an engine accepts something (the candidates
/// `options` tries), with refusals left unwritten: a ruleset skips the text of a refusal
/// while [`is_probing`], since nobody reads it and writing it is most of its cost. The rules
/// run exactly as for a command. The flag is restored on return and on a panic.
pub fn probing<T>(probe: impl FnOnce() -> T) -> T {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            PROBING.set(self.0);
        }
    }
    let _restore = Restore(PROBING.replace(true));
    probe()
}

/// Whether this thread runs a [`probing`] probe: refusals made now are not read.
pub fn is_probing() -> bool {
    PROBING.get()
}
