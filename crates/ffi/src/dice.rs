//! Seeded dice for C: the generator handle, single and batch rolls, notation with a
//! transcript, and exact odds of an expression.

use std::ffi::c_char;

use fray_dice::{BigDistribution, BigRatio, Depth, Dice, Expr, Rng};
use serde::Serialize;

use crate::boundary::{guard, input_str, out_param, output_slice, write, Failure, Outcome};
use crate::handles::{free_handle, handle, into_handle, output_string};
use crate::limits::FRAY_MAX_NOTATION_BYTES;
use crate::{fray_result, FRAY_INVALID_ARGUMENT};

/// A seeded dice generator (ChaCha8 keyed by seed and stream). Made by `fray_rng_new`,
/// freed by `fray_rng_free`. Not to be used from two threads at once.
pub struct fray_rng {
    pub(crate) rng: Rng,
}

/// Makes the generator for `seed` on `stream` and writes its handle to `*out`. The same
/// seed and stream give the same rolls on every platform and from every language; streams
/// are independent (Monte Carlo trial i uses stream i).
#[no_mangle]
pub extern "C" fn fray_rng_new(seed: u64, stream: u64, out: *mut *mut fray_rng) -> fray_result {
    guard(|| {
        let out = out_param(out, "out")?;
        write(
            out,
            into_handle(fray_rng {
                rng: Rng::new(seed, stream),
            }),
        );
        Ok(())
    })
}

/// Frees a generator. NULL is a no-op (`FRAY_OK`); a handle freed already, or anything
/// that is not a live `fray_rng`, is `FRAY_INVALID_HANDLE` and frees nothing.
#[no_mangle]
pub extern "C" fn fray_rng_free(rng: *mut fray_rng) -> fray_result {
    guard(|| free_handle(rng, "rng"))
}

fn sides_ok(sides: u32) -> Outcome {
    if sides == 0 {
        return Err(Failure::new(
            FRAY_INVALID_ARGUMENT,
            "a die needs at least 1 side (got d0)",
        ));
    }
    Ok(())
}

/// Rolls one die with `sides` faces (1..=sides) into `*out`. A d0 is `FRAY_INVALID_ARGUMENT`
/// and draws nothing.
#[no_mangle]
pub extern "C" fn fray_rng_roll(rng: *mut fray_rng, sides: u32, out: *mut u32) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = out_param(out, "out")?;
        sides_ok(sides)?;
        write(out, rng.rng.roll(sides)?);
        Ok(())
    })
}

/// Rolls the binary K die (0 or 1 with equal odds) into `*out`.
#[no_mangle]
pub extern "C" fn fray_rng_k_die(rng: *mut fray_rng, out: *mut u32) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = out_param(out, "out")?;
        write(out, rng.rng.k_die());
        Ok(())
    })
}

/// Fills `out[0..len]` with rolls of a die with `sides` faces, in draw order: the batch form
/// of `fray_rng_roll` (the same values as `len` single rolls). A d0 fills nothing.
#[no_mangle]
pub extern "C" fn fray_rng_fill(
    rng: *mut fray_rng,
    sides: u32,
    out: *mut u32,
    len: usize,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = output_slice(out, len, "out")?;
        sides_ok(sides)?;
        rng.rng.fill(sides, out)?;
        Ok(())
    })
}

fn parse(expression: *const c_char, len: usize) -> Outcome<Expr> {
    let text = input_str(expression, len, "expression", FRAY_MAX_NOTATION_BYTES)?;
    Ok(Expr::parse(text)?)
}

/// Rolls dice notation (`"3d8kh2+2"`, `"4d6dl1"`, `"1d10!"`, `"6d6>=5"`; `len` bytes of
/// UTF-8, no NUL needed) and writes its total to `*out_total`. An expression that does not
/// parse, breaks a limit or overflows (`"1d6/0"`) draws nothing.
#[no_mangle]
pub extern "C" fn fray_roll(
    rng: *mut fray_rng,
    expression: *const c_char,
    expression_len: usize,
    out_total: *mut i64,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = out_param(out_total, "out_total")?;
        let expr = parse(expression, expression_len)?;
        // Rolled on a copy, committed on success: a failure part-way (an overflow, a
        // division by zero) leaves the caller's generator as it was, as the batch form does.
        let mut dice = rng.rng.clone();
        let total = expr.roll(&mut dice, None)?;
        rng.rng = dice;
        write(out, total);
        Ok(())
    })
}

/// Rolls dice notation and writes to `*out_json` the roll with every die that fell:
/// `{"expression":"3d8kh2+2","total":13,"transcript":{"dice":[{"label":"3d8kh2","group":0,
/// "sides":8,"value":6,"fate":"kept","exploded":false},…]}}`. Free it with
/// `fray_string_free`. A failure draws nothing.
#[no_mangle]
pub extern "C" fn fray_roll_json(
    rng: *mut fray_rng,
    expression: *const c_char,
    expression_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = out_param(out_json, "out_json")?;
        let expr = parse(expression, expression_len)?;
        let mut dice = rng.rng.clone();
        let roll = expr.roll_with_transcript(&mut dice)?;
        rng.rng = dice;
        write(out, output_string(to_json(&roll)));
        Ok(())
    })
}

