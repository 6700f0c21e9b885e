use crate::catalog::Catalog;
use crate::error::{Error, ErrorKind, RuleError};
use crate::protocol::Decide;
use crate::session::{AutoPlay, Replay, ReplayError, ReplayReport, Session, COMMANDS_OVER_LIMIT};
use crate::text::{Lang, View};

/// Largest JSON text accepted for a setup, a command or a replay, in bytes.
pub const MAX_JSON_BYTES: usize = 8 << 20;

/// Why a JSON call on an encounter failed.
#[derive(Clone, Debug, PartialEq)]
pub enum EncounterError {
    /// The JSON is malformed, too large or does not fit the ruleset's types.
    InvalidInput(Error),
    /// The ruleset refused the setup or command.
    Rule(RuleError),
}

impl std::fmt::Display for EncounterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EncounterError::InvalidInput(e) => write!(f, "invalid input: {e}"),
            EncounterError::Rule(e) => write!(f, "rule {e}"),
        }
    }
}

impl std::error::Error for EncounterError {}

/// An encounter of any ruleset, driven by JSON: the surface the C ABI, Python and the CLI use.
pub trait Encounter: Send {
    /// The ruleset id.
    fn ruleset(&self) -> &'static str;
    /// Applies a command given as JSON; returns the events as a JSON array.
    fn apply_json(&mut self, command: &str) -> Result<String, EncounterError>;
    /// The default tactic's next command as JSON, or `None` when the encounter is over.
    fn suggest_json(&self) -> Option<String>;
    /// The state as JSON.
    fn state_json(&self) -> String;
    /// Every event so far as a JSON array.
    fn events_json(&self) -> String;
    /// The replay file as JSON.
    fn replay_json(&self) -> String;
    /// Dice words drawn so far: unchanged by a refused command.
    fn dice_position(&self) -> u128;
    /// Who decides now and every legal command, as the JSON of [`crate::Options`]. Refused
    /// by a ruleset that does not offer the decision protocol yet.
    fn options_json(&self) -> Result<String, EncounterError> {
        Err(not_offered(self.ruleset(), "options"))
    }
    /// The exact odds of a command given as JSON, as a JSON list of [`crate::OddsTable`]s;
    /// nothing is applied. Refused by a ruleset that does not offer previews yet.
    fn preview_json(&self, command: &str) -> Result<String, EncounterError> {
        let _ = command;
        Err(not_offered(self.ruleset(), "previews"))
    }
    /// The log so far as `view`'s reader sees it: one line per shown event, in `view.lang`.
    fn lines(&self, view: &View) -> Vec<String>;
    /// What each participant has now ([`crate::Standing`]) as a JSON array.
    fn standing_json(&self) -> String;
    /// The summary of the fight so far: one line per participant, in `lang`.
    fn summary(&self, lang: Lang) -> Vec<String>;
    /// A refusal's explanation in `lang` (English when the ruleset has no message for it).
    fn refusal_message(&self, error: &RuleError, lang: Lang) -> String;
}

/// The text methods every [`Encounter`] of a [`Catalog`] shares.
macro_rules! text_methods {
    ($session:ident) => {
        fn lines(&self, view: &View) -> Vec<String> {
            $session(self)
                .events()
                .filter_map(|e| R::line(e, view))
                .collect()
        }
        fn standing_json(&self) -> String {
            serde_json::to_string(&R::standing($session(self).state()))
                .expect("standings serialize to JSON")
        }
        fn summary(&self, lang: Lang) -> Vec<String> {
            R::summary($session(self).state(), lang)
        }
        fn refusal_message(&self, error: &RuleError, lang: Lang) -> String {
            error.message_in(R::texts(), lang)
        }
    };
}

/// The refusal of a protocol call a ruleset does not offer yet.
fn not_offered(ruleset: &str, what: &str) -> EncounterError {
    EncounterError::Rule(RuleError::new(
        "protocol",
        format!("{what} are not offered by the {ruleset} ruleset yet"),
    ))
}

/// A session of a ruleset that implements the decision protocol ([`Decide`]): an
/// [`Encounter`] whose [`Encounter::options_json`] and [`Encounter::preview_json`] answer.
/// Made by [`start_json_deciding`].
#[derive(Clone, Debug)]
pub struct Deciding<R: AutoPlay + Decide>(pub Session<R>);

fn inner<R: AutoPlay + Decide>(d: &Deciding<R>) -> &Session<R> {
    &d.0
}

fn itself<R: AutoPlay>(s: &Session<R>) -> &Session<R> {
    s
}

impl<R> Encounter for Deciding<R>
where
    R: Catalog + Decide,
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    fn ruleset(&self) -> &'static str {
        R::ID
    }
    fn apply_json(&mut self, command: &str) -> Result<String, EncounterError> {
        self.0.apply_json(command)
    }
    fn suggest_json(&self) -> Option<String> {
        self.0.suggest_json()
    }
    fn state_json(&self) -> String {
        self.0.state_json()
    }
    fn events_json(&self) -> String {
        self.0.events_json()
    }
    fn replay_json(&self) -> String {
        self.0.replay_json()
    }
    fn dice_position(&self) -> u128 {
        Session::dice_position(&self.0)
    }
    fn options_json(&self) -> Result<String, EncounterError> {
        let options = R::options(self.0.state());
        Ok(serde_json::to_string(&options).expect("options serialize to JSON"))
    }
    fn preview_json(&self, command: &str) -> Result<String, EncounterError> {
        let command: R::Command =
            parse_json(command, "command").map_err(EncounterError::InvalidInput)?;
        let tables = R::preview(self.0.state(), &command).map_err(EncounterError::Rule)?;
        Ok(serde_json::to_string(&tables).expect("odds tables serialize to JSON"))
    }
    text_methods!(inner);
}

