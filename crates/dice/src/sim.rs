use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::combatants::{merge_standings, record_standings, CombatantStats};
use crate::error::RuleError;
use crate::events::EventLog;
use crate::protocol::{Decide, Policy};
use crate::rng::Rng;
use crate::session::{AutoPlay, Ending, TrialOutcome};

/// A trial that has not ended after this many commands is stopped and counted as cut off
/// ([`Ending::CommandCap`]), apart from draws and round limits. A safety net, never the real
/// limit of a valid setup: every ruleset bounds its round limit (at most 1 000 rounds) so that
/// a fight ends by its own rules well before it.
pub const MAX_TRIAL_COMMANDS: usize = 100_000;

/// What a Monte Carlo run found. Built from sums and counts only, so it is the same however
/// the trials were split between threads or machines.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimSummary {
    /// Trials run.
    pub trials: u64,
    /// Wins per side, indexed like [`AutoPlay::SIDES`].
    pub wins: Vec<u64>,
    /// Trials the rules ended with no winner.
    pub draws: u64,
    /// Trials stopped by the ruleset's round limit with both sides still fighting.
    #[serde(default)]
    pub round_limit: u64,
    /// Trials cut off unfinished after [`MAX_TRIAL_COMMANDS`] commands.
    #[serde(default)]
    pub cut_off: u64,
    /// How many trials took each number of rounds.
    pub rounds: BTreeMap<u32, u64>,
    /// Sum over trials of remaining health per side.
    pub health_total: [i128; 2],
    /// Sum over trials of the ruleset's metric.
    pub metric_total: i128,
    /// Each participant over the trials, from [`crate::Ruleset::standing`] at the end of
    /// each (empty for a ruleset that does not say), in the order of the standings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combatants: Vec<CombatantStats>,
}

impl SimSummary {
    /// An empty summary of a ruleset with `sides` sides.
    pub fn new(sides: usize) -> Self {
        SimSummary {
            wins: vec![0; sides],
            ..Default::default()
        }
    }

    /// Adds one trial.
    pub fn record(&mut self, outcome: &TrialOutcome) {
        self.trials += 1;
        match (outcome.end, outcome.winner) {
            (Ending::RoundLimit, _) => self.round_limit += 1,
            (Ending::CommandCap, _) => self.cut_off += 1,
            (Ending::Finished, Some(side)) if usize::from(side) < self.wins.len() => {
                self.wins[usize::from(side)] += 1
            }
            (Ending::Finished, _) => self.draws += 1,
        }
        *self.rounds.entry(outcome.rounds).or_insert(0) += 1;
        self.health_total[0] += i128::from(outcome.health[0]);
        self.health_total[1] += i128::from(outcome.health[1]);
        self.metric_total += i128::from(outcome.metric);
    }

    /// Adds one trial's standings (what [`crate::Ruleset::standing`] said at its end) to
    /// the per-combatant statistics; call once per trial, after [`SimSummary::record`].
    pub fn record_standings(&mut self, standings: &[crate::text::Standing]) {
        record_standings(&mut self.combatants, standings);
    }

