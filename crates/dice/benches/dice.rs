//! Criterion benchmarks of the dice core. `scripts/bench` runs them and prints ns per
//! operation with each die's cost relative to one raw generator word from the same run:
//! single dice against one `next_u32`, batches against one word from ChaCha8 block fills.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use fray_dice::{Expr, Keep, PoolSpec, Rng};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn generator(c: &mut Criterion) {
    let mut g = c.benchmark_group("rng");
    g.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(1, 0);
    g.bench_function("next_u32", |b| b.iter(|| black_box(rng.next_u32())));
    g.bench_function("1d6", |b| b.iter(|| black_box(rng.die(black_box(6)))));
    g.bench_function("2d8", |b| {
        b.iter(|| black_box(rng.die(black_box(8)) + rng.die(black_box(8))))
    });
    g.bench_function("K die", |b| b.iter(|| black_box(rng.k_die())));
    g.finish();

    // Per element: one word, one die, or one 2d8 sum.
    let mut g = c.benchmark_group("batch");
    const N: usize = 4096;
    g.throughput(Throughput::Elements(N as u64));
    let mut out = vec![0u32; N];
    let mut pairs = vec![0u32; 2 * N];
    let mut bytes = vec![0u8; 4 * N];
    // The ceiling: ChaCha8 words straight from block fills, as little-endian bytes.
    let mut raw = ChaCha8Rng::seed_from_u64(1);
    g.bench_function("words (block fill)", |b| {
        b.iter(|| {
            raw.fill_bytes(&mut bytes);
            for (slot, w) in out.iter_mut().zip(bytes.chunks_exact(4)) {
                *slot = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
            }
            black_box(&out);
        })
    });
    g.bench_function("words (next_u32 loop)", |b| {
        b.iter(|| {
            for slot in out.iter_mut() {
                *slot = rng.next_u32();
            }
            black_box(&out);
        })
    });
    g.bench_function("1d6", |b| {
        b.iter(|| {
            rng.fill(black_box(6), &mut out).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("1d20", |b| {
        b.iter(|| {
            rng.fill(black_box(20), &mut out).unwrap();
            black_box(&out);
        })
    });
    g.bench_function("2d8", |b| {
        b.iter(|| {
            rng.fill(black_box(8), &mut pairs).unwrap();
            for (slot, p) in out.iter_mut().zip(pairs.chunks_exact(2)) {
                *slot = p[0] + p[1];
            }
            black_box(&out);
        })
    });
    g.bench_function("K die", |b| {
        b.iter(|| {
            rng.fill(black_box(2), &mut out).unwrap();
            for k in out.iter_mut() {
                *k -= 1;
            }
            black_box(&out);
        })
    });
    g.finish();
}

fn pools(c: &mut Criterion) {
    let mut g = c.benchmark_group("pool");
    g.throughput(Throughput::Elements(1));
    let mut rng = Rng::new(2, 0);
    let mut keep = PoolSpec::new(3, 8);
    keep.keep = Some(Keep::Highest(2));
    g.bench_function("3d8kh2", |b| {
        b.iter(|| black_box(keep.roll(&mut rng, None, "").unwrap()))
    });
    let big = PoolSpec::new(10_000, 6);
    g.bench_function("10000d6", |b| {
        b.iter(|| black_box(big.roll(&mut rng, None, "").unwrap()))
    });
    let expr = Expr::parse("4d6dl1").unwrap();
    g.bench_function("4d6dl1 (notation)", |b| {
        b.iter(|| black_box(expr.roll(&mut rng, None).unwrap()))
    });
    g.bench_function("parse 4d6dl1", |b| {
        b.iter(|| black_box(Expr::parse(black_box("4d6dl1")).unwrap()))
    });
    g.finish();
}

fn odds(c: &mut Criterion) {
    let mut g = c.benchmark_group("odds");
    for text in ["3d8kh2", "10d6", "4d6dl1", "3d8kh2+2"] {
        let expr = Expr::parse(text).unwrap();
        g.bench_function(text, |b| {
            b.iter_batched(
                || expr.clone(),
                |e| black_box(e.distribution().unwrap()),
                BatchSize::SmallInput,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, generator, pools, odds);
criterion_main!(benches);
