//! The per-call overhead of `fray_andromeda_check` over calling `fray_andromeda::check`
//! directly, measured in one run by interleaving: rounds alternate a block of direct calls
//! with a block of C ABI calls, and each side keeps its fastest block, so load from other
//! processes (which only ever slows a block down) affects both sides alike.
//!
//!     cargo bench -p fray-ffi --bench overhead

use std::hint::black_box;
use std::time::Instant;

use fray::{
    fray_andromeda_check, fray_andromeda_check_batch, fray_andromeda_check_result,
    fray_andromeda_check_spec, fray_andromeda_default_spec, fray_rng_free, fray_rng_new,
    FRAY_ANDROMEDA_EDGE_ADVANTAGE, FRAY_ANDROMEDA_EDGE_NORMAL, FRAY_OK,
};
use fray_andromeda::{check, CheckSpec, Edge};
use fray_dice::Rng;

const ROUNDS: usize = 30;
const CALLS: u32 = 500_000;
const BATCH: usize = 4096;

/// Fastest of `ROUNDS` blocks, in ns per call, for each of the two closures, interleaved.
fn interleaved(mut a: impl FnMut(), mut b: impl FnMut(), calls: u32) -> (f64, f64) {
    let (mut best_a, mut best_b) = (f64::MAX, f64::MAX);
    for _ in 0..ROUNDS {
        let t = Instant::now();
        a();
        best_a = best_a.min(t.elapsed().as_nanos() as f64 / f64::from(calls));
        let t = Instant::now();
        b();
        best_b = best_b.min(t.elapsed().as_nanos() as f64 / f64::from(calls));
    }
    (best_a, best_b)
}

fn main() {
    // `cargo test --benches` runs bench targets with `--bench` absent; skip the timing then.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    println!(
        "fray_andromeda_check vs fray_andromeda::check, fastest of {ROUNDS} interleaved blocks"
    );
    for (name, edge, c_edge) in [
        ("2d8", Edge::Normal, FRAY_ANDROMEDA_EDGE_NORMAL),
        (
            "3d8 keep 2 (advantage)",
            Edge::Advantage,
            FRAY_ANDROMEDA_EDGE_ADVANTAGE,
        ),
    ] {
        let rust = CheckSpec {
            skill_value: 3,
            skill_rank: 2,
            difficulty: 3,
            edge,
            ..CheckSpec::default()
        };
        let mut spec = fray_andromeda_check_spec::default();
        assert_eq!(fray_andromeda_default_spec(&mut spec), FRAY_OK);
        spec.skill_value = 3;
        spec.skill_rank = 2;
        spec.difficulty = 3;
        spec.edge = c_edge;

        let mut rng = Rng::new(1, 0);
        let mut handle = std::ptr::null_mut();
        assert_eq!(fray_rng_new(1, 0, &mut handle), FRAY_OK);
        let mut out = fray_andromeda_check_result::default();
        let (direct, ffi) = interleaved(
            || {
                for _ in 0..CALLS {
                    black_box(check(&mut rng, black_box(&rust)).unwrap());
                }
            },
            || {
                for _ in 0..CALLS {
                    let code = fray_andromeda_check(black_box(handle), black_box(&spec), &mut out);
                    black_box((code, &out));
                }
            },
            CALLS,
        );
        fray_rng_free(handle);
        println!(
            "  single {name:<24} direct {direct:6.2} ns   C ABI {ffi:6.2} ns   overhead {:+6.2} ns/call ({:.2}x)",
            ffi - direct,
            ffi / direct
        );

        let mut totals = vec![0i32; BATCH];
        let mut results = vec![fray_andromeda_check_result::default(); BATCH];
        let (direct, ffi) = interleaved(
            || {
                for (stream, slot) in totals.iter_mut().enumerate() {
                    *slot = check(&mut Rng::new(1, stream as u64), black_box(&rust))
                        .unwrap()
                        .roll
                        .total;
                }
                black_box(&totals);
            },
            || {
                let code = fray_andromeda_check_batch(&spec, 1, 0, results.as_mut_ptr(), BATCH);
                black_box((code, &results));
            },
            BATCH as u32,
        );
        println!(
            "  batch  {name:<24} direct {direct:6.2} ns   C ABI {ffi:6.2} ns   overhead {:+6.2} ns/check (trial i = stream i, {BATCH} per call)",
            ffi - direct
        );
    }
}