    /// Adds another summary (from another block of trials).
    pub fn merge(&mut self, other: &SimSummary) {
        self.trials += other.trials;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (w, o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        self.draws += other.draws;
        self.round_limit += other.round_limit;
        self.cut_off += other.cut_off;
        for (&r, &n) in &other.rounds {
            *self.rounds.entry(r).or_insert(0) += n;
        }
        self.health_total[0] += other.health_total[0];
        self.health_total[1] += other.health_total[1];
        self.metric_total += other.metric_total;
        merge_standings(&mut self.combatants, &other.combatants);
    }

    /// Mean of the ruleset metric per trial (display only).
    pub fn metric_mean(&self) -> f64 {
        self.metric_total as f64 / self.trials.max(1) as f64
    }

    /// Mean rounds per trial (display only).
    pub fn rounds_mean(&self) -> f64 {
        let total: u128 = self
            .rounds
            .iter()
            .map(|(&r, &n)| u128::from(r) * u128::from(n))
            .sum();
        total as f64 / self.trials.max(1) as f64
    }
}

/// The 95 % Wilson score interval of a proportion, `successes` out of `trials`, as
/// `(low, high)`. For display and for deciding how many trials to run; resolution never uses
/// it. With no trials it is the whole range `(0, 1)`.
pub fn wilson_interval(successes: u64, trials: u64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    // z for a two-sided 95 % interval.
    const Z: f64 = 1.959_963_984_540_054;
    let n = trials as f64;
    let p = successes.min(trials) as f64 / n;
    let z2 = Z * Z;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    // At 0 and at every trial the bound is exactly 0 or 1; the formula leaves rounding dust.
    let low = if successes == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes >= trials {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// Who plays a simulated fight: the default tactic ([`AutoPlay::play_next`]) or a
/// [`Policy`]. One move loop and one summing loop serve both.
trait Driver<R: AutoPlay> {
    /// Plays the next command; `Ok(false)` when the fight is over.
    fn step(
        &self,
        state: &mut R::State,
        dice: &mut Rng,
        quiet: &mut EventLog<R::Event>,
        stream: u64,
    ) -> Result<bool, RuleError>;
    /// Whether nobody has anything left to do.
    fn over(&self, state: &R::State) -> bool;
}

/// The default tactic.
struct Tactic;

impl<R: AutoPlay> Driver<R> for Tactic {
    #[inline]
    fn step(
        &self,
        state: &mut R::State,
        dice: &mut Rng,
        quiet: &mut EventLog<R::Event>,
        stream: u64,
    ) -> Result<bool, RuleError> {
        R::play_next(state, dice, quiet).map_err(|e| illegal(stream, e))
    }

    fn over(&self, state: &R::State) -> bool {
        R::next_command(state).is_none()
    }
}

/// A policy.
struct WithPolicy<'a, P: ?Sized>(&'a P);

impl<R: AutoPlay + Decide, P: Policy<R> + ?Sized> Driver<R> for WithPolicy<'_, P> {
    #[inline]
    fn step(
        &self,
        state: &mut R::State,
        dice: &mut Rng,
        quiet: &mut EventLog<R::Event>,
        stream: u64,
    ) -> Result<bool, RuleError> {
        let Some(command) = self.0.next(state) else {
            return Ok(false);
        };
        match R::apply(state, &command, dice, quiet) {
            Ok(()) => Ok(true),
            Err(e) => Err(refused(stream, &command, e)),
        }
    }

    fn over(&self, state: &R::State) -> bool {
        self.0.next(state).is_none()
    }
}

/// Plays one encounter to its end with `driver` on dice `(seed, stream)`, quietly, and
/// gives its outcome and its last state.
fn play<R: AutoPlay, D: Driver<R> + ?Sized>(
    prepared: &R::Prepared,
    driver: &D,
    seed: u64,
    stream: u64,
) -> Result<(TrialOutcome, R::State), RuleError> {
    let mut dice = Rng::new(seed, stream);
    let mut quiet = EventLog::quiet();
    let mut state = R::start_prepared(prepared, &mut dice, &mut quiet)?;
    for _ in 0..MAX_TRIAL_COMMANDS {
        if !driver.step(&mut state, &mut dice, &mut quiet, stream)? {
            let outcome = R::outcome(&state);
            return Ok((outcome, state));
        }
    }
    // Out of commands: the fight may have ended with the last one.
    let outcome = if driver.over(&state) {
        R::outcome(&state)
    } else {
        TrialOutcome {
            winner: None,
            end: Ending::CommandCap,
            ..R::outcome(&state)
        }
    };
    Ok((outcome, state))
}

/// Plays one encounter to its end with the default tactic, on dice `(seed, stream)`. No
/// event is built: nobody reads them here.
pub fn run_trial<R: AutoPlay>(
    setup: &R::Setup,
    seed: u64,
    stream: u64,
) -> Result<TrialOutcome, RuleError> {
    play::<R, _>(&R::prepare(setup)?, &Tactic, seed, stream).map(|(outcome, _)| outcome)
}

/// Plays one encounter to its end with `policy`, on dice `(seed, stream)`, quietly.
pub fn run_trial_with<R: AutoPlay + Decide, P: Policy<R> + ?Sized>(
    setup: &R::Setup,
    policy: &P,
    seed: u64,
    stream: u64,
) -> Result<TrialOutcome, RuleError> {
    play::<R, _>(&R::prepare(setup)?, &WithPolicy(policy), seed, stream).map(|(outcome, _)| outcome)
}

/// [`run_trial_with`], also giving what each participant has at the end
/// ([`crate::Ruleset::standing`]): for summing trials one at a time, as a policy written
/// outside Rust must.
pub fn run_trial_standing_with<R: AutoPlay + Decide, P: Policy<R> + ?Sized>(
    setup: &R::Setup,
    policy: &P,
    seed: u64,
    stream: u64,
) -> Result<(TrialOutcome, Vec<crate::text::Standing>), RuleError> {
    play::<R, _>(&R::prepare(setup)?, &WithPolicy(policy), seed, stream)
        .map(|(outcome, state)| (outcome, R::standing(&state)))
}

/// Refuses trials `first .. first + trials` when the last one's stream would be past
/// `u64::MAX` (the last stream itself is fine).
fn check_streams(first: u64, trials: u64) -> Result<(), RuleError> {
    if trials > 0 && first.checked_add(trials - 1).is_none() {
        return Err(RuleError::new(
            "simulation",
            format!("{trials} trials from stream {first} go past the last stream, 2^64 - 1"),
        ));
    }
    Ok(())
}

/// What a trial reports when its default tactic was refused (a bug in the ruleset).
#[cold]
fn illegal(stream: u64, e: RuleError) -> RuleError {
    RuleError::new(
        e.rule,
        format!(
            "the default tactic chose an illegal command on stream {stream}: {}",
            e.message
        ),
    )
}

/// What a trial reports when its policy chose a command the rules refused.
#[cold]
fn refused(stream: u64, command: &impl std::fmt::Debug, e: RuleError) -> RuleError {
    RuleError::new(
        e.rule,
        format!(
            "the policy chose an illegal command on stream {stream}: {command:?}: {}",
            e.message
        ),
    )
}

/// The setup one simulation thread plays from. Setups share their data through `Arc`s,
/// which costs a fight nothing while one thread plays; but threads cloning and dropping the
/// same `Arc`s at every command fight over the same cache lines (measured: two threads gave
/// 1.35x one instead of 1.8x). So with several threads each takes a copy sharing nothing
/// with the others, made through the setup's JSON and used only if it writes back the same
/// JSON: the same data, so the same games.
fn thread_setup<S: Serialize + DeserializeOwned>(setup: &S, threads: u64) -> Option<S> {
    if threads < 2 {
        return None;
    }
    let json = serde_json::to_string(setup).ok()?;
    let copy: S = serde_json::from_str(&json).ok()?;
    (serde_json::to_string(&copy).ok()? == json).then_some(copy)
}

/// Runs trials `first .. first + out.len()` (trial *i* on stream *i*) into `out`, on
/// `threads` threads. The result does not depend on `threads`.
pub fn simulate_into<R: AutoPlay>(
    setup: &R::Setup,
    seed: u64,
    first: u64,
    out: &mut [TrialOutcome],
    threads: usize,
) -> Result<(), RuleError>
where
    R::Setup: Sync,
{
    let threads = threads.clamp(1, out.len().max(1));
    check_streams(first, out.len() as u64)?;
    let block = out.len().div_ceil(threads).max(1);
    let results: Vec<Result<(), (u64, RuleError)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = out
            .chunks_mut(block)
            .enumerate()
            .map(|(b, chunk)| {
                // Fits: `b * block` is below `out.len()` and the range was checked above.
                let start = first + (b * block) as u64;
                scope.spawn(move || {
                    let own = thread_setup(setup, threads as u64);
                    let prepared =
                        R::prepare(own.as_ref().unwrap_or(setup)).map_err(|e| (start, e))?;
                    for (i, slot) in chunk.iter_mut().enumerate() {
                        let stream = start + i as u64;
                        *slot = play::<R, _>(&prepared, &Tactic, seed, stream)
                            .map(|(outcome, _)| outcome)
                            .map_err(|e| (stream, e))?;
                    }
                    Ok(())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("simulation threads do not panic"))
            .collect()
    });
    first_error(results)
}

/// Runs `trials` trials (trial *i* on stream *i*) on `threads` threads and sums them up.
/// `progress` is told, now and then, how many more trials finished.
pub fn simulate<R: AutoPlay>(
    setup: &R::Setup,
    trials: u64,
    seed: u64,
    threads: usize,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<SimSummary, RuleError>
where
    R::Setup: Sync,
{
    simulate_range::<R>(setup, 0, trials, seed, threads, progress)
}

/// Runs trials `first .. first + trials` (trial *i* on stream *i*) and sums them up: the
/// summaries of consecutive ranges merge into the summary of the whole, so a long run can be
/// extended block by block (`fray simulate --precision`) to the same numbers.
pub fn simulate_range<R: AutoPlay>(
    setup: &R::Setup,
    first: u64,
    trials: u64,
    seed: u64,
    threads: usize,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<SimSummary, RuleError>
where
    R::Setup: Sync,
{
    sum_range::<R, _>(setup, &Tactic, first, trials, seed, threads, progress)
}

/// Runs `trials` trials (trial *i* on stream *i*) with `policy` on `threads` threads and sums
/// them up; the result does not depend on `threads`.
pub fn simulate_with<R, P>(
    setup: &R::Setup,
    policy: &P,
    trials: u64,
    seed: u64,
    threads: usize,
) -> Result<SimSummary, RuleError>
where
    R: AutoPlay + Decide,
    R::Setup: Sync + Serialize + DeserializeOwned,
    P: Policy<R> + Sync + ?Sized,
{
    sum_range::<R, _>(setup, &WithPolicy(policy), 0, trials, seed, threads, None)
}

/// The summing loop of [`simulate_range`] and [`simulate_with`]: trials `first .. first +
/// trials` split into one contiguous block per thread, each summed, the sums merged in
/// block order.
fn sum_range<R: AutoPlay, D: Driver<R> + Sync>(
    setup: &R::Setup,
    driver: &D,
    first: u64,
    trials: u64,
    seed: u64,
    threads: usize,
    progress: Option<&(dyn Fn(u64) + Sync)>,
) -> Result<SimSummary, RuleError>
where
    R::Setup: Sync,
{
    check_streams(first, trials)?;
    const REPORT_EVERY: u64 = 4096;
    // Never more threads than trials; `saturating_mul` keeps the last block's end in range
    // even for `trials` near `u64::MAX`.
    let threads = (threads.max(1) as u64).min(trials.max(1));
    let block = trials.div_ceil(threads).max(1);
    let run = |t: u64| -> Result<SimSummary, (u64, RuleError)> {
        let start = t.saturating_mul(block).min(trials);
        let end = (t + 1).saturating_mul(block).min(trials);
        let mut summary = SimSummary::new(R::SIDES.len());
        if start == end {
            return Ok(summary);
        }
        // Checked and derived once per thread, from the thread's own copy of the setup.
        let own = thread_setup(setup, threads);
        let prepared = R::prepare(own.as_ref().unwrap_or(setup)).map_err(|e| (first + start, e))?;
        for i in start..end {
            // Fits: the range was checked above.
            let stream = first + i;
            let (outcome, state) =
                play::<R, D>(&prepared, driver, seed, stream).map_err(|e| (stream, e))?;
            summary.record(&outcome);
            summary.record_standings(&R::standing(&state));
            if let Some(report) = progress {
                if (i - start + 1) % REPORT_EVERY == 0 {
                    report(REPORT_EVERY);
                }
            }
        }
        if let Some(report) = progress {
            report((end - start) % REPORT_EVERY);
        }
        Ok(summary)
    };
    // One thread: the caller's (a sweep plays many short ranges; a thread each would cost).
    let results: Vec<Result<SimSummary, (u64, RuleError)>> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|t| scope.spawn(move || run(t))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("simulation threads do not panic"))
                .collect()
        })
    };
    let mut total = SimSummary::new(R::SIDES.len());
    let mut errors: Vec<Result<(), (u64, RuleError)>> = Vec::new();
    for r in results {
        match r {
            Ok(s) => total.merge(&s),
            Err(e) => errors.push(Err(e)),
        }
    }
    first_error(errors)?;
    Ok(total)
}

