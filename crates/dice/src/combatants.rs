//! Per-combatant statistics of a simulation: what [`crate::Ruleset::standing`] says at the
//! end of each trial, summed per participant. Built from sums and counts only, like
//! [`crate::SimSummary`], so blocks of trials merge into the same numbers however they were
//! split.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::sim::wilson_interval;
use crate::text::Standing;

/// One participant over every trial of a simulation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatantStats {
    /// Its name.
    pub name: String,
    /// Its side's index.
    pub side: usize,
    /// Trials it took part in (every trial of one setup).
    pub trials: u64,
    /// Trials it ended still able to act.
    pub survived: u64,
    /// Trials it was taken out in (it has a round of defeat).
    pub taken_out: u64,
    /// How many trials it ended in each state (`"unhurt"`, `"dead"`…).
    pub states: BTreeMap<String, u64>,
    /// How many trials it was taken out in each round.
    pub defeated_round: BTreeMap<u32, u64>,
    /// Its tracks at the end of the trials.
    pub tracks: Vec<TrackStats>,
    /// Its counters at the end of the trials.
    pub counters: Vec<CounterStats>,
}

/// A track of one participant at the end of the trials.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrackStats {
    /// The track's key (`"health"`…).
    pub key: String,
    /// The greatest maximum seen.
    pub max: i64,
    /// Sum of its value at the end.
    pub total: i128,
    /// How many trials ended with each value.
    pub histogram: BTreeMap<i64, u64>,
}

/// A counter of one participant at the end of the trials.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterStats {
    /// The counter's key (`"damage_dealt"`…).
    pub key: String,
    /// Trials that reported it.
    pub trials: u64,
    /// Sum of its value.
    pub total: i128,
    /// Sum of the squares of its value (for the standard error).
    pub total_squares: i128,
}

impl CombatantStats {
    fn new(s: &Standing) -> Self {
        CombatantStats {
            name: s.name.clone(),
            side: s.side,
            ..Default::default()
        }
    }

    /// Adds one trial's standing. Keys are looked up before they are copied, so a trial
    /// allocates nothing once every key has been seen.
    pub fn record(&mut self, s: &Standing) {
        self.trials += 1;
        self.survived += u64::from(s.up);
        if let Some(round) = s.defeated_round {
            self.taken_out += 1;
            *self.defeated_round.entry(round).or_insert(0) += 1;
        }
        bump(&mut self.states, s.state, 1);
        for t in &s.tracks {
            let track = match self.tracks.iter().position(|x| x.key == t.key) {
                Some(i) => &mut self.tracks[i],
                None => {
                    self.tracks.push(TrackStats {
                        key: t.key.to_string(),
                        max: t.max,
                        ..Default::default()
                    });
                    self.tracks.last_mut().expect("just pushed")
                }
            };
            track.max = track.max.max(t.max);
            track.total += i128::from(t.now);
            *track.histogram.entry(t.now).or_insert(0) += 1;
        }
        for c in &s.counters {
            let counter = match self.counters.iter().position(|x| x.key == c.key) {
                Some(i) => &mut self.counters[i],
                None => {
                    self.counters.push(CounterStats {
                        key: c.key.to_string(),
                        ..Default::default()
                    });
                    self.counters.last_mut().expect("just pushed")
                }
            };
            counter.trials += 1;
            counter.total += i128::from(c.value);
            let v = i128::from(c.value);
            counter.total_squares = counter.total_squares.saturating_add(v * v);
        }
    }

    /// Adds the same participant's statistics from another block of trials.
    pub fn merge(&mut self, other: &CombatantStats) {
        self.trials += other.trials;
        self.survived += other.survived;
        self.taken_out += other.taken_out;
        for (k, &n) in &other.states {
            bump(&mut self.states, k, n);
        }
        for (&r, &n) in &other.defeated_round {
            *self.defeated_round.entry(r).or_insert(0) += n;
        }
        for o in &other.tracks {
            match self.tracks.iter_mut().find(|t| t.key == o.key) {
                Some(t) => {
                    t.max = t.max.max(o.max);
                    t.total += o.total;
                    for (&v, &n) in &o.histogram {
                        *t.histogram.entry(v).or_insert(0) += n;
                    }
                }
                None => self.tracks.push(o.clone()),
            }
        }
        for o in &other.counters {
            match self.counters.iter_mut().find(|c| c.key == o.key) {
                Some(c) => {
                    c.trials += o.trials;
                    c.total += o.total;
                    c.total_squares = c.total_squares.saturating_add(o.total_squares);
                }
                None => self.counters.push(o.clone()),
            }
        }
    }

    /// The share of trials it survived (display only).
    pub fn survival_rate(&self) -> f64 {
        self.survived as f64 / self.trials.max(1) as f64
    }

