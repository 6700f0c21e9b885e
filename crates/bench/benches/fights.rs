//! Whole demo fights of every ruleset played to the end by the default tactic
//! (`fray_dice::simulate`, trial i on stream i), on one and on two threads. Throughput is
//! fights per iteration, so criterion's per-element time is the time of one fight.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fray_dice::{simulate, Catalog};
use fray_facade::{age, andromeda, better_world, hunt, red};

/// Fights per iteration: enough that starting two threads is lost in the noise.
const FIGHTS: u64 = 2000;

fn fights<C: Catalog>(c: &mut Criterion)
where
    C::Setup: Send + Sync,
    C::Command: Send,
    C::Event: Send,
    C::State: Send,
{
    let setup = C::demo_setup();
    let mut g = c.benchmark_group(format!("fights {}", C::ID));
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Elements(FIGHTS));
    for threads in [1usize, 2] {
        let mut seed = 0u64;
        g.bench_function(
            format!("{threads} thread{}", if threads == 1 { "" } else { "s" }),
            |b| {
                b.iter(|| {
                    // A fresh seed every iteration: nothing can be remembered between runs.
                    seed += 1;
                    let summary = simulate::<C>(&setup, FIGHTS, seed, threads, None).unwrap();
                    assert_eq!(summary.trials, FIGHTS);
                    summary
                })
            },
        );
    }
    g.finish();
}

fn all(c: &mut Criterion) {
    fights::<andromeda::Andromeda>(c);
    fights::<red::Red>(c);
    fights::<age::Age>(c);
    fights::<better_world::BetterWorld>(c);
    fights::<hunt::Hunt>(c);
}

criterion_group!(benches, all);
criterion_main!(benches);