/// The error of the lowest-numbered failing trial, so errors too are thread-count independent.
fn first_error(results: Vec<Result<(), (u64, RuleError)>>) -> Result<(), RuleError> {
    match results
        .into_iter()
        .filter_map(Result::err)
        .min_by_key(|(stream, _)| *stream)
    {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::thread_setup;
    use serde::{Deserialize, Deserializer, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Plain {
        name: String,
        hits: u32,
    }

    /// Reads back one more than it wrote: a setup whose JSON does not round-trip.
    #[derive(Debug, Serialize, Deserialize)]
    struct Drifting {
        #[serde(deserialize_with = "plus_one")]
        n: u32,
    }

    fn plus_one<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
        u32::deserialize(d).map(|n| n + 1)
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // Newcombe (1998), Statistics in Medicine 17, table I, method 3 (Wilson score
        // without continuity correction): 81/263 -> 0.2553-0.3662, 15/148 -> 0.0624-0.1605,
        // 0/20 -> 0-0.1611, 1/29 -> 0.0061-0.1718.
        for (k, n, low, high) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let (l, h) = super::wilson_interval(k, n);
            assert!(
                (l - low).abs() < 5e-5 && (h - high).abs() < 5e-5,
                "{k}/{n}: {l} {h}"
            );
        }
        assert_eq!(super::wilson_interval(0, 0), (0.0, 1.0));
        let (l, h) = super::wilson_interval(10, 10);
        assert!(
            (h - 1.0).abs() < 1e-12 && (l - 0.7225).abs() < 5e-5,
            "{l} {h}"
        );
    }

    #[test]
    fn threads_copy_a_setup_only_when_the_copy_is_the_same() {
        let plain = Plain {
            name: "vera".into(),
            hits: 3,
        };
        assert_eq!(
            thread_setup(&plain, 1),
            None,
            "one thread shares with no one"
        );
        assert_eq!(thread_setup(&plain, 2), Some(plain));
        assert!(
            thread_setup(&Drifting { n: 1 }, 2).is_none(),
            "a copy that reads back differently would change the game"
        );
    }
}