/// Rolls dice notation `count` times and writes the totals to `out_totals[0..count]`. The
/// expression is parsed once; the totals equal `count` calls of `fray_roll`.
#[no_mangle]
pub extern "C" fn fray_roll_batch(
    rng: *mut fray_rng,
    expression: *const c_char,
    expression_len: usize,
    out_totals: *mut i64,
    count: usize,
) -> fray_result {
    guard(|| {
        let rng = handle(rng, "rng")?;
        let out = output_slice(out_totals, count, "out_totals")?;
        let expr = parse(expression, expression_len)?;
        expr.validate()?;
        // Roll into a scratch generator so a failure part-way (an overflow) leaves the
        // caller's generator and array untouched.
        let mut dice = rng.rng.clone();
        for slot in out.iter_mut() {
            *slot = expr.roll(&mut dice, None)?;
        }
        rng.rng = dice;
        Ok(())
    })
}

/// JSON of exact odds. Counts past 128 bits have no serde form short of serde_json's
/// `arbitrary_precision` (which would change how every crate in the build parses numbers), so
/// the integers are written as decimal digits by hand: a JSON number may be any length.
fn odds_json(expr: &Expr, dist: &BigDistribution) -> String {
    use std::fmt::Write as _;
    let float = |x: f64| to_json(&x);
    let ratio = |r: &BigRatio| {
        format!(
            "{{\"numerator\":{},\"denominator\":{}}}",
            r.numerator(),
            r.denominator()
        )
    };
    let unresolved = dist.unresolved();
    let mut out = format!(
        "{{\"expression\":{},\"min\":{},\"max\":{},\"denominator\":{},\"mean\":{},\"std_dev\":{},\"unresolved\":{}",
        to_json(&expr.to_string()),
        dist.min(),
        dist.max(),
        dist.denominator(),
        float(dist.mean()),
        float(dist.std_dev()),
        ratio(&unresolved),
    );
    if let Some((low, high)) = dist.unresolved_range() {
        let (mean_low, mean_high) = dist.mean_bounds();
        let _ = write!(
            out,
            ",\"unresolved_range\":[{low},{high}],\"mean_bounds\":[{},{}]",
            float(mean_low),
            float(mean_high)
        );
    }
    out.push_str(",\"outcomes\":[");
    for (i, (value, count)) in dist.iter().enumerate() {
        let _ = write!(
            out,
            "{}{{\"value\":{value},\"count\":{count},\"probability\":{}}}",
            if i == 0 { "" } else { "," },
            ratio(&dist.probability(value))
        );
    }
    out.push_str("]}");
    out
}

fn odds_to(
    expression: *const c_char,
    expression_len: usize,
    depth: Depth,
    out_json: *mut *mut c_char,
) -> Outcome {
    let out = out_param(out_json, "out_json")?;
    let expr = parse(expression, expression_len)?;
    let dist = expr.odds_with(depth)?;
    write(out, output_string(odds_json(&expr, &dist)));
    Ok(())
}

/// Writes to `*out_json` the exact distribution of dice notation, computed by convolution
/// (never sampled), the same numbers `fray odds` prints: `{"expression":"2d6","min":2,
/// "max":12,"denominator":36,"mean":7.0,"std_dev":…,"unresolved":{"numerator":0,
/// "denominator":1},"outcomes":[{"value":2,"count":1,"probability":{"numerator":1,
/// "denominator":36}},…]}`. Counts are integers over `denominator`, written as JSON numbers
/// of as many digits as they need (`100d6` has a 78-digit denominator): read them with a
/// big-integer JSON reader (Python's `json`, `System.Numerics.BigInteger.Parse` of the raw
/// text), not as doubles. Exploding dice are followed until at most 2^-64 of the probability
/// is unresolved; when some is, `unresolved_range` is `[low, high]` (the values it may take)
/// and `mean_bounds` the mean's bounds. Free it with `fray_string_free`.
#[no_mangle]
pub extern "C" fn fray_odds_json(
    expression: *const c_char,
    expression_len: usize,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| odds_to(expression, expression_len, Depth::default(), out_json))
}

/// `fray_odds_json` with each exploding die followed at most `depth` extra dice deep (as
/// `fray odds --depth N`) instead of until at most 2^-64 is unresolved; the mass of longer
/// chains is `unresolved`.
#[no_mangle]
pub extern "C" fn fray_odds_depth_json(
    expression: *const c_char,
    expression_len: usize,
    depth: u32,
    out_json: *mut *mut c_char,
) -> fray_result {
    guard(|| odds_to(expression, expression_len, Depth::Levels(depth), out_json))
}

/// Serializes a value the library built; these never fail.
pub(crate) fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("library values serialize to JSON")
}
