use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dice::Dice;
use crate::error::{Error, ErrorKind, RuleError};
use crate::events::EventLog;
use crate::rng::Rng;

/// The version of the replay file format written by this crate.
pub const REPLAY_FORMAT: u32 = 1;
/// At most this many commands in one replay file.
pub const MAX_REPLAY_COMMANDS: usize = 100_000;
/// At most this many combatants in any encounter; a ruleset may set a lower limit of its own.
pub const MAX_COMBATANTS: usize = 256;

/// Whether two names are the same. Rulesets share a setup's names (`Arc<str>`) with their
/// state and the default tactic's commands, so comparing addresses first settles most
/// lookups without reading the text.
#[inline]
pub fn same_name(a: &str, b: &str) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// Refuses a setup with more than `limit` combatants, naming the limit. Rulesets call it
/// first thing in setup validation, before any work per combatant.
pub fn check_combatants(count: usize, limit: usize) -> Result<(), RuleError> {
    if count > limit {
        return Err(RuleError::new(
            "setup",
            format!("{count} combatants is over the limit of {limit} per encounter"),
        ));
    }
    Ok(())
}

/// A ruleset's encounter engine: setup, commands and events as serde types.
///
/// Determinism contract: the same setup, seed, stream, version and commands give the same
/// events everywhere. `apply` may draw dice and then fail; [`Session`] works on a copy, so a
/// rejected command never changes the state or consumes a die. Events go to an [`EventLog`]:
/// sessions record them, simulations run quiet, and the game must be the same either way.
pub trait Ruleset {
    /// Stable identifier: "andromeda", "red", "age", "better-world", "hunt".
    const ID: &'static str;
    /// Bumped whenever the same inputs could produce different events.
    const VERSION: u32;
    /// What an encounter starts from.
    type Setup: Serialize + DeserializeOwned + Clone + Debug;
    /// One decision by a participant.
    type Command: Serialize + DeserializeOwned + Clone + Debug;
    /// One thing that happened.
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq;
    /// Everything the engine needs to go on.
    type State: Serialize + Clone + Debug;

    /// What a setup becomes once checked: the setup and the data derived from it, made once
    /// by [`Ruleset::prepare`] and borrowed by every fight a simulation plays from it. Only
    /// `prepare` makes one (or [`Ruleset::start_prepared`] checks what it is given), so no
    /// fight starts from an unchecked setup.
    type Prepared: Send + Sync;

    /// Checks a setup and derives what every fight from it shares.
    fn prepare(setup: &Self::Setup) -> Result<Self::Prepared, RuleError>;

    /// Starts an encounter from a prepared setup (rolling initiative and the like).
    fn start_prepared<D: Dice>(
        prepared: &Self::Prepared,
        dice: &mut D,
        events: &mut EventLog<Self::Event>,
    ) -> Result<Self::State, RuleError>;

    /// Starts an encounter: [`Ruleset::prepare`], then [`Ruleset::start_prepared`].
    fn start<D: Dice>(
        setup: &Self::Setup,
        dice: &mut D,
        events: &mut EventLog<Self::Event>,
    ) -> Result<Self::State, RuleError> {
        Self::start_prepared(&Self::prepare(setup)?, dice, events)
    }

    /// Applies one command, or refuses it naming the rule it breaks (the events emitted
    /// before a refusal are then discarded by the caller).
    fn apply<D: Dice>(
        state: &mut Self::State,
        command: &Self::Command,
        dice: &mut D,
        events: &mut EventLog<Self::Event>,
    ) -> Result<(), RuleError>;

    /// What each participant has at this point: state, tracks, what it spent. Read at the end
    /// of a fight for its summary and per-combatant statistics; empty for a ruleset that does
    /// not say.
    fn standing(state: &Self::State) -> Vec<crate::text::Standing> {
        let _ = state;
        Vec::new()
    }
}

/// A ruleset that can play itself: a default tactic and a way to read the outcome, which is
/// all Monte Carlo simulation needs.
pub trait AutoPlay: Ruleset {
    /// The side names, in index order (side 0 first).
    const SIDES: &'static [&'static str];
    /// The name of the ruleset-specific number in [`TrialOutcome::metric`] ("heat gained" …).
    const METRIC: &'static str;

    /// The default tactic's next command, or `None` when the encounter is over. Deterministic
    /// given the state.
    fn next_command(state: &Self::State) -> Option<Self::Command>;

    /// Plays the default tactic's next command: exactly what [`AutoPlay::next_command`]
    /// then [`Ruleset::apply`] do (the same dice, the same state), or `Ok(false)` when the
    /// encounter is over. Simulation plays through this. A ruleset may override it to act
    /// on its tactic's decision directly, without building a command only to look its names
    /// up again, as long as the game stays the same (the facade's `tests/quiet.rs` plays
    /// every ruleset both ways and compares). A refusal names the command refused.
    #[inline]
    fn play_next<D: Dice>(
        state: &mut Self::State,
        dice: &mut D,
        events: &mut EventLog<Self::Event>,
    ) -> Result<bool, RuleError> {
        let Some(command) = Self::next_command(state) else {
            return Ok(false);
        };
        match Self::apply(state, &command, dice, events) {
            Ok(()) => Ok(true),
            Err(e) => Err(refused(&command, e)),
        }
    }

    /// How the finished (or abandoned) encounter came out.
    fn outcome(state: &Self::State) -> TrialOutcome;
}

