//! Paired comparisons on common dice: several setups each played on trials `0 .. n` (trial
//! i on stream i), cut into the same blocks of consecutive trials, so the difference between
//! two setups can be measured block by block on the same dice.
//!
//! The interval of a difference of win rates `d = (W_a - W_b) / n` is the paired one: with
//! `K` blocks (at most [`BLOCKS`]; one trial a block when there are fewer trials), block
//! `b` holding `n_b` trials with win difference `D_b`, its standard error is
//! `sqrt(K / (K - 1) * Σ (D_b - d n_b)²) / n`, and the interval is `d ± t(K - 1) · se` with
//! the 97.5 % quantile of Student's t. A change that leaves every block's wins alone has
//! a difference and an interval of exactly 0.
//!
//! `fray sweep`, `fray sensitivity` and Python's `fray.sweep` / `fray.sensitivity` all use
//! these blocks and this interval. Statistics of results, not resolution: floats are fine.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::{Entry, PreparedSetup, SimSummary};

/// Blocks a run is cut into for paired intervals.
pub const BLOCKS: u64 = 100;

/// The trial ranges `(first, count)` of the blocks of a run of `trials`.
pub fn blocks(trials: u64) -> Vec<(u64, u64)> {
    let k = trials.min(BLOCKS);
    // `u128`: no overflow for any trial count.
    let edge = |b: u64| (u128::from(b) * u128::from(trials) / u128::from(k)) as u64;
    (0..k).map(|b| (edge(b), edge(b + 1) - edge(b))).collect()
}

/// One setup played in blocks: the whole summary (equal to a plain simulation of it) and
/// each block's wins per side.
pub struct Blocked {
    /// All trials summed.
    pub summary: SimSummary,
    /// Wins per side of each block, in block order.
    pub wins: Vec<Vec<u64>>,
    /// Trials of each block.
    pub sizes: Vec<u64>,
}

/// Plays every setup on trials `0 .. trials`, block by block, spreading the (setup, block)
/// jobs over `threads` threads. The numbers do not depend on `threads`; the error is the
/// one of the first failing setup (and its first failing block).
pub fn run(
    entry: &Entry,
    setups: &[String],
    trials: u64,
    seed: u64,
    threads: usize,
) -> Result<Vec<Blocked>, (usize, String)> {
    let ranges = blocks(trials);
    let jobs = setups.len() * ranges.len();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<SimSummary, String>>>> =
        Mutex::new((0..jobs).map(|_| None).collect());
    // Each worker reads a setup the first time it plays one of its blocks and keeps it: a
    // copy of its own (no data shared between threads, see `sim::thread_setup`), read once
    // per worker rather than once per block.
    let work = || {
        let mut prepared: Vec<Option<Box<dyn PreparedSetup>>> =
            setups.iter().map(|_| None).collect();
        loop {
            let job = next.fetch_add(1, Ordering::Relaxed);
            if job >= jobs {
                break;
            }
            let (s, (first, count)) = (job / ranges.len(), ranges[job % ranges.len()]);
            let result = match &mut prepared[s] {
                Some(p) => p
                    .simulate_range(first, count, seed)
                    .map_err(|e| e.to_string()),
                slot => match (entry.prepare)(&setups[s]) {
                    Ok(p) => slot
                        .insert(p)
                        .simulate_range(first, count, seed)
                        .map_err(|e| e.to_string()),
                    Err(e) => Err(e.to_string()),
                },
            };
            results.lock().expect("no panic holds the lock")[job] = Some(result);
        }
    };
    let workers = threads.clamp(1, jobs.max(1));
    if workers == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(work);
            }
        });
    }
    let mut results = results.into_inner().expect("no panic holds the lock");
    let mut out = Vec::with_capacity(setups.len());
    for (s, chunk) in results.chunks_mut(ranges.len().max(1)).enumerate() {
        let mut blocked = Blocked {
            summary: SimSummary::new(entry.sides.len()),
            wins: Vec::new(),
            sizes: Vec::new(),
        };
        for slot in chunk {
            let block = slot.take().expect("every job ran").map_err(|e| (s, e))?;
            blocked.summary.merge(&block);
            blocked.sizes.push(block.trials);
            blocked.wins.push(block.wins);
        }
        out.push(blocked);
    }
    Ok(out)
}

/// The difference of side `side`'s win rate, `a - b`, with its paired 95 % interval
/// `(difference, low, high)`, clamped to -1 ..= 1. Both runs must have the same blocks.
pub fn difference(a: &Blocked, b: &Blocked, side: usize) -> (f64, f64, f64) {
    let d_blocks: Vec<(f64, f64)> = a
        .wins
        .iter()
        .zip(&b.wins)
        .zip(&a.sizes)
        .map(|((wa, wb), &n)| (wa[side] as f64 - wb[side] as f64, n as f64))
        .collect();
    paired_interval(&d_blocks)
}