/// Starts an encounter of a ruleset with the decision protocol from setup JSON: like
/// [`start_json`], with options and previews.
pub fn start_json_deciding<R>(
    setup: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn Encounter>, EncounterError>
where
    R: Catalog + Decide,
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    let setup: R::Setup = parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
    let session = Session::<R>::start(setup, seed, stream).map_err(EncounterError::Rule)?;
    Ok(Box::new(Deciding(session)))
}

/// Parses JSON into `T`, refusing oversized text first. A value of the wrong type or out of
/// its type's range is reported at its JSON path (`participants[2].skills.melee.rank`), with
/// what was found and what is allowed.
pub fn parse_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, Error> {
    if text.len() > MAX_JSON_BYTES {
        return Err(Error::new(
            ErrorKind::Limit,
            format!(
                "the {what} JSON is {} bytes, over the limit of {MAX_JSON_BYTES}",
                text.len()
            ),
        ));
    }
    let invalid = |at: String, e: serde_json::Error| {
        Error::new(
            ErrorKind::Parse,
            format!("the {what} JSON is not valid{at}: {e}"),
        )
    };
    let located = |e: serde_path_to_error::Error<serde_json::Error>| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        // Syntax errors have a line and column but no meaningful path.
        let at = if path == "." || inner.is_syntax() || inner.is_eof() {
            String::new()
        } else {
            format!(" at {path}")
        };
        invalid(at, inner)
    };
    // A file may name its JSON Schema for editors (`"$schema"` at the top, issue 19): such a
    // file is read as a tree, the key dropped, then typed (paths stay, line numbers go).
    if text.contains("\"$schema\"") {
        if let Ok(serde_json::Value::Object(mut map)) = serde_json::from_str(text) {
            if map.remove("$schema").is_some_and(|v| v.is_string()) {
                return serde_path_to_error::deserialize(serde_json::Value::Object(map))
                    .map_err(located);
            }
        }
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(located)?;
    de.end().map_err(|e| invalid(String::new(), e))?;
    Ok(value)
}

impl<R> Encounter for Session<R>
where
    R: Catalog,
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    fn ruleset(&self) -> &'static str {
        R::ID
    }

    fn apply_json(&mut self, command: &str) -> Result<String, EncounterError> {
        let command: R::Command =
            parse_json(command, "command").map_err(EncounterError::InvalidInput)?;
        let events = self.apply(command).map_err(EncounterError::Rule)?;
        Ok(serde_json::to_string(events).expect("events serialize to JSON"))
    }

    fn suggest_json(&self) -> Option<String> {
        R::next_command(self.state())
            .map(|c| serde_json::to_string(&c).expect("commands serialize to JSON"))
    }

    fn state_json(&self) -> String {
        serde_json::to_string(self.state()).expect("states serialize to JSON")
    }

    fn events_json(&self) -> String {
        let events: Vec<&R::Event> = self.events().collect();
        serde_json::to_string(&events).expect("events serialize to JSON")
    }

    fn replay_json(&self) -> String {
        self.replay().to_json()
    }

    fn dice_position(&self) -> u128 {
        Session::dice_position(self)
    }
    text_methods!(itself);
}

/// Starts an encounter of ruleset `R` from setup JSON.
pub fn start_json<R>(
    setup: &str,
    seed: u64,
    stream: u64,
) -> Result<Box<dyn Encounter>, EncounterError>
where
    R: Catalog,
    R::Setup: Send + Sync,
    R::Command: Send,
    R::Event: Send,
    R::State: Send,
{
    let setup: R::Setup = parse_json(setup, "setup").map_err(EncounterError::InvalidInput)?;
    let session = Session::<R>::start(setup, seed, stream).map_err(EncounterError::Rule)?;
    Ok(Box::new(session))
}

/// Reads the `ruleset` field of a replay file; the rest is scanned, not built.
pub fn replay_ruleset(replay: &str) -> Result<String, Error> {
    let head: ReplayHead = parse_json(replay, "replay")?;
    head.0
        .ok_or_else(|| Error::new(ErrorKind::Replay, "the replay has no \"ruleset\" field"))
}

/// The `ruleset` of a replay object; its other fields are skipped, not built. Any other JSON
/// has no ruleset; a list is read as values, so deep nesting meets serde_json's recursion
/// limit.
struct ReplayHead(Option<String>);

impl<'de> serde::Deserialize<'de> for ReplayHead {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
        struct Head;
        impl<'de> Visitor<'de> for Head {
            type Value = ReplayHead;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a replay object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<ReplayHead, A::Error> {
                let mut ruleset = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "ruleset" {
                        ruleset = Some(map.next_value::<String>()?);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(ReplayHead(ruleset))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReplayHead, A::Error> {
                while seq.next_element::<serde_json::Value>()?.is_some() {}
                Ok(ReplayHead(None))
            }
            fn visit_bool<E>(self, _: bool) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
            fn visit_unit<E>(self) -> Result<ReplayHead, E> {
                Ok(ReplayHead(None))
            }
        }
        d.deserialize_any(Head)
    }
}

/// Verifies a replay file of ruleset `R` given as JSON.
pub fn verify_json<R: AutoPlay>(replay: &str) -> Result<ReplayReport, ReplayError> {
    let replay: Replay = parse_json(replay, "replay").map_err(|e| {
        let kind = if e.message().contains(COMMANDS_OVER_LIMIT) {
            ErrorKind::Limit
        } else {
            e.kind()
        };
        ReplayError::Invalid(Error::new(kind, e.message()))
    })?;
    replay.verify::<R>()
}