/// A refusal of the default tactic's `command`, naming it (out of line: it never happens
/// in a correct engine, so the move loop need not make room for it).
#[cold]
fn refused(command: &impl Debug, e: RuleError) -> RuleError {
    e.prefixed(&format!("{command:?}: "))
}

/// How an encounter came to its end, as simulation counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// The rules ended it: a side won, or nobody could (a draw).
    #[default]
    Finished,
    /// The ruleset's round limit stopped it with both sides still in the fight.
    RoundLimit,
    /// Simulation stopped it after [`crate::MAX_TRIAL_COMMANDS`] commands, unfinished.
    CommandCap,
}

/// The outcome of one encounter, as simulation counts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrialOutcome {
    /// Index of the winning side, or `None` for a draw or a fight stopped unfinished
    /// ([`TrialOutcome::end`] tells which).
    pub winner: Option<u8>,
    /// How it ended: by the rules, at the round limit, or cut off by simulation.
    #[serde(default)]
    pub end: Ending,
    /// Rounds played.
    pub rounds: u32,
    /// Remaining health summed per side (side 0, side 1), in the ruleset's own units.
    pub health: [i64; 2],
    /// The ruleset-specific number named by [`AutoPlay::METRIC`].
    pub metric: i64,
}

/// A stable 64-bit FNV-1a digest, written as 16 hex digits. Not cryptographic: it tells
/// two event logs apart, which is all a replay needs.
pub fn digest(bytes: &[u8]) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

fn events_digest<E: Serialize>(events: &[E]) -> String {
    let json = serde_json::to_vec(events).expect("events serialize to JSON");
    digest(&json)
}

fn rejected_digest(err: &RuleError) -> String {
    format!("rejected:{}", err.rule)
}

/// A running encounter: the state, the dice and the log of accepted commands.
#[derive(Clone, Debug)]
pub struct Session<R: Ruleset> {
    setup: R::Setup,
    seed: u64,
    stream: u64,
    rng: Rng,
    state: R::State,
    start_events: Vec<R::Event>,
    log: Vec<(R::Command, Vec<R::Event>)>,
}

impl<R: Ruleset> Session<R> {
    /// Starts an encounter from `setup` with dice `(seed, stream)`.
    pub fn start(setup: R::Setup, seed: u64, stream: u64) -> Result<Self, RuleError> {
        let mut rng = Rng::new(seed, stream);
        let mut start_events = EventLog::recording();
        let state = R::start(&setup, &mut rng, &mut start_events)?;
        Ok(Session {
            setup,
            seed,
            stream,
            rng,
            state,
            start_events: start_events.into_vec(),
            log: Vec::new(),
        })
    }

    /// Applies a command. On refusal nothing changes: not the state, not the dice, not the log.
    pub fn apply(&mut self, command: R::Command) -> Result<&[R::Event], RuleError> {
        let mut state = self.state.clone();
        let mut rng = self.rng.clone();
        let mut events = EventLog::recording();
        R::apply(&mut state, &command, &mut rng, &mut events)?;
        self.state = state;
        self.rng = rng;
        self.log.push((command, events.into_vec()));
        Ok(&self.log.last().expect("just pushed").1)
    }

    /// The current state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// The setup it started from.
    pub fn setup(&self) -> &R::Setup {
        &self.setup
    }

    /// The events of the start.
    pub fn start_events(&self) -> &[R::Event] {
        &self.start_events
    }

    /// Accepted commands with their events, in order.
    pub fn log(&self) -> &[(R::Command, Vec<R::Event>)] {
        &self.log
    }

    /// Every event so far, start included, in order.
    pub fn events(&self) -> impl Iterator<Item = &R::Event> {
        self.start_events
            .iter()
            .chain(self.log.iter().flat_map(|(_, e)| e.iter()))
    }

    /// The dice position (words drawn), for checking that refusals consume nothing.
    pub fn dice_position(&self) -> u128 {
        self.rng.word_pos()
    }