    /// The 95 % Wilson interval of [`CombatantStats::survival_rate`].
    pub fn survival_interval(&self) -> (f64, f64) {
        wilson_interval(self.survived, self.trials)
    }

    /// Mean round of defeat over the trials it was taken out in; `None` if never.
    pub fn defeated_round_mean(&self) -> Option<f64> {
        (self.taken_out > 0).then(|| {
            let sum: u128 = self
                .defeated_round
                .iter()
                .map(|(&r, &n)| u128::from(r) * u128::from(n))
                .sum();
            sum as f64 / self.taken_out as f64
        })
    }
}

impl TrackStats {
    /// Mean value at the end (display only).
    pub fn mean(&self) -> f64 {
        let n: u64 = self.histogram.values().sum();
        self.total as f64 / n.max(1) as f64
    }
}

impl CounterStats {
    /// Mean value per trial (display only).
    pub fn mean(&self) -> f64 {
        self.total as f64 / self.trials.max(1) as f64
    }

    /// Standard error of [`CounterStats::mean`]: the sample standard deviation over the
    /// square root of the trials; 0 with fewer than two trials.
    pub fn standard_error(&self) -> f64 {
        if self.trials < 2 {
            return 0.0;
        }
        let n = self.trials as f64;
        let mean = self.total as f64 / n;
        let variance = ((self.total_squares as f64 - n * mean * mean) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

fn bump(map: &mut BTreeMap<String, u64>, key: &str, n: u64) {
    match map.get_mut(key) {
        Some(count) => *count += n,
        None => {
            map.insert(key.to_string(), n);
        }
    }
}

/// Adds one trial's standings to `stats`. Participants are matched by position first (every
/// trial of one setup lists them in the same order) and by name and side otherwise.
pub(crate) fn record_standings(stats: &mut Vec<CombatantStats>, standings: &[Standing]) {
    for (i, s) in standings.iter().enumerate() {
        let at = match stats.get(i) {
            Some(c) if c.name == s.name && c.side == s.side => i,
            _ => match stats
                .iter()
                .position(|c| c.name == s.name && c.side == s.side)
            {
                Some(j) => j,
                None => {
                    stats.push(CombatantStats::new(s));
                    stats.len() - 1
                }
            },
        };
        stats[at].record(s);
    }
}

/// Adds another block's participants to `stats`, matched by name and side.
pub(crate) fn merge_standings(stats: &mut Vec<CombatantStats>, other: &[CombatantStats]) {
    for (i, o) in other.iter().enumerate() {
        match stats.get(i) {
            Some(c) if c.name == o.name && c.side == o.side => stats[i].merge(o),
            _ => match stats
                .iter_mut()
                .find(|c| c.name == o.name && c.side == o.side)
            {
                Some(c) => c.merge(o),
                None => stats.push(o.clone()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{Counter, Track};

    fn standing(up: bool, health: i64, dealt: i64, round: Option<u32>) -> Standing {
        Standing {
            name: "Vera".into(),
            side: 0,
            up,
            state: if up { "unhurt" } else { "dead" },
            tracks: vec![Track {
                key: "health",
                now: health,
                max: 10,
            }],
            counters: vec![Counter {
                key: "damage_dealt",
                value: dealt,
            }],
            defeated_round: round,
        }
    }

    #[test]
    fn counters_give_mean_and_standard_error() {
        let mut stats = Vec::new();
        for (up, h, d, r) in [
            (true, 10, 2, None),
            (false, 0, 4, Some(3)),
            (true, 5, 6, None),
        ] {
            record_standings(&mut stats, &[standing(up, h, d, r)]);
        }
        let vera = &stats[0];
        assert_eq!((vera.trials, vera.survived, vera.taken_out), (3, 2, 1));
        assert_eq!(vera.states["unhurt"], 2);
        assert_eq!(vera.defeated_round_mean(), Some(3.0));
        assert_eq!(vera.tracks[0].histogram.get(&5), Some(&1));
        assert!((vera.tracks[0].mean() - 5.0).abs() < 1e-12);
        // Values 2, 4, 6: mean 4, sample sd 2, standard error 2 / sqrt 3.
        let c = &vera.counters[0];
        assert!((c.mean() - 4.0).abs() < 1e-12);
        assert!((c.standard_error() - 2.0 / 3f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn merged_halves_equal_the_whole() {
        let trials = [
            standing(true, 10, 2, None),
            standing(false, 0, 4, Some(3)),
            standing(false, -1, 1, Some(2)),
        ];
        let mut whole = Vec::new();
        for t in &trials {
            record_standings(&mut whole, std::slice::from_ref(t));
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        record_standings(&mut a, &trials[..1]);
        for t in &trials[1..] {
            record_standings(&mut b, std::slice::from_ref(t));
        }
        merge_standings(&mut a, &b);
        assert_eq!(a, whole);
    }
}
