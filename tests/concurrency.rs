//! Concurrency stress on the Rust side: encounters (one per thread) and Rng streams used from
//! several threads at once, with exact odds shared read-only between them, give exactly the
//! results of a single-threaded run. The C ABI and Python get their own stress tests once they
//! exist; this pins down the Rust layer they stand on.

#[path = "support/checks.rs"]
mod checks;

use std::sync::{Arc, Barrier};

use fray::dice::{Distribution, Expr, Rng};

const THREADS: usize = 4;
const SEEDS: u64 = 6;

/// Plays `entry`'s demo on `seed` to its end with the default tactic; returns the event log
/// and the replay's events digest.
fn play(entry: &fray::dice::Entry, seed: u64) -> (String, String) {
    let mut encounter =
        (entry.start)(&(entry.demo_setup)(), seed, 0).expect("the demo setup starts");
    for _ in 0..fray::dice::MAX_TRIAL_COMMANDS {
        let Some(command) = encounter.suggest_json() else {
            break;
        };
        encounter
            .apply_json(&command)
            .expect("the default tactic's command is accepted");
    }
    (
        encounter.events_json(),
        checks::check_replay(encounter.as_ref()),
    )
}

#[test]
fn encounters_on_several_threads_match_single_threaded_runs() {
    let entries = fray::rulesets();
    let jobs: Vec<(usize, u64)> = (0..entries.len())
        .flat_map(|e| (0..SEEDS).map(move |s| (e, s)))
        .collect();
    let expected: Vec<(String, String)> = jobs.iter().map(|&(e, s)| play(&entries[e], s)).collect();

    let barrier = Barrier::new(THREADS);
    let results: Vec<Vec<(usize, (String, String))>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (jobs, entries, barrier) = (&jobs, &entries, &barrier);
                scope.spawn(move || {
                    barrier.wait();
                    // Every thread plays every job, in a thread-specific order, so the same
                    // ruleset runs on several threads at the same moment.
                    (0..jobs.len())
                        .map(|i| (i + t * 3) % jobs.len())
                        .map(|i| (i, play(&entries[jobs[i].0], jobs[i].1)))
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("no panic"))
            .collect()
    });
    for (t, result) in results.iter().enumerate() {
        for (i, got) in result {
            assert_eq!(got, &expected[*i], "thread {t}, job {:?}", jobs[*i]);
        }
    }
}

const EXPRESSIONS: &[&str] = &[
    "3d8kh2+2",
    "4d6dl1",
    "1d10!",
    "6d6>=5",
    "2d20kl1-1",
    "d%/7*3",
];
const ROLLS: usize = 2_000;

/// Rolls every expression `ROLLS` times on stream `stream`; every total must be possible
/// under the shared exact distribution.
fn roll_all(stream: u64, exprs: &[Expr], odds: &[Distribution]) -> Vec<i64> {
    let mut rng = Rng::new(1234, stream);
    let mut totals = Vec::with_capacity(exprs.len() * ROLLS);
    for (expr, dist) in exprs.iter().zip(odds) {
        for _ in 0..ROLLS {
            let total = expr.roll(&mut rng, None).expect("rolls");
            assert!(dist.probability(total).numerator > 0 || dist.unresolved().numerator > 0);
            totals.push(total);
        }
    }
    totals
}

#[test]
fn rng_streams_and_shared_odds_on_several_threads_match_single_threaded_runs() {
    let exprs: Vec<Expr> = EXPRESSIONS
        .iter()
        .map(|e| Expr::parse(e).unwrap())
        .collect();
    let odds: Arc<Vec<Distribution>> =
        Arc::new(exprs.iter().map(|e| e.distribution().unwrap()).collect());
    let tables: Arc<Vec<String>> = Arc::new(
        fray::rulesets()
            .iter()
            .map(|e| format!("{:?}", (e.odds)("{}").expect("default odds spec")))
            .collect(),
    );
    let streams: Vec<u64> = (0..(THREADS as u64 * 2)).collect();
    let expected: Vec<Vec<i64>> = streams
        .iter()
        .map(|&s| roll_all(s, &exprs, &odds))
        .collect();

    let barrier = Barrier::new(THREADS);
    std::thread::scope(|scope| {
        for t in 0..THREADS {
            let (exprs, odds, tables, barrier, expected) = (
                &exprs,
                Arc::clone(&odds),
                Arc::clone(&tables),
                &barrier,
                &expected,
            );
            scope.spawn(move || {
                barrier.wait();
                for s in [t, t + THREADS, (t + 1) % THREADS] {
                    assert_eq!(roll_all(s as u64, exprs, &odds), expected[s], "stream {s}");
                }
                // Exact odds computed concurrently equal the shared ones.
                for (expr, dist) in exprs.iter().zip(odds.iter()) {
                    assert_eq!(&expr.distribution().unwrap(), dist);
                }
                for (entry, table) in fray::rulesets().iter().zip(tables.iter()) {
                    assert_eq!(&format!("{:?}", (entry.odds)("{}").unwrap()), table);
                }
            });
        }
    });
}

#[test]
fn simulations_do_not_depend_on_the_thread_count() {
    for entry in fray::rulesets() {
        let setup = (entry.demo_setup)();
        let one = (entry.simulate)(&setup, 64, 99, 1, None).expect("simulates");
        for threads in [2, 3, 8] {
            let many = (entry.simulate)(&setup, 64, 99, threads, None).expect("simulates");
            assert_eq!(one, many, "{}: {threads} threads", entry.id);
        }
    }
}