    /// The replay file of this session.
    pub fn replay(&self) -> Replay {
        let steps = self
            .log
            .iter()
            .map(|(command, events)| ReplayStep {
                command: serde_json::to_value(command).expect("commands serialize to JSON"),
                digest: events_digest(events),
            })
            .collect();
        Replay::assemble(
            R::ID,
            R::VERSION,
            self.seed,
            self.stream,
            serde_json::to_value(&self.setup).expect("setups serialize to JSON"),
            events_digest(&self.start_events),
            steps,
        )
    }
}

/// One command of a replay and the digest of what it produced (`rejected:RULE` if refused).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayStep {
    /// The command as JSON.
    pub command: Value,
    /// Digest of the command's events, or `rejected:RULE-ID`.
    pub digest: String,
}

/// A replay file: everything needed to play a fight again and check it event for event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// File format version ([`REPLAY_FORMAT`]).
    pub format: u32,
    /// Ruleset id.
    pub ruleset: String,
    /// Ruleset version the events were made with.
    pub ruleset_version: u32,
    /// Dice seed.
    pub seed: u64,
    /// Dice stream.
    pub stream: u64,
    /// The setup as JSON.
    pub setup: Value,
    /// Digest of the start's events.
    pub start_digest: String,
    /// The commands in order, each with its digest. Refused commands may appear: replay
    /// must refuse them again under the same rule. At most [`MAX_REPLAY_COMMANDS`], refused
    /// while reading, before the rest is built.
    #[serde(deserialize_with = "bounded_steps")]
    pub commands: Vec<ReplayStep>,
    /// Digest over the start digest and every step digest.
    pub events_digest: String,
}

/// Marks the refusal of an over-long command list, so it is reported as a limit.
pub(crate) const COMMANDS_OVER_LIMIT: &str = "commands, over the limit";

/// Reads the command list, refusing it as soon as it exceeds [`MAX_REPLAY_COMMANDS`].
fn bounded_steps<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<ReplayStep>, D::Error> {
    struct Steps;
    impl<'de> serde::de::Visitor<'de> for Steps {
        type Value = Vec<ReplayStep>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {MAX_REPLAY_COMMANDS} commands")
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut steps = Vec::new();
            while let Some(step) = seq.next_element()? {
                if steps.len() == MAX_REPLAY_COMMANDS {
                    return Err(serde::de::Error::custom(format!(
                        "the replay has more than {MAX_REPLAY_COMMANDS} {COMMANDS_OVER_LIMIT}"
                    )));
                }
                steps.push(step);
            }
            Ok(steps)
        }
    }
    d.deserialize_seq(Steps)
}

/// Where a replay stopped agreeing with its file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayMismatch {
    /// `None` for the start, else the 0-based index of the first differing command.
    pub command: Option<usize>,
    /// Digest written in the file.
    pub expected: String,
    /// Digest produced now.
    pub actual: String,
}

/// Why a replay could not be verified.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The file is malformed, too large, or for another ruleset or format.
    Invalid(Error),
    /// The setup was refused.
    Setup(RuleError),
    /// The fight came out differently.
    Mismatch(ReplayMismatch),
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReplayError::Invalid(e) => write!(f, "invalid replay: {e}"),
            ReplayError::Setup(e) => write!(f, "replay setup refused: {e}"),
            ReplayError::Mismatch(m) => match m.command {
                None => write!(
                    f,
                    "replay mismatch at the start: expected digest {}, got {}",
                    m.expected, m.actual
                ),
                Some(i) => write!(
                    f,
                    "replay mismatch at command #{} (index {i}): expected {}, got {}",
                    i + 1,
                    m.expected,
                    m.actual
                ),
            },
        }
    }
}

impl std::error::Error for ReplayError {}

/// What a verified replay produced.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayReport {
    /// Ruleset id.
    pub ruleset: String,
    /// Commands applied.
    pub accepted: usize,
    /// Commands refused (as the file said they would be).
    pub rejected: usize,
    /// The digest over the whole fight.
    pub events_digest: String,
    /// Every event, start included, as JSON.
    pub events: Vec<Value>,
    /// The commands refused as the file said they would be, with their refusals, for a
    /// reader of the log (not part of the report's JSON).
    #[serde(skip)]
    pub refusals: Vec<ReplayRefusal>,
}

/// A command of a replay file that was refused as the file recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayRefusal {
    /// Its number in the file, from 1.
    pub command: usize,
    /// How many events of [`ReplayReport::events`] came before it.
    pub after_events: usize,
    /// The refusal, with its rule ID and message.
    pub error: RuleError,
}

fn invalid(message: impl Into<String>) -> ReplayError {
    ReplayError::Invalid(Error::new(ErrorKind::Replay, message))
}

impl Replay {
    fn assemble(
        ruleset: &str,
        ruleset_version: u32,
        seed: u64,
        stream: u64,
        setup: Value,
        start_digest: String,
        commands: Vec<ReplayStep>,
    ) -> Self {
        let events_digest = Self::overall_digest(&start_digest, &commands);
        Replay {
            format: REPLAY_FORMAT,
            ruleset: ruleset.to_owned(),
            ruleset_version,
            seed,
            stream,
            setup,
            start_digest,
            commands,
            events_digest,
        }
    }

