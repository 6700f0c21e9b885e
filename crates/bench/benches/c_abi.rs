//! The C ABI typed hot path (`fray_andromeda_check`: pointer checks, spec conversion,
//! validation, panic boundary, out-parameter) against the same Andromeda check called
//! directly in Rust, measured in one run; and the batch form (check i on stream i) against
//! the Rust loop that does the same. Needs the `c-abi` feature (it links crates/ffi).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fray_dice::Rng;
use fray_facade::andromeda;

const BATCH: usize = 4096;

fn c_abi(c: &mut Criterion) {
    use ffi::{
        fray_andromeda_check, fray_andromeda_check_batch, fray_andromeda_check_result,
        fray_andromeda_check_spec, fray_andromeda_default_spec, fray_rng_free, fray_rng_new,
        FRAY_OK,
    };
    let spec = andromeda::CheckSpec {
        skill_value: 3,
        skill_rank: 2,
        difficulty: 3,
        ..andromeda::CheckSpec::default()
    };
    let mut spec_c = fray_andromeda_check_spec::default();
    assert_eq!(fray_andromeda_default_spec(&mut spec_c), FRAY_OK);
    spec_c.skill_value = spec.skill_value;
    spec_c.skill_rank = spec.skill_rank;
    spec_c.difficulty = spec.difficulty;

    let mut g = c.benchmark_group("c abi");
    g.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(1, 0);
    g.bench_function("rust check", |b| {
        b.iter(|| black_box(andromeda::check(&mut rng, black_box(&spec)).unwrap()))
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

    g.throughput(Throughput::Elements(BATCH as u64));
    let mut totals = vec![andromeda::CheckResult::default(); BATCH];
    g.bench_function("rust stream per check", |b| {
        b.iter(|| {
            for (stream, slot) in totals.iter_mut().enumerate() {
                *slot = andromeda::check(&mut Rng::new(1, stream as u64), &spec).unwrap();
            }
            black_box(&totals);
        })
    });
    let mut out = vec![fray_andromeda_check_result::default(); BATCH];
    g.bench_function("fray_andromeda_check_batch", |b| {
        b.iter(|| {
            let code = fray_andromeda_check_batch(&spec_c, 1, 0, out.as_mut_ptr(), BATCH);
            black_box((code, &out));
        })
    });
    g.finish();
}

criterion_group!(benches, c_abi);
criterion_main!(benches);
