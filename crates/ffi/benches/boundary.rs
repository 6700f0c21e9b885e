//! The cost of the C ABI boundary: one Andromeda check called directly in Rust versus the
//! same check through `fray_andromeda_check` (pointer checks, spec conversion and
//! validation, `catch_unwind`, out-parameter), measured in one run, plus the batch form.
//!
//!     cargo bench -p fray-ffi --bench boundary -- --noplot

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fray::{
    fray_andromeda_check, fray_andromeda_check_batch, fray_andromeda_check_result,
    fray_andromeda_check_spec, fray_andromeda_default_spec, fray_rng_free, fray_rng_new,
    FRAY_ANDROMEDA_EDGE_ADVANTAGE, FRAY_ANDROMEDA_EDGE_NORMAL, FRAY_OK,
};
use fray_andromeda::{check, CheckSpec, Edge};
use fray_dice::Rng;

fn spec(edge: Edge) -> (CheckSpec, fray_andromeda_check_spec) {
    let rust = CheckSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3,
        edge,
        ..CheckSpec::default()
    };
    let mut c = fray_andromeda_check_spec::default();
    assert_eq!(fray_andromeda_default_spec(&mut c), FRAY_OK);
    c.skill_value = 3;
    c.skill_rank = 2;
    c.difficulty = 3;
    c.edge = match edge {
        Edge::Advantage => FRAY_ANDROMEDA_EDGE_ADVANTAGE,
        _ => FRAY_ANDROMEDA_EDGE_NORMAL,
    };
    (rust, c)
}

fn single(c: &mut Criterion) {
    for (name, edge) in [("2d8", Edge::Normal), ("3d8kh2", Edge::Advantage)] {
        let (rust, spec_c) = spec(edge);
        let mut g = c.benchmark_group(format!("andromeda check {name}"));
        g.throughput(Throughput::Elements(1));
        let mut rng = Rng::new(1, 0);
        g.bench_function("rust direct", |b| {
            b.iter(|| black_box(check(&mut rng, black_box(&rust)).unwrap()))
        });
        let mut handle = std::ptr::null_mut();
        assert_eq!(fray_rng_new(1, 0, &mut handle), FRAY_OK);
        let mut out = fray_andromeda_check_result::default();
        g.bench_function("fray_andromeda_check", |b| {
            b.iter(|| {
                let code = fray_andromeda_check(black_box(handle), black_box(&spec_c), &mut out);
                black_box((code, &out));
            })
        });
        fray_rng_free(handle);
        g.finish();
    }
}

fn batch(c: &mut Criterion) {
    const N: usize = 4096;
    let (rust, spec_c) = spec(Edge::Normal);
    let mut g = c.benchmark_group("andromeda check 2d8, 4096 trials (trial i = stream i)");
    g.throughput(Throughput::Elements(N as u64));
    let mut totals = vec![0i32; N];
    g.bench_function("rust direct", |b| {
        b.iter(|| {
            for (stream, slot) in totals.iter_mut().enumerate() {
                *slot = check(&mut Rng::new(1, stream as u64), &rust)
                    .unwrap()
                    .roll
                    .total;
            }
            black_box(&totals);
        })
    });
    let mut out = vec![fray_andromeda_check_result::default(); N];
    g.bench_function("fray_andromeda_check_batch", |b| {
        b.iter(|| {
            let code = fray_andromeda_check_batch(&spec_c, 1, 0, out.as_mut_ptr(), N);
            black_box((code, &out));
        })
    });
    g.finish();
}

criterion_group!(benches, single, batch);
criterion_main!(benches);