    fn overall_digest(start: &str, steps: &[ReplayStep]) -> String {
        let mut all = String::from(start);
        for step in steps {
            all.push('\n');
            all.push_str(&step.digest);
        }
        digest(all.as_bytes())
    }

    /// Parses a replay file.
    pub fn from_json(text: &str) -> Result<Self, ReplayError> {
        serde_json::from_str(text).map_err(|e| invalid(format!("not a replay file: {e}")))
    }

    /// The file as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("replays serialize to JSON")
    }

    /// Plays a raw command stream (refused commands included) and records it as a replay;
    /// the way to make a golden file from input that contains illegal commands.
    pub fn record<R: Ruleset>(
        setup: &R::Setup,
        seed: u64,
        stream: u64,
        commands: &[R::Command],
    ) -> Result<Self, RuleError> {
        let mut session = Session::<R>::start(setup.clone(), seed, stream)?;
        let mut steps = Vec::with_capacity(commands.len());
        for command in commands {
            let digest = match session.apply(command.clone()) {
                Ok(events) => events_digest(events),
                Err(e) => rejected_digest(&e),
            };
            steps.push(ReplayStep {
                command: serde_json::to_value(command).expect("commands serialize to JSON"),
                digest,
            });
        }
        Ok(Self::assemble(
            R::ID,
            R::VERSION,
            seed,
            stream,
            serde_json::to_value(setup).expect("setups serialize to JSON"),
            events_digest(session.start_events()),
            steps,
        ))
    }

    /// Replays the file with ruleset `R` and checks every step; a difference names the first
    /// command whose events (or refusal) differ.
    pub fn verify<R: Ruleset>(&self) -> Result<ReplayReport, ReplayError> {
        if self.format != REPLAY_FORMAT {
            return Err(invalid(format!(
                "replay format {} is not supported (this build reads format {REPLAY_FORMAT})",
                self.format
            )));
        }
        if self.ruleset != R::ID {
            return Err(invalid(format!(
                "the replay is for ruleset '{}', not '{}'",
                self.ruleset,
                R::ID
            )));
        }
        if self.ruleset_version != R::VERSION {
            return Err(invalid(format!(
                "the replay was made with {} version {}, this build has version {}",
                R::ID,
                self.ruleset_version,
                R::VERSION
            )));
        }
        if self.commands.len() > MAX_REPLAY_COMMANDS {
            return Err(ReplayError::Invalid(Error::new(
                ErrorKind::Limit,
                format!(
                    "the replay has {} commands, over the limit of {MAX_REPLAY_COMMANDS}",
                    self.commands.len()
                ),
            )));
        }
        let setup: R::Setup = serde_json::from_value(self.setup.clone())
            .map_err(|e| invalid(format!("the setup does not fit {}: {e}", R::ID)))?;
        let mut session =
            Session::<R>::start(setup, self.seed, self.stream).map_err(ReplayError::Setup)?;
        let start = events_digest(session.start_events());
        if start != self.start_digest {
            return Err(ReplayError::Mismatch(ReplayMismatch {
                command: None,
                expected: self.start_digest.clone(),
                actual: start,
            }));
        }
        let (mut accepted, mut rejected) = (0, 0);
        let mut refusals = Vec::new();
        for (index, step) in self.commands.iter().enumerate() {
            let command: R::Command =
                serde_json::from_value(step.command.clone()).map_err(|e| {
                    invalid(format!(
                        "command #{} does not fit {}: {e}",
                        index + 1,
                        R::ID
                    ))
                })?;
            let actual = match session.apply(command) {
                Ok(events) => {
                    accepted += 1;
                    events_digest(events)
                }
                Err(e) => {
                    rejected += 1;
                    let digest = rejected_digest(&e);
                    refusals.push(ReplayRefusal {
                        command: index + 1,
                        after_events: session.events().count(),
                        error: e,
                    });
                    digest
                }
            };
            if actual != step.digest {
                return Err(ReplayError::Mismatch(ReplayMismatch {
                    command: Some(index),
                    expected: step.digest.clone(),
                    actual,
                }));
            }
        }
        let overall = Self::overall_digest(&self.start_digest, &self.commands);
        if overall != self.events_digest {
            return Err(invalid(format!(
                "every step matches but the file's events_digest {} should be {overall}",
                self.events_digest
            )));
        }
        Ok(ReplayReport {
            ruleset: R::ID.to_owned(),
            accepted,
            rejected,
            events_digest: overall,
            events: session
                .events()
                .map(|e| serde_json::to_value(e).expect("events serialize to JSON"))
                .collect(),
            refusals,
        })
    }
}
