//! One check of every ruleset through its hot-path resolution function, single and in
//! batches of 4096 on one generator, and exact odds of each ruleset's default odds spec.
//!
//! Names are `group/function`; `scripts/bench` reads criterion's estimates by those names.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fray_dice::{Catalog, Rng};
use fray_facade::{age, andromeda, better_world, hunt, red};

const BATCH: usize = 4096;

/// The Andromeda attack of the target: 2d8 + skill, tier shift, damage by tier.
fn andromeda_spec() -> (andromeda::CheckSpec, andromeda::DamageLine) {
    let spec = andromeda::CheckSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3,
        ..andromeda::CheckSpec::default()
    };
    (spec, andromeda::DamageLine([0, 2, 4, 6]))
}

fn red_attack() -> red::AttackSpec {
    red::AttackSpec::default()
}

fn age_attack() -> age::AttackSpec {
    age::AttackSpec {
        ability: 2,
        focus: true,
        defense: 12,
        ..age::AttackSpec::default()
    }
}

fn bw_attack() -> better_world::AttackSpec {
    better_world::AttackSpec {
        check: better_world::CheckSpec {
            pool: 4,
            difficulty: 3,
            ..better_world::CheckSpec::default()
        },
        weapon: 3,
        armour: 1,
        ..better_world::AttackSpec::default()
    }
}

fn hunt_duel() -> hunt::DuelSpec {
    hunt::OddsSpec::default()
        .to_duel()
        .expect("the default Hunt odds spec is a valid duel")
}

/// Benches `f` once per call ("single") and 4096 times per iteration on one generator
/// ("batch"), both reported per check.
fn pair<T>(c: &mut Criterion, group: &str, mut f: impl FnMut(&mut Rng) -> T) {
    let mut g = c.benchmark_group(group);
    g.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(1, 0);
    g.bench_function("single", |b| b.iter(|| black_box(f(&mut rng))));
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("batch", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                black_box(f(&mut rng));
            }
        })
    });
    g.finish();
}

fn checks(c: &mut Criterion) {
    let (spec, line) = andromeda_spec();
    pair(c, "andromeda attack", |rng| {
        andromeda::attack(rng, black_box(&spec), &line).unwrap()
    });
    let mut out = vec![andromeda::CheckResult::default(); BATCH];
    let mut g = c.benchmark_group("andromeda check_batch");
    g.throughput(Throughput::Elements(BATCH as u64));
    let mut rng = Rng::new(1, 0);
    g.bench_function("batch", |b| {
        b.iter(|| andromeda::check_batch(&mut rng, black_box(&spec), &mut out).unwrap())
    });
    g.finish();
    // As the C ABI batch and the Python bindings do it: check i on its own stream i.
    let mut stream = 0u64;
    pair(c, "andromeda check, stream per trial", |_| {
        stream += 1;
        andromeda::check(&mut Rng::new(1, stream), black_box(&spec)).unwrap()
    });

    let check = red::CheckSpec::default();
    pair(c, "red check", |rng| {
        red::check(rng, black_box(&check), None).unwrap()
    });
    let attack = red_attack();
    pair(c, "red attack", |rng| {
        red::attack(rng, black_box(&attack), None).unwrap()
    });

    let test = age::TestSpec {
        ability: 2,
        focus: true,
        tn: Some(11),
        ..age::TestSpec::default()
    };
    pair(c, "age test", |rng| {
        age::test(rng, black_box(&test)).unwrap()
    });
    let attack = age_attack();
    pair(c, "age attack", |rng| {
        age::attack(rng, black_box(&attack)).unwrap()
    });

    let attack = bw_attack();
    pair(c, "better-world check", |rng| {
        better_world::check(rng, black_box(&attack.check)).unwrap()
    });
    pair(c, "better-world attack", |rng| {
        better_world::attack(rng, black_box(&attack)).unwrap()
    });

    pair(c, "hunt stat_test", |rng| {
        hunt::stat_test(rng, black_box(4), 2, "test", None).unwrap()
    });
    let duel = hunt_duel();
    pair(c, "hunt exchange", |rng| {
        hunt::exchange(rng, black_box(&duel)).unwrap()
    });
}

fn odds<C: Catalog>(g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>)
where
    C::Setup: Send + Sync,
    C::Command: Send,
    C::Event: Send,
    C::State: Send,
{
    let spec = C::OddsSpec::default();
    g.bench_function(C::ID, |b| {
        b.iter(|| black_box(C::odds(black_box(&spec)).unwrap()))
    });
}

fn exact_odds(c: &mut Criterion) {
    let mut g = c.benchmark_group("odds");
    g.throughput(Throughput::Elements(1));
    odds::<andromeda::Andromeda>(&mut g);
    odds::<red::Red>(&mut g);
    odds::<age::Age>(&mut g);
    odds::<better_world::BetterWorld>(&mut g);
    odds::<hunt::Hunt>(&mut g);
    g.finish();
}

criterion_group!(benches, checks, exact_odds);
criterion_main!(benches);