/// `(difference, low, high)` from each block's (win difference, trials); see the module.
pub fn paired_interval(blocks: &[(f64, f64)]) -> (f64, f64, f64) {
    let n: f64 = blocks.iter().map(|b| b.1).sum();
    if n == 0.0 {
        return (0.0, -1.0, 1.0);
    }
    let d = blocks.iter().map(|b| b.0).sum::<f64>() / n;
    let k = blocks.len();
    if k < 2 {
        return (d, -1.0, 1.0);
    }
    let spread: f64 = blocks.iter().map(|&(db, nb)| (db - d * nb).powi(2)).sum();
    let se = (k as f64 / (k as f64 - 1.0) * spread).sqrt() / n;
    let half = t975(k as u64 - 1) * se;
    (d, (d - half).max(-1.0), (d + half).min(1.0))
}

/// The 97.5 % quantile of Student's t with `dof` degrees of freedom: a table to 30, then
/// the Cornish-Fisher expansion (within 1e-6 there).
pub fn t975(dof: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706_204_736,
        4.302_652_730,
        3.182_446_305,
        2.776_445_105,
        2.570_581_836,
        2.446_911_851,
        2.364_624_252,
        2.306_004_135,
        2.262_157_163,
        2.228_138_852,
        2.200_985_160,
        2.178_812_830,
        2.160_368_656,
        2.144_786_688,
        2.131_449_546,
        2.119_905_299,
        2.109_815_578,
        2.100_922_040,
        2.093_024_054,
        2.085_963_447,
        2.079_613_845,
        2.073_873_068,
        2.068_657_610,
        2.063_898_562,
        2.059_538_553,
        2.055_529_439,
        2.051_830_516,
        2.048_407_142,
        2.045_229_642,
        2.042_272_456,
    ];
    if dof == 0 {
        return f64::INFINITY;
    }
    if let Some(&t) = TABLE.get(dof as usize - 1) {
        return t;
    }
    const Z: f64 = 1.959_963_984_540_054;
    let v = dof as f64;
    let z2 = Z * Z;
    Z + Z * (z2 + 1.0) / (4.0 * v)
        + Z * (5.0 * z2 * z2 + 16.0 * z2 + 3.0) / (96.0 * v * v)
        + Z * (3.0 * z2.powi(3) + 19.0 * z2 * z2 + 17.0 * z2 - 15.0) / (384.0 * v.powi(3))
        + Z * (79.0 * z2.powi(4) + 776.0 * z2.powi(3) + 1482.0 * z2 * z2 - 1920.0 * z2 - 945.0)
            / (92_160.0 * v.powi(4))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_every_trial_once_in_order() {
        for trials in [1, 7, 99, 100, 101, 12_345] {
            let b = blocks(trials);
            assert_eq!(b.len() as u64, trials.min(BLOCKS));
            assert_eq!(b[0].0, 0);
            for w in b.windows(2) {
                assert_eq!(w[0].0 + w[0].1, w[1].0);
            }
            let last = b.last().unwrap();
            assert_eq!(last.0 + last.1, trials);
            assert!(b
                .iter()
                .all(|r| r.1 == trials / b.len() as u64 || r.1 == trials.div_ceil(b.len() as u64)));
        }
    }

    #[test]
    fn the_paired_interval_equals_the_hand_formula() {
        // Four paired trials (blocks of one): differences +1, 0, +1, -1.
        // d = 1/4; deviations 0.75, -0.25, 0.75, -1.25, squares sum 2.75;
        // se = sqrt(4/3 * 2.75) / 4 = 0.478714; t(3) = 3.182446; half = 1.523478.
        let (d, low, high) = paired_interval(&[(1.0, 1.0), (0.0, 1.0), (1.0, 1.0), (-1.0, 1.0)]);
        assert_eq!(d, 0.25);
        let half = 3.182_446_305 * (4.0_f64 / 3.0 * 2.75).sqrt() / 4.0;
        assert!((high - (0.25 + half).min(1.0)).abs() < 1e-12, "{high}");
        assert!((low - (0.25 - half).max(-1.0)).abs() < 1e-12, "{low}");
        assert_eq!(low, -1.0, "clamped");
        // Blocks of 10 and 10: 3 and 1 more wins: d = 0.2, deviations 1, -1;
        // se = sqrt(2 * 2) / 20 = 0.1; interval 0.2 ± 12.7062 * 0.1, clamped.
        let (d, low, high) = paired_interval(&[(3.0, 10.0), (1.0, 10.0)]);
        assert!((d - 0.2).abs() < 1e-15);
        assert_eq!((low, high), (-1.0, 1.0));
        // No change anywhere: exactly zero, no width.
        assert_eq!(paired_interval(&[(0.0, 5.0); 8]), (0.0, 0.0, 0.0));
    }

    #[test]
    fn t_quantiles_match_published_tables() {
        // Student's t, 97.5 %: 2.0423 (30), 2.0211 (40), 2.0086 (50), 2.0003 (60),
        // 1.9840 (100), 1.9600 (infinity).
        for (dof, t) in [
            (30, 2.0423),
            (40, 2.0211),
            (50, 2.0086),
            (60, 2.0003),
            (99, 1.9842),
            (100, 1.9840),
        ] {
            assert!((t975(dof) - t).abs() < 1e-4, "{dof}: {}", t975(dof));
        }
        assert!((t975(1_000_000) - 1.959_964).abs() < 1e-5);
    }
}
